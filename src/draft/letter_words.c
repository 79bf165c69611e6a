// SPDX-License-Identifier: GPL-2.0
/* What a letter's prose says about its tables (letter_words.h). */
#define _GNU_SOURCE	/* strcasestr */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "grow.h"
#include "letter_words.h"

#define NEAR_TABLE 25	/* lines from a paragraph to the table it sets up */

static int legend_index(struct letter_prose *p, const struct letter *l);

int letter_prose_init(struct letter_prose *p, const struct letter *l)
{
	size_t cap = 1, o = 0;

	for (size_t i = 0; i < l->nr_lines; i++)
		cap += strlen(l->lines[i].text) + 3;
	memset(p, 0, sizeof(*p));
	p->text = malloc(cap);
	if (!p->text)
		return -1;
	for (size_t i = 0; i < l->nr_lines; i++) {
		const char *t = l->lines[i].text;

		while (*t == ' ')
			t++;
		if (l->lines[i].kind != LL_PROSE || !*t) {
			/* a paragraph's end is a sentence's (its lines end in ' ') */
			if (o >= 2 && p->text[o - 1] == ' ' &&
			    !strchr(".?!", p->text[o - 2])) {
				p->text[o - 1] = '.';
				p->text[o++] = ' ';
			}
			continue;
		}
		for (; *t; t++)
			p->text[o++] = (char)tolower((unsigned char)*t);
		p->text[o++] = ' ';
	}
	p->text[o] = '\0';
	p->len = o;
	return letter_prose_index(p) || legend_index(p, l) ? -1 : 0;
}

void letter_prose_free(struct letter_prose *p)
{
	letter_prose_index_free(p);
	free(p->legend);
	p->legend = NULL;
	free(p->text);
	p->text = NULL;
}

/* name as a whole token of s (column names hold '-' and '.') */
static bool has_token(const char *s, const char *name)
{
	size_t n = strlen(name);

	if (!n)
		return false;
	for (const char *p = strcasestr(s, name); p; p = strcasestr(p + 1, name)) {
		bool before = p == s || !(letter_word_char(p[-1]) || p[-1] == '-');
		bool after = !(letter_word_char(p[n]) || p[n] == '-' ||
			       (p[n] == '.' && isalnum((unsigned char)p[n + 1])));

		if (before && after)
			return true;
	}
	return false;
}

/* A legend line's text: its bullets off. */
static const char *legend_text(const struct letter *l, size_t i)
{
	const char *t = l->lines[i].text;

	while (*t == ' ' || *t == '-' || *t == '*')
		t++;
	return t;
}

static int legend_cmp_name(const struct letter *l, const struct legend_entry *e,
			   const char *name, size_t n)
{
	const char *w = l->lines[e->line].text + e->off;
	int c = strncasecmp(w, name, e->len < n ? e->len : n);

	return c ? c : (int)e->len - (int)n;
}

static int legend_cmp(const void *a, const void *b, void *letter)
{
	const struct legend_entry *x = a, *y = b;
	const struct letter *l = letter;
	int c = legend_cmp_name(l, x, l->lines[y->line].text + y->off, y->len);

	return c ? c : (x->line > y->line) - (x->line < y->line);
}

#define LEGEND_COLONS 4		/* colons of a line looked at */
#define LEGEND_HITS 64		/* a column's legend lines read, the first ones */

/*
 * The prose lines' "NAME:" openings, sorted by NAME: each table's
 * columns are looked up in them, not in every line again.
 */
static int legend_index(struct letter_prose *p, const struct letter *l)
{
	size_t cap = 0;

	for (size_t i = 0; i < l->nr_lines; i++) {
		const char *t = legend_text(l, i), *c = t;

		/* a name past 64 KiB of bullets is none: the offset fits 16 bits */
		for (int k = 0; l->lines[i].kind == LL_PROSE && k < LEGEND_COLONS &&
		     t - l->lines[i].text <= UINT16_MAX &&
		     (c = strchr(c, ':')) && c - t < LETTER_NAME_LEN; k++, c++) {
			size_t n = (size_t)(c - t);

			while (n && t[n - 1] == ' ')
				n--;
			if (p->nr_legend == cap &&
			    grow_array((void **)&p->legend, &cap, 16, sizeof(*p->legend)))
				return -1;
			p->legend[p->nr_legend++] = (struct legend_entry){
				.line = (uint32_t)i, .off = (uint16_t)(t - l->lines[i].text),
				.len = (uint16_t)n };
		}
	}
	if (p->nr_legend)
		qsort_r(p->legend, p->nr_legend, sizeof(*p->legend), legend_cmp, (void *)l);
	return 0;
}

struct legend_hit {
	uint32_t line;
	int col;
	const char *rest;	/* past the colon */
};

static int hit_cmp(const void *a, const void *b)
{
	const struct legend_hit *x = a, *y = b;

	return x->line != y->line ? (x->line > y->line) - (x->line < y->line) :
				    x->col - y->col;
}

