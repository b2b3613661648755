// SPDX-License-Identifier: GPL-2.0
/*
 * Host harness for devt_from_devnum() of 6.12's block/early-lookup.c:
 * tools/tests/test-early-lookup.sh cuts the function and its helper out
 * of a tree (tools/testbed/extract.awk) into extracted.c and links that
 * tree's lib/parse-integer.c, with tools/testbed/shim's headers. Prints
 * "RC" or "0 MAJ:MIN" for the name given as the one argument.
 */
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/parse-integer.h>
#include <stdio.h>
#include <string.h>

#define __init

/* <linux/kdev_t.h>'s encoding (the shim has none). */
typedef unsigned int kdev_t32;
#define dev_t kdev_t32
#define MINORBITS 20
#define MKDEV(ma, mi) (((ma) << MINORBITS) | (mi))
#define MAJOR(d) ((unsigned int)((d) >> MINORBITS))
#define MINOR(d) ((unsigned int)((d) & ((1U << MINORBITS) - 1)))

static inline dev_t new_decode_dev(u32 dev)
{
	unsigned int major = (dev & 0xfff00) >> 8;
	unsigned int minor = (dev & 0xff) | ((dev >> 12) & 0xfff00);

	return MKDEV(major, minor);
}

static char *skip_spaces(const char *s)
{
	while (isspace(*s))
		s++;
	return (char *)s;
}

#include "extracted.c"

int main(int argc, char **argv)
{
	dev_t d = 12345;
	int rc;

	if (argc != 2)
		return 2;
	rc = devt_from_devnum(argv[1], &d);
	if (rc)
		printf("%d\n", rc);
	else
		printf("0 %u:%u\n", MAJOR(d), MINOR(d));
	return 0;
}
