/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `zswap-gate run`: N runs per arm of one workload under `zswap-gate
 * record`, alternating A B A B ..., where an arm is a set of zswap module
 * parameters of the running kernel. Records go to DIR/a/ and DIR/b/ (so
 * `zswap-gate compare DIR/a -- DIR/b` compares them); the parameters are
 * restored afterwards, also after a failure or SIGINT/SIGTERM.
 */
#ifndef __GATE_RUN_H
#define __GATE_RUN_H

#include <stdio.h>

/* Where the parameters live; ZSWAP_PARAM_DIR overrides it (tests). */
#define ZSWAP_PARAM_DIR "/sys/module/zswap/parameters"

/* argv[0] is "run". Returns 0 done, 1 failed or interrupted, 2 bad usage. */
int gate_run_main(int argc, char **argv);
void gate_run_usage(FILE *f);

#endif /* __GATE_RUN_H */
