// SPDX-License-Identifier: GPL-2.0
/* Counts, bytes and word-wrapped lists for people (num_format.h). */
#include <math.h>
#include <stdbool.h>
#include <string.h>
#include "num_format.h"

/* digits of an integer string grouped by three: "140947" -> "140,947" */
static void group_digits(char *buf, size_t len, const char *digits)
{
	size_t n = strlen(digits), o = 0;
	size_t lead = *digits == '-' ? 1 : 0;

	for (size_t i = 0; i < n && o + 1 < len; i++) {
		if (i > lead && (n - i) % 3 == 0 && o + 2 < len)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	buf[o < len ? o : len - 1] = '\0';
}

void fmt_count(char *buf, size_t len, double v)
{
	char raw[64], *dot;

	if (!isfinite(v) || fabs(v) >= 1e18) {
		snprintf(buf, len, "%.4g", v);
		return;
	}
	if (v == floor(v)) {
		snprintf(raw, sizeof(raw), "%.0f", v);
		group_digits(buf, len, raw);
		return;
	}
	if (fabs(v) < 1e4) {
		snprintf(buf, len, "%.4g", v);
		return;
	}
	snprintf(raw, sizeof(raw), "%.1f", v);
	dot = strchr(raw, '.');
	*dot = '\0';
	group_digits(buf, len, raw);
	if (strlen(buf) + 3 <= len) {
		*dot = '.';
		strcat(buf, dot);
	}
}

int bytes_scale(double *v)
{
	int u = 0;

	while (fabs(*v) >= 1024 && u < 5) {
		*v /= 1024;
		u++;
	}
	return u;
}

void fmt_bytes(char *buf, size_t len, double v)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	int u = bytes_scale(&v);

	if (u == 0)
		snprintf(buf, len, "%.0f B", v);
	else
		snprintf(buf, len, "%.1f %s", v, unit[u]);
}

int wrap_print(FILE *f, const char *text, int col, int indent, int width)
{
	const char *p = text;
	/* past the indent something precedes the first word on its line */
	bool line_start = col <= indent;

	while (*p) {
		size_t w = strcspn(p, " ");

		if (!line_start && col + 1 + (int)w > width) {
			fprintf(f, "\n%*s", indent, "");
			col = indent;
		} else if (!line_start) {
			fputc(' ', f);
			col++;
		}
		fprintf(f, "%.*s", (int)w, p);
		col += w;
		line_start = false;
		p += w;
		while (*p == ' ')
			p++;
	}
	return col;
}
