// SPDX-License-Identifier: GPL-2.0
/*
 * iocost and writeback stalls: loads bpf/iostall.bpf.c beside a session,
 * and reads its maps and the cgroups' io.stat/pressure files into a
 * window, which iostall_eval.c turns into metrics.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "iostall_session.h"
#include "ksyms.h"
#include "histogram.h"
#include "metric_eval.h"
#include "trace_helpers.h"
#include "zswapstat.skel.h"
#include "iostall.skel.h"

/* Block-layer throttling: where a task sleeps when an IO controller holds it. */
static const struct {
	const char *sym;
	enum is_throttle kind;
} thr_syms[] = {
	{ "ioc_rqos_throttle", IS_THR_IOCOST },
	{ "rq_qos_wait", IS_THR_RQ_QOS },
	{ "blkcg_maybe_throttle_current", IS_THR_BLKCG_DELAY },
	{ "blkcg_maybe_throttle_blkg", IS_THR_BLKCG_DELAY },
	{ "wbt_wait", IS_THR_WBT },
};

#define NR_THR_SYMS (sizeof(thr_syms) / sizeof(thr_syms[0]))

/*
 * [start, end) of a text symbol: end is the next symbol's address, which
 * kallsyms does not give directly; 0, 0 when absent or hidden.
 */
static void ksym_range(const char *name, unsigned long long *lo,
		       unsigned long long *hi)
{
	const struct ksyms *ks = ksyms_cache();

	*lo = ks ? ksyms_addr(ks, name) : 0;
	*hi = *lo ? ksyms_next_addr(ks, name) : 0;
}

static void set_ranges(struct iostall *st)
{
	static const char *const fault_syms[2] = {
		"asm_exc_page_fault", "exc_page_fault",
	};
	unsigned long long lo, hi;
	int nr = 0;

	for (size_t i = 0; i < NR_THR_SYMS && nr < IS_MAX_RANGES; i++) {
		ksym_range(thr_syms[i].sym, &lo, &hi);
		if (!lo || !hi)
			continue;
		st->skel->rodata->thr_lo[nr] = lo;
		st->skel->rodata->thr_hi[nr] = hi;
		st->skel->rodata->thr_kind[nr] = thr_syms[i].kind;
		nr++;
	}
	st->skel->rodata->nr_thr = nr;
	for (int i = 0; i < 2; i++)
		ksym_range(fault_syms[i], &st->skel->rodata->fault_lo[i],
			   &st->skel->rodata->fault_hi[i]);
}

static const char *const iocost_tps[] = {
	"iocost_iocg_activate", "iocost_iocg_idle", "iocost_inuse_shortage",
	"iocost_inuse_transfer", "iocost_inuse_adjust",
	"iocost_iocg_forgive_debt", "iocost_ioc_vrate_adj",
};

/* The iocost programs' slots in the skeleton (a rename fails to compile). */
#define IS_PROG(name) offsetof(struct iostall_bpf, progs.name)
static const size_t iocost_progs[] = {
	IS_PROG(is_iocg_activate), IS_PROG(is_iocg_idle),
	IS_PROG(is_inuse_shortage), IS_PROG(is_inuse_transfer),
	IS_PROG(is_inuse_adjust), IS_PROG(is_forgive_debt),
	IS_PROG(is_vrate_adj),
};

static void read_qos(struct iostall *st)
{
	char path[PATH_MAX + 32], *text;

	snprintf(path, sizeof(path), "%s/%s", st->cgroup_root, IOCOST_QOS_PATH);
	text = read_file(path, 1 << 16);
	st->qos_readable = text != NULL;
	if (!text || parse_iocost_qos(text, &st->qos) < 0)
		memset(&st->qos, 0, sizeof(st->qos));
	free(text);
	snprintf(path, sizeof(path), "%s/cgroup.controllers", st->cgroup_root);
	text = read_file(path, 4096);
	st->io_controller = text && (!strncmp(text, "io", 2) ? (text[2] == ' ' ||
				     text[2] == '\n') : strstr(text, " io ") ||
				     strstr(text, " io\n"));
	free(text);
	text = read_file(BLKCG_DEBUG_STATS, 64);
	st->debug_stats = text && text[0] == 'Y';
	free(text);
}

