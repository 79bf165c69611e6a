// SPDX-License-Identifier: GPL-2.0
/*
 * Known answers for the gate's tests (issue 3, item 6).
 *
 * The constants below were computed independently with Debian 12's
 * python3-scipy 1.10.1 (apt-get install python3-scipy; not a CI
 * dependency) when this test was written:
 *
 *   import numpy as np; from scipy import stats
 *   z = np.array([-2,-1,0,1,2]) / np.sqrt(2.5)      # sample sd 1
 *   def arm(m, s): return m + s * z
 *   def welch(a, b):                                # t of b against a
 *       r = stats.ttest_ind(b, a, equal_var=False)
 *       va, vb = np.var(a, ddof=1)/len(a), np.var(b, ddof=1)/len(b)
 *       df = (va+vb)**2/(va**2/(len(a)-1) + vb**2/(len(b)-1))
 *       return r.statistic, df, r.pvalue
 *   welch(arm(748,47), arm(596,26))                 # seed 000 write requests
 *   welch(arm(1066,9), arm(1061,2))                 # seed 000 build time
 *   stats.mannwhitneyu(a, b, alternative='two-sided', method='exact')
 *   stats.mannwhitneyu(a, b, alternative='two-sided',
 *                      method='asymptotic', use_continuity=True)
 */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "harness.h"
#include "stats.h"

static bool close_rel(double got, double want, double rel)
{
	return fabs(got - want) <= rel * fabs(want);
}

static void seed_arm(double *x, double mean, double sd)
{
	for (int i = 0; i < 5; i++)
		x[i] = mean + sd * (i - 2) / sqrt(2.5);
}

static void test_seed000(void)
{
	double a[5], b[5], m, s;
	struct welch_result w;
	struct mwu_result u;

	/* write requests (k): 748 +- 47 unbatched, 596 +- 26 batched */
	seed_arm(a, 748, 47);
	seed_arm(b, 596, 26);
	sample_mean_sd(a, 5, &m, &s);
	CHECK(close_rel(m, 748, 1e-12) && close_rel(s, 47, 1e-12),
	      "arm mean %g sd %g", m, s);
	CHECK(!welch_test(a, 5, b, 5, &w), "welch on n=5");
	CHECK(close_rel(w.t, -6.3278427962515567, 1e-9), "t %.17g", w.t);
	CHECK(close_rel(w.df, 6.2385309754777225, 1e-9), "df %.17g", w.df);
	CHECK(close_rel(w.p, 0.00062494536464375563, 1e-6), "p %.17g", w.p);
	CHECK(w.p < 0.05, "write requests significant: p %g", w.p);
	CHECK(!mann_whitney(a, 5, b, 5, &u) && u.method == MWU_EXACT,
	      "mwu exact");
	CHECK(u.u == 25 && close_rel(u.p, 0.0079365079365079361, 1e-12),
	      "U %g p %.17g", u.u, u.p);

	/* build time (s): 1066 +- 9 vs 1061 +- 2: not significant */
	seed_arm(a, 1066, 9);
	seed_arm(b, 1061, 2);
	CHECK(!welch_test(a, 5, b, 5, &w), "welch on n=5");
	CHECK(close_rel(w.t, -1.2126781251817274, 1e-9), "t %.17g", w.t);
	CHECK(close_rel(w.df, 4.394100653793549, 1e-9), "df %.17g", w.df);
	CHECK(close_rel(w.p, 0.28639186310221559, 1e-6), "p %.17g", w.p);
	CHECK(w.p >= 0.05, "build time not significant: p %g", w.p);
	CHECK(!mann_whitney(a, 5, b, 5, &u), "mwu");
	CHECK(u.u == 17 && close_rel(u.p, 0.42063492063492064, 1e-12),
	      "U %g p %.17g", u.u, u.p);
}

