// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark tools' own output pasted into letters (issue 46) under each
 * arm's heading: perf stat's counters, perf report's shares, fio's
 * results, kernbench's averages, GNU time -v, sysbench's sections,
 * test_vmalloc's summaries, fish's time, stress-ng's metrics; each
 * arm's runs side by side; lines of two keys and a value. Each letter is an excerpt in
 * the shape the list uses.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "claims.h"
#include "harness.h"

/* perf stat under "Before:" and "After:": counters, notes, its summary. */
static void test_perf_stat_blocks(void)
{
	const char *text =
		"[PATCH] mm: clear pages with string instructions\n"
		"\n"
		"Before:\n"
		"\n"
		" Performance counter stats for './a.out' (5 runs):\n"
		"\n"
		"     9,250,034,512      cycles                           #    2.418 GHz"
		"                         ( +-  0.43% )  (46.16%)\n"
		"       544,878,976      instructions                     #    0.06  insn per cycle\n"
		"             1,234      page-faults                      #    0.322 K/sec"
		"                      ( +-  0.01% )\n"
		"\n"
		"       3.8251 +- 0.0123 seconds time elapsed  ( +-  0.32% )\n"
		"\n"
		"After:\n"
		"\n"
		" Performance counter stats for './a.out' (5 runs):\n"
		"\n"
		"     3,688,681,006      cycles                           #    2.420 GHz"
		"                         ( +-  3.48% )  (46.01%)\n"
		"        10,979,121      instructions                     #    0.00  insn per cycle\n"
		"             1,200      page-faults                      #    0.322 K/sec"
		"                      ( +-  0.01% )\n"
		"\n"
		"       1.5251 +- 0.0123 seconds time elapsed  ( +-  0.32% )\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("perf-stat", text, &c))
		return;
	CHECK(test_one_table_of(&c, "Before", "After"),
	      "perf stat under Before: and After:: one table of the two arms");
	r = c.nr_tables ? test_row_named(&c.tables[0], "cycles") : NULL;
	CHECK(r && r->q[0].mean == 9250034512.0 && r->q[1].mean == 3688681006.0,
	      "'9,250,034,512  cycles  # ... ( +- 0.43%% )  (46.16%%)': the count");
	r = c.nr_tables ? test_row_named(&c.tables[0], "instructions") : NULL;
	CHECK(r && r->q[0].mean == 544878976.0 && r->q[1].mean == 10979121.0,
	      "instructions after perf's '#' note");
	r = c.nr_tables ? test_row_named(&c.tables[0], "seconds time elapsed") : NULL;
	CHECK(r && r->q[0].mean == 3.8251 && r->q[0].sd == 0.0123 &&
	      r->q[1].mean == 1.5251 && !strcmp(r->unit, "s"),
	      "'3.8251 +- 0.0123 seconds time elapsed': the mean and its spread, in s");
	claims_free(&c);
}

/* fio's result lines under each arm: rates, a latency's avg and stdev,
 * its distribution's buckets, cpu's shares. */
