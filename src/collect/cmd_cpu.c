// SPDX-License-Identifier: GPL-2.0
/* The recorded command's CPU time: its cgroup's cpu.stat, else rusage. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include "cmd_cpu.h"
#include "counters.h"

bool cpu_stat_times(const char *text, double *user, double *sys)
{
	struct kvset kv = {};
	bool ok = parse_key_value(text, &kv) > 0 &&
		  kvset_get(&kv, "user_usec", user) &&
		  kvset_get(&kv, "system_usec", sys);

	kvset_free(&kv);
	*user /= 1e6;
	*sys /= 1e6;
	return ok;
}

/* cgroup v1 has no cpu.stat in a memory cgroup: false there */
static bool cgroup_times(const char *cgroup, double *user, double *sys)
{
	char path[PATH_MAX + 16], *text;
	bool ok;

	snprintf(path, sizeof(path), "%s/cpu.stat", cgroup);
	text = read_file(path, 1 << 16);
	ok = text && cpu_stat_times(text, user, sys);
	free(text);
	return ok;
}

static void rusage_times(double *user, double *sys)
{
	struct rusage ru;

	getrusage(RUSAGE_CHILDREN, &ru);
	*user = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6;
	*sys = ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

void cmd_cpu_begin(struct cmd_cpu *c, const char *cgroup)
{
	c->cgroup = cgroup;
	c->src = SRC_COUNTER;
	if (!cgroup || !cgroup_times(cgroup, &c->user0, &c->sys0)) {
		c->src = SRC_RUSAGE;
		rusage_times(&c->user0, &c->sys0);
	}
}

static int add_both(struct metric_set *out, enum zs_src src, double user,
		    double sys, const char *why)
{
	if (why)
		return metric_add_na(out, MF_CPU_USER, NULL, 0, why) &&
		       metric_add_na(out, MF_CPU_SYS, NULL, 0, why) ? 0 : -1;
	return metric_add(out, MF_CPU_USER, NULL, 0, src, user) &&
	       metric_add(out, MF_CPU_SYS, NULL, 0, src, sys) ? 0 : -1;
}

int cmd_cpu_end(struct cmd_cpu *c, struct metric_set *out)
{
	double user, sys;

	if (c->src == SRC_RUSAGE)
		rusage_times(&user, &sys);
	else if (!cgroup_times(c->cgroup, &user, &sys))
		return add_both(out, c->src, 0, 0, "the cgroup's cpu.stat not "
				"readable at the end of the window (removed?)");
	return add_both(out, c->src, user - c->user0, sys - c->sys0, NULL);
}

int cmd_cpu_none(struct metric_set *out)
{
	return add_both(out, SRC_NONE, 0, 0, "the record observed no command "
			"(--duration)");
}
