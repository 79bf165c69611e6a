#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-guest.sh - boot a Debian guest kernel under qemu (TCG), run a script
# in it and bring its results back.
#
# Usage: run-guest.sh -k 6.1|6.12|7.x -o OUTDIR -s GUEST_SCRIPT
#                     [-c CPUS] [-m MEM] [-d SWAP_MiB] [-t TIMEOUT_S]
#                     [-H] [-S SCRATCH_MiB] [-f FILE]... [-D DIR]...
#                     [-a KERNEL_ARGS] [-q]
#        run-guest.sh -K IMAGE -o OUTDIR -s GUEST_SCRIPT [same options]
#
#   -k VER     guest kernel: 6.1 (Debian 12), 6.12 (Debian 13) or 7.x
#              (Debian's newest 7.x, fetch-kernels.sh)
#   -K IMAGE   boot this bzImage instead (or an image directory of
#              tools/kernel/build-kernel.sh: its bzImage and release, or
#              a kernel build directory: arch/x86/boot/bzImage);
#              it must have everything built in: the initramfs loads no
#              modules
#   -o OUTDIR  receives console.log and everything the script left in
#              $RESULTS (plus rc and guest-test.log, written by /init)
#   -s SCRIPT  run in the guest as /opt/zswap/guest-test.sh, cwd $RESULTS,
#              env RESULTS=/results KREL=<uname -r>, PATH has /opt/zswap
#   -c CPUS    vCPUs (default 2)
#   -m MEM     guest memory, qemu syntax (default 512M)
#   -d MiB     swap disk size, /dev/vda in the guest (default 512; 0 = none)
#   -t SECS    host-side timeout for the whole run (default 600); at 4/5
#              of it the guest's own watchdog reports and kills a script
#              still running (init.sh's watchdog, OUTDIR/watchdog.txt)
#   -H         the host's root file system is the guest's: shared
#              read-only over virtio-9p under a tmpfs overlay (writes stay
#              in the guest's memory), so every program installed here
#              runs there; the script runs chrooted into it, with /proc,
#              /sys, /dev, /run, /opt/zswap and /results the guest's own
#              (/tmp is the host's under the overlay, as the rest)
#   -S MiB     a scratch disk (the second virtio disk, /dev/vdb), ext4,
#              mounted at /scratch for data (a database); with -H, whose
#              mkfs.ext4 makes it
#   -f FILE    ship FILE as /opt/zswap/<basename> (repeatable)
#   -D DIR     ship DIR as /opt/zswap/<basename DIR>/ (repeatable)
#   -a ARGS    extra kernel command line (e.g. zswap.enabled=1)
#   -q         do not echo the guest console to stdout (it still goes to
#              OUTDIR/console.log)
#
# Environment: ZSWAP_GUEST_ACCEL sets the accelerator; unset, accel.sh
# chooses: KVM only once a guest has booted under it, else TCG, one line
# saying why. ZSWAP_GUEST_CPU is the qemu CPU model (default max; the lock
# tier uses max,hypervisor=off, see tests/guest/lockstat.test.sh).
# Under KVM, a guest whose /init has not started within
# ZSWAP_KVM_PROBE_TIMEOUT seconds (default 60) is killed then, not at -t:
# booted again under TCG if accel.sh chose KVM (and KVM is cached as
# failed), exit 124 if ZSWAP_GUEST_ACCEL asked for it. Under TCG the same
# watch fires at ZSWAP_TCG_BOOT_TIMEOUT seconds (default 180): a boot
# stuck before /init is killed then and booted once more, as below.
#
# A guest that sends no results (panic, crash, garbled), or whose script
# hung (its watchdog fired, or the host's timeout), has the console's last
# lines (the watchdog's report) printed and is booted again (a dead
# guest up to twice, a hung one once: ZSWAP_GUEST_RETRIES, default 2);
# the failed boot's files stay in OUTDIR/attemptN/.
#
# Exit status: the guest script's exit code; 124 if the script hung on
# every attempt; 125 if the results never came back after the retries;
# 127 if no boot reached /init (TCG; KVM: booted again under TCG, or 124);
# 2 on a usage or setup error.

set -u

die() { echo "run-guest: error: $*" >&2; exit 2; }

here=$(cd "$(dirname "$0")" && pwd)

ver='' image='' outdir='' script='' cpus=2 mem=512M swap_mib=512 timeout_s=600
append_extra='' quiet=0 hostroot=0 scratch_mib=0
ship=()

usage() {
	# the header comment from "Usage:" to its end
	sed -n '/^# Usage:/,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0" >&2
	exit 2
}

