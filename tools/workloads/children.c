// SPDX-License-Identifier: GPL-2.0
/*
 * fork() with a parent-death signal, children released together and
 * reaped, stop signals passed on to them, and wait statuses in words.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include "children.h"
#include "msg.h"
#include "report.h"
#include "workload.h"

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
#define NR_STOP	(sizeof(stop_signals) / sizeof(stop_signals[0]))

static struct sigaction old_actions[NR_STOP];
static volatile sig_atomic_t stop_sig;
/* the children to pass a stop signal on to; 0 once reaped */
static volatile pid_t *kids;
static size_t kids_max, nkids;

static void on_stop(int sig)
{
	stop_sig = sig;
	for (size_t i = 0; i < nkids; i++)
		if (kids[i] > 0)
			kill(kids[i], sig);
}

int children_catch_stop_signals(size_t max)
{
	struct sigaction sa = { .sa_handler = on_stop };

	kids = calloc(max, sizeof(*kids));
	if (!kids)
		return -1;
	kids_max = max;
	/* no SA_RESTART: a wait() returns EINTR and sees the stop */
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < NR_STOP; i++)
		sigaction(stop_signals[i], &sa, &old_actions[i]);
	return 0;
}

int children_stopped(void)
{
	return stop_sig;
}

/* Blocks the stop signals (how = SIG_BLOCK) or unblocks them. */
static void mask_stop_signals(int how)
{
	sigset_t set;

	if (!kids)
		return;
	sigemptyset(&set);
	for (size_t i = 0; i < NR_STOP; i++)
		sigaddset(&set, stop_signals[i]);
	sigprocmask(how, &set, NULL);
}

static void forget_child(pid_t pid)
{
	for (size_t i = 0; i < nkids; i++)
		if (kids[i] == pid)
			kids[i] = 0;
}

pid_t child_fork(void)
{
	pid_t parent = getpid(), pid;

	/* blocked until the child is on the list, or has its old actions */
	mask_stop_signals(SIG_BLOCK);
	pid = fork();
	if (pid) {
		if (pid > 0 && nkids < kids_max)
			kids[nkids++] = pid;
		mask_stop_signals(SIG_UNBLOCK);
		return pid;
	}
	if (kids) {
		for (size_t i = 0; i < NR_STOP; i++)
			sigaction(stop_signals[i], &old_actions[i], NULL);
		mask_stop_signals(SIG_UNBLOCK);
		kids = NULL;
		kids_max = nkids = 0;
	}
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	/* the parent may have died before prctl() */
	if (getppid() != parent)
		_exit(WL_FAIL);
	return 0;
}

bool child_ok(int status, const char *what)
{
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return true;
	if (WIFEXITED(status))
		wl_msg("%s failed (exit %d)", what, WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		wl_msg("%s killed by signal %d (%s)%s", what, WTERMSIG(status),
		       strsignal(WTERMSIG(status)),
		       WTERMSIG(status) == SIGKILL ? ": out of memory?" : "");
	else
		wl_msg("%s ended with status 0x%x", what, status);
	return false;
}

void children_gate_wait(int gate)
{
	char c;

	while (read(gate, &c, 1) < 0 && errno == EINTR)
		;
}

bool children_run(unsigned long n, void (*body)(unsigned long i, int gate, void *arg),
		  void *arg, uint64_t *t0)
{
	unsigned long started = 0, left;
	int gate[2], status;
	char what[32];
	bool ok = true;
	pid_t pid;

	if (pipe(gate)) {
		wl_msg("pipe: %s", strerror(errno));
		return false;
	}
	for (; started < n && !stop_sig; started++) {
		pid = child_fork();
		if (pid < 0) {
			wl_msg("fork: %s", strerror(errno));
			ok = false;
			break;
		}
		if (!pid) {
			close(gate[1]);
			body(started, gate[0], arg);
		}
	}
	/* EOF on the pipe releases them all */
	*t0 = now_ns();
	close(gate[1]);
	close(gate[0]);
	for (left = started; left; left--) {
		pid = wait(&status);
		if (pid < 0 && errno == EINTR) {
			left++;
			continue;
		}
		if (pid < 0) {
			wl_msg("wait: %s", strerror(errno));
			return false;
		}
		forget_child(pid);
		/* a child the passed-on stop signal ended is not news */
		if (stop_sig && WIFSIGNALED(status) && WTERMSIG(status) == stop_sig)
			continue;
		snprintf(what, sizeof(what), "process %d", pid);
		ok &= child_ok(status, what);
	}
	return ok && !stop_sig;
}
