/* match_game.c - see match_game.h. */
#include "match_game.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <fcntl.h>
#include <unistd.h>

#include "gtp_proc.h"
#include "../rules/move_list.h"

/* The moves so far, as one growing ';'-separated string. */
typedef struct MoveText {
    char *s;
    size_t len, cap;
} MoveText;

static int movetext_add(MoveText *t, const char *m)
{
    size_t ml = strlen(m);
    if (t->len + ml + 2 > t->cap) {
        size_t nc = t->cap ? t->cap * 2 : 1024;
        while (nc < t->len + ml + 2) nc *= 2;
        char *ns = realloc(t->s, nc);
        if (!ns) return -1;
        t->s = ns;
        t->cap = nc;
    }
    if (t->len) t->s[t->len++] = ';';
    memcpy(t->s + t->len, m, ml + 1);
    t->len += ml;
    return 0;
}

/* One game's state: the referee's position, both processes and clocks. */
typedef struct Game {
    const MatchConfig *cfg;
    GameRecord *rec;
    Position pos;
    GtpProc eng[2];            /* by engine: [0] A, [1] B */
    MatchClock clock[2];
    MoveText moves;
    int offender;              /* the engine that forfeited, else -1 */
} Game;

/* The engine (0 = A, 1 = B) playing colour c. */
static int engine_of(const Game *g, int c) { return c == BLACK ? g->rec->black : 1 - g->rec->black; }

static void end_game(Game *g, int winner, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->rec->reason, sizeof g->rec->reason, fmt, ap);
    va_end(ap);
    for (char *c = g->rec->reason; *c; c++)
        if (*c == '\t' || *c == '\n' || *c == '\r') *c = ' ';
    g->rec->winner = winner;
}

/* `who` misbehaved: it loses, and the reason says which engine and how. */
static void forfeit(Game *g, int who, const char *what, GtpReply st, const char *detail)
{
    static const char *const kind[] = {"", "error", "hang", "crash", "protocol"};
    const char *k = (unsigned)st < sizeof kind / sizeof kind[0] ? kind[st] : "protocol";
    if (st == REPLY_OK) k = "illegal";
    g->offender = who;
    end_game(g, 1 - who, "%s by %c: %s: %s", k, "AB"[who], what, detail);
}

/* Send cmd to engine `who`; on anything but '=' that engine forfeits. */
static int expect_ok(Game *g, int who, const char *cmd)
{
    char out[512];
    GtpReply st = gtp_command(&g->eng[who], cmd, g->cfg->timeout, out, sizeof out, NULL);
    if (st == REPLY_OK) return 0;
    forfeit(g, who, cmd, st, out);
    return -1;
}

static int setup(Game *g, int who)
{
    const MatchConfig *cfg = g->cfg;
    char cmd[256], rules[200];
    if (cfg->board->size > 0) {
        snprintf(cmd, sizeof cmd, "boardsize %d", cfg->board->size);
        if (expect_ok(g, who, cmd)) return -1;
    }
    ruleset_format(&cfg->board->rules, rules, sizeof rules);
    for (char *c = rules; *c; c++)
        if (*c == ',') *c = ' '; /* GTP takes the tokens as separate arguments */
    snprintf(cmd, sizeof cmd, "rules %s", rules);
    if (expect_ok(g, who, cmd) || expect_ok(g, who, "clear_board")) return -1;
    if (cfg->tc.on) {
        snprintf(cmd, sizeof cmd, "time_settings %g %g %d", cfg->tc.main, cfg->tc.byo, cfg->tc.stones);
        if (expect_ok(g, who, cmd)) return -1;
    }
    return 0;
}

/* Tell both engines about a move the referee accepted (except `skip`, the
 * engine that made it), and record it. */
static int relay(Game *g, const Move *m, int skip)
{
    char text[64], cmd[96];
    move_format(g->cfg->board, m, text, sizeof text);
    snprintf(cmd, sizeof cmd, "play %s %s", g->pos.to_move == BLACK ? "b" : "w", text);
    for (int who = 0; who < 2; who++)
        if (who != skip && expect_ok(g, who, cmd)) return -1;
    if (movetext_add(&g->moves, text)) {
        end_game(g, WIN_NONE, "runner: out of memory");
        return -1;
    }
    pos_play(&g->pos, m);
    g->rec->plies++;
    return 0;
}

static int play_opening(Game *g, const char *opening)
{
    char text[64], why[200];
    int r;
    while ((r = move_list_next(&opening, text, sizeof text)) != 0) {
        Move m;
        if (r < 0 || move_parse(&g->pos, text, &m, why, sizeof why)) {
            end_game(g, WIN_NONE, "runner: bad opening move %s: %s", r < 0 ? "(empty or long)" : text, r < 0 ? "" : why);
            return -1;
        }
        if (relay(g, &m, -1)) return -1;
    }
    return 0;
}

/* --clock-log: "game engine colour ply available took ok|lost", one
 * write() per line so that parallel games never interleave a line. */
static void log_move(const Game *g, int who, const char *cn, double avail, double took, bool lost)
{
    if (!g->cfg->clock_log) return;
    char line[160];
    int n = snprintf(line, sizeof line, "%ld\t%c\t%s\t%d\t%.4f\t%.4f\t%s\n", g->rec->id, "AB"[who], cn, g->rec->plies, avail, took,
                     lost ? "lost" : "ok");
    int fd = open(g->cfg->clock_log, O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd < 0) return;
    if (write(fd, line, (size_t)n) != n) { /* a benchmark log: nothing to recover */
    }
    close(fd);
}

