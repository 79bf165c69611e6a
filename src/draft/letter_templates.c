// SPDX-License-Identifier: GPL-2.0
/*
 * Each arm's run of lines printed from one template under the arm's
 * heading: a tool's lines whose words are the same and whose numbers
 * are not.
 *
 *   LIST variant: time_bulk_page_alloc_free_list: step=bulk size
 *    Per elem: 206 cycles(tsc) 57.478 ns (step:1)
 *    Per elem: 154 cycles(tsc) 42.861 ns (step:2)
 *
 *   ARRAY variant: time_bulk_page_alloc_free_array: step=bulk size
 *    Per elem: 202 cycles(tsc) 56.383 ns (step:1)
 *    ...
 *
 * A line's template is its text with each number a '#'. A number that
 * every arm prints alike on a line is the line's key ("step:1"); the
 * others are values, each named by the word after it ("cycles(tsc)",
 * "ns") or, where those do not tell the values apart, the words before
 * it ("sys:"). One row per line and value, one column per arm, the arm
 * named by its heading up to the heading's first colon. No shape has
 * its own words here: this reader is asked only of lines no other
 * reader took.
 *
 * The same lines turned: a heading over one line per arm, again and
 * again, the arm's name before its value on each line:
 *
 *   ========= Max page_test ============
 *   5.3-rc4          34729.6
 *   5.3-rc4+lru_lock 36128.3
 *   ========= Min page_test ============
 *   ...
 *
 * a row per heading, an arm per line of the first heading's block.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "letter_blocks.h"

#define TPL_NUMS 12		/* numbers of a template line at most */
#define TPL_SKEL 200		/* a template's characters at most */
#define TPL_RUN 64		/* lines of one arm's run at most */
#define TPL_GAP 4		/* lines from one run to the next arm's */

struct tpl_line {
	char skel[TPL_SKEL];
	int nn;
	int start[TPL_NUMS], end[TPL_NUMS];	/* the numbers in the text */
};

/*
 * A number's first character at s[k]: a digit, or a sign before one;
 * not a digit of a name ("v2", "rc4", "t1", "x86_64").
 */
static bool number_at(const char *s, size_t k)
{
	bool open = !k || s[k - 1] == ' ' || s[k - 1] == '(' || s[k - 1] == '[';

	if (s[k] == '-' || s[k] == '+')
		return open && isdigit((unsigned char)s[k + 1]);
	return isdigit((unsigned char)s[k]) &&
	       (!k || (!isalnum((unsigned char)s[k - 1]) && s[k - 1] != '_' &&
		       s[k - 1] != '.'));
}

/* Words that name: no link, no shell's command or redirection. */
static bool name_like(const char *s)
{
	return letter_label_ok(s) && !strstr(s, "://") && !strpbrk(s, "$<>@") &&
	       !letter_shell_prompt(s);
}

/* A number's end from s[k]: digits, "1,234", "57.478". */
static size_t number_end(const char *s, size_t k)
{
	k++;
	while (isdigit((unsigned char)s[k]) ||
	       ((s[k] == '.' || s[k] == ',') && isdigit((unsigned char)s[k + 1])))
		k++;
	return k;
}

/*
 * Line s as a template and its numbers: false when it holds no number,
 * no word, more than TPL_NUMS numbers or is too long to be a tool's line.
 */
static bool template_of(const char *s, struct tpl_line *t)
{
	size_t o = 0, k = 0;
	bool word = false;

	t->nn = 0;
	while (s[k] == ' ')
		k++;
	while (s[k]) {
		if (o + 2 >= sizeof(t->skel))
			return false;
		if (number_at(s, k)) {
			if (t->nn == TPL_NUMS)
				return false;
			t->start[t->nn] = (int)k;
			k = number_end(s, k);
			t->end[t->nn++] = (int)k;
			t->skel[o++] = '#';
			continue;
		}
		word |= isalpha((unsigned char)s[k]);
		if (s[k] == ' ' && (s[k + 1] == ' ' || !s[k + 1])) {
			k++;	/* blanks as one */
			continue;
		}
		t->skel[o++] = s[k++];
	}
	t->skel[o] = '\0';
	return t->nn && word && !strstr(s, "://") && !strchr(s, '$') &&
	       !strstr(s, " > ") && !strstr(s, " | ") && !letter_shell_prompt(s);
}

