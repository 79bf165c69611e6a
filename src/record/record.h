/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room src/record/: record files: written, read back and checked, walked, summarised.
 * May call: util, metrics, collect.
 */
/*
 * Record files: one JSON document per observed run, schema
 * "zswap-record/1". Written through json-c; read back with every field
 * checked, so a truncated or foreign file is rejected with its position.
 */
#ifndef __RECORD_H
#define __RECORD_H

#include <stdbool.h>
#include "metrics.h"
#include "param_watch.h"
#include "planner.h"
#include "zs_error.h"

#define RECORD_SCHEMA "zswap-record/1"

struct record_meta {
	char kernel_release[128];
	char hostname[64];
	char cgroup[256];
	char zswap_enabled[8], compressor[32], zpool[32];
	char max_pool_percent[8], accept_threshold_percent[8];
	char shrinker_enabled[8];
	char **argv;		/* observed command, NULL-terminated, or NULL */
	/* the toolkit that wrote it (zswap_version()) and its command line,
	 * shell-quoted; "" in records written before they were kept */
	char toolkit_version[64];
	char cmdline[4096];
	double duration_s;	/* observation window */
	double wall_time_s;	/* of the command, or -1 */
	int exit_code;		/* of the command, or -1 */
	bool complete;
	long long start_unix;
	char notes[12][160];
	int nr_notes;
	/* zswap parameters someone changed during the window (the header
	 * holds the values at its start) */
	struct param_change param_changes[PARAM_CHANGES_MAX];
	int nr_param_changes;
};

struct prog_stats;
struct atomic_file;

/* Writes atomically (temp file + rename). Returns 0 or -errno. */
int record_write(const char *path, const struct record_meta *meta,
		 const struct zs_plan *plan, const struct metric_set *ms,
		 const struct prog_stats *ps, int nr_ps);
/*
 * Commits the record into an output opened before the run
 * (atomic_file_open), or discards it on failure. Returns 0 or -errno.
 */
int record_write_to(struct atomic_file *af, const struct record_meta *meta,
		    const struct zs_plan *plan, const struct metric_set *ms,
		    const struct prog_stats *ps, int nr_ps);

struct record {
	struct record_meta meta;
	struct metric_set metrics;
};

/*
 * Loads and validates a record. On failure returns -1 and writes
 * "FILE: at byte N: what" or "FILE: field PATH: what" into err.
 */
int record_load(const char *path, struct record *rec, struct zs_error *err);
#define RECORD_MAX_BYTES (256 << 20)
/*
 * The same from n bytes of text (path only names it in messages): the
 * whole buffer must be one JSON object, no NUL bytes, nothing after it.
 */
int record_parse(const char *path, const char *text, size_t n,
		 struct record *rec, struct zs_error *err);
/*
 * A value read from a record: finite, at most 1e30 in magnitude (the
 * statistics stay finite), not negative in a count unit (unit_is_count).
 * -1 with "FILE: KIND NAME: why" in err (kind: "metric", "field", ...).
 */
int record_check_value(const char *file, const char *kind, const char *name,
		       const char *unit, double v, struct zs_error *err);
bool unit_is_count(const char *unit);
void record_free(struct record *rec);

/* Adds a note to m (the last one is overwritten when all 12 are taken). */
void record_note(struct record_meta *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Options of `record` whose programs run inside the calls the latency
 * histograms time (store_latency_ns, load_latency_ns,
 * writeback_latency_ns), so those read higher than without them.
 */
enum record_probe_opt {
	RPO_LOCKS,	/* --locks */
	RPO_IOCOST,	/* --iocost */
	RPO_NR,
};
#define RPO_BIT(o) (1u << (o))

/* "--locks", "--iocost" */
const char *record_probe_opt_name(int opt);
/* Whether the option's probes inflate the latency histograms. */
bool record_probe_opt_inflates(int opt);
/*
 * The options (RPO_BIT mask) a record was taken with, told by the
 * metrics only they add, so records from before the notes say it too.
 */
unsigned int record_probe_opts(const struct metric_set *ms);
/* Whether ms holds a latency histogram the options' probes inflate. */
bool record_has_latency(const struct metric_set *ms);
/*
 * The note of each option in opts that inflates the latency histograms,
 * added to m when ms holds one of them.
 */
void record_note_probes(struct record_meta *m, unsigned int opts,
			const struct metric_set *ms);

/*
 * A zswap parameter as the record's header has it ("" when the record
 * did not say), NULL for a name the header does not have.
 */
const char *record_zswap_param(const struct record_meta *m, const char *name);

#endif /* __RECORD_H */
