/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Page contents the workloads write and verify: each 4 KiB page starts
 * with bytes from a pseudo-random stream keyed by (seed, page, version)
 * and is zero after them, so how well it compresses is chosen (as
 * tools/hog.c's -c) and a page that comes back wrong or stale is caught.
 */
#ifndef __PATTERN_H
#define __PATTERN_H

#include <stddef.h>
#include <stdint.h>

#define PAGE_BYTES	4096UL
/* Random bytes of a "text-like" page: zsmalloc stores it in about 1.6 KiB. */
#define TEXT_BYTES	1536UL

uint64_t pat_key(uint64_t a, uint64_t b, uint64_t c);
/* A generator state from a key (never 0) and its next value. */
uint64_t pat_state(uint64_t key);
uint64_t pat_next(uint64_t *state);

/* nrandom bytes of the key's stream, then zeros up to the page's end. */
void pat_fill(unsigned char *page, uint64_t key, size_t nrandom);
/* The offset of the first byte that differs from pat_fill's, or -1. */
long pat_check(const unsigned char *page, uint64_t key, size_t nrandom);
/* Checksum of a whole page. */
uint64_t pat_sum(const unsigned char *page);

/*
 * Fills npages pages at base, nrandom pseudo-random bytes and zeros each
 * (page i keyed by (seed, i, 0)),
 * then `passes` times verifies each page against the previous version
 * and rewrites it as the next. Returns 0, or -1 after printing the first
 * corrupted byte (`who` names the task or thread).
 */
int pat_churn(unsigned char *base, size_t npages, uint64_t seed,
	      unsigned long passes, size_t nrandom, const char *who);

#endif /* __PATTERN_H */
