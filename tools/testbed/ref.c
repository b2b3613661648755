// SPDX-License-Identifier: GPL-2.0
/*
 * Reference models for the testbed; see ref.h.  Nothing here is derived
 * from the kernel code: the parse_integer() model follows the comment in
 * include/linux/parse-integer.h (sign, then prefix, then digits, then the
 * optional newline, then the range of the type) and leaves the digits to
 * the C library's strtoull().
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "ref.h"

const struct ref_type_info ref_types[REF_NR_TYPES] = {
	[REF_UCHAR]	= { "unsigned char",	false,	UCHAR_MAX },
	[REF_SCHAR]	= { "signed char",	true,	SCHAR_MAX },
	[REF_USHORT]	= { "unsigned short",	false,	USHRT_MAX },
	[REF_SHORT]	= { "short",		true,	SHRT_MAX },
	[REF_UINT]	= { "unsigned int",	false,	UINT_MAX },
	[REF_INT]	= { "int",		true,	INT_MAX },
	[REF_ULONG]	= { "unsigned long",	false,	ULONG_MAX },
	[REF_LONG]	= { "long",		true,	LONG_MAX },
	[REF_ULLONG]	= { "unsigned long long", false, ULLONG_MAX },
	[REF_LLONG]	= { "long long",	true,	LLONG_MAX },
};

static int digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 99;
}

int ref_parse_integer(const char *s, unsigned int base, enum ref_type type,
		      unsigned long long *val)
{
	const struct ref_type_info *t = &ref_types[type];
	unsigned int radix = base & ~TB_PARSE_INTEGER_NEWLINE;
	const char *p = s;
	char digits[4096];
	unsigned long long v;
	bool neg = false;
	size_t n;
	char *end;

	if (radix == 1 || radix > 16)
		return -EINVAL;
	if (*p == '+') {
		p++;
	} else if (*p == '-') {
		if (!t->is_signed)
			return -EINVAL;
		neg = true;
		p++;
	}
	if ((radix == 0 || radix == 16) && p[0] == '0' &&
	    (p[1] == 'x' || p[1] == 'X') && digit(p[2]) < 16)
		radix = 16, p += 2;
	else if (radix == 0)
		radix = p[0] == '0' ? 8 : 10;

	for (n = 0; digit(p[n]) < (int)radix; n++)
		;
	if (!n)
		return -EINVAL;
	/* leading zeroes do not count against the length of the copy */
	while (n > 1 && p[0] == '0')
		p++, n--;
	if (n >= sizeof(digits))
		return -ERANGE;
	memcpy(digits, p, n);
	digits[n] = '\0';
	errno = 0;
	v = strtoull(digits, &end, radix);
	if (end != digits + n)
		abort();	/* the model is broken */
	if (errno == ERANGE)
		return -ERANGE;
	p += n;

	if (base & TB_PARSE_INTEGER_NEWLINE) {
		if (*p == '\n')
			p++;
		if (*p)
			return -EINVAL;
	}
	if (neg) {
		if (v > t->max + 1)
			return -ERANGE;
		v = -v;
	} else if (v > t->max) {
		return -ERANGE;
	}
	if (p - s > INT_MAX)
		return -ERANGE;
	*val = v;
	return p - s;
}

#define PI_CALL(fn, type)						\
	do {								\
		type __v = (type)0x5a5a5a5a5a5a5a5aULL;			\
		rv = ops->fn(s, base, &__v);				\
		if (rv >= 0)						\
			*val = (unsigned long long)(long long)__v;	\
		else if (__v != (type)0x5a5a5a5a5a5a5a5aULL)		\
			rv = -1000;	/* wrote *val on error */	\
	} while (0)

int tb_parse_integer(const struct tb_ops *ops, const char *s, unsigned int base,
		     enum ref_type type, unsigned long long *val)
{
	int rv;

