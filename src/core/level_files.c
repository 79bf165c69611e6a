// SPDX-License-Identifier: GPL-2.0
/* The level files of a window, from the registry rows and its start. */
#include <stdlib.h>
#include <string.h>
#include "level_files.h"
#include "metric_registry.h"

/* Appends a copy of name to the NULL-terminated *list: -1 on ENOMEM. */
static int list_add(char ***list, size_t *n, const char *name)
{
	char **l = realloc(*list, (*n + 2) * sizeof(**list));

	if (!l)
		return -1;
	*list = l;
	l[*n] = strdup(name);
	if (!l[*n])
		return -1;
	l[++*n] = NULL;
	return 0;
}

static bool listed(char **list, const char *name)
{
	for (; list && *list; list++)
		if (!strcmp(*list, name))
			return true;
	return false;
}

/* The debugfs file a level row reads, or NULL. */
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

/* Whether stat ("nr_anon" of "64kB/nr_anon") is a level row's mTHP stat. */
static bool mthp_level(const char *stat)
{
	for (int id = 0; id < MF_NR; id++) {
		const struct metric_family *f = &metric_families[id];

		if (f->kv == KV_MTHP && f->kind == MK_LEVEL && !f->suffix &&
		    !strcmp(f->name + strlen("mthp_"), stat))
			return true;
	}
	return false;
}

int level_files_make(struct level_spec *spec, const struct zs_snapshot *start,
		     const char *debugfs_dir, const char *cgroup)
{
	size_t nd = 0, nm = 0;
	double v;

	memset(spec, 0, sizeof(*spec));
	spec->debugfs_dir = debugfs_dir;
	spec->cgroup = cgroup;
	for (int id = 0; id < MF_NR; id++) {
		const struct metric_family *f = &metric_families[id];
		const char *file = f->kind == MK_LEVEL ? debugfs_file(f) : NULL;

		if (f->kind == MK_LEVEL && f->kv == KV_MEMORY_STAT)
			spec->memory_stat = cgroup && start->has_cgroup;
		/* a file the window's start lacks stays n/a: not read again */
		if (file && kvset_get(&start->debugfs, file, &v) &&
		    !listed(spec->debugfs, file) &&
		    list_add(&spec->debugfs, &nd, file))
			return -1;
	}
	for (size_t i = 0; i < start->mthp.n; i++) {
		const char *key = start->mthp.items[i].name;
		const char *slash = strchr(key, '/');

		if (slash && mthp_level(slash + 1) &&
		    list_add(&spec->mthp, &nm, key))
			return -1;
	}
	return 0;
}

void level_files_free(struct level_spec *spec)
{
	for (char **l = spec->debugfs; l && *l; l++)
		free(*l);
	for (char **l = spec->mthp; l && *l; l++)
		free(*l);
	free(spec->debugfs);
	free(spec->mthp);
	memset(spec, 0, sizeof(*spec));
}
