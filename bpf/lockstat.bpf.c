// SPDX-License-Identifier: GPL-2.0
/*
 * Lock contention by (lock address, kernel stack), with wait histograms.
 *
 * lock:contention_begin records a start timestamp and walks the stack; the
 * matching contention_end adds the wait to the aggregate of that lock and
 * stack. Spinning locks cannot sleep or migrate while contended, so their
 * start lives in a per-CPU slot; sleeping locks (mutex, rwsem) keep it
 * per task. A begin while one is already in progress in the same slot
 * (an interrupt contending while its task spins, a mutex going from
 * optimistic spinning to sleeping) is ignored, as perf's
 * lock_contention.bpf.c does, so a contention is counted once. The
 * frontend accounts the starts still in progress at the end of the window.
 *
 * Whose a contention is, the kernel stack says. Three ways to pay for it
 * (walk_zswap_only, sample_by_addr, neither: every contention walked):
 *  - fentry brackets zswap's operations: only a task inside one is walked;
 *  - without fentry, by lock address: a lock object keeps its owner while
 *    it lives, so only the first contention of an address is walked, then
 *    1 in sample_mask + 1 at random, and the first after the frontend
 *    bumps walk_gen (kallsyms changed: a module came or went). An address
 *    whose walks show no frame in zswap's text (the rest of the kernel's
 *    locks: most of the walks) is walked 1 in other_mask + 1 instead,
 *    until a walk shows one (a freed lock's address reused by zswap, a
 *    zsmalloc pool compacted by the kernel before zswap stores). The others
 *    are counted and timed exactly, under the address with no stack (in
 *    this CPU's slot of the address, addr_cpu, else in its lock_addr
 *    entry: no hash of a stack key), and the frontend spreads them over
 *    the address's walked stacks, each walk at random standing for
 *    sample_mask + 1 (or other_mask + 1) contentions and each other walk
 *    for itself. At
 *    random, not every Nth: contentions that alternate between callers
 *    (a pipe's reader and writer) would alias with a counter.
 *
 * By default (zswap_only) only zswap's locks are timed: an address whose
 * walk shows no frame in zswap's text, or (fentry) a contention outside
 * zswap's operations, is counted in this CPU's untimed counter and
 * nothing else: no timestamp, no key, no further walk, nothing at its
 * contention_end. The first contention of an address new to lock_addr
 * is walked and timed, so every contention of an address zswap takes
 * first is timed. --all (zswap_only off) times every lock.
 *
 * zsmalloc's zspage locks (6.16+) live as long as their zspage, a few
 * seconds, and are contended once or twice each: walking each one's first
 * would walk nearly all of them. So each pool's zspage locks are one lock,
 * the group (LS_GROUP_ZSPAGE), in every mode: aggregated, sampled and
 * reported under the group's key, their addresses kept in zspage_members.
 *
 * Every program exists as tp_btf and as raw_tp; the frontend keeps one
 * pair with bpf_program__set_autoload().
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "lockstat.h"
#include "bits.bpf.h"
#include "maps.bpf.h"

#define ZSPAGE_MAGIC 0x58	/* mm/zsmalloc.c */

/* Set by the frontend: kallsyms addresses of zswap's tree arrays. */
const volatile __u64 trees_addr;	/* zswap_trees[] */
const volatile __u64 nr_trees_addr;	/* nr_zswap_trees[] (6.8+) */
const volatile __u32 nr_types;		/* entries of zswap_trees[] to read */

/*
 * Set by the frontend when fentry brackets zswap's operations: only a
 * task inside one has its stack walked (the walk is most of a
 * contention's cost, and zswap's locks are taken only there). The
 * others are still timed, as stackless aggregates.
 */
const volatile bool walk_zswap_only;

/* Set by the frontend without fentry: walk by lock address (see above). */
const volatile bool sample_by_addr;
const volatile __u32 sample_mask;	/* walk 1 in sample_mask + 1 */
const volatile __u32 other_mask;	/* an address not zswap's: 1 in other_mask + 1 */
/* zswap's text, [ztext_lo[i], ztext_hi[i]), within [ztext_min, ztext_max) */
const volatile __u64 ztext_lo[LS_MAX_ZTEXT], ztext_hi[LS_MAX_ZTEXT];
const volatile __u64 ztext_min, ztext_max;
const volatile __u32 nr_ztext;	/* 0: unknown, every address at zswap's rate */
/*
 * Set by the frontend to check the sampling: every contention is walked
 * as well and accounted with its stack in lock_stat_all.
 */
