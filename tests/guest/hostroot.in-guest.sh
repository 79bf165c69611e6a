#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs chrooted in the host's root file system (run-guest.sh -H -S 256):
# what the host side (tests/guest/hostroot.test.sh) checks. The toolkit
# here is the host's own dynamically linked build, run from the host's
# checkout (its path in /opt/zswap/repo), next to the static hog.
R=$RESULTS
stat -f -c %T / > $R/rootfs
uname -r > $R/krel
fio --version > $R/fio-version 2>&1
python3 -c 'print(6 * 7)' > $R/python 2>&1
# an overlay write: seen here, never on the host
echo guest > /etc/zswap-hostroot-probe && cat /etc/zswap-hostroot-probe > $R/overlay
stat -f -c %T /scratch > $R/scratch-fs
df -k /scratch | awk 'NR == 2 { print $2 }' > $R/scratch-kb
dd if=/dev/zero of=/scratch/f bs=1M count=16 conv=fsync 2> /dev/null &&
	echo ok > $R/scratch-write

REPO=$(cat /opt/zswap/repo)
. /opt/zswap/guest-lib.sh
P=/sys/module/zswap/parameters
echo 1 > $P/enabled
CG=/sys/fs/cgroup/hog
mkdir -p $CG && echo $((48 << 20)) > $CG/memory.max
counters > $R/before.txt
"$REPO/build/zswap-gate" record -q -o $R/rec.json --cgroup $CG -- \
	/opt/zswap/hog -q -m 96 -p 2 -c 1536 -s 2 > $R/rec.log 2>&1
echo $? > $R/rec.rc
counters > $R/after.txt

# The seeds' kbuild stand-in, a real build (tools/workloads/kbuild.sh):
# 8 objects of the toolkit's own C, make -j 2 with the host's gcc in a
# 64 MiB cap, into the scratch disk: where the host side asked for it.
if [ -f /opt/zswap/kbuild ]; then
	KCG=/sys/fs/cgroup/kbuild
	mkdir -p $KCG && echo $((64 << 20)) > $KCG/memory.max
	"$REPO/build/zswap-gate" record -q -o $R/kbuild.json --cgroup $KCG -- \
		"$REPO/tools/workloads/kbuild.sh" -o /scratch/kbuild -n 8 -j 2 \
		> $R/kbuild.log 2>&1
	echo $? > $R/kbuild.rc
fi

# The seeds' MySQL workload with Debian's MariaDB and sysbench
# (tools/workloads/oltp.sh) in a 72 MiB cap, its server's data on the
# scratch disk: only where the host side asked for it (/opt/zswap/oltp).
[ -f /opt/zswap/oltp ] || exit 0
OCG=/sys/fs/cgroup/oltp
mkdir -p $OCG && echo $((72 << 20)) > $OCG/memory.max
"$REPO/build/zswap-gate" record -q -o $R/oltp.json --cgroup $OCG -- \
	"$REPO/tools/workloads/oltp.sh" -d /scratch/oltp -s 20 -r 5000 -b 64 \
	> $R/oltp.log 2>&1
echo $? > $R/oltp.rc
