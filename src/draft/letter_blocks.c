// SPDX-License-Identifier: GPL-2.0
/*
 * Blocks of "label: value" lines, each under a heading ("Baseline:",
 * "With this patch:", "* zblock/zstd/make -j32"): one table, a column
 * per block. The pairs of a line are letter_kv_value.c's.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "letter_blocks.h"

#define KV_HEADING_MAX 60
#define BLOCK_GAP 16		/* lines of a listing between two headed blocks */
#define REPLY_CUT 40		/* lines of a reply's words cutting a quoted block */

/* "6.19": a kernel's version as an arm's name. */
static bool version_name(const char *s)
{
	return isdigit((unsigned char)*s) && strchr(s, '.') &&
	       strspn(s, "0123456789.-rcv") == strlen(s);
}

/*
 * A note of changes closing a heading, "swap-table-p3 (3.8%, 0.5%
 * better)": no part of the arm's name. The name's length without it.
 */
static size_t without_change_note(const char *s, size_t n)
{
	const char *open;

	if (!n || s[n - 1] != ')')
		return n;
	for (open = s + n - 1; open > s && *open != '('; open--)
		;
	if (*open != '(' || !memchr(open, '%', s + n - open))
		return n;
	while (open > s && open[-1] == ' ')
		open--;
	return open > s ? (size_t)(open - s) : n;
}

/*
 * A tool's line over its rows, no heading: perf stat's "Performance
 * counter stats for 'system wide':", kernbench's "Average Optimal load
 * -j 32 Run (std deviation):".
 */
static bool tool_header(const char *s)
{
	return strstr(s, "Performance counter stats for") ||
	       (strstr(s, "Average ") && strstr(s, " Run (std deviation)"));
}

/*
 * A shell's prompt and command, "root@host:~/bpf# time ./test_tag",
 * "$ time make -j8", "~ # time ./a.out": a word ending in '#' or '$'
 * (or the sign alone, after a directory's "~" or "path:"), first on
 * the line, a command after it.
 */
bool letter_shell_prompt(const char *s)
{
	const char *blank;

	while (*s == ' ')
		s++;
	blank = strchr(s, ' ');
	if (blank && blank > s && (blank[-1] == '~' || blank[-1] == ':') &&
	    (blank[1] == '#' || blank[1] == '$') && blank[2] == ' ')
		blank += 2;	/* "~ # cmd": the directory, then the sign */
	return blank && blank > s && (blank[-1] == '#' || blank[-1] == '$') &&
	       blank[1] && blank[1] != ' ';
}

/* "<this patch>", "[w/o patch, w/o noise]": a tag alone on its line, s[0..n) */
static bool tag_line(const char *s, size_t n)
{
	char close = s[0] == '<' ? '>' : s[0] == '[' ? ']' : s[0] == '(' ? ')' : 0;

	return n > 2 && close && s[n - 1] == close && !memchr(s + 1, s[0], n - 2) &&
	       !memchr(s + 1, close, n - 2) && !memchr(s, '@', n);
}

/*
 * Past what closes arm's block at line j: its tag again ("<default>"
 * under the rows), a "vs" line between two arms, the blanks around them.
 */
static size_t past_block_close(const struct letter *l, size_t j, int depth,
			       const char *arm)
{
	for (int pass = 0; pass < 2; pass++) {
		const char *s;
		size_t n;

		j = letter_past_blanks(l, j, depth);
		if (!letter_same_block(l, j, depth))
			break;
		for (s = l->lines[j].text; *s == ' '; s++)
			;
		n = strlen(s);
		while (n && s[n - 1] == ' ')
			n--;
		if (pass == 0 && tag_line(s, n) && !strncmp(s + 1, arm, n - 2) && !arm[n - 2])
			j++;	/* the block's own tag again, closing it */
		else if ((n == 2 && !strncasecmp(s, "vs", 2)) ||
			 (n == 3 && !strncasecmp(s, "vs.", 3)) ||
			 (n == 6 && !strncasecmp(s, "versus", 6)))
			j++;
	}
	j = letter_past_blanks(l, j, depth);
	return j;
}

/* "====" or "-------": a rule under a heading, nothing else on the line. */
static bool underline(const char *s)
{
	while (*s == ' ')
		s++;
	return strlen(s) >= 3 && (strspn(s, "=") == strlen(s) ||
				  strspn(s, "-") == strlen(s));
}

