// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzz harnesses (tests/fuzz/) replayed on every input a campaign
 * crashed on (tests/fuzz/regressions/) and on the seed corpus, without
 * sanitizers: a crash fails the tier. A regression named reject-* must
 * also be refused by its reader with a message naming the file.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "counters.h"
#include "harness.h"

#define LLVMFuzzerTestOneInput fuzz_record_one
#include "../fuzz/fuzz_record.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_claims_one
#include "../fuzz/fuzz_claims.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_letter_one
#include "../fuzz/fuzz_letter.c"
#undef LLVMFuzzerTestOneInput

static int reads(const char *kind, const char *path, struct zs_error *err)
{
	if (!strcmp(kind, "record")) {
		struct record rec;

		if (record_load(path, &rec, err))
			return -1;
		record_free(&rec);
	} else {
		struct claims c;

		if (claims_load(path, &c, err))
			return -1;
		claims_free(&c);
	}
	return 0;
}

static size_t replay_dir(const char *kind, const char *set)
{
	struct zs_error err;
	char dir[512], path[1024];
	struct dirent *e;
	size_t n = 0;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/../fuzz/%s/%s", fixtures_dir, set, kind);
	d = opendir(dir);
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		size_t len;
		char *data;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		data = read_file_len(path, 1 << 20, &len);
		CHECK(data != NULL, "%s: readable", path);
		if (!data)
			continue;
		if (!strcmp(kind, "record"))
			fuzz_record_one((const uint8_t *)data, len);
		else if (!strcmp(kind, "letter"))
			fuzz_letter_one((const uint8_t *)data, len);
		else
			fuzz_claims_one((const uint8_t *)data, len);
		free(data);
		if (!strncmp(e->d_name, "reject-", 7)) {
			err.msg[0] = '\0';
			CHECK(reads(kind, path, &err) == -1 && strstr(err.msg, path),
			      "%s: refused, naming the file: %s", path, err.msg);
		}
		n++;
	}
	closedir(d);
	return n;
}

void test_fuzz(void)
{
	size_t regressions = replay_dir("record", "regressions") +
			     replay_dir("claims", "regressions") +
			     replay_dir("letter", "regressions");
	size_t seeds = replay_dir("record", "corpus") + replay_dir("claims", "corpus");
	size_t letters = replay_dir("letter", "corpus");

	CHECK(regressions >= 1 && seeds >= 10 && letters >= 5,
	      "replayed %zu regressions, %zu seeds and %zu letters (tests/fuzz/ "
	      "found?)", regressions, seeds, letters);
}
