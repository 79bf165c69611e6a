// SPDX-License-Identifier: GPL-2.0
/*
 * iocost and writeback stalls: loads bpf/iostall.bpf.c beside a session,
 * and turns its maps and the cgroups' io.stat/pressure files into
 * per-cgroup metrics.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "iostall_session.h"
#include "ksyms.h"
#include "map_limits.h"
#include "trace_helpers.h"
#include "zswapstat.skel.h"
#include "iostall.skel.h"

static const char *const kind_names[IS_KIND_NR] = {
	[IS_KIND_KWORKER] = "kworker",
	[IS_KIND_KTHREAD] = "kthread",
	[IS_KIND_APP_FAULT] = "app_fault",
	[IS_KIND_APP_RECLAIM] = "app_reclaim",
	[IS_KIND_APP_OTHER] = "app_other",
};

static const char *const thr_names[IS_THR_NR] = {
	[IS_THR_NONE] = "none",
	[IS_THR_IOCOST] = "iocost",
	[IS_THR_RQ_QOS] = "rq_qos",
	[IS_THR_BLKCG_DELAY] = "blkcg_delay",
	[IS_THR_WBT] = "wbt",
};

const char *is_kind_name(int kind)
{
	return kind >= 0 && kind < IS_KIND_NR ? kind_names[kind] : "?";
}

const char *is_throttle_name(int thr)
{
	return thr >= 0 && thr < IS_THR_NR ? thr_names[thr] : "?";
}

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

static const char *const iocost_progs[] = {
	"is_iocg_activate", "is_iocg_idle", "is_inuse_shortage",
	"is_inuse_transfer", "is_inuse_adjust", "is_forgive_debt",
	"is_vrate_adj",
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

int iostall_open(struct iostall *st, struct session *s, const char *cgroup,
		 bool empty_only, bool verbose, struct zs_error *e)
{
	char why[128], *mounts;
	struct bpf_program *p;
	struct stat sb;
	int err;

	memset(st, 0, sizeof(*st));
	st->empty_only = empty_only;
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
		/* the writeback tags are zswapstat's */
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
				bpf_program__set_autoload(bpf_object__find_program_by_name(
					st->skel->obj, iocost_progs[i]), true);
		bpf_program__set_autoload(st->skel->progs.is_bio_queue, true);
		st->has_switch = tp_btf_exists("sched_switch", why, sizeof(why));
		if (st->has_switch)
			bpf_program__set_autoload(st->skel->progs.is_sched_switch, true);
		else
			fprintf(stderr, "warning: sched_switch: %s\n", why);
	}
	map_limits_apply(st->skel->obj);
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
	clear_hash(bpf_map__fd(st->skel->maps.cg_bios), sizeof(__u64));
	clear_hash(bpf_map__fd(st->skel->maps.stall_tasks), sizeof(__u32));
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

/* metrics */

/* The cgroup label of a cgroup's metrics (its path, cut at 120 bytes). */
static struct metric_label cg_label(const struct cg_files *c, char *buf,
				    size_t len)
{
	snprintf(buf, len, "%.120s", c->path);
	return (struct metric_label){ "cgroup", buf };
}

static bool kv_delta(const struct kvset *a, const struct kvset *b,
		     const char *key, double *out)
{
	double va = 0, vb;

	if (!kvset_get(b, key, &vb))
		return false;
	kvset_get(a, key, &va);	/* absent before: the cgroup is new */
	*out = vb - va;
	return true;
}

static bool io_stat_delta(const struct kvset *a, const struct kvset *b,
			  const char *key, double *out)
{
	double va = 0, vb;

	if (!io_stat_sum(b, key, &vb))
		return false;
	io_stat_sum(a, key, &va);
	*out = vb - va;
	return true;
}

static const char *debug_off_reason(void)
{
	return "io.stat prints cost.wait/indebt/indelay only with debug "
	       "stats: set blk_cgroup.blkcg_debug_stats=Y (kernel command "
	       "line, or " BLKCG_DEBUG_STATS ")";
}

