// SPDX-License-Identifier: GPL-2.0
/*
 * iostall's evaluation (iostall_eval.c) over hand-made windows: iocost
 * debt/wait/indelay/usage from the iocost tracepoints and from io.stat,
 * the n/a reasons (iocost off, blkcg_debug_stats off, no event), the
 * per-cgroup files and bios, the flags of writeback bios (the REQ_SWAP
 * share's numerator is zswapstat's count), the off-CPU
 * histograms, sleeps and task rows.
 */
#include <stdio.h>
#include "iostall_eval.h"
#include "metric_expect.h"
#include "metric_registry.h"

#define CG_A "/sys/fs/cgroup/a"
#define CG_B "/sys/fs/cgroup/b"

static const char *const a_io_before =
	"8:0 rbytes=0 wbytes=4096 rios=0 wios=10 dbytes=0 dios=0 cost.vrate=100.00 "
	"cost.usage=1000 cost.wait=200 cost.indebt=300 cost.indelay=50\n";
/* two devices: io.stat figures are summed over them */
static const char *const a_io_after =
	"8:0 rbytes=0 wbytes=8192 rios=0 wios=60 dbytes=0 dios=0 cost.vrate=100.00 "
	"cost.usage=3000 cost.wait=500 cost.indebt=900 cost.indelay=150\n"
	"254:0 rbytes=0 wbytes=0 rios=0 wios=40 dbytes=0 dios=0 cost.vrate=100.00 "
	"cost.usage=500 cost.wait=100 cost.indebt=100 cost.indelay=50\n";
/* without blkcg_debug_stats: no cost.wait/indebt/indelay */
static const char *const b_io_after =
	"8:0 rbytes=0 wbytes=0 rios=0 wios=7 dbytes=0 dios=0 cost.vrate=100.00 "
	"cost.usage=700\n";

static void pressure(struct kvset *kv, int full)
{
	char text[160];

	snprintf(text, sizeof(text), "some avg10=0.00 avg60=0.00 avg300=0.00 "
		 "total=%d\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=%d\n",
		 2 * full, full);
	parse_pressure(text, kv);
}

struct fixture {
	struct cg_files a0, a1, b1;
	struct is_iocg iocg_a;
	struct iostall_bios bios[3];
	struct iostall_cg cgs[2];
	struct iostall_task tasks[12];
	struct iostall_window w;
};

