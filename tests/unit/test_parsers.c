// SPDX-License-Identifier: GPL-2.0
/*
 * Parsers on files captured from real 6.1, 6.12 and 6.18 kernels
 * (tests/fixtures/<release>/). Expected values are pulled out of the raw
 * text independently (line search + strtod), not from the parser.
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
	/* zswpwb exists from 6.8 on */
	CHECK(kvset_get(&s, "zswpwb", &v) == (strcmp(ver, "6.1") != 0),
	      "%s: zswpwb presence", ver);
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
		/* the host's memory cgroups are v1: no v2 files there */
		if (strcmp(kernels[i], "6.18"))
			cgroup_v2_fixtures(kernels[i]);
	}
	malformed_inputs();
}