struct cost_key {
	int metric;		/* BPF-derived, falls back to io.stat */
	int io_metric;		/* io.stat's own figure */
	const char *io_stat;	/* io.stat key */
	size_t off;		/* in struct is_iocg_stat */
	bool debug;		/* io.stat prints it only with debug stats */
};

static const struct cost_key cost_keys[] = {
	{ MF_IOCOST_DEBT, MF_IO_STAT_COST_INDEBT, "cost.indebt",
	  offsetof(struct is_iocg_stat, indebt_us), true },
	{ MF_IOCOST_WAIT, MF_IO_STAT_COST_WAIT, "cost.wait",
	  offsetof(struct is_iocg_stat, wait_us), true },
	{ MF_IOCOST_INDELAY, MF_IO_STAT_COST_INDELAY, "cost.indelay",
	  offsetof(struct is_iocg_stat, indelay_us), true },
	{ MF_IOCOST_USAGE, MF_IO_STAT_COST_USAGE, "cost.usage",
	  offsetof(struct is_iocg_stat, usage_us), false },
};

static unsigned long long stat_at(const struct is_iocg_stat *s, size_t off)
{
	return *(const unsigned long long *)((const char *)s + off);
}

static void add_iocost(struct iostall *st, struct metric_set *out,
		       const struct cg_files *b, const struct cg_files *a,
		       const struct is_iocg *ig, const char *off_why)
{
	char path[128], why[256];
	struct metric_label cg = cg_label(a, path, sizeof(path));

	for (size_t k = 0; k < sizeof(cost_keys) / sizeof(cost_keys[0]); k++) {
		const struct cost_key *ck = &cost_keys[k];
		bool have_ctr;
		double ctr = 0;

		have_ctr = io_stat_delta(&b->io_stat, &a->io_stat, ck->io_stat, &ctr);
		if (off_why) {
			metric_add_na(out, ck->metric, &cg, 1, off_why);
			metric_add_na(out, ck->io_metric, &cg, 1, off_why);
			continue;
		}
		if (have_ctr)
			metric_add(out, ck->io_metric, &cg, 1, SRC_COUNTER, ctr);
		else
			metric_add_na(out, ck->io_metric, &cg, 1,
				      ck->debug && !st->debug_stats ?
				      debug_off_reason() :
				      "io.stat of this cgroup has no such key");
		if (ig) {
			metric_add(out, ck->metric, &cg, 1, SRC_TRACEPOINT,
				   stat_at(&ig->last, ck->off) -
				   stat_at(&ig->first, ck->off));
		} else if (have_ctr) {
			/* no iocost event for the cgroup: io.stat, said so */
			metric_add(out, ck->metric, &cg, 1, SRC_COUNTER, ctr);
		} else {
			snprintf(why, sizeof(why), "no iocost event for this "
				 "cgroup in the window%s%s", ck->debug &&
				 !st->debug_stats ? ", and " : "",
				 ck->debug && !st->debug_stats ?
				 debug_off_reason() : "");
			metric_add_na(out, ck->metric, &cg, 1, why);
		}
	}
	if (off_why) {
		metric_add_na(out, MF_IOCOST_FORGIVE, &cg, 1, off_why);
		return;
	}
	metric_add(out, MF_IOCOST_FORGIVE, &cg, 1, SRC_TRACEPOINT,
		   ig ? ig->events[IS_EV_FORGIVE_DEBT] : 0);
	metric_add(out, MF_IOCOST_ACTIVATIONS, &cg, 1, SRC_TRACEPOINT,
		   ig ? ig->events[IS_EV_ACTIVATE] : 0);
	metric_add(out, MF_IOCOST_INUSE_ADJ, &cg, 1, SRC_TRACEPOINT,
		   ig ? ig->events[IS_EV_INUSE_SHORTAGE] +
		   ig->events[IS_EV_INUSE_TRANSFER] +
		   ig->events[IS_EV_INUSE_ADJUST] : 0);
	if (ig)
		metric_add(out, MF_IOCOST_DELAY_MAX, &cg, 1, SRC_TRACEPOINT, ig->delay_max_us);
	else
		metric_add_na(out, MF_IOCOST_DELAY_MAX, &cg, 1, "no iocost event for this cgroup");
	/* abs_vdebt is device vtime: 2^37 per second at 100% vrate */
	if (ig)
		metric_add(out, MF_IOCOST_DEBT_MAX, &cg, 1, SRC_TRACEPOINT,
			   ig->vdebt_max / ((double)(1ULL << 37) / 1e6));
	else
		metric_add_na(out, MF_IOCOST_DEBT_MAX, &cg, 1, "no iocost event for this cgroup");
	if (ig && ig->hweight_inuse)
		metric_add(out, MF_IOCOST_HWEIGHT_INUSE, &cg, 1, SRC_TRACEPOINT,
			   ig->hweight_inuse * 100.0 / 65536);
	else
		metric_add_na(out, MF_IOCOST_HWEIGHT_INUSE, &cg, 1, "no inuse_* event for this cgroup");
}

