// SPDX-License-Identifier: GPL-2.0
/* Classifying, grouping and printing one window of lock contention. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>
#include "lock_report.h"
#include "grow.h"

static const char *const fail_names[LS_FAIL_NR] = {
	[LS_FAIL_MISSING_START] = "missing_start",
	[LS_FAIL_MAP_FULL] = "map_full",
	[LS_FAIL_TASK_FULL] = "task_map_full",
	[LS_FAIL_STACK] = "stack_failures",
	[LS_FAIL_TIME] = "time_went_back",
	[LS_FAIL_NESTED] = "nested_begins_ignored",
};

void lock_data_free(struct lock_data *d)
{
	free(d->e);
	d->e = NULL;
	d->n = d->cap = 0;
	free(d->members);
	d->members = NULL;
	d->nr_members = 0;
	if (d->exact) {
		lock_data_free(d->exact);
		free(d->exact);
		d->exact = NULL;
	}
}

void lock_data_note(struct lock_data *d, const char *fmt, ...)
{
	va_list ap;

	if (d->nr_notes >= 8)
		return;
	va_start(ap, fmt);
	vsnprintf(d->notes[d->nr_notes++], sizeof(d->notes[0]), fmt, ap);
	va_end(ap);
}

/* Frames of ips up to its first 0 (the end of the walk). */
static int stack_len(const unsigned long long *ips)
{
	int n = 0;

	while (ips && n < LS_STACK_DEPTH && ips[n])
		n++;
	return n;
}

struct lock_entry *lock_data_find(struct lock_data *d, unsigned long long lock,
				  const unsigned long long *ips)
{
	int n = stack_len(ips);

	for (size_t i = 0; i < d->n; i++)
		if (d->e[i].lock == lock && d->e[i].nframes == n &&
		    (!n || !memcmp(d->e[i].ips, ips, n * sizeof(*ips))))
			return &d->e[i];
	return NULL;
}

static struct lock_entry *new_entry(struct lock_data *d, unsigned long long lock,
				    const unsigned long long *ips,
				    unsigned int flags)
{
	struct lock_entry *e;

	if (d->n == d->cap &&
	    grow_array((void **)&d->e, &d->cap, 256, sizeof(*d->e)))
		return NULL;
	e = &d->e[d->n++];
	memset(e, 0, sizeof(*e));
	e->lock = lock;
	e->nframes = stack_len(ips);
	if (e->nframes)
		memcpy(e->ips, ips, e->nframes * sizeof(*ips));
	e->flags = flags;
	e->h.kind = HIST_LOG2;
	e->tree_type = e->tree_index = -1;
	e->v.caller = e->v.zswap_frame = -1;
	return e;
}

struct lock_entry *lock_data_add(struct lock_data *d, unsigned long long lock,
				 const unsigned long long *ips, unsigned int flags,
				 unsigned long long count,
				 unsigned long long total_ns,
				 unsigned long long max_ns,
				 const unsigned long long *slots)
{
	struct lock_entry *e = lock_data_find(d, lock, ips);

	if (!e)
		e = new_entry(d, lock, ips, flags);
	if (!e)
		return NULL;
	e->count += count;
	if (e->nframes)
		e->walked += count;
	e->total_ns += total_ns;
	e->h.sum += total_ns;
	if (max_ns > e->max_ns)
		e->max_ns = max_ns;
	for (int i = 0; i < LS_HIST_SLOTS && i < HIST_SLOTS; i++)
		e->h.slots[i] += slots[i];
	return e;
}

bool lock_data_add_pending(struct lock_data *d, unsigned long long lock,
			   const unsigned long long *ips, unsigned int flags,
			   unsigned long long start_ns,
			   unsigned long long end_ns)
{
	unsigned long long slots[LS_HIST_SLOTS] = {}, wait;
	struct lock_entry *e;

	if (start_ns > end_ns)
		return false;
	wait = end_ns - start_ns;
	slots[hist_slot_of(HIST_LOG2, wait)] = 1;
	e = lock_data_add(d, lock, ips, flags, 1, wait, wait, slots);
	if (!e)
		return false;
	e->pending++;
	d->pending++;
	return true;
}

size_t lock_key_addresses(const struct lock_data *d, unsigned long long key)
{
	size_t n = 0;

	if (!ls_is_group(key))
		return 1;
	for (size_t i = 0; i < d->nr_members; i++)
		n += d->members[i].key == key;
	return n ? n : 1;
}

void lock_key_name(const struct lock_data *d, unsigned long long key,
		   char *buf, size_t len)
{
	size_t n = lock_key_addresses(d, key);

	if (ls_is_group(key))
		snprintf(buf, len, "zspage locks of pool 0x%llx, %zu address%s",
			 key & ~LS_GROUP_ZSPAGE, n, n == 1 ? "" : "es");
	else
		snprintf(buf, len, "lock 0x%llx", key);
}

