/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room src/iostall/: iocost and writeback stalls: zswap-iostall and --iocost.
 * May call: util, metrics, collect.
 */
/*
 * iocost and writeback stalls: per-cgroup iocost debt, wait and delay,
 * swap write requests and their charging, pressure and zswap pool size,
 * and the off-CPU time of tasks inside zswap writeback. Rides on a
 * session (it shares zswapstat's writeback task tags) and adds its
 * metrics to the session's metric_set.
 */
#ifndef __IOSTALL_SESSION_H
#define __IOSTALL_SESSION_H

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include "counters.h"
#include "iocost_stat.h"
#include "iostall_eval.h"
#include "iostall.h"
#include "zs_error.h"
#include "metrics.h"
#include "session.h"

#define IOSTALL_MAX_LINKS 16
#define IOSTALL_MAX_CGROUPS 256

struct cg_list {
	struct cg_files *c;
	int n;
};

struct iostall {
	struct iostall_bpf *skel;
	struct bpf_link *links[IOSTALL_MAX_LINKS];
	int nr_links;
	bool empty_only;		/* benchmark baseline */
	bool has_iocost_tp;		/* iocost tracepoints attached */
	bool has_switch;		/* sched_switch attached */
	char iocost_tp_why[128];
	char cgroup_root[PATH_MAX];
	char cgroup[PATH_MAX];		/* --cgroup, resolved; "" if none */
	unsigned long long cgroup_id;
	struct iocost_qos qos;
	bool qos_readable;
	bool io_controller;		/* "io" in the root's cgroup.controllers */
	bool debug_stats;		/* blkcg_debug_stats=Y */
	struct cg_list before;
	unsigned long long cbase[IS_C_NR];
	struct is_hist hbase[IS_H_NR];
	/*
	 * The REQ_SWAP writeback bios are zswapstat's (the count of its
	 * ZH_PPB_WRITEBACK histogram): its hists map, the count at begin and
	 * at stop.
	 */
	int zs_hists_fd;
	int zs_cg_bios_fd;		/* zswapstat's cg_bios */
	unsigned long long wb_swap_base, wb_swap_end;
	bool stopped;
};

/*
 * Loads and attaches on top of an open session (reuses its task_tags).
 * empty_only attaches just an empty sched_switch program (benchmark).
 * Returns 0, or -1 with e filled (usage: cgroup is no directory).
 */
int iostall_open(struct iostall *st, struct session *s, const char *cgroup,
		 bool empty_only, bool verbose, struct zs_error *e);
/* Starts the window: clears the per-cgroup maps, snapshots counters. */
int iostall_begin(struct iostall *st);
void iostall_stop(struct iostall *st);
/*
 * Why iostall reports no iocost figures (the tracepoints are missing, or
 * iocost is off on the swap device), or NULL; as of the last collect.
 */
const char *iostall_off_reason(const struct iostall *st);
/* Adds this window's metrics and histograms to out. */
int iostall_collect(struct iostall *st, struct metric_set *out);
/* Who slept inside writeback: kinds and the top tasks, from out. */
void iostall_report(FILE *f, struct iostall *st, const struct metric_set *ms);
int iostall_prog_stats(struct iostall *st, struct prog_stats *out, int max);
void iostall_close(struct iostall *st);

#endif /* __IOSTALL_SESSION_H */
