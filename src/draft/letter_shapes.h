/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside the letter reader (letter_parse.h): what its files share. Each
 * file reads one shape: cells and labels (letter_cell.c), rows and arrow
 * rows (letter_rows.c), the mail into lines (letter_mail.c), aligned
 * tables (letter_tables.c), their columns (letter_columns.c) and stacked
 * headers (letter_header.c), label blocks (letter_blocks.c), their
 * pairs (letter_kv_value.c) and tools' output lines
 * (letter_tool_lines.c), an arm a line (letter_arm_lines.c), a matrix
 * of packed cells (letter_matrix.c), benchmark suites' compare reports
 * (letter_bench_formats.c) and ministat's (letter_ministat.c), pipe
 * tables of arms named by key columns (letter_keyed.c), rows taking turns between arms (letter_interleave.c),
 * lines of one template (letter_templates.c), outputs side by side (letter_side_by_side.c);
 * then the tables found are reshaped: a table cut by a reply's words made
 * whole (letter_cut.c), arms in tables of their own joined
 * (letter_join.c, letter_join_grids.c), transposed tables turned (letter_turn.c).
 */
#ifndef __LETTER_SHAPES_H
#define __LETTER_SHAPES_H

#include <stdbool.h>
#include <stddef.h>
#include "letter_parse.h"

#define TAB_STOP 8
#define MAX_CELLS 256		/* a line of more cells is no row */
#define MAX_LABEL 80		/* longer first cells are prose, not labels */
#define TITLE_MAX 120
#define CELL_TEXT_MAX 80	/* a cell's text letter_cell_parse() reads */

/* A cell's place in its line: text between runs of two or more blanks. */
struct span {
	int start, end;
};

/* letter_cell.c: cells and labels */
bool letter_is_num(const struct letter_cell *c);
bool letter_signed_pct(const struct letter_cell *c);
/* A "(+3.2%)" change at *pp; advances past it. */
bool letter_parse_change(const char **pp, double *pct);
/* A label without numbering, bullets or a trailing colon. */
void letter_clean_label(const char *s, size_t n, char *out, size_t len);
/* "zswap-mTHP-Store" and "zswap-mTHP=Store": one name, told apart only by
 * case and the marks between its words. */
bool letter_same_name(const char *a, const char *b);

/* letter_rows.c: one line as a row */
int letter_split_cells(const char *s, struct span *sp, int max);
/* "400.0ms  (3.9%)": a change split off its value joined back; the cells' count */
int letter_join_change_cells(const char *s, struct span *sp, int n);
bool letter_span_cell(const char *s, const struct span *sp,
		      struct letter_cell *c);
bool letter_label_ok(const char *label);
bool letter_known_unit(const char *unit);
/* "511", "4KiB": a count or a size naming its row, though a number */
bool letter_key_cell(const char *s, size_t n);
/*
 * Tokens a to b of a line, one blank apart, as one cell: false when
 * they run to max characters (CELL_TEXT_MAX at most) or are none.
 */
bool letter_tokens_cell(char **tok, int a, int b, size_t max, struct letter_cell *c);
/* A label and its value cells: the number of values, or -1. */
int letter_parse_row(const char *s, struct letter_row *r);
/* "label: before -> after" as a row of two values. */
bool letter_parse_arrow_row(const char *s, struct letter_row *r);

/* letter_mail.c: the mail into lines */
bool letter_blank(const char *s);
int letter_read_lines(const char *text, size_t n, struct letter *l);
/* "Re: Re: [PATCH v2 0/3] x" -> "[PATCH v2 0/3] x" */
void letter_strip_re(char *s);

/* letter_tables.c: aligned tables, and what every table reader shares */
void letter_find_title(const struct letter *l, size_t i, char *out,
		       size_t len);
bool letter_section_heading(const struct letter *l, size_t i);
void letter_section_title(struct letter_table *t, const char *section);
bool letter_same_block(const struct letter *l, size_t j, int depth);
/* The first line from j on of the block that is not blank. */
size_t letter_past_blanks(const struct letter *l, size_t j, int depth);
/* The blanks opening line s. */
size_t letter_indent(const char *s);
/* Row r into t, or counted in t->rows_cut past the letter's LETTER_MAX_ROWS;
 * -1 out of memory, t's rows freed (t->rows NULL). */
