// SPDX-License-Identifier: GPL-2.0
/*
 * The Prometheus text format as node_exporter's textfile collector and
 * promtool read it: names, units, escaping, cumulative histogram buckets,
 * the mapping table's completeness, atomic replacement, and the output
 * for a fixed metric_set against tests/fixtures/prom/golden.prom (checked
 * by hand and by `promtool check metrics` in the host tier).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <bpf/libbpf.h>
#include "atomic_file.h"
#include "build_info.h"
#include "counters.h"
#include "export_map.h"
#include "harness.h"
#include "prom_writer.h"
#include "version.h"

static char *render(const struct prom_doc *d)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	prom_write(d, f);
	fclose(f);
	return buf;
}

/* Value of the sample line starting with "series " in text, or NAN. */
static double sample(const char *text, const char *series)
{
	size_t n = strlen(series);

	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (!strncmp(p, series, n) && p[n] == ' ')
			return strtod(p + n + 1, NULL);
	return NAN;
}

static void test_names_escaping(void)
{
	char out[128];

	CHECK(prom_valid_name("zswap_a:b_1", false), "metric name with colon");
	CHECK(!prom_valid_name("1abc", false), "leading digit refused");
	CHECK(!prom_valid_name("a-b", false), "dash refused");
	CHECK(!prom_valid_name("a:b", true), "colon refused in a label name");
	prom_escape_label("a\\b\"c\nd", out, sizeof(out));
	CHECK(!strcmp(out, "a\\\\b\\\"c\\nd"), "label escaping: %s", out);
	prom_escape_help("say \"x\"\\\n", out, sizeof(out));
	CHECK(!strcmp(out, "say \"x\"\\\\\\n"), "help escaping keeps quotes: %s", out);
	prom_format_value(0, out, sizeof(out));
	CHECK(!strcmp(out, "0"), "0: %s", out);
	prom_format_value(123456789012.0, out, sizeof(out));
	CHECK(!strcmp(out, "123456789012"), "integers exact: %s", out);
	prom_format_value(0.25, out, sizeof(out));
	CHECK(!strcmp(out, "0.25"), "fraction: %s", out);
	prom_format_value(INFINITY, out, sizeof(out));
	CHECK(!strcmp(out, "+Inf"), "+Inf: %s", out);
	prom_format_value(NAN, out, sizeof(out));
	CHECK(!strcmp(out, "NaN"), "NaN: %s", out);
}

static bool label_is(const char *key, const struct metric_id *id,
		     const char *label, const char *want)
{
	char v[128];

	return metric_id_label(key, id, label, v, sizeof(v)) && !strcmp(v, want);
}

/* The one key parser (records on disk): family and labels. */
static void test_name_parse(void)
{
	const char *k;
	struct metric_id id;

	k = "swap_write_pages{origin=writeback}";
	CHECK(!metric_id_parse(k, &id) &&
	      id.fam == metric_family(MF_SWAP_WRITE_PAGES) && id.nlabels == 1 &&
	      label_is(k, &id, "origin", "writeback"), "one label");
	k = "lock_wait_ns{lock=zswap_pools_lock,caller=a,b}";
	CHECK(!metric_id_parse(k, &id) && id.nlabels == 2 &&
	      label_is(k, &id, "lock", "zswap_pools_lock") &&
	      label_is(k, &id, "caller", "a,b"), "two labels, comma in a value");
	k = "cgroup_zswpout{cgroup=/sys/fs/cgroup/a=b}";
	CHECK(!metric_id_parse(k, &id) && id.nlabels == 1 &&
	      label_is(k, &id, "cgroup", "/sys/fs/cgroup/a=b"), "'=' in a value");
	CHECK(!metric_id_parse("pswpin", &id) &&
	      id.fam == metric_family(MF_PSWPIN) && id.nlabels == 0, "no labels");
	k = "reject_compress_poor";
	CHECK(!metric_id_parse(k, &id) && id.fam == metric_family(MF_REJECT) &&
	      label_is(k, &id, "reason", "compress_poor"),
	      "reject_<reason>: the reason label");
	CHECK(!metric_id_parse("reject_rate", &id) &&
	      id.fam == metric_family(MF_REJECT_RATE), "reject_rate is its own row");
	CHECK(!metric_id_parse("reject_", &id) && !id.fam,
	      "bare prefix is not a reason");
	CHECK(metric_id_parse("x{a=b", &id) == -1, "unclosed brace refused");
	CHECK(metric_id_parse("x{=b}", &id) == -1, "empty label name refused");
}

