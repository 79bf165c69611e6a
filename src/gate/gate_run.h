/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room src/gate/: the zswap-gate command: record, run, plan and each subcommand's options.
 * May call: util, stats, metrics, collect, lock, iostall, record, compare, claims, draft, fleet.
 */
/*
 * `zswap-gate run`: N runs per arm of one workload under `zswap-gate
 * record`, alternating A B A B ..., where an arm is a set of zswap module
 * parameters of the running kernel. Records go to DIR/a/ and DIR/b/ (so
 * `zswap-gate compare DIR/a -- DIR/b` compares them); the parameters are
 * restored afterwards, also after a failure or SIGINT/SIGTERM.
 */
#ifndef __GATE_RUN_H
#define __GATE_RUN_H

#include "cli_opts.h"

/* Where the parameters live; ZSWAP_PARAM_DIR overrides it (tests). */
#define ZSWAP_PARAM_DIR "/sys/module/zswap/parameters"

/*
 * The record options run passes on to each run's record: declared once,
 * for record's table (bound to its fields) and run's (passed on).
 */
#define GATE_RECORD_SHARED_OPTS(cgroup, duration, self_stats, locks, iocost, \
				no_fentry, no_kprobe, verbose) \
	CLI_OPT_CGROUP(cgroup), \
	CLI_OPT_DURATION(duration), \
	CLI_OPT_SELF_STATS(self_stats), \
	CLI_OPT_LOCKS(locks), \
	CLI_OPT_IOCOST(iocost), \
	CLI_OPT_NO_FENTRY(no_fentry), \
	CLI_OPT_NO_KPROBE(no_kprobe), \
	CLI_OPT_VERBOSE(verbose)

/* argv[0] is "run". Returns 0 done, 1 failed or interrupted, 2 bad usage. */
int gate_run_main(int argc, char **argv);

#endif /* __GATE_RUN_H */
