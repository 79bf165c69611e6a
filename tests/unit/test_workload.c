// SPDX-License-Identifier: GPL-2.0
/* The workload figures protocol (src/gate/workload_metrics.c). */
#include <stdio.h>
#include <string.h>
#include "harness.h"
#include "workload_metrics.h"

static FILE *text(const char *s, size_t len)
{
	FILE *f = tmpfile();

	if (f) {
		fwrite(s, 1, len, f);
		rewind(f);
	}
	return f;
}

void test_workload(void)
{
	static const char good[] =
		"cache_ops_per_s 1234.5 ops/s\n"
		"\n"
		"cache_latency_p99_us 157 us\n"
		"build_duration_s 7.35 s\n";
	static const char bad[] =
		"ok_one 1 s\n"
		"two fields\n"			/* 2: field count */
		"Upper 1 s\n"			/* 3: name */
		"x nan s\n"			/* 4: not finite */
		"y 1e999 s\n"			/* 5: overflow */
		"z 12abc s\n"			/* 6: trailing garbage */
		"u 1 s!\n"			/* 7: unit */
		"ok_one 2 s\n"			/* 8: twice */
		"w 1 s extra\n"			/* 9: four fields */
		"n\0ul 1 s\n"			/* 10: NUL byte */
		"ok_two 2 pages\n";
	struct metric_set ms = {};
	struct workload_parse r;
	const struct metric *m;
	FILE *f;

	f = text(good, sizeof(good) - 1);
	CHECK(f && !workload_metrics_parse(f, "good", &ms, &r, NULL), "parse good");
	CHECK(r.added == 3 && r.bad == 0, "3 figures, no bad line (%d, %d)",
	      r.added, r.bad);
	m = metric_set_find(&ms, "workload_cache_ops_per_s");
	CHECK(m && m->has_value && m->value == 1234.5 && m->src == SRC_WORKLOAD &&
	      !strcmp(m->unit, "ops/s"), "workload_ prefix, value, unit, source");
	fclose(f);
	metric_set_free(&ms);

	f = text(bad, sizeof(bad) - 1);
	CHECK(f && !workload_metrics_parse(f, "bad", &ms, &r, NULL), "parse bad");
	CHECK(r.added == 2 && r.bad == 9, "2 good lines kept, 9 bad skipped "
	      "(%d, %d)", r.added, r.bad);
	CHECK(!strcmp(r.first_error, "bad:2: expected 'NAME VALUE UNIT', got 2 fields"),
	      "first error names file and line (%s)", r.first_error);
	m = metric_set_find(&ms, "workload_ok_one");
	CHECK(m && m->value == 1, "a name reported twice keeps the first value");
	CHECK(metric_set_find(&ms, "workload_ok_two") != NULL,
	      "the line after the NUL byte is read");
	fclose(f);
	metric_set_free(&ms);
}