static int attach(struct iostall *st, struct bpf_program *p,
		  struct zs_error *e)
{
	struct bpf_link *l = bpf_program__attach(p);

	if (!l || libbpf_get_error(l))
		return zs_error_set(e, false, "attaching %s: %s",
				    bpf_program__name(p), strerror(errno));
	if (st->nr_links >= IOSTALL_MAX_LINKS) {
		bpf_link__destroy(l);
		return zs_error_set(e, false, "attaching %s: more than %d "
				    "iostall links", bpf_program__name(p),
				    IOSTALL_MAX_LINKS);
	}
	st->links[st->nr_links++] = l;
	return 0;
}

static unsigned long long read_wb_swap(struct iostall *st)
{
	struct zs_hist_slots h[ZH_NR] = {};

	if (st->zs_hists_fd >= 0)
		percpu_array_sum(st->zs_hists_fd, ZH_NR, sizeof(*h) / sizeof(__u64),
				 (unsigned long long *)h);
	return hist_slots_total(h[ZH_PPB_WRITEBACK].slots);
}

int iostall_open(struct iostall *st, struct session *s, const char *cgroup,
		 bool empty_only, bool verbose, struct zs_error *e)
{
	char why[128], *mounts;
	struct bpf_program *p;
	struct stat sb;
	int err;

	memset(st, 0, sizeof(*st));
	st->empty_only = empty_only;
	st->zs_hists_fd = -1;
	st->zs_cg_bios_fd = -1;
	mounts = read_file("/proc/self/mounts", 1 << 20);
	if (!mounts || !find_cgroup2_root(mounts, st->cgroup_root,
					  sizeof(st->cgroup_root)))
		snprintf(st->cgroup_root, sizeof(st->cgroup_root), "/sys/fs/cgroup");
	free(mounts);
	if (cgroup) {
		if (stat(cgroup, &sb) || !S_ISDIR(sb.st_mode))
			return zs_error_set(e, true, "cgroup %s does not exist",
					    cgroup);
		if (!realpath(cgroup, st->cgroup))
			snprintf(st->cgroup, sizeof(st->cgroup), "%s", cgroup);
		st->cgroup_id = sb.st_ino;
	}
	read_qos(st);

	st->skel = iostall_bpf__open();
	if (!st->skel)
		return zs_error_set(e, false, "opening the iostall BPF object: %s",
				    strerror(errno));
	bpf_object__for_each_program(p, st->skel->obj)
		bpf_program__set_autoload(p, false);
	if (empty_only) {
		bpf_program__set_autoload(st->skel->progs.is_sched_switch_empty, true);
	} else {
		/*
		 * the writeback tags are zswapstat's, the workers' with them,
		 * and so is the write bios' charging (cg_bios)
		 */
		if (!s->opts.iostall_reads)
			return zs_error_set(e, false, "internal: the session "
					    "was opened without iostall_reads");
		if (!plan_hook(&s->plan, HOOK_BIO))
			return zs_error_set(e, true, "block_bio_queue: %s: no "
					    "write bio can be charged to a cgroup",
					    s->plan.metrics[MF_SWAP_WRITE_BIOS].reason);
		/* with the bio hook planned, zswapstat counts the REQ_SWAP
		 * writeback bios too (its hists) */
		st->zs_cg_bios_fd = bpf_map__fd(s->skel->maps.cg_bios);
		st->zs_hists_fd = bpf_map__fd(s->skel->maps.hists);
		err = bpf_map__reuse_fd(st->skel->maps.task_tags,
					bpf_map__fd(s->skel->maps.task_tags));
		if (err)
			return zs_error_set(e, false, "sharing task_tags: %s",
					    strerror(-err));
		set_ranges(st);
		st->skel->rodata->watch_cgid = st->cgroup_id;
		st->has_iocost_tp = true;
		for (size_t i = 0; i < sizeof(iocost_tps) / sizeof(iocost_tps[0]); i++) {
			if (!tp_btf_exists(iocost_tps[i], why, sizeof(why))) {
				st->has_iocost_tp = false;
				snprintf(st->iocost_tp_why, sizeof(st->iocost_tp_why),
					 "%s", why);
				break;
			}
		}
		if (st->has_iocost_tp)
			for (size_t i = 0; i < sizeof(iocost_progs) / sizeof(iocost_progs[0]); i++)
				bpf_program__set_autoload(*(struct bpf_program **)
					((char *)st->skel + iocost_progs[i]), true);
		st->has_switch = tp_btf_exists("sched_switch", why, sizeof(why));
		if (st->has_switch)
			bpf_program__set_autoload(st->skel->progs.is_sched_switch, true);
		else if (s)
			session_note(s, "sched_switch: %s: who sleeps in "
				     "writeback is not measured", why);
		/* a watched cgroup's throttled sleep ends at its wakeup */
		if (st->has_switch && st->cgroup_id) {
			if (tp_btf_exists("sched_waking", why, sizeof(why)))
				bpf_program__set_autoload(st->skel->progs.is_sched_waking,
							  true);
			else if (s)
				session_note(s, "sched_waking: %s: the cgroup's throttled "
					     "sleeps end when it runs again, the run "
					     "queue's latency in them", why);
		}
	}
	if (s)
		session_limit_maps(s, st->skel->obj);
	err = iostall_bpf__load(st->skel);
	if (err)
		return zs_error_set(e, false,
				    "loading iostall programs failed: %s%s",
				    strerror(-err), verbose ? "" :
				    " (run with -v for the verifier log)");
	bpf_object__for_each_program(p, st->skel->obj) {
		err = bpf_program__autoload(p) ? attach(st, p, e) : 0;
		if (err)
			return err;
	}
	return 0;
}

