/* sgf.c - loadsgf and printsgf: the game record as SGF.
 *
 * The written form is FF[4] with GM[1] (GoGui reads it), SZ (square boards
 * only), RU (the canonical rules text, which names the game and its
 * board), setup stones (AB/AW/AE) where the start position differs from
 * the rules' own, and one node per move. Points of square boards use SGF
 * coordinates (column letter, row letter from the top), Cairo cells their
 * decimal number; pass is empty, and moves SGF cannot express (swap,
 * compound moves) are written as their move text, e.g. W[swap], B[C3,E5];
 * for points-only controllers (pie.c) the swap is White on Black's stone.
 *
 * Reading accepts all of these (White on Black's stone, when that is not a
 * legal move, is the swap), follows the main line, puts the setup
 * stones (given before the first move) on the start position, and replays
 * the moves: a file with an illegal move, a bad setup or unknown rules is
 * refused and the current game kept. A record without RU is a game of the
 * rules being played (GoGui and gogui-twogtp write none). */
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "context.h"
#include "file.h"

#define SGF_MAX_BYTES (4u << 20)

static GtpStatus fail(StrBuf *out, const char *msg)
{
    sb_puts(out, msg);
    return GTP_ERR;
}

/* ---- writing ---- */

static void sgf_point(StrBuf *out, const Board *b, int pt)
{
    if (b->size > 0) {
        sb_printf(out, "%c%c", 'a' + pt % b->size, 'a' + (b->size - 1 - pt / b->size));
        return;
    }
    char buf[16];
    point_format(b, pt, buf, sizeof buf);
    sb_puts(out, buf);
}

static void sgf_move(StrBuf *out, const Board *b, const Move *m)
{
    if (m->kind == MOVE_PASS) return;
    if (m->n == 1 && (m->kind == MOVE_PLACE || m->kind == MOVE_FLIP)) {
        sgf_point(out, b, m->pt[0]);
        return;
    }
    char buf[32];
    move_format(b, m, buf, sizeof buf);
    sb_puts(out, buf);
}

/* AB/AW/AE for the points where the game's first position differs from
 * the rules' start position (setup loaded from a record). */
static void write_setup(StrBuf *out, const Game *gm)
{
    const Board *b = gm->board;
    Position start;
    memset(&start, 0, sizeof start);
    pos_init(&start, b);
    static const char *const id[3] = { "AB", "AW", "AE" }; /* by Color */
    for (int c = BLACK; c <= EMPTY; c++) {
        bool any = false;
        for (int pt = 0; pt < b->npoints; pt++) {
            Color now = pos_color_at(&gm->pos[0], pt);
            if (now != (Color)c || now == pos_color_at(&start, pt)) continue;
            if (!any) sb_puts(out, id[c]);
            any = true;
            sb_putc(out, '[');
            sgf_point(out, b, pt);
            sb_putc(out, ']');
        }
    }
}

/* point_form: the swap as the point a points-only controller reads as it
 * (pie.c), where one can say it. */
static void write_sgf(const Game *gm, bool point_form, StrBuf *out)
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
    write_setup(out, gm);
    for (size_t i = 0; i < gm->n; i++) {
        sb_printf(out, "%s;%c[", i % 8 == 0 ? "\n" : "", gm->pos[i].to_move == BLACK ? 'B' : 'W');
        int pt = point_form && gm->moves[i].kind == MOVE_SWAP ? swap_point(&gm->pos[i], i ? &gm->moves[i - 1] : NULL) : -1;
        if (pt >= 0) sgf_point(out, b, pt);
        else sgf_move(out, b, &gm->moves[i]);
        sb_putc(out, ']');
    }
    sb_puts(out, ")\n");
}

GtpStatus cmd_printsgf(Gtp *g, int argc, char **argv, StrBuf *out)
{
    if (argc > 1) return fail(out, "usage: printsgf [FILE]");
    if (argc == 0) {
        write_sgf(&g->game, gtp_point_form(g), out);
        return GTP_OK;
    }
    if (!g->lim.files) return fail(out, "file access disabled");
    StrBuf text;
    sb_init(&text);
    write_sgf(&g->game, gtp_point_form(g), &text);
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
    bool nul;  /* some value holds a NUL byte */
} SgfProp;

typedef struct Sgf {
    const char *s, *end;
} Sgf;

