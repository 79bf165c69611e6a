// SPDX-License-Identifier: GPL-2.0
/*
 * Two arms written as a diff's lines: "-nr_inactive_anon 321935" for
 * each counter of the first, then "+nr_inactive_anon 1662306" for the
 * same counters of the second (perf stat's lines too, "-  9,250,034,512
 * cycles"). One table of two columns, named by a legend near the lists
 * ("where -: before this patch, +: after this patch"), else Before and
 * After. The pairs of a line are letter_kv_value.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "letter_blocks.h"

#define LEGEND_LINES 3		/* lines looked at for the legend */

/* The pairs of line j after its sign ('-' or '+') into b; false if none. */
static bool signed_line(const struct letter *l, size_t j, int depth, char sign,
			struct kv_block *b)
{
	const char *s = l->lines[j].text;

	if (!letter_same_block(l, j, depth))
		return false;
	while (*s == ' ')
		s++;
	if (*s != sign || s[1] == sign || s[1] == '>')
		return false;
	return letter_kv_text(s + 1, j, b);
}

/* The run of sign's lines from line j into b: the line after it. */
static size_t signed_run(const struct letter *l, size_t j, int depth, char sign,
			 struct kv_block *b)
{
	b->head = j;
	b->nr = 0;
	while (signed_line(l, j, depth, sign, b))
		b->last = j++;
	return j;
}

/* "-: before this patch," in s: the name after sign's colon into out. */
static bool legend_name(const char *s, char sign, char *out, size_t len)
{
	char key[3] = { sign, ':', '\0' };
	const char *p = strstr(s, key);
	size_t n;

	if (!p || (p > s && p[-1] != ' ' && p[-1] != '('))
		return false;
	p += 2;
	while (*p == ' ')
		p++;
	n = strcspn(p, ",;)");
	while (n && (p[n - 1] == ' ' || p[n - 1] == '.'))
		n--;
	if (!n)
		return false;
	letter_clean_label(p, n, out, len);
	return letter_label_ok(out);
}

/* The legend in lines [from, to) naming both signs' arms into col. */
static bool legend(const struct letter *l, size_t from, size_t to,
		   char col[][LETTER_NAME_LEN])
{
	for (size_t k = from; k < to && k < l->nr_lines; k++)
		if (legend_name(l->lines[k].text, '-', col[0], LETTER_NAME_LEN) &&
		    legend_name(l->lines[k].text, '+', col[1], LETTER_NAME_LEN))
			return true;
	return false;
}

/*
 * The lists from line i, its first '-' line: one table into l. The line
 * after the '+' list, i + 1 when line i starts none, -1 out of memory.
 */
long letter_read_diff_lists(struct letter *l, size_t i, const char *section)
{
	char col[LETTER_MAX_COLS][LETTER_NAME_LEN];
	int depth = l->lines[i].depth, made = 0;
	struct kv_block *b;
	size_t j, end;

	if (l->lines[i].text[strspn(l->lines[i].text, " ")] != '-')
		return (long)i + 1;
	b = malloc(2 * sizeof(*b));
	if (!b)
		return -1;
	end = signed_run(l, i, depth, '-', &b[0]);
	for (j = end; j < end + 2 && letter_same_block(l, j, depth) &&
		      letter_blank(l->lines[j].text); j++)
		;	/* a blank line or two between the lists */
	if (b[0].nr >= 2 && !letter_kv_holds_runs(&b[0]) &&
	    signed_run(l, j, depth, '+', &b[1]) > j &&
	    letter_kv_shares_rows(&b[0], &b[1])) {
		if (!legend(l, b[1].last + 1, b[1].last + 1 + LEGEND_LINES, col) &&
		    !legend(l, i > LEGEND_LINES ? i - LEGEND_LINES : 0, i, col)) {
			snprintf(col[0], LETTER_NAME_LEN, "Before");
			snprintf(col[1], LETTER_NAME_LEN, "After");
		}
		made = letter_kv_table(l, i, b, 2, col, section, false);
	}
	j = made > 0 ? b[1].last + 1 : i + 1;
	free(b);
	return made < 0 ? -1 : (long)j;
}
