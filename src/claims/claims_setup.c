// SPDX-License-Identifier: GPL-2.0
/* A claims file's setup as an experiment (claims_setup.h). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "claims.h"
#include "claims_setup.h"
#include "json_out.h"

static const char *const scaled_keys[] = {
	"why", "workload", "memory_max", "memory_high", "zswap", "iocost",
	"duration_s", NULL };

long setup_size_mib(const char *s)
{
	static const struct { const char *unit; double mib; } units[] = {
		{ "", 1 }, { "m", 1 }, { "mb", 1 }, { "mib", 1 },
		{ "g", 1024 }, { "gb", 1024 }, { "gib", 1024 },
		{ "t", 1 << 20 }, { "tb", 1 << 20 }, { "tib", 1 << 20 },
	};
	char *end;
	double v;

	if (!s || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno)
		return -1;
	while (*end == ' ')
		end++;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		double mib = v * units[i].mib;

		if (strcasecmp(end, units[i].unit))
			continue;
		return mib >= 1 && mib <= (1L << 30) ? (long)mib : -1;
	}
	return -1;
}

int setup_param_set(struct setup_params *p, const char *name, const char *value)
{
	int i;

	for (i = 0; i < p->n; i++)
		if (!strcmp(p->kv[i][0], name))
			break;
	if (i == p->n) {
		if (p->n == SETUP_MAX_PARAMS)
			return -1;
		p->n++;
	}
	snprintf(p->kv[i][0], sizeof(p->kv[i][0]), "%s", name);
	snprintf(p->kv[i][1], sizeof(p->kv[i][1]), "%s", value);
	return 0;
}

/* A mapping of zswap parameters (name: scalar) merged into p. */
static int read_params(struct ydoc *d, yaml_node_t *map, struct setup_params *p,
		       struct zs_error *err)
{
	if (!map || yis_null(map))
		return 0;
	if (map->type != YAML_MAPPING_NODE) {
		yerr(d, map, err, "setup: zswap must map parameters to values");
		return -1;
	}
	for (yaml_node_pair_t *kv = map->data.mapping.pairs.start;
	     kv < map->data.mapping.pairs.top; kv++) {
		const char *k = yscalar(yaml_document_get_node(&d->doc, kv->key));
		yaml_node_t *vn = yaml_document_get_node(&d->doc, kv->value);
		const char *v = yscalar(vn);

		if (!k || !v || strlen(k) >= sizeof(p->kv[0][0]) ||
		    strlen(v) >= sizeof(p->kv[0][1])) {
			yerr(d, vn ? vn : map, err,
			     "setup: a zswap parameter must be name: value (short words)");
			return -1;
		}
		if (setup_param_set(p, k, v)) {
			yerr(d, map, err, "setup: more than %d zswap parameters",
			     SETUP_MAX_PARAMS);
			return -1;
		}
	}
	return 0;
}

static long read_size(struct ydoc *d, yaml_node_t *map, const char *key)
{
	yaml_node_t *n = ymap_get(d, map, key);

	if (!n || yis_null(n))
		return 0;
	return setup_size_mib(yscalar(n));
}

static int read_bool(struct ydoc *d, yaml_node_t *map, const char *key)
{
	const char *s = yscalar(ymap_get(d, map, key));

	if (!s)
		return -1;
	if (!strcasecmp(s, "true") || !strcasecmp(s, "yes"))
		return 1;
	if (!strcasecmp(s, "false") || !strcasecmp(s, "no"))
		return 0;
	return -1;
}

/* A command: a list of words (or one scalar, split at blanks). */
static int read_words(struct ydoc *d, yaml_node_t *map, struct setup_run *r,
		      struct zs_error *err)
{
	yaml_node_t *w = ymap_get(d, map, "workload");
	size_t n;

	if (!w || yis_null(w))
		return 0;
	if (yscalar(w)) {
		char copy[SETUP_MAX_WORDS * 16], *save = NULL;

		snprintf(copy, sizeof(copy), "%s", yscalar(w));
		for (char *t = strtok_r(copy, " \t", &save); t;
		     t = strtok_r(NULL, " \t", &save)) {
			if (r->nr_words == SETUP_MAX_WORDS)
				break;
			snprintf(r->words[r->nr_words++], SETUP_WORD_LEN, "%s", t);
		}
		return 0;
	}
	n = yseq_len(w);
	if (!n || n > SETUP_MAX_WORDS) {
		yerr(d, w, err, "setup: workload: a command of 1 to %d words",
		     SETUP_MAX_WORDS);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const char *s = yscalar(yseq_at(d, w, i));

		if (!s || strlen(s) >= SETUP_WORD_LEN) {
			yerr(d, w, err, "setup: workload: word %zu is not a word "
			     "(a scalar under %d characters)", i + 1, SETUP_WORD_LEN);
			return -1;
		}
		snprintf(r->words[r->nr_words++], SETUP_WORD_LEN, "%s", s);
	}
	return 0;
}

