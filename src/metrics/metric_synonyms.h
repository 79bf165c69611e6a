/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The words series use for what the registry measures ("swapins",
 * "write requests", "build time", "sys"), beside the registry: one row
 * per phrase, the record metric it names. `zswap-gate claims draft`
 * guesses each table row's metric from its label with them.
 */
#ifndef __METRIC_SYNONYMS_H
#define __METRIC_SYNONYMS_H

#include <stdbool.h>
#include <stddef.h>

struct metric_synonym {
	const char *phrase;	/* lower case words, matched whole in a label */
	const char *context;	/* NULL, or a word the table's title must hold */
	const char *metric;	/* a name claims files accept */
};

extern const struct metric_synonym metric_synonyms[];
extern const size_t metric_synonyms_nr;

/*
 * The metric a row label names, into out: the label itself or one of
 * its words when it is a registry name ("pswpin", "pool_limit_hit
 * delta"), else the longest phrase of the table matching it (context:
 * the table's title, may be NULL). false when no metric is guessed.
 */
bool metric_synonym_guess(const char *label, const char *context, char *out,
			  size_t len);

#endif /* __METRIC_SYNONYMS_H */
