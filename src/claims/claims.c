// SPDX-License-Identifier: GPL-2.0
/* The claims file reader (claims/FORMAT.md): YAML through libyaml. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "claims.h"
#include "level_stats.h"
#include "metric_name_check.h"
#include "record.h"
#include "yaml_tree.h"

static const char *const top_keys[] = {
	"schema", "series", "source", "setup", "tables", NULL };
static const char *const source_keys[] = {
	"seed", "message_id", "where", NULL };
static const char *const setup_keys[] = {
	"stated", "machine", "zswap", "memory_max", "memory_high", "io_weight", "iocost",
	"swap", "duration_s", "workload", "scaled", NULL };
static const char *const table_keys[] = {
	"id", "title", "columns", "compare", "runs", "setup", "rows", NULL };
static const char *const row_keys[] = {
	"label", "metric", "requires", "unmapped", "unit", "quoted",
	"change_pct", "claim", "margin_pct", "note", "when", "scale", "promql",
	NULL };
static const char *const quoted_keys[] = { "mean", "sd", "n", "text", NULL };

#define DEFAULT_MARGIN_PCT 5.0

struct reader {
	struct ydoc d;
	struct zs_error *err;
};

const char *claim_dir_name(enum claim_dir d)
{
	switch (d) {
	case CLAIM_LOWER: return "lower";
	case CLAIM_HIGHER: return "higher";
	default: return "same";
	}
}

int claim_table_col(const struct claim_table *t, const char *name)
{
	for (int i = 0; i < t->nr_cols; i++)
		if (!strcmp(t->col[i], name))
			return i;
	return -1;
}

/* A required (or optional, may be NULL) scalar string into dst. */
static int get_str(struct reader *r, yaml_node_t *map, const char *key,
		   bool required, char *dst, size_t dlen)
{
	yaml_node_t *n = ymap_get(&r->d, map, key);
	const char *s = yscalar(n);

	if (!n || yis_null(n)) {
		if (!required)
			return 0;
		yerr(&r->d, map, r->err,  "missing field '%s'", key);
		return -1;
	}
	if (!s) {
		yerr(&r->d, n, r->err,  "'%s' must be text", key);
		return -1;
	}
	if (strlen(s) >= dlen) {
		yerr(&r->d, n, r->err,  "'%s' longer than %zu characters",
		     key, dlen - 1);
		return -1;
	}
	snprintf(dst, dlen, "%s", s);
	return 0;
}

static int get_num(struct reader *r, yaml_node_t *map, const char *key,
		   double *out, bool *present)
{
	yaml_node_t *n = ymap_get(&r->d, map, key);

	*present = false;
	if (!n || yis_null(n))
		return 0;
	if (!ynumber(n, out)) {
		yerr(&r->d, n, r->err,  "'%s' must be a number", key);
		return -1;
	}
	*present = true;
	return 0;
}

static int check_map(struct reader *r, yaml_node_t *n, const char *const *keys,
		     const char *what)
{
	if (!n || n->type != YAML_MAPPING_NODE) {
		yerr(&r->d, n, r->err,  "%s must be a mapping", what);
		return -1;
	}
	return ymap_check_keys(&r->d, n, keys, what, r->err);
}

/* A count in a claims file (n of a quoted cell, runs of a table): a
 * whole number that fits an int */
#define CLAIM_MAX_COUNT 1000000

static bool whole_count(double v)
{
	return v >= 1 && v <= CLAIM_MAX_COUNT && v == floor(v);
}

