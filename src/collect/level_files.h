/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The files a sample of the levels reads: the debugfs zswap/ files and
 * per-size mTHP stats whose registry row is a sampled level, among those
 * the window's start had, and the --cgroup's level files. Chosen once a
 * window from the rows, so a new level row is sampled with no code here,
 * and kept open where the file allows it: a tick rereads sysfs and
 * cgroupfs files from offset 0 (they render them anew), no path lookups;
 * debugfs' one-number files are not seekable (simple_attr_open) and are
 * opened again at each tick. A tick reads these few files only.
 */
#ifndef __LEVEL_FILES_H
#define __LEVEL_FILES_H

#include "counters.h"

struct level_file {
	char key[KV_NAME_LEN];	/* debugfs: the file; mTHP: "64kB/nr_anon" */
	int fd;			/* -1: opened at each read (path) */
	char *path;
};

struct level_files {
	struct level_file *debugfs, *mthp;
	int nr_debugfs, nr_mthp;
	/* the --cgroup's: memory.zswap.current, memory.current, memory.stat */
	int zswap_fd, current_fd, stat_fd;
	bool opened;		/* zeroed (never opened) holds no fds */
};

/* Opens the files for a window that started with start; -1 on ENOMEM. */
int level_files_open(struct level_files *lf, const struct zs_snapshot *start,
		     const char *debugfs_dir, const char *cgroup);
/* Closes what is open (a zeroed lf: nothing); lf is zeroed after. */
void level_files_close(struct level_files *lf);
/*
 * Only these files into s, as snapshot_take() fills them (has_* say
 * which could be read; a cgroup level that cannot be read is -1).
 */
void level_files_read(const struct level_files *lf, struct zs_snapshot *s);

#endif /* __LEVEL_FILES_H */
