// SPDX-License-Identifier: GPL-2.0
/*
 * Parsers on files captured from real 6.1, 6.12 and 6.18 kernels
 * (tests/fixtures/<release>/). Expected values are pulled out of the raw
 * text independently (line search + strtod), not from the parser. 7.3 has
 * no counter files captured yet (a guest capture adds them, with its
 * per-size mTHP stats and cpu.stat): only its BTF facts are tested.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "counters.h"
#include "harness.h"

static const char *const kernels[] = { "6.1", "6.12", "6.18" };

static char *fixture(const char *ver, const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s/%s", fixtures_dir, ver, name);
	return read_file(path, 1 << 20);
}

/* Value after "prefix" at the start of a line, or -1. */
static double raw_value(const char *text, const char *prefix)
{
	size_t n = strlen(prefix);
	const char *p = text;

	while (p && *p) {
		if (!strncmp(p, prefix, n))
			return strtod(p + n, NULL);
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return -1;
}

static int count_lines(const char *text)
{
	int n = 0;

	for (; *text; text++)
		n += *text == '\n';
	return n;
}

static void vmstat_fixture(const char *ver)
{
	struct kvset s = {};
	char *text = fixture(ver, "proc_vmstat");
	double v;
	int n;

	CHECK(text != NULL, "%s: proc_vmstat fixture missing", ver);
	if (!text)
		return;
	n = parse_key_value(text, &s);
	CHECK(n == count_lines(text), "%s: vmstat parsed %d of %d lines", ver,
	      n, count_lines(text));
	for (const char *const *k = (const char *const[]){ "pswpin", "pswpout",
	     "zswpin", "zswpout", NULL }; *k; k++) {
		char prefix[64];

		snprintf(prefix, sizeof(prefix), "%s ", *k);
		CHECK(kvset_get(&s, *k, &v) && v == raw_value(text, prefix),
		      "%s: vmstat %s", ver, *k);
	}
	/* zswpwb exists from 6.8 on, swpout_zero and swpin_zero from 6.12 */
	CHECK(kvset_get(&s, "zswpwb", &v) == (strcmp(ver, "6.1") != 0),
	      "%s: zswpwb presence", ver);
	CHECK(kvset_get(&s, "swpout_zero", &v) == (strcmp(ver, "6.1") != 0) &&
	      kvset_get(&s, "swpin_zero", &v) == (strcmp(ver, "6.1") != 0),
	      "%s: swpout_zero, swpin_zero presence", ver);
	for (const char *const *k = (const char *const[]){ "pgmajfault",
	     "swap_ra", "swap_ra_hit", "thp_swpout", "thp_swpout_fallback",
	     "workingset_refault_anon", "workingset_refault_file",
	     "workingset_activate_anon", "workingset_activate_file",
	     "workingset_restore_anon", "workingset_restore_file",
	     "pgscan_kswapd", "pgscan_direct", "pgsteal_kswapd",
	     "pgsteal_direct", NULL }; *k; k++) {
		char prefix[64];

		snprintf(prefix, sizeof(prefix), "%s ", *k);
		CHECK(kvset_get(&s, *k, &v) && v == raw_value(text, prefix),
		      "%s: vmstat %s", ver, *k);
	}
	kvset_free(&s);
	free(text);
}

static void meminfo_fixture(const char *ver)
{
	struct kvset s = {};
	char *text = fixture(ver, "proc_meminfo");
	double v;

	CHECK(text != NULL, "%s: proc_meminfo fixture missing", ver);
	if (!text)
		return;
	CHECK(parse_meminfo(text, &s) == count_lines(text), "%s: meminfo lines", ver);
	CHECK(kvset_get(&s, "Zswap", &v) && v == raw_value(text, "Zswap:") * 1024,
	      "%s: Zswap bytes", ver);
	CHECK(kvset_get(&s, "Zswapped", &v) &&
	      v == raw_value(text, "Zswapped:") * 1024, "%s: Zswapped bytes", ver);
	kvset_free(&s);
	free(text);
}

static void cgroup_v2_fixtures(const char *ver)
{
	struct kvset s = {};
	char *text;
	double v;

	text = fixture(ver, "memory.stat");
	CHECK(text != NULL, "%s: memory.stat fixture missing", ver);
	if (text) {
		CHECK(parse_key_value(text, &s) == count_lines(text),
		      "%s: memory.stat lines", ver);
		CHECK(kvset_get(&s, "zswpout", &v) && v == raw_value(text, "zswpout "),
		      "%s: memory.stat zswpout", ver);
		CHECK(kvset_get(&s, "zswap", &v) && v == raw_value(text, "zswap "),
		      "%s: memory.stat zswap", ver);
		free(text);
	}
	kvset_free(&s);

	text = fixture(ver, "memory.pressure");
	CHECK(text != NULL, "%s: memory.pressure fixture missing", ver);
	if (text) {
		const char *full = strstr(text, "full ");

		CHECK(parse_pressure(text, &s) == 2, "%s: pressure lines", ver);
		CHECK(full && kvset_get(&s, "full_total", &v) &&
		      v == strtod(strstr(full, "total=") + 6, NULL),
		      "%s: full total", ver);
		free(text);
	}
	kvset_free(&s);

	text = fixture(ver, "io.stat");
	CHECK(text != NULL, "%s: io.stat fixture missing", ver);
	if (text) {
		int n = parse_io_stat(text, &s);

		CHECK(n >= 0, "%s: io.stat parses (%d)", ver, n);
		if (n > 0) {
			char key[64], dev[16];
			const char *w = strstr(text, "wios=");

			sscanf(text, "%15s", dev);
			snprintf(key, sizeof(key), "%s.wios", dev);
			CHECK(w && kvset_get(&s, key, &v) && v == strtod(w + 5, NULL),
			      "%s: io.stat %s", ver, key);
		}
		free(text);
	}
	kvset_free(&s);
}

/* Each file of a fixture directory, read by hand: its number. */
static double raw_file(const char *ver, const char *rel)
{
	char *text = fixture(ver, rel);
	double v = text ? strtod(text, NULL) : -1;

	free(text);
	return v;
}

static void debugfs_fixture(const char *ver)
{
	char dir[512];
	struct kvset s = {};
	int n;

	snprintf(dir, sizeof(dir), "%s/%s/debugfs_zswap", fixtures_dir, ver);
	n = read_value_dir(dir, "", &s);
	CHECK(n > 5 && (size_t)n == s.n, "%s: debugfs zswap/ files read (%d)", ver, n);
	for (size_t i = 0; i < s.n; i++) {
		char rel[128];

		snprintf(rel, sizeof(rel), "debugfs_zswap/%s", s.items[i].name);
		CHECK(s.items[i].value == raw_file(ver, rel), "%s: debugfs %s",
		      ver, s.items[i].name);
	}
	kvset_free(&s);
	CHECK(read_value_dir("/nonexistent", "", &s) == -1 && !s.n,
	      "a missing directory is -1");
}

/* 6.18's hugepages-<size>/stats/: sizes, keys, and order 1's fewer stats */
static void mthp_fixture(const char *ver)
{
	char root[512];
	struct kvset s = {};
	double v;
	int sizes;

	snprintf(root, sizeof(root), "%s/%s/transparent_hugepage", fixtures_dir, ver);
	sizes = read_mthp_stats(root, &s);
	if (access(root, F_OK)) {
		/* 6.1 has no per-size stats; 6.12's are not captured yet */
		CHECK(sizes == 0 && !s.n, "%s: no mTHP stats fixture, nothing read", ver);
		return;
	}
	CHECK(sizes == 9, "%s: nine mTHP sizes (%d)", ver, sizes);
	CHECK(s.n == 8 * 18 + 11, "%s: every stat of every size (%zu)", ver, s.n);
	CHECK(kvset_get(&s, "64kB/zswpout", &v) &&
	      v == raw_file(ver, "transparent_hugepage/hugepages-64kB/stats/zswpout"),
	      "%s: 64kB zswpout", ver);
	CHECK(kvset_get(&s, "2048kB/nr_anon", &v) &&
	      v == raw_file(ver, "transparent_hugepage/hugepages-2048kB/stats/nr_anon"),
	      "%s: 2048kB nr_anon", ver);
	CHECK(kvset_get(&s, "8kB/swpout", &v) && !kvset_get(&s, "8kB/nr_anon", &v),
	      "%s: order 1 has swap stats, no anon ones", ver);
	kvset_free(&s);
}

/* memory.events (cgroup v2 guests) and cpu.stat (6.18's cgroup2 root) */
static void events_cpu_fixtures(const char *ver)
{
	bool host = !strcmp(ver, "6.18");
	struct kvset s = {};
	char *text = fixture(ver, "memory.events");
	double v;

	/* the host's memory cgroups are v1: it has none */
	CHECK(!text == host, "%s: memory.events fixture %s", ver,
	      host ? "absent" : "present");
	if (text) {
		CHECK(parse_key_value(text, &s) == count_lines(text),
		      "%s: memory.events lines", ver);
		CHECK(kvset_get(&s, "high", &v) && v == raw_value(text, "high ") &&
		      kvset_get(&s, "max", &v) && v == raw_value(text, "max "),
		      "%s: memory.events high, max", ver);
		free(text);
	}
	kvset_free(&s);
	text = fixture(ver, "cpu.stat");
	CHECK(!text == !host, "%s: cpu.stat fixture %s", ver,
	      host ? "present" : "absent (a guest capture adds it)");
	if (text) {
		CHECK(parse_key_value(text, &s) == count_lines(text),
		      "%s: cpu.stat lines", ver);
		CHECK(kvset_get(&s, "user_usec", &v) &&
		      v == raw_value(text, "user_usec ") &&
		      kvset_get(&s, "system_usec", &v) &&
		      v == raw_value(text, "system_usec "), "%s: cpu.stat", ver);
		free(text);
	}
	kvset_free(&s);
}

static void malformed_inputs(void)
{
	struct kvset s = {};

	CHECK(parse_key_value("zswpout 12\nzswpin x\n", &s) == -1,
	      "non-numeric vmstat value rejected");
	CHECK(parse_key_value("zswpout\n", &s) == -1, "missing value rejected");
	CHECK(parse_key_value("a 1 2\n", &s) == -1, "extra field rejected");
	CHECK(parse_meminfo("Zswap 12 kB\n", &s) == -1, "meminfo without colon");
	CHECK(parse_pressure("half avg10=0 total=1\n", &s) == -1,
	      "unknown pressure line rejected");
	CHECK(parse_pressure("some avg10=0.00\n", &s) == -1,
	      "pressure without total rejected");
	CHECK(parse_io_stat("8:0 rbytes=1 wios\n", &s) == -1,
	      "io.stat key without value rejected");
	CHECK(parse_io_stat("rbytes=1\n", &s) == -1, "io.stat without device");
	kvset_free(&s);

	CHECK(parse_key_value("", &s) == 0, "empty text is zero values");
	CHECK(parse_io_stat("8:0 rbytes=10 wbytes=20 rios=1 wios=2 dbytes=0 dios=0\n"
			    "253:0 wios=7\n", &s) == 7, "io.stat two devices");
	double v;

	CHECK(kvset_get(&s, "253:0.wios", &v) && v == 7, "second device wios");
	kvset_free(&s);
}

void test_parsers(void)
{
	for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++) {
		vmstat_fixture(kernels[i]);
		meminfo_fixture(kernels[i]);
		debugfs_fixture(kernels[i]);
		mthp_fixture(kernels[i]);
		events_cpu_fixtures(kernels[i]);
		/* the host's memory cgroups are v1: no v2 files there */
		if (strcmp(kernels[i], "6.18"))
			cgroup_v2_fixtures(kernels[i]);
	}
	malformed_inputs();
}
