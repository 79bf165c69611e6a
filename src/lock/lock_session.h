/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room src/lock/: lock contention: zswap-lockstat and --locks (load, classify, trees, report).
 * May call: util, metrics, collect.
 */
/*
 * Lock contention for any tool: open (plan, load, attach), begin, stop,
 * collect into a struct lock_data, or add its metrics to a metric_set.
 *
 *	lock_session_open(&ls, &opts);
 *	lock_session_begin(&ls);
 *	... workload ...
 *	lock_session_stop(&ls);
 *	lock_session_collect(&ls, &data);	// or lock_session_metrics()
 *	lock_session_close(&ls);
 */
#ifndef __LOCK_SESSION_H
#define __LOCK_SESSION_H

#include <stdbool.h>
#include "ksyms.h"
#include "lock_gate.h"
#include "lock_report.h"
#include "lock_trees.h"
#include "metrics.h"
#include "mono_clock.h"
#include "zs_error.h"

struct prog_stats;

struct lock_session_opts {
	bool force_raw_tp;	/* skip tp_btf (tests the fallback) */
	bool verbose;
	bool self_stats;	/* bpf_stats: run count and time per program */
	bool all;		/* every lock (--all): no fentry brackets */
	bool exact;		/* walk every contention (--exact) */
	bool no_fentry;		/* no fentry brackets: walk by address */
	unsigned int sample_every;	/* by address, 1 in N; 0: the default */
	/* by address, and every contention walked too (lock_data.exact) */
	bool compare_exact;
	/*
	 * Zswap's locks only: detach lock:contention_begin/end after this
	 * long without swap traffic, attach them again when it resumes
	 * (lock_session_tick()); 0: attached for the whole window.
	 */
	unsigned long long idle_detach_ns;
};

struct lock_session {
	struct lock_session_opts opts;
	struct lockstat_bpf *skel;
	struct bpf_link *links[2 + 2 * LS_ZOP_PAIRS];
	struct ksyms ks;
	struct lock_trees trees;
	bool raw_tp;
	char hook_why[160];
	/* stacks walked only inside these (fentry); none: every stack */
	const char *zswap_ops[LS_ZOP_PAIRS];
	int nr_zswap_ops;
	enum lock_walk_mode walk_mode;
	unsigned int sample_every;	/* LW_BY_ADDR: a power of two */
	unsigned int other_every;	/* LW_BY_ADDR: not zswap's; 0: not known */
	char walk_why[192];		/* why not LW_FENTRY */
	/* time only zswap's locks (bpf: zswap_only); else why not */
	bool zswap_only;
	char scope_why[96];
	/* struct zspage has a lock: each pool's are one (LS_GROUP_ZSPAGE) */
	bool zspage_groups;
	unsigned long long modules_sum;	/* walk_checksum(), for walk_gen */
	struct lock_data given;		/* lock_data_spread() across reads */
	unsigned long long t_start, t_end;	/* CLOCK_MONOTONIC ns */
	bool stopped;			/* lock_session_stop() was called */
	struct lock_gate gate;		/* opts.idle_detach_ns */
	unsigned int attach_failures;	/* the gate's attaches that failed */
	unsigned long long kallsyms_polled;	/* lock_session_poll(), ns */
	int stats_fd;
	unsigned long long missed_base;	/* programs' skipped runs at begin */
	struct zs_error err;		/* why lock_session_open() failed */
	/* what the tool should tell the user (lock_module_open() hands them
	 * to the session's notes): the library prints nothing itself */
	char notes[4][200];
	int nr_notes;
};

/*
 * Returns 0, or -1 with ls->err filled (usage: the kernel has no
 * contention tracepoints; else loading or attaching failed). Warnings go
 * to stderr.
 */
int lock_session_open(struct lock_session *ls, const struct lock_session_opts *o);
void lock_session_begin(struct lock_session *ls);
/* Ends the window: no contention is kept after this. */
void lock_session_stop(struct lock_session *ls);
/*
 * Before lock_session_stop() it may be called repeatedly: each read is
 * cumulative since begin, without the waits still in progress (they are
 * counted once they end), so reads only grow. After stop, waits still in
 * progress count up to the end of the window.
 */
int lock_session_collect(struct lock_session *ls, struct lock_data *d);
/*
 * Walking by address: when a module came or went since the last call
 * (kallsyms changed), or a swap device or zswap's pool parameters
 * (new zswap locks), every address is walked again at its next
 * contention, so an address reused by another lock is seen. Returns
 * true then. lock_session_collect() calls it while attached.
 */
bool lock_session_poll(struct lock_session *ls);
/*
 * Called every 20-100 ms of the window by a tool that can: detaches or
 * attaches the contention hooks (opts.idle_detach_ns), and once a second
 * lock_session_poll().
 */
void lock_session_tick(struct lock_session *ls);
/* Collects and adds lock_wait_ns{...} / lock_contentions{...} metrics. */
int lock_session_metrics(struct lock_session *ls, struct metric_set *ms);
/* Each loaded program's run count, time and skipped runs. */
int lock_session_prog_stats(struct lock_session *ls, struct prog_stats *out,
			    int max);
void lock_session_close(struct lock_session *ls);

#endif /* __LOCK_SESSION_H */