/* Line j heads a block by the rule under it ("BASE" over "===="). */
static bool underlined(const struct letter *l, size_t j, int depth)
{
	return letter_same_block(l, j + 1, depth) && underline(l->lines[j + 1].text);
}

/* s starts with a share, "36.37% down_read_trylock" */
static bool share_first(const char *s)
{
	size_t n = strspn(s, "0123456789");

	if (!n)
		return false;
	if (s[n] == '.')
		n += 1 + strspn(s + n + 1, "0123456789");
	return s[n] == '%';
}

/*
 * Line s as a block's heading, its arm's name into out: a short line
 * ending in ':' ("Baseline:"), or followed by a note of changes in
 * parentheses ("After: (-54.7% sys time)"); without the colon only a
 * bullet ("* zblock/zstd/make -j32 bzImage"), a heading after the
 * first ("New Design (Static Partition)") or one a rule underlines
 * (ruled: "BASE" over "====").
 */
bool letter_kv_heading(const char *s, bool first, bool ruled, char *out,
			     size_t len)
{
	const char *colon, *rest;
	bool bullet;
	size_t n;

	while (*s == ' ')
		s++;
	if (tool_header(s) || letter_shell_prompt(s))
		return false;	/* "# time ./test.sh": a command, no arm */
	if (s[0] == '*' && s[1] == '*')
		s += strspn(s, "* ");	/* "******* With the patchset:" */
	/*
	 * "== original, no patched": a heading as a bullet is ("==== Max
	 * page_test ====", closed by its rule, heads a quantity, no arm)
	 */
	n = strlen(s);
	while (n && s[n - 1] == ' ')
		n--;
	if (s[0] == '=' && s[1] == '=' && s[strspn(s, "=")] == ' ' && s[n - 1] != '=') {
		size_t rule = strspn(s, "= ");

		ruled = true;
		s += rule;
		n -= rule;
	}
	bullet = (*s == '*' || *s == '-') && s[1] == ' ';
	if (share_first(bullet ? s + 2 + strspn(s + 2, " ") : s))
		return false;	/* "- 62.00% shrink_slab": a call graph's node */
	if (tag_line(s, n)) {
		/* "<default perf>" over the arm's rows, the tag again under them */
		letter_clean_label(s + 1, n - 2, out, len);
		return letter_label_ok(out);
	}
	colon = memchr(s, ':', n);
	if (colon && n > 2 && s[n - 1] == ':' && s[n - 2] == ')' &&
	    memchr(s, '(', colon - s) && !memchr(s, ')', colon - s)) {
		/* "Sum of nsecs (results piped to: awk ...):": its note cut */
		n = (const char *)memchr(s, '(', colon - s) - s;
		while (n && s[n - 1] == ' ')
			n--;
	} else if (colon) {
		for (rest = colon + 1; *rest == ' '; rest++)
			;
		if (rest < s + n && (*rest != '(' || s[n - 1] != ')'))
			return false;
		n = colon - s;
	} else if (first && !bullet && !ruled) {
		return false;
	}
	n = without_change_note(s, n);
	if (n < 2 || n > KV_HEADING_MAX)
		return false;
	letter_clean_label(s, n, out, len);
	return letter_label_ok(out) || version_name(out);
}

bool letter_kv_has_label(const struct kv_block *b, const char *label)
{
	char key[96], k[96];

	letter_label_key(label, key, sizeof(key));
	for (int i = 0; i < b->nr; i++) {
		letter_label_key(b->item[i].label, k, sizeof(k));
		if (!strcmp(k, key))
			return true;
	}
	return false;
}

bool letter_kv_text(const char *s, size_t j, struct kv_block *b)
{
	struct letter_row r[KV_LINE_PAIRS];
	int n = letter_kv_pairs(s, r, KV_LINE_PAIRS);

	for (int k = 0; k < n && b->nr < KV_MAX_ITEMS; k++) {
		struct kv_item *it = &b->item[b->nr++];

		memcpy(it->label, r[k].label, sizeof(it->label));
		it->cell = r[k].cell[0];
		it->line = (int)j + 1;
	}
	return n > 0;
}

/* The pairs of line j into b; false when it holds none. */
bool letter_kv_line(const struct letter *l, size_t j, struct kv_block *b)
{
	return letter_kv_text(l->lines[j].text, j, b);
}

/*
 * The lines past a command run under a heading: its prompt line and
 * what it printed before a blank line ("test_tag: OK (40945 tests)"),
 * no row of the arm's; j itself when line j is no prompt.
 */
