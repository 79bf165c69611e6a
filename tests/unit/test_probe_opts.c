// SPDX-License-Identifier: GPL-2.0
/*
 * record's probe options: the note a record taken with --locks carries
 * (its probes inflate the latency histograms), the options told from a
 * record's metrics (also once written and read back), and the warning
 * compare and claims give when the arms were taken with different ones.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "claims_eval.h"
#include "claims_output.h"
#include "compare.h"
#include "compare_output.h"
#include "harness.h"
#include "probe_opts.h"

/* A record as record --locks (and --iocost) would write it. */
static void fill(struct record *rec, bool locks, bool iocost, bool latency)
{
	struct metric_label any[2] = { { "lock", "any" }, { "caller", "any" } };
	struct hist h = { .kind = HIST_LOG2, .sum = 4000 };

	memset(rec, 0, sizeof(*rec));
	rec->meta.complete = true;
	rec->meta.wall_time_s = -1;
	snprintf(rec->meta.kernel_release, sizeof(rec->meta.kernel_release),
		 "7.3.4");
	h.slots[12] = 2;
	metric_add(&rec->metrics, MF_STORE_CALLS, NULL, 0, SRC_FENTRY, 100);
	if (latency)
		metric_add_hist(&rec->metrics, MF_LOAD_LATENCY, NULL, 0,
				SRC_FENTRY, &h);
	if (locks)
		metric_add(&rec->metrics, MF_LOCK_CONTENTIONS, any, 2,
			   SRC_TRACEPOINT, 7);
	if (iocost)
		metric_add(&rec->metrics, MF_ZSWAP_WB_BIOS, NULL, 0,
			   SRC_TRACEPOINT, 0);
}

static int count_prefix(const struct record_meta *m, const char *prefix)
{
	int n = 0;

	for (int i = 0; i < m->nr_notes; i++)
		n += !strncmp(m->notes[i], prefix, strlen(prefix));
	return n;
}

static void test_notes(void)
{
	static const struct { bool locks, iocost, latency; int want_locks; } c[] = {
		{ false, false, true, 0 },
		{ true, false, true, 1 },
		{ true, true, true, 1 },
		{ false, true, true, 0 },
		/* no latency histogram (the 6.18 host's plan): nothing to say */
		{ true, false, false, 0 },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct record rec;
		unsigned int opts;

		fill(&rec, c[i].locks, c[i].iocost, c[i].latency);
		opts = record_probe_opts(&rec.metrics);
		CHECK(opts == ((c[i].locks ? RPO_BIT(RPO_LOCKS) : 0) |
			       (c[i].iocost ? RPO_BIT(RPO_IOCOST) : 0)),
		      "case %zu: options 0x%x from the metrics", i, opts);
		record_note_probes(&rec.meta, opts, &rec.metrics);
		CHECK(count_prefix(&rec.meta, "--locks:") == c[i].want_locks,
		      "case %zu: --locks notes %d, want %d", i,
		      count_prefix(&rec.meta, "--locks:"), c[i].want_locks);
		/* --iocost's note as record.c's table says it inflates */
		CHECK(count_prefix(&rec.meta, "--iocost:") ==
		      (c[i].iocost && c[i].latency &&
		       record_probe_opt_inflates(RPO_IOCOST)),
		      "case %zu: --iocost note", i);
		/* the whole sentence fits a note */
		for (int k = 0; k < rec.meta.nr_notes; k++)
			CHECK(strlen(rec.meta.notes[k]) < sizeof(rec.meta.notes[0]) - 1 &&
			      strstr(rec.meta.notes[k], "zswap-lockstat.md"),
			      "note cut or without its pointer: %s", rec.meta.notes[k]);
		metric_set_free(&rec.metrics);
	}
}

/* The 13th note takes the 12th's place: the record keeps 12. */
static void test_note_overflow(void)
{
	struct record_meta m = {};

	for (int i = 0; i < 13; i++)
		record_note(&m, "note %d", i);
	CHECK(m.nr_notes == 12 && !strcmp(m.notes[11], "note 12") &&
	      !strcmp(m.notes[10], "note 10"), "12 notes, the last overwritten");
}

