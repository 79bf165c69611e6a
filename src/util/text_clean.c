// SPDX-License-Identifier: GPL-2.0
/* Strings made fit for JSON and terminals (see text_clean.h). */
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
