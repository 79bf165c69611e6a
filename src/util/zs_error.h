/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room src/util/: errors, exit codes, atomic files, JSON out, text cleaning, options, version, spawn.
 * May call: nothing.
 */
/*
 * An error of library code: what went wrong, and whether the user's input
 * or environment is at fault (the tools exit 2) or the run failed (exit
 * 1). Library code fills one and returns -1; the tools' mains print it
 * (cli_error_exit()) and choose the exit code.
 */
#ifndef __ZS_ERROR_H
#define __ZS_ERROR_H

#include <stdbool.h>

/* Exit codes shared by the tools. */
enum {
	EXIT_OK = 0,
	EXIT_FAIL = 1,		/* runtime failure, or gate regression */
	EXIT_USAGE = 2,		/* bad input or environment */
};

struct zs_error {
	bool usage;
	char msg[1024];
};

/* Fills e (printf format) and returns -1. */
int zs_error_set(struct zs_error *e, bool usage, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* __ZS_ERROR_H */
