// SPDX-License-Identifier: GPL-2.0
/*
 * zswap-gate compare on the fixture records of tests/fixtures/records
 * (written by make-fixtures.sh with seed 000's means and stddevs): the
 * statistics, statuses, the gate and bad input. The expected t statistic
 * is SciPy's (see test_stats.c for the command); scaling both arms by
 * 1000 leaves t unchanged.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <json-c/json.h>
#include "cgroup_prefix.h"
#include "compare.h"
#include "compare_output.h"
#include "gate_rules.h"
#include "harness.h"
#include "json_out.h"

static char path_a[512], path_b[512];

static const struct cmp_metric *find(const struct comparison *c, const char *name)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->m[i].name, name))
			return &c->m[i];
	return NULL;
}

static int load(struct comparison *c, const char *a, const char *b,
		bool incomplete, struct zs_error *err)
{
	comparison_init(c, 0.05, incomplete);
	if (comparison_add_path(c, ARM_A, a, err) ||
	    comparison_add_path(c, ARM_B, b, err))
		return -1;
	return comparison_finish(c, err);
}

/* fn's output on c, as a string to free (test_probe_opts.c too) */
char *compare_render(const struct comparison *c,
		     void (*fn)(FILE *, const struct comparison *))
{
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);

	fn(f, c);
	fclose(f);
	return buf;
}

