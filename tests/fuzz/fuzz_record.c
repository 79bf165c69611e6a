// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness: the record reader (record_parse, what record_load
 * runs on a file's bytes), then the record through compare's loading and
 * statistics as `zswap-gate compare` takes it: five runs per arm, the
 * record's values scaled per run so Welch's and the rank test see
 * spread. No files, no output.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "compare.h"
#include "record.h"
#include "stats.h"

static const double scale[2][5] = { { 1, 2, 3, 4, 6 }, { 5, 7, 8, 9, 11 } };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct comparison c;
	struct record rec;
	struct zs_error err;
	double *orig;
	int ret = 0;

	stats_init();
	if (record_parse("fuzz.json", (const char *)data, size, &rec, &err))
		return 0;
	orig = malloc((rec.metrics.n + 1) * sizeof(*orig));
	if (!orig)
		abort();
	for (size_t i = 0; i < rec.metrics.n; i++)
		orig[i] = rec.metrics.m[i].value;
	comparison_init(&c, 0.05, true);
	for (int k = 0; k < 2 && !ret; k++)
		for (int r = 0; r < 5 && !ret; r++) {
			for (size_t i = 0; i < rec.metrics.n; i++)
				rec.metrics.m[i].value = orig[i] * scale[k][r];
			ret = comparison_add_record(&c, k, &rec, "run.json", &err);
		}
	if (!ret)
		comparison_finish(&c, &err);
	comparison_free(&c);
	free(orig);
	record_free(&rec);
	return 0;
}
