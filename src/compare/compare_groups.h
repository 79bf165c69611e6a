/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The series of one family that are missing in the same arm for the same
 * reason and differ in one label (mthp_swpout{size=8kB}, {size=16kB}, ...
 * on a kernel without per-size stats): listed as one line,
 * mthp_swpout{size=8kB|16kB|...}, under compare's table.
 */
#ifndef __COMPARE_GROUPS_H
#define __COMPARE_GROUPS_H

#include <stdio.h>
#include "compare.h"

enum group_role {
	GROUP_NONE,	/* listed on its own */
	GROUP_FIRST,	/* lists its group */
	GROUP_LATER,	/* listed by its group's first */
};

struct missing_groups {
	struct group_member *sorted;	/* the candidates, grouped */
	size_t nr_sorted;
	unsigned char *role;		/* enum group_role per metric of c */
	size_t *start, *len;		/* a FIRST's run in sorted */
};

/* -1 when out of memory (g empty then: every series on its own). */
int missing_groups_build(const struct comparison *c, struct missing_groups *g);
enum group_role missing_group_role(const struct missing_groups *g, size_t i);
/* The name of metric i's group, FAMILY{KEY=V1|V2|...}[{stat=S}]. */
void missing_group_print(FILE *f, const struct missing_groups *g, size_t i);
void missing_groups_free(struct missing_groups *g);

#endif /* __COMPARE_GROUPS_H */
