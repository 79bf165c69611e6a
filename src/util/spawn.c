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
#include "grow.h"
#include "mono_clock.h"
#include "spawn.h"

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 };
#define NR_STOP_SIGNALS (sizeof(stop_signals) / sizeof(stop_signals[0]))

void spawn_catch_stop_signals(void (*handler)(int))
{
	struct sigaction sa = { .sa_handler = handler };

	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < NR_STOP_SIGNALS; i++)
		sigaction(stop_signals[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

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
		for (size_t i = 0; i < NR_STOP_SIGNALS; i++)
			signal(stop_signals[i], SIG_DFL);
		signal(SIGPIPE, SIG_DFL);
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

/* Every process there is now, with its parent (from /proc). */
struct proc_link {
	pid_t pid, ppid;
};

static struct proc_link *proc_links(size_t *n)
{
	struct proc_link *l = NULL;
	size_t cap = 0;
	struct dirent *e;
	DIR *d = opendir("/proc");

	*n = 0;
	while (d && (e = readdir(d))) {
		char *end;
		long v = strtol(e->d_name, &end, 10);

		if (*end || v <= 0)
			continue;
		if (*n == cap && grow_array((void **)&l, &cap, 256, sizeof(*l)))
			break;
		l[*n].pid = v;
		l[(*n)++].ppid = parent_of(v);
	}
	if (d)
		closedir(d);
	return l;
}

int spawn_signal_tree(pid_t pid, int sig)
{
	struct proc_link *l;
	pid_t *tree;
	size_t n, nt = 0;
	int sent = 0;

	if (pid <= 0)
		return 0;
	l = proc_links(&n);
	tree = calloc(n + 1, sizeof(*tree));
	if (tree) {
		/* breadth first from pid: each pass adds the children of those found */
		tree[nt++] = pid;
		for (size_t i = 0; i < nt; i++)
			for (size_t j = 0; j < n; j++)
				if (l[j].ppid == tree[i] && l[j].pid != pid && l[j].pid > 0) {
					tree[nt++] = l[j].pid;
					l[j].pid = 0;	/* taken */
				}
		for (size_t i = 0; i < nt; i++)
			sent += !kill(tree[i], sig);
	} else {
		sent = !kill(pid, sig);
	}
	free(tree);
	free(l);
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
	size_t n, k = 0;
	struct proc_link *l = proc_links(&n);

	for (size_t i = 0; i < n && k < max; i++)
		if (l[i].ppid == self)
			out[k++] = l[i].pid;
	free(l);
	return k;
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

		spawn_reap_exited();
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

void spawn_stop(pid_t pid, int sig, int grace_ms, struct spawn_stopped *out)
{
	struct timespec tick = { 0, 50 * 1000 * 1000 };
	double end = mono_s() + grace_ms / 1000.0;
	pid_t r;

	out->status = -1;
	out->killed = false;
	spawn_signal_tree(pid, sig);
	while (!(r = waitpid(pid, &out->status, WNOHANG)) && mono_s() < end)
		nanosleep(&tick, NULL);
	if (!r) {
		spawn_signal_tree(pid, SIGKILL);
		out->killed = true;
		while ((r = waitpid(pid, &out->status, 0)) < 0 && errno == EINTR)
			;
	}
	if (r < 0)
		out->status = -1;
	out->orphans = spawn_stop_orphans();
}

int spawn_reap_exited(void)
{
	int n = 0;

	while (waitpid(-1, NULL, WNOHANG) > 0)
		n++;
	return n;
}
