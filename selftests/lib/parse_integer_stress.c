// SPDX-License-Identifier: GPL-2.0
/*
 * Stress test of the sysfs interface of test_parse_integer, see
 * Documentation/ABI/testing/sysfs-kernel-test_parse_integer.
 *
 * Writer processes send random requests, valid and malformed, to "parse"
 * and random values to the value_<type> knobs for a bounded time; reader
 * processes read "result" and the knobs meanwhile.  A user space model of
 * the request format and of parse_integer(), written from the ABI and
 * kernel-doc text, predicts each write's outcome:
 *
 *  - every write must return what the model says (the count, PAGE_SIZE
 *    for a longer write, 0 for an empty one, or the documented errno);
 *  - every "result" line must be well-formed, its seq must not go back,
 *    and its <type> <base> <flags> <ret> <value> must be the model's
 *    outcome of a request that some writer issued;
 *  - every knob read must be a value some writer stored (never torn);
 *  - the number of accepted requests must equal the growth of <seq>;
 *  - finally requests are sent one at a time and each "result" must be
 *    exactly the model's outcome.
 *
 * long and ulong are as wide as the kernel's long, which the module's
 * long_bits file tells: user space's sizeof(long) may differ (compat).
 *
 * -F BUG runs against an emulation of the module instead of sysfs, with
 * an injected bug, to show that the checks can fail: host-only code that
 * the host test links in (tools/tests/parse_integer_fake.c); -L sets the
 * emulated kernel's width of long (default 64).
 * -V FILE checks the model against parse_integer.vectors, at the width
 * of -L or else at both.
 *
 * Output is "# " lines; exit 0 when every check passed, 1 otherwise.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/const.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "parse_integer_model.h"

#define MAX_PROCS	64
#define MAX_ERRNO	160
#define POOL		32	/* knob values per type */
#define TABLE_BITS	21	/* outcome table: 2M slots, 16 MiB */
#define TABLE_SIZE	_BITUL(TABLE_BITS)
#define MAX_DIAG	3	/* failure messages per process */
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* What a process counts; summed up by the parent. */
struct stats {
	unsigned long parse_writes, parse_full, parse_short, parse_empty;
	unsigned long parse_errno[MAX_ERRNO];
	unsigned long knob_writes, knob_full, knob_short;
	unsigned long knob_errno[MAX_ERRNO];
	unsigned long skipped;		/* outcome table full */
	unsigned long result_reads, knob_reads;
	unsigned long failures;
	unsigned int diags;
};

struct shared {
	struct stats st[MAX_PROCS + 1];
	unsigned long long pool[T_NR][POOL];
	unsigned char published[T_NR][POOL];
	unsigned long long initial[T_NR];	/* knob values before the run */
	unsigned long used;		/* slots taken in the table */
};

static struct shared *sh;
static unsigned long long *table;
static struct stats *st;	/* this process's slot in sh->st */
static const char *who = "main";
static const char *dir = "/sys/kernel/test_parse_integer";
static const char *fake_bug;	/* -F: emulate the module, with this bug */
static const struct pi_io *io;	/* sysfs, or the emulation of -F */
static bool wrong_model;	/* -M: deliberately wrong model */
static int long_bits;		/* the kernel's BITS_PER_LONG */
static size_t page_size;
static unsigned long long rng;

/* ---- helpers */

static void diag(const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int n;

	n = snprintf(line, sizeof(line), "# %s: ", who);
	va_start(ap, fmt);
	n += vsnprintf(line + n, sizeof(line) - n - 1, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(line) - 2)
		n = sizeof(line) - 2;
	line[n++] = '\n';
	if (write(STDOUT_FILENO, line, n) < 0)
		exit(1);
}

#define failure(...) do {					\
	st->failures++;						\
	if (st->diags++ < MAX_DIAG)				\
		diag(__VA_ARGS__);				\
} while (0)

/* Printable form of at most 48 bytes of buf, for diagnostics. */
static const char *show(const char *buf, size_t len)
{
	static char outs[2][48 * 4 + 8];
	static int k;
	char *out = outs[k ^= 1];
	size_t i, o = 0;

	for (i = 0; i < len && i < 48; i++) {
		unsigned char c = buf[i];

		if (c >= 0x20 && c < 0x7f && c != '\\')
			out[o++] = c;
		else
			o += sprintf(out + o, "\\x%02x", c);
	}
	if (i < len)
		o += sprintf(out + o, "...");
	out[o] = '\0';
	return out;
}

