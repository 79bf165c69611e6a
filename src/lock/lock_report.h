/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Lock contention of one window: the (lock, stack) aggregates read from
 * the kernel, classified, grouped by lock class and caller, and printed
 * as text or JSON or turned into metrics for zswap-gate records.
 */
#ifndef __LOCK_REPORT_H
#define __LOCK_REPORT_H

#include <stdbool.h>
#include <stdio.h>
#include "histogram.h"
#include "ksyms.h"
#include "lock_classify.h"
#include "lock_trees.h"
#include "lockstat.h"
#include "metrics.h"
#include "prog_stats.h"

struct lock_entry {
	unsigned long long lock;
	unsigned int flags;
	unsigned long long count;	/* includes pending */
	unsigned long long total_ns;
	unsigned long long max_ns;
	unsigned long long pending;	/* still waiting at the end */
	struct hist h;			/* log2 of the wait in ns */
	int nframes;			/* 0: not walked, or the walk failed */
	unsigned long long ips[LS_STACK_DEPTH];
	unsigned long long walked;	/* of count, those with this stack */
	unsigned long long forced;	/* of walked, not at random (LS_WALKED_FORCED) */
	unsigned long long rare;	/* of walked, at other_every's rate (LS_WALKED_RARE) */
	/* sampled by address: lock_data_spread() added unwalked ones */
	bool estimated;
	/* its address's contentions span other classes / other callers */
	bool class_shared, caller_shared;
	/* set by lock_data_classify() */
	struct lock_verdict v;
	char caller[128];		/* first frame outside locking */
	char zfunc[64];			/* zswap function of the operation */
	int tree_type, tree_index;	/* -1: not a known tree lock */
};

/* Whose stacks were walked (bpf/lockstat.bpf.c). */
enum lock_walk_mode {
	LW_FENTRY,	/* tasks inside a zswap operation (fentry brackets) */
	LW_BY_ADDR,	/* first of each lock address, then 1 in sample_every */
	LW_EVERY,	/* every contention */
};

struct lock_data {
	struct lock_entry *e;
	size_t n, cap;
	unsigned long long fails[LS_FAIL_NR];
	unsigned long long pending;	/* contentions accounted at the end */
	double duration_s;
	unsigned long long start_ns, end_ns;	/* CLOCK_MONOTONIC window */
	bool symbols;			/* false: kallsyms restricted */
	enum tree_layout layout;
	bool trees_mapped;
	char trees_why[200];
	unsigned long long trees_addr;	/* &zswap_trees[0], 0 unknown */
	unsigned int nr_types;		/* zswap_trees[] entries read */
	unsigned int types_with_trees;	/* non-NULL zswap_trees[i] */
	size_t trees_known;		/* tree lock addresses known */
	char hook[64];			/* "tp_btf" or "raw_tp" */
	char hook_why[160];		/* why tp_btf was not used */
	char walks[400];		/* whose stacks were walked, and why */
	enum lock_walk_mode walk_mode;
	unsigned int sample_every;	/* LW_BY_ADDR */
	/* LW_BY_ADDR: an address not zswap's so far, 1 in other_every; 0: not known */
	unsigned int other_every;
	unsigned long long walked;	/* contentions walked */
	unsigned long long addr_full;	/* walked: no room in the address map */
	/*
	 * Only zswap's locks timed (the default): the other contentions
	 * counted, not timed, and the first walks that showed an address
	 * not zswap's. Else scope_why says why every lock was timed.
	 */
	bool zswap_only;
	unsigned long long untimed, walked_untimed;
	char scope_why[96];
	/*
	 * The hooks attached only while swap moved (zswap_only,
	 * idle_detach_ns not 0): how long they were detached, how often
	 * attached. Contentions while detached are neither timed nor counted.
	 */
	unsigned long long idle_detach_ns;
	double detached_s;
	unsigned int attaches;
	/*
	 * Each pool's zspage locks aggregated as one (LS_GROUP_ZSPAGE keys):
	 * whether this kernel's zspages have a lock of their own, and the
	 * addresses seen, each with its group's key.
	 */
	bool zspage_groups;
	struct lock_member {
		unsigned long long addr, key;
	} *members;
	size_t nr_members;
	unsigned long long members_full;	/* addresses not kept: no room */
	/* --compare-exact: the same window, every contention walked */
	struct lock_data *exact;
	char kernel[128];
	const char *const *argv;	/* the command, or NULL */
	int exit_code;
	char notes[8][200];
	int nr_notes;
	/*
	 * --self-stats: the attached programs' bpf_stats, and the gate's
	 * polls ("idle_gate": polls and their CPU time)
	 */
	int nr_progs;
	struct prog_stats progs[3];
};

