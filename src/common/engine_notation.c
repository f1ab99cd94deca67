/* engine_notation.c - boardvm's moves and positions in a UCI engine's notation (see
 * engine_notation.h). Everything that cannot be said in that notation is an error naming what
 * and how to settle it, never a guess: a wrong translation would show as a rule difference. */
#include "engine_notation.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "notation.h"
#include "posstring.h"
#include "oom.h"

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap; va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return 0;
}

static int split_pair(const char *spec, const char **a, const char **b, char *err, size_t errlen,
                      const char *what)
{
    const char *eq = strchr(spec, '=');
    if (!eq || eq == spec || !eq[1] || strchr(eq + 1, '='))
        return fail(err, errlen, "'%s' is not %s", spec, what);
    char *left = strndup(spec, (size_t)(eq - spec));   /* freed by notation_free */
    if (!left) out_of_memory("left in split_pair()");
    *a = left; *b = eq + 1;
    return 1;
}

int notation_add_piece(EngineNotation *n, const char *spec, char *err, size_t errlen)
{
    if (n->nmaps == NOTATION_MAX_MAPS)
        return fail(err, errlen, "more than %d --piece mappings", NOTATION_MAX_MAPS);
    const char *code, *letter;
    if (!split_pair(spec, &code, &letter, err, errlen, "CODE=LETTER (--piece Mr=m)")) return 0;
    if (strlen(letter) != 1 || !isalpha((unsigned char)letter[0])) {
        free((char *)code);
        return fail(err, errlen, "--piece %s: the engine's code must be one letter", spec);
    }
    n->code[n->nmaps] = code; n->letter[n->nmaps++] = letter;
    return 1;
}

int notation_add_turn(EngineNotation *n, const char *spec, char *err, size_t errlen)
{
    if (n->nturns == MAX_PLAYERS)
        return fail(err, errlen, "more than %d --turn mappings", MAX_PLAYERS);
    const char *from, *to;
    if (!split_pair(spec, &from, &to, err, errlen, "FROM=TO (--turn b=w)")) return 0;
    n->turn_from[n->nturns] = from; n->turn_to[n->nturns++] = to;
    return 1;
}

void notation_free(EngineNotation *n)
{
    for (int i = 0; i < n->nmaps; i++) free((char *)n->code[i]);
    for (int i = 0; i < n->nturns; i++) free((char *)n->turn_from[i]);
    n->nmaps = n->nturns = 0;
}

/* The engine's code of piece type t (upper case, as a move writes it), or NULL when it has
 * none: a code of several letters needs a --piece mapping. */
static const char *engine_code(const EngineNotation *n, const Game *g, int t)
{
    const char *c = g->types[t].code;
    for (int i = 0; i < n->nmaps; i++) if (!strcmp(n->code[i], c)) return n->letter[i];
    if (strlen(c) == 1 || (c[0] == '+' && strlen(c) == 2)) return c;
    return NULL;
}

/* A square's name with the rank renumbered when the engine counts ranks from 0. */
static void square_name(const EngineNotation *n, const Game *g, int sq, char *out, size_t len)
{
    const char *s = g->sq_name[sq];
    if (n->ranks_from == 1) { snprintf(out, len, "%s", s); return; }
    size_t k = 0;
    while (s[k] && !isdigit((unsigned char)s[k])) k++;
    snprintf(out, len, "%.*s%d", (int)k, s, atoi(s + k) - 1);
}

static int no_letter(char *err, size_t errlen, const Game *g, int t)
{
    return fail(err, errlen,
                "the piece code '%s' (%s) has no one-letter code for the engine: give --piece "
                "%s=LETTER after --uci",
                g->types[t].code, g->types[t].name, g->types[t].code);
}

