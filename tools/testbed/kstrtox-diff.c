// SPDX-License-Identifier: GPL-2.0
/*
 * Differential and model tests of the pristine and the patched kernel
 * string code, linked into this one binary (see Makefile):
 *
 *  kstrto	every kstrto*() x bases, pristine vs patched, on every string
 *		up to -n characters over ALPHABET, one more character over
 *		SUBSET, and -r random strings; only the differences listed in
 *		the allowed-differences file (-a) are accepted
 *  model	parse_integer() of all ten types, with and without
 *		PARSE_INTEGER_NEWLINE, vs the model in ref.c, same inputs
 *  strscpy	the strscpy() family vs byte-at-a-time models, every length,
 *		alignment and count up to 64, INT_MAX and two above it, source
 *		ending at a PROT_NONE page
 *  huge	(only when -t names it) parse_integer() of INT_MAX and
 *		INT_MAX + 1 digits: the longer one is -ERANGE (2 x 2 GiB read)
 *
 * Prints "result: <check> ok|FAIL <details>" lines (tools/tests/
 * test-testbed.sh turns them into TAP) and exits 1 if any check failed.
 */
#define _GNU_SOURCE		/* memfd_create() */
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "ref.h"

/* the exhaustive alphabet; SUBSET is used for the one longer length */
static const char ALPHABET[] = "0123456789abcdefABCDEFxX+-\n ";
static const char SUBSET[] = "0178afFxX+-\n ";

static const unsigned int kstrto_bases[] = {
	0, 2, 8, 10, 16,		/* valid */
	1, 17, 36, 0x8000000a,		/* invalid */
};
#define NR_KBASES	ARRAY_SIZE(kstrto_bases)

static const unsigned int model_bases[] = { 0, 2, 8, 10, 16, 1, 17, 36 };
#define NR_MBASES	ARRAY_SIZE(model_bases)

static int max_len = 4;
static long nr_random = 1000000;
static int max_report = 10;

/* ---------------------------------------------------- allowed differences */

struct allowed {
	char fn[32];
	unsigned long long base_lo, base_hi;
	char pristine[16], patched[16];
	char reason[200];
	int line;
	unsigned long hits;
};
static struct allowed allowed[64];
static int nr_allowed;

static void load_allowed(const char *path)
{
	char line[512];
	FILE *f;
	int n = 0;

	f = fopen(path, "r");
	if (!f) {
		perror(path);
		exit(2);
	}
	while (fgets(line, sizeof(line), f)) {
		struct allowed *a = &allowed[nr_allowed];
		char base[64];
		int off;

		n++;
		if (line[0] == '#' || line[strspn(line, " \t\n")] == '\0')
			continue;
		if (nr_allowed == 64 ||
		    sscanf(line, "%31s %63s %15s %15s %n", a->fn, base,
			   a->pristine, a->patched, &off) != 4) {
			fprintf(stderr, "%s:%d: cannot parse\n", path, n);
			exit(2);
		}
		snprintf(a->reason, sizeof(a->reason), "%s", line + off);
		a->reason[strcspn(a->reason, "\n")] = '\0';
		if (!strcmp(base, "*")) {
			a->base_lo = 0;
			a->base_hi = ULLONG_MAX;
		} else if (sscanf(base, "%lli-%lli", &a->base_lo, &a->base_hi) != 2) {
			a->base_lo = a->base_hi = strtoull(base, NULL, 0);
		}
		a->line = n;
		nr_allowed++;
	}
	fclose(f);
}

static const char *rc_class(int rc)
{
	static char buf[16];

	switch (rc) {
	case 0:		return "ok";
	case -EINVAL:	return "-EINVAL";
	case -ERANGE:	return "-ERANGE";
	case -1000:	return "wrote-val-on-error";
	}
	snprintf(buf, sizeof(buf), "%d", rc);
	return buf;
}

static struct allowed *find_allowed(const char *fn, unsigned int base, int prc, int qrc)
{
	int i;

	for (i = 0; i < nr_allowed; i++) {
		struct allowed *a = &allowed[i];
		char p[24];

		snprintf(p, sizeof(p), "%s", rc_class(prc));
		if (fnmatch(a->fn, fn, 0) || base < a->base_lo || base > a->base_hi)
			continue;
		if (fnmatch(a->pristine, p, 0) || fnmatch(a->patched, rc_class(qrc), 0))
			continue;
		return a;
	}
	return NULL;
}

/* ------------------------------------------------------------- reporting */

