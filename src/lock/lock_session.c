// SPDX-License-Identifier: GPL-2.0
/* Loads and attaches bpf/lockstat.bpf.c and reads one window out of it. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/utsname.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "fnv.h"
#include "kernel_btf.h"
#include "lock_session.h"
#include "session.h"
#include "trace_helpers.h"
#include "lockstat.skel.h"

/* lockstat.bpf.c's programs, and room to spare */
#define LS_MAX_PROGS 32

static void ls_note(struct lock_session *ls, const char *fmt, ...)
{
	va_list ap;

	if (ls->nr_notes >= (int)(sizeof(ls->notes) / sizeof(ls->notes[0])))
		return;
	va_start(ap, fmt);
	vsnprintf(ls->notes[ls->nr_notes++], sizeof(ls->notes[0]), fmt, ap);
	va_end(ap);
}

static bool lock_tp_in_tracefs(void)
{
	char path[256];

	ensure_tracefs();
	snprintf(path, sizeof(path), "%s/events/lock/contention_begin",
		 tracefs_root());
	return access(path, F_OK) == 0;
}

/* The walk mode for why, when the fentry brackets are not used. */
static void walk_without_fentry(struct lock_session *ls, enum lock_walk_mode m,
				const char *why)
{
	ls->walk_mode = m;
	ls->nr_zswap_ops = 0;
	snprintf(ls->walk_why, sizeof(ls->walk_why), "%s", why);
}

/*
 * Fills ls->zswap_ops when fentry can bracket every one of them, else
 * walks by lock address (or every contention: --exact).
 */
static void plan_stack_walks(struct lock_session *ls)
{
	const struct lock_session_opts *o = &ls->opts;
	char why[WHY_LEN], msg[WHY_LEN + 64];

	ls->walk_mode = LW_FENTRY;
	ls->nr_zswap_ops = 0;
	ls->sample_every = LS_SAMPLE_EVERY;
	if (o->sample_every)
		ls->sample_every = o->sample_every;
	if (o->exact || o->compare_exact || o->all || o->no_fentry) {
		walk_without_fentry(ls, o->exact ? LW_EVERY : LW_BY_ADDR,
				    o->exact ? "--exact" :
				    o->compare_exact ? "--compare-exact" :
				    o->all ? "--all" : "--no-fentry");
		return;
	}
	/*
	 * The operations the table marks as brackets, the first name this
	 * kernel has each: every lock zswap takes is taken inside one of
	 * them (writeback runs in shrink_worker, the shrinker or a 6.1
	 * store); a contention outside them is not zswap's and needs no
	 * stack walk.
	 */
	for (int r = 0; r < KF_NR; r++) {
		const struct kfunc_row *row = &kfunc_rows[r];

		if (!row->bracket)
			continue;
		for (int k = 0; k < KF_MAX_NAMES && row->names[k].name; k++) {
			const char *f = row->names[k].name;

			if (!(row->names[k].flags & KFN_HOOK) || !btf_func_exists(f))
				continue;
			if (ls->nr_zswap_ops == LS_ZOP_PAIRS) {
				walk_without_fentry(ls, LW_BY_ADDR, "more zswap "
						    "operations than fentry brackets");
				return;
			}
			if (!fentry_can_attach(f, why, sizeof(why))) {
				snprintf(msg, sizeof(msg), "fentry %s: %s", f, why);
				walk_without_fentry(ls, LW_BY_ADDR, msg);
				return;
			}
			ls->zswap_ops[ls->nr_zswap_ops++] = f;
			break;
		}
	}
	if (!ls->nr_zswap_ops)
		walk_without_fentry(ls, LW_BY_ADDR,
				    "no zswap operation in the kernel's BTF");
}

static struct bpf_program *zop_prog(struct lockstat_bpf *skel, bool enter, int i)
{
	char name[32];

	snprintf(name, sizeof(name), "zop_%s%d", enter ? "enter" : "exit", i);
	return bpf_object__find_program_by_name(skel->obj, name);
}

