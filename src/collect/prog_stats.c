// SPDX-License-Identifier: GPL-2.0
/* bpf_stats of loaded programs (prog_stats.h). */
#include <stdio.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "prog_stats.h"

int object_prog_stats(struct bpf_object *obj, struct prog_stats *out, int max)
{
	struct bpf_program *p;
	int n = 0;

	bpf_object__for_each_program(p, obj) {
		struct bpf_prog_info info = {};
		__u32 len = sizeof(info);
		int fd = bpf_program__fd(p);

		if (fd < 0 || n >= max)
			continue;
		if (bpf_obj_get_info_by_fd(fd, &info, &len))
			continue;
		snprintf(out[n].name, sizeof(out[n].name), "%s",
			 bpf_program__name(p));
		out[n].run_cnt = info.run_cnt;
		out[n].run_time_ns = info.run_time_ns;
		out[n].recursion_misses = info.recursion_misses;
		n++;
	}
	return n;
}

unsigned long long prog_stats_missed(const struct prog_stats *ps, int n)
{
	unsigned long long sum = 0;

	for (int i = 0; i < n; i++)
		sum += ps[i].recursion_misses;
	return sum;
}

const struct prog_stats *prog_stats_find(const struct prog_stats *ps, int n,
					 const char *name)
{
	/* as stored: a long name is cut to the field */
	for (int i = 0; i < n; i++)
		if (!strncmp(ps[i].name, name, sizeof(ps[i].name) - 1))
			return &ps[i];
	return NULL;
}
