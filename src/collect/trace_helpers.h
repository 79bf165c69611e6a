/* SPDX-License-Identifier: GPL-2.0 */
/* Probes for what this kernel lets us attach (kernel symbols: ksyms.h). */
#ifndef __TRACE_HELPERS_H
#define __TRACE_HELPERS_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Each probe really tries the thing where that is cheap (load and attach
 * a trivial program), and writes why it failed into why[len].
 */
bool fentry_can_attach(const char *func, char *why, size_t len);
bool kprobe_exists(const char *func, char *why, size_t len);
bool tp_btf_exists(const char *tp, char *why, size_t len);
bool btf_func_exists(const char *func);

/* Return type of a kernel function from BTF: 1 bool, 0 int, -1 unknown. */
int btf_func_returns_bool(const char *func);

/* Mount debugfs/tracefs when missing; returns a note or NULL. */
const char *ensure_debugfs(void);
const char *ensure_tracefs(void);
const char *tracefs_root(void);

/* libbpf's messages on stderr with verbose, else none. */
void libbpf_verbosity(bool verbose);

/*
 * Sums a per-CPU array map over CPUs: keys 0..nkeys-1, each value `words`
 * u64s wide (a counter, or a histogram's slots and sum); out holds
 * nkeys * words. A key that cannot be read sums to 0.
 */
void percpu_array_sum(int fd, unsigned int nkeys, size_t words,
		      unsigned long long *out);
/*
 * Sums a per-CPU hash map's value at key over CPUs, `words` u64s wide,
 * into out: 0, or -errno (out is then 0).
 */
int percpu_hash_sum(int fd, const void *key, size_t words,
		    unsigned long long *out);

#endif /* __TRACE_HELPERS_H */
