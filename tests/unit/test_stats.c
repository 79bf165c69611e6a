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
}

void test_stats(void)
{
	test_overflow();
	test_seed000();
	test_unequal_sizes_and_ties();
	test_degenerate();
	test_same_distribution();
}
