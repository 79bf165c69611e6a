// SPDX-License-Identifier: GPL-2.0
/* Human summary of one recorded window. */
#include <stdio.h>
#include "summary.h"

void summary_print(FILE *f, const struct record_meta *meta,
		   const struct metric_set *ms, unsigned long long events)
{
	fprintf(f, "kernel %s, zswap enabled=%s compressor=%s zpool=%s "
		"max_pool_percent=%s shrinker=%s\n", meta->kernel_release,
		meta->zswap_enabled, meta->compressor, meta->zpool,
		meta->max_pool_percent, meta->shrinker_enabled);
	for (int i = 0; i < meta->nr_notes; i++)
		fprintf(f, "note: %s\n", meta->notes[i]);
	fprintf(f, "window %.2f s", meta->duration_s);
	if (meta->exit_code >= 0)
		fprintf(f, ", command exit %d after %.2f s", meta->exit_code,
			meta->wall_time_s);
	fprintf(f, "%s, %llu ring buffer events\n\n",
		meta->complete ? "" : " (INCOMPLETE)", events);
	fprintf(f, "%-44s %16s  %-8s %s\n", "METRIC", "VALUE", "UNIT", "SOURCE");
	for (size_t i = 0; i < ms->n; i++) {
		const struct metric *m = &ms->m[i];

		if (m->has_value)
			fprintf(f, "%-44s %16.4g  %-8s %s\n", m->name, m->value,
				m->unit, src_name(m->src));
		else
			fprintf(f, "%-44s %16s  %-8s n/a: %s\n", m->name, "n/a",
				m->unit, m->reason);
	}
	for (size_t i = 0; i < ms->nh; i++) {
		const struct hist_metric *h = &ms->h[i];

		fprintf(f, "\n%s (%s), count %llu, mean %.1f, p50 %llu, p99 %llu\n",
			h->name, src_name(h->src), hist_count(&h->h),
			hist_mean(&h->h), hist_percentile(&h->h, 50),
			hist_percentile(&h->h, 99));
		hist_print(f, &h->h, h->unit);
	}
}
