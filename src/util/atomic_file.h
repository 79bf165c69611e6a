/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Replacing a file so that a reader (node_exporter's textfile collector)
 * sees either the old or the new content, never a part: write a
 * temporary file in the same directory, fsync it, rename it over the
 * target, fsync the directory. On any error the temporary file is
 * removed and the old file stays as it was.
 *
 * Only a missing file or a regular file is ever replaced: a device,
 * fifo, directory or socket is refused (-EEXIST, *what says what it
 * is); a symlink to a regular file is followed and the link kept. The
 * name "-" means standard output, written through.
 */
#ifndef __ATOMIC_FILE_H
#define __ATOMIC_FILE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * An output opened before a long run (so a missing directory, a
 * read-only place or a device is refused before the run starts) and
 * committed at its end.
 */
struct atomic_file {
	char path[PATH_MAX];		/* the target, a symlink resolved */
	char tmp[PATH_MAX + 64];	/* the temporary file beside it */
	int fd;				/* the temporary file, or -1 */
	bool to_stdout;			/* "-" */
};

bool atomic_file_is_stdout(const char *path);
/*
 * A failure as one phrase into buf: "WHAT: strerror", or WHAT alone
 * where it already says it all (-EEXIST: a non-file refused). Returns buf.
 */
const char *atomic_file_describe(char *buf, size_t len, const char *what,
				 int err);
/*
 * Checks the target and creates the temporary file. Returns 0 or -errno;
 * *what (may be NULL) names the failing step.
 */
int atomic_file_open(struct atomic_file *af, const char *path,
		     const char **what);
/*
 * Writes buf to the temporary file and renames it over the target (or
 * writes stdout). On failure the temporary file is removed and the old
 * target kept. Returns 0 or -errno.
 */
int atomic_file_commit(struct atomic_file *af, const void *buf, size_t len,
		       const char **what);
/* Removes the temporary file without touching the target. */
void atomic_file_discard(struct atomic_file *af);

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
/* Open and commit in one. Returns 0 or -errno. */
int atomic_file_write(const char *path, const void *buf, size_t len,
		      const char **what);
/*
 * One writer per output: a POSIX write lock on ".NAME.lock" beside it,
 * held until the process exits (the lock file itself stays). Returns the
 * lock's fd; or -EBUSY with *holder set to the holder's pid, or -errno.
 */
int atomic_file_lock(const char *path, pid_t *holder, const char **what);
/*
 * Gives up that lock and removes its file (a one-shot writer's lock
 * should not stay behind as litter). A writer that opened the file just
 * before is refused while the lock is held, and one that comes later
 * makes a new one.
 */
void atomic_file_unlock(const char *path, int fd);

#endif /* __ATOMIC_FILE_H */
