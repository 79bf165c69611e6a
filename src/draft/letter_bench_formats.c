// SPDX-License-Identifier: GPL-2.0
/*
 * The compare reports of two benchmark suites, which the aligned-table
 * reader cannot split at blanks: mmtests' ("Amean  elapsed  543.00 (
 * 0.00%)  530.00 *   2.39%*", the arms in a header of one or two lines,
 * kernel over configuration) and the kernel test robot's lkp ("3.97
 * +33.0%  5.28 ±  2%  vm-scalability.free_time", the arms the commits
 * named over a rule and a "%stddev  %change  %stddev" line).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "letter_shapes.h"

#define BENCH_TOKENS 64

/* A whole token as a number: "530.00", "-0.0", "1.295e+08"; no "inf". */
static bool plain_number(const char *s, size_t n, double *v)
{
	char buf[40], *end;

	if (!n || n >= sizeof(buf) ||
	    !(isdigit((unsigned char)s[0]) || strchr("+-.", s[0])))
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	for (size_t k = 0; k < n; k++)
		if (!isdigit((unsigned char)buf[k]) && !strchr("+-.eE", buf[k]))
			return false;
	*v = strtod(buf, &end);
	return end == buf + n && isfinite(*v);
}

/* Whitespace-separated tokens of s: their starts and lengths. */
static int tokens(const char *s, const char **tok, size_t *len, int max)
{
	int n = 0;

	while (*s) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		if (n == max)
			return -1;
		tok[n] = s;
		while (*s && *s != ' ')
			s++;
		len[n] = (size_t)(s - tok[n]);
		n++;
	}
	return n;
}

static void num_cell(struct letter_cell *c, double v)
{
	memset(c, 0, sizeof(*c));
	c->kind = CELL_NUM;
	c->mean = v;
}

/* ------------------------------------------------------------ mmtests */

/*
 * s[0..*end) ends with a change: "(   0.00%)", "(-106.68%)", "*   2.39%*",
 * "*-252.94%*". Moves *end before it.
 */
static bool mmtests_change(const char *s, size_t *end)
{
	size_t e = *end, k;
	char close;
	double v;

	while (e && s[e - 1] == ' ')
		e--;
	if (e < 4 || (s[e - 1] != ')' && s[e - 1] != '*') || s[e - 2] != '%')
		return false;
	close = s[e - 1];
	k = e - 2;
	while (k && s[k - 1] != (close == ')' ? '(' : '*'))
		k--;
	if (!k)
		return false;
	/* between the marks: blanks and a signed number */
	{
		size_t a = k;

		while (a < e - 2 && s[a] == ' ')
			a++;
		if (!plain_number(s + a, e - 2 - a, &v))
			return false;
	}
	*end = k - 1;
	return true;
}

/*
 * "Stddev", "CoeffVar", "Min", "Max-90", "BAmean-99", "1st-qrtle": a
 * statistic of the quantity other than its mean (Amean, Hmean, Gmean),
 * so not a value of the quantity's metric.
 */
static bool spread_statistic(const char *label)
{
	static const char *const stats[] = {
		"Min", "Max", "Stddev", "CoeffVar", "Max-", "Min-", "BAmean-",
		"BHmean-", "BGmean-", NULL };
	size_t n = strcspn(label, " ");

	for (int k = 0; stats[k]; k++) {
		size_t sl = strlen(stats[k]);

		if (stats[k][sl - 1] == '-' ? n > sl && !strncmp(label, stats[k], sl) :
		    n == sl && !strncmp(label, stats[k], sl))
			return true;
	}
	return n > 6 && !strncmp(label + n - 6, "-qrtle", 6);
}

/*
 * An mmtests row: a label, then values each followed by its change; a
 * trailing "<--" mark is dropped. The values' count (2 at least) or 0.
 * The label's blanks are folded: "Amean     elapsed" is "Amean elapsed".
 */
