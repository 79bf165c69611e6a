/* SPDX-License-Identifier: GPL-2.0 */
/*
 * When the contention tracepoints are worth attaching: zswap's locks are
 * taken only while pages go to or come from zswap, or its entries are
 * freed, and every program on lock:contention_begin/end costs every
 * contention in the kernel, zswap's or not. The gate watches the swap
 * traffic counters (/proc/vmstat zswp*, pswp*; /proc/meminfo Zswapped)
 * and says when they move (attach) and when they have been still for
 * idle_ns (detach). The window starts detached: a workload's contention
 * on zswap's locks comes with swap traffic, seen at the next poll.
 */
#ifndef __LOCK_GATE_H
#define __LOCK_GATE_H

#include <stdbool.h>

enum lock_gate_action {
	LG_NONE,
	LG_DETACH,	/* swap idle for idle_ns: detach the hooks */
	LG_ATTACH,	/* swap traffic again: attach them */
};

struct lock_gate {
	unsigned long long idle_ns;	/* 0: never detach */
	unsigned long long sig;		/* the counters' hash at the last poll */
	unsigned long long last_move_ns;	/* when they last changed */
	unsigned long long detached_at;	/* 0: attached */
	unsigned long long detached_ns;	/* the window's time detached */
	unsigned int attaches;
	unsigned long long polled_ns;	/* the last poll */
	unsigned long long polls, poll_cpu_ns;	/* the gate's own cost */
};

/* While attached the counters are read at most this often. */
#define LOCK_GATE_ATTACHED_POLL_NS 100000000ULL

/*
 * Starts the window at now_ns, detached, with the counters' hash read
 * now: true. idle_ns 0, or no swap counter readable (a hash of nothing,
 * FNV1A_INIT): attached for good, never polled (idle_ns 0): false.
 */
bool lock_gate_init(struct lock_gate *g, unsigned long long idle_ns,
		    unsigned long long now_ns);
/* The same with the counters' hash given (lock_gate_sig()). */
bool lock_gate_init_sig(struct lock_gate *g, unsigned long long idle_ns,
			unsigned long long sig, unsigned long long now_ns);
/*
 * One poll of the counters at now_ns (while attached, at most every
 * LOCK_GATE_ATTACHED_POLL_NS; detached, at every call): what to do with
 * the hooks.
 */
enum lock_gate_action lock_gate_poll(struct lock_gate *g, unsigned long long now_ns);
/* The same with the counters' hash given (lock_gate_sig()). */
enum lock_gate_action lock_gate_step(struct lock_gate *g, unsigned long long sig,
				     unsigned long long now_ns);
/* The hooks were detached at now_ns / attached again at now_ns. */
void lock_gate_detached(struct lock_gate *g, unsigned long long now_ns);
void lock_gate_attached(struct lock_gate *g, unsigned long long now_ns);
/* Time detached up to now_ns (end of the window). */
unsigned long long lock_gate_detached_ns(const struct lock_gate *g,
					 unsigned long long now_ns);
/*
 * The hash of the swap traffic counters in vmstat and meminfo text (NULL:
 * none): the lines zswp*, pswp* and Zswapped:. Parsers take text so the
 * unit tests can feed them captured files.
 */
unsigned long long lock_gate_sig(const char *vmstat, const char *meminfo);

#endif /* __LOCK_GATE_H */
