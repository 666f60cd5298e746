/* ruleset.c - rule tokens <-> Ruleset. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "board.h"

void ruleset_default(Ruleset *r)
{
    memset(r, 0, sizeof *r);
    r->game = GAME_MORPHOS;
    r->edges = 1;
    r->pie = 1;
    r->cells = 48;
}

/* Explicit readings override the defaults that depend on the mutators
 * (edges off under a, no pie under c exact), whatever the token order. */
typedef struct {
    Ruleset r;
    int edges, pie;           /* -1 = default */
    int c_read, d_read, e_read, mor_read, ap_read;
} Parse;

/* The two-valued readings KEY=V0|V1, each stored as 0 or 1 (board= keeps
 * its cell count: 48 or 160). */
typedef struct {
    const char *key, *v0, *v1, *expected;
    size_t field;      /* offset in Ruleset */
    size_t read;       /* offset of the flag in Parse that says it was given */
} Reading;

static const Reading READINGS[] = {
    { "d", "return", "extra", "expected d=return or d=extra", offsetof(Ruleset, d_extra), offsetof(Parse, d_read) },
    { "e", "a1black", "a1white", "expected e=a1black or e=a1white", offsetof(Ruleset, e_a1white), offsetof(Parse, e_read) },
    { "edge", "pair", "majority", "expected edge=pair or edge=majority", offsetof(Ruleset, edge_majority), offsetof(Parse, mor_read) },
    { "center", "embrace", "majority", "expected center=embrace or center=majority", offsetof(Ruleset, center_majority),
      offsetof(Parse, mor_read) },
    { "board", "48", "160", "expected board=48 or board=160", offsetof(Ruleset, cells), offsetof(Parse, mor_read) },
};

/* AbstractPlay's variants (game version 20250527; docs/rules.md): every
 * field but the size, so that a preset means the same whatever came
 * before it. */
typedef struct {
    const char *name, *id; /* the name AbstractPlay shows, its variant id */
    uint8_t a, c, d, p3;
} Preset;

static const Preset PRESETS[] = {
    { "default", "default", 0, 0, 0, 1 },
    { "minimorph", "simplified", 1, 0, 0, 0 },
    { "duomorph", "double", 1, 1, 0, 0 },
    { "remorph", "replace", 1, 0, 1, 0 },
};

static const char *preset(Parse *ps, const char *v)
{
    for (size_t i = 0; i < sizeof PRESETS / sizeof *PRESETS; i++) {
        const Preset *pr = &PRESETS[i];
        if (strcmp(v, pr->name) && strcmp(v, pr->id)) continue;
        Ruleset *r = &ps->r;
        ruleset_default(r);
        r->a = pr->a;
        r->c = pr->c;
        r->c_adjacent = pr->c;
        r->d = pr->d;
        r->p3 = pr->p3;
        r->tiebreak = 1;
        ps->edges = 0;
        ps->pie = 1;
        ps->c_read = ps->d_read = ps->e_read = ps->mor_read = 0;
        ps->ap_read = 1;
        return NULL;
    }
    return "expected abstractplay=default, minimorph, duomorph or remorph (AbstractPlay's variant ids simplified,"
           " double and replace name the last three)";
}

/* KEY=on|off into *field (1 or 0); -1 when the value is neither. */
static int on_off(const char *v)
{
    return !strcmp(v, "on") ? 1 : !strcmp(v, "off") ? 0 : -1;
}

static const char *token(Parse *ps, const char *t)
{
    Ruleset *r = &ps->r;
    if (!strcmp(t, "morphos")) { r->game = GAME_MORPHOS; return NULL; }
    if (!strcmp(t, "none")) { r->a = r->b = r->c = r->d = r->e = 0; return NULL; }
    if (!strcmp(t, "morpharaoh")) { r->game = GAME_MORPHARAOH; return NULL; }
    if (t[0] >= 'a' && t[0] <= 'e' && t[1] == 0) {
        uint8_t *m[] = { &r->a, &r->b, &r->c, &r->d, &r->e };
        *m[t[0] - 'a'] = 1;
        return NULL;
    }
    const char *eq = strchr(t, '=');
    if (!eq) return "unknown rule token";
    size_t kl = (size_t)(eq - t);
    const char *v = eq + 1;
    if ((kl == 5 && !strncmp(t, "edges", 5)) || (kl == 3 && !strncmp(t, "pie", 3))) {
        int on = on_off(v);
        if (on < 0) return "expected on or off";
        *(kl == 5 ? &ps->edges : &ps->pie) = on;
        return NULL;
    }
    if ((kl == 2 && !strncmp(t, "p3", 2)) || (kl == 8 && !strncmp(t, "tiebreak", 8))) {
        int on = on_off(v);
        if (on < 0) return "expected on or off";
        *(kl == 2 ? &r->p3 : &r->tiebreak) = (uint8_t)on;
        ps->ap_read |= on;
        return NULL;
    }
    if (kl == 1 && t[0] == 'c') {
        int which = !strcmp(v, "exact") ? 0 : !strcmp(v, "upto") ? 1 : !strcmp(v, "adjacent") ? 2 : -1;
        if (which < 0) return "expected c=exact, c=upto or c=adjacent";
        r->c_upto = which == 1;
        r->c_adjacent = which == 2;
        ps->c_read = 1;
        return NULL;
    }
    if (kl == 12 && !strncmp(t, "abstractplay", 12)) return preset(ps, v);
    for (size_t i = 0; i < sizeof READINGS / sizeof *READINGS; i++) {
        const Reading *rd = &READINGS[i];
        if (kl != strlen(rd->key) || strncmp(t, rd->key, kl)) continue;
        int which = !strcmp(v, rd->v0) ? 0 : !strcmp(v, rd->v1) ? 1 : -1;
        if (which < 0) return rd->expected;
        uint8_t *field = (uint8_t *)r + rd->field;
        *field = (uint8_t)(rd->field == offsetof(Ruleset, cells) ? (which ? 160 : 48) : which);
        *(int *)((char *)ps + rd->read) = 1;
        return NULL;
    }
    return "unknown rule token";
}

