// SPDX-License-Identifier: GPL-2.0
/*
 * Welch's t-test and the Mann-Whitney U test. The only numerics written
 * here are sums and ranks; the t and normal distributions come from GSL.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_randist.h>
#include "stats.h"

void stats_init(void)
{
	gsl_set_error_handler_off();
}

void sample_mean_sd(const double *x, size_t n, double *mean, double *sd)
{
	double m = 0, ss = 0;

	for (size_t i = 0; i < n; i++)
		m += x[i];
	m = n ? m / n : NAN;
	/* two passes: no cancellation for large, nearly equal values */
	for (size_t i = 0; i < n; i++)
		ss += (x[i] - m) * (x[i] - m);
	*mean = m;
	*sd = n > 1 ? sqrt(ss / (n - 1)) : 0;
}

int welch_test(const double *a, size_t na, const double *b, size_t nb,
	       struct welch_result *r)
{
	double ma, sa, mb, sb, va, vb, se2;

	if (na < 2 || nb < 2)
		return -1;
	sample_mean_sd(a, na, &ma, &sa);
	sample_mean_sd(b, nb, &mb, &sb);
	va = sa * sa / na;
	vb = sb * sb / nb;
	se2 = va + vb;
	if (se2 == 0) {
		r->df = na + nb - 2;
		if (ma == mb) {
			r->t = 0;
			r->p = 1;
		} else {
			r->t = mb > ma ? INFINITY : -INFINITY;
			r->p = 0;
		}
		return 0;
	}
	r->t = (mb - ma) / sqrt(se2);
	r->df = se2 * se2 / (va * va / (na - 1) + vb * vb / (nb - 1));
	if (!isfinite(se2) || !isfinite(r->t) || !isfinite(r->df) || !(r->df > 0))
		return -1;
	/* two-sided: both tails; Q of |t| avoids 1 - P cancellation */
	r->p = 2 * gsl_cdf_tdist_Q(fabs(r->t), r->df);
	if (!isfinite(r->p))
		return -1;
	if (r->p > 1)
		r->p = 1;
	return 0;
}

struct ranked {
	double v;
	int arm;
};

static int cmp_ranked(const void *x, const void *y)
{
	const struct ranked *p = x, *q = y;

	return (p->v > q->v) - (p->v < q->v);
}

/*
 * Number of arrangements of m a's and n b's whose U (a's over b's) is u,
 * for every u in 0..m*n: c(i, j, u) = c(i-1, j, u-j) + c(i, j-1, u)
 * (the largest value is either an a, beating all j b's, or a b).
 * Returns P(U >= k).
 */
static double mwu_exact_sf(size_t m, size_t n, size_t k)
{
	size_t width = m * n + 1;
	double *prev = calloc((n + 1) * width, sizeof(double));
	double *cur = calloc((n + 1) * width, sizeof(double));
	double total = 0, tail = 0, *t;

	if (!prev || !cur) {
		free(prev);
		free(cur);
		return NAN;
	}
	for (size_t j = 0; j <= n; j++)
		prev[j * width] = 1;		/* i = 0: only U = 0 */
	for (size_t i = 1; i <= m; i++) {
		memset(cur, 0, (n + 1) * width * sizeof(double));
		cur[0] = 1;			/* j = 0: only U = 0 */
		for (size_t j = 1; j <= n; j++)
			for (size_t u = 0; u <= i * j; u++) {
				double c = cur[(j - 1) * width + u];

				if (u >= j)
					c += prev[j * width + u - j];
				cur[j * width + u] = c;
			}
		t = prev;
		prev = cur;
		cur = t;
	}
	for (size_t u = 0; u < width; u++) {
		total += prev[n * width + u];
		if (u >= k)
			tail += prev[n * width + u];
	}
	free(prev);
	free(cur);
	return tail / total;
}

int mann_whitney(const double *a, size_t na, const double *b, size_t nb,
		 struct mwu_result *r)
{
	size_t n = na + nb;
	struct ranked *x;
	double ra = 0, tie_term = 0, u1, u2, umax;
	bool ties = false;

