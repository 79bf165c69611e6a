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
	kvset_set(&f->a0.memory_events, "oom_kill", 2);
	kvset_set(&f->a1.memory_events, "oom_kill", 5);

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
	/* the same 2.25 ms by who slept: the kworker 2 ms, the fault 0.25 */
	w->ctr_begin[IS_C_WB_THR_KIND_NS + IS_KIND_KWORKER] = 1000000;
	w->ctr_end[IS_C_WB_THR_KIND_NS + IS_KIND_KWORKER] = 3000000;
	w->ctr_end[IS_C_WB_THR_KIND_NS + IS_KIND_APP_FAULT] = 250000;
	w->ctr_end[IS_C_CG_THR_NS + IS_THR_IOCOST] = 800000;
	w->ctr_end[IS_C_CG_THR_CNT + IS_THR_IOCOST] = 4;
	w->ctr_end[IS_C_CG_WAIT_NS + IS_THR_IOCOST] = 600000;	/* two slept at once */
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

static void fixture_free(struct fixture *f, struct metric_set *ms)
{
	metric_set_free(ms);
	struct cg_files *c[] = { &f->a0, &f->a1, &f->b1 };

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		kvset_free(&c[i]->io_stat);
		kvset_free(&c[i]->io_pressure);
		kvset_free(&c[i]->memory_pressure);
		kvset_free(&c[i]->memory_events);
	}
}

static const struct metric *find(const struct metric_set *ms, int fam,
				 const char *cgroup)
{
	struct metric_label l = { "cgroup", cgroup };

	return metric_set_find_id(ms, fam, cgroup ? &l : NULL, cgroup ? 1 : 0);
}

/* A key's value in a set, or its n/a and a part of the reason, or none. */
struct want {
	const char *key;
	double value;
	const char *na;
	bool absent;
};

static void expect_all(const struct metric_set *ms, const struct want *w, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (w[i].absent)
			CHECK(!metric_set_find(ms, w[i].key), "%s absent", w[i].key);
		else if (w[i].na)
			EXPECT_NA(ms, w[i].key, w[i].na);
		else
			EXPECT(ms, w[i].key, w[i].value);
	}
}

/* ms (emptied first) from the fixture's window */
static void eval(const struct fixture *f, struct metric_set *ms)
{
	metric_set_free(ms);
	CHECK(!iostall_eval(&f->w, ms), "evaluated");
	EXPECT_NAMES_KNOWN(ms);
}

/* evaluates, then checks every row of table t */
#define EVAL_EXPECT(f, ms, t) do {					\
	eval(f, ms);							\
	expect_all(ms, t, sizeof(t) / sizeof((t)[0]));			\
} while (0)

#define A(name) name "{cgroup=" CG_A "}"
#define B(name) name "{cgroup=" CG_B "}"
#define NO_EVENT "no iocost event for this cgroup"
#define OFF "iocost is off in this test"

