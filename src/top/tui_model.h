/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room src/top/: zswaptop: the frame model, its layout, the screen, the cgroup table.
 * May call: util, metrics, collect, lock, iostall.
 */
/*
 * zswaptop's frame model: everything one screen shows, built from two
 * consecutive cumulative samples of the shared core (session_collect()
 * since one session_begin()), so the frames of a run add up to exactly
 * what `zswap-gate record` reports for the same window. Pure data: no
 * BPF, no terminal, so layouts can be tested on fixed models.
 */
#ifndef __TUI_MODEL_H
#define __TUI_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include "counters.h"
#include "metrics.h"
#include "planner.h"

#define TUI_HISTORY 240		/* samples kept for sparklines */
#define TUI_PATH_LEN 256
#define TUI_REASON_LEN 160

/* A cgroup as sampled: cumulative counts since the session began. */
struct tui_cg_sample {
	unsigned long long id;
	char path[TUI_PATH_LEN];
	bool has_counts;		/* zswpout/zswpin/zswpwb have a source */
	bool has_zswpwb;		/* ... and zswpwb too */
	unsigned long long zswpout, zswpin, zswpwb;
	bool has_zswap_bytes;
	unsigned long long zswap_bytes;
	bool has_mem_full;
	unsigned long long mem_full_us;
	bool has_io_full;
	unsigned long long io_full_us;
	bool has_iocost;		/* iostall (--iocost) reported the cgroup */
	unsigned long long iocost_debt_us;	/* since iostall began */
};

struct tui_cg_set {
	struct tui_cg_sample *rows;
	size_t n, cap;
};

/* Everything read at one moment. */
struct tui_sample {
	double t;			/* monotonic seconds */
	struct metric_set ms;		/* cumulative since session_begin */
	struct tui_cg_set cg;
	bool has_cg;			/* cgroup data was read */
	char cg_reason[TUI_REASON_LEN];	/* why not */
	char counts_reason[TUI_REASON_LEN];	/* why a row has no counts */
	char zswpwb_reason[TUI_REASON_LEN];	/* why it has no zswpwb */
	bool counts_subtree;		/* counts from memory.stat: with descendants */
	char iocost_reason[TUI_REASON_LEN];	/* why iocost cells are n/a */
	struct zswap_params params;
	double mem_total;		/* bytes, 0 if unknown */
};

/* Table columns; also the sort keys. */
enum tui_col {
	COL_CGROUP,
	COL_ZSWAP_BYTES,
	COL_ZSWPOUT,
	COL_ZSWPIN,
	COL_ZSWPWB,
	COL_MEM_FULL,
	COL_IO_FULL,
	COL_IOCOST,
	COL_NR,
};

extern const char *const tui_col_names[COL_NR];

/* One cgroup row of a frame: rates over the window. */
struct tui_cg_row {
	unsigned long long id;
	char path[TUI_PATH_LEN];
	bool has[COL_NR];
	double v[COL_NR];		/* COL_CGROUP unused */
};

enum tui_series {
	SER_STORES,
	SER_LOADS,
	SER_WRITEBACKS,
	SER_REJECTS,
	SER_PSWPOUT,
	SER_PSWPIN,
	SER_NR,
};

extern const char *const tui_series_names[SER_NR];

struct tui_history {
	double v[SER_NR][TUI_HISTORY];	/* per second; NAN when n/a */
	int n;				/* valid samples, up to TUI_HISTORY */
	int head;			/* next slot to write */
};

struct tui_model {
	/* header facts */
	char kernel[128];
	char clock[16];			/* HH:MM:SS of the frame's end */
	struct zswap_params params;
	double mem_total;
	int plan_counts[SRC_NR];	/* metrics by chosen source */
	char notes[4][160];
	int nr_notes;
	double interval;		/* requested, seconds */
	/* the window */
	int frame;			/* 1 for the first window */
	double secs;			/* window length */
	struct metric_set win;		/* counts of the window, gauges, ratios */
	/* per cgroup */
	struct tui_cg_row *rows;
	size_t nr_rows, cap_rows;
	bool has_cg;
	bool counts_subtree;		/* counts from memory.stat */
	char cg_reason[TUI_REASON_LEN];
	char col_reason[COL_NR][TUI_REASON_LEN];	/* n/a cells, per column */
	/* lock contention: win holds lock_* metrics when locks is set */
	bool locks;
	char locks_reason[TUI_REASON_LEN];	/* why the lock panel is n/a */
	struct tui_history hist;
};

void tui_sample_free(struct tui_sample *s);
int tui_cg_set_add(struct tui_cg_set *set, const struct tui_cg_sample *row);
void tui_model_free(struct tui_model *m);

/* Header facts that do not change per window. */
void tui_model_set_plan(struct tui_model *m, const struct zs_plan *plan);
void tui_model_add_note(struct tui_model *m, const char *note);

/*
 * Builds window m->frame + 1 from samples a (start) and b (end): counts
 * become b - a, gauges take b's value, ratios are recomputed from the
 * window's counts, histograms are slot differences. Appends the rates to
 * the history ring. Returns 0, or -1 when out of memory.
 */
int tui_model_update(struct tui_model *m, const struct tui_sample *a,
		     const struct tui_sample *b);

/* How a metric combines over a window (from its registry row's kind). */
enum tui_kind {
	TK_COUNT,	/* a count: window value is a difference */
	TK_GAUGE,	/* a level: the end value */
	TK_RATIO,	/* recomputed from the window's parts */
};
enum tui_kind tui_metric_kind(const struct metric *x);

/*
 * The key of family fam's metric (src/metrics/metric_registry.h) for the
 * value index value of its label, or -1: a family without one.
 */
void tui_key(char *buf, size_t len, int fam, int value);
/* Window value of a metric; NULL when the sample has no such metric. */
const struct metric *tui_metric(const struct tui_model *m, int fam, int value);
/* Per second when the metric is a count, else the value. */
bool tui_rate(const struct tui_model *m, const struct metric *x, double *out);

#endif /* __TUI_MODEL_H */