	switch (type) {
	case REF_UCHAR:
		PI_CALL(pi_uchar, unsigned char);
		break;
	case REF_SCHAR:
		PI_CALL(pi_schar, signed char);
		break;
	case REF_USHORT:
		PI_CALL(pi_ushort, unsigned short);
		break;
	case REF_SHORT:
		PI_CALL(pi_short, short);
		break;
	case REF_UINT:
		PI_CALL(pi_uint, unsigned int);
		break;
	case REF_INT:
		PI_CALL(pi_int, int);
		break;
	case REF_ULONG:
		PI_CALL(pi_ulong, unsigned long);
		break;
	case REF_LONG:
		PI_CALL(pi_long, long);
		break;
	case REF_ULLONG:
		PI_CALL(pi_ullong, unsigned long long);
		break;
	default:
		PI_CALL(pi_llong, long long);
		break;
	}
	return rv;
}

const char *const tb_kstrto_names[TB_NR_KSTRTO] = {
	"kstrtoull", "kstrtoll", "kstrtoul", "kstrtol", "kstrtouint",
	"kstrtoint", "kstrtou16", "kstrtos16", "kstrtou8", "kstrtos8",
};

int tb_kstrto(const struct tb_ops *ops, int fn, const char *s, unsigned int base,
	      unsigned long long *val)
{
	int rv;

	switch (fn) {
	case 0:
		PI_CALL(kstrtoull, unsigned long long);
		break;
	case 1:
		PI_CALL(kstrtoll, long long);
		break;
	case 2:
		PI_CALL(kstrtoul, unsigned long);
		break;
	case 3:
		PI_CALL(kstrtol, long);
		break;
	case 4:
		PI_CALL(kstrtouint, unsigned int);
		break;
	case 5:
		PI_CALL(kstrtoint, int);
		break;
	case 6:
		PI_CALL(kstrtou16, unsigned short);
		break;
	case 7:
		PI_CALL(kstrtos16, short);
		break;
	case 8:
		PI_CALL(kstrtou8, unsigned char);
		break;
	default:
		PI_CALL(kstrtos8, signed char);
		break;
	}
	return rv;
}

ssize_t ref_strscpy(enum ref_scpy kind, char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (i = 0; i < count; i++) {
		dest[i] = src[i];
		if (!src[i]) {
			if (kind == REF_STRSCPY_PAD)
				memset(dest + i, 0, count - i);
			return i;
		}
	}
	if (kind == REF_STRSCPY_EMPTY)
		dest[0] = '\0';
	else
		dest[count - 1] = '\0';
	return -E2BIG;
}

const char *ref_check_strscpy(enum ref_scpy kind, const unsigned char *buf,
			      size_t buflen, size_t off, const char *src,
			      size_t count, ssize_t ret, unsigned char poison,
			      unsigned int *tail)
{
	const unsigned char *d = buf + off;
	unsigned char want[256];
	size_t i, n = count > INT_MAX ? 0 : count;
	ssize_t want_ret;

	if (n > sizeof(want))
		return "testbed: count too large for the checker";
	memset(want, poison, n);
	want_ret = ref_strscpy(kind, (char *)want, src, n ? n : count);
	if (ret != want_ret)
		return "wrong return value";
	for (i = 0; i < off; i++)
		if (buf[i] != poison)
			return "wrote before dest";
	for (i = off + n; i < buflen; i++)
		if (buf[i] != poison)
			return "wrote at or past dest[count]";
	for (i = 0; i < n; i++) {
		/*
		 * strscpy() may leave what it had copied behind its leading
		 * NUL on -E2BIG, but nothing else.
		 */
		if (ret < 0 && kind == REF_STRSCPY_EMPTY && i > 0) {
			if (d[i] == poison)
				*tail |= REF_TAIL_UNTOUCHED;
			else if (d[i] == 0)
				*tail |= REF_TAIL_ZEROED;
			else if (d[i] == (unsigned char)src[i])
				*tail |= REF_TAIL_COPIED;
			else
				return "garbage behind the NUL after -E2BIG";
			continue;
		}
		if (d[i] == want[i])
			continue;
		/* the word-at-a-time copy may zero its last word past the NUL */
		if (ret >= 0 && (size_t)ret < i && want[i] == poison && d[i] == 0)
			continue;
		return ret >= 0 && (size_t)ret >= i ? "wrong copy" :
		       ret < 0 ? "wrong dest contents after -E2BIG" :
		       "wrote garbage after the NUL";
	}
	return NULL;
}

/* shared with the kernel objects: shim/asm/word-at-a-time.h, shim/linux/bug.h */
unsigned long tb_guard_pages[4];
unsigned long tb_warnings;
