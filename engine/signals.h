/* signals.h - the one way the programs' mains (the command line, the
 * bench tools) set a signal's disposition. The engine itself sets none: a
 * handler belongs to the program that owns the process. */
#ifndef MORPHOS_ENGINE_SIGNALS_H
#define MORPHOS_ENGINE_SIGNALS_H

#include <signal.h>
#include <string.h>

/* sig handled by `handler` (or SIG_IGN, SIG_DFL), no flags, no mask:
 * sigaction's portable semantics, not signal()'s. */
static inline void signal_set(int sig, void (*handler)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigaction(sig, &sa, NULL);
}

#endif
