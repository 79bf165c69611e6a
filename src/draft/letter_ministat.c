// SPDX-License-Identifier: GPL-2.0
/*
 * ministat(1)'s comparison, as letters paste it: a legend of the data
 * sets ("x Old fullness grouping", "+ New fullness grouping"), its plot
 * maybe, then a header "N Min Max Median Avg Stddev" over a row per set
 * led by its symbol. One table: a column per set, a row per statistic,
 * the Stddev as the Avg's spread.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "letter_shapes.h"

#define MINISTAT_SYMBOLS "x+*%#@O"
#define MINISTAT_STATS 6	/* N Min Max Median Avg Stddev */
#define MINISTAT_PLOT_MAX 40	/* lines of the plot between legend and header */

static const char *const stat_names[MINISTAT_STATS] = {
	"N", "Min", "Max", "Median", "Avg", "Stddev" };

/* "x Old fullness grouping": the k-th set's symbol, a blank, its name. */
static bool legend_line(const char *s, int k, char *name, size_t len)
{
	if (s[0] != MINISTAT_SYMBOLS[k] || s[1] != ' ' || !isgraph((unsigned char)s[2]))
		return false;
	snprintf(name, len, "%s", s + 2);
	return true;
}

static bool stats_header(const char *s)
{
	const char *p = s;

	for (int k = 0; k < MINISTAT_STATS; k++) {
		while (*p == ' ')
			p++;
		if (strncmp(p, stat_names[k], strlen(stat_names[k])))
			return false;
		p += strlen(stat_names[k]);
	}
	return !*p;
}

/* "+ 140  289  2778  2006  1878.1714  641.02073": set k's statistics. */
static bool stats_row(const char *s, int k, double v[MINISTAT_STATS])
{
	char *end;

	if (s[0] != MINISTAT_SYMBOLS[k] || s[1] != ' ')
		return false;
	s += 2;
	for (int i = 0; i < MINISTAT_STATS; i++) {
		v[i] = strtod(s, &end);
		if (end == s)
			return false;
		s = end;
	}
	while (*s == ' ')
		s++;
	return !*s;
}

/*
 * The comparison whose legend starts at line i: the line after its last
 * row, or i + 1 when line i starts none; -1 when out of memory.
 */
long letter_read_ministat(struct letter *l, size_t i, const char *section)
{
	char name[LETTER_MAX_COLS][LETTER_NAME_LEN];
	double v[LETTER_MAX_COLS][MINISTAT_STATS];
	struct letter_table t = {};
	int depth = l->lines[i].depth, nsets = 0;
	size_t h, last = 0, cap = 0;

	while (nsets < (int)strlen(MINISTAT_SYMBOLS) &&
	       letter_same_block(l, i + nsets, depth) &&
	       legend_line(l->lines[i + nsets].text, nsets, name[nsets], sizeof(name[0])))
		nsets++;
	if (nsets < 2)
		return (long)i + 1;
	for (h = i + nsets; h < i + nsets + MINISTAT_PLOT_MAX; h++)
		if (!letter_same_block(l, h, depth) || stats_header(l->lines[h].text))
			break;
	if (!letter_same_block(l, h, depth) || !stats_header(l->lines[h].text))
		return (long)i + 1;
	for (int k = 0; k < nsets; k++) {
		/* each row but the first may be followed by its difference's lines */
		size_t r = h + 1;

		while (r < h + 1 + (size_t)k * 6 && letter_same_block(l, r, depth) &&
		       !stats_row(l->lines[r].text, k, v[k]))
			r++;
		if (!letter_same_block(l, r, depth) || !stats_row(l->lines[r].text, k, v[k]))
			return (long)i + 1;
		if (r > last)
			last = r;
	}
	for (int s = 0; s < MINISTAT_STATS - 1; s++) {
		struct letter_row row;

		memset(&row, 0, sizeof(row));
		snprintf(row.label, sizeof(row.label), "%s", stat_names[s]);
		for (int k = 0; k < nsets; k++) {
			row.cell[k].kind = CELL_NUM;
			row.cell[k].mean = v[k][s];
			if (s == MINISTAT_STATS - 2) {
				row.cell[k].has_sd = true;
				row.cell[k].sd = v[k][MINISTAT_STATS - 1];
			}
		}
		row.statistic = s != MINISTAT_STATS - 2;
		row.line = (int)i + 1;
		if (letter_add_row(l, &t, &row, &cap))
			return -1;
	}
	for (int k = 0; k < nsets; k++)
		memcpy(t.col[k], name[k], sizeof(t.col[k]));
	t.nr_cols = nsets;
	t.named = true;
	t.line = (int)i + 1;
	letter_find_title(l, i, t.title, sizeof(t.title));
	for (size_t k = i; k <= last; k++)
		l->lines[k].kind = LL_TABLE;
	return letter_keep_table(l, &t, section) ? -1 : (long)last + 1;
}
