/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A hash index over an array of named elements (metrics, histograms,
 * compared metrics): name -> position, so reading a record of N metrics
 * is O(N) instead of a strcmp scan per metric. The array keeps the data;
 * the index holds positions only, so the array may be realloc()ed. Each
 * element's name is a char array at offset 0 of the element.
 */
#ifndef __NAME_INDEX_H
#define __NAME_INDEX_H

#include <stddef.h>

#define NAME_INDEX_NONE ((size_t)-1)

struct name_slot {
	size_t pos1;		/* position + 1; 0 is an empty slot */
	size_t hash;		/* of the name: growing reads no names */
};

struct name_index {
	struct name_slot *slot;
	size_t cap;		/* a power of two, or 0 */
	size_t n;
};

/* Position of name in base[] (elements of size stride), or NONE. */
size_t name_index_find(const struct name_index *ix, const char *name,
		       const void *base, size_t stride);
/* Indexes base[pos] under its name; -1 when out of memory. */
int name_index_add(struct name_index *ix, size_t pos, const void *base,
		   size_t stride);
void name_index_free(struct name_index *ix);

#endif /* __NAME_INDEX_H */
