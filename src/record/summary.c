// SPDX-License-Identifier: GPL-2.0
/* The summary of one recorded window, for a person (summary.h). */
#include <stdlib.h>
#include <string.h>
#include "level_stats.h"
#include "metric_registry.h"
#include "num_format.h"
#include "summary.h"
#include "summary_na.h"

#define WIDTH 80	/* a line that does not fit is wrapped at a space */
#define NAME_W 34	/* a longer name gets a line of its own */
#define HIST_W 31

/* what zswap did, first, in this order */
static const int headline[] = {
	MF_STORE_CALLS, MF_STORE_SUCCESS, MF_STORE_REJECT, MF_REJECT_RATE,
	MF_LOAD_CALLS, MF_LOAD_HITS, MF_WRITTEN_BACK, MF_WRITEBACK_FAILURES,
	MF_SHRINK_WORKER_WAKEUPS, MF_SHRINK_MEMCG_CALLS, MF_SHRINKER_SCAN_CALLS,
	MF_SHRINKER_FREED, MF_POOL_LIMIT_HIT, MF_POOL_BYTES, MF_STORED_PAGES,
	MF_COMPRESSION_RATIO, MF_PAGES_PER_BIO,
};
#define NR_HEADLINE (int)(sizeof(headline) / sizeof(headline[0]))

struct summary {
	FILE *f;
	const struct metric_set *ms;
	const struct summary_opts *o;
	const char *cgroup;		/* the record's --cgroup, or NULL */
	struct na_causes na;
	int *note;			/* per metric: its footnote, 0 none */
	bool moved[MF_NR];		/* a family with a value not 0, or n/a */
	unsigned int series[MF_NR];
};

static int fam_id(const struct metric *m)
{
	return m->id.fam ? metric_family_id(m->id.fam) : -1;
}

static bool is_headline(int id)
{
	for (int i = 0; i < NR_HEADLINE; i++)
		if (headline[i] == id)
			return true;
	return false;
}

/* A level's KEY{stat=S}: KEY's metric (shown beside it), or NULL. */
static const struct metric *level_of(const struct metric_set *ms,
				     const char *key)
{
	char base[METRIC_NAME_LEN];
	enum level_stat st;
	size_t n;

	if (level_stat_parse(key, &n, &st) != 1 || n >= sizeof(base))
		return NULL;
	memcpy(base, key, n);
	base[n] = '\0';
	return metric_set_find(ms, base);
}

static bool beside_its_level(const struct metric_set *ms, const char *key)
{
	return level_of(ms, key) != NULL;
}

/*
 * A series 0 at the end and through the window (its level's statistics
 * 0 too): a word of the "0:" line, not a row; a family every series of
 * which is 0 is one word there.
 */
static bool zero_series(const struct summary *s, const struct metric *m)
{
	char key[METRIC_NAME_LEN + 16];
	const struct metric *st;

	if (s->o->all || is_headline(fam_id(m)) || !m->has_value || m->value)
		return false;
	for (int i = 0; i < LEVEL_STAT_NR; i++) {
		snprintf(key, sizeof(key), "%s" METRIC_STAT_PREFIX "%s}",
			 m->name, level_stat_word(i));
		st = metric_set_find(s->ms, key);
		if (st && (!st->has_value || st->value))
			return false;
	}
	return true;
}

/*
 * key with a cgroup label's value shown below the hierarchy's mount, as
 * zswaptop and zswap-export show it: {cgroup=/sys/fs/cgroup/a/b} is
 * {cgroup=/a/b}.
 */
static void display_name(char *out, size_t len, const char *key,
			 const char *mount)
{
	const char *at = strstr(key, "cgroup=");
	size_t ml = mount ? strlen(mount) : 0;

	if (at && ml > 1) {
		at += strlen("cgroup=");
		if (!strncmp(at, mount, ml) && strchr("/,}", at[ml]) && at[ml]) {
			snprintf(out, len, "%.*s%s%s", (int)(at - key), key,
				 at[ml] == '/' ? "" : "/", at + ml);
			return;
		}
	}
	snprintf(out, len, "%s", key);
}

/* Whether key is labelled with the record's own cgroup. */
static bool in_records_cgroup(const struct summary *s, const struct metric *m)
{
	char v[METRIC_NAME_LEN];

	return s->cgroup && metric_id_label(m->name, &m->id, "cgroup", v,
					    sizeof(v)) && !strcmp(v, s->cgroup);
}

