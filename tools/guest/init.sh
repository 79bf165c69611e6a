#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the guest initramfs built by mkinitramfs.sh.
#
# Sets up the guest the way the tests expect it (proc, sysfs, devtmpfs,
# debugfs, tracefs, cgroup2 with io+memory delegated from the root, the
# virtio swap disk), runs /opt/zswap/guest-test.sh with RESULTS=/results,
# then sends /results back to the host over the console as a base64'ed
# tar.gz between two marker lines and powers off.  Whatever happens the
# guest must end in poweroff: the host waits for the markers or its
# timeout, never for a shell prompt.

/bin/busybox --install -s
export PATH=/opt/zswap:/sbin:/bin:/usr/sbin:/usr/bin
export HOME=/root

log() { echo "guest-init: $*"; }

# The first line: run-guest.sh reads it as "the kernel booted".
log "up"

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t debugfs debugfs /sys/kernel/debug
mount -t tracefs tracefs /sys/kernel/tracing
mount -t cgroup2 cgroup2 /sys/fs/cgroup
mount -t tmpfs tmpfs /tmp
# Children get io and memory controllers (memory.max, io.stat, iocost).
echo '+io +memory' > /sys/fs/cgroup/cgroup.subtree_control ||
	log "cannot enable +io +memory in the root cgroup"

# wait_block (guest-lib.sh is shipped beside every guest script)
. /opt/zswap/guest-lib.sh

# load_modules LIST: the modules LIST names, in its (dependency) order
# (see fetch-kernels.sh).
load_modules() {
	for m in $(cat "$1"); do
		insmod "/lib/modules/$m.ko" || log "insmod $m failed"
	done
}
load_modules /etc/modules.load

# The runner attaches a raw image as the first virtio disk unless it was
# asked for no swap.  Its node may appear a little after insmod returns.
swapdev=/dev/vda
if grep -qw noswap /proc/cmdline; then
	log "no swap disk requested"
else
	if wait_block $swapdev; then
		mkswap $swapdev > /dev/null && swapon $swapdev ||
			log "mkswap/swapon $swapdev failed"
	else
		log "no $swapdev: running without swap"
	fi
fi

export RESULTS=/results
KREL=$(uname -r)
export KREL
mkdir -p $RESULTS

# run-guest.sh -H: the host's root file system, read-only over virtio-9p
# under a tmpfs overlay, mounted at $1 with the guest's own /proc, /sys
# (cgroup2, debugfs, tracefs beneath), /dev, /run, /opt/zswap and
# /results inside. /tmp is the overlay's: a checkout or a program under
# the host's /tmp runs in the guest too, and what the guest writes there
# stays in its memory.
hostroot_mount() {
	mkdir -p /host /ovl "$1"
	mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose,msize=262144 \
		hostroot /host || return 1
	mount -t tmpfs -o mode=755 tmpfs /ovl && mkdir -p /ovl/upper /ovl/work &&
		mount -t overlay overlay \
			-o lowerdir=/host,upperdir=/ovl/upper,workdir=/ovl/work "$1" ||
		return 1
	mkdir -p "$1/opt/zswap" "$1/results" "$1/scratch"
	mount -t proc proc "$1/proc" &&
		mount -o rbind /sys "$1/sys" &&
		mount -o rbind /dev "$1/dev" &&
		mount -t tmpfs -o mode=755 tmpfs "$1/run" &&
		mount -o bind /opt/zswap "$1/opt/zswap" &&
		mount -o bind $RESULTS "$1/results" || return 1
	mkdir -p "$1/dev/pts" "$1/dev/shm"
	mount -t devpts devpts "$1/dev/pts" 2>/dev/null
	mount -t tmpfs tmpfs "$1/dev/shm"
	return 0
}

# The root the script runs in: the initramfs, or with -H the host's.
run_root=
if grep -qw zswap_hostroot /proc/cmdline; then
	t0=$(cut -d' ' -f1 /proc/uptime)
	load_modules /etc/modules.hostroot
	if hostroot_mount /newroot; then
		run_root=/newroot
		log "the host's root mounted in $(awk -v a="$t0" '{ printf "%.2f", $1 - a }' /proc/uptime) s"
	else
		log "the host's root could not be mounted: the script runs in the initramfs"
	fi
