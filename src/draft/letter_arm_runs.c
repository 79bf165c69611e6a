// SPDX-License-Identifier: GPL-2.0
/*
 * Each arm's runs under its heading, a blank line or a rule apart and
 * no mean given ("before modification:" over three time(1) outputs, "after
 * modification:" over three more), each run maybe under a heading of
 * its own ("*** Executing round 2 ***"): a table per run, the k-th run
 * of every arm side by side. The pairs of a line are letter_kv_value.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "letter_blocks.h"

#define RUNS_MAX 24		/* runs kept of one arm */
#define ARMS_MAX 8		/* arms of one comparison */

/*
 * A blank line, a rule between runs ("_____", "-----", "====="), or the
 * "..." of runs left out.
 */
static bool separator(const char *s)
{
	while (*s == ' ')
		s++;
	return !*s || (strlen(s) >= 3 && (strspn(s, "_-=") == strlen(s) ||
					  strspn(s, ".") == strlen(s)));
}

/* The pairs of consecutive lines from j into b: the line after them. */
static size_t run_rows(const struct letter *l, size_t j, int depth, struct kv_block *b)
{
	b->head = j;
	b->nr = 0;
	while (letter_same_block(l, j, depth) && !separator(l->lines[j].text) &&
	       letter_kv_line(l, j, b))
		b->last = j++;
	return j;
}

/* b and a hold the same labels in the same order. */
static bool same_labels(const struct kv_block *a, const struct kv_block *b)
{
	if (a->nr != b->nr)
		return false;
	for (int i = 0; i < a->nr; i++)
		if (strcmp(a->item[i].label, b->item[i].label))
			return false;
	return true;
}

/* Past separators and the prompt of the command each run is of. */
static size_t past_separators(const struct letter *l, size_t j, int depth)
{
	while (letter_same_block(l, j, depth) &&
	       (separator(l->lines[j].text) || letter_shell_prompt(l->lines[j].text)))
		j++;
	return j;
}

/* s without its digits, at most len - 1 characters, into out. */
static void without_digits(const char *s, char *out, size_t len)
{
	size_t o = 0;

	for (; *s && o + 1 < len; s++)
		if (*s < '0' || *s > '9')
			out[o++] = *s;
	out[o] = '\0';
}

/*
 * Line j as a run's own heading ("*** Executing round 2 ***"): no pairs,
 * no arm's heading, and like the first run's heading but for its
 * numbers (ref, set by the first).
 */
static bool run_heading(const struct letter *l, size_t j, int depth, char *ref,
			size_t len, struct kv_block *scratch)
{
	char name[LETTER_NAME_LEN], bare[LETTER_NAME_LEN];

	scratch->nr = 0;
	if (!letter_same_block(l, j, depth) || separator(l->lines[j].text) ||
	    letter_kv_line(l, j, scratch) ||
	    letter_kv_heading(l->lines[j].text, true, false, name, sizeof(name)))
		return false;
	without_digits(l->lines[j].text, bare, sizeof(bare));
	if (ref[0] && strcmp(ref, bare))
		return false;
	snprintf(ref, len, "%s", bare);
	return true;
}

/*
 * A run a line from j ("Time taken by reclamation: 0.177 seconds,
 * split_deferred: 2048" per run): into run[0..), every line the same
 * labels; their count, 0 for fewer than two, the line after into *next.
 */
static int line_runs(const struct letter *l, size_t j, int depth, struct kv_block *run,
		     size_t *next)
{
	int n = 0;

	while (n < RUNS_MAX && letter_same_block(l, j, depth) &&
	       !separator(l->lines[j].text)) {
		run[n].head = run[n].last = j;
		run[n].nr = 0;
		if (!letter_kv_line(l, j, &run[n]) || letter_kv_holds_runs(&run[n]) ||
		    (n && !same_labels(&run[0], &run[n])))
			break;
		n++;
		j++;
	}
	if (n >= 2)
		*next = j;
	return n >= 2 ? n : 0;
}

/*
 * The runs under the heading at line h into run[0..): their count (0
 * when line h heads none), the line after the last into *next; *by_line
 * when each line is a run.
 */
