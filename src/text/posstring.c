/* posstring.c - position strings: read and write the whole state of a game as text.
 *
 * The fields are those of the rules file's `position` declaration (for chess.rules: FEN); any
 * state the declaration does not list follows as name=value fields, so a position string
 * round-trips everything but the `uncounted` bookkeeping the declaration leaves out (move
 * counters). Missing trailing fields keep their start values (so "... w - -" works). A field
 * may be `-` (nothing), `board[hands]` (Fairy-Stockfish's crazyhouse FEN) or a player variable
 * (`1+3`, or `+2+0` for `+v`: three-check's counters).
 */
#include "posstring.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "vm.h"
#include "oom.h"

typedef struct { char *s; size_t n, cap; } Buf;

static void put(Buf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int k = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
        va_end(ap);
        if (k >= 0 && (size_t)k < b->cap - b->n) { b->n += (size_t)k; return; }
        b->cap = b->cap * 2 + (size_t)(k > 0 ? k : 64) + 64;
        b->s = realloc(b->s, b->cap);
        if (!b->s) out_of_memory("b.s in put()");
    }
}

static int err(char *e, size_t el, const char *fmt, ...)
{
    va_list ap; va_start(ap, fmt);
    vsnprintf(e, el, fmt, ap);
    va_end(ap);
    return 0;
}

static const char *code_of(const Game *g, int t, int owner)
{
    return owner == 1 ? g->types[t].lcode : g->types[t].code;
}

static void put_piece(Buf *b, const Game *g, int32_t w)
{
    int t = PW_TYPE(w), o = PW_OWNER(w);
    /* a piece of the third player or a later one: its player's letter in angle brackets, then
     * the first player's code (<g>M: Green's Man) */
    if (o >= 2 && o < g->nplayers) put(b, "<%s>", g->player_letter[o]);
    const char *c = (t >= 1 && t <= g->ntypes) ? code_of(g, t, o) : "?";
    /* several letters go in parentheses; a '+' and one letter (shogi's +P) is read as one code */
    if (strlen(c) > 1 && !(c[0] == '+' && strlen(c) == 2)) put(b, "(%s)", c); else put(b, "%s", c);
    /* a bool piece variable with a mark is the mark after the code (Q~), the others that are
     * not 0 follow in braces: U{checks=2} */
    for (int i = 0; i < g->nvars; i++) {
        const Var *v = &g->vars[i];
        if (v->kind == VAR_PIECE && v->mark && ((uint32_t)w >> v->shift & 1)) put(b, "%s", v->mark);
    }
    int any = 0;
    for (int i = 0; i < g->nvars; i++) {
        const Var *v = &g->vars[i];
        if (v->kind != VAR_PIECE || v->mark) continue;
        unsigned x = ((uint32_t)w >> v->shift) & ((1u << v->bits) - 1);
        if (!x) continue;
        put(b, "%s%s=%u", any ? "," : "{", v->name, x);
        any = 1;
    }
    if (any) put(b, "}");
}

/* `<x>` before a piece code: the piece is player x's (a third player or a later one; put_piece).
 * *owner: that player, or -1 when there is no prefix. 0 on a bad prefix (with the message). */
static int owner_prefix(const Game *g, const char **q, int *owner, char *e, size_t el)
{
    *owner = -1;
    if (**q != '<') return 1;
    const char *close = strchr(*q, '>');
    if (!close) return err(e, el, "board: '<' without its '>'");
    size_t n = (size_t)(close - *q - 1);
    for (int pl = 0; pl < g->nplayers; pl++)
        if (strlen(g->player_letter[pl]) == n && !strncmp(*q + 1, g->player_letter[pl], n)) {
            *owner = pl; *q = close + 1;
            return 1;
        }
    return err(e, el, "board: '%.*s' is not a player's letter", (int)(n < 20 ? n : 20), *q + 1);
}

/* The owner a prefix gives a code: the code must then be the first player's. */
static int prefixed_owner(int prefix, int *owner, const char *code, char *e, size_t el)
{
    if (prefix < 0) return 1;
    if (*owner != 0) return err(e, el, "board: '%s' after a player's <letter> must be the first player's code", code);
    *owner = prefix;
    return 1;
}

/* Piece variables written after a piece in a position string: {name=value,...}. */
static int parse_piece_vars(const Game *g, const char **q, int32_t *w, char *e, size_t el)
{
    const char *p = *q;
    for (int i = 0; i < g->nvars; i++) {          /* marks first: Q~ */
        const Var *v = &g->vars[i];
        size_t n = v->mark ? strlen(v->mark) : 0;
        if (v->kind != VAR_PIECE || !n || strncmp(p, v->mark, n)) continue;
        *w = (int32_t)((uint32_t)*w | 1u << v->shift);
        p += n;
        i = -1;                                    /* another mark may follow */
    }
    *q = p;
    if (*p != '{') return 1;
    p++;
    while (*p && *p != '}') {
        char name[64]; size_t n = 0;
        while (*p && *p != '=' && *p != '}' && *p != ',' && n < sizeof name - 1) name[n++] = *p++;
        name[n] = 0;
        if (*p != '=') return err(e, el, "board: expected name=value in the braces after a piece");
        p++;
        char *end;
        long x = strtol(p, &end, 10);
        if (end == p) return err(e, el, "board: '%s=' needs a number", name);
        p = end;
        const Var *v = NULL;
        for (int i = 0; i < g->nvars; i++) if (g->vars[i].kind == VAR_PIECE && !strcmp(g->vars[i].name, name)) v = &g->vars[i];
        if (!v) return err(e, el, "board: '%s' is not a piece variable of this game", name);
        if (x < 0 || x > v->max) return err(e, el, "board: %s=%ld is out of its range 0..%d", name, x, v->max);
        uint32_t mask = ((1u << v->bits) - 1) << v->shift;
        *w = (int32_t)(((uint32_t)*w & ~mask) | ((uint32_t)x << v->shift));
        if (*p == ',') p++;
    }
    if (*p != '}') return err(e, el, "board: unclosed '{' after a piece");
    *q = p + 1;
    return 1;
}

