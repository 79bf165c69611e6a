/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room src/collect/: collection: BPF load and attach, the collector, cgroups, levels, parameters.
 * May call: util, metrics.
 */
/*
 * The shared core every tool uses: checks the environment, plans hooks,
 * loads and attaches the BPF programs, and turns one observation window
 * (BPF maps plus the kernel's counter files) into a metric_set.
 */
#ifndef __SESSION_H
#define __SESSION_H

#include <limits.h>
#include <stdbool.h>
#include "cgroup_stats.h"
#include "counters.h"
#include "level_files.h"
#include "level_stats.h"
#include "metrics.h"
#include "param_watch.h"
#include "planner.h"
#include "prog_stats.h"
#include "zs_error.h"
#include "zswapstat.h"

#define DEBUGFS_ZSWAP "/sys/kernel/debug/zswap"
#define ZSWAP_PARAMS "/sys/module/zswap/parameters"
#define MAX_NOTES 12
#define MAX_LINKS 48

struct bpf_object;

typedef int (*event_fn)(void *ctx, const struct zs_event *e);

struct session_opts {
	bool no_fentry;
	bool no_kprobe;
	bool verbose;
	bool self_stats;	/* enable bpf_stats for run counts and time */
	bool bio_events;	/* ring buffer events: each swap write bio, slow op, run */
	unsigned long long slow_ns;
	const char *cgroup;	/* cgroup directory to observe, or NULL */
	/*
	 * Per-cgroup tables wanted (zswaptop, zswap-export --cgroups): only
	 * then does session_begin() take every cgroup's base, which without
	 * the memcg tracepoint means reading every cgroup's memory.stat.
	 * The memcg tracepoint is attached only with this or cgroup.
	 */
	bool cgroup_table;
	/*
	 * iostall reads the session's maps: the workers' writeback tags
	 * (its sleeps in writeback: shrink_worker's runs are tagged in the
	 * worker's task storage; else, on the workqueue tracepoints, a bio
	 * asks the workqueue which function its worker runs, no tag to
	 * write) and cg_bios, every write bio charged to its cgroup.
	 */
	bool iostall_reads;
	/*
	 * Sample the levels at the window's start, at each session_tick()
	 * and at its end: KEY{stat=mean|max|min} (record; level_stats.h).
	 */
	bool level_stats;
	event_fn on_event;
	void *event_ctx;
};

struct session {
	struct session_opts opts;
	struct zswapstat_bpf *skel;
	struct zs_plan plan;
	struct ring_buffer *rb;
	struct bpf_link *links[MAX_LINKS];
	int nr_links;
	int stats_fd;
	struct zs_snapshot before;
	unsigned long long base[ZC_NR];
	struct zs_hist_slots hbase[ZH_NR];
	struct zs_cgroup_counts cg_base;
	unsigned long long cgroup_id;
	int cgroup_counts_fd;		/* the BPF cgroup_counts map */
	struct cgroup_counts_set cg_bases;	/* every cgroup at session_begin */
	struct zswap_params params;	/* at the window's start */
	struct zswap_param_files param_files;	/* the same, kept open */
	/*
	 * Every change of them seen during the window (session_tick(), and
	 * session_collect()), times from t_begin (CLOCK_MONOTONIC seconds);
	 * the first `noted` and `dropped_noted` are in notes already.
	 */
	struct param_watch watch;
	double t_begin;
	struct level_files level_files;	/* what a sample of the levels reads */
	struct level_sampler levels;	/* their samples through the window */
	struct metric_set level_set;	/* a sample's levels (slots reused) */
	unsigned long ticks;		/* session_tick()s of the window */
	int noted, dropped_noted;
	char notes[MAX_NOTES][160];
	int nr_notes;
	bool window_changed;		/* parameters, debugfs or the cgroup
					 * changed during the last window */
	unsigned long long events;
	char kernel_release[128];
	struct zs_error error;		/* why the last call failed */
};

/* Checks privileges and BTF: 0, or -1 with e filled. */
int session_check_env(struct zs_error *e);
/* Plans with real probes, without loading anything: 0, or -1 (s->error). */
int session_plan(struct session *s, const struct session_opts *opts);
/* Plans, loads and attaches: 0, or -1 with s->error filled. */
int session_open(struct session *s, const struct session_opts *opts);
/*
 * Starts the window: snapshots counters and map values. Periodic tools
 * call it again to start the next window.
 */
int session_begin(struct session *s);
int session_poll(struct session *s, int timeout_ms);
/*
 * A sample during the window (record, every ~100 ms): zswap's parameters,
 * and at every LEVEL_TICK_EVERY-th the levels, with opts.level_stats.
 */
void session_tick(struct session *s);
/* Detaches the programs: ends the window exactly, before collecting. */
void session_stop(struct session *s);
/*
 * Fills out with the window from session_begin() to now. While attached
 * it may be called repeatedly (periodic tools); after session_stop() it
 * also drains every event of the window.
 */
int session_collect(struct session *s, struct metric_set *out);
int session_prog_stats(struct session *s, struct prog_stats *out, int max);
void session_close(struct session *s);
void session_note(struct session *s, const char *fmt, ...);
/*
 * Test mode ($ZSWAP_TEST_MAP_MAX, map_limits.h): shrinks obj's maps
 * (opened, not loaded), each named in a note of s, so in the record.
 */
void session_limit_maps(struct session *s, struct bpf_object *obj);
void plan_print(FILE *f, const struct zs_plan *plan);

#endif /* __SESSION_H */
