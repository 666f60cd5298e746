/* opening_map.h - the opening map: every first placement on the board,
 * solved with the pie declined (df-pn, dfpn.h), once per class of
 * symmetric openings (symmetry.h). The map a player needs for the pie
 * rule: which first stones win for the side that plays them. */
#ifndef MORPHOS_ENGINE_OPENING_MAP_H
#define MORPHOS_ENGINE_OPENING_MAP_H

#include "engine.h"
#include "solve.h"

/* p: any position of the board (its start is used). Returns the number of
 * first placements filled into out (room for every point), or -1 and the
 * reason in err. lim as dfpn_solve's, for each opening; its stop ends the
 * map (the rest unknown). only[0..nonly): when nonly > 0, the classes of
 * these points alone are solved, in this order; the others are answered
 * from lim->db alone (unknown when it has no value). A point that is not a
 * first placement is refused (-1). */
int opening_map(const Position *p, const SolveLimits *lim, const int *only, int nonly, OpeningResult *out, char *err,
                size_t errlen);

#endif
