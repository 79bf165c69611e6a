// SPDX-License-Identifier: GPL-2.0
/*
 * A mail or plain text into the lines drafting reads: headers and diffs
 * skipped, quotes taken off, tabs expanded, quoted-printable decoded.
 */
#define _GNU_SOURCE	/* strcasestr */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "grow.h"
#include "letter_shapes.h"
#include "text_clean.h"

bool letter_rule(const char *s)
{
	int marks = 0;

	for (; *s; s++) {
		/* box-drawing and dashes a mailer made of "--": "─", "—", "–" */
		if (!strncmp(s, "\xe2\x80\x94", 3) || !strncmp(s, "\xe2\x80\x93", 3) ||
		    !strncmp(s, "\xe2\x94\x80", 3)) {
			s += 2;
			marks++;
			continue;
		}
		if (!strchr("-=+|:_~ ", *s))
			return false;
		marks += *s == '-' || *s == '=' || *s == '_';
	}
	return marks >= 3;
}

bool letter_blank(const char *s)
{
	while (*s == ' ')
		s++;
	return !*s;
}

/* A mail header line that opens a header block ("From " of an mbox too). */
static bool header_line(const char *s)
{
	static const char *const keys[] = {
		"From", "Subject", "Date", "Message-Id", "Return-Path", "Received",
		"Delivered-To", "MIME-Version", "To", "Cc", "In-Reply-To",
		"References", "Sender", "DKIM-Signature", "Authentication-Results",
		"X-", "List-", "ARC-", "Content-", NULL };
	const char *c = strchr(s, ':');

	if (!strncmp(s, "From ", 5))
		return true;
	if (!c || c == s || (c[1] != ' ' && c[1]))
		return false;
	for (const char *p = s; p < c; p++)
		if (!isalnum((unsigned char)*p) && *p != '-')
			return false;
	for (int i = 0; keys[i]; i++) {
		size_t kl = strlen(keys[i]);

		if (!strncasecmp(s, keys[i], kl) &&
		    (s + kl == c || keys[i][kl - 1] == '-'))
			return true;
	}
	return false;
}

/* The line after line (in next, n bytes on) is a header line. */
static bool header_next(const char *next, size_t n)
{
	const char *nl = memchr(next, '\n', n);
	char buf[128];
	size_t len = nl ? (size_t)(nl - next) : n;

	if (len >= sizeof(buf))
		len = sizeof(buf) - 1;
	memcpy(buf, next, len);
	buf[len] = '\0';
	return header_line(buf) && strncmp(buf, "From ", 5);
}

/* An mbox's next message: "From " and a header on the next line. */
static bool mbox_from(const char *line, const char *next, size_t n)
{
	return !strncmp(line, "From ", 5) && header_next(next, n);
}

/* Two header lines in a row: a mail, under whatever notes came first. */
static bool mail_start(const char *line, const char *next, size_t n)
{
	return strncmp(line, "From ", 5) && header_line(line) &&
	       header_next(next, n);
}

static bool diff_line(const char *s)
{
	static const char *const heads[] = {
		"diff --git", "index ", "new file", "deleted file", "similarity",
		"rename ", "old mode", "new mode", "Binary", NULL };

	if (*s == ' ' || *s == '+' || *s == '-' || *s == '@' || *s == '\\')
		return *s;
	for (int i = 0; heads[i]; i++)
		if (!strncmp(s, heads[i], strlen(heads[i])))
			return true;
	return false;
}

/* The value of header "Key: " in line, into dst (appended: folding). */
static void header_value(const char *line, const char *key, char *dst,
			 size_t len)
{
	size_t kl = strlen(key);

	if (!strncasecmp(line, key, kl) && line[kl] == ':' && !dst[0]) {
		const char *v = line + kl + 1;

		while (*v == ' ' || *v == '\t')
			v++;
		snprintf(dst, len, "%s", v);
	}
}

