// SPDX-License-Identifier: GPL-2.0
/*
 * Levels over the window (issue 38, item 4): the sampler's mean (over
 * time), max and min; the KEY{stat=S} names and identities; n/a with the
 * reason under two ticks or for an n/a level; the levels a tick evaluates
 * are the sampled rows'; and a record's pool_bytes{stat=max} through
 * compare and a claims row to a verdict, beside an older real record
 * that has no statistics ("not in this record").
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "claims.h"
#include "claims_eval.h"
#include "compare.h"
#include "harness.h"
#include "level_stats.h"
#include "metric_eval.h"
#include "record.h"

#define CG "/sys/fs/cgroup/w"

/* A set with pool_bytes = pool and the cgroup's memory.current = mem. */
static void levels_at(struct metric_set *s, double pool, double mem)
{
	const struct metric_label cg = { "cgroup", CG };

	metric_set_free(s);
	metric_add(s, MF_POOL_BYTES, NULL, 0, SRC_COUNTER, pool);
	metric_add(s, MF_MEMORY_CURRENT, &cg, 1, SRC_COUNTER, mem);
	/* a count and an unsampled level: never sampled */
	metric_add(s, MF_ZSWPOUT, NULL, 0, SRC_COUNTER, 5);
	metric_add(s, MF_WALL_TIME, NULL, 0, SRC_COUNTER, 3);
}

static double value_of(const struct metric_set *s, const char *name, bool *ok)
{
	const struct metric *m = metric_set_find(s, name);

	*ok = m && m->has_value;
	return *ok ? m->value : NAN;
}

static void test_sampler(void)
{
	/* start 0, ticks at 0.1 .. 0.3, end 0.5: a pool that fills and empties */
	static const double t[] = { 0, 0.1, 0.2, 0.3, 0.5 };
	static const double pool[] = { 0, 4000, 8000, 2000, 0 };
	struct level_sampler ls = {};
	struct metric_set s = {};
	double v, area = 0;
	bool ok;
	size_t n;

	for (int i = 0; i < 5; i++) {
		levels_at(&s, pool[i], 1000 + i);
		CHECK(!level_sampler_add(&ls, &s, t[i], i > 0 && i < 4),
		      "sample %d", i);
		if (i)
			area += (t[i] - t[i - 1]) * (pool[i] + pool[i - 1]) / 2;
	}
	CHECK(ls.ticks == 3 && ls.n == 2, "3 ticks, 2 levels sampled (%lu, %zu): "
	      "not the count, not wall_time_s", ls.ticks, ls.n);
	/* the end value as the window's set holds it */
	levels_at(&s, 0, 1004);
	n = s.n;
	CHECK(!level_stats_eval(&ls, &s, 0, n, 0.5), "evaluated");
	v = value_of(&s, "pool_bytes{stat=mean}", &ok);
	CHECK(ok && fabs(v - area / 0.5) < 1e-9 && fabs(v - 3000) < 1e-9,
	      "mean over time: the trapezoids' area over 0.5 s, 3000 (%g)", v);
	v = value_of(&s, "pool_bytes{stat=max}", &ok);
	CHECK(ok && v == 8000, "max 8000 (%g): the peak the end (0) hides", v);
	v = value_of(&s, "pool_bytes{stat=min}", &ok);
	CHECK(ok && v == 0, "min 0 (%g)", v);
	v = value_of(&s, "memory_current{cgroup=" CG "}{stat=max}", &ok);
	CHECK(ok && v == 1004, "a labelled level's max (%g)", v);
	CHECK(!metric_set_find(&s, "zswpout{stat=max}") &&
	      !metric_set_find(&s, "wall_time_s{stat=max}"),
	      "no statistics of a count or of an unsampled level");
	CHECK(s.n == n + 6, "3 statistics of each of the 2 levels (%zu)", s.n - n);
	CHECK(!strcmp(metric_set_find(&s, "pool_bytes{stat=max}")->unit, "bytes"),
	      "the level's unit");
	metric_set_free(&s);
	level_sampler_free(&ls);
}

