# morphos - build, test, bench.
#   make          the engine ./morphos and the bench tools (-O2, warnings are errors)
#   make test     every test under AddressSanitizer + UndefinedBehaviorSanitizer
#   make bench    perft and playout benchmarks

CC      ?= cc
CSTD     = -std=c11
WARN     = -Wall -Wextra -Werror
CFLAGS  ?= -O2 -g
# Tuned for the build machine. AVX-512 stays off so that valgrind (callgrind
# instruction counts, see README) runs the same binary; ARCH= for generic.
ifeq ($(shell uname -m),x86_64)
ARCH    ?= -march=native -mno-avx512f
else
ARCH    ?= -mcpu=native
endif
CPPFLAGS += -D_POSIX_C_SOURCE=200809L
LDLIBS   = -lpthread -lm
SAN      = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

CORE_SRC  = $(wildcard rules/*.c) $(wildcard engine/*.c) $(filter-out protocol/main.c,$(wildcard protocol/*.c))
MAIN_SRC  = protocol/main.c
BENCH_SRC = $(filter-out bench/%_main.c,$(wildcard bench/*.c))
TEST_SRC  = $(wildcard tests/test_*.c)
HDRS      = $(wildcard rules/*.h engine/*.h protocol/*.h bench/*.h tests/*.h)

REL = build/rel
ASN = build/asan
CORE_OBJ  = $(CORE_SRC:%.c=$(REL)/%.o)
CORE_AOBJ = $(CORE_SRC:%.c=$(ASN)/%.o)
BENCH_BINS = $(patsubst bench/%_main.c,bench/%,$(wildcard bench/*_main.c))
TEST_BINS  = $(TEST_SRC:tests/%.c=$(ASN)/tests/%)

.PHONY: all test test-deps bench clean fuzz
.SECONDARY:

all: morphos $(BENCH_BINS)

$(REL)/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(ARCH) $(CPPFLAGS) -c $< -o $@

$(ASN)/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -O1 -g $(SAN) $(CPPFLAGS) -c $< -o $@

morphos: $(REL)/$(MAIN_SRC:.c=.o) $(CORE_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

bench/%: $(REL)/bench/%_main.o $(BENCH_SRC:%.c=$(REL)/%.o) $(CORE_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

# Sanitized engine for the protocol tests.
$(ASN)/morphos: $(ASN)/$(MAIN_SRC:.c=.o) $(CORE_AOBJ)
	$(CC) $(SAN) -o $@ $^ $(LDLIBS)

$(ASN)/tests/%: $(ASN)/tests/%.o $(BENCH_SRC:%.c=$(ASN)/%.o) $(CORE_AOBJ)
	$(CC) $(SAN) -o $@ $^ $(LDLIBS) -lcunit

test-deps:
	@sh tests/deps.sh

test: test-deps all $(ASN)/morphos
	@$(MAKE) --no-print-directory $(TEST_BINS)
	@sh tests/run.sh $(TEST_BINS)

bench: all
	./bench/perft_suite tests/data/perft-public.tsv
	./bench/perft_suite tests/data/morpharaoh/perft.tsv
	./bench/perft_suite tests/data/abstractplay/perft.tsv
	./bench/bench

fuzz:
	FUZZ_SECONDS=$${FUZZ_SECONDS:-120} sh tests/run.d/fuzz.sh

clean:
	rm -rf build morphos $(BENCH_BINS)
