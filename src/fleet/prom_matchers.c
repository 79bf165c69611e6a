// SPDX-License-Identifier: GPL-2.0
/* PromQL label matchers and label names, read and written back (prom_matchers.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "prom_matchers.h"
#include "text_clean.h"

/* Bytes of a decoded label value (an --arm is at most 511 characters). */
#define VALUE_MAX 512

/* The reading of one MATCHERS: where it is, what it has written back. */
struct reader {
	const char *in, *p;
	char *out;
	size_t len, used;
	char *why;
	size_t why_len;
};

static int fail_at(struct reader *r, const char *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail_at(struct reader *r, const char *at, const char *fmt, ...)
{
	char rest[24 * 4 + TEXT_LINE_TAIL], what[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (*at)
		snprintf(r->why, r->why_len, "at character %zu ('%s'): %s",
			 (size_t)(at - r->in) + 1, text_line(at, 24, rest,
							     sizeof(rest)), what);
	else
		snprintf(r->why, r->why_len, "at its end (character %zu): %s",
			 (size_t)(at - r->in) + 1, what);
	return -1;
}

static void put(struct reader *r, const char *s, size_t n)
{
	if (r->used + n < r->len)
		memcpy(r->out + r->used, s, n);
	r->used += n;
}

static void skip_blanks(struct reader *r)
{
	while (*r->p && strchr(" \t\r\n", *r->p))
		r->p++;
}

static bool name_char(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       (!first && c >= '0' && c <= '9');
}

bool prom_label_name_ok(const char *s)
{
	for (const char *p = s; *p; p++)
		if (!name_char(*p, p == s))
			return false;
	return *s != '\0';
}

/* A code point as UTF-8 into buf: its length. */
static size_t utf8_put(unsigned long c, char *buf)
{
	if (c < 0x80) {
		buf[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		buf[0] = (char)(0xc0 | c >> 6);
		buf[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		buf[0] = (char)(0xe0 | c >> 12);
		buf[1] = (char)(0x80 | (c >> 6 & 0x3f));
		buf[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	buf[0] = (char)(0xf0 | c >> 18);
	buf[1] = (char)(0x80 | (c >> 12 & 0x3f));
	buf[2] = (char)(0x80 | (c >> 6 & 0x3f));
	buf[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}

/*
 * The escape at r->p (a backslash) in a string opened by quote: its
 * bytes into buf, their number in *n; r->p past it. PromQL's lexer's
 * rules: \a \b \f \n \r \t \v \\, the opening quote, \NNN (octal) and
 * \xNN (a byte), \uNNNN and \UNNNNNNNN (a code point, not a surrogate).
 */
static int read_escape(struct reader *r, char quote, char *buf, size_t *n)
{
	static const char named[] = "abfnrtv\\", byte[] = "\a\b\f\n\r\t\v\\";
	const char *at = r->p, *e = r->p + 1, *d;
	int digits, base;
	unsigned long max, x = 0;

	if (*e && strchr(named, *e)) {
		buf[0] = byte[strchr(named, *e) - named];
		*n = 1;
		r->p = e + 1;
		return 0;
	}
	if (*e == quote) {
		buf[0] = quote;
		*n = 1;
		r->p = e + 1;
		return 0;
	}
	if (*e >= '0' && *e <= '7')
		digits = 3, base = 8, max = 255, d = e;
	else if (*e == 'x')
		digits = 2, base = 16, max = 255, d = e + 1;
	else if (*e == 'u')
		digits = 4, base = 16, max = 0x10ffff, d = e + 1;
	else if (*e == 'U')
		digits = 8, base = 16, max = 0x10ffff, d = e + 1;
	else
		return fail_at(r, at, "an unknown escape (\\a \\b \\f \\n \\r \\t "
			       "\\v \\\\ \\%c \\NNN \\xNN \\uNNNN \\UNNNNNNNN)", quote);
	for (int i = 0; i < digits; i++) {
		char c = d[i];
		int v = c >= '0' && c <= '9' ? c - '0' :
			c >= 'a' && c <= 'f' ? c - 'a' + 10 :
			c >= 'A' && c <= 'F' ? c - 'A' + 10 : 99;

		if (v >= base)
			return fail_at(r, at, "an escape of %d %s digits", digits,
				       base == 8 ? "octal" : "hex");
		x = x * base + v;
	}
	if (x > max || (x >= 0xd800 && x < 0xe000))
		return fail_at(r, at, "an escape of no character (past %#lx, or "
			       "a surrogate)", max);
	if (!x)
		return fail_at(r, at, "a NUL in a label value");
	*n = base == 8 || *e == 'x' ? (buf[0] = (char)x, 1) : utf8_put(x, buf);
	r->p = d + digits;
	return 0;
}

/* The string at r->p, decoded into val (VALUE_MAX bytes); r->p past it. */
static int read_string(struct reader *r, char *val)
{
	const char *open = r->p;
	char quote = *r->p;
	size_t n = 0;

	if (quote != '"' && quote != '\'' && quote != '`')
		return fail_at(r, r->p, "want a quoted value (\"...\", '...' or `...`)");
	for (r->p++; *r->p != quote; ) {
		char buf[4];
		unsigned int cp;
		size_t bl = utf8_char(r->p, &cp);

		if (!*r->p || (*r->p == '\n' && quote != '`'))
			return fail_at(r, open, "a string not closed");
		if (!bl)
			return fail_at(r, r->p, "a byte that is not UTF-8");
		if (*r->p == '\\' && quote != '`') {
			if (read_escape(r, quote, buf, &bl))
				return -1;
		} else {
			memcpy(buf, r->p, bl);
			r->p += bl;
		}
		if (n + bl >= VALUE_MAX)
			return fail_at(r, open, "a value longer than %d bytes",
				       VALUE_MAX - 1);
		memcpy(val + n, buf, bl);
		n += bl;
	}
	r->p++;
	val[n] = '\0';
	return 0;
}

/* val double-quoted: quotes, backslashes, controls and stray bytes escaped */
static void put_value(struct reader *r, const char *val)
{
	put(r, "\"", 1);
	for (const char *v = val; *v; ) {
		unsigned int cp;
		size_t n = utf8_char(v, &cp);
		char esc[8];

		if (n && (cp == '"' || cp == '\\')) {
			esc[0] = '\\';
			esc[1] = *v;
			put(r, esc, 2);
		} else if (n && (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0))) {
			put(r, esc, snprintf(esc, sizeof(esc), "\\u%04x", cp));
		} else if (!n) {
			put(r, esc, snprintf(esc, sizeof(esc), "\\x%02x",
					     (unsigned char)*v));
			n = 1;
		} else {
			put(r, v, n);
		}
		v += n;
	}
	put(r, "\"", 1);
}

/* One LABEL OP STRING at r->p, written back. */
static int read_matcher(struct reader *r)
{
	static const char *const ops[] = { "=~", "!~", "!=", "=" };
	const char *name = r->p;
	char val[VALUE_MAX];
	size_t i;

	if (!name_char(*r->p, true))
		return fail_at(r, r->p, "want a label name ([a-zA-Z_][a-zA-Z0-9_]*)");
	while (name_char(*r->p, false))
		r->p++;
	put(r, name, r->p - name);
	skip_blanks(r);
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strncmp(r->p, ops[i], strlen(ops[i])))
			break;
	if (i == sizeof(ops) / sizeof(ops[0]))
		return fail_at(r, r->p, "want =, !=, =~ or !~ after the label name");
	put(r, ops[i], strlen(ops[i]));
	r->p += strlen(ops[i]);
	skip_blanks(r);
	if (read_string(r, val))
		return -1;
	put_value(r, val);
	return 0;
}

int prom_matchers_rewrite(const char *in, char *out, size_t len, char *why,
			  size_t why_len)
{
	struct reader r = { in, in, out, len, 0, why, why_len };
	bool brace;
	int n = 0;

	skip_blanks(&r);
	brace = *r.p == '{';
	r.p += brace;
	for (;;) {
		skip_blanks(&r);
		if (!*r.p || *r.p == '}')
			break;	/* none, or a comma after the last */
		if (read_matcher(&r))
			return -1;
		n++;
		skip_blanks(&r);
		if (*r.p != ',')
			break;
		r.p++;
		put(&r, ",", 1);
	}
	if (*r.p && *r.p != '}')
		return fail_at(&r, r.p, "want a comma or the end of the matchers");
	if (brace != (*r.p == '}'))
		return fail_at(&r, r.p, brace ? "want '}' after the matchers" :
			       "a '}' without its '{'");
	r.p += brace;
	skip_blanks(&r);
	if (*r.p)
		return fail_at(&r, r.p, "want the end after '}'");
	if (!n)
		return fail_at(&r, r.p, "no matcher");
	if (r.used && out[r.used - 1] == ',')
		r.used--;	/* a comma after the last matcher */
	if (r.used >= len)
		return fail_at(&r, r.p, "longer than %zu characters written back",
			       len - 1);
	out[r.used] = '\0';
	return 0;
}