static size_t past_command(const struct letter *l, size_t j, int depth)
{
	size_t k = j + 1;

	struct letter_row r[KV_LINE_PAIRS];

	if (!letter_same_block(l, j, depth) || !letter_shell_prompt(l->lines[j].text))
		return j;
	/* what it printed are the rows: "$ time echo idle" over "real ..." */
	if (letter_same_block(l, k, depth) &&
	    letter_kv_pairs(l->lines[k].text, r, KV_LINE_PAIRS) > 0)
		return k;
	while (k - j <= 3 && letter_same_block(l, k, depth) &&
	       !letter_blank(l->lines[k].text))
		k++;
	if (!letter_same_block(l, k, depth) || !letter_blank(l->lines[k].text))
		return j;
	while (letter_same_block(l, k, depth) && letter_blank(l->lines[k].text) &&
	       k - j <= 5)
		k++;
	return k;
}

/*
 * A value alone under an arm's heading, "5461409.12 us (stdev 1839.8)",
 * a blank line or the block's end after it: one pair with no name (the
 * test's, above the headings, names the row; letter_kv_table).
 */
static bool value_alone(const struct letter *l, size_t j, int depth, struct kv_block *b)
{
	struct letter_cell c;

	if (!letter_same_block(l, j, depth) || !letter_kv_value(l->lines[j].text, &c) ||
	    c.kind != CELL_NUM || (letter_same_block(l, j + 1, depth) &&
				   !letter_blank(l->lines[j + 1].text)))
		return false;
	b->item[0].label[0] = '\0';
	b->item[0].cell = c;
	b->item[0].line = (int)j + 1;
	b->nr = 1;
	b->last = j;
	return true;
}

/* Past a tool's header line at j and the blanks under it. */
static size_t past_tool_header(const struct letter *l, size_t j, int depth)
{
	if (!letter_same_block(l, j, depth) || !tool_header(l->lines[j].text))
		return j;
	j++;
	j = letter_past_blanks(l, j, depth);
	return j;
}

static bool ends_in_colon(const char *s)
{
	size_t n = strlen(s);

	while (n && s[n - 1] == ' ')
		n--;
	return n && s[n - 1] == ':';
}

/*
 * Line j names the rows under it within an arm's block, sysbench's
 * "Latency (ms):" over "min: 1.23", "avg: 7.77": a heading with its
 * colon whose next
 * line, indented deeper, holds a pair the block has not, its name into
 * sub. A heading over rows the block has is the next arm's.
 */
static bool sub_heading(const struct letter *l, size_t j, int depth,
			const struct kv_block *b, char *sub, size_t len)
{
	struct letter_row r[KV_LINE_PAIRS];
	char name[KV_HEADING_MAX + 1];

	if (!(b->nr && ends_in_colon(l->lines[j].text) && letter_same_block(l, j + 1, depth) &&
	      letter_indent(l->lines[j + 1].text) > letter_indent(l->lines[j].text) &&
	      letter_kv_heading(l->lines[j].text, false, false, name, sizeof(name)) &&
	      letter_kv_pairs(l->lines[j + 1].text, r, KV_LINE_PAIRS) > 0 &&
	      !letter_kv_has_label(b, r[0].label)))
		return false;
	snprintf(sub, len, "%s", name);
	return true;
}

/*
 * Items from..b->nr named under sub: "Latency (ms)" and "avg" as
 * "Latency avg", the unit in parentheses to the values without one.
 */
static void name_under(struct kv_block *b, int from, const char *sub)
{
	char name[KV_HEADING_MAX + 1], unit[16] = "";
	const char *open = strchr(sub, '(');
	size_t n = open ? (size_t)(open - sub) : strlen(sub);

	while (n && sub[n - 1] == ' ')
		n--;
	snprintf(name, sizeof(name), "%.*s", (int)n, sub);
	if (open && strchr(open, ')') && (size_t)(strchr(open, ')') - open) < sizeof(unit))
		snprintf(unit, sizeof(unit), "%.*s", (int)(strchr(open, ')') - open - 1), open + 1);
	for (int k = from; k < b->nr; k++) {
		struct kv_item *it = &b->item[k];
		char label[sizeof(it->label)];

		snprintf(label, sizeof(label), "%s %s", name, it->label);
		memcpy(it->label, label, sizeof(label));
		if (unit[0] && !it->cell.unit[0] && it->cell.kind == CELL_NUM)
			snprintf(it->cell.unit, sizeof(it->cell.unit), "%s", unit);
	}
}