/*
 * zswap's text as ranges of the kallsyms table, for BPF to tell an
 * address's walks that show no zswap frame (the rest of the kernel's
 * locks), so it walks them LS_OTHER_FACTOR times less: a run of symbols
 * that is_zswap_frame() names (each function's __pfx_ padding goes with
 * it) is one range. None known (kallsyms hidden, too many ranges): every
 * address is walked at zswap's rate.
 */
static void set_zswap_text(struct lock_session *ls, struct lockstat_bpf *skel)
{
	const struct ksyms *ks = &ls->ks;
	unsigned long long lo = 0;
	unsigned int nr = 0;
	bool open = false;

	ls->other_every = 0;
	if (ks->restricted || !ks->n)
		return;
	for (size_t i = 0; i < ks->n; i++) {
		bool z;

		if (!strncmp(ks->syms[i].name, "__pfx_", 6))
			continue;
		z = is_zswap_frame(ks->syms[i].name);
		if (z && !open) {
			lo = ks->syms[i].addr;
			open = true;
		} else if (!z && open) {
			if (nr == LS_MAX_ZTEXT)
				return;
			skel->rodata->ztext_lo[nr] = lo;
			skel->rodata->ztext_hi[nr++] = ks->syms[i].addr;
			open = false;
		}
	}
	if (!nr || open)
		return;
	skel->rodata->nr_ztext = nr;
	skel->rodata->ztext_min = skel->rodata->ztext_lo[0];
	skel->rodata->ztext_max = skel->rodata->ztext_hi[nr - 1];
	ls->other_every = ls->sample_every * LS_OTHER_FACTOR;
	skel->rodata->other_mask = ls->other_every - 1;
}

/*
 * Time only zswap's locks unless --all, where a contention can be told
 * zswap's: inside its operations (fentry), or by a walk's frames in
 * zswap's text.
 */
static void plan_scope(struct lock_session *ls, bool ztext)
{
	ls->zswap_only = false;
	if (ls->opts.all)
		snprintf(ls->scope_why, sizeof(ls->scope_why), "--all");
	else if (ls->walk_mode != LW_FENTRY && !ztext)
		snprintf(ls->scope_why, sizeof(ls->scope_why), "zswap's text "
			 "unknown (kallsyms): a lock cannot be told zswap's");
	else
		ls->zswap_only = true;
	/* an address not zswap's is not walked again */
	if (ls->zswap_only || ls->walk_mode != LW_BY_ADDR)
		ls->other_every = 0;
}

static int load(struct lock_session *ls, bool raw)
{
	struct lockstat_bpf *skel = lockstat_bpf__open();
	char why[80];
	int err;

	if (!skel)
		return -errno;
	bpf_program__set_autoload(skel->progs.btf_begin, !raw);
	bpf_program__set_autoload(skel->progs.btf_end, !raw);
	bpf_program__set_autoload(skel->progs.raw_begin, raw);
	bpf_program__set_autoload(skel->progs.raw_end, raw);
	for (int i = 0; i < LS_ZOP_PAIRS; i++) {
		for (int enter = 0; enter < 2; enter++) {
			struct bpf_program *p = zop_prog(skel, enter, i);

			bpf_program__set_autoload(p, i < ls->nr_zswap_ops);
			if (i < ls->nr_zswap_ops)
				bpf_program__set_attach_target(p, 0, ls->zswap_ops[i]);
		}
	}
	skel->rodata->walk_zswap_only = ls->nr_zswap_ops > 0;
	skel->rodata->sample_by_addr = ls->walk_mode == LW_BY_ADDR;
	skel->rodata->sample_mask = ls->sample_every - 1;
	if (ls->walk_mode != LW_FENTRY)
		set_zswap_text(ls, skel);
	plan_scope(ls, skel->rodata->nr_ztext > 0);
	skel->rodata->zswap_only = ls->zswap_only;
	skel->rodata->compare_exact = ls->opts.compare_exact;
	/* the maps a mode does not use, as small as they can be */
	if (ls->walk_mode != LW_BY_ADDR)
		bpf_map__set_max_entries(skel->maps.lock_addr, 1);
	if (!ls->opts.compare_exact)
		bpf_map__set_max_entries(skel->maps.lock_stat_all, 1);
	skel->rodata->trees_addr = ls->trees.trees_addr;
	skel->rodata->nr_trees_addr = ls->trees.nr_trees_addr;
	skel->rodata->nr_types = ls->trees.mappable ? ls->trees.nr_types : 0;
	err = lockstat_bpf__load(skel);
	if (err) {
		lockstat_bpf__destroy(skel);
		if (!ls->nr_zswap_ops)
			return err;
		snprintf(why, sizeof(why), "loading the fentry brackets "
			 "failed (%s)", strerror(-err));
		walk_without_fentry(ls, LW_BY_ADDR, why);
		return load(ls, raw);
	}
	ls->skel = skel;
	ls->raw_tp = raw;
	return 0;
}

