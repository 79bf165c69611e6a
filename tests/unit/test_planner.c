// SPDX-License-Identifier: GPL-2.0
/*
 * The planner's decisions for capability sets recorded from real kernels:
 * tests/fixtures/<release>/btf_funcs.txt (functions and tracepoints in the
 * kernel's BTF) and available_filter_functions.txt (what kprobes accept).
 * Expected choices come from the kernels' sources: 6.1 has only the
 * frontswap names and no shrink_memcg; 6.12 has zswap_store and
 * shrink_memcg; the 6.18 host refuses fentry and has no kprobes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "counters.h"
#include "harness.h"
#include "metric_registry.h"
#include "planner.h"

struct fixture_caps {
	char *btf;		/* btf_funcs.txt */
	char *kfuncs;		/* available_filter_functions.txt */
	char *vmstat;
	bool fentry_refused;
	bool no_kprobes;
	bool has_debugfs;
	const char *refuse;	/* a function neither flavour attaches to */
};

static char *fixture(const char *ver, const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s/%s", fixtures_dir, ver, name);
	return read_file(path, 1 << 20);
}

/* Whole-word line search: "func zswap_store " at a line start. */
static bool has_line(const char *text, const char *a, const char *b)
{
	char needle[160];
	size_t n;
	const char *p = text;

	if (!text)
		return false;
	n = snprintf(needle, sizeof(needle), "%s %s", a, b);
	while ((p = strstr(p, needle))) {
		bool start = p == text || p[-1] == '\n';
		char end = p[n];

		if (start && (end == ' ' || end == '\n' || end == '\0' || end == '('))
			return true;
		p += n;
	}
	return false;
}

static bool fx_fentry(void *ctx, const char *func, char *why, size_t len)
{
	struct fixture_caps *fc = ctx;

	if (fc->refuse && !strcmp(func, fc->refuse)) {
		snprintf(why, len, "refused in this test");
		return false;
	}
	if (!has_line(fc->btf, "func", func)) {
		snprintf(why, len, "%s not in BTF", func);
		return false;
	}
	if (fc->fentry_refused) {
		snprintf(why, len, "program load refused (Operation not permitted)");
		return false;
	}
	return true;
}

static bool fx_kprobe(void *ctx, const char *func, char *why, size_t len)
{
	struct fixture_caps *fc = ctx;

	if (fc->no_kprobes || (fc->refuse && !strcmp(func, fc->refuse))) {
		snprintf(why, len, "kernel has no kprobe PMU");
		return false;
	}
	/* lines of "NAME yes|no", read in the guest */
	if (!has_line(fc->kfuncs, func, "yes")) {
		snprintf(why, len, "%s not probeable", func);
		return false;
	}
	return true;
}

static bool fx_tp(void *ctx, const char *tp, char *why, size_t len)
{
	struct fixture_caps *fc = ctx;
	char name[128];

	snprintf(name, sizeof(name), "btf_trace_%s", tp);
	/* tracepoints the fixture does not list are old and everywhere */
	if (has_line(fc->btf, "tp", name) || has_line(fc->btf, "tp", tp)) {
		char yes[140];

		snprintf(yes, sizeof(yes), "%s yes", name);
		if (has_line(fc->btf, "tp", yes) || strstr(fc->btf, yes))
			return true;
		snprintf(yes, sizeof(yes), "%s yes", tp);
		if (strstr(fc->btf, yes))
			return true;
		snprintf(why, len, "tracepoint %s absent", tp);
		return false;
	}
	return true;
}

static bool fx_ksym(void *ctx, const char *sym)
{
	struct fixture_caps *fc = ctx;

	return has_line(fc->btf, "func", sym);
}

static bool fx_counter(void *ctx, const char *name)
{
	struct fixture_caps *fc = ctx;
	struct kvset s = {};
	double v;
	bool ok = false;

	if (!strncmp(name, "debugfs:", 8))
		return fc->has_debugfs;
	if (!strncmp(name, "vmstat:", 7) && fc->vmstat) {
		parse_key_value(fc->vmstat, &s);
		ok = kvset_get(&s, name + 7, &v);
		kvset_free(&s);
	}
	return ok;
}

/* The tools' request: per-cgroup counts asked for, as with --cgroup. */
static bool plan_cgroup_events = true;

