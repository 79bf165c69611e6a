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

static bool drafted(const char *name, const char *text, struct claims *c)
{
	struct draft_stats st;
	char *out = test_draft_read_back(name, text, strlen(text), &st, c);

	free(out);
	return out != NULL;
}

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

	if (!drafted("mail-under-note", text, &c))
		return;
	CHECK(strstr(c.series, "mm: zswap: a series") != NULL,
	      "the Subject under a note line names the series ('%s')", c.series);
	CHECK(c.nr_tables == 1 && c.tables[0].nr_rows >= 2 &&
	      c.tables[0].rows[c.tables[0].nr_rows - 2].q[1].mean == 6180657,
	      "a quoted row soft-broken by quoted-printable reads 6,180,657");
	claims_free(&c);
}

void test_draft_headers(void)
{
	test_mail_under_note();
	(void)cols_are;
}