bool lock_entry_is_zswap(const struct lock_entry *e)
{
	return e->v.op != ZOP_NONE;
}

void lock_data_classify(struct lock_data *d, const struct ksyms *ks,
			const struct lock_trees *trees)
{
	char names[LS_STACK_DEPTH][128];
	const char *syms[LS_STACK_DEPTH];

	d->symbols = !ks->restricted && ks->n > 0;
	for (size_t i = 0; i < d->n; i++) {
		struct lock_entry *e = &d->e[i];
		const struct tree_lock *tl = trees ? lock_trees_find(trees, e->lock) : NULL;
		enum tree_layout layout = trees ? trees->layout : TL_UNKNOWN;

		for (int k = 0; k < e->nframes; k++) {
			ksyms_format(ks, e->ips[k], names[k], sizeof(names[k]));
			syms[k] = names[k];
		}
		if (tl) {
			e->tree_type = tl->type;
			e->tree_index = tl->index;
		}
		e->v = lock_classify(syms, e->nframes, e->flags, layout, tl != NULL);
		e->caller[0] = e->zfunc[0] = '\0';
		if (e->v.caller >= 0)
			snprintf(e->caller, sizeof(e->caller), "%s", names[e->v.caller]);
		else if (e->nframes)
			snprintf(e->caller, sizeof(e->caller), "%s", names[0]);
		else
			snprintf(e->caller, sizeof(e->caller), "[no stack]");
		if (e->v.zswap_frame >= 0)
			sym_base(names[e->v.zswap_frame], e->zfunc, sizeof(e->zfunc));
	}
}

/* ---- grouping ---------------------------------------------------- */

static void totals(const struct lock_data *d, unsigned long long *total,
		   unsigned long long *zswap)
{
	*total = *zswap = 0;
	for (size_t i = 0; i < d->n; i++) {
		*total += d->e[i].count;
		if (lock_entry_is_zswap(&d->e[i]))
			*zswap += d->e[i].count;
	}
}

static void hist_add(struct hist *a, const struct hist *b)
{
	for (int i = 0; i < HIST_SLOTS; i++)
		a->slots[i] += b->slots[i];
	a->sum += b->sum;
}

static int cmp_group(const void *a, const void *b)
{
	const struct lock_group *x = a, *y = b;

	if (x->zswap != y->zswap)
		return x->zswap ? -1 : 1;
	if (x->total_ns != y->total_ns)
		return x->total_ns > y->total_ns ? -1 : 1;
	return strcmp(x->caller, y->caller);
}

static bool shown(const struct lock_data *d, const struct lock_entry *e, bool all)
{
	/* without symbols nothing can be attributed: show everything */
	return all || !d->symbols || lock_entry_is_zswap(e);
}

int lock_groups(const struct lock_data *d, bool all, struct lock_group **out)
{
	struct lock_group *g = calloc(d->n ? d->n : 1, sizeof(*g));
	int ng = 0;

	*out = g;
	if (!g)
		return -1;
	for (size_t i = 0; i < d->n; i++) {
		const struct lock_entry *e = &d->e[i];
		char caller[64];
		int k;

		if (!shown(d, e, all) || !e->count)
			continue;
		sym_base(e->caller, caller, sizeof(caller));
		for (k = 0; k < ng; k++)
			if (g[k].cls == e->v.cls && g[k].op == e->v.op &&
			    !strcmp(g[k].caller, caller))
				break;
		if (k == ng) {
			ng++;
			g[k].cls = e->v.cls;
			g[k].op = e->v.op;
			g[k].zswap = lock_entry_is_zswap(e);
			g[k].h.kind = HIST_LOG2;
			g[k].example = i;
			snprintf(g[k].caller, sizeof(g[k].caller), "%s", caller);
			snprintf(g[k].zfunc, sizeof(g[k].zfunc), "%s", e->zfunc);
		}
		/* distinct addresses: count this one if no earlier entry had it */
		bool seen = false;
		for (size_t j = 0; j < i && !seen; j++) {
			char c2[64];

			if (d->e[j].lock != e->lock || !shown(d, &d->e[j], all))
				continue;
			sym_base(d->e[j].caller, c2, sizeof(c2));
			seen = d->e[j].v.cls == e->v.cls && d->e[j].v.op == e->v.op &&
			       !strcmp(c2, caller);
		}
		if (!seen)
			g[k].nlocks++;
		if (e->count > d->e[g[k].example].count)
			g[k].example = i;
		g[k].estimated |= e->caller_shared;
		g[k].class_estimated |= e->class_shared;
		g[k].walked += e->walked;
		g[k].count += e->count;
		g[k].total_ns += e->total_ns;
		g[k].pending += e->pending;
		if (e->max_ns > g[k].max_ns)
			g[k].max_ns = e->max_ns;
		hist_add(&g[k].h, &e->h);
	}
	qsort(g, ng, sizeof(*g), cmp_group);
	return ng;
}

