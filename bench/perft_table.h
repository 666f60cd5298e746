/* perft_table.h - reading perft reference tables, one row at a time.
 *
 * A table is tab-separated text with a header line naming its columns;
 * blank lines and lines starting with '#' are skipped. The header picks the
 * format, so one reader serves every known table:
 *   Morphos:    size rules options moves depth perft
 *               (rules like "a+b" or "none", options like "edges=off,pie=on")
 *   Morpharaoh: board edge center moves depth perft
 *   AbstractPlay: size variant moves depth perft (the preset
 *               abstractplay=VARIANT without the pie, or with it when the
 *               moves take it (`pie`); moves in AbstractPlay's notation,
 *               rules/apnotation.h)
 * Moves are ';'-separated (compound moves contain commas), '-' for none.
 * Every field is validated; a bad row is reported with its line number and
 * the reader carries on with the next one. */
#ifndef MORPHOS_BENCH_PERFT_TABLE_H
#define MORPHOS_BENCH_PERFT_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define PERFT_RULES_MAX 160
#define PERFT_MOVES_MAX 8192

typedef struct PerftRow {
    int line;                     /* line number in the file, for messages */
    bool ap_notation;             /* moves are in AbstractPlay's notation */
    int size;                     /* board size; 0 when the rules name the board */
    char rules[PERFT_RULES_MAX];  /* rule tokens, comma-joined, for ruleset_parse */
    char moves[PERFT_MOVES_MAX];  /* ';'-separated moves, "" for the start */
    int nmoves;
    int depth;
    uint64_t expected;
} PerftRow;

typedef struct PerftTable {
    FILE *f;
    const struct PerftFormat *format;
    int col[8];                   /* file column of each of the format's fields */
    int ncols;                    /* columns in the header */
    int line;
    char *buf;
    size_t cap;
} PerftTable;

/* Open a table and read its header. 0, or -1 with a message in err. */
int perft_table_open(PerftTable *t, const char *path, char *err, size_t errlen);

/* The next row: 1 and *row filled, 0 at the end of the file, -1 for a bad
 * row (message in err, with the line number; the next call goes on). */
int perft_table_next(PerftTable *t, PerftRow *row, char *err, size_t errlen);

/* The name of the table's format ("morphos", "morpharaoh"). */
const char *perft_table_format(const PerftTable *t);

void perft_table_close(PerftTable *t);

#endif
