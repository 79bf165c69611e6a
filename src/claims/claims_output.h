/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Verdicts laid out like the series' own table: per table, each row's
 * quoted base, new and change beside the measured ones and the verdict,
 * then the reasons (n/a, runs needed, magnitude far from quoted). As
 * aligned text, Markdown, or JSON.
 */
#ifndef __CLAIMS_OUTPUT_H
#define __CLAIMS_OUTPUT_H

#include <stdio.h>
#include "claims.h"
#include "claims_eval.h"

void claims_print_table(FILE *f, const struct claims *c,
			const struct claims_eval *e);
void claims_print_markdown(FILE *f, const struct claims *c,
			   const struct claims_eval *e);
void claims_print_json(FILE *f, const struct claims *c,
		       const struct claims_eval *e);

#endif /* __CLAIMS_OUTPUT_H */
