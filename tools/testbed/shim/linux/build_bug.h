/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TB_LINUX_BUILD_BUG_H
#define _TB_LINUX_BUILD_BUG_H

#define BUILD_BUG_ON(cond)	_Static_assert(!(cond), #cond)
#define BUILD_BUG_ON_ZERO(e)	((int)(sizeof(struct { int:(-!!(e)); })))
#define static_assert(expr, ...)	__static_assert(expr, ##__VA_ARGS__, #expr)
#define __static_assert(expr, msg, ...)	_Static_assert(expr, msg)

#endif