/*
 * Past up to three lines of a block no pair reads (a tool's "Command
 * being timed: ..." or fio's percentile lines) when the line after them
 * holds a pair the block has not; j itself otherwise, or when one of
 * them is a heading with its colon no deeper than the block's own (the
 * next arm's).
 */
static size_t past_unread(const struct letter *l, size_t j, int depth,
			  const struct kv_block *b)
{
	size_t head_indent = letter_indent(l->lines[b->head].text);
	struct letter_row r[KV_LINE_PAIRS];
	char name[LETTER_NAME_LEN];

	if (!b->nr)
		return j;
	for (size_t k = j; k < j + 3 && letter_same_block(l, k, depth); k++) {
		const char *t = l->lines[k].text;

		if (letter_blank(t) || (letter_indent(t) <= head_indent && ends_in_colon(t) &&
					letter_kv_heading(t, false, false, name, sizeof(name))))
			return j;
		if (letter_same_block(l, k + 1, depth) &&
		    letter_kv_pairs(l->lines[k + 1].text, r, KV_LINE_PAIRS) > 0)
			return letter_kv_has_label(b, r[0].label) ? j : k + 1;
	}
	return j;
}

/*
 * A reply's words cutting a quoted block at line j (less deep than it,
 * REPLY_CUT lines at most): the line where the quote goes on with a row
 * the block has not, else j.
 */
static size_t past_reply(const struct letter *l, size_t j, int depth, const struct kv_block *b)
{
	struct letter_row r[KV_LINE_PAIRS];
	size_t k = j;

	if (!depth || !b->nr)
		return j;
	while (k < l->nr_lines && k - j < REPLY_CUT && l->lines[k].depth < depth)
		k++;
	if (k == j || !letter_same_block(l, k, depth) ||
	    letter_kv_pairs(l->lines[k].text, r, KV_LINE_PAIRS) <= 0 ||
	    letter_kv_has_label(b, r[0].label))
		return j;
	return k;
}

/*
 * The rows under the heading on line i into b: blank lines may stand
 * under the heading, a command run and its output (time(1)'s lines
 * after it), one blank between rows when the row after it names a
 * label the block does not have yet, and a reply's words between its
 * quoted rows (past_reply). false for fewer than 2 pairs.
 */
static bool kv_block_read(const struct letter *l, size_t i, struct kv_block *b)
{
	int depth = l->lines[i].depth, first_new;
	struct letter_row r[KV_LINE_PAIRS];
	char sub[KV_HEADING_MAX + 1] = "";
	size_t j = i + 1, sub_indent = 0;

	b->head = i;
	b->nr = 0;
	if (underlined(l, i, depth))
		j++;
	while (letter_same_block(l, j, depth) && letter_blank(l->lines[j].text) &&
	       j - i <= 2)
		j++;
	j = past_tool_header(l, past_command(l, j, depth), depth);
	if (value_alone(l, j, depth, b))
		return true;
	for (;;) {
		if (!letter_same_block(l, j, depth)) {
			size_t k = past_reply(l, j, depth, b);

			if (k == j)
				break;
			j = k;	/* the quote goes on after a reply's words */
		}
		if (letter_blank(l->lines[j].text) && b->nr &&
		    letter_same_block(l, j + 1, depth) &&
		    letter_kv_pairs(l->lines[j + 1].text, r, KV_LINE_PAIRS) > 0 &&
		    !letter_kv_has_label(b, r[0].label))
			j++;	/* rows a blank line apart */
		if (b->nr && letter_runs_line(l->lines[j].text) &&
		    strstr(l->lines[j - 1].text, " : ")) {
			b->last = j++;	/* the runs wrapped onto a line */
			continue;
		}
		first_new = b->nr;
		/* a sub-heading names the rows indented under it */
		if (letter_blank(l->lines[j].text) || letter_indent(l->lines[j].text) <= sub_indent)
			sub[0] = '\0';
		if (sub_heading(l, j, depth, b, sub, sizeof(sub))) {
			sub_indent = letter_indent(l->lines[j++].text);
			continue;
		}
		if (!letter_kv_line(l, j, b)) {
			size_t k = past_unread(l, j, depth, b);

			if (k == j)
				break;
			j = k;	/* a sub-heading's or a tool's line passed */
			continue;
		}
		if (sub[0])
			name_under(b, first_new, sub);
		b->last = j++;
	}
	return b->nr >= 1;
}

