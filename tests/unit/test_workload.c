// SPDX-License-Identifier: GPL-2.0
/*
 * The workload figures protocol (src/metrics/workload_metrics.c), and
 * zswap-workload's option parser, page contents, figures and --thp
 * controls (tools/workloads/).
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "figures.h"
#include "harness.h"
#include "msg.h"
#include "opts.h"
#include "pattern.h"
#include "thp.h"
#include "workload.h"
#include "workload_metrics.h"

/* zswap-workload's messages, kept for the checks instead of printed:
 * the last one, and all since the log was last emptied */
static char last_msg[512], msg_log[2048];

void wl_msg(const char *fmt, ...)
{
	size_t n = strlen(msg_log);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(last_msg, sizeof(last_msg), fmt, ap);
	va_end(ap);
	snprintf(msg_log + n, sizeof(msg_log) - n, "%s\n", last_msg);
}

static FILE *text(const char *s, size_t len)
{
	FILE *f = tmpfile();

	if (f) {
		fwrite(s, 1, len, f);
		rewind(f);
	}
	return f;
}

static void test_protocol(void)
{
	static const char good[] =
		"cache_ops_per_s 1234.5 ops/s\n"
		"\n"
		"cache_latency_p99_us 157 us\n"
		"build_duration_s 7.35 s\n";
	static const char bad[] =
		"ok_one 1 s\n"
		"two fields\n"			/* 2: field count */
		"Upper 1 s\n"			/* 3: name */
		"x nan s\n"			/* 4: not finite */
		"y 1e999 s\n"			/* 5: overflow */
		"z 12abc s\n"			/* 6: trailing garbage */
		"u 1 s!\n"			/* 7: unit */
		"ok_one 2 s\n"			/* 8: twice */
		"w 1 s extra\n"			/* 9: four fields */
		"n\0ul 1 s\n"			/* 10: NUL byte */
		"ok_two 2 pages\n";
	struct metric_set ms = {};
	struct workload_parse r;
	const struct metric *m;
	FILE *f;

	f = text(good, sizeof(good) - 1);
	CHECK(f && !workload_metrics_parse(f, "good", &ms, &r, NULL), "parse good");
	CHECK(r.added == 3 && r.bad == 0, "3 figures, no bad line (%d, %d)",
	      r.added, r.bad);
	m = metric_set_find(&ms, "workload_cache_ops_per_s");
	CHECK(m && m->has_value && m->value == 1234.5 && m->src == SRC_WORKLOAD &&
	      !strcmp(m->unit, "ops/s"), "workload_ prefix, value, unit, source");
	fclose(f);
	metric_set_free(&ms);

	f = text(bad, sizeof(bad) - 1);
	CHECK(f && !workload_metrics_parse(f, "bad", &ms, &r, NULL), "parse bad");
	CHECK(r.added == 2 && r.bad == 9, "2 good lines kept, 9 bad skipped "
	      "(%d, %d)", r.added, r.bad);
	CHECK(!strcmp(r.first_error, "bad:2: expected 'NAME VALUE UNIT', got 2 fields"),
	      "first error names file and line (%s)", r.first_error);
	m = metric_set_find(&ms, "workload_ok_one");
	CHECK(m && m->value == 1, "a name reported twice keeps the first value");
	CHECK(metric_set_find(&ms, "workload_ok_two") != NULL,
	      "the line after the NUL byte is read");
	fclose(f);
	metric_set_free(&ms);
}

static struct opt_list t_list = { 1, { PAT_ZERO } };
static struct thp_opt t_thp = { THP_SYSTEM };
static unsigned long t_mib = 5;

static const struct opt t_opts[] = {
	{ "--regions", "LIST", OPT_LIST, 1, 4, pat_kind_names, &t_list, "" },
	{ "--thp", "SIZE|never", OPT_CUSTOM, 0, 0, NULL, &t_thp, "", &thp_custom },
	{ "--mib", "M", OPT_UINT, 1, 1024, NULL, &t_mib, "" },
	{ NULL },
};

static const struct cmd_spec t_spec = {
	.name = "t", .summary = "", .about = "", .figures = "", .opts = t_opts,
};

/* opts_parse of "t OPT VALUE" (VALUE NULL: OPT alone) */
static int parse(const char *opt, const char *value)
{
	char *argv[] = { "t", (char *)opt, (char *)value, NULL };
	struct common_opts common = { 0 };

	last_msg[0] = '\0';
	return opts_parse(&t_spec, &common, value ? 3 : 2, argv);
}

