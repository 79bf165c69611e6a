/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zswap-workload's messages (msg.c; the unit tests stand in their own
 * wl_msg() to read what was said).
 */
#ifndef __WL_MSG_H
#define __WL_MSG_H

/* "zswap-workload CMD: " + the message + newline, on stderr. */
void wl_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The command messages name from now on ("usemem"). */
void wl_msg_command(const char *name);

#endif /* __WL_MSG_H */