static void test_unequal_sizes_and_ties(void)
{
	const double a[] = { 3.1, 2.9, 4.0, 3.3, 3.0, 2.8 };
	const double b[] = { 3.6, 3.9, 4.4, 3.7 };
	const double ta[] = { 1, 2, 2, 3, 3, 3, 4, 5, 5, 6 };
	const double tb[] = { 2, 3, 4, 4, 5, 6, 6, 7, 7, 8, 9 };
	struct welch_result w;
	struct mwu_result u;

	CHECK(!welch_test(a, 6, b, 4, &w), "welch 6 vs 4");
	CHECK(close_rel(w.t, 2.8489944007838943, 1e-9) &&
	      close_rel(w.df, 7.4967033068634743, 1e-9) &&
	      close_rel(w.p, 0.023003345137939397, 1e-6),
	      "t %.17g df %.17g p %.17g", w.t, w.df, w.p);
	CHECK(!mann_whitney(a, 6, b, 4, &u) && u.method == MWU_EXACT, "mwu exact");
	CHECK(u.u == 3 && close_rel(u.p, 0.066666666666666666, 1e-12),
	      "U %g p %.17g", u.u, u.p);

	/* ties: normal approximation with tie correction */
	CHECK(!welch_test(ta, 10, tb, 11, &w), "welch 10 vs 11");
	CHECK(close_rel(w.t, 2.6139167792923379, 1e-9) &&
	      close_rel(w.df, 18.206496062203129, 1e-9) &&
	      close_rel(w.p, 0.017467451296517458, 1e-6),
	      "t %.17g df %.17g p %.17g", w.t, w.df, w.p);
	CHECK(!mann_whitney(ta, 10, tb, 11, &u) && u.method == MWU_NORMAL,
	      "mwu normal with ties");
	CHECK(u.u == 23.5 && close_rel(u.p, 0.027640884214298913, 1e-9),
	      "U %g p %.17g", u.u, u.p);
}

static void test_degenerate(void)
{
	const double c1[] = { 5, 5, 5 }, c2[] = { 7, 7, 7 }, one[] = { 1 };
	struct welch_result w;

	CHECK(!welch_test(c1, 3, c1, 3, &w) && w.t == 0 && w.p == 1,
	      "equal constants: t %g p %g", w.t, w.p);
	CHECK(!welch_test(c1, 3, c2, 3, &w) && isinf(w.t) && w.t > 0 && w.p == 0,
	      "different constants: t %g p %g", w.t, w.p);
	CHECK(welch_test(one, 1, c1, 3, &w) == -1, "n = 1 refused");
}

/* xorshift64* and Box-Muller: a seeded N(0, 1) stream */
static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static double uniform01(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return ((rng_state * 0x2545f4914f6cdd1dULL) >> 11) * (1.0 / 9007199254740992.0);
}

static double normal01(void)
{
	double u1 = uniform01(), u2 = uniform01();

	if (u1 < 1e-300)
		u1 = 1e-300;
	return sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
}

/* 200 trials, both arms from N(100, 10), n = 5: not significant >= 95% */
static void test_same_distribution(void)
{
	int t_sig = 0, u_sig = 0;

	for (int trial = 0; trial < 200; trial++) {
		double a[5], b[5];
		struct welch_result w;
		struct mwu_result u;

		for (int i = 0; i < 5; i++) {
			a[i] = 100 + 10 * normal01();
			b[i] = 100 + 10 * normal01();
		}
		if (!welch_test(a, 5, b, 5, &w) && w.p < 0.05)
			t_sig++;
		if (!mann_whitney(a, 5, b, 5, &u) && u.p < 0.05)
			u_sig++;
	}
	printf("same distribution, 200 trials: Welch significant %d, Mann-Whitney %d\n",
	       t_sig, u_sig);
	CHECK(t_sig <= 10, "Welch: %d of 200 significant (at most 10 allowed)", t_sig);
	CHECK(u_sig <= 10, "Mann-Whitney: %d of 200 significant", u_sig);
	/* the tests are not blind either: a 3-sigma shift is found */
	t_sig = 0;
	for (int trial = 0; trial < 200; trial++) {
		double a[5], b[5];
		struct welch_result w;

		for (int i = 0; i < 5; i++) {
			a[i] = 100 + 10 * normal01();
			b[i] = 130 + 10 * normal01();
		}
		if (!welch_test(a, 5, b, 5, &w) && w.p < 0.05)
			t_sig++;
	}
	printf("3-sigma shift, 200 trials: Welch significant %d\n", t_sig);
	CHECK(t_sig >= 150, "3-sigma shift found in %d of 200 trials", t_sig);
}