static void test_opts(void)
{
	static const char *const bad_lists[] = {
		"text,,random", "text,", ",text", "", "bogus", "Text",
		"text,text,text,text,text",
	};
	/* shown: as --thp prints it back; the last one leaves system */
	static const struct {
		const char *s, *shown;
		int mode;
		unsigned long size;
	} thps[] = {
		{ "64K", "64K", THP_SIZE, 65536 }, { "2M", "2M", THP_SIZE, 2 << 20 },
		{ "1G", "1G", THP_SIZE, 1 << 30 }, { "8K", "8K", THP_SIZE, 8192 },
		{ "16384", "16K", THP_SIZE, 16384 },
		/* as the issue and sysfs spell them: 64k, hugepages-64kB */
		{ "64k", "64K", THP_SIZE, 65536 }, { "64kB", "64K", THP_SIZE, 65536 },
		{ "2m", "2M", THP_SIZE, 2 << 20 },
		{ "never", "never", THP_NEVER, 0 }, { "system", "system", THP_SYSTEM, 0 },
	};
	static const char *const bad_thps[] = {
		"4K", "96K", "2G", "64Kb", "64KBB", "64B", "K", "", "-64K", "0K",
		"4096", "12345678901K", "Never", "64K ",
	};
	char shown[32];

	CHECK(parse("--regions", "text,text,random") == -1 && t_list.n == 3 &&
	      t_list.v[0] == PAT_TEXT && t_list.v[1] == PAT_TEXT &&
	      t_list.v[2] == PAT_RANDOM, "--regions text,text,random: 3 regions");
	CHECK(parse("--regions=zero,mixed", NULL) == -1 && t_list.n == 2 &&
	      t_list.v[0] == PAT_ZERO && t_list.v[1] == PAT_MIXED,
	      "--regions=zero,mixed: 2 regions");
	for (size_t i = 0; i < sizeof(bad_lists) / sizeof(*bad_lists); i++)
		CHECK(parse("--regions", bad_lists[i]) == WL_USAGE && t_list.n == 2 &&
		      strstr(last_msg, "--regions") &&
		      strstr(last_msg, "want 1 to 4 of text, random, zero, mixed, "
			     "comma-separated"),
		      "--regions '%s': refused, the value kept, one line (%s)",
		      bad_lists[i], last_msg);
	for (size_t i = 0; i < sizeof(thps) / sizeof(*thps); i++) {
		CHECK(parse("--thp", thps[i].s) == -1 && t_thp.mode == thps[i].mode &&
		      t_thp.size == thps[i].size, "--thp %s: mode %d, %lu bytes",
		      thps[i].s, t_thp.mode, t_thp.size);
		thp_show(&t_thp, shown, sizeof(shown));
		CHECK(!strcmp(shown, thps[i].shown), "--thp %s shown as %s",
		      thps[i].s, shown);
	}
	for (size_t i = 0; i < sizeof(bad_thps) / sizeof(*bad_thps); i++)
		CHECK(parse("--thp", bad_thps[i]) == WL_USAGE && t_thp.mode == THP_SYSTEM &&
		      strstr(last_msg, "--thp") && strstr(last_msg, "8K to 1G"),
		      "--thp '%s' refused with what it wants (%s)", bad_thps[i], last_msg);
	CHECK(parse("--mib", "0") == WL_USAGE && t_mib == 5, "--mib 0 refused");
	CHECK(parse("--thp", NULL) == WL_USAGE && strstr(last_msg, "needs a value"),
	      "--thp without a value (%s)", last_msg);
}

