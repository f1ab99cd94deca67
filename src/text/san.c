/* san.c - SAN for any game (san.h). */
#include "san.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "movegen.h"
#include "make.h"
#include "notation.h"

#define SAN_LIST 250                  /* the position's move list used for the replies */

static int is_pawn(const Game *g, int t)
{
    return t >= 1 && t <= g->ntypes && !g->types[t].royal && !strcasecmp(g->types[t].code, "P");
}

/* A square's file (its letters) and rank (its digits), as its name writes them. */
static void file_of(const Game *g, int sq, char *out, size_t len)
{
    const char *s = g->sq_name[sq];
    size_t k = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
    snprintf(out, len, "%.*s", (int)k, s);
}

static void rank_of(const Game *g, int sq, char *out, size_t len)
{
    const char *s = g->sq_name[sq];
    size_t k = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
    snprintf(out, len, "%s", s + k);
}

static int same_file(const Game *g, int a, int b) { return g->sq_x[a] == g->sq_x[b]; }
static int same_rank(const Game *g, int a, int b) { return g->sq_y[a] == g->sq_y[b]; }

/* A move of one piece from a square to a square (or a drop): what SAN can write. */
static int plain(const Game *g, const Move *m)
{
    if (m->nnote || m->to < 0 || m->to >= g->nsq) return 0;
    if (m->kind == MK_DROP) return m->become >= 1 && m->become <= g->ntypes;
    return (m->kind == MK_MOVE || m->kind == MK_LANDED) && m->from >= 0 && m->from < g->nsq &&
           PW_TYPE(m->piece) >= 1 && PW_TYPE(m->piece) <= g->ntypes;
}

/* Another legal move that SAN would write as m: same kind, squares, piece and new type. */
static int twin(const MoveList *ml, int i)
{
    const Move *m = &ml->m[i];
    for (int j = 0; j < ml->n; j++) {
        const Move *o = &ml->m[j];
        if (j != i && o->kind == m->kind && o->from == m->from && o->to == m->to &&
            PW_TYPE(o->piece) == PW_TYPE(m->piece) && o->become == m->become)
            return 1;
    }
    return 0;
}

/* Castling: a royal piece's move that also brings another piece of the mover to a square. 0:
 * none; 1: O-O (that piece came from a file after the royal piece's); 2: O-O-O. */
static int castling(Pos *p, const MoveList *ml, const Move *m)
{
    const Game *g = p->g;
    int t = PW_TYPE(m->piece), me = PW_OWNER(m->piece);
    if (m->kind != MK_MOVE || !g->types[t].royal || g->stack != 1) return 0;
    int32_t before[MAX_SQUARES];          /* (a square a cell: stack 1) */
    int n = g->nsq < MAX_SQUARES ? g->nsq : MAX_SQUARES;
    for (int s = 0; s < n; s++) before[s] = p->st[s];
    pos_make(p, ml, m);
    int arrived = -1, left = -1;
    for (int s = 0; s < n; s++) {
        int32_t now = p->st[s];
        if (s == m->to || s == m->from || now == before[s]) continue;
        if (now && PW_OWNER(now) == me) arrived = s;
        if (before[s] && PW_OWNER(before[s]) == me && !now) left = s;
    }
    pos_unmake(p);
    if (arrived < 0) return 0;
    int from_x = left >= 0 ? g->sq_x[left] : g->sq_x[arrived];
    return from_x > g->sq_x[m->from] ? 1 : 2;
}

/* "+" or "#" after m, or "" (m made and taken back). */
static const char *check_mark(Pos *p, const MoveList *ml, const Move *m)
{
    int result = p->result, reason = p->result_reason;
    pos_make(p, ml, m);
    const char *mark = "";
    int next = pos_turn(p);
    if (in_check(p, next)) {
        MoveList *r = pos_list(p, SAN_LIST);
        node_moves_unnamed(p, r);
        mark = r->n == 0 || p->result ? "#" : "+";
    }
    pos_unmake(p);
    p->result = result; p->result_reason = reason;
    return mark;
}

