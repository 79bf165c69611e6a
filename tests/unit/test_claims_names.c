// SPDX-License-Identifier: GPL-2.0
/*
 * The names a claims row accepts are the names records carry (issue 37:
 * reject_alloc_fail and pages_per_bio{origin=writeback}{stat=mean} were
 * refused). Every metric, and every histogram's {stat=S}, of the real
 * records in tests/fixtures/records/real/LINE/ (LINE: the kernel line
 * and machine each was taken on) becomes a claims row that must load
 * and get a verdict, never a load error; so do the core's metrics from
 * each kernel's captured counter files (tests/fixtures/VER/) and the
 * lock report's of every lock class and caller, and every sampled level's
 * {stat=mean|max|min} of those counter files. Typos are refused with
 * what the family does carry; a sparse family's absent labels read 0 in
 * a record taken with its source on.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "claims.h"
#include "claims_eval.h"
#include "counters.h"
#include "level_stats.h"
#include "lock_report.h"
#include "metric_eval.h"
#include "metric_expect.h"
#include "record.h"

/* A row written for one name, and whether the record has its value. */
struct name_row {
	char name[METRIC_NAME_LEN];
	bool measurable;
	char why[64];		/* the n/a reason a non-measurable row needs */
};

static struct name_row *rows_of(const struct record *rec, size_t *n)
{
	const struct metric_set *ms = &rec->metrics;
	size_t cap = ms->n + (ms->n + ms->nh) * HIST_STAT_NR;
	struct name_row *r = calloc(cap ? cap : 1, sizeof(*r));

	*n = 0;
	for (size_t i = 0; r && i < ms->n; i++) {
		const struct metric *m = &ms->m[i];

		snprintf(r[*n].name, sizeof(r[0].name), "%s", m->name);
		if (!m->has_value)
			snprintf(r[*n].why, sizeof(r[0].why), "%.60s", m->reason);
		r[(*n)++].measurable = m->has_value;
		/* a histogram with no source is an n/a metric: its {stat=S} too */
		if (metric_kind_of(&m->id) != MK_HIST || m->has_value)
			continue;
		for (int s = 0; s < HIST_STAT_NR; s++) {
			hist_stat_name(r[*n].name, sizeof(r[0].name), m->name, s);
			snprintf(r[(*n)++].why, sizeof(r[0].why), "%.60s", m->reason);
		}
	}
	for (size_t i = 0; r && i < ms->nh; i++)
		for (int s = 0; s < HIST_STAT_NR; s++) {
			double v;

			hist_stat_name(r[*n].name, sizeof(r[0].name), ms->h[i].name, s);
			r[*n].measurable = hist_stat_value(&ms->h[i].h, s, &v);
			if (!r[*n].measurable)
				snprintf(r[*n].why, sizeof(r[0].why), "counted no events");
			(*n)++;
		}
	return r;
}

/* A claims file with one row per name, as a user would write it. */
static char *claims_text(const struct name_row *r, size_t n, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);

	if (!f)
		return NULL;
	fputs("schema: zswap-claims/1\nseries: every name of a record\n"
	      "setup:\n  stated: a real record\ntables:\n  - id: all\n"
	      "    title: every name\n    columns: [a, b]\n    rows:\n", f);
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "      - label: r%zu\n        metric: \"", i);
		for (const char *p = r[i].name; *p; p++)
			fprintf(f, "%s%c", *p == '"' || *p == '\\' ? "\\" : "", *p);
		fputs("\"\n        claim: lower\n        quoted: [null, null]\n", f);
	}
	fclose(f);
	return text;
}

/*
 * Every name of rec as a claims row: each passes the name check, the
 * file loads, and with rec in both arms (one run each) each row gets a
 * verdict: "not shown" (too few runs) where rec has its value, "not
 * measurable here" with the record's reason where it is n/a.
 */