static void test_fio_blocks(void)
{
	const char *bw_alone =
		"DRAM:\n"
		"  read: IOPS=1k, BW=2MiB/s\n"
		"  bw=83.5GiB/s (89.7GB/s)\n"
		"\n"
		"Remote:\n"
		"  read: IOPS=2k, BW=3MiB/s\n"
		"  bw=41.4GiB/s (44.4GB/s)\n";
	const char *text =
		"[PATCH] mm: swap: read ahead less\n"
		"\n"
		"Without the patch:\n"
		"\n"
		"  read: IOPS=123k, BW=480MiB/s (503MB/s)(28.1GiB/60001msec)\n"
		"    clat (usec): min=2, max=8123, avg=31.52, stdev=20.11\n"
		"     lat (usec): min=2, max=8125, avg=32.01, stdev=20.30\n"
		"    clat percentiles (usec):\n"
		"     |  1.00th=[    3],  5.00th=[    4], 10.00th=[    4],\n"
		"   bw (  KiB/s): min=401234, max=512345, per=100.00%, avg=491234.12, stdev=1234.56\n"
		"  lat (usec)   : 50=98.34%, 100=1.61%\n"
		"  cpu          : usr=1.42%, sys=98.35%, ctx=213, majf=0, minf=264\n"
		"\n"
		"With the patch:\n"
		"\n"
		"  read: IOPS=156k, BW=609MiB/s (639MB/s)(35.7GiB/60001msec)\n"
		"    clat (usec): min=2, max=7001, avg=24.10, stdev=18.01\n"
		"     lat (usec): min=2, max=7003, avg=24.60, stdev=18.20\n"
		"    clat percentiles (usec):\n"
		"     |  1.00th=[    3],  5.00th=[    3], 10.00th=[    4],\n"
		"   bw (  KiB/s): min=501234, max=652345, per=100.00%, avg=623456.12, stdev=1534.56\n"
		"  lat (usec)   : 50=88.02%, 100=10.65%\n"
		"  cpu          : usr=1.44%, sys=97.72%, ctx=1679, majf=0, minf=265\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("fio", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 &&
	      !strcmp(c.tables[0].col[1], "With the patch"),
	      "fio under two headings: one table of the two arms");
	r = c.nr_tables ? test_row_named(&c.tables[0], "read IOPS") : NULL;
	CHECK(r && r->q[0].mean == 123 && r->q[1].mean == 156, "'read: IOPS=123k': read IOPS");
	r = c.nr_tables ? test_row_named(&c.tables[0], "clat") : NULL;
	CHECK(r && r->q[0].mean == 31.52 && r->q[0].sd == 20.11 && r->q[1].mean == 24.10 &&
	      !strcmp(r->unit, "usec"), "'clat (usec): ... avg=31.52, stdev=20.11': its mean, spread, unit");
	r = c.nr_tables ? test_row_named(&c.tables[0], "bw") : NULL;
	CHECK(r && r->q[0].mean == 491234.12 && r->q[1].mean == 623456.12,
	      "bw's avg past the percentile lines");
	r = c.nr_tables ? test_row_named(&c.tables[0], "lat (usec) 50") : NULL;
	CHECK(r && r->q[0].mean == 98.34 && r->q[1].mean == 88.02, "'lat (usec) : 50=98.34%%'");
	r = c.nr_tables ? test_row_named(&c.tables[0], "cpu ctx") : NULL;
	CHECK(r && r->q[0].mean == 213 && r->q[1].mean == 1679, "'cpu : ... ctx=213'");
	claims_free(&c);
	if (!test_drafted("fio-bw-alone", bw_alone, &c))
		return;
	r = c.nr_tables ? test_row_named(&c.tables[0], "bw") : NULL;
	CHECK(r && r->q[0].mean == 83.5 && r->q[1].mean == 41.4,
	      "'bw=83.5GiB/s (89.7GB/s)' alone on its line: bw");
	claims_free(&c);
}

/*
 * kernbench's averages with their deviation; GNU time -v's wall clock;
 * sysbench's "Latency (ms):" naming the rows under it in each arm.
 */
