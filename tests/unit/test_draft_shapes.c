// SPDX-License-Identifier: GPL-2.0
/*
 * Shapes of linux-mm letters `zswap-gate claims draft` reads (issue 46):
 * a heading, a blank line and its "label: value" lines; the arms of one
 * comparison in tables of their own with Start/End/Delta columns; a
 * Delta column of absolute changes; a transposed table with units in
 * its header. Each letter is an excerpt in the shape the list uses.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "claims.h"
#include "claims_draft.h"
#include "counters.h"
#include "harness.h"


/* Headings, a blank line under each, then the block. */
static void test_blocks_blank_line(void)
{
	const char *text =
		"[PATCH v2 0/2] mm: zswap: second chance algorithm for the shrinker\n"
		"\n"
		"Kernel build, make -j32, in a cgroup with memory.max=2G:\n"
		"\n"
		"With the old shrinker:\n"
		"\n"
		"real: 263.89s\n"
		"user: 4318.11s\n"
		"sys: 673.29s\n"
		"swapins: 227300.5\n"
		"\n"
		"With the second chance algorithm:\n"
		"\n"
		"real: 244.85s\n"
		"user: 4327.22s\n"
		"sys: 664.39s\n"
		"swapins: 94663\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("blocks-blank", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 4 &&
	      !strcmp(c.tables[0].col[0], "With the old shrinker") &&
	      !strcmp(c.tables[0].col[1], "With the second chance algorithm"),
	      "two headed blocks with blank lines: one table, a column per block");
	r = c.nr_tables ? test_row_named(&c.tables[0], "swapins") : NULL;
	CHECK(r && r->q[0].mean == 227300.5 && r->q[1].mean == 94663 &&
	      !strcmp(r->metric[0], "pswpin"), "swapins 227300.5 -> 94663, pswpin");
	r = c.nr_tables ? test_row_named(&c.tables[0], "real") : NULL;
	CHECK(r && r->q[0].mean == 263.89 && !strcmp(r->unit, "s"), "real 263.89 s");
	claims_free(&c);
}

/* Values spelled "mean: X, stdev: Y"; a heading without its colon after the first. */
static void test_blocks_mean_stdev(void)
{
	const char *text =
		"[PATCH] vswap: fix the free path\n"
		"\n"
		"Baseline (6.19):\n"
		"\n"
		"real: mean: 190.93s, stdev: 5.09s\n"
		"throughput: mean: 382093 KB/s, stdev: 11173.6 KB/s\n"
		"\n"
		"VSS with this patch:\n"
		"real: mean: 187.66s, stdev: 5.67s\n"
		"throughput: mean: 387506.4 KB/s, stdev: 12556.56 KB/s\n"
		"\n"
		"New Design (Static Partition)\n"
		"real: mean: 184.5s\n"
		"throughput: 380000 KB/s\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("blocks-mean-stdev", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 3 &&
	      !strcmp(c.tables[0].col[0], "Baseline (6.19)") &&
	      !strcmp(c.tables[0].col[2], "New Design (Static Partition)"),
	      "three blocks, the last heading without its colon: three arms");
	r = c.nr_tables ? test_row_named(&c.tables[0], "real") : NULL;
	CHECK(r && r->q[0].mean == 190.93 && r->q[0].has_sd && r->q[0].sd == 5.09 &&
	      r->q[1].mean == 187.66 && r->q[2].mean == 184.5 && !r->q[2].has_sd,
	      "'mean: 190.93s, stdev: 5.09s': the mean quoted, the stdev its sd");
	r = c.nr_tables ? test_row_named(&c.tables[0], "throughput") : NULL;
	CHECK(r && r->q[1].mean == 387506.4 && r->q[1].sd == 12556.56 &&
	      r->q[2].mean == 380000, "'mean: 387506.4 KB/s, stdev: 12556.56 KB/s'");
	claims_free(&c);
}

/*
 * "X unit (stdev N)" values under headings with a note of changes
 * ("(3.8%, 0.5% better)"), which is no part of the arm's name.
 */
static void test_blocks_stdev_in_parens(void)
{
	const char *text =
		"Test (average of 18 test run):\n"
		"\n"
		"6.19:\n"
		"Throughput: 618.49 MB/s (stdev 31.3)\n"
		"Free latency: 5754780.50us (stdev 69542.7)\n"
		"\n"
		"swap-table-p3 (3.8%, 0.5% better):\n"
		"Throughput: 642.02 MB/s (stdev 25.1)\n"
		"Free latency: 5728544.16us (stdev 48592.51)\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("blocks-stdev-parens", text, &c))
		return;
	CHECK(test_one_table_of(&c, "6.19", "swap-table-p3"),
	      "arms '6.19' and 'swap-table-p3', the note of changes left out");
	r = c.nr_tables ? test_row_named(&c.tables[0], "Free latency") : NULL;
	CHECK(r && r->q[0].mean == 5754780.50 && r->q[0].sd == 69542.7 &&
	      r->q[1].mean == 5728544.16, "'5754780.50us (stdev 69542.7)'");
	claims_free(&c);
}

/*
 * Bullet headings over tab-indented time(1) lines, meminfo's "Zswap:  N
 * kB <-- note" and vmstat's "zswpin N" one blank from its name.
 */
static void test_blocks_bullets_time(void)
{
	const char *text =
		"E. g. on a kernel compilation:\n"
		"\n"
		"* zsmalloc/zstd/make -j32 bzImage\n"
		"\treal\t8m0.594s\n"
		"\tsys\t8m24.262s\n"
		"\tZswap:            200600 kB <-- after build completion\n"
		"\tzswpin 309774\n"
		"\n"
		"* zblock/zstd/make -j32 bzImage\n"
		"\treal\t7m35.546s\n"
		"\tsys\t7m47.407s\n"
		"\tZswap:            250940 kB <-- after build completion\n"
		"\tzswpin 248606\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("blocks-bullets", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 4 &&
	      !strcmp(c.tables[0].col[1], "zblock/zstd/make -j32 bzImage"),
	      "two bullet headings: two arms, four rows (%zu tables)", c.nr_tables);
	r = c.nr_tables ? test_row_named(&c.tables[0], "real") : NULL;
	CHECK(r && fabs(r->q[0].mean - 480.594) < 1e-9 && fabs(r->q[1].mean - 455.546) < 1e-9,
	      "'real\\t8m0.594s' as 480.594 seconds");
	r = c.nr_tables ? test_row_named(&c.tables[0], "Zswap") : NULL;
	CHECK(r && r->q[0].mean == 200600 && r->q[1].mean == 250940,
	      "'Zswap: 200600 kB <-- note': the note left out");
	r = c.nr_tables ? test_row_named(&c.tables[0], "zswpin") : NULL;
	CHECK(r && r->q[0].mean == 309774 && r->q[1].mean == 248606, "'zswpin 309774'");
	claims_free(&c);
}

/* "Sys time: X, Real time: Y": two pairs of a line; a line of words between blocks. */
static void test_blocks_pairs_on_a_line(void)
{
	const char *text =
		"(avg of 4 test run)\n"
		"Before:\n"
		"Sys time: 73578.30, Real time: 864.05\n"
		"tiem make -j96 / 1G memcg, 4K pages, 10G ZRAM:\n"
		"After: (-54.7% sys time, -49.3% real time)\n"
		"Sys time: 33314.76, Real time: 437.67\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("blocks-pairs", text, &c))
		return;
	CHECK(test_one_table_of(&c, "Before", "After"),
	      "Before and After, a heading with a note of changes after its colon");
	r = c.nr_tables ? test_row_named(&c.tables[0], "Real time") : NULL;
	CHECK(r && r->q[0].mean == 864.05 && r->q[1].mean == 437.67,
	      "'Real time' 864.05 -> 437.67, the second pair of its line");
	claims_free(&c);
}

/* An arm a line: "Before:  sys time: X  real time: Y", changes after the values. */
static void test_arm_lines(void)
{
	const char *text =
		"Using ZSWAP with 32G NVMEs in a 48c VM, make -j48:\n"
		"\n"
		"Before:  sys time: 2069.53s            real time: 135.76s\n"
		"After:   sys time: 2021.13s (-2.34%)   real time: 134.23s (-1.12%)\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("arm-lines", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 2 &&
	      !strcmp(c.tables[0].col[0], "Before") && !strcmp(c.tables[0].col[1], "After"),
	      "two lines, each an arm: Before and After, two rows");
	r = c.nr_tables ? test_row_named(&c.tables[0], "real time") : NULL;
	CHECK(r && r->q[0].mean == 135.76 && r->q[1].mean == 134.23 &&
	      !strcmp(r->metric[0], "wall_time_s"), "'real time' 135.76 -> 134.23, wall_time_s");
	claims_free(&c);
}

/* An arm a line whose value's unit is its only name: the unit labels the row. */
static void test_arm_lines_unit(void)
{
	const char *text =
		"Average result of 6 runs:\n"
		"\n"
		"Before:         1200.50 Ops/sec\n"
		"After patch:    1250.25 Ops/sec (+4.1%)\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("arm-lines-unit", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 &&
	      !strcmp(c.tables[0].col[1], "After patch"), "two arms, Before and After patch");
	r = c.nr_tables ? test_row_named(&c.tables[0], "Ops/sec") : NULL;
	CHECK(r && r->q[0].mean == 1200.50 && r->q[1].mean == 1250.25,
	      "'Ops/sec' 1200.50 -> 1250.25");
	claims_free(&c);
}

/* "Patched: 38629.7 mbps (-3.9%)": an arm, one blank, a value and its unit. */
static void test_arm_lines_one_blank(void)
{
	const char *text =
		"netperf, 100 runs, the mean throughput:\n"
		"Base: 40198.0 mbps\n"
		"Patched: 38629.7 mbps (-3.9%)\n";
	const char *meminfo =
		"MemTotal: 16318412 kB\n"
		"MemFree: 10001100 kB\n";
	struct claims c;
	const struct claim_row *r;

	if (test_drafted("arm-lines-one-blank", text, &c)) {
		CHECK(test_one_table_of(&c, "Base", "Patched"), "two arms, Base and Patched");
		r = c.nr_tables ? test_row_named(&c.tables[0], "mbps") : NULL;
		CHECK(r && r->q[0].mean == 40198.0 && r->q[1].mean == 38629.7 &&
		      r->has_change[0] && r->change_pct[0] == -3.9,
		      "'mbps' 40198.0 -> 38629.7 (-3.9%%)");
		claims_free(&c);
	}
	/* names of no configuration are no arms: meminfo's lines */
	CHECK(test_no_table("meminfo", meminfo), "meminfo's lines: no table found");
}

/* "system  1479.381 : 1376.89 ...": a mean, then its runs, wrapped. */
static void test_blocks_mean_colon_runs(void)
{
	const char *text =
		"Kernel build, 5 runs, the mean then each run:\n"
		"\n"
		"With:\n"
		"real    126.2 : 125.1 127.0 126.9 126.2\n"
		"system  1411.205 : 1376.10 1390.22 1422.33\n"
		"        1437.27\n"
		"\n"
		"Without:\n"
		"real    128.4 : 127.1 129.0 128.9 128.2\n"
		"system  1479.381 : 1376.89 1398.22 1512.33\n"
		"        1579.36\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("blocks-mean-colon-runs", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 2 &&
	      !strcmp(c.tables[0].col[0], "With"), "one table, With | Without, two rows");
	r = c.nr_tables ? test_row_named(&c.tables[0], "system") : NULL;
	CHECK(r && r->q[0].mean == 1411.205 && r->q[1].mean == 1479.381 &&
	      !strcmp(r->metric[0], "cpu_sys_s"),
	      "'system' the means 1411.205 -> 1479.381, cpu_sys_s; no run a cell");
	claims_free(&c);
}

/* time(1)'s line per run under each arm, a "Summary:" block after each. */
static void test_blocks_runs_then_summary(void)
{
	const char *text =
		"Kernel build, 2 runs each.\n"
		"\n"
		"Without:\n"
		"2011.22user 1479.38system 2:08.40elapsed 2718%CPU\n"
		"2013.10user 1482.01system 2:08.90elapsed 2720%CPU\n"
		"\n"
		"Summary:\n"
		"User: 2012.16\n"
		"System: 1480.70\n"
		"\n"
		"With:\n"
		"2010.22user 1411.38system 2:06.40elapsed 2718%CPU\n"
		"2011.10user 1412.01system 2:06.90elapsed 2720%CPU\n"
		"\n"
		"Summary (~4.6% improvement of system time):\n"
		"User: 2010.66\n"
		"System: 1411.70\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("blocks-runs-summary", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 2 &&
	      !strcmp(c.tables[0].col[0], "Without") && !strcmp(c.tables[0].col[1], "With"),
	      "one table, arms Without | With (the summaries' arms), two rows");
	r = c.nr_tables ? test_row_named(&c.tables[0], "System") : NULL;
	CHECK(r && r->q[0].mean == 1480.70 && r->q[1].mean == 1411.70,
	      "'System' the summaries' 1480.70 -> 1411.70, no run a cell");
	claims_free(&c);
}

/* "sys time: 1479.38s vs 1411.38s (-4.6%)"; "Before: real 131.2s, sys 1479.4s" */
static void test_vs_rows_and_comma_arms(void)
{
	const char *vs =
		"Kernel build (average of 5 runs):\n"
		"\n"
		"sys time: 1479.38s vs 1411.38s (-4.6%)\n"
		"real time: 128.4s vs. 126.4s (-1.5%)\n";
	const char *arms =
		"Before: real 131.2s, user 2011.1s, sys 1479.4s\n"
		"After:  real 129.9s, user 2010.1s, sys 1411.4s\n";
	struct claims c;
	const struct claim_row *r;

	if (test_drafted("vs-rows", vs, &c)) {
		r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "sys time") : NULL;
		CHECK(r && r->q[0].mean == 1479.38 && r->q[1].mean == 1411.38 &&
		      r->has_change[0] && r->change_pct[0] == -4.6,
		      "'sys time: 1479.38s vs 1411.38s (-4.6%%)' a row of two values");
		claims_free(&c);
	}
	if (test_drafted("comma-arms", arms, &c)) {
		CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 &&
		      c.tables[0].nr_rows == 3 && !strcmp(c.tables[0].col[1], "After"),
		      "an arm a line, pairs ', ' apart: Before | After, three rows");
		r = c.nr_tables ? test_row_named(&c.tables[0], "sys") : NULL;
		CHECK(r && r->q[0].mean == 1479.4 && r->q[1].mean == 1411.4,
		      "'sys' 1479.4 -> 1411.4");
		claims_free(&c);
	}
}

