/* SPDX-License-Identifier: GPL-2.0 */
/*
 * JSON written straight to a stream, in json-c's spaced style: for output
 * of one object per metric, where building a json-c tree per metric and
 * printing it took two thirds of compare --json's CPU.
 */
#ifndef __JSON_OUT_H
#define __JSON_OUT_H

#include <stdbool.h>
#include <stdio.h>

/* An object or array being written: whether a member precedes. */
struct json_out {
	FILE *f;
	bool had_member;
};

/* "{" or "[": a new object or array, returned to write members to */
struct json_out json_out_open(FILE *f, char bracket);
/* " }" / " ]" (or "{ }" / "[ ]" empty, as json-c prints them) */
void json_out_close(struct json_out *o, char bracket);

/* "key": before a value; key NULL for an array's element */
void json_out_key(struct json_out *o, const char *key);

void json_out_string(FILE *f, const char *s);	/* NULL: null */
void json_out_double(FILE *f, double v);	/* not finite: null */
void json_out_int(FILE *f, long long v);
void json_out_bool(FILE *f, bool v);

#endif /* __JSON_OUT_H */
