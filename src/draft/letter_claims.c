// SPDX-License-Identifier: GPL-2.0
/* The claim a letter's words give one row (letter_claims.h). */
#define _GNU_SOURCE	/* strcasestr */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "letter_claims.h"
#include "metric_synonyms.h"

/* Words between a row's name and the word that says how it went */
#define CUE_WINDOW 5
/* A change smaller than this is no way for "improved" to point */
#define JUDGED_MIN_CHANGE 0.01
/* What a table's title and header may say of it: "64K folios, zstd" */
#define CONTEXT_LEN 1024
#define CLAUSE_SPAN 300		/* characters of a clause read either side of a name */
#define NEAR_TABLES 8		/* tables either side a clause is told apart from */
#define CLAUSE_TAGS 8		/* tag words of a clause checked at most */
/* Lines after (before) a table read for words that name no row */
#define AFTER_TABLE 12
#define BEFORE_TABLE 6

enum cue {
	CUE_LOWER = WORD_LOWER,
	CUE_HIGHER = WORD_HIGHER,
	CUE_SAME = WORD_SAME,
	CUE_BETTER,	/* judges the change: the numbers give the way */
	CUE_WORSE,
	CUE_BLOCK,	/* "less optimization", "not increased": no way */
	CUE_SLIGHT,	/* "a small increase": same within the margin */
};

struct cue_word {
	const char *w;
	enum cue cue;
	bool whole;	/* the whole word, not a prefix */
	bool noise;	/* says the change is noise: overrides a judgement */
};

static const struct cue_word cue_words[] = {
	{ "reduc", CUE_LOWER }, { "decreas", CUE_LOWER },
	{ "fewer", CUE_LOWER, true }, { "lower", CUE_LOWER },
	{ "less", CUE_LOWER, true }, { "drop", CUE_LOWER },
	{ "cut", CUE_LOWER, true }, { "eliminat", CUE_LOWER },
	{ "smaller", CUE_LOWER, true }, { "goes down", CUE_LOWER, true },
	{ "go down", CUE_LOWER, true }, { "went down", CUE_LOWER, true },
	{ "increas", CUE_HIGHER }, { "higher", CUE_HIGHER, true },
	{ "more", CUE_HIGHER, true }, { "grow", CUE_HIGHER },
	{ "boost", CUE_HIGHER }, { "larger", CUE_HIGHER, true },
	{ "goes up", CUE_HIGHER, true }, { "go up", CUE_HIGHER, true },
	{ "went up", CUE_HIGHER, true },
	{ "same", CUE_SAME, true }, { "unchanged", CUE_SAME, true },
	{ "similar", CUE_SAME }, { "comparable", CUE_SAME, true },
	{ "on par", CUE_SAME, true }, { "no change", CUE_SAME },
	{ "not changed", CUE_SAME, true }, { "no difference", CUE_SAME },
	{ "no performance difference", CUE_SAME },
	{ "no significant difference", CUE_SAME },
	{ "no regression", CUE_SAME }, { "no significant regression", CUE_SAME },
	{ "noise", CUE_SAME, true, true }, { "negligible", CUE_SAME, true, true },
	{ "within range of variation", CUE_SAME, true, true },
	{ "within the range of variation", CUE_SAME, true, true },
	{ "improv", CUE_BETTER }, { "gain", CUE_BETTER }, { "speedup", CUE_BETTER },
	{ "speed up", CUE_BETTER }, { "faster", CUE_BETTER, true },
	{ "better", CUE_BETTER, true },
	{ "regress", CUE_WORSE }, { "worse", CUE_WORSE, true },
	{ "slower", CUE_WORSE, true }, { "degrad", CUE_WORSE },
	{ "optimi", CUE_BLOCK },
};

/* The default margin of a "same" claim (claims/FORMAT.md), as a fraction */
#define SAME_MARGIN 0.05

/* Words before a way that deny it: "is not increased" */
static const char *const negations[] = { "not", "no", "never", "without", NULL };