/* Tab-separated cells one blank apart once expanded; redis-benchmark's lines. */
static void test_tabs_and_redis(void)
{
	const char *tabs =
		"Test\tBase\tPatched\tDiff\n"
		"usemem 16x1G\t1234567\t1334567\t+8.1%\n"
		"kernel build sys\t1479.38\t1411.38\t-4.6%\n";
	const char *redis =
		"Before:\n"
		"SET: 123456.78 requests per second, p50=0.199 msec\n"
		"GET: 145678.90 requests per second, p50=0.167 msec\n"
		"\n"
		"After:\n"
		"SET: 133456.78 requests per second, p50=0.191 msec\n"
		"GET: 155678.90 requests per second, p50=0.159 msec\n";
	struct claims c;
	const struct claim_row *r;

	if (test_drafted("tab-cells", tabs, &c)) {
		CHECK(test_one_table_of(&c, "Base", "Patched"),
		      "a tab one blank wide still parts cells: Base | Patched");
		r = c.nr_tables ? test_row_named(&c.tables[0], "usemem 16x1G") : NULL;
		CHECK(r && r->q[0].mean == 1234567 && r->q[1].mean == 1334567 &&
		      r->has_change[0] && r->change_pct[0] == 8.1,
		      "'usemem 16x1G' 1234567 -> 1334567 (+8.1%%)");
		claims_free(&c);
	}
	if (test_drafted("redis-lines", redis, &c)) {
		r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "SET") : NULL;
		CHECK(r && r->q[0].mean == 123456.78 && r->q[1].mean == 133456.78 &&
		      !strcmp(r->unit, "requests/s"),
		      "'SET: 123456.78 requests per second, p50=...' 123456.78 requests/s");
		claims_free(&c);
	}
}

/* ministat(1)'s comparison: the legend's sets as arms, Stddev the Avg's spread. */
static void test_ministat(void)
{
	const char *text =
		"Per-class compaction comparison (T-test)\n"
		"\n"
		"x Old grouping\n"
		"+ New grouping\n"
		"+--------------------------------------------------+\n"
		"|     x  +                                         |\n"
		"+--------------------------------------------------+\n"
		"    N           Min           Max        Median           Avg        Stddev\n"
		"x 140           349          3513          2461     2314.1214     806.03271\n"
		"+ 140           289          2778          2006     1878.1714     641.02073\n"
		"Difference at 95.0% confidence\n"
		"        -435.95 +/- 170.595\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("ministat", text, &c))
		return;
	CHECK(test_one_table_of(&c, "Old grouping", "New grouping"), "ministat: the legend's sets as arms");
	r = c.nr_tables ? test_row_named(&c.tables[0], "Avg") : NULL;
	CHECK(r && r->q[0].mean == 2314.1214 && r->q[0].sd == 806.03271 &&
	      r->q[1].mean == 1878.1714, "ministat: Avg 2314.1214 (sd 806.03271) -> 1878.1714");
	claims_free(&c);
}

/* Arms named by sentences; a prompt after "~"; blocks of one pair. */
static void test_blocks_sentences_prompt_one_pair(void)
{
	const char *prose =
		"In the original implementation the contention is heavy, as\n"
		"following,\n"
		"\n"
		"_raw_spin_lock_irq.add_to_swap_cache:      7.91\n"
		"_raw_spin_lock.swapcache_free_entries:     2.51\n"
		"_raw_spin_lock_irq.shrink_inactive_list:   1.29\n"
		"\n"
		"After applying this patch, it becomes,\n"
		"\n"
		"_raw_spin_lock.swapcache_free_entries:     3.58\n"
		"_raw_spin_lock_irq.shrink_inactive_list:   2.3\n";
	const char *prompt =
		"Typical time w/o patch:\n"
		" ~ # time taskset -c 4 ./a.out\n"
		" 0.21user 14.34system 0:14.69elapsed\n"
		"w/ patch:\n"
		" ~ # time taskset -c 4 ./a.out\n"
		" 0.22user 13.45system 0:13.80elapsed\n";
	const char *lone =
		"Old grouping, old algorithm:\n"
		"323977 memcpy() in zs_object_copy().\n"
		"\n"
		"New grouping, new algorithm:\n"
		"213978 memcpy() in zs_object_copy().\n";
	struct claims c;
	const struct claim_row *r;

	if (test_drafted("prose-blocks", prose, &c)) {
		CHECK(test_one_table_of(&c, "Before", "After"),
		      "blocks under sentences: Before | After");
		r = c.nr_tables ? test_row_named(&c.tables[0], "_raw_spin_lock_irq.add_to_swap_cache") : NULL;
		CHECK(r && r->q[0].mean == 7.91 && !r->q[1].present,
		      "a row the second block lacks is empty there");
		claims_free(&c);
	}
	if (test_drafted("prompt-blocks", prompt, &c)) {
		r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "elapsed") : NULL;
		CHECK(r && r->q[0].mean == 14.69 && r->q[1].mean == 13.80 &&
		      !strcmp(c.tables[0].col[1], "w/ patch"),
		      "'~ # time ...' then time(1)'s line: elapsed 14.69 -> 13.80");
		claims_free(&c);
	}
	if (test_drafted("one-pair-blocks", lone, &c)) {
		r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "memcpy() in zs_object_copy()") : NULL;
		CHECK(r && r->q[0].mean == 323977 && r->q[1].mean == 213978,
		      "blocks of one pair, a number then its words");
		claims_free(&c);
	}
}

/* Arms a line: pairs one blank apart, names before a counter, names bare. */
static void test_arm_lines_shapes(void)
{
	const char *run =
		"Before: user time 2904.59s system time 4773.99s\n"
		"After:  user time 2909.38s system time 4641.55s (2.77% better)\n";
	const char *prefixed =
		"case1(reclaimer's node) vm-scalability.throughput: 10574 KB/s\n"
		"case2(page's node)      vm-scalability.throughput: 10567 KB/s\n";
	const char *pairs =
		"w/o patch:\n"
		"Time taken by reclamation: 0.177418 seconds, split_deferred: 2048\n"
		"Time taken by reclamation: 0.178348 seconds, split_deferred: 2048\n"
		"...\n"
		"\n"
		"w/ patch:\n"
		"~ # ./a.out\n"
		"Time taken by reclamation: 0.074231 seconds, split_deferred: 0\n"
		"Time taken by reclamation: 0.071026 seconds, split_deferred: 0\n"
		"Time taken by reclamation: 0.071030 seconds, split_deferred: 0\n";
	const char *bare =
		"Results (netperf):\n"
		"1. 6.0-rc1\t\t10482.7 Mbps\n"
		"2. 6.0-rc1 + (A)\t14542.5 Mbps (-32.9%)\n";
	const char *quantities =
		"                                   Num of Iter    Speed(MB/s)\n"
		"Looping-Forward (Orig)                 38            99265\n"
		"Last-element-check (This Patch)        33           125072\n";
	struct claims c;
	const struct claim_row *r;

	if (test_drafted("run-pairs", run, &c)) {
		r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "system time") : NULL;
		CHECK(r && r->q[0].mean == 4773.99 && r->q[1].mean == 4641.55,
		      "'user time X system time Y': system time 4773.99 -> 4641.55");
		claims_free(&c);
	}
	if (test_drafted("prefixed-arms", prefixed, &c)) {
		CHECK(c.nr_tables == 1 && !strcmp(c.tables[0].col[0], "case1(reclaimer's node)"),
		      "an arm's name before its counter's");
		r = c.nr_tables ? test_row_named(&c.tables[0], "vm-scalability.throughput") : NULL;
		CHECK(r && r->q[0].mean == 10574 && r->q[1].mean == 10567, "10574 -> 10567");
		claims_free(&c);
	}
	/* a pair before a counter's is no arm's name: a run a line, per table */
	if (test_drafted("runs-a-line", pairs, &c)) {
		CHECK(c.nr_tables == 2 && c.tables[1].nr_cols == 2 &&
		      !strcmp(c.tables[1].col[0], "w/o patch"),
		      "'Time taken: 0.177418 seconds, split_deferred: 2048' a run a line: "
		      "a table per run, the arms the headings (%zu tables)", c.nr_tables);
		r = c.nr_tables == 2 ? test_row_named(&c.tables[1], "split_deferred") : NULL;
		CHECK(r && r->q[0].mean == 2048 && r->q[1].mean == 0,
		      "the second run's split_deferred 2048 -> 0, the third after '...' none");
		claims_free(&c);
	}
	if (test_drafted("bare-arms", bare, &c)) {
		r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "Mbps") : NULL;
		CHECK(r && !strcmp(c.tables[0].col[1], "6.0-rc1 + (A)") &&
		      r->q[0].mean == 10482.7 && r->q[1].mean == 14542.5,
		      "kernels' names bare before their values: Mbps 10482.7 -> 14542.5");
		claims_free(&c);
	}
	if (test_drafted("quantity-columns", quantities, &c)) {
		r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "Speed(MB/s)") : NULL;
		CHECK(r && c.tables[0].nr_cols == 2 && r->q[0].mean == 99265 &&
		      r->q[1].mean == 125072,
		      "columns of quantities, rows of configurations: turned");
		claims_free(&c);
	}
}

/* An arm's name over a header and one line of values, twice; one-row tables per arm. */
static void test_records_and_one_row_arms(void)
{
	const char *records =
		">> base: mm-unstable\n"
		">> user-time    sys_time    faults_per_sec\n"
		">> 0.04s        3.10s       2669684.890\n"
		">>\n"
		">> mm-unstable + patchset\n"
		">> user-time    sys_time    faults_per_sec\n"
		">> 0.08s        0.31s       17082522.495\n";
	const char *one_row =
		"Without:\n"
		"tasks   processes       threads\n"
		"16      8283274.75      5594261.00\n"
		"\n"
		"With:\n"
		"tasks   processes       threads\n"
		"16      8767010.50      5791312.75\n";
	struct claims c;
	const struct claim_row *r;

	if (test_drafted("records", records, &c)) {
		CHECK(test_one_table_of(&c, "mm-unstable", "mm-unstable + patchset"),
		      "records: the arms' names ('base: ' the role, dropped)");
		r = c.nr_tables ? test_row_named(&c.tables[0], "sys_time") : NULL;
		CHECK(r && r->q[0].mean == 3.10 && r->q[1].mean == 0.31,
		      "records: sys_time 3.10 -> 0.31");
		claims_free(&c);
	}
	if (test_drafted("one-row-arms", one_row, &c)) {
		r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "processes") : NULL;
		CHECK(r && !strcmp(c.tables[0].col[0], "Without") &&
		      r->q[0].mean == 8283274.75 && r->q[1].mean == 8767010.50,
		      "one-row tables under Without:/With: joined: processes per arm");
		claims_free(&c);
	}
}

/* "key value" tables per arm joined; "label: X  Y" rows; delta then ratio(%). */
static void test_key_values_colon_rows_ratio(void)
{
	const char *keyed =
		"- With vanilla 5.6.0-rc3\n"
		"\n"
		"echo 0 | sudo tee /sys/kernel/mm/compaction/node-*/proactiveness\n"
		"\n"
		"  percentile latency\n"
		"  ------------------\n"
		"\t   5    7894\n"
		"\t  10    9496\n"
		"\t  25   12561\n"
		"\n"
		"- With 5.6.0-rc3 + this patch\n"
		"\n"
		"  percentile latency\n"
		"  ------------------\n"
		"\t   5       2\n"
		"\t  10       2\n"
		"\t  25       3\n";
	const char *colon =
		"memcached:\n"
		"                Ops/sec      KB/sec\n"
		"      patch1-6: 1106168.46   43025.04\n"
		"      patch1-7: 1147696.57   44640.29\n";
	const char *ratio =
		"                         A          B      delta   ratio(%)\n"
		"   allocstall_movable  1464        457      -1007     -69.00\n"
		"   allocstall_normal 263210     190763     -72447     -28.00\n";
	struct claims c;
	const struct claim_row *r;

	if (test_drafted("key-values", keyed, &c)) {
		r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "10") : NULL;
		CHECK(r && !strcmp(c.tables[0].col[0], "With vanilla 5.6.0-rc3") &&
		      r->q[0].mean == 9496 && r->q[1].mean == 2,
		      "an arm's 'key value' table under its name, joined: '10' 9496 -> 2");
		claims_free(&c);
	}
	if (test_drafted("colon-rows", colon, &c)) {
		r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "Ops/sec") : NULL;
		CHECK(r && r->q[0].mean == 1106168.46 && r->q[1].mean == 1147696.57,
		      "'patch1-6: X  Y': the first value one blank after the colon");
		claims_free(&c);
	}
	if (test_drafted("delta-ratio", ratio, &c)) {
		CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 &&
		      !strcmp(c.tables[0].col[1], "B"), "'delta' and 'ratio(%%)' both leave the arms");
		claims_free(&c);
	}
}

/* format=flowed: a mailer's soft breaks inside a table's rows undone. */
static void test_format_flowed(void)
{
	const char *flowed_unsaid =
		"From: Someone <someone@example.com>\n"
		"Subject: Re: [PATCH 0/4] mm: compaction fix\n"
		"\n"
		"I have run mmtests usemem on the three kernels, here is the \n"
		"result (only the usemem part, the rest of the report below \n"
		"holds nothing the series changes):\n"
		"\n"
		"usemem\n"
		"                       6.4.0-rc2              6.4.0-rc2-compactfix \n"
		"6.4.0-rc2-revert\n"
		"Amean     syst-1      102.18 (   0.00%)       98.98 *   3.13%* \n"
		"96.96 *   5.10%*\n"
		"Amean     elsp-1      220.57 (   0.00%)      215.96 *   2.09%* \n"
		"212.49 *   3.67%*\n";
	const char *text =
		"From: Someone <someone@example.com>\n"
		"Subject: Re: [PATCH 0/4] mm: compaction fix\n"
		"Content-Type: text/plain; charset=UTF-8; format=flowed\n"
		"\n"
		"usemem\n"
		"                       6.4.0-rc2              6.4.0-rc2-compactfix \n"
		"6.4.0-rc2-revert\n"
		"Amean     syst-1      102.18 (   0.00%)       98.98 *   3.13%* \n"
		"96.96 *   5.10%*\n"
		"Amean     elsp-1      220.57 (   0.00%)      215.96 *   2.09%* \n"
		"212.49 *   3.67%*\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("format-flowed", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 3 &&
	      !strcmp(c.tables[0].col[2], "6.4.0-rc2-revert"),
	      "format=flowed: the header's third arm joined back");
	r = c.nr_tables ? test_row_named(&c.tables[0], "Amean syst-1") : NULL;
	CHECK(r && r->q[0].mean == 102.18 && r->q[2].mean == 96.96,
	      "format=flowed: 'Amean syst-1' 102.18 ... 96.96, its third value joined back");
	claims_free(&c);
	/* the same saved without its Content-Type: its soft breaks tell */
	if (!test_drafted("format-flowed-unsaid", flowed_unsaid, &c))
		return;
	r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "Amean elsp-1") : NULL;
	CHECK(r && c.tables[0].nr_cols == 3 && r->q[2].mean == 212.49,
	      "no Content-Type, most long lines soft-broken: read as flowed");
	claims_free(&c);
}

