// SPDX-License-Identifier: GPL-2.0
/* Gate rules: parsing and applying them to a finished comparison. */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gate_rules.h"
#include "counters.h"
#include "grow.h"

void gate_rules_free(struct gate_rules *g)
{
	free(g->r);
	memset(g, 0, sizeof(*g));
}

static int parse_rule(const char *text, struct gate_rule *r, char *what,
		      size_t len)
{
	const char *colon = strrchr(text, ':');
	const char *arg;
	char *end;

	memset(r, 0, sizeof(*r));
	snprintf(r->text, sizeof(r->text), "%s", text);
	if (!colon || colon == text) {
		snprintf(what, len, "expected METRIC:+N%%, METRIC:-N%%, METRIC:worse or METRIC:ignore");
		return -1;
	}
	if ((size_t)(colon - text) >= sizeof(r->pattern)) {
		snprintf(what, len, "metric name too long");
		return -1;
	}
	memcpy(r->pattern, text, colon - text);
	arg = colon + 1;
	if (!strcmp(arg, "worse")) {
		r->kind = RULE_WORSE;
		return 0;
	}
	if (!strcmp(arg, "ignore")) {
		r->kind = RULE_IGNORE;
		return 0;
	}
	if (arg[0] != '+' && arg[0] != '-') {
		snprintf(what, len, "threshold '%s' needs a sign (+N%% or -N%%)", arg);
		return -1;
	}
	errno = 0;
	r->pct = strtod(arg, &end);
	if (errno || end == arg + 1 || strcmp(end, "%") || isnan(r->pct) ||
	    r->pct == 0) {
		snprintf(what, len, "threshold '%s' is not a non-zero percentage like +5%%", arg);
		return -1;
	}
	r->kind = RULE_THRESHOLD;
	return 0;
}

int gate_rules_add(struct gate_rules *g, const char *text, const char *origin,
		   struct zs_error *err)
{
	char what[160];
	struct gate_rule r;

	if (parse_rule(text, &r, what, sizeof(what))) {
		zs_error_set(err, true, "%s: rule '%s': %s", origin, text, what);
		return -1;
	}
	snprintf(r.origin, sizeof(r.origin), "%s", origin);
	if (g->n == g->cap &&
	    grow_array((void **)&g->r, &g->cap, 8, sizeof(*g->r))) {
		zs_error_set(err, true, "out of memory");
		return -1;
	}
	g->r[g->n++] = r;
	return 0;
}

/* A rules file is a few lines: more than this is not one. */
#define RULES_MAX_BYTES (1 << 20)
#define RULE_LINE_MAX 511

/*
 * The whole file is read first, so a read error (EIO from /proc/self/mem,
 * EISDIR, EACCES) fails the load instead of reading as "no rules".
 */
int gate_rules_load(struct gate_rules *g, const char *path, struct zs_error *err)
{
	char origin[128];
	int lineno = 0, ret = 0;
	size_t n;
	char *text = read_file_explained(path, RULES_MAX_BYTES, &n, err);
	char *line, *next, *nul;

	if (!text)
		return -1;
	nul = memchr(text, '\0', n);
	if (nul) {
		zs_error_set(err, true, "%s: at byte %zu: a NUL byte (not a text file)",
			     path, (size_t)(nul - text));
		free(text);
		return -1;
	}
	for (line = text; !ret && *line; line = next) {
		char *s = line, *e;

		lineno++;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (strlen(line) > RULE_LINE_MAX) {
			zs_error_set(err, true, "%s:%d: line too long", path, lineno);
			ret = -1;
			break;
		}
		if ((e = strchr(s, '#')))
			*e = '\0';
		while (isspace((unsigned char)*s))
			s++;
		e = s + strlen(s);
		while (e > s && isspace((unsigned char)e[-1]))
			*--e = '\0';
		if (!*s)
			continue;
		snprintf(origin, sizeof(origin), "%s:%d", path, lineno);
		ret = gate_rules_add(g, s, origin, err);
	}
	free(text);
	return ret;
}

/* Does rule r fail metric m? Sets why. */
static bool rule_fails(const struct gate_rule *r, const struct cmp_metric *m)
{
	if (!m->significant)
		return false;
	switch (r->kind) {
	case RULE_THRESHOLD:
		if (!m->has_change)
			return false;
		return r->pct > 0 ? m->change_pct >= r->pct :
				    m->change_pct <= r->pct;
	case RULE_WORSE:
		return m->verdict < 0;
	default:
		return false;
	}
}

