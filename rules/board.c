/* board.c - geometry and read-only tables of a board. */
#include <assert.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "cairo.h"
#include "rng.h"

typedef struct { int dx, dy; } Off;

/* Cells that must hold enemy stones, (dx, dy) from the centre, dy up. */
static const Off P1[] = { {0, 1}, {-1, 1}, {-1, 0}, {0, -1} };
static const Off P2[] = { {-1, 2}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1} };
static const Off P1a[] = { {0, 1}, {-1, 0}, {0, -1} };
static const Off P2a[] = { {-1, 1}, {-1, 0}, {0, -1}, {1, -1} };
/* The eight cells orthogonally around the 2x2 block {(0,0),(1,0),(0,1),(1,1)}. */
static const Off P3[] = { {-1, 0}, {-1, 1}, {0, 2}, {1, 2}, {2, 1}, {2, 0}, {1, -1}, {0, -1} };

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void init_zobrist(Board *b)
{
    uint64_t s = 0x6d6f7270686f73ull; /* fixed: hashes are reproducible */
    for (int c = 0; c < 2; c++)
        for (int p = 0; p < MAX_POINTS; p++) b->zob[c][p] = splitmix(&s);
    for (int p = 0; p < MAX_POINTS; p++) b->zob_flip[p] = splitmix(&s);
    b->zob_side = splitmix(&s);
    b->zob_owe = splitmix(&s);
    b->zob_pass = splitmix(&s);
    b->zob_ply[0] = splitmix(&s);
    b->zob_ply[1] = splitmix(&s);
    /* Drawn last, so that the keys above stay those of the books. A swap
     * changes the game only where the tie-break names a seat; elsewhere
     * swapped and unswapped positions with the same stones are the same
     * and hash the same. */
    const uint64_t swapped = splitmix(&s);
    b->zob_swapped = b->rules.tiebreak ? swapped : 0;
}

static int cmp_off(const void *a, const void *b)
{
    const Off *x = a, *y = b;
    return x->dy != y->dy ? x->dy - y->dy : x->dx - y->dx;
}

#define MAX_ORI 24

/* The distinct orientations of the rule set's patterns, sorted cell lists. */
static int orientations(const Ruleset *r, Off out[MAX_ORI][MAX_PCELLS], int nout[MAX_ORI])
{
    const Off *pats[3] = { r->a ? P1a : P1, r->a ? P2a : P2, P3 };
    int npc[3] = { r->a ? 3 : 4, r->a ? 4 : 5, 8 };
    int n = 0;
    for (int pi = 0; pi < 2 + !!r->p3; pi++)
        for (int t = 0; t < 8; t++) {
            Off o[MAX_PCELLS];
            for (int k = 0; k < npc[pi]; k++) {
                int dx = pats[pi][k].dx, dy = pats[pi][k].dy;
                if (t & 4) { int tmp = dx; dx = dy; dy = tmp; }
                if (t & 1) dx = -dx;
                if (t & 2) dy = -dy;
                o[k] = (Off){ dx, dy };
            }
            qsort(o, (size_t)npc[pi], sizeof o[0], cmp_off);
            int dup = 0;
            for (int j = 0; j < n && !dup; j++)
                dup = nout[j] == npc[pi] && !memcmp(out[j], o, sizeof(Off) * (size_t)npc[pi]);
            if (dup) continue;
            memcpy(out[n], o, sizeof o);
            nout[n++] = npc[pi];
        }
    return n;
}

static void add_reach(Board *b, int cell_bit, int centre)
{
    int p = b->point_of[cell_bit];
    if (p < 0) return;
    for (int i = 0; i < b->nreach[p]; i++)
        if (b->reach[p][i] == centre) return;
    b->reach[p][b->nreach[p]++] = (int16_t)centre;
}

