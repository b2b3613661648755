/* SPDX-License-Identifier: GPL-2.0 */
/* Host shim: the bits of <linux/kernel.h> the tested files use. */
#ifndef _TB_LINUX_KERNEL_H
#define _TB_LINUX_KERNEL_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/limits.h>
#include <linux/bug.h>
#include <linux/build_bug.h>
#if __has_include(<linux/kstrtox.h>)
#include <linux/kstrtox.h>
#endif

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define REPEAT_BYTE(x)		((~0ul / 0xff) * (x))
#define min(a, b)		((a) < (b) ? (a) : (b))
#define max(a, b)		((a) > (b) ? (a) : (b))
#define min_t(t, a, b)		min((t)(a), (t)(b))
#define max_t(t, a, b)		max((t)(a), (t)(b))
#define BITS_PER_LONG		(8 * __SIZEOF_LONG__)

#endif
