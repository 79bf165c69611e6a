// SPDX-License-Identifier: GPL-2.0
/*
 * Every metric name the documentation gives for a claims row is one the
 * claims check accepts: the `metric:` and `requires:` values of the YAML
 * examples in README.md, claims/FORMAT.md, docs/ and man/ pages, the
 * labeled names the claims format's own pages give (claims/FORMAT.md,
 * man/zswap-claims.5, docs/claims.md), and every HIST{stat=S} anywhere.
 */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "counters.h"
#include "harness.h"
#include "metric_name_check.h"
#include "metrics.h"

struct doc_ctx {
	const char *file;
	bool claims_page;	/* its labeled names are claims rows' */
	int found;
};

/* roff escapes out: \- is -, \e is \, font changes \fB \fI \fR \fP go */
static void unroff(char *s)
{
	char *w = s;

	for (char *r = s; *r; ) {
		if (r[0] == '\\' && r[1] == '-') {
			*w++ = '-';
			r += 2;
		} else if (r[0] == '\\' && r[1] == 'e') {
			*w++ = '\\';
			r += 2;
		} else if (r[0] == '\\' && r[1] == 'f' && r[2]) {
			r += 3;
		} else {
			*w++ = *r++;
		}
	}
	*w = '\0';
}

static void check_name(struct doc_ctx *c, int line, const char *name, size_t n)
{
	char buf[METRIC_NAME_LEN], why[512];

	if (n >= 2 && (name[0] == '"' || name[0] == '\'') && name[n - 1] == name[0]) {
		name++;
		n -= 2;
	}
	if (!n)
		return;
	snprintf(buf, sizeof(buf), "%.*s", (int)n, name);
	c->found++;
	CHECK(!metric_name_check(buf, why, sizeof(why)), "%s:%d: '%s': %s",
	      c->file, line, buf, why);
}

/* A YAML value: a name, or a flow list of names (commas inside braces kept). */
static void yaml_names(struct doc_ctx *c, int line, char *v)
{
	char *hash = strstr(v, " #");
	size_t n;

	if (hash)
		*hash = '\0';
	while (*v == ' ')
		v++;
	n = strlen(v);
	while (n && (v[n - 1] == ' ' || v[n - 1] == '\r'))
		v[--n] = '\0';
	if (v[0] != '[') {
		check_name(c, line, v, n);
		return;
	}
	if (n < 2 || v[n - 1] != ']')
		return;
	v[n - 1] = '\0';
	for (char *p = v + 1; *p; ) {
		int depth = 0;
		bool quoted = false;
		char *s;

		while (*p == ' ')
			p++;
		for (s = p; *p && (depth || quoted || *p != ','); p++) {
			if (*p == '"')
				quoted = !quoted;
			else if (*p == '{')
				depth++;
			else if (*p == '}' && depth)
				depth--;
		}
		check_name(c, line, s, p - s);
		if (*p)
			p++;
	}
}

static bool lower_start(const char *line, const char *p)
{
	return *p >= 'a' && *p <= 'z' &&
	       (p == line || !(p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
			       (p[-1] >= 'A' && p[-1] <= 'Z') ||
			       (p[-1] >= '0' && p[-1] <= '9')));
}

/*
 * NAME{...}... in running text: on the claims pages every such name with
 * a KEY=VALUE, elsewhere those with {stat=S}.
 */
static void inline_names(struct doc_ctx *c, int line, const char *text)
{
	for (const char *p = text; *p; p++) {
		const char *q = p, *close, *stat;
		bool kv = false;

		if (!lower_start(text, p))
			continue;
		while ((*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9') || *q == '_')
			q++;
		while (*q == '{' && (close = strchr(q, '}')) &&
		       !memchr(q + 1, '{', close - q - 1) &&
		       !memchr(q, ' ', close - q) && !memchr(q, '`', close - q)) {
			kv |= memchr(q, '=', close - q) != NULL;
			q = close + 1;
		}
		stat = strstr(p, "{stat=");
		if (kv && (c->claims_page || (stat && stat < q)))
			check_name(c, line, p, q - p);
		p = q - 1;
	}
}

static void check_file(const char *root, const char *rel, bool claims_page,
		       int *found)
{
	char path[1024], *text, *l, *next;
	struct doc_ctx c = { .file = rel, .claims_page = claims_page };
	int line = 0;

	snprintf(path, sizeof(path), "%.500s/%.500s", root, rel);
	text = read_file(path, 1 << 22);
	CHECK(text != NULL, "%s readable", path);
	if (!text)
		return;
	for (l = text; l; l = next) {
		char *s = l, *key;

		next = strchr(l, '\n');
		if (next)
			*next++ = '\0';
		line++;
		unroff(l);
		while (*s == ' ' || *s == '\t')
			s++;
		if (!strncmp(s, "- ", 2))
			s += 2;
		key = !strncmp(s, "metric:", 7) ? s + 7 :
		      !strncmp(s, "requires:", 9) ? s + 9 : NULL;
		if (key)
			yaml_names(&c, line, key);
		else
			inline_names(&c, line, l);
	}
	free(text);
	*found += c.found;
}

static int md_file(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 3 && !strcmp(d->d_name + n - 3, ".md");
}

static int man_file(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

static void check_dir(const char *root, const char *dir,
		      int (*filter)(const struct dirent *), int *found)
{
	char path[1024], rel[600];
	struct dirent **f;
	int n;

	snprintf(path, sizeof(path), "%.500s/%s", root, dir);
	n = scandir(path, &f, filter, alphasort);
	CHECK(n > 0, "%s has pages", path);
	for (int i = 0; i < n; i++) {
		snprintf(rel, sizeof(rel), "%s/%.255s", dir, f[i]->d_name);
		check_file(root, rel, !strcmp(rel, "docs/claims.md") ||
			   !strcmp(rel, "man/zswap-claims.5"), found);
		free(f[i]);
	}
	free(n > 0 ? f : NULL);
}

void test_doc_names(void)
{
	char root[512];
	int found = 0, format = 0, man = 0;

	snprintf(root, sizeof(root), "%s/../..", fixtures_dir);
	check_file(root, "README.md", false, &found);
	check_file(root, "claims/FORMAT.md", true, &format);
	check_dir(root, "docs", md_file, &found);
	check_dir(root, "man", man_file, &man);
	/* the extraction finds them: an empty harvest proves nothing */
	CHECK(format >= 5 && man >= 3 && found + format + man >= 12,
	      "names found in the docs: FORMAT.md %d, man %d, all %d", format,
	      man, found + format + man);
}
