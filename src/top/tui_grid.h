/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zswaptop's text grid: W x H cells of ASCII, one attribute each, so a
 * frame can be printed or compared without a terminal; and the number
 * formats its cells use.
 */
#ifndef __TUI_GRID_H
#define __TUI_GRID_H

#include <stddef.h>
#include <stdio.h>

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define LINE 512

enum tui_attr {
	TA_NONE,
	TA_BOLD,
	TA_REVERSE,
};

struct tui_grid {
	int w, h;
	char *text;		/* w * h cells, ASCII */
	unsigned char *attr;	/* enum tui_attr per cell */
};

int tui_grid_init(struct tui_grid *g, int w, int h);
void tui_grid_free(struct tui_grid *g);
void tui_grid_clear(struct tui_grid *g);
/* Writes s at (x, y), clipped to max columns and to the grid. */
void tui_grid_put(struct tui_grid *g, int x, int y, int max, int attr,
		  const char *s);
/* Prints rows [0, rows) with trailing blanks removed. */
void tui_grid_print(const struct tui_grid *g, FILE *f, int rows);
/* Last row holding a non-blank cell, -1 if none. */
int tui_grid_last_row(const struct tui_grid *g);

/* A rectangle of the grid: a panel's place. */
struct rect {
	int x, y, w, h;
};

/* printf at (x, y), clipped to max columns. */
void tui_grid_printf(struct tui_grid *g, int x, int y, int max, int attr,
		     const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* Sets the attribute of n cells from (x, y). */
void tui_grid_attr(struct tui_grid *g, int x, int y, int n, int attr);

/*
 * Number formats shared with the tests. A count is exact with separators
 * (fmt_count: "140,947", "2.5") while it fits TUI_NUM_W columns, the
 * narrowest count column; past that scaled as top does ("12.3M").
 */
#define TUI_NUM_W 8
void tui_fmt_num(char *buf, size_t len, double v);
/* Bytes in a binary unit, compact for the table: "240.3M". */
void tui_fmt_bytes(char *buf, size_t len, double v);
/* Nanoseconds in their unit: "3.1ms". */
void tui_fmt_ns(char *buf, size_t len, unsigned long long ns);

#endif /* __TUI_GRID_H */