static void print_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '\n')
			fputs("\\n", f);
		else if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if (*s < ' ' || *s > '~')
			fprintf(f, "\\x%02x", (unsigned char)*s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

struct stats {
	unsigned long long compared, bad, documented;
};
static struct stats kstats[REF_NR_TYPES], mstats[REF_NR_TYPES];

/* undocumented differences, grouped by function, base and outcomes */
struct diff_class {
	int fn, prc, qrc;
	unsigned int base;
	unsigned long long n, pv, qv;
	char example[48];
};
static struct diff_class classes[512];
static int nr_classes;

static void note_class(int fn, unsigned int base, int prc, int qrc,
		       const char *s, unsigned long long pv, unsigned long long qv)
{
	struct diff_class *c;
	int i;

	for (i = 0; i < nr_classes; i++) {
		c = &classes[i];
		if (c->fn == fn && c->base == base && c->prc == prc && c->qrc == qrc) {
			c->n++;
			return;
		}
	}
	if (nr_classes == 512)
		return;
	c = &classes[nr_classes++];
	*c = (struct diff_class){ fn, prc, qrc, base, 1, pv, qv };
	snprintf(c->example, sizeof(c->example), "%s", s);
}

static void report_classes(void)
{
	int i;

	for (i = 0; i < nr_classes && i < max_report * 10; i++) {
		struct diff_class *c = &classes[i];

		printf("# DIFF %s(..., %#x): pristine %s, patched %s: %llu inputs, e.g. ",
		       ref_types[c->fn].kstrto, c->base, rc_class(c->prc),
		       rc_class(c->qrc), c->n);
		print_str(stdout, c->example);
		printf(" -> %llu / %llu\n", c->pv, c->qv);
	}
	if (nr_classes > max_report * 10)
		printf("# ... %d more kinds of differences\n", nr_classes - max_report * 10);
}

/* ------------------------------------------------------------ the checks */

static void check_kstrto(const char *s)
{
	unsigned int b;
	int fn;

	for (fn = 0; fn < REF_NR_TYPES; fn++) {
		for (b = 0; b < NR_KBASES; b++) {
			unsigned int base = kstrto_bases[b];
			unsigned long long pv = 0, qv = 0;
			int prc, qrc;
			struct allowed *a;

			prc = tb_kstrto(&pristine_tb_ops, fn, s, base, &pv);
			qrc = tb_kstrto(&patched_tb_ops, fn, s, base, &qv);
			kstats[fn].compared++;
			if (prc == qrc && (prc || pv == qv))
				continue;
			a = find_allowed(ref_types[fn].kstrto, base, prc, qrc);
			if (a) {
				a->hits++;
				kstats[fn].documented++;
				continue;
			}
			kstats[fn].bad++;
			note_class(fn, base, prc, qrc, s, pv, qv);
		}
	}
}

static void check_model(const char *s)
{
	unsigned int b, nl;
	int t;

	if (!patched_tb_ops.pi_ullong)
		return;
	for (t = 0; t < REF_NR_TYPES; t++) {
		for (b = 0; b < NR_MBASES; b++) {
			for (nl = 0; nl < 2; nl++) {
				unsigned int base = model_bases[b] |
						    (nl ? TB_PARSE_INTEGER_NEWLINE : 0);
				unsigned long long rv = 0, kv = 0;
				int rrc, krc;

				rrc = ref_parse_integer(s, base, t, &rv);
				krc = tb_parse_integer(&patched_tb_ops, s, base, t, &kv);
				mstats[t].compared++;
				if (rrc == krc && (rrc < 0 || rv == kv))
					continue;
				if (mstats[t].bad++ < (unsigned long long)max_report) {
					printf("# MODEL parse_integer(");
					print_str(stdout, s);
					printf(", %#x, (%s *)): model %d %#llx, kernel %d %#llx\n",
					       base, ref_types[t].name, rrc, rv, krc, kv);
				}
			}
		}
	}
}

static bool model_too = true;

static void check_both(const char *s)
{
	check_kstrto(s);
	if (model_too)
		check_model(s);
}

/* every string of length len over alphabet a */
static void enumerate(const char *a, int len)
{
	int n = strlen(a), idx[16] = { 0 }, i;
	char s[17];

	for (i = 0; i < len; i++)
		s[i] = a[0];
	s[len] = '\0';
	for (;;) {
		check_both(s);
		for (i = len - 1; i >= 0; i--) {
			if (++idx[i] < n) {
				s[i] = a[idx[i]];
				break;
			}
			idx[i] = 0;
			s[i] = a[0];
		}
		if (i < 0)
			return;
	}
}

static unsigned long long rng_state = 0x2545f4914f6cdd1dULL;

static unsigned long long rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* a random string, biased towards numbers close to the interesting limits */
static void random_string(char *s, size_t size)
{
	static const unsigned long long limits[] = {
		0x7f, 0xff, 0x7fff, 0xffff, 0x7fffffff, 0xffffffff,
		0x7fffffffffffffffULL, 0xffffffffffffffffULL,
	};
	static const char *const fmts[] = { "%llu", "%llo", "%llx", "%llX" };
	static const char *const signs[] = { "-", "+", "", "" };
	static const char *const prefixes[] = { "0x", "0X", "0", "", "", "", "", "" };
	static const char *const tails[] = { "\n", "?", "\n\n", "", "", "", "", "" };
	char *p = s, *end = s + size - 8;
	unsigned long long r = rnd();
	int k;

	p = stpcpy(p, signs[r & 3]);
	r >>= 2;
	p = stpcpy(p, prefixes[r & 7]);
	r >>= 3;
	if (r & 1) {
		unsigned long long v = limits[(r >> 1) % 8] + (long long)((r >> 4) % 5) - 2;

		if ((r >> 7) & 1)
			v = v / 10 * 10 + (r >> 8) % 10;
		p += snprintf(p, end - p, fmts[(r >> 12) % 4], v);
	} else {
		for (k = (r >> 1) % 30; k && p < end; k--)
			*p++ = ALPHABET[rnd() % (sizeof(ALPHABET) - 1)];
	}
	r = rnd();
	p = stpcpy(p, tails[r & 7]);
	if (p > s && p[-1] == '?')
		p[-1] = ALPHABET[(r >> 3) % (sizeof(ALPHABET) - 1)];
	*p = '\0';
}

static bool report_number_checks(double secs)
{
	unsigned long long total = 0, bad = 0, doc = 0, mtotal = 0, mbad = 0;
	bool ok = true;
	int i;

	report_classes();
	for (i = 0; i < REF_NR_TYPES; i++) {
		printf("result: %s %s %llu compared, %llu undocumented differences, %llu documented\n",
		       ref_types[i].kstrto, kstats[i].bad ? "FAIL" : "ok",
		       kstats[i].compared, kstats[i].bad, kstats[i].documented);
		total += kstats[i].compared;
		bad += kstats[i].bad;
		doc += kstats[i].documented;
	}
	for (i = 0; i < nr_allowed; i++)
		printf("# allowed-differences line %d (%s %s: %s -> %s): %lu inputs\n",
		       allowed[i].line, allowed[i].fn,
		       allowed[i].base_lo == allowed[i].base_hi ? "base" : "bases",
		       allowed[i].pristine, allowed[i].patched, allowed[i].hits);
	if (patched_tb_ops.pi_ullong) {
		for (i = 0; i < REF_NR_TYPES; i++) {
			mtotal += mstats[i].compared;
			mbad += mstats[i].bad;
		}
		printf("result: parse_integer-model %s %llu compared over %d types, %llu mismatches\n",
		       mbad ? "FAIL" : "ok", mtotal, REF_NR_TYPES, mbad);
	} else {
		printf("result: parse_integer-model FAIL the patched tree has no parse_integer()\n");
		mbad = 1;
	}
	printf("# kstrto: %llu inputs compared, %llu undocumented differences, "
	       "%llu documented; model: %llu compared, %llu mismatches; %.1f s\n",
	       total, bad, doc, mtotal, mbad, secs);
	ok = !bad && !mbad;
	return ok;
}

/* ---------------------------------------------------------------- strscpy */

#define POISON	0xa5
#define MAXLEN	64

struct scpy_case {
	const char *name;
	const struct tb_ops *ops;
	int which;		/* 0 strscpy, 1 strscpy_truncate, 2 strscpy_pad */
	enum ref_scpy kind;
};

struct scpy_stats {
	unsigned long long calls, bad, tails[8];
};

/* one source string against every dest alignment and count */
static void check_strscpy_src(const struct scpy_case *c, tb_strscpy_fn fn,
			      const char *src, int len, bool term,
			      struct scpy_stats *st)
{
	unsigned char buf[256];
	size_t count, cnt;
	int da;

	for (da = 0; da < 8; da++) {
		for (count = 0; count <= MAXLEN + 3; count++) {
			unsigned int tail = 0;
			const char *why;
			ssize_t ret;

			cnt = count == MAXLEN + 1 ? (size_t)INT_MAX + 1 :
			      count == MAXLEN + 2 ? SIZE_MAX :
			      count == MAXLEN + 3 ? INT_MAX : count;
			if (!term && cnt > (size_t)len)
				continue;
			/*
			 * INT_MAX, the largest valid count: a string that fits
			 * is copied as with any count above its length (the
			 * model's 2 * MAXLEN); not strscpy_pad(), which would
			 * then zero 2 GiB.
			 */
			if (cnt == INT_MAX && c->which == 2)
				continue;
			memset(buf, POISON, sizeof(buf));
			ret = fn((char *)buf + 64 + da, src, cnt);
			st->calls++;
			why = ref_check_strscpy(c->kind, buf, sizeof(buf), 64 + da, src,
						cnt == INT_MAX ? 2 * MAXLEN : cnt,
						ret, POISON, &tail);
			st->tails[tail]++;
			if (!why || st->bad++ >= (unsigned long long)max_report)
				continue;
			printf("# STRSCPY %s: len %d, src align %lu%s, dest align %d, count %zu: returned %zd: %s\n",
			       c->name, len, (unsigned long)src & 7,
			       term ? "" : " (no NUL)", da, cnt, ret, why);
		}
	}
}

static bool check_strscpy_fn(const struct scpy_case *c, char *page, long psize)
{
	tb_strscpy_fn fn = c->which == 0 ? c->ops->strscpy :
			   c->which == 1 ? c->ops->strscpy_truncate : c->ops->strscpy_pad;
	unsigned long warn0 = tb_warnings;
	struct scpy_stats st = { 0 };
	char *guard = page + psize;
	int len, gap, i;
	char *src;

	if (!fn) {
		printf("result: %s FAIL not in the tree\n", c->name);
		return false;
	}
	for (len = 0; len <= MAXLEN; len++) {
		/*
		 * The NUL 0..7 bytes before the guard page, which gives every
		 * source alignment; then no NUL, the string's last byte right
		 * before the guard page (only counts up to len are valid).
		 */
		for (gap = 0; gap <= 8; gap++) {
			bool term = gap < 8;

			src = guard - len - (term ? 1 + gap : 0);
			for (i = 0; i < len; i++)
				src[i] = 1 + (i * 37 + len) % 255;
			if (term)
				src[len] = '\0';
			check_strscpy_src(c, fn, src, len, term, &st);
		}
	}
	printf("result: %s %s %llu calls, %llu wrong, %llu WARNs\n", c->name,
	       st.bad ? "FAIL" : "ok", st.calls, st.bad,
	       (unsigned long long)(tb_warnings - warn0));
	if (c->kind == REF_STRSCPY_EMPTY) {
		unsigned long long u = 0, z = 0, cp = 0;

		for (i = 1; i < 8; i++) {
			u += i & REF_TAIL_UNTOUCHED ? st.tails[i] : 0;
			z += i & REF_TAIL_ZEROED ? st.tails[i] : 0;
			cp += i & REF_TAIL_COPIED ? st.tails[i] : 0;
		}
		printf("# %s on -E2BIG with count > 1: dest[1..count-1] untouched in %llu calls, "
		       "zeroed in %llu, holding copied source bytes in %llu\n", c->name, u, z, cp);
	}
	return !st.bad;
}

static bool check_strscpy(void)
{
	static const struct scpy_case cases[] = {
		{ "pristine-strscpy", &pristine_tb_ops, 0, REF_STRSCPY_TRUNCATE },
		{ "pristine-strscpy_pad", &pristine_tb_ops, 2, REF_STRSCPY_PAD },
		{ "patched-strscpy", &patched_tb_ops, 0, REF_STRSCPY_EMPTY },
		{ "patched-strscpy_truncate", &patched_tb_ops, 1, REF_STRSCPY_TRUNCATE },
		{ "patched-strscpy_pad", &patched_tb_ops, 2, REF_STRSCPY_PAD },
	};
	long psize = sysconf(_SC_PAGESIZE);
	bool ok = true;
	char *page;
	size_t i;

	page = mmap(NULL, 2 * psize, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED || mprotect(page + psize, psize, PROT_NONE)) {
		perror("mmap");
		exit(2);
	}
	tb_guard_pages[0] = (unsigned long)page + psize;
	for (i = 0; i < ARRAY_SIZE(cases); i++)
		ok &= check_strscpy_fn(&cases[i], page, psize);
	return ok;
}

/*
 * parse_integer() of strings of INT_MAX and INT_MAX + 1 digits: the count
 * it returns is an int, so the longer one must be -ERANGE.  The 2 GiB
 * string is one 2 MiB memfd of '0's mapped over and over, then a private
 * 2 MiB (more '0's and the NUL): 4 MiB of memory, a few seconds.
 */
static bool check_huge(void)
{
	const size_t chunk = 2UL << 20, shared = (1UL << 31) - chunk;
	const size_t lens[] = { INT_MAX, (size_t)INT_MAX + 1 };
	unsigned char val;
	char *s, *zeros;
	bool ok = true;
	size_t off, i;
	int fd, ret;

	if (!patched_tb_ops.pi_uchar)
		return true;
	s = mmap(NULL, shared + 2 * chunk, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	fd = memfd_create("zeros", 0);
	if (s == MAP_FAILED || fd < 0 || ftruncate(fd, chunk)) {
		printf("result: parse_integer-huge FAIL no memory for the string: %s\n",
		       strerror(errno));
		return false;
	}
	zeros = mmap(NULL, chunk, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (zeros == MAP_FAILED) {
		printf("result: parse_integer-huge FAIL mmap: %s\n", strerror(errno));
		return false;
	}
	memset(zeros, '0', chunk);
	for (off = 0; off < shared; off += chunk)
		if (mmap(s + off, chunk, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0) == MAP_FAILED) {
			printf("result: parse_integer-huge FAIL mmap: %s\n", strerror(errno));
			return false;
		}
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		int want = lens[i] > INT_MAX ? -ERANGE : (int)lens[i];

		memset(s + shared, '0', 2 * chunk);
		s[lens[i]] = '\0';
		val = 0xa5;
		ret = patched_tb_ops.pi_uchar(s, 10, &val);
		if (ret != want || val != (want < 0 ? 0xa5 : 0)) {
			printf("# HUGE parse_integer(u8, \"0\" x %zu, 10): %d %u, expected %d %u\n",
			       lens[i], ret, val, want, want < 0 ? 0xa5 : 0);
			ok = false;
		}
	}
	munmap(s, shared + 2 * chunk);
	munmap(zeros, chunk);
	close(fd);
	printf("result: parse_integer-huge %s strings of INT_MAX and INT_MAX + 1 digits\n",
	       ok ? "ok" : "FAIL");
	return ok;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: kstrtox-diff [-a allowed-differences.txt] [-n max-length] [-r random]\n"
		"                    [-m max-reports] [-s seed] [-t kstrto,strscpy,huge]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *tests = "kstrto,strscpy";
	double t0 = now();
	bool ok = true;
	char s[128];
	long i;
	int opt, len;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((opt = getopt(argc, argv, "a:n:r:m:s:t:")) != -1) {
		switch (opt) {
		case 'a':
			load_allowed(optarg);
			break;
		case 'n':
			max_len = atoi(optarg);
			break;
		case 'r':
			nr_random = atol(optarg);
			break;
		case 'm':
			max_report = atoi(optarg);
			break;
		case 's':
			rng_state = strtoull(optarg, NULL, 0) | 1;
			break;
		case 't':
			tests = optarg;
			break;
		default:
			usage();
		}
	}
	if (max_len < 0 || max_len > 14)
		usage();
	printf("# %s\n# %s\n", pristine_tb_ops.name, patched_tb_ops.name);

	if (strstr(tests, "kstrto")) {
		for (len = 0; len <= max_len; len++)
			enumerate(ALPHABET, len);
		model_too = false;
		enumerate(SUBSET, max_len + 1);
		model_too = true;
		for (i = 0; i < nr_random; i++) {
			random_string(s, sizeof(s));
			check_both(s);
		}
		printf("# inputs: all strings up to %d characters over \"%s\" (%zu), "
		       "%d over \"%s\" (%zu, kstrto only), %ld random\n", max_len, "0-9a-fA-FxX+-\\n ",
		       strlen(ALPHABET), max_len + 1, "0178afFxX+-\\n ", strlen(SUBSET),
		       nr_random);
		ok &= report_number_checks(now() - t0);
	}
	if (strstr(tests, "strscpy"))
		ok &= check_strscpy();
	if (strstr(tests, "huge"))
		ok &= check_huge();
	printf("# total %.1f s\n", now() - t0);
	return ok ? 0 : 1;
}