/*
 * Values near 1e78 and up: the variance squared overflows, so Welch's
 * degrees of freedom are not finite. GSL's t distribution aborted the
 * process on them (issue 13); now the test reports no result.
 */
static void test_overflow(void)
{
	double a[] = { 1e78, 2e78, 3e78 }, b[] = { 4e78, 5e78, 7e78 };
	double c[] = { 1e300, 2e300, 3e300 };
	struct welch_result w;
	struct ratio_ci f;

	CHECK(welch_test(a, 3, b, 3, &w) == -1, "1e78: no Welch result (p %g df %g)",
	      w.p, w.df);
	CHECK(welch_test(a, 3, c, 3, &w) == -1, "1e300: no Welch result");
	/* the largest values a record may hold (1e30) still get a result */
	for (int i = 0; i < 3; i++) {
		a[i] /= 1e48;
		b[i] /= 1e48;
	}
	CHECK(!welch_test(a, 3, b, 3, &w) && w.p > 0 && w.p < 1 && isfinite(w.df),
	      "1e30: Welch p %g df %g", w.p, w.df);
	CHECK(!fieller_ci(a, 3, b, 3, 0.05, true, &f) && f.bounded &&
	      f.lo < f.ratio && f.ratio < f.hi && isfinite(f.df),
	      "1e30: Fieller [%g, %g] df %g", f.lo, f.hi, f.df);
	for (int i = 0; i < 3; i++) {
		a[i] *= 1e48;
		b[i] *= 1e48;
	}
	CHECK(fieller_ci(a, 3, b, 3, 0.05, true, &f) == -1,
	      "1e78: no Fieller interval ([%g, %g] df %g)", f.lo, f.hi, f.df);
}

/*
 * Fieller's interval for a ratio of means (issue 37, item 9). The answers
 * are R 4.2.2's (Debian 12's r-base-core; not a CI dependency), each pair
 * of roots found twice, as a quadratic's and as the crossings of Welch's
 * statistic of b - r a with the t quantile (uniroot), by
 *
 *   Rscript tests/unit/oracle/fieller.R
 *
 * whose output is the table below as printed: the arms, the degrees of
 * freedom at the estimated ratio, whether the set is bounded, and the roots
 * of (mean_b - r mean_a)^2 = q^2 (vb + r^2 va) (NAN: none).
 */