/* Line j as a template line of the block at depth, like *like when given. */
static bool template_line(const struct letter *l, size_t j, int depth,
			  const struct tpl_line *like, struct tpl_line *t)
{
	return letter_same_block(l, j, depth) && l->lines[j].kind == LL_PROSE &&
	       !letter_blank(l->lines[j].text) && template_of(l->lines[j].text, t) &&
	       (!like || !strcmp(t->skel, like->skel));
}

/* The run of lines like first from line j into run: its length. */
static int read_run(const struct letter *l, size_t j, int depth,
		    const struct tpl_line *first, struct tpl_line *run)
{
	int n = 0;

	while (n < TPL_RUN && j + n < l->nr_lines &&
	       template_line(l, j + n, depth, first, &run[n]))
		n++;
	return n;
}

/*
 * The heading of the run at line j (its line into *at), a line above it past a blank or
 * two and after line after: the arm's name into out, up to its first
 * colon, without bullets or rules around it.
 */
static bool arm_heading(const struct letter *l, size_t j, size_t after, int depth,
			char *out, size_t len, size_t *at)
{
	size_t k = j, n;
	const char *s, *colon;

	while (k > after + 1 && k + 3 > j && letter_blank(l->lines[k - 1].text))
		k--;
	if (k <= after + 1 && after != (size_t)-1)
		return false;
	if (!k || !letter_same_block(l, k - 1, depth) || letter_blank(l->lines[k - 1].text) ||
	    l->lines[k - 1].kind != LL_PROSE || letter_rule(l->lines[k - 1].text))
		return false;
	*at = k - 1;
	s = l->lines[k - 1].text;
	s += strspn(s, " -*#=>");
	colon = strchr(s, ':');
	n = colon ? (size_t)(colon - s) : strlen(s);
	while (n && strchr(" =-*#", s[n - 1]))
		n--;
	if (!n || n >= 64)
		return false;
	letter_clean_label(s, n, out, len);
	return name_like(out);
}

/* The token of line s around [a, b), without brackets or a last colon. */
static void token_around(const char *s, int a, int b, char *out, size_t len)
{
	while (a > 0 && s[a - 1] != ' ')
		a--;
	while (s[b] && s[b] != ' ')
		b++;
	while (a < b && strchr("([{", s[a]))
		a++;
	while (b > a && strchr(")]},;:", s[b - 1]))
		b--;
	snprintf(out, len, "%.*s", b - a, s + a);
}

/* The word after number v of line s: "cycles(tsc)", "ns", or "". */
static void word_after(const char *s, const struct tpl_line *t, int v, char *out,
		       size_t len)
{
	int a = t->end[v], b;

	out[0] = '\0';
	if (s[a] && s[a] != ' ' && s[a] != ',') {
		/* "57ns": its unit */
		for (b = a; s[b] && s[b] != ' ' && s[b] != ','; b++)
			;
	} else {
		a += strspn(s + a, " ,");
		for (b = a; s[b] && s[b] != ' '; b++)
			;
	}
	while (b > a && strchr(",;", s[b - 1]))
		b--;
	for (int k = a; k < b; k++)
		if (isdigit((unsigned char)s[k]) || (k == a && !isalpha((unsigned char)s[k])))
			return;	/* a number, a bracket: no name */
	if (b > a && s[b - 1] != ':' && s[b - 1] != '=')
		snprintf(out, len, "%.*s", b - a, s + a);
}

/* The words before number v of line s, back to the number before it. */
static void words_before(const char *s, const struct tpl_line *t, int v, char *out,
			 size_t len)
{
	int a = v ? t->end[v - 1] : 0, b = t->start[v];
	const char *cut;

	while (a < b && s[a] != ' ' && v)
		a++;	/* the rest of the number before: its unit */
	if (v) {
		/* "528.98 MB/s Throughput": the number before's unit word */
		char unit[16];
		int u = a + (int)strspn(s + a, " "), w = u;

		while (w < b && s[w] != ' ')
			w++;
		snprintf(unit, sizeof(unit), "%.*s", w - u < 15 ? w - u : 15, s + u);
		if (letter_known_unit(unit))
			a = w;
	}
	for (cut = s + a; (cut = strpbrk(cut, ",;")) && cut < s + b; a = (int)(++cut - s))
		;	/* the last clause: "real 12.3s, sys" */
	letter_clean_label(s + a, b - a, out, len);
	if (!letter_label_ok(out))
		out[0] = '\0';
}

