/* SPDX-License-Identifier: GPL-2.0 */
/* Map helpers shared by the BPF programs (as libbpf-tools' maps.bpf.h). */
#ifndef __MAPS_BPF_H
#define __MAPS_BPF_H

#ifndef EEXIST
#define EEXIST 17
#endif

/*
 * The element of key, inserted as init when missing; NULL when the map is
 * full, for the caller to count. -EEXIST (another CPU inserted the same
 * key first) is no loss: its element is returned.
 */
static __always_inline void *map_lookup_or_try_init(void *map, const void *key,
						     const void *init)
{
	void *v = bpf_map_lookup_elem(map, key);
	long err;

	if (v)
		return v;
	err = bpf_map_update_elem(map, key, init, BPF_NOEXIST);
	if (err && err != -EEXIST)
		return NULL;
	return bpf_map_lookup_elem(map, key);
}

#endif /* __MAPS_BPF_H */
