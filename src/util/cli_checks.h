/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Checks every tool makes on its input before anything runs, and on its
 * standard output at exit: one line on stderr naming the option or
 * path, and EXIT_USAGE (2).
 */
#ifndef __CLI_CHECKS_H
#define __CLI_CHECKS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include "zs_error.h"

/* Longest duration or interval any tool takes: 30 days. */
#define CLI_SECONDS_MAX (30 * 86400.0)

/*
 * Parses seconds for option opt ("--duration"): a finite number in
 * [min, max], nothing after it (nan, inf, 1e999, "5s" are refused).
 * Returns 0, or EXIT_USAGE with the line printed.
 */
int cli_parse_seconds(const char *opt, const char *arg, double min,
		      double max, double *out);

/*
 * A --cgroup PATH must be a directory on a cgroup file system (cgroup2,
 * or a cgroup v1 hierarchy); a regular file, /tmp or a missing path
 * would give a record of false zeros. Returns 0, or EXIT_USAGE with the
 * line printed.
 */
int cli_check_cgroup(const char *path);

/* True when cmd names an executable regular file (directly or in PATH). */
bool cli_command_runnable(const char *cmd);
/* The same as a check: 0, or EXIT_USAGE with the line printed. */
int cli_check_command(const char *cmd);

/*
 * Registered with atexit() first thing in main: flushes stdout and, when
 * a write failed (> /dev/full, a closed pipe), prints "write error" and
 * ends the process with EXIT_USAGE, so a lost report never exits 0.
 */
void cli_check_stdout_at_exit(void);

/*
 * fork() for a workload: the child gets SIGKILL when the tool dies (even
 * by SIGKILL), so no workload outlives it; a tool that died before the
 * child's prctl ends the child at once.
 */
pid_t cli_fork(void);

/* Prints "error: MSG" and returns the tool's exit code for e (2 or 1). */
int cli_error_exit(const struct zs_error *e);

#endif /* __CLI_CHECKS_H */
