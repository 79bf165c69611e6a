// SPDX-License-Identifier: GPL-2.0
/* SVG charts of a comparison: dot plots and overlaid histograms. */
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "atomic_file.h"
#include "svg_plot.h"

#define W 480
#define H 300
#define LEFT 70
#define RIGHT 20
#define TOP 40
#define BOTTOM 50

static const char *const arm_color[2] = { "#1f77b4", "#ff7f0e" };

/* Metric names hold {}= and maybe paths: file names keep [A-Za-z0-9_-]. */
static void file_safe(char *dst, size_t len, const char *name)
{
	size_t i;

	for (i = 0; name[i] && i + 1 < len; i++) {
		char ch = name[i];

		dst[i] = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
			 (ch >= '0' && ch <= '9') || ch == '-' ? ch : '_';
	}
	dst[i] = '\0';
}

static void xml_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
	}
}

static void svg_open(FILE *f, const char *title)
{
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
		"<text x=\"%d\" y=\"18\" font-size=\"13\" text-anchor=\"middle\">",
		W, H, W, H, W / 2);
	xml_text(f, title);
	fputs("</text>\n", f);
}

static double ypos(double v, double lo, double hi)
{
	return TOP + (H - TOP - BOTTOM) * (1 - (v - lo) / (hi - lo));
}

static void y_axis(FILE *f, double lo, double hi, const char *unit)
{
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n",
		LEFT, TOP, LEFT, H - BOTTOM);
	for (int i = 0; i <= 4; i++) {
		double v = lo + (hi - lo) * i / 4;
		double y = ypos(v, lo, hi);

		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
			"<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.4g</text>\n",
			LEFT, y, W - RIGHT, y, LEFT - 4, y + 4, v);
	}
	fprintf(f, "<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">",
		(TOP + H - BOTTOM) / 2, (TOP + H - BOTTOM) / 2);
	xml_text(f, unit);
	fputs("</text>\n", f);
}

/*
 * A file of DIR built in memory and written through atomic_file: a full
 * disk leaves the previous file (or none), never an empty or cut one.
 */
struct out_file {
	FILE *f;
	char *buf;
	size_t len;
	char path[4096];
};

static FILE *out_open(struct out_file *o, const char *dir, const char *file,
		      struct zs_error *err)
{
	snprintf(o->path, sizeof(o->path), "%s/%s", dir, file);
	o->buf = NULL;
	o->f = open_memstream(&o->buf, &o->len);
	if (!o->f)
		zs_error_set(err, true, "%s: %s", o->path, strerror(errno));
	return o->f;
}

static void out_drop(struct out_file *o)
{
	if (o->f)
		fclose(o->f);
	o->f = NULL;
	free(o->buf);
	o->buf = NULL;
}

static int out_commit(struct out_file *o, struct zs_error *err)
{
	const char *what = "writing";
	char why[160];
	int rc = fclose(o->f) ? -errno : 0;

	o->f = NULL;
	if (!rc)
		rc = atomic_file_write(o->path, o->buf, o->len, &what);
	if (rc)
		zs_error_set(err, true, "%s: %s", o->path,
			 atomic_file_describe(why, sizeof(why), what, rc));
	free(o->buf);
	o->buf = NULL;
	return rc;
}

static FILE *open_chart(struct out_file *o, const char *dir, const char *prefix,
			const char *name, char *file, size_t flen, struct zs_error *err)
{
	char safe[METRIC_NAME_LEN];

	file_safe(safe, sizeof(safe), name);
	snprintf(file, flen, "%s-%s.svg", prefix, safe);
	return out_open(o, dir, file, err);
}