/* cgroup files */

static void cg_files_free(struct cg_files *c)
{
	kvset_free(&c->io_stat);
	kvset_free(&c->io_pressure);
	kvset_free(&c->memory_pressure);
	kvset_free(&c->memory_events);
}

static void cg_list_free(struct cg_list *l)
{
	for (int i = 0; i < l->n; i++)
		cg_files_free(&l->c[i]);
	free(l->c);
	memset(l, 0, sizeof(*l));
}

static void read_parsed(const char *dir, const char *name,
			int (*parse)(const char *, struct kvset *),
			struct kvset *out)
{
	char path[PATH_MAX + 64], *text;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	text = read_file(path, 1 << 20);
	if (text && parse(text, out) < 0)
		kvset_free(out);
	free(text);
}

static void cg_files_read(struct cg_files *c)
{
	char path[PATH_MAX + 64], *text;

	read_parsed(c->path, "io.stat", parse_io_stat, &c->io_stat);
	read_parsed(c->path, "io.pressure", parse_pressure, &c->io_pressure);
	read_parsed(c->path, "memory.pressure", parse_pressure,
		    &c->memory_pressure);
	read_parsed(c->path, "memory.events", parse_key_value,
		    &c->memory_events);
	snprintf(path, sizeof(path), "%s/memory.zswap.current", c->path);
	text = read_file(path, 64);
	c->zswap_current = text ? strtod(text, NULL) : -1;
	free(text);
}

/* nftw has no context argument: the list being filled */
static struct cg_list *walk_list;

static int walk_one(const char *path, const struct stat *sb, int flag,
		    struct FTW *ftw)
{
	struct cg_files *c;