static void build_square(Board *b, int n)
{
    const Ruleset *r = &b->rules;
    int S = n + 2;
    b->size = n;
    b->npoints = n * n;
    b->stride = S;
    b->words = (S * S + 63) / 64;
    for (int i = 0; i < BB_MAXW * 64; i++) b->point_of[i] = -1;
#define BIT(x, y) (((y) + 1) * S + (x) + 1)
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int p = y * n + x, bit = BIT(x, y);
            b->bit_of[p] = (int16_t)bit;
            b->point_of[bit] = (int16_t)p;
            bb_set(b->points, bit);
            if (x) bb_set(b->not_first_col, bit);
            if (x < n - 1) bb_set(b->not_last_col, bit);
            if (y == 0) bb_set(b->goal[0][0], bit);
            if (y == n - 1) bb_set(b->goal[0][1], bit);
            if (x == 0) bb_set(b->goal[1][0], bit);
            if (x == n - 1) bb_set(b->goal[1][1], bit);
            static const int d4[4][2] = { {0, -1}, {-1, 0}, {1, 0}, {0, 1} };
            for (int k = 0; k < 4; k++) {
                int nx = x + d4[k][0], ny = y + d4[k][1];
                if (nx >= 0 && ny >= 0 && nx < n && ny < n) b->nbr[p][b->nnbr[p]++] = (int16_t)(ny * n + nx);
            }
            b->sym[p] = (int16_t)(x * n + y);
            if (r->e && ((x + y) % 2 == 0) != (r->e_a1white != 0)) bb_set(b->start[0], bit);
            else if (r->e) bb_set(b->start[1], bit);
        }
    if (r->edges)
        for (int i = 0; i < n; i++) {
            bb_set(b->edge[0], BIT(i, -1));
            bb_set(b->edge[0], BIT(i, n));
            bb_set(b->edge[1], BIT(-1, i));
            bb_set(b->edge[1], BIT(n, i));
        }

    Off ori[MAX_ORI][MAX_PCELLS];
    int nori[MAX_ORI];
    b->nsq = orientations(r, ori, nori);
    b->nbr_window = 1ull | 1ull << (S - 1) | 1ull << (S + 1) | 1ull << (2 * S);
    const int back = WINDOW_BACK(S);
    const unsigned __int128 one = 1;
    b->orth_window = one << (back - S) | one << (back + S) | one << (back - 1) | one << (back + 1);
    /* The code table over the cells of the orientations that no other one
     * is contained in (the others never decide: under `a`, P2' lies inside
     * every P3, so `a` keeps 16 cells). The cells' window positions are
     * distinct for every stride, so a code bit names one cell. */
    {
        int cpos[MAX_CODE_CELLS], cdx[MAX_CODE_CELLS], cdy[MAX_CODE_CELLS], nc = 0;
        bool minimal[MAX_ORI];
        for (int o = 0; o < b->nsq; o++) {
            minimal[o] = true;
            for (int q = 0; q < b->nsq && minimal[o]; q++) {
                if (q == o || nori[q] >= nori[o]) continue;
                int inside = 1;
                for (int k = 0; k < nori[q] && inside; k++) {
                    int found = 0;
                    for (int j = 0; j < nori[o]; j++) found |= ori[o][j].dx == ori[q][k].dx && ori[o][j].dy == ori[q][k].dy;
                    inside = found;
                }
                minimal[o] = !inside;
            }
        }
        for (int dy = -2; dy <= 2; dy++)
            for (int dx = -2; dx <= 2; dx++) {
                int used = 0;
                for (int o = 0; o < b->nsq; o++)
                    for (int k = 0; k < nori[o]; k++) used |= minimal[o] && ori[o][k].dx == dx && ori[o][k].dy == dy;
                if (!used) continue;
                int pos = WINDOW_BACK(S) + dy * S + dx, j = nc++;
                /* On 2x2 (S = 4) a P3 cell two columns over shares its
                 * window position with a knight cell: no code table. */
                if (b->code_cells >> pos & 1) b->code_clash = 1;
                for (; j > 0 && cpos[j - 1] > pos; j--) cpos[j] = cpos[j - 1], cdx[j] = cdx[j - 1], cdy[j] = cdy[j - 1];
                cpos[j] = pos, cdx[j] = dx, cdy[j] = dy;
                b->code_cells |= (unsigned __int128)1 << pos;
            }
        b->ncode_cells = b->code_clash ? 0 : nc;
        /* A code is weak when it holds some orientation's cells: mark the
         * supersets of each orientation's code. */
        const uint32_t ncodes = 1u << nc;
        for (int o = 0; o < b->nsq; o++) {
            if (!minimal[o]) continue;
            uint32_t need = 0;
            for (int k = 0; k < nori[o]; k++)
                for (int j = 0; j < nc; j++)
                    if (cdx[j] == ori[o][k].dx && cdy[j] == ori[o][k].dy) need |= 1u << j;
            for (uint32_t code = need; code < ncodes; code = (code + 1) | need)
                b->weak_code[code >> 3] |= (uint8_t)(1 << (code & 7));
        }
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                uint32_t v = 0;
                for (int j = 0; j < nc; j++) {
                    int cx = x + cdx[j], cy = y + cdy[j];
                    if (cx >= -1 && cx <= n && cy >= -1 && cy <= n) v |= 1u << j;
                }
                b->code_mask[y * n + x] = v;
            }
    }
    /* Per point: the orientations whose cells all lie where a stone can be
     * (a real point, or an edge point when edges count). */
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int p = y * n + x;
            for (int o = 0; o < b->nsq; o++) {
                PatternCells pc = { 0 };
                int ok = 1;
                for (int k = 0; k < nori[o] && ok; k++) {
                    int cx = x + ori[o][k].dx, cy = y + ori[o][k].dy;
                    int inside = cx >= 0 && cy >= 0 && cx < n && cy < n;
                    int edge = r->edges && ((cx >= 0 && cx < n && (cy == -1 || cy == n)) ||
                                            (cy >= 0 && cy < n && (cx == -1 || cx == n)));
                    ok = inside || edge;
                    pc.bit[pc.n++] = (int16_t)BIT(cx, cy);
                }
                if (!ok) continue;
                unsigned __int128 wm = 0;
                for (int k = 0; k < pc.n; k++) wm |= (unsigned __int128)1 << (pc.bit[k] - (BIT(x, y) - WINDOW_BACK(S)));
                b->wpat[p * MAX_PATTERNS + b->npat[p]] = wm;
                b->pat[p * MAX_PATTERNS + b->npat[p]++] = pc;
                for (int k = 0; k < pc.n; k++) add_reach(b, pc.bit[k], p);
            }
        }
