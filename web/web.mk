# web.mk - `make web`: the engine in WebAssembly and the web board, as
# static files in web/dist/ (included by the Makefile; see docs/web.md).
#   make web          build web/dist/ (needs emcc and LLVM 19: Debian packages
#                     emscripten clang-19 lld-19 llvm-19)
#   make web-bench    playouts/s in headless Chromium against ./morphos
#
# The same C sources as ./morphos (rules, engine, protocol but main.c),
# with web/wasm_main.c as the entry point, built twice: morphos.js/.wasm
# single-threaded (any page) and morphos-mt.js/.wasm with pthreads (a
# cross-origin isolated page: shared memory; worker.js picks). The pool of
# pthread workers is made at load (a worker blocked in a search cannot
# start one); past it pthread_create fails and the search runs with the
# threads it has (mcts.c). Debian's emcc finds its JS tools through
# NODE_PATH when node is not Debian's own.

EMCC      ?= emcc
# The compiler: Debian's emcc (3.1.6: its libc, JavaScript glue and
# Binaryen) driven with LLVM 19's clang and wasm-ld (Debian 12's clang-19,
# lld-19, llvm-19) instead of the LLVM 14 it comes with: in the page the
# searches run 1.02-1.06x as fast per CPU second (medians by board:
# 19x19 least, Morpharaoh 160 most; docs/results.md). LLVM 19 emits
# sign-extension operators (Chrome 74, Firefox 62, Safari 14.1); its other
# new defaults, reference types and multiple values, are turned off in
# WEB_OPT (the code is the same without them). WEB_LLVM=14 builds with
# emcc's own LLVM.
WEB_LLVM  ?= 19
WEB_EMCC   = EM_LLVM_ADD_VERSION=$(WEB_LLVM) EM_CLANG_ADD_VERSION=$(WEB_LLVM) $(EMCC) -Wno-version-check
WEB_NEED_LLVM = @for t in clang-$(WEB_LLVM) wasm-ld-$(WEB_LLVM) llvm-ar-$(WEB_LLVM) llvm-profdata-$(WEB_LLVM); do \
	command -v $$t >/dev/null || { echo "make web: $$t not found: the web build compiles with LLVM $(WEB_LLVM) (Debian: apt-get install clang-$(WEB_LLVM) lld-$(WEB_LLVM) llvm-$(WEB_LLVM))" >&2; exit 1; }; done
WEB_DIST   = web/dist
WEB_BUILD  = build/web
# -msimd128: WebAssembly SIMD (Chrome 91, Firefox 89, Safari 16.4 and
# later), two board words per vector in the rules core (targets.h); -flto:
# the engine's per-ply calls into the rules core inlined across files.
# Both measured in docs/web.md ("Speed"). -mbulk-memory (Chrome 75,
# Firefox 79, Safari 15): memcpy and memset that stay calls are
# memory.copy and memory.fill, which V8 runs as its own memmove (a
# Position or a learned policy's codes copied each simulation: 830 bytes
# 121 -> 41 ns in node) instead of a loop in WebAssembly or a call out
# to JavaScript (emscripten's memcpy of 512 bytes and more). The single-
# threaded build has no thread-local storage for it (rules/ruleset.c).
# -Wl,--lto-O3: the link-time optimisation at O3 (emcc 3.1.6 passes wasm-ld
# no level, which then runs its default, O2): in the page 1.00-1.07x as
# fast per CPU second, three pairs of runs (docs/results.md).
WEB_OPT    = -O3 -flto -msimd128 -mbulk-memory -mno-reference-types -mno-multivalue -Wl,--lto-O3
# Profile-guided optimisation: clang lays out and inlines the code by the
# branch and call counts of real searches (web/pgo/morphos.proftext, made
# by `make web-profile` below): every board's searches 1.05-1.12x as fast
# in node (docs/results.md). A function changed since the profile was
# made is compiled as without it (clang warns "profile data may be out of
# date"; `make web-profile` makes it again).
WEB_PROFILE = $(WEB_BUILD)/morphos.profdata
WEB_PGO    = -fprofile-instr-use=$(WEB_PROFILE) -Wno-error=profile-instr-out-of-date
LLVM_PROFDATA ?= llvm-profdata-$(WEB_LLVM)
WEB_CFLAGS = -std=c11 -Wall -Wextra $(WERROR) $(WEB_OPT) $(WEB_PGO) -D_POSIX_C_SOURCE=200809L
WEB_LDFLAGS = $(WEB_OPT) -sENVIRONMENT=worker -sMODULARIZE=1 -sEXPORT_NAME=createMorphos \
	-sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2GB -sFORCE_FILESYSTEM=1 \
	-sEXPORTED_FUNCTIONS=_main,_web_exec,_web_init \
	-sEXPORTED_RUNTIME_METHODS=ccall,lengthBytesUTF8,FS
# The single-threaded build yields to the worker's event loop during a
# search (web_yield in wasm_main.c, Asyncify), so that Stop reaches it
# without shared memory. Asyncify instruments every function that may be
# on the stack when the engine yields, by default every one that makes an
# indirect call: the functions of a simulation, which never poll, cost
# 12-18% of a search so (node, 15,000 playouts); WEB_NO_YIELD lists them,
# by their names after link-time inlining, with Asyncify's `*` wildcard
# (a function listed that reaches the poll would trap at a Stop; the rules
# core's pos_* and playout_* never poll). A name listed that the module
# lacks (a static function inlined into all its callers) makes Binaryen
# warn, so a static helper of the simulation that makes indirect calls is
# named under a listed prefix (playout_policy_move) rather than listed:
# inlined or not, the list covers it. `-sASYNCIFY_ADVISE` prints the
# functions instrumented. The stack set aside holds the solver's
# recursion: 1 MiB.
WEB_NO_YIELD = simulate*,feat_*,priors_assign,playout_*,pos_*,\
	tree_complete_random,qsort,sift,trinkle,mover_wins_by
