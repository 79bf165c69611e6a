/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A claims file's setup as an experiment a driver can run: the zswap
 * parameters, the memory limit, iocost and the workload command, as the
 * series ran them and as `scaled:` fits them to a small VM. kernels-ab
 * (tools/kernels-ab.sh) and `zswap-kernels check` read it through
 * `zswap-gate claims setup --json`, so the claims file is the experiment
 * and flags only override it.
 */
#ifndef __CLAIMS_SETUP_H
#define __CLAIMS_SETUP_H

#include <stdbool.h>
#include <stdio.h>
#include <yaml.h>
#include "yaml_tree.h"
#include "zs_error.h"

#define SETUP_MAX_PARAMS 8
#define SETUP_MAX_WORDS 32
#define SETUP_WORD_LEN 128

struct setup_params {
	char kv[SETUP_MAX_PARAMS][2][48];	/* name, value */
	int n;
};

/* One way to run the experiment: the series' own, or scaled to a VM. */
struct setup_run {
	struct setup_params zswap;
	/* MiB; 0 when not given, -1 when given as words, not a size */
	long memory_max_mib, memory_high_mib;
	int iocost;			/* 0, 1, or -1 when not said */
	double duration_s;		/* 0 when not said */
	char words[SETUP_MAX_WORDS][SETUP_WORD_LEN];	/* the command */
	int nr_words;
};

struct claim_setup {
	struct setup_run full;
	struct setup_run scaled;	/* full's zswap and iocost, its own rest */
	bool has_scaled;
	char why[512];			/* scaled.why */
};

/*
 * Reads the setup mapping (claims/FORMAT.md) into s; -1 with
 * "FILE:LINE: what" in err for a key it does not know under scaled:, a
 * workload that is not a list of words, a zswap parameter that is not a
 * scalar. Free-text fields (memory_max: "below the working set") are
 * kept as -1 (given, not a size), never an error.
 */
int claim_setup_read(struct ydoc *d, yaml_node_t *setup, struct claim_setup *s,
		     struct zs_error *err);

/*
 * "600M", "2G", "1350 MiB", "64" (MiB) as MiB; -1 for anything else
 * (words, a size below 1 MiB, or above 1 PiB).
 */
long setup_size_mib(const char *s);

/*
 * Parameter name=value into p, replacing an earlier value of the name;
 * -1 when p is full.
 */
int setup_param_set(struct setup_params *p, const char *name, const char *value);

struct claim_table;
/*
 * The zswap parameters every mapped row of t is measured with (their
 * common `when:`) into p; -1 with why filled when two rows want different
 * values (the table is then several experiments).
 */
int claim_table_when(const struct claim_table *t, struct setup_params *p,
		     char *why, size_t len);

/*
 * The run as JSON (one object, one line): {"scaled": B, "why": S,
 * "zswap": {P: V, ...}, "memory_max_mib": N|null, "memory_high_mib":
 * N|null, "iocost": B|null, "duration_s": N|null, "workload": [W, ...]}.
 * extra (may be NULL) is merged into zswap after run's own parameters:
 * a table's `when:`.
 */
void setup_run_json(FILE *f, const struct claim_setup *s, bool scaled,
		    const struct setup_params *extra);

#endif /* __CLAIMS_SETUP_H */
