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

/*
 * data drafted (with the arms named, or NULL): the only refusals are
 * no table, not text, out of memory, and arms as named that the letter
 * does not hold; anything else aborts.
 */
static void draft(const uint8_t *data, size_t size, const char *arms)
{
	struct draft_stats st;
	struct zs_error err;
	size_t len;
	char *out;

	if (!claims_draft_text_arms((const char *)data, size, "fuzz.eml", arms, &out,
				    &len, &st, &err)) {
		free(out);
		return;
	}
	if ((!arms || strncmp(err.msg, "--arms", 6)) && !strstr(err.msg, "no table found") &&
	    !strstr(err.msg, "NUL") && !strstr(err.msg, "out of memory")) {
		fprintf(stderr, "claims draft%s: %s\n", arms ? " --arms" : "", err.msg);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nl = memchr(data, '\n', size);
	size_t n = nl ? (size_t)(nl - data) : size;
	char arms[256];

	if (size > LETTER_MAX_BYTES)
		return 0;
	draft(data, size, NULL);
	/* again with the input's first line as the arms named */
	if (n < sizeof(arms) && !memchr(data, '\0', n)) {
		memcpy(arms, data, n);
		arms[n] = '\0';
		draft(data, size, arms);
	}
	return 0;
}