static void test_too_few(void)
{
	struct level_sampler ls = {};
	struct metric_set s = {};
	const struct metric *m;
	size_t n;

	/* start, one tick, end: a window shorter than two ticks */
	for (int i = 0; i < 3; i++) {
		levels_at(&s, 100 * i, 1);
		level_sampler_add(&ls, &s, 0.05 * i, i == 1);
	}
	metric_set_free(&s);
	metric_add(&s, MF_POOL_BYTES, NULL, 0, SRC_COUNTER, 200);
	metric_add_na(&s, MF_STORED_PAGES, NULL, 0, "counter debugfs:stored_pages absent");
	n = s.n;
	CHECK(!level_stats_eval(&ls, &s, 0, n, 0.1), "evaluated");
	m = metric_set_find(&s, "pool_bytes{stat=max}");
	CHECK(m && !m->has_value && strstr(m->reason, "sampled at 1 tick of the "
	      "0.10 s window") && strstr(m->reason, "need 2 or more"),
	      "one tick: n/a, says why (%s)", m ? m->reason : "absent");
	m = metric_set_find(&s, "stored_pages{stat=min}");
	CHECK(m && !m->has_value && !strcmp(m->reason, "counter debugfs:stored_pages "
	      "absent"), "an n/a level: its statistics n/a with its reason (%s)",
	      m ? m->reason : "absent");
	/* two ticks, but a level that appeared at the end */
	levels_at(&s, 1, 1);
	level_sampler_add(&ls, &s, 0.15, true);
	metric_set_free(&s);
	metric_add(&s, MF_SAME_FILLED, NULL, 0, SRC_COUNTER, 7);
	CHECK(!level_stats_eval(&ls, &s, 0, s.n, 0.2), "evaluated");
	m = metric_set_find(&s, "same_filled_pages{stat=mean}");
	CHECK(m && !m->has_value && strstr(m->reason, "read at fewer than 2 of "
	      "the window's 2 ticks"),
	      "a level read once: n/a (%s)", m ? m->reason : "absent");
	metric_set_free(&s);
	level_sampler_free(&ls);

	/*
	 * Read at the start and the end only, every tick failing (a file a
	 * tick could not read): no statistics of what the window did between.
	 */
	for (int i = 0; i < 5; i++) {
		const struct metric_label cg = { "cgroup", CG };

		metric_add(&s, MF_MEMORY_CURRENT, &cg, 1, SRC_COUNTER, i);
		if (i == 0 || i == 4)
			metric_add(&s, MF_POOL_BYTES, NULL, 0, SRC_COUNTER, 0);
		level_sampler_add(&ls, &s, 0.1 * i, i && i < 4);
		metric_set_free(&s);
	}
	metric_add(&s, MF_POOL_BYTES, NULL, 0, SRC_COUNTER, 0);
	CHECK(!level_stats_eval(&ls, &s, 0, s.n, 0.4), "evaluated");
	m = metric_set_find(&s, "pool_bytes{stat=max}");
	CHECK(m && !m->has_value && strstr(m->reason, "read at fewer than 2 of "
	      "the window's 3 ticks"), "read at no tick: n/a, not the end's 0 (%s)",
	      m ? m->reason : "absent");
	metric_set_free(&s);
	level_sampler_free(&ls);
}

static void test_names(void)
{
	const char *key = "zswap_pool_bytes{cgroup=/a,b}{stat=max}";
	struct metric_label_set ls;
	struct metric_id id;
	enum level_stat st;
	size_t bl;
	char v[64];

	CHECK(level_stat_parse(key, &bl, &st) == 1 && st == LEVEL_STAT_MAX &&
	      bl == strlen(key) - strlen("{stat=max}"), "{stat=max} parsed");
	CHECK(level_stat_parse("pool_bytes{stat=p99}", &bl, &st) == -1 &&
	      level_stat_parse("pool_bytes", &bl, &st) == 0,
	      "p99 is no level statistic; no suffix is none");
	CHECK(!metric_id_parse(key, &id) && id.fam == metric_family(MF_CGROUP_ZSWAP_BYTES) &&
	      id.stat_off == strlen(key) - strlen("{stat=max}") && id.nlabels == 1 &&
	      metric_id_label(key, &id, "cgroup", v, sizeof(v)) && !strcmp(v, "/a,b"),
	      "identity: the family, its labels without the statistic (%s)", v);
	metric_id_labels(key, &id, &ls);
	CHECK(ls.n == 1 && !strcmp(ls.l[0].value, "/a,b"), "one label");
	CHECK(!metric_id_parse("pool_bytes{stat=mean}", &id) &&
	      id.fam == metric_family(MF_POOL_BYTES) && !id.nlabels &&
	      id.stat_off == strlen("pool_bytes") &&
	      metric_kind_of(&id) == MK_LEVEL, "a bare level's statistic");
}

static bool yes(void *ctx, const char *f, char *why, size_t len)
{
	return true;
}

static bool name_yes(void *ctx, const char *name)
{
	return true;
}

/*
 * Every level a tick evaluates is a sampled row's, and every sampled
 * level with a value at the window's end is among them, the same value
 * (an n/a one is n/a at the end, with its reason there).
 */
