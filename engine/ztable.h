/* ztable.h - zero-filled tables straight from the kernel, for the
 * solvers' transposition tables. A table costs only the pages its search
 * touches: calloc of a block it has had and freed before hands back heap
 * memory it must clear in full, which cost the root solver 48 ms of
 * page faults and memset for a 16 MiB table on a 1 ms move. */
#ifndef MORPHOS_ENGINE_ZTABLE_H
#define MORPHOS_ENGINE_ZTABLE_H

#include <stddef.h>

typedef struct ZTable {
    void *at;   /* the table: zeroed, 2 MiB aligned, NULL when none */
    void *map;  /* the mapping behind it */
    size_t len;
} ZTable;

/* Maps a zeroed table of `bytes`; returns z->at (NULL on failure). Huge
 * pages only when asked (long budgets): a fault on one may compact memory
 * first, which stalled a fresh process's `solve 0.05` for 1.5 s. */
void *ztable_alloc(ZTable *z, size_t bytes, int hugepages);
void ztable_free(ZTable *z);
/* Asks for huge pages on a table mapped without them (from now on: a
 * search that has grown large enough to gain from them). */
void ztable_hugepages(ZTable *z);

#endif
