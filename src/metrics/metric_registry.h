/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room src/metrics/: the metric model: registry, ids, names, sources, plan, evaluation.
 * May call: util.
 */
/*
 * The metric registry: one row per metric family (the base name of
 * swap_write_pages{origin=writeback}) holding everything about it: unit,
 * kind, help, where the core session gets it (hook candidates, counter
 * slot, kernel counter files), the parts of a ratio, which way is better,
 * and its Prometheus name and scale. The planner, the session's
 * evaluation, the record, the comparison, zswaptop and the exporter all
 * read these rows; adding a metric is adding a row (and its BPF counter).
 */
#ifndef __METRIC_REGISTRY_H
#define __METRIC_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>
#include "histogram.h"
#include "planner.h"

enum metric_kind {
	MK_COUNT,	/* events in the window */
	MK_LEVEL,	/* a value read at the end of the window (and, in a
			 * record, sampled through it: level_stats.h) */
	MK_RATIO,	/* num / den of the same window (and labels) */
	MK_HIST,	/* a histogram only */
};

enum direction {
	DIR_NEUTRAL,		/* a change is neither better nor worse */
	DIR_HIGHER_BETTER,
	DIR_LOWER_BETTER,
};

/* Which way is better, and whether a worse change fails the gate. */
struct metric_direction {
	enum direction dir;
	bool gating;		/* a significant worse change fails by default */
	const char *why;
};

/* Prometheus export of a family's values and of its histograms. */
struct metric_prom {
	const char *name;	/* NULL: values not exported (skip says why) */
	double scale;		/* to the base unit: ns -> s is 1e-9; 0 means 1 */
	bool gauge;		/* a count exported as a gauge (may go down) */
	const char *skip;
	const char *hist;	/* histogram name, NULL: none */
	const char *hist_help;
	const int *slots;	/* slots whose upper bound is a bucket's le */
	int nslots;
};

#define MF_MAX_VALUES 2

/* A label whose values are a closed set: any other value is a typo. */
struct metric_label_values {
	const char *key;
	const char *const *values;	/* NULL-terminated */
};

/*
 * The key-value sets of the counter files whose every key is a metric
 * (kv_families.c): a row with a group describes one key of it; the
 * group's suffix row takes the keys no row describes.
 */
enum kv_group {
	KV_NONE,
	KV_DEBUGFS,		/* debugfs zswap/: name = the file */
	KV_MTHP,		/* mthp_<stat>{size=<N>kB} */
	KV_MEMORY_EVENTS,	/* memory_events_<key>{cgroup=} */
	KV_MEMORY_STAT,		/* memory_stat_<zsw*>{cgroup=} */
	KV_NR,
};

/*
 * zswaptop's rates panel: a family with a label there is one of its lines
 * (one per value of the family's label), at place order; while it is n/a
 * and alt has a value, alt is shown instead under alt_label.
 */
struct metric_top {
	const char *label[MF_MAX_VALUES];
	int order[MF_MAX_VALUES];
	bool percent;		/* a ratio shown as % */
	const char *alt_label;	/* NULL: no alt */
	int alt;		/* a family id */
};

struct metric_family {
	const char *name;
	const char *unit;
	enum metric_kind kind;
	const char *help;	/* one sentence, also the Prometheus help */
	/*
	 * The core session plans these families: one plan row per value of
	 * label (or one row when values[0] is NULL), each from the counter
	 * slot[] of the same index when a hook is the source.
	 */
	struct metric_src srcs[MAX_SRCS];
	const char *label;
	const char *values[MF_MAX_VALUES];
	int slot[MF_MAX_VALUES];
	/* a histogram from the BPF hists map too: its slot per value */
	bool hist;
	int hslot[MF_MAX_VALUES];
	enum hist_kind hkind;
	/* the label's value is appended to the name: reject_<reason> */
	bool suffix;
	/*
	 * The label keys of the metrics records carry, one "k1,k2" string
	 * per combination, keys in the order records write them ("" for
	 * none); NULL: label alone (none for a suffix family). Claims
	 * names are checked against them (metric_name_check.h).
	 */
	const char *const *keys;
	/* labels whose values are a closed set (label's own: values[]) */
	const struct metric_label_values *closed;
	/*
	 * Only present once non-zero: absent at a window's start means 0,
	 * and so does absent from a record that has a metric of family
	 * sparse_with, which its source always writes (the source was on).
	 */
	bool sparse;
	int sparse_with;
	/* MK_RATIO: scale * num / den over the same labels; empty: den == 0 */
	int num, den;
	double ratio_scale;
	const char *empty;	/* "no %s bios in the window" (%s: value) */
	struct metric_direction dir;
	/* for this value of label, value_dir instead (pages_per_bio) */
	const char *gating_value;
	struct metric_direction value_dir;
	struct metric_prom prom;
	struct metric_top top;
	/* read from this key-value set, by name (values: always recorded) */
	enum kv_group kv;
	/*
	 * A level the core session samples through a record's window:
	 * KEY{stat=mean|max|min} beside its end value (level_stats.h).
	 */
	bool sampled;
};

