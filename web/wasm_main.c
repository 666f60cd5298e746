/* wasm_main.c - the engine's entry point in WebAssembly (make web): the
 * same rules core, engine and GTP loop as ./morphos, driven one line at a
 * time by the Web Worker (web/src/worker.js) instead of stdin.
 *
 * A worker cannot read a pipe, so the loop is turned inside out: the
 * worker hands each command line to web_exec() and posts the answer to the
 * page. analyze runs as slices (see worker.js): without a live input,
 * gtp_execute's analyze reports once and returns, and the search tree is
 * kept between slices of the same position, so the worker can look at its
 * message queue between slices and stop at the next command, as native
 * analyze does.
 *
 * Stop and move now (worker.js, web/src/gtp.js): the engine polls
 * web_interrupted() during a search (gtp_set_interrupt), which asks the
 * worker; in a cross-origin isolated page the worker reads a flag in
 * memory shared with the page, so a search ends within about 10 ms of a
 * click although the worker's event loop is blocked. */
#include <emscripten.h>

#include "../protocol/gtp.h"

static Gtp *gtp;
static StrBuf reply;

/* The worker's interrupted(): nonzero ends the running search; -1 (the
 * single-threaded build) asks for a yield first. */
EM_JS(int, web_interrupted, (void), {
    return Module["webInterrupted"] ? Module["webInterrupted"]() : 0;
});

#ifdef WEB_YIELD
/* The single-threaded build (Asyncify, web/web.mk): the search's stack is
 * set aside while the worker's event loop runs once, so that a Stop or a
 * command posted by the page reaches the worker during a search without
 * shared memory. */
EM_ASYNC_JS(void, web_yield, (void), {
    await Module["webYield"]();
});
#endif

static int poll_worker(void *ctx)
{
    (void)ctx;
    int mode = web_interrupted();
#ifdef WEB_YIELD
    if (mode < 0) {
        web_yield();
        mode = web_interrupted();
    }
#endif
    return mode < 0 ? 0 : mode;
}

/* 0 on success; -1 when out of memory. */
EMSCRIPTEN_KEEPALIVE int web_init(void)
{
    if (gtp) return 0;
    gtp = gtp_create(engine_create());
    sb_init(&reply);
    if (!gtp) return -1;
    gtp_set_interrupt(gtp, poll_worker, NULL);
    return 0;
}

/* Run one command line; the answer text (ending in the empty line, or ""
 * for empty and comment lines) stays valid until the next call. */
EMSCRIPTEN_KEEPALIVE const char *web_exec(const char *line, int len)
{
    sb_clear(&reply);
    if (!gtp && web_init() < 0) return "? out of memory\n\n";
    gtp_execute(gtp, line, (size_t)len, &reply);
    return sb_str(&reply);
}

int main(void) { return web_init() < 0; }
