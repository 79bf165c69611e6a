/* SPDX-License-Identifier: GPL-2.0 */
/* `zswap-gate claims draft`: a claims file from a series' letter. */
#ifndef __CLAIMS_DRAFT_CLI_H
#define __CLAIMS_DRAFT_CLI_H

/* argv[0] is "draft". Returns 0, or 2 on bad input (no table found). */
int claims_draft_main(int argc, char **argv);

#endif /* __CLAIMS_DRAFT_CLI_H */
