// SPDX-License-Identifier: GPL-2.0
/* The swap traffic counters polled: when to attach the contention hooks. */
#include <fcntl.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "fnv.h"
#include "lock_gate.h"

bool lock_gate_init_sig(struct lock_gate *g, unsigned long long idle_ns,
			unsigned long long sig, unsigned long long now_ns)
{
	memset(g, 0, sizeof(*g));
	/* no swap counter read (no zswp*, pswp*, Zswapped): never detach */
	if (sig == FNV1A_INIT)
		idle_ns = 0;
	g->idle_ns = idle_ns;
	if (!idle_ns)
		return false;
	g->sig = sig;
	g->last_move_ns = now_ns;
	g->polled_ns = now_ns;
	/* never 0: 0 reads as attached */
	g->detached_at = now_ns ? now_ns : 1;
	return true;
}

static bool wanted(const char *line)
{
	return !strncmp(line, "zswp", 4) || !strncmp(line, "pswp", 4) ||
	       !strncmp(line, "Zswapped:", 9);
}

unsigned long long lock_gate_sig(const char *vmstat, const char *meminfo)
{
	const char *texts[2] = { vmstat, meminfo };
	unsigned long long h = FNV1A_INIT;

	for (int i = 0; i < 2; i++) {
		for (const char *p = texts[i]; p && *p; ) {
			const char *nl = strchr(p, '\n');

			if (wanted(p))
				h = fnv1a(h, p, nl ? (size_t)(nl - p) : strlen(p));
			if (!nl)
				break;
			p = nl + 1;
		}
	}
	return h;
}

/* The file into buf (NUL-terminated), or "" when it cannot be read */
static const char *slurp(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t n = 0;
	ssize_t r = 0;

	if (fd >= 0) {
		while (n < len - 1 && (r = read(fd, buf + n, len - 1 - n)) > 0)
			n += r;
		close(fd);
	}
	buf[n] = '\0';
	return buf;
}

static unsigned long long thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

enum lock_gate_action lock_gate_step(struct lock_gate *g, unsigned long long sig,
				     unsigned long long now_ns)
{
	if (sig != g->sig) {
		g->sig = sig;
		g->last_move_ns = now_ns;
		return g->detached_at ? LG_ATTACH : LG_NONE;
	}
	if (!g->detached_at && now_ns - g->last_move_ns >= g->idle_ns)
		return LG_DETACH;
	return LG_NONE;
}

/* The swap traffic counters' hash, and its cost into the gate's */
static unsigned long long read_sig(struct lock_gate *g)
{
	/* vmstat is about 5 KiB on 6.18 (zswp* and pswp* are in its first half) */
	static char vmstat[16384], meminfo[8192];
	unsigned long long t0 = thread_cpu_ns(), sig;

	sig = lock_gate_sig(slurp("/proc/vmstat", vmstat, sizeof(vmstat)),
			    slurp("/proc/meminfo", meminfo, sizeof(meminfo)));
	g->poll_cpu_ns += thread_cpu_ns() - t0;
	g->polls++;
	return sig;
}

bool lock_gate_init(struct lock_gate *g, unsigned long long idle_ns,
		    unsigned long long now_ns)
{
	struct lock_gate probe = {};
	unsigned long long sig = idle_ns ? read_sig(&probe) : 0;
	bool detached = lock_gate_init_sig(g, idle_ns, sig, now_ns);

	g->polls = probe.polls;
	g->poll_cpu_ns = probe.poll_cpu_ns;
	return detached;
}

enum lock_gate_action lock_gate_poll(struct lock_gate *g, unsigned long long now_ns)
{
	/* attached, a poll in 100 ms is enough to see a second of idleness */
	if (!g->idle_ns ||
	    (!g->detached_at && now_ns - g->polled_ns < LOCK_GATE_ATTACHED_POLL_NS))
		return LG_NONE;
	g->polled_ns = now_ns;
	return lock_gate_step(g, read_sig(g), now_ns);
}

void lock_gate_detached(struct lock_gate *g, unsigned long long now_ns)
{
	g->detached_at = now_ns;
}

void lock_gate_attached(struct lock_gate *g, unsigned long long now_ns)
{
	if (!g->detached_at)
		return;
	g->detached_ns += now_ns - g->detached_at;
	g->detached_at = 0;
	g->attaches++;
}

unsigned long long lock_gate_detached_ns(const struct lock_gate *g,
					 unsigned long long now_ns)
{
	if (g->detached_at && now_ns > g->detached_at)
		return g->detached_ns + now_ns - g->detached_at;
	return g->detached_ns;
}
