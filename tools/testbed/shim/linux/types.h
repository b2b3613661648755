/* SPDX-License-Identifier: GPL-2.0 */
/* Host shim: the kernel integer types on top of the C library's. */
#ifndef _TB_LINUX_TYPES_H
#define _TB_LINUX_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <linux/compiler.h>

/* as in asm-generic/int-ll64.h */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef signed char s8;
typedef short s16;
typedef int s32;
typedef long long s64;
typedef size_t __kernel_size_t;

#endif