static void test_kernbench_time_v_sysbench(void)
{
	const char *kernbench =
		"Base kernel:\n"
		"Average Optimal load -j 32 Run (std deviation):\n"
		"Elapsed Time 123.45 (1.23)\n"
		"System Time 456.78 (3.45)\n"
		"\n"
		"Patched kernel:\n"
		"Average Optimal load -j 32 Run (std deviation):\n"
		"Elapsed Time 120.45 (1.13)\n"
		"System Time 400.78 (3.15)\n";
	const char *time_v =
		"Before:\n"
		"\tCommand being timed: \"make -j32\"\n"
		"\tSystem time (seconds): 456.78\n"
		"\tElapsed (wall clock) time (h:mm:ss or m:ss): 2:03.45\n"
		"\tMaximum resident set size (kbytes): 123456\n"
		"\n"
		"After:\n"
		"\tCommand being timed: \"make -j32\"\n"
		"\tSystem time (seconds): 400.78\n"
		"\tElapsed (wall clock) time (h:mm:ss or m:ss): 2:00.45\n"
		"\tMaximum resident set size (kbytes): 120456\n";
	const char *sysbench =
		"baseline:\n"
		"    transactions:                        123456 (2057.56 per sec.)\n"
		"Latency (ms):\n"
		"         avg:                                    7.77\n"
		"         95th percentile:                       12.34\n"
		"\n"
		"patched:\n"
		"    transactions:                        133456 (2224.26 per sec.)\n"
		"Latency (ms):\n"
		"         avg:                                    7.17\n"
		"         95th percentile:                       11.34\n";
	struct claims c;
	const struct claim_row *r;

	if (test_drafted("kernbench", kernbench, &c)) {
		r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "Elapsed Time") : NULL;
		CHECK(r && r->q[0].mean == 123.45 && r->q[0].sd == 1.23 && r->q[1].mean == 120.45,
		      "'Elapsed Time 123.45 (1.23)': the average and its deviation");
		claims_free(&c);
	}
	if (test_drafted("time-v", time_v, &c)) {
		r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "Elapsed (wall clock) time") : NULL;
		CHECK(r && r->q[0].mean == 123.45 && r->q[1].mean == 120.45 && !strcmp(r->unit, "s"),
		      "'Elapsed (wall clock) time (h:mm:ss or m:ss): 2:03.45': 123.45 s");
		r = c.nr_tables == 1 ?
		    test_row_named(&c.tables[0], "Maximum resident set size (kbytes)") : NULL;
		CHECK(r && r->q[0].mean == 123456 && r->q[1].mean == 120456,
		      "the rows past the wall clock's line kept");
		claims_free(&c);
	}
	if (test_drafted("sysbench", sysbench, &c)) {
		CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 &&
		      !strcmp(c.tables[0].col[1], "patched"),
		      "sysbench's 'Latency (ms):' no arm: two arms, baseline and patched");
		r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "Latency avg") : NULL;
		CHECK(r && r->q[0].mean == 7.77 && r->q[1].mean == 7.17 && !strcmp(r->unit, "ms"),
		      "'avg: 7.77' under 'Latency (ms):' as Latency avg, in ms");
		claims_free(&c);
	}
}

/*
 * Arms under tags, "<default perf>" over the rows and again under them,
 * "vs" between: perf report's Children and Self (Self read, a symbol
 * one arm lacks kept empty there); test_vmalloc's summaries.
 */
static void test_tagged_arms(void)
{
	const char *perf =
		"<default perf>\n"
		" 94.41%     0.89%  [kernel]        [k] _raw_spin_lock\n"
		" 93.35%    93.07%  [kernel]        [k] native_queued_spin_lock_slowpath\n"
		" 20.08%     0.21%  [kernel]        [k] find_unlink_vmap_area\n"
		"<default perf>\n"
		"   vs\n"
		"<patch-series perf>\n"
		" 19.51%     2.43%  [kernel]        [k] _raw_spin_lock\n"
		" 16.61%    16.51%  [kernel]        [k] native_queued_spin_lock_slowpath\n"
		"<patch-series perf>\n";
	const char *vmalloc =
		"<default>\n"
		"Summary: fix_size_alloc_test loops: 1000000 avg: 993985 usec\n"
		"Summary: full_fit_alloc_test loops: 1000000 avg: 973554 usec\n"
		"<default>\n"
		"\n"
		"<this patch>\n"
		"Summary: fix_size_alloc_test loops: 1000000 avg: 882263 usec\n"
		"Summary: full_fit_alloc_test loops: 1000000 avg: 973407 usec\n"
		"<this patch>\n";
	struct claims c;
	const struct claim_row *r;

	if (test_drafted("tagged-perf", perf, &c)) {
		CHECK(test_one_table_of(&c, "default perf", "patch-series perf"),
		      "two tagged arms, 'vs' between them");
		r = c.nr_tables ? test_row_named(&c.tables[0], "native_queued_spin_lock_slowpath") : NULL;
		CHECK(r && r->q[0].mean == 93.07 && r->q[1].mean == 16.51,
		      "'93.35%%  93.07%%  [kernel]': Self, not Children");
		r = c.nr_tables ? test_row_named(&c.tables[0], "find_unlink_vmap_area") : NULL;
		CHECK(r && r->q[0].mean == 0.21 && !r->q[1].present,
		      "a symbol under one arm's profile only: empty in the other");
		claims_free(&c);
	}
	if (test_drafted("tagged-vmalloc", vmalloc, &c)) {
		r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "fix_size_alloc_test") : NULL;
		CHECK(r && r->q[0].mean == 993985 && r->q[1].mean == 882263 &&
		      !strcmp(c.tables[0].col[1], "this patch"),
		      "test_vmalloc's 'Summary: NAME loops: N avg: X usec' under tags");
		claims_free(&c);
	}
}

