// SPDX-License-Identifier: GPL-2.0
/*
 * claims --prometheus without a server: the query each kind of row
 * becomes (prom_expr.h), placeholders, durations, the answers' shapes and
 * the server's errors (prom_client.h), --arm and --set, and promql: in a
 * claims file. tests/host/fleet.test.sh runs the queries on Prometheus.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "claims.h"
#include "claims_fleet.h"
#include "harness.h"
#include "prom_client.h"
#include "prom_expr.h"
#include "prom_matchers.h"

static const struct prom_set sets[] = {
	{ "CGROUP", "/work.slice" }, { "APP", "app_seconds" },
};
static const struct prom_scope scope = {
	.selector = "kernel=\"7.3\"", .window = "24h", .by = "instance",
	.sets = sets, .nr_sets = 2,
};

/* the query of a row naming metrics a and b (b NULL: one), or why */
static enum prom_expr_result expr_of(const char *a, const char *b,
				     const char *promql, char *out, size_t len)
{
	struct claim_row row = { .label = "r", .line = 1 };
	char why[512];
	struct zs_error err;
	enum prom_expr_result r;

	if (a)
		snprintf(row.metric[row.nr_metrics++], METRIC_NAME_LEN, "%s", a);
	if (b)
		snprintf(row.metric[row.nr_metrics++], METRIC_NAME_LEN, "%s", b);
	if (promql)
		snprintf(row.promql, sizeof(row.promql), "%s", promql);
	r = prom_expr_row(&row, &scope, out, len, why, sizeof(why), &err);
	if (r == PROM_EXPR_NA)
		snprintf(out, len, "NA: %s", why);
	else if (r == PROM_EXPR_BAD)
		snprintf(out, len, "BAD: %s", err.msg);
	return r;
}

#define EXPECT(a, b, promql, want) do {					\
	char q_[PROM_EXPR_LEN];						\
									\
	expr_of(a, b, promql, q_, sizeof(q_));				\
	CHECK(!strcmp(q_, want), "%s: %s\n   want %s", a ? a : promql, q_, want); \
} while (0)

/* metric: rows, one name or two, and the query each becomes */
static const struct {
	const char *a, *b, *want;
} metric_rows[] = {
	{ "written_back_pages", NULL,
	  "(increase(zswap_written_back_pages_total{kernel=\"7.3\"}[24h]))" },
	{ "zswap_pool_bytes{cgroup=$CGROUP}", NULL,
	  "(avg_over_time(zswap_cgroup_zswap_bytes{kernel=\"7.3\","
	  "cgroup=\"/work.slice\"}[24h]))" },
	{ "zswap_pool_mean_bytes{cgroup=$CGROUP}", NULL,
	  "(avg_over_time(zswap_cgroup_zswap_bytes{kernel=\"7.3\","
	  "cgroup=\"/work.slice\"}[24h]))" },
	{ "zswap_pool_max_bytes{cgroup=$CGROUP}", NULL,
	  "(max_over_time(zswap_cgroup_zswap_bytes{kernel=\"7.3\","
	  "cgroup=\"/work.slice\"}[24h]))" },
	/* a level's statistic over the window: Prometheus' over its series */
	{ "zswap_pool_bytes{cgroup=$CGROUP}{stat=max}", NULL,
	  "(max_over_time(zswap_cgroup_zswap_bytes{kernel=\"7.3\","
	  "cgroup=\"/work.slice\"}[24h]))" },
	{ "pool_bytes{stat=mean}", NULL,
	  "(avg_over_time(zswap_pool_bytes{kernel=\"7.3\"}[24h]))" },
	{ "pool_bytes{stat=min}", NULL,
	  "(min_over_time(zswap_pool_bytes{kernel=\"7.3\"}[24h]))" },
	/* exported in seconds, recorded in us: divided back */
	{ "memory_pressure_full_us{cgroup=$CGROUP}", NULL,
	  "(increase(zswap_cgroup_memory_pressure_full_seconds_total{"
	  "kernel=\"7.3\",cgroup=\"/work.slice\"}[24h])) / 1e-06" },
	{ "load_latency_ns{stat=p99}", NULL,
	  "(histogram_quantile(0.99, sum by (instance, le) (increase("
	  "zswap_load_latency_seconds_bucket{kernel=\"7.3\"}[24h])))) / 1e-09" },
	{ "load_latency_ns{stat=mean}", NULL,
	  "(sum by (instance) (increase(zswap_load_latency_seconds_sum{"
	  "kernel=\"7.3\"}[24h])) / sum by (instance) (increase("
	  "zswap_load_latency_seconds_count{kernel=\"7.3\"}[24h]))) / 1e-09" },
	{ "load_latency_ns{stat=count}", NULL,
	  "(sum by (instance) (increase(zswap_load_latency_seconds_count{"
	  "kernel=\"7.3\"}[24h])))" },
	{ "reject_rate", NULL,
	  "(sum by (instance) (increase(zswap_store_rejects_total{"
	  "kernel=\"7.3\"}[24h])) / sum by (instance) (increase("
	  "zswap_store_calls_total{kernel=\"7.3\"}[24h])))" },
	/* a glob sums its members by host, never a family's "any" total */
	{ "lock_contentions{lock=tree,caller=*}", NULL,
	  "(sum by (instance) (increase(zswap_lock_contentions_total{"
	  "kernel=\"7.3\",lock=\"tree\",caller=~\".*\",caller!=\"any\"}[24h])))" },
	{ "swap_write_bios{origin=writeback}", "swap_write_bios{origin=reclaim}",
	  "(sum by (instance) (increase(zswap_swap_write_bios_total{"
	  "kernel=\"7.3\",origin=\"writeback\"}[24h]))) + (sum by (instance) "
	  "(increase(zswap_swap_write_bios_total{kernel=\"7.3\","
	  "origin=\"reclaim\"}[24h])))" },
	{ "reject_compress_poor", NULL,
	  "(increase(zswap_rejects_total{kernel=\"7.3\","
	  "reason=\"compress_poor\"}[24h]))" },
	{ "pages_per_bio{origin=writeback}{stat=p50}", NULL,
	  "(histogram_quantile(0.5, sum by (instance, le) (increase("
	  "zswap_swap_write_bio_pages_bucket{kernel=\"7.3\","
	  "origin=\"writeback\"}[24h]))))" },
};

