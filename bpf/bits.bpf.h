/* SPDX-License-Identifier: GPL-2.0 */
/* Small helpers shared by the BPF programs (as libbpf-tools' bits.bpf.h). */
#ifndef __BITS_BPF_H
#define __BITS_BPF_H

/*
 * floor(log2(v)), 0 for v <= 1: the log2 histogram slot of v. A loop, not
 * the branchless form: with that one clang proves the result < 64, drops
 * the callers' clamps, and the 6.1 verifier cannot bound the index.
 */
static __always_inline __u32 log2_u64(__u64 v)
{
	__u32 r = 0;

	/* Bounded loop: at most 64 iterations, unrolled by clang. */
	for (int i = 32; i > 0; i >>= 1) {
		if (v >= (1ULL << i)) {
			v >>= i;
			r += i;
		}
	}
	return r;
}

#endif /* __BITS_BPF_H */