static int dot_plot(FILE *f, const struct comparison *c,
		    const struct cmp_metric *m)
{
	double lo = INFINITY, hi = -INFINITY, pad;
	char title[METRIC_NAME_LEN + 96];
	int plot_w = W - LEFT - RIGHT;

	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < m->arm[k].n; i++) {
			lo = fmin(lo, m->arm[k].v[i]);
			hi = fmax(hi, m->arm[k].v[i]);
		}
	pad = hi > lo ? (hi - lo) * 0.1 : (lo ? fabs(lo) * 0.1 : 1);
	lo -= pad;
	hi += pad;
	if (m->has_change)
		snprintf(title, sizeof(title), "%s: %+.1f%%, p = %.3g%s", m->name,
			 m->change_pct, m->welch.p, m->failed ? " (FAIL)" : "");
	else
		snprintf(title, sizeof(title), "%s: p = %.3g", m->name, m->welch.p);
	svg_open(f, title);
	y_axis(f, lo, hi, m->unit);
	for (int k = 0; k < 2; k++) {
		double cx = LEFT + plot_w * (k ? 0.7 : 0.3);
		double my = ypos(m->mean[k], lo, hi);
		size_t n = m->arm[k].n;

		/* runs side by side in run order, so a drift shows */
		for (size_t i = 0; i < n; i++) {
			double x = cx + (n > 1 ? (i / (double)(n - 1) - 0.5) * plot_w * 0.25 : 0);

			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" "
				"fill-opacity=\"0.8\"><title>run %zu: %g</title></circle>\n",
				x, ypos(m->arm[k].v[i], lo, hi), arm_color[k], i + 1,
				m->arm[k].v[i]);
		}
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			"stroke=\"%s\" stroke-width=\"2\"/>\n",
			cx - plot_w * 0.16, my, cx + plot_w * 0.16, my, arm_color[k]);
		fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"%s\">",
			cx, H - BOTTOM + 18, arm_color[k]);
		xml_text(f, c->arm[k].label);
		fprintf(f, " (n=%zu, mean %.4g)</text>\n", n, m->mean[k]);
	}
	fputs("</svg>\n", f);
	return 0;
}

static int hist_plot(FILE *f, const struct comparison *c,
		     const struct cmp_hist *h)
{
	unsigned long long total[2] = {};
	int first = HIST_SLOTS, last = -1, nslots;
	double hi = 0, slot_w;
	int plot_w = W - LEFT - RIGHT;

	for (int k = 0; k < 2; k++)
		for (int i = 0; i < HIST_SLOTS; i++) {
			total[k] += h->sum[k].slots[i];
			if (h->sum[k].slots[i]) {
				first = i < first ? i : first;
				last = i > last ? i : last;
			}
		}
	if (last < 0)
		return -1;
	for (int k = 0; k < 2; k++)
		for (int i = first; i <= last && total[k]; i++)
			hi = fmax(hi, h->sum[k].slots[i] / (double)total[k]);
	nslots = last - first + 1;
	slot_w = plot_w / (double)nslots;
	svg_open(f, h->name);
	y_axis(f, 0, hi * 1.1, "share of the arm's events");
	for (int k = 0; k < 2; k++) {
		for (int i = first; i <= last && total[k]; i++) {
			double share = h->sum[k].slots[i] / (double)total[k];
			double y = ypos(share, 0, hi * 1.1);

			fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
				"fill=\"%s\" fill-opacity=\"0.5\" stroke=\"%s\"><title>%llu</title></rect>\n",
				LEFT + slot_w * (i - first) + 1, y, slot_w - 2,
				H - BOTTOM - y, arm_color[k], arm_color[k],
				h->sum[k].slots[i]);
		}
		fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\" fill-opacity=\"0.5\"/>"
			"<text x=\"%d\" y=\"%d\">", W - 190, 28 + 14 * k, arm_color[k],
			W - 176, 37 + 14 * k);
		xml_text(f, c->arm[k].label);
		fprintf(f, ": %llu events</text>\n", total[k]);
	}
	/* slot labels: lower bounds, thinned to about 8, 64K not 65536 */
	for (int i = first; i <= last; i += (nslots + 7) / 8) {
		static const char sfx[] = " KMGTPE";
		unsigned long long lo, up;
		int e = 0;

		hist_slot_bounds(h->sum[0].kind, i, &lo, &up);
		while (lo >= 1024 && !(lo % 1024) && e < 6) {
			lo /= 1024;
			e++;
		}
		fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%llu%.*s</text>\n",
			LEFT + slot_w * (i - first + 0.5), H - BOTTOM + 14, lo,
			e ? 1 : 0, &sfx[e]);
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", LEFT + plot_w / 2,
		H - BOTTOM + 32);
	xml_text(f, h->unit);
	fputs(" (slot lower bound)</text>\n</svg>\n", f);
	return 0;
}

