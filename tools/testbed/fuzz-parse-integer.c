// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: patched parse_integer() of every type against the
 * model in ref.c, and patched kstrto*() against the model and against
 * the pristine kstrto*() for the valid radices.
 *
 * Input: byte 0 = type (low bits) and PARSE_INTEGER_NEWLINE (bit 7),
 * byte 1 = base (below 0xe0: one of a few; 0xe0..0xfe: 0..30; 0xff: the
 * next four bytes), rest = string.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ref.h"

static const unsigned int bases[] = { 0, 2, 8, 10, 16, 1, 17, 36 };

static void fail(const char *what, const char *s, unsigned int base,
		 enum ref_type t, int rc1, unsigned long long v1,
		 int rc2, unsigned long long v2)
{
	fprintf(stderr, "MISMATCH %s: base %#x, type %s, string \"", what, base,
		ref_types[t].name);
	for (; *s; s++)
		fprintf(stderr, *s >= ' ' && *s <= '~' ? "%c" : "\\x%02x",
			(unsigned char)*s);
	fprintf(stderr, "\": %d %#llx vs %d %#llx\n", rc1, v1, rc2, v2);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned long long rv = 0, kv = 0, pv = 0;
	enum ref_type t;
	unsigned int base;
	int rrc, krc, prc;
	bool nl;
	char *s;

	if (!patched_tb_ops.pi_ullong) {
		fprintf(stderr, "the patched tree has no parse_integer()\n");
		abort();
	}
	if (size < 2)
		return 0;
	t = (data[0] & 0x7f) % REF_NR_TYPES;
	nl = data[0] & 0x80;
	if (data[1] < 0xe0) {
		base = bases[data[1] % 8];
	} else if (data[1] < 0xff || size < 6) {
		base = data[1] - 0xe0u;
	} else {
		/* any 32-bit base, flag bits included */
		memcpy(&base, data + 2, 4);
		data += 4;
		size -= 4;
	}
	if (nl)
		base |= TB_PARSE_INTEGER_NEWLINE;
	/* an exact-size copy, so that ASan sees any read past the NUL */
	s = malloc(size - 1);
	memcpy(s, data + 2, size - 2);
	s[size - 2] = '\0';

	rrc = ref_parse_integer(s, base, t, &rv);
	krc = tb_parse_integer(&patched_tb_ops, s, base, t, &kv);
	if (rrc != krc || (rrc >= 0 && rv != kv))
		fail("parse_integer vs model", s, base, t, rrc, rv, krc, kv);

	/* kstrto*() is parse_integer(..., base | PARSE_INTEGER_NEWLINE) */
	base &= ~TB_PARSE_INTEGER_NEWLINE;
	if (base != 1 && base <= 16) {
		rrc = ref_parse_integer(s, base | TB_PARSE_INTEGER_NEWLINE, t, &rv);
		krc = tb_kstrto(&patched_tb_ops, t, s, base, &kv);
		prc = tb_kstrto(&pristine_tb_ops, t, s, base, &pv);
		if ((rrc < 0 ? rrc : 0) != krc || (krc == 0 && rv != kv))
			fail("kstrto vs model", s, base, t, rrc, rv, krc, kv);
		if (prc != krc || (krc == 0 && pv != kv))
			fail("kstrto pristine vs patched", s, base, t, prc, pv, krc, kv);
	}
	free(s);
	return 0;
}