/* key without its cgroup label, under the heading that names the cgroup */
static void name_in_cgroup(char *out, size_t len, const char *key)
{
	const char *at = strstr(key, "cgroup="), *end;
	size_t n;

	snprintf(out, len, "%s", key);
	if (!at || (at[-1] != '{' && at[-1] != ','))
		return;
	end = at + strcspn(at, ",}");
	n = at - key;
	if (*end == ',')
		end++;
	else if (at[-1] == ',')
		n--;
	else if (*end == '}')
		n--, end++;
	snprintf(out, len, "%.*s%s", (int)n, key, end);
}

static bool is_mthp(const struct metric *m)
{
	return m->id.fam && m->id.fam->kv == KV_MTHP;
}

static bool is_bytes(const struct metric *m)
{
	return !strcmp(m->unit, "bytes");
}

static void fmt_value(char *buf, size_t len, const struct metric *m)
{
	if (is_bytes(m))
		fmt_bytes(buf, len, m->value);
	else
		fmt_count(buf, len, m->value);
}

/* "  mean 95.7 MiB, max 241.1 MiB, min 0 B" under a level's row */
static void print_level_stats(const struct summary *s, const struct metric *m)
{
	char key[METRIC_NAME_LEN + 16], v[48], line[METRIC_REASON_LEN + 64];
	const struct metric *st;
	int n = 0;

	for (int i = 0; i < LEVEL_STAT_NR; i++) {
		snprintf(key, sizeof(key), "%s" METRIC_STAT_PREFIX "%s}",
			 m->name, level_stat_word(i));
		st = metric_set_find(s->ms, key);
		if (!st)
			continue;
		if (!st->has_value) {
			/* the level's own n/a says it already */
			if (m->has_value) {
				fprintf(s->f, "%*s", 2, "");
				snprintf(line, sizeof(line), "over the window: n/a, %s",
					 st->reason);
				wrap_print(s->f, line, 2, 4, WIDTH);
				fputc('\n', s->f);
			}
			return;
		}
		fmt_value(v, sizeof(v), st);
		n += snprintf(line + n, sizeof(line) - n, "%s%s %s",
			      n ? ", " : "", level_stat_word(i), v);
	}
	if (n)
		fprintf(s->f, "  %s\n", line);
}

static void print_row(struct summary *s, size_t i)
{
	const struct metric *m = &s->ms->m[i];
	char name[METRIC_NAME_LEN], v[48], human[48] = "", src[16];

	if (in_records_cgroup(s, m))
		name_in_cgroup(name, sizeof(name), m->name);
	else
		display_name(name, sizeof(name), m->name, s->o->cgroup_mount);
	if (strlen(name) > NAME_W) {
		fprintf(s->f, "%s\n", name);
		name[0] = '\0';
	}
	if (m->has_value) {
		fmt_count(v, sizeof(v), m->value);
		snprintf(src, sizeof(src), "%s", src_name(m->src));
		if (is_bytes(m) && m->value >= 1024) {
			snprintf(human, sizeof(human), "  # ");
			fmt_bytes(human + 4, sizeof(human) - 4, m->value);
		}
	} else {
		snprintf(v, sizeof(v), "n/a");
		snprintf(src, sizeof(src), "[%d]", s->note[i]);
	}
	fprintf(s->f, "%-*s %13s  %-6s %s%s\n", NAME_W, name, v, m->unit, src,
		human);
	print_level_stats(s, m);
}

static bool shown_as_row(const struct summary *s, size_t i)
{
	const struct metric *m = &s->ms->m[i];

	if (beside_its_level(s->ms, m->name))
		return false;
	if (s->o->all || is_headline(fam_id(m)))
		return true;
	return m->has_value && !zero_series(s, m);
}

/* Each family's series and whether one moved; footnotes in print order. */
static void survey(struct summary *s)
{
	const struct metric_set *ms = s->ms;

	for (size_t i = 0; i < ms->n; i++) {
		int id = fam_id(&ms->m[i]);

		if (id < 0)
			continue;
		s->series[id]++;
		if (!beside_its_level(ms, ms->m[i].name) &&
		    !zero_series(s, &ms->m[i]))
			s->moved[id] = true;
	}
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < ms->n; i++)
			if (!ms->m[i].has_value &&
			    is_headline(fam_id(&ms->m[i])) == !pass &&
			    !beside_its_level(ms, ms->m[i].name))
				s->note[i] = na_cause_add(&s->na, ms->m[i].reason);
}