#undef BIT
}

static void add_pattern(Board *b, int p, const int *cells, int n)
{
    PatternCells pc = { 0 };
    for (int k = 0; k < n; k++) { /* sorted, so that duplicates compare equal */
        int v = cells[k], j = pc.n++;
        for (; j > 0 && pc.bit[j - 1] > v; j--) pc.bit[j] = pc.bit[j - 1];
        pc.bit[j] = (int16_t)v;
    }
    PatternCells *list = b->pat + p * MAX_PATTERNS;
    for (int i = 0; i < b->npat[p]; i++)
        if (list[i].n == pc.n && !memcmp(list[i].bit, pc.bit, sizeof pc.bit)) return;
    list[b->npat[p]++] = pc;
    for (int k = 0; k < pc.n; k++) add_reach(b, pc.bit[k], p);
}

static bool has(const int16_t *list, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (list[i] == v) return true;
    return false;
}

/* A multiplier that gathers the bits of mask m into the top `bits` bits
 * of the product, each subset of m to its own index; 0 if none found.
 * First the multipliers that move each bit straight to a top position
 * (every order), then sparse random ones from a fixed seed: the boards
 * are fixed, so the result is too. */
static uint64_t gather_mul(uint64_t m, int bits)
{
    int pos[6], n = 0;
    for (uint64_t x = m; x; x &= x - 1) pos[n++] = __builtin_ctzll(x);
    assert(n >= 1 && n <= 5 && bits >= n && bits <= 6);
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    for (long t = 0; t < 200000; t++) {
        uint64_t mul = 0;
        if (t < 720) { /* t as a permutation's digits: bit k to 64 - bits + perm[k] */
            int perm[6], used = 0, ok = 1;
            long r = t;
            for (int k = 0; k < n && ok; k++) {
                int d = (int)(r % (bits - k)), slot = -1;
                r /= bits - k;
                for (int s = 0; s < bits; s++)
                    if (!(used >> s & 1) && d-- == 0) slot = s;
                used |= 1 << slot;
                perm[k] = slot;
                int shift = 64 - bits + perm[k] - pos[k];
                if (shift < 0) ok = 0;
                else mul += (uint64_t)1 << shift;
            }
            if (!ok || r) continue;
        } else {
            mul = rng_next(&seed) & rng_next(&seed) & rng_next(&seed);
        }
        uint64_t seen = 0, s = 0;
        int ok = 1;
        do { /* every subset s of m */
            unsigned idx = (unsigned)((s * mul) >> (64 - bits));
            if (seen >> idx & 1) ok = 0;
            seen |= (uint64_t)1 << idx;
            s = (s - m) & m;
        } while (s && ok);
        if (ok) return mul;
    }
    return 0;
}