/* A quoted cell: a number, {mean, sd, n, text}, a text such as "OOM", or null. */
static int read_quoted(struct reader *r, yaml_node_t *n, struct quoted *q)
{
	bool has;
	double v;

	memset(q, 0, sizeof(*q));
	if (yis_null(n))
		return 0;
	q->present = true;
	if (ynumber(n, &q->mean)) {
		q->has_mean = true;
		return 0;
	}
	if (yscalar(n)) {
		snprintf(q->text, sizeof(q->text), "%s", yscalar(n));
		return 0;
	}
	if (check_map(r, n, quoted_keys, "a quoted value"))
		return -1;
	if (get_num(r, n, "mean", &q->mean, &q->has_mean) ||
	    get_num(r, n, "sd", &q->sd, &q->has_sd) ||
	    get_num(r, n, "n", &v, &has) ||
	    get_str(r, n, "text", false, q->text, sizeof(q->text)))
		return -1;
	if ((q->has_sd && (q->sd < 0 || !q->has_mean)) || (has && !whole_count(v))) {
		yerr(&r->d, n, r->err, 
		     "sd needs a mean and must be >= 0; n must be a whole number "
		     "from 1 to %d", CLAIM_MAX_COUNT);
		return -1;
	}
	if (has)
		q->n = (int)v;
	return 0;
}

static int parse_dir(struct reader *r, yaml_node_t *n, enum claim_dir *d)
{
	const char *s = yscalar(n);

	if (s && !strcmp(s, "lower"))
		*d = CLAIM_LOWER;
	else if (s && !strcmp(s, "higher"))
		*d = CLAIM_HIGHER;
	else if (s && !strcmp(s, "same"))
		*d = CLAIM_SAME;
	else {
		yerr(&r->d, n, r->err, 
		     "claim must be lower, higher or same");
		return -1;
	}
	return 0;
}

/*
 * A per-comparison field: one scalar for every compared pair, or a list
 * with one entry per pair. Returns the node of pair i, or NULL.
 */
static yaml_node_t *per_cmp(struct reader *r, yaml_node_t *n, size_t i)
{
	if (!n || n->type != YAML_SEQUENCE_NODE)
		return n;
	return yseq_at(&r->d, n, i);
}

static int check_per_cmp(struct reader *r, yaml_node_t *n, const char *key,
			 int nr_cmps)
{
	if (n && n->type == YAML_SEQUENCE_NODE && (int)yseq_len(n) != nr_cmps) {
		yerr(&r->d, n, r->err, 
		     "'%s' has %zu entries for %d compared pairs", key,
		     yseq_len(n), nr_cmps);
		return -1;
	}
	return 0;
}

static int read_metrics(struct reader *r, yaml_node_t *n, struct claim_row *row)
{
	size_t cnt = n->type == YAML_SEQUENCE_NODE ? yseq_len(n) : 1;

	if (!cnt || cnt > CLAIM_MAX_METRICS) {
		yerr(&r->d, n, r->err,  "metric: 1 to %d names",
		     CLAIM_MAX_METRICS);
		return -1;
	}
	for (size_t i = 0; i < cnt; i++) {
		yaml_node_t *m = n->type == YAML_SEQUENCE_NODE ?
			yseq_at(&r->d, n, i) : n;
		const char *s = yscalar(m);
		enum level_stat ls;
		enum hist_stat st;
		size_t hl;

		if (!s || !*s || strlen(s) >= METRIC_NAME_LEN) {
			yerr(&r->d, m, r->err, 
			     "metric must be a record metric name (or glob)");
			return -1;
		}
		if (hist_stat_parse(s, &hl, &st) < 0 &&
		    level_stat_parse(s, &hl, &ls) < 0) {
			yerr(&r->d, m, r->err, "metric '%s': unknown histogram "
			     "statistic (%s) or level statistic (%s)", s,
			     hist_stat_list, level_stat_list);
			return -1;
		}
		snprintf(row->metric[row->nr_metrics++], METRIC_NAME_LEN, "%s", s);
	}
	return 0;
}