	if (!na || !nb)
		return -1;
	x = malloc(n * sizeof(*x));
	if (!x)
		return -1;
	for (size_t i = 0; i < na; i++)
		x[i] = (struct ranked){ a[i], 0 };
	for (size_t i = 0; i < nb; i++)
		x[na + i] = (struct ranked){ b[i], 1 };
	qsort(x, n, sizeof(*x), cmp_ranked);
	/* midranks for tied groups; rank sum of a */
	for (size_t i = 0; i < n;) {
		size_t j = i;
		double rank, t;

		while (j + 1 < n && x[j + 1].v == x[i].v)
			j++;
		rank = (i + j) / 2.0 + 1;
		t = j - i + 1;
		if (t > 1) {
			ties = true;
			tie_term += t * t * t - t;
		}
		for (size_t k = i; k <= j; k++)
			if (x[k].arm == 0)
				ra += rank;
		i = j + 1;
	}
	free(x);
	u1 = ra - na * (na + 1) / 2.0;
	u2 = (double)na * nb - u1;
	umax = u1 > u2 ? u1 : u2;
	r->u = u1;
	if (!ties && na * nb <= MWU_EXACT_MAX_PAIRS) {
		r->method = MWU_EXACT;
		r->p = 2 * mwu_exact_sf(na, nb, (size_t)umax);
	} else {
		double mu = na * nb / 2.0;
		double s = sqrt(na * nb / 12.0 *
				((n + 1) - tie_term / ((double)n * (n - 1))));

		r->method = MWU_NORMAL;
		r->p = s > 0 ? 2 * gsl_cdf_ugaussian_Q((umax - mu - 0.5) / s) : 1;
	}
	if (r->p > 1)
		r->p = 1;
	return 0;
}

/* ---- Fieller's interval for a ratio of means ----------------------- */

/*
 * Satterthwaite's df of b - r a. With no spread left at r (b constant and
 * r = 0) it is the limit, na - 1; with none in either arm any df will do:
 * the set is the one point r.
 */
static double ratio_df(double va, size_t na, double vb, size_t nb, double r)
{
	double ra = r * r * va;
	double den = vb * vb / (nb - 1) + ra * ra / (na - 1), df;

	if (!(den > 0))
		return va > 0 ? na - 1 : na + nb - 2.0;
	df = (vb + ra) * (vb + ra) / den;
	/* an overflow's NaN must not pass as fmax()'s 1 */
	return isfinite(df) ? fmax(1, df) : NAN;
}

/* Both arms' means and sds: -1 when one has fewer than 2 values or mean(a) is 0. */
static int two_arms(const double *a, size_t na, const double *b, size_t nb,
		    double *ma, double *sa, double *mb, double *sb)
{
	if (na < 2 || nb < 2)
		return -1;
	sample_mean_sd(a, na, ma, sa);
	sample_mean_sd(b, nb, mb, sb);
	return *ma == 0 ? -1 : 0;
}

int fieller_ci(const double *a, size_t na, const double *b, size_t nb,
	       double alpha, bool nonneg, struct ratio_ci *r)
{
	double ma, sa, mb, sb, va, vb, q2, A, B, C, D, s, r1, r2;

	if (two_arms(a, na, b, nb, &ma, &sa, &mb, &sb))
		return -1;
	va = sa * sa / na;
	vb = sb * sb / nb;
	r->ratio = mb / ma;
	r->df = ratio_df(va, na, vb, nb, r->ratio);
	if (!isfinite(r->ratio) || !isfinite(r->df))
		return -1;
	s = gsl_cdf_tdist_Pinv(1 - alpha / 2, r->df);
	q2 = s * s;
	/* (mb - r ma)^2 <= q2 (vb + r^2 va):  A r^2 - 2 B r + C <= 0 */
	A = ma * ma - q2 * va;
	B = ma * mb;
	C = mb * mb - q2 * vb;
	/* B^2 - A C without its cancelling ma^2 mb^2 terms */
	D = A > 0 ? q2 * (A * vb + mb * mb * va) :
		    q2 * (ma * ma * vb + mb * mb * va - q2 * va * vb);
	if (!isfinite(A) || !isfinite(C) || !isfinite(D))
		return -1;
	r->bounded = A > 0;
	if (A > 0) {
		/* D >= 0: the estimate is always inside; the stable roots */
		s = B + copysign(sqrt(D), B);
		r1 = s != 0 ? s / A : 0;
		r2 = s != 0 ? C / s : 0;
		r->lo = fmin(r1, r2);
		r->hi = fmax(r1, r2);
		if (nonneg) {
			r->lo = fmax(r->lo, 0);
			r->hi = fmax(r->hi, 0);
		}
		return 0;
	}
	r->hi = INFINITY;
	r->lo = nonneg ? 0 : -INFINITY;
	if (!nonneg)
		return 0;
	if (A == 0) {
		/* one ray, r >= C / 2B when B > 0 */
		if (B > 0)
			r->lo = fmax(0, C / (2 * B));
		return 0;
	}
	if (D > 0) {
		/* (-inf, r1] and [r2, inf); cut at 0, the hull starts at r2
		 * unless r1 reaches 0 too */
		s = B + copysign(sqrt(D), B);
		r1 = fmin(s / A, C / s);
		r2 = fmax(s / A, C / s);
		if (r1 < 0)
			r->lo = fmax(r2, 0);
	}
	return 0;
}

