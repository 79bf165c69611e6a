// SPDX-License-Identifier: GPL-2.0
/* zswaptop's per-cgroup rows: cgroup_stats turned into model samples. */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "cgroup_stats.h"
#include "iocost_stat.h"
#include "iostall_session.h"
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
	smp->counts_reason[0] = smp->zswpwb_reason[0] = '\0';
	err = cgroup_table_read(s, &t);
	if (err) {
		snprintf(smp->cg_reason, sizeof(smp->cg_reason),
			 "cgroup table unreadable: %s", strerror(-err));
		cgroup_table_free(&t);
		return;
	}
	counted = t.src != CGC_NONE;
	if (!counted)
		snprintf(smp->counts_reason, sizeof(smp->counts_reason),
			 "no count_memcg_events tracepoint on this kernel "
			 "(added in 6.14), and cgroup v1's memory.stat has no "
			 "zswap events");
	else if (!t.has_zswpwb)
		snprintf(smp->zswpwb_reason, sizeof(smp->zswpwb_reason),
			 "memory.stat has no zswpwb before 6.8");
	smp->counts_subtree = t.src == CGC_MEMORY_STAT;
	/* --cgroup: that cgroup and its descendants only */
	for (size_t i = 0; s->cgroup_id && i < t.n; i++)
		if (t.rows[i].id == s->cgroup_id && t.rows[i].path_known)
			top = t.rows[i].path;
	for (size_t i = 0; i < t.n; i++) {
		const struct cgroup_row *r = &t.rows[i];
		struct tui_cg_sample c = {
			.id = r->id,
			.has_counts = counted,
			.has_zswpwb = counted && t.has_zswpwb,
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

int tui_iocost_read(struct iostall *st, struct tui_sample *smp)
{
	struct metric_set ms = {};
	const char *off;

	if (iostall_collect(st, &ms)) {
		metric_set_free(&ms);
		return -1;
	}
	off = iostall_off_reason(st);
	snprintf(smp->iocost_reason, sizeof(smp->iocost_reason), "%s",
		 off ? off : "no iocost activity of the cgroup seen since start");
	for (size_t i = 0; !off && i < smp->cg.n; i++) {
		struct tui_cg_sample *c = &smp->cg.rows[i];
		char dir[PATH_MAX + TUI_PATH_LEN], label[128];
		struct metric_label cg = { "cgroup", label };
		const struct metric *x;

		/* iostall labels cgroups by their cgroup2 directory (cut) */
		snprintf(dir, sizeof(dir), "%s%s", st->cgroup_root,
			 strcmp(c->path, "/") ? c->path : "");
		snprintf(label, sizeof(label), "%.120s", dir);
		x = metric_set_find_id(&ms, MF_IOCOST_DEBT, &cg, 1);
		if (x && x->has_value) {
			c->has_iocost = true;
			c->iocost_debt_us = x->value;
		} else if (x) {
			snprintf(smp->iocost_reason, sizeof(smp->iocost_reason),
				 "%.*s", TUI_REASON_LEN - 1, x->reason);
		}
	}
	metric_set_free(&ms);
	return 0;
}
