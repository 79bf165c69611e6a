// SPDX-License-Identifier: GPL-2.0
/* Shell quoting of a command line (shell_quote.h). */
#include <string.h>
#include "shell_quote.h"

static bool plain_word(const char *w)
{
	if (!*w)
		return false;
	return w[strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			"0123456789_./=:,+@%^-")] == '\0';
}

/* one word, quoted, at buf[*at]; false (nothing written) when it does not fit */
static bool put_word(char *buf, size_t len, size_t *at, const char *w)
{
	size_t n = *at;

	if (n && n < len)
		buf[n] = ' ';
	n += n ? 1 : 0;
	if (plain_word(w)) {
		size_t wl = strlen(w);

		if (n + wl >= len)
			return false;
		memcpy(buf + n, w, wl);
		n += wl;
	} else {
		if (n + 1 >= len)
			return false;
		buf[n++] = '\'';
		for (; *w; w++) {
			const char *s = *w == '\'' ? "'\\''" : NULL;
			size_t sl = s ? 4 : 1;

			if (n + sl >= len)
				return false;
			memcpy(buf + n, s ? s : w, sl);
			n += sl;
		}
		if (n + 1 >= len)
			return false;
		buf[n++] = '\'';
	}
	buf[n] = '\0';
	*at = n;
	return true;
}

bool shell_quote_argv(char *buf, size_t len, char *const *argv)
{
	size_t at = 0;

	if (!len)
		return false;
	buf[0] = '\0';
	for (; argv && *argv; argv++) {
		if (put_word(buf, len, &at, *argv))
			continue;
		buf[at] = '\0';
		/* room for the mark: drop words until " ..." fits */
		while (at && at + 4 >= len) {
			char *sp = strrchr(buf, ' ');

			at = sp ? (size_t)(sp - buf) : 0;
			buf[at] = '\0';
		}
		if (at + (at ? 4 : 3) < len)
			strcpy(buf + at, at ? " ..." : "...");
		return false;
	}
	return true;
}