static void fixture_make(struct fixture *f)
{
	struct iostall_window *w = &f->w;

	memset(f, 0, sizeof(*f));
	f->a0 = (struct cg_files){ .id = 100, .path = CG_A, .zswap_current = 4096 };
	f->a1 = (struct cg_files){ .id = 100, .path = CG_A, .zswap_current = 8192 };
	f->b1 = (struct cg_files){ .id = 200, .path = CG_B, .zswap_current = -1 };
	parse_io_stat(a_io_before, &f->a0.io_stat);
	parse_io_stat(a_io_after, &f->a1.io_stat);
	parse_io_stat(b_io_after, &f->b1.io_stat);
	pressure(&f->a0.io_pressure, 40);
	pressure(&f->a1.io_pressure, 140);
	pressure(&f->a0.memory_pressure, 1000);
	pressure(&f->a1.memory_pressure, 1600);

	f->iocg_a.first = (struct is_iocg_stat){ .usage_us = 10, .wait_us = 20,
		.indebt_us = 30, .indelay_us = 40 };
	f->iocg_a.last = (struct is_iocg_stat){ .usage_us = 2010, .wait_us = 320,
		.indebt_us = 630, .indelay_us = 140 };
	f->iocg_a.events[IS_EV_ACTIVATE] = 3;
	f->iocg_a.events[IS_EV_IDLE] = 9;
	f->iocg_a.events[IS_EV_INUSE_SHORTAGE] = 1;
	f->iocg_a.events[IS_EV_INUSE_TRANSFER] = 2;
	f->iocg_a.events[IS_EV_INUSE_ADJUST] = 4;
	f->iocg_a.events[IS_EV_FORGIVE_DEBT] = 2;
	f->iocg_a.delay_max_us = 1234;
	f->iocg_a.vdebt_max = 3ULL << 37;	/* 3 s of device time */
	f->iocg_a.hweight_inuse = 16384;	/* a quarter of WEIGHT_ONE */

	/* the root, A, and a cgroup not reported (gone, or not walked) */
	f->bios[0] = (struct iostall_bios){ 1, { .write_bios = 9, .wb_bios = 3,
		.wb_pages = 12 } };
	f->bios[1] = (struct iostall_bios){ 100, { .write_bios = 20,
		.swap_bios = 8, .swap_pages = 32, .wb_bios = 5, .wb_pages = 20,
		.wb_req_background = 2 } };
	f->bios[2] = (struct iostall_bios){ 999, { .write_bios = 4, .wb_bios = 2,
		.wb_pages = 8, .wb_req_background = 1 } };
	f->cgs[0] = (struct iostall_cg){ &f->a0, &f->a1, &f->iocg_a, &f->bios[1].b };
	f->cgs[1] = (struct iostall_cg){ NULL, &f->b1, NULL, NULL };	/* new */

	w->debug_stats = true;
	w->cgs = f->cgs;
	w->nr_cgs = 2;
	w->bios = f->bios;
	w->nr_bios = 3;
	w->ctr_begin[IS_C_OFFCPU_NS + IS_KIND_KWORKER] = 1000000;
	w->ctr_end[IS_C_OFFCPU_NS + IS_KIND_KWORKER] = 5000000;
	w->ctr_end[IS_C_OFFCPU_NS + IS_KIND_APP_FAULT] = 3000000;
	w->ctr_end[IS_C_OFFCPU_NS + IS_KIND_APP_RECLAIM] = 1500000;
	w->ctr_end[IS_C_OFFCPU_NS + IS_KIND_APP_OTHER] = 500000;
	w->ctr_begin[IS_C_OFFCPU_CNT + IS_KIND_KWORKER] = 10;
	w->ctr_end[IS_C_OFFCPU_CNT + IS_KIND_KWORKER] = 40;
	w->ctr_end[IS_C_OFFCPU_CNT + IS_KIND_APP_FAULT] = 7;
	w->ctr_end[IS_C_THROTTLED_NS + IS_THR_IOCOST] = 2000000;
	w->ctr_end[IS_C_THROTTLED_NS + IS_THR_WBT] = 250000;
	w->ctr_end[IS_C_CG_THR_NS + IS_THR_IOCOST] = 800000;
	w->ctr_end[IS_C_CG_THR_CNT + IS_THR_IOCOST] = 4;
	w->ctr_begin[IS_C_VRATE_ADJ] = 5;
	w->ctr_end[IS_C_VRATE_ADJ] = 8;
	w->ctr_end[IS_C_STACK_FAIL] = 2;
	w->ctr_end[IS_C_MAP_FULL] = 1;
	w->hist_begin[IS_KIND_KWORKER].slots[20] = 2;
	w->hist_begin[IS_KIND_KWORKER].sum = 1000000;
	w->hist_end[IS_KIND_KWORKER].slots[20] = 7;
	w->hist_end[IS_KIND_KWORKER].slots[21] = 3;
	w->hist_end[IS_KIND_KWORKER].sum = 10000000;
	w->hist_end[IS_H_THROTTLED].slots[18] = 4;
	/* zswapstat's REQ_SWAP writeback bios: 8 of iostall's 10 */
	w->wb_swap_begin = 40;
	w->wb_swap_end = 48;
	w->vrate_last = 1 << 17;	/* 2^17 / (2^37 / 1e6) = 95.367...% */
	w->has_switch = true;
	w->cgroup = CG_A;
	/* 12 tasks, not in order: i-th has (i + 1) us off CPU */
	for (int i = 0; i < 12; i++) {
		int j = (i * 5) % 12;	/* a permutation of 0..11 */
		struct iostall_task *t = &f->tasks[j];

		snprintf(t->t.comm, sizeof(t->t.comm), i == 11 ? "kworker/0:1" : "app");
		t->tid = 100 + i;
		t->t.total_ns = (i + 1) * 1000ULL;
		t->t.kind = i == 11 ? IS_KIND_KWORKER : IS_KIND_APP_FAULT;
	}
	w->tasks = f->tasks;
	w->nr_tasks = 12;
}