static int mmtests_row(const char *s, struct letter_row *r)
{
	double val[LETTER_MAX_COLS];
	const char *mark = strstr(s, "<--");
	size_t end = mark ? (size_t)(mark - s) : strlen(s);
	int n = 0;

	memset(r, 0, sizeof(*r));
	while (n < LETTER_MAX_COLS && mmtests_change(s, &end)) {
		size_t b;

		while (end && s[end - 1] == ' ')
			end--;
		b = end;
		while (b && s[b - 1] != ' ')
			b--;
		if (!plain_number(s + b, end - b, &val[n]))
			return 0;
		n++;
		end = b;
	}
	if (n < 2)
		return 0;
	{
		size_t o = 0;

		for (size_t k = 0; k < end && o + 1 < sizeof(r->label); k++)
			if (s[k] != ' ' || (o && r->label[o - 1] != ' '))
				r->label[o++] = s[k];
		while (o && r->label[o - 1] == ' ')
			o--;
		r->label[o] = '\0';
	}
	if (!letter_label_ok(r->label))
		return 0;
	r->statistic = spread_statistic(r->label);
	for (int k = 0; k < n; k++)
		num_cell(&r->cell[k], val[n - 1 - k]);
	return n;
}

/* A header line of n names; their ends into end[] (columns, 0-based). */
static bool header_names(const char *s, int n, char name[][LETTER_NAME_LEN], int *end)
{
	const char *tok[BENCH_TOKENS];
	size_t len[BENCH_TOKENS];
	double v;

	if (tokens(s, tok, len, BENCH_TOKENS) != n) {
		struct span sp[BENCH_TOKENS];

		int nc = letter_split_cells(s, sp, BENCH_TOKENS), skip;

		/*
		 * names of words two blanks apart: "before (9cd6ffa6025)  after
		 * (f1a79)", the test's name first maybe ("kernbench  5.10-rc1
		 * maple tree")
		 */
		if (nc != n && nc != n + 1)
			return false;
		skip = nc - n;
		for (int k = 0; k < n; k++) {
			tok[k] = s + sp[k + skip].start;
			len[k] = (size_t)(sp[k + skip].end - sp[k + skip].start);
		}
	}
	for (int k = 0; k < n; k++) {
		if (plain_number(tok[k], len[k], &v) || strspn(tok[k], "-=_+|~") >= len[k])
			return false;	/* a number or a rule is no name */
		snprintf(name[k], LETTER_NAME_LEN, "%.*s", (int)len[k], tok[k]);
		end[k] = (int)(tok[k] - s + len[k]);
	}
	return true;
}

/*
 * A configuration line whose names touch ("vanillasched-scalewakegran-v2r4
 * sched-moveforward-v1r1"): each name is cut where a kernel's name above
 * ends inside it (mmtests right-aligns both; a long name spills a column
 * or so, so a cut leaving a part of one or two letters is none).
 */
static bool header_cut(const char *s, int n, const int *end, char name[][LETTER_NAME_LEN])
{
	const char *tok[BENCH_TOKENS];
	size_t len[BENCH_TOKENS];
	int nt = tokens(s, tok, len, BENCH_TOKENS), got = 0;

	if (nt < 1 || nt >= n || letter_rule(s))
		return false;
	for (int k = 0; k < nt; k++) {
		int from = (int)(tok[k] - s), to = from + (int)len[k];

		for (int e = 0; e < n - 1 && got + nt - k < n; e++) {
			if (end[e] - from < 3 || to - end[e] < 3)
				continue;
			snprintf(name[got++], LETTER_NAME_LEN, "%.*s", end[e] - from, s + from);
			from = end[e];
		}
		if (got == n)
			return false;
		snprintf(name[got++], LETTER_NAME_LEN, "%.*s", to - from, s + from);
	}
	return got == n;
}

/* "5.17.0-rc3", "v6.5", "6.1.0+": a kernel's release */
static bool kernel_release(const char *s)
{
	if (*s == 'v')
		s++;
	return isdigit((unsigned char)s[0]) && strchr(s, '.') &&
	       isdigit((unsigned char)s[strcspn(s, ".") + 1]);
}

/*
 * The arms over line first: one header line of n names, or a kernel line
 * over a configuration line. A configuration names its arm when each is
 * another; else the kernel and the configuration together. The header's
 * top line into *top; false when the lines above are no header.
 */