static unsigned long long rnd(void)
{
	/* xorshift64* */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

static unsigned int below(unsigned int n)
{
	return rnd() % n;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void set_long_bits(int bits)
{
	long_bits = bits;
	model_set_long_bits(bits);
}

/* The kernel's width of long from the module; exits if it cannot tell. */
static void read_long_bits(void)
{
	char path[PATH_MAX], buf[16] = "";
	FILE *f;

	snprintf(path, sizeof(path), "%s/long_bits", dir);
	f = fopen(path, "r");
	if (!f) {
		diag("cannot read %s: %s (a module without it is too old)",
		     path, strerror(errno));
		exit(1);
	}
	if (!fgets(buf, sizeof(buf), f) ||
	    (strcmp(buf, "32\n") && strcmp(buf, "64\n"))) {
		diag("%s reads '%s', not 32 or 64", path,
		     show(buf, strcspn(buf, "\n")));
		exit(1);
	}
	fclose(f);
	set_long_bits(atoi(buf));
}

/* ---- table of the outcomes writers announced */

static unsigned long long outcome_key(int type, unsigned int base,
				      char flags, int ret,
				      unsigned long long val)
{
	unsigned long long h = val * 0x9e3779b97f4a7c15ULL;

	h ^= ((unsigned long long)base << 32 | (unsigned int)ret) +
	     0x632be59bd9b4e019ULL;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= (unsigned long long)(type << 8 | (unsigned char)flags) << 40;
	h ^= h >> 31;
	h *= 0x94d049bb133111ebULL;
	h ^= h >> 29;
	return h ? h : 1;
}

/* Add a key; false when the table is too full to take it. */
static bool table_add(unsigned long long key)
{
	unsigned long i = key & (TABLE_SIZE - 1);

	for (;; i = (i + 1) & (TABLE_SIZE - 1)) {
		unsigned long long old = __atomic_load_n(&table[i], __ATOMIC_ACQUIRE);

		if (old == key)
			return true;
		if (old)
			continue;
		if (__atomic_load_n(&sh->used, __ATOMIC_RELAXED) >
		    TABLE_SIZE / 2)
			return false;
		if (__atomic_compare_exchange_n(&table[i], &old, key, false,
						__ATOMIC_RELEASE,
						__ATOMIC_ACQUIRE)) {
			__atomic_fetch_add(&sh->used, 1, __ATOMIC_RELAXED);
			return true;
		}
		if (old == key)
			return true;
	}
}

static bool table_has(unsigned long long key)
{
	unsigned long i = key & (TABLE_SIZE - 1);
	unsigned long long v;

	for (;; i = (i + 1) & (TABLE_SIZE - 1)) {
		v = __atomic_load_n(&table[i], __ATOMIC_ACQUIRE);
		if (v == key)
			return true;
		if (!v)
			return false;
	}
}

/* ---- the files: sysfs, or the emulation of -F */

static int fds[F_NR];

static void open_files(void)
{
	static const char * const fixed[] = { "parse", "result" };
	char path[PATH_MAX];
	int i;

	if (fake_bug)
		return;
	for (i = 0; i < F_NR; i++) {
		if (i < F_VALUE)
			snprintf(path, sizeof(path), "%s/%s", dir, fixed[i]);
		else
			snprintf(path, sizeof(path), "%s/value_%s", dir,
				 types[i - F_VALUE].name);
		fds[i] = open(path, i == F_PARSE ? O_WRONLY :
			      i == F_RESULT ? O_RDONLY : O_RDWR);
		if (fds[i] < 0) {
			diag("cannot open %s: %s", path, strerror(errno));
			exit(1);
		}
	}
}

static ssize_t sysfs_write(int f, const char *buf, size_t len)
{
	return pwrite(fds[f], buf, len, 0);
}

static ssize_t sysfs_read(int f, char *buf, size_t size)
{
	ssize_t n = pread(fds[f], buf, size - 1, 0);

	if (n >= 0)
		buf[n] = '\0';
	return n;
}

static const struct pi_io sysfs_io = { sysfs_write, sysfs_read };

/*
 * -F: an emulation of the module with an injected bug, to show that the
 * checks can fail.  Host-only code (tools/tests/parse_integer_fake.c),
 * linked in by the host test; a kselftest build has none.
 */
#pragma weak pi_fake_io

static ssize_t do_write(int f, const char *buf, size_t len)
{
	return io->write(f, buf, len);
}

static ssize_t do_read(int f, char *buf, size_t size)
{
	return io->read(f, buf, size);
}

/* ---- request generation */

/* A magnitude up to 2^64 + 1 (no __int128 on 32-bit targets). */
struct mag {
	unsigned long long lo;
	unsigned int hi;	/* 0 or 1: the bit 2^64 */
};

static struct mag mag_of(unsigned long long v, unsigned int add)
{
	struct mag m = { v + add, v + add < v };

	return m;
}

/* Divide m by radix in place, return the remainder. */
static unsigned int mag_div(struct mag *m, unsigned int radix)
{
	unsigned long long cur;
	unsigned int q[3], limb[3] = {
		m->hi, (unsigned int)(m->lo >> 32), (unsigned int)m->lo
	};
	unsigned int i, rem = 0;

	for (i = 0; i < 3; i++) {
		cur = (unsigned long long)rem << 32 | limb[i];
		q[i] = cur / radix;
		rem = cur % radix;
	}
	m->hi = q[0];
	m->lo = (unsigned long long)q[1] << 32 | q[2];
	return rem;
}

/* Append the decimal, octal or hex digits of m. */
static size_t put_number(char *p, struct mag m, unsigned int radix)
{
	char tmp[160];
	size_t n = 0, i;

	do {
		tmp[n++] = "0123456789abcdef"[mag_div(&m, radix)];
	} while (m.lo || m.hi);
	for (i = 0; i < n; i++)
		p[i] = tmp[n - 1 - i];
	if (radix == 16 && below(2))
		for (i = 0; i < n; i++)
			p[i] = toupper((unsigned char)p[i]);
	return n;
}

/*
 * A number for type t near its limits or random, with sign, and a prefix
 * suiting the radix; spelled for base 0 when radix is 0.
 */
static size_t gen_number(char *p, int t, unsigned int radix)
{
	static const unsigned int spelled[] = { 8, 10, 10, 16 };
	unsigned long long max = type_max(t);
	bool neg = false;
	size_t n = 0;
	struct mag mag;

	switch (below(6)) {
	case 0:		/* max + 1 */
		mag = mag_of(max, 1);
		break;
	case 1:		/* max */
		mag = mag_of(max, 0);
		break;
	case 2:		/* min (0 for unsigned) and min - 1 */
	case 3:
		neg = types[t].is_signed;
		mag = mag_of(neg ? max : 0, neg + (below(4) == 3));
		break;
	default:
		mag = mag_of(rnd() >> below(64), 0);
		neg = below(3) == 0;
		break;
	}
	if (neg)
		p[n++] = '-';
	else if (!below(8))
		p[n++] = '+';
	if (radix == 0)
		radix = spelled[below(4)];
	else if (radix == 1 || radix > 16)
		radix = 10;
	if (radix == 16 && below(2)) {
		p[n++] = '0';
		p[n++] = below(2) ? 'x' : 'X';
	} else if (radix == 8) {
		p[n++] = '0';
	}
	if (!below(50)) {	/* a run of zeros, sometimes past the page */
		size_t z = below(2) ? below(64) : page_size - 64 + below(2048);

		memset(p + n, '0', z);
		n += z;
	}
	return n + put_number(p + n, mag, radix);
}

static size_t gen_junk(char *p, size_t max)
{
	static const char digits[] = "0123456789abcdefABCDEFxXgz+-\x20\n";
	size_t n = below(2) ? below(24) : below(max + 1), i;
	bool bin = below(2);

	for (i = 0; i < n; i++)
		p[i] = bin ? (char)rnd() : digits[below(sizeof(digits) - 1)];
	return n;
}

static unsigned int gen_base(void)
{
	static const unsigned int bad[] = {
		1, 17, 36, 37, 64, 255, 256, 4096 + 10, 0x4000000a,
		0x7fffffff, 0xffffffff, NEWLINE_FLAG, NEWLINE_FLAG | 1,
		NEWLINE_FLAG | 17,
	};
	static const unsigned int common[] = { 0, 2, 8, 10, 16 };
	unsigned int x = below(100);

	if (x < 45)
		return common[below(ARRAY_SIZE(common))];
	if (x < 75)
		return x % 17;
	if (x < 85)	/* the newline flag spelled as a number */
		return NEWLINE_FLAG | below(17);
	if (x < 95)
		return bad[below(ARRAY_SIZE(bad))];
	return rnd();
}

/* A request of up to 2 * page_size bytes in buf; returns its length. */
static size_t gen_request(char *buf)
{
	size_t n, cap = 2 * page_size;
	unsigned int base, radix;
	int t = below(T_NR);
	char *p;

	switch (below(20)) {
	case 0:		/* anything at all */
		return gen_junk(buf, cap);
	case 1: {	/* a near miss of a header */
#define M(s)	{ s, sizeof(s) - 1 }
		static const struct { const char *s; size_t n; } miss[] = {
			M("u8"), M("u8 "), M("u8 10"), M("u8 10 "), M("u8 10 -"),
			M("u8  10 - 1"), M("u8 10  - 1"), M("u8 +10 - 1"),
			M("u8 -1 - 1"), M("u8 0x10 - 1"), M("u8 4294967296 - 1"),
			M("u8 99999999999999999999 - 1"), M("u8 10 x 1"),
			M("u8 10 N 1"), M("u8 10 -- 1"), M("u8\t10 - 1"),
			M("U8 10 - 1"), M("s128 10 - 1"), M(" u8 10 - 1"),
			M("none 0 - 0"), M("u8\0 10 - 1"), M("u8 1\0 - 1"),
			M("int 10 - 1"), M("u8 10 -\0001"), M("u8 010\n - 1"),
		};
#undef M
		int i = below(ARRAY_SIZE(miss));

		memcpy(buf, miss[i].s, miss[i].n);
		return miss[i].n;
	}
	}
	base = gen_base();
	radix = base & ~NEWLINE_FLAG;
	p = buf + sprintf(buf, "%s %s%u %c ", types[t].name,
			  below(20) ? "" : "00", base, below(2) ? 'n' : '-');
	switch (below(10)) {
	case 0:		/* random bytes of random length, even past a page */
		p += gen_junk(p, cap - (p - buf));
		break;
	case 1:
		p += gen_junk(p, 8);
		break;
	default:
		if (below(20) == 0)
			*p++ = "+-"[below(2)];
		p += gen_number(p, t, radix);
		switch (below(12)) {
		case 0:
		case 1:
		case 2:
			*p++ = '\n';
			break;
		case 3:
			p = stpcpy(p, "\n\n");
			break;
		case 4:
			p += gen_junk(p, 4);
			break;
		case 5:
			p = stpcpy(p, "0") + 1;	/* a digit, a NUL, then more */
			p += gen_junk(p, 4);
			break;
		}
	}
	n = p - buf;
	return n < cap ? n : cap;
}

/* ---- checks of what is read */

/* Parse a decimal field [p, end) as signed or not; false if malformed. */
static bool get_dec(const char *p, const char *end, bool is_signed,
		    unsigned long long *v)
{
	bool neg = false;
	unsigned long long acc = 0;

	if (is_signed && p < end && *p == '-') {
		neg = true;
		p++;
	}
	if (p >= end || (*p == '0' && end - p > 1))
		return false;	/* empty or a leading zero */
	for (; p < end; p++) {
		if (!isdigit((unsigned char)*p) ||
		    acc > (ULLONG_MAX - (*p - '0')) / 10)
			return false;
		acc = acc * 10 + (*p - '0');
	}
	if (neg && (!acc || acc > (unsigned long long)LLONG_MAX + 1))
		return false;
	if (!neg && is_signed && acc > LLONG_MAX)
		return false;
	*v = neg ? -acc : acc;
	return true;
}

/* Does v fit into type t (as a sign- or zero-extended 64-bit value)? */
static bool fits(int t, unsigned long long v)
{
	return type_extend(t, v) == v;
}

/*
 * Check a "result" line; *seq gets its <seq>.  Returns NULL if fine, or
 * what is wrong.
 */
static const char *check_result(const char *line, size_t len,
				unsigned long long *seq,
				int *tp, unsigned int *basep, char *flagsp,
				int *retp, unsigned long long *valp)
{
	const char *f[6], *e[6], *p = line, *end = line + len;
	unsigned long long base, ret, val;
	int i, t;

	if (!len || line[len - 1] != '\n' || memchr(line, '\n', len) !=
	    line + len - 1)
		return "not one line";
	end--;
	for (i = 0; i < 6; i++) {
		f[i] = p;
		while (p < end && *p != ' ')
			p++;
		e[i] = p;
		if (i < 5 && p++ >= end)
			return "fewer than 6 fields";
	}
	if (p != end)
		return "more than 6 fields";
	if (!get_dec(f[0], e[0], false, seq))
		return "bad seq";
	if (*seq == 0)
		return (size_t)(end - line) == 14 &&
			!memcmp(line, "0 none 0 - 0 0", 14) ? NULL :
			"bad line for seq 0";
	for (t = 0; t < T_NR; t++)
		if (strlen(types[t].name) == (size_t)(e[1] - f[1]) &&
		    !memcmp(f[1], types[t].name, e[1] - f[1]))
			break;
	if (t == T_NR)
		return "unknown type";
	if (!get_dec(f[2], e[2], false, &base) || base > UINT_MAX)
		return "bad base";
	if (e[3] - f[3] != 1 || (*f[3] != '-' && *f[3] != 'n'))
		return "bad flags";
	if (!get_dec(f[4], e[4], true, &ret) || (long long)ret < INT_MIN ||
	    (long long)ret > INT_MAX)
		return "bad ret";
	if (!get_dec(f[5], e[5], types[t].is_signed, &val) || !fits(t, val))
		return "bad value";
	if ((long long)ret < 0 &&
	    ((ret != (unsigned long long)-EINVAL &&
	      ret != (unsigned long long)-ERANGE) ||
	     val != poison(t)))
		return "bad error outcome";
	*tp = t;
	*basep = base;
	*flagsp = *f[3];
	*retp = ret;
	*valp = val;
	return NULL;
}

static bool knob_allowed(int t, unsigned long long v)
{
	int i;

	if (v == sh->initial[t])
		return true;
	for (i = 0; i < POOL; i++)
		if (sh->pool[t][i] == v &&
		    __atomic_load_n(&sh->published[t][i], __ATOMIC_ACQUIRE))
			return true;
	return false;
}

/* Read and check one knob; false (after a message) if it is wrong. */
static bool read_knob(int t, unsigned long long *v)
{
	char buf[128];
	ssize_t n;

	st->knob_reads++;
	n = do_read(F_VALUE + t, buf, sizeof(buf));
	if (n < 0) {
		failure("read value_%s: %s", types[t].name, strerror(errno));
		return false;
	}
	if (n < 2 || buf[n - 1] != '\n' ||
	    !get_dec(buf, buf + n - 1, types[t].is_signed, v) || !fits(t, *v)) {
		failure("value_%s reads malformed '%s'", types[t].name,
			show(buf, n));
		return false;
	}
	return true;
}

static void reader(double end)
{
	unsigned long long last = 0, seq, val;
	unsigned int base;
	int t, ret;
	char flags, buf[256];
	const char *why;
	ssize_t n;

	while (now() < end) {
		if (below(4) == 0) {
			t = below(T_NR);
			if (read_knob(t, &val) && !knob_allowed(t, val))
				failure("value_%s reads %#llx, a value nobody wrote",
					types[t].name, val);
			continue;
		}
		st->result_reads++;
		n = do_read(F_RESULT, buf, sizeof(buf));
		if (n < 0) {
			failure("read result: %s", strerror(errno));
			continue;
		}
		why = check_result(buf, n, &seq, &t, &base, &flags, &ret, &val);
		if (why) {
			failure("result '%s': %s", show(buf, n), why);
			continue;
		}
		if (seq < last)
			failure("result seq went back from %llu to %llu",
				last, seq);
		last = seq;
		if (seq && !table_has(outcome_key(t, base, flags, ret, val)))
			failure("result '%s': no request had this outcome",
				show(buf, n));
	}
}

/* ---- writers */

static void count_errno(unsigned long *counts, int err)
{
	counts[err > 0 && err < MAX_ERRNO ? err : 0]++;
}

/*
 * Send one request, check the write's return value.  With exact, also
 * check that "result" is then precisely the model's outcome with the
 * seq one higher than *seq (requests one at a time only).
 * Returns whether the module accepted the request.
 */
static bool parse_one(char *buf, size_t len, bool exact,
		      unsigned long long *seq)
{
	size_t seen = len < page_size ? len : page_size;
	struct req r;
	int hdr, t, ret;
	ssize_t rv;
	unsigned long long s, val;
	unsigned int base;
	char flags, line[256];
	const char *why;

	hdr = seen ? model_header(buf, seen, &r) : -EINVAL;
	if (hdr >= 0) {
		char c = buf[seen];	/* the module NUL-terminates too */

		buf[seen] = '\0';
		r.ret = model_parse(buf + hdr, r.base | (r.flags == 'n' ?
				    NEWLINE_FLAG : 0), r.type, &r.val, wrong_model);
		buf[seen] = c;
		if (!table_add(outcome_key(r.type, r.base, r.flags, r.ret,
					   r.val))) {
			st->skipped++;
			return false;
		}
	}
	st->parse_writes++;
	rv = do_write(F_PARSE, buf, len);
	if (rv < 0) {
		int err = errno;

		count_errno(st->parse_errno, err);
		if (err == ENOMEM)
			return false;
		if (err != EINVAL)
			failure("parse '%s' (%zu bytes): undocumented error %s",
				show(buf, len), len, strerror(err));
		else if (hdr >= 0)
			failure("parse '%s' (%zu bytes): EINVAL for a valid request",
				show(buf, len), len);
		return false;
	}
	if (!len) {
		st->parse_empty++;
		if (rv)
			failure("parse: empty write returned %zd", rv);
		return false;
	}
	if ((size_t)rv == len)
		st->parse_full++;
	else if ((size_t)rv == page_size && len > page_size)
		st->parse_short++;
	if ((size_t)rv != seen)
		failure("parse '%s' (%zu bytes): returned %zd", show(buf, len),
			len, rv);
	if (hdr < 0)
		failure("parse '%s' (%zu bytes): accepted a malformed request",
			show(buf, len), len);
	if (!exact || hdr < 0)
		return hdr >= 0;

	rv = do_read(F_RESULT, line, sizeof(line));
	if (rv < 0) {
		failure("read result: %s", strerror(errno));
		return true;
	}
	why = check_result(line, rv, &s, &t, &base, &flags, &ret, &val);
	if (!why && s != *seq + 1)
		why = "seq is not one more than before";
	if (!why && (t != r.type || base != r.base || flags != r.flags ||
		     ret != r.ret || val != r.val))
		why = "not the model's outcome";
	if (why)
		failure("parse '%s': result '%s': %s (the model says %d %lld)",
			show(buf, len), show(line, rv), why, r.ret,
			(long long)r.val);
	*seq = s;
	return true;
}

/* Write a value, valid or not, to a random knob and check the outcome. */
static void knob_one(char *buf)
{
	int t = below(T_NR), i = below(POOL), ret;
	unsigned long long v = sh->pool[t][i], want;
	size_t n = 0, seen;
	struct mag mag;
	bool neg;
	ssize_t rv;
	char c;

	neg = types[t].is_signed && (long long)v < 0;
	mag = mag_of(neg ? -v : v, 0);
	switch (below(8)) {
	case 0:		/* just out of range */
		mag = mag_of(type_max(t), neg ? 2 : 1);
		break;
	case 1:		/* a sign the type does not take */
		neg = !types[t].is_signed;
		break;
	}
	if (neg)
		buf[n++] = '-';
	else if (!below(8))
		buf[n++] = '+';
	switch (below(3)) {
	case 0:
		n += sprintf(buf + n, "0%s", below(2) ? "x" : "X");
		if (!below(30))
			memset(buf + n, '0', page_size), n += page_size;
		n += put_number(buf + n, mag, 16);
		break;
	case 1:
		buf[n++] = '0';
		n += put_number(buf + n, mag, 8);
		break;
	default:
		n += put_number(buf + n, mag, 10);
		break;
	}
	switch (below(10)) {
	case 0:
		n += sprintf(buf + n, "\n\n");
		break;
	case 1:
		buf[n++] = '\n';
		break;
	case 2:
		buf[n++] = "x \t"[below(3)];
		break;
	case 3:
		buf[n++] = '\0';
		n += gen_junk(buf + n, 4);
		break;
	case 4:
	case 5:
		break;
	default:
		buf[n++] = '\n';
		break;
	}
	seen = n < page_size ? n : page_size;
	c = buf[seen];
	buf[seen] = '\0';
	ret = model_parse(buf, NEWLINE_FLAG, t, &want, wrong_model);
	buf[seen] = c;
	if (ret >= 0) {
		for (i = 0; i < POOL && sh->pool[t][i] != want; i++)
			;
		if (i == POOL)
			return;		/* a value nobody may see: skip */
		__atomic_store_n(&sh->published[t][i], 1, __ATOMIC_RELEASE);
	}
	st->knob_writes++;
	rv = do_write(F_VALUE + t, buf, n);
	if (rv < 0) {
		int err = errno;

		count_errno(st->knob_errno, err);
		if (err != EINVAL && err != ERANGE)
			failure("value_%s '%s': undocumented error %s",
				types[t].name, show(buf, n), strerror(err));
		else if (err != -ret)
			failure("value_%s '%s': %s, the model says %d",
				types[t].name, show(buf, n), strerror(err),
				ret);
		/* A failed write leaves the value alone. */
		if (read_knob(t, &want) && !knob_allowed(t, want))
			failure("value_%s reads %#llx after '%s' failed",
				types[t].name, want, show(buf, n));
		return;
	}
	if ((size_t)rv == n)
		st->knob_full++;
	else if ((size_t)rv == page_size && n > page_size)
		st->knob_short++;
	if (ret < 0 || (size_t)rv != seen)
		failure("value_%s '%s': returned %zd, the model says %d",
			types[t].name, show(buf, n), rv, ret);
}

static void writer(double end)
{
	char *buf = malloc(4 * page_size);
	unsigned long long unused;

	if (!buf)
		exit(1);
	while (now() < end) {
		if (below(8) == 0)
			knob_one(buf);
		else
			parse_one(buf, gen_request(buf), false, &unused);
	}
	free(buf);
}

/* ---- -V: the model against parse_integer.vectors */

/*
 * The vectors for the current width of long: a line marked long@N or
 * ulong@N holds only where long is N bits wide, the others for both.
 */
static int check_vectors(const char *path)
{
	char line[8192], s[8192], type[32], base[32], flags[8], tok[4096];
	char ret[32], value[64];
	unsigned long lineno = 0, nvec = 0, other = 0, bad = 0;
	FILE *f = fopen(path, "r");

	if (!f) {
		diag("cannot open %s: %s", path, strerror(errno));
		return 1;
	}
	while (fgets(line, sizeof(line), f)) {
		int t, got, want;
		unsigned long long v, wv;
		size_t n = 0;
		char *p, *at;

		lineno++;
		if (sscanf(line, "%31s %31s %7s %4095s %31s %63s", type, base,
			   flags, tok, ret, value) != 6 || type[0] == '#')
			continue;
		at = strchr(type, '@');
		if (at)
			*at++ = '\0';
		for (t = 0; t < T_NR && strcmp(type, types[t].name); t++)
			;
		if (t == T_NR || (at && ((t != T_LONG && t != T_ULONG) ||
					 (strcmp(at, "32") && strcmp(at, "64"))))) {
			diag("%s:%lu: unknown type", path, lineno);
			bad++;
			continue;
		}
		if (at && atoi(at) != long_bits) {
			other++;
			continue;
		}
		for (p = strcmp(tok, "\"\"") ? tok : ""; *p; p++) {
			if (*p != '\\') {
				s[n++] = *p;
				continue;
			}
			p++;
			if (*p == 'x' && isxdigit((unsigned char)p[1]) &&
			    isxdigit((unsigned char)p[2])) {
				s[n++] = digit(p[1]) << 4 | digit(p[2]);
				p += 2;
			} else {
				s[n++] = *p == 'n' ? '\n' : *p == 't' ? '\t' :
					*p == 's' ? ' ' : *p == '0' ? '\0' : *p;
			}
		}
		s[n] = '\0';
		got = model_parse(s, strtoul(base, NULL, 10) |
				  (flags[0] == 'n' ? NEWLINE_FLAG : 0), t, &v,
				  wrong_model);
		want = !strcmp(ret, "-EINVAL") ? -EINVAL :
			!strcmp(ret, "-ERANGE") ? -ERANGE : atoi(ret);
		wv = poison(t);
		if (strcmp(value, "-"))
			wv = types[t].is_signed ?
				(unsigned long long)strtoll(value, NULL, 10) :
				strtoull(value, NULL, 10);
		nvec++;
		if (got != want || v != wv) {
			diag("%s:%lu: model %d %#llx, vector %d %#llx",
			     path, lineno, got, v, want, wv);
			bad++;
		}
	}
	fclose(f);
	diag("%d-bit long: %lu vectors, %lu for the other width, %lu disagree with the model",
	     long_bits, nvec, other, bad);
	return bad || !nvec;
}

/* ---- main */

static void print_usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s [-w writers] [-r readers] [-t seconds] [-q requests]\n"
		"\t[-s seed] [-d dir] [-F none|errno|seq|value|torn|store] [-M]\n"
		"\t[-L 32|64 (with -F)]\n"
		"   or: %s [-L 32|64] -V parse_integer.vectors\n", prog, prog);
	exit(1);
}

