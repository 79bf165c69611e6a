// SPDX-License-Identifier: GPL-2.0
/* Parsers and readers of the kernel's counter files. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "counters.h"
#include "grow.h"
#include "mthp_sysfs.h"

void kvset_free(struct kvset *s)
{
	free(s->items);
	memset(s, 0, sizeof(*s));
}

int kvset_set(struct kvset *s, const char *name, double value)
{
	for (size_t i = 0; i < s->n; i++) {
		if (!strcmp(s->items[i].name, name)) {
			s->items[i].value = value;
			return 0;
		}
	}
	if (s->n == s->cap &&
	    grow_array((void **)&s->items, &s->cap, 64, sizeof(*s->items)))
		return -1;
	snprintf(s->items[s->n].name, KV_NAME_LEN, "%s", name);
	s->items[s->n++].value = value;
	return 0;
}

bool kvset_get(const struct kvset *s, const char *name, double *value)
{
	for (size_t i = 0; i < s->n; i++) {
		if (!strcmp(s->items[i].name, name)) {
			*value = s->items[i].value;
			return true;
		}
	}
	return false;
}

/* Parse a number that must end at whitespace or the end of the text. */
static bool parse_number(const char *p, const char **end, double *v)
{
	char *e;

	errno = 0;
	*v = strtod(p, &e);
	if (e == p || errno || (*e && !isspace((unsigned char)*e)))
		return false;
	*end = e;
	return true;
}

/* Lines of "name value" (vmstat, memory.stat). */
int parse_key_value(const char *text, struct kvset *out)
{
	const char *p = text;
	int n = 0;

	while (*p) {
		char name[KV_NAME_LEN];
		const char *e;
		size_t len = strcspn(p, " \t\n");
		double v;

		if (len == 0) {
			p += strspn(p, " \t\n");
			continue;
		}
		if (len >= KV_NAME_LEN)
			return -1;
		memcpy(name, p, len);
		name[len] = '\0';
		p += len;
		p += strspn(p, " \t");
		if (!parse_number(p, &e, &v))
			return -1;
		if (kvset_set(out, name, v))
			return -1;
		n++;
		p = e;
		p += strspn(p, " \t");
		if (*p && *p != '\n')
			return -1;
	}
	return n;
}

/* "Zswap:    1234 kB" lines; values in kB are turned into bytes. */
int parse_meminfo(const char *text, struct kvset *out)
{
	const char *p = text;
	int n = 0;

	while (*p) {
		char name[KV_NAME_LEN];
		const char *colon = strchr(p, ':'), *nl, *e;
		double v;

		nl = strchr(p, '\n');
		if (!nl)
			nl = p + strlen(p);
		if (nl == p) {
			p++;
			continue;
		}
		if (!colon || colon > nl || colon - p >= KV_NAME_LEN)
			return -1;
		memcpy(name, p, colon - p);
		name[colon - p] = '\0';
		p = colon + 1;
		p += strspn(p, " \t");
		if (!parse_number(p, &e, &v))
			return -1;
		p = e + strspn(e, " \t");
		if (!strncmp(p, "kB", 2)) {
			v *= 1024;
			p += 2;
		}
		if (p != nl || kvset_set(out, name, v))
			return -1;
		n++;
		p = *nl ? nl + 1 : nl;
	}
	return n;
}

/*
 * "some avg10=0.00 avg60=0.00 avg300=0.00 total=123" and a "full" line;
 * keeps some_total and full_total in microseconds.
 */
int parse_pressure(const char *text, struct kvset *out)
{
	const char *p = text;
	int n = 0;

	while (*p) {
		char kind[8], key[KV_NAME_LEN];
		const char *nl = strchr(p, '\n'), *t;
		double v;

		if (!nl)
			nl = p + strlen(p);
		if (nl == p) {
			p++;
			continue;
		}
		if (sscanf(p, "%7s", kind) != 1 ||
		    (strcmp(kind, "some") && strcmp(kind, "full")))
			return -1;
		t = strstr(p, "total=");
		if (!t || t > nl || !parse_number(t + 6, &t, &v))
			return -1;
		snprintf(key, sizeof(key), "%s_total", kind);
		if (kvset_set(out, key, v))
			return -1;
		n++;
		p = *nl ? nl + 1 : nl;
	}
	return n;
}

