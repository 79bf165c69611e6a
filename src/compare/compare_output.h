/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A finished (and gated) comparison as the seeds print it: an aligned
 * terminal table, a Markdown table for CI job summaries, or JSON.
 */
#ifndef __COMPARE_OUTPUT_H
#define __COMPARE_OUTPUT_H

#include <stdio.h>
#include "compare.h"

void compare_print_table(FILE *f, const struct comparison *c);
void compare_print_markdown(FILE *f, const struct comparison *c);
void compare_print_json(FILE *f, const struct comparison *c);

/*
 * "748 +- 47", "1.07 +- 0.01": the mean rounded to the precision of its
 * standard deviation (two significant digits of sd when it starts with
 * 1 or 2, one otherwise).
 */
void format_mean_sd(char *buf, size_t len, double mean, double sd);

/* "0.012", "<0.001", or "-" when there is no p. */
void format_p(char *buf, size_t len, bool has, double p);

#endif /* __COMPARE_OUTPUT_H */
