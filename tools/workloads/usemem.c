// SPDX-License-Identifier: GPL-2.0
/*
 * usemem - vm-scalability's usemem, the workload zswap's large-folio and
 * compression series quote ("usemem -n 70 ... 31G": throughput in KB/s,
 * elapsed time): --procs processes each allocate --mib of anonymous
 * memory and touch all of it, --passes times, and report usemem's
 * throughput summed over the processes.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "children.h"
#include "figures.h"
#include "msg.h"
#include "opts.h"
#include "pattern.h"
#include "report.h"
#include "thp.h"
#include "workload.h"

static unsigned long procs = 2, mib = 256, passes = 1;
static int pattern = PAT_TEXT;
static struct thp_opt thp = { THP_SYSTEM };

static const struct opt usemem_opts[] = {
	{ "--procs", "N", OPT_UINT, 1, 4096, NULL, &procs,
	  "processes, started together (usemem -n)" },
	{ "--mib", "M", OPT_UINT, 1, 1 << 20, NULL, &mib,
	  "anonymous memory of each process, MiB" },
	{ "--passes", "P", OPT_UINT, 1, 1000000, NULL, &passes,
	  "passes over the same memory: the first writes\n"
	  "every page, each next verifies and rewrites it" },
	{ "--pattern", "KIND", OPT_CHOICE, 0, 0, pat_kind_names, &pattern,
	  "page contents: text (1.5 KiB random, zeros after),\n"
	  "random, zero, or mixed (text, random, zero by\n"
	  "page index mod 3)" },
	{ "--thp", "SIZE|never", OPT_CUSTOM, 0, 0, NULL, &thp,
	  "folio size: SIZE (64K, 2M) madvised, with\n"
	  "hugepages-<N>kB/enabled at madvise for SIZE and\n"
	  "never for the larger sizes during the run;\n"
	  "never: MADV_NOHUGEPAGE; system: the kernel's\n"
	  "settings, no madvise", &thp_custom },
	{ NULL },
};

static const struct cmd_spec usemem_spec = {
	.name = "usemem",
	.summary = "vm-scalability's usemem: N processes touching M MiB, KB/s",
	.about =
	"vm-scalability's usemem: --procs processes, released together, each\n"
	"mapping --mib of anonymous memory (aligned to --thp's SIZE) and\n"
	"writing every page with --pattern's contents, then --passes - 1 more\n"
	"times verifying every page and rewriting it. Each process's throughput\n"
	"is usemem's: its bytes * 1e6 / its microseconds, shifted right by 10\n"
	"(KB = 1024 bytes), printed as usemem prints it (\"B bytes / U usecs =\n"
	"K KB/s\"); kbps is their sum, as the series sum usemem's lines. The\n"
	"--thp controls are put back at the end, also on SIGINT, SIGTERM,\n"
	"SIGHUP and SIGQUIT (not SIGKILL). A page that comes back wrong or\n"
	"stale is an error (exit 1, no figures).",
	.figures =
	"  kbps               sum over processes of usemem's KB/s (KB/s)\n"
	"  first_pass_kbps    the same over the first pass: faulting in (KB/s)\n"
	"  later_passes_kbps  the same over passes 2 to P, when P > 1 (KB/s)\n"
	"  elapsed_s          from the release to the last process's exit (s)\n"
	"  bytes              bytes touched: procs x MiB x passes (bytes)\n"
	"  procs              processes (procs)",
	.examples =
	"    zswap-workload usemem --procs 4 --mib 256    # usemem's KB/s, 4 processes\n"
	"    zswap-workload usemem --thp 64K --pattern mixed\n"
	"                                      # 64 KiB folios, mixed contents\n",
	.opts = usemem_opts,
};

/* One process's measurement, in memory it shares with the parent. */
struct usemem_proc {
	uint64_t bytes, usecs;
	uint64_t first_usecs;	/* the first pass's share of usecs */
};

struct usemem_run {
	struct usemem_proc *proc;
	uint64_t seed;
};

static void __attribute__((noreturn)) usemem_body(unsigned long i, int gate,
						   void *arg)
{
	struct usemem_run *run = arg;
	struct usemem_proc *res = &run->proc[i];
	size_t len = mib << 20;
	uint64_t key = pat_key(run->seed, 7, i), t0, t1 = 0;
	unsigned char *base = thp_map(len, &thp);
	char who[32];

	if (!base)
		_exit(WL_FAIL);
	snprintf(who, sizeof(who), "process %lu", i);
	children_gate_wait(gate);
	t0 = now_ns();
	for (unsigned long pass = 0; pass < passes; pass++) {
		if (pat_pass(base, len / PAGE_BYTES, key, pass,
			     pat_kind_bytes(pattern), who))
			_exit(WL_FAIL);
		if (!pass)
			t1 = now_ns();
	}
	res->usecs = (now_ns() - t0) / 1000;
	res->first_usecs = (t1 - t0) / 1000;
	res->bytes = (uint64_t)len * passes;
	_exit(WL_OK);
}

/* usemem's lines, then the sums over the processes as the figures. */
static void report_usemem(const struct usemem_proc *proc, double elapsed,
			  bool quiet, struct report *r)
{
	uint64_t kbps = 0, first = 0, later = 0, bytes = 0;
	uint64_t pass_bytes = mib << 20;

	for (unsigned long i = 0; i < procs; i++) {
		const struct usemem_proc *p = &proc[i];
		uint64_t k = fig_usemem_kbps(p->bytes, p->usecs);

		if (!quiet)
			fprintf(stderr, "%llu bytes / %llu usecs = %llu KB/s\n",
				(unsigned long long)p->bytes,
				(unsigned long long)p->usecs, (unsigned long long)k);
		kbps += k;
		bytes += p->bytes;
		first += fig_usemem_kbps(pass_bytes, p->first_usecs);
		later += fig_usemem_kbps(p->bytes - pass_bytes,
					 p->usecs - p->first_usecs);
	}
	report_add(r, "kbps", kbps, "KB/s");
	report_add(r, "first_pass_kbps", first, "KB/s");
	if (passes > 1)
		report_add(r, "later_passes_kbps", later, "KB/s");
	report_add(r, "elapsed_s", elapsed, "s");
	report_add(r, "bytes", bytes, "bytes");
	report_add(r, "procs", procs, "procs");
}

static int run(const struct common_opts *common, struct report *r)
{
	struct usemem_run run = { .seed = common->seed };
	struct thp_saved saved;
	uint64_t t0 = 0;
	double elapsed;
	bool ok;
	int rv;

	run.proc = mmap(NULL, procs * sizeof(*run.proc), PROT_READ | PROT_WRITE,
			MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (run.proc == MAP_FAILED || children_catch_stop_signals(procs)) {
		wl_msg("out of memory");
		return WL_FAIL;
	}
	/* from here on every way out goes through thp_restore() */
	rv = thp_setup(&thp, &saved);
	if (rv)
		return rv;
	ok = children_run(procs, usemem_body, &run, &t0);
	elapsed = ns_to_s(now_ns() - t0);
	rv = thp_restore(&saved);
	if (children_stopped()) {
		wl_msg("stopped by signal %d (%s)", children_stopped(),
		       strsignal(children_stopped()));
		return WL_FAIL;
	}
	if (!ok || rv)
		return WL_FAIL;
	report_usemem(run.proc, elapsed, common->quiet, r);
	return 0;
}

const struct workload wl_usemem = { .spec = &usemem_spec, .run = run };
