/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whether a name is one a record can carry, for names people write
 * (claims files): the registry's families, the label keys each family's
 * metrics carry and the values of closed label sets. A typo is refused
 * with what the family does carry, instead of reading as "not
 * measurable" (or as 0, in a sparse family) in every record.
 */
#ifndef __METRIC_NAME_CHECK_H
#define __METRIC_NAME_CHECK_H

#include <stddef.h>

/*
 * name, or an fnmatch(3) glob over names: FAMILY{KEY=VALUE,...}{stat=S}.
 * FAMILY is a registry family (a suffix family with its value:
 * reject_compress_poor) or a workload's own workload_*; the keys one of
 * the combinations the family's metrics carry, in the order records
 * write them; a value of a closed set one of its values (a glob: one
 * that matches one; $CGROUP: any); {stat=S} only after a histogram (S:
 * histogram.h's) or a sampled level (S: level_stats.h's).
 * 0, or -1 with why.
 */
int metric_name_check(const char *name, char *why, size_t len);

/* Bytes of a name too long that its messages show: the rest is counted. */
#define METRIC_NAME_SHOWN 64

/*
 * The first of metric_name_check()'s rules, for names read from records
 * too: at most METRIC_NAME_LEN - 1 bytes. -1 with why, the reason first
 * and the name shortened (a 100 KB name stays one short line).
 */
int metric_name_length_check(const char *name, char *why, size_t len);

#endif /* __METRIC_NAME_CHECK_H */
