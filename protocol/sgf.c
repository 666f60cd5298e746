/* sgf.c - loadsgf and printsgf: the game record as SGF.
 *
 * The written form is FF[4] with GM[1] (GoGui reads it), SZ, RU (the
 * canonical rules text) and one node per move. Single points use SGF
 * coordinates (column letter, row letter from the top), pass is empty, and
 * moves SGF cannot express (swap, compound moves) are written as their move
 * text, e.g. W[swap], B[C3,E5]. Reading accepts all of these, follows the
 * main line, and replays the moves on a fresh game: a file with an illegal
 * move, setup stones or unknown rules is refused and the current game kept. */
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "context.h"

#define SGF_MAX_BYTES (4u << 20)

static GtpStatus fail(StrBuf *out, const char *msg)
{
    sb_puts(out, msg);
    return GTP_ERR;
}

/* ---- writing ---- */

static void sgf_move(StrBuf *out, const Board *b, const Move *m)
{
    if (m->kind == MOVE_PASS) return;
    if (b->size > 0 && m->n == 1 && (m->kind == MOVE_PLACE || m->kind == MOVE_FLIP)) {
        int x = m->pt[0] % b->size, y = m->pt[0] / b->size;
        sb_printf(out, "%c%c", 'a' + x, 'a' + (b->size - 1 - y));
        return;
    }
    char buf[32];
    move_format(b, m, buf, sizeof buf);
    sb_puts(out, buf);
}

static void write_sgf(const Game *gm, StrBuf *out)
{
    const Board *b = gm->board;
    char rules[256];
    ruleset_format(&b->rules, rules, sizeof rules);
    sb_puts(out, "(;FF[4]CA[UTF-8]GM[1]AP[Morphos]");
    if (b->size > 0) sb_printf(out, "SZ[%d]", b->size);
    sb_printf(out, "RU[%s]", rules);
    const Position *p = game_pos(gm);
    if (p->result == RESULT_BLACK) sb_puts(out, "RE[B+]");
    else if (p->result == RESULT_WHITE) sb_puts(out, "RE[W+]");
    else if (p->result == RESULT_DRAW) sb_puts(out, "RE[0]");
    for (size_t i = 0; i < gm->n; i++) {
        sb_printf(out, "%s;%c[", i % 8 == 0 ? "\n" : "", gm->pos[i].to_move == BLACK ? 'B' : 'W');
        sgf_move(out, b, &gm->moves[i]);
        sb_putc(out, ']');
    }
    sb_puts(out, ")\n");
}

GtpStatus cmd_printsgf(Gtp *g, int argc, char **argv, StrBuf *out)
{
    if (argc > 1) return fail(out, "usage: printsgf [FILE]");
    if (argc == 0) {
        write_sgf(&g->game, out);
        return GTP_OK;
    }
    if (!g->lim.files) return fail(out, "file access disabled");
    StrBuf text;
    sb_init(&text);
    write_sgf(&g->game, &text);
    FILE *f = fopen(argv[0], "w");
    bool ok = f && fwrite(sb_str(&text), 1, text.len, f) == text.len;
    if (f && fclose(f) != 0) ok = false;
    sb_free(&text);
    if (!ok) return fail(out, "cannot write file");
    return GTP_OK;
}

/* ---- reading ---- */

typedef struct SgfProp {
    char id[8];
    char *val; /* the first value, unescaped */
    int nvals;
} SgfProp;

typedef struct Sgf {
    const char *s, *end;
} Sgf;

static void skip_space(Sgf *p)
{
    while (p->s < p->end && (*p->s == ' ' || *p->s == '\n' || *p->s == '\r' || *p->s == '\t')) p->s++;
}

/* One property with its values at p->s (an uppercase letter). The first
 * value is kept (unescaped, soft line breaks removed); -1 on bad syntax. */
static int read_prop(Sgf *p, SgfProp *pr, StrBuf *val)
{
    size_t n = 0;
    while (p->s < p->end && ((*p->s >= 'A' && *p->s <= 'Z') || (*p->s >= 'a' && *p->s <= 'z'))) {
        /* FF[3] allowed lowercase letters inside identifiers: ignore them. */
        if (*p->s >= 'A' && *p->s <= 'Z' && n < sizeof pr->id - 1) pr->id[n++] = *p->s;
        p->s++;
    }
    pr->id[n] = '\0';
    pr->nvals = 0;
    sb_clear(val);
    skip_space(p);
    while (p->s < p->end && *p->s == '[') {
        p->s++;
        for (;;) {
            if (p->s >= p->end) return -1;
            char c = *p->s++;
            if (c == ']') break;
            if (c == '\\') {
                if (p->s >= p->end) return -1;
                c = *p->s++;
                if (c == '\n' || c == '\r') continue; /* soft line break */
            }
            if (pr->nvals == 0) sb_putc(val, c);
        }
        pr->nvals++;
        skip_space(p);
    }
    if (pr->nvals == 0) return -1;
    pr->val = val->s ? val->s : "";
    return 0;
}

/* An SGF move value as move text for move_parse. */
static void move_text(const Board *b, const char *v, char *buf, size_t len)
{
    size_t n = strlen(v);
    int size = b->size;
    if (n == 0 || (size > 0 && size <= 19 && !strcmp(v, "tt"))) {
        snprintf(buf, len, "pass");
    } else if (size > 0 && n == 2 && v[0] >= 'a' && v[0] < 'a' + size && v[1] >= 'a' && v[1] < 'a' + size) {
        int x = v[0] - 'a', y = size - 1 - (v[1] - 'a');
        point_format(b, y * size + x, buf, len);
    } else {
        snprintf(buf, len, "%s", v);
    }
}

typedef struct SgfGame {
    int size;          /* 0: not given */
    Ruleset rules;
    bool have_rules;
} SgfGame;

