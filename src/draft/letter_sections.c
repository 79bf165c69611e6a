// SPDX-License-Identifier: GPL-2.0
/*
 * Blocks of "label: value" lines whose arms no heading of their own
 * names: blocks under sentences ("After applying this patch, it
 * becomes,"), and arms' sections made of sub-blocks under sub-headings
 * ("current SLOB:" over "memory usage:" and "hackbench:"). The blocks'
 * pairs and tables are letter_blocks.c's.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "letter_blocks.h"

#define PROSE_GAP 8		/* lines of words between two arms' blocks */

/* ------------------------------------------- blocks under sentences */

/*
 * The rows from line j on, no heading right above them (a headed block
 * is letter_read_kv_blocks's) nor a row above them, blank lines
 * apart or none: at least two.
 */
static bool kv_rows_at(const struct letter *l, size_t j, int depth,
		       struct kv_block *b)
{
	struct letter_row r[KV_LINE_PAIRS];
	char name[LETTER_NAME_LEN];
	size_t up = j;

	b->head = j;
	b->nr = 0;
	if (j > 0 && letter_same_block(l, j - 1, depth) &&
	    letter_kv_heading(l->lines[j - 1].text, true, false, name, sizeof(name)))
		return false;
	while (up > 0 && letter_same_block(l, up - 1, depth) &&
	       letter_blank(l->lines[up - 1].text))
		up--;
	if (up > 0 && letter_same_block(l, up - 1, depth) &&
	    letter_kv_pairs(l->lines[up - 1].text, r, KV_LINE_PAIRS) > 0)
		return false;	/* inside a block, or a run of the one above */
	while (letter_same_block(l, j, depth) && l->lines[j].kind == LL_PROSE &&
	       letter_kv_line(l, j, b))
		b->last = j++;
	return b->nr >= 2 && !letter_kv_holds_runs(b);
}

/*
 * The arm a sentence names, "Without this patch, the file cache ...",
 * "After applying this patch, it becomes,": the last such phrase of
 * lines [from, to) into out ("Without this patch"; "Before", "After"
 * alone), false when none names one.
 */
static bool arm_phrase(const struct letter *l, size_t from, size_t to,
		       char *out, size_t len)
{
	static const char *const leads[] = { "without", "with", "before", "after",
					     NULL };
	static const char *const objects[] = { "patchset", "patches", "patch",
					       "series", "change", NULL };
	bool found = false;

	for (size_t k = from; k < to; k++) {
		const char *t = l->lines[k].text;

		for (const char *p = t; *p; p++) {
			const char *q;
			size_t n;

			if (p > t && isalpha((unsigned char)p[-1]))
				continue;
			for (int i = 0; leads[i]; i++) {
				n = strlen(leads[i]);
				if (strncasecmp(p, leads[i], n) || p[n] != ' ')
					continue;
				q = p + n + 1;
				if (!strncasecmp(q, "applying ", 9))
					q += 9;
				if (!strncasecmp(q, "this ", 5) || !strncasecmp(q, "the ", 4))
					q = strchr(q, ' ') + 1;
				for (int o = 0; objects[o]; o++)
					if (!strncasecmp(q, objects[o], strlen(objects[o])) &&
					    !isalpha((unsigned char)q[strlen(objects[o])])) {
						size_t w = i >= 2 ? n :
							   (size_t)(q - p) + strlen(objects[o]);

						snprintf(out, len, "%c%.*s",
							 toupper((unsigned char)*p),
							 (int)w - 1, p + 1);
						found = true;
						break;
					}
				break;
			}
		}
	}
	return found;
}

/* Lines [from, to) are all blank, or a run's command ("# time ./x"). */
static bool only_blanks(const struct letter *l, size_t from, size_t to)
{
	for (size_t k = from; k < to; k++)
		if (!letter_blank(l->lines[k].text) && !letter_shell_prompt(l->lines[k].text))
			return false;
	return true;
}

/*
 * The arm's name on a line of its own above block b, one word alone
 * after a blank ("patch1-6" over a profile's lines), into out; lines of
 * b's kind it could not read ("39.03%  lzo1x_1_do_compress (real
 * work)") may stand between.
 */
