// SPDX-License-Identifier: GPL-2.0
/* The version string every tool's --version, records and build_info share. */
#include "version.h"

/* a build outside the Makefile still compiles; it just cannot say */
#ifndef ZSWAP_VERSION
#define ZSWAP_VERSION "unknown"
#endif
#ifndef ZSWAP_REVISION
#define ZSWAP_REVISION ""
#endif

const char *zswap_release(void)
{
	return ZSWAP_VERSION;
}

const char *zswap_revision(void)
{
	return ZSWAP_REVISION;
}

const char *zswap_version(void)
{
	return ZSWAP_REVISION[0] ? ZSWAP_VERSION " (" ZSWAP_REVISION ")" :
		ZSWAP_VERSION;
}

void zswap_print_version(FILE *f, const char *tool)
{
	fprintf(f, "%s %s\n", tool, zswap_version());
}