int letter_add_row(struct letter *l, struct letter_table *t,
		   const struct letter_row *r, size_t *cap);
bool letter_seen_table(const struct letter *l, const struct letter_table *t);
/* t into the letter (its rows now the letter's), or its rows freed when
 * the letter's row budget left it none. */
int letter_push_table(struct letter *l, const struct letter_table *t);
/* t under its section's title into the letter, unless a reply quoted it
 * before (then its rows are freed): 0, or -1 out of memory (rows freed). */
int letter_keep_table(struct letter *l, struct letter_table *t,
		      const char *section);
/*
 * t of nr_cols named columns, read from lines [first, end), into the
 * letter as letter_keep_table() keeps it: end, or -1 out of memory.
 */
long letter_keep_lines(struct letter *l, struct letter_table *t, int nr_cols,
		       size_t first, size_t end, const char *section);
/* The table whose first row is line i: the line after it, or -1. */
long letter_read_table(struct letter *l, size_t i, bool arrow,
		       const char *section);

/* letter_columns.c: a table's columns named, change columns taken out */
/* A column (or a row) of changes: "Change", "Delta", "diff" */
bool letter_change_name(const char *s);
/* Header line h over rows of nv values: the names' count, 0 if none. */
int letter_read_header(const char *h, int nv, char col[][LETTER_NAME_LEN], bool *label_col);
/*
 * The same, checked against the first row under it: names standing
 * over other columns than the count gives them are placed by where
 * they stand ("bogo ops real time" over two columns).
 */
int letter_read_header_over(const char *h, const char *row, int nv,
			    char col[][LETTER_NAME_LEN], bool *label_col);
/*
 * A header on two lines over row, words placed by where they stand
 * ("bogo ops/s" over "(real time)"): each column's words, top first;
 * nv, or 0 unless the top line names every column.
 */
int letter_header_two_lines(const char *top, const char *bottom, const char *row,
			    int nv, char col[][LETTER_NAME_LEN], bool *label_col);
/* "no patch(ms)": the arm's name without its unit, the unit to its cells */
void letter_column_unit(struct letter_table *t, int c);
/* nh names in col (from a header; 0: none) over rows of nv values. */
void letter_name_columns(struct letter_table *t, char col[][LETTER_NAME_LEN], int nh,
			 int nv, bool stacked);

/* letter_header.c: a header stacked on lines above the rows */
bool letter_stacked_header(const struct letter *l, size_t first, int nv,
			   char col[][LETTER_NAME_LEN], size_t *htop);
/* Row s's n values under the first n of row's nv columns, in order. */
bool letter_row_under(const char *row, int nv, const char *s, int n);
/*
 * Row s with fewer values than row's nv (a cell left empty): each value
 * into r under the column it stands under, the others empty; false
 * unless each stands under a column of its own (not piped: the last n,
 * each aligned with its column's values on one side).
 */
bool letter_row_placed(const char *row, int nv, const char *s, bool piped,
		       struct letter_row *r);

/*
 * letter_bench_formats.c: mmtests' and lkp's compare reports, the table
 * whose first row (or lkp's "%stddev" line) is line i: the line after
 * it, i + 1 when it starts none, -1 when out of memory.
 */
long letter_read_bench_table(struct letter *l, size_t i, const char *section);

/* letter_records.c: an arm's name over a header and one line of values */
long letter_read_records(struct letter *l, size_t i, const char *section);
/* an arm's table of "key value" rows under its name: one value column */
long letter_read_key_values(struct letter *l, size_t i, const char *section);

/* letter_ministat.c: ministat(1)'s legend and statistics, a column per set */
long letter_read_ministat(struct letter *l, size_t i, const char *section);

/* letter_blocks.c: blocks of "label: value" lines under headings */
long letter_read_kv_blocks(struct letter *l, size_t i, const char *section);
/* a quantity's heading over one line per arm ("Sum of nsecs:" over "disabled: N") */
long letter_read_quantity_arms(struct letter *l, size_t i, const char *section);
/* letter_sections.c: blocks whose arms no heading of their own names */
/* an arm's section under its heading, of sub-blocks under sub-headings */
long letter_read_arm_sections(struct letter *l, size_t i, const char *section);
/* the same blocks under sentences naming their arms, not headings */
long letter_read_prose_blocks(struct letter *l, size_t i, const char *section);

