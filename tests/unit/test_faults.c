// SPDX-License-Identifier: GPL-2.0
/*
 * Hostile input and faults (issue 13): output targets that are not
 * regular files, outputs opened before a run, the shared seconds, cgroup
 * and command checks, the exporter's single-writer lock, stdout write
 * errors and the parent-death signal.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <linux/magic.h>
#include "atomic_file.h"
#include "cli_checks.h"
#include "harness.h"

/* The checks print their error line; the tests keep stderr quiet. */
static int saved_stderr = -1;

static void quiet(void)
{
	int fd = open("/dev/null", O_WRONLY);

	fflush(stderr);
	saved_stderr = dup(2);
	dup2(fd, 2);
	close(fd);
}

static void loud(void)
{
	fflush(stderr);
	dup2(saved_stderr, 2);
	close(saved_stderr);
}

static int seconds(const char *arg, double min, double max, double *v)
{
	int rc;

	quiet();
	rc = cli_parse_seconds("--duration", arg, min, max, v);
	loud();
	return rc;
}

static void test_seconds(void)
{
	static const char *const bad[] = {
		"nan", "NaN", "inf", "-inf", "infinity", "-1", "0", "1e999",
		"5s", "", " ", "1e-9", "2592001", "0x", "--1",
	};
	double v = -7;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		v = -7;
		CHECK(seconds(bad[i], 0.01, CLI_SECONDS_MAX, &v) == 2 && v == -7,
		      "duration '%s' refused with exit 2, value untouched", bad[i]);
	}
	CHECK(!seconds("1", 0.01, CLI_SECONDS_MAX, &v) && v == 1, "1 s accepted");
	CHECK(!seconds("0.25", 0.01, CLI_SECONDS_MAX, &v) && v == 0.25,
	      "0.25 s accepted");
	CHECK(!seconds("2592000", 0.01, CLI_SECONDS_MAX, &v) && v == 2592000,
	      "the bound itself (30 days) accepted");
	CHECK(seconds("3601", 0.1, 3600, &v) == 2, "a tool's own bound applies");
}

/* The first cgroup (v1 or v2) mount point in /proc/mounts, or NULL. */
static const char *a_cgroup_mount(char *buf, size_t len)
{
	char dev[256], dir[1024], type[64];
	FILE *f = fopen("/proc/mounts", "r");
	const char *found = NULL;

	if (!f)
		return NULL;
	while (fscanf(f, "%255s %1023s %63s %*[^\n]", dev, dir, type) == 3) {
		if (!strcmp(type, "cgroup2") || !strcmp(type, "cgroup")) {
			snprintf(buf, len, "%s", dir);
			found = buf;
			break;
		}
	}
	fclose(f);
	return found;
}

static int cgroup_rc(const char *path)
{
	int rc;

	quiet();
	rc = cli_check_cgroup(path);
	loud();
	return rc;
}

static void test_cgroup_check(const char *dir)
{
	char file[256], cg[1024];
	struct statfs fs;
	FILE *f;

	snprintf(file, sizeof(file), "%s/regular", dir);
	if ((f = fopen(file, "w")))
		fclose(f);
	CHECK(cgroup_rc(file) == 2, "--cgroup naming a regular file refused");
	CHECK(cgroup_rc(dir) == 2, "--cgroup naming a plain directory refused");
	CHECK(cgroup_rc("/proc") == 2, "--cgroup /proc refused");
	CHECK(cgroup_rc("/nonexistent/cg") == 2, "missing --cgroup refused");
	if (a_cgroup_mount(cg, sizeof(cg)) && !statfs(cg, &fs) &&
	    (fs.f_type == CGROUP2_SUPER_MAGIC || fs.f_type == CGROUP_SUPER_MAGIC))
		CHECK(cgroup_rc(cg) == 0, "a cgroup directory (%s) accepted", cg);
	else
		printf("note: no cgroup mount here; the accepting case is not run\n");
	unlink(file);
}

static void test_command_check(const char *dir)
{
	char file[256];
	FILE *f;

	snprintf(file, sizeof(file), "%s/not-executable", dir);
	if ((f = fopen(file, "w")))
		fclose(f);
	chmod(file, 0644);
	CHECK(cli_command_runnable("sh"), "sh found in PATH");
	CHECK(cli_command_runnable("/bin/sh"), "/bin/sh runnable");
	CHECK(!cli_command_runnable("/nonexistent"), "missing command");
	CHECK(!cli_command_runnable(dir), "a directory is not a command");
	CHECK(!cli_command_runnable(""), "empty command");
	/* root passes access(X_OK) only when some x bit is set */
	CHECK(!cli_command_runnable(file), "file without x bits");
	unlink(file);
}

