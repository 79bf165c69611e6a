/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Prometheus text exposition format (version 0.0.4), as node_exporter's
 * textfile collector reads it: samples are gathered per family first, so
 * every family is written once, with its # HELP and # TYPE, whatever the
 * order they were added in. No client-side timestamps.
 */
#ifndef __PROM_WRITER_H
#define __PROM_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum prom_type {
	PROM_COUNTER,
	PROM_GAUGE,
	PROM_HISTOGRAM,
};

struct prom_label {
	const char *name;
	const char *value;	/* raw; escaped when written */
};

struct prom_sample {
	char *labels;		/* escaped: name="value",... (may be empty) */
	unsigned long hash;	/* of labels and suffix: cheap duplicate checks */
	char suffix[8];		/* "", "_bucket", "_sum", "_count" */
	double value;
};

struct prom_family {
	char name[128];
	enum prom_type type;
	char *help;
	struct prom_sample *s;
	size_t n, cap;
};

struct prom_doc {
	struct prom_family *f;
	size_t n, cap;
};

/*
 * One sample of a counter or gauge. A family's type and help are fixed by
 * its first sample; a second sample with the same labels is refused
 * (-EEXIST), so the output never holds duplicate series.
 */
int prom_add(struct prom_doc *d, const char *name, enum prom_type type,
	     const char *help, const struct prom_label *labels, int nlabels,
	     double value);
/*
 * One histogram series: counts[i] values <= bounds[i] (not cumulative:
 * the writer accumulates), bounds ascending; count is the total (+Inf).
 */
int prom_add_hist(struct prom_doc *d, const char *name, const char *help,
		  const struct prom_label *labels, int nlabels,
		  const double *bounds, const unsigned long long *counts,
		  int nbounds, double sum, unsigned long long count);
int prom_write(const struct prom_doc *d, FILE *f);
void prom_doc_free(struct prom_doc *d);

/* Escapers for label values (\\, \", \n) and help text (\\, \n). */
void prom_escape_label(const char *in, char *out, size_t len);
void prom_escape_help(const char *in, char *out, size_t len);
/* A float as the format writes it: integers exactly, +Inf, NaN. */
void prom_format_value(double v, char *out, size_t len);
/* [a-zA-Z_:][a-zA-Z0-9_:]* (metric) or [a-zA-Z_][a-zA-Z0-9_]* (label). */
bool prom_valid_name(const char *name, bool label);

#endif /* __PROM_WRITER_H */
