// SPDX-License-Identifier: GPL-2.0
/*
 * zswap-lockstat's pure parts: lock classification of kernel stacks
 * recorded on real 6.1, 6.12 and 6.18 kernels (tests/fixtures/lockstat/,
 * expectations reviewed against each kernel's mm/zswap.c), percentiles of
 * the log2 wait histograms, accounting of contentions still pending at
 * the end of the window, the tree address map and the kallsyms reader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <json-c/json.h>
#include "harness.h"
#include "ksyms.h"
#include "lock_classify.h"
#include "lock_gate.h"
#include "lock_report.h"
#include "lock_trees.h"
#include "lockstat.h"

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

static enum lock_class class_by_name(const char *s)
{
	for (int c = 0; c < LC_NR; c++)
		if (!strcmp(s, lock_class_name(c)))
			return c;
	return LC_OTHER;	/* "none": not zswap's */
}

static enum zswap_op op_by_name(const char *s)
{
	for (int o = 0; o < ZOP_NR; o++)
		if (!strcmp(s, zswap_op_name(o)))
			return o;
	return ZOP_NR;
}

static enum tree_layout layout_by_name(const char *s)
{
	if (!strcmp(s, "rb"))
		return TL_RB_PER_TYPE;
	if (!strcmp(s, "rb-split"))
		return TL_RB_SPLIT;
	if (!strcmp(s, "xarray"))
		return TL_XARRAY_SPLIT;
	return TL_UNKNOWN;
}

/* Replays every stack of a fixture; returns the number of stacks. */
static int replay(const char *name, int *zswap_stacks)
{
	char path[512], line[512], cls[32], op[32], *frames[LS_STACK_DEPTH];
	enum tree_layout layout = TL_UNKNOWN;
	unsigned int flags = 0;
	int n = -1, stacks = 0;
	FILE *f;

	*zswap_stacks = 0;
	snprintf(path, sizeof(path), "%s/lockstat/%s", fixtures_dir, name);
	f = fopen(path, "r");
	CHECK(f != NULL, "fixture %s", path);
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || !line[0])
			continue;
		if (!strncmp(line, "layout ", 7)) {
			layout = layout_by_name(line + 7);
			continue;
		}
		if (!strncmp(line, "stack ", 6)) {
			char spec[80];

			CHECK(sscanf(line, "stack %u %79s", &flags, spec) == 2,
			      "%s: bad line '%s'", name, line);
			*strchr(spec, '/') = ' ';
			sscanf(spec, "%31s %31s", cls, op);
			n = 0;
			continue;
		}
		if (!strcmp(line, "end")) {
			struct lock_verdict v = lock_classify(
				(const char *const *)frames, n, flags, layout, false);
			bool want_zswap = op_by_name(op) != ZOP_NONE;

			stacks++;
			*zswap_stacks += want_zswap;
			CHECK(v.op == op_by_name(op), "%s stack %d (caller %s): op %s, want %s",
			      name, stacks, v.caller >= 0 ? frames[v.caller] : "-",
			      zswap_op_name(v.op), op);
			if (want_zswap)
				CHECK(v.cls == class_by_name(cls),
				      "%s stack %d (caller %s): class %s, want %s", name,
				      stacks, v.caller >= 0 ? frames[v.caller] : "-",
				      lock_class_name(v.cls), cls);
			CHECK(v.caller < 0 || !is_locking_frame(frames[v.caller]),
			      "%s stack %d: caller is a locking frame", name, stacks);
			for (int i = 0; i < n; i++)
				free(frames[i]);
			n = -1;
			continue;
		}
		if (n >= 0 && n < LS_STACK_DEPTH)
			frames[n++] = strdup(line);
	}
	fclose(f);
	return stacks;
}

static void test_fixtures(void)
{
	static const char *const files[] = { "6.1.stacks", "6.12.stacks", "6.18.stacks" };

	for (int i = 0; i < N(files); i++) {
		char path[512];
		int z, n;

		snprintf(path, sizeof(path), "%s/lockstat/%s", fixtures_dir, files[i]);
		if (access(path, R_OK)) {
			CHECK(0, "missing fixture %s", path);
			continue;
		}
		n = replay(files[i], &z);
		CHECK(n > 0 && z > 0, "%s: %d stacks, %d under zswap", files[i], n, z);
	}
}

