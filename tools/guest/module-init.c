// SPDX-License-Identifier: GPL-2.0
/*
 * module-init: the whole user space of a cross-architecture smoke boot
 * (tools/qa/cross-boot.sh). As /init of an initramfs it loads the
 * modules listed in /modules.list, one "FILE [PARAMETERS]" a line (FILE
 * in /modules/), in that order, unloads them in reverse, reports each
 * step on the console and powers off. The modules' own verdicts ("NAME:
 * all N tests passed") are in the kernel log on the same console; the
 * host judges both (tools/qa/cross-boot-judge.sh). Linked statically
 * with the target's C library: no loader, no shell.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/reboot.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_MODULES 16

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

int main(void)
{
	char line[256], *params;
	int n = 0, failed = 0;
	FILE *list = fopen("/modules.list", "r");

	if (!list) {
		say("no /modules.list: %s", strerror(errno));
		failed = 1;
	}
	while (list && n < MAX_MODULES && fgets(line, sizeof(line), list)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
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
