#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The accelerator choice (tools/guest/accel.sh, run-guest.sh, kernels-ab.sh):
# KVM only once a guest has booted under it. A fake qemu stands in for a
# nested-KVM host: under -accel kvm it starts and never boots (as such a
# host's qemu does: "Booting from ROM", or "KVM internal error", then
# nothing); under TCG it runs the real qemu. Every such host must lead to
# TCG within the probe's timeout, with the reason printed, and the answer
# cached. The real KVM path is booted wherever KVM really boots a guest.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

OUT=${GUEST_OUT:-build/guest}/accel
PROBE_S=5
rm -rf "$OUT"
mkdir -p "$OUT/bin"
OUT=$(cd "$OUT" && pwd)
REAL_QEMU=$(command -v qemu-system-x86_64) || {
	echo "qemu-system-x86_64 missing: run tools/install-deps.sh"
	exit 1
}

# FAKE_MODE: hang (start, never boot), error (qemu refuses at once),
# boot-once (the first KVM boot really boots, under TCG; later ones hang);
# FAKE_TCG_HANG=1: TCG boots hang too (else they are real)
cat > "$OUT/bin/qemu-system-x86_64" <<EOF
#!/bin/bash
echo "\$*" >> "$OUT/qemu.log"
args=("\$@")
kvm=-1
for i in "\${!args[@]}"; do
	[ "\${args[i]}" = -accel ] && [ "\${args[i+1]}" = kvm ] && kvm=\$((i + 1))
done
[ \$kvm -ge 0 ] || [ -n "\${FAKE_TCG_HANG:-}" ] || exec "$REAL_QEMU" "\$@"
case \$FAKE_MODE in
error)
	echo "qemu-system-x86_64: error: failed to set MSR 0x10a to 0x69" >&2
	exit 1 ;;
boot-once)
	if [ ! -e "$OUT/booted-once" ]; then
		touch "$OUT/booted-once"
		args[kvm]=tcg
		exec "$REAL_QEMU" "\${args[@]}"
	fi ;;
esac
printf 'SeaBIOS (version 1.16.2-debian-1.16.2-1)\r\nBooting from ROM..\r\n'
[ -n "\${FAKE_SAY:-}" ] && printf '%s\r\n' "\$FAKE_SAY"
exec sleep 1000
EOF
chmod +x "$OUT/bin/qemu-system-x86_64"
: > "$OUT/kvm"
printf '#!/bin/sh\necho hello > hello\n' > "$OUT/trivial.sh"

# kvm_boots: how many times the fake was asked for KVM so far
kvm_boots() { grep -c -e '-accel kvm' "$OUT/qemu.log" 2>/dev/null || echo 0; }

# fake_accel CACHE MODE [SAY [PROBE_S]]: accel.sh -k 6.12 on the fake
# host; sets ACC (stdout), WHY (stderr) and TOOK (seconds)
fake_accel() {
	t0=$(date +%s)
	ACC=$(PATH=$OUT/bin:$PATH ZSWAP_KVM_DEV=$OUT/kvm ZSWAP_ACCEL_CACHE=$OUT/$1 \
		ZSWAP_KVM_PROBE_TIMEOUT=${4:-$PROBE_S} FAKE_MODE=$2 FAKE_SAY=${3:-} \
		tools/guest/accel.sh -k 6.12 2> "$OUT/why")
	WHY=$(cat "$OUT/why")
	TOOK=$(($(date +%s) - t0))
	echo "$WHY" | sed 's/^/  | /'
}

tools/guest/fetch-kernels.sh 6.12 >/dev/null || { fail "cannot fetch 6.12"; summary; exit 1; }

# --- a host whose KVM guest never boots -----------------------------------
fake_accel hang hang
check "hang: TCG chosen ($ACC)" [ "$ACC" = tcg,thread=multi ]
check "hang: within the probe's ${PROBE_S} s and a boot's slack (${TOOK} s)" \
	[ "$TOOK" -le $((PROBE_S + 20)) ]