/* Stacks written from each kernel's source where a fixture lacks one. */
static void test_source_stacks(void)
{
	const char *tree61[] = { "native_queued_spin_lock_slowpath+0x1f",
		"_raw_spin_lock+0x1d", "zswap_frontswap_store+0x2a5",
		"__frontswap_store+0x6e", "swap_writepage+0x3e" };
	const char *acomp61[] = { "__mutex_lock.constprop.0+0x8e",
		"zswap_frontswap_load+0x10c", "__frontswap_load+0x6e" };
	const char *zbud61[] = { "_raw_spin_lock+0x1d", "zbud_alloc+0x64",
		"zswap_frontswap_store+0x1f1" };
	const char *wb612[] = { "_raw_spin_lock+0x1d", "shrink_memcg_cb+0x1b0",
		"__list_lru_walk_one+0x7a", "list_lru_walk_one+0x18",
		"shrink_memcg+0x9e", "shrink_worker+0x90" };
	const char *shrinker612[] = { "_raw_spin_lock+0x1d",
		"__list_lru_walk_one+0x2c", "list_lru_walk_one+0x18",
		"zswap_shrinker_scan+0x8a", "do_shrink_slab+0x13a" };
	const char *irq[] = { "_raw_spin_lock+0x1d", "try_to_wake_up+0x4e",
		"handle_softirqs+0xcd", "__irq_exit_rcu+0x8e",
		"sysvec_apic_timer_interrupt+0x31", "zswap_store+0x10" };
	const char *swapcache[] = { "_raw_spin_lock_irq+0x20",
		"__filemap_add_folio+0x100", "add_to_swap_cache+0x90",
		"__read_swap_cache_async+0x130", "zswap_writeback_entry+0x80" };
	const char *bpf_only[] = { "0xffffffffc0025d9f", "bpf_trace_run2+0xf2" };
	struct lock_verdict v;

	v = lock_classify(tree61, N(tree61), LCB_F_SPIN, TL_RB_PER_TYPE, false);
	CHECK(v.cls == LC_TREE && v.op == ZOP_STORE && v.caller == 2,
	      "6.1 tree lock in zswap_frontswap_store: %s/%s caller %d",
	      lock_class_name(v.cls), zswap_op_name(v.op), v.caller);
	v = lock_classify(acomp61, N(acomp61), LCB_F_MUTEX, TL_RB_PER_TYPE, false);
	CHECK(v.cls == LC_ACOMP && v.op == ZOP_LOAD, "6.1 acomp mutex: %s/%s",
	      lock_class_name(v.cls), zswap_op_name(v.op));
	v = lock_classify(zbud61, N(zbud61), LCB_F_SPIN, TL_RB_PER_TYPE, false);
	CHECK(v.cls == LC_ZPOOL && v.op == ZOP_STORE, "6.1 zbud lock: %s/%s",
	      lock_class_name(v.cls), zswap_op_name(v.op));
	v = lock_classify(wb612, N(wb612), LCB_F_SPIN, TL_XARRAY_SPLIT, false);
	CHECK(v.cls == LC_XARRAY && v.op == ZOP_WRITEBACK,
	      "6.12 inline xa_cmpxchg in shrink_memcg_cb: %s/%s",
	      lock_class_name(v.cls), zswap_op_name(v.op));
	v = lock_classify(shrinker612, N(shrinker612), LCB_F_SPIN, TL_XARRAY_SPLIT, false);
	CHECK(v.cls == LC_LRU && v.op == ZOP_SHRINKER, "6.12 shrinker list_lru: %s/%s",
	      lock_class_name(v.cls), zswap_op_name(v.op));
	v = lock_classify(irq, N(irq), LCB_F_SPIN, TL_XARRAY_SPLIT, false);
	CHECK(v.op == ZOP_NONE && v.cls == LC_OTHER,
	      "a softirq's lock inside zswap_store is not zswap's: %s",
	      zswap_op_name(v.op));
	v = lock_classify(swapcache, N(swapcache), LCB_F_SPIN, TL_XARRAY_SPLIT, false);
	CHECK(v.cls == LC_OTHER && v.op == ZOP_WRITEBACK,
	      "swap cache xarray under writeback is not a zswap tree: %s",
	      lock_class_name(v.cls));
	v = lock_classify(tree61, N(tree61), LCB_F_SPIN, TL_XARRAY_SPLIT, true);
	CHECK(v.cls == LC_XARRAY, "a known tree address settles the class");
	v = lock_classify(bpf_only, N(bpf_only), LCB_F_SPIN, TL_UNKNOWN, false);
	CHECK(v.caller == -1 && v.op == ZOP_NONE, "BPF frames only: no caller (%d)",
	      v.caller);
}

static void test_sym_helpers(void)
{
	char b[64];

	sym_base("vms_clear_ptes.part.0+0xc6", b, sizeof(b));
	CHECK(!strcmp(b, "vms_clear_ptes"), "sym_base: %s", b);
	sym_base("zs_free+0x7e ([kernel.kallsyms])", b, sizeof(b));
	CHECK(!strcmp(b, "zs_free"), "sym_base perf style: %s", b);
	CHECK(is_locking_frame("__pv_queued_spin_lock_slowpath+0x10e"), "pv slowpath");
	CHECK(is_locking_frame("__mutex_lock.constprop.0+0x8e"), "mutex");
	CHECK(is_locking_frame("bpf_trace_run2+0xf2"), "tracing frame");
	CHECK(!is_locking_frame("xa_store+0x1a"), "xa_store is a caller");
	CHECK(is_zswap_frame("shrink_memcg_cb+0x10") && is_zswap_frame("zswap_load"),
	      "zswap frames");
	CHECK(!is_zswap_frame("shrink_node+0x2ff"), "shrink_node is not zswap's");
}