/* The claim of pair i: given, or the direction of the quoted values. */
static int row_claim(struct reader *r, yaml_node_t *rn, struct claim_row *row,
		     const struct claim_table *t, int i)
{
	yaml_node_t *cn = per_cmp(r, ymap_get(&r->d, rn, "claim"), i);
	yaml_node_t *pn = per_cmp(r, ymap_get(&r->d, rn, "change_pct"), i);
	const struct quoted *a = &row->q[t->cmp[i][0]], *b = &row->q[t->cmp[i][1]];

	if (pn && !yis_null(pn)) {
		if (!ynumber(pn, &row->change_pct[i])) {
			yerr(&r->d, pn, r->err,  "change_pct must be a number");
			return -1;
		}
		row->has_change[i] = true;
	} else if (a->has_mean && b->has_mean && a->mean != 0) {
		row->change_pct[i] = (b->mean - a->mean) / fabs(a->mean) * 100;
		row->has_change[i] = true;
	}
	if (cn && !yis_null(cn))
		return parse_dir(r, cn, &row->dir[i]);
	if (!row->has_change[i] && !(a->has_mean && b->has_mean)) {
		if (row->unmapped[0])
			return 0;	/* nothing to evaluate or show */
		yerr(&r->d, rn, r->err, 
		     "row '%s': no quoted values to derive the claim from: "
		     "give claim: lower|higher|same", row->label);
		return -1;
	}
	if (row->has_change[i])
		row->dir[i] = row->change_pct[i] < 0 ? CLAIM_LOWER :
			      row->change_pct[i] > 0 ? CLAIM_HIGHER : CLAIM_SAME;
	else
		row->dir[i] = b->mean < a->mean ? CLAIM_LOWER :
			      b->mean > a->mean ? CLAIM_HIGHER : CLAIM_SAME;
	return 0;
}

/* scale: linear (default) or log, the scale the row's test runs on */
static int read_scale(struct reader *r, yaml_node_t *rn, struct claim_row *row)
{
	yaml_node_t *n = ymap_get(&r->d, rn, "scale");
	const char *s = yscalar(n);

	if (!n || yis_null(n) || (s && !strcmp(s, "linear")))
		return 0;
	if (s && !strcmp(s, "log")) {
		row->log_scale = true;
		return 0;
	}
	yerr(&r->d, n, r->err,  "scale must be linear or log");
	return -1;
}

/* when: {PARAM: VALUE, ...}, the zswap parameters the row needs */
static int read_when(struct reader *r, yaml_node_t *rn, struct claim_row *row)
{
	yaml_node_t *w = ymap_get(&r->d, rn, "when");
	yaml_node_pair_t *p;

	if (!w || yis_null(w))
		return 0;
	if (w->type != YAML_MAPPING_NODE) {
		yerr(&r->d, w, r->err,  "when: a mapping of zswap parameters");
		return -1;
	}
	for (p = w->data.mapping.pairs.start; p < w->data.mapping.pairs.top; p++) {
		const char *k = yscalar(yaml_document_get_node(&r->d.doc, p->key));
		const char *v = yscalar(yaml_document_get_node(&r->d.doc, p->value));

		if (!k || !v || row->nr_when == CLAIM_MAX_WHEN ||
		    strlen(k) >= sizeof(row->when[0][0]) ||
		    strlen(v) >= sizeof(row->when[0][1])) {
			yerr(&r->d, w, r->err, 
			     "when: at most %d short PARAM: VALUE pairs",
			     CLAIM_MAX_WHEN);
			return -1;
		}
		/* a typo would make every record n/a for the row, silently */
		if (!record_zswap_param(&(struct record_meta){}, k)) {
			yerr(&r->d, yaml_document_get_node(&r->d.doc, p->key), r->err,
			      "when: '%.40s' is not a zswap parameter a record "
			     "has (enabled, compressor, zpool, max_pool_percent, "
			     "accept_threshold_percent, shrinker_enabled)", k);
			return -1;
		}
		snprintf(row->when[row->nr_when][0], sizeof(row->when[0][0]), "%s", k);
		snprintf(row->when[row->nr_when][1], sizeof(row->when[0][1]), "%s", v);
		row->nr_when++;
	}
	return 0;
}

