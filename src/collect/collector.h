/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One collector for every tool: the core session and, on request, the
 * lock and iostall modules, opened, begun, stopped, collected and closed
 * together. A module is a set of callbacks (lock/lock_module.c,
 * iostall/iostall_module.c register theirs), so a tool links only the
 * modules it uses.
 */
#ifndef __COLLECTOR_H
#define __COLLECTOR_H

#include <stdbool.h>
#include "metrics.h"
#include "session.h"

struct collector_module {
	const char *name;
	void *ctx;
	int (*begin)(void *ctx);
	void (*stop)(void *ctx);
	/* NULL: the tool reads the module itself (zswaptop's iocost column) */
	int (*collect)(void *ctx, struct metric_set *out);
	int (*prog_stats)(void *ctx, struct prog_stats *out, int max);
	void (*close)(void *ctx);
	/* called every ~100 ms of the window by a tool that samples (or NULL) */
	void (*tick)(void *ctx);
	/* metrics of this module a tool leaves out (NULL: none) */
	bool (*skip)(const struct metric_id *id, const char *key);
};

#define COLLECTOR_MAX_MODULES 2

struct collector {
	struct session s;
	struct zs_error error;	/* why the last open or add failed */
	bool open;		/* the core session is open */
	struct collector_module mods[COLLECTOR_MAX_MODULES];
	int nr_mods;
	unsigned long long missed_base;	/* programs' skipped runs at begin */
	/* collector_tick()'s calls and their CPU time (--self-stats) */
	unsigned long long ticks, tick_cpu_ns;
};

/*
 * Opens the core session: 0, or -1 with c->error filled. opts NULL: no
 * core session, the modules alone (zswap-iostall --empty).
 */
int collector_open(struct collector *c, const struct session_opts *opts);
/* Adds an opened module (the collector closes it from now on): 0 or -1. */
int collector_add(struct collector *c, const struct collector_module *m);
/* The module added under name, or NULL. */
struct collector_module *collector_module(struct collector *c,
					  const char *name);
/* Starts the window of the session and every module; -1 on failure. */
int collector_begin(struct collector *c);
/*
 * The samples taken during the window (record's loop): zswap's
 * parameters, and the modules' own.
 */
void collector_tick(struct collector *c);
/* Detaches everything: the window ends here, before collecting. */
void collector_stop(struct collector *c);
/*
 * The session's metrics, then each module's, and bpf_missed_runs: the
 * runs of all their programs the kernel skipped; -1 on failure.
 */
int collector_collect(struct collector *c, struct metric_set *out);
/*
 * Each program's bpf_stats, and the ticks' own CPU time as one more row
 * ("collector_tick": calls and CPU ns) once the window had ticks.
 */
int collector_prog_stats(struct collector *c, struct prog_stats *out, int max);
void collector_close(struct collector *c);

#endif /* __COLLECTOR_H */
