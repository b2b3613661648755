// SPDX-License-Identifier: GPL-2.0
/*
 * Compiled once per tree, with that tree's headers: wraps the kernel API
 * (inline wrappers and the type-generic parse_integer() included) into
 * plain functions and publishes them as tb_ops, which the Makefile then
 * renames to pristine_tb_ops or patched_tb_ops.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/kstrtox.h>
#if __has_include(<linux/parse-integer.h>)
#include <linux/parse-integer.h>
#endif
#include "testbed.h"

#define KSTRTO(E, n, T, k, spec)					\
static int tb_##k(const char *s, unsigned int base, T *res)		\
{									\
	return k(s, base, res);						\
}
TB_TYPES(KSTRTO)

#ifdef PARSE_INTEGER_NEWLINE
_Static_assert(PARSE_INTEGER_NEWLINE == TB_PARSE_INTEGER_NEWLINE,
	       "PARSE_INTEGER_NEWLINE changed: update testbed.h");
#define PI(E, n, T, k, spec)						\
static int tb_pi_##n(const char *s, unsigned int base, T *res)	\
{									\
	return parse_integer(s, base, res);				\
}
TB_TYPES(PI)
#define PI_OP(n)	tb_pi_##n
#else
#define PI_OP(n)	NULL
#endif
#define OPS(E, n, T, k, spec)	.k = tb_##k, .pi_##n = PI_OP(n),

#ifdef TB_HAVE_SIMPLE_STRTOULL
unsigned long long simple_strtoull(const char *cp, char **endp, unsigned int base);
#define SIMPLE_STRTOULL	simple_strtoull
#else
#define SIMPLE_STRTOULL	NULL
#endif

#ifdef TB_HAVE_STRSCPY_TRUNCATE
#define STRSCPY_TRUNCATE	strscpy_truncate
#else
#define STRSCPY_TRUNCATE	NULL
#endif

const struct tb_ops tb_ops = {
	.name			= TB_NAME,
	TB_TYPES(OPS)
	.strscpy		= strscpy,
	.strscpy_truncate	= STRSCPY_TRUNCATE,
	.strscpy_pad		= strscpy_pad,
	.simple_strtoull	= SIMPLE_STRTOULL,
};
