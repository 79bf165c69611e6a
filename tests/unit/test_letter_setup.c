// SPDX-License-Identifier: GPL-2.0
/*
 * The setup keys a letter's words give (letter_setup.h), on excerpts in
 * the words linux-mm letters use, and the draft that carries them: read
 * back as claims files are, its experiment what `zswap-gate claims setup`
 * gives zswap-kernels check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "claims.h"
#include "claims_draft.h"
#include "harness.h"
#include "letter_setup.h"

static void setup_of(const char *text, struct letter_setup *s)
{
	struct letter_prose p = { 0 };
	struct zs_error err;
	struct letter l;

	memset(s, 0, sizeof(*s));
	if (letter_parse(text, strlen(text), &l, &err)) {
		CHECK(0, "letter parsed: %s", err.msg);
		return;
	}
	if (!letter_prose_init(&p, &l))
		letter_setup_read(&p, s);
	letter_prose_free(&p);
	letter_free(&l);
}

static const char *param(const struct letter_setup *s, const char *name)
{
	for (int i = 0; i < s->nr_zswap; i++)
		if (!strcmp(s->zswap[i][0], name))
			return s->zswap[i][1];
	return "";
}

static void test_words(void)
{
	struct letter_setup s;

	setup_of("Tested on a 2-socket server with 128 CPUs and 256 GB of RAM, "
		 "zswap.compressor=zstd, zpool zsmalloc, max_pool_percent=20 and "
		 "the shrinker enabled. The kernel build (make -j32) runs in a memcg "
		 "with memory.max=2GB, swapping to a swapfile on an NVMe SSD.\n", &s);
	CHECK(!strcmp(s.machine, "128 CPUs, 256 GB"), "machine: %s", s.machine);
	CHECK(!strcmp(param(&s, "compressor"), "zstd") &&
	      !strcmp(param(&s, "max_pool_percent"), "20") &&
	      !strcmp(param(&s, "shrinker_enabled"), "Y"),
	      "zswap: compressor %s, pool %s, shrinker %s", param(&s, "compressor"),
	      param(&s, "max_pool_percent"), param(&s, "shrinker_enabled"));
	CHECK(!strcmp(s.memory_max, "2G") && !s.memory_high[0], "memory.max %s", s.memory_max);
	CHECK(!strcmp(s.swap, "a swap file on NVMe"), "swap: %s", s.swap);
	CHECK(!strcmp(s.benchmark, "a kernel build, make -j32") &&
	      !strcmp(s.workload, "[zswap-workload, build, --jobs, 32]") &&
	      strstr(s.scaled, "--task-mib, 40") && !strcmp(s.scaled_limit, "memory_max: 48M"),
	      "build: %s, %s, scaled %s", s.benchmark, s.workload, s.scaled);

	setup_of("We run usemem with 70 processes of 1G each under memory.high "
		 "of 1350M, accept_threshold_percent: 90, shrinker_enabled=N, on "
		 "zram.\n", &s);
	CHECK(!strcmp(s.workload, "[zswap-workload, usemem, --mib, 1024]") &&
	      !strcmp(s.memory_high, "1350M") && !s.memory_max[0] &&
	      !strcmp(param(&s, "accept_threshold_percent"), "90") &&
	      !strcmp(param(&s, "shrinker_enabled"), "N") && !strcmp(s.swap, "zram"),
	      "usemem: %s, high %s, accept %s, shrinker %s, swap %s", s.workload,
	      s.memory_high, param(&s, "accept_threshold_percent"),
	      param(&s, "shrinker_enabled"), s.swap);

	setup_of("The sysbench OLTP run on MySQL, 16 vCPUs.\n", &s);
	CHECK(!s.workload[0] && strstr(s.why, "oltp.sh") && !strcmp(s.machine, "16 CPUs"),
	      "sysbench: no stand-in, the reason (%s), machine %s", s.why, s.machine);

	setup_of("- zpool = zswap_find_zpool(entry);\nwith the shrinker on and "
		 "without the shrinker.\n", &s);
	CHECK(!param(&s, "zpool")[0] && !param(&s, "shrinker_enabled")[0],
	      "code is no parameter, two shrinker states give none (%s, %s)",
	      param(&s, "zpool"), param(&s, "shrinker_enabled"));
}

/* The parameter named without a value is the shrinker on (Chengming
 * Zhou's lru letter, kernel/series/007); with one, or as code, not so. */
static void test_shrinker_named(void)
{
	struct letter_setup s;

	setup_of("Testing using kernel build in tmpfs, one 50GB swapfile and\n"
		 "zswap shrinker_enabled, with memory.max set to 2GB.\n", &s);
	CHECK(!strcmp(param(&s, "shrinker_enabled"), "Y"),
	      "'zswap shrinker_enabled,': on (%s)", param(&s, "shrinker_enabled"));
	setup_of("with shrinker_enabled=N as the base\n", &s);
	CHECK(!strcmp(param(&s, "shrinker_enabled"), "N"),
	      "shrinker_enabled=N: off (%s)", param(&s, "shrinker_enabled"));
	setup_of("if (zswap_shrinker_enabled && ...)\n", &s);
	CHECK(!strcmp(param(&s, "shrinker_enabled"), ""),
	      "code naming the variable: nothing (%s)", param(&s, "shrinker_enabled"));
}

/* A draft carries the keys; claims setup reads them as the experiment. */
static void test_draft_setup(void)
{
	const char *text =
		"Subject: [PATCH] mm: zswap: a change\n\n"
		"Kernel build, make -j8, in a cgroup with memory.max=1G, "
		"zswap shrinker enabled.\n\n"
		"            base      patched\n"
		"real        120.5     110.2\n"
		"sys         400.1     380.7\n";
	struct draft_stats st;
	struct claims c;
	char *out = test_draft_read_back("setup.txt", text, strlen(text), &st, &c);

	CHECK(out != NULL, "the draft reads back");
	if (!out)
		return;
	CHECK(strstr(out, "memory_max: 1G") && strstr(out, "shrinker_enabled: \"Y\"") &&
	      strstr(out, "workload: [zswap-workload, build, --jobs, 8]"),
	      "the draft's setup keys:\n%s", out);
	CHECK(c.setup.full.memory_max_mib == 1024 && c.setup.has_scaled &&
	      c.setup.scaled.memory_max_mib == 48 &&
	      !strcmp(c.setup.scaled.words[1], "build") &&
	      !strcmp(c.setup.scaled.zswap.kv[0][1], "Y"),
	      "its experiment: max %ld, scaled max %ld, %s, shrinker %s",
	      c.setup.full.memory_max_mib, c.setup.scaled.memory_max_mib,
	      c.setup.scaled.words[1], c.setup.scaled.zswap.kv[0][1]);
	claims_free(&c);
	free(out);
}

void test_letter_setup(void)
{
	test_words();
	test_shrinker_named();
	test_draft_setup();
}
