// SPDX-License-Identifier: GPL-2.0
/*
 * build - seed 000's "memory-capped, build-like" workload (a kernel build
 * in a memory.max cgroup): --tasks short-lived processes, --jobs of them
 * at a time as make -jJ runs compilers, each allocating --task-mib of
 * text-like (compressible) memory and rewriting it --passes times with
 * every page verified. The figure that matters is the build's wall time.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "children.h"
#include "figures.h"
#include "msg.h"
#include "opts.h"
#include "pattern.h"
#include "report.h"
#include "workload.h"

static unsigned long jobs = 4, tasks = 64, task_mib = 48, passes = 3;

static const struct opt build_opts[] = {
	{ "--jobs", "J", OPT_UINT, 1, 1024, NULL, &jobs,
	  "tasks running at the same time (make -jJ)" },
	{ "--tasks", "N", OPT_UINT, 1, 1000000, NULL, &tasks,
	  "tasks in the whole build" },
	{ "--task-mib", "M", OPT_UINT, 1, 1 << 20, NULL, &task_mib,
	  "anonymous memory of each task, MiB" },
	{ "--passes", "P", OPT_UINT, 0, 1000000, NULL, &passes,
	  "passes over it after the fill: verify each page, rewrite it" },
	{ NULL },
};

static const struct cmd_spec build_spec = {
	.name = "build",
	.summary = "seed 000: make -jJ-like tasks rewriting text-like memory",
	.about =
	"Seed 000's memory-capped build: --tasks forked tasks, --jobs at a time,\n"
	"each filling --task-mib of pages of 1.5 KiB pseudo-random bytes and\n"
	"zeros (text-like, about 2.5:1 under zsmalloc), then --passes times\n"
	"verifying every page and rewriting it with new content. A page that\n"
	"comes back wrong or stale fails the build (exit 1, no figures).",
	.figures =
	"  duration_s   the whole build (s)\n"
	"  tasks        tasks finished (tasks)\n"
	"  task_p50_s   median task wall time (s)\n"
	"  task_max_s   longest task wall time (s)",
	.examples =
	"    zswap-workload build              # 2 jobs of 48 MiB tasks\n"
	"    zswap-workload build --jobs 4 --tasks 32 --task-mib 64\n"
	"                                      # a larger build, 4 at a time\n",
	.opts = build_opts,
};

struct slot {
	pid_t pid;
	unsigned long task;
	uint64_t start;
};

static void __attribute__((noreturn)) task_main(unsigned long task,
						 uint64_t seed)
{
	size_t len = task_mib << 20;
	unsigned char *base;
	char who[32];

	base = mmap(NULL, len, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (base == MAP_FAILED) {
		wl_msg("task %lu: mmap %lu MiB: %s", task, task_mib,
		       strerror(errno));
		_exit(WL_FAIL);
	}
	snprintf(who, sizeof(who), "task %lu", task);
	_exit(pat_churn(base, len / PAGE_BYTES, pat_key(seed, 3, task),
			passes, TEXT_BYTES, who) ? WL_FAIL : WL_OK);
}

/* Starts tasks while fewer than --jobs run; returns false on a failure. */
static bool run_build(struct slot *slots, double *secs, uint64_t seed)
{
	unsigned long started = 0, running = 0;
	bool ok = true;

	for (;;) {
		char what[32];
		int status;
		pid_t pid;
		unsigned long j;

		/* after a failure, like make: no new tasks, wait for the rest */
		while (ok && running < jobs && started < tasks) {
			for (j = 0; slots[j].pid; j++)
				;
			slots[j].task = started;
			slots[j].start = now_ns();
			slots[j].pid = child_fork();
			if (slots[j].pid < 0) {
				wl_msg("fork: %s", strerror(errno));
				slots[j].pid = 0;
				ok = false;
				break;
			}
			if (!slots[j].pid)
				task_main(started, seed);
			started++;
			running++;
		}
		if (!running)
			return ok;
		pid = wait(&status);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			wl_msg("wait: %s", strerror(errno));
			return false;
		}
		for (j = 0; j < jobs && slots[j].pid != pid; j++)
			;
		if (j == jobs)
			continue;
		secs[slots[j].task] = ns_to_s(now_ns() - slots[j].start);
		snprintf(what, sizeof(what), "task %lu", slots[j].task);
		ok &= child_ok(status, what);
		slots[j].pid = 0;
		running--;
	}
}

static int run(const struct common_opts *common, struct report *r)
{
	struct slot *slots = calloc(jobs, sizeof(*slots));
	double *secs = calloc(tasks, sizeof(*secs));
	uint64_t t0 = now_ns();
	int err = WL_FAIL;

	if (!slots || !secs)
		wl_msg("out of memory");
	else if (run_build(slots, secs, common->seed)) {
		report_add(r, "duration_s", ns_to_s(now_ns() - t0), "s");
		report_add(r, "tasks", tasks, "tasks");
		report_add(r, "task_p50_s", fig_quantile(secs, tasks, 0.5), "s");
		report_add(r, "task_max_s", fig_quantile(secs, tasks, 1), "s");
		err = 0;
	}
	free(slots);
	free(secs);
	return err;
}

const struct workload wl_build = { .spec = &build_spec, .run = run };
