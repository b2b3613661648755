/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The testbed's view of one build of the kernel code: glue.c is compiled
 * once against the pristine and once against the patched sources, and
 * each copy fills one struct tb_ops (pristine_tb_ops, patched_tb_ops after
 * the symbol renaming).  A NULL member means the tree lacks the function.
 */
#ifndef _TESTBED_H
#define _TESTBED_H

#include <stddef.h>
#include <sys/types.h>

#define TB_PARSE_INTEGER_NEWLINE	0x80000000U

typedef ssize_t (*tb_strscpy_fn)(char *dest, const char *src, size_t count);

/*
 * The ten integer types of kstrto*() and parse_integer(), the one list
 * the testbed expands wherever it needs them:
 * X(ENUM, name, C type, kstrto*() of that type, name in the spec,
 *   selftests/lib/parse_integer.vectors).  long is the host's (64 bits).
 */
#define TB_TYPES(X)							\
	X(UCHAR,  uchar,  unsigned char,      kstrtou8,   u8)		\
	X(SCHAR,  schar,  signed char,        kstrtos8,   s8)		\
	X(USHORT, ushort, unsigned short,     kstrtou16,  u16)		\
	X(SHORT,  short,  short,              kstrtos16,  s16)		\
	X(UINT,   uint,   unsigned int,       kstrtouint, u32)		\
	X(INT,    int,    int,                kstrtoint,  s32)		\
	X(ULONG,  ulong,  unsigned long,      kstrtoul,   ulong)	\
	X(LONG,   long,   long,               kstrtol,    long)		\
	X(ULLONG, ullong, unsigned long long, kstrtoull,  u64)		\
	X(LLONG,  llong,  long long,          kstrtoll,   s64)

/* each type's kstrto*() and parse_integer() */
#define TB_OPS_MEMBERS(E, n, T, k, spec)				\
	int (*k)(const char *s, unsigned int base, T *res);		\
	int (*pi_##n)(const char *s, unsigned int base, T *res);

struct tb_ops {
	const char *name;
	/* a NULL pi_* member: the tree has no parse_integer() */
	TB_TYPES(TB_OPS_MEMBERS)

	tb_strscpy_fn strscpy;
	tb_strscpy_fn strscpy_truncate;
	tb_strscpy_fn strscpy_pad;

	unsigned long long (*simple_strtoull)(const char *cp, char **endp,
					      unsigned int base);
};

extern const struct tb_ops pristine_tb_ops, patched_tb_ops;

/* shared with the kernel objects: see shim/asm/word-at-a-time.h, bug.h */
extern unsigned long tb_guard_pages[4];
extern unsigned long tb_warnings;

#endif
