/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A YAML file as a tree (libyaml's document API) with the line of every
 * node, so a reader can say "FILE:LINE: what" about any field, not only
 * about syntax errors. Scalars are untyped strings in YAML's core; these
 * helpers decide what a number, a null and a boolean are.
 */
#ifndef __YAML_TREE_H
#define __YAML_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <yaml.h>
#include "zs_error.h"

struct ydoc {
	yaml_document_t doc;
	bool loaded;
	char file[512];
};

/* Loads the first document; -1 with "FILE:LINE:COL: problem" in err. */
int ydoc_load(struct ydoc *d, const char *path, struct zs_error *err);
#define YDOC_MAX_BYTES (16 << 20)
/* deeper nesting is refused: libyaml would take quadratic time over it */
#define YDOC_MAX_DEPTH 64
/* The same from n bytes of text; name only names it in messages. */
int ydoc_parse(struct ydoc *d, const char *name, const char *text, size_t n,
	       struct zs_error *err);
void ydoc_free(struct ydoc *d);

yaml_node_t *ydoc_root(struct ydoc *d);
static inline int yline(const yaml_node_t *n)
{
	return (int)n->start_mark.line + 1;
}

/* The value of key in a mapping node, or NULL. */
yaml_node_t *ymap_get(struct ydoc *d, yaml_node_t *map, const char *key);
/*
 * -1 with "FILE:LINE: unknown key 'K' in WHAT (known: ...)" when map has
 * a key outside allowed (NULL-terminated): a typo must not pass silently.
 */
int ymap_check_keys(struct ydoc *d, yaml_node_t *map, const char *const *allowed,
		    const char *what, struct zs_error *err);

size_t yseq_len(const yaml_node_t *n);
yaml_node_t *yseq_at(struct ydoc *d, yaml_node_t *seq, size_t i);

/* The text of a scalar node, NULL for mappings and sequences. */
const char *yscalar(const yaml_node_t *n);
/* An unquoted ~, null, Null, NULL or empty scalar. */
bool yis_null(const yaml_node_t *n);
/* An unquoted scalar that is a whole finite number. */
bool ynumber(const yaml_node_t *n, double *out);

/* "FILE:LINE: " + the message, into err. */
void yerr(struct ydoc *d, const yaml_node_t *n, struct zs_error *err,
	  const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif /* __YAML_TREE_H */