/* iocost from the tracepoints where the cgroup had events, else io.stat */
static void test_iocost(void)
{
	static const struct want on[] = {
		{ A("iocost_debt_us"), 600 }, { A("iocost_wait_us"), 300 },
		{ A("iocost_indelay_us"), 100 }, { A("iocost_usage_us"), 2000 },
		/* io.stat's own figures, summed over both devices */
		{ A("io_stat_cost_indebt_us"), 700 }, { A("io_stat_cost_wait_us"), 400 },
		{ A("io_stat_cost_indelay_us"), 150 },
		{ A("io_stat_cost_usage_us"), 2500 },
		{ A("iocost_forgive_events"), 2 }, { A("iocost_activations"), 3 },
		{ A("iocost_inuse_adjustments"), 1 + 2 + 4 },
		{ A("iocost_delay_max_us"), 1234 }, { A("iocost_debt_max_us"), 3e6 },
		{ A("iocost_hweight_inuse_pct"), 25 },
		{ "iocost_vrate_adjustments", 3 },
		{ "iocost_vrate_pct", 1e8 / (1 << 20) },
		/* B: no iocost event, new in the window: usage from io.stat */
		{ B("iocost_usage_us"), 700 }, { B("io_stat_cost_usage_us"), 700 },
		{ B("iocost_debt_us"), 0, NO_EVENT " in the window" },
		{ B("io_stat_cost_indebt_us"), 0, "io.stat of this cgroup has no such key" },
		{ B("iocost_forgive_events"), 0 }, { B("iocost_activations"), 0 },
		{ B("iocost_inuse_adjustments"), 0 },
		{ B("iocost_delay_max_us"), 0, NO_EVENT },
		{ B("iocost_debt_max_us"), 0, NO_EVENT },
		{ B("iocost_hweight_inuse_pct"), 0, "no inuse_* event for this cgroup" },
	};
	/* blkcg_debug_stats off: the reason says how to turn them on */
	static const struct want no_debug[] = {
		{ B("io_stat_cost_wait_us"), 0,
		  "only with debug stats: set blk_cgroup.blkcg_debug_stats=Y" },
		{ B("iocost_wait_us"), 0, NO_EVENT " in the window, and io.stat "
		  "prints cost.wait/indebt/indelay only with debug stats" },
		{ B("io_stat_cost_usage_us"), 700 }, { A("iocost_wait_us"), 300 },
	};
	/* iocost off: every iocost figure n/a with the reason */
	static const struct want off[] = {
		{ A("iocost_debt_us"), 0, OFF }, { A("io_stat_cost_indebt_us"), 0, OFF },
		{ B("iocost_usage_us"), 0, OFF }, { A("iocost_forgive_events"), 0, OFF },
		{ "iocost_vrate_adjustments", 0, OFF }, { "iocost_vrate_pct", 0, OFF },
		{ A("iocost_activations"), .absent = true },
		{ A("iocost_delay_max_us"), .absent = true },
		/* what is not iocost's stays */
		{ A("io_stat_wios"), 90 }, { A("swap_write_requests"), 8 },
	};
	struct metric_set ms = {};
	const struct metric *m;
	struct is_iocg saved;
	struct fixture f;

	fixture_make(&f);
	EVAL_EXPECT(&f, &ms, on);
	m = find(&ms, MF_IOCOST_DEBT, CG_A);
	CHECK(m && m->src == SRC_TRACEPOINT, "debt from the tracepoints");
	m = find(&ms, MF_IO_STAT_COST_USAGE, CG_A);
	CHECK(m && m->src == SRC_COUNTER, "io.stat figure from the counter file");
	m = find(&ms, MF_IOCOST_USAGE, CG_B);
	CHECK(m && m->src == SRC_COUNTER, "usage falls back to io.stat");
	m = find(&ms, MF_IOCOST_DEBT, CG_B);
	CHECK(m && !strstr(m->reason, "debug"), "debug stats on: no debug reason");

	/*
	 * One event: its snapshot has no delta, so the window's debt is
	 * io.stat's (700 us), not the 0 between one snapshot and itself.
	 */
	saved = f.iocg_a;
	memset(f.iocg_a.events, 0, sizeof(f.iocg_a.events));
	f.iocg_a.events[IS_EV_ACTIVATE] = 1;
	f.iocg_a.last = f.iocg_a.first;
	eval(&f, &ms);
	EXPECT(&ms, A("iocost_debt_us"), 700);
	m = find(&ms, MF_IOCOST_DEBT, CG_A);
	CHECK(m && m->src == SRC_COUNTER, "one event: debt from io.stat");
	f.iocg_a = saved;

	f.w.debug_stats = false;
	EVAL_EXPECT(&f, &ms, no_debug);

	f.w.off_why = OFF;
	EVAL_EXPECT(&f, &ms, off);
	fixture_free(&f, &ms);
}