static const struct fieller_case {
	const char *name;
	double alpha;
	int na;
	double a[6];
	int nb;
	double b[6];
	double df;
	bool bounded;
	double r1, r2;
} fieller_cases[] = {
	{ "write requests", 0.050000000000000003, 5, { 688.54917998883445, 718.27458999441728, 748, 777.72541000558272, 807.45082001116555 }, 5, { 563.11231233424883, 579.55615616712441, 596, 612.44384383287559, 628.88768766575117 },
	  7.1291128408629367, true, 0.73584504086714586, 0.86475311909005459 },
	{ "write requests, alpha 0.01", 0.01, 5, { 688.54917998883445, 718.27458999441728, 748, 777.72541000558272, 807.45082001116555 }, 5, { 563.11231233424883, 579.55615616712441, 596, 612.44384383287559, 628.88768766575117 },
	  7.1291128408629367, true, 0.70890936564050511, 0.90004176035030381 },
	{ "to zero", 0.050000000000000003, 4, { 16622.570911435167, 17337.523637145056, 18052.476362854944, 18767.429088564833 }, 4, { 0, 0, 0, 0 },
	  3, true, 0, 0 },
	{ "new near zero", 0.050000000000000003, 5, { 87.350889359326487, 93.675444679663244, 100, 106.32455532033676, 112.64911064067351 }, 5, { 0, 0, 0, 0, 15 },
	  4.0159999360002567, true, -0.05342597529540153, 0.11436250547472186 },
	{ "6 vs 4", 0.050000000000000003, 6, { 3.1000000000000001, 2.8999999999999999, 4, 3.2999999999999998, 3, 2.7999999999999998 }, 4, { 3.6000000000000001, 3.8999999999999999, 4.4000000000000004, 3.7000000000000002 },
	  7.978262279587363, true, 1.0392153727582893, 1.4524169924556172 },
	{ "base near zero", 0.050000000000000003, 3, { 2, 10, 40 }, 3, { 100, 110, 120 },
	  2.0247466800357596, false, -3.3969463698623956, 1.5972961346047021 },
	{ "p99.9", 0.050000000000000003, 3, { 15000, 35000, 60886 }, 3, { 30000, 190000, 560468 },
	  3.2586740878095579, false, -61.877777226960816, -9.6836900535155817 },
	{ "whole line", 0.050000000000000003, 3, { 0, 1, 5 }, 3, { 0, 2, 4 },
	  3.7230769230769232, false, NAN, NAN },
	{ "constant", 0.050000000000000003, 3, { 2, 2, 2 }, 4, { 3, 3, 3, 3 },
	  5, true, 1.5, 1.5 },
	{ "large", 0.050000000000000003, 5, { 999998735088.93591, 999999367544.46802, 1000000000000, 1000000632455.532, 1000001264911.0641 }, 5, { 999998470177.87183, 999999735088.93591, 1000001000000, 1000002264911.0641, 1000003529822.1282 },
	  5.8823562629121016, true, 0.99999854117735221, 1.0000034588250661 },
};

static bool close_to(double got, double want, double rel)
{
	return got == want || fabs(got - want) <= rel * fmax(fabs(want), 1e-300);
}

static void test_fieller_oracle(void)
{
	for (size_t i = 0; i < sizeof(fieller_cases) / sizeof(fieller_cases[0]); i++) {
		const struct fieller_case *c = &fieller_cases[i];
		struct ratio_ci raw, cut;
		double lo;

		CHECK(!fieller_ci(c->a, c->na, c->b, c->nb, c->alpha, false, &raw) &&
		      !fieller_ci(c->a, c->na, c->b, c->nb, c->alpha, true, &cut),
		      "%s: an interval", c->name);
		CHECK(close_to(raw.df, c->df, 1e-12), "%s: df %.17g, R %.17g",
		      c->name, raw.df, c->df);
		CHECK(raw.bounded == c->bounded && cut.bounded == c->bounded,
		      "%s: bounded %d, R %d", c->name, raw.bounded, c->bounded);
		if (c->bounded) {
			CHECK(close_to(raw.lo, c->r1, 1e-10) &&
			      close_to(raw.hi, c->r2, 1e-10),
			      "%s: [%.17g, %.17g], R [%.17g, %.17g]", c->name,
			      raw.lo, raw.hi, c->r1, c->r2);
			CHECK(cut.lo == fmax(raw.lo, 0) && cut.hi == raw.hi,
			      "%s: cut at 0: [%g, %g]", c->name, cut.lo, cut.hi);
			continue;
		}
		/* unbounded: the hull; cut at 0 it starts at the upper root
		 * when the lower one is below 0 */
		CHECK(isinf(raw.lo) && raw.lo < 0 && isinf(raw.hi) && raw.hi > 0,
		      "%s: unbounded, the whole line's hull [%g, %g]", c->name,
		      raw.lo, raw.hi);
		lo = isnan(c->r1) || c->r1 >= 0 ? 0 : fmax(c->r2, 0);
		CHECK(close_to(cut.lo, lo, 1e-10) && isinf(cut.hi),
		      "%s: cut at 0 [%.17g, %g], R's roots give [%.17g, inf]",
		      c->name, cut.lo, cut.hi, lo);
	}
}