static bool mmtests_header(const struct letter *l, size_t first, int n,
			   char col[][LETTER_NAME_LEN], size_t *top, bool kernels_only)
{
	char kern[LETTER_MAX_COLS][LETTER_NAME_LEN], conf[LETTER_MAX_COLS][LETTER_NAME_LEN];
	int kend[LETTER_MAX_COLS], cend[LETTER_MAX_COLS];
	int depth = l->lines[first].depth;
	bool two, unique = true, parted = false;
	size_t c = first - 1;

	/* one blank line may part a header of two lines from its rows */
	if (first >= 2 && letter_same_block(l, c, depth) && letter_blank(l->lines[c].text)) {
		c--;
		parted = true;
	}
	if (!first || n > LETTER_MAX_COLS || !letter_same_block(l, c, depth) ||
	    letter_blank(l->lines[c].text))
		return false;
	two = c > 0 && letter_same_block(l, c - 1, depth) &&
	      header_names(l->lines[c - 1].text, n, kern, kend);
	for (int k = 0; two && k < n; k++)
		two = kernel_release(kern[k]);
	if (parted && !two)
		return false;	/* "dbench4 Latency" over a blank: a heading */
	if (two && !header_names(l->lines[c].text, n, conf, cend) &&
	    !header_cut(l->lines[c].text, n, kend, conf))
		return false;
	if (!two && (kernels_only || !header_names(l->lines[c].text, n, conf, cend)))
		return false;
	for (int a = 0; a < n; a++)
		for (int b = a + 1; b < n; b++)
			unique &= strcmp(conf[a], conf[b]) != 0;
	for (int k = 0; k < n; k++)
		if (two && !unique)
			snprintf(col[k], LETTER_NAME_LEN, "%.20s %.26s", kern[k], conf[k]);
		else
			snprintf(col[k], LETTER_NAME_LEN, "%s", conf[k]);
	*top = two ? c - 1 : c;
	return true;
}

/* "Duration User  19385.45  18140.89", "Ops NUMA alloc hit ...": mmtests' blocks */
static bool mmtests_block(const char *s)
{
	while (*s == ' ')
		s++;
	return !strncmp(s, "Duration ", 9) || !strncmp(s, "Ops ", 4);
}

/* The rows from line i on: mmtests rows, or plain rows of counters. */
static long mmtests_rows(struct letter *l, size_t i, int n, bool counters,
			 struct letter_table *t, size_t *cap)
{
	int depth = l->lines[i].depth;
	size_t j = i;

	while (letter_same_block(l, j, depth)) {
		struct letter_row row;
		int v = counters ? letter_parse_row(l->lines[j].text, &row) :
			mmtests_row(l->lines[j].text, &row);

		if (v != n && !counters && letter_blank(l->lines[j].text) && j > i &&
		    letter_same_block(l, j + 1, depth) &&
		    mmtests_row(l->lines[j + 1].text, &row) == n) {
			j++;	/* the next test's rows, one blank below: one table */
			continue;
		}
		if (v != n && letter_blank(l->lines[j].text) && j > i &&
		    letter_same_block(l, j + 1, depth) &&
		    mmtests_block(l->lines[j + 1].text) &&
		    letter_parse_row(l->lines[j + 1].text, &row) == n) {
			counters = true;	/* its Duration and Ops blocks */
			j++;
			continue;
		}
		if (v != n)
			break;
		for (int k = 0; counters && k < n; k++)
			if (!letter_is_num(&row.cell[k]) || row.cell[k].has_change)
				v = 0;
		if (v != n)
			break;
		row.line = (int)j + 1;
		if (letter_add_row(l, t, &row, cap))
			return -1;
		j++;
	}
	return (long)j - 1;
}

/* ---------------------------------------------------------------- lkp */

/* "±  3%", "±147%", "A+-  1%" (an archive's plus-minus): at tok[*k] */
static bool lkp_spread(const char **tok, const size_t *len, int nt, int *k)
{
	static const char *const signs[] = {
		"\xc2\xb1", "A+-", "+-",
		"\xc4\x85",	/* ± read as Latin-2 by an archive: "ą" */
		NULL };

	if (*k >= nt)
		return false;
	for (int s = 0; signs[s]; s++) {
		size_t sl = strlen(signs[s]);

		if (len[*k] < sl || strncmp(tok[*k], signs[s], sl))
			continue;
		if (len[*k] == sl) {
			if (*k + 1 >= nt || tok[*k + 1][len[*k + 1] - 1] != '%')
				return false;
			*k += 2;
		} else if (tok[*k][len[*k] - 1] == '%') {
			*k += 1;
		} else {
			return false;
		}
		return true;
	}
	return false;
}

