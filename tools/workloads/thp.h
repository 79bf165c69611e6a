/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --thp SIZE|never|system: the folio size of a workload's anonymous
 * memory. never is madvise(MADV_NOHUGEPAGE): 4 KiB pages only. SIZE (64K,
 * 2M) is MADV_HUGEPAGE with the kernel's per-size control
 * (hugepages-<N>kB/enabled, Linux 6.8+) at madvise for SIZE and at never
 * for every larger size that would otherwise apply to the mapping (the
 * fault takes the largest size allowed), for the run; thp_restore() puts
 * the files back. system leaves the mapping and the kernel alone.
 */
#ifndef __THP_H
#define __THP_H

#include <limits.h>
#include <stddef.h>

#define THP_MAX_FILES	32
#define THP_WORD	16	/* a policy: "madvise", "inherit" */

struct opt_custom;

enum thp_mode { THP_SYSTEM, THP_NEVER, THP_SIZE };

struct thp_opt {
	int mode;
	unsigned long size;	/* THP_SIZE: bytes, a power of two */
};

/* What thp_setup() changed, to put back in reverse order. */
struct thp_saved {
	int n;
	struct {
		char path[PATH_MAX];
		char value[THP_WORD];
	} f[THP_MAX_FILES];
};

/* never, system, or N[K|M|G]: a power of two from 8K to 1G. 0 or -1. */
int thp_parse(const char *s, void *val);
void thp_show(const void *val, char *buf, size_t len);
extern const struct opt_custom thp_custom;	/* --thp for opts.h */

/*
 * Sets the kernel's controls for t (nothing unless THP_SIZE). Returns 0,
 * or the exit code after one message: 2 when SIZE's file is missing (it
 * names the file) or may not be written, 1 otherwise; what it changed
 * before a failure is already restored.
 */
int thp_setup(const struct thp_opt *t, struct thp_saved *s);
/* Restores what thp_setup() changed; 0, or 1 after naming what failed. */
int thp_restore(struct thp_saved *s);

/*
 * len bytes of anonymous memory, aligned to SIZE and madvised for t; NULL
 * after a message.
 */
void *thp_map(size_t len, const struct thp_opt *t);

#endif /* __THP_H */