static void test_seed000_arms(void)
{
	struct gate_rules g = {};
	struct comparison c;
	const struct cmp_metric *m;
	struct zs_error err;
	struct ratio_ci f;
	char *out;

	CHECK(!load(&c, path_a, path_b, false, &err), "load: %s", err.msg);
	CHECK(c.arm[0].nr_records == 5 && c.arm[1].nr_records == 5, "5 + 5 records");
	CHECK(!strcmp(c.arm[0].kernels, "6.1.0-57-amd64"), "kernels %s", c.arm[0].kernels);

	m = find(&c, "swap_write_bios{origin=writeback}");
	CHECK(m && m->status == CMP_COMPARED, "write requests compared");
	if (m) {
		CHECK(fabs(m->mean[0] - 748000) < 1e-6 && fabs(m->sd[0] - 47000) < 1e-6 &&
		      fabs(m->mean[1] - 596000) < 1e-6 && fabs(m->sd[1] - 26000) < 1e-6,
		      "mean/sd %g %g %g %g", m->mean[0], m->sd[0], m->mean[1], m->sd[1]);
		CHECK(fabs(m->welch.t - -6.3278427962515567) < 1e-8, "t %.17g", m->welch.t);
		CHECK(fabs(m->change_pct - (596.0 - 748) / 748 * 100) < 1e-9,
		      "change %g", m->change_pct);
		CHECK(m->significant && m->verdict > 0, "fewer write requests: better");
		/* the change's interval: Fieller's (counts), as claims gives it */
		CHECK(m->has_ci && m->ci.fieller && m->ci.bounded &&
		      !fieller_ci(m->arm[0].v, 5, m->arm[1].v, 5, 0.05, true, &f) &&
		      fabs(m->ci.lo_pct - (f.lo - 1) * 100) < 1e-9 &&
		      fabs(m->ci.hi_pct - (f.hi - 1) * 100) < 1e-9 &&
		      m->ci.lo_pct < m->change_pct && m->change_pct < m->ci.hi_pct &&
		      m->ci.hi_pct < 0, "interval [%g, %g] around %g, Fieller's",
		      m->ci.lo_pct, m->ci.hi_pct, m->change_pct);
		CHECK(m->has_mwu && m->mwu.p < 0.01, "mwu shown (n >= 5), p %g", m->mwu.p);
	}
	m = find(&c, "wall_time_s");
	CHECK(m && m->status == CMP_COMPARED && !m->significant && m->verdict == 0,
	      "build time: not significant");
	if (m)
		CHECK(fabs(m->welch.p - 0.28639186310221559) < 1e-6, "p %g", m->welch.p);
	m = find(&c, "pages_per_bio{origin=writeback}");
	CHECK(m && m->significant && m->verdict > 0, "more pages per bio: better");
	m = find(&c, "zswpwb");
	CHECK(m && m->status == CMP_MISSING && m->lacking_arm == ARM_A &&
	      strstr(arm_values_reason(&m->arm[0]), "zswpwb absent"),
	      "zswpwb missing in A with its reason, not -100%%");
	m = find(&c, "reject_compress_fail");
	CHECK(m && m->status == CMP_DROPPED && m->lacking_arm == ARM_A,
	      "reject_compress_fail: dropped, only in B");
	m = find(&c, "store_latency_ns{stat=mean}");
	CHECK(m && fabs(m->mean[0] - 3000) < 1e-9 && fabs(m->mean[1] - 6000) < 1e-9,
	      "latency mean from the histograms");
	CHECK(c.nh == 1 && c.h[0].sum[0].slots[11] == 100 && c.h[0].sum[1].slots[12] == 100,
	      "histograms summed over the runs");

	CHECK(!gate_apply(&g, &c, &err) && c.nr_failed == 0,
	      "default gate passes when everything gets better (%zu failed)", c.nr_failed);
	out = compare_render(&c, compare_print_table);
	CHECK(strstr(out, "748000 +- 47000") && strstr(out, "596000 +- 26000") &&
	      strstr(out, "-20.3% [-26.4, -13.5] *") && strstr(out, "gate: pass"),
	      "table shape:\n%s", out);
	CHECK(strstr(out, "zswpwb: n/a in A") && strstr(out, "reject_compress_fail: only in B"),
	      "missing and dropped listed");
	/* the fixture's ringbuf_drops: 0 in each of the 10 records */
	m = find(&c, "ringbuf_drops");
	CHECK(m && m->mean[0] == 0 && m->mean[1] == 0, "ringbuf_drops 0");
	CHECK(strstr(out, "\n0 in both arms, 1 series (--all shows them): ringbuf_drops\n") &&
	      !strstr(out, "\nringbuf_drops "), "rows 0 in both arms folded");
	free(out);
	c.show_all = true;
	out = compare_render(&c, compare_print_table);
	CHECK(strstr(out, "\nringbuf_drops ") && !strstr(out, "0 in both arms"),
	      "--all: every row");
	free(out);
	c.show_all = false;

	/* a threshold rule on a significant change fails */
	CHECK(!gate_rules_add(&g, "swap_write_bios*:-10%", "--fail-on", &err),
	      "rule parses");
	CHECK(!gate_rules_add(&g, "wall_time_s:-0.1%", "--fail-on", &err),
	      "rule parses");
	CHECK(!gate_apply(&g, &c, &err) && c.nr_failed == 1, "one failed");
	m = find(&c, "swap_write_bios{origin=writeback}");
	CHECK(m && m->failed && strstr(m->failed_by, "swap_write_bios*:-10%"),
	      "failed by the rule");
	CHECK(!find(&c, "wall_time_s")->failed,
	      "-0.5%% build time below the threshold but not significant: passes");
	out = compare_render(&c, compare_print_markdown);
	CHECK(strstr(out, "| `swap_write_bios{origin=writeback}` |") &&
	      strstr(out, "**FAIL**") && strstr(out, "**gate: FAIL, 1 metric**"),
	      "markdown:\n%s", out);
	free(out);
	out = compare_render(&c, compare_print_json);
	{
		json_object *root = json_tokener_parse(out), *v;
		size_t lines = 0;

		CHECK(root && json_object_object_get_ex(root, "result", &v) &&
		      !strcmp(json_object_get_string(v), "regression"), "json result");
		CHECK(root && json_object_object_get_ex(root, "failed", &v) &&
		      json_object_get_int(v) == 1, "json failed count");
		CHECK(root && json_object_object_get_ex(root, "metrics", &v) &&
		      json_object_array_length(v) == c.n,
		      "json: every metric (%zu)", c.n);
		/* streamed a line each, so a metric greps with its values */
		for (const char *l = out; (l = strstr(l, "\n    { \"name\": ")); l++)
			lines++;
		CHECK(lines == c.n, "json: a line a metric (%zu of %zu)", lines, c.n);
		json_object_put(root);
	}
	free(out);
	gate_rules_free(&g);

	CHECK(!gate_rules_add(&g, "no_such_metric:+5%", "rules.txt:3", &err),
	      "rule parses");
	CHECK(gate_apply(&g, &c, &err) == -1 &&
	      strstr(err.msg, "rules.txt:3") && strstr(err.msg, "matches no metric"),
	      "a rule matching nothing is bad input: %s", err.msg);
	gate_rules_free(&g);
	CHECK(gate_rules_add(&g, "reject_rate:5%", "--fail-on", &err) == -1 &&
	      strstr(err.msg, "sign"), "unsigned threshold refused: %s", err.msg);
	CHECK(gate_rules_add(&g, "reject_rate", "--fail-on", &err) == -1,
	      "rule without a colon refused");
	gate_rules_free(&g);
	comparison_free(&c);
}

