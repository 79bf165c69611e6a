// SPDX-License-Identifier: GPL-2.0
/*
 * The core metrics' evaluation (metric_eval.c) over hand-made windows:
 * every planned metric's value from hooks (fentry everywhere) and from
 * the kernel's counter files alone (no hook attaches), ratios and their
 * empty windows, levels, per-cgroup counts, reject reasons, histograms.
 */
#include <stdio.h>
#include "metric_eval.h"
#include "metric_expect.h"

static bool with_hooks;

static bool cap_fentry(void *ctx, const char *func, char *why, size_t len)
{
	snprintf(why, len, "refused in this test");
	return with_hooks;
}

static bool cap_kprobe(void *ctx, const char *func, char *why, size_t len)
{
	snprintf(why, len, "refused in this test");
	return false;
}

static bool cap_tp(void *ctx, const char *tp, char *why, size_t len)
{
	snprintf(why, len, "absent in this test");
	return with_hooks;
}

static bool cap_ksym(void *ctx, const char *sym)
{
	return true;
}

static bool cap_counter(void *ctx, const char *name)
{
	return true;
}

static void plan_for(struct zs_plan *p, bool hooks)
{
	struct zs_caps caps = {
		.fentry = cap_fentry, .kprobe = cap_kprobe, .tp = cap_tp,
		.ksym = cap_ksym, .counter = cap_counter, .cgroup_events = true,
	};

	with_hooks = hooks;
	plan_make(p, &caps);
}

static const char *vmstat_before = "zswpout 1000\nzswpin 50\nzswpwb 10\n"
	"pswpin 5\npswpout 20\n";
static const char *vmstat_after = "zswpout 1700\nzswpin 80\nzswpwb 60\n"
	"pswpin 9\npswpout 90\n";

static void snapshots(struct zs_snapshot *b, struct zs_snapshot *a)
{
	memset(b, 0, sizeof(*b));
	memset(a, 0, sizeof(*a));
	parse_key_value(vmstat_before, &b->vmstat);
	parse_key_value(vmstat_after, &a->vmstat);
	kvset_set(&b->debugfs, "reject_compress_poor", 100);
	kvset_set(&a->debugfs, "reject_compress_poor", 130);
	kvset_set(&b->debugfs, "reject_alloc_fail", 0);
	kvset_set(&a->debugfs, "reject_alloc_fail", 0);
	kvset_set(&b->debugfs, "pool_limit_hit", 7);
	kvset_set(&a->debugfs, "pool_limit_hit", 77);
	kvset_set(&b->debugfs, "written_back_pages", 10);
	kvset_set(&a->debugfs, "written_back_pages", 60);
	kvset_set(&a->debugfs, "stored_pages", 1000);
	kvset_set(&a->debugfs, "pool_total_size", 1024000);
	parse_key_value("zswpout 11\nzswpin 2\nzswpwb 0\n", &b->memory_stat);
	parse_key_value("zswpout 41\nzswpin 5\nzswpwb 3\n", &a->memory_stat);
	b->has_debugfs = a->has_debugfs = true;
	b->has_cgroup = a->has_cgroup = true;
}

