// SPDX-License-Identifier: GPL-2.0
/* Record round trip, and malformed, truncated and foreign records. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "counters.h"
#include "harness.h"
#include "record.h"

static char tmpdir[] = "/tmp/zswap-unit.XXXXXX";

static void write_text(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "w");

	fwrite(text, 1, len, f);
	fclose(f);
}

static void round_trip(const char *path)
{
	struct record_meta meta = { .duration_s = 1.5, .wall_time_s = 1.25,
				    .exit_code = 3, .complete = true };
	struct metric_set ms = {};
	struct hist h = { .kind = HIST_LOG2 };
	struct record rec;
	const struct metric *m;
	const struct hist_metric *hm;
	char err[512];

	snprintf(meta.kernel_release, sizeof(meta.kernel_release), "6.12.0-test");
	snprintf(meta.compressor, sizeof(meta.compressor), "lzo");
	metric_set_value(&ms, "swap_write_pages{origin=writeback}", "pages",
			 SRC_TRACEPOINT, 11448);
	metric_set_value(&ms, "reject_rate", "ratio", SRC_FENTRY, 0.36);
	metric_set_na(&ms, "shrink_memcg_calls", "calls", "no shrink_memcg on 6.1");
	h.slots[3] = 7;
	h.slots[12] = 2;
	h.sum = 7 * 10 + 2 * 5000;
	metric_set_hist(&ms, "store_latency_ns", "ns", SRC_FENTRY, &h);

	CHECK(record_write(path, &meta, NULL, &ms, NULL, 0) == 0, "record written");
	CHECK(access(path, F_OK) == 0, "record exists");
	CHECK(record_load(path, &rec, err, sizeof(err)) == 0, "round trip: %s", err);
	m = metric_set_find(&rec.metrics, "swap_write_pages{origin=writeback}");
	CHECK(m && m->has_value && m->value == 11448 && m->src == SRC_TRACEPOINT,
	      "labelled metric survives");
	m = metric_set_find(&rec.metrics, "reject_rate");
	CHECK(m && m->value == 0.36, "fractional value survives");
	m = metric_set_find(&rec.metrics, "shrink_memcg_calls");
	CHECK(m && !m->has_value && !strcmp(m->reason, "no shrink_memcg on 6.1"),
	      "n/a keeps its reason (never a silent 0)");
	hm = metric_set_find_hist(&rec.metrics, "store_latency_ns");
	CHECK(hm && hm->h.slots[3] == 7 && hm->h.slots[12] == 2 &&
	      hist_count(&hm->h) == 9, "histogram buckets survive");
	CHECK(rec.meta.exit_code == 3 && rec.meta.complete &&
	      !strcmp(rec.meta.kernel_release, "6.12.0-test"), "meta survives");
	record_free(&rec);
	metric_set_free(&ms);
}

static void expect_reject(const char *path, const char *text, size_t len,
			  const char *want, const char *what)
{
	struct record rec;
	char err[512] = "";

	write_text(path, text, len);
	CHECK(record_load(path, &rec, err, sizeof(err)) == -1, "%s rejected", what);
	CHECK(strstr(err, path) && strstr(err, want),
	      "%s: message names the file and '%s': %s", what, want, err);
}

static void bad_records(const char *good, const char *dir)
{
	char path[512], *text = read_file(good, 1 << 20), *mod;
	size_t len = strlen(text);

	snprintf(path, sizeof(path), "%s/bad.json", dir);
	expect_reject(path, text, len / 2, "at byte", "truncated record");
	expect_reject(path, "{\"schema\": \"perf-lock/1\"}", 25,
		      "schema", "foreign schema");
	expect_reject(path, "[1, 2]", 6, "not a JSON object", "array");
	expect_reject(path, "{\"schema\": \"zswap-record/1\", \"kernel\": 5}", 41,
		      "field kernel", "wrong type");
	expect_reject(path, "", 0, "at byte", "empty file");

	mod = strdup(text);
	/* the value of a known metric replaced by a string */
	char *p = strstr(mod, "\"value\":11448");

	CHECK(p != NULL, "writer format has \"value\":11448");
	if (p) {
		memcpy(p, "\"value\":\"x\"  ", 13);
		expect_reject(path, mod, strlen(mod),
			      "metrics.swap_write_pages{origin=writeback}.value",
			      "string value");
	}
	free(mod);
	mod = malloc(len + 16);
	snprintf(mod, len + 16, "%s{}", text);
	expect_reject(path, mod, strlen(mod), "trailing data", "trailing data");
	free(mod);
	free(text);
}

void test_record(void)
{
	char path[512];

	if (!mkdtemp(tmpdir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/good.json", tmpdir);
	round_trip(path);
	bad_records(path, tmpdir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/bad.json", tmpdir);
	unlink(path);
	rmdir(tmpdir);
}