/* B and A swapped: the same changes, now in the worse direction. */
static void test_regression(void)
{
	struct gate_rules g = {};
	struct comparison c;
	struct zs_error err;

	CHECK(!load(&c, path_b, path_a, false, &err), "load: %s", err.msg);
	CHECK(!gate_apply(&g, &c, &err) && c.nr_failed == 2,
	      "default gate: write requests and pages per bio fail (%zu)", c.nr_failed);
	CHECK(find(&c, "pages_per_bio{origin=writeback}")->failed &&
	      find(&c, "swap_write_bios{origin=writeback}")->failed,
	      "the gating metrics failed");
	CHECK(!find(&c, "store_latency_ns{stat=mean}")->failed,
	      "latency got better: not failed");
	CHECK(!gate_rules_add(&g, "pages_per_bio*:ignore", "--fail-on", &err) &&
	      !gate_apply(&g, &c, &err) && c.nr_failed == 1,
	      "ignore rule switches the default off for that metric");
	gate_rules_free(&g);
	g.no_default = true;
	CHECK(!gate_apply(&g, &c, &err) && c.nr_failed == 0,
	      "--no-default-gate without rules: nothing fails");
	comparison_free(&c);
}

static void test_too_few_runs(void)
{
	struct gate_rules g = {};
	struct comparison c;
	struct zs_error err;
	char p1[600], p2[600], *out;
	const struct cmp_metric *m;

	comparison_init(&c, 0.05, false);
	snprintf(p1, sizeof(p1), "%s/run1.json", path_b);
	snprintf(p2, sizeof(p2), "%s/run2.json", path_b);
	CHECK(!comparison_add_path(&c, ARM_A, p1, &err) &&
	      !comparison_add_path(&c, ARM_A, p2, &err) &&
	      !comparison_add_path(&c, ARM_B, path_a, &err) &&
	      !comparison_finish(&c, &err), "load: %s", err.msg);
	m = find(&c, "swap_write_bios{origin=writeback}");
	CHECK(m && m->status == CMP_TOO_FEW && !m->significant, "n = 2: too few runs");
	CHECK(!gate_rules_add(&g, "swap_write_bios*:worse", "--fail-on", &err) &&
	      !gate_apply(&g, &c, &err) && c.nr_failed == 0,
	      "too few runs never fails a rule");
	/* but the gate fails closed: each gating metric untested, exit 3 */
	CHECK(c.result == GATE_UNTESTED && m && m->untested && !m->gated,
	      "too few runs: untested (result %d)", c.result);
	m = find(&c, "wall_time_s");
	CHECK(m && m->untested, "a default-gating metric too: untested");
	m = find(&c, "store_calls");
	CHECK(m && !m->untested, "a metric nothing gates is never untested");
	CHECK(c.nr_untested == c.nr_gating && c.nr_gated == 0,
	      "every gating metric untested (%zu of %zu)", c.nr_untested, c.nr_gating);
	if (m) {
		char why[512];

		gate_untested_why(why, sizeof(why), &c,
				  find(&c, "swap_write_bios{origin=writeback}"));
		CHECK(!strcmp(why, "too few runs: 2 in A, 5 in B with a value; "
			      "3 each needed (1 more in A)"), "why: %s", why);
	}
	out = compare_render(&c, compare_print_table);
	CHECK(strstr(out, "gate: UNTESTED, ") && strstr(out, "--allow-untested") &&
	      !strstr(out, "gate: pass"), "table says untested:\n%s", out);
	free(out);
	out = compare_render(&c, compare_print_json);
	CHECK(strstr(out, "\"result\": \"untested\"") &&
	      strstr(out, "\"untested\": [ { \"metric\": "), "json:\n%s", out);
	free(out);
	g.allow_untested = true;
	CHECK(!gate_apply(&g, &c, &err) && c.result == GATE_PASS && c.nr_untested,
	      "--allow-untested: pass, the untested still listed");
	out = compare_render(&c, compare_print_table);
	CHECK(strstr(out, "untested, allowed by --allow-untested"), "allowed:\n%s", out);
	free(out);
	/* an ignore rule takes a metric out of the gate, untested or not */
	g.allow_untested = false;
	gate_rules_free(&g);
	CHECK(!gate_rules_add(&g, "*:ignore", "--fail-on", &err) &&
	      !gate_apply(&g, &c, &err) && c.result == GATE_PASS && !c.nr_gating,
	      "*:ignore: nothing gating, pass");
	gate_rules_free(&g);
	comparison_free(&c);
}