/* letter_diff_lists.c: "-pgfault 123" lines, then "+pgfault 456": two arms */
long letter_read_diff_lists(struct letter *l, size_t i, const char *section);

/* letter_arm_runs.c: each arm's runs under its heading: a table per run */
long letter_read_arm_runs(struct letter *l, size_t i, const char *section);

/* letter_long_rows.c: "Anon 4 KiB : Read : 0.119 ms" lines: rows by arms */
long letter_read_long_rows(struct letter *l, size_t i, const char *section);

/* letter_templates.c: each arm's run of lines of one template under its heading */
long letter_read_template_runs(struct letter *l, size_t i, const char *section);
/* a heading over a line per arm ("5.3-rc4  34729.6"), again and again */
long letter_read_heading_blocks(struct letter *l, size_t i, const char *section);

/* letter_side_by_side.c: arms' outputs side by side under their names */
long letter_read_side_by_side(struct letter *l, size_t h, const char *section);
/* letter_side_by_side.c: each output's name over its value, the arms' names over all */
long letter_read_names_over_values(struct letter *l, size_t h, const char *section);

/* letter_arm_lines.c: "Before:  sys time: X  real time: Y", an arm a line */
long letter_read_arm_lines(struct letter *l, size_t i, const char *section);

/* letter_matrix.c: "Before / After / Delta" packed in each cell of groups */
long letter_read_matrix(struct letter *l, size_t i, const char *section);

/* letter_test_rows.c: arms as rows in sections under each test's name */
long letter_read_test_rows(struct letter *l, size_t i, const char *section);

/* letter_arrow_grid.c: every cell "before -> after", the arms unnamed */
long letter_read_arrow_grid(struct letter *l, size_t i, const char *section);

/* letter_kv_value.c: the pairs of a "label: value" line as spelled */
/* s[0..n) without its blanks around, into buf; false if it does not fit. */
bool letter_trimmed(const char *s, size_t n, char *buf, size_t len);
/* "mean: X, stdev: Y", "X (stdev Y)", "X <-- note", or a cell. */
bool letter_kv_value(const char *s, struct letter_cell *c);
/* A line of plain numbers alone: runs wrapped from the line above. */
bool letter_runs_line(const char *s);
/* "user time 2904.59s system time 4773.99s": pairs one blank apart */
int letter_run_pairs(const char *s, struct letter_row *r, int max);
/* The pairs of line s into r[0..max) (each in cell[0]): their count. */
int letter_kv_pairs(const char *s, struct letter_row *r, int max);

/* letter_tool_lines.c: a benchmark tool's output line as pairs, or 0 */
int letter_tool_pairs(const char *s, struct letter_row *r, int max);

/* Column names apart: "zstd", "zstd (2)"; an empty one "column N". */
void letter_unique_columns(struct letter_table *t);

/* letter_keyed.c: pipe tables of arms named by key columns, turned */
long letter_read_keyed(struct letter *l, size_t h, const char *section);

/* letter_interleave.c: rows taking turns between arms, keyed by a parameter */
long letter_read_interleaved(struct letter *l, size_t h, const char *section);

/* letter_cut.c: a quoted table cut by the reply's words: one table again */
int letter_join_cuts(struct letter *l);

/* letter_join.c: an arm per table, Start/End/Delta: one table of Deltas */
/* A pipe table of one value column at line h (its header): read, to join. */
long letter_read_one_arm(struct letter *l, size_t h, const char *section);
int letter_join_arms(struct letter *l);

/* letter_join_grids.c: each arm's tables of one shape under its heading, joined */
int letter_join_grids(struct letter *l);
/* letter_packed_rows.c: rows packing a key and an arm ("8 (no opt)") unpacked */
int letter_unpack_rows(struct letter *l);
/* letter_packed_rows.c: columns packing an arm and its run ("Baseline (Run 2)") unpacked */
int letter_unpack_run_columns(struct letter *l);

/* letter_turn.c: rows of configurations, columns of metrics: turned */
int letter_turn_tables(struct letter *l);
/* A label naming a kernel, a patch, a setting: "Patched", "zswap off", "v6.9" */
bool letter_config_label(const char *s);
/* "std", "stdev", "std_rel", "sd", "+-": a spread's name */
bool letter_spread_name(const char *s);
/* The labels' header cell names arms: "kernel", "config", "patch" */
bool letter_arms_header(const char *s);

#endif /* __LETTER_SHAPES_H */
