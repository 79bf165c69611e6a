// SPDX-License-Identifier: GPL-2.0
/*
 * The sequential plan (seq_plan.h, claims_sequential.h): the spending
 * functions against their formulas evaluated independently (Python's
 * statistics.NormalDist: 2 - 2 Phi(z_{0.975} / sqrt t) and
 * 0.05 ln(1 + (e - 1) t)), the looks' runs, and by simulation (GSL's
 * MT19937, seeded; normal runs) the error rate the verdicts state and
 * the runs a real change takes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include "claims.h"
#include "claims_eval.h"
#include "claims_sequential.h"
#include "harness.h"
#include "seq_plan.h"
#include "stats.h"

static void test_plan(void)
{
	static const struct { double t, obf, pocock; } spent[] = {
		{ 0.25, 8.857543832130332e-05, 0.01786870097543942 },
		{ 0.5, 0.005574596680784527, 0.031005725347913876 },
		{ 0.75, 0.023625121317601305, 0.04139944696214349 },
		{ 1, 0.05, 0.05 },
	};
	struct seq_plan p = { .alpha = 0.05 };
	double sum = 0;
	enum seq_spending sp;

	for (size_t i = 0; i < sizeof(spent) / sizeof(spent[0]); i++) {
		p.spending = SEQ_OBRIEN_FLEMING;
		CHECK(fabs(seq_spent(&p, spent[i].t) / spent[i].obf - 1) < 1e-9,
		      "O'Brien-Fleming-type spent at t = %g: %g, want %g",
		      spent[i].t, seq_spent(&p, spent[i].t), spent[i].obf);
		p.spending = SEQ_POCOCK;
		CHECK(fabs(seq_spent(&p, spent[i].t) / spent[i].pocock - 1) < 1e-9,
		      "Pocock-type spent at t = %g: %g, want %g", spent[i].t,
		      seq_spent(&p, spent[i].t), spent[i].pocock);
	}
	CHECK(!seq_plan_parse("12/4", &p) && p.max_runs == 12 && p.max_looks == 4,
	      "12/4 parses");
	CHECK(seq_runs_at(&p, 1) == 3 && seq_runs_at(&p, 2) == 6 &&
	      seq_runs_at(&p, 3) == 9 && seq_runs_at(&p, 4) == 12,
	      "12/4: looks at 3, 6, 9, 12 runs");
	for (unsigned j = 1; j <= p.max_looks; j++)
		sum += seq_alpha_at(&p, j);
	CHECK(fabs(sum - 0.05) < 1e-12, "the looks spend alpha in all (%g)", sum);
	CHECK(seq_look_of(&p, 2) == 0 && seq_look_of(&p, 3) == 1 &&
	      seq_look_of(&p, 8) == 2 && seq_look_of(&p, 40) == 4,
	      "the look runs reach: 2 none, 3 the first, 8 the second, 40 the last");
	CHECK(!seq_plan_parse("10/4", &p) && seq_runs_at(&p, 1) == 3 &&
	      seq_runs_at(&p, 2) == 5 && seq_runs_at(&p, 3) == 8,
	      "10/4: looks at 3, 5, 8, 10 runs (rounded up)");
	CHECK(seq_plan_parse("3/4", &p) && seq_plan_parse("12", &p) &&
	      seq_plan_parse("12/0", &p) && seq_plan_parse("12/4x", &p),
	      "more looks than runs, no looks, junk: refused");
	CHECK(!seq_spending_parse("obrien-fleming", &sp) && sp == SEQ_OBRIEN_FLEMING &&
	      seq_spending_parse("haybittle", &sp), "spending names");
}

/* ---- simulation --------------------------------------------------- */

#define SIM_RUNS 12
#define SIM_LOOKS 4
#define SIM_ROWS 2
#define SIM_NULL 4000
#define SIM_REAL 1000

static const char sim_claims[] =
	"schema: zswap-claims/1\nseries: sim\nsetup:\n  stated: simulated\n"
	"tables:\n  - id: t\n    title: sim\n    columns: [base, new]\n"
	"    rows:\n"
	"      - label: one\n        metric: m1\n        quoted: [100, 90]\n"
	"      - label: two\n        metric: m2\n        quoted: [100, 90]\n";

struct sim_result {
	size_t false_any;	/* experiments with a row decided, no change */
	size_t naive_any;	/* the same, each look at alpha */
	size_t all_hold;	/* real change: every row holds */
	size_t fixed_hold;	/* the same, a fixed test of all the runs */
	size_t runs;		/* runs per arm used, summed */
};

/*
 * The design that spends nothing: Holm over the rows at alpha at every
 * look, a false verdict at any look counted. The simulation must show
 * it above alpha, or it could not tell a design that leaks.
 */
static bool naive_false(double v[SIM_ROWS][2][SIM_RUNS], const struct seq_plan *p)
{
	for (unsigned j = 1; j <= p->max_looks; j++) {
		unsigned n = seq_runs_at(p, j);
		double pmin = 1;

		for (int i = 0; i < SIM_ROWS; i++) {
			struct welch_result w;

			if (!welch_test(v[i][0], n, v[i][1], n, &w) && w.p < pmin)
				pmin = w.p;
		}
		if (pmin * SIM_ROWS < p->alpha)
			return true;
	}
	return false;
}

