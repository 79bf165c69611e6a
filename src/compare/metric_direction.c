// SPDX-License-Identifier: GPL-2.0
/* Directions (each registry row says which way is better): names, verdicts. */
#include <stddef.h>
#include "metric_direction.h"

const char *direction_name(enum direction d)
{
	switch (d) {
	case DIR_HIGHER_BETTER: return "higher";
	case DIR_LOWER_BETTER: return "lower";
	default: return "neutral";
	}
}

int direction_verdict(enum direction d, double mean_a, double mean_b)
{
	if (d == DIR_NEUTRAL || mean_a == mean_b)
		return 0;
	if (d == DIR_HIGHER_BETTER)
		return mean_b > mean_a ? 1 : -1;
	return mean_b < mean_a ? 1 : -1;
}