static char *slurp(const char *path)
{
	static char buf[256];
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return NULL;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 0)
		return NULL;
	buf[n] = '\0';
	return buf;
}

static void test_targets(const char *dir)
{
	char path[256], link[256], fifo[256], sub[256];
	struct atomic_file af;
	const char *what = NULL;
	struct stat st;
	char *text;

	/* a character device: refused, and still a device afterwards */
	CHECK(atomic_file_open(&af, "/dev/null", &what) == -EEXIST &&
	      strstr(what, "character device"),
	      "-o /dev/null refused (%s)", what);
	CHECK(atomic_file_write("/dev/null", "x\n", 2, &what) == -EEXIST,
	      "atomic_file_write refuses /dev/null too");
	CHECK(!stat("/dev/null", &st) && S_ISCHR(st.st_mode),
	      "/dev/null is still a character device");

	snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
	mkfifo(fifo, 0644);
	CHECK(atomic_file_write(fifo, "x\n", 2, &what) == -EEXIST &&
	      strstr(what, "fifo"), "a fifo refused (%s)", what);
	CHECK(!lstat(fifo, &st) && S_ISFIFO(st.st_mode), "the fifo is kept");

	snprintf(sub, sizeof(sub), "%s/sub", dir);
	mkdir(sub, 0755);
	CHECK(atomic_file_write(sub, "x\n", 2, &what) == -EEXIST &&
	      strstr(what, "directory"), "a directory refused (%s)", what);

	snprintf(link, sizeof(link), "%s/to-null", dir);
	symlink("/dev/null", link);
	CHECK(atomic_file_write(link, "x\n", 2, &what) == -EEXIST,
	      "a symlink to a device refused");
	CHECK(!lstat(link, &st) && S_ISLNK(st.st_mode), "that link is kept");
	unlink(link);

	snprintf(link, sizeof(link), "%s/dangling", dir);
	symlink("/nonexistent/x", link);
	CHECK(atomic_file_write(link, "x\n", 2, &what) < 0 &&
	      !lstat(link, &st) && S_ISLNK(st.st_mode),
	      "a dangling symlink refused and kept");
	unlink(link);

	/* a symlink to a regular file: the file is replaced, the link kept */
	snprintf(path, sizeof(path), "%s/real.json", dir);
	snprintf(link, sizeof(link), "%s/link.json", dir);
	CHECK(!atomic_file_write(path, "old\n", 4, &what), "regular file written");
	symlink(path, link);
	CHECK(!atomic_file_write(link, "new\n", 4, &what), "write through a link");
	CHECK(!lstat(link, &st) && S_ISLNK(st.st_mode), "the link is still a link");
	text = slurp(path);
	CHECK(text && !strcmp(text, "new\n"), "the link's target got the content");
	/* a killed writer's temporary file sits beside the link's target */
	{
		char dead[256];
		pid_t child;
		FILE *f;

		fflush(stdout);
		child = fork();
		if (child == 0)
			_exit(0);
		waitpid(child, NULL, 0);
		snprintf(dead, sizeof(dead), "%s/.real.json.%d.tmp", dir, (int)child);
		if ((f = fopen(dead, "w")))
			fclose(f);
		CHECK(atomic_file_remove_stale(link) == 1 && access(dead, F_OK),
		      "stale temporary file of a link's target removed");
	}
	unlink(link);

	/* opened before the run: the target is untouched until the commit */
	CHECK(!atomic_file_open(&af, path, &what), "open of a regular target");
	CHECK(af.fd >= 0 && !access(af.tmp, F_OK), "temporary file exists at once");
	text = slurp(path);
	CHECK(text && !strcmp(text, "new\n"), "target untouched before commit");
	CHECK(!atomic_file_commit(&af, "run\n", 4, &what) && access(af.tmp, F_OK),
	      "commit renames the temporary file");
	text = slurp(path);
	CHECK(text && !strcmp(text, "run\n"), "target replaced at commit");
	CHECK(!atomic_file_open(&af, path, &what), "open again");
	atomic_file_discard(&af);
	text = slurp(path);
	CHECK(access(af.tmp, F_OK) && text && !strcmp(text, "run\n"),
	      "discard removes the temporary file, keeps the target");

	/* a target that turned into a fifo during the run is not replaced */
	snprintf(path, sizeof(path), "%s/late", dir);
	CHECK(!atomic_file_open(&af, path, &what), "open of a missing target");
	mkfifo(path, 0644);
	CHECK(atomic_file_commit(&af, "x\n", 2, &what) == -EEXIST &&
	      access(af.tmp, F_OK) && !lstat(path, &st) && S_ISFIFO(st.st_mode),
	      "commit re-checks the target (%s)", what);
	unlink(path);

	snprintf(path, sizeof(path), "%s/missing/x.json", dir);
	CHECK(atomic_file_open(&af, path, &what) == -ENOENT,
	      "missing directory fails at open, before any run");

	CHECK(!atomic_file_open(&af, "-", &what) && af.to_stdout && af.fd < 0,
	      "- is standard output");

	unlink(fifo);
	rmdir(sub);
	snprintf(path, sizeof(path), "%s/real.json", dir);
	unlink(path);
}

