/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The toolkit's version: the release (debian/changelog's) and, when built
 * from a git checkout, `git describe --always --dirty` of it. The Makefile
 * passes both to version.c alone (-DZSWAP_VERSION, -DZSWAP_REVISION).
 */
#ifndef __ZSWAP_VERSION_H
#define __ZSWAP_VERSION_H

#include <stdio.h>

/* "0.1.0" */
const char *zswap_release(void);
/* "7f0c822-dirty"; "" outside a checkout */
const char *zswap_revision(void);
/* "0.1.0 (7f0c822-dirty)", or "0.1.0": what --version prints after the name */
const char *zswap_version(void);
/* --version's line: "zswap-gate 0.1.0 (7f0c822-dirty)\n" */
void zswap_print_version(FILE *f, const char *tool);

#endif /* __ZSWAP_VERSION_H */
