/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Records named on a command line: a record file, or a directory whose
 * *.json files are records (read in name order, so run01 comes before
 * run02). Each record is loaded, handed to a callback and freed, so
 * memory does not grow with the number of records.
 */
#ifndef __RECORD_WALK_H
#define __RECORD_WALK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>
#include "record.h"
#include "zs_error.h"

/* Returns 0, or -1 with a message naming the file in err. */
typedef int (*record_fn)(const struct record *rec, const char *path,
			 void *ctx, struct zs_error *err);

/*
 * The files walked so far (device and inode): a record named twice, as
 * `compare r1 r1 r1` or through a link, would count one run as several;
 * and what the records taken warn of, for the tool to print. Zeroed to
 * start; record_seen_free() when done.
 */
struct record_seen {
	struct seen_file {
		dev_t dev;
		ino_t ino;
		char *path;
	} *v;
	size_t n, cap;
	char **warnings;
	size_t nr_warnings, warnings_cap;
};

void record_seen_free(struct record_seen *s);

/*
 * Whether compare and claims take rec: an incomplete record only with
 * allow_incomplete (else -1, err saying why it is incomplete); one whose
 * zswap parameters changed during its window is taken with a warning in
 * seen (its metrics mix two settings).
 */
int record_admit(const struct record *rec, const char *path,
		 bool allow_incomplete, struct record_seen *seen,
		 struct zs_error *err);
/* The warnings of seen, a "warning: " line each (the tools: stderr). */
void record_seen_print_warnings(FILE *f, const struct record_seen *seen);
/* Why rec is incomplete, in a few words (the first parameter change). */
void record_incomplete_why(const struct record_meta *m, char *buf, size_t len);

/* -1 with err on an unreadable path, an empty directory, a bad record,
 * a record already in seen or a callback that returned -1. */
int record_walk_path(const char *path, struct record_seen *seen, record_fn fn,
		     void *ctx, struct zs_error *err);

#endif /* __RECORD_WALK_H */
