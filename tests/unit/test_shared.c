// SPDX-License-Identifier: GPL-2.0
/*
 * The shared pieces of issue 14: spawn_start()'s failure steps and exit
 * codes, and the test-mode map sizes.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "harness.h"
#include "map_limits.h"
#include "prog_stats.h"
#include "spawn.h"

/* Runs argv with o; the exit code, the step it failed at (or SPAWN_RAN). */
static int run(char **argv, const struct spawn_opts *o, int *step, int *err)
{
	struct spawn sp;
	int status;

	status = spawn_start(&sp, argv, o) ? -1 : spawn_wait(&sp);
	spawn_failed(&sp);
	*step = sp.fail_step;
	*err = sp.fail_errno;
	return status < 0 ? -1 : spawn_exit_code(status);
}

static void test_spawn(void)
{
	char *ok[] = { "true", NULL };
	char *missing[] = { "/nonexistent/cmd", NULL };
	char *own127[] = { "sh", "-c", "exit 127", NULL };
	char *env[] = { "sh", "-c", "test \"$ZS_SPAWN_T\" = y", NULL };
	char *byname[] = { "not-a-command", "-c", "exit 3", NULL };
	char *killed[] = { "sh", "-c", "kill -TERM $$", NULL };
	char flag[64], touch_arg[80];
	char *touch[] = { "touch", touch_arg, NULL };
	struct spawn none = SPAWN_NONE;
	struct spawn_opts o = {};
	int step, err, rc;

	rc = run(ok, &o, &step, &err);
	CHECK(rc == 0 && step == SPAWN_RAN, "true: exit %d, step %d", rc, step);
	rc = run(missing, &o, &step, &err);
	CHECK(rc == 127 && step == SPAWN_EXEC && err == ENOENT,
	      "missing command: exit %d, step %d, %s", rc, step, strerror(err));
	/* the command's own 127 is not a failure to run it */
	rc = run(own127, &o, &step, &err);
	CHECK(rc == 127 && step == SPAWN_RAN, "own 127: exit %d, step %d", rc, step);
	rc = run(killed, &o, &step, &err);
	CHECK(rc == 128 + 15 && step == SPAWN_RAN, "SIGTERM: exit %d", rc);

	o.env_name = "ZS_SPAWN_T";
	o.env_value = "y";
	rc = run(env, &o, &step, &err);
	CHECK(rc == 0 && !getenv("ZS_SPAWN_T"),
	      "env: child exit %d, parent's %s", rc, getenv("ZS_SPAWN_T"));
	o = (struct spawn_opts){ .path = "/bin/sh" };
	rc = run(byname, &o, &step, &err);
	CHECK(rc == 3 && step == SPAWN_RAN, "path: exit %d, step %d", rc, step);

	snprintf(flag, sizeof(flag), "/tmp/zs-spawn-test.%d", (int)getpid());
	snprintf(touch_arg, sizeof(touch_arg), "%s", flag);
	o = (struct spawn_opts){ .cgroup = "/nonexistent/cg" };
	rc = run(touch, &o, &step, &err);
	CHECK(rc == 126 && step == SPAWN_CGROUP && err == ENOENT &&
	      access(flag, F_OK), "cgroup refused: exit %d, step %d, %s, ran: %d",
	      rc, step, strerror(err), !access(flag, F_OK));
	unlink(flag);
	CHECK(!spawn_failed(&none), "SPAWN_NONE: nothing failed");
}

/* Starts sh -c script (which touches flag once its trap is set), waits for it. */
static pid_t start_ready(const char *script, const char *flag)
{
	char *argv[] = { "sh", "-c", (char *)script, "sh", (char *)flag, NULL };
	struct spawn_opts o = { .default_signals = true };
	struct spawn sp;

	unlink(flag);
	if (spawn_start(&sp, argv, &o))
		return -1;
	for (int i = 0; i < 200 && access(flag, F_OK); i++)
		usleep(10000);
	unlink(flag);
	return sp.pid;
}

/*
 * An interrupted workload gets the signal, and SIGKILL once the grace
 * period is over (issue 37: iostall waited for it forever, then died
 * of the signal itself, its workload SIGKILLed without a report).
 */
static void test_spawn_stop(void)
{
	struct spawn_stopped st;
	char flag[64];
	pid_t pid;

	snprintf(flag, sizeof(flag), "/tmp/zs-stop-test.%d", (int)getpid());
	/* exec 2>: sh would print "Terminated" for its signalled sleep */
	pid = start_ready("exec 2>/dev/null; trap 'exit 3' TERM; touch \"$1\"; "
			  "while :; do sleep 0.05; done", flag);
	spawn_stop(pid, SIGTERM, 2000, &st);
	CHECK(pid > 0 && st.status >= 0 && spawn_exit_code(st.status) == 3 &&
	      !st.killed, "a workload that stops on SIGTERM: its own exit 3 (%d), "
	      "not killed", st.status < 0 ? -1 : spawn_exit_code(st.status));
	pid = start_ready("exec 2>/dev/null; trap '' TERM; touch \"$1\"; "
			  "while :; do sleep 0.05; done", flag);
	spawn_stop(pid, SIGTERM, 200, &st);
	CHECK(pid > 0 && st.status >= 0 && spawn_exit_code(st.status) == 128 + 9 &&
	      st.killed, "a workload that ignores SIGTERM: SIGKILLed after the "
	      "grace period (%d)", st.status < 0 ? -1 : spawn_exit_code(st.status));
	CHECK(pid > 0 && kill(pid, 0) && errno == ESRCH, "the workload was reaped");
}

static void test_map_limits(void)
{
	CHECK(map_limits_parse("cgroup_counts=1", "cgroup_counts") == 1, "one");
	CHECK(map_limits_parse("cg_bios=2,cgroup_counts=7", "cgroup_counts") == 7,
	      "second of two");
	CHECK(map_limits_parse("cgroup_counts=7,cg_bios=2", "cg_bios") == 2,
	      "last of two");
	CHECK(map_limits_parse("cgroup_counts_x=3", "cgroup_counts") == 0 &&
	      map_limits_parse("cgroup=3", "cgroup_counts") == 0,
	      "a prefix or a longer name is another map");
	CHECK(map_limits_parse("cgroup_counts=0", "cgroup_counts") == 0 &&
	      map_limits_parse("cgroup_counts=5x", "cgroup_counts") == 0 &&
	      map_limits_parse("cgroup_counts=", "cgroup_counts") == 0 &&
	      map_limits_parse("", "cgroup_counts") == 0,
	      "no size, zero or junk: unchanged");
}

/* One read of the programs' stats serves the skipped runs and the report. */
static void test_prog_stats(void)
{
	const struct prog_stats ps[] = {
		{ "btf_begin", 10, 100, 2 }, { "btf_end", 9, 90, 3 },
		{ "a_program_name_longer_than_31_c", 1, 1, 0 },
	};

	CHECK(prog_stats_missed(ps, 3) == 5, "skipped runs summed");
	CHECK(prog_stats_find(ps, 3, "btf_end") == &ps[1] &&
	      !prog_stats_find(ps, 3, "raw_end"), "a program found by name");
	CHECK(prog_stats_find(ps, 3, "a_program_name_longer_than_31_chars") == &ps[2],
	      "a long name found as stored (cut to the field)");
}

void test_shared(void)
{
	test_spawn();
	test_spawn_stop();
	test_map_limits();
	test_prog_stats();
}
