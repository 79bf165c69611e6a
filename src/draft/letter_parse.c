// SPDX-License-Identifier: GPL-2.0
/*
 * A series' letter read for its tables (letter_parse.h). Mails and plain
 * text alike: header blocks and diffs are skipped, quotes taken off, and
 * every run of lines with a label and the same number of value cells is
 * a table (with the header line above it, when there is one). Cells are
 * split at two or more blanks, as the letters align them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "letter_shapes.h"

static int find_tables(struct letter *l)
{
	const char *section = NULL;
	size_t i = 0;

	while (i < l->nr_lines) {
		struct letter_row row;
		long next;

		if (letter_section_heading(l, i))
			section = l->lines[i].text;
		if (l->lines[i].kind != LL_PROSE) {
			i++;
			continue;
		}
		next = letter_read_bench_table(l, i, section);
		if (next == (long)i + 1)
			next = letter_read_kv_blocks(l, i, section);
		if (next == (long)i + 1)
			next = letter_read_arm_lines(l, i, section);
		if (next == (long)i + 1)
			next = letter_read_matrix(l, i, section);
		if (next != (long)i + 1)
			;	/* a suite's report, label-value blocks, an arm a
				 * line, a packed matrix */
		else if (letter_parse_arrow_row(l->lines[i].text, &row))
			next = letter_read_table(l, i, true, section);
		else if (letter_parse_row(l->lines[i].text, &row) >= 2)
			next = letter_read_table(l, i, false, section);
		else
			next = (long)i + 1;
		if (next < 0)
			return -1;
		i = (size_t)next;
	}
	return 0;
}

/* A plain-text letter's title: its first line, when it names a patch. */
static void plain_subject(struct letter *l)
{
	for (size_t i = 0; i < l->nr_lines && !l->subject[0]; i++) {
		const char *t = l->lines[i].text;

		if (letter_blank(t))
			continue;
		if (strstr(t, "[PATCH") || strstr(t, "[RFC")) {
			snprintf(l->subject, sizeof(l->subject), "%s", t);
			l->lines[i].kind = LL_SKIP;
		}
		break;
	}
}

int letter_parse(const char *text, size_t n, struct letter *l,
		 struct zs_error *err)
{
	memset(l, 0, sizeof(*l));
	if (memchr(text, '\0', n)) {
		zs_error_set(err, true, "a NUL byte at offset %zu: not a text mail",
			     (size_t)((const char *)memchr(text, '\0', n) - text));
		return -1;
	}
	if (letter_read_lines(text, n, l)) {
		letter_free(l);
		zs_error_set(err, true, "out of memory");
		return -1;
	}
	plain_subject(l);
	if (find_tables(l) || letter_join_arms(l) || letter_turn_tables(l)) {
		letter_free(l);
		zs_error_set(err, true, "out of memory");
		return -1;
	}
	letter_strip_re(l->subject);
	return 0;
}

void letter_free(struct letter *l)
{
	for (size_t i = 0; i < l->nr_lines; i++)
		free(l->lines[i].text);
	for (size_t i = 0; i < l->nr_tables; i++)
		free(l->tables[i].rows);
	free(l->lines);
	free(l->tables);
	memset(l, 0, sizeof(*l));
}