int letter_words_pairs(const struct letter_prose *p, const struct letter *l,
		       char col[][LETTER_NAME_LEN], int nr_cols, int pairs[][2], int max)
{
	struct legend_hit *hit = NULL;
	size_t nh = 0, cap = 0;
	int nr = 0;

	/* each column's legend lines, then taken in the letter's order */
	for (int c = 0; c < nr_cols; c++) {
		size_t n = strlen(col[c]), lo = 0, hi = p->nr_legend;

		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (legend_cmp_name(l, &p->legend[mid], col[c], n) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (size_t end = lo + LEGEND_HITS; lo < p->nr_legend && lo < end &&
		     !legend_cmp_name(l, &p->legend[lo], col[c], n); lo++) {
			const struct legend_entry *e = &p->legend[lo];

			if (nh == cap && grow_array((void **)&hit, &cap, 8, sizeof(*hit))) {
				free(hit);
				return 0;	/* out of memory: no pair from the words */
			}
			hit[nh++] = (struct legend_hit){ .line = e->line, .col = c,
				.rest = l->lines[e->line].text + e->off + e->len +
					strspn(l->lines[e->line].text + e->off + e->len, " ") + 1 };
		}
	}
	if (nh)
		qsort(hit, nh, sizeof(*hit), hit_cmp);
	for (size_t h = 0; h < nh; h++) {
		int c = hit[h].col;

		for (int d = 0; d < nr_cols; d++) {
			bool seen = false;

			if (d == c || !has_token(hit[h].rest, col[d]))
				continue;
			for (int k = 0; k < nr; k++)
				seen |= pairs[k][0] == d && pairs[k][1] == c;
			if (!seen && nr < max) {
				pairs[nr][0] = d;
				pairs[nr++][1] = c;
			}
		}
	}
	free(hit);
	return nr;
}

static const char *const setup_words[] = {
	"memory.max", "memory.high", "memory.reclaim", "memory.low", "cgroup",
	"max_pool_percent", "shrinker_enabled", "accept_threshold", "workload",
	"benchmark", " runs", "-j", "tmpfs", "iocost", "test setup", "testing",
	"total memory", "vcpu", "cpus", "swap device", "swapfile", "zram",
	"nvme", "ssd", " cap", "usemem", "kernel build", "defconfig",
	"sysbench", "mysql", "fio ", "zswap settings", "compressor", "zsmalloc",
	"mm-unstable", "linux-next", NULL };

static int setup_score(const char *para)
{
	int n = 0;

	if (strcasestr(para, "signed-off-by") || strcasestr(para, "reviewed-by") ||
	    !strncasecmp(para, "cc:", 3) || !strncasecmp(para, "to:", 3))
		return 0;
	for (int i = 0; setup_words[i]; i++)
		n += strcasestr(para, setup_words[i]) != NULL;
	return n;
}

/* a table line within NEAR_TABLE lines after line i */
static bool near_table(const struct letter *l, size_t i)
{
	for (size_t k = i; k < l->nr_lines && k < i + NEAR_TABLE; k++)
		if (l->lines[k].kind == LL_TABLE)
			return true;
	return false;
}

/* "On Wed, Dec 6, 2023 at 1:46 AM X wrote:" */
static bool attribution(const char *t)
{
	size_t n = strlen(t);

	return n > 6 && !strcmp(t + n - 6, "wrote:");
}

/* A line of prose of one paragraph: not blank, no rule, no "X wrote:" */
static bool prose_line(const struct letter *l, size_t k, int depth)
{
	const struct letter_line *ln = &l->lines[k];

	return ln->kind == LL_PROSE && ln->text[0] && ln->depth == depth &&
	       !letter_rule(ln->text) && !attribution(ln->text) &&
	       letter_cells(ln->text) < 3;	/* aligned columns are no prose */
}

/*
 * The paragraph from line *i on (lines of one quote depth), into para;
 * *i moves past it. Returns its length, 0 for none at *i.
 */
static size_t paragraph(const struct letter *l, size_t *i, char *para,
			size_t len)
{
	size_t plen = 0, k = *i, start = *i;
	int depth = l->lines[k].depth;

	para[0] = '\0';
	if (!prose_line(l, k, depth)) {
		*i = k + 1;
		return 0;
	}
	for (; k < l->nr_lines && prose_line(l, k, depth); k++) {
		const char *t = l->lines[k].text;

		while (*t == ' ')
			t++;
		plen += snprintf(para + plen, plen < len ? len - plen : 0, "%s%s",
				 plen ? " " : "", t);
	}
	*i = k;
	if (k == start + 1 && plen < 60 && para[plen - 1] == ':')
		return 0;	/* a heading, not a description */
	return plen >= len - 1 ? 0 : plen;	/* a page of prose is no setup */
}

/* Paragraphs near a table (near) or with two setup words (!near). */
static void setup_pass(const struct letter *l, bool near, char *out, size_t len)
{
	size_t used = strlen(out), i = 0;

	while (i < l->nr_lines) {
		char para[1024];
		size_t start = i, plen = paragraph(l, &i, para, sizeof(para));
		int score = plen ? setup_score(para) : 0;

		if (!score || (near ? !near_table(l, start) :
			       score < 2 || near_table(l, start)))
			continue;
		if (strstr(out, para) || used + plen + 2 >= len)
			continue;	/* quoted again in a reply, or no room */
		used += snprintf(out + used, len - used, "%s%s", used ? " " : "", para);
	}
}

void letter_words_setup(const struct letter *l, char *out, size_t len)
{
	out[0] = '\0';
	setup_pass(l, true, out, len);
	setup_pass(l, false, out, len);
}

int letter_words_runs(const char *s)
{
	for (const char *p = s; *p; p++) {
		long v;
		const char *q = p;

		if (!isdigit((unsigned char)*p) || (p > s && isalnum((unsigned char)p[-1])))
			continue;
		v = strtol(p, NULL, 10);
		while (isdigit((unsigned char)*q))
			q++;
		if (v > 0 && v < 1000000 &&
		    (!strncasecmp(q, " runs", 5) || !strncasecmp(q, " iterations", 11) ||
		     !strncasecmp(q, " trials", 7)))
			return (int)v;
	}
	return 0;
}