while getopts k:K:o:s:c:m:d:t:f:D:a:HS:qh opt; do
	case $opt in
	k) ver=$OPTARG ;;
	K) image=$OPTARG ;;
	o) outdir=$OPTARG ;;
	s) script=$OPTARG ;;
	c) cpus=$OPTARG ;;
	m) mem=$OPTARG ;;
	d) swap_mib=$OPTARG ;;
	t) timeout_s=$OPTARG ;;
	f) ship+=(-f "$OPTARG") ;;
	D) ship+=(-D "$OPTARG") ;;
	a) append_extra=$OPTARG ;;
	H) hostroot=1 ;;
	S) scratch_mib=$OPTARG ;;
	q) quiet=1 ;;
	*) usage ;;
	esac
done
[ -n "$ver$image" ] && [ -n "$outdir" ] && [ -n "$script" ] || usage
[ -n "$ver" ] && [ -n "$image" ] && die "-k and -K exclude each other"
[ -n "$ver" ] && case $ver in 6.1|6.12|7.x) ;; *) die "-k must be 6.1, 6.12 or 7.x, not '$ver'" ;; esac
[[ $cpus =~ ^[0-9]+$ ]] || die "-c wants a number of CPUs"
[[ $swap_mib =~ ^[0-9]+$ ]] || die "-d wants a size in MiB"
[[ $scratch_mib =~ ^[0-9]+$ ]] || die "-S wants a size in MiB"
[ "$scratch_mib" -eq 0 ] || [ $hostroot -eq 1 ] || die "-S wants -H (the host's mkfs.ext4 makes the disk)"
[ "$scratch_mib" -eq 0 ] || [ "$swap_mib" -gt 0 ] || die "-S wants a swap disk too (-d): the scratch disk is the second"
[[ $timeout_s =~ ^[0-9]+$ ]] || die "-t wants seconds"
[ -f "$script" ] || die "guest script $script not found"

cache=${ZSWAP_CACHE:-$(cd "$here/../.." && pwd)/.cache}
if [ -n "$image" ]; then
	# A built image: no package to fetch, no modules to ship. A kernel
	# build directory (the tree or its O=) as VM runners take it.
	if [ -f "$image/arch/x86/boot/bzImage" ]; then
		image=$image/arch/x86/boot/bzImage
	elif [ -d "$image" ]; then
		image=$image/bzImage
	fi
	[ -f "$image" ] || die "kernel image $image not found"
	vmlinuz=$(cd "$(dirname "$image")" && pwd)/$(basename "$image")
	# the release the image itself carries: what boots, whatever a build
	# tree's include/config/kernel.release says
	release=$("$here/bzimage.sh" "$vmlinuz") || die "cannot boot $vmlinuz"
	ver=$release
	initramfs_kernel=(-N)
else
	kdir=$cache/kernels/$ver
	"$here/fetch-kernels.sh" "$ver" || die "could not fetch kernel $ver"
	vmlinuz=$kdir/vmlinuz
	release=$(cat "$kdir/release")
	initramfs_kernel=(-k "$ver")
fi

