// SPDX-License-Identifier: GPL-2.0
/*
 * Per-cgroup rows on a fake hierarchy in a temporary directory: ids are
 * the directories' inode numbers (as kernfs ids are on cgroupfs), taken
 * with stat() here, independently of the walker. Pressure files are the
 * ones captured from real kernels; expected totals are read out of their
 * text with strstr, not with the parser under test.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "cgroup_stats.h"
#include "counters.h"
#include "harness.h"

static unsigned long long ino_of(const char *path)
{
	struct stat st;

	return stat(path, &st) ? 0 : st.st_ino;
}

static void put(const char *dir, const char *name, const char *text)
{
	char path[1024];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* "full ... total=N" of a pressure file, found by hand. */
static unsigned long long raw_full_total(const char *text)
{
	const char *p = strstr(text, "full ");

	p = p ? strstr(p, "total=") : NULL;
	return p ? strtoull(p + 6, NULL, 10) : 0;
}

static void test_mountinfo(void)
{
	const char *v1 =
		"31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
		"32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n"
		"35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
		"41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
	const char *v2 =
		"25 20 0:22 / /sys/fs/cgroup rw,nosuid shared:9 - cgroup2 cgroup2 rw,nsdelegate\n";
	const char *combined =
		"41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n"
		"35 31 0:32 / /cg\\040mem rw,relatime shared:3 - cgroup cgroup rw,cpu,memory\n";
	const char *none =
		"32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n"
		"33 31 0:29 / /sys/fs/cgroup/memx rw,relatime - cgroup cgroup rw,memoryx\n";
	char out[256];

	CHECK(!cgroup_memory_mount(v1, out, sizeof(out)) &&
	      !strcmp(out, "/sys/fs/cgroup/memory"), "v1 memory mount: %s", out);
	CHECK(!cgroup_memory_mount(v2, out, sizeof(out)) &&
	      !strcmp(out, "/sys/fs/cgroup"), "cgroup2 mount: %s", out);
	CHECK(!cgroup_memory_mount(combined, out, sizeof(out)) &&
	      !strcmp(out, "/cg mem"),
	      "v1 memory (co-mounted, escaped blank) wins over cgroup2: %s", out);
	CHECK(cgroup_memory_mount(none, out, sizeof(out)) == -ENOENT,
	      "no memory hierarchy: -ENOENT");
}

static void test_counts_set(void)
{
	struct cgroup_counts_set s = {};
	unsigned long long ids[] = { 90, 7, 4000000000ULL, 12, 1 };

	for (int i = 0; i < 5; i++) {
		struct zs_cgroup_counts c = { ids[i] * 3, ids[i] * 5, ids[i] };

		cgroup_counts_add(&s, ids[i], &c);
	}
	cgroup_counts_sort(&s);
	CHECK(s.ids[0] == 1 && s.ids[4] == 4000000000ULL, "sorted by id");
	for (int i = 0; i < 5; i++) {
		const struct zs_cgroup_counts *c = cgroup_counts_find(&s, ids[i]);

		CHECK(c && c->zswpout == ids[i] * 3 && c->zswpin == ids[i] * 5,
		      "id %llu found with its counts", ids[i]);
	}
	CHECK(!cgroup_counts_find(&s, 8), "absent id not found");
	cgroup_counts_free(&s);
}

struct tree {
	char root[64];
	char a[128], ab[128], c[128], odd[128];
};

static int tree_make(struct tree *t)
{
	snprintf(t->root, sizeof(t->root), "/tmp/zswap-cg-test.XXXXXX");
	if (!mkdtemp(t->root))
		return -1;
	snprintf(t->a, sizeof(t->a), "%s/a", t->root);
	snprintf(t->ab, sizeof(t->ab), "%s/a/b", t->root);
	snprintf(t->c, sizeof(t->c), "%s/c", t->root);
	/* a name with a quote and a newline, as cgroupfs allows */
	snprintf(t->odd, sizeof(t->odd), "%s/q\"x\ny", t->root);
	if (mkdir(t->a, 0755) || mkdir(t->ab, 0755) || mkdir(t->c, 0755) ||
	    mkdir(t->odd, 0755))
		return -1;
	put(t->root, "cgroup.controllers", "memory io\n");	/* a cgroup2 root */
	return 0;
}

static void tree_remove(const struct tree *t)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", t->root);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", t->root);
}

