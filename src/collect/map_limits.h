/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test mode for the map-full counters: ZSWAP_TEST_MAP_MAX="map=N[,...]"
 * shrinks the named maps of a BPF object before it loads, so a test can
 * fill cgroup_counts (4096 cgroups) with two and see map_full_drops count.
 */
#ifndef __MAP_LIMITS_H
#define __MAP_LIMITS_H

#define MAP_LIMITS_ENV "ZSWAP_TEST_MAP_MAX"

/*
 * Entries spec gives map ("cgroup_counts=1,cg_bios=2"), 0 when none
 * (session_limit_maps() applies them).
 */
unsigned int map_limits_parse(const char *spec, const char *map);

#endif /* __MAP_LIMITS_H */
