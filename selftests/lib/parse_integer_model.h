/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user space model of test_parse_integer's sysfs interface (see
 * Documentation/ABI/testing/sysfs-kernel-test_parse_integer), written
 * from the ABI and kernel-doc text: the request header, parse_integer()
 * of each type, and the files.  Shared by parse_integer_stress.c and the
 * host-only emulation of the module its host test links in
 * (tools/tests/parse_integer_fake.c).
 */
#ifndef _PARSE_INTEGER_MODEL_H
#define _PARSE_INTEGER_MODEL_H

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <string.h>
#include <sys/types.h>

#define NEWLINE_FLAG	0x80000000U

enum { T_S8, T_U8, T_S16, T_U16, T_S32, T_U32, T_LONG, T_ULONG, T_S64,
	T_U64, T_NR };

/* The bits of long and ulong are set by model_set_long_bits(). */
static struct {
	const char *name;
	int bits;
	bool is_signed;
} types[T_NR] = {
	[T_S8] = { "s8", 8, true },		[T_U8] = { "u8", 8, false },
	[T_S16] = { "s16", 16, true },		[T_U16] = { "u16", 16, false },
	[T_S32] = { "s32", 32, true },		[T_U32] = { "u32", 32, false },
	[T_LONG] = { "long", 0, true },		[T_ULONG] = { "ulong", 0, false },
	[T_S64] = { "s64", 64, true },		[T_U64] = { "u64", 64, false },
};

static void model_set_long_bits(int bits)
{
	types[T_LONG].bits = bits;
	types[T_ULONG].bits = bits;
}

static unsigned long long type_max(int t)
{
	int bits = types[t].bits - types[t].is_signed;

	return bits == 64 ? ULLONG_MAX : (1ULL << bits) - 1;
}

/* Sign- or zero-extend the low bits of v as the type would hold them. */
static unsigned long long type_extend(int t, unsigned long long v)
{
	int shift = 64 - types[t].bits;

	if (!shift)
		return v;
	if (types[t].is_signed)
		return (unsigned long long)((long long)(v << shift) >> shift);
	return v << shift >> shift;
}

/* The content of a variable of type t filled with 0xa5 bytes. */
static unsigned long long poison(int t)
{
	return type_extend(t, 0xa5a5a5a5a5a5a5a5ULL);
}

static unsigned int digit(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
		return (c | 0x20) - 'a' + 10;
	return 99;
}

/*
 * parse_integer(s, base, &var) for a var of type t, s NUL-terminated:
 * the return value, and in *val the variable afterwards (poison on error).
 * off_by_one makes it deliberately wrong (the stress test's -M).
 */
static int model_parse(const char *s, unsigned int base, int t,
		       unsigned long long *val, bool off_by_one)
{
	unsigned int radix = base & ~NEWLINE_FLAG;
	unsigned long long acc = 0, limit = type_max(t);
	const char *p = s, *digits;
	bool neg = false;
	unsigned int d;

	*val = poison(t);
	if (radix == 1 || radix > 16)
		return -EINVAL;
	if (*p == '+') {
		p++;
	} else if (*p == '-') {
		if (!types[t].is_signed)
			return -EINVAL;
		neg = true;
		p++;
	}
	if ((radix == 0 || radix == 16) && p[0] == '0' &&
	    (p[1] | 0x20) == 'x' && digit(p[2]) < 16) {
		radix = 16;
		p += 2;
	} else if (radix == 0) {
		radix = p[0] == '0' ? 8 : 10;
	}
	for (digits = p; (d = digit(*p)) < radix; p++) {
		if (acc > (ULLONG_MAX - d) / radix)
			return -ERANGE;
		acc = acc * radix + d;
	}
	if (p == digits)
		return -EINVAL;
	if (base & NEWLINE_FLAG) {
		if (*p == '\n')
			p++;
		if (*p)
			return -EINVAL;
	}
	if (neg)
		limit++;	/* cannot wrap: only signed types get here */
	if (off_by_one && limit < ULLONG_MAX)
		limit++;	/* a wrong model (-M): the classic off-by-one */
	if (acc > limit)
		return -ERANGE;
	*val = neg ? -acc : acc;
	return p - s;
}

/* One request to "parse" and what the model expects of it. */
struct req {
	int type;
	unsigned int base;
	char flags;
	int ret;
	unsigned long long val;
};

/*
 * The header "<type> <base> <flags> " of the n bytes the module sees:
 * its length, or -EINVAL when the module must refuse the request.
 */
static int model_header(const char *buf, size_t n, struct req *r)
{
	const char *end = buf + n, *p, *sp;
	unsigned long long base = 0;
	int t;

	sp = memchr(buf, ' ', n);
	if (!sp)
		return -EINVAL;
	for (t = 0; t < T_NR; t++)
		if (strlen(types[t].name) == (size_t)(sp - buf) &&
		    !memcmp(buf, types[t].name, sp - buf))
			break;
	if (t == T_NR)
		return -EINVAL;
	p = sp + 1;
	if (p >= end || !isdigit((unsigned char)*p))
		return -EINVAL;
	for (; p < end && isdigit((unsigned char)*p); p++) {
		base = base * 10 + (*p - '0');
		if (base > UINT_MAX)
			return -EINVAL;
	}
	if (p >= end || *p != ' ')
		return -EINVAL;
	p++;
	if (end - p < 2 || (p[0] != '-' && p[0] != 'n') || p[1] != ' ')
		return -EINVAL;
	r->type = t;
	r->base = base;
	r->flags = p[0];
	return p + 2 - buf;
}

/* The files of the interface, as the stress test numbers them. */
enum { F_PARSE, F_RESULT, F_VALUE, F_NR = F_VALUE + T_NR };

/* How the stress test reaches them: sysfs, or an emulation. */
struct pi_io {
	/* one write() of len bytes at offset 0 */
	ssize_t (*write)(int f, const char *buf, size_t len);
	/* one read() from offset 0, NUL-terminated */
	ssize_t (*read)(int f, char *buf, size_t size);
};

/*
 * The host test's emulation of the module, with the injected bug BUG
 * (tools/tests/parse_integer_fake.c); NULL for an unknown BUG.
 */
const struct pi_io *pi_fake_io(const char *bug, int long_bits);

#endif
