/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which files a sample of the levels reads: the debugfs zswap/ files and
 * per-size mTHP stats whose registry row is a level (MK_LEVEL), among
 * those the window's start had, and the --cgroup's level files. Chosen
 * once a window from the rows, so a new level row is sampled with no
 * code here; a tick reads these few files, not every counter file.
 */
#ifndef __LEVEL_FILES_H
#define __LEVEL_FILES_H

#include "counters.h"

/* The spec for a window that started with start; -1 on ENOMEM. */
int level_files_make(struct level_spec *spec, const struct zs_snapshot *start,
		     const char *debugfs_dir, const char *cgroup);
void level_files_free(struct level_spec *spec);

#endif /* __LEVEL_FILES_H */