static void print_rows(struct summary *s)
{
	const struct metric_set *ms = s->ms;

	fprintf(s->f, "%-*s %13s  %-6s %s\n", NAME_W, "METRIC", "VALUE", "UNIT",
		"SOURCE");
	for (int h = 0; h < NR_HEADLINE; h++)
		for (size_t i = 0; i < ms->n; i++)
			if (fam_id(&ms->m[i]) == headline[h] &&
			    shown_as_row(s, i))
				print_row(s, i);
	fputc('\n', s->f);
	for (size_t i = 0; i < ms->n; i++)
		if (!is_headline(fam_id(&ms->m[i])) && shown_as_row(s, i) &&
		    !in_records_cgroup(s, &ms->m[i]))
			print_row(s, i);
	for (size_t i = 0, any = 0; i < ms->n; i++) {
		if (is_headline(fam_id(&ms->m[i])) || !shown_as_row(s, i) ||
		    !in_records_cgroup(s, &ms->m[i]))
			continue;
		if (!any++)
			fprintf(s->f, "in the cgroup:\n");
		print_row(s, i);
	}
}

/* "mthp_*: 0 at every size, 203 series", then the other families all 0 */
static void print_zero_families(struct summary *s)
{
	char list[4096] = "";
	unsigned int mthp = 0, other = 0, n = 0;
	int col;
	bool mthp_moved = false;

	/* the mTHP series 0, of every size: one word, whatever moved */
	for (size_t i = 0; i < s->ms->n; i++) {
		const struct metric *m = &s->ms->m[i], *lv;

		if (!is_mthp(m))
			continue;
		if (shown_as_row(s, i))
			mthp_moved = true;
		else if ((lv = level_of(s->ms, m->name)) ? zero_series(s, lv) :
			 zero_series(s, m))
			mthp++;
	}
	if (mthp)
		n += snprintf(list, sizeof(list), "mthp_* (%s, %u)",
			      mthp_moved ? "the rest" : "every size", mthp);
	for (int id = 0; id < MF_NR; id++) {
		const struct metric_family *f = metric_family(id);

		if (!s->series[id] || s->moved[id] || is_headline(id) ||
		    f->kv == KV_MTHP)
			continue;
		n += snprintf(list + n, n < sizeof(list) ? sizeof(list) - n : 0,
			      "%s%s%s", n ? ", " : "", f->name, !f->suffix ? "" :
			      f->name[strlen(f->name) - 1] == '_' ? "*" : "_*");
		other += s->series[id];
	}
	/* the zero series of families that moved, and of no family */
	for (size_t i = 0; i < s->ms->n; i++) {
		const struct metric *m = &s->ms->m[i];
		int id = fam_id(m);
		char name[METRIC_NAME_LEN];

		if ((id >= 0 && !s->moved[id]) || !zero_series(s, m) ||
		    beside_its_level(s->ms, m->name) || is_mthp(m))
			continue;
		display_name(name, sizeof(name), m->name, s->o->cgroup_mount);
		n += snprintf(list + n, n < sizeof(list) ? sizeof(list) - n : 0,
			      "%s%s", n ? ", " : "", name);
		other++;
	}
	if (n >= sizeof(list))
		n = sizeof(list) - 1;
	if (!n)
		return;
	col = fprintf(s->f, "\n0 in the window, %u series:", mthp + other) - 1;
	wrap_print(s->f, list, col, 2, WIDTH);
	fputc('\n', s->f);
}

static void print_hists(const struct summary *s)
{
	if (s->ms->nh)
		fprintf(s->f, "\n%-*s %10s %6s %5s %5s  %-6s %s\n", HIST_W,
			"HISTOGRAM", "SAMPLES", "MEAN", "P50", "P99", "UNIT",
			"SOURCE");
	for (size_t i = 0; i < s->ms->nh; i++) {
		const struct hist_metric *h = &s->ms->h[i];
		unsigned long long n = hist_count(&h->h);
		char name[METRIC_NAME_LEN], cnt[32], stats[48];

		display_name(name, sizeof(name), h->name, s->o->cgroup_mount);
		if (strlen(name) > HIST_W) {
			fprintf(s->f, "%s\n", name);
			name[0] = '\0';
		}
		fmt_count(cnt, sizeof(cnt), n);
		if (n)
			snprintf(stats, sizeof(stats), "%6.1f %5llu %5llu",
				 hist_mean(&h->h), hist_percentile(&h->h, 50),
				 hist_percentile(&h->h, 99));
		else
			snprintf(stats, sizeof(stats), "%-18s", "  no samples");
		fprintf(s->f, "%-*s %10s %s  %-6s %s\n", HIST_W, name, cnt,
			stats, h->unit, src_name(h->src));
		if (s->o->all && n)
			hist_print(s->f, &h->h, h->unit);
	}
}

/* The members of a counter file's key set as one word: memory_stat_* */
static void kv_group_name(char *name, size_t len, const struct metric *m)
{
	static const char *const prefix[KV_NR] = {
		[KV_MTHP] = "mthp_",
		[KV_MEMORY_EVENTS] = "memory_events_",
		[KV_MEMORY_STAT] = "memory_stat_",
	};
	const char *p = m->id.fam ? prefix[m->id.fam->kv] : NULL;
	char *brace = strchr(name, '{');

	if (p && !strncmp(name, p, strlen(p)))
		snprintf(name, len, "%s*%s", p, brace ? brace : "");
}

