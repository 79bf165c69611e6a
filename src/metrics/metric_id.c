// SPDX-License-Identifier: GPL-2.0
/* Metric identities: rendering keys, the one key parser, label access. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "fnv.h"
#include "metric_id.h"

static void add_label(struct metric_id *id, size_t key_off, size_t key_len,
		      size_t val_off, size_t val_len)
{
	int i = id->nlabels++;

	id->lab[i].key_off = key_off;
	id->lab[i].key_len = key_len;
	id->lab[i].val_off = val_off;
	id->lab[i].val_len = val_len;
}

int metric_id_render(char *key, size_t len, struct metric_id *id,
		     const struct metric_family *f,
		     const struct metric_label *l, int n)
{
	size_t used;
	int first = 0;

	memset(id, 0, sizeof(*id));
	id->fam = f;
	used = snprintf(key, len, "%s", f->name);
	/* a suffix family's first label is the end of its name */
	if (f->suffix && n > 0) {
		size_t at = used;

		used += snprintf(key + used, used < len ? len - used : 0, "%s",
				 l[0].value);
		if (used >= len)
			return -1;
		add_label(id, 0, 0, at, used - at);
		first = 1;
	}
	for (int i = first; i < n && i < METRIC_MAX_LABELS; i++) {
		size_t k, v;

		used += snprintf(key + used, used < len ? len - used : 0, "%s",
				 i > first ? "," : "{");
		k = used;
		used += snprintf(key + used, used < len ? len - used : 0, "%s=",
				 l[i].key);
		v = used;
		used += snprintf(key + used, used < len ? len - used : 0, "%s",
				 l[i].value);
		if (used + 1 >= len) {
			/* cut: close the key where it ends, keep what is whole */
			if (len > 1)
				key[len - 2] = '}';
			return -1;
		}
		add_label(id, k, v - 1 - k, v, used - v);
	}
	if (n > first)
		used += snprintf(key + used, used < len ? len - used : 0, "}");
	return used < len ? 0 : -1;
}

static bool ident_char(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       (!first && c >= '0' && c <= '9');
}

/* ",key=" starting at p: the next label begins there. */
static bool next_label_at(const char *p)
{
	if (*p != ',' || !ident_char(p[1], true))
		return false;
	for (p += 2; ident_char(*p, false); p++)
		;
	return *p == '=';
}

/*
 * Called for every metric of every record read, so families are found by
 * a hash of their names (a scan of every family's name was a twelfth of
 * compare's CPU on 100,000-metric records), and suffix families (few) by
 * a scan of those alone. Built once; the registry is constant.
 */
#define FAMILY_SLOTS 1024	/* a power of two, over 4 x MF_NR */

static struct {
	short exact[FAMILY_SLOTS];	/* family index + 1; 0 empty */
	short suffix[MF_NR];		/* suffix families, in registry order */
	int nr_suffix;
} fam_ix;
static pthread_once_t fam_ix_once = PTHREAD_ONCE_INIT;

static void fam_ix_build(void)
{
	_Static_assert(FAMILY_SLOTS >= 4 * MF_NR, "family hash too small");
	for (int i = 0; i < MF_NR; i++) {
		const char *name = metric_families[i].name;
		size_t h;

		/* a suffix family named "" (debugfs files) is not found by name */
		if (metric_families[i].suffix) {
			if (*name)
				fam_ix.suffix[fam_ix.nr_suffix++] = i;
			continue;
		}
		h = fnv1a(FNV1A_INIT, name, strlen(name));
		while (fam_ix.exact[h & (FAMILY_SLOTS - 1)])
			h++;
		fam_ix.exact[h & (FAMILY_SLOTS - 1)] = i + 1;
	}
}

static const struct metric_family *family_named(const char *base, size_t n,
						size_t *suffix_at)
{
	size_t h = fnv1a(FNV1A_INIT, base, n);

	pthread_once(&fam_ix_once, fam_ix_build);
	*suffix_at = 0;
	for (int i; (i = fam_ix.exact[h & (FAMILY_SLOTS - 1)]); h++) {
		const struct metric_family *f = &metric_families[i - 1];

		if (!strncmp(base, f->name, n) && !f->name[n])
			return f;
	}
	/* then reject_<reason>: a name of its own (reject_rate) wins */
	for (int k = 0; k < fam_ix.nr_suffix; k++) {
		const struct metric_family *f = &metric_families[fam_ix.suffix[k]];
		size_t fl = strlen(f->name);

		if (n > fl && !strncmp(base, f->name, fl)) {
			*suffix_at = fl;
			return f;
		}
	}
	return NULL;
}

const struct metric_family *metric_family_of_key(const char *key)
{
	const char *brace = strchr(key, '{');
	size_t at;

	return family_named(key, brace ? (size_t)(brace - key) : strlen(key),
			    &at);
}

