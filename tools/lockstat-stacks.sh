#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# lockstat-stacks.sh REPORT.json LAYOUT "SOURCE" > FIXTURE.stacks
#
# Turns the stacks of a `zswap-lockstat --all --json` report into a
# fixture for tests/unit/test_lockstat.c: one block per caller row,
#
#   stack FLAGS CLASS/OP
#   frame
#   ...
#   end
#
# CLASS/OP is the report's verdict and is only a first draft: review every
# block against the kernel source before committing the fixture (the
# unit test checks the classifier against these expectations).
set -eu
[ $# -eq 3 ] || { echo "usage: $0 REPORT.json LAYOUT SOURCE" >&2; exit 2; }
echo "# source: $3"
echo "# kernel: $(jq -r .kernel "$1")"
echo "layout $2"
jq -r '.callers[] | select(.stack | length > 0) |
	"stack \(.flags) \(.class)/\(.op)", .stack[], "end"' "$1"
