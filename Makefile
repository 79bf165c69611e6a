# SPDX-License-Identifier: GPL-2.0
# zswap observability toolkit. `make V=1` shows the commands.
# `make` builds every tool with every feature, linked against Debian's
# shared libraries (libcurl included). The guests' busybox initramfs has
# no libraries: `make static-bins` builds static copies of what they run
# in build/static/ (STATIC=1), beside build/, never instead; the targets
# that boot guests, and install, build them.
# SAN=1: AddressSanitizer + UBSan build of every tool and the unit binary,
# in build/san (never mixed with the normal objects). `make test-san`
# runs it.
STATIC ?= 0
ifeq ($(SAN),1)
OUTPUT := build/san
SAN_CFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
STATIC := 0
# the unit binary too: `make SAN=1` is the whole sanitizer build
SAN_ALL = $(OUTPUT)/test_unit $(OUTPUT)/latency_test
else ifeq ($(STATIC),1)
OUTPUT ?= build/static
SAN_CFLAGS :=
else
OUTPUT := build
SAN_CFLAGS :=
endif
CLANG ?= clang
BPFTOOL ?= bpftool
CC ?= gcc
ARCH := x86
VMLINUX := vmlinux/$(ARCH)/vmlinux.h
INCLUDES := -I$(OUTPUT) -Iinclude -Isrc
CFLAGS ?= -O2 -g -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers
override CFLAGS += $(SAN_CFLAGS)
BPF_CFLAGS := -g -O2 -Wall -target bpf -D__TARGET_ARCH_$(ARCH) -Ivmlinux/$(ARCH) -Iinclude
LDLIBS_DYN := -lbpf -lelf -lz -ljson-c -lyaml -lgsl -lgslcblas -lm
# LDFLAGS and CPPFLAGS carry dpkg-buildflags' hardening in the package.
ifeq ($(STATIC),1)
LDLIBS := -static $(LDLIBS_DYN)
STATIC_FLAG := -static
else
LDLIBS := $(LDFLAGS) $(LDLIBS_DYN)
STATIC_FLAG :=
INCLUDES += $(CPPFLAGS)
endif

# claims --prometheus needs libcurl, whose static dependencies Debian does
# not ship (gssapi, ldap, ssh2, ...): only the guests' static copy of
# zswap-gate leaves it out (and says so when asked).
ifneq ($(STATIC),1)
CURL_CFLAGS := -DHAVE_LIBCURL
CURL_LIBS := -lcurl
endif

# The toolkit's version (debian/changelog's), and `git describe` of the
# checkout it was built from (none outside git): --version of every tool,
# records' metadata, zswap-export's build_info (src/util/version.c).
VERSION := $(shell sed -n '1s/^[^(]*(\([^)]*\)).*/\1/p' debian/changelog)
REVISION := $(shell git rev-parse --is-inside-work-tree >/dev/null 2>&1 && \
	git describe --always --dirty 2>/dev/null)
VERSION_DEFS := -DZSWAP_VERSION='"$(VERSION)"' -DZSWAP_REVISION='"$(REVISION)"'

ifeq ($(V),1)
Q =
msg =
else
Q = @
msg = @printf '  %-8s %s\n' "$(1)" "$(2)";
endif

APPS := zswap-gate zswap-export hookbench zswaptop zswap-lockstat zswap-iostall
TOOLS := hog zswap-workload
UNIT_TESTS := test_unit

# src/ has one folder per room (docs/layout.md); each room's objects are
# a group, and a tool links the groups it uses (libbpf-tools' pattern: one
# rule per kind of file, one list per binary). ROOMS is bottom-up: a room
# includes only the rooms before it (tests/unit/rooms.sh checks it).
ROOMS := util stats metrics collect lock iostall record compare claims draft \
	fleet gate top export bench