int parse_dev_kv_lines(const char *text, dev_kv_fn fn, void *ctx)
{
	const char *p = text;
	int n = 0;

	while (*p) {
		char dev[DEV_KV_DEV_LEN], key[DEV_KV_KEY_LEN], val[DEV_KV_VAL_LEN];
		const char *nl = strchr(p, '\n');
		size_t len;

		if (!nl)
			nl = p + strlen(p);
		if (nl == p) {
			p++;
			continue;
		}
		len = strcspn(p, " \n");
		if (len == 0 || len >= sizeof(dev) || !memchr(p, ':', len))
			return -1;
		memcpy(dev, p, len);
		dev[len] = '\0';
		p += len;
		while (p < nl) {
			const char *eq, *e;

			p += strspn(p, " ");
			if (p >= nl)
				break;
			e = p + strcspn(p, " \n");
			eq = memchr(p, '=', e - p);
			if (!eq || eq == p || eq + 1 == e || eq - p >= (long)sizeof(key) ||
			    e - eq - 1 >= (long)sizeof(val))
				return -1;
			memcpy(key, p, eq - p);
			key[eq - p] = '\0';
			memcpy(val, eq + 1, e - eq - 1);
			val[e - eq - 1] = '\0';
			if (fn(ctx, dev, key, val))
				return -1;
			n++;
			p = e;
		}
		if (fn(ctx, dev, NULL, NULL))
			return -1;
		p = *nl ? nl + 1 : nl;
	}
	return n;
}

static int io_stat_pair(void *ctx, const char *dev, const char *key, const char *val)
{
	char name[KV_NAME_LEN];
	const char *e;
	double v;

	if (!key)
		return 0;
	if (strlen(key) >= KV_NAME_LEN - 16 || !parse_number(val, &e, &v) || *e)
		return -1;
	snprintf(name, sizeof(name), "%s.%s", dev, key);
	return kvset_set(ctx, name, v) ? -1 : 0;
}

/* "8:0 rbytes=1 wbytes=2 rios=3 wios=4 dbytes=0 dios=0 cost.vrate=..." */
int parse_io_stat(const char *text, struct kvset *out)
{
	return parse_dev_kv_lines(text, io_stat_pair, out);
}

static char *read_fd(int fd, size_t max, size_t *lenp, bool whole)
{
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap);
	ssize_t r;

	if (!buf)
		return NULL;
	while ((r = read(fd, buf + len, cap - len - 1)) > 0) {
		len += r;
		if (len + 1 == cap) {
			char *nbuf;

			if (cap >= max) {
				if (!whole)
					break;
				free(buf);
				errno = EFBIG;
				return NULL;
			}
			cap *= 2;
			nbuf = realloc(buf, cap);
			if (!nbuf) {
				free(buf);
				return NULL;
			}
			buf = nbuf;
		}
	}
	if (r < 0) {
		free(buf);
		return NULL;
	}
	buf[len] = '\0';
	if (lenp)
		*lenp = len;
	return buf;
}

static char *read_path(const char *path, size_t max, size_t *len, bool whole)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), e;
	char *buf;

	if (fd < 0)
		return NULL;
	buf = read_fd(fd, max, len, whole);
	e = errno;
	close(fd);
	errno = e;
	return buf;
}

char *read_file(const char *path, size_t max)
{
	return read_path(path, max, NULL, false);
}

char *read_file_len(const char *path, size_t max, size_t *len)
{
	return read_path(path, max, len, true);
}

static const char *not_regular(mode_t m)
{
	return S_ISDIR(m) ? "a directory" : S_ISFIFO(m) ? "a FIFO" :
	       S_ISCHR(m) || S_ISBLK(m) ? "a device" :
	       S_ISSOCK(m) ? "a socket" : "not a plain file";
}

int open_regular(const char *path, int flags, char *why, size_t len)
{
	struct stat st;
	int fd;

	/* an existing FIFO would fail O_WRONLY | O_NONBLOCK with ENXIO */
	if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
		snprintf(why, len, "not a regular file (%s)", not_regular(st.st_mode));
		return -1;
	}
	fd = open(path, flags | O_NONBLOCK | O_CLOEXEC, 0666);
	if (fd < 0) {
		snprintf(why, len, "%s", strerror(errno));
		return -1;
	}
	/* the same check on what was opened: the path may have changed */
	if (fstat(fd, &st) || fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK))
		snprintf(why, len, "%s", strerror(errno));
	else if (!S_ISREG(st.st_mode))
		snprintf(why, len, "not a regular file (%s)", not_regular(st.st_mode));
	else
		return fd;
	close(fd);
	return -1;
}