/* "+33.0%", "-0.0", "+2.1e+05%": the change between two arms */
static bool lkp_change(const char *s, size_t n)
{
	double v;

	if (n && s[n - 1] == '%')
		n--;
	return n > 1 && (s[0] == '+' || s[0] == '-') && plain_number(s, n, &v);
}

/*
 * An lkp row of n arms: a value and its spread, then for each further arm
 * a change, a value and its spread; the name last. The values' count
 * (n), 0, or -1 for a row whose name is too long to keep (perf's call
 * chains): left out, the table goes on.
 */
static int lkp_row(const char *s, int n, struct letter_row *r)
{
	const char *tok[BENCH_TOKENS];
	size_t len[BENCH_TOKENS];
	int nt = tokens(s, tok, len, BENCH_TOKENS), k = 0, v = 0;
	double val;

	memset(r, 0, sizeof(*r));
	if (nt < 3 || n > LETTER_MAX_COLS)
		return 0;
	while (v < n && k < nt - 1) {
		if (v && (!lkp_change(tok[k], len[k]) || ++k >= nt - 1))
			return 0;
		if (!plain_number(tok[k], len[k], &val))
			return 0;
		num_cell(&r->cell[v++], val);
		k++;
		lkp_spread(tok, len, nt - 1, &k);
	}
	if (v != n || k != nt - 1)
		return 0;
	if (len[k] >= sizeof(r->label))
		return -1;
	/* a name past MAX_LABEL is no sentence here: one word, dots apart */
	snprintf(r->label, sizeof(r->label), "%.*s", (int)len[k], tok[k]);
	for (const char *p = r->label; *p; p++)
		if (isalpha((unsigned char)*p))
			return n;
	return 0;
}

/* "%stddev  %change  %stddev [...]": the arms' count, or 0 */
static int lkp_stddev_line(const char *s)
{
	const char *tok[BENCH_TOKENS];
	size_t len[BENCH_TOKENS];
	int nt = tokens(s, tok, len, BENCH_TOKENS);

	if (nt < 3 || !(nt & 1))
		return 0;
	for (int k = 0; k < nt; k++)
		if (strncmp(tok[k], k & 1 ? "%change" : "%stddev", len[k]) ||
		    len[k] != 7)
			return 0;
	return (nt + 1) / 2;
}

static bool dash_rule(const char *s, int n)
{
	const char *tok[BENCH_TOKENS];
	size_t len[BENCH_TOKENS];

	if (tokens(s, tok, len, BENCH_TOKENS) != n)
		return false;
	for (int k = 0; k < n; k++)
		if (strspn(tok[k], "-") < len[k] || len[k] < 8)
			return false;
	return true;
}

/*
 * The commits over the rule above line i ("3852f6768ede542e
 * aae466b0052e1888edd1d7f473d" over "---------------- ------"), a
 * "fail:runs" block between: their names, the commits' line into *top.
 */
static bool lkp_header(const struct letter *l, size_t i, int n,
		       char col[][LETTER_NAME_LEN], size_t *top)
{
	int depth = l->lines[i].depth, end[LETTER_MAX_COLS];
	size_t k = i;

	while (k > 1 && i - k < 12 && letter_same_block(l, k - 1, depth)) {
		k--;
		if (dash_rule(l->lines[k].text, n)) {
			if (!letter_same_block(l, k - 1, depth) ||
			    !header_names(l->lines[k - 1].text, n, col, end))
				return false;
			*top = k - 1;
			return true;
		}
	}
	return false;
}

/* The n-th '/' part of s (n from 0) into out; false past the last. */
static bool slash_part(const char *s, int n, char *out, size_t len)
{
	while (n-- > 0) {
		s = strchr(s, '/');
		if (!s)
			return false;
		s++;
	}
	snprintf(out, len, "%.*s", (int)strcspn(s, "/"), s);
	return true;
}

