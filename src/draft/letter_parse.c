// SPDX-License-Identifier: GPL-2.0
/*
 * A series' letter read for its tables (letter_parse.h). Mails and plain
 * text alike: header blocks and diffs are skipped, quotes taken off, and
 * every run of lines with a label and the same number of value cells is
 * a table (with the header line above it, when there is one). Cells are
 * split at two or more blanks, as the letters align them.
 */
#define _GNU_SOURCE	/* strcasestr */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "grow.h"
#include "letter_parse.h"
#include "text_clean.h"

#define TAB_STOP 8
#define MAX_CELLS 16
#define MAX_LABEL 80		/* longer first cells are prose, not labels */
#define TITLE_MAX 120

/* ---------------------------------------------------------------- cells */

/* Cells that stand for a run without a number. */
static const char *const text_cells[] = {
	"oom", "oom'd", "oomed", "n/a", "na", "n.a.", "-", "--", "\xe2\x80\x94",
	"crash", "crashed", "fail", "failed", "failure", "timeout", "dnf", "x",
	"?", "none", NULL };

static bool parse_number(const char **pp, double *v, bool *sign)
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
static bool parse_change(const char **pp, double *pct)
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

bool letter_cell_parse(const char *s, struct letter_cell *c)
{
	char buf[80];
	const char *p, *q;
	size_t n;
	bool sign;

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
	if (!parse_number(&p, &c->mean, &c->sign))
		return false;
	if (!minutes_seconds(&p, c))
		parse_unit(&p, c->unit, sizeof(c->unit));
	while (*p == ' ')
		p++;
	q = spread_token(p);
	if (q) {
		while (*q == ' ')
			q++;
		if (!parse_number(&q, &c->sd, &sign) || sign || c->sd < 0)
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
	if (parse_change(&p, &c->change_pct))
		c->has_change = true;
	while (*p == ' ')
		p++;
	if (*p)
		return false;
	c->kind = CELL_NUM;
	return true;
}

static bool is_num(const struct letter_cell *c)
{
	return c->kind == CELL_NUM;
}

static bool signed_pct(const struct letter_cell *c)
{
	return is_num(c) && c->sign && !strcmp(c->unit, "%") && !c->has_sd;
}

/* ---------------------------------------------------------------- labels */

/* "1. ", "2) ", "- ", "* " before a label */
static const char *skip_numbering(const char *s)
{
	const char *p = s;

	while (*p == ' ')
		p++;
	if ((*p == '-' || *p == '*') && p[1] == ' ')
		return p + 2;
	if (*p == '*' && isalnum((unsigned char)p[1]))
		return p + 1;	/* a footnote's mark: "*Zswap Store Time" */
	while (isdigit((unsigned char)*p))
		p++;
	if (p > s && (*p == '.' || *p == ')') && p[1] == ' ')
		return p + 2;
	return s;
}

/* A label as written, without numbering and a trailing colon or '='. */
static void clean_label(const char *s, size_t n, char *out, size_t len)
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

/* ---------------------------------------------------------------- rows */

struct span {
	int start, end;
};

/* Cells of a line: text between runs of two or more blanks. */
static int split_cells(const char *s, struct span *sp, int max)
{
	int n = 0, i = 0, len = (int)strlen(s);

	while (i < len) {
		int start;

		while (i < len && s[i] == ' ')
			i++;
		if (i >= len)
			break;
		start = i;
		while (i < len && !(s[i] == ' ' && (s[i + 1] == ' ' || !s[i + 1])))
			i++;
		if (n == max)
			return -1;
		sp[n].start = start;
		sp[n++].end = i;
	}
	return n;
}

int letter_cells(const char *s)
{
	struct span sp[MAX_CELLS];
	int n = split_cells(s, sp, MAX_CELLS);

	return n < 0 ? MAX_CELLS : n;
}

static bool span_cell(const char *s, const struct span *sp, struct letter_cell *c)
{
	char buf[80];
	int n = sp->end - sp->start;

	if (n <= 0 || n >= (int)sizeof(buf))
		return false;
	memcpy(buf, s + sp->start, n);
	buf[n] = '\0';
	return letter_cell_parse(buf, c);
}

/* The label has letters and is not a sentence. */
static bool label_ok(const char *label)
{
	bool alpha = false;

	for (const char *p = label; *p; p++)
		alpha |= isalpha((unsigned char)*p) || *p == '!';
	return alpha && strlen(label) <= MAX_LABEL;
}

/*
 * A row: a label, then value cells. Cells are split at two blanks; a
 * line whose numbers are one blank apart ("written_back 40214 40275")
 * gives its trailing plain numbers (two at least).
 */
static int parse_row(const char *s, struct letter_row *r)
{
	struct span sp[MAX_CELLS];
	struct letter_cell cell;
	int n = split_cells(s, sp, MAX_CELLS), k, v;

	memset(r, 0, sizeof(*r));
	if (n < 1)
		return 0;
	for (k = n; k > 0 && span_cell(s, &sp[k - 1], &cell); k--)
		;
	if (k >= 1 && k < n && n - k <= LETTER_MAX_COLS) {
		clean_label(s + sp[0].start, sp[k - 1].end - sp[0].start, r->label,
			    sizeof(r->label));
		if (!label_ok(r->label))
			return 0;
		for (v = 0; k < n; k++, v++)
			span_cell(s, &sp[k], &r->cell[v]);
		return v;
	}
	/* one blank apart: peel plain numbers off the end */
	{
		char buf[256];
		char *tok[64];
		int nt = 0;

		if (strlen(s) >= sizeof(buf))
			return 0;
		strcpy(buf, s);
		for (char *t = strtok(buf, " "); t && nt < 64; t = strtok(NULL, " "))
			tok[nt++] = t;
		for (k = nt; k > 0; k--)
			if (!letter_cell_parse(tok[k - 1], &cell) || !is_num(&cell) ||
			    cell.has_change)
				break;
		v = nt - k;
		if (k < 1 || v < 2 || v > LETTER_MAX_COLS)
			return 0;
		{
			size_t off = tok[k - 1] - buf + strlen(tok[k - 1]);

			clean_label(s + (tok[0] - buf), off - (tok[0] - buf),
				    r->label, sizeof(r->label));
		}
		if (!label_ok(r->label))
			return 0;
		for (int i = 0; i < v; i++)
			letter_cell_parse(tok[k + i], &r->cell[i]);
		return v;
	}
}

/* Tokens of s[0..n) from token a to b, into a cell. */
static bool tokens_cell(char **tok, int a, int b, struct letter_cell *c)
{
	char buf[80] = "";

	for (int i = a; i < b; i++) {
		if (strlen(buf) + strlen(tok[i]) + 2 >= sizeof(buf))
			return false;
		if (i > a)
			strcat(buf, " ");
		strcat(buf, tok[i]);
	}
	return letter_cell_parse(buf, c);
}

static const char *find_arrow(const char *s, size_t *alen)
{
	const char *a = strstr(s, "->"), *u = strstr(s, "\xe2\x86\x92");

	if (u && (!a || u < a)) {
		*alen = 3;
		return u;
	}
	*alen = 2;
	return a;
}

/*
 * The two sides of an arrow in one unit, or the unit written once after
 * the new value ("12.1 -> 9.8 ms"), but no word after a bare count:
 * "Changes: 3 -> 4 patches" is a changelog's line.
 */
static bool units_agree(const struct letter_cell *a, const struct letter_cell *b)
{
	if (!strcmp(a->unit, b->unit) || !b->unit[0])
		return !strcmp(a->unit, b->unit) || strlen(a->unit) <= 3;
	return !a->unit[0] && strlen(b->unit) <= 3;
}

/* "label: 748 +- 47 -> 596 +- 26 (-20.4%)" */
static bool parse_arrow_row(const char *s, struct letter_row *r)
{
	char left[256], right[256];
	char *lt[32], *rt[32];
	int nl = 0, nr = 0, k;
	size_t alen;
	const char *a = find_arrow(s, &alen);

	memset(r, 0, sizeof(*r));
	if (!a || (size_t)(a - s) >= sizeof(left) || strlen(a) >= sizeof(right))
		return false;
	memcpy(left, s, a - s);
	left[a - s] = '\0';
	strcpy(right, a + alen);
	for (char *t = strtok(left, " "); t && nl < 32; t = strtok(NULL, " "))
		lt[nl++] = t;
	for (char *t = strtok(right, " "); t && nr < 32; t = strtok(NULL, " "))
		rt[nr++] = t;
	for (k = nl - 4 < 1 ? 1 : nl - 4; k < nl; k++)
		if (tokens_cell(lt, k, nl, &r->cell[0]) && is_num(&r->cell[0]))
			break;
	if (k >= nl)
		return false;
	for (int m = nr < 4 ? nr : 4; m > 0; m--) {
		if (!tokens_cell(rt, 0, m, &r->cell[1]) || !is_num(&r->cell[1]))
			continue;
		/* what follows: nothing, or the change in parentheses */
		if (m < nr) {
			const char *p = rt[m];

			if (m + 1 < nr || !parse_change(&p, &r->change_pct) || *p)
				return false;
			r->has_change = true;
		} else if (r->cell[1].has_change) {
			r->has_change = true;
			r->change_pct = r->cell[1].change_pct;
		}
		clean_label(s + (lt[0] - left), lt[k - 1] - lt[0] + strlen(lt[k - 1]),
			    r->label, sizeof(r->label));
		return label_ok(r->label) && units_agree(&r->cell[0], &r->cell[1]);
	}
	return false;
}

/* ---------------------------------------------------------------- lines */

bool letter_rule(const char *s)
{
	int marks = 0;

	for (; *s; s++) {
		if (!strchr("-=+|:_~ ", *s))
			return false;
		marks += *s == '-' || *s == '=' || *s == '_';
	}
	return marks >= 3;
}

static bool blank(const char *s)
{
	while (*s == ' ')
		s++;
	return !*s;
}

/* A mail header line that opens a header block ("From " of an mbox too). */
static bool header_line(const char *s)
{
	static const char *const keys[] = {
		"From", "Subject", "Date", "Message-Id", "Return-Path", "Received",
		"Delivered-To", "MIME-Version", "To", "Cc", "In-Reply-To",
		"References", "Sender", "DKIM-Signature", "Authentication-Results",
		"X-", "List-", "ARC-", "Content-", NULL };
	const char *c = strchr(s, ':');

	if (!strncmp(s, "From ", 5))
		return true;
	if (!c || c == s || (c[1] != ' ' && c[1]))
		return false;
	for (const char *p = s; p < c; p++)
		if (!isalnum((unsigned char)*p) && *p != '-')
			return false;
	for (int i = 0; keys[i]; i++) {
		size_t kl = strlen(keys[i]);

		if (!strncasecmp(s, keys[i], kl) &&
		    (s + kl == c || keys[i][kl - 1] == '-'))
			return true;
	}
	return false;
}

/* An mbox's next message: "From " and a header on the next line. */
static bool mbox_from(const char *line, const char *next, size_t n)
{
	const char *nl = memchr(next, '\n', n);
	char buf[128];
	size_t len = nl ? (size_t)(nl - next) : n;

	if (strncmp(line, "From ", 5))
		return false;
	if (len >= sizeof(buf))
		len = sizeof(buf) - 1;
	memcpy(buf, next, len);
	buf[len] = '\0';
	return header_line(buf) && strncmp(buf, "From ", 5);
}

static bool diff_line(const char *s)
{
	static const char *const heads[] = {
		"diff --git", "index ", "new file", "deleted file", "similarity",
		"rename ", "old mode", "new mode", "Binary", NULL };

	if (*s == ' ' || *s == '+' || *s == '-' || *s == '@' || *s == '\\')
		return *s;
	for (int i = 0; heads[i]; i++)
		if (!strncmp(s, heads[i], strlen(heads[i])))
			return true;
	return false;
}

/* The value of header "Key: " in line, into dst (appended: folding). */
static void header_value(const char *line, const char *key, char *dst,
			 size_t len)
{
	size_t kl = strlen(key);

	if (!strncasecmp(line, key, kl) && line[kl] == ':' && !dst[0]) {
		const char *v = line + kl + 1;

		while (*v == ' ' || *v == '\t')
			v++;
		snprintf(dst, len, "%s", v);
	}
}

static int hexval(char c)
{
	if (isdigit((unsigned char)c))
		return c - '0';
	c = (char)toupper((unsigned char)c);
	return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Quoted-printable, in place; true when the line ended in a soft break. */
static bool qp_decode(char *s)
{
	char *o = s;
	bool soft = false;

	for (char *p = s; *p; p++) {
		if (*p == '=' && !p[1]) {
			soft = true;
			break;
		}
		if (*p == '=' && hexval(p[1]) >= 0 && hexval(p[2]) >= 0) {
			*o++ = (char)(hexval(p[1]) * 16 + hexval(p[2]));
			p += 2;
			continue;
		}
		*o++ = *p;
	}
	*o = '\0';
	return soft;
}

/* Quote depth and the text after "> > ", tabs expanded, '|' tables opened. */
static char *clean_line(const char *s, int *depth)
{
	const char *p = s;
	size_t len, o = 0, bars = 0;
	char *out;

	*depth = 0;
	while (*p == '>') {
		(*depth)++;
		p++;
		if (*p == ' ' && p[1] == '>')
			p++;
	}
	if (*depth && *p == ' ')
		p++;
	len = strlen(p);
	out = malloc(len * TAB_STOP + 1);
	if (!out)
		return NULL;
	for (const char *q = p; *q; q++)
		bars += *q == '|';
	for (; *p; p++) {
		unsigned char ch = (unsigned char)*p;

		if (ch == '\t') {
			do
				out[o++] = ' ';
			while (o % TAB_STOP);
		} else if (ch == '|' && bars >= 2) {
			out[o++] = ' ';		/* | a | b | is a table */
			out[o++] = ' ';
		} else if (ch == '\r' || ch < 0x20 || ch == 0x7f) {
			out[o++] = ' ';
		} else {
			out[o++] = (char)ch;
		}
	}
	while (o && out[o - 1] == ' ')
		o--;
	out[o] = '\0';
	/* what the claims file will read, so names compare as they will */
	yaml_text_clean(out);
	return out;
}

static int add_line(struct letter *l, size_t *cap, char *text, int depth,
		    enum letter_line_kind kind)
{
	if (l->nr_lines == *cap &&
	    grow_array((void **)&l->lines, cap, 256, sizeof(*l->lines)))
		return -1;
	l->lines[l->nr_lines].text = text;
	l->lines[l->nr_lines].depth = depth;
	l->lines[l->nr_lines++].kind = kind;
	return 0;
}

static void strip_re(char *s)
{
	for (;;) {
		char *p = s;

		while (*p == ' ')
			p++;
		if (strncasecmp(p, "re:", 3) && strncasecmp(p, "fwd:", 4))
			break;
		p += tolower((unsigned char)*p) == 'r' ? 3 : 4;
		while (*p == ' ')
			p++;
		memmove(s, p, strlen(p) + 1);
	}
}

/* Mail headers, body lines, diffs: the letter's lines with their kinds. */
static int read_lines(const char *text, size_t n, struct letter *l)
{
	size_t cap = 0, start = 0;
	bool in_header = false, in_diff = false, qp = false, soft = false;
	char *folded = NULL;	/* the header being continued */
	size_t folded_len = 0;
	char *pending = NULL;	/* a quoted-printable line soft-broken */

	for (size_t i = 0; i <= n; i++) {
		char *raw, *clean;
		int depth;
		enum letter_line_kind kind = LL_PROSE;

		if (i < n && text[i] != '\n')
			continue;
		raw = strndup(text + start, i - start);
		start = i + 1;
		if (!raw)
			goto oom;
		if (raw[0] && raw[strlen(raw) - 1] == '\r')
			raw[strlen(raw) - 1] = '\0';
		/* a message's header block: at the start, or after "From " */
		if (!in_header && ((l->nr_lines == 0 && header_line(raw)) ||
				   (start < n && mbox_from(raw, text + start,
							    n - start)))) {
			in_header = true;
			qp = false;
		}
		if (in_header) {
			if (!raw[0]) {
				in_header = false;
			} else if ((raw[0] == ' ' || raw[0] == '\t') && folded) {
				size_t used = strlen(folded);
				const char *v = raw;

				while (*v == ' ' || *v == '\t')
					v++;
				snprintf(folded + used, folded_len - used, " %s", v);
			} else {
				folded = NULL;
				if (!l->subject[0]) {
					header_value(raw, "Subject", l->subject,
						     sizeof(l->subject));
					if (l->subject[0]) {
						folded = l->subject;
						folded_len = sizeof(l->subject);
					}
				}
				header_value(raw, "Message-Id", l->message_id,
					     sizeof(l->message_id));
				header_value(raw, "Date", l->date, sizeof(l->date));
				if (!strncasecmp(raw, "Content-Transfer-Encoding:", 26) &&
				    strcasestr(raw, "quoted-printable"))
					qp = true;
			}
			clean = clean_line(raw, &depth);
			free(raw);
			if (!clean || add_line(l, &cap, clean, 0, LL_SKIP))
				goto oom_clean;
			continue;
		}
		if (qp) {
			soft = qp_decode(raw);
			if (pending) {
				char *joined = malloc(strlen(pending) + strlen(raw) + 1);

				if (!joined)
					goto oom;
				strcpy(joined, pending);
				strcat(joined, raw);
				free(pending);
				free(raw);
				raw = joined;
				pending = NULL;
			}
			if (soft && i < n) {
				pending = raw;
				continue;
			}
		}
		clean = clean_line(raw, &depth);
		free(raw);
		if (!clean)
			goto oom;
		if (!strncmp(clean, "diff --git", 10) || !strncmp(clean, "--- a/", 6))
			in_diff = true;
		else if (in_diff && clean[0] && !diff_line(clean))
			in_diff = false;	/* a blank line may be context */
		if (in_diff)
			kind = LL_SKIP;
		if (add_line(l, &cap, clean, depth, kind))
			goto oom_clean;
		continue;
oom_clean:
		free(clean);
		goto oom;
	}
	free(pending);
	return 0;
oom:
	free(pending);
	return -1;
}

/* ---------------------------------------------------------------- tables */

/* The last sentence of the paragraph above line i: the table's title. */
static void find_title(const struct letter *l, size_t i, char *out, size_t len)
{
	int depth = l->lines[i].depth, seen = 0;
	size_t end = i, begin;
	char para[1024] = "", *p;

	/*
	 * Up to the nearest line of the table's quote depth: a reply's own
	 * words between a quoted table and its heading are not its title.
	 */
	out[0] = '\0';
	while (end > 0 && seen++ < 12) {
		const struct letter_line *ln = &l->lines[end - 1];

		if (ln->kind == LL_TABLE || (ln->kind == LL_SKIP && ln->depth == depth))
			return;		/* a table or a diff right above */
		if (ln->kind == LL_PROSE && ln->depth == depth &&
		    !blank(ln->text) && !letter_rule(ln->text))
			break;
		end--;
	}
	if (!end || seen > 12)
		return;
	for (begin = end; begin > 0 && end - begin < 8; begin--) {
		const struct letter_line *ln = &l->lines[begin - 1];

		if (ln->kind != LL_PROSE || ln->depth != depth || blank(ln->text) ||
		    letter_rule(ln->text))
			break;
	}
	for (size_t k = begin; k < end; k++) {
		size_t used = strlen(para);
		const char *t = l->lines[k].text;

		while (*t == ' ')
			t++;
		snprintf(para + used, sizeof(para) - used, "%s%s", used ? " " : "", t);
	}
	/* the last sentence: after the last ". " that is not the end */
	p = para;
	for (char *q = para; *q; q++)
		if ((*q == '.' || *q == '?' || *q == '!') && q[1] == ' ' && q[2])
			p = q + 2;
	clean_label(p, strlen(p), out, len);
	while (strlen(out) && strchr(" .", out[strlen(out) - 1]))
		out[strlen(out) - 1] = '\0';
	/* a long sentence: its start, cut at a word */
	if (strlen(out) > TITLE_MAX) {
		for (p = out + TITLE_MAX; p > out + TITLE_MAX / 2 && *p != ' '; p--)
			;
		strcpy(p, " ...");
	}
}

static bool header_name_ok(const char *s, size_t n)
{
	int words = 1;

	if (!n || n >= 48)
		return false;
	for (size_t i = 0; i < n; i++)
		words += s[i] == ' ';
	return words <= 5;
}

/* A column of changes, into change_pct */
static bool change_name(const char *s)
{
	static const char *const words[] = { "change", "delta", "diff", NULL };

	for (int i = 0; words[i]; i++)
		if (strcasestr(s, words[i]))
			return true;
	return false;
}

/* A column that judges ("% Improvement", "speedup"): kept as words */
static bool gain_name(const char *s)
{
	static const char *const words[] = {
		"improv", "gain", "speedup", "%", "better", NULL };

	for (int i = 0; words[i]; i++)
		if (strcasestr(s, words[i]))
			return true;
	return false;
}

/*
 * Header line h above rows of nv values: its cells name the columns
 * (nv), the label column and the columns (nv + 1), or the columns
 * without the last, a change (nv - 1). Returns the names' count, 0 when
 * h is no header for these rows.
 */
static int read_header(const char *h, int nv, char col[][48], bool *label_col)
{
	struct span sp[MAX_CELLS];
	int n = split_cells(h, sp, MAX_CELLS);
	const char *end = h + strlen(h) - 1;

	*label_col = false;
	if (n < 1 || *end == '.' || *end == ':' || (n != nv && n != nv + 1 &&
						     n != nv - 1))
		return 0;
	for (int i = 0; i < n; i++)
		if (!header_name_ok(h + sp[i].start, sp[i].end - sp[i].start))
			return 0;
	*label_col = n == nv + 1;
	for (int i = *label_col; i < n; i++)
		snprintf(col[i - *label_col], 48, "%.*s",
			 sp[i].end - sp[i].start, h + sp[i].start);
	return n - *label_col;
}

static int push_table(struct letter *l, const struct letter_table *t)
{
	struct letter_table *nt = realloc(l->tables,
					  (l->nr_tables + 1) * sizeof(*nt));

	if (!nt)
		return -1;
	l->tables = nt;
	l->tables[l->nr_tables++] = *t;
	return 0;
}

static bool same_cell(const struct letter_cell *a, const struct letter_cell *b)
{
	return a->kind == b->kind && a->mean == b->mean && a->sd == b->sd &&
	       !strcmp(a->text, b->text);
}

/* A table quoted again in a reply: the same columns and rows. */
static bool seen_table(const struct letter *l, const struct letter_table *t)
{
	for (size_t i = 0; i < l->nr_tables; i++) {
		const struct letter_table *o = &l->tables[i];
		bool same = o->nr_cols == t->nr_cols && o->nr_rows == t->nr_rows;

		for (size_t r = 0; same && r < t->nr_rows; r++) {
			same = !strcmp(o->rows[r].label, t->rows[r].label);
			for (int c = 0; same && c < t->nr_cols; c++)
				same = same_cell(&o->rows[r].cell[c], &t->rows[r].cell[c]);
		}
		if (same)
			return true;
	}
	return false;
}

static void add_extra(struct letter_row *row, const char *name,
		      const struct letter_cell *c)
{
	size_t used = strlen(row->extra);

	if (c->kind == CELL_NUM)
		snprintf(row->extra + used, sizeof(row->extra) - used,
			 c->sign ? "%s%s %+g%s" : "%s%s %g%s", used ? ", " : "",
			 name, c->mean, c->unit);
	else if (c->kind == CELL_TEXT)
		snprintf(row->extra + used, sizeof(row->extra) - used, "%s%s %s",
			 used ? ", " : "", name, c->text);
}

/*
 * Value column c of every row leaves the table: into the rows'
 * change_pct (a change column, "-0.5%"), or their extra words (name
 * given: a column that judges, or one the claims table cannot hold).
 */
static void take_column(struct letter_table *t, int c, const char *name)
{
	for (size_t r = 0; r < t->nr_rows; r++) {
		struct letter_row *row = &t->rows[r];
		struct letter_cell *cell = &row->cell[c];

		if (name) {
			add_extra(row, name, cell);
		} else if (is_num(cell)) {
			row->has_change = true;
			row->change_pct = cell->mean;
		}
		memmove(cell, cell + 1, (LETTER_MAX_COLS - 1 - c) * sizeof(*cell));
		memset(&row->cell[LETTER_MAX_COLS - 1], 0, sizeof(*cell));
	}
}

static bool pct_cell(const struct letter_cell *c)
{
	return is_num(c) && !strcmp(c->unit, "%");
}

static bool column_all(const struct letter_table *t, int c,
		       bool (*ok)(const struct letter_cell *))
{
	for (size_t r = 0; r < t->nr_rows; r++)
		if (!ok(&t->rows[r].cell[c]))
			return false;
	return true;
}

/* "vs shrinker off  vs stock shrinker" over signed percentages */
static bool change_only(struct letter_table *t)
{
	for (int c = 0; c < t->nr_cols; c++) {
		const char *p = t->col[c] + 2;

		if (strncasecmp(t->col[c], "vs", 2) || !strchr(". ", *p) ||
		    !column_all(t, c, signed_pct))
			return false;
		p += *p == '.';
		if (!p[strspn(p, " ")])
			return false;	/* "vs" of nothing */
	}
	for (int c = 0; c < t->nr_cols; c++) {
		const char *p = t->col[c] + 2;

		p += *p == '.';
		while (*p == ' ')
			p++;
		memmove(t->col[c], p, strlen(p) + 1);
	}
	return true;
}

static bool column_taken(const struct letter_table *t, int c, const char *name)
{
	for (int d = 0; d < c; d++)
		if (!strcmp(t->col[d], name))
			return true;
	return false;
}

/*
 * A name twice (a header like "zstd  zstd"), or two that a cut through a
 * character made alike, must not clash: "zstd (2)".
 */
static void unique_columns(struct letter_table *t)
{
	for (int c = 0; c < t->nr_cols; c++) {
		char base[48];

		yaml_text_clean(t->col[c]);
		if (!t->col[c][0])
			snprintf(t->col[c], sizeof(t->col[c]), "column %d", c + 1);
		memcpy(base, t->col[c], sizeof(base));
		for (int k = 2; column_taken(t, c, t->col[c]); k++) {
			snprintf(t->col[c], sizeof(t->col[c]), "%.36s (%d)", base, k % 100);
			yaml_text_clean(t->col[c]);
		}
	}
}

static void name_columns(struct letter_table *t, const char *header, int nv)
{
	char col[MAX_CELLS][48];
	bool label_col;
	int nh = header ? read_header(header, nv, col, &label_col) : 0;

	t->named = nh > 0;
	if (nh == nv - 1 && !column_all(t, nv - 1, is_num))
		t->named = false;
	if (t->named && nh == nv - 1) {
		take_column(t, nv - 1, NULL);	/* an unnamed change column */
		nv--;
	} else if (t->named && nv > 2 && (change_name(col[nv - 1]) ||
					  gain_name(col[nv - 1]))) {
		take_column(t, nv - 1, change_name(col[nv - 1]) ? NULL : col[nv - 1]);
		nv--;
	} else if (!t->named) {
		int drop = 0;

		/* trailing columns of percentages after the values */
		while (nv - drop > 2 && column_all(t, nv - 1 - drop, pct_cell))
			drop++;
		if (drop == 1 && column_all(t, nv - 1, signed_pct)) {
			take_column(t, nv - 1, NULL);
		} else {
			for (int c = nv - drop; c < nv; c++) {
				char name[24];

				snprintf(name, sizeof(name), "column %d", c + 1);
				take_column(t, nv - drop, name);
			}
		}
		nv -= drop;
	}
	t->nr_cols = nv;
	for (int c = 0; c < nv; c++) {
		if (t->named)
			snprintf(t->col[c], sizeof(t->col[c]), "%.47s", col[c]);
		else
			snprintf(t->col[c], sizeof(t->col[c]), "column %d", c + 1);
	}
	t->change_only = t->named && change_only(t);
	unique_columns(t);
}

static size_t prev_line(const struct letter *l, size_t i, int depth)
{
	/* one rule line may stand between a header and its rows */
	if (i > 0 && letter_rule(l->lines[i - 1].text) && l->lines[i - 1].depth == depth)
		i--;
	if (i > 0 && l->lines[i - 1].depth == depth &&
	    l->lines[i - 1].kind == LL_PROSE && !blank(l->lines[i - 1].text))
		return i - 1;
	return (size_t)-1;
}

static int add_row(struct letter_table *t, const struct letter_row *r,
		   size_t *cap)
{
	if (t->nr_rows == *cap &&
	    grow_array((void **)&t->rows, cap, 8, sizeof(*t->rows)))
		return -1;
	t->rows[t->nr_rows++] = *r;
	return 0;
}

/* A row of words under a header: "zswap compressor   zstd   zstd" */
static bool text_row(const char *s, int nv, struct letter_row *r)
{
	struct span sp[MAX_CELLS];
	struct letter_cell c;
	int n = split_cells(s, sp, MAX_CELLS);

	if (n != nv + 1)
		return false;
	for (int k = 1; k < n; k++)
		if (sp[k].end - sp[k].start > 31 || span_cell(s, &sp[k], &c))
			return false;
	memset(r, 0, sizeof(*r));
	clean_label(s + sp[0].start, sp[0].end - sp[0].start, r->label,
		    sizeof(r->label));
	if (!label_ok(r->label))
		return false;
	for (int k = 1; k < n; k++) {
		r->cell[k - 1].kind = CELL_TEXT;
		snprintf(r->cell[k - 1].text, sizeof(r->cell[0].text), "%.*s",
			 sp[k].end - sp[k].start, s + sp[k].start);
	}
	return true;
}

/*
 * A label wrapped onto a line of its own: "*Zswap Load Time" over its
 * numbers, "(of same value pages)" under them.
 */
static bool wrapped_label(const char *s)
{
	struct span sp[2];
	struct letter_cell c;
	size_t n;

	if (split_cells(s, sp, 2) != 1 || span_cell(s, &sp[0], &c))
		return false;
	n = sp[0].end - sp[0].start;
	return n <= 40 && !strchr(".:", s[sp[0].end - 1]) && label_ok(s + sp[0].start);
}

static bool same_block(const struct letter *l, size_t j, int depth)
{
	return j < l->nr_lines && l->lines[j].depth == depth &&
	       l->lines[j].kind == LL_PROSE;
}

/*
 * The rows from line i on (nv values each): blocks apart by blank lines
 * or rules stay one table while the next holds rows as wide. Returns
 * the last line of the table.
 */
static long read_rows(struct letter *l, size_t i, int nv, bool arrow,
		      struct letter_table *t, size_t *cap)
{
	char prefix[96] = "";
	size_t j = i, last = i;
	int depth = l->lines[i].depth;

	while (same_block(l, j, depth)) {
		const char *s = l->lines[j].text;
		struct letter_row row;
		int v = arrow ? (parse_arrow_row(s, &row) ? 2 : 0) : parse_row(s, &row);

		if (v == nv) {
			if (prefix[0]) {
				char label[2 * sizeof(row.label)];

				snprintf(label, sizeof(label), "%s %s", prefix, row.label);
				label[sizeof(row.label) - 1] = '\0';
				memcpy(row.label, label, sizeof(row.label));
				prefix[0] = '\0';
			}
			/* "596 +- 26 (-20.4%)": the change in the new cell */
			for (int k = nv - 1; k > 0 && !row.has_change; k--)
				if (row.cell[k].has_change) {
					row.has_change = true;
					row.change_pct = row.cell[k].change_pct;
				}
			row.line = (int)j + 1;
			if (add_row(t, &row, cap))
				return -1;
			last = j++;
			continue;
		}
		if (blank(s) || letter_rule(s)) {
			size_t k = j;
			struct letter_row next;

			while (same_block(l, k, depth) &&
			       (blank(l->lines[k].text) || letter_rule(l->lines[k].text)))
				k++;
			if (!arrow && same_block(l, k, depth) &&
			    parse_row(l->lines[k].text, &next) == nv) {
				j = k;
				continue;
			}
			break;
		}
		if (arrow || !wrapped_label(s))
			break;
		while (*s == ' ')
			s++;
		if (*s == '(' && t->nr_rows && last + 1 == j) {
			struct letter_row *prev = &t->rows[t->nr_rows - 1];
			size_t used = strlen(prev->label);

			snprintf(prev->label + used, sizeof(prev->label) - used, " %s", s);
		} else if (same_block(l, j + 1, depth) &&
			   parse_row(l->lines[j + 1].text, &row) == nv) {
			clean_label(s, strlen(s), prefix, sizeof(prefix));
		} else {
			break;
		}
		last = j++;
	}
	return (long)last;
}

/*
 * Rows of words between the header and the first row of numbers (the
 * configuration of each column), added before the rows: top gets the
 * first of them.
 */
static int read_text_rows(struct letter *l, size_t i, int nv,
			  struct letter_table *t, size_t *cap, size_t *top)
{
	struct letter_row pre[4];
	int n = 0, depth = l->lines[i].depth;

	*top = i;
	while (n < 4) {
		size_t cand = prev_line(l, *top, depth), above;
		char col[MAX_CELLS][48];
		bool label_col;

		if (cand == (size_t)-1 || !text_row(l->lines[cand].text, nv, &pre[n]))
			break;
		above = prev_line(l, cand, depth);
		if (above == (size_t)-1 ||
		    !read_header(l->lines[above].text, nv, col, &label_col))
			break;
		pre[n++].line = (int)cand + 1;
		*top = cand;
	}
	while (n--)
		if (add_row(t, &pre[n], cap))
			return -1;
	return 0;
}

/* "usemem30, 64K folios:" over "=====": the heading of what follows */
static bool section_heading(const struct letter *l, size_t i)
{
	const char *u;

	if (i + 1 >= l->nr_lines || l->lines[i].kind != LL_PROSE ||
	    blank(l->lines[i].text) || letter_rule(l->lines[i].text))
		return false;
	u = l->lines[i + 1].text;
	while (*u == ' ')
		u++;
	return *u == '=' && strspn(u, "= ") == strlen(u) && strlen(u) >= 3;
}

/* The title, after the section's heading when it has one of its own. */
static void section_title(struct letter_table *t, const char *section)
{
	char head[96], title[sizeof(t->title)];

	if (!section)
		return;
	clean_label(section, strlen(section), head, sizeof(head));
	if (!head[0] || strstr(t->title, head))
		return;
	/* the title's end cut to fit, the heading kept */
	snprintf(title, sizeof(title), "%s%s%.*s", head, t->title[0] ? ": " : "",
		 (int)(sizeof(title) - strlen(head) - 3), t->title);
	memcpy(t->title, title, sizeof(title));
}

/*
 * The table whose first row of numbers is line i (nv values per row):
 * its rows, header and title. Returns the line after it, or i + 1 when
 * line i starts no table; -1 when out of memory.
 */
static long read_table(struct letter *l, size_t i, bool arrow,
		       const char *section)
{
	struct letter_table t = {};
	struct letter_row row;
	size_t cap = 0, top = i, h;
	int depth = l->lines[i].depth;
	int nv = arrow ? 2 : parse_row(l->lines[i].text, &row);
	long last;

	if (nv < 2 || (!arrow && read_text_rows(l, i, nv, &t, &cap, &top)))
		goto out;
	last = read_rows(l, i, nv, arrow, &t, &cap);
	if (last < 0)
		goto oom;
	h = arrow ? (size_t)-1 : prev_line(l, top, depth);
	if (h != (size_t)-1 && parse_row(l->lines[h].text, &row) == nv)
		h = (size_t)-1;		/* rows above are not a header */
	if (h == (size_t)-1 && t.nr_rows < 2 && !arrow)
		goto out;
	t.line = (int)(h != (size_t)-1 ? h : top) + 1;
	if (arrow) {
		t.named = true;
		t.nr_cols = 2;
		snprintf(t.col[0], sizeof(t.col[0]), "before");
		snprintf(t.col[1], sizeof(t.col[1]), "after");
	} else {
		name_columns(&t, h != (size_t)-1 ? l->lines[h].text : NULL, nv);
	}
	if (t.nr_cols < 2)
		goto out;
	for (size_t k = h != (size_t)-1 ? h : top; k <= (size_t)last; k++)
		l->lines[k].kind = LL_TABLE;
	find_title(l, h != (size_t)-1 ? h : top, t.title, sizeof(t.title));
	section_title(&t, section);
	if (seen_table(l, &t))
		free(t.rows);
	else if (push_table(l, &t))
		goto oom;
	return last + 1;
out:
	free(t.rows);
	return (long)i + 1;
oom:
	free(t.rows);
	return -1;
}

/* ------------------------------------------------- key-value blocks */

/*
 * "sys: 268.7" or "sys  268.7": a label and one value, a row of a block
 * under a heading of its own ("Baseline:"), which is the letter's column.
 */
static bool kv_row(const char *s, struct letter_row *r)
{
	const char *colon = strchr(s, ':');

	memset(r, 0, sizeof(*r));
	if (colon && colon[1]) {
		clean_label(s, colon - s, r->label, sizeof(r->label));
		return label_ok(r->label) &&
		       letter_cell_parse(colon + 1, &r->cell[0]) &&
		       r->cell[0].kind != CELL_EMPTY;
	}
	return parse_row(s, r) == 1;
}

/* "With this patch:": a block's heading, its column's name into out. */
static bool kv_heading(const char *s, char *out, size_t len)
{
	size_t n;

	while (*s == ' ')
		s++;
	n = strlen(s);
	while (n && s[n - 1] == ' ')
		n--;
	if (n < 2 || n > 60 || s[n - 1] != ':' || memchr(s, ':', n - 1))
		return false;
	clean_label(s, n - 1, out, len);
	return label_ok(out);
}

/* The last row of the block headed by line i, or -1: fewer than 2 rows. */
static size_t kv_block_end(const struct letter *l, size_t i)
{
	int depth = l->lines[i].depth;
	struct letter_row r;
	size_t j = i + 1;

	while (same_block(l, j, depth) && kv_row(l->lines[j].text, &r))
		j++;
	return j - i - 1 >= 2 ? j - 1 : (size_t)-1;
}

/* The value of the row labelled key in the block of lines a..b, or NULL. */
static bool kv_find(const struct letter *l, size_t a, size_t b,
		    const char *key, struct letter_cell *out)
{
	struct letter_row r;
	char k[sizeof(r.label)];

	for (size_t j = a; j <= b; j++) {
		kv_row(l->lines[j].text, &r);
		letter_label_key(r.label, k, sizeof(k));
		if (!strcmp(k, key)) {
			*out = r.cell[0];
			return true;
		}
	}
	return false;
}

/*
 * Blocks of "label: value" lines, each under a heading ("Baseline:",
 * "With this patch:"), one after another: a table with a column per
 * block and a row per label of the first block that another block has.
 * Returns the line after the last block, or i + 1 when line i heads no
 * such blocks; -1 when out of memory.
 */
static long read_kv_blocks(struct letter *l, size_t i, const char *section)
{
	size_t head[LETTER_MAX_COLS], end[LETTER_MAX_COLS], cap = 0, j = i;
	struct letter_table t = {};
	int nb = 0, depth = l->lines[i].depth;

	while (nb < LETTER_MAX_COLS && same_block(l, j, depth) &&
	       kv_heading(l->lines[j].text, t.col[nb], sizeof(t.col[0])) &&
	       (end[nb] = kv_block_end(l, j)) != (size_t)-1) {
		head[nb] = j;
		j = end[nb++] + 1;
		while (same_block(l, j, depth) && blank(l->lines[j].text))
			j++;
	}
	if (nb < 2)
		return (long)i + 1;
	for (size_t a = head[0] + 1; a <= end[0]; a++) {
		struct letter_row row;
		char key[sizeof(row.label)];
		int found = 1;

		kv_row(l->lines[a].text, &row);
		letter_label_key(row.label, key, sizeof(key));
		for (int b = 1; b < nb; b++)
			found += kv_find(l, head[b] + 1, end[b], key, &row.cell[b]);
		if (found < 2)
			continue;	/* in the first block only */
		for (int b = nb - 1; b > 0 && !row.has_change; b--)
			if (row.cell[b].has_change) {
				row.has_change = true;
				row.change_pct = row.cell[b].change_pct;
			}
		row.line = (int)a + 1;
		if (add_row(&t, &row, &cap)) {
			free(t.rows);
			return -1;
		}
	}
	if (t.nr_rows < 2) {
		free(t.rows);
		return (long)i + 1;
	}
	t.nr_cols = nb;
	t.named = true;
	t.line = (int)i + 1;
	for (size_t k = i; k <= end[nb - 1]; k++)
		l->lines[k].kind = LL_TABLE;
	find_title(l, i, t.title, sizeof(t.title));
	section_title(&t, section);
	if (seen_table(l, &t)) {
		free(t.rows);
	} else if (push_table(l, &t)) {
		free(t.rows);
		return -1;
	}
	return (long)end[nb - 1] + 1;
}

static int find_tables(struct letter *l)
{
	const char *section = NULL;
	size_t i = 0;

	while (i < l->nr_lines) {
		struct letter_row row;
		long next;

		if (section_heading(l, i))
			section = l->lines[i].text;
		if (l->lines[i].kind != LL_PROSE) {
			i++;
			continue;
		}
		next = read_kv_blocks(l, i, section);
		if (next != (long)i + 1)
			;	/* blocks of "label: value" under headings */
		else if (parse_arrow_row(l->lines[i].text, &row))
			next = read_table(l, i, true, section);
		else if (parse_row(l->lines[i].text, &row) >= 2)
			next = read_table(l, i, false, section);
		else
			next = (long)i + 1;
		if (next < 0)
			return -1;
		i = (size_t)next;
	}
	return 0;
}

/* A plain-text letter's title: its first line, when it names a patch. */
static void plain_subject(struct letter *l)
{
	for (size_t i = 0; i < l->nr_lines && !l->subject[0]; i++) {
		const char *t = l->lines[i].text;

		if (blank(t))
			continue;
		if (strstr(t, "[PATCH") || strstr(t, "[RFC")) {
			snprintf(l->subject, sizeof(l->subject), "%s", t);
			l->lines[i].kind = LL_SKIP;
		}
		break;
	}
}

int letter_parse(const char *text, size_t n, struct letter *l,
		 struct zs_error *err)
{
	memset(l, 0, sizeof(*l));
	if (memchr(text, '\0', n)) {
		zs_error_set(err, true, "a NUL byte at offset %zu: not a text mail",
			     (size_t)((const char *)memchr(text, '\0', n) - text));
		return -1;
	}
	if (read_lines(text, n, l)) {
		letter_free(l);
		zs_error_set(err, true, "out of memory");
		return -1;
	}
	plain_subject(l);
	if (find_tables(l)) {
		letter_free(l);
		zs_error_set(err, true, "out of memory");
		return -1;
	}
	strip_re(l->subject);
	return 0;
}

void letter_free(struct letter *l)
{
	for (size_t i = 0; i < l->nr_lines; i++)
		free(l->lines[i].text);
	for (size_t i = 0; i < l->nr_tables; i++)
		free(l->tables[i].rows);
	free(l->lines);
	free(l->tables);
	memset(l, 0, sizeof(*l));
}