static int read_row(struct reader *r, yaml_node_t *rn, struct claim_row *row,
		    const struct claim_table *t)
{
	yaml_node_t *mn, *qn;
	bool has;

	memset(row, 0, sizeof(*row));
	row->line = yline(rn);
	if (check_map(r, rn, row_keys, "a row") ||
	    get_str(r, rn, "label", true, row->label, sizeof(row->label)) ||
	    get_str(r, rn, "requires", false, row->requires, sizeof(row->requires)) ||
	    get_str(r, rn, "unmapped", false, row->unmapped, sizeof(row->unmapped)) ||
	    get_str(r, rn, "promql", false, row->promql, sizeof(row->promql)) ||
	    get_str(r, rn, "unit", false, row->unit, sizeof(row->unit)) ||
	    get_str(r, rn, "note", false, row->note, sizeof(row->note)) ||
	    get_num(r, rn, "margin_pct", &row->margin_pct, &has))
		return -1;
	if (!has)
		row->margin_pct = DEFAULT_MARGIN_PCT;
	if (read_scale(r, rn, row))
		return -1;
	if (row->margin_pct <= 0) {
		yerr(&r->d, rn, r->err,  "margin_pct must be > 0");
		return -1;
	}
	mn = ymap_get(&r->d, rn, "metric");
	if (((mn && !yis_null(mn)) || row->promql[0]) && row->unmapped[0]) {
		yerr(&r->d, rn, r->err, 
		     "row '%s': metric (or promql) and unmapped exclude each other",
		     row->label);
		return -1;
	}
	if ((!mn || yis_null(mn)) && !row->unmapped[0] && !row->promql[0]) {
		yerr(&r->d, rn, r->err, 
		     "row '%s': needs a metric (or a promql:), or unmapped: with "
		     "the reason", row->label);
		return -1;
	}
	if ((mn && !yis_null(mn) && read_metrics(r, mn, row)) ||
	    read_when(r, rn, row))
		return -1;
	qn = ymap_get(&r->d, rn, "quoted");
	if (!qn || qn->type != YAML_SEQUENCE_NODE ||
	    (int)yseq_len(qn) != t->nr_cols) {
		yerr(&r->d, qn ? qn : rn, r->err, 
		     "row '%s': quoted must list one value per column (%d)",
		     row->label, t->nr_cols);
		return -1;
	}
	for (int c = 0; c < t->nr_cols; c++)
		if (read_quoted(r, yseq_at(&r->d, qn, c), &row->q[c]))
			return -1;
	if (check_per_cmp(r, ymap_get(&r->d, rn, "claim"), "claim", t->nr_cmps) ||
	    check_per_cmp(r, ymap_get(&r->d, rn, "change_pct"), "change_pct",
			  t->nr_cmps))
		return -1;
	for (int i = 0; i < t->nr_cmps; i++)
		if (row_claim(r, rn, row, t, i))
			return -1;
	return 0;
}

static int col_index(struct reader *r, const struct claim_table *t,
		     yaml_node_t *n)
{
	const char *s = yscalar(n);
	int c = s ? claim_table_col(t, s) : -1;

	if (c < 0)
		yerr(&r->d, n, r->err,  "compare: '%s' is not a column",
		     s ? s : "(not text)");
	return c;
}

