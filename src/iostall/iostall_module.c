// SPDX-License-Identifier: GPL-2.0
/* iostall's calls as a collector module. */
#include "iostall_module.h"

static int im_begin(void *ctx)
{
	return iostall_begin(ctx);
}

static void im_stop(void *ctx)
{
	iostall_stop(ctx);
}

static int im_collect(void *ctx, struct metric_set *out)
{
	return iostall_collect(ctx, out);
}

static int im_prog_stats(void *ctx, struct prog_stats *out, int max)
{
	return iostall_prog_stats(ctx, out, max);
}

static void im_close(void *ctx)
{
	iostall_close(ctx);
}

int iostall_module_open(struct collector *c, struct iostall *st,
			const char *cgroup, bool verbose, bool collect)
{
	struct collector_module m = {
		.name = "iostall", .ctx = st, .begin = im_begin, .stop = im_stop,
		.collect = collect ? im_collect : NULL,
		.prog_stats = im_prog_stats, .close = im_close,
	};
	/* without the core session: the empty baseline (zswap-iostall --empty) */
	if (iostall_open(st, c->open ? &c->s : NULL, cgroup, !c->open, verbose,
			 &c->error)) {
		iostall_close(st);
		return -1;
	}
	return collector_add(c, &m);
}