/* One header over sections under sub-headings; rows named by patch ranges. */
static void test_sections_under_one_header(void)
{
	const char *text =
		"  Applied patches   Run time   Accounting overhead   %age 1\n"
		"  ---------------   --------   -------------------   ------\n"
		"\n"
		"  Small 32-byte object:\n"
		"       None          11.634s         8.504s          100.0%\n"
		"        1-2           9.425s         6.295s           74.0%\n"
		"\n"
		"  Large 4k object:\n"
		"       None          22.107s        18.977s          100.0%\n"
		"        1-2          20.960s        17.830s           94.0%\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("sections", text, &c))
		return;
	CHECK(c.nr_tables == 2 && c.tables[1].nr_cols == 2 &&
	      !strcmp(c.tables[1].col[0], "None") && !strcmp(c.tables[1].col[1], "1-2"),
	      "two sections, each a table of the arms None | 1-2 (turned)");
	r = c.nr_tables == 2 ? test_row_named(&c.tables[1], "Run time") : NULL;
	CHECK(r && r->q[0].mean == 22.107 && r->q[1].mean == 20.960 &&
	      strstr(c.tables[1].title, "Large 4k object"),
	      "the second section under the first's header: Run time 22.107 -> 20.960");
	claims_free(&c);
}

/* A header over a rule is no text row; an arm's unit in its name; "saved". */
static void test_header_units_saved(void)
{
	const char *text =
		"# Test result\n"
		"        test          no patch(ms)   patched(ms)   saved\n"
		" ------------------- -------------- ------------- --------\n"
		"  256c2t(4 node) 2M           2624           956   63.57%\n"
		"  256c2t(4 node) 1G           2679          1582   40.95%\n";
	const char *key_column =
		"| ORDER | SIZE | NUM_OBJS | ORIGIN |\n"
		"| ----------- | ------- | ---------------- | ---------- |\n"
		"| 3            | 32KB | 13                | 8           |\n"
		"| 2            | 16KB | 6                  | 4           |\n"
		"| 1            | 8KB   | 3                  | 2           |\n";
	const char *one_blank =
		"768M memcg (sustained swap thrash):\n"
		"metric mm-new + bypass delta\n"
		"build time (s) 405.0 341.7 -15.6%\n"
		"zswap-in (GB) 79.5 53.0 -33%\n";
	const char *lock_report =
		"perf lock report:\n"
		"                Name   contended   avg wait (ns) total wait (ns)\n"
		"&(ptlock_ptr(pag...           0               0       0\n"
		"&(&pgdat->lru_lo...           7           12728       89096\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("header-units", text, &c))
		return;
	CHECK(test_one_table_of(&c, "no patch", "patched"),
	      "arms 'no patch' | 'patched', their unit out of their names, 'saved' no arm");
	r = c.nr_tables ? test_row_named(&c.tables[0], "256c2t(4 node) 2M") : NULL;
	CHECK(r && r->q[0].mean == 2624 && r->q[1].mean == 956 && !strcmp(r->unit, "ms"),
	      "2624 ms -> 956 ms");
	claims_free(&c);
	/* a parameter's column after the label's: no arm */
	if (test_drafted("key-column", key_column, &c)) {
		CHECK(test_one_table_of(&c, "NUM_OBJS", "ORIGIN"),
		      "'ORDER | SIZE | NUM_OBJS | ORIGIN': SIZE goes with the label, the arms NUM_OBJS | ORIGIN");
		r = c.nr_tables ? test_row_named(&c.tables[0], "3") : NULL;
		CHECK(r && r->q[0].mean == 13 && r->q[1].mean == 8, "order 3: 13 against 8");
		claims_free(&c);
	}
	/* words one blank apart, a lone '+' of the patched arm's name */
	if (test_drafted("header-one-blank-plus", one_blank, &c)) {
		CHECK(test_one_table_of(&c, "mm-new", "+ bypass"),
		      "'metric mm-new + bypass delta': the arms mm-new | + bypass");
		claims_free(&c);
	}
	/* perf lock report's names one blank apart after a unit */
	if (!test_drafted("header-units-one-blank", lock_report, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 3 &&
	      !strcmp(c.tables[0].col[1], "avg wait") && !strcmp(c.tables[0].col[2], "total wait"),
	      "'avg wait (ns) total wait (ns)': two columns, 'Name' the labels'");
	r = c.nr_tables ? test_row_named(&c.tables[0], "&(&pgdat->lru_lo...") : NULL;
	CHECK(r && r->q[0].mean == 7 && r->q[2].mean == 89096, "contended 7, total wait 89096");
	claims_free(&c);
}

/* A header one blank above its rows; "(3.9%)" changes two blanks after values. */
static void test_header_over_blank_unsigned_changes(void)
{
	const char *text =
		"The test results are as follows:\n"
		"             base           base+revert        base+this patch\n"
		"\n"
		"fork_proc    416.3ms        400.0ms  (3.9%)    398.6ms  (4.2%)\n"
		"exec_proc    2095.9ms       2061.1ms (1.7%)    2047.7ms (2.3%)\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("header-over-blank", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 3 &&
	      !strcmp(c.tables[0].col[2], "base+this patch"),
	      "the header a blank line above: base | base+revert | base+this patch");
	r = c.nr_tables ? test_row_named(&c.tables[0], "fork_proc") : NULL;
	CHECK(r && r->q[0].mean == 416.3 && r->q[1].mean == 400.0 && r->q[2].mean == 398.6,
	      "'400.0ms  (3.9%%)': the value, its unsigned change no cell of its own");
	claims_free(&c);
}

/* Each arm's table of statistics (Average, STDDEV, Call Count): one table of arms. */
static void test_statistics_per_arm(void)
{
	const char *text =
		"Patched\t\t\tAverage clk\tSTDDEV\t\tCall Count\n"
		"consume_stock:\t\t63.75983475\t0.1610502136\t72167768\n"
		"refill_stock:\t\t67.45708322\t0.09732816852\t23401756\n"
		"\n"
		"Upstream\t\tAverage clk\tSTDDEV\t\tCall Count\n"
		"consume_stock:\t\t53.51201046\t0.05200824438\t71866536\n"
		"refill_stock:\t\t65.46991584\t0.1178078417\t23401752\n";
	const char *lone =
		"Patched\t\t\tAverage clk\tSTDDEV\t\tCall Count\n"
		"consume_stock:\t\t63.75983475\t0.1610502136\t72167768\n"
		"refill_stock:\t\t67.45708322\t0.09732816852\t23401756\n";
	struct claims c;
	const struct claim_row *r;

	if (test_drafted("stats-per-arm", text, &c)) {
		CHECK(test_one_table_of(&c, "Patched", "Upstream"), "arms Patched | Upstream");
		r = c.nr_tables ? test_row_named(&c.tables[0], "consume_stock") : NULL;
		CHECK(r && r->q[0].mean == 63.75983475 && r->q[1].mean == 53.51201046 &&
		      r->q[1].sd == 0.05200824438,
		      "each arm's Average its value, STDDEV its spread (no column of statistics an arm)");
		claims_free(&c);
	}
	/* one arm's statistics alone compare nothing: no table */
	CHECK(test_no_table("lone", lone), "one arm's statistics alone: no table");
}

/* A value alone under each arm's heading, the test's name above them. */
static void test_value_alone_under_arms(void)
{
	const char *text =
		"Sequential swapout of 8G 4k zero folios (24 test run):\n"
		"Before this series:\n"
		"5461409.12 us (stdev 183957.827084)\n"
		"\n"
		"After this commit:\n"
		"5420447.26 us (stdev 196419.240317)\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("value-alone", text, &c))
		return;
	r = c.nr_tables == 1 ?
	    test_row_named(&c.tables[0], "Sequential swapout of 8G 4k zero folios (24 test run)") : NULL;
	CHECK(r && !strcmp(c.tables[0].col[1], "After this commit") &&
	      r->q[0].mean == 5461409.12 && r->q[1].mean == 5420447.26,
	      "a value alone per arm, the row named by the test above the arms");
	claims_free(&c);
}

/* Each arm's table of one quantity in several units, under the arm's heading. */
static void test_quantities_per_arm(void)
{
	const char *text =
		"Without cursor (size: 1M, batch: 32)\n"
		"   child        wb_pages        wb_MB     share%\n"
		"   child0           6368        24.88      12.50\n"
		"   child1           6368        24.88      12.50\n"
		"   child2              0         0.00       0.00\n"
		"\n"
		"With cursor (size: 1M, batch: 32)\n"
		"   child        wb_pages        wb_MB     share%\n"
		"   child0           5120        20.00      10.00\n"
		"   child1           5120        20.00      10.00\n"
		"   child2           5120        20.00      10.00\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("quantities-per-arm", text, &c))
		return;
	r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "child2") : NULL;
	CHECK(r && c.tables[0].nr_cols == 2 &&
	      !strcmp(c.tables[0].col[1], "With cursor (size: 1M, batch: 32)") &&
	      r->q[0].mean == 0 && r->q[1].mean == 5120,
	      "one table of the arms, wb_pages each arm's value (no wb_pages vs wb_MB)");
	claims_free(&c);
}

/* A matrix packing "Before / After / Delta" into each cell of two groups. */
static void test_packed_matrix(void)
{
	const char *text =
		"12 test run for each case:\n"
		"\n"
		"   make -j<NR>     |   System Time (seconds)  |   Total Time (seconds)\n"
		" (NR / Mem / ZRAM) | (Before / After / Delta) | (Before / After / Delta)\n"
		" With 4k pages only:\n"
		"  6 / 192M / 3G    |    5258 /  5235 / -0.3%  |    1420 /  1414 / -0.3%\n"
		" 12 / 256M / 4G    |    5518 /  5337 / -3.3%  |     758 /   742 / -2.1%\n"
		" With 64k mTHP:\n"
		" 48 /   1G / 7G    |    8693 /  4662 / -18.7% |     257 /   176 / -31.5%\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("packed-matrix", text, &c))
		return;
	CHECK(c.nr_tables == 2 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 3 &&
	      !strcmp(c.tables[0].col[0], "Before") && !strcmp(c.tables[1].col[1], "After"),
	      "a table per group, Before and After, three rows (%zu tables)", c.nr_tables);
	r = c.nr_tables == 2 ? test_row_named(&c.tables[1], "48 / 1G / 7G") : NULL;
	CHECK(r && r->q[0].mean == 257 && r->q[1].mean == 176,
	      "'48 /   1G / 7G': blanks collapsed, Total Time 257 -> 176");
	r = c.nr_tables == 2 ? test_row_named(&c.tables[0], "6 / 192M / 3G") : NULL;
	CHECK(r && r->q[0].mean == 5258 && r->q[1].mean == 5235, "System Time 5258 -> 5235");
	claims_free(&c);
}

/* The joined-arms case follows; first a grid of "before -> after" cells. */
static void test_arrow_grid(void)
{
	const char *text =
		"Percentage of free_swap_slot() calls by latency, before -> after:\n"
		"\n"
		"\t\t<1us\t\t\t1us-10us\n"
		"machine A\t1.12% -> 0.36%\t50.12% -> 61.20%\n"
		"machine B\t0.80% -> 0.25%\t47.30% -> 55.01%\n"
		"machine C\t2.5% -> 1.1%\t40% -> 44.5%\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("arrow-grid", text, &c))
		return;
	CHECK(c.nr_tables == 2 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 3 &&
	      !strcmp(c.tables[0].col[0], "Before") && !strcmp(c.tables[1].col[1], "After"),
	      "arrow grid: a table per column, Before and After (%zu tables)", c.nr_tables);
	r = c.nr_tables == 2 ? test_row_named(&c.tables[0], "machine A") : NULL;
	CHECK(r && r->q[0].mean == 1.12 && r->q[1].mean == 0.36, "machine A <1us 1.12 -> 0.36");
	r = c.nr_tables == 2 ? test_row_named(&c.tables[1], "machine C") : NULL;
	CHECK(r && r->q[0].mean == 40 && r->q[1].mean == 44.5, "machine C 1us-10us 40 -> 44.5");
	CHECK(c.nr_tables == 2 && strstr(c.tables[1].title, "1us-10us"),
	      "the column's name in its table's title");
	claims_free(&c);
}

/*
 * Arms as rows under each test's name, MEAN/MEDIAN/STDDEV columns: a row
 * per test, its mean; without a MEAN column, a table per test.
 */
static void test_test_sections(void)
{
	const char *text =
		"neper, 20 runs each (higher is better):\n"
		"\n"
		"|                 | MEAN     | MEDIAN   | STDDEV |\n"
		"|-----------------|----------|----------|--------|\n"
		"| tcp_rr          |          |          |        |\n"
		"| (A) base        | 12345.67 | 12300.00 | 120.30 |\n"
		"| (B) patched     | 12100.00 | 12050.00 | 118.10 |\n"
		"|                 | -1.99%   | -2.04%   |\n"
		"| tcp_crr         |          |          |        |\n"
		"| (A) base        | 5000.10  | 4990.00  | 50.00\n"
		"| (B) patched     | 4950.20  | 4950.00  | 51.00\n"
		"|                 | -1.00%   | -0.80%   |\n";
	const char *medians =
		"|                 | MEDIAN   | MAX      |\n"
		"|-----------------|----------|----------|\n"
		"| tcp_rr          |          |          |\n"
		"| (A) base        | 12300.00 | 12400.00 |\n"
		"| (B) patched     | 12050.00 | 12150.00 |\n"
		"| tcp_crr         |          |          |\n"
		"| (A) base        | 4990.00  | 5100.00  |\n"
		"| (B) patched     | 4950.00  | 5000.00  |\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("test-sections", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 2 &&
	      !strcmp(c.tables[0].col[0], "(A) base"),
	      "one table, a row per test, the arms its columns (%zu tables)", c.nr_tables);
	r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "tcp_crr") : NULL;
	CHECK(r && r->q[0].mean == 5000.1 && r->q[1].mean == 4950.2 && r->q[1].sd == 51 &&
	      r->has_change[0] && r->change_pct[0] == -1,
	      "tcp_crr: the MEAN 5000.1 -> 4950.2, the STDDEV its sd, -1.00%% its change");
	claims_free(&c);
	if (!test_drafted("test-sections-no-mean", medians, &c))
		return;
	CHECK(c.nr_tables == 2 && !strcmp(c.tables[1].title, "tcp_crr"),
	      "no MEAN column: a table per test, a row per statistic (%zu tables)", c.nr_tables);
	r = c.nr_tables == 2 ? test_row_named(&c.tables[0], "MEDIAN") : NULL;
	CHECK(r && r->q[0].mean == 12300 && r->q[1].mean == 12050, "tcp_rr MEDIAN");
	claims_free(&c);
}

