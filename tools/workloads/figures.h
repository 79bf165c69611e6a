/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Arithmetic of the figures the workloads report, done as the programs
 * they stand in for do it, so a figure reads like the one a series quotes.
 */
#ifndef __FIGURES_H
#define __FIGURES_H

#include <stddef.h>
#include <stdint.h>

/*
 * vm-scalability usemem's throughput of one process: bytes * 1e6 / usecs
 * in bytes/s, shifted right by 10 (KB = 1024 bytes), all integer; usecs
 * 0 counts as 1. Exact up to 2^64 bytes, where usemem's 64-bit product
 * overflows from 16 TiB.
 */
uint64_t fig_usemem_kbps(uint64_t bytes, uint64_t usecs);

/*
 * The q-quantile (0 < q <= 1) of v[0..n-1] by the nearest-rank rule: the
 * ceil(q * n)-th smallest. Sorts v; 0 when n is 0.
 */
double fig_quantile(double *v, size_t n, double q);

#endif /* __FIGURES_H */
