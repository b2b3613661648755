// SPDX-License-Identifier: GPL-2.0
/*
 * Instruction-count benchmark, run under callgrind by bench.sh: every
 * case calls one function ITER times over a fixed input set with
 * collection on, and dumps its counts as "case:<function>:<input>".
 * The "noop" cases measure the loop and the indirect call, which bench.sh
 * subtracts.  Outside valgrind the client requests do nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/callgrind.h>
#include "ref.h"

#define noinline	__attribute__((__noinline__))

#define ITER	2000

static const char *const set_dec[] = { "0", "1", "42", "100", "255", "4096", "65535", "999", NULL };
static const char *const set_u64[] = { "18446744073709551615", "12345678901234567890",
				       "10000000000000000000", NULL };
static const char *const set_hex[] = { "0xdeadbeef", "0x1f", "0xffffffffffffffff", "0X7fff", NULL };
static const char *const set_min[] = { "-2147483648", "-128", "-9223372036854775808", NULL };
static const char *const set_sysfs[] = { "1\n", "0\n", "42\n", "100\n", NULL };

static const struct num_set {
	const char *name;
	const char *const *strs;
	unsigned int base;
} num_sets[] = {
	{ "short-dec", set_dec, 10 },
	{ "u64-20digit", set_u64, 10 },
	{ "hex-0x", set_hex, 0 },
	{ "signed-min", set_min, 10 },
	{ "sysfs-N\\n", set_sysfs, 0 },
};

typedef int (*num_fn)(const char *s, unsigned int base, void *res);

static noinline int noop_num(const char *s, unsigned int base, void *res)
{
	__asm__ volatile("" : : "r" (s), "r" (base), "r" (res) : "memory");
	return 0;
}

static int simple_wrap(const char *s, unsigned int base, void *res)
{
	*(unsigned long long *)res = pristine_tb_ops.simple_strtoull(s, NULL, base);
	return 0;
}

static void run_num(const char *fname, num_fn fn, const struct num_set *set)
{
	unsigned long long res;
	volatile int sink = 0;
	char label[128];
	int i, j;

	if (!fn)
		return;
	snprintf(label, sizeof(label), "case:%s:%s", fname, set->name);
	CALLGRIND_ZERO_STATS;
	CALLGRIND_TOGGLE_COLLECT;
	for (i = 0; i < ITER; i++)
		for (j = 0; set->strs[j]; j++)
			sink += fn(set->strs[j], set->base, &res);
	CALLGRIND_TOGGLE_COLLECT;
	CALLGRIND_DUMP_STATS_AT(label);
	(void)sink;
}

/* strscpy sets: a string of len characters into a buffer of count */
static const struct cpy_set {
	const char *name;
	size_t len, count;
} cpy_sets[] = {
	{ "8", 8, 9 },
	{ "64", 64, 65 },
	{ "4096", 4096, 4097 },
};

static noinline ssize_t noop_cpy(char *d, const char *s, size_t n)
{
	__asm__ volatile("" : : "r" (d), "r" (s), "r" (n) : "memory");
	return 0;
}

static noinline ssize_t memcpy_strnlen(char *d, const char *s, size_t n)
{
	size_t len = strnlen(s, n);

	if (len == n)
		return -7;
	memcpy(d, s, len + 1);
	return len;
}

static void run_cpy(const char *fname, tb_strscpy_fn fn, const struct cpy_set *set)
{
	char *src = aligned_alloc(64, 8192), *dst = aligned_alloc(64, 8192);
	volatile ssize_t sink = 0;
	char label[128];
	int i, iter = set->len > 1000 ? ITER / 10 : ITER;

	if (!fn)
		return;
	for (i = 0; i < (int)set->len; i++)
		src[i] = 'a' + i % 26;
	src[set->len] = '\0';
	snprintf(label, sizeof(label), "case:%s:%s", fname, set->name);
	CALLGRIND_ZERO_STATS;
	CALLGRIND_TOGGLE_COLLECT;
	for (i = 0; i < iter; i++)
		sink += fn(dst, src, set->count);
	CALLGRIND_TOGGLE_COLLECT;
	CALLGRIND_DUMP_STATS_AT(label);
	(void)sink;
	free(src);
	free(dst);
}

int main(void)
{
	const struct tb_ops *pri = &pristine_tb_ops, *pat = &patched_tb_ops;
	size_t i;

	/* the iteration counts, for bench.sh */
	printf("iter %d\n", ITER);
	for (i = 0; i < ARRAY_SIZE(num_sets); i++) {
		const struct num_set *s = &num_sets[i];
		int calls = 0;

		while (s->strs[calls])
			calls++;
		printf("calls %s %d\n", s->name, calls * ITER);
		run_num("noop", noop_num, s);
		run_num("pristine-kstrtoull", (num_fn)pri->kstrtoull, s);
		run_num("patched-kstrtoull", (num_fn)pat->kstrtoull, s);
		run_num("pristine-kstrtoint", (num_fn)pri->kstrtoint, s);
		run_num("patched-kstrtoint", (num_fn)pat->kstrtoint, s);
		/* parse_integer() into unsigned long long, long long for signed-min */
		run_num("patched-parse_integer", i == 3 ? (num_fn)pat->pi_llong :
			(num_fn)pat->pi_ullong, s);
		if (pri->simple_strtoull)
			run_num("pristine-simple_strtoull", simple_wrap, s);
	}
	for (i = 0; i < ARRAY_SIZE(cpy_sets); i++) {
		const struct cpy_set *s = &cpy_sets[i];

		printf("calls %s %d\n", s->name, s->len > 1000 ? ITER / 10 : ITER);
		run_cpy("noop", noop_cpy, s);
		run_cpy("pristine-strscpy", pri->strscpy, s);
		run_cpy("patched-strscpy", pat->strscpy, s);
		run_cpy("patched-strscpy_truncate", pat->strscpy_truncate, s);
		run_cpy("memcpy+strnlen", memcpy_strnlen, s);
	}
	return 0;
}
