/* SPDX-License-Identifier: GPL-2.0 */
/* `zswap-gate compare`: options, loading, gating, output, exit code. */
#ifndef __COMPARE_CLI_H
#define __COMPARE_CLI_H

#include <stdio.h>

/* argv[0] is "compare". Returns 0 pass, 1 regression, 2 bad input. */
int compare_main(int argc, char **argv);
void compare_usage(FILE *f);

#endif /* __COMPARE_CLI_H */
