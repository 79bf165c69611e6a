// SPDX-License-Identifier: GPL-2.0
/*
 * Lines of benchmark tools' own output pasted under an arm's heading,
 * read as "label: value" pairs (letter_kv_value.c asks here first):
 * perf stat's counters and summary, perf report's flat lines, time(1)'s
 * one-line summary and GNU time -v's wall clock, fio's result lines,
 * kernbench's averages with their deviation, test_vmalloc's summaries,
 * fish's time, stress-ng's --times.
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
 * A kernel symbol as perf prints it: "__blkcg_rstat_flush",
 * "__mod_memcg_state.part.0"; an '_' or a '.' in it, so that a word
 * of prose ("27% faster") is none.
 */
static bool kernel_symbol(const char *s)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			     "0123456789_.");

	return n && !s[n] && !isdigit((unsigned char)*s) && *s != '.' &&
	       strcspn(s, "_.") < n;
}

/*
 * perf top's and perf report's flat lines, "35.34%  [kernel]  [k]
 * down_read_trylock": the share first (Self's after Children's when
 * both stand), the symbol (after "[k] " or "[.] ") the row's name; or
 * cut to the share and the symbol, "27.02% mem_cgroup_css_rstat_flush".
 */
static bool perf_line(const char *s, struct letter_row *r)
{
	const char *sym = strstr(s, "[k] ");
	char *end;
	size_t n;

	memset(r, 0, sizeof(*r));
	if (!sym)
		sym = strstr(s, "[.] ");
	while (*s == ' ')
		s++;
	if (!isdigit((unsigned char)*s))
		return false;
	r->cell[0].mean = strtod(s, &end);
	if (*end != '%' || end[1] != ' ')
		return false;
	for (s = end + 1; *s == ' '; s++)
		;
	if (!sym) {
		/* "lzo1x_1_do_compress (real work)": the note after it cut */
		n = strcspn(s, " ");
		snprintf(r->label, sizeof(r->label), "%.*s", (int)n, s);
		for (s += n; *s == ' '; s++)
			;
		if (!kernel_symbol(r->label) || (*s && (*s != '(' || s[strlen(s) - 1] != ')')))
			return false;
	} else {
		/* "94.41%  0.89%  [kernel]": Children, then Self, the symbol's own */
		if (isdigit((unsigned char)*s)) {
			r->cell[0].mean = strtod(s, &end);
			if (*end != '%' || end[1] != ' ')
				return false;
		}
		for (sym += 4; *sym == ' '; sym++)
			;
		if (!*sym || strchr(sym, ' '))
			return false;
		snprintf(r->label, sizeof(r->label), "%s", sym);
	}
	r->cell[0].kind = CELL_NUM;
	snprintf(r->cell[0].unit, sizeof(r->cell[0].unit), "%%");
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
 * "832.364": a count whose thousands a European locale parts with dots
 * (perf stat counts events whole), into *v; false for any other.
 */
static bool dotted_count(const char *s, double *v)
{
	size_t k = strspn(s, "0123456789");
	double n;

	if (!k || k > 3)
		return false;
	n = 0;
	for (size_t i = 0; i < k; i++)
		n = n * 10 + (s[i] - '0');
	for (s += k; *s == '.'; s += 4) {
		if (strspn(s + 1, "0123456789") != 3)
			return false;
		n = n * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
	}
	if (*s)
		return false;
	*v = n;
	return true;
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
	/* "832.364 cpu-migrations": a count, its thousands dotted */
	if (nt == 2)
		dotted_count(tok[0], &r->cell[0].mean);
	if (nt == 3)
		snprintf(r->cell[0].unit, sizeof(r->cell[0].unit), "ms");
	snprintf(r->label, sizeof(r->label), "%s", tok[nt - 1]);
	return true;
}

/*
 * GNU time -v's "Elapsed (wall clock) time (h:mm:ss or m:ss): 2:03.45":
 * the colons of its name and value would split it anywhere else.
 */
static bool time_v_elapsed(const char *s, struct letter_row *r)
{
	static const char name[] = "Elapsed (wall clock) time (h:mm:ss or m:ss):";
	char buf[64];

	memset(r, 0, sizeof(*r));
	while (*s == ' ')
		s++;
	if (strncmp(s, name, strlen(name)) ||
	    !letter_trimmed(s + strlen(name), strlen(s + strlen(name)), buf, sizeof(buf)) ||
	    !clock_seconds(buf, strlen(buf), &r->cell[0].mean))
		return false;
	r->cell[0].kind = CELL_NUM;
	snprintf(r->cell[0].unit, sizeof(r->cell[0].unit), "s");
	snprintf(r->label, sizeof(r->label), "Elapsed (wall clock) time");
	return true;
}

/*
 * kernbench's "Elapsed Time 123.45 (1.23)": words, the average, its
 * standard deviation in parentheses.
 */
static bool kernbench_line(const char *s, struct letter_row *r)
{
	char buf[160], *open, *num, *end;
	double sd;

	memset(r, 0, sizeof(*r));
	if (!letter_trimmed(s, strlen(s), buf, sizeof(buf)) ||
	    !isalpha((unsigned char)buf[0]) || buf[strlen(buf) - 1] != ')' ||
	    !(open = strrchr(buf, '(')) || open == buf || open[-1] != ' ')
		return false;
	sd = strtod(open + 1, &end);
	if (end == open + 1 || *end != ')' || end[1])
		return false;
	open[-1] = '\0';
	num = strrchr(buf, ' ');
	if (!num || !isdigit((unsigned char)num[1]))
		return false;
	*num++ = '\0';
	if (!letter_cell_parse(num, &r->cell[0]) || r->cell[0].kind != CELL_NUM ||
	    r->cell[0].unit[0] || r->cell[0].sign)
		return false;
	r->cell[0].has_sd = true;
	r->cell[0].sd = sd;
	letter_clean_label(buf, strlen(buf), r->label, sizeof(r->label));
	return letter_label_ok(r->label);
}

/* fio's keys worth a row: rates and counts, not their min, max or shares */
static bool fio_key(const char *k)
{
	static const char *const keys[] = { "IOPS", "BW", "bw", "iops", NULL };

	for (int i = 0; keys[i]; i++)
		if (!strcmp(k, keys[i]))
			return true;
	return false;
}

/*
 * fio's result lines, a name (its unit in parentheses maybe), a colon,
 * then "key=value" pairs ", " apart: "read: IOPS=123k, BW=480MiB/s
 * (503MB/s)(28.1GiB/60001msec)" as "read IOPS" and "read BW";
 * "clat (usec): min=2, max=8123, avg=31.52, stdev=20.11" as "clat",
 * its avg and stdev in usec; "READ: bw=480MiB/s (503MB/s), ..." as
 * "READ bw"; "cpu : usr=1.42%, sys=98.35%, ctx=213" as "cpu usr" ...;
 * "lat (usec) : 50=98.34%, 100=1.61%" as "lat (usec) 50" ... The count
 * of pairs, 0 when the line is none of them.
 */
static int fio_line(const char *s, struct letter_row *r, int max)
{
	char buf[256], name[64] = "", unit[16] = "", *colon, *pairs, *p;
	struct letter_cell avg = {}, c;
	bool has_avg = false, has_sd = false;
	double sd = 0;
	int n = 0;

	if (!letter_trimmed(s, strlen(s), buf, sizeof(buf)))
		return 0;
	colon = strchr(buf, ':');
	if (colon) {
		if ((size_t)(colon - buf) >= sizeof(name))
			return 0;
		memcpy(name, buf, colon - buf);
		name[colon - buf] = '\0';
		pairs = colon + 1;
	} else if (!strncmp(buf, "bw=", 3)) {
		pairs = buf;	/* "bw=83.5GiB/s (89.7GB/s)" alone on its line: no name */
	} else {
		return 0;
	}
	if (!strchr(pairs, '='))
		return 0;
	if ((p = strchr(name, '('))) {
		char *close = strchr(p, ')');
		char u[16];

		if (!close || (size_t)(close - p) >= sizeof(u))
			return 0;
		memcpy(u, p + 1, close - p - 1);
		u[close - p - 1] = '\0';
		letter_trimmed(u, strlen(u), unit, sizeof(unit));
		*p = '\0';
	}
	if (name[0] && !letter_trimmed(name, strlen(name), name, sizeof(name)))
		return 0;
	if (name[0] && (strchr(name, ' ') || !isalpha((unsigned char)name[0])))
		return 0;
	for (p = strtok(pairs, ","); p; p = strtok(NULL, ",")) {
		char *eq = strchr(p, '='), key[16], val[64];

		if (!eq || !letter_trimmed(p, eq - p, key, sizeof(key)))
			return 0;
		/* the value up to a blank or '(': "480MiB/s (503MB/s)" */
		snprintf(val, sizeof(val), "%.*s", (int)strcspn(eq + 1, " ("), eq + 1);
		if (!letter_cell_parse(val, &c) || c.kind != CELL_NUM)
			continue;
		if (!strcmp(key, "avg")) {
			avg = c;
			has_avg = true;
		} else if (!strcmp(key, "stdev")) {
			sd = c.mean;
			has_sd = true;
		} else if ((fio_key(key) || !strcmp(name, "cpu")) && n < max) {
			/* "read IOPS", "cpu usr": the line's name, the key */
			memset(&r[n], 0, sizeof(r[n]));
			snprintf(r[n].label, sizeof(r[n].label), "%s%s%s", name,
				 name[0] ? " " : "", key);
			r[n++].cell[0] = c;
		} else if (isdigit((unsigned char)key[0]) && unit[0] && n < max) {
			/* "lat (usec)   : 50=98.34%": a bucket's share, "lat (usec) 50" */
			memset(&r[n], 0, sizeof(r[n]));
			snprintf(r[n].label, sizeof(r[n].label), "%s (%s) %s", name, unit, key);
			r[n++].cell[0] = c;
		}
	}
	if (has_avg && n < max) {
		memset(&r[n], 0, sizeof(r[n]));
		snprintf(r[n].label, sizeof(r[n].label), "%s", name);
		r[n].cell[0] = avg;
		r[n].cell[0].has_sd = has_sd;
		r[n].cell[0].sd = sd;
		if (unit[0] && !avg.unit[0])
			snprintf(r[n].cell[0].unit, sizeof(r[n].cell[0].unit), "%s", unit);
		n++;
	}
	return n;
}

/*
 * test_vmalloc's "Summary: fix_size_alloc_test loops: 1000000 avg:
 * 993985 usec" (passed, failed and repeat counts maybe before loops):
 * the test's name, its average and unit.
 */
static bool vmalloc_summary(const char *s, struct letter_row *r)
{
	const char *name, *avg;
	size_t n;

	memset(r, 0, sizeof(*r));
	while (*s == ' ')
		s++;
	if (strncmp(s, "Summary: ", 9) || !(avg = strstr(s, " avg: ")))
		return false;
	name = s + 9;
	n = strcspn(name, " ");
	if (!n || n >= sizeof(r->label) || name + n > avg)
		return false;
	snprintf(r->label, sizeof(r->label), "%.*s", (int)n, name);
	return letter_label_ok(r->label) && letter_cell_parse(avg + 6, &r->cell[0]) &&
	       r->cell[0].kind == CELL_NUM && !r->cell[0].sign;
}

/*
 * fish's time: "Executed in   20.80 secs    fish    external", then "usr
 * time    5.14 secs    0.00 millis    5.14 secs": the total, the first
 * value, in its unit (the shell's own and the command's after it).
 */
static bool fish_time_line(const char *s, struct letter_row *r)
{
	static const char *const names[] = { "Executed in", "usr time", "sys time", NULL };
	static const char *const units[][2] = {
		{ "secs", "s" }, { "millis", "ms" }, { "micros", "us" }, { "mins", "min" } };
	char *end;

	memset(r, 0, sizeof(*r));
	while (*s == ' ')
		s++;
	for (int i = 0; names[i]; i++) {
		const char *p = s + strlen(names[i]);

		if (strncmp(s, names[i], strlen(names[i])) || *p != ' ')
			continue;
		r->cell[0].mean = strtod(p, &end);
		if (end == p || *end != ' ')
			return false;
		while (*end == ' ')
			end++;
		for (size_t u = 0; u < sizeof(units) / sizeof(units[0]); u++) {
			size_t n = strlen(units[u][0]);

			if (strncmp(end, units[u][0], n) || (end[n] && end[n] != ' '))
				continue;
			r->cell[0].kind = CELL_NUM;
			snprintf(r->cell[0].unit, sizeof(r->cell[0].unit), "%s", units[u][1]);
			snprintf(r->label, sizeof(r->label), "%s", names[i]);
			return true;
		}
		return false;
	}
	return false;
}

/*
 * stress-ng's --times lines, "   10.18s user time   (  0.53%)",
 * "1920.11s available CPU time": the seconds first, the name after
 * them (a time's), its share of the CPU time left out.
 */
static bool stress_times_line(const char *s, struct letter_row *r)
{
	const char *name;
	char *end;
	size_t n;

	memset(r, 0, sizeof(*r));
	while (*s == ' ')
		s++;
	if (!isdigit((unsigned char)*s))
		return false;
	r->cell[0].mean = strtod(s, &end);
	if (end[0] != 's' || end[1] != ' ')
		return false;
	for (name = end + 2; *name == ' '; name++)
		;
	n = strcspn(name, "(");
	while (n && name[n - 1] == ' ')
		n--;
	if (n < 6 || n >= sizeof(r->label) || strncmp(name + n - 4, "time", 4) ||
	    strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ") < n)
		return false;
	if (name[strcspn(name, "(")] && !strchr(name, ')'))
		return false;
	snprintf(r->label, sizeof(r->label), "%.*s", (int)n, name);
	r->cell[0].kind = CELL_NUM;
	snprintf(r->cell[0].unit, sizeof(r->cell[0].unit), "s");
	return true;
}

int letter_tool_pairs(const char *s, struct letter_row *r, int max)
{
	int n;

	if (max < 1)
		return 0;
	/* before a pair: "0:14.69elapsed" holds a colon */
	if (strstr(s, "elapsed") && time_summary(s, r, max))
		return 3;
	if (time_v_elapsed(s, &r[0]) || vmalloc_summary(s, &r[0]) ||
	    fish_time_line(s, &r[0]) || stress_times_line(s, &r[0]))
		return 1;
	if (strchr(s, '=') && (n = fio_line(s, r, max)))
		return n;
	if (!strchr(s, ':') && (perf_line(s, &r[0]) || perf_stat_line(s, &r[0]) ||
				kernbench_line(s, &r[0])))
		return 1;
	return 0;
}
