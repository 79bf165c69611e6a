// SPDX-License-Identifier: GPL-2.0
/*
 * `zswap-gate claims draft` on letters no one writes but anyone can
 * give it: a FIFO, a table wider than a draft keeps, more tables than
 * fit an array, a 15 MiB table of 530,000 rows (bounded memory, what is
 * left out said in the draft).
 */
#define _GNU_SOURCE	/* open_memstream, wait4 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "claims.h"
#include "claims_draft.h"
#include "claims_draft_cli.h"
#include "harness.h"

#define PEAK_RSS_MAX_KB (256 << 10)
/*
 * Under AddressSanitizer the peak is its allocator's (shadow memory and a
 * quarantine of freed blocks: 985 MB where the plain build takes 88):
 * the SAN tier checks the draft runs clean, the plain unit tier its bound.
 */
#if defined(__SANITIZE_ADDRESS__)
#define RSS_BOUND_MEASURED 0
#else
#define RSS_BOUND_MEASURED 1
#endif

/* The draft of text read back into c (NULL when it fails, said), its stats in st. */
char *test_draft_read_back(const char *name, const char *text, size_t n,
			   struct draft_stats *st, struct claims *c)
{
	struct zs_error err;
	size_t len;
	char *out;

	if (claims_draft_text(text, n, name, &out, &len, st, &err)) {
		CHECK(0, "%s: drafted: %s", name, err.msg);
		return NULL;
	}
	if (claims_parse(name, out, len, c, &err)) {
		CHECK(0, "%s: read back: %s", name, err.msg);
		free(out);
		return NULL;
	}
	return out;
}

bool test_drafted(const char *name, const char *text, struct claims *c)
{
	struct draft_stats st;
	char *out = test_draft_read_back(name, text, strlen(text), &st, c);

	free(out);
	return out != NULL;
}

bool test_no_table(const char *name, const char *text)
{
	struct draft_stats st;
	struct zs_error err;
	char *out = NULL;
	size_t len;
	bool none = claims_draft_text(text, strlen(text), name, &out, &len, &st, &err) != 0 &&
		    strstr(err.msg, "no table found");

	free(out);
	return none;
}

bool test_one_table_of(const struct claims *c, const char *a, const char *b)
{
	return c->nr_tables == 1 && c->tables[0].nr_cols == 2 &&
	       !strcmp(c->tables[0].col[0], a) && !strcmp(c->tables[0].col[1], b);
}

const struct claim_row *test_row_named(const struct claim_table *t, const char *label)
{
	for (size_t r = 0; r < t->nr_rows; r++)
		if (!strcmp(t->rows[r].label, label))
			return &t->rows[r];
	return NULL;
}

/* 40 value columns: the first 32 drafted in parts, the rest said. */
static void test_wide_table(void)
{
	char *text, *out;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	struct draft_stats st;
	struct claims c;

	fputs("[PATCH] forty kernels\n\nResults:\n\n       ", f);
	for (int k = 0; k < 40; k++)
		fprintf(f, "  k%d", k);
	fputs("\n  sys", f);
	for (int k = 0; k < 40; k++)
		fprintf(f, "  %d", k);
	fputs("\n  real", f);
	for (int k = 0; k < 40; k++)
		fprintf(f, "  %d", 100 + k);
	fputc('\n', f);
	fclose(f);
	out = test_draft_read_back("wide", text, len, &st, &c);
	if (out) {
		const struct claim_table *last = &c.tables[c.nr_tables - 1];

		CHECK(c.nr_tables == 11 && !strcmp(last->col[last->nr_cols - 1], "k31") &&
		      last->rows[1].q[last->nr_cols - 1].mean == 131 && st.cols_cut == 8 &&
		      strstr(out, "has 8 value columns more than a draft keeps (32)"),
		      "a table of 40 value columns: k0-k31 in %zu parts, 8 said left out",
		      c.nr_tables);
		claims_free(&c);
		free(out);
	}
	free(text);
}

/* 70 tables of one title: 70 drafted, ids apart. */
static void test_many_tables(void)
{
	char *text, *out;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	struct draft_stats st;
	struct claims c;

	fputs("[PATCH] seventy\n\n", f);
	for (int i = 0; i < 70; i++)
		fprintf(f, "Results:\n\n          a    b\n  sys    %d    %d\n"
			"  real   %d   %d\n\n", i, i + 1, i + 2, i + 3);
	fclose(f);
	out = test_draft_read_back("many", text, len, &st, &c);
	if (out) {
		CHECK(c.nr_tables == 70 && !strcmp(c.tables[69].id, "results-70") &&
		      c.tables[69].rows[1].q[1].mean == 72,
		      "70 tables drafted, the last 'results-70' (%zu)", c.nr_tables);
		claims_free(&c);
		free(out);
	}
	free(text);
}

