// SPDX-License-Identifier: GPL-2.0
/*
 * module-init: the whole user space of a cross-architecture smoke boot
 * (tools/qa/cross-boot.sh). As /init of an initramfs it mounts sysfs and
 * works through /modules.list in order, one step a line: "FILE
 * [PARAMETERS]" loads /modules/FILE, "/PROGRAM [ARGUMENTS]" runs a
 * program of the initramfs (with the modules above it loaded) and
 * requires exit status 0. Then it unloads the modules in reverse,
 * reports each step on the console and powers off. The modules' own
 * verdicts ("NAME: all N tests passed") are in the kernel log on the
 * same console; the host judges both (tools/qa/cross-boot-judge.sh).
 * Linked statically with the target's C library: no loader, no shell.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_MODULES 16
#define MAX_ARGS 16

static char names[MAX_MODULES][64];

static void say(const char *fmt, ...)
{
	va_list ap;

	printf("module-init: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

/* load /modules/FILE with PARAMS; its name (FILE without ".ko") into NAME */
static int load(const char *file, const char *params, char *name)
{
	char path[300];
	int fd, ret;

	snprintf(name, sizeof(names[0]), "%.*s", (int)strcspn(file, "."), file);
	snprintf(path, sizeof(path), "/modules/%s", file);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		say("%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	ret = syscall(SYS_finit_module, fd, params, 0);
	close(fd);
	if (ret) {
		say("%s: finit_module: %s", name, strerror(errno));
		return -1;
	}
	say("%s: loaded", name);
	return 0;
}

/* run LINE, "/PROGRAM [ARGUMENTS]" split at spaces; 0 if it exits 0 */
static int run(char *line)
{
	char *argv[MAX_ARGS + 1], *name;
	int argc = 0, status;
	pid_t pid;

	for (argv[0] = strtok(line, " "); argv[argc] && argc < MAX_ARGS;)
		argv[++argc] = strtok(NULL, " ");
	argv[argc] = NULL;
	name = strrchr(argv[0], '/') + 1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		execv(argv[0], argv);
		say("%s: cannot execute: %s", argv[0], strerror(errno));
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid) {
		say("%s: fork or wait failed: %s", name, strerror(errno));
		return -1;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		say("%s: passed", name);
		return 0;
	}
	if (WIFEXITED(status))
		say("%s: exit status %d", name, WEXITSTATUS(status));
	else
		say("%s: killed by signal %d", name, WTERMSIG(status));
	return -1;
}

int main(void)
{
	char line[256], *params;
	int n = 0, failed = 0;
	FILE *list = fopen("/modules.list", "r");

	mkdir("/sys", 0755);
	if (mount("sysfs", "/sys", "sysfs", 0, NULL)) {
		say("cannot mount sysfs on /sys: %s", strerror(errno));
		failed = 1;
	}
	if (!list) {
		say("no /modules.list: %s", strerror(errno));
		failed = 1;
	}
	while (list && n < MAX_MODULES && fgets(line, sizeof(line), list)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		if (line[0] == '/') {
			if (run(line))
				failed = 1;
			continue;
		}
		params = line + strcspn(line, " ");
		if (*params)
			*params++ = '\0';
		if (load(line, params, names[n]))
			failed = 1;
		else
			n++;
	}
	while (n-- > 0) {
		if (syscall(SYS_delete_module, names[n], O_NONBLOCK)) {
			say("%s: delete_module: %s", names[n], strerror(errno));
			failed = 1;
		} else {
			say("%s: unloaded", names[n]);
		}
	}
	say("done: %s", failed ? "FAILED" : "all loaded and unloaded");
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