/* The SAN of m without its check mark; 0 when SAN cannot write it. */
static int san_base(Pos *p, const MoveList *ml, int i, char *out, size_t len)
{
    const Game *g = p->g;
    const Move *m = &ml->m[i];
    if (!plain(g, m) || twin(ml, i)) return 0;
    const char *to = g->sq_name[m->to];
    if (m->kind == MK_DROP) {
        snprintf(out, len, "%s@%s", g->types[m->become].code, to);
        return 1;
    }
    int c = castling(p, ml, m);
    if (c) { snprintf(out, len, "%s", c == 1 ? "O-O" : "O-O-O"); return 1; }
    int t = PW_TYPE(m->piece);
    int capture = m->captured != 0 || m->taken != 0;
    int any = 0, file_clash = 0, rank_clash = 0;
    for (int j = 0; j < ml->n; j++) {
        const Move *o = &ml->m[j];
        if (j == i || o->to != m->to || o->from == m->from || PW_TYPE(o->piece) != t ||
            !plain(g, o) || o->kind == MK_DROP)
            continue;
        any = 1;
        file_clash |= same_file(g, o->from, m->from);
        rank_clash |= same_rank(g, o->from, m->from);
    }
    char dis[16] = "", f[8], r[8];
    file_of(g, m->from, f, sizeof f);
    rank_of(g, m->from, r, sizeof r);
    if (is_pawn(g, t)) {
        if (capture || any) snprintf(dis, sizeof dis, "%s%s", f, file_clash ? r : "");
    } else if (any) {
        if (!file_clash) snprintf(dis, sizeof dis, "%s", f);
        else if (!rank_clash) snprintf(dis, sizeof dis, "%s", r);
        else snprintf(dis, sizeof dis, "%s%s", f, r);
    }
    char promo[16] = "";
    if (m->become && m->become != t) {
        const char *now = g->types[m->become].code, *was = g->types[t].code;
        if (now[0] == '+' && !strcmp(now + 1, was)) snprintf(promo, sizeof promo, "+");
        else snprintf(promo, sizeof promo, "=%s", now);
    }
    snprintf(out, len, "%s%s%s%s%s", is_pawn(g, t) ? "" : g->types[t].code, dis,
             capture ? "x" : "", to, promo);
    return 1;
}

void san_move(Pos *p, const MoveList *ml, int i, char *out, size_t len)
{
    if (!san_base(p, ml, i, out, len)) { move_string(p->g, ml, &ml->m[i], out, len); return; }
    size_t n = strlen(out);
    snprintf(out + n, len - n, "%s", check_mark(p, ml, &ml->m[i]));
}

/* ---------------------------------------------------------------- reading ---- */

/* s without its trailing annotations (!, ?) into out. */
static void strip_annotations(const char *s, char *out, size_t len)
{
    snprintf(out, len, "%s", s);
    size_t n = strlen(out);
    while (n && (out[n - 1] == '!' || out[n - 1] == '?')) out[--n] = 0;
}

/* What a lax SAN asks for. */
typedef struct {
    int castle;                   /* 1 O-O, 2 O-O-O */
    int drop;
    const char *code;             /* the piece's code, NULL for none written */
    size_t codelen;
    int to, file, rank;           /* the to-square; from's file (x) and rank (y), -1 if none */
    const char *promo; size_t promolen;   /* the new type's code, NULL for none */
    int plus_promo;               /* a trailing "+" read as shogi's promotion */
} Lax;

static int square_named(const Game *g, const char *s, size_t len)
{
    for (int sq = 0; sq < g->nsq; sq++)
        if (strlen(g->sq_name[sq]) == len && !strncmp(g->sq_name[sq], s, len)) return sq;
    return -1;
}