static void skip_space(Sgf *p)
{
    while (p->s < p->end && (*p->s == ' ' || *p->s == '\n' || *p->s == '\r' || *p->s == '\t')) p->s++;
}

/* One property with its values at p->s (an uppercase letter). The first
 * value is kept in val, and every value, each followed by a NUL, in all
 * (unescaped, soft line breaks removed); -1 on bad syntax. */
static int read_prop(Sgf *p, SgfProp *pr, StrBuf *val, StrBuf *all)
{
    size_t n = 0;
    while (p->s < p->end && ((*p->s >= 'A' && *p->s <= 'Z') || (*p->s >= 'a' && *p->s <= 'z'))) {
        /* FF[3] allowed lowercase letters inside identifiers: ignore them. */
        if (*p->s >= 'A' && *p->s <= 'Z' && n < sizeof pr->id - 1) pr->id[n++] = *p->s;
        p->s++;
    }
    pr->id[n] = '\0';
    pr->nvals = 0;
    pr->nul = false;
    sb_clear(val);
    sb_clear(all);
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
            if (c == '\0') pr->nul = true;
            if (pr->nvals == 0) sb_putc(val, c);
            sb_putc(all, c);
        }
        sb_putc(all, '\0');
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
    StrBuf setup;      /* setup stones seen so far: per value, 'B', 'W' or
                          'E', the value, a NUL */
} SgfGame;

/* The points of one setup value: a point (SGF letters or GTP text on square
 * boards, a cell number on Cairo boards) or, on square boards, a rectangle
 * "aa:cc" (SGF's compressed point lists). Returns the count, -1 if bad. */
static int setup_points(const Board *b, const char *v, int *pts)
{
    int size = b->size;
    int corner[2][2], nc = 0;
    size_t n = strlen(v);
    if (size > 0 && (n == 2 || (n == 5 && v[2] == ':'))) {
        for (size_t i = 0; i < n; i += 3) {
            int x = v[i] - 'a', y = v[i + 1] - 'a';
            if (x < 0 || x >= size || y < 0 || y >= size) /* GTP text ("C3")? */
                return n == 2 && point_parse(b, v, &pts[0]) == 0 ? 1 : -1;
            corner[nc][0] = x;
            corner[nc][1] = size - 1 - y;
            nc++;
        }
        if (nc == 1) {
            pts[0] = corner[0][1] * size + corner[0][0];
            return 1;
        }
        int x0 = corner[0][0] < corner[1][0] ? corner[0][0] : corner[1][0];
        int x1 = corner[0][0] ^ corner[1][0] ^ x0;
        int y0 = corner[0][1] < corner[1][1] ? corner[0][1] : corner[1][1];
        int y1 = corner[0][1] ^ corner[1][1] ^ y0;
        int k = 0;
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++) pts[k++] = y * size + x;
        return k;
    }
    return point_parse(b, v, &pts[0]) == 0 ? 1 : -1;
}

/* Put the setup stones on gm's start position. A point given twice, or a
 * position that already has a winning chain (no move made it, so the rules
 * would never award it), is refused. */
static int apply_setup(Game *gm, const StrBuf *setup, char *err, size_t errlen)
{
    const Board *b = gm->board;
    bool seen[MAX_POINTS] = { false };
    int pts[MAX_POINTS];
    for (size_t o = 0; o < setup->len;) {
        const char *rec = setup->s + o;
        Color c = rec[0] == 'B' ? BLACK : rec[0] == 'W' ? WHITE : EMPTY;
        const char *v = rec + 1;
        o += strlen(rec) + 1;
        int k = setup_points(b, v, pts);
        if (k < 0) {
            snprintf(err, errlen, "A%c[%.20s]: not a point on this board", rec[0], v);
            return -1;
        }
        for (int i = 0; i < k; i++) {
            char name[16];
            point_format(b, pts[i], name, sizeof name);
            if (seen[pts[i]]) {
                snprintf(err, errlen, "setup: %s is given twice", name);
                return -1;
            }
            seen[pts[i]] = true;
            if (game_setup(gm, pts[i], c) < 0) {
                snprintf(err, errlen, "setup: cannot set %s", name);
                return -1;
            }
        }
    }
    for (int c = BLACK; c <= WHITE; c++) {
        bb_t chain;
        if (pos_winning_chain(&gm->pos[0], (Color)c, chain)) {
            snprintf(err, errlen, "setup: %s already has a winning chain", color_name((Color)c));
            return -1;
        }
    }
    return 0;
}

