// SPDX-License-Identifier: GPL-2.0
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static struct metric *metric_slot(struct metric_set *s, const char *name)
{
	size_t i = name_index_find(&s->mix, name, s->m, sizeof(*s->m));

	if (i != NAME_INDEX_NONE)
		return &s->m[i];
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		struct metric *m = realloc(s->m, cap * sizeof(*m));

		if (!m)
			return NULL;
		s->m = m;
		s->cap = cap;
	}
	memset(&s->m[s->n], 0, sizeof(s->m[0]));
	snprintf(s->m[s->n].name, METRIC_NAME_LEN, "%s", name);
	if (name_index_add(&s->mix, s->n, s->m, sizeof(*s->m)))
		return NULL;
	return &s->m[s->n++];
}

struct metric *metric_set_value(struct metric_set *s, const char *name,
				const char *unit, enum zs_src src, double value)
{
	struct metric *m = metric_slot(s, name);

	if (!m)
		return NULL;
	snprintf(m->unit, sizeof(m->unit), "%s", unit);
	m->src = src;
	m->has_value = true;
	m->value = value;
	m->reason[0] = '\0';
	return m;
}

struct metric *metric_set_na(struct metric_set *s, const char *name,
			     const char *unit, const char *reason)
{
	struct metric *m = metric_slot(s, name);

	if (!m)
		return NULL;
	snprintf(m->unit, sizeof(m->unit), "%s", unit);
	m->src = SRC_NONE;
	m->has_value = false;
	m->value = 0;
	snprintf(m->reason, sizeof(m->reason), "%s", reason);
	return m;
}

struct hist_metric *metric_set_hist(struct metric_set *s, const char *name,
				    const char *unit, enum zs_src src,
				    const struct hist *h)
{
	struct hist_metric *hm;

	if (s->nh == s->hcap) {
		size_t cap = s->hcap ? s->hcap * 2 : 8;
		struct hist_metric *nh = realloc(s->h, cap * sizeof(*nh));

		if (!nh)
			return NULL;
		s->h = nh;
		s->hcap = cap;
	}
	hm = &s->h[s->nh];
	memset(hm, 0, sizeof(*hm));
	snprintf(hm->name, sizeof(hm->name), "%s", name);
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
