/* ztable.c - see ztable.h. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, madvise */
#include "ztable.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

void *ztable_alloc(ZTable *z, size_t bytes, int hugepages)
{
    const size_t huge = (size_t)2 << 20;
    memset(z, 0, sizeof *z);
    size_t len = bytes + huge;
    void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return NULL;
    uintptr_t at = ((uintptr_t)m + huge - 1) & ~(uintptr_t)(huge - 1);
#ifdef MADV_HUGEPAGE
    if (hugepages) (void)madvise((void *)at, bytes, MADV_HUGEPAGE);
#else
    (void)hugepages;
#endif
    z->map = m;
    z->len = len;
    z->at = (void *)at;
    return z->at;
}

void ztable_hugepages(ZTable *z)
{
#ifdef MADV_HUGEPAGE
    if (z->at) (void)madvise(z->at, z->len - ((uintptr_t)z->at - (uintptr_t)z->map), MADV_HUGEPAGE);
#else
    (void)z;
#endif
}

void ztable_free(ZTable *z)
{
    if (z->map) munmap(z->map, z->len);
    memset(z, 0, sizeof *z);
}
