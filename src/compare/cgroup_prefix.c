// SPDX-License-Identifier: GPL-2.0
/* Cgroup labels shown below their common directory (cgroup_prefix.h). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "cgroup_prefix.h"
#include "compare.h"

/* The value of name's cgroup label and its length, or NULL. */
static const char *cgroup_value(const char *name, size_t *len)
{
	const char *at = strstr(name, "cgroup=");

	/* a label follows '{' or ',': a name that starts "cgroup=" has none */
	if (!at || at == name || (at[-1] != '{' && at[-1] != ','))
		return NULL;
	at += strlen("cgroup=");
	*len = strcspn(at, ",}");
	return at;
}

void cgroup_prefix_find(const struct comparison *c, char *out, size_t len)
{
	size_t n = 0, vlen;
	bool any = false;

	out[0] = '\0';
	for (size_t i = 0; i < c->n; i++) {
		const char *v = cgroup_value(c->m[i].name, &vlen);
		size_t dir;

		if (!v || v[0] != '/')
			continue;
		/* the value's directory: up to its last '/' */
		for (dir = vlen; dir && v[dir - 1] != '/'; dir--)
			;
		if (!any) {
			n = dir < len ? dir : len - 1;
			memcpy(out, v, n);
			any = true;
			continue;
		}
		for (size_t k = 0; k < n; k++)
			if (k >= dir || out[k] != v[k]) {
				n = k;
				break;
			}
	}
	/* cut back to a whole directory; the root alone says nothing */
	while (n && out[n - 1] != '/')
		n--;
	out[n > 1 ? n : 0] = '\0';
}

const char *cgroup_prefix_strip(const char *name, const char *prefix, char *buf,
				size_t len)
{
	size_t vlen, pl = strlen(prefix);
	const char *v = cgroup_value(name, &vlen);

	if (!pl || !v || vlen <= pl || strncmp(v, prefix, pl))
		return name;
	snprintf(buf, len, "%.*s%s", (int)(v - name), name, v + pl);
	return buf;
}