static void check_record_names(const char *what, const struct record *rec)
{
	struct claims_eval e = { .alpha = 0.05, .holm = true };
	struct zs_error err = { .msg = "" };
	struct claims c = {};
	char why[512];
	size_t n, len, bad = 0;
	struct name_row *r = rows_of(rec, &n);
	char *text = r ? claims_text(r, n, &len) : NULL;

	CHECK(text != NULL && n > 0, "%s: rows written (%zu)", what, n);
	if (!text)
		goto out;
	for (size_t i = 0; i < n; i++)
		if (metric_name_check(r[i].name, why, sizeof(why)) && bad++ < 5)
			CHECK(0, "%s: '%s' refused: %s", what, r[i].name, why);
	CHECK(!bad, "%s: all %zu names accepted (%zu refused)", what, n, bad);
	CHECK(!claims_parse(what, text, len, &c, &err) &&
	      !claims_check_names(&c, &err), "%s: %zu rows load: %s", what, n,
	      err.msg);
	if (!c.nr_tables)
		goto out;
	CHECK(!claims_eval_init(&e, &c, NULL, NULL, &err) &&
	      !claims_eval_add_record(&e, 0, rec, what, &err) &&
	      !claims_eval_add_record(&e, 1, rec, what, &err) &&
	      !claims_eval_finish(&e, &err) && e.n == n,
	      "%s: evaluated (%s)", what, err.msg);
	bad = 0;
	for (size_t i = 0; i < e.n && i < n; i++) {
		const struct row_eval *v = &e.r[i];
		enum verdict want = r[i].measurable ? VERDICT_NOT_SHOWN :
				    VERDICT_NOT_MEASURABLE;

		if ((v->verdict != want ||
		     (r[i].measurable && !strstr(v->why, "too few runs")) ||
		     !strstr(v->why, r[i].why)) && bad++ < 5)
			CHECK(0, "%s: '%s': %s (%s), want %s", what, r[i].name,
			      verdict_name(v->verdict), v->why, verdict_name(want));
	}
	CHECK(!bad, "%s: every row has its verdict (%zu wrong)", what, bad);
out:
	claims_eval_free(&e);
	claims_free(&c);
	free(text);
	free(r);
}

/* ---- real records, one directory per kernel line --------------------- */

static int json_file(const struct dirent *d)
{
	size_t l = strlen(d->d_name);

	return l > 5 && !strcmp(d->d_name + l - 5, ".json");
}

static int records_of_line(const char *dir, const char *line)
{
	struct dirent **f;
	char path[1024], what[300];
	int n = scandir(dir, &f, json_file, alphasort), done = 0;

	for (int i = 0; i < n; i++) {
		struct record rec;
		struct zs_error err;

		snprintf(path, sizeof(path), "%.700s/%.255s", dir, f[i]->d_name);
		snprintf(what, sizeof(what), "%.40s/%.200s", line, f[i]->d_name);
		free(f[i]);
		if (record_load(path, &rec, &err)) {
			CHECK(0, "%s: %s", what, err.msg);
			continue;
		}
		check_record_names(what, &rec);
		record_free(&rec);
		done++;
	}
	free(n > 0 ? f : NULL);
	return done;
}

static void test_real_records(void)
{
	char dir[512], sub[800], lines[256] = "";
	struct dirent **d;
	int n, total = 0;

	snprintf(dir, sizeof(dir), "%s/records/real", fixtures_dir);
	n = scandir(dir, &d, NULL, alphasort);
	for (int i = 0; i < n; i++) {
		if (d[i]->d_name[0] != '.' && d[i]->d_type == DT_DIR) {
			int k;

			snprintf(sub, sizeof(sub), "%s/%s", dir, d[i]->d_name);
			k = records_of_line(sub, d[i]->d_name);
			total += k;
			snprintf(lines + strlen(lines), sizeof(lines) - strlen(lines),
				 "%s%.40s (%d)", lines[0] ? ", " : "", d[i]->d_name, k);
		}
		free(d[i]);
	}
	free(n > 0 ? d : NULL);
	CHECK(total > 0, "real records under %s", dir);
	printf("claims rows of every name of real records: %s\n", lines);
}

/* ---- the core's metrics from each kernel's captured counter files ---- */

static bool cap_yes(void *ctx, const char *f, char *why, size_t len)
{
	return *(bool *)ctx;
}

static bool cap_name(void *ctx, const char *name)
{
	return true;
}

/* every file of a captured debugfs zswap/ into kv */
static void read_debugfs(const char *dir, struct kvset *kv)
{
	struct dirent **f;
	char path[1024];
	int n = scandir(dir, &f, NULL, alphasort);

	for (int i = 0; i < n; i++) {
		char *text;

		snprintf(path, sizeof(path), "%s/%s", dir, f[i]->d_name);
		text = f[i]->d_name[0] != '.' ? read_file(path, 64) : NULL;
		if (text)
			kvset_set(kv, f[i]->d_name, strtod(text, NULL));
		free(text);
		free(f[i]);
	}
	free(n > 0 ? f : NULL);
}

/*
 * The window's levels sampled as a record samples them (its start, two
 * ticks, its end), and their statistics added to ms: each sampled level
 * of ms has its three.
 */
