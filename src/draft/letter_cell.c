// SPDX-License-Identifier: GPL-2.0
/*
 * Cells and row labels of a letter's tables: "1,066", "748 +- 47", "12 (+3.1%)",
 * "OOM"; a label as drafting compares it.
 */
#define _GNU_SOURCE	/* strcasestr */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "grow.h"
#include "letter_shapes.h"
#include "text_clean.h"

/* Cells that stand for a run without a number. */
static const char *const text_cells[] = {
	"oom", "oom'd", "oomed", "n/a", "na", "n.a.", "-", "--", "\xe2\x80\x94",
	"crash", "crashed", "fail", "failed", "failure", "timeout", "dnf", "x",
	"?", "none", "inf", "nan", NULL };

/*
 * A number in a European locale's spelling at p, as perf stat prints it
 * there: "43.367.405,59", "7.393.238" (dots between thousands), "1403,441",
 * "0,466" (a decimal comma after four digits or a zero). Its digits into
 * buf[*n..], '.' for the comma; the end into *end. False for what an
 * English spelling reads ("1.234", "30,901"), for "1,5" (unless loose:
 * the spread of a value so spelled, "1404,47 +- 1,05"), or none.
 */
static bool european_number(const char *p, char *buf, size_t *n, size_t len,
			    const char **end, bool loose)
{
	size_t k = strspn(p, "0123456789"), o = *n, after;
	int groups = 0;
	const char *q = p + k;

	if (!k || k + o + 2 >= len)
		return false;
	memcpy(buf + o, p, k);
	o += k;
	while (k <= 3 && q[0] == '.' && strspn(q + 1, "0123456789") == 3 &&
	       o + 4 < len) {
		memcpy(buf + o, q + 1, 3);
		o += 3;
		q += 4;
		groups++;
	}
	if (*q == '.' || (*q == ',' && !isdigit((unsigned char)q[1])))
		return false;
	if (*q == ',') {
		after = strspn(q + 1, "0123456789");
		if (!groups && k <= 3 && p[0] != '0' && !loose)
			return false;	/* "30,901": thousands as English writes them; "1,5" a list */
		if (o + after + 2 >= len)
			return false;
		buf[o++] = '.';
		memcpy(buf + o, q + 1, after);
		o += after;
		q += 1 + after;
	} else if (groups < 2) {
		return false;	/* "1.234": a decimal point */
	}
	if (isdigit((unsigned char)*q) || *q == '.' || *q == ',')
		return false;
	*n = o;
	*end = q;
	return true;
}

static bool parse_number_in(const char **pp, double *v, bool *sign, bool *eu, bool loose)
{
	const char *p = *pp;
	char buf[64];
	size_t n = 0;
	bool digits = false;

	*sign = false;
	if (*p == '+' || *p == '-') {
		*sign = true;
		buf[n++] = *p++;
	} else if (!strncmp(p, "\xe2\x88\x92", 3)) {	/* U+2212 minus */
		*sign = true;
		buf[n++] = '-';
		p += 3;
	}
	if (european_number(p, buf, &n, sizeof(buf), &p, loose)) {
		if (eu)
			*eu = memchr(buf, '.', n) != NULL;
		buf[n] = '\0';
		*v = strtod(buf, NULL);
		*pp = p;
		return isfinite(*v);
	}
	while (n < sizeof(buf) - 2) {
		if (isdigit((unsigned char)*p)) {
			buf[n++] = *p++;
			digits = true;
		} else if (*p == ',' && digits && isdigit((unsigned char)p[1]) &&
			   isdigit((unsigned char)p[2]) &&
			   isdigit((unsigned char)p[3]) &&
			   !isdigit((unsigned char)p[4])) {
			p++;	/* thousands: 11,345,012 */
		} else {
			break;
		}
	}
	if (*p == '.' && isdigit((unsigned char)p[1])) {
		buf[n++] = *p++;
		while (isdigit((unsigned char)*p) && n < sizeof(buf) - 1)
			buf[n++] = *p++;
		digits = true;
	}
	if (!digits || isdigit((unsigned char)*p))
		return false;
	buf[n] = '\0';
	*v = strtod(buf, NULL);
	*pp = p;
	return isfinite(*v);
}

static bool parse_number(const char **pp, double *v, bool *sign)
{
	return parse_number_in(pp, v, sign, NULL, false);
}