/* The pre-patch and post-patch arms, each a Start | End | Delta table. */
static void test_joined_arms(void)
{
	const char *text =
		"[PATCH v3 0/6] mm: zswap: global shrinker fix and proactive shrink\n"
		"\n"
		"pre-patch, 6.10-rc4:\n"
		"\n"
		"|                      | Start       | End         | Delta      |\n"
		"|----------------------|-------------|-------------|------------|\n"
		"| pool_total_size      | 0           | 1390829568  | 1390829568 |\n"
		"| zswpin               | 0           | 32025       | 32025      |\n"
		"| zswpout              | 0           | 1090578     | 1090578    |\n"
		"| zswpwb               | 0           | 0           | 0          |\n"
		"\n"
		"post-patch, 6.10-rc4 with patch 1 to 5:\n"
		"\n"
		"|                      | Start       | End         | Delta      |\n"
		"|----------------------|-------------|-------------|------------|\n"
		"| pool_total_size      | 0           | 627654656   | 627654656  |\n"
		"| zswpin               | 0           | 21542       | 21542      |\n"
		"| zswpout              | 0           | 883702      | 883702     |\n"
		"| zswpwb               | 0           | 26376       | 26376      |\n";
	const char *one =
		"[PATCH] mm: zswap: one arm\n"
		"\n"
		"Counters over the run:\n"
		"\n"
		"              Start     End     Delta\n"
		"  zswpin       1000    33025    32025\n"
		"  zswpout       200    90778    90578\n";
	struct claims c;
	const struct claim_row *r;

	if (test_drafted("joined", text, &c)) {
		const struct claim_table *t = &c.tables[0];

		CHECK(c.nr_tables == 1 && t->nr_cols == 2 && t->nr_rows == 4 &&
		      !strcmp(t->col[0], "pre-patch, 6.10-rc4") &&
		      !strcmp(t->col[1], "post-patch, 6.10-rc4 with patch 1 to 5"),
		      "two arm tables joined: the columns are the arms (%zu tables)",
		      c.nr_tables);
		r = c.nr_tables ? test_row_named(t, "zswpin") : NULL;
		CHECK(r && r->q[0].mean == 32025 && r->q[1].mean == 21542 &&
		      fabs(r->change_pct[0] - (21542 - 32025) * 100.0 / 32025) < 1e-9 &&
		      !strcmp(r->metric[0], "zswpin"),
		      "the arms' Delta values; the change derived from them");
		claims_free(&c);
	}
	if (test_drafted("one-arm", one, &c)) {
		r = test_row_named(&c.tables[0], "zswpin");
		/* 1000 -> 33025 is +3202.5%: not the Delta's 32025 */
		CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && r &&
		      r->change_pct[0] == 3202.5 && r->q[1].mean == 33025 &&
		      strstr(r->note, "Delta 32025"),
		      "a Delta column alone: an absolute change in the note, not "
		      "change_pct (%s)", r ? r->note : "no row");
		claims_free(&c);
	}
}

/* Rows of configurations, columns of metrics with units: turned. */
static void test_transposed(void)
{
	const char *text =
		"[PATCH 0/3] mm: zswap: store incompressible pages as is\n"
		"\n"
		"Kernel build test, 5 runs each:\n"
		"\n"
		"|                       | elapsed (s) | user (s) | sys (s) |\n"
		"|-----------------------|-------------|----------|---------|\n"
		"| zswap off (baseline)  | 265.2       | 4301.2   | 671.4   |\n"
		"| With patches 1 to 3   | 251.1       | 4310.7   | 642.1   |\n"
		"| With all patches      | 244.9       | 4327.2   | 630.4   |\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("transposed", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 3 && c.tables[0].nr_rows == 3 &&
	      !strcmp(c.tables[0].col[0], "zswap off (baseline)") &&
	      !strcmp(c.tables[0].col[2], "With all patches"),
	      "configurations as rows: turned into columns");
	r = c.nr_tables ? test_row_named(&c.tables[0], "sys (s)") : NULL;
	CHECK(r && r->q[0].mean == 671.4 && r->q[2].mean == 630.4 &&
	      !strcmp(r->metric[0], "cpu_sys_s") && !strcmp(r->unit, "s"),
	      "sys: a row of the three configurations, unit s from the header");
	claims_free(&c);
}

/*
 * A real reply (tests/fixtures/letters/corpus/): header and cells one
 * blank apart, "multi 2p" a label (not a value 2 in unit p), a Speedup
 * column of "1.05x" to the note.
 */
static void test_one_blank_tables(void)
{
	char path[512], *text;
	const struct claim_row *r;
	struct claims c;
	size_t n;

	snprintf(path, sizeof(path), "%s/letters/corpus/"
		 "zsmalloc-zs-free-latency-reply.txt", fixtures_dir);
	text = read_file_len(path, LETTER_MAX_BYTES, &n);
	CHECK(text != NULL, "%s: readable", path);
	if (!text || !test_drafted("zs-free", text, &c)) {
		free(text);
		return;
	}
	r = c.nr_tables == 2 ? test_row_named(&c.tables[1], "multi 2p") : NULL;
	CHECK(c.nr_tables == 2 && c.tables[0].nr_cols == 2 &&
	      !strcmp(c.tables[0].col[0], "Base") &&
	      !strcmp(c.tables[1].col[1], "ClassIdx-only") && c.tables[0].nr_rows == 3,
	      "two tables of 3 rows, Base and ClassIdx-only (%zu tables)", c.nr_tables);
	CHECK(r && r->q[0].mean == 24.1 && r->q[1].mean == 17.2 &&
	      !strcmp(r->unit, "ms") && strstr(r->note, "Speedup 1.4x"),
	      "'multi 2p  24.1ms  17.2ms  1.40x': the label keeps 2p, Speedup noted");
	claims_free(&c);
	free(text);
}

/*
 * mmtests' compare format: kernels over configurations whose names touch
 * (right-aligned to the kernels' ends), `*` marks, `<--`, wide changes
 * with no blank; then counters under the same header, plain values.
 */
static void test_mmtests_compare(void)
{
	const char *text =
		"[PATCH 1/2] sched: an mmtests comparison\n"
		"\n"
		"specjbb\n"
		"                             5.15.0-rc1             5.15.0-rc1             5.15.0-rc1\n"
		"                                vanillasched-scalewakegran-v2r4 sched-moveforward-v1r1\n"
		"Hmean     tput-1    71199.00 (   0.00%)    69492.00 *  -2.40%*    71126.00 *  -0.10%*\n"
		"Hmean     tput-2   154478.00 (   0.00%)   146060.00 (-105.45%)   153073.00 *  -0.91%* <--\n"
		"\n"
		"                             5.15.0-rc1             5.15.0-rc1             5.15.0-rc1\n"
		"                                vanillasched-scalewakegran-v2r4 sched-moveforward-v1r1\n"
		"Ops Swap Ins                   12.00          0.00          3.00\n"
		"Ops Kswapd efficiency %        98.74         91.06         75.73\n";
	struct claims c;
	const struct claim_table *t;
	const struct claim_row *r;

	if (!test_drafted("mmtests", text, &c))
		return;
	t = c.nr_tables ? &c.tables[0] : NULL;
	CHECK(c.nr_tables == 2 && t->nr_cols == 3 && t->nr_rows == 2 &&
	      !strcmp(t->col[0], "vanilla") &&
	      !strcmp(t->col[1], "sched-scalewakegran-v2r4") &&
	      !strcmp(t->col[2], "sched-moveforward-v1r1"),
	      "mmtests: the configurations name the arms, touching names cut");
	r = t ? test_row_named(t, "Hmean tput-2") : NULL;
	CHECK(r && r->q[0].mean == 154478 && r->q[1].mean == 146060 &&
	      r->q[2].mean == 153073, "mmtests: 'Hmean tput-2' values, changes and <-- left");
	t = c.nr_tables == 2 ? &c.tables[1] : NULL;
	r = t ? test_row_named(t, "Ops Kswapd efficiency %") : NULL;
	CHECK(t && t->nr_cols == 3 && !strcmp(t->col[1], "sched-scalewakegran-v2r4") &&
	      r && r->q[2].mean == 75.73, "mmtests: counters under the kernels' header");
	claims_free(&c);
}

/* Kernels alike in configuration: an arm is its kernel and configuration. */
static void test_mmtests_same_configuration(void)
{
	const char *text =
		"Re: [patch 0/4] a reply with mmtests\n"
		"\n"
		"kvmstart\n"
		"                              5.2.0                  5.3.0\n"
		"                            vanilla                vanilla\n"
		"Amean     5         3.43 (   0.00%)        3.44 (  -0.29%)\n"
		"Amean     14       11.18 (   0.00%)       14.59 ( -30.53%)\n"
		"Amean     elapsed  20.89 (   0.00%)       18.45 (  11.70%)\n"
		"Stddev    elapsed   1.08 (   0.00%)        0.41 (  62.04%)\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("mmtests-same", text, &c))
		return;
	r = c.nr_tables ? test_row_named(&c.tables[0], "Amean 14") : NULL;
	CHECK(c.nr_tables == 1 && !strcmp(c.tables[0].col[0], "5.2.0 vanilla") &&
	      !strcmp(c.tables[0].col[1], "5.3.0 vanilla") && r &&
	      r->q[0].mean == 11.18 && r->q[1].mean == 14.59,
	      "mmtests: one configuration, arms by kernel and configuration");
	r = c.nr_tables ? test_row_named(&c.tables[0], "Amean elapsed") : NULL;
	CHECK(r && r->nr_metrics == 1 && !strcmp(r->metric[0], "wall_time_s"),
	      "mmtests: the mean of elapsed time is wall_time_s");
	r = c.nr_tables ? test_row_named(&c.tables[0], "Stddev elapsed") : NULL;
	CHECK(r && r->nr_metrics == 0 && r->unmapped[0] && r->q[1].mean == 0.41,
	      "mmtests: its Stddev is no value of wall_time_s");
	claims_free(&c);
}

/*
 * lkp's compare format: the commits over a rule, a fail:runs block, three
 * arms, spreads as `±147%` and the archive's `A+-  1%`, an exponent, a
 * change without `%`, a name too long to keep left out.
 */
static void test_lkp_compare(void)
{
	const char *text =
		"[mm]  aae466b005:  vm-scalability.throughput -2.7% regression\n"
		"\n"
		"commit: \n"
		"  3852f6768e (\"mm/swapcache: support to handle the shadow entries\")\n"
		"\n"
		"3852f6768ede542e aae466b0052e1888edd1d7f473d 2c847f27c37da65a93d23c237c5\n"
		"---------------- --------------------------- ---------------------------\n"
		"       fail:runs  %reproduction    fail:runs  %reproduction    fail:runs\n"
		"          1:4            5%           1:4            5%           1:4     perf-profile.self.cycles-pp.error_entry\n"
		"         %stddev     %change         %stddev     %change         %stddev\n"
		"             \\          |                \\          |                \\  \n"
		"     21281 \xc2\xb1" "147%    +197.5%      63313 \xc2\xb1 84%     +1.0%      64000        numa-meminfo.node0.Shmem\n"
		"    184.21           +57.2      241.41 A+-  2%     -1.0      239.00        vm-scalability.stddev%\n"
		"      0.12 \xc2\xb1 16%     -42.1%       0.07 \xc2\xb1 42%     +0.0%       0.07        perf-sched.sch_delay.avg.ms.schedule_timeout.__wait_for_common.wait_for_completion_state.kernel_clone\n"
		" 1.295e+08           +15.8%  1.499e+08           +0.1%  1.500e+08        meminfo.Inactive\n";
	struct claims c;
	const struct claim_table *t;
	const struct claim_row *r;

	if (!test_drafted("lkp", text, &c))
		return;
	t = c.nr_tables ? &c.tables[0] : NULL;
	CHECK(c.nr_tables == 1 && t->nr_cols == 3 && t->nr_rows == 3 &&
	      !strcmp(t->col[0], "3852f6768ede542e") &&
	      !strcmp(t->col[2], "2c847f27c37da65a93d23c237c5"),
	      "lkp: three commits as arms, the fail:runs block and a long name left out");
	r = t ? test_row_named(t, "numa-meminfo.node0.Shmem") : NULL;
	CHECK(r && r->q[0].mean == 21281 && r->q[1].mean == 63313 && r->q[2].mean == 64000,
	      "lkp: values beside their spreads");
	r = t ? test_row_named(t, "vm-scalability.stddev%") : NULL;
	CHECK(r && r->q[1].mean == 241.41 && r->q[2].mean == 239,
	      "lkp: A+- spreads, changes without %%");
	r = t ? test_row_named(t, "meminfo.Inactive") : NULL;
	CHECK(r && r->q[0].mean == 1.295e+08 && r->q[2].mean == 1.5e+08, "lkp: exponents");
	claims_free(&c);
}

/*
 * A reply quoting a table, its own words after the first rows, then the
 * rest of the table (no header): one table. Rows quoted after words that
 * stand under other columns are another table.
 */
