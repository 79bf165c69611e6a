// SPDX-License-Identifier: GPL-2.0
/*
 * Per-cgroup zswap rows: BPF memcg-event counts joined with the cgroup's
 * files, the id resolved to a path through a cached hierarchy walk.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "cgroup_stats.h"
#include "counters.h"
#include "grow.h"
#include "session.h"
#include "trace_helpers.h"

/* ---- counts of every cgroup, from the BPF map ---------------------- */

void cgroup_counts_free(struct cgroup_counts_set *set)
{
	free(set->ids);
	free(set->counts);
	memset(set, 0, sizeof(*set));
}

int cgroup_counts_add(struct cgroup_counts_set *set, unsigned long long id,
		      const struct zs_cgroup_counts *c)
{
	if (set->n == set->cap) {
		size_t cap = set->cap ? set->cap * 2 : 64;
		unsigned long long *ids = realloc(set->ids, cap * sizeof(*ids));
		struct zs_cgroup_counts *cs;

		if (!ids)
			return -ENOMEM;
		set->ids = ids;
		cs = realloc(set->counts, cap * sizeof(*cs));
		if (!cs)
			return -ENOMEM;
		set->counts = cs;
		set->cap = cap;
	}
	set->ids[set->n] = id;
	set->counts[set->n] = *c;
	set->n++;
	return 0;
}

/* Insertion order of a hash map is arbitrary: sort ids and counts together. */
void cgroup_counts_sort(struct cgroup_counts_set *set)
{
	for (size_t i = 1; i < set->n; i++) {
		unsigned long long id = set->ids[i];
		struct zs_cgroup_counts c = set->counts[i];
		size_t j = i;

		for (; j > 0 && set->ids[j - 1] > id; j--) {
			set->ids[j] = set->ids[j - 1];
			set->counts[j] = set->counts[j - 1];
		}
		set->ids[j] = id;
		set->counts[j] = c;
	}
}

const struct zs_cgroup_counts *
cgroup_counts_find(const struct cgroup_counts_set *set, unsigned long long id)
{
	size_t lo = 0, hi = set->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (set->ids[mid] == id)
			return &set->counts[mid];
		if (set->ids[mid] < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

int cgroup_counts_lookup(int map_fd, unsigned long long id,
			 struct zs_cgroup_counts *out)
{
	return percpu_hash_sum(map_fd, &id, sizeof(*out) / sizeof(__u64),
			       (unsigned long long *)out);
}

int cgroup_counts_read(int map_fd, struct cgroup_counts_set *out)
{
	unsigned long long key, next, *prev = NULL;
	struct zs_cgroup_counts c;
	int err;

	out->n = 0;
	if (map_fd < 0)
		return -EBADF;
	while (!bpf_map_get_next_key(map_fd, prev, &next)) {
		key = next;
		prev = &key;
		/* deleted between the two calls: skip it */
		if (cgroup_counts_lookup(map_fd, key, &c))
			continue;
		err = cgroup_counts_add(out, key, &c);
		if (err)
			return err;
	}
	if (errno != ENOENT)
		return -errno;
	cgroup_counts_sort(out);
	return 0;
}

/* ---- the memory controller's hierarchy ---------------------------- */

/* mountinfo escapes blanks in paths as \040 and friends (octal). */
static void unescape_octal(char *s)
{
	char *w = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '7' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*w++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 +
				      (s[3] - '0'));
			s += 3;
		} else {
			*w++ = *s;
		}
	}
	*w = '\0';
}

