/* SPDX-License-Identifier: GPL-2.0 */
/*
 * iocost's configuration and counters as the kernel prints them:
 * io.cost.qos (which devices have iocost enabled) and the cost.* keys of
 * a cgroup's io.stat. Parsers take text, so tests feed them files
 * captured from real kernels.
 */
#ifndef __IOCOST_STAT_H
#define __IOCOST_STAT_H

#include <stdbool.h>
#include <stddef.h>
#include "counters.h"

#define IOCOST_MAX_DEVS 16
#define IOCOST_QOS_PATH "io.cost.qos"
#define BLKCG_DEBUG_STATS "/sys/module/blk_cgroup/parameters/blkcg_debug_stats"

struct iocost_dev {
	unsigned int major, minor;
	bool enabled;
	bool user_ctrl;		/* ctrl=user: parameters set by hand */
	double min_pct, max_pct;	/* vrate bounds */
};

struct iocost_qos {
	struct iocost_dev devs[IOCOST_MAX_DEVS];
	int nr;
};

/*
 * "254:0 enable=1 ctrl=user rpct=95.00 rlat=5000 wpct=95.00 wlat=5000
 * min=50.00 max=150.00", one line per device. Returns the number of
 * devices, -1 on malformed text.
 */
int parse_iocost_qos(const char *text, struct iocost_qos *out);
int iocost_enabled_devs(const struct iocost_qos *q);

/*
 * Sum of "MAJ:MIN.<key>" over every device of a parsed io.stat
 * (parse_io_stat). Returns false when no device has the key.
 */
bool io_stat_sum(const struct kvset *io_stat, const char *key, double *out);

/* cost.wait/indebt/indelay are printed only with blkcg_debug_stats=Y. */
bool io_stat_has_debug_cost(const struct kvset *io_stat);

/* Why iocost values are n/a on this system, or NULL when it is enabled. */
const char *iocost_off_reason(const char *cgroup_root, const struct iocost_qos *q,
			      bool qos_readable, bool io_controller);

/* The cgroup2 mount point from /proc/self/mounts text; false if none. */
bool find_cgroup2_root(const char *mounts, char *out, size_t len);
/* vrate in percent from iocost_ioc_vrate_adj's new_vrate. */
double iocost_vrate_pct(unsigned long long vrate);

#endif /* __IOCOST_STAT_H */
