// SPDX-License-Identifier: GPL-2.0
/*
 * swappers - seed 001's setting (zswap's single tree lock under many
 * concurrent swappers): --procs processes of --threads threads, all
 * released at once so their stores and loads contend, each process
 * churning --mib of text-like memory --passes times as tools/hog.c does,
 * every page verified against the version written before it.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "children.h"
#include "msg.h"
#include "opts.h"
#include "pattern.h"
#include "report.h"
#include "workload.h"

static unsigned long procs = 8, threads = 2, mib = 64, passes = 3;
static unsigned long fill = TEXT_BYTES;

static const struct opt swappers_opts[] = {
	{ "--procs", "P", OPT_UINT, 1, 4096, NULL, &procs,
	  "processes, started together" },
	{ "--threads", "T", OPT_UINT, 1, 256, NULL, &threads,
	  "threads per process, each on its own share of the memory" },
	{ "--mib", "M", OPT_UINT, 1, 1 << 20, NULL, &mib,
	  "anonymous memory per process, MiB" },
	{ "--passes", "N", OPT_UINT, 0, 1000000, NULL, &passes,
	  "passes after the fill: verify each page, rewrite it" },
	{ "--fill", "BYTES", OPT_UINT, 1, PAGE_BYTES, NULL, &fill,
	  "pseudo-random bytes per page, zeros after (cheaper to compress "
	  "under emulation when small; zero pages never reach zswap on 6.12)" },
	{ NULL },
};

static const struct cmd_spec swappers_spec = {
	.name = "swappers",
	.summary = "seed 001: processes x threads swapping together",
	.about =
	"Seed 001's concurrent swappers: --procs processes x --threads threads,\n"
	"released together by one barrier, each process filling --mib of pages\n"
	"of --fill pseudo-random bytes and zeros, then --passes times verifying\n"
	"every page and rewriting it with new content. In a memory-capped cgroup\n"
	"they all store to and load from zswap at the same time. A page that\n"
	"comes back wrong or stale is an error (exit 1, no figures).",
	.figures =
	"  duration_s  from the release to the last process's exit (s)\n"
	"  procs       processes (procs)\n"
	"  threads     threads per process (threads)",
	.examples =
	"    zswap-workload swappers --procs 8 --threads 2\n"
	"                                      # seed 001's eight 2-thread swappers\n"
	"    zswap-workload swappers --procs 2 --mib 256 --passes 4\n"
	"                                      # two larger ones, four passes\n",
	.opts = swappers_opts,
};

struct share {
	pthread_t tid;
	unsigned char *base;
	size_t npages;
	uint64_t seed;
	char who[64];
	int failed;
};

static void *churn_share(void *arg)
{
	struct share *s = arg;

	s->failed = pat_churn(s->base, s->npages, s->seed, passes, fill, s->who);
	return NULL;
}

/* One process: wait for the release, then T threads. */
static void __attribute__((noreturn)) swapper(unsigned long proc, int gate,
					       void *arg)
{
	size_t npages = (mib << 20) / PAGE_BYTES, first = 0;
	unsigned long nt = threads < npages ? threads : npages;
	struct share *sh = calloc(nt, sizeof(*sh));
	uint64_t seed = *(uint64_t *)arg;
	unsigned char *base;
	int failed = 0;

	base = mmap(NULL, mib << 20, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (base == MAP_FAILED || !sh) {
		wl_msg("process %lu: cannot allocate %lu MiB", proc, mib);
		_exit(WL_FAIL);
	}
	children_gate_wait(gate);
	for (unsigned long t = 0; t < nt; t++) {
		sh[t].npages = npages / nt + (t < npages % nt);
		sh[t].base = base + first * PAGE_BYTES;
		sh[t].seed = pat_key(seed, 6, proc * 1000 + t);
		snprintf(sh[t].who, sizeof(sh[t].who), "process %lu thread %lu",
			 proc, t);
		first += sh[t].npages;
		if (pthread_create(&sh[t].tid, NULL, churn_share, &sh[t])) {
			wl_msg("process %lu: pthread_create failed", proc);
			_exit(WL_FAIL);
		}
	}
	for (unsigned long t = 0; t < nt; t++) {
		pthread_join(sh[t].tid, NULL);
		failed |= sh[t].failed;
	}
	_exit(failed ? WL_FAIL : WL_OK);
}

static int run(const struct common_opts *common, struct report *r)
{
	uint64_t t0, seed = common->seed;

	if (!children_run(procs, swapper, &seed, &t0))
		return WL_FAIL;
	report_add(r, "duration_s", ns_to_s(now_ns() - t0), "s");
	report_add(r, "procs", procs, "procs");
	report_add(r, "threads", threads, "threads");
	return 0;
}

const struct workload wl_swappers = { .spec = &swappers_spec, .run = run };
