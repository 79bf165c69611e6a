/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room src/draft/: claims drafted from a letter: mail, tables, words, the YAML.
 * May call: util, metrics, claims.
 */
/*
 * A claims file drafted from a series' letter (`zswap-gate claims
 * draft`): the Subject as the series, Message-Id and Date as the source,
 * the paragraphs that describe the test as setup.stated, and one table
 * per table of the letter, each row with the metric its label names
 * (metric_synonyms.h) or unmapped with "no metric guessed", a claim only
 * where the letter's words say which way the row went.
 */
#ifndef __CLAIMS_DRAFT_H
#define __CLAIMS_DRAFT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "letter_parse.h"
#include "zs_error.h"

struct draft_stats {
	int tables, rows;
	int mapped;		/* rows with a metric */
	int claimed;		/* rows with a claim from the letter's words */
	int word_pairs;		/* tables whose compared pairs the words gave */
	/* what the letter holds past a draft's bounds (letter_parse.h) */
	int cols_cut;
	size_t rows_cut, tables_cut;
	bool lines_cut;
};

/*
 * Writes the claims file of letter l to out. name: the letter's file
 * (its base name is source.seed when it is a seed's, NNN_HEX.txt). -1
 * with the reason when the letter has no table.
 */
int claims_draft(const struct letter *l, const char *name, FILE *out,
		 struct draft_stats *st, struct zs_error *err);

/*
 * The same from n bytes of a letter into *out (malloc'd, *len bytes),
 * read back with claims_parse() and claims_check_names() before it is
 * returned: -1 with err for a letter without tables, and for a draft
 * that would not load (a bug, said as one).
 */
int claims_draft_text(const char *text, size_t n, const char *name,
		      char **out, size_t *len, struct draft_stats *st,
		      struct zs_error *err);
/*
 * The same with the arms the user names ("A|B", letter_parse_arms()):
 * only the letter's tables of those arms, a column each in that order;
 * -1 with err when the letter has none. arms NULL: claims_draft_text().
 */
int claims_draft_text_arms(const char *text, size_t n, const char *name,
			   const char *arms, char **out, size_t *len,
			   struct draft_stats *st, struct zs_error *err);

#endif /* __CLAIMS_DRAFT_H */
