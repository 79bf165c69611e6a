// SPDX-License-Identifier: GPL-2.0
/*
 * Counters read by key (kv_families.c), and the vmstat and debugfs rows
 * the planner plans, over windows made of the files captured from real
 * kernels (tests/fixtures/<release>/): a window ends with the captured
 * files and starts with the same files less a known step per key, so
 * every count's delta is known; levels are the captured value.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kv_families.h"
#include "metric_eval.h"
#include "metric_expect.h"

#define CG "/sys/fs/cgroup/t"

static const char *const kernels[] = { "6.1", "6.12", "6.18" };

static double step(size_t i)
{
	return 1 + i % 5;
}

/* The step of key name in s (its index's), or NAN when s lacks it. */
static double step_of(const struct kvset *s, const char *name)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->items[i].name, name))
			return step(i);
	return NAN;
}

static double value_in(const struct kvset *s, const char *name)
{
	double v;

	return kvset_get(s, name, &v) ? v : NAN;
}

static void read_into(const char *ver, const char *name, struct kvset *out,
		      bool *has)
{
	char path[512], *text;

	snprintf(path, sizeof(path), "%s/%s/%s", fixtures_dir, ver, name);
	text = read_file(path, 1 << 20);
	*has = text && parse_key_value(text, out) > 0;
	free(text);
}

/* The end of the window: the captured files, the cgroup's as --cgroup's. */
static void capture(const char *ver, struct zs_snapshot *a)
{
	char path[512];
	bool ok;

	memset(a, 0, sizeof(*a));
	read_into(ver, "proc_vmstat", &a->vmstat, &ok);
	snprintf(path, sizeof(path), "%s/%s/debugfs_zswap", fixtures_dir, ver);
	a->has_debugfs = read_value_dir(path, "", &a->debugfs) > 0;
	snprintf(path, sizeof(path), "%s/%s/transparent_hugepage", fixtures_dir, ver);
	a->has_mthp = read_mthp_stats(path, &a->mthp) > 0;
	/* the host's memory cgroup is v1: no memory.events, no zswap lines */
	read_into(ver, strcmp(ver, "6.18") ? "memory.stat" : "memcg_v1/memory.stat",
		  &a->memory_stat, &a->has_cgroup);
	read_into(ver, "memory.events", &a->memory_events, &a->has_memory_events);
}

static void less(const struct kvset *a, struct kvset *b)
{
	for (size_t i = 0; i < a->n; i++)
		kvset_set(b, a->items[i].name, a->items[i].value - step(i));
}

static void start_of(const struct zs_snapshot *a, struct zs_snapshot *b)
{
	memset(b, 0, sizeof(*b));
	less(&a->vmstat, &b->vmstat);
	less(&a->debugfs, &b->debugfs);
	less(&a->mthp, &b->mthp);
	less(&a->memory_stat, &b->memory_stat);
	less(&a->memory_events, &b->memory_events);
	b->has_debugfs = a->has_debugfs;
	b->has_mthp = a->has_mthp;
	b->has_cgroup = a->has_cgroup;
	b->has_memory_events = a->has_memory_events;
}

/* The planner's counter probe over the captured files; no hook attaches. */
static bool cap_counter(void *ctx, const char *name)
{
	const struct zs_snapshot *s = ctx;
	const char *key = strchr(name, ':') + 1;

	if (!strncmp(name, "vmstat:", 7))
		return !isnan(value_in(&s->vmstat, key));
	if (!strncmp(name, "debugfs:", 8))
		return !isnan(value_in(&s->debugfs, key));
	if (!strncmp(name, "memory.stat:", 12))
		return !isnan(value_in(&s->memory_stat, key));
	return false;
}

static bool cap_refuse(void *ctx, const char *f, char *why, size_t len)
{
	snprintf(why, len, "refused in this test");
	return false;
}

static bool cap_ksym(void *ctx, const char *sym)
{
	return false;
}

/* Every name in the set reads back as the identity it was made with. */
static void check_round_trip(const char *ver, const struct metric_set *ms)
{
	int bad = 0;

	for (size_t i = 0; i < ms->n; i++) {
		const struct metric *m = &ms->m[i];
		struct metric_id id;

		/* an unknown debugfs file has no row on disk: its name alone */
		if (m->id.fam == metric_family(MF_DEBUGFS_OTHER))
			continue;
		if (metric_id_parse(m->name, &id) || id.fam != m->id.fam ||
		    id.nlabels != m->id.nlabels) {
			fprintf(stderr, "%s: %s reads back otherwise\n", ver, m->name);
			bad++;
		}
	}
	CHECK(!bad, "%s: every name reads back as its identity", ver);
}

/* A planned row of a counter file: the file's value, or n/a as absent. */
static void expect_row(const struct metric_set *ms, const struct kvset *set,
		       const char *file, const char *name)
{
	const struct metric_family *f = metric_family_of_key(name);
	double want = f->kind == MK_LEVEL ? value_in(set, name) :
		      step_of(set, name);
	char why[96];

	snprintf(why, sizeof(why), "counter %s:%s absent", file, name);
	if (isnan(want))
		EXPECT_NA(ms, name, why);
	else
		EXPECT(ms, name, want);
}