/* The fields in order: those of `position` declaration `format`, or a default list. */
static int field_list(const Game *g, int format, const char **out, int max)
{
    int n = 0;
    if (g->nformats) {
        const PosFormat *pf = &g->formats[format];
        for (int i = 0; i < pf->nfields && n < max; i++) out[n++] = pf->fields[i];
        return n;
    }
    out[n++] = "board"; out[n++] = "turn";
    if (g->drops_fn >= 0) out[n++] = "hands";
    for (int i = 0; i < g->nvars && n < max; i++)
        if (g->vars[i].kind == VAR_GLOBAL && !g->vars[i].transient) out[n++] = g->vars[i].name;
    return n;
}

static int var_index(const Game *g, const char *name)
{
    for (int i = 0; i < g->nvars; i++) if (!strcmp(g->vars[i].name, name)) return i;
    return -1;
}

static void put_value(Buf *b, const Game *g, const Var *v, int32_t x)
{
    switch (v->vtype) {
    case VT_SQUARE: put(b, "%s", x >= 0 && x < g->nsq ? g->sq_name[x] : "-"); break;
    case VT_PLAYER: put(b, "%s", x >= 0 && x < g->nplayers ? g->player_letter[x] : "-"); break;
    case VT_TYPE: put(b, "%s", x >= 1 && x <= g->ntypes ? g->types[x].code : "-"); break;
    case VT_BOOL: put(b, "%d", x != 0); break;
    case VT_FLAGS: {
        const FlagSet *f = &g->flagsets[v->flagset];
        int single = 1, any = 0;
        for (int i = 0; i < f->nflags; i++) single &= strlen(f->flag[i]) == 1;
        for (int i = 0; i < f->nflags; i++)
            if (x >> i & 1) { put(b, "%s%s", any && !single ? "," : "", f->flag[i]); any = 1; }
        if (!any) put(b, "-");
        break;
    }
    default: put(b, "%d", x);
    }
}

void var_value_text(const Game *g, const Var *v, int32_t x, char *out, size_t n)
{
    Buf b = { malloc(64), 0, 64 };
    if (!b.s) out_of_memory("b.s in var_value_text()");
    put_value(&b, g, v, x);
    snprintf(out, n, "%.*s", (int)b.n, b.s);
    free(b.s);
}

static int parse_value(const Game *g, const Var *v, const char *s, int32_t *out, char *e, size_t el)
{
    switch (v->vtype) {
    case VT_SQUARE:
        if (!strcmp(s, "-")) { *out = -1; return 1; }
        *out = game_find_square(g, s);
        if (*out < 0) return err(e, el, "'%s' is not a square of this board (field %s)", s, v->name);
        return 1;
    case VT_PLAYER:
        if (!strcmp(s, "-")) { *out = -1; return 1; }
        for (int i = 0; i < g->nplayers; i++) if (!strcmp(g->player_letter[i], s)) { *out = i; return 1; }
        return err(e, el, "'%s' is not a player (field %s)", s, v->name);
    case VT_TYPE: {
        if (!strcmp(s, "-")) { *out = 0; return 1; }
        int o; int t = game_find_type_code(g, s, &o);
        if (!t) return err(e, el, "'%s' is not a piece code (field %s)", s, v->name);
        *out = t; return 1;
    }
    case VT_FLAGS: {
        const FlagSet *f = &g->flagsets[v->flagset];
        *out = 0;
        if (!strcmp(s, "-")) return 1;
        int single = 1;
        for (int i = 0; i < f->nflags; i++) single &= strlen(f->flag[i]) == 1;
        const char *p = s;
        while (*p) {
            size_t len = single ? 1 : strcspn(p, ",");
            int found = -1;
            for (int i = 0; i < f->nflags; i++)
                if (strlen(f->flag[i]) == len && !strncmp(f->flag[i], p, len)) found = i;
            if (found < 0) return err(e, el, "'%.*s' is not a flag of %s (field %s)", (int)len, p, f->name, v->name);
            if (*out >> found & 1) return err(e, el, "flag '%s' given twice (field %s)", f->flag[found], v->name);
            *out |= 1 << found;
            p += len;
            if (!single && *p == ',') p++;
        }
        return 1;
    }
    default: {
        char *end;
        long x = strtol(s, &end, 10);
        if (!*s || *end || x < -1000000000L || x > 1000000000L)
            return err(e, el, "'%s' is not a number (field %s)", s, v->name);
        if (v->vtype == VT_BOOL && x != 0 && x != 1) return err(e, el, "field %s is 0 or 1, not '%s'", v->name, s);
        *out = (int32_t)x;
        return 1;
    }
    }
}

