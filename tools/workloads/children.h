/* SPDX-License-Identifier: GPL-2.0 */
/* Child processes of the multi-process workloads (build, swappers). */
#ifndef __CHILDREN_H
#define __CHILDREN_H

#include <stdbool.h>
#include <sys/types.h>

/*
 * fork(); the child is killed with its parent, so a workload stopped by
 * the recorder or a test leaves no process behind in the cgroup.
 */
pid_t child_fork(void);
/* True when status (from waitpid) is exit 0; else says why, naming what. */
bool child_ok(int status, const char *what);

#endif /* __CHILDREN_H */