static void test_table_cut_by_reply(void)
{
	const char *text =
		"Re: [PATCH v5 00/12] zswap IAA compress batching\n"
		"\n"
		">  2M folios:\n"
		">\n"
		">                     mm-unstable     v5 of this series\n"
		">  -----------------------------------------------------\n"
		">  elapsed time (sec)       102.92            104.44\n"
		">  sys time (sec)         2,332.67          2,415.00\n"
		"\n"
		"Seems like there's a regression for zstd here?\n"
		"\n"
		">  -----------------------------------------------------\n"
		">  zswpout              48,934,491        48,934,952\n"
		">  pswpout                       0                 0\n"
		"\n"
		"And here?\n"
		"\n"
		">  swap_ra    5,836    4,692\n"
		">  swap_ra_hit    5,790    4,640\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("cut", text, &c))
		return;
	r = c.nr_tables ? test_row_named(&c.tables[0], "zswpout") : NULL;
	CHECK(c.nr_tables == 2 && c.tables[0].nr_rows == 4 &&
	      !strcmp(c.tables[0].col[0], "mm-unstable") &&
	      !strcmp(c.tables[0].col[1], "v5 of this series"),
	      "the rest after the reply's words joins the table (%zu tables)",
	      c.nr_tables);
	CHECK(r && r->q[0].mean == 48934491 && r->q[1].mean == 48934952,
	      "zswpout under the table's columns");
	CHECK(c.nr_tables == 2 && c.tables[1].nr_rows == 2,
	      "rows not under the columns: a table of their own");
	claims_free(&c);
}

/*
 * Rows taking turns between arms, keyed by a parameter: a column per
 * arm, a row per key, the spread kept, the measure naming the metric.
 * Rows whose arms do not come round in order are no such table.
 */
static void test_interleaved_arms(void)
{
	const char *text =
		"[PATCH v7 0/6] workingset protection on the anonymous LRU list\n"
		"\n"
		"* single thread\n"
		"           param        pswpin       std       improvement\n"
		"      base 1-1024.0-0.1 14101983.40   79441.19\n"
		"      prot 1-1024.0-0.1 14065875.80  136413.01  (   -0.26 )\n"
		"    detect 1-1024.0-0.1 13910435.60  100804.82  (   -1.36 )\n"
		"      base 1-1024.0-0.7 7998368.80   43469.32\n"
		"      prot 1-1024.0-0.7 7622245.80   88318.74  (   -4.70 )\n"
		"    detect 1-1024.0-0.7 7618515.20   59742.07  (   -4.75 )\n"
		"\n"
		"* out of turn\n"
		"           param        pswpin       std\n"
		"      base 1-1024.0-0.1 14101983.40   79441.19\n"
		"      prot 1-1024.0-0.1 14065875.80  136413.01\n"
		"      prot 1-1024.0-0.7 7622245.80   88318.74\n"
		"      base 1-1024.0-0.7 7998368.80   43469.32\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("interleaved", text, &c))
		return;
	CHECK(c.nr_tables >= 1 && c.tables[0].nr_cols == 3 && c.tables[0].nr_rows == 2 &&
	      !strcmp(c.tables[0].col[0], "base") && !strcmp(c.tables[0].col[2], "detect"),
	      "arms in turn: base, prot, detect as columns, a row per parameter");
	r = c.nr_tables ? test_row_named(&c.tables[0], "1-1024.0-0.7") : NULL;
	CHECK(r && r->q[0].mean == 7998368.80 && r->q[1].mean == 7622245.80 &&
	      r->q[2].mean == 7618515.20 && r->q[0].sd == 43469.32 &&
	      r->nr_metrics == 1 && !strcmp(r->metric[0], "pswpin") &&
	      strstr(r->note, "improvement: prot -4.7, detect -4.75"),
	      "a key's row: each arm's pswpin, its std, the improvements noted");
	for (size_t t = 1; t < c.nr_tables; t++)
		CHECK(c.tables[t].nr_cols != 2 || strcmp(c.tables[t].col[0], "base"),
		      "arms out of turn: not taken as arms");
	claims_free(&c);
}

/*
 * Pipe tables whose header takes several lines: a markdown header on
 * two lines over an alignment row, a boxed header on three lines whose
 * first cell names the labels: each column's name from every line. A
 * row's empty pipe cell stays empty, its values under their columns.
 */
static void test_pipe_header_lines(void)
{
	const char *text =
		"[PATCH v5 0/6] Swap-out mTHP without splitting\n"
		"\n"
		"| alloc size |                baseline |           + this series |\n"
		"|            | mm-unstable (~v6.9-rc1) |                         |\n"
		"|:-----------|------------------------:|------------------------:|\n"
		"| 4K Page    |                    0.0% |                    1.3% |\n"
		"| 64K THP    |                  -13.6% |                   46.3% |\n"
		"\n"
		"The counters:\n"
		"\n"
		"  -----------------------------------------------------------------------\n"
		" | VMSTATS, mTHP ZSWAP/SSD stats|  v6.11-rc3 |  zswap-mTHP |  zswap-mTHP |\n"
		" |                              |   mainline |       Store |       Store |\n"
		" |                              |            |         lz4 | deflate-iaa |\n"
		" |-----------------------------------------------------------------------|\n"
		" | pswpout                      |    174,432 |           0 |           0 |\n"
		" | zswpout                      |      1,501 |   1,491,654 |   1,398,805 |\n"
		" |-----------------------------------------------------------------------|\n"
		" | hugepages-64kB/stats/zswpout |            |      63,200 |      63,244 |\n"
		"  -----------------------------------------------------------------------\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("pipe-header", text, &c))
		return;
	CHECK(c.nr_tables == 2 && c.tables[0].nr_cols == 2 &&
	      !strcmp(c.tables[0].col[0], "baseline mm-unstable (~v6.9-rc1)") &&
	      !strcmp(c.tables[0].col[1], "+ this series"),
	      "a pipe header on two lines: 'baseline mm-unstable (~v6.9-rc1)' (%s)",
	      c.nr_tables ? c.tables[0].col[0] : "no table");
	CHECK(c.nr_tables == 2 && c.tables[1].nr_cols == 3 &&
	      !strcmp(c.tables[1].col[0], "v6.11-rc3 mainline") &&
	      !strcmp(c.tables[1].col[1], "zswap-mTHP Store lz4") &&
	      !strcmp(c.tables[1].col[2], "zswap-mTHP Store deflate-iaa"),
	      "a boxed header on three lines, the labels' name left out");
	r = c.nr_tables == 2 ? test_row_named(&c.tables[1], "zswpout") : NULL;
	CHECK(r && r->q[0].mean == 1501 && r->q[2].mean == 1398805, "zswpout's cells");
	r = c.nr_tables == 2 ? test_row_named(&c.tables[1], "hugepages-64kB/stats/zswpout") : NULL;
	CHECK(r && !r->q[0].present && r->q[1].mean == 63200 && r->q[2].mean == 63244,
	      "a pipe row's empty cell: empty, the values under their own columns");
	claims_free(&c);
}

/*
 * A boxed table of arms named by two key columns and a header naming the
 * quantity, its unit on the line under it; the next box of the same arms
 * (one spelled with '=' for '-') adds its quantity: turned, one table.
 */
static void test_keyed_arms(void)
{
	const char *text =
		"[PATCH v4 0/4] mm: ZSWAP swap-out of mTHP folios\n"
		"\n"
		"  64KB mTHP:\n"
		"   ------------------------------------------------------------------\n"
		"  |                    |                   |            |            |\n"
		"  |Kernel              | mTHP SWAP-OUT     | Throughput |     Change |\n"
		"  |                    |                   |       KB/s |            |\n"
		"  |--------------------|-------------------|------------|------------|\n"
		"  |v6.11-rc3 mainline  | SSD               |    335,346 |   Baseline |\n"
		"  |zswap-mTHP-Store    | ZSWAP lz4         |    271,558 |       -19% |\n"
		"  |------------------------------------------------------------------|\n"
		"  |                    |                   |            |            |\n"
		"  |Kernel              | mTHP SWAP-OUT     |   Sys time |     Change |\n"
		"  |                    |                   |        sec |            |\n"
		"  |--------------------|-------------------|------------|------------|\n"
		"  |v6.11-rc3 mainline  | SSD               |      91.37 |   Baseline |\n"
		"  |zswap-mTHP=Store    | ZSWAP lz4         |     265.43 |      -191% |\n"
		"   ------------------------------------------------------------------\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("keyed", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 2 &&
	      !strcmp(c.tables[0].col[0], "v6.11-rc3 mainline SSD") &&
	      !strcmp(c.tables[0].col[1], "zswap-mTHP-Store ZSWAP lz4"),
	      "arms named by two key columns, two boxes one table (%zu tables)",
	      c.nr_tables);
	r = c.nr_tables ? test_row_named(&c.tables[0], "Throughput") : NULL;
	CHECK(r && r->q[0].mean == 335346 && r->q[1].mean == 271558 &&
	      !strcmp(r->unit, "KB/s") && strstr(r->note, "Change Baseline -19%"),
	      "Throughput in KB/s, the Change column noted");
	r = c.nr_tables ? test_row_named(&c.tables[0], "Sys time") : NULL;
	CHECK(r && r->q[0].mean == 91.37 && r->q[1].mean == 265.43 &&
	      !strcmp(r->unit, "sec"), "the second box's quantity: Sys time");
	claims_free(&c);
}

/*
 * A header on two lines naming quantities over rows of configurations,
 * its first line starting where the labels do: the names joined down
 * the lines, the table turned (a column per configuration).
 */
static void test_two_line_quantities(void)
{
	const char *text =
		"Re: [PATCH v4 0/4] mm: ZSWAP swap-out of mTHP folios\n"
		"\n"
		"> Experiment 2 - swap latency with 64K mTHP:\n"
		">\n"
		"> Number of swap_writepage    Total swap_writepage  Average swap_writepage\n"
		">     calls from all cores      Latency (millisec)      Latency (microsec)\n"
		"> -------------------------------------------------------------------------\n"
		"> SSD               21,373               165,434.9                   7,740\n"
		"> zswap            344,109                55,446.8                     161\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("quantities", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 3 &&
	      !strcmp(c.tables[0].col[0], "SSD") && !strcmp(c.tables[0].col[1], "zswap"),
	      "SSD and zswap as the columns (%zu tables)", c.nr_tables);
	r = c.nr_tables ? test_row_named(&c.tables[0], "Total swap_writepage Latency (millisec)") :
	    NULL;
	CHECK(r && r->q[0].mean == 165434.9 && r->q[1].mean == 55446.8,
	      "a quantity named from both header lines");
	claims_free(&c);
}

/*
 * Each arm's Delta table followed by a pipe table of one value (its
 * times): the Delta tables one table, the times another, a column per
 * arm each. A one-value table after no arm's table is dropped.
 */
static void test_one_value_arms(void)
{
	const char *text =
		"[PATCH v2 0/6] mm: zswap: global shrinker fix and proactive shrink\n"
		"\n"
		"pre-patch, 6.10-rc4\n"
		"|                    | Start       | End         | Delta      |\n"
		"|--------------------|-------------|-------------|------------|\n"
		"| pswpin             | 387         | 32412       | 32025      |\n"
		"| zswpout            | 63150       | 63150       | 0          |\n"
		"\n"
		"| Time              |              |\n"
		"|-------------------|--------------|\n"
		"| elapsed           | 8.473        |\n"
		"| system            | 0.814        |\n"
		"\n"
		"post-patch, 6.10-rc4 with patch 1 to 5\n"
		"|                    | Start       | End         | Delta      |\n"
		"|--------------------|-------------|-------------|------------|\n"
		"| pswpin             | 4981        | 8223        | 3242       |\n"
		"| zswpout            | 455338      | 764882      | 309544     |\n"
		"\n"
		"| Time              |              |\n"
		"|-------------------|--------------|\n"
		"| elapsed           | 4.525        |\n"
		"| system            | 1.467        |\n"
		"\n"
		"And alone:\n"
		"\n"
		"| Time              |              |\n"
		"|-------------------|--------------|\n"
		"| elapsed           | 9.1          |\n"
		"| system            | 2.2          |\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("one-value", text, &c))
		return;
	CHECK(c.nr_tables == 2 && c.tables[0].nr_cols == 2 && c.tables[1].nr_cols == 2 &&
	      !strcmp(c.tables[1].col[0], "pre-patch, 6.10-rc4") &&
	      !strcmp(c.tables[1].col[1], "post-patch, 6.10-rc4 with patch 1 to 5"),
	      "the Delta tables joined, the times joined (%zu tables)", c.nr_tables);
	r = c.nr_tables == 2 ? test_row_named(&c.tables[1], "elapsed") : NULL;
	CHECK(r && r->q[0].mean == 8.473 && r->q[1].mean == 4.525,
	      "elapsed: each arm's time");
	claims_free(&c);
}

/*
 * A tool's lines from one template under each arm's heading: the number
 * the arms print alike keys the row ("step:1"), the others are values
 * named by the word after them. Numbered items ("Patch 3", "Patch 4")
 * under headings are no arms.
 */
static void test_template_runs(void)
{
	const char *text =
		"Re: [PATCH 0/3 v5] Introduce a bulk order-0 page allocator\n"
		"\n"
		"LIST variant: time_bulk_page_alloc_free_list: step=bulk size\n"
		"\n"
		" Per elem: 206 cycles(tsc) 57.478 ns (step:1)\n"
		" Per elem: 154 cycles(tsc) 42.861 ns (step:2)\n"
		"\n"
		"ARRAY variant: time_bulk_page_alloc_free_array: step=bulk size\n"
		"\n"
		" Per elem: 202 cycles(tsc) 56.383 ns (step:1)\n"
		" Per elem: 144 cycles(tsc) 40.047 ns (step:2)\n";
	const char *numbered =
		"[RFC PATCH v4 0/6] Pagecache promotion\n"
		"\n"
		"Patches 1-2\n"
		"\tallow NULL as valid input\n"
		"Patch 3\n"
		"\tadds NUMA_HINT_PAGE_CACHE to vmstat\n"
		"Patch 4\n"
		"\tImplement migrate_misplaced_folio_batch\n"
		"Patch 5\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("template-runs", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 4 &&
	      !strcmp(c.tables[0].col[0], "LIST variant") &&
	      !strcmp(c.tables[0].col[1], "ARRAY variant"),
	      "two arms' runs: one table, the arms by their headings (%zu tables)",
	      c.nr_tables);
	r = c.nr_tables ? test_row_named(&c.tables[0], "step:2 ns") : NULL;
	CHECK(r && r->q[0].mean == 42.861 && r->q[1].mean == 40.047,
	      "step:2 ns: 42.861 -> 40.047, keyed by the number both print");
	r = c.nr_tables ? test_row_named(&c.tables[0], "step:1 cycles(tsc)") : NULL;
	CHECK(r && r->q[0].mean == 206 && r->q[1].mean == 202, "step:1 cycles(tsc)");
	claims_free(&c);
	CHECK(test_no_table("numbered", numbered), "numbered patches under headings: no table");
}