static void test_metric_rows(void)
{
	for (size_t i = 0; i < sizeof(metric_rows) / sizeof(metric_rows[0]); i++)
		EXPECT(metric_rows[i].a, metric_rows[i].b, NULL, metric_rows[i].want);
}

static void test_not_in_prometheus(void)
{
	char q[PROM_EXPR_LEN];

	CHECK(expr_of("workload_cache_ops_per_s", NULL, NULL, q, sizeof(q)) ==
	      PROM_EXPR_NA && strstr(q, "recorded command"), "%s", q);
	CHECK(expr_of("cpu_user_s", NULL, NULL, q, sizeof(q)) == PROM_EXPR_NA &&
	      strstr(q, "zswap-gate record only"), "%s", q);
	CHECK(expr_of("no_such_metric", NULL, NULL, q, sizeof(q)) == PROM_EXPR_NA &&
	      strstr(q, "promql:"), "%s", q);
	/* $CGROUP without --set: bad input, not a silent empty label */
	CHECK(expr_of("zswap_pool_bytes{cgroup=$NOPE}", NULL, NULL, q, sizeof(q)) ==
	      PROM_EXPR_BAD && strstr(q, "--set NOPE=VALUE"), "%s", q);
}

static void test_promql_rows(void)
{
	char q[PROM_EXPR_LEN];

	EXPECT(NULL, NULL, "histogram_quantile(0.5, sum by ($BY, le) "
	       "(increase(${APP}_bucket{$SELECTOR,job=\"a\"}[$WINDOW])))",
	       "histogram_quantile(0.5, sum by (instance, le) (increase("
	       "app_seconds_bucket{kernel=\"7.3\",job=\"a\"}[24h])))");
	/* promql: wins over metric: with --prometheus */
	EXPECT("written_back_pages", NULL, "x{$SELECTOR}", "x{kernel=\"7.3\"}");
	CHECK(expr_of(NULL, NULL, "x{$SELECTOR} * $SCALE", q, sizeof(q)) ==
	      PROM_EXPR_BAD && strstr(q, "$SCALE is not set"), "%s", q);
	CHECK(expr_of(NULL, NULL, "sum(x[$WINDOW])", q, sizeof(q)) ==
	      PROM_EXPR_BAD && strstr(q, "no $SELECTOR"), "%s", q);
	CHECK(expr_of(NULL, NULL, "x $ 1", q, sizeof(q)) == PROM_EXPR_BAD,
	      "a lone $: %s", q);
	CHECK(expr_of(NULL, NULL, "x ${APP", q, sizeof(q)) == PROM_EXPR_BAD,
	      "an unclosed ${: %s", q);
	CHECK(prom_duration_ms("30s") == 30000 && prom_duration_ms("1500ms") == 1500 &&
	      prom_duration_ms("1h30m") == 5400000 && prom_duration_ms("2m1ms") == 120001 &&
	      prom_duration_ms("0s") == 0 && prom_duration_ms("30") == -1 &&
	      prom_duration_ms("s") == -1 && prom_duration_ms("99999999999y") == -1 &&
	      prom_duration_ms("1.5s") == -1, "durations in ms");
	CHECK(!prom_duration_ok("") && !prom_duration_ok("24") &&
	      !prom_duration_ok("1 day") && !prom_duration_ok("h") &&
	      prom_duration_ok("24h") && prom_duration_ok("1h30m") &&
	      prom_duration_ok("500ms") && prom_duration_ok("2w"), "durations");
}

