/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room src/claims/: claims files: the YAML reader, the verdicts on records, the output.
 * May call: util, stats, metrics, record, compare.
 */
/*
 * A claims file: a patch series' tables as data (claims/FORMAT.md). Every
 * row of every table is kept, mapped to the record metric that measures
 * it or left unmapped with the reason, so the file is the whole table.
 */
#ifndef __CLAIMS_H
#define __CLAIMS_H

#include <stdbool.h>
#include <stddef.h>
#include "claims_setup.h"
#include "metrics.h"
#include "zs_error.h"

#define CLAIMS_SCHEMA "zswap-claims/1"
#define CLAIM_MAX_COLS 4
#define CLAIM_MAX_CMPS 6	/* column pairs a table compares */
#define CLAIM_MAX_METRICS 4	/* metrics summed into a row's value */
#define CLAIM_TEXT_LEN 512
#define CLAIM_MAX_WHEN 4	/* zswap parameters a row is measured with */

enum claim_dir {
	CLAIM_LOWER,	/* the new column is lower */
	CLAIM_HIGHER,
	CLAIM_SAME,	/* no change beyond margin_pct */
};

/* A value as the series quotes it; present false for an empty cell. */
struct quoted {
	bool present, has_mean, has_sd;
	double mean, sd;
	int n;			/* runs, 0 when not quoted */
	char text[32];		/* a cell that is not a number, e.g. "OOM" */
};

struct claim_row {
	char label[96];
	int line;
	/* mapping: metrics summed (names or fnmatch globs), or unmapped */
	char metric[CLAIM_MAX_METRICS][METRIC_NAME_LEN];
	int nr_metrics;
	char requires[METRIC_NAME_LEN];	/* a glob matching nothing is 0 when
					 * the record has this metric */
	char unmapped[CLAIM_TEXT_LEN];	/* why the row cannot be measured */
	/* with --prometheus: this expression instead of the metrics (prom_expr.h) */
	char promql[CLAIM_TEXT_LEN];
	char unit[16];			/* of the quoted values */
	struct quoted q[CLAIM_MAX_COLS];
	/* per compared pair: the claim and the quoted relative change */
	enum claim_dir dir[CLAIM_MAX_CMPS];
	bool has_change[CLAIM_MAX_CMPS];
	double change_pct[CLAIM_MAX_CMPS];
	double margin_pct;		/* CLAIM_SAME: allowed change, % */
	bool log_scale;			/* test ln(1 + value): ratio changes */
	char note[CLAIM_TEXT_LEN];
	/* zswap parameters the row was measured with: other records are n/a */
	char when[CLAIM_MAX_WHEN][2][48];
	int nr_when;
};

struct claim_table {
	char id[48];
	char title[200];
	int line;
	char col[CLAIM_MAX_COLS][96];
	int nr_cols;
	int cmp[CLAIM_MAX_CMPS][2];	/* column indexes: base, new */
	int nr_cmps;
	int runs;			/* as the series states, 0 unknown */
	char setup[CLAIM_TEXT_LEN];	/* this table's own setup, if any */
	struct claim_row *rows;
	size_t nr_rows;
};

struct claims {
	char file[512];
	char series[200];
	char seed[96];
	char message_id[160];
	char stated_setup[2 * CLAIM_TEXT_LEN];
	struct claim_setup setup;	/* the experiment, for drivers */
	struct claim_table *tables;
	size_t nr_tables;
};

/*
 * Loads and checks a claims file; -1 with "FILE:LINE: what" in err
 * (bad YAML, missing or unknown fields, a row with neither metric nor
 * unmapped, quoted values that do not match the columns).
 */
int claims_load(const char *path, struct claims *c, struct zs_error *err);
/* The same from n bytes of text; name only names it in messages. */
int claims_parse(const char *name, const char *text, size_t n,
		 struct claims *c, struct zs_error *err);
void claims_free(struct claims *c);

const char *claim_dir_name(enum claim_dir d);
/* Column index by name, -1 when the table has no such column. */
int claim_table_col(const struct claim_table *t, const char *name);

/*
 * Every row's metric names against the registry (or workload_*), labels
 * well formed: -1 with "FILE:LINE: row 'X': metric 'Y': why" in err. Not
 * part of claims_load(), which also reads made-up names (unit tests).
 */
int claims_check_names(const struct claims *c, struct zs_error *err);

#endif /* __CLAIMS_H */
