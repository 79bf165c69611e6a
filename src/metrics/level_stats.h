/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Levels over the window, not only at its end: the session samples its
 * level metrics (the pool's size, stored pages, the cgroup's
 * memory.zswap.current and memory.current ...) at the window's start, at
 * every LEVEL_TICK_EVERY-th tick of zswap-gate record's loop (~100 ms
 * apart) and at its end, and
 * records each level's mean (over time), largest and smallest sample as
 * KEY{stat=mean}, KEY{stat=max}, KEY{stat=min}. A pool that fills and
 * empties under a workload ends near 0: its peak is in the max. Pure: the
 * session hands in the sets it evaluated.
 */
#ifndef __LEVEL_STATS_H
#define __LEVEL_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include "metrics.h"

enum level_stat {
	LEVEL_STAT_MEAN,
	LEVEL_STAT_MAX,
	LEVEL_STAT_MIN,
	LEVEL_STAT_NR,
};

/* "mean, max, min": for messages. */
extern const char level_stat_list[];
const char *level_stat_word(enum level_stat st);
/*
 * Whether name ends in a {stat=S} suffix of a level's: 1 with the
 * level's key length in *base_len and S in *st; 0 without one; -1 for a
 * word that is no level statistic (*base_len still set).
 */
int level_stat_parse(const char *name, size_t *base_len, enum level_stat *st);

/* Fewer tick samples than this: the statistics are n/a. */
#define LEVEL_MIN_TICKS 2
/*
 * The levels are sampled at every second tick, 200 ms apart: at every
 * tick their files cost 0.33% of the workload's CPU in bench/run.sh,
 * over the 0.5% bar with the programs' (docs/benchmarks.md).
 */
#define LEVEL_TICK_EVERY 2

/* One level's samples: its time-weighted area, extremes, the last one. */
struct level_track {
	char key[METRIC_NAME_LEN];	/* at offset 0: name_index */
	double area;			/* trapezoids between samples */
	double t_first, t_last, v_last;
	double min, max;
	unsigned long n;
	unsigned long ticks;		/* of the n, the ticks' */
};

struct level_sampler {
	struct level_track *t;
	size_t n, cap;
	struct name_index ix;
	unsigned long ticks;		/* tick samples (not start and end) */
};

void level_sampler_free(struct level_sampler *ls);
/*
 * A sample of every level with a value in set (its row .sampled), at t
 * seconds into the window; tick: one of the loop's, not the window's
 * start or end. -1 on ENOMEM.
 */
int level_sampler_add(struct level_sampler *ls, const struct metric_set *set,
		      double t, bool tick);
/*
 * The statistic of key's samples into *v; false when fewer than
 * LEVEL_MIN_TICKS of them were the ticks' (the start and the end alone
 * say nothing of the window between).
 */
bool level_sampler_stat(const struct level_sampler *ls, const char *key,
			enum level_stat st, double *v);
/*
 * For every sampled level of out->m[from..to): KEY{stat=S} for each one,
 * or n/a with why (the level's own reason when it is n/a; too few ticks
 * in a window of window_s seconds). -1 on ENOMEM.
 */
int level_stats_eval(const struct level_sampler *ls, struct metric_set *out,
		     size_t from, size_t to, double window_s);

#endif /* __LEVEL_STATS_H */