static void test_hooked(void)
{
	struct zs_snapshot before, after;
	struct zs_plan plan;
	struct metric_set ms = {};
	struct metric_window w = {
		.plan = &plan, .cgroup = "/sys/fs/cgroup/t", .cgroup_counted = true,
		.compressor = "lzo", .before = &before, .after = &after,
	};
	const struct hist_metric *h;

	plan_for(&plan, true);
	snapshots(&before, &after);
	w.ctr[ZC_STORE_CALLS] = 800;
	w.ctr[ZC_STORE_SUCCESS] = 600;
	w.ctr[ZC_STORE_REJECT] = 200;
	w.ctr[ZC_LOAD_CALLS] = 40;
	w.ctr[ZC_LOAD_HITS] = 30;
	w.ctr[ZC_WB_SUCCESS] = 50;
	w.ctr[ZC_WB_FAIL] = 2;
	w.ctr[ZC_SHRINK_WORKER] = 9;
	w.ctr[ZC_SHRINK_MEMCG] = 12;
	w.ctr[ZC_SHRINKER_SCAN] = 4;
	w.ctr[ZC_SHRINKER_FREED] = 44;
	w.ctr[ZC_BIO_WRITEBACK] = 25;
	w.ctr[ZC_PAGES_WRITEBACK] = 50;
	w.ctr[ZC_RINGBUF_DROPS] = 3;
	w.ctr[ZC_CGROUP_MAP_FULL] = 5;
	w.ctr[ZC_TASK_MAP_FULL] = 2;
	w.cg = (struct zs_cgroup_counts){ .zswpout = 31, .zswpin = 4, .zswpwb = 2 };
	w.hist[ZH_STORE_LAT].slots[12] = 800;
	w.hist[ZH_STORE_LAT].sum = 800 * 5000;
	w.hist[ZH_PPB_WRITEBACK].slots[2] = 25;
	w.hist[ZH_WB_LAT].slots[15] = 52;
	w.hist[ZH_WB_LAT].sum = 52 * 40000;
	w.ctr[ZC_INVALIDATE] = 640;
	w.hist[ZH_COMPRESS_LAT].slots[13] = 590;
	w.hist[ZH_COMPRESS_LAT].sum = 590 * 9000;
	w.hist[ZH_DECOMPRESS_LAT].slots[11] = 70;
	w.hist[ZH_DECOMPRESS_LAT].sum = 70 * 3000;
	w.hist[ZH_COMPRESSED_BYTES].slots[10] = 580;
	w.hist[ZH_COMPRESSED_BYTES].slots[12] = 10;
	w.hist[ZH_COMPRESSED_BYTES].sum = 580 * 1100 + 10 * 4100;
	CHECK(!metric_eval(&w, &ms), "evaluated");
	EXPECT_NAMES_KNOWN(&ms);

	EXPECT(&ms, "store_calls", 800);
	EXPECT(&ms, "store_success", 600);
	EXPECT(&ms, "store_reject", 200);
	EXPECT(&ms, "reject_rate", 0.25);
	EXPECT(&ms, "load_calls", 40);
	EXPECT(&ms, "load_hits", 30);
	EXPECT(&ms, "written_back_pages", 50);
	EXPECT(&ms, "writeback_failures", 2);
	EXPECT(&ms, "shrink_worker_wakeups", 9);
	EXPECT(&ms, "shrink_memcg_calls", 12);
	EXPECT(&ms, "shrinker_scan_calls", 4);
	EXPECT(&ms, "shrinker_freed", 44);
	EXPECT(&ms, "swap_write_bios{origin=writeback}", 25);
	EXPECT(&ms, "swap_write_pages{origin=writeback}", 50);
	EXPECT(&ms, "pages_per_bio{origin=writeback}", 2);
	EXPECT_NA(&ms, "pages_per_bio{origin=reclaim}", "no reclaim bios in the window");
	/* counter-only metrics beside the hooked ones */
	EXPECT(&ms, "pool_limit_hit", 70);
	EXPECT(&ms, "pool_bytes", 1024000);
	EXPECT(&ms, "stored_pages", 1000);
	EXPECT(&ms, "compression_ratio", 4.0);
	EXPECT(&ms, "zswpout", 700);
	EXPECT(&ms, "pswpout", 70);
	EXPECT(&ms, "cgroup_zswpout{cgroup=/sys/fs/cgroup/t}", 31);
	EXPECT(&ms, "cgroup_zswpin{cgroup=/sys/fs/cgroup/t}", 4);
	EXPECT(&ms, "cgroup_zswpwb{cgroup=/sys/fs/cgroup/t}", 2);
	EXPECT(&ms, "reject_compress_poor", 30);
	EXPECT(&ms, "reject_alloc_fail", 0);
	EXPECT(&ms, "ringbuf_drops", 3);
	EXPECT(&ms, "map_full_drops", 7);	/* both maps */
	/* latencies with a source are histograms only */
	CHECK(!metric_set_find(&ms, "store_latency_ns"), "latency: histogram only");
	h = metric_set_find_hist(&ms, "store_latency_ns");
	CHECK(h && hist_count(&h->h) == 800 && h->h.sum == 800 * 5000 &&
	      h->id.fam == metric_family(MF_STORE_LATENCY),
	      "store latency histogram from its slot");
	h = metric_set_find_hist(&ms, "writeback_latency_ns");
	CHECK(h && hist_count(&h->h) == 52 && h->h.kind == HIST_LOG2 &&
	      h->src == SRC_FENTRY, "writeback latency histogram from its slot");
	h = metric_set_find_hist(&ms, "pages_per_bio{origin=writeback}");
	CHECK(h && h->h.kind == HIST_LINEAR && h->h.slots[2] == 25,
	      "pages per writeback bio histogram, linear");
	/* the crypto calls, by the compressor the window names */
	EXPECT(&ms, "invalidate_calls", 640);
	h = metric_set_find_hist(&ms, "compress_latency_ns{compressor=lzo}");
	CHECK(h && hist_count(&h->h) == 590 && h->h.kind == HIST_LOG2 &&
	      h->src == SRC_FENTRY &&
	      h->id.fam == metric_family(MF_COMPRESS_LATENCY),
	      "compress latency histogram, labelled by the compressor");
	h = metric_set_find_hist(&ms, "decompress_latency_ns{compressor=lzo}");
	CHECK(h && hist_count(&h->h) == 70 && h->h.sum == 70 * 3000,
	      "decompress latency histogram from its slot");
	h = metric_set_find_hist(&ms, "compressed_bytes{compressor=lzo}");
	CHECK(h && hist_count(&h->h) == 590 &&
	      h->h.sum == 580 * 1100 + 10 * 4100,
	      "compressed bytes: one sample a compression, the lengths' sum");
	CHECK(!metric_set_find_hist(&ms, "compress_latency_ns"),
	      "no unlabelled compress histogram beside the labelled one");
	/* identities are the rows', labels structured */
	CHECK(metric_set_find(&ms, "reject_compress_poor")->id.fam ==
	      metric_family(MF_REJECT), "reject_<reason> family");
	metric_set_free(&ms);

	/* an empty window: ratios n/a with the row's reason */
	memset(w.ctr, 0, sizeof(w.ctr));
	CHECK(!metric_eval(&w, &ms), "evaluated");
	EXPECT_NA(&ms, "reject_rate", "no stores in the window");
	EXPECT_NA(&ms, "pages_per_bio{origin=writeback}",
		  "no writeback bios in the window");
	metric_set_free(&ms);
	/* no --cgroup: no per-cgroup metric at all */
	w.cgroup = NULL;
	CHECK(!metric_eval(&w, &ms) &&
	      !metric_set_find(&ms, "cgroup_zswpout{cgroup=/sys/fs/cgroup/t}") &&
	      !metric_set_find(&ms, "cgroup_zswpout"), "no cgroup metrics");
	metric_set_free(&ms);
	plan_free(&plan);
	snapshot_free(&before);
	snapshot_free(&after);
}

