/* gtp.c - the GTP v2 loop: reading and cleaning lines, ids, the command
 * table, answer framing, and the administrative commands. */
#include "gtp.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/clock.h"
#include "context.h"

#define GTP_MAX_ID_DIGITS 18 /* fits in a long long; longer ids are errors */

#ifndef MORPHOS_VERSION
#define MORPHOS_VERSION "0.1"
#endif

static GtpStatus cmd_protocol_version(Gtp *, int, char **, StrBuf *);
static GtpStatus cmd_name(Gtp *, int, char **, StrBuf *);
static GtpStatus cmd_version(Gtp *, int, char **, StrBuf *);
static GtpStatus cmd_known_command(Gtp *, int, char **, StrBuf *);
static GtpStatus cmd_list_commands(Gtp *, int, char **, StrBuf *);
static GtpStatus cmd_quit(Gtp *, int, char **, StrBuf *);

const GtpCommand gtp_commands[] = {
    {"protocol_version", cmd_protocol_version, 0},
    {"name", cmd_name, 0},
    {"version", cmd_version, 0},
    {"known_command", cmd_known_command, 1},
    {"list_commands", cmd_list_commands, 0},
    {"quit", cmd_quit, 0},
    {"boardsize", cmd_boardsize, 1},
    {"clear_board", cmd_clear_board, 0},
    {"komi", cmd_komi, 1},
    {"play", cmd_play, 2},
    {"genmove", cmd_genmove, 1},
    {"reg_genmove", cmd_reg_genmove, 1},
    {"undo", cmd_undo, 0},
    {"showboard", cmd_showboard, 0},
    {"final_score", cmd_final_score, 0},
    {"time_settings", cmd_time_settings, 3},
    {"time_left", cmd_time_left, 3},
    {"kgs-time_settings", cmd_kgs_time_settings, 4},
    {"loadsgf", cmd_loadsgf, 2},
    {"printsgf", cmd_printsgf, 1},
    {"rules", cmd_rules, -1},
    {"legal_moves", cmd_legal_moves, 1},
    {"perft", cmd_perft, 1},
    {"divide", cmd_divide, 1},
    {"winner", cmd_winner, 0},
    {"weak_stones", cmd_weak_stones, 1},
    {"winning_chain", cmd_winning_chain, 1},
    {"explain_point", cmd_explain_point, 1},
    {"board_geometry", cmd_board_geometry, 0},
    {"stones", cmd_stones, 1},
    {"side_to_move", cmd_side_to_move, 0},
    {"move_history", cmd_move_history, 0},
    {"set_param", cmd_set_param, -1},
    {"get_param", cmd_get_param, 1},
    {"solve", cmd_solve, 1},
    {"proofdb", cmd_proofdb, 3},
    {"opening_map", cmd_opening_map, -1},
    {"analyze", cmd_analyze, 2},
    {"search_gfx", cmd_search_gfx, 2},
    {"ap_play", cmd_ap_play, -1},
    {"ap_genmove", cmd_ap_genmove, 1},
    {"ap_legal_moves", cmd_ap_legal_moves, 0},
    {"ap_loadgame", cmd_ap_loadgame, -1},
    {"ap_loadrecord", cmd_ap_loadrecord, 2},
    {"ap_printgame", cmd_ap_printgame, 0},
    {"ap_winner", cmd_ap_winner, 0},
    {"ap_showboard", cmd_ap_showboard, 0},
    {"ap_analyze", cmd_ap_analyze, 1},
    {"ap_suggest", cmd_ap_suggest, 0},
    {"ap_solve", cmd_ap_solve, 1},
    {"ap_review", cmd_ap_review, 1},
    {"gogui-rules_game_id", cmd_gogui_game_id, 0},
    {"gogui-rules_board_size", cmd_gogui_board_size, 0},
    {"gogui-rules_board", cmd_gogui_board, 0},
    {"gogui-rules_legal_moves", cmd_gogui_legal_moves, 0},
    {"gogui-rules_side_to_move", cmd_gogui_side_to_move, 0},
    {"gogui-rules_final_result", cmd_gogui_final_result, 0},
    {"gogui-rules_captured_count", cmd_gogui_captured_count, 0},
    {"gogui-analyze_commands", cmd_gogui_analyze_commands, 0},
    {"gogui-params", cmd_gogui_params, -1},
    {"gogui-interrupt", cmd_gogui_interrupt, 0},
    {"gogui-version", cmd_gogui_version, -1},
    {"pie_form", cmd_pie_form, 1},
    {NULL, NULL, 0},
};