static void test_pending(void)
{
	static const unsigned long long stack_a[LS_STACK_DEPTH] = {
		0xffffffff81100010ULL, 0xffffffff81200417ULL };
	/* stack_a plus one frame: another stack, not a prefix match */
	static const unsigned long long stack_b[LS_STACK_DEPTH] = {
		0xffffffff81100010ULL, 0xffffffff81200417ULL, 0xffffffff81201124ULL };
	unsigned long long slots[LS_HIST_SLOTS] = {};
	struct lock_data d = {};
	struct lock_entry *e;

	slots[6] = 2;	/* two waits of 64..127 ns */
	slots[7] = 1;
	lock_data_add(&d, 0xffff888100000000ULL, stack_a, LCB_F_SPIN, 3, 300, 150, slots);
	/* begun at 1000 ns, window ended at 1500 ns: 500 ns so far */
	CHECK(lock_data_add_pending(&d, 0xffff888100000000ULL, stack_a, LCB_F_SPIN,
				    1000, 1500), "pending accepted");
	e = lock_data_find(&d, 0xffff888100000000ULL, stack_a);
	CHECK(e && e->count == 4 && e->total_ns == 800 && e->pending == 1 &&
	      e->max_ns == 500 && e->h.slots[8] == 1 && e->h.sum == 800 &&
	      e->nframes == 2,
	      "pending merged into its aggregate: count %llu total %llu max %llu",
	      e ? e->count : 0, e ? e->total_ns : 0, e ? e->max_ns : 0);
	CHECK(lock_data_add_pending(&d, 0xffff888100000040ULL, NULL, LCB_F_MUTEX,
				    0, 2000000), "pending on a new lock, no stack");
	e = lock_data_find(&d, 0xffff888100000040ULL, NULL);
	CHECK(e && e->count == 1 && e->h.slots[20] == 1 && e->flags == LCB_F_MUTEX &&
	      e->nframes == 0,
	      "new entry for a pending contention (2 ms in slot 20)");
	CHECK(!lock_data_add_pending(&d, 1, NULL, 0, 2000, 1000),
	      "a start after the end is refused");
	CHECK(d.n == 2 && d.pending == 2, "two pending, two entries (%zu, %llu)",
	      d.n, d.pending);
	lock_data_add(&d, 0xffff888100000000ULL, stack_b, LCB_F_SPIN, 1, 100, 100, slots);
	CHECK(d.n == 3 && lock_data_find(&d, 0xffff888100000000ULL, stack_b) &&
	      lock_data_find(&d, 0xffff888100000000ULL, stack_a)->count == 4,
	      "a longer stack on the same lock is its own entry (%zu)", d.n);
	lock_data_free(&d);
}

/* d's JSON report, parsed (NULL if it does not parse). */
static json_object *report_json(const struct lock_data *d, bool all)
{
	struct ksyms ks = {};
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	json_object *o;

	if (!f)
		return NULL;
	lock_report_json(f, d, &ks, all);
	fclose(f);
	o = json_tokener_parse(buf);
	free(buf);
	return o;
}

/* 100 waits of 1..100 us: known percentiles against the log2 bounds. */
static void test_percentiles(void)
{
	struct lock_data d = {};
	struct lock_group *g;
	unsigned long long p50, p90, p99;
	int ng;

	d.symbols = true;
	for (int i = 1; i <= 100; i++)
		lock_data_add_pending(&d, 0xffff888100000000ULL, NULL, LCB_F_SPIN,
				      0, i * 1000ULL);
	for (size_t i = 0; i < d.n; i++)
		d.e[i].v.op = ZOP_STORE;	/* pretend it is zswap's */
	ng = lock_groups(&d, false, &g);
	CHECK(ng == 1 && g[0].count == 100 && g[0].max_ns == 100000 &&
	      g[0].total_ns == 5050000, "one group of 100");
	p50 = hist_percentile(&g[0].h, 50);
	p90 = hist_percentile(&g[0].h, 90);
	p99 = hist_percentile(&g[0].h, 99);
	/* true values 50, 90, 99 us; a log2 bound is >= and < 2x */
	CHECK(p50 >= 50000 && p50 < 100000, "p50 bound %llu", p50);
	CHECK(p90 >= 90000 && p90 < 180000, "p90 bound %llu", p90);
	CHECK(p99 >= 99000 && p99 < 198000, "p99 bound %llu", p99);
	CHECK(p50 == 65535 && p90 == 131071, "slot bounds 2^16-1, 2^17-1 (%llu %llu)",
	      p50, p90);
	free(g);

	/* the JSON report clamps bounds to the largest wait seen */
	json_object *o = report_json(&d, false), *c = NULL, *v;

	CHECK(o && json_object_object_get_ex(o, "callers", &c) &&
	      json_object_array_length(c) == 1, "JSON has one caller row");
	if (o && c && json_object_array_length(c) == 1) {
		json_object *row = json_object_array_get_idx(c, 0);

		json_object_object_get_ex(row, "p99_ns", &v);
		CHECK(json_object_get_uint64(v) == 100000, "p99 clamped to max: %llu",
		      (unsigned long long)json_object_get_uint64(v));
		json_object_object_get_ex(row, "p50_ns", &v);
		CHECK(json_object_get_uint64(v) == 65535, "p50 in JSON");
		json_object_object_get_ex(row, "mean_ns", &v);
		CHECK(json_object_get_double(v) == 50500, "mean 50.5 us");
		json_object_object_get_ex(row, "pending", &v);
		CHECK(json_object_get_uint64(v) == 100, "pending in JSON");
	}
	json_object_put(o);
	lock_data_free(&d);
}

