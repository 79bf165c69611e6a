// SPDX-License-Identifier: GPL-2.0
/* Strings made fit for JSON and terminals (see text_clean.h). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "text_clean.h"

/* The length of the valid UTF-8 sequence at s and its code point, or 0. */
static size_t utf8_seq(const unsigned char *s, unsigned int *cpp)
{
	unsigned int c = s[0], need, min, cp;

	*cpp = c;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		need = 1, min = 0x80, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		need = 2, min = 0x800, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		need = 3, min = 0x10000, cp = c & 0x07;
	else
		return 0;
	for (unsigned int i = 1; i <= need; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;	/* also stops at the NUL */
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	*cpp = cp;
	return need + 1;
}

size_t utf8_char(const char *s, unsigned int *cp)
{
	return *s ? utf8_seq((const unsigned char *)s, cp) : 0;
}

static size_t utf8_seq_len(const unsigned char *s)
{
	unsigned int cp;

	return utf8_seq(s, &cp);
}

char *utf8_valid_dup(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t l = strlen(s);
	char *out = malloc(3 * l + 1), *o = out;	/* each bad byte: 3 */

	if (!out)
		return NULL;
	while (*p) {
		size_t n = utf8_seq_len(p);

		if (n) {
			memcpy(o, p, n);
			o += n;
			p += n;
		} else {
			memcpy(o, "\xef\xbf\xbd", 3);
			o += 3;
			p++;
		}
	}
	*o = '\0';
	return out;
}

void ctrl_replace(char *s)
{
	unsigned char *p = (unsigned char *)s, *o = p;

	while (*p) {
		if (*p < 0x20 || *p == 0x7f) {
			*o++ = '?';
			p++;
		} else if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
			*o++ = '?';	/* C1 (CSI is U+009B) */
			p += 2;
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
}

void yaml_text_clean(char *s)
{
	unsigned char *p = (unsigned char *)s, *o = p;

	while (*p) {
		unsigned int cp;
		size_t n = utf8_seq(p, &cp);

		if (!n) {
			*o++ = '?';
			p++;
		} else if (cp < 0x20 || cp == 0x7f) {
			*o++ = ' ';
			p++;
		} else if ((cp >= 0x80 && cp < 0xa0) || cp == 0xfeff || cp == 0x2028 ||
			   cp == 0x2029 || cp >= 0xfffe) {
			*o++ = '?';	/* C1, BOM, line breaks, non-characters */
			p += n;
		} else {
			memmove(o, p, n);
			o += n;
			p += n;
		}
	}
	*o = '\0';
}

/* The escape of control character or stray byte c into out: its length. */
static size_t escape_byte(unsigned int c, bool c1, char *out)
{
	static const char named[] = { ['\n'] = 'n', ['\r'] = 'r', ['\t'] = 't' };

	if (c1)
		return sprintf(out, "\\u%04x", c);
	if (c < sizeof(named) && named[c])
		return sprintf(out, "\\%c", named[c]);
	return sprintf(out, "\\x%02x", c);
}

char *text_line(const char *s, size_t max, char *out, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0, o = 0, room = len - TEXT_LINE_TAIL;

	while (i < n && i < max) {
		unsigned int cp;
		size_t sl = utf8_seq(p + i, &cp), take = sl ? sl : 1, put = sl;
		const char *from = s + i;
		char esc[8];

		if (!sl || cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0)) {
			put = escape_byte(cp, sl > 1, esc);
			from = esc;
		}
		if (i + take > max || o + put > room)
			break;
		memcpy(out + o, from, put);
		o += put;
		i += take;
	}
	if (i < n)
		o += snprintf(out + o, len - o, "... (%zu bytes)", n);
	out[o] = '\0';
	return out;
}