/* The game the root properties describe, with its setup stones. A record
 * without RU (GoGui's and gogui-twogtp's never have one) is a game of the
 * rules being played, cur_rules, not of the default rules. */
static int start_game(Game *gm, SgfGame *info, int cur_size, const Ruleset *cur_rules, char *err, size_t errlen)
{
    if (!info->have_rules) info->rules = *cur_rules;
    if (info->rules.game == GAME_MORPHARAOH && info->size) {
        snprintf(err, errlen, "SZ: a Morpharaoh board comes from RU (board=48|160)");
        return -1;
    }
    /* A Cairo board keeps the current square size for a later return to
     * Morphos. */
    if (game_init(gm, info->size ? info->size : cur_size, &info->rules, err, errlen) < 0) return -1;
    return apply_setup(gm, &info->setup, err, errlen);
}

/* Replay the main line of text into gm (fresh). Stops after `limit` moves
 * (-1: all). 0, or -1 with a message in err. */
static int load(const char *text, size_t len, Game *gm, int cur_size, const Ruleset *cur_rules, long limit, char *err,
                size_t errlen)
{
    Sgf p = { text, text + len };
    StrBuf val, all;
    sb_init(&val);
    sb_init(&all);
    int rc = -1;
    bool started = false, board_ready = false;
    SgfGame info = { 0 };
    sb_init(&info.setup);
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
        if (read_prop(&p, &pr, &val, &all) < 0 || all.overflow) {
            snprintf(err, errlen, "SGF syntax error");
            goto out;
        }
        bool is_move = !strcmp(pr.id, "B") || !strcmp(pr.id, "W");
        bool is_setup = !strcmp(pr.id, "AB") || !strcmp(pr.id, "AW") || !strcmp(pr.id, "AE");
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
            } else if (!strcmp(pr.id, "PL") && strcmp(pr.val, "B") != 0 && strcmp(pr.val, "b") != 0) {
                /* The rules start every game with black to move (and the
                 * pie rule counts turns from there). */
                snprintf(err, errlen, "PL[%.20s]: black moves first, also after setup stones", pr.val);
                goto out;
            } else if (is_setup) {
                if (pr.nul) {
                    snprintf(err, errlen, "%s: not a point on this board", pr.id);
                    goto out;
                }
                /* Kept until the root is read: SZ and RU may come later. */
                for (const char *v = all.s; v < all.s + all.len; v += strlen(v) + 1) {
                    sb_putc(&info.setup, pr.id[1]);
                    sb_puts(&info.setup, v);
                    sb_putc(&info.setup, '\0');
                }
                if (info.setup.overflow) {
                    snprintf(err, errlen, "out of memory");
                    goto out;
                }
            }
        }
        if (is_setup && board_ready) {
            snprintf(err, errlen, "setup stones after the first move are not supported");
            goto out;
        }
        if (!is_move) continue;
        if (!board_ready) {
            if (start_game(gm, &info, cur_size, cur_rules, err, errlen) < 0) goto out;
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
        if (move_parse(pos, mt, &m, why, sizeof why) < 0 && !swap_by_point(pos, mt, &m)) {
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
        if (start_game(gm, &info, cur_size, cur_rules, err, errlen) < 0) goto out;
        board_ready = true;
    }
    rc = 0;
out:
    sb_free(&val);
    sb_free(&all);
    sb_free(&info.setup);
    if (rc < 0 && gm->board) game_free(gm);
    return rc;
}

/* Parse SGF text into the context's game (exported for tests and fuzzing
 * through loadsgf's logic without files). */
int gtp_load_sgf_text(Gtp *g, const char *text, size_t len, long limit, char *err, size_t errlen)
{
    Game fresh;
    Ruleset cur = g->game.board->rules;
    if (load(text, len, &fresh, g->game.size, &cur, limit, err, errlen) < 0) return -1;
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
    char *text = read_regular_file(argv[0], SGF_MAX_BYTES, &len, err, sizeof err);
    if (!text) return fail(out, err);
    int rc = gtp_load_sgf_text(g, text, len, upto, err, sizeof err);
    free(text);
    if (rc < 0) return fail(out, err);
    return GTP_OK;
}
