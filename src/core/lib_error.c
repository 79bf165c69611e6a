// SPDX-License-Identifier: GPL-2.0
/* Library errors as values; see lib_error.h. */
#include <stdarg.h>
#include <stdio.h>
#include "lib_error.h"
#include "session.h"

int lib_error_set(struct lib_error *e, int err, bool bad_input,
		  const char *fmt, ...)
{
	va_list ap;

	e->msg[0] = '\0';
	e->bad_input = bad_input;
	if (fmt) {
		va_start(ap, fmt);
		vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
		va_end(ap);
	}
	return -err;
}

int lib_error_report(const struct lib_error *e)
{
	if (e->msg[0])
		fprintf(stderr, "error: %s\n", e->msg);
	return e->bad_input ? EXIT_USAGE : EXIT_FAIL;
}
