/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's bpf_stats of loaded BPF programs: run count and time, and
 * the runs it skipped (recursion_misses), read once per program.
 */
#ifndef __PROG_STATS_H
#define __PROG_STATS_H

struct bpf_object;

struct prog_stats {
	char name[32];
	unsigned long long run_cnt;
	unsigned long long run_time_ns;
	unsigned long long recursion_misses;
};

/* Run count and time of each loaded program of obj (bpf_stats enabled). */
int object_prog_stats(struct bpf_object *obj, struct prog_stats *out, int max);
/* The runs of the n programs of ps the kernel skipped, summed. */
unsigned long long prog_stats_missed(const struct prog_stats *ps, int n);
/* The program called name among the n of ps, or NULL. */
const struct prog_stats *prog_stats_find(const struct prog_stats *ps, int n,
					 const char *name);

#endif /* __PROG_STATS_H */
