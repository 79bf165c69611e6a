// SPDX-License-Identifier: GPL-2.0
/*
 * `zswap-gate claims draft` over the corpus of real letters (issue 46):
 * every tests/fixtures/letters/corpus/NAME.txt with a hand-checked
 * NAME.expect beside it is drafted, and the draft is scored against the
 * expectation: letters with a table found, arms right, quoted cells
 * right, metrics and claims right, rows with a wrong number. The figures
 * are printed for the whole corpus and for the held-out letters apart
 * (those never looked at while tuning the reader); a row with a wrong
 * number fails, and each figure has a floor so a regression fails.
 * Each letter is drafted again with each table's arms named (`claims
 * draft --arms`), scored apart. CORPUS_SHOW=1 says every miss on
 * stderr; CORPUS_SHOW_NAMED=1 those with the arms named, and each
 * letter's two scores.
 *
 * NAME.expect, one item a line ('#' comments):
 *   set: tuning | held-out
 *   batch: NAME (optional: the held-out letters gathered together, each
 *               batch printed apart as well)
 *   table
 *   arms: A | B [| C ...]
 *   row: LABEL | CELL... (one per arm) | METRIC or unmapped | CLAIM or -
 * A cell is a number (the quoted mean), "null" (empty) or text ("OOM").
 * A letter without a table has "set:" and no "table".
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "claims.h"
#include "claims_draft.h"
#include "counters.h"
#include "harness.h"

#define CORPUS_MAX_ARMS 64
#define CORPUS_FIELD 128

struct exp_row {
	char label[CORPUS_FIELD];
	char cell[CORPUS_MAX_ARMS][CORPUS_FIELD];
	char metric[CORPUS_FIELD];
	char claim[16];
};

struct exp_table {
	char arm[CORPUS_MAX_ARMS][CORPUS_FIELD];
	int nr_arms;
	struct exp_row *rows;
	int nr_rows;
};

struct expect {
	bool held_out;
	char batch[32];
	struct exp_table *tables;
	int nr_tables;
};

/* A drafted table with its parts (a wide table drafted 4 columns at a time) joined. */
struct got_table {
	const char *arm[CORPUS_MAX_ARMS];
	int nr_arms;
	const struct claim_table *part[CORPUS_MAX_ARMS];
	int part_col[CORPUS_MAX_ARMS];	/* arm i: column part_col[i] of part[i] */
	bool used;
};

struct score {
	int letters, found, tables, arms_right, cells, cells_right, rows,
	    metrics_right, claims, claims_right, wrong_number, extra_rows;
};

/*
 * The floors the corpus reaches (its README), so a regression fails; the
 * letters it holds so far, so none goes missing. The held-out figure
 * falls as blind batches join it: each is a measure, not a target.
 */
#define MAX_BATCHES		32	/* held-out batches printed apart */
#define CORPUS_LETTERS		330
#define FLOOR_ALL_ARMS_PCT	60.4
#define FLOOR_ALL_CELLS_PCT	69.5
#define FLOOR_HELD_ARMS_PCT	36.9
#define FLOOR_NAMED_HELD_ARMS_PCT	52.2	/* with the arms named (--arms) */
#define FLOOR_NAMED_HELD_CELLS_PCT	55.4
#define FLOOR_HELD_CELLS_PCT	54.5

static bool show, show_named;	/* CORPUS_SHOW, CORPUS_SHOW_NAMED */

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && strchr(" \t\r\n", e[-1]))
		*--e = '\0';
	return s;
}

/* s split at " | " into at most max fields of out; the count. */
static int fields(char *s, char out[][CORPUS_FIELD], int max)
{
	int n = 0;

	while (s && n < max) {
		char *bar = strstr(s, " | ");

		if (bar)
			*bar = '\0';
		snprintf(out[n++], CORPUS_FIELD, "%s", trim(s));
		s = bar ? bar + 3 : NULL;
	}
	return n;
}