/*
 * The job lkp ran, as the report's parameters say it above the table
 * ("compiler/.../test/testcase:" over "gcc-9/.../swap-w-rand-mt/
 * vm-scalability"): "vm-scalability swap-w-rand-mt"; false without it.
 */
static bool lkp_title(const struct letter *l, size_t top, char *out, size_t len)
{
	for (size_t k = top; k > 0 && top - k < 12; k--) {
		const char *keys = l->lines[k - 1].text, *vals = l->lines[k].text;
		char key[64], testcase[64] = "", test[64] = "";
		size_t n;

		while (*keys == ' ')
			keys++;
		while (*vals == ' ')
			vals++;
		n = strlen(keys);
		if (n < 2 || keys[n - 1] != ':' || !strchr(keys, '/'))
			continue;
		for (int p = 0; slash_part(keys, p, key, sizeof(key)); p++) {
			char *colon = strchr(key, ':');

			if (colon)
				*colon = '\0';
			if (!strcmp(key, "testcase"))
				slash_part(vals, p, testcase, sizeof(testcase));
			else if (!strcmp(key, "test"))
				slash_part(vals, p, test, sizeof(test));
		}
		if (!testcase[0])
			return false;
		snprintf(out, len, "%s%s%s", testcase, test[0] ? " " : "", test);
		return true;
	}
	return false;
}

/* ------------------------------------------------------------ tables */

static long push_bench_table(struct letter *l, struct letter_table *t,
			     size_t top, long last, const char *section)
{
	for (size_t k = top; k <= (size_t)last; k++)
		l->lines[k].kind = LL_TABLE;
	letter_unique_columns(t);
	if (!t->title[0])
		letter_find_title(l, top, t->title, sizeof(t->title));
	return letter_keep_table(l, t, section) ? -1 : last + 1;
}

/* The arms of the letter's last mmtests table of n arms, into col. */
static bool earlier_mmtests(const struct letter *l, int n,
			    char col[][LETTER_NAME_LEN])
{
	for (size_t k = l->nr_tables; k > 0; k--) {
		const struct letter_table *t = &l->tables[k - 1];

		if (t->mmtests && t->nr_cols == n) {
			memcpy(col, t->col, sizeof(col[0]) * n);
			return true;
		}
	}
	return false;
}

static long read_mmtests(struct letter *l, size_t i, const char *section)
{
	char col[LETTER_MAX_COLS][LETTER_NAME_LEN];
	struct letter_table t = {};
	struct letter_row row;
	bool counters = false;
	size_t cap = 0, top;
	int n = mmtests_row(l->lines[i].text, &row);
	long last;

	/* counters under an mmtests header of kernels: plain values alone */
	if (!n) {
		n = letter_parse_row(l->lines[i].text, &row);
		counters = n >= 2;
	}
	if (n >= 2 && !counters && !mmtests_header(l, i, n, col, &top, counters) &&
	    earlier_mmtests(l, n, col))
		top = i;	/* a later section, no header: the report's arms */
	else if (n == 2 && !counters && !mmtests_header(l, i, n, col, &top, counters) &&
		 i + 1 < l->nr_lines && mmtests_row(l->lines[i + 1].text, &row) == 2) {
		/* rows alone, the baseline's "(0.00%)" first: the arms unnamed */
		snprintf(col[0], LETTER_NAME_LEN, "Before");
		snprintf(col[1], LETTER_NAME_LEN, "After");
		top = i;
	} else if (n < 2 || !mmtests_header(l, i, n, col, &top, counters)) {
		return (long)i + 1;
	}
	last = mmtests_rows(l, i, n, counters, &t, &cap);
	if (last < 0 || last < (long)i) {
		free(t.rows);
		return last < 0 ? -1 : (long)i + 1;
	}
	t.line = (int)top + 1;
	t.named = true;
	t.mmtests = true;
	t.nr_cols = n;
	memcpy(t.col, col, sizeof(col[0]) * n);
	return push_bench_table(l, &t, top, last, section);
}

