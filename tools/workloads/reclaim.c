// SPDX-License-Identifier: GPL-2.0
/*
 * reclaim - seed 004's workload ("mm/zswap: Support batch writeback in
 * shrink_memcg()"), as the thread describes it: fill --populate MiB of
 * anonymous memory with random data (so it does not compress) and force
 * it out into zswap, then every --interval-ms allocate one 4 KiB page
 * whose first 4 bytes are random and the rest zeros and reclaim that page,
 * for --duration seconds. With a small max_pool_percent the pool sits at
 * its limit, so each store makes zswap shrink (shrink_memcg()).
 */
#define _GNU_SOURCE		/* sched_getcpu(), sched_setaffinity() */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "msg.h"
#include "opts.h"
#include "pattern.h"
#include "report.h"
#include "workload.h"

#ifndef MADV_PAGEOUT
#define MADV_PAGEOUT	21
#endif

enum method { METHOD_AUTO, METHOD_MEMORY_RECLAIM, METHOD_PAGEOUT };

static const char *const method_names[] = {
	"auto", "memory.reclaim", "pageout", NULL,
};

static unsigned long populate_mib = 512;
static unsigned long populate_fill = PAGE_BYTES;
static double interval_ms = 2, duration = 120;
static int method = METHOD_AUTO;

static const struct opt reclaim_opts[] = {
	{ "--populate-fill", "BYTES", OPT_UINT, 1, PAGE_BYTES, NULL, &populate_fill,
	  "random bytes per populated page, zeros after: the thread's 4096 are "
	  "stored as-is by 6.18 but rejected as incompressible by 6.12 (no pool "
	  "to fill there: use about 2048)" },
	{ "--populate", "MiB", OPT_UINT, 0, 1 << 20, NULL, &populate_mib,
	  "random (incompressible) anonymous memory forced into\nzswap before the timed phase" },
	{ "--interval-ms", "MS", OPT_REAL, 0.01, 60000, NULL, &interval_ms,
	  "one new 4 KiB page allocated and reclaimed every MS" },
	{ "--duration", "S", OPT_REAL, 0.001, 86400, NULL, &duration,
	  "length of the timed phase in seconds" },
	{ "--method", "M", OPT_CHOICE, 0, 0, method_names, &method,
	  "memory.reclaim: write the byte count to the own cgroup v2\n"
	  "memory.reclaim; pageout: madvise(MADV_PAGEOUT) on exactly\n"
	  "those pages (Linux 5.4+, any cgroup version); auto:\n"
	  "memory.reclaim where writable, else pageout" },
	{ NULL },
};

static const struct cmd_spec reclaim_spec = {
	.name = "reclaim",
	.summary = "seed 004: one new 4 KiB page reclaimed every 2 ms, pool full",
	.about =
	"Seed 004's workload: --populate MiB of random data pushed into zswap,\n"
	"then every --interval-ms one new 4 KiB anonymous page (4 random bytes,\n"
	"zeros after) allocated and reclaimed at once, for --duration seconds.\n"
	"The new pages stay allocated until the end. memory.reclaim's EAGAIN\n"
	"(less reclaimed than asked) is counted as a shortfall, not an error.",
	.figures =
	"  duration_s          the timed phase (s)\n"
	"  populate_s          filling and pushing out --populate (s)\n"
	"  pages_allocated     4 KiB pages allocated in the timed phase (pages)\n"
	"  reclaim_calls       reclaim requests in the timed phase (calls)\n"
	"  reclaim_shortfalls  of those, memory.reclaim's EAGAIN (calls)\n"
	"  method_pageout      1 when reclaiming with MADV_PAGEOUT, else 0 (bool)",
	.examples =
	"    zswap-workload reclaim --duration 10  # a page every 2 ms for 10 s\n"
	"    zswap-workload reclaim -q --populate 64 --populate-fill 2048 \\\n"
	"        --interval-ms 2 --duration 15     # as the README's A/B runs it\n",
	.opts = reclaim_opts,
};

