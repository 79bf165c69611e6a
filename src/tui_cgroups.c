// SPDX-License-Identifier: GPL-2.0
/* Temporary until cgroup_stats is merged. */
#include <stdio.h>
#include "tui_cgroups.h"

void tui_cgroups_read(struct session *s, struct tui_sample *smp)
{
	smp->has_cg = false;
	snprintf(smp->cg_reason, sizeof(smp->cg_reason), "cgroup_stats not merged yet");
}