/*
 * Runs a task iterator; fn (may be NULL) gets each ls_tstamp it writes.
 * -1 when it cannot run.
 */
static int run_task_iter(struct bpf_program *prog, void (*fn)(void *ctx,
			 const struct ls_tstamp *t), void *ctx)
{
	struct bpf_link *link = bpf_program__attach_iter(prog, NULL);
	struct ls_tstamp t;
	int fd;

	if (!link || libbpf_get_error(link))
		return -1;
	fd = bpf_iter_create(bpf_link__fd(link));
	if (fd >= 0) {
		while (read(fd, &t, sizeof(t)) == sizeof(t))
			if (fn)
				fn(ctx, &t);
		close(fd);
	}
	bpf_link__destroy(link);
	return fd >= 0 ? 0 : -1;
}

static int attach_one(struct lock_session *ls, int slot, struct bpf_program *p)
{
	ls->links[slot] = bpf_program__attach(p);
	if (!ls->links[slot] || libbpf_get_error(ls->links[slot])) {
		ls->links[slot] = NULL;
		return -errno;
	}
	return 0;
}

/*
 * lock:contention_end first: an end without its begin is ignored, where a
 * begin without its end would leave its slot taken.
 */
static int attach_contention(struct lock_session *ls)
{
	int err = attach_one(ls, 1, ls->raw_tp ? ls->skel->progs.raw_end :
						 ls->skel->progs.btf_end);

	if (!err)
		err = attach_one(ls, 0, ls->raw_tp ? ls->skel->progs.raw_begin :
						     ls->skel->progs.btf_begin);
	return err;
}

static void detach_contention(struct lock_session *ls)
{
	for (int i = 0; i < 2; i++) {
		bpf_link__destroy(ls->links[i]);
		ls->links[i] = NULL;
	}
}

/* The brackets first: a contention walked needs its task marked. */
static int attach(struct lock_session *ls)
{
	int err = 0, slot = 2;

	for (int i = 0; i < ls->nr_zswap_ops && !err; i++) {
		err = attach_one(ls, slot++, zop_prog(ls->skel, true, i));
		if (!err)
			err = attach_one(ls, slot++, zop_prog(ls->skel, false, i));
	}
	return err ? err : attach_contention(ls);
}

/*
 * The gate attaches the hooks (again): the contentions begun before they
 * were detached never ended, so their slots are freed first.
 */
static int reattach_contention(struct lock_session *ls)
{
	int ncpu = libbpf_num_possible_cpus();
	struct ls_tstamp *per_cpu = calloc(ncpu, sizeof(*per_cpu));
	__u32 zero = 0;

	if (!per_cpu ||
	    bpf_map_update_elem(bpf_map__fd(ls->skel->maps.tstamp_cpu), &zero,
				per_cpu, BPF_ANY) ||
	    run_task_iter(ls->skel->progs.clear_pending, NULL, NULL)) {
		free(per_cpu);
		return -1;
	}
	free(per_cpu);
	ls->skel->bss->task_waits = 0;
	return attach_contention(ls);
}

/*
 * FNV-1a of what changes which lock an address is: a module's name and
 * address in /proc/modules (its coming or going changes kallsyms), the
 * swap devices' names in /proc/swaps and zswap's pool parameters (new
 * trees, a new pool: their locks may take the addresses of freed locks
 * found not zswap's). Not the columns that move on their own (a module's
 * use count, a device's Used: every second while swapping).
 */