static bool plan_for(const char *ver, bool fentry_refused, bool no_kprobes,
		     bool no_fentry, struct zs_plan *plan, struct fixture_caps *fc)
{
	struct zs_caps caps = {
		.fentry = fx_fentry, .kprobe = fx_kprobe, .tp = fx_tp,
		.ksym = fx_ksym, .counter = fx_counter, .ctx = fc,
		.no_fentry = no_fentry, .cgroup_events = plan_cgroup_events,
	};

	memset(fc, 0, sizeof(*fc));
	fc->btf = fixture(ver, "btf_funcs.txt");
	fc->kfuncs = fixture(ver, "available_filter_functions.txt");
	fc->vmstat = fixture(ver, "proc_vmstat");
	fc->fentry_refused = fentry_refused;
	fc->no_kprobes = no_kprobes;
	fc->has_debugfs = true;
	CHECK(fc->btf != NULL, "%s: btf_funcs.txt fixture missing", ver);
	if (!fc->btf)
		return false;
	return plan_make(plan, &caps) == 0;
}

static void fc_free(struct fixture_caps *fc)
{
	free(fc->btf);
	free(fc->kfuncs);
	free(fc->vmstat);
}

static const char *target(const struct zs_plan *p, enum zs_hook h)
{
	const struct hook_cand *c = plan_hook(p, h);

	return c ? c->target : "none";
}

static enum zs_src msrc(const struct zs_plan *p, const char *metric)
{
	int i = metric_index(metric);

	return i < 0 ? SRC_END : p->metrics[i].src;
}

static void plan_6_1(void)
{
	struct fixture_caps fc;
	struct zs_plan p;

	if (!plan_for("6.1", false, false, false, &p, &fc))
		goto out;
	CHECK(plan_hook_src(&p, HOOK_STORE) == SRC_FENTRY &&
	      !strcmp(target(&p, HOOK_STORE), "zswap_frontswap_store"),
	      "6.1 store via fentry zswap_frontswap_store, got %s",
	      target(&p, HOOK_STORE));
	CHECK(!strcmp(target(&p, HOOK_LOAD), "zswap_frontswap_load"),
	      "6.1 load target %s", target(&p, HOOK_LOAD));
	CHECK(!strcmp(target(&p, HOOK_WB), "zswap_writeback_entry"),
	      "6.1 writeback target %s", target(&p, HOOK_WB));
	CHECK(msrc(&p, "written_back_pages") == SRC_FENTRY, "6.1 wb via fexit");
	CHECK(msrc(&p, "shrink_memcg_calls") == SRC_NONE,
	      "6.1 has no shrink_memcg: n/a");
	CHECK(msrc(&p, "zswpwb") == SRC_NONE, "6.1 has no zswpwb in vmstat");
	CHECK(msrc(&p, "store_latency_ns") == SRC_FENTRY, "6.1 store latency");
	plan_free(&p);
	/* plan_for() reads the fixtures again into fc */
	fc_free(&fc);

	/* --no-fentry: the kprobe path */
	if (!plan_for("6.1", false, false, true, &p, &fc))
		goto out;
	CHECK(plan_hook_src(&p, HOOK_STORE) == SRC_KPROBE &&
	      !strcmp(target(&p, HOOK_STORE), "zswap_frontswap_store"),
	      "6.1 --no-fentry store via kprobe, got %s", src_name(plan_hook_src(&p, HOOK_STORE)));
	CHECK(strstr(p.metrics[metric_index("store_calls")].reason, "--no-fentry") != NULL,
	      "the plan says why fentry was skipped: %s",
	      p.metrics[metric_index("store_calls")].reason);
	plan_free(&p);
out:
	fc_free(&fc);
}

static void plan_6_12(void)
{
	struct fixture_caps fc;
	struct zs_plan p;

	if (!plan_for("6.12", false, false, false, &p, &fc))
		goto out;
	CHECK(!strcmp(target(&p, HOOK_STORE), "zswap_store"),
	      "6.12 store target %s", target(&p, HOOK_STORE));
	CHECK(plan_hook_src(&p, HOOK_SHRINK_MEMCG) == SRC_FENTRY,
	      "6.12 shrink_memcg via fentry");
	CHECK(!strcmp(target(&p, HOOK_SWAPOUT), "swap_writepage"),
	      "6.12 nested swap-out via swap_writepage, got %s",
	      target(&p, HOOK_SWAPOUT));
	CHECK(msrc(&p, "zswpwb") == SRC_COUNTER, "6.12 vmstat has zswpwb");
	CHECK(msrc(&p, "shrinker_scan_calls") == SRC_FENTRY,
	      "6.12 shrinker scans via fentry");
	CHECK(msrc(&p, "shrinker_slab_passes") == SRC_NONE &&
	      strstr(p.metrics[metric_index("shrinker_slab_passes")].reason,
		     "the plan uses fentry zswap_shrinker_scan"),
	      "6.12 slab passes n/a, the reason names the winning flavour: %s",
	      p.metrics[metric_index("shrinker_slab_passes")].reason);
	plan_free(&p);
out:
	fc_free(&fc);
}

