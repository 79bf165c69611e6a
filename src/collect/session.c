// SPDX-License-Identifier: GPL-2.0
/* The shared core: environment checks, planning, loading, collecting. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "cgroup_stats.h"
#include "kernel_funcs.h"
#include "metric_eval.h"
#include "session.h"
#include "ksyms.h"
#include "map_limits.h"
#include "mono_clock.h"
#include "trace_helpers.h"
#include "zswapstat.skel.h"

#define CAP_PERFMON_BIT 38
#define CAP_BPF_BIT 39
#define CAP_SYS_ADMIN_BIT 21

void session_note(struct session *s, const char *fmt, ...)
{
	va_list ap;

	if (s->nr_notes >= MAX_NOTES)
		return;
	va_start(ap, fmt);
	vsnprintf(s->notes[s->nr_notes], sizeof(s->notes[0]), fmt, ap);
	va_end(ap);
	/* once: a plan's fallback loads the object again */
	for (int i = 0; i < s->nr_notes; i++)
		if (!strcmp(s->notes[i], s->notes[s->nr_notes]))
			return;
	s->nr_notes++;
}

void session_limit_maps(struct session *s, struct bpf_object *obj)
{
	const char *spec = getenv(MAP_LIMITS_ENV);
	struct bpf_map *m;

	if (!spec)
		return;
	bpf_object__for_each_map(m, obj) {
		unsigned int n = map_limits_parse(spec, bpf_map__name(m));

		if (n && !bpf_map__set_max_entries(m, n))
			session_note(s, "%s: map %s holds %u entries (test mode)",
				     MAP_LIMITS_ENV, bpf_map__name(m), n);
	}
}

static bool has_cap(unsigned long long eff, int bit)
{
	return eff & (1ULL << bit);
}

int session_check_env(struct zs_error *e)
{
	unsigned long long eff = 0;
	char *status = read_file("/proc/self/status", 1 << 16), *p;

	p = status ? strstr(status, "CapEff:") : NULL;
	if (p)
		eff = strtoull(p + 7, NULL, 16);
	free(status);
	if (!has_cap(eff, CAP_SYS_ADMIN_BIT) &&
	    !(has_cap(eff, CAP_BPF_BIT) && has_cap(eff, CAP_PERFMON_BIT))) {
		return zs_error_set(e, true, "needs root, or CAP_BPF and "
				    "CAP_PERFMON (run with sudo)");
	}
	if (access("/sys/kernel/btf/vmlinux", R_OK))
		return zs_error_set(e, true, "no kernel BTF at /sys/kernel/btf/"
				    "vmlinux (needs CONFIG_DEBUG_INFO_BTF=y)");
	return 0;
}

/* Real capability probes for the planner. */

struct real_caps {
	struct kvset vmstat;
	struct kvset memory_stat;
};

static bool real_fentry(void *ctx, const char *func, char *why, size_t len)
{
	return fentry_can_attach(func, why, len);
}

static bool real_kprobe(void *ctx, const char *func, char *why, size_t len)
{
	return kprobe_exists(func, why, len);
}

static bool real_tp(void *ctx, const char *tp, char *why, size_t len)
{
	return tp_btf_exists(tp, why, len);
}

static bool real_ksym(void *ctx, const char *sym)
{
	return ksym_addr(sym) != 0;
}

static bool real_counter(void *ctx, const char *name)
{
	struct real_caps *rc = ctx;
	const char *colon = strchr(name, ':');
	char path[512];
	double v;

	if (!colon)
		return false;
	if (!strncmp(name, "vmstat:", 7))
		return kvset_get(&rc->vmstat, colon + 1, &v);
	if (!strncmp(name, "memory.stat:", 12))
		return kvset_get(&rc->memory_stat, colon + 1, &v);
	if (!strncmp(name, "debugfs:", 8)) {
		snprintf(path, sizeof(path), "%s/%s", DEBUGFS_ZSWAP, colon + 1);
		return access(path, R_OK) == 0;
	}
	return false;
}