static unsigned long long walk_checksum(void)
{
	static const struct {
		const char *path;
		unsigned int fields;	/* bit i: hash field i (0: the line) */
	} files[] = {
		{ "/proc/modules", 1 << 1 | 1 << 6 },
		{ "/proc/swaps", 1 << 1 },
		{ "/sys/module/zswap/parameters/enabled", 0 },
		{ "/sys/module/zswap/parameters/compressor", 0 },
		{ "/sys/module/zswap/parameters/zpool", 0 },
	};
	unsigned long long h = FNV1A_INIT;
	char line[512];

	for (size_t k = 0; k < sizeof(files) / sizeof(files[0]); k++) {
		FILE *f = fopen(files[k].path, "r");

		if (!f)
			continue;
		while (fgets(line, sizeof(line), f)) {
			unsigned int field = 0;
			char *save, *tok;

			if (!files[k].fields) {
				h = fnv1a(h, line, strlen(line));
				continue;
			}
			for (tok = strtok_r(line, " \t\n", &save); tok;
			     tok = strtok_r(NULL, " \t\n", &save))
				if (files[k].fields & 1u << ++field)
					h = fnv1a(h, tok, strlen(tok) + 1);
		}
		fclose(f);
	}
	return h;
}

bool lock_session_poll(struct lock_session *ls)
{
	unsigned long long sum;
	struct ksyms ks;

	if (ls->walk_mode != LW_BY_ADDR || !ls->skel)
		return false;
	sum = walk_checksum();
	if (sum == ls->modules_sum)
		return false;
	ls->modules_sum = sum;
	ls->skel->bss->walk_gen++;
	/* the walked stacks may now be in the new module's text */
	if (!ls->ks.restricted && ls->ks.n && !ksyms_load(&ks, NULL)) {
		ksyms_free(&ls->ks);
		ls->ks = ks;
	}
	return true;
}

int lock_session_open(struct lock_session *ls, const struct lock_session_opts *o)
{
	char why[WHY_LEN];
	int err;

	memset(ls, 0, sizeof(*ls));
	ls->opts = *o;
	ls->stats_fd = -1;
	if (!lock_tp_in_tracefs() &&
	    !tp_btf_exists("contention_begin", why, sizeof(why))) {
		return zs_error_set(&ls->err, true, "this kernel has no "
				    "lock:contention_begin tracepoint (needs "
				    "Linux 5.19 or later)");
	}
	err = ksyms_load(&ls->ks, NULL);
	if (err)
		ls_note(ls, "/proc/kallsyms: %s: raw addresses", strerror(-err));
	else if (ls->ks.restricted)
		ls_note(ls, "/proc/kallsyms hides addresses (kptr_restrict): "
			"stacks print as raw addresses and locks are not "
			"attributed to zswap");
	lock_trees_plan(&ls->trees, &ls->ks);
	ls->zspage_groups = btf_struct_member("zspage", "zsl", NULL, NULL);
	plan_stack_walks(ls);

	if (o->force_raw_tp) {
		snprintf(ls->hook_why, sizeof(ls->hook_why), "--raw-tp given");
		err = load(ls, true);
	} else if (!tp_btf_exists("contention_begin", why, sizeof(why))) {
		snprintf(ls->hook_why, sizeof(ls->hook_why), "%s", why);
		err = load(ls, true);
	} else {
		err = load(ls, false);
		if (err) {
			snprintf(ls->hook_why, sizeof(ls->hook_why),
				 "load refused (%s)", strerror(-err));
			err = load(ls, true);
		}
	}
	if (!err && o->self_stats) {
		ls->stats_fd = bpf_enable_stats(BPF_STATS_RUN_TIME);
		if (ls->stats_fd < 0)
			ls_note(ls, "bpf_stats unavailable: %s", strerror(errno));
	}
	if (!err)
		err = attach(ls);
	if (err) {
		return zs_error_set(&ls->err, false, "loading or attaching the "
				    "lock programs failed: %s (run with -v for "
				    "the verifier log)", strerror(-err));
	}
	/*
	 * Again, now that our programs and trampolines are in it: else an
	 * address in them takes the name of the BPF symbol before it.
	 */
	if (!ls->ks.restricted && ls->ks.n) {
		struct ksyms ks;

		if (!ksyms_load(&ks, NULL)) {
			ksyms_free(&ls->ks);
			ls->ks = ks;
		}
	}
	ls->modules_sum = walk_checksum();
	return 0;
}

