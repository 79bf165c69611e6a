// SPDX-License-Identifier: GPL-2.0
/* Names a record can carry, checked against the registry's rows. */
#include <fnmatch.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "histogram.h"
#include "level_stats.h"
#include "metric_name_check.h"
#include "metrics.h"
#include "text_clean.h"

#define WORKLOAD_PREFIX "workload_"

struct span {
	const char *s;
	size_t n;
};

struct label_span {
	struct span k, v;
};

static bool span_is(struct span a, const char *s)
{
	return strlen(s) == a.n && !strncmp(a.s, s, a.n);
}

static bool has_glob(struct span a)
{
	for (size_t i = 0; i < a.n; i++)
		if (strchr("*?[", a.s[i]))
			return true;
	return false;
}

static bool ident_char(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       (!first && c >= '0' && c <= '9');
}

static bool is_ident(struct span a)
{
	for (size_t i = 0; i < a.n; i++)
		if (!ident_char(a.s[i], !i))
			return false;
	return a.n > 0;
}

/* ",key=" at p (before end): the next label begins there, as in metric_id.c */
static bool next_label_at(const char *p, const char *end)
{
	if (*p != ',' || p + 1 >= end || !ident_char(p[1], true))
		return false;
	for (p += 2; p < end && ident_char(*p, false); p++)
		;
	return p < end && *p == '=';
}

/* The labels between { and } (p to end): -1 with why when malformed. */
static int split_labels(const char *p, const char *end, struct label_span *l,
			int *n, char *why, size_t len)
{
	*n = 0;
	while (p < end) {
		const char *eq = memchr(p, '=', end - p);
		const char *comma = memchr(p, ',', end - p);
		const char *v;

		if (!eq || eq == p || (comma && comma < eq)) {
			int tl = (int)((comma ? comma : end) - p);

			snprintf(why, len, "label '%.*s' is not KEY=VALUE",
				 tl > 40 ? 40 : tl, p);
			return -1;
		}
		if (*n == METRIC_MAX_LABELS) {
			snprintf(why, len, "more than %d labels", METRIC_MAX_LABELS);
			return -1;
		}
		l[*n].k = (struct span){ p, (size_t)(eq - p) };
		if (!is_ident(l[*n].k)) {
			snprintf(why, len, "label key '%.*s' is not a name",
				 (int)(eq - p > 40 ? 40 : eq - p), p);
			return -1;
		}
		/* a value runs to the next ",key=" (values may hold commas) */
		for (v = eq + 1, p = v; p < end && !next_label_at(p, end); p++)
			;
		l[(*n)++].v = (struct span){ v, (size_t)(p - v) };
		if (p < end)
			p++;
	}
	return 0;
}

/* Edit distance, capped: the family a typo most likely meant. */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[METRIC_NAME_LEN + 1];

	if (la > METRIC_NAME_LEN || lb > METRIC_NAME_LEN)
		return (size_t)-1;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

static void no_family(const char *fam, char *why, size_t len)
{
	const char *best = NULL;
	size_t bd = strlen(fam) / 4 + 2;

	for (int i = 0; i < MF_NR; i++) {
		size_t d = distance(fam, metric_families[i].name);

		if (!metric_families[i].suffix && d < bd) {
			bd = d;
			best = metric_families[i].name;
		}
	}
	snprintf(why, len, "no metric '%.60s'%s%s%s (docs/zswap-gate.md lists "
		 "a record's metrics; a workload's own figures are workload_*)",
		 fam, best ? ": did you mean " : "", best ? best : "",
		 best ? "?" : "");
}

/* The combinations of label keys f's metrics carry, for messages. */
static void keys_text(const struct metric_family *f, const char *const *keys,
		      char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int c = 0; keys[c] && used < len; c++) {
		const char *k = keys[c];

		used += snprintf(buf + used, len - used, "%s", c ? " or " : "");
		if (!*k) {
			used += snprintf(buf + used, used < len ? len - used : 0,
					 "%s", f->name);
			continue;
		}
		used += snprintf(buf + used, used < len ? len - used : 0, "%s{",
				 f->name);
		for (const char *p = k; *p && used < len; ) {
			size_t n = strcspn(p, ",");
			bool pinned = memchr(p, '=', n) != NULL;

			used += snprintf(buf + used, len - used, "%.*s%s%s",
					 (int)n, p, pinned ? "" : "=...",
					 p[n] ? "," : "}");
			p += n + !!p[n];
		}
	}
}

/*
 * Whether labels l[0..n) are the combination comb ("k1,k2=v"): the keys
 * in its order, a pinned value equal (or a glob matching it).
 */