fi
# run-guest.sh -S: the second virtio disk, ext4 (the host's mkfs.ext4),
# at /scratch of the script's root.
if grep -qw zswap_scratch /proc/cmdline && [ -n "$run_root" ]; then
	wait_block /dev/vdb &&
		chroot $run_root mkfs.ext4 -q -F /dev/vdb &&
		mount -t ext4 /dev/vdb $run_root/scratch ||
		log "the scratch disk /dev/vdb could not be made or mounted"
fi

# watchdog SECS: at SECS of uptime with the script still running, writes
# what the guest was doing (tasks, blocked tasks' stacks, pressure, the
# cgroups' memory events) to $RESULTS/watchdog.txt and the console, then
# kills every process but init, so a hung script still sends its results
# and its cause instead of running into the host's timeout.
watchdog() {
	up=$(cut -d. -f1 /proc/uptime)
	[ "$1" -gt "$up" ] && sleep $(($1 - up))
	log "watchdog: guest-test.sh still running at $1 s of uptime: killed"
	{
		echo "== processes (kernel threads left out) and their kernel stacks"
		for d in /proc/[0-9]*; do
			# a kernel thread's is empty (and /proc sizes are 0)
			cmd=$(tr '\0' ' ' < "$d/cmdline" 2>/dev/null)
			[ -n "$cmd" ] || continue
			echo "-- ${d#/proc/} $cmd" \
				"[$(sed -n 's/^State:\t//p' "$d/status")]"
			head -n 12 "$d/stack" 2>/dev/null
		done
		echo "== pressure"
		for f in /proc/pressure/*; do
			echo "$f: $(tr '\n' ' ' < "$f")"
		done
		grep -E '^(MemFree|SwapFree|Dirty|Writeback):' /proc/meminfo
		echo "== cgroups' memory.events"
		for d in /sys/fs/cgroup/*/; do
			[ -f "$d/memory.events" ] &&
				echo "$d: $(tr '\n' ' ' < "$d/memory.events")"
		done
		# blocked tasks and every CPU's backtrace, into the kernel log
		n=$(dmesg | wc -l)
		echo w > /proc/sysrq-trigger
		echo l > /proc/sysrq-trigger
		sleep 1
		echo "== the kernel log since the watchdog"
		dmesg | tail -n +$((n + 1))
	} > $RESULTS/watchdog.txt 2>&1
	cat $RESULTS/watchdog.txt
	echo 124 > $RESULTS/rc
	kill -9 -1
}

log "kernel $KREL up $(cut -d' ' -f1 /proc/uptime) s, running guest-test.sh"
wd=$(sed -n 's/.*zswap_watchdog=\([0-9][0-9]*\).*/\1/p' /proc/cmdline)
if [ -n "$wd" ]; then
	watchdog "$wd" &
	wdpid=$!
fi
if [ -x /opt/zswap/guest-test.sh ]; then
	# tee keeps the script's output on the console; the subshell keeps
	# its exit code, which a pipeline would lose.
	(
		if [ -n "$run_root" ]; then
			PATH=/opt/zswap:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
				chroot $run_root /bin/sh -c 'cd /results && exec /opt/zswap/guest-test.sh'
		else
			cd $RESULTS && /opt/zswap/guest-test.sh
		fi
		echo $? > $RESULTS/rc
	) 2>&1 | tee $RESULTS/guest-test.log
else
	log "no /opt/zswap/guest-test.sh"
	echo 127 > $RESULTS/rc
fi
[ -n "$wd" ] && kill "$wdpid" 2>/dev/null
log "guest-test.sh exited with $(cat $RESULTS/rc), up $(cut -d' ' -f1 /proc/uptime) s"

# Keep kernel messages from landing inside the base64 block.
echo 1 > /proc/sys/kernel/printk
sync
tar -C $RESULTS -czf /tmp/results.tar.gz .
echo "@@ZSWAP-GUEST-RESULTS-BEGIN@@"
base64 /tmp/results.tar.gz
echo "@@ZSWAP-GUEST-RESULTS-END@@ $(md5sum < /tmp/results.tar.gz | cut -d' ' -f1)"

poweroff -f
