// SPDX-License-Identifier: GPL-2.0
/* The test-mode map sizes of map_limits.h. */
#include <stdlib.h>
#include <string.h>
#include "map_limits.h"

unsigned int map_limits_parse(const char *spec, const char *map)
{
	size_t len = strlen(map);
	const char *p = spec;

	while (p && *p) {
		char *end;
		unsigned long n;

		if (!strncmp(p, map, len) && p[len] == '=') {
			n = strtoul(p + len + 1, &end, 10);
			if (n && n <= 1u << 24 && (*end == ',' || !*end))
				return n;
		}
		p = strchr(p, ',');
		if (p)
			p++;
	}
	return 0;
}