static void add_counters(struct metric_set *out, const struct cg_files *b,
			 const struct cg_files *a)
{
	char path[128];
	struct metric_label cg = cg_label(a, path, sizeof(path));
	double v;

	if (kv_delta(&b->io_pressure, &a->io_pressure, "full_total", &v))
		metric_add(out, MF_IO_PRESSURE_FULL, &cg, 1, SRC_COUNTER, v);
	else
		metric_add_na(out, MF_IO_PRESSURE_FULL, &cg, 1, "no io.pressure (needs "
			      "CONFIG_PSI and the io controller)");
	if (kv_delta(&b->memory_pressure, &a->memory_pressure, "full_total", &v))
		metric_add(out, MF_MEMORY_PRESSURE_FULL, &cg, 1, SRC_COUNTER, v);
	else
		metric_add_na(out, MF_MEMORY_PRESSURE_FULL, &cg, 1, "no memory.pressure (needs "
			      "CONFIG_PSI and the memory controller)");
	if (a->zswap_current >= 0)
		metric_add(out, MF_CGROUP_ZSWAP_BYTES, &cg, 1, SRC_COUNTER, a->zswap_current);
	else
		metric_add_na(out, MF_CGROUP_ZSWAP_BYTES, &cg, 1, "no memory.zswap.current in "
			      "this cgroup");
	if (io_stat_delta(&b->io_stat, &a->io_stat, "wios", &v))
		metric_add(out, MF_IO_STAT_WIOS, &cg, 1, SRC_COUNTER, v);
	else
		metric_add_na(out, MF_IO_STAT_WIOS, &cg, 1, "no io.stat lines for this "
			      "cgroup (no IO, or no io controller)");
}

static void add_bios(struct metric_set *out, const struct cg_files *a,
		     const struct is_cg_bios *cb)
{
	struct is_cg_bios z = {};
	char path[128], why[METRIC_REASON_LEN];
	struct metric_label cg = cg_label(a, path, sizeof(path));
	double ratio;

	if (!cb)
		cb = &z;
	metric_add(out, MF_WRITE_REQUESTS, &cg, 1, SRC_TRACEPOINT, cb->write_bios);
	metric_add(out, MF_SWAP_WRITE_REQUESTS, &cg, 1, SRC_TRACEPOINT, cb->swap_bios);
	metric_add(out, MF_SWAP_WRITE_PAGES, &cg, 1, SRC_TRACEPOINT, cb->swap_pages);
	if (metric_family_ratio(metric_family(MF_PAGES_PER_SWAP_WRITE),
				cb->swap_pages, cb->swap_bios, NULL, &ratio, why,
				sizeof(why)))
		metric_add(out, MF_PAGES_PER_SWAP_WRITE, &cg, 1, SRC_TRACEPOINT,
			   ratio);
	else
		metric_add_na(out, MF_PAGES_PER_SWAP_WRITE, &cg, 1, why);
	metric_add(out, MF_ZSWAP_WB_BIOS, &cg, 1, SRC_TRACEPOINT, cb->wb_bios);
}

