/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TB_ASM_PAGE_H
#define _TB_ASM_PAGE_H
#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define PAGE_MASK	(~(PAGE_SIZE - 1))
#endif
