// SPDX-License-Identifier: GPL-2.0
/*
 * hookbench: attaches empty programs to zswapstat's tracepoints, runs a
 * command, and prints each program's run count and ns per run from the
 * kernel's bpf_stats. The baseline for bench/run.sh.
 *
 *   hookbench -- COMMAND ARGS...
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "empty.skel.h"

int main(int argc, char **argv)
{
	struct empty_bpf *skel;
	struct bpf_program *p;
	int stats_fd, status;
	pid_t pid;

	if (argc < 3 || strcmp(argv[1], "--")) {
		fprintf(stderr, "usage: hookbench -- COMMAND ARGS...\n");
		return 2;
	}
	stats_fd = bpf_enable_stats(BPF_STATS_RUN_TIME);
	skel = empty_bpf__open_and_load();
	if (stats_fd < 0 || !skel || empty_bpf__attach(skel)) {
		fprintf(stderr, "error: loading empty programs: %s\n",
			strerror(errno));
		return 1;
	}
	pid = fork();
	if (pid == 0) {
		execvp(argv[2], &argv[2]);
		_exit(127);
	}
	waitpid(pid, &status, 0);
	bpf_object__for_each_program(p, skel->obj) {
		struct bpf_prog_info info = {};
		__u32 len = sizeof(info);

		if (bpf_obj_get_info_by_fd(bpf_program__fd(p), &info, &len))
			continue;
		printf("%s %llu %llu\n", bpf_program__name(p),
		       (unsigned long long)info.run_cnt,
		       (unsigned long long)info.run_time_ns);
	}
	empty_bpf__destroy(skel);
	close(stats_fd);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