static bool names_apart(char names[][LETTER_NAME_LEN], int n)
{
	for (int a = 0; a < n; a++) {
		if (!names[a][0])
			return false;
		for (int b = 0; b < a; b++)
			if (!strcmp(names[a], names[b]))
				return false;
	}
	return true;
}

/* The names of line t's values (vals[0..nv)) into names: false if none tell them apart. */
static bool value_names(const char *s, const struct tpl_line *t, const int *vals, int nv,
			char names[][LETTER_NAME_LEN])
{
	for (int k = 0; k < nv; k++)
		word_after(s, t, vals[k], names[k], LETTER_NAME_LEN);
	if (names_apart(names, nv) && (nv > 1 || !letter_known_unit(names[0])))
		return true;
	for (int k = 0; k < nv; k++)
		words_before(s, t, vals[k], names[k], LETTER_NAME_LEN);
	return names_apart(names, nv);
}

/* Line s's label for its value named name: its keys' tokens before it. */
static void row_label(const char *s, const struct tpl_line *t, const bool *key,
		      const char *name, char *out, size_t len)
{
	size_t o = 0;

	out[0] = '\0';
	for (int k = 0; k < t->nn; k++) {
		char tok[LETTER_NAME_LEN];

		if (!key[k])
			continue;
		token_around(s, t->start[k], t->end[k], tok, sizeof(tok));
		o += snprintf(out + o, len - o, "%s ", tok);
		if (o >= len)
			o = len - 1;
	}
	snprintf(out + o, len - o, "%s", name);
}

/* The number v of line j as a cell. */
static void value_cell(const struct letter *l, size_t j, const struct tpl_line *t, int v,
		       struct letter_cell *c)
{
	char buf[CELL_TEXT_MAX];
	int n = t->end[v] - t->start[v];

	if (n >= (int)sizeof(buf))
		n = sizeof(buf) - 1;
	memcpy(buf, l->lines[j].text + t->start[v], n);
	buf[n] = '\0';
	letter_cell_parse(buf, c);
}

/*
 * Number v of line s numbering an item: the line's first number, a
 * capitalized word or a bracket before it at most, a whole number
 * below 100, nothing or words not a unit after it ("Patch 3 adds",
 * "[2] see", "Patch 4").
 */
