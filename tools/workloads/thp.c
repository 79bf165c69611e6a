// SPDX-License-Identifier: GPL-2.0
/* --thp: per-size THP controls set for a run and put back (see thp.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "msg.h"
#include "mthp_sysfs.h"
#include "opts.h"
#include "thp.h"
#include "workload.h"

int thp_parse(const char *s, void *val)
{
	static const char units[] = "KMG";
	struct thp_opt *t = val;
	size_t digits = strspn(s, "0123456789");
	/* 64K, 64k or 64kB (sysfs' hugepages-64kB) */
	const char *u = s[digits] ? strchr(units, toupper(s[digits])) : NULL;
	const char *rest = u ? s + digits + 1 : s + digits;
	unsigned long long n;

	if (!strcmp(s, "never") || !strcmp(s, "system")) {
		t->mode = *s == 'n' ? THP_NEVER : THP_SYSTEM;
		t->size = 0;
		return 0;
	}
	/* at most 10 digits: shifted by 30 they still fit in 64 bits */
	if (!digits || digits > 10 || (s[digits] && !u) ||
	    (*rest && strcmp(rest, "B")))
		return -1;
	n = strtoull(s, NULL, 10) << (s[digits] ? 10 * (u - units + 1) : 0);
	if (n < 8192 || n > 1UL << 30 || (n & (n - 1)))
		return -1;
	t->mode = THP_SIZE;
	t->size = n;
	return 0;
}

void thp_show(const void *val, char *buf, size_t len)
{
	const struct thp_opt *t = val;
	int shift = 30;

	if (t->mode != THP_SIZE) {
		snprintf(buf, len, "%s", t->mode == THP_NEVER ? "never" : "system");
		return;
	}
	while (shift && t->size & ((1UL << shift) - 1))
		shift -= 10;
	snprintf(buf, len, "%lu%s", t->size >> shift,
		 shift == 30 ? "G" : shift == 20 ? "M" : shift ? "K" : "");
}

const struct opt_custom thp_custom = {
	thp_parse, thp_show,
	"never, system, or a power-of-two size from 8K to 1G (64K, 2M)",
};

/* MTHP_DIR, or ZSWAP_THP_DIR for the tests */
static const char *thp_dir(void)
{
	const char *d = getenv("ZSWAP_THP_DIR");

	return d && *d ? d : MTHP_DIR;
}

/* The policy a control file shows in brackets ("always [madvise] never"). */
static int read_policy(const char *path, char *buf, size_t len)
{
	char raw[128], *word, *end;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	n = read(fd, raw, sizeof(raw) - 1);
	close(fd);
	if (n < 0)
		return -1;
	raw[n] = '\0';
	/* a plain file written by a test holds the bare word */
	word = strchr(raw, '[') ? strchr(raw, '[') + 1 : raw;
	end = word + strcspn(word, "]\n ");
	*end = '\0';
	if (strlen(word) >= len) {
		errno = EINVAL;
		return -1;
	}
	memcpy(buf, word, end - word + 1);
	return 0;
}

/* Writes the policy and reads it back: the kernel may refuse it. */
static int write_policy(const char *path, const char *value)
{
	char now[THP_WORD];
	ssize_t n = strlen(value);
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC), err;

	if (fd < 0)
		return -1;
	err = write(fd, value, n) == n ? 0 : -1;
	if (close(fd))
		err = -1;
	if (!err && (read_policy(path, now, sizeof(now)) || strcmp(now, value))) {
		errno = EINVAL;
		err = -1;
	}
	return err;
}

/*
 * Makes the control at path allow (madvise) or refuse (never) a madvised
 * mapping, unless it already does; what it was is saved first, so a
 * failed write is put back too.
 */