/* Line j heads a block: read into b. */
static bool kv_block_at(const struct letter *l, size_t j, int depth, bool first,
			char *name, size_t len, struct kv_block *b)
{
	return letter_same_block(l, j, depth) &&
	       letter_kv_heading(l->lines[j].text, first, underlined(l, j, depth),
				name, len) &&
	       kv_block_read(l, j, b);
}

/* A block naming a label twice holds runs, no arm's one value each. */
bool letter_kv_holds_runs(const struct kv_block *b)
{
	for (int i = 1; i < b->nr; i++)
		for (int k = 0; k < i; k++)
			if (!strcasecmp(b->item[i].label, b->item[k].label))
				return true;
	return false;
}

/* "Summary", "Average": a heading that names no arm but sums the one above. */
static bool summary_heading(const char *name)
{
	static const char *const words[] = {
		"summary", "average", "averages", "avg", "mean", "result",
		"results", NULL };

	for (int i = 0; words[i]; i++)
		if (!strcasecmp(name, words[i]))
			return true;
	return false;
}

/*
 * Block b, whose rows are runs ("Without:" over time(1)'s line per run),
 * swapped for the summary block after it ("Summary:" over "User: X"),
 * the arm keeping b's heading; false when no summary follows.
 */
static bool runs_summary(const struct letter *l, int depth, struct kv_block *b)
{
	char name[LETTER_NAME_LEN];
	size_t k = b->last + 1;
	struct kv_block *sum;
	bool ok;

	k = letter_past_blanks(l, k, depth);
	sum = malloc(sizeof(*sum));
	if (!sum)
		return false;
	ok = kv_block_at(l, k, depth, false, name, sizeof(name), sum) &&
	     summary_heading(name) && !letter_kv_holds_runs(sum);
	if (ok)
		*b = *sum;
	free(sum);
	return ok;
}

/* col[n] names an arm col[0..n) named already. */
bool letter_kv_named_before(char col[][LETTER_NAME_LEN], int n)
{
	for (int k = 0; k < n; k++)
		if (!strcmp(col[k], col[n]))
			return true;
	return false;
}

/* A line of a listing of shares ("-   82.19%  19.49%  [k] shrink_slab"), or blank. */
static bool share_line(const struct letter *l, size_t k, int depth)
{
	return letter_same_block(l, k, depth) &&
	       (letter_blank(l->lines[k].text) || strchr(l->lines[k].text, '%'));
}

/* A sentence's line: four words at least, ended by '.' or ',' ("..." none). */
static bool sentence_line(const char *s)
{
	size_t n = strlen(s);
	int words = 0;

	while (n && s[n - 1] == ' ')
		n--;
	if (!n || !strchr(".,", s[n - 1]) || (n >= 3 && !strncmp(s + n - 3, "...", 3)))
		return false;
	for (size_t k = 0; k < n; k++)
		words += s[k] != ' ' && (k == 0 || s[k - 1] == ' ');
	return words >= 4;
}

/*
 * Line k of a listing an arm's block is followed by: a profile's lines,
 * a tracer's command, its "Attaching 2 probes..." and its histogram
 * ("@latency:", "[4K, 8K)  10176 |@@@@|").
 */
static bool listing_line(const struct letter *l, size_t k, int depth)
{
	const char *s;
	size_t n;

	if (share_line(l, k, depth))
		return true;
	if (!letter_same_block(l, k, depth))
		return false;
	s = l->lines[k].text + strspn(l->lines[k].text, " ");
	n = strlen(s);
	return letter_shell_prompt(s) || *s == '@' || *s == '[' ||
	       (n > 3 && !strcmp(s + n - 3, "..."));
}

/* The value of the pair labelled key in b, or false. */
bool letter_kv_find(const struct kv_block *b, const char *key, struct letter_cell *out)
{
	char k[96];

	for (int i = 0; i < b->nr; i++) {
		letter_label_key(b->item[i].label, k, sizeof(k));
		if (!strcmp(k, key)) {
			*out = b->item[i].cell;
			return true;
		}
	}
	return false;
}

/*
 * Every pair of b a share, "18.44%  [kernel]  [k] shrink_slab": a
 * profile cut at a threshold, where a symbol one arm lacks fell under
 * it (a row of its own, empty there), not out of the test.
 */
static bool all_shares(const struct kv_block *b)
{
	for (int i = 0; i < b->nr; i++)
		if (strcmp(b->item[i].cell.unit, "%"))
			return false;
	return b->nr > 0;
}

