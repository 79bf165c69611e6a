// SPDX-License-Identifier: GPL-2.0
/*
 * zswap-gate claims draft LETTER [-o FILE]: a claims file drafted from a
 * series' letter (claims_draft.h), on stdout or into FILE (replaced
 * whole, or left as it was when anything fails).
 */
#include <errno.h>
#include <getopt.h>	/* optind */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "atomic_file.h"
#include "claims_draft.h"
#include "claims_draft_cli.h"
#include "cli_opts.h"
#include "counters.h"

#define EXIT_BAD_INPUT 2

int claims_draft_main(int argc, char **argv)
{
	const char *out_path = "-", *what = NULL, *arms = NULL;
	const struct cli_opt opts[] = {
		CLI_STRING('o', "output", "FILE", &out_path,
			   "write the claims file here (default: stdout)"),
		CLI_STRING('a', "arms", "'A|B...'", &arms,
			   "the arms, named as the letter names them, the base "
			   "first: only their tables, a column each in this "
			   "order (their columns, their rows, or the lines and "
			   "blocks each name leads)"),
		CLI_OPT_END,
	};
	const struct cli_command usage = {
		.head =
"usage: zswap-gate claims draft [options] LETTER\n"
"  LETTER: a series' letter (a mail, an mbox or plain text; - for stdin)\n"
"  writes a zswap-claims/1 file: its Subject, Message-Id and Date, the\n"
"  paragraphs that describe the test, and one table per table of the\n"
"  letter (aligned columns under a header line, 'before -> after' lines);\n"
"  each row's metric guessed from its label, or unmapped: \"no metric\n"
"  guessed for LABEL\"; a claim only where the letter's words say which\n"
"  way the row went. The draft is read back as `zswap-gate claims` reads\n"
"  it before it is written.\n",
		.opts = opts,
		.tail =
"exit: 0 written, 2 bad input (no table in the letter, unreadable file, not a regular file)\n",
		.examples =
"    zswap-gate claims draft -o 007.yaml cover-letter.mbox\n"
"                              # the letter's tables as claims\n"
"    zswap-gate claims draft - < letter.txt\n"
"                              # plain text on stdin, the draft on stdout\n"
"    zswap-gate claims draft --arms 'mm-unstable|patched' letter.txt\n"
"                              # the arms named where the draft misreads them\n",
	};
	struct draft_stats st;
	struct zs_error err;
	const char *path;
	char *text, *out;
	size_t n, len;
	char buf[256];
	int ret;

	ret = cli_parse(&usage, argc, argv);
	if (ret)
		return ret == CLI_HELP ? 0 : EXIT_BAD_INPUT;
	if (optind + 1 != argc) {
		fprintf(stderr, "error: want one LETTER (a file, or - for stdin)\n");
		cli_usage(stderr, &usage);
		return EXIT_BAD_INPUT;
	}
	path = argv[optind];
	/*
	 * A named letter must be a regular file (a FIFO without a writer
	 * would hold the draft forever); standard input is what the user
	 * piped in.
	 */
	if (strcmp(path, "-")) {
		text = read_file_explained(path, LETTER_MAX_BYTES, &n, &err);
		if (!text) {
			fprintf(stderr, "error: %s\n", err.msg);
			return EXIT_BAD_INPUT;
		}
	} else if (!(text = read_file_len("/dev/stdin", LETTER_MAX_BYTES, &n))) {
		fprintf(stderr, "error: stdin: %s\n", errno == EFBIG ?
			"larger than 16 MiB: not a letter" : strerror(errno));
		return EXIT_BAD_INPUT;
	}
	ret = claims_draft_text_arms(text, n, strcmp(path, "-") ? path : "stdin",
				     arms, &out, &len, &st, &err);
	free(text);
	if (ret) {
		fprintf(stderr, "error: %s: %s\n", path, err.msg);
		return EXIT_BAD_INPUT;
	}
	ret = atomic_file_write(out_path, out, len, &what);
	free(out);
	if (ret) {
		fprintf(stderr, "error: %s: %s\n", out_path,
			atomic_file_describe(buf, sizeof(buf), what, ret));
		return EXIT_BAD_INPUT;
	}
	fprintf(stderr, "claims draft: %d table%s, %d row%s: %d with a metric, "
		"%d unmapped, %d with a claim from the letter's words\n",
		st.tables, st.tables == 1 ? "" : "s", st.rows,
		st.rows == 1 ? "" : "s", st.mapped, st.rows - st.mapped, st.claimed);
	if (st.cols_cut || st.rows_cut || st.lines_cut)
		fprintf(stderr, "claims draft: the letter holds more than a draft "
			"keeps: %d value columns, %zu rows (%zu whole tables)%s left "
			"out; the draft's comments say where\n", st.cols_cut,
			st.rows_cut, st.tables_cut, st.lines_cut ?
			", and the lines past its line 1048576" : "");
	return 0;
}