static int parse_board(Pos *p, const char *s, char *e, size_t el)
{
    const Game *g = p->g;
    int y = g->ranks - 1, x = 0;
    const char *q = s;
    for (;;) {
        char c = *q;
        if (c == '/' || c == 0) {
            /* the rest of the rank must be holes */
            for (; x < g->files; x++)
                if (game_sq_at(g, x, y) >= 0) {
                    char f[8];
                    game_file_name(x, f, sizeof f);
                    return err(e, el, "board: rank %d has too few squares (it ends before file %s)",
                               y + 1, f);
                }
            if (c == 0) break;
            y--; x = 0; q++;
            if (y < 0) return err(e, el, "board: more than %d ranks", g->ranks);
            continue;
        }
        /* next existing square on this rank */
        while (x < g->files && game_sq_at(g, x, y) < 0) x++;
        if (isdigit((unsigned char)c)) {
            int n = 0;
            while (isdigit((unsigned char)*q)) { n = n * 10 + (*q - '0'); q++; if (n > 1000) break; }
            if (n == 0) return err(e, el, "board: an empty run of 0 squares on rank %d", y + 1);
            for (int i = 0; i < n; i++) {
                while (x < g->files && game_sq_at(g, x, y) < 0) x++;
                if (x >= g->files) return err(e, el, "board: rank %d has more squares than the board", y + 1);
                x++;
            }
            continue;
        }
        if (c == '[') {                    /* a stack: its pieces, bottom first */
            if (x >= g->files) return err(e, el, "board: rank %d has more squares than the board", y + 1);
            int sq = game_sq_at(g, x, y);
            q++;
            while (*q && *q != ']') {
                char code[8]; size_t len;
                int prefix;
                if (!owner_prefix(g, &q, &prefix, e, el)) return 0;
                if (*q == '(') {
                    const char *close = strchr(q, ')');
                    if (!close || close - q - 1 < 1 || close - q - 1 > 4) return err(e, el, "board: bad piece code in a stack on rank %d", y + 1);
                    len = (size_t)(close - q - 1); memcpy(code, q + 1, len); q = close + 1;
                } else if (*q == '+' && isalpha((unsigned char)q[1])) { code[0] = *q++; code[1] = *q++; len = 2; }
                else if (isalpha((unsigned char)*q)) { code[0] = *q++; len = 1; }
                else return err(e, el, "board: unexpected '%c' in a stack on rank %d", isprint((unsigned char)*q) ? *q : '?', y + 1);
                code[len] = 0;
                int owner, t = game_find_type_code(g, code, &owner);
                if (!t) return err(e, el, "board: '%s' is not a piece code of this game", code);
                if (!prefixed_owner(prefix, &owner, code, e, el)) return 0;
                int32_t w = PW_MAKE(t, owner);
                if (!parse_piece_vars(g, &q, &w, e, el)) return 0;
                if (!pos_push(p, sq, w)) return err(e, el, "board: more than %d pieces on %s", g->stack, g->sq_name[sq]);
            }
            if (*q != ']') return err(e, el, "board: unclosed '[' on rank %d", y + 1);
            q++; x++;
            continue;
        }
        char code[8]; size_t len;
        int prefix;
        if (!owner_prefix(g, &q, &prefix, e, el)) return 0;
        c = *q;
        if (c == '(') {
            const char *close = strchr(q, ')');
            if (!close || close - q - 1 < 1 || close - q - 1 > 4) return err(e, el, "board: bad piece code in parentheses on rank %d", y + 1);
            len = (size_t)(close - q - 1);
            memcpy(code, q + 1, len);
            q = close + 1;
        } else if (c == '+' && isalpha((unsigned char)q[1])) {   /* +P: a promoted shogi piece */
            code[0] = c; code[1] = q[1]; len = 2; q += 2;
        } else if (isalpha((unsigned char)c)) {
            code[0] = c; len = 1; q++;
        } else return err(e, el, "board: unexpected character '%c' on rank %d", isprint((unsigned char)c) ? c : '?', y + 1);
        code[len] = 0;
        int owner;
        int t = game_find_type_code(g, code, &owner);
        if (!t) return err(e, el, "board: '%s' is not a piece code of this game", code);
        if (!prefixed_owner(prefix, &owner, code, e, el)) return 0;
        if (x >= g->files) return err(e, el, "board: rank %d has more squares than the board", y + 1);
        int sq = game_sq_at(g, x, y);
        int32_t w = PW_MAKE(t, owner);
        if (!parse_piece_vars(g, &q, &w, e, el)) return 0;
        pos_set(p, sq * g->stack, w);
        x++;
    }
    if (y != 0) return err(e, el, "board: %d ranks given, the board has %d", g->ranks - y, g->ranks);
    return 1;
}

