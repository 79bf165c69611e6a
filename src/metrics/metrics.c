// SPDX-License-Identifier: GPL-2.0
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grow.h"
#include "metrics.h"

_Static_assert(offsetof(struct metric, name) == 0, "name_index");
_Static_assert(offsetof(struct hist_metric, name) == 0, "name_index");

void metric_set_free(struct metric_set *s)
{
	free(s->m);
	free(s->h);
	name_index_free(&s->mix);
	name_index_free(&s->hix);
	memset(s, 0, sizeof(*s));
}

int metric_set_reserve(struct metric_set *s, size_t n)
{
	struct metric *m;

	if (s->cap - s->n >= n)
		return 0;
	m = realloc(s->m, (s->n + n) * sizeof(*m));
	if (!m)
		return -1;
	s->m = m;
	s->cap = s->n + n;
	return 0;
}

static struct metric *metric_slot(struct metric_set *s, const char *name,
				  const struct metric_id *id)
{
	size_t i = name_index_find(&s->mix, name, s->m, sizeof(*s->m));

	if (i != NAME_INDEX_NONE)
		return &s->m[i];
	if (s->n == s->cap &&
	    grow_array((void **)&s->m, &s->cap, 64, sizeof(*s->m)))
		return NULL;
	memset(&s->m[s->n], 0, sizeof(s->m[0]));
	snprintf(s->m[s->n].name, METRIC_NAME_LEN, "%s", name);
	if (id)
		s->m[s->n].id = *id;
	else
		metric_id_parse(s->m[s->n].name, &s->m[s->n].id);
	if (name_index_add(&s->mix, s->n, s->m, sizeof(*s->m)))
		return NULL;
	return &s->m[s->n++];
}

static struct metric *fill(struct metric *m, const char *unit,
			   enum zs_src src, bool has_value, double value,
			   const char *reason)
{
	if (!m)
		return NULL;
	snprintf(m->unit, sizeof(m->unit), "%s", unit);
	m->src = has_value ? src : SRC_NONE;
	m->has_value = has_value;
	m->value = has_value ? value : 0;
	snprintf(m->reason, sizeof(m->reason), "%s", has_value ? "" : reason);
	return m;
}

struct metric *metric_set_value(struct metric_set *s, const char *name,
				const char *unit, enum zs_src src, double value)
{
	return fill(metric_slot(s, name, NULL), unit, src, true, value, NULL);
}

struct metric *metric_set_na(struct metric_set *s, const char *name,
			     const char *unit, const char *reason)
{
	return fill(metric_slot(s, name, NULL), unit, SRC_NONE, false, 0,
		    reason);
}

static struct metric *typed_slot(struct metric_set *s, int fam,
				 const struct metric_label *l, int n)
{
	char key[METRIC_NAME_LEN];
	struct metric_id id;

	metric_id_render(key, sizeof(key), &id, metric_family(fam), l, n);
	return metric_slot(s, key, &id);
}

struct metric *metric_add(struct metric_set *s, int fam,
			  const struct metric_label *l, int n,
			  enum zs_src src, double value)
{
	return fill(typed_slot(s, fam, l, n), metric_family(fam)->unit, src,
		    true, value, NULL);
}

struct metric *metric_add_na(struct metric_set *s, int fam,
			     const struct metric_label *l, int n,
			     const char *reason)
{
	return fill(typed_slot(s, fam, l, n), metric_family(fam)->unit,
		    SRC_NONE, false, 0, reason);
}

static struct hist_metric *hist_slot(struct metric_set *s, const char *name,
				     const struct metric_id *id,
				     const char *unit, enum zs_src src,
				     const struct hist *h)
{
	struct hist_metric *hm;

	if (s->nh == s->hcap &&
	    grow_array((void **)&s->h, &s->hcap, 8, sizeof(*s->h)))
		return NULL;
	hm = &s->h[s->nh];
	memset(hm, 0, sizeof(*hm));
	snprintf(hm->name, sizeof(hm->name), "%s", name);
	if (id)
		hm->id = *id;
	else
		metric_id_parse(hm->name, &hm->id);
	snprintf(hm->unit, sizeof(hm->unit), "%s", unit);
	hm->src = src;
	hm->h = *h;
	/* a repeated name is kept, and found as its first occurrence */
	if (name_index_find(&s->hix, hm->name, s->h, sizeof(*s->h)) ==
	    NAME_INDEX_NONE &&
	    name_index_add(&s->hix, s->nh, s->h, sizeof(*s->h)))
		return NULL;
	s->nh++;
	return hm;
}

struct hist_metric *metric_set_hist(struct metric_set *s, const char *name,
				    const char *unit, enum zs_src src,
				    const struct hist *h)
{
	return hist_slot(s, name, NULL, unit, src, h);
}

struct hist_metric *metric_add_hist(struct metric_set *s, int fam,
				    const struct metric_label *l, int n,
				    enum zs_src src, const struct hist *h)
{
	char key[METRIC_NAME_LEN];
	struct metric_id id;

	metric_id_render(key, sizeof(key), &id, metric_family(fam), l, n);
	return hist_slot(s, key, &id, metric_family(fam)->unit, src, h);
}

struct metric *metric_set_like(struct metric_set *s, const struct metric *like,
			       enum zs_src src, double value)
{
	return fill(metric_slot(s, like->name, &like->id), like->unit, src, true,
		    value, NULL);
}

struct metric *metric_set_like_na(struct metric_set *s,
				  const struct metric *like, const char *reason)
{
	return fill(metric_slot(s, like->name, &like->id), like->unit, SRC_NONE,
		    false, 0, reason);
}

struct hist_metric *metric_set_like_hist(struct metric_set *s,
					 const struct hist_metric *like,
					 const struct hist *h)
{
	return hist_slot(s, like->name, &like->id, like->unit, like->src, h);
}

int metric_set_merge(struct metric_set *out, const struct metric_set *in,
		     bool (*skip)(const struct metric_id *id, const char *key))
{
	for (size_t i = 0; i < in->n; i++) {
		const struct metric *x = &in->m[i];

		if (skip && skip(&x->id, x->name))
			continue;
		if (!(x->has_value ? metric_set_like(out, x, x->src, x->value) :
		      metric_set_like_na(out, x, x->reason)))
			return -1;
	}
	for (size_t i = 0; i < in->nh; i++)
		if (!metric_set_like_hist(out, &in->h[i], &in->h[i].h))
			return -1;
	return 0;
}

enum metric_kind metric_kind_of(const struct metric_id *id)
{
	return id->fam ? id->fam->kind : MK_COUNT;
}

const struct metric *metric_set_find(const struct metric_set *s,
				     const char *name)
{
	size_t i = name_index_find(&s->mix, name, s->m, sizeof(*s->m));

	return i == NAME_INDEX_NONE ? NULL : &s->m[i];
}

const struct hist_metric *metric_set_find_hist(const struct metric_set *s,
					       const char *name)
{
	size_t i = name_index_find(&s->hix, name, s->h, sizeof(*s->h));

	return i == NAME_INDEX_NONE ? NULL : &s->h[i];
}

const struct metric *metric_set_find_id(const struct metric_set *s, int fam,
					const struct metric_label *l, int n)
{
	char key[METRIC_NAME_LEN];
	struct metric_id id;

	metric_id_render(key, sizeof(key), &id, metric_family(fam), l, n);
	return metric_set_find(s, key);
}