static bool has_option(const char *opts, const char *opt)
{
	size_t n = strlen(opt);

	for (const char *p = opts; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (!strncmp(p, opt, n) && (p[n] == ',' || p[n] == '\0'))
			return true;
	return false;
}

int cgroup_memory_mount(const char *mountinfo, char *out, size_t len)
{
	char v2[PATH_MAX] = "";
	const char *line = mountinfo;

	while (line && *line) {
		char mnt[PATH_MAX], fstype[64], super[512];
		const char *nl = strchr(line, '\n'), *sep;
		char buf[2 * PATH_MAX];
		size_t l = nl ? (size_t)(nl - line) : strlen(line);

		if (l >= sizeof(buf))
			l = sizeof(buf) - 1;
		memcpy(buf, line, l);
		buf[l] = '\0';
		line = nl ? nl + 1 : NULL;
		/* ID PARENT MAJ:MIN ROOT MOUNT OPTS [OPTIONAL...] - FSTYPE SRC SUPER */
		sep = strstr(buf, " - ");
		if (!sep || sscanf(buf, "%*s %*s %*s %*s %4095s", mnt) != 1 ||
		    sscanf(sep + 3, "%63s %*s %511s", fstype, super) != 2)
			continue;
		unescape_octal(mnt);
		if (!strcmp(fstype, "cgroup") && has_option(super, "memory")) {
			snprintf(out, len, "%s", mnt);
			return 0;
		}
		if (!strcmp(fstype, "cgroup2") && !v2[0])
			snprintf(v2, sizeof(v2), "%s", mnt);
	}
	if (!v2[0])
		return -ENOENT;
	snprintf(out, len, "%s", v2);
	return 0;
}

/* ---- id -> path cache --------------------------------------------- */

struct path_ent {
	unsigned long long id;
	char *path;
};

struct cgroup_paths {
	char mount[PATH_MAX];
	struct path_ent *e;	/* sorted by id, from the last walk */
	size_t n, cap;
	unsigned long long *gone;	/* ids a walk did not find: removed */
	size_t ngone, gcap;
	bool walked;		/* in this round */
	bool v2;		/* cgroup2: the files below exist only there */
	unsigned int walks;
};

struct cgroup_paths *cgroup_paths_new(const char *mount)
{
	struct cgroup_paths *c = calloc(1, sizeof(*c));
	char path[PATH_MAX + 32];

	if (!c)
		return NULL;
	snprintf(c->mount, sizeof(c->mount), "%s", mount);
	/* a trailing slash would double up in mount + "/path" */
	for (size_t l = strlen(c->mount); l > 1 && c->mount[l - 1] == '/'; l--)
		c->mount[l - 1] = '\0';
	/*
	 * v1 has no memory.zswap.current, no zswap line in memory.stat and no
	 * pressure files, and its memory.stat is costly (hierarchical totals):
	 * reading nothing there keeps 500 cgroups cheap.
	 */
	snprintf(path, sizeof(path), "%s/cgroup.controllers", c->mount);
	c->v2 = !access(path, F_OK);
	return c;
}

static void entries_clear(struct cgroup_paths *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->e[i].path);
	c->n = 0;
}

void cgroup_paths_free(struct cgroup_paths *c)
{
	if (!c)
		return;
	entries_clear(c);
	free(c->e);
	free(c->gone);
	free(c);
}

const char *cgroup_paths_mount(const struct cgroup_paths *c)
{
	return c->mount;
}

void cgroup_paths_next_round(struct cgroup_paths *c)
{
	c->walked = false;
}

unsigned int cgroup_paths_walks(const struct cgroup_paths *c)
{
	return c->walks;
}

static int entry_add(struct cgroup_paths *c, unsigned long long id,
		     const char *path)
{
	if (c->n == c->cap &&
	    grow_array((void **)&c->e, &c->cap, 256, sizeof(*c->e)))
		return -ENOMEM;
	c->e[c->n].path = strdup(path);
	if (!c->e[c->n].path)
		return -ENOMEM;
	c->e[c->n].id = id;
	c->n++;
	return 0;
}

/* Every directory below dirfd (whose path is rel), depth first. */
static int walk_dir(struct cgroup_paths *c, int dirfd, const char *rel)
{
	DIR *d = fdopendir(dirfd);
	struct dirent *de;
	int err = 0;

	if (!d) {
		close(dirfd);
		return -errno;
	}
	while (!err && (de = readdir(d))) {
		char path[PATH_MAX];
		struct stat st;
		int fd;

		if (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN)
			continue;
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (fstatat(dirfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) ||
		    !S_ISDIR(st.st_mode))
			continue;	/* removed meanwhile, or a file */
		snprintf(path, sizeof(path), "%s/%s", strcmp(rel, "/") ? rel : "",
			 de->d_name);
		err = entry_add(c, st.st_ino, path);
		if (err)
			break;
		fd = openat(dirfd, de->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd >= 0)
			err = walk_dir(c, fd, path);
	}
	closedir(d);
	return err;
}

