/* SPDX-License-Identifier: GPL-2.0 */
/* Child processes of the multi-process workloads (build, swappers, usemem). */
#ifndef __CHILDREN_H
#define __CHILDREN_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * fork(); the child is killed with its parent, so a workload stopped by
 * the recorder or a test leaves no process behind in the cgroup.
 */
pid_t child_fork(void);
/* True when status (from waitpid) is exit 0; else says why, naming what. */
bool child_ok(int status, const char *what);

/*
 * From here on SIGINT, SIGTERM, SIGHUP and SIGQUIT no longer end this
 * process: they are passed on to the children child_fork() makes (up to
 * max of them, which start with the signals' actions as they were) and
 * children_stopped() says which came. For a workload that changed the
 * system's state (usemem's --thp) and must put it back before it exits.
 * 0, or -1 when out of memory.
 */
int children_catch_stop_signals(size_t max);
int children_stopped(void);

/*
 * Forks n children, each running body(i, gate, arg), which waits for the
 * release with children_gate_wait(gate) once it is ready and never
 * returns. Releases them all at once when all are forked (*t0 = then),
 * and reaps them. True when every one exited 0.
 */
bool children_run(unsigned long n, void (*body)(unsigned long i, int gate, void *arg),
		  void *arg, uint64_t *t0);
void children_gate_wait(int gate);

#endif /* __CHILDREN_H */
