/* SPDX-License-Identifier: GPL-2.0 */
/* The running kernel's BTF, loaded once, and the lookups the tools share. */
#ifndef __KERNEL_BTF_H
#define __KERNEL_BTF_H

#include <stdbool.h>

struct btf;

/* /sys/kernel/btf/vmlinux, loaded at the first call; NULL: none. */
struct btf *kernel_btf(void);
/*
 * Whether struct name has member in kernel BTF; its size and the member's
 * offset in bytes (either NULL: not wanted).
 */
bool btf_struct_member(const char *name, const char *member,
		       unsigned int *size, unsigned int *off);

#endif /* __KERNEL_BTF_H */