/* Prose names of a metric that no label spells (metric_synonyms.h has those) */
static const struct { const char *phrase, *metric; } prose_names[] = {
	{ "kernel cpu", "cpu_sys_s" }, { "system cpu", "cpu_sys_s" },
	{ "real time", "wall_time_s" }, { "elapsed time", "wall_time_s" },
	{ "swapped in pages", "pswpin" }, { "pages swapped in", "pswpin" },
	{ "swapped out pages", "pswpout" }, { "pages swapped out", "pswpout" },
};

/* the end of a clause: a sentence's, or a ';' */
static bool clause_end(const char *t, size_t i)
{
	return t[i] == ';' || (strchr(".?!", t[i]) && (t[i + 1] == ' ' || !t[i + 1]));
}

/* words that start in [a, b) */
static int words_between(const char *t, size_t a, size_t b)
{
	int n = 0;

	for (size_t i = a; i < b; i++)
		n += t[i] != ' ' && (i == a || t[i - 1] == ' ');
	return n;
}

/* The cue word at t + i (a word's start), the longest: its length, or 0 */
static size_t cue_at(const char *t, size_t i, size_t end, const struct cue_word **out)
{
	size_t best = 0;

	for (size_t k = 0; k < sizeof(cue_words) / sizeof(cue_words[0]); k++) {
		const struct cue_word *w = &cue_words[k];
		size_t n = strlen(w->w);

		if (n <= best || i + n > end || strncmp(t + i, w->w, n) ||
		    (w->whole && letter_word_char(t[i + n])))
			continue;
		best = n;
		*out = w;
	}
	return best;
}

/* the word before t + i is a negation */
static bool negated(const char *t, size_t s, size_t i)
{
	size_t e = i, b;

	while (e > s && t[e - 1] == ' ')
		e--;
	b = e;
	while (b > s && (letter_word_char(t[b - 1]) || t[b - 1] == '\''))
		b--;
	if (e - b >= 3 && !strncmp(t + e - 3, "n't", 3))
		return true;
	for (int k = 0; negations[k]; k++)
		if (e - b == strlen(negations[k]) && !strncmp(t + b, negations[k], e - b))
			return true;
	return false;
}

/*
 * "a small increase", "slightly lower", "a small throughput increase":
 * one of the two words before t + i
 */
static bool slight(const char *t, size_t s, size_t i)
{
	static const char *const words[] = { "small", "slight", "slightly",
		"minor", "marginal", "marginally", "tiny", NULL };
	size_t e = i, b;

	for (int back = 0; back < 2; back++, e = b) {
		while (e > s && t[e - 1] == ' ')
			e--;
		b = e;
		while (b > s && letter_word_char(t[b - 1]))
			b--;
		for (int k = 0; words[k]; k++)
			if (e - b == strlen(words[k]) && !strncmp(t + b, words[k], e - b))
				return true;
		if (b == e)
			break;
	}
	return false;
}

/* The next word judges: "less optimization", "more improvement" */
static bool judged_next(const char *t, size_t i, size_t end)
{
	const struct cue_word *w;

	while (i < end && letter_word_char(t[i]))
		i++;
	while (i < end && t[i] == ' ')
		i++;
	return i < end && cue_at(t, i, end, &w) &&
	       (w->cue == CUE_BETTER || w->cue == CUE_WORSE || w->cue == CUE_BLOCK);
}

/* A number at t + i ("14%", "1,066", "-3.5"): true with it in *v, *i past it */
static bool number_at(const char *t, size_t *i, size_t end, double *v)
{
	char buf[32];
	size_t o = 0, k = *i;

	if (k < end && (t[k] == '-' || t[k] == '+'))
		buf[o++] = t[k++];
	if (k >= end || !isdigit((unsigned char)t[k]))
		return false;
	for (; k < end && o + 1 < sizeof(buf) &&
	       (isdigit((unsigned char)t[k]) || t[k] == '.' ||
		(t[k] == ',' && isdigit((unsigned char)t[k + 1]))); k++)
		if (t[k] != ',')
			buf[o++] = t[k];
	buf[o] = '\0';
	*v = strtod(buf, NULL);
	while (k < end && !isspace((unsigned char)t[k]))
		k++;	/* its unit: "%", "ms", "x" */
	*i = k;
	return true;
}

static size_t skip_article(const char *t, size_t i, size_t end)
{
	while (i < end && t[i] == ' ')
		i++;
	if (i + 2 <= end && !strncmp(t + i, "a ", 2))
		return i + 2;
	if (i + 3 <= end && !strncmp(t + i, "an ", 3))
		return i + 3;
	return i;
}