static void test_tick_levels(void)
{
	struct zs_caps caps = { .fentry = yes, .kprobe = yes, .tp = yes,
				.ksym = name_yes, .counter = name_yes };
	struct zs_snapshot s = { .has_debugfs = true, .has_cgroup = true,
				 .zswap_current = 4096, .memory_current = 1 << 20 };
	struct metric_window w = { .cgroup = CG, .before = &s, .after = &s };
	struct metric_set lv = {}, all = {};
	struct zs_plan plan;
	size_t bad = 0, levels = 0, valued = 0;

	plan_make(&plan, &caps);
	w.plan = &plan;
	kvset_set(&s.debugfs, "pool_total_size", 8192);
	kvset_set(&s.debugfs, "stored_pages", 5);
	kvset_set(&s.debugfs, "written_back_pages", 9);
	kvset_set(&s.mthp, "64kB/nr_anon", 3);
	kvset_set(&s.mthp, "64kB/zswpout", 3);
	s.has_mthp = true;
	kvset_set(&s.memory_stat, "zswap", 4096);
	kvset_set(&s.memory_stat, "zswpout", 2);
	CHECK(!metric_eval_levels(&w, &lv) && !metric_eval(&w, &all), "evaluated");
	for (size_t i = 0; i < lv.n; i++)
		bad += !lv.m[i].id.fam || !lv.m[i].id.fam->sampled;
	for (size_t i = 0; i < all.n; i++) {
		const struct metric *m = &all.m[i], *t;

		if (!m->id.fam || !m->id.fam->sampled || !m->has_value)
			continue;
		levels++;
		t = metric_set_find(&lv, m->name);
		if ((!t || !t->has_value || t->value != m->value) && bad++ < 3)
			CHECK(0, "%s not sampled as it ends", m->name);
	}
	for (size_t i = 0; i < lv.n; i++)
		valued += lv.m[i].has_value;
	CHECK(!bad && levels == valued && levels >= 7, "the tick's levels with "
	      "a value are the window end's (%zu of %zu)", valued, levels);
	CHECK(metric_set_find(&lv, "pool_bytes") &&
	      metric_set_find(&lv, "zswap_pool_bytes{cgroup=" CG "}") &&
	      metric_set_find(&lv, "memory_current{cgroup=" CG "}") &&
	      metric_set_find(&lv, "mthp_nr_anon{size=64kB}") &&
	      metric_set_find(&lv, "memory_stat_zswap{cgroup=" CG "}") &&
	      !metric_set_find(&lv, "mthp_zswpout{size=64kB}") &&
	      !metric_set_find(&lv, "written_back_pages"),
	      "levels in, counts out");
	metric_set_free(&lv);
	metric_set_free(&all);
	snapshot_free(&s);
	plan_free(&plan);
}

/* ---- a record's statistics through compare and claims ----------------- */

static char tmpdir[64];

/* A record whose pool peaked at peak (and ended empty). */
static void write_record(const char *path, double peak)
{
	struct record_meta meta = { .kernel_release = "6.18.0-test",
		.duration_s = 1, .wall_time_s = 1, .exit_code = 0,
		.complete = true, .start_unix = 1 };
	struct level_sampler ls = {};
	struct metric_set s = {};

	for (int i = 0; i <= 10; i++) {
		levels_at(&s, i == 5 ? peak : 100.0 * (i % 5), 1);
		level_sampler_add(&ls, &s, 0.1 * i, i && i < 10);
	}
	level_stats_eval(&ls, &s, 0, s.n, 1);
	CHECK(!record_write(path, &meta, NULL, &s, NULL, 0), "%s written", path);
	metric_set_free(&s);
	level_sampler_free(&ls);
}

static const char claims_text[] =
	"schema: zswap-claims/1\nseries: s\nsetup:\n  stated: x\n"
	"tables:\n  - id: t\n    title: t\n    columns: [a, b]\n    rows:\n"
	"      - label: peak\n        metric: \"pool_bytes{stat=max}\"\n"
	"        claim: lower\n        quoted: [null, null]\n"
	"      - label: cgroup mean\n"
	"        metric: \"memory_current{cgroup=$CGROUP}{stat=mean}\"\n"
	"        claim: same\n        quoted: [null, null]\n";

