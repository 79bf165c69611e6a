// SPDX-License-Identifier: GPL-2.0
/*
 * Series' words for the registry's metrics (metric_synonyms.h). A phrase
 * with a context applies only in a table whose title holds that word
 * (a "p99" of MySQL is sysbench's, of a cache benchmark the cache's);
 * tests/unit/test_claims_draft.c checks every metric here against the
 * names claims files accept.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "metric_name_check.h"
#include "metric_registry.h"
#include "metric_synonyms.h"

#define CG "{cgroup=$CGROUP}"

const struct metric_synonym metric_synonyms[] = {
	/* swap traffic (vmstat) */
	{ "swapins", NULL, "pswpin" },
	{ "swap ins", NULL, "pswpin" },
	{ "swapin", NULL, "pswpin" },
	{ "swap in", NULL, "pswpin" },
	{ "swapouts", NULL, "pswpout" },
	{ "swap outs", NULL, "pswpout" },
	{ "swapout", NULL, "pswpout" },
	{ "swap out", NULL, "pswpout" },
	{ "major faults", NULL, "pgmajfault" },
	{ "majfault", NULL, "pgmajfault" },
	/* zswap's own counters */
	{ "written back", NULL, "written_back_pages" },
	{ "written_back", NULL, "written_back_pages" },
	{ "writeback pages", NULL, "written_back_pages" },
	{ "store calls", NULL, "store_calls" },
	{ "zswap_store calls", NULL, "store_calls" },
	{ "stores", NULL, "store_calls" },
	{ "store succeeded", NULL, "store_success" },
	{ "successful stores", NULL, "store_success" },
	{ "store rejected", NULL, "store_reject" },
	{ "rejected stores", NULL, "store_reject" },
	{ "reject rate", NULL, "reject_rate" },
	{ "rejection rate", NULL, "reject_rate" },
	{ "load calls", NULL, "load_calls" },
	{ "zswap_load calls", NULL, "load_calls" },
	{ "pool limit hit", NULL, "pool_limit_hit" },
	{ "store time", NULL, "store_latency_ns{stat=mean}" },
	{ "store latency", NULL, "store_latency_ns{stat=mean}" },
	{ "load time", NULL, "load_latency_ns{stat=mean}" },
	{ "load latency", NULL, "load_latency_ns{stat=mean}" },
	{ "compression ratio", NULL, "compression_ratio" },
	{ "stored pages", NULL, "stored_pages" },
	{ "zswap pool", NULL, "zswap_pool_bytes" CG "{stat=mean}" },
	{ "pool size", NULL, "zswap_pool_bytes" CG "{stat=mean}" },
	{ "pool peak", NULL, "pool_bytes{stat=max}" },
	{ "peak pool", NULL, "pool_bytes{stat=max}" },
	/* block layer and iocost, of the workload's cgroup */
	{ "write requests", NULL, "io_stat_wios" CG },
	{ "write ios", NULL, "io_stat_wios" CG },
	{ "wios", NULL, "io_stat_wios" CG },
	{ "pages per write request", NULL, "pages_per_swap_write" CG },
	{ "pages per write", NULL, "pages_per_swap_write" CG },
	{ "iocost debt", NULL, "iocost_debt_us" CG },
	{ "iocost wait", NULL, "iocost_wait_us" CG },
	{ "io full pressure", NULL, "io_pressure_full_us" CG },
	{ "io pressure", NULL, "io_pressure_full_us" CG },
	{ "io psi", NULL, "io_pressure_full_us" CG },
	{ "memory psi full", NULL, "memory_pressure_full_us" CG },
	{ "memory psi", NULL, "memory_pressure_full_us" CG },
	{ "mem psi", NULL, "memory_pressure_full_us" CG },
	{ "memory pressure", NULL, "memory_pressure_full_us" CG },
	{ "oom kills", NULL, "memory_oom_kills" CG },
	{ "lock contention", NULL, "lock_contentions{lock=any,caller=any}" },
	{ "lock contentions", NULL, "lock_contentions{lock=any,caller=any}" },
	/* the command's own time */
	{ "real", NULL, "wall_time_s" },
	{ "elapsed", NULL, "wall_time_s" },
	{ "wall time", NULL, "wall_time_s" },
	{ "wall clock", NULL, "wall_time_s" },
	{ "runtime", NULL, "wall_time_s" },
	{ "sys", NULL, "cpu_sys_s" },
	{ "sys_sec", NULL, "cpu_sys_s" },
	{ "real_sec", NULL, "wall_time_s" },
	{ "user_sec", NULL, "cpu_user_s" },
	{ "sys time", NULL, "cpu_sys_s" },
	{ "system time", NULL, "cpu_sys_s" },
	{ "system", NULL, "cpu_sys_s" },	/* time(1)'s and GNU time's name */
	{ "user", NULL, "cpu_user_s" },
	{ "user time", NULL, "cpu_user_s" },
	/* the workloads' own figures (README, "Workload figures") */
	{ "build time", NULL, "workload_kbuild_duration_s" },
	{ "kbuild time", NULL, "workload_kbuild_duration_s" },
	{ "tps", NULL, "workload_oltp_tps" },
	{ "transactions", NULL, "workload_oltp_tps" },
	{ "p99", "mysql", "workload_oltp_p99_ms" },
	{ "p99", "sysbench", "workload_oltp_p99_ms" },
	{ "p99", "oltp", "workload_oltp_p99_ms" },
	{ "latency", "mysql", "workload_oltp_p99_ms" },
	{ "throughput", "usemem", "workload_usemem_kbps" },
	{ "throughput", NULL, "workload_cache_ops_per_s" },
	{ "ops/s", NULL, "workload_cache_ops_per_s" },
	{ "ops/sec", NULL, "workload_cache_ops_per_s" },
	{ "p50", NULL, "workload_cache_latency_p50_us" },
	{ "median", NULL, "workload_cache_latency_p50_us" },
	{ "p99", NULL, "workload_cache_latency_p99_us" },
	{ "p99.9", NULL, "workload_cache_latency_p999_us" },
	{ "p999", NULL, "workload_cache_latency_p999_us" },
};

