// SPDX-License-Identifier: GPL-2.0
/* Unit tests: no privileges, no BPF. Usage: test_unit FIXTURES_DIR */
#include <stdio.h>
#include "harness.h"
#include "stats.h"

int tests_passed, tests_failed;
const char *fixtures_dir = "tests/fixtures";

int main(int argc, char **argv)
{
	if (argc > 1)
		fixtures_dir = argv[1];
	stats_init();	/* as zswap-gate does */
	test_parsers();
	test_planner();
	test_kfuncs();
	test_metric_eval();
	test_kv_families();
	test_level_stats();
	test_cmd_cpu();
	test_histogram();
	test_record();
	test_summary();
	test_tui();
	test_cgroup_stats();
	test_stats();
	test_compare();
	test_prom();
	test_lockstat();
	test_iostall();
	test_iostall_eval();
	test_claims();
	test_claims_fit();
	test_claims_sequential();
	test_claims_names();
	test_claims_setup();
	test_letter_setup();
	test_fleet();
	test_claims_draft();
	test_letter_claims();
	test_draft_bounds();
	test_draft_shapes();
	test_draft_tool_output();
	test_draft_arms();
	test_draft_headers();
	test_draft_corpus();
	test_doc_names();
	test_workload();
	test_faults();
	test_fuzz();
	test_shared();
	test_cli_opts();
	test_param_watch();
	test_probe_opts();
	printf("%d passed, %d failed\n", tests_passed, tests_failed);
	return tests_failed ? 1 : 0;
}
