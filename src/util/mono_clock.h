/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CLOCK_MONOTONIC, the clock bpf_ktime_get_ns() reads: windows, polls
 * and deadlines, which a change of the wall clock must not move.
 */
#ifndef __MONO_CLOCK_H
#define __MONO_CLOCK_H

#include <time.h>

static inline unsigned long long mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static inline double mono_s(void)
{
	return mono_ns() / 1e9;
}

#endif /* __MONO_CLOCK_H */
