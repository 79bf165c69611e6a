// SPDX-License-Identifier: GPL-2.0
/*
 * Transposed tables: a row per configuration ("With all patches",
 * "zswap off (baseline)", "6.10-rc4") and a column per metric
 * ("elapsed", "user", "sys"). Turned, so that the configurations are the
 * compared columns and each metric a row, as every other table is.
 */
#define _GNU_SOURCE	/* strcasestr */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "letter_shapes.h"
#include "metric_synonyms.h"

/* Words that name a kernel, a patch, a setting or a compressor, no measure. */
static const char *const config_words[] = {
	"patch", "base", "with", "without", "before", "after", "kernel",
	"mainline", "upstream", "vanilla", "stock", "series", "revert",
	"mm-unstable", "mm-stable", "linux-next", "next-", "-rc", "zswap", "zram",
	"zsmalloc", "zbud", "z3fold", "shrinker", "enabled", "disabled", "ssd",
	"lz4", "lzo", "zstd", "deflate", "pre-", "post-", NULL };

/* "0388536ac291": a commit's abbreviated hash, 7 to 40 hex digits */
static bool has_commit(const char *s)
{
	for (const char *p = s; *p; p++) {
		size_t n = strspn(p, "0123456789abcdef");
		bool digit = false, letter = false;

		for (size_t k = 0; k < n; k++) {
			digit |= isdigit((unsigned char)p[k]);
			letter |= isalpha((unsigned char)p[k]);
		}
		if (n >= 7 && n <= 40 && digit && letter &&
		    (p == s || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[n]))
			return true;
		p += n ? n - 1 : 0;
	}
	return false;
}

/*
 * A column that names a quantity no metric stands for: a unit in
 * parentheses ("Speed(MB/s)", "time (sec)"), a rate ("pages/sec") or a
 * word of measuring ("Num of Iter", "latency").
 */
static bool measure_label(const char *s)
{
	static const char *const words[] = {
		"/s", "/sec", "per ", "(s)", "(sec)", "(ms)", "(us)", "(ns)", "(kb",
		"(mb", "(gb", "(mib", "(gib", "(kib", "(%)", "speed", "time",
		"latency", "throughput", "bandwidth", "num of", "count", "rate",
		"iter", NULL };

	for (int i = 0; words[i]; i++)
		if (strcasestr(s, words[i]))
			return true;
	return false;
}

/* "6.10", "v5", "v6.9": a version */
static bool has_version(const char *s)
{
	for (const char *p = s; *p; p++) {
		bool start = p == s || !isalnum((unsigned char)p[-1]);

		if (start && (*p == 'v' || *p == 'V') && isdigit((unsigned char)p[1]))
			return true;
		if (start && isdigit((unsigned char)*p)) {
			const char *q = p;

			while (isdigit((unsigned char)*q))
				q++;
			if (*q == '.' && isdigit((unsigned char)q[1]) && q - p <= 2)
				return true;
		}
	}
	return false;
}

bool letter_config_label(const char *s)
{
	char w[8];

	for (int i = 0; config_words[i]; i++)
		if (strcasestr(s, config_words[i]))
			return true;
	/* "on" and "off" as words: "zswap off", "THP on" */
	for (const char *p = s; *p; p++) {
		size_t n = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");

		if (n >= 2 && n <= 4) {
			snprintf(w, sizeof(w), "%.*s", (int)n, p);
			if (!strcasecmp(w, "on") || !strcasecmp(w, "off"))
				return true;
		}
		p += n ? n - 1 : 0;
	}
	return has_version(s) || has_commit(s);
}

/*
 * The labels' header names arms: "| kernel | mean_rel | std_rel |",
 * "Applied patches" (its last word)
 */
bool letter_arms_header(const char *s)
{
	static const char *const names[] = {
		"kernel", "kernels", "config", "configuration", "setup", "patch",
		"patches", "series", "branch", "tree", "version", "variant", NULL };
	const char *last = strrchr(s, ' ');

	last = last ? last + 1 : s;
	for (int i = 0; names[i]; i++)
		if (!strcasecmp(s, names[i]) || !strcasecmp(last, names[i]))
			return true;
	return false;
}

/*
 * A label that can only be an arm: "Before:", "After", "Patched", or an
 * option's setting in a row of its own ("Y", "N", "on", "off")
 */
static bool arm_word(const char *s)
{
	static const char *const names[] = {
		"before", "after", "base", "baseline", "patched", "unpatched",
		"vanilla", "old", "new", "original", "y", "n", "yes", "no", "on",
		"off", "enabled", "disabled", NULL };
	char key[96];

	letter_label_key(s, key, sizeof(key));
	for (int i = 0; names[i]; i++)
		if (!strcmp(key, names[i]))
			return true;
	return false;
}

/*
 * Every row's label opens with its number in order, "(1 baseline)",
 * "2) patched", "3. memcg": a list of configurations.
 */
static bool numbered_rows(const struct letter_table *t)
{
	for (size_t r = 0; r < t->nr_rows; r++) {
		const char *s = t->rows[r].label;
		char *end;
		long n;

		if (*s == '(')
			s++;
		n = strtol(s, &end, 10);
		if (end == s || n != (long)r + 1 || (*end != ' ' && *end != ')' && *end != '.'))
			return false;
	}
	return t->nr_rows >= 2;
}

