// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark tools' own output pasted into letters (issue 46): perf
 * stat's counters under each arm's heading. Each letter is an excerpt in
 * the shape the list uses.
 */
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
	CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 &&
	      !strcmp(c.tables[0].col[0], "Before") && !strcmp(c.tables[0].col[1], "After"),
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

void test_draft_tool_output(void)
{
	test_perf_stat_blocks();
}
