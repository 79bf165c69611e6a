// SPDX-License-Identifier: GPL-2.0
/*
 * The pairs of a "label: value" line as letters spell them: the value
 * alone ("190.93s"), its mean and spread spelled out ("mean: 190.93s,
 * stdev: 5.09s", "618.49 MB/s (stdev 31.3)"), a note after it ("200600
 * kB <-- after build completion"), several pairs on one line ("Sys time:
 * 73578.30, Real time: 864.05") and a counter one blank from its name
 * ("zswpin 309774"), time(1)'s summary ("114.44user 29.11system
 * 39:42.90elapsed 6%CPU").
 */
#include <stdlib.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "letter_shapes.h"

bool letter_trimmed(const char *s, size_t n, char *buf, size_t len)
{
	while (n && *s == ' ')
		s++, n--;
	while (n && s[n - 1] == ' ')
		n--;
	if (!n || n >= len)
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return true;
}

/* The word of a spread at p ("stdev", "std", "sd"), past it and a colon. */
static const char *spread_word(const char *p)
{
	static const char *const words[] = { "stdev", "stddev", "std", "sd", NULL };

	for (int i = 0; words[i]; i++) {
		size_t n = strlen(words[i]);

		if (!strncasecmp(p, words[i], n) && (p[n] == ':' || p[n] == ' ')) {
			p += n + (p[n] == ':');
			while (*p == ' ')
				p++;
			return p;
		}
	}
	return NULL;
}

/* A spread: a number, its unit if any, never signed. */
static bool spread_value(const char *s, double *sd)
{
	struct letter_cell c;

	if (!letter_cell_parse(s, &c) || c.kind != CELL_NUM || c.sign || c.has_sd ||
	    c.has_change)
		return false;
	*sd = c.mean;
	return true;
}

/*
 * A change closing a value after a tab, two blanks or a comma ("6.377 ±
 * 0.054M/s \t-2.00%", "*36.87%" marked significant, "X, -10.42%"): cut
 * from buf, its percent
 * into c. false when the value ends in none.
 */
static bool trailing_change(char *buf, double *pct)
{
	char *p = buf + strlen(buf), *end;
	double v;

	while (p > buf && p[-1] != ' ' && p[-1] != '\t')
		p--;
	/* "9612.24 (stdev 66.3), -10.42%": the change after a comma */
	if (p - buf >= 2 && p[-1] == ' ' && p[-2] == ',' && (*p == '-' || *p == '+'))
		p[-2] = ' ';
	if (p == buf || (p[-1] != '\t' && (p - buf < 2 || p[-2] != ' ')))
		return false;
	v = strtod(p + (*p == '*'), &end);
	if (end == p + (*p == '*') || (strcmp(end, "%") && strcmp(end, "%*")))
		return false;
	*pct = v;
	while (p > buf && (p[-1] == ' ' || p[-1] == '\t'))
		p--;
	*p = '\0';
	return p > buf;
}

/*
 * The runs after a mean, "1.23 (1.20 1.25 1.24)": two or more plain
 * numbers in parentheses closing buf, cut from it (the mean is the
 * letter's value; a run is no cell).
 */
static void cut_runs(char *buf)
{
	char *open = strrchr(buf, '('), *p, *end;
	int runs = 0;

	if (!open || open == buf || buf[strlen(buf) - 1] != ')')
		return;
	for (p = open + 1; *p != ')'; p = end) {
		while (*p == ' ' || *p == ',')
			p++;
		if (*p == ')')
			break;
		strtod(p, &end);
		if (end == p || !isdigit((unsigned char)*p))
			return;
		runs++;
	}
	if (runs < 2)
		return;
	while (open > buf && open[-1] == ' ')
		open--;
	*open = '\0';
}

/*
 * A note of words in parentheses closing a value, "1m8.648s (68
 * secs)": the value restated or explained, no part of it. A spread
 * ("(stdev 2)") or a change ("(-3.9%)") is kept for the readers below.
 */
static void cut_word_note(char *buf)
{
	char *open = strrchr(buf, '(');
	size_t n = strlen(buf);
	bool word = false;

	if (!open || open == buf || buf[n - 1] != ')' || open[-1] != ' ' ||
	    spread_word(open + 1))
		return;
	for (char *p = open + 1; p < buf + n - 1; p++)
		word |= isalpha((unsigned char)*p) && isalpha((unsigned char)p[1]) &&
			(!memchr(open, '%', buf + n - open) ||
			 (isalpha((unsigned char)p[2]) && isalpha((unsigned char)p[3])));
	if (!word)
		return;
	while (open > buf && open[-1] == ' ')
		open--;
	*open = '\0';
}

/*
 * Statistics after the value, ", p50=0.199 msec" (redis-benchmark's):
 * cut from buf, which keeps the value before them.
 */
