/* proofdb.h - the proof database: positions proved won or lost for the
 * side to move, each with its move (for a win the winning move the solver
 * found shortest; for a loss the reply that resisted longest), and the
 * proof effort of positions still open (df-pn's proof and disproof
 * numbers), kept in memory (a hash table that never evicts) and, when
 * opened on a file, persisted there.
 *
 * Keys are pdb_key: one key for a position and its symmetric images
 * (symmetry.h); a move is stored as it reads in the image sym_canon
 * chose, and pdb_move maps it back. Positions from which a swap may
 * still come (pie rule, first two turns) get keys of their own, so that one
 * database serves a rule set with and without the pie.
 *
 * The file: a header (magic, version, board size, the rules without the
 * pie), then fixed-size records, each with its own checksum, only ever
 * appended. A run killed mid-write leaves at worst a torn last record; on
 * opening, records whose checksum fails are skipped and a partial tail is
 * cut off, so no wrong entry is ever read. A new file is written under a
 * temporary name and renamed into place. pdb_flush writes what was added
 * since the last flush (one write and an fsync): a killed run loses only
 * the records added after its last flush. Thread-safe. */
#ifndef MORPHOS_ENGINE_PROOFDB_H
#define MORPHOS_ENGINE_PROOFDB_H

#include <stddef.h>
#include <stdint.h>

#include "../rules/rules.h"

typedef struct ProofDB ProofDB;

enum {
    PDB_WIN = 1,    /* the side to move wins; move: a winning move */
    PDB_LOSS = 2,   /* the side to move loses; move: the longest resistance */
    PDB_OPEN_B = 3, /* open: phi/delta of df-pn's question "Black wins" */
    PDB_OPEN_W = 4, /* open: the same for "White wins" */
};

typedef struct PdbEntry {
    uint64_t key;      /* pdb_key of the position */
    uint64_t work;     /* nodes the solver spent below it */
    uint32_t phi, delta;
    Move move;         /* in the image sym_canon chose (pdb_move) */
    uint8_t value;     /* PDB_* */
} PdbEntry;

/* A proven entry's plies to the end of the game along the proof the
 * solver found (a win: through its move, against every reply; a loss:
 * the most the mover can hold out), kept where its open numbers would be
 * (delta for a win, phi for a loss: a proven entry's other number is 0).
 * PDB_PLIES_UNKNOWN: not known (older files held the solver's infinity). */
#define PDB_PLIES_UNKNOWN 0xffffu
static inline unsigned pdb_plies(const PdbEntry *e)
{
    uint32_t v = e->value == PDB_WIN ? e->delta : e->value == PDB_LOSS ? e->phi : PDB_PLIES_UNKNOWN;
    return v < PDB_PLIES_UNKNOWN ? (unsigned)v : PDB_PLIES_UNKNOWN;
}
static inline void pdb_set_plies(PdbEntry *e, unsigned plies)
{
    uint32_t v = plies < PDB_PLIES_UNKNOWN ? plies : PDB_PLIES_UNKNOWN;
    if (e->value == PDB_WIN) e->phi = 0, e->delta = v;
    else if (e->value == PDB_LOSS) e->delta = 0, e->phi = v;
}

typedef struct PdbStats {
    size_t wins, losses, open;
    size_t file_bytes;     /* the file's valid length */
    size_t skipped;        /* records refused on opening (checksum) */
    size_t cut;            /* bytes of a torn tail cut off on opening */
} PdbStats;

/* Opens (creating when absent) the database of the board's rules at path,
 * or a database in memory only when path is NULL. NULL and the reason in
 * err when the file cannot be read or written, or holds another board or
 * rule set. */
ProofDB *pdb_open(const char *path, const Board *b, char *err, size_t errlen);
/* Flushes and frees (NULL: nothing). */
void pdb_close(ProofDB *db);

/* Whether the database is for this board and rule set (the pie aside). */
int pdb_fits(const ProofDB *db, const Board *b);

/* The key of p, with in *s the symmetry that maps p onto the stored image. */
uint64_t pdb_key(const Position *p, int *s);
/* The same from the sym_canon key of a position of board b at turn ply. */
uint64_t pdb_key_canon(const Board *b, uint64_t ply, uint64_t canon);

/* The entry for key and value class: PDB_WIN or PDB_LOSS (either proven
 * value: *out gets the one held), PDB_OPEN_B or PDB_OPEN_W. 0 when none. */
int pdb_get(ProofDB *db, uint64_t key, int value, PdbEntry *out);

/* Adds an entry (a proven value replaces an open one; a proven one is
 * never replaced). 0, or -1 without memory. */
int pdb_put(ProofDB *db, const PdbEntry *e);

/* The move of entry e in position p (p's key e->key, found with
 * symmetry s by pdb_key). */
Move pdb_move(const Position *p, int s, const PdbEntry *e);

/* p's proven value in db with its move: 1 when the side to move wins
 * (*m its winning move), -1 when it loses (*m its longest resistance), 0
 * when db does not hold it (or holds it for another board). */
int pdb_answer(ProofDB *db, const Position *p, Move *m);

/* Writes the records added since the last flush: 0, or -1 with errno set
 * (the records stay queued for the next try). */
int pdb_flush(ProofDB *db);

/* Flushes when the flush interval (30 s unless set) passed since the last
 * flush; the solver calls it as it goes. */
int pdb_flush_due(ProofDB *db);
void pdb_set_flush(ProofDB *db, double seconds);

void pdb_stats(ProofDB *db, PdbStats *st);

/* Calls f for every proven entry (no order), until f returns nonzero;
 * returns that value. The database must not change meanwhile. */
int pdb_each(ProofDB *db, int (*f)(const PdbEntry *e, void *ctx), void *ctx);

#endif
