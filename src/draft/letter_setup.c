// SPDX-License-Identifier: GPL-2.0
/*
 * The test a letter's words describe (letter_setup.h). The prose is lower
 * case (letter_prose_init()); every key is found by its words and kept as
 * the letter writes it, and nothing is guessed: a key the words do not
 * give stays out of the draft.
 */
#define _GNU_SOURCE	/* strcasestr */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "claims_setup.h"
#include "letter_setup.h"

/* A bundled workload, the words that name what it stands in for, and its
 * run in the 512 MiB VM (as the shipped claims files run it). */
struct stand_in {
	const char *const *words;
	const char *what;
	const char *full;		/* the command as the letter ran it */
	int (*size)(const char *text);	/* the letter's size or jobs, else 0 */
	const char *sized;		/* "%d": with it */
	const char *sized_what;		/* "%d": what, with it */
	const char *scaled;
	const char *scaled_limit;
	const char *why;
};

static int usemem_mib(const char *text);
static int build_jobs(const char *text);

static const char *const w_usemem[] = { "usemem", NULL };
static const char *const w_build[] = {
	"kernel build", "kernbench", "make -j", "build the kernel",
	"building the kernel", "built the kernel", "builds the kernel",
	"kernel-build", "kernel compil", "allmodconfig", "defconfig", NULL };
static const char *const w_access[] = {
	"random access", "accesses to memory", "artificial accesses",
	"access pattern", NULL };
static const char *const w_cache[] = {
	"redis", "memcached", "memtier", "cachebench", "ucachebench", NULL };
static const char *const w_reclaim[] = {
	"memory.reclaim", "proactive reclaim", "madv_pageout", "reclaimed every",
	NULL };
static const char *const w_alloc[] = {
	"python", "allocat", NULL };	/* both: a script allocating memory */

static const struct stand_in stand_ins[] = {
	{ w_usemem, "usemem", "[zswap-workload, usemem]", usemem_mib,
	  "[zswap-workload, usemem, --mib, %d]", NULL,
	  "[zswap-workload, usemem, -q, --mib, 96]", "memory_max: 64M",
	  "usemem: 96 MiB written in a 64 MiB memory.max, a third of it "
	  "pushed out to zswap" },
	{ w_build, "a kernel build", "[zswap-workload, build]", build_jobs,
	  "[zswap-workload, build, --jobs, %d]", "a kernel build, make -j%d",
	  "[zswap-workload, build, -q, --jobs, 2, --tasks, 4, --task-mib, 40, "
	  "--passes, 1]", "memory_max: 48M",
	  "the build workload stands in for the kernel build: 2 jobs of 4 "
	  "tasks, each rewriting 40 MiB of text-like pages, under a 48 MiB "
	  "memory.max (the build outgrows its limit, as the letter's does)" },
	{ w_access, "random accesses to memory",
	  "[zswap-workload, access, --regions, \"text,text,random\"]",
	  NULL, NULL, NULL,
	  "[zswap-workload, access, -q, --regions, \"text,text,random\", --mib, "
	  "24, --duration, 15]", "memory_high: 64M",
	  "three regions of 24 MiB (two compressible, one random) accessed at "
	  "random under a 64 MiB memory.high" },
	{ w_cache, "a cache server", "[zswap-workload, cache]", NULL, NULL, NULL,
	  "[zswap-workload, cache, -q, --mib, 192, --threads, 2, --duration, 30]",
	  "memory_max: 96M",
	  "the cache workload stands in for the cache server: a 192 MiB "
	  "working set, 20% of it hot, in a 96 MiB memory.max" },
	{ w_reclaim, "reclaim driven from user space", "[zswap-workload, reclaim]",
	  NULL, NULL, NULL,
	  "[zswap-workload, reclaim, -q, --populate, 64, --populate-fill, 2048, "
	  "--interval-ms, 2, --duration, 15]", "memory_max: 256M",
	  "64 MiB populated, a page reclaimed every 2 ms for 15 s, in a 256 MiB "
	  "memory.max (seed 004's test scaled)" },
};

