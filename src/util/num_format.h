/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Numbers and lists as a person reads them, as perf stat prints them:
 * counts exact with thousands separators (140,947, not 1.409e+05), bytes
 * with a binary unit (241.1 MiB), lists wrapped at spaces, never mid-word.
 */
#ifndef __NUM_FORMAT_H
#define __NUM_FORMAT_H

#include <stdio.h>
#include <stddef.h>

/*
 * An integral v exact with separators ("140,947"); a fraction to four
 * significant digits ("0.1864", "1.349"), or to one decimal with
 * separators from 10,000 up ("12,345.6").
 */
void fmt_count(char *buf, size_t len, double v);
/* v scaled to the largest binary unit it reaches: 0 B, 1 KiB ... 5 PiB. */
int bytes_scale(double *v);
/* Bytes in the largest binary unit it reaches: "812 B", "241.1 MiB". */
void fmt_bytes(char *buf, size_t len, double v);

/*
 * text from column col onwards, broken at spaces before width columns;
 * every line after the first starts with indent spaces. Past the indent,
 * a space (or the break) parts the first word from what precedes it. A
 * word longer than a line stays whole. Returns the column after it.
 */
int wrap_print(FILE *f, const char *text, int col, int indent, int width);

#endif /* __NUM_FORMAT_H */