static int cmp_tree(const void *a, const void *b)
{
	const struct tree_row *x = a, *y = b;

	if (x->type != y->type)
		return x->type < y->type ? -1 : 1;
	if (x->index != y->index)
		return x->index < y->index ? -1 : 1;
	return x->lock < y->lock ? -1 : x->lock > y->lock;
}

int lock_tree_rows(const struct lock_data *d, struct tree_row **out)
{
	struct tree_row *r = calloc(d->n ? d->n : 1, sizeof(*r));
	int nr = 0;

	*out = r;
	if (!r)
		return -1;
	for (size_t i = 0; i < d->n; i++) {
		const struct lock_entry *e = &d->e[i];
		int k;

		if (e->v.cls != LC_TREE && e->v.cls != LC_XARRAY)
			continue;
		for (k = 0; k < nr; k++)
			if (r[k].lock == e->lock)
				break;
		if (k == nr) {
			nr++;
			r[k].lock = e->lock;
			r[k].type = e->tree_type;
			r[k].index = e->tree_index;
			r[k].cls = e->v.cls;
		}
		r[k].count += e->count;
		r[k].total_ns += e->total_ns;
		if (e->max_ns > r[k].max_ns)
			r[k].max_ns = e->max_ns;
	}
	qsort(r, nr, sizeof(*r), cmp_tree);
	return nr;
}

/* ---- text -------------------------------------------------------- */

void fmt_ns(double ns, char *buf, size_t len)
{
	if (ns >= 1e9)
		snprintf(buf, len, "%.2f s", ns / 1e9);
	else if (ns >= 1e6)
		snprintf(buf, len, "%.2f ms", ns / 1e6);
	else if (ns >= 1e3)
		snprintf(buf, len, "%.2f us", ns / 1e3);
	else
		snprintf(buf, len, "%.0f ns", ns);
}

struct stats {
	unsigned long long count, total, max;
	double mean;
	unsigned long long p50, p90, p99;
	bool estimated;
};

static struct stats stats_of(unsigned long long count, unsigned long long total,
			     unsigned long long max, const struct hist *h)
{
	struct stats s = { count, total, max, count ? (double)total / count : 0 };

	s.p50 = hist_percentile(h, 50);
	s.p90 = hist_percentile(h, 90);
	s.p99 = hist_percentile(h, 99);
	/* a log2 bound can overshoot the largest wait seen */
	if (s.p50 > max) s.p50 = max;
	if (s.p90 > max) s.p90 = max;
	if (s.p99 > max) s.p99 = max;
	return s;
}

/* Stats of zswap's contentions on one lock class, over every group. */
static struct stats class_stats(const struct lock_group *g, int ng,
				enum lock_class c)
{
	struct hist h = { .kind = HIST_LOG2 };
	unsigned long long n = 0, t = 0, m = 0;
	bool est = false;
	struct stats s;

	for (int i = 0; i < ng; i++) {
		if (g[i].cls != c || !g[i].zswap)
			continue;
		n += g[i].count;
		t += g[i].total_ns;
		if (g[i].max_ns > m)
			m = g[i].max_ns;
		hist_add(&h, &g[i].h);
		est |= g[i].class_estimated;
	}
	s = stats_of(n, t, m, &h);
	s.estimated = est;
	return s;
}

static void print_stats_row(FILE *f, const char *label, const struct stats *s)
{
	char t[16], m[16], a[16], p50[16], p90[16], p99[16];

	/* nothing waited: no mean or percentiles of 0 ns to read */
	if (!s->count) {
		fprintf(f, "%-44s %9llu %10s\n", label, s->count, "no samples");
		return;
	}
	fmt_ns(s->total, t, sizeof(t));
	fmt_ns(s->max, m, sizeof(m));
	fmt_ns(s->mean, a, sizeof(a));
	fmt_ns(s->p50, p50, sizeof(p50));
	fmt_ns(s->p90, p90, sizeof(p90));
	fmt_ns(s->p99, p99, sizeof(p99));
	fprintf(f, "%-44s %9llu %10s %10s %10s %10s %10s %10s\n", label,
		s->count, t, m, a, p50, p90, p99);
}

static void print_header(FILE *f, const char *what)
{
	fprintf(f, "%-44s %9s %10s %10s %10s %10s %10s %10s\n", what,
		"contended", "total", "max", "mean", "p50<=", "p90<=", "p99<=");
}

static void print_stack(FILE *f, const struct lock_entry *e, const struct ksyms *ks)
{
	char b[160];
	int k = 0, shown = 0;

	/* the BPF program and the tracepoint glue say nothing: skip them */
	if (!ks->restricted)
		for (; k < e->nframes; k++) {
			ksyms_format(ks, e->ips[k], b, sizeof(b));
			if (strncmp(b, "0x", 2) && !is_tracing_frame(b))
				break;
		}
	for (; k < e->nframes && shown < 12; k++, shown++) {
		ksyms_format(ks, e->ips[k], b, sizeof(b));
		fprintf(f, "            %s\n", b);
	}
}