/* One turn: genmove to the side to move, check, relay. 0 to go on. */
static int turn(Game *g)
{
    const MatchConfig *cfg = g->cfg;
    int c = g->pos.to_move, who = engine_of(g, c);
    const char *cn = c == BLACK ? "b" : "w";
    char cmd[96], out[512];
    double limit = cfg->timeout;
    if (cfg->tc.on) {
        double left;
        int stones;
        clock_left(&g->clock[who], &left, &stones);
        /* GTP's time is whole seconds; a clock with fractions (0.3 s per
         * move) is sent with them rather than rounded to nothing. Never
         * report more than is left. */
        if (left < 0) left = 0;
        if (left >= 10 || left == (double)(long)left) snprintf(cmd, sizeof cmd, "time_left %s %ld %d", cn, (long)left, stones);
        else snprintf(cmd, sizeof cmd, "time_left %s %.3f %d", cn, (double)(long)(left * 1000) / 1000, stones);
        if (expect_ok(g, who, cmd)) return -1;
        limit = clock_budget(&g->clock[who], &cfg->tc) + cfg->margin;
    }
    snprintf(cmd, sizeof cmd, "genmove %s", cn);
    double took;
    double avail = cfg->tc.on ? clock_budget(&g->clock[who], &cfg->tc) : 0;
    GtpReply st = gtp_command(&g->eng[who], cmd, limit, out, sizeof out, &took);
    if (st == REPLY_TIMEOUT && cfg->tc.on) {
        log_move(g, who, cn, avail, took, true);
        g->offender = who;
        end_game(g, 1 - who, "time by %c: no move within %.3f s", "AB"[who], limit);
        return -1;
    }
    if (st != REPLY_OK) {
        forfeit(g, who, cmd, st, out);
        return -1;
    }
    if (cfg->tc.on) log_move(g, who, cn, avail, took, took > avail + cfg->margin);
    if (cfg->tc.on && !clock_spend(&g->clock[who], &cfg->tc, took, cfg->margin)) {
        g->offender = who;
        end_game(g, 1 - who, "time by %c: move took %.3f s, %.3f s left", "AB"[who], took, clock_budget(&g->clock[who], &cfg->tc));
        return -1;
    }
    char *mv = out + strspn(out, " ");
    mv[strcspn(mv, " \n")] = 0;
    if (!strcasecmp(mv, "resign")) {
        end_game(g, 1 - who, "resign by %c", "AB"[who]);
        return -1;
    }
    Move m;
    char why[200];
    if (move_parse(&g->pos, mv, &m, why, sizeof why)) {
        forfeit(g, who, "genmove answered", REPLY_OK, mv[0] ? mv : "(nothing)");
        snprintf(g->rec->reason + strlen(g->rec->reason), sizeof g->rec->reason - strlen(g->rec->reason), " (%s)", why);
        return -1;
    }
    return relay(g, &m, who);
}

int match_play_game(const MatchConfig *cfg, long id, int black, const char *opening, GameRecord *rec)
{
    memset(rec, 0, sizeof *rec);
    rec->id = id;
    rec->black = black;
    rec->winner = WIN_NONE;
    Game g = {.cfg = cfg, .rec = rec, .offender = -1};
    g.eng[0].to = g.eng[0].from = g.eng[1].to = g.eng[1].from = -1;
    pos_init(&g.pos, cfg->board);
    int rc = 0;
    for (int who = 0; who < 2; who++) {
        char err[256];
        clock_start(&g.clock[who], &cfg->tc);
        if (gtp_start(&g.eng[who], cfg->cmd[who], cfg->stderr_path, err, sizeof err)) {
            end_game(&g, WIN_NONE, "runner: cannot start %c: %s", "AB"[who], err);
            rc = -1;
            goto done;
        }
    }
    /* A's setup is checked before B's: if A fails, A forfeits (not B). */
    if (setup(&g, 0) || setup(&g, 1) || play_opening(&g, opening)) goto done;
    while (!pos_over(&g.pos)) {
        if (rec->plies >= cfg->max_plies) {
            end_game(&g, WIN_DRAW, "draw: move cap %d", cfg->max_plies);
            goto done;
        }
        if (turn(&g)) goto done;
    }
    switch (g.pos.result) {
    case RESULT_BLACK: end_game(&g, engine_of(&g, BLACK), "black connects"); break;
    case RESULT_WHITE: end_game(&g, engine_of(&g, WHITE), "white connects"); break;
    default: end_game(&g, WIN_DRAW, "draw: both passed"); break;
    }
done:
    rc = rc || rec->winner == WIN_NONE ? -1 : 0;
    /* An engine that broke the rules or protocol (it may hang) gets no
     * grace to quit; the other one is asked politely. */
    for (int who = 0; who < 2; who++) gtp_stop(&g.eng[who], who == g.offender ? 0.0 : 0.5);
    rec->moves = g.moves.s ? g.moves.s : strdup("");
    if (!rec->moves) rc = -1;
    return rc;
}

void game_record_free(GameRecord *rec)
{
    free(rec->moves);
    rec->moves = NULL;
}
