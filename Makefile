# morphos - build, test, bench.
#   make            the engine ./morphos and the bench tools (-O2), one binary
#                   that runs on any x86-64 CPU (see LEVELS)
#   make native     the same for this machine only (-march=native)
#   make test       every test: the CUnit suites under AddressSanitizer +
#                   UndefinedBehaviorSanitizer and again as shipped (release
#                   flags, each instruction-set level), the rules suite and
#                   perft tables sanitized on x86-64-v3, the GTP scripts, the
#                   bench tools, the fuzz seeds, the layers
#   make fuzz       libFuzzer on the GTP parser and the SGF reader (clang;
#                   FUZZ_SECONDS each, default 120)
#   make check-layers   each library links with only the layers below it
#   make check-clang    clang's warnings over every source at each level, no
#                   objects (part of make test when CI=true)
#   make bench      perft and playout benchmarks
#   make mutation   deliberate bugs, each against the tests that should see
#                   it (tests/mutation/; slow, not part of make test)
#   make web        the engine in WebAssembly and the web board in web/dist/ (web/web.mk)
#
# Layers, each a static library linked only where used (data flows down):
#   rules (librules.a) <- engine (libengine.a) <- protocol (libprotocol.a)
#   bench (libbench.a) drives rules and engine; tests link what they test.
# A call from a lower layer up fails to link, and an include of a header
# from a layer above fails the include check (make check-layers).
#
# Instruction-set levels (LEVELS): on x86-64 every program is compiled once
# per level (-march=x86-64, -v2, -v3, -v4) and arch/dispatch.c runs the best
# copy the CPU runs well: the board in one AVX-512 register (-v4 with
# VBMI2 and VPOPCNTDQ, rules/simd.h), pext/pdep, AVX2 and POPCNT where they are fast
# (not pext on AMD Zen 1/2), any x86-64 CPU still runs it. The sources
# choose their fast paths at compile time (__BMI2__, __AVX2__, ...).
# MORPHOS_ARCH=<level> runs one copy by hand. `make native` (LEVELS=native)
# builds one copy for this machine; elsewhere than x86-64, one copy.
#
# Warnings are errors where they protect: in CI (CI=true) or with
# WERROR=-Werror; a user's newer compiler only warns.

CC      ?= cc
CSTD     = -std=c11
WARN     = -Wall -Wextra $(WERROR)
ifeq ($(CI),true)
WERROR  ?= -Werror
endif
# -g1: line tables, for profilers (callgrind, perf) and backtraces; full
# debug information (-g) for a debugger's variables doubles the compile
# time of the per-size loops (make CFLAGS='-O2 -g').
CFLAGS  ?= -O2 -g1
ifeq ($(shell uname -m),x86_64)
LEVELS  ?= x86-64 x86-64-v2 x86-64-v3 x86-64-v4
else
LEVELS  ?= generic
endif
# AVX-512 stays off so that valgrind (callgrind instruction counts, see
# README) runs the native binary; pext/pdep off where they are microcoded.
# (In the per-level build valgrind runs a copy without it by hand:
# MORPHOS_ARCH=x86-64-v3.)
NATIVE_NOPEXT = $(shell grep -qE '^vendor_id.*(AuthenticAMD|HygonGenuine)' /proc/cpuinfo 2>/dev/null && \
                  grep -qE '^cpu family[[:space:]]*: (21|23|24)$$' /proc/cpuinfo && echo -mno-bmi2)
# x86-64-v4 adds VBMI2 and VPOPCNTDQ (Ice Lake, Zen 4 and later): the
# vector backend's funnel shifts and counts (rules/simd.h).
march = $(if $(filter native,$(1)),-march=native -mno-avx512f $(NATIVE_NOPEXT),$(if $(filter generic,$(1)),,-march=$(1) -mtune=generic $(if $(filter x86-64-v4,$(1)),-mavx512vbmi2 -mavx512vpopcntdq)))
CPPFLAGS += -D_POSIX_C_SOURCE=200809L
DEPFLAGS = -MMD -MP
LDLIBS   = -lpthread -lm
SAN      = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
OBJCOPY ?= objcopy