static bool comb_matches(const char *comb, const struct label_span *l, int n)
{
	int i = 0;

	if (!*comb)
		return n == 0;
	for (const char *p = comb; *p; i++) {
		size_t t = strcspn(p, ","), kl = strcspn(p, "=,");
		char pin[64];

		if (i == n || l[i].k.n != kl || strncmp(l[i].k.s, p, kl))
			return false;
		if (kl < t) {
			snprintf(pin, sizeof(pin), "%.*s", (int)(t - kl - 1), p + kl + 1);
			if (!span_is(l[i].v, pin)) {
				char v[METRIC_NAME_LEN];

				snprintf(v, sizeof(v), "%.*s", (int)l[i].v.n, l[i].v.s);
				if (!has_glob(l[i].v) || fnmatch(v, pin, 0))
					return false;
			}
		}
		p += t + !!p[t];
	}
	return i == n;
}

/* Whether combination comb pins key's value ("key=value"). */
static bool comb_pins(const char *comb, struct span key)
{
	for (const char *p = comb; *p; ) {
		size_t t = strcspn(p, ",");

		if (t > key.n && !strncmp(p, key.s, key.n) && p[key.n] == '=')
			return true;
		p += t + !!p[t];
	}
	return false;
}

/* The closed set of values of key in f, or NULL (any value). */
static const char *const *closed_values(const struct metric_family *f,
					 struct span key, int *nr)
{
	*nr = -1;	/* NULL-terminated */
	if (f->label && !f->suffix && f->values[0] && span_is(key, f->label)) {
		*nr = MF_MAX_VALUES;
		return f->values;
	}
	for (const struct metric_label_values *c = f->closed; c && c->key; c++)
		if (span_is(key, c->key))
			return c->values;
	return NULL;
}

/* Whether value (or a glob of values) is one of vals. */
static bool value_in(struct span value, const char *const *vals, int nr)
{
	char v[METRIC_NAME_LEN];

	snprintf(v, sizeof(v), "%.*s", (int)value.n, value.s);
	for (int i = 0; nr < 0 || i < nr; i++) {
		if (!vals[i])
			break;
		if (!strcmp(v, vals[i]) || (has_glob(value) && !fnmatch(v, vals[i], 0)))
			return true;
	}
	return false;
}

/* The combinations that pin a value (the totals), for messages: " (or X)". */
static void pinned_text(const struct metric_family *f, char *buf, size_t len)
{
	const char *pinned[2] = { NULL, NULL };

	for (int c = 0; f->keys && f->keys[c]; c++)
		if (strchr(f->keys[c], '=')) {
			pinned[0] = f->keys[c];
			break;
		}
	if (!pinned[0] || len < 8)
		return;
	snprintf(buf, len, " (or ");
	keys_text(f, pinned, buf + 5, len - 6);
	strcat(buf, ")");
}

static int check_values(const struct metric_family *f, const char *comb,
			const struct label_span *l, int n, char *why, size_t len)
{
	for (int i = 0; i < n; i++) {
		const char *const *vals;
		size_t used;
		int nr;

		/* a value the combination pins was matched already */
		vals = comb_pins(comb, l[i].k) ? NULL : closed_values(f, l[i].k, &nr);
		if (!vals || value_in(l[i].v, vals, nr))
			continue;
		used = snprintf(why, len, "%.*s=%.*s: %s's %.*s is one of ",
				(int)l[i].k.n, l[i].k.s,
				(int)(l[i].v.n > 40 ? 40 : l[i].v.n), l[i].v.s,
				f->name, (int)l[i].k.n, l[i].k.s);
		for (int j = 0; (nr < 0 || j < nr) && vals[j] && used < len; j++)
			used += snprintf(why + used, len - used, "%s%s", j ? ", " : "",
					 vals[j]);
		pinned_text(f, why + used, used < len ? len - used : 0);
		return -1;
	}
	return 0;
}

/* The labels of a family's metric: a combination it carries, its values. */
static int check_labels(const struct metric_family *f, const struct label_span *l,
			int n, char *why, size_t len)
{
	const char *const none[] = { "", NULL }, *const one[] = { f->label, NULL };
	const char *const *keys = f->keys ? f->keys :
				  f->label && !f->suffix ? one : none;
	char text[300];

	for (int c = 0; keys[c]; c++)
		if (comb_matches(keys[c], l, n))
			return check_values(f, keys[c], l, n, why, len);
	keys_text(f, keys, text, sizeof(text));
	snprintf(why, len, "%s's metrics are %s%s", f->name, text,
		 strchr(text, ',') ? " (labels in this order)" : "");
	return -1;
}

static bool is_hist(const struct metric_family *f)
{
	return f->kind == MK_HIST || f->hist;
}

static bool is_sampled(const struct metric_family *f)
{
	return f->sampled;
}

/* The families of a kind, for messages: "a, b, ...". */
static void families_text(bool (*of)(const struct metric_family *f),
			  char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < MF_NR && used < len; i++)
		if (of(&metric_families[i]))
			used += snprintf(buf + used, len - used, "%s%s",
					 used ? ", " : "", metric_families[i].name);
}