static bool lone_name(const struct letter *l, size_t from, const struct kv_block *b,
		      char *out, size_t len)
{
	for (size_t k = b->head; k-- > from;) {
		const char *t = l->lines[k].text + strspn(l->lines[k].text, " ");
		size_t n = strlen(t);

		while (n && t[n - 1] == ' ')
			n--;
		if (!n || isdigit((unsigned char)*t))
			continue;
		/* a word alone, a paragraph's last ("following,") none */
		if (memchr(t, ' ', n) || strchr(":.,", t[n - 1]) || n >= len ||
		    (k > 0 && !letter_blank(l->lines[k - 1].text)))
			return false;
		snprintf(out, len, "%.*s", (int)n, t);
		return letter_label_ok(out);
	}
	return false;
}

/*
 * Blocks of "label: value" lines under sentences instead of headings,
 * one per arm ("the profile is as following," over the rows, then
 * "After applying this patch, it becomes," over the same rows): a
 * table with a column per block, named by the arm the sentence above
 * names, else Before and After; a block only blank lines below the one
 * before it that no words name ends the table (a run of the arm above,
 * no arm); a row the first block has and a later one lacks is empty
 * there. Returns the line after the last block, or
 * i + 1 when line i starts none; -1 when out of memory.
 */
long letter_read_prose_blocks(struct letter *l, size_t i, const char *section)
{
	int depth = l->lines[i].depth, nb = 0, made;
	char col[LETTER_MAX_COLS][LETTER_NAME_LEN];
	struct kv_block *b;
	size_t from;

	if (i == 0 || (!letter_blank(l->lines[i - 1].text) &&
		       l->lines[i - 1].kind != LL_PROSE))
		return (long)i + 1;
	b = malloc(LETTER_MAX_COLS * sizeof(*b));
	if (!b)
		return -1;
	if (!kv_rows_at(l, i, depth, &b[0])) {
		free(b);
		return (long)i + 1;
	}
	from = i > PROSE_GAP ? i - PROSE_GAP : 0;
	nb = 1;
	while (nb < LETTER_MAX_COLS) {
		size_t k = b[nb - 1].last + 1, stop = k + PROSE_GAP;

		while (k < stop && letter_same_block(l, k, depth) &&
		       !kv_rows_at(l, k, depth, &b[nb]))
			k++;
		if (k >= stop || !letter_same_block(l, k, depth) ||
		    !letter_kv_shares_rows(&b[0], &b[nb]))
			break;
		nb++;
	}
	for (int k = 0; k < nb; k++) {
		size_t lo = k ? b[k - 1].last + 1 : from;

		if (arm_phrase(l, lo, b[k].head, col[k], sizeof(col[k])) ||
		    lone_name(l, lo, &b[k], col[k], sizeof(col[k])))
			continue;
		if (k && only_blanks(l, lo, b[k].head)) {
			nb = k;	/* blocks only blank lines apart: runs, no arms */
			break;
		}
		snprintf(col[k], sizeof(col[k]), "%s",
			 k == 0 ? "Before" : k == 1 ? "After" : "column");
	}
	made = nb >= 2 ? letter_kv_table(l, i, b, nb, col, section, true) : 0;
	from = made > 0 ? b[nb - 1].last + 1 : i + 1;
	free(b);
	return made < 0 ? -1 : (long)from;
}

/* ------------------------------------- an arm's section of sub-blocks */

#define SECTION_LINES 60	/* lines of one arm's section at most */
#define SECTION_STRAY 4		/* lines of neither pairs nor headings in it */
#define SECTION_PEEK 6		/* lines looked at past a heading */
#define SECTION_SUBS 8		/* sub-headings kept of one section */

/* The sub-headings of an arm's section ("memory usage", "hackbench"). */
struct section_subs {
	int n;
	char name[SECTION_SUBS][LETTER_NAME_LEN];
};

/* a and b share a sub-heading: two arms' sections of one shape. */
static bool subs_shared(const struct section_subs *a, const struct section_subs *b)
{
	for (int i = 0; i < a->n; i++)
		for (int k = 0; k < b->n; k++)
			if (!strcmp(a->name[i], b->name[k]))
				return true;
	return false;
}

/* A heading line's name (a colon closing it), or false. */
static bool section_heading(const struct letter *l, size_t j, int depth, char *name,
			    size_t len)
{
	return letter_same_block(l, j, depth) &&
	       letter_kv_heading(l->lines[j].text, true, false, name, len);
}