static void test_record_compare_claims(void)
{
	struct claims_eval e = { .alpha = 0.05, .holm = true };
	struct zs_error err = { .msg = "" };
	const struct cmp_metric *m = NULL;
	struct comparison c;
	struct claims cl;
	char path[2][5][128], cpath[128], old[512];
	struct record rec;

	snprintf(tmpdir, sizeof(tmpdir), "/tmp/zswap-levels.XXXXXX");
	CHECK(mkdtemp(tmpdir) != NULL, "temp dir");
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 5; i++) {
			snprintf(path[k][i], sizeof(path[k][i]), "%s/%c%d.json",
				 tmpdir, 'a' + k, i);
			write_record(path[k][i], (k ? 4000 : 8000) + 10 * i);
		}
	comparison_init(&c, 0.05, false);
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 5; i++)
			CHECK(!comparison_add_path(&c, k, path[k][i], &err), "%s", err.msg);
	CHECK(!comparison_finish(&c, &err), "compared: %s", err.msg);
	for (size_t i = 0; i < c.n; i++)
		if (!strcmp(c.m[i].name, "pool_bytes{stat=max}"))
			m = &c.m[i];
	CHECK(m && m->status == CMP_COMPARED && m->mean[0] == 8020 &&
	      m->mean[1] == 4020 && m->significant,
	      "compare: pool_bytes{stat=max} 8,020 -> 4,020, significant");
	comparison_free(&c);

	snprintf(cpath, sizeof(cpath), "%s/levels.yaml", tmpdir);
	FILE *f = fopen(cpath, "w");

	if (f) {
		fputs(claims_text, f);
		fclose(f);
	}
	CHECK(!claims_load(cpath, &cl, &err), "claims rows of level statistics "
	      "load: %s", err.msg);
	if (err.msg[0] && !cl.nr_tables)
		return;
	CHECK(!claims_eval_init(&e, &cl, NULL, NULL, &err), "%s", err.msg);
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 5; i++) {
			CHECK(!record_load(path[k][i], &rec, &err), "%s", err.msg);
			snprintf(rec.meta.cgroup, sizeof(rec.meta.cgroup), CG);
			claims_eval_add_record(&e, k, &rec, path[k][i], &err);
			record_free(&rec);
		}
	CHECK(!claims_eval_finish(&e, &err) && e.n == 2, "%s", err.msg);
	CHECK(e.r[0].verdict == VERDICT_HOLDS, "pool_bytes{stat=max}: lower "
	      "holds (%s: %s)", verdict_name(e.r[0].verdict), e.r[0].why);
	CHECK(e.r[1].verdict == VERDICT_HOLDS, "memory_current{...}{stat=mean}: "
	      "the same holds (%s: %s)", verdict_name(e.r[1].verdict), e.r[1].why);
	claims_eval_free(&e);

	/* an older real record: the rows are n/a, "not in this record" */
	snprintf(old, sizeof(old), "%s/records/real/6.18-host/seed001-locks-iocost.json",
		 fixtures_dir);
	e = (struct claims_eval){ .alpha = 0.05, .holm = true };
	CHECK(!claims_eval_init(&e, &cl, NULL, NULL, &err), "%s", err.msg);
	CHECK(!record_load(old, &rec, &err), "%s", err.msg);
	for (int k = 0; k < 2; k++)
		claims_eval_add_record(&e, k, &rec, old, &err);
	record_free(&rec);
	CHECK(!claims_eval_finish(&e, &err), "%s", err.msg);
	CHECK(e.n == 2 && e.r[0].verdict == VERDICT_NOT_MEASURABLE &&
	      strstr(e.r[0].why, "pool_bytes{stat=max}: not in this record: it "
		     "has pool_bytes at the window's end only"),
	      "an older record: n/a, not in this record (%s)", e.n ? e.r[0].why : "");
	CHECK(e.n == 2 && e.r[1].verdict == VERDICT_NOT_MEASURABLE &&
	      strstr(e.r[1].why, "not in"), "its cgroup level too (%s)",
	      e.n > 1 ? e.r[1].why : "");
	claims_eval_free(&e);
	claims_free(&cl);

	/* compare of an older record beside a new one: dropped, no failure */
	comparison_init(&c, 0.05, false);
	CHECK(!comparison_add_path(&c, ARM_A, old, &err) &&
	      !comparison_add_path(&c, ARM_B, path[1][0], &err) &&
	      !comparison_finish(&c, &err), "old beside new compared: %s", err.msg);
	m = NULL;
	for (size_t i = 0; i < c.n; i++)
		if (!strcmp(c.m[i].name, "pool_bytes{stat=max}"))
			m = &c.m[i];
	CHECK(m && m->status == CMP_DROPPED, "pool_bytes{stat=max}: in the new "
	      "arm only (%s)", m ? cmp_status_name(m->status) : "absent");
	comparison_free(&c);
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 5; i++)
			unlink(path[k][i]);
	unlink(cpath);
	rmdir(tmpdir);
}

void test_level_stats(void)
{
	test_sampler();
	test_too_few();
	test_names();
	test_tick_levels();
	test_record_compare_claims();
}
