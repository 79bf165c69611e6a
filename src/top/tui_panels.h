/* SPDX-License-Identifier: GPL-2.0 */
/* zswaptop's text panels, drawn by the layout (tui_layout.c). */
#ifndef __TUI_PANELS_H
#define __TUI_PANELS_H

#include "tui_layout.h"

/* Panel p's lines from scroll on, in r; returns the rows drawn. */
int tui_draw_lines_panel(struct tui_grid *g, struct rect r,
			 const struct tui_model *m, enum tui_panel p,
			 int scroll);
/* The most rows the histogram and lock lines take (a batch frame's bound). */
int tui_panels_max_rows(void);

#endif /* __TUI_PANELS_H */