/*
 * Heading j opens the next arm's section: a pair within a few lines
 * under it (sub-headings and blanks passed) names a row b has already.
 */
static bool next_arm_heading(const struct letter *l, size_t j, int depth,
			     const struct kv_block *b)
{
	char name[LETTER_NAME_LEN];

	for (size_t k = j + 1; k <= j + SECTION_PEEK && letter_same_block(l, k, depth); k++) {
		struct letter_row r[KV_LINE_PAIRS];
		int n;

		if (letter_blank(l->lines[k].text) ||
		    section_heading(l, k, depth, name, sizeof(name)))
			continue;
		n = letter_kv_pairs(l->lines[k].text, r, KV_LINE_PAIRS);
		for (int p = 0; p < n; p++)
			if (letter_kv_has_label(b, r[p].label))
				return true;
		if (n)
			return false;
	}
	return false;
}

/*
 * The section under heading i, one arm's: pairs under sub-headings
 * ("memory usage:", "hackbench:"), blank lines and a few stray lines
 * among them, up to the heading that opens the next arm's section.
 * b->last is the section's last line of pairs; *next that heading, or
 * 0 when none follows. false unless two pairs, no label twice.
 */
static bool section_read(const struct letter *l, size_t i, struct kv_block *b,
			 struct section_subs *subs, size_t *next)
{
	int depth = l->lines[i].depth, stray = 0;
	char name[LETTER_NAME_LEN];

	b->head = i;
	b->nr = 0;
	subs->n = 0;
	*next = 0;
	for (size_t j = i + 1; j < i + SECTION_LINES && letter_same_block(l, j, depth); j++) {
		if (letter_blank(l->lines[j].text))
			continue;
		if (section_heading(l, j, depth, name, sizeof(name))) {
			if (b->nr >= 2 && next_arm_heading(l, j, depth, b)) {
				*next = j;
				break;
			}
			if (subs->n < SECTION_SUBS)	/* a sub-heading of this arm's */
				memcpy(subs->name[subs->n++], name, sizeof(name));
			continue;
		}
		if (letter_kv_line(l, j, b))
			b->last = j;
		else if (++stray > SECTION_STRAY)
			break;
	}
	return b->nr >= 2 && !letter_kv_holds_runs(b);
}

/*
 * Arms' sections, each under its heading and made of sub-blocks the
 * headed-blocks reader cannot join ("current SLOB:" over "memory
 * usage:", "Slab: 7936 kB", "hackbench:", "Time: 263.900", perf stat's
 * counters): a table with a column per section, a row per label of
 * the first that a later one has. Three rows at least, and the sections
 * share a sub-heading (a title over headed blocks is none). Returns the line
 * after the last section, or i + 1; -1 when out of memory.
 */
long letter_read_arm_sections(struct letter *l, size_t i, const char *section)
{
	int depth = l->lines[i].depth, nb = 0, made = 0;
	char col[LETTER_MAX_COLS][LETTER_NAME_LEN];
	struct section_subs subs[2];
	struct kv_block *b;
	size_t at = i, next;

	if (!section_heading(l, i, depth, col[0], sizeof(col[0])))
		return (long)i + 1;
	b = malloc(LETTER_MAX_COLS * sizeof(*b));
	if (!b)
		return -1;
	while (nb < LETTER_MAX_COLS && at &&
	       section_heading(l, at, depth, col[nb], sizeof(col[0])) &&
	       !letter_kv_named_before(col, nb) &&
	       section_read(l, at, &b[nb], &subs[nb ? 1 : 0], &next) &&
	       (!nb || subs_shared(&subs[0], &subs[1]))) {
		nb++;
		at = next;
	}
	if (nb >= 2) {
		char key[96];
		struct letter_cell c;
		int shared = 0;

		for (int k = 0; k < b[0].nr; k++) {
			letter_label_key(b[0].item[k].label, key, sizeof(key));
			shared += letter_kv_find(&b[1], key, &c);
		}
		if (shared >= 3)
			made = letter_kv_table(l, i, b, nb, col, section, false);
	}
	next = made > 0 ? b[nb - 1].last + 1 : i + 1;
	free(b);
	return made < 0 ? -1 : (long)next;
}
