/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Why a library call failed. The library returns a negative errno and
 * fills the message; the main prints it and picks the exit code, so the
 * library neither prints errors nor decides how the process ends.
 */
#ifndef __LIB_ERROR_H
#define __LIB_ERROR_H

#include <stdbool.h>

struct lib_error {
	char msg[256];		/* printed after "error: "; empty: nothing */
	bool bad_input;		/* the caller's input is at fault, not the system */
};

/* Fills e (fmt may be NULL: no message) and returns -err, err > 0. */
__attribute__((format(printf, 4, 5)))
int lib_error_set(struct lib_error *e, int err, bool bad_input,
		  const char *fmt, ...);

/* For a main: prints the message; EXIT_USAGE for bad input, else EXIT_FAIL. */
int lib_error_report(const struct lib_error *e);

#endif /* __LIB_ERROR_H */