/* Benchmarks the bundled workloads do not stand in for, and what to do. */
static const struct { const char *word, *why; } no_stand_in[] = {
	{ "sysbench", "sysbench (MySQL OLTP): tools/workloads/oltp.sh runs it "
	  "with zswap-kernels --host-root; no bundled zswap-workload command" },
	{ "mysql", "MySQL: tools/workloads/oltp.sh runs sysbench OLTP with "
	  "zswap-kernels --host-root; no bundled zswap-workload command" },
	{ "fio", "fio: no bundled zswap-workload command measures a file "
	  "system's IO (kernels-ab's --writer runs fio beside a workload)" },
	{ "stress-ng", "stress-ng: no bundled command; zswap-workload swappers "
	  "may stand in for many processes swapping" },
	{ "apt ", "apt: installing packages is no bundled workload" },
};

static const char *after_word(const char *text, const char *word)
{
	const char *p = strstr(text, word);

	return p ? p + strlen(word) : NULL;
}

/*
 * A size at p, past "=", ":", "of", "set to", blanks: "2gb", "600 m",
 * "1350mib" into out as "2G", "600M", "1350M". false when none.
 */
static bool size_at(const char *p, char *out, size_t len)
{
	static const char *const skip[] = { "=", ":", "of ", "set to ", "to ", "is ", NULL };
	static const char *const units[] = {
		"m", "mb", "mib", "g", "gb", "gib", "t", "tb", "tib", NULL };
	bool again = true;
	char word[5], *end;
	size_t n;
	long v;

	while (again && p) {
		again = false;
		while (*p == ' ')
			p++;
		for (int i = 0; skip[i]; i++)
			if (!strncmp(p, skip[i], strlen(skip[i]))) {
				p += strlen(skip[i]);
				again = true;
			}
	}
	if (!p || !isdigit((unsigned char)*p))
		return false;
	v = strtol(p, &end, 10);
	if (*end == '.' || v <= 0)	/* 1.5g: the words' own spelling stays */
		return false;
	while (*end == ' ')
		end++;
	for (n = 0; n < sizeof(word) - 1 && isalpha((unsigned char)end[n]); n++)
		word[n] = end[n];
	word[n] = '\0';
	for (int i = 0; units[i]; i++)
		if (!strcmp(word, units[i])) {
			snprintf(out, len, "%ld%c", v, toupper((unsigned char)word[0]));
			return true;
		}
	return false;
}

/* The first size after any of the keys. */
static void find_size(const char *text, const char *const *keys, char *out,
		      size_t len)
{
	for (int i = 0; keys[i] && !out[0]; i++)
		for (const char *p = after_word(text, keys[i]); p && !out[0];
		     p = after_word(p, keys[i]))
			size_at(p, out, len);
}

/* A value the parameter takes: a number, y/n, a compressor or zpool. */
static bool param_value_ok(const char *name, const char *v)
{
	static const char *const names[] = {
		"zsmalloc", "z3fold", "zbud", "zstd", "lz4", "lz4hc", "lzo", "lzo-rle",
		"deflate", "deflate-iaa", "842", NULL };

	if (strstr(name, "percent"))
		return strspn(v, "0123456789") == strlen(v);
	if (!strcmp(name, "shrinker_enabled") || !strcmp(name, "enabled"))
		return strchr("yn10", v[0]) && (!v[1] || !strcmp(v, "yes") ||
						!strcmp(v, "no"));
	for (int i = 0; names[i]; i++)
		if (!strcmp(v, names[i]))
			return true;
	return false;
}

