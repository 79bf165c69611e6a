/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside claims draft: the YAML it writes, quoted and wrapped so that
 * the claims reader gives back what the letter said.
 */
#ifndef __DRAFT_YAML_H
#define __DRAFT_YAML_H

#include <stdio.h>
#include "letter_parse.h"

/* s as YAML prints it back, into out (len bytes) */
void draft_yaml_clean(const char *s, char *out, size_t len);
void draft_put_str(FILE *f, const char *s);
/* A folded block (>-) of words, wrapped, at indent. */
void draft_put_block(FILE *f, const char *s, int indent);
void draft_put_num(FILE *f, double v);
void draft_put_cell(FILE *f, const struct letter_cell *c);
struct letter_setup;
/* The file's head: series, source, the setup (stated, and the keys the
 * words give); "tables:" last. */
void draft_put_head(FILE *f, const struct letter *l, const char *name,
		    const struct letter_setup *setup);

#endif /* __DRAFT_YAML_H */