/* The pairs of b whose label a names too. */
static int shared_labels(const struct kv_block *a, const struct kv_block *b)
{
	int shared = 0;

	for (int i = 0; i < b->nr; i++)
		shared += letter_kv_has_label(a, b->item[i].label);
	return shared;
}

/* Labels b shares with a: two at least and half of the fewer's. */
bool letter_kv_shares_rows(const struct kv_block *a, const struct kv_block *b)
{
	int shared = shared_labels(a, b);

	return shared >= 2 && shared * 2 >= (a->nr < b->nr ? a->nr : b->nr);
}

/*
 * The test's name over the arms' headings, "Sequential swapout of 8G 4k
 * zero folios (24 test run):": the row a value alone under each arm
 * measures. False when the line above heading i is none.
 */
static bool test_name(const struct letter *l, size_t i, char *out, size_t len)
{
	const char *s;
	size_t n;

	if (!i || !letter_same_block(l, i - 1, l->lines[i].depth))
		return false;
	s = l->lines[i - 1].text;
	while (*s == ' ')
		s++;
	n = strlen(s);
	if (n < 3 || s[n - 1] != ':')
		return false;
	letter_clean_label(s, n - 1, out, len);
	return letter_label_ok(out);
}

/*
 * The table of blocks b[0..nb): a row per label of the first block that
 * another block has (sparse: every label of the first, empty where
 * another lacks it), into l. -1 when out of memory.
 */
int letter_kv_table(struct letter *l, size_t i, struct kv_block *b, int nb,
		    char col[][LETTER_NAME_LEN], const char *section, bool sparse)
{
	struct letter_table t = {};
	struct letter_row row;
	size_t cap = 0;
	bool lone = true;

	for (int a = 0; a < b[0].nr; a++) {
		char key[sizeof(row.label)];
		int found = 1;

		memset(&row, 0, sizeof(row));
		snprintf(row.label, sizeof(row.label), "%s", b[0].item[a].label);
		if (!row.label[0] && !test_name(l, i, row.label, sizeof(row.label)))
			return 0;	/* a value alone, and nothing names it */
		row.cell[0] = b[0].item[a].cell;
		letter_label_key(b[0].item[a].label, key, sizeof(key));
		for (int k = 1; k < nb; k++)
			found += letter_kv_find(&b[k], key, &row.cell[k]);
		if (found < 2 && !sparse)
			continue;	/* in the first block only */
		for (int k = nb - 1; k > 0 && !row.has_change; k--)
			if (row.cell[k].has_change) {
				row.has_change = true;
				row.change_pct = row.cell[k].change_pct;
			}
		row.line = b[0].item[a].line;
		if (letter_add_row(l, &t, &row, &cap))
			return -1;
	}
	/* one row only where every block is that one pair ("Old:" over "N objs") */
	for (int k = 0; k < nb && t.nr_rows == 1; k++)
		lone &= b[k].nr == 1;
	if (t.nr_rows + t.rows_cut < 2 && !(t.nr_rows == 1 && lone)) {
		free(t.rows);
		return 0;
	}
	for (int k = 0; k < nb; k++)
		memcpy(t.col[k], col[k], sizeof(t.col[k]));
	t.nr_cols = nb;
	t.named = true;
	t.line = (int)i + 1;
	for (size_t k = i; k <= b[nb - 1].last; k++)
		if (l->lines[k].depth >= l->lines[i].depth)	/* a reply's words stay prose */
			l->lines[k].kind = LL_TABLE;
	letter_find_title(l, i, t.title, sizeof(t.title));
	return letter_keep_table(l, &t, section) ? -1 : 1;
}

/*
 * Every pair of b names an arm and holds a bare number, "disabled:
 * 903610", "enabled: 1006833 (+11.4%)": the arms of the quantity the
 * heading names, two at least.
 */
static bool arms_as_labels(const struct kv_block *b)
{
	if (b->nr < 2 || b->nr > LETTER_MAX_COLS || letter_kv_holds_runs(b))
		return false;
	for (int k = 0; k < b->nr; k++)
		if (!letter_config_label(b->item[k].label) || b->item[k].cell.kind != CELL_NUM ||
		    b->item[k].cell.unit[0])
			return false;	/* "1200.50 Ops/sec": the unit names the row */
	return true;
}

/*
 * The heading's quantity over its arms' lines ("Sum of nsecs:" over
 * "disabled: 903610", "enabled: 1006833"): one row, a column per arm,
 * into l. 1 made, -1 out of memory.
 */