/* Rendering and parsing give the same identity. */
static void test_render_round_trip(void)
{
	struct metric_label l[2] = { { "lock", "tree" }, { "caller", "a,b" } };
	struct metric_id a, b;
	char key[METRIC_NAME_LEN];

	CHECK(!metric_id_render(key, sizeof(key), &a,
				metric_family(MF_LOCK_CONTENTIONS), l, 2) &&
	      !strcmp(key, "lock_contentions{lock=tree,caller=a,b}"), "%s", key);
	CHECK(!metric_id_parse(key, &b) && a.fam == b.fam && a.nlabels == 2 &&
	      !memcmp(a.lab, b.lab, sizeof(a.lab)), "render == parse: %s", key);
	l[0] = (struct metric_label){ "reason", "pool_limit" };
	CHECK(!metric_id_render(key, sizeof(key), &a, metric_family(MF_REJECT),
				l, 1) && !strcmp(key, "reject_pool_limit") &&
	      label_is(key, &a, "reason", "pool_limit"), "suffix family: %s", key);
	/* a suffix family with more labels: mthp_<stat>{size=...} */
	l[0] = (struct metric_label){ "stat", "anon_fault_declined" };
	l[1] = (struct metric_label){ "size", "64kB" };
	CHECK(!metric_id_render(key, sizeof(key), &a, metric_family(MF_MTHP_OTHER),
				l, 2) &&
	      !strcmp(key, "mthp_anon_fault_declined{size=64kB}") &&
	      label_is(key, &a, "stat", "anon_fault_declined") &&
	      label_is(key, &a, "size", "64kB"), "suffix and labels: %s", key);
	CHECK(!metric_id_parse(key, &b) && b.fam == a.fam && b.nlabels == 2 &&
	      !memcmp(a.lab, b.lab, sizeof(a.lab)), "render == parse: %s", key);
	l[0] = (struct metric_label){ "cgroup", "/sys/fs/cgroup/a" };
	CHECK(metric_id_render(key, 12, &a, metric_family(MF_CGROUP_ZSWPOUT),
			       l, 1) == -1 && strlen(key) == 11, "cut key: %s", key);
}

/*
 * Every family has a Prometheus row (exported, or skipped with why),
 * and exported names follow the conventions.
 */
static void test_table_complete(void)
{
	for (int i = 0; i < MF_NR; i++) {
		const struct metric_family *f = metric_family(i);
		const char *p = f->prom.name;

		CHECK(f->name && f->unit && f->help, "row %d: name, unit, help", i);
		if (i < MF_PLANNED_NR || i == MF_REJECT)
			CHECK(p || f->prom.skip || f->prom.hist,
			      "%s has a mapping row", f->name);
		if (f->prom.hist)
			CHECK(prom_valid_name(f->prom.hist, false) &&
			      f->prom.nslots > 0, "%s: histogram %s", f->name,
			      f->prom.hist);
		if (!p)
			continue;
		CHECK(!strncmp(p, "zswap_", 6), "%s: zswap_ prefix", p);
		CHECK(prom_valid_name(p, false), "%s: valid name", p);
		if (f->kind == MK_COUNT && !f->prom.gauge)
			CHECK(strlen(p) > 6 && !strcmp(p + strlen(p) - 6, "_total"),
			      "counter %s ends in _total", p);
		else
			CHECK(!strstr(p, "_total"), "gauge %s has no _total", p);
		if (!strcmp(f->unit, "bytes"))
			CHECK(strstr(p, "_bytes") != NULL, "%s: bytes in the name", p);
		if (!strcmp(f->unit, "ns"))
			CHECK(strstr(p, "_seconds") && f->prom.scale == 1e-9,
			      "%s: ns exported as seconds", p);
		if (!strcmp(f->unit, "us"))
			CHECK(strstr(p, "_seconds") && f->prom.scale == 1e-6,
			      "%s: us exported as seconds", p);
	}
	CHECK(!strcmp(metric_family(MF_STORE_LATENCY)->prom.hist,
		      "zswap_store_latency_seconds") &&
	      metric_family(MF_STORE_LATENCY)->prom.scale == 1e-9,
	      "latency histogram in seconds");
	CHECK(metric_family(MF_LOCK_WAIT)->prom.hist &&
	      metric_family(MF_LOCK_WAIT)->prom.scale == 1e-9,
	      "lock_wait_ns histogram in seconds");
	CHECK(!strcmp(metric_family(MF_IOCOST_DEBT)->prom.name,
		      "zswap_iocost_debt_seconds_total"), "iocost debt in seconds");
}