static void vmstat_rows(const char *ver, const struct zs_snapshot *a,
			const struct metric_set *ms)
{
	static const char *const keys[] = { "swpout_zero", "swpin_zero",
		"pgmajfault", "swap_ra", "swap_ra_hit", "thp_swpout",
		"thp_swpout_fallback", "workingset_refault_anon",
		"workingset_refault_file", "workingset_activate_anon",
		"workingset_activate_file", "workingset_restore_anon",
		"workingset_restore_file", "pgscan_kswapd", "pgscan_direct",
		"pgsteal_kswapd", "pgsteal_direct" };

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		expect_row(ms, &a->vmstat, "vmstat", keys[i]);
	if (!strcmp(ver, "6.1"))
		EXPECT_NA(ms, "swpout_zero", "counter vmstat:swpout_zero absent");
}

/* Every debugfs zswap/ file is a metric named as the file, or n/a. */
static void debugfs_files(const char *ver, const struct zs_snapshot *a,
			  const struct metric_set *ms)
{
	static const char *const rows[] = { "decompress_fail",
		"stored_incompressible_pages", "same_filled_pages",
		"duplicate_entry", "pool_total_size" };
	const struct metric *m;

	for (size_t i = 0; i < a->debugfs.n; i++) {
		const char *f = a->debugfs.items[i].name;

		CHECK((m = metric_set_find(ms, f)) && m->has_value &&
		      m->src == SRC_COUNTER, "%s: debugfs %s recorded", ver, f);
	}
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		expect_row(ms, &a->debugfs, "debugfs", rows[i]);
	/* 6.18 has decompress_fail, 6.1 same_filled_pages, 6.12 neither */
	m = metric_set_find(ms, !strcmp(ver, "6.1") ? "same_filled_pages" :
			    "decompress_fail");
	CHECK(m && m->has_value == (strcmp(ver, "6.12") != 0),
	      "%s: the kernel's own debugfs files", ver);
}

static void mthp_stats(const char *ver, const struct zs_snapshot *a,
		       const struct metric_set *ms)
{
	const struct metric *m;

	if (!a->has_mthp) {
		/* no size to name: one bare n/a per row */
		EXPECT_NA(ms, "mthp_zswpout", "no per-size mTHP stats");
		EXPECT_NA(ms, "mthp_swpout_fallback", "no per-size mTHP stats");
		CHECK(!metric_set_find(ms, "mthp_zswpout{size=64kB}"),
		      "%s: no sized mTHP metric", ver);
		return;
	}
	EXPECT(ms, "mthp_zswpout{size=64kB}", step_of(&a->mthp, "64kB/zswpout"));
	EXPECT(ms, "mthp_swpout_fallback{size=2048kB}",
	       step_of(&a->mthp, "2048kB/swpout_fallback"));
	EXPECT(ms, "mthp_nr_anon{size=2048kB}", value_in(&a->mthp, "2048kB/nr_anon"));
	/* a stat with no row: recorded, by the suffix row, as its change */
	m = metric_set_find(ms, "mthp_anon_fault_declined{size=64kB}");
	CHECK(m && m->has_value && m->value == step_of(&a->mthp,
		"64kB/anon_fault_declined") && !strcmp(m->unit, "delta") &&
	      m->id.fam == metric_family(MF_MTHP_OTHER),
	      "%s: an unknown mTHP stat is recorded", ver);
	/* order 1 has no anon stats: absent there, not n/a */
	CHECK(!metric_set_find(ms, "mthp_anon_fault_alloc{size=8kB}") &&
	      !metric_set_find(ms, "mthp_anon_fault_alloc"),
	      "%s: a stat one size lacks is neither 0 nor n/a", ver);
}

static void cgroup_files(const char *ver, const struct zs_snapshot *a,
			 const struct metric_set *ms)
{
	if (a->has_memory_events) {
		EXPECT(ms, "memory_events_high{cgroup=" CG "}",
		       step_of(&a->memory_events, "high"));
		EXPECT(ms, "memory_events_max{cgroup=" CG "}",
		       step_of(&a->memory_events, "max"));
		EXPECT(ms, "memory_events_oom_kill{cgroup=" CG "}",
		       step_of(&a->memory_events, "oom_kill"));
	} else {
		EXPECT_NA(ms, "memory_events_high{cgroup=" CG "}", "cgroup v1");
		EXPECT_NA(ms, "memory_events_max{cgroup=" CG "}", "cgroup v1");
	}
	if (isnan(value_in(&a->memory_stat, "zswpout"))) {
		EXPECT_NA(ms, "memory_stat_zswpout{cgroup=" CG "}",
			  "has no zswap lines");
		EXPECT_NA(ms, "memory_stat_zswap{cgroup=" CG "}", "has no zswap lines");
	} else {
		EXPECT(ms, "memory_stat_zswpout{cgroup=" CG "}",
		       step_of(&a->memory_stat, "zswpout"));
		EXPECT(ms, "memory_stat_zswap{cgroup=" CG "}",
		       value_in(&a->memory_stat, "zswap"));
		EXPECT(ms, "memory_stat_zswapped{cgroup=" CG "}",
		       value_in(&a->memory_stat, "zswapped"));
	}
	if (!strcmp(ver, "6.1"))
		EXPECT_NA(ms, "memory_stat_zswpwb{cgroup=" CG "}",
			  "this kernel's memory.stat has no zswpwb");
	CHECK(!metric_set_find(ms, "memory_stat_anon{cgroup=" CG "}") &&
	      !metric_set_find(ms, "memory_stat_pgfault{cgroup=" CG "}"),
	      "%s: memory.stat's other lines are not zswap's", ver);
}

