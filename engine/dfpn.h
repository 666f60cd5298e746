/* dfpn.h - df-pn, the proof-number solver behind GTP `solve`: deep proofs
 * of whole small boards, with a transposition table on pos_hash.
 *
 * Returns RESULT_BLACK/RESULT_WHITE (a winner, with a winning move in
 * *best when the winner is to move, else the move that took the winner the
 * most work to refute), RESULT_DRAW when proven drawn (never claimed when
 * the search met a repetition), RESULT_NONE when unknown within the limits.
 * The table is allocated at lim->memory or, when that fails, at the
 * largest half that succeeds (st->table_bytes; 0 and RESULT_NONE when none
 * does). Answers within lim->seconds (engine/clock.h's stride aside). */
#ifndef MORPHOS_ENGINE_DFPN_H
#define MORPHOS_ENGINE_DFPN_H

#include "solve.h"

Result dfpn_solve(const Position *p, const SolveLimits *lim, Move *best, SolveStats *st);

#endif
