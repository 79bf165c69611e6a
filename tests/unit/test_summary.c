// SPDX-License-Identifier: GPL-2.0
/*
 * The record summary a person reads (src/record/summary.c) of README
 * command 1's record on the 6.18 host, and the number formats it uses.
 * Expected figures are the record's own values as jq reads them.
 */
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "num_format.h"
#include "record.h"
#include "summary.h"

/*
 * The summary of r into *buf (*len bytes). The caller's pointer is the
 * stream's: one local to this function, returned, is taken by GCC for a
 * pointer to that local (-Wdangling-pointer).
 */
static void summary_of(const struct record *r, bool all, char **buf, size_t *len)
{
	struct summary_opts o = { .all = all,
				  .cgroup_mount = "/sys/fs/cgroup/memory" };
	FILE *f = open_memstream(buf, len);

	summary_print(f, &r->meta, &r->metrics, 0, &o);
	fclose(f);
}

static int count_lines(const char *s, int *longest)
{
	int n = 0;

	*longest = 0;
	for (const char *p = s; *p; n++) {
		int l = strcspn(p, "\n");

		*longest = l > *longest ? l : *longest;
		p += l + (p[l] == '\n');
	}
	return n;
}

static void test_formats(void)
{
	static const struct {
		void (*fmt)(char *buf, size_t len, double v);
		double v;
		const char *want;
	} t[] = {
		{ fmt_count, 140947, "140,947" },
		{ fmt_count, -1234567, "-1,234,567" },
		{ fmt_count, 999, "999" },
		{ fmt_count, 0.1864, "0.1864" },
		{ fmt_count, 12345.64, "12,345.6" },
		{ fmt_bytes, 252805120, "241.1 MiB" },	/* 241.09 * 2^20 */
		{ fmt_bytes, 812, "812 B" },
	};
	char b[64];
	FILE *f;
	char *text = NULL;
	size_t len;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		t[i].fmt(b, sizeof(b), t[i].v);
		CHECK(!strcmp(b, t[i].want), "%g: %s, want %s", t[i].v, b, t[i].want);
	}
	/* broken at spaces only, no line past the width, no word cut */
	f = open_memstream(&text, &len);
	wrap_print(f, "aaaa bbbbbbbb cc dddddddddddddddddddd e", 0, 2, 12);
	fclose(f);
	CHECK(!strcmp(text, "aaaa\n  bbbbbbbb\n  cc\n  dddddddddddddddddddd\n  e"),
	      "%s", text);
	free(text);
}

static void test_seed004(void)
{
	struct record r = {};
	struct zs_error err;
	char path[512], *s, *all;
	size_t len;
	int lines, longest;

	snprintf(path, sizeof(path), "%s/records/real/6.18-host/seed004.json",
		 fixtures_dir);
	if (record_load(path, &r, &err)) {
		CHECK(0, "%s", err.msg);
		return;
	}
	summary_of(&r, false, &s, &len);
	lines = count_lines(s, &longest);
	CHECK(lines <= 80, "README command 1's summary in %d lines", lines);
	CHECK(longest <= 100, "a line of %d columns", longest);
	/* jq .metrics.store_calls.value: 419550 */
	CHECK(strstr(s, "\nstore_calls ") && strstr(s, " 419,550  calls"),
	      "store_calls exact with separators");
	CHECK(!strstr(s, "e+0"), "no count in %%g notation");
	/* jq .metrics.pool_bytes.value: 227201024 = 216.7 MiB */
	CHECK(strstr(s, "227,201,024  bytes  counter  # 216.7 MiB"),
	      "bytes exact and with a unit");
	CHECK(strstr(s, "\n  mean 140.1 MiB, max 241.1 MiB, min 68.0 KiB\n"),
	      "a level's statistics beside its end value");
	CHECK(strstr(s, "\nstore_calls ") < strstr(s, "\npswpin "),
	      "the headline rows first");
	/* jq: 203 keys start with mthp_, every value 0 */
	CHECK(strstr(s, "mthp_* (every size, 203)"), "mTHP folded");
	CHECK(!strstr(s, "mthp_swpout{"), "no mTHP row");
	/* jq: 11 reasons of the record name it */
	CHECK(strstr(s, "program load refused") &&
	      !strstr(strstr(s, "program load refused") + 1,
		      "program load refused"), "the EPERM said once");
	CHECK(strstr(s, "docs/faults.md, \"A metric is n/a\""),
	      "the EPERM's footnote names what to read");
	CHECK(!strstr(s, "{cgroup=/sys/fs/cgroup/"),
	      "cgroups below the hierarchy's mount");
	CHECK(strstr(s, "\nin the cgroup:\ncgroup_zswpout "),
	      "the cgroup's own rows under it");
	CHECK(strstr(s, "HISTOGRAM") && strstr(s, "360,364"),
	      "histograms a row each");
	summary_of(&r, true, &all, &len);
	CHECK(strstr(all, "\nmthp_swpout{size=64kB} "), "--all: every series");
	CHECK(strstr(all, "|****"), "--all: histogram bars");
	CHECK(count_lines(all, &longest) > 300, "--all: long");
	free(all);
	free(s);
	metric_set_free(&r.metrics);
}

static void test_empty_hist(void)
{
	struct record_meta meta = { .exit_code = -1, .complete = true };
	struct metric_set ms = {};
	struct summary_opts o = {};
	struct hist h = { .kind = HIST_LOG2 };
	char *buf = NULL;
	size_t len;
	FILE *f;

	metric_set_hist(&ms, "store_latency_ns", "ns", SRC_FENTRY, &h);
	f = open_memstream(&buf, &len);
	summary_print(f, &meta, &ms, 0, &o);
	fclose(f);
	CHECK(strstr(buf, "no samples") && !strstr(buf, "mean 0.0"),
	      "an empty histogram: no samples, not mean 0.0: %s", buf);
	free(buf);
	metric_set_free(&ms);
}

void test_summary(void)
{
	test_formats();
	test_seed004();
	test_empty_hist();
}