/*
 * draft() run in a child, so that its peak RSS is its own: whether it
 * exited 0 (draft() true), its usage into *ru.
 */
static bool drafted_in_child(bool (*draft)(void), struct rusage *ru, int *status)
{
	pid_t pid;

	*status = -1;
	fflush(NULL);
	pid = fork();
	if (pid == 0)
		_exit(draft() ? 0 : 3);
	return pid > 0 && wait4(pid, status, 0, ru) == pid && WIFEXITED(*status) &&
	       !WEXITSTATUS(*status);
}

static void check_peak_rss(const struct rusage *ru)
{
	if (RSS_BOUND_MEASURED)
		CHECK(ru->ru_maxrss < PEAK_RSS_MAX_KB, "... in %ld KB peak "
		      "RSS (under %d)", ru->ru_maxrss, PEAK_RSS_MAX_KB);
	else
		printf("claims draft's peak RSS bound: not measured under ASan "
		       "(its allocator's memory), the plain unit tier measures it\n");
}

static bool draft_long_table(void)
{
	size_t n = 0, cap = 16 << 20;
	char *text = malloc(cap), *out, *note;
	struct draft_stats st;
	struct claims c;

	n += snprintf(text, cap, "[PATCH] long\n\nResults:\n\n"
		      "              base      patched\n");
	for (int i = 0; i < 530000; i++)
		n += snprintf(text + n, cap - n, "  r%06d    %6d    %6d\n", i,
			      i % 999983, (i + 1) % 999983);
	out = test_draft_read_back("long", text, n, &st, &c);
	note = out ? strstr(out, "has 520000 rows more") : NULL;
	return n > 15 << 20 && note && c.nr_tables == 1 &&
	       c.tables[0].nr_rows == LETTER_MAX_ROWS && st.rows_cut == 520000;
}

/*
 * One table of 530,000 rows in 15 MiB, drafted in a child: its peak
 * RSS under 256 MB, the rows past the budget said.
 */
static void test_long_table(void)
{
	struct rusage ru = {};
	int status;

	CHECK(drafted_in_child(draft_long_table, &ru, &status), "15 MiB of one "
	      "530,000-row table: drafted, its first %d rows, the rest said (status %#x)",
	      LETTER_MAX_ROWS, status);
	check_peak_rss(&ru);
	printf("claims draft of a 15 MiB letter of one 530,000-row table: "
	       "peak RSS %ld KB\n", ru.ru_maxrss);
}

static bool draft_rows_named_often(void)
{
	size_t n = 0, cap = 8 << 20;
	char *text = malloc(cap), *out;
	struct draft_stats st;
	struct claims c;

	n += snprintf(text, cap, "[PATCH] many\n\n");
	for (int i = 0; i < 3000 && n + 512 < cap; i++)
		n += snprintf(text + n, cap - n,
			      "Base %d:\n  Per elem: %d cycles %d.5 ns (step:1)\n\n"
			      "Patched %d:\n  Per elem: %d cycles %d.5 ns (step:1)\n\n"
			      "The step:1 cycles and step:1 ns are lower.\n\n",
			      i, 100000 + i, 30 + i, i, 90000 + i, 25 + i);
	out = test_draft_read_back("named", text, n, &st, &c);
	return out && strstr(out, "mentions of the rows' names") && c.nr_tables == 3000;
}

/*
 * Thousands of small tables whose rows the prose names over and over
 * (each arm's lines under its heading, a sentence after each): drafted
 * in a child, the words read for a bounded number of the names'
 * mentions and the draft saying so, its peak RSS under 256 MB.
 */
static void test_rows_named_often(void)
{
	struct rusage ru = {};
	int status;

	CHECK(drafted_in_child(draft_rows_named_often, &ru, &status), "3000 tables "
	      "whose rows the words name 6000 times: drafted, the words read for a "
	      "bounded number of mentions, said (status %#x)", status);
	check_peak_rss(&ru);
}

/* A FIFO without a writer: refused at once, exit 2 (a hang fails on SIGALRM). */
static void test_fifo(void)
{
	char dir[] = "/tmp/draft-bounds-XXXXXX", fifo[64];
	char *argv[] = { "draft", fifo, NULL };
	int ret = -1;

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(fifo, sizeof(fifo), "%s/letter", dir);
	if (!mkfifo(fifo, 0600)) {
		alarm(10);
		optind = 0;
		ret = claims_draft_main(2, argv);
		alarm(0);
	}
	CHECK(ret == 2, "a FIFO as the letter: exit 2 at once (%d)", ret);
	unlink(fifo);
	rmdir(dir);
}

void test_draft_bounds(void)
{
	test_wide_table();
	test_many_tables();
	test_long_table();
	test_rows_named_often();
	test_fifo();
}