static void cut_key_values(char *buf)
{
	char *comma = strstr(buf, ", ");
	size_t word;

	if (!comma || comma == buf || !isalpha((unsigned char)comma[2]))
		return;
	word = strcspn(comma + 2, " ,");
	if (memchr(comma + 2, '=', word))
		*comma = '\0';
}

/*
 * "123456.78 requests per second": a value whose unit is words ending
 * "per second" or "per sec.", as "requests/s" into c. false otherwise.
 */
static bool unit_phrase(const char *buf, struct letter_cell *c)
{
	static const char *const per[] = { " per second", " per sec.", " per sec",
					   NULL };
	const char *words;
	char *end;
	double v = strtod(buf, &end);

	if (end == buf || !isdigit((unsigned char)*buf) || *end != ' ')
		return false;
	words = end + 1;
	for (int i = 0; per[i]; i++) {
		const char *p = strstr(words, per[i]);
		size_t n = p ? (size_t)(p - words) : 0;

		if (!p || p[strlen(per[i])] || !n || n > 12 ||
		    strspn(words, "abcdefghijklmnopqrstuvwxyz") != n)
			continue;
		memset(c, 0, sizeof(*c));
		c->kind = CELL_NUM;
		c->mean = v;
		snprintf(c->unit, sizeof(c->unit), "%.*s/s", (int)n, words);
		return true;
	}
	return false;
}

/*
 * "mean: X, stdev: Y", "X (stdev Y)", "X unit <-- note" or a cell as
 * letter_cell_parse() reads it: the mean as the cell, the spread as its
 * sd. false when s is none of them.
 */
bool letter_kv_value(const char *s, struct letter_cell *c)
{
	char buf[96], *p, *cut;
	double sd, pct;

	if (!letter_trimmed(s, strlen(s), buf, sizeof(buf)))
		return false;
	cut = strstr(buf, "<--");	/* an arrow to a note: "<-- after the build" */
	if (cut && cut > buf) {
		*cut = '\0';
		if (!letter_trimmed(buf, strlen(buf), buf, sizeof(buf)))
			return false;
	}
	cut_runs(buf);
	cut_word_note(buf);
	cut_key_values(buf);
	if (unit_phrase(buf, c))
		return true;
	if (trailing_change(buf, &pct)) {
		if (!letter_kv_value(buf, c) || c->kind != CELL_NUM || c->has_change)
			return false;
		c->has_change = true;
		c->change_pct = pct;
		return true;
	}
	p = buf;
	if (!strncasecmp(p, "mean:", 5) || !strncasecmp(p, "avg:", 4))
		p = strchr(p, ':') + 1;
	cut = strstr(p, ", ");
	if (cut && spread_word(cut + 2)) {	/* "X, stdev: Y" */
		*cut = '\0';
		if (!spread_value(spread_word(cut + 2), &sd))
			return false;
	} else if ((cut = strrchr(p, '(')) && spread_word(cut + 1) &&
		   p[strlen(p) - 1] == ')') {	/* "X (stdev Y)" */
		p[strlen(p) - 1] = '\0';
		*cut = '\0';
		if (!spread_value(spread_word(cut + 1), &sd))
			return false;
	} else {
		return letter_cell_parse(p, c);	/* "mean: X" alone too */
	}
	if (!letter_cell_parse(p, c) || c->kind != CELL_NUM || c->has_sd)
		return false;
	c->has_sd = true;
	c->sd = sd;
	return true;
}

/* "label: value" from s[0..n): the label into r, the value into r->cell[0]. */
static bool one_pair(const char *s, size_t n, struct letter_row *r)
{
	char buf[160];
	const char *colon;

	memset(r, 0, sizeof(*r));
	if (!letter_trimmed(s, n, buf, sizeof(buf)) || !(colon = strchr(buf, ':')) ||
	    !colon[1])
		return false;
	letter_clean_label(buf, colon - buf, r->label, sizeof(r->label));
	return letter_label_ok(r->label) && letter_kv_value(colon + 1, &r->cell[0]);
}

static bool time_unit(const char *u)
{
	return !strcmp(u, "s") || !strcmp(u, "ms") || !strcmp(u, "us") ||
	       !strcmp(u, "ns");
}

/*
 * "zswpin 309774": one word, one blank, a plain number (vmstat's lines)
 * or a duration ("real 1m8.648s (68 secs)").
 */