/* Rows of changes between the arms ("Delta"): no arm when turned. */
static size_t change_rows(const struct letter_table *t)
{
	size_t n = 0;

	for (size_t r = 0; r < t->nr_rows; r++)
		n += letter_change_name(t->rows[r].label);
	return n;
}

/*
 * The rows (a row of changes aside) name no metric and half of them configurations, and the
 * columns name metrics (half of them at least); or every row names a
 * configuration and no column does ("calls from all cores" over rows
 * "SSD", "zswap"); or the labels' header says the rows are the arms, or
 * every row's label can only name an arm.
 */
static bool transposed(const struct letter_table *t)
{
	char m[128];
	int cols = 0, rows = 0, configs = 0, col_configs = 0, arm_cols = 0;
	size_t arm_rows = 0, nr_rows = t->nr_rows - change_rows(t);

	if (!t->named || t->change_only || t->cols_cut || t->rows_cut ||
	    nr_rows < 2 || t->nr_rows > LETTER_MAX_COLS)
		return false;
	for (int c = 0; c < t->nr_cols; c++) {
		cols += metric_synonym_guess(t->col[c], t->title, m, sizeof(m)) ||
			measure_label(t->col[c]);
		/* "1G", "64K": a page size's column, a configuration too */
		col_configs += letter_config_label(t->col[c]) ||
			       letter_key_cell(t->col[c], strlen(t->col[c]));
		arm_cols += arm_word(t->col[c]);
	}
	for (size_t r = 0; r < t->nr_rows; r++) {
		if (letter_change_name(t->rows[r].label))
			continue;
		rows += metric_synonym_guess(t->rows[r].label, t->title, m, sizeof(m));
		configs += letter_config_label(t->rows[r].label);
		arm_rows += arm_word(t->rows[r].label);
	}
	/*
	 * "(1 baseline)" .. "(7 def enabled+memcg)": configurations numbered,
	 * though a word of one names a metric ("runtime enabled")
	 */
	if ((size_t)configs * 2 >= nr_rows && !col_configs && numbered_rows(t))
		return true;
	if (rows)
		return false;
	if (letter_arms_header(t->label_name) && !col_configs)
		return true;
	if (arm_rows == nr_rows && !arm_cols)
		return true;	/* "Before:" and "After:" over the settings */
	/* every column a quantity, a row "(This Patch)": the rows are arms */
	if (configs && cols == t->nr_cols && t->nr_cols >= 2 && !col_configs)
		return true;
	return (size_t)configs * 2 >= nr_rows &&
	       (cols * 2 >= t->nr_cols || ((size_t)configs == nr_rows && !col_configs));
}

bool letter_spread_name(const char *s)
{
	return !strncasecmp(s, "std", 3) || !strcasecmp(s, "sd") ||
	       !strcasecmp(s, "+-") || !strcasecmp(s, "\xc2\xb1");
}

/*
 * A turned row of spreads after a row of values ("std_rel" after
 * "mean_rel"): each value's sd, no row of its own.
 */
static void fold_spreads(struct letter_table *t)
{
	size_t o = 0;

	for (size_t r = 0; r < t->nr_rows; r++) {
		struct letter_row *prev = o ? &t->rows[o - 1] : NULL;
		bool fold = prev && letter_spread_name(t->rows[r].label) &&
			    !letter_spread_name(prev->label);

		for (int c = 0; fold && c < t->nr_cols; c++)
			fold = letter_is_num(&prev->cell[c]) && !prev->cell[c].has_sd &&
			       letter_is_num(&t->rows[r].cell[c]) &&
			       !t->rows[r].cell[c].sign;
		if (!fold) {
			t->rows[o++] = t->rows[r];
			continue;
		}
		for (int c = 0; c < t->nr_cols; c++) {
			prev->cell[c].has_sd = true;
			prev->cell[c].sd = t->rows[r].cell[c].mean;
		}
	}
	t->nr_rows = o;
}

static int turn(struct letter_table *t)
{
	struct letter_row *rows = calloc(t->nr_cols, sizeof(*rows));
	size_t kept = 0;
	int nr;

	if (!rows)
		return -1;
	for (size_t r = 0; r < t->nr_rows; r++)
		if (!letter_change_name(t->rows[r].label))
			t->rows[kept++] = t->rows[r];
	t->nr_rows = kept;
	nr = (int)kept;
	for (int c = 0; c < t->nr_cols; c++) {
		snprintf(rows[c].label, sizeof(rows[c].label), "%s", t->col[c]);
		rows[c].line = t->line;
		for (int r = 0; r < nr; r++)
			rows[c].cell[r] = t->rows[r].cell[c];
	}
	for (int r = 0; r < nr; r++)
		snprintf(t->col[r], sizeof(t->col[r]), "%.95s", t->rows[r].label);
	free(t->rows);
	t->rows = rows;
	t->nr_rows = t->nr_cols;
	t->nr_cols = nr;
	fold_spreads(t);
	letter_unique_columns(t);
	return 0;
}

int letter_turn_tables(struct letter *l)
{
	for (size_t i = 0; i < l->nr_tables; i++) {
		struct letter_table *t = &l->tables[i];

		if (transposed(t)) {
			if (turn(t))
				return -1;
		} else {
			for (int c = 0; t->named && c < t->nr_cols; c++)
				letter_column_unit(t, c);	/* the arms' columns */
		}
	}
	return 0;
}