static int expect_read(const char *path, struct expect *e)
{
	static char f[CORPUS_MAX_ARMS + 3][CORPUS_FIELD];
	char line[4096];
	struct exp_table *t = NULL;
	FILE *in = fopen(path, "r");
	int ln = 0, bad = 0;

	memset(e, 0, sizeof(*e));
	if (!in)
		return -1;
	while (fgets(line, sizeof(line), in)) {
		char *s = trim(line);

		ln++;
		if (!*s || *s == '#')
			continue;
		if (!strncmp(s, "set:", 4)) {
			e->held_out = !strcmp(trim(s + 4), "held-out");
		} else if (!strncmp(s, "batch:", 6)) {
			snprintf(e->batch, sizeof(e->batch), "%s", trim(s + 6));
		} else if (!strcmp(s, "table")) {
			e->tables = realloc(e->tables, (e->nr_tables + 1) * sizeof(*t));
			t = &e->tables[e->nr_tables++];
			memset(t, 0, sizeof(*t));
		} else if (t && !strncmp(s, "arms:", 5)) {
			t->nr_arms = fields(s + 5, t->arm, CORPUS_MAX_ARMS);
		} else if (t && t->nr_arms && !strncmp(s, "row:", 4)) {
			int n = fields(s + 4, f, t->nr_arms + 3);
			struct exp_row *r;

			if (n != t->nr_arms + 3) {
				fprintf(stderr, "%s:%d: %d fields, want %d\n", path, ln,
					n, t->nr_arms + 3);
				bad++;
				continue;
			}
			t->rows = realloc(t->rows, (t->nr_rows + 1) * sizeof(*r));
			r = &t->rows[t->nr_rows++];
			memcpy(r->label, f[0], CORPUS_FIELD);
			for (int a = 0; a < t->nr_arms; a++)
				memcpy(r->cell[a], f[1 + a], CORPUS_FIELD);
			memcpy(r->metric, f[t->nr_arms + 1], CORPUS_FIELD);
			snprintf(r->claim, sizeof(r->claim), "%s", f[t->nr_arms + 2]);
		} else {
			fprintf(stderr, "%s:%d: not an expectation: %s\n", path, ln, s);
			bad++;
		}
	}
	fclose(in);
	return bad ? -1 : 0;
}

static void expect_free(struct expect *e)
{
	for (int i = 0; i < e->nr_tables; i++)
		free(e->tables[i].rows);
	free(e->tables);
}

/* The title before " (part K of N)", and K; 0 when it names no part. */
static int part_of(const char *title, size_t *stem)
{
	const char *p = strstr(title, " (part ");
	int k, n, used = 0;

	if (!p || sscanf(p, " (part %d of %d)%n", &k, &n, &used) != 2 ||
	    p[used])
		return 0;
	*stem = (size_t)(p - title);
	return k;
}

/*
 * Parts of one wide table: "T (part 1 of 2)", "T (part 2 of 2)", the
 * same base column and rows (two tables of one title are two tables).
 */
static bool same_table(const struct claim_table *a, const struct claim_table *b)
{
	size_t sa, sb;
	int ka = part_of(a->title, &sa), kb = part_of(b->title, &sb);

	if (!ka || kb != ka + 1 || sa != sb || strncmp(a->title, b->title, sa) ||
	    strcmp(a->col[0], b->col[0]) || a->nr_rows != b->nr_rows)
		return false;
	for (size_t r = 0; r < a->nr_rows; r++)
		if (strcmp(a->rows[r].label, b->rows[r].label))
			return false;
	return true;
}

static int got_tables(const struct claims *c, struct got_table *g, int max)
{
	int n = 0;

	for (size_t i = 0; i < c->nr_tables && n < max; i++) {
		const struct claim_table *t = &c->tables[i];
		struct got_table *cur = &g[n];
		int from = 0;

		if (n && same_table(g[n - 1].part[g[n - 1].nr_arms - 1], t)) {
			cur = &g[n - 1];
			from = 1;	/* the base column again */
		} else {
			memset(cur, 0, sizeof(*cur));
			n++;
		}
		for (int k = from; k < t->nr_cols && cur->nr_arms < CORPUS_MAX_ARMS; k++) {
			cur->arm[cur->nr_arms] = t->col[k];
			cur->part[cur->nr_arms] = t;
			cur->part_col[cur->nr_arms++] = k;
		}
	}
	return n;
}

