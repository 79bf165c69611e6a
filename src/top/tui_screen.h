/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zswaptop's terminal: draws a layout grid with ncurses (only changed
 * cells reach the terminal: no flicker), reads keys, follows resizes.
 */
#ifndef __TUI_SCREEN_H
#define __TUI_SCREEN_H

#include <stdbool.h>
#include "tui_layout.h"

struct tui_screen {
	struct tui_grid grid;
	bool active;
	void *term;		/* ncurses SCREEN, from newterm() */
};

enum tui_action {
	ACT_NONE,
	ACT_REDRAW,
	ACT_QUIT,
	ACT_SLOWER,		/* + : longer interval */
	ACT_FASTER,		/* - : shorter interval */
	ACT_PAUSE,		/* p toggled v->paused */
};

enum { TUI_TERM_UNKNOWN = 1, TUI_TERM_NO_CURSOR };
/*
 * 0 when TERM names a terminal terminfo knows and that can move the
 * cursor and clear the screen; checked before anything runs, since
 * ncurses' initscr() ends the process (exit 1) on an unknown one and
 * shows a blank screen on TERM=dumb.
 */
int tui_screen_check_term(void);
/* -1 when the terminal cannot be set up. */
int tui_screen_open(struct tui_screen *s);
/* Lays out and draws the frame; follows the terminal's current size. */
void tui_screen_draw(struct tui_screen *s, const struct tui_model *m,
		     const struct tui_view *v);
/* A key, KEY_RESIZE, or -1 after timeout_ms (or a signal). */
int tui_screen_key(struct tui_screen *s, int timeout_ms);
/* Applies a key to the view. */
enum tui_action tui_screen_handle(struct tui_screen *s, struct tui_view *v,
				  const struct tui_model *m, int key);
/* Restores the terminal; safe to call twice. */
void tui_screen_close(struct tui_screen *s);

#endif /* __TUI_SCREEN_H */