static int parse(const char *body, long status, struct prom_vector *v,
		 struct zs_error *err)
{
	return prom_answer_parse(body, strlen(body), status, "instance", "q", v, err);
}

static void test_answers(void)
{
	struct prom_vector v;
	struct zs_error err;

	CHECK(!parse("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\","
		     "\"result\":[{\"metric\":{\"instance\":\"a\"},\"value\":[1,\"2.5\"]},"
		     "{\"metric\":{\"instance\":\"b\",\"job\":\"n\"},\"value\":[1,\"NaN\"]}]}}",
		     200, &v, &err) && v.n == 2 && !strcmp(v.s[0].host, "a") &&
	      v.s[0].v == 2.5 && isnan(v.s[1].v), "a vector, NaN kept as NaN");
	prom_vector_free(&v);
	CHECK(!parse("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\","
		     "\"result\":[]}}", 200, &v, &err) && v.n == 0, "an empty vector");
	prom_vector_free(&v);
	CHECK(parse("{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":"
		    "\"parse error: unexpected\"}", 400, &v, &err) && err.usage &&
	      strstr(err.msg, "\"parse error: unexpected\""), "%s", err.msg);
	CHECK(parse("{\"status\":\"error\",\"errorType\":\"timeout\",\"error\":"
		    "\"query timed out\"}", 503, &v, &err) && !err.usage &&
	      strstr(err.msg, "timeout error (HTTP 503)"), "%s", err.msg);
	CHECK(parse("<html>bad gateway</html>", 502, &v, &err) &&
	      strstr(err.msg, "HTTP 502, not a Prometheus API answer"), "%s", err.msg);
	CHECK(parse("{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\","
		    "\"result\":[]}}", 200, &v, &err) &&
	      strstr(err.msg, "gives a matrix"), "%s", err.msg);
	CHECK(parse("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\","
		    "\"result\":[{\"metric\":{\"job\":\"a\"},\"value\":[1,\"2\"]}]}}",
		    200, &v, &err) && strstr(err.msg, "without the label 'instance'"),
	      "%s", err.msg);
	CHECK(parse("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\","
		    "\"result\":[{\"metric\":{\"instance\":\"a\",\"job\":\"x\"},\"value\":[1,\"2\"]},"
		    "{\"metric\":{\"instance\":\"a\",\"job\":\"y\"},\"value\":[1,\"3\"]}]}}",
		    200, &v, &err) && strstr(err.msg, "more than one series"),
	      "%s", err.msg);
	CHECK(parse("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\","
		    "\"result\":[{\"metric\":{\"instance\":\"a\"},\"value\":[1,\"x\"]}]}}",
		    200, &v, &err) && strstr(err.msg, "not a number"), "%s", err.msg);
}

/* Whether msg is one line with no control character (issue 45). */
static bool one_clean_line(const char *msg)
{
	for (const unsigned char *p = (const unsigned char *)msg; *p; p++)
		if (*p < 0x20 || *p == 0x7f || (p[0] == 0xc2 && p[1] >= 0x80 &&
						p[1] < 0xa0))
			return false;
	return true;
}

/* A server's text with CR, ESC sequences, BEL and C1: escaped, one line. */
static void test_hostile_answers(void)
{
	struct prom_vector v;
	struct zs_error err;

	CHECK(parse("bad gateway\r\x1b[2J\x1b]0;owned\x07\nsecond \xc2\x9b" "31m",
		    502, &v, &err) && one_clean_line(err.msg) &&
	      strstr(err.msg, "bad gateway\\r\\x1b[2J\\x1b]0;owned\\x07\\nsecond "
		     "\\u009b31m"), "a body: %s", err.msg);
	CHECK(parse("{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":"
		    "\"x\\r\\u001b[2Jy\\u0007\\nz\"}", 400, &v, &err) &&
	      one_clean_line(err.msg) && strstr(err.msg, "\"x\\r\\x1b[2Jy\\x07\\nz\""),
	      "a PromQL error: %s", err.msg);
	CHECK(parse("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\","
		    "\"result\":[{\"metric\":{\"instance\":\"a\\u001b[2J\"},"
		    "\"value\":[1,\"\\u001b]0;x\\u0007\"]}]}}", 200, &v, &err) &&
	      one_clean_line(err.msg) && strstr(err.msg, "not a number"),
	      "a value: %s", err.msg);
}

