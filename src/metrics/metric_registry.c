// SPDX-License-Identifier: GPL-2.0
/*
 * The metric registry's rows. Function names differ between kernels, so
 * a family's hook sources name hooks (planner.c lists each hook's
 * candidates), richest first, then the kernel's counter files. Prometheus
 * conventions: prefix zswap_, base units (seconds, bytes; pages stay
 * pages, the unit the kernel counts in), _total on counters; ratios of
 * counters are left to recording rules (tools/prometheus/).
 */
#include <stdio.h>
#include <string.h>
#include "metric_registry.h"
#include "zswapstat.h"

#define H_FE(h)		{ SRC_FENTRY, h, NULL, false }
#define H_KP(h)		{ SRC_KPROBE, h, NULL, false }
#define H_TP(h)		{ SRC_TRACEPOINT, h, NULL, false }
#define H_FE_N(h)	{ SRC_FENTRY, h, NULL, true }
#define H_KP_N(h)	{ SRC_KPROBE, h, NULL, true }
#define H_TP_UNLIKE(h, why)	{ SRC_TRACEPOINT, h, NULL, false, why }
#define CTR(name)	{ SRC_COUNTER, HOOK_NR, name, false }
#define HOOKED(h)	H_FE(h), H_KP(h)

#define LOWER(g, w)	{ DIR_LOWER_BETTER, g, w }
#define HIGHER(g, w)	{ DIR_HIGHER_BETTER, g, w }
#define VOLUME		{ DIR_NEUTRAL, false, "workload volume, not a quality" }
#define PROM(n)		{ .name = n }
#define PROM_US(n)	{ .name = n, .scale = 1e-6 }
#define SKIP(why)	{ .skip = why }
#define NO_SLOT		{ -1, -1 }
#define SLOT(c)		{ c, -1 }

/* log2 ns: upper bounds 255 ns .. 17 s; linear pages: 1 .. 62 pages. */
static const int log2_slots[] = { 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
	18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33 };
static const int page_slots[] = { 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 62 };
/* log2 bytes: upper bounds 63 B .. 16 KiB (a page, and a failed store's 2) */
static const int byte_slots[] = { 5, 6, 7, 8, 9, 10, 11, 12, 13 };

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define LATENCY_HIST(n, h)	{ .skip = "a histogram: " n, .hist = n, \
				  .hist_help = h, .scale = 1e-9, \
				  .slots = log2_slots, .nslots = N(log2_slots) }


#define BY_ORIGIN	.label = "origin", .values = { "writeback", "reclaim" }
/*
 * The label keys of a family's metrics, one string per combination
 * records write ("" none); "key=value" pins a key's value there.
 */
#define KEYS(...)	.keys = (const char *const[]){ __VA_ARGS__, NULL }
#define CGROUP		KEYS("cgroup")

/* lock_report_metrics()'s labels: lock_classify.c's names */
static const char *const lock_classes[] = {
	"tree", "xarray", "acomp_mutex", "lru", "zpool", "other", NULL };
static const char *const lock_callers[] = {
	"store", "load", "invalidate", "writeback", "swapoff", "shrink_worker",
	"shrinker", "other", NULL };
static const struct metric_label_values lock_labels[] = {
	{ "lock", lock_classes }, { "caller", lock_callers }, { NULL, NULL } };
#define BY_LOCK		KEYS("lock,caller"), .closed = lock_labels
/* a per-size mTHP counter: mthp_<stat>{size=<N>kB} */
#define MTHP_DIR(id, stat, d, h) [id] = { "mthp_" stat, "folios", MK_COUNT, \
	h, .slot = NO_SLOT, .dir = d, \
	.prom = PROM("zswap_mthp_" stat "_folios_total"), .kv = KV_MTHP, \
	KEYS("size", "") }
#define MTHP(id, stat, h)	MTHP_DIR(id, stat, VOLUME, h)
/* a folio that could not stay this size */
#define MTHP_FB(id, stat, h)	MTHP_DIR(id, stat, \
	LOWER(false, "folios that could not stay this size"), h)
/* zswaptop's rates panel: the line's label and its place there */
#define TOP(l, o, ...)	.top = { .label = { l }, .order = { o }, __VA_ARGS__ }

