/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room src/compare/: two arms of records compared: groups, gate rules, directions, output, plots.
 * May call: util, stats, metrics, record.
 */
/*
 * Two arms of records (base A, new B), their per-run values per metric,
 * and the statistics the gate decides on. Records are read one at a time
 * through record_load() and freed: memory grows with metrics x runs
 * (one double per metric per run), not with record size.
 */
#ifndef __COMPARE_H
#define __COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include "histogram.h"
#include "metric_direction.h"
#include "metrics.h"
#include "probe_opts.h"
#include "record.h"
#include "record_walk.h"
#include "stats.h"
#include "zs_error.h"

#define ARM_A 0
#define ARM_B 1
#define ARM_BOTH 2
#define MIN_RUNS 3	/* fewer runs in an arm: "too few runs", never gated */
#define MWU_MIN_RUNS 5	/* the rank test is shown from 5 runs per arm */

enum cmp_status {
	CMP_COMPARED,	/* values in both arms, MIN_RUNS or more each */
	CMP_TOO_FEW,	/* values in both arms, fewer than MIN_RUNS in one */
	CMP_MISSING,	/* in both arms' records, n/a in every run of one */
	CMP_DROPPED,	/* in the records of one arm only */
};

struct arm_values {
	double *v;		/* one value per run that had one */
	size_t n, cap;
	size_t na_runs;		/* runs where the metric was n/a */
	char *reason;		/* the first n/a reason seen, or NULL */
};

struct cmp_metric {
	char name[METRIC_NAME_LEN];
	char unit[16];
	const struct metric_direction *dir;
	size_t unit_from;	/* the record that first gave it: paths[] */
	struct arm_values arm[2];
	/* filled by comparison_finish() */
	enum cmp_status status;
	int lacking_arm;	/* MISSING/DROPPED/TOO_FEW: the arm at fault,
				 * ARM_BOTH: MISSING in both arms */
	size_t absent_runs[2];	/* records of the arm without the metric */
	double mean[2], sd[2];
	bool has_change;	/* false when mean A is 0 */
	double change_pct;	/* (mean B - mean A) / |mean A| * 100 */
	bool has_ci;		/* n >= 2 in both arms and mean A not 0 */
	struct change_ci ci;	/* the change's 1 - alpha interval */
	bool has_welch, has_mwu;
	struct welch_result welch;
	struct mwu_result mwu;
	bool significant;	/* Welch p < alpha */
	int verdict;		/* +1 better, -1 worse, 0 neutral/not significant */
	/* filled by gate_apply() */
	bool gated;		/* some rule (or the default) looked at it */
	bool untested;		/* gating, but not compared: too few runs,
				 * n/a in one arm, or in one arm's records */
	bool failed;
	char *failed_by;	/* the rule that failed it, or NULL */
};

/* Histograms summed over an arm's runs, for the overlaid plots. */
struct cmp_hist {
	char name[METRIC_NAME_LEN];
	char unit[16];
	bool present[2];
	struct hist sum[2];
};

/* The gate's answer, and zswap-gate compare's exit code. */
enum gate_result {
	GATE_PASS = 0,
	GATE_FAIL = 1,		/* a gated metric failed its rule */
	GATE_UNTESTED = 3,	/* a gating metric could not be tested */
};

struct cmp_arm {
	char label[64];
	size_t nr_records;
	size_t nr_incomplete;	/* included with --allow-incomplete */
	char kernels[256];	/* distinct kernel releases, ", "-separated */
	char first_path[512];
};

#define CMP_NOTE_LEN 320

struct comparison {
	double alpha;
	bool allow_incomplete;
	bool show_all;		/* the tables show the series 0 in both arms too */
	struct cmp_arm arm[2];
	struct cmp_metric *m;
	size_t n, cap;
	struct cmp_hist *h;
	size_t nh, hcap;
	char (*notes)[CMP_NOTE_LEN];	/* shown under the table */
	size_t nr_notes, notes_cap;
	/* by gate_apply() */
	size_t nr_failed;
	size_t nr_untested;		/* metrics marked untested */
	size_t nr_gating;		/* metrics a rule or the default gates */
	size_t nr_gated;		/* of those, compared (tested) */
	enum gate_result result;
	struct name_index mix, hix;	/* m and h by name */
	char **paths;			/* of the records added, in order */
	size_t nr_paths, paths_cap;
	struct record_seen seen;	/* each record file counts once */
	struct probe_tally probes;	/* --locks, --iocost per arm */
	/* by comparison_finish(): where the cgroup labels lie (cgroup_prefix.h) */
	char cgroup_dir[256];
};

void comparison_init(struct comparison *c, double alpha, bool allow_incomplete);
void comparison_free(struct comparison *c);

/*
 * Adds the record at path, or every *.json directly inside path when it
 * is a directory, to arm. On bad input returns -1 with a message naming
 * the file in err.
 */
int comparison_add_path(struct comparison *c, int arm, const char *path,
			struct zs_error *err);
/* Adds one loaded record (path only names it in messages). */
int comparison_add_record(struct comparison *c, int arm,
			  const struct record *rec, const char *path,
			  struct zs_error *err);
/* Computes every statistic; -1 with err when an arm is empty. */
int comparison_finish(struct comparison *c, struct zs_error *err);
void comparison_note(struct comparison *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

const char *cmp_status_name(enum cmp_status s);

/* Appends v to a run list; -1 when out of memory. */
int arm_values_push(struct arm_values *a, double v);
/* Sets the n/a reason (printf-style); -1 when out of memory. */
int arm_values_set_reason(struct arm_values *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The n/a reason, "" when none was given. */
const char *arm_values_reason(const struct arm_values *a);
void arm_values_free(struct arm_values *a);
/* Adds release to a ", "-separated list of distinct kernel releases. */
void kernels_add(char *list, size_t len, const char *release);

#endif /* __COMPARE_H */