/* Bios of zswap writeback: their flags, and whom they were charged to. */
static void add_wb_flags(struct iostall *st, struct metric_set *out)
{
	int fd = bpf_map__fd(st->skel->maps.cg_bios);
	unsigned long long key, next, *kp = NULL;
	double total = 0, swap = 0, bg = 0, root = 0, pages = 0;
	struct is_cg_bios cb;

	while (!bpf_map_get_next_key(fd, kp, &next)) {
		key = next;
		kp = &key;
		if (bpf_map_lookup_elem(fd, &key, &cb))
			continue;
		total += cb.wb_bios;
		pages += cb.wb_pages;
		swap += cb.wb_req_swap;
		bg += cb.wb_req_background;
		/* the root cgroup's kernfs id is 1 */
		if (key == 1 || key == 0)
			root += cb.wb_bios;
	}
	metric_add(out, MF_ZSWAP_WB_BIOS, NULL, 0, SRC_TRACEPOINT, total);
	metric_add(out, MF_ZSWAP_WB_PAGES, NULL, 0, SRC_TRACEPOINT, pages);
	if (total) {
		metric_add(out, MF_ZSWAP_WB_REQ_SWAP_SHARE, NULL, 0,
			   SRC_TRACEPOINT, swap / total);
		metric_add(out, MF_ZSWAP_WB_REQ_BACKGROUND_SHARE, NULL, 0,
			   SRC_TRACEPOINT, bg / total);
		metric_add(out, MF_ZSWAP_WB_CHARGED_ROOT_SHARE, NULL, 0,
			   SRC_TRACEPOINT, root / total);
	} else {
		const char *why = "no zswap writeback bio in the window";

		metric_add_na(out, MF_ZSWAP_WB_REQ_SWAP_SHARE, NULL, 0, why);
		metric_add_na(out, MF_ZSWAP_WB_REQ_BACKGROUND_SHARE, NULL, 0, why);
		metric_add_na(out, MF_ZSWAP_WB_CHARGED_ROOT_SHARE, NULL, 0, why);
	}
}

static void add_hist(struct metric_set *out, const char *kind,
		     const struct is_hist *h, const struct is_hist *base)
{
	struct metric_label l = { "kind", kind };
	struct hist m = { .kind = HIST_LOG2 };

	for (int i = 0; i < HIST_SLOTS && i < IS_HIST_SLOTS; i++)
		m.slots[i] = h->slots[i] - base->slots[i];
	m.sum = (double)(h->sum - base->sum);
	metric_add_hist(out, MF_WB_OFFCPU_NS, &l, 1, SRC_TRACEPOINT, &m);
}

struct task_row {
	__u32 tid;
	struct is_task t;
};

static int by_total(const void *a, const void *b)
{
	const struct task_row *x = a, *y = b;

	return x->t.total_ns < y->t.total_ns ? 1 :
	       x->t.total_ns > y->t.total_ns ? -1 : 0;
}

static int read_tasks(struct iostall *st, struct task_row **rows)
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
	qsort(*rows, n, sizeof(**rows), by_total);
	return n;
}

