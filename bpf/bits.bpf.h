/* SPDX-License-Identifier: GPL-2.0 */
/* Small helpers shared by the BPF programs (as libbpf-tools' bits.bpf.h). */
#ifndef __BITS_BPF_H
#define __BITS_BPF_H

/* floor(log2(v)), 0 for v <= 1: the log2 histogram slot of v. */
static __always_inline __u32 log2_u64(__u64 v)
{
	__u32 r = 0, shift;

	shift = (v > 0xffffffff) << 5; v >>= shift; r |= shift;
	shift = (v > 0xffff) << 4; v >>= shift; r |= shift;
	shift = (v > 0xff) << 3; v >>= shift; r |= shift;
	shift = (v > 0xf) << 2; v >>= shift; r |= shift;
	shift = (v > 0x3) << 1; v >>= shift; r |= shift;
	r |= (v >> 1);
	return r;
}

#endif /* __BITS_BPF_H */
