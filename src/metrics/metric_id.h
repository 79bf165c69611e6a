/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A metric's identity as a value: its registry family and its labels.
 * The key records and outputs carry (swap_write_pages{origin=writeback},
 * reject_compress_poor) is rendered from it; the labels are kept as
 * offsets into that key, so a copied metric keeps them. A key is parsed
 * into an identity in one place only, metric_id_parse(), for records on
 * disk and for modules that still name their metrics by key.
 */
#ifndef __METRIC_ID_H
#define __METRIC_ID_H

#include <stdbool.h>
#include <stddef.h>
#include "metric_registry.h"

#define METRIC_MAX_LABELS 4

/* A label as the caller hands it in (borrowed strings). */
struct metric_label {
	const char *key;
	const char *value;
};

struct metric_id {
	const struct metric_family *fam;	/* NULL: no registry row */
	unsigned char nlabels;
	/* a statistic of the metric (KEY{stat=S}): where {stat= begins, 0 none */
	unsigned short stat_off;
	struct {
		/* key_len 0: the key is fam->label (a suffix family) */
		unsigned short key_off, key_len, val_off, val_len;
	} lab[METRIC_MAX_LABELS];
};

/*
 * Renders family f with labels l[0..n) into key (len bytes) and fills id.
 * Returns 0, or -1 when the key did not fit (it is then cut, and the
 * labels past the cut are dropped).
 */
int metric_id_render(char *key, size_t len, struct metric_id *id,
		     const struct metric_family *f,
		     const struct metric_label *l, int n);
/*
 * A statistic named after a metric's whole key, labels included:
 * KEY{stat=S}. A histogram's (histogram.h: computed where it is read) or
 * a level's over the window (level_stats.h: recorded).
 */
#define METRIC_STAT_PREFIX "{stat="
/*
 * Whether key ends in {stat=WORD} after a name: true with the length of
 * the key before it in *base_len, and the word and its length.
 */
bool metric_stat_suffix(const char *key, size_t *base_len, const char **word,
			size_t *word_len);
/*
 * Whether key ends in {stat=W}: 1 with W's index among words[0..n) in
 * *st, 0 without the suffix, -1 for a W not among them (*base_len set
 * both times).
 */
int metric_stat_parse(const char *key, const char *const *words, int n,
		      size_t *base_len, int *st);

/* The identity of a key: 0, or -1 for a malformed key (fam NULL then). */
int metric_id_parse(const char *key, struct metric_id *id);
/* The family of a key without its labels (NULL: no row). */
const struct metric_family *metric_family_of_key(const char *key);

/*
 * Key without its labels, a {stat=S} suffix kept: the name a collector
 * writes, n/a with its reason, for a labelled family it has no source
 * for (mthp_swpout{size=64kB} on a kernel without per-size stats is
 * mthp_swpout there). False when key has no labels but the statistic.
 */
bool metric_unlabelled_key(const char *key, char *out, size_t len);

/* Label key's value into buf; false when the metric has no such label. */
bool metric_id_label(const char *key, const struct metric_id *id,
		     const char *label, char *buf, size_t len);

/* All labels as NUL-terminated strings, for outputs that list them. */
struct metric_label_set {
	struct metric_label l[METRIC_MAX_LABELS];
	int n;
	char store[256];
};

void metric_id_labels(const char *key, const struct metric_id *id,
		      struct metric_label_set *out);
/* Direction of the metric (the neutral one when no row describes it). */
const struct metric_direction *metric_id_direction(const char *key,
						   const struct metric_id *id);

#endif /* __METRIC_ID_H */
