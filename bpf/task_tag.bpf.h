/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The writeback tag of a task (struct task_tag in zswapstat.h): its map
 * and the predicates that read it, for the two objects that share them.
 * zswapstat.bpf.c raises and drops the marks; iostall.bpf.c only reads
 * them, from zswapstat's map (the frontend hands it over with
 * bpf_map__reuse_fd()), so both must declare the map identically.
 */
#ifndef __TASK_TAG_BPF_H
#define __TASK_TAG_BPF_H

#include "zswapstat.h"

/*
 * Task storage, not a hash keyed by thread id: the lookup follows the
 * task's own pointer, lockless, and a tag is never deleted (it goes with
 * its task), where the hash inserted and deleted an element under a
 * bucket lock at every shrink_worker run (README, Benchmarks).
 */
struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct task_tag);
} task_tags SEC(".maps");

/* task_struct->flags; the values have not changed since 2.6 */
#define PF_WQ_WORKER	0x00000020
#define PF_MEMALLOC	0x00000800

/*
 * Whether task p can be inside zswap writeback at all: writeback runs in
 * workqueue workers (shrink_worker) or inside reclaim (the zswap shrinker;
 * direct, memcg and kswapd reclaim set PF_MEMALLOC, which also keeps a
 * reclaim from nesting in another, so only a worker re-enters reclaim from
 * inside writeback). The flags word is hot; the task's storage pointer is
 * a cold line of task_struct, a cache miss for most events' tasks.
 */
static __always_inline bool tag_possible(const struct task_struct *p)
{
	return p->flags & (PF_WQ_WORKER | PF_MEMALLOC);
}

/* The tag of task p, or NULL when it has never been tagged. */
static __always_inline struct task_tag *tag_of(struct task_struct *p)
{
	return bpf_task_storage_get(&task_tags, p, 0, 0);
}

/*
 * Task p's reclaim level, 1 inside reclaim: direct, memcg and kswapd
 * reclaim run with PF_MEMALLOC, and a reclaim does not nest in another.
 */
static __always_inline int reclaim_level(const struct task_struct *p)
{
	return !!(p->flags & PF_MEMALLOC);
}

/* Inside zswap writeback: the writeback function, shrink_worker or the shrinker. */
static __always_inline bool tag_marked(const struct task_tag *t)
{
	return t->wb_depth[0] || t->wb_depth[1] || t->worker ||
	       t->shrinker_depth;
}

/*
 * A swap write bio of task p is zswap writeback: a mark of p's reclaim
 * level is up (shrink_worker runs outside reclaim, the shrinker inside),
 * and p is not in a nested swap-out.
 */
static __always_inline bool tag_says_writeback(const struct task_tag *t,
					       const struct task_struct *p)
{
	if (t->swapout_depth)
		return false;
	if (reclaim_level(p))
		return t->wb_depth[1] || t->shrinker_depth;
	return t->wb_depth[0] || t->worker;
}

#endif /* __TASK_TAG_BPF_H */