/* A zspage lock group: one lock of the report, its addresses listed. */
static void test_zspage_group(void)
{
	const unsigned long long pool = 0xffff888102e03000ULL;
	const unsigned long long key = pool | LS_GROUP_ZSPAGE;
	struct lock_member m[] = {
		{ 0xffff888110000048ULL, key }, { 0xffff888110000848ULL, key },
		{ 0xffff888120000048ULL, 0xffff888200000001ULL },
	};
	struct lock_data d = { .zspage_groups = true };
	json_object *o, *locks = NULL, *row, *v;
	char name[96];

	d.members = malloc(sizeof(m));
	memcpy(d.members, m, sizeof(m));
	d.nr_members = 3;
	CHECK(!ls_is_group(0xffff888110000048ULL) && ls_is_group(key),
	      "a spinlock's address is not a group key, a pool's with the bit is");
	CHECK(lock_key_addresses(&d, key) == 2, "the group stands for its 2 members");
	CHECK(lock_key_addresses(&d, 0xffff888110000048ULL) == 1, "a plain lock is one");
	lock_key_name(&d, key, name, sizeof(name));
	CHECK(!strcmp(name, "zspage locks of pool 0xffff888102e03000, 2 addresses"),
	      "group named by its pool: %s", name);
	lock_key_name(&d, 0xffff888110000048ULL, name, sizeof(name));
	CHECK(!strcmp(name, "lock 0xffff888110000048"), "plain lock named: %s", name);

	lock_data_add_pending(&d, key, NULL, LCB_F_SPIN, 0, 1000);
	o = report_json(&d, true);
	CHECK(o && json_object_object_get_ex(o, "locks", &locks) &&
	      json_object_array_length(locks) == 1, "JSON lists the group as one lock");
	if (o && locks && json_object_array_length(locks) == 1) {
		row = json_object_array_get_idx(locks, 0);
		CHECK(json_object_object_get_ex(row, "group", &v) &&
		      !strcmp(json_object_get_string(v), "zspage"), "its group is zspage");
		CHECK(json_object_object_get_ex(row, "pool", &v) &&
		      !strcmp(json_object_get_string(v), "0xffff888102e03000"), "its pool");
		CHECK(json_object_object_get_ex(row, "addresses", &v) &&
		      json_object_array_length(v) == 2 &&
		      !strcmp(json_object_get_string(json_object_array_get_idx(v, 1)),
			      "0xffff888110000848"), "its 2 addresses, not the other pool's");
		CHECK(json_object_object_get_ex(row, "addresses_complete", &v) &&
		      json_object_get_boolean(v), "every address kept");
	}
	json_object_put(o);
	d.members_full = 1;
	o = report_json(&d, true);
	locks = NULL;
	CHECK(o && json_object_object_get_ex(o, "locks", &locks) &&
	      json_object_object_get_ex(json_object_array_get_idx(locks, 0),
					"addresses_complete", &v) &&
	      !json_object_get_boolean(v), "a full member map says the list is incomplete");
	json_object_put(o);
	lock_data_free(&d);
}

static void test_trees(void)
{
	struct lock_trees t = { .layout = TL_RB_PER_TYPE, .tree_size = 16, .lock_off = 8 };
	unsigned long long ptrs[3] = { 0xffff888100000000ULL, 0, 0xffff888200000000ULL };
	/* a 5-level paging direct map pointer, as in the qemu guests */
	unsigned long long xptrs[2] = { 0xff4616addff91300ULL, 0x1234 };
	unsigned int nrs[2] = { 8, 4 };
	const struct tree_lock *tl;

	CHECK(tree_layout_of(true, false, true, true) == TL_RB_PER_TYPE, "6.1 layout");
	CHECK(tree_layout_of(true, true, true, false) == TL_RB_SPLIT, "6.8 layout");
	CHECK(tree_layout_of(false, true, true, false) == TL_XARRAY_SPLIT, "6.12 layout");
	CHECK(tree_layout_of(false, false, false, false) == TL_XARRAY_SPLIT,
	      "6.18 host without data symbols: still xarray from BTF");

	lock_trees_build(&t, ptrs, NULL, 3);
	CHECK(t.n == 2, "two swap types with a tree (%zu)", t.n);
	tl = lock_trees_find(&t, 0xffff888200000008ULL);
	CHECK(tl && tl->type == 2 && tl->index == 0, "type 2's tree lock");
	CHECK(!lock_trees_find(&t, 0xffff888200000000ULL), "not the lock's address");

	t.layout = TL_XARRAY_SPLIT;
	t.lock_off = 0;
	lock_trees_build(&t, xptrs, nrs, 2);
	CHECK(t.n == 8, "8 xarrays of type 0, garbage pointer ignored (%zu)", t.n);
	tl = lock_trees_find(&t, 0xff4616addff91300ULL + 3 * 16);
	CHECK(tl && tl->type == 0 && tl->index == 3, "xarray index 3");
	CHECK(!lock_trees_find(&t, 0xff4616addff91300ULL + 8 * 16), "past the last tree");
	lock_trees_free(&t);
}