/* A square's name at s (letters, then digits): its index and its length in *len, or -1. */
static int square_at(const Game *g, const char *s, size_t *len)
{
    size_t k = 0;
    while (isalpha((unsigned char)s[k])) k++;
    if (!k) return -1;
    while (isdigit((unsigned char)s[k])) k++;
    char name[16];
    if (k >= sizeof name) return -1;
    memcpy(name, s, k); name[k] = 0;
    *len = k;
    return game_find_square(g, name);
}

/* A move of no one piece (a top-level `moves` block, `emit stay`) is sent as its string when
 * that string is written as a move: FROMTO, FROMTO=CODE or CODE@TO, each square one of the
 * game's (then renamed for the engine) and each code one the engine has. Anything else is an
 * error: a guess would show as a difference that is none. */
static int own_string(const EngineNotation *n, const Game *g, const MoveList *ml, const Move *m,
                      char *out, size_t outlen, char *err, size_t errlen)
{
    char s[MOVE_STR_MAX], a[16], b[16];
    move_string(g, ml, m, s, sizeof s);
    size_t la = 0, lb = 0;
    const char *at = strchr(s, '@');
    if (at) {
        char code[8];
        int t, owner, to = square_at(g, at + 1, &lb);
        if ((size_t)(at - s) < sizeof code) {
            memcpy(code, s, (size_t)(at - s)); code[at - s] = 0;
            t = game_find_type_code(g, code, &owner);
        } else t = -1;
        const char *c = t > 0 ? engine_code(n, g, t) : NULL;
        if (to >= 0 && !at[1 + lb] && c) {
            square_name(n, g, to, b, sizeof b);
            snprintf(out, outlen, "%c@%s", toupper((unsigned char)c[c[0] == '+']), b);
            return 1;
        }
    } else {
        int from = square_at(g, s, &la), to = from >= 0 ? square_at(g, s + la, &lb) : -1;
        const char *rest = to >= 0 ? s + la + lb : NULL;
        int t = -1, owner;
        if (rest && rest[0] == '=') t = game_find_type_code(g, rest + 1, &owner);
        const char *c = t > 0 ? engine_code(n, g, t) : NULL;
        if (rest && (!*rest || c)) {
            square_name(n, g, from, a, sizeof a);
            square_name(n, g, to, b, sizeof b);
            if (!*rest) snprintf(out, outlen, "%s%s", a, b);
            else snprintf(out, outlen, "%s%s%c", a, b, tolower((unsigned char)c[c[0] == '+']));
            return 1;
        }
    }
    return fail(err, errlen, "the move '%s' moves no one piece, and its string is not written as "
                "a move (FROMTO, FROMTO=CODE or CODE@TO, with the game's squares and codes): a "
                "UCI engine cannot be sent it", s);
}

int notation_move(const EngineNotation *n, const Game *g, const MoveList *ml, const Move *m,
                  char *out, size_t outlen, char *err, size_t errlen)
{
    char from[16], to[16];
    if (m->kind == MK_STAY || m->from < 0 || m->to < 0) {
        if (m->kind != MK_DROP || m->to < 0) return own_string(n, g, ml, m, out, outlen, err,
                                                               errlen);
    }
    square_name(n, g, m->to, to, sizeof to);
    if (m->kind == MK_DROP) {
        /* dropped as another type: the engine writes a piece dropped as its promoted form
         * with a '+' before the code of the piece in hand (Kyoto shogi's `+P@c3`) */
        int t = m->hand && m->hand != m->become ? m->hand : m->become;
        const char *c = engine_code(n, g, t);
        if (!c) return no_letter(err, errlen, g, t);
        if (t != m->become) {
            const char *now = g->types[m->become].code, *was = g->types[t].code;
            if (now[0] != '+' || strcmp(now + 1, was)) {
                char s[MOVE_STR_MAX]; move_string(g, ml, m, s, sizeof s);
                return fail(err, errlen, "the drop '%s' puts down another type than it takes "
                            "from the hand, and not its promoted form ('+%s'): a UCI engine "
                            "cannot write it", s, was);
            }
            snprintf(out, outlen, "+%c@%s", toupper((unsigned char)c[c[0] == '+']), to);
            return 1;
        }
        snprintf(out, outlen, "%c@%s", toupper((unsigned char)c[c[0] == '+']), to);
        return 1;
    }
    square_name(n, g, m->from, from, sizeof from);
    int t = PW_TYPE(m->piece);
    if (!m->become || m->become == t) { snprintf(out, outlen, "%s%s", from, to); return 1; }
    const char *now = g->types[m->become].code, *was = g->types[t].code;
    if (now[0] == '+' && !strcmp(now + 1, was)) {
        snprintf(out, outlen, "%s%s+", from, to);
        return 1;
    }
    if (was[0] == '+' && !strcmp(was + 1, now)) {        /* a demotion (Kyoto shogi) */
        snprintf(out, outlen, "%s%s-", from, to);
        return 1;
    }
    const char *c = engine_code(n, g, m->become);
    if (!c) return no_letter(err, errlen, g, m->become);
    snprintf(out, outlen, "%s%s%c", from, to, tolower((unsigned char)c[c[0] == '+']));
    return 1;
}