static long read_lkp(struct letter *l, size_t i, const char *section)
{
	char col[LETTER_MAX_COLS][LETTER_NAME_LEN];
	struct letter_table t = {};
	size_t cap = 0, top, j = i + 1;
	int n = lkp_stddev_line(l->lines[i].text), depth = l->lines[i].depth;

	if (n < 2 || n > LETTER_MAX_COLS || !lkp_header(l, i, n, col, &top))
		return (long)i + 1;
	/* the "\ | \" line under the names */
	if (letter_same_block(l, j, depth) &&
	    strspn(l->lines[j].text, " \\|") == strlen(l->lines[j].text))
		j++;
	for (; letter_same_block(l, j, depth); j++) {
		struct letter_row row;
		int v = lkp_row(l->lines[j].text, n, &row);

		if (v < 0)
			continue;
		if (v != n)
			break;
		row.line = (int)j + 1;
		if (letter_add_row(l, &t, &row, &cap))
			return -1;
	}
	if (!t.nr_rows && !t.rows_cut)
		return (long)i + 1;
	lkp_title(l, top, t.title, sizeof(t.title));
	t.line = (int)top + 1;
	t.named = true;
	t.nr_cols = n;
	memcpy(t.col, col, sizeof(col[0]) * n);
	return push_bench_table(l, &t, top, (long)j - 1, section);
}

/*
 * An lkp row with its test's name first, "wis-mmap1-25%  223670  +33.3%
 * 298205  per_process_ops": the name the row's label, the measure after
 * the values dropped. The values' count, or 0.
 */
static int lkp_named_row(const char *s, int n, struct letter_row *r)
{
	const char *tok[BENCH_TOKENS];
	size_t len[BENCH_TOKENS];
	char name[sizeof(r->label)];
	double v;

	if (tokens(s, tok, len, BENCH_TOKENS) < 4 || plain_number(tok[0], len[0], &v) ||
	    len[0] >= sizeof(name) || lkp_row(tok[1], n, r) != n)
		return lkp_row(s, n, r) == n ? n : 0;
	snprintf(name, sizeof(name), "%.*s", (int)len[0], tok[0]);
	memcpy(r->label, name, sizeof(name));
	return n;
}

/*
 * lkp's rows without its "%stddev  %change  %stddev" line, as a letter
 * quotes them: under a line naming the two arms ("base  base+patch"),
 * else the arms of the letter's last table of two; a change between
 * the values, each row's name first or last. The line after the rows.
 */
static long read_lkp_rows(struct letter *l, size_t i, const char *section)
{
	char col[LETTER_MAX_COLS][LETTER_NAME_LEN];
	int depth = l->lines[i].depth, end[LETTER_MAX_COLS];
	struct letter_table t = {};
	struct letter_row row;
	size_t cap = 0, top = i, j;

	if (lkp_named_row(l->lines[i].text, 2, &row) != 2)
		return (long)i + 1;
	if (i > 0 && letter_same_block(l, i - 1, depth) &&
	    header_names(l->lines[i - 1].text, 2, col, end)) {
		top = i - 1;
	} else if (!l->nr_tables || l->tables[l->nr_tables - 1].nr_cols != 2 ||
		   (i > 0 && letter_same_block(l, i - 1, depth) &&
		    !letter_blank(l->lines[i - 1].text))) {
		return (long)i + 1;
	} else {
		memcpy(col, l->tables[l->nr_tables - 1].col, sizeof(col[0]) * 2);
	}
	for (j = i; letter_same_block(l, j, depth) &&
		    lkp_named_row(l->lines[j].text, 2, &row) == 2; j++) {
		row.line = (int)j + 1;
		if (letter_add_row(l, &t, &row, &cap))
			return -1;
	}
	t.line = (int)top + 1;
	t.named = true;
	t.nr_cols = 2;
	memcpy(t.col, col, sizeof(col[0]) * 2);
	return push_bench_table(l, &t, top, (long)j - 1, section);
}

long letter_read_bench_table(struct letter *l, size_t i, const char *section)
{
	long next = read_lkp(l, i, section);

	if (next == (long)i + 1)
		next = read_lkp_rows(l, i, section);
	return next != (long)i + 1 ? next : read_mmtests(l, i, section);
}
