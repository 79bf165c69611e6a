// SPDX-License-Identifier: GPL-2.0
/* The zswap parameters' owner lock (see param_lock.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include "param_lock.h"

static const char *lock_path(void)
{
	const char *p = getenv("ZSWAP_PARAMS_LOCK");
	struct stat st;

	if (p && *p)
		return p;
	return !stat("/run", &st) && S_ISDIR(st.st_mode) ? PARAM_LOCK_PATH :
							   PARAM_LOCK_PATH_NO_RUN;
}

int param_lock_take(const char *who, char *why, size_t len)
{
	const char *path = lock_path();
	char holder[128] = "";
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	ssize_t n;

	if (fd < 0) {
		snprintf(why, len, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		int e = errno;

		/* no flock() in this kernel (CONFIG_FILE_LOCKING off, a
		 * tinyconfig VM kernel): nothing else can hold it either */
		if (e == ENOSYS || e == EINVAL || e == ENOLCK || e == EOPNOTSUPP)
			goto owned;

		n = pread(fd, holder, sizeof(holder) - 1, 0);
		holder[n > 0 ? n : 0] = '\0';
		holder[strcspn(holder, "\n")] = '\0';
		if (e == EWOULDBLOCK)
			snprintf(why, len, "another run changes zswap's parameters (pid %s): "
				 "two at once would save each other's settings as the "
				 "originals; wait for it to end", holder[0] ? holder : "?");
		else
			snprintf(why, len, "%s: %s", path, strerror(e));
		close(fd);
		return -1;
	}
owned:
	n = snprintf(holder, sizeof(holder), "%d %s\n", (int)getpid(), who);
	if (ftruncate(fd, 0) || pwrite(fd, holder, n, 0) != n) {
		snprintf(why, len, "%s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}
