/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Runs chosen by the data: a claims evaluation looked at by a
 * group-sequential plan (seq_plan.h). The records say which look has
 * come: look j uses the first seq_runs_at(j) runs of each arm (records
 * in the order given, alternated by zswap-gate run), so a driver keeps
 * no state and every earlier look is recomputed from the records.
 *
 * At look j every row is evaluated as claims_eval_judge() does at the
 * alpha look j spends (Holm over the directional rows at that alpha);
 * a row that holds or is contradicted there is decided, and keeps that
 * verdict, its change and interval as of that look. Looks run until
 * every row that can be measured is decided (stop) or the runs present
 * reach no further look (add runs) or the plan's last look (stop: the
 * budget is spent). A patch that changes nothing then gets a false
 * "holds" or "contradicted" in any row at any look with probability at
 * most alpha (union bound over the looks, Holm over the rows).
 *
 * An undecided row gets, from its spread now, the runs per arm that
 * would decide it at the next look's alpha; at the last look, at alpha
 * (a new experiment's).
 */
#ifndef __CLAIMS_SEQUENTIAL_H
#define __CLAIMS_SEQUENTIAL_H

#include <stdbool.h>
#include <stddef.h>
#include "claims_eval.h"
#include "seq_plan.h"
#include "zs_error.h"

struct row_seq {
	unsigned look;		/* decided at this look; 0: undecided */
	double alpha;		/* what that look spent */
	unsigned runs_needed;	/* undecided: runs per arm that would decide it, 0 unknown */
};

struct claims_seq {
	struct seq_plan plan;
	unsigned runs;		/* runs per arm present: the fewest of the arms */
	unsigned look;		/* the look the verdicts are at; 0: none yet */
	double spent;		/* alpha spent through that look */
	size_t decided, undecided, never;	/* never: not measurable */
	bool stop;		/* every row decided, or the budget spent */
	unsigned add;		/* else: runs per arm to add for the next look */
	struct row_seq *row;	/* one per row of the evaluation */
};

/*
 * The looks the records reach, on e after claims_eval_finish(): leaves
 * in e each row as of its decision (arm n cut to that look's runs), an
 * undecided row not shown (its statistics at the current look), the
 * counts recounted, and e->seq pointing at s. The plan's alpha is set
 * to e->alpha; its runs, looks and spending are the caller's. Its first look
 * must have MIN_RUNS runs: -1 with err otherwise, or out of memory.
 */
int claims_sequential(struct claims_eval *e, struct claims_seq *s,
		      struct zs_error *err);
void claims_seq_free(struct claims_seq *s);

#endif /* __CLAIMS_SEQUENTIAL_H */