/*
 * Expected row r's drafted row in arm's part: the one of its label that
 * stands as many such rows down as r does in e (a letter may name two
 * rows alike: "hog" thrice, one per process).
 */
static const struct claim_row *got_row(const struct got_table *g, int arm,
				       const struct exp_table *e, int r)
{
	const struct claim_table *t = g->part[arm];
	const char *label = e->rows[r].label;
	int nth = 0;

	for (int k = 0; k < r; k++)
		nth += !strcmp(e->rows[k].label, label);
	for (size_t k = 0; k < t->nr_rows; k++)
		if (!strcmp(t->rows[k].label, label) && nth-- == 0)
			return &t->rows[k];
	return NULL;
}

static int cell_right(const char *want, const struct quoted *q);

/* Expected rows found in g by label, and their first cells right twice. */
static int overlap(const struct exp_table *e, const struct got_table *g)
{
	int n = 0;

	for (int r = 0; r < e->nr_rows; r++) {
		const struct claim_row *row = got_row(g, 0, e, r);

		n += row ? 1 + 2 * (cell_right(e->rows[r].cell[0],
						&row->q[g->part_col[0]]) == 1) : 0;
	}
	return n;
}

/* 1 right, 0 a wrong number, -1 otherwise wrong (text, missing, empty). */
static int cell_right(const char *want, const struct quoted *q)
{
	char *end;
	double v = strtod(want, &end);

	/* "inf" and "nan" are words a cell holds, as the letter spells them */
	if (end != want && !*end && strspn(want, "+-.0123456789") > 0)
		return q->present && q->has_mean &&
		       fabs(q->mean - v) <= 1e-9 * fmax(1, fabs(v)) ? 1 :
		       q->present && q->has_mean ? 0 : -1;
	if (!strcmp(want, "null"))
		return !q->present ? 1 : q->has_mean ? 0 : -1;
	return q->present && !q->has_mean && !strcmp(q->text, want) ? 1 :
	       q->present && q->has_mean ? 0 : -1;
}

static const char *claim_word(const struct claim_row *r, int pair, bool explicit)
{
	static const char *const w[] = { "lower", "higher", "same" };

	return explicit ? w[r->dir[pair]] : "-";
}

static void score_table(const char *name, const struct exp_table *e,
			const struct got_table *g, struct score *s)
{
	bool arms = g && g->nr_arms == e->nr_arms;

	s->tables++;
	for (int a = 0; arms && a < e->nr_arms; a++)
		arms = !strcmp(g->arm[a], e->arm[a]);
	s->arms_right += arms;
	if (show && !arms)
		fprintf(stderr, "corpus %s: arms '%s'...: drafted %d arms, first '%s'\n",
			name, e->arm[0], g ? g->nr_arms : 0,
			g && g->nr_arms ? g->arm[0] : "-");
	for (int r = 0; r < e->nr_rows; r++) {
		const struct exp_row *x = &e->rows[r];
		const struct claim_row *row = g ? got_row(g, 0, e, r) : NULL;
		bool wrong = false, explicit;

		s->rows++;
		s->cells += e->nr_arms;
		if (!row) {
			if (show)
				fprintf(stderr, "corpus %s: row '%s' not drafted\n",
					name, x->label);
			continue;
		}
		for (int a = 0; a < e->nr_arms; a++) {
			const struct claim_row *ra = a < g->nr_arms ?
				got_row(g, a, e, r) : NULL;
			int ok = ra ? cell_right(x->cell[a], &ra->q[g->part_col[a]]) : -1;

			s->cells_right += ok == 1;
			wrong |= ok == 0;
			if (show && ok != 1)
				fprintf(stderr, "corpus %s: '%s' cell %d: want %s, got %g '%s'\n",
					name, x->label, a, x->cell[a],
					ra ? ra->q[g->part_col[a]].mean : NAN,
					ra ? ra->q[g->part_col[a]].text : "");
		}
		s->wrong_number += wrong;
		if (!strcmp(x->metric, "unmapped") ? row->unmapped[0] != '\0' :
		    row->nr_metrics == 1 && !strcmp(row->metric[0], x->metric))
			s->metrics_right++;
		else if (show)
			fprintf(stderr, "corpus %s: '%s' metric: want %s, got %s\n", name,
				x->label, x->metric,
				row->nr_metrics ? row->metric[0] : "unmapped");
		/* a claim the draft takes from the words is written, else none */
		explicit = strstr(row->note, "claim from the letter's words") != NULL;
		if (strcmp(x->claim, "-") || explicit) {
			s->claims++;
			s->claims_right += !strcmp(claim_word(row, 0, explicit), x->claim);
			if (show && strcmp(claim_word(row, 0, explicit), x->claim))
				fprintf(stderr, "corpus %s: '%s' claim: want %s, got %s\n",
					name, x->label, x->claim,
					claim_word(row, 0, explicit));
		}
	}
}