/*
 * The fixed design: every row significant in the claimed direction on
 * all the runs, by Holm at alpha (the smallest p below alpha / 2, the
 * largest below alpha).
 */
static bool fixed_all_hold(double v[SIM_ROWS][2][SIM_RUNS], double alpha)
{
	double pmin = 1, pmax = 0;

	for (int i = 0; i < SIM_ROWS; i++) {
		struct welch_result w;

		if (welch_test(v[i][0], SIM_RUNS, v[i][1], SIM_RUNS, &w) || w.t >= 0)
			return false;
		pmin = fmin(pmin, w.p);
		pmax = fmax(pmax, w.p);
	}
	return pmin < alpha / SIM_ROWS && pmax < alpha;
}

/* One experiment of SIM_RUNS runs per arm: the new arm's mean is shift. */
static void sim_one(const struct claims *c, gsl_rng *rng, double shift,
		    struct sim_result *res)
{
	struct claims_eval e = { .alpha = 0.05, .holm = true,
				 .skip_runs_needed = true };
	struct claims_seq s = { .plan = { .max_runs = SIM_RUNS,
					  .max_looks = SIM_LOOKS } };
	double v[SIM_ROWS][2][SIM_RUNS];
	struct zs_error err;
	bool any = false, all = true;

	if (claims_eval_init(&e, c, NULL, NULL, &err))
		return;
	for (int k = 0; k < 2; k++)
		claims_eval_set_runs(&e, k, SIM_RUNS, "simulated");
	for (int i = 0; i < SIM_ROWS; i++)
		for (int k = 0; k < 2; k++)
			for (int j = 0; j < SIM_RUNS; j++) {
				v[i][k][j] = 100 + (k ? shift : 0) +
					     gsl_ran_gaussian(rng, 10);
				arm_values_push(&e.r[i].arm[k], v[i][k][j]);
			}
	if (claims_eval_finish(&e, &err) || claims_sequential(&e, &s, &err)) {
		CHECK(0, "simulated experiment: %s", err.msg);
		goto out;
	}
	for (size_t i = 0; i < e.n; i++) {
		any |= s.row[i].look != 0;
		all &= e.r[i].verdict == VERDICT_HOLDS;
	}
	res->false_any += any;
	res->all_hold += all;
	res->runs += seq_runs_at(&s.plan, s.look);
	res->naive_any += !shift && naive_false(v, &s.plan);
	res->fixed_hold += shift && fixed_all_hold(v, e.alpha);
out:
	claims_seq_free(&s);
	claims_eval_free(&e);
}

/*
 * No change: the experiments with a false "holds" or "contradicted" in
 * any row at any look stay at or under alpha, within 3 standard errors
 * of a binomial proportion of alpha over SIM_NULL experiments (0.0103).
 * A real change of 2 sd (-20 on 100 +- 10) in both rows: the plan stops
 * with both holding at under 3/4 of the fixed design's 12 runs per arm
 * on average, and finds it in over 90% of experiments, within 0.06 of
 * the fixed design on the same runs: the union bound's price in power.
 */
static void test_simulation(void)
{
	struct sim_result null = {}, real = {};
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	double tol = 3 * sqrt(0.05 * 0.95 / SIM_NULL), rate, naive, found, fixed;
	double mean_runs;
	struct claims c = {};
	struct zs_error err;

	gsl_rng_set(rng, 47);
	CHECK(!claims_parse("sim.yaml", sim_claims, sizeof(sim_claims) - 1, &c,
			    &err), "parse: %s", err.msg);
	for (int i = 0; i < SIM_NULL; i++)
		sim_one(&c, rng, 0, &null);
	for (int i = 0; i < SIM_REAL; i++)
		sim_one(&c, rng, -20, &real);
	rate = (double)null.false_any / SIM_NULL;
	naive = (double)null.naive_any / SIM_NULL;
	found = (double)real.all_hold / SIM_REAL;
	fixed = (double)real.fixed_hold / SIM_REAL;
	mean_runs = (double)real.runs / SIM_REAL;
	printf("sequential %u/%u, pocock, alpha 0.05, %d rows: no change: %.4f "
	       "false (each look at alpha: %.4f); a 2 sd change: both hold "
	       "in %.3f, %.2f runs per arm on average (the fixed %u runs: "
	       "%.3f)\n", SIM_RUNS, SIM_LOOKS, SIM_ROWS, rate, naive, found,
	       mean_runs, SIM_RUNS, fixed);
	CHECK(rate <= 0.05 + tol, "no change: false verdicts %.4f <= alpha + "
	      "%.4f", rate, tol);
	CHECK(naive > 0.05 + tol, "each look at alpha: false verdicts %.4f above "
	      "alpha: the simulation sees a design that leaks", naive);
	CHECK(mean_runs < 0.75 * SIM_RUNS, "a real change: %.2f runs per arm on "
	      "average, under 3/4 of the fixed 12", mean_runs);
	CHECK(found > 0.9 && found > fixed - 0.06, "a real change: both rows "
	      "hold in %.3f of experiments (the fixed design: %.3f)", found, fixed);
	claims_free(&c);
	gsl_rng_free(rng);
}

void test_claims_sequential(void)
{
	test_plan();
	test_simulation();
}