static void fixture_free(struct fixture *f)
{
	struct cg_files *c[] = { &f->a0, &f->a1, &f->b1 };

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		kvset_free(&c[i]->io_stat);
		kvset_free(&c[i]->io_pressure);
		kvset_free(&c[i]->memory_pressure);
	}
}

static const struct metric *find(const struct metric_set *ms, int fam,
				 const char *cgroup)
{
	struct metric_label l = { "cgroup", cgroup };

	return metric_set_find_id(ms, fam, cgroup ? &l : NULL, cgroup ? 1 : 0);
}

/* iocost from the tracepoints where the cgroup had events, else io.stat */
static void test_iocost(void)
{
	struct fixture f;
	struct metric_set ms = {};
	const struct metric *m;

	fixture_make(&f);
	CHECK(!iostall_eval(&f.w, &ms), "evaluated");
	EXPECT(&ms, "iocost_debt_us{cgroup=" CG_A "}", 600);
	EXPECT(&ms, "iocost_wait_us{cgroup=" CG_A "}", 300);
	EXPECT(&ms, "iocost_indelay_us{cgroup=" CG_A "}", 100);
	EXPECT(&ms, "iocost_usage_us{cgroup=" CG_A "}", 2000);
	m = find(&ms, MF_IOCOST_DEBT, CG_A);
	CHECK(m && m->src == SRC_TRACEPOINT, "debt from the tracepoints");
	/* io.stat's own figures, summed over both devices */
	EXPECT(&ms, "io_stat_cost_indebt_us{cgroup=" CG_A "}", 700);
	EXPECT(&ms, "io_stat_cost_wait_us{cgroup=" CG_A "}", 400);
	EXPECT(&ms, "io_stat_cost_indelay_us{cgroup=" CG_A "}", 150);
	EXPECT(&ms, "io_stat_cost_usage_us{cgroup=" CG_A "}", 2500);
	m = find(&ms, MF_IO_STAT_COST_USAGE, CG_A);
	CHECK(m && m->src == SRC_COUNTER, "io.stat figure from the counter file");
	EXPECT(&ms, "iocost_forgive_events{cgroup=" CG_A "}", 2);
	EXPECT(&ms, "iocost_activations{cgroup=" CG_A "}", 3);
	EXPECT(&ms, "iocost_inuse_adjustments{cgroup=" CG_A "}", 1 + 2 + 4);
	EXPECT(&ms, "iocost_delay_max_us{cgroup=" CG_A "}", 1234);
	EXPECT(&ms, "iocost_debt_max_us{cgroup=" CG_A "}", 3e6);
	EXPECT(&ms, "iocost_hweight_inuse_pct{cgroup=" CG_A "}", 25);
	EXPECT(&ms, "iocost_vrate_adjustments", 3);
	EXPECT(&ms, "iocost_vrate_pct", 1e8 / (1 << 20));

	/* B: no iocost event, new in the window: usage from io.stat */
	EXPECT(&ms, "iocost_usage_us{cgroup=" CG_B "}", 700);
	m = find(&ms, MF_IOCOST_USAGE, CG_B);
	CHECK(m && m->src == SRC_COUNTER, "usage falls back to io.stat");
	EXPECT(&ms, "io_stat_cost_usage_us{cgroup=" CG_B "}", 700);
	EXPECT_NA(&ms, "iocost_debt_us{cgroup=" CG_B "}",
		  "no iocost event for this cgroup in the window");
	CHECK(!strstr(find(&ms, MF_IOCOST_DEBT, CG_B)->reason, "debug"),
	      "debug stats on: no debug reason");
	EXPECT_NA(&ms, "io_stat_cost_indebt_us{cgroup=" CG_B "}",
		  "io.stat of this cgroup has no such key");
	EXPECT(&ms, "iocost_forgive_events{cgroup=" CG_B "}", 0);
	EXPECT(&ms, "iocost_activations{cgroup=" CG_B "}", 0);
	EXPECT(&ms, "iocost_inuse_adjustments{cgroup=" CG_B "}", 0);
	EXPECT_NA(&ms, "iocost_delay_max_us{cgroup=" CG_B "}",
		  "no iocost event for this cgroup");
	EXPECT_NA(&ms, "iocost_debt_max_us{cgroup=" CG_B "}",
		  "no iocost event for this cgroup");
	EXPECT_NA(&ms, "iocost_hweight_inuse_pct{cgroup=" CG_B "}",
		  "no inuse_* event for this cgroup");
	metric_set_free(&ms);

	/* blkcg_debug_stats off: the reason says how to turn them on */
	f.w.debug_stats = false;
	CHECK(!iostall_eval(&f.w, &ms), "evaluated");
	EXPECT_NA(&ms, "io_stat_cost_wait_us{cgroup=" CG_B "}",
		  "only with debug stats: set blk_cgroup.blkcg_debug_stats=Y");
	EXPECT_NA(&ms, "iocost_wait_us{cgroup=" CG_B "}",
		  "no iocost event for this cgroup in the window, and io.stat "
		  "prints cost.wait/indebt/indelay only with debug stats");
	EXPECT(&ms, "io_stat_cost_usage_us{cgroup=" CG_B "}", 700);
	EXPECT(&ms, "iocost_wait_us{cgroup=" CG_A "}", 300);
	metric_set_free(&ms);

	/* iocost off: every iocost figure n/a with the reason, no events */
	f.w.off_why = "iocost is off in this test";
	CHECK(!iostall_eval(&f.w, &ms), "evaluated");
	EXPECT_NA(&ms, "iocost_debt_us{cgroup=" CG_A "}", "iocost is off in this test");
	EXPECT_NA(&ms, "io_stat_cost_indebt_us{cgroup=" CG_A "}",
		  "iocost is off in this test");
	EXPECT_NA(&ms, "iocost_usage_us{cgroup=" CG_B "}", "iocost is off in this test");
	EXPECT_NA(&ms, "iocost_forgive_events{cgroup=" CG_A "}",
		  "iocost is off in this test");
	CHECK(!find(&ms, MF_IOCOST_ACTIVATIONS, CG_A) &&
	      !find(&ms, MF_IOCOST_DELAY_MAX, CG_A), "iocost off: no event counts");
	EXPECT_NA(&ms, "iocost_vrate_adjustments", "iocost is off in this test");
	EXPECT_NA(&ms, "iocost_vrate_pct", "iocost is off in this test");
	/* what is not iocost's stays */
	EXPECT(&ms, "io_stat_wios{cgroup=" CG_A "}", 90);
	EXPECT(&ms, "swap_write_requests{cgroup=" CG_A "}", 8);
	metric_set_free(&ms);
	fixture_free(&f);
}