const struct metric_family metric_families[MF_NR] = {
	[MF_STORE_CALLS] = { "store_calls", "calls", MK_COUNT,
	  "Pages zswap was asked to store (stored plus rejected), since the exporter started.",
	  { HOOKED(HOOK_STORE), CTR("debugfs:reject_compress_poor") },
	  .slot = SLOT(ZC_STORE_CALLS), .dir = VOLUME,
	  .prom = PROM("zswap_store_calls_total"),
	  TOP("stores", 1) },
	[MF_STORE_SUCCESS] = { "store_success", "calls", MK_COUNT,
	  "Stores that kept the page in zswap.",
	  { HOOKED(HOOK_STORE), CTR("vmstat:zswpout") },
	  .slot = SLOT(ZC_STORE_SUCCESS), .dir = VOLUME,
	  .prom = PROM("zswap_store_success_total"),
	  TOP("stored", 2) },
	[MF_STORE_REJECT] = { "store_reject", "calls", MK_COUNT,
	  "Stores zswap refused (all reasons, pool limit included).",
	  { HOOKED(HOOK_STORE), CTR("debugfs:reject_compress_poor") },
	  .slot = SLOT(ZC_STORE_REJECT),
	  .dir = LOWER(false, "stores zswap refused"),
	  .prom = PROM("zswap_store_rejects_total"),
	  TOP("rejected", 3) },
	[MF_REJECT_RATE] = { "reject_rate", "ratio", MK_RATIO,
	  "store_reject / store_calls",
	  { HOOKED(HOOK_STORE), CTR("debugfs:reject_compress_poor") },
	  .slot = NO_SLOT, .num = MF_STORE_REJECT, .den = MF_STORE_CALLS,
	  .empty = "no stores in the window",
	  /* seed 004: reject rate ~36% -> ~24% */
	  .dir = LOWER(true, "fewer stores refused by zswap"),
	  .prom = SKIP("a ratio of two counters: recording rule zswap:reject_ratio:rate5m"),
	  TOP("reject rate", 4, .percent = true) },
	[MF_STORE_LATENCY] = { "store_latency_ns", "ns", MK_HIST,
	  "zswap_store latency.", { HOOKED(HOOK_STORE) }, .slot = NO_SLOT,
	  .hist = true, .hslot = SLOT(ZH_STORE_LAT), .hkind = HIST_LOG2,
	  .dir = LOWER(false, "zswap_store latency"),
	  .prom = LATENCY_HIST("zswap_store_latency_seconds", "zswap_store latency.") },
	[MF_LOAD_CALLS] = { "load_calls", "calls", MK_COUNT, "zswap_load calls.",
	  { HOOKED(HOOK_LOAD) }, .slot = SLOT(ZC_LOAD_CALLS), .dir = VOLUME,
	  .prom = PROM("zswap_load_calls_total"),
	  TOP("loads", 5, .alt_label = "load hits", .alt = MF_LOAD_HITS) },
	[MF_LOAD_HITS] = { "load_hits", "calls", MK_COUNT,
	  "Loads that found the page in zswap.",
	  { HOOKED(HOOK_LOAD), CTR("vmstat:zswpin") },
	  .slot = SLOT(ZC_LOAD_HITS), .dir = VOLUME,
	  .prom = PROM("zswap_load_hits_total") },
	[MF_LOAD_LATENCY] = { "load_latency_ns", "ns", MK_HIST,
	  "zswap_load latency.", { HOOKED(HOOK_LOAD) }, .slot = NO_SLOT,
	  .hist = true, .hslot = SLOT(ZH_LOAD_LAT), .hkind = HIST_LOG2,
	  .dir = LOWER(false, "zswap_load latency"),
	  .prom = LATENCY_HIST("zswap_load_latency_seconds", "zswap_load latency.") },
	[MF_WRITTEN_BACK] = { "written_back_pages", "pages", MK_COUNT,
	  "Pages zswap wrote back to the swap device.",
	  { H_FE_N(HOOK_WB), H_KP_N(HOOK_WB),
	    CTR("debugfs:written_back_pages"), CTR("vmstat:zswpwb") },
	  .slot = SLOT(ZC_WB_SUCCESS), .dir = VOLUME,
	  .prom = PROM("zswap_written_back_pages_total"),
	  TOP("writebacks", 6, .alt_label = "zswpwb", .alt = MF_ZSWPWB) },
	[MF_WRITEBACK_FAILURES] = { "writeback_failures", "calls", MK_COUNT,
	  "zswap_writeback_entry calls that failed.",
	  { H_FE_N(HOOK_WB), H_KP_N(HOOK_WB) }, .slot = SLOT(ZC_WB_FAIL),
	  .dir = LOWER(false, "failed writebacks"),
	  .prom = PROM("zswap_writeback_failures_total"),
	  TOP("wb failures", 7) },
	[MF_WRITEBACK_LATENCY] = { "writeback_latency_ns", "ns", MK_HIST,
	  "Time zswap took to write one entry back to the swap device.",
	  { HOOKED(HOOK_WB) }, .slot = NO_SLOT,
	  .hist = true, .hslot = SLOT(ZH_WB_LAT), .hkind = HIST_LOG2,
	  .dir = LOWER(false, "zswap writeback latency"),
	  .prom = LATENCY_HIST("zswap_writeback_latency_seconds",
			       "Time zswap took to write one entry back to the swap device.") },
	/* seed 004: shrink_worker wakeups 5,363 -> 85 */
	[MF_SHRINK_WORKER_WAKEUPS] = { "shrink_worker_wakeups", "calls", MK_COUNT,
	  "Runs of zswap's shrink_worker (pool limit writeback).",
	  { HOOKED(HOOK_WORKER), H_TP(HOOK_WORKER) },
	  .slot = SLOT(ZC_SHRINK_WORKER), .dir = LOWER(false, "shrink_worker runs"),
	  .prom = PROM("zswap_shrink_worker_wakeups_total"),
	  TOP("shrink_worker", 8) },
	[MF_SHRINK_MEMCG_CALLS] = { "shrink_memcg_calls", "calls", MK_COUNT,
	  "shrink_memcg calls.", { HOOKED(HOOK_SHRINK_MEMCG) },
	  .slot = SLOT(ZC_SHRINK_MEMCG), .dir = LOWER(false, "shrink_memcg calls"),
	  .prom = PROM("zswap_shrink_memcg_calls_total"),
	  TOP("shrink_memcg", 9) },
	[MF_SHRINKER_SCAN_CALLS] = { "shrinker_scan_calls", "calls", MK_COUNT,
	  "scan_objects calls of the zswap shrinker.",
	  { HOOKED(HOOK_SCAN), H_TP_UNLIKE(HOOK_SCAN,
	    "mm_shrink_slab_start fires once per shrink_slab pass, which makes "
	    "zero or more scan calls: see shrinker_slab_passes") },
	  .slot = SLOT(ZC_SHRINKER_SCAN), .dir = LOWER(false, "zswap shrinker scans"),
	  .prom = PROM("zswap_shrinker_scans_total"),
	  TOP("shrinker scans", 10) },
	[MF_SHRINKER_SLAB_PASSES] = { "shrinker_slab_passes", "calls", MK_COUNT,
	  "shrink_slab passes over the zswap shrinker (each makes zero or more scans).",
	  { H_TP(HOOK_SCAN) }, .slot = SLOT(ZC_SHRINKER_SCAN),
	  .dir = LOWER(false, "shrink_slab passes over zswap"),
	  .prom = PROM("zswap_shrinker_slab_passes_total") },
	[MF_SHRINKER_FREED] = { "shrinker_freed", "pages", MK_COUNT,
	  "Entries the zswap shrinker freed.",
	  { HOOKED(HOOK_SCAN), H_TP(HOOK_SCAN) },
	  .slot = SLOT(ZC_SHRINKER_FREED), .dir = VOLUME,
	  .prom = PROM("zswap_shrinker_freed_pages_total"),
	  TOP("shrinker freed", 11) },
	[MF_POOL_LIMIT_HIT] = { "pool_limit_hit", "events", MK_COUNT,
	  "Stores that found the zswap pool at its limit.",
	  { CTR("debugfs:pool_limit_hit") }, .slot = NO_SLOT,
	  .dir = LOWER(false, "stores that found the pool full"),
	  .prom = PROM("zswap_pool_limit_hits_total") },
	[MF_POOL_BYTES] = { "pool_bytes", "bytes", MK_LEVEL,
	  "Size of the compressed zswap pool (debugfs pool_total_size).",
	  { CTR("debugfs:pool_total_size") }, .slot = NO_SLOT, .dir = VOLUME,
	  .prom = PROM("zswap_pool_bytes"), .sampled = true },
	[MF_STORED_PAGES] = { "stored_pages", "pages", MK_LEVEL,
	  "Pages held by zswap (debugfs stored_pages).",
	  { CTR("debugfs:stored_pages") }, .slot = NO_SLOT, .dir = VOLUME,
	  .prom = PROM("zswap_stored_pages"), .sampled = true },
	[MF_COMPRESSION_RATIO] = { "compression_ratio", "ratio", MK_RATIO,
	  "Stored bytes over pool bytes, now.",
	  { CTR("debugfs:pool_total_size") }, .slot = NO_SLOT,
	  .num = MF_STORED_PAGES, .den = MF_POOL_BYTES, .ratio_scale = 4096,
	  .empty = "zswap pool is empty",
	  .dir = HIGHER(false, "stored bytes per pool byte"),
	  .prom = PROM("zswap_compression_ratio") },
	[MF_SWAP_WRITE_BIOS] = { "swap_write_bios", "bios", MK_COUNT,
	  "Swap write bios, by who issued them (origin: zswap writeback or reclaim).",
	  { H_TP(HOOK_BIO) }, BY_ORIGIN,
	  .slot = { ZC_BIO_WRITEBACK, ZC_BIO_RECLAIM },
	  .dir = LOWER(true, "fewer swap write requests for the work"),
	  .prom = PROM("zswap_swap_write_bios_total"),
	  .top = { .label = { "wb bios", "reclaim bios" }, .order = { 12, 14 } } },
	[MF_SWAP_WRITE_PAGES] = { "swap_write_pages", "pages", MK_COUNT,
	  "Pages in swap write bios, by origin.",
	  { H_TP(HOOK_BIO) }, BY_ORIGIN,
	  KEYS("origin", "cgroup"), .slot = { ZC_PAGES_WRITEBACK, ZC_PAGES_RECLAIM },
	  .dir = LOWER(false, "fewer pages written to the swap device"),
	  .prom = PROM("zswap_swap_write_pages_total") },
	/* seed 000: batching writeback IO raises pages per write request */
	[MF_PAGES_PER_BIO] = { "pages_per_bio", "pages", MK_RATIO,
	  "Pages per swap write bio, by origin.", { H_TP(HOOK_BIO) }, BY_ORIGIN,
	  .slot = NO_SLOT, .num = MF_SWAP_WRITE_PAGES, .den = MF_SWAP_WRITE_BIOS,
	  .hist = true, .hslot = { ZH_PPB_WRITEBACK, ZH_PPB_RECLAIM }, .hkind = HIST_LINEAR,
	  .empty = "no %s bios in the window",
	  .dir = HIGHER(false, "more pages per swap write bio"),
	  .gating_value = "writeback",
	  .value_dir = HIGHER(true, "more pages per writeback bio: fewer, larger IOs"),
	  .prom = { .skip = "a histogram: zswap_swap_write_bio_pages",
		    .hist = "zswap_swap_write_bio_pages",
		    .hist_help = "Pages per swap write bio, by origin.",
		    .slots = page_slots, .nslots = N(page_slots) },
	  .top = { .label = { "wb pages/bio", "rcl pages/bio" }, .order = { 13, 15 } } },
	[MF_PSWPIN] = { "pswpin", "pages", MK_COUNT,
	  "Pages read from swap devices (vmstat pswpin), since the exporter started.",
	  { CTR("vmstat:pswpin") }, .slot = NO_SLOT,
	  .dir = LOWER(false, "pages read back from the swap device"),
	  .prom = PROM("zswap_vmstat_pswpin_pages_total"),
	  TOP("pswpin", 17) },
	[MF_PSWPOUT] = { "pswpout", "pages", MK_COUNT,
	  "Pages written to swap devices (vmstat pswpout), since the exporter started.",
	  { CTR("vmstat:pswpout") }, .slot = NO_SLOT,
	  .dir = LOWER(false, "pages written to the swap device"),
	  .prom = PROM("zswap_vmstat_pswpout_pages_total"),
	  TOP("pswpout", 16) },
	[MF_ZSWPIN] = { "zswpin", "pages", MK_COUNT,
	  "Pages loaded from zswap (vmstat zswpin), since the exporter started.",
	  { CTR("vmstat:zswpin") }, .slot = NO_SLOT, .dir = VOLUME,
	  .prom = PROM("zswap_vmstat_zswpin_pages_total") },
	[MF_ZSWPOUT] = { "zswpout", "pages", MK_COUNT,
	  "Pages stored in zswap (vmstat zswpout), since the exporter started.",
	  { CTR("vmstat:zswpout") }, .slot = NO_SLOT, .dir = VOLUME,
	  .prom = PROM("zswap_vmstat_zswpout_pages_total"),
	  TOP("zswpout", 18) },
	[MF_ZSWPWB] = { "zswpwb", "pages", MK_COUNT,
	  "Pages written back from zswap (vmstat zswpwb), since the exporter started.",
	  { CTR("vmstat:zswpwb") }, .slot = NO_SLOT, .dir = VOLUME,
	  .prom = PROM("zswap_vmstat_zswpwb_pages_total") },
	[MF_CGROUP_ZSWPOUT] = { "cgroup_zswpout", "pages", MK_COUNT,
	  "pages stored by the cgroup",
	  { H_TP(HOOK_MEMCG_EVENTS), CTR("memory.stat:zswpout") },
	  CGROUP, .slot = SLOT(ZC_MEMCG_ZSWPOUT), .dir = VOLUME,
	  .prom = SKIP("per cgroup with --cgroups: zswap_cgroup_stored_pages_total") },
	[MF_CGROUP_ZSWPIN] = { "cgroup_zswpin", "pages", MK_COUNT,
	  "pages loaded by the cgroup",
	  { H_TP(HOOK_MEMCG_EVENTS), CTR("memory.stat:zswpin") },
	  CGROUP, .slot = SLOT(ZC_MEMCG_ZSWPIN), .dir = VOLUME,
	  .prom = SKIP("per cgroup with --cgroups: zswap_cgroup_loaded_pages_total") },
	[MF_CGROUP_ZSWPWB] = { "cgroup_zswpwb", "pages", MK_COUNT,
	  "pages of the cgroup written back",
	  { H_TP(HOOK_MEMCG_EVENTS), CTR("memory.stat:zswpwb") },
	  CGROUP, .slot = SLOT(ZC_MEMCG_ZSWPWB), .dir = VOLUME,
	  .prom = SKIP("per cgroup with --cgroups: zswap_cgroup_written_back_pages_total") },

	/* vmstat beyond zswap's own: zero pages, faults, readahead, THP; a
	 * row of the counter's own name */
#define VMSTAT_ROW(id, key, unit, help, dir_, prom_) \
	[id] = { key, unit, MK_COUNT, help, { CTR("vmstat:" key) }, \
		 .slot = NO_SLOT, .dir = dir_, .prom = PROM(prom_) }
	VMSTAT_ROW(MF_SWPOUT_ZERO, "swpout_zero", "pages",
		   "Zero-filled pages swap-out marked in the zeromap instead of "
		   "storing or writing them (vmstat swpout_zero; 6.12 on).",
		   VOLUME, "zswap_vmstat_swpout_zero_pages_total"),
	VMSTAT_ROW(MF_SWPIN_ZERO, "swpin_zero", "pages",
		   "Zero-filled pages swap-in filled from the zeromap, without zswap "
		   "or the device (vmstat swpin_zero; 6.12 on).",
		   VOLUME, "zswap_vmstat_swpin_zero_pages_total"),
	VMSTAT_ROW(MF_PGMAJFAULT, "pgmajfault", "faults",
		   "Major page faults, which waited for IO (vmstat pgmajfault): "
		   "swap-ins from the device among them, zswap loads not.",
		   LOWER(false, "faults that waited for IO"),
		   "zswap_vmstat_major_faults_total"),
	VMSTAT_ROW(MF_SWAP_RA, "swap_ra", "pages",
		   "Pages swap readahead brought in (vmstat swap_ra).",
		   VOLUME, "zswap_vmstat_swap_ra_pages_total"),
	VMSTAT_ROW(MF_SWAP_RA_HIT, "swap_ra_hit", "pages",
		   "Swap-ins that found the page in the swap cache, read ahead "
		   "(vmstat swap_ra_hit).",
		   VOLUME, "zswap_vmstat_swap_ra_hit_pages_total"),
	VMSTAT_ROW(MF_THP_SWPOUT, "thp_swpout", "folios",
		   "PMD-size THPs swapped out whole (vmstat thp_swpout).",
		   VOLUME, "zswap_vmstat_thp_swpout_folios_total"),
	VMSTAT_ROW(MF_THP_SWPOUT_FALLBACK, "thp_swpout_fallback", "folios",
		   "PMD-size THPs split before swap-out (vmstat thp_swpout_fallback).",
		   LOWER(false, "THPs split to be swapped out"),
		   "zswap_vmstat_thp_swpout_fallback_folios_total"),
	/* reclaim's own vmstat counters: what a series' letter quotes of
	 * the LRU (refaults of pages evicted too early, pages scanned) */
	VMSTAT_ROW(MF_WORKINGSET_REFAULT_ANON, "workingset_refault_anon", "pages",
		   "Anonymous pages faulted back in soon after their eviction "
		   "(vmstat workingset_refault_anon): swap-ins of pages reclaim "
		   "should have kept.",
		   LOWER(false, "evicted pages needed again"),
		   "zswap_vmstat_workingset_refault_anon_pages_total"),
	VMSTAT_ROW(MF_WORKINGSET_REFAULT_FILE, "workingset_refault_file", "pages",
		   "File pages read back soon after their eviction (vmstat "
		   "workingset_refault_file).",
		   LOWER(false, "evicted pages needed again"),
		   "zswap_vmstat_workingset_refault_file_pages_total"),
	VMSTAT_ROW(MF_WORKINGSET_ACTIVATE_ANON, "workingset_activate_anon", "pages",
		   "Refaulted anonymous pages activated at once, their reuse "
		   "distance short (vmstat workingset_activate_anon).",
		   VOLUME, "zswap_vmstat_workingset_activate_anon_pages_total"),
	VMSTAT_ROW(MF_WORKINGSET_ACTIVATE_FILE, "workingset_activate_file", "pages",
		   "Refaulted file pages activated at once (vmstat "
		   "workingset_activate_file).",
		   VOLUME, "zswap_vmstat_workingset_activate_file_pages_total"),
	VMSTAT_ROW(MF_WORKINGSET_RESTORE_ANON, "workingset_restore_anon", "pages",
		   "Refaulted anonymous pages that were active when evicted "
		   "(vmstat workingset_restore_anon).",
		   VOLUME, "zswap_vmstat_workingset_restore_anon_pages_total"),
	VMSTAT_ROW(MF_WORKINGSET_RESTORE_FILE, "workingset_restore_file", "pages",
		   "Refaulted file pages that were active when evicted (vmstat "
		   "workingset_restore_file).",
		   VOLUME, "zswap_vmstat_workingset_restore_file_pages_total"),
	VMSTAT_ROW(MF_PGSCAN_KSWAPD, "pgscan_kswapd", "pages",
		   "Pages kswapd scanned on the LRU lists (vmstat pgscan_kswapd).",
		   VOLUME, "zswap_vmstat_pgscan_kswapd_pages_total"),
	VMSTAT_ROW(MF_PGSCAN_DIRECT, "pgscan_direct", "pages",
		   "Pages direct reclaim scanned, in the allocating task or its "
		   "memory cgroup's limit (vmstat pgscan_direct).",
		   VOLUME, "zswap_vmstat_pgscan_direct_pages_total"),
	VMSTAT_ROW(MF_PGSTEAL_KSWAPD, "pgsteal_kswapd", "pages",
		   "Pages kswapd reclaimed (vmstat pgsteal_kswapd).",
		   VOLUME, "zswap_vmstat_pgsteal_kswapd_pages_total"),
	VMSTAT_ROW(MF_PGSTEAL_DIRECT, "pgsteal_direct", "pages",
		   "Pages direct reclaim reclaimed (vmstat pgsteal_direct).",
		   VOLUME, "zswap_vmstat_pgsteal_direct_pages_total"),
#undef VMSTAT_ROW
	/* debugfs zswap/ files no row above reads by its name */
	[MF_POOL_TOTAL_SIZE] = { "pool_total_size", "bytes", MK_LEVEL,
	  "debugfs pool_total_size: the compressed pool's size (pool_bytes).",
	  { CTR("debugfs:pool_total_size") }, .slot = NO_SLOT, .dir = VOLUME,
	  .prom = SKIP("the same file as zswap_pool_bytes"), .sampled = true },
	[MF_DECOMPRESS_FAIL] = { "decompress_fail", "events", MK_COUNT,
	  "Loads and writebacks whose decompression failed (debugfs "
	  "decompress_fail; 6.18 has it, 6.12 not).",
	  { CTR("debugfs:decompress_fail") }, .slot = NO_SLOT,
	  .dir = LOWER(false, "failed decompressions"),
	  .prom = PROM("zswap_decompress_failures_total") },
	[MF_STORED_INCOMPRESSIBLE] = { "stored_incompressible_pages", "pages",
	  MK_LEVEL, "Pages zswap holds as they are, since they did not "
	  "compress (debugfs stored_incompressible_pages; 6.18 has it).",
	  { CTR("debugfs:stored_incompressible_pages") }, .slot = NO_SLOT,
	  .dir = VOLUME, .prom = PROM("zswap_stored_incompressible_pages"),
	  .sampled = true },
	[MF_SAME_FILLED] = { "same_filled_pages", "pages", MK_LEVEL,
	  "Same-filled pages zswap holds as one word (debugfs "
	  "same_filled_pages; 6.1 has it, 6.12 not).",
	  { CTR("debugfs:same_filled_pages") }, .slot = NO_SLOT, .dir = VOLUME,
	  .prom = PROM("zswap_same_filled_pages"), .sampled = true },
	[MF_DUPLICATE_ENTRY] = { "duplicate_entry", "events", MK_COUNT,
	  "Stores that found an entry of the same swap slot (debugfs "
	  "duplicate_entry; 6.1 has it, 6.12 not).",
	  { CTR("debugfs:duplicate_entry") }, .slot = NO_SLOT, .dir = VOLUME,
	  .prom = PROM("zswap_duplicate_entries_total") },

	/*
	 * zswap_compress is inlined into zswap_store (6.12, 7.3, 6.18), so
	 * the hook is the crypto call it makes (kernel_funcs.c's compress
	 * row), counted only inside a store. The compressor label is the
	 * zswap compressor parameter read at the end of the window.
	 */
	[MF_COMPRESS_LATENCY] = { "compress_latency_ns", "ns", MK_HIST,
	  "Time of one page's compression in a zswap store: the crypto "
	  "compress call (crypto_acomp_compress, or scomp_acomp_compress "
	  "where that is inline), by the zswap compressor parameter at "
	  "record time.",
	  { HOOKED(HOOK_COMPRESS) }, .label = "compressor", KEYS("compressor", ""),
	  .slot = NO_SLOT, .hist = true, .hslot = SLOT(ZH_COMPRESS_LAT),
	  .hkind = HIST_LOG2, .dir = LOWER(false, "compression latency"),
	  .prom = LATENCY_HIST("zswap_compress_latency_seconds",
			       "Time of one page's compression in a zswap store.") },
	[MF_DECOMPRESS_LATENCY] = { "decompress_latency_ns", "ns", MK_HIST,
	  "Time of one entry's decompression in a zswap load or writeback: "
	  "the crypto decompress call, by the zswap compressor parameter at "
	  "record time.",
	  { HOOKED(HOOK_DECOMPRESS) }, .label = "compressor", KEYS("compressor", ""),
	  .slot = NO_SLOT, .hist = true, .hslot = SLOT(ZH_DECOMPRESS_LAT),
	  .hkind = HIST_LOG2, .dir = LOWER(false, "decompression latency"),
	  .prom = LATENCY_HIST("zswap_decompress_latency_seconds",
			       "Time of one entry's decompression in a zswap load or writeback.") },
	[MF_COMPRESSED_BYTES] = { "compressed_bytes", "bytes", MK_HIST,
	  "Length a page compressed to in a zswap store (the crypto call's "
	  "dlen, successful calls only); its sum is the bytes the stores "
	  "charged when every one was kept (memory.stat zswap), a page 7.x "
	  "keeps uncompressed aside.",
	  { HOOKED(HOOK_COMPRESS) }, .label = "compressor", KEYS("compressor", ""),
	  .slot = NO_SLOT, .hist = true, .hslot = SLOT(ZH_COMPRESSED_BYTES),
	  .hkind = HIST_LOG2,
	  .dir = LOWER(false, "bytes a page compresses to"),
	  .prom = { .skip = "a histogram: zswap_compressed_bytes",
		    .hist = "zswap_compressed_bytes",
		    .hist_help = "Length a page compressed to in a zswap store.",
		    .slots = byte_slots, .nslots = N(byte_slots) } },
	[MF_INVALIDATE_CALLS] = { "invalidate_calls", "calls", MK_COUNT,
	  "zswap_invalidate calls: one per swap slot freed, whether zswap "
	  "held it or not (6.1: zswap_frontswap_invalidate_page, called for "
	  "the slots zswap holds only).",
	  { HOOKED(HOOK_INVALIDATE) }, .slot = SLOT(ZC_INVALIDATE),
	  .dir = VOLUME, .prom = PROM("zswap_invalidate_calls_total") },

	/* every reject reason the kernel's debugfs has: reject_<reason> */
	[MF_REJECT] = { "reject_", "calls", MK_COUNT,
	  "Stores zswap refused, by the kernel's debugfs reject_<reason> counter.",
	  .label = "reason", .suffix = true, .slot = NO_SLOT,
	  .dir = LOWER(false, "stores refused for this reason"),
	  .prom = PROM("zswap_rejects_total") },
	[MF_RINGBUF_DROPS] = { "ringbuf_drops", "events", MK_COUNT,
	  "Events the BPF ring buffer had no room for.", .slot = NO_SLOT,
	  .dir = LOWER(false, "events lost by the recorder"),
	  .prom = PROM("zswap_ringbuf_drops_total") },
	[MF_MAP_FULL_DROPS] = { "map_full_drops", "events", MK_COUNT,
	  "Events lost because a BPF map was full (cgroup_counts, cg_bios, "
	  "task_tags).",
	  .slot = NO_SLOT, .dir = LOWER(false, "events lost to a full map"),
	  .prom = PROM("zswap_map_full_drops_total") },
	[MF_BPF_MISSED_RUNS] = { "bpf_missed_runs", "runs", MK_COUNT,
	  "Runs of the recorder's BPF programs that the kernel skipped "
	  "because the same program was already running on that CPU (a "
	  "preempted run; bpf_prog_info.recursion_misses). Each may leave "
	  "one event uncounted or one bio with the wrong origin.",
	  .slot = NO_SLOT, .dir = LOWER(false, "program runs the kernel skipped"),
	  .prom = PROM("zswap_bpf_missed_runs_total") },

	/* seed 001: tree lock contention (zswap-lockstat, record --locks) */
	[MF_LOCK_CONTENTIONS] = { "lock_contentions", "contentions", MK_COUNT,
	  "Lock contentions, by lock class and caller.",
	  /* the totals, always written: their presence says --locks was on */
	  KEYS("lock=any,caller=any", "lock,caller"), .closed = lock_labels,
	  .slot = NO_SLOT, .sparse = true, .sparse_with = MF_LOCK_CONTENTIONS,
	  .dir = LOWER(false, "zswap lock contentions"),
	  .prom = PROM("zswap_lock_contentions_total") },
	[MF_LOCK_FAILURES] = { "lock_failures", "events", MK_COUNT,
	  "Lock contentions the BPF side could not account, by kind.",
	  KEYS("kind"), .slot = NO_SLOT, .dir = LOWER(false, "contentions the tracer lost"),
	  .prom = PROM("zswap_lock_failures_total") },
	[MF_LOCK_WAIT] = { "lock_wait_ns", "ns", MK_HIST,
	  "Time waited for a contended lock, by lock class and caller.",
	  BY_LOCK, .slot = NO_SLOT, .sparse = true,
	  .sparse_with = MF_LOCK_CONTENTIONS, .dir = LOWER(false, "time waiting for zswap locks"),
	  .prom = LATENCY_HIST("zswap_lock_wait_seconds",
			       "Time waited for a contended lock, by lock class and caller.") },
	[MF_LOCK_PENDING] = { "lock_pending_at_end", "contentions", MK_COUNT,
	  "Contentions still waiting when the window ended.", .slot = NO_SLOT,
	  .dir = VOLUME, .prom = SKIP("one-shot reports only") },
	[MF_LOCK_WALKS] = { "lock_stacks_walked", "contentions", MK_COUNT,
	  "Contentions whose kernel stack was walked, by how stacks were chosen "
	  "(walk=by_address: each lock address's first and 1 in every at random, "
	  "the split of contentions by caller estimated from them).",
	  KEYS("walk,every"), .slot = NO_SLOT, .dir = VOLUME,
	  .prom = PROM("zswap_lock_stacks_walked_total") },
	[MF_LOCK_UNTIMED] = { "lock_contentions_untimed", "contentions", MK_COUNT,
	  "Lock contentions counted but not timed, by which locks were timed "
	  "(timed=zswap: zswap's only, the default; timed=all: every lock, "
	  "--all, and this is 0).",
	  KEYS("timed"), .slot = NO_SLOT, .dir = VOLUME,
	  .prom = PROM("zswap_lock_contentions_untimed_total") },

	/* seeds 000 and 002: iocost debt and wait, IO and memory pressure */
	[MF_IOCOST_DEBT] = { "iocost_debt_us", "us", MK_COUNT,
	  "Time the cgroup spent in iocost debt (io.stat cost.indebt).",
	  CGROUP, .slot = NO_SLOT, .dir = LOWER(true, "time the cgroup was in iocost debt"),
	  .prom = PROM_US("zswap_iocost_debt_seconds_total") },
	[MF_IOCOST_WAIT] = { "iocost_wait_us", "us", MK_COUNT,
	  "Time the cgroup's IOs waited for iocost budget (io.stat cost.wait).",
	  CGROUP, .slot = NO_SLOT, .dir = LOWER(false, "time waited for iocost budget"),
	  .prom = PROM_US("zswap_iocost_wait_seconds_total") },
	[MF_IOCOST_INDELAY] = { "iocost_indelay_us", "us", MK_COUNT,
	  "Time the cgroup spent delayed by iocost (io.stat cost.indelay).",
	  CGROUP, .slot = NO_SLOT, .dir = LOWER(false, "iocost delay"),
	  .prom = PROM_US("zswap_iocost_indelay_seconds_total") },
	[MF_IOCOST_USAGE] = { "iocost_usage_us", "us", MK_COUNT,
	  "Device time the cgroup's IOs were charged by iocost (io.stat cost.usage).",
	  CGROUP, .slot = NO_SLOT, .dir = VOLUME,
	  .prom = PROM_US("zswap_iocost_usage_seconds_total") },
	[MF_IO_STAT_COST_INDEBT] = { "io_stat_cost_indebt_us", "us", MK_COUNT,
	  "io.stat cost.indebt of the cgroup.", CGROUP, .slot = NO_SLOT, .dir = VOLUME },
	[MF_IO_STAT_COST_WAIT] = { "io_stat_cost_wait_us", "us", MK_COUNT,
	  "io.stat cost.wait of the cgroup.", CGROUP, .slot = NO_SLOT, .dir = VOLUME },
	[MF_IO_STAT_COST_INDELAY] = { "io_stat_cost_indelay_us", "us", MK_COUNT,
	  "io.stat cost.indelay of the cgroup.", CGROUP, .slot = NO_SLOT, .dir = VOLUME },
	[MF_IO_STAT_COST_USAGE] = { "io_stat_cost_usage_us", "us", MK_COUNT,
	  "io.stat cost.usage of the cgroup.", CGROUP, .slot = NO_SLOT, .dir = VOLUME },
	[MF_IOCOST_FORGIVE] = { "iocost_forgive_events", "events", MK_COUNT,
	  "iocost forgave the cgroup's debt (iocost_iocg_forgive_debt).",
	  CGROUP, .slot = NO_SLOT, .dir = VOLUME,
	  .prom = PROM("zswap_iocost_forgive_events_total") },
	[MF_IOCOST_ACTIVATIONS] = { "iocost_activations", "events", MK_COUNT,
	  "iocost activated the cgroup.", CGROUP, .slot = NO_SLOT, .dir = VOLUME },
	[MF_IOCOST_INUSE_ADJ] = { "iocost_inuse_adjustments", "events", MK_COUNT,
	  "iocost changed the cgroup's inuse weight.", CGROUP, .slot = NO_SLOT,
	  .dir = VOLUME },
	[MF_IOCOST_DELAY_MAX] = { "iocost_delay_max_us", "us", MK_LEVEL,
	  "Largest iocost delay of the cgroup in the window.", CGROUP, .slot = NO_SLOT,
	  .dir = LOWER(false, "iocost delay") },
	[MF_IOCOST_DEBT_MAX] = { "iocost_debt_max_us", "us", MK_LEVEL,
	  "Largest iocost debt of the cgroup in the window.", CGROUP, .slot = NO_SLOT,
	  .dir = LOWER(true, "time the cgroup was in iocost debt") },
	[MF_IOCOST_HWEIGHT_INUSE] = { "iocost_hweight_inuse_pct", "%", MK_LEVEL,
	  "The cgroup's last hierarchical inuse weight.", CGROUP, .slot = NO_SLOT,
	  .dir = VOLUME },
	[MF_IO_PRESSURE_FULL] = { "io_pressure_full_us", "us", MK_COUNT,
	  "Time all tasks of the cgroup stalled on io (io.pressure full total).",
	  CGROUP, .slot = NO_SLOT, .dir = LOWER(false, "time all tasks were stalled"),
	  .prom = PROM_US("zswap_cgroup_io_pressure_full_seconds_total") },
	[MF_MEMORY_PRESSURE_FULL] = { "memory_pressure_full_us", "us", MK_COUNT,
	  "Time all tasks of the cgroup stalled on memory (memory.pressure full total).",
	  CGROUP, .slot = NO_SLOT, .dir = LOWER(false, "time all tasks were stalled"),
	  .prom = PROM_US("zswap_cgroup_memory_pressure_full_seconds_total") },
	[MF_CGROUP_ZSWAP_BYTES] = { "zswap_pool_bytes", "bytes", MK_LEVEL,
	  "Compressed bytes the cgroup holds in zswap (memory.zswap.current).",
	  CGROUP, .slot = NO_SLOT, .dir = VOLUME, .prom = PROM("zswap_cgroup_zswap_bytes"),
	  .sampled = true },
	/* records of --iocost before the level statistics carry these two */
	[MF_CGROUP_ZSWAP_MEAN] = { "zswap_pool_mean_bytes", "bytes", MK_LEVEL,
	  "The --cgroup's memory.zswap.current, mean of 100 ms samples over the "
	  "window, as older records of --iocost name it (now "
	  "zswap_pool_bytes{cgroup=...}{stat=mean}).", CGROUP, .slot = NO_SLOT,
	  .dir = VOLUME, .prom = SKIP("older records' name") },
	[MF_CGROUP_ZSWAP_MAX] = { "zswap_pool_max_bytes", "bytes", MK_LEVEL,
	  "The --cgroup's memory.zswap.current, largest 100 ms sample of the "
	  "window, as older records of --iocost name it (now "
	  "zswap_pool_bytes{cgroup=...}{stat=max}).", CGROUP, .slot = NO_SLOT,
	  .dir = VOLUME, .prom = SKIP("older records' name") },
	[MF_CGROUP_OOM_KILLS] = { "memory_oom_kills", "kills", MK_COUNT,
	  "Tasks of the cgroup the OOM killer killed (memory.events oom_kill).",
	  CGROUP, .slot = NO_SLOT, .dir = LOWER(false, "OOM kills") },
	[MF_IO_STAT_WIOS] = { "io_stat_wios", "bios", MK_COUNT,
	  "Write IOs of the cgroup (io.stat wios).", CGROUP, .slot = NO_SLOT, .dir = VOLUME },
	[MF_WRITE_REQUESTS] = { "write_requests", "bios", MK_COUNT,
	  "Write bios charged to the cgroup.", CGROUP, .slot = NO_SLOT, .dir = VOLUME },
	[MF_SWAP_WRITE_REQUESTS] = { "swap_write_requests", "bios", MK_COUNT,
	  "Swap write bios charged to the cgroup.", CGROUP, .slot = NO_SLOT, .dir = VOLUME },
	[MF_PAGES_PER_SWAP_WRITE] = { "pages_per_swap_write", "pages", MK_RATIO,
	  "Pages per swap write bio charged to the cgroup.", CGROUP, .slot = NO_SLOT,
	  .num = MF_SWAP_WRITE_PAGES, .den = MF_SWAP_WRITE_REQUESTS,
	  .empty = "no swap writes charged to this cgroup in the window",
	  .dir = VOLUME },
	[MF_ZSWAP_WB_BIOS] = { "zswap_wb_bios", "bios", MK_COUNT,
	  "Bios of zswap writeback.", KEYS("", "cgroup"), .slot = NO_SLOT, .dir = VOLUME },
	[MF_ZSWAP_WB_PAGES] = { "zswap_wb_pages", "pages", MK_COUNT,
	  "Pages in bios of zswap writeback.", .slot = NO_SLOT, .dir = VOLUME },
	[MF_ZSWAP_WB_REQ_SWAP_SHARE] = { "zswap_wb_req_swap_share", "ratio",
	  MK_RATIO, "Share of zswap writeback bios with REQ_SWAP.",
	  .slot = NO_SLOT, .dir = VOLUME },
	[MF_ZSWAP_WB_REQ_BACKGROUND_SHARE] = { "zswap_wb_req_background_share",
	  "ratio", MK_RATIO, "Share of zswap writeback bios with REQ_BACKGROUND.",
	  .slot = NO_SLOT, .dir = VOLUME },
	[MF_ZSWAP_WB_CHARGED_ROOT_SHARE] = { "zswap_wb_charged_root_share",
	  "ratio", MK_RATIO, "Share of zswap writeback bios charged to the root cgroup.",
	  .slot = NO_SLOT, .dir = VOLUME },
	[MF_WB_OFFCPU_US] = { "wb_offcpu_us", "us", MK_COUNT,
	  "Off-CPU time of tasks inside zswap writeback.",
	  KEYS("", "kind", "task,kind", "task"), .slot = NO_SLOT,
	  .dir = VOLUME },
	[MF_WB_OFFCPU_SLEEPS] = { "wb_offcpu_sleeps", "sleeps", MK_COUNT,
	  "Sleeps of tasks inside zswap writeback.", KEYS("kind"), .slot = NO_SLOT,
	  .dir = VOLUME },
	[MF_WB_OFFCPU_NS] = { "wb_offcpu_ns", "ns", MK_HIST,
	  "Off-CPU periods of tasks inside zswap writeback.", KEYS("kind"), .slot = NO_SLOT,
	  .dir = VOLUME },
	[MF_WB_OFFCPU_THROTTLED] = { "wb_offcpu_throttled_us", "us", MK_COUNT,
	  "Off-CPU time inside zswap writeback spent throttled, by where.",
	  KEYS("where"), .slot = NO_SLOT, .dir = VOLUME },
	[MF_WB_THROTTLED_US] = { "wb_throttled_us", "us", MK_COUNT,
	  "Throttled off-CPU time inside zswap writeback, by who slept.",
	  KEYS("kind"), .slot = NO_SLOT, .dir = VOLUME },
	[MF_THROTTLED_SLEEP_US] = { "throttled_sleep_us", "us", MK_COUNT,
	  "Throttled sleep time of the cgroup's tasks, by where.",
	  KEYS("cgroup,where"), .slot = NO_SLOT,
	  .dir = VOLUME },
	[MF_THROTTLED_SLEEPS] = { "throttled_sleeps", "sleeps", MK_COUNT,
	  "Throttled sleeps of the cgroup's tasks, by where.",
	  KEYS("cgroup,where"), .slot = NO_SLOT,
	  .dir = VOLUME },
	[MF_THROTTLED_WAIT_US] = { "throttled_wait_us", "us", MK_COUNT,
	  "Time some task of the cgroup slept throttled (its sleeps' union: "
	  "io.stat's cost.wait for iocost), by where.",
	  KEYS("cgroup,where"), .slot = NO_SLOT,
	  .dir = VOLUME },
	[MF_WB_OFFCPU_TASKS] = { "wb_offcpu_tasks", "tasks", MK_LEVEL,
	  "Tasks seen off-CPU inside zswap writeback.", .slot = NO_SLOT,
	  .dir = VOLUME },
	[MF_IOSTALL_STACK_FAILURES] = { "iostall_stack_failures", "events", MK_COUNT,
	  "Stacks iostall could not take.", .slot = NO_SLOT, .dir = VOLUME },
	[MF_IOSTALL_MAP_FULL] = { "iostall_map_full", "events", MK_COUNT,
	  "iostall map inserts that found the map full.", .slot = NO_SLOT,
	  .dir = VOLUME },

	[MF_IOCOST_VRATE_ADJ] = { "iocost_vrate_adjustments", "events", MK_COUNT,
	  "iocost's device vrate adjustments.", .slot = NO_SLOT, .dir = VOLUME },
	[MF_IOCOST_VRATE_PCT] = { "iocost_vrate_pct", "%", MK_LEVEL,
	  "iocost's last device vrate.", .slot = NO_SLOT, .dir = VOLUME },

	/*
	 * Every key of a counter file's set (kv_families.c): a key no row
	 * names is recorded as its change over the window (unit delta: it
	 * may be a level), under its set's suffix row.
	 */
	[MF_DEBUGFS_OTHER] = { "", "delta", MK_COUNT,
	  "A debugfs zswap/ file this release has no row for "
	  "(/sys/kernel/debug/zswap/<file>): its change.",
	  .label = "file", .suffix = true, .slot = NO_SLOT, .dir = VOLUME,
	  .prom = { .name = "zswap_debugfs_file_delta", .gauge = true },
	  .kv = KV_DEBUGFS },
	MTHP(MF_MTHP_ANON_FAULT_ALLOC, "anon_fault_alloc",
	     "Anonymous faults that allocated a folio of this size."),
	MTHP_FB(MF_MTHP_ANON_FAULT_FALLBACK, "anon_fault_fallback",
	     "Anonymous faults that fell back from this size to a smaller one."),
	MTHP_FB(MF_MTHP_ANON_FAULT_FALLBACK_CHARGE, "anon_fault_fallback_charge",
	     "Anonymous faults that fell back from this size: the memcg charge failed."),
	MTHP(MF_MTHP_ZSWPOUT, "zswpout",
	     "Folios of this size zswap stored whole."),
	MTHP(MF_MTHP_SWPOUT, "swpout",
	     "Folios of this size written to the swap device whole."),
	MTHP_FB(MF_MTHP_SWPOUT_FALLBACK, "swpout_fallback",
	     "Folios of this size split before swap-out (no contiguous swap "
	     "space, or swap-out refused them whole)."),
	MTHP(MF_MTHP_SWPIN, "swpin",
	     "Folios of this size swapped in whole."),
	MTHP_FB(MF_MTHP_SWPIN_FALLBACK, "swpin_fallback",
	     "Swap-ins that fell back from this size to a smaller one."),
	MTHP_FB(MF_MTHP_SWPIN_FALLBACK_CHARGE, "swpin_fallback_charge",
	     "Swap-ins that fell back from this size: the memcg charge failed."),
	MTHP(MF_MTHP_SHMEM_ALLOC, "shmem_alloc",
	     "shmem folios of this size allocated."),
	MTHP_FB(MF_MTHP_SHMEM_FALLBACK, "shmem_fallback",
	     "shmem allocations that fell back from this size."),
	MTHP_FB(MF_MTHP_SHMEM_FALLBACK_CHARGE, "shmem_fallback_charge",
	     "shmem allocations that fell back from this size: the memcg charge failed."),
	MTHP(MF_MTHP_SPLIT, "split",
	     "Folios of this size split into smaller ones."),
	MTHP_FB(MF_MTHP_SPLIT_FAILED, "split_failed",
	     "Splits of folios of this size that failed."),
	MTHP(MF_MTHP_SPLIT_DEFERRED, "split_deferred",
	     "Folios of this size queued for a deferred split."),
	[MF_MTHP_NR_ANON] = { "mthp_nr_anon", "folios", MK_LEVEL,
	  "Anonymous folios of this size now (mTHP stats nr_anon).",
	  .slot = NO_SLOT, .dir = VOLUME,
	  .prom = PROM("zswap_mthp_anon_folios"), .kv = KV_MTHP, KEYS("size", ""),
	  .sampled = true },
	[MF_MTHP_NR_ANON_PARTIAL] = { "mthp_nr_anon_partially_mapped", "folios",
	  MK_LEVEL, "Anonymous folios of this size now partly mapped (mTHP "
	  "stats nr_anon_partially_mapped).", .slot = NO_SLOT, .dir = VOLUME,
	  .prom = PROM("zswap_mthp_anon_partially_mapped_folios"), .kv = KV_MTHP,
	  KEYS("size", ""), .sampled = true },
	[MF_MTHP_OTHER] = { "mthp_", "delta", MK_COUNT,
	  "An mTHP stat this release has no row for (/sys/kernel/mm/"
	  "transparent_hugepage/hugepages-<size>/stats/<stat>): its change.",
	  .label = "stat", .suffix = true, .slot = NO_SLOT, .dir = VOLUME,
	  .prom = { .name = "zswap_mthp_stat_delta", .gauge = true },
	  .kv = KV_MTHP, KEYS("size", "") },
	[MF_MEMORY_EVENTS] = { "memory_events_", "events", MK_COUNT,
	  "Events of the cgroup's memory.events, by event: high (went over "
	  "memory.high, throttled into reclaim), max (reached memory.max), ...",
	  .label = "event", .values = { "high", "max" }, .suffix = true,
	  .slot = NO_SLOT, .dir = VOLUME,
	  .prom = PROM("zswap_cgroup_memory_events_total"),
	  .kv = KV_MEMORY_EVENTS, CGROUP },
	[MF_MEMORY_STAT_ZSWAP] = { "memory_stat_zswap", "bytes", MK_LEVEL,
	  "Compressed bytes the cgroup holds in zswap (memory.stat zswap).",
	  .slot = NO_SLOT, .dir = VOLUME,
	  .prom = SKIP("--cgroups: zswap_cgroup_zswap_bytes"),
	  .kv = KV_MEMORY_STAT, CGROUP, .sampled = true },
	[MF_MEMORY_STAT_ZSWAPPED] = { "memory_stat_zswapped", "bytes", MK_LEVEL,
	  "Uncompressed bytes of the cgroup's pages in zswap (memory.stat "
	  "zswapped).", .slot = NO_SLOT, .dir = VOLUME,
	  .prom = PROM("zswap_cgroup_zswapped_bytes"), .kv = KV_MEMORY_STAT,
	  CGROUP, .sampled = true },
	[MF_MEMORY_STAT_ZSWPOUT] = { "memory_stat_zswpout", "pages", MK_COUNT,
	  "Pages of the cgroup and its descendants stored in zswap "
	  "(memory.stat zswpout).", .slot = NO_SLOT, .dir = VOLUME,
	  .prom = SKIP("--cgroups: zswap_cgroup_stored_pages_total"),
	  .kv = KV_MEMORY_STAT, CGROUP },
	[MF_MEMORY_STAT_ZSWPIN] = { "memory_stat_zswpin", "pages", MK_COUNT,
	  "Pages of the cgroup and its descendants loaded from zswap "
	  "(memory.stat zswpin).", .slot = NO_SLOT, .dir = VOLUME,
	  .prom = SKIP("--cgroups: zswap_cgroup_loaded_pages_total"),
	  .kv = KV_MEMORY_STAT, CGROUP },
	[MF_MEMORY_STAT_ZSWPWB] = { "memory_stat_zswpwb", "pages", MK_COUNT,
	  "Pages of the cgroup and its descendants written back from zswap "
	  "(memory.stat zswpwb; 6.8 on).", .slot = NO_SLOT, .dir = VOLUME,
	  .prom = SKIP("--cgroups: zswap_cgroup_written_back_pages_total"),
	  .kv = KV_MEMORY_STAT, CGROUP },
	[MF_MEMORY_STAT_OTHER] = { "memory_stat_", "delta", MK_COUNT,
	  "A zswap line of the cgroup's memory.stat this release has no row "
	  "for: its change.",
	  .label = "key", .suffix = true, .slot = NO_SLOT, .dir = VOLUME,
	  .prom = SKIP("zswap-gate record --cgroup only"),
	  .kv = KV_MEMORY_STAT, CGROUP },
	[MF_MEMORY_CURRENT] = { "memory_current", "bytes", MK_LEVEL,
	  "Memory charged to the cgroup (memory.current; cgroup v1: "
	  "memory.usage_in_bytes).", CGROUP, .slot = NO_SLOT, .dir = VOLUME,
	  .prom = SKIP("zswap-gate record --cgroup only"), .sampled = true },

	/* the workload's own time (seed 000: build time) */
	[MF_WALL_TIME] = { "wall_time_s", "s", MK_LEVEL,
	  "The workload's wall time.", .slot = NO_SLOT,
	  .dir = LOWER(true, "the workload's wall time") },
	[MF_CPU_USER] = { "cpu_user_s", "s", MK_COUNT,
	  "User CPU time of the recorded command: its cgroup's cpu.stat "
	  "(cgroup v2 --cgroup), else the rusage of its process tree.",
	  .slot = NO_SLOT, .dir = LOWER(false, "the workload's CPU time"),
	  .prom = SKIP("a recorded command's: zswap-gate record only") },
	[MF_CPU_SYS] = { "cpu_sys_s", "s", MK_COUNT,
	  "System CPU time of the recorded command, from the same source as "
	  "cpu_user_s.",
	  .slot = NO_SLOT, .dir = LOWER(false, "the workload's CPU time"),
	  .prom = SKIP("a recorded command's: zswap-gate record only") },
};

const struct metric_direction metric_direction_neutral = VOLUME;

const struct metric_family *metric_family(int id)
{
	return id >= 0 && id < MF_NR ? &metric_families[id] : NULL;
}

int metric_family_id(const struct metric_family *f)
{
	return (int)(f - metric_families);
}

bool metric_family_has_parts(const struct metric_family *f)
{
	return f && f->kind == MK_RATIO && f->num != f->den;
}

bool metric_family_ratio(const struct metric_family *f, double num, double den,
			 const char *label_value, double *v, char *why,
			 size_t len)
{
	if (den == 0) {
		snprintf(why, len, f->empty, label_value ? label_value : "");
		return false;
	}
	*v = (f->ratio_scale ? f->ratio_scale : 1) * num / den;
	return true;
}

const struct metric_direction *metric_family_direction(
	const struct metric_family *f, const char *label_value)
{
	if (f->gating_value && label_value &&
	    !strcmp(label_value, f->gating_value))
		return &f->value_dir;
	return &f->dir;
}
