// SPDX-License-Identifier: GPL-2.0
/* zswap-workload's messages on stderr, named by the running command. */
#include <stdarg.h>
#include <stdio.h>
#include "msg.h"
#include "workload.h"

static const char *current = "";

void wl_msg_command(const char *name)
{
	current = name;
}

void wl_msg(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s%s%s: ", WL_PROG, *current ? " " : "", current);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