/* The multiply gathers of board.h for cell p, from its pext code table. */
static const char *cairo_gather(Board *b, int p)
{
    const uint64_t *m = b->ccode[p].m;
    int n0 = __builtin_popcountll(m[0]), n1 = __builtin_popcountll(m[1]);
    int b0 = n0, b1 = n1;
    uint64_t mul0 = 0, mul1 = 0;
    while (b0 + (n1 ? b1 : 0) <= 6 && !(mul0 = gather_mul(m[0], b0))) b0++;
    while (n1 && b0 + b1 <= 6 && !(mul1 = gather_mul(m[1], b1))) b1++;
    if (!mul0 || (n1 && !mul1)) return "no multiply gather for a cell's neighbours";
    b->ccode[p].mul[0] = mul0;
    b->ccode[p].msh[0] = (uint8_t)(64 - b0);
    b->ccode[p].mul[1] = mul1; /* 0 with m[1] = 0: index 0 */
    b->ccode[p].msh[1] = (uint8_t)(n1 ? 64 - b1 : 63);
    b->ccode[p].mb0 = (uint8_t)b0;
    b->ccode[p].mweak = 0;
    uint64_t s0 = 0;
    do {
        uint64_t s1 = 0;
        do {
            unsigned code = 0;
            /* the pext code of (s0, s1): bit k for the k-th bit of m */
            int k = 0;
            for (int j = 0; j < 2; j++)
                for (uint64_t x = m[j]; x; x &= x - 1, k++)
                    if ((j ? s1 : s0) >> __builtin_ctzll(x) & 1) code |= 1u << k;
            unsigned idx = (unsigned)((s0 * mul0) >> b->ccode[p].msh[0]) |
                           (unsigned)((s1 * mul1) >> b->ccode[p].msh[1]) << b0;
            if (b->ccode[p].weak >> code & 1) b->ccode[p].mweak |= (uint64_t)1 << idx;
            s1 = (s1 - m[1]) & m[1];
        } while (s1);
        s0 = (s0 - m[0]) & m[0];
    } while (s0);
    return NULL;
}

/* The Cairo lookup tables of board.h (weak codes), from the
 * neighbours and the patterns. NULL, or what in the geometry breaks their
 * assumptions. */
static const char *cairo_tables(Board *b)
{
    const int n = b->npoints;
    if (n > CAIRO_MAX_CELLS) return "too many cells";
    for (int p = 0; p < n; p++) {
        /* The neighbours in ascending bit order: code bit k is cnbr[p][k]. */
        int nn = 0, lo = -1, hi = -1;
        if (b->nnbr[p] > 5) return "more than 5 neighbours";
        BB_FOR_EACH(bit, b->nbr_bb[p], b->words) {
            b->cnbr[p][nn++] = b->point_of[bit];
            if (lo < 0) lo = bit >> 6;
            hi = bit >> 6;
        }
        if (nn == 0) continue;
        if (hi - lo > 1) return "neighbours more than two words apart";
        b->ccode[p].w[0] = (uint8_t)lo;
        b->ccode[p].w[1] = (uint8_t)hi;
        b->ccode[p].m[0] = b->nbr_bb[p][lo];
        b->ccode[p].m[1] = hi != lo ? b->nbr_bb[p][hi] : 0;
        b->ccode[p].shift = (uint8_t)__builtin_popcountll(b->nbr_bb[p][lo]);
        /* A code is weak when the neighbours it names hold a pattern. */
        uint32_t need[MAX_PATTERNS];
        for (int k = 0; k < b->npat[p]; k++) {
            const PatternCells *pc = &b->pat[p * MAX_PATTERNS + k];
            need[k] = 0;
            for (int j = 0; j < pc->n; j++) {
                int at = -1;
                for (int i = 0; i < nn; i++)
                    if (b->bit_of[b->cnbr[p][i]] == pc->bit[j]) at = i;
                if (at < 0) return "a pattern cell that is not a neighbour";
                need[k] |= 1u << at;
            }
        }
        for (uint32_t code = 0; code < 1u << nn; code++)
            for (int k = 0; k < b->npat[p]; k++)
                if ((code & need[k]) == need[k]) b->ccode[p].weak |= 1u << code;
        const char *why = cairo_gather(b, p);
        if (why) return why;
    }
    return NULL;
}

/* Morpharaoh: points are cells, bits are cell numbers. A cell is "weak"
 * (the mover may replace the enemy stone on it) when the mover controls
 * it: the patterns are the sets of mover cells that give control. */