static void test_lock(const char *dir)
{
	char path[256];
	const char *what = NULL;
	int go[2], done[2], fd;
	pid_t child, holder = -1;
	char c = 0;

	snprintf(path, sizeof(path), "%s/zswap.prom", dir);
	if (pipe(go) || pipe(done)) {
		CHECK(0, "pipe");
		return;
	}
	child = fork();
	if (child == 0) {
		pid_t h;

		fd = atomic_file_lock(path, &h, NULL);
		(void)!write(go[1], fd >= 0 ? "y" : "n", 1);
		(void)!read(done[0], &c, 1);	/* hold until told */
		_exit(0);
	}
	(void)!read(go[0], &c, 1);
	CHECK(c == 'y', "first writer takes the lock");
	fd = atomic_file_lock(path, &holder, &what);
	CHECK(fd == -EBUSY && holder == child,
	      "second writer refused, holder pid named (%d, child %d)",
	      (int)holder, (int)child);
	(void)!write(done[1], "x", 1);
	waitpid(child, NULL, 0);
	fd = atomic_file_lock(path, &holder, &what);
	CHECK(fd >= 0, "the lock is free once the holder exited");
	if (fd >= 0)
		close(fd);
	close(go[0]); close(go[1]); close(done[0]); close(done[1]);
	snprintf(path, sizeof(path), "%s/.zswap.prom.lock", dir);
	unlink(path);
}

/* The wait status of a child that prints a line to dev and exits 0. */
static int status_printing_to(const char *dev)
{
	int status = -1;
	pid_t child;

	fflush(stdout);
	child = fork();
	if (child == 0) {
		int fd = open(dev, O_WRONLY);

		dup2(fd, 1);
		quiet();
		atexit(cli_check_stdout_at_exit);
		printf("a report\n");
		exit(0);
	}
	waitpid(child, &status, 0);
	return status;
}

/* A child printing to /dev/full must exit 2, not 0. */
static void test_stdout_error(void)
{
	int status = status_printing_to("/dev/full");

	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 2,
	      "stdout write error: exit 2 (status %d)", status);
	status = status_printing_to("/dev/null");
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "stdout fine: exit 0 kept (status %d)", status);
}

/*
 * The parent-death signal: a "tool" child forks a "workload" grandchild
 * started by cli_fork() that sleeps; the tool is killed with
 * SIGKILL; we, a subreaper, reap the workload and find it killed.
 */
static void test_die_with_parent(void)
{
	int p[2], status = -1;
	pid_t tool, workload = -1, r;

	prctl(PR_SET_CHILD_SUBREAPER, 1);
	if (pipe(p)) {
		CHECK(0, "pipe");
		return;
	}
	fflush(stdout);
	tool = fork();
	if (tool == 0) {
		pid_t w = cli_fork();

		if (w == 0) {
			sleep(30);
			_exit(0);
		}
		(void)!write(p[1], &w, sizeof(w));
		pause();
		_exit(0);
	}
	(void)!read(p[0], &workload, sizeof(workload));
	usleep(100000);		/* the workload reaches its prctl */
	kill(tool, SIGKILL);
	waitpid(tool, NULL, 0);
	for (int i = 0; i < 50; i++) {	/* up to 5 s, normally at once */
		r = waitpid(workload, &status, WNOHANG);
		if (r == workload)
			break;
		usleep(100000);
	}
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
	      "the workload died with SIGKILL when its tool was killed "
	      "(status %d)", status);
	if (!(WIFSIGNALED(status))) {
		kill(workload, SIGKILL);
		waitpid(workload, NULL, 0);
	}
	prctl(PR_SET_CHILD_SUBREAPER, 0);
	close(p[0]);
	close(p[1]);
}

void test_faults(void)
{
	char dir[] = "/tmp/zswap-faults.XXXXXX";

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	test_seconds();
	test_cgroup_check(dir);
	test_command_check(dir);
	test_targets(dir);
	test_lock(dir);
	test_stdout_error();
	test_die_with_parent();
	rmdir(dir);
}
