// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness: the claims-file reader (claims_parse over libyaml,
 * what claims_load runs on a file's bytes), the metric names' check,
 * then every table evaluated on a few records built in memory, as
 * `zswap-gate claims` does. No files, no output.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "claims.h"
#include "claims_eval.h"
#include "record.h"
#include "stats.h"

/* 3 runs per arm of a record with a few metrics, a histogram, a cgroup */
static void add_records(struct claims_eval *e)
{
	struct zs_error err;

	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 3; i++) {
			struct record rec = {};

			rec.meta.complete = true;
			rec.meta.wall_time_s = 10 + i + k;
			snprintf(rec.meta.cgroup, sizeof(rec.meta.cgroup), "/sys/fs/cgroup/x");
			snprintf(rec.meta.zswap_enabled, sizeof(rec.meta.zswap_enabled), "Y");
			snprintf(rec.meta.shrinker_enabled, sizeof(rec.meta.shrinker_enabled), "N");
			metric_set_value(&rec.metrics, "m", "calls", SRC_COUNTER, 100 + 7 * i + 50 * k);
			metric_set_value(&rec.metrics, "swap_write_bios{origin=writeback}", "bios",
					 SRC_TRACEPOINT, 1000 - 10 * i - 300 * k);
			metric_set_value(&rec.metrics, "zero", "pages", SRC_COUNTER, 0);
			metric_set_na(&rec.metrics, "na", "pages", "not here");
			metric_set_value(&rec.metrics, "lock_contentions{lock=any,caller=any}",
					 "contentions", SRC_TRACEPOINT, 10 + i);
			claims_eval_add_record(e, k, &rec, "mem.json", &err);
			record_free(&rec);
		}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct claims c;
	struct claims_eval e = { .alpha = 0.05, .holm = true };
	struct zs_error err;

	stats_init();
	if (claims_parse("fuzz.yaml", (const char *)data, size, &c, &err))
		return 0;
	/* the names as `zswap-gate claims` checks them (metric_name_check) */
	claims_check_names(&c, &err);
	if (!claims_eval_init(&e, &c, NULL, NULL, &err)) {
		add_records(&e);
		claims_eval_finish(&e, &err);
	}
	claims_eval_free(&e);
	claims_free(&c);
	return 0;
}
