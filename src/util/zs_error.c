// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include "zs_error.h"

int zs_error_set(struct zs_error *e, bool usage, const char *fmt, ...)
{
	va_list ap;

	e->usage = usage;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return -1;
}
