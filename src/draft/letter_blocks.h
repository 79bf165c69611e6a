/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Blocks of "label: value" lines (letter_blocks.c), shared with the
 * readers of blocks whose arms no heading names (letter_sections.c).
 */
#ifndef __LETTER_BLOCKS_H
#define __LETTER_BLOCKS_H

#include "letter_shapes.h"

#define KV_MAX_ITEMS 48		/* pairs kept of one block */
#define KV_LINE_PAIRS 8		/* pairs read of one line */

/* One pair of a block: its label and value, the line it is on. */
struct kv_item {
	char label[96];
	struct letter_cell cell;
	int line;
};

struct kv_block {
	size_t head, last;	/* the heading's line, the last row's */
	int nr;
	struct kv_item item[KV_MAX_ITEMS];
};

/* "$ time make -j8", "# time ./test.sh": a shell's prompt and command */
bool letter_shell_prompt(const char *s);
/* Line s as a block's heading, its arm's name into out ("Baseline:"). */
bool letter_kv_heading(const char *s, bool first, bool ruled, char *out, size_t len);
/* b holds a pair labelled as label is, its case and spacing aside. */
bool letter_kv_has_label(const struct kv_block *b, const char *label);
/* The pairs of text s, of line j, into b; false when it holds none. */
bool letter_kv_text(const char *s, size_t j, struct kv_block *b);
/* The pairs of line j into b; false when it holds none. */
bool letter_kv_line(const struct letter *l, size_t j, struct kv_block *b);
/* A block naming a label twice holds runs, no arm's one value each. */
bool letter_kv_holds_runs(const struct kv_block *b);
/* col[n] names an arm col[0..n) named already. */
bool letter_kv_named_before(char col[][LETTER_NAME_LEN], int n);
/* The value of the pair labelled key in b, or false. */
bool letter_kv_find(const struct kv_block *b, const char *key, struct letter_cell *out);
/* Labels b shares with a: two at least and half of the fewer's. */
bool letter_kv_shares_rows(const struct kv_block *a, const struct kv_block *b);
/* Blocks b[0..nb) as a table into l (sparse: every label of the first). */
int letter_kv_table(struct letter *l, size_t i, struct kv_block *b, int nb,
		    char col[][LETTER_NAME_LEN], const char *section, bool sparse);

#endif /* __LETTER_BLOCKS_H */
