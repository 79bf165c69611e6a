// SPDX-License-Identifier: GPL-2.0
/* The metrics protocol (see report.h) and the monotonic clock. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "msg.h"
#include "report.h"
#include "workload.h"

int report_open(struct report *r, const char *prefix)
{
	const char *path = getenv(REPORT_ENV);

	memset(r, 0, sizeof(*r));
	r->prefix = prefix;
	r->fd = -1;
	if (!path)
		return 0;
	if (!*path) {
		wl_msg("%s is set but empty", REPORT_ENV);
		return WL_FAIL;
	}
	r->path = path;
	r->fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (r->fd < 0) {
		wl_msg("cannot open metrics file %s: %s", path, strerror(errno));
		return WL_FAIL;
	}
	return 0;
}

static bool name_ok(const char *s)
{
	size_t n = strlen(s);

	return n >= 1 && n <= 60 && s[0] >= 'a' && s[0] <= 'z' &&
	       strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_") == n;
}

static bool unit_ok(const char *s)
{
	size_t n = strlen(s);

	return n >= 1 && n <= 15 &&
	       strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz%/_") == n;
}

/* A figure outside the protocol is a bug here: refuse to write any. */
void report_add(struct report *r, const char *name, double value,
		const char *unit)
{
	char full[128];
	struct figure *f;

	snprintf(full, sizeof(full), "%s_%s", r->prefix, name);
	if (r->nr == REPORT_MAX_FIGURES || !name_ok(full) || !unit_ok(unit) ||
	    !isfinite(value)) {
		wl_msg("internal error: figure '%s' = %g %s breaks the metrics protocol",
		       full, value, unit);
		r->invalid = true;
		return;
	}
	f = &r->fig[r->nr++];
	snprintf(f->name, sizeof(f->name), "%s", full);
	snprintf(f->unit, sizeof(f->unit), "%s", unit);
	f->value = value;
}

static void print_summary(const struct report *r)
{
	for (int i = 0; i < r->nr; i++) {
		const struct figure *f = &r->fig[i];
		double v = f->value;

		if (v == floor(v) && fabs(v) < 1e15)
			fprintf(stderr, "  %-24s %14.0f %s\n", f->name, v, f->unit);
		else
			fprintf(stderr, "  %-24s %14.6g %s\n", f->name, v, f->unit);
	}
}

/* All lines in one buffer and one append, retried on short writes. */
static int write_figures(struct report *r)
{
	char buf[REPORT_MAX_FIGURES * 128];
	size_t len = 0, done = 0;

	for (int i = 0; i < r->nr; i++)
		len += snprintf(buf + len, sizeof(buf) - len, "%s %.17g %s\n",
				r->fig[i].name, r->fig[i].value, r->fig[i].unit);
	while (done < len) {
		ssize_t n = write(r->fd, buf + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			wl_msg("cannot write metrics file %s: %s", r->path,
			       n < 0 ? strerror(errno) : "no progress");
			return WL_FAIL;
		}
		done += n;
	}
	return 0;
}

int report_close(struct report *r, bool quiet)
{
	int rc = 0;

	if (!quiet && r->nr) {
		wl_msg("done");
		print_summary(r);
	}
	if (r->invalid)
		rc = WL_FAIL;
	if (r->fd < 0)
		return rc;
	if (!rc && r->nr)
		rc = write_figures(r);
	if (close(r->fd) && !rc) {
		wl_msg("cannot write metrics file %s: %s", r->path,
		       strerror(errno));
		rc = WL_FAIL;
	}
	r->fd = -1;
	return rc;
}

uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

double ns_to_s(uint64_t ns)
{
	return ns / 1e9;
}

void sleep_until_ns(uint64_t deadline)
{
	struct timespec ts = {
		.tv_sec = deadline / 1000000000ULL,
		.tv_nsec = deadline % 1000000000ULL,
	};

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}