/*
 * "from A to B" at t + i: the way from A to B (a number followed by
 * "regression" counts below zero), CUE_BLOCK when it is no such phrase.
 */
static enum cue from_to(const char *t, size_t i, size_t end)
{
	double a, b;
	const char *to;

	if (i + 5 > end || strncmp(t + i, "from ", 5))
		return CUE_BLOCK;
	i = skip_article(t, i + 5, end);
	if (!number_at(t, &i, end, &a))
		return CUE_BLOCK;
	if (!strncmp(t + i, " regress", 8))
		a = -a;
	to = strstr(t + i, " to ");
	if (!to || (size_t)(to - t) >= end || words_between(t, i, to - t) > 2)
		return CUE_BLOCK;
	i = skip_article(t, to - t + 4, end);
	if (!number_at(t, &i, end, &b))
		return CUE_BLOCK;
	if (!strncmp(t + i, " regress", 8))
		b = -b;
	return b < a ? CUE_LOWER : b > a ? CUE_HIGHER : CUE_SAME;
}

/*
 * The way the clause around [a, b) gives the name there: the cue nearest
 * to it within CUE_WINDOW words; a judgement ("a small regression") that
 * the clause then calls noise is no change. *at: where the cue starts.
 */
static enum cue clause_cue(const char *t, size_t len, size_t a, size_t b,
			   size_t *at)
{
	size_t s = a, e = b;
	int best_d = CUE_WINDOW + 1;
	enum cue best = CUE_BLOCK;
	bool found = false;

	while (s > 0 && a - s < CLAUSE_SPAN && !clause_end(t, s - 1))
		s--;
	while (e < len && e - b < CLAUSE_SPAN && !clause_end(t, e))
		e++;
	for (size_t i = s; i < e; i++) {
		const struct cue_word *w;
		size_t n;
		int d;
		enum cue c;

		if ((i >= a && i < b) || (i > s && letter_word_char(t[i - 1])))
			continue;
		d = i < a ? words_between(t, i, a) - 1 : words_between(t, b, i);
		if (i >= b && d <= CUE_WINDOW && from_to(t, i, e) != CUE_BLOCK) {
			*at = i;
			return from_to(t, i, e);
		}
		n = cue_at(t, i, e, &w);
		if (!n)
			continue;
		c = w->cue;
		if ((c != CUE_SAME && negated(t, s, i)) || judged_next(t, i, e))
			c = CUE_BLOCK;
		else if ((c == CUE_LOWER || c == CUE_HIGHER) && slight(t, s, i))
			c = CUE_SLIGHT;
		if (d < best_d) {
			best_d = d;
			best = c;
			*at = i;
			found = true;
		} else if (found && w->noise && i > *at &&
			   (best == CUE_BETTER || best == CUE_WORSE)) {
			best = CUE_SAME;	/* "... I'm confident this is just noise" */
		}
		i += n - 1;
	}
	return found ? best : CUE_BLOCK;
}

/* +1: higher is better for the row, -1: lower is, 0: its label does not say */
static int polarity(const char *label)
{
	static const char *const higher[] = { "throughput", "ops/s", "ops/sec",
		"tps", "bandwidth", "kb/s", "mb/s", "gb/s", "iops", NULL };
	static const char *const lower[] = { "time", "latency", "_sec", "(sec)",
		"elapsed", "real", "sys", "(ms)", "(us)", "(ns)", "fault", "stall",
		"wait", "pressure", "debt", NULL };

	for (int k = 0; higher[k]; k++)
		if (strcasestr(label, higher[k]))
			return 1;
	for (int k = 0; lower[k]; k++)
		if (strcasestr(label, lower[k]))
			return -1;
	return 0;
}

/*
 * A judgement's way: the numbers', when they moved and the row's
 * polarity (if its label tells it) agrees that the move is better
 * (worse). WORD_NONE otherwise.
 */
static enum word_dir judged_dir(enum cue c, const struct row_evidence *e)
{
	double change;
	int pol = polarity(e->label);
	bool up;