static bool word_count(const char *s, struct letter_row *r)
{
	char buf[96], *blank;

	memset(r, 0, sizeof(*r));
	if (!letter_trimmed(s, strlen(s), buf, sizeof(buf)))
		return false;
	cut_word_note(buf);
	if (!(blank = strchr(buf, ' ')) || strchr(blank + 1, ' ') ||
	    !isalpha((unsigned char)buf[0]))
		return false;
	*blank = '\0';
	letter_clean_label(buf, strlen(buf), r->label, sizeof(r->label));
	if (!letter_label_ok(r->label) || !letter_kv_value(blank + 1, &r->cell[0]) ||
	    r->cell[0].kind != CELL_NUM || r->cell[0].sign || r->cell[0].has_change)
		return false;
	/* time(1)'s "real 1m8.648s" one blank apart: a duration's unit too */
	return !r->cell[0].unit[0] || time_unit(r->cell[0].unit);
}

/* s[0..n) holds only plain numbers, one or more, blanks apart. */
static bool only_numbers(const char *s, size_t n)
{
	const char *end = s + n;
	int nums = 0;

	while (s < end) {
		char *e;

		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		if (s == end)
			break;
		if (!isdigit((unsigned char)*s))
			return false;
		strtod(s, &e);
		if (e > end || (e < end && *e != ' ' && *e != '\t'))
			return false;
		s = e;
		nums++;
	}
	return nums > 0;
}

bool letter_runs_line(const char *s)
{
	return only_numbers(s, strlen(s));
}

/*
 * "system  1479.381 : 1376.89 1398.22 ...": a label and its mean two
 * blanks apart, the runs after " : " (the mean is the letter's value).
 */
static bool mean_then_runs(const char *s, struct letter_row *r)
{
	const char *sep = strstr(s, " : ");
	char head[160];

	if (!sep || (size_t)(sep - s) >= sizeof(head) ||
	    !only_numbers(sep + 3, strlen(sep + 3)))
		return false;
	memcpy(head, s, sep - s);
	head[sep - s] = '\0';
	return letter_parse_row(head, r) == 1 && r->cell[0].kind == CELL_NUM &&
	       !r->cell[0].has_change;
}

/* "pool pages used 175111": words, one blank, a plain number. */
static bool words_number(const char *s, size_t n, struct letter_row *r)
{
	char buf[160], *blank;

	memset(r, 0, sizeof(*r));
	if (!letter_trimmed(s, n, buf, sizeof(buf)) || !(blank = strrchr(buf, ' ')))
		return false;
	*blank = '\0';
	letter_clean_label(buf, strlen(buf), r->label, sizeof(r->label));
	return letter_label_ok(r->label) && letter_cell_parse(blank + 1, &r->cell[0]) &&
	       r->cell[0].kind == CELL_NUM && !r->cell[0].unit[0] && !r->cell[0].sign;
}

/*
 * "323977 memcpy() in zs_object_copy().": a plain number, then the
 * words naming it (the sentence's full stop dropped).
 */
static bool number_then_words(const char *s, struct letter_row *r)
{
	char buf[160], *end;
	size_t n;

	memset(r, 0, sizeof(*r));
	if (!letter_trimmed(s, strlen(s), buf, sizeof(buf)) ||
	    !isdigit((unsigned char)buf[0]))
		return false;
	r->cell[0].mean = strtod(buf, &end);
	if (*end != ' ' || !isalpha((unsigned char)end[1]))
		return false;
	n = strlen(end + 1);
	if (end[n] == '.')
		n--;
	r->cell[0].kind = CELL_NUM;
	letter_clean_label(end + 1, n, r->label, sizeof(r->label));
	return letter_label_ok(r->label) && strlen(r->label) >= 3;
}

/*
 * Two or more pieces ", " apart, each one row as read() reads it (one
 * row each): the count, or 0 when a piece is no row.
 */
static int comma_pieces(const char *s, struct letter_row *r, int max,
			bool (*read)(const char *s, size_t n, struct letter_row *r))
{
	int n = 0;

	while (n < max) {
		const char *comma = strstr(s, ", ");
		size_t len = comma ? (size_t)(comma - s) : strlen(s);

		if (!read(s, len, &r[n]))
			return 0;
		n++;
		if (!comma)
			return n >= 2 ? n : 0;
		s = comma + 2;
	}
	return 0;
}

#define STAT_PIECES 4	/* statistics of one summary line */

/*
 * "real -- Median: 33.377s, Average: 33.475s, Standard Deviation: 0.36":
 * the label's mean (its mean or average, the spread its standard
 * deviation), not a pair per statistic.
 */