vpath %.c $(addprefix src/,$(ROOMS))
INCLUDES += $(addprefix -Isrc/,$(ROOMS))
objs_of = $(patsubst %.c,%.o,$(notdir $(filter-out src/$(1)/zswap%.c src/bench/hookbench.c,$(wildcard src/$(1)/*.c))))
objs_in = $(foreach r,$(1),$(call objs_of,$(r)))
# what every tool links: utilities, the metric model, collection, records
CORE_OBJS := $(call objs_in,util metrics collect record)
# zswap-lockstat, and --locks of the other tools
LOCK_OBJS := $(call objs_of,lock)
# zswap-iostall, and --iocost of the other tools
IOSTALL_OBJS := $(call objs_of,iostall)
# zswap-gate: compare, claims, claims draft, the fleet, run and plan
GATE_OBJS := $(call objs_in,stats compare claims draft fleet gate)
TOP_OBJS := $(call objs_of,top)
EXPORT_OBJS := $(call objs_of,export)
SRC_HEADERS := $(wildcard src/*/*.h include/*.h)

.PHONY: test-claims-all all clean test test-unit test-san test-host test-guest test-guest-all test-claims test-claims-6.12 bench deps kernels \
	fuzz test-fuzz install uninstall
.DELETE_ON_ERROR:
.SECONDARY:

all: $(addprefix $(OUTPUT)/,$(APPS) $(TOOLS)) $(SAN_ALL)

$(OUTPUT):
	$(Q)mkdir -p $@

$(OUTPUT)/%.bpf.o: bpf/%.bpf.c $(wildcard include/*.h bpf/*.h) $(VMLINUX) | $(OUTPUT)
	$(call msg,BPF,$@)
	$(Q)$(CLANG) $(BPF_CFLAGS) -c $< -o $@

$(OUTPUT)/%.skel.h: $(OUTPUT)/%.bpf.o | $(OUTPUT)
	$(call msg,GEN-SKEL,$@)
	$(Q)$(BPFTOOL) gen skeleton $< > $@

$(OUTPUT)/session.o: $(OUTPUT)/zswapstat.skel.h
$(OUTPUT)/lock_session.o: $(OUTPUT)/lockstat.skel.h
$(OUTPUT)/iostall_session.o: $(OUTPUT)/zswapstat.skel.h $(OUTPUT)/iostall.skel.h
$(OUTPUT)/hookbench.o: $(OUTPUT)/empty.skel.h

$(OUTPUT)/%.o: %.c $(SRC_HEADERS) | $(OUTPUT)
	$(call msg,CC,$@)
	$(Q)$(CC) $(CFLAGS) $(INCLUDES) -c $< -o $@

# The objects each tool links, beyond its main (zswaptop's curses below).
zswap-gate_OBJS := $(CORE_OBJS) $(GATE_OBJS) $(LOCK_OBJS) $(IOSTALL_OBJS)
zswap-lockstat_OBJS := $(CORE_OBJS) $(LOCK_OBJS)
zswap-iostall_OBJS := $(CORE_OBJS) $(IOSTALL_OBJS)
zswap-export_OBJS := $(CORE_OBJS) $(EXPORT_OBJS) $(LOCK_OBJS) $(IOSTALL_OBJS)
zswaptop_OBJS := $(CORE_OBJS) $(TOP_OBJS) $(LOCK_OBJS) $(IOSTALL_OBJS)
hookbench_OBJS := trace_helpers.o kernel_btf.o cli_checks.o spawn.o version.o
zswaptop_LIBS := $(STATIC_FLAG) -lncursesw -ltinfo
zswap-gate_LIBS := $(CURL_LIBS)
$(OUTPUT)/prom_client.o: override CFLAGS += $(CURL_CFLAGS)

# version.o alone carries the version; its stamp changes only when the
# version or the checkout's revision does, so a commit rebuilds one object.
$(OUTPUT)/version.stamp: FORCE | $(OUTPUT)
	$(Q)echo '$(VERSION_DEFS)' | cmp -s - $@ || echo '$(VERSION_DEFS)' > $@
$(OUTPUT)/version.o: $(OUTPUT)/version.stamp
$(OUTPUT)/version.o: override CFLAGS += $(VERSION_DEFS)
.PHONY: FORCE
FORCE:

# The static copies the guests run (tests/guest, tests/claims, bench,
# tools/kernels-ab.sh): zswap-gate without libcurl, the workloads, hog.
STATIC_BINS := zswap-gate zswap-workload hog zswap-export zswap-lockstat \
	zswaptop hookbench
.PHONY: static-bins guest-bins
static-bins:
	$(Q)$(MAKE) --no-print-directory STATIC=1 OUTPUT=build/static \
		$(addprefix build/static/,$(STATIC_BINS))
guest-bins: static-bins

.SECONDEXPANSION:
$(addprefix $(OUTPUT)/,$(APPS)): $(OUTPUT)/%: $(OUTPUT)/%.o $$(addprefix $(OUTPUT)/,$$($$*_OBJS))
	$(call msg,BINARY,$@)
	$(Q)$(CC) $(CFLAGS) $^ $($*_LIBS) $(LDLIBS) -o $@

$(OUTPUT)/hog: tools/hog.c | $(OUTPUT)
	$(call msg,BINARY,$@)
	$(Q)$(CC) -O2 -Wall $(STATIC_FLAG) -pthread $< -o $@

# The seeds' workloads: one binary, one subcommand per workload.
WORKLOAD_SRCS := $(filter-out %_test.c,$(wildcard tools/workloads/*.c))
$(OUTPUT)/zswap-workload: $(WORKLOAD_SRCS) $(wildcard tools/workloads/*.h) include/mthp_sysfs.h \
		$(OUTPUT)/version.o | $(OUTPUT)
	$(call msg,BINARY,$@)
	$(Q)$(CC) $(CFLAGS) -Iinclude -Isrc/util $(STATIC_FLAG) -pthread $(WORKLOAD_SRCS) \
		$(OUTPUT)/version.o -lm -o $@

$(OUTPUT)/latency_test: tools/workloads/latency_test.c tools/workloads/latency.c tools/workloads/latency.h tests/unit/harness.h | $(OUTPUT)
	$(call msg,BINARY,$@)
	$(Q)$(CC) $(CFLAGS) -Itests/unit $(filter %.c,$^) -lm -o $@

# Unit tests link the core without BPF (no privileges needed).
# Unit tests link the parts without the code that loads BPF or runs the
# tools' commands (no privileges needed).
NOT_UNIT := session.o collector.o lock_session.o lock_module.o \
	iostall_session.o iostall_module.o gate_run.o \
	claims_cli.o compare_cli.o svg_plot.o tui_cgroups.o tui_screen.o
UNIT_CORE := $(filter-out $(NOT_UNIT),$(CORE_OBJS) $(LOCK_OBJS) $(IOSTALL_OBJS) $(GATE_OBJS) \
	$(TOP_OBJS) $(EXPORT_OBJS))
# and zswap-workload's option parser, page contents, figures and --thp
# controls (tests/unit/test_workload.c stands in for its wl_msg())
WORKLOAD_UNIT_SRCS := $(addprefix tools/workloads/,opts.c pattern.c figures.c thp.c)
$(OUTPUT)/test_unit: tests/unit/test_unit.c $(wildcard tests/unit/*.c tests/unit/*.h tests/fuzz/*.c) $(addprefix $(OUTPUT)/,$(UNIT_CORE)) \
		$(WORKLOAD_UNIT_SRCS) $(wildcard tools/workloads/*.h)
	$(call msg,BINARY,$@)
	$(Q)$(CC) $(CFLAGS) $(INCLUDES) -Itests/unit -Itools/workloads tests/unit/*.c $(WORKLOAD_UNIT_SRCS) \
		$(addprefix $(OUTPUT)/,$(UNIT_CORE)) $(LDLIBS_DYN) $(CURL_LIBS) -o $@

# Fuzzing the record and claims-file readers with clang's libFuzzer
# (Debian's libclang-rt-14-dev; in-process, so one run tries thousands of
# inputs a second, where AFL++ would fork per input), under ASan + UBSan.
# The sanitizer flags stay in these rules. `make fuzz` runs a campaign of
# FUZZ_SECONDS per harness and fails on any crash, leak or UB report (the
# input lands in build/fuzz/artifacts/: add it to tests/fuzz/regressions/);
# `make test-fuzz` replays the corpus and the regressions, then runs a
# campaign of TEST_FUZZ_SECONDS (30) per harness (the CI tier). Dictionaries of
# each format's keys (tests/fuzz/H.dict) get the mutations past them.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
# the CI tier's campaign, after the replay of the corpus and regressions
TEST_FUZZ_SECONDS ?= 30
FUZZ_CFLAGS := -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
	-fno-sanitize-recover=all
FUZZ_OBJS := record.o zs_error.o text_clean.o atomic_file.o metrics.o metric_id.o metric_registry.o name_index.o histogram.o \
	metric_name_check.o level_stats.o \
	planner.o kernel_funcs.o counters.o \
	compare.o cgroup_prefix.o stats.o metric_direction.o record_walk.o claims.o claims_setup.o \
	json_out.o yaml_tree.o \
	claims_eval.o workload_metrics.o probe_opts.o param_watch.o \
	$(call objs_of,draft) metric_synonyms.o
FUZZ_HARNESSES := record claims letter

$(OUTPUT)/fuzz:
	$(Q)mkdir -p $@ $@/artifacts

$(OUTPUT)/fuzz/%.o: %.c $(SRC_HEADERS) | $(OUTPUT)/fuzz
	$(call msg,FUZZ-CC,$@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(INCLUDES) -c $< -o $@

$(OUTPUT)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(addprefix $(OUTPUT)/fuzz/,$(FUZZ_OBJS))
	$(call msg,FUZZER,$@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(INCLUDES) $^ \
		-ljson-c -lyaml -lgsl -lgslcblas -lm -o $@

fuzz: $(addprefix $(OUTPUT)/fuzz/fuzz_,$(FUZZ_HARNESSES))
	FUZZ_SECONDS=$(FUZZ_SECONDS) tests/fuzz/campaign.sh $(FUZZ_HARNESSES)

# The CI tier: the replay, then a bounded campaign (FUZZ_SECONDS each).
test-fuzz: $(addprefix $(OUTPUT)/fuzz/fuzz_,$(FUZZ_HARNESSES))
	FUZZ_SECONDS=$(TEST_FUZZ_SECONDS) tests/fuzz/replay.sh --campaign $(FUZZ_HARNESSES)

deps:
	tools/install-deps.sh

test: all $(OUTPUT)/test_unit
	tests/run-all.sh

# latency_test and the rooms check first: the tiers count the last
# "N passed" line, and make stops at a failing one, so its failures are
# never hidden behind a pass.
test-unit: $(OUTPUT)/test_unit $(OUTPUT)/latency_test
	$(OUTPUT)/latency_test
	tests/unit/rooms.sh
	$(OUTPUT)/test_unit tests/fixtures

# ASan + UBSan: the unit binary of the SAN=1 build, and every tool of it
# once on this host (root), failing on any sanitizer report (tests/san/).
test-san:
	$(MAKE) --no-print-directory SAN=1 OUTPUT=build/san
	tests/tier.sh tests/san $(T)

# T=NAME runs one script of a tier, e.g. `make test-host T=record`.
test-host: all
	tests/tier.sh tests/host $(T)

test-guest: all static-bins
	tests/tier.sh tests/guest $(T)

# Every guest script on every kernel it supports (6.1 too), seed 001's
# 6.1-vs-6.12 contention proof and the kernel cache's rebuild checks:
# about 90 minutes on 2 cores, so `make test` runs the subset above
# (tests/lib.sh: guest_kernels).
test-guest-all: all static-bins
	GUEST_ALL=1 tests/tier.sh tests/guest $(T)

# Kernel A/B: base and patched 7.3 VM kernels, the seeds' claims and two
# non-seed series' checked on them (tests/claims/; builds the kernels the
# first time).
test-claims: all static-bins
	CLAIMS_KERNEL_LINE=7.3 tests/tier.sh tests/claims $(T)

# The same with seed 000's "Next to the writer" table, 3 runs an arm (25
# more minutes: iocost throttles the build beside fio), and 005's
# shrinker-on table (8 boots).
test-claims-all: all static-bins
	CLAIMS_ALL=1 CLAIMS_KERNEL_LINE=7.3 tests/tier.sh tests/claims $(T)

# The same proof on 6.12 with the seeds' ports (004, and 000 against
# 6.12), outside `make test` for CI's time: its builds and boots cost
# about 20 minutes.
test-claims-6.12: all static-bins
	CLAIMS_KERNEL_LINE=6.12 tests/tier.sh tests/claims $(T)

# The VM kernels of the kernel A/B proofs: each line's base and every
# series in kernel/patches/LINE/, built once and cached under
# $ZSWAP_CACHE/kernel/images/ (tools/kernel/build-kernel.sh).
KERNEL_LINES := 7.3 6.12
kernels:
	@for l in $(KERNEL_LINES); do tools/kernel/build-kernel.sh -k $$l || exit 1; \
		for s in $$(ls -d kernel/patches/$$l/*/); do \
			tools/kernel/build-kernel.sh -k $$l -p $$s || exit 1; done; done

bench: all static-bins
	bench/run.sh
	bench/guest.sh
	bench/zswaptop.sh
	bench/compare.sh
	bench/records.sh
	bench/fleet.sh
	bench/export.sh
	bench/lockstat.sh
	bench/lockstat-guest.sh
	bench/iostall.sh
	bench/peers.sh

clean:
	rm -rf $(OUTPUT)

# `make install PREFIX=/usr DESTDIR=/tmp/root` (debian/rules uses it). The
# unit's ExecStart names BINDIR; the data (claims, rules, dashboard) goes
# to $(DATADIR).
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share/zswap-toolkit
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
UNITDIR ?= $(PREFIX)/lib/systemd/system
INSTALL_APPS := zswap-gate zswaptop zswap-lockstat zswap-export zswap-iostall \
	zswap-workload
# Kernels A/B as installed commands: the scripts keep the source tree's
# layout under LIBDIR (they find each other by relative paths), with the
# static copies of zswap-gate and zswap-workload the guests run.
LIBDIR ?= $(PREFIX)/lib/zswap-toolkit
# command=script, each installed as tools/zswap-wrapper.in names it
KERNEL_CMDS := zswap-kernels=tools/kernels-ab.sh \
	zswap-build-kernel=tools/kernel/build-kernel.sh
KERNEL_FILES := tools/kernels-ab.sh tools/kernels-check.sh tools/kernels-report.sh \
	tools/apt-private.sh tools/install-deps.sh \
	tools/kernel/build-kernel.sh tools/kernel/revert-series.sh tools/kernel/vm.config \
	$(addprefix tools/guest/,accel.sh bzimage.sh fetch-kernels.sh guest-lib.sh \
		init.sh mkinitramfs.sh run-guest.sh)
GUEST_BINS := zswap-gate zswap-workload
INSTALL_APPS_ALL := $(INSTALL_APPS) $(foreach c,$(KERNEL_CMDS),$(firstword $(subst =, ,$(c))))
INSTALLED := $(addprefix $(BINDIR)/,$(INSTALL_APPS_ALL)) \
	$(addprefix $(LIBDIR)/,$(KERNEL_FILES) $(addprefix build/static/,$(GUEST_BINS))) \
	$(addprefix $(DATADIR)/,$(wildcard claims/*.yaml) claims/FORMAT.md \
		prometheus/zswap-rules.yml grafana/zswap.json) \
	$(patsubst man/%.1,$(MANDIR)/man1/%.1,$(wildcard man/*.1)) \
	$(patsubst man/%.5,$(MANDIR)/man5/%.5,$(wildcard man/*.5)) \
	$(addprefix $(BASHCOMPDIR)/,$(INSTALL_APPS_ALL)) \
	$(UNITDIR)/zswap-export.service

install: $(addprefix $(OUTPUT)/,$(INSTALL_APPS)) static-bins
	$(call msg,INSTALL,$(DESTDIR)$(PREFIX))
	$(Q)install -d $(addprefix $(DESTDIR),$(BINDIR) $(DATADIR)/claims \
		$(DATADIR)/prometheus $(DATADIR)/grafana $(MANDIR)/man1 $(MANDIR)/man5 \
		$(BASHCOMPDIR) $(UNITDIR) $(LIBDIR)/build/static $(LIBDIR)/tools/guest \
		$(LIBDIR)/tools/kernel)
	$(Q)for f in $(KERNEL_FILES); do \
		install -m $$(if [ -x $$f ]; then echo 755; else echo 644; fi) \
			$$f $(DESTDIR)$(LIBDIR)/$$f || exit 1; done
	$(Q)install -m 755 $(addprefix build/static/,$(GUEST_BINS)) $(DESTDIR)$(LIBDIR)/build/static
	$(Q)for c in $(KERNEL_CMDS); do \
		sed -e 's|@LIBDIR@|$(LIBDIR)|g' -e "s|@NAME@|$${c%%=*}|g" \
			-e "s|@SCRIPT@|$${c#*=}|g" -e 's|@VERSION@|$(VERSION)|g' \
			-e 's|@REVISION@|$(REVISION)|g' tools/zswap-wrapper.in \
			> $(DESTDIR)$(BINDIR)/$${c%%=*} && \
		chmod 755 $(DESTDIR)$(BINDIR)/$${c%%=*} || exit 1; done
	$(Q)install -m 755 $(addprefix $(OUTPUT)/,$(INSTALL_APPS)) $(DESTDIR)$(BINDIR)
	$(Q)install -m 644 claims/*.yaml claims/FORMAT.md $(DESTDIR)$(DATADIR)/claims
	$(Q)install -m 644 tools/prometheus/zswap-rules.yml $(DESTDIR)$(DATADIR)/prometheus
	$(Q)install -m 644 dashboards/zswap.json $(DESTDIR)$(DATADIR)/grafana
	$(Q)install -m 644 man/*.1 $(DESTDIR)$(MANDIR)/man1
	$(Q)install -m 644 man/*.5 $(DESTDIR)$(MANDIR)/man5
	$(Q)for t in $(INSTALL_APPS_ALL); do \
		install -m 644 completions/zswap.bash $(DESTDIR)$(BASHCOMPDIR)/$$t || exit 1; done
	$(Q)sed 's|@BINDIR@|$(BINDIR)|g' systemd/zswap-export.service.in \
		> $(DESTDIR)$(UNITDIR)/zswap-export.service
	$(Q)chmod 644 $(DESTDIR)$(UNITDIR)/zswap-export.service

uninstall:
	$(call msg,UNINSTALL,$(DESTDIR)$(PREFIX))
	$(Q)rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	$(Q)rmdir $(addprefix $(DESTDIR),$(DATADIR)/claims $(DATADIR)/prometheus \
		$(DATADIR)/grafana $(DATADIR) $(LIBDIR)/build/static $(LIBDIR)/build \
		$(LIBDIR)/tools/guest \
		$(LIBDIR)/tools/kernel $(LIBDIR)/tools $(LIBDIR)) 2>/dev/null || true
