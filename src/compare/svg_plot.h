/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --plot DIR: plain SVG files (no script) a browser shows as they are,
 * and an index.html that lists them:
 *   dots-METRIC.svg  every run of both arms as a dot, with the arm means,
 *                    for every significant metric;
 *   hist-NAME.svg    both arms' histograms overlaid, each as the share of
 *                    its arm's events per slot (pages per bio, store
 *                    latency).
 */
#ifndef __SVG_PLOT_H
#define __SVG_PLOT_H

#include <stddef.h>
#include "compare.h"
#include "zs_error.h"

/*
 * Creates DIR if needed and replaces the dots-*.svg and hist-*.svg an
 * earlier comparison left there. Returns the number of charts, or -1.
 */
int svg_plot_write(const char *dir, const struct comparison *c, struct zs_error *err);

#endif /* __SVG_PLOT_H */