int lock_session_prog_stats(struct lock_session *ls, struct prog_stats *out,
			    int max)
{
	return ls->skel ? object_prog_stats(ls->skel->obj, out, max) : 0;
}

/* Runs of the lock programs the kernel skipped since load. */
static unsigned long long missed_runs(struct lock_session *ls)
{
	struct prog_stats ps[LS_MAX_PROGS];

	return prog_stats_missed(ps, lock_session_prog_stats(ls, ps, LS_MAX_PROGS));
}

void lock_session_begin(struct lock_session *ls)
{
	ls->t_start = mono_ns();
	ls->kallsyms_polled = ls->t_start;
	ls->missed_base = missed_runs(ls);
	if (lock_gate_init(&ls->gate, ls->zswap_only ? ls->opts.idle_detach_ns : 0,
			   ls->t_start))
		detach_contention(ls);
	ls->skel->bss->enabled = true;
}

void lock_session_tick(struct lock_session *ls)
{
	unsigned long long now = mono_ns();

	if (ls->stopped)
		return;
	switch (lock_gate_poll(&ls->gate, now)) {
	case LG_DETACH:
		detach_contention(ls);
		lock_gate_detached(&ls->gate, now);
		break;
	case LG_ATTACH:
		/* a failure leaves the gate detached: the next poll tries again */
		if (!reattach_contention(ls)) {
			lock_gate_attached(&ls->gate, mono_ns());
		} else {
			ls->attach_failures++;
			detach_contention(ls);
		}
		break;
	case LG_NONE:
		break;
	}
	if (now - ls->kallsyms_polled >= 1000000000ULL) {
		ls->kallsyms_polled = now;
		lock_session_poll(ls);
	}
}

static void detach(struct lock_session *ls)
{
	for (size_t i = 0; i < sizeof(ls->links) / sizeof(ls->links[0]); i++) {
		bpf_link__destroy(ls->links[i]);
		ls->links[i] = NULL;
	}
}

void lock_session_stop(struct lock_session *ls)
{
	ls->skel->bss->enabled = false;
	ls->t_end = mono_ns();
	ls->stopped = true;
	detach(ls);
	/* programs still running on other CPUs finish within a grace period */
	usleep(50000);
}

static void add_value(struct lock_data *d, __u64 lock, const __u64 *ips,
		      const struct ls_value *v)
{
	struct lock_entry *e;

	if (!v->count)
		return;
	e = lock_data_add(d, lock, ips, v->flags, v->count, v->total_ns,
			  v->max_ns, v->slots);
	if (e && e->nframes) {
		e->forced += v->forced;
		e->rare += v->rare;
	}
}

static void read_aggregates(struct bpf_map *map, struct lock_data *d)
{
	int fd = bpf_map__fd(map);
	struct ls_key key, next, *prev = NULL;
	struct ls_value v;

	while (!bpf_map_get_next_key(fd, prev, &next)) {
		key = next;
		prev = &key;
		if (!bpf_map_lookup_elem(fd, &key, &v))
			add_value(d, key.lock, key.ips, &v);
	}
}

/*
 * The CPUs' slots (addr_cpu): by address, the contentions not walked of
 * each slot's address; the contentions counted, not timed.
 */
static void read_cpu_slots(struct lock_session *ls, struct lock_data *d)
{
	static const unsigned long long no_stack[LS_STACK_DEPTH];
	int ncpu = libbpf_num_possible_cpus();
	struct ls_addr_cpu *cpus = calloc(ncpu, sizeof(*cpus));
	__u32 zero = 0;

	if (cpus && !bpf_map_lookup_elem(bpf_map__fd(ls->skel->maps.addr_cpu),
					 &zero, cpus)) {
		for (int c = 0; c < ncpu; c++) {
			d->untimed += cpus[c].untimed;
			if (ls->walk_mode != LW_BY_ADDR)
				continue;
			for (int i = 0; i < LS_ADDR_SLOTS; i++)
				add_value(d, cpus[c].e[i].lock, no_stack,
					  &cpus[c].e[i].v);
		}
	}
	free(cpus);
}

