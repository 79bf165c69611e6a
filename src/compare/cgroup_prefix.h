/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The directory every cgroup label of a comparison lies below
 * (/sys/fs/cgroup/memory/process_api/ID/), said once above the table so
 * each row names its cgroup as the rest (cgroup_zswpout{cgroup=seed-004})
 * instead of an 80-character path, as zswaptop and zswap-export show a
 * cgroup below its hierarchy's mount.
 */
#ifndef ZSWAP_CGROUP_PREFIX_H
#define ZSWAP_CGROUP_PREFIX_H

#include <stddef.h>

struct comparison;

/* The common directory of c's cgroup labels, "/"-terminated, in out; ""
 * when there is none below the root. */
void cgroup_prefix_find(const struct comparison *c, char *out, size_t len);

/* name with prefix cut from its cgroup label's value, in buf; name itself
 * when it has no such label. */
const char *cgroup_prefix_strip(const char *name, const char *prefix, char *buf,
				size_t len);

#endif
