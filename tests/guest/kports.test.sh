#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest tier, kernel ports: builds (or takes from the cache) the VM kernel
# of KPORTS_LINE (7.3 by default; 6.12) as is and with each series of
# kernel/patches/LINE/ applied (tools/kernel/build-kernel.sh), boots each
# in qemu and checks each series' effect directly, on the kernel's own
# counters beside the recorder's (tests/guest/kports.in-guest.sh):
#
#  - 004 (batch per shrink_memcg call): pages written back per
#    shrink_memcg() call > 1 where the change is (6.12's port; 7.3 as is
#    and its null patch), <= 1 elsewhere (6.12; 7.3's revert) (debugfs
#    written_back_pages / hits of a kprobe event on shrink_memcg in
#    tracefs' kprobe_profile; the recorder's fexit/fentry counts equal
#    those within 2%);
#  - 000 (batched writeback IO: 7.3 with one hunk rebased, 6.12's port): writeback
#    bios carry more than one page with it (the recorder's
#    pages_per_bio{origin=writeback}, and tracefs' block_bio_queue
#    listing multi-page write bios on the swap disk), exactly one
#    elsewhere; the bios' pages add up to zswpwb;
#  - null: the same code in mm/zswap.o (objdump) though the object
#    differs; under GUEST_ALL=1 also booted, with the base's behaviour on
#    both (the same bounds; one run per kernel is no statistical test:
#    tests/claims/ does that, and make test's claims tier boots null);
#  - the counts beside the kernel's allow one event for each BPF run the
#    kernel skipped (the record's bpf_missed_runs; 7.x skips some);
#  - each port is checkpatch-clean (the source's scripts/checkpatch.pl,
#    0 errors and 0 warnings; --no-signoff), and the shared build tree
#    boots as a kernel build directory (run-guest.sh -K DIR);
#  - forced second builds of null and of the base, one after the other,
#    recompile mm/zswap.c into objects identical to their first builds'
#    (the shared build tree is not confused by the patches applied and
#    reversed in between).
#
# Cost, measured on the 2-core machines: 3-4 min with the images cached
# (three boots of 40-70 s, a fourth under GUEST_ALL=1, the two forced
# rebuilds of 40-60 s); from
# nothing add the source (about 1 min) and the base build (12 min; 30
# beside a busy TCG guest) and three ports (about 1 min each).
# The rebuild checks run under GUEST_ALL=1 (`make test-guest-all`) or
# KPORTS_REBUILD=1: two forced builds do not fit CI's hour.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/lib.sh

# KPORTS_LINE: the kernel line (7.3, the default, or 6.12). Per line: its
# series, those that write back a batch per shrink_memcg() call (phase A)
# and those whose writeback bios carry several pages (phase B). On 7.3
# seed 004's change is upstream (the base, 000 and null batch, the revert
# does not), and reclaim's own swap-out gathers pages into one bio
# (struct swap_io_ctx), so only writeback's bios are one page each, but
# on 000 (7.3).
LINE=${KPORTS_LINE:-7.3}
case $LINE in
6.12)
	SERIES="base 004-shrink-memcg-batch 000-batch-writeback-io null"
	BATCHED="004-shrink-memcg-batch" MULTIPAGE="000-batch-writeback-io"
	RECLAIM_MULTIPAGE=0 ;;
7.3)
	SERIES="base 004-revert 000-batch-writeback-io null"
	BATCHED="base 000-batch-writeback-io null" MULTIPAGE="000-batch-writeback-io"
	RECLAIM_MULTIPAGE=1 ;;
*)
	echo "KPORTS_LINE=$LINE: want 7.3 or 6.12"; exit 1 ;;
esac
in_list() { case " $2 " in *" $1 "*) return 0 ;; esac; return 1; }
# The null patch is built and compared (objdump) always, booted under
# GUEST_ALL=1: make test's claims tier boots it four times on 7.3 and
# finds it quiet against the base.
BOOTED=$SERIES
[ "${GUEST_ALL:-0}" = 1 ] || BOOTED=$(echo " $SERIES " | sed 's/ null / /')
OUT=${GUEST_OUT:-build/guest}/kports-$LINE
PORTS=kernel/patches/$LINE
BK="tools/kernel/build-kernel.sh -k $LINE"
command -v jq >/dev/null || { echo "jq missing: run tools/install-deps.sh"; exit 1; }

