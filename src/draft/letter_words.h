/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a letter's prose says about its tables: the paragraphs that
 * describe the test, which columns a table compares ("1-3: On 1-2, this
 * patch is applied"); which way a row went is letter_claims.h's. Read by
 * `zswap-gate claims draft`.
 */
#ifndef __LETTER_WORDS_H
#define __LETTER_WORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "letter_parse.h"

#define LETTER_PROSE_MENTIONS 64	/* a name's mentions read, the first ones */
#define LETTER_PROSE_BUDGET 20000	/* mentions read over all rows, so that a
					 * long letter of many rows is read in bounded time */

/*
 * The prose of a letter, lower case, paragraphs ending in ". ", and
 * where its words stand (letter_prose_index.c).
 */
struct letter_prose {
	char *text;
	size_t len;
	uint32_t *word_at, *next_word, *next_slash;	/* per word */
	uint32_t *word_head;				/* per hash of a word */
	uint32_t slash_head[256];			/* per first letter */
	size_t nr_words;
	size_t mentions_read;	/* of LETTER_PROSE_BUDGET; past it no claim is sought */
	struct legend_entry *legend;	/* "NAME: ..." lines, by NAME (letter_words.c) */
	size_t nr_legend;
};

/* A prose line's words before one of its colons, as a column's name. */
struct legend_entry {
	uint32_t line;
	uint16_t off, len;	/* the words in the line's text */
};

int letter_prose_init(struct letter_prose *p, const struct letter *l);
void letter_prose_free(struct letter_prose *p);

/* letter_prose_index.c: the words' index, -1 out of memory */
int letter_prose_index(struct letter_prose *p);
/* c is a word's: a letter, a digit or '_' */
bool letter_word_char(char c);
/* The word at t + i is joined to the next by '/' ("pswpin/out"). */
bool letter_slash_joined(const char *t, size_t i);
void letter_prose_index_free(struct letter_prose *p);
/*
 * Where name may stand in the prose, ascending, the first max at most
 * (LETTER_PROSE_MENTIONS): the words that are its first word (its
 * plural too, a name of one word), and the groups of words joined by
 * '/' that begin with its first letter. Their count; 0 for a name not
 * starting with a word's letter.
 */
size_t letter_prose_mentions(const struct letter_prose *p, const char *name, size_t *at,
			     size_t max);

enum word_dir {
	WORD_NONE = -1,
	WORD_LOWER,
	WORD_HIGHER,
	WORD_SAME,
};

/*
 * Column pairs [base, new] the letter's words compare: a line that
 * starts with one column's name and a colon and names another column
 * ("1-3: On 1-2, this patch is applied" compares 1-2 with 1-3).
 * Returns how many, at most max.
 */
int letter_words_pairs(const struct letter_prose *p, const struct letter *l,
		       char col[][LETTER_NAME_LEN], int nr_cols, int pairs[][2], int max);

/*
 * The paragraphs that describe the test (cgroup limits, memory.max,
 * workloads, runs), those near a table first, joined into out.
 */
void letter_words_setup(const struct letter *l, char *out, size_t len);

/* "5 runs" in s: 5, else 0 */
int letter_words_runs(const char *s);

#endif /* __LETTER_WORDS_H */
