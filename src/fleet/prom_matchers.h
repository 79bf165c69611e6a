/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the user gives of a PromQL query (--arm MATCHERS, --by LABEL),
 * read with PromQL's own grammar before any query, so that nothing but
 * label matchers and a label name reaches the server: a selector is
 * written back from the matchers read, never pasted.
 *
 * MATCHERS is the inside of a selector, braces around it allowed:
 * matchers separated by commas (one after the last allowed), blanks
 * between tokens; a matcher is LABEL OP STRING, LABEL a label name, OP
 * one of = != =~ !~, STRING double- or single-quoted with PromQL's (Go's)
 * escapes, or backquoted with none.
 */
#ifndef __PROM_MATCHERS_H
#define __PROM_MATCHERS_H

#include <stdbool.h>
#include <stddef.h>

/* A label name: [a-zA-Z_][a-zA-Z0-9_]*. */
bool prom_label_name_ok(const char *s);

/*
 * in read as MATCHERS and written back into out (len bytes) as PromQL,
 * each value double-quoted, its quotes, backslashes and control
 * characters escaped: kernel="7.3.4",job=~"node|db". -1 with why (the
 * 1-based character of in where it went wrong, and what was wanted).
 */
int prom_matchers_rewrite(const char *in, char *out, size_t len, char *why,
			  size_t why_len);

#endif /* __PROM_MATCHERS_H */
