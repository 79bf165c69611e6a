// SPDX-License-Identifier: GPL-2.0
/* Parsers of io.cost.qos and io.stat's cost.* keys. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "iocost_stat.h"

static bool parse_dev(const char *p, size_t len, unsigned int *maj,
		      unsigned int *min)
{
	char buf[32], *end;

	if (len == 0 || len >= sizeof(buf))
		return false;
	memcpy(buf, p, len);
	buf[len] = '\0';
	*maj = strtoul(buf, &end, 10);
	if (end == buf || *end != ':')
		return false;
	p = end + 1;
	*min = strtoul(p, &end, 10);
	return end != p && *end == '\0';
}

struct qos_ctx {
	struct iocost_qos *out;
	struct iocost_dev d;	/* the line being read */
	bool started;
};

static int qos_pair(void *ctx, const char *dev, const char *key, const char *val)
{
	struct qos_ctx *q = ctx;
	struct iocost_dev *d = &q->d;

	if (!q->started) {
		*d = (struct iocost_dev){ .min_pct = -1, .max_pct = -1 };
		if (!parse_dev(dev, strlen(dev), &d->major, &d->minor))
			return -1;
		q->started = true;
	}
	if (!key) {	/* the line's end */
		if (q->out->nr < IOCOST_MAX_DEVS)
			q->out->devs[q->out->nr++] = *d;
		q->started = false;
		return 0;
	}
	if (!strcmp(key, "enable"))
		d->enabled = atoi(val) != 0;
	else if (!strcmp(key, "ctrl"))
		d->user_ctrl = !strcmp(val, "user");
	else if (!strcmp(key, "min"))
		d->min_pct = strtod(val, NULL);
	else if (!strcmp(key, "max"))
		d->max_pct = strtod(val, NULL);
	return 0;
}

int parse_iocost_qos(const char *text, struct iocost_qos *out)
{
	struct qos_ctx q = { .out = out };

	memset(out, 0, sizeof(*out));
	if (parse_dev_kv_lines(text, qos_pair, &q) < 0)
		return -1;
	return out->nr;
}

int iocost_enabled_devs(const struct iocost_qos *q)
{
	int n = 0;

	for (int i = 0; i < q->nr; i++)
		n += q->devs[i].enabled;
	return n;
}

bool io_stat_sum(const struct kvset *io_stat, const char *key, double *out)
{
	size_t klen = strlen(key);
	bool found = false;

	*out = 0;
	for (size_t i = 0; i < io_stat->n; i++) {
		const char *name = io_stat->items[i].name;
		const char *dot = strchr(name, '.');

		/* "254:0.wios": the device ends at the first dot */
		if (!dot || strcmp(dot + 1, key) || strlen(dot + 1) != klen)
			continue;
		*out += io_stat->items[i].value;
		found = true;
	}
	return found;
}

bool io_stat_has_debug_cost(const struct kvset *io_stat)
{
	double v;

	return io_stat_sum(io_stat, "cost.wait", &v);
}

const char *iocost_off_reason(const char *cgroup_root, const struct iocost_qos *q,
			      bool qos_readable, bool io_controller)
{
	static char why[256];

	if (!io_controller) {
		snprintf(why, sizeof(why), "the io controller is not in %s/"
			 "cgroup.controllers (bound to cgroup v1, or disabled): "
			 "iocost needs cgroup v2 with +io", cgroup_root);
		return why;
	}
	if (!qos_readable) {
		snprintf(why, sizeof(why), "no %s/%s: the kernel lacks "
			 "CONFIG_BLK_CGROUP_IOCOST or cgroup v2 is not mounted "
			 "there", cgroup_root, IOCOST_QOS_PATH);
		return why;
	}
	if (iocost_enabled_devs(q) == 0) {
		snprintf(why, sizeof(why), "iocost is not enabled on any "
			 "device: echo 'MAJ:MIN enable=1' > %s/%s (with +io in "
			 "cgroup.subtree_control)", cgroup_root, IOCOST_QOS_PATH);
		return why;
	}
	return NULL;
}

/* VTIME_PER_USEC in blk-iocost.c: 2^37 vtime per second. */
double iocost_vrate_pct(unsigned long long vrate)
{
	return vrate * 100.0 / ((double)(1ULL << 37) / 1e6);
}

bool find_cgroup2_root(const char *mounts, char *out, size_t len)
{
	const char *p = mounts;

	while (p && *p) {
		char dev[64], dir[PATH_MAX], type[32];

		if (sscanf(p, "%63s %4095s %31s", dev, dir, type) == 3 &&
		    !strcmp(type, "cgroup2")) {
			snprintf(out, len, "%s", dir);
			return true;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return false;
}