/* Which locks were timed: "zswap's" or "every lock (why)". */
static void scope_name(const struct lock_data *d, char *buf, size_t len)
{
	if (d->zswap_only)
		snprintf(buf, len, "zswap's locks");
	else
		snprintf(buf, len, "every lock (%s)", d->scope_why);
}

static void print_plan(FILE *f, const struct lock_data *d)
{
	char scope[128];

	scope_name(d, scope, sizeof(scope));
	fprintf(f, "plan:\n  hooks      %s lock:contention_begin/end", d->hook);
	if (d->hook_why[0])
		fprintf(f, " [tp_btf skipped: %s]", d->hook_why);
	fprintf(f, "\n  timed      %s", scope);
	if (d->zswap_only)
		fprintf(f, "; the others counted, not timed (--all times them)");
	fprintf(f, "\n  stacks     %s", d->walks);
	fprintf(f, "\n  callers    %s\n", d->symbols ?
		"stacks symbolised from /proc/kallsyms" :
		"n/a: /proc/kallsyms hides addresses (kptr_restrict); raw addresses");
	fprintf(f, "  trees      %s; ", tree_layout_name(d->layout));
	if (d->trees_mapped)
		fprintf(f, "%zu tree lock addresses mapped to swap type and "
			"tree index (zswap_trees at 0x%llx, %u types read)\n",
			d->trees_known, d->trees_addr, d->nr_types);
	else
		fprintf(f, "tree index n/a: %s\n", d->trees_why);
	if (d->zspage_groups)
		fprintf(f, "  zspages    each pool's zspage locks counted as one "
			"lock (%zu addresses seen%s)\n", d->nr_members,
			d->members_full ? ", more not kept" : "");
	else
		fprintf(f, "  zspages    no lock of their own on this kernel "
			"(struct zspage_lock, 6.16+)\n");
}