/* By address: the contentions not walked of the addresses in lock_addr. */
static void read_addr_aggregates(struct lock_session *ls, struct lock_data *d)
{
	static const unsigned long long no_stack[LS_STACK_DEPTH];
	int fd = bpf_map__fd(ls->skel->maps.lock_addr);
	__u64 key, next, *prev = NULL;
	struct ls_addr a;

	while (!bpf_map_get_next_key(fd, prev, &next)) {
		key = next;
		prev = &key;
		if (!bpf_map_lookup_elem(fd, &key, &a))
			add_value(d, key, no_stack, &a.v);
	}
}

/*
 * Contentions still waiting when the window ended count up to its end.
 * every: with their stack even when not walked for the sampled view
 * (--compare-exact walks them all).
 */
static void add_pending(struct lock_session *ls, struct lock_data *d, bool every,
			const struct ls_tstamp *t)
{
	if (t->lock && t->ts >= ls->t_start)
		lock_data_add_pending(d, t->key, every || t->walked ? t->ips : NULL,
				      t->flags, t->ts, ls->t_end);
}

struct pending_ctx {
	struct lock_session *ls;
	struct lock_data *d;
	bool every;
};

static void add_pending_task(void *ctx, const struct ls_tstamp *t)
{
	struct pending_ctx *p = ctx;

	add_pending(p->ls, p->d, p->every, t);
}

static void read_pending(struct lock_session *ls, struct lock_data *d, bool every)
{
	int ncpu = libbpf_num_possible_cpus();
	struct ls_tstamp *per_cpu;
	struct pending_ctx p = { ls, d, every };
	__u32 zero = 0;

	/* the hooks detached (the gate): what the slots hold never ended */
	if (ls->gate.detached_at)
		return;
	per_cpu = calloc(ncpu, sizeof(*per_cpu));
	if (per_cpu && !bpf_map_lookup_elem(bpf_map__fd(ls->skel->maps.tstamp_cpu),
					    &zero, per_cpu)) {
		for (int c = 0; c < ncpu; c++)
			add_pending(ls, d, every, &per_cpu[c]);
	}
	free(per_cpu);
	/* the tasks' storage: pending_tasks() writes those in progress */
	run_task_iter(ls->skel->progs.pending_tasks, add_pending_task, &p);
}

/* The zspage lock addresses seen, each with its group's key. */
static void read_members(struct lock_session *ls, struct lock_data *d)
{
	int fd = bpf_map__fd(ls->skel->maps.zspage_members);
	__u64 key, next, *prev = NULL, group;
	size_t cap = 0;

	d->zspage_groups = ls->zspage_groups;
	d->members_full = ls->skel->bss->members_full;
	while (!bpf_map_get_next_key(fd, prev, &next)) {
		key = next;
		prev = &key;
		if (bpf_map_lookup_elem(fd, &key, &group))
			continue;
		if (d->nr_members == cap) {
			size_t ncap = cap ? 2 * cap : 256;
			struct lock_member *m = realloc(d->members, ncap * sizeof(*m));

			if (!m) {
				d->members_full++;	/* the list is partial */
				return;
			}
			d->members = m;
			cap = ncap;
		}
		d->members[d->nr_members].addr = key;
		d->members[d->nr_members++].key = group;
	}
}

/* The exact view's members: the sampled view's, read once. */
static void copy_members(struct lock_data *to, const struct lock_data *from)
{
	size_t sz = from->nr_members * sizeof(*from->members);

	to->zspage_groups = from->zspage_groups;
	to->members_full = from->members_full;
	to->members = sz ? malloc(sz) : NULL;
	if (to->members) {
		memcpy(to->members, from->members, sz);
		to->nr_members = from->nr_members;
	} else if (sz) {
		to->members_full++;	/* the list is partial */
	}
}

