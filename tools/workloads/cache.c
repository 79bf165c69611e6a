// SPDX-License-Identifier: GPL-2.0
/*
 * cache - seed 002's latency-reporting workload (UCacheBench-like: a
 * cache whose working set is larger than its memory cap): --threads
 * threads operate on 4 KiB objects of a --mib working set, most
 * operations on a hot share of the objects. An operation reads the object,
 * verifies its checksum and rewrites a few bytes (so the page is dirty and
 * is swapped out again); each is timed into a per-thread histogram.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "latency.h"
#include "msg.h"
#include "opts.h"
#include "pattern.h"
#include "report.h"
#include "workload.h"

static unsigned long mib = 256, threads = 2;
static double duration = 30, hot_pct = 20, hot_ops_pct = 80;

static const struct opt cache_opts[] = {
	{ "--mib", "WS", OPT_UINT, 1, 1 << 20, NULL, &mib,
	  "working set, MiB, as 4 KiB objects" },
	{ "--threads", "T", OPT_UINT, 1, 256, NULL, &threads,
	  "threads, each on its own 1/T of the objects" },
	{ "--duration", "S", OPT_REAL, 0.001, 86400, NULL, &duration,
	  "timed phase in seconds" },
	{ "--hot-pct", "P", OPT_REAL, 0.001, 100, NULL, &hot_pct,
	  "share of the objects that is hot, %" },
	{ "--hot-ops-pct", "P", OPT_REAL, 0, 100, NULL, &hot_ops_pct,
	  "share of the operations on the hot objects, %" },
	{ NULL },
};

static const struct cmd_spec cache_spec = {
	.name = "cache",
	.summary = "seed 002: skewed cache over a working set, op latency percentiles",
	.about =
	"Seed 002's cache: a --mib working set of 4 KiB objects (1.5 KiB\n"
	"pseudo-random bytes, zeros after), filled first, then --threads\n"
	"threads for --duration seconds: pick an object (--hot-ops-pct of the\n"
	"picks among the first --hot-pct of the objects, uniform within each\n"
	"part), verify its checksum, rewrite 8 of its bytes. Each operation is\n"
	"timed with CLOCK_MONOTONIC (log-linear histogram, percentiles within\n"
	"0.4%). A checksum mismatch is counted, reported, and exits 1.",
	.figures =
	"  ops              operations done (ops)\n"
	"  ops_per_s        ops / duration_s (ops/s)\n"
	"  latency_p50_us   median operation latency (us)\n"
	"  latency_p99_us   99th percentile (us)\n"
	"  latency_p999_us  99.9th percentile (us)\n"
	"  latency_max_us   slowest operation (us)\n"
	"  errors           checksum mismatches (ops)\n"
	"  duration_s       the timed phase (s)",
	.examples =
	"    zswap-workload cache --mib 96 --duration 8\n"
	"                                      # a 96 MiB working set for 8 s\n"
	"    zswap-workload cache --threads 4 --hot-pct 10 --hot-ops-pct 90\n"
	"                                      # 90% of the operations on 10% of it\n",
	.opts = cache_opts,
};

struct cache {
	unsigned char *objects;
	uint64_t *sums;		/* expected checksum per object */
	size_t nr;
	uint64_t seed;
	uint64_t deadline;	/* set between the two barriers */
	pthread_barrier_t filled, go;
};

struct cache_thread {
	pthread_t tid;
	struct cache *c;
	unsigned long index;
	struct latency *lat;
	unsigned long ops, errors;
};

/* Thread t owns objects t, t+T, t+2T, ...: no two threads share one. */
static size_t owned(const struct cache *c, unsigned long t)
{
	return (c->nr - t + threads - 1) / threads;
}

static size_t pick(const struct cache *c, unsigned long t, uint64_t *rng)
{
	size_t n = owned(c, t), hot = n * hot_pct / 100, rank;

	if (!hot)
		hot = 1;
	if (hot == n || (pat_next(rng) % 1000000) < hot_ops_pct * 10000)
		rank = pat_next(rng) % hot;
	else
		rank = hot + pat_next(rng) % (n - hot);
	return rank * threads + t;
}

