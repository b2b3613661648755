/* SPDX-License-Identifier: GPL-2.0 */
/* Host shim: the compiler attributes the tested files use. */
#ifndef _TB_LINUX_COMPILER_H
#define _TB_LINUX_COMPILER_H

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define noinline		__attribute__((__noinline__))
#ifndef __always_inline
#define __always_inline		inline __attribute__((__always_inline__))
#endif
#define __must_check		__attribute__((__warn_unused_result__))
#define __maybe_unused		__attribute__((__unused__))
#define __used			__attribute__((__used__))
#define __pure			__attribute__((__pure__))
#define __cold			__attribute__((__cold__))
#define __user
#define __force
#define __iomem
#define __read_mostly
#define fallthrough		__attribute__((__fallthrough__))
#define __no_sanitize_address	__attribute__((__no_sanitize_address__))
#define READ_ONCE(x)		(*(const volatile typeof(x) *)&(x))
#define WRITE_ONCE(x, v)	(*(volatile typeof(x) *)&(x) = (v))
#define barrier()		__asm__ __volatile__("" : : : "memory")
#define IS_ENABLED(opt)		0

#endif
