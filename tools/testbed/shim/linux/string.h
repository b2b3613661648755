/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host shim: the C library's string functions, plus the declarations of
 * the kernel-only ones the tested files define or call.
 */
#ifndef _TB_LINUX_STRING_H
#define _TB_LINUX_STRING_H

#include <string.h>
#include <linux/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count);
ssize_t strscpy_truncate(char *dest, const char *src, size_t count);
ssize_t strscpy_pad(char *dest, const char *src, size_t count);
char *strnchrnul(const char *s, size_t count, int c);
void *memchr_inv(const void *s, int c, size_t n);
char *strreplace(char *s, char old, char new);

#endif