static int set_policy(struct thp_saved *s, const char *path, bool allow)
{
	char now[THP_WORD], eff[THP_WORD], top[PATH_MAX];
	bool allows;

	snprintf(top, sizeof(top), "%s/enabled", thp_dir());
	if (read_policy(path, now, sizeof(now))) {
		wl_msg("--thp: cannot read %s: %s", path, strerror(errno));
		return WL_FAIL;
	}
	snprintf(eff, sizeof(eff), "%s", now);
	if (!strcmp(now, "inherit") && read_policy(top, eff, sizeof(eff))) {
		wl_msg("--thp: cannot read %s: %s", top, strerror(errno));
		return WL_FAIL;
	}
	allows = !strcmp(eff, "madvise") || !strcmp(eff, "always");
	if (allows == allow)
		return 0;
	if (s->n == THP_MAX_FILES) {
		wl_msg("--thp: more than %d THP sizes to set", THP_MAX_FILES);
		return WL_FAIL;
	}
	snprintf(s->f[s->n].path, sizeof(s->f[0].path), "%s", path);
	memcpy(s->f[s->n].value, now, sizeof(now));
	s->n++;
	if (write_policy(path, allow ? "madvise" : "never")) {
		wl_msg("--thp: cannot set %s to %s: %s", path,
		       allow ? "madvise" : "never", strerror(errno));
		return errno == EACCES || errno == EPERM ? WL_USAGE : WL_FAIL;
	}
	wl_msg("%s: %s -> %s for the run", path, now, allow ? "madvise" : "never");
	return 0;
}

int thp_setup(const struct thp_opt *t, struct thp_saved *s)
{
	char path[PATH_MAX];
	struct dirent *e;
	DIR *d;
	int rv;

	s->n = 0;
	if (t->mode != THP_SIZE)
		return 0;
	snprintf(path, sizeof(path), "%s/hugepages-%lukB/enabled", thp_dir(),
		 t->size >> 10);
	if (access(path, F_OK)) {
		char size[32];

		thp_show(t, size, sizeof(size));
		wl_msg("--thp %s: %s: %s (a per-size THP control needs Linux 6.8+)",
		       size, path, strerror(errno));
		return WL_USAGE;
	}
	rv = set_policy(s, path, true);
	d = opendir(thp_dir());
	while (!rv && d && (e = readdir(d))) {
		if (mthp_dir_kb(e->d_name) << 10 <= t->size)
			continue;
		snprintf(path, sizeof(path), "%s/%s/enabled", thp_dir(), e->d_name);
		rv = set_policy(s, path, false);
	}
	if (d)
		closedir(d);
	if (rv)
		thp_restore(s);
	return rv;
}

int thp_restore(struct thp_saved *s)
{
	int rv = 0;

	for (int i = s->n - 1; i >= 0; i--) {
		if (!write_policy(s->f[i].path, s->f[i].value))
			continue;
		wl_msg("--thp: cannot restore %s to %s: %s", s->f[i].path,
		       s->f[i].value, strerror(errno));
		rv = WL_FAIL;
	}
	if (s->n && !rv)
		wl_msg("THP controls restored");
	s->n = 0;
	return rv;
}

void *thp_map(size_t len, const struct thp_opt *t)
{
	size_t align = t->mode == THP_SIZE ? t->size : 0;
	unsigned char *p, *a;

	p = mmap(NULL, len + align, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		wl_msg("mmap %zu MiB: %s", len >> 20, strerror(errno));
		return NULL;
	}
	/* aligned, so every SIZE-aligned range of it can be one folio */
	a = p;
	if (align) {
		a = (unsigned char *)(((uintptr_t)p + align - 1) &
				      ~(uintptr_t)(align - 1));
		if (a > p)
			munmap(p, a - p);
		if (p + align > a)
			munmap(a + len, p + align - a);
	}
	if (t->mode != THP_SYSTEM &&
	    madvise(a, len, t->mode == THP_NEVER ? MADV_NOHUGEPAGE : MADV_HUGEPAGE)) {
		wl_msg("madvise(%s): %s", t->mode == THP_NEVER ? "MADV_NOHUGEPAGE" :
		       "MADV_HUGEPAGE", strerror(errno));
		return NULL;
	}
	return a;
}