static void make_pool(void)
{
	int t, i;

	for (t = 0; t < T_NR; t++) {
		unsigned long long max = type_max(t);

		sh->pool[t][0] = 0;
		sh->pool[t][1] = max;
		sh->pool[t][2] = types[t].is_signed ? -max - 1 : 1;
		for (i = 3; i < POOL; i++)
			sh->pool[t][i] = type_extend(t, rnd());
	}
}

static void sum(struct stats *s, const struct stats *a)
{
	int i;

	s->parse_writes += a->parse_writes;
	s->parse_full += a->parse_full;
	s->parse_short += a->parse_short;
	s->parse_empty += a->parse_empty;
	s->knob_writes += a->knob_writes;
	s->knob_full += a->knob_full;
	s->knob_short += a->knob_short;
	s->skipped += a->skipped;
	s->result_reads += a->result_reads;
	s->knob_reads += a->knob_reads;
	s->failures += a->failures;
	for (i = 0; i < MAX_ERRNO; i++) {
		s->parse_errno[i] += a->parse_errno[i];
		s->knob_errno[i] += a->knob_errno[i];
	}
}

static void print_errnos(const char *what, const unsigned long *c)
{
	char line[512];
	int i, n = 0;

	for (i = 0; i < MAX_ERRNO; i++)
		if (c[i])
			n += snprintf(line + n, sizeof(line) - n, ", %s %lu",
				      i ? strerrorname_np(i) : "other", c[i]);
	diag("%s errors: %s", what, n ? line + 2 : "none");
}