static const char *build_cairo(Board *b)
{
    const Ruleset *r = &b->rules;
    const CairoCell *cell = cairo_cells(r->cells);
    int n = r->cells;
    b->cairo = cell;
    b->nbr_bb = calloc((size_t)n, sizeof *b->nbr_bb);
    if (!b->nbr_bb) return "out of memory";
    b->size = 0;
    b->npoints = n;
    b->words = (n + 63) / 64;
    for (int i = 0; i < BB_MAXW * 64; i++) b->point_of[i] = -1;
    for (int p = 0; p < n; p++) {
        const CairoCell *c = &cell[p];
        b->bit_of[p] = (int16_t)p;
        b->point_of[p] = (int16_t)p;
        bb_set(b->points, p);
        b->sym[p] = c->sym;
        if (c->side == 'S') bb_set(b->goal[0][0], p);
        if (c->side == 'N') bb_set(b->goal[0][1], p);
        if (c->side == 'E') bb_set(b->goal[1][0], p);
        if (c->side == 'W') bb_set(b->goal[1][1], p);
        b->nnbr[p] = (uint8_t)c->northo;
        for (int k = 0; k < c->northo; k++) {
            b->nbr[p][k] = c->orth[k];
            bb_set(b->nbr_bb[p], c->orth[k]);
        }
    }
    for (int p = 0; p < n; p++) {
        const CairoCell *c = &cell[p];
        const int16_t *o = c->orth;
        int no = c->northo;
        bool side = c->side != '-';
        bool majority = side ? r->edge_majority : r->center_majority;
        int need = side ? 2 : 3;
        if (majority) { /* every `need`-subset of the neighbours */
            for (int i = 0; i < no; i++)
                for (int j = i + 1; j < no; j++) {
                    if (need == 2) {
                        add_pattern(b, p, (int[]){ o[i], o[j] }, 2);
                        continue;
                    }
                    for (int k = j + 1; k < no; k++) add_pattern(b, p, (int[]){ o[i], o[j], o[k] }, 3);
                }
            continue;
        }
        for (int i = 0; i < no; i++) { /* X = o[i] */
            const CairoCell *x = &cell[o[i]];
            for (int j = 0; j < no; j++) { /* Y: orthogonal to the cell and to X */
                if (j == i || !has(x->orth, x->northo, o[j])) continue;
                if (side) {
                    add_pattern(b, p, (int[]){ o[i], o[j] }, 2);
                    continue;
                }
                for (int k = 0; k < no; k++) /* Z: orthogonal to the cell, diagonal to X */
                    if (k != i && k != j && has(x->diag, x->ndiag, o[k])) add_pattern(b, p, (int[]){ o[i], o[j], o[k] }, 3);
            }
        }
    }
    return cairo_tables(b);
}

Board *board_create(int size, const Ruleset *rules, char *err, size_t errlen)
{
    assert(rules && err && errlen > 0);
    if (rules->game == GAME_MORPHOS && (size < MIN_SIZE || size > MAX_SIZE)) {
        snprintf(err, errlen, "board size must be %d to %d", MIN_SIZE, MAX_SIZE);
        return NULL;
    }
    if (rules->game == GAME_MORPHARAOH && !cairo_cells(rules->cells)) {
        snprintf(err, errlen, "Morpharaoh boards have 48 or 160 cells");
        return NULL;
    }
    Board *b = calloc(1, sizeof *b);
    if (b) b->pat = calloc((size_t)MAX_POINTS * MAX_PATTERNS, sizeof *b->pat);
    if (b) b->wpat = calloc((size_t)MAX_POINTS * MAX_PATTERNS, sizeof *b->wpat);
    if (b) b->weak_code = calloc(((size_t)1 << MAX_CODE_CELLS) / 8, 1);
    if (!b || !b->pat || !b->wpat || !b->weak_code) {
        if (b) free(b->pat), free(b->wpat), free(b->weak_code);
        free(b);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    b->rules = *rules;
    b->plain_turns = !rules->b && !rules->c;
    b->max_places = rules->c ? 2 : 1;
    b->single_steps = !rules->c;
    b->flip_bannable = rules->b;
    b->weak_by_stones = !rules->b;
    b->may_owe = rules->d;
    b->full_board_ends = rules->tiebreak;
    if (rules->game != GAME_MORPHARAOH) build_square(b, size);
    else {
        const char *why = build_cairo(b);
        if (why) {
            board_free(b);
            snprintf(err, errlen, "Cairo board: %s", why);
            return NULL;
        }
    }
    init_zobrist(b);
    b->random_ply = board_random_ply(b);
    /* what every bitboard loop relies on: the words in use fit, points and
     * bits map to each other */
    assert(b->words >= 1 && b->words <= BB_MAXW && b->npoints >= 1 && b->npoints <= MAX_POINTS);
    for (int p = 0; p < b->npoints; p++) assert(b->bit_of[p] >= 0 && b->bit_of[p] < 64 * b->words && b->point_of[b->bit_of[p]] == p);
    return b;
}

void board_free(Board *b)
{
    if (!b) return;
    free(b->pat);
    free(b->wpat);
    free(b->weak_code);
    free(b->nbr_bb);
    free(b);
}
