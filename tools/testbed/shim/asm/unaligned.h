/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TB_ASM_UNALIGNED_H
#define _TB_ASM_UNALIGNED_H
#include <string.h>
#define get_unaligned(p) ({ typeof(*(p)) __v; memcpy(&__v, (p), sizeof(__v)); __v; })
#define put_unaligned(v, p) do { typeof(*(p)) __v = (v); memcpy((p), &__v, sizeof(__v)); } while (0)
#endif
