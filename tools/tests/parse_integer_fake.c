// SPDX-License-Identifier: GPL-2.0
/*
 * Host-only emulation of test_parse_integer's sysfs files, with one
 * injected bug, for the stress test's -F (selftests/lib/
 * parse_integer_stress.c): the host test links it in to show that each
 * of the stress test's checks can fail.  It is the model of
 * parse_integer_model.h behind the files, always the right one, plus:
 *
 *   none   no bug
 *   errno  about one write in 5000 fails with EIO, which the ABI does
 *          not document
 *   seq    about one accepted request in 5000 does not count in <seq>
 *   value  about one parsed value in 50 is off by one bit
 *   torn   a knob is stored in two halves without the lock
 *   store  about one failed knob write in 100 stores a random value
 *
 * Its state is shared by the stress test's processes (it forks after
 * pi_fake_io()); each process draws its bugs from a generator of its own.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "parse_integer_model.h"

static struct fake {
	pthread_mutex_t lock;
	unsigned long long seq;
	int type;
	unsigned int base;
	char flags;
	int ret;
	unsigned long long val;
	unsigned long long knob[T_NR];
} *fk;

static const char *fake_bug;
static size_t page_size;

/* The injected bug NAME strikes about once in ONE_IN calls. */
static bool bug(const char *name, unsigned int one_in)
{
	static unsigned long long rng;
	static pid_t pid;

	if (strcmp(fake_bug, name))
		return false;
	if (pid != getpid()) {
		pid = getpid();
		rng = (unsigned long long)pid * 0x9e3779b97f4a7c15ULL | 1;
	}
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng % one_in == 0;
}

static int fake_parse(const char *buf, size_t len)
{
	char *s = strndup(buf, len);
	unsigned long long v;
	struct req r;
	int hdr, ret;

	hdr = model_header(buf, len, &r);
	if (hdr < 0) {
		free(s);
		return hdr;
	}
	ret = model_parse(s + hdr, r.base | (r.flags == 'n' ? NEWLINE_FLAG : 0),
			  r.type, &v, false);
	free(s);
	pthread_mutex_lock(&fk->lock);
	if (!bug("seq", 5000))
		fk->seq++;
	fk->type = r.type;
	fk->base = r.base;
	fk->flags = r.flags;
	fk->ret = ret;
	fk->val = ret >= 0 && bug("value", 50) ? v ^ 1 : v;
	pthread_mutex_unlock(&fk->lock);
	return 0;
}

static int fake_store(int t, const char *buf, size_t len)
{
	char *s = strndup(buf, len);
	unsigned long long v;
	int ret;

	ret = model_parse(s, NEWLINE_FLAG, t, &v, false);
	free(s);
	if (ret < 0) {
		if (bug("store", 100))
			fk->knob[t] = rand();
		return ret;
	}
	if (!strcmp(fake_bug, "torn")) {
		unsigned int *half = (unsigned int *)&fk->knob[t];

		__atomic_store_n(&half[0], (unsigned int)v, __ATOMIC_RELAXED);
		sched_yield();
		__atomic_store_n(&half[1], (unsigned int)(v >> 32),
				 __ATOMIC_RELAXED);
	} else {
		pthread_mutex_lock(&fk->lock);
		fk->knob[t] = v;
		pthread_mutex_unlock(&fk->lock);
	}
	return 0;
}

/* One write(), as sysfs does it: at most a page reaches the module. */
static ssize_t fake_write(int f, const char *buf, size_t len)
{
	int ret;

	if (!len)
		return 0;
	if (len > page_size)
		len = page_size;
	if (bug("errno", 5000)) {
		errno = EIO;
		return -1;
	}
	ret = f == F_PARSE ? fake_parse(buf, len) :
		fake_store(f - F_VALUE, buf, len);
	if (ret < 0) {
		errno = -ret;
		return -1;
	}
	return len;
}

static ssize_t fake_read(int f, char *buf, size_t size)
{
	int t = f - F_VALUE;

	pthread_mutex_lock(&fk->lock);
	if (f == F_RESULT && !fk->seq)
		snprintf(buf, size, "0 none 0 - 0 0\n");
	else if (f == F_RESULT)
		snprintf(buf, size, types[fk->type].is_signed ?
			 "%llu %s %u %c %d %lld\n" :
			 "%llu %s %u %c %d %llu\n",
			 fk->seq, types[fk->type].name, fk->base, fk->flags,
			 fk->ret, fk->val);
	else
		snprintf(buf, size, types[t].is_signed ? "%lld\n" : "%llu\n",
			 type_extend(t, fk->knob[t]));
	pthread_mutex_unlock(&fk->lock);
	return strlen(buf);
}

static const struct pi_io fake_io = { fake_write, fake_read };

/* The emulation with the bug BUG_NAME, for a kernel of LONG_BITS. */
const struct pi_io *pi_fake_io(const char *bug_name, int long_bits)
{
	static const char *const bugs[] = {
		"none", "errno", "seq", "value", "torn", "store",
	};
	pthread_mutexattr_t ma;
	size_t i;

	for (i = 0; i < sizeof(bugs) / sizeof(bugs[0]); i++)
		if (!strcmp(bugs[i], bug_name))
			break;
	if (i == sizeof(bugs) / sizeof(bugs[0]))
		return NULL;
	fk = mmap(NULL, sizeof(*fk), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (fk == MAP_FAILED)
		return NULL;
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_mutex_init(&fk->lock, &ma);
	fake_bug = bug_name;
	page_size = sysconf(_SC_PAGESIZE);
	model_set_long_bits(long_bits);
	return &fake_io;
}
