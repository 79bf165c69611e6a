// SPDX-License-Identifier: GPL-2.0
/* The level files of a window, from the registry rows and its start. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "level_files.h"
#include "metric_registry.h"

/* The debugfs file a sampled level row reads, or NULL. */
static const char *debugfs_file(const struct metric_family *f)
{
	if (f->kv == KV_DEBUGFS && !f->suffix)
		return f->name;
	for (int s = 0; s < MAX_SRCS; s++)
		if (f->srcs[s].kind == SRC_COUNTER && f->srcs[s].counter &&
		    !strncmp(f->srcs[s].counter, "debugfs:", 8))
			return f->srcs[s].counter + 8;
	return NULL;
}

/* Whether stat ("nr_anon" of "64kB/nr_anon") is a sampled row's mTHP stat. */
static bool mthp_level(const char *stat)
{
	for (int id = 0; id < MF_NR; id++) {
		const struct metric_family *f = &metric_families[id];

		if (f->kv == KV_MTHP && f->sampled && !f->suffix &&
		    !strcmp(f->name + strlen("mthp_"), stat))
			return true;
	}
	return false;
}

static int open_at(const char *dir, const char *name)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return open(path, O_RDONLY | O_CLOEXEC);
}

/* Opens dir/name as one more file under key; -1 on ENOMEM only. */
static int add(struct level_file **files, int *n, const char *key,
	       const char *dir, const char *name)
{
	char path[PATH_MAX];
	struct level_file *f;

	for (int i = 0; i < *n; i++)
		if (!strcmp((*files)[i].key, key))
			return 0;
	f = realloc(*files, (*n + 1) * sizeof(**files));
	if (!f)
		return -1;
	*files = f;
	f += *n;
	snprintf(f->key, sizeof(f->key), "%s", key);
	f->path = NULL;
	f->fd = open_at(dir, name);
	/* a file that cannot be opened now is left out: n/a in every sample */
	if (f->fd < 0)
		return 0;
	if (pread(f->fd, path, 1, 0) < 0 && errno == ESPIPE) {
		close(f->fd);
		f->fd = -1;
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		f->path = strdup(path);
		if (!f->path)
			return -1;
	}
	(*n)++;
	return 0;
}

int level_files_open(struct level_files *lf, const struct zs_snapshot *start,
		     const char *debugfs_dir, const char *cgroup)
{
	char dir[PATH_MAX];
	double v;

	memset(lf, 0, sizeof(*lf));
	lf->zswap_fd = lf->current_fd = lf->stat_fd = -1;
	lf->opened = true;
	for (int id = 0; id < MF_NR; id++) {
		const struct metric_family *f = &metric_families[id];
		const char *file = f->sampled ? debugfs_file(f) : NULL;

		/* a file the window's start lacks stays n/a: not read again */
		if (file && kvset_get(&start->debugfs, file, &v) &&
		    add(&lf->debugfs, &lf->nr_debugfs, file, debugfs_dir, file))
			return -1;
		if (f->sampled && f->kv == KV_MEMORY_STAT && cgroup &&
		    lf->stat_fd < 0)
			lf->stat_fd = open_at(cgroup, "memory.stat");
	}
	for (size_t i = 0; i < start->mthp.n; i++) {
		const char *key = start->mthp.items[i].name;
		const char *slash = strchr(key, '/');

		if (!slash || !mthp_level(slash + 1))
			continue;
		snprintf(dir, sizeof(dir), MTHP_DIR "/hugepages-%.*s/stats",
			 (int)(slash - key), key);
		if (add(&lf->mthp, &lf->nr_mthp, key, dir, slash + 1))
			return -1;
	}
	if (cgroup) {
		lf->zswap_fd = open_at(cgroup, "memory.zswap.current");
		lf->current_fd = open_at(cgroup, "memory.current");
		if (lf->current_fd < 0)
			lf->current_fd = open_at(cgroup, "memory.usage_in_bytes");
	}
	return 0;
}

void level_files_close(struct level_files *lf)
{
	if (!lf->opened)
		return;
	for (int i = 0; i < lf->nr_debugfs; i++) {
		if (lf->debugfs[i].fd >= 0)
			close(lf->debugfs[i].fd);
		free(lf->debugfs[i].path);
	}
	for (int i = 0; i < lf->nr_mthp; i++) {
		if (lf->mthp[i].fd >= 0)
			close(lf->mthp[i].fd);
		free(lf->mthp[i].path);
	}
	free(lf->debugfs);
	free(lf->mthp);
	if (lf->zswap_fd >= 0)
		close(lf->zswap_fd);
	if (lf->current_fd >= 0)
		close(lf->current_fd);
	if (lf->stat_fd >= 0)
		close(lf->stat_fd);
	memset(lf, 0, sizeof(*lf));
}

/*
 * The file's text from offset 0 into buf (fresh: just opened, read(2) as
 * a file that is not seekable asks); false when it cannot be read.
 */
static bool reread(int fd, char *buf, size_t len, bool fresh)
{
	ssize_t n = fd < 0 ? -1 : fresh ? read(fd, buf, len - 1) :
		    pread(fd, buf, len - 1, 0);

	if (n < 0)
		return false;
	buf[n] = '\0';
	return true;
}

static double reread_number(int fd, bool fresh)
{
	char buf[64], *end;
	double v;

	if (!reread(fd, buf, sizeof(buf), fresh))
		return -1;
	v = strtod(buf, &end);
	return end == buf ? -1 : v;
}

/* A level file's number now: reread, or opened again when not seekable. */
static double file_number(const struct level_file *f)
{
	int fd = f->fd >= 0 ? f->fd : open(f->path, O_RDONLY | O_CLOEXEC);
	double v = reread_number(fd, fd != f->fd);

	if (fd >= 0 && fd != f->fd)
		close(fd);
	return v;
}

/* Every file of files into set; whether one was read. */
static bool read_set(const struct level_file *files, int n, struct kvset *set)
{
	bool any = false;

	for (int i = 0; i < n; i++) {
		double v = file_number(&files[i]);

		if (v >= 0 && !kvset_set(set, files[i].key, v))
			any = true;
	}
	return any;
}

void level_files_read(const struct level_files *lf, struct zs_snapshot *s)
{
	char text[8192];

	memset(s, 0, sizeof(*s));
	s->has_debugfs = read_set(lf->debugfs, lf->nr_debugfs, &s->debugfs);
	s->has_mthp = read_set(lf->mthp, lf->nr_mthp, &s->mthp);
	s->has_cgroup = reread(lf->stat_fd, text, sizeof(text), false) &&
			parse_key_value(text, &s->memory_stat) >= 0;
	s->zswap_current = reread_number(lf->zswap_fd, false);
	s->memory_current = reread_number(lf->current_fd, false);
}