/* pressure, pool size, io.stat wios, and the bios charged per cgroup */
static void test_cgroup_files_and_bios(void)
{
	struct fixture f;
	struct metric_set ms = {};

	fixture_make(&f);
	CHECK(!iostall_eval(&f.w, &ms), "evaluated");
	EXPECT(&ms, "io_pressure_full_us{cgroup=" CG_A "}", 100);
	EXPECT(&ms, "memory_pressure_full_us{cgroup=" CG_A "}", 600);
	EXPECT(&ms, "zswap_pool_bytes{cgroup=" CG_A "}", 8192);
	EXPECT(&ms, "io_stat_wios{cgroup=" CG_A "}", 90);
	EXPECT(&ms, "write_requests{cgroup=" CG_A "}", 20);
	EXPECT(&ms, "swap_write_requests{cgroup=" CG_A "}", 8);
	EXPECT(&ms, "swap_write_pages{cgroup=" CG_A "}", 32);
	EXPECT(&ms, "pages_per_swap_write{cgroup=" CG_A "}", 4);
	EXPECT(&ms, "zswap_wb_bios{cgroup=" CG_A "}", 5);
	EXPECT_NA(&ms, "io_pressure_full_us{cgroup=" CG_B "}", "no io.pressure");
	EXPECT_NA(&ms, "memory_pressure_full_us{cgroup=" CG_B "}",
		  "no memory.pressure");
	EXPECT_NA(&ms, "zswap_pool_bytes{cgroup=" CG_B "}",
		  "no memory.zswap.current in this cgroup");
	EXPECT(&ms, "io_stat_wios{cgroup=" CG_B "}", 7);	/* new: all of it */
	EXPECT(&ms, "write_requests{cgroup=" CG_B "}", 0);
	EXPECT(&ms, "swap_write_pages{cgroup=" CG_B "}", 0);
	EXPECT_NA(&ms, "pages_per_swap_write{cgroup=" CG_B "}",
		  "no swap writes charged to this cgroup in the window");
	CHECK(!metric_set_find(&ms, "write_requests{cgroup=/sys/fs/cgroup}"),
	      "only the reported cgroups");
	metric_set_free(&ms);
	/* io.stat without wios lines */
	kvset_free(&f.b1.io_stat);
	CHECK(!iostall_eval(&f.w, &ms), "evaluated");
	EXPECT_NA(&ms, "io_stat_wios{cgroup=" CG_B "}", "no io.stat lines for this cgroup");
	metric_set_free(&ms);
	fixture_free(&f);
}

