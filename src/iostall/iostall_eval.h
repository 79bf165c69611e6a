/* SPDX-License-Identifier: GPL-2.0 */
/*
 * iostall's metrics from one observation window: pure code over what the
 * session read (BPF counters and histograms at both ends, the per-cgroup
 * iocg and bio rows, the task rows, and the cgroups' io.stat/pressure
 * files parsed at both ends). iostall_session.c reads the maps and files;
 * this turns them into a metric_set by registry family, so the unit tier
 * tests every iostall metric without BPF.
 */
#ifndef __IOSTALL_EVAL_H
#define __IOSTALL_EVAL_H

#include <limits.h>
#include <stdbool.h>
#include "counters.h"
#include "iostall.h"
#include "metrics.h"

#define IOSTALL_TOP_TASKS 10

/* A cgroup's counter files at one moment. */
struct cg_files {
	unsigned long long id;		/* kernfs inode number */
	char path[PATH_MAX];
	struct kvset io_stat;
	struct kvset io_pressure;
	struct kvset memory_pressure;
	struct kvset memory_events;	/* oom_kill ... */
	double zswap_current;		/* -1: memory.zswap.current absent */
};

/* A reported cgroup: its files at both ends, its BPF rows. */
struct iostall_cg {
	const struct cg_files *before;	/* NULL: new in the window */
	const struct cg_files *after;
	const struct is_iocg *iocg;	/* NULL: no iocost event */
	const struct is_cg_bios *bios;	/* NULL: no bio charged to it */
};

/* A row of the cg_bios map (every cgroup, reported or not). */
struct iostall_bios {
	unsigned long long id;		/* charged cgroup; root is 1 (or 0) */
	struct is_cg_bios b;
};

/* A row of the stall_tasks map. */
struct iostall_task {
	unsigned int tid;
	struct is_task t;
};

struct iostall_window {
	const char *off_why;		/* why iocost is off, or NULL */
	bool debug_stats;		/* blkcg_debug_stats=Y */
	const struct iostall_cg *cgs;
	int nr_cgs;
	const struct iostall_bios *bios;
	int nr_bios;
	unsigned long long ctr_begin[IS_C_NR], ctr_end[IS_C_NR];
	struct is_hist hist_begin[IS_H_NR], hist_end[IS_H_NR];
	/*
	 * zswapstat's REQ_SWAP writeback bios (ZC_BIO_WRITEBACK) at both
	 * ends, over iostall's writeback bios: the REQ_SWAP share. The
	 * reason when zswapstat does not count them, else NULL.
	 */
	unsigned long long wb_swap_begin, wb_swap_end;
	const char *wb_swap_why;
	unsigned long long vrate_last;	/* iocost's newest vrate, 0: none */
	bool has_switch;		/* sched_switch attached */
	const char *cgroup;		/* --cgroup, or NULL */
	struct iostall_task *tasks;	/* sorted by iostall_eval() */
	int nr_tasks;
};

/* Adds every iostall metric of the window to out; returns 0. */
int iostall_eval(const struct iostall_window *w, struct metric_set *out);
/* Task rows by off-CPU time, longest first. */
void iostall_tasks_sort(struct iostall_task *rows, int n);

const char *is_kind_name(int kind);
const char *is_throttle_name(int thr);

#endif /* __IOSTALL_EVAL_H */
