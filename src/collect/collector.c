// SPDX-License-Identifier: GPL-2.0
/* The session and its modules, driven as one. */
#include <string.h>
#include <time.h>
#include "collector.h"
#include "ksyms.h"

int collector_open(struct collector *c, const struct session_opts *opts)
{
	int err;

	memset(c, 0, sizeof(*c));
	if (!opts)
		return 0;
	err = session_open(&c->s, opts);
	/* as before the collector: a session that failed to open is left */
	c->open = !err;
	if (err)
		c->error = c->s.error;
	return err;
}

int collector_add(struct collector *c, const struct collector_module *m)
{
	if (c->nr_mods == COLLECTOR_MAX_MODULES)
		return zs_error_set(&c->error, false, "more than %d modules",
				    COLLECTOR_MAX_MODULES);
	c->mods[c->nr_mods++] = *m;
	return 0;
}

struct collector_module *collector_module(struct collector *c,
					  const char *name)
{
	for (int i = 0; i < c->nr_mods; i++)
		if (!strcmp(c->mods[i].name, name))
			return &c->mods[i];
	return NULL;
}

/* Runs of every program the kernel skipped since load (recursion_misses). */
static unsigned long long missed_runs(struct collector *c)
{
	struct prog_stats ps[128];

	return prog_stats_missed(ps, collector_prog_stats(c, ps, 128));
}

int collector_begin(struct collector *c)
{
	/* everything is loaded: long-running tools keep no kallsyms copy */
	ksyms_cache_release();
	if (c->open && session_begin(&c->s))
		return -1;
	for (int i = 0; i < c->nr_mods; i++)
		if (c->mods[i].begin(c->mods[i].ctx))
			return -1;
	c->missed_base = missed_runs(c);
	c->ticks = c->tick_cpu_ns = 0;
	return 0;
}

static unsigned long long thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

void collector_tick(struct collector *c)
{
	unsigned long long t0 = thread_cpu_ns();

	if (c->open)
		session_tick(&c->s);
	for (int i = 0; i < c->nr_mods; i++)
		if (c->mods[i].tick)
			c->mods[i].tick(c->mods[i].ctx);
	c->tick_cpu_ns += thread_cpu_ns() - t0;
	c->ticks++;
}

void collector_stop(struct collector *c)
{
	/* modules first: iostall reads the session's writeback tags */
	for (int i = c->nr_mods - 1; i >= 0; i--)
		c->mods[i].stop(c->mods[i].ctx);
	if (c->open)
		session_stop(&c->s);
}

int collector_collect(struct collector *c, struct metric_set *out)
{
	unsigned long long missed;

	if (c->open && session_collect(&c->s, out))
		return -1;
	for (int i = 0; i < c->nr_mods; i++) {
		struct collector_module *m = &c->mods[i];
		struct metric_set ms = {};
		int err;

		if (!m->collect)
			continue;
		err = m->collect(m->ctx, &ms);
		if (!err)
			err = metric_set_merge(out, &ms, m->skip);
		metric_set_free(&ms);
		if (err)
			return -1;
	}
	missed = missed_runs(c) - c->missed_base;
	if (missed && c->open)
		session_note(&c->s, "the kernel skipped %llu runs of BPF programs "
			     "already running on that CPU: counts may be short, or "
			     "bio origins wrong, by that many", missed);
	return metric_add(out, MF_BPF_MISSED_RUNS, NULL, 0, SRC_TRACEPOINT,
			  missed) ? 0 : -1;
}

int collector_prog_stats(struct collector *c, struct prog_stats *out, int max)
{
	int n = c->open ? session_prog_stats(&c->s, out, max) : 0;

	for (int i = 0; i < c->nr_mods; i++)
		if (c->mods[i].prog_stats)
			n += c->mods[i].prog_stats(c->mods[i].ctx, out + n,
						   max - n);
	/* the samples' cost is the recorder's too (bench/cpushare.sh sums it) */
	if (c->ticks && n < max)
		out[n++] = (struct prog_stats){ .name = "collector_tick",
			.run_cnt = c->ticks, .run_time_ns = c->tick_cpu_ns };
	return n;
}

void collector_close(struct collector *c)
{
	for (int i = c->nr_mods - 1; i >= 0; i--)
		c->mods[i].close(c->mods[i].ctx);
	c->nr_mods = 0;
	if (c->open)
		session_close(&c->s);
	c->open = false;
}
