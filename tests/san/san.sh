# SPDX-License-Identifier: GPL-2.0
# Sourced by tests/san/*.test.sh (after tests/lib.sh): the ASan + UBSan
# build's binaries (make SAN=1) and a check that fails on any report.

SAN=${SAN_BIN:-build/san}
# Leaks count; the first report stops the process (the build also has
# -fno-sanitize-recover=all), so a report is never buried in later output.
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
SAN_REPORT='ERROR: AddressSanitizer|ERROR: LeakSanitizer|LeakSanitizer|runtime error:'
SAN_N=0

# san DESC RCS CMD...: runs CMD with stdout in $SAN_OUT and stderr in
# $SAN_ERR (files under $WORK); passes when CMD's exit code is one of RCS
# ("0", "0|1", ...) and its stderr holds no sanitizer report. A failure
# prints the report (or stderr's tail).
san() {
	desc=$1
	rcs=$2
	shift 2
	SAN_N=$((SAN_N + 1))
	SAN_OUT=$WORK/$SAN_N.out
	SAN_ERR=$WORK/$SAN_N.err
	"$@" >"$SAN_OUT" 2>"$SAN_ERR"
	rc=$?
	if grep -qE "$SAN_REPORT" "$SAN_ERR"; then
		fail "$desc: sanitizer report (exit $rc)"
		grep -E -A 30 "$SAN_REPORT" "$SAN_ERR" | head -n 40
		return 1
	fi
	case "|$rcs|" in
	*"|$rc|"*) pass "$desc (exit $rc)" ;;
	*)
		fail "$desc: exit $rc, expected $rcs"
		tail -n 5 "$SAN_ERR"
		return 1
		;;
	esac
}

san_built() {
	for b in "$@"; do
		[ -x "$SAN/$b" ] || {
			echo "$SAN/$b missing: run make SAN=1 (make test-san builds it)"
			fail "SAN build present"
			summary
			exit 1
		}
	done
}
