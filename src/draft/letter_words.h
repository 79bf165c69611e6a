/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a letter's prose says about its tables: the paragraphs that
 * describe the test, which columns a table compares ("1-3: On 1-2, this
 * patch is applied"); which way a row went is letter_claims.h's. Read by
 * `zswap-gate claims draft`.
 */
#ifndef __LETTER_WORDS_H
#define __LETTER_WORDS_H

#include <stddef.h>
#include "letter_parse.h"

/* The prose of a letter, lower case, paragraphs ending in ". " */
struct letter_prose {
	char *text;
	size_t len;
};

int letter_prose_init(struct letter_prose *p, const struct letter *l);
void letter_prose_free(struct letter_prose *p);

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
int letter_words_pairs(const struct letter *l, char col[][LETTER_NAME_LEN], int nr_cols,
		       int pairs[][2], int max);

/*
 * The paragraphs that describe the test (cgroup limits, memory.max,
 * workloads, runs), those near a table first, joined into out.
 */
void letter_words_setup(const struct letter *l, char *out, size_t len);

/* "5 runs" in s: 5, else 0 */
int letter_words_runs(const char *s);

#endif /* __LETTER_WORDS_H */