/* Family ids: the core's planned families first, in plan order. */
enum metric_family_id {
	MF_STORE_CALLS,
	MF_STORE_SUCCESS,
	MF_STORE_REJECT,
	MF_REJECT_RATE,
	MF_STORE_LATENCY,
	MF_LOAD_CALLS,
	MF_LOAD_HITS,
	MF_LOAD_LATENCY,
	MF_WRITTEN_BACK,
	MF_WRITEBACK_FAILURES,
	MF_WRITEBACK_LATENCY,
	MF_SHRINK_WORKER_WAKEUPS,
	MF_SHRINK_MEMCG_CALLS,
	MF_SHRINKER_SCAN_CALLS,
	MF_SHRINKER_SLAB_PASSES,
	MF_SHRINKER_FREED,
	MF_POOL_LIMIT_HIT,
	MF_POOL_BYTES,
	MF_STORED_PAGES,
	MF_COMPRESSION_RATIO,
	MF_SWAP_WRITE_BIOS,
	MF_SWAP_WRITE_PAGES,
	MF_PAGES_PER_BIO,
	MF_PSWPIN,
	MF_PSWPOUT,
	MF_ZSWPIN,
	MF_ZSWPOUT,
	MF_ZSWPWB,
	MF_CGROUP_ZSWPOUT,
	MF_CGROUP_ZSWPIN,
	MF_CGROUP_ZSWPWB,
	/* more of vmstat and debugfs zswap/, each its own file */
	MF_SWPOUT_ZERO,
	MF_SWPIN_ZERO,
	MF_PGMAJFAULT,
	MF_SWAP_RA,
	MF_SWAP_RA_HIT,
	MF_THP_SWPOUT,
	MF_THP_SWPOUT_FALLBACK,
	MF_WORKINGSET_REFAULT_ANON,
	MF_WORKINGSET_REFAULT_FILE,
	MF_WORKINGSET_ACTIVATE_ANON,
	MF_WORKINGSET_ACTIVATE_FILE,
	MF_WORKINGSET_RESTORE_ANON,
	MF_WORKINGSET_RESTORE_FILE,
	MF_PGSCAN_KSWAPD,
	MF_PGSCAN_DIRECT,
	MF_PGSTEAL_KSWAPD,
	MF_PGSTEAL_DIRECT,
	MF_POOL_TOTAL_SIZE,
	MF_DECOMPRESS_FAIL,
	MF_STORED_INCOMPRESSIBLE,
	MF_SAME_FILLED,
	MF_DUPLICATE_ENTRY,
	/* the crypto calls of stores, loads and writeback; invalidations */
	MF_COMPRESS_LATENCY,
	MF_DECOMPRESS_LATENCY,
	MF_COMPRESSED_BYTES,
	MF_INVALIDATE_CALLS,
	MF_PLANNED_NR,		/* the rest are not planned by the core */
	MF_REJECT = MF_PLANNED_NR,
	MF_RINGBUF_DROPS,
	MF_MAP_FULL_DROPS,
	MF_BPF_MISSED_RUNS,
	/* zswap-lockstat, record --locks */
	MF_LOCK_CONTENTIONS,
	MF_LOCK_FAILURES,
	MF_LOCK_WAIT,
	MF_LOCK_PENDING,
	MF_LOCK_WALKS,
	MF_LOCK_UNTIMED,
	/* iostall, record --iocost */
	MF_IOCOST_DEBT,
	MF_IOCOST_WAIT,
	MF_IOCOST_INDELAY,
	MF_IOCOST_USAGE,
	MF_IO_STAT_COST_INDEBT,
	MF_IO_STAT_COST_WAIT,
	MF_IO_STAT_COST_INDELAY,
	MF_IO_STAT_COST_USAGE,
	MF_IOCOST_FORGIVE,
	MF_IOCOST_ACTIVATIONS,
	MF_IOCOST_INUSE_ADJ,
	MF_IOCOST_DELAY_MAX,
	MF_IOCOST_DEBT_MAX,
	MF_IOCOST_HWEIGHT_INUSE,
	MF_IO_PRESSURE_FULL,
	MF_MEMORY_PRESSURE_FULL,
	MF_CGROUP_ZSWAP_BYTES,
	MF_CGROUP_ZSWAP_MEAN,
	MF_CGROUP_ZSWAP_MAX,
	MF_CGROUP_OOM_KILLS,
	MF_IO_STAT_WIOS,
	MF_WRITE_REQUESTS,
	MF_SWAP_WRITE_REQUESTS,
	MF_PAGES_PER_SWAP_WRITE,
	MF_ZSWAP_WB_BIOS,
	MF_ZSWAP_WB_PAGES,
	MF_ZSWAP_WB_REQ_SWAP_SHARE,
	MF_ZSWAP_WB_REQ_BACKGROUND_SHARE,
	MF_ZSWAP_WB_CHARGED_ROOT_SHARE,
	MF_WB_OFFCPU_US,
	MF_WB_OFFCPU_SLEEPS,
	MF_WB_OFFCPU_NS,
	MF_WB_OFFCPU_THROTTLED,
	MF_WB_THROTTLED_US,
	MF_THROTTLED_SLEEP_US,
	MF_THROTTLED_SLEEPS,
	MF_THROTTLED_WAIT_US,
	MF_WB_OFFCPU_TASKS,
	MF_IOSTALL_STACK_FAILURES,
	MF_IOSTALL_MAP_FULL,
	MF_IOCOST_VRATE_ADJ,
	MF_IOCOST_VRATE_PCT,
	/* read by key from a counter file's set (kv_families.c) */
	MF_DEBUGFS_OTHER,
	MF_MTHP_ANON_FAULT_ALLOC,
	MF_MTHP_ANON_FAULT_FALLBACK,
	MF_MTHP_ANON_FAULT_FALLBACK_CHARGE,
	MF_MTHP_ZSWPOUT,
	MF_MTHP_SWPOUT,
	MF_MTHP_SWPOUT_FALLBACK,
	MF_MTHP_SWPIN,
	MF_MTHP_SWPIN_FALLBACK,
	MF_MTHP_SWPIN_FALLBACK_CHARGE,
	MF_MTHP_SHMEM_ALLOC,
	MF_MTHP_SHMEM_FALLBACK,
	MF_MTHP_SHMEM_FALLBACK_CHARGE,
	MF_MTHP_SPLIT,
	MF_MTHP_SPLIT_FAILED,
	MF_MTHP_SPLIT_DEFERRED,
	MF_MTHP_NR_ANON,
	MF_MTHP_NR_ANON_PARTIAL,
	MF_MTHP_OTHER,
	MF_MEMORY_EVENTS,
	MF_MEMORY_STAT_ZSWAP,
	MF_MEMORY_STAT_ZSWAPPED,
	MF_MEMORY_STAT_ZSWPOUT,
	MF_MEMORY_STAT_ZSWPIN,
	MF_MEMORY_STAT_ZSWPWB,
	MF_MEMORY_STAT_OTHER,
	MF_MEMORY_CURRENT,
	/* the record's own */
	MF_WALL_TIME,
	MF_CPU_USER,
	MF_CPU_SYS,
	MF_NR,
};

extern const struct metric_family metric_families[MF_NR];

/* A family's row by id, or NULL for an id out of range. */
const struct metric_family *metric_family(int id);
int metric_family_id(const struct metric_family *f);
/* A ratio the registry gives num and den for (not a bare share). */
bool metric_family_has_parts(const struct metric_family *f);
/*
 * A ratio family's value from its parts: scale * num / den into *v, or
 * false with the row's reason when den is 0 (label_value fills its %s).
 */
bool metric_family_ratio(const struct metric_family *f, double num, double den,
			 const char *label_value, double *v, char *why,
			 size_t len);
/* Direction of a family for one value of its label (NULL: none). */
const struct metric_direction *metric_family_direction(
	const struct metric_family *f, const char *label_value);
/* The neutral direction of metrics no row describes (workload figures). */
extern const struct metric_direction metric_direction_neutral;

#endif /* __METRIC_REGISTRY_H */