	if (!e->numbers || e->base == 0)
		return WORD_NONE;
	change = (e->new - e->base) / fabs(e->base);
	if (fabs(change) < JUDGED_MIN_CHANGE)
		return WORD_NONE;
	up = change > 0;
	if (pol && ((pol > 0) == up) != (c == CUE_BETTER))
		return WORD_NONE;
	return up ? WORD_HIGHER : WORD_LOWER;
}

static enum word_dir cue_dir(enum cue c, const struct row_evidence *e)
{
	if (c == CUE_BETTER || c == CUE_WORSE)
		return judged_dir(c, e);
	/* a change the words call small, which the numbers keep in the margin */
	if (c == CUE_SLIGHT)
		return e->numbers && e->base &&
		       fabs(e->new - e->base) / fabs(e->base) < SAME_MARGIN ?
		       WORD_SAME : WORD_NONE;
	return c == CUE_BLOCK ? WORD_NONE : (enum word_dir)c;
}

/*
 * name at t + i, as a whole word (a plural's "s" or "es" allowed): its
 * end, or 0.
 */
static size_t name_at(const char *t, size_t i, const char *name)
{
	size_t n = strlen(name);

	if (strncmp(t + i, name, n) || (i && letter_word_char(t[i - 1])))
		return 0;
	if (!letter_word_char(t[i + n]))
		return i + n;
	if (t[i + n] == 's' && !letter_word_char(t[i + n + 1]))
		return i + n + 1;
	if (!strncmp(t + i + n, "es", 2) && !letter_word_char(t[i + n + 2]))
		return i + n + 2;
	return 0;
}

/*
 * A group of words joined by '/' at t + i naming name: "pswpin/out"
 * names pswpout (a part after the first one replaces the first one's
 * last letters), "elapsed/sys time" names "elapsed time". Its end, or 0.
 */
static size_t slash_at(const char *t, size_t i, const char *name)
{
	char part[8][LETTER_NAME_LEN];
	size_t g = i, np = 0, plen = 0, nl = strlen(name);

	if (i && letter_word_char(t[i - 1]))
		return 0;
	while (letter_word_char(t[g]) || t[g] == '-' || t[g] == '/') {
		if (t[g] == '/') {
			part[np][plen] = '\0';
			if (++np == 8)
				return 0;
			plen = 0;
		} else if (plen + 1 < sizeof(part[0])) {
			part[np][plen++] = t[g];
		}
		g++;
	}
	part[np][plen] = '\0';
	if (!np)
		return 0;
	for (size_t j = 0; j <= np; j++) {
		for (size_t cut = 0; cut <= 3; cut++) {
			char cand[100];
			size_t w0 = strlen(part[0]), cl, tail;

			if ((j == 0) != (cut == 0) || cut >= w0)
				continue;
			snprintf(cand, sizeof(cand), "%.*s%s", (int)(j ? w0 - cut : 0),
				 part[0], part[j]);
			cl = strlen(cand);
			if (cl > nl || strncmp(name, cand, cl))
				continue;
			tail = nl - cl;	/* the name's words after the group */
			if (!tail)
				return g;
			if (!strncmp(t + g, name + cl, tail) && !letter_word_char(t[g + tail]))
				return g + tail;
		}
	}
	return 0;
}

/* The names the words may give the row: its label, its metric's words. */
struct row_names {
	const char *name[24];
	char key[96];
	int nr;
};

static void add_name(struct row_names *n, const char *name)
{
	for (int k = 0; k < n->nr; k++)
		if (!strcmp(n->name[k], name))
			return;
	if (n->nr < (int)(sizeof(n->name) / sizeof(n->name[0])) && strlen(name) >= 3)
		n->name[n->nr++] = name;
}

/* A synonym alone in prose names its metric: not "real", "sys", "user" */
static bool telling_phrase(const char *s)
{
	return strchr(s, ' ') || strchr(s, '_') || strlen(s) >= 7;
}

