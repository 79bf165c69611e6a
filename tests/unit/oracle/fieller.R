# SPDX-License-Identifier: GPL-2.0
#
# Known answers for fieller_ci() (src/stats/stats.c), pasted into
# tests/unit/test_stats.c. Not a CI dependency: run by hand with Debian 12's
# r-base-core (R 4.2.2):
#
#   Rscript tests/unit/oracle/fieller.R
#
# Fieller's set for r = mean(b) / mean(a), unequal variances: the r with
# (mb - r ma)^2 <= q^2 (vb + r^2 va), va = var(a) / na, vb = var(b) / nb,
# q the t quantile at Satterthwaite's df of b - r a taken at the estimated
# ratio (Tamhane and Logan 2004; what mratios::ttestratio computes, a CRAN
# package Debian lacks). Two routes that must agree: the roots of that
# quadratic, and the crossings of |t(r)| = q found by uniroot().

arm <- function(m, s, n) m + s * (seq_len(n) - (n + 1) / 2) / sd(seq_len(n))

fieller <- function(a, b, alpha) {
	ma <- mean(a); mb <- mean(b); na <- length(a); nb <- length(b)
	va <- var(a) / na; vb <- var(b) / nb
	est <- mb / ma
	den <- vb^2 / (nb - 1) + est^4 * va^2 / (na - 1)
	df <- if (den > 0) max(1, (vb + est^2 * va)^2 / den) else
		if (va > 0) na - 1 else na + nb - 2
	q <- qt(1 - alpha / 2, df)
	A <- ma^2 - q^2 * va; B <- ma * mb; C <- mb^2 - q^2 * vb
	D <- B^2 - A * C
	roots <- if (D > 0) sort(c((B - sqrt(D)) / A, (B + sqrt(D)) / A)) else
		if (D == 0 && A > 0) c(B / A, B / A) else c(NA, NA)
	# the second route: where the pivot crosses q, either side of est
	piv <- function(r) abs(mb - r * ma) / sqrt(vb + r^2 * va) - q
	cross <- c(NA, NA)
	if (A > 0 && vb + est^2 * va == 0) {
		# no spread at the estimate: the set is that one point
		stopifnot(piv(est - 1e-9) > 0, piv(est + 1e-9) > 0,
			  abs(roots - est) <= 1e-12 * max(1, abs(est)))
	} else if (A > 0) {
		w <- 1 + abs(est)
		lo <- est - w; while (piv(lo) < 0) lo <- est - (w <- 2 * w)
		w <- 1 + abs(est)
		hi <- est + w; while (piv(hi) < 0) hi <- est + (w <- 2 * w)
		cross <- c(uniroot(piv, c(lo, est), tol = 1e-15)$root,
			   uniroot(piv, c(est, hi), tol = 1e-15)$root)
		stopifnot(abs(cross - roots) <= 1e-9 * abs(roots))
		# the crossings are the finer of the two near est
		roots <- cross
	}
	list(est = est, df = df, bounded = A > 0, roots = roots)
}

cases <- list(
	# seed 000's write requests (k), 5 runs an arm as quoted
	list("write requests", arm(748, 47, 5), arm(596, 26, 5), 0.05),
	list("write requests, alpha 0.01", arm(748, 47, 5), arm(596, 26, 5), 0.01),
	# issue 37's pswpin: 17,695 +- 923 -> 0 +- 0 (the old interval -108.3%)
	list("to zero", arm(17695, 923, 4), rep(0, 4), 0.05),
	# the new mean not significantly above 0: the lower root is below 0
	list("new near zero", arm(100, 10, 5), c(0, 0, 0, 0, 15), 0.05),
	# unequal sizes (test_stats.c's Welch case)
	list("6 vs 4", c(3.1, 2.9, 4.0, 3.3, 3.0, 2.8), c(3.6, 3.9, 4.4, 3.7), 0.05),
	# the base not significantly above 0, the new arm is: unbounded,
	# (-inf, r1] and [r2, inf) with r1 < 0 < r2
	list("base near zero", c(2, 10, 40), c(100, 110, 120), 0.05),
	# neither mean significantly above 0, 3 runs (seed 002's p99.9 in
	# docs/claims.md, 36962 +- 19779 us -> 260156 +- 294175 us): both roots < 0
	list("p99.9", c(15000, 35000, 60886), c(30000, 190000, 560468), 0.05),
	# both means indistinguishable from 0, no real root: the whole line
	list("whole line", c(0, 1, 5), c(0, 2, 4), 0.05),
	# no spread in either arm: the ratio itself
	list("constant", rep(2, 3), rep(3, 4), 0.05),
	# large and nearly equal: no cancellation in the roots
	list("large", arm(1e12, 1e6, 5), arm(1.000001e12, 2e6, 5), 0.05)
)

num <- function(x) if (is.na(x)) "NAN" else sprintf("%.17g", x)
vec <- function(x) paste(sapply(x, num), collapse = ", ")
for (c in cases) {
	r <- fieller(c[[2]], c[[3]], c[[4]])
	cat(sprintf("\t{ \"%s\", %s, %d, { %s }, %d, { %s },\n\t  %s, %s, %s, %s },\n",
		    c[[1]], num(c[[4]]), length(c[[2]]), vec(c[[2]]),
		    length(c[[3]]), vec(c[[3]]), num(r$df),
		    if (r$bounded) "true" else "false",
		    num(r$roots[1]), num(r$roots[2])))
}
