// SPDX-License-Identifier: GPL-2.0
/* zswaptop's per-cgroup rows: cgroup_stats turned into model samples. */
#include <stdio.h>
#include <string.h>
#include "cgroup_stats.h"
#include "tui_cgroups.h"

/* path is under (or is) top, both relative to the hierarchy's mount */
static bool under(const char *path, const char *top)
{
	size_t n = strlen(top);

	if (!strcmp(top, "/"))
		return true;
	return !strncmp(path, top, n) && (path[n] == '\0' || path[n] == '/');
}

void tui_cgroups_read(struct session *s, struct tui_sample *smp)
{
	struct cgroup_table t = {};
	const char *top = NULL;
	bool counted;
	int err;

	smp->cg.n = 0;
	smp->has_cg = false;
	/* without the memcg event hook the BPF counts would be silent zeros */
	counted = plan_hook(&s->plan, HOOK_MEMCG_EVENTS) != NULL;
	if (!counted)
		snprintf(smp->counts_reason, sizeof(smp->counts_reason),
			 "no count_memcg_events tracepoint on this kernel "
			 "(added in 6.14)");
	err = cgroup_table_read(s, &t);
	if (err) {
		snprintf(smp->cg_reason, sizeof(smp->cg_reason),
			 "cgroup table unreadable: %s", strerror(-err));
		cgroup_table_free(&t);
		return;
	}
	/* --cgroup: that cgroup and its descendants only */
	for (size_t i = 0; s->cgroup_id && i < t.n; i++)
		if (t.rows[i].id == s->cgroup_id && t.rows[i].path_known)
			top = t.rows[i].path;
	for (size_t i = 0; i < t.n; i++) {
		const struct cgroup_row *r = &t.rows[i];
		struct tui_cg_sample c = {
			.id = r->id,
			.has_counts = counted,
			.zswpout = r->zswpout,
			.zswpin = r->zswpin,
			.zswpwb = r->zswpwb,
			.has_zswap_bytes = r->has_zswap_bytes,
			.zswap_bytes = r->zswap_bytes,
			.has_mem_full = r->has_mem_full,
			.mem_full_us = r->mem_pressure_full_us,
			.has_io_full = r->has_io_full,
			.io_full_us = r->io_pressure_full_us,
		};

		if (s->cgroup_id && (!top || !under(r->path, top)))
			continue;
		snprintf(c.path, sizeof(c.path), "%s", r->path);
		if (tui_cg_set_add(&smp->cg, &c))
			break;
	}
	smp->has_cg = true;
	cgroup_table_free(&t);
}
