/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TB_ASM_BYTEORDER_H
#define _TB_ASM_BYTEORDER_H
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the testbed models x86-64: little-endian hosts only"
#endif
#endif
