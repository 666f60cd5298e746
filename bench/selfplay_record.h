/* selfplay_record.h - self-play record files (docs/selfplay.md): their
 * header, game lines, reading them back (resume, merge) and replaying a
 * game line ply by ply with the rules core (checks, trainers).
 *
 * A file is text: the header ('#' lines, SELFPLAY_MAGIC first) says what
 * was played; then one line per game, tab-separated:
 *     game  seed  size  rules  opening  result  plies  moves
 * Each game is appended whole (flushed and synced) as it ends, so a killed
 * run leaves at most a torn last line (no newline), which readers drop. */
#ifndef MORPHOS_BENCH_SELFPLAY_RECORD_H
#define MORPHOS_BENCH_SELFPLAY_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../rules/rules.h"

#define SELFPLAY_MAGIC "# morphos-selfplay 1"
#define SELFPLAY_ENGINE_MAX 1024

/* What a file's games were played with: everything a game depends on
 * besides its number. */
typedef struct SelfplaySettings {
    int size;            /* board_create's size (Morpharaoh: the cell count) */
    char rules[200];     /* canonical rule text (ruleset_format) */
    long playouts;       /* per searched ply, one thread, no clock */
    int opening_plies;   /* random plies before the engine plays */
    uint64_t seed;       /* the seed base */
    int sample;          /* searched plies drawn in proportion to visits */
    int max_plies;       /* a game this long (opening included) is a draw */
    char engine[SELFPLAY_ENGINE_MAX]; /* engine options, "NAME=VALUE ..." */
} SelfplaySettings;

/* The header text, every line ending in '\n'. 0, or -1 when len is too small. */
int selfplay_header(const SelfplaySettings *s, char *buf, size_t len);

/* The engine's seed for game `game`: a function of the seed base and the
 * number only, never 0. */
uint64_t selfplay_game_seed(uint64_t base, long game);

/* A growable string. */
typedef struct Sbuf {
    char *s;
    size_t n, cap;
    int oom;             /* an allocation failed: s holds what fitted */
} Sbuf;
void sbuf_printf(Sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sbuf_free(Sbuf *b);

/* A file read back. lines[i] (without '\n') is game games[i], in file order. */
typedef struct SelfplayFile {
    char *header;        /* the header text ('#' lines, each with '\n') */
    long n;
    long *games;
    char **lines;        /* NULL when read without lines */
    long torn_at;        /* byte offset of a torn last line, or -1 */
    long size;           /* bytes in the file */
} SelfplayFile;

/* Read path: the header, then game lines (a '#' line after a game line, a
 * line with other than 8 fields or a bad game number is refused with its
 * line number). A last line without '\n' is not a game: its offset goes
 * to torn_at. keep_lines: also keep each game's text. A missing file is
 * an empty one (header NULL, n 0) when missing_ok. 0, or -1 with err. */
int selfplay_read(const char *path, int keep_lines, int missing_ok, SelfplayFile *f, char *err, size_t errlen);
void selfplay_file_free(SelfplayFile *f);

/* Merge files: headers must be equal; games sorted by number; a game in
 * several files must be the same line in each. Writes the header and the
 * games to out; a line per gap (missing numbers from the first game to
 * the last) and a summary to report. 0, 1 when there were gaps, -1 on an
 * error (err: a conflict, a header mismatch, a bad file). */
int selfplay_merge(char *const *paths, int npaths, FILE *out, FILE *report, char *err, size_t errlen);

/* One ply of a game line. */
typedef struct SelfplayChild {
    Move move;
    uint32_t visits;
} SelfplayChild;

typedef struct SelfplayPly {
    int index;           /* 0 for the first ply after the opening */
    Move move;           /* the move played */
    int searched;        /* 0: the move alone (no distribution) */
    double q;            /* searched: the value of the engine's choice, 0..1 */
    int n;               /* children listed, most visited first */
    const SelfplayChild *child;
} SelfplayPly;

typedef struct SelfplayGame {
    long game;
    uint64_t seed;
    Result result;       /* RESULT_NONE for a draw */
    int opening_plies, plies;
} SelfplayGame;

/* Called with the position before each ply (after the opening); a
 * nonzero return stops the replay (selfplay_replay returns it). */
typedef int (*SelfplayPlyFn)(void *ctx, const Position *before, const SelfplayPly *ply);

/* Replay one game line on board b (which must be the line's size and
 * rules): every move and every listed child must be legal where it
 * stands, the plies counted right, the result the final position's (a
 * draw: a game still running). fn (may be NULL) sees every ply. line is
 * not modified. 0, fn's nonzero value, or -1 with err. */
int selfplay_replay(const char *line, const Board *b, SelfplayPlyFn fn, void *ctx, SelfplayGame *info, char *err,
                    size_t errlen);

#endif
