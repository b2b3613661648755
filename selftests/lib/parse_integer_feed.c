// SPDX-License-Identifier: GPL-2.0
/*
 * One process that carries parse_integer.sh's requests to the sysfs
 * files of test_parse_integer, so that the script forks nothing per
 * vector: bash's printf is line-buffered and would split an input with
 * an inner newline into two write()s, and a NUL cannot live in a bash
 * variable at all.
 *
 * Usage: parse_integer_feed DIR, as a coprocess.  Each line on stdin is
 *
 *	FILE PAYLOAD
 *
 * FILE a file in DIR ("parse", "value_u8", ...), PAYLOAD in the escape
 * syntax of parse_integer.vectors: \n \t \\ \s (space) \0 \xHH.  The
 * payload is sent with exactly one write().  Each request gets one line
 * on stdout:
 *
 *	ok [LINE]	written; after a write to "parse", LINE is the
 *			first line of DIR/result
 *	error MESSAGE	open() or write() failed (strerror), or the
 *			request was malformed
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define MAX_LINE	8192

/* Undo the escapes of PAYLOAD into OUT; the length, or -1 if malformed. */
static int unescape(const char *in, char *out)
{
	char *o = out;
	unsigned int hh;

	while (*in) {
		if (*in != '\\') {
			*o++ = *in++;
			continue;
		}
		switch (in[1]) {
		case 'n':
			*o++ = '\n';
			break;
		case 't':
			*o++ = '\t';
			break;
		case '\\':
			*o++ = '\\';
			break;
		case 's':
			*o++ = ' ';
			break;
		case '0':
			*o++ = '\0';
			break;
		case 'x':
			if (!isxdigit((unsigned char)in[2]) ||
			    !isxdigit((unsigned char)in[3]) ||
			    sscanf(in + 2, "%2x", &hh) != 1)
				return -1;
			*o++ = (char)hh;
			in += 2;
			break;
		default:
			return -1;
		}
		in += 2;
	}
	return o - out;
}

/* Write LEN bytes of BUF to DIR/FILE in one write(); 0 or an errno. */
static int send_one(int dir, const char *file, const char *buf, int len)
{
	int fd = openat(dir, file, O_WRONLY);
	int err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, buf, len) < 0)
		err = errno;
	close(fd);
	return err;
}

/* The first line of DIR/result into LINE, without its newline. */
static int read_result(int dir, char *line, int size)
{
	int fd = openat(dir, "result", O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return errno;
	n = read(fd, line, size - 1);
	close(fd);
	if (n < 0)
		return errno;
	line[n] = '\0';
	line[strcspn(line, "\n")] = '\0';
	return 0;
}

int main(int argc, char **argv)
{
	static char in[MAX_LINE], payload[MAX_LINE], result[MAX_LINE];
	int dir, len, err;
	char *sp;

	if (argc != 2) {
		fprintf(stderr, "usage: %s SYSFS_DIR\n", argv[0]);
		return 2;
	}
	dir = open(argv[1], O_RDONLY | O_DIRECTORY);
	if (dir < 0) {
		fprintf(stderr, "%s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(in, sizeof(in), stdin)) {
		in[strcspn(in, "\n")] = '\0';
		sp = strchr(in, ' ');
		len = sp ? unescape(sp + 1, payload) : -1;
		if (len < 0) {
			printf("error malformed request: %s\n", in);
			continue;
		}
		*sp = '\0';
		err = send_one(dir, in, payload, len);
		if (!err && !strcmp(in, "parse"))
			err = read_result(dir, result, sizeof(result));
		else
			result[0] = '\0';
		if (err)
			printf("error %s\n", strerror(err));
		else
			printf("ok%s%s\n", result[0] ? " " : "", result);
	}
	return 0;
}