/* A dropped gating metric (one arm's records only) is untested too. */
static void test_untested_dropped(void)
{
	struct gate_rules g = {};
	struct comparison c;
	struct zs_error err;
	char why[512];

	CHECK(!load(&c, path_a, path_b, false, &err), "load: %s", err.msg);
	CHECK(!gate_rules_add(&g, "reject_compress_fail:worse", "--fail-on", &err) &&
	      !gate_apply(&g, &c, &err) && c.result == GATE_UNTESTED &&
	      c.nr_untested == 1, "a rule on a dropped metric: untested (%d)", c.result);
	gate_untested_why(why, sizeof(why), &c, find(&c, "reject_compress_fail"));
	CHECK(!strcmp(why, "only in B's records, not in A's"), "why: %s", why);
	gate_rules_free(&g);
	/* zswpwb, n/a in every run of A */
	CHECK(!gate_rules_add(&g, "zswpwb:worse", "--fail-on", &err) &&
	      !gate_apply(&g, &c, &err) && c.result == GATE_UNTESTED,
	      "a rule on a metric n/a in one arm: untested");
	gate_untested_why(why, sizeof(why), &c, find(&c, "zswpwb"));
	CHECK(strstr(why, "n/a in every run of A: ") && strstr(why, "zswpwb absent"),
	      "why: %s", why);
	gate_rules_free(&g);
	/* the default gate over 5 + 5 runs tests every gating metric */
	CHECK(!gate_apply(&g, &c, &err) && c.result == GATE_PASS && !c.nr_untested &&
	      c.nr_gated == c.nr_gating && c.nr_gating > 0,
	      "5 + 5 runs: every gating metric tested (%zu of %zu), pass",
	      c.nr_gated, c.nr_gating);
	comparison_free(&c);
}

static void expect_bad(const char *file, bool incomplete, const char *what)
{
	struct comparison c;
	struct zs_error err = { .msg = "" };
	char path[600];
	int ret;

	snprintf(path, sizeof(path), "%s/records/bad/%s", fixtures_dir, file);
	comparison_init(&c, 0.05, incomplete);
	ret = comparison_add_path(&c, ARM_A, path, &err);
	CHECK(ret == -1 && strstr(err.msg, path) && strstr(err.msg, what),
	      "%s: ret %d, message '%s' (want the file and '%s')", file, ret, err.msg, what);
	comparison_free(&c);
}

static void test_bad_input(void)
{
	struct comparison c;
	struct zs_error err;
	char path[600];

	expect_bad("incomplete.json", false, "--allow-incomplete");
	expect_bad("schema2.json", false, "is not zswap-record/1");
	expect_bad("negative.json", false, "negative calls");
	expect_bad("nan.json", false, "value");
	expect_bad("truncated.json", false, "truncated");
	expect_bad("empty-dir", false, "no records");
	expect_bad("does-not-exist.json", false, "cannot read");
	/* issue 13: values GSL's t distribution aborted on, and hostile files */
	expect_bad("huge.json", false, "metric store_calls: value 1e+300 out of range");
	expect_bad("inf.json", false, "metric store_calls: value is not a finite number");
	expect_bad("hist-negative.json", false, "histogram store_latency_ns sum: negative");
	expect_bad("hist-source.json", false,
		   "histograms.store_latency_ns.source: unknown source 'magic' (one of fentry,");
	expect_bad("nul.json", false, "at byte 1202: a NUL byte");

	/* a unit other records disagree with: both files named */
	{
		char good[600], unit[600];

		snprintf(good, sizeof(good), "%s/records/seed000/a/run1.json", fixtures_dir);
		snprintf(unit, sizeof(unit), "%s/records/bad/unit.json", fixtures_dir);
		comparison_init(&c, 0.05, false);
		CHECK(!comparison_add_path(&c, ARM_A, good, &err) &&
		      comparison_add_path(&c, ARM_B, unit, &err) == -1 &&
		      strstr(err.msg, unit) && strstr(err.msg, good) &&
		      strstr(err.msg, "metric store_calls: unit pages"),
		      "unit mismatch names both files and the metric: %s", err.msg);
		comparison_free(&c);
	}

	/* incomplete records only with --allow-incomplete, and noted */
	snprintf(path, sizeof(path), "%s/records/bad/incomplete.json", fixtures_dir);
	comparison_init(&c, 0.05, true);
	CHECK(!comparison_add_path(&c, ARM_A, path, &err) &&
	      c.arm[0].nr_incomplete == 1 && c.nr_notes == 1 &&
	      strstr(c.notes[0], "incomplete"), "incomplete included and noted");
	CHECK(comparison_finish(&c, &err) == -1 &&
	      strstr(err.msg, "arm B: no records"), "empty arm: %s", err.msg);
	comparison_free(&c);
}