static void add_stalls(struct iostall *st, struct metric_set *out)
{
	const char *why = "sched_switch tracepoint unavailable";
	unsigned long long c[IS_C_NR];
	struct is_hist h[IS_H_NR];
	char path[128], task[32];
	struct metric_label l[2];
	struct task_row *rows;
	double total = 0, rest = 0;
	int n;

	if (!st->has_switch) {
		metric_add_na(out, MF_WB_OFFCPU_US, NULL, 0, why);
		return;
	}
	read_counters(st, c);
	read_hists(st, h);
	for (int k = 0; k < IS_C_NR; k++)
		c[k] -= st->cbase[k];
	for (int k = 0; k < IS_KIND_NR; k++) {
		struct metric_label kind = { "kind", kind_names[k] };

		metric_add(out, MF_WB_OFFCPU_US, &kind, 1, SRC_TRACEPOINT,
			   c[IS_C_OFFCPU_NS + k] / 1000.0);
		metric_add(out, MF_WB_OFFCPU_SLEEPS, &kind, 1, SRC_TRACEPOINT,
			   c[IS_C_OFFCPU_CNT + k]);
		total += c[IS_C_OFFCPU_NS + k] / 1000.0;
		add_hist(out, kind_names[k], &h[k], &st->hbase[k]);
	}
	metric_add(out, MF_WB_OFFCPU_US, NULL, 0, SRC_TRACEPOINT, total);
	for (int t = 1; t < IS_THR_NR; t++) {
		struct metric_label where = { "where", thr_names[t] };

		metric_add(out, MF_WB_OFFCPU_THROTTLED, &where, 1, SRC_TRACEPOINT,
			   c[IS_C_THROTTLED_NS + t] / 1000.0);
	}
	add_hist(out, "throttled", &h[IS_H_THROTTLED], &st->hbase[IS_H_THROTTLED]);
	/* the --cgroup's tasks, in or out of writeback */
	snprintf(path, sizeof(path), "%.120s", st->cgroup);
	for (int t = 1; t < IS_THR_NR && st->cgroup_id; t++) {
		struct metric_label cw[2] = {
			{ "cgroup", path }, { "where", thr_names[t] },
		};

		metric_add(out, MF_THROTTLED_SLEEP_US, cw, 2, SRC_TRACEPOINT,
			   c[IS_C_CG_THR_NS + t] / 1000.0);
		metric_add(out, MF_THROTTLED_SLEEPS, cw, 2, SRC_TRACEPOINT,
			   c[IS_C_CG_THR_CNT + t]);
	}
	metric_add(out, MF_IOSTALL_STACK_FAILURES, NULL, 0, SRC_TRACEPOINT,
		   c[IS_C_STACK_FAIL]);
	metric_add(out, MF_IOSTALL_MAP_FULL, NULL, 0, SRC_TRACEPOINT,
		   c[IS_C_MAP_FULL]);

	/* top tasks, then the rest, so the rows add up to the total */
	n = read_tasks(st, &rows);
	for (int i = 0; i < n; i++) {
		if (i >= IOSTALL_TOP_TASKS) {
			rest += rows[i].t.total_ns / 1000.0;
			continue;
		}
		snprintf(task, sizeof(task), "%.16s/%u", rows[i].t.comm,
			 rows[i].tid);
		l[0] = (struct metric_label){ "task", task };
		l[1] = (struct metric_label){ "kind", is_kind_name(rows[i].t.kind) };
		metric_add(out, MF_WB_OFFCPU_US, l, 2, SRC_TRACEPOINT,
			   rows[i].t.total_ns / 1000.0);
	}
	l[0] = (struct metric_label){ "task", "rest" };
	metric_add(out, MF_WB_OFFCPU_US, l, 1, SRC_TRACEPOINT, rest);
	metric_add(out, MF_WB_OFFCPU_TASKS, NULL, 0, SRC_TRACEPOINT, n);
	free(rows);
}

const char *iostall_off_reason(const struct iostall *st)
{
	if (!st->has_iocost_tp)
		return st->iocost_tp_why;
	return iocost_off_reason(st->cgroup_root, &st->qos, st->qos_readable,
				 st->io_controller);
}