static void test_paths(const struct tree *t)
{
	struct cgroup_paths *c = cgroup_paths_new(t->root);
	char p[256], moved[160], fresh[160];
	unsigned long long id_c;

	CHECK(!cgroup_paths_lookup(c, ino_of(t->root), p, sizeof(p)) &&
	      !strcmp(p, "/"), "root resolves to /: %s", p);
	CHECK(!cgroup_paths_lookup(c, ino_of(t->ab), p, sizeof(p)) &&
	      !strcmp(p, "/a/b"), "nested: %s", p);
	CHECK(!cgroup_paths_lookup(c, ino_of(t->odd), p, sizeof(p)) &&
	      !strcmp(p, "/q\"x\ny"), "odd name kept byte for byte");
	CHECK(cgroup_paths_walks(c) == 1, "one walk for a round of lookups (%u)",
	      cgroup_paths_walks(c));

	/* next round: cached paths are checked with stat, no walk */
	cgroup_paths_next_round(c);
	CHECK(!cgroup_paths_lookup(c, ino_of(t->a), p, sizeof(p)) &&
	      !strcmp(p, "/a"), "cached: %s", p);
	CHECK(cgroup_paths_walks(c) == 1, "cached lookups do not walk (%u)",
	      cgroup_paths_walks(c));

	/* renamed: the stale path is detected and found again */
	id_c = ino_of(t->c);
	snprintf(moved, sizeof(moved), "%s/a/c2", t->root);
	CHECK(!rename(t->c, moved), "rename");
	cgroup_paths_next_round(c);
	CHECK(!cgroup_paths_lookup(c, id_c, p, sizeof(p)) && !strcmp(p, "/a/c2"),
	      "renamed cgroup found at its new path: %s", p);

	/* created after the first walk */
	snprintf(fresh, sizeof(fresh), "%s/a/b/new", t->root);
	mkdir(fresh, 0755);
	cgroup_paths_next_round(c);
	CHECK(!cgroup_paths_lookup(c, ino_of(fresh), p, sizeof(p)) &&
	      !strcmp(p, "/a/b/new"), "new cgroup: %s", p);

	/* removed: -ENOENT, remembered, so later rounds do not walk for it */
	rmdir(moved);
	cgroup_paths_next_round(c);
	CHECK(cgroup_paths_lookup(c, id_c, p, sizeof(p)) == -ENOENT,
	      "removed cgroup: -ENOENT");
	{
		unsigned int w = cgroup_paths_walks(c);

		cgroup_paths_next_round(c);
		CHECK(cgroup_paths_lookup(c, id_c, p, sizeof(p)) == -ENOENT &&
		      cgroup_paths_walks(c) == w,
		      "a removed id does not cause walks (%u -> %u)", w,
		      cgroup_paths_walks(c));
	}
	rename(moved, t->c);	/* no-op if gone; keep tree shape for others */
	mkdir(t->c, 0755);
	rmdir(fresh);
	cgroup_paths_free(c);
}

