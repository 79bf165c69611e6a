// SPDX-License-Identifier: GPL-2.0
/* Claims rows on the hosts of Prometheus arms (claims_fleet.h). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "claims_fleet.h"
#include "prom_matchers.h"
#include "text_clean.h"

typedef char host_name[sizeof(((struct prom_sample *)0)->host)];

/* NAME=VALUE split at the first '=': both non-empty, within their sizes */
static int split_arg(const char *opt, const char *arg, char *name, size_t nl,
		     char *value, size_t vl, struct zs_error *err)
{
	const char *eq = strchr(arg, '=');
	char shown[100 * 4 + TEXT_LINE_TAIL];

	text_line(arg, 100, shown, sizeof(shown));
	if (!eq || eq == arg || !eq[1])
		return zs_error_set(err, true, "%s %s: want NAME=VALUE", opt, shown);
	if ((size_t)(eq - arg) >= nl || strlen(eq + 1) >= vl)
		return zs_error_set(err, true, "%s %s: NAME at most %zu, VALUE at "
				    "most %zu characters", opt, shown, nl - 1, vl - 1);
	snprintf(name, nl, "%.*s", (int)(eq - arg), arg);
	snprintf(value, vl, "%s", eq + 1);
	return 0;
}

int fleet_arm_parse(struct fleet_arm *a, const char *arg, struct zs_error *err)
{
	char given[sizeof(a->matchers)], why[256];

	if (split_arg("--arm", arg, a->name, sizeof(a->name), given,
		      sizeof(given), err))
		return -1;
	/* written back from what was read: nothing else reaches the query */
	if (prom_matchers_rewrite(given, a->matchers, sizeof(a->matchers), why,
				  sizeof(why)))
		return zs_error_set(err, true, "--arm %s: MATCHERS %s (MATCHERS "
				    "is the inside of a PromQL selector: LABEL="
				    "\"VALUE\", or !=, =~, !~, comma-separated, "
				    "e.g. kernel=\"7.3.4\",job=\"node\")",
				    a->name, why);
	return 0;
}