# kp FILE NAME: the kprobe hits a guest script noted ("smc N sw N")
kp() { awk -v k="$2" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }' "$1"; }
# ratio A B: A / B with 3 decimals ("nan" when B is 0)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "nan"; else printf "%.3f\n", a / b }'; }
# field FILE NAME: "NAME VALUE" line of a file
field() { awk -v k="$2" '$1 == k { print $2 }' "$1"; }
# delta PHASE NAME: after - before of a counter the guest noted in phase
# PHASE (a or b) of kernel $D
delta() { counter_delta "$2" "$D/$1.before" "$D/$1.after"; }
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; }
# close_to A B PCT SLACK: |A - B| <= max(PCT% of B, SLACK)
close_to() {
	awk -v a="$1" -v b="$2" -v p="$3" -v s="$4" 'BEGIN {
		d = a - b; if (d < 0) d = -d; m = (b < 0 ? -b : b) * p / 100
		exit !(d <= (m > s ? m : s)) }'
}

mkdir -p "$OUT"
t_all=$(date +%s)

for k in $SERIES; do
	t=$(date +%s)
	if [ $k = base ]; then
		img=$($BK -q)
	else
		img=$($BK -q -p "$PORTS/$k")
	fi
	rc=$?
	echo "$k: image $img ($(($(date +%s) - t)) s)"
	check "$k: image built (rc $rc)" sh -c '[ "$1" -eq 0 ] && [ -f "$2/bzImage" ]' _ "$rc" "$img"
	[ $rc -eq 0 ] || continue
	echo "$img" > "$OUT/$k.image"
	if ! in_list "$k" "$BOOTED"; then
		echo "$k: built, not booted (make test-guest-all boots it; the claims tier runs it)"
		continue
	fi

	D=$OUT/$k
	rm -rf "$D"
	t=$(date +%s)
	tools/guest/run-guest.sh -q -K "$img" -c 2 -m 512M -d 512 -t 900 -o "$D" \
		-s tests/guest/kports.in-guest.sh \
		-f build/static/zswap-gate -f build/static/hog -f build/static/zswap-workload
	rc=$?
	echo "$k: guest took $(($(date +%s) - t)) s"
	check "$k: guest ran the script (rc $rc)" [ $rc -eq 0 ]
	check "$k: the guest runs the image built ($(cat "$D/release" 2>/dev/null))" \
		[ "$(cat "$D/release" 2>/dev/null)" = "$(cat "$img/release")" ]
	check "$k: the kernel has what the guest tier needs" \
		sh -c '! grep -q "^missing" "$1" && grep -Eq "^controllers.* io" "$1" && grep -q "^controllers.*memory" "$1"' _ "$D/features"
done

# --- the images ------------------------------------------------------------------
I_base=$(cat "$OUT/base.image" 2>/dev/null)
I_null=$(cat "$OUT/null.image" 2>/dev/null)
built=0
for k in $SERIES; do [ -s "$OUT/$k.image" ] && built=$((built + 1)); done
if [ "$built" -eq "$(echo $SERIES | wc -w)" ]; then
	code() { cat "$1/zswap.code.sha256"; }
	obj() { cat "$1/zswap.o.sha256"; }
	check "null: mm/zswap.o rebuilt (object differs from the base's)" [ "$(obj "$I_null")" != "$(obj "$I_base")" ]
	check "null: same code in mm/zswap.o as the base (objdump)" [ "$(code "$I_null")" = "$(code "$I_base")" ]
	for k in $SERIES; do
		case $k in base | null) continue ;; esac
		check "$k: different code in mm/zswap.o" \
			[ "$(code "$(cat "$OUT/$k.image")")" != "$(code "$I_base")" ]
	done
	check "$built distinct images (releases)" [ "$(for k in $SERIES; do
		cat "$(cat "$OUT/$k.image")/release"; done | sort -u | wc -l)" -eq "$built" ]
	if [ "${KPORTS_REBUILD:-${GUEST_ALL:-0}}" = 1 ]; then
		# null, then the base, rebuilt in the shared tree: each must
		# recompile mm/zswap.c (the other's is in the tree) into the
		# object its cached image has (-f compares, exit 6 if not)
		for k in null base; do
			t=$(date +%s)
			if [ $k = base ]; then $BK -q -f > /dev/null; else $BK -q -f -p "$PORTS/$k" > /dev/null; fi
			rc=$?
			eval "I=\$I_$k"
			log=${ZSWAP_CACHE:-.cache}/kernel/logs/$(basename "$I").log
			echo "$k rebuilt in $(($(date +%s) - t)) s (rc $rc)"
			check "$k rebuilt: mm/zswap.o recompiled" grep -Eq '^ +CC +mm/zswap\.o$' "$log"
			check "$k rebuilt: mm/zswap.o identical to its first build's" [ $rc -eq 0 ]
		done
	fi