/* gate_rules_load() on path: 0, or -1 with the message containing want. */
static void expect_rules(const char *path, const char *want)
{
	struct gate_rules g = {};
	struct zs_error err = {};
	int rc = gate_rules_load(&g, path, &err);

	if (want)
		CHECK(rc == -1 && strstr(err.msg, path) && strstr(err.msg, want),
		      "--rules %s refused, '%s' said: %s", path, want, err.msg);
	else
		CHECK(rc == 0 && g.n == 2, "--rules %s: two rules (%d): %s",
		      path, rc, err.msg);
	gate_rules_free(&g);
}

/*
 * A rules file that cannot be read fails the load with the file and why
 * (issue 37: /proc/self/mem read as "no rules", the gate passed).
 */
static void test_rules_file(void)
{
	char dir[] = "/tmp/zswap-rules.XXXXXX", path[64];
	FILE *f;

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	expect_rules("/proc/self/mem", "cannot read: Input/output error");
	expect_rules(dir, "cannot read: not a regular file (a directory)");
	snprintf(path, sizeof(path), "%s/missing", dir);
	expect_rules(path, "cannot read: No such file or directory");
	snprintf(path, sizeof(path), "%s/rules", dir);
	f = fopen(path, "w");
	fputs("# two rules\nreject_rate:worse\n  store_calls:+5%  # up\n", f);
	fclose(f);
	expect_rules(path, NULL);
	/* a user without root: EACCES (root reads it) */
	chmod(path, 0);
	if (geteuid())
		expect_rules(path, "cannot read: Permission denied");
	f = fopen(path, "w");
	fwrite("reject_rate:worse\n\0x", 1, 20, f);
	fclose(f);
	expect_rules(path, "at byte 18: a NUL byte");
	unlink(path);
	rmdir(dir);
}

