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

#define KSTRTO(name, type)						\
static int tb_##name(const char *s, unsigned int base, type *res)	\
{									\
	return name(s, base, res);					\
}
KSTRTO(kstrtoull, unsigned long long)
KSTRTO(kstrtoll, long long)
KSTRTO(kstrtoul, unsigned long)
KSTRTO(kstrtol, long)
KSTRTO(kstrtouint, unsigned int)
KSTRTO(kstrtoint, int)
KSTRTO(kstrtou16, u16)
KSTRTO(kstrtos16, s16)
KSTRTO(kstrtou8, u8)
KSTRTO(kstrtos8, s8)

#ifdef PARSE_INTEGER_NEWLINE
_Static_assert(PARSE_INTEGER_NEWLINE == TB_PARSE_INTEGER_NEWLINE,
	       "PARSE_INTEGER_NEWLINE changed: update testbed.h");
#define PI(name, type)							\
static int tb_##name(const char *s, unsigned int base, type *res)	\
{									\
	return parse_integer(s, base, res);				\
}
#define PI_OP(name)	tb_##name
#else
#define PI(name, type)
#define PI_OP(name)	NULL
#endif
PI(pi_uchar, unsigned char)
PI(pi_schar, signed char)
PI(pi_ushort, unsigned short)
PI(pi_short, short)
PI(pi_uint, unsigned int)
PI(pi_int, int)
PI(pi_ulong, unsigned long)
PI(pi_long, long)
PI(pi_ullong, unsigned long long)
PI(pi_llong, long long)

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
	.kstrtoull		= tb_kstrtoull,
	.kstrtoll		= tb_kstrtoll,
	.kstrtoul		= tb_kstrtoul,
	.kstrtol		= tb_kstrtol,
	.kstrtouint		= tb_kstrtouint,
	.kstrtoint		= tb_kstrtoint,
	.kstrtou16		= tb_kstrtou16,
	.kstrtos16		= tb_kstrtos16,
	.kstrtou8		= tb_kstrtou8,
	.kstrtos8		= tb_kstrtos8,
	.pi_uchar		= PI_OP(pi_uchar),
	.pi_schar		= PI_OP(pi_schar),
	.pi_ushort		= PI_OP(pi_ushort),
	.pi_short		= PI_OP(pi_short),
	.pi_uint		= PI_OP(pi_uint),
	.pi_int			= PI_OP(pi_int),
	.pi_ulong		= PI_OP(pi_ulong),
	.pi_long		= PI_OP(pi_long),
	.pi_ullong		= PI_OP(pi_ullong),
	.pi_llong		= PI_OP(pi_llong),
	.strscpy		= strscpy,
	.strscpy_truncate	= STRSCPY_TRUNCATE,
	.strscpy_pad		= strscpy_pad,
	.simple_strtoull	= SIMPLE_STRTOULL,
};
