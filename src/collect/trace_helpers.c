// SPDX-License-Identifier: GPL-2.0
/*
 * Hook probes in the style of libbpf-tools' trace_helpers: BTF alone is
 * not enough (a kernel may list zswap_store in BTF and still refuse fentry
 * with EPERM), so fentry and tp_btf are probed by loading and attaching a
 * two-instruction program.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <linux/bpf.h>
#include "kernel_btf.h"
#include "trace_helpers.h"
#include "grow.h"

static bool load_and_attach(int attach_type, int btf_id, char *why,
			    size_t len)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts,
		    .expected_attach_type = attach_type,
		    .attach_btf_id = btf_id);
	int prog_fd, link_fd;

	prog_fd = bpf_prog_load(BPF_PROG_TYPE_TRACING, "zs_probe", "GPL",
				insns, 2, &opts);
	if (prog_fd < 0) {
		snprintf(why, len, "program load refused (%s)",
			 strerror(errno));
		return false;
	}
	link_fd = bpf_raw_tracepoint_open(NULL, prog_fd);
	if (link_fd < 0) {
		snprintf(why, len, "attach refused (%s)", strerror(errno));
		close(prog_fd);
		return false;
	}
	close(link_fd);
	close(prog_fd);
	return true;
}

bool btf_func_exists(const char *func)
{
	struct btf *btf = kernel_btf();

	return btf && btf__find_by_name_kind(btf, func, BTF_KIND_FUNC) > 0;
}

bool fentry_can_attach(const char *func, char *why, size_t len)
{
	int id;

	if (!kernel_btf()) {
		snprintf(why, len, "no kernel BTF");
		return false;
	}
	id = btf__find_by_name_kind(kernel_btf(), func, BTF_KIND_FUNC);
	if (id <= 0) {
		snprintf(why, len, "%s not in BTF (inlined or absent)", func);
		return false;
	}
	return load_and_attach(BPF_TRACE_FENTRY, id, why, len);
}

bool tp_btf_exists(const char *tp, char *why, size_t len)
{
	char name[128];
	int id;

	if (!kernel_btf()) {
		snprintf(why, len, "no kernel BTF");
		return false;
	}
	snprintf(name, sizeof(name), "btf_trace_%s", tp);
	id = btf__find_by_name_kind(kernel_btf(), name, BTF_KIND_TYPEDEF);
	if (id <= 0) {
		snprintf(why, len, "tracepoint %s absent", tp);
		return false;
	}
	return load_and_attach(BPF_TRACE_RAW_TP, id, why, len);
}

int btf_func_returns_bool(const char *func)
{
	struct btf *btf = kernel_btf();
	const struct btf_type *t;
	int id;

	if (!btf)
		return -1;
	id = btf__find_by_name_kind(btf, func, BTF_KIND_FUNC);
	if (id <= 0)
		return -1;
	t = btf__type_by_id(btf, btf__type_by_id(btf, id)->type);
	if (!t || !btf_is_func_proto(t))
		return -1;
	t = btf__type_by_id(btf, t->type);
	while (t && (btf_is_typedef(t) || btf_is_mod(t)))
		t = btf__type_by_id(btf, t->type);
	if (!t || !btf_is_int(t))
		return -1;
	return (btf_int_encoding(t) & BTF_INT_BOOL) ||
	       !strcmp(btf__name_by_offset(btf, t->name_off), "_Bool");
}

/* Sorted list of functions that kprobes may attach to. */
static char **kfuncs;
static size_t nr_kfuncs;

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void load_filter_functions(void)
{
	char path[256], line[256];
	size_t cap = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/available_filter_functions",
		 tracefs_root());
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, " \t\n")] = '\0';
		/* out of memory: the names so far are kept, the rest unknown */
		if (nr_kfuncs == cap &&
		    grow_array((void **)&kfuncs, &cap, 65536, sizeof(*kfuncs)))
			break;
		kfuncs[nr_kfuncs++] = strdup(line);
	}
	fclose(f);
	qsort(kfuncs, nr_kfuncs, sizeof(*kfuncs), cmp_str);
}

bool kprobe_exists(const char *func, char *why, size_t len)
{
	if (access("/sys/bus/event_source/devices/kprobe/type", F_OK)) {
		snprintf(why, len, "kernel has no kprobe PMU (CONFIG_KPROBES off)");
		return false;
	}
	if (!kfuncs)
		load_filter_functions();
	if (!kfuncs) {
		snprintf(why, len, "available_filter_functions unreadable");
		return false;
	}
	if (!bsearch(&func, kfuncs, nr_kfuncs, sizeof(*kfuncs), cmp_str)) {
		snprintf(why, len, "%s not probeable (inlined or absent)", func);
		return false;
	}
	return true;
}

static bool is_mounted_dir(const char *probe)
{
	return access(probe, F_OK) == 0;
}

const char *ensure_debugfs(void)
{
	if (is_mounted_dir("/sys/kernel/debug/zswap") ||
	    is_mounted_dir("/sys/kernel/debug/bdi"))
		return NULL;
	if (mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL) == 0)
		return "mounted debugfs at /sys/kernel/debug";
	if (errno == EBUSY)
		return NULL;
	return "debugfs is not mounted and mounting it failed";
}

const char *ensure_tracefs(void)
{
	if (is_mounted_dir("/sys/kernel/tracing/events") ||
	    is_mounted_dir("/sys/kernel/debug/tracing/events"))
		return NULL;
	if (mount("tracefs", "/sys/kernel/tracing", "tracefs", 0, NULL) == 0)
		return "mounted tracefs at /sys/kernel/tracing";
	return "tracefs is not mounted and mounting it failed";
}

const char *tracefs_root(void)
{
	if (is_mounted_dir("/sys/kernel/tracing/events"))
		return "/sys/kernel/tracing";
	return "/sys/kernel/debug/tracing";
}

static int libbpf_print_all(enum libbpf_print_level level, const char *fmt,
			    va_list args)
{
	return vfprintf(stderr, fmt, args);
}

static int libbpf_print_none(enum libbpf_print_level level, const char *fmt,
			     va_list args)
{
	return 0;
}

void libbpf_verbosity(bool verbose)
{
	libbpf_set_print(verbose ? libbpf_print_all : libbpf_print_none);
}

void percpu_array_sum(int fd, unsigned int nkeys, size_t words,
		      unsigned long long *out)
{
	int ncpu = libbpf_num_possible_cpus();
	unsigned long long *vals = ncpu > 0 ? calloc(ncpu, words * sizeof(*vals)) : NULL;

	memset(out, 0, nkeys * words * sizeof(*out));
	for (__u32 k = 0; k < nkeys; k++) {
		if (!vals || bpf_map_lookup_elem(fd, &k, vals))
			continue;
		for (int c = 0; c < ncpu; c++)
			for (size_t w = 0; w < words; w++)
				out[k * words + w] += vals[c * words + w];
	}
	free(vals);
}

int percpu_hash_sum(int fd, const void *key, size_t words,
		    unsigned long long *out)
{
	int ncpu = libbpf_num_possible_cpus(), err = 0;
	unsigned long long *vals;

	memset(out, 0, words * sizeof(*out));
	if (ncpu <= 0)
		return ncpu ? ncpu : -EINVAL;
	vals = calloc(ncpu, words * sizeof(*vals));
	if (!vals)
		return -ENOMEM;
	if (bpf_map_lookup_elem(fd, key, vals))
		err = -errno;
	for (int c = 0; !err && c < ncpu; c++)
		for (size_t w = 0; w < words; w++)
			out[w] += vals[c * words + w];
	free(vals);
	return err;
}