/* Records built in memory: n/a in both arms, n/a in some runs only. */
static void test_in_memory(void)
{
	struct comparison c;
	const struct cmp_metric *m;
	struct zs_error err;
	char *out;

	comparison_init(&c, 0.05, false);
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 4; i++) {
			struct record rec = { .meta = { .complete = true, .wall_time_s = -1 } };

			snprintf(rec.meta.kernel_release, sizeof(rec.meta.kernel_release), "6.%d", k);
			metric_set_na(&rec.metrics, "pages_per_bio{origin=writeback}", "pages",
				      "no writeback bios");
			if (i == 0)
				metric_set_na(&rec.metrics, "compression_ratio", "ratio",
					      "zswap pool is empty");
			else
				metric_set_value(&rec.metrics, "compression_ratio", "ratio",
						 SRC_COUNTER, 2 + 0.1 * i + k);
			CHECK(!comparison_add_record(&c, k, &rec, "mem", &err),
			      "add: %s", err.msg);
			metric_set_free(&rec.metrics);
		}
	CHECK(!comparison_finish(&c, &err), "finish: %s", err.msg);
	m = find(&c, "pages_per_bio{origin=writeback}");
	CHECK(m && m->status == CMP_MISSING && m->lacking_arm == ARM_BOTH,
	      "n/a in both arms: missing in both");
	{
		struct gate_rules g = {};

		/* n/a in both arms: not measurable here, not untested, but a
		 * gate whose every gating metric is so tested nothing */
		CHECK(!gate_rules_add(&g, "pages_per_bio*:worse", "--fail-on", &err) &&
		      !gate_apply(&g, &c, &err) && m && !m->untested &&
		      c.nr_untested == 0 && c.nr_gating == 1 && c.nr_gated == 0 &&
		      c.result == GATE_UNTESTED, "only gating metric n/a in both: untested");
		out = compare_render(&c, compare_print_table);
		CHECK(strstr(out, "no gating metric was compared"), "table:\n%s", out);
		free(out);
		gate_rules_free(&g);
		CHECK(!gate_rules_add(&g, "pages_per_bio*:worse", "--fail-on", &err) &&
		      !gate_rules_add(&g, "compression_ratio:worse", "--fail-on", &err) &&
		      !gate_apply(&g, &c, &err) && c.result == GATE_PASS,
		      "one n/a in both, one compared: pass (%d)", c.result);
		gate_rules_free(&g);
	}
	m = find(&c, "compression_ratio");
	CHECK(m && m->status == CMP_COMPARED && m->arm[0].n == 3 && m->arm[0].na_runs == 1,
	      "n/a in 1 of 4 runs: compared over 3");
	CHECK(m && m->significant && m->verdict > 0, "ratio 2.2 -> 3.2: better");
	out = compare_render(&c, compare_print_table);
	CHECK(strstr(out, "pages_per_bio{origin=writeback}: n/a in both arms") &&
	      strstr(out, "(n=3)") && strstr(out, "n/a in 1 of 4 runs of arm A (zswap pool is empty)"),
	      "table:\n%s", out);
	free(out);
	comparison_free(&c);
}

/*
 * A kernel without per-size mTHP stats records the family unlabelled, as
 * n/a; a kernel with them, one series per size. Each series is missing
 * in the first arm with that reason, and the unlabelled row folds away.
 */
static void test_family_na_folds(void)
{
	static const char *const sizes[] = { "16kB", "64kB" };
	const char *why = "no per-size mTHP stats";
	const struct cmp_metric *m;
	struct comparison c;
	struct zs_error err;
	char *out;

	comparison_init(&c, 0.05, false);
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 3; i++) {
			struct record rec = { .meta = { .complete = true, .wall_time_s = -1 } };

			snprintf(rec.meta.kernel_release, sizeof(rec.meta.kernel_release), "6.%d", k);
			if (!k)
				metric_set_na(&rec.metrics, "mthp_swpout", "folios", why);
			for (int s = 0; k && s < 2; s++) {
				char name[64];

				snprintf(name, sizeof(name), "mthp_swpout{size=%s}", sizes[s]);
				metric_set_value(&rec.metrics, name, "folios",
						 SRC_COUNTER, i + s);
			}
			/* a family n/a in both arms stays as it is */
			metric_set_na(&rec.metrics, "mthp_zswpout", "folios", why);
			CHECK(!comparison_add_record(&c, k, &rec, "mem", &err),
			      "add: %s", err.msg);
			metric_set_free(&rec.metrics);
		}
	CHECK(!comparison_finish(&c, &err), "finish: %s", err.msg);
	for (int s = 0; s < 2; s++) {
		char name[64];

		snprintf(name, sizeof(name), "mthp_swpout{size=%s}", sizes[s]);
		m = find(&c, name);
		CHECK(m && m->status == CMP_MISSING && m->lacking_arm == ARM_A &&
		      m->arm[ARM_A].na_runs == 3 && !strcmp(arm_values_reason(&m->arm[ARM_A]), why),
		      "%s: missing in A with the family's reason", name);
	}
	CHECK(!find(&c, "mthp_swpout"), "the unlabelled n/a row folded away");
	m = find(&c, "mthp_zswpout");
	CHECK(m && m->status == CMP_MISSING && m->lacking_arm == ARM_BOTH,
	      "n/a in both arms: kept");
	out = compare_render(&c, compare_print_table);
	CHECK(strstr(out, "  mthp_swpout{size=16kB|64kB}: n/a in A (6.0): no "
		      "per-size mTHP stats\n") && !strstr(out, "mthp_swpout{size=16kB}"),
	      "the sizes missing for one reason: one line\n%s", out);
	free(out);
	comparison_free(&c);
}

