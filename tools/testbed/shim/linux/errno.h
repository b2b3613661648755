/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TB_LINUX_ERRNO_H
#define _TB_LINUX_ERRNO_H
/* the C library's <errno.h> includes <linux/errno.h> too: take the uapi one */
#include_next <linux/errno.h>
#endif