int fleet_set_parse(struct prom_set *s, const char *arg, struct zs_error *err)
{
	if (split_arg("--set", arg, s->name, sizeof(s->name), s->value,
		      sizeof(s->value), err))
		return -1;
	for (const char *p = s->name; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_')
			return zs_error_set(err, true, "--set %s: NAME is letters, "
					    "digits and _", arg);
	if (!strcmp(s->name, "SELECTOR") || !strcmp(s->name, "WINDOW") ||
	    !strcmp(s->name, "BY"))
		return zs_error_set(err, true, "--set %s: $%s is the arm's "
				    "(--arm, --window, --by)", arg, s->name);
	return 0;
}

int fleet_opts_add_arm(struct fleet_opts *o, const char *arg,
		       struct zs_error *err)
{
	if (o->nr_arms == CLAIM_MAX_COLS)
		return zs_error_set(err, true, "--arm %s: at most %d arms (a "
				    "table's columns)", arg, CLAIM_MAX_COLS);
	if (fleet_arm_parse(&o->arm[o->nr_arms], arg, err))
		return -1;
	o->nr_arms++;
	return 0;
}

int fleet_opts_add_set(struct fleet_opts *o, const char *arg,
		       struct zs_error *err)
{
	if (o->nr_sets == PROM_MAX_SETS)
		return zs_error_set(err, true, "--set %s: at most %d", arg,
				    PROM_MAX_SETS);
	if (fleet_set_parse(&o->set[o->nr_sets], arg, err))
		return -1;
	o->nr_sets++;
	return 0;
}

static int cmp_sample(const void *a, const void *b)
{
	return strcmp(((const struct prom_sample *)a)->host,
		      ((const struct prom_sample *)b)->host);
}

static int cmp_host(const void *a, const void *b)
{
	return strcmp(*(const host_name *)a, *(const host_name *)b);
}

static struct fleet_cell *find_cell(struct fleet *f, const struct claim_row *row,
				    int arm)
{
	for (size_t i = 0; i < f->n; i++)
		if (f->cell[i].row == row && f->cell[i].arm == arm)
			return &f->cell[i];
	return NULL;
}

/* The cell of (row, arm), its query asked once; -1 with err. */
static int ask(struct fleet *f, const struct fleet_opts *o,
	       const struct claims_eval *e, const struct claim_row *row,
	       int arm, struct zs_error *err)
{
	const struct prom_scope s = {
		.selector = o->arm[arm].matchers, .window = o->window,
		.by = o->by, .sets = o->set, .nr_sets = o->nr_sets,
	};
	struct fleet_cell *c = realloc(f->cell, (f->n + 1) * sizeof(*c));
	enum prom_expr_result how;

	if (!c)
		return zs_error_set(err, false, "out of memory");
	f->cell = c;
	c = &f->cell[f->n++];
	memset(c, 0, sizeof(*c));
	c->row = row;
	c->arm = arm;
	how = prom_expr_row(row, &s, c->query, sizeof(c->query), c->why,
			    sizeof(c->why), err);
	if (how == PROM_EXPR_BAD)
		return -1;
	if (how == PROM_EXPR_NA)
		return 0;
	c->queried = true;
	if (prom_query(&f->pc, c->query, o->at, o->by, &c->v, err)) {
		char msg[sizeof(err->msg)];

		snprintf(msg, sizeof(msg), "%s", err->msg);
		return zs_error_set(err, err->usage, "row '%s', arm %s: %s",
				    row->label, e->label[arm], msg);
	}
	qsort(c->v.s, c->v.n, sizeof(*c->v.s), cmp_sample);
	return 0;
}

/* Every host of arm: each a row of it answered for, sorted, once each. */
static int arm_hosts(struct fleet *f, int arm)
{
	size_t n = 0, u = 0;
	host_name *h;

	for (size_t i = 0; i < f->n; i++)
		if (f->cell[i].arm == arm)
			n += f->cell[i].v.n;
	h = calloc(n ? n : 1, sizeof(*h));
	if (!h)
		return -1;
	for (size_t i = 0; i < f->n; i++)
		for (size_t j = 0; f->cell[i].arm == arm && j < f->cell[i].v.n; j++)
			memcpy(h[u++], f->cell[i].v.s[j].host, sizeof(*h));
	qsort(h, u, sizeof(*h), cmp_host);
	n = 0;
	for (size_t i = 0; i < u; i++)
		if (!n || strcmp(h[n - 1], h[i]))
			memcpy(h[n++], h[i], sizeof(*h));
	f->host[arm] = h;
	f->nr_hosts[arm] = n;
	return 0;
}

/*
 * One side of a row: a value per host of the arm; a host without a
 * series, or with a NaN or an infinity, is a run n/a, and the reason
 * names the first and counts them.
 */
static int fill_side(struct fleet *f, struct fleet_cell *c, struct arm_values *av,
		     const char *by)
{
	size_t missing = 0, nan = 0, nh = f->nr_hosts[c->arm];
	const char *first_missing = NULL, *first_nan = NULL;

	if (!c->queried) {
		av->na_runs = nh;
		return arm_values_set_reason(av, "%s", c->why);
	}
	/* a row in two compared pairs fills two sides from one cell */
	if (!c->names)
		c->names = calloc(nh ? nh : 1, sizeof(*c->names));
	if (!c->names)
		return -1;
	/* set here: the cells moved while they were asked */
	c->src.query = c->query;
	c->src.names = c->names;
	for (size_t i = 0; i < nh; i++) {
		const char *h = f->host[c->arm][i];
		struct prom_sample key, *s;

		snprintf(key.host, sizeof(key.host), "%s", h);
		s = bsearch(&key, c->v.s, c->v.n, sizeof(*s), cmp_sample);
		if (!s) {
			missing++;
			first_missing = first_missing ? first_missing : h;
		} else if (!isfinite(s->v)) {
			nan++;
			first_nan = first_nan ? first_nan : h;
		} else {
			c->names[av->n] = h;
			if (arm_values_push(av, s->v))
				return -1;
		}
	}
	av->na_runs = missing + nan;
	if (missing && nan)
		return arm_values_set_reason(av, "%zu of %zu hosts without a "
					     "series (%s %s first), %zu NaN or Inf "
					     "(%s first)", missing, nh, by,
					     first_missing, nan, first_nan);
	else if (missing)
		return arm_values_set_reason(av, "%zu of %zu hosts without a "
					     "series for this row (%s %s first)",
					     missing, nh, by, first_missing);
	else if (nan)
		return arm_values_set_reason(av, "%zu of %zu hosts NaN or Inf "
					     "(%s %s first: e.g. no observations "
					     "in the window)", nan, nh, by, first_nan);
	return 0;
}

static bool queried(const struct fleet *f, int arm)
{
	for (size_t i = 0; i < f->n; i++)
		if (f->cell[i].arm == arm && f->cell[i].queried)
			return true;
	return false;
}

static const char *first_why(const struct fleet *f, int arm)
{
	for (size_t i = 0; i < f->n; i++)
		if (f->cell[i].arm == arm)
			return f->cell[i].why;
	return "every row is unmapped";
}

/*
 * A host in two arms is a run of both: the selectors overlap, which is
 * a setup mistake unless meant (one host read as both arms).
 */
static void warn_overlap(const struct fleet *f, const struct claims_eval *e)
{
	for (int a = 0; a < e->nr_arms; a++)
		for (int b = a + 1; b < e->nr_arms; b++) {
			size_t i = 0, j = 0, n = 0;
			const char *first = NULL;

			while (i < f->nr_hosts[a] && j < f->nr_hosts[b]) {
				int c = strcmp(f->host[a][i], f->host[b][j]);

				if (!c) {
					first = first ? first : f->host[a][i];
					n++;
				}
				i += c <= 0;
				j += c >= 0;
			}
			if (n)
				fprintf(stderr, "warning: %zu host%s in arms %s and "
					"%s (%s first): their selectors overlap\n",
					n, n == 1 ? " is" : "s are", e->label[a],
					e->label[b], first);
		}
}

int claims_fleet_eval(struct claims_eval *e, const struct fleet_opts *o,
		      struct fleet *f, struct zs_error *err)
{
	memset(f, 0, sizeof(*f));
	if (prom_client_open(&f->pc, o->url, &o->access, err))
		return -1;
	for (size_t i = 0; i < e->n; i++)
		for (int k = 0; k < 2; k++) {
			const struct claim_row *row = e->r[i].row;
			int arm = e->r[i].arm_of[k];

			if (!row->unmapped[0] && !find_cell(f, row, arm) &&
			    ask(f, o, e, row, arm, err))
				return -1;
		}
	for (int arm = 0; arm < e->nr_arms; arm++) {
		char what[sizeof(e->kernels[0])];

		if (arm_hosts(f, arm))
			return zs_error_set(err, false, "out of memory");
		if (!queried(f, arm))
			return zs_error_set(err, true, "arm %s: no row of the "
					    "selected tables has a Prometheus "
					    "query (%s)", e->label[arm],
					    first_why(f, arm));
		if (!f->nr_hosts[arm])
			return zs_error_set(err, true, "arm %s {%s}: no row's query "
					    "answered for any %s (no series "
					    "match the matchers in the window "
					    "%s%s%s)", e->label[arm],
					    o->arm[arm].matchers, o->by,
					    o->window, o->at[0] ? " ending at " : "",
					    o->at);
		snprintf(what, sizeof(what), "{%s}", o->arm[arm].matchers);
		claims_eval_set_runs(e, arm, f->nr_hosts[arm], what);
	}
	warn_overlap(f, e);
	for (size_t i = 0; i < e->n; i++) {
		struct row_eval *r = &e->r[i];

		for (int k = 0; k < 2 && !r->row->unmapped[0]; k++) {
			struct fleet_cell *c = find_cell(f, r->row, r->arm_of[k]);

			if (fill_side(f, c, &r->arm[k], o->by))
				return zs_error_set(err, false, "out of memory");
			r->src[k] = c->queried ? &c->src : NULL;
		}
	}
	return 0;
}

void claims_fleet_free(struct fleet *f)
{
	for (size_t i = 0; i < f->n; i++) {
		prom_vector_free(&f->cell[i].v);
		free(f->cell[i].names);
	}
	free(f->cell);
	for (int k = 0; k < CLAIM_MAX_COLS; k++)
		free(f->host[k]);
	prom_client_close(&f->pc);
	memset(f, 0, sizeof(*f));
}
