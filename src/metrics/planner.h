/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hook planner: for every hook an ordered list of candidates
 * (fentry -> kprobe -> tracepoint), for every metric an ordered list of
 * sources (hooks, then the kernel's counter files). Pure logic over a
 * capability interface, so unit tests can replay any kernel.
 */
#ifndef __PLANNER_H
#define __PLANNER_H

#include <stdbool.h>
#include <stddef.h>

enum zs_src {
	SRC_END,	/* terminates a source list */
	SRC_FENTRY,
	SRC_KPROBE,
	SRC_TRACEPOINT,
	SRC_COUNTER,
	SRC_NONE,
	SRC_WORKLOAD,	/* reported by the workload itself */
	SRC_RUSAGE,	/* the recorded command's rusage (its process tree) */
	SRC_NR,
};

const char *src_name(enum zs_src src);

enum zs_hook {
	HOOK_STORE,
	HOOK_LOAD,
	HOOK_WB,		/* writeback function: counts and marks */
	HOOK_WORKER,		/* shrink_worker runs */
	HOOK_SHRINK_MEMCG,
	HOOK_SCAN,		/* zswap shrinker scan */
	HOOK_SWAPOUT,		/* nested reclaim swap-out */
	HOOK_BIO,		/* swap write bios */
	HOOK_MEMCG_EVENTS,	/* per-memcg zswap events */
	HOOK_INVALIDATE,	/* zswap_invalidate calls */
	HOOK_COMPRESS,		/* the crypto compress call of a store */
	HOOK_DECOMPRESS,	/* the crypto decompress call of a load, writeback */
	HOOK_NR,
};

#define MAX_CANDS 8
#define WHY_LEN 112

struct hook_cand {
	enum zs_src kind;
	const char *target;	/* function or tracepoint name */
	const char *ksym;	/* symbol the program compares against */
	bool counts;		/* fexit/kretprobe return value is counted */
};

struct hook_def {
	const char *name;
	struct hook_cand cands[MAX_CANDS];
};

struct hook_choice {
	int chosen;			/* index into cands, -1 if none */
	char why[MAX_CANDS][WHY_LEN];	/* why each skipped cand was skipped */
};

/* What the running kernel allows; real probes or a recorded fixture. */
struct zs_caps {
	bool (*fentry)(void *ctx, const char *func, char *why, size_t len);
	bool (*kprobe)(void *ctx, const char *func, char *why, size_t len);
	bool (*tp)(void *ctx, const char *tp, char *why, size_t len);
	bool (*ksym)(void *ctx, const char *sym);
	/* a counter file ("vmstat:zswpwb", "debugfs:pool_limit_hit") */
	bool (*counter)(void *ctx, const char *name);
	void *ctx;
	bool no_fentry;		/* --no-fentry: force the next source */
	bool no_kprobe;
	/*
	 * Per-cgroup event counts asked for (--cgroup, a cgroup table):
	 * count_memcg_events fires on every memcg event, so it is attached
	 * only then.
	 */
	bool cgroup_events;
};

/* A metric's candidate source: a hook with a given flavour, or counters. */
struct metric_src {
	enum zs_src kind;
	enum zs_hook hook;	/* for fentry/kprobe/tracepoint */
	const char *counter;	/* for SRC_COUNTER: first file needed */
	bool needs_count;	/* the hook must count its return value */
	const char *unlike;	/* why this flavour cannot give the metric */
};

#define MAX_SRCS 6

struct metric_choice {
	enum zs_src src;
	int src_idx;
	char reason[2 * WHY_LEN];	/* n/a reason, or why richer ones lost */
};

struct zs_plan {
	struct hook_choice hooks[HOOK_NR];
	struct metric_choice *metrics;	/* one per planned registry family */
};

/* A hook's candidates: its row of kernel_funcs.c, then its tracepoint. */
const struct hook_def *hook_def(enum zs_hook h);

int plan_make(struct zs_plan *plan, const struct zs_caps *caps);
void plan_free(struct zs_plan *plan);

/* Chosen candidate of a hook, or NULL. */
const struct hook_cand *plan_hook(const struct zs_plan *plan, enum zs_hook h);
enum zs_src plan_hook_src(const struct zs_plan *plan, enum zs_hook h);
/* The plan row (registry family id) of a planned metric's name, or -1. */
int metric_index(const char *name);
/*
 * The name of plan row id's value-th instance (a family planned per
 * value of its label has one per value); -1 past the last.
 */
int plan_metric_name(int id, int value, char *buf, size_t len);

#endif /* __PLANNER_H */
