// SPDX-License-Identifier: GPL-2.0
/*
 * access - random access over memory of chosen contents: one region of
 * --mib per pattern of --regions (text,text,random: two compressible
 * regions beside an incompressible one), 8 bytes read and written back at
 * a time, at addresses uniform over all of them, for --duration seconds.
 * Reports the rate and its spread over 1-second intervals, so a series'
 * change to zswap's load path shows as ops/s.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "figures.h"
#include "msg.h"
#include "opts.h"
#include "pattern.h"
#include "report.h"
#include "workload.h"

#define BATCH		64	/* operations between two looks at the clock */
#define INTERVAL_NS	1000000000ULL

static struct opt_list regions = { 3, { PAT_TEXT, PAT_TEXT, PAT_RANDOM } };
static unsigned long mib = 64;
static double duration = 30;

static const struct opt access_opts[] = {
	{ "--regions", "LIST", OPT_LIST, 1, OPT_LIST_MAX, pat_kind_names, &regions,
	  "one region of --mib per pattern: text, random,\n"
	  "zero, mixed (as usemem's --pattern)" },
	{ "--mib", "M", OPT_UINT, 1, 1 << 20, NULL, &mib,
	  "anonymous memory of each region, MiB" },
	{ "--duration", "S", OPT_REAL, 0.001, 86400, NULL, &duration,
	  "timed phase in seconds" },
	{ NULL },
};

static const struct cmd_spec access_spec = {
	.name = "access",
	.summary = "random 8-byte reads and writes over regions of chosen contents",
	.about =
	"Random access: one region of --mib anonymous memory per pattern of\n"
	"--regions, each page filled with its pattern first; then for\n"
	"--duration seconds one thread picks 8-byte words uniformly over all\n"
	"the regions, reads each and writes the value back (the page is dirty\n"
	"again, its contents unchanged). The rate is taken over the whole\n"
	"phase and over each 1-second interval (ending at the first look at\n"
	"the clock after each second; a last partial one counts only when it\n"
	"is the only one), whose p10, p50 and p90 are its spread. Afterwards\n"
	"every page is verified; a page that comes back wrong is counted,\n"
	"reported, and exits 1.",
	.figures =
	"  ops            8-byte reads and writes (ops)\n"
	"  ops_per_s      ops / duration_s (ops/s)\n"
	"  ops_per_s_p10  10th percentile of the intervals' rates (ops/s)\n"
	"  ops_per_s_p50  their median (ops/s)\n"
	"  ops_per_s_p90  their 90th percentile (ops/s)\n"
	"  intervals      intervals the spread is over (intervals)\n"
	"  errors         pages that failed the check afterwards (pages)\n"
	"  duration_s     the timed phase (s)",
	.examples =
	"    zswap-workload access --duration 10       # text, text, random regions\n"
	"    zswap-workload access --regions zero,random --mib 128\n"
	"                                      # a zero and a random region\n",
	.opts = access_opts,
};

static uint64_t region_key(uint64_t seed, int r)
{
	return pat_key(seed, 8, r);
}

/*
 * The timed phase: rates[] gets each closed interval's ops/s; returns
 * the operations and sets *n and *secs.
 */
static uint64_t timed(volatile uint64_t *words, uint64_t nwords, uint64_t seed,
		      double *rates, size_t *n, double *secs)
{
	uint64_t rng = pat_state(pat_key(seed, 9, 0)), ops = 0, iops = 0;
	uint64_t t0 = now_ns(), end = t0 + (uint64_t)(duration * 1e9);
	uint64_t tick = t0 + INTERVAL_NS, istart = t0, t;

	*n = 0;
	for (;;) {
		for (int k = 0; k < BATCH; k++) {
			uint64_t w = pat_next(&rng) % nwords, v = words[w];

			words[w] = v;
		}
		ops += BATCH;
		iops += BATCH;
		t = now_ns();
		/* an interval closes at the first look after its second */
		if (t >= tick || (t >= end && !*n)) {
			rates[(*n)++] = iops / ns_to_s(t - istart);
			istart = t;
			iops = 0;
			tick = t0 + ((t - t0) / INTERVAL_NS + 1) * INTERVAL_NS;
		}
		if (t >= end)
			break;
	}
	*secs = ns_to_s(t - t0);
	return ops;
}

static int run(const struct common_opts *common, struct report *r)
{
	size_t len = mib << 20, npages = len / PAGE_BYTES, n;
	unsigned char *base;
	uint64_t ops, errors = 0;
	double *rates, secs;
	char who[32];

	base = mmap(NULL, len * regions.n, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	rates = calloc((size_t)duration + 2, sizeof(*rates));
	if (base == MAP_FAILED || !rates) {
		wl_msg("cannot allocate %d x %lu MiB: %s", regions.n, mib,
		       strerror(errno));
		return WL_FAIL;
	}
	for (int i = 0; i < regions.n; i++)
		pat_pass(base + i * len, npages, region_key(common->seed, i), 0,
			 pat_kind_bytes(regions.v[i]), "fill");

	ops = timed((volatile uint64_t *)base, len * regions.n / 8, common->seed,
		    rates, &n, &secs);

	for (int i = 0; i < regions.n; i++) {
		snprintf(who, sizeof(who), "region %d (%s)", i,
			 pat_kind_names[regions.v[i]]);
		errors += pat_verify(base + i * len, npages,
				     region_key(common->seed, i), 0,
				     pat_kind_bytes(regions.v[i]), who);
	}
	report_add(r, "ops", ops, "ops");
	report_add(r, "ops_per_s", ops / secs, "ops/s");
	report_add(r, "ops_per_s_p10", fig_quantile(rates, n, 0.1), "ops/s");
	report_add(r, "ops_per_s_p50", fig_quantile(rates, n, 0.5), "ops/s");
	report_add(r, "ops_per_s_p90", fig_quantile(rates, n, 0.9), "ops/s");
	report_add(r, "intervals", n, "intervals");
	report_add(r, "errors", errors, "pages");
	report_add(r, "duration_s", secs, "s");
	free(rates);
	return errors ? WL_FAIL : 0;
}

const struct workload wl_access = { .spec = &access_spec, .run = run };
