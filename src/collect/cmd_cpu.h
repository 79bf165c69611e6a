/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The recorded command's CPU time, cpu_user_s and cpu_sys_s: its cgroup's
 * cpu.stat where it runs in a cgroup of its own (--cgroup on cgroup v2,
 * which counts every task that ever ran there), else the rusage of its
 * process tree (the tool's RUSAGE_CHILDREN: the command and every
 * descendant reaped by it or, orphaned, by the tool).
 */
#ifndef __CMD_CPU_H
#define __CMD_CPU_H

#include <stdbool.h>
#include "metrics.h"

struct cmd_cpu {
	const char *cgroup;	/* --cgroup, or NULL */
	enum zs_src src;	/* SRC_COUNTER (cpu.stat) or SRC_RUSAGE */
	double user0, sys0;	/* seconds at the start */
};

/* User and system seconds of a cpu.stat text; false without both lines. */
bool cpu_stat_times(const char *text, double *user, double *sys);

/* Right before the command starts. */
void cmd_cpu_begin(struct cmd_cpu *c, const char *cgroup);
/*
 * Once the command has ended and its exited orphans are reaped: adds
 * cpu_user_s and cpu_sys_s of the window to out (n/a when the cgroup's
 * cpu.stat went away). -1 on ENOMEM.
 */
int cmd_cpu_end(struct cmd_cpu *c, struct metric_set *out);
/* A record without a command: both n/a, saying so. */
int cmd_cpu_none(struct metric_set *out);

#endif /* __CMD_CPU_H */
