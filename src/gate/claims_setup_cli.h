/* SPDX-License-Identifier: GPL-2.0 */
/* `zswap-gate claims setup`: a claims file's experiment, for drivers. */
#ifndef __CLAIMS_SETUP_CLI_H
#define __CLAIMS_SETUP_CLI_H

/* argv[0] is "setup". Returns 0, or 2 on bad input. */
int claims_setup_main(int argc, char **argv);

#endif /* __CLAIMS_SETUP_CLI_H */