static void test_counters_only(void)
{
	struct zs_snapshot before, after;
	struct zs_plan plan;
	struct metric_set ms = {};
	struct metric_window w = {
		.plan = &plan, .cgroup = "/sys/fs/cgroup/t",
		.before = &before, .after = &after,
	};

	plan_for(&plan, false);
	snapshots(&before, &after);
	CHECK(!metric_eval(&w, &ms), "evaluated");
	EXPECT_NAMES_KNOWN(&ms);
	/* stores = zswpout + every reject_* + pool_limit_hit (refused) */
	EXPECT(&ms, "store_calls", 700 + 30 + 70);
	EXPECT(&ms, "store_success", 700);
	EXPECT(&ms, "store_reject", 30 + 70);
	EXPECT(&ms, "reject_rate", 100.0 / 800);
	EXPECT(&ms, "load_hits", 30);
	EXPECT(&ms, "written_back_pages", 50);
	EXPECT(&ms, "cgroup_zswpout{cgroup=/sys/fs/cgroup/t}", 30);
	EXPECT(&ms, "cgroup_zswpwb{cgroup=/sys/fs/cgroup/t}", 3);
	EXPECT_NA(&ms, "load_calls", "refused in this test");
	EXPECT_NA(&ms, "store_latency_ns", "refused in this test");
	EXPECT_NA(&ms, "writeback_latency_ns", "refused in this test");
	EXPECT_NA(&ms, "swap_write_bios{origin=writeback}", "absent in this test");
	/* the crypto calls and invalidations have no counter to fall to */
	EXPECT_NA(&ms, "compress_latency_ns", "refused in this test");
	EXPECT_NA(&ms, "compressed_bytes", "refused in this test");
	EXPECT_NA(&ms, "decompress_latency_ns", "refused in this test");
	EXPECT_NA(&ms, "invalidate_calls", "refused in this test");
	CHECK(!metric_set_find_hist(&ms, "compressed_bytes"),
	      "no compressed_bytes histogram without its hook");
	CHECK(!metric_set_find_hist(&ms, "store_latency_ns"),
	      "no histogram without its hook");
	metric_set_free(&ms);
	/* debugfs gone at the end (unmounted): its counts n/a, never 0 */
	after.has_debugfs = false;
	CHECK(!metric_eval(&w, &ms), "evaluated");
	EXPECT_NA(&ms, "store_calls", "debugfs zswap/ not readable at the end of the window");
	EXPECT_NA(&ms, "store_reject", "debugfs zswap/ not readable at the end of the window");
	EXPECT(&ms, "store_success", 700);
	metric_set_free(&ms);
	after.has_debugfs = true;
	/* the cgroup gone at the end: its memory.stat counts n/a */
	kvset_free(&after.memory_stat);
	memset(&after.memory_stat, 0, sizeof(after.memory_stat));
	after.has_cgroup = false;
	CHECK(!metric_eval(&w, &ms), "evaluated");
	EXPECT_NA(&ms, "cgroup_zswpout{cgroup=/sys/fs/cgroup/t}",
		  "the cgroup's memory.stat not readable at the end of the window");
	metric_set_free(&ms);
	parse_key_value("zswpout 41\nzswpin 5\nzswpwb 3\n", &after.memory_stat);
	after.has_cgroup = true;
	/* an empty pool: the ratio of levels is n/a, with the row's reason */
	kvset_set(&after.debugfs, "pool_total_size", 0);
	CHECK(!metric_eval(&w, &ms), "evaluated");
	EXPECT_NA(&ms, "compression_ratio", "zswap pool is empty");
	metric_set_free(&ms);
	plan_free(&plan);
	snapshot_free(&before);
	snapshot_free(&after);
}