static void test_doc_rules(void)
{
	struct prom_doc d = {};
	struct prom_label l = { "cgroup", "/a" };
	char *out;

	CHECK(!prom_add(&d, "zswap_x_total", PROM_COUNTER, "x", &l, 1, 1), "add");
	CHECK(prom_add(&d, "zswap_x_total", PROM_COUNTER, "x", &l, 1, 2) == -EEXIST,
	      "duplicate series refused");
	CHECK(prom_add(&d, "zswap_x_total", PROM_GAUGE, "x", NULL, 0, 2) == -EINVAL,
	      "a family keeps its type");
	CHECK(prom_add(&d, "bad-name", PROM_GAUGE, "x", NULL, 0, 2) == -EINVAL,
	      "invalid metric name refused");
	l.name = "__reserved";
	CHECK(prom_add(&d, "zswap_y", PROM_GAUGE, "y", &l, 1, 2) == -EINVAL,
	      "reserved label name refused");
	/* samples of one family stay together whatever the order of adds */
	l.name = "cgroup";
	prom_add(&d, "zswap_z", PROM_GAUGE, "z", NULL, 0, 3);
	l.value = "/b";
	prom_add(&d, "zswap_x_total", PROM_COUNTER, "x", &l, 1, 4);
	out = render(&d);
	CHECK(out && strstr(out, "zswap_x_total{cgroup=\"/a\"} 1\n"
			    "zswap_x_total{cgroup=\"/b\"} 4\n# HELP zswap_z"),
	      "family samples grouped:\n%s", out);
	free(out);
	prom_doc_free(&d);
}

static void test_prom_histogram(void)
{
	struct metric_set ms = {};
	struct hist h = { .kind = HIST_LOG2 };
	struct prom_doc d = {};
	double prev = -1, v;
	char *out, *p;
	int nb = 0;
	bool mono = true;

	h.slots[0] = 2;		/* 0..1 ns */
	h.slots[7] = 3;		/* 128..255 ns: first bucket le=255ns */
	h.slots[10] = 5;	/* 1024..2047 ns */
	h.slots[40] = 1;	/* ~1100 s: only in +Inf */
	h.sum = 2e12;
	metric_set_hist(&ms, "store_latency_ns", "ns", SRC_FENTRY, &h);
	export_metric_set(&d, &ms);
	out = render(&d);
	CHECK(out != NULL, "rendered");
	if (!out)
		goto done;
	for (p = strstr(out, "zswap_store_latency_seconds_bucket{"); p;
	     p = strstr(p + 1, "zswap_store_latency_seconds_bucket{")) {
		v = strtod(strchr(p, ' ') + 1, NULL);
		mono &= v >= prev;
		prev = v;
		nb++;
	}
	CHECK(mono, "buckets cumulative (non-decreasing)");
	CHECK(nb == 28, "27 finite buckets and +Inf (%d)", nb);
	v = sample(out, "zswap_store_latency_seconds_bucket{le=\"2.55e-07\"}");
	CHECK(v == 5, "le=255ns holds slots 0..7: %g", v);
	v = sample(out, "zswap_store_latency_seconds_bucket{le=\"2.047e-06\"}");
	CHECK(v == 10, "le=2047ns holds slots 0..10: %g", v);
	v = sample(out, "zswap_store_latency_seconds_bucket{le=\"17.179869183\"}");
	CHECK(v == 10, "last finite bucket (2^34-1 ns) excludes slot 40: %g", v);
	CHECK(sample(out, "zswap_store_latency_seconds_bucket{le=\"+Inf\"}") == 11 &&
	      sample(out, "zswap_store_latency_seconds_count") == 11,
	      "+Inf bucket = count = 11");
	CHECK(sample(out, "zswap_store_latency_seconds_sum") == 2000,
	      "sum in seconds: %g", sample(out, "zswap_store_latency_seconds_sum"));
	CHECK(strstr(out, "# TYPE zswap_store_latency_seconds histogram\n") != NULL,
	      "TYPE histogram");
done:
	free(out);
	prom_doc_free(&d);
	metric_set_free(&ms);
}

