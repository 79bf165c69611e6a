/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-cgroup zswap rows shared by the tools (zswaptop, zswap-export): the
 * BPF memcg-event counts of the session's cgroup_counts map (else each
 * cgroup2 memory.stat), keyed by the memcg's kernfs id, joined with each
 * cgroup's own files. Ids are turned into paths by walking the memory
 * controller's hierarchy once and caching the result, so a table of 500
 * cgroups costs a few stat()s.
 */
#ifndef __CGROUP_STATS_H
#define __CGROUP_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include "zswapstat.h"

struct session;

struct cgroup_row {
	unsigned long long id;		/* cgroup id = kernfs node id (inode) */
	char path[256];			/* relative to its hierarchy mount, "/" for root */
	bool path_known;		/* false: removed before it was resolved */
	/* since session_begin, from the table's src */
	unsigned long long zswpout, zswpin, zswpwb;
	/* memory.zswap.current, else memory.stat zswap */
	bool has_zswap_bytes;  unsigned long long zswap_bytes;
	bool has_mem_full;     unsigned long long mem_pressure_full_us; /* memory.pressure full total */
	bool has_io_full;      unsigned long long io_pressure_full_us;  /* io.pressure full total */
	bool has_zswapped;     unsigned long long zswapped_bytes;	/* memory.stat zswapped */
	/* memory.events high and max (cgroup v2) */
	bool has_events;       unsigned long long events_high, events_max;
};

/*
 * Where a row's zswpout/zswpin/zswpwb come from: the BPF memcg events
 * (the cgroup's own), or cgroup2 memory.stat on kernels without the
 * count_memcg_events tracepoint (the cgroup and its descendants), or
 * nowhere (no tracepoint, cgroup v1).
 */
enum cgroup_counts_src { CGC_NONE, CGC_BPF, CGC_MEMORY_STAT };

struct cgroup_table {
	struct cgroup_row *rows;
	size_t n, cap;
	enum cgroup_counts_src src;
	bool has_zswpwb;	/* memory.stat has zswpwb only from 6.8 */
};

/*
 * Every cgroup with zswap events in the session's cgroup_counts map, plus the
 * session's --cgroup; ids resolved to paths by walking the memory hierarchy
 * (v1 memory mount or cgroup2). Returns 0 or -errno.
 */
int cgroup_table_read(struct session *s, struct cgroup_table *t);
void cgroup_table_free(struct cgroup_table *t);

/* ---- building blocks (the session and the unit tests use them) ---- */

/* Counts of every cgroup in the map at one moment, sorted by id. */
struct cgroup_counts_set {
	unsigned long long *ids;
	struct zs_cgroup_counts *counts;
	size_t n, cap;
};

/*
 * One cgroup's counts in the session's cgroup_counts map (per CPU: summed
 * here). Returns 0, or -errno (-ENOENT: no events counted for it).
 */
int cgroup_counts_lookup(int map_fd, unsigned long long id,
			 struct zs_cgroup_counts *out);
/* Reads the whole cgroup_counts map. Returns 0 or -errno. */
int cgroup_counts_read(int map_fd, struct cgroup_counts_set *out);
/*
 * The session's counts of every cgroup: its BPF map where the kernel has
 * the count_memcg_events tracepoint, else every cgroup2 memory.stat;
 * with neither, the (empty) BPF map and *src CGC_NONE. *has_zswpwb is
 * false when memory.stat lacks zswpwb. Returns 0 or -errno.
 */
int cgroup_counts_snapshot(struct session *s, struct cgroup_counts_set *out,
			   enum cgroup_counts_src *src, bool *has_zswpwb);
/* Adds one entry (ids may come in any order; sorted by the caller). */
int cgroup_counts_add(struct cgroup_counts_set *set, unsigned long long id,
		      const struct zs_cgroup_counts *c);
void cgroup_counts_sort(struct cgroup_counts_set *set);
const struct zs_cgroup_counts *
cgroup_counts_find(const struct cgroup_counts_set *set, unsigned long long id);
void cgroup_counts_free(struct cgroup_counts_set *set);

/*
 * The mount point of the memory controller's hierarchy in a mountinfo
 * text: a v1 "cgroup" mount with the memory option, else a cgroup2 mount.
 * Returns 0, or -ENOENT when there is none.
 */
int cgroup_memory_mount(const char *mountinfo, char *out, size_t len);
/* The same of this process's /proc/self/mountinfo: 0 or -errno. */
int cgroup_hierarchy_mount(char *out, size_t len);

/* id -> path cache over one hierarchy. */
struct cgroup_paths;

struct cgroup_paths *cgroup_paths_new(const char *mount);
void cgroup_paths_free(struct cgroup_paths *c);
const char *cgroup_paths_mount(const struct cgroup_paths *c);
/*
 * Path of cgroup id relative to the mount ("/" for the root). A cached
 * path is checked with one stat(); a miss walks the hierarchy again, at
 * most once per cgroup_paths_next_round(). Returns 0 or -ENOENT.
 */
int cgroup_paths_lookup(struct cgroup_paths *c, unsigned long long id,
			char *out, size_t len);
void cgroup_paths_next_round(struct cgroup_paths *c);
/*
 * zswpout/zswpin/zswpwb of every cgroup in its memory.stat (cgroup2
 * only: v1's has no such lines). Walks the hierarchy. Returns 0 or
 * -errno; *has_zswpwb: some memory.stat had the line.
 */
int cgroup_counts_read_memstat(struct cgroup_paths *c,
			       struct cgroup_counts_set *out, bool *has_zswpwb);
unsigned int cgroup_paths_walks(const struct cgroup_paths *c);

/* Fills the rows' file fields from the cgroup's directory (mount + path). */
void cgroup_row_read_files(struct cgroup_row *r, const char *dir);

/*
 * Builds rows from counts now minus counts at the window's start (absent
 * from base: all of it), plus extra_id (0: none) even without events.
 */
int cgroup_table_build(struct cgroup_table *t, struct cgroup_paths *c,
		       const struct cgroup_counts_set *now,
		       const struct cgroup_counts_set *base,
		       unsigned long long extra_id);

#endif /* __CGROUP_STATS_H */
