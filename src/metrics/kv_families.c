// SPDX-License-Identifier: GPL-2.0
/*
 * Metrics read by key from a counter file's set: every debugfs zswap/
 * file no planned row reads, every per-size mTHP stat, and the --cgroup's
 * memory.events and memory.stat zswap lines. A key whose name has a
 * registry row of its set takes that row's kind and unit; a key the
 * registry does not know (a newer kernel's file) is still recorded, as
 * its change over the window, under its set's suffix row. A row whose key
 * the kernel lacks is n/a with the reason, never 0.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "kv_families.h"

struct kv_group_def {
	size_t set, has;	/* in struct zs_snapshot */
	const char *file;	/* as the reasons name it */
	const char *prefix;	/* the metric's name is prefix + key */
	const char *select;	/* only the keys that start so; NULL: all */
	int other;		/* the suffix row of keys without a row */
	bool per_cgroup;	/* cgroup=--cgroup; nothing without one */
	bool sized;		/* keys "64kB/stat": size=64kB */
	const char *absent;	/* the file is not there */
	const char *none;	/* it has no selected key at all */
};

#define SNAP(f) offsetof(struct zs_snapshot, f)

static const struct kv_group_def groups[KV_NR] = {
	[KV_DEBUGFS] = { SNAP(debugfs), SNAP(has_debugfs), "debugfs zswap/",
		"", NULL, MF_DEBUGFS_OTHER,
		.absent = "no debugfs zswap/ on this kernel" },
	[KV_MTHP] = { SNAP(mthp), SNAP(has_mthp), "mTHP stats", "mthp_",
		NULL, MF_MTHP_OTHER, .sized = true,
		.absent = "no " MTHP_DIR "/hugepages-<size>/stats: this kernel "
			  "has no per-size mTHP stats (or no THP)" },
	[KV_MEMORY_EVENTS] = { SNAP(memory_events), SNAP(has_memory_events),
		"memory.events", "memory_events_", NULL, MF_MEMORY_EVENTS,
		.per_cgroup = true,
		.absent = "the cgroup has no memory.events (cgroup v1, or no "
			  "memory controller)" },
	[KV_MEMORY_STAT] = { SNAP(memory_stat), SNAP(has_cgroup), "memory.stat",
		"memory_stat_", "zsw", MF_MEMORY_STAT_OTHER, .per_cgroup = true,
		.absent = "the cgroup's memory.stat is not readable (no memory "
			  "controller?)",
		.none = "the cgroup's memory.stat has no zswap lines (cgroup v1 "
			"has none)" },
};

static const struct kvset *set_of(const struct zs_snapshot *s,
				  const struct kv_group_def *g)
{
	return (const struct kvset *)((const char *)s + g->set);
}

static bool has_set(const struct zs_snapshot *s, const struct kv_group_def *g)
{
	return *(const bool *)((const char *)s + g->has);
}

/* The key's stat ("zswpout" of "64kB/zswpout") and its size, if sized. */
static const char *split_key(const struct kv_group_def *g, const char *key,
			     char *size, size_t len)
{
	const char *slash = g->sized ? strchr(key, '/') : NULL;

	size[0] = '\0';
	if (!slash)
		return key;
	snprintf(size, len, "%.*s", (int)(slash - key), key);
	return slash + 1;
}

static bool selected(const struct kv_group_def *g, const char *stat)
{
	return !g->select || !strncmp(stat, g->select, strlen(g->select));
}

/* The family of a key: its row in the group, else the group's suffix row. */
static const struct metric_family *family_of(enum kv_group grp,
					     const char *stat, bool *skip)
{
	const struct kv_group_def *g = &groups[grp];
	char name[METRIC_NAME_LEN];
	const struct metric_family *f;

	snprintf(name, sizeof(name), "%s%s", g->prefix, stat);
	f = metric_family_of_key(name);
	*skip = false;
	/* a planned row or reject_<reason> reads this debugfs file already */
	if (grp == KV_DEBUGFS && f &&
	    (metric_family_id(f) < MF_PLANNED_NR || f == metric_family(MF_REJECT)))
		*skip = true;
	return f && f->kv == grp ? f : metric_family(g->other);
}

/* Labels: a suffix row's own, then size and cgroup; their number. */
static int labels_of(const struct metric_family *f, const char *stat,
		     const char *size, const char *cgroup,
		     struct metric_label *l)
{
	int n = 0;

	if (f->suffix)
		l[n++] = (struct metric_label){ f->label, stat };
	if (size && size[0])
		l[n++] = (struct metric_label){ "size", size };
	if (cgroup)
		l[n++] = (struct metric_label){ "cgroup", cgroup };
	return n;
}

