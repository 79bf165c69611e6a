// SPDX-License-Identifier: GPL-2.0
/* Walks the records a path names (see record_walk.h). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "grow.h"
#include "record_walk.h"

void record_seen_free(struct record_seen *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i].path);
	free(s->v);
	for (size_t i = 0; i < s->nr_warnings; i++)
		free(s->warnings[i]);
	free(s->warnings);
	memset(s, 0, sizeof(*s));
}

void record_incomplete_why(const struct record_meta *m, char *buf, size_t len)
{
	if (m->nr_param_changes)
		param_changes_summary(m->param_changes, m->nr_param_changes,
				      buf, len);
	else
		snprintf(buf, len, "interrupted, or its setup changed: see its notes");
}

void record_seen_print_warnings(FILE *f, const struct record_seen *seen)
{
	for (size_t i = 0; i < seen->nr_warnings; i++)
		fprintf(f, "warning: %s\n", seen->warnings[i]);
}

int record_admit(const struct record *rec, const char *path,
		 bool allow_incomplete, struct record_seen *seen,
		 struct zs_error *err)
{
	const struct record_meta *m = &rec->meta;
	char why[256], *w;

	record_incomplete_why(m, why, sizeof(why));
	if (!m->complete && !allow_incomplete)
		return zs_error_set(err, true, "%s: incomplete record (%s); "
				    "include it with --allow-incomplete", path, why);
	if (!m->nr_param_changes)
		return 0;
	if ((seen->nr_warnings == seen->warnings_cap &&
	     grow_array((void **)&seen->warnings, &seen->warnings_cap, 8,
			sizeof(*seen->warnings))) ||
	    asprintf(&w, "%s: %s: its metrics mix two settings", path, why) < 0)
		return zs_error_set(err, true, "%s: out of memory", path);
	seen->warnings[seen->nr_warnings++] = w;
	return 0;
}

/* -1 with err when path is a file seen before (or out of memory). */
static int seen_add(struct record_seen *s, const char *path, struct zs_error *err)
{
	struct stat st;

	if (stat(path, &st))
		return 0;	/* record_load names the problem */
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i].dev == st.st_dev && s->v[i].ino == st.st_ino) {
			zs_error_set(err, true, "%s: the same record as %s (a run counts once)",
				 path, s->v[i].path);
			return -1;
		}
	if (s->n == s->cap &&
	    grow_array((void **)&s->v, &s->cap, 64, sizeof(*s->v)))
		goto oom;
	s->v[s->n].path = strdup(path);
	if (!s->v[s->n].path)
		goto oom;
	s->v[s->n].dev = st.st_dev;
	s->v[s->n].ino = st.st_ino;
	s->n++;
	return 0;
oom:
	zs_error_set(err, true, "%s: out of memory", path);
	return -1;
}

static int walk_file(const char *path, struct record_seen *seen, record_fn fn,
		     void *ctx, struct zs_error *err)
{
	struct record rec;
	int ret;

	if (seen_add(seen, path, err) || record_load(path, &rec, err))
		return -1;
	ret = fn(&rec, path, ctx, err);
	record_free(&rec);
	return ret;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.json directly in dir, in name order. */
static int walk_dir(const char *dir, struct record_seen *seen, record_fn fn,
		    void *ctx, struct zs_error *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;
	int ret = 0;

	if (!d) {
		zs_error_set(err, true, "%s: cannot read directory: %s", dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);

		if (l < 6 || strcmp(e->d_name + l - 5, ".json") || e->d_name[0] == '.')
			continue;
		if (n == cap) {
			void *p;

			cap = cap ? cap * 2 : 64;
			p = realloc(names, cap * sizeof(*names));
			if (!p) {
				ret = -1;
				break;
			}
			names = p;
		}
		if (!(names[n] = strdup(e->d_name))) {
			ret = -1;
			break;
		}
		n++;
	}
	closedir(d);
	if (ret)
		zs_error_set(err, true, "%s: out of memory", dir);
	else if (!n) {
		zs_error_set(err, true, "%s: no records (*.json) in this directory", dir);
		ret = -1;
	}
	if (!ret)
		qsort(names, n, sizeof(*names), cmp_str);
	for (size_t i = 0; i < n && !ret; i++) {
		char path[4096];

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		ret = walk_file(path, seen, fn, ctx, err);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return ret;
}

int record_walk_path(const char *path, struct record_seen *seen, record_fn fn,
		     void *ctx, struct zs_error *err)
{
	struct stat st;

	if (stat(path, &st)) {
		zs_error_set(err, true, "%s: cannot read: %s", path, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode))
		return walk_dir(path, seen, fn, ctx, err);
	return walk_file(path, seen, fn, ctx, err);
}