/* BPF counts a swap write bio in its pages-per-bio histogram alone */
static void test_bio_counters(void)
{
	struct zs_hist_slots h[ZH_NR] = {};
	unsigned long long ctr[ZC_NR] = {};

	h[ZH_PPB_WRITEBACK].slots[1] = 7;
	h[ZH_PPB_WRITEBACK].slots[4] = 3;
	h[ZH_PPB_WRITEBACK].slots[ZS_HIST_SLOTS - 1] = 2;	/* 64+ pages */
	h[ZH_PPB_WRITEBACK].sum = 7 + 12 + 2 * 256;
	h[ZH_PPB_RECLAIM].slots[32] = 5;
	h[ZH_PPB_RECLAIM].sum = 5 * 32;
	h[ZH_STORE_LAT].slots[3] = 99;	/* not a bio */
	ctr[ZC_STORE_CALLS] = 11;
	bio_counters_from_hists(h, ctr);
	CHECK(ctr[ZC_BIO_WRITEBACK] == 12, "writeback bios = the slots' sum (%llu)",
	      ctr[ZC_BIO_WRITEBACK]);
	CHECK(ctr[ZC_PAGES_WRITEBACK] == 531, "writeback pages = the histogram's sum (%llu)",
	      ctr[ZC_PAGES_WRITEBACK]);
	CHECK(ctr[ZC_BIO_RECLAIM] == 5 && ctr[ZC_PAGES_RECLAIM] == 160,
	      "reclaim bios and pages (%llu, %llu)", ctr[ZC_BIO_RECLAIM],
	      ctr[ZC_PAGES_RECLAIM]);
	CHECK(ctr[ZC_STORE_CALLS] == 11, "other counters untouched");
}

void test_metric_eval(void)
{
	test_bio_counters();
	test_hooked();
	test_counters_only();
}
