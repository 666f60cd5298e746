/* learned.c - finding a rule family's learned weights and reading them. */
#include "learned.h"

#include <assert.h>
#include <string.h>

void learned_family(const Board *b, char *buf, size_t len)
{
    Ruleset r = b->rules;
    r.pie = 1; /* the pie changes one turn, not what a good move looks like */
    ruleset_format(&r, buf, len);
}

const LearnedSet *learned_find(const char *family)
{
    for (int i = 0; i < learned_nsets; i++)
        if (!strcmp(learned_sets[i].family, family)) return &learned_sets[i];
    return NULL;
}

const LearnedSet *learned_for(const Board *b)
{
    if (!b->single_steps) return NULL;
    char fam[128];
    learned_family(b, fam, sizeof fam);
    return learned_find(fam);
}

float learned_pattern(const LearnedSet *w, uint32_t key)
{
    uint32_t lo = 0, hi = w->npat;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (w->key[mid] < key) lo = mid + 1;
        else hi = mid;
    }
    if (lo < w->npat && w->key[lo] == key) return w->lg[lo];
    return w->other;
}
