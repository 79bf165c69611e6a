// SPDX-License-Identifier: GPL-2.0
/* fork, enter a cgroup, exec, with the failure step sent home; see spawn.h. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/prctl.h>
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

/* The parent of pid from /proc/PID/stat (its comm may hold spaces and
 * parentheses: the fields after the last ')' are parsed), or -1. */
static pid_t parent_of(pid_t pid)
{
	char path[64], buf[512], *p;
	ssize_t n;
	int fd, ppid;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 1, " %*c %d", &ppid) != 1)
		return -1;
	return ppid;
}

int spawn_signal_tree(pid_t pid, int sig)
{
	pid_t *all = NULL, *par = NULL, *tree = NULL;
	size_t n = 0, cap = 0, nt = 0;
	struct dirent *e;
	DIR *d;
	int sent = 0;

	if (pid <= 0)
		return 0;
	d = opendir("/proc");
	while (d && (e = readdir(d))) {
		char *end;
		long v = strtol(e->d_name, &end, 10);

		if (*end || v <= 0 || v == pid)
			continue;
		if (n == cap) {
			size_t c = cap ? 2 * cap : 256;
			pid_t *a = realloc(all, c * sizeof(*a)), *b;

			if (!a)
				break;
			all = a;
			b = realloc(par, c * sizeof(*b));
			if (!b)
				break;
			par = b;
			cap = c;
		}
		all[n] = v;
		par[n] = parent_of(v);
		n++;
	}
	if (d)
		closedir(d);
	tree = calloc(n + 1, sizeof(*tree));
	if (tree) {
		/* breadth first from pid: each pass adds the children of those found */
		tree[nt++] = pid;
		for (size_t i = 0; i < nt; i++)
			for (size_t j = 0; j < n; j++)
				if (par[j] == tree[i] && all[j] > 0) {
					tree[nt++] = all[j];
					all[j] = 0;	/* taken */
				}
		for (size_t i = 0; i < nt; i++)
			sent += !kill(tree[i], sig);
	} else {
		sent = !kill(pid, sig);
	}
	free(tree);
	free(all);
	free(par);
	return sent;
}

void spawn_adopt_orphans(void)
{
	prctl(PR_SET_CHILD_SUBREAPER, 1);
}

/* Our children now (orphans adopted as subreaper); n at most max. */
static size_t own_children(pid_t *out, size_t max)
{
	pid_t self = getpid();
	struct dirent *e;
	size_t n = 0;
	DIR *d = opendir("/proc");

	while (d && (e = readdir(d)) && n < max) {
		char *end;
		long v = strtol(e->d_name, &end, 10);

		if (!*end && v > 0 && parent_of(v) == self)
			out[n++] = v;
	}
	if (d)
		closedir(d);
	return n;
}

int spawn_stop_orphans(void)
{
	pid_t kids[256];
	size_t n = own_children(kids, 256);
	int left = n;

	for (size_t i = 0; i < n; i++)
		spawn_signal_tree(kids[i], SIGTERM);
	for (int tick = 0; n && tick < 20; tick++) {
		struct timespec t = { 0, 50 * 1000 * 1000 };

		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		n = own_children(kids, 256);
		if (n)
			nanosleep(&t, NULL);
	}
	for (size_t i = 0; i < n; i++)
		spawn_signal_tree(kids[i], SIGKILL);
	while (n && waitpid(-1, NULL, 0) > 0)
		;
	return left;
}
