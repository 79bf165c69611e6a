// SPDX-License-Identifier: GPL-2.0
/* Keyed page contents and their verification (see pattern.h). */
#include <string.h>
#include "msg.h"
#include "pattern.h"
#include "workload.h"

static uint64_t splitmix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

uint64_t pat_key(uint64_t a, uint64_t b, uint64_t c)
{
	return splitmix64(a ^ splitmix64(b ^ splitmix64(c)));
}

uint64_t pat_state(uint64_t key)
{
	uint64_t s = splitmix64(key);

	return s ? s : 0x2545f4914f6cdd1dULL;
}

/* xorshift64: fast enough that filling pages is not the CPU cost. */
uint64_t pat_next(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*state = x;
	return x;
}

void pat_fill(unsigned char *page, uint64_t key, size_t nrandom)
{
	uint64_t s = pat_state(key), v;
	size_t i;

	for (i = 0; i + 8 <= nrandom; i += 8) {
		v = pat_next(&s);
		memcpy(page + i, &v, 8);
	}
	if (i < nrandom) {
		v = pat_next(&s);
		memcpy(page + i, &v, nrandom - i);
	}
	memset(page + nrandom, 0, PAGE_BYTES - nrandom);
}

long pat_check(const unsigned char *page, uint64_t key, size_t nrandom)
{
	unsigned char want[8];
	uint64_t s = pat_state(key), v;
	size_t i, k;

	for (i = 0; i < nrandom; i += 8) {
		v = pat_next(&s);
		memcpy(want, &v, 8);
		for (k = 0; k < 8 && i + k < nrandom; k++)
			if (page[i + k] != want[k])
				return i + k;
	}
	for (i = nrandom; i < PAGE_BYTES; i++)
		if (page[i])
			return i;
	return -1;
}

uint64_t pat_sum(const unsigned char *page)
{
	uint64_t h = 0x84222325cbf29ce4ULL, w;

	for (size_t i = 0; i < PAGE_BYTES; i += 8) {
		memcpy(&w, page + i, 8);
		h = (h ^ w) * 0x100000001b3ULL;
		h ^= h >> 29;
	}
	return splitmix64(h);
}

const char *const pat_kind_names[] = { "text", "random", "zero", "mixed", NULL };

size_t pat_kind_bytes(int kind)
{
	static const size_t bytes[] = {
		[PAT_TEXT] = TEXT_BYTES, [PAT_RANDOM] = PAGE_BYTES,
		[PAT_ZERO] = 0, [PAT_MIXED] = PAT_MIXED_BYTES,
	};

	return bytes[kind];
}

size_t pat_page_bytes(size_t nrandom, size_t i)
{
	static const size_t cycle[] = { TEXT_BYTES, PAGE_BYTES, 0 };

	return nrandom == PAT_MIXED_BYTES ? cycle[i % 3] : nrandom;
}

int pat_pass(unsigned char *base, size_t npages, uint64_t seed,
	     unsigned long pass, size_t nrandom, const char *who)
{
	for (size_t i = 0; i < npages; i++) {
		unsigned char *p = base + i * PAGE_BYTES;
		size_t n = pat_page_bytes(nrandom, i);
		long bad = pass ? pat_check(p, pat_key(seed, i, pass - 1), n) : -1;

		if (bad >= 0) {
			wl_msg("DATA CORRUPTION: %s, pass %lu, page %zu, byte %ld",
			       who, pass, i, bad);
			return -1;
		}
		pat_fill(p, pat_key(seed, i, pass), n);
	}
	return 0;
}

int pat_churn(unsigned char *base, size_t npages, uint64_t seed,
	      unsigned long passes, size_t nrandom, const char *who)
{
	for (unsigned long pass = 0; pass <= passes; pass++)
		if (pat_pass(base, npages, seed, pass, nrandom, who))
			return -1;
	return 0;
}

size_t pat_verify(const unsigned char *base, size_t npages, uint64_t seed,
		  unsigned long version, size_t nrandom, const char *who)
{
	size_t nbad = 0;

	for (size_t i = 0; i < npages; i++) {
		long bad = pat_check(base + i * PAGE_BYTES, pat_key(seed, i, version),
				     pat_page_bytes(nrandom, i));

		if (bad >= 0 && !nbad++)
			wl_msg("DATA CORRUPTION: %s, page %zu, byte %ld", who, i, bad);
	}
	return nbad;
}
