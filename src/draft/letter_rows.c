// SPDX-License-Identifier: GPL-2.0
/*
 * One line as a table row: a label and value cells two blanks apart (a
 * pipe table's cells arrive so, letter_mail.c opens them), or an arrow
 * row "label: before -> after".
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

/* Cells of a line: text between runs of two or more blanks. */
int letter_split_cells(const char *s, struct span *sp, int max)
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
	int n = letter_split_cells(s, sp, MAX_CELLS);

	return n < 0 ? MAX_CELLS : n;
}

bool letter_span_cell(const char *s, const struct span *sp, struct letter_cell *c)
{
	char buf[80];
	int n = sp->end - sp->start;

	if (n <= 0 || n >= (int)sizeof(buf))
		return false;
	memcpy(buf, s + sp->start, n);
	buf[n] = '\0';
	return letter_cell_parse(buf, c);
}

/*
 * A unit a value is written with. Between words one blank apart, "2p"
 * of "multi 2p  94.6ms" is the label's, not a value in unit p.
 */
bool letter_known_unit(const char *u)
{
	static const char *const units[] = {
		"", "%", "s", "sec", "ms", "us", "\xc2\xb5s", "\xce\xbcs", "ns", "m",
		"min", "h", "k", "K", "M", "G", "B", "KB", "MB", "GB", "TB", "kB",
		"KiB", "MiB", "GiB", "x", "X", "pages", "ops/s", "MB/s", "GB/s",
		"KB/s", "k ops/s", NULL };

	for (int i = 0; units[i]; i++)
		if (!strcmp(u, units[i]))
			return true;
	return false;
}

/* The label has letters and is not a sentence. */
/* "[0, 1)", "[1000000, +)": a histogram's bucket, a range of numbers */
static bool bucket_label(const char *s)
{
	size_t n = strlen(s);

	return n >= 5 && (s[0] == '[' || s[0] == '(') && (s[n - 1] == ')' || s[n - 1] == ']') &&
	       isdigit((unsigned char)s[1]) && strchr(s, ',') &&
	       strspn(s + 1, "0123456789., +-") == n - 2;
}

bool letter_label_ok(const char *label)
{
	bool alpha = false;

	for (const char *p = label; *p; p++)
		alpha |= isalpha((unsigned char)*p) || *p == '!';
	return (alpha || bucket_label(label)) && strlen(label) <= MAX_LABEL;
}

/*
 * A first cell that names its row though a number: a whole count
 * ("511", a parameter's value), a size ("4KiB", "2M") or a range of
 * patches ("1-3"), not a
 * measure (no decimals, no percent, no sign).
 */
bool letter_key_cell(const char *s, size_t n)
{
	static const char *const sizes[] = { "", "K", "M", "G", "KB", "MB", "GB",
					     "kB", "KiB", "MiB", "GiB", "k", NULL };
	size_t d = 0;

	while (d < n && isdigit((unsigned char)s[d]))
		d++;
	if (!d || d > 9)
		return false;
	/* "1-3": a range of patches applied */
	if (d + 1 < n && s[d] == '-' && strspn(s + d + 1, "0123456789") == n - d - 1)
		return true;
	for (int i = 0; sizes[i]; i++)
		if (n - d == strlen(sizes[i]) && !strncmp(s + d, sizes[i], n - d))
			return true;
	return false;
}

/* "(3.9%)", "(-56.56)", "(0.06)": a number alone in parentheses */
static bool paren_number(const char *s, size_t n)
{
	char *end;

	if (n < 3 || s[0] != '(' || s[n - 1] != ')' ||
	    !(isdigit((unsigned char)s[1]) || s[1] == '-' || s[1] == '+'))
		return false;
	strtod(s + 1, &end);
	if (*end == '%')
		end++;
	return end == s + n - 1;
}

/*
 * "400.0ms  (3.9%)", "255710.400   (-56.56)": a change two blanks after
 * its value, its own cell once split, joined back to the value's. The
 * cells' count.
 */
int letter_join_change_cells(const char *s, struct span *sp, int n)
{
	int o = 0;

	for (int k = 0; k < n; k++) {
		const char *p;
		double pct;

		if (o > 0 && s[sp[k].start] == '(' && s[sp[k].end - 1] == ')' &&
		    ((p = s + sp[k].start, letter_parse_change(&p, &pct)) ||
		     paren_number(s + sp[k].start, sp[k].end - sp[k].start))) {
			struct letter_cell prev;

			if (letter_span_cell(s, &sp[o - 1], &prev) && letter_is_num(&prev) &&
			    !prev.has_change) {
				sp[o - 1].end = sp[k].end;
				continue;
			}
		}
		sp[o++] = sp[k];
	}
	return o;
}

/*
 * A row: a label, then value cells. Cells are split at two blanks; a
 * line whose numbers are one blank apart ("written_back 40214 40275")
 * gives its trailing plain numbers (two at least). Returns the values
 * of the line; the first LETTER_MAX_COLS are kept in r.
 */
