// SPDX-License-Identifier: GPL-2.0
/*
 * Allocation failures for test_parse_integer, driven through the task's
 * /proc/self/task/<tid>/fail-nth (CONFIG_FAULT_INJECTION; slab
 * allocations fail only with CONFIG_FAILSLAB and failslab's
 * ignore-gfp-wait off, which parse_integer_faults.sh sets up): the n-th
 * allocation of the next system call fails, for n = 1, 2, ... until the
 * call makes fewer than n allocations.
 *
 *	parse_integer_faults load MODULE.ko NAME [STRIDE]
 *
 * Each allocation of finit_module() fails in turn (every STRIDE-th one,
 * default 1): the load must fail, leaving no /sys/module/NAME behind, or
 * succeed despite the failure (then it is unloaded).  The first call
 * without an injected failure must load the module, which stays loaded.
 *
 *	parse_integer_faults writes DIR
 *
 * With the module loaded (DIR is /sys/kernel/test_parse_integer): each
 * allocation of a write to "parse" and to every "value_<type>" fails in
 * turn.  A write that fails must fail with ENOMEM, as the ABI says, and
 * leave "result" or the stored value as it was; a write the failure did
 * not stop, and the first one without a failure, must have the effect of
 * a normal write.  "parse" must reach at least two allocations (the
 * sysfs buffer and the module's own copy of the input).
 *
 * One "# " line per finding and a last line that sums up; exit 0 pass,
 * 1 fail, 4 skip (no fail-nth), 2 usage or I/O error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../kselftest.h"

#define MAX_FAULTS	4096	/* a call with more allocations is a bug */
#define BUF		256

static int fail_nth_fd = -1;
static int problems;

static void finding(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	printf("# ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
	problems++;
}

static void io_error(const char *what)
{
	printf("# %s: %s\n", what, strerror(errno));
	exit(2);
}

/* Arm fail-nth: the n-th allocation of this task from now on fails. */
static void arm(unsigned int n)
{
	char s[16];
	int len = snprintf(s, sizeof(s), "%u", n);

	if (pwrite(fail_nth_fd, s, len, 0) != len)
		io_error("write fail-nth");
}

/* Disarm it; true if the armed failure was injected. */
static int injected(void)
{
	char s[16] = "";
	int len = pread(fail_nth_fd, s, sizeof(s) - 1, 0);

	if (len <= 0)
		io_error("read fail-nth");
	s[len] = '\0';
	arm(0);
	return strtoul(s, NULL, 10) == 0;
}

static void open_fail_nth(void)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/self/task/%ld/fail-nth",
		 (long)syscall(SYS_gettid));
	fail_nth_fd = open(path, O_RDWR);
	if (fail_nth_fd < 0) {
		printf("# %s: %s (CONFIG_FAULT_INJECTION is off)\n", path,
		       strerror(errno));
		exit(4);
	}
}

/* The first line of a file, without its newline ("" if unreadable). */
static void read_line(const char *path, char *buf)
{
	int fd = open(path, O_RDONLY);
	int len = fd < 0 ? -1 : read(fd, buf, BUF - 1);

	if (fd >= 0)
		close(fd);
	if (len < 0)
		len = 0;
	buf[len] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
}

static int module_present(const char *name)
{
	char path[BUF];
	struct stat st;

	snprintf(path, sizeof(path), "/sys/module/%s", name);
	return stat(path, &st) == 0;
}

static int load_sweep(const char *ko, const char *name, unsigned int stride)
{
	unsigned int n, failed = 0, tolerated = 0;
	int fd = open(ko, O_RDONLY | O_CLOEXEC);
	long ret;

	if (fd < 0)
		io_error(ko);
	if (module_present(name)) {
		printf("# %s is loaded: unload it first\n", name);
		return 2;
	}
	for (n = 1; n <= MAX_FAULTS; n += stride) {
		int err;

		arm(n);
		ret = syscall(SYS_finit_module, fd, "", 0);
		err = errno;
		if (!injected()) {
			if (ret)
				finding("load without an injected failure: %s",
					strerror(err));
			break;
		}
		if (!ret) {
			tolerated++;
			if (syscall(SYS_delete_module, name, O_NONBLOCK))
				io_error("delete_module");
		} else if (module_present(name)) {
			finding("allocation %u: load failed (%s) but /sys/module/%s is left",
				n, strerror(err), name);
		} else {
			failed++;
		}
	}
	if (n > MAX_FAULTS)
		finding("finit_module() still allocating after %d failures",
			MAX_FAULTS);
	printf("%u of %u allocations failed in turn: ", failed + tolerated,
	       n - 1);
	printf("%u loads failed cleanly, %u succeeded anyway; then %s\n",
	       failed, tolerated, module_present(name) ? "loaded" : "NOT loaded");
	return problems ? 1 : 0;
}

