/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The per-size mTHP directories of sysfs (6.8+), as both the collector
 * (per-size stats) and zswap-workload's --thp (per-size enable) read them.
 */
#ifndef __MTHP_SYSFS_H
#define __MTHP_SYSFS_H

#include <stdlib.h>
#include <string.h>

#define MTHP_DIR "/sys/kernel/mm/transparent_hugepage"

/* N of a "hugepages-NkB" directory entry, 0 for any other name. */
static inline unsigned long mthp_dir_kb(const char *name)
{
	unsigned long kb;
	char *end;

	if (strncmp(name, "hugepages-", 10))
		return 0;
	kb = strtoul(name + 10, &end, 10);
	return strcmp(end, "kB") ? 0 : kb;
}

#endif /* __MTHP_SYSFS_H */