static int hexval(char c)
{
	if (isdigit((unsigned char)c))
		return c - '0';
	c = (char)toupper((unsigned char)c);
	return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/*
 * format=flowed (RFC 3676): a line ending in a blank goes on in the
 * next ("-- ", a signature's mark, excepted).
 */
static bool flowed_soft(const char *s)
{
	size_t n = strlen(s);

	return n && s[n - 1] == ' ' && strcmp(s, "-- ");
}

#define FLOWED_LONG 40		/* a line a mailer may have wrapped */
#define FLOWED_MIN_SOFT 5	/* soft breaks that make a body flowed */

/*
 * A body whose header lost its Content-Type (a letter saved with its
 * headers cut) still flowed: most of its long lines, five at least, end
 * in a soft break, as Thunderbird's do; plain text's almost never. Only
 * this message's lines are counted, up to an mbox's next "From ".
 */
static bool flowed_unsaid(const char *text, size_t n)
{
	size_t long_lines = 0, soft = 0, start = 0;

	for (size_t i = 0; i <= n; i++) {
		size_t len;

		if (i < n && text[i] != '\n')
			continue;
		len = i - start;
		if (len >= 5 && i < n && mbox_from(text + start, text + i + 1, n - i - 1))
			break;	/* an mbox's next message: its own header says */
		if (len && text[start + len - 1] == '\r')
			len--;
		if (len >= FLOWED_LONG) {
			long_lines++;
			soft += text[start + len - 1] == ' ' && text[start + len - 2] != ' ';
		}
		start = i + 1;
	}
	return soft >= FLOWED_MIN_SOFT && soft * 5 >= long_lines * 3;
}

/* The quote marks and the stuffed blank opening a flowed line. */
static size_t flowed_prefix(const char *s)
{
	size_t k = strspn(s, ">");

	return k + (s[k] == ' ');
}

/* The quote marks before s's text ("> > "): how many '>', past them into *text. */
static int quote_marks(const char *s, size_t n, size_t *text)
{
	int marks = 0;
	size_t k = 0;

	while (k < n && (s[k] == '>' || s[k] == ' '))
		marks += s[k++] == '>';
	*text = k;
	return marks;
}

/*
 * A pipe table's row a mailer wrapped: the line opens with '|', the
 * next, as deep in quotes, does not open with one and closes with one
 * ("|  VmRSS(KB) | 453832 | ... | 204364 |" over "199944   |  199748  |").
 * next is the letter from the next line on.
 */
static bool pipe_row_wrapped(const char *raw, const char *next, size_t len)
{
	size_t n = strlen(raw), a, b, m = 0;

	while (m < len && next[m] != '\n')
		m++;
	while (m && (next[m - 1] == ' ' || next[m - 1] == '\r'))
		m--;
	while (n && raw[n - 1] == ' ')
		n--;
	if (quote_marks(raw, n, &a) != quote_marks(next, m, &b))
		return false;
	return a < n && raw[a] == '|' && b < m && next[b] != '|' && next[m - 1] == '|';
}

/* Quoted-printable, in place; true when the line ended in a soft break. */
static bool qp_decode(char *s)
{
	char *o = s;
	bool soft = false;

	for (char *p = s; *p; p++) {
		if (*p == '=' && !p[1]) {
			soft = true;
			break;
		}
		if (*p == '=' && hexval(p[1]) >= 0 && hexval(p[2]) >= 0) {
			*o++ = (char)(hexval(p[1]) * 16 + hexval(p[2]));
			p += 2;
			continue;
		}
		*o++ = *p;
	}
	*o = '\0';
	return soft;
}

/* Quote depth and the text after "> > ", tabs expanded, '|' tables opened. */
/*
 * stress-ng's log tag leading each line of its output, "stress-ng: info:
 * [2345] ", "stress-ng: metrc: [2345] ": its length, 0 for none. The
 * lines under it are a table as any other.
 */
static size_t log_tag_len(const char *s)
{
	static const char tag[] = "stress-ng: ";
	const char *p = s + sizeof(tag) - 1, *close;

	if (strncmp(s, tag, sizeof(tag) - 1))
		return 0;
	p += strcspn(p, ": ");
	if (*p != ':')
		return 0;
	for (p++; *p == ' '; p++)
		;
	if (*p != '[' || !(close = strchr(p, ']')) ||
	    strspn(p + 1, "0123456789") != (size_t)(close - p - 1))
		return 0;
	/* one blank after the tag: the rest keeps its columns */
	return (size_t)(close + 1 - s) + (close[1] == ' ');
}

static char *clean_line(const char *s, int *depth, bool *piped)
{
	const char *p = s;
	size_t len, o = 0, bars = 0;
	char *out;

	*depth = 0;
	while (*p == '>') {
		(*depth)++;
		p++;
		if (*p == ' ' && p[1] == '>')
			p++;
	}
	if (*depth && *p == ' ')
		p++;
	p += log_tag_len(p);
	/* "| " leading a pasted output's lines, the only bar: a mark, no cell */
	if (*p == '|' && (p[1] == ' ' || !p[1]) && !strchr(p + 1, '|'))
		p += p[1] ? 2 : 1;
	len = strlen(p);
	out = malloc(len * (TAB_STOP + 1) + 1);
	if (!out)
		return NULL;
	for (const char *q = p; *q; q++)
		bars += *q == '|';
	*piped = bars >= 2;
	for (; *p; p++) {
		unsigned char ch = (unsigned char)*p;

		if (ch == '\t') {
			size_t from = o;

			do
				out[o++] = ' ';
			while (o % TAB_STOP);
			/* a tab parts cells: never one blank, which joins them */
			if (o - from == 1 && from && out[from - 1] != ' ')
				do
					out[o++] = ' ';
				while (o % TAB_STOP);
		} else if (ch == '|' && bars >= 2) {
			/*
			 * | a | b | is a table: a blank for the bar keeps the
			 * columns of lines with more bars or fewer aligned; two
			 * between words ("a|b"), so the cells stay apart
			 */
			out[o++] = ' ';
			if (p[1] && p[1] != ' ' && o > 1 && out[o - 2] != ' ')
				out[o++] = ' ';
		} else if (ch == '\r' || ch < 0x20 || ch == 0x7f) {
			out[o++] = ' ';
		} else if (ch == 0xc2 && (unsigned char)p[1] == 0xa0) {
			out[o++] = ' ';	/* a no-break space, a mailer's in tables: one column */
			p++;
		} else if (ch == 0xe2 && (unsigned char)p[1] == 0x80 &&
			   ((unsigned char)p[2] == 0xaf || (unsigned char)p[2] == 0x87)) {
			out[o++] = ' ';	/* narrow no-break space, figure space */
			p += 2;
		} else {
			out[o++] = (char)ch;
		}
	}
	while (o && out[o - 1] == ' ')
		o--;
	out[o] = '\0';
	/* what the claims file will read, so names compare as they will */
	yaml_text_clean(out);
	/* room for tabs expanded given back: lines are kept to the end */
	return realloc(out, strlen(out) + 1) ?: out;
}

static int add_line(struct letter *l, size_t *cap, char *text, int depth,
		    enum letter_line_kind kind)
{
	if (l->nr_lines == *cap &&
	    grow_array((void **)&l->lines, cap, 256, sizeof(*l->lines)))
		return -1;
	l->lines[l->nr_lines].text = text;
	l->lines[l->nr_lines].depth = depth;
	l->lines[l->nr_lines].piped = false;
	l->lines[l->nr_lines++].kind = kind;
	return 0;
}

void letter_strip_re(char *s)
{
	for (;;) {
		char *p = s;

		while (*p == ' ')
			p++;
		if (strncasecmp(p, "re:", 3) && strncasecmp(p, "fwd:", 4))
			break;
		p += tolower((unsigned char)*p) == 'r' ? 3 : 4;
		while (*p == ' ')
			p++;
		memmove(s, p, strlen(p) + 1);
	}
}

/* Mail headers, body lines, diffs: the letter's lines with their kinds. */
int letter_read_lines(const char *text, size_t n, struct letter *l)
{
	size_t cap = 0, start = 0;
	bool in_header = false, in_diff = false, qp = false, soft = false;
	bool flowed = false, delsp = false;	/* RFC 3676's soft breaks */
	bool content_type = false;	/* the header says the body's format */
	char *folded = NULL;	/* the header being continued */
	size_t folded_len = 0;
	char *pending = NULL;	/* a quoted-printable line soft-broken */
	bool pending_flowed = false;	/* ... or a format=flowed one */
	bool pending_row = false;	/* ... or a pipe table's row wrapped */

	for (size_t i = 0; i <= n; i++) {
		char *raw, *clean;
		int depth;
		bool piped;
		enum letter_line_kind kind = LL_PROSE;

		if (i < n && text[i] != '\n')
			continue;
		if (l->nr_lines == LETTER_MAX_LINES) {
			l->lines_cut = true;
			break;
		}
		raw = strndup(text + start, i - start);
		start = i + 1;
		if (!raw)
			goto oom;
		if (raw[0] && raw[strlen(raw) - 1] == '\r')
			raw[strlen(raw) - 1] = '\0';
		/*
		 * a message's header block: at the start (under a line or two
		 * of notes, as a saved letter's "Source:"), or after "From "
		 */
		if (!in_header && ((l->nr_lines == 0 && header_line(raw)) ||
				   (start < n && l->nr_lines < 3 &&
				    mail_start(raw, text + start, n - start)) ||
				   (start < n && mbox_from(raw, text + start,
							    n - start)))) {
			in_header = true;
			qp = flowed = delsp = content_type = false;
		}
		if (in_header) {
			if (!raw[0]) {
				in_header = false;
				if (!content_type && start < n)
					flowed = flowed_unsaid(text + start, n - start);
			} else if ((raw[0] == ' ' || raw[0] == '\t') && folded) {
				size_t used = strlen(folded);
				const char *v = raw;

				while (*v == ' ' || *v == '\t')
					v++;
				snprintf(folded + used, folded_len - used, " %s", v);
			} else {
				folded = NULL;
				if (!l->subject[0]) {
					header_value(raw, "Subject", l->subject,
						     sizeof(l->subject));
					if (l->subject[0]) {
						folded = l->subject;
						folded_len = sizeof(l->subject);
					}
				}
				header_value(raw, "Message-Id", l->message_id,
					     sizeof(l->message_id));
				header_value(raw, "Date", l->date, sizeof(l->date));
				if (!strncasecmp(raw, "Content-Transfer-Encoding:", 26) &&
				    strcasestr(raw, "quoted-printable"))
					qp = true;
				if (!strncasecmp(raw, "Content-Type:", 13)) {
					content_type = true;
					flowed = strcasestr(raw, "format=flowed") != NULL;
					delsp = strcasestr(raw, "delsp=yes") != NULL;
				}
			}
			clean = clean_line(raw, &depth, &piped);
			free(raw);
			if (!clean || add_line(l, &cap, clean, 0, LL_SKIP))
				goto oom_clean;
			continue;
		}
		soft = qp && qp_decode(raw);
		if (pending) {
			/* a continuation repeats its quote marks ("> > " a row's too) */
			size_t quotes = 0;
			const char *rest;
			char *joined;

			if (pending_row)
				quote_marks(raw, strlen(raw), &quotes);
			rest = raw + (pending_flowed ? flowed_prefix(raw) : quotes);
			joined = malloc(strlen(pending) + strlen(rest) + 1);
			if (!joined)
				goto oom;
			strcpy(joined, pending);
			strcat(joined, rest);
			free(pending);
			free(raw);
			raw = joined;
			pending = NULL;
		}
		pending_flowed = !soft && flowed && flowed_soft(raw);
		if (pending_flowed && delsp)
			raw[strlen(raw) - 1] = '\0';
		/* the row's rest on the next line: joined, its quote marks off */
		pending_row = !soft && !pending_flowed && start < n && !in_diff &&
			      pipe_row_wrapped(raw, text + start, n - start);
		if ((soft || pending_flowed || pending_row) && i < n) {
			pending = raw;
			continue;
		}
		clean = clean_line(raw, &depth, &piped);
		free(raw);
		if (!clean)
			goto oom;
		if (!strncmp(clean, "diff --git", 10) || !strncmp(clean, "--- a/", 6))
			in_diff = true;
		else if (in_diff && clean[0] && !diff_line(clean))
			in_diff = false;	/* a blank line may be context */
		if (in_diff)
			kind = LL_SKIP;
		if (add_line(l, &cap, clean, depth, kind))
			goto oom_clean;
		l->lines[l->nr_lines - 1].piped = piped;
		continue;
oom_clean:
		free(clean);
		goto oom;
	}
	free(pending);
	return 0;
oom:
	free(pending);
	return -1;
}
