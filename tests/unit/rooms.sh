#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The rooms of src/ (docs/layout.md): each folder declares, in the
# two-line comment of its main header, what it owns ("Room src/R/: ...")
# and which rooms it may call ("May call: a, b." or "nothing."). Checks
# that every folder declares both, that each #include "x.h" of a room's
# files is its own or a declared room's, and that the declarations have no
# circle. Prints "N passed, N failed" (the tier's closing line when it
# fails) and exits 1 on any failure.
cd "$(dirname "$0")/../.."
awk '
function fail(msg) { print "FAIL rooms: " msg; failed++ }
FNR == 1 {
	n = split(FILENAME, part, "/")
	room = part[2]; base = part[n]
	home[base] = room
	files[FILENAME] = room
	seen[room] = 1
}
/^ \* Room src\/[a-z]+\/: / {
	r = $3; sub(/^src\//, "", r); sub(/\/:$/, "", r)
	if (r != room)
		fail(FILENAME " declares room " r)
	owns[room] = FILENAME
}
/^ \* May call: / {
	line = $0
	sub(/^ \* May call: /, "", line); sub(/\.$/, "", line)
	calls[room] = line
	if (line != "nothing") {
		k = split(line, list, /, /)
		for (i = 1; i <= k; i++)
			may[room, list[i]] = 1
	}
}
/^#include "/ {
	inc = $2; gsub(/"/, "", inc)
	m = split(inc, p, "/")
	incs[FILENAME, ++ninc[FILENAME]] = p[m]
}
END {
	for (r in seen) {
		if (!(r in owns) || !(r in calls)) {
			fail("src/" r "/ declares no \"Room\" and \"May call\" lines")
			continue
		}
		passed++
	}
	for (f in files) {
		r = files[f]
		for (i = 1; i <= ninc[f]; i++) {
			to = home[incs[f, i]]
			if (to == "" || to == r)
				continue	# include/, build/ skeletons, own room
			if ((r, to) in may)
				passed++
			else
				fail(f " includes " incs[f, i] " of src/" to "/, which src/" r "/ may not call")
		}
	}
	# no circle: remove rooms that call nothing left, until none remain
	left = 0
	for (r in seen)
		left++
	do {
		removed = 0
		for (r in seen) {
			if (r in done)
				continue
			ok = 1
			for (t in seen)
				if (!(t in done) && t != r && (r, t) in may)
					ok = 0
			if (ok) {
				done[r] = 1; removed++; left--
			}
		}
	} while (removed)
	if (left)
		fail(left " rooms call each other in a circle")
	else
		passed++
	printf "%d passed, %d failed\n", passed, failed
	exit failed > 0
}' $(find src -name '*.[ch]' | sort)
