/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room src/stats/: the two-sample tests and intervals compare and claims decide on,
 * and the alpha a sequential plan spends at each look (seq_plan.h).
 * May call: nothing.
 */
/*
 * Two-sample tests for the gate: Welch's t-test (the t distribution from
 * GSL) and the Mann-Whitney U test, both two-sided, both computed the
 * way SciPy's ttest_ind(equal_var=False) and mannwhitneyu() compute them
 * so the known-answer tests can check them against SciPy.
 */
#ifndef __STATS_H
#define __STATS_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Once at startup of a program that uses these: GSL's default error
 * handler calls abort(); off, a GSL function returns NaN and the tests
 * below check for it.
 */
void stats_init(void);

/* Mean and sample (n - 1) standard deviation; sd is 0 when n < 2. */
void sample_mean_sd(const double *x, size_t n, double *mean, double *sd);

struct welch_result {
	double t;	/* (mean_b - mean_a) / standard error */
	double df;	/* Welch-Satterthwaite degrees of freedom */
	double p;	/* two-sided */
};

/*
 * Welch's unequal-variance t-test of b against a. Needs n >= 2 in both
 * arms (returns -1 otherwise). When both arms have zero variance the
 * t statistic is undefined: equal means give t = 0, p = 1; different
 * means give t = +-inf, p = 0 (every run of one arm differs from every
 * run of the other by the same amount: a deterministic difference).
 */
int welch_test(const double *a, size_t na, const double *b, size_t nb,
	       struct welch_result *r);

enum mwu_method {
	MWU_EXACT,	/* exact null distribution (no ties, small arms) */
	MWU_NORMAL,	/* normal approximation, tie and continuity corrected */
};

struct mwu_result {
	double u;	/* U of arm a: pairs with a > b, ties count 1/2 */
	double p;	/* two-sided */
	enum mwu_method method;
};

/*
 * Mann-Whitney U test. The exact distribution is used when there are no
 * ties and na * nb <= MWU_EXACT_MAX_PAIRS; otherwise the normal
 * approximation with the tie-corrected variance and a 0.5 continuity
 * correction (SciPy's method="auto" uses exact below 8 per arm; the two
 * agree where both apply). Returns -1 when an arm is empty.
 */
#define MWU_EXACT_MAX_PAIRS 400
int mann_whitney(const double *a, size_t na, const double *b, size_t nb,
		 struct mwu_result *r);

/*
 * Fieller's 1 - alpha confidence set for the ratio of means r = mean(b) /
 * mean(a) of two independent samples with unequal variances: the r whose
 * Welch statistic of b - r a, (mean_b - r mean_a) / sqrt(vb + r^2 va)
 * (va = var(a) / na, vb = var(b) / nb), is within the two-sided t quantile,
 * at Satterthwaite's degrees of freedom of b - r a taken at the estimated
 * ratio (Tamhane and Logan 2004, as R's mratios::ttestratio). Unlike the
 * difference over mean(a), it counts the base's own spread; a new arm of
 * zeros gives {0} (bounded) or [0, +inf) (unbounded).
 *
 * The set is an interval when mean(a) is significantly away from 0;
 * otherwise it is unbounded (two rays or the whole line) and lo..hi is
 * its hull, hi = +inf. nonneg: values that cannot be negative, so r >= 0
 * and the set is cut at 0 (a count cannot fall more than 100%).
 * -1 when an arm has fewer than 2 values, mean(a) is 0, or a number
 * overflows.
 */
struct ratio_ci {
	double ratio;	/* mean(b) / mean(a) */
	double lo, hi;
	double df;
	bool bounded;	/* false: hi = +inf, lo maybe -inf */
};

int fieller_ci(const double *a, size_t na, const double *b, size_t nb,
	       double alpha, bool nonneg, struct ratio_ci *r);

/*
 * The change of b over a in percent, (mean b - mean a) / |mean a| * 100,
 * and its 1 - alpha interval: Fieller's for the ratio of means when no
 * value is negative (so it stays within [-100%, +inf) and counts the
 * base's own spread), else Welch's interval of the difference over
 * |mean a|. -1 when an arm has fewer than 2 values or mean a is 0.
 */
struct change_ci {
	double pct, lo_pct, hi_pct;	/* hi_pct +inf when unbounded */
	bool fieller;
	bool bounded;
};

int change_ci_pct(const double *a, size_t na, const double *b, size_t nb,
		  double alpha, struct change_ci *c);

/*
 * Power of the two-sided two-sample t-test (pooled variance, n runs in
 * each arm, df = 2n - 2) for an effect of d standard deviations: the
 * noncentral t distribution's tails beyond the critical value, by
 * numerical integration over the chi-square of the variance (the method
 * of R's power.t.test and statsmodels' TTestIndPower). -1 on a GSL
 * failure.
 */
double t_test_power(double d, unsigned n, double alpha);
/*
 * The smallest n >= 2 runs per arm that reach the power; 0 when more
 * than max_n would be needed, or d is not a positive effect.
 */
unsigned t_test_runs_needed(double d, double alpha, double power,
			    unsigned max_n);

#endif /* __STATS_H */
