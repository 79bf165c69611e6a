// SPDX-License-Identifier: GPL-2.0
/* Walks the records a path names (see record_walk.h). */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "record_walk.h"

static int walk_file(const char *path, record_fn fn, void *ctx,
		     char *err, size_t len)
{
	struct record rec;
	int ret;

	if (record_load(path, &rec, err, len))
		return -1;
	ret = fn(&rec, path, ctx, err, len);
	record_free(&rec);
	return ret;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.json directly in dir, in name order. */
static int walk_dir(const char *dir, record_fn fn, void *ctx,
		    char *err, size_t len)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;
	int ret = 0;

	if (!d) {
		snprintf(err, len, "%s: cannot read directory: %s", dir, strerror(errno));
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
		snprintf(err, len, "%s: out of memory", dir);
	else if (!n) {
		snprintf(err, len, "%s: no records (*.json) in this directory", dir);
		ret = -1;
	}
	if (!ret)
		qsort(names, n, sizeof(*names), cmp_str);
	for (size_t i = 0; i < n && !ret; i++) {
		char path[4096];

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		ret = walk_file(path, fn, ctx, err, len);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return ret;
}

int record_walk_path(const char *path, record_fn fn, void *ctx,
		     char *err, size_t len)
{
	struct stat st;

	if (stat(path, &st)) {
		snprintf(err, len, "%s: cannot read: %s", path, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode))
		return walk_dir(path, fn, ctx, err, len);
	return walk_file(path, fn, ctx, err, len);
}