/* lkp's rows quoted without its %stddev line: names first or last. */
static void test_lkp_rows_quoted(void)
{
	const char *text =
		"\t\t     base                      base+patch\n"
		"wis-mmap1-25%\t    223670           +33.3%     298205        per_process_ops\n"
		"wis-mmap1-50%\t    186020           +51.8%     282383        per_process_ops\n"
		"\n"
		"Take the perf-profile comparasion of 50% test case:\n"
		"\n"
		"      43.80           -30.8       13.04       pp.self.native_queued_spin_lock_slowpath\n"
		"      0.20 \xc2\xb1  2%      -0.1        0.12 \xc2\xb1  4%  pp.self.get_any_partial\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("lkp-rows", text, &c))
		return;
	CHECK(c.nr_tables == 2 && c.tables[1].nr_cols == 2 &&
	      !strcmp(c.tables[1].col[0], "base") && !strcmp(c.tables[1].col[1], "base+patch"),
	      "two tables, the second taking the first's arms");
	r = c.nr_tables ? test_row_named(&c.tables[0], "wis-mmap1-25%") : NULL;
	CHECK(r && r->q[0].mean == 223670 && r->q[1].mean == 298205,
	      "the test's name first, the change between, the measure last dropped");
	r = c.nr_tables == 2 ? test_row_named(&c.tables[1], "pp.self.get_any_partial") : NULL;
	CHECK(r && r->q[0].mean == 0.20 && r->q[1].mean == 0.12, "'0.20 ± 2%%  -0.1  0.12 ± 4%%'");
	claims_free(&c);
}

/* Two arms as a diff's lines, named by the legend under them. */
static void test_diff_lists(void)
{
	const char *text =
		"Interesting vmstat delta's differences between before and after:\n"
		"\n"
		"   -nr_inactive_anon 321935\n"
		"   -nr_active_anon 1780700\n"
		"   -pgscan_kswapd 1234\n"
		"\n"
		"   +nr_inactive_anon 1662306\n"
		"   +nr_active_anon 440303\n"
		"   +pgscan_kswapd 4321\n"
		"\n"
		"   where -: before this patch, +: after this patch\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("diff-lists", text, &c))
		return;
	CHECK(test_one_table_of(&c, "before this patch", "after this patch"),
	      "'-' and '+' lists: two arms, named by the legend");
	r = c.nr_tables ? test_row_named(&c.tables[0], "nr_active_anon") : NULL;
	CHECK(r && r->q[0].mean == 1780700 && r->q[1].mean == 440303,
	      "-nr_active_anon 1780700, +nr_active_anon 440303");
	claims_free(&c);
}