static void test_table(const struct tree *t)
{
	char path[512], *mp, *iop, *ev;
	struct cgroup_paths *c = cgroup_paths_new(t->root);
	struct cgroup_counts_set now = {}, base = {};
	struct cgroup_table tab = {};
	unsigned long long ia = ino_of(t->a), iab = ino_of(t->ab),
			   ic = ino_of(t->c), iodd = ino_of(t->odd);
	struct zs_cgroup_counts ca = { 100, 20, 7 }, cab = { 50, 0, 0 },
				cab0 = { 50, 0, 0 }, codd = { 9, 1, 2 },
				codd0 = { 4, 0, 2 };
	const struct cgroup_row *ra = NULL, *rab = NULL, *rc = NULL, *rodd = NULL;

	snprintf(path, sizeof(path), "%s/6.12/memory.pressure", fixtures_dir);
	mp = read_file(path, 1 << 16);
	snprintf(path, sizeof(path), "%s/6.12/io.pressure", fixtures_dir);
	iop = read_file(path, 1 << 16);
	snprintf(path, sizeof(path), "%s/6.12/memory.events", fixtures_dir);
	ev = read_file(path, 1 << 16);
	CHECK(mp && iop && ev, "pressure and memory.events fixtures present");
	if (!mp || !iop || !ev)
		goto out;
	put(t->a, "memory.zswap.current", "12345\n");
	put(t->a, "memory.stat", "anon 1\nzswap 999\n");	/* current wins */
	put(t->a, "memory.pressure", mp);
	put(t->a, "io.pressure", iop);
	put(t->a, "memory.events", ev);
	put(t->ab, "memory.stat", "anon 4096\nzswap 8192\nzswapped 16384\n");

	cgroup_counts_add(&now, iab, &cab);
	cgroup_counts_add(&now, ia, &ca);
	cgroup_counts_add(&now, iodd, &codd);
	cgroup_counts_sort(&now);
	cgroup_counts_add(&base, iab, &cab0);	/* no events in the window */
	cgroup_counts_add(&base, iodd, &codd0);
	cgroup_counts_sort(&base);

	CHECK(!cgroup_table_build(&tab, c, &now, &base, ic), "table builds");
	for (size_t i = 0; i < tab.n; i++) {
		const struct cgroup_row *r = &tab.rows[i];

		if (r->id == ia) ra = r;
		if (r->id == iab) rab = r;
		if (r->id == ic) rc = r;
		if (r->id == iodd) rodd = r;
	}
	CHECK(tab.n == 3, "rows: a, odd and the extra cgroup (%zu)", tab.n);
	CHECK(!rab, "a cgroup without events in the window has no row");
	CHECK(ra && !strcmp(ra->path, "/a") && ra->path_known, "a's path");
	CHECK(ra && ra->zswpout == 100 && ra->zswpin == 20 && ra->zswpwb == 7,
	      "absent from base: counts since the map started");
	CHECK(rodd && rodd->zswpout == 5 && rodd->zswpin == 1 && rodd->zswpwb == 0,
	      "counts minus base");
	CHECK(ra && ra->has_zswap_bytes && ra->zswap_bytes == 12345,
	      "memory.zswap.current preferred over memory.stat");
	CHECK(ra && ra->has_mem_full &&
	      ra->mem_pressure_full_us == raw_full_total(mp),
	      "memory.pressure full total %llu", ra ? ra->mem_pressure_full_us : 0);
	CHECK(ra && ra->has_io_full && ra->io_pressure_full_us == raw_full_total(iop),
	      "io.pressure full total");
	CHECK(ra && ra->has_events && ra->events_high == 0 &&
	      ra->events_max == strtoull(strstr(ev, "\nmax ") + 5, NULL, 10),
	      "memory.events high and max (6.12's)");
	CHECK(ra && !ra->has_zswapped, "no zswapped line: none");
	CHECK(rc && rc->zswpout == 0 && !rc->has_zswap_bytes && !rc->has_mem_full &&
	      !rc->has_io_full, "extra cgroup without files: zeros, no file values");
	CHECK(rodd && !rodd->has_zswap_bytes, "no files: has_zswap_bytes false");
	CHECK(tab.n == 3 && !strcmp(tab.rows[0].path, "/a") &&
	      !strcmp(tab.rows[1].path, "/c"), "rows sorted by path");

	/* memory.stat's zswap when memory.zswap.current is absent */
	cgroup_counts_free(&base);
	CHECK(!cgroup_table_build(&tab, c, &now, NULL, 0), "table without base");
	rab = NULL;
	for (size_t i = 0; i < tab.n; i++)
		if (tab.rows[i].id == iab)
			rab = &tab.rows[i];
	CHECK(rab && rab->has_zswap_bytes && rab->zswap_bytes == 8192,
	      "memory.stat zswap line");
	CHECK(rab && rab->has_zswapped && rab->zswapped_bytes == 16384 &&
	      !rab->has_events, "memory.stat zswapped line; no memory.events");

	/* a v1 hierarchy (no cgroup.controllers at its root): no files read */
	{
		char ctl[256];
		struct cgroup_paths *v1;

		snprintf(ctl, sizeof(ctl), "%s/cgroup.controllers", t->root);
		unlink(ctl);
		v1 = cgroup_paths_new(t->root);
		CHECK(!cgroup_table_build(&tab, v1, &now, NULL, 0) && tab.n == 3 &&
		      tab.rows[0].path_known && !tab.rows[0].has_zswap_bytes &&
		      !tab.rows[0].has_mem_full, "v1: paths, but no v2 files read");
		cgroup_paths_free(v1);
		put(t->root, "cgroup.controllers", "memory io\n");
	}
	/*
	 * No zswap user and no --cgroup (zswaptop -b with an idle zswap): no
	 * rows, and a table never grown (rows NULL) builds without sorting
	 * NULL (UBSan's null argument check in the SAN build).
	 */
	{
		struct cgroup_counts_set none = {};
		struct cgroup_table empty = {};

		CHECK(!cgroup_table_build(&empty, c, &none, NULL, 0) &&
		      empty.n == 0, "no zswap user: an empty table");
		cgroup_table_free(&empty);
	}
	/* a removed cgroup keeps its row, marked */
	{
		struct cgroup_counts_set gone = {};
		struct zs_cgroup_counts cg = { 3, 0, 0 };

		cgroup_counts_add(&gone, 999999999ULL, &cg);
		cgroup_paths_next_round(c);
		CHECK(!cgroup_table_build(&tab, c, &gone, NULL, 0) && tab.n == 1 &&
		      !tab.rows[0].path_known && tab.rows[0].zswpout == 3,
		      "unknown id: row kept, path_known false");
		cgroup_counts_free(&gone);
	}
out:
	free(mp);
	free(iop);
	free(ev);
	cgroup_counts_free(&now);
	cgroup_counts_free(&base);
	cgroup_table_free(&tab);
	cgroup_paths_free(c);
}