static int parse_hands(Pos *p, const char *s, char *e, size_t el)
{
    const Game *g = p->g;
    if (!strcmp(s, "-")) return 1;
    const char *q = s;
    while (*q) {
        int n = 1;
        if (isdigit((unsigned char)*q)) {
            n = 0;
            while (isdigit((unsigned char)*q)) { n = n * 10 + (*q - '0'); q++; if (n > MAX_HAND) return err(e, el, "hands: count too large"); }
        }
        char code[8]; size_t len;
        int prefix;
        if (!owner_prefix(g, &q, &prefix, e, el)) return 0;
        if (*q == '(') {
            const char *close = strchr(q, ')');
            if (!close || close - q - 1 < 1 || close - q - 1 > 4) return err(e, el, "hands: bad piece code");
            len = (size_t)(close - q - 1); memcpy(code, q + 1, len); q = close + 1;
        } else if (*q == '+' && isalpha((unsigned char)q[1])) { code[0] = *q++; code[1] = *q++; len = 2; }
        else if (isalpha((unsigned char)*q)) { code[0] = *q++; len = 1; }
        else return err(e, el, "hands: unexpected character '%c'", isprint((unsigned char)*q) ? *q : '?');
        code[len] = 0;
        int owner, t = game_find_type_code(g, code, &owner);
        if (!t) return err(e, el, "hands: '%s' is not a piece code", code);
        if (!prefixed_owner(prefix, &owner, code, e, el)) return 0;
        /* a neutral piece's code gives owner -1: there is no hand of no one (the count would be
         * written before the hands, into a cell or before the state array) */
        if (owner < 0) return err(e, el, "hands: '%s' is a neutral piece, which no player can hold", code);
        int loc = g->st_hands + owner * (g->ntypes + 1) + t;
        /* each count is at most MAX_HAND, but a long string can repeat one: keep the sum in range */
        if (p->st[loc] + n > MAX_HAND) return err(e, el, "hands: more than %d '%s'", MAX_HAND, code);
        pos_set(p, loc, p->st[loc] + n);
    }
    return 1;
}

/* `history`: the repetition keys of the game's earlier positions, oldest first, in hex,
 * separated by commas ("-" for none). They are what `repetition` compares, so a position
 * string of a game where no position may recur carries what its legal moves depend on. The
 * keys are those of this rules file with these options. */
static int parse_history(const char *s, uint64_t **out, int *n, char *e, size_t el)
{
    *n = 0;
    if (!strcmp(s, "-")) return 1;
    size_t cap = 1;
    for (const char *q = s; *q; q++) cap += *q == ',';
    free(*out);
    *out = malloc(sizeof **out * cap);
    if (!*out) out_of_memory("out in parse_history()");
    for (const char *q = s;;) {
        size_t len = strspn(q, "0123456789abcdefABCDEF");
        if (len < 1 || len > 16 || (q[len] && q[len] != ','))
            return err(e, el, "history: '%.20s' is not a list of hex keys separated by commas", q);
        (*out)[(*n)++] = strtoull(q, NULL, 16);
        if (!q[len]) return 1;
        q += len + 1;
    }
}

/* A player out (parse_out) is never to move: the turn passes over it. (It may own pieces
 * again: a `flip` or a `create` can give it some after its `out`.) */
static int check_out(const Pos *p, char *e, size_t el)
{
    const Game *g = p->g;
    if ((uint32_t)p->st[g->st_out] >> pos_turn(p) & 1)
        return err(e, el, "out: %s is out and cannot be the side to move",
                   g->player_name[pos_turn(p)]);
    return 1;
}

/* The trailing fields of a standard FEN (castling, en passant, the two move counters) after the
 * fields a game declares, for a game that declares none of them (xiangqi's FEN ends in
 * "- - 0 1"): all "-" or digits, and no more than a FEN's six fields in all. They say "none" and
 * count moves the game does not count, so they are read as nothing. */
static int fen_trailer(char **tok, int n, int declared)
{
    if (declared + n > 6) return 0;
    for (int i = 0; i < n; i++)
        if (strcmp(tok[i], "-") && strspn(tok[i], "0123456789") != strlen(tok[i])) return 0;
    return 1;
}

/* `board[hands]`: the board, then the hands in brackets ("...4K3[Qn]", "[]" for none), or the
 * hands as a rank of their own after the board's ("...4K3/Qn"), as Fairy-Stockfish reads both.
 * The last bracket group is always the hands, even on a board of stacks. */
static int parse_board_hands(Pos *p, char *val, char *e, size_t el)
{
    const Game *g = p->g;
    size_t n = strlen(val);
    if (n && val[n - 1] == ']') {
        char *open = strrchr(val, '[');
        if (!open) return err(e, el, "board: a ']' with no '[' before it");
        val[n - 1] = 0;
        *open = 0;
        if (!parse_board(p, val, e, el)) return 0;
        return open[1] ? parse_hands(p, open + 1, e, el) : 1;
    }
    int ranks = 1;
    for (const char *q = val; *q; q++) ranks += *q == '/';
    if (ranks == g->ranks + 1) {
        char *last = strrchr(val, '/');
        *last = 0;
        if (!parse_board(p, val, e, el)) return 0;
        return last[1] ? parse_hands(p, last + 1, e, el) : 1;
    }
    return parse_board(p, val, e, el);
}

/* A declared field that holds a variable: "v", "+v" (a `+` before each value), "K-v" (K less
 * the value: the checks still to give where v counts those given), each with a "?" after it
 * when it may be absent. Returns the variable's index or -1, and the form in *lead (the `+`),
 * *down (K, or -1) and *optional. */
