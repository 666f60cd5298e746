/* test_protocol.c - the protocol layer's parts in isolation: argument
 * parsing, the line reader, the game record, answer framing and the rule
 * that a failing command changes nothing, and the perft command line.
 * Whole GTP sessions are in tests/gtp/ (scripts) and tests/e2e/. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../protocol/args.h"
#include "../protocol/cli.h"
#include "../protocol/context.h"
#include "../protocol/game.h"
#include "../protocol/json.h"
#include "../protocol/gtp.h"
#include "../protocol/reader.h"
#include "../protocol/strbuf.h"

/* Run one line on g and return the framed answer (static buffer). */
static const char *run(Gtp *g, const char *line)
{
    static char last[4096];
    StrBuf r;
    sb_init(&r);
    gtp_execute(g, line, strlen(line), &r);
    snprintf(last, sizeof last, "%s", sb_str(&r));
    sb_free(&r);
    return last;
}

static Gtp *fresh(void)
{
    Gtp *g = gtp_create(NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    GtpLimits lim = { .max_depth = 8, .files = false, .search = false };
    gtp_set_limits(g, &lim);
    return g;
}

static void test_args(void)
{
    long v = 0;
    double d = 0;
    Color c = EMPTY;
    CU_ASSERT_EQUAL(arg_int("19", 2, 25, &v), 0);
    CU_ASSERT_EQUAL(v, 19);
    CU_ASSERT_EQUAL(arg_int("-3", -5, 5, &v), 0);
    CU_ASSERT_EQUAL(v, -3);
    CU_ASSERT_EQUAL(arg_int("26", 2, 25, &v), -1);
    CU_ASSERT_EQUAL(arg_int("0x10", 0, 100, &v), -1);
    CU_ASSERT_EQUAL(arg_int(" 5", 0, 100, &v), -1);
    CU_ASSERT_EQUAL(arg_int("5a", 0, 100, &v), -1);
    CU_ASSERT_EQUAL(arg_int("", 0, 100, &v), -1);
    CU_ASSERT_EQUAL(arg_int("-", 0, 100, &v), -1);
    CU_ASSERT_EQUAL(arg_int("+9", 0, 100, &v), -1); /* GTP integers: digits, a minus at most */
    CU_ASSERT_EQUAL(arg_num("+1.5", 0, 100, &d), -1);
    CU_ASSERT_EQUAL(arg_int("99999999999999999999999", 0, 100, &v), -1);
    CU_ASSERT_EQUAL(v, -3); /* untouched on errors */
    CU_ASSERT_EQUAL(arg_num("6.5", -10, 10, &d), 0);
    CU_ASSERT_DOUBLE_EQUAL(d, 6.5, 1e-12);
    CU_ASSERT_EQUAL(arg_num(".5", -10, 10, &d), 0);
    CU_ASSERT_EQUAL(arg_num("1e3", -1e9, 1e9, &d), -1);
    CU_ASSERT_EQUAL(arg_num("nan", -1e9, 1e9, &d), -1);
    CU_ASSERT_EQUAL(arg_num("inf", -1e9, 1e9, &d), -1);
    CU_ASSERT_EQUAL(arg_num("1.2.3", -1e9, 1e9, &d), -1);
    CU_ASSERT_EQUAL(arg_num(".", -1e9, 1e9, &d), -1);
    CU_ASSERT_EQUAL(arg_color("B", &c), 0);
    CU_ASSERT_EQUAL(c, BLACK);
    CU_ASSERT_EQUAL(arg_color("White", &c), 0);
    CU_ASSERT_EQUAL(c, WHITE);
    CU_ASSERT_EQUAL(arg_color("bl", &c), -1);
    CU_ASSERT_EQUAL(arg_color("", &c), -1);
    /* an optional SECONDS: none, one in range, nothing else */
    char one[] = "2.5", bad[] = "x";
    char *av[] = {one, bad};
    d = 7;
    CU_ASSERT_EQUAL(arg_opt_num(0, av, 0, 600, &d), 0);
    CU_ASSERT_DOUBLE_EQUAL(d, 7, 1e-12); /* the default stays */
    CU_ASSERT_EQUAL(arg_opt_num(1, av, 0, 600, &d), 0);
    CU_ASSERT_DOUBLE_EQUAL(d, 2.5, 1e-12);
    CU_ASSERT_EQUAL(arg_opt_num(1, av, 3, 600, &d), -1);
    CU_ASSERT_EQUAL(arg_opt_num(2, av, 0, 600, &d), -1);
    CU_ASSERT_EQUAL(arg_opt_num(1, av + 1, 0, 600, &d), -1);
    CU_ASSERT_DOUBLE_EQUAL(d, 2.5, 1e-12); /* untouched on errors */
}

static void test_strbuf(void)
{
    StrBuf b;
    sb_init(&b);
    CU_ASSERT_STRING_EQUAL(sb_str(&b), "");
    for (int i = 0; i < 1000; i++) sb_printf(&b, "%d,", i);
    CU_ASSERT_FALSE(b.overflow);
    CU_ASSERT(b.len > 3000);
    CU_ASSERT_EQUAL(strncmp(sb_str(&b), "0,1,2,", 6), 0);
    char big[600];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    sb_clear(&b);
    sb_printf(&b, "<%s>", big); /* longer than the small printf buffer */
    CU_ASSERT_EQUAL(b.len, sizeof big + 1);
    sb_free(&b);
}

/* A Reader on a pipe (fd) that holds `data`, its write end still open. */
static Reader *pipe_reader(const char *data, int fd[2])
{
    CU_ASSERT_EQUAL_FATAL(pipe(fd), 0);
    size_t n = strlen(data);
    CU_ASSERT_EQUAL_FATAL(write(fd[1], data, n), (ssize_t)n);
    Reader *r = malloc(sizeof *r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    reader_init(r, fd[0]);
    return r;
}

static void test_reader(void)
{
    int fd[2];
    Reader *r = pipe_reader("one\r\ntwo\n\n0123456789abcdef\nlast", fd);
    char line[8];
    size_t len;
    bool toolong;
    CU_ASSERT_TRUE(reader_pending(r)); /* data waits on the pipe */
    CU_ASSERT_TRUE(reader_line(r, line, sizeof line, &len, &toolong));
    CU_ASSERT_STRING_EQUAL(line, "one\r"); /* CR is the loop's to remove */
    CU_ASSERT_FALSE(toolong);
    CU_ASSERT_TRUE(reader_line(r, line, sizeof line, &len, &toolong));
    CU_ASSERT_STRING_EQUAL(line, "two");
    CU_ASSERT_TRUE(reader_line(r, line, sizeof line, &len, &toolong));
    CU_ASSERT_EQUAL(len, 0);
    CU_ASSERT_TRUE(reader_line(r, line, sizeof line, &len, &toolong));
    CU_ASSERT_TRUE(toolong); /* cut to the buffer, the rest skipped */
    CU_ASSERT_STRING_EQUAL(line, "0123456");
    close(fd[1]);
    CU_ASSERT_TRUE(reader_line(r, line, sizeof line, &len, &toolong));
    CU_ASSERT_STRING_EQUAL(line, "last"); /* EOF mid-line is a line */
    CU_ASSERT_FALSE(reader_line(r, line, sizeof line, &len, &toolong));
    CU_ASSERT_TRUE(reader_pending(r)); /* ended input stops analyze */
    /* ... but not genmove or solve: the end of input is no interrupt. */
    CU_ASSERT_FALSE(reader_interrupted(r));
    close(fd[0]);
    free(r);
}

/* `# interrupt` is taken out of the input, with or without its LF at the
 * end of input; other lines and the end of input are no interrupt. */
static void test_reader_interrupt(void)
{
    int fd[2];
    Reader *r = pipe_reader("name\n # interrupt \n# interrupt", fd);
    char line[32];
    size_t len;
    bool toolong;
    CU_ASSERT_FALSE(reader_interrupted(r)); /* a command waits: not stopped */
    CU_ASSERT_TRUE(reader_line(r, line, sizeof line, &len, &toolong));
    CU_ASSERT_STRING_EQUAL(line, "name");
    CU_ASSERT_TRUE(reader_interrupted(r));
    CU_ASSERT_FALSE(reader_interrupted(r)); /* taken: the last one has no LF yet */
    close(fd[1]);
    CU_ASSERT_TRUE(reader_interrupted(r)); /* the input ended: the line is whole */
    CU_ASSERT_FALSE(reader_interrupted(r));
    CU_ASSERT_FALSE(reader_line(r, line, sizeof line, &len, &toolong));
    close(fd[0]);
    free(r);
}

static void test_game_record(void)
{
    Game g;
    Ruleset r;
    char err[128];
    ruleset_default(&r);
    CU_ASSERT_EQUAL_FATAL(game_init(&g, 5, &r, err, sizeof err), 0);
    uint64_t start = pos_hash(game_pos(&g));
    /* More moves than the first allocation holds, then all the way back. */
    int played = 0;
    uint64_t rng = 12345;
    while (!pos_over(game_pos(&g)) && played < 200) {
        Move m = pos_random_move(game_pos(&g), &rng);
        CU_ASSERT_EQUAL_FATAL(game_play(&g, &m), 0);
        played++;
    }
    CU_ASSERT_EQUAL(g.n, (size_t)played);
    CU_ASSERT_EQUAL((uintptr_t)g.pos % 64, 0);
    while (game_undo(&g) == 0) played--;
    CU_ASSERT_EQUAL(played, 0);
    CU_ASSERT_EQUAL(pos_hash(game_pos(&g)), start);
    /* A failed reset keeps everything. */
    Board *before = g.board;
    CU_ASSERT_EQUAL(game_reset(&g, 99, &r, err, sizeof err), -1);
    CU_ASSERT_PTR_EQUAL(g.board, before);
    CU_ASSERT_EQUAL(g.size, 5);
    game_free(&g);
}

static void test_framing(void)
{
    Gtp *g = fresh();
    CU_ASSERT_STRING_EQUAL(run(g, "name"), "= Morphos\n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "7 name"), "=7 Morphos\n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "8 nonsense"), "?8 unknown command\n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "  # only a comment"), "");
    CU_ASSERT_STRING_EQUAL(run(g, ""), "");
    CU_ASSERT_STRING_EQUAL(run(g, "9\tknown_command\tplay\r"), "=9 true\n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "clear_board"), "= \n\n");
    /* Multi-line answers never hold an empty line. */
    const char *a = run(g, "showboard");
    CU_ASSERT_PTR_EQUAL(strstr(a, "\n\n"), a + strlen(a) - 2);
    /* Whatever a command's text holds: empty lines and trailing newlines
     * gone, control and non-ASCII bytes shown as '?'. */
    StrBuf f;
    sb_init(&f);
    gtp_frame(&f, true, "4", "a\n\n\nb\n\n");
    gtp_frame(&f, false, "", "\n\nx\ty\xc3\xa9\n");
    gtp_frame(&f, true, "", "");
    CU_ASSERT_STRING_EQUAL(sb_str(&f), "=4 a\nb\n\n? \nx?y??\n\n= \n\n");
    sb_free(&f);
    StrBuf r;
    sb_init(&r);
    CU_ASSERT_FALSE(gtp_execute(g, "3 quit", 6, &r));
    CU_ASSERT_STRING_EQUAL(sb_str(&r), "=3 \n\n");
    sb_free(&r);
    gtp_free(g);
}

static void test_long_line(void)
{
    Gtp *g = fresh();
    size_t n = GTP_MAX_LINE + 100;
    char *line = malloc(n);
    CU_ASSERT_PTR_NOT_NULL_FATAL(line);
    memset(line, 'A', n);
    memcpy(line, "12 play b ", 10);
    StrBuf r;
    sb_init(&r);
    gtp_execute(g, line, n, &r);
    CU_ASSERT_STRING_EQUAL(sb_str(&r), "?12 line too long (at most " GTP_MAX_LINE_TEXT " bytes)\n\n");
    sb_free(&r);
    free(line);
    gtp_free(g);
}

/* Everything the protocol keeps, as one comparable text. */
static void snapshot(Gtp *g, char *buf, size_t len)
{
    char a[2048], b[256], c[256];
    snprintf(a, sizeof a, "%s", run(g, "printsgf"));
    snprintf(b, sizeof b, "%s", run(g, "gogui-rules_side_to_move"));
    snprintf(c, sizeof c, "%s", run(g, "legal_moves"));
    snprintf(buf, len, "%s|%s|%s|%zu", a, b, c, g->game.n);
}

static void test_errors_change_nothing(void)
{
    Gtp *g = fresh();
    CU_ASSERT_STRING_EQUAL(run(g, "boardsize 5"), "= \n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "rules b"), "= \n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "play b C3"), "= \n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "play w D4"), "= \n\n");
    char before[4096], after[4096];
    snapshot(g, before, sizeof before);
    static const char *const bad[] = {
        "play b C3", "play w E5", "play b Z9", "play b", "play b C3 D4", "play q A1",
        "boardsize 1", "boardsize 26", "boardsize x", "rules nonsense", "rules c=upto",
        "undo now", "perft -1", "perft 9", "divide 0", "komi x", "weak_stones",
        "loadsgf x.sgf", "printsgf /tmp/x.sgf", "genmove b", "solve", "analyze",
        "time_settings 1 2", "kgs-time_settings fischer", "set_param searcher random",
        "legal_moves white", "winning_chain pink", "known_command",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *a = run(g, bad[i]);
        if (a[0] != '?') fprintf(stderr, "\n%s -> %s", bad[i], a);
        CU_ASSERT_EQUAL(a[0], '?');
        snapshot(g, after, sizeof after);
        CU_ASSERT_STRING_EQUAL(after, before);
    }
    gtp_free(g);
}

static void test_sgf_round_trip(void)
{
    Gtp *g = fresh();
    run(g, "boardsize 5");
    run(g, "rules d");
    const char *moves[] = { "play b A3", "play w A2", "play b C3", "play w A4", "play b E5", "play w A3",
                            "play b D1,E1" };
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) CU_ASSERT_STRING_EQUAL(run(g, moves[i]), "= \n\n");
    char sgf[2048];
    snprintf(sgf, sizeof sgf, "%s", run(g, "printsgf") + 2);
    run(g, "boardsize 9");
    run(g, "rules none");
    char err[200];
    CU_ASSERT_EQUAL(gtp_load_sgf_text(g, sgf, strlen(sgf), -1, err, sizeof err), 0);
    CU_ASSERT_EQUAL(g->game.n, 7);
    CU_ASSERT_STRING_EQUAL(run(g, "rules"), "= d,edges=on,d=return,pie=on\n\n");
    char again[2048];
    snprintf(again, sizeof again, "%s", run(g, "printsgf") + 2);
    CU_ASSERT_STRING_EQUAL(again, sgf);
    /* Up to a move number. */
    CU_ASSERT_EQUAL(gtp_load_sgf_text(g, sgf, strlen(sgf), 3, err, sizeof err), 0);
    CU_ASSERT_EQUAL(g->game.n, 3);
    /* A bad record keeps the game. */
    CU_ASSERT_EQUAL(gtp_load_sgf_text(g, "(;SZ[5];B[cc];W[cc];B[cc])", 26, -1, err, sizeof err), -1);
    CU_ASSERT_EQUAL(g->game.n, 3);
    gtp_free(g);
}

/* A record without RU (GoGui's save, gogui-twogtp) is a game of the rules
 * being played: this game of mutator a (random moves, seed 5) flips B3 at
 * move 19, weak only with the edges off; under the default rules it is
 * refused and the game kept. */
static void test_sgf_without_rules(void)
{
    static const char rec[] = "(;FF[4]CA[UTF-8]GM[1]AP[Morphos]SZ[5]\n"
                              ";B[ce];W[dd];B[cc];W[be];B[ad];W[db];B[de];W[dc]\n"
                              ";B[ee];W[eb];B[ed];W[ab];B[da];W[ba];B[bb];W[cd]\n"
                              ";B[ac];W[bc];B[bc];W[ea];B[ec];W[bd];B[ca];W[aa])";
    Gtp *g = fresh();
    char err[200];
    run(g, "boardsize 5");
    run(g, "rules a");
    CU_ASSERT_EQUAL(gtp_load_sgf_text(g, rec, strlen(rec), -1, err, sizeof err), 0);
    CU_ASSERT_EQUAL(g->game.n, 24);
    CU_ASSERT_STRING_EQUAL(run(g, "rules"), "= a,edges=off,pie=on\n\n");
    run(g, "rules none");
    CU_ASSERT_EQUAL(gtp_load_sgf_text(g, rec, strlen(rec), -1, err, sizeof err), -1);
    CU_ASSERT_STRING_EQUAL(err, "move 19 (B3): illegal move B3: that stone is not weak");
    CU_ASSERT_EQUAL(g->game.n, 0);
    CU_ASSERT_STRING_EQUAL(run(g, "rules"), "= none,edges=on,pie=on\n\n");
    gtp_free(g);
}

/* The swap in SGF: written as its move text (W[swap]) or, for points-only
 * controllers, as Black's stone's point (W[be]), never as an empty value,
 * which SGF reads as a pass; both forms read back as the swap, and an
 * empty value on White's first turn is a pass (refused: the swap is
 * legal there, a pass is not), never a swap. */
static void test_sgf_swap(void)
{
    Gtp *g = fresh();
    char err[200];
    run(g, "boardsize 5");
    run(g, "pie_form swap");
    CU_ASSERT_STRING_EQUAL(run(g, "play b B1"), "= \n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "play w swap"), "= \n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "play b C3"), "= \n\n");
    char sgf[2048];
    snprintf(sgf, sizeof sgf, "%s", run(g, "printsgf") + 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(sgf, ";B[be];W[swap];B[cc])"));
    CU_ASSERT_PTR_NULL(strstr(sgf, "W[]"));
    run(g, "clear_board");
    CU_ASSERT_EQUAL_FATAL(gtp_load_sgf_text(g, sgf, strlen(sgf), -1, err, sizeof err), 0);
    CU_ASSERT_EQUAL_FATAL(g->game.n, 3);
    CU_ASSERT_EQUAL(g->game.moves[1].kind, MOVE_SWAP);
    CU_ASSERT(g->game.pos[2].swapped);
    /* Point form: White on Black's stone. */
    run(g, "pie_form point");
    char pf[2048];
    snprintf(pf, sizeof pf, "%s", run(g, "printsgf") + 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(pf, ";B[be];W[be];B[cc])"));
    run(g, "clear_board");
    CU_ASSERT_EQUAL_FATAL(gtp_load_sgf_text(g, pf, strlen(pf), -1, err, sizeof err), 0);
    CU_ASSERT_EQUAL_FATAL(g->game.n, 3);
    CU_ASSERT_EQUAL(g->game.moves[1].kind, MOVE_SWAP);
    /* An empty value is a pass, not the swap: refused here, game kept. */
    static const char empty[] = "(;FF[4]GM[1]SZ[5];B[be];W[];B[cc])";
    CU_ASSERT_EQUAL(gtp_load_sgf_text(g, empty, strlen(empty), -1, err, sizeof err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "move 2 (pass)"));
    CU_ASSERT_EQUAL(g->game.n, 3);
    gtp_free(g);
}

/* GoGui's points one at a time - the next points (gogui-rules_legal_moves)
 * and the start of a compound move (play, explain_point) - come from the
 * rules core's steps, not a list (a turn under c and d can have tens of
 * millions of moves): here against the list's answer, with no point and
 * one point pending, in random games under every compound turn. */
static void list_targets(const Gtp *g, uint64_t *bits, bool *pass)
{
    const Position *p = game_pos(&g->game);
    MoveList ml;
    movelist_init(&ml);
    pos_gen_moves(p, &ml);
    *pass = false;
    for (size_t i = 0; i < ml.n; i++) {
        const Move *m = &ml.m[i];
        if (m->kind == MOVE_PASS) *pass = g->partial.n == 0;
        if ((m->kind != MOVE_PLACE && m->kind != MOVE_FLIP) || !partial_holds(g, m)) continue;
        for (int k = 0; k < m->n; k++) {
            bool pending = false;
            for (int j = 0; j < g->partial.n; j++) pending |= g->partial.pt[j] == m->pt[k];
            if (!pending && (m->kind != MOVE_FLIP || k < m->n - 1 || m->n == g->partial.n + 1))
                bb_set(bits, p->board->bit_of[m->pt[k]]);
        }
    }
    movelist_free(&ml);
}

static bool list_starts(const Gtp *g, int q)
{
    const Position *p = game_pos(&g->game);
    for (int j = 0; j < g->partial.n; j++)
        if (g->partial.pt[j] == q) return false;
    MoveList ml;
    movelist_init(&ml);
    pos_gen_moves(p, &ml);
    bool ok = false;
    for (size_t i = 0; i < ml.n && !ok; i++) {
        const Move *m = &ml.m[i];
        int np = m->kind == MOVE_PLACE ? m->n : m->kind == MOVE_FLIP ? m->n - 1 : 0;
        bool has = false;
        for (int k = 0; k < np; k++) has |= m->pt[k] == q;
        ok = has && m->n > g->partial.n + 1 && partial_holds(g, m);
    }
    movelist_free(&ml);
    return ok;
}

static int compare_steps(Gtp *g)
{
    const Position *p = game_pos(&g->game);
    const Board *b = p->board;
    bb_t want = { 0 }, got = { 0 };
    bool wpass, gpass;
    list_targets(g, want, &wpass);
    partial_targets(g, got, &gpass);
    int bad = memcmp(want, got, sizeof want) != 0 || wpass != gpass;
    int first = -1;
    for (int q = 0; q < b->npoints; q++) {
        if (pos_color_at(p, q) != EMPTY) continue;
        char text[16];
        point_format(b, q, text, sizeof text);
        Move keep = g->partial;
        bool ext = partial_extend(g, text);
        g->partial = keep;
        bad += ext != list_starts(g, q);
        if (ext && first < 0) first = q;
    }
    return first < 0 ? -1 - bad : bad * 1000 + first;
}

static void test_gogui_steps(void)
{
    static const char *const rules[] = { "c", "c,c=upto", "d", "b,d", "c,d", "b,c,d", "c,d,d=extra",
                                          "c,c=upto,d", "d,d=extra", "c,c=adjacent", "c,c=adjacent,d" };
    long compared = 0, mismatches = 0;
    for (size_t r = 0; r < sizeof rules / sizeof *rules; r++) {
        Gtp *g = fresh();
        char cmd[64];
        run(g, "boardsize 5");
        snprintf(cmd, sizeof cmd, "rules %s", rules[r]);
        CU_ASSERT_STRING_EQUAL(run(g, cmd), "= \n\n");
        run(g, "gogui-rules_side_to_move");
        CU_ASSERT_FATAL(g->gogui);
        uint64_t rng = 77 + r;
        for (int ply = 0; ply < 14 && !pos_over(game_pos(&g->game)); ply++) {
            int c = compare_steps(g);
            int bad = c < 0 ? -1 - c : c / 1000;
            mismatches += bad;
            compared++;
            if (c >= 0) { /* one point pending */
                char text[16];
                point_format(g->game.board, c % 1000, text, sizeof text);
                CU_ASSERT(partial_extend(g, text));
                int c1 = compare_steps(g);
                mismatches += c1 < 0 ? -1 - c1 : c1 / 1000;
                compared++;
                g->partial.n = 0;
            }
            Move m = pos_random_move(game_pos(&g->game), &rng);
            CU_ASSERT_FATAL(game_play(&g->game, &m) == 0);
        }
        gtp_free(g);
    }
    CU_ASSERT(compared > 150);
    CU_ASSERT_EQUAL(mismatches, 0);
}

/* Morpharaoh: boardsize is refused and changes nothing; leaving returns to
 * the last square size. */
static void test_morpharaoh_size(void)
{
    Gtp *g = fresh();
    CU_ASSERT_STRING_EQUAL(run(g, "boardsize 7"), "= \n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "rules morpharaoh board=160"), "= \n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "play b 80"), "= \n\n");
    char before[4096], after[4096];
    snapshot(g, before, sizeof before);
    static const char *const bad[] = { "boardsize 9", "boardsize 7", "boardsize x", "play b 160", "play w 80",
                                       "play b 80", "rules morpharaoh board=64", "gogui-rules_board" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CU_ASSERT_EQUAL(run(g, bad[i])[0], '?');
        snapshot(g, after, sizeof after);
        CU_ASSERT_STRING_EQUAL(after, before);
    }
    CU_ASSERT_EQUAL(g->game.size, 7);
    CU_ASSERT_STRING_EQUAL(run(g, "rules c"), "= \n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "gogui-rules_board_size"), "= 7\n\n");
    gtp_free(g);
}

/* The Cairo picture: every cell once, as INDEX:STONE, lines under 100
 * columns on the 160-cell board, the last move in parentheses. */
static void test_cairo_showboard(void)
{
    Gtp *g = fresh();
    run(g, "rules morpharaoh board=160");
    run(g, "play b 80");
    run(g, "play w 159");
    StrBuf r;
    sb_init(&r);
    gtp_execute(g, "showboard", 9, &r);
    const char *a = sb_str(&r);
    CU_ASSERT_EQUAL(strncmp(a, "= \n", 3), 0);
    size_t col = 0, widest = 0;
    for (const char *c = a; *c; c++) {
        col = *c == '\n' ? 0 : col + 1;
        if (col > widest) widest = col;
    }
    CU_ASSERT(widest < 100);
    for (int cell = 0; cell < 160; cell++) {
        char tok[16];
        int hits = 0;
        for (int k = 0; k < 3; k++) {
            snprintf(tok, sizeof tok, " %d:%c", cell, ".XO"[k]);
            for (const char *h = strstr(a, tok); h; h = strstr(h + 1, tok)) hits++;
            snprintf(tok, sizeof tok, "(%d:%c", cell, ".XO"[k]);
            for (const char *h = strstr(a, tok); h; h = strstr(h + 1, tok)) hits++;
        }
        CU_ASSERT_EQUAL(hits, 1);
    }
    CU_ASSERT_PTR_NOT_NULL(strstr(a, " 80:X"));
    CU_ASSERT_PTR_NOT_NULL(strstr(a, "(159:O)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(a, "\nblack to move\nmoves played: 2, last move: 159 (white)\n"));
    sb_free(&r);
    gtp_free(g);
}

/* SGF setup stones land on the start position: undo stops there, the hash
 * is the one of the same stones reached by play, printsgf writes them back,
 * and a move after them is judged as usual. */
static void test_sgf_setup(void)
{
    Gtp *g = fresh();
    char err[200];
    const char *rec = "(;FF[4]GM[1]RU[morpharaoh]AB[3][9][15][23][30][36]AW[6][13][21][27][37][32]\n;B[43])";
    CU_ASSERT_EQUAL_FATAL(gtp_load_sgf_text(g, rec, strlen(rec), -1, err, sizeof err), 0);
    CU_ASSERT_EQUAL(g->game.n, 1);
    CU_ASSERT_STRING_EQUAL(run(g, "winner"), "= black\n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "undo"), "= \n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "undo"), "? cannot undo\n\n");
    uint64_t setup_hash = pos_hash(game_pos(&g->game));
    char sgf[1024];
    snprintf(sgf, sizeof sgf, "%s", run(g, "printsgf") + 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(sgf, "AB[3][9][15][23][30][36]AW[6][13][21][27][32][37])"));
    /* The same stones by play (same side to move, ply aside): same stones key. */
    Gtp *h = fresh();
    run(h, "rules morpharaoh");
    static const char *const line[] = { "3", "6", "9", "13", "15", "21", "23", "27", "30", "37", "36", "32" };
    for (int i = 0; i < 12; i++) {
        char cmd[32];
        snprintf(cmd, sizeof cmd, "play %c %s", i % 2 ? 'w' : 'b', line[i]);
        CU_ASSERT_STRING_EQUAL(run(h, cmd), "= \n\n");
    }
    CU_ASSERT_EQUAL(game_pos(&h->game)->key, game_pos(&g->game)->key);
    CU_ASSERT(setup_hash != 0);
    char mine[1024];
    snprintf(mine, sizeof mine, "%s", run(g, "legal_moves"));
    CU_ASSERT_STRING_EQUAL(mine, run(h, "legal_moves"));
    CU_ASSERT_EQUAL(strncmp(mine, "= 0 1 2 4 5 7 8 10 ", 19), 0);
    gtp_free(h);
    /* Round trip. */
    run(g, "rules none");
    CU_ASSERT_EQUAL(gtp_load_sgf_text(g, sgf, strlen(sgf), -1, err, sizeof err), 0);
    char again[1024];
    snprintf(again, sizeof again, "%s", run(g, "printsgf") + 2);
    CU_ASSERT_STRING_EQUAL(again, sgf);
    /* Refused: a game record already won, and setup after a move. */
    const char *won = "(;FF[4]RU[morpharaoh]AB[3][9][15][23][30][36][43])";
    CU_ASSERT_EQUAL(gtp_load_sgf_text(g, won, strlen(won), -1, err, sizeof err), -1);
    CU_ASSERT_STRING_EQUAL(err, "setup: black already has a winning chain");
    const char *late = "(;FF[4]SZ[5];B[cc];AW[dd])";
    CU_ASSERT_EQUAL(gtp_load_sgf_text(g, late, strlen(late), -1, err, sizeof err), -1);
    CU_ASSERT_EQUAL(gtp_load_sgf_text(g, "(;AB[a\0a])", 10, -1, err, sizeof err), -1);
    snprintf(again, sizeof again, "%s", run(g, "printsgf") + 2);
    CU_ASSERT_STRING_EQUAL(again, sgf);
    /* game_setup refuses after a move. */
    CU_ASSERT_STRING_EQUAL(run(g, "play b 43"), "= \n\n");
    CU_ASSERT_EQUAL(game_setup(&g->game, 0, BLACK), -1);
    gtp_free(g);
}

/* The command line: count first, then time; divide lists the moves. */
static void test_cli(void)
{
    char *text = NULL, *etext = NULL;
    size_t len = 0, elen = 0;
    FILE *out = open_memstream(&text, &len), *err = open_memstream(&etext, &elen);
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    CU_ASSERT_PTR_NOT_NULL_FATAL(err);
    char *argv[] = { "perft", "--size", "3", "--rules", "none", "--moves", "B2", "--depth", "2", NULL };
    CU_ASSERT_EQUAL(cli_perft(9, argv, out, err), 0);
    fflush(out);
    CU_ASSERT_EQUAL(strncmp(text, "64\ntime ", 8), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, " leaves/s\n"));
    rewind(out);
    char *dargv[] = { "divide", "--size", "3", "--moves", "B2;A1", "--depth", "1", "--bulk", "off", NULL };
    CU_ASSERT_EQUAL(cli_perft(9, dargv, out, err), 0);
    fflush(out);
    CU_ASSERT_EQUAL(strncmp(text, "7\n", 2), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\nC1 1\n"));
    /* The GTP commands' listing limit (a turn of 38,391,578 moves: divide
     * listed them all, perft 1 too), perft 1 counting at once. */
    char *moves = "M14;M13,A1;L14,L13;A2,A3;M12,A5;A4,A6;M13";
    char *big[] = { "divide", "--size", "25", "--rules", "c d", "--moves", moves, "--depth", "1", NULL };
    char *big2[] = { "perft", "--size", "25", "--rules", "c d", "--moves", moves, "--depth", "2", NULL };
    char *big1[] = { "perft", "--size", "25", "--rules", "c d", "--moves", moves, "--depth", "1", NULL };
    CU_ASSERT_EQUAL(cli_perft(9, big, out, err), 1);
    CU_ASSERT_EQUAL(cli_perft(9, big2, out, err), 1);
    fflush(err);
    CU_ASSERT_PTR_NOT_NULL(strstr(etext, "morphos: divide: 38391578 legal moves, too many to list (at most 1000000)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(etext, "morphos: perft 2 and deeper: 38391578 legal moves, too many to list"));
    rewind(out);
    CU_ASSERT_EQUAL(cli_perft(9, big1, out, err), 0);
    fflush(out);
    CU_ASSERT_EQUAL(strncmp(text, "38391578\ntime ", 14), 0);
    char *bad1[] = { "perft", "--size", "3", NULL };
    char *bad2[] = { "perft", "--depth", "1", "--moves", "B2;B2", NULL };
    char *bad3[] = { "perft", "--depth", "1", "--rules", "x", NULL };
    char *bad4[] = { "perft", "--depth", "1", "--frobnicate", "1", NULL };
    char *bad5[] = { "perft", "--depth", NULL };
    char *bad6[] = { "perft", "--size", "5", "--rules", "morpharaoh", "--depth", "1", NULL };
    CU_ASSERT_EQUAL(cli_perft(7, bad6, out, err), 2);
    CU_ASSERT_EQUAL(cli_perft(3, bad1, out, err), 2);
    CU_ASSERT_EQUAL(cli_perft(5, bad2, out, err), 2);
    CU_ASSERT_EQUAL(cli_perft(5, bad3, out, err), 2);
    CU_ASSERT_EQUAL(cli_perft(5, bad4, out, err), 2);
    CU_ASSERT_EQUAL(cli_perft(2, bad5, out, err), 2);
    fflush(err);
    CU_ASSERT_PTR_NOT_NULL(strstr(etext, "--depth is required"));
    CU_ASSERT_PTR_NOT_NULL(strstr(etext, "move 2 'B2'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(etext, "unknown option"));
    CU_ASSERT_PTR_NOT_NULL(strstr(etext, "--size does not apply to Morpharaoh"));
    fclose(out);
    fclose(err);
    free(text);
    free(etext);
}


/* Points-only controllers get White's swap as a point (pie.c): under every
 * mutator with the pie, after every first move of Black, some point says
 * the swap and reads back as it, and no legal move is mistaken for it. */
static void test_swap_point(void)
{
    static const char *const rules[] = { "none", "a", "a,edges=on", "b", "d", "d,d=extra", "e", "e,e=a1white",
                                          "c,c=upto", "a,b,d,e", "a,b,c,c=upto,d,d=extra,e,e=a1white",
                                          "morpharaoh,pie=on", "morpharaoh,board=160,pie=on,edge=majority" };
    static const int sizes[] = { 2, 3, 4, 5, 6, 7, 9 };
    Position *p = aligned_alloc(64, (sizeof(Position) + 63) & ~(size_t)63);
    Position *q = aligned_alloc(64, (sizeof(Position) + 63) & ~(size_t)63);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_PTR_NOT_NULL_FATAL(q);
    long swaps = 0;
    for (size_t r = 0; r < sizeof rules / sizeof *rules; r++) {
        Ruleset rs;
        ruleset_default(&rs);
        CU_ASSERT_PTR_NULL_FATAL(ruleset_parse(&rs, rules[r]));
        bool cairo = rs.game == GAME_MORPHARAOH;
        for (size_t s = 0; s < (cairo ? 1 : sizeof sizes / sizeof *sizes); s++) {
            char err[160];
            Board *b = board_create(cairo ? 0 : sizes[s], &rs, err, sizeof err);
            CU_ASSERT_PTR_NOT_NULL_FATAL(b);
            pos_init(p, b);
            MoveList first;
            movelist_init(&first);
            pos_gen_moves(p, &first);
            for (size_t i = 0; i < first.n; i++) {
                *q = *p;
                pos_play(q, &first.m[i]);
                Move sw = move_of(MOVE_SWAP);
                int pt = swap_point(q, &first.m[i]);
                if (pos_over(q) || pos_check_move(q, &sw) != NULL) {
                    CU_ASSERT_EQUAL(pt, -1);
                    continue;
                }
                swaps++;
                CU_ASSERT(pt >= 0);
                if (pt < 0) {
                    fprintf(stderr, "no swap point: rules %s size %d\n", rules[r], b->size);
                    continue;
                }
                char text[16];
                Move m, legal;
                point_format(b, pt, text, sizeof text);
                CU_ASSERT(swap_by_point(q, text, &m) && m.kind == MOVE_SWAP);
                CU_ASSERT(move_parse(q, text, &legal, err, sizeof err) < 0);
            }
            movelist_free(&first);
            board_free(b);
        }
    }
    CU_ASSERT(swaps > 1000);
    free(p);
    free(q);
}

static int polls;
static int stop_at_third(void *ctx)
{
    (void)ctx;
    return ++polls >= 3;
}

/* gtp_set_interrupt: what the web worker uses instead of `# interrupt`.
 * Each search below would run for seconds or minutes uninterrupted; the
 * hook is polled and ends it, and genmove still plays a legal move. */
static void test_outside_interrupt(void)
{
    Gtp *g = gtp_create(engine_create());
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    gtp_set_interrupt(g, stop_at_third, NULL);
    CU_ASSERT_STRING_EQUAL(run(g, "set_param book off"), "= \n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "set_param threads 1"), "= \n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "set_param movetime 600"), "= \n\n");
    const char *a = run(g, "genmove b");
    CU_ASSERT(a[0] == '=' && strlen(a) > 4);
    CU_ASSERT_EQUAL(polls, 3);
    CU_ASSERT(strncmp(run(g, "move_history"), "= black ", 8) == 0);
    polls = 0;
    a = run(g, "analyze w 360000");
    CU_ASSERT(a[0] == '=');
    CU_ASSERT_EQUAL(polls, 3);
    polls = 0;
    CU_ASSERT_STRING_EQUAL(run(g, "boardsize 13"), "= \n\n");
    CU_ASSERT_STRING_EQUAL(run(g, "solve 600"), "= unknown\n\n");
    CU_ASSERT(polls >= 3);
    gtp_set_interrupt(g, NULL, NULL);
    gtp_free(g);
}

/* The JSON reader: values, escapes, and a clear refusal with the place. */
static void test_json(void)
{
    JsonDoc d;
    char err[200];
    const char *ok = " {\"a\": [1, -2.5e3, true, false, null, \"x\\u00e9\\ud83d\\ude00\\n\\\"\"], \"b\": {}, \"a\": 0} ";
    CU_ASSERT_EQUAL_FATAL(json_parse(&d, ok, strlen(ok), err, sizeof err), 0);
    const JsonValue *root = json_root(&d), *a = json_member(&d, root, "a");
    CU_ASSERT_EQUAL(root->type, JSON_OBJECT);
    CU_ASSERT_EQUAL(json_count(&d, root), 3);
    CU_ASSERT_EQUAL_FATAL(a->type, JSON_ARRAY); /* the first "a" */
    CU_ASSERT_EQUAL(json_count(&d, a), 6);
    const JsonValue *e = json_first(&d, a);
    CU_ASSERT_STRING_EQUAL(e->text, "1");
    e = json_next(&d, e);
    CU_ASSERT_STRING_EQUAL(e->text, "-2.5e3");
    CU_ASSERT_EQUAL(json_next(&d, e)->type, JSON_TRUE);
    for (int i = 0; i < 4; i++) e = json_next(&d, e);
    CU_ASSERT_EQUAL(e->type, JSON_STRING);
    CU_ASSERT_STRING_EQUAL(e->text, "x\xc3\xa9\xf0\x9f\x98\x80\n\"");
    CU_ASSERT_EQUAL(json_count(&d, json_member(&d, root, "b")), 0);
    CU_ASSERT_PTR_NULL(json_member(&d, root, "c"));
    json_free(&d);
    static const struct {
        const char *text, *err;
    } bad[] = {
        { "", "bad JSON: expected a value at the end of the text" },
        { "[1,]", "bad JSON at line 1, column 4: not a value (a string, number, object, array, true, false or null)" },
        { "{\"a\" 1}", "bad JSON at line 1, column 6: expected ':' after the member name" },
        { "[1 2]", "bad JSON at line 1, column 4: expected ',' or ']'" },
        { "[\n\"a\n\"]", "bad JSON at line 2, column 3: a control character inside a string (write it as an escape)" },
        { "\"\\x\"", "bad JSON at line 1, column 2: a bad escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four hex digits)" },
        { "[01]", "bad JSON at line 1, column 3: expected ',' or ']'" },
        { "1 2", "bad JSON at line 1, column 3: more text after the value" },
        { "{\"a\": [", "bad JSON: expected a value at the end of the text" },
        { "[\"abc", "bad JSON at line 1, column 2: a string without its closing quote" },
        { "tru", "bad JSON at line 1, column 1: not a value (a string, number, object, array, true, false or null)" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CU_ASSERT_EQUAL(json_parse(&d, bad[i].text, strlen(bad[i].text), err, sizeof err), -1);
        CU_ASSERT_STRING_EQUAL(err, bad[i].err);
        CU_ASSERT_PTR_NULL(json_root(&d));
    }
    /* Nesting is bounded: 64 levels are read, 65 refused. */
    char deep[200];
    for (int levels = 64; levels <= 65; levels++) {
        memset(deep, '[', (size_t)levels);
        memset(deep + levels, ']', (size_t)levels);
        int rc = json_parse(&d, deep, 2 * (size_t)levels, err, sizeof err);
        CU_ASSERT_EQUAL(rc, levels == 64 ? 0 : -1);
        if (rc == 0) json_free(&d);
        else CU_ASSERT_PTR_NOT_NULL(strstr(err, "nested too deeply"));
    }
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS) return 1;
    CU_pSuite s = CU_add_suite("protocol", NULL, NULL);
    struct {
        const char *name;
        void (*fn)(void);
    } tests[] = {
        { "argument parsing", test_args },
        { "text buffer", test_strbuf },
        { "line reader: CR, cut lines, EOF mid-line", test_reader },
        { "line reader: # interrupt, not the end of input", test_reader_interrupt },
        { "game record: play, undo, failed reset", test_game_record },
        { "answer framing and ids", test_framing },
        { "over-long lines", test_long_line },
        { "a failing command changes nothing", test_errors_change_nothing },
        { "SGF round trip", test_sgf_round_trip },
        { "SGF without RU: the rules being played", test_sgf_without_rules },
        { "SGF: the swap is never written or read as a pass", test_sgf_swap },
        { "GoGui's point-by-point moves from the rules core's steps", test_gogui_steps },
        { "perft/divide command line", test_cli },
        { "Morpharaoh: boardsize refused, square size kept", test_morpharaoh_size },
        { "Morpharaoh showboard picture", test_cairo_showboard },
        { "SGF setup stones", test_sgf_setup },
        { "the swap as a point, every first move under every mutator", test_swap_point },
        { "an outside interrupt ends genmove, analyze, solve", test_outside_interrupt },
        { "JSON reader", test_json },
    };
    for (size_t i = 0; i < sizeof tests / sizeof *tests; i++) CU_add_test(s, tests[i].name, tests[i].fn);
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    unsigned fails = CU_get_number_of_tests_failed();
    CU_cleanup_registry();
    return fails ? 1 : 0;
}
