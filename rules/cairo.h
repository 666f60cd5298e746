/* cairo.h - the Morpharaoh (Cairo pentagon) boards as data: Ludii's 48-
 * and 160-cell boards, with their orthogonal and diagonal neighbours and
 * side lists exactly as Ludii defines them. */
#ifndef MORPHOS_CAIRO_H
#define MORPHOS_CAIRO_H

#include <stdint.h>

typedef struct CairoCell {
    float x, y;          /* centroid, y up */
    int8_t northo;       /* orthogonal neighbours: 3 on a side, 5 inside */
    int16_t orth[5];
    int8_t ndiag;        /* the game's diagonals: corner-sharing only */
    int16_t diag[2];
    char side;           /* 'N', 'S', 'E', 'W' or '-' */
    int16_t sym;         /* image under the 90-degree rotation, which maps
                            N/S to E/W: the colour-exchanging symmetry */
    float poly[5][2];    /* the pentagon's corners (x, y), in order: for
                            drawing (board_geometry), not for the rules */
} CairoCell;

/* The cells of the n-cell board (48 or 160), indexed by Ludii's numbers;
 * NULL for other n. */
const CairoCell *cairo_cells(int n);

#endif