check "hang: the reason is the timeout" \
	sh -c 'echo "$1" | grep -q "no power-off within '$PROBE_S's under KVM"' _ "$WHY"
check "hang: the reason quotes the console's last line" \
	sh -c 'echo "$1" | grep -q "last words: Booting from ROM"' _ "$WHY"
check "hang: one KVM boot" [ "$(kvm_boots)" = 1 ]
fake_accel hang hang
check "hang, again: TCG from the cache in $TOOK s, no boot" \
	eval '[ "$ACC" = tcg,thread=multi ] && [ "$TOOK" -le 3 ] && [ "$(kvm_boots)" = 1 ]'
check "hang, again: the reason says cached" \
	sh -c 'echo "$1" | grep -q "(cached: no power-off"' _ "$WHY"

fake_accel internal hang "KVM internal error. Suberror: 1"
check "KVM internal error: TCG, the error quoted" \
	eval '[ "$ACC" = tcg,thread=multi ] &&
	     echo "$WHY" | grep -q "last words: KVM internal error. Suberror: 1"'

fake_accel error error
check "qemu refuses the CPU: TCG at once ($TOOK s), its error quoted" \
	eval '[ "$ACC" = tcg,thread=multi ] && [ "$TOOK" -le 10 ] &&
	     echo "$WHY" | grep -q "failed to set MSR 0x10a"'

n=$(kvm_boots)
ACC=$(ZSWAP_KVM_DEV=$OUT/none ZSWAP_ACCEL_CACHE=$OUT/nodev tools/guest/accel.sh -k 6.12 2> "$OUT/why")
check "no KVM device: TCG, no boot, the reason says so" \
	eval '[ "$ACC" = tcg,thread=multi ] && [ "$(kvm_boots)" = "$n" ] &&
	     grep -q "no $OUT/none" "$OUT/why"'

# --- a probe that passes, then a run that hangs: killed at the probe's
# timeout and booted again under TCG; KVM is then cached as failed -------
# the probe's boot is a real one (TCG under the fake): 8 s on a quiet
# machine, more beside a kernel build, so it has 120 s; the run's hang
# is then killed at PROBE_S
fake_accel once boot-once "" 120
check "boot-once: the probe booted, KVM chosen ($ACC)" [ "$ACC" = kvm ]
t0=$(date +%s)
PATH=$OUT/bin:$PATH ZSWAP_KVM_DEV=$OUT/kvm ZSWAP_ACCEL_CACHE=$OUT/once \
	ZSWAP_KVM_PROBE_TIMEOUT=$PROBE_S FAKE_MODE=boot-once \
	tools/guest/run-guest.sh -q -k 6.12 -d 0 -t 600 -o "$OUT/run" -s "$OUT/trivial.sh" \
	> "$OUT/run.log" 2>&1
rc=$?
took=$(($(date +%s) - t0))
sed 's/^/  | /' "$OUT/run.log"
check "boot-once: the run's KVM hang killed at ${PROBE_S} s, not -t 600, then TCG ran it (rc $rc, $took s)" \
	eval '[ $rc -eq 0 ] && [ "$took" -le $((PROBE_S + 60)) ] && [ -f "$OUT/run/hello" ]'
check "boot-once: the run says why it left KVM" \
	grep -q "KVM HANG: guest 6.12 killed after .*no /init within ${PROBE_S}s under KVM" "$OUT/run.log"
fake_accel once boot-once
check "boot-once: KVM now cached as failed" \
	eval '[ "$ACC" = tcg,thread=multi ] && echo "$WHY" | grep -q "after a passing probe"'