static void env_notes(struct session *s)
{
	const char *note;
	char *swaps;
	struct utsname u;

	if (uname(&u) == 0)
		snprintf(s->kernel_release, sizeof(s->kernel_release), "%s",
			 u.release);
	note = ensure_debugfs();
	if (note)
		session_note(s, "%s", note);
	note = ensure_tracefs();
	if (note)
		session_note(s, "%s", note);
	zswap_params_read(&s->params, ZSWAP_PARAMS);
	if (!strcmp(s->params.enabled, "n/a"))
		session_note(s, "zswap is not built into this kernel");
	else if (s->params.enabled[0] != 'Y')
		session_note(s, "zswap is disabled (echo Y > %s/enabled)",
			     ZSWAP_PARAMS);
	swaps = read_file("/proc/swaps", 1 << 16);
	if (!swaps || !strchr(swaps, '\n') || !strchr(swaps, '\n')[1])
		session_note(s, "no swap is active: zswap stores nothing "
			     "without a swap device");
	free(swaps);
	if (access(DEBUGFS_ZSWAP, R_OK))
		session_note(s, "%s is absent: debugfs counters are n/a",
			     DEBUGFS_ZSWAP);
}

int session_plan(struct session *s, const struct session_opts *opts)
{
	struct real_caps rc = {};
	struct zs_caps caps = {
		.fentry = real_fentry,
		.kprobe = real_kprobe,
		.tp = real_tp,
		.ksym = real_ksym,
		.counter = real_counter,
		.ctx = &rc,
		.no_fentry = opts->no_fentry,
		.no_kprobe = opts->no_kprobe,
		.cgroup_events = opts->cgroup || opts->cgroup_table,
	};
	char path[PATH_MAX + 16], *text;
	int err;

	memset(s, 0, sizeof(*s));
	s->opts = *opts;
	s->stats_fd = -1;
	env_notes(s);
	text = read_file("/proc/vmstat", 1 << 20);
	if (text)
		parse_key_value(text, &rc.vmstat);
	free(text);
	if (opts->cgroup) {
		snprintf(path, sizeof(path), "%s/memory.stat", opts->cgroup);
		text = read_file(path, 1 << 20);
		if (text)
			parse_key_value(text, &rc.memory_stat);
		free(text);
	}
	err = plan_make(&s->plan, &caps);
	kvset_free(&rc.vmstat);
	kvset_free(&rc.memory_stat);
	return err ? zs_error_set(&s->error, false, "planning: out of memory") : 0;
}

/* BPF programs that implement each flavour of each hook: entry, exit. */
struct hook_progs {
	enum zs_hook hook;
	enum zs_src kind;
	bool counts;		/* the counting exit variant */
	size_t entry, exit;	/* PROG() of the skeleton's programs; exit 0: none */
};

/* A program's slot in the skeleton: a renamed program fails to compile. */
#define PROG(name) offsetof(struct zswapstat_bpf, progs.name)