void lock_report_text(FILE *f, const struct lock_data *d, const struct ksyms *ks,
		      bool all, bool plan)
{
	struct lock_group *g;
	struct tree_row *tr;
	unsigned long long total, ztotal;
	int ng, nt;

	totals(d, &total, &ztotal);
	fprintf(f, "zswap-lockstat: %.1f s on %s, %llu contentions, %llu under zswap\n",
		d->duration_s, d->kernel, total, ztotal);
	if (!d->symbols)
		fprintf(f, "warning: kernel symbols unavailable (kptr_restrict): "
			"raw addresses, locks not attributed to zswap\n");
	for (int i = 0; i < d->nr_notes; i++)
		fprintf(f, "note: %s\n", d->notes[i]);
	if (d->zswap_only)
		fprintf(f, "timed: zswap's locks only; %llu contentions on other "
			"locks counted, not timed (%llu first walks showed an "
			"address not zswap's; --all times every lock)\n",
			d->untimed, d->walked_untimed);
	if (d->idle_detach_ns)
		fprintf(f, "attached: %.1f of %.1f s, while swap moved: %u times at "
			"the first poll (20 ms) that saw swap traffic, detached "
			"after %g s without; contentions while detached are not "
			"seen (--idle-detach 0 stays attached)\n",
			d->duration_s - d->detached_s, d->duration_s, d->attaches,
			d->idle_detach_ns / 1e9);
	if (d->walk_mode == LW_BY_ADDR) {
		fprintf(f, "sampled: %llu of %llu contentions walked (each lock "
			"address's first, then 1 in %u at random", d->walked, total,
			d->sample_every);
		if (d->other_every)
			fprintf(f, ", 1 in %u at an address whose walks showed "
				"no zswap frame", d->other_every);
		fprintf(f, "); exact: counts, waits and histograms per lock "
			"address and per lock class (unless marked estimated); "
			"estimated: the split by caller, from the walked stacks\n");
	}
	if (plan)
		print_plan(f, d);

	ng = lock_groups(d, all, &g);
	if (!total) {
		fprintf(f, "\nno lock contention observed in the window");
		if (d->argv)
			fprintf(f, " (the command ran %.2f s, exit %d)",
				d->duration_s, d->exit_code);
		fprintf(f, "\n");
	} else if (ng <= 0) {
		fprintf(f, "\nno contention on zswap's locks (%llu on other "
			"locks; --all shows them)\n", total);
	}
	if (ng > 0) {
		/* per class first, then per caller with its histogram */
		bool any_zswap = false;

		for (int i = 0; i < ng; i++)
			any_zswap |= g[i].zswap;
		if (any_zswap) {
			fprintf(f, "\n");
			print_header(f, "LOCK CLASS");
		}
		for (int c = 0; c < LC_NR; c++) {
			struct stats s = class_stats(g, ng, c);

			char label[64];

			if (!s.count)
				continue;
			snprintf(label, sizeof(label), "%s%s", lock_class_name(c),
				 s.estimated ? " (estimated)" : "");
			print_stats_row(f, label, &s);
		}
		fprintf(f, "\n");
		print_header(f, "LOCK CLASS / OPERATION / CALLER");
		for (int i = 0; i < ng; i++) {
			char label[160], name[96];
			struct stats s = stats_of(g[i].count, g[i].total_ns,
						  g[i].max_ns, &g[i].h);

			snprintf(label, sizeof(label), "%s%s / %s / %s",
				 all && g[i].zswap ? "*" : "",
				 g[i].zswap ? lock_class_name(g[i].cls) : "-",
				 g[i].zswap ? zswap_op_name(g[i].op) : "-",
				 g[i].caller);
			print_stats_row(f, label, &s);
			fprintf(f, "    %d lock address%s%s", g[i].nlocks,
				g[i].nlocks == 1 ? "" : "es",
				g[i].zswap ? ", via " : "");
			if (g[i].zswap)
				fprintf(f, "%s", g[i].zfunc);
			if (g[i].pending)
				fprintf(f, ", %llu still waiting at the end", g[i].pending);
			if (g[i].estimated)
				fprintf(f, "; estimated from %llu walked stacks",
					g[i].walked);
			fprintf(f, "\n");
			hist_print(f, &g[i].h, "ns");
			lock_key_name(d, d->e[g[i].example].lock, name, sizeof(name));
			fprintf(f, "    heaviest stack (%s):\n", name);
			print_stack(f, &d->e[g[i].example], ks);
		}
	}
	free(g);

	nt = lock_tree_rows(d, &tr);
	if (nt > 0) {
		fprintf(f, "\nTREE LOCKS (%s)\n", tree_layout_name(d->layout));
		fprintf(f, "%-6s %-6s %-20s %9s %10s %10s\n", "TYPE", "INDEX",
			"LOCK", "contended", "total", "max");
		for (int i = 0; i < nt; i++) {
			char ty[12] = "?", ix[12] = "?", t[16], m[16];

			if (tr[i].type >= 0) {
				snprintf(ty, sizeof(ty), "%d", tr[i].type);
				snprintf(ix, sizeof(ix), "%d", tr[i].index);
			}
			fmt_ns(tr[i].total_ns, t, sizeof(t));
			fmt_ns(tr[i].max_ns, m, sizeof(m));
			fprintf(f, "%-6s %-6s 0x%-18llx %9llu %10s %10s\n", ty, ix,
				tr[i].lock, tr[i].count, t, m);
		}
		if (!d->trees_mapped)
			fprintf(f, "(tree index n/a: %s)\n", d->trees_why);
	}
	free(tr);

	fprintf(f, "\nfailures:");
	for (int i = 0; i < LS_FAIL_NR; i++)
		fprintf(f, " %s %llu%s", fail_names[i], d->fails[i],
			i + 1 < LS_FAIL_NR ? "," : "\n");
	fprintf(f, "pending at the end: %llu contentions counted up to the end "
		"of the window\n", d->pending);
	for (int i = 0; i < d->nr_progs; i++)
		fprintf(f, "self: %s ran %llu times, %.1f ns per run, %llu skipped\n",
			d->progs[i].name, d->progs[i].run_cnt,
			d->progs[i].run_cnt ? (double)d->progs[i].run_time_ns /
			d->progs[i].run_cnt : 0, d->progs[i].recursion_misses);
}

/* ---- JSON -------------------------------------------------------- */

static json_object *hex(unsigned long long v)
{
	char b[24];

	snprintf(b, sizeof(b), "0x%llx", v);
	return json_object_new_string(b);
}

static void add_stats(json_object *o, const struct stats *s)
{
	json_object_object_add(o, "contentions", json_object_new_uint64(s->count));
	json_object_object_add(o, "total_ns", json_object_new_uint64(s->total));
	json_object_object_add(o, "max_ns", json_object_new_uint64(s->max));
	json_object_object_add(o, "mean_ns", json_object_new_double(s->mean));
	json_object_object_add(o, "p50_ns", json_object_new_uint64(s->p50));
	json_object_object_add(o, "p90_ns", json_object_new_uint64(s->p90));
	json_object_object_add(o, "p99_ns", json_object_new_uint64(s->p99));
}

static json_object *stack_json(const struct lock_entry *e, const struct ksyms *ks)
{
	json_object *a = json_object_new_array();
	char b[160];

	for (int k = 0; k < e->nframes; k++) {
		ksyms_format(ks, e->ips[k], b, sizeof(b));
		json_object_array_add(a, json_object_new_string(b));
	}
	return a;
}

static const char *const walk_mode_names[] = {
	[LW_FENTRY] = "fentry", [LW_BY_ADDR] = "by_address", [LW_EVERY] = "every",
};