/* pressure, pool size, io.stat wios, and the bios charged per cgroup */
static void test_cgroup_files_and_bios(void)
{
	static const struct want want[] = {
		{ A("io_pressure_full_us"), 100 }, { A("memory_pressure_full_us"), 600 },
		{ A("zswap_pool_bytes"), 8192 }, { A("io_stat_wios"), 90 },
		{ A("memory_oom_kills"), 3 },
		{ B("memory_oom_kills"), 0, "no oom_kill in memory.events" },
		{ A("write_requests"), 20 }, { A("swap_write_requests"), 8 },
		{ A("swap_write_pages"), 32 }, { A("pages_per_swap_write"), 4 },
		{ A("zswap_wb_bios"), 5 },
		{ B("io_pressure_full_us"), 0, "no io.pressure" },
		{ B("memory_pressure_full_us"), 0, "no memory.pressure" },
		{ B("zswap_pool_bytes"), 0, "no memory.zswap.current in this cgroup" },
		{ B("io_stat_wios"), 7 },	/* new: all of it */
		{ B("write_requests"), 0 }, { B("swap_write_pages"), 0 },
		{ B("pages_per_swap_write"), 0,
		  "no swap writes charged to this cgroup in the window" },
		/* only the reported cgroups */
		{ "write_requests{cgroup=/sys/fs/cgroup}", .absent = true },
	};
	struct metric_set ms = {};
	struct fixture f;

	fixture_make(&f);
	EVAL_EXPECT(&f, &ms, want);
	/* io.stat without wios lines */
	kvset_free(&f.b1.io_stat);
	eval(&f, &ms);
	EXPECT_NA(&ms, B("io_stat_wios"), "no io.stat lines for this cgroup");
	fixture_free(&f, &ms);
}

/* writeback bios over every charged cgroup: totals and flag shares */
static void test_wb_flags(void)
{
	static const struct want want[] = {
		{ "zswap_wb_bios", 3 + 5 + 2 }, { "zswap_wb_pages", 12 + 20 + 8 },
		/* zswapstat's REQ_SWAP writeback bios over iostall's */
		{ "zswap_wb_req_swap_share", (48 - 40) / 10.0 },
		{ "zswap_wb_req_background_share", (0 + 2 + 1) / 10.0 },
		{ "zswap_wb_charged_root_share", 3 / 10.0 },
	};
	/* zswapstat not counting swap write bios: that share alone n/a */
	static const struct want no_zswapstat[] = {
		{ "zswap_wb_req_swap_share", 0, "no bio hook in this test" },
		{ "zswap_wb_req_background_share", 0.3 }, { "zswap_wb_bios", 10 },
	};
	static const struct want none[] = {
		{ "zswap_wb_bios", 0 }, { "zswap_wb_pages", 0 },
		{ "zswap_wb_req_swap_share", 0, "no zswap writeback bio in the window" },
		{ "zswap_wb_req_background_share", 0, "no zswap writeback bio" },
		{ "zswap_wb_charged_root_share", 0, "no zswap writeback bio" },
	};
	struct metric_set ms = {};
	struct fixture f;

	fixture_make(&f);
	EVAL_EXPECT(&f, &ms, want);
	f.w.wb_swap_why = "no bio hook in this test";
	EVAL_EXPECT(&f, &ms, no_zswapstat);
	f.w.wb_swap_why = NULL;
	f.w.nr_bios = 0;
	EVAL_EXPECT(&f, &ms, none);
	fixture_free(&f, &ms);
}

