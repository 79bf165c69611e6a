// SPDX-License-Identifier: GPL-2.0
/* Atomic replacement of a file: temporary file, fsync, rename, fsync dir. */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <stdbool.h>
#include "atomic_file.h"

static void split(const char *path, char *dir, size_t dlen, const char **base)
{
	const char *slash = strrchr(path, '/');

	if (!slash) {
		snprintf(dir, dlen, ".");
		*base = path;
	} else if (slash == path) {
		snprintf(dir, dlen, "/");
		*base = slash + 1;
	} else {
		snprintf(dir, dlen, "%.*s", (int)(slash - path), path);
		*base = slash + 1;
	}
}

void atomic_file_tmp_name(const char *path, char *out, size_t len)
{
	char dir[PATH_MAX];
	const char *base;

	split(path, dir, sizeof(dir), &base);
	snprintf(out, len, "%s/.%s.%d.tmp", dir, base, (int)getpid());
}

static int fail(const char **what, const char *step)
{
	int err = -errno;

	if (what)
		*what = step;
	return err ? err : -EIO;
}

const char *atomic_file_describe(char *buf, size_t len, const char *what,
				 int err)
{
	if (err == -EEXIST)
		snprintf(buf, len, "%s", what);
	else
		snprintf(buf, len, "%s: %s", what, strerror(-err));
	return buf;
}

bool atomic_file_is_stdout(const char *path)
{
	return !strcmp(path, "-");
}

static const char *kind_of(mode_t m)
{
	return S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device" :
	       S_ISFIFO(m) ? "a fifo" : S_ISSOCK(m) ? "a socket" :
	       S_ISDIR(m) ? "a directory" : "not a regular file";
}

/*
 * What path may be replaced with: nothing there, or a regular file. A
 * symlink to a regular file is followed (out gets the target, so the
 * link stays); anything else is refused, since rename() would put a
 * regular file in place of a device, fifo or link.
 */
static int check_target(const char *path, char *out, size_t len,
			const char **what)
{
	static __thread char why[96];
	char real[PATH_MAX];
	struct stat st;

	snprintf(out, len, "%s", path);
	if (lstat(path, &st))
		return errno == ENOENT ? 0 : fail(what, "output");
	if (S_ISLNK(st.st_mode)) {
		if (!realpath(path, real) || stat(real, &st)) {
			if (errno == ENOENT)
				errno = EEXIST;
			return fail(what, "output is a symlink to nothing "
				    "(refusing to replace the link)");
		}
		snprintf(out, len, "%s", real);
	}
	if (S_ISREG(st.st_mode))
		return 0;
	snprintf(why, sizeof(why), "output is %s, not a regular file "
		 "(refusing to replace it)", kind_of(st.st_mode));
	errno = EEXIST;
	return fail(what, why);
}

int atomic_file_open(struct atomic_file *af, const char *path,
		     const char **what)
{
	char dir[PATH_MAX];
	const char *base;
	struct stat st;
	int err;

	memset(af, 0, sizeof(*af));
	af->fd = -1;
	if (atomic_file_is_stdout(path)) {
		af->to_stdout = true;
		snprintf(af->path, sizeof(af->path), "-");
		return 0;
	}
	err = check_target(path, af->path, sizeof(af->path), what);
	if (err)
		return err;
	split(af->path, dir, sizeof(dir), &base);
	if (!*base) {
		errno = EISDIR;
		return fail(what, "output names a directory");
	}
	if (stat(dir, &st))
		return fail(what, "output directory");
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return fail(what, "output directory");
	}
	atomic_file_tmp_name(af->path, af->tmp, sizeof(af->tmp));
	af->fd = open(af->tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (af->fd < 0)
		return fail(what, "creating a file in the output directory");
	/*
	 * A file replaced keeps its mode, and its owner where we may set it
	 * (a 0600 record stays 0600): the new file takes them before it is
	 * renamed over the old one.
	 */
	if (!stat(af->path, &st)) {
		/* an owner not ours to give (EPERM) is no error */
		int owned = fchown(af->fd, st.st_uid, st.st_gid);

		(void)owned;
		if (fchmod(af->fd, st.st_mode & 07777)) {
			atomic_file_discard(af);
			return fail(what, "keeping the replaced file's mode");
		}
	}
	return 0;
}

void atomic_file_discard(struct atomic_file *af)
{
	if (af->fd >= 0) {
		close(af->fd);
		unlink(af->tmp);
	}
	af->fd = -1;
}

int atomic_file_check_dir(const char *path, const char **what)
{
	struct atomic_file af;
	int err = atomic_file_open(&af, path, what);

	if (!err)
		atomic_file_discard(&af);
	return err;
}

