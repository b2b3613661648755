/* SPDX-License-Identifier: GPL-2.0 */
/* Host shim: the kernel integer types on top of the C library's. */
#ifndef _TB_LINUX_TYPES_H
#define _TB_LINUX_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <linux/compiler.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;
typedef size_t __kernel_size_t;
typedef unsigned long uintptr_t_kernel;

#endif