/*
 * match[i]: the drafted table of expected table i, or -1: the pairs of
 * most overlap first, so one table's rows never steal another's match.
 * A pair needs one row whose first cell is right: a drafted fragment of
 * another table that shares only labels (a second "Free latency" under
 * a like heading) is a table not expected, not that table's wrong
 * numbers.
 */
static void match_tables(const struct expect *e, struct got_table *g, int ng,
			 int *match)
{
	for (int i = 0; i < e->nr_tables; i++)
		match[i] = -1;
	for (;;) {
		int bi = -1, bk = -1, most = 0;

		for (int i = 0; i < e->nr_tables; i++)
			for (int k = 0; match[i] < 0 && k < ng; k++) {
				int o = g[k].used ? 0 : overlap(&e->tables[i], &g[k]);

				if (o > most && o >= 3) {
					most = o;
					bi = i;
					bk = k;
				}
			}
		if (bi < 0)
			return;
		match[bi] = bk;
		g[bk].used = true;
	}
}

/* The draft of text (with the arms named, or NULL) as c's tables in g: their count. */
static int draft_tables(const char *text, size_t n, const char *name,
			const char *arms, struct claims *c, struct got_table *g)
{
	struct draft_stats st;
	struct zs_error err;
	size_t len;
	char *out;
	int ng = 0;

	memset(c, 0, sizeof(*c));
	if (text && !claims_draft_text_arms(text, n, name, arms, &out, &len, &st, &err)) {
		if (!claims_parse(name, out, len, c, &err))
			ng = got_tables(c, g, 64);
		free(out);
	}
	return ng;
}

/* The arms of t as --arms names them: "A|B". */
static void arms_spec(const struct exp_table *t, char *out, size_t len)
{
	*out = '\0';
	for (int a = 0; a < t->nr_arms; a++)
		snprintf(out + strlen(out), len - strlen(out), "%s%s",
			 a ? "|" : "", t->arm[a]);
}

/*
 * e drafted again with each table's arms named (`claims draft --arms`),
 * once for the tables of each set of arms, scored into s alone: what a
 * user who names the arms gets.
 */