/* Runs read_trees() once to learn where every tree's lock is. */
static void map_trees(struct lock_session *ls, struct lock_data *d)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	int err;

	d->layout = ls->trees.layout;
	d->trees_addr = ls->trees.trees_addr;
	d->nr_types = ls->trees.nr_types;
	if (!ls->trees.mappable) {
		snprintf(d->trees_why, sizeof(d->trees_why), "%s", ls->trees.why);
		return;
	}
	err = bpf_prog_test_run_opts(bpf_program__fd(ls->skel->progs.read_trees),
				     &opts);
	if (err || ls->skel->bss->trees_read_err) {
		snprintf(d->trees_why, sizeof(d->trees_why),
			 "reading zswap_trees failed (%s)",
			 err ? strerror(errno) : "bpf_probe_read_kernel");
		return;
	}
	lock_trees_build(&ls->trees, ls->skel->bss->tree_ptrs,
			 ls->trees.nr_trees_addr ? ls->skel->bss->tree_nrs : NULL,
			 ls->trees.nr_types);
	d->trees_mapped = true;
	d->trees_known = ls->trees.n;
	for (unsigned int i = 0; i < ls->trees.nr_types; i++)
		if (ls->skel->bss->tree_ptrs[i])
			d->types_with_trees++;
	if (!ls->trees.n)
		snprintf(d->trees_why, sizeof(d->trees_why),
			 "no swap device has a zswap tree");
}

/*
 * --self-stats: of the object's programs' stats (read once a collect,
 * for the skipped runs too) the attached begin and end, and the gate's
 * polls ("idle_gate": polls and their CPU time).
 */
static void keep_prog_stats(struct lock_session *ls, struct lock_data *d,
			    const struct prog_stats *ps, int n)
{
	const struct bpf_program *progs[2] = {
		ls->raw_tp ? ls->skel->progs.raw_begin : ls->skel->progs.btf_begin,
		ls->raw_tp ? ls->skel->progs.raw_end : ls->skel->progs.btf_end,
	};

	for (int i = 0; i < 2; i++) {
		const struct prog_stats *p =
			prog_stats_find(ps, n, bpf_program__name(progs[i]));

		if (p)
			d->progs[d->nr_progs++] = *p;
	}
	if (ls->gate.idle_ns)
		d->progs[d->nr_progs++] = (struct prog_stats){
			.name = "idle_gate",
			.run_cnt = ls->gate.polls,
			.run_time_ns = ls->gate.poll_cpu_ns,
		};
}

static void describe_walks(const struct lock_session *ls, char *out, size_t len)
{
	int n;

	if (ls->walk_mode == LW_EVERY) {
		snprintf(out, len, "walked at every contention (%s)", ls->walk_why);
		return;
	}
	if (ls->walk_mode == LW_BY_ADDR) {
		n = snprintf(out, len, "walked at each lock address's first "
			     "contention and 1 in %u at random after", ls->sample_every);
		if (ls->other_every && n > 0 && (size_t)n < len)
			n += snprintf(out + n, len - n, ", 1 in %u while its walks "
				      "show no frame in zswap's text", ls->other_every);
		if (n > 0 && (size_t)n < len)
			snprintf(out + n, len - n, " (%s); the others are counted "
				 "and timed without a stack", ls->walk_why);
		return;
	}
	n = snprintf(out, len, "walked only in tasks inside a zswap operation "
		     "(fentry:");
	for (int i = 0; i < ls->nr_zswap_ops && n > 0 && (size_t)n < len; i++)
		n += snprintf(out + n, len - n, " %s", ls->zswap_ops[i]);
	if (n > 0 && (size_t)n < len)
		snprintf(out + n, len - n, "); other contentions are timed "
			 "without a stack");
}