/* The first rule that failed m names it; -1 when out of memory. */
static int mark_failed(struct comparison *c, struct cmp_metric *m,
		       const char *why)
{
	if (!m->failed)
		c->nr_failed++;
	m->failed = true;
	if (!m->failed_by)
		m->failed_by = strdup(why);
	return m->failed_by ? 0 : -1;
}

void gate_untested_why(char *buf, size_t len, const struct comparison *c,
		       const struct cmp_metric *m)
{
	const char *la = c->arm[ARM_A].label, *lb = c->arm[ARM_B].label;
	size_t na = m->arm[ARM_A].n, nb = m->arm[ARM_B].n;
	int k = m->lacking_arm;
	char more[160] = "";

	switch (m->status) {
	case CMP_TOO_FEW:
		if (na < MIN_RUNS && nb < MIN_RUNS)
			snprintf(more, sizeof(more), "%zu more in %s, %zu more in %s",
				 MIN_RUNS - na, la, MIN_RUNS - nb, lb);
		else
			snprintf(more, sizeof(more), "%zu more in %s",
				 MIN_RUNS - (na < MIN_RUNS ? na : nb),
				 na < MIN_RUNS ? la : lb);
		snprintf(buf, len, "too few runs: %zu in %s, %zu in %s with a value; "
			 "%d each needed (%s)", na, la, nb, lb, MIN_RUNS, more);
		break;
	case CMP_MISSING:
		snprintf(buf, len, "n/a in every run of %s: %s", c->arm[k].label,
			 arm_values_reason(&m->arm[k]));
		break;
	case CMP_DROPPED:
		snprintf(buf, len, "only in %s's records, not in %s's",
			 c->arm[!k].label, c->arm[k].label);
		break;
	default:
		snprintf(buf, len, "compared");
	}
}

/* Not compared: untested, unless n/a in both arms (not measurable here). */
static void mark_untested(struct comparison *c, struct cmp_metric *m)
{
	if (m->status == CMP_MISSING && m->lacking_arm == ARM_BOTH) {
		comparison_note(c, "%s: not gated (n/a in both arms: %s)", m->name,
				arm_values_reason(&m->arm[ARM_A]));
		return;
	}
	m->untested = true;
	c->nr_untested++;
}

int gate_apply(struct gate_rules *g, struct comparison *c, struct zs_error *err)
{
	c->nr_failed = c->nr_untested = c->nr_gating = c->nr_gated = 0;
	for (size_t i = 0; i < c->n; i++) {
		struct cmp_metric *m = &c->m[i];
		bool ignored = false, ruled = false;
		char why[400];

		m->gated = m->failed = m->untested = false;
		free(m->failed_by);
		m->failed_by = NULL;
		for (size_t j = 0; j < g->n; j++) {
			struct gate_rule *r = &g->r[j];

			if (fnmatch(r->pattern, m->name, 0))
				continue;
			r->matched++;
			ruled = true;
			if (r->kind == RULE_IGNORE)
				ignored = true;
		}
		if (!ruled && (g->no_default || !m->dir->gating))
			continue;
		if (ignored)
			continue;
		c->nr_gating++;
		if (m->status != CMP_COMPARED) {
			mark_untested(c, m);
			continue;
		}
		m->gated = true;
		c->nr_gated++;
		for (size_t j = 0; j < g->n; j++) {
			struct gate_rule *r = &g->r[j];

			if (fnmatch(r->pattern, m->name, 0) || !rule_fails(r, m))
				continue;
			snprintf(why, sizeof(why), "rule %s (%s)", r->text, r->origin);
			if (mark_failed(c, m, why))
				return zs_error_set(err, false, "out of memory");
		}
		if (!g->no_default && m->dir->gating && m->verdict < 0 &&
		    mark_failed(c, m, "default: significant change in the worse direction"))
			return zs_error_set(err, false, "out of memory");
	}
	for (size_t j = 0; j < g->n; j++)
		if (!g->r[j].matched) {
			zs_error_set(err, true, "%s: rule '%s': matches no metric in either arm",
				 g->r[j].origin, g->r[j].text);
			return -1;
		}
	if (c->nr_failed)
		c->result = GATE_FAIL;
	else if (gate_untested(c) && !g->allow_untested)
		c->result = GATE_UNTESTED;
	else
		c->result = GATE_PASS;
	return 0;
}
