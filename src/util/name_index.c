// SPDX-License-Identifier: GPL-2.0
/* Open addressing with linear probing, kept at most half full. */
#include <stdlib.h>
#include <string.h>
#include "fnv.h"
#include "name_index.h"

static const char *name_at(const void *base, size_t stride, size_t pos)
{
	return (const char *)base + pos * stride;
}

static size_t hash(const char *s)
{
	return (size_t)fnv1a(FNV1A_INIT, s, strlen(s));
}

size_t name_index_find(const struct name_index *ix, const char *name,
		       const void *base, size_t stride)
{
	size_t mask = ix->cap - 1, h = hash(name);

	if (!ix->cap)
		return NAME_INDEX_NONE;
	for (size_t i = h & mask; ix->slot[i].pos1; i = (i + 1) & mask)
		if (ix->slot[i].hash == h &&
		    !strcmp(name_at(base, stride, ix->slot[i].pos1 - 1), name))
			return ix->slot[i].pos1 - 1;
	return NAME_INDEX_NONE;
}

static void put(struct name_slot *slot, size_t cap, size_t pos1, size_t h)
{
	size_t i = h & (cap - 1);

	while (slot[i].pos1)
		i = (i + 1) & (cap - 1);
	slot[i].pos1 = pos1;
	slot[i].hash = h;
}

int name_index_add(struct name_index *ix, size_t pos, const void *base,
		   size_t stride)
{
	if ((ix->n + 1) * 2 > ix->cap) {
		size_t cap = ix->cap ? ix->cap * 2 : 64;
		struct name_slot *slot = calloc(cap, sizeof(*slot));

		if (!slot)
			return -1;
		for (size_t i = 0; i < ix->cap; i++)
			if (ix->slot[i].pos1)
				put(slot, cap, ix->slot[i].pos1, ix->slot[i].hash);
		free(ix->slot);
		ix->slot = slot;
		ix->cap = cap;
	}
	put(ix->slot, ix->cap, pos + 1, hash(name_at(base, stride, pos)));
	ix->n++;
	return 0;
}

void name_index_free(struct name_index *ix)
{
	free(ix->slot);
	ix->slot = NULL;
	ix->cap = ix->n = 0;
}
