// SPDX-License-Identifier: GPL-2.0
/* zswaptop's text grid and the number formats its cells use. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "num_format.h"
#include "tui_grid.h"

/* grid ---------------------------------------------------------------- */

int tui_grid_init(struct tui_grid *g, int w, int h)
{
	g->w = w;
	g->h = h;
	g->text = malloc((size_t)w * h);
	g->attr = malloc((size_t)w * h);
	if (!g->text || !g->attr) {
		tui_grid_free(g);
		return -1;
	}
	tui_grid_clear(g);
	return 0;
}

void tui_grid_free(struct tui_grid *g)
{
	free(g->text);
	free(g->attr);
	g->text = NULL;
	g->attr = NULL;
}

void tui_grid_clear(struct tui_grid *g)
{
	memset(g->text, ' ', (size_t)g->w * g->h);
	memset(g->attr, TA_NONE, (size_t)g->w * g->h);
}

void tui_grid_put(struct tui_grid *g, int x, int y, int max, int attr,
		  const char *s)
{
	if (y < 0 || y >= g->h)
		return;
	for (int i = 0; s[i] && i < max && x + i < g->w; i++) {
		if (x + i < 0)
			continue;
		/* only printable ASCII reaches the terminal */
		g->text[y * g->w + x + i] = s[i] >= 32 && s[i] < 127 ? s[i] : '?';
		g->attr[y * g->w + x + i] = attr;
	}
}

void tui_grid_printf(struct tui_grid *g, int x, int y, int max, int attr,
			const char *fmt, ...)
{
	char buf[LINE];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	tui_grid_put(g, x, y, max, attr, buf);
}

/* Sets the attribute of a whole span, e.g. a reversed title bar. */
void tui_grid_attr(struct tui_grid *g, int x, int y, int n, int attr)
{
	if (y < 0 || y >= g->h)
		return;
	for (int i = x; i < x + n && i < g->w; i++)
		if (i >= 0)
			g->attr[y * g->w + i] = attr;
}

void tui_grid_print(const struct tui_grid *g, FILE *f, int rows)
{
	for (int y = 0; y < rows && y < g->h; y++) {
		int n = g->w;

		while (n > 0 && g->text[y * g->w + n - 1] == ' ')
			n--;
		fwrite(&g->text[y * g->w], 1, n, f);
		fputc('\n', f);
	}
}

int tui_grid_last_row(const struct tui_grid *g)
{
	for (int y = g->h - 1; y >= 0; y--)
		for (int x = 0; x < g->w; x++)
			if (g->text[y * g->w + x] != ' ')
				return y;
	return -1;
}

/* numbers ------------------------------------------------------------- */

void tui_fmt_num(char *buf, size_t len, double v)
{
	static const char sfx[] = " kMGTP";
	double a = fabs(v);
	int i = 0;

	if (isnan(v)) {
		snprintf(buf, len, "n/a");
		return;
	}
	/* exact, as the other tools print counts, while the column holds it */
	fmt_count(buf, len, v);
	if (strlen(buf) <= TUI_NUM_W)
		return;
	while (a >= 999.95 && i < 5) {
		a /= 1000;
		v /= 1000;
		i++;
	}
	snprintf(buf, len, "%.1f%c", v, sfx[i]);
}

void tui_fmt_bytes(char *buf, size_t len, double v)
{
	static const char sfx[] = "BKMGTP";
	int i = bytes_scale(&v);

	if (i == 0)
		snprintf(buf, len, "%.0fB", v);
	else
		snprintf(buf, len, "%.1f%c", v, sfx[i]);
}

void tui_fmt_ns(char *buf, size_t len, unsigned long long ns)
{
	if (ns >= 1000000000ULL)
		snprintf(buf, len, "%.3gs", ns / 1e9);
	else if (ns >= 1000000)
		snprintf(buf, len, "%.3gms", ns / 1e6);
	else if (ns >= 1000)
		snprintf(buf, len, "%.3gus", ns / 1e3);
	else
		snprintf(buf, len, "%lluns", ns);
}