static const struct hook_progs hook_progs[] = {
	{ HOOK_STORE, SRC_FENTRY, true, PROG(fe_store), PROG(fx_store) },
	{ HOOK_STORE, SRC_KPROBE, true, PROG(kp_store), PROG(krp_store) },
	{ HOOK_LOAD, SRC_FENTRY, true, PROG(fe_load), PROG(fx_load) },
	{ HOOK_LOAD, SRC_KPROBE, true, PROG(kp_load), PROG(krp_load) },
	{ HOOK_WB, SRC_FENTRY, true, PROG(fe_wb), PROG(fx_wb) },
	{ HOOK_WB, SRC_FENTRY, false, PROG(fe_wb), PROG(fx_wb_nocount) },
	{ HOOK_WB, SRC_KPROBE, true, PROG(kp_wb), PROG(krp_wb) },
	{ HOOK_WB, SRC_KPROBE, false, PROG(kp_wb), PROG(krp_wb_nocount) },
	{ HOOK_WORKER, SRC_FENTRY, false, PROG(fe_shrink_worker), PROG(fx_shrink_worker) },
	{ HOOK_WORKER, SRC_KPROBE, false, PROG(kp_shrink_worker), PROG(krp_shrink_worker) },
	{ HOOK_WORKER, SRC_TRACEPOINT, false, PROG(tp_wq_start), PROG(tp_wq_end) },
	{ HOOK_SHRINK_MEMCG, SRC_FENTRY, false, PROG(fe_shrink_memcg), 0 },
	{ HOOK_SHRINK_MEMCG, SRC_KPROBE, false, PROG(kp_shrink_memcg), 0 },
	{ HOOK_SCAN, SRC_FENTRY, true, PROG(fe_shrinker_scan), PROG(fx_shrinker_scan) },
	{ HOOK_SCAN, SRC_KPROBE, true, PROG(kp_shrinker_scan), PROG(krp_shrinker_scan) },
	{ HOOK_SCAN, SRC_TRACEPOINT, false, PROG(tp_slab_start), PROG(tp_slab_end) },
	{ HOOK_SWAPOUT, SRC_FENTRY, false, PROG(fe_swapout), PROG(fx_swapout) },
	{ HOOK_SWAPOUT, SRC_KPROBE, false, PROG(kp_swapout), PROG(krp_swapout) },
	{ HOOK_BIO, SRC_TRACEPOINT, false, PROG(tp_bio_queue), 0 },
	{ HOOK_MEMCG_EVENTS, SRC_TRACEPOINT, false, PROG(tp_memcg_events), 0 },
	{ HOOK_INVALIDATE, SRC_FENTRY, false, PROG(fe_invalidate), 0 },
	{ HOOK_INVALIDATE, SRC_KPROBE, false, PROG(kp_invalidate), 0 },
	{ HOOK_COMPRESS, SRC_FENTRY, true, PROG(fe_compress), PROG(fx_compress) },
	{ HOOK_COMPRESS, SRC_KPROBE, true, PROG(kp_compress), PROG(krp_compress) },
	{ HOOK_DECOMPRESS, SRC_FENTRY, true, PROG(fe_decompress), PROG(fx_decompress) },
	{ HOOK_DECOMPRESS, SRC_KPROBE, true, PROG(kp_decompress), PROG(krp_decompress) },
};

#define NR_HOOK_PROGS (sizeof(hook_progs) / sizeof(hook_progs[0]))

static bool hook_progs_match(const struct hook_progs *hp,
			     const struct hook_cand *c)
{
	if (hp->kind != c->kind)
		return false;
	/* tracepoint rows have one variant; others pick by counting */
	return hp->kind == SRC_TRACEPOINT || hp->counts == c->counts;
}

static struct bpf_program *skel_prog(const struct session *s, size_t prog)
{
	return *(struct bpf_program **)((char *)s->skel + prog);
}

static int enable_prog(struct session *s, size_t prog,
		       const struct hook_cand *c)
{
	struct bpf_program *p = skel_prog(s, prog);

	bpf_program__set_autoload(p, true);
	if (c->kind == SRC_FENTRY)
		return bpf_program__set_attach_target(p, 0, c->target);
	return 0;
}

/*
 * shrink_worker's runs on the workqueue tracepoints, with nobody reading
 * their tags (the events' run times, iostall): counted at the start, and
 * a bio tells a worker's writeback by the workqueue's current_func.
 */
static bool worker_by_func(const struct session *s)
{
	const struct hook_cand *c = plan_hook(&s->plan, HOOK_WORKER);

	return c && c->kind == SRC_TRACEPOINT && !s->opts.iostall_reads &&
	       !s->opts.bio_events;
}

static int configure_progs(struct session *s)
{
	struct bpf_program *p;
	int err;

	bpf_object__for_each_program(p, s->skel->obj)
		bpf_program__set_autoload(p, false);
	for (size_t i = 0; i < NR_HOOK_PROGS; i++) {
		const struct hook_progs *hp = &hook_progs[i];
		const struct hook_cand *c = plan_hook(&s->plan, hp->hook);

		if (!c || !hook_progs_match(hp, c))
			continue;
		err = enable_prog(s, hp->entry, c);
		if (!err && hp->exit)
			err = enable_prog(s, hp->exit, c);
		if (err)
			return err;
	}
	/* no tag to drop at the end of the run */
	if (worker_by_func(s))
		bpf_program__set_autoload(s->skel->progs.tp_wq_end, false);
	return 0;
}

/* The address of row id's function on this kernel, or 0. */
static unsigned long long kfunc_addr(enum kfunc_id id)
{
	const struct kfunc_name *fn = kfunc_present(id, KFN_HOOK, real_ksym, NULL);

	return fn ? ksym_addr(fn->name) : 0;
}

