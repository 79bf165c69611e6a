/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which of record's probe options (--locks, --iocost) each arm's records
 * were taken with, and the warning compare and claims print when the
 * arms differ in one: the options' programs run inside the calls the
 * latency histograms time, so a change between such arms is partly the
 * option's cost.
 */
#ifndef __PROBE_OPTS_H
#define __PROBE_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include "record.h"

#define PROBE_MAX_ARMS 4

struct probe_tally {
	size_t records[PROBE_MAX_ARMS];
	size_t with[PROBE_MAX_ARMS][RPO_NR];
};

void probe_tally_add(struct probe_tally *t, int arm, const struct record *rec);
/*
 * When some records of the nr_arms arms were taken with option opt and
 * others without: the warning in buf (len bytes) and true.
 */
bool probe_tally_warning(const struct probe_tally *t, int nr_arms,
			 const char *const *labels, int opt, char *buf,
			 size_t len);

#endif /* __PROBE_OPTS_H */