/* Which figures are exact and which are estimated, and from how much. */
static json_object *sampling_json(const struct lock_data *d)
{
	json_object *x = json_object_new_object();
	bool by_addr = d->walk_mode == LW_BY_ADDR;

	json_object_object_add(x, "mode", json_object_new_string(
		walk_mode_names[d->walk_mode]));
	json_object_object_add(x, "sample_every", by_addr ?
			       json_object_new_int(d->sample_every) : NULL);
	/* an address whose walks showed no zswap frame; null: every one at sample_every */
	json_object_object_add(x, "sample_other_every", by_addr && d->other_every ?
			       json_object_new_int(d->other_every) : NULL);
	json_object_object_add(x, "walked", json_object_new_uint64(d->walked));
	json_object_object_add(x, "address_map_full",
			       json_object_new_uint64(d->addr_full));
	json_object_object_add(x, "exact", json_object_new_string(by_addr ?
		"contentions, waits and histograms per lock address (locks), "
		"and per lock class unless classes[].estimated" :
		"every figure"));
	json_object_object_add(x, "estimated", json_object_new_string(by_addr ?
		"callers[] marked estimated: the split of a lock address's "
		"contentions by caller, from callers[].walked stacks" : ""));
	return x;
}

/* Which locks were timed, and what the others cost. */
static json_object *scope_json(const struct lock_data *d)
{
	json_object *x = json_object_new_object();

	json_object_object_add(x, "timed", json_object_new_string(
		d->zswap_only ? "zswap" : "all"));
	json_object_object_add(x, "why_all", json_object_new_string(
		d->zswap_only ? "" : d->scope_why));
	json_object_object_add(x, "untimed_contentions",
			       json_object_new_uint64(d->untimed));
	json_object_object_add(x, "untimed_first_walks",
			       json_object_new_uint64(d->walked_untimed));
	json_object_object_add(x, "idle_detach_s",
			       json_object_new_double(d->idle_detach_ns / 1e9));
	json_object_object_add(x, "detached_s",
			       json_object_new_double(d->detached_s));
	json_object_object_add(x, "attaches",
			       json_object_new_uint64(d->attaches));
	return x;
}

static json_object *classes_json(const struct lock_group *g, int ng)
{
	json_object *a = json_object_new_array(), *x;

	for (int c = 0; c < LC_NR && ng > 0; c++) {
		struct stats s = class_stats(g, ng, c);

		if (!s.count)
			continue;
		x = json_object_new_object();
		json_object_object_add(x, "class", json_object_new_string(lock_class_name(c)));
		add_stats(x, &s);
		json_object_object_add(x, "estimated", json_object_new_boolean(s.estimated));
		json_object_array_add(a, x);
	}
	return a;
}

static json_object *callers_json(const struct lock_data *d, const struct lock_group *g,
				 int ng, const struct ksyms *ks)
{
	json_object *a = json_object_new_array(), *x;

	for (int i = 0; i < ng; i++) {
		struct stats s = stats_of(g[i].count, g[i].total_ns, g[i].max_ns, &g[i].h);

		x = json_object_new_object();
		json_object_object_add(x, "class", json_object_new_string(
			g[i].zswap ? lock_class_name(g[i].cls) : "none"));
		json_object_object_add(x, "op", json_object_new_string(zswap_op_name(g[i].op)));
		json_object_object_add(x, "caller", json_object_new_string(g[i].caller));
		json_object_object_add(x, "zswap_function", json_object_new_string(g[i].zfunc));
		json_object_object_add(x, "zswap", json_object_new_boolean(g[i].zswap));
		json_object_object_add(x, "flags", json_object_new_int(
			d->e[g[i].example].flags));
		add_stats(x, &s);
		json_object_object_add(x, "estimated", json_object_new_boolean(g[i].estimated));
		json_object_object_add(x, "walked", json_object_new_uint64(g[i].walked));
		json_object_object_add(x, "pending", json_object_new_uint64(g[i].pending));
		json_object_object_add(x, "locks", json_object_new_int(g[i].nlocks));
		json_object_object_add(x, "histogram", hist_json(&g[i].h, "ns", NULL));
		json_object_object_add(x, "stack", stack_json(&d->e[g[i].example], ks));
		json_object_array_add(a, x);
	}
	return a;
}

/* A zspage group's pool and the addresses it stands for. */
static void add_group_members(json_object *x, const struct lock_data *d,
			      unsigned long long key)
{
	json_object *m = json_object_new_array();

	for (size_t i = 0; i < d->nr_members; i++)
		if (d->members[i].key == key)
			json_object_array_add(m, hex(d->members[i].addr));
	json_object_object_add(x, "group", json_object_new_string("zspage"));
	json_object_object_add(x, "pool", hex(key & ~LS_GROUP_ZSPAGE));
	json_object_object_add(x, "addresses", m);
	/* false: the member map was full, some addresses are not listed */
	json_object_object_add(x, "addresses_complete",
			       json_object_new_boolean(!d->members_full));
}