static int var_field(const Game *g, const char *f, int *lead, long *down, int *optional)
{
    char name[256];
    *lead = f[0] == '+'; *down = -1; *optional = 0;
    const char *q = f + *lead;
    if (isdigit((unsigned char)*q)) {
        char *end;
        *down = strtol(q, &end, 10);
        if (*end != '-') return -1;
        q = end + 1;
    }
    size_t n = strlen(q);
    if (n && q[n - 1] == '?') { *optional = 1; n--; }
    if (n >= sizeof name) return -1;
    memcpy(name, q, n); name[n] = 0;
    return var_index(g, name);
}

/* Whether a token has the form of a variable's field (for a field that may be absent: a token
 * of another form is the next field's). */
static int field_fits(const Game *g, const Var *v, int lead, const char *val)
{
    if (v->kind == VAR_PLAYER && g->nplayers > 1)
        return lead ? val[0] == '+' : val[0] != '+' && strchr(val, '+') != NULL;
    char scratch[128];
    int32_t x;
    return parse_value(g, v, val, &x, scratch, sizeof scratch);
}

/* A player variable as a field of its own: its values, first player first, joined by `+`
 * ("1+3"); a field `+v` has a `+` before each value ("+2+0"), a field `K-v` K less each. */
static int parse_joined(Pos *p, const char *f, const Var *v, int lead, long down, char *val,
                        char *e, size_t el)
{
    const Game *g = p->g;
    char *q = val;
    if (lead && *q++ != '+') return err(e, el, "field %s is written +N+M..., not '%s'", f, val);
    for (int k = 0; k < g->nplayers; k++) {
        char *end = strchr(q, '+');
        if (end) *end = 0;
        int32_t x;
        if (!parse_value(g, v, q, &x, e, el)) return 0;
        pos_set(p, v->base + k, down >= 0 ? (int32_t)(down - x) : x);
        if (!end) {
            if (k + 1 < g->nplayers)
                return err(e, el, "field %s has %d value%s for %d players", f, k + 1,
                           k ? "s" : "", g->nplayers);
            return 1;
        }
        q = end + 1;
    }
    return err(e, el, "field %s has more values than players", f);
}

/* The player whose letter the first n characters of s are: the exact letter, or else the only
 * one that matches ignoring case (PDN writes `W` and `B`); -1 if none. */
static int player_of_letter(const Game *g, const char *s, size_t n)
{
    int exact = -1, folded = -1, nfolded = 0;
    for (int k = 0; k < g->nplayers; k++) {
        const char *l = g->player_letter[k];
        if (strlen(l) != n) continue;
        if (!strncmp(l, s, n)) exact = k;
        if (!strncasecmp(l, s, n)) { folded = k; nfolded++; }
    }
    return exact >= 0 ? exact : nfolded == 1 ? folded : -1;
}

/* `out`: the eliminated players of a game of three or more (Game.st_out), their letters
 * separated by commas (`out=r,g`); written only when a player is out, so that a position
 * string holds the players still in (read without it, nobody is out). Only players who take
 * turns can be out, and not all of them. */
static int parse_out(Pos *p, const char *val, char *e, size_t el)
{
    const Game *g = p->g;
    uint32_t out = 0;
    for (const char *q = val;;) {
        size_t n = strcspn(q, ",");
        int pl = player_of_letter(g, q, n);
        if (pl < 0 || !(g->active_players >> pl & 1))
            return err(e, el, "out: '%.*s' is not a player who takes turns", (int)(n < 20 ? n : 20),
                       q);
        if (out >> pl & 1) return err(e, el, "out: '%.*s' given twice", (int)n, q);
        out |= 1u << pl;
        if (!q[n]) break;
        q += n + 1;
    }
    if (!(g->active_players & ~out)) return err(e, el, "out: every player is out");
    pos_set(p, g->st_out, (int32_t)out);
    return 1;
}

/* "pieces(NUMBERS,TYPE)": the attribute that numbers the squares and the type written bare. */
static void pieces_field(const Game *g, const char *f, int *attr, int *type)
{
    char a[128] = "", t[128] = "";
    sscanf(f, "pieces(%127[^,],%127[^)])", a, t);
    *attr = *type = -1;
    for (int i = 0; i < g->nattrs; i++) if (!strcmp(g->attrs[i].name, a)) *attr = i;
    for (int i = 1; i <= g->ntypes; i++) if (!strcmp(g->types[i].name, t)) *type = i;
}

/* `pieces(NUMBERS, TYPE)` (PDN's `W21,22,K30`): a player's letter, then its pieces separated
 * by commas, each a square's number (attribute NUMBERS) after the piece's code, which TYPE
 * goes without; `a-b` stands for every number from a to b. */
