/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of the x86-64 word-at-a-time helpers (little-endian,
 * CONFIG_DCACHE_WORD_ACCESS).  The loads are inline asm, as in the
 * kernel, so the sanitizers do not see the deliberate over-reads.
 *
 * load_unaligned_zeropad() cannot take a page fault here: a load that
 * crosses into a page the testbed registered in tb_guard_pages[] (its
 * PROT_NONE pages) returns zeroes for the missing bytes, which is what
 * the kernel's exception fixup does.
 */
#ifndef _TB_ASM_WORD_AT_A_TIME_H
#define _TB_ASM_WORD_AT_A_TIME_H

#include <linux/kernel.h>
#include <asm/page.h>

#define TB_NR_GUARD_PAGES	4
extern unsigned long tb_guard_pages[TB_NR_GUARD_PAGES];

struct word_at_a_time {
	const unsigned long one_bits, high_bits;
};

#define WORD_AT_A_TIME_CONSTANTS { REPEAT_BYTE(0x01), REPEAT_BYTE(0x80) }

static inline long count_masked_bytes(unsigned long mask)
{
	return mask * 0x0001020304050608ul >> 56;
}

static inline unsigned long has_zero(unsigned long a, unsigned long *bits,
				     const struct word_at_a_time *c)
{
	unsigned long mask = ((a - c->one_bits) & ~a) & c->high_bits;

	*bits = mask;
	return mask;
}

static inline unsigned long prep_zero_mask(unsigned long a, unsigned long bits,
					   const struct word_at_a_time *c)
{
	return bits;
}

static inline unsigned long create_zero_mask(unsigned long bits)
{
	bits = (bits - 1) & ~bits;
	return bits >> 7;
}

#define zero_bytemask(mask)	(mask)

static inline unsigned long find_zero(unsigned long mask)
{
	return count_masked_bytes(mask);
}

static __always_inline unsigned long tb_load_word(const void *addr)
{
	unsigned long ret;

	__asm__("movq %1, %0" : "=r" (ret) : "m" (*(const unsigned long *)addr));
	return ret;
}

static __always_inline bool tb_guarded(unsigned long page)
{
	int i;

	for (i = 0; i < TB_NR_GUARD_PAGES; i++)
		if (tb_guard_pages[i] == page)
			return true;
	return false;
}

static __always_inline unsigned long load_unaligned_zeropad(const void *addr)
{
	unsigned long a = (unsigned long)addr;

	if (unlikely((a & (PAGE_SIZE - 1)) > PAGE_SIZE - sizeof(long)) &&
	    tb_guarded((a & PAGE_MASK) + PAGE_SIZE))
		return tb_load_word((const void *)(a & ~(sizeof(long) - 1))) >>
		       (8 * (a & (sizeof(long) - 1)));
	return tb_load_word(addr);
}

static __always_inline unsigned long read_word_at_a_time(const void *addr)
{
	return tb_load_word(addr);
}

#endif
