/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The claim a letter's words give one row of a table: the way the words
 * that name the row say it went ("reduces sys time by 6%", "swapped in
 * pages dropped by 58%", "goes from 14% to 46%", "just noise"), or the
 * words next to the table that name no row ("the differences are within
 * the noise"). Words that only judge the change ("improvement in
 * compression ratio", a "% Improvement" column) take the way from the
 * row's numbers when nothing says otherwise. Read by `zswap-gate claims
 * draft`; a row the words say nothing of gets no claim.
 */
#ifndef __LETTER_CLAIMS_H
#define __LETTER_CLAIMS_H

#include <stdbool.h>
#include <stddef.h>
#include "letter_parse.h"
#include "letter_words.h"

/* What a row holds for its words to be read against. */
struct row_evidence {
	const char *label;
	const char *metric;	/* the metric guessed for it, "" for none */
	const char *extra;	/* columns kept as words: "% Improvement 32%" */
	const char *key_word;	/* a word of the label no other row starts with
				 * ("64k" of "64K THP"), or NULL */
	bool numbers;		/* base and new are the compared pair's means */
	double base, new;
	const struct letter_table *table;	/* its table, of the letter's */
	const char *table_same;	/* letter_claims_table_same()'s quote, or NULL */
};

struct row_claim {
	enum word_dir dir;
	char quote[120];	/* the words it came from */
	bool against_numbers;	/* the words' way, which the numbers refute:
				 * dir is then WORD_NONE */
};

/*
 * Words next to table t (after it, to the next table, or the lead-in
 * before it) that say its numbers did not move and name none of its rows
 * ("the differences are within the noise"): true with them in quote.
 */
bool letter_claims_table_same(const struct letter *l, const struct letter_table *t,
			      char *quote, size_t qlen);

void letter_claims_row(struct letter_prose *p, const struct letter *l,
		       const struct row_evidence *e, struct row_claim *out);

#endif /* __LETTER_CLAIMS_H */