/* Each arm's runs, no mean: a table per run; fish's time between rules. */
static void test_arm_runs_fish(void)
{
	const char *text =
		"Before:\n"
		"(I'm using fish shell on that test machine so this is fish time format):\n"
		"________________________________________________________\n"
		"Executed in   20.80 secs    fish           external\n"
		"   usr time    5.14 secs    0.00 millis    5.14 secs\n"
		"   sys time   15.65 secs    1.17 millis   15.65 secs\n"
		"________________________________________________________\n"
		"Executed in   21.69 secs    fish           external\n"
		"   usr time    5.31 secs  725.00 micros    5.31 secs\n"
		"   sys time   16.36 secs  579.00 micros   16.36 secs\n"
		"\n"
		"After:\n"
		"________________________________________________________\n"
		"Executed in   30.77 secs    fish           external\n"
		"   usr time    5.16 secs  767.00 micros    5.16 secs\n"
		"   sys time   25.59 secs  580.00 micros   25.59 secs\n"
		"________________________________________________________\n"
		"Executed in   37.47 secs    fish           external\n"
		"   usr time    5.48 secs    0.00 micros    5.48 secs\n"
		"   sys time   31.98 secs  674.00 micros   31.98 secs\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("arm-runs", text, &c))
		return;
	CHECK(c.nr_tables == 2 && c.tables[1].nr_cols == 2 &&
	      !strcmp(c.tables[1].col[0], "Before") && !strcmp(c.tables[1].col[1], "After"),
	      "two runs an arm: a table per run, the arms Before and After");
	r = c.nr_tables == 2 ? test_row_named(&c.tables[1], "sys time") : NULL;
	CHECK(r && r->q[0].mean == 16.36 && r->q[1].mean == 31.98,
	      "the second runs side by side: 16.36 and 31.98, the total not the shell's");
	claims_free(&c);
}

/* A benchmark's "ROW : ARM : VALUE" lines: rows by arms. */
static void test_long_rows(void)
{
	const char *text =
		"2 MiB MAP_PRIVATE:\n"
		"Anon 4 KiB     : Read                     :     0.119 ms\n"
		"Anon 4 KiB     : Write                    :     0.222 ms\n"
		"Anon 4 KiB     : POPULATE_READ            :     0.060 ms\n"
		"tmpfs          : Read                     :     0.033 ms\n"
		"tmpfs          : Write                    :     0.313 ms\n"
		"tmpfs          : POPULATE_READ            :     0.039 ms\n"
		"tmpfs          : FALLOCATE                :     0.044 ms\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("long-rows", text, &c))
		return;
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 4 && c.tables[0].nr_rows == 2 &&
	      !strcmp(c.tables[0].col[0], "Read") && !strcmp(c.tables[0].col[3], "FALLOCATE"),
	      "the second keys as arms, in order, the first keys as rows");
	r = c.nr_tables ? test_row_named(&c.tables[0], "Anon 4 KiB") : NULL;
	CHECK(r && r->q[1].mean == 0.222 && !r->q[3].present && !strcmp(r->unit, "ms"),
	      "Anon 4 KiB: Write 0.222 ms, no FALLOCATE line: empty");
	claims_free(&c);
}

/* Runs of a command under each arm's heading, its prompt over each. */
static void test_arm_runs_prompts(void)
{
	const char *text =
		"(1) A few runs without this patch:\n"
		"\n"
		" # time ./stress_reclaim_refault.sh\n"
		" real 0m9.949s\n"
		" user 0m0.496s\n"
		" sys 14m44.974s\n"
		"\n"
		" # time ./stress_reclaim_refault.sh\n"
		" real 0m10.049s\n"
		" user 0m0.486s\n"
		" sys 14m55.791s\n"
		"\n"
		"(2) A few runs with this patch:\n"
		"\n"
		" # time ./stress_reclaim_refault.sh\n"
		" real 0m9.885s\n"
		" user 0m0.486s\n"
		" sys 14m48.753s\n"
		"\n"
		" # time ./stress_reclaim_refault.sh\n"
		" real 0m9.903s\n"
		" user 0m0.495s\n"
		" sys 14m48.339s\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("arm-runs-prompts", text, &c))
		return;
	CHECK(c.nr_tables == 2 && c.tables[1].nr_cols == 2,
	      "two runs an arm, each under its command's prompt: a table per run");
	r = c.nr_tables == 2 ? test_row_named(&c.tables[1], "sys") : NULL;
	CHECK(r && r->q[0].mean == 895.791 && r->q[1].mean == 888.339,
	      "the second runs side by side, no prompt an arm");
	claims_free(&c);
}

/*
 * stress-ng's --metrics-brief under each arm: its log tag off, its
 * header's two lines placed over the columns by where the words stand.
 */
