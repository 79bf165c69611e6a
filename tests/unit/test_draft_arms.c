// SPDX-License-Identifier: GPL-2.0
/*
 * `claims draft --arms 'A|B'` (letter_given_arms.c): the arms the user
 * names found as a table's columns (in the order named, the others left
 * out), as its rows (turned), or as the lines and blocks their names
 * lead or stand over; the arms as given refused with why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "claims.h"
#include "claims_draft.h"
#include "harness.h"

/* text drafted with the arms named and read back into c; false (said) when either fails */
static bool drafted_with(const char *name, const char *text, const char *arms,
			 struct claims *c)
{
	struct draft_stats st;
	struct zs_error err;
	size_t len;
	char *out;

	if (claims_draft_text_arms(text, strlen(text), name, arms, &out, &len, &st, &err)) {
		CHECK(0, "%s: drafted with --arms '%s': %s", name, arms, err.msg);
		return false;
	}
	if (claims_parse(name, out, len, c, &err)) {
		CHECK(0, "%s: read back: %s\n%s", name, err.msg, out);
		free(out);
		return false;
	}
	free(out);
	return true;
}

/* The refusal of text with the arms named: its message, "" when drafted. */
static const char *refusal(const char *text, const char *arms)
{
	static struct zs_error err;
	struct draft_stats st;
	size_t len;
	char *out = NULL;

	if (!claims_draft_text_arms(text, strlen(text), "refused", arms, &out, &len, &st,
				    &err)) {
		free(out);
		return "";
	}
	return err.msg;
}

/* Row label of c's table t: its two cells a and b. */
static bool cells_are(const struct claims *c, size_t t, const char *label, double a,
		      double b)
{
	const struct claim_row *r = t < c->nr_tables ?
		test_row_named(&c->tables[t], label) : NULL;

	return r && r->q[0].mean == a && r->q[1].mean == b;
}

static const char *three_columns =
	"[PATCH] mm: a change\n"
	"\n"
	"            vanilla     patched     delta\n"
	"real          263.89      244.85     -7.2%\n"
	"sys           673.29      664.39     -1.3%\n"
	"\n"
	"Latency:\n"
	"            p50   p99\n"
	"vanilla     10    90\n"
	"patched     8     70\n";

/* A table's columns in the order named; a table of other arms left out. */
static void test_columns_named(void)
{
	struct claims c;

	if (!drafted_with("columns", three_columns, "patched|vanilla", &c))
		return;
	CHECK(c.nr_tables == 2 && !strcmp(c.tables[0].col[0], "patched") &&
	      !strcmp(c.tables[0].col[1], "vanilla") && c.tables[0].nr_cols == 2,
	      "'patched|vanilla': the columns in that order (%zu tables, first '%s')",
	      c.nr_tables, c.nr_tables ? c.tables[0].col[0] : "-");
	CHECK(cells_are(&c, 0, "real", 244.85, 263.89),
	      "the cells follow their columns");
	CHECK(cells_are(&c, 1, "p50", 8, 10) && cells_are(&c, 1, "p99", 70, 90),
	      "rows named vanilla and patched: turned, a column per arm");
	claims_free(&c);
	/* a name as the letter writes it, case and marks aside */
	if (!drafted_with("columns", three_columns, "Vanilla|PATCHED", &c))
		return;
	CHECK(c.nr_tables == 2 && cells_are(&c, 0, "sys", 673.29, 664.39) &&
	      !strcmp(c.tables[0].col[0], "Vanilla"),
	      "'Vanilla|PATCHED': found in any case, named as given");
	claims_free(&c);
}

/* The shape named: a heading, a blank line, label: value lines. */
static void test_blocks_named(void)
{
	const char *text =
		"[PATCH] mm: zswap: shrinker\n"
		"\n"
		"With the old shrinker:\n"
		"\n"
		"real: 263.89s\n"
		"sys: 673.29s\n"
		"\n"
		"With the second chance algorithm:\n"
		"\n"
		"real: 244.85s\n"
		"sys: 664.39s\n";
	const char *prose =
		"[PATCH] mm: zswap: swapin count\n"
		"\n"
		"To test this change, I built the kernel under a cgroup with its\n"
		"memory.max set to 2 GB:\n"
		"\n"
		"real: 236.66s\n"
		"swapins: 81552\n"
		"\n"
		"Without neither:\n"
		"\n"
		"real: 263.89s\n"
		"swapins: 227300\n"
		"\n"
		"With this change, the real time is reduced by another 3.3%.\n";
	struct claims c;

	if (drafted_with("blocks", text, "old shrinker|second chance algorithm", &c)) {
		CHECK(test_one_table_of(&c, "old shrinker", "second chance algorithm") &&
		      cells_are(&c, 0, "real", 263.89, 244.85) &&
		      cells_are(&c, 0, "sys", 673.29, 664.39),
		      "headings naming the arms over label: value blocks");
		claims_free(&c);
	}
	if (drafted_with("prose", prose, "Without neither|this change", &c)) {
		CHECK(test_one_table_of(&c, "Without neither", "this change") &&
		      cells_are(&c, 0, "real", 263.89, 236.66) &&
		      cells_are(&c, 0, "swapins", 227300, 81552),
		      "an arm named inside a sentence: the block after it (%zu tables)",
		      c.nr_tables);
		claims_free(&c);
	}
}