static void test_patterns(void)
{
	static const size_t mixed[] = { TEXT_BYTES, PAGE_BYTES, 0 };
	enum { N = 7 };
	unsigned char *a = calloc(N, PAGE_BYTES), *b = calloc(N, PAGE_BYTES);
	size_t nrandom = pat_kind_bytes(PAT_MIXED);
	bool ok = true;

	CHECK(pat_kind_bytes(PAT_TEXT) == TEXT_BYTES &&
	      pat_kind_bytes(PAT_RANDOM) == PAGE_BYTES && pat_kind_bytes(PAT_ZERO) == 0 &&
	      nrandom == PAT_MIXED_BYTES, "a kind's random bytes per page");
	for (size_t i = 0; i < 2 * N; i++)
		ok &= pat_page_bytes(nrandom, i) == mixed[i % 3] &&
		      pat_page_bytes(100, i) == 100;
	CHECK(ok, "mixed: text, random, zero by page index mod 3; others fixed");

	CHECK(!pat_pass(a, N, 42, 0, nrandom, "a"), "pass 0 fills");
	ok = true;
	for (size_t i = 0; i < N; i++)
		ok &= pat_check(a + i * PAGE_BYTES, pat_key(42, i, 0), mixed[i % 3]) < 0;
	CHECK(ok, "every mixed page holds its kind's version 0");
	CHECK(a[2 * PAGE_BYTES + 7] == 0 && a[PAGE_BYTES + PAGE_BYTES - 1] |
	      a[PAGE_BYTES + PAGE_BYTES - 2], "page 2 is zero, page 1 random to its end");
	CHECK(!pat_pass(a, N, 42, 1, nrandom, "a") && !pat_verify(a, N, 42, 1, nrandom, "a"),
	      "pass 1 verifies version 0 and writes version 1");
	CHECK(pat_verify(a, N, 42, 0, nrandom, "a") == 5,
	      "version 0 no longer matches, but for the zero pages 2 and 5");
	CHECK(!pat_churn(b, N, 42, 1, nrandom, "b") && !memcmp(a, b, N * PAGE_BYTES),
	      "pat_churn(1 pass) is pass 0 then pass 1");
	a[3 * PAGE_BYTES + 10] ^= 1;
	CHECK(pat_verify(a, N, 42, 1, nrandom, "a") == 1 &&
	      strstr(last_msg, "a, page 3, byte 10"), "a flipped bit found (%s)", last_msg);
	CHECK(pat_pass(a, N, 42, 2, nrandom, "a") == -1 &&
	      strstr(last_msg, "DATA CORRUPTION: a, pass 2, page 3, byte 10"),
	      "a pass stops at it (%s)", last_msg);
	free(a);
	free(b);
}

static void test_figures(void)
{
	double v[10] = { 5, 1, 4, 2, 3 };

	CHECK(fig_usemem_kbps(1 << 30, 1000000) == 1048576, "1 GiB in 1 s");
	CHECK(fig_usemem_kbps(4096, 1) == 4000000, "4096 bytes in 1 us");
	/* a line of usemem --procs 2 --mib 16 --passes 3 on the 6.18 host */
	CHECK(fig_usemem_kbps(50331648, 83508) == 588590,
	      "50331648 bytes / 83508 usecs = 588590 KB/s");
	CHECK(fig_usemem_kbps(1000, 3) == 325520, "integer division, then >> 10");
	CHECK(fig_usemem_kbps(1024, 0) == 1000000, "0 usecs counts as 1");
	CHECK(fig_usemem_kbps(1ULL << 50, 1000000) == 1ULL << 40,
	      "1 PiB: no 64-bit overflow of bytes * 1e6");
	CHECK(fig_quantile(v, 5, 0.1) == 1 && fig_quantile(v, 5, 0.5) == 3 &&
	      fig_quantile(v, 5, 0.9) == 5 && fig_quantile(v, 5, 1) == 5,
	      "nearest rank of 5: p10 1st, p50 3rd, p90 5th");
	for (int i = 0; i < 10; i++)
		v[i] = 10 - i;
	CHECK(fig_quantile(v, 10, 0.9) == 9 && fig_quantile(v, 10, 0.1) == 1 &&
	      fig_quantile(v, 4, 0.5) == 2, "0.9 of 10 is rank 9; p50 of 4 the 2nd");
	CHECK(fig_quantile(v, 0, 0.5) == 0, "no values: 0");
}

/* A fake /sys/kernel/mm/transparent_hugepage for thp_setup(). */
static const char *const thp_files[][2] = {
	{ "enabled", "always [madvise] never\n" },
	{ "hugepages-16kB/enabled", "always inherit madvise [never]\n" },
	{ "hugepages-64kB/enabled", "always inherit madvise [never]\n" },
	{ "hugepages-128kB/enabled", "always inherit [madvise] never\n" },
	{ "hugepages-256kB/enabled", "always inherit madvise [never]\n" },
	{ "hugepages-1024kB/enabled", "[always] inherit madvise never\n" },
	{ "hugepages-2048kB/enabled", "always [inherit] madvise never\n" },
};
#define NR_THP_FILES (sizeof(thp_files) / sizeof(thp_files[0]))