static bool numbering(const char *s, const struct tpl_line *t, int v)
{
	const char *p = s + strspn(s, " "), *n = s + t->start[v], *e = s + t->end[v];
	char word[16];
	size_t w;

	if (v || e - n > 2 || memchr(n, '.', e - n))
		return false;
	if (p < n && !(isupper((unsigned char)*p) || *p == '[' || *p == '#'))
		return false;
	if (p < n && memchr(p, ' ', n - p) && memchr(p, ' ', n - p) != n - 1)
		return false;	/* two words before it */
	e += strspn(e, ").]:");
	if (!*e)
		return true;	/* "Patch 3" alone */
	if (*e != ' ')
		return false;
	e++;
	w = strspn(e, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
	snprintf(word, sizeof(word), "%.*s", (int)(w < 15 ? w : 15), e);
	return w >= 3 && !letter_known_unit(word);
}

/* Number k of the runs' first lines counting up by one, arm by arm. */
static bool counting(const struct letter *l, const size_t *start, int na,
		     struct tpl_line (*run)[TPL_RUN], int k)
{
	for (int a = 1; a < na; a++)
		if (atol(l->lines[start[a]].text + run[a][0].start[k]) !=
		    atol(l->lines[start[a - 1]].text + run[a - 1][0].start[k]) + 1)
			return false;
	return true;
}

/*
 * Runs (nr lines each) starting at start[0..na) as one table into l:
 * 1 kept, 0 when they compare nothing, -1 out of memory.
 */
static int runs_table(struct letter *l, const size_t *start, int na, int nr,
		      struct tpl_line (*run)[TPL_RUN], char col[][LETTER_NAME_LEN],
		      const char *section)
{
	struct letter_table t = {};
	bool key[TPL_NUMS], differ = false;
	int vals[TPL_NUMS], nv = 0;
	size_t cap = 0;

	for (int k = 0; k < run[0][0].nn; k++) {
		key[k] = true;
		for (int r = 0; r < nr; r++)
			for (int a = 1; a < na; a++) {
				const char *x = l->lines[start[0] + r].text + run[0][r].start[k];
				const char *y = l->lines[start[a] + r].text + run[a][r].start[k];
				int n = run[0][r].end[k] - run[0][r].start[k];

				key[k] &= n == run[a][r].end[k] - run[a][r].start[k] &&
					  !memcmp(x, y, n);
			}
		if (!key[k] && numbering(l->lines[start[0]].text, &run[0][0], k) &&
		    counting(l, start, na, run, k))
			return 0;	/* "Patch 3", "Patch 4": items numbered, no values */
		if (!key[k])
			vals[nv++] = k;
		differ |= !key[k];
	}
	/* several lines an arm need a key to tell them apart */
	if (!differ || (nr > 1 && nv == run[0][0].nn))
		return 0;
	for (int r = 0; r < nr; r++) {
		char names[TPL_NUMS][LETTER_NAME_LEN];
		const char *s = l->lines[start[0] + r].text;

		if (!value_names(s, &run[0][r], vals, nv, names)) {
			free(t.rows);
			return 0;	/* values no words name */
		}
		for (int v = 0; v < nv; v++) {
			struct letter_row row = {};

			row_label(s, &run[0][r], key, names[v], row.label, sizeof(row.label));
			row.line = (int)(start[0] + r) + 1;
			for (int a = 0; a < na; a++)
				value_cell(l, start[a] + r, &run[a][r], vals[v], &row.cell[a]);
			if (letter_add_row(l, &t, &row, &cap))
				return -1;
		}
	}
	memcpy(t.col, col, na * sizeof(t.col[0]));
	t.nr_cols = na;
	t.named = true;
	t.line = (int)start[0] + 1;
	for (int a = 0; a < na; a++)
		for (int r = 0; r < nr; r++)
			l->lines[start[a] + r].kind = LL_TABLE;
	letter_find_title(l, start[0], t.title, sizeof(t.title));
	return letter_keep_table(l, &t, section) ? -1 : 1;
}

/*
 * Headings at head[0..na) two of one template, numbers apart ("Write
 * (node 0) took 562202 (us)"), or one with a number after its colon
 * ("node 0 cpus: 0-127"): lines of a measure taking turns with the
 * runs, no arms' names.
 */
static bool measured_headings(const struct letter *l, const size_t *head, int na,
			      int depth)
{
	struct tpl_line a, b;

	for (int x = 0; x < na; x++) {
		const char *s = l->lines[head[x]].text, *colon = strchr(s, ':');

		if (!template_line(l, head[x], depth, NULL, &a))
			continue;
		if (colon && a.end[a.nn - 1] > colon - s)
			return true;	/* "node 0 cpus: 0-127": a value after its name */
		for (int y = 0; y < x; y++)
			if (template_line(l, head[y], depth, &a, &b))
				return true;
	}
	return false;
}

/*
 * Arms' runs of template lines from line i, the first arm's first line:
 * one table into l. The line after the last run, i + 1 when line i
 * starts none, -1 out of memory.
 */
long letter_read_template_runs(struct letter *l, size_t i, const char *section)
{
	char col[LETTER_MAX_COLS][LETTER_NAME_LEN];
	int depth = l->lines[i].depth, na = 0, nr, made;
	struct tpl_line (*run)[TPL_RUN], first, above;
	size_t start[LETTER_MAX_COLS], head[LETTER_MAX_COLS], j;

	if (!template_line(l, i, depth, NULL, &first) ||
	    (i && template_line(l, i - 1, depth, &first, &above)) ||
	    !arm_heading(l, i, (size_t)-1, depth, col[0], sizeof(col[0]), &head[0]))
		return (long)i + 1;
	run = malloc(LETTER_MAX_COLS * sizeof(*run));
	if (!run)
		return -1;
	nr = read_run(l, i, depth, &first, run[0]);
	start[na++] = i;
	for (j = i + nr; na < LETTER_MAX_COLS; ) {
		size_t k = j, end = j;
		struct tpl_line t;

		while (k < end + TPL_GAP && k < l->nr_lines && letter_same_block(l, k, depth) &&
		       !template_line(l, k, depth, &first, &t))
			k++;
		if (k == end + TPL_GAP || !template_line(l, k, depth, &first, &t) ||
		    !arm_heading(l, k, end - 1, depth, col[na], sizeof(col[0]), &head[na]) ||
		    read_run(l, k, depth, &first, run[na]) != nr ||
		    letter_kv_named_before(col, na))
			break;
		start[na++] = k;
		j = k + nr;
	}
	made = na >= 2 && !measured_headings(l, head, na, depth) ?
	       runs_table(l, start, na, nr, run, col, section) : 0;
	free(run);
	if (made < 0)
		return -1;
	return made ? (long)j : (long)i + 1;
}

#define ARM_LINES 8		/* lines of one heading's block at most */

/* Line j as an arm's line: its name (the words before its last number) and value. */
static bool arm_value_line(const struct letter *l, size_t j, int depth, char *name,
			   size_t len, struct letter_cell *c)
{
	struct tpl_line t;
	const char *s;

	if (!template_line(l, j, depth, NULL, &t))
		return false;	/* bounds first: j may be the letter's end */
	s = l->lines[j].text;
	if (s[t.end[t.nn - 1] + strspn(s + t.end[t.nn - 1], " ")])
		return false;	/* words after the value: no arm's line */
	letter_clean_label(s, t.start[t.nn - 1], name, len);
	if (!name_like(name))
		return false;
	value_cell(l, j, &t, t.nn - 1, c);
	return c->kind == CELL_NUM;
}

/* The heading at line h (its rules and colon off) as a row's label. */
static bool block_heading(const struct letter *l, size_t h, int depth, char *out, size_t len)
{
	const char *s;
	size_t n;

	if (!letter_same_block(l, h, depth))
		return false;	/* bounds first: h may be the letter's end */
	s = l->lines[h].text;
	if (letter_blank(s) || letter_rule(s))
		return false;
	s += strspn(s, " =-#*");
	n = strlen(s);
	while (n && strchr(" =-#*:", s[n - 1]))
		n--;
	if (!n)
		return false;
	letter_clean_label(s, n, out, len);
	return name_like(out);
}

/*
 * The block under the heading at line h: its arms' values into row,
 * named as col[0..na) names them (na 0: named here, their count into
 * *na). The line after the block, or 0 when h heads no such block.
 */
static size_t heading_block(const struct letter *l, size_t h, int depth,
			    char col[][LETTER_NAME_LEN], int *na, struct letter_row *row)
{
	bool naming = !*na;
	size_t j = h + 1;
	int n = 0;

	if (!block_heading(l, h, depth, row->label, sizeof(row->label)))
		return 0;
	while (n < (naming ? ARM_LINES : *na)) {
		char name[LETTER_NAME_LEN];

		if (!arm_value_line(l, j, depth, name, sizeof(name), &row->cell[n]))
			break;
		if (naming)
			snprintf(col[n], LETTER_NAME_LEN, "%s", name);
		/* the first block's arms named apart, each later block's alike */
		if (naming ? letter_kv_named_before(col, n) : strcmp(name, col[n]))
			break;
		n++;
		j++;
	}
	if (n < 2 || (!naming && n != *na))
		return 0;
	*na = n;
	row->line = (int)h + 1;
	return j;
}

/*
 * Headings each over a line per arm, from line i, the first heading:
 * one table into l. The line after the last block, i + 1 when line i
 * heads none, -1 out of memory.
 */
long letter_read_heading_blocks(struct letter *l, size_t i, const char *section)
{
	int depth = l->lines[i].depth, na = 0;
	struct letter_table t = {};
	struct letter_row row = {};
	size_t j, next, cap = 0;

	if (!(j = heading_block(l, i, depth, t.col, &na, &row)))
		return (long)i + 1;
	if (!(next = heading_block(l, letter_past_blanks(l, j, depth), depth, t.col, &na,
				   &(struct letter_row){})))
		return (long)i + 1;
	for (size_t h = i; (next = heading_block(l, h, depth, t.col, &na, &row)); ) {
		if (letter_add_row(l, &t, &row, &cap))
			return -1;
		j = next;
		h = letter_past_blanks(l, next, depth);
		memset(&row, 0, sizeof(row));
	}
	return letter_keep_lines(l, &t, na, i, j, section);
}
