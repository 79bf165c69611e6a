// SPDX-License-Identifier: GPL-2.0
/* The test-mode map sizes of map_limits.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>
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

void map_limits_apply(struct bpf_object *obj)
{
	const char *spec = getenv(MAP_LIMITS_ENV);
	struct bpf_map *m;

	if (!spec)
		return;
	bpf_object__for_each_map(m, obj) {
		unsigned int n = map_limits_parse(spec, bpf_map__name(m));

		if (n && !bpf_map__set_max_entries(m, n))
			fprintf(stderr, "warning: %s: map %s holds %u entries "
				"(test mode)\n", MAP_LIMITS_ENV,
				bpf_map__name(m), n);
	}
}
