/* SPDX-License-Identifier: GPL-2.0 */
/* `zswap-gate claims`: a series' claims file against two arms of records. */
#ifndef __CLAIMS_CLI_H
#define __CLAIMS_CLI_H

/*
 * argv[0] is "claims". Returns 0 when no row is contradicted (and, with
 * --fail-on-not-shown, none is not shown), 1 otherwise, 2 bad input.
 */
int claims_main(int argc, char **argv);

#endif /* __CLAIMS_CLI_H */
