// SPDX-License-Identifier: GPL-2.0
/* Prometheus text exposition format, grouped by family. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grow.h"
#include "prom_writer.h"

static const char *const type_names[] = {
	[PROM_COUNTER] = "counter",
	[PROM_GAUGE] = "gauge",
	[PROM_HISTOGRAM] = "histogram",
};

bool prom_valid_name(const char *name, bool label)
{
	if (!name || !*name)
		return false;
	for (const char *p = name; *p; p++) {
		bool alpha = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			     *p == '_' || (!label && *p == ':');

		if (!alpha && !(p != name && *p >= '0' && *p <= '9'))
			return false;
	}
	return true;
}

static void escape(const char *in, char *out, size_t len, bool quote)
{
	size_t o = 0;

	for (; *in && o + 3 < len; in++) {
		if (*in == '\\') {
			out[o++] = '\\';
			out[o++] = '\\';
		} else if (*in == '\n') {
			out[o++] = '\\';
			out[o++] = 'n';
		} else if (quote && *in == '"') {
			out[o++] = '\\';
			out[o++] = '"';
		} else {
			out[o++] = *in;
		}
	}
	if (len)
		out[o] = '\0';
}

void prom_escape_label(const char *in, char *out, size_t len)
{
	escape(in, out, len, true);
}

void prom_escape_help(const char *in, char *out, size_t len)
{
	escape(in, out, len, false);
}

void prom_format_value(double v, char *out, size_t len)
{
	if (isnan(v))
		snprintf(out, len, "NaN");
	else if (isinf(v))
		snprintf(out, len, v > 0 ? "+Inf" : "-Inf");
	else if (v == floor(v) && fabs(v) < 9007199254740992.0)	/* 2^53 */
		snprintf(out, len, "%.0f", v);
	else
		snprintf(out, len, "%.15g", v);
}

static struct prom_family *family(struct prom_doc *d, const char *name,
				  enum prom_type type, const char *help)
{
	struct prom_family *f;

	for (size_t i = 0; i < d->n; i++) {
		if (strcmp(d->f[i].name, name))
			continue;
		return d->f[i].type == type ? &d->f[i] : NULL;
	}
	if (!prom_valid_name(name, false) || strlen(name) >= sizeof(f->name))
		return NULL;
	if (d->n == d->cap &&
	    grow_array((void **)&d->f, &d->cap, 32, sizeof(*d->f)))
		return NULL;
	f = &d->f[d->n];
	memset(f, 0, sizeof(*f));
	snprintf(f->name, sizeof(f->name), "%s", name);
	f->type = type;
	f->help = strdup(help ? help : name);
	if (!f->help)
		return NULL;
	d->n++;
	return f;
}

/* name="escaped",... ; extra (already escaped) appended last. */
static char *label_string(const struct prom_label *labels, int n,
			  const char *extra)
{
	size_t cap = 64 + (extra ? strlen(extra) : 0), len = 0;
	char *s;

	for (int i = 0; i < n; i++)
		cap += strlen(labels[i].name) + 2 * strlen(labels[i].value) + 8;
	s = malloc(cap);
	if (!s)
		return NULL;
	s[0] = '\0';
	for (int i = 0; i < n; i++) {
		if (!prom_valid_name(labels[i].name, true) ||
		    !strncmp(labels[i].name, "__", 2)) {
			free(s);
			return NULL;
		}
		len += snprintf(s + len, cap - len, "%s%s=\"", len ? "," : "",
				labels[i].name);
		prom_escape_label(labels[i].value, s + len, cap - len);
		len += strlen(s + len);
		len += snprintf(s + len, cap - len, "\"");
	}
	if (extra)
		snprintf(s + len, cap - len, "%s%s", len ? "," : "", extra);
	return s;
}

