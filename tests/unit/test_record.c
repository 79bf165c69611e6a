// SPDX-License-Identifier: GPL-2.0
/* Record round trip, and malformed, truncated and foreign records. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "counters.h"
#include "harness.h"
#include "metric_name_check.h"
#include "metrics.h"
#include "record.h"
#include "text_clean.h"

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
	struct zs_error err;

	snprintf(meta.kernel_release, sizeof(meta.kernel_release), "6.12.0-test");
	snprintf(meta.compressor, sizeof(meta.compressor), "lzo");
	snprintf(meta.toolkit_version, sizeof(meta.toolkit_version), "0.1.0 (7f0c822-dirty)");
	snprintf(meta.cmdline, sizeof(meta.cmdline),
		 "zswap-gate record -o r.json -- sh -c 'echo x'");
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
	CHECK(record_load(path, &rec, &err) == 0, "round trip: %s", err.msg);
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
	CHECK(!strcmp(rec.meta.toolkit_version, "0.1.0 (7f0c822-dirty)") &&
	      !strcmp(rec.meta.cmdline, meta.cmdline),
	      "toolkit version and command line survive: '%s' '%s'",
	      rec.meta.toolkit_version, rec.meta.cmdline);
	record_free(&rec);
	metric_set_free(&ms);
}

static void expect_reject(const char *path, const char *text, size_t len,
			  const char *want, const char *what)
{
	struct record rec;
	struct zs_error err = { .msg = "" };

	write_text(path, text, len);
	CHECK(record_load(path, &rec, &err) == -1, "%s rejected", what);
	CHECK(strstr(err.msg, path) && strstr(err.msg, want),
	      "%s: message names the file and '%s': %s", what, want, err.msg);
}

/*
 * Records older than toolkit_version and cmdline load with both empty;
 * either of another type than a string is refused.
 */