/* who sleeps inside writeback: kinds, throttling, histograms, tasks */
static void test_stalls(void)
{
	static const struct want want[] = {
		{ "wb_offcpu_us{kind=kworker}", 4000 }, { "wb_offcpu_us{kind=kthread}", 0 },
		{ "wb_offcpu_us{kind=app_fault}", 3000 },
		{ "wb_offcpu_us{kind=app_reclaim}", 1500 },
		{ "wb_offcpu_us{kind=app_other}", 500 }, { "wb_offcpu_us", 9000 },
		{ "wb_offcpu_sleeps{kind=kworker}", 30 },
		{ "wb_offcpu_sleeps{kind=app_fault}", 7 },
		{ "wb_offcpu_throttled_us{where=iocost}", 2000 },
		{ "wb_offcpu_throttled_us{where=rq_qos}", 0 },
		{ "wb_offcpu_throttled_us{where=wbt}", 250 },
		{ "wb_offcpu_throttled_us{where=none}", .absent = true },
		{ "wb_throttled_us{kind=kworker}", 2000 },
		{ "wb_throttled_us{kind=app_fault}", 250 },
		{ "wb_throttled_us{kind=app_reclaim}", 0 },
		{ "throttled_sleep_us{cgroup=" CG_A ",where=iocost}", 800 },
		{ "throttled_sleeps{cgroup=" CG_A ",where=iocost}", 4 },
		{ "throttled_sleeps{cgroup=" CG_A ",where=blkcg_delay}", 0 },
		{ "throttled_wait_us{cgroup=" CG_A ",where=iocost}", 600 },
		{ "iostall_stack_failures", 2 }, { "iostall_map_full", 1 },
		/* the top 10 tasks by off-CPU time, the rest in one row */
		{ "wb_offcpu_us{task=rest}", 1 + 2 }, { "wb_offcpu_tasks", 12 },
	};
	/* no --cgroup: no per-cgroup sleeps; no vrate seen */
	static const struct want no_cgroup[] = {
		{ "throttled_sleeps{cgroup=" CG_A ",where=iocost}", .absent = true },
		{ "throttled_wait_us{cgroup=" CG_A ",where=iocost}", .absent = true },
		{ "iocost_vrate_pct", 0, "no vrate adjustment seen" },
	};
	/* sched_switch missing: the total n/a, nothing else of the stalls */
	static const struct want no_switch[] = {
		{ "wb_offcpu_us", 0, "sched_switch tracepoint unavailable" },
		{ "wb_offcpu_us{kind=kworker}", .absent = true },
		{ "wb_offcpu_tasks", .absent = true },
	};
	struct metric_set ms = {};
	const struct hist_metric *h;
	const struct metric *m;
	struct metric_label l[2] = {
		{ "task", "kworker/0:1/111" }, { "kind", "kworker" },
	};
	struct fixture f;

	fixture_make(&f);
	EVAL_EXPECT(&f, &ms, want);
	h = metric_set_find_hist(&ms, "wb_offcpu_ns{kind=kworker}");
	CHECK(h && h->h.kind == HIST_LOG2 && h->h.slots[20] == 5 &&
	      h->h.slots[21] == 3 && h->h.sum == 9e6 &&
	      h->id.fam == metric_family(MF_WB_OFFCPU_NS),
	      "kworker histogram: end - begin");
	h = metric_set_find_hist(&ms, "wb_offcpu_ns{kind=throttled}");
	CHECK(h && hist_count(&h->h) == 4 && h->h.slots[18] == 4,
	      "throttled histogram");
	m = metric_set_find_id(&ms, MF_WB_OFFCPU_US, l, 2);
	CHECK(m && m->has_value && m->value == 12, "longest task row: 12 us");
	l[0].value = "app/102";
	l[1].value = "app_fault";
	m = metric_set_find_id(&ms, MF_WB_OFFCPU_US, l, 2);
	CHECK(m && m->value == 3, "10th task row: 3 us");
	l[0].value = "app/101";
	CHECK(!metric_set_find_id(&ms, MF_WB_OFFCPU_US, l, 2), "11th task in the rest");
	CHECK(f.tasks[0].t.total_ns == 12000 && f.tasks[11].t.total_ns == 1000,
	      "tasks sorted, longest first");

	f.w.cgroup = NULL;
	f.w.vrate_last = 0;
	EVAL_EXPECT(&f, &ms, no_cgroup);
	f.w.has_switch = false;
	EVAL_EXPECT(&f, &ms, no_switch);
	CHECK(!metric_set_find_hist(&ms, "wb_offcpu_ns{kind=kworker}"),
	      "no histogram without sched_switch");
	fixture_free(&f, &ms);
}

void test_iostall_eval(void)
{
	test_iocost();
	test_cgroup_files_and_bios();
	test_wb_flags();
	test_stalls();
}
