/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Strings from outside (a command's arguments, a cgroup path, a record's
 * fields) on their way into JSON or onto a terminal.
 */
#ifndef __TEXT_CLEAN_H
#define __TEXT_CLEAN_H

#include <stddef.h>

/*
 * A copy of s (malloc'd; NULL when out of memory) in which every byte
 * that does not start or continue a valid UTF-8 sequence (overlong forms,
 * surrogates and code points past U+10FFFF included) is U+FFFD: JSON is
 * UTF-8, and json-c would write the bytes as they are.
 */
char *utf8_valid_dup(const char *s);

/*
 * Replaces control characters (C0, DEL, and C1 as UTF-8) in s with '?',
 * in place: a record's kernel string is printed, and an escape sequence
 * in it would reach the terminal.
 */
void ctrl_replace(char *s);

/*
 * s as YAML prints it back, in place, never longer: bytes that are not
 * UTF-8 and characters YAML refuses or reads as line breaks (C1, U+FEFF,
 * U+2028, U+2029, non-characters) as '?', control characters as blanks.
 * A letter's text on its way into a claims file.
 */
void yaml_text_clean(char *s);

/*
 * The length of the valid UTF-8 character at s (1 to 4) and its code
 * point in *cp, or 0 (a byte that starts none, or the NUL).
 */
size_t utf8_char(const char *s, unsigned int *cp);

/* Room text_line() needs beyond the bytes it shows: "... (N bytes)". */
#define TEXT_LINE_TAIL 32

/*
 * s as one line of a message, into out (len bytes, more than
 * TEXT_LINE_TAIL): control characters (C0, DEL, C1) and bytes that are
 * not UTF-8 escaped (\r, \n, \t, \xNN, \u0080-\u009f), so none reaches
 * the terminal as a command or a line break; at most max bytes of s, a
 * longer s (or one out has no room for) cut and ended "... (N bytes)".
 * Returns out.
 */
char *text_line(const char *s, size_t max, char *out, size_t len);

#endif /* __TEXT_CLEAN_H */