static void set_rodata(struct session *s)
{
	const struct hook_cand *c;
	int is_bool;

	c = plan_hook(&s->plan, HOOK_STORE);
	if (c) {
		is_bool = btf_func_returns_bool(c->target);
		s->skel->rodata->store_ret_kind = is_bool == 0 ?
			ZS_RET_ZERO_OK : ZS_RET_BOOL_TRUE_OK;
	}
	c = plan_hook(&s->plan, HOOK_LOAD);
	if (c) {
		is_bool = btf_func_returns_bool(c->target);
		s->skel->rodata->load_ret_kind = is_bool == 0 ?
			ZS_RET_ZERO_OK : ZS_RET_BOOL_TRUE_OK;
	}
	s->skel->rodata->wb_in_swapout =
		!btf_func_exists(kfunc_rows[KF_SHRINK_MEMCG].names[0].name);
	s->skel->rodata->shrink_worker_addr = kfunc_addr(KF_SHRINK_WORKER);
	s->skel->rodata->shrinker_scan_addr = kfunc_addr(KF_SHRINKER_SCAN);
	if (s->opts.slow_ns)
		s->skel->rodata->slow_ns = s->opts.slow_ns;
	s->skel->rodata->emit_events = s->opts.bio_events;
	s->skel->rodata->worker_by_func = worker_by_func(s);
	s->skel->rodata->cgroup_bios = s->opts.iostall_reads;
	/* nobody reads it: one element, not IS_MAX_CGROUPS per CPU */
	if (!s->opts.iostall_reads)
		bpf_map__set_max_entries(s->skel->maps.cg_bios, 1);
}

/* Kprobes are attached by name, since the name differs per kernel. */
static int attach_progs(struct session *s)
{
	for (size_t i = 0; i < NR_HOOK_PROGS; i++) {
		const struct hook_progs *hp = &hook_progs[i];
		const struct hook_cand *c = plan_hook(&s->plan, hp->hook);
		const size_t progs[2] = { hp->entry, hp->exit };

		if (!c || !hook_progs_match(hp, c))
			continue;
		for (int k = 0; k < 2 && progs[k]; k++) {
			struct bpf_program *p = skel_prog(s, progs[k]);
			struct bpf_link *l;

			if (!bpf_program__autoload(p))
				continue;

			if (c->kind == SRC_KPROBE)
				l = bpf_program__attach_kprobe(p, k == 1,
							       c->target);
			else
				l = bpf_program__attach(p);
			if (!l || libbpf_get_error(l))
				return zs_error_set(&s->error, false,
						    "attaching %s to %s: %s",
						    bpf_program__name(p), c->target,
						    strerror(errno));
			if (s->nr_links >= MAX_LINKS)
				return -1;
			s->links[s->nr_links++] = l;
		}
	}
	return 0;
}

static int handle_event(void *ctx, void *data, size_t len)
{
	struct session *s = ctx;

	if (len < sizeof(struct zs_event))
		return 0;
	s->events++;
	if (s->opts.on_event)
		return s->opts.on_event(s->opts.event_ctx, data);
	return 0;
}


/* Quiet unless -v: probe failures are expected and the plan reports them. */

static int try_load(struct session *s)
{
	int err;

	s->skel = zswapstat_bpf__open();
	if (!s->skel)
		return -errno;
	set_rodata(s);
	session_limit_maps(s, s->skel->obj);
	err = configure_progs(s);
	if (!err)
		err = zswapstat_bpf__load(s->skel);
	if (err) {
		zswapstat_bpf__destroy(s->skel);
		s->skel = NULL;
	}
	return err;
}

static unsigned long long cgroup_id_of(const char *path)
{
	struct stat st;

	return stat(path, &st) ? 0 : st.st_ino;
}