bool metric_stat_suffix(const char *key, size_t *base_len, const char **word,
			size_t *word_len)
{
	size_t n = strlen(key), pl = strlen(METRIC_STAT_PREFIX);
	const char *open = strrchr(key, '{');

	if (!n || key[n - 1] != '}' || !open || open == key ||
	    strncmp(open, METRIC_STAT_PREFIX, pl))
		return false;
	*base_len = (size_t)(open - key);
	*word = open + pl;
	*word_len = (size_t)(key + n - 1 - *word);
	return true;
}

bool metric_unlabelled_key(const char *key, char *out, size_t len)
{
	const char *brace = strchr(key, '{'), *word;
	size_t base_len, wl;

	if (!brace)
		return false;
	if (!metric_stat_suffix(key, &base_len, &word, &wl)) {
		snprintf(out, len, "%.*s", (int)(brace - key), key);
		return true;
	}
	if (key + base_len == brace)	/* NAME{stat=S}: no other labels */
		return false;
	snprintf(out, len, "%.*s%s", (int)(brace - key), key, key + base_len);
	return true;
}

int metric_stat_parse(const char *key, const char *const *words, int n,
		      size_t *base_len, int *st)
{
	const char *word;
	size_t wl;

	if (!metric_stat_suffix(key, base_len, &word, &wl))
		return 0;
	for (int i = 0; i < n; i++)
		if (strlen(words[i]) == wl && !strncmp(word, words[i], wl)) {
			*st = i;
			return 1;
		}
	return -1;
}

int metric_id_parse(const char *key, struct metric_id *id)
{
	const char *brace = strchr(key, '{'), *word;
	size_t len = strlen(key), base, at, p, wl;

	memset(id, 0, sizeof(*id));
	/* KEY{stat=S}: the identity is KEY's, with the statistic */
	if (metric_stat_suffix(key, &len, &word, &wl))
		id->stat_off = len;
	base = brace && (size_t)(brace - key) < len ? (size_t)(brace - key) : len;
	if (base < len && (key[len - 1] != '}' || brace == key))
		return -1;
	if (base == len)
		brace = NULL;
	id->fam = family_named(key, base, &at);
	if (id->fam && id->fam->suffix)
		add_label(id, 0, 0, at, base - at);
	if (!brace)
		return 0;
	for (p = base + 1; p < len - 1;) {
		const char *eq = memchr(key + p, '=', len - 1 - p);
		size_t k = p, v;

		if (!eq || eq == key + p || id->nlabels == METRIC_MAX_LABELS) {
			id->fam = NULL;
			id->nlabels = 0;
			return -1;
		}
		v = eq + 1 - key;
		/* a value runs to the next ",key=" (values may hold commas) */
		for (p = v; p < len - 1 && !next_label_at(key + p); p++)
			;
		add_label(id, k, eq - (key + k), v, p - v);
		if (p < len - 1)
			p++;
	}
	return 0;
}

static void label_key(const char *key, const struct metric_id *id, int i,
		      const char **k, size_t *kl)
{
	if (!id->lab[i].key_len) {
		*k = id->fam ? id->fam->label : "";
		*kl = strlen(*k);
	} else {
		*k = key + id->lab[i].key_off;
		*kl = id->lab[i].key_len;
	}
}

bool metric_id_label(const char *key, const struct metric_id *id,
		     const char *label, char *buf, size_t len)
{
	for (int i = 0; i < id->nlabels; i++) {
		const char *k;
		size_t kl;

		label_key(key, id, i, &k, &kl);
		if (kl == strlen(label) && !strncmp(k, label, kl)) {
			snprintf(buf, len, "%.*s", (int)id->lab[i].val_len,
				 key + id->lab[i].val_off);
			return true;
		}
	}
	return false;
}

void metric_id_labels(const char *key, const struct metric_id *id,
		      struct metric_label_set *out)
{
	size_t used = 0;

	out->n = 0;
	for (int i = 0; i < id->nlabels; i++) {
		const char *k;
		size_t kl, vl = id->lab[i].val_len;

		label_key(key, id, i, &k, &kl);
		if (used + kl + vl + 2 > sizeof(out->store))
			break;
		out->l[out->n].key = memcpy(out->store + used, k, kl);
		out->store[used + kl] = '\0';
		used += kl + 1;
		out->l[out->n].value = memcpy(out->store + used,
					      key + id->lab[i].val_off, vl);
		out->store[used + vl] = '\0';
		used += vl + 1;
		out->n++;
	}
}

const struct metric_direction *metric_id_direction(const char *key,
						   const struct metric_id *id)
{
	char value[128];
	const char *label;

	if (!id->fam)
		return &metric_direction_neutral;
	label = id->fam->gating_value && id->fam->label &&
		metric_id_label(key, id, id->fam->label, value, sizeof(value)) ?
		value : NULL;
	return metric_family_direction(id->fam, label);
}