/* {stat=S} after family f's metric: a histogram's or a sampled level's. */
static int check_stat(const struct metric_family *f, const char *name,
		      char *why, size_t len)
{
	char hists[300], levels[300];
	enum level_stat ls;
	enum hist_stat hs;
	size_t bl;

	if (is_hist(f) && hist_stat_parse(name, &bl, &hs) < 0) {
		snprintf(why, len, "unknown histogram statistic (%s)", hist_stat_list);
		return -1;
	}
	if (f->sampled && level_stat_parse(name, &bl, &ls) < 0) {
		snprintf(why, len, "unknown statistic of a level (%s)",
			 level_stat_list);
		return -1;
	}
	if (is_hist(f) || f->sampled)
		return 0;
	families_text(is_hist, hists, sizeof(hists));
	families_text(is_sampled, levels, sizeof(levels));
	snprintf(why, len, "%s is not a histogram or a sampled level: {stat=S} "
		 "follows a histogram's name (%s; S: %s) or a level's (%s; S: %s)",
		 f->name, hists, hist_stat_list, levels, level_stat_list);
	return -1;
}

/* A glob over family names: it must match one (a suffix family's prefix). */
static int check_family_glob(const char *fam, char *why, size_t len)
{
	for (int i = 0; i < MF_NR; i++) {
		const struct metric_family *f = &metric_families[i];

		/* "" is the row of debugfs files without one of their own */
		if (!f->name[0])
			continue;
		if (!fnmatch(fam, f->name, 0) ||
		    (f->suffix && !strncmp(fam, f->name, strlen(f->name))))
			return 0;
	}
	snprintf(why, len, "'%.60s' matches no metric of the toolkit (a "
		 "workload's own figures are workload_*)", fam);
	return -1;
}

int metric_name_length_check(const char *name, char *why, size_t len)
{
	char shown[METRIC_NAME_SHOWN * 4 + TEXT_LINE_TAIL];

	if (strlen(name) < METRIC_NAME_LEN)
		return 0;
	snprintf(why, len, "name too long (at most %d bytes): %s",
		 METRIC_NAME_LEN - 1,
		 text_line(name, METRIC_NAME_SHOWN, shown, sizeof(shown)));
	return -1;
}

int metric_name_check(const char *name, char *why, size_t len)
{
	size_t n = strlen(name), base = n, hl;
	const char *brace = strchr(name, '{'), *close;
	struct label_span l[METRIC_MAX_LABELS];
	const struct metric_family *f;
	char fam[METRIC_NAME_LEN];
	const char *word;
	size_t wl;
	int nl = 0;
	bool st;

	if (metric_name_length_check(name, why, len))
		return -1;
	st = metric_stat_suffix(name, &hl, &word, &wl);
	if (st)
		base = hl;
	if (brace && (size_t)(brace - name) >= base)
		brace = NULL;	/* only {stat=S}: a bare histogram's or level's */
	if ((brace ? (size_t)(brace - name) : base) == 0) {
		snprintf(why, len, "no metric name before its labels");
		return -1;
	}
	if (brace) {
		close = memchr(brace + 1, '{', base - (brace + 1 - name));
		if (close && !strncmp(brace, METRIC_STAT_PREFIX, strlen(METRIC_STAT_PREFIX))) {
			snprintf(why, len, "{stat=S} goes after the labels: "
				 "NAME{KEY=VALUE,...}{stat=S}");
			return -1;
		}
		if (close || name[base - 1] != '}' || base - (brace - name) < 3) {
			snprintf(why, len, "labels must be {KEY=VALUE,...} at the end");
			return -1;
		}
		if (split_labels(brace + 1, name + base - 1, l, &nl, why, len))
			return -1;
	}
	snprintf(fam, sizeof(fam), "%.*s", (int)(brace ? brace - name : (long)base), name);
	if (!strncmp(fam, WORKLOAD_PREFIX, strlen(WORKLOAD_PREFIX)))
		return 0;
	if (has_glob((struct span){ fam, strlen(fam) }))
		return check_family_glob(fam, why, len);
	f = metric_family_of_key(fam);
	if (!f) {
		no_family(fam, why, len);
		return -1;
	}
	/* a suffix family's labels are its keys' (mthp_<stat>{size=...}) */
	if (f->suffix && ((nl && !f->keys) ||
			  !is_ident((struct span){ fam + strlen(f->name),
						   strlen(fam) - strlen(f->name) }))) {
		snprintf(why, len, "'%.60s': want %s<%s>, the %s a name%s",
			 name, f->name, f->label, f->label,
			 f->keys ? "" : " and no labels");
		return -1;
	}
	if ((!f->suffix || f->keys) && check_labels(f, l, nl, why, len))
		return -1;
	return st ? check_stat(f, name, why, len) : 0;
}
