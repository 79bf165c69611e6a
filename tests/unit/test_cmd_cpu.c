// SPDX-License-Identifier: GPL-2.0
/*
 * cpu_user_s and cpu_sys_s (src/collect/cmd_cpu.c): cpu.stat as a real
 * kernel writes it, a cgroup directory whose cpu.stat moves, and the
 * rusage of a child that burns CPU, against wait4's rusage of it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "cmd_cpu.h"
#include "counters.h"
#include "metric_expect.h"

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void fixture_cpu_stat(void)
{
	char path[512], *text;
	double user, sys;

	snprintf(path, sizeof(path), "%s/6.18/cpu.stat", fixtures_dir);
	text = read_file(path, 1 << 16);
	CHECK(text && cpu_stat_times(text, &user, &sys) &&
	      user == strtod(strstr(text, "user_usec ") + 10, NULL) / 1e6 &&
	      sys == strtod(strstr(text, "system_usec ") + 12, NULL) / 1e6,
	      "6.18 cpu.stat: user and system seconds");
	free(text);
	CHECK(!cpu_stat_times("usage_usec 5\n", &user, &sys),
	      "cpu.stat without user_usec: false");
}

static void cgroup_window(void)
{
	char dir[] = "/tmp/zswap-cpu.XXXXXX", path[64];
	struct metric_set ms = {};
	const struct metric *m;
	struct cmd_cpu c;

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/cpu.stat", dir);
	write_text(path, "usage_usec 3000000\nuser_usec 2000000\nsystem_usec 1000000\n");
	cmd_cpu_begin(&c, dir);
	write_text(path, "usage_usec 5250000\nuser_usec 3500000\nsystem_usec 1750000\n");
	CHECK(!cmd_cpu_end(&c, &ms), "cgroup window");
	EXPECT(&ms, "cpu_user_s", 1.5);
	EXPECT(&ms, "cpu_sys_s", 0.75);
	m = metric_set_find(&ms, "cpu_user_s");
	CHECK(m && m->src == SRC_COUNTER && !strcmp(m->unit, "s"),
	      "from cpu.stat: source counter, unit s");
	metric_set_free(&ms);
	/* removed under the window: n/a, not the rusage of something else */
	cmd_cpu_begin(&c, dir);
	unlink(path);
	CHECK(!cmd_cpu_end(&c, &ms), "cgroup gone");
	EXPECT_NA(&ms, "cpu_sys_s", "cpu.stat not readable at the end");
	metric_set_free(&ms);
	rmdir(dir);
	/* a v1 memory cgroup has no cpu.stat: the process tree's rusage */
	cmd_cpu_begin(&c, "/nonexistent");
	CHECK(c.src == SRC_RUSAGE, "no cpu.stat: rusage");
	CHECK(!cmd_cpu_none(&ms), "no command");
	EXPECT_NA(&ms, "cpu_user_s", "observed no command");
	metric_set_free(&ms);
}

static double tv_s(struct timeval tv)
{
	return tv.tv_sec + tv.tv_usec / 1e6;
}

/* A child burning 0.2 s of CPU: the window's rusage is wait4's. */
static void rusage_window(void)
{
	struct metric_set ms = {};
	struct rusage ru;
	struct cmd_cpu c;
	double want;
	pid_t pid;
	int status;

	cmd_cpu_begin(&c, NULL);
	pid = fork();
	if (pid == 0) {
		struct timespec t0, t;
		volatile unsigned long x = 0;

		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
		do {
			for (int i = 0; i < 100000; i++)
				x += i;
			clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
		} while ((t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) / 1e9 < 0.2);
		_exit(0);
	}
	CHECK(pid > 0 && wait4(pid, &status, 0, &ru) == pid, "child waited");
	want = tv_s(ru.ru_utime) + tv_s(ru.ru_stime);
	CHECK(!cmd_cpu_end(&c, &ms), "rusage window");
	CHECK(metric_set_find(&ms, "cpu_user_s")->src == SRC_RUSAGE, "source rusage");
	CHECK(fabs(value_of(&ms, "cpu_user_s", &(const char *){ NULL }) +
		   value_of(&ms, "cpu_sys_s", &(const char *){ NULL }) - want) < 1e-6 &&
	      want >= 0.19, "user + sys = wait4's rusage of the child (%.3f s)", want);
	metric_set_free(&ms);
}

void test_cmd_cpu(void)
{
	fixture_cpu_stat();
	cgroup_window();
	rusage_window();
}