/*
 * 100,000 series (issue 45: the duplicate check compared every pair, 39
 * s of CPU): read whole, and a duplicate found when it is the last.
 */
static void test_many_series(void)
{
	enum { N = 100000 };
	size_t cap = (size_t)N * 64 + 256, n = 0;
	char *body = malloc(cap);
	struct prom_vector v;
	struct zs_error err;
	bool ordered = true;
	clock_t t;

	if (!body) {
		CHECK(0, "malloc");
		return;
	}
	n += snprintf(body, cap, "{\"status\":\"success\",\"data\":{"
		      "\"resultType\":\"vector\",\"result\":[");
	for (int i = 0; i < N; i++)
		n += snprintf(body + n, cap - n, "%s{\"metric\":{\"instance\":"
			      "\"h%06d\"},\"value\":[1,\"%d\"]}", i ? "," : "", i, i);
	snprintf(body + n, cap - n, "]}}");
	t = clock();
	CHECK(!parse(body, 200, &v, &err) && v.n == N, "%d series: %zu, %s", N,
	      v.n, err.msg);
	/* linear: ~0.1 s; every pair compared took 39 s */
	t = clock() - t;
	CHECK(t < 5 * CLOCKS_PER_SEC, "%d series read in %.2f s of CPU", N,
	      (double)t / CLOCKS_PER_SEC);
	for (size_t i = 0; i < v.n; i++)
		ordered &= v.s[i].v == (double)i;
	CHECK(ordered, "every series' value read");
	prom_vector_free(&v);
	/* the last series is the first's host again */
	snprintf(body + n, cap - n, ",{\"metric\":{\"instance\":\"h000000\","
		 "\"job\":\"b\"},\"value\":[1,\"1\"]}]}}");
	CHECK(parse(body, 200, &v, &err) && strstr(err.msg, "instance 'h000000' "
						    "has more than one series"),
	      "a duplicate last of %d: %s", N + 1, err.msg);
	free(body);
}

static void test_options(void)
{
	struct fleet_arm a;
	struct prom_set s;
	struct zs_error err;

	CHECK(!fleet_arm_parse(&a, "base=kernel=\"7.3.4\",job=\"node\"", &err) &&
	      !strcmp(a.name, "base") && !strcmp(a.matchers,
	      "kernel=\"7.3.4\",job=\"node\""), "--arm: %s", a.matchers);
	CHECK(!fleet_arm_parse(&a, "new={kernel=\"7.4\"}", &err) &&
	      !strcmp(a.matchers, "kernel=\"7.4\""), "braces dropped: %s", a.matchers);
	CHECK(fleet_arm_parse(&a, "new=", &err) && fleet_arm_parse(&a, "=x=\"y\"", &err) &&
	      fleet_arm_parse(&a, "new=7.4", &err), "bad --arm refused");
	CHECK(!fleet_set_parse(&s, "APP=a_b", &err) && !strcmp(s.value, "a_b"), "--set");
	CHECK(fleet_set_parse(&s, "SELECTOR=x", &err) && fleet_set_parse(&s, "A-B=x", &err),
	      "reserved or bad --set NAME refused");
}

/*
 * --arm MATCHERS read with PromQL's grammar and written back (issue 45):
 * the selector a query carries is only ever label matchers.
 */