static int read_run(struct ydoc *d, yaml_node_t *map, struct setup_run *r,
		    struct zs_error *err)
{
	yaml_node_t *dur = ymap_get(d, map, "duration_s");
	double v;
	int b;

	if (read_params(d, ymap_get(d, map, "zswap"), &r->zswap, err) ||
	    read_words(d, map, r, err))
		return -1;
	r->memory_max_mib = read_size(d, map, "memory_max");
	r->memory_high_mib = read_size(d, map, "memory_high");
	b = read_bool(d, map, "iocost");
	if (b >= 0)
		r->iocost = b;
	if (dur && ynumber(dur, &v) && v > 0)
		r->duration_s = v;
	return 0;
}

int claim_setup_read(struct ydoc *d, yaml_node_t *setup, struct claim_setup *s,
		     struct zs_error *err)
{
	yaml_node_t *sc = ymap_get(d, setup, "scaled");

	memset(s, 0, sizeof(*s));
	s->full.iocost = -1;
	if (read_run(d, setup, &s->full, err))
		return -1;
	if (!sc || yis_null(sc))
		return 0;
	if (sc->type != YAML_MAPPING_NODE) {
		yerr(d, sc, err, "setup: scaled must be a mapping (why, workload, ...)");
		return -1;
	}
	if (ymap_check_keys(d, sc, scaled_keys, "setup.scaled", err))
		return -1;
	s->has_scaled = true;
	/* a VM keeps the series' zswap and iocost, not its memory sizes */
	s->scaled.zswap = s->full.zswap;
	s->scaled.iocost = s->full.iocost;
	if (read_run(d, sc, &s->scaled, err))
		return -1;
	if (yscalar(ymap_get(d, sc, "why")))
		snprintf(s->why, sizeof(s->why), "%s", yscalar(ymap_get(d, sc, "why")));
	return 0;
}

/*
 * The zswap parameters every mapped row of t is measured with (their
 * common `when:`); -1 with the parameter named in why when two rows
 * want different values (the table is then several experiments).
 */
int claim_table_when(const struct claim_table *t, struct setup_params *p,
		      char *why, size_t len)
{
	bool first = true;

	memset(p, 0, sizeof(*p));
	for (size_t i = 0; i < t->nr_rows; i++) {
		const struct claim_row *r = &t->rows[i];
		struct setup_params mine = { .n = 0 };

		if (!r->nr_metrics)
			continue;
		for (int w = 0; w < r->nr_when; w++)
			setup_param_set(&mine, r->when[w][0], r->when[w][1]);
		if (first) {
			*p = mine;
			first = false;
			continue;
		}
		if (mine.n != p->n)
			goto differ;
		for (int a = 0; a < p->n; a++) {
			int b;

			for (b = 0; b < mine.n; b++)
				if (!strcmp(p->kv[a][0], mine.kv[b][0]) &&
				    !strcmp(p->kv[a][1], mine.kv[b][1]))
					break;
			if (b == mine.n)
				goto differ;
		}
	}
	return 0;
differ:
	snprintf(why, len, "table '%s': its rows are measured with different "
		 "zswap parameters (when:): run each setting apart", t->id);
	return -1;
}

static void json_mib(struct json_out *o, const char *key, long mib)
{
	json_out_key(o, key);
	if (mib > 0)
		json_out_int(o->f, mib);
	else
		json_out_string(o->f, NULL);
}

void setup_run_json(FILE *f, const struct claim_setup *s, bool scaled,
		    const struct setup_params *extra)
{
	const struct setup_run *r = scaled ? &s->scaled : &s->full;
	struct setup_params zs = r->zswap;
	struct json_out o = json_out_open(f, '{'), a;

	for (int i = 0; extra && i < extra->n; i++)
		setup_param_set(&zs, extra->kv[i][0], extra->kv[i][1]);
	json_out_key(&o, "scaled");
	json_out_bool(f, scaled);
	json_out_key(&o, "why");
	json_out_string(f, scaled ? s->why : NULL);
	json_out_key(&o, "zswap");
	a = json_out_open(f, '{');
	for (int i = 0; i < zs.n; i++) {
		json_out_key(&a, zs.kv[i][0]);
		json_out_string(f, zs.kv[i][1]);
	}
	json_out_close(&a, '{');
	json_mib(&o, "memory_max_mib", r->memory_max_mib);
	json_mib(&o, "memory_high_mib", r->memory_high_mib);
	json_out_key(&o, "iocost");
	if (r->iocost >= 0)
		json_out_bool(f, r->iocost);
	else
		json_out_string(f, NULL);
	json_out_key(&o, "duration_s");
	if (r->duration_s > 0)
		json_out_double(f, r->duration_s);
	else
		json_out_string(f, NULL);
	json_out_key(&o, "workload");
	a = json_out_open(f, '[');
	for (int i = 0; i < r->nr_words; i++) {
		json_out_key(&a, NULL);
		json_out_string(f, r->words[i]);
	}
	json_out_close(&a, '[');
	json_out_close(&o, '{');
	fputc('\n', f);
}
