/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Replacing a file so that a reader (node_exporter's textfile collector)
 * sees either the old or the new content, never a part: write a
 * temporary file in the same directory, fsync it, rename it over the
 * target, fsync the directory. On any error the temporary file is
 * removed and the old file stays as it was.
 */
#ifndef __ATOMIC_FILE_H
#define __ATOMIC_FILE_H

#include <stddef.h>

/*
 * The temporary file's name for path: ".NAME.PID.tmp" beside it (a name
 * the textfile collector, which reads *.prom, skips).
 */
void atomic_file_tmp_name(const char *path, char *out, size_t len);
/*
 * Checks at start that path's directory exists and takes new files
 * (creates and removes the temporary file). Returns 0 or -errno; *what
 * names the failing step.
 */
int atomic_file_check_dir(const char *path, const char **what);
/*
 * Removes temporary files of path left by writers that no longer run
 * (killed with SIGKILL mid-write). Returns how many were removed.
 */
int atomic_file_remove_stale(const char *path);
/* Returns 0 or -errno; *what (may be NULL) names the failing step. */
int atomic_file_write(const char *path, const void *buf, size_t len,
		      const char **what);

#endif /* __ATOMIC_FILE_H */
