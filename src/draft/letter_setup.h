/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The test a letter's words describe, as a claims file's setup keys: the
 * machine, zswap's parameters (compressor, zpool, max_pool_percent,
 * shrinker, accept threshold), the memory limit, the swap device, the
 * benchmark and its size; and the bundled workload that stands in for the
 * benchmark, scaled to the 512 MiB VM of zswap-kernels, or why none does.
 */
#ifndef __LETTER_SETUP_H
#define __LETTER_SETUP_H

#include <stdio.h>
#include "letter_words.h"

#define SETUP_WORDS_MAX 8

struct letter_setup {
	char machine[96];		/* "128 CPUs, 256 GB" */
	char zswap[SETUP_WORDS_MAX][2][40];	/* parameter, value */
	int nr_zswap;
	char memory_max[24];		/* "2G", as the letter writes it */
	char memory_high[24];
	char swap[64];			/* "zram", "a swap file", "NVMe SSD" */
	char benchmark[96];		/* what ran: "kernel build, make -j32" */
	/* the bundled stand-in, a YAML flow list; empty with why when none */
	char workload[200];
	char scaled[200];		/* the same in the 512 MiB VM */
	char scaled_limit[40];		/* "memory_max: 48M" */
	char why[240];
};

/* Reads what p's words say; fields it finds nothing for stay empty. */
void letter_setup_read(const struct letter_prose *p, struct letter_setup *s);

/* The setup keys, two spaces in (after setup.stated), as YAML. */
void letter_setup_put(FILE *f, const struct letter_setup *s);

#endif /* __LETTER_SETUP_H */
