// SPDX-License-Identifier: GPL-2.0
/*
 * Headers of the letters `zswap-gate claims draft` reads (issue 46): a
 * mail saved under a note line (its Subject and its quoted-printable
 * body still read), headers stacked on several lines over the columns.
 * Each letter is an excerpt in the shape the list uses.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "claims.h"
#include "claims_draft.h"
#include "harness.h"

static bool cols_are(const struct claim_table *t, const char *a, const char *b)
{
	return t->nr_cols == 2 && !strcmp(t->col[0], a) && !strcmp(t->col[1], b);
}

/* A saved mail under a "Source:" note: still a mail, quoted-printable. */
static void test_mail_under_note(void)
{
	const char *text =
		"Source: https://lore.kernel.org/all/x@y/ (headers cut)\n"
		"From: A Writer <a@example.org>\n"
		"Subject: [PATCH v2 0/3] mm: zswap: a series\n"
		"Content-Transfer-Encoding: quoted-printable\n"
		"\n"
		"> zswap compressor       zstd        zstd\n"
		">                      base    patched\n"
		"> Total throughput (KB/s)    6,143,774        6,18=\n"
		"0,657\n"
		"> sys time (sec)              2,628.55         2,684.53\n";
	struct claims c;

	if (!test_drafted("mail-under-note", text, &c))
		return;
	CHECK(strstr(c.series, "mm: zswap: a series") != NULL,
	      "the Subject under a note line names the series ('%s')", c.series);
	CHECK(c.nr_tables == 1 && c.tables[0].nr_rows >= 2 &&
	      c.tables[0].rows[c.tables[0].nr_rows - 2].q[1].mean == 6180657,
	      "a quoted row soft-broken by quoted-printable reads 6,180,657");
	claims_free(&c);
}

/*
 * The arms' names over a rule, a setup row of words, a change column's
 * name written down two lines; counters with the arms' values alone
 * under the timings (after a rule) are the same table.
 */
static void test_stacked_header(void)
{
	const char *text =
		"usemem30 with 64K folios:\n"
		"\n"
		"  --------------------------------------------------------------\n"
		"                  mm-unstable-10-24-2025     v13\n"
		"  --------------------------------------------------------------\n"
		"  zswap compressor       deflate-iaa     deflate-iaa   IAA Batching\n"
		"                                                          vs.\n"
		"                                                     IAA Sequential\n"
		"  --------------------------------------------------------------\n"
		"  Total throughput (KB/s)  6,118,675    9,901,216       62%\n"
		"  sys time (sec)            2,379.29     1,686.18      -29%\n"
		"\n"
		"  --------------------------------------------------------------\n"
		"  zswpout                  48,932,319   48,931,447\n"
		"  pswpout                           0            0\n";
	const struct claim_table *t;
	struct claims c;

	if (!test_drafted("stacked-header", text, &c))
		return;
	t = c.nr_tables ? &c.tables[0] : NULL;
	CHECK(c.nr_tables == 1 && cols_are(t, "mm-unstable-10-24-2025", "v13"),
	      "the arms from the line over the rule (%zu tables, first '%s')",
	      c.nr_tables, t ? t->col[0] : "-");
	CHECK(t && t->nr_rows == 4 && t->rows[3].q[1].mean == 0 &&
	      t->rows[2].q[0].mean == 48932319,
	      "the counters under the rule join the table (%zu rows)",
	      t ? t->nr_rows : 0);
	CHECK(t && t->nr_rows > 0 && t->rows[0].change_pct[0] == 62,
	      "the change column read as the change, not an arm");
	claims_free(&c);
}

/*
 * Under a header of two lines, a row whose second arm is left empty has
 * as many values as the arms: its change is no arm's value, each value
 * placed under the column it stands under.
 */
static void test_stacked_empty_cell(void)
{
	const char *text =
		"Results:\n"
		"\n"
		"                               base-a      after      vs.\n"
		"                                                        base-a\n"
		"  ---------------------------------------------------------\n"
		"  Total throughput (KB/s)   4,793,363   4,853,074     1%\n"
		"  elapsed time (sec)           130.14      126.29    -3%\n"
		"  zswpout                         100                -5%\n";
	const struct claim_table *t;
	struct claims c;

	if (!test_drafted("stacked-empty", text, &c))
		return;
	t = c.nr_tables ? &c.tables[0] : NULL;
	CHECK(t && t->nr_cols == 2 && !strcmp(t->col[0], "base-a") &&
	      !strcmp(t->col[1], "after") && t->nr_rows == 3,
	      "two arms named on two lines (%zu rows)", t ? t->nr_rows : 0);
	CHECK(t && t->nr_rows == 3 && t->rows[2].q[0].mean == 100 && !t->rows[2].q[1].present &&
	      t->rows[2].change_pct[0] == -5,
	      "the row with an empty cell: 100 under base-a, after empty, -5%% its change");
	claims_free(&c);
}

void test_draft_headers(void)
{
	test_mail_under_note();
	test_stacked_header();
	test_stacked_empty_cell();
}
