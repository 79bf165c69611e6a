/* SPDX-License-Identifier: GPL-2.0 */
/* The lock module as a collector module (--locks of the tools). */
#ifndef __LOCK_MODULE_H
#define __LOCK_MODULE_H

#include "collector.h"
#include "lock_session.h"

/*
 * Opens ls and adds it to c; returns 0 or an exit code, the error
 * printed (ls is closed on failure). skip: lock metrics the tool leaves
 * out, or NULL.
 */
int lock_module_open(struct collector *c, struct lock_session *ls,
		     const struct lock_session_opts *o,
		     bool (*skip)(const struct metric_id *id, const char *key));

#endif /* __LOCK_MODULE_H */
