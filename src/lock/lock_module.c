// SPDX-License-Identifier: GPL-2.0
/* lock_session's calls as a collector module. */
#include "lock_module.h"

static int lm_begin(void *ctx)
{
	lock_session_begin(ctx);
	return 0;
}

static void lm_stop(void *ctx)
{
	lock_session_stop(ctx);
}

static void lm_tick(void *ctx)
{
	lock_session_tick(ctx);
}

static int lm_collect(void *ctx, struct metric_set *out)
{
	return lock_session_metrics(ctx, out);
}

static int lm_prog_stats(void *ctx, struct prog_stats *out, int max)
{
	return lock_session_prog_stats(ctx, out, max);
}

static void lm_close(void *ctx)
{
	lock_session_close(ctx);
}

int lock_module_open(struct collector *c, struct lock_session *ls,
		     const struct lock_session_opts *o,
		     bool (*skip)(const struct metric_id *id, const char *key))
{
	struct collector_module m = {
		.name = "lock", .ctx = ls, .begin = lm_begin, .stop = lm_stop,
		.collect = lm_collect, .prog_stats = lm_prog_stats,
		.close = lm_close, .tick = lm_tick,
		.skip = skip,
	};
	if (lock_session_open(ls, o)) {
		c->error = ls->err;
		lock_session_close(ls);
		return -1;
	}
	for (int i = 0; i < ls->nr_notes; i++)
		session_note(&c->s, "%s", ls->notes[i]);
	return collector_add(c, &m);
}