static void thp_file(const char *dir, int i, char *path, size_t len)
{
	snprintf(path, len, "%s/%s", dir, thp_files[i][0]);
}

static void thp_write_all(const char *dir)
{
	char path[PATH_MAX];

	for (size_t i = 0; i < NR_THP_FILES; i++) {
		FILE *f;

		thp_file(dir, i, path, sizeof(path));
		*strrchr(path, '/') = '\0';
		mkdir(path, 0755);
		thp_file(dir, i, path, sizeof(path));
		f = fopen(path, "w");
		if (f) {
			fputs(thp_files[i][1], f);
			fclose(f);
		}
	}
}

/* The policies of the fake files, one letter each: never n, madvise m... */
static void thp_now(const char *dir, char *out)
{
	char path[PATH_MAX], buf[64];

	for (size_t i = 0; i < NR_THP_FILES; i++) {
		FILE *f;
		char *w;

		thp_file(dir, i, path, sizeof(path));
		f = fopen(path, "r");
		out[i] = '?';
		if (f && fgets(buf, sizeof(buf), f)) {
			w = strchr(buf, '[') ? strchr(buf, '[') + 1 : buf;
			out[i] = *w;
		}
		if (f)
			fclose(f);
	}
	out[NR_THP_FILES] = '\0';
}

static void test_thp(void)
{
	char dir[] = "/tmp/zswap-thp-test.XXXXXX", now[16], path[PATH_MAX];
	struct thp_opt t = { THP_SIZE, 64 << 10 };
	struct thp_saved s;

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	setenv("ZSWAP_THP_DIR", dir, 1);
	thp_write_all(dir);
	/* 64K to madvise; 128K (madvise), 1M (always), 2M (inherit of
	 * madvise) to never; 16K below and 256K (never) untouched */
	CHECK(thp_setup(&t, &s) == 0 && s.n == 4, "--thp 64K: 4 controls set (%d)", s.n);
	thp_now(dir, now);
	CHECK(!strcmp(now, "mnmnnnn"), "64K madvise, the larger ones never (%s)", now);
	CHECK(thp_restore(&s) == 0 && s.n == 0, "restored");
	thp_now(dir, now);
	CHECK(!strcmp(now, "mnnmnai"), "every control as it was (%s)", now);

	t.size = 32 << 10;
	snprintf(path, sizeof(path), "%s/hugepages-32kB/enabled", dir);
	CHECK(thp_setup(&t, &s) == WL_USAGE && s.n == 0 && strstr(last_msg, path),
	      "--thp 32K without its control: exit 2 naming it (%s)", last_msg);

	/* top-level never: the larger inherit no longer applies */
	thp_write_all(dir);
	thp_file(dir, 0, path, sizeof(path));
	truncate(path, 0);
	t.size = 1024 << 10;
	CHECK(thp_setup(&t, &s) == 0 && s.n == 0, "--thp 1M: 1M always, 2M inherits "
	      "nothing: nothing to set (%d)", s.n);
	t.mode = THP_NEVER;
	CHECK(thp_setup(&t, &s) == 0 && s.n == 0, "--thp never: no control set");

	/* a control that cannot be read: what was set before is put back */
	thp_write_all(dir);
	thp_file(dir, 4, path, sizeof(path));
	unlink(path);
	mkdir(path, 0755);
	t = (struct thp_opt){ THP_SIZE, 64 << 10 };
	msg_log[0] = '\0';
	CHECK(thp_setup(&t, &s) == WL_FAIL && s.n == 0 && strstr(msg_log, "256kB") &&
	      strstr(msg_log, "restored"),
	      "an unreadable control fails the setup, said (%s)", msg_log);
	thp_now(dir, now);
	CHECK(!strncmp(now, "mnn", 3), "... and 64K is never again (%s)", now);
	rmdir(path);

	for (size_t i = 0; i < NR_THP_FILES; i++) {
		thp_file(dir, i, path, sizeof(path));
		unlink(path);
		if (i) {
			*strrchr(path, '/') = '\0';
			rmdir(path);
		}
	}
	rmdir(dir);
	unsetenv("ZSWAP_THP_DIR");
}

void test_workload(void)
{
	test_protocol();
	test_opts();
	test_patterns();
	test_figures();
	test_thp();
}