static int parse_lax(const Game *g, const char *in, Lax *x)
{
    char s[SAN_MAX];
    memset(x, 0, sizeof *x);
    x->to = x->file = x->rank = -1;
    snprintf(s, sizeof s, "%s", in);
    size_t n = strlen(s);
    while (n && (s[n - 1] == '+' || s[n - 1] == '#')) s[--n] = 0;
    if (!strcmp(s, "O-O") || !strcmp(s, "0-0")) { x->castle = 1; return 1; }
    if (!strcmp(s, "O-O-O") || !strcmp(s, "0-0-0")) { x->castle = 2; return 1; }
    const char *at = strchr(in, '@');
    if (at) {
        x->drop = 1;
        x->code = in; x->codelen = (size_t)(at - in);
        const char *sq = at + 1;
        size_t k = strcspn(sq, "+#");
        x->to = square_named(g, sq, k);
        return x->to >= 0;
    }
    /* the promotion: "=CODE", or a code after the square */
    char *eq = strchr(s, '=');
    if (eq) {
        x->promo = in + (eq - s) + 1; x->promolen = strlen(eq + 1);
        n = (size_t)(eq - s);
        s[n] = 0;
    } else if (n && isupper((unsigned char)s[n - 1]) && n >= 2 &&
               isdigit((unsigned char)s[n - 2])) {
        x->promo = in + n - 1; x->promolen = 1;
        s[--n] = 0;
    }
    /* the to-square: digits, then letters, from the end */
    size_t e = n;
    while (e && isdigit((unsigned char)s[e - 1])) e--;
    while (e && islower((unsigned char)s[e - 1]) && s[e - 1] != 'x') e--;
    if (e < n && s[e] == 'x') e++;
    x->to = square_named(g, s + e, n - e);
    if (x->to < 0) return 0;
    /* the piece's code: upper-case letters (and a leading "+") at the start */
    size_t c = 0;
    if (s[c] == '+') c++;
    while (isupper((unsigned char)s[c]) && c < e) c++;
    if (c == 1 && s[0] == '+') c = 0;
    if (c) { x->code = in; x->codelen = c; }
    /* what is left: the from-file, the from-rank, an "x" or "-" */
    char file[8] = "", rank[8] = "";
    size_t fl = 0, rl = 0;
    for (size_t k = c; k < e; k++) {
        char ch = s[k];
        if ((ch == 'x' || ch == '-' || ch == ':') && (k + 1 == e || !rl)) continue;
        if (islower((unsigned char)ch) && !rl && fl + 1 < sizeof file) file[fl++] = ch;
        else if (isdigit((unsigned char)ch) && rl + 1 < sizeof rank) rank[rl++] = ch;
        else return 0;
    }
    for (int sq = 0; sq < g->nsq && (fl || rl); sq++) {
        char f[8], r[8];
        file_of(g, sq, f, sizeof f); rank_of(g, sq, r, sizeof r);
        if (fl && !strcmp(f, file)) x->file = g->sq_x[sq];
        if (rl && !strcmp(r, rank)) x->rank = g->sq_y[sq];
    }
    if ((fl && x->file < 0) || (rl && x->rank < 0)) return 0;
    return 1;
}

static int code_is(const char *code, const char *s, size_t len)
{
    return strlen(code) == len && !strncasecmp(code, s, len);
}

static int lax_fits(Pos *p, const MoveList *ml, int i, const Lax *x)
{
    const Game *g = p->g;
    const Move *m = &ml->m[i];
    if (!plain(g, m) || m->to != x->to) return 0;
    if (x->drop)
        return m->kind == MK_DROP && (x->codelen ? code_is(g->types[m->become].code, x->code,
                                                         x->codelen) : is_pawn(g, m->become));
    if (m->kind == MK_DROP) return 0;
    int t = PW_TYPE(m->piece);
    if (x->code ? !code_is(g->types[t].code, x->code, x->codelen) : !is_pawn(g, t)) return 0;
    if (x->file >= 0 && g->sq_x[m->from] != x->file) return 0;
    if (x->rank >= 0 && g->sq_y[m->from] != x->rank) return 0;
    int promotes = m->become && m->become != t;
    if (!x->promo) return !promotes;
    return promotes && code_is(g->types[m->become].code, x->promo, x->promolen);
}

int san_find(Pos *p, const MoveList *ml, const char *s, int *other)
{
    char in[SAN_MAX], base[SAN_MAX], full[SAN_MAX];
    *other = -1;
    if (strlen(s) >= SAN_MAX - 1) return -1;
    strip_annotations(s, in, sizeof in);
    if (!*in) return -1;
    char bare[SAN_MAX];                     /* without one check mark */
    snprintf(bare, sizeof bare, "%s", in);
    size_t bl = strlen(bare);
    if (bl > 1 && (bare[bl - 1] == '+' || bare[bl - 1] == '#')) bare[bl - 1] = 0;
    /* 1: as written, check mark and all; 2: without it */
    for (int pass = 0; pass < 2; pass++) {
        int found = -1;
        for (int i = 0; i < ml->n; i++) {
            if (!san_base(p, ml, i, base, sizeof base)) continue;
            int hit;
            if (pass == 0) {
                if (strncmp(base, in, strlen(base))) continue;
                snprintf(full, sizeof full, "%s%s", base, check_mark(p, ml, &ml->m[i]));
                hit = !strcmp(full, in);
            } else hit = !strcmp(base, in) || !strcmp(base, bare);
            if (!hit) continue;
            if (found >= 0) { *other = i; return found; }
            found = i;
        }
        if (found >= 0) return found;
    }
    Lax x;                                  /* 3: the lax forms */
    if (!parse_lax(p->g, in, &x)) return -1;
    int found = -1;
    for (int i = 0; i < ml->n; i++) {
        int fits;
        if (x.castle) {
            fits = plain(p->g, &ml->m[i]) && !twin(ml, i) && castling(p, ml, &ml->m[i]) == x.castle;
        } else fits = lax_fits(p, ml, i, &x);
        if (!fits) continue;
        if (found >= 0) { *other = i; return found; }
        found = i;
    }
    return found;
}