/* A heading over a line per arm, again and again: a row per heading. */
static void test_heading_blocks(void)
{
	const char *text =
		"[PATCH 00/14] per memcg lru_lock\n"
		"\n"
		"========= Max page_test ============\n"
		"5.3-rc4          34729.6\n"
		"5.3-rc4+lru_lock 36128.3\n"
		"========= Min page_test ============\n"
		"5.3-rc4          33644.2\n"
		"5.3-rc4+lru_lock 35349.7\n"
		"========= BHmean-50 page_test ============\n"
		"5.3-rc4          34579.2\n"
		"5.3-rc4+lru_lock 35977.1\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("heading-blocks", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 3 &&
	      !strcmp(c.tables[0].col[0], "5.3-rc4") &&
	      !strcmp(c.tables[0].col[1], "5.3-rc4+lru_lock"),
	      "the lines' names the arms, a row per heading (%zu tables)", c.nr_tables);
	r = c.nr_tables ? test_row_named(&c.tables[0], "BHmean-50 page_test") : NULL;
	CHECK(r && r->q[0].mean == 34579.2 && r->q[1].mean == 35977.1,
	      "BHmean-50 page_test: 34579.2 -> 35977.1");
	claims_free(&c);
}

/*
 * Each arm's runs under its heading, each run under a numbered heading
 * of its own: a table per run, the k-th of each arm side by side.
 */
static void test_runs_under_own_headings(void)
{
	const char *text =
		"[PATCH RFC v3 0/4] mm: zram: multi-page compression\n"
		"\n"
		"******* Without the patchset:\n"
		"\n"
		"*** Executing round 1 ***\n"
		"\n"
		"real\t7m56.173s\n"
		"sys\t42m57.470s\n"
		"pswpin: 29815871\n"
		"\n"
		"*** Executing round 2 ***\n"
		"\n"
		"real\t7m48.227s\n"
		"sys\t43m0.940s\n"
		"pswpin: 29798189\n"
		"\n"
		"******* With the patchset:\n"
		"\n"
		"*** Executing round 1 ***\n"
		"\n"
		"real\t7m43.760s\n"
		"sys\t35m50.685s\n"
		"pswpin: 29870407\n"
		"\n"
		"*** Executing round 2 ***\n"
		"\n"
		"real\t7m31.820s\n"
		"sys\t37m24.341s\n"
		"pswpin: 29901123\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("run-headings", text, &c))
		return;
	CHECK(c.nr_tables == 2 && c.tables[1].nr_cols == 2 &&
	      !strcmp(c.tables[1].col[0], "Without the patchset") &&
	      !strcmp(c.tables[1].col[1], "With the patchset"),
	      "a table per round, the arms by their headings (%zu tables)", c.nr_tables);
	r = c.nr_tables == 2 ? test_row_named(&c.tables[1], "real") : NULL;
	CHECK(r && fabs(r->q[0].mean - 468.227) < 1e-9 && fabs(r->q[1].mean - 451.82) < 1e-9,
	      "round 2's real: 7m48.227s -> 7m31.820s, each arm's second run");
	claims_free(&c);
}

/* A stdev column after each kernel's: each value's spread, no arm. */
static void test_spread_columns(void)
{
	const char *text =
		"Re: [PATCH v2] mm: vmscan: throttle reclaim\n"
		"\n"
		"+------------+------+-------+------+-------+----------+-------+\n"
		"| Jobs / CPU | 5.15 | stdev | 5.16 | stdev | 5.17-rc3 | stdev |\n"
		"+------------+------+-------+------+-------+----------+-------+\n"
		"| 1          | 8411 | 75    | 7459 | 38    | 7331     | 36    |\n"
		"+------------+------+-------+------+-------+----------+-------+\n"
		"| 2          | 8417 | 54    | 7491 | 41    | 7383     | 15    |\n"
		"+------------+------+-------+------+-------+----------+-------+\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("spread-columns", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 3 &&
	      !strcmp(c.tables[0].col[1], "5.16"), "three kernels, no stdev arm");
	r = c.nr_tables ? test_row_named(&c.tables[0], "2") : NULL;
	CHECK(r && r->q[1].mean == 7491 && r->q[1].sd == 41 && r->q[2].mean == 7383,
	      "row 2: 5.16 7491 +- 41, 5.17-rc3 7383");
	claims_free(&c);
}

/*
 * "real -- Median: X, Average: Y, Standard Deviation: Z" lines: the
 * average, its spread; the first arm's heading without the colon the
 * second's has, or in parentheses.
 */
static void test_stat_summaries(void)
{
	const char *bare =
		"[PATCH v13 0/3] cachestat: a new syscall for page cache state of files\n"
		"\n"
		"Using cachestat\n"
		"real -- Median: 33.377s, Average: 33.475s, Standard Deviation: 0.3602\n"
		"sys -- Median: 28.823s, Average: 28.8866s, Standard Deviation: 0.2689\n"
		"\n"
		"Using mincore:\n"
		"real -- Median: 102.352s, Average: 102.3442s, Standard Deviation: 0.2059\n"
		"sys -- Median: 91.186s, Average: 91.2084s, Standard Deviation: 0.2046\n";
	const char *parens =
		"[PATCH 0/2] zswap: shrink under memory pressure\n"
		"\n"
		"(without the shrinker)\n"
		"real -- mean: 153.27s, median: 153.199s\n"
		"sys -- mean: 541.652s, median: 541.903s\n"
		"\n"
		"(with the shrinker)\n"
		"real -- mean: 151.4956s, median: 151.456s\n"
		"sys -- mean: 469.4s, median: 470.1s\n";
	const struct claim_row *r;
	struct claims c;

	if (test_drafted("stat-bare", bare, &c)) {
		CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 2 &&
		      !strcmp(c.tables[0].col[0], "Using cachestat") &&
		      !strcmp(c.tables[0].col[1], "Using mincore"),
		      "the colon-less first heading an arm (%zu tables)", c.nr_tables);
		r = c.nr_tables ? test_row_named(&c.tables[0], "real") : NULL;
		CHECK(r && r->q[0].mean == 33.475 && r->q[0].sd == 0.3602 &&
		      r->q[1].mean == 102.3442, "real: the averages, the deviation the spread");
		claims_free(&c);
	}
	if (test_drafted("stat-parens", parens, &c)) {
		CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 &&
		      !strcmp(c.tables[0].col[1], "with the shrinker"),
		      "arms in parentheses, named without them");
		r = c.nr_tables ? test_row_named(&c.tables[0], "sys") : NULL;
		CHECK(r && r->q[0].mean == 541.652 && r->q[1].mean == 469.4,
		      "sys: the means, not the medians");
		claims_free(&c);
	}
}

/* Two arms' outputs pasted side by side under their names. */
static void test_side_by_side(void)
{
	const char *text =
		"[PATCH v3 0/8] mm: memcontrol: switch to rstat\n"
		"\n"
		"vanilla:                              patched:\n"
		"nr_inactive_file 1574105088           nr_inactive_file 1027801088\n"
		"   inactive_file 1577410560              inactive_file 1027801088\n";
	const char *apart =
		"[PATCH] x\n"
		"\n"
		"vanilla:                              patched:\n"
		"nr_inactive_file 1574105088           nr_active_file 1027801088\n";
	const struct claim_row *r;
	struct claims c;

	if (test_drafted("side-by-side", text, &c)) {
		CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 2 &&
		      !strcmp(c.tables[0].col[0], "vanilla") &&
		      !strcmp(c.tables[0].col[1], "patched"), "a column per name, a row per line");
		r = c.nr_tables ? test_row_named(&c.tables[0], "inactive_file") : NULL;
		CHECK(r && r->q[0].mean == 1577410560 && r->q[1].mean == 1027801088,
		      "inactive_file: each arm's part of the line");
		claims_free(&c);
	}
	CHECK(test_no_table("side-apart", apart), "two counters side by side: no arms' table");
}

/*
 * Each arm's free(1) listings under its heading, two per arm (before
 * and after a run): the k-th of each arm joined, a row per row and
 * column.
 */
static void test_joined_grids(void)
{
	const char *text =
		"Re: [PATCH] mm: multi-gen LRU: readahead\n"
		"\n"
		"Without revert:\n"
		"\n"
		"$ free -m\n"
		"               total        used        free      shared  buff/cache   available\n"
		"Mem:             690         179         536           3          57         510\n"
		"Swap:           1379          12        1367\n"
		"/* OOM happens here */\n"
		"               total        used        free      shared  buff/cache   available\n"
		"Mem:             690         177         540           3          53         513\n"
		"Swap:           1379          15        1364\n"
		"\n"
		"With revert:\n"
		"\n"
		"$ free -m\n"
		"               total        used        free      shared  buff/cache   available\n"
		"Mem:             690         214         498           3          57         476\n"
		"Swap:           1379          11        1368\n"
		"/* no OOM */\n"
		"               total        used        free      shared  buff/cache   available\n"
		"Mem:             690         209         505           3          54         481\n"
		"Swap:           1379          13        1366\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("joined-grids", text, &c))
		return;
	CHECK(c.nr_tables == 2 && c.tables[1].nr_cols == 2 &&
	      !strcmp(c.tables[1].col[0], "Without revert") &&
	      !strcmp(c.tables[1].col[1], "With revert"),
	      "two tables, each the k-th listing of both arms (%zu tables)", c.nr_tables);
	r = c.nr_tables == 2 ? test_row_named(&c.tables[1], "Mem: used") : NULL;
	CHECK(r && r->q[0].mean == 177 && r->q[1].mean == 209, "the second listings' Mem: used");
	r = c.nr_tables == 2 ? test_row_named(&c.tables[0], "Mem: free") : NULL;
	CHECK(r && r->q[0].mean == 536 && r->q[1].mean == 498, "the first listings' Mem: free");
	claims_free(&c);
}

/*
 * Past a table's one change column, notes of each row, no arms; with a
 * change column after each arm, the arms between them stay.
 */
static void test_notes_past_change(void)
{
	const char *notes =
		"[RFC PATCH v2] mm: zswap: large folio swapin\n"
		"\n"
		"| workload        | base elapsed   | RFC elapsed    | delta  | phase  | zswpin |\n"
		"|-----------------|----------------|----------------|--------|--------|--------|\n"
		"| usama_1g        | 11.260         | 10.301         | -8.5%  | -22.2% | 1.000x |\n"
		"| nohint_seq64    |  4.398         |  4.025         | -8.5%  | -21.1% | 1.000x |\n";
	const char *arms =
		"[PATCH] x\n"
		"\n"
		"| test   | base  | v1    | delta  | v2    | delta  |\n"
		"|--------|-------|-------|--------|-------|--------|\n"
		"| build  | 100   | 90    | -10%   | 80    | -20%   |\n"
		"| fault  | 50    | 45    | -10%   | 40    | -20%   |\n";
	const struct claim_row *r;
	struct claims c;

	if (test_drafted("notes-past-change", notes, &c)) {
		CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 &&
		      !strcmp(c.tables[0].col[1], "RFC elapsed"),
		      "two arms, the columns past the delta no arms");
		r = c.nr_tables ? test_row_named(&c.tables[0], "usama_1g") : NULL;
		CHECK(r && r->q[1].mean == 10.301 && r->change_pct[0] == -8.5 &&
		      strstr(r->note, "phase -22.2%"), "usama_1g: the delta its change, phase a note");
		claims_free(&c);
	}
	if (test_drafted("arms-between-changes", arms, &c)) {
		CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 3 &&
		      !strcmp(c.tables[0].col[2], "v2"), "a delta after each arm: three arms");
		claims_free(&c);
	}
}

/*
 * An aligned table's counter that only the new arm has: its first cell
 * blank, the value under the second arm's, the table goes on.
 */
static void test_first_arm_blank(void)
{
	const char *text =
		"[RFC PATCH v1 0/7] mm: zswap swap-in of large folios\n"
		"\n"
		"                     mm-unstable    + large folios swapin\n"
		"  ---------------------------------------------------------\n"
		"  zswpout             93,811,916             111,663,872\n"
		"  ZSWPIN-16kB                                  1,496,916\n"
		"  SWPOUT-64kB                  4                       3\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("first-blank", text, &c))
		return;
	r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "ZSWPIN-16kB") : NULL;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_rows == 3 && r && !r->q[0].present &&
	      r->q[1].mean == 1496916, "the first arm blank: empty, the table goes on");
	claims_free(&c);
}

/*
 * A markdown table whose labels' header says the rows are the kernels:
 * turned, the std column each mean's spread, not a row of its own.
 */
static void test_kernels_as_rows(void)
{
	const char *text =
		"Re: [PATCH v4 02/16] mm: Batch-copy PTE ranges during fork()\n"
		"\n"
		"Fork, order-9, Apple M2 VM:\n"
		"| kernel                |   mean_rel |   std_rel |\n"
		"|:----------------------|-----------:|----------:|\n"
		"| mm-unstable           |       0.0% |      1.8% |\n"
		"| hugetlb-rmap-cleanups |      -5.8% |      1.3% |\n"
		"| fork-batching         |     -38.1% |      2.3% |\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("kernels-rows", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 3 && c.tables[0].nr_rows == 1 &&
	      !strcmp(c.tables[0].col[0], "mm-unstable") &&
	      !strcmp(c.tables[0].col[2], "fork-batching"),
	      "the kernels as the columns, one row (%zu tables)", c.nr_tables);
	r = c.nr_tables ? test_row_named(&c.tables[0], "mean_rel") : NULL;
	CHECK(r && r->q[2].mean == -38.1 && r->q[2].sd == 2.3 && r->q[0].sd == 1.8,
	      "mean_rel with std_rel as its spread");
	claims_free(&c);
}

/*
 * A boxed header on three lines: the labels' name down the first
 * column, a workload's name over dashes spanning its before and after,
 * the arms under; every cell a percent, none taken for a change.
 */
static void test_grouped_header(void)
{
	const char *text =
		"[RFC PATCH v1 2/4] mm: Introduce always+exec for mTHP file_enabled\n"
		"\n"
		"| File-backed folios      |   Speedometer   |  Kernel Compile |\n"
		"| by size as percentage   |-----------------|-----------------|\n"
		"| of all mapped file mem  | before |  after | before |  after |\n"
		"|=========================|========|========|========|========|\n"
		"|file-thp-aligned-16kB    |    45% |     9% |    46% |     7% |\n"
		"|file-thp-aligned-64kB    |     3% |    63% |     5% |    80% |\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("grouped", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 4 &&
	      !strcmp(c.tables[0].col[0], "Speedometer before") &&
	      !strcmp(c.tables[0].col[1], "Speedometer after") &&
	      !strcmp(c.tables[0].col[2], "Kernel Compile before") &&
	      !strcmp(c.tables[0].col[3], "Kernel Compile after"),
	      "each workload's name over both its columns (%s)",
	      c.nr_tables && c.tables[0].nr_cols == 4 ? c.tables[0].col[3] : "-");
	r = c.nr_tables ? test_row_named(&c.tables[0], "file-thp-aligned-64kB") : NULL;
	CHECK(r && r->q[1].mean == 63 && r->q[3].mean == 80,
	      "the percentages are the arms' values");
	claims_free(&c);
}