static char *write_tmp(const char *text)
{
	char *path = strdup("/tmp/test_lockstat.XXXXXX");
	int fd = mkstemp(path);

	if (write(fd, text, strlen(text)) < 0)
		path[0] = '\0';
	close(fd);
	return path;
}

static void test_ksyms_and_classify(void)
{
	char *ok = write_tmp(
		"ffffffff81000000 T _stext\n"
		"ffffffff81100000 T _raw_spin_lock\n"
		"ffffffff81100040 T xa_store\n"
		"ffffffff81200000 t zswap_store\n"
		"ffffffff81201000 T swap_writeout\n"
		"ffffffff83000000 b zswap_trees\n"
		"ffffffff83000100 b nr_zswap_trees\n");
	char *hidden = write_tmp(
		"0000000000000000 T _stext\n"
		"0000000000000000 t zswap_store\n");
	struct lock_trees t = { .layout = TL_XARRAY_SPLIT, .tree_size = 16 };
	unsigned long long ptrs[1] = { 0xffff888300000000ULL };
	unsigned int nrs[1] = { 4 };
	static const unsigned long long stack[LS_STACK_DEPTH] = {
		0xffffffff81100010ULL,	/* _raw_spin_lock+0x10 */
		0xffffffff81100050ULL,	/* xa_store+0x10 */
		0xffffffff81200417ULL,	/* zswap_store+0x417 */
		0xffffffff81201124ULL,
	};
	struct lock_data d = {};
	struct lock_entry *e;
	unsigned long long slots[LS_HIST_SLOTS] = { [10] = 7 };
	struct ksyms ks;
	char b[64];

	CHECK(ksyms_load(&ks, ok) == 0 && !ks.restricted, "kallsyms loaded");
	ksyms_format(&ks, 0xffffffff81200375ULL, b, sizeof(b));
	CHECK(!strcmp(b, "zswap_store+0x375"), "symbolised: %s", b);
	ksyms_format(&ks, 0xffffffffc0025d9fULL, b, sizeof(b));
	CHECK(!strcmp(b, "0xffffffffc0025d9f"), "past the last symbol: raw (%s)", b);
	CHECK(ksyms_addr(&ks, "zswap_trees") == 0xffffffff83000000ULL &&
	      ksyms_next_addr(&ks, "zswap_trees") == 0xffffffff83000100ULL,
	      "data symbol and the one after it");

	lock_trees_build(&t, ptrs, nrs, 1);
	e = lock_data_add(&d, 0xffff888300000020ULL, stack, LCB_F_SPIN, 7, 7000, 1500,
			  slots);
	lock_data_classify(&d, &ks, &t);
	CHECK(e->v.cls == LC_XARRAY && e->v.op == ZOP_STORE && e->tree_type == 0 &&
	      e->tree_index == 2 && !strcmp(e->caller, "xa_store+0x10") &&
	      !strcmp(e->zfunc, "zswap_store"),
	      "classified: %s/%s tree %d:%d caller %s", lock_class_name(e->v.cls),
	      zswap_op_name(e->v.op), e->tree_type, e->tree_index, e->caller);

	struct metric_set ms = {};
	const struct metric *m;

	lock_report_metrics(&d, &ms);
	m = metric_set_find(&ms, "lock_contentions{lock=xarray,caller=store}");
	CHECK(m && m->value == 7, "lock_contentions metric");
	m = metric_set_find(&ms, "lock_contentions{lock=any,caller=any}");
	CHECK(m && m->value == 7, "lock_contentions total");
	CHECK(metric_set_find_hist(&ms, "lock_wait_ns{lock=xarray,caller=store}") != NULL,
	      "lock_wait_ns histogram");
	metric_set_free(&ms);
	ksyms_free(&ks);

	/* kptr_restrict: every address 0, nothing resolves, nothing crashes */
	CHECK(ksyms_load(&ks, hidden) == 0 && ks.restricted, "restricted kallsyms");
	ksyms_format(&ks, 0xffffffff81200375ULL, b, sizeof(b));
	CHECK(!strcmp(b, "0xffffffff81200375"), "raw address when restricted");
	CHECK(ksyms_addr(&ks, "zswap_store") == 0, "no address when restricted");
	lock_data_classify(&d, &ks, NULL);
	CHECK(!d.symbols && d.e[0].v.op == ZOP_NONE && d.e[0].caller[0] == '0',
	      "unattributed without symbols (caller %s)", d.e[0].caller);
	ksyms_free(&ks);
	lock_trees_free(&t);
	lock_data_free(&d);
	unlink(ok);
	unlink(hidden);
	free(ok);
	free(hidden);
}

/*
 * Sampled by address: one address's 100 unwalked contentions (stackless)
 * spread over its two walked stacks, slot by slot; the address keeps its
 * exact count, wait, histogram and max; an address never walked keeps
 * its stackless entry.
 */