/*
 * Counts from memory.stat where the kernel has no count_memcg_events
 * tracepoint: the 6.1 fixture (no zswpwb line) and the 6.12 one, read
 * by id; a cgroup without memory.stat has no entry; v1 refuses.
 */
static void test_memstat_counts(const struct tree *t)
{
	char path[512], *m61, *m612;
	struct cgroup_paths *c = cgroup_paths_new(t->root);
	struct cgroup_counts_set s = {};
	const struct zs_cgroup_counts *k;
	bool wb = true;

	snprintf(path, sizeof(path), "%s/6.1/memory.stat", fixtures_dir);
	m61 = read_file(path, 1 << 16);
	snprintf(path, sizeof(path), "%s/6.12/memory.stat", fixtures_dir);
	m612 = read_file(path, 1 << 16);
	CHECK(m61 && m612 && strstr(m61, "\nzswpout ") && !strstr(m61, "zswpwb") &&
	      strstr(m612, "\nzswpwb "), "memory.stat fixtures of 6.1 and 6.12");
	if (!m61 || !m612)
		goto out;
	put(t->c, "memory.stat", m61);
	CHECK(!cgroup_counts_read_memstat(c, &s, &wb) && !wb,
	      "6.1: read, no zswpwb line anywhere");
	k = cgroup_counts_find(&s, ino_of(t->c));
	CHECK(k && k->zswpout == strtoull(strstr(m61, "\nzswpout ") + 9, NULL, 10) &&
	      k->zswpin == strtoull(strstr(m61, "\nzswpin ") + 8, NULL, 10),
	      "6.1: zswpout %llu, zswpin %llu of /c", k ? k->zswpout : 0,
	      k ? k->zswpin : 0);
	CHECK(!cgroup_counts_find(&s, ino_of(t->a)), "a cgroup without zswp lines: no entry");
	cgroup_counts_free(&s);

	put(t->ab, "memory.stat", m612);
	CHECK(!cgroup_counts_read_memstat(c, &s, &wb) && wb, "6.12: zswpwb present");
	k = cgroup_counts_find(&s, ino_of(t->ab));
	CHECK(k && k->zswpwb == strtoull(strstr(m612, "\nzswpwb ") + 8, NULL, 10),
	      "6.12: zswpwb %llu of /a/b", k ? k->zswpwb : 0);
	cgroup_counts_free(&s);

	snprintf(path, sizeof(path), "%s/cgroup.controllers", t->root);
	unlink(path);
	cgroup_paths_free(c);
	c = cgroup_paths_new(t->root);
	CHECK(cgroup_counts_read_memstat(c, &s, &wb) == -EOPNOTSUPP,
	      "v1: -EOPNOTSUPP");
	put(t->root, "cgroup.controllers", "memory io\n");
out:
	free(m61);
	free(m612);
	cgroup_counts_free(&s);
	cgroup_paths_free(c);
}

void test_cgroup_stats(void)
{
	struct tree t;

	test_mountinfo();
	test_counts_set();
	if (tree_make(&t)) {
		CHECK(0, "could not make a fake cgroup tree in /tmp");
		return;
	}
	test_paths(&t);
	test_table(&t);
	test_memstat_counts(&t);
	tree_remove(&t);
}
