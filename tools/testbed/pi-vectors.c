// SPDX-License-Identifier: GPL-2.0
/*
 * pi-vectors: parse_integer() of ref.c's model and of the patched kernel
 * code, for requests read from stdin, one a line:
 *
 *	TYPE BASE NEWLINE HEX
 *
 * TYPE as in selftests/lib/parse_integer.vectors (u8 s8 u16 s16 u32 s32
 * ulong long u64 s64; long is the host's, 64 bits here), BASE decimal,
 * NEWLINE 1 for PARSE_INTEGER_NEWLINE, HEX the input bytes ("-": none).
 * One answer a line:
 *
 *	REF_RET REF_VALUE KERNEL_RET KERNEL_VALUE
 *
 * a value is the variable as a 64-bit two's complement number, or "-"
 * when the call failed.  The vectors file is the spec: the host test
 * tools/tests/test-testbed-vectors.py holds both answers against it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ref.h"

/* The type the spec calls NAME (TB_TYPES). */
static int type_of(const char *name, enum ref_type *type)
{
	int t;

	for (t = 0; t < REF_NR_TYPES; t++) {
		if (!strcmp(ref_types[t].spec, name)) {
			*type = t;
			return 0;
		}
	}
	return -1;
}

/* Decode HEX into buf (NUL-terminated); -1 when it is not hex. */
static int unhex(const char *hex, char *buf, size_t size)
{
	size_t n = 0;
	unsigned int byte;

	if (!strcmp(hex, "-")) {
		buf[0] = '\0';
		return 0;
	}
	while (hex[0] && hex[1]) {
		if (n + 1 >= size || sscanf(hex, "%2x", &byte) != 1)
			return -1;
		buf[n++] = (char)byte;
		hex += 2;
	}
	buf[n] = '\0';
	return hex[0] ? -1 : 0;
}

static void answer(int ret, unsigned long long val)
{
	if (ret < 0)
		printf("%d -", ret);
	else
		printf("%d %llu", ret, val);
}

int main(void)
{
	char line[4096], name[16], hex[2048], input[1024];
	unsigned int base, newline;
	unsigned long long rv, kv;
	enum ref_type type;
	int ret;

	while (fgets(line, sizeof(line), stdin)) {
		if (sscanf(line, "%15s %u %u %2047s", name, &base, &newline,
			   hex) != 4 || type_of(name, &type) ||
		    unhex(hex, input, sizeof(input))) {
			fprintf(stderr, "pi-vectors: bad request: %s", line);
			return 2;
		}
		if (newline)
			base |= TB_PARSE_INTEGER_NEWLINE;
		rv = kv = 0;
		ret = ref_parse_integer(input, base, type, &rv);
		answer(ret, rv);
		putchar(' ');
		ret = tb_parse_integer(&patched_tb_ops, input, base, type, &kv);
		answer(ret, kv);
		putchar('\n');
	}
	return 0;
}
