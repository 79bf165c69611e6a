// SPDX-License-Identifier: GPL-2.0
/* YAML tree helpers over libyaml's document API (see yaml_tree.h). */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "counters.h"
#include "yaml_tree.h"

int ydoc_load(struct ydoc *d, const char *path, struct zs_error *err)
{
	size_t n;
	char *text;
	int ret;

	memset(d, 0, sizeof(*d));
	text = read_file_explained(path, YDOC_MAX_BYTES, &n, err);
	if (!text)
		return -1;
	ret = ydoc_parse(d, path, text, n, err);
	free(text);
	return ret;
}

/*
 * libyaml's scanner walks its stack of possible keys at every token, so
 * deep nesting costs quadratic time (100,000 '[' took 54 s): a first pass
 * over the events stops at YDOC_MAX_DEPTH. Returns 1 when too deep (err
 * says where), 0 otherwise (a syntax error is left to the loader's report).
 */
static int too_deep(const char *name, const char *text, size_t n, struct zs_error *err)
{
	yaml_parser_t parser;
	yaml_event_t ev;
	int depth = 0, ret = 0;

	if (!yaml_parser_initialize(&parser))
		return 0;
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, n);
	while (yaml_parser_parse(&parser, &ev)) {
		yaml_event_type_t t = ev.type;

		if (t == YAML_SEQUENCE_START_EVENT || t == YAML_MAPPING_START_EVENT)
			depth++;
		else if (t == YAML_SEQUENCE_END_EVENT || t == YAML_MAPPING_END_EVENT)
			depth--;
		if (depth > YDOC_MAX_DEPTH) {
			zs_error_set(err, true, "%s:%zu: nested deeper than %d levels",
				 name, ev.start_mark.line + 1, YDOC_MAX_DEPTH);
			ret = 1;
		}
		yaml_event_delete(&ev);
		if (ret || t == YAML_STREAM_END_EVENT)
			break;
	}
	yaml_parser_delete(&parser);
	return ret;
}

static int cmp_key_nodes(const void *a, const void *b)
{
	const yaml_node_t *x = *(yaml_node_t *const *)a, *y = *(yaml_node_t *const *)b;
	int c = strcmp((const char *)x->data.scalar.value,
		       (const char *)y->data.scalar.value);

	/* equal keys in file order, so the report names the second one */
	if (c)
		return c;
	return x->start_mark.index < y->start_mark.index ? -1 : 1;
}

/*
 * libyaml keeps every pair of a mapping, and lookups take the first: a
 * second "tables:" would be dropped without a word. Sorted, not pairwise,
 * so a mapping of a million keys stays fast.
 */
static int duplicate_key(struct ydoc *d, struct zs_error *err)
{
	yaml_node_t *n;

	for (n = d->doc.nodes.start; n < d->doc.nodes.top; n++) {
		yaml_node_pair_t *p, *start = n->data.mapping.pairs.start;
		size_t nk = 0, pairs;
		yaml_node_t **keys;

		if (n->type != YAML_MAPPING_NODE)
			continue;
		pairs = n->data.mapping.pairs.top - start;
		if (pairs < 2)
			continue;
		keys = malloc(pairs * sizeof(*keys));
		if (!keys) {
			zs_error_set(err, true, "%s: out of memory", d->file);
			return -1;
		}
		for (p = start; p < n->data.mapping.pairs.top; p++) {
			yaml_node_t *k = yaml_document_get_node(&d->doc, p->key);

			if (k && k->type == YAML_SCALAR_NODE)
				keys[nk++] = k;
		}
		qsort(keys, nk, sizeof(*keys), cmp_key_nodes);
		for (size_t i = 1; i < nk; i++)
			if (!strcmp((const char *)keys[i]->data.scalar.value,
				    (const char *)keys[i - 1]->data.scalar.value)) {
				zs_error_set(err, true, "%s:%zu: duplicate key '%.60s' (first at line %zu)",
					 d->file, keys[i]->start_mark.line + 1,
					 (const char *)keys[i]->data.scalar.value,
					 keys[i - 1]->start_mark.line + 1);
				free(keys);
				return -1;
			}
		free(keys);
	}
	return 0;
}

int ydoc_parse(struct ydoc *d, const char *name, const char *text, size_t n,
	       struct zs_error *err)
{
	yaml_parser_t parser;
	int ok;