/* Written and read back: the identities come from the keys. */
static void test_round_trip(void)
{
	char dir[] = "/tmp/zswap-unit-probe.XXXXXX", path[64];
	struct record rec, back;
	struct zs_error err;

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/r.json", dir);
	fill(&rec, true, true, true);
	record_note_probes(&rec.meta, record_probe_opts(&rec.metrics),
			   &rec.metrics);
	CHECK(!record_write(path, &rec.meta, NULL, &rec.metrics, NULL, 0),
	      "write %s", path);
	CHECK(!record_load(path, &back, &err), "load: %s", err.msg);
	CHECK(record_probe_opts(&back.metrics) ==
	      (RPO_BIT(RPO_LOCKS) | RPO_BIT(RPO_IOCOST)),
	      "options read back from the record");
	metric_set_free(&rec.metrics);
	record_free(&back);
	unlink(path);
	rmdir(dir);
}

/* locks[k]: how many of arm k's 3 records were taken with --locks */
static char *compare_notes(const int locks[2])
{
	struct comparison c;
	struct zs_error err;
	char *out;

	comparison_init(&c, 0.05, false);
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 3; i++) {
			struct record rec;

			fill(&rec, i < locks[k], false, true);
			CHECK(!comparison_add_record(&c, k, &rec, "mem", &err),
			      "add: %s", err.msg);
			metric_set_free(&rec.metrics);
		}
	CHECK(!comparison_finish(&c, &err), "finish: %s", err.msg);
	out = compare_render(&c, compare_print_table);
	comparison_free(&c);
	return out;
}

static void test_compare_warning(void)
{
	static const int differ[2] = { 0, 3 }, mixed[2] = { 3, 2 },
			 same[2] = { 3, 3 }, none[2] = { 0, 0 };
	char *out;

	out = compare_notes(differ);
	CHECK(strstr(out, "warning: --locks in 0 of 3 records of A, 3 of 3 "
		      "records of B: its probes run inside"), "%s", out);
	free(out);
	out = compare_notes(mixed);
	CHECK(strstr(out, "warning: --locks in 3 of 3 records of A, 2 of 3 "
		      "records of B"), "an arm of mixed records: %s", out);
	free(out);
	out = compare_notes(same);
	CHECK(!strstr(out, "warning: --"), "both arms with --locks: %s", out);
	free(out);
	out = compare_notes(none);
	CHECK(!strstr(out, "warning: --"), "neither arm: %s", out);
	free(out);
}

static void test_claims_warning(void)
{
	struct claims_eval e = { .alpha = 0.05, .holm = true,
				 .label = { "before", "after" } };
	char dir[] = "/tmp/zswap-unit-probe.XXXXXX", path[64], *buf = NULL;
	size_t size = 0;
	struct claims c;
	struct zs_error err;
	FILE *f;
	int bad;

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/c.yaml", dir);
	f = fopen(path, "w");
	if (f) {
		fputs("schema: zswap-claims/1\nseries: s\nsetup:\n  stated: a test\n"
		      "tables:\n  - id: t\n    title: t\n    columns: [before, after]\n"
		      "    rows:\n      - label: loads\n        metric: load_calls\n"
		      "        quoted: [100, 50]\n", f);
		fclose(f);
	}
	bad = claims_load(path, &c, &err);
	unlink(path);
	rmdir(dir);
	if (bad) {
		CHECK(0, "load %s: %s", path, err.msg);
		return;
	}
	CHECK(!claims_eval_init(&e, &c, NULL, NULL, &err), "init: %s", err.msg);
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 3; i++) {
			struct record rec;

			/* --iocost in both arms, --locks in after's only */
			fill(&rec, k == 1, true, true);
			CHECK(!claims_eval_add_record(&e, k, &rec, "mem", &err),
			      "add: %s", err.msg);
			metric_set_free(&rec.metrics);
		}
	CHECK(!claims_eval_finish(&e, &err), "finish: %s", err.msg);
	CHECK(e.nr_warnings == 1 &&
	      strstr(e.warnings[0], "--locks in 0 of 3 records of before, 3 of "
		     "3 records of after"), "one warning, --locks: %s",
	      e.nr_warnings ? e.warnings[0] : "none");
	f = open_memstream(&buf, &size);
	claims_print_table(f, &c, &e);
	claims_print_json(f, &c, &e);
	fclose(f);
	CHECK(buf && strstr(buf, "\nwarning: --locks in 0 of 3") &&
	      strstr(buf, "\"warnings\":[\n    \"warning: --locks"),
	      "table and JSON carry it:\n%s", buf);
	free(buf);
	claims_eval_free(&e);
	claims_free(&c);
}

void test_probe_opts(void)
{
	test_notes();
	test_note_overflow();
	test_round_trip();
	test_compare_warning();
	test_claims_warning();
}
