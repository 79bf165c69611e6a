/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The n/a reasons of a record's summary grouped into causes, one
 * footnote each with what to do: every metric without a hook shares one
 * ("fentry: program load refused (Operation not permitted)" on a kernel
 * that refuses fentry is one cause, not 14 repeated paragraphs); any other
 * reason is its own cause.
 */
#ifndef __SUMMARY_NA_H
#define __SUMMARY_NA_H

#include <stdbool.h>
#include <stdio.h>

#define NA_CAUSES_MAX 12
#define NA_CAUSE_LEN 512

struct na_cause {
	char text[NA_CAUSE_LEN];	/* a hook's: its distinct failures */
	bool hooks;			/* no hook could be attached */
	unsigned int series;
};

struct na_causes {
	struct na_cause c[NA_CAUSES_MAX];
	int n;
};

/*
 * The footnote number (from 1) of reason's cause, added when new; a
 * reason past NA_CAUSES_MAX causes shares the last one.
 */
int na_cause_add(struct na_causes *nc, const char *reason);
/*
 * Footnote k's cause, "  [k] why", wrapped at width; returns the column
 * its series' names go on from. Then what to do, lines of its own.
 */
int na_cause_print(FILE *f, const struct na_causes *nc, int k, int width);
void na_cause_advice(FILE *f, const struct na_causes *nc, int k, int width);

#endif /* __SUMMARY_NA_H */