static void version_fields(const char *good, const char *dir)
{
	char path[512], *text = read_file(good, 1 << 20), *p, *q;
	struct record rec;
	struct zs_error err = { .msg = "" };

	snprintf(path, sizeof(path), "%s/old.json", dir);
	p = strstr(text, "\"toolkit_version\":");
	q = strstr(text, "\"cmdline\":");
	CHECK(p && q, "the writer writes toolkit_version and cmdline");
	if (!p || !q) {
		free(text);
		return;
	}
	memcpy(p, "\"toolkit_versioX\":", 18);
	memcpy(q, "\"cmdlinX\":", 10);
	write_text(path, text, strlen(text));
	CHECK(record_load(path, &rec, &err) == 0 && !rec.meta.toolkit_version[0] &&
	      !rec.meta.cmdline[0], "a record without them loads, both empty (%s)",
	      err.msg);
	if (!err.msg[0])
		record_free(&rec);
	/* "cmdline":1, before the renamed key keeps the rest valid JSON */
	p = malloc(strlen(text) + 16);
	snprintf(p, strlen(text) + 16, "%.*s\"cmdline\":1,%s", (int)(q - text), text, q);
	expect_reject(path, p, strlen(p), "field cmdline: expected string",
		      "cmdline not a string");
	free(p);
	free(text);
	unlink(path);
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

/* A record text with one metric object body and one histogram source. */
#define REC_HEAD "{\"schema\":\"zswap-record/1\",\"kernel\":{\"release\":\"6.12\"}," \
	"\"zswap\":{},\"duration_s\":1,\"wall_time_s\":%s,\"exit_code\":0," \
	"\"complete\":true,\"metrics\":{\"m\":{%s}}," \
	"\"histograms\":{\"h\":{\"unit\":\"ns\",\"source\":\"%s\"," \
	"\"kind\":\"log2\",\"sum\":%s,\"buckets\":[]}}}"

static void expect_parse(const char *wall, const char *metric, const char *hsrc,
			 const char *hsum, const char *want, const char *what)
{
	struct record rec;
	struct zs_error err = { .msg = "" };
	char text[1024];
	int ret;

	snprintf(text, sizeof(text), REC_HEAD, wall, metric, hsrc, hsum);
	ret = record_parse("mem.json", text, strlen(text), &rec, &err);
	if (!want) {
		CHECK(ret == 0, "%s: accepted: %s", what, err.msg);
		if (!ret)
			record_free(&rec);
		return;
	}
	CHECK(ret == -1 && strstr(err.msg, "mem.json: ") && strstr(err.msg, want),
	      "%s: rejected with '%s': %s", what, want, err.msg);
}

/* Hostile records (issue 13): each rejected with the file and the field. */
static void hostile_records(void)
{
	static const char good[] = "\"value\":5,\"unit\":\"calls\",\"source\":\"counter\"";
	struct record rec;
	struct zs_error err = { .msg = "" };
	char text[1024];
	size_t n;

	expect_parse("2", good, "fentry", "10", NULL, "a good record");
	expect_parse("2", "\"value\":1e300,\"unit\":\"calls\",\"source\":\"counter\"",
		     "fentry", "10", "metric m: value 1e+300 out of range", "1e300");
	expect_parse("2", "\"value\":-1e400,\"unit\":\"ratio\",\"source\":\"counter\"",
		     "fentry", "10", "metric m: value is not a finite number", "-1e400");
	expect_parse("2", "\"value\":-3,\"unit\":\"pages\",\"source\":\"counter\"",
		     "fentry", "10", "metric m: negative pages (-3)", "negative count");
	expect_parse("2", "\"value\":-3,\"unit\":\"C\",\"source\":\"workload\"",
		     "fentry", "10", NULL, "negative value of a unit that may be");
	expect_parse("1e300", good, "fentry", "10", "field wall_time_s: value 1e+300",
		     "huge wall time");
	expect_parse("2", good, "fentry", "Infinity", "histogram h sum: value is not",
		     "infinite histogram sum");
	expect_parse("2", good, "bogus", "10",
		     "field histograms.h.source: unknown source 'bogus' (one of fentry, kprobe",
		     "unknown histogram source");
	expect_parse("2", "\"value\":5,\"unit\":\"calls\",\"source\":\"bogus\"",
		     "fentry", "10", "field metrics.m.source: unknown source 'bogus' (one of",
		     "unknown metric source");

	/* a NUL byte: rejected at its offset, and nothing after it read */
	snprintf(text, sizeof(text), REC_HEAD, "2", good, "fentry", "10");
	n = strlen(text);
	memcpy(text + n, "\0{\"x\":1}", 8);
	CHECK(record_parse("mem.json", text, n + 8, &rec, &err) == -1 &&
	      strstr(err.msg, "mem.json: at byte") && strstr(err.msg, "NUL byte"),
	      "NUL then garbage rejected: %s", err.msg);
	{
		char want[64];

		snprintf(want, sizeof(want), "at byte %zu:", n);
		CHECK(strstr(err.msg, want) != NULL, "NUL at its offset %zu: %s", n, err.msg);
	}
	/* trailing garbage after whitespace, whitespace alone is fine */
	memcpy(text + n, " \n\t x", 5);
	CHECK(record_parse("mem.json", text, n + 5, &rec, &err) == -1 &&
	      strstr(err.msg, "trailing data"), "trailing garbage: %s", err.msg);
	CHECK(record_parse("mem.json", text, n + 3, &rec, &err) == 0,
	      "trailing whitespace accepted: %s", err.msg);
	record_free(&rec);
}

/* 100k metrics: every one read back, found by name (issue 13: linear). */
static void many_metrics(void)
{
	enum { N = 100000 };
	size_t cap = (size_t)N * 96 + 1024, n = 0;
	struct zs_error err = { .msg = "" };
	char *text = malloc(cap), name[32];
	struct record rec;
	size_t found = 0;

	if (!text) {
		CHECK(0, "malloc");
		return;
	}
	n += snprintf(text + n, cap - n, "{\"schema\":\"zswap-record/1\","
		      "\"kernel\":{\"release\":\"6.12\"},\"zswap\":{},"
		      "\"duration_s\":1,\"wall_time_s\":null,\"exit_code\":null,"
		      "\"complete\":true,\"metrics\":{");
	for (int i = 0; i < N; i++)
		n += snprintf(text + n, cap - n, "%s\"m%06d\":{\"value\":%d,"
			      "\"unit\":\"calls\",\"source\":\"counter\"}",
			      i ? "," : "", i, 7 * i);
	n += snprintf(text + n, cap - n, "},\"histograms\":{}}");
	CHECK(n < cap, "buffer large enough");
	CHECK(!record_parse("big.json", text, n, &rec, &err),
	      "100k metrics read: %s", err.msg);
	if (!err.msg[0]) {
		for (int i = 0; i < N; i++) {
			const struct metric *m;

			snprintf(name, sizeof(name), "m%06d", i);
			m = metric_set_find(&rec.metrics, name);
			found += m && m->has_value && m->value == 7.0 * i;
		}
		CHECK(rec.metrics.n == N && found == N, "%zu metrics, %zu found by name",
		      rec.metrics.n, found);
		CHECK(!metric_set_find(&rec.metrics, "m100000"), "no extra metric");
		record_free(&rec);
	}
	free(text);
}

/*
 * A 100 KB metric or histogram name (issue 45): one short line, the
 * reason first, the name cut to its first 64 bytes and counted.
 */
static void long_names(void)
{
	enum { N = 102400 };
	static const char *const where[] = { "metrics", "histograms" };
	char *text = malloc(N + 512), *name = malloc(N + 1), want[160];
	struct zs_error err = { .msg = "" };
	struct record rec;

	if (!text || !name) {
		CHECK(0, "malloc");
		goto out;
	}
	memset(name, 'x', N);
	name[N] = '\0';
	for (int k = 0; k < 2; k++) {
		snprintf(text, N + 512, "{\"schema\":\"zswap-record/1\",\"kernel\":"
			 "{\"release\":\"6.12\"},\"zswap\":{},\"duration_s\":1,"
			 "\"wall_time_s\":null,\"exit_code\":null,\"complete\":true,"
			 "\"metrics\":{%s%s%s},\"histograms\":{%s%s%s}}",
			 k ? "" : "\"", k ? "" : name, k ? "" : "\":{}",
			 k ? "\"" : "", k ? name : "", k ? "\":{}" : "");
		snprintf(want, sizeof(want), "long.json: field %s: a name too long "
			 "(at most %d bytes): %.64s... (%d bytes)", where[k],
			 METRIC_NAME_LEN - 1, name, N);
		CHECK(record_parse("long.json", text, strlen(text), &rec, &err) &&
		      !strcmp(err.msg, want), "a 100 KB %s name: %.300s", where[k],
		      err.msg);
	}
	CHECK(metric_name_check(name, want, sizeof(want)) &&
	      !strncmp(want, "name too long", 13) && strstr(want, "(102400 bytes)"),
	      "metric_name_check, a 100 KB name: %s", want);
out:
	free(text);
	free(name);
}

/* Text for one line of a message: controls escaped, long text counted. */
static void text_lines(void)
{
	static const struct { const char *in; size_t max; const char *want; } t[] = {
		{ "plain", 64, "plain" },
		{ "a\r\x1b[2Jb\x07\nc\td", 64, "a\\r\\x1b[2Jb\\x07\\nc\\td" },
		{ "csi \xc2\x9b" "31m, bad \xff, caf\xc3\xa9", 64,
		  "csi \\u009b31m, bad \\xff, caf\xc3\xa9" },
		{ "abcdef", 3, "abc... (6 bytes)" },
		{ "ab\xc3\xa9", 3, "ab... (4 bytes)" },	/* never half a character */
	};
	char out[64];

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		CHECK(!strcmp(text_line(t[i].in, t[i].max, out, sizeof(out)), t[i].want),
		      "text_line case %zu: %s", i, out);
	/* out's room bounds it too, the count still whole */
	CHECK(!strcmp(text_line("0123456789012345678901234567890123456789", 100,
				out, 40), "01234567... (40 bytes)"), "%s", out);
}

/* Bytes that are not UTF-8 become U+FFFD; control characters '?'. */
static void text_cleaning(void)
{
	static const struct { const char *in, *want; } utf8[] = {
		{ "plain", "plain" },
		{ "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80" },
		{ "\xff", "\xef\xbf\xbd" },
		{ "a\xc3", "a\xef\xbf\xbd" },			/* cut short */
		{ "\xc0\xaf", "\xef\xbf\xbd\xef\xbf\xbd" },	/* overlong '/' */
		{ "\xed\xa0\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd" }, /* surrogate */
		{ "\xf4\x90\x80\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd" },
	};
	char ctrl[] = "6.12\x1b[2J\x07-x\xc2\x9b" "31m\x7f\xc3\xa9";

	for (size_t i = 0; i < sizeof(utf8) / sizeof(utf8[0]); i++) {
		char *out = utf8_valid_dup(utf8[i].in);

		CHECK(out && !strcmp(out, utf8[i].want), "utf8_valid_dup case %zu", i);
		free(out);
	}
	ctrl_replace(ctrl);
	CHECK(!strcmp(ctrl, "6.12?[2J?-x?31m?\xc3\xa9"), "ctrl_replace: %s", ctrl);
}

/* A record's strings: valid JSON whatever the argument, no escapes out. */
static void hostile_strings(const char *path)
{
	struct record_meta meta = { .duration_s = 1, .complete = true };
	char *argv[] = { "true", "\xff\xfe", "a\xc3", NULL };
	struct metric_set ms = {};
	struct record rec;
	struct zs_error err;
	char *text;

	meta.argv = argv;
	snprintf(meta.kernel_release, sizeof(meta.kernel_release), "7.3\x1b]0;owned\x07");
	metric_set_value(&ms, "zswpout", "pages", SRC_COUNTER, 1);
	CHECK(record_write(path, &meta, NULL, &ms, NULL, 0) == 0, "record written");
	text = read_file(path, 1 << 20);
	CHECK(text && strstr(text, "\"\xef\xbf\xbd\xef\xbf\xbd\"") &&
	      strstr(text, "\"a\xef\xbf\xbd\"") && !strchr(text, '\xff'),
	      "arguments that are not UTF-8 written as U+FFFD");
	free(text);
	CHECK(record_load(path, &rec, &err) == 0, "loads: %s", err.msg);
	CHECK(!strcmp(rec.meta.kernel_release, "7.3?]0;owned?"),
	      "kernel string read without its escapes: %s", rec.meta.kernel_release);
	record_free(&rec);
	metric_set_free(&ms);
	unlink(path);
}

void test_record(void)
{
	hostile_records();
	many_metrics();
	char path[512];

	if (!mkdtemp(tmpdir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	text_cleaning();
	text_lines();
	long_names();
	snprintf(path, sizeof(path), "%s/strings.json", tmpdir);
	hostile_strings(path);
	snprintf(path, sizeof(path), "%s/good.json", tmpdir);
	round_trip(path);
	bad_records(path, tmpdir);
	version_fields(path, tmpdir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/bad.json", tmpdir);
	unlink(path);
	rmdir(tmpdir);
}