	memset(d, 0, sizeof(*d));
	snprintf(d->file, sizeof(d->file), "%s", name);
	if (too_deep(name, text, n, err))
		return -1;
	if (!yaml_parser_initialize(&parser)) {
		zs_error_set(err, true, "%s: out of memory", name);
		return -1;
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, n);
	ok = yaml_parser_load(&parser, &d->doc);
	if (ok) {
		/* one document a file: a second one (or garbage) is an error */
		yaml_document_t next;

		d->loaded = true;
		ok = yaml_parser_load(&parser, &next);
		if (ok) {
			yaml_node_t *root = yaml_document_get_root_node(&next);

			if (root) {
				zs_error_set(err, true, "%s:%zu: a second YAML document "
					 "(a claims file holds one)", name,
					 root->start_mark.line + 1);
				ok = 0;
			}
			yaml_document_delete(&next);
			if (!ok) {
				ydoc_free(d);
				yaml_parser_delete(&parser);
				return -1;
			}
		} else {
			ydoc_free(d);
		}
	}
	if (!ok)
		zs_error_set(err, true, "%s:%zu:%zu: %s%s%s", name,
			 parser.problem_mark.line + 1, parser.problem_mark.column + 1,
			 parser.problem ? parser.problem : "YAML error",
			 parser.context ? " " : "", parser.context ? parser.context : "");
	yaml_parser_delete(&parser);
	if (!ok)
		return -1;
	if (!yaml_document_get_root_node(&d->doc)) {
		zs_error_set(err, true, "%s: empty file", name);
		ydoc_free(d);
		return -1;
	}
	if (duplicate_key(d, err)) {
		ydoc_free(d);
		return -1;
	}
	return 0;
}

void ydoc_free(struct ydoc *d)
{
	if (d->loaded)
		yaml_document_delete(&d->doc);
	d->loaded = false;
}

yaml_node_t *ydoc_root(struct ydoc *d)
{
	return yaml_document_get_root_node(&d->doc);
}

yaml_node_t *ymap_get(struct ydoc *d, yaml_node_t *map, const char *key)
{
	yaml_node_pair_t *p;

	if (!map || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(&d->doc, p->key);
		const char *s = yscalar(k);

		if (s && !strcmp(s, key))
			return yaml_document_get_node(&d->doc, p->value);
	}
	return NULL;
}

int ymap_check_keys(struct ydoc *d, yaml_node_t *map, const char *const *allowed,
		    const char *what, struct zs_error *err)
{
	yaml_node_pair_t *p;

	for (p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(&d->doc, p->key);
		const char *s = yscalar(k);
		char known[400] = "";
		size_t used = 0;
		int i;

		for (i = 0; s && allowed[i]; i++)
			if (!strcmp(s, allowed[i]))
				break;
		if (s && allowed[i])
			continue;
		for (i = 0; allowed[i] && used < sizeof(known); i++)
			used += snprintf(known + used, sizeof(known) - used, "%s%s",
					 i ? ", " : "", allowed[i]);
		yerr(d, k, err, "unknown key '%.60s' in %s (known: %s)",
		     s ? s : "(not a scalar)", what, known);
		return -1;
	}
	return 0;
}

size_t yseq_len(const yaml_node_t *n)
{
	if (!n || n->type != YAML_SEQUENCE_NODE)
		return 0;
	return n->data.sequence.items.top - n->data.sequence.items.start;
}

yaml_node_t *yseq_at(struct ydoc *d, yaml_node_t *seq, size_t i)
{
	if (i >= yseq_len(seq))
		return NULL;
	return yaml_document_get_node(&d->doc, seq->data.sequence.items.start[i]);
}

const char *yscalar(const yaml_node_t *n)
{
	if (!n || n->type != YAML_SCALAR_NODE)
		return NULL;
	return (const char *)n->data.scalar.value;
}

static bool plain(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE &&
	       n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

bool yis_null(const yaml_node_t *n)
{
	const char *s = yscalar(n);

	return plain(n) && (!*s || !strcmp(s, "~") || !strcmp(s, "null") ||
			    !strcmp(s, "Null") || !strcmp(s, "NULL"));
}

bool ynumber(const yaml_node_t *n, double *out)
{
	const char *s = yscalar(n);
	char *end;
	double v;

	if (!plain(n) || !*s || strlen(s) != n->data.scalar.length)
		return false;
	errno = 0;
	v = strtod(s, &end);
	if (errno || *end || !isfinite(v))
		return false;
	*out = v;
	return true;
}

void yerr(struct ydoc *d, const yaml_node_t *n, struct zs_error *err,
	  const char *fmt, ...)
{
	int used = snprintf(err->msg, sizeof(err->msg), "%s:%d: ", d->file,
			    n ? yline(n) : 1);
	va_list ap;

	err->usage = true;
	if (used < 0 || (size_t)used >= sizeof(err->msg))
		return;
	va_start(ap, fmt);
	vsnprintf(err->msg + used, sizeof(err->msg) - used, fmt, ap);
	va_end(ap);
}