/* writeback bios over every charged cgroup: totals and flag shares */
static void test_wb_flags(void)
{
	struct fixture f;
	struct metric_set ms = {};

	fixture_make(&f);
	CHECK(!iostall_eval(&f.w, &ms), "evaluated");
	EXPECT(&ms, "zswap_wb_bios", 3 + 5 + 2);
	EXPECT(&ms, "zswap_wb_pages", 12 + 20 + 8);
	EXPECT(&ms, "zswap_wb_req_swap_share", (48 - 40) / 10.0);
	EXPECT(&ms, "zswap_wb_req_background_share", (0 + 2 + 1) / 10.0);
	EXPECT(&ms, "zswap_wb_charged_root_share", 3 / 10.0);
	metric_set_free(&ms);
	/* zswapstat not counting swap write bios: that share alone n/a */
	f.w.wb_swap_why = "no bio hook in this test";
	CHECK(!iostall_eval(&f.w, &ms), "evaluated");
	EXPECT_NA(&ms, "zswap_wb_req_swap_share", "no bio hook in this test");
	EXPECT(&ms, "zswap_wb_req_background_share", 0.3);
	EXPECT(&ms, "zswap_wb_bios", 10);
	metric_set_free(&ms);
	f.w.wb_swap_why = NULL;
	f.w.nr_bios = 0;
	CHECK(!iostall_eval(&f.w, &ms), "evaluated");
	EXPECT(&ms, "zswap_wb_bios", 0);
	EXPECT(&ms, "zswap_wb_pages", 0);
	EXPECT_NA(&ms, "zswap_wb_req_swap_share", "no zswap writeback bio in the window");
	EXPECT_NA(&ms, "zswap_wb_req_background_share",
		  "no zswap writeback bio in the window");
	EXPECT_NA(&ms, "zswap_wb_charged_root_share",
		  "no zswap writeback bio in the window");
	metric_set_free(&ms);
	fixture_free(&f);
}