int session_open(struct session *s, const struct session_opts *opts)
{
	struct zs_error env;
	int err;

	if (session_check_env(&env)) {
		memset(s, 0, sizeof(*s));
		s->error = env;
		return -1;
	}
	if (opts->cgroup && access(opts->cgroup, F_OK)) {
		memset(s, 0, sizeof(*s));
		return zs_error_set(&s->error, true, "cgroup %s does not exist",
				    opts->cgroup);
	}
	libbpf_verbosity(opts->verbose);
	if (session_plan(s, opts))
		return -1;
	err = try_load(s);
	if (err && !s->opts.no_fentry) {
		/*
		 * A probe said yes and the verifier said no: degrade. The
		 * options are copied first, since session_plan() clears *s.
		 */
		struct session_opts retry = s->opts;
		int load_err = err;

		retry.no_fentry = true;
		plan_free(&s->plan);
		if (session_plan(s, &retry))
			return -1;
		session_note(s, "load with fentry failed (%s): using kprobes",
			     strerror(-load_err));
		err = try_load(s);
	}
	if (err)
		return zs_error_set(&s->error, false, "loading BPF programs "
				    "failed: %s (run with -v for the verifier "
				    "log)", strerror(-err));
	if (attach_progs(s))
		return -1;
	s->rb = ring_buffer__new(bpf_map__fd(s->skel->maps.events),
				 handle_event, s, NULL);
	if (!s->rb)
		return zs_error_set(&s->error, false, "ring buffer: %s",
				    strerror(errno));
	if (opts->self_stats) {
		s->stats_fd = bpf_enable_stats(BPF_STATS_RUN_TIME);
		if (s->stats_fd < 0)
			session_note(s, "bpf_stats unavailable: %s",
				     strerror(errno));
	}
	if (opts->cgroup)
		s->cgroup_id = cgroup_id_of(opts->cgroup);
	s->cgroup_counts_fd = bpf_map__fd(s->skel->maps.cgroup_counts);
	return 0;
}

static void read_hists(struct session *s, struct zs_hist_slots *out)
{
	percpu_array_sum(bpf_map__fd(s->skel->maps.hists), ZH_NR,
			 sizeof(*out) / sizeof(__u64), (unsigned long long *)out);
}

/*
 * The counters and the histograms, each map read once; the bio counters
 * are the pages-per-bio histograms' counts and sums.
 */
static void read_maps(struct session *s, unsigned long long *ctr,
		      struct zs_hist_slots *hist)
{
	percpu_array_sum(bpf_map__fd(s->skel->maps.counters), ZC_NR, 1, ctr);
	read_hists(s, hist);
	bio_counters_from_hists(hist, ctr);
}

/* The counters alone, bios included (settle()'s test of stillness). */
static void read_counters(struct session *s, unsigned long long *out)
{
	struct zs_hist_slots h[ZH_NR];

	read_maps(s, out, h);
}

static void read_cgroup_counts(struct session *s, struct zs_cgroup_counts *out)
{
	memset(out, 0, sizeof(*out));
	if (s->cgroup_id)
		cgroup_counts_lookup(s->cgroup_counts_fd, s->cgroup_id, out);
}

/* One sample of the levels, t seconds into the window, from snap. */
static int levels_sample(struct session *s, const struct zs_snapshot *snap,
			 double t, bool tick)
{
	struct metric_window w = {
		.plan = &s->plan, .cgroup = s->opts.cgroup,
		.before = snap, .after = snap,
	};
	struct metric_set *set = &s->level_set;

	/* the last sample's slots are reused: a level not read now is n/a */
	for (size_t i = 0; i < set->n; i++)
		set->m[i].has_value = false;
	return metric_eval_levels(&w, set) |
	       level_sampler_add(&s->levels, set, t, tick);
}

/* The window's first sample of the levels: its start, and what to read. */
static int levels_begin(struct session *s)
{
	level_sampler_free(&s->levels);
	level_files_close(&s->level_files);
	metric_set_free(&s->level_set);
	s->ticks = 0;
	if (!s->opts.level_stats)
		return 0;
	if (level_files_open(&s->level_files, &s->before, DEBUGFS_ZSWAP,
			     s->opts.cgroup))
		return -1;
	return levels_sample(s, &s->before, 0, false);
}

static void levels_tick(struct session *s)
{
	struct zs_snapshot snap;

	if (!s->opts.level_stats || ++s->ticks % LEVEL_TICK_EVERY)
		return;
	level_files_read(&s->level_files, &snap);
	/* a sample lost to ENOMEM leaves the statistics one sample short */
	levels_sample(s, &snap, mono_s() - s->t_begin, true);
	snapshot_free(&snap);
}