static int add_key(const struct kv_window *w, enum kv_group grp,
		   const struct kv *k, struct metric_set *out)
{
	const struct kv_group_def *g = &groups[grp];
	const struct metric_family *f;
	struct metric_label l[3];
	char size[KV_NAME_LEN], why[METRIC_REASON_LEN];
	const char *stat = split_key(g, k->name, size, sizeof(size));
	int id, n;
	double b;
	bool skip;

	if (!selected(g, stat))
		return 0;
	f = family_of(grp, stat, &skip);
	if (skip || (w->levels_only && !f->sampled))
		return 0;
	id = metric_family_id(f);
	n = labels_of(f, stat, size, g->per_cgroup ? w->cgroup : NULL, l);
	/* a level is its end value; a count, and an unknown key, its change */
	if (f->kind == MK_LEVEL)
		return metric_add(out, id, l, n, SRC_COUNTER, k->value) ? 0 : -1;
	if (kvset_get(set_of(w->before, g), k->name, &b))
		return metric_add(out, id, l, n, SRC_COUNTER, k->value - b) ?
		       0 : -1;
	snprintf(why, sizeof(why), "%s had no %s at the start of the window",
		 g->file, k->name);
	return metric_add_na(out, id, l, n, why) ? 0 : -1;
}

/* Whether the window's end has key stat (at some size, when sized). */
static bool has_stat(const struct kv_group_def *g, const struct kvset *s,
		     const char *stat)
{
	char size[KV_NAME_LEN];

	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(split_key(g, s->items[i].name, size, sizeof(size)),
			    stat))
			return true;
	return false;
}

static bool has_selected(const struct kv_group_def *g, const struct kvset *s)
{
	char size[KV_NAME_LEN];

	for (size_t i = 0; i < s->n; i++)
		if (selected(g, split_key(g, s->items[i].name, size, sizeof(size))))
			return true;
	return false;
}

/* Why a row's key is not in the window (why is empty when it is). */
static void missing_why(const struct kv_window *w, const struct kv_group_def *g,
			const char *stat, char *why, size_t len)
{
	bool a = has_set(w->before, g), b = has_set(w->after, g);

	why[0] = '\0';
	if (!a && !b)
		snprintf(why, len, "%s", g->absent);
	else if (!a || !b)
		snprintf(why, len, "%s not readable at the %s of the window",
			 g->file, a ? "end" : "start");
	else if (g->none && !has_selected(g, set_of(w->after, g)))
		snprintf(why, len, "%s", g->none);
	else if (!has_stat(g, set_of(w->after, g), stat))
		snprintf(why, len, "this kernel's %s has no %s", g->file, stat);
}

static int add_missing(const struct kv_window *w, enum kv_group grp,
		       int id, const char *stat, struct metric_set *out)
{
	const struct kv_group_def *g = &groups[grp];
	const struct metric_family *f = metric_family(id);
	char why[METRIC_REASON_LEN];
	struct metric_label l[3];
	int n;

	missing_why(w, g, stat, why, sizeof(why));
	if (!why[0])
		return 0;
	/* per size it is unknown which sizes there would be: one, bare */
	n = labels_of(f, stat, NULL, g->per_cgroup ? w->cgroup : NULL, l);
	return metric_add_na(out, id, l, n, why) ? 0 : -1;
}

/* Every row of the group (and its suffix row's values) is in the record. */
static int add_rows_missing(const struct kv_window *w, enum kv_group grp,
			    struct metric_set *out)
{
	const struct kv_group_def *g = &groups[grp];
	const struct metric_family *o = metric_family(g->other);
	size_t pl = strlen(g->prefix);
	int err = 0;

	for (int id = MF_PLANNED_NR; id < MF_NR; id++) {
		const struct metric_family *f = metric_family(id);

		if (f->kv == grp && !f->suffix)
			err |= add_missing(w, grp, id, f->name + pl, out);
	}
	for (int v = 0; v < MF_MAX_VALUES && o->values[v]; v++)
		err |= add_missing(w, grp, g->other, o->values[v], out);
	return err;
}

int kv_families_eval(const struct kv_window *w, struct metric_set *out)
{
	int err = 0;

	for (int grp = KV_NONE + 1; grp < KV_NR; grp++) {
		const struct kv_group_def *g = &groups[grp];
		const struct kvset *after = set_of(w->after, g);

		if (g->per_cgroup && !w->cgroup)
			continue;
		if (has_set(w->before, g) && has_set(w->after, g))
			for (size_t i = 0; i < after->n; i++)
				err |= add_key(w, grp, &after->items[i], out);
		/* a sample needs the values only: the window's end says why not */
		if (!w->levels_only)
			err |= add_rows_missing(w, grp, out);
	}
	return err;
}
