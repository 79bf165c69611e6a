/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Records named on a command line: a record file, or a directory whose
 * *.json files are records (read in name order, so run01 comes before
 * run02). Each record is loaded, handed to a callback and freed, so
 * memory does not grow with the number of records.
 */
#ifndef __RECORD_WALK_H
#define __RECORD_WALK_H

#include <stddef.h>
#include "record.h"

/* Returns 0, or -1 with a message naming the file in err. */
typedef int (*record_fn)(const struct record *rec, const char *path,
			 void *ctx, char *err, size_t len);

/* -1 with err on an unreadable path, an empty directory, a bad record
 * or a callback that returned -1. */
int record_walk_path(const char *path, record_fn fn, void *ctx,
		     char *err, size_t len);

#endif /* __RECORD_WALK_H */
