/* SPDX-License-Identifier: GPL-2.0 */
/* Host shim: WARN*() count into tb_warnings instead of printing. */
#ifndef _TB_LINUX_BUG_H
#define _TB_LINUX_BUG_H

#include <stdlib.h>
#include <linux/compiler.h>
#include <linux/build_bug.h>

extern unsigned long tb_warnings;

#define WARN_ON(cond) ({						\
	int __ret_warn = !!(cond);					\
	if (unlikely(__ret_warn))					\
		tb_warnings++;						\
	unlikely(__ret_warn);						\
})
#define WARN_ON_ONCE(cond)	WARN_ON(cond)
#define WARN(cond, ...)		WARN_ON(cond)
#define WARN_ONCE(cond, ...)	WARN_ON(cond)
#define BUG()			abort()
#define BUG_ON(cond)		do { if (unlikely(cond)) abort(); } while (0)

#endif