static int ent_cmp(const void *a, const void *b)
{
	const struct path_ent *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

static int walk(struct cgroup_paths *c)
{
	struct stat st;
	int fd, err;

	entries_clear(c);
	c->walked = true;
	c->walks++;
	fd = open(c->mount, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st)) {
		err = -errno;
		close(fd);
		return err;
	}
	err = entry_add(c, st.st_ino, "/");
	if (err) {
		close(fd);
		return err;
	}
	err = walk_dir(c, fd, "/");
	qsort(c->e, c->n, sizeof(c->e[0]), ent_cmp);
	return err;
}

static const struct path_ent *entry_find(const struct cgroup_paths *c,
					 unsigned long long id)
{
	struct path_ent key = { .id = id };

	return c->n ? bsearch(&key, c->e, c->n, sizeof(c->e[0]), ent_cmp) : NULL;
}

static bool is_gone(const struct cgroup_paths *c, unsigned long long id)
{
	for (size_t i = 0; i < c->ngone; i++)
		if (c->gone[i] == id)
			return true;
	return false;
}

static void mark_gone(struct cgroup_paths *c, unsigned long long id)
{
	if (c->ngone == c->gcap &&
	    grow_array((void **)&c->gone, &c->gcap, 64, sizeof(*c->gone)))
		return;
	c->gone[c->ngone++] = id;
}

/* The cached path still names the same directory (not renamed, removed). */
static bool still_valid(const struct cgroup_paths *c, const struct path_ent *e)
{
	char full[2 * PATH_MAX];
	struct stat st;

	snprintf(full, sizeof(full), "%s%s", c->mount,
		 strcmp(e->path, "/") ? e->path : "");
	return !stat(full, &st) && st.st_ino == e->id;
}

int cgroup_paths_lookup(struct cgroup_paths *c, unsigned long long id,
			char *out, size_t len)
{
	const struct path_ent *e = entry_find(c, id);

	if (e && (c->walked || still_valid(c, e))) {
		snprintf(out, len, "%s", e->path);
		return 0;
	}
	if (is_gone(c, id))
		return -ENOENT;
	if (!c->walked) {
		walk(c);
		e = entry_find(c, id);
		if (e) {
			snprintf(out, len, "%s", e->path);
			return 0;
		}
	}
	/*
	 * The map was read before the walk, so a cgroup with events that the
	 * walk does not find has been removed; kernfs ids are not reused.
	 */
	mark_gone(c, id);
	return -ENOENT;
}

/* ---- the cgroup's own files ---------------------------------------- */

static bool read_ull(const char *path, unsigned long long *v)
{
	char *text = read_file(path, 4096), *end;
	bool ok;

	if (!text)
		return false;
	*v = strtoull(text, &end, 10);
	ok = end != text;
	free(text);
	return ok;
}

static bool read_kv(const char *path, const char *key,
		    int (*parse)(const char *, struct kvset *),
		    unsigned long long *v)
{
	char *text = read_file(path, 1 << 16);
	struct kvset kv = {};
	double d;
	bool ok = false;

	if (!text)
		return false;
	if (parse(text, &kv) > 0 && kvset_get(&kv, key, &d) && d >= 0) {
		*v = (unsigned long long)d;
		ok = true;
	}
	kvset_free(&kv);
	free(text);
	return ok;
}

/*
 * One "key value" line of a memory.stat text, without parsing the other
 * 40-odd: this runs for every cgroup at every interval.
 */
static bool stat_line(const char *text, const char *key, unsigned long long *v)
{
	size_t klen = strlen(key);
	char *end;

	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		if (strncmp(p, key, klen) || p[klen] != ' ')
			continue;
		*v = strtoull(p + klen + 1, &end, 10);
		return end != p + klen + 1;
	}
	return false;
}

int cgroup_counts_read_memstat(struct cgroup_paths *c,
			       struct cgroup_counts_set *out, bool *has_zswpwb)
{
	int err;