static const struct {
	const char *in, *want;	/* want NULL: refused, at character at */
	int at;
} matchers[] = {
	{ "kernel=\"7.3.4\",job=\"node\"", "kernel=\"7.3.4\",job=\"node\"" },
	{ "{kernel=\"7.4\"}", "kernel=\"7.4\"" },
	{ " job = \"a\" , k!~`x\\d` , ", "job=\"a\",k!~\"x\\\\d\"" },
	{ "a=~\"off|series\",b!=''", "a=~\"off|series\",b!=\"\"" },
	{ "k='it\\'s'", "k=\"it's\"" },
	{ "k=\"\\x1b\\u00e9\\\"\\101\\t\"", "k=\"\\u001b\xc3\xa9\\\"A\\u0009\"" },
	/* quotes inside a value stay inside it */
	{ "a='x\"} or vector(1) or up{b=\"'",
	  "a=\"x\\\"} or vector(1) or up{b=\\\"\"" },
	{ "a=`\\\"`", "a=\"\\\\\\\"\"" },
	/* the issue's injection, and others: refused where they go wrong */
	{ "job=\"a\"}[24h]) or vector(1) or count_over_time(up{job=\"x\"", NULL, 8 },
	{ "job=\"a\"} or vector(1)", NULL, 8 },
	{ "{job=\"a\"} or {job=\"b\"}", NULL, 11 },
	{ "job=\"a\") or vector(1", NULL, 8 },
	{ "job=\"a\" or vector(1)", NULL, 9 },
	{ "job=~\"a\"+\"b\"", NULL, 9 },
	{ "job=vector(1)", NULL, 5 },
	{ "job=\"a\" # c", NULL, 9 },
	{ "job=\"a\nb\"", NULL, 5 },
	{ "x", NULL, 2 },
	{ "7.4", NULL, 1 },
	{ "{}", NULL, 3 },
	{ "{a=\"b\"", NULL, 7 },
	{ "a=\"b\",,c=\"d\"", NULL, 7 },
	{ "a==\"b\"", NULL, 3 },
	{ "a=\"\\q\"", NULL, 4 },
	{ "a=\"\\ud800\"", NULL, 4 },
	{ "a=\"\\x0\"", NULL, 4 },
	{ "a=\"\\x00\"", NULL, 4 },
	{ "a=\"\xff\"", NULL, 4 },
};

static void test_matchers(void)
{
	struct fleet_arm a;
	struct zs_error err;
	char arg[600], at[40];

	for (size_t i = 0; i < sizeof(matchers) / sizeof(matchers[0]); i++) {
		int r;

		snprintf(arg, sizeof(arg), "arm=%s", matchers[i].in);
		r = fleet_arm_parse(&a, arg, &err);
		if (matchers[i].want) {
			CHECK(!r && !strcmp(a.matchers, matchers[i].want),
			      "%s: %s\n   want %s", matchers[i].in, r ? err.msg :
			      a.matchers, matchers[i].want);
			continue;
		}
		snprintf(at, sizeof(at), "character %d ", matchers[i].at);
		CHECK(r && err.usage && strstr(err.msg, "--arm arm: MATCHERS ") &&
		      (strstr(err.msg, at) ||
		       (snprintf(at, sizeof(at), "(character %d)", matchers[i].at),
			strstr(err.msg, at))) && !strchr(err.msg, '\n'),
		      "%s refused at %d: %s", matchers[i].in, matchers[i].at,
		      r ? err.msg : a.matchers);
	}
	/* --by is a label name */
	CHECK(prom_label_name_ok("instance") && prom_label_name_ok("_h0") &&
	      !prom_label_name_ok("") && !prom_label_name_ok("0a") &&
	      !prom_label_name_ok("instance) (vector(1)) or sum by (instance") &&
	      !prom_label_name_ok("a-b") && !prom_label_name_ok("a b"), "--by");
}

static void test_claims_promql(void)
{
	static const char head[] = "schema: zswap-claims/1\nseries: s\nsetup: {stated: x}\n"
		"tables:\n  - {id: t, title: T, columns: [a, b], rows: [";
	char text[1024];
	struct claims c;
	struct zs_error err;

	snprintf(text, sizeof(text), "%s{label: p, promql: \"x{$SELECTOR}\", "
		 "quoted: [1, 2]}]}\n", head);
	CHECK(!claims_parse("t", text, strlen(text), &c, &err) &&
	      !strcmp(c.tables[0].rows[0].promql, "x{$SELECTOR}") &&
	      !c.tables[0].rows[0].nr_metrics, "a promql: row alone: %s", err.msg);
	claims_free(&c);
	snprintf(text, sizeof(text), "%s{label: p, promql: x, unmapped: why, "
		 "quoted: [1, 2]}]}\n", head);
	CHECK(claims_parse("t", text, strlen(text), &c, &err) &&
	      strstr(err.msg, "exclude each other"), "%s", err.msg);
	snprintf(text, sizeof(text), "%s{label: p, quoted: [1, 2]}]}\n", head);
	CHECK(claims_parse("t", text, strlen(text), &c, &err) &&
	      strstr(err.msg, "promql"), "%s", err.msg);
}

void test_fleet(void)
{
	test_metric_rows();
	test_not_in_prometheus();
	test_promql_rows();
	test_answers();
	test_hostile_answers();
	test_many_series();
	test_options();
	test_matchers();
	test_claims_promql();
}