static int parse_pieces(Pos *p, const char *f, char *val, char *e, size_t el)
{
    const Game *g = p->g;
    int attr, bare;
    pieces_field(g, f, &attr, &bare);
    const Attribute *a = &g->attrs[attr];
    int pl = -1;
    size_t n = 0;
    for (size_t len = strlen(val); len > 0 && pl < 0; len--)   /* the longest letter first */
        if ((pl = player_of_letter(g, val, len)) >= 0) n = len;
    if (pl < 0) return err(e, el, "'%s' does not start with a player's letter", val);
    for (char *save, *item = strtok_r(val + n, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        size_t cl = 0;
        while (isalpha((unsigned char)item[cl]) || item[cl] == '+') cl++;
        int t = bare, owner;
        if (cl) {
            char code[8];
            if (cl >= sizeof code) return err(e, el, "pieces: '%s' is not a piece code", item);
            memcpy(code, item, cl); code[cl] = 0;
            if (!(t = game_find_type_code(g, code, &owner)))
                return err(e, el, "pieces: '%s' is not a piece code", code);
        }
        char *end;
        long lo = strtol(item + cl, &end, 10), hi = lo;
        if (end == item + cl) return err(e, el, "pieces: '%s' has no square number", item);
        if (*end == '-') { char *end2; hi = strtol(end + 1, &end2, 10); end = end2; }
        if (*end) return err(e, el, "pieces: '%s' is not a square number or a range", item);
        for (long k = lo; k <= hi; k++) {
            int sq = -1;
            for (int s2 = 0; s2 < g->nsq && sq < 0; s2++) if (a->value[s2] == k) sq = s2;
            if (sq < 0) return err(e, el, "pieces: no square is numbered %ld", k);
            if (p->st[sq * g->stack]) return err(e, el, "pieces: square %ld is given twice", k);
            pos_set(p, sq * g->stack, PW_MAKE(t, pl));
        }
    }
    return 1;
}

static int read_format(Pos *p, const char *str, int format, char *e, size_t el, int run_hooks)
{
    const Game *g = p->g;
    pos_reset_empty(p);
    char *copy = xstrdup(str, "copy in read_position()");
    /* at most a field per variable, plus board, turn and hands: more is refused, not dropped */
    enum { MAX_FIELDS = MAX_VARS * 4 + 3 };
    char *tok[MAX_FIELDS]; int nt = 0;
    char seps[16] = " \t\r\n";
    if (g->nformats && g->formats[format].sep)
        strncat(seps, g->formats[format].sep, sizeof seps - strlen(seps) - 1);
    char *t = strtok(copy, seps);
    for (; t && nt < MAX_FIELDS; t = strtok(NULL, seps)) tok[nt++] = t;
    const char *fields[MAX_FIELDS];
    int nf = field_list(g, format, fields, MAX_FIELDS);
    int ok = 1, have_turn = 0;
    uint64_t *hist = NULL; int nhist = 0;
    if (t) { ok = err(e, el, "more than %d fields", MAX_FIELDS); goto out; }
    if (nt == 0) { ok = err(e, el, "empty position string"); goto out; }
    int next = 0;                          /* next positional field */
    for (int i = 0; i < nt && ok; i++) {
        char *eq = strchr(tok[i], '=');
        const char *f;
        char *val = tok[i];
        /* a named field is name=value with a plain name (a board can hold '=' inside braces) */
        if (eq && strcspn(tok[i], "/{(") < (size_t)(eq - tok[i])) eq = NULL;
        if (eq) {                          /* a named field: name=value */
            *eq = 0; f = tok[i]; val = eq + 1;
        } else if (next < nf) f = fields[next++];
        else if (fen_trailer(tok + i, nt - i, nf)) break;   /* FEN's "- - 0 1": nothing to set */
        else { ok = err(e, el, "unexpected field '%s' (a position has %d fields, then name=value ones)", tok[i], nf); break; }
        if (!strcmp(f, "-")) continue;    /* a field that holds nothing: read as nothing */
        int lead, optional; long down;
        int fv = eq ? -1 : var_field(g, f, &lead, &down, &optional);
        if (fv >= 0 && optional && !field_fits(g, &g->vars[fv], lead, val)) {
            i--;                           /* absent: the token is the next field's */
            continue;
        }
        if (!strcmp(f, "board")) ok = parse_board(p, val, e, el);
        else if (!strcmp(f, "board[hands]")) ok = parse_board_hands(p, val, e, el);
        else if (fv >= 0 && (g->vars[fv].kind == VAR_PLAYER || lead))
            ok = parse_joined(p, f, &g->vars[fv], lead, down, val, e, el);
        else if (fv >= 0 && g->vars[fv].kind == VAR_GLOBAL) {
            int32_t x;
            ok = parse_value(g, &g->vars[fv], val, &x, e, el);
            if (ok) pos_set(p, g->vars[fv].base, down >= 0 ? (int32_t)(down - x) : x);
        } else if (!strncmp(f, "pieces(", 7)) ok = parse_pieces(p, f, val, e, el);
        else if (!strcmp(f, "turn")) {
            int t = player_of_letter(g, val, strlen(val));
            if (t < 0) ok = err(e, el, "'%s' is not a side to move (expected %s%s%s)", val, g->player_letter[0],
                                 g->nplayers > 1 ? " or " : "", g->nplayers > 1 ? g->player_letter[1] : "");
            else { pos_set(p, g->st_turn, t); have_turn = 1; }
        } else if (!strcmp(f, "hands")) ok = parse_hands(p, val, e, el);
        else if (!strcmp(f, "history")) ok = parse_history(val, &hist, &nhist, e, el);
        else if (!strcmp(f, "out") && g->st_out >= 0 && var_index(g, f) < 0)
            ok = parse_out(p, val, e, el);
        else {
            int vi = var_index(g, f);
            if (vi < 0) { ok = err(e, el, "'%s' is not a field of this game's positions", f); break; }
            const Var *v = &g->vars[vi];
            if (v->transient) {
                ok = err(e, el, "'%s' is transient, no part of a position: it is set at every turn", f);
                break;
            }
            if (v->kind == VAR_GLOBAL) {
                int32_t x;
                ok = parse_value(g, v, val, &x, e, el);
                if (ok) pos_set(p, v->base, x);
            } else if (v->kind == VAR_PLAYER || v->kind == VAR_SQUARE) {
                /* player vars: v1,v2,...; square vars: sq:v,sq:v */
                char *save, *item = strtok_r(val, ",", &save);
                int k = 0;
                while (item && ok) {
                    int idx = k;
                    char *colon = v->kind == VAR_SQUARE ? strchr(item, ':') : NULL;
                    if (v->kind == VAR_SQUARE) {
                        if (!colon) { ok = err(e, el, "field %s lists square:value pairs", f); break; }
                        *colon = 0;
                        idx = game_find_square(g, item);
                        if (idx < 0) { ok = err(e, el, "'%s' is not a square (field %s)", item, f); break; }
                        item = colon + 1;
                    } else if (idx >= g->nplayers) { ok = err(e, el, "field %s has more values than players", f); break; }
                    int32_t x;
                    ok = parse_value(g, v, item, &x, e, el);
                    if (ok) pos_set(p, v->base + idx, x);
                    k++;
                    item = strtok_r(NULL, ",", &save);
                }
            } else ok = err(e, el, "field %s cannot be given here", f);
        }
    }
    if (ok && !have_turn) pos_set(p, g->st_turn, 0);
    if (ok && g->st_out >= 0 && p->st[g->st_out]) ok = check_out(p, e, el);
out:
    free(copy);
    p->ntrail = 0;                  /* the set-up is not a move: nothing to undo */
    p->nundo = 0;
    p->last_from = p->last_to = -1; p->last_piece = p->last_captured = 0;
    /* `on setup` puts a given position in the form the moves keep (sorted stacks, say) */
    if (ok && run_hooks && g->hook_fn[HOOK_SETUP] >= 0) { vm_run_hook(p, HOOK_SETUP, pos_turn(p)); p->ntrail = 0; }
    if (ok && run_hooks && g->hook_fn[HOOK_TURN_START] >= 0) { vm_run_hook(p, HOOK_TURN_START, pos_turn(p)); p->ntrail = 0; }
    if (ok && nhist) pos_set_history(p, hist, nhist);
    else pos_start_history(p);
    free(hist);
    return ok;
}

/* The first `position` declaration that reads the string; the first one's error if none. */
static int read_position(Pos *p, const char *str, char *e, size_t el, int run_hooks)
{
    if (read_format(p, str, 0, e, el, run_hooks)) return 1;
    char other[256];
    for (int k = 1; k < p->g->nformats; k++)
        if (read_format(p, str, k, other, sizeof other, run_hooks)) return 1;
    if (p->g->nformats > 1) read_format(p, str, 0, e, el, run_hooks);  /* (its state and error) */
    return 0;
}

int pos_from_string(Pos *p, const char *str, char *e, size_t el)
{
    return read_position(p, str, e, el, 1);
}

/* The compiler's check of the `start` string: read, no hook run (a hook's runtime error is the
 * hook's, found when the game is played, not the string's). */
int pos_check_string(const Game *g, const char *str, char *e, size_t el)
{
    Pos *p = pos_new(g);
    int ok = read_position(p, str, e, el, 0);
    pos_free(p);
    return ok;
}

/* The pieces in hand, first player's first ("2Pq"), or `none` when there are none; without a
 * `none`, in brackets after the board, a piece is repeated instead of counted ("PPq"), as
 * Fairy-Stockfish and XBoard write it. */
static void put_hands(Buf *b, const Game *g, const Pos *p, const char *none)
{
    int any = 0;
    for (int pl = 0; pl < g->nplayers; pl++)
        for (int t = 1; t <= g->ntypes; t++) {
            int n = p->st[g->st_hands + pl * (g->ntypes + 1) + t];
            if (n <= 0) continue;
            if (*none && n > 1) put(b, "%d", n);
            for (int k = 0; k < (*none ? 1 : n); k++) put_piece(b, g, PW_MAKE(t, pl));
            any = 1;
        }
    if (!any) put(b, "%s", none);
}

/* `pieces(NUMBERS, TYPE)` for player pl: its letter, then its pieces by square number. */
static void put_pieces(Buf *b, const Game *g, const Pos *p, const char *f, int pl)
{
    int attr, bare;
    pieces_field(g, f, &attr, &bare);
    const Attribute *a = &g->attrs[attr];
    put(b, "%s", pl < g->nplayers ? g->player_letter[pl] : "?");
    int64_t last = INT64_MIN;
    for (int any = 0;; any = 1) {          /* in increasing number: the next above `last` */
        int sq = -1;
        for (int s2 = 0; s2 < g->nsq; s2++) {
            int32_t w = p->st[s2 * g->stack];
            if (w && PW_OWNER(w) == pl && a->value[s2] > last && (sq < 0 || a->value[s2] < a->value[sq]))
                sq = s2;
        }
        if (sq < 0) break;
        int t = PW_TYPE(p->st[sq * g->stack]);
        put(b, "%s%s%lld", any ? "," : "", t == bare ? "" : g->types[t].code, (long long)a->value[sq]);
        last = a->value[sq];
    }
}

char *pos_to_string(const Pos *p)
{
    const Game *g = p->g;
    Buf b = { malloc(256), 0, 256 };
    if (!b.s) out_of_memory("b.s in pos_to_string()");
    b.s[0] = 0;
    const char *fields[256];
    int nf = field_list(g, 0, fields, 256);
    char listed[MAX_VARS * 4] = {0};
    int npieces = 0;                       /* `pieces` fields so far: the next is this player's */
    for (int i = 0; i < nf; i++) {
        const char *f = fields[i];
        int lead, optional; long down;
        int fv = var_field(g, f, &lead, &down, &optional);
        if (fv >= 0 && optional && listed[fv]) continue;    /* written in an earlier form */
        if (i) put(&b, "%s", g->nformats && g->formats[0].sep ? g->formats[0].sep : " ");
        if (!strncmp(f, "pieces(", 7)) { put_pieces(&b, g, p, f, npieces++); continue; }
        if (!strcmp(f, "board") || !strcmp(f, "board[hands]")) {
            for (int y = g->ranks - 1; y >= 0; y--) {
                int empty = 0;
                for (int x = 0; x < g->files; x++) {
                    int sq = game_sq_at(g, x, y);
                    if (sq < 0) continue;
                    int32_t w = p->st[sq * g->stack];
                    if (!w) { empty++; continue; }
                    if (empty) { put(&b, "%d", empty); empty = 0; }
                    int h = pos_height(p, sq);
                    if (h > 1) put(&b, "[");
                    for (int l = 0; l < h; l++) put_piece(&b, g, p->st[sq * g->stack + l]);
                    if (h > 1) put(&b, "]");
                }
                if (empty) put(&b, "%d", empty);
                if (y) put(&b, "/");
            }
            if (!strcmp(f, "board[hands]")) { put(&b, "["); put_hands(&b, g, p, ""); put(&b, "]"); }
        } else if (!strcmp(f, "turn")) put(&b, "%s", g->player_letter[pos_turn(p)]);
        else if (!strcmp(f, "-")) put(&b, "-");
        else if (!strcmp(f, "history")) {
            for (int k = 0; k + 1 < p->nhist; k++) put(&b, "%s%llx", k ? "," : "", (unsigned long long)p->hist[k]);
            if (p->nhist < 2) put(&b, "-");
        }
        else if (!strcmp(f, "hands")) put_hands(&b, g, p, "-");
        else {
            int vi = fv;                   /* (K-v: K less the value) */
            int32_t base = down >= 0 ? (int32_t)down : 0, sign = down >= 0 ? -1 : 1;
            if (vi >= 0 && g->vars[vi].kind == VAR_GLOBAL) {
                put_value(&b, g, &g->vars[vi], base + sign * p->st[g->vars[vi].base]);
                listed[vi] = 1;
            } else if (vi >= 0 && g->vars[vi].kind == VAR_PLAYER) {
                for (int k = 0; k < g->nplayers; k++) {
                    if (lead || k) put(&b, "+");
                    put_value(&b, g, &g->vars[vi], base + sign * p->st[g->vars[vi].base + k]);
                }
                listed[vi] = 1;
            } else put(&b, "-");
        }
    }
    /* state the declared fields do not cover */
    for (int vi = 0; vi < g->nvars; vi++) {
        const Var *v = &g->vars[vi];
        /* an `uncounted` variable is bookkeeping (move counters): written only where listed */
        if (listed[vi] || v->kind == VAR_PIECE || v->uncounted || v->transient) continue;
        if (v->kind == VAR_GLOBAL) {
            if (p->st[v->base] == (int32_t)v->init) continue;
            put(&b, " %s=", v->name); put_value(&b, g, v, p->st[v->base]);
        } else if (v->kind == VAR_PLAYER) {
            int nondefault = 0;
            for (int k = 0; k < g->nplayers; k++) nondefault |= p->st[v->base + k] != (int32_t)v->init;
            if (!nondefault) continue;
            put(&b, " %s=", v->name);
            for (int k = 0; k < g->nplayers; k++) { if (k) put(&b, ","); put_value(&b, g, v, p->st[v->base + k]); }
        } else {
            int any = 0;
            for (int s = 0; s < g->nsq; s++) {
                if (p->st[v->base + s] == (int32_t)v->init) continue;
                put(&b, any ? "," : " %s=", v->name);
                put(&b, "%s:", g->sq_name[s]); put_value(&b, g, v, p->st[v->base + s]);
                any = 1;
            }
        }
    }
    if (g->st_out >= 0 && p->st[g->st_out] && var_index(g, "out") < 0) {
        const char *sep = " out=";        /* (parse_out) */
        for (int pl = 0; pl < g->nplayers; pl++)
            if (p->st[g->st_out] >> pl & 1) {
                put(&b, "%s%s", sep, g->player_letter[pl]);
                sep = ",";
            }
    }
    int listed_hands = 0;
    for (int i = 0; i < nf; i++)
        listed_hands |= !strcmp(fields[i], "hands") || !strcmp(fields[i], "board[hands]");
    if (!listed_hands) {
        int any = 0;
        for (int pl = 0; pl < g->nplayers; pl++)
            for (int t = 1; t <= g->ntypes; t++) {
                int n = p->st[g->st_hands + pl * (g->ntypes + 1) + t];
                if (n <= 0) continue;
                put(&b, any ? "" : " hands=");
                if (n > 1) put(&b, "%d", n);
                put_piece(&b, g, PW_MAKE(t, pl));
                any = 1;
            }
    }
    return b.s;
}
