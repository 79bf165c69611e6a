/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Readers of the kernel's own zswap counters: /proc/vmstat, debugfs zswap/,
 * the per-size mTHP stats, /proc/meminfo, zswap module parameters, and a
 * cgroup's memory.stat, memory.events, io.stat and pressure files. Parsers
 * take text (or a directory) so tests can feed them files captured from
 * real kernels.
 */
#ifndef __COUNTERS_H
#define __COUNTERS_H

#include <stdbool.h>
#include <stddef.h>
#include "mthp_sysfs.h"
#include "zs_error.h"

#define KV_NAME_LEN 64

struct kv {
	char name[KV_NAME_LEN];
	double value;
};

struct kvset {
	struct kv *items;
	size_t n, cap;
};

void kvset_free(struct kvset *s);
int kvset_set(struct kvset *s, const char *name, double value);
/* Returns true and sets *value when name is present. */
bool kvset_get(const struct kvset *s, const char *name, double *value);

/* Parsers: return the number of values read, -1 on malformed input. */
int parse_key_value(const char *text, struct kvset *out);	/* vmstat, memory.stat */
int parse_meminfo(const char *text, struct kvset *out);		/* kB -> bytes */
int parse_pressure(const char *text, struct kvset *out);	/* some_total, full_total (us) */
/* io.stat: one line per device; keys are "MAJ:MIN.wios" etc. */
int parse_io_stat(const char *text, struct kvset *out);

/*
 * Lines of "MAJ:MIN key=value key=value ..." (io.stat, io.cost.qos,
 * io.cost.model): fn(ctx, dev, key, value) for each pair, then
 * fn(ctx, dev, NULL, NULL) at the line's end. -1 on a malformed line
 * or when fn returns -1; else how many pairs.
 */
#define DEV_KV_DEV_LEN 32
#define DEV_KV_KEY_LEN 48
#define DEV_KV_VAL_LEN 64
typedef int (*dev_kv_fn)(void *ctx, const char *dev, const char *key,
			 const char *val);
int parse_dev_kv_lines(const char *text, dev_kv_fn fn, void *ctx);

/* The file, NUL-terminated; at most max - 1 bytes of it (NULL on errors). */
char *read_file(const char *path, size_t max);
/*
 * The whole file, NUL-terminated, its length (embedded NULs kept) in
 * *len; NULL with errno set on errors, EFBIG when it has max - 1 bytes
 * or more.
 */
char *read_file_len(const char *path, size_t max, size_t *len);
/*
 * The same for a file a user names (a record, a claims or rules file):
 * only a regular file (a FIFO would block the reader, a directory read
 * as empty), "PATH: cannot read: why" in err when it fails.
 */
char *read_file_explained(const char *path, size_t max, size_t *len,
			  struct zs_error *err);
/*
 * open(2) of a file a user names, refused unless it is a regular file
 * (O_CREAT in flags may create one): -1 with the reason in why. Opened
 * O_NONBLOCK, then blocking again, so a FIFO never blocks the check.
 */
int open_regular(const char *path, int flags, char *why, size_t len);

/*
 * Every file of dir that holds one number, as prefix + its name; the
 * number read, -1 when dir cannot be opened (debugfs zswap/, an mTHP
 * size's stats/).
 */
int read_value_dir(const char *dir, const char *prefix, struct kvset *out);

/*
 * The per-size mTHP stats under root (root/hugepages-64kB/stats/zswpout
 * as "64kB/zswpout"); how many sizes had stats.
 */
int read_mthp_stats(const char *root, struct kvset *out);

/* Everything the counters say at one moment. */
struct zs_snapshot {
	struct kvset vmstat;
	struct kvset meminfo;
	struct kvset debugfs;		/* every file under debugfs zswap/ */
	struct kvset mthp;		/* "64kB/zswpout": per-size mTHP stats */
	struct kvset memory_stat;	/* of the observed cgroup */
	struct kvset memory_events;
	struct kvset io_stat;
	struct kvset memory_pressure;
	struct kvset io_pressure;
	double zswap_current;		/* memory.zswap.current, -1 if absent */
	double memory_current;		/* memory.current (v1: usage_in_bytes), -1 */
	bool has_debugfs;		/* debugfs zswap/ could be read */
	bool has_mthp;			/* some size had mTHP stats */
	bool has_memory_events;		/* the cgroup's memory.events (v2) */
	bool has_cgroup;		/* the cgroup's memory.stat could be read */
};

/* cgroup may be NULL: then only the system-wide files are read. */
int snapshot_take(struct zs_snapshot *s, const char *debugfs_dir,
		  const char *cgroup);
void snapshot_free(struct zs_snapshot *s);
/* The cgroup's one-number levels into s: memory.zswap.current, memory.current. */
void snapshot_cgroup_levels(struct zs_snapshot *s, const char *cgroup);


/* Module parameters as strings ("enabled" -> "Y"). */
struct zswap_params {
	char enabled[8];
	char compressor[32];
	char zpool[32];
	char max_pool_percent[8];
	char accept_threshold_percent[8];
	char shrinker_enabled[8];
};

/* Each parameter of struct zswap_params: its file name and its field. */
struct zswap_param_field {
	const char *name;
	size_t off, len;
};
#define ZSWAP_NR_PARAMS 6
extern const struct zswap_param_field zswap_param_fields[ZSWAP_NR_PARAMS];

/* Every parameter from dir's files ("n/a" for a file that cannot be read). */
void zswap_params_read(struct zswap_params *p, const char *dir);

/*
 * The same files kept open, for a sample every 100 ms: sysfs renders a
 * file anew when it is reread from offset 0, without the path lookups.
 */
struct zswap_param_files {
	int fd[ZSWAP_NR_PARAMS];	/* -1: could not be opened ("n/a") */
	bool opened;			/* zeroed: nothing open */
};

void zswap_param_files_open(struct zswap_param_files *f, const char *dir);
void zswap_param_files_read(const struct zswap_param_files *f,
			    struct zswap_params *p);
void zswap_param_files_close(struct zswap_param_files *f);

#endif /* __COUNTERS_H */