/* The last sample (the window's end, after) and the statistics. */
static int levels_collect(struct session *s, const struct zs_snapshot *after,
			  struct metric_set *out, size_t from)
{
	double t = mono_s() - s->t_begin;

	if (!s->opts.level_stats)
		return 0;
	if (levels_sample(s, after, t, false))
		return -1;
	return level_stats_eval(&s->levels, out, from, out->n, t);
}

int session_begin(struct session *s)
{
	enum cgroup_counts_src src;
	bool wb;

	/* the record's header: the values the window starts with */
	zswap_params_read(&s->params, ZSWAP_PARAMS);
	if (!s->param_files.opened)
		zswap_param_files_open(&s->param_files, ZSWAP_PARAMS);
	param_watch_start(&s->watch, &s->params);
	s->noted = s->dropped_noted = 0;
	s->t_begin = mono_s();
	snapshot_free(&s->before);
	read_maps(s, s->base, s->hbase);
	read_cgroup_counts(s, &s->cg_base);
	/* every cgroup's base, for cgroup_table_read() */
	cgroup_counts_free(&s->cg_bases);
	if (s->opts.cgroup_table)
		cgroup_counts_snapshot(s, &s->cg_bases, &src, &wb);
	if (snapshot_take(&s->before, DEBUGFS_ZSWAP, s->opts.cgroup) ||
	    levels_begin(s))
		return -1;
	return 0;
}

static void params_sample(struct session *s)
{
	struct zswap_params now;

	if (s->param_files.opened)
		zswap_param_files_read(&s->param_files, &now);
	else
		zswap_params_read(&now, ZSWAP_PARAMS);
	param_watch_sample(&s->watch, &now, mono_s() - s->t_begin);
}

void session_tick(struct session *s)
{
	params_sample(s);
	levels_tick(s);
}

/* Events are submitted without wakeups: wait, then drain. */
int session_poll(struct session *s, int timeout_ms)
{
	int n = ring_buffer__poll(s->rb, timeout_ms);

	if (n == -EINTR)
		n = 0;
	if (n >= 0)
		n += ring_buffer__consume(s->rb);
	return n;
}

static void detach_all(struct session *s)
{
	for (int i = 0; i < s->nr_links; i++)
		bpf_link__destroy(s->links[i]);
	s->nr_links = 0;
}

/*
 * Tracepoint unregistration frees its probes after an RCU grace period, so
 * a program that was running on another CPU can still add to a counter or
 * reserve an event after detach returns. Wait until the counters hold
 * still, so the final drain sees every event they counted.
 */
static void settle(struct session *s)
{
	unsigned long long a[ZC_NR], b[ZC_NR];

	read_counters(s, a);
	for (int i = 0; i < 50; i++) {
		usleep(10000);
		read_counters(s, b);
		if (!memcmp(a, b, sizeof(a)))
			return;
		memcpy(a, b, sizeof(a));
	}
}

void session_stop(struct session *s)
{
	detach_all(s);
	settle(s);
}

/*
 * What changed under the window: a record that mixed two configurations,
 * or lost a counter source, must say so (and is not complete). Changes
 * of zswap's parameters are noted once each, one note a parameter.
 */
static void window_changes(struct session *s, const struct zs_snapshot *after)
{
	struct param_watch *w = &s->watch;
	char note[sizeof(s->notes[0])];

	s->window_changed = false;
	if (s->before.has_debugfs && !after->has_debugfs) {
		session_note(s, "debugfs zswap/ could not be read at the end of the "
			     "window (unmounted?): its counters are n/a");
		s->window_changed = true;
	}
	if (s->before.has_cgroup && !after->has_cgroup) {
		/* the path last: a long one is cut, not the sentence */
		session_note(s, "the cgroup's files could not be read at the end "
			     "of the window (removed?), its file counters are n/a: %s",
			     s->opts.cgroup);
		s->window_changed = true;
	}
	params_sample(s);
	for (int i = 0; i < ZSWAP_NR_PARAMS; i++)
		if (param_watch_describe(w, s->noted, i, note, sizeof(note)))
			session_note(s, "%s", note);
	if (w->dropped > s->dropped_noted)
		session_note(s, "zswap's parameters changed %d more times during "
			     "the window", w->dropped - s->dropped_noted);
	if (w->n > s->noted || w->dropped > s->dropped_noted)
		s->window_changed = true;
	s->noted = w->n;
	s->dropped_noted = w->dropped;
	s->params = w->seen;	/* a periodic tool's next window starts from here */
}

