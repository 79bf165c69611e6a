/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One owner at a time for zswap's module parameters. A run saves the
 * values it finds and writes them back at its end: a second run started
 * meanwhile would save the first one's settings as the originals and
 * leave them behind. `zswap-gate run` and tools/seed-run.sh take this
 * lock for their lifetime (flock(2), which flock(1) in the script also
 * takes); the file names the holder.
 */
#ifndef __PARAM_LOCK_H
#define __PARAM_LOCK_H

#include <stddef.h>

/* ZSWAP_PARAMS_LOCK overrides it (tests); where /run is missing (a
 * guest's initramfs) the same name in /tmp */
#define PARAM_LOCK_PATH "/run/zswap-toolkit.params.lock"
#define PARAM_LOCK_PATH_NO_RUN "/tmp/zswap-toolkit.params.lock"

/*
 * Takes the lock as `who`; returns its fd (kept open until exit; closed
 * in children), or -1 with the reason in why: the holder's "PID WHO"
 * when another process has it.
 */
int param_lock_take(const char *who, char *why, size_t len);

#endif /* __PARAM_LOCK_H */
