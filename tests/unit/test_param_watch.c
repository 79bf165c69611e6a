// SPDX-License-Identifier: GPL-2.0
/*
 * zswap parameters changed by someone else during a window (issue 37: a
 * change put back before the end left a complete record, no note, one
 * value in its header): each change is kept with its time, noted, carried
 * by the record, and compare and claims refuse or warn on such a record.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "claims_eval.h"
#include "compare.h"
#include "harness.h"
#include "param_watch.h"
#include "record.h"

static struct zswap_params params(const char *mpp)
{
	struct zswap_params p = {
		.enabled = "Y", .compressor = "lzo", .zpool = "n/a",
		.accept_threshold_percent = "90", .shrinker_enabled = "N",
	};

	snprintf(p.max_pool_percent, sizeof(p.max_pool_percent), "%s", mpp);
	return p;
}

static int max_pool_index(void)
{
	for (int i = 0; i < ZSWAP_NR_PARAMS; i++)
		if (!strcmp(zswap_param_fields[i].name, "max_pool_percent"))
			return i;
	return -1;
}

static void test_watch(void)
{
	struct zswap_params p20 = params("20"), p7 = params("7");
	struct param_watch w;
	int mpp = max_pool_index();
	char buf[160];

	param_watch_start(&w, &p20);
	param_watch_sample(&w, &p20, 0.1);
	CHECK(w.n == 0, "no change, nothing kept (%d)", w.n);
	param_watch_sample(&w, &p7, 0.5);
	param_watch_sample(&w, &p7, 0.6);
	param_watch_sample(&w, &p20, 1.04);
	CHECK(w.n == 2 && !strcmp(w.ch[0].param, "max_pool_percent") &&
	      !strcmp(w.ch[0].from, "20") && !strcmp(w.ch[0].to, "7") &&
	      w.ch[0].at_s == 0.5 && !strcmp(w.ch[1].to, "20") && w.ch[1].at_s == 1.04,
	      "a change and its undoing: both kept, with when (%d)", w.n);
	CHECK(param_watch_describe(&w, 0, mpp, buf, sizeof(buf)) &&
	      !strcmp(buf, "zswap parameter max_pool_percent changed during the "
		      "window (20 -> 7 at +0.5 s, 7 -> 20 at +1.0 s)"), "noted: %s", buf);
	CHECK(param_watch_describe(&w, 1, mpp, buf, sizeof(buf)) &&
	      strstr(buf, "(7 -> 20 at +1.0 s)"), "from an index on: %s", buf);
	CHECK(!param_watch_describe(&w, 2, mpp, buf, sizeof(buf)) &&
	      !param_watch_describe(&w, 0, 0, buf, sizeof(buf)),
	      "nothing to say of what did not change");
	for (int i = 0; i < 2 * PARAM_CHANGES_MAX; i++)
		param_watch_sample(&w, i % 2 ? &p20 : &p7, 2 + i);
	CHECK(w.n == PARAM_CHANGES_MAX && w.dropped == PARAM_CHANGES_MAX + 2,
	      "a flapping parameter: the first kept, the rest counted (%d, %d)",
	      w.n, w.dropped);
	param_changes_summary(w.ch, w.n, buf, sizeof(buf));
	CHECK(!strcmp(buf, "zswap parameter max_pool_percent changed during the "
		      "window (20 -> 7 at +0.5 s, and more: see its notes)"),
	      "a record's reader names the first change: %s", buf);
}

/* A record whose max_pool_percent went 20 -> 7 -> 20, written to path. */
static void write_changed(const char *path)
{
	struct record_meta meta = { .duration_s = 2, .wall_time_s = 2,
				    .complete = false, .nr_param_changes = 2,
				    .param_changes = {
		{ "max_pool_percent", "20", "7", 0.5 },
		{ "max_pool_percent", "7", "20", 1.04 },
	} };
	struct metric_set ms = {};

	snprintf(meta.kernel_release, sizeof(meta.kernel_release), "6.18-test");
	snprintf(meta.max_pool_percent, sizeof(meta.max_pool_percent), "20");
	metric_set_value(&ms, "store_calls", "calls", SRC_TRACEPOINT, 10);
	CHECK(!record_write(path, &meta, NULL, &ms, NULL, 0), "record written");
	metric_set_free(&ms);
}

static void test_changed_record(const char *path)
{
	struct record rec;
	struct zs_error err = {};
	struct comparison c;
	struct claims_eval e = { .nr_arms = 2 };
	char text[256];
	FILE *f;

	write_changed(path);
	CHECK(!record_load(path, &rec, &err) && rec.meta.nr_param_changes == 2 &&
	      !strcmp(rec.meta.param_changes[1].from, "7") &&
	      rec.meta.param_changes[1].at_s == 1.04 &&
	      !strcmp(rec.meta.max_pool_percent, "20"),
	      "the changes survive the record: %s", err.msg);

	comparison_init(&c, 0.05, false);
	CHECK(comparison_add_record(&c, ARM_A, &rec, path, &err) == -1 &&
	      strstr(err.msg, "incomplete record (zswap parameter max_pool_percent "
		     "changed during the window (20 -> 7 at +0.5 s, and more"),
	      "compare refuses it, saying why: %s", err.msg);
	comparison_free(&c);
	comparison_init(&c, 0.05, true);
	CHECK(!comparison_add_record(&c, ARM_A, &rec, path, &err) &&
	      c.seen.nr_warnings == 1 &&
	      strstr(c.seen.warnings[0], "its metrics mix two settings") &&
	      c.nr_notes == 1 && strstr(c.notes[0], "max_pool_percent changed"),
	      "compare --allow-incomplete warns and notes it");
	f = fmemopen(text, sizeof(text), "w");
	record_seen_print_warnings(f, &c.seen);
	fclose(f);
	CHECK(!strncmp(text, "warning: ", 9) && strstr(text, path),
	      "the warning line names the record: %s", text);
	comparison_free(&c);

	CHECK(claims_eval_add_record(&e, 0, &rec, path, &err) == -1 &&
	      strstr(err.msg, "max_pool_percent changed"),
	      "claims refuses it, saying why: %s", err.msg);
	e.allow_incomplete = true;
	CHECK(!claims_eval_add_record(&e, 0, &rec, path, &err) &&
	      e.seen.nr_warnings == 1, "claims --allow-incomplete warns");
	claims_eval_free(&e);
	record_free(&rec);
	unlink(path);
}

void test_param_watch(void)
{
	char dir[] = "/tmp/zswap-params.XXXXXX", path[64];

	test_watch();
	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/changed.json", dir);
	test_changed_record(path);
	rmdir(dir);
}