static void test_stress_ng_metrics(void)
{
	const char *text =
		"base:\n"
		"stress-ng: info:  [2345] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n"
		"stress-ng: info:  [2345]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n"
		"stress-ng: info:  [2345] vm               123456     60.00    100.00    200.00      2057.60       411.52\n"
		"stress-ng: info:  [2345] mmap              23456     60.00     10.00     20.00       390.93       781.87\n"
		"\n"
		"patched:\n"
		"stress-ng: info:  [2346] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n"
		"stress-ng: info:  [2346]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n"
		"stress-ng: info:  [2346] vm               133456     60.00    100.00    190.00      2224.27       460.19\n"
		"stress-ng: info:  [2346] mmap              25456     60.00     10.00     19.00       424.27       877.79\n";
	const char *one =
		"stress-ng: info:  [2345] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n"
		"stress-ng: info:  [2345]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n"
		"stress-ng: info:  [2345] vm               123456     60.00    100.00    200.00      2057.60       411.52\n"
		"stress-ng: info:  [2345] mmap              23456     60.00     10.00     20.00       390.93       781.87\n";
	struct claims c;
	const struct claim_row *r;

	if (test_drafted("stress-ng-arms", text, &c)) {
		CHECK(test_one_table_of(&c, "base", "patched"), "each arm's stress-ng table: one of the arms");
		r = c.nr_tables ? test_row_named(&c.tables[0], "vm") : NULL;
		CHECK(r && r->q[0].mean == 123456 && r->q[1].mean == 133456, "vm: bogo ops of each arm");
		claims_free(&c);
	}
	if (test_drafted("stress-ng-header", one, &c)) {
		CHECK(c.nr_tables >= 1 && !strcmp(c.tables[0].col[1], "real time (secs)"),
		      "'bogo ops real time' over two columns, '(secs)' under the second");
		claims_free(&c);
	}
}

/* perf stat in a European locale, each line led by "| ": dotted thousands. */
static void test_perf_stat_european(void)
{
	const char *text =
		"With the optimisation:\n"
		"|  Performance counter stats for './b.sh' (5 runs):\n"
		"|\n"
		"|       43.367.405,59 msec task-clock                #   30,901 CPUs utilized            ( +-  0,01% )\n"
		"|             832.364      cpu-migrations            #   19,196 /sec                     ( +-  0,15% )\n"
		"|\n"
		"|            1403,441 +- 0,466 seconds time elapsed  ( +-  0,03% )\n"
		"\n"
		"With the optimisation disabled:\n"
		"|  Performance counter stats for './b.sh' (5 runs):\n"
		"|\n"
		"|       43.354.742,31 msec task-clock                #   30,869 CPUs utilized            ( +-  0,01% )\n"
		"|             842.835      cpu-migrations            #   19,440 /sec                     ( +-  0,16% )\n"
		"|\n"
		"|             1404,47 +- 1,05 seconds time elapsed  ( +-  0,08% )\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("perf-stat-european", text, &c))
		return;
	CHECK(test_one_table_of(&c, "With the optimisation", "With the optimisation disabled"),
	      "the two arms' perf stat, '| ' leading each line");
	r = c.nr_tables ? test_row_named(&c.tables[0], "cpu-migrations") : NULL;
	CHECK(r && r->q[0].mean == 832364 && r->q[1].mean == 842835,
	      "'832.364 cpu-migrations': a count, 832364");
	r = c.nr_tables ? test_row_named(&c.tables[0], "task-clock") : NULL;
	CHECK(r && r->q[0].mean == 43367405.59, "'43.367.405,59 msec': 43367405.59");
	r = c.nr_tables ? test_row_named(&c.tables[0], "seconds time elapsed") : NULL;
	CHECK(r && r->q[1].mean == 1404.47 && r->q[1].sd == 1.05, "'1404,47 +- 1,05'");
	claims_free(&c);
}

/*
 * Profiles cut to a share and a symbol: two kinds of block taking turns
 * under each arm ("time before:", "perf before:", ...), two tables of
 * the same arms; an arm's name alone over its profile ("patch1-6"), a
 * note after a symbol cut, a call graph's node no heading; a tracer's
 * histogram between lettered arms' blocks.
 */
