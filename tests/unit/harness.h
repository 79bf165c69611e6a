/* SPDX-License-Identifier: GPL-2.0 */
/* A minimal test harness: CHECK records a failure and goes on. */
#ifndef __HARNESS_H
#define __HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

extern int tests_passed, tests_failed;
extern const char *fixtures_dir;

#define CHECK(cond, ...) do {						\
	if (cond) {							\
		tests_passed++;						\
	} else {							\
		tests_failed++;						\
		fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
		fprintf(stderr, __VA_ARGS__);				\
		fputc('\n', stderr);					\
	}								\
} while (0)

void test_parsers(void);
void test_planner(void);
void test_histogram(void);
void test_record(void);
void test_summary(void);
void test_tui(void);
void test_cgroup_stats(void);
void test_stats(void);
void test_compare(void);
void test_prom(void);
void test_lockstat(void);
void test_iostall(void);
void test_iostall_eval(void);
void test_claims(void);
void test_claims_fit(void);
void test_claims_sequential(void);
void test_claims_names(void);
void test_claims_setup(void);
void test_letter_setup(void);
void test_fleet(void);
void test_doc_names(void);
void test_workload(void);
void test_faults(void);
void test_fuzz(void);
void test_metric_eval(void);
void test_kv_families(void);
void test_cmd_cpu(void);
void test_shared(void);
void test_kfuncs(void);
void test_cli_opts(void);
void test_param_watch(void);
void test_probe_opts(void);
void test_claims_draft(void);
void test_letter_claims(void);
void test_draft_bounds(void);
void test_draft_shapes(void);
void test_draft_headers(void);
void test_draft_tool_output(void);
void test_draft_arms(void);
void test_draft_corpus(void);
void test_level_stats(void);

struct claims;
struct draft_stats;
/* tests/unit/test_draft_bounds.c: a letter drafted and read back */
char *test_draft_read_back(const char *name, const char *text, size_t n,
			   struct draft_stats *st, struct claims *c);
/* text drafted and read back into c; false (said) when either fails */
bool test_drafted(const char *name, const char *text, struct claims *c);
/* text drafts to no table: claims draft's "no table found" */
bool test_no_table(const char *name, const char *text);
struct claim_table;
struct claim_row;
/* c is one table of two columns, a and b */
bool test_one_table_of(const struct claims *c, const char *a, const char *b);
/* t's row labelled label, or NULL */
const struct claim_row *test_row_named(const struct claim_table *t, const char *label);

struct comparison;
char *compare_render(const struct comparison *c,
		     void (*fn)(FILE *, const struct comparison *));

#endif /* __HARNESS_H */