/* "NAME=value" or "NAME: value" for a zswap parameter, into s. */
static void find_param(const char *text, const char *name, struct letter_setup *s)
{
	for (const char *p = after_word(text, name); p; p = after_word(p, name)) {
		const char *at = p - strlen(name);
		char v[40];
		size_t n = 0;

		/* the name as a word: zswap_find_zpool() names no zpool */
		if (at > text && (isalnum((unsigned char)at[-1]) || at[-1] == '_'))
			continue;
		while (*p == ' ')
			p++;
		if (*p != '=' && *p != ':')
			continue;
		p++;
		while (*p == ' ')
			p++;
		while (n + 1 < sizeof(v) && (isalnum((unsigned char)p[n]) ||
					     p[n] == '-' || p[n] == '_'))
			n++;
		if (!n || s->nr_zswap == SETUP_WORDS_MAX)
			continue;
		snprintf(v, n + 1, "%s", p);
		if (!param_value_ok(name, v))
			continue;	/* code: "zpool = zswap_find_zpool(entry)" */
		snprintf(s->zswap[s->nr_zswap][0], sizeof(s->zswap[0][0]), "%s", name);
		snprintf(s->zswap[s->nr_zswap][1], sizeof(s->zswap[0][1]), "%s", v);
		if (!strcmp(name, "shrinker_enabled") || !strcmp(name, "enabled"))
			s->zswap[s->nr_zswap][1][0] =
				(char)toupper((unsigned char)v[0]);
		s->nr_zswap++;
		return;
	}
}

static bool has_param(const struct letter_setup *s, const char *name)
{
	for (int i = 0; i < s->nr_zswap; i++)
		if (!strcmp(s->zswap[i][0], name))
			return true;
	return false;
}

static void add_param(struct letter_setup *s, const char *name, const char *v)
{
	if (has_param(s, name) || s->nr_zswap == SETUP_WORDS_MAX)
		return;
	snprintf(s->zswap[s->nr_zswap][0], sizeof(s->zswap[0][0]), "%s", name);
	snprintf(s->zswap[s->nr_zswap][1], sizeof(s->zswap[0][1]), "%s", v);
	s->nr_zswap++;
}

/* One of words near "compressor" (within 60 bytes): the compressor. */
static void find_compressor(const char *text, struct letter_setup *s)
{
	static const char *const algos[] = {
		"deflate-iaa", "lzo-rle", "zstd", "lz4hc", "lz4", "lzo", "842", NULL };

	for (const char *p = strstr(text, "compressor"); p;
	     p = strstr(p + 1, "compressor")) {
		const char *from = p - text > 60 ? p - 60 : text;

		for (int i = 0; algos[i]; i++) {
			const char *a = strstr(from, algos[i]);

			if (a && a < p + 70) {
				add_param(s, "compressor", algos[i]);
				return;
			}
		}
	}
}

/* The parameter named with no value ("and zswap shrinker_enabled"): on. */
static bool named_bare(const char *text, const char *name)
{
	for (const char *p = after_word(text, name); p; p = after_word(p, name)) {
		const char *at = p - strlen(name);

		/* the name as a word: zswap_shrinker_enabled is code */
		if (at > text && (isalnum((unsigned char)at[-1]) || at[-1] == '_'))
			continue;
		while (*p == ' ')
			p++;
		if (*p != '=' && *p != ':' && *p != '(' && *p != '_')
			return true;
	}
	return false;
}

/* The shrinker's state, when the words give only one. */
static void find_shrinker(const char *text, struct letter_setup *s)
{
	bool on = strstr(text, "shrinker enabled") || strstr(text, "with the shrinker") ||
		  strstr(text, "shrinker on") || named_bare(text, "shrinker_enabled");
	bool off = strstr(text, "shrinker disabled") || strstr(text, "without the shrinker") ||
		   strstr(text, "shrinker off") || strstr(text, "without zswap shrinker");

	if (on != off)
		add_param(s, "shrinker_enabled", on ? "Y" : "N");
}