static void score_named_arms(const char *text, size_t n, const char *name,
			     const struct expect *e, struct score *s)
{
	static char spec[CORPUS_MAX_ARMS * CORPUS_FIELD], other[sizeof(spec)];
	struct exp_table *same = calloc(e->nr_tables + 1, sizeof(*same));
	int *match = calloc(e->nr_tables + 1, sizeof(*match));
	bool *done = calloc(e->nr_tables + 1, sizeof(*done));
	struct got_table g[64];
	struct claims c;
	bool was = show;

	CHECK(same && match && done, "%s: memory to score", name);
	show = show_named;
	s->letters++;
	for (int i = 0; same && match && done && i < e->nr_tables; i++) {
		struct expect one = { .tables = same };
		int ng;

		if (done[i])
			continue;
		arms_spec(&e->tables[i], spec, sizeof(spec));
		for (int k = i; k < e->nr_tables; k++) {
			arms_spec(&e->tables[k], other, sizeof(other));
			if (!strcmp(spec, other)) {
				same[one.nr_tables++] = e->tables[k];
				done[k] = true;
			}
		}
		ng = draft_tables(text, n, name, spec, &c, g);
		s->found += ng > 0;
		match_tables(&one, g, ng, match);
		for (int k = 0; k < one.nr_tables; k++)
			score_table(name, &same[k], match[k] >= 0 ? &g[match[k]] : NULL, s);
		if (ng)
			claims_free(&c);
	}
	show = was;
	free(same);
	free(match);
	free(done);
}

/*
 * Drafts dir/name.txt and scores it into s, and with each table's arms
 * named into named; whether it is held out, and its batch into batch
 * ("" for none).
 */
static bool score_letter(const char *dir, const char *name, struct score *s,
			 struct score *named, char batch[32])
{
	bool held_out;
	char path[1024];
	struct got_table g[64];
	struct expect e;
	struct claims c;
	size_t n;
	char *text;
	int ng, *match;

	snprintf(path, sizeof(path), "%s/%s.expect", dir, name);
	CHECK(expect_read(path, &e) == 0, "%s: an expectation that reads", path);
	snprintf(path, sizeof(path), "%s/%s.txt", dir, name);
	text = read_file_len(path, LETTER_MAX_BYTES, &n);
	CHECK(text != NULL, "%s: readable", path);
	s->letters++;
	ng = draft_tables(text, n, name, NULL, &c, g);
	s->found += (ng > 0) == (e.nr_tables > 0);
	match = calloc(e.nr_tables + 1, sizeof(*match));
	match_tables(&e, g, ng, match);
	for (int i = 0; i < e.nr_tables; i++)
		score_table(name, &e.tables[i], match[i] >= 0 ? &g[match[i]] : NULL, s);
	for (int k = 0; k < ng; k++)
		if (!g[k].used) {
			s->extra_rows += g[k].part[0]->nr_rows;
			if (show)
				fprintf(stderr, "corpus %s: table '%s' not expected\n",
					name, g[k].part[0]->title);
		}
	if (ng)
		claims_free(&c);
	score_named_arms(text, n, name, &e, named);
	held_out = e.held_out;
	snprintf(batch, 32, "%s", e.batch);
	free(match);
	expect_free(&e);
	free(text);
	return held_out;
}

static void add_score(struct score *to, const struct score *s)
{
	const int *from = (const int *)s;

	for (size_t k = 0; k < sizeof(*s) / sizeof(int); k++)
		((int *)to)[k] += from[k];
}

static double pct(int a, int b)
{
	return b ? 100.0 * a / b : 100.0;
}

