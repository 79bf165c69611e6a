// SPDX-License-Identifier: GPL-2.0
/* A claims evaluation looked at by a group-sequential plan (claims_sequential.h). */
#include <stdlib.h>
#include <string.h>
#include "claims_sequential.h"
#include "compare.h"

static bool decisive(enum verdict v)
{
	return v == VERDICT_HOLDS || v == VERDICT_CONTRADICTED;
}

/* Each row's arms cut to their first runs values (full: all they have). */
static void cut_rows(struct claims_eval *e, size_t (*full)[2], unsigned runs)
{
	for (size_t i = 0; i < e->n; i++)
		for (int k = 0; k < 2; k++)
			e->r[i].arm[k].n = full[i][k] < runs ? full[i][k] : runs;
}

static unsigned fewest_runs(const struct claims_eval *e)
{
	size_t n = e->nr_records[0];

	for (int k = 1; k < e->nr_arms; k++)
		if (e->nr_records[k] < n)
			n = e->nr_records[k];
	return n;
}

/*
 * Looks 1 to the last the runs reach, each at the alpha it spends; a
 * row decided at a look is kept in saved as of then. Stops early once
 * every row that can be measured is decided. -1 when out of memory.
 */
static int run_looks(struct claims_eval *e, struct claims_seq *s,
		     size_t (*full)[2], struct row_eval *saved)
{
	const struct seq_plan *p = &s->plan;
	unsigned last = seq_look_of(p, s->runs);

	for (unsigned look = 1; look <= last; look++) {
		double alpha = seq_alpha_at(p, look);
		size_t open = 0;

		cut_rows(e, full, seq_runs_at(p, look));
		if (claims_eval_judge(e, alpha))
			return -1;
		s->look = look;
		for (size_t i = 0; i < e->n; i++) {
			const struct row_eval *r = &e->r[i];

			if (s->row[i].look)
				continue;
			if (decisive(r->verdict)) {
				s->row[i].look = look;
				s->row[i].alpha = alpha;
				saved[i] = *r;
			} else if (r->verdict != VERDICT_NOT_MEASURABLE) {
				open++;
			}
		}
		if (!open)
			break;
	}
	return 0;
}

/*
 * The rows as the plan leaves them: decided ones as of their look, the
 * others not shown, with the runs that would decide them (judged at
 * the next look's alpha, or alpha once the budget is spent).
 */
static void tally(struct claims_eval *e, struct claims_seq *s,
		  const struct row_eval *saved)
{
	for (size_t i = 0; i < e->n; i++) {
		struct row_eval *r = &e->r[i];
		struct row_seq *rs = &s->row[i];

		if (rs->look) {
			*r = saved[i];
			s->decided++;
		} else if (r->verdict == VERDICT_NOT_MEASURABLE) {
			s->never++;
		} else {
			s->undecided++;
			/* decided at the next look's alpha on the runs now */
			if (decisive(r->verdict) && s->look < s->plan.max_looks)
				rs->runs_needed = seq_runs_at(&s->plan, s->look + 1);
			else
				rs->runs_needed = r->runs_needed;
			r->verdict = VERDICT_NOT_SHOWN;
			r->far = false;
		}
	}
	s->stop = !s->undecided || s->look == s->plan.max_looks;
	s->add = s->stop ? 0 : seq_runs_at(&s->plan, s->look + 1) - s->runs;
	claims_eval_count(e);
}

int claims_sequential(struct claims_eval *e, struct claims_seq *s,
		      struct zs_error *err)
{
	struct seq_plan *p = &s->plan;
	size_t (*full)[2] = calloc(e->n ? e->n : 1, sizeof(*full));
	struct row_eval *saved = calloc(e->n ? e->n : 1, sizeof(*saved));
	bool skip = e->skip_runs_needed;
	int ret = -1;

	p->alpha = e->alpha;
	s->row = calloc(e->n ? e->n : 1, sizeof(*s->row));
	if (!full || !saved || !s->row) {
		zs_error_set(err, true, "out of memory");
		goto out;
	}
	if (seq_runs_at(p, 1) < MIN_RUNS) {
		zs_error_set(err, true, "--sequential %u/%u: the first look would "
			     "have %u runs per arm, fewer than the %d a verdict "
			     "needs", p->max_runs, p->max_looks, seq_runs_at(p, 1),
			     MIN_RUNS);
		goto out;
	}
	for (size_t i = 0; i < e->n; i++)
		for (int k = 0; k < 2; k++)
			full[i][k] = e->r[i].arm[k].n;
	s->runs = fewest_runs(e);
	s->look = 0;
	/* the power integrals only for the rows left open at the end */
	e->skip_runs_needed = true;
	if (run_looks(e, s, full, saved))
		goto oom;
	s->spent = seq_spent(p, (double)seq_runs_at(p, s->look) / p->max_runs);
	e->skip_runs_needed = skip;
	cut_rows(e, full, s->look ? seq_runs_at(p, s->look) : s->runs);
	if (claims_eval_judge(e, s->look < p->max_looks ?
			      seq_alpha_at(p, s->look + 1) : p->alpha))
		goto oom;
	tally(e, s, saved);
	e->seq = s;
	ret = 0;
	goto out;
oom:
	zs_error_set(err, true, "out of memory");
out:
	e->skip_runs_needed = skip;
	free(full);
	free(saved);
	return ret;
}

void claims_seq_free(struct claims_seq *s)
{
	free(s->row);
	s->row = NULL;
}
