/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Starts a command for a tool to observe: fork (the child dies with the
 * tool, see cli_fork()), optionally enter a cgroup, exec. A child that
 * never reached the command tells the parent which step failed and why
 * through a close-on-exec pipe, so its exit 126/127 is told apart from
 * the command's own; each tool words that failure its own way.
 */
#ifndef __SPAWN_H
#define __SPAWN_H

#include <stdbool.h>
#include <sys/types.h>

/* Where a child that never ran the command stopped. */
enum spawn_step {
	SPAWN_RAN = -1,		/* the command ran (or nothing is known yet) */
	SPAWN_CGROUP = 0,	/* entering the cgroup; the child exits 126 */
	SPAWN_EXEC = 1,		/* exec; the child exits 127 */
	SPAWN_FORK = 2,		/* no child: pipe or fork failed */
};

struct spawn_opts {
	const char *cgroup;	/* enter it (cgroup.procs, else tasks) */
	const char *path;	/* exec this file; NULL: argv[0] in PATH */
	const char *env_name;	/* set in the child only, when not NULL */
	const char *env_value;
	bool default_signals;	/* the stop signals and SIGPIPE back to SIG_DFL */
};

struct spawn {
	pid_t pid;
	int fail_fd;		/* read end of the failure pipe, or -1 */
	int fail_step;		/* enum spawn_step, set by spawn_failed() */
	int fail_errno;
};

/* A struct spawn before (or without) spawn_start(): nothing failed. */
#define SPAWN_NONE { .pid = -1, .fail_fd = -1, .fail_step = SPAWN_RAN }

/*
 * Starts argv; 0, or -errno when no child was made (sp->pid is -1 and
 * spawn_failed() says SPAWN_FORK).
 */
int spawn_start(struct spawn *sp, char *const argv[],
		const struct spawn_opts *o);

/*
 * Once the child has ended: true when it never ran the command, with
 * fail_step and fail_errno set. Reads the pipe once; later calls repeat
 * the answer.
 */
bool spawn_failed(struct spawn *sp);

/* Waits for the child through EINTR; its wait status, or -1. */
int spawn_wait(struct spawn *sp);

/* A wait status as a shell's $?: the exit code, or 128 + the signal. */
int spawn_exit_code(int status);

/*
 * The signals that would end a tool (SIGINT, SIGTERM, SIGHUP, SIGQUIT,
 * SIGUSR1, SIGUSR2) call handler instead, without SA_RESTART (a wait
 * returns EINTR and can pass the signal on); SIGPIPE is ignored (a write
 * to a closed pipe is an error, not a death). spawn_start() with
 * default_signals puts all of them back for the command.
 */
void spawn_catch_stop_signals(void (*handler)(int));

/*
 * Sends sig to pid and to every process descended from it (read from
 * /proc at this moment): a workload's own children (a shell's jobs, make's
 * compilers) stop with it instead of living on as orphans, without
 * moving the workload into a process group of its own (a background group
 * would stop at its first read from the terminal). Returns how many
 * processes got the signal.
 */
int spawn_signal_tree(pid_t pid, int sig);

/*
 * The tool becomes the child subreaper of what it starts: a process the
 * workload started and left behind comes back to the tool, not to init.
 * Call before spawn_start().
 */
void spawn_adopt_orphans(void);

/*
 * After an interrupted workload has exited: what it left behind (a
 * shell's background job ignores SIGINT) gets SIGTERM, and SIGKILL a
 * second later if still there; all of it is reaped. Returns how many
 * were left behind.
 */
int spawn_stop_orphans(void);

/* How long an interrupted workload has to stop before SIGKILL. */
#define SPAWN_STOP_GRACE_S 5

struct spawn_stopped {
	int status;	/* the workload's wait status, or -1 */
	bool killed;	/* it outlived the grace period: SIGKILL */
	int orphans;	/* what it left behind, stopped (spawn_stop_orphans()) */
};

/*
 * Stops an interrupted workload the way every tool does: sig to pid and
 * everything descended from it (spawn_signal_tree()), SIGKILL to the same
 * when pid is still there grace_ms later (the tools: SPAWN_STOP_GRACE_S),
 * then what it left behind (spawn_stop_orphans()). pid is reaped.
 */
void spawn_stop(pid_t pid, int sig, int grace_ms, struct spawn_stopped *out);

/*
 * Reaps the orphans that have already exited (no wait): their CPU time
 * then counts in the tool's RUSAGE_CHILDREN. Returns how many.
 */
int spawn_reap_exited(void);

#endif /* __SPAWN_H */