	*has_zswpwb = false;
	if (!c->v2)
		return -EOPNOTSUPP;
	err = walk(c);
	if (err)
		return err;
	for (size_t i = 0; i < c->n; i++) {
		char path[PATH_MAX + 32], *text;
		struct zs_cgroup_counts k = {};

		snprintf(path, sizeof(path), "%s%s/memory.stat", c->mount,
			 strcmp(c->e[i].path, "/") ? c->e[i].path : "");
		/* removed meanwhile, or no memory controller there */
		text = read_file(path, 1 << 16);
		if (text && stat_line(text, "zswpout", &k.zswpout) &&
		    stat_line(text, "zswpin", &k.zswpin)) {
			if (stat_line(text, "zswpwb", &k.zswpwb))
				*has_zswpwb = true;
			err = cgroup_counts_add(out, c->e[i].id, &k);
		}
		free(text);
		if (err)
			return err;
	}
	/* the walk sorted its entries by id already */
	return 0;
}

void cgroup_row_read_files(struct cgroup_row *r, const char *dir)
{
	char path[PATH_MAX + 32], *text;

	snprintf(path, sizeof(path), "%s/memory.zswap.current", dir);
	r->has_zswap_bytes = read_ull(path, &r->zswap_bytes);
	/* one read of memory.stat for its two zswap levels */
	snprintf(path, sizeof(path), "%s/memory.stat", dir);
	text = read_file(path, 1 << 16);
	if (!r->has_zswap_bytes)
		r->has_zswap_bytes = text && stat_line(text, "zswap",
						       &r->zswap_bytes);
	r->has_zswapped = text && stat_line(text, "zswapped", &r->zswapped_bytes);
	free(text);
	snprintf(path, sizeof(path), "%s/memory.events", dir);
	text = read_file(path, 4096);
	r->has_events = text && stat_line(text, "high", &r->events_high) &&
			stat_line(text, "max", &r->events_max);
	free(text);
	snprintf(path, sizeof(path), "%s/memory.pressure", dir);
	r->has_mem_full = read_kv(path, "full_total", parse_pressure,
				  &r->mem_pressure_full_us);
	snprintf(path, sizeof(path), "%s/io.pressure", dir);
	r->has_io_full = read_kv(path, "full_total", parse_pressure,
				 &r->io_pressure_full_us);
}

/* ---- the table ------------------------------------------------------ */

void cgroup_table_free(struct cgroup_table *t)
{
	free(t->rows);
	memset(t, 0, sizeof(*t));
}

static struct cgroup_row *row_add(struct cgroup_table *t, unsigned long long id)
{
	if (t->n == t->cap &&
	    grow_array((void **)&t->rows, &t->cap, 64, sizeof(*t->rows)))
		return NULL;
	memset(&t->rows[t->n], 0, sizeof(t->rows[0]));
	t->rows[t->n].id = id;
	return &t->rows[t->n++];
}

static unsigned long long sub(unsigned long long a, unsigned long long b)
{
	return a >= b ? a - b : 0;
}

static int row_cmp(const void *a, const void *b)
{
	const struct cgroup_row *x = a, *y = b;

	if (x->path_known != y->path_known)
		return x->path_known ? -1 : 1;
	if (!x->path_known)
		return x->id < y->id ? -1 : x->id > y->id;
	return strcmp(x->path, y->path);
}

static int fill_row(struct cgroup_row *r, struct cgroup_paths *c)
{
	char dir[PATH_MAX + 256];

	if (cgroup_paths_lookup(c, r->id, r->path, sizeof(r->path))) {
		snprintf(r->path, sizeof(r->path), "(removed cgroup %llu)", r->id);
		return 0;
	}
	r->path_known = true;
	if (!c->v2)
		return 0;
	snprintf(dir, sizeof(dir), "%s%s", cgroup_paths_mount(c),
		 strcmp(r->path, "/") ? r->path : "");
	cgroup_row_read_files(r, dir);
	return 0;
}

