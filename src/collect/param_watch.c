// SPDX-License-Identifier: GPL-2.0
/* zswap's parameters through a window (param_watch.h). */
#include <stdio.h>
#include <string.h>
#include "param_watch.h"

void param_watch_start(struct param_watch *w, const struct zswap_params *p)
{
	memset(w, 0, sizeof(*w));
	w->seen = *p;
}

void param_watch_sample(struct param_watch *w, const struct zswap_params *p,
			double at_s)
{
	const struct zswap_params before = w->seen;

	for (int i = 0; i < ZSWAP_NR_PARAMS; i++) {
		const struct zswap_param_field *f = &zswap_param_fields[i];
		const char *was = (const char *)&before + f->off;
		const char *is = (const char *)p + f->off;
		struct param_change *c;

		if (!strcmp(was, is))
			continue;
		if (w->n == PARAM_CHANGES_MAX) {
			w->dropped++;
			continue;
		}
		c = &w->ch[w->n++];
		snprintf(c->param, sizeof(c->param), "%s", f->name);
		snprintf(c->from, sizeof(c->from), "%s", was);
		snprintf(c->to, sizeof(c->to), "%s", is);
		c->at_s = at_s;
	}
	w->seen = *p;
}

bool param_watch_describe(const struct param_watch *w, int from, int i,
			  char *buf, size_t len)
{
	const char *name = zswap_param_fields[i].name;
	size_t n = snprintf(buf, len, "zswap parameter %s changed during the "
			    "window (", name);
	int found = 0;

	for (int k = from; k < w->n && n < len; k++) {
		const struct param_change *c = &w->ch[k];

		if (strcmp(c->param, name))
			continue;
		n += snprintf(buf + n, len - n, "%s%s -> %s at +%.1f s",
			      found++ ? ", " : "", c->from, c->to, c->at_s);
	}
	if (n < len)
		snprintf(buf + n, len - n, ")");
	return found > 0;
}

void param_changes_summary(const struct param_change *ch, int n, char *buf,
			   size_t len)
{
	if (!n) {
		snprintf(buf, len, "no zswap parameter changed");
		return;
	}
	snprintf(buf, len, "zswap parameter %s changed during the window "
		 "(%s -> %s at +%.1f s%s)", ch[0].param, ch[0].from, ch[0].to,
		 ch[0].at_s, n > 1 ? ", and more: see its notes" : "");
}