static void test_spread(void)
{
	static const unsigned long long st_a[LS_STACK_DEPTH] = { 0xffffffff81100010ULL };
	static const unsigned long long st_b[LS_STACK_DEPTH] = { 0xffffffff81100020ULL };
	const unsigned long long lock = 0xffff888100000000ULL, cold = 0xffff888100000080ULL;
	unsigned long long s_z[LS_HIST_SLOTS] = {}, s_a[LS_HIST_SLOTS] = {};
	unsigned long long s_b[LS_HIST_SLOTS] = {}, s_c[LS_HIST_SLOTS] = {};
	unsigned long long n = 0, t = 0, slot6 = 0, slot9 = 0, slot12 = 0;
	const struct lock_entry *a, *b;
	struct lock_data d = {};

	s_z[6] = 60;	/* 64..127 ns: 60 unwalked */
	s_z[9] = 30;	/* 512..1023 ns: 30 */
	s_z[12] = 10;	/* 4096..8191 ns: none walked waited this long */
	s_a[6] = 3;	/* stack a: 3 short waits */
	s_b[6] = 2;	/* stack b: 2 short, 2 longer */
	s_b[9] = 2;
	s_c[6] = 5;
	lock_data_add(&d, lock, NULL, LCB_F_MUTEX, 100, 80000, 8000, s_z);
	lock_data_add(&d, lock, st_a, LCB_F_MUTEX, 3, 300, 100, s_a);
	lock_data_add(&d, lock, st_b, LCB_F_MUTEX, 4, 1500, 900, s_b);
	lock_data_add(&d, cold, NULL, LCB_F_SPIN, 5, 500, 100, s_c);
	lock_data_spread(&d, NULL);
	CHECK(d.n == 3, "the stackless entry of a walked address is gone (%zu)", d.n);
	for (size_t i = 0; i < d.n; i++) {
		if (d.e[i].lock != lock)
			continue;
		n += d.e[i].count;
		t += d.e[i].total_ns;
		slot6 += d.e[i].h.slots[6];
		slot9 += d.e[i].h.slots[9];
		slot12 += d.e[i].h.slots[12];
	}
	CHECK(n == 107 && t == 81800 && slot6 == 65 && slot9 == 32 && slot12 == 10,
	      "the address keeps its exact figures (%llu %llu %llu %llu %llu)",
	      n, t, slot6, slot9, slot12);
	a = lock_data_find(&d, lock, st_a);
	b = lock_data_find(&d, lock, st_b);
	CHECK(a && b && a->estimated && b->estimated && a->walked == 3 && b->walked == 4,
	      "both walked stacks estimated, from their 3 and 4 walks");
	/* every slot by the walked counts 3:4, largest remainder first */
	CHECK(a && b && a->h.slots[6] == 3 + 26 && b->h.slots[6] == 2 + 34 &&
	      a->h.slots[9] == 13 && b->h.slots[9] == 2 + 17 &&
	      a->h.slots[12] == 4 && b->h.slots[12] == 6 && a->count == 46,
	      "spread slot by slot (a: %llu/%llu/%llu)", a ? a->h.slots[6] : 0,
	      a ? a->h.slots[9] : 0, a ? a->h.slots[12] : 0);
	CHECK(a && b && b->max_ns == 8000 && b->h.sum == (double)b->total_ns,
	      "the address's max goes to its top caller");
	a = lock_data_find(&d, cold, NULL);
	CHECK(a && a->count == 5 && !a->estimated, "an address never walked is kept");
	/* a: zswap's store, b: not zswap's: the class split is an estimate */
	for (size_t i = 0; i < d.n; i++) {
		d.e[i].v.cls = LC_ZPOOL;
		d.e[i].v.op = d.e[i].nframes && d.e[i].ips[0] == st_a[0] ? ZOP_STORE : ZOP_NONE;
		snprintf(d.e[i].caller, sizeof(d.e[i].caller), "zs_malloc+0x1%zu", i);
	}
	lock_data_mark_shared(&d);
	a = lock_data_find(&d, lock, st_a);
	b = lock_data_find(&d, cold, NULL);
	CHECK(a && a->class_shared && a->caller_shared, "a shared address's split is estimated");
	CHECK(b && !b->class_shared && !b->caller_shared, "an address never walked is exact");
	lock_data_free(&d);
}

/*
 * One read of a lock: z unwalked, a and b walked on two stacks (forced_a
 * of a's walks not at random), 100 ns each, sampled 1 in every.
 */
static void read_two(struct lock_data *d, struct lock_data *given,
		     const unsigned long long *st_a, const unsigned long long *st_b,
		     unsigned long long z, unsigned long long a, unsigned long long b,
		     unsigned long long forced_a, unsigned int every)
{
	const unsigned long long lock = 0xffff888100000000ULL;
	unsigned long long s_z[LS_HIST_SLOTS] = {}, s_a[LS_HIST_SLOTS] = {};
	unsigned long long s_b[LS_HIST_SLOTS] = {};
	struct lock_entry *e;

	s_z[6] = z;
	s_a[6] = a;
	s_b[6] = b;
	lock_data_free(d);
	d->sample_every = every;
	lock_data_add(d, lock, NULL, 0, z, z * 100, 100, s_z);
	e = lock_data_add(d, lock, st_a, 0, a, a * 100, 100, s_a);
	if (e)
		e->forced = forced_a;
	lock_data_add(d, lock, st_b, 0, b, b * 100, 100, s_b);
	lock_data_spread(d, given);
}

