// SPDX-License-Identifier: GPL-2.0
/* JSON written straight to a stream, byte for byte as json-c prints it. */
#define _GNU_SOURCE	/* the _unlocked stdio: the tools write from one thread */
#include <math.h>
#include <string.h>

#include "json_out.h"

struct json_out json_out_open(FILE *f, char bracket)
{
	putc_unlocked(bracket, f);
	return (struct json_out){ .f = f };
}

void json_out_close(struct json_out *o, char bracket)
{
	fputs_unlocked(bracket == '{' ? " }" : " ]", o->f);
}

void json_out_key(struct json_out *o, const char *key)
{
	fputs_unlocked(o->had_member ? ", " : " ", o->f);
	o->had_member = true;
	if (key) {
		json_out_string(o->f, key);
		fputs_unlocked(": ", o->f);
	}
}

/* json-c's escapes, without escaping '/' (JSON_C_TO_STRING_NOSLASHESCAPE) */
void json_out_string(FILE *f, const char *s)
{
	static const char *const esc[32] = {
		['\b'] = "\\b", ['\f'] = "\\f", ['\n'] = "\\n",
		['\r'] = "\\r", ['\t'] = "\\t",
	};
	const char *run = s;

	if (!s) {
		fputs_unlocked("null", f);
		return;
	}
	putc_unlocked('"', f);
	for (const char *p = s;; p++) {
		unsigned char ch = *p;

		if (ch >= 0x20 && ch != '"' && ch != '\\')
			continue;
		/* the plain run before it, in one write */
		fwrite_unlocked(run, 1, p - run, f);
		run = p + 1;
		if (!ch)
			break;
		if (ch == '"' || ch == '\\') {
			putc_unlocked('\\', f);
			putc_unlocked(ch, f);
		} else if (esc[ch]) {
			fputs_unlocked(esc[ch], f);
		} else {
			fprintf(f, "\\u%04x", ch);
		}
	}
	putc_unlocked('"', f);
}

/*
 * %.17g, with ".0" where that reads as an integer, as json-c prints it;
 * integers (most values: counts) without printf's floating-point path,
 * which was most of compare --json's writing.
 */
void json_out_double(FILE *f, double v)
{
	char buf[32];

	if (!isfinite(v)) {
		fputs_unlocked("null", f);
		return;
	}
	if (fabs(v) < 9007199254740992.0 && v == (double)(long long)v &&
	    !(v == 0 && signbit(v))) {
		char *p = buf + sizeof(buf);
		long long n = (long long)v;
		unsigned long long u = n < 0 ? -(unsigned long long)n :
					 (unsigned long long)n;

		*--p = '\0';
		do {
			*--p = '0' + u % 10;
			u /= 10;
		} while (u);
		if (n < 0)
			*--p = '-';
		fputs_unlocked(p, f);
		fputs_unlocked(".0", f);
		return;
	}
	snprintf(buf, sizeof(buf), "%.17g", v);
	fputs_unlocked(buf, f);
	if (!strpbrk(buf, ".e"))
		fputs_unlocked(".0", f);
}

void json_out_int(FILE *f, long long v)
{
	fprintf(f, "%lld", v);
}

void json_out_bool(FILE *f, bool v)
{
	fputs_unlocked(v ? "true" : "false", f);
}