/* The boardvm type whose engine letter is c (either case), or 0. */
static int type_of_letter(const EngineNotation *n, const Game *g, char c)
{
    for (int t = 1; t <= g->ntypes; t++) {
        const char *e = engine_code(n, g, t);
        if (e && strlen(e) == 1 && toupper((unsigned char)e[0]) == toupper((unsigned char)c))
            return t;
    }
    return 0;
}

/* The square the engine calls s[0..len), or -1. */
static int engine_square(const EngineNotation *n, const Game *g, const char *s, size_t len)
{
    char name[16];
    size_t k = 0;
    while (k < len && isalpha((unsigned char)s[k])) k++;
    if (k == 0 || k == len || len - k > 3) return -1;
    snprintf(name, sizeof name, "%.*s%d", (int)k, s, atoi(s + k) + (n->ranks_from == 0));
    for (int sq = 0; sq < g->nsq; sq++) if (!strcmp(g->sq_name[sq], name)) return sq;
    return -1;
}

void notation_move_back(const EngineNotation *n, const Pos *p, const char *s, char *out,
                        size_t outlen)
{
    const Game *g = p->g;
    size_t len = strlen(s);
    snprintf(out, outlen, "%s", s);              /* what cannot be read stays as it is */
    if (len > 2 && s[1] == '@') {
        int t = type_of_letter(n, g, s[0]), to = engine_square(n, g, s + 2, len - 2);
        if (t && to >= 0) snprintf(out, outlen, "%s@%s", g->types[t].code, g->sq_name[to]);
        return;
    }
    if (len > 3 && s[0] == '+' && s[2] == '@') {       /* dropped promoted: `+P@c3` */
        int t = type_of_letter(n, g, s[1]), to = engine_square(n, g, s + 3, len - 3);
        char plus[8];
        snprintf(plus, sizeof plus, "+%s", t ? g->types[t].code : "");
        int owner, as = t ? game_find_type_code(g, plus, &owner) : -1;
        if (t && to >= 0 && as > 0)
            snprintf(out, outlen, "%s@%s=%s", g->types[t].code, g->sq_name[to], g->types[as].code);
        return;
    }
    /* from-square, to-square, then maybe a promotion letter or '+' */
    size_t i = 0;
    while (i < len && isalpha((unsigned char)s[i])) i++;
    while (i < len && isdigit((unsigned char)s[i])) i++;
    size_t j = i;
    while (j < len && isalpha((unsigned char)s[j])) j++;
    while (j < len && isdigit((unsigned char)s[j])) j++;
    int from = engine_square(n, g, s, i), to = engine_square(n, g, s + i, j - i);
    if (from < 0 || to < 0 || j + 1 < len) return;
    if (j == len) { snprintf(out, outlen, "%s%s", g->sq_name[from], g->sq_name[to]); return; }
    int32_t w = p->st[from * g->stack];
    int t = s[j] == '+' || s[j] == '-' ? PW_TYPE(w) : type_of_letter(n, g, s[j]);
    if (!t || t > g->ntypes) return;
    const char *code = g->types[t].code;
    if (s[j] == '-') {                 /* a demotion: the code without its '+' */
        if (code[0] != '+') return;
        snprintf(out, outlen, "%s%s=%s", g->sq_name[from], g->sq_name[to], code + 1);
        return;
    }
    snprintf(out, outlen, "%s%s=%s%s", g->sq_name[from], g->sq_name[to], s[j] == '+' ? "+" : "",
             code);
}