int cgroup_table_build(struct cgroup_table *t, struct cgroup_paths *c,
		       const struct cgroup_counts_set *now,
		       const struct cgroup_counts_set *base,
		       unsigned long long extra_id)
{
	bool have_extra = !extra_id;

	t->n = 0;
	for (size_t i = 0; i < now->n; i++) {
		const struct zs_cgroup_counts *b = base ?
			cgroup_counts_find(base, now->ids[i]) : NULL;
		const struct zs_cgroup_counts *n = &now->counts[i];
		struct cgroup_row *r;

		/* no events in this window: not a zswap user now */
		if (b && n->zswpout == b->zswpout && n->zswpin == b->zswpin &&
		    n->zswpwb == b->zswpwb && now->ids[i] != extra_id)
			continue;
		r = row_add(t, now->ids[i]);
		if (!r)
			return -ENOMEM;
		r->zswpout = sub(n->zswpout, b ? b->zswpout : 0);
		r->zswpin = sub(n->zswpin, b ? b->zswpin : 0);
		r->zswpwb = sub(n->zswpwb, b ? b->zswpwb : 0);
		if (now->ids[i] == extra_id)
			have_extra = true;
		fill_row(r, c);
	}
	if (!have_extra) {
		struct cgroup_row *r = row_add(t, extra_id);

		if (!r)
			return -ENOMEM;
		fill_row(r, c);
	}
	/* no rows and no --cgroup: rows may still be NULL (qsort's nonnull) */
	if (t->n > 1)
		qsort(t->rows, t->n, sizeof(t->rows[0]), row_cmp);
	return 0;
}

/* One cache for the process: the hierarchy does not move. */
int cgroup_hierarchy_mount(char *out, size_t len)
{
	char *mi = read_file("/proc/self/mountinfo", 1 << 20);
	int err;

	if (!mi)
		return -errno;
	err = cgroup_memory_mount(mi, out, len);
	free(mi);
	return err;
}

static struct cgroup_paths *hierarchy_paths(void)
{
	static struct cgroup_paths *paths;
	char mount[PATH_MAX];

	if (paths)
		return paths;
	if (cgroup_hierarchy_mount(mount, sizeof(mount)))
		return NULL;
	paths = cgroup_paths_new(mount);
	return paths;
}

int cgroup_counts_snapshot(struct session *s, struct cgroup_counts_set *out,
			   enum cgroup_counts_src *src, bool *has_zswpwb)
{
	struct cgroup_paths *paths = hierarchy_paths();
	bool bpf = plan_hook(&s->plan, HOOK_MEMCG_EVENTS) != NULL;
	int err;

	*has_zswpwb = true;
	if (!bpf && paths) {
		*src = CGC_MEMORY_STAT;
		err = cgroup_counts_read_memstat(paths, out, has_zswpwb);
		if (err != -EOPNOTSUPP)
			return err;
	}
	*src = bpf ? CGC_BPF : CGC_NONE;
	return cgroup_counts_read(s->cgroup_counts_fd, out);
}

/*
 * Removed cgroups leave the BPF map once this round has shown them (their
 * ids are never reused): without it a host that keeps creating cgroups
 * fills cgroup_counts, and new cgroups go uncounted (map_full_drops).
 */
static void prune_removed(int map_fd, struct cgroup_paths *paths,
			  const struct cgroup_counts_set *now)
{
	char path[PATH_MAX];

	for (size_t i = 0; i < now->n; i++)
		if (cgroup_paths_lookup(paths, now->ids[i], path,
					sizeof(path)) == -ENOENT)
			bpf_map_delete_elem(map_fd, &now->ids[i]);
}

int cgroup_table_read(struct session *s, struct cgroup_table *t)
{
	struct cgroup_counts_set now = {};
	struct cgroup_paths *paths = hierarchy_paths();
	int err;

	t->n = 0;
	if (!paths)
		return -ENOENT;
	/* a memory.stat snapshot walks the hierarchy: that is this round's */
	cgroup_paths_next_round(paths);
	err = cgroup_counts_snapshot(s, &now, &t->src, &t->has_zswpwb);
	if (!err)
		err = cgroup_table_build(t, paths, &now, &s->cg_bases,
					 s->cgroup_id);
	if (!err && t->src == CGC_BPF)
		prune_removed(s->cgroup_counts_fd, paths, &now);
	cgroup_counts_free(&now);
	return err;
}