/* Each arm's table under its name, of like columns: a table a column. */
static void test_tables_under_names(void)
{
	const char *text =
		"[PATCH] mm: zswap: writeback cursor\n"
		"\n"
		"Without cursor (size: 1M)\n"
		"   child        wb_pages        wb_MB\n"
		"   child0           6368        24.88\n"
		"   child1              0         0.00\n"
		"With cursor (size: 1M)\n"
		"   child        wb_pages        wb_MB\n"
		"   child0           5120        20.00\n"
		"   child1           5120        20.00\n"
		"\n"
		"base: 12 s, patched: 10 s\n";
	const char *lines =
		"[PATCH] x\n"
		"\n"
		"base: 12.5 s\n"
		"patched: 10.25 s\n";
	struct claims c;

	if (drafted_with("under", text, "Without cursor (size: 1M)|With cursor (size: 1M)",
			 &c)) {
		CHECK(c.nr_tables == 2 && !strcmp(c.tables[0].title, "wb_pages") &&
		      cells_are(&c, 0, "child0", 6368, 5120) &&
		      cells_are(&c, 0, "child1", 0, 5120) &&
		      !strcmp(c.tables[1].title, "wb_MB") &&
		      cells_are(&c, 1, "child0", 24.88, 20.00),
		      "a table per column of the arms' tables, each once (%zu)", c.nr_tables);
		claims_free(&c);
	}
	if (drafted_with("lines", lines, "base|patched", &c)) {
		CHECK(c.nr_tables == 1 && c.tables[0].nr_rows == 1 &&
		      c.tables[0].rows[0].q[0].mean == 12.5 &&
		      c.tables[0].rows[0].q[1].mean == 10.25,
		      "a line per arm, its value after its name: one row");
		claims_free(&c);
	}
}

/* Columns the letter does not name take the arms' names; one name twice. */
static void test_unnamed_and_repeated(void)
{
	const char *unnamed =
		"[PATCH] x\n"
		"\n"
		"Results (no header):\n"
		"real     405.0    341.7\n"
		"sys      144.8    115.6\n";
	const char *repeated =
		"[PATCH] x\n"
		"\n"
		"              lz4      lz4     lzo-rle\n"
		"zswpout       100      110     120\n"
		"sys time      5.1      5.2     5.3\n";
	struct claims c;

	if (drafted_with("unnamed", unnamed, "mm-new|+ bypass", &c)) {
		CHECK(test_one_table_of(&c, "mm-new", "+ bypass") &&
		      cells_are(&c, 0, "real", 405.0, 341.7),
		      "two unnamed columns, two arms named: theirs");
		claims_free(&c);
	}
	if (drafted_with("repeated", repeated, "lz4|lz4", &c)) {
		CHECK(c.nr_tables == 1 && c.tables[0].nr_cols == 2 &&
		      cells_are(&c, 0, "zswpout", 100, 110) &&
		      strcmp(c.tables[0].col[0], c.tables[0].col[1]),
		      "'lz4|lz4': the first two such columns, named apart ('%s', '%s')",
		      c.nr_tables ? c.tables[0].col[0] : "-",
		      c.nr_tables ? c.tables[0].col[1] : "-");
		claims_free(&c);
	}
}

/* Arms as given refused with why; arms the letter does not hold. */
static void test_arms_refused(void)
{
	static const char *const bad[] = { "one", "", "a||b", "|b", "  |  " };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK(strstr(refusal(three_columns, bad[i]), "want two to 32 names"),
		      "--arms '%s': refused, saying what it wants (%s)", bad[i],
		      refusal(three_columns, bad[i]));
	CHECK(strstr(refusal(three_columns, "base|tuned"), "no table of the letter has "
			     "those arms"),
	      "arms the letter does not hold: said (%s)", refusal(three_columns, "base|tuned"));
	/* two arms on one line stand over columns: not one arm's block */
	CHECK(*refusal("[PATCH] x\n\n   patched    base\n@us:\n[0]   3.5%   0.1%\n\nthe base:\n"
		       "\nreal: 1 s\n", "patched|base") != '\0',
	      "a line naming both arms is no arm's heading");
}

void test_draft_arms(void)
{
	test_columns_named();
	test_blocks_named();
	test_tables_under_names();
	test_unnamed_and_repeated();
	test_arms_refused();
}
