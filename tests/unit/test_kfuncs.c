// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel function table (src/metrics/kernel_funcs.c) against the BTF of
 * real kernels: tests/fixtures/<ver>/btf_funcs.txt of 6.1, 6.12, 6.18 and
 * 7.3 (btf-facts.sh, "func NAME PROTOTYPE" or "nofunc NAME" for every
 * name of the table). Each name is in a kernel's BTF exactly when the
 * table says it exists there (since <= kernel < until; a name some builds
 * inline may be absent), it returns what the table says, and each hook
 * resolves on every kernel; the planner's hooks are the table's names.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "counters.h"
#include "harness.h"
#include "kernel_funcs.h"
#include "planner.h"

static const char *const kernels[] = { "6.1", "6.12", "6.18", "7.3" };

/*
 * The fixture's line for func: its prototype's return type into ret
 * ("" when it says nofunc); false when the fixture does not list it.
 */
static bool btf_line(const char *btf, const char *func, char *ret, size_t len)
{
	char key[96];
	const char *p;
	size_t kl;

	snprintf(key, sizeof(key), "nofunc %s\n", func);
	if (strstr(btf, key)) {
		ret[0] = 0;
		return true;
	}
	kl = (size_t)snprintf(key, sizeof(key), "func %s ", func);
	for (p = btf; (p = strstr(p, key)); p += kl) {
		/* "func NAME RET... NAME(": the return type between */
		const char *start = p + kl, *end;
		char call[96];

		if (p != btf && p[-1] != '\n')
			continue;
		snprintf(call, sizeof(call), " %s(", func);
		end = strstr(start, call);
		if (!end)
			return false;
		snprintf(ret, len, "%.*s", (int)(end - start), start);
		return true;
	}
	return false;
}

/* ret is one of the table's "a|b" return types (BTF spells "long unsigned int"). */
static bool returns_one_of(const char *ret, const char *table)
{
	char list[64], *save = NULL;

	snprintf(list, sizeof(list), "%s", table);
	for (char *t = strtok_r(list, "|", &save); t; t = strtok_r(NULL, "|", &save)) {
		if (!strcmp(ret, t))
			return true;
		if (!strcmp(t, "unsigned long") && !strcmp(ret, "long unsigned int"))
			return true;
	}
	return false;
}

static void check_kernel(const char *ver, const char *btf)
{
	int kv = kfunc_version(ver);

	for (int r = 0; r < KF_NR; r++) {
		const struct kfunc_row *row = &kfunc_rows[r];
		int hooks = 0, resolved = 0, oldest = 1 << 30;

		for (int i = 0; i < KF_MAX_NAMES && row->names[i].name; i++) {
			const struct kfunc_name *fn = &row->names[i];
			bool there = kv >= kfunc_version(fn->since) &&
				     (!fn->until || kv < kfunc_version(fn->until));
			char ret[64];

			CHECK(btf_line(btf, fn->name, ret, sizeof(ret)),
			      "%s: btf_funcs.txt lists %s (rewrite it with "
			      "btf-facts.sh)", ver, fn->name);
			if (!btf_line(btf, fn->name, ret, sizeof(ret)))
				continue;
			if (fn->flags & KFN_HOOK) {
				hooks++;
				if (kfunc_version(fn->since) < oldest)
					oldest = kfunc_version(fn->since);
			}
			if (ret[0] && (fn->flags & KFN_HOOK))
				resolved++;
			if (!there)
				CHECK(!ret[0], "%s: %s is in BTF, but the table says "
				      "it exists from %s%s%s", ver, fn->name,
				      fn->since, fn->until ? " until " : "",
				      fn->until ? fn->until : "");
			else if (!(fn->flags & KFN_INLINED))
				CHECK(ret[0], "%s: %s is not in BTF, but the table "
				      "says it exists from %s", ver, fn->name,
				      fn->since);
			if (ret[0])
				CHECK(returns_one_of(ret, fn->returns),
				      "%s: %s returns '%s', the table says '%s'",
				      ver, fn->name, ret, fn->returns);
		}
		/* an operation the kernel has is hookable by one of its names */
		if (hooks && kv >= oldest)
			CHECK(resolved > 0, "%s: no name of operation %s is in BTF",
			      ver, row->what);
	}
}