/* The counts read_two() left on stacks a and b (0 where one is missing). */
static void counts_of(struct lock_data *d, const unsigned long long *st_a,
		      const unsigned long long *st_b, unsigned long long *ca,
		      unsigned long long *cb)
{
	const unsigned long long lock = 0xffff888100000000ULL;
	const struct lock_entry *a = lock_data_find(d, lock, st_a);
	const struct lock_entry *b = lock_data_find(d, lock, st_b);

	*ca = a ? a->count : 0;
	*cb = b ? b->count : 0;
}

static void read_live(struct lock_data *d, struct lock_data *given,
		      const unsigned long long *st_a, const unsigned long long *st_b,
		      unsigned long long z, unsigned long long a, unsigned long long b)
{
	read_two(d, given, st_a, st_b, z, a, b, 0, 1);
}

/*
 * Live reads of one window: the second read's unwalked contentions are
 * spread on top of what the first gave, so no estimate shrinks even when
 * the walked stacks' weights turn around, and they go by the walks made
 * since the first read (the interval's mix), or by all walks when the
 * interval has none.
 */
static void test_spread_live(void)
{
	static const unsigned long long st_a[LS_STACK_DEPTH] = { 0xffffffff81100010ULL };
	static const unsigned long long st_b[LS_STACK_DEPTH] = { 0xffffffff81100020ULL };
	const unsigned long long lock = 0xffff888100000000ULL;
	struct lock_data d = {}, given = {};
	const struct lock_entry *a, *b;
	unsigned long long a1, b1;

	read_live(&d, &given, st_a, st_b, 90, 9, 1);
	a1 = lock_data_find(&d, lock, st_a)->count;
	b1 = lock_data_find(&d, lock, st_b)->count;
	CHECK(a1 == 90 && b1 == 10, "first read 9:1 (%llu %llu)", a1, b1);
	/* 100 more unwalked; now b has most walks */
	read_live(&d, &given, st_a, st_b, 190, 9, 21);
	a = lock_data_find(&d, lock, st_a);
	b = lock_data_find(&d, lock, st_b);
	CHECK(a && b && a->count >= a1 && b->count >= b1 && a->count + b->count == 220 &&
	      a->total_ns + b->total_ns == 22000,
	      "second read: none shrinks, the address stays exact (%llu %llu)",
	      a ? a->count : 0, b ? b->count : 0);
	/* the 20 walks since the first read are all b's: the 100 new ones too */
	counts_of(&d, st_a, st_b, &a1, &b1);
	CHECK(a1 == 9 + 81 && b1 == 21 + 9 + 100,
	      "the 100 new ones by the interval's walks (%llu %llu)", a1, b1);
	/* 300 more and no walk since: by all the walks, 9:21, 90 and 210 */
	read_live(&d, &given, st_a, st_b, 490, 9, 21);
	counts_of(&d, st_a, st_b, &a1, &b1);
	CHECK(a1 == 9 + 81 + 90 && b1 == 21 + 109 + 210,
	      "third read, no walk since: by all the walks (%llu %llu)", a1, b1);
	/* 100 more, a walked 10 since: all a's, whatever the whole says */
	read_live(&d, &given, st_a, st_b, 590, 19, 21);
	counts_of(&d, st_a, st_b, &a1, &b1);
	CHECK(a1 == 19 + 171 + 100 && b1 == 21 + 319,
	      "fourth read: the mix turned to a, so do the new ones (%llu %llu)",
	      a1, b1);
	lock_data_free(&d);
	lock_data_free(&given);
}

/*
 * Sampling 1 in 64: a walk at random stands for 64 contentions, an
 * address's first walk (forced) for itself, whichever caller took it.
 */
static void test_spread_weights(void)
{
	static const unsigned long long st_a[LS_STACK_DEPTH] = { 0xffffffff81100010ULL };
	static const unsigned long long st_b[LS_STACK_DEPTH] = { 0xffffffff81100020ULL };
	struct lock_data d = {};
	unsigned long long a, b;

	/* a: one walk, the address's first; b: two at random */
	read_two(&d, NULL, st_a, st_b, 1290, 1, 2, 1, 64);
	counts_of(&d, st_a, st_b, &a, &b);
	/* weights 1 and 2 * 64: 1290 shared 10 and 1280 */
	CHECK(a == 1 + 10 && b == 2 + 1280,
	      "first walk weighs 1, walks at random 64 each (%llu %llu)", a, b);
	lock_data_free(&d);
}

/*
 * An address whose walks showed no zswap frame is walked 1 in 1024: such
 * a walk (rare) stands for 1024 contentions, the others for 64.
 */