/*
 * A latency histogram whose name fills METRIC_NAME_LEN: its per-run mean
 * metric ("NAME{stat=mean}") is truncated when stored, and must still be
 * found again (one row over 3 + 3 runs, not one row per record).
 */
static void test_long_names(void)
{
	struct hist h = { .kind = HIST_LOG2, .sum = 100 };
	struct zs_error err;
	char name[METRIC_NAME_LEN];
	struct comparison c;
	size_t means = 0;

	memset(name, 'x', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	h.slots[3] = 10;
	comparison_init(&c, 0.05, false);
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 3; i++) {
			struct record rec = { .meta = { .complete = true, .wall_time_s = -1 } };

			h.sum = 100 + i + 10 * k;
			metric_set_hist(&rec.metrics, name, "ns", SRC_FENTRY, &h);
			CHECK(!comparison_add_record(&c, k, &rec, "mem", &err),
			      "add: %s", err.msg);
			metric_set_free(&rec.metrics);
		}
	for (size_t i = 0; i < c.n; i++)
		means += !strncmp(c.m[i].name, "xxx", 3);
	CHECK(means == 1 && c.m[0].arm[0].n == 3 && c.m[0].arm[1].n == 3,
	      "long histogram name: %zu mean rows (want 1 with 3 + 3 runs)", means);
	comparison_free(&c);
}

static void test_format(void)
{
	char buf[64];

	format_mean_sd(buf, sizeof(buf), 748, 47);
	CHECK(!strcmp(buf, "748 +- 47"), "%s", buf);
	format_mean_sd(buf, sizeof(buf), 1066, 9);
	CHECK(!strcmp(buf, "1066 +- 9"), "%s", buf);
	format_mean_sd(buf, sizeof(buf), 15.04, 2.7);
	CHECK(!strcmp(buf, "15.0 +- 2.7"), "%s", buf);
	format_mean_sd(buf, sizeof(buf), 0.6895, 0);
	CHECK(!strcmp(buf, "0.6895 +- 0.0000"), "%s", buf);
}

static void test_directions(void)
{
	static const struct {
		const char *name;
		enum direction dir;
		bool gating;
	} want[] = {
		{ "pages_per_bio{origin=writeback}", DIR_HIGHER_BETTER, true },
		{ "pages_per_bio{origin=reclaim}", DIR_HIGHER_BETTER, false },
		{ "reject_rate", DIR_LOWER_BETTER, true },
		{ "reject_compress_poor", DIR_LOWER_BETTER, false },
		{ "swap_write_bios{origin=reclaim}", DIR_LOWER_BETTER, true },
		{ "iocost_debt_us{cgroup=/sys/fs/cgroup/build}", DIR_LOWER_BETTER, true },
		{ "wall_time_s", DIR_LOWER_BETTER, true },
		{ "store_latency_ns{stat=mean}", DIR_LOWER_BETTER, false },
		/* names zswap-gate record --locks writes */
		{ "lock_contentions{lock=tree,caller=zswap_store}", DIR_LOWER_BETTER, false },
		{ "lock_wait_ns{lock=tree,caller=zswap_store}{stat=mean}", DIR_LOWER_BETTER, false },
		{ "store_calls", DIR_NEUTRAL, false },
		{ "zswpout", DIR_NEUTRAL, false },
	};

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const struct metric_direction *d;
		struct metric_id id;

		metric_id_parse(want[i].name, &id);
		d = metric_id_direction(want[i].name, &id);
		CHECK(d->dir == want[i].dir && d->gating == want[i].gating,
		      "%s: %s%s (%s)", want[i].name, direction_name(d->dir),
		      d->gating ? ", gating" : "", d->why);
	}
	CHECK(direction_verdict(DIR_HIGHER_BETTER, 1.07, 1.30) > 0 &&
	      direction_verdict(DIR_LOWER_BETTER, 1.07, 1.30) < 0 &&
	      direction_verdict(DIR_NEUTRAL, 1, 2) == 0, "verdicts");
}