static void add_level_stats(const struct metric_window *w,
			    struct metric_set *ms, const char *what)
{
	struct level_sampler ls = {};
	size_t n = ms->n, levels = 0, stats = 0;
	char name[METRIC_NAME_LEN];

	for (int i = 0; i < 4; i++) {
		struct metric_set lv = {};

		metric_eval_levels(w, &lv);
		level_sampler_add(&ls, &lv, 0.1 * i, i == 1 || i == 2);
		metric_set_free(&lv);
	}
	CHECK(!level_stats_eval(&ls, ms, 0, n, 0.3), "%s: level statistics", what);
	for (size_t i = 0; i < n; i++) {
		if (!ms->m[i].id.fam || !ms->m[i].id.fam->sampled)
			continue;
		levels++;
		for (int s = 0; s < LEVEL_STAT_NR; s++) {
			snprintf(name, sizeof(name), "%.140s{stat=%s}", ms->m[i].name,
				 level_stat_word(s));
			stats += metric_set_find(ms, name) != NULL;
		}
	}
	CHECK(levels >= 8 && stats == levels * LEVEL_STAT_NR,
	      "%s: %zu sampled levels, each with its statistics (%zu)", what,
	      levels, stats);
	level_sampler_free(&ls);
}

static void test_counter_fixtures(void)
{
	static const char *const vers[] = { "6.1", "6.12", "6.18" };

	for (size_t v = 0; v < sizeof(vers) / sizeof(vers[0]); v++)
		for (int hooks = 0; hooks < 2; hooks++) {
			bool on = hooks;
			struct zs_caps caps = {
				.fentry = cap_yes, .kprobe = cap_yes, .tp = cap_yes,
				.ksym = cap_name, .counter = cap_name, .ctx = &on,
				.cgroup_events = true,
			};
			struct zs_snapshot s = { .has_debugfs = true, .has_cgroup = true };
			struct record rec = { .meta = { .complete = true } };
			struct metric_window w = {
				.plan = NULL, .cgroup = "/sys/fs/cgroup/fixture",
				.cgroup_counted = true, .compressor = "lzo",
				.before = &s, .after = &s,
			};
			struct zs_plan plan;
			char path[512], what[64];
			size_t nr = 0;
			char *text;

			plan_make(&plan, &caps);
			w.plan = &plan;
			snprintf(path, sizeof(path), "%s/%s/debugfs_zswap", fixtures_dir,
				 vers[v]);
			read_debugfs(path, &s.debugfs);
			snprintf(path, sizeof(path), "%s/%s/proc_vmstat", fixtures_dir,
				 vers[v]);
			text = read_file(path, 1 << 20);
			if (text)
				parse_key_value(text, &s.vmstat);
			free(text);
			for (size_t i = 0; i < s.debugfs.n; i++)
				nr += !strncmp(s.debugfs.items[i].name, "reject_", 7);
			CHECK(nr >= 4 && s.vmstat.n > 0, "%s: counter files read "
			      "(%zu reject reasons)", vers[v], nr);
			CHECK(!metric_eval(&w, &rec.metrics), "%s: evaluated", vers[v]);
			add_level_stats(&w, &rec.metrics, vers[v]);
			EXPECT_NAMES_KNOWN(&rec.metrics);
			/* each reject reason this kernel has is a metric claims name */
			for (size_t i = 0; i < s.debugfs.n; i++) {
				const char *k = s.debugfs.items[i].name;

				if (!strncmp(k, "reject_", 7))
					CHECK(metric_set_find(&rec.metrics, k) &&
					      !metric_name_check(k, path, sizeof(path)),
					      "%s: %s a metric claims accept (%s)",
					      vers[v], k, path);
			}
			snprintf(what, sizeof(what), "%s counter files, %s", vers[v],
				 hooks ? "hooks" : "counters only");
			check_record_names(what, &rec);
			metric_set_free(&rec.metrics);
			snapshot_free(&s);
			plan_free(&plan);
		}
}

/* ---- the lock report: every lock class and caller -------------------- */

static void test_lock_names(void)
{
	struct record rec = { .meta = { .complete = true } };
	unsigned long long slots[LS_HIST_SLOTS] = { [10] = 3 };
	struct lock_data d = {};

	for (int c = 0; c < LC_NR; c++)
		for (int op = ZOP_NONE; op < ZOP_NR; op++) {
			struct lock_entry *e = lock_data_add(&d, 0x1000 + 64 * (c * ZOP_NR + op),
							     NULL, 0, 3, 3000, 1500, slots);

			if (e)
				e->v = (struct lock_verdict){ .cls = c, .op = op };
		}
	lock_report_metrics(&d, &rec.metrics);
	CHECK(rec.metrics.nh == LC_NR * (ZOP_NR - 1), "a histogram of every class and "
	      "caller (%zu)", rec.metrics.nh);
	EXPECT_NAMES_KNOWN(&rec.metrics);
	check_record_names("lock report", &rec);
	metric_set_free(&rec.metrics);
	lock_data_free(&d);
}

