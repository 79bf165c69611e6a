// SPDX-License-Identifier: GPL-2.0
/* fork() with a parent-death signal, and wait statuses in words. */
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include "children.h"
#include "workload.h"

pid_t child_fork(void)
{
	pid_t parent = getpid(), pid = fork();

	if (pid)
		return pid;
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
