// SPDX-License-Identifier: GPL-2.0
/* Parser of the workload's own figures (see workload_metrics.h). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/types.h>
#include <string.h>
#include "workload_metrics.h"

static bool valid_name(const char *s)
{
	size_t n = strlen(s);

	if (!n || n > WORKLOAD_NAME_MAX || !islower((unsigned char)s[0]))
		return false;
	for (size_t i = 1; i < n; i++)
		if (!islower((unsigned char)s[i]) && !isdigit((unsigned char)s[i]) &&
		    s[i] != '_')
			return false;
	return true;
}

static bool valid_unit(const char *s)
{
	size_t n = strlen(s);

	if (!n || n >= sizeof(((struct metric *)0)->unit))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalpha((unsigned char)s[i]) && !strchr("%/_", s[i]))
			return false;
	return true;
}

static void bad_line(struct workload_parse *r, FILE *errf, const char *file,
		     int line, const char *fmt, ...)
{
	char what[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (!r->bad++)
		snprintf(r->first_error, sizeof(r->first_error), "%s:%d: %s",
			 file, line, what);
	if (errf)
		fprintf(errf, "warning: workload metrics %s:%d: %s (line skipped)\n",
			file, line, what);
}

int workload_metrics_parse(FILE *f, const char *file, struct metric_set *ms,
			   struct workload_parse *r, FILE *errf)
{
	char name[128], value[128], unit[64], extra[8];
	char full[METRIC_NAME_LEN], *buf = NULL;
	size_t cap = 0;
	ssize_t len;
	int line = 0, ret = 0;

	memset(r, 0, sizeof(*r));
	while ((len = getline(&buf, &cap, f)) >= 0) {
		char *end;
		double v;
		int n;

		line++;
		if (strlen(buf) != (size_t)len) {
			bad_line(r, errf, file, line, "NUL byte in line");
			continue;
		}
		if (len > 400) {
			bad_line(r, errf, file, line, "line longer than 400 bytes");
			continue;
		}
		n = sscanf(buf, "%127s %127s %63s %7s", name, value, unit, extra);
		if (n <= 0)
			continue;	/* blank line */
		if (n != 3) {
			bad_line(r, errf, file, line,
				 "expected 'NAME VALUE UNIT', got %d fields", n);
			continue;
		}
		if (!valid_name(name)) {
			bad_line(r, errf, file, line,
				 "bad name '%.60s' (want [a-z][a-z0-9_]*, at most %d)",
				 name, WORKLOAD_NAME_MAX);
			continue;
		}
		errno = 0;
		v = strtod(value, &end);
		if (errno || *end || end == value || !isfinite(v)) {
			bad_line(r, errf, file, line, "'%.40s' is not a finite number",
				 value);
			continue;
		}
		if (!valid_unit(unit)) {
			bad_line(r, errf, file, line, "bad unit '%.20s'", unit);
			continue;
		}
		snprintf(full, sizeof(full), WORKLOAD_PREFIX "%s", name);
		if (metric_set_find(ms, full)) {
			bad_line(r, errf, file, line, "%s reported twice", name);
			continue;
		}
		if (!metric_set_value(ms, full, unit, SRC_WORKLOAD, v)) {
			ret = -1;
			break;
		}
		r->added++;
	}
	free(buf);
	return ret;
}