static void fill(struct cache_thread *ct)
{
	struct cache *c = ct->c;

	for (size_t i = ct->index; i < c->nr; i += threads) {
		unsigned char *p = c->objects + i * PAGE_BYTES;

		pat_fill(p, pat_key(c->seed, 4, i), TEXT_BYTES);
		c->sums[i] = pat_sum(p);
	}
}

static void *cache_thread(void *arg)
{
	struct cache_thread *ct = arg;
	struct cache *c = ct->c;
	uint64_t rng = pat_state(pat_key(c->seed, 5, ct->index)), t, t1;

	fill(ct);
	pthread_barrier_wait(&c->filled);
	pthread_barrier_wait(&c->go);
	for (t = now_ns(); t < c->deadline; t = t1) {
		size_t i = pick(c, ct->index, &rng);
		unsigned char *p = c->objects + i * PAGE_BYTES;
		uint64_t v = pat_next(&rng);

		if (pat_sum(p) != c->sums[i]) {
			if (!ct->errors)
				wl_msg("DATA CORRUPTION: object %zu fails its checksum", i);
			ct->errors++;
		}
		memcpy(p + (v % (TEXT_BYTES / 8)) * 8, &v, 8);
		c->sums[i] = pat_sum(p);
		t1 = now_ns();
		lat_add(ct->lat, t1 - t);
		ct->ops++;
	}
	return NULL;
}

static int setup(struct cache *c, struct cache_thread *ct, uint64_t seed)
{
	size_t len = mib << 20;

	c->nr = len / PAGE_BYTES;
	c->seed = seed;
	c->objects = mmap(NULL, len, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	c->sums = calloc(c->nr, sizeof(*c->sums));
	if (c->objects == MAP_FAILED || !c->sums) {
		wl_msg("cannot allocate %lu MiB: %s", mib, strerror(errno));
		return -1;
	}
	pthread_barrier_init(&c->filled, NULL, threads + 1);
	pthread_barrier_init(&c->go, NULL, threads + 1);
	for (unsigned long t = 0; t < threads; t++) {
		ct[t].c = c;
		ct[t].index = t;
		ct[t].lat = malloc(sizeof(*ct[t].lat));
		if (!ct[t].lat) {
			wl_msg("out of memory");
			return -1;
		}
		lat_init(ct[t].lat);
	}
	return 0;
}

static int run(const struct common_opts *common, struct report *r)
{
	struct cache c = {};
	struct cache_thread ct[256] = {};
	struct latency *all;
	unsigned long ops = 0, errors = 0;
	uint64_t t0;
	double secs;
	int rv;

	if (threads > (mib << 20) / PAGE_BYTES)
		threads = (mib << 20) / PAGE_BYTES;
	if (setup(&c, ct, common->seed))
		return WL_FAIL;
	for (unsigned long t = 0; t < threads; t++) {
		rv = pthread_create(&ct[t].tid, NULL, cache_thread, &ct[t]);
		if (rv) {
			wl_msg("pthread_create: %s", strerror(rv));
			return WL_FAIL;
		}
	}
	pthread_barrier_wait(&c.filled);
	t0 = now_ns();
	c.deadline = t0 + (uint64_t)(duration * 1e9);
	pthread_barrier_wait(&c.go);
	for (unsigned long t = 0; t < threads; t++)
		pthread_join(ct[t].tid, NULL);
	secs = ns_to_s(now_ns() - t0);

	all = ct[0].lat;
	for (unsigned long t = 0; t < threads; t++) {
		if (t)
			lat_merge(all, ct[t].lat);
		ops += ct[t].ops;
		errors += ct[t].errors;
	}
	if (!ops) {
		wl_msg("no operation completed in %g s", secs);
		return WL_FAIL;
	}
	report_add(r, "ops", ops, "ops");
	report_add(r, "ops_per_s", ops / secs, "ops/s");
	report_add(r, "latency_p50_us", lat_quantile(all, 0.5) / 1e3, "us");
	report_add(r, "latency_p99_us", lat_quantile(all, 0.99) / 1e3, "us");
	report_add(r, "latency_p999_us", lat_quantile(all, 0.999) / 1e3, "us");
	report_add(r, "latency_max_us", all->max / 1e3, "us");
	report_add(r, "errors", errors, "ops");
	report_add(r, "duration_s", secs, "s");
	return errors ? WL_FAIL : 0;
}

const struct workload wl_cache = { .spec = &cache_spec, .run = run };