/* json_out prints values byte for byte as json-c does (its oracle here). */
static void test_json_out(void)
{
	static const double nums[] = { 0, -0.0, 1, -1, 22241, 1e15, -9007199254740991.0,
		9007199254740992.0, 1e17, 1e20, 0.1, 0.05, -0.33721505327997842,
		1.5e-9, 123456789.125, 4.9e-324 };
	static const char *const strs[] = { "", "plain", "a\"q\\b/c", "tab\tnl\ncr\r",
		"\b\f", "\x01\x1f end", "caf\xc3\xa9" };
	char *buf;
	size_t len;
	FILE *f;

	for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++) {
		json_object *o = json_object_new_double(nums[i]);

		f = open_memstream(&buf, &len);
		json_out_double(f, nums[i]);
		fclose(f);
		CHECK(!strcmp(buf, json_object_to_json_string(o)), "double %.17g: "
		      "%s, json-c %s", nums[i], buf, json_object_to_json_string(o));
		json_object_put(o);
		free(buf);
	}
	for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); i++) {
		json_object *o = json_object_new_string(strs[i]);
		const char *want = json_object_to_json_string_ext(o,
			JSON_C_TO_STRING_NOSLASHESCAPE);

		f = open_memstream(&buf, &len);
		json_out_string(f, strs[i]);
		fclose(f);
		CHECK(!strcmp(buf, want), "string %zu: %s, json-c %s", i, buf, want);
		json_object_put(o);
		free(buf);
	}
	f = open_memstream(&buf, &len);
	json_out_double(f, NAN);
	fputc(' ', f);
	json_out_string(f, NULL);
	fclose(f);
	CHECK(!strcmp(buf, "null null"), "NaN and NULL are null: %s", buf);
	free(buf);
}

/* Cgroup labels shown below their common directory, said once. */
static void test_cgroup_prefix(void)
{
	struct cmp_metric m[4] = {};
	struct comparison c = { .m = m };
	char dir[256], buf[METRIC_NAME_LEN];

	snprintf(m[0].name, sizeof(m[0].name), "cgroup_zswpout{cgroup=/sys/fs/cgroup/memory/p/a}");
	snprintf(m[1].name, sizeof(m[1].name), "memory_current{cgroup=/sys/fs/cgroup/memory/p/b/c}{stat=max}");
	snprintf(m[2].name, sizeof(m[2].name), "zswpout");
	snprintf(m[3].name, sizeof(m[3].name), "mthp_swpout{size=64kB}");
	c.n = 4;
	cgroup_prefix_find(&c, dir, sizeof(dir));
	CHECK(!strcmp(dir, "/sys/fs/cgroup/memory/p/"), "common directory: %s", dir);
	CHECK(!strcmp(cgroup_prefix_strip(m[0].name, dir, buf, sizeof(buf)),
		      "cgroup_zswpout{cgroup=a}"), "shown: %s", buf);
	CHECK(!strcmp(cgroup_prefix_strip(m[1].name, dir, buf, sizeof(buf)),
		      "memory_current{cgroup=b/c}{stat=max}"), "shown: %s", buf);
	CHECK(cgroup_prefix_strip(m[2].name, dir, buf, sizeof(buf)) == m[2].name,
	      "a name without a cgroup label is itself");
	/* one cgroup: its parent; cgroups with only the root in common: none */
	c.n = 1;
	cgroup_prefix_find(&c, dir, sizeof(dir));
	CHECK(!strcmp(dir, "/sys/fs/cgroup/memory/p/"), "one cgroup: its parent: %s", dir);
	snprintf(m[1].name, sizeof(m[1].name), "memory_current{cgroup=/hog}");
	c.n = 2;
	cgroup_prefix_find(&c, dir, sizeof(dir));
	CHECK(!strcmp(dir, ""), "only / in common: no prefix (%s)", dir);
	CHECK(cgroup_prefix_strip(m[0].name, dir, buf, sizeof(buf)) == m[0].name,
	      "no prefix: the name as it is");
}

void test_compare(void)
{
	test_directions();
	test_json_out();
	snprintf(path_a, sizeof(path_a), "%s/records/seed000/a", fixtures_dir);
	snprintf(path_b, sizeof(path_b), "%s/records/seed000/b", fixtures_dir);
	test_seed000_arms();
	test_regression();
	test_too_few_runs();
	test_untested_dropped();
	test_bad_input();
	test_rules_file();
	test_long_names();
	test_in_memory();
	test_family_na_folds();
	test_format();
	test_cgroup_prefix();
}