/* The engine's letter(s) for a piece on the board or in a hand: case by owner. */
static int put_piece(const EngineNotation *n, const Game *g, int32_t w, char *out, size_t *o,
                     size_t cap,
                     char *err, size_t errlen)
{
    int t = PW_TYPE(w), owner = PW_OWNER(w);
    if (t < 1 || t > g->ntypes) return fail(err, errlen, "a piece of no known type");
    const char *c = engine_code(n, g, t);
    if (!c) return no_letter(err, errlen, g, t);
    if (owner > 1) return fail(err, errlen, "a piece of a third player: a FEN has two sides");
    for (const char *q = c; *q && *o + 2 < cap; q++)
        out[(*o)++] = (char)(*q == '+' ? '+'
                             : owner ? tolower((unsigned char)*q) : toupper((unsigned char)*q));
    return 1;
}

static int is_field(const char *name, const char *f) { return !strcmp(name, f); }

/* The board part of the FEN, from the top rank down, written at fen + *o. */
static int fen_board(const EngineNotation *n, const Pos *p, char *fen, size_t *o, size_t cap,
                     char *err, size_t errlen)
{
    const Game *g = p->g;
    for (int y = g->ranks - 1; y >= 0; y--) {
        int empty = 0;
        for (int x = 0; x < g->files; x++) {
            int sq = game_sq_at(g, x, y);
            if (sq < 0) return fail(err, errlen, "the board is not a rectangle of squares");
            int32_t w = p->st[sq * g->stack];
            if (!w) { empty++; continue; }
            if (g->stack > 1 && p->st[sq * g->stack + 1])
                return fail(err, errlen, "two pieces share %s: a FEN holds one piece a square",
                            g->sq_name[sq]);
            /* bits above type and owner: piece variables; those written as marks (`Q~`, the
             * promoted pieces of crazyhouse) go as they are, any other has no FEN */
            uint32_t marks = 0;
            for (int i = 0; i < g->nvars; i++)
                if (g->vars[i].kind == VAR_PIECE && g->vars[i].mark)
                    marks |= 1u << g->vars[i].shift;
            if (((uint32_t)w >> 12) & ~(marks >> 12))
                return fail(err, errlen, "the piece on %s carries piece variables a FEN cannot "
                            "hold", g->sq_name[sq]);
            if (empty) { *o += (size_t)snprintf(fen + *o, cap - *o, "%d", empty); empty = 0; }
            if (!put_piece(n, g, w, fen, o, cap, err, errlen)) return 0;
            for (int i = 0; i < g->nvars; i++) {
                const Var *v = &g->vars[i];
                if (v->kind == VAR_PIECE && v->mark && ((uint32_t)w >> v->shift & 1))
                    *o += (size_t)snprintf(fen + *o, cap - *o, "%s", v->mark);
            }
        }
        if (empty) *o += (size_t)snprintf(fen + *o, cap - *o, "%d", empty);
        if (y) fen[(*o)++] = '/';
    }
    fen[*o] = 0;
    return 1;
}