static const GtpCommand *find_command(const char *name)
{
    for (const GtpCommand *c = gtp_commands; c->name; c++)
        if (!strcmp(c->name, name)) return c;
    return NULL;
}

static GtpStatus cmd_protocol_version(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)g, (void)argc, (void)argv;
    sb_puts(out, "2");
    return GTP_OK;
}

static GtpStatus cmd_name(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)g, (void)argc, (void)argv;
    sb_puts(out, "Morphos");
    return GTP_OK;
}

static GtpStatus cmd_version(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)g, (void)argc, (void)argv;
    sb_puts(out, MORPHOS_VERSION);
    return GTP_OK;
}

static GtpStatus cmd_known_command(Gtp *g, int argc, char **argv, StrBuf *out)
{
    if (argc != 1) {
        sb_puts(out, "usage: known_command NAME");
        return GTP_ERR;
    }
    sb_puts(out, find_command(argv[0]) && gogui_offered(g, argv[0]) ? "true" : "false");
    return GTP_OK;
}

static GtpStatus cmd_list_commands(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv;
    bool first = true;
    for (const GtpCommand *c = gtp_commands; c->name; c++) {
        if (!gogui_offered(g, c->name)) continue;
        sb_printf(out, "%s%s", first ? "" : "\n", c->name);
        first = false;
    }
    return GTP_OK;
}

static GtpStatus cmd_quit(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv, (void)out;
    g->quit = true;
    return GTP_OK;
}

void gtp_new_game(Gtp *g)
{
    g->partial.n = 0;
    if (g->engine) engine_new_game(g->engine, game_pos(&g->game));
}

Gtp *gtp_create(Engine *engine)
{
    Gtp *g = calloc(1, sizeof *g);
    if (!g) {
        if (engine) engine_free(engine);
        return NULL;
    }
    Ruleset r;
    ruleset_default(&r);
    char err[128];
    if (game_init(&g->game, 9, &r, err, sizeof err) < 0) {
        if (engine) engine_free(engine);
        free(g);
        return NULL;
    }
    g->engine = engine;
    g->lim = (GtpLimits){ .max_depth = 64, .files = true, .search = true };
    g->id = "";
    gtp_new_game(g);
    return g;
}

void gtp_free(Gtp *g)
{
    if (!g) return;
    game_free(&g->game);
    if (g->engine) engine_free(g->engine);
    free(g);
}

void gtp_set_limits(Gtp *g, const GtpLimits *lim) { g->lim = *lim; }

void gtp_set_interrupt(Gtp *g, int (*poll)(void *ctx), void *ctx)
{
    g->interrupt = poll;
    g->interrupt_ctx = ctx;
}

/* GTP 2.2 preprocessing, in place: control characters other than HT and LF
 * are removed, HT becomes a space, a '#' starts a comment. Bytes >= 0x80
 * stay: they cannot be part of a valid command and will be reported. */
static size_t clean_line(char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '#') break;
        if (c == '\t') c = ' ';
        else if (c < 32 || c == 127) continue;
        s[n++] = (char)c;
    }
    s[n] = '\0';
    return n;
}

/* The words of a cleaned line. No limit of their own: the line's length
 * bounds them (a move list is one word a move). */
static size_t count_words(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        if (*s != ' ' && (s[1] == ' ' || s[1] == '\0')) n++;
    return n;
}

/* Split on spaces in place into argv (room for every word). */
static int split(char *s, char **argv)
{
    int argc = 0;
    for (;;) {
        while (*s == ' ') s++;
        if (!*s) return argc;
        argv[argc++] = s;
        while (*s && *s != ' ') s++;
        if (*s) *s++ = '\0';
    }
}

static bool all_digits(const char *s)
{
    if (!*s) return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return false;
    return true;
}

/* (gtp.h) Runs of newlines are collapsed and trailing ones dropped. */
void gtp_frame(StrBuf *reply, bool ok, const char *id, const char *text)
{
    sb_putc(reply, ok ? '=' : '?');
    sb_puts(reply, id);
    sb_putc(reply, ' ');
    size_t n = strlen(text);
    while (n && text[n - 1] == '\n') n--;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n' && i > 0 && text[i - 1] == '\n') continue;
        /* Echoed input may hold any bytes; answers stay printable ASCII. */
        if ((c < 32 && c != '\n') || c >= 127) c = '?';
        sb_putc(reply, (char)c);
    }
    sb_puts(reply, "\n\n");
}

