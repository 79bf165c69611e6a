// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness: a letter drafted into a claims file (letter_parse,
 * the synonyms, the letter's words, the YAML writer), as `zswap-gate
 * claims draft` does. The property: a letter either has no table (an
 * error that says so) or its draft loads, which claims_draft_text()
 * checks with the claims reader; anything else aborts. Then the same
 * with the input's first line as the arms named (--arms).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "claims_draft.h"

/* The same with --arms: the input's first line as the arms named. */
static void draft_with_arms(const uint8_t *data, size_t size)
{
	const uint8_t *nl = memchr(data, '\n', size);
	size_t n = nl ? (size_t)(nl - data) : size, len;
	char arms[256], *out;
	struct draft_stats st;
	struct zs_error err;

	if (n >= sizeof(arms) || memchr(data, '\0', n))
		return;
	memcpy(arms, data, n);
	arms[n] = '\0';
	if (claims_draft_text_arms((const char *)data, size, "fuzz.eml", arms, &out,
				   &len, &st, &err)) {
		/* the only refusals: the arms as named, and those above */
		if (strncmp(err.msg, "--arms", 6) && !strstr(err.msg, "no table found") &&
		    !strstr(err.msg, "NUL") && !strstr(err.msg, "out of memory")) {
			fprintf(stderr, "claims draft --arms: %s\n", err.msg);
			abort();
		}
		return;
	}
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct draft_stats st;
	struct zs_error err;
	size_t len;
	char *out;

	if (size > LETTER_MAX_BYTES)
		return 0;
	if (claims_draft_text((const char *)data, size, "fuzz.eml", &out, &len,
			      &st, &err)) {
		/* the only refusals: no table, not text, out of memory */
		if (!strstr(err.msg, "no table found") && !strstr(err.msg, "NUL") &&
		    !strstr(err.msg, "out of memory")) {
			fprintf(stderr, "claims draft: %s\n", err.msg);
			abort();
		}
		return 0;
	}
	free(out);
	draft_with_arms(data, size);
	return 0;
}