/* Every lock address (or zspage group), for cross-checks with other tools. */
static json_object *locks_json(const struct lock_data *d)
{
	json_object *a = json_object_new_array(), *x;

	for (size_t i = 0; i < d->n; i++) {
		const struct lock_entry *e = &d->e[i];
		bool dup = false;
		unsigned long long n = 0, t = 0;
		bool z = false;

		for (size_t j = 0; j < i && !dup; j++)
			dup = d->e[j].lock == e->lock;
		if (dup)
			continue;
		for (size_t j = i; j < d->n; j++) {
			if (d->e[j].lock != e->lock)
				continue;
			n += d->e[j].count;
			t += d->e[j].total_ns;
			z |= lock_entry_is_zswap(&d->e[j]);
		}
		x = json_object_new_object();
		json_object_object_add(x, "lock", hex(e->lock));
		json_object_object_add(x, "zswap", json_object_new_boolean(z));
		json_object_object_add(x, "class", json_object_new_string(
			z ? lock_class_name(e->v.cls) : "none"));
		json_object_object_add(x, "contentions", json_object_new_uint64(n));
		json_object_object_add(x, "total_ns", json_object_new_uint64(t));
		if (ls_is_group(e->lock))
			add_group_members(x, d, e->lock);
		json_object_array_add(a, x);
	}
	return a;
}

/* Adds the totals, classes and callers of d to o; returns the total. */
static unsigned long long add_groups(json_object *o, const struct lock_data *d,
				     const struct ksyms *ks, bool all)
{
	unsigned long long total, ztotal;
	struct lock_group *g;
	int ng;

	totals(d, &total, &ztotal);
	json_object_object_add(o, "contentions", json_object_new_uint64(total));
	json_object_object_add(o, "zswap_contentions", json_object_new_uint64(ztotal));
	ng = lock_groups(d, all, &g);
	json_object_object_add(o, "classes", classes_json(g, ng));
	json_object_object_add(o, "callers", callers_json(d, g, ng, ks));
	free(g);
	return total;
}

/* --compare-exact: the same window with every contention walked. */
static json_object *exact_check_json(const struct lock_data *d, const struct ksyms *ks,
				     bool all)
{
	json_object *o = json_object_new_object();

	add_groups(o, d, ks, all);
	json_object_object_add(o, "locks", locks_json(d));
	return o;
}

int lock_report_json(FILE *f, const struct lock_data *d, const struct ksyms *ks,
		     bool all)
{
	json_object *o = json_object_new_object(), *a, *x;
	struct tree_row *tr;
	unsigned long long total;
	int nt, err;

	json_object_object_add(o, "schema", json_object_new_string("zswap-lockstat/1"));
	json_object_object_add(o, "kernel", json_object_new_string(d->kernel));
	json_object_object_add(o, "duration_s", json_object_new_double(d->duration_s));
	x = json_object_new_object();
	json_object_object_add(x, "clock", json_object_new_string("CLOCK_MONOTONIC"));
	json_object_object_add(x, "start_ns", json_object_new_uint64(d->start_ns));
	json_object_object_add(x, "end_ns", json_object_new_uint64(d->end_ns));
	json_object_object_add(o, "window", x);
	if (d->argv) {
		a = json_object_new_array();
		for (int i = 0; d->argv[i]; i++)
			json_object_array_add(a, json_object_new_string(d->argv[i]));
		json_object_object_add(o, "command", a);
		json_object_object_add(o, "exit_code", json_object_new_int(d->exit_code));
	}
	x = json_object_new_object();
	json_object_object_add(x, "hook", json_object_new_string(d->hook));
	json_object_object_add(x, "hook_skipped", json_object_new_string(d->hook_why));
	json_object_object_add(x, "stacks", json_object_new_string(d->walks));
	json_object_object_add(x, "symbols", json_object_new_boolean(d->symbols));
	json_object_object_add(x, "tree_layout",
			       json_object_new_string(tree_layout_name(d->layout)));
	json_object_object_add(x, "tree_mapping", json_object_new_boolean(d->trees_mapped));
	json_object_object_add(x, "tree_mapping_why", json_object_new_string(d->trees_why));
	json_object_object_add(x, "zswap_trees", hex(d->trees_addr));
	json_object_object_add(x, "swap_types_read", json_object_new_int(d->nr_types));
	json_object_object_add(x, "swap_types_with_trees", json_object_new_int(d->types_with_trees));
	json_object_object_add(x, "tree_locks_known", json_object_new_uint64(d->trees_known));
	/* each pool's zspage locks as one lock (locks[].group "zspage") */
	json_object_object_add(x, "zspage_groups", json_object_new_boolean(d->zspage_groups));
	json_object_object_add(o, "plan", x);
	json_object_object_add(o, "sampling", sampling_json(d));
	json_object_object_add(o, "scope", scope_json(d));
	x = json_object_new_object();
	for (int i = 0; i < LS_FAIL_NR; i++)
		json_object_object_add(x, fail_names[i], json_object_new_uint64(d->fails[i]));
	json_object_object_add(o, "failures", x);
	json_object_object_add(o, "pending", json_object_new_uint64(d->pending));
	total = add_groups(o, d, ks, all);

	nt = lock_tree_rows(d, &tr);
	a = json_object_new_array();
	for (int i = 0; i < nt; i++) {
		x = json_object_new_object();
		json_object_object_add(x, "lock", hex(tr[i].lock));
		json_object_object_add(x, "class", json_object_new_string(lock_class_name(tr[i].cls)));
		json_object_object_add(x, "type", tr[i].type >= 0 ?
				       json_object_new_int(tr[i].type) : NULL);
		json_object_object_add(x, "index", tr[i].index >= 0 ?
				       json_object_new_int(tr[i].index) : NULL);
		json_object_object_add(x, "contentions", json_object_new_uint64(tr[i].count));
		json_object_object_add(x, "total_ns", json_object_new_uint64(tr[i].total_ns));
		json_object_object_add(x, "max_ns", json_object_new_uint64(tr[i].max_ns));
		json_object_array_add(a, x);
	}
	json_object_object_add(o, "trees", a);
	free(tr);

	json_object_object_add(o, "locks", locks_json(d));
	a = json_object_new_array();
	for (int i = 0; i < d->nr_notes; i++)
		json_object_array_add(a, json_object_new_string(d->notes[i]));
	if (!total)
		json_object_array_add(a, json_object_new_string(
			"no lock contention observed in the window"));
	json_object_object_add(o, "notes", a);
	if (d->nr_progs) {
		x = json_object_new_object();
		for (int i = 0; i < d->nr_progs; i++) {
			json_object *p = json_object_new_object();

			json_object_object_add(p, "run_cnt",
					       json_object_new_uint64(d->progs[i].run_cnt));
			json_object_object_add(p, "run_time_ns",
					       json_object_new_uint64(d->progs[i].run_time_ns));
			json_object_object_add(p, "mean_ns", json_object_new_double(
				d->progs[i].run_cnt ? (double)d->progs[i].run_time_ns /
				d->progs[i].run_cnt : 0));
			json_object_object_add(p, "recursion_misses",
					       json_object_new_uint64(d->progs[i].recursion_misses));
			json_object_object_add(x, d->progs[i].name, p);
		}
		json_object_object_add(o, "self_stats", x);
	}
	if (d->exact)
		json_object_object_add(o, "exact_check", exact_check_json(d->exact, ks, all));
	err = fprintf(f, "%s\n", json_object_to_json_string_ext(o,
		      JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE)) < 0;
	json_object_put(o);
	return err ? -1 : 0;
}

