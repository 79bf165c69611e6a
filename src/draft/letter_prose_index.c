// SPDX-License-Identifier: GPL-2.0
/*
 * Where the prose's words stand, by word (letter_words.h): each row's
 * names are looked up, not sought at every offset of the prose, so a
 * long letter of many rows is read in time linear in its length. The
 * words are chained by a hash of their text, the groups of words joined
 * by '/' ("pswpin/out") by their first letter, each chain ascending.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "letter_words.h"

#define WORD_BUCKETS (1u << 16)
#define NONE UINT32_MAX

bool letter_word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static uint32_t word_hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	for (size_t k = 0; k < n; k++)
		h = (h ^ (unsigned char)s[k]) * 16777619u;
	return h & (WORD_BUCKETS - 1);
}

static size_t word_len(const char *s)
{
	size_t n = 0;

	while (letter_word_char(s[n]))
		n++;
	return n;
}

bool letter_slash_joined(const char *t, size_t i)
{
	while (letter_word_char(t[i]) || t[i] == '-')
		i++;
	return t[i] == '/';
}

int letter_prose_index(struct letter_prose *p)
{
	const char *t = p->text;
	size_t nw = 0, w;

	for (size_t i = 0; i < p->len; i++)
		nw += letter_word_char(t[i]) && (!i || !letter_word_char(t[i - 1]));
	p->word_at = malloc((nw ? nw : 1) * sizeof(*p->word_at));
	p->next_word = malloc((nw ? nw : 1) * sizeof(*p->next_word));
	p->next_slash = malloc((nw ? nw : 1) * sizeof(*p->next_slash));
	p->word_head = malloc(WORD_BUCKETS * sizeof(*p->word_head));
	if (!p->word_at || !p->next_word || !p->next_slash || !p->word_head)
		return -1;
	memset(p->word_head, 0xff, WORD_BUCKETS * sizeof(*p->word_head));
	memset(p->slash_head, 0xff, sizeof(p->slash_head));
	w = 0;
	for (size_t i = 0; i < p->len; i++)
		if (letter_word_char(t[i]) && (!i || !letter_word_char(t[i - 1])))
			p->word_at[w++] = (uint32_t)i;
	p->nr_words = nw;
	/* from the last word back, so that each chain ascends */
	for (size_t k = nw; k-- > 0; ) {
		const char *s = t + p->word_at[k];
		uint32_t h = word_hash(s, word_len(s));

		p->next_word[k] = p->word_head[h];
		p->word_head[h] = (uint32_t)k;
		p->next_slash[k] = NONE;
		if (letter_slash_joined(t, p->word_at[k])) {
			p->next_slash[k] = p->slash_head[(unsigned char)*s];
			p->slash_head[(unsigned char)*s] = (uint32_t)k;
		}
	}
	return 0;
}

void letter_prose_index_free(struct letter_prose *p)
{
	free(p->word_at);
	free(p->next_word);
	free(p->next_slash);
	free(p->word_head);
	p->word_at = p->next_word = p->next_slash = p->word_head = NULL;
}

/* Word k's text is the n characters of s, whole. */
static bool word_is(const struct letter_prose *p, uint32_t k, const char *s, size_t n)
{
	const char *w = p->text + p->word_at[k];

	return !strncmp(w, s, n) && !letter_word_char(w[n]);
}

/*
 * Merges the ascending chain from k (words whose text is s[0..n), or
 * any when n is 0) into at[0..*nr), up to max.
 */
static void merge_chain(const struct letter_prose *p, uint32_t k, const uint32_t *next,
			const char *s, size_t n, size_t *at, size_t *nr, size_t max)
{
	size_t o = 0, m = *nr, tmp[LETTER_PROSE_MENTIONS * 2];

	for (size_t a = 0; (k != NONE || a < m) && o < max; ) {
		if (k != NONE && n && !word_is(p, k, s, n)) {
			k = next[k];
			continue;
		}
		if (k == NONE || (a < m && at[a] <= p->word_at[k])) {
			if (k != NONE && at[a] == p->word_at[k])
				k = next[k];	/* once */
			tmp[o++] = at[a++];
		} else {
			tmp[o++] = p->word_at[k];
			k = next[k];
		}
	}
	memcpy(at, tmp, o * sizeof(*at));
	*nr = o;
}

size_t letter_prose_mentions(const struct letter_prose *p, const char *name, size_t *at,
			     size_t max)
{
	static const char *const plural[] = { "", "s", "es" };
	size_t n = word_len(name), nr = 0;
	char w[LETTER_NAME_LEN];

	if (max > LETTER_PROSE_MENTIONS)
		max = LETTER_PROSE_MENTIONS;
	if (!n || n + 3 > sizeof(w) || !p->word_head)
		return 0;
	/* "pswpin" is named by "pswpins" too, where the name is one word */
	for (int k = 0; k < 3 && (k == 0 || !name[n]); k++) {
		size_t wn;

		memcpy(w, name, n);
		strcpy(w + n, plural[k]);
		wn = strlen(w);
		merge_chain(p, p->word_head[word_hash(w, wn)], p->next_word, w, wn, at,
			    &nr, max);
	}
	merge_chain(p, p->slash_head[(unsigned char)name[0]], p->next_slash, NULL, 0, at,
		    &nr, max);
	return nr;
}
