/* SPDX-License-Identifier: GPL-2.0 */
/* zswaptop's per-cgroup rows, read through cgroup_stats. */
#ifndef __TUI_CGROUPS_H
#define __TUI_CGROUPS_H

#include "session.h"
#include "tui_model.h"

/*
 * Fills smp->cg with every cgroup the core reports (only PATH and its
 * descendants with --cgroup PATH); sets has_cg, or cg_reason when there
 * is no cgroup data.
 */
void tui_cgroups_read(struct session *s, struct tui_sample *smp);

struct iostall;
/*
 * With --iocost: each row's iocost debt since iostall began, from
 * iostall_collect(); rows iostall does not report (it reports the cgroups
 * its programs saw) stay without. Sets smp->iocost_reason when iocost is
 * off (iostall's reason) or a row has no debt figure.
 */
int tui_iocost_read(struct iostall *st, struct tui_sample *smp);

#endif /* __TUI_CGROUPS_H */