	if (flag != FTW_D || walk_list->n >= IOSTALL_MAX_CGROUPS)
		return 0;
	if (walk_list->n % 32 == 0) {
		c = realloc(walk_list->c, (walk_list->n + 32) * sizeof(*c));
		if (!c)
			return -1;
		walk_list->c = c;
	}
	c = &walk_list->c[walk_list->n++];
	memset(c, 0, sizeof(*c));
	c->id = sb->st_ino;
	snprintf(c->path, sizeof(c->path), "%s", path);
	c->zswap_current = -1;
	return 0;
}

/* Every cgroup's id and path; files are read only for the ones reported. */
static void cg_list_walk(struct iostall *st, struct cg_list *l)
{
	memset(l, 0, sizeof(*l));
	walk_list = l;
	nftw(st->cgroup_root, walk_one, 16, FTW_PHYS | FTW_MOUNT);
	walk_list = NULL;
}

static struct cg_files *cg_find(struct cg_list *l, unsigned long long id)
{
	for (int i = 0; i < l->n; i++)
		if (l->c[i].id == id)
			return &l->c[i];
	return NULL;
}

/* BPF maps */

static void clear_hash(int fd, size_t key_size)
{
	char next[16];

	if (key_size > sizeof(next))
		return;
	/* delete from the start until empty: keys vanish under us */
	while (!bpf_map_get_next_key(fd, NULL, next))
		if (bpf_map_delete_elem(fd, next))
			break;
}

static void read_counters(struct iostall *st, unsigned long long *out)
{
	percpu_array_sum(bpf_map__fd(st->skel->maps.is_counters), IS_C_NR, 1, out);
}

static void read_hists(struct iostall *st, struct is_hist *out)
{
	percpu_array_sum(bpf_map__fd(st->skel->maps.is_hists), IS_H_NR,
			 sizeof(*out) / sizeof(__u64), (unsigned long long *)out);
}

int iostall_begin(struct iostall *st)
{
	if (st->empty_only)
		return 0;
	clear_hash(bpf_map__fd(st->skel->maps.iocgs), sizeof(__u64));
	clear_hash(st->zs_cg_bios_fd, sizeof(__u64));
	clear_hash(bpf_map__fd(st->skel->maps.stall_tasks), sizeof(__u32));
	/* after the clear: a bio between counts in the share's denominator only */
	st->wb_swap_base = read_wb_swap(st);
	st->stopped = false;
	read_counters(st, st->cbase);
	read_hists(st, st->hbase);
	cg_list_free(&st->before);
	cg_list_walk(st, &st->before);
	for (int i = 0; i < st->before.n; i++)
		cg_files_read(&st->before.c[i]);
	read_qos(st);
	return 0;
}

void iostall_stop(struct iostall *st)
{
	unsigned long long a[IS_C_NR], b[IS_C_NR];

	/*
	 * zswapstat's count before iostall's programs detach (and at begin
	 * after its maps are cleared): the REQ_SWAP share errs below 1.
	 */
	if (st->skel && !st->empty_only) {
		st->wb_swap_end = read_wb_swap(st);
		st->stopped = true;
	}
	for (int i = 0; i < st->nr_links; i++)
		bpf_link__destroy(st->links[i]);
	st->nr_links = 0;
	if (!st->skel)
		return;
	/* programs still running on other CPUs finish within a grace period */
	read_counters(st, a);
	for (int i = 0; i < 50; i++) {
		usleep(10000);
		read_counters(st, b);
		if (!memcmp(a, b, sizeof(a)))
			break;
		memcpy(a, b, sizeof(a));
	}
}

/* the window */

static int read_bios(struct iostall *st, struct iostall_bios **rows)
{
	int fd = st->zs_cg_bios_fd, n = 0, max = IS_MAX_CGROUPS;
	unsigned long long key, next, *kp = NULL;

	*rows = calloc(max, sizeof(**rows));
	if (!*rows)
		return -1;
	while (n < max && !bpf_map_get_next_key(fd, kp, &next)) {
		key = next;
		kp = &key;
		if (percpu_hash_sum(fd, &key, sizeof(struct is_cg_bios) /
				    sizeof(__u64), (unsigned long long *)&(*rows)[n].b))
			continue;
		(*rows)[n++].id = key;
	}
	return n;
}