/* ---- typos: refused, with what the family carries --------------------- */

static void test_typos(void)
{
	static const char *const ok[] = {
		"reject_alloc_fail", "reject_compress_fail", "reject_compress_poor",
		"reject_kmemcache_fail", "reject_reclaim_fail", "reject_*",
		"pages_per_bio{origin=writeback}{stat=mean}", "load_latency_ns",
		"lock_wait_ns{lock=tree,caller=store}{stat=p99}",
		"lock_contentions{lock=tree,caller=stor[e]}",
		"lock_contentions{lock=xarray,caller=*}",
		"lock_contentions{lock=any,caller=any}", "swap_write_pages{cgroup=$CGROUP}",
		"throttled_sleep_us{cgroup=$CGROUP,where=blkcg_delay}",
		"wb_offcpu_us{task=kworker/0:1,kind=kworker}", "wb_offcpu_us",
		"workload_cache_ops_per_s", "workload_usemem_kbps",
		"workload_access_ops_per_s_p50", "wall_time_s", "lock_*",
		"pool_bytes{stat=max}", "stored_pages{stat=mean}",
		"zswap_pool_bytes{cgroup=$CGROUP}{stat=min}",
		"memory_current{cgroup=$CGROUP}{stat=max}",
		"mthp_nr_anon{size=64kB}{stat=max}", "pool_*{stat=max}",
	};
	static const char *const bad[][2] = {
		{ "zswpot", "no metric 'zswpot': did you mean zswpout?" },
		{ "reject_", "no metric 'reject_'" },
		{ "rejects_alloc_fail", "no metric 'rejects_alloc_fail'" },
		{ "reject_compress_poor{reason=x}", "want reject_<reason>" },
		{ "pages_per_bio{origin=writeback}{stat=p95}",
		  "unknown histogram statistic (mean, p50, p90, p99, count)" },
		{ "pages_per_bio{stat=mean}{origin=writeback}",
		  "{stat=S} goes after the labels" },
		{ "store_calls{stat=mean}", "store_calls is not a histogram or a "
		  "sampled level" },
		{ "wall_time_s{stat=max}", "wall_time_s is not a histogram or a "
		  "sampled level" },
		{ "pool_bytes{stat=p99}", "unknown statistic of a level (mean, max, min)" },
		{ "load_latency_ns{stat=max}", "unknown histogram statistic" },
		{ "pool_bytes{stat=max}{cgroup=x}", "{stat=S} goes after the labels" },
		{ "memory_current{stat=max}", "memory_current's metrics are "
		  "memory_current{cgroup=...}" },
		{ "swap_write_bios{orign=writeback}",
		  "swap_write_bios's metrics are swap_write_bios{origin=...}" },
		{ "pages_per_bio{origin=writebak}",
		  "origin=writebak: pages_per_bio's origin is one of writeback, reclaim" },
		{ "store_calls{origin=writeback}", "store_calls's metrics are store_calls" },
		{ "lock_contentions{lock=xarray,caller=zswap_store}",
		  "caller is one of store, load, invalidate" },
		{ "lock_contentions{caller=store,lock=xarray}", "(labels in this order)" },
		{ "lock_contentions{lock=xarray}",
		  "lock_contentions{lock=any,caller=any} or "
		  "lock_contentions{lock=...,caller=...}" },
		{ "lock_contentions{lock=any,caller=store}",
		  "(or lock_contentions{lock=any,caller=any})" },
		{ "lock_contentions{lock=tra*,caller=*}", "lock is one of tree" },
		{ "zz_*", "'zz_*' matches no metric of the toolkit" },
		{ "wb_offcpu_us{kind=x,task=y}", "wb_offcpu_us{task=...,kind=...}" },
		{ "iocost_debt_us{cgroup=$CGROUP", "labels must be {KEY=VALUE,...}" },
		{ "iocost_debt_us{=x}", "label '=x' is not KEY=VALUE" },
	};
	char why[512];

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		CHECK(!metric_name_check(ok[i], why, sizeof(why)), "'%s' accepted: %s",
		      ok[i], why);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why[0] = '\0';
		CHECK(metric_name_check(bad[i][0], why, sizeof(why)) &&
		      strstr(why, bad[i][1]), "'%s' refused with '%s': %s",
		      bad[i][0], bad[i][1], why);
	}
}

