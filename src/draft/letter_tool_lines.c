// SPDX-License-Identifier: GPL-2.0
/*
 * Lines of benchmark tools' own output pasted under an arm's heading,
 * read as "label: value" pairs (letter_kv_value.c asks here first):
 * perf stat's counters and summary, perf report's flat lines, time(1)'s
 * one-line summary and GNU time -v's wall clock, fio's result lines,
 * kernbench's averages with their deviation.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "letter_shapes.h"

/* "39:42.90" or "1:02:03.5": seconds; false for anything else. */
static bool clock_seconds(const char *s, size_t n, double *v)
{
	int fields = 0;
	char *end;

	*v = 0;
	while (n) {
		double part = strtod(s, &end);

		if (end == s || !isdigit((unsigned char)*s) || (size_t)(end - s) > n)
			return false;
		*v = *v * 60 + part;
		fields++;
		n -= end - s;
		s = end;
		if (n && *s != ':')
			return false;
		if (n)
			s++, n--;
	}
	return fields >= 1 && fields <= 3;
}

/*
 * time(1)'s summary: "114.44user 29.11system 39:42.90elapsed 6%CPU", a
 * value glued to each name; user, system and elapsed (in seconds) into r.
 */
static int time_summary(const char *s, struct letter_row *r, int max)
{
	static const char *const names[] = { "user", "system", "elapsed" };
	int n = 0;

	for (int k = 0; k < 3 && n < max; k++) {
		const char *w = strstr(s, names[k]), *v;
		size_t len = strlen(names[k]);

		if (!w || w == s || (w[len] != ' ' && w[len]))
			return 0;
		for (v = w; v > s && v[-1] != ' '; v--)
			;
		memset(&r[n], 0, sizeof(r[n]));
		if (v == w || !clock_seconds(v, w - v, &r[n].cell[0].mean))
			return 0;
		r[n].cell[0].kind = CELL_NUM;
		snprintf(r[n].cell[0].unit, sizeof(r[n].cell[0].unit), "s");
		snprintf(r[n++].label, sizeof(r[0].label), "%s", names[k]);
	}
	return n == 3 ? n : 0;
}

/*
 * perf top's and perf report's flat lines, "35.34%  [kernel]  [k]
 * down_read_trylock": the share first, the symbol (after "[k] " or
 * "[.] ") the row's name.
 */
static bool perf_line(const char *s, struct letter_row *r)
{
	const char *sym = strstr(s, "[k] ");
	char *end;

	memset(r, 0, sizeof(*r));
	if (!sym)
		sym = strstr(s, "[.] ");
	while (*s == ' ')
		s++;
	if (!sym || !isdigit((unsigned char)*s))
		return false;
	r->cell[0].mean = strtod(s, &end);
	if (*end != '%' || end[1] != ' ')
		return false;
	sym += 4;
	while (*sym == ' ')
		sym++;
	if (!*sym || strchr(sym, ' '))
		return false;
	r->cell[0].kind = CELL_NUM;
	snprintf(r->cell[0].unit, sizeof(r->cell[0].unit), "%%");
	snprintf(r->label, sizeof(r->label), "%s", sym);
	return true;
}

/* perf stat's events named without a '-', "cycles", "sched:sched_switch",
 * taken only with perf's note after them */
static bool perf_event_word(const char *s)
{
	static const char *const words[] = {
		"cycles", "instructions", "branches", "faults", "migrations",
		"cs", "task-clock", NULL };

	for (int i = 0; words[i]; i++)
		if (!strcmp(s, words[i]))
			return true;
	return strchr(s, ':') || strchr(s, '/');
}

/*
 * perf stat's notes after a count: its spread over runs "( +-  0.43% )"
 * and the share of the time the event was counted "(46.16%)", cut from
 * buf; true when there was one.
 */
