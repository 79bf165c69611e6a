/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room src/fleet/: claims on a fleet: the Prometheus client and the PromQL of each row.
 * May call: util, metrics, claims.
 */
/*
 * A claims file's rows on a fleet (zswap-gate claims --prometheus): each
 * arm is a PromQL selector, each value of the host label (--by) in it a
 * run. One instant query per row and arm (prom_expr.h) answers every
 * host of the arm at once; the arm's hosts are every host any of its
 * rows answered for, and a host a row has no series for, or a NaN for,
 * is that row's run n/a (counted, with the host named), never a 0. The
 * values then go through the same evaluator as records (claims_eval.h).
 */
#ifndef __CLAIMS_FLEET_H
#define __CLAIMS_FLEET_H

#include "claims.h"
#include "claims_eval.h"
#include "prom_client.h"
#include "prom_expr.h"

struct fleet_arm {
	char name[64];		/* a column of the table */
	char matchers[512];	/* read and written back (prom_matchers.h) */
};

struct fleet_opts {
	const char *url, *window, *at, *by, *timeout;
	struct prom_access access;	/* tokens, user:password, CAs */
	struct fleet_arm arm[CLAIM_MAX_COLS];
	int nr_arms;
	struct prom_set set[PROM_MAX_SETS];
	int nr_sets;
};

/* One row's answer in one arm. */
struct fleet_cell {
	const struct claim_row *row;
	int arm;
	bool queried;			/* false: no Prometheus form (why) */
	char query[PROM_EXPR_LEN];
	char why[CLAIM_TEXT_LEN];
	struct prom_vector v;		/* sorted by host */
	struct run_source src;
	const char **names;
};

struct fleet {
	struct prom_client pc;
	struct fleet_cell *cell;
	size_t n;
	char (*host[CLAIM_MAX_COLS])[sizeof(((struct prom_sample *)0)->host)];
	size_t nr_hosts[CLAIM_MAX_COLS];
};

/* NAME=MATCHERS of --arm into a; -1 with err. */
int fleet_arm_parse(struct fleet_arm *a, const char *arg, struct zs_error *err);
/* NAME=VALUE of --set; -1 with err. */
int fleet_set_parse(struct prom_set *s, const char *arg, struct zs_error *err);
/* The same, added to o (at most CLAIM_MAX_COLS arms, PROM_MAX_SETS sets). */
int fleet_opts_add_arm(struct fleet_opts *o, const char *arg,
		       struct zs_error *err);
int fleet_opts_add_set(struct fleet_opts *o, const char *arg,
		       struct zs_error *err);

/*
 * Queries every row e selected in every arm and fills e's runs (e's
 * labels are the arms' names): -1 with err on any failed query (the
 * server's message quoted) or an arm without hosts.
 */
int claims_fleet_eval(struct claims_eval *e, const struct fleet_opts *o,
		      struct fleet *f, struct zs_error *err);
void claims_fleet_free(struct fleet *f);

#endif /* __CLAIMS_FLEET_H */