static void row_names(const struct row_evidence *e, struct row_names *n)
{
	static const char *const totals[] = { "total ", "average ", "avg ",
		"mean ", "overall ", NULL };

	n->nr = 0;
	letter_label_key(e->label, n->key, sizeof(n->key));
	add_name(n, n->key);
	/* "Total throughput" is the letter's "throughput" */
	for (int k = 0; totals[k]; k++)
		if (!strncmp(n->key, totals[k], strlen(totals[k])) &&
		    !strchr(n->key + strlen(totals[k]), ' '))
			add_name(n, n->key + strlen(totals[k]));
	if (e->key_word && n->nr < (int)(sizeof(n->name) / sizeof(n->name[0])))
		n->name[n->nr++] = e->key_word;	/* "2m" too */
	if (!e->metric || !e->metric[0])
		return;
	for (size_t k = 0; k < metric_synonyms_nr; k++)
		if (!strcmp(metric_synonyms[k].metric, e->metric) &&
		    telling_phrase(metric_synonyms[k].phrase))
			add_name(n, metric_synonyms[k].phrase);
	for (size_t k = 0; k < sizeof(prose_names) / sizeof(prose_names[0]); k++)
		if (!strcmp(prose_names[k].metric, e->metric))
			add_name(n, prose_names[k].phrase);
}

static void put_quote(struct row_claim *out, const char *t, size_t len,
		      size_t a, size_t b, size_t at)
{
	size_t from = at < a ? at : a, to = at < a ? b : at + 12;

	if (to > len)
		to = len;
	if (to - from >= sizeof(out->quote))
		to = from + sizeof(out->quote) - 1;
	snprintf(out->quote, sizeof(out->quote), "%.*s", (int)(to - from), t + from);
}