/*
 * One write's outcome, WHAT the allocation that failed ("" if none did):
 * a write that went through must show WANT in STATE; one that failed
 * must have failed with ENOMEM, after a failed allocation, and left
 * STATE as it was (BEFORE).
 */
static void judge_write(const char *file, const char *what, ssize_t ret,
			ssize_t len, int err, const char *state,
			const char *before, const char *after,
			const char *want)
{
	const char *errstr = ret < 0 ? strerror(err) : "-";

	if (ret == len) {
		if (strcmp(after, want))
			finding("%s%s: written, but %s reads \"%s\", not \"%s\"",
				file, what, state, after, want);
	} else if (!*what || ret >= 0 || err != ENOMEM) {
		finding("%s%s: write returned %zd (%s), not %s", file, what,
			ret, errstr, *what ? "ENOMEM" : "its count");
	} else if (strcmp(after, before)) {
		finding("%s%s failed with ENOMEM but %s changed: \"%s\" -> \"%s\"",
			file, what, state, before, after);
	}
}

/*
 * Write REQ to DIR/FILE with each allocation failing in turn; STATE is the
 * file that shows the effect, WANT_FMT its content after a normal write
 * (with "%u" for the request counter, the old one plus one).  Returns the
 * number of allocations failed.
 */
static unsigned int write_sweep(const char *dir, const char *file,
				const char *req, const char *state,
				const char *want_fmt)
{
	char path[BUF], state_path[BUF], before[BUF], after[BUF], want[BUF];
	char what[32];
	unsigned int n, faults = 0;
	ssize_t ret, len = strlen(req);
	int fd, err, fault;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	snprintf(state_path, sizeof(state_path), "%s/%s", dir, state);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		io_error(path);
	for (n = 1; n <= MAX_FAULTS; n++) {
		read_line(state_path, before);
		snprintf(want, sizeof(want), want_fmt,
			 (unsigned int)strtoul(before, NULL, 10) + 1);
		arm(n);
		ret = write(fd, req, len);
		err = errno;
		fault = injected();
		read_line(state_path, after);
		if (fault)
			snprintf(what, sizeof(what), ", allocation %u", n);
		else
			what[0] = '\0';
		judge_write(file, what, ret, len, err, state, before, after,
			    want);
		if (!fault)
			break;
		faults++;
	}
	close(fd);
	return faults;
}

static const char *const types[] = {
	"s8", "u8", "s16", "u16", "s32", "u32", "long", "ulong", "s64", "u64",
};

static int writes(const char *dir)
{
	unsigned int i, faults, value_faults = 0;
	char file[32];

	faults = write_sweep(dir, "parse", "u8 10 - 42", "result",
			     "%u u8 10 - 2 42");
	if (faults < 2)
		finding("parse: %u allocation(s) to fail, not 2 (sysfs buffer, input copy)",
			faults);
	for (i = 0; i < ARRAY_SIZE(types); i++) {
		unsigned int f;
		char path[BUF], old[BUF], want[BUF];

		/* A value other than the one stored: a write must show. */
		snprintf(file, sizeof(file), "value_%s", types[i]);
		snprintf(path, sizeof(path), "%s/%s", dir, file);
		read_line(path, old);
		snprintf(want, sizeof(want), "%d", strcmp(old, "17") ? 17 : 18);
		f = write_sweep(dir, file, want, file, want);
		if (!f)
			finding("%s: no allocation failed", file);
		value_faults += f;
	}
	printf("parse: %u allocations failed in turn, value_<type>: %u in %zu files; %s\n",
	       faults, value_faults, ARRAY_SIZE(types),
	       problems ? "see above" :
	       "every failed write ENOMEM and nothing changed");
	return problems ? 1 : 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc >= 4 && argc <= 5 && !strcmp(argv[1], "load")) {
		open_fail_nth();
		return load_sweep(argv[2], argv[3],
				  argc == 5 ? strtoul(argv[4], NULL, 10) ?: 1 : 1);
	}
	if (argc == 3 && !strcmp(argv[1], "writes")) {
		open_fail_nth();
		return writes(argv[2]);
	}
	fprintf(stderr, "usage: %s load MODULE.ko NAME [STRIDE] | writes DIR\n",
		argv[0]);
	return 2;
}