fi

# --- the ports are checkpatch-clean, by the source's own checkpatch.pl ------------
CP=""
for t in "${ZSWAP_CACHE:-.cache}"/kernel/src/*; do
	[ -f "$t/scripts/checkpatch.pl" ] && CP=$t/scripts/checkpatch.pl && break
done
check "the kernel source has scripts/checkpatch.pl" [ -n "$CP" ]
if [ -n "$CP" ]; then
	ktree=$(dirname "$(dirname "$CP")")
	for pf in "$PWD/$PORTS"/*/*.patch; do
		# --no-signoff: the ports are not sent upstream. UNKNOWN_COMMIT_ID:
		# Debian's source has no git history, so a commit the message
		# names (000 on 7.3 names swap_io_ctx's) cannot be looked
		# up. An absolute path: given a relative one inside this git
		# checkout, checkpatch reads the patch's context lines as added
		# ones
		perl "$CP" --root="$ktree" --no-signoff --ignore UNKNOWN_COMMIT_ID --terse "$pf" \
			> "$OUT/checkpatch.log" 2>&1
		rc=$?
		check "checkpatch: $(basename "$(dirname "$pf")")/$(basename "$pf") (0 errors, 0 warnings)" [ $rc -eq 0 ]
		[ $rc -eq 0 ] || sed 's/^/  /' "$OUT/checkpatch.log"
	done
fi