char *read_file_explained(const char *path, size_t max, size_t *len,
			  struct zs_error *err)
{
	char why[128];
	int fd = open_regular(path, O_RDONLY, why, sizeof(why)), e;
	char *text;

	if (fd < 0) {
		zs_error_set(err, true, "%s: cannot read: %s", path, why);
		return NULL;
	}
	text = read_fd(fd, max, len, true);
	e = errno;
	close(fd);
	if (text)
		return text;
	errno = e;
	if (errno == EFBIG)
		zs_error_set(err, true, "%s: cannot read: larger than %zu MiB", path,
			 max >> 20);
	else
		zs_error_set(err, true, "%s: cannot read: %s", path, strerror(errno));
	return NULL;
}

typedef int (*parse_fn)(const char *text, struct kvset *out);

static bool read_parsed(const char *path, parse_fn parse, struct kvset *out)
{
	char *text = read_file(path, 1 << 20);
	int r;

	if (!text)
		return false;
	r = parse(text, out);
	free(text);
	return r >= 0;
}

/* Not a hidden entry (".", "..", dot files). */
static int visible(const struct dirent *de)
{
	return de->d_name[0] != '.';
}

int read_value_dir(const char *dir, const char *prefix, struct kvset *out)
{
	struct dirent **de;
	/* sorted: a record lists a directory's files the same on every run */
	int nde = scandir(dir, &de, visible, alphasort), n = 0;

	if (nde < 0)
		return -1;
	for (int i = 0; i < nde; i++) {
		char path[512], key[KV_NAME_LEN], *text, *end;
		double v;

		snprintf(path, sizeof(path), "%s/%s", dir, de[i]->d_name);
		text = read_file(path, 4096);
		v = text ? strtod(text, &end) : 0;
		/* a name cut to fit would be another key: left out */
		if (text && end != text && (*end == '\n' || !*end) &&
		    snprintf(key, sizeof(key), "%s%s", prefix, de[i]->d_name) <
		    (int)sizeof(key) && !kvset_set(out, key, v))
			n++;
		free(text);
		free(de[i]);
	}
	free(de);
	return n;
}

static int mthp_dir(const struct dirent *de)
{
	return mthp_dir_kb(de->d_name) != 0;
}

static int by_size(const struct dirent **a, const struct dirent **b)
{
	unsigned long x = mthp_dir_kb((*a)->d_name), y = mthp_dir_kb((*b)->d_name);

	return x < y ? -1 : x > y;
}

int read_mthp_stats(const char *root, struct kvset *out)
{
	struct dirent **de;
	int nde = scandir(root, &de, mthp_dir, by_size), sizes = 0;

	for (int i = 0; i < nde; i++) {
		char dir[512], prefix[KV_NAME_LEN];

		/* hugepages-64kB: the size, the one label of its stats */
		snprintf(dir, sizeof(dir), "%s/%s/stats", root, de[i]->d_name);
		snprintf(prefix, sizeof(prefix), "%lukB/",
			 mthp_dir_kb(de[i]->d_name));
		if (read_value_dir(dir, prefix, out) > 0)
			sizes++;
		free(de[i]);
	}
	if (nde >= 0)
		free(de);
	return sizes;
}