static bool cut_perf_notes(char *buf)
{
	char *p = strstr(buf, "( +-");
	bool cut = false;

	if (!p)
		p = strstr(buf, "(+-");
	if (p) {
		*p = '\0';
		cut = true;
	}
	for (size_t n = strlen(buf); n && buf[n - 1] == ' '; n--)
		buf[n - 1] = '\0';
	p = strrchr(buf, '(');
	if (p && p > buf && p[-1] == ' ' && strchr(p, '%') &&
	    strspn(p + 1, "0123456789.%)") == strlen(p + 1)) {
		*p = '\0';
		cut = true;
	}
	return cut;
}

/*
 * perf stat's summary lines, "3.8251 +- 0.0123 seconds time elapsed",
 * "12.04 seconds user": the time, its unit seconds, named by the
 * words as perf writes them.
 */
static bool perf_seconds_line(const char *buf, struct letter_row *r)
{
	static const char *const names[] = { "time elapsed", "user", "sys", NULL };
	const char *p = strstr(buf, " seconds ");
	char num[64];

	if (!p || (size_t)(p - buf) >= sizeof(num))
		return false;
	memcpy(num, buf, p - buf);
	num[p - buf] = '\0';
	p += strlen(" seconds ");
	for (int i = 0; names[i]; i++) {
		if (strcmp(p, names[i]))
			continue;
		if (!letter_cell_parse(num, &r->cell[0]) || r->cell[0].kind != CELL_NUM ||
		    r->cell[0].unit[0] || r->cell[0].sign)
			return false;
		snprintf(r->cell[0].unit, sizeof(r->cell[0].unit), "s");
		snprintf(r->label, sizeof(r->label), "seconds %s", names[i]);
		return true;
	}
	return false;
}

/*
 * perf stat's counter lines, "12451963  context-switches  #  23.599
 * K/sec", "527649.37 msec cpu-clock  # 1.999 CPUs utilized",
 * "9,250,034,512  cycles  ( +-  0.43% )": the count (its unit maybe),
 * the event's name, perf's note after '#' and its spread dropped; and
 * its summary's seconds.
 */
static bool perf_stat_line(const char *s, struct letter_row *r)
{
	char buf[200], *tok[4], *hash;
	bool noted;
	int nt = 0;

	memset(r, 0, sizeof(*r));
	if (!letter_trimmed(s, strlen(s), buf, sizeof(buf)) || !isdigit((unsigned char)buf[0]))
		return false;
	noted = cut_perf_notes(buf);
	if (perf_seconds_line(buf, r))
		return true;
	hash = strstr(buf, " #");
	if (hash)
		*hash = '\0';
	noted |= hash != NULL;
	for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
		if (nt < 4)
			tok[nt++] = t;
		else
			return false;
	if (nt == 3 && strcmp(tok[1], "msec") && strcmp(tok[1], "ms"))
		return false;
	if ((nt != 2 && nt != 3) || (!noted && nt == 3) ||
	    !isalpha((unsigned char)tok[nt - 1][0]) ||
	    !(strchr(tok[nt - 1], '-') || (noted && perf_event_word(tok[nt - 1]))))
		return false;
	if (!letter_cell_parse(tok[0], &r->cell[0]) || r->cell[0].kind != CELL_NUM ||
	    r->cell[0].unit[0] || r->cell[0].sign)
		return false;
	if (nt == 3)
		snprintf(r->cell[0].unit, sizeof(r->cell[0].unit), "ms");
	snprintf(r->label, sizeof(r->label), "%s", tok[nt - 1]);
	return true;
}

int letter_tool_pairs(const char *s, struct letter_row *r, int max)
{
	if (max < 1)
		return 0;
	/* before a pair: "0:14.69elapsed" holds a colon */
	if (strstr(s, "elapsed") && time_summary(s, r, max))
		return 3;
	if (!strchr(s, ':') && (perf_line(s, &r[0]) || perf_stat_line(s, &r[0])))
		return 1;
	return 0;
}