static int read_tasks(struct iostall *st, struct iostall_task **rows)
{
	int fd = bpf_map__fd(st->skel->maps.stall_tasks), n = 0;
	__u32 key, next, *kp = NULL;

	*rows = calloc(IS_MAX_STALL_TASKS, sizeof(**rows));
	if (!*rows)
		return 0;
	while (n < IS_MAX_STALL_TASKS && !bpf_map_get_next_key(fd, kp, &next)) {
		key = next;
		kp = &key;
		if (bpf_map_lookup_elem(fd, &key, &(*rows)[n].t))
			continue;
		(*rows)[n++].tid = key;
	}
	return n;
}

const char *iostall_off_reason(const struct iostall *st)
{
	if (!st->has_iocost_tp)
		return st->iocost_tp_why;
	return iocost_off_reason(st->cgroup_root, &st->qos, st->qos_readable,
				 st->io_controller);
}

static const struct is_cg_bios *bios_of(const struct iostall_bios *rows, int n,
				       unsigned long long id)
{
	for (int i = 0; i < n; i++)
		if (rows[i].id == id)
			return &rows[i].b;
	return NULL;
}

/*
 * Reads the window's end into w: every map row, and the files of
 * --cgroup and of each non-root cgroup the BPF side saw.
 */
int iostall_collect(struct iostall *st, struct metric_set *out)
{
	struct iostall_window w = {};
	struct iostall_bios *bios = NULL;
	struct iostall_cg *cgs = NULL;
	struct is_iocg *igs = NULL;
	unsigned long long key, next, *kp = NULL;
	struct cg_list now;
	bool *report = NULL;
	int fd, err = -1;

	if (st->empty_only)
		return 0;
	read_qos(st);
	w.wb_swap_end = st->stopped ? st->wb_swap_end : read_wb_swap(st);
	cg_list_walk(st, &now);
	w.nr_bios = read_bios(st, &bios);
	report = calloc(now.n ? now.n : 1, sizeof(*report));
	cgs = calloc(now.n ? now.n : 1, sizeof(*cgs));
	igs = calloc(now.n ? now.n : 1, sizeof(*igs));
	if (w.nr_bios < 0 || !report || !cgs || !igs)
		goto out;
	for (int i = 0; i < now.n; i++)
		report[i] = now.c[i].id == st->cgroup_id && st->cgroup_id;
	fd = bpf_map__fd(st->skel->maps.iocgs);
	while (!bpf_map_get_next_key(fd, kp, &next)) {
		key = next;
		kp = &key;
		for (int i = 1; i < now.n; i++)	/* [0] is the root */
			report[i] |= now.c[i].id == key;
	}
	for (int i = 1; i < now.n; i++)
		report[i] |= bios_of(bios, w.nr_bios, now.c[i].id) != NULL;
	for (int i = 0; i < now.n; i++) {
		struct iostall_cg *g = &cgs[w.nr_cgs];

		if (!report[i])
			continue;
		cg_files_read(&now.c[i]);
		g->before = cg_find(&st->before, now.c[i].id);
		g->after = &now.c[i];
		if (!bpf_map_lookup_elem(fd, &now.c[i].id, &igs[w.nr_cgs]))
			g->iocg = &igs[w.nr_cgs];
		g->bios = bios_of(bios, w.nr_bios, now.c[i].id);
		w.nr_cgs++;
	}
	w.cgs = cgs;
	w.bios = bios;
	w.off_why = iostall_off_reason(st);
	w.debug_stats = st->debug_stats;
	memcpy(w.ctr_begin, st->cbase, sizeof(w.ctr_begin));
	memcpy(w.hist_begin, st->hbase, sizeof(w.hist_begin));
	read_counters(st, w.ctr_end);
	read_hists(st, w.hist_end);
	w.wb_swap_begin = st->wb_swap_base;
	w.vrate_last = st->skel->bss->vrate_last;
	w.has_switch = st->has_switch;
	w.cgroup = st->cgroup_id ? st->cgroup : NULL;
	w.nr_tasks = read_tasks(st, &w.tasks);
	err = iostall_eval(&w, out);
	free(w.tasks);
out:
	free(igs);
	free(cgs);
	free(report);
	free(bios);
	cg_list_free(&now);
	return err;
}