static void print_score(const char *what, const struct score *s)
{
	printf("draft corpus, %s: %d letters, tables found %d/%d, arms right "
	       "%d/%d (%.1f%%), quoted cells right %d/%d (%.1f%%), metrics right "
	       "%d/%d (%.1f%%), claims right %d/%d, rows with a wrong number %d, "
	       "tables not expected %d rows\n", what, s->letters, s->found,
	       s->letters, s->arms_right, s->tables, pct(s->arms_right, s->tables),
	       s->cells_right, s->cells, pct(s->cells_right, s->cells),
	       s->metrics_right, s->rows, pct(s->metrics_right, s->rows),
	       s->claims_right, s->claims, s->wrong_number, s->extra_rows);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int is_expect(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 7 && !strcmp(d->d_name + n - 7, ".expect");
}

void test_draft_corpus(void)
{
	struct score all = { 0 }, held = { 0 }, batch_score[MAX_BATCHES] = { 0 };
	struct score named_all = { 0 }, named_held = { 0 };
	char batch_name[MAX_BATCHES][32], batch[32];
	int n, nr_batches = 0;
	struct dirent **list;
	char dir[512];

	show = getenv("CORPUS_SHOW") != NULL;
	show_named = getenv("CORPUS_SHOW_NAMED") != NULL;
	snprintf(dir, sizeof(dir), "%s/letters/corpus", fixtures_dir);
	n = scandir(dir, &list, is_expect, by_name);
	CHECK(n >= CORPUS_LETTERS, "%s: %d letters with an expectation, want %d",
	      dir, n, CORPUS_LETTERS);
	for (int i = 0; i < n; i++) {
		struct score one = { 0 }, named = { 0 };
		char name[256];

		snprintf(name, sizeof(name), "%.*s",
			 (int)strlen(list[i]->d_name) - 7, list[i]->d_name);
		if (score_letter(dir, name, &one, &named, batch)) {
			add_score(&held, &one);
			add_score(&named_held, &named);
		}
		add_score(&named_all, &named);
		if (*batch) {
			int b = 0;

			while (b < nr_batches && strcmp(batch_name[b], batch))
				b++;
			if (b == nr_batches && nr_batches < MAX_BATCHES)
				snprintf(batch_name[nr_batches++], 32, "%s", batch);
			if (b < nr_batches)
				add_score(&batch_score[b], &one);
		}
		if (show)
			fprintf(stderr, "corpus %s: arms %d/%d, cells %d/%d\n", name,
				one.arms_right, one.tables, one.cells_right, one.cells);
		if (show_named)
			fprintf(stderr, "corpus %s: named: arms %d/%d, cells %d/%d, wrong %d (without: %d/%d)\n",
				name, named.arms_right, named.tables, named.cells_right,
				named.cells, named.wrong_number, one.arms_right, one.cells_right);	/* without: arms, cells */
		add_score(&all, &one);
		free(list[i]);
	}
	if (n > 0)
		free(list);
	print_score("all", &all);
	print_score("held-out", &held);
	print_score("with the arms named (--arms), all", &named_all);
	print_score("with the arms named (--arms), held-out", &named_held);
	for (int b = 0; b < nr_batches; b++) {
		char what[64];

		snprintf(what, sizeof(what), "held-out batch %.31s", batch_name[b]);
		print_score(what, &batch_score[b]);
	}
	CHECK(all.wrong_number == 0, "no row with a wrong number (%d)",
	      all.wrong_number);
	CHECK(named_all.wrong_number == 0, "with the arms named, no row with a "
	      "wrong number (%d)", named_all.wrong_number);
	CHECK(pct(named_held.arms_right, named_held.tables) >= FLOOR_NAMED_HELD_ARMS_PCT &&
	      pct(named_held.cells_right, named_held.cells) >= FLOOR_NAMED_HELD_CELLS_PCT,
	      "the held-out letters with the arms named at their floors: arms "
	      "%.1f%%, cells %.1f%%", pct(named_held.arms_right, named_held.tables),
	      pct(named_held.cells_right, named_held.cells));
	CHECK(held.letters * 4 >= all.letters,
	      "a quarter held out (%d of %d)", held.letters, all.letters);
	CHECK(pct(all.arms_right, all.tables) >= FLOOR_ALL_ARMS_PCT &&
	      pct(all.cells_right, all.cells) >= FLOOR_ALL_CELLS_PCT,
	      "the corpus at its floors: arms %.1f%%, cells %.1f%%",
	      pct(all.arms_right, all.tables), pct(all.cells_right, all.cells));
	CHECK(pct(held.arms_right, held.tables) >= FLOOR_HELD_ARMS_PCT &&
	      pct(held.cells_right, held.cells) >= FLOOR_HELD_CELLS_PCT,
	      "the held-out letters at their floors: arms %.1f%%, cells %.1f%%",
	      pct(held.arms_right, held.tables), pct(held.cells_right, held.cells));
}