int atomic_file_remove_stale(const char *path)
{
	char dir[PATH_MAX], prefix[NAME_MAX + 2], full[PATH_MAX + NAME_MAX + 2];
	char real[PATH_MAX];
	const char *base;
	struct dirent *de;
	size_t plen;
	int n = 0;
	DIR *d;

	/* the temporary files sit beside a symlink's target */
	if (atomic_file_is_stdout(path) ||
	    check_target(path, real, sizeof(real), NULL))
		return 0;
	split(real, dir, sizeof(dir), &base);
	snprintf(prefix, sizeof(prefix), ".%s.", base);
	plen = strlen(prefix);
	d = opendir(dir);
	if (!d)
		return 0;
	while ((de = readdir(d))) {
		char *end;
		long pid;

		if (strncmp(de->d_name, prefix, plen))
			continue;
		pid = strtol(de->d_name + plen, &end, 10);
		if (pid <= 0 || strcmp(end, ".tmp"))
			continue;
		/* a live writer's file is its own business */
		if (pid == getpid() || !kill(pid, 0) || errno != ESRCH)
			continue;
		snprintf(full, sizeof(full), "%s/%s", dir, de->d_name);
		if (!unlink(full))
			n++;
	}
	closedir(d);
	return n;
}

static int write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t w = write(fd, buf, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		if (w == 0) {
			errno = ENOSPC;
			return -1;
		}
		buf += w;
		len -= w;
	}
	return 0;
}

int atomic_file_commit(struct atomic_file *af, const void *buf, size_t len,
		       const char **what)
{
	char dir[PATH_MAX], now[PATH_MAX];
	const char *base;
	int dfd, err;

	if (af->to_stdout) {
		if (write_all(STDOUT_FILENO, buf, len))
			return fail(what, "writing standard output");
		return 0;
	}
	if (af->fd < 0) {
		errno = EBADF;
		return fail(what, "the temporary file was not created");
	}
	if (write_all(af->fd, buf, len)) {
		err = fail(what, "writing the temporary file");
		goto undo;
	}
	/* data on disk before the name points at it */
	if (fsync(af->fd)) {
		err = fail(what, "fsync of the temporary file");
		goto undo;
	}
	if (close(af->fd)) {
		af->fd = -1;
		err = fail(what, "closing the temporary file");
		goto undo;
	}
	af->fd = -1;
	/* a long run: the target may have become something else meanwhile */
	err = check_target(af->path, now, sizeof(now), what);
	if (err)
		goto undo;
	if (rename(af->tmp, af->path)) {
		err = fail(what, "renaming the temporary file");
		goto undo;
	}
	/* the rename itself is durable once the directory is synced */
	split(af->path, dir, sizeof(dir), &base);
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return 0;
undo:
	if (af->fd >= 0)
		close(af->fd);
	af->fd = -1;
	unlink(af->tmp);
	return err;
}

int atomic_file_write(const char *path, const void *buf, size_t len,
		      const char **what)
{
	struct atomic_file af;
	int err = atomic_file_open(&af, path, what);

	return err ? err : atomic_file_commit(&af, buf, len, what);
}

/* ".NAME.lock" beside the file path resolves to */
static int lock_path(const char *path, char *lock, size_t len, const char **what)
{
	char real[PATH_MAX], dir[PATH_MAX];
	const char *base;
	int err = check_target(path, real, sizeof(real), what);

	if (err)
		return err;
	split(real, dir, sizeof(dir), &base);
	snprintf(lock, len, "%s/.%s.lock", dir, base);
	return 0;
}

void atomic_file_unlock(const char *path, int fd)
{
	char lock[PATH_MAX + NAME_MAX + 8];

	if (fd < 0)
		return;
	if (!lock_path(path, lock, sizeof(lock), NULL))
		unlink(lock);
	close(fd);
}

int atomic_file_lock(const char *path, pid_t *holder, const char **what)
{
	char lock[PATH_MAX + NAME_MAX + 8];
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	int fd, err;

	*holder = 0;
	err = lock_path(path, lock, sizeof(lock), what);
	if (err)
		return err;
	fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return fail(what, "creating the lock file");
	/* a POSIX lock: F_GETLK names the holder's pid, the kernel drops it at exit */
	if (!fcntl(fd, F_SETLK, &fl))
		return fd;
	err = fail(what, "locking the output");
	if (err == -EAGAIN || err == -EACCES) {
		struct flock q = { .l_type = F_WRLCK, .l_whence = SEEK_SET };

		/*
		 * A kernel without CONFIG_FILE_LOCKING (a tinyconfig VM
		 * kernel) answers every F_SETLK with EACCES and F_GETLK with
		 * EINVAL: nothing can hold a lock there, so none is needed.
		 */
		if (fcntl(fd, F_GETLK, &q))
			return fd;
		if (q.l_type != F_UNLCK)
			*holder = q.l_pid;
		err = -EBUSY;
		if (what)
			*what = "another writer holds the output's lock";
	} else if (err == -ENOLCK || err == -EINVAL || err == -ENOSYS) {
		return fd;	/* no POSIX locks on this file system or kernel */
	}
	close(fd);
	return err;
}
