/* SPDX-License-Identifier: GPL-2.0 */
/* `zswap-gate compare`: options, loading, gating, output, exit code. */
#ifndef __COMPARE_CLI_H
#define __COMPARE_CLI_H

#include "cli_opts.h"

/* argv[0] is "compare". Returns 0 pass, 1 regression, 2 bad input. */
int compare_main(int argc, char **argv);

/* --alpha A: a number in (0, 1) into the double value points to */
int gate_parse_alpha(void *value, const char *arg);

/* the options compare and claims share: declared once */
#define GATE_ARMS_SHARED_OPTS(alpha, markdown, json, incomplete, label_a, \
			      label_b) \
	CLI_CALLBACK('a', "alpha", "A", gate_parse_alpha, alpha, \
		     "significance level (default 0.05)"), \
	CLI_FLAG(0, "markdown", markdown, \
		 "Markdown tables (CI job summaries)"), \
	CLI_FLAG(0, "json", json, "JSON"), \
	CLI_FLAG(0, "allow-incomplete", incomplete, \
		 "include incomplete records (interrupted, or a setup\n" \
		 "changed during the window: warned of)"), \
	CLI_STRING(0, "label-a", "NAME", label_a, \
		   "arm A's name in the output (default A)"), \
	CLI_STRING(0, "label-b", "NAME", label_b, "arm B's (default B)")

#endif /* __COMPARE_CLI_H */
