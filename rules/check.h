/* check.h - asserts for the hottest paths (pos_play, played by every
 * playout step): active only in builds with MORPHOS_CHECKS (the sanitizer
 * build of make test), where an assert there costs nothing that matters.
 * Everywhere else the plain assert of <assert.h>, on in every build. */
#ifndef MORPHOS_CHECK_H
#define MORPHOS_CHECK_H

#include <assert.h>

#ifdef MORPHOS_CHECKS
#define hot_assert(x) assert(x)
#else
#define hot_assert(x) ((void)0)
#endif

#endif