const size_t metric_synonyms_nr = sizeof(metric_synonyms) / sizeof(metric_synonyms[0]);

/* lower case words of s, one blank apart ("ops/s" and "p99.9" kept) */
static void words(const char *s, char *out, size_t len)
{
	size_t o = 0;

	for (; *s && o + 1 < len; s++) {
		char ch = *s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s;

		if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
		      strchr("_/.%!", ch)))
			ch = ' ';
		if (ch == ' ' && (!o || out[o - 1] == ' '))
			continue;
		out[o++] = ch;
	}
	while (o && strchr(" .", out[o - 1]))
		o--;
	out[o] = '\0';
}

/* phrase as whole words of w */
static bool has_words(const char *w, const char *phrase)
{
	size_t n = strlen(phrase);

	for (const char *p = strstr(w, phrase); p; p = strstr(p + 1, phrase))
		if ((p == w || p[-1] == ' ') && (!p[n] || p[n] == ' '))
			return true;
	return false;
}

/*
 * A family's name, or one of a suffix family ("reject_", "mthp_"): the
 * few words worth metric_name_check()'s full parse.
 */
static bool family_word(const char *w)
{
	for (int i = 0; i < MF_NR; i++) {
		const char *name = metric_families[i].name;
		size_t n = name ? strlen(name) : 0;

		if (n && (name[n - 1] == '_' ? !strncmp(w, name, n) :
			  !strcmp(w, name)))
			return true;
	}
	return false;
}

/*
 * w (words()) is an mTHP counter of one size: "zswpout 64kb", "swpout 2mb",
 * "64kb mthp_swpout_fallback", "2mb swpout_fallback"; its name (no mthp_)
 * in name, the size in kB in kb.
 */
static bool mthp_size_word(const char *w, char *name, size_t nlen, char *kb,
			   size_t klen)
{
	char a[64], b[64], c;
	unsigned long n;
	const char *nm;
	int used = 0;

	if (sscanf(w, "%63s %63s%n%c", a, b, &used, &c) != 2 || w[used])
		return false;
	/* the size is the word of digits and kb/mb; the other is the name */
	if (strspn(a, "0123456789") && strspn(a, "0123456789") + 2 == strlen(a) &&
	    (!strcmp(a + strlen(a) - 2, "kb") || !strcmp(a + strlen(a) - 2, "mb"))) {
		n = strtoul(a, NULL, 10) * (a[strlen(a) - 2] == 'm' ? 1024 : 1);
		nm = b;
	} else if (strspn(b, "0123456789") && strspn(b, "0123456789") + 2 == strlen(b) &&
		   (!strcmp(b + strlen(b) - 2, "kb") || !strcmp(b + strlen(b) - 2, "mb"))) {
		n = strtoul(b, NULL, 10) * (b[strlen(b) - 2] == 'm' ? 1024 : 1);
		nm = a;
	} else {
		return false;
	}
	if (!strncmp(nm, "mthp_", 5))
		nm += 5;
	if (!n || !*nm || strspn(nm, "abcdefghijklmnopqrstuvwxyz_") != strlen(nm))
		return false;
	snprintf(name, nlen, "%s", nm);
	snprintf(kb, klen, "%lu", n);
	return true;
}