/* FNV-1a */
static unsigned long sample_hash(const char *labels, const char *suffix)
{
	unsigned long h = 2166136261UL;

	for (const char *p = labels; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619UL;
	for (const char *p = suffix; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619UL;
	return h;
}

static int sample_add(struct prom_family *f, char *labels, const char *suffix,
		      double value)
{
	unsigned long h = sample_hash(labels, suffix);
	struct prom_sample *s;

	/* a family of 500 cgroups: compare hashes, strings only on a match */
	for (size_t i = 0; i < f->n; i++) {
		if (f->s[i].hash == h && !strcmp(f->s[i].suffix, suffix) &&
		    !strcmp(f->s[i].labels, labels)) {
			free(labels);
			return -EEXIST;
		}
	}
	if (f->n == f->cap &&
	    grow_array((void **)&f->s, &f->cap, 8, sizeof(*f->s))) {
		free(labels);
		return -ENOMEM;
	}
	s = &f->s[f->n++];
	s->labels = labels;
	s->hash = h;
	snprintf(s->suffix, sizeof(s->suffix), "%s", suffix);
	s->value = value;
	return 0;
}

int prom_add(struct prom_doc *d, const char *name, enum prom_type type,
	     const char *help, const struct prom_label *labels, int nlabels,
	     double value)
{
	struct prom_family *f;
	char *ls;

	if (type == PROM_HISTOGRAM)
		return -EINVAL;
	f = family(d, name, type, help);
	if (!f)
		return -EINVAL;
	ls = label_string(labels, nlabels, NULL);
	if (!ls)
		return -EINVAL;
	return sample_add(f, ls, "", value);
}

int prom_add_hist(struct prom_doc *d, const char *name, const char *help,
		  const struct prom_label *labels, int nlabels,
		  const double *bounds, const unsigned long long *counts,
		  int nbounds, double sum, unsigned long long count)
{
	struct prom_family *f = family(d, name, PROM_HISTOGRAM, help);
	unsigned long long cum = 0;
	char le[64], val[40];
	char *ls;
	int err;

	if (!f)
		return -EINVAL;
	/* a series' first sample decides: the whole histogram or nothing */
	ls = label_string(labels, nlabels, NULL);
	if (!ls)
		return -EINVAL;
	for (size_t i = 0; i < f->n; i++) {
		if (!strcmp(f->s[i].suffix, "_count") && !strcmp(f->s[i].labels, ls)) {
			free(ls);
			return -EEXIST;
		}
	}
	free(ls);
	for (int i = 0; i <= nbounds; i++) {
		if (i < nbounds) {
			cum += counts[i];
			/* short and stable: le strings must match across writes */
			if (bounds[i] == (long long)bounds[i])
				prom_format_value(bounds[i], val, sizeof(val));
			else
				snprintf(val, sizeof(val), "%.12g", bounds[i]);
		} else {
			snprintf(val, sizeof(val), "+Inf");
		}
		snprintf(le, sizeof(le), "le=\"%s\"", val);
		ls = label_string(labels, nlabels, le);
		if (!ls)
			return -ENOMEM;
		/* +Inf is the total: never below the finite buckets */
		err = sample_add(f, ls, "_bucket",
				 i < nbounds ? cum : (count > cum ? count : cum));
		if (err)
			return err;
	}
	ls = label_string(labels, nlabels, NULL);
	if (!ls || sample_add(f, ls, "_sum", sum))
		return -ENOMEM;
	ls = label_string(labels, nlabels, NULL);
	if (!ls)
		return -ENOMEM;
	return sample_add(f, ls, "_count", count > cum ? count : cum);
}

int prom_write(const struct prom_doc *d, FILE *out)
{
	char help[1024], val[40];

	for (size_t i = 0; i < d->n; i++) {
		const struct prom_family *f = &d->f[i];

		if (!f->n)	/* its only sample was refused */
			continue;
		prom_escape_help(f->help, help, sizeof(help));
		fprintf(out, "# HELP %s %s\n# TYPE %s %s\n", f->name, help, f->name,
			type_names[f->type]);
		for (size_t k = 0; k < f->n; k++) {
			const struct prom_sample *s = &f->s[k];

			prom_format_value(s->value, val, sizeof(val));
			if (s->labels[0])
				fprintf(out, "%s%s{%s} %s\n", f->name, s->suffix,
					s->labels, val);
			else
				fprintf(out, "%s%s %s\n", f->name, s->suffix, val);
		}
	}
	return ferror(out) ? -EIO : 0;
}

void prom_doc_free(struct prom_doc *d)
{
	for (size_t i = 0; i < d->n; i++) {
		for (size_t k = 0; k < d->f[i].n; k++)
			free(d->f[i].s[k].labels);
		free(d->f[i].s);
		free(d->f[i].help);
	}
	free(d->f);
	memset(d, 0, sizeof(*d));
}
