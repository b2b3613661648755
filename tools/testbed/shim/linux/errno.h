/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TB_LINUX_ERRNO_H
#define _TB_LINUX_ERRNO_H
#include <errno.h>
#endif
