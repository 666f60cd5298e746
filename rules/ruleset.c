/* ruleset.c - rule tokens <-> Ruleset. */
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
    int c_read, d_read, e_read, mor_read;
} Parse;

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
#define KEY(k) (kl == strlen(k) && !strncmp(t, k, kl))
    if (KEY("edges") || KEY("pie")) {
        int on = !strcmp(v, "on") ? 1 : !strcmp(v, "off") ? 0 : -1;
        if (on < 0) return "expected on or off";
        if (KEY("edges")) ps->edges = on; else ps->pie = on;
        return NULL;
    }
    if (KEY("c")) {
        if (!strcmp(v, "exact")) r->c_upto = 0;
        else if (!strcmp(v, "upto")) r->c_upto = 1;
        else return "expected c=exact or c=upto";
        ps->c_read = 1;
        return NULL;
    }
    if (KEY("d")) {
        if (!strcmp(v, "return")) r->d_extra = 0;
        else if (!strcmp(v, "extra")) r->d_extra = 1;
        else return "expected d=return or d=extra";
        ps->d_read = 1;
        return NULL;
    }
    if (KEY("e")) {
        if (!strcmp(v, "a1black")) r->e_a1white = 0;
        else if (!strcmp(v, "a1white")) r->e_a1white = 1;
        else return "expected e=a1black or e=a1white";
        ps->e_read = 1;
        return NULL;
    }
    if (KEY("board")) {
        if (!strcmp(v, "48")) r->cells = 48;
        else if (!strcmp(v, "160")) r->cells = 160;
        else return "expected board=48 or board=160";
        ps->mor_read = 1;
        return NULL;
    }
    if (KEY("edge")) {
        if (!strcmp(v, "pair")) r->edge_majority = 0;
        else if (!strcmp(v, "majority")) r->edge_majority = 1;
        else return "expected edge=pair or edge=majority";
        ps->mor_read = 1;
        return NULL;
    }
    if (KEY("center")) {
        if (!strcmp(v, "embrace")) r->center_majority = 0;
        else if (!strcmp(v, "majority")) r->center_majority = 1;
        else return "expected center=embrace or center=majority";
        ps->mor_read = 1;
        return NULL;
    }
#undef KEY
    return "unknown rule token";
}

const char *ruleset_parse(Ruleset *out, const char *text)
{
    static _Thread_local char msg[160];
    Parse ps = { .edges = -1, .pie = -1 };
    ruleset_default(&ps.r);
    char tok[64];
    const char *s = text;
    int ntok = 0;
    for (;;) {
        while (*s == ' ' || *s == ',' || *s == '\t' || *s == '+') s++;
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
        if (r->a || r->b || r->c || r->d || r->e || ps.edges >= 0 || ps.c_read || ps.d_read || ps.e_read)
            return "Morpharaoh takes only board=, edge=, center= and pie=";
        r->edges = 0;
        r->pie = ps.pie >= 0 ? (uint8_t)ps.pie : 0; /* Ludii has no pie rule */
    } else {
        if (ps.mor_read) return "board=, edge= and center= are Morpharaoh options";
        if (ps.c_read && !r->c) return "c=... needs mutator c";
        if (ps.d_read && !r->d) return "d=... needs mutator d";
        if (ps.e_read && !r->e) return "e=... needs mutator e";
        r->edges = ps.edges >= 0 ? (uint8_t)ps.edges : !r->a;
        r->pie = ps.pie >= 0 ? (uint8_t)ps.pie : !(r->c && !r->c_upto);
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
    snprintf(buf, len, "%s,edges=%s%s%s%s,pie=%s", m[0] ? m : "none", r->edges ? "on" : "off",
             !r->c ? "" : r->c_upto ? ",c=upto" : ",c=exact", !r->d ? "" : r->d_extra ? ",d=extra" : ",d=return",
             !r->e ? "" : r->e_a1white ? ",e=a1white" : ",e=a1black", r->pie ? "on" : "off");
}
