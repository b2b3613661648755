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

struct tb_ops {
	const char *name;
	int (*kstrtoull)(const char *s, unsigned int base, unsigned long long *res);
	int (*kstrtoll)(const char *s, unsigned int base, long long *res);
	int (*kstrtoul)(const char *s, unsigned int base, unsigned long *res);
	int (*kstrtol)(const char *s, unsigned int base, long *res);
	int (*kstrtouint)(const char *s, unsigned int base, unsigned int *res);
	int (*kstrtoint)(const char *s, unsigned int base, int *res);
	int (*kstrtou16)(const char *s, unsigned int base, unsigned short *res);
	int (*kstrtos16)(const char *s, unsigned int base, short *res);
	int (*kstrtou8)(const char *s, unsigned int base, unsigned char *res);
	int (*kstrtos8)(const char *s, unsigned int base, signed char *res);

	/* parse_integer() instantiated for each supported type */
	int (*pi_uchar)(const char *s, unsigned int base, unsigned char *res);
	int (*pi_schar)(const char *s, unsigned int base, signed char *res);
	int (*pi_ushort)(const char *s, unsigned int base, unsigned short *res);
	int (*pi_short)(const char *s, unsigned int base, short *res);
	int (*pi_uint)(const char *s, unsigned int base, unsigned int *res);
	int (*pi_int)(const char *s, unsigned int base, int *res);
	int (*pi_ulong)(const char *s, unsigned int base, unsigned long *res);
	int (*pi_long)(const char *s, unsigned int base, long *res);
	int (*pi_ullong)(const char *s, unsigned int base, unsigned long long *res);
	int (*pi_llong)(const char *s, unsigned int base, long long *res);

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
