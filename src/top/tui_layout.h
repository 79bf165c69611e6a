/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zswaptop's layout: renders a frame model into a W x H text grid (with
 * one attribute per cell), so what the screen shows can be tested
 * without a terminal. Pure: no I/O except the print helpers.
 */
#ifndef __TUI_LAYOUT_H
#define __TUI_LAYOUT_H

#include <stdbool.h>
#include <stdio.h>
#include "tui_grid.h"
#include "tui_model.h"

#define TUI_MIN_W 80
#define TUI_MIN_H 24
#define TUI_FILTER_LEN 64

enum tui_panel {
	PANEL_CGROUPS,
	PANEL_HISTOGRAMS,
	PANEL_HISTORY,
	PANEL_SOURCES,
	PANEL_NR,
};

extern const char *const tui_panel_names[PANEL_NR];

/* What the user chose: survives across frames. */
struct tui_view {
	enum tui_panel focus;
	enum tui_col sort_col;
	bool sort_reverse;		/* against the column's natural order */
	char filter[TUI_FILTER_LEN];	/* substring of the cgroup path */
	bool editing_filter;		/* the / prompt is open */
	int scroll[PANEL_NR];
	bool help;
	bool paused;
};

void tui_view_init(struct tui_view *v);

/*
 * Indices of the model's cgroup rows that pass the filter, in display
 * order: numbers descending, names ascending (reversed on request), n/a
 * last, ties by path. order must hold m->nr_rows. Returns the count.
 */
size_t tui_rows_order(const struct tui_model *m, const struct tui_view *v,
		      size_t *order);

/* Lines of a panel's content (cgroups: rows passing the filter). */
int tui_panel_len(const struct tui_model *m, const struct tui_view *v,
		  enum tui_panel p, int w);

/* The interactive screen: header, rates, panels, status line. */
void tui_layout(struct tui_grid *g, const struct tui_model *m,
		const struct tui_view *v);

/*
 * Batch frame (like top -b): header, rates, every cgroup row, the
 * histograms and the history, in a grid w wide; returns rows used.
 * g must be tall enough: tui_batch_rows() gives an upper bound.
 */
int tui_layout_batch(struct tui_grid *g, const struct tui_model *m,
		     const struct tui_view *v);
int tui_batch_rows(const struct tui_model *m);

/*
 * The window's counts as "total NAME VALUE SOURCE" lines (n/a with the
 * reason), per cgroup "cgroup zswpout N zswpin N zswpwb N PATH" and, with
 * --iocost, "cgroup_iocost debt_us N PATH": summed over the frames of a
 * run they give the run's totals.
 */
void tui_print_totals(FILE *f, const struct tui_model *m);

#endif /* __TUI_LAYOUT_H */
