// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the strscpy() family, pristine and patched, against
 * the byte-at-a-time models in ref.c.  The source ends next to a
 * PROT_NONE page, dest is an exact-size heap buffer (ASan checks the
 * writes) inside which the bytes before dest are checked for poison.
 *
 * Input: byte 0 = count (255: INT_MAX + 1), byte 1 = dest alignment
 * (bits 0-2), gap between the NUL and the guard page (bits 3-5), no NUL
 * (bit 6), byte 2 = function, rest = source bytes.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "ref.h"

#define POISON	0x5a
#define MAXSRC	512

static const struct {
	const char *name;
	const struct tb_ops *ops;
	int which;
	enum ref_scpy kind;
} cases[] = {
	{ "pristine strscpy", &pristine_tb_ops, 0, REF_STRSCPY_TRUNCATE },
	{ "pristine strscpy_pad", &pristine_tb_ops, 2, REF_STRSCPY_PAD },
	{ "patched strscpy", &patched_tb_ops, 0, REF_STRSCPY_EMPTY },
	{ "patched strscpy_truncate", &patched_tb_ops, 1, REF_STRSCPY_TRUNCATE },
	{ "patched strscpy_pad", &patched_tb_ops, 2, REF_STRSCPY_PAD },
};
#define NR_CASES	ARRAY_SIZE(cases)

static char *guard;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	long psize = sysconf(_SC_PAGESIZE);
	char *p;

	p = mmap(NULL, 2 * psize, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED || mprotect(p + psize, psize, PROT_NONE))
		abort();
	guard = p + psize;
	tb_guard_pages[0] = (unsigned long)guard;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t count, len, n, da, gap, i;
	unsigned char *buf;
	unsigned int tail = 0;
	bool noterm;
	const char *why;
	tb_strscpy_fn fn;
	ssize_t ret;
	char *src;
	int c;

	if (size < 3)
		return 0;
	count = data[0] == 255 ? (size_t)INT_MAX + 1 : data[0];
	da = data[1] & 7;
	gap = (data[1] >> 3) & 7;
	noterm = data[1] & 0x40;
	c = data[2] % NR_CASES;
	len = size - 3 < MAXSRC ? size - 3 : MAXSRC;
	/* the source: len bytes, possibly with NULs, then a NUL unless noterm */
	if (noterm && (count > len || memchr(data + 3, 0, len)))
		noterm = false;
	src = guard - len - (noterm ? 0 : 1 + gap);
	memcpy(src, data + 3, len);
	if (!noterm)
		src[len] = '\0';

	if (cases[c].which == 0)
		fn = cases[c].ops->strscpy;
	else if (cases[c].which == 1)
		fn = cases[c].ops->strscpy_truncate;
	else
		fn = cases[c].ops->strscpy_pad;
	if (!fn) {
		fprintf(stderr, "%s: missing\n", cases[c].name);
		abort();
	}
	n = count > INT_MAX ? 0 : count;
	buf = malloc(da + n + 1);
	memset(buf, POISON, da + n + 1);
	ret = fn((char *)buf + da, src, count);
	why = ref_check_strscpy(cases[c].kind, buf, da + n, da, src, count,
				ret, POISON, &tail);
	if (!why && buf[da + n] != POISON)
		why = "wrote dest[count]";
	if (why) {
		fprintf(stderr, "MISMATCH %s(dest align %zu, src len %zu%s, count %zu) = %zd: %s\n",
			cases[c].name, da, len, noterm ? " no NUL" : "", count, ret, why);
		for (i = 0; i < da + n + 1 && i < 80; i++)
			fprintf(stderr, "%02x%c", buf[i], i + 1 == da ? '|' : ' ');
		fprintf(stderr, "\n");
		abort();
	}
	free(buf);
	return 0;
}
