// SPDX-License-Identifier: GPL-2.0
/*
 * The text of a draft (draft_yaml.h): strings, folded blocks, numbers
 * and cells as the claims reader reads them back, and the file's head.
 */
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "claims.h"
#include "draft_yaml.h"
#include "letter_setup.h"
#include "letter_words.h"
#include "text_clean.h"

#define WRAP 72
#define STATED_MAX 1000		/* claims.h: 2 * CLAIM_TEXT_LEN */

/* s as YAML prints it back, into out (len bytes) */
void draft_yaml_clean(const char *s, char *out, size_t len)
{
	snprintf(out, len, "%s", s);
	yaml_text_clean(out);
}

void draft_put_str(FILE *f, const char *s)
{
	char buf[2048];

	draft_yaml_clean(s, buf, sizeof(buf));
	fputc('"', f);
	for (const char *p = buf; *p; p++) {
		if (*p == '"' || *p == '\\')
			fputc('\\', f);
		fputc(*p, f);
	}
	fputc('"', f);
}

/* A folded block (>-) of words, wrapped, at indent. */
void draft_put_block(FILE *f, const char *s, int indent)
{
	char buf[2048];
	int col = 0;

	draft_yaml_clean(s, buf, sizeof(buf));
	fputs(">-", f);
	for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
		int n = (int)strlen(w);

		if (!col || col + 1 + n > WRAP) {
			fprintf(f, "\n%*s", indent, "");
			col = indent;
		} else {
			fputc(' ', f);
			col++;
		}
		fputs(w, f);
		col += n;
	}
	fputc('\n', f);
}

void draft_put_num(FILE *f, double v)
{
	if (fabs(v) < 1e-300)
		v = 0;	/* strtod calls a denormal out of range */
	fprintf(f, "%.10g", v);
}

void draft_put_cell(FILE *f, const struct letter_cell *c)
{
	if (c->kind == CELL_TEXT) {
		draft_put_str(f, c->text);
	} else if (c->kind != CELL_NUM) {
		fputs("null", f);
	} else if (c->has_sd) {
		fputs("{mean: ", f);
		draft_put_num(f, c->mean);
		fputs(", sd: ", f);
		draft_put_num(f, c->sd);
		fputc('}', f);
	} else {
		draft_put_num(f, c->mean);
	}
}

static bool seed_name(const char *base)
{
	return !fnmatch("[0-9][0-9][0-9]_*.txt", base, 0) && strlen(base) < 96;
}

void draft_put_head(FILE *f, const struct letter *l, const char *name,
		    const struct letter_setup *setup)
{
	const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
	char id[160], where[300], stated[STATED_MAX + 1];
	size_t n;

	fprintf(f, "# Drafted by `zswap-gate claims draft` from %s: check every\n"
		"# row against the letter, map the unmapped rows (metric:), state the\n"
		"# setup and the workload (claims/FORMAT.md), then run zswap-gate claims.\n",
		strchr(base, '\n') ? "the letter" : base);
	fprintf(f, "schema: %s\nseries: ", CLAIMS_SCHEMA);
	if (l->subject[0])
		draft_put_str(f, l->subject);
	else
		fputs("\"(the letter has no Subject: name the series)\"", f);
	fputs("\nsource:\n", f);
	if (seed_name(base)) {
		fputs("  seed: ", f);
		draft_put_str(f, base);
		fputc('\n', f);
	}
	fputs("  message_id: ", f);
	snprintf(id, sizeof(id), "%s", l->message_id + (l->message_id[0] == '<'));
	n = strlen(id);
	if (n && id[n - 1] == '>')
		id[n - 1] = '\0';
	if (id[0])
		draft_put_str(f, id);
	else
		fputs("null", f);
	snprintf(where, sizeof(where), "drafted from %s%s%s", base,
		 l->date[0] ? ", Date: " : "", l->date);
	fputs("\n  where: ", f);
	draft_put_str(f, where);
	fputs("\nsetup:\n  stated: ", f);
	letter_words_setup(l, stated, sizeof(stated));
	if (!stated[0])
		snprintf(stated, sizeof(stated), "Not found in the letter: state "
			 "the test (cgroup limits, memory.max, the workload, runs).");
	draft_put_block(f, stated, 4);
	fputs("  # from the letter's words: check each (claims/FORMAT.md)\n", f);
	letter_setup_put(f, setup);
	fputs("tables:\n", f);
}
