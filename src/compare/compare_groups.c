// SPDX-License-Identifier: GPL-2.0
/* Missing series of one family listed as one line (compare_groups.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "compare_groups.h"
#include "metric_id.h"

struct group_member {
	size_t i;			/* in c->m */
	char family[METRIC_NAME_LEN];	/* the key without the label */
	const char *key, *value;	/* the label's, in c->m[i].name */
	size_t key_len, value_len;
};

static const struct comparison *sort_c;	/* member_cmp's: qsort has no context */

/* The one label of name besides {stat=S}: false for none, or more. */
static bool one_label(struct group_member *gm, const char *name)
{
	const char *open = strchr(name, '{'), *close, *eq;

	if (!open || !strncmp(open, METRIC_STAT_PREFIX, strlen(METRIC_STAT_PREFIX)))
		return false;
	close = strchr(open, '}');
	if (!close)
		return false;
	eq = memchr(open, '=', close - open);
	if (!eq || memchr(open, ',', close - open))
		return false;
	gm->key = open + 1;
	gm->key_len = eq - gm->key;
	gm->value = eq + 1;
	gm->value_len = close - gm->value;
	return metric_unlabelled_key(name, gm->family, sizeof(gm->family));
}

static int span_cmp(const char *a, size_t al, const char *b, size_t bl)
{
	int r = strncmp(a, b, al < bl ? al : bl);

	return r ? r : (al > bl) - (al < bl);
}

static int member_cmp(const void *pa, const void *pb)
{
	const struct group_member *a = pa, *b = pb;
	const struct cmp_metric *ma = &sort_c->m[a->i], *mb = &sort_c->m[b->i];
	int r;

	if ((r = strcmp(a->family, b->family)) ||
	    (r = span_cmp(a->key, a->key_len, b->key, b->key_len)) ||
	    (r = ma->lacking_arm - mb->lacking_arm) ||
	    (r = strcmp(arm_values_reason(&ma->arm[ma->lacking_arm]),
			arm_values_reason(&mb->arm[mb->lacking_arm]))))
		return r;
	return (a->i > b->i) - (a->i < b->i);
}

static bool same_group(const struct group_member *a,
		       const struct group_member *b)
{
	const struct cmp_metric *ma = &sort_c->m[a->i], *mb = &sort_c->m[b->i];

	return !strcmp(a->family, b->family) &&
	       !span_cmp(a->key, a->key_len, b->key, b->key_len) &&
	       ma->lacking_arm == mb->lacking_arm &&
	       !strcmp(arm_values_reason(&ma->arm[ma->lacking_arm]),
		       arm_values_reason(&mb->arm[mb->lacking_arm]));
}

int missing_groups_build(const struct comparison *c, struct missing_groups *g)
{
	size_t n = 0;

	memset(g, 0, sizeof(*g));
	g->role = calloc(c->n + 1, 1);
	g->start = calloc(c->n + 1, sizeof(*g->start));
	g->len = calloc(c->n + 1, sizeof(*g->len));
	g->sorted = calloc(c->n + 1, sizeof(*g->sorted));
	if (!g->role || !g->start || !g->len || !g->sorted) {
		missing_groups_free(g);
		return -1;
	}
	for (size_t i = 0; i < c->n; i++) {
		const struct cmp_metric *m = &c->m[i];

		if (m->status != CMP_MISSING || m->lacking_arm == ARM_BOTH)
			continue;
		g->sorted[n].i = i;
		n += one_label(&g->sorted[n], m->name);
	}
	sort_c = c;
	qsort(g->sorted, n, sizeof(*g->sorted), member_cmp);
	for (size_t s = 0, e; s < n; s = e) {
		for (e = s + 1; e < n && same_group(&g->sorted[s], &g->sorted[e]); e++)
			g->role[g->sorted[e].i] = GROUP_LATER;
		if (e - s < 2) {
			g->role[g->sorted[s].i] = GROUP_NONE;
			continue;
		}
		g->role[g->sorted[s].i] = GROUP_FIRST;
		g->start[g->sorted[s].i] = s;
		g->len[g->sorted[s].i] = e - s;
	}
	g->nr_sorted = n;
	return 0;
}

enum group_role missing_group_role(const struct missing_groups *g, size_t i)
{
	return g->role ? (enum group_role)g->role[i] : GROUP_NONE;
}

void missing_group_print(FILE *f, const struct missing_groups *g, size_t i)
{
	const struct group_member *first = &g->sorted[g->start[i]];
	size_t base = strcspn(first->family, "{");

	fprintf(f, "%.*s{%.*s=", (int)base, first->family,
		(int)first->key_len, first->key);
	for (size_t k = 0; k < g->len[i]; k++) {
		const struct group_member *gm = &first[k];

		fprintf(f, "%s%.*s", k ? "|" : "", (int)gm->value_len, gm->value);
	}
	fprintf(f, "}%s", first->family + base);
}

void missing_groups_free(struct missing_groups *g)
{
	free(g->sorted);
	free(g->role);
	free(g->start);
	free(g->len);
	memset(g, 0, sizeof(*g));
}