static void test_spread_rare_weights(void)
{
	static const unsigned long long st_a[LS_STACK_DEPTH] = { 0xffffffff81100010ULL };
	static const unsigned long long st_b[LS_STACK_DEPTH] = { 0xffffffff81100020ULL };
	const unsigned long long lock = 0xffff888100000000ULL;
	unsigned long long s_z[LS_HIST_SLOTS] = {}, s_a[LS_HIST_SLOTS] = {};
	unsigned long long s_b[LS_HIST_SLOTS] = {}, a, b;
	struct lock_data d = { .sample_every = 64, .other_every = 1024 };
	struct lock_entry *e;

	/* a: the address's first walk and one rare; b: one at random after */
	s_z[6] = 1089;
	s_a[6] = 2;
	s_b[6] = 1;
	lock_data_add(&d, lock, NULL, 0, 1089, 108900, 100, s_z);
	e = lock_data_add(&d, lock, st_a, 0, 2, 200, 100, s_a);
	CHECK(e != NULL, "stack a added");
	if (e) {
		e->forced = 1;
		e->rare = 1;
	}
	lock_data_add(&d, lock, st_b, 0, 1, 100, 100, s_b);
	lock_data_spread(&d, NULL);
	counts_of(&d, st_a, st_b, &a, &b);
	/* weights 1 + 1024 and 64: 1089 shared 1025 and 64 */
	CHECK(a == 2 + 1025 && b == 1 + 64,
	      "a rare walk weighs 1024, one at random 64 (%llu %llu)", a, b);
	lock_data_free(&d);
}

/*
 * The gate: the hash moves with any zswp*, pswp* or Zswapped value and
 * with nothing else; it starts detached, attaches at the first move and
 * detaches after idle_ns still.
 */
static void test_gate(void)
{
	const char *vm = "nr_free_pages 100\npswpin 5\npswpout 7\nzswpin 1\n"
			 "zswpout 2\nzswpwb 0\nnr_dirty 4\n";
	const char *vm_free = "nr_free_pages 99\npswpin 5\npswpout 7\nzswpin 1\n"
			      "zswpout 2\nzswpwb 0\nnr_dirty 5\n";
	const char *vm_store = "nr_free_pages 100\npswpin 5\npswpout 7\nzswpin 1\n"
			       "zswpout 3\nzswpwb 0\nnr_dirty 4\n";
	const char *mi = "MemTotal: 1000 kB\nZswap: 40 kB\nZswapped: 120 kB\n";
	const char *mi_inval = "MemTotal: 1000 kB\nZswap: 40 kB\nZswapped: 116 kB\n";
	unsigned long long h = lock_gate_sig(vm, mi), ms = 1000000ULL;
	struct lock_gate g;

	CHECK(lock_gate_sig(vm_free, mi) == h, "gate: other vmstat lines do not move it");
	CHECK(lock_gate_sig(vm_store, mi) != h, "gate: a store (zswpout) moves it");
	CHECK(lock_gate_sig(vm, mi_inval) != h, "gate: an invalidation (Zswapped) moves it");
	CHECK(lock_gate_sig(NULL, NULL) == lock_gate_sig("", ""),
	      "gate: unreadable files hash as empty ones");

	CHECK(lock_gate_init_sig(&g, 1000 * ms, h, 1 * ms) && g.detached_at,
	      "gate: starts detached");
	CHECK(lock_gate_step(&g, h, 20 * ms) == LG_NONE, "gate: still: stays detached");
	CHECK(lock_gate_step(&g, h + 1, 40 * ms) == LG_ATTACH, "gate: traffic: attach");
	lock_gate_attached(&g, 41 * ms);
	CHECK(lock_gate_step(&g, h + 1, 1039 * ms) == LG_NONE, "gate: still within 1 s");
	CHECK(lock_gate_step(&g, h + 1, 1040 * ms) == LG_DETACH, "gate: 1 s idle: detach");
	lock_gate_detached(&g, 1040 * ms);
	CHECK(lock_gate_step(&g, h + 1, 3000 * ms) == LG_NONE, "gate: no second detach");
	CHECK(lock_gate_step(&g, h + 2, 3020 * ms) == LG_ATTACH, "gate: traffic again: attach");
	lock_gate_attached(&g, 3021 * ms);
	CHECK(g.attaches == 2 && g.detached_ns == (40 + 1981) * ms,
	      "gate: 2.021 s detached, attached twice (%llu ns, %u)",
	      g.detached_ns, g.attaches);
	CHECK(lock_gate_step(&g, h + 2, 3500 * ms) == LG_NONE,
	      "gate: idle again for 0.5 s: attached");
	CHECK(lock_gate_step(&g, h + 2, 4020 * ms) == LG_DETACH, "gate: 1 s: detach again");
	lock_gate_detached(&g, 4020 * ms);
	CHECK(lock_gate_detached_ns(&g, 5020 * ms) == (2021 + 1000) * ms,
	      "gate: detached at the window's end counts up to it");

	CHECK(!lock_gate_init_sig(&g, 1000 * ms, lock_gate_sig("", ""), 0) &&
	      !g.idle_ns && !g.detached_at,
	      "gate: no swap counter readable: attached for good");
	CHECK(!lock_gate_init(&g, 0, 0) && !g.polls && !g.detached_at,
	      "gate: idle_ns 0 starts attached, without a poll");
	CHECK(lock_gate_poll(&g, 5000 * ms) == LG_NONE && !g.polls,
	      "gate: idle_ns 0 never polls nor detaches");
}

void test_lockstat(void)
{
	test_gate();
	test_sym_helpers();
	test_source_stacks();
	test_fixtures();
	test_pending();
	test_percentiles();
	test_spread();
	test_spread_live();
	test_spread_weights();
	test_spread_rare_weights();
	test_zspage_group();
	test_trees();
	test_ksyms_and_classify();
}
