// SPDX-License-Identifier: GPL-2.0
/*
 * zswap's kernel functions (kernel_funcs.h). "since" is the first kernel
 * with the name, as the kernel's history and the BTF fixtures of 6.1,
 * 6.12, 6.18 and 7.3 (tests/fixtures/) show; "6.1" means 6.1 or older,
 * the oldest kernel the toolkit runs on. btf-facts.sh reads the names
 * from this file (one KFN line each) to write those fixtures.
 */
#include <stdio.h>
#include <string.h>
#include "kernel_funcs.h"

#define KFN(name, since, until, returns, flags) \
	{ name, since, until, returns, flags }
#define HOOK_COUNTS (KFN_HOOK | KFN_COUNTS)

const struct kfunc_row kfunc_rows[KF_NR] = {
	[KF_STORE] = { "store", ZOP_STORE, true, {
		KFN("zswap_store", "6.5", NULL, "bool", HOOK_COUNTS),
		KFN("zswap_store_page", "6.13", NULL, "ssize_t|bool",
		    KFN_STACK | KFN_INLINED),
		KFN("zswap_frontswap_store", "6.1", "6.5", "int", HOOK_COUNTS),
	} },
	[KF_LOAD] = { "load", ZOP_LOAD, true, {
		/* int from 6.18: 0 on a hit */
		KFN("zswap_load", "6.5", NULL, "bool|int", HOOK_COUNTS),
		KFN("zswap_frontswap_load", "6.1", "6.5", "int", HOOK_COUNTS),
	} },
	[KF_INVALIDATE] = { "invalidate", ZOP_INVALIDATE, true, {
		KFN("zswap_invalidate", "6.5", NULL, "void", KFN_HOOK),
		KFN("zswap_frontswap_invalidate_page", "6.1", "6.5", "void",
		    KFN_HOOK),
	} },
	[KF_SWAPOFF] = { "swapoff", ZOP_SWAPOFF, true, {
		KFN("zswap_swapoff", "6.5", NULL, "void", KFN_HOOK),
		KFN("zswap_frontswap_invalidate_area", "6.1", "6.5", "void",
		    KFN_HOOK),
	} },
	[KF_WRITEBACK] = { "writeback", ZOP_WRITEBACK, false, {
		/* inlined into shrink_memcg_cb on Debian's 6.18 and 7.3 */
		KFN("zswap_writeback_entry", "6.1", NULL, "int",
		    HOOK_COUNTS | KFN_INLINED),
		KFN("shrink_memcg_cb", "6.8", NULL, "enum lru_status", KFN_HOOK),
		KFN("zswap_reclaim_entry", "6.5", "6.8", "int",
		    KFN_STACK | KFN_INLINED),
	} },
	[KF_SHRINK_WORKER] = { "shrink_worker", ZOP_SHRINK_WORKER, true, {
		KFN("shrink_worker", "6.1", NULL, "void", KFN_HOOK),
	} },
	[KF_SHRINK_MEMCG] = { "shrink_memcg", ZOP_SHRINK_WORKER, false, {
		KFN("shrink_memcg", "6.8", NULL, "int", KFN_HOOK),
	} },
	[KF_SHRINKER_SCAN] = { "shrinker_scan", ZOP_SHRINKER, true, {
		KFN("zswap_shrinker_scan", "6.8", NULL, "unsigned long",
		    HOOK_COUNTS),
	} },
	[KF_SHRINKER_COUNT] = { "shrinker_count", ZOP_SHRINKER, true, {
		KFN("zswap_shrinker_count", "6.8", NULL, "unsigned long",
		    KFN_HOOK),
	} },
	[KF_SWAPOUT] = { "nested_swapout", ZOP_NONE, false, {
		/* swap_writeout(ctx, folio) from 7.x's struct swap_io_ctx */
		KFN("swap_writeout", "6.16", NULL, "int", KFN_HOOK),
		KFN("swap_writepage", "6.1", "6.16", "int", KFN_HOOK),
	} },
	/*
	 * zswap's own compress step is inlined into zswap_store on 6.12,
	 * 7.3 and 6.18, so the hooks are the crypto call it makes: the
	 * acomp request carries the compressed length (dlen) on return.
	 * crypto_acomp_compress is out of line from 6.15 (an inline that
	 * calls the tfm's compress before); scomp_acomp_compress is that
	 * compress for every synchronous compressor (lzo, lz4, zstd, ...).
	 * They serve any acomp user, so the programs count only the calls
	 * made inside a zswap store, load or writeback.
	 */
	[KF_COMPRESS] = { "compress", ZOP_NONE, false, {
		KFN("zswap_compress", "6.8", NULL, "bool",
		    KFN_STACK | KFN_INLINED),
		KFN("crypto_acomp_compress", "6.15", NULL, "int", HOOK_COUNTS),
		KFN("scomp_acomp_compress", "6.1", NULL, "int", HOOK_COUNTS),
	} },
	[KF_DECOMPRESS] = { "decompress", ZOP_NONE, false, {
		/* void on 6.12, bool from 6.16 */
		KFN("zswap_decompress", "6.8", NULL, "void|bool", KFN_STACK),
		KFN("crypto_acomp_decompress", "6.15", NULL, "int", HOOK_COUNTS),
		KFN("scomp_acomp_decompress", "6.1", NULL, "int", HOOK_COUNTS),
	} },
};

enum zswap_op kfunc_op_of(const char *func)
{
	for (int r = 0; r < KF_NR; r++)
		for (int i = 0; i < KF_MAX_NAMES && kfunc_rows[r].names[i].name; i++)
			if (!strcmp(kfunc_rows[r].names[i].name, func))
				return kfunc_rows[r].op;
	return ZOP_NONE;
}

const struct kfunc_name *kfunc_present(enum kfunc_id id, unsigned int flags,
				       bool (*present)(void *ctx, const char *name),
				       void *ctx)
{
	const struct kfunc_row *row = &kfunc_rows[id];

	for (int i = 0; i < KF_MAX_NAMES && row->names[i].name; i++)
		if ((row->names[i].flags & flags) == flags &&
		    present(ctx, row->names[i].name))
			return &row->names[i];
	return NULL;
}

int kfunc_version(const char *v)
{
	int major = 0, minor = 0;

	sscanf(v, "%d.%d", &major, &minor);
	return major * 1000 + minor;
}

bool kfunc_gone_by(const struct kfunc_name *fn, const char *v)
{
	return fn->until && kfunc_version(fn->until) <= kfunc_version(v);
}