void iostall_report(FILE *f, struct iostall *st, const struct metric_set *ms)
{
	const struct metric *tot = metric_set_find_id(ms, MF_WB_OFFCPU_US,
						       NULL, 0);
	struct iostall_task *rows;
	int n;

	if (st->empty_only || !st->skel)
		return;
	fprintf(f, "\nwho sleeps inside zswap writeback (off-CPU time):\n");
	if (!tot || !tot->has_value) {
		fprintf(f, "  n/a: %s\n", tot ? tot->reason : "not collected");
		return;
	}
	n = read_tasks(st, &rows);
	/* an empty distribution: no rows of zeros, no table without rows */
	if (!tot->value && n <= 0) {
		fprintf(f, "  no samples: no task slept inside zswap writeback "
			"in the window\n");
		free(rows);
		return;
	}
	for (int k = 0; k < IS_KIND_NR; k++) {
		struct metric_label kind = { "kind", is_kind_name(k) };
		const struct metric *m, *thr;

		m = metric_set_find_id(ms, MF_WB_OFFCPU_US, &kind, 1);
		thr = metric_set_find_id(ms, MF_WB_THROTTLED_US, &kind, 1);
		if (m && m->has_value)
			fprintf(f, "  %-12s %12.1f ms %5.1f%%, throttled %.1f ms\n",
				is_kind_name(k), m->value / 1000, tot->value ?
				100 * m->value / tot->value : 0,
				thr && thr->has_value ? thr->value / 1000 : 0);
	}
	fprintf(f, "  %-12s %12.1f ms\n", "total", tot->value / 1000);
	for (int t = 1; t < IS_THR_NR; t++) {
		struct metric_label where = { "where", is_throttle_name(t) };
		const struct metric *m;

		m = metric_set_find_id(ms, MF_WB_OFFCPU_THROTTLED, &where, 1);
		if (m && m->has_value && m->value > 0)
			fprintf(f, "  throttled in %-12s %9.1f ms\n", is_throttle_name(t),
				m->value / 1000);
	}
	iostall_tasks_sort(rows, n);
	fprintf(f, "\n  %-16s %8s %-12s %12s %8s %12s %10s\n", "COMM", "TID",
		"KIND", "OFF-CPU ms", "SLEEPS", "THROTTLED ms", "MAX ms");
	for (int i = 0; i < n && i < IOSTALL_TOP_TASKS; i++)
		fprintf(f, "  %-16.16s %8u %-12s %12.1f %8llu %12.1f %10.2f\n",
			rows[i].t.comm, rows[i].tid, is_kind_name(rows[i].t.kind),
			rows[i].t.total_ns / 1e6, rows[i].t.count,
			rows[i].t.throttled_ns / 1e6, rows[i].t.max_ns / 1e6);
	if (n > IOSTALL_TOP_TASKS)
		fprintf(f, "  ... %d more tasks\n", n - IOSTALL_TOP_TASKS);
	free(rows);
}

int iostall_prog_stats(struct iostall *st, struct prog_stats *out, int max)
{
	return st->skel ? object_prog_stats(st->skel->obj, out, max) : 0;
}

void iostall_close(struct iostall *st)
{
	for (int i = 0; i < st->nr_links; i++)
		bpf_link__destroy(st->links[i]);
	st->nr_links = 0;
	iostall_bpf__destroy(st->skel);
	st->skel = NULL;
	cg_list_free(&st->before);
}