WEB_ST_FLAGS = -DWEB_YIELD -sASYNCIFY -sASYNCIFY_IMPORTS=web_yield -sASYNCIFY_STACK_SIZE=1048576 \
	'-sASYNCIFY_REMOVE=$(subst $(eval) ,,$(WEB_NO_YIELD))'
WEB_MT_FLAGS = -pthread -sPTHREAD_POOL_SIZE=1 -sPTHREAD_POOL_SIZE_STRICT=2 -Wno-pthreads-mem-growth \
	-sEXPORT_NAME=createMorphosMt
WEB_CSRC   = $(wildcard rules/*.c rules/generated/*.c engine/*.c engine/generated/*.c) $(filter-out protocol/main.c,$(wildcard protocol/*.c)) web/wasm_main.c
WEB_STATIC = $(wildcard web/src/*) docs/rules.md
WEB_ENV    = NODE_PATH=$${NODE_PATH:-/usr/share/nodejs}

.PHONY: web web-bench web-profile

web: $(WEB_DIST)/index.html

# One emcc run for all the sources: emcc's own start-up costs about a
# second per call, more than compiling most files (CI builds this once).
$(WEB_BUILD)/morphos.js: $(WEB_CSRC) $(wildcard rules/*.h engine/*.h protocol/*.h) web/web.mk $(WEB_PROFILE)
	$(WEB_NEED_LLVM)
	@mkdir -p $(WEB_BUILD)
	$(WEB_ENV) $(WEB_EMCC) $(WEB_CFLAGS) $(WEB_LDFLAGS) $(WEB_ST_FLAGS) $(WEB_CSRC) -o $@

$(WEB_BUILD)/morphos-mt.js: $(WEB_CSRC) $(wildcard rules/*.h engine/*.h protocol/*.h) web/web.mk $(WEB_PROFILE)
	$(WEB_NEED_LLVM)
	@mkdir -p $(WEB_BUILD)
	$(WEB_ENV) $(WEB_EMCC) $(WEB_CFLAGS) $(WEB_LDFLAGS) $(WEB_MT_FLAGS) $(WEB_CSRC) -o $@

$(WEB_DIST)/index.html: $(WEB_BUILD)/morphos.js $(WEB_BUILD)/morphos-mt.js $(WEB_STATIC)
	@mkdir -p $(WEB_DIST)
	cp $(WEB_BUILD)/morphos.js $(WEB_BUILD)/morphos.wasm $(WEB_BUILD)/morphos-mt.js $(WEB_BUILD)/morphos-mt.wasm \
	  $(WEB_BUILD)/morphos-mt.worker.js $(WEB_STATIC) $(WEB_DIST)/
	@touch $@

# The profile's text form is kept in the repository (llvm-profdata of the
# same LLVM as the compile).
$(WEB_PROFILE): web/pgo/morphos.proftext web/web.mk
	$(WEB_NEED_LLVM)
	@mkdir -p $(WEB_BUILD)
	$(LLVM_PROFDATA) merge -o $@ $<

# make web-profile: the profile made again from the searches of
# web/pgo/train.gtp (fixed seeds: the same profile from the same sources),
# run by a native build of the same sources instrumented by the clang that
# compiles the web build (clang-19: the same profile format and function
# hashes; its profile runtime is Debian's libclang-rt-19-dev).
# It is compiled as the WebAssembly build sees the sources (__wasm__ and
# __wasm_simd128__ defined: the pair code of rules/targets.h, which is
# plain C vectors; no BMI2 or AVX-512, whose paths the web build lacks)
# and with web/pgo/include's assert and isdigit in the WebAssembly libc's
# form, so that its functions' hashes are the web build's.
WEB_PGO_CC ?= clang-$(WEB_LLVM)
web-profile:
	$(WEB_NEED_LLVM)
	@mkdir -p $(WEB_BUILD)
	$(WEB_PGO_CC) -std=c11 -O2 -D__wasm__ -D__wasm_simd128__ -D_POSIX_C_SOURCE=200809L -Iweb/pgo/include \
	  -fprofile-instr-generate $(filter-out web/wasm_main.c,$(WEB_CSRC)) protocol/main.c -o $(WEB_BUILD)/pgo-train -lm -lpthread || \
	  { echo "make web-profile: $(WEB_PGO_CC) could not build the instrumented program (its profile runtime: Debian's libclang-rt-$(WEB_LLVM)-dev)" >&2; exit 1; }
	rm -f $(WEB_BUILD)/pgo-train.profraw
	LLVM_PROFILE_FILE=$(WEB_BUILD)/pgo-train.profraw $(WEB_BUILD)/pgo-train < web/pgo/train.gtp > /dev/null
	$(LLVM_PROFDATA) merge --text -o web/pgo/morphos.proftext $(WEB_BUILD)/pgo-train.profraw

web-bench: web morphos
	cd web && npm ci --silent --no-audit --no-fund
	node web/tests/bench.mjs