/*
 * Arrow rows under a line naming the arms ("A -> B"), each row's change
 * alone on a line under it, blank lines between: one table, A and B.
 */
static void test_arrow_arms_named(void)
{
	const char *text =
		"Re: [PATCH v4 02/16] mm: Batch-copy PTE ranges during fork()\n"
		"\n"
		"I just gave it another quick benchmark run on that Intel system.\n"
		"\n"
		"hugetlb-rmap-cleanups -> fork-batching\n"
		"\n"
		"order-0: 0.014114 -> 0.013848\n"
		"\n"
		"-1.9%\n"
		"\n"
		"order-9: 0.014262 -> 0.009410\n"
		"\n"
		"-34%\n"
		"\n"
		"Note that I disable SMT and turbo.\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("arrow-arms", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 2 &&
	      !strcmp(c.tables[0].col[0], "hugetlb-rmap-cleanups") &&
	      !strcmp(c.tables[0].col[1], "fork-batching"),
	      "the arms named over the arrow rows (%zu tables)", c.nr_tables);
	r = c.nr_tables ? test_row_named(&c.tables[0], "order-9") : NULL;
	CHECK(r && r->q[0].mean == 0.014262 && r->q[1].mean == 0.009410 &&
	      r->change_pct[0] == -34, "order-9 and its change under it");
	claims_free(&c);
}

/*
 * Rows that can only be arms ("Before:", "After:") under a header of
 * settings: turned, Before and After the columns, each setting a row,
 * the change in parentheses kept.
 */
static void test_before_after_rows(void)
{
	const char *text =
		"[PATCH 0/9] mm, swap: a swap cache rework\n"
		"\n"
		"redis-benchmark -t get, 12 clients:\n"
		"\n"
		"                no SAVE                  with SAVE\n"
		"Before:         400100.50 RPS            250200.25 RPS\n"
		"After:          401000.00 RPS (+0.22%)   270300.75 RPS (+8.03%)\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("before-after-rows", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 2 &&
	      !strcmp(c.tables[0].col[0], "Before") && !strcmp(c.tables[0].col[1], "After"),
	      "Before and After as the columns (%zu tables)", c.nr_tables);
	r = c.nr_tables ? test_row_named(&c.tables[0], "with SAVE") : NULL;
	CHECK(r && r->q[0].mean == 250200.25 && r->q[1].mean == 270300.75,
	      "a setting's row: each arm's rate");
	claims_free(&c);
}

/* A table of rounds whose avg row alone carries the change after it. */
static void test_avg_row_change(void)
{
	const char *text =
		"[PATCH v3 2/2] mm: large folios swap-in\n"
		"\n"
		"         w/o patch     w/ patch\n"
		"round1      100.5        180.2\n"
		"round2      101.5        185.8\n"
		"avg         101.0        183.0      +81%\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("avg-change", text, &c))
		return;
	r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "avg") : NULL;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_rows == 3 && r && r->q[0].mean == 101 &&
	      r->q[1].mean == 183 && r->change_pct[0] == 81,
	      "the avg row in the table, its +81%% its change");
	claims_free(&c);
}

/* Compressors as the rows, the quantities as the columns: turned. */
static void test_compressor_rows(void)
{
	const char *text =
		"[PATCH 0/2] mm: zswap: compress large folios\n"
		"\n"
		"                  store (us)     load (us)\n"
		"lz4                    12.5           3.1\n"
		"zstd                   30.2           8.4\n"
		"deflate-iaa             9.8           2.7\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("compressor-rows", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 3 &&
	      !strcmp(c.tables[0].col[0], "lz4") && !strcmp(c.tables[0].col[2], "deflate-iaa"),
	      "the compressors as the columns (%zu tables)", c.nr_tables);
	r = c.nr_tables ? test_row_named(&c.tables[0], "load (us)") : NULL;
	CHECK(r && r->q[1].mean == 8.4 && r->q[2].mean == 2.7, "load: each compressor's");
	claims_free(&c);
}

/*
 * A box of one key column headed "Kernel" over one quantity and a Change
 * column of "Baseline" and percents: the kernels are the arms.
 */
static void test_keyed_one_key(void)
{
	const char *text =
		"[PATCH v2 0/4] mm: ZSWAP swap-out of mTHP folios\n"
		"\n"
		"  ------------------------------------------\n"
		" |Kernel              | Throughput |  Change |\n"
		" |                    |       KB/s |         |\n"
		" |--------------------|------------|---------|\n"
		" |v6.11-rc3 mainline  |    335,346 | Baseline|\n"
		" |zswap-mTHP-Store    |    271,558 |    -19% |\n"
		"  ------------------------------------------\n";
	const struct claim_row *r;
	struct claims c;

	if (!test_drafted("keyed-one", text, &c))
		return;
	CHECK(test_one_table_of(&c, "v6.11-rc3 mainline", "zswap-mTHP-Store"),
	      "the kernels as the arms (%zu tables)", c.nr_tables);
	r = c.nr_tables ? test_row_named(&c.tables[0], "Throughput") : NULL;
	CHECK(r && r->q[0].mean == 335346 && r->q[1].mean == 271558 &&
	      !strcmp(r->unit, "KB/s"), "Throughput, each kernel's");
	claims_free(&c);
}

/*
 * Headed blocks over a command run: the prompt line and what it printed
 * under each heading, time(1)'s lines after a blank (Puranjay's v2).
 */
static void test_blocks_command_run(void)
{
	const char *text =
		"Without this series:\n"
		"root@host:~/bpf# time ./test_tag\n"
		"test_tag: OK (40945 tests)\n"
		"\n"
		"real    7m47.562s\n"
		"user    0m24.145s\n"
		"sys     6m37.064s\n"
		"\n"
		"With this series applied:\n"
		"root@host:~/bpf# time ./test_tag\n"
		"test_tag: OK (40945 tests)\n"
		"\n"
		"real    7m29.472s\n"
		"user    0m25.865s\n"
		"sys     6m18.401s\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("blocks-command-run", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 &&
	      !strcmp(c.tables[0].col[1], "With this series applied") &&
	      c.tables[0].nr_rows == 3, "one table, the two blocks its arms, 3 rows");
	r = c.nr_tables ? test_row_named(&c.tables[0], "sys") : NULL;
	CHECK(r && r->q[0].mean == 397.064 && r->q[1].mean == 378.401,
	      "'6m37.064s' as 397.064, the command's output no row");
	claims_free(&c);
}

/*
 * A prompt right above time(1)'s lines, one blank between name and
 * value and a note after it ("real 1m8.648s (68 secs)"), another
 * command run between the blocks (zram's writeback batching).
 */
static void test_blocks_prompt_over_rows(void)
{
	const char *text =
		"Without changes:\n"
		"$ time echo idle > /sys/block/zram0/writeback\n"
		"real 1m8.648s (68 secs)\n"
		"user 0m0.000s\n"
		"sys 0m24.899s\n"
		"$ cat /sys/block/zram0/bd_stat\n"
		"1048576 0 1048576\n"
		"\n"
		"With changes:\n"
		"$ time echo idle > /sys/block/zram0/writeback\n"
		"real 0m15.496s (15 secs)\n"
		"user 0m0.000s\n"
		"sys 0m7.789s\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("blocks-prompt-over-rows", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 &&
	      c.tables[0].nr_rows == 3, "one table of two arms, 3 rows");
	r = c.nr_tables ? test_row_named(&c.tables[0], "real") : NULL;
	CHECK(r && r->q[0].mean == 68.648 && r->q[1].mean == 15.496,
	      "'1m8.648s (68 secs)' as 68.648, the note no part of it");
	claims_free(&c);
}

/*
 * Headings a rule underlines ("BASE" over "===="), every line led by a
 * program's tag, pairs without colons ", " apart (zsmalloc's test).
 */
static void test_blocks_ruled_tagged(void)
{
	const char *text =
		"BASE\n"
		"====\n"
		"zs_test: pool pages used 175111, total allocated size 698213488\n"
		"zs_test: pool memory utilization: 97.3\n"
		"PATCHED\n"
		"=======\n"
		"zs_test: pool pages used 175920, total allocated size 698213488\n"
		"zs_test: pool memory utilization: 96.8\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("blocks-ruled-tagged", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 &&
	      !strcmp(c.tables[0].col[0], "BASE") && c.tables[0].nr_rows == 3,
	      "one table, BASE and PATCHED its arms, 3 rows");
	r = c.nr_tables ? test_row_named(&c.tables[0], "pool pages used") : NULL;
	CHECK(r && r->q[0].mean == 175111 && r->q[1].mean == 175920,
	      "'pool pages used 175111,' a pair, the tag no label");
	claims_free(&c);
}

/*
 * Values with their spread and a change closing the new arm's after a
 * tab ("6.377 ± 0.054M/s\t-2.00%", "*36.87%"), and a mean followed by
 * its runs ("12.3 (12.1 12.6 12.2)"), the new arm first.
 */
static void test_blocks_spread_change_runs(void)
{
	const char *rates =
		"Without this series:\n"
		"kprobe-multi   :    6.507 \xc2\xb1 0.065M/s \n"
		"kretprobe-multi:    3.518 \xc2\xb1 0.002M/s \n"
		"\n"
		"With this series:\n"
		"kprobe-multi   :    6.377 \xc2\xb1 0.054M/s\t-2.00%\n"
		"kretprobe-multi:    4.815 \xc2\xb1 0.007M/s \t*36.87%\n";
	const char *runs =
		"With:\n"
		"real: 61.23 (61.20 61.25 61.24)\n"
		"sys: 1479.38 (1470.1, 1488.2, 1479.8)\n"
		"\n"
		"Without:\n"
		"real: 63.10 (63.00 63.20 63.10)\n"
		"sys: 1550.91 (1549.2, 1552.0, 1551.5)\n";
	struct claims c;
	const struct claim_row *r;

	if (test_drafted("blocks-spread-change", rates, &c)) {
		r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "kretprobe-multi") : NULL;
		CHECK(r && r->q[0].mean == 3.518 && r->q[0].sd == 0.002 &&
		      r->q[1].mean == 4.815 && r->has_change[0] &&
		      fabs(r->change_pct[0] - 36.87) < 1e-9,
		      "'4.815 ± 0.007M/s \\t*36.87%%': the value, its spread, its change");
		claims_free(&c);
	}
	if (test_drafted("blocks-mean-runs", runs, &c)) {
		CHECK(test_one_table_of(&c, "With", "Without"),
		      "one table, arms With | Without (the new arm first)");
		r = c.nr_tables ? test_row_named(&c.tables[0], "sys") : NULL;
		CHECK(r && r->q[0].mean == 1479.38 && r->q[1].mean == 1550.91,
		      "the mean before its runs, no run a cell");
		claims_free(&c);
	}
}

/* Arms as rows of a boxed table: a Delta row no arm; an option's Y and N. */
static void test_transposed_delta_yes_no(void)
{
	const char *delta =
		"+-------------------------+---------+----------+\n"
		"|                         | average |  stddev  |\n"
		"+-------------------------+---------+----------+\n"
		"| Baseline (11439c4635ed) | 8887.82 | 362.40   |\n"
		"| Baseline + Series       | 8944.16 | 356.45   |\n"
		"+-------------------------+---------+----------+\n"
		"| Delta                   | +0.634% | -1.642%  |\n"
		"+-------------------------+---------+----------+\n";
	const char *yes_no =
		"+---------+-----------+------------+--------+\n"
		"| entropy | orig_size | compr_size |  time  |\n"
		"+---------+-----------+------------+--------+\n"
		"|    Y    | 407003136 | 406052541  | 0.572s |\n"
		"+---------+-----------+------------+--------+\n"
		"|    N    | 407003136 | 405371829  | 2.098s |\n"
		"+---------+-----------+------------+--------+\n";
	struct claims c;
	const struct claim_row *r;

	if (test_drafted("transposed-delta", delta, &c)) {
		CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 &&
		      !strcmp(c.tables[0].col[1], "Baseline + Series"),
		      "the configurations' rows turned into arms, the Delta row none");
		r = c.nr_tables ? test_row_named(&c.tables[0], "average") : NULL;
		CHECK(r && r->q[0].mean == 8887.82 && r->q[0].sd == 362.40 &&
		      r->q[1].mean == 8944.16, "average, its stddev folded in");
		claims_free(&c);
	}
	if (test_drafted("transposed-yes-no", yes_no, &c)) {
		CHECK(test_one_table_of(&c, "Y", "N"),
		      "an option's Y and N rows turned into arms");
		r = c.nr_tables ? test_row_named(&c.tables[0], "time") : NULL;
		CHECK(r && r->q[0].mean == 0.572 && r->q[1].mean == 2.098, "time 0.572 -> 2.098");
		claims_free(&c);
	}
}

/* Arms under headings in square brackets, no tag closing them. */
static void test_bracket_headings(void)
{
	const char *text =
		"[w/o patch, w/o noise program]\n"
		"MFLOPS :  1614.438709 +- 2.640061\n"
		"[w/o patch, w/ noise program]\n"
		"MFLOPS :  1152.862612 +- 0.7933615\n"
		"[w/ patch, w/ noise program]\n"
		"MFLOPS :  1614.586227 +- 0.3268545\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("bracket-headings", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 3 &&
	      !strcmp(c.tables[0].col[1], "w/o patch, w/ noise program"),
	      "three bracketed headings, three arms, none passed as a closing tag");
	r = c.nr_tables ? test_row_named(&c.tables[0], "MFLOPS") : NULL;
	CHECK(r && r->q[1].mean == 1152.862612 && r->q[2].sd == 0.3268545, "MFLOPS of each arm");
	claims_free(&c);
}

/*
 * Two arms, the patched one named first: the pair reads from the base
 * (vanilla -> patched), and the words' "reduces" a claim of its row.
 */