/* who sleeps inside writeback: kinds, throttling, histograms, tasks */
static void test_stalls(void)
{
	struct fixture f;
	struct metric_set ms = {};
	const struct hist_metric *h;
	const struct metric *m;
	struct metric_label l[2] = {
		{ "task", "kworker/0:1/111" }, { "kind", "kworker" },
	};

	fixture_make(&f);
	CHECK(!iostall_eval(&f.w, &ms), "evaluated");
	EXPECT(&ms, "wb_offcpu_us{kind=kworker}", 4000);
	EXPECT(&ms, "wb_offcpu_us{kind=kthread}", 0);
	EXPECT(&ms, "wb_offcpu_us{kind=app_fault}", 3000);
	EXPECT(&ms, "wb_offcpu_us{kind=app_reclaim}", 1500);
	EXPECT(&ms, "wb_offcpu_us{kind=app_other}", 500);
	EXPECT(&ms, "wb_offcpu_us", 9000);
	EXPECT(&ms, "wb_offcpu_sleeps{kind=kworker}", 30);
	EXPECT(&ms, "wb_offcpu_sleeps{kind=app_fault}", 7);
	EXPECT(&ms, "wb_offcpu_throttled_us{where=iocost}", 2000);
	EXPECT(&ms, "wb_offcpu_throttled_us{where=rq_qos}", 0);
	EXPECT(&ms, "wb_offcpu_throttled_us{where=wbt}", 250);
	CHECK(!metric_set_find(&ms, "wb_offcpu_throttled_us{where=none}"),
	      "no row for unthrottled sleeps");
	EXPECT(&ms, "throttled_sleep_us{cgroup=" CG_A ",where=iocost}", 800);
	EXPECT(&ms, "throttled_sleeps{cgroup=" CG_A ",where=iocost}", 4);
	EXPECT(&ms, "throttled_sleeps{cgroup=" CG_A ",where=blkcg_delay}", 0);
	EXPECT(&ms, "iostall_stack_failures", 2);
	EXPECT(&ms, "iostall_map_full", 1);
	h = metric_set_find_hist(&ms, "wb_offcpu_ns{kind=kworker}");
	CHECK(h && h->h.kind == HIST_LOG2 && h->h.slots[20] == 5 &&
	      h->h.slots[21] == 3 && h->h.sum == 9e6 &&
	      h->id.fam == metric_family(MF_WB_OFFCPU_NS),
	      "kworker histogram: end - begin");
	h = metric_set_find_hist(&ms, "wb_offcpu_ns{kind=throttled}");
	CHECK(h && hist_count(&h->h) == 4 && h->h.slots[18] == 4,
	      "throttled histogram");
	/* the top 10 tasks by off-CPU time, the rest in one row */
	m = metric_set_find_id(&ms, MF_WB_OFFCPU_US, l, 2);
	CHECK(m && m->has_value && m->value == 12, "longest task row: 12 us");
	l[0].value = "app/102";
	l[1].value = "app_fault";
	m = metric_set_find_id(&ms, MF_WB_OFFCPU_US, l, 2);
	CHECK(m && m->value == 3, "10th task row: 3 us");
	l[0].value = "app/101";
	CHECK(!metric_set_find_id(&ms, MF_WB_OFFCPU_US, l, 2), "11th task in the rest");
	EXPECT(&ms, "wb_offcpu_us{task=rest}", 1 + 2);
	EXPECT(&ms, "wb_offcpu_tasks", 12);
	CHECK(f.tasks[0].t.total_ns == 12000 && f.tasks[11].t.total_ns == 1000,
	      "tasks sorted, longest first");
	metric_set_free(&ms);

	/* no --cgroup: no per-cgroup sleeps; no vrate seen */
	f.w.cgroup = NULL;
	f.w.vrate_last = 0;
	CHECK(!iostall_eval(&f.w, &ms), "evaluated");
	CHECK(!metric_set_find(&ms, "throttled_sleeps{cgroup=" CG_A ",where=iocost}"),
	      "no --cgroup: no throttled_sleeps");
	EXPECT_NA(&ms, "iocost_vrate_pct", "no vrate adjustment seen");
	metric_set_free(&ms);
	/* sched_switch missing: the total n/a, nothing else of the stalls */
	f.w.has_switch = false;
	CHECK(!iostall_eval(&f.w, &ms), "evaluated");
	EXPECT_NA(&ms, "wb_offcpu_us", "sched_switch tracepoint unavailable");
	CHECK(!metric_set_find(&ms, "wb_offcpu_us{kind=kworker}") &&
	      !metric_set_find(&ms, "wb_offcpu_tasks") &&
	      !metric_set_find_hist(&ms, "wb_offcpu_ns{kind=kworker}"),
	      "no sleeps without sched_switch");
	metric_set_free(&ms);
	fixture_free(&f);
}

void test_iostall_eval(void)
{
	test_iocost();
	test_cgroup_files_and_bios();
	test_wb_flags();
	test_stalls();
}