/* One word of a table's context or a clause: PMD-sized is 2M. */
static size_t context_word(const char *s, size_t i, char *out, size_t len)
{
	size_t n = 0;

	while (s[i + n] && (letter_word_char(s[i + n]) || s[i + n] == '-' ||
			    (s[i + n] == '.' && letter_word_char(s[i + n + 1]))))
		n++;
	snprintf(out, len, "%.*s", (int)n, s + i);
	for (char *c = out; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	if (!strcmp(out, "pmd") || !strcmp(out, "2mb"))
		snprintf(out, len, "2m");
	else if (!strcmp(out, "64kb"))
		snprintf(out, len, "64k");
	return n;
}

/*
 * word in a context: whole, or one it begins ("usemem" of "usemem30")
 * when five letters or more.
 */
static bool context_has(const char *ctx, const char *word)
{
	size_t wl = strlen(word);

	for (size_t i = 0; ctx[i]; ) {
		char w[64];
		size_t n = context_word(ctx, i, w, sizeof(w));

		if (!n) {
			i++;
			continue;
		}
		if (!strcmp(w, word) || (wl >= 5 && !strncmp(w, word, wl)))
			return true;
		i += n;
	}
	return false;
}

/*
 * A word that tags a configuration rather than says something: a size,
 * a name with a digit or '-' ("64k", "usemem30", "deflate-iaa"), a
 * compressor. Plain words ("zswap", "process") are in any paragraph.
 */
static bool tag_word(const char *w)
{
	static const char *const names[] = { "zstd", "lz4", "lzo", "zlib",
		"deflate", "usemem", NULL };
	size_t n = strlen(w);

	if (n < 2 || strspn(w, "0123456789.,-") == n)
		return false;
	for (int k = 0; names[k]; k++)
		if (!strcmp(w, names[k]))
			return true;
	/* "shrinker_enabled", "zswap_store": code, named across tables */
	return !strchr(w, '_') && strpbrk(w, "0123456789-") != NULL;
}

/*
 * A table's context: its title, the header lines over its rows, and the
 * rows of words alone ("zswap compressor  zstd  zstd").
 */
static void table_context(const struct letter *l, const struct letter_table *t,
			  char *out, size_t len)
{
	size_t o = (size_t)snprintf(out, len, "%s ", t->title);
	size_t first = t->nr_rows ? (size_t)t->rows[0].line : (size_t)t->line;

	for (size_t i = t->line > 0 ? (size_t)t->line - 1 : 0; i + 1 < first &&
	     i < l->nr_lines && o < len; i++)
		o += snprintf(out + o, len - o, "%s ", l->lines[i].text);
	for (size_t r = 0; r < t->nr_rows && o < len; r++) {
		bool words = true;

		for (int c = 0; c < t->nr_cols; c++)
			words &= t->rows[r].cell[c].kind != CELL_NUM;
		if (words) {
			o += snprintf(out + o, len - o, "%s ", t->rows[r].label);
			for (int c = 0; c < t->nr_cols && o < len; c++)
				o += snprintf(out + o, len - o, "%s ",
					      t->rows[r].cell[c].text);
		}
	}
}

/*
 * The clause [s, e) may speak of the row's table: it names no word that
 * tells the letter's tables apart ("64k", "zstd", "usemem30": in some
 * tables' context, not in all) which this table's context lacks.
 */
static bool clause_fits_table(const struct letter *l, const struct letter_table *t,
			      const char *text, size_t s, size_t e)
{
	char own[CONTEXT_LEN], other[2 * NEAR_TABLES][CONTEXT_LEN], clause[CONTEXT_LEN];
	size_t me = (size_t)(t - l->tables), from, to;
	int no = 0, tags = 0;

	if (!t || l->nr_tables < 2)
		return true;
	snprintf(clause, sizeof(clause), "%.*s", (int)(e - s), text + s);
	table_context(l, t, own, sizeof(own));
	/* the tables around it: a long letter's far tables are other tests */
	from = me > NEAR_TABLES ? me - NEAR_TABLES : 0;
	to = me + NEAR_TABLES < l->nr_tables ? me + NEAR_TABLES + 1 : l->nr_tables;
	for (size_t k = from; k < to; k++)
		if (k != me)
			table_context(l, &l->tables[k], other[no++], CONTEXT_LEN);
	for (size_t i = 0; clause[i] && tags < CLAUSE_TAGS; ) {
		char w[64];
		size_t n = context_word(clause, i, w, sizeof(w));

		if (!n) {
			i++;
			continue;
		}
		i += n;
		if (!tag_word(w) || context_has(own, w))
			continue;
		tags++;
		for (int k = 0; k < no; k++)
			if (context_has(other[k], w))
				return false;	/* another table's word */
	}
	return true;
}

/* a sentence's end, not a clause's */
static bool sentence_end(const char *t, size_t i)
{
	return strchr(".?!", t[i]) && (t[i + 1] == ' ' || !t[i + 1]);
}

/*
 * The sentence [s, e) compares with a configuration the table's columns
 * do not name ("30% gains ... as compared to zstd" of a table whose two
 * columns both run zstd): it speaks of a pair across tables.
 */
static bool compares_elsewhere(const struct letter_table *t, const char *text,
			       size_t s, size_t e)
{
	static const char *const against[] = { "compared to ", "compared with ",
		"vs. ", "vs ", "versus ", "relative to ", "than ", NULL };

	for (int k = 0; t && against[k]; k++) {
		size_t n = strlen(against[k]);

		for (size_t i = s; i + n < e; i++) {
			char w[64];
			bool named = false;

			if ((i > s && letter_word_char(text[i - 1])) ||
			    strncmp(text + i, against[k], n))
				continue;
			context_word(text, i + n, w, sizeof(w));
			if (!tag_word(w))
				continue;
			for (int c = 0; c < t->nr_cols; c++)
				named |= strcasestr(t->col[c], w) != NULL;
			if (!named)
				return true;
		}
	}
	return false;
}

/* The clause around [a, b) fits the row's table (clause_fits_table()) */
static bool clause_fits(const struct letter *l, const struct row_evidence *e,
			const char *t, size_t len, size_t a, size_t b)
{
	size_t s = a, end = b, ss = a, se = b;

	while (s > 0 && a - s < CLAUSE_SPAN && !clause_end(t, s - 1))
		s--;
	while (end < len && end - b < CLAUSE_SPAN && !clause_end(t, end))
		end++;
	while (ss > 0 && a - ss < CLAUSE_SPAN && !sentence_end(t, ss - 1))
		ss--;
	while (se < len && se - b < CLAUSE_SPAN && !sentence_end(t, se))
		se++;
	return !compares_elsewhere(e->table, t, ss, se) &&
	       clause_fits_table(l, e->table, t, s, end);
}

/*
 * Where in t a name of n may start, ascending: the index's mentions,
 * or for a name not starting with a word's letter ("%sys") its
 * occurrences. At most LETTER_PROSE_MENTIONS of each name.
 */
static size_t name_starts(const struct letter_prose *p, const struct row_names *n,
			  size_t *at)
{
	size_t nr = 0;

	for (int k = 0; k < n->nr; k++) {
		size_t got[LETTER_PROSE_MENTIONS], ng = 0, m = 0, o = 0;
		size_t merged[LETTER_PROSE_MENTIONS * 2];

		if (letter_word_char(n->name[k][0]))
			ng = letter_prose_mentions(p, n->name[k], got, LETTER_PROSE_MENTIONS);
		else if (n->name[k][0])
			for (const char *q = p->text; ng < LETTER_PROSE_MENTIONS &&
			     (q = strstr(q, n->name[k])); q++)
				got[ng++] = (size_t)(q - p->text);
		/* merged ascending with the names' before, each offset once */
		for (size_t g = 0; g < ng || m < nr; ) {
			size_t v = g < ng && (m >= nr || got[g] < at[m]) ? got[g++] : at[m++];

			if (!o || merged[o - 1] != v)
				merged[o++] = v;
		}
		if (o > LETTER_PROSE_MENTIONS)
			o = LETTER_PROSE_MENTIONS;
		memcpy(at, merged, o * sizeof(*at));
		nr = o;
	}
	return nr;
}

/*
 * The way the words naming the row give it, WORD_NONE when none do or
 * they disagree. The first one's words into out->quote.
 */
static enum word_dir named_dir(struct letter_prose *p, const struct letter *l,
			       const struct row_evidence *e, struct row_claim *out)
{
	struct row_names n;
	enum word_dir dir = WORD_NONE;
	const char *t = p->text;
	size_t starts[LETTER_PROSE_MENTIONS], ns, next = 0;

	row_names(e, &n);
	ns = name_starts(p, &n, starts);
	for (size_t s = 0; s < ns; s++) {
		size_t i = starts[s], end = 0, at = 0;
		enum word_dir d;

		if (i < next || (i && letter_word_char(t[i - 1])))
			continue;
		if (p->mentions_read >= LETTER_PROSE_BUDGET)
			break;	/* the draft says so (claims_draft.c) */
		p->mentions_read++;
		/* a name starts with its first letter; a row is read against
		 * the whole prose, so the rest is tried only then */
		for (int k = 0; k < n.nr && !end; k++)
			if (t[i] == n.name[k][0])
				end = name_at(t, i, n.name[k]);
		for (int k = 0; k < n.nr && !end && letter_slash_joined(t, i); k++)
			end = slash_at(t, i, n.name[k]);
		if (!end)
			continue;
		while (t[end] == '/' || letter_word_char(t[end]) || t[end] == '-')
			end++;	/* the rest of "pswpin/out" */
		d = cue_dir(clause_cue(t, p->len, i, end, &at), e);
		if (d != WORD_NONE && !clause_fits(l, e, t, p->len, i, end))
			d = WORD_NONE;
		if (d != WORD_NONE) {
			if (dir != WORD_NONE && d != dir) {
				dir = WORD_NONE;	/* the words disagree */
				break;
			}
			if (dir == WORD_NONE)
				put_quote(out, t, p->len, i, end, at);
			dir = d;
		}
		next = end;
	}
	return dir;
}

/* "% Improvement 32%": the row's numbers, judged better (worse) */
static enum word_dir improvement_column(const struct row_evidence *e,
					struct row_claim *out)
{
	const char *w = e->extra ? strcasestr(e->extra, "improv") : NULL;
	size_t i = 0;
	double v;
	enum word_dir d;

	if (!w)
		return WORD_NONE;
	while (w[i] && !isdigit((unsigned char)w[i]) &&
	       !(w[i] == '-' && isdigit((unsigned char)w[i + 1])))
		i++;
	if (!number_at(w, &i, strlen(w), &v) || fabs(v) < 1)
		return WORD_NONE;	/* "0.3%" improves nothing said */
	d = judged_dir(v > 0 ? CUE_BETTER : CUE_WORSE, e);
	if (d != WORD_NONE)
		snprintf(out->quote, sizeof(out->quote), "%s", e->extra);
	return d;
}

/* [a, b) of s names a row of t: its label, or its label's first word */
static bool names_a_row(const struct letter_table *t, const char *s, size_t a,
			size_t b)
{
	for (size_t r = 0; t && r < t->nr_rows; r++) {
		char key[96], first[96];
		size_t n;

		letter_label_key(t->rows[r].label, key, sizeof(key));
		n = strcspn(key, " ");
		snprintf(first, sizeof(first), "%.*s", (int)n, key);
		for (size_t i = a; i < b; i++)
			if ((strlen(key) >= 3 && name_at(s, i, key)) ||
			    (n >= 2 && name_at(s, i, first)))
				return true;
	}
	return false;
}

/*
 * A sentence of s that says the numbers did not move, naming no way and
 * no row of t
 */
static bool says_no_change(const struct letter_table *t, const char *s, size_t len,
			   char *quote, size_t qlen)
{
	size_t start = 0;

	for (size_t i = 0; i <= len; i++) {
		bool same = false, other = false;

		if (i < len && !clause_end(s, i))
			continue;
		for (size_t k = start; k < i; k++) {
			const struct cue_word *w;
			size_t n;

			if (k > start && letter_word_char(s[k - 1]))
				continue;
			n = cue_at(s, k, i, &w);
			if (!n)
				continue;
			if (w->cue == CUE_SAME && strcmp(w->w, "same") &&
			    strcmp(w->w, "similar"))
				same = true;
			else
				other = true;
			k += n - 1;
		}
		if (same && !other && !names_a_row(t, s, start, i)) {
			while (s[start] == ' ')
				start++;
			snprintf(quote, qlen, "%.*s", (int)(i - start), s + start);
			return true;
		}
		start = i + 1;
	}
	return false;
}

/* The prose lines [from, to) of l, lower case, into buf */
static size_t lines_text(const struct letter *l, size_t from, size_t to, char *buf,
			 size_t len)
{
	size_t o = 0;

	for (size_t i = from; i < to && i < l->nr_lines; i++) {
		const char *t = l->lines[i].text;

		if (l->lines[i].kind != LL_PROSE)
			continue;
		while (*t == ' ')
			t++;
		if (!*t) {
			if (o + 3 < len && o && buf[o - 1] != ' ') {
				buf[o++] = '.';
				buf[o++] = ' ';
			}
			continue;
		}
		for (; *t && o + 2 < len; t++)
			buf[o++] = (char)tolower((unsigned char)*t);
		buf[o++] = ' ';
	}
	buf[o] = '\0';
	return o;
}

bool letter_claims_table_same(const struct letter *l, const struct letter_table *t,
			      char *quote, size_t qlen)
{
	char buf[2048];
	size_t first = t->line > 0 ? (size_t)t->line - 1 : 0;
	size_t last = t->nr_rows ? (size_t)t->rows[t->nr_rows - 1].line : first + 1;
	size_t from, to, n;

	for (to = last; to < l->nr_lines && to < last + AFTER_TABLE &&
	     l->lines[to].kind != LL_TABLE; to++)
		;
	n = lines_text(l, last, to, buf, sizeof(buf));
	if (says_no_change(t, buf, n, quote, qlen))
		return true;
	for (from = first; from > 0 && from + BEFORE_TABLE > first &&
	     l->lines[from - 1].kind != LL_TABLE; from--)
		;
	n = lines_text(l, from, first, buf, sizeof(buf));
	return says_no_change(t, buf, n, quote, qlen);
}

void letter_claims_row(struct letter_prose *p, const struct letter *l,
		       const struct row_evidence *e, struct row_claim *out)
{
	memset(out, 0, sizeof(*out));
	out->dir = named_dir(p, l, e, out);
	if (out->dir == WORD_NONE)
		out->dir = improvement_column(e, out);
	if (out->dir == WORD_NONE && e->table_same) {
		snprintf(out->quote, sizeof(out->quote), "%s", e->table_same);
		out->dir = WORD_SAME;
	}
	if (out->dir == WORD_NONE) {
		out->quote[0] = '\0';
		return;
	}
	/* words the row's own numbers refute are about something else */
	if (e->numbers && ((out->dir == WORD_LOWER && e->new > e->base) ||
			   (out->dir == WORD_HIGHER && e->new < e->base))) {
		out->against_numbers = true;
		out->dir = WORD_NONE;
	}
}
