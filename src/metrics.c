// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "metrics.h"

void metric_set_free(struct metric_set *s)
{
	free(s->m);
	free(s->h);
	memset(s, 0, sizeof(*s));
}

static struct metric *metric_slot(struct metric_set *s, const char *name)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->m[i].name, name))
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
	hm = &s->h[s->nh++];
	memset(hm, 0, sizeof(*hm));
	snprintf(hm->name, sizeof(hm->name), "%s", name);
	snprintf(hm->unit, sizeof(hm->unit), "%s", unit);
	hm->src = src;
	hm->h = *h;
	return hm;
}

const struct metric *metric_set_find(const struct metric_set *s,
				     const char *name)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->m[i].name, name))
			return &s->m[i];
	return NULL;
}

const struct hist_metric *metric_set_find_hist(const struct metric_set *s,
					       const char *name)
{
	for (size_t i = 0; i < s->nh; i++)
		if (!strcmp(s->h[i].name, name))
			return &s->h[i];
	return NULL;
}
