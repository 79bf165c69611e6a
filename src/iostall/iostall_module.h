/* SPDX-License-Identifier: GPL-2.0 */
/* iostall as a collector module (--iocost of the tools). */
#ifndef __IOSTALL_MODULE_H
#define __IOSTALL_MODULE_H

#include "collector.h"
#include "iostall_session.h"

/*
 * Opens st on the collector's session and adds it: 0, or -1 with
 * c->error filled (st is closed). collect false: the tool reads iostall
 * itself (zswaptop's per-cgroup iocost column).
 */
int iostall_module_open(struct collector *c, struct iostall *st,
			const char *cgroup, bool verbose, bool collect);

#endif /* __IOSTALL_MODULE_H */
