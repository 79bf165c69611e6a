/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A claims file's rows against arms of records: a verdict per row.
 *
 * Two arms stand for one compared pair of columns (the table's first, or
 * the one named). Three or more stand for a table's columns in order, and
 * every pair the table compares is a row of its own: a series' column
 * against each of the others, as its cover letter compares them.
 *
 * Directional claims (lower, higher): Welch's t-test on the row's value
 * per run, p adjusted by Holm's step-down over every directional row
 * evaluated in one call (so a patch that changes nothing gives a false
 * "holds" or "contradicted" in any row with probability <= alpha):
 *   holds         adjusted p < alpha, measured change in the claimed direction
 *   contradicted  adjusted p < alpha, in the other direction
 *   not shown     otherwise, with the runs per arm that would detect the
 *                 quoted change with the observed spread (80% power at
 *                 alpha / m, Holm's level for the smallest of m p's)
 * A row with `scale: log` is tested on ln(1 + value): counts whose change
 * is a ratio (contentions, wakeups), where the spread grows with the
 * level; its change is the ratio of geometric means of (1 + value).
 * The change's 1 - alpha interval on the linear scale is Fieller's for the
 * ratio of means, cut at 0 (never below -100%), when no value of the row
 * is negative; unbounded above when the base mean is not significantly
 * above 0 (enum ci_method).
 * "same" claims: the 1 - alpha confidence interval of the change against
 * +- margin_pct of the base mean (two one-sided tests):
 *   holds inside the margin, contradicted entirely outside it, not shown
 *   when it straddles it.
 * not measurable here: the metric is n/a (or absent) in every run of an
 * arm, with the record's reason, or the row is unmapped, with its reason.
 *
 * Beside the verdict, where the row quotes a change (the letter's
 * change_pct, or its quoted means' relative change: levels differ
 * between machines, relative changes compare) and the measured change
 * has an interval: the quoted change within that 1 - alpha interval,
 * excluded by it (the change is smaller than quoted, or the other way),
 * or exceeded (the change is larger than quoted) (enum quoted_fit).
 */
#ifndef __CLAIMS_EVAL_H
#define __CLAIMS_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include "claims.h"
#include "compare.h"
#include "zs_error.h"

enum verdict {
	VERDICT_HOLDS,
	VERDICT_CONTRADICTED,
	VERDICT_NOT_SHOWN,
	VERDICT_NOT_MEASURABLE,
	VERDICT_NR,
};

/* How a row's change and its interval are made (docs/claims.md). */
enum ci_method {
	CI_FIELLER,	/* values >= 0: Fieller's set for mean B / mean A, cut at 0 */
	CI_LOG,		/* scale: log: Welch's interval on ln(1 + v), exp - 1 */
	CI_DIFFERENCE,	/* signed values: Welch's interval of B - A over |mean A| */
};

/* The quoted change against the measured change's 1 - alpha interval. */
enum quoted_fit {
	QUOTED_NONE,		/* no quoted change, or no interval */
	QUOTED_WITHIN,		/* the interval covers it */
	QUOTED_EXCLUDED,	/* the interval lies on its side of no change,
				 * or past no change: smaller than quoted */
	QUOTED_EXCEEDED,	/* the interval lies beyond it: larger */
};

#define CLAIM_POWER 0.8
#define CLAIM_MAX_RUNS 100000
/* a holding change is "far from quoted" outside [1/2, 2] x the quoted one */
#define CLAIM_FAR_FACTOR 2.0

struct claims_seq;

/* Where a side's values came from when not records (claims_fleet.h). */
struct run_source {
	const char *query;		/* the PromQL the values answer */
	const char *const *names;	/* a host per value of arm_values.v */
};