int lock_session_collect(struct lock_session *ls, struct lock_data *d)
{
	/*
	 * Still attached (a live tool reading repeatedly): the values are
	 * cumulative up to now, and waits still in progress are left to the
	 * read after they end, so consecutive reads never shrink.
	 */
	bool live = !ls->stopped;
	struct prog_stats ps[LS_MAX_PROGS];
	unsigned long long missed;
	struct utsname u;
	int nr_ps;

	memset(d, 0, sizeof(*d));
	if (live)
		lock_session_poll(ls);
	if (live || !ls->t_end)
		ls->t_end = mono_ns();
	d->duration_s = (ls->t_end - ls->t_start) / 1e9;
	d->start_ns = ls->t_start;
	d->end_ns = ls->t_end;
	snprintf(d->hook, sizeof(d->hook), "%s", ls->raw_tp ? "raw_tp" : "tp_btf");
	snprintf(d->hook_why, sizeof(d->hook_why), "%s", ls->hook_why);
	describe_walks(ls, d->walks, sizeof(d->walks));
	if (uname(&u) == 0)
		snprintf(d->kernel, sizeof(d->kernel), "%s", u.release);
	for (int i = 0; i < LS_FAIL_NR; i++)
		d->fails[i] = ls->skel->bss->fails[i];
	d->walk_mode = ls->walk_mode;
	d->sample_every = ls->sample_every;
	d->other_every = ls->other_every;
	d->walked = ls->skel->bss->nr_walks;
	d->addr_full = ls->skel->bss->addr_full;
	d->zswap_only = ls->zswap_only;
	snprintf(d->scope_why, sizeof(d->scope_why), "%s", ls->scope_why);
	d->walked_untimed = ls->skel->bss->nr_walks_untimed;
	d->idle_detach_ns = ls->gate.idle_ns;
	d->detached_s = lock_gate_detached_ns(&ls->gate, ls->t_end) / 1e9;
	d->attaches = ls->gate.attaches;
	if (ls->zswap_only && ls->opts.idle_detach_ns && ls->t_start &&
	    !ls->gate.idle_ns)
		lock_data_note(d, "no swap counters in /proc/vmstat or "
			       "/proc/meminfo: lock:contention_begin/end stayed "
			       "attached");
	if (ls->attach_failures)
		lock_data_note(d, "attaching lock:contention_begin/end again failed "
			       "%u times: those polls' swap traffic went unobserved",
			       ls->attach_failures);
	read_aggregates(ls->skel->maps.lock_stat, d);
	read_cpu_slots(ls, d);
	if (ls->walk_mode == LW_BY_ADDR)
		read_addr_aggregates(ls, d);
	read_members(ls, d);
	if (!live)
		read_pending(ls, d, false);
	if (ls->opts.compare_exact) {
		d->exact = calloc(1, sizeof(*d->exact));
		if (!d->exact)
			return -ENOMEM;
		read_aggregates(ls->skel->maps.lock_stat_all, d->exact);
		copy_members(d->exact, d);
		if (!live)
			read_pending(ls, d->exact, true);
	}
	if (d->walk_mode == LW_BY_ADDR)
		lock_data_spread(d, &ls->given);
	map_trees(ls, d);
	lock_data_classify(d, &ls->ks, &ls->trees);
	if (d->walk_mode == LW_BY_ADDR)
		lock_data_mark_shared(d);
	if (d->exact)
		lock_data_classify(d->exact, &ls->ks, &ls->trees);
	nr_ps = lock_session_prog_stats(ls, ps, LS_MAX_PROGS);
	missed = prog_stats_missed(ps, nr_ps) - ls->missed_base;
	if (missed)
		lock_data_note(d, "the kernel skipped %llu runs of the lock programs "
			       "(already running on that CPU): as many contentions may "
			       "be uncounted or untimed", missed);
	if (ls->stats_fd >= 0)
		keep_prog_stats(ls, d, ps, nr_ps);
	return 0;
}

int lock_session_metrics(struct lock_session *ls, struct metric_set *ms)
{
	struct lock_data d;
	int err = lock_session_collect(ls, &d);

	if (!err)
		lock_report_metrics(&d, ms);
	lock_data_free(&d);
	return err;
}

void lock_session_close(struct lock_session *ls)
{
	detach(ls);
	lockstat_bpf__destroy(ls->skel);
	ls->skel = NULL;
	if (ls->stats_fd >= 0)
		close(ls->stats_fd);
	ls->stats_fd = -1;
	ksyms_free(&ls->ks);
	lock_trees_free(&ls->trees);
	lock_data_free(&ls->given);
}