static void test_profile_kinds_in_turn(void)
{
	const char *turns =
		"time before:\n"
		"real    0m44.612s\n"
		"sys     0m43.887s\n"
		"\n"
		"perf before:\n"
		"27.02% mem_cgroup_css_rstat_flush\n"
		" 6.35% __blkcg_rstat_flush\n"
		"\n"
		"time after:\n"
		"real    0m27.125s\n"
		"sys     0m26.491s\n"
		"\n"
		"perf after:\n"
		"6.03% mem_cgroup_css_rstat_flush\n"
		"0.37% __blkcg_rstat_flush\n";
	const char *lone =
		"kswapd profiles:\n"
		"\n"
		"patch1-6\n"
		"  39.03%  lzo1x_1_do_compress (real work)\n"
		"   6.74%  _raw_spin_unlock_irq\n"
		"   3.97%  do_raw_spin_lock\n"
		"\n"
		"patch1-7\n"
		"  48.16%  lzo1x_1_do_compress (real work)\n"
		"   7.06%  _raw_spin_unlock_irq\n"
		"   2.11%  do_raw_spin_lock\n";
	const char *tracer =
		"   a) With this patch series applied:\n"
		"   # time echo 10240 > /proc/sys/vm/nr_hugepages\n"
		"\n"
		"   real     0m0.166s\n"
		"   user     0m0.000s\n"
		"   sys      0m0.166s\n"
		"\n"
		"   # bpftrace -e 'kprobe:alloc_fresh_huge_page { @start[tid] = nsecs; }'\n"
		"   Attaching 2 probes...\n"
		"\n"
		"   @latency:\n"
		"   [8K, 16K)           8360 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n"
		"   [16K, 32K)          1868 |@@@@@@@@@@@                                 |\n"
		"\n"
		"   b) Without this patch series:\n"
		"   # time echo 10240 > /proc/sys/vm/nr_hugepages\n"
		"\n"
		"   real     0m0.066s\n"
		"   user     0m0.000s\n"
		"   sys      0m0.066s\n";
	struct claims c;
	const struct claim_row *r;

	if (test_drafted("kinds-in-turn", turns, &c)) {
		const struct claim_table *perf = NULL, *time = NULL;

		for (size_t k = 0; k < c.nr_tables; k++) {
			if (test_row_named(&c.tables[k], "real"))
				time = &c.tables[k];
			if (test_row_named(&c.tables[k], "__blkcg_rstat_flush"))
				perf = &c.tables[k];
		}
		CHECK(c.nr_tables == 2 && time && perf && time->nr_cols == 2 &&
		      perf->nr_cols == 2 && !strcmp(time->col[0], "before") &&
		      !strcmp(perf->col[1], "after"),
		      "time and perf blocks in turn: two tables of before | after");
		r = perf ? test_row_named(perf, "__blkcg_rstat_flush") : NULL;
		CHECK(r && r->q[0].mean == 6.35 && r->q[1].mean == 0.37,
		      "a profile's share per arm");
		r = time ? test_row_named(time, "sys") : NULL;
		CHECK(r && r->q[0].mean == 43.887 && r->q[1].mean == 26.491,
		      "time(1)'s sys per arm, the profile's blocks passed");
		claims_free(&c);
	}
	if (test_drafted("tracer-between-arms", tracer, &c)) {
		CHECK(test_one_table_of(&c, "With this patch series applied",
					"Without this patch series"),
		      "arms lettered 'a) ', 'b) ': the letters cut; a tracer's histogram passed");
		r = c.nr_tables ? test_row_named(&c.tables[0], "sys") : NULL;
		CHECK(r && r->q[0].mean == 0.166 && r->q[1].mean == 0.066, "sys per arm");
		claims_free(&c);
	}
	if (test_drafted("lone-names", lone, &c)) {
		CHECK(test_one_table_of(&c, "patch1-6", "patch1-7"),
		      "an arm's name alone over its profile");
		r = c.nr_tables ? test_row_named(&c.tables[0], "lzo1x_1_do_compress") : NULL;
		CHECK(r && r->q[0].mean == 39.03 && r->q[1].mean == 48.16,
		      "a symbol's note in parentheses cut");
		claims_free(&c);
	}
}

