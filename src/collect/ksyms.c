// SPDX-License-Identifier: GPL-2.0
/* /proc/kallsyms as a table, and the process's one cached copy of it. */
#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grow.h"
#include "ksyms.h"

/* No kernel function is this long: beyond it the symbol is not known. */
#define KSYM_MAX_OFFSET 0x100000ULL

static int cmp_addr(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return 0;
}

static int add_sym(struct ksyms *ks, unsigned long long addr,
		   const char *name)
{
	if (ks->n == ks->cap &&
	    grow_array((void **)&ks->syms, &ks->cap, 4096, sizeof(*ks->syms)))
		return -ENOMEM;
	ks->syms[ks->n].addr = addr;
	ks->syms[ks->n].name = strdup(name);
	if (!ks->syms[ks->n].name)
		return -ENOMEM;
	ks->n++;
	return 0;
}

int ksyms_load(struct ksyms *ks, const char *path)
{
	char line[512], name[256], type;
	unsigned long long addr;
	bool nonzero = false;
	FILE *f;
	int err = 0;

	memset(ks, 0, sizeof(*ks));
	f = fopen(path ? path : "/proc/kallsyms", "r");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		/* "addr type name [module]": module symbols are kept too */
		if (sscanf(line, "%llx %c %255s", &addr, &type, name) != 3)
			continue;
		if (addr)
			nonzero = true;
		err = add_sym(ks, addr, name);
		if (err)
			break;
	}
	fclose(f);
	if (err) {
		ksyms_free(ks);
		return err;
	}
	ks->restricted = ks->n > 0 && !nonzero;
	qsort(ks->syms, ks->n, sizeof(*ks->syms), cmp_addr);
	return 0;
}

void ksyms_free(struct ksyms *ks)
{
	for (size_t i = 0; i < ks->n; i++)
		free(ks->syms[i].name);
	free(ks->syms);
	memset(ks, 0, sizeof(*ks));
}

const struct ksym *ksyms_find(const struct ksyms *ks, unsigned long long addr)
{
	size_t lo = 0, hi = ks->n;

	if (ks->restricted || !ks->n || addr < ks->syms[0].addr)
		return NULL;
	/* last symbol with syms[i].addr <= addr */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (ks->syms[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	return &ks->syms[lo];
}

static const struct ksym *find_name(const struct ksyms *ks, const char *name)
{
	if (ks->restricted)
		return NULL;
	for (size_t i = 0; i < ks->n; i++)
		if (!strcmp(ks->syms[i].name, name))
			return &ks->syms[i];
	return NULL;
}

unsigned long long ksyms_addr(const struct ksyms *ks, const char *name)
{
	const struct ksym *s = find_name(ks, name);

	return s ? s->addr : 0;
}

unsigned long long ksyms_next_addr(const struct ksyms *ks, const char *name)
{
	const struct ksym *s = find_name(ks, name);

	if (!s)
		return 0;
	for (const struct ksym *p = s + 1; p < ks->syms + ks->n; p++)
		if (p->addr > s->addr)
			return p->addr;
	return 0;
}

void ksyms_format(const struct ksyms *ks, unsigned long long addr, char *buf,
		  size_t len)
{
	const struct ksym *s = ksyms_find(ks, addr);

	/* past the last symbol (BPF programs without kallsyms entries) */
	if (s && addr - s->addr < KSYM_MAX_OFFSET)
		snprintf(buf, len, "%s+0x%llx", s->name, addr - s->addr);
	else
		snprintf(buf, len, "0x%llx", addr);
}

static struct ksyms cache;
static int cache_err = 1;	/* 1: not loaded yet */

const struct ksyms *ksyms_cache(void)
{
	if (cache_err > 0)
		cache_err = ksyms_load(&cache, NULL);
	return cache_err ? NULL : &cache;
}

void ksyms_cache_release(void)
{
	ksyms_free(&cache);
	cache_err = 1;
	/* 120k small names: give the pages back, not just to malloc */
	malloc_trim(0);
}

unsigned long long ksym_addr(const char *name)
{
	const struct ksyms *ks = ksyms_cache();

	return ks ? ksyms_addr(ks, name) : 0;
}