/* "N cpus", "N-core", "N cores" and "N gb of ram/memory", as words. */
static void find_machine(const char *text, struct letter_setup *s)
{
	static const char *const cpu_words[] = { " cpus", " cpu ", "-core", " cores",
						 " vcpus", NULL };
	static const char *const mem_words[] = { "gb of ram", "gb ram", "gb of memory",
						 "gb memory", "g of memory", "gb dram",
						 "gib of ram", "gib of memory", NULL };
	long cpus = 0, gb = 0;

	for (int i = 0; cpu_words[i] && !cpus; i++) {
		const char *p = strstr(text, cpu_words[i]);

		while (p && !cpus) {
			const char *d = p;

			while (d > text && isdigit((unsigned char)d[-1]))
				d--;
			if (d < p && (d == text || !isalnum((unsigned char)d[-1])))
				cpus = strtol(d, NULL, 10);
			p = strstr(p + 1, cpu_words[i]);
		}
	}
	for (int i = 0; mem_words[i] && !gb; i++) {
		const char *p = strstr(text, mem_words[i]);

		if (!p)
			continue;
		while (p > text && p[-1] == ' ')
			p--;
		while (p > text && isdigit((unsigned char)p[-1]))
			p--;
		gb = strtol(p, NULL, 10);
	}
	if (cpus && gb)
		snprintf(s->machine, sizeof(s->machine), "%ld CPUs, %ld GB", cpus, gb);
	else if (cpus)
		snprintf(s->machine, sizeof(s->machine), "%ld CPUs", cpus);
	else if (gb)
		snprintf(s->machine, sizeof(s->machine), "%ld GB", gb);
}

static void find_swap(const char *text, struct letter_setup *s)
{
	const char *dev = strstr(text, "nvme") ? "NVMe" :
			  strstr(text, "ssd") ? "SSD" : NULL;

	if (strstr(text, "zram"))
		snprintf(s->swap, sizeof(s->swap), "zram");
	else if (strstr(text, "swapfile") || strstr(text, "swap file"))
		snprintf(s->swap, sizeof(s->swap), "a swap file%s%s",
			 dev ? " on " : "", dev ? dev : "");
	else if (strstr(text, "swap partition"))
		snprintf(s->swap, sizeof(s->swap), "a swap partition%s%s",
			 dev ? " on " : "", dev ? dev : "");
	else if (strstr(text, "swap device"))
		snprintf(s->swap, sizeof(s->swap), "a swap device%s%s",
			 dev ? " on " : "", dev ? dev : "");
}

static bool all_words(const char *text, const char *const *words)
{
	for (int i = 0; words[i]; i++)
		if (!strstr(text, words[i]))
			return false;
	return true;
}

/* The number after "-j" (or before " threads" near a build), else 0. */
static int build_jobs(const char *text)
{
	const char *p = strstr(text, "make -j");

	if (p && isdigit((unsigned char)p[7]))
		return atoi(p + 7);
	p = strstr(text, "-j");
	return p && isdigit((unsigned char)p[2]) ? atoi(p + 2) : 0;
}

/* A usemem size after "usemem" (within 80 bytes), in MiB, else 0. */
static int usemem_mib(const char *text)
{
	const char *p = strstr(text, "usemem");
	char size[24] = "";
	long mib;

	for (const char *q = p; q && q < p + 80 && *q; q++)
		if (isdigit((unsigned char)*q) && (q == p || !isalnum((unsigned char)q[-1])) &&
		    size_at(q, size, sizeof(size)))
			return (mib = setup_size_mib(size)) > 0 ? (int)mib : 0;
	return 0;
}

/* How often the prose names any of words. */
static int mentions(const char *text, const char *const *words)
{
	int n = 0;

	for (int i = 0; words[i]; i++)
		for (const char *p = strstr(text, words[i]); p; p = strstr(p + 1, words[i]))
			n++;
	return n;
}

static void use_stand_in(struct letter_setup *s, const struct stand_in *w, int n)
{
	if (w->sized && n)
		snprintf(s->workload, sizeof(s->workload), w->sized, n);
	else
		snprintf(s->workload, sizeof(s->workload), "%s", w->full);
	snprintf(s->scaled, sizeof(s->scaled), "%s", w->scaled);
	snprintf(s->scaled_limit, sizeof(s->scaled_limit), "%s", w->scaled_limit);
	snprintf(s->why, sizeof(s->why), "A 512 MiB VM: %s.", w->why);
}

