/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Strings from outside (a command's arguments, a cgroup path, a record's
 * fields) on their way into JSON or onto a terminal.
 */
#ifndef __TEXT_CLEAN_H
#define __TEXT_CLEAN_H

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

#endif /* __TEXT_CLEAN_H */
