// SPDX-License-Identifier: GPL-2.0
/* Levels sampled through a window: their mean, largest and smallest value. */
#include <stdio.h>
#include <string.h>
#include "grow.h"
#include "level_stats.h"

_Static_assert(offsetof(struct level_track, key) == 0, "name_index");

static const char *const level_stat_words[LEVEL_STAT_NR] = {
	[LEVEL_STAT_MEAN] = "mean",
	[LEVEL_STAT_MAX] = "max",
	[LEVEL_STAT_MIN] = "min",
};

const char level_stat_list[] = "mean, max, min";

const char *level_stat_word(enum level_stat st)
{
	return st < LEVEL_STAT_NR ? level_stat_words[st] : "?";
}

int level_stat_parse(const char *name, size_t *base_len, enum level_stat *st)
{
	int i = 0, r = metric_stat_parse(name, level_stat_words, LEVEL_STAT_NR,
					 base_len, &i);

	if (r == 1)
		*st = i;
	return r;
}

void level_sampler_free(struct level_sampler *ls)
{
	free(ls->t);
	name_index_free(&ls->ix);
	memset(ls, 0, sizeof(*ls));
}

static struct level_track *track_of(struct level_sampler *ls, const char *key)
{
	size_t i = name_index_find(&ls->ix, key, ls->t, sizeof(*ls->t));
	struct level_track *t;

	if (i != NAME_INDEX_NONE)
		return &ls->t[i];
	if (ls->n == ls->cap &&
	    grow_array((void **)&ls->t, &ls->cap, 16, sizeof(*ls->t)))
		return NULL;
	t = &ls->t[ls->n];
	memset(t, 0, sizeof(*t));
	snprintf(t->key, sizeof(t->key), "%s", key);
	if (name_index_add(&ls->ix, ls->n, ls->t, sizeof(*ls->t)))
		return NULL;
	ls->n++;
	return t;
}

static void track_add(struct level_track *t, double at, double v)
{
	if (!t->n) {
		t->t_first = at;
		t->min = t->max = v;
	} else {
		/* the level between two samples: the line joining them */
		t->area += (at - t->t_last) * (v + t->v_last) / 2;
		t->min = v < t->min ? v : t->min;
		t->max = v > t->max ? v : t->max;
	}
	t->t_last = at;
	t->v_last = v;
	t->n++;
}

int level_sampler_add(struct level_sampler *ls, const struct metric_set *set,
		      double t, bool tick)
{
	for (size_t i = 0; i < set->n; i++) {
		const struct metric *m = &set->m[i];
		struct level_track *tr;

		if (!m->has_value || m->id.stat_off || !m->id.fam ||
		    !m->id.fam->sampled)
			continue;
		tr = track_of(ls, m->name);
		if (!tr)
			return -1;
		track_add(tr, t, m->value);
		tr->ticks += tick;
	}
	ls->ticks += tick;
	return 0;
}

bool level_sampler_stat(const struct level_sampler *ls, const char *key,
			enum level_stat st, double *v)
{
	size_t i = name_index_find(&ls->ix, key, ls->t, sizeof(*ls->t));
	const struct level_track *t = i == NAME_INDEX_NONE ? NULL : &ls->t[i];
	double span;

	if (!t || t->ticks < LEVEL_MIN_TICKS)
		return false;
	span = t->t_last - t->t_first;
	switch (st) {
	case LEVEL_STAT_MEAN:
		/* samples at one instant (a clock that did not move): their middle */
		*v = span > 0 ? t->area / span : (t->min + t->max) / 2;
		return true;
	case LEVEL_STAT_MAX:
		*v = t->max;
		return true;
	case LEVEL_STAT_MIN:
		*v = t->min;
		return true;
	default:
		return false;
	}
}

/* KEY{stat=S} of level m: its identity, with the statistic. */
static void stat_like(struct metric *like, const struct metric *m,
		      enum level_stat st)
{
	/* room for the longest suffix: a key too long is cut before it */
	int base = (int)sizeof(like->name) - 16;

	memset(like, 0, sizeof(*like));
	snprintf(like->name, sizeof(like->name), "%.*s" METRIC_STAT_PREFIX "%s}",
		 base, m->name, level_stat_word(st));
	snprintf(like->unit, sizeof(like->unit), "%s", m->unit);
	like->id = m->id;
	like->id.stat_off = strlen(m->name) < (size_t)base ? strlen(m->name) :
			    (size_t)base;
}

int level_stats_eval(const struct level_sampler *ls, struct metric_set *out,
		     size_t from, size_t to, double window_s)
{
	char why[METRIC_REASON_LEN];
	struct metric m, like;

	for (size_t i = from; i < to && i < out->n; i++) {
		/* a copy: adding to out may move its array */
		m = out->m[i];
		if (m.id.stat_off || !m.id.fam || !m.id.fam->sampled)
			continue;
		if (!m.has_value)
			snprintf(why, sizeof(why), "%s", m.reason);
		else if (ls->ticks < LEVEL_MIN_TICKS)
			snprintf(why, sizeof(why), "sampled at %lu tick%s of the "
				 "%.2f s window: a level's mean, max and min need "
				 "%d or more (one every ~200 ms); the end value is "
				 "%.100s", ls->ticks, ls->ticks == 1 ? "" : "s",
				 window_s, LEVEL_MIN_TICKS, m.name);
		else
			why[0] = '\0';
		for (int st = 0; st < LEVEL_STAT_NR; st++) {
			double v;
			bool ok = !why[0] && level_sampler_stat(ls, m.name, st, &v);

			stat_like(&like, &m, st);
			if (!ok && !why[0])
				snprintf(why, sizeof(why), "%.150s was read at "
					 "fewer than %d of the window's %lu ticks",
					 m.name, LEVEL_MIN_TICKS, ls->ticks);
			if (!(ok ? metric_set_like(out, &like, m.src, v) :
			      metric_set_like_na(out, &like, why)))
				return -1;
		}
	}
	return 0;
}