int snapshot_take(struct zs_snapshot *s, const char *debugfs_dir,
		  const char *cgroup)
{
	char path[512];

	memset(s, 0, sizeof(*s));
	s->zswap_current = s->memory_current = -1;
	if (!read_parsed("/proc/vmstat", parse_key_value, &s->vmstat))
		return -1;
	read_parsed("/proc/meminfo", parse_meminfo, &s->meminfo);
	s->has_debugfs = read_value_dir(debugfs_dir, "", &s->debugfs) >= 0;
	s->has_mthp = read_mthp_stats(MTHP_DIR, &s->mthp) > 0;
	if (!cgroup)
		return 0;
	snprintf(path, sizeof(path), "%s/memory.stat", cgroup);
	s->has_cgroup = read_parsed(path, parse_key_value, &s->memory_stat);
	snprintf(path, sizeof(path), "%s/memory.events", cgroup);
	s->has_memory_events = read_parsed(path, parse_key_value,
					   &s->memory_events);
	snprintf(path, sizeof(path), "%s/io.stat", cgroup);
	read_parsed(path, parse_io_stat, &s->io_stat);
	snprintf(path, sizeof(path), "%s/memory.pressure", cgroup);
	read_parsed(path, parse_pressure, &s->memory_pressure);
	snprintf(path, sizeof(path), "%s/io.pressure", cgroup);
	read_parsed(path, parse_pressure, &s->io_pressure);
	snapshot_cgroup_levels(s, cgroup);
	return 0;
}

/* The number a one-number file holds, or -1 when it cannot be read. */
static double read_number(const char *dir, const char *name)
{
	char path[512], *text;
	double v = -1;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	text = read_file(path, 64);
	if (text)
		v = strtod(text, NULL);
	free(text);
	return v;
}

void snapshot_cgroup_levels(struct zs_snapshot *s, const char *cgroup)
{
	s->zswap_current = read_number(cgroup, "memory.zswap.current");
	s->memory_current = read_number(cgroup, "memory.current");
	if (s->memory_current < 0)
		s->memory_current = read_number(cgroup, "memory.usage_in_bytes");
}

void snapshot_free(struct zs_snapshot *s)
{
	kvset_free(&s->vmstat);
	kvset_free(&s->meminfo);
	kvset_free(&s->debugfs);
	kvset_free(&s->mthp);
	kvset_free(&s->memory_stat);
	kvset_free(&s->memory_events);
	kvset_free(&s->io_stat);
	kvset_free(&s->memory_pressure);
	kvset_free(&s->io_pressure);
}

/* A parameter's text (NULL: unreadable) as its first line, or "n/a". */
static void param_value(char *text, char *out, size_t len)
{
	if (!text) {
		snprintf(out, len, "n/a");
		return;
	}
	text[strcspn(text, "\n")] = '\0';
	snprintf(out, len, "%s", text);
}

static void read_param(const char *dir, const char *name, char *out,
		       size_t len)
{
	char path[512], *text;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	text = read_file(path, 256);
	param_value(text, out, len);
	free(text);
}

#define ZP(f) { #f, offsetof(struct zswap_params, f), \
		sizeof(((struct zswap_params *)0)->f) }
const struct zswap_param_field zswap_param_fields[ZSWAP_NR_PARAMS] = {
	ZP(enabled), ZP(compressor), ZP(zpool), ZP(max_pool_percent),
	ZP(accept_threshold_percent), ZP(shrinker_enabled),
};
#undef ZP

void zswap_param_files_open(struct zswap_param_files *f, const char *dir)
{
	char path[512];

	for (int i = 0; i < ZSWAP_NR_PARAMS; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, zswap_param_fields[i].name);
		f->fd[i] = open(path, O_RDONLY | O_CLOEXEC);
	}
	f->opened = true;
}

void zswap_param_files_read(const struct zswap_param_files *f,
			    struct zswap_params *p)
{
	char buf[256];

	for (int i = 0; i < ZSWAP_NR_PARAMS; i++) {
		ssize_t n = f->fd[i] >= 0 ? pread(f->fd[i], buf, sizeof(buf) - 1, 0) : -1;

		if (n >= 0)
			buf[n] = '\0';
		param_value(n >= 0 ? buf : NULL, (char *)p + zswap_param_fields[i].off,
			    zswap_param_fields[i].len);
	}
}

void zswap_param_files_close(struct zswap_param_files *f)
{
	for (int i = 0; f->opened && i < ZSWAP_NR_PARAMS; i++)
		if (f->fd[i] >= 0)
			close(f->fd[i]);
	f->opened = false;
}

void zswap_params_read(struct zswap_params *p, const char *dir)
{
	for (int i = 0; i < ZSWAP_NR_PARAMS; i++)
		read_param(dir, zswap_param_fields[i].name,
			   (char *)p + zswap_param_fields[i].off,
			   zswap_param_fields[i].len);
}