static int read_compare(struct reader *r, yaml_node_t *tn, struct claim_table *t)
{
	yaml_node_t *cn = ymap_get(&r->d, tn, "compare");

	if (!cn || yis_null(cn)) {
		if (t->nr_cols != 2) {
			yerr(&r->d, tn, r->err,  "table '%s' has %d columns: "
			     "say which pairs it compares (compare: [[BASE, NEW]])",
			     t->id, t->nr_cols);
			return -1;
		}
		t->cmp[0][0] = 0;
		t->cmp[0][1] = 1;
		t->nr_cmps = 1;
		return 0;
	}
	if (!yseq_len(cn) || yseq_len(cn) > CLAIM_MAX_CMPS) {
		yerr(&r->d, cn, r->err,  "compare: 1 to %d pairs",
		     CLAIM_MAX_CMPS);
		return -1;
	}
	for (size_t i = 0; i < yseq_len(cn); i++) {
		yaml_node_t *p = yseq_at(&r->d, cn, i);

		if (yseq_len(p) != 2) {
			yerr(&r->d, p, r->err, 
			     "compare: each pair is [BASE, NEW]");
			return -1;
		}
		t->cmp[i][0] = col_index(r, t, yseq_at(&r->d, p, 0));
		t->cmp[i][1] = col_index(r, t, yseq_at(&r->d, p, 1));
		if (t->cmp[i][0] < 0 || t->cmp[i][1] < 0)
			return -1;
		if (t->cmp[i][0] == t->cmp[i][1]) {
			yerr(&r->d, p, r->err, 
			     "compare: a column against itself");
			return -1;
		}
		t->nr_cmps++;
	}
	return 0;
}

static int read_table(struct reader *r, yaml_node_t *tn, struct claim_table *t)
{
	yaml_node_t *cols, *rows;
	double runs;
	bool has;

	t->line = yline(tn);
	if (check_map(r, tn, table_keys, "a table") ||
	    get_str(r, tn, "id", true, t->id, sizeof(t->id)) ||
	    get_str(r, tn, "title", true, t->title, sizeof(t->title)) ||
	    get_str(r, tn, "setup", false, t->setup, sizeof(t->setup)) ||
	    get_num(r, tn, "runs", &runs, &has))
		return -1;
	if (has && !whole_count(runs)) {
		yerr(&r->d, tn, r->err, 
		     "table '%s': runs must be a whole number from 1 to %d",
		     t->id, CLAIM_MAX_COUNT);
		return -1;
	}
	t->runs = has ? (int)runs : 0;
	cols = ymap_get(&r->d, tn, "columns");
	if (yseq_len(cols) < 2 || yseq_len(cols) > CLAIM_MAX_COLS) {
		yerr(&r->d, cols ? cols : tn, r->err, 
		     "table '%s': columns must list 2 to %d names", t->id,
		     CLAIM_MAX_COLS);
		return -1;
	}
	for (size_t i = 0; i < yseq_len(cols); i++) {
		yaml_node_t *c = yseq_at(&r->d, cols, i);
		const char *s = yscalar(c);

		if (!s || !*s || strlen(s) >= sizeof(t->col[0]) ||
		    claim_table_col(t, s) >= 0) {
			yerr(&r->d, c, r->err, 
			     "a column name must be short, unique text");
			return -1;
		}
		snprintf(t->col[t->nr_cols++], sizeof(t->col[0]), "%s", s);
	}
	if (read_compare(r, tn, t))
		return -1;
	rows = ymap_get(&r->d, tn, "rows");
	if (!yseq_len(rows)) {
		yerr(&r->d, rows ? rows : tn, r->err, 
		     "table '%s': rows must list at least one row", t->id);
		return -1;
	}
	t->rows = calloc(yseq_len(rows), sizeof(*t->rows));
	if (!t->rows) {
		yerr(&r->d, rows, r->err,  "out of memory");
		return -1;
	}
	for (size_t i = 0; i < yseq_len(rows); i++) {
		if (read_row(r, yseq_at(&r->d, rows, i), &t->rows[i], t))
			return -1;
		t->nr_rows++;
	}
	return 0;
}