static void test_fieller_cases(void)
{
	const double z[4] = { 0, 0, 0, 0 }, one[1] = { 1 };
	const struct fieller_case *c = &fieller_cases[2];	/* to zero */
	struct ratio_ci f;

	/* issue 37: 17,695 +- 923 -> 0 +- 0 was -100.0% [-108.3, -91.7] */
	CHECK(!strcmp(c->name, "to zero") &&
	      !fieller_ci(c->a, 4, c->b, 4, 0.05, true, &f) && f.bounded &&
	      f.ratio == 0 && f.lo == 0 && f.hi == 0,
	      "all zeros after a spread: exactly -100%%, [%g, %g]", f.lo, f.hi);
	CHECK(fieller_ci(z, 4, c->a, 4, 0.05, true, &f) == -1,
	      "base mean 0: no ratio (\"from 0\")");
	CHECK(fieller_ci(one, 1, c->a, 4, 0.05, true, &f) == -1 &&
	      fieller_ci(c->a, 4, one, 1, 0.05, true, &f) == -1,
	      "one run in an arm: no interval");
	/*
	 * seed 000's write requests: -20.3% [-26.4, -13.5]; the difference
	 * over the base mean gave [-28.1, -12.5] (SciPy), a fall counting the
	 * base's variance whole where the ratio counts it r^2 = 0.63 times
	 */
	c = &fieller_cases[0];
	CHECK(!fieller_ci(c->a, 5, c->b, 5, 0.05, true, &f) &&
	      fabs(f.ratio - 596.0 / 748) < 1e-12 &&
	      fabs((f.lo - 1) * 100 + 26.4) < 0.05 &&
	      fabs((f.hi - 1) * 100 + 13.5) < 0.05,
	      "write requests: %+.1f%% [%+.1f, %+.1f]", (f.ratio - 1) * 100,
	      (f.lo - 1) * 100, (f.hi - 1) * 100);
}

/* E[max(0, X)] of X ~ N(m, s): the mean of a normal arm cut at 0 */
static double cut_mean(double m, double s)
{
	double z = m / s;

	return m * 0.5 * erfc(-z / sqrt(2)) + s * exp(-z * z / 2) / sqrt(2 * M_PI);
}

/*
 * Coverage of the 95% interval, cut at 0, over 2000 trials of 5 runs an
 * arm of normal values cut at 0 (a count cannot be negative): it holds the
 * true ratio of the arms' means in at least 93% of them and never reaches
 * below 0. Far from 0 (N(100, 20) -> N(50, 20)) and near it (N(20, 20) ->
 * N(10, 20), where the base mean is often not significantly above 0 and
 * the set unbounded).
 */
static void test_fieller_coverage(void)
{
	static const struct { double ma, mb, s; } arm[] = {
		{ 100, 50, 20 }, { 20, 10, 20 },
	};

	for (size_t k = 0; k < sizeof(arm) / sizeof(arm[0]); k++) {
		double want = cut_mean(arm[k].mb, arm[k].s) /
			      cut_mean(arm[k].ma, arm[k].s);
		int hits = 0, below = 0, unbounded = 0, n = 0;

		for (int trial = 0; trial < 2000; trial++) {
			double a[5], b[5];
			struct ratio_ci f;

			for (int i = 0; i < 5; i++) {
				a[i] = fmax(0, arm[k].ma + arm[k].s * normal01());
				b[i] = fmax(0, arm[k].mb + arm[k].s * normal01());
			}
			if (fieller_ci(a, 5, b, 5, 0.05, true, &f))
				continue;
			n++;
			hits += f.lo <= want && want <= f.hi;
			below += f.lo < 0;
			unbounded += !f.bounded;
		}
		printf("Fieller, N(%g, %g) -> N(%g, %g), %d trials: ratio %.4f "
		       "inside %d, unbounded %d\n", arm[k].ma, arm[k].s,
		       arm[k].mb, arm[k].s, n, want, hits, unbounded);
		CHECK(n >= 1990 && hits >= n * 93 / 100,
		      "coverage %d of %d (at least 93%%)", hits, n);
		CHECK(!below, "%d intervals below 0", below);
	}
}

void test_stats(void)
{
	test_overflow();
	test_seed000();
	test_unequal_sizes_and_ties();
	test_degenerate();
	test_same_distribution();
	test_fieller_oracle();
	test_fieller_cases();
	test_fieller_coverage();
}
