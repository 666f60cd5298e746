# morphos - build, test, bench.
#   make            the engine ./morphos and the bench tools (-O2)
#   make test       every test: the CUnit suites under AddressSanitizer +
#                   UndefinedBehaviorSanitizer and again with the release
#                   flags, the GTP scripts, the bench tools, the fuzz seeds
#   make fuzz       libFuzzer on the GTP parser and the SGF reader (clang;
#                   FUZZ_SECONDS each, default 120)
#   make check-layers   each library links with only the layers below it
#   make bench      perft and playout benchmarks
#
# Layers, each a static library linked only where used (data flows down):
#   rules (librules.a) <- engine (libengine.a) <- protocol (libprotocol.a)
#   bench (libbench.a) drives rules and engine; tests link what they test.
# A call from a lower layer up fails to link (make check-layers).
#
# Warnings are errors where they protect: in CI (CI=true) or with
# WERROR=-Werror; a user's newer compiler only warns.

CC      ?= cc
CSTD     = -std=c11
WARN     = -Wall -Wextra $(WERROR)
ifeq ($(CI),true)
WERROR  ?= -Werror
endif
CFLAGS  ?= -O2 -g
# Tuned for the build machine. AVX-512 stays off so that valgrind (callgrind
# instruction counts, see README) runs the same binary; ARCH= for generic.
ifeq ($(shell uname -m),x86_64)
ARCH    ?= -march=native -mno-avx512f
else
ARCH    ?= -mcpu=native
endif
CPPFLAGS += -D_POSIX_C_SOURCE=200809L
DEPFLAGS = -MMD -MP
LDLIBS   = -lpthread -lm
SAN      = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

RULES_SRC    = $(wildcard rules/*.c)
ENGINE_SRC   = $(wildcard engine/*.c)
PROTOCOL_SRC = $(filter-out protocol/main.c,$(wildcard protocol/*.c))
BENCH_SRC    = $(filter-out bench/%_main.c,$(wildcard bench/*.c))

REL = build/rel
ASN = build/asan
BENCH_BINS = $(patsubst bench/%_main.c,bench/%,$(wildcard bench/*_main.c))
TESTS      = test_rules test_engine test_protocol test_bench
# The suites of the core also run on the release objects (-O2, $(ARCH)):
# the code that ships, fast paths included.
REL_TESTS  = test_rules test_engine
TEST_BINS  = $(TESTS:%=$(ASN)/tests/%) $(REL_TESTS:%=$(REL)/tests/%)
FUZZ       = gtp sgf

.PHONY: all test test-deps bench clean fuzz check-layers
.PRECIOUS: $(REL)/%.o $(ASN)/%.o build/fuzz/%.o
.DELETE_ON_ERROR:
.SECONDEXPANSION:

all: morphos $(BENCH_BINS)

$(REL)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(ARCH) $(CPPFLAGS) $(DEPFLAGS) -c $< -o $@

$(ASN)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -O1 -g $(SAN) $(CPPFLAGS) $(DEPFLAGS) -c $< -o $@

# One library per layer and build.
define LAYER_LIBS
$(1)/librules.a:    $(RULES_SRC:%.c=$(1)/%.o)
$(1)/libengine.a:   $(ENGINE_SRC:%.c=$(1)/%.o)
$(1)/libprotocol.a: $(PROTOCOL_SRC:%.c=$(1)/%.o)
$(1)/libbench.a:    $(BENCH_SRC:%.c=$(1)/%.o)
endef
$(foreach d,$(REL) $(ASN),$(eval $(call LAYER_LIBS,$(d))))
%.a:
	@rm -f $@
	$(AR) rcs $@ $^

# What each program links, top layer first.
LIBS_morphos       = protocol engine rules
LIBS_bench         = bench engine rules
LIBS_match         = bench rules
LIBS_perft_suite   = bench rules
LIBS_test_rules    = rules
LIBS_test_engine   = engine rules
LIBS_test_protocol = protocol engine rules
LIBS_test_bench    = bench engine rules
libs = $(foreach l,$(LIBS_$(1)),$(2)/lib$(l).a)

morphos: $(REL)/protocol/main.o $(call libs,morphos,$(REL))
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

bench/%: $(REL)/bench/%_main.o $$(call libs,$$*,$(REL))
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

# Sanitized engine for the protocol tests.
$(ASN)/morphos: $(ASN)/protocol/main.o $(call libs,morphos,$(ASN))
	$(CC) $(SAN) -o $@ $^ $(LDLIBS)

$(ASN)/tests/%: $(ASN)/tests/%.o $$(call libs,$$*,$(ASN))
	$(CC) $(SAN) -o $@ $^ $(LDLIBS) -lcunit

$(REL)/tests/%: $(REL)/tests/%.o $$(call libs,$$*,$(REL))
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS) -lcunit

# The fuzz targets with a main that replays their seeds (every GTP script,
# every SGF record) under the sanitizers: part of make test.
$(ASN)/tests/replay_%: $(ASN)/tests/fuzz/fuzz_%.o $(ASN)/tests/fuzz/replay.o $(call libs,morphos,$(ASN))
	$(CC) $(SAN) -o $@ $^ $(LDLIBS)

# Each library linked whole with only the layers below it: an undefined
# symbol is a call up. Also part of make test (tests/run.d/layers.sh).
check-layers: $(foreach l,rules engine protocol bench,$(REL)/lib$(l).a)
	@CC="$(CC)" sh tests/run.d/layers.sh

test-deps:
	@sh tests/deps.sh

test: test-deps all $(ASN)/morphos
	@$(MAKE) --no-print-directory $(TEST_BINS) $(FUZZ:%=$(ASN)/tests/replay_%)
	@sh tests/run.sh $(TEST_BINS)

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
	$(FUZZ_CC) $(CSTD) -g -O1 $(FUZZ_SAN) $(CPPFLAGS) $(DEPFLAGS) -c $< -o $@
$(FZ)/fuzz_%: $(FZ)/tests/fuzz/fuzz_%.o $(patsubst %.c,$(FZ)/%.o,$(RULES_SRC) $(ENGINE_SRC) $(PROTOCOL_SRC))
	$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $@ $^ $(LDLIBS)

fuzz: $(FUZZ:%=$(FZ)/fuzz_%)
	FUZZ_SECONDS=$${FUZZ_SECONDS:-120} sh tests/fuzz/run.sh

clean:
	rm -rf build morphos $(BENCH_BINS)

-include $(wildcard build/*/*/*.d build/*/*/*/*.d)