/* ---- sparse families: absent is 0 with the source on ------------------ */

static void lock_record(struct record *rec, bool locks)
{
	struct hist h = { .kind = HIST_LOG2, .slots = { [10] = 5 }, .sum = 5000 };

	memset(rec, 0, sizeof(*rec));
	rec->meta.complete = true;
	metric_set_value(&rec->metrics, "store_calls", "calls", SRC_COUNTER, 100);
	if (!locks)
		return;
	metric_set_value(&rec->metrics, "lock_contentions{lock=any,caller=any}",
			 "contentions", SRC_TRACEPOINT, 5);
	metric_set_value(&rec->metrics, "lock_contentions{lock=tree,caller=store}",
			 "contentions", SRC_TRACEPOINT, 5);
	metric_set_hist(&rec->metrics, "lock_wait_ns{lock=tree,caller=store}", "ns",
			SRC_TRACEPOINT, &h);
}

static void test_sparse(void)
{
	static const char text[] =
		"schema: zswap-claims/1\nseries: s\nsetup:\n  stated: x\n"
		"tables:\n  - id: t\n    title: t\n    columns: [a, b]\n    rows:\n"
		"      - label: xarray store\n"
		"        metric: \"lock_contentions{lock=xarray,caller=store}\"\n"
		"        claim: lower\n        quoted: [null, null]\n"
		"      - label: xarray any caller\n"
		"        metric: \"lock_contentions{lock=xarray,caller=*}\"\n"
		"        claim: lower\n        quoted: [null, null]\n"
		"      - label: xarray waits\n"
		"        metric: \"lock_wait_ns{lock=xarray,caller=store}{stat=count}\"\n"
		"        claim: lower\n        quoted: [null, null]\n"
		"      - label: xarray p99\n"
		"        metric: \"lock_wait_ns{lock=xarray,caller=store}{stat=p99}\"\n"
		"        claim: lower\n        quoted: [null, null]\n"
		"      - label: tree store\n"
		"        metric: \"lock_contentions{lock=tree,caller=store}\"\n"
		"        claim: lower\n        quoted: [null, null]\n"
		"      - label: every lock and caller\n"
		"        metric: \"lock_contentions{lock=*,caller=*}\"\n"
		"        claim: lower\n        quoted: [null, null]\n";
	struct zs_error err = { .msg = "" };
	struct claims c;

	CHECK(!claims_parse("sparse.yaml", text, sizeof(text) - 1, &c, &err) &&
	      !claims_check_names(&c, &err), "sparse rows load: %s", err.msg);
	for (int locks = 0; locks < 2; locks++) {
		struct claims_eval e = { .alpha = 0.05, .holm = true };
		struct record rec;

		lock_record(&rec, locks);
		CHECK(!claims_eval_init(&e, &c, NULL, NULL, &err), "%s", err.msg);
		for (int k = 0; k < 2; k++)
			for (int i = 0; i < 3; i++)
				claims_eval_add_record(&e, k, &rec, "mem.json", &err);
		CHECK(!claims_eval_finish(&e, &err) && e.n == 6, "%s", err.msg);
		for (size_t i = 0; i < e.n && locks; i++) {
			const struct row_eval *r = &e.r[i];
			/* the glob sums the members, not the any/any total too */
			bool p99 = i == 3, tree = i == 4 || i == 5;

			if (p99)
				CHECK(r->verdict == VERDICT_NOT_MEASURABLE &&
				      strstr(r->why, "counted no events"),
				      "--locks: %s n/a: %s", r->row->label, r->why);
			else
				CHECK(r->arm[0].n == 3 && r->arm[1].n == 3 &&
				      r->arm[0].v[0] == (tree ? 5 : 0),
				      "--locks: %s is %g in every run (%zu runs, %s)",
				      r->row->label, r->arm[0].n ? r->arm[0].v[0] : -1,
				      r->arm[0].n, r->why);
		}
		for (size_t i = 0; i < e.n && !locks; i++)
			CHECK(e.r[i].verdict == VERDICT_NOT_MEASURABLE &&
			      (strstr(e.r[i].why, "recorded without the option") ||
			       strstr(e.r[i].why, "no such metric in the record")),
			      "without --locks: %s n/a: %s", e.r[i].row->label,
			      e.r[i].why);
		claims_eval_free(&e);
		record_free(&rec);
	}
	claims_free(&c);
}

void test_claims_names(void)
{
	test_typos();
	test_real_records();
	test_counter_fixtures();
	test_lock_names();
	test_sparse();
}
