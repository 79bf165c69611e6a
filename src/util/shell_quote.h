/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A command line as one string a shell reads back into the same words:
 * what a record keeps of the zswap-gate command that wrote it.
 */
#ifndef __SHELL_QUOTE_H
#define __SHELL_QUOTE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Writes argv (NULL-terminated) into buf: words of only [A-Za-z0-9_./=:,+@%^-]
 * as they are, others in single quotes (a ' as '\''), "" as ''. Returns
 * false, buf cut short with " ..." appended, when it does not fit.
 */
bool shell_quote_argv(char *buf, size_t len, char *const *argv);

#endif /* __SHELL_QUOTE_H */