static int quantity_of_arms(struct letter *l, size_t i, const struct kv_block *b,
			    const char *quantity, const char *section)
{
	struct letter_table t = {};
	struct letter_row row = {};
	size_t cap = 0;

	snprintf(row.label, sizeof(row.label), "%s", quantity);
	row.line = b->item[0].line;
	for (int k = 0; k < b->nr; k++) {
		row.cell[k] = b->item[k].cell;
		snprintf(t.col[k], sizeof(t.col[k]), "%s", b->item[k].label);
		if (row.cell[k].has_change && !row.has_change) {
			row.has_change = true;
			row.change_pct = row.cell[k].change_pct;
		}
	}
	if (letter_add_row(l, &t, &row, &cap))
		return -1;
	t.nr_cols = b->nr;
	t.named = true;
	t.line = (int)i + 1;
	for (size_t k = i; k <= b->last; k++)
		l->lines[k].kind = LL_TABLE;
	letter_find_title(l, i, t.title, sizeof(t.title));
	return letter_keep_table(l, &t, section) ? -1 : 1;
}

/*
 * Blocks of "label: value" lines, each under a heading ("Baseline:",
 * "With this patch:"), one after another: a table with a column per
 * block and a row per label of the first block that another block has.
 * One line of words may stand between two blocks (the next arm's
 * setup, the rest of time(1)'s summary), or a command run and what it
 * printed. A heading may lack its colon when a rule underlines it.
 * Returns the line after the last block, or i + 1 when line i heads no
 * such blocks; -1 when out of memory.
 */
/*
 * A heading without a colon at line i ("Using cachestat") over a block
 * of pairs, the next arm's heading after it with its colon and the
 * same first word ("Using mincore:"): one comparison's arms, the first
 * heading's colon forgotten.
 */
static bool bare_heading_paired(const struct letter *l, size_t i, int depth,
				struct kv_block *b)
{
	char name[LETTER_NAME_LEN];
	const char *a = l->lines[i].text, *c;
	size_t k, n;

	if (!kv_block_read(l, i, b) || b->nr < 2)
		return false;
	k = letter_past_blanks(l, b->last + 1, depth);
	if (!letter_same_block(l, k, depth) ||
	    !letter_kv_heading(l->lines[k].text, true, false, name, sizeof(name)))
		return false;
	a += strspn(a, " ");
	c = l->lines[k].text + strspn(l->lines[k].text, " ");
	n = strcspn(a, " ");
	return n && !strncmp(a, c, n) && c[n] == ' ';
}

/*
 * Block c of another kind among the arms' blocks, kept in s[*ns]: the
 * first such a note under an arm's rows, the next ones when they name
 * its rows (the arms' second listing). False when c ends the arms.
 */
static bool pass_other_kind(struct kv_block *s, char scol[][LETTER_NAME_LEN], int *ns,
			    const struct kv_block *c, const char *name)
{
	if (*ns >= LETTER_MAX_COLS)
		return false;
	if (*ns && !letter_kv_shares_rows(&s[0], c) &&
	    !(all_shares(&s[0]) && all_shares(c) && shared_labels(&s[0], c)))
		return false;
	s[*ns] = *c;
	snprintf(scol[(*ns)++], LETTER_NAME_LEN, "%s", name);
	return true;
}

/* The words of heading s after its first, when it has more; NULL else. */
static const char *after_first_word(const char *s)
{
	const char *sp = strchr(s, ' ');

	return sp && sp[1] ? sp + 1 : NULL;
}

/*
 * Two kinds of block taking turns under each arm ("time before:",
 * "perf before:", "time after:", "perf after:"): the first word names
 * the kind, the rest the arm, alike in both. The arms' names then
 * lose the kind's word, in col and scol.
 */
static bool kinds_in_turn(char col[][LETTER_NAME_LEN], char scol[][LETTER_NAME_LEN], int n)
{
	for (int k = 0; k < n; k++) {
		const char *a = after_first_word(col[k]), *b = after_first_word(scol[k]);

		if (!a || !b || strcmp(a, b) || !strncmp(col[k], scol[k], a - col[k]) ||
		    strncmp(col[k], col[0], a - col[k]) ||
		    strncmp(scol[k], scol[0], b - scol[k]))
			return false;
	}
	for (int k = 0; k < n; k++) {
		memmove(col[k], after_first_word(col[k]), strlen(after_first_word(col[k])) + 1);
		memcpy(scol[k], col[k], LETTER_NAME_LEN);
	}
	return true;
}

