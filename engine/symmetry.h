/* symmetry.h - the board symmetries that keep the rules, for the solvers'
 * transpositions across symmetric positions.
 *
 * On a square board the left-right and top-bottom reflections and the half
 * turn keep every rule: each colour keeps its own edges, the weak-stone
 * patterns are used in all 8 orientations, and the tie-break's vertically
 * adjacent pairs stay vertical. The quarter turns and the diagonal
 * reflections exchange the colours' edges (the pie's sigma), so they are
 * not among them. Cairo boards: the identity only. Each symmetry is its own
 * inverse. Symmetry 0 is the identity. */
#ifndef MORPHOS_ENGINE_SYMMETRY_H
#define MORPHOS_ENGINE_SYMMETRY_H

#include <stdint.h>

#include "../rules/rules.h"

#define SYM_MAX 4

/* 4 on square boards, 1 on Cairo boards. */
int sym_count(const Board *b);

/* The image of a point (0 <= s < sym_count). */
int sym_point(const Board *b, int s, int point);

/* The image of a move, in canonical form (placements in row-major order). */
Move sym_move(const Board *b, int s, Move m);

/* pos_hash of the image of p under s, without building it. */
uint64_t sym_hash(const Position *p, int s);

/* The least sym_hash over the symmetries, and in *s (if not NULL) one
 * symmetry that gives it: the key of p's class of symmetric positions. */
uint64_t sym_canon(const Position *p, int *s);

/* The same with the images' keys looked up (the solver's children each
 * pay one): per board bit and colour, the keys of the stone's three
 * images, built once per search. */
typedef struct SymTable {
    const Board *b;
    uint64_t *z;        /* (bit * 2 + colour) * 3 + image - 1; NULL on Cairo boards */
} SymTable;
/* 0, or -1 without memory. */
int sym_table_init(SymTable *t, const Board *b);
void sym_table_free(SymTable *t);
uint64_t sym_canon_t(const SymTable *t, const Position *p, int *s);

#endif
