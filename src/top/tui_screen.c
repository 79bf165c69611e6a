// SPDX-License-Identifier: GPL-2.0
/* zswaptop's terminal side: ncurses drawing and keys. */
#include <ncurses.h>
#include <string.h>
#include <term.h>
#include <unistd.h>
#include "tui_screen.h"

int tui_screen_open(struct tui_screen *s)
{
	memset(s, 0, sizeof(*s));
	/* newterm returns NULL where initscr would exit(1) */
	s->term = newterm(NULL, stdout, stdin);
	if (!s->term)
		return -1;
	set_term(s->term);
	s->active = true;
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	set_escdelay(25);	/* Esc closes the filter prompt promptly */
	return 0;
}

int tui_screen_check_term(void)
{
	int err = 0, ret = 0;
	char *cup, *clear;

	if (setupterm(NULL, STDOUT_FILENO, &err) != OK)
		return TUI_TERM_UNKNOWN;
	/* TERM=dumb has an entry, but curses draws nothing without these */
	cup = tigetstr("cup");
	clear = tigetstr("clear");
	if (!cup || cup == (char *)-1 || !clear || clear == (char *)-1)
		ret = TUI_TERM_NO_CURSOR;
	del_curterm(cur_term);
	return ret;
}

static int curses_attr(int a)
{
	return a == TA_BOLD ? A_BOLD : a == TA_REVERSE ? A_REVERSE : A_NORMAL;
}

/*
 * The grid is copied into stdscr in runs of equal attributes; ncurses
 * compares stdscr with what the terminal shows and sends only the
 * difference (wnoutrefresh + doupdate), so frames do not flicker.
 */
void tui_screen_draw(struct tui_screen *s, const struct tui_model *m,
		     const struct tui_view *v)
{
	struct tui_grid *g = &s->grid;
	int w = COLS, h = LINES;

	if (g->w != w || g->h != h || !g->text) {
		/*
		 * a new size: stdscr keeps the old frame's cells, and the
		 * bottom-right one is never written below
		 */
		erase();
		tui_grid_free(g);
		if (tui_grid_init(g, w, h))
			return;
	}
	tui_layout(g, m, v);
	for (int y = 0; y < h; y++) {
		int x = 0;

		while (x < w) {
			int a = g->attr[y * w + x], n = 1;

			while (x + n < w && g->attr[y * w + x + n] == a)
				n++;
			/* the bottom-right cell would scroll the screen */
			if (y == h - 1 && x + n == w)
				n--;
			attrset(curses_attr(a));
			if (n > 0)
				mvaddnstr(y, x, &g->text[y * w + x], n);
			x += n ? n : 1;
		}
	}
	attrset(A_NORMAL);
	wnoutrefresh(stdscr);
	doupdate();
}

int tui_screen_key(struct tui_screen *s, int timeout_ms)
{
	timeout(timeout_ms);
	return getch();
}

static void scroll_by(struct tui_view *v, const struct tui_model *m, int d)
{
	int n = tui_panel_len(m, v, v->focus, COLS), *sc = &v->scroll[v->focus];

	*sc += d;
	if (*sc > n - 1)
		*sc = n - 1;
	if (*sc < 0)
		*sc = 0;
}

static enum tui_action filter_key(struct tui_view *v, int key)
{
	size_t n = strlen(v->filter);

	if (key == 27) {			/* Esc: no filter */
		v->filter[0] = '\0';
		v->editing_filter = false;
	} else if (key == '\n' || key == '\r' || key == KEY_ENTER) {
		v->editing_filter = false;
	} else if (key == KEY_BACKSPACE || key == 127 || key == 8) {
		if (n)
			v->filter[n - 1] = '\0';
	} else if (key >= 32 && key < 127 && n + 1 < sizeof(v->filter)) {
		v->filter[n] = key;
		v->filter[n + 1] = '\0';
	} else {
		return ACT_NONE;
	}
	v->scroll[PANEL_CGROUPS] = 0;
	return ACT_REDRAW;
}

enum tui_action tui_screen_handle(struct tui_screen *s, struct tui_view *v,
				  const struct tui_model *m, int key)
{
	int page = LINES / 3 > 1 ? LINES / 3 : 1;

	if (key == KEY_RESIZE) {
		/* repaint everything once: nothing of the old size survives */
		clearok(curscr, TRUE);
		return ACT_REDRAW;
	}
	if (v->editing_filter)
		return filter_key(v, key);
	if (v->help) {
		v->help = false;
		return ACT_REDRAW;
	}
	switch (key) {
	case 'q':
	case 'Q':
		return ACT_QUIT;
	case 'h':
	case '?':
		v->help = true;
		return ACT_REDRAW;
	case '\t':
		v->focus = (v->focus + 1) % PANEL_NR;
		return ACT_REDRAW;
	case KEY_BTAB:
		v->focus = (v->focus + PANEL_NR - 1) % PANEL_NR;
		return ACT_REDRAW;
	case 's':
	case KEY_F(6):
		v->sort_col = (v->sort_col + 1) % COL_NR;
		return ACT_REDRAW;
	case 'r':
		v->sort_reverse = !v->sort_reverse;
		return ACT_REDRAW;
	case '/':
		v->editing_filter = true;
		v->focus = PANEL_CGROUPS;
		return ACT_REDRAW;
	case 'p':
	case ' ':
		v->paused = !v->paused;
		return ACT_PAUSE;
	case '+':
	case '=':
		return ACT_SLOWER;
	case '-':
		return ACT_FASTER;
	case KEY_UP:
	case 'k':
		scroll_by(v, m, -1);
		return ACT_REDRAW;
	case KEY_DOWN:
	case 'j':
		scroll_by(v, m, 1);
		return ACT_REDRAW;
	case KEY_PPAGE:
		scroll_by(v, m, -page);
		return ACT_REDRAW;
	case KEY_NPAGE:
		scroll_by(v, m, page);
		return ACT_REDRAW;
	case KEY_HOME:
		v->scroll[v->focus] = 0;
		return ACT_REDRAW;
	case KEY_END:
		scroll_by(v, m, 1 << 20);
		return ACT_REDRAW;
	case 12:	/* ^L */
		clearok(curscr, TRUE);
		return ACT_REDRAW;
	default:
		return ACT_NONE;
	}
}

void tui_screen_close(struct tui_screen *s)
{
	if (s->active) {
		endwin();
		s->active = false;
	}
	if (s->term)
		delscreen(s->term);
	s->term = NULL;
	tui_grid_free(&s->grid);
}
