// SPDX-License-Identifier: GPL-2.0
/*
 * A claims file's setup as the experiment drivers run (claims_setup.h):
 * sizes, the scaled run's inheritance, a table's common `when:`, the JSON
 * kernels-ab reads, and the claims files the project ships.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>
#include "claims.h"
#include "claims_setup.h"
#include "harness.h"

static const char head[] =
	"schema: zswap-claims/1\n"
	"series: x\n";

static const char rows_same_when[] =
	"tables:\n"
	"  - id: t\n"
	"    title: T\n"
	"    columns: [a, b]\n"
	"    rows:\n"
	"      - {label: r1, metric: zswpout, quoted: [1, 2], when: {shrinker_enabled: N}}\n"
	"      - {label: r2, metric: zswpin, quoted: [1, 2], when: {shrinker_enabled: N}}\n"
	"      - {label: r3, unmapped: words, quoted: [1, 2]}\n"
	"  - id: mixed\n"
	"    title: M\n"
	"    columns: [a, b]\n"
	"    rows:\n"
	"      - {label: r1, metric: zswpout, quoted: [1, 2], when: {shrinker_enabled: N}}\n"
	"      - {label: r2, metric: zswpin, quoted: [1, 2], when: {shrinker_enabled: Y}}\n";

static int load(const char *setup, struct claims *c, struct zs_error *err)
{
	char text[4096];

	snprintf(text, sizeof(text), "%s%s%s", head, setup, rows_same_when);
	return claims_parse("test.yaml", text, strlen(text), c, err);
}

static void test_sizes(void)
{
	static const struct { const char *s; long mib; } t[] = {
		{ "600M", 600 }, { "2G", 2048 }, { "1350 MiB", 1350 },
		{ "64", 64 }, { "12g", 12288 }, { "1.5G", 1536 },
		{ "below the working set", -1 }, { "0.5M", -1 }, { "", -1 },
		{ "64K", -1 }, { "2 GB", 2048 },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		CHECK(setup_size_mib(t[i].s) == t[i].mib, "size '%s': %ld, want %ld",
		      t[i].s, setup_size_mib(t[i].s), t[i].mib);
}

static void test_scaled(void)
{
	struct zs_error err;
	struct claims c;
	int ret = load("setup:\n"
		       "  stated: s\n"
		       "  zswap: {enabled: Y, max_pool_percent: 20}\n"
		       "  memory_max: 2G\n"
		       "  iocost: true\n"
		       "  duration_s: 120\n"
		       "  workload: [zswap-workload, usemem, --mib, 4096]\n"
		       "  scaled:\n"
		       "    why: a VM\n"
		       "    memory_high: 64M\n"
		       "    zswap: {max_pool_percent: 10}\n"
		       "    workload: [zswap-workload, usemem, --mib, 96]\n",
		       &c, &err);

	CHECK(!ret, "claims with a scaled setup load: %s", err.msg);
	if (ret)
		return;
	CHECK(c.setup.full.memory_max_mib == 2048 && c.setup.full.iocost == 1 &&
	      c.setup.full.duration_s == 120 && c.setup.full.nr_words == 4,
	      "full run: max %ld iocost %d dur %g words %d",
	      c.setup.full.memory_max_mib, c.setup.full.iocost,
	      c.setup.full.duration_s, c.setup.full.nr_words);
	CHECK(c.setup.has_scaled && c.setup.scaled.memory_max_mib == 0 &&
	      c.setup.scaled.memory_high_mib == 64 && c.setup.scaled.iocost == 1,
	      "scaled: its own memory (not the series' 2G), the series' iocost");
	CHECK(c.setup.scaled.zswap.n == 2 &&
	      !strcmp(c.setup.scaled.zswap.kv[1][0], "max_pool_percent") &&
	      !strcmp(c.setup.scaled.zswap.kv[1][1], "10"),
	      "scaled zswap: the series' parameters, its own value overriding");
	CHECK(!strcmp(c.setup.scaled.words[3], "96") && !strcmp(c.setup.why, "a VM"),
	      "scaled workload and why");
	claims_free(&c);
}

static void test_when_and_json(void)
{
	struct setup_params when;
	struct zs_error err;
	struct claims c;
	char why[256], *buf = NULL;
	size_t len = 0;
	json_object *j, *v;
	FILE *f;

	if (load("setup: {stated: s, zswap: {enabled: Y}, memory_max: \"below the set\"}\n",
		 &c, &err)) {
		CHECK(0, "claims without scaled load: %s", err.msg);
		return;
	}
	CHECK(c.setup.full.memory_max_mib == -1, "a memory_max in words: given, not a size");
	CHECK(!claim_table_when(&c.tables[0], &when, why, sizeof(why)) &&
	      when.n == 1 && !strcmp(when.kv[0][1], "N"),
	      "the rows' common when (unmapped rows aside)");
	CHECK(claim_table_when(&c.tables[1], &when, why, sizeof(why)) &&
	      strstr(why, "'mixed'"), "rows that differ: refused, the table named (%s)", why);
	claim_table_when(&c.tables[0], &when, why, sizeof(why));
	f = open_memstream(&buf, &len);
	setup_run_json(f, &c.setup, false, &when);
	fclose(f);
	j = json_tokener_parse(buf);
	CHECK(j && json_object_object_get_ex(j, "zswap", &v) &&
	      !strcmp(json_object_get_string(json_object_object_get(v, "enabled")), "Y") &&
	      !strcmp(json_object_get_string(json_object_object_get(v, "shrinker_enabled")), "N"),
	      "JSON: the setup's and the table's parameters: %s", buf);
	CHECK(j && json_object_object_get_ex(j, "memory_max_mib", &v) && !v,
	      "JSON: a limit in words is null");
	json_object_put(j);
	free(buf);
	claims_free(&c);
	CHECK(load("setup: {stated: s, scaled: {why: w, cpus: 2}}\n", &c, &err) &&
	      strstr(err.msg, "unknown key 'cpus'"),
	      "an unknown key under scaled is refused: %s", err.msg);
}

/* Every shipped claims file's setup reads, and the two series the claims
 * tier runs through --claims alone state their VM's memory limit. */
static void test_shipped(void)
{
	static const struct { const char *file; long max, high; } t[] = {
		{ "claims/005-store-incompressible.yaml", 0, 64 },
		{ "claims/006-pool-percpu-ref.yaml", 48, 0 },
	};
	struct zs_error err;
	struct claims c;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char path[256];

		snprintf(path, sizeof(path), "%s/../../%s", fixtures_dir, t[i].file);
		if (claims_load(path, &c, &err)) {
			CHECK(0, "%s loads: %s", t[i].file, err.msg);
			continue;
		}
		CHECK(c.setup.has_scaled && c.setup.scaled.memory_max_mib == t[i].max &&
		      c.setup.scaled.memory_high_mib == t[i].high &&
		      !strcmp(c.setup.scaled.words[0], "zswap-workload"),
		      "%s: scaled max %ld high %ld, a bundled workload", t[i].file,
		      c.setup.scaled.memory_max_mib, c.setup.scaled.memory_high_mib);
		claims_free(&c);
	}
}

void test_claims_setup(void)
{
	test_sizes();
	test_scaled();
	test_when_and_json();
	test_shipped();
}
