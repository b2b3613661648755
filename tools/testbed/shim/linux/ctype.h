/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host shim: ASCII classification as the kernel's <linux/ctype.h> does it
 * for the characters that matter here (independent of the C locale).
 */
#ifndef _TB_LINUX_CTYPE_H
#define _TB_LINUX_CTYPE_H

static inline int tb_isdigit(int c)  { return c >= '0' && c <= '9'; }
static inline int tb_islower(int c)  { return c >= 'a' && c <= 'z'; }
static inline int tb_isupper(int c)  { return c >= 'A' && c <= 'Z'; }
static inline int tb_isalpha(int c)  { return tb_islower(c) || tb_isupper(c); }
static inline int tb_isxdigit(int c)
{
	return tb_isdigit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}
static inline int tb_isspace(int c)
{
	c &= 0xff;
	return c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0;
}

#define isdigit(c)	tb_isdigit((unsigned char)(c))
#define isxdigit(c)	tb_isxdigit((unsigned char)(c))
#define islower(c)	tb_islower((unsigned char)(c))
#define isupper(c)	tb_isupper((unsigned char)(c))
#define isalpha(c)	tb_isalpha((unsigned char)(c))
#define isalnum(c)	(isalpha(c) || isdigit(c))
#define isspace(c)	tb_isspace((unsigned char)(c))
#define _tolower(c)	((c) | 0x20)
#define tolower(c)	(isupper(c) ? (c) - 'A' + 'a' : (c))
#define toupper(c)	(islower(c) ? (c) - 'a' + 'A' : (c))

#endif
