/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zswap's parameters watched through an observation window: each change
 * someone made while it ran (which parameter, from what to what, when),
 * so a record that mixed two settings says so, even when the setting was
 * put back before the end. Pure: the caller reads the parameters.
 */
#ifndef __PARAM_WATCH_H
#define __PARAM_WATCH_H

#include <stddef.h>
#include "counters.h"

struct param_change {
	char param[32];
	char from[32], to[32];
	double at_s;		/* seen this long after the window's start */
};

#define PARAM_CHANGES_MAX 8

struct param_watch {
	struct zswap_params seen;	/* as last read */
	struct param_change ch[PARAM_CHANGES_MAX];
	int n;				/* kept in ch, oldest first */
	int dropped;			/* seen with ch full */
};

/* Starts watching from p, the values at the window's start. */
void param_watch_start(struct param_watch *w, const struct zswap_params *p);
/* p read at_s into the window: each parameter unlike the last seen is a change. */
void param_watch_sample(struct param_watch *w, const struct zswap_params *p,
			double at_s);
/*
 * The changes of ch[from..n) to parameter i of zswap_param_fields as one
 * sentence into buf ("zswap parameter P changed during the window (20 ->
 * 7 at +0.6 s, 7 -> 20 at +1.1 s)"); false when there are none.
 */
bool param_watch_describe(const struct param_watch *w, int from, int i,
			  char *buf, size_t len);
/* What a record's reader says of its changes: the first, and how many. */
void param_changes_summary(const struct param_change *ch, int n, char *buf,
			   size_t len);

#endif /* __PARAM_WATCH_H */