static size_t unit_char(const char *p)
{
	if (isalpha((unsigned char)*p) || *p == '%' || *p == '/')
		return 1;
	if (!strncmp(p, "\xc2\xb5", 2) || !strncmp(p, "\xce\xbc", 2))
		return 2;	/* micro */
	return 0;
}

/* A unit after a number: "s", " ms", "k ops/s" (two words at most). */
static void parse_unit(const char **pp, char *unit, size_t len)
{
	const char *p = *pp, *start;
	size_t k;

	for (int word = 0; word < 2; word++) {
		const char *q = p;

		if (*q == ' ')
			q++;
		if (!unit_char(q))
			break;
		start = q;
		while ((k = unit_char(q)))
			q += k;
		/* a second word only after a one-letter scale: "k ops/s" */
		if (word && (strlen(unit) != 1 || !strchr("kKMG", unit[0])))
			break;
		if (strlen(unit) + (size_t)(q - start) + 1 >= len)
			break;
		if (word)
			strcat(unit, " ");
		strncat(unit, start, q - start);
		p = q;
	}
	*pp = p;
}

static const char *spread_token(const char *p)
{
	if (!strncmp(p, "+-", 2))
		return p + 2;
	if (!strncmp(p, "+/-", 3))
		return p + 3;
	if (!strncmp(p, "\xc2\xb1", 2))	/* ± */
		return p + 2;
	return NULL;
}

/* "(+3.2%)" after a value */
bool letter_parse_change(const char **pp, double *pct)
{
	const char *p = *pp;
	bool sign;

	if (*p != '(')
		return false;
	p++;
	if (!parse_number(&p, pct, &sign) || !sign || *p != '%' || p[1] != ')')
		return false;
	*pp = p + 2;
	return true;
}

/*
 * time(1)'s "7m26.396s" after its minutes were read into c->mean: the
 * seconds in all, unit s.
 */
static bool minutes_seconds(const char **pp, struct letter_cell *c)
{
	const char *p = *pp;
	double sec;
	bool sign;

	if (*p != 'm' || !isdigit((unsigned char)p[1]) || c->sign)
		return false;
	p++;
	if (!parse_number(&p, &sec, &sign) || *p != 's' || sec >= 60)
		return false;
	c->mean = c->mean * 60 + sec;
	snprintf(c->unit, sizeof(c->unit), "s");
	*pp = p + 1;
	return true;
}

/* "(14.13% improvement)", "(3% slower)": a change in words after a value */
static bool word_change(const char *p)
{
	const char *pct = strchr(p, '%');

	return pct && isdigit((unsigned char)pct[-1]) && pct[1] == ' ' &&
	       isalpha((unsigned char)pct[2]);
}

bool letter_cell_parse(const char *s, struct letter_cell *c)
{
	char buf[80];
	const char *p, *q;
	size_t n;
	bool sign, eu = false;	/* the value's decimal comma: its spread's too */

	memset(c, 0, sizeof(*c));
	while (*s == ' ')
		s++;
	n = strlen(s);
	while (n && s[n - 1] == ' ')
		n--;
	if (!n || n >= sizeof(buf))
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	/* "- 1%" aligned under "-20%": the sign, blanks, the number */
	if ((buf[0] == '-' || buf[0] == '+') && buf[1] == ' ') {
		size_t b = strspn(buf + 1, " ");

		if (isdigit((unsigned char)buf[1 + b]))
			memmove(buf + 1, buf + 1 + b, n - b);
	}
	for (int i = 0; text_cells[i]; i++)
		if (!strcasecmp(buf, text_cells[i])) {
			c->kind = CELL_TEXT;
			snprintf(c->text, sizeof(c->text), "%.31s", buf);
			return true;
		}
	p = buf;
	if (*p == '~') {
		c->approx = true;
		p++;
	} else if (!strncmp(p, "\xe2\x89\x88", 3)) {	/* ≈ */
		c->approx = true;
		p += 3;
	}
	if (!parse_number_in(&p, &c->mean, &c->sign, &eu, false))
		return false;
	if (!minutes_seconds(&p, c))
		parse_unit(&p, c->unit, sizeof(c->unit));
	while (*p == ' ')
		p++;
	q = spread_token(p);
	if (q) {
		while (*q == ' ')
			q++;
		if (!parse_number_in(&q, &c->sd, &sign, NULL, eu) || sign || c->sd < 0)
			return false;
		c->has_sd = true;
		p = q;
		if (!c->unit[0])
			parse_unit(&p, c->unit, sizeof(c->unit));
		else if (*p == ' ' || unit_char(p)) {
			char u2[16] = "";

			parse_unit(&p, u2, sizeof(u2));	/* "5 ms +- 1 ms" */
		}
		while (*p == ' ')
			p++;
	}
	if (letter_parse_change(&p, &c->change_pct)) {
		c->has_change = true;
	} else if (*p == '(' && (isdigit((unsigned char)p[1]) || p[1] == '-' || p[1] == '+')) {
		/*
		 * "(3.9%)" unsigned: a change whose way only the words say,
		 * kept out; "(-56.56)", "(0.06)" under "(overhead)": a change
		 * without its percent sign, signed or not, kept out too
		 */
		const char *q = p + 1;
		double v;
		bool sign;

		if (parse_number(&q, &v, &sign) && (q[0] == '%' ? q[1] == ')' : q[0] == ')') &&
		    (q[0] == '%' ? !sign : true))
			p = q + (q[0] == '%' ? 2 : 1);
	}
	while (*p == ' ')
		p++;
	/*
	 * a note of its own closing the cell, "(e=8%)", "(14.13%
	 * improvement)": no part of the value
	 */
	if (*p == '(' && p[strlen(p) - 1] == ')' && (strchr(p, '=') || word_change(p)) &&
	    !strchr(p + 1, '('))
		p += strlen(p);
	if (*p)
		return false;
	c->kind = CELL_NUM;
	return true;
}