struct row_eval {
	const struct claim_table *t;
	const struct claim_row *row;
	int cmp;			/* which compared pair of t */
	int arm_of[2];			/* the arms its base and new values are */
	struct arm_values arm[2];
	enum verdict verdict;
	double mean[2], sd[2];		/* of the values as recorded */
	double tmean[2], tsd[2], tdiff;	/* on the test scale (log: ln(1 + v)) */
	bool has_change;		/* mean A != 0, or log scale */
	double change_pct, ci_lo_pct, ci_hi_pct;
	enum ci_method ci_method;
	bool ci_bounded;		/* false: ci_hi_pct is +inf */
	bool has_p;
	double p, p_adj;
	bool far;			/* holds, magnitude far from quoted */
	enum quoted_fit quoted_fit;
	unsigned runs_needed;		/* not shown: 0 when unknown */
	bool power_for_measured;	/* no quoted change: for the measured */
	char why[CLAIM_TEXT_LEN + 64];
	const struct run_source *src[2];	/* NULL: records */
};

struct claims_eval {
	double alpha;
	bool holm;
	bool allow_incomplete;
	int nr_arms;			/* 2 unless set before init */
	bool fleet;			/* runs are hosts (claims_eval_set_runs) */
	bool skip_runs_needed;		/* claims_eval_judge() leaves them 0 */
	const struct claims_seq *seq;	/* set by claims_sequential() */
	char label[CLAIM_MAX_COLS][64];
	size_t nr_records[CLAIM_MAX_COLS];
	char kernels[CLAIM_MAX_COLS][256];
	struct row_eval *r;
	size_t n;
	size_t count[VERDICT_NR];	/* every row */
	size_t count_dir[VERDICT_NR];	/* lower/higher rows naming a metric */
	size_t count_same[VERDICT_NR];	/* `same` rows naming a metric */
	size_t nr_unmapped;
	size_t nr_tests;		/* directional rows in Holm's family */
	struct record_seen seen;	/* each record file counts once */
	struct probe_tally probes;	/* --locks, --iocost per arm */
	char warnings[RPO_NR][CMP_NOTE_LEN];	/* arms differ in one */
	int nr_warnings;
};

/*
 * Selects the rows to evaluate: every table (or only table_id). Two arms:
 * each table with its first compared pair, or the pair "BASE:NEW" by
 * column names (tables without those columns are left out). More arms
 * (nr_arms set before): the tables with that many columns, every pair
 * they compare, arm k standing for column k; pair must be NULL. -1 with
 * err when nothing matches.
 */
int claims_eval_init(struct claims_eval *e, const struct claims *c,
		     const char *table_id, const char *pair,
		     struct zs_error *err);
/* Adds the records path names (a file or a directory) to an arm. */
int claims_eval_add_path(struct claims_eval *e, int arm, const char *path,
			 struct zs_error *err);
/* Adds one loaded record (path only names it in messages). */
int claims_eval_add_record(struct claims_eval *e, int arm,
			   const struct record *rec, const char *path,
			   struct zs_error *err);
/*
 * An arm whose runs come from elsewhere (the hosts of a Prometheus arm):
 * n runs, what describes them (the arm's matchers); the caller fills the
 * rows' arm_values and src.
 */
void claims_eval_set_runs(struct claims_eval *e, int arm, size_t n,
			  const char *what);
/* Statistics and verdicts; -1 with err when an arm has no record. */
int claims_eval_finish(struct claims_eval *e, struct zs_error *err);
/*
 * The statistics and verdicts again at alpha, on the rows' values as
 * they are now (claims_sequential.c shortens them to a look's runs);
 * after claims_eval_finish(). -1 when out of memory.
 */
int claims_eval_judge(struct claims_eval *e, double alpha);
/* The verdict counts again from the rows' verdicts. */
void claims_eval_count(struct claims_eval *e);
void claims_eval_free(struct claims_eval *e);

const char *verdict_name(enum verdict v);
/* "fieller", "log", "difference": the JSON's ci_method */
const char *ci_method_name(enum ci_method m);
/* "within", "excluded", "exceeded"; NULL for QUOTED_NONE */
const char *quoted_fit_name(enum quoted_fit f);

#endif /* __CLAIMS_EVAL_H */