/* The engine's turn letter for the player boardvm writes `letter`: w for the first player, b
 * for the other, unless --turn says otherwise. */
static const char *engine_turn(const EngineNotation *n, const Game *g, const char *letter)
{
    int pl = -1;
    for (int i = 0; i < g->nplayers; i++) if (!strcmp(g->player_letter[i], letter)) pl = i;
    const char *t = pl == 0 ? "w" : "b";
    for (int i = 0; i < n->nturns; i++) if (!strcmp(n->turn_from[i], letter)) t = n->turn_to[i];
    return t;
}

/* The fields of boardvm's own position string after the board: the turn (in turn, "" if the
 * string has none), whether it has hands, and the others as they are (in tail, each after a
 * space; *too_long if they do not fit). 0 when a field is one a FEN cannot hold. */
static int fen_fields(const EngineNotation *n, const Pos *p, char *turn, size_t turnlen,
                      char *tail, size_t taillen, int *has_hands, int *too_long,
                      char *err, size_t errlen)
{
    const Game *g = p->g;
    const char *def[] = { "board", "turn", "hands" };
    const char **fields = g->nfields ? g->fields : def;
    int nfields = g->nfields ? g->nfields : (g->drops_fn >= 0 ? 3 : 2);
    char *ps = pos_to_string(p), *save = NULL;
    int k = 0;
    size_t tl = 0;
    for (char *f = strtok_r(ps, " ", &save); f; f = strtok_r(NULL, " ", &save), k++) {
        if (k >= nfields) {
            fail(err, errlen, "the position has state boardvm writes as '%s', which a FEN cannot "
                 "hold (give the engine's position with --engine-fen)", f);
            free(ps);
            return 0;
        }
        if (is_field(fields[k], "board") || is_field(fields[k], "history")) continue;
        if (is_field(fields[k], "hands") || is_field(fields[k], "board[hands]"))
            *has_hands = 1;
        else if (is_field(fields[k], "turn")) snprintf(turn, turnlen, "%s", engine_turn(n, g, f));
        else tl += (size_t)snprintf(tail + tl, tl < taillen ? taillen - tl : 0, " %s", f);
    }
    free(ps);
    *too_long = tl >= taillen;
    return 1;
}

char *notation_fen(const EngineNotation *n, const Pos *p, char *err, size_t errlen)
{
    const Game *g = p->g;
    if (g->nplayers != 2) {
        fail(err, errlen, "the game has %d players: a FEN has two sides", g->nplayers);
        return NULL;
    }
    size_t cap = 4096 + (size_t)g->nsq * 8, o = 0;
    char *fen = xmalloc(cap, "fen in notation_fen()");
    char tail[2048] = "", turn[64] = "";
    int has_hands = 0, too_long = 0;
    if (!fen_board(n, p, fen, &o, cap, err, errlen) ||
        !fen_fields(n, p, turn, sizeof turn, tail, sizeof tail, &has_hands, &too_long, err,
                    errlen)) {
        free(fen);
        return NULL;
    }
    if (has_hands || g->drops_fn >= 0) {     /* the hands, in brackets after the board */
        fen[o++] = '[';
        for (int pl = 0; pl < 2; pl++)
            for (int t = 1; t <= g->ntypes; t++)
                for (int c = p->st[g->st_hands + pl * (g->ntypes + 1) + t]; c > 0; c--)
                    if (!put_piece(n, g, PW_MAKE(t, pl), fen, &o, cap - 8, err, errlen)) {
                        free(fen);
                        return NULL;
                    }
        fen[o++] = ']';
        fen[o] = 0;
    }
    if (!*turn) snprintf(turn, sizeof turn, "%s", engine_turn(n, g, g->player_letter[pos_turn(p)]));
    if (too_long) {
        fail(err, errlen, "the position string is too long");
        free(fen);
        return NULL;
    }
    snprintf(fen + o, cap - o, " %s%s", turn, tail);
    return fen;
}