int main(int argc, char **argv)
{
	int writers = 8, readers = 2, requests = 1000;
	double seconds = 60;
	unsigned long long seed = time(NULL), seq0, seq, v;
	struct stats total = { 0 };
	char *buf, line[256];
	unsigned long accepted;
	double start, end;
	const char *why, *vectors = NULL;
	int i, t, opt, ret, status, bits = 0;
	unsigned int base;
	char flags;
	ssize_t n;

	page_size = sysconf(_SC_PAGESIZE);
	while ((opt = getopt(argc, argv, "w:r:t:q:s:d:F:ML:V:")) != -1) {
		switch (opt) {
		case 'w':
			writers = atoi(optarg);
			break;
		case 'r':
			readers = atoi(optarg);
			break;
		case 't':
			seconds = atof(optarg);	/* fractions too */
			break;
		case 'q':
			requests = atoi(optarg);
			break;
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 'd':
			dir = optarg;
			break;
		case 'F':
			fake_bug = optarg;
			break;
		case 'M':
			wrong_model = true;
			break;
		case 'L':
			bits = atoi(optarg);
			if (bits != 32 && bits != 64)
				print_usage(argv[0]);
			break;
		case 'V':
			vectors = optarg;
			break;
		default:
			print_usage(argv[0]);
		}
	}
	if (optind != argc || writers < 1 || readers < 0 || seconds < 0 ||
	    writers + readers > MAX_PROCS)
		print_usage(argv[0]);
	if (vectors && bits) {
		set_long_bits(bits);
		return check_vectors(vectors);
	}
	if (vectors) {
		set_long_bits(32);
		ret = check_vectors(vectors);
		set_long_bits(64);
		return check_vectors(vectors) | ret;
	}
	/* Only an emulated kernel's width can be chosen. */
	if (bits && !fake_bug)
		print_usage(argv[0]);
	io = &sysfs_io;
	if (fake_bug) {
		set_long_bits(bits ? bits : 64);
		io = pi_fake_io ? pi_fake_io(fake_bug, long_bits) : NULL;
		if (!io) {
			diag("-F %s: no such emulation of the module, or none in this build",
			     fake_bug);
			return 2;
		}
	} else {
		read_long_bits();
	}

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	table = mmap(NULL, TABLE_SIZE * sizeof(*table), PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	buf = malloc(4 * page_size);
	if (sh == MAP_FAILED || table == MAP_FAILED || !buf) {
		diag("out of memory");
		return 1;
	}
	st = &sh->st[MAX_PROCS];
	rng = seed | 1;
	make_pool();
	diag("%d writers, %d readers, %g s, seed %llu, %d-bit long%s%s%s",
	     writers, readers, seconds, seed, long_bits,
	     fake_bug ? ", emulated module with bug " : "",
	     fake_bug ? fake_bug : "", wrong_model ? ", wrong model" : "");

	open_files();
	for (t = 0; t < T_NR; t++)
		if (read_knob(t, &v))
			sh->initial[t] = v;
	n = do_read(F_RESULT, line, sizeof(line));
	why = n < 0 ? strerror(errno) : check_result(line, n, &seq0, &t,
						       &base, &flags, &ret, &v);
	if (why) {
		diag("result before the run '%s': %s", n > 0 ?
		     show(line, n) : "", why);
		return 1;
	}

	start = now();
	end = start + seconds;
	for (i = 0; i < writers + readers; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			diag("fork: %s", strerror(errno));
			return 1;
		}
		if (pid)
			continue;
		st = &sh->st[i];
		rng = (seed + i + 1) * 0x9e3779b97f4a7c15ULL | 1;
		open_files();
		if (i < writers) {
			who = "writer";
			writer(end);
		} else {
			who = "reader";
			reader(end);
		}
		exit(0);
	}
	while (wait(&status) > 0)
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			st->failures++, diag("a worker died (status %#x)",
					    status);

	/* Accepted requests must each have counted once. */
	for (i = 0; i < MAX_PROCS; i++)
		sum(&total, &sh->st[i]);
	accepted = total.parse_full + total.parse_short;
	n = do_read(F_RESULT, line, sizeof(line));
	why = n < 0 ? strerror(errno) : check_result(line, n, &seq, &t, &base,
						       &flags, &ret, &v);
	if (why)
		failure("result after the run '%s': %s", n > 0 ?
			show(line, n) : "", why);
	else if (seq - seq0 != accepted)
		failure("seq grew by %llu for %lu accepted requests",
			seq - seq0, accepted);

	for (t = 0; t < T_NR; t++)
		if (read_knob(t, &v) && !knob_allowed(t, v))
			failure("value_%s reads %#llx after the run",
				types[t].name, v);

	/* One at a time: each result must be exactly the model's. */
	who = "sequential";
	for (i = 0; i < requests; i++) {
		size_t len;

		do
			len = gen_request(buf);
		while (!len);
		parse_one(buf, len, true, &seq);
	}
	sum(&total, st);

	who = "stats";
	diag("duration %.1f s", now() - start);
	diag("parse writes %lu: %lu full, %lu short (a page of a longer write), %lu empty",
	     total.parse_writes, total.parse_full, total.parse_short,
	     total.parse_empty);
	print_errnos("parse", total.parse_errno);
	diag("knob writes %lu: %lu full, %lu short", total.knob_writes,
	     total.knob_full, total.knob_short);
	print_errnos("knob", total.knob_errno);
	diag("reads: result %lu, knobs %lu", total.result_reads,
	     total.knob_reads);
	diag("distinct outcomes %lu, requests skipped (table full) %lu",
	     sh->used, total.skipped);
	diag("failures %lu", total.failures);
	return total.failures ? 1 : 0;
}
