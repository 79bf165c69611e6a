// SPDX-License-Identifier: GPL-2.0
/* Input checks shared by the tools; see cli_checks.h. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/magic.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include "cli_checks.h"

int cli_parse_seconds(const char *opt, const char *arg, double min,
		      double max, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	/* !(v >= min) also refuses nan; isfinite refuses inf and overflow */
	if (end == arg || *end || errno || !isfinite(v) || !(v >= min) ||
	    v > max) {
		fprintf(stderr, "error: %s '%s': expected seconds from %g to %.0f\n",
			opt, arg, min, max);
		return EXIT_USAGE;
	}
	*out = v;
	return 0;
}

int cli_check_cgroup(const char *path)
{
	struct statfs fs;
	struct stat st;

	if (stat(path, &st)) {
		fprintf(stderr, "error: --cgroup %s: %s\n", path, errno == ENOENT ?
			"does not exist" : strerror(errno));
		return EXIT_USAGE;
	}
	if (!S_ISDIR(st.st_mode)) {
		fprintf(stderr, "error: --cgroup %s: not a directory\n", path);
		return EXIT_USAGE;
	}
	if (statfs(path, &fs)) {
		fprintf(stderr, "error: --cgroup %s: %s\n", path, strerror(errno));
		return EXIT_USAGE;
	}
	if (fs.f_type != CGROUP2_SUPER_MAGIC && fs.f_type != CGROUP_SUPER_MAGIC) {
		fprintf(stderr, "error: --cgroup %s: not a cgroup (the directory "
			"is not on a cgroup file system)\n", path);
		return EXIT_USAGE;
	}
	return 0;
}

static bool runnable(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode) && !access(path, X_OK);
}

bool cli_command_runnable(const char *cmd)
{
	char buf[PATH_MAX], *path, *dir, *save;
	bool found = false;

	if (!*cmd)
		return false;
	if (strchr(cmd, '/'))
		return runnable(cmd);
	path = strdup(getenv("PATH") ? getenv("PATH") : "/bin:/usr/bin");
	if (!path)
		return true;	/* let exec decide */
	for (dir = strtok_r(path, ":", &save); dir && !found;
	     dir = strtok_r(NULL, ":", &save)) {
		snprintf(buf, sizeof(buf), "%s/%s", dir, cmd);
		found = runnable(buf);
	}
	free(path);
	return found;
}

int cli_check_command(const char *cmd)
{
	if (cli_command_runnable(cmd))
		return 0;
	fprintf(stderr, "error: command not found or not executable: %s\n", cmd);
	return EXIT_USAGE;
}

void cli_check_stdout_at_exit(void)
{
	int err = 0;

	if (fflush(stdout))
		err = errno;
	if (ferror(stdout) || err) {
		fprintf(stderr, "error: write error on standard output%s%s\n",
			err ? ": " : "", err ? strerror(err) : "");
		_exit(EXIT_USAGE);
	}
}

pid_t cli_fork(void)
{
	pid_t parent = getpid(), pid = fork();

	if (pid)
		return pid;
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	/* the parent died between fork and prctl: no signal will come */
	if (getppid() != parent)
		_exit(EXIT_FAIL);
	return 0;
}

int cli_error_exit(const struct zs_error *e)
{
	fprintf(stderr, "error: %s\n", e->msg);
	return e->usage ? EXIT_USAGE : EXIT_FAIL;
}