static void test_hooks_are_the_table(void)
{
	const struct hook_def *d = hook_def(HOOK_STORE);

	CHECK(d->cands[0].kind == SRC_FENTRY && !strcmp(d->cands[0].target, "zswap_store") &&
	      d->cands[0].counts, "store: fentry zswap_store first, counted");
	CHECK(d->cands[1].kind == SRC_FENTRY &&
	      !strcmp(d->cands[1].target, "zswap_frontswap_store"),
	      "store: then the older name, still fentry");
	CHECK(d->cands[2].kind == SRC_KPROBE && !strcmp(d->cands[2].target, "zswap_store"),
	      "store: then kprobes, newest first");
	CHECK(d->cands[4].kind == SRC_END, "store: zswap_store_page (a stack "
	      "name) is no hook: 4 candidates");
	d = hook_def(HOOK_WB);
	CHECK(!strcmp(d->cands[1].target, "shrink_memcg_cb") && !d->cands[1].counts,
	      "writeback: shrink_memcg_cb where zswap_writeback_entry is inlined, "
	      "not counted");
	d = hook_def(HOOK_COMPRESS);
	CHECK(!strcmp(d->cands[0].target, "crypto_acomp_compress") &&
	      d->cands[0].counts && d->cands[4].kind == SRC_END,
	      "compress: the crypto calls by fentry then kprobe, zswap_compress "
	      "(a stack name) no hook: 4 candidates");
	d = hook_def(HOOK_WORKER);
	CHECK(d->cands[2].kind == SRC_TRACEPOINT && d->cands[2].ksym &&
	      !strcmp(d->cands[2].ksym, "shrink_worker"),
	      "shrink_worker: the tracepoint compares against the row's name");
	CHECK(kfunc_op_of("shrink_memcg") == ZOP_SHRINK_WORKER &&
	      kfunc_op_of("zswap_store_page") == ZOP_STORE &&
	      kfunc_op_of("swap_writeout") == ZOP_NONE &&
	      kfunc_op_of("zswap_frontswap_invalidate_area") == ZOP_SWAPOFF,
	      "the lock classifier's operations come from the table");
}

/* The fixture's BTF has name as a function (ctx: the fixture's text). */
static bool in_btf(void *btf, const char *name)
{
	char ret[64];

	return btf_line(btf, name, ret, sizeof(ret)) && ret[0];
}

/*
 * What lock_trees.c asks the table instead of spelling names: the store
 * hook each kernel has, and whether it is named as before split trees
 * (6.8: one tree a swap type before).
 */
static void check_store_name(const char *ver, const char *btf)
{
	const struct kfunc_name *st = kfunc_present(KF_STORE, KFN_HOOK, in_btf, (void *)btf);
	bool old = kfunc_version(ver) < kfunc_version("6.5");

	CHECK(st && !strcmp(st->name, old ? "zswap_frontswap_store" : "zswap_store"),
	      "%s: the store hook is %s", ver, st ? st->name : "none");
	CHECK(st && kfunc_gone_by(st, "6.8") == old,
	      "%s: the store is%s named as before split trees", ver, old ? "" : " not");
}

/*
 * The crypto call each kernel's compress and decompress hooks attach to:
 * crypto_acomp_* where it is out of line (6.15 on), the scomp backend's
 * before; zswap_compress, inlined everywhere, is a stack name only.
 */
static void check_crypto_hooks(const char *ver, const char *btf)
{
	bool out_of_line = kfunc_version(ver) >= kfunc_version("6.15");
	const char *want[2] = {
		out_of_line ? "crypto_acomp_compress" : "scomp_acomp_compress",
		out_of_line ? "crypto_acomp_decompress" : "scomp_acomp_decompress",
	};
	const enum kfunc_id ids[2] = { KF_COMPRESS, KF_DECOMPRESS };

	for (int i = 0; i < 2; i++) {
		const struct kfunc_name *fn = kfunc_present(ids[i], KFN_HOOK,
							    in_btf, (void *)btf);

		CHECK(fn && !strcmp(fn->name, want[i]) &&
		      (fn->flags & KFN_COUNTS),
		      "%s: the %s hook is %s, want %s", ver,
		      kfunc_rows[ids[i]].what, fn ? fn->name : "none", want[i]);
	}
	CHECK(!in_btf((void *)btf, "zswap_compress"),
	      "%s: zswap_compress is inlined (the table's KFN_INLINED)", ver);
}

void test_kfuncs(void)
{
	char path[512];

	for (size_t k = 0; k < sizeof(kernels) / sizeof(kernels[0]); k++) {
		char *btf;

		snprintf(path, sizeof(path), "%s/%s/btf_funcs.txt", fixtures_dir,
			 kernels[k]);
		btf = read_file(path, 1 << 20);
		CHECK(btf != NULL, "%s missing", path);
		if (btf) {
			check_kernel(kernels[k], btf);
			check_store_name(kernels[k], btf);
			check_crypto_hooks(kernels[k], btf);
		}
		free(btf);
	}
	test_hooks_are_the_table();
}
