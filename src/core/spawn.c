// SPDX-License-Identifier: GPL-2.0
/* fork, enter a cgroup, exec, with the failure step sent home; see spawn.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>
#include "cli_checks.h"
#include "spawn.h"

/* cgroup v2 (and v1's procs file), else a v1 hierarchy's tasks file. */
static int enter_cgroup(const char *cgroup)
{
	char path[PATH_MAX + 32], pid[16];
	int fd, n;

	snprintf(path, sizeof(path), "%s/cgroup.procs", cgroup);
	fd = open(path, O_WRONLY);
	if (fd < 0) {
		snprintf(path, sizeof(path), "%s/tasks", cgroup);
		fd = open(path, O_WRONLY);
	}
	if (fd < 0)
		return -1;
	n = snprintf(pid, sizeof(pid), "%d", getpid());
	n = write(fd, pid, n) == n ? 0 : -1;
	close(fd);
	return n;
}

static _Noreturn void child_fail(int fd, int step, int code)
{
	int e[2] = { step, errno };

	(void)!write(fd, e, sizeof(e));
	_exit(code);
}

int spawn_start(struct spawn *sp, char *const argv[],
		const struct spawn_opts *o)
{
	int p[2], err;

	sp->pid = -1;
	sp->fail_fd = -1;
	sp->fail_step = SPAWN_RAN;
	sp->fail_errno = 0;
	if (pipe2(p, O_CLOEXEC))
		goto no_child;
	sp->pid = cli_fork();
	if (sp->pid != 0) {
		err = errno;
		close(p[1]);
		if (sp->pid > 0) {
			sp->fail_fd = p[0];
			return 0;
		}
		close(p[0]);
		errno = err;
		goto no_child;
	}
	close(p[0]);
	if (o->default_signals) {
		/* an ignored signal stays ignored across exec: SIGPIPE too */
		static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT,
					    SIGUSR1, SIGUSR2, SIGPIPE };

		for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
			signal(sigs[i], SIG_DFL);
	}
	if (o->env_name)
		setenv(o->env_name, o->env_value, 1);
	if (o->cgroup && enter_cgroup(o->cgroup))
		child_fail(p[1], SPAWN_CGROUP, 126);
	if (o->path)
		execv(o->path, argv);
	else
		execvp(argv[0], argv);
	child_fail(p[1], SPAWN_EXEC, 127);
no_child:
	sp->fail_step = SPAWN_FORK;
	sp->fail_errno = errno;
	return -errno;
}

bool spawn_failed(struct spawn *sp)
{
	int e[2];

	if (sp->fail_fd >= 0) {
		/* empty at EOF: the pipe closed on a successful exec */
		ssize_t n;

		while ((n = read(sp->fail_fd, e, sizeof(e))) < 0 && errno == EINTR)
			;
		if (n == sizeof(e)) {
			sp->fail_step = e[0];
			sp->fail_errno = e[1];
		}
		close(sp->fail_fd);
		sp->fail_fd = -1;
	}
	return sp->fail_step != SPAWN_RAN;
}

int spawn_wait(struct spawn *sp)
{
	int status;

	if (sp->pid <= 0)
		return -1;
	while (waitpid(sp->pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return status;
}

int spawn_exit_code(int status)
{
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
