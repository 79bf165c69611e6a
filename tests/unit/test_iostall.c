// SPDX-License-Identifier: GPL-2.0
/*
 * iocost parsers on files captured in the 6.1 and 6.12 guests by
 * tests/guest/iocost.in-guest.sh (tests/fixtures/iocost/<release>/):
 * io.cost.qos, io.stat with and without blkcg_debug_stats, the mount
 * table. Expected values are pulled out of the raw text with strstr and
 * strtod, not from the parsers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "counters.h"
#include "iocost_stat.h"
#include "harness.h"

static const char *const kernels[] = { "6.1", "6.12" };

static char *fixture(const char *ver, const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/iocost/%s/%s", fixtures_dir, ver, name);
	return read_file(path, 1 << 20);
}

/* Sum of every "key=<number>" in text (one per device line). */
static double raw_sum(const char *text, const char *key)
{
	char pat[64];
	const char *p = text;
	double sum = 0;
	size_t n;

	n = snprintf(pat, sizeof(pat), " %s=", key);
	while ((p = strstr(p, pat))) {
		sum += strtod(p + n, NULL);
		p += n;
	}
	return sum;
}

static void qos_fixture(const char *ver)
{
	char *text = fixture(ver, "io.cost.qos");
	struct iocost_qos q;
	int n;

	CHECK(text != NULL, "%s: io.cost.qos fixture missing", ver);
	if (!text)
		return;
	n = parse_iocost_qos(text, &q);
	CHECK(n == 1, "%s: io.cost.qos has %d devices, want 1", ver, n);
	CHECK(iocost_enabled_devs(&q) == (strstr(text, " enable=1") != NULL),
	      "%s: enabled devices", ver);
	if (n >= 1) {
		CHECK(q.devs[0].user_ctrl == (strstr(text, "ctrl=user") != NULL),
		      "%s: ctrl", ver);
		CHECK(q.devs[0].min_pct == raw_sum(text, "min"), "%s: min %f",
		      ver, q.devs[0].min_pct);
		CHECK(q.devs[0].max_pct == raw_sum(text, "max"), "%s: max %f",
		      ver, q.devs[0].max_pct);
		CHECK(q.devs[0].major == strtoul(text, NULL, 10), "%s: major", ver);
	}
	CHECK(iocost_off_reason("/sys/fs/cgroup", &q, true, true) == NULL,
	      "%s: enabled iocost has no n/a reason", ver);
	free(text);
}

static void io_stat_fixture(const char *ver, const char *name, bool debug)
{
	char *text = fixture(ver, name);
	static const char *const keys[] = { "wios", "rios", "wbytes",
		"cost.usage", "cost.wait", "cost.indebt", "cost.indelay" };
	struct kvset s = {};
	double v;

	CHECK(text != NULL, "%s: %s fixture missing", ver, name);
	if (!text)
		return;
	CHECK(parse_io_stat(text, &s) > 0, "%s: %s parses", ver, name);
	CHECK(io_stat_has_debug_cost(&s) == debug, "%s: %s debug cost keys",
	      ver, name);
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		bool in_text = strstr(text, keys[i]) != NULL;
		bool found = io_stat_sum(&s, keys[i], &v);

		CHECK(found == in_text, "%s: %s: %s found %d", ver, name,
		      keys[i], found);
		if (found)
			CHECK(v == raw_sum(text, keys[i]), "%s: %s: %s = %f",
			      ver, name, keys[i], v);
	}
	/* "cost.wait" must not match "wait" or a longer key */
	CHECK(!io_stat_sum(&s, "wait", &v), "%s: %s: bare 'wait'", ver, name);
	kvset_free(&s);
	free(text);
}

static void mounts_fixture(const char *ver)
{
	char *text = fixture(ver, "mounts"), root[256];

	CHECK(text != NULL, "%s: mounts fixture missing", ver);
	if (!text)
		return;
	CHECK(find_cgroup2_root(text, root, sizeof(root)) &&
	      !strcmp(root, "/sys/fs/cgroup"), "%s: cgroup2 root", ver);
	free(text);
}

static void reasons(void)
{
	struct iocost_qos q = {};
	const char *r;

	r = iocost_off_reason("/sys/fs/cgroup/unified", &q, false, false);
	CHECK(r && strstr(r, "io controller"), "no io controller: %s", r);
	r = iocost_off_reason("/sys/fs/cgroup", &q, false, true);
	CHECK(r && strstr(r, "CONFIG_BLK_CGROUP_IOCOST"), "no qos file: %s", r);
	r = iocost_off_reason("/sys/fs/cgroup", &q, true, true);
	CHECK(r && strstr(r, "enable=1") && strstr(r, "io.cost.qos"),
	      "not enabled: %s", r);
}

static void malformed(void)
{
	struct iocost_qos q;
	char root[64];

	CHECK(parse_iocost_qos("", &q) == 0, "empty io.cost.qos");
	CHECK(parse_iocost_qos("254:0 enable=1\n", &q) == 1 &&
	      iocost_enabled_devs(&q) == 1, "minimal line");
	CHECK(parse_iocost_qos("254:0 enable=0 ctrl=auto\n8:0 enable=1\n",
			       &q) == 2 && iocost_enabled_devs(&q) == 1,
	      "two devices, one enabled");
	CHECK(parse_iocost_qos("254 enable=1\n", &q) == -1, "no minor");
	CHECK(parse_iocost_qos("254:0 enable\n", &q) == -1, "no '='");
	CHECK(parse_iocost_qos("254:0 enable=\n", &q) == -1, "empty value");
	CHECK(parse_iocost_qos("x:0 enable=1\n", &q) == -1, "bad major");
	CHECK(!find_cgroup2_root("cgroup /sys/fs/cgroup/memory cgroup rw 0 0\n",
				 root, sizeof(root)), "v1 only: no cgroup2");
	CHECK(find_cgroup2_root("cgroup /x cgroup rw 0 0\ncgroup2 "
				"/sys/fs/cgroup/unified cgroup2 rw 0 0\n", root,
				sizeof(root)) &&
	      !strcmp(root, "/sys/fs/cgroup/unified"), "hybrid mount");
	/* VTIME_PER_USEC is 2^37 / 10^6: that vrate is 100% */
	CHECK(iocost_vrate_pct((1ULL << 37) / 1000000) > 99.99 &&
	      iocost_vrate_pct((1ULL << 37) / 1000000) < 100.01, "vrate pct");
}

void test_iostall(void)
{
	for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++) {
		qos_fixture(kernels[i]);
		io_stat_fixture(kernels[i], "io.stat.debug", true);
		io_stat_fixture(kernels[i], "io.stat.nodebug", false);
		io_stat_fixture(kernels[i], "io.stat.writer", true);
		mounts_fixture(kernels[i]);
	}
	reasons();
	malformed();
}