# Generated sources live in */generated/ (make generated, below).
RULES_SRC    = $(wildcard rules/*.c rules/generated/*.c)
ENGINE_SRC   = $(wildcard engine/*.c engine/generated/*.c)
PROTOCOL_SRC = $(filter-out protocol/main.c,$(wildcard protocol/*.c))
BENCH_SRC    = $(filter-out bench/%_main.c,$(wildcard bench/*.c))

ASN = build/asan
# The first level's libraries: the layer check.
REL = build/$(firstword $(LEVELS))
BENCH_BINS = $(patsubst bench/%_main.c,bench/%,$(wildcard bench/*_main.c))
TESTS      = test_rules test_engine test_guard test_protocol test_bench test_abstractplay test_swap test_ap_games test_solve test_selfplay test_learn
# The suites of the core also run as shipped (build/tests: -O2, a copy per
# level like ./morphos): the code that ships, fast paths included.
REL_TESTS  = test_rules test_engine test_abstractplay test_swap test_ap_games test_learn
TEST_BINS  = $(TESTS:%=$(ASN)/tests/%) $(REL_TESTS:%=build/tests/%)
FUZZ       = gtp sgf aprecord

.PHONY: all native test test-deps check-clang bench clean fuzz check-layers generated check-generated mutation
.DELETE_ON_ERROR:
.SECONDEXPANSION:

all: morphos $(BENCH_BINS)

native:
	@$(MAKE) --no-print-directory LEVELS=native all

# The compiler and flags of the last build: objects are rebuilt when they
# change (make CC=clang after make, make native after make).
STAMP := $(shell mkdir -p build && echo '$(CC) $(CFLAGS) $(WERROR) $(CPPFLAGS) $(LEVELS)' > build/flags.new && \
           (cmp -s build/flags.new build/flags || mv build/flags.new build/flags); rm -f build/flags.new; echo build/flags)

define LEVEL_RULES
build/$(1)/%.o: %.c $(STAMP)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CSTD) $$(WARN) $$(CFLAGS) $(call march,$(1)) $$(CPPFLAGS) $$(DEPFLAGS) -c $$< -o $$@
.PRECIOUS: build/$(1)/%.o
endef
$(foreach l,$(LEVELS),$(eval $(call LEVEL_RULES,$(l))))

# Asserts are on in every build, the shipped one included (no NDEBUG: they
# guard each layer's preconditions at no measurable cost, and the tests of
# the shipped code run them). The sanitizer build adds MORPHOS_CHECKS: the
# asserts of the hottest path (pos_play's, rules/check.h) and the
# invariants of the position after each move (pos_assert_ok). -g1: the
# sanitizers' reports name file and line.
$(ASN)/%.o: %.c $(STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -O1 -g1 $(SAN) -DMORPHOS_CHECKS $(CPPFLAGS) $(DEPFLAGS) -c $< -o $@
.PRECIOUS: $(ASN)/%.o build/fuzz/%.o

# The same checks over the x86-64-v3 fast paths (pext/pdep, AVX2: the
# sources choose them at compile time): the rules suite and the perft
# tables, run where the CPU has them (tests/run.d/asan_v3.sh).
ASN3 = build/asan-v3
$(ASN3)/%.o: %.c $(STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -O1 -g1 $(SAN) -DMORPHOS_CHECKS $(call march,x86-64-v3) $(CPPFLAGS) $(DEPFLAGS) -c $< -o $@
.PRECIOUS: $(ASN3)/%.o
ASN3_BINS = $(if $(filter x86-64-v3,$(LEVELS)),$(ASN3)/tests/test_rules $(ASN3)/bench/perft_suite)
$(ASN3)/tests/test_rules: $(ASN3)/tests/test_rules.o $(ASN3)/librules.a
	$(CC) $(SAN) -o $@ $^ $(LDLIBS) -lcunit
$(ASN3)/bench/perft_suite: $(ASN3)/bench/perft_suite_main.o $(ASN3)/libbench.a $(ASN3)/librules.a
	$(CC) $(SAN) -o $@ $^ $(LDLIBS)

# One library per layer and build.
define LAYER_LIBS
$(1)/librules.a:    $(RULES_SRC:%.c=$(1)/%.o)
$(1)/libengine.a:   $(ENGINE_SRC:%.c=$(1)/%.o)
$(1)/libprotocol.a: $(PROTOCOL_SRC:%.c=$(1)/%.o)
$(1)/libbench.a:    $(BENCH_SRC:%.c=$(1)/%.o)
endef
$(foreach d,$(LEVELS:%=build/%) $(ASN) $(ASN3),$(eval $(call LAYER_LIBS,$(d))))
%.a:
	@rm -f $@
	$(AR) rcs $@ $^

# What each program links: its main, then its layers, top first.
MAIN_morphos       = protocol/main.o
MAIN_bench         = bench/bench_main.o
MAIN_match         = bench/match_main.o
MAIN_perft_suite   = bench/perft_suite_main.o
MAIN_selfplay      = bench/selfplay_main.o
MAIN_learn         = bench/learn_main.o
LIBS_morphos       = protocol engine rules
LIBS_bench         = bench engine rules
LIBS_match         = bench rules
LIBS_perft_suite   = bench rules
LIBS_selfplay      = bench engine rules
LIBS_learn         = bench engine rules
LIBS_test_rules    = rules
LIBS_test_engine   = engine rules
LIBS_test_solve    = engine rules
LIBS_test_guard    = engine rules
LIBS_test_protocol = protocol engine rules
LIBS_test_bench    = bench engine rules
LIBS_test_selfplay = bench engine rules
LIBS_test_abstractplay = bench rules
LIBS_test_swap     = rules
LIBS_test_ap_games = rules
LIBS_test_learn    = bench engine rules
LIBS_replay_gtp    = protocol engine rules
LIBS_replay_sgf    = protocol engine rules
LIBS_replay_aprecord = protocol engine rules
libs = $(foreach l,$(LIBS_$(1)),$(2)/lib$(l).a)
main = $(if $(MAIN_$(1)),$(MAIN_$(1)),tests/$(1).o)

# A copy of a program for one level: its main and libraries as one object
# whose only global symbol is main_<level>, so that copies do not clash.
# One level: the program itself.
define COPY
build/$(1)/copy_%.o: build/$(1)/$$$$(call main,$$$$*) $$$$(call libs,$$$$*,build/$(1))
	$$(CC) -r -nostdlib -o $$@.r $$^
	$$(OBJCOPY) --redefine-sym main=main_$(subst -,_,$(1)) $$@.r
	$$(OBJCOPY) -G main_$(subst -,_,$(1)) $$@.r $$@
	@rm -f $$@.r
.PRECIOUS: build/$(1)/copy_%.o
endef
$(foreach l,$(LEVELS),$(eval $(call COPY,$(l))))
ifeq ($(words $(LEVELS)),1)
copies = build/$(LEVELS)/$(call main,$(1)) $(call libs,$(1),build/$(LEVELS))
else
copies = build/dispatch.o $(foreach l,$(LEVELS),build/$(l)/copy_$(1).o)
endif
build/dispatch.o: arch/dispatch.c $(STAMP)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(CPPFLAGS) -c $< -o $@

morphos: $(call copies,morphos)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

bench/%: $$(call copies,$$*)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

build/tests/%: $$(call copies,$$*)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS) -lcunit

# Sanitized engine for the protocol tests.
$(ASN)/morphos: $(ASN)/protocol/main.o $(call libs,morphos,$(ASN))
	$(CC) $(SAN) -o $@ $^ $(LDLIBS)

$(ASN)/tests/%: $(ASN)/tests/%.o $$(call libs,$$*,$(ASN))
	$(CC) $(SAN) -o $@ $^ $(LDLIBS) -lcunit

# The fuzz targets with a main that replays their seeds (every GTP script,
# every SGF record) under the sanitizers: part of make test.
$(ASN)/tests/replay_%: $(ASN)/tests/fuzz/fuzz_%.o $(ASN)/tests/fuzz/replay.o $$(call libs,replay_$$*,$(ASN))
	$(CC) $(SAN) -o $@ $^ $(LDLIBS)

# Each library linked whole with only the layers below it: an undefined
# symbol is a call up. Also part of make test (tests/run.d/layers.sh).
check-layers: $(foreach l,rules engine protocol bench,$(REL)/lib$(l).a)
	@CC="$(CC)" REL=$(REL) sh tests/run.d/layers.sh

# The generated sources (rules/generated/, engine/generated/) from their
# inputs, and the check that the committed ones are fresh (in make test).
generated: bench/learn
	@sh tools/generated.sh --write
check-generated: bench/learn
	@sh tools/generated.sh --check

test-deps:
	@sh tests/deps.sh

# clang's front end over every source of the programs and the tests, at
# each level (make check-clang; make test in CI, where gcc builds): its
# warnings, errors where WERROR says, and the errors of its code generation
# (an intrinsic outside the level's instruction set), with no optimisation
# and no object (-disable-llvm-passes, the IR thrown away). clang's
# warnings come from its front end, the same at every -O: this checks what
# a whole clang build of every level (make CC=clang all) checked, and the
# tests' sources beside, for a tenth of its CPU time.
CLANG    ?= clang
CLANG_SRC = $(RULES_SRC) $(ENGINE_SRC) $(PROTOCOL_SRC) $(BENCH_SRC) protocol/main.c arch/dispatch.c \
            $(wildcard bench/*_main.c tests/*.c tests/fuzz/*.c)
CL = build/clang
define CLANG_RULES
$(CL)/$(1)/%.ok: %.c $(STAMP)
	@mkdir -p $$(dir $$@)
	$$(CLANG) $$(CSTD) $$(WARN) $$(CFLAGS) $(call march,$(1)) $$(CPPFLAGS) -MMD -MP -MF $$(@:.ok=.d) -MT $$@ \
	  -S -emit-llvm -Xclang -disable-llvm-passes -o /dev/null $$<
	@touch $$@
endef
$(foreach l,$(LEVELS),$(eval $(call CLANG_RULES,$(l))))
check-clang: $(foreach l,$(LEVELS),$(CLANG_SRC:%.c=$(CL)/$(l)/%.ok))

# make test: every build the tests need in one make (with -j, gcc and
# clang's check share the cores: no build waits for another to end), then
# tests/run.sh (the web board is built by its runner, tests/run.d/web.sh,
# beside the other tests). What needs CUnit's headers waits for test-deps;
# the rest builds while it installs them.
TEST_BUILD = all $(ASN)/morphos $(TEST_BINS) $(FUZZ:%=$(ASN)/tests/replay_%) $(REL)/librules.a \
             $(REL)/libbench.a $(ASN3_BINS) $(if $(filter true,$(CI)),check-clang)
test: test-deps $(TEST_BUILD)
	@REL=$(REL) LEVELS="$(LEVELS)" sh tests/run.sh $(TEST_BINS)
ifneq ($(filter test,$(MAKECMDGOALS)),)
$(TESTS:%=$(ASN)/tests/%.o) $(foreach l,$(LEVELS),$(REL_TESTS:%=build/$(l)/tests/%.o)) $(ASN3)/tests/test_rules.o \
  $(foreach l,$(LEVELS),$(patsubst %.c,$(CL)/$(l)/%.ok,$(wildcard tests/*.c))): | test-deps
endif

# Each bug of tests/mutation/mutations.txt in a scratch copy of the tree
# (build/mutation/src), its tests built and run there: all must be killed.
mutation:
	python3 tests/mutation/run.py

bench: all
	./bench/perft_suite tests/data/perft-public.tsv
	./bench/perft_suite tests/data/morpharaoh/perft.tsv
	./bench/perft_suite tests/data/abstractplay/perft.tsv
	./bench/bench

# libFuzzer builds: clang, objects of their own.
FUZZ_CC  ?= clang
FZ        = build/fuzz
FUZZ_SAN  = -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
$(FZ)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CSTD) -g -O1 $(FUZZ_SAN) -DMORPHOS_CHECKS $(CPPFLAGS) $(DEPFLAGS) -c $< -o $@
$(FZ)/fuzz_%: $(FZ)/tests/fuzz/fuzz_%.o $(patsubst %.c,$(FZ)/%.o,$(RULES_SRC) $(ENGINE_SRC) $(PROTOCOL_SRC))
	$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $@ $^ $(LDLIBS)

fuzz: $(FUZZ:%=$(FZ)/fuzz_%)
	FUZZ_SECONDS=$${FUZZ_SECONDS:-120} sh tests/fuzz/run.sh

clean:
	rm -rf build morphos $(BENCH_BINS)

# (not build/mutation/: make mutation's scratch copy of the tree, with its own build)
-include $(filter-out build/mutation/%,$(wildcard build/*/*/*.d build/*/*/*/*.d))
include web/web.mk