static int read_claims(struct reader *r, struct claims *c)
{
	yaml_node_t *root = ydoc_root(&r->d), *src, *setup, *tables;
	char schema[64];

	if (check_map(r, root, top_keys, "the claims file") ||
	    get_str(r, root, "schema", true, schema, sizeof(schema)))
		return -1;
	if (strcmp(schema, CLAIMS_SCHEMA)) {
		yerr(&r->d, ymap_get(&r->d, root, "schema"), r->err, 
		     "schema '%s' is not %s", schema, CLAIMS_SCHEMA);
		return -1;
	}
	if (get_str(r, root, "series", true, c->series, sizeof(c->series)))
		return -1;
	src = ymap_get(&r->d, root, "source");
	if ((src && check_map(r, src, source_keys, "source")) ||
	    get_str(r, src, "seed", false, c->seed, sizeof(c->seed)) ||
	    get_str(r, src, "message_id", false, c->message_id,
		    sizeof(c->message_id)))
		return -1;
	setup = ymap_get(&r->d, root, "setup");
	if (!setup) {
		yerr(&r->d, root, r->err,  "missing field 'setup'");
		return -1;
	}
	if (check_map(r, setup, setup_keys, "setup") ||
	    get_str(r, setup, "stated", true, c->stated_setup,
		    sizeof(c->stated_setup)) ||
	    claim_setup_read(&r->d, setup, &c->setup, r->err))
		return -1;
	tables = ymap_get(&r->d, root, "tables");
	if (!yseq_len(tables)) {
		yerr(&r->d, tables ? tables : root, r->err, 
		     "tables must list at least one table");
		return -1;
	}
	c->tables = calloc(yseq_len(tables), sizeof(*c->tables));
	if (!c->tables) {
		yerr(&r->d, tables, r->err,  "out of memory");
		return -1;
	}
	for (size_t i = 0; i < yseq_len(tables); i++) {
		struct claim_table *t = &c->tables[i];

		c->nr_tables++;
		if (read_table(r, yseq_at(&r->d, tables, i), t))
			return -1;
		for (size_t j = 0; j < i; j++)
			if (!strcmp(c->tables[j].id, t->id)) {
				yerr(&r->d, yseq_at(&r->d, tables, i), r->err,
				      "table id '%s' used twice", t->id);
				return -1;
			}
	}
	return 0;
}

static int claims_read(struct reader *r, struct claims *c)
{
	int ret = read_claims(r, c);

	ydoc_free(&r->d);
	if (ret)
		claims_free(c);
	return ret;
}

int claims_parse(const char *name, const char *text, size_t n,
		 struct claims *c, struct zs_error *err)
{
	struct reader r = { .err = err };

	memset(c, 0, sizeof(*c));
	snprintf(c->file, sizeof(c->file), "%s", name);
	if (ydoc_parse(&r.d, name, text, n, err))
		return -1;
	return claims_read(&r, c);
}

int claims_load(const char *path, struct claims *c, struct zs_error *err)
{
	struct reader r = { .err = err };

	memset(c, 0, sizeof(*c));
	snprintf(c->file, sizeof(c->file), "%s", path);
	if (ydoc_load(&r.d, path, err))
		return -1;
	return claims_read(&r, c);
}

void claims_free(struct claims *c)
{
	for (size_t i = 0; i < c->nr_tables; i++)
		free(c->tables[i].rows);
	free(c->tables);
	c->tables = NULL;
	c->nr_tables = 0;
}

int claims_check_names(const struct claims *c, struct zs_error *err)
{
	char why[512];

	for (size_t t = 0; t < c->nr_tables; t++)
		for (size_t i = 0; i < c->tables[t].nr_rows; i++) {
			const struct claim_row *row = &c->tables[t].rows[i];

			for (int k = 0; k < row->nr_metrics; k++)
				if (metric_name_check(row->metric[k], why, sizeof(why))) {
					zs_error_set(err, true, "%s:%d: row '%s': metric '%s': %s",
						 c->file, row->line, row->label,
						 row->metric[k], why);
					return -1;
				}
			if (row->requires[0] &&
			    metric_name_check(row->requires, why, sizeof(why))) {
				zs_error_set(err, true, "%s:%d: row '%s': requires '%s': %s",
					 c->file, row->line, row->label, row->requires, why);
				return -1;
			}
		}
	return 0;
}
