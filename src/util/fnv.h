/* SPDX-License-Identifier: GPL-2.0 */
/* FNV-1a, 64 bits: the one string hash of the toolkit (indexes, checksums). */
#ifndef __FNV_H
#define __FNV_H

#include <stddef.h>

#define FNV1A_INIT 14695981039346656037ULL

/* h folded with the n bytes at p; start from FNV1A_INIT */
static inline unsigned long long fnv1a(unsigned long long h, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 1099511628211ULL;
	return h;
}

#endif /* __FNV_H */