static void fixture_window(const char *ver)
{
	struct zs_snapshot before, after;
	struct zs_plan plan;
	struct metric_set ms = {};
	struct zs_caps caps = {
		.fentry = cap_refuse, .kprobe = cap_refuse, .tp = cap_refuse,
		.ksym = cap_ksym, .counter = cap_counter, .ctx = &after,
	};
	struct metric_window w = {
		.plan = &plan, .cgroup = CG, .before = &before, .after = &after,
	};

	capture(ver, &after);
	start_of(&after, &before);
	plan_make(&plan, &caps);
	CHECK(!metric_eval(&w, &ms), "%s: evaluated", ver);
	vmstat_rows(ver, &after, &ms);
	debugfs_files(ver, &after, &ms);
	mthp_stats(ver, &after, &ms);
	cgroup_files(ver, &after, &ms);
	check_round_trip(ver, &ms);
	metric_set_free(&ms);
	/* no --cgroup: no figure of a cgroup's files, not even n/a */
	w.cgroup = NULL;
	CHECK(!metric_eval(&w, &ms) &&
	      !metric_set_find(&ms, "memory_events_high{cgroup=" CG "}") &&
	      !metric_set_find(&ms, "memory_events_high"),
	      "%s: no cgroup file without --cgroup", ver);
	metric_set_free(&ms);
	plan_free(&plan);
	snapshot_free(&before);
	snapshot_free(&after);
}

/*
 * A file the registry does not know (the next kernel's) is recorded by
 * its name as its change; one that appears during the window is n/a.
 */
static void unknown_files(void)
{
	struct zs_snapshot before = {}, after = {};
	struct metric_set ms = {};
	struct kv_window w = { NULL, &before, &after };
	const struct metric *m;

	kvset_set(&before.debugfs, "reject_new_reason", 2);
	kvset_set(&after.debugfs, "reject_new_reason", 9);
	kvset_set(&before.debugfs, "pages_by_magic", 100);
	kvset_set(&after.debugfs, "pages_by_magic", 40);
	kvset_set(&after.debugfs, "born_late", 5);
	before.has_debugfs = after.has_debugfs = true;
	CHECK(!kv_families_eval(&w, &ms), "evaluated");
	m = metric_set_find(&ms, "pages_by_magic");
	CHECK(m && m->has_value && m->value == -60 && !strcmp(m->unit, "delta") &&
	      m->id.fam == metric_family(MF_DEBUGFS_OTHER),
	      "unknown debugfs file: its change, unit delta");
	EXPECT_NA(&ms, "born_late", "debugfs zswap/ had no born_late at the start");
	/* reject_<reason> is the planned loop's, not recorded twice here */
	CHECK(!metric_set_find(&ms, "reject_new_reason"), "reject_ left to its row");
	metric_set_free(&ms);
	/* mTHP stats gone at the window's end: n/a, not 0 */
	before.has_mthp = true;
	kvset_set(&before.mthp, "64kB/zswpout", 3);
	CHECK(!kv_families_eval(&w, &ms), "evaluated");
	EXPECT_NA(&ms, "mthp_zswpout", "mTHP stats not readable at the end");
	metric_set_free(&ms);
	snapshot_free(&before);
	snapshot_free(&after);
}

/* The n/a form a labelled name falls back to (compare, claims). */
static void unlabelled_keys(void)
{
	static const struct { const char *key, *want; } cases[] = {
		{ "mthp_swpout{size=64kB}", "mthp_swpout" },
		{ "mthp_nr_anon{size=64kB}{stat=max}", "mthp_nr_anon{stat=max}" },
		{ "memory_current{cgroup=/sys/fs/cgroup/a}{stat=mean}",
		  "memory_current{stat=mean}" },
		{ "pool_bytes{stat=max}", NULL },
		{ "zswpout", NULL },
	};
	char out[METRIC_NAME_LEN];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		bool got = metric_unlabelled_key(cases[i].key, out, sizeof(out));

		CHECK(got == !!cases[i].want &&
		      (!got || !strcmp(out, cases[i].want)),
		      "%s: unlabelled %s, got %s", cases[i].key,
		      cases[i].want ? cases[i].want : "(none)",
		      got ? out : "(none)");
	}
}

void test_kv_families(void)
{
	unlabelled_keys();
	for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++)
		fixture_window(kernels[i]);
	unknown_files();
}
