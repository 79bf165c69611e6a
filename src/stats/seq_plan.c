// SPDX-License-Identifier: GPL-2.0
/* Alpha spending over the looks of a group-sequential plan (seq_plan.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include "seq_plan.h"

static const char *const spending_names[SEQ_SPENDING_NR] = {
	[SEQ_POCOCK] = "pocock",
	[SEQ_OBRIEN_FLEMING] = "obrien-fleming",
};

int seq_plan_parse(const char *arg, struct seq_plan *p)
{
	unsigned runs, looks;
	char end;

	if (sscanf(arg, "%u/%u%c", &runs, &looks, &end) != 2 || !looks ||
	    looks > runs || looks > SEQ_MAX_LOOKS)
		return -1;
	p->max_runs = runs;
	p->max_looks = looks;
	return 0;
}

int seq_spending_parse(const char *name, enum seq_spending *s)
{
	for (int i = 0; i < SEQ_SPENDING_NR; i++)
		if (!strcmp(name, spending_names[i])) {
			*s = i;
			return 0;
		}
	return -1;
}

const char *seq_spending_name(enum seq_spending s)
{
	return s < SEQ_SPENDING_NR ? spending_names[s] : "?";
}

double seq_spent(const struct seq_plan *p, double t)
{
	if (t <= 0)
		return 0;
	if (t >= 1)
		return p->alpha;
	if (p->spending == SEQ_OBRIEN_FLEMING)
		return 2 * gsl_cdf_ugaussian_Q(gsl_cdf_ugaussian_Qinv(p->alpha / 2) /
					       sqrt(t));
	return p->alpha * log1p((M_E - 1) * t);
}

unsigned seq_runs_at(const struct seq_plan *p, unsigned look)
{
	if (look > p->max_looks)
		look = p->max_looks;
	return (look * p->max_runs + p->max_looks - 1) / p->max_looks;
}

double seq_alpha_at(const struct seq_plan *p, unsigned look)
{
	if (!look || look > p->max_looks)
		return 0;
	return seq_spent(p, (double)seq_runs_at(p, look) / p->max_runs) -
	       seq_spent(p, (double)seq_runs_at(p, look - 1) / p->max_runs);
}

unsigned seq_look_of(const struct seq_plan *p, unsigned runs)
{
	unsigned look = 0;

	while (look < p->max_looks && seq_runs_at(p, look + 1) <= runs)
		look++;
	return look;
}