struct reclaimer {
	bool pageout;
	int fd;			/* memory.reclaim, opened once */
	char path[PATH_MAX];
	unsigned long calls, shortfalls;
};

/* The cgroup2 mount point from /proc/self/mounts. */
static int cgroup2_mount(char *mnt, size_t len)
{
	char *line = NULL, dir[PATH_MAX], type[64];
	size_t cap = 0;
	FILE *f = fopen("/proc/self/mounts", "r");
	int found = -1;

	if (!f)
		return -1;
	while (found && getline(&line, &cap, f) > 0) {
		if (sscanf(line, "%*s %4095s %63s", dir, type) == 2 &&
		    !strcmp(type, "cgroup2")) {
			snprintf(mnt, len, "%s", dir);
			found = 0;
		}
	}
	free(line);
	fclose(f);
	return found;
}

/* This process's memory.reclaim: its "0::PATH" under the cgroup2 mount. */
static const char *own_memory_reclaim(char *path, size_t len)
{
	char *line = NULL, mnt[PATH_MAX] = "";
	size_t cap = 0;
	FILE *f;
	const char *why = "no cgroup v2 entry in /proc/self/cgroup";

	if (cgroup2_mount(mnt, sizeof(mnt)))
		return "no cgroup2 filesystem mounted";
	f = fopen("/proc/self/cgroup", "r");
	if (!f)
		return "cannot read /proc/self/cgroup";
	while (getline(&line, &cap, f) > 0) {
		if (strncmp(line, "0::", 3))
			continue;
		line[strcspn(line, "\n")] = 0;
		snprintf(path, len, "%s%s/memory.reclaim", mnt,
			 strcmp(line + 3, "/") ? line + 3 : "");
		why = NULL;
		break;
	}
	free(line);
	fclose(f);
	if (!why && access(path, W_OK))
		why = errno == ENOENT ? "no cgroup v2 memory controller here" :
					"memory.reclaim is not writable";
	return why;
}

/* Picks the method; 0, or the exit code after saying why not. */
static int reclaimer_init(struct reclaimer *rc)
{
	const char *why;

	memset(rc, 0, sizeof(*rc));
	rc->fd = -1;
	why = own_memory_reclaim(rc->path, sizeof(rc->path));
	if (method == METHOD_MEMORY_RECLAIM && why) {
		wl_msg("--method memory.reclaim: %s%s%s; use --method pageout",
		       why, *rc->path ? ": " : "", rc->path);
		return WL_USAGE;
	}
	rc->pageout = method == METHOD_PAGEOUT ||
		      (method == METHOD_AUTO && why);
	if (rc->pageout) {
		if (method == METHOD_AUTO)
			wl_msg("reclaiming with madvise(MADV_PAGEOUT): %s%s%s",
			       why, *rc->path ? ": " : "", rc->path);
		else
			wl_msg("reclaiming with madvise(MADV_PAGEOUT)");
		return 0;
	}
	rc->fd = open(rc->path, O_WRONLY | O_CLOEXEC);
	if (rc->fd < 0) {
		wl_msg("cannot open %s: %s", rc->path, strerror(errno));
		return WL_FAIL;
	}
	wl_msg("reclaiming with %s", rc->path);
	return 0;
}

static int reclaim_range(struct reclaimer *rc, void *addr, size_t len)
{
	char buf[32];
	int n;

	rc->calls++;
	if (rc->pageout) {
		if (!madvise(addr, len, MADV_PAGEOUT))
			return 0;
		wl_msg("madvise(MADV_PAGEOUT): %s%s", strerror(errno),
		       errno == EINVAL ? " (needs Linux 5.4 or later)" : "");
		return -1;
	}
	n = snprintf(buf, sizeof(buf), "%zu", len);
	if (write(rc->fd, buf, n) == n)
		return 0;
	if (errno == EAGAIN) {
		rc->shortfalls++;
		return 0;
	}
	wl_msg("writing %s to %s: %s", buf, rc->path, strerror(errno));
	return -1;
}

