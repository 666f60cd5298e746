/* proof_check.h - the independent check of a proof in a proof database
 * (proofdb.h), with nothing but the rules core: pos_gen_moves, pos_check_move,
 * pos_play and the result of a position.
 *
 * From a position and a claim (PDB_WIN: the side to move wins; PDB_LOSS: it
 * loses) the checker walks the proof: a position claimed won must have a
 * legal move that ends the game in its mover's win, or the database's move
 * for it must lead to a position the check proves lost; a position claimed
 * lost must have only moves that end the game in the other side's win or
 * lead to positions the check proves won. The database only guides (which
 * move to try); its values are never taken on trust, a line that comes
 * back to a position on it fails, and positions already proven are
 * remembered by their exact state (never by a hash). */
#ifndef MORPHOS_ENGINE_PROOF_CHECK_H
#define MORPHOS_ENGINE_PROOF_CHECK_H

#include <stddef.h>

#include "../rules/rules.h"
#include "proofdb.h"

typedef struct CheckResult {
    size_t positions;      /* distinct positions proven */
    size_t used;           /* database entries the proof used */
    int depth;             /* longest line walked */
    char why[256];         /* on failure: the first position that failed, and why */
} CheckResult;

/* 1 when the claim is proven, 0 when it fails (cr->why), -1 when the
 * proof has more than max_positions positions (0: no limit) or the board
 * is too large for the checker (more than 4 bitboard words: 8x8). When
 * out is not NULL, every database entry the proof used is added to it
 * (a proof database of the same board): the proof alone, for export. */
int proof_check(ProofDB *db, const Position *p, int claim, size_t max_positions, ProofDB *out, CheckResult *cr);

/* Proof files (text; the format is described in proof_check.c): the
 * proof of a position as the winner's moves alone, a few bytes a proven
 * position where the database takes 40.
 *
 * proof_export writes to path (under a temporary name, then renamed) the
 * proof of the position start reaches by line[0..n), and of each child of
 * it the database holds (one per class of symmetric children: from the
 * start, the opening map), each checked as it is written. Returns the
 * roots written (cr: the totals), or -1 and the reason in err (nothing
 * written). */
int proof_export(ProofDB *db, const Position *start, const Move *line, size_t n, const char *path, int *roots,
                 CheckResult *cr, char *err, size_t errlen);

typedef struct ProofRoot {
    char line[256];        /* the root's moves from the start */
    Result winner;         /* as the file claims */
    int ok;                /* 1 proven, 0 refuted (why) */
    size_t positions, used;
    int depth;
    char why[256];
} ProofRoot;

/* Checks every root of the proof file at path with the rules core alone
 * (its own board, from the file), calling f for each: 1 all proven, 0 one
 * or more refuted, -1 and err when the file cannot be read or is not a
 * proof file. cr: the totals. */
int proof_verify(const char *path, void (*f)(const ProofRoot *r, void *ctx), void *ctx, CheckResult *cr, char *err,
                 size_t errlen);

#endif