mkdir -p "$outdir" || die "cannot create $outdir"
outdir=$(cd "$outdir" && pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/zswap-guest.XXXXXX") || die "mktemp failed"
trap 'rm -rf "$work"' EXIT

accel_chosen=0
if [ -n "${ZSWAP_GUEST_ACCEL:-}" ]; then
	accel=$ZSWAP_GUEST_ACCEL
else
	kernel_opt=(-k "$ver")
	[ -n "$image" ] && kernel_opt=(-K "$vmlinuz")
	accel=$("$here/accel.sh" "${kernel_opt[@]}" 2> "$work/accel.txt")
	sed 's/^/run-guest: /' "$work/accel.txt"
	[ -n "$accel" ] || die "accel.sh chose no accelerator"
	accel_chosen=1
fi
probe_s=${ZSWAP_KVM_PROBE_TIMEOUT:-60}
[[ $probe_s =~ ^[1-9][0-9]*$ ]] || die "ZSWAP_KVM_PROBE_TIMEOUT wants seconds"
# a TCG boot reaches /init in 7-30 s on 2 cores, busy or not
tcg_boot_s=${ZSWAP_TCG_BOOT_TIMEOUT:-180}
[[ $tcg_boot_s =~ ^[1-9][0-9]*$ ]] || die "ZSWAP_TCG_BOOT_TIMEOUT wants seconds"

hostroot_opt=()
[ $hostroot -eq 1 ] && hostroot_opt=(-H)
"$here/mkinitramfs.sh" "${initramfs_kernel[@]}" "${hostroot_opt[@]}" \
	-o "$work/initramfs.cpio.gz" -s "$script" "${ship[@]}" ||
	die "initramfs build failed"

cmdline="console=ttyS0 quiet panic=-1 zswap_watchdog=$((timeout_s * 4 / 5)) $append_extra"
drive=()
if [ "$swap_mib" -gt 0 ]; then
	# sparse, made afresh per boot below: costs no disk until the guest swaps
	drive=(-drive "file=$work/swap.img,format=raw,if=virtio")
else
	cmdline="$cmdline noswap"
fi
if [ $hostroot -eq 1 ]; then
	# multidevs=remap: the host's file systems keep distinct inode numbers
	drive+=(-virtfs "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap")
	cmdline="$cmdline zswap_hostroot"
fi
if [ "$scratch_mib" -gt 0 ]; then
	drive+=(-drive "file=$work/scratch.img,format=raw,if=virtio")
	cmdline="$cmdline zswap_scratch"
fi

# Console lines end in CRLF; the base64 block sits between the markers.
BEGIN_MARK=@@ZSWAP-GUEST-RESULTS-BEGIN@@
END_MARK=@@ZSWAP-GUEST-RESULTS-END@@

# One guest at a time: two TCG guests on two cores slow each other past
# their timeouts.
exec 8>/run/zswap-toolkit.guest.lock
flock 8
# INIT_MARK is the first line /init prints (init.sh): the kernel booted.
INIT_MARK='guest-init: up'

# boot_watch SECONDS NAME: kill the guest (through its timeout's pid)
# when /init has not started within SECONDS: under KVM probe_s, as a
# nested hypervisor that starts a vCPU may still never boot a guest;
# under TCG tcg_boot_s, as a boot stuck after "Booting from ROM" (7.3,
# once in about 60 boots here, 9 CPU minutes without a console line)
# would otherwise hold the guest until -t.
boot_watch() {
	local i
	for ((i = 0; i < $1; i++)); do
		sleep 1
		grep -q "$INIT_MARK" "$outdir/console.log" 2>/dev/null && return
	done
	echo "no /init within $1s under $2; its last words:" \
		"$("$here/accel.sh" --last-words "$outdir/console.log")" > "$work/boot-hung"
	kill "$(cat "$work/qemu.pid")" 2>/dev/null
}

# boot_once: one boot; returns 0 with the results unpacked in OUTDIR, 124
# on the host timeout, 125 when no results came back, 126 when KVM did not
# boot the guest, 127 when TCG did not reach /init (messages printed)
boot_once() {
	echo "run-guest: booting $release with $cpus CPUs, $mem, swap ${swap_mib} MiB$([ $hostroot -eq 1 ] && echo ", the host's root")$([ "$scratch_mib" -gt 0 ] && echo ", scratch $scratch_mib MiB"), timeout ${timeout_s}s, ${accel%%,*}"
	start=$(date +%s.%N)
	rm -f "$work/boot-hung" "$work/qemu.pid" "$outdir/console.log"
	if [[ $accel == kvm* ]]; then
		boot_watch "$probe_s" KVM &
	else
		boot_watch "$tcg_boot_s" TCG &
	fi
	watch=$!
	# -no-reboot plus panic=-1 turns a guest panic into a qemu exit; timeout
	# (TERM, then KILL 10 s later) bounds a hung guest, and its pid lets
	# boot_watch end it early.  stdin is /dev/null so the
	# serial/monitor mux never reads the caller's terminal.
	bash -c 'echo $$ > "$0"; exec "$@"' "$work/qemu.pid" timeout -k 10 "$timeout_s" \
		qemu-system-x86_64 -accel "$accel" -cpu "${ZSWAP_GUEST_CPU:-max}" \
			-smp "$cpus" -m "$mem" \
			-kernel "$vmlinuz" -initrd "$work/initramfs.cpio.gz" \
			-append "$cmdline" "${drive[@]}" \
			-nographic -no-reboot -net none < /dev/null 2>&1 |
		tee "$outdir/console.log" |
		if [ "$quiet" = 1 ]; then
			cat > /dev/null
		else
			# do not flood the terminal with the base64 block
			sed -u "/$BEGIN_MARK/,/$END_MARK/{/$BEGIN_MARK/!{/$END_MARK/!d}}"
		fi
	qrc=${PIPESTATUS[0]}
	elapsed=$(echo "$(date +%s.%N) $start" | awk '{ printf "%.1f", $1 - $2 }')
	kill "$watch" 2>/dev/null
	wait "$watch" 2>/dev/null
	if [ -f "$work/boot-hung" ] && [[ $accel == kvm* ]]; then
		echo "run-guest: KVM HANG: guest $ver killed after ${elapsed}s: $(cat "$work/boot-hung")" >&2
		return 126
	fi
	if [ -f "$work/boot-hung" ]; then
		echo "run-guest: BOOT HANG: guest $ver killed after ${elapsed}s: $(cat "$work/boot-hung")" >&2
		return 127
	fi

	if [ "$qrc" = 124 ] || [ "$qrc" = 137 ]; then
		echo "run-guest: TIMEOUT: guest $ver did not power off within ${timeout_s}s (see $outdir/console.log)" >&2
		return 124
	fi

	tr -d '\r' < "$outdir/console.log" |
		sed -n "/^$BEGIN_MARK\$/,/^$END_MARK/p" > "$work/block"
	sum=$(sed -n "s/^$END_MARK \([0-9a-f]*\)\$/\1/p" "$work/block")
	if [ -z "$sum" ]; then
		echo "run-guest: NO RESULTS: guest $ver exited (qemu status $qrc) after ${elapsed}s without sending results; panic or crash? (see $outdir/console.log)" >&2
		return 125
	fi
	grep -v -e "^$BEGIN_MARK" -e "^$END_MARK" "$work/block" | base64 -d > "$work/results.tar.gz" 2>/dev/null
	if [ "$(md5sum < "$work/results.tar.gz" | cut -d' ' -f1)" != "$sum" ]; then
		echo "run-guest: NO RESULTS: the results from guest $ver were garbled on the console (checksum mismatch; see $outdir/console.log)" >&2
		return 125
	fi
	tar -C "$outdir" -xzf "$work/results.tar.gz" || {
		echo "run-guest: NO RESULTS: cannot unpack the results of guest $ver" >&2
		return 125
	}
	return 0
}

# A guest that died without results is booted again, up to twice: under
# multi-threaded TCG a guest kernel now and then takes an "Oops: int3"
# where it patches its own text (a static key flipped as BPF attaches, or
# at boot), on 6.12 and 7.x alike; one CI run saw it on two boots of the
# same 7.x guest in a row. A guest whose script hung (a 6.12 lock claims
# boot, once in about 540 CI boots; 14 boots by hand did not repeat it)
# is booted once more, as is one that never reached /init: each cost a
# timeout. The console's last
# lines are printed first, so the cause stays on record.
# ZSWAP_GUEST_RETRIES=0 turns the retries off.
retries=${ZSWAP_GUEST_RETRIES:-2}
attempt=1
while :; do
	if [ "$swap_mib" -gt 0 ]; then
		rm -f "$work/swap.img" "$work/scratch.img"
		truncate -s "${swap_mib}M" "$work/swap.img" || die "cannot create swap image"
		[ "$scratch_mib" -eq 0 ] || truncate -s "${scratch_mib}M" "$work/scratch.img" ||
			die "cannot create the scratch image"
	fi
	boot_once
	brc=$?
	if [ "$brc" = 126 ] && [ "$accel_chosen" = 1 ]; then
		"$here/accel.sh" --demote "a guest did not boot under KVM after a passing probe: $(cat "$work/boot-hung")"
		accel=tcg,thread=multi
		echo "run-guest: booting $ver again under TCG (KVM is cached as failed)" >&2
		continue
	fi
	[ "$brc" = 126 ] && exit 124
	if [ "$brc" = 0 ] && [ -f "$outdir/watchdog.txt" ]; then
		echo "run-guest: WATCHDOG: the script in guest $ver was still running at 4/5 of the timeout and was killed (see $outdir/watchdog.txt)" >&2
		brc=124
	fi
	[ "$brc" = 0 ] && break
	if [ -f "$outdir/watchdog.txt" ]; then
		echo "run-guest: the watchdog's report (attempt $attempt):" >&2
		head -n 100 "$outdir/watchdog.txt" | sed 's/^/  | /' >&2
	else
		echo "run-guest: the console's last lines (attempt $attempt):" >&2
		tr -d '\r' < "$outdir/console.log" | tail -n 60 | sed 's/^/  | /' >&2
	fi
	limit=$retries
	# a hang or a boot that never reached /init cost a timeout: once
	case $brc in 124 | 127) [ "$limit" -le 1 ] || limit=1 ;; esac
	[ "$attempt" -le "$limit" ] || exit "$brc"
	# the next attempt starts from an empty OUTDIR
	mkdir "$work/attempt$attempt"
	for f in "$outdir"/*; do
		case ${f##*/} in
		attempt[0-9]*) ;;
		*) mv "$f" "$work/attempt$attempt/" ;;
		esac
	done
	mv "$work/attempt$attempt" "$outdir/"
	attempt=$((attempt + 1))
	echo "run-guest: booting $ver again (attempt $attempt)" >&2
done
rc=$(cat "$outdir/rc" 2>/dev/null)
[[ $rc =~ ^[0-9]+$ ]] || {
	echo "run-guest: NO RESULTS: guest $ver sent no exit code" >&2
	exit 125
}
echo "run-guest: $ver done in ${elapsed}s, guest script exit code $rc, results in $outdir"
exit "$rc"