/* The benchmark the prose names most, and its bundled stand-in. */
static void find_workload(const char *text, struct letter_setup *s)
{
	const struct stand_in *best = NULL;
	int most = 0, n = 0;

	for (size_t i = 0; i < sizeof(stand_ins) / sizeof(stand_ins[0]); i++) {
		int m = mentions(text, stand_ins[i].words);

		if (m > most) {
			most = m;
			best = &stand_ins[i];
		}
	}
	if (best) {
		n = best->size ? best->size(text) : 0;
		if (best->sized_what && n)
			snprintf(s->benchmark, sizeof(s->benchmark), best->sized_what, n);
		else
			snprintf(s->benchmark, sizeof(s->benchmark), "%s", best->what);
		use_stand_in(s, best, n);
		return;
	}
	/* a script that allocates memory: usemem stands in */
	if (all_words(text, w_alloc)) {
		snprintf(s->benchmark, sizeof(s->benchmark), "a script allocating memory");
		use_stand_in(s, &stand_ins[0], 0);
		return;
	}
	for (size_t i = 0; i < sizeof(no_stand_in) / sizeof(no_stand_in[0]); i++)
		if (strstr(text, no_stand_in[i].word)) {
			snprintf(s->why, sizeof(s->why), "%s", no_stand_in[i].why);
			return;
		}
}

void letter_setup_read(const struct letter_prose *p, struct letter_setup *s)
{
	static const char *const max_keys[] = {
		"memory.max", "memory.limit_in_bytes", "memory limit", "memcg limit",
		"cgroup limit", "limited to", NULL };
	static const char *const high_keys[] = { "memory.high", NULL };
	static const char *const params[] = {
		"max_pool_percent", "accept_threshold_percent", "shrinker_enabled",
		"compressor", "zpool", NULL };
	const char *text = p->text ? p->text : "";

	memset(s, 0, sizeof(*s));
	find_size(text, max_keys, s->memory_max, sizeof(s->memory_max));
	find_size(text, high_keys, s->memory_high, sizeof(s->memory_high));
	for (int i = 0; params[i]; i++)
		find_param(text, params[i], s);
	find_compressor(text, s);
	if (!has_param(s, "zpool") && (strstr(text, "z3fold") || strstr(text, "zbud")))
		add_param(s, "zpool", strstr(text, "z3fold") ? "z3fold" : "zbud");
	find_shrinker(text, s);
	find_machine(text, s);
	find_swap(text, s);
	find_workload(text, s);
}

void letter_setup_put(FILE *f, const struct letter_setup *s)
{
	fprintf(f, "  machine: %s%s%s\n", s->machine[0] ? "\"" : "",
		s->machine[0] ? s->machine : "null", s->machine[0] ? "\"" : "");
	if (s->nr_zswap) {
		fputs("  zswap: {", f);
		for (int i = 0; i < s->nr_zswap; i++)
			fprintf(f, "%s%s: \"%s\"", i ? ", " : "", s->zswap[i][0],
				s->zswap[i][1]);
		fputs("}\n", f);
	}
	if (s->memory_max[0])
		fprintf(f, "  memory_max: %s\n", s->memory_max);
	if (s->memory_high[0])
		fprintf(f, "  memory_high: %s\n", s->memory_high);
	if (s->swap[0])
		fprintf(f, "  swap: \"%s\"\n", s->swap);
	if (s->benchmark[0])
		fprintf(f, "  # the benchmark: %s\n", s->benchmark);
	if (!s->workload[0]) {
		fprintf(f, "  # workload: none of the bundled ones stands in: %s\n",
			s->why[0] ? s->why : "the words name no benchmark");
		return;
	}
	fprintf(f, "  workload: %s\n  scaled:\n    why: \"%s\"\n    %s\n"
		"    workload: %s\n", s->workload, s->why, s->scaled_limit, s->scaled);
}