static void test_base_named_second(void)
{
	const char *text =
		"            patched    vanilla\n"
		"real          10.0      12.0\n"
		"sys            5.0       6.0\n"
		"\n"
		"The patch reduces real time by 17%.\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("base-named-second", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cmps == 1 && c.tables[0].cmp[0][0] == 1 &&
	      c.tables[0].cmp[0][1] == 0, "compare: [[vanilla, patched]], the base first");
	r = c.nr_tables ? test_row_named(&c.tables[0], "real") : NULL;
	CHECK(r && r->dir[0] == CLAIM_LOWER, "real: claim lower, from the words and the base");
	claims_free(&c);
}

/* Configurations as rows naming each arm's run: a table per run, turned. */
static void test_run_columns(void)
{
	const char *text =
		"| Case                | Total Rounds | Throughput | Miss/Drop(%) |\n"
		"| ------------------- | ------------ | ---------- | ------------ |\n"
		"| Baseline (Run 1)    | 22,711       | 37.85 /s   | 45.04        |\n"
		"| Baseline (Run 2)    | 23,530       | 39.22 /s   | 44.96        |\n"
		"| With Series (Run A) | 54,428       | 90.71 /s   | 1.69         |\n"
		"| With Series (Run B) | 35,949       | 59.91 /s   | 0.03         |\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("run-columns", text, &c))
		return;
	CHECK(c.nr_tables == 2 && c.tables[1].nr_cols == 2 &&
	      !strcmp(c.tables[1].col[0], "Baseline") && !strcmp(c.tables[1].col[1], "With Series"),
	      "a table per run, the arms Baseline | With Series (%zu tables)", c.nr_tables);
	r = c.nr_tables == 2 ? test_row_named(&c.tables[1], "Total Rounds") : NULL;
	CHECK(r && r->q[0].mean == 23530 && r->q[1].mean == 35949,
	      "the second runs side by side: 23530 against 35949");
	claims_free(&c);
}

/* Each output's name over its value, the arms' names over all, tab-aligned. */
static void test_names_over_values(void)
{
	const char *text =
		"mTHP:16K\n"
		"Base\t\t\t\tPatched\n"
		"numa01\t\t\t\tnuma01\n"
		"224.70\t\t\t\t137.23\n"
		"numa01_THREAD_ALLOC\t\tnuma01_THREAD_ALLOC\n"
		"118.05\t\t\t\t50.57\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("names-over-values", text, &c))
		return;
	r = c.nr_tables ? test_row_named(&c.tables[0], "numa01_THREAD_ALLOC") : NULL;
	CHECK(test_one_table_of(&c, "Base", "Patched") && r && r->q[0].mean == 118.05 &&
	      r->q[1].mean == 50.57, "a row per name line and its values: 118.05 -> 50.57");
	claims_free(&c);
}

/*
 * A mailer's marks in a table: no-break spaces between its cells, and a
 * pipe table's rows wrapped after a cell, the rest on the next line.
 */
static void test_mailer_wrapped_nbsp(void)
{
	const char *text =
		"|\xc2\xa0 memory type\xc2\xa0 | FG 5s\xc2\xa0 | BG 5s\xc2\xa0 | BG 1min |\n"
		"-----------------------------------------------\n"
		"|\xc2\xa0\xc2\xa0 VmRSS(KB) | 453832 | 252300 |\n"
		"207724 |\n"
		"|\xc2\xa0 VmSwap(KB) | 202692 | 334852 |\n"
		"\xc2\xa0" "362332 |\n";
	const char *quoted =
		"> > |  name | A | B | C |\n"
		"> > |---|---|---|---|\n"
		"> > |  VmRSS | 453832 | 252300 |\n"
		"> > 207724 |\n"
		"> > |  VmSwap | 202692 | 334852 |\n"
		"> > 362332 |\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("mailer-wrapped", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 3 &&
	      !strcmp(c.tables[0].col[2], "BG 1min"),
	      "no-break spaces part cells; the wrapped rows joined: FG 5s | BG 5s | BG 1min");
	r = c.nr_tables ? test_row_named(&c.tables[0], "VmSwap(KB)") : NULL;
	CHECK(r && r->q[0].mean == 202692 && r->q[2].mean == 362332,
	      "VmSwap 202692 ... 362332, its last cell from the next line");
	claims_free(&c);
	/* quoted twice, "> > " before each line: the rest's quote marks off */
	if (!test_drafted("mailer-wrapped-quoted", quoted, &c))
		return;
	r = c.nr_tables ? test_row_named(&c.tables[0], "VmSwap") : NULL;
	CHECK(c.nr_tables == 1 && r && r->q[2].mean == 362332,
	      "'> > 362332 |' joined to its row without its quote marks");
	claims_free(&c);
}

/* A quoted arm's block cut by the reply's words, the quote going on after them. */
static void test_blocks_cut_by_reply(void)
{
	const char *text =
		"> without patch:\n"
		"> ---\n"
		"> root@ubuntu:/sys/kernel/debug/bdi/8:0# cat stats\n"
		"> BdiWriteback:                0 kB\n"
		"> BdiDirtyThresh:        1346824 kB\n"
		"\n"
		"But this is odd. The machine appears to have around 3GB of memory.\n"
		"\n"
		"> DirtyThresh:            673412 kB\n"
		"> BdiDirtied:             472384 kB\n"
		"> \n"
		"> with patch:\n"
		"> ---\n"
		"> root@ubuntu:/sys/kernel/debug/bdi/8:0# cat stats\n"
		"> BdiWriteback:               96 kB\n"
		"> BdiDirtyThresh:        3090736 kB\n"
		"> DirtyThresh:            650716 kB\n"
		"> BdiDirtied:             472512 kB\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("cut-by-reply", text, &c))
		return;
	CHECK(test_one_table_of(&c, "without patch", "with patch") && c.tables[0].nr_rows == 4,
	      "the first arm's rows before and after the reply's words: one table of 4 rows");
	r = c.nr_tables ? test_row_named(&c.tables[0], "DirtyThresh") : NULL;
	CHECK(r && r->q[0].mean == 673412 && r->q[1].mean == 650716, "DirtyThresh 673412 -> 650716");
	claims_free(&c);
}

/*
 * Rows packing a key and an arm, "8 (no opt)", the arms taking turns
 * under each key, under a header a blank line above that names the
 * labels' column: a table per value column, the keys its rows.
 */
static void test_packed_rows(void)
{
	const char *text =
		"  num_vcpus       vcpu wall time          aging avg pass time\n"
		"\n"
		"  1 (no aging)    0.878822016             n/a\n"
		"  1 (no opt)      0.938250568             0.008236007\n"
		"  1 (opt)         0.912270190             0.007314582\n"
		"\n"
		"  8 (no aging)    1.473883699             n/a\n"
		"  8 (no opt)      1.589441079             0.227419586s\n"
		"  8 (opt)         1.498439592             0.063857740s\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("packed-rows", text, &c))
		return;
	CHECK(c.nr_tables == 2 && c.tables[0].nr_cols == 3 &&
	      !strcmp(c.tables[0].col[1], "no opt") && !strcmp(c.tables[1].title, "aging avg pass time"),
	      "a table per value column, the arms no aging | no opt | opt");
	r = c.nr_tables == 2 ? test_row_named(&c.tables[1], "8") : NULL;
	CHECK(r && !r->q[0].has_mean && r->q[1].mean == 0.227419586 && r->q[2].mean == 0.06385774,
	      "the key's row: n/a, 0.227419586, 0.063857740");
	claims_free(&c);
}

/*
 * Shapes of one table of two or three arms, checked by every arm's name
 * and one row's values: a change in words closing a cell; a quantity's
 * heading (its note in parentheses) over a bare line per arm; rows
 * named by a histogram's buckets; each arm's table of quantities named
 * in words under its heading (the headings the arms, the first quantity
 * the value); configurations numbered as rows, turned; changes in
 * parentheses after each value under "(overhead)" names; page sizes as
 * columns over settings, not turned; tab-aligned columns named in
 * brackets, "[v4 change]" the patch's, no change.
 */
static void test_arm_rows(void)
{
	static const struct {
		const char *name;
		int nr;
		const char *text, *arm[3], *row;
		double v[3];
	} cases[] = {
		{ "change-in-words", 2,
		  "number of clients | Without patch | With patch\n"
		  "  6               | 42584.1 Mbps  | 48603.4 Mbps (14.13% improvement)\n"
		  "  12              | 30617.1 Mbps  | 47919.7 Mbps (56.51% improvement)\n",
		  { "Without patch", "With patch" }, "12", { 30617.1, 47919.7 } },
		{ "quantity-over-arm-lines", 2,
		  "\"enabled\"(1) means new behavior, \"disabled\"(0) means the old one.\n"
		  "\n"
		  "Sum of nsecs (results piped to: awk '{ sum += $1 } END { print sum }'):\n"
		  "disabled:\t903610\n"
		  "enabled:\t1006833 (+11.4%)\n",
		  { "disabled", "enabled" }, "Sum of nsecs", { 903610, 1006833 } },
		{ "bucket-rows", 2,
		  "Range (us)                 Before (Avg)    After (Avg)    Change\n"
		  "------------------------------------------------------------------------\n"
		  "[0, 1)                     9,927           4,286          -56.82%\n"
		  "[1, 10)                    9,179           1,327          -85.54%\n"
		  "[1000000, +)               0               0              N/A\n",
		  { "Before (Avg)", "After (Avg)" }, "[1, 10)", { 9179, 1327 } },
		{ "quantities-in-words", 2,
		  "  Unpatched kernel:\n"
		  "\n"
		  "  Run    Percpu Memory Increase    nr_dying_descendants Increase\n"
		  "  ---    ----------------------    -----------------------------\n"
		  "   1           76032 kB                       209\n"
		  "   2           74112 kB                       208\n"
		  "\n"
		  "  Patched kernel:\n"
		  "\n"
		  "  Run    Percpu Memory Increase    nr_dying_descendants Increase\n"
		  "  ---    ----------------------    -----------------------------\n"
		  "   1            4224 kB                       207\n"
		  "   2            1536 kB                       209\n",
		  { "Unpatched kernel", "Patched kernel" }, "2", { 74112, 1536 } },
		{ "numbered-configurations", 3,
		  "                        kmalloc                 pgalloc\n"
		  "(1 baseline)            6.764s                  16.902s\n"
		  "(2 default disabled)    6.793s  (+0.43%)        17.007s (+0.62%)\n"
		  "(3 runtime enabled)     7.405s  (+9.48%)        23.901s (+41.41%)\n",
		  { "(1 baseline)", "(2 default disabled)", "(3 runtime enabled)" },
		  "pgalloc", { 16.902, 17.007, 23.901 } },
		{ "overhead-columns", 3,
		  "rss.avg                 orig         prcl         (overhead) pprcl        (overhead)\n"
		  "parsec3/blackscholes    588658.400   255710.400   (-56.56)   291570.800   (-50.47)\n"
		  "parsec3/canneal         841353.400   841823.600   (0.06)     841721.800   (0.04)\n",
		  { "orig", "prcl", "pprcl" }, "parsec3/canneal", { 841353.4, 841823.6, 841721.8 } },
		{ "size-columns", 3,
		  "                        |  1G    |  2M    |  4K\n"
		  "------------------------+--------+--------+---------\n"
		  "ssd, mitigations=on\t| 308.75 | 317.37 | 314.9 \n"
		  "ram, mitigations=off\t| 299.32 | 288.44 | 310.65\n",
		  { "1G", "2M", "4K" }, "ram, mitigations=off", { 299.32, 288.44, 310.65 } },
		{ "bracket-columns", 3,
		  "\t[page num]\t[before change]\t[v3 change]\t[v4 change]\n"
		  "\t1\t\t16051\t\t15094\t\t13524\n"
		  "\t2\t\t11366\t\t11270\t\t11146\n",
		  { "before change", "v3 change", "v4 change" }, "1", { 16051, 15094, 13524 } },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct claim_row *r;
		struct claims c;
		bool right;

		if (!test_drafted(cases[i].name, cases[i].text, &c))
			continue;
		r = c.nr_tables ? test_row_named(&c.tables[0], cases[i].row) : NULL;
		right = c.nr_tables == 1 && c.tables[0].nr_cols == cases[i].nr && r;
		for (int a = 0; right && a < cases[i].nr; a++)
			right = !strcmp(c.tables[0].col[a], cases[i].arm[a]) &&
				r->q[a].mean == cases[i].v[a];
		CHECK(right, "%s: %d arms from %s, '%s' from %g", cases[i].name, cases[i].nr,
		      cases[i].arm[0], cases[i].row, cases[i].v[0]);
		claims_free(&c);
	}
}

void test_draft_shapes(void)
{
	test_run_columns();
	test_base_named_second();
	test_names_over_values();
	test_mailer_wrapped_nbsp();
	test_blocks_cut_by_reply();
	test_packed_rows();
	test_bracket_headings();
	test_arm_rows();
	test_transposed_delta_yes_no();
	test_one_blank_tables();
	test_blocks_blank_line();
	test_blocks_mean_stdev();
	test_blocks_stdev_in_parens();
	test_blocks_bullets_time();
	test_blocks_pairs_on_a_line();
	test_blocks_prompt_over_rows();
	test_blocks_ruled_tagged();
	test_blocks_command_run();
	test_blocks_spread_change_runs();
	test_arm_lines();
	test_arm_lines_unit();
	test_arm_lines_one_blank();
	test_blocks_mean_colon_runs();
	test_blocks_runs_then_summary();
	test_vs_rows_and_comma_arms();
	test_tabs_and_redis();
	test_ministat();
	test_blocks_sentences_prompt_one_pair();
	test_arm_lines_shapes();
	test_records_and_one_row_arms();
	test_key_values_colon_rows_ratio();
	test_format_flowed();
	test_sections_under_one_header();
	test_header_units_saved();
	test_header_over_blank_unsigned_changes();
	test_statistics_per_arm();
	test_value_alone_under_arms();
	test_quantities_per_arm();
	test_packed_matrix();
	test_arrow_grid();
	test_test_sections();
	test_joined_arms();
	test_transposed();
	test_mmtests_compare();
	test_mmtests_same_configuration();
	test_lkp_compare();
	test_table_cut_by_reply();
	test_interleaved_arms();
	test_pipe_header_lines();
	test_keyed_arms();
	test_two_line_quantities();
	test_one_value_arms();
	test_template_runs();
	test_heading_blocks();
	test_runs_under_own_headings();
	test_spread_columns();
	test_stat_summaries();
	test_side_by_side();
	test_joined_grids();
	test_notes_past_change();
	test_first_arm_blank();
	test_kernels_as_rows();
	test_grouped_header();
	test_arrow_arms_named();
	test_before_after_rows();
	test_avg_row_change();
	test_compressor_rows();
	test_keyed_one_key();
}