long letter_read_kv_blocks(struct letter *l, size_t i, const char *section)
{
	int depth = l->lines[i].depth, nb = 0, ns = 0, made;
	char col[LETTER_MAX_COLS][LETTER_NAME_LEN], scol[LETTER_MAX_COLS][LETTER_NAME_LEN];
	struct kv_block *b, *s;
	size_t j = i;

	bool bare = false;

	if (!letter_kv_heading(l->lines[i].text, true, underlined(l, i, depth),
			      col[0], sizeof(col[0]))) {
		/* "Using cachestat" without the colon the next arm's has */
		if (!letter_kv_heading(l->lines[i].text, false, false, col[0], sizeof(col[0])) ||
		    !letter_same_block(l, i + 1, depth) ||
		    strchr(l->lines[i].text, ':') || !isupper((unsigned char)col[0][0]))
			return (long)i + 1;
		bare = true;
	}
	if (!letter_same_block(l, i + 1, depth))
		return (long)i + 1;
	b = malloc(2 * LETTER_MAX_COLS * sizeof(*b));
	if (!b)
		return -1;
	s = b + LETTER_MAX_COLS;
	if (bare && !bare_heading_paired(l, i, depth, &b[0])) {
		free(b);
		return (long)i + 1;
	}
	while (nb < LETTER_MAX_COLS) {
		if (!kv_block_at(l, j, depth, !nb && !bare, col[nb], sizeof(col[0]), &b[nb])) {
			size_t k = j + 1;

			if (!nb || !letter_same_block(l, j, depth) ||
			    letter_blank(l->lines[j].text))
				break;
			/* a command run after the rows ("$ cat bd_stat", its output) */
			if (past_command(l, j, depth) > j)
				k = past_command(l, j, depth);
			k = letter_past_blanks(l, k, depth);
			if (!kv_block_at(l, k, depth, false, col[nb], sizeof(col[0]), &b[nb])) {
				/*
				 * a listing between two arms' blocks (perf's call
				 * graph, bpftrace's histogram): passed when the
				 * block after it names the first block's rows
				 */
				bool found = false;

				for (k = j; !found && k <= j + BLOCK_GAP &&
				     listing_line(l, k, depth); k++)
					found = share_line(l, k, depth) &&
						letter_same_block(l, k + 1, depth) &&
						!sentence_line(l->lines[k + 1].text) &&
						kv_block_at(l, k + 1, depth, false, col[nb],
							    sizeof(col[0]), &b[nb]) &&
						letter_kv_shares_rows(&b[0], &b[nb]);
				if (!found)
					break;
			}
		}
		if (letter_kv_holds_runs(&b[nb]) && !runs_summary(l, depth, &b[nb]))
			break;
		if (letter_kv_named_before(col, nb))
			break;	/* "Before:" again: the next test's arms */
		if (nb && !shared_labels(&b[0], &b[nb])) {
			/* "mTHP swapout status:" under an arm's rows: its notes */
			if (!pass_other_kind(s, scol, &ns, &b[nb], col[nb]))
				break;
			j = b[nb].last + 1;
			j = letter_past_blanks(l, j, depth);
			continue;
		}
		j = past_block_close(l, b[nb].last + 1, depth, col[nb]);
		nb++;
	}
	if (nb >= 2 && ns == nb && kinds_in_turn(col, scol, nb) &&
	    letter_kv_table(l, s[0].head, s, ns, scol, section, all_shares(&s[0])) < 0) {
		free(b);
		return -1;
	}
	made = nb >= 2 ? letter_kv_table(l, i, b, nb, col, section, all_shares(&b[0])) : 0;
	j = made > 0 ? b[nb - 1].last + 1 : i + 1;
	free(b);
	return made < 0 ? -1 : (long)j;
}

long letter_read_quantity_arms(struct letter *l, size_t i, const char *section)
{
	char name[LETTER_NAME_LEN];
	struct kv_block *b;
	int made = 0;

	if (!letter_kv_heading(l->lines[i].text, true, underlined(l, i, l->lines[i].depth),
			       name, sizeof(name)))
		return (long)i + 1;	/* no heading: no block to read, nothing to allocate */
	b = malloc(sizeof(*b));
	if (!b)
		return -1;
	if (kv_block_at(l, i, l->lines[i].depth, true, name, sizeof(name), b) &&
	    arms_as_labels(b))
		made = quantity_of_arms(l, i, b, name, section);
	i = made > 0 ? b->last : i;
	free(b);
	return made < 0 ? -1 : (long)i + 1;
}