static bool hist_wanted(const char *name)
{
	return !fnmatch("pages_per_bio*", name, 0) ||
	       !fnmatch("store_latency_ns*", name, 0);
}

/* Charts of an earlier comparison in the same DIR would look current. */
static int remove_old_charts(const char *dir, struct zs_error *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4096];

	if (!d) {
		zs_error_set(err, true, "%s: %s", dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d))) {
		if (fnmatch("dots-*.svg", e->d_name, 0) &&
		    fnmatch("hist-*.svg", e->d_name, 0))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (unlink(path) && errno != ENOENT) {
			zs_error_set(err, true, "%s: %s", path, strerror(errno));
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	return 0;
}

int svg_plot_write(const char *dir, const struct comparison *c, struct zs_error *err)
{
	char file[METRIC_NAME_LEN + 16];
	struct out_file idx, chart;
	FILE *index, *f;
	int charts = 0;

	if (mkdir(dir, 0755) && errno != EEXIST) {
		zs_error_set(err, true, "%s: %s", dir, strerror(errno));
		return -1;
	}
	if (remove_old_charts(dir, err))
		return -1;
	index = out_open(&idx, dir, "index.html", err);
	if (!index)
		return -1;
	fprintf(index, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
		"<title>zswap-gate compare</title></head><body>\n<p>");
	xml_text(index, c->arm[0].label);
	fprintf(index, " (%zu records, ", c->arm[0].nr_records);
	xml_text(index, c->arm[0].kernels);
	fputs(") vs ", index);
	xml_text(index, c->arm[1].label);
	fprintf(index, " (%zu records, ", c->arm[1].nr_records);
	xml_text(index, c->arm[1].kernels);
	fputs(")</p>\n", index);
	for (size_t i = 0; i < c->n; i++) {
		const struct cmp_metric *m = &c->m[i];

		if (!m->significant)
			continue;
		f = open_chart(&chart, dir, "dots", m->name, file, sizeof(file),
			       err);
		if (!f)
			goto fail;
		dot_plot(f, c, m);
		if (out_commit(&chart, err))
			goto fail;
		fprintf(index, "<img src=\"%s\" alt=\"", file);
		xml_text(index, m->name);
		fputs("\">\n", index);
		charts++;
	}
	for (size_t i = 0; i < c->nh; i++) {
		const struct cmp_hist *h = &c->h[i];

		if (!hist_wanted(h->name))
			continue;
		f = open_chart(&chart, dir, "hist", h->name, file, sizeof(file),
			       err);
		if (!f)
			goto fail;
		if (hist_plot(f, c, h)) {
			/* no events in either arm: no chart, say so */
			out_drop(&chart);
			fprintf(index, "<p>");
			xml_text(index, h->name);
			fprintf(index, ": no events in either arm</p>\n");
			continue;
		}
		if (out_commit(&chart, err))
			goto fail;
		fprintf(index, "<img src=\"%s\" alt=\"", file);
		xml_text(index, h->name);
		fputs("\">\n", index);
		charts++;
	}
	fputs("</body></html>\n", index);
	if (out_commit(&idx, err))
		return -1;
	return charts;
fail:
	out_drop(&idx);
	return -1;
}