/* One row of the report: a lock class and a caller. */
struct lock_group {
	enum lock_class cls;
	enum zswap_op op;
	bool zswap;
	bool estimated;			/* split from a shared address's */
	bool class_estimated;		/* ... shared with another class */
	unsigned long long walked;	/* stacks it is estimated from */
	char caller[64];		/* function name of the caller */
	char zfunc[64];
	unsigned long long count, total_ns, max_ns, pending;
	struct hist h;
	int nlocks;			/* distinct lock addresses */
	int example;			/* entry whose stack is shown */
};

struct tree_row {
	unsigned long long lock;
	int type, index;		/* -1: unknown */
	enum lock_class cls;
	unsigned long long count, total_ns, max_ns;
};

void lock_data_free(struct lock_data *d);
void lock_data_note(struct lock_data *d, const char *fmt, ...);
/*
 * Adds a kernel aggregate; slots are LS_HIST_SLOTS log2 buckets. Entries
 * are keyed by lock address and stack: ips holds LS_STACK_DEPTH frames,
 * innermost first, ended by a 0 (all 0 or NULL: no stack).
 */
struct lock_entry *lock_data_add(struct lock_data *d, unsigned long long lock,
				 const unsigned long long *ips, unsigned int flags,
				 unsigned long long count,
				 unsigned long long total_ns,
				 unsigned long long max_ns,
				 const unsigned long long *slots);
/*
 * A contention still in progress at end_ns (begun at start_ns): counted
 * with the wait it had so far. Returns false when start_ns > end_ns.
 */
bool lock_data_add_pending(struct lock_data *d, unsigned long long lock,
			   const unsigned long long *ips, unsigned int flags,
			   unsigned long long start_ns,
			   unsigned long long end_ns);
struct lock_entry *lock_data_find(struct lock_data *d, unsigned long long lock,
				  const unsigned long long *ips);
/* Symbolises stacks (ks may be restricted) and classifies every entry. */
void lock_data_classify(struct lock_data *d, const struct ksyms *ks,
			const struct lock_trees *trees);
bool lock_entry_is_zswap(const struct lock_entry *e);
/* The lock addresses key stands for: 1, or a zspage group's members seen. */
size_t lock_key_addresses(const struct lock_data *d, unsigned long long key);
/* "lock 0x..." or "zspage locks of pool 0x..., N addresses" */
void lock_key_name(const struct lock_data *d, unsigned long long key,
		   char *buf, size_t len);
/*
 * Sampled by address (LW_BY_ADDR): spreads each address's unwalked
 * contentions (its stackless entry) over its walked stacks in proportion
 * to the contentions their walks stand for (a walk at random for
 * d->sample_every, an address's first for itself), slot by slot of the
 * wait histogram, so every address keeps its exact count, wait and
 * histogram. Sorts the entries by address. Before classifying.
 * given (NULL for a single read) keeps what each stack was given and its
 * walks then, for the next read of the same window: only the unwalked
 * contentions since are spread then, by the walks made since (by all of
 * them when none was), so a live reader's estimates never shrink and
 * follow the window's mix as a single read's do.
 */
void lock_data_spread(struct lock_data *d, struct lock_data *given);
/*
 * After classifying: marks the entries whose split is an estimate: by
 * caller, an address walked on several callers; by class, an address
 * walked on several classes, or one of a lock that is not zswap's own
 * (class other, or not zswap's: the rest of the kernel may take it
 * unwalked).
 */
void lock_data_mark_shared(struct lock_data *d);

/* Groups by (class, operation, caller), heaviest total wait first. */
int lock_groups(const struct lock_data *d, bool all, struct lock_group **out);
/* Rows per tree lock (class tree or xarray), by type and index. */
int lock_tree_rows(const struct lock_data *d, struct tree_row **out);

void lock_report_text(FILE *f, const struct lock_data *d, const struct ksyms *ks,
		      bool all, bool plan);
int lock_report_json(FILE *f, const struct lock_data *d, const struct ksyms *ks,
		     bool all);
/*
 * Adds lock_wait_ns{lock=CLASS,caller=OP} histograms and
 * lock_contentions{lock=CLASS,caller=OP} values for zswap's locks, and
 * lock_failures{kind=...} counters.
 */
void lock_report_metrics(const struct lock_data *d, struct metric_set *ms);
/* "1.23 ms" */
void fmt_ns(double ns, char *buf, size_t len);

#endif /* __LOCK_REPORT_H */