/* The command of a split line: the id, the checks, the handler. */
static bool run_words(Gtp *g, int argc, char **argv, bool comment, bool toolong, StrBuf *reply)
{
    /* A blank or comment line is no command (GTP). A line cut for its
     * length whose kept part is blank may hold a command further on: it
     * gets its one answer, so that the controller never waits. */
    if (argc == 0 && (!toolong || comment)) return !g->quit;
    if (argc == 0) {
        gtp_frame(reply, false, "", "line too long (at most " GTP_MAX_LINE_TEXT " bytes)");
        return true;
    }

    const char *id = "";
    int a = 0;
    if (all_digits(argv[0])) {
        if (strlen(argv[0]) > GTP_MAX_ID_DIGITS) {
            gtp_frame(reply, false, "", "id too large");
            return true;
        }
        id = argv[0];
        a = 1;
    }
    if (toolong) {
        gtp_frame(reply, false, id, "line too long (at most " GTP_MAX_LINE_TEXT " bytes)");
        return true;
    }
    if (a == argc) {
        gtp_frame(reply, false, id, "missing command");
        return true;
    }
    const GtpCommand *c = find_command(argv[a]);
    if (!c) {
        gtp_frame(reply, false, id, "unknown command");
        return true;
    }
    if (c->max_args >= 0 && argc - a - 1 > c->max_args) {
        gtp_frame(reply, false, id, "too many arguments");
        return true;
    }
    StrBuf out;
    sb_init(&out);
    g->id = id;
    GtpStatus st = c->fn(g, argc - a - 1, argv + a + 1, &out);
    g->id = "";
    /* A controller that speaks GoGui's rules extension (pie_form auto);
     * only an answered command counts: a refusal changes nothing. */
    if (st == GTP_OK && !strncmp(c->name, "gogui-rules_", 12)) g->gogui = true;
    if (st != GTP_DONE) {
        if (out.overflow) gtp_frame(reply, false, id, "answer too long");
        else gtp_frame(reply, st == GTP_OK, id, sb_str(&out));
    }
    sb_free(&out);
    return !g->quit;
}

static bool execute(Gtp *g, char *line, size_t len, bool toolong, StrBuf *reply)
{
    bool comment = memchr(line, '#', len) != NULL;
    len = clean_line(line, len);
    assert(len < GTP_MAX_LINE);
    char **argv = malloc((count_words(line) + 1) * sizeof *argv);
    if (!argv) {
        gtp_frame(reply, false, "", "out of memory");
        return true;
    }
    int argc = split(line, argv);
    bool go = run_words(g, argc, argv, comment, toolong, reply);
    free(argv);
    return go;
}

bool gtp_execute(Gtp *g, const char *line, size_t len, StrBuf *reply)
{
    assert(g && (line || len == 0) && reply);
    bool toolong = len >= GTP_MAX_LINE;
    if (toolong) len = GTP_MAX_LINE - 1;
    char *copy = malloc(len + 1);
    if (!copy) {
        gtp_frame(reply, false, "", "out of memory");
        return true;
    }
    memcpy(copy, line, len);
    copy[len] = '\0';
    bool go = execute(g, copy, len, toolong, reply);
    free(copy);
    return go;
}

int gtp_run(Gtp *g, int in_fd, FILE *out)
{
    Reader *r = malloc(sizeof *r);
    char *line = malloc(GTP_MAX_LINE);
    if (!r || !line) {
        free(r);
        free(line);
        return 1;
    }
    reader_init(r, in_fd);
    g->reader = r;
    g->stream = out;
    StrBuf reply;
    sb_init(&reply);
    size_t len;
    bool toolong;
    bool go = true;
    while (go && reader_line(r, line, GTP_MAX_LINE, &len, &toolong)) {
        double arrived = now_seconds();
        sb_clear(&reply);
        go = execute(g, line, len, toolong, &reply);
        if (reply.len) {
            fwrite(reply.s, 1, reply.len, out);
            fflush(out);
        }
        /* A genmove's whole cost as the controller's clock sees it, but
         * the pipe: the time manager's latency reserve. */
        engine_answered(g->engine, now_seconds() - arrived);
        if (ferror(out)) break; /* the controller is gone: nobody to answer */
    }
    sb_free(&reply);
    g->reader = NULL;
    g->stream = NULL;
    free(line);
    free(r);
    return 0;
}
