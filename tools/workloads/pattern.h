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

/* Page contents by name (--pattern, --regions). */
enum pat_kind { PAT_TEXT, PAT_RANDOM, PAT_ZERO, PAT_MIXED };
extern const char *const pat_kind_names[];	/* by kind, NULL-terminated */

/*
 * A kind as the nrandom of pat_pass(), pat_churn() and pat_verify():
 * random bytes per page, or PAT_MIXED_BYTES for mixed, whose page i is
 * text, random or zero as i % 3 is 0, 1 or 2 (a 64 KiB folio holds all
 * three); pat_page_bytes() is page i's.
 */
#define PAT_MIXED_BYTES	((size_t)-1)
size_t pat_kind_bytes(int kind);
size_t pat_page_bytes(size_t nrandom, size_t i);

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
 * One pass over npages pages at base, page i version v keyed by
 * (seed, i, v): pass 0 writes version 0; pass p >= 1 verifies version
 * p - 1 of each page and rewrites it as version p. Returns 0, or -1 after
 * printing the first corrupted byte (`who` names the task or thread).
 */
int pat_pass(unsigned char *base, size_t npages, uint64_t seed,
	     unsigned long pass, size_t nrandom, const char *who);
/* Passes 0 to `passes`: a fill, then `passes` verify-and-rewrite passes. */
int pat_churn(unsigned char *base, size_t npages, uint64_t seed,
	      unsigned long passes, size_t nrandom, const char *who);
/* The pages that differ from their `version`, the first one printed. */
size_t pat_verify(const unsigned char *base, size_t npages, uint64_t seed,
		  unsigned long version, size_t nrandom, const char *who);

#endif /* __PATTERN_H */