/* ---- metrics ----------------------------------------------------- */

void lock_report_metrics(const struct lock_data *d, struct metric_set *ms)
{
	struct metric_label l[2] = { { "lock", "any" }, { "caller", "any" } };
	char every[16];
	struct metric_label walk[2] = {
		{ "walk", walk_mode_names[d->walk_mode] }, { "every", every },
	};
	struct metric_label timed = { "timed", d->zswap_only ? "zswap" : "all" };
	unsigned long long total, zswap;

	/* always present, so records of quiet runs still compare */
	totals(d, &total, &zswap);
	metric_add(ms, MF_LOCK_CONTENTIONS, l, 2, SRC_TRACEPOINT, zswap);

	for (int c = 0; c < LC_NR; c++) {
		for (int op = ZOP_STORE; op < ZOP_NR; op++) {
			struct hist h = { .kind = HIST_LOG2 };
			unsigned long long n = 0;

			for (size_t i = 0; i < d->n; i++) {
				const struct lock_entry *e = &d->e[i];

				if (e->v.cls != (enum lock_class)c ||
				    e->v.op != (enum zswap_op)op)
					continue;
				n += e->count;
				hist_add(&h, &e->h);
			}
			if (!n)
				continue;
			l[0].value = lock_class_name(c);
			l[1].value = zswap_op_name(op);
			metric_add_hist(ms, MF_LOCK_WAIT, l, 2, SRC_TRACEPOINT, &h);
			metric_add(ms, MF_LOCK_CONTENTIONS, l, 2, SRC_TRACEPOINT, n);
		}
	}
	for (int i = 0; i < LS_FAIL_NR; i++) {
		struct metric_label kind = { "kind", fail_names[i] };

		metric_add(ms, MF_LOCK_FAILURES, &kind, 1, SRC_TRACEPOINT,
			   d->fails[i]);
	}
	metric_add(ms, MF_LOCK_PENDING, NULL, 0, SRC_TRACEPOINT, d->pending);
	/* the sample size, and whether the caller split is estimated */
	snprintf(every, sizeof(every), "%u",
		 d->walk_mode == LW_BY_ADDR ? d->sample_every : 1);
	metric_add(ms, MF_LOCK_WALKS, walk, 2, SRC_TRACEPOINT, d->walked);
	/* which locks were timed, and the contentions only counted */
	metric_add(ms, MF_LOCK_UNTIMED, &timed, 1, SRC_TRACEPOINT, d->untimed);
}