static int arm_runs(const struct letter *l, size_t h, int depth, char *name,
		    struct kv_block *run, size_t *next, bool *by_line)
{
	char ref[LETTER_NAME_LEN] = "";
	bool noted = false;
	size_t j;
	int n = 0;

	if (!letter_same_block(l, h, depth) ||
	    !letter_kv_heading(l->lines[h].text, true, false, name, LETTER_NAME_LEN))
		return 0;
	j = past_separators(l, h + 1, depth);
	/* a note under the heading: "(this is fish's time format):" */
	run[0].nr = 0;
	if (letter_same_block(l, j, depth) && !letter_kv_line(l, j, &run[0])) {
		char note[LETTER_NAME_LEN];

		if (letter_kv_heading(l->lines[j].text, true, false, note, sizeof(note)))
			return 0;	/* the arm's heading is that line */
		/* the first run's heading, when the next runs have theirs */
		without_digits(l->lines[j].text, ref, sizeof(ref));
		noted = true;
		j = past_separators(l, j + 1, depth);
	}
	*by_line = false;
	while (n < RUNS_MAX && letter_same_block(l, j, depth)) {
		size_t end;
		bool headed = false;

		if (n && run_heading(l, j, depth, ref, sizeof(ref), &run[n])) {
			j = past_separators(l, j + 1, depth);
			headed = true;
		}
		end = run_rows(l, j, depth, &run[n]);
		if (!n && letter_kv_holds_runs(&run[0])) {
			*by_line = true;
			return line_runs(l, j, depth, run, next);
		}

		/* one pair a run only under the run's heading, the tool's again */
		if (run[n].nr < (headed || (n == 0 && noted) ? 1 : 2) ||
		    letter_kv_holds_runs(&run[n]) || (n && !same_labels(&run[0], &run[n])))
			break;
		*next = end;
		n++;
		j = past_separators(l, end, depth);
	}
	return n;
}

/* The k-th run of each of the na arms as a table into l. */
static int run_table(struct letter *l, size_t i, struct kv_block *runs, int na,
		     int k, char col[][LETTER_NAME_LEN], const char *section)
{
	struct kv_block *b = malloc(na * sizeof(*b));
	int made;

	if (!b)
		return -1;
	for (int a = 0; a < na; a++)
		b[a] = runs[a * RUNS_MAX + k];
	made = letter_kv_table(l, k ? b[0].head : i, b, na, col, section, false);
	free(b);
	return made;
}

long letter_read_arm_runs(struct letter *l, size_t i, const char *section)
{
	char col[LETTER_MAX_COLS][LETTER_NAME_LEN];
	int depth = l->lines[i].depth, na = 0, n = 0, made = 0;
	struct kv_block *runs;
	size_t next = i + 1, j = i;

	/* the runs' room only under a heading: this is asked of every line */
	if (!letter_kv_heading(l->lines[i].text, true, false, col[0], sizeof(col[0])))
		return (long)i + 1;
	runs = malloc(ARMS_MAX * RUNS_MAX * sizeof(*runs));
	if (!runs)
		return -1;
	while (na < ARMS_MAX) {
		size_t end = 0;
		bool by_line;
		int got = arm_runs(l, j, depth, col[na], &runs[na * RUNS_MAX], &end, &by_line);

		/*
		 * every arm as many runs as the first, two at least; a run a
		 * line may stop short (a letter's "..."): the runs every arm has
		 */
		if (got < 2 || (na && ((got != n && !by_line) ||
				       !same_labels(&runs[0], &runs[na * RUNS_MAX]) ||
				       letter_kv_named_before(col, na))))
			break;
		n = na && got > n ? n : got;
		na++;
		next = end;
		j = past_separators(l, end, depth);
	}
	for (int k = 0; na >= 2 && k < n && made >= 0; k++)
		made = run_table(l, i, runs, na, k, col, section);
	free(runs);
	if (made < 0)
		return -1;
	return na >= 2 ? (long)next : (long)i + 1;
}