/*
 * Footnote k's series not shown as rows: their names without labels,
 * once each, then the labels when they all share them.
 */
static int print_note_series(const struct summary *s, int k, int col)
{
	char list[4096] = "", name[METRIC_NAME_LEN], labels[METRIC_NAME_LEN] = "";
	unsigned int n = 0, hidden = 0;
	bool one_label_set = true, all_in_cgroup = true;

	for (size_t i = 0; i < s->ms->n; i++) {
		char *brace, word[METRIC_NAME_LEN + 4];

		if (s->note[i] != k || shown_as_row(s, i))
			continue;
		if (in_records_cgroup(s, &s->ms->m[i]))
			name_in_cgroup(name, sizeof(name), s->ms->m[i].name);
		else {
			all_in_cgroup = false;
			display_name(name, sizeof(name), s->ms->m[i].name,
				     s->o->cgroup_mount);
		}
		kv_group_name(name, sizeof(name), &s->ms->m[i]);
		brace = strchr(name, '{');
		if (brace) {
			if (!hidden)
				snprintf(labels, sizeof(labels), "%s", brace);
			else if (strcmp(labels, brace))
				one_label_set = false;
			*brace = '\0';
		} else if (hidden && labels[0]) {
			one_label_set = false;
		}
		hidden++;
		snprintf(word, sizeof(word), "%s, ", name);
		if (!strstr(list, word) && n + strlen(word) < sizeof(list))
			n += snprintf(list + n, sizeof(list) - n, "%s", word);
	}
	if (!hidden)
		return col;
	list[n - 2] = '\0';
	if (one_label_set && labels[0])
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 " %s", labels);
	if (all_in_cgroup)
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 " in the cgroup");
	snprintf(list + strlen(list), sizeof(list) - strlen(list),
		 " (%u series)", hidden);
	fputc(':', s->f);
	return wrap_print(s->f, list, col + 1, 6, WIDTH);
}

static void print_notes(const struct summary *s)
{
	if (!s->na.n)
		return;
	fprintf(s->f, "\nn/a:\n");
	for (int k = 1; k <= s->na.n; k++) {
		int col = na_cause_print(s->f, &s->na, k, WIDTH);

		col = print_note_series(s, k, col);
		fputc('\n', s->f);
		na_cause_advice(s->f, &s->na, k, WIDTH);
	}
}

static void print_header(FILE *f, const struct record_meta *meta,
			 unsigned long long events, const char *mount)
{
	size_t ml = mount ? strlen(mount) : 0;

	fprintf(f, "kernel %s, zswap enabled=%s compressor=%s zpool=%s "
		"max_pool_percent=%s shrinker=%s\n", meta->kernel_release,
		meta->zswap_enabled, meta->compressor, meta->zpool,
		meta->max_pool_percent, meta->shrinker_enabled);
	for (int i = 0; i < meta->nr_notes; i++)
		fprintf(f, "note: %s\n", meta->notes[i]);
	if (ml > 1 && !strncmp(meta->cgroup, mount, ml) &&
	    (meta->cgroup[ml] == '/' || !meta->cgroup[ml]))
		fprintf(f, "cgroup %s (below %s)\n", meta->cgroup[ml] ?
			meta->cgroup + ml : "/", mount);
	else if (meta->cgroup[0])
		fprintf(f, "cgroup %s\n", meta->cgroup);
	fprintf(f, "window %.2f s", meta->duration_s);
	if (meta->exit_code >= 0)
		fprintf(f, ", command exit %d after %.2f s", meta->exit_code,
			meta->wall_time_s);
	fprintf(f, "%s, %llu ring buffer events\n\n",
		meta->complete ? "" : " (INCOMPLETE)", events);
}

void summary_print(FILE *f, const struct record_meta *meta,
		   const struct metric_set *ms, unsigned long long events,
		   const struct summary_opts *o)
{
	struct summary s = { .f = f, .ms = ms, .o = o,
			     .cgroup = meta->cgroup[0] ? meta->cgroup : NULL };

	s.note = calloc(ms->n ? ms->n : 1, sizeof(*s.note));
	if (!s.note) {
		fprintf(stderr, "error: out of memory for the summary\n");
		return;
	}
	survey(&s);
	print_header(f, meta, events, o->cgroup_mount);
	print_rows(&s);
	print_hists(&s);
	print_zero_families(&s);
	print_notes(&s);
	free(s.note);
}