static bool stat_summary(const char *s, struct letter_row *r)
{
	const char *dash = strstr(s, " -- ");
	struct letter_row p[STAT_PIECES];
	char label[sizeof(r->label)];
	int n, mean = -1;

	if (!dash)
		return false;
	letter_clean_label(s, dash - s, label, sizeof(label));
	if (!letter_label_ok(label) || strchr(label, ':') ||
	    !(n = comma_pieces(dash + 4, p, STAT_PIECES, one_pair)))
		return false;
	for (int k = 0; k < n && mean < 0; k++)
		if (!strcasecmp(p[k].label, "mean") || !strcasecmp(p[k].label, "average") ||
		    !strcasecmp(p[k].label, "avg"))
			mean = k;
	if (mean < 0 || p[mean].cell[0].kind != CELL_NUM)
		return false;
	memset(r, 0, sizeof(*r));
	snprintf(r->label, sizeof(r->label), "%s", label);
	r->cell[0] = p[mean].cell[0];
	for (int k = 0; k < n; k++)
		if ((!strncasecmp(p[k].label, "std", 3) ||
		     !strcasecmp(p[k].label, "standard deviation")) &&
		    p[k].cell[0].kind == CELL_NUM && !r->cell[0].has_sd) {
			r->cell[0].has_sd = true;
			r->cell[0].sd = p[k].cell[0].mean;
		}
	return true;
}

/*
 * A log's tag before the pairs, "zsmalloc_test: num write objects: 3":
 * one word of lower-case letters, digits and '_' with a colon, more
 * after it. The
 * rest of the line, or NULL.
 */
static const char *log_tag_rest(const char *s)
{
	size_t n;

	while (*s == ' ')
		s++;
	/* a program's name, lower case: "Before:  sys time: X" is an arm's row */
	n = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_");
	if (n < 2 || s[n] != ':' || s[n + 1] != ' ' || !strchr(s + n + 1, ' '))
		return NULL;
	return s + n + 1;
}

static int kv_pairs(const char *s, struct letter_row *r, int max);

/*
 * "user time 2904.59s system time 4773.99s", "Throughput (Sum): 6482.58
 * MB/s Free Latency: 371371.67us": pairs one blank apart, each the
 * words of its name (a colon after them or not), then its value, the
 * unit glued to it or the word after it when that is a unit. The count,
 * 0 unless two or more and nothing else on the line.
 */
int letter_run_pairs(const char *s, struct letter_row *r, int max)
{
	char buf[256], *tok[64], label[160] = "";
	int nt = 0, n = 0;

	if (!letter_trimmed(s, strlen(s), buf, sizeof(buf)))
		return 0;
	cut_word_note(buf);
	for (char *t = strtok(buf, " "); t && nt < 64; t = strtok(NULL, " "))
		tok[nt++] = t;
	for (int k = 0; k < nt; k++) {
		struct letter_cell c;
		char value[64];
		size_t used = strlen(label);

		if (!isdigit((unsigned char)tok[k][0]) ||
		    !letter_cell_parse(tok[k], &c) || c.kind != CELL_NUM) {
			snprintf(label + used, sizeof(label) - used, "%s%s",
				 used ? " " : "", tok[k]);
			continue;
		}
		if (!used || n >= max || !isalpha((unsigned char)label[0]))
			return 0;
		if (k + 1 < nt && !c.unit[0] && letter_known_unit(tok[k + 1]) &&
		    snprintf(value, sizeof(value), "%s %s", tok[k], tok[k + 1]) <
		    (int)sizeof(value) && letter_cell_parse(value, &c))
			k++;
		memset(&r[n], 0, sizeof(r[n]));
		letter_clean_label(label, strlen(label), r[n].label, sizeof(r[n].label));
		if (!letter_label_ok(r[n].label))
			return 0;
		r[n++].cell[0] = c;
		label[0] = '\0';
	}
	return n >= 2 && !label[0] ? n : 0;
}

/*
 * The "label: value" pairs of line s into r (max at most): one pair, a
 * row of the aligned kind with one value ("real    8m0.594s"), a counter
 * one blank from its name, pairs ", " apart or time(1)'s summary. The
 * count, 0 if none.
 */
int letter_kv_pairs(const char *s, struct letter_row *r, int max)
{
	const char *rest;
	int n = kv_pairs(s, r, max);

	/* the pairs after a log's tag, each line of the block led by it */
	if (!n && (rest = log_tag_rest(s)))
		n = kv_pairs(rest, r, max);
	return n;
}

static int kv_pairs(const char *s, struct letter_row *r, int max)
{
	int n;

	if (max < 1)
		return 0;
	/* a tool's lines before a pair: "0:14.69elapsed" holds a colon */
	n = letter_tool_pairs(s, r, max);
	if (n)
		return n;
	if (stat_summary(s, &r[0]))
		return 1;
	if (one_pair(s, strlen(s), &r[0]))
		return 1;
	if (mean_then_runs(s, &r[0]))
		return 1;
	if (!strchr(s, ':')) {
		if (letter_parse_row(s, &r[0]) == 1 ||
		    word_count(s, &r[0]) || number_then_words(s, &r[0]))
			return 1;
		/* "pool pages used 175111, total allocated size 698213488" */
		return strstr(s, ", ") ? comma_pieces(s, r, max, words_number) : 0;
	}
	return comma_pieces(s, r, max, one_pair);
}
