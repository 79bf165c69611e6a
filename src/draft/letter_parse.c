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

/*
 * The shapes read before aligned tables, each from its first line: a
 * suite's compare report (letter_bench_formats.c), ministat's
 * (letter_ministat.c), arms as rows under
 * each test's name (letter_test_rows.c), pipe tables of arms named by
 * key columns (letter_keyed.c), rows taking turns between arms
 * (letter_interleave.c), a pipe table of one arm's values
 * (letter_join.c), two arms as a diff's '-' and '+' lines
 * (letter_diff_lists.c), each arm's runs a blank apart
 * (letter_arm_runs.c), lines of two keys and a value
 * (letter_long_rows.c), blocks of "label: value" (letter_blocks.c), an arm a
 * line (letter_arm_lines.c), arms' outputs side by side, or their
 * names over their values (letter_side_by_side.c), a packed matrix
 * (letter_matrix.c), a grid of arrow cells (letter_arrow_grid.c), blocks of "label: value" under
 * sentences (letter_sections.c), an arm's name over a header and its
 * values (letter_records.c), an arm's section of sub-blocks
 * (letter_sections.c), a quantity's heading over a line per arm
 * (letter_blocks.c). Each returns the line after
 * what it read, i + 1 when i starts none.
 */
static long (*const shape_readers[])(struct letter *l, size_t i,
				      const char *section) = {
	letter_read_bench_table, letter_read_ministat, letter_read_test_rows, letter_read_keyed,
	letter_read_interleaved, letter_read_one_arm, letter_read_diff_lists,
	letter_read_arm_runs, letter_read_long_rows, letter_read_kv_blocks,
	letter_read_arm_lines, letter_read_side_by_side, letter_read_names_over_values,
	letter_read_matrix,
	letter_read_arrow_grid,
	letter_read_prose_blocks, letter_read_records, letter_read_key_values,
	letter_read_arm_sections, letter_read_quantity_arms,
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

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
		next = (long)i + 1;
		for (size_t k = 0; k < ARRAY_LEN(shape_readers) && next == (long)i + 1; k++)
			next = shape_readers[k](l, i, section);
		if (next != (long)i + 1)
			;	/* a shape of its own */
		else if (letter_parse_arrow_row(l->lines[i].text, &row))
			next = letter_read_table(l, i, true, section);
		else if (letter_parse_row(l->lines[i].text, &row) >= 2)
			next = letter_read_table(l, i, false, section);
		/* no reader's shape: lines of one template under arms' headings */
		if (next == (long)i + 1)
			next = letter_read_template_runs(l, i, section);
		if (next == (long)i + 1)
			next = letter_read_heading_blocks(l, i, section);
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
	if (find_tables(l) || letter_unpack_rows(l) || letter_join_cuts(l) ||
	    letter_join_arms(l) || letter_join_grids(l) || letter_turn_tables(l) ||
	    letter_unpack_run_columns(l)) {
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
