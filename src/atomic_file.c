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

int atomic_file_check_dir(const char *path, const char **what)
{
	char dir[PATH_MAX], tmp[PATH_MAX + 64];
	const char *base;
	struct stat st;
	int fd;

	split(path, dir, sizeof(dir), &base);
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
	atomic_file_tmp_name(path, tmp, sizeof(tmp));
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return fail(what, "creating a file in the output directory");
	close(fd);
	unlink(tmp);
	return 0;
}

int atomic_file_remove_stale(const char *path)
{
	char dir[PATH_MAX], prefix[NAME_MAX + 2], full[PATH_MAX + NAME_MAX + 2];
	const char *base;
	struct dirent *de;
	size_t plen;
	int n = 0;
	DIR *d;

	split(path, dir, sizeof(dir), &base);
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

int atomic_file_write(const char *path, const void *buf, size_t len,
		      const char **what)
{
	char dir[PATH_MAX], tmp[PATH_MAX + 64];
	const char *base;
	int fd, dfd, err;

	split(path, dir, sizeof(dir), &base);
	atomic_file_tmp_name(path, tmp, sizeof(tmp));
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return fail(what, "creating the temporary file");
	if (write_all(fd, buf, len)) {
		err = fail(what, "writing the temporary file");
		goto undo;
	}
	/* data on disk before the name points at it */
	if (fsync(fd)) {
		err = fail(what, "fsync of the temporary file");
		goto undo;
	}
	if (close(fd)) {
		fd = -1;
		err = fail(what, "closing the temporary file");
		goto undo;
	}
	fd = -1;
	if (rename(tmp, path)) {
		err = fail(what, "renaming the temporary file");
		goto undo;
	}
	/* the rename itself is durable once the directory is synced */
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return 0;
undo:
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	return err;
}