static void plan_6_18_host(void)
{
	struct fixture_caps fc;
	struct zs_plan p;
	int i;

	if (!plan_for("6.18", true, true, false, &p, &fc))
		goto out;
	CHECK(plan_hook_src(&p, HOOK_STORE) == SRC_NONE, "host: no store hook");
	CHECK(msrc(&p, "store_calls") == SRC_COUNTER, "host: store_calls from counters");
	CHECK(msrc(&p, "store_latency_ns") == SRC_NONE, "host: no store latency");
	i = metric_index("store_latency_ns");
	CHECK(strstr(p.metrics[i].reason, "Operation not permitted") &&
	      strstr(p.metrics[i].reason, "kprobe"),
	      "host: n/a reason names fentry and kprobe: %s", p.metrics[i].reason);
	CHECK(plan_hook_src(&p, HOOK_WORKER) == SRC_TRACEPOINT,
	      "host: shrink_worker from the workqueue tracepoint");
	CHECK(msrc(&p, "writeback_failures") == SRC_NONE,
	      "host: zswap_writeback_entry inlined, no failure count");
	CHECK(msrc(&p, "swap_write_bios{origin=writeback}") == SRC_TRACEPOINT,
	      "host: bios from block_bio_queue");
	CHECK(msrc(&p, "cgroup_zswpwb") == SRC_TRACEPOINT,
	      "host: per-cgroup events from count_memcg_events");
	i = metric_index("shrinker_scan_calls");
	CHECK(p.metrics[i].src == SRC_NONE &&
	      strstr(p.metrics[i].reason, "once per shrink_slab pass"),
	      "host: the slab tracepoint does not count scan calls: %s",
	      p.metrics[i].reason);
	CHECK(msrc(&p, "shrinker_slab_passes") == SRC_TRACEPOINT &&
	      msrc(&p, "shrinker_freed") == SRC_TRACEPOINT,
	      "host: slab passes and freed from mm_shrink_slab");
	plan_free(&p);
out:
	fc_free(&fc);
}

/*
 * count_memcg_events runs on every memcg event in the system: without a
 * per-cgroup figure asked for it is not attached, the plan says why, the
 * cgroup metrics are n/a rather than zero, and no other hook changes.
 */
static void plan_memcg_events_asked(const char *ver, bool fentry_refused,
				    bool no_kprobes, enum zs_src asked)
{
	struct fixture_caps fc;
	struct zs_plan with, without;
	const char *why;
	int i = metric_index("cgroup_zswpout");

	plan_cgroup_events = true;
	if (!plan_for(ver, fentry_refused, no_kprobes, false, &with, &fc))
		goto out;
	fc_free(&fc);
	plan_cgroup_events = false;
	if (!plan_for(ver, fentry_refused, no_kprobes, false, &without, &fc)) {
		plan_free(&with);
		goto out;
	}
	CHECK(plan_hook_src(&with, HOOK_MEMCG_EVENTS) == asked,
	      "%s: asked for, memcg_events via %s, got %s", ver,
	      src_name(asked), src_name(plan_hook_src(&with, HOOK_MEMCG_EVENTS)));
	CHECK(plan_hook_src(&without, HOOK_MEMCG_EVENTS) == SRC_NONE,
	      "%s: not asked for, count_memcg_events not attached", ver);
	why = without.hooks[HOOK_MEMCG_EVENTS].why[0];
	CHECK(strstr(why, "no per-cgroup figure asked for") != NULL,
	      "%s: the plan says why memcg_events is unused: '%s'", ver, why);
	CHECK(without.metrics[i].src == SRC_NONE &&
	      strstr(without.metrics[i].reason, "no per-cgroup figure asked for"),
	      "%s: cgroup_zswpout n/a with the reason: %s (%s)", ver,
	      without.metrics[i].reason, src_name(without.metrics[i].src));
	for (int h = 0; h < HOOK_NR; h++)
		CHECK(h == HOOK_MEMCG_EVENTS ||
		      plan_hook(&with, h) == plan_hook(&without, h),
		      "%s: hook %s does not depend on --cgroup", ver,
		      hook_def(h)->name);
	for (int m = 0; m < MF_PLANNED_NR; m++)
		CHECK(!strncmp(metric_families[m].name, "cgroup_", 7) ||
		      with.metrics[m].src == without.metrics[m].src,
		      "%s: metric %s does not depend on --cgroup", ver,
		      metric_families[m].name);
	plan_free(&with);
	plan_free(&without);
out:
	plan_cgroup_events = true;
	fc_free(&fc);
}

/*
 * The compression hooks: the crypto call each kernel has out of line
 * (zswap_compress is inlined into zswap_store everywhere), the host's
 * n/a with its reasons, and no crypto hook without the store hook whose
 * stamp tells zswap's calls from other acomp users'.
 */
