/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TB_LINUX_OVERFLOW_H
#define _TB_LINUX_OVERFLOW_H

#include <linux/compiler.h>

#define check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)
#define check_sub_overflow(a, b, d)	__builtin_sub_overflow(a, b, d)
#define check_mul_overflow(a, b, d)	__builtin_mul_overflow(a, b, d)

#endif
