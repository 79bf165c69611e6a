// SPDX-License-Identifier: GPL-2.0
/*
 * hog - deterministic anonymous-memory hog for zswap workloads.
 *
 * Build: gcc -O2 -static -o build/hog tools/hog.c
 *
 * Every 4 KiB page starts with COMPRESS bytes from a per-page xorshift
 * stream (seeded by SEED and the page index) and is zero after that, so
 * the compressed size of a page is controlled: -c 0 gives all-zero
 * (same-filled) pages, -c 1536 pages that zbud can pair, -c 4096
 * incompressible pages.  Pass 1 fills the buffer; every later pass reads
 * each page back, verifies it against the stream and rewrites one byte
 * with its own value (so the page is dirty again and will be swapped out
 * again).  With -w the pages are left idle (cold) for SECONDS after the
 * fill pass, e.g. to let another workload push them out; SIGUSR1 ends the
 * idle time, so a script can have the pages read back when it chooses.  A mismatch is reported and exits 1: with a correct kernel it
 * cannot happen.
 *
 * Exit status: 0 success, 1 data corruption or runtime failure,
 * 2 bad usage.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define HOG_PAGE	4096UL
#define MAX_THREADS	256

struct hog_cfg {
	unsigned long mib;
	unsigned long passes;
	unsigned long compress;
	uint64_t seed;
	unsigned long threads;
	unsigned long wait;
	int quiet;
};

struct hog_worker {
	pthread_t tid;
	const struct hog_cfg *cfg;
	unsigned char *base;
	unsigned long first;	/* first page index (global) */
	unsigned long npages;
	int failed;
	double idle;	/* seconds idled after the fill pass */
};

static const char *prog = "hog";

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s [-m MiB] [-p PASSES] [-c BYTES] [-s SEED] [-j THREADS] [-w SECONDS] [-q]\n"
		"  -m MiB      memory to allocate and touch (default 256)\n"
		"  -p PASSES   passes over the memory, >= 1 (default 2):\n"
		"              pass 1 fills, later passes verify and re-dirty\n"
		"  -c BYTES    random bytes at the start of each 4 KiB page, rest\n"
		"              zeros, 0..4096 (default 1536; 0 = all-zero pages,\n"
		"              4096 = incompressible)\n"
		"  -s SEED     PRNG seed (default 1)\n"
		"  -j THREADS  concurrent threads, each on its own share (default 1)\n"
		"  -w SECONDS  leave the memory idle for SECONDS after the fill pass\n"
		"              (default 0); SIGUSR1 ends the idle time at once\n"
		"  -q          quiet: no summary line\n"
		"exit: 0 ok, 1 data corruption or runtime error, 2 bad usage\n",
		prog);
}