int session_collect(struct session *s, struct metric_set *out)
{
	struct zs_snapshot after = {};
	struct metric_window w = {
		.plan = &s->plan,
		.cgroup = s->opts.cgroup,
		.cgroup_counted = s->cgroup_id != 0,
		.compressor = s->params.compressor[0] &&
			      strcmp(s->params.compressor, "n/a") ?
			      s->params.compressor : NULL,
		.before = &s->before,
		.after = &after,
	};
	size_t from = out->n;
	int err;

	/* after session_stop() this drains every event the counters saw */
	ring_buffer__consume(s->rb);
	read_maps(s, w.ctr, w.hist);
	read_cgroup_counts(s, &w.cg);
	for (int k = 0; k < ZC_NR; k++)
		w.ctr[k] -= s->base[k];
	for (int k = 0; k < ZH_NR; k++) {
		for (int i = 0; i < ZS_HIST_SLOTS; i++)
			w.hist[k].slots[i] -= s->hbase[k].slots[i];
		w.hist[k].sum -= s->hbase[k].sum;
	}
	w.cg.zswpout -= s->cg_base.zswpout;
	w.cg.zswpin -= s->cg_base.zswpin;
	w.cg.zswpwb -= s->cg_base.zswpwb;
	if (snapshot_take(&after, DEBUGFS_ZSWAP, s->opts.cgroup))
		return -1;
	window_changes(s, &after);
	err = metric_eval(&w, out);
	if (!err)
		err = levels_collect(s, &after, out, from);
	snapshot_free(&after);
	return err;
}

int session_prog_stats(struct session *s, struct prog_stats *out, int max)
{
	return object_prog_stats(s->skel->obj, out, max);
}

void session_close(struct session *s)
{
	detach_all(s);
	ring_buffer__free(s->rb);
	s->rb = NULL;
	zswapstat_bpf__destroy(s->skel);
	s->skel = NULL;
	if (s->stats_fd >= 0)
		close(s->stats_fd);
	snapshot_free(&s->before);
	cgroup_counts_free(&s->cg_bases);
	level_sampler_free(&s->levels);
	level_files_close(&s->level_files);
	metric_set_free(&s->level_set);
	zswap_param_files_close(&s->param_files);
	plan_free(&s->plan);
}

void plan_print(FILE *f, const struct zs_plan *plan)
{
	fprintf(f, "%-16s %-11s %-28s %s\n", "HOOK", "SOURCE", "TARGET",
		"SKIPPED");
	for (int h = 0; h < HOOK_NR; h++) {
		const struct hook_cand *c = plan_hook(plan, h);
		const struct hook_choice *hc = &plan->hooks[h];

		fprintf(f, "%-16s %-11s %-28s", hook_def(h)->name,
			src_name(c ? c->kind : SRC_NONE), c ? c->target : "-");
		for (int i = 0; i < MAX_CANDS; i++) {
			if (!hc->why[i][0] || i == hc->chosen)
				continue;
			if (hc->chosen >= 0 && i > hc->chosen)
				break;
			fprintf(f, " [%s %s: %s]",
				src_name(hook_def(h)->cands[i].kind),
				hook_def(h)->cands[i].target, hc->why[i]);
		}
		fputc('\n', f);
	}
	fprintf(f, "\n%-36s %-11s %s\n", "METRIC", "SOURCE", "WHY NOT RICHER / N/A");
	for (int m = 0; m < MF_PLANNED_NR; m++) {
		const struct metric_choice *mc = &plan->metrics[m];
		char name[METRIC_NAME_LEN];

		for (int v = 0; !plan_metric_name(m, v, name, sizeof(name)); v++)
			fprintf(f, "%-36s %-11s %s\n", name, src_name(mc->src),
				mc->reason);
	}
}