/*
 * stress-ng's --times lines under each arm's heading: a row per time;
 * a lone line of numbers under a sub-heading ("load average: 8.99 2.69
 * 0.93" after "179.62s total time (9.35%)") no table of its own.
 */
static void test_stress_ng_times(void)
{
	const char *text =
		"Before:\n"
		"   1920.11s available CPU time\n"
		"     10.18s user time   (  0.53%)\n"
		"    169.44s system time (  8.82%)\n"
		"\n"
		"After:\n"
		"   1923.36s available CPU time\n"
		"      1.60s user time   (  0.08%)\n"
		"     39.66s system time (  2.06%)\n";
	const char *lone =
		"for a 60.00s run time:\n"
		"    179.62s total time  (  9.35%)\n"
		"load average: 8.99 2.69 0.93\n";
	struct claims c;
	const struct claim_row *r;

	if (test_drafted("stress-ng-times", text, &c)) {
		r = c.nr_tables == 1 ? test_row_named(&c.tables[0], "system time") : NULL;
		CHECK(test_one_table_of(&c, "Before", "After") && r && r->q[0].mean == 169.44 &&
		      r->q[1].mean == 39.66, "stress-ng's system time 169.44 s -> 39.66 s");
		claims_free(&c);
	}
	CHECK(test_no_table("stress-ng-lone", lone),
	      "a measured value is no column's name, one unnamed row no table");
}

/*
 * "== name" headings over each arm's runs, perf stat's header over each
 * run and its one summary line: a table per run.
 */
static void test_perf_stat_runs(void)
{
	const char *text =
		"== original, no patched\n"
		"Performance counter stats for 'hackbench 20 thread 20000' (10 runs):\n"
		"\n"
		"      24.536050899 seconds time elapsed               ( +-  0.24% )\n"
		"\n"
		"\n"
		"Performance counter stats for 'hackbench 20 thread 20000' (10 runs):\n"
		"\n"
		"      24.588049142 seconds time elapsed               ( +-  0.35% )\n"
		"\n"
		"== patched with patch1~4\n"
		"Performance counter stats for 'hackbench 20 thread 20000' (10 runs):\n"
		"\n"
		"      24.670892273 seconds time elapsed               ( +-  0.29% )\n"
		"\n"
		"\n"
		"Performance counter stats for 'hackbench 20 thread 20000' (10 runs):\n"
		"\n"
		"      24.746755689 seconds time elapsed               ( +-  0.21% )\n";
	struct claims c;
	const struct claim_row *r;

	if (!test_drafted("perf-stat-runs", text, &c))
		return;
	CHECK(c.nr_tables == 2 && c.tables[1].nr_cols == 2 &&
	      !strcmp(c.tables[1].col[0], "original, no patched") &&
	      !strcmp(c.tables[1].col[1], "patched with patch1~4"),
	      "'== name' headings the arms, a table per run (%zu tables)", c.nr_tables);
	r = c.nr_tables == 2 ? test_row_named(&c.tables[1], "seconds time elapsed") : NULL;
	CHECK(r && fabs(r->q[0].mean - 24.588049142) < 1e-6 &&
	      fabs(r->q[1].mean - 24.746755689) < 1e-6, "the second runs: 24.588 -> 24.747 s");
	claims_free(&c);
}

void test_draft_tool_output(void)
{
	test_profile_kinds_in_turn();
	test_stress_ng_times();
	test_perf_stat_runs();
	test_perf_stat_european();
	test_stress_ng_metrics();
	test_arm_runs_prompts();
	test_long_rows();
	test_arm_runs_fish();
	test_diff_lists();
	test_lkp_rows_quoted();
	test_tagged_arms();
	test_perf_stat_blocks();
	test_fio_blocks();
	test_kernbench_time_v_sysbench();
}
