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

static bool drafted(const char *name, const char *text, struct claims *c)
{
	struct draft_stats st;
	char *out = test_draft_read_back(name, text, strlen(text), &st, c);

	free(out);
	return out != NULL;
}

static const struct claim_row *row_named(const struct claim_table *t,
					 const char *label)
{
	for (size_t r = 0; r < t->nr_rows; r++)
		if (!strcmp(t->rows[r].label, label))
			return &t->rows[r];
	return NULL;
}

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

	if (!drafted("blocks-blank", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 4 &&
	      !strcmp(c.tables[0].col[0], "With the old shrinker") &&
	      !strcmp(c.tables[0].col[1], "With the second chance algorithm"),
	      "two headed blocks with blank lines: one table, a column per block");
	r = c.nr_tables ? row_named(&c.tables[0], "swapins") : NULL;
	CHECK(r && r->q[0].mean == 227300.5 && r->q[1].mean == 94663 &&
	      !strcmp(r->metric[0], "pswpin"), "swapins 227300.5 -> 94663, pswpin");
	r = c.nr_tables ? row_named(&c.tables[0], "real") : NULL;
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

	if (!drafted("blocks-mean-stdev", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 3 &&
	      !strcmp(c.tables[0].col[0], "Baseline (6.19)") &&
	      !strcmp(c.tables[0].col[2], "New Design (Static Partition)"),
	      "three blocks, the last heading without its colon: three arms");
	r = c.nr_tables ? row_named(&c.tables[0], "real") : NULL;
	CHECK(r && r->q[0].mean == 190.93 && r->q[0].has_sd && r->q[0].sd == 5.09 &&
	      r->q[1].mean == 187.66 && r->q[2].mean == 184.5 && !r->q[2].has_sd,
	      "'mean: 190.93s, stdev: 5.09s': the mean quoted, the stdev its sd");
	r = c.nr_tables ? row_named(&c.tables[0], "throughput") : NULL;
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

	if (!drafted("blocks-stdev-parens", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 &&
	      !strcmp(c.tables[0].col[0], "6.19") &&
	      !strcmp(c.tables[0].col[1], "swap-table-p3"),
	      "arms '6.19' and 'swap-table-p3', the note of changes left out");
	r = c.nr_tables ? row_named(&c.tables[0], "Free latency") : NULL;
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

	if (!drafted("blocks-bullets", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 4 &&
	      !strcmp(c.tables[0].col[1], "zblock/zstd/make -j32 bzImage"),
	      "two bullet headings: two arms, four rows (%zu tables)", c.nr_tables);
	r = c.nr_tables ? row_named(&c.tables[0], "real") : NULL;
	CHECK(r && fabs(r->q[0].mean - 480.594) < 1e-9 && fabs(r->q[1].mean - 455.546) < 1e-9,
	      "'real\\t8m0.594s' as 480.594 seconds");
	r = c.nr_tables ? row_named(&c.tables[0], "Zswap") : NULL;
	CHECK(r && r->q[0].mean == 200600 && r->q[1].mean == 250940,
	      "'Zswap: 200600 kB <-- note': the note left out");
	r = c.nr_tables ? row_named(&c.tables[0], "zswpin") : NULL;
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

	if (!drafted("blocks-pairs", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 &&
	      !strcmp(c.tables[0].col[0], "Before") && !strcmp(c.tables[0].col[1], "After"),
	      "Before and After, a heading with a note of changes after its colon");
	r = c.nr_tables ? row_named(&c.tables[0], "Real time") : NULL;
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

	if (!drafted("arm-lines", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 2 &&
	      !strcmp(c.tables[0].col[0], "Before") && !strcmp(c.tables[0].col[1], "After"),
	      "two lines, each an arm: Before and After, two rows");
	r = c.nr_tables ? row_named(&c.tables[0], "real time") : NULL;
	CHECK(r && r->q[0].mean == 135.76 && r->q[1].mean == 134.23 &&
	      !strcmp(r->metric[0], "wall_time_s"), "'real time' 135.76 -> 134.23, wall_time_s");
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

	if (!drafted("packed-matrix", text, &c))
		return;
	CHECK(c.nr_tables == 2 && c.tables[0].nr_cols == 2 && c.tables[0].nr_rows == 3 &&
	      !strcmp(c.tables[0].col[0], "Before") && !strcmp(c.tables[1].col[1], "After"),
	      "a table per group, Before and After, three rows (%zu tables)", c.nr_tables);
	r = c.nr_tables == 2 ? row_named(&c.tables[1], "48 / 1G / 7G") : NULL;
	CHECK(r && r->q[0].mean == 257 && r->q[1].mean == 176,
	      "'48 /   1G / 7G': blanks collapsed, Total Time 257 -> 176");
	r = c.nr_tables == 2 ? row_named(&c.tables[0], "6 / 192M / 3G") : NULL;
	CHECK(r && r->q[0].mean == 5258 && r->q[1].mean == 5235, "System Time 5258 -> 5235");
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

	if (drafted("joined", text, &c)) {
		const struct claim_table *t = &c.tables[0];

		CHECK(c.nr_tables == 1 && t->nr_cols == 2 && t->nr_rows == 4 &&
		      !strcmp(t->col[0], "pre-patch, 6.10-rc4") &&
		      !strcmp(t->col[1], "post-patch, 6.10-rc4 with patch 1 to 5"),
		      "two arm tables joined: the columns are the arms (%zu tables)",
		      c.nr_tables);
		r = c.nr_tables ? row_named(t, "zswpin") : NULL;
		CHECK(r && r->q[0].mean == 32025 && r->q[1].mean == 21542 &&
		      fabs(r->change_pct[0] - (21542 - 32025) * 100.0 / 32025) < 1e-9 &&
		      !strcmp(r->metric[0], "zswpin"),
		      "the arms' Delta values; the change derived from them");
		claims_free(&c);
	}
	if (drafted("one-arm", one, &c)) {
		r = row_named(&c.tables[0], "zswpin");
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

	if (!drafted("transposed", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 3 && c.tables[0].nr_rows == 3 &&
	      !strcmp(c.tables[0].col[0], "zswap off (baseline)") &&
	      !strcmp(c.tables[0].col[2], "With all patches"),
	      "configurations as rows: turned into columns");
	r = c.nr_tables ? row_named(&c.tables[0], "sys (s)") : NULL;
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
	if (!text || !drafted("zs-free", text, &c)) {
		free(text);
		return;
	}
	r = c.nr_tables == 2 ? row_named(&c.tables[1], "multi 2p") : NULL;
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

	if (!drafted("mmtests", text, &c))
		return;
	t = c.nr_tables ? &c.tables[0] : NULL;
	CHECK(c.nr_tables == 2 && t->nr_cols == 3 && t->nr_rows == 2 &&
	      !strcmp(t->col[0], "vanilla") &&
	      !strcmp(t->col[1], "sched-scalewakegran-v2r4") &&
	      !strcmp(t->col[2], "sched-moveforward-v1r1"),
	      "mmtests: the configurations name the arms, touching names cut");
	r = t ? row_named(t, "Hmean tput-2") : NULL;
	CHECK(r && r->q[0].mean == 154478 && r->q[1].mean == 146060 &&
	      r->q[2].mean == 153073, "mmtests: 'Hmean tput-2' values, changes and <-- left");
	t = c.nr_tables == 2 ? &c.tables[1] : NULL;
	r = t ? row_named(t, "Ops Kswapd efficiency %") : NULL;
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

	if (!drafted("mmtests-same", text, &c))
		return;
	r = c.nr_tables ? row_named(&c.tables[0], "Amean 14") : NULL;
	CHECK(c.nr_tables == 1 && !strcmp(c.tables[0].col[0], "5.2.0 vanilla") &&
	      !strcmp(c.tables[0].col[1], "5.3.0 vanilla") && r &&
	      r->q[0].mean == 11.18 && r->q[1].mean == 14.59,
	      "mmtests: one configuration, arms by kernel and configuration");
	r = c.nr_tables ? row_named(&c.tables[0], "Amean elapsed") : NULL;
	CHECK(r && r->nr_metrics == 1 && !strcmp(r->metric[0], "wall_time_s"),
	      "mmtests: the mean of elapsed time is wall_time_s");
	r = c.nr_tables ? row_named(&c.tables[0], "Stddev elapsed") : NULL;
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

	if (!drafted("lkp", text, &c))
		return;
	t = c.nr_tables ? &c.tables[0] : NULL;
	CHECK(c.nr_tables == 1 && t->nr_cols == 3 && t->nr_rows == 3 &&
	      !strcmp(t->col[0], "3852f6768ede542e") &&
	      !strcmp(t->col[2], "2c847f27c37da65a93d23c237c5"),
	      "lkp: three commits as arms, the fail:runs block and a long name left out");
	r = t ? row_named(t, "numa-meminfo.node0.Shmem") : NULL;
	CHECK(r && r->q[0].mean == 21281 && r->q[1].mean == 63313 && r->q[2].mean == 64000,
	      "lkp: values beside their spreads");
	r = t ? row_named(t, "vm-scalability.stddev%") : NULL;
	CHECK(r && r->q[1].mean == 241.41 && r->q[2].mean == 239,
	      "lkp: A+- spreads, changes without %%");
	r = t ? row_named(t, "meminfo.Inactive") : NULL;
	CHECK(r && r->q[0].mean == 1.295e+08 && r->q[2].mean == 1.5e+08, "lkp: exponents");
	claims_free(&c);
}

void test_draft_shapes(void)
{
	test_one_blank_tables();
	test_blocks_blank_line();
	test_blocks_mean_stdev();
	test_blocks_stdev_in_parens();
	test_blocks_bullets_time();
	test_blocks_pairs_on_a_line();
	test_arm_lines();
	test_packed_matrix();
	test_joined_arms();
	test_transposed();
	test_mmtests_compare();
	test_mmtests_same_configuration();
	test_lkp_compare();
}