/* The fixed metric_set of the golden file. */
static void golden_set(struct metric_set *ms, struct cgroup_table *t)
{
	struct hist h = { .kind = HIST_LINEAR };

	metric_set_value(ms, "store_calls", "calls", SRC_COUNTER, 1500);
	metric_set_value(ms, "store_reject", "calls", SRC_COUNTER, 300);
	metric_set_value(ms, "reject_rate", "ratio", SRC_COUNTER, 0.2);
	metric_set_na(ms, "load_calls", "calls", "no source");
	metric_set_value(ms, "pool_bytes", "bytes", SRC_COUNTER, 4194304);
	metric_set_value(ms, "compression_ratio", "ratio", SRC_COUNTER, 3.125);
	metric_set_value(ms, "swap_write_bios{origin=writeback}", "bios",
			 SRC_TRACEPOINT, 40);
	metric_set_value(ms, "swap_write_pages{origin=writeback}", "pages",
			 SRC_TRACEPOINT, 52);
	metric_set_value(ms, "reject_compress_poor", "calls", SRC_COUNTER, 7);
	metric_set_value(ms, "reject_reclaim_fail", "calls", SRC_COUNTER, 0);
	metric_set_value(ms, "some_future_metric", "calls", SRC_COUNTER, 1);
	/* counters read by key: rows, and the keys no row names */
	metric_set_value(ms, "swpout_zero", "pages", SRC_COUNTER, 5);
	metric_set_value(ms, "decompress_fail", "events", SRC_COUNTER, 0);
	metric_set_value(ms, "mthp_zswpout{size=64kB}", "folios", SRC_COUNTER, 9);
	metric_set_value(ms, "mthp_nr_anon{size=2048kB}", "folios", SRC_COUNTER, 150);
	metric_set_value(ms, "mthp_anon_fault_declined{size=64kB}", "delta",
			 SRC_COUNTER, -2);
	metric_add(ms, MF_DEBUGFS_OTHER, &(struct metric_label){ "file", "new_file" },
		   1, SRC_COUNTER, 4);
	h.slots[1] = 30;
	h.slots[2] = 8;
	h.slots[3] = 2;
	h.slots[63] = 1;	/* 63 pages or more */
	h.sum = 30 + 16 + 6 + 100;
	metric_set_hist(ms, "pages_per_bio{origin=writeback}", "pages",
			SRC_TRACEPOINT, &h);
	t->n = t->cap = 2;
	t->rows = calloc(2, sizeof(*t->rows));
	snprintf(t->rows[0].path, sizeof(t->rows[0].path), "/a/b");
	t->rows[0].zswpout = 10;
	t->rows[0].has_zswap_bytes = true;
	t->rows[0].zswap_bytes = 8192;
	t->rows[0].has_mem_full = true;
	t->rows[0].mem_pressure_full_us = 1500000;
	t->rows[0].has_zswapped = true;
	t->rows[0].zswapped_bytes = 32768;
	t->rows[0].has_events = true;
	t->rows[0].events_high = 12;
	t->rows[0].events_max = 3;
	snprintf(t->rows[1].path, sizeof(t->rows[1].path), "/q\"uote\\s\nnl");
	t->rows[1].zswpout = 3;
	t->rows[1].zswpwb = 1;
}

static void test_golden(void)
{
	struct metric_set ms = {};
	/* BPF memcg events: each cgroup's own, zswpwb included */
	struct cgroup_table t = { .src = CGC_BPF, .has_zswpwb = true };
	struct prom_doc d = {};
	char path[512], *golden, *out;
	int unmapped;

	golden_set(&ms, &t);
	unmapped = export_metric_set(&d, &ms);
	export_cgroups(&d, &t);
	out = render(&d);
	CHECK(unmapped == 1, "the unmapped metric is counted (%d)", unmapped);
	snprintf(path, sizeof(path), "%s/prom/golden.prom", fixtures_dir);
	golden = read_file(path, 1 << 20);
	CHECK(golden && out && !strcmp(golden, out),
	      "output equals %s; got:\n%s", path, out ? out : "(null)");
	if (getenv("PROM_GOLDEN_WRITE") && out) {
		FILE *f = fopen(getenv("PROM_GOLDEN_WRITE"), "w");

		if (f) {
			fputs(out, f);
			fclose(f);
		}
	}
	CHECK(out && !strstr(out, "reject_rate") && !strstr(out, "load_calls"),
	      "ratios and n/a values are not exported");
	CHECK(out && strstr(out, "zswap_cgroup_stored_pages_total{cgroup=\"/q\\\"uote\\\\s\\nnl\"} 3\n"),
	      "cgroup path escaped");
	CHECK(out && sample(out, "zswap_cgroup_memory_pressure_full_seconds_total"
			    "{cgroup=\"/a/b\"}") == 1.5,
	      "pressure in seconds");
	free(golden);
	free(out);
	prom_doc_free(&d);

	/* counts from a 6.1 memory.stat: subtree scope, no zswpwb series */
	memset(&d, 0, sizeof(d));
	t.src = CGC_MEMORY_STAT;
	t.has_zswpwb = false;
	export_cgroups(&d, &t);
	out = render(&d);
	CHECK(out && strstr(out, "zswap_cgroup_counts_source_info{source=\"memory.stat\","
			    "scope=\"subtree\"} 1\n") &&
	      sample(out, "zswap_cgroup_stored_pages_total{cgroup=\"/a/b\"}") == 10 &&
	      !strstr(out, "zswap_cgroup_written_back_pages_total"),
	      "memory.stat source: subtree, no written-back series");
	free(out);
	prom_doc_free(&d);
	metric_set_free(&ms);
	cgroup_table_free(&t);
}