const volatile bool compare_exact;
/* Set by the frontend unless --all: time only zswap's locks (see above). */
const volatile bool zswap_only;

/* Bumped by the frontend when kallsyms changes: re-walk every address. */
__u32 walk_gen;
/* Bumped when an address's state changes: the per-CPU slots' copies are stale. */
__u32 state_gen;
__u64 nr_walks;		/* contentions walked and timed */
__u64 nr_walks_untimed;	/* zswap_only: first walks showing an address not zswap's */
/*
 * zswap_only: sleeping contentions timed and in progress, so that a
 * contention_end finds none without a task storage lookup.
 */
__u64 task_waits;
__u64 addr_full;	/* lock_addr full: walked, not sampled */
__u64 members_full;	/* zspage_members full: a member not kept */

/* Set at the start of the window; contentions begun before are not kept. */
bool enabled;

__u64 fails[LS_FAIL_NR];

/* Filled by read_trees() when the frontend test-runs it. */
__u64 tree_ptrs[LS_MAX_TYPES];
__u32 tree_nrs[LS_MAX_TYPES];
int trees_read_err;

/*
 * A sleeping lock's contention in progress, in the task's own storage:
 * created at its first contention and kept until the task exits (->lock
 * cleared at the end), so a contention costs a lookup, not a hash insert
 * and delete. The storage's own lock may be contended inside our begin:
 * the program does not run again on that CPU (the per-program recursion
 * guard of tp_btf/raw_tp since 6.3; before, the storage's busy counter
 * makes the inner get return NULL), and a NULL get counts as
 * LS_FAIL_TASK_FULL.
 */
struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct ls_tstamp);
} tstamp_task SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct ls_tstamp);
} tstamp_cpu SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, LS_MAX_LOCKS);
	__type(key, struct ls_key);
	__type(value, struct ls_value);
} lock_stat SEC(".maps"), lock_stat_all SEC(".maps");

/*
 * Not preallocated: an address is inserted once, at its first contention,
 * and a host contends a few hundred; preallocated, its 616-byte entries
 * would pin 10 MB. The kernel's BPF allocator serves any context (6.1+).
 */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, LS_MAX_ADDRS);
	__type(key, __u64);
	__type(value, struct ls_addr);
} lock_addr SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct ls_addr_cpu);
} addr_cpu SEC(".maps");

/*
 * The zspage lock addresses seen, each with its group's key: which lock
 * addresses a group stands for, for the frontend to name them beside
 * other tools' per-address figures. Membership only: the counts are the
 * group's.
 */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, LS_MAX_MEMBERS);
	__type(key, __u64);
	__type(value, __u64);
} zspage_members SEC(".maps");

/* How many zswap operations the task is inside (fentry +1, fexit -1). */
struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, __u32);
} zswap_depth SEC(".maps");

static __always_inline void count_fail(int what)
{
	__sync_fetch_and_add(&fails[what], 1);
}

static __always_inline bool is_spinning(__u32 flags)
{
	return (flags & (LCB_F_SPIN | LCB_F_MUTEX)) == LCB_F_SPIN;
}

