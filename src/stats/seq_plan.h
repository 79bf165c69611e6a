/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A group-sequential plan: at most max_runs runs per arm, looked at
 * max_looks times at equal steps (12/4: after 3, 6, 9 and 12 runs).
 * Alpha is spent over the looks by a Lan-DeMets spending function of
 * the information fraction t = runs / max_runs (Lan and DeMets 1983;
 * the Pocock-type and O'Brien-Fleming-type functions of Kim and DeMets
 * 1987), and each look is tested at the alpha it spends: a Bonferroni
 * split over the looks, so the false verdicts of all looks together
 * stay at or under alpha by the union bound, whatever the correlation
 * between looks, and with Welch's t at a few runs, where boundaries
 * computed for the normal would only hold approximately. The price is
 * power: the exact boundaries would test each look at a little more.
 */
#ifndef __SEQ_PLAN_H
#define __SEQ_PLAN_H

#include <stdbool.h>

enum seq_spending {
	SEQ_POCOCK,		/* alpha ln(1 + (e - 1) t): early looks spend much */
	SEQ_OBRIEN_FLEMING,	/* 2 - 2 Phi(z_{1 - alpha/2} / sqrt t): little early */
	SEQ_SPENDING_NR,
};

struct seq_plan {
	double alpha;
	unsigned max_runs, max_looks;
	enum seq_spending spending;
};

#define SEQ_MAX_LOOKS 20

/* "12/4": max_runs 12 over 4 looks; -1 unless 1 <= looks <= runs, looks <= SEQ_MAX_LOOKS */
int seq_plan_parse(const char *arg, struct seq_plan *p);
/* "pocock", "obrien-fleming"; -1 for another name */
int seq_spending_parse(const char *name, enum seq_spending *s);
const char *seq_spending_name(enum seq_spending s);

/* Alpha spent by information fraction t (0..1): the spending function. */
double seq_spent(const struct seq_plan *p, double t);
/* Runs per arm at look 1..max_looks: ceil(look * max_runs / max_looks). */
unsigned seq_runs_at(const struct seq_plan *p, unsigned look);
/* The alpha look 1..max_looks spends: spent at its runs less at the last's. */
double seq_alpha_at(const struct seq_plan *p, unsigned look);
/* The last look that runs per arm reach; 0 before the first. */
unsigned seq_look_of(const struct seq_plan *p, unsigned runs);

#endif /* __SEQ_PLAN_H */
