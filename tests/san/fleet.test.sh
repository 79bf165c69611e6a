#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# SAN tier, fleet part (no privileges): tests/host/fleet.test.sh with the
# ASan + UBSan zswap-gate, which has libcurl (the SAN build is dynamic):
# the claims --prometheus paths (answers, errors, auth) on a real
# Prometheus. A sanitizer report makes the gate exit 1 (halt_on_error;
# leaks at exit too), which none of the fleet test's checks accepts.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
. tests/san/san.sh
san_built zswap-gate
FLEET_GATE=$SAN/zswap-gate exec sh tests/host/fleet.test.sh