/* The slot for a new contention, or NULL when one is in progress. */
static __always_inline struct ls_tstamp *start_slot(__u32 flags)
{
	struct ls_tstamp *t;
	__u32 idx = 0;

	if (is_spinning(flags)) {
		t = bpf_map_lookup_elem(&tstamp_cpu, &idx);
		if (t && t->lock) {
			count_fail(LS_FAIL_NESTED);
			return NULL;
		}
		return t;
	}
	t = bpf_task_storage_get(&tstamp_task, bpf_get_current_task_btf(), 0,
				 BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (!t) {
		count_fail(LS_FAIL_TASK_FULL);
		return NULL;
	}
	if (t->lock) {
		count_fail(LS_FAIL_NESTED);
		return NULL;
	}
	return t;
}

/* The current task's zswap depth; flags: BPF_LOCAL_STORAGE_GET_F_CREATE */
static __always_inline __u32 *task_zswap_depth(__u64 flags)
{
	return bpf_task_storage_get(&zswap_depth, bpf_get_current_task_btf(),
				    0, flags);
}

static __always_inline bool in_zswap(void)
{
	__u32 *depth = task_zswap_depth(0);

	return depth && *depth;
}

/* Inserted as the first value of a new key (too big for the BPF stack). */
const struct ls_value zero_value;
const struct ls_addr zero_addr;

/* This CPU's slots of lock addresses. */
static __always_inline struct ls_addr_cpu *cpu_slots(void)
{
	__u32 idx = 0;

	return bpf_map_lookup_elem(&addr_cpu, &idx);
}

/*
 * The slot of lock in c (this CPU's), NULL if another's; claim: take it if
 * free (a lock address known to lock_addr: not one seen once).
 */
static __always_inline struct ls_addr_slot *addr_slot(struct ls_addr_cpu *c,
						      __u64 lock, bool claim)
{
	__u32 i = ls_addr_slot(lock);

	if (!c)
		return NULL;
	/* the verifier may not see the mask */
	barrier_var(i);
	i &= LS_ADDR_SLOTS - 1;
	if (claim && !c->e[i].lock)
		__sync_val_compare_and_swap(&c->e[i].lock, 0, lock);
	if (c->e[i].lock != lock)
		return NULL;
	return &c->e[i];
}

/* Seen in lock_addr since the last bumps: no hash lookup needed. */
static __always_inline bool slot_fresh(const struct ls_addr_slot *s, __u32 sgen)
{
	return s && s->gen == walk_gen + 1 && s->sgen == sgen;
}

/*
 * The group key of a zspage lock (LS_GROUP_ZSPAGE: its pool's), else 0:
 * lock is a struct zspage's zsl.lock when the struct around it has
 * zsmalloc's magic and a pool whose size class of the zspage's class
 * index has that index. Probe reads: lock may be any spinlock, and a
 * spinlock in another struct can have 0x58 where magic would be, with a
 * list poison (0xdead000000000122) or, in the swap cluster array, a
 * neighbour's list_head where pool would be.
 */
static __always_inline __u64 zspage_group(__u64 lock, __u32 flags)
{
	const __u32 kind = LCB_F_SPIN | LCB_F_READ | LCB_F_WRITE | LCB_F_MUTEX;
	struct zspage *zs;
	__u64 pool = 0, cls = 0;
	__u32 magic, idx, index = ~0U;

	if (!bpf_core_field_exists(struct zspage, zsl) ||
	    (flags & kind) != LCB_F_SPIN)
		return 0;
	zs = (void *)(lock - bpf_core_field_offset(struct zspage, zsl) -
		      bpf_core_field_offset(struct zspage_lock, lock));
	magic = BPF_CORE_READ_BITFIELD_PROBED(zs, magic);
	if (magic != ZSPAGE_MAGIC ||
	    bpf_probe_read_kernel(&pool, sizeof(pool), &zs->pool) ||
	    pool >> 48 != 0xffff)	/* a kernel address (x86-64, arm64) */
		return 0;
	/* pool->size_class[zs->class]->index == zs->class */
	idx = BPF_CORE_READ_BITFIELD_PROBED(zs, class);
	if (bpf_probe_read_kernel(&cls, sizeof(cls), (void *)(pool +
			bpf_core_field_offset(struct zs_pool, size_class) +
			idx * sizeof(cls))) ||
	    cls >> 48 != 0xffff ||
	    bpf_probe_read_kernel(&index, sizeof(index), (void *)(cls +
			bpf_core_field_offset(struct size_class, index))) ||
	    index != idx)
		return 0;
	return pool | LS_GROUP_ZSPAGE;
}

/* Keeps lock as a member of group (zspage_members), if there is room. */
static __always_inline void note_member(__u64 lock, __u64 group)
{
	__u64 *g = bpf_map_lookup_elem(&zspage_members, &lock);
	long err;

	if (g) {
		/* the address of a freed zspage, reused by another pool's */
		if (*g != group)
			*g = group;
		return;
	}
	err = bpf_map_update_elem(&zspage_members, &lock, &group, BPF_NOEXIST);
	if (err && err != -EEXIST)
		__sync_fetch_and_add(&members_full, 1);
}

/* The key a contention on lock is aggregated under: lock, or its group. */
static __always_inline __u64 agg_key(__u64 lock, __u32 flags)
{
	__u64 g = zspage_group(lock, flags);

	if (!g)
		return lock;
	note_member(lock, g);
	return g;
}

/* The walk of 1 in sample_mask + 1 contentions (other_mask + 1), at random. */
static __always_inline __u32 at_random(__u32 state)
{
	if (state == LS_ADDR_OTHER && zswap_only)
		return LS_UNTIMED;
	if (state == LS_ADDR_OTHER)
		return bpf_get_prandom_u32() & other_mask ? LS_NOT_WALKED :
							    LS_WALKED_RARE;
	return bpf_get_prandom_u32() & sample_mask ? LS_NOT_WALKED : LS_WALKED;
}

/* zswap_only: lock was last found not zswap's on this CPU (c's cache). */
static __always_inline bool known_other(struct ls_addr_cpu *c, __u64 lock)
{
	__u32 i = ls_other_slot(lock);

	if (!zswap_only || !c || c->other_gen != walk_gen + 1)
		return false;
	barrier_var(i);
	i &= LS_OTHER_CACHE - 1;
	return c->other[i] == lock;
}

/* Keeps lock in c's cache of addresses not zswap's, emptied when walk_gen moves. */
static __always_inline void remember_other(struct ls_addr_cpu *c, __u64 lock)
{
	__u32 i = ls_other_slot(lock);

	if (!c)
		return;
	if (c->other_gen != walk_gen + 1) {
		for (int k = 0; k < LS_OTHER_CACHE; k++)
			c->other[k] = 0;
		c->other_gen = walk_gen + 1;
	}
	barrier_var(i);
	i &= LS_OTHER_CACHE - 1;
	c->other[i] = lock;
}

/*
 * Sampling by address: whether and why a contention on lock is walked (or
 * LS_UNTIMED); a zspage lock new to lock_addr gets its group's key (*key).
 */
static __always_inline __u32 sample_addr(__u64 lock, __u32 flags, __u64 *key)
{
	struct ls_addr_cpu *c = cpu_slots();
	struct ls_addr_slot *s;
	__u32 sgen = state_gen;
	struct ls_addr *a;
	__u64 g;
	long err;

	if (known_other(c, lock))
		return LS_UNTIMED;
	s = addr_slot(c, lock, false);
	if (slot_fresh(s, sgen))
		return at_random(s->state);
	a = bpf_map_lookup_elem(&lock_addr, &lock);
	if (!a) {
		g = agg_key(lock, flags);
		if (g != lock) {
			*key = g;
			s = addr_slot(c, g, false);
			if (slot_fresh(s, sgen))
				return at_random(s->state);
			a = bpf_map_lookup_elem(&lock_addr, &g);
		}
	}
	if (!a) {
		/* -EEXIST: another CPU's first contention, walked there */
		err = bpf_map_update_elem(&lock_addr, key, &zero_addr, BPF_NOEXIST);
		if (err && err != -EEXIST)
			__sync_fetch_and_add(&addr_full, 1);
		a = err ? NULL : bpf_map_lookup_elem(&lock_addr, key);
		if (a)
			a->gen = walk_gen;
		return LS_WALKED_FORCED;
	}
	if (a->gen != walk_gen) {
		/* a module came or went: the address may be another lock's */
		a->gen = walk_gen;
		a->state = LS_ADDR_NEW;
		return LS_WALKED_FORCED;
	}
	/* an address not zswap's takes no slot from zswap's */
	if (zswap_only && a->state == LS_ADDR_OTHER) {
		/* a zspage group's member may be another pool's next */
		if (*key == lock)
			remember_other(c, lock);
		return LS_UNTIMED;
	}
	s = addr_slot(c, *key, true);
	if (s) {
		s->gen = walk_gen + 1;
		s->state = a->state;
		s->sgen = sgen;
	}
	return at_random(a->state);
}

/* Whether a frame of the stack ips is in zswap's text. */
static __always_inline bool stack_in_zswap(const __u64 *ips)
{
	for (int i = 0; i < LS_STACK_DEPTH; i++) {
		__u64 ip = ips[i];

		if (!ip)
			break;
		if (ip < ztext_min || ip >= ztext_max)
			continue;
		for (int r = 0; r < LS_MAX_ZTEXT; r++) {
			if (r >= nr_ztext)
				break;
			if (ip >= ztext_lo[r] && ip < ztext_hi[r])
				return true;
		}
	}
	return false;
}

static __always_inline __u32 zswap_state(const __u64 *ips)
{
	return stack_in_zswap(ips) ? LS_ADDR_ZSWAP : LS_ADDR_OTHER;
}

/*
 * A walk of lock's stack by address: its state follows (a first walk
 * decides; a zswap frame decides for good), and the per-CPU slots'
 * copies are made stale when it changes. Returns the state.
 */
static __always_inline __u32 note_walk(__u64 lock, const __u64 *ips)
{
	struct ls_addr *a = bpf_map_lookup_elem(&lock_addr, &lock);
	__u32 state;

	if (!a || a->state == LS_ADDR_ZSWAP)
		return LS_ADDR_ZSWAP;
	state = zswap_state(ips);
	if (a->state == state)
		return state;
	a->state = state;
	__sync_fetch_and_add(&state_gen, 1);
	return state;
}

/*
 * Whether a walked contention stays timed: by address its walk sets the
 * address's state; zswap_only keeps it unless that (or, every stack
 * walked, its own stack) shows it is not zswap's.
 */
static __always_inline bool walk_keeps(const struct ls_tstamp *t)
{
	__u32 state = LS_ADDR_ZSWAP;

	if (!nr_ztext)
		return true;
	if (sample_by_addr)
		state = note_walk(t->key, t->ips);
	else if (zswap_only && !walk_zswap_only)
		state = zswap_state(t->ips);
	return !zswap_only || state != LS_ADDR_OTHER;
}

/*
 * Whether and why a contention on lock is walked, or LS_UNTIMED; sets
 * its aggregates' key.
 */
static __always_inline __u32 want_walk(__u64 lock, __u32 flags, __u64 *key)
{
	if (sample_by_addr)
		return sample_addr(lock, flags, key);
	if (walk_zswap_only && zswap_only && !in_zswap())
		return LS_UNTIMED;
	*key = agg_key(lock, flags);
	if (walk_zswap_only)
		return in_zswap() ? LS_WALKED : LS_NOT_WALKED;
	return LS_WALKED;
}

static __always_inline void count_untimed(void)
{
	struct ls_addr_cpu *c = cpu_slots();

	/* this CPU's: the program does not run nested in itself */
	if (c)
		c->untimed++;
}

static __always_inline int on_begin(void *ctx, __u64 lock, __u32 flags)
{
	struct ls_tstamp *t;
	__u64 key = lock;
	__u32 walk;

	if (!enabled)
		return 0;
	walk = want_walk(lock, flags, &key);
	if (walk == LS_UNTIMED) {
		count_untimed();
		return 0;
	}
	t = start_slot(flags);
	if (!t)
		return 0;
	t->ts = bpf_ktime_get_ns();
	t->lock = lock;
	t->key = key;
	t->flags = flags;
	t->walked = walk;
	/* ips are read only when walked (or all are: compare_exact) */
	if (walk || compare_exact) {
		/* zero-fills the frames it did not reach, all of them on failure */
		if (bpf_get_stack(ctx, t->ips, sizeof(t->ips), 0) <= 0) {
			count_fail(LS_FAIL_STACK);
		} else if (walk && !walk_keeps(t)) {
			t->lock = 0;
			__sync_fetch_and_add(&nr_walks_untimed, 1);
			count_untimed();
			return 0;
		}
		if (walk)
			__sync_fetch_and_add(&nr_walks, 1);
	}
	if (zswap_only && !is_spinning(flags))
		__sync_fetch_and_add(&task_waits, 1);
	return 0;
}

/*
 * Adds one wait to an aggregate; own_cpu: this CPU's alone (an addr_cpu
 * slot), so plain adds, where a locked add would cost the contention_end,
 * which runs with the lock already taken, three times. A run nested in
 * this one on the CPU (an interrupt; 6.3+ does not even run it) cannot
 * add to the same slot: the slot is one lock's, whose end this is, so
 * the interrupted task holds that lock.
 */
static __always_inline void add_wait(struct ls_value *v, __u64 wait, bool own_cpu)
{
	__u32 slot = log2_u64(wait);

	/*
	 * Should the compiler prove slot < 64 and drop a clamp, older
	 * verifiers (6.1) could not bound the index: hide it and mask it.
	 */
	barrier_var(slot);
	slot &= LS_HIST_SLOTS - 1;
	if (own_cpu) {
		v->count++;
		v->total_ns += wait;
		v->slots[slot]++;
	} else {
		__sync_fetch_and_add(&v->count, 1);
		__sync_fetch_and_add(&v->total_ns, wait);
		__sync_fetch_and_add(&v->slots[slot], 1);
	}
	/* racy like perf's: a lost max/min update is one sample's worth */
	if (v->max_ns < wait)
		v->max_ns = wait;
	if (!v->min_ns || v->min_ns > wait)
		v->min_ns = wait;
}

/*
 * Adds one contention to map's aggregate of its lock and, if walked, stack
 * (walk: why, enum ls_walk).
 */
static __always_inline void account(void *map, struct ls_tstamp *t, bool stack,
				    __u32 walk, __u64 wait)
{
	struct ls_key key = { .lock = t->key };
	struct ls_value *v;

	if (stack)
		__builtin_memcpy(key.ips, t->ips, sizeof(key.ips));
	v = map_lookup_or_try_init(map, &key, &zero_value);
	if (!v) {
		count_fail(LS_FAIL_MAP_FULL);
		return;
	}
	/* a new element's: every contention of one lock has its flags */
	if (!v->flags)
		v->flags = t->flags;
	add_wait(v, wait, false);
	if (walk == LS_WALKED_FORCED)
		__sync_fetch_and_add(&v->forced, 1);
	else if (walk == LS_WALKED_RARE)
		__sync_fetch_and_add(&v->rare, 1);
}

/*
 * Adds one contention to the lock's own aggregate when it was not walked
 * while sampling by address, else to lock_stat's of its lock and stack.
 */
static __always_inline void account_sampled(struct ls_tstamp *t, __u64 wait)
{
	struct ls_addr_slot *s;
	struct ls_addr *a;

	if (sample_by_addr && !t->walked) {
		s = addr_slot(cpu_slots(), t->key, true);
		if (s) {
			if (!s->v.flags)
				s->v.flags = t->flags;
			add_wait(&s->v, wait, true);
			return;
		}
		a = bpf_map_lookup_elem(&lock_addr, &t->key);
		if (a) {
			if (!a->v.flags)
				a->v.flags = t->flags;
			add_wait(&a->v, wait, false);
			return;
		}
	}
	account(&lock_stat, t, t->walked, t->walked, wait);
}

static __always_inline int on_end(__u64 lock)
{
	struct ls_tstamp *t;
	bool task = false;
	__u32 idx = 0;
	__u64 now;

	if (!enabled)
		return 0;
	/*
	 * The end does not say which kind of lock it was. A spinning
	 * contention in progress on this CPU is the innermost one: a task
	 * cannot wait on a sleeping lock while it spins.
	 */
	t = bpf_map_lookup_elem(&tstamp_cpu, &idx);
	if (!t || !t->lock) {
		/* zswap_only: most ends are of contentions not timed */
		if (zswap_only && !task_waits)
			return 0;
		t = bpf_task_storage_get(&tstamp_task,
					 bpf_get_current_task_btf(), 0, 0);
		task = true;
	}
	if (!t || t->lock != lock) {
		if (!zswap_only)
			count_fail(LS_FAIL_MISSING_START);
		return 0;
	}
	now = bpf_ktime_get_ns();
	if (now < t->ts)
		count_fail(LS_FAIL_TIME);
	else {
		account_sampled(t, now - t->ts);
		if (compare_exact)
			account(&lock_stat_all, t, true, LS_WALKED, now - t->ts);
	}
	t->lock = 0;
	if (zswap_only && task)
		__sync_fetch_and_sub(&task_waits, 1);
	return 0;
}

SEC("tp_btf/contention_begin")
int BPF_PROG(btf_begin, void *lock, unsigned int flags)
{
	return on_begin(ctx, (__u64)lock, flags);
}

SEC("tp_btf/contention_end")
int BPF_PROG(btf_end, void *lock, int ret)
{
	return on_end((__u64)lock);
}

SEC("raw_tp/contention_begin")
int raw_begin(struct bpf_raw_tracepoint_args *ctx)
{
	return on_begin(ctx, ctx->args[0], (__u32)ctx->args[1]);
}

SEC("raw_tp/contention_end")
int raw_end(struct bpf_raw_tracepoint_args *ctx)
{
	return on_end(ctx->args[0]);
}

/*
 * The sleeping-lock contentions in progress, one struct ls_tstamp each,
 * for the frontend at the end of the window (a task storage map has no
 * keys to walk).
 */
SEC("iter/task")
int pending_tasks(struct bpf_iter__task *ctx)
{
	struct task_struct *task = ctx->task;
	struct ls_tstamp *t;

	if (!task)
		return 0;
	t = bpf_task_storage_get(&tstamp_task, task, 0, 0);
	if (t && t->lock)
		bpf_seq_write(ctx->meta->seq, t, sizeof(*t));
	return 0;
}

/*
 * Before the contention hooks are attached again (the gate,
 * lock_session_tick()): a contention begun before they were detached
 * never saw its end, and its slot would read as a wait still in progress.
 */
SEC("iter/task")
int clear_pending(struct bpf_iter__task *ctx)
{
	struct task_struct *task = ctx->task;
	struct ls_tstamp *t;

	if (!task)
		return 0;
	t = bpf_task_storage_get(&tstamp_task, task, 0, 0);
	if (t)
		t->lock = 0;
	return 0;
}

/*
 * zswap's operations, bracketed: the frontend points each used pair at
 * one function (bpf_program__set_attach_target) and leaves the rest
 * unloaded. Eight pairs cover every kernel's set (store, load,
 * invalidate, swapoff, shrink_worker, the shrinker's scan and count).
 */
static __always_inline void zswap_enter(void)
{
	__u32 *depth = task_zswap_depth(BPF_LOCAL_STORAGE_GET_F_CREATE);

	if (depth)
		(*depth)++;
}

static __always_inline void zswap_exit(void)
{
	__u32 *depth = task_zswap_depth(0);

	/* 0: the task was inside when the tools attached */
	if (depth && *depth)
		(*depth)--;
}

#define ZSWAP_OP_PAIR(n)						\
SEC("fentry/zswap_store")						\
int zop_enter##n(void *ctx) { zswap_enter(); return 0; }		\
SEC("fexit/zswap_store")						\
int zop_exit##n(void *ctx) { zswap_exit(); return 0; }

ZSWAP_OP_PAIR(0)
ZSWAP_OP_PAIR(1)
ZSWAP_OP_PAIR(2)
ZSWAP_OP_PAIR(3)
ZSWAP_OP_PAIR(4)
ZSWAP_OP_PAIR(5)
ZSWAP_OP_PAIR(6)
ZSWAP_OP_PAIR(7)

/*
 * Reads zswap_trees[] (and nr_zswap_trees[]) so the frontend can tell
 * which tree a lock address belongs to. Never attached: the frontend
 * runs it with BPF_PROG_TEST_RUN at the end of the window.
 */
SEC("raw_tp/bpf_test_finish")
int read_trees(void *ctx)
{
	for (__u32 i = 0; i < LS_MAX_TYPES; i++) {
		if (i >= nr_types)
			break;
		if (bpf_probe_read_kernel(&tree_ptrs[i], sizeof(__u64),
					  (void *)(trees_addr + i * 8)))
			trees_read_err++;
		if (nr_trees_addr &&
		    bpf_probe_read_kernel(&tree_nrs[i], sizeof(__u32),
					  (void *)(nr_trees_addr + i * 4)))
			trees_read_err++;
	}
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