int letter_parse_row(const char *s, struct letter_row *r)
{
	struct span sp[MAX_CELLS];
	struct letter_cell cell;
	int n = letter_split_cells(s, sp, MAX_CELLS), k, v;
	bool keyed;

	memset(r, 0, sizeof(*r));
	if (n < 1)
		return 0;
	n = letter_join_change_cells(s, sp, n);
	for (k = n; k > 0 && letter_span_cell(s, &sp[k - 1], &cell); k--)
		;
	/* "4KiB  0.058110  0.057715", "511  233us  95us": a size or a count names it */
	keyed = ((k == 0 && n >= 3) || k == 1) &&
		letter_key_cell(s + sp[0].start, sp[0].end - sp[0].start);
	if (keyed)
		k = 1;	/* its first cell the label, a number or not */
	if (k >= 1 && k < n) {
		const char *colon = NULL;
		int end = sp[k - 1].end;

		v = 0;
		/* "patch1-6: 1106168.46   43025.04": the first value one blank on */
		for (const char *p = s + sp[k - 1].start; p < s + end - 2; p++)
			if (p[0] == ':' && p[1] == ' ')
				colon = p;
		if (colon && !keyed) {
			struct span first = { (int)(colon + 2 - s), end };

			if (letter_span_cell(s, &first, &r->cell[0]) && letter_is_num(&r->cell[0])) {
				end = (int)(colon - s);
				v = 1;
			}
		}
		letter_clean_label(s + sp[0].start, end - sp[0].start, r->label,
			    sizeof(r->label));
		if (!keyed && !letter_label_ok(r->label))
			return 0;
		for (; k < n; k++, v++)
			if (v < LETTER_MAX_COLS)
				letter_span_cell(s, &sp[k], &r->cell[v]);
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
			if (!letter_cell_parse(tok[k - 1], &cell) || !letter_is_num(&cell) ||
			    cell.has_change || !letter_known_unit(cell.unit))
				break;
		v = nt - k;
		if (k < 1 || v < 2)
			return 0;
		{
			size_t off = tok[k - 1] - buf + strlen(tok[k - 1]);

			letter_clean_label(s + (tok[0] - buf), off - (tok[0] - buf),
				    r->label, sizeof(r->label));
		}
		if (!letter_label_ok(r->label))
			return 0;
		for (int i = 0; i < v && i < LETTER_MAX_COLS; i++)
			letter_cell_parse(tok[k + i], &r->cell[i]);
		return v;
	}
}

bool letter_tokens_cell(char **tok, int a, int b, size_t max, struct letter_cell *c)
{
	char buf[CELL_TEXT_MAX] = "";

	if (max > sizeof(buf))
		max = sizeof(buf);
	for (int i = a; i < b; i++) {
		if (strlen(buf) + strlen(tok[i]) + 2 >= max)
			return false;
		if (i > a)
			strcat(buf, " ");
		strcat(buf, tok[i]);
	}
	return letter_cell_parse(buf, c);
}

/*
 * The first of "->", the arrow sign, "=>" and " vs " (" vs. "), its
 * length into alen: the two values of a row read "before -> after" or
 * "base vs patched".
 */
static const char *find_arrow(const char *s, size_t *alen)
{
	static const char *const arrows[] = {
		"->", "\xe2\x86\x92", "=>", " vs. ", " vs ", NULL };
	const char *best = NULL;

	for (int i = 0; arrows[i]; i++) {
		const char *a = strstr(s, arrows[i]);

		if (a && (!best || a < best)) {
			best = a;
			*alen = strlen(arrows[i]);
		}
	}
	return best;
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
bool letter_parse_arrow_row(const char *s, struct letter_row *r)
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
		if (letter_tokens_cell(lt, k, nl, CELL_TEXT_MAX, &r->cell[0]) &&
		    letter_is_num(&r->cell[0]))
			break;
	if (k >= nl)
		return false;
	for (int m = nr < 4 ? nr : 4; m > 0; m--) {
		if (!letter_tokens_cell(rt, 0, m, CELL_TEXT_MAX, &r->cell[1]) ||
		    !letter_is_num(&r->cell[1]))
			continue;
		/* what follows: nothing, or the change in parentheses */
		if (m < nr) {
			const char *p = rt[m];

			if (m + 1 < nr || !letter_parse_change(&p, &r->change_pct) || *p)
				return false;
			r->has_change = true;
		} else if (r->cell[1].has_change) {
			r->has_change = true;
			r->change_pct = r->cell[1].change_pct;
		}
		letter_clean_label(s + (lt[0] - left), lt[k - 1] - lt[0] + strlen(lt[k - 1]),
			    r->label, sizeof(r->label));
		return letter_label_ok(r->label) && units_agree(&r->cell[0], &r->cell[1]);
	}
	return false;
}
