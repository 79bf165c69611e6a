// SPDX-License-Identifier: GPL-2.0
/* The running kernel's BTF, loaded once, and the lookups the tools share. */
#include <string.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "kernel_btf.h"

static struct btf *vmlinux_btf;

struct btf *kernel_btf(void)
{
	if (!vmlinux_btf)
		vmlinux_btf = btf__load_vmlinux_btf();
	if (!vmlinux_btf || libbpf_get_error(vmlinux_btf)) {
		vmlinux_btf = NULL;
		return NULL;
	}
	return vmlinux_btf;
}

bool btf_struct_member(const char *name, const char *member,
		       unsigned int *size, unsigned int *off)
{
	struct btf *btf = kernel_btf();
	const struct btf_member *m;
	const struct btf_type *t;
	int id;

	id = btf ? btf__find_by_name_kind(btf, name, BTF_KIND_STRUCT) : -1;
	if (id <= 0)
		return false;
	t = btf__type_by_id(btf, id);
	m = btf_members(t);
	for (int i = 0; i < btf_vlen(t); i++, m++) {
		if (strcmp(btf__name_by_offset(btf, m->name_off), member))
			continue;
		if (size)
			*size = t->size;
		if (off)
			*off = btf_member_bit_offset(t, i) / 8;
		return true;
	}
	return false;
}