# --- a kernel build directory boots as an image (run-guest.sh -K DIR) -----------
BT=""
for t in "${ZSWAP_CACHE:-.cache}"/kernel/build/*; do
	[ -f "$t/arch/x86/boot/bzImage" ] && BT=$t && break
done
if [ -n "$BT" ]; then
	printf '#!/bin/sh\nuname -r > release\n' > "$OUT/uname.in-guest.sh"
	tools/guest/run-guest.sh -q -K "$BT" -c 1 -m 256M -d 16 -t 300 -o "$OUT/builddir" \
		-s "$OUT/uname.in-guest.sh"
	check "a kernel build directory boots: its kernel.release runs ($(cat "$OUT/builddir/release" 2>/dev/null))" \
		[ "$(cat "$OUT/builddir/release" 2>/dev/null)" = "$(cat "$BT/include/config/kernel.release" 2>/dev/null)" ]
else
	fail "no build tree with arch/x86/boot/bzImage under \$ZSWAP_CACHE/kernel/build"
fi

# --- phase A: seed 004, pages written back per shrink_memcg() call ---------------
for k in $BOOTED; do
	D=$OUT/$k
	F=$D/a.json
	[ -s "$F" ] || { fail "$k A: no record"; continue; }
	check "$k A: workload and record exit 0" [ "$(cat "$D/a.rc")" = 0 ]
	[ -e "$D/a.kprobe-error" ] && fail "$k A: $(cat "$D/a.kprobe-error")"
	smc=$(($(kp "$D/a.kp.after" smc) - $(kp "$D/a.kp.before" smc)))
	sw=$(($(kp "$D/a.kp.after" sw) - $(kp "$D/a.kp.before" sw)))
	wb=$(delta a written_back_pages)
	r_smc=$(metric "$F" shrink_memcg_calls)
	r_sw=$(metric "$F" shrink_worker_wakeups)
	r_wb=$(metric "$F" written_back_pages)
	per=$(ratio "$wb" "$smc")
	echo "$k A: kernel: shrink_memcg $smc, shrink_worker $sw, written back $wb, per call $per; record: $r_smc, $r_sw, $r_wb ($(msource "$F" shrink_memcg_calls)), per call $(ratio "$r_wb" "$r_smc"); pool_limit_hit $(delta a pool_limit_hit)"
	echo "$k A: $smc $sw $wb $per" > "$D/a.summary"
	check "$k A: shrink_memcg ran and wrote back" sh -c '[ "$1" -gt 0 ] && [ "$2" -gt 0 ]' _ "$smc" "$wb"
	# each BPF run the kernel skipped (7.x) may miss one event
	miss=$(metric "$F" bpf_missed_runs)
	check "$k A: record shrink_memcg calls = kprobe hits within 2% + $miss skipped runs" \
		within "$r_smc" "$smc" 2 $((2 + miss))
	check "$k A: record shrink_worker wakeups = kprobe hits within 2% + $miss skipped runs" \
		within "$r_sw" "$sw" 2 $((2 + miss))
	check "$k A: record written back = debugfs within 1% + $miss skipped runs" \
		within "$r_wb" "$wb" 1 $((1 + miss))
	if in_list "$k" "$BATCHED"; then
		check "$k A: more than one page written back per shrink_memcg call ($per)" gt "$per" 1
	else
		check "$k A: at most one page written back per shrink_memcg call ($per)" le "$per" 1
	fi
done

# --- phase B: seed 000, pages per writeback bio ----------------------------------
for k in $BOOTED; do
	D=$OUT/$k
	F=$D/b.json
	[ -s "$F" ] || { fail "$k B: no record"; continue; }
	check "$k B: hogs and record exit 0" [ "$(cat "$D/b.rc")" = 0 ]
	ft=$D/b.ftrace
	f_bios=$(field "$ft" bios)
	f_pages=$(field "$ft" pages)
	f_multi=$(field "$ft" multi)
	wbb=$(metric "$F" "swap_write_bios{origin=writeback}")
	wbp=$(metric "$F" "swap_write_pages{origin=writeback}")
	rcb=$(metric "$F" "swap_write_bios{origin=reclaim}")
	rcp=$(metric "$F" "swap_write_pages{origin=reclaim}")
	ppb=$(metric "$F" "pages_per_bio{origin=writeback}")
	wb=$(delta b zswpwb)
	echo "$k B: record: writeback $wbp pages in $wbb bios (pages per bio $ppb), reclaim $rcp in $rcb; kernel: zswpwb $wb, pswpout $(delta b pswpout); tracefs: $f_pages pages in $f_bios write bios, $f_multi of more than one page"
	echo "$k B: $wbp $wbb $ppb $f_bios $f_pages $f_multi" > "$D/b.summary"
	check "$k B: tracefs lost no event" [ "$(field "$ft" overrun)" = 0 ]
	check "$k B: the shrinker wrote back" gt "$wb" 100
	# a skipped run misses one bio, or gives it the wrong origin
	miss=$(metric "$F" bpf_missed_runs)
	mp=$(skipped_pages "$miss" "$F")
	check "$k B: writeback bio pages = zswpwb within 1% + $miss skipped runs" \
		within "$wbp" "$wb" 1 "$mp"
	check "$k B: record's swap write bios = tracefs' within 1% + $miss skipped runs" \
		within $((wbb + rcb)) "$f_bios" 1 $((2 + miss))
	check "$k B: record's swap write pages = tracefs' within 1% + $miss skipped runs" \
		within $((wbp + rcp)) "$f_pages" 1 $((2 + mp))
	check "$k B: pages per bio = pages / bios" close_to "$ppb" "$(ratio "$wbp" "$wbb")" 0.1 0.001
	if in_list "$k" "$MULTIPAGE"; then
		check "$k B: writeback bios carry more than one page ($ppb)" gt "$ppb" 1
		check "$k B: tracefs shows multi-page write bios ($f_multi)" [ "$f_multi" -gt 0 ]
	else
		check "$k B: one page per writeback bio ($ppb)" [ "$wbp" = "$wbb" ]
		[ "$RECLAIM_MULTIPAGE" = 1 ] ||
			check "$k B: tracefs shows no multi-page write bio" [ "$f_multi" = 0 ]
	fi
done

echo "kports: $(($(date +%s) - t_all)) s in all"
summary
