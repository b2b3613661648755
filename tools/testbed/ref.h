/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reference models, written from the documented behaviour and independent
 * of the kernel code: parse_integer() on top of strtoull(), and the
 * strscpy() family one byte at a time.
 */
#ifndef _TESTBED_REF_H
#define _TESTBED_REF_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include "testbed.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

enum ref_type {
	REF_UCHAR, REF_SCHAR, REF_USHORT, REF_SHORT, REF_UINT, REF_INT,
	REF_ULONG, REF_LONG, REF_ULLONG, REF_LLONG, REF_NR_TYPES
};

struct ref_type_info {
	const char *name;
	bool is_signed;
	unsigned long long max;
};
extern const struct ref_type_info ref_types[REF_NR_TYPES];

/*
 * Model of parse_integer(s, base, (type *)): returns the count or -errno;
 * *val is the value as a two's complement 64-bit number.
 */
int ref_parse_integer(const char *s, unsigned int base, enum ref_type type,
		      unsigned long long *val);

/*
 * Call ops' parse_integer() for @type; returns its result, *val gets the
 * value sign-extended to 64 bits or is left alone on error.
 */
int tb_parse_integer(const struct tb_ops *ops, const char *s, unsigned int base,
		     enum ref_type type, unsigned long long *val);

/* kstrto*() of @ops by index: 0 ull, 1 ll, 2 ul, 3 l, 4 uint, 5 int, 6 u16, 7 s16, 8 u8, 9 s8 */
#define TB_NR_KSTRTO	10
extern const char *const tb_kstrto_names[TB_NR_KSTRTO];
int tb_kstrto(const struct tb_ops *ops, int fn, const char *s, unsigned int base,
	      unsigned long long *val);

/* strscpy family models: what they return; they write what must be there */
enum ref_scpy { REF_STRSCPY_TRUNCATE, REF_STRSCPY_EMPTY, REF_STRSCPY_PAD };
ssize_t ref_strscpy(enum ref_scpy kind, char *dest, const char *src, size_t count);

/*
 * Check dest after a call of the family against the model.  @buf is the
 * whole poisoned buffer (@poison bytes), dest = buf + @off; @src and
 * @count are the call's arguments, @ret its result.  Returns NULL or a
 * description of the first problem.  For strscpy() on -E2BIG, *tail gets
 * what dest[1..count-1] hold (any mix is accepted).
 */
#define REF_TAIL_UNTOUCHED	1
#define REF_TAIL_ZEROED		2
#define REF_TAIL_COPIED		4
const char *ref_check_strscpy(enum ref_scpy kind, const unsigned char *buf,
			      size_t buflen, size_t off, const char *src,
			      size_t count, ssize_t ret, unsigned char poison,
			      unsigned int *tail);

#endif