/* Anonymous 4 KiB pages: no THP, so each reclaim is exactly one page. */
static unsigned char *map_pages(size_t len)
{
	unsigned char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
				-1, 0);

	if (p == MAP_FAILED) {
		wl_msg("mmap %zu MiB: %s", len >> 20, strerror(errno));
		return NULL;
	}
	madvise(p, len, MADV_NOHUGEPAGE);
	return p;
}

static int populate(struct reclaimer *rc, uint64_t seed)
{
	size_t len = (size_t)populate_mib << 20;
	unsigned char *base;

	if (!len)
		return 0;
	base = map_pages(len);
	if (!base)
		return -1;
	for (size_t i = 0; i < len / PAGE_BYTES; i++)
		pat_fill(base + i * PAGE_BYTES, pat_key(seed, 1, i), populate_fill);
	if (reclaim_range(rc, base, len))
		return -1;
	if (rc->shortfalls)
		wl_msg("memory.reclaim of the populated %lu MiB fell short", populate_mib);
	rc->calls = rc->shortfalls = 0;
	return 0;
}

/*
 * MADV_PAGEOUT drains the LRU batches of its own CPU alone (lru_add_drain()):
 * a page faulted in on another CPU can still sit in that CPU's batch, off
 * the LRU, and is skipped (CI saw 20 of 9,692 pages not swapped out). So
 * the pageout method keeps the run on one CPU; memory.reclaim drains all.
 */
static void pin_to_this_cpu(void)
{
	int cpu = sched_getcpu();
	cpu_set_t set;

	if (cpu < 0)
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		wl_msg("keeping to CPU %d: %s (MADV_PAGEOUT may skip a few pages)",
		       cpu, strerror(errno));
}

static int run(const struct common_opts *common, struct report *r)
{
	struct reclaimer rc;
	uint64_t t0, end, interval_ns, dur_ns, ticks, k;
	unsigned long pages = 0;
	double populate_s;
	unsigned char *area;
	int rv;

	rv = reclaimer_init(&rc);
	if (rv)
		return rv;
	if (rc.pageout)
		pin_to_this_cpu();
	t0 = now_ns();
	if (populate(&rc, common->seed))
		return WL_FAIL;
	populate_s = ns_to_s(now_ns() - t0);

	interval_ns = llround(interval_ms * 1e6);
	dur_ns = llround(duration * 1e9);
	ticks = (dur_ns + interval_ns - 1) / interval_ns;
	area = map_pages(ticks * PAGE_BYTES);
	if (!area)
		return WL_FAIL;

	/* Fixed-rate ticks (a late tick is caught up) until the deadline. */
	t0 = now_ns();
	end = t0 + dur_ns;
	for (k = 0; k < ticks; k++) {
		unsigned char *p = area + k * PAGE_BYTES;
		uint32_t word = pat_key(common->seed, 2, k);

		sleep_until_ns(t0 + k * interval_ns);
		if (now_ns() >= end)
			break;
		/* the first write allocates the page; the kernel zeroed the rest */
		if (!word)
			word = 1;	/* an all-zero page would skip zswap */
		memcpy(p, &word, sizeof(word));
		pages++;
		if (reclaim_range(&rc, p, PAGE_BYTES))
			return WL_FAIL;
	}
	sleep_until_ns(end);
	if (pages < ticks * 0.95)
		wl_msg("only %lu of %llu pages: reclaim is slower than --interval-ms",
		       pages, (unsigned long long)ticks);

	report_add(r, "duration_s", ns_to_s(now_ns() - t0), "s");
	report_add(r, "populate_s", populate_s, "s");
	report_add(r, "pages_allocated", pages, "pages");
	report_add(r, "reclaim_calls", rc.calls, "calls");
	report_add(r, "reclaim_shortfalls", rc.shortfalls, "calls");
	report_add(r, "method_pageout", rc.pageout, "bool");
	return 0;
}

const struct workload wl_reclaim = { .spec = &reclaim_spec, .run = run };