static void test_atomic(void)
{
	char dir[] = "/tmp/zswap-atomic.XXXXXX", path[128], tmp[256], *text;
	const char *what = NULL;
	int err;

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/zswap.prom", dir);
	CHECK(!atomic_file_check_dir(path, &what), "writable dir passes the check");
	CHECK(!atomic_file_write(path, "old\n", 4, &what), "first write");
	CHECK(!atomic_file_write(path, "new\n", 4, &what), "replacement");
	text = read_file(path, 4096);
	CHECK(text && !strcmp(text, "new\n"), "replaced content");
	free(text);
	atomic_file_tmp_name(path, tmp, sizeof(tmp));
	CHECK(access(tmp, F_OK) && strstr(tmp, "/.zswap.prom.") &&
	      !strcmp(tmp + strlen(tmp) - 4, ".tmp"),
	      "no temporary file left; its name is hidden and not *.prom");
	/* a failing write: the temporary name is taken by a directory */
	mkdir(tmp, 0755);
	err = atomic_file_write(path, "bad\n", 4, &what);
	CHECK(err < 0 && what, "failing write reports the step (%s)", what);
	text = read_file(path, 4096);
	CHECK(text && !strcmp(text, "new\n"), "old file intact after a failed write");
	free(text);
	rmdir(tmp);
	/* a killed writer's temporary file goes, a live one's stays */
	{
		char dead[256], live[256];
		pid_t child = fork();
		FILE *f;

		if (child == 0)
			_exit(0);
		waitpid(child, NULL, 0);
		snprintf(dead, sizeof(dead), "%s/.zswap.prom.%d.tmp", dir, (int)child);
		snprintf(live, sizeof(live), "%s/.zswap.prom.1.tmp", dir);	/* init */
		if ((f = fopen(dead, "w")))
			fclose(f);
		if ((f = fopen(live, "w")))
			fclose(f);
		CHECK(atomic_file_remove_stale(path) == 1 && access(dead, F_OK) &&
		      !access(live, F_OK), "stale temporary file removed, live one kept");
		unlink(live);
	}
	snprintf(tmp, sizeof(tmp), "%s/missing/zswap.prom", dir);
	CHECK(atomic_file_check_dir(tmp, &what) == -ENOENT, "missing dir: -ENOENT");
	CHECK(atomic_file_check_dir(path, &what) == 0, "still fine");
	unlink(path);
	rmdir(dir);
}

/* zswap_exporter_build_info 1, labelled with the version --version prints */
static void test_build_info(void)
{
	struct prom_doc d = {};
	char want[256], *text;

	CHECK(!export_build_info(&d), "build_info added");
	text = render(&d);
	snprintf(want, sizeof(want),
		 "# TYPE zswap_exporter_build_info gauge\n"
		 "zswap_exporter_build_info{version=\"%s\",revision=\"%s\",libbpf=\"%s\"} 1\n",
		 zswap_release(), zswap_revision(), libbpf_version_string());
	CHECK(text && strstr(text, want), "build_info line:\n%s\nwant:\n%s", text ? text : "", want);
	CHECK(text && strstr(text, "libbpf=\"v1."), "libbpf's version: %s", text ? text : "");
	free(text);
	prom_doc_free(&d);
}

void test_prom(void)
{
	test_build_info();
	test_names_escaping();
	test_name_parse();
	test_render_round_trip();
	test_table_complete();
	test_doc_rules();
	test_prom_histogram();
	test_golden();
	test_atomic();
}
