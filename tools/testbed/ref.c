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

#define IS_SIGNED(T)	((T)-1 < (T)0)
#define TYPE_INFO(E, n, T, k, spec)					\
	[REF_##E] = { #T, #spec, #k, IS_SIGNED(T),			\
		      IS_SIGNED(T) ? (1ULL << (8 * sizeof(T) - 1)) - 1	\
				   : (unsigned long long)(T)-1 },
const struct ref_type_info ref_types[REF_NR_TYPES] = { TB_TYPES(TYPE_INFO) };

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
	int rv = -1000;

	switch (type) {
#define CALL_PI(E, n, T, k, spec) case REF_##E: PI_CALL(pi_##n, T); break;
	TB_TYPES(CALL_PI)
#undef CALL_PI
	default:
		abort();
	}
	return rv;
}

int tb_kstrto(const struct tb_ops *ops, enum ref_type type, const char *s,
	      unsigned int base, unsigned long long *val)
{
	int rv = -1000;

	switch (type) {
#define CALL_KSTRTO(E, n, T, k, spec) case REF_##E: PI_CALL(k, T); break;
	TB_TYPES(CALL_KSTRTO)
#undef CALL_KSTRTO
	default:
		abort();
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