/* A registry name: the label joined by '_', or one of its words. */
static bool registry_word(const char *w, char *out, size_t len)
{
	char joined[128], why[256], tok[128];
	const char *p = w;

	snprintf(joined, sizeof(joined), "%s", w);
	for (char *q = joined; *q; q++)
		if (*q == ' ')
			*q = '_';
	if (strchr(joined, '_') && family_word(joined) &&
	    !metric_name_check(joined, why, sizeof(why))) {
		snprintf(out, len, "%s", joined);
		return true;
	}
	/*
	 * "ZSWPOUT-64kB", "SWPOUT-2MB", "64kB-mthp_swpout_fallback": an mTHP
	 * size's counter, the size after or before the counter's name
	 */
	if (mthp_size_word(w, tok, sizeof(tok), joined, sizeof(joined))) {
		char name[128];

		snprintf(name, sizeof(name), "mthp_%.60s{size=%.15skB}", tok, joined);
		if (!metric_name_check(name, why, sizeof(why))) {
			snprintf(out, len, "%s", name);
			return true;
		}
		return false;	/* not the whole-size counter of its name */
	}
	while (*p) {
		size_t n = strcspn(p, " ");

		/* lkp's "proc-vmstat.pswpout": the counter after the source's dots */
		for (size_t k = n; k > 1; k--)
			if (p[k - 1] == '.' && k < n) {
				p += k;
				n -= k;
				break;
			}
		if (n >= 4 && n < sizeof(tok)) {
			memcpy(tok, p, n);
			tok[n] = '\0';
			if (strspn(tok, "abcdefghijklmnopqrstuvwxyz_") == n &&
			    family_word(tok) && !metric_name_check(tok, why, sizeof(why))) {
				snprintf(out, len, "%s", tok);
				return true;
			}
		}
		p += n + (p[n] == ' ');
	}
	return false;
}

/* A metric of a time: its unit's suffix ("_s", "_ms{...}") or "latency"/"time". */
static bool timed_metric(const char *m)
{
	size_t n = strcspn(m, "{");

	for (const char *const *u = (const char *const[]){ "_s", "_ms", "_us", "_ns", NULL };
	     *u; u++)
		if (n > strlen(*u) && !strncmp(m + n - strlen(*u), *u, strlen(*u)))
			return true;
	return strstr(m, "latency") || strstr(m, "time");
}

bool metric_synonym_guess(const char *label, const char *context, char *out,
			  size_t len)
{
	char w[128], ctx[256];
	const struct metric_synonym *best = NULL;
	const char *t = strstr(label, "time.");

	/*
	 * lkp's time(1) of the job ("will-it-scale.time.system_time"): its
	 * field read as words, "system time"; past it ("elapsed_time.max")
	 * no metric.
	 */
	if (t && (t == label || t[-1] == '.') && !strchr(t + 5, '.') &&
	    !strchr(label, ' '))
		label = t + 5;
	words(label, w, sizeof(w));
	for (char *p = w; t && label == t + 5 && *p; p++)
		if (*p == '_')
			*p = ' ';
	words(context ? context : "", ctx, sizeof(ctx));
	if (!w[0])
		return false;
	if (registry_word(w, out, len))
		return true;
	/* the longest phrase; one with its context before one without */
	for (size_t i = 0; i < metric_synonyms_nr; i++) {
		const struct metric_synonym *s = &metric_synonyms[i];

		if (!has_words(w, s->phrase) ||
		    (s->context && !strstr(ctx, s->context)))
			continue;
		if (!best || strlen(s->phrase) > strlen(best->phrase) ||
		    (strlen(s->phrase) == strlen(best->phrase) && s->context &&
		     !best->context))
			best = s;
	}
	if (!best)
		return false;
	/* "swap-out time(ms)": a time of the swap-outs, not their count */
	if ((has_words(w, "time") || has_words(w, "latency") || has_words(w, "duration")) &&
	    !timed_metric(best->metric))
		return false;
	/*
	 * A rate per process (usemem's "Average throughput", "Single process
	 * Throughput") is not the summed rate the workload's figure is.
	 */
	if (!strcmp(best->phrase, "throughput") &&
	    (has_words(w, "average") || has_words(w, "avg") ||
	     has_words(w, "per process") || has_words(w, "single process")))
		return false;
	snprintf(out, len, "%s", best->metric);
	return true;
}