# --- KVM asked for by name: the hang is killed at the probe's timeout too
t0=$(date +%s)
PATH=$OUT/bin:$PATH ZSWAP_GUEST_ACCEL=kvm ZSWAP_KVM_PROBE_TIMEOUT=$PROBE_S FAKE_MODE=hang \
	tools/guest/run-guest.sh -q -k 6.12 -d 0 -t 600 -o "$OUT/forced" -s "$OUT/trivial.sh" \
	> "$OUT/forced.log" 2>&1
rc=$?
# run-guest's own clock, from the boot on (the guest lock may be waited for)
killed=$(sed -n 's/.*KVM HANG: guest 6.12 killed after \([0-9]*\).*/\1/p' "$OUT/forced.log")
check "ZSWAP_GUEST_ACCEL=kvm on a hanging host: exit 124, killed after ${killed:-?} s, not 600" \
	eval '[ $rc -eq 124 ] && [ -n "$killed" ] && [ "$killed" -le $((PROBE_S + 5)) ]'

# --- a TCG boot stuck before /init: killed at ZSWAP_TCG_BOOT_TIMEOUT ------
t0=$(date +%s)
PATH=$OUT/bin:$PATH ZSWAP_GUEST_ACCEL=tcg ZSWAP_TCG_BOOT_TIMEOUT=5 FAKE_MODE=hang FAKE_TCG_HANG=1 \
	tools/guest/run-guest.sh -q -k 6.12 -d 0 -t 600 -o "$OUT/tcghang" -s "$OUT/trivial.sh" \
	> "$OUT/tcghang.log" 2>&1
rc=$?
took=$(($(date +%s) - t0))
check "TCG boot hang: killed at 5 s, booted once more, exit 127, not -t 600 (rc $rc, $took s)" \
	eval '[ $rc -eq 127 ] && [ "$took" -le 60 ] && [ "$(grep -c "BOOT HANG: guest 6.12 killed after .*no /init within 5s under TCG" "$OUT/tcghang.log")" -eq 2 ]'

# --- kernels A/B on such a host: TCG picked and said first -----------------
t0=$(date +%s)
PATH=$OUT/bin:$PATH ZSWAP_KVM_DEV=$OUT/kvm ZSWAP_ACCEL_CACHE=$OUT/ab \
	ZSWAP_KVM_PROBE_TIMEOUT=$PROBE_S FAKE_MODE=hang \
	tools/kernels-ab.sh --kernel a=6.12 --kernel b=6.12 -n 1 -d 64 -t 300 \
	-o "$OUT/ab" -- /bin/true > "$OUT/ab.log" 2>&1
rc=$?
sed -n '1,/accelerator/p' "$OUT/ab.log" | sed 's/^/  | /'
check "kernels A/B: both runs done under TCG (rc $rc, $(($(date +%s) - t0)) s)" \
	eval '[ $rc -eq 0 ] && [ -s "$OUT/ab/a/run-01.json" ] && [ -s "$OUT/ab/b/run-01.json" ]'
check "kernels A/B: its first line names TCG and why" \
	grep -q "kernels-ab: accelerator: tcg (no power-off within ${PROBE_S}s under KVM" "$OUT/ab.log"

# --- the real host ----------------------------------------------------------
acc=$(tools/guest/accel.sh -k 6.12 2> "$OUT/why")
sed 's/^/  | /' "$OUT/why"
if [ "$acc" = kvm ]; then
	ZSWAP_GUEST_ACCEL=kvm tools/guest/run-guest.sh -q -k 6.12 -d 0 -t 120 \
		-o "$OUT/real" -s "$OUT/trivial.sh" > "$OUT/real.log" 2>&1
	check "this host: a guest boots under KVM (rc $?)" [ -f "$OUT/real/hello" ]
else
	check "this host: TCG chosen with a reason" \
		eval '[ "$acc" = tcg,thread=multi ] && grep -q "accelerator: tcg (" "$OUT/why"'
	echo "SKIP (KVM path): this host boots no guest under KVM: $(tail -n 1 "$OUT/why")"
fi
summary