const char *ruleset_parse(Ruleset *out, const char *text)
{
#if defined(__wasm__) && !defined(__EMSCRIPTEN_PTHREADS__)
    /* WebAssembly without threads (the page's single-threaded build):
     * thread-local storage would need the atomics that build has not. */
    static char msg[256];
#else
    static _Thread_local char msg[256];
#endif
    Parse ps = { .edges = -1, .pie = -1 };
    ruleset_default(&ps.r);
    char tok[64];
    const char *s = text;
    int ntok = 0;
    for (;;) {
        /* Tokens are separated by blanks and at most one ',' or '+': an
         * empty token ("a,,b", "a,", ",a") is a typing error, not nothing. */
        int joins = 0;
        while (*s == ' ' || *s == ',' || *s == '\t' || *s == '+') joins += *s++ != ' ' && s[-1] != '\t';
        if (joins > 1 || (joins && (!ntok || !*s))) {
            snprintf(msg, sizeof msg, "empty rule token in '%.60s': separate tokens by one comma, '+' or spaces", text);
            return msg;
        }
        if (!*s) break;
        size_t n = 0;
        while (s[n] && s[n] != ' ' && s[n] != ',' && s[n] != '\t' && s[n] != '+') n++;
        if (n >= sizeof tok) {
            snprintf(msg, sizeof msg, "rule token too long");
            return msg;
        }
        for (size_t i = 0; i < n; i++) tok[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]);
        tok[n] = 0;
        s += n;
        ntok++;
        const char *e = token(&ps, tok);
        if (e) {
            snprintf(msg, sizeof msg, "%s: %s", tok, e);
            return msg;
        }
    }
    if (!ntok) return "no rule tokens";
    Ruleset *r = &ps.r;
    if (r->game == GAME_MORPHARAOH) {
        if (r->a || r->b || r->c || r->d || r->e || ps.edges >= 0 || ps.c_read || ps.d_read || ps.e_read || ps.ap_read ||
            r->p3 || r->tiebreak)
            return "Morpharaoh takes only board=, edge=, center= and pie=";
        r->edges = 0;
        r->pie = ps.pie >= 0 ? (uint8_t)ps.pie : 0; /* Ludii has no pie rule */
    } else {
        if (ps.mor_read) return "board=, edge= and center= are Morpharaoh options";
        if (ps.c_read && !r->c) return "c=... needs mutator c";
        if (ps.d_read && !r->d) return "d=... needs mutator d";
        if (ps.e_read && !r->e) return "e=... needs mutator e";
        r->edges = ps.edges >= 0 ? (uint8_t)ps.edges : !r->a;
        r->pie = ps.pie >= 0 ? (uint8_t)ps.pie : !(r->c && !r->c_upto && !r->c_adjacent);
        /* A preset's readings of mutators cleared after it (`none`) go too. */
        if (!r->c) r->c_upto = r->c_adjacent = 0;
        if (!r->d) r->d_extra = 0;
        if (!r->e) r->e_a1white = 0;
    }
    *out = *r;
    return NULL;
}

void ruleset_format(const Ruleset *r, char *buf, size_t len)
{
    if (r->game == GAME_MORPHARAOH) {
        snprintf(buf, len, "morpharaoh,board=%d,edge=%s,center=%s,pie=%s", r->cells,
                 r->edge_majority ? "majority" : "pair", r->center_majority ? "majority" : "embrace",
                 r->pie ? "on" : "off");
        return;
    }
    char m[16] = "";
    const uint8_t mut[] = { r->a, r->b, r->c, r->d, r->e };
    for (int i = 0; i < 5; i++)
        if (mut[i]) {
            size_t l = strlen(m);
            if (l) m[l++] = ',';
            m[l] = (char)('a' + i);
            m[l + 1] = 0;
        }
    /* p3 and tiebreak only when on, so that the older rule sets keep the
     * texts their books and records carry. */
    snprintf(buf, len, "%s,edges=%s%s%s%s%s%s,pie=%s", m[0] ? m : "none", r->edges ? "on" : "off",
             r->p3 ? ",p3=on" : "", !r->c ? "" : r->c_adjacent ? ",c=adjacent" : r->c_upto ? ",c=upto" : ",c=exact",
             !r->d ? "" : r->d_extra ? ",d=extra" : ",d=return", !r->e ? "" : r->e_a1white ? ",e=a1white" : ",e=a1black",
             r->tiebreak ? ",tiebreak=on" : "", r->pie ? "on" : "off");
}
