// SPDX-License-Identifier: GPL-2.0
/* The probe options of the arms' records, and the warning when they differ. */
#include <stdio.h>
#include "probe_opts.h"

void probe_tally_add(struct probe_tally *t, int arm, const struct record *rec)
{
	unsigned int opts = record_probe_opts(&rec->metrics);

	if (arm < 0 || arm >= PROBE_MAX_ARMS)
		return;
	t->records[arm]++;
	for (int o = 0; o < RPO_NR; o++)
		if (opts & RPO_BIT(o))
			t->with[arm][o]++;
}

bool probe_tally_warning(const struct probe_tally *t, int nr_arms,
			 const char *const *labels, int opt, char *buf,
			 size_t len)
{
	size_t with = 0, all = 0, l;

	for (int k = 0; k < nr_arms && k < PROBE_MAX_ARMS; k++) {
		with += t->with[k][opt];
		all += t->records[k];
	}
	if (!with || with == all)
		return false;
	l = snprintf(buf, len, "warning: %s in", record_probe_opt_name(opt));
	for (int k = 0; k < nr_arms && k < PROBE_MAX_ARMS && l < len; k++)
		l += snprintf(buf + l, len - l, "%s %zu of %zu records of %s",
			      k ? "," : "", t->with[k][opt], t->records[k],
			      labels[k]);
	if (l < len)
		snprintf(buf + l, len - l, record_probe_opt_inflates(opt) ?
			 ": its probes run inside the calls the latency "
			 "histograms time, so their change is partly its cost "
			 "(docs/zswap-lockstat.md)" :
			 ": the arms' records were taken with different options");
	return true;
}