int iostall_collect(struct iostall *st, struct metric_set *out)
{
	const char *off_why = NULL;
	struct cg_list now;
	unsigned long long key, next, *kp = NULL;
	unsigned long long c[IS_C_NR];
	bool *report;
	int fd;

	if (st->empty_only)
		return 0;
	read_qos(st);
	off_why = iostall_off_reason(st);
	cg_list_walk(st, &now);
	report = calloc(now.n ? now.n : 1, sizeof(*report));
	if (!report) {
		cg_list_free(&now);
		return -1;
	}
	/* report --cgroup and every non-root cgroup the BPF side saw */
	for (int i = 0; i < now.n; i++)
		report[i] = now.c[i].id == st->cgroup_id && st->cgroup_id;
	for (int m = 0; m < 2; m++) {
		fd = m ? bpf_map__fd(st->skel->maps.iocgs) :
			 bpf_map__fd(st->skel->maps.cg_bios);
		kp = NULL;
		while (!bpf_map_get_next_key(fd, kp, &next)) {
			key = next;
			kp = &key;
			for (int i = 1; i < now.n; i++)	/* [0] is the root */
				if (now.c[i].id == key)
					report[i] = true;
		}
	}
	for (int i = 0; i < now.n; i++) {
		struct cg_files empty = { .zswap_current = -1 }, *b;
		struct is_cg_bios cb, *cbp = NULL;
		struct is_iocg ig, *igp = NULL;

		if (!report[i])
			continue;
		cg_files_read(&now.c[i]);
		b = cg_find(&st->before, now.c[i].id);
		if (!b)
			b = &empty;
		if (!bpf_map_lookup_elem(bpf_map__fd(st->skel->maps.iocgs),
					 &now.c[i].id, &ig))
			igp = &ig;
		if (!bpf_map_lookup_elem(bpf_map__fd(st->skel->maps.cg_bios),
					 &now.c[i].id, &cb))
			cbp = &cb;
		add_iocost(st, out, b, &now.c[i], igp, off_why);
		add_counters(out, b, &now.c[i]);
		add_bios(out, &now.c[i], cbp);
	}
	read_counters(st, c);
	if (off_why) {
		metric_add_na(out, MF_IOCOST_VRATE_ADJ, NULL, 0, off_why);
		metric_add_na(out, MF_IOCOST_VRATE_PCT, NULL, 0, off_why);
	} else {
		metric_add(out, MF_IOCOST_VRATE_ADJ, NULL, 0,
			   SRC_TRACEPOINT,
			   c[IS_C_VRATE_ADJ] - st->cbase[IS_C_VRATE_ADJ]);
		if (st->skel->bss->vrate_last)
			metric_add(out, MF_IOCOST_VRATE_PCT, NULL, 0, SRC_TRACEPOINT,
				   iocost_vrate_pct(st->skel->bss->vrate_last));
		else
			metric_add_na(out, MF_IOCOST_VRATE_PCT, NULL, 0,
				      "no vrate adjustment seen");
	}
	add_wb_flags(st, out);
	add_stalls(st, out);
	free(report);
	cg_list_free(&now);
	return 0;
}

void iostall_report(FILE *f, struct iostall *st, const struct metric_set *ms)
{
	const struct metric *tot = metric_set_find_id(ms, MF_WB_OFFCPU_US,
						       NULL, 0);
	struct task_row *rows;
	int n;

	if (st->empty_only || !st->skel)
		return;
	fprintf(f, "\nwho sleeps inside zswap writeback (off-CPU time):\n");
	if (!tot || !tot->has_value) {
		fprintf(f, "  n/a: %s\n", tot ? tot->reason : "not collected");
		return;
	}
	for (int k = 0; k < IS_KIND_NR; k++) {
		struct metric_label kind = { "kind", kind_names[k] };
		const struct metric *m;

		m = metric_set_find_id(ms, MF_WB_OFFCPU_US, &kind, 1);
		if (m && m->has_value)
			fprintf(f, "  %-12s %12.1f ms %5.1f%%\n", kind_names[k],
				m->value / 1000, tot->value ? 100 * m->value /
				tot->value : 0);
	}
	fprintf(f, "  %-12s %12.1f ms\n", "total", tot->value / 1000);
	for (int t = 1; t < IS_THR_NR; t++) {
		struct metric_label where = { "where", thr_names[t] };
		const struct metric *m;

		m = metric_set_find_id(ms, MF_WB_OFFCPU_THROTTLED, &where, 1);
		if (m && m->has_value && m->value > 0)
			fprintf(f, "  throttled in %-12s %9.1f ms\n", thr_names[t],
				m->value / 1000);
	}
	n = read_tasks(st, &rows);
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
