/* SPDX-License-Identifier: GPL-2.0 */
/*
 * /proc/kallsyms as a sorted table: address -> symbol+offset for kernel
 * stacks, name -> address for data the tools read. With kptr_restrict
 * every address reads 0: the table is then marked restricted and the
 * callers print raw addresses instead.
 */
#ifndef __KSYMS_H
#define __KSYMS_H

#include <stdbool.h>
#include <stddef.h>

struct ksym {
	unsigned long long addr;
	char *name;
};

struct ksyms {
	struct ksym *syms;
	size_t n, cap;
	bool restricted;	/* the file listed only zero addresses */
};

/* Loads path (NULL: /proc/kallsyms); 0 or -errno. */
int ksyms_load(struct ksyms *ks, const char *path);
void ksyms_free(struct ksyms *ks);
/* Symbol holding addr (the last one at or below it), or NULL. */
const struct ksym *ksyms_find(const struct ksyms *ks, unsigned long long addr);
/* Address of name, 0 when absent (or restricted). */
unsigned long long ksyms_addr(const struct ksyms *ks, const char *name);
/* Address of the first symbol above name's: bounds a data array. */
unsigned long long ksyms_next_addr(const struct ksyms *ks, const char *name);
/* "func+0x1a" or, unresolved, "0xffffffff81234567". */
void ksyms_format(const struct ksyms *ks, unsigned long long addr, char *buf,
		  size_t len);

/*
 * The process's one table of /proc/kallsyms, loaded at the first call
 * (the planner, the session and iostall look kernel text up in it), or
 * NULL when unreadable. Symbols added later (BPF programs, modules) are
 * not in it: a symboliser of such addresses loads its own table.
 */
const struct ksyms *ksyms_cache(void);
/*
 * Frees the table (about 6 MB for 120k symbols) once nothing will look
 * up more: a later ksyms_cache() loads it again.
 */
void ksyms_cache_release(void);
/* Address of name in ksyms_cache(), 0 when absent or unreadable. */
unsigned long long ksym_addr(const char *name);

#endif /* __KSYMS_H */