/* Replay the main line of text into gm (fresh). Stops after `limit` moves
 * (-1: all). 0, or -1 with a message in err. */
static int load(const char *text, size_t len, Game *gm, int cur_size, long limit, char *err, size_t errlen)
{
    Sgf p = { text, text + len };
    StrBuf val;
    sb_init(&val);
    int rc = -1;
    bool started = false, board_ready = false;
    SgfGame info = { 0 };
    long moves = 0;
    memset(gm, 0, sizeof *gm);

    skip_space(&p);
    while (p.s < p.end && *p.s != '(') p.s++;
    if (p.s >= p.end) {
        snprintf(err, errlen, "not an SGF file");
        goto out;
    }
    while (p.s < p.end) {
        skip_space(&p);
        if (p.s >= p.end) break;
        char c = *p.s;
        if (c == '(') { /* the main line is always the first variation */
            p.s++;
            continue;
        }
        if (c == ')') break;
        if (c == ';') {
            p.s++;
            started = true;
            continue;
        }
        if (!started || !((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
            snprintf(err, errlen, "SGF syntax error");
            goto out;
        }
        SgfProp pr;
        if (read_prop(&p, &pr, &val) < 0) {
            snprintf(err, errlen, "SGF syntax error");
            goto out;
        }
        bool is_move = !strcmp(pr.id, "B") || !strcmp(pr.id, "W");
        if (!board_ready && !is_move) {
            if (!strcmp(pr.id, "SZ")) {
                long n;
                if (arg_int(pr.val, MIN_SIZE, MAX_SIZE, &n) < 0) {
                    snprintf(err, errlen, "unacceptable size in SZ");
                    goto out;
                }
                info.size = (int)n;
            } else if (!strcmp(pr.id, "RU")) {
                ruleset_default(&info.rules);
                const char *why = ruleset_parse(&info.rules, pr.val);
                if (why) {
                    snprintf(err, errlen, "RU: %s", why);
                    goto out;
                }
                info.have_rules = true;
            } else if (!strcmp(pr.id, "GM") && strcmp(pr.val, "1") != 0) {
                snprintf(err, errlen, "not a Morphos game record (GM[%.20s])", pr.val);
                goto out;
            }
        }
        if (!strcmp(pr.id, "AB") || !strcmp(pr.id, "AW") || !strcmp(pr.id, "AE")) {
            snprintf(err, errlen, "setup stones are not supported");
            goto out;
        }
        if (!is_move) continue;
        if (!board_ready) {
            if (!info.have_rules) ruleset_default(&info.rules);
            if (game_init(gm, info.size ? info.size : cur_size, &info.rules, err, errlen) < 0) goto out;
            board_ready = true;
        }
        if (limit >= 0 && moves >= limit) continue;
        const Position *pos = game_pos(gm);
        Color col = pr.id[0] == 'B' ? BLACK : WHITE;
        char mt[64], why[160];
        Move m;
        if (pos_over(pos)) {
            snprintf(err, errlen, "move %ld: the game is already over", moves + 1);
            goto out;
        }
        if (col != (Color)pos->to_move) {
            snprintf(err, errlen, "move %ld: not %s's turn", moves + 1, color_name(col));
            goto out;
        }
        move_text(gm->board, pr.val, mt, sizeof mt);
        if (move_parse(pos, mt, &m, why, sizeof why) < 0) {
            snprintf(err, errlen, "move %ld (%.40s): %s", moves + 1, mt, why);
            goto out;
        }
        if (game_play(gm, &m) < 0) {
            snprintf(err, errlen, "game record full");
            goto out;
        }
        moves++;
    }
    if (!board_ready) {
        if (!info.have_rules) ruleset_default(&info.rules);
        if (game_init(gm, info.size ? info.size : cur_size, &info.rules, err, errlen) < 0) goto out;
        board_ready = true;
    }
    rc = 0;
out:
    sb_free(&val);
    if (rc < 0 && gm->board) game_free(gm);
    return rc;
}

static char *read_file(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open file");
        return NULL;
    }
    char *buf = malloc(SGF_MAX_BYTES + 1);
    size_t n = buf ? fread(buf, 1, SGF_MAX_BYTES + 1, f) : 0;
    bool bad = ferror(f);
    fclose(f);
    if (!buf || bad || n > SGF_MAX_BYTES) {
        snprintf(err, errlen, !buf ? "out of memory" : bad ? "cannot read file" : "file too large");
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* Parse SGF text into the context's game (exported for tests and fuzzing
 * through loadsgf's logic without files). */
int gtp_load_sgf_text(Gtp *g, const char *text, size_t len, long limit, char *err, size_t errlen)
{
    Game fresh;
    if (load(text, len, &fresh, g->game.size, limit, err, errlen) < 0) return -1;
    game_free(&g->game);
    g->game = fresh;
    gtp_new_game(g);
    return 0;
}

GtpStatus cmd_loadsgf(Gtp *g, int argc, char **argv, StrBuf *out)
{
    long upto = -1;
    if (argc < 1 || argc > 2) return fail(out, "usage: loadsgf FILE [MOVE_NUMBER]");
    if (argc == 2) {
        if (arg_int(argv[1], 1, GAME_MAX_PLIES + 1, &upto) < 0) return fail(out, "invalid move number");
        upto -= 1; /* the position before move MOVE_NUMBER */
    }
    if (!g->lim.files) return fail(out, "file access disabled");
    char err[200];
    size_t len;
    char *text = read_file(argv[0], &len, err, sizeof err);
    if (!text) return fail(out, err);
    int rc = gtp_load_sgf_text(g, text, len, upto, err, sizeof err);
    free(text);
    if (rc < 0) return fail(out, err);
    return GTP_OK;
}