static void plan_compression(void)
{
	static const struct { const char *ver, *comp, *decomp, *inval; } k[] = {
		{ "6.1", "scomp_acomp_compress", "scomp_acomp_decompress",
		  "zswap_frontswap_invalidate_page" },
		{ "6.12", "scomp_acomp_compress", "scomp_acomp_decompress",
		  "zswap_invalidate" },
		{ "7.3", "crypto_acomp_compress", "crypto_acomp_decompress",
		  "zswap_invalidate" },
	};
	static const char *const hooked[] = { "compress_latency_ns",
		"decompress_latency_ns", "compressed_bytes", "invalidate_calls" };
	struct fixture_caps fc;
	struct zs_plan p;
	int i;

	for (size_t v = 0; v < sizeof(k) / sizeof(k[0]); v++) {
		if (!plan_for(k[v].ver, false, false, false, &p, &fc))
			goto out;
		CHECK(plan_hook_src(&p, HOOK_COMPRESS) == SRC_FENTRY &&
		      !strcmp(target(&p, HOOK_COMPRESS), k[v].comp) &&
		      plan_hook(&p, HOOK_COMPRESS)->counts,
		      "%s: compress via fentry %s (counted), got %s", k[v].ver,
		      k[v].comp, target(&p, HOOK_COMPRESS));
		CHECK(!strcmp(target(&p, HOOK_DECOMPRESS), k[v].decomp),
		      "%s: decompress via %s, got %s", k[v].ver, k[v].decomp,
		      target(&p, HOOK_DECOMPRESS));
		CHECK(!strcmp(target(&p, HOOK_INVALIDATE), k[v].inval),
		      "%s: invalidate via %s, got %s", k[v].ver, k[v].inval,
		      target(&p, HOOK_INVALIDATE));
		for (size_t m = 0; m < sizeof(hooked) / sizeof(hooked[0]); m++)
			CHECK(msrc(&p, hooked[m]) == SRC_FENTRY, "%s: %s via fentry",
			      k[v].ver, hooked[m]);
		plan_free(&p);
		fc_free(&fc);
	}
	/* 6.12: crypto_acomp_compress is an inline, the plan says so */
	if (!plan_for("6.12", false, false, false, &p, &fc))
		goto out;
	CHECK(strstr(p.hooks[HOOK_COMPRESS].why[0], "crypto_acomp_compress not in BTF"),
	      "6.12: why not crypto_acomp_compress: %s", p.hooks[HOOK_COMPRESS].why[0]);
	plan_free(&p);
	fc_free(&fc);

	/* the host: no fentry, no kprobes, no zswap tracepoint: n/a, why */
	if (!plan_for("6.18", true, true, false, &p, &fc))
		goto out;
	for (size_t m = 0; m < sizeof(hooked) / sizeof(hooked[0]); m++) {
		i = metric_index(hooked[m]);
		CHECK(i >= 0 && p.metrics[i].src == SRC_NONE &&
		      strstr(p.metrics[i].reason, "Operation not permitted") &&
		      strstr(p.metrics[i].reason, "kprobe"),
		      "host: %s n/a, fentry and kprobe named: %s", hooked[m],
		      i >= 0 ? p.metrics[i].reason : "no row");
	}
	plan_free(&p);
	fc_free(&fc);

	/* a kernel whose store cannot be hooked: no compress hook either */
	if (!plan_for("6.12", false, false, false, &p, &fc))
		goto out;
	plan_free(&p);
	fc.refuse = "zswap_store";
	{
		struct zs_caps caps = {
			.fentry = fx_fentry, .kprobe = fx_kprobe, .tp = fx_tp,
			.ksym = fx_ksym, .counter = fx_counter, .ctx = &fc,
		};

		plan_make(&p, &caps);
	}
	i = metric_index("compressed_bytes");
	CHECK(plan_hook_src(&p, HOOK_STORE) == SRC_NONE &&
	      plan_hook_src(&p, HOOK_COMPRESS) == SRC_NONE &&
	      strstr(p.metrics[i].reason, "no store hook marks zswap's compress calls"),
	      "no store hook: compressed_bytes n/a: %s", p.metrics[i].reason);
	CHECK(plan_hook_src(&p, HOOK_DECOMPRESS) == SRC_FENTRY,
	      "no store hook: decompress still hooked (the load marks it)");
	plan_free(&p);
out:
	fc_free(&fc);
}

void test_planner(void)
{
	plan_compression();
	plan_6_1();
	plan_6_12();
	plan_6_18_host();
	/* the tracepoint came in 6.14 */
	plan_memcg_events_asked("6.1", false, false, SRC_NONE);
	plan_memcg_events_asked("6.12", false, false, SRC_NONE);
	plan_memcg_events_asked("6.18", true, true, SRC_TRACEPOINT);
}
