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

#define REF_TYPE(E, n, T, k, spec)	REF_##E,
enum ref_type { TB_TYPES(REF_TYPE) REF_NR_TYPES };
#undef REF_TYPE

struct ref_type_info {
	const char *name;	/* the C type */
	const char *spec;	/* its name in parse_integer.vectors */
	const char *kstrto;	/* the kstrto*() of its range */
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

/* kstrto*() of @ops for @type (ref_types[type].kstrto) */
int tb_kstrto(const struct tb_ops *ops, enum ref_type type, const char *s,
	      unsigned int base, unsigned long long *val);

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
