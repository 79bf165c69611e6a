/* SPDX-License-Identifier: GPL-2.0 */
/* The arrays that grow as they fill (metrics, records, symbols, ...). */
#ifndef __GROW_H
#define __GROW_H

#include <stdlib.h>

/*
 * Doubles the room of *arr (to first_cap elements of size bytes when it
 * has none), for a caller whose array is full: 0, or -1 when out of
 * memory, *arr and *cap then left as they were.
 */
static inline int grow_array(void **arr, size_t *cap, size_t first_cap, size_t size)
{
	size_t c = *cap ? *cap * 2 : first_cap;
	void *p = realloc(*arr, c * size);

	if (!p)
		return -1;
	*arr = p;
	*cap = c;
	return 0;
}

#endif /* __GROW_H */
