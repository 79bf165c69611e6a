// SPDX-License-Identifier: GPL-2.0
/*
 * The claims a draft takes from a letter's words (letter_claims.h), on
 * the phrasings of linux-mm letters: each case a small letter, a row and
 * the claim its words give, "-" where they give none.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "claims.h"
#include "claims_draft.h"
#include "harness.h"

#define TWO_ARMS \
	"Subject: [PATCH] mm: zswap: a change\n\n" \
	"                 base        patched\n"

static const struct {
	const char *what, *text, *label, *claim;
} cases[] = {
	{ "the metric's words: \"kernel CPU\" of sys",
	  TWO_ARMS "real            263.89      244.85\n"
	  "user            4318.11     4327.22\nsys             673.29      664.39\n"
	  "swapins         227300      94663\n\n"
	  "We observe an 1.3% reduction in kernel CPU usage, and around 7.2%\n"
	  "reduction in real time. Note that the number of swapped in pages\n"
	  "dropped by 58%.\n", "sys", "lower" },
	{ "\"real time\" of real", NULL, "real", "lower" },
	{ "\"swapped in pages dropped\"", NULL, "swapins", "lower" },
	{ "a row the words do not name", NULL, "user", "-" },
	{ "\"pswpin/out are reduced\" names pswpout",
	  TWO_ARMS "pswpout         44060       9329\n"
	  "zswpwb          0           10329\npool_limit_hit  5           5\n\n"
	  "From the post-patch result, zswpin/out/wb are increased as expected.\n"
	  "pswpin/out are significantly reduced. Although the pool_limit_hit\n"
	  "is not increased, pages were rejected.\n", "pswpout", "lower" },
	{ "\"zswpin/out/wb are increased\" names zswpwb", NULL, "zswpwb", "higher" },
	{ "\"is not increased\" gives no way", NULL, "pool_limit_hit", "-" },
	{ "\"goes from a 14% regression to a 46% improvement\"",
	  TWO_ARMS "4K Page         0.0%        1.3%\n64K THP         -13.6%      46.3%\n"
	  "2M THP          91.4%       89.6%\n\n"
	  "So with this change, the 64K swap performance goes from a 14% regression\n"
	  "to a 46% improvement. While 2M shows a small regression I'm confident\n"
	  "that this is just noise.\n", "64K THP", "higher" },
	{ "a regression the sentence then calls noise", NULL, "2M THP", "same" },
	{ "a row no sentence names", NULL, "4K Page", "-" },
	{ "\"improvement in compression ratios\": the numbers' way",
	  TWO_ARMS "swap-out time(ms)   68711    49908\n"
	  "compression ratio   20.49%   16.9%\n\n"
	  "We observe a notable reduction in CPU usage and a significant\n"
	  "improvement in compression ratios.\n", "compression ratio", "lower" },
	{ "a '%% Improvement' column of a time",
	  "Subject: [PATCH] zswap: same-filled pages\n\n"
	  "                   Baseline    With patch  % Improvement\n"
	  "Zswap Store Time   26.5ms      18ms        32%\n"
	  "Zswap Load Time    25.5ms      13ms        49%\n", "Zswap Store Time", "lower" },
	{ "a 'Improvement' column whose sign is the change's, not a judgement",
	  "Subject: [PATCH] zswap: batching\n\n"
	  "                   base       v13        Improvement\n"
	  "real_sec           888.45     849.54     -4.4%\n"
	  "sys_sec            5866.72    5847.17    -0.3%\n", "real_sec", "-" },
	{ "\"within the noise\" next to a table naming no row",
	  TWO_ARMS "page_fault1-2     25549488    25543935\n"
	  "page_fault1-4     25555149    25575696\n\n"
	  "The differences are mostly within the noise.\n", "page_fault1-4", "same" },
	{ "\"no performance difference\" before the table",
	  "Subject: [PATCH] page_io: zswap: do not crash\n\n"
	  "I see no performance difference:\n\n"
	  "                 base        patched\n"
	  "real            263.89      262.85\n", "real", "same" },
	{ "words the numbers refute give no claim",
	  TWO_ARMS "sys time (s)    535.4       613.41\n\n"
	  "This reduces sys time by 6%.\n", "sys time (s)", "-" },
	{ "\"a small throughput increase\" within 5% is same",
	  TWO_ARMS "throughput      5983561     6003851\n\n"
	  "5% sys time reduction for a small throughput increase.\n",
	  "throughput", "same" },
	{ "gains \"as compared to zstd\" are of another table's pair",
	  "Subject: [PATCH] zswap: batching\n\n"
	  "                   mm-unstable    v5\n"
	  "zswap compressor   zstd           zstd\n"
	  "throughput         6143774        6280657\n\n"
	  "We see 30% throughput gains as compared to zstd with deflate-iaa.\n",
	  "throughput", "-" },
	{ "three columns: the words do not say which pair",
	  "Subject: [PATCH] zswap: three\n\n"
	  "                 case1     case2     after\n"
	  "sys time (s)    3135.53   2985.64   3083.18\n\n"
	  "The sys time increases with large folios.\n", "sys time (s)", "-" },
	{ "\"less optimization for X\" claims nothing",
	  TWO_ARMS "written_back pages  40212   40236\n\n"
	  "There is less optimization for the written_back pages case.\n",
	  "written_back pages", "-" },
};

static const char *claim_of(const struct claims *c, const char *label)
{
	static const char *const w[] = { "lower", "higher", "same" };

	for (size_t t = 0; t < c->nr_tables; t++)
		for (size_t r = 0; r < c->tables[t].nr_rows; r++) {
			const struct claim_row *row = &c->tables[t].rows[r];

			if (strcmp(row->label, label))
				continue;
			return strstr(row->note, "claim from the letter's words") ?
			       w[row->dir[0]] : "-";
		}
	return "(no row)";
}

void test_letter_claims(void)
{
	const char *text = NULL;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct draft_stats st;
		struct zs_error err;
		struct claims c;
		const char *got;
		size_t len;
		char *out;

		if (cases[i].text)
			text = cases[i].text;
		if (claims_draft_text(text, strlen(text), "case", &out, &len, &st, &err) ||
		    claims_parse("case", out, len, &c, &err)) {
			CHECK(0, "%s: drafted: %s", cases[i].what, err.msg);
			continue;
		}
		got = claim_of(&c, cases[i].label);
		CHECK(!strcmp(got, cases[i].claim), "claim from words, %s: %s "
		      "(want %s)", cases[i].what, got, cases[i].claim);
		claims_free(&c);
		free(out);
	}
}
