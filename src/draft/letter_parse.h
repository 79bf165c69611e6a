/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A posted series' letter read for its tables: the mail's Subject,
 * Message-Id and Date, its text lines (quotes "> " taken off, tabs
 * expanded, quoted-printable decoded, diffs skipped) and every table of
 * numbers in them: aligned columns under a header line, or `before ->
 * after` lines. `zswap-gate claims draft` turns them into a claims file.
 */
#ifndef __LETTER_PARSE_H
#define __LETTER_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include "zs_error.h"

/*
 * What one letter may hold, so that any letter the size cap admits is
 * drafted in bounded memory (a row is about 3 KiB here and again in the
 * claims reader): past them a table keeps its first columns or rows, and
 * the draft says what it left out.
 */
#define LETTER_MAX_BYTES (16 << 20)
#define LETTER_MAX_COLS 32		/* value columns kept of a table */
#define LETTER_NAME_LEN 96		/* a column's name, as a claims file holds it */
#define LETTER_MAX_ROWS 10000		/* rows kept over all tables */
#define LETTER_MAX_LINES (1 << 20)	/* lines read: 16 bytes a line */

enum cell_kind {
	CELL_EMPTY,
	CELL_NUM,	/* mean, maybe sd ("x +- y", "x ± y") */
	CELL_TEXT,	/* "OOM", "n/a" */
};

struct letter_cell {
	enum cell_kind kind;
	bool has_sd, approx, sign;	/* sign: written with + or - */
	double mean, sd;
	char unit[16];			/* "s", "ms", "%", "k" */
	char text[32];
	bool has_change;		/* a "(+3.2%)" after the value */
	double change_pct;
};

struct letter_row {
	char label[96];
	int line;			/* 1-based, in the letter */
	struct letter_cell cell[LETTER_MAX_COLS];
	bool has_change;		/* from a change column or "(-20%)" */
	double change_pct;
	bool has_delta;			/* from a "Delta" or "diff" column of */
	double delta;			/* absolute changes: new - base */
	char extra[96];			/* columns kept as words: "% Improvement 32%" */
	bool statistic;			/* mmtests' Stddev, Min ... of a quantity:
					 * not the quantity's metric */
};

struct letter_table {
	char title[200];		/* the heading or sentence before it */
	int line;			/* its first line */
	char col[LETTER_MAX_COLS][LETTER_NAME_LEN];
	int nr_cols;
	bool named;			/* the columns come from a header line */
	bool change_only;		/* "vs A  vs B" columns of changes */
	char measure[LETTER_NAME_LEN];	/* what every row measures, when its
					 * label is a parameter ("pswpin") */
	char label_name[LETTER_NAME_LEN]; /* the labels' header cell ("kernel") */
	size_t section_header;		/* a section under its table's header:
					 * that header's line + 1, for the next */
	bool mmtests;			/* mmtests' compare: a later section
					 * without a header takes its arms */
	bool one_arm;			/* one arm's column, named col[0]: joined
					 * with the next arm's (letter_join.c) */
	struct letter_row *rows;
	size_t nr_rows;
	int cols_cut;			/* value columns past LETTER_MAX_COLS */
	size_t rows_cut;		/* rows past LETTER_MAX_ROWS */
};

/* Lines of the letter as drafting reads them. */
enum letter_line_kind {
	LL_PROSE,
	LL_TABLE,	/* a table's header, rows or rules */
	LL_SKIP,	/* mail headers, diffs */
};

struct letter_line {
	char *text;		/* unquoted, tabs expanded, no newline */
	int depth;		/* quote depth ("> > " is 2) */
	enum letter_line_kind kind;
	bool piped;		/* cells between '|': an empty one is empty */
};

struct letter {
	char subject[200];	/* folded lines joined; "Re: " taken off */
	char message_id[160];
	char date[64];
	struct letter_line *lines;
	size_t nr_lines;
	struct letter_table *tables;
	size_t nr_tables;
	size_t nr_rows;			/* kept, over all tables */
	size_t tables_cut, rows_cut;	/* tables past LETTER_MAX_ROWS, their rows */
	bool lines_cut;			/* past LETTER_MAX_LINES: not read */
};

/*
 * Reads n bytes of a mail (mbox, one message) or plain text. -1 with
 * the reason in err only when out of memory or the text is not text
 * (NUL bytes); a letter without tables is not an error here.
 */
int letter_parse(const char *text, size_t n, struct letter *l,
		 struct zs_error *err);
void letter_free(struct letter *l);

/*
 * The arms a user names, "A|B[|C...]", into arms[0..max): their count,
 * or -1 when fewer than two, more than max, an empty or a repeated one.
 */
int letter_parse_arms(const char *spec, char arms[][LETTER_NAME_LEN], int max);
/*
 * Only the tables of those arms left in l, a column per arm in their
 * order (letter_given_arms.c): their count, 0 when the letter has none,
 * -1 out of memory.
 */
int letter_fit_arms(struct letter *l, char arms[][LETTER_NAME_LEN], int na);

/*
 * One table cell: "1066", "1,066", "~36%", "156s", "5.8 ms", "469k",
 * "748 +- 47", "1.07 ± 0.01", "12 (+3.1%)", "OOM", "n/a". false when s
 * is not a value (a word, a header).
 */
bool letter_cell_parse(const char *s, struct letter_cell *c);

/* A rule: "-----", "=====", "|---|---|" */
bool letter_rule(const char *s);
/* The cells of a line: its parts two or more blanks apart */
int letter_cells(const char *s);

/* A row label as drafting compares it: lower case, numbering, units
 * in parentheses and a trailing colon taken off. */
void letter_label_key(const char *label, char *out, size_t len);

#endif /* __LETTER_PARSE_H */