static bool all_nonnegative(const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] < 0)
			return false;
	return true;
}

int change_ci_pct(const double *a, size_t na, const double *b, size_t nb,
		  double alpha, struct change_ci *c)
{
	double ma, sa, mb, sb, se, q = 0;
	struct welch_result w;
	struct ratio_ci f;

	if (two_arms(a, na, b, nb, &ma, &sa, &mb, &sb))
		return -1;
	c->pct = (mb - ma) / fabs(ma) * 100;
	c->bounded = true;
	c->fieller = all_nonnegative(a, na) && all_nonnegative(b, nb) &&
		     !fieller_ci(a, na, b, nb, alpha, true, &f);
	if (c->fieller) {
		c->bounded = f.bounded;
		c->lo_pct = (f.lo - 1) * 100;
		c->hi_pct = f.bounded ? (f.hi - 1) * 100 : INFINITY;
		return 0;
	}
	se = sqrt(sa * sa / na + sb * sb / nb);
	if (se > 0 && !welch_test(a, na, b, nb, &w))
		q = gsl_cdf_tdist_Pinv(1 - alpha / 2, w.df);
	c->lo_pct = (mb - ma - q * se) / fabs(ma) * 100;
	c->hi_pct = (mb - ma + q * se) / fabs(ma) * 100;
	return 0;
}

/* ---- power of the t-test ------------------------------------------ */

struct nct_arg {
	double t, df, ncp;
};

/* P(Z <= t sqrt(v / df) - ncp) weighted by the chi-square(df) density of v */
static double nct_integrand(double v, void *p)
{
	const struct nct_arg *a = p;

	return gsl_cdf_ugaussian_P(a->t * sqrt(v / a->df) - a->ncp) *
	       gsl_ran_chisq_pdf(v, a->df);
}

/*
 * CDF of the noncentral t distribution at t; -1 on a failure. The
 * chi-square density is integrated over its mean +- 40 standard
 * deviations: outside it the mass is below 1e-300 for any df, and an
 * infinite range loses the narrow peak of large df.
 */
static double nct_cdf(double t, double df, double ncp)
{
	struct nct_arg a = { t, df, ncp };
	gsl_function f = { nct_integrand, &a };
	gsl_integration_workspace *w = gsl_integration_workspace_alloc(1000);
	gsl_error_handler_t *old = gsl_set_error_handler_off();
	double lo = fmax(0, df - 40 * sqrt(2 * df)), hi = df + 40 * sqrt(2 * df);
	double res = -1, abserr;

	if (w && !gsl_integration_qag(&f, lo, hi, 1e-13, 1e-10, 1000,
				      GSL_INTEG_GAUSS61, w, &res, &abserr))
		res = res < 0 ? 0 : res > 1 ? 1 : res;
	else
		res = -1;
	gsl_set_error_handler(old);
	if (w)
		gsl_integration_workspace_free(w);
	return res;
}

double t_test_power(double d, unsigned n, double alpha)
{
	double df = 2.0 * n - 2, ncp = d * sqrt(n / 2.0), tc, hi, lo;

	if (n < 2)
		return -1;
	tc = gsl_cdf_tdist_Pinv(1 - alpha / 2, df);
	hi = nct_cdf(tc, df, ncp);
	lo = nct_cdf(-tc, df, ncp);
	if (hi < 0 || lo < 0)
		return -1;
	return 1 - hi + lo;
}

unsigned t_test_runs_needed(double d, double alpha, double power,
			    unsigned max_n)
{
	unsigned lo = 2, hi = 4;
	double p;

	if (!(d > 0) || !isfinite(d))
		return 0;
	/* the power grows with n: double, then bisect */
	while ((p = t_test_power(d, hi, alpha)) >= 0 && p < power) {
		if (hi >= max_n)
			return 0;
		lo = hi;
		hi = hi * 2 > max_n ? max_n : hi * 2;
	}
	if (p < 0)
		return 0;
	if (t_test_power(d, lo, alpha) >= power)
		return lo;
	while (hi - lo > 1) {
		unsigned mid = lo + (hi - lo) / 2;

		p = t_test_power(d, mid, alpha);
		if (p < 0)
			return 0;
		if (p >= power)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}