bool letter_is_num(const struct letter_cell *c)
{
	return c->kind == CELL_NUM;
}

bool letter_signed_pct(const struct letter_cell *c)
{
	return letter_is_num(c) && c->sign && !strcmp(c->unit, "%") && !c->has_sd;
}

/* ---------------------------------------------------------------- labels */

/* "1. ", "2) ", "a) ", "(b) ", "- ", "* " before a label */
static const char *skip_numbering(const char *s)
{
	const char *p = s, *num;

	while (*p == ' ')
		p++;
	if ((*p == '-' || *p == '*') && p[1] == ' ')
		return p + 2;
	if (*p == '*' && isalnum((unsigned char)p[1]))
		return p + 1;	/* a footnote's mark: "*Zswap Store Time" */
	if (islower((unsigned char)p[0]) && p[1] == ')' && p[2] == ' ')
		return p + 3;
	if (*p == '(' && (islower((unsigned char)p[1]) || isdigit((unsigned char)p[1])) &&
	    p[2] == ')' && p[3] == ' ')
		return p + 4;
	for (num = p; isdigit((unsigned char)*p); p++)
		;
	if (p > num && (*p == '.' || *p == ')') && p[1] == ' ')
		return p + 2;
	return s;
}

/* A label as written, without numbering and a trailing colon or '='. */
bool letter_same_name(const char *a, const char *b)
{
	for (;;) {
		while (*a && !isalnum((unsigned char)*a))
			a++;
		while (*b && !isalnum((unsigned char)*b))
			b++;
		if (!*a || !*b)
			return !*a && !*b;
		if (tolower((unsigned char)*a++) != tolower((unsigned char)*b++))
			return false;
	}
}

void letter_clean_label(const char *s, size_t n, char *out, size_t len)
{
	size_t skip = skip_numbering(s) - s;
	const char *p;

	/* the numbering of a label, never past its end: "1." of "1.5 ms" */
	if (skip > n)
		skip = n;
	p = s + skip;
	n -= skip;
	while (n && (*p == ' '))
		p++, n--;
	while (n && strchr(" :=", p[n - 1]))
		n--;
	if (n >= len)
		n = len - 1;
	memcpy(out, p, n);
	out[n] = '\0';
}

void letter_label_key(const char *label, char *out, size_t len)
{
	const char *p = skip_numbering(label);
	size_t o = 0;
	int paren = 0;

	for (; *p && o + 1 < len; p++) {
		char ch = (char)tolower((unsigned char)*p);

		if (ch == '(') {
			paren++;
			continue;
		}
		if (ch == ')') {
			paren -= paren > 0;
			continue;
		}
		if (paren)
			continue;
		if (ch == '\t' || ch == ',' || ch == '`' || ch == '"')
			ch = ' ';
		if (ch == ' ' && (!o || out[o - 1] == ' '))
			continue;
		out[o++] = ch;
	}
	while (o && strchr(" :=", out[o - 1]))
		o--;
	out[o] = '\0';
}