static int parse_ulong(const char *s, unsigned long min, unsigned long max,
		       unsigned long *out)
{
	unsigned long long v;
	char *end;

	if (!s || !*s || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

static inline uint64_t splitmix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static inline uint64_t xorshift64(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*s = x;
	return x;
}

static inline uint64_t page_state(uint64_t seed, unsigned long idx)
{
	uint64_t s = splitmix64(seed ^ splitmix64(idx));

	return s ? s : 0x2545f4914f6cdd1dULL;
}

/* Fill one page: COMPRESS pseudo-random bytes, then zeros. */
static void fill_page(unsigned char *p, unsigned long idx,
		      const struct hog_cfg *cfg)
{
	uint64_t s = page_state(cfg->seed, idx);
	unsigned long i;

	for (i = 0; i + 8 <= cfg->compress; i += 8) {
		uint64_t v = xorshift64(&s);

		memcpy(p + i, &v, 8);
	}
	if (i < cfg->compress) {
		uint64_t v = xorshift64(&s);

		memcpy(p + i, &v, cfg->compress - i);
		i = cfg->compress;
	}
	memset(p + i, 0, HOG_PAGE - i);
}

/* Return the offset of the first bad byte, or -1 if the page is intact. */
static long check_page(const unsigned char *p, unsigned long idx,
		       const struct hog_cfg *cfg, unsigned char *want)
{
	uint64_t s = page_state(cfg->seed, idx);
	unsigned long i;

	for (i = 0; i + 8 <= cfg->compress; i += 8) {
		uint64_t v = xorshift64(&s);

		if (memcmp(p + i, &v, 8)) {
			unsigned long k = 0;

			memcpy(want, &v, 8);
			while (p[i + k] == want[k])
				k++;
			want[0] = want[k];
			return i + k;
		}
	}
	if (i < cfg->compress) {
		uint64_t v = xorshift64(&s);
		unsigned long n = cfg->compress - i, k;

		memcpy(want, &v, n);
		for (k = 0; k < n; k++)
			if (p[i + k] != want[k]) {
				want[0] = want[k];
				return i + k;
			}
		i = cfg->compress;
	}
	for (; i < HOG_PAGE; i++)
		if (p[i]) {
			want[0] = 0;
			return i;
		}
	return -1;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Set by SIGUSR1: the idle time ends at once, in every thread. */
static volatile sig_atomic_t woken;

static void on_usr1(int sig)
{
	(void)sig;
	woken = 1;
}

/* Idles up to secs (until SIGUSR1); returns the seconds idled. */
static double idle(unsigned long secs)
{
	struct timespec tick = { 0, 50 * 1000 * 1000 };
	double t0 = now();

	while (!woken && now() - t0 < (double)secs)
		nanosleep(&tick, NULL);
	return now() - t0;
}

static void *worker(void *arg)
{
	struct hog_worker *w = arg;
	const struct hog_cfg *cfg = w->cfg;
	unsigned long pass, n;

	for (pass = 1; pass <= cfg->passes; pass++) {
		for (n = 0; n < w->npages; n++) {
			unsigned long idx = w->first + n;
			unsigned char *p = w->base + idx * HOG_PAGE;
			volatile unsigned char *vp = p;
			unsigned char want[8];
			long bad;

			if (pass == 1) {
				fill_page(p, idx, cfg);
				continue;
			}
			bad = check_page(p, idx, cfg, want);
			if (bad >= 0) {
				fprintf(stderr,
					"%s: DATA CORRUPTION: pass %lu page %lu offset %ld (byte %lu): expected 0x%02x got 0x%02x\n",
					prog, pass, idx, bad,
					idx * HOG_PAGE + bad, want[0], p[bad]);
				w->failed = 1;
				return NULL;
			}
			/* re-dirty the page without changing its content */
			vp[0] = vp[0];
		}
		if (pass == 1 && cfg->wait)
			w->idle = idle(cfg->wait);
	}
	return NULL;
}


int main(int argc, char **argv)
{
	struct hog_cfg cfg = {
		.mib = 256, .passes = 2, .compress = 1536, .seed = 1,
		.threads = 1, .quiet = 0,
	};
	struct hog_worker *w;
	unsigned long npages, per, extra, first, t, seed;
	unsigned char *base;
	double t0, secs, busy;
	size_t len;
	int opt, failed = 0;

	if (argv[0] && *argv[0]) {
		const char *s = strrchr(argv[0], '/');

		prog = s ? s + 1 : argv[0];
	}
	while ((opt = getopt(argc, argv, "m:p:c:s:j:w:qh")) != -1) {
		switch (opt) {
		case 'm':
			if (parse_ulong(optarg, 1, (ULONG_MAX >> 20) / 2,
					&cfg.mib))
				goto bad;
			break;
		case 'p':
			if (parse_ulong(optarg, 1, 1000000, &cfg.passes))
				goto bad;
			break;
		case 'c':
			if (parse_ulong(optarg, 0, HOG_PAGE, &cfg.compress))
				goto bad;
			break;
		case 's':
			if (parse_ulong(optarg, 0, ULONG_MAX, &seed))
				goto bad;
			cfg.seed = seed;
			break;
		case 'j':
			if (parse_ulong(optarg, 1, MAX_THREADS, &cfg.threads))
				goto bad;
			break;
		case 'w':
			if (parse_ulong(optarg, 0, 86400, &cfg.wait))
				goto bad;
			break;
		case 'q':
			cfg.quiet = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc) {
		fprintf(stderr, "%s: unexpected argument '%s'\n", prog,
			argv[optind]);
		usage(stderr);
		return 2;
	}

	len = (size_t)cfg.mib << 20;
	npages = len / HOG_PAGE;
	if (cfg.threads > npages)
		cfg.threads = npages;

	base = mmap(NULL, len, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (base == MAP_FAILED) {
		fprintf(stderr, "%s: mmap %lu MiB: %s\n", prog, cfg.mib,
			strerror(errno));
		return 1;
	}
	w = calloc(cfg.threads, sizeof(*w));
	if (!w) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return 1;
	}

	per = npages / cfg.threads;
	extra = npages % cfg.threads;
	first = 0;
	for (t = 0; t < cfg.threads; t++) {
		w[t].cfg = &cfg;
		w[t].base = base;
		w[t].first = first;
		w[t].npages = per + (t < extra);
		first += w[t].npages;
	}

	if (cfg.wait) {
		struct sigaction sa = { .sa_handler = on_usr1 };

		sigemptyset(&sa.sa_mask);
		sigaction(SIGUSR1, &sa, NULL);
	}
	t0 = now();
	if (cfg.threads == 1) {
		worker(&w[0]);
	} else {
		for (t = 0; t < cfg.threads; t++) {
			int err = pthread_create(&w[t].tid, NULL, worker,
						 &w[t]);

			if (err) {
				fprintf(stderr, "%s: pthread_create: %s\n",
					prog, strerror(err));
				return 1;
			}
		}
		for (t = 0; t < cfg.threads; t++)
			pthread_join(w[t].tid, NULL);
	}
	secs = now() - t0;

	for (t = 0; t < cfg.threads; t++)
		failed |= w[t].failed;
	if (failed)
		return 1;

	/* the idle time is not part of the throughput */
	busy = secs - w[0].idle;
	if (!cfg.quiet)
		fprintf(stderr,
			"%s: %lu MiB x %lu passes (c=%lu, seed=%llu, threads=%lu): %.3f s, %.1f MiB/s%s\n",
			prog, cfg.mib, cfg.passes, cfg.compress,
			(unsigned long long)cfg.seed, cfg.threads, busy,
			busy > 0 ? cfg.mib * cfg.passes / busy : 0.0,
			cfg.wait ? " (idle time excluded)" : "");
	munmap(base, len);
	free(w);
	return 0;
bad:
	fprintf(stderr, "%s: invalid value '%s' for -%c\n", prog, optarg, opt);
	usage(stderr);
	return 2;
}
