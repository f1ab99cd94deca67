/* zrf_moves.c - ZRF move and drop blocks as boardvm programs (zrf_lower.h).
 *
 * A piece's (moves B1 B2 ...) is `either { B1 } or { B2 } ...`: each block starts on the piece's
 * square with its own mark and flags. Instructions map one to one onto statements (a direction
 * is `step`, a position `go`, `verify` is `require`), and every effect (capture, flip,
 * change-type, create, set-attribute, the parts of a cascade) is recorded in `defer { }`: done
 * when the move is made, after the moving piece lands, so the predicates of the block see the
 * board as it was (docs/zrf.md, "Moves"). `add` is `emit`; with piece types, one emit a type,
 * each in a branch of its own, so that the block goes on afterwards as the piece it was. */
#include "zrf_lower.h"
#include <stdio.h>
#include <string.h>

typedef struct {
    ZrfLower *L;
    int drop;                    /* a drop block: `add` drops the piece */
    int after_empty;             /* the instruction before this one is (verify empty?) */
    int parts;                   /* the block has cascade, from or to */
    int casc;                    /* ... cascade or from (moves of another piece) */
    int taken;                   /* deferred captures: `capture` adds to ZL_TAKEN, the move's
                                    emits take them, `enemy?` is false on them */
    const char *flag[64]; int nflags;    /* flags met so far, declared at the block's start */
    const char *pflag[64]; int npflags;  /* position flags: a zone local each, empty at the start */
    int unsupported;             /* already said: one message a block */
    int attack;                  /* lowered as an attack: what a piece becomes does not matter */
    int moved;                   /* an instruction other than verify was lowered: here may no
                                    longer be the piece's square */
    int copy;                    /* lowering add-copy-partial: a copy of the piece stays where
                                    each part starts */
} Blk;

#define PF " part-from"          /* the piece that moves in the current part */
#define PT " part-to"            /* its destination, set by `to` (none: where `add` runs) */
#define TO1 " first-to"          /* the first part's destination, once a cascade ended it */
#define CASC " cascaded"
#define PLF " part-last-from"    /* a move in parts: where its last part started, and ended */
#define PLT " part-last-to"

static void instrs(Blk *k, Ast *out, const ZrfNode *list, int from);
static int is_verify_of(const ZrfNode *n, const char *what);
static void seq(Blk *k, Ast *out, const ZrfNode *list, int from, int to);
static int holds_partial(const ZrfNode *n);
static Ast *cond(Blk *k, const ZrfNode *c);

static int atom_is(const ZrfNode *n, const char *s) { return n->kind == ZN_ATOM && zrf_eq(n->text,
    s); }

static const char *flag_local(Blk *k, const ZrfNode *name)
{
    static char buf[300];
    snprintf(buf, sizeof buf, " flag %s", name->kind == ZN_ATOM ? name->text : "?");
    for (int i = 0; i < k->nflags; i++) if (!strcmp(k->flag[i], buf)) return k->flag[i];
    if (k->nflags == 64) { zl_error(k->L, name,
                                    "more than 64 flags in one move block"); return k->flag[0]; }
    return k->flag[k->nflags++] = zl_str(k->L, buf);
}

/* A position flag NAME of the block: the local set of the squares where it is true (Polygamo's
 * MoveGenState and Dagaz's generator keep them per block, as flags: docs/zrf.md) */
static const char *pflag_local(Blk *k, const ZrfNode *name)
{
    static char buf[300];
    snprintf(buf, sizeof buf, " pflag %s", name->kind == ZN_ATOM ? name->text : "?");
    for (int i = 0; i < k->npflags; i++) if (!strcmp(k->pflag[i], buf)) return k->pflag[i];
    if (k->npflags == 64) { zl_error(k->L, name,
                                     "more than 64 position flags in one move block");
                            return k->pflag[0]; }
    return k->pflag[k->npflags++] = zl_str(k->L, buf);
}

static void unsupported(Blk *k, const ZrfNode *at, const char *what)
{
    if (k->unsupported++) return;
    zl_error(k->L, at, "%s is not supported yet by boardvm's Zillions reader (docs/zrf.md, "
             "\"What is not supported yet\")", what);
}

/* ---------- squares ---------- */

/* Before the block's first instruction other than a verify, the square is the piece's own:
 * `from`, which the filter of the squares a program can start from (src/bytecode/origins.c)
 * decides, so that a block beginning with (verify (in-zone? Z)) is not run elsewhere. */
static Ast *here(Blk *k, const ZrfNode *at)
{
    /* (in a game with moves in parts a block may start a later part, where the piece stands
     * elsewhere) */
    return zl_ident(k->L, k->moved || k->drop || (k->L->partial && !k->attack) ? "here" : "from",
                    at);
}

/* The square a predicate's or an effect's argument names: a direction (the next square that
 * way, none off the board), a position, (opposite DIR), or `mark`; NULL after an error. */
static Ast *square_arg(Blk *k, const ZrfNode *a)
{
    ZrfLower *L = k->L;
    if (a->kind == ZN_ATOM) {
        if (zl_position(L, a->text) >= 0) return zl_ident(L, a->text, a);
        if (zl_direction(L, a->text) >= 0)
            return zl_call(L, "step", a, here(k, a), zl_ident(L, a->text, a));
        if (atom_is(a, "mark")) return zl_ident(L, ZL_MARK, a);
        if (atom_is(a, "from")) return zl_ident(L, "from", a);
    } else if (zrf_is(a, "opposite") && a->nkids == 2 && a->kids[1]->kind == ZN_ATOM &&
               zl_direction(L, a->kids[1]->text) >= 0) {
        Ast *neg = zl_kids(L, AST_UNARY, a, zl_ident(L, a->kids[1]->text, a->kids[1]), NULL, NULL);
        neg->num = '-';
        return zl_call(L, "step", a, here(k, a), neg);
    }
    zl_error(L, a, "expected a direction or a position here");
    return NULL;
}

/* The square of an optional last argument: here when the form has n items only. */
static Ast *square_opt(Blk *k, const ZrfNode *form, int n)
{
    if (form->kind != ZN_LIST || form->nkids <= n) return here(k, form);
    return square_arg(k, form->kids[n]);
}

/* ---------- predicates ---------- */


/* A square for a predicate, made afresh for each use: the predicate's optional argument, or the
 * step from here along direction d */
typedef Ast *(*SquareFn)(Blk *k, const ZrfNode *c, int arg);
static Ast *square_of_arg(Blk *k, const ZrfNode *c, int n) { return square_opt(k, c, n); }
static Ast *square_by_step(Blk *k, const ZrfNode *c, int d)
{
    return zl_call(k->L, "step", c, here(k, c), zl_ident(k->L, k->L->b->dir[d], c));
}

/* the game has a neutral player (one that takes no turn of its own, read_turn_order) */
static int has_neutral(const ZrfLower *L)
{
    for (int p = 0; p < L->nplayers; p++)
        if (!zl_active_player(L, p)) return 1;
    return 0;
}

/* `neutral?`: the piece there belongs to a neutral player, `owner(at(sq)) == N or ...` (false
 * in a game without one); NULL after an error in the square */
static Ast *neutral_on(Blk *k, const ZrfNode *c, SquareFn square, int arg)
{
    ZrfLower *L = k->L;
    Ast *e = NULL;
    for (int p = 0; p < L->nplayers; p++) {
        if (zl_active_player(L, p)) continue;
        Ast *sq = square(k, c, arg);
        if (!sq) return NULL;
        Ast *t = zl_binary(L, BIN_EQ, c, zl_call(L, "owner", c, zl_call(L, "at", c, sq, NULL),
                                                 NULL), zl_ident(L, L->player[p], c));
        e = e ? zl_binary(L, BIN_OR, c, e, t) : t;
    }
    return e ? e : zl_ident(L, "false", c);
}

/* `enemy?`: another player's piece, not a neutral one: Polygamo's reading, which `neutral?`
 * beside `friend?` and `enemy?` makes a partition of the pieces (docs/zrf.md, "Decisions") */
static Ast *not_neutral(Blk *k, const ZrfNode *c, Ast *e, SquareFn square, int arg)
{
    if (!e || !has_neutral(k->L)) return e;
    Ast *n = neutral_on(k, c, square, arg);
    return n ? zl_binary(k->L, BIN_AND, c, e, zl_not(k->L, c, n)) : NULL;
}

static Ast *enemy_on(Blk *k, const ZrfNode *at, int d)
{
    return not_neutral(k, at, zl_call(k->L, "enemy", at, square_by_step(k, at, d), NULL),
                       square_by_step, d);
}

/* A predicate named by an atom or at the head of a list (its `not-` form is its negation). */
static Ast *predicate(Blk *k, const ZrfNode *c, const char *name)
{
    ZrfLower *L = k->L;
    int list = c->kind == ZN_LIST;
    /* (an attribute may be named not-moved?: the name first, then its not- form) */
    if (!strncmp(name, "not-", 4) && strcmp(name, "not-") && zl_attribute(L, name) < 0) {
        Ast *e = predicate(k, c, name + 4);
        return e ? zl_not(L, c, e) : NULL;
    }
    if (!strcmp(name, "true") || !strcmp(name, "false")) return zl_ident(L, name, c);
    if (!strcmp(name, "empty?") || !strcmp(name, "friend?") || !strcmp(name, "enemy?")) {
        char fn[16]; snprintf(fn, sizeof fn, "%.*s", (int)strlen(name) - 1, name);
        Ast *sq = square_opt(k, c, 1), *e = sq ? zl_call(L, fn, c, sq, NULL) : NULL;
        if (e && k->taken && name[1] == 'n')      /* (a piece taken already is no enemy) */
            e = zl_binary(L, BIN_AND, c, e, zl_not(L, c, zl_kids(L, AST_IN, c, square_opt(k, c, 1),
                                                                zl_ident(L, ZL_TAKEN, c), NULL)));
        return name[1] == 'n' ? not_neutral(k, c, e, square_of_arg, 1) : e;
    }
    if (!strcmp(name, "piece?")) {
        if (!list || c->nkids < 2 || zl_piece(L, c->kids[1]->text) < 0) {
            zl_error(L, c, "(piece? TYPE [where]) names a piece type of the game");
            return NULL;
        }
        Ast *sq = square_opt(k, c, 2);
        return sq ? zl_kids(L, AST_IS, c, zl_call(L, "at", c, sq, NULL),
                            zl_type(L, c->kids[1]->text, c->kids[1]), NULL) : NULL;
    }
    if (!strcmp(name, "in-zone?")) {
        if (!list || c->nkids < 2 || zl_zone(L, c->kids[1]->text) < 0) {
            zl_error(L, c, "(in-zone? ZONE [where]) names a zone of the board");
            return NULL;
        }
        Ast *sq = square_opt(k, c, 2);
        return sq ? zl_kids(L, AST_IN, c, sq, zl_ident(L, c->kids[1]->text, c->kids[1]), NULL)
            : NULL;
    }
    if (!strcmp(name, "position?")) {
        if (!list || c->nkids != 2 || zl_position(L, c->kids[1]->text) < 0) {
            zl_error(L, c, "(position? POSITION) names a position of the board");
            return NULL;
        }
        return zl_binary(L, BIN_EQ, c, here(k, c), zl_ident(L, c->kids[1]->text, c->kids[1]));
    }
    if (!strcmp(name, "marked?")) {
        Ast *sq = square_opt(k, c, 1);
        return sq ? zl_binary(L, BIN_EQ, c, sq, zl_ident(L, ZL_MARK, c)) : NULL;
    }
    if (!strcmp(name, "on-board?")) {
        if (!list || c->nkids != 2) {
            zl_error(L, c, "(on-board? DIRECTION) takes a direction");
            return NULL;
        }
        Ast *sq = square_arg(k, c->kids[1]);
        return sq ? zl_binary(L, BIN_NE, c, sq, zl_ident(L, "none", c)) : NULL;
    }
    if (!strcmp(name, "flag?")) {
        if (!list || c->nkids != 2 || !k->L) {
            zl_error(L, c, "(flag? NAME) takes a flag's name");
            return NULL;
        }
        return zl_ident(L, flag_local(k, c->kids[1]), c);
    }
    if (!strcmp(name, "last-from?") || !strcmp(name, "last-to?")) {
        L->uses_last = 1;
        Ast *sq = square_opt(k, c, 1);
        if (!sq) return NULL;
        /* (a square off the board is none, and so is the last move's before the first: no
         * square off the board was the last anything) */
        Ast *game = zl_binary(L, BIN_AND, c, zl_binary(L, BIN_NE, c, square_opt(k, c, 1),
                              zl_ident(L, "none", c)), zl_binary(L, BIN_EQ, c, sq,
                              zl_ident(L, name[5] == 'f' ? ZL_LASTFROM : ZL_LASTTO, c)));
        if (!L->partial || k->attack || k->drop) return game;
        /* in a later part of a move in parts: the part before it (Dagaz's generator asks its
         * parent's lastf and lastt: isLastFrom, isLastTo) */
        Ast *part = zl_binary(L, BIN_AND, c, zl_binary(L, BIN_NE, c, square_opt(k, c, 1),
                              zl_ident(L, "none", c)), zl_binary(L, BIN_EQ, c, square_opt(k, c, 1),
                              zl_ident(L, name[5] == 'f' ? PLF : PLT, c)));
        return zl_binary(L, BIN_OR, c, zl_binary(L, BIN_AND, c, zl_ident(L, ZL_CHAIN, c), part),
                         zl_binary(L, BIN_AND, c, zl_not(L, c, zl_ident(L, ZL_CHAIN, c)), game));
    }
    if (!strcmp(name, "attacked?") || !strcmp(name, "defended?")) {
        Ast *sq = square_opt(k, c, 1);
        if (!sq) return NULL;
        return name[0] == 'a' ? zl_call(L, "attacked", c, sq, NULL)
                              : zl_call(L, "attacked", c, sq, zl_ident(L, "mover", c));
    }
    if (!strcmp(name, "adjacent-to-enemy?")) {
        Ast *e = NULL;
        for (int d = 0; d < L->b->ndirs; d++) {
            Ast *t = enemy_on(k, c, d);
            e = e ? zl_binary(L, BIN_OR, c, e, t) : t;
        }
        return e ? e : zl_ident(L, "false", c);
    }
    if (zl_attribute(L, name) >= 0) {
        Ast *sq = square_opt(k, c, 1);
        if (!sq) return NULL;
        Ast *e = zl_kids(L, AST_INDEX, c, sq, NULL, NULL);
        e->name = zl_str(L, zl_attribute_var(L, zl_attribute(L, name)));
        /* (an attribute of numbers holds when it is not 0, as Dagaz's verify reads it) */
        return zl_attribute_numbers(L, zl_attribute(L, name)) ? zl_binary(L, BIN_NE, c, e,
                                                                          zl_num(L, 0, c)) : e;
    }
    if (!strcmp(name, "neutral?")) return neutral_on(k, c, square_of_arg, 1);
    if (!strcmp(name, "position-flag?")) {
        /* (position-flag? NAME [where]): the square is in the flag's set (off the board: false,
         * as `none` is in no set) */
        if (!list || c->nkids < 2 || c->nkids > 3 || c->kids[1]->kind != ZN_ATOM) {
            zl_error(L, c, "(position-flag? NAME [where]) takes a flag's name");
            return NULL;
        }
        Ast *sq = square_opt(k, c, 2);
        return sq ? zl_kids(L, AST_IN, c, sq, zl_ident(L, pflag_local(k, c->kids[1]), c), NULL)
                  : NULL;
    }
    zl_error(L, c, "unknown condition '%s'", name);
    return NULL;
}

static Ast *cond(Blk *k, const ZrfNode *c)
{
    ZrfLower *L = k->L;
    if (c->kind == ZN_ATOM) return predicate(k, c, c->text);
    if (c->kind != ZN_LIST || !zrf_head(c)) { zl_error(L, c, "expected a condition"); return NULL; }
    const char *h = zrf_head(c);
    if (!strcmp(h, "not")) {
        if (c->nkids != 2) { zl_error(L, c, "(not CONDITION) takes one condition"); return NULL; }
        Ast *e = cond(k, c->kids[1]);
        return e ? zl_not(L, c, e) : NULL;
    }
    if (!strcmp(h, "and") || !strcmp(h, "or")) {
        Ast *e = NULL;
        for (int i = 1; i < c->nkids; i++) {
            Ast *t = cond(k, c->kids[i]);
            if (!t) return NULL;
            e = e ? zl_binary(L, h[0] == 'a' ? BIN_AND : BIN_OR, c, e, t) : t;
        }
        return e ? e : zl_ident(L, h[0] == 'a' ? "true" : "false", c);
    }
    return predicate(k, c, h);
}

Ast *zl_condition(ZrfLower *L, const ZrfNode *c, void *block)
{
    Blk none = { .L = L, .moved = 1 };
    return cond(block ? (Blk *)block : &none, c);
}

/* ---------- effects ---------- */

/* `defer { s; }`, or `if SQ != none { defer { s; } }` when the square may be off the board
 * (an effect there does nothing) */
static void deferred(Blk *k, Ast *out, const ZrfNode *at, Ast *s, Ast *sq_check)
{
    ZrfLower *L = k->L;
    Ast *inner = zl_block(L, at);
    ast_add(&L->nodes, inner, s);
    Ast *d = zl_kids(L, AST_DEFER_BLOCK, at, inner, NULL, NULL);
    if (sq_check) {
        Ast *then = zl_block(L, at);
        ast_add(&L->nodes, then, d);
        d = zl_kids(L, AST_IF, at, zl_binary(L, BIN_NE, at, sq_check, zl_ident(L, "none", at)),
                    then,
                    zl_node(L, AST_NOTHING, at));
    }
    ast_add(&L->nodes, out, d);
    /* (a part of a move in parts with an effect may come back where the move has stood) */
    if (L->partial && !k->attack && !k->drop)
        ast_add(&L->nodes, out, zl_assign(L, zl_ident(L, ZL_TOOK, at), zl_ident(L, "true", at),
                                          at));
}

/* The square of an effect's optional argument, and whether it needs the off-board check */
static Ast *effect_square(Blk *k, const ZrfNode *form, int n, Ast **check)
{
    *check = NULL;
    if (form->kind != ZN_LIST || form->nkids <= n) return here(k, form);
    const ZrfNode *a = form->kids[n];
    Ast *sq = square_arg(k, a);
    if (sq && sq->kind == AST_CALL) *check = square_arg(k, a);
    return sq;
}

static void effect_capture(Blk *k, Ast *out, const ZrfNode *f)
{
    Ast *check, *sq = effect_square(k, f, 1, &check);
    if (sq && k->taken) {               /* `if SQ != none { taken = taken + SQ; took = true; }` */
        ZrfLower *L = k->L;
        Ast *then = zl_block(L, f);
        ast_add(&L->nodes, then, zl_assign(L, zl_ident(L, ZL_TAKEN, f), zl_binary(L, BIN_ADD, f,
                zl_ident(L, ZL_TAKEN, f), sq), f));
        ast_add(&L->nodes, then, zl_assign(L, zl_ident(L, ZL_TOOK, f), zl_ident(L, "true", f),
                                           f));
        Ast *sq2 = effect_square(k, f, 1, &check);
        ast_add(&L->nodes, out, zl_kids(L, AST_IF, f, zl_binary(L, BIN_NE, f, sq2,
                zl_ident(L, "none", f)), then, zl_node(L, AST_NOTHING, f)));
        return;
    }
    if (sq) deferred(k, out, f, zl_kids(k->L, AST_CAPTURE, f, sq, NULL, NULL), check);
}

/* `flip`'s new owner of a piece of player p: the next player after p in (players ...) who
 * takes turns (neither neutral nor random), round the list */
static int flip_to(const ZrfLower *L, int p)
{
    for (int i = 1; i <= L->nplayers; i++) {
        int q = (p + i) % L->nplayers;
        if (zl_active_player(L, q) && !zl_is_chance(L, q)) return q;
    }
    return p;
}

static void effect_owner(Blk *k, Ast *out, const ZrfNode *f, int flip)
{
    ZrfLower *L = k->L;
    Ast *check, *sq = effect_square(k, f, 1, &check);
    if (!sq) return;
    if (!flip) {
        deferred(k, out, f, zl_kids(L, AST_SETOWNER, f, sq, zl_ident(L, "mover", f), NULL), check);
        return;
    }
    /* the piece's owner as the board stands, read now: the next player who takes turns after
     * it in the order of (players ...) gets it (docs/zrf.md: `flip`); with two, the other. An
     * if-chain over the players but the last; the last, and any other owner, in its else. */
    int last = -1;
    for (int p = 0; p < L->nplayers; p++)
        if (!zl_is_chance(L, p)) last = p;
    Ast *body = NULL, *els = NULL;    /* the chain, and the else block the next link goes in */
    for (int p = 0; p <= last; p++) {
        if (zl_is_chance(L, p)) continue;
        Ast *c1, *a = effect_square(k, f, 1, &c1), *link = p == last && els ? els : zl_block(L, f);
        deferred(k, link, f, zl_kids(L, AST_SETOWNER, f, a, zl_ident(L, L->player[flip_to(L, p)],
                                                                       f), NULL), c1);
        if (p < last) {
            Ast *s2, *sq2 = effect_square(k, f, 1, &s2), *next = zl_block(L, f);
            Ast *is_p = zl_binary(L, BIN_EQ, f, zl_call(L, "owner", f, zl_call(L, "at", f, sq2,
                                                                               NULL), NULL),
                                  zl_ident(L, L->player[p], f));
            link = zl_kids(L, AST_IF, f, is_p, link, next);
            (void)s2;
            if (els) ast_add(&L->nodes, els, link); else body = link;
            els = next;
        } else if (!els) body = link;
    }
    if (!body) return;
    if (check) {
        Ast *wrap = zl_block(L, f);
        ast_add(&L->nodes, wrap, body);
        body = zl_kids(L, AST_IF, f, zl_binary(L, BIN_NE, f, check, zl_ident(L, "none", f)), wrap,
                       zl_node(L, AST_NOTHING, f));
    }
    ast_add(&L->nodes, out, body);
}

static void effect_change_type(Blk *k, Ast *out, const ZrfNode *f)
{
    ZrfLower *L = k->L;
    if (f->nkids < 2 || zl_piece(L, f->kids[1]->text) < 0) {
        zl_error(L, f, "(change-type TYPE [where]) names a piece type of the game");
        return;
    }
    Ast *check, *sq = effect_square(k, f, 2, &check);
    if (sq) deferred(k, out, f, zl_kids(L, AST_CHANGE, f, sq, zl_type(L, f->kids[1]->text,
        f->kids[1]), NULL),
                     check);
}

/* (create [PLAYER] TYPE [where]) */
static void effect_create(Blk *k, Ast *out, const ZrfNode *f)
{
    ZrfLower *L = k->L;
    int i = 1;
    Ast *player = zl_ident(L, "mover", f);
    if (i < f->nkids && f->kids[i]->kind == ZN_ATOM && zl_player(L, f->kids[i]->text) >= 0)
        player = zl_ident(L, f->kids[i]->text, f->kids[i]), i++;
    /* no type: the moving piece's (a drop's: the dropped one), Polygamo's `s_Create` default
     * (GufuuShogi's `(create North)`); the type is read now */
    Ast *type;
    if (i < f->nkids && f->kids[i]->kind == ZN_ATOM && zl_piece(L, f->kids[i]->text) >= 0)
        type = zl_type(L, f->kids[i]->text, f->kids[i]), i++;
    else if (i < f->nkids && f->kids[i]->kind == ZN_ATOM && zl_player(L, f->kids[i]->text) < 0 &&
             zl_direction(L, f->kids[i]->text) < 0 && zl_position(L, f->kids[i]->text) < 0) {
        zl_error(L, f, "(create [PLAYER] [TYPE] [where]) names a piece type of the game");
        return;
    } else type = k->drop ? zl_ident(L, "dropping", f)
                : zl_call(L, "type", f, zl_call(L, "at", f, zl_ident(L, "from", f), NULL), NULL);
    Ast *check, *sq = effect_square(k, f, i, &check);
    if (sq) deferred(k, out, f, zl_kids(L, AST_PLACE, f, type, player, sq), check);
}

/* (set-attribute NAME VALUE [where]): the piece there when the move is made */
static void effect_attribute(Blk *k, Ast *out, const ZrfNode *f)
{
    ZrfLower *L = k->L;
    if (f->nkids < 3 || zl_attribute(L, f->kids[1]->text) < 0) {
        zl_error(L, f, "(set-attribute NAME VALUE [where]) names an attribute of the game's "
                 "pieces");
        return;
    }
    int attr = zl_attribute(L, f->kids[1]->text), numbers = zl_attribute_numbers(L, attr);
    /* an attribute of numbers takes a constant: true, false, a number or a word */
    int c = numbers ? zl_attribute_constant(L, attr, f->kids[2]) : 0;
    if (c < 0) {
        zl_error(L, f->kids[2], "(set-attribute NAME VALUE): an attribute of numbers is set to "
                 "a number, a word, true or false");
        return;
    }
    Ast *v = numbers ? zl_num(L, c, f->kids[2]) : cond(k, f->kids[2]);
    Ast *check, *sq = effect_square(k, f, 3, &check);
    if (!v || !sq) return;
    Ast *lv = zl_kids(L, AST_INDEX, f, sq, NULL, NULL);
    lv->name = zl_str(L, zl_attribute_var(L, attr));
    /* the value is read now, into a local: a deferred assignment keeps a value, not a test */
    Ast *blk = zl_block(L, f);
    ast_add(&L->nodes, blk, zl_let(L, " value", numbers ? "int" : "bool", v, f));
    Ast *set = zl_assign(L, lv, zl_ident(L, " value", f), f);
    deferred(k, blk, f, set, check);
    ast_add(&L->nodes, out, blk);
}

/* ---------- add ---------- */

/* Deferred captures: the move takes what its parts have taken, `for s in taken { capture s; }`,
 * before its emit (in a branch of its own: undone for the block's other moves) */
static void take_taken(Blk *k, Ast *out, const ZrfNode *at)
{
    ZrfLower *L = k->L;
    if (!k->taken) return;
    Ast *body = zl_block(L, at);
    ast_add(&L->nodes, body, zl_kids(L, AST_CAPTURE, at, zl_ident(L, " t", at), NULL, NULL));
    Ast *loop = zl_kids(L, AST_FOR, at, zl_ident(L, ZL_TAKEN, at), body, NULL);
    loop->name = zl_str(L, " t");
    ast_add(&L->nodes, out, loop);
}

/* `let NAME = here; if PT != none { NAME = PT; }`: the current part's destination, `to`'s
 * square or where the block stands, in the local NAME */
static void part_destination_as(Blk *k, Ast *out, const ZrfNode *at, const char *name)
{
    ZrfLower *L = k->L;
    ast_add(&L->nodes, out, zl_let(L, name, "square", here(k, at), at));
    Ast *set = zl_block(L, at);
    ast_add(&L->nodes, set, zl_assign(L, zl_ident(L, name, at), zl_ident(L, PT, at), at));
    ast_add(&L->nodes, out, zl_kids(L, AST_IF, at,
            zl_binary(L, BIN_NE, at, zl_ident(L, PT, at), zl_ident(L, "none", at)), set,
            zl_node(L, AST_NOTHING, at)));
}

static void part_destination(Blk *k, Ast *out, const ZrfNode *at)
{
    part_destination_as(k, out, at, " dest");
}

/* (option "recycle promotions"): a piece that changes type as it moves ((add T)) takes the new
 * type from the mover's pieces off the board, which must hold one (the Zillions help as the
 * Japanese Zillions wiki gives it, docs/zrf.md): `if TYPE != T { require hand(mover, T) > 0;
 * take T from mover; }`, TYPE the piece's type before (in a move in parts, the chain's). */
static void promotion_from_store(Blk *k, Ast *out, const ZrfNode *at, const char *type)
{
    ZrfLower *L = k->L;
    if (!L->recycle_promotions || k->attack || k->drop) return;
    Ast *now = L->partial ? zl_ident(L, ZL_CTYPE, at)
                          : zl_call(L, "type", at, zl_ident(L, "piece", at), NULL);
    Ast *then = zl_block(L, at);
    ast_add(&L->nodes, then, zl_kids(L, AST_REQUIRE, at, zl_binary(L, BIN_GT, at,
            zl_call(L, "hand", at, zl_ident(L, "mover", at), zl_type(L, type, at)),
            zl_num(L, 0, at)), NULL, NULL));
    ast_add(&L->nodes, then, zl_kids(L, AST_TAKE, at, zl_type(L, type, at),
                                     zl_ident(L, "mover", at), NULL));
    ast_add(&L->nodes, out, zl_kids(L, AST_IF, at, zl_binary(L, BIN_NE, at, now,
            zl_type(L, type, at)), then, zl_node(L, AST_NOTHING, at)));
}

/* A later part of a cascade: the piece `from` marked (PF) goes to the square in the local
 * dest, after the move lands (deferred); the part is written after the move's string where two
 * moves would share one, as (FROM-TO): Abalone's push e2-d3(d3-c4) and its side-step
 * e2-d3(d2-c3) are two moves. */
static void cascade_part(Blk *k, Ast *out, const ZrfNode *at, const char *dest)
{
    ZrfLower *L = k->L;
    Ast *part = zl_kids(L, AST_MOVEPIECE, at, zl_ident(L, PF, at), zl_ident(L, dest, at), NULL);
    part->num = 1;                           /* (OP_DCASCADEP: its piece is lifted first) */
    deferred(k, out, at, part, NULL);
    if (k->attack) return;                 /* (an attack program writes no string) */
    Ast *q = zl_kids(L, AST_QUALIFY, at, zl_string(L, "(", at), zl_ident(L, PF, at),
                     zl_string(L, zl_move_sep(L), at));
    ast_add(&L->nodes, q, zl_ident(L, dest, at));
    ast_add(&L->nodes, q, zl_string(L, ")", at));
    ast_add(&L->nodes, out, q);
}

/* The statements of one move made here: the parts of a cascade, then the emit. */
static void emit_here(Blk *k, Ast *out, const ZrfNode *at, const ZrfNode *type)
{
    ZrfLower *L = k->L;
    if (k->drop) {
        Ast *e = zl_kids(L, AST_EMIT, at, zl_node(L, AST_NOTHING, at), NULL, NULL);
        e->num = EMIT_DROP;
        ast_add(&L->nodes, out, e);
        return;
    }
    if (k->parts) {
        part_destination(k, out, at);
        /* after a cascade this part is another piece's: deferred; the first part is the move */
        Ast *casc = zl_block(L, at);
        cascade_part(k, casc, at, " dest");
        ast_add(&L->nodes, casc, zl_kids(L, AST_GO, at, zl_ident(L, TO1, at), NULL, NULL));
        Ast *plain = zl_block(L, at);
        ast_add(&L->nodes, plain, zl_kids(L, AST_GO, at, zl_ident(L, " dest", at), NULL, NULL));
        ast_add(&L->nodes, out, zl_kids(L, AST_IF, at, zl_ident(L, CASC, at), casc, plain));
    }
    if (type && !k->attack) {
        promotion_from_store(k, out, at, type->text);
        ast_add(&L->nodes, out,
                zl_kids(L, AST_BECOME, at, zl_type(L, type->text, type), NULL, NULL));
    }
    take_taken(k, out, at);
    Ast *e = zl_kids(L, AST_EMIT, at, zl_node(L, AST_NOTHING, at), NULL, NULL);
    e->num = EMIT_MOVE;
    ast_add(&L->nodes, out, e);
}

static void add_plain(Blk *k, Ast *out, const ZrfNode *f);
static void add_copy(Blk *k, Ast *out, const ZrfNode *f);

/* A drop's `add`: onto an occupied square it captures what stands there, as a move does (the
 * dice games' throw onto the other side's die, docs/zrf.md); the capture is the move's own, so
 * the block goes on with the board as it was:
 *   if not empty(here) { either { capture here; emit drop; stop; } or { } } else { emit drop; }
 * (right after (verify empty?), the plain emit) */
static void drop_here(Blk *k, Ast *out, const ZrfNode *f)
{
    ZrfLower *L = k->L;
    if (k->after_empty) { emit_here(k, out, f, NULL); return; }  /* (nothing there to take) */
    Ast *taking = zl_block(L, f), *plain = zl_block(L, f), *either = zl_node(L, AST_EITHER, f);
    ast_add(&L->nodes, taking, zl_kids(L, AST_CAPTURE, f, zl_ident(L, "here", f), NULL, NULL));
    emit_here(k, taking, f, NULL);
    ast_add(&L->nodes, taking, zl_node(L, AST_STOP, f));
    ast_add(&L->nodes, either, taking);
    ast_add(&L->nodes, either, zl_block(L, f));
    Ast *then = zl_block(L, f);
    ast_add(&L->nodes, then, either);
    emit_here(k, plain, f, NULL);
    ast_add(&L->nodes, out, zl_kids(L, AST_IF, f, zl_not(L, f, zl_call(L, "empty", f,
                                                                       zl_ident(L, "here", f),
                                                                       NULL)), then, plain));
}

/* A move made here after a part of it (add-partial): for each type (none: as it is), a branch
 * that makes this last part too and emits the whole move, then ends; one branch goes on. */
static Ast *add_after_part(Blk *k, const ZrfNode *at, const ZrfNode *types, int from)
{
    ZrfLower *L = k->L;
    Ast *either = zl_node(L, AST_EITHER, at);
    int n = types ? types->nkids - from : 0;
    for (int i = 0; i < (n ? n : 1); i++) {
        Ast *b = zl_block(L, at);
        if (k->parts && !k->casc) {            /* the part lands on `to`'s square, if set */
            part_destination(k, b, at);
            ast_add(&L->nodes, b, zl_kids(L, AST_GO, at, zl_ident(L, " dest", at), NULL, NULL));
        } else if (k->casc) {
            /* after a cascade the piece moved at first lands on its square, and this part's
             * piece goes, deferred, to `to`'s square or here (as emit_here) */
            part_destination(k, b, at);
            Ast *casc = zl_block(L, at), *plain = zl_block(L, at);
            cascade_part(k, casc, at, " dest");
            ast_add(&L->nodes, casc, zl_kids(L, AST_GO, at, zl_ident(L, TO1, at), NULL, NULL));
            ast_add(&L->nodes, plain, zl_kids(L, AST_GO, at, zl_ident(L, " dest", at), NULL,
                                              NULL));
            ast_add(&L->nodes, b, zl_kids(L, AST_IF, at, zl_ident(L, CASC, at), casc, plain));
        }
        if (n) {
            promotion_from_store(k, b, at, types->kids[from + i]->text);
            ast_add(&L->nodes, b, zl_kids(L, AST_BECOME, at,
                                          zl_type(L, types->kids[from + i]->text, at),
                                          NULL, NULL));
        }
        Ast *land = zl_node(L, AST_LAND, at);
        land->num = 1;
        ast_add(&L->nodes, b, land);
        if (k->copy)               /* (add-copy-partial's last part: a copy where it started) */
            ast_add(&L->nodes, b, zl_kids(L, AST_PLACE, at, zl_ident(L, ZL_CTYPE, at),
                                          zl_ident(L, "mover", at), zl_ident(L, PLT, at)));
        take_taken(k, b, at);
        Ast *e = zl_kids(L, AST_EMIT, at, zl_node(L, AST_NOTHING, at), NULL, NULL);
        e->num = EMIT_MOVE;
        if (L->drop_chain) {      /* a drop's later part: the drop's notes, then this square */
            ast_add(&L->nodes, b, zl_kids(L, AST_NOTE, at, zl_ident(L, "here", at), NULL, NULL));
            e->num = EMIT_STAY;
            e->name = " part";    /* (the drops program's one emit that is not `emit drop`) */
        }
        ast_add(&L->nodes, b, e);
        ast_add(&L->nodes, b, zl_node(L, AST_STOP, at));
        ast_add(&L->nodes, either, b);
    }
    ast_add(&L->nodes, either, zl_block(L, at));
    return either;
}

/* `add` and (add TYPE ...); in a game with moves in parts, after a part the move is made from
 * where the piece stands (`if chain { ... } else { ... }`) */
static void add(Blk *k, Ast *out, const ZrfNode *f)
{
    ZrfLower *L = k->L;
    if (!L->partial || k->attack || k->drop) { add_plain(k, out, f); return; }
    if (L->drop_chain) {               /* (a drop's later part: never the first) */
        ast_add(&L->nodes, out, add_after_part(k, f, f->kind == ZN_LIST ? f : NULL, 1));
        return;
    }
    Ast *then = zl_block(L, f), *els = zl_block(L, f);
    ast_add(&L->nodes, then, add_after_part(k, f, f->kind == ZN_LIST ? f : NULL, 1));
    if (k->copy) add_copy(k, els, f); else add_plain(k, els, f);
    ast_add(&L->nodes, out, zl_kids(L, AST_IF, f, zl_ident(L, ZL_CHAIN, f), then, els));
}

/* `add` and (add TYPE ...): each move in a branch that ends after its emit, and one branch
 * that goes on with the block (what a move records stays its own) */
static void add_plain(Blk *k, Ast *out, const ZrfNode *f)
{
    ZrfLower *L = k->L;
    int ntypes = f->kind == ZN_LIST ? f->nkids - 1 : 0;
    if (k->drop && ntypes) { unsupported(k, f, "(add TYPE ...) in a drop"); return; }
    for (int i = 1; i <= ntypes; i++)
        if (f->kids[i]->kind != ZN_ATOM || zl_piece(L, f->kids[i]->text) < 0) {
            zl_error(L, f->kids[i], "(add TYPE ...) names piece types of the game");
            return;
        }
    if (k->drop && !k->attack) { drop_here(k, out, f); return; }
    if (!ntypes && !k->parts && !k->taken) { emit_here(k, out, f, NULL); return; }
    Ast *either = zl_node(L, AST_EITHER, f);
    for (int i = 0; i < (ntypes ? ntypes : 1); i++) {
        Ast *b = zl_block(L, f);
        emit_here(k, b, f, ntypes ? f->kids[i + 1] : NULL);
        ast_add(&L->nodes, b, zl_node(L, AST_STOP, f));
        ast_add(&L->nodes, either, b);
    }
    ast_add(&L->nodes, either, zl_block(L, f));
    ast_add(&L->nodes, out, either);
}

/* A drop made as a part of a move (add-partial in a drop, docs/zrf.md): the piece is placed
 * now (what stands there captured), taken from the hand, and the move goes on with it:
 *   [if not empty(here) { capture here; }] require hand(mover, dropping) > 0;
 *   place dropping for mover at here; take dropping from mover; land part here;
 *   note dropping, "@", here; PLF = here; PLT = here; visited = {here}; took = false;
 *   chain-type = dropping; chain = true; chain-class = C; continues = true;
 * Its later parts end with `note here; emit stay;` (add_after_part): D@c3d4. */
static void drop_part(Blk *k, Ast *part, const ZrfNode *f, int cls)
{
    ZrfLower *L = k->L;
    if (!k->after_empty) {
        Ast *then = zl_block(L, f);
        ast_add(&L->nodes, then, zl_kids(L, AST_CAPTURE, f, zl_ident(L, "here", f), NULL, NULL));
        ast_add(&L->nodes, part, zl_kids(L, AST_IF, f, zl_not(L, f, zl_call(L, "empty", f,
                zl_ident(L, "here", f), NULL)), then, zl_node(L, AST_NOTHING, f)));
    }
    ast_add(&L->nodes, part, zl_kids(L, AST_REQUIRE, f, zl_binary(L, BIN_GT, f,
            zl_call(L, "hand", f, zl_ident(L, "mover", f), zl_ident(L, "dropping", f)),
            zl_num(L, 0, f)), NULL, NULL));
    ast_add(&L->nodes, part, zl_kids(L, AST_PLACE, f, zl_ident(L, "dropping", f),
                                     zl_ident(L, "mover", f), zl_ident(L, "here", f)));
    ast_add(&L->nodes, part, zl_kids(L, AST_TAKE, f, zl_ident(L, "dropping", f),
                                     zl_ident(L, "mover", f), NULL));
    Ast *on = zl_node(L, AST_LAND, f);
    on->num = 2;
    ast_add(&L->nodes, part, on);
    ast_add(&L->nodes, part, zl_kids(L, AST_NOTE, f, zl_ident(L, "dropping", f),
                                     zl_string(L, "@", f), zl_ident(L, "here", f)));
    ast_add(&L->nodes, part, zl_assign(L, zl_ident(L, PLF, f), zl_ident(L, "here", f), f));
    ast_add(&L->nodes, part, zl_assign(L, zl_ident(L, PLT, f), zl_ident(L, "here", f), f));
    Ast *lit = zl_node(L, AST_SETLIT, f);
    ast_add(&L->nodes, lit, zl_ident(L, "here", f));
    ast_add(&L->nodes, part, zl_assign(L, zl_ident(L, ZL_VISITED, f), lit, f));
    ast_add(&L->nodes, part, zl_assign(L, zl_ident(L, ZL_TOOK, f), zl_ident(L, "false", f), f));
    ast_add(&L->nodes, part, zl_assign(L, zl_ident(L, ZL_CTYPE, f), zl_ident(L, "dropping", f),
                                       f));
    ast_add(&L->nodes, part, zl_assign(L, zl_ident(L, ZL_CHAIN, f), zl_ident(L, "true", f), f));
    ast_add(&L->nodes, part, zl_assign(L, zl_ident(L, ZL_CCLASS, f), zl_num(L, cls, f), f));
    ast_add(&L->nodes, part, zl_assign(L, zl_ident(L, ZL_CONT, f), zl_ident(L, "true", f), f));
}

/* (add-partial [TYPE] [MOVE-TYPE]): a part of the move (docs/zrf.md, "Moves in several
 * parts"). Two branches: one makes the part (the piece lands here, as TYPE, and the part's
 * effects are done) and goes on to the next part, of MOVE-TYPE (none: the block's own); the
 * other goes on with the block, after making the move end here when the first branch made no
 * move (a part must be followed by another where one can be; with "pass partial" it may
 * always end):
 *   let n = emitted;
 *   either { [become TYPE;] land part; chain = true; chain-class = C; continues = true; }
 *   or { if emitted == n { ADD } }                      ADD: as (add [TYPE]) here
 * The instructions after it run only where `continues` is false (seq). */
static void add_partial(Blk *k, Ast *out, const ZrfNode *f, int copy)
{
    ZrfLower *L = k->L;
    if (k->drop && (copy || (f->kind == ZN_LIST && f->nkids > 2) ||
                    (f->kind == ZN_LIST && f->nkids == 2 && zl_piece(L, f->kids[1]->text) >= 0))) {
        unsupported(k, f, copy ? "`add-copy-partial` in a drop"
                               : "`add-partial` with piece types in a drop");
        return;
    }
    if (k->casc && (copy || (f->kind == ZN_LIST && f->nkids > 2) ||
                    (f->kind == ZN_LIST && f->nkids == 2 && zl_piece(L, f->kids[1]->text) >= 0))) {
        unsupported(k, f, "a move in parts with `cascade` or `from` and a copy or piece types");
        return;
    }
    if (copy && f->kind == ZN_LIST && f->nkids > 1 && zl_piece(L, f->kids[1]->text) >= 0) {
        unsupported(k, f, "`add-copy-partial` with piece types");
        return;
    }
    /* (add-partial), (add-partial MOVE-TYPE), (add-partial PIECE-TYPE), (add-partial PIECE-TYPE
     * MOVE-TYPE), and (add-partial T1 T2 ... MOVE-TYPE): a part as each type, as (add T1 T2)
     * makes a move as each (KoShogi's promotions in a move in parts) */
    const char *types[16], *mtype = NULL;
    int ntypes = 0, nargs = f->kind == ZN_LIST ? f->nkids - 1 : 0;
    if (nargs > 16) { zl_error(L, f, "(add-partial [PIECE-TYPE ...] [MOVE-TYPE])"); return; }
    for (int i = 1; i <= nargs; i++) {
        const ZrfNode *a = f->kids[i];
        if (a->kind != ZN_ATOM) {
            zl_error(L, a, "(add-partial [PIECE-TYPE ...] [MOVE-TYPE])");
            return;
        }
        if (i < nargs) {
            if (zl_piece(L, a->text) < 0) {
                zl_error(L, a, "(add-partial PIECE-TYPE ... MOVE-TYPE) names piece types first");
                return;
            }
            types[ntypes++] = a->text;
        } else if (nargs == 1 && zl_piece(L, a->text) >= 0) types[ntypes++] = a->text;
        else mtype = a->text;
    }
    /* the move that ends here: as (add T1 ...) or add */
    ZrfNode *as_add = arena_alloc(&L->nodes, sizeof *as_add);
    *as_add = *f;
    if (ntypes) {
        static ZrfNode add_head = { .kind = ZN_ATOM, .text = "add" };
        ZrfNode **kids = arena_alloc(&L->nodes, sizeof *kids * (size_t)(ntypes + 1));
        kids[0] = &add_head;
        for (int i = 0; i < ntypes; i++) {
            ZrfNode *t = arena_alloc(&L->nodes, sizeof *t);
            *t = *f->kids[1 + i];
            kids[1 + i] = t;
        }
        as_add->kind = ZN_LIST; as_add->kids = kids; as_add->nkids = ntypes + 1;
    } else {
        as_add->kind = ZN_ATOM; as_add->text = "add"; as_add->nkids = 0; as_add->kids = NULL;
    }
    if (k->attack) { add(k, out, as_add); return; }   /* its first part attacks, as an add */
    /* (add-copy-partial: each part leaves a copy of the piece where it started, as add-copy
     * leaves one on the move's square; the move that ends here is an add-copy) */
    /* with `to`, the part lands on its square (none set: here), and the block goes on where it
     * stood: `let saved = here; let pdest = ...; go pdest; ...` (Checker Games' and Makyek's
     * idiom: `to`, then a look further for more captures, then add-partial) */
    Ast *back = NULL;
    if (k->casc) {
        /* with cascade or from, the part's last piece goes to `to`'s square or here: that
         * piece makes the next part (the chain goes on from the new square) */
        part_destination_as(k, out, f, " pdest");
    } else if (k->parts) {
        ast_add(&L->nodes, out, zl_let(L, " psaved", "square", here(k, f), f));
        part_destination_as(k, out, f, " pdest");
        ast_add(&L->nodes, out, zl_kids(L, AST_GO, f, zl_ident(L, " pdest", f), NULL, NULL));
        back = zl_kids(L, AST_GO, f, zl_ident(L, " psaved", f), NULL, NULL);
    }
    int cls = mtype ? zl_move_class(L, mtype, f) : L->cur_class;
    const char *n0 = ZL_EMITTED;      /* (the choice point gives the other branch its value) */
    ast_add(&L->nodes, out, zl_assign(L, zl_ident(L, n0, f), zl_ident(L, "emitted", f), f));
    /* A part that takes nothing (no effect of it was met) may not end where the move has stood
     * since it last took a piece: a move in parts ends (Halma's jumps would go round for
     * ever); one that takes something starts that count again (a checkers king may come back
     * to its square after taking four pieces). */
    Ast *either = zl_node(L, AST_EITHER, f);
    for (int j = 0; j < (ntypes ? ntypes : 1); j++) {
        const char *type_j = ntypes ? types[j] : NULL;
        Ast *part = zl_block(L, f);
        if (k->drop) {
            drop_part(k, part, f, cls);
            ast_add(&L->nodes, either, part);
            continue;
        }
        if (type_j && !k->attack) {
            promotion_from_store(k, part, f, type_j);
            ast_add(&L->nodes, part, zl_kids(L, AST_BECOME, f, zl_type(L, type_j, f), NULL,
                                             NULL));
        }
        /* where the part starts (the last part's end, or the piece's square) and ends, for
         * the next part's last-from? and last-to? */
        Ast *cont = zl_block(L, f), *first = zl_block(L, f);
        ast_add(&L->nodes, cont, zl_assign(L, zl_ident(L, PLF, f), zl_ident(L, PLT, f), f));
        ast_add(&L->nodes, first, zl_assign(L, zl_ident(L, PLF, f), zl_ident(L, "from", f), f));
        ast_add(&L->nodes, part, zl_kids(L, AST_IF, f, zl_ident(L, ZL_CHAIN, f), cont, first));
        ast_add(&L->nodes, part, zl_assign(L, zl_ident(L, PLT, f),
                                           k->casc ? zl_ident(L, " pdest", f) : here(k, f), f));
        Ast *land = zl_node(L, AST_LAND, f);
        land->num = 1;
        if (k->casc) {
            /* if cascaded { defer { move PF to pdest; } go TO1; land part; go pdest;
             *               land part here; } else { go pdest; land part; }:
             * the piece moved at first lands on the first part's square, the cascade's pieces
             * where they go, and the move goes on with the piece on pdest */
            Ast *casc = zl_block(L, f), *plain = zl_block(L, f);
            cascade_part(k, casc, f, " pdest");
            ast_add(&L->nodes, casc, zl_kids(L, AST_GO, f, zl_ident(L, TO1, f), NULL, NULL));
            ast_add(&L->nodes, casc, land);
            ast_add(&L->nodes, casc, zl_kids(L, AST_GO, f, zl_ident(L, " pdest", f), NULL, NULL));
            Ast *on = zl_node(L, AST_LAND, f);
            on->num = 2;
            ast_add(&L->nodes, casc, on);
            ast_add(&L->nodes, casc, zl_assign(L, zl_ident(L, ZL_CTYPE, f), zl_call(L, "type", f,
                    zl_call(L, "at", f, zl_ident(L, " pdest", f), NULL), NULL), f));
            Ast *land2 = zl_node(L, AST_LAND, f);
            land2->num = 1;
            ast_add(&L->nodes, plain, zl_kids(L, AST_GO, f, zl_ident(L, " pdest", f), NULL,
                                              NULL));
            ast_add(&L->nodes, plain, land2);
            /* (PLT below: where the part ended, pdest) */
            ast_add(&L->nodes, part, zl_kids(L, AST_IF, f, zl_ident(L, CASC, f), casc, plain));
        } else ast_add(&L->nodes, part, land);
        if (copy)                                   /* the copy, where the part started */
            ast_add(&L->nodes, part, zl_kids(L, AST_PLACE, f, zl_ident(L, ZL_CTYPE, f),
                                             zl_ident(L, "mover", f), zl_ident(L, PLF, f)));
        Ast *lit = zl_node(L, AST_SETLIT, f);
        ast_add(&L->nodes, lit, here(k, f));
        Ast *reset = zl_block(L, f), *grow = zl_block(L, f);
        ast_add(&L->nodes, reset, zl_assign(L, zl_ident(L, ZL_VISITED, f), lit, f));
        ast_add(&L->nodes, grow, zl_assign(L, zl_ident(L, ZL_VISITED, f), zl_binary(L, BIN_ADD, f,
                zl_ident(L, ZL_VISITED, f), here(k, f)), f));
        ast_add(&L->nodes, part, zl_kids(L, AST_IF, f, zl_ident(L, ZL_TOOK, f), reset, grow));
        ast_add(&L->nodes, part, zl_assign(L, zl_ident(L, ZL_TOOK, f), zl_ident(L, "false", f), f));
        /* where each part ended, written after the move's string where two moves share one:
         * a1c3(a3) and a1c3(c1) */
        ast_add(&L->nodes, part, zl_kids(L, AST_QUALIFY, f, zl_string(L, "(", f), here(k, f),
                                         zl_string(L, ")", f)));
        if (type_j)                                    /* the next part is the new type's */
            ast_add(&L->nodes, part, zl_assign(L, zl_ident(L, ZL_CTYPE, f), zl_type(L, type_j, f),
                                               f));
        ast_add(&L->nodes, part, zl_assign(L, zl_ident(L, ZL_CHAIN, f), zl_ident(L, "true", f), f));
        ast_add(&L->nodes, part, zl_assign(L, zl_ident(L, ZL_CCLASS, f), zl_num(L, cls, f), f));
        ast_add(&L->nodes, part, zl_assign(L, zl_ident(L, ZL_CONT, f), zl_ident(L, "true", f), f));
        ast_add(&L->nodes, either, part);
    }
    Ast *end = zl_block(L, f);
    k->copy = copy;
    add(k, end, as_add);
    k->copy = 0;
    Ast *rest = zl_block(L, f);
    if (back) ast_add(&L->nodes, rest, back);
    if (L->pass_partial) ast_add(&L->nodes, rest, end);
    else ast_add(&L->nodes, rest, zl_kids(L, AST_IF, f, zl_binary(L, BIN_EQ, f,
            zl_ident(L, "emitted", f), zl_ident(L, n0, f)), end, zl_node(L, AST_NOTHING, f)));
    /* (nor may the move end there; the block goes on either way) */
    Ast *b = zl_block(L, f);
    if (ntypes > 1 && !L->pass_partial) {
        /* a part as each type: the move ends here as T where the part as T made no move,
         * each type on its own (as (add T1 T2) makes a move as each):
         *   n = emitted; either { PART T1 } or { if emitted == n { add T1 } n = emitted;
         *                                      either { PART T2 } or { ... } } */
        Ast *inner = zl_block(L, f);
        if (back) ast_add(&L->nodes, inner, back);
        for (int j = ntypes - 1; j >= 0; j--) {
            static ZrfNode add_head2 = { .kind = ZN_ATOM, .text = "add" };
            ZrfNode *one = arena_alloc(&L->nodes, sizeof *one);
            ZrfNode **kids = arena_alloc(&L->nodes, sizeof *kids * 2);
            *one = *f;
            kids[0] = &add_head2; kids[1] = as_add->kids[1 + j];
            one->kind = ZN_LIST; one->kids = kids; one->nkids = 2;
            Ast *endj = zl_block(L, f), *alt = zl_block(L, f), *blk = zl_block(L, f);
            add(k, endj, one);
            ast_add(&L->nodes, alt, zl_kids(L, AST_IF, f, zl_binary(L, BIN_EQ, f,
                    zl_ident(L, "emitted", f), zl_ident(L, n0, f)), endj,
                    zl_node(L, AST_NOTHING, f)));
            ast_add(&L->nodes, alt, inner);
            if (j) ast_add(&L->nodes, blk, zl_assign(L, zl_ident(L, n0, f),
                                                     zl_ident(L, "emitted", f), f));
            ast_add(&L->nodes, blk, zl_kids(L, AST_EITHER, f, either->kids[j], alt, NULL));
            inner = blk;
        }
        ast_add(&L->nodes, b, inner);
    } else {
        ast_add(&L->nodes, either, rest);
        ast_add(&L->nodes, b, either);
    }
    ast_add(&L->nodes, out, zl_kids(L, AST_IF, f, zl_binary(L, BIN_OR, f,
            zl_ident(L, ZL_TOOK, f), zl_not(L, f, zl_kids(L, AST_IN, f, here(k, f),
            zl_ident(L, ZL_VISITED, f), NULL))), b, zl_node(L, AST_NOTHING, f)));
}

/* add-copy: the piece moves and a copy of it stays where it was */
static void add_copy(Blk *k, Ast *out, const ZrfNode *f)
{
    ZrfLower *L = k->L;
    if (L->drop_chain && !k->drop && !k->parts) {
        /* (a later part of a drop in parts: the last part, leaving a copy where it starts) */
        int was = k->copy;
        k->copy = 1;
        ast_add(&L->nodes, out, add_after_part(k, f, NULL, 1));
        k->copy = was;
        return;
    }
    if (k->drop || k->parts) { unsupported(k, f,
                                           "`add-copy` in a drop or with a cascade"); return; }
    Ast *b = zl_block(L, f);
    deferred(k, b, f, zl_kids(L, AST_PLACE, f, zl_call(L, "type", f, zl_ident(L, "piece", f), NULL),
                              zl_ident(L, "mover", f), zl_ident(L, "from", f)), NULL);
    emit_here(k, b, f, NULL);
    ast_add(&L->nodes, b, zl_node(L, AST_STOP, f));
    Ast *either = zl_kids(L, AST_EITHER, f, b, zl_block(L, f), NULL);
    ast_add(&L->nodes, out, either);
}

/* ---------- cascade, from, to ---------- */

static void cascade(Blk *k, Ast *out, const ZrfNode *at)
{
    ZrfLower *L = k->L;
    part_destination(k, out, at);
    Ast *later = zl_block(L, at), *first = zl_block(L, at);
    cascade_part(k, later, at, " dest");
    ast_add(&L->nodes, first, zl_assign(L, zl_ident(L, TO1, at), zl_ident(L, " dest", at), at));
    ast_add(&L->nodes, first, zl_assign(L, zl_ident(L, CASC, at), zl_ident(L, "true", at), at));
    ast_add(&L->nodes, out, zl_kids(L, AST_IF, at, zl_ident(L, CASC, at), later, first));
    ast_add(&L->nodes, out, zl_assign(L, zl_ident(L, PF, at), here(k, at), at));
    ast_add(&L->nodes, out, zl_assign(L, zl_ident(L, PT, at), zl_ident(L, "none", at), at));
}

/* ---------- instructions ---------- */

/* (set-position-flag NAME VALUE [where]): `if SQ != none { if V { f = f + SQ; } else { f = f -
 * SQ; } }`; the value is read now, a square off the board sets nothing */
static void set_position_flag(Blk *k, Ast *out, const ZrfNode *n)
{
    ZrfLower *L = k->L;
    if (n->nkids < 3 || n->nkids > 4 || n->kids[1]->kind != ZN_ATOM) {
        zl_error(L, n, "(set-position-flag NAME VALUE [where])");
        return;
    }
    const char *f = pflag_local(k, n->kids[1]);
    Ast *v = cond(k, n->kids[2]);
    Ast *sq = square_opt(k, n, 3), *sq2 = square_opt(k, n, 3), *sq3 = square_opt(k, n, 3);
    if (!v || !sq) return;
    Ast *on = zl_block(L, n), *off = zl_block(L, n), *guard = zl_block(L, n);
    ast_add(&L->nodes, on, zl_assign(L, zl_ident(L, f, n), zl_binary(L, BIN_ADD, n,
            zl_ident(L, f, n), sq), n));
    ast_add(&L->nodes, off, zl_assign(L, zl_ident(L, f, n), zl_binary(L, BIN_SUB, n,
            zl_ident(L, f, n), sq2), n));
    ast_add(&L->nodes, guard, zl_kids(L, AST_IF, n, v, on, off));
    ast_add(&L->nodes, out, zl_kids(L, AST_IF, n, zl_binary(L, BIN_NE, n, sq3,
            zl_ident(L, "none", n)), guard, zl_node(L, AST_NOTHING, n)));
}

static void instr(Blk *k, Ast *out, const ZrfNode *n)
{
    ZrfLower *L = k->L;
    int verify = zrf_is(n, "verify");
    if (!verify) k->moved = 1;       /* (a while's condition is tested again after its body) */
    if (n->kind == ZN_STRING) { zl_error(L, n, "a string is not an instruction"); return; }
    if (n->kind == ZN_ATOM) {
        const char *a = n->text;
        if (!strcmp(a, "add")) add(k, out, n);
        else if (!strcmp(a, "mark"))
            ast_add(&L->nodes, out, zl_assign(L, zl_ident(L, ZL_MARK, n), here(k, n), n));
        else if (!strcmp(a, "back"))
            ast_add(&L->nodes, out, zl_kids(L, AST_GO, n, zl_ident(L, ZL_MARK, n), NULL, NULL));
        else if (!strcmp(a, "capture")) effect_capture(k, out, n);
        else if (!strcmp(a, "flip")) effect_owner(k, out, n, 1);
        else if (!strcmp(a, "change-owner")) effect_owner(k, out, n, 0);
        else if (!strcmp(a, "cascade")) cascade(k, out, n);
        else if (!strcmp(a, "from"))
            ast_add(&L->nodes, out, zl_assign(L, zl_ident(L, PF, n), here(k, n), n));
        else if (!strcmp(a, "to"))
            ast_add(&L->nodes, out, zl_assign(L, zl_ident(L, PT, n), here(k, n), n));
        else if (!strcmp(a, "add-copy")) add_copy(k, out, n);
        else if (!strcmp(a, "add-partial")) add_partial(k, out, n, 0);
        else if (!strcmp(a, "add-copy-partial")) add_partial(k, out, n, 1);
        else if (zl_direction(L, a) >= 0)
            ast_add(&L->nodes, out, zl_kids(L, AST_STEP, n, zl_ident(L, a, n), NULL, NULL));
        else if (zl_position(L, a) >= 0)
            ast_add(&L->nodes, out, zl_kids(L, AST_GO, n, zl_ident(L, a, n), NULL, NULL));
        else zl_error(L, n, "unknown instruction '%s' (not a direction or position of the board)",
                      a);
        return;
    }
    const char *h = zrf_head(n);
    if (!h) {                         /* a list of instructions inside a block: spliced */
        instrs(k, out, n, 0);
        return;
    }
    if (!strcmp(h, "verify")) {
        if (n->nkids != 2) { zl_error(L, n, "(verify CONDITION) takes one condition"); return; }
        Ast *c = cond(k, n->kids[1]);
        if (c) ast_add(&L->nodes, out, zl_kids(L, AST_REQUIRE, n, c, NULL, NULL));
    } else if (!strcmp(h, "if")) {
        if (n->nkids < 2) {
            zl_error(L, n, "(if CONDITION INSTRUCTION ... [else INSTRUCTION ...])");
            return;
        }
        Ast *c = cond(k, n->kids[1]);
        Ast *then = zl_block(L, n), *els = zl_block(L, n);
        int e = 2;
        while (e < n->nkids && !atom_is(n->kids[e], "else")) e++;
        seq(k, then, n, 2, e);
        seq(k, els, n, e + 1, n->nkids);
        if (c) ast_add(&L->nodes, out, zl_kids(L, AST_IF, n, c, then, e < n->nkids ? els
                                               : zl_node(L, AST_NOTHING, n)));
    } else if (!strcmp(h, "while")) {
        if (n->nkids < 2) { zl_error(L, n, "(while CONDITION INSTRUCTION ...)"); return; }
        Ast *c = cond(k, n->kids[1]);
        Ast *body = zl_block(L, n);
        seq(k, body, n, 2, n->nkids);
        /* (a part made inside goes on to the next part, not round the loop) */
        if (c && L->partial && !k->attack && holds_partial(n))
            c = zl_binary(L, BIN_AND, n, zl_not(L, n, zl_ident(L, ZL_CONT, n)), c);
        if (c) ast_add(&L->nodes, out, zl_kids(L, AST_WHILE, n, c, body, NULL));
    } else if (!strcmp(h, "add")) add(k, out, n);
    else if (!strcmp(h, "capture")) effect_capture(k, out, n);
    else if (!strcmp(h, "flip")) effect_owner(k, out, n, 1);
    else if (!strcmp(h, "change-owner")) effect_owner(k, out, n, 0);
    else if (!strcmp(h, "change-type")) effect_change_type(k, out, n);
    else if (!strcmp(h, "create")) effect_create(k, out, n);
    else if (!strcmp(h, "set-attribute")) effect_attribute(k, out, n);
    else if (!strcmp(h, "set-flag")) {
        if (n->nkids != 3) { zl_error(L, n, "(set-flag NAME VALUE)"); return; }
        Ast *v = cond(k, n->kids[2]);
        if (v) ast_add(&L->nodes, out, zl_assign(L, zl_ident(L, flag_local(k, n->kids[1]), n), v,
                                                 n));
    } else if (!strcmp(h, "go")) {
        if (n->nkids != 2 || n->kids[1]->kind != ZN_ATOM) {
            zl_error(L, n, "(go from|to|mark|last-from|last-to|POSITION)");
            return;
        }
        const char *w = n->kids[1]->text;
        const char *target = !strcmp(w, "from") ? "from" : !strcmp(w, "mark") ? ZL_MARK
            : !strcmp(w, "to") ? PT : !strcmp(w, "last-from") ? ZL_LASTFROM
            : !strcmp(w, "last-to") ? ZL_LASTTO : zl_position(L, w) >= 0 ? w : NULL;
        if (!target) { zl_error(L, n, "(go from|to|mark|last-from|last-to|POSITION)"); return; }
        if (!strcmp(w, "last-from") || !strcmp(w, "last-to")) L->uses_last = 1;
        if (!strcmp(w, "to") && !k->parts) { unsupported(k, n, "(go to) without `to`"); return; }
        if (!strncmp(w, "last-", 5) && L->partial && !k->attack && !k->drop) {
            /* in a later part of a move in parts: where the part before it started or ended,
             * as last-from? and last-to? read there (docs/zrf.md):
             *   if chain { go PLF; } else { go LASTFROM; } */
            Ast *part = zl_block(L, n), *game = zl_block(L, n);
            ast_add(&L->nodes, part, zl_kids(L, AST_GO, n, zl_ident(L, w[5] == 'f' ? PLF : PLT, n),
                                             NULL, NULL));
            ast_add(&L->nodes, game, zl_kids(L, AST_GO, n, zl_ident(L, target, n), NULL, NULL));
            ast_add(&L->nodes, out, zl_kids(L, AST_IF, n, zl_ident(L, ZL_CHAIN, n), part, game));
            return;
        }
        ast_add(&L->nodes, out, zl_kids(L, AST_GO, n, zl_ident(L, target, n), NULL, NULL));
    } else if (!strcmp(h, "opposite")) {
        Ast *sq = square_arg(k, n);
        if (sq) ast_add(&L->nodes, out, zl_kids(L, AST_GO, n, sq, NULL, NULL));
    } else if (!strcmp(h, "mark")) {
        Ast *sq = n->nkids == 2 ? square_arg(k, n->kids[1]) : here(k, n);
        if (sq) ast_add(&L->nodes, out, zl_assign(L, zl_ident(L, ZL_MARK, n), sq, n));
    } else if (!strcmp(h, "back")) {
        ast_add(&L->nodes, out, zl_kids(L, AST_GO, n, zl_ident(L, ZL_MARK, n), NULL, NULL));
    } else if (!strcmp(h, "move-type")) {
        /* a label stands between blocks (blocks_of); inside one it labels nothing boardvm
         * knows, which matters only where moves have classes */
        if (L->classed) unsupported(k, n, "(move-type ...) inside a move block");
    } else if (!strcmp(h, "set-position-flag")) set_position_flag(k, out, n);
    else if (!strcmp(h, "add-partial")) add_partial(k, out, n, 0);
    else if (!strcmp(h, "add-copy-partial")) add_partial(k, out, n, 1);
    else if (!strcmp(h, "add-copy")) add_copy(k, out, n);
    else zl_error(L, n, "unknown instruction '%s'", h);
}

/* Does the form hold an add-partial? */
static int holds_partial(const ZrfNode *n)
{
    if (n->kind == ZN_ATOM) return zrf_eq(n->text, "add-partial") ||
                                   zrf_eq(n->text, "add-copy-partial");
    for (int i = 0; i < n->nkids; i++) if (holds_partial(n->kids[i])) return 1;
    return 0;
}

/* The instructions list->kids[from .. to): once one of them may have made a part of the move
 * that goes on (add-partial), the rest run only where it did not (`if not continues`): the
 * next part starts where the part ended, not with the rest of this block. */
static void seq(Blk *k, Ast *out, const ZrfNode *list, int from, int to)
{
    ZrfLower *L = k->L;
    for (int i = from; i < to; i++) {
        k->after_empty = i > from && is_verify_of(list->kids[i - 1], "empty?");
        instr(k, out, list->kids[i]);
        if (L->partial && !k->attack && i + 1 < to && holds_partial(list->kids[i])) {
            Ast *rest = zl_block(L, list->kids[i + 1]);
            seq(k, rest, list, i + 1, to);
            ast_add(&L->nodes, out, zl_kids(L, AST_IF, list->kids[i + 1],
                    zl_not(L, list->kids[i + 1], zl_ident(L, ZL_CONT, list->kids[i + 1])), rest,
                    zl_node(L, AST_NOTHING, list->kids[i + 1])));
            return;
        }
    }
}

static void instrs(Blk *k, Ast *out, const ZrfNode *list, int from)
{
    seq(k, out, list, from, list->nkids);
}

/* Does the block use cascade, from or to as instructions (not (go from))? */
static int uses_parts(const ZrfNode *n)
{
    if (n->kind == ZN_ATOM) return atom_is(n, "cascade") || atom_is(n, "from") || atom_is(n, "to");
    if (n->kind != ZN_LIST) return 0;
    const char *h = zrf_head(n);
    if (h && (!strcmp(h, "verify") || !strcmp(h, "go") || !strcmp(h, "set-flag") ||
              !strcmp(h, "set-attribute") || !strcmp(h, "capture") || !strcmp(h, "create") ||
              !strcmp(h, "change-type") || !strcmp(h, "flip") || !strcmp(h, "change-owner")))
        return 0;
    for (int i = h && !strcmp(h, "if") ? 2 : h && !strcmp(h, "while") ? 2 : 0; i < n->nkids; i++)
        if (uses_parts(n->kids[i])) return 1;
    return 0;
}

/* Does the block use cascade or from as instructions (another piece moves)? */
static int uses_cascade(const ZrfNode *n)
{
    if (n->kind == ZN_ATOM) return atom_is(n, "cascade") || atom_is(n, "from");
    if (n->kind != ZN_LIST) return 0;
    const char *h = zrf_head(n);
    if (h && (!strcmp(h, "verify") || !strcmp(h, "go") || !strcmp(h, "set-flag") ||
              !strcmp(h, "set-attribute") || !strcmp(h, "capture") || !strcmp(h, "create") ||
              !strcmp(h, "change-type") || !strcmp(h, "flip") || !strcmp(h, "change-owner") ||
              !strcmp(h, "set-position-flag")))
        return 0;
    for (int i = h && (!strcmp(h, "if") || !strcmp(h, "while")) ? 2 : 0; i < n->nkids; i++)
        if (uses_cascade(n->kids[i])) return 1;
    return 0;
}

/* One block: its locals (mark, flags, the parts of a cascade), then its instructions. */
/* drop: a drop block; attack: for an attack program (`attack { }`) */
static Ast *block(ZrfLower *L, const ZrfNode *b, int drop, int attack)
{
    Blk k = { .L = L, .drop = drop, .attack = attack };
    k.parts = !drop && uses_parts(b);
    k.casc = !drop && uses_cascade(b);
    k.taken = L->deferred && !drop && !attack;
    Ast *body = zl_block(L, b);
    instrs(&k, body, b, 0);
    Ast *out = zl_block(L, b);
    ast_add(&L->nodes, out, zl_let(L, ZL_MARK, "square", here(&k, b), b));
    for (int i = 0; i < k.nflags; i++) ast_add(&L->nodes, out, zl_let(L, k.flag[i], "bool", NULL,
                                                                      b));
    for (int i = 0; i < k.npflags; i++)
        ast_add(&L->nodes, out, zl_let(L, k.pflag[i], "zone", zl_node(L, AST_SETLIT, b), b));
    if (k.parts) {
        ast_add(&L->nodes, out, zl_let(L, PF, "square", here(&k, b), b));
        ast_add(&L->nodes, out, zl_let(L, PT, "square", zl_ident(L, "none", b), b));
        ast_add(&L->nodes, out, zl_let(L, TO1, "square", zl_ident(L, "none", b), b));
        ast_add(&L->nodes, out, zl_let(L, CASC, "bool", NULL, b));
    }
    for (int i = 0; i < body->nkids; i++) ast_add(&L->nodes, out, body->kids[i]);
    return out;
}

/* ---------- native lines ---------- */

static int is_verify_of(const ZrfNode *n, const char *what)
{
    if (!zrf_is(n, "verify") || n->nkids != 2) return 0;
    const ZrfNode *c = n->kids[1];
    if (c->kind == ZN_ATOM) return zrf_eq(c->text, what);
    /* (verify (not friend?)) is (verify not-friend?) */
    return !strncmp(what, "not-", 4) && zrf_is(c, "not") && c->nkids == 2 &&
           c->kids[1]->kind == ZN_ATOM && zrf_eq(c->kids[1]->text, what + 4);
}

/* (verify enemy?) as a native line's capture test: another player's piece; not in a game with a
 * neutral player, whose pieces `enemy?` leaves out (the native line's test does not) */
static int is_verify_enemy(ZrfLower *L, const ZrfNode *n)
{
    return is_verify_of(n, "enemy?") && !has_neutral(L);
}

static Ast *line(ZrfLower *L, const ZrfNode *at, AstKind kind, int mode, int dir, int leg,
                 const char *to_zone, const char *from_zone)
{
    Ast *lit = zl_node(L, AST_DIRS_LIT, at);
    Ast *d = zl_ident(L, zl_dir_name(L, dir), at);
    if (leg >= 0)                                  /* `leg+dir`: the leg's square empty */
        d = zl_kids(L, AST_LEG, at, zl_ident(L, zl_dir_name(L, leg), at), d, NULL);
    ast_add(&L->nodes, lit, d);
    Ast *a = zl_kids(L, kind, at, lit, NULL, NULL);
    a->num = mode;
    if (to_zone || from_zone) {
        Ast *z = zl_node(L, AST_ATOM_ZONES, at);
        z->name = to_zone ? zl_str(L, to_zone) : NULL;
        z->str = from_zone ? zl_str(L, from_zone) : NULL;
        ast_add(&L->nodes, a, z);
    }
    return a;
}

/* (verify (in-zone? Z)): Z, else NULL */
static const char *zone_test(ZrfLower *L, const ZrfNode *n)
{
    if (!zrf_is(n, "verify") || n->nkids != 2) return NULL;
    const ZrfNode *c = n->kids[1];
    if (!zrf_is(c, "in-zone?") || c->nkids != 2 || c->kids[1]->kind != ZN_ATOM) return NULL;
    return zl_zone(L, c->kids[1]->text) >= 0 ? c->kids[1]->text : NULL;
}

static int direction_atom(ZrfLower *L, const ZrfNode *n)
{
    int d = n->kind == ZN_ATOM ? zl_direction(L, n->text) : -1;
    return d >= 0 && L->opposite[d] >= 0 ? d : -1;   /* attacks are found walking back */
}

/* A block of a shape a native line does (docs/zrf.md, "Speed"): its `leap`, `ride` or `hop`
 * lines added to lines (1), else nothing (0). The shapes, Z a zone, D a direction:
 *   [(verify (in-zone? Z))] D1 ... Dk [(verify (in-zone? Z))] (verify V) add
 *        a leap along the path D1 ... Dk (from, to the zones), V not-friend?, empty? or enemy?
 *   ... D1 (verify empty?) D2 ...     a leap whose first step must land on an empty square
 *   D (while empty? add D) [(verify enemy?|not-friend?) add]            a ride
 *   D (while empty? D) (verify enemy?|not-friend?) add                  a ride that captures
 *   D (while empty? add D) D (while empty? D) (verify enemy?) add       a ride and a hop (the
 *                                                                       cannon) */
/* (while empty? [add] D): 2 with the add, 1 without, 0 when it is not that */
static int while_empty(const ZrfNode *w, const char *D)
{
    if (!zrf_is(w, "while") || w->nkids < 3 || !atom_is(w->kids[1], "empty?")) return 0;
    if (w->nkids == 4 && atom_is(w->kids[2], "add") && atom_is(w->kids[3], D)) return 2;
    return w->nkids == 3 && atom_is(w->kids[2], D);
}

static void add_line(ZrfLower *L, Ast *lines, const ZrfNode *b, AstKind kind, int mode, int dir,
                     int leg, const char *to_zone, const char *from_zone)
{
    ast_add(&L->nodes, lines, line(L, b, kind, mode, dir, leg, to_zone, from_zone));
}

/* rides (native_lines): D and a while at b->kids[i] */
static int native_rides(ZrfLower *L, const ZrfNode *b, int i, int d, Ast *lines)
{
    int n = b->nkids, w = while_empty(b->kids[i + 1], b->kids[i]->text);
    const char *D = b->kids[i]->text;
    if (!w) return 0;
    if (w == 2 && n == i + 2) {
        add_line(L, lines, b, AST_RIDE, MODE_MOVE, d, -1, NULL, NULL);
        return 1;
    }
    if (!atom_is(b->kids[n - 1], "add")) return 0;
    const ZrfNode *v = n > i + 2 ? b->kids[i + 2] : b->kids[i];
    if (n == i + 4 && (is_verify_enemy(L, v) || is_verify_of(v, "not-friend?"))) {
        add_line(L, lines, b, AST_RIDE, w == 2 ? MODE_ANY : MODE_CAPTURE, d, -1, NULL, NULL);
        return 1;
    }
    /* the cannon: then over the screen to the first piece, an enemy */
    if (w == 2 && n == i + 6 && atom_is(b->kids[i + 2], D) && while_empty(b->kids[i + 3], D) == 1 &&
        is_verify_enemy(L, b->kids[i + 4])) {
        add_line(L, lines, b, AST_RIDE, MODE_MOVE, d, -1, NULL, NULL);
        add_line(L, lines, b, AST_HOP, MODE_CAPTURE, d, -1, NULL, NULL);
        return 1;
    }
    return 0;
}

static int native_lines(ZrfLower *L, const ZrfNode *b, Ast *lines)
{
    int n = b->nkids, i = 0, k = 0, dirs[ZL_MAX_PATH_LEN], leg = -1;
    const char *from_zone = NULL, *to_zone = NULL;
    if (!n) return 0;
    if ((from_zone = zone_test(L, b->kids[0])) != NULL) i++;
    int d0 = i < n ? direction_atom(L, b->kids[i]) : -1;
    if (d0 >= 0 && !from_zone && i + 1 < n && zrf_is(b->kids[i + 1], "while"))
        return native_rides(L, b, i, d0, lines);
    if (n < 2 || !atom_is(b->kids[n - 1], "add")) return 0;
    /* leaps: the steps, a leg's (verify empty?) after the first */
    while (i < n && (d0 = direction_atom(L, b->kids[i])) >= 0) {
        if (k == ZL_MAX_PATH_LEN) return 0;
        dirs[k++] = d0;
        i++;
        if (k == 1 && leg < 0 && i + 1 < n && is_verify_of(b->kids[i], "empty?") &&
            direction_atom(L, b->kids[i + 1]) >= 0) {
            leg = dirs[0]; k = 0; i++;
        }
    }
    if (!k || (leg >= 0 && k != 1)) return 0;
    if (i < n && (to_zone = zone_test(L, b->kids[i])) != NULL) i++;
    if (i != n - 2) return 0;
    const ZrfNode *v = b->kids[i];
    int mode = is_verify_of(v, "not-friend?") ? MODE_ANY : is_verify_of(v, "empty?") ? MODE_MOVE
             : is_verify_enemy(L, v) ? MODE_CAPTURE : -1;
    int d = mode < 0 ? -1 : zl_path(L, dirs, k);
    if (d < 0) return 0;
    add_line(L, lines, b, AST_LEAP, mode, d, leg, to_zone, from_zone);
    return 1;
}

/* ---------- what a piece attacks ---------- */

/* effects that change nothing of whether or where a move captures */
static int is_effect(const ZrfNode *n)
{
    static const char *names[] = { "set-attribute", "change-type", "create", "flip",
                                   "change-owner", NULL };
    const char *h = n->kind == ZN_ATOM ? n->text : zrf_head(n);
    for (int i = 0; h && names[i]; i++) if (zrf_eq(h, names[i])) return 1;
    return 0;
}

static int is_add(const ZrfNode *n) { return zrf_is(n, "add") || atom_is(n, "add"); }

/* (if C ADD else ADD), each branch only adds and effects: an add wherever it goes */
static int is_adding_if(const ZrfNode *n)
{
    if (!zrf_is(n, "if") || n->nkids < 3) return 0;
    int adds = 0;
    for (int i = 2; i < n->nkids; i++) {
        const ZrfNode *k = n->kids[i];
        if (k->kind == ZN_ATOM && zrf_eq(k->text, "else")) continue;
        if (is_add(k)) adds++;
        else if (!is_effect(k)) return 0;
    }
    return adds > 0;
}

static ZrfNode *new_list(ZrfLower *L, const ZrfNode *like, int cap)
{
    ZrfNode *n = arena_alloc(&L->nodes, sizeof *n);
    *n = *like;
    n->kind = ZN_LIST;
    n->kids = arena_alloc(&L->nodes, sizeof(ZrfNode *) * (size_t)(cap + 1));
    n->nkids = 0;
    return n;
}

/* The block as an attack sees it: its effects left out, each add (with types, or in an `if`
 * that adds either way) a plain add; NULL when it holds what changes where it captures
 * (capture, cascade, marks, flags, ...). */
static ZrfNode *attack_shape(ZrfLower *L, const ZrfNode *b, int from)
{
    static ZrfNode add_atom = { .kind = ZN_ATOM, .text = "add" };
    ZrfNode *out = new_list(L, b, b->nkids);
    for (int i = 0; i < from && i < b->nkids; i++) out->kids[out->nkids++] = b->kids[i];
    for (int i = from; i < b->nkids; i++) {
        const ZrfNode *k = b->kids[i];
        if (is_effect(k)) continue;
        if (is_add(k) || is_adding_if(k)) { out->kids[out->nkids++] = &add_atom; continue; }
        if (zrf_is(k, "while")) {
            ZrfNode *w = attack_shape(L, k, 2);
            if (!w) return NULL;
            out->kids[out->nkids++] = w;
            continue;
        }
        /* capture, mark ... */
        if (k->kind == ZN_ATOM && zl_direction(L, k->text) < 0) return NULL;
        if (k->kind == ZN_LIST && !zrf_is(k, "verify")) return NULL;
        out->kids[out->nkids++] = (ZrfNode *)k;
    }
    return out;
}

/* Can the block capture? It is followed on the board itself, from every position and for
 * every player's directions, through what can be followed without running it: steps, verifies,
 * effects, cascade, from, to and add. It never captures when every part's destination (where a
 * cascade ends the moving part, `to`'s square, or where `add` stands) was found empty by a
 * (verify empty?) of the block and no earlier part landed there: castling, whose King and Rook
 * both go to squares it checked, attacks nothing. Anything else (capture, if, while, marks, a
 * position) may capture. */
#define NC_MAX_EMPTIES 32
static int captures_from(ZrfLower *L, const ZrfNode *b, int start, const int *dirmap)
{
    int pos = start, to = -1, empties[NC_MAX_EMPTIES], nempty = 0;
    for (int i = 0; i < b->nkids; i++) {
        const ZrfNode *k = b->kids[i];
        if (is_effect(k)) continue;
        int d = k->kind == ZN_ATOM ? zl_direction(L, k->text) : -1;
        if (d >= 0) {
            pos = zrf_link(L->b, pos, dirmap ? dirmap[d] : d);
            if (pos < 0) return 0;                 /* off the board: the block adds nothing */
            continue;
        }
        if (is_verify_of(k, "empty?")) {
            if (nempty == NC_MAX_EMPTIES) return 1;
            empties[nempty++] = pos;
            continue;
        }
        if (zrf_is(k, "verify")) continue;
        int ends = is_add(k) || is_adding_if(k) || atom_is(k, "cascade");
        if (ends) {
            int dest = to >= 0 && !atom_is(k, "cascade") ? to : pos, found = 0;
            for (int e = 0; e < nempty; e++)
                if (empties[e] == dest) { found = 1; empties[e] = -1; }   /* now it is not */
            if (!found) return 1;
            if (atom_is(k, "cascade")) to = -1;
            continue;
        }
        if (atom_is(k, "from")) continue;
        if (atom_is(k, "to")) { to = pos; continue; }
        return 1;
    }
    return 0;
}

static int never_captures(ZrfLower *L, const ZrfNode *b)
{
    const ZrfBoard *B = L->b;
    for (int pl = -1; pl < B->nplayers; pl++) {
        const int *map = NULL;
        if (pl >= 0) {
            for (int s = 0; s < B->nsyms; s++) if (B->sym[s].player == pl) map = B->sym[s].dir;
            if (!map) continue;                    /* the same as pl = -1 */
        }
        for (int p = 0; p < B->npos; p++)
            if (!B->pos[p].killed && captures_from(L, b, p, map)) return 0;
    }
    return 1;
}

/* ---------- an attribute every move of a piece sets where it lands ---------- */

/* (set-attribute A V) on the square where the block stands, V true or false */
static int sets_here(const ZrfNode *n, const char **a, const char **v)
{
    if (!zrf_is(n, "set-attribute") || n->nkids != 3 || n->kids[1]->kind != ZN_ATOM ||
        !(atom_is(n->kids[2], "true") || atom_is(n->kids[2], "false"))) return 0;
    if (*a && (!zrf_eq(*a, n->kids[1]->text) || !zrf_eq(*v, n->kids[2]->text))) return 0;
    *a = n->kids[1]->text; *v = n->kids[2]->text;
    return 1;
}

/* Does every add (and cascade) of the instructions come right after (set-attribute A V), with
 * nothing between them that moves? *set: it was set here and nothing moved since. */
static int lands_setting(ZrfLower *L, const ZrfNode *list, int from, const char **a,
                         const char **v, int *set)
{
    for (int i = from; i < list->nkids; i++) {
        const ZrfNode *k = list->kids[i];
        if (sets_here(k, a, v)) { *set = 1; continue; }
        /* (another effect could change the piece the attribute is set on: none is allowed) */
        if (zrf_is(k, "verify")) continue;
        if (is_add(k) || atom_is(k, "cascade")) { if (!*set) return 0; continue; }
        if (k->kind == ZN_ATOM && zl_direction(L, k->text) >= 0) { *set = 0; continue; }
        if (zrf_is(k, "while") || zrf_is(k, "if")) {
            int e = 2, inner = zrf_is(k, "if") ? *set : 0;
            if (!lands_setting(L, k, 2, a, v, &inner)) return 0;
            /* (the body's instructions after an else start from the condition again) */
            for (e = 2; e < k->nkids && !atom_is(k->kids[e], "else"); e++) {}
            inner = *set;
            if (e < k->nkids && zrf_is(k, "if") && !lands_setting(L, k, e + 1, a, v, &inner))
                return 0;
            *set = 0;
            continue;
        }
        if (atom_is(k, "else")) { *set = 0; continue; }
        if (atom_is(k, "from") || atom_is(k, "to")) { *set = 0; continue; }
        return 0;                    /* capture elsewhere, marks, positions, add-copy, ... */
    }
    return 1;
}

/* The attribute A and value V that every move of the piece sets on itself where it lands, as
 * a Rook or King that loses its castling right when it moves: (A, V) when there is one. Its
 * blocks that are lines but for that effect are lines then, and `after-move` sets it. */
static int landing_attribute(ZrfLower *L, const ZrfNode *piece, const char **a, const char **v)
{
    *a = *v = NULL;
    int blocks = 0;
    for (int s = 1; s < piece->nkids; s++) {
        const ZrfNode *sec = piece->kids[s];
        if (zrf_is(sec, "drops")) return 0;
        if (!zrf_is(sec, "moves")) continue;
        for (int i = 1; i < sec->nkids; i++) {
            const ZrfNode *b = sec->kids[i];
            if (zrf_is(b, "move-type")) continue;
            if (b->kind != ZN_LIST || zrf_is(b, "verify")) return 0;
            int set = 0;
            if (!lands_setting(L, b, 0, a, v, &set)) return 0;
            blocks++;
        }
    }
    return blocks && *a && zl_attribute(L, *a) >= 0 &&
           !zl_attribute_numbers(L, zl_attribute(L, *a));
}

/* The block without its (set-attribute A V)s, at any depth */
static const ZrfNode *without_setting(ZrfLower *L, const ZrfNode *b, const char *a, const char *v)
{
    if (b->kind != ZN_LIST) return b;
    ZrfNode *out = new_list(L, b, b->nkids);
    for (int i = 0; i < b->nkids; i++) {
        const char *a2 = a, *v2 = v;
        if (sets_here(b->kids[i], &a2, &v2)) continue;
        out->kids[out->nkids++] = (ZrfNode *)without_setting(L, b->kids[i], a, v);
    }
    return out;
}

/* `if move.piece is P { A[move.to] = V; }` in `after-move` */
static void set_on_landing(ZrfLower *L, const ZrfNode *piece, const char *a, const char *v)
{
    const ZrfNode *name = zrf_find(piece, "name");
    Ast *mp = zl_kids(L, AST_FIELD, piece, zl_ident(L, "move", piece), NULL, NULL);
    mp->name = zl_str(L, "piece");
    Ast *is = zl_kids(L, AST_IS, piece, mp, zl_type(L, name->kids[1]->text, name), NULL);
    Ast *to = zl_kids(L, AST_FIELD, piece, zl_ident(L, "move", piece), NULL, NULL);
    to->name = zl_str(L, "to");
    Ast *lv = zl_kids(L, AST_INDEX, piece, to, NULL, NULL);
    lv->name = zl_str(L, a);
    Ast *then = zl_block(L, piece);
    ast_add(&L->nodes, then, zl_assign(L, lv, zl_ident(L, v, piece), piece));
    ast_add(&L->nodes, zl_after_move(L),
            zl_kids(L, AST_IF, piece, is, then, zl_node(L, AST_NOTHING, piece)));
}

/* Where an attack block can capture, as paths of steps from the piece: the squares its adds
 * stand on and those its `capture`s take, added to near (as directions: zl_path), or 0 when it
 * does what cannot be followed this way (loops, ifs, marks, positions, cascades). A capture on
 * the piece's own square is left out: the target of an attack test holds another side's piece. */
static int near_paths(ZrfLower *L, const ZrfNode *b, Ast *near)
{
    int path[ZL_MAX_PATH_LEN + 1], n = 0;
    for (int i = 0; i < b->nkids; i++) {
        const ZrfNode *k = b->kids[i];
        int d = k->kind == ZN_ATOM ? zl_direction(L, k->text) : -1, hit = 0;
        if (d >= 0) {
            if (n == ZL_MAX_PATH_LEN) return 0;
            path[n++] = d;
            continue;
        }
        if (zrf_is(k, "verify") || zrf_is(k, "set-flag") ||
            (is_effect(k) && !zrf_is(k, "capture"))) continue;
        if (is_add(k) || is_adding_if(k) || atom_is(k, "capture")) hit = 1;
        else if (zrf_is(k, "capture") && k->nkids == 2 && k->kids[1]->kind == ZN_ATOM &&
                 (d = zl_direction(L, k->kids[1]->text)) >= 0) {
            if (n == ZL_MAX_PATH_LEN) return 0;
            path[n] = d;
            hit = 2;
        } else return 0;
        int len = hit == 2 ? n + 1 : n;
        if (!len) continue;
        /* a path is walked back from the target (each step needs its opposite), and its
         * reverse and its images under the players' symmetries become paths too (close_paths):
         * a new one only while that leaves room for them and for the native leaps' */
        for (int j = 0; j < len; j++) if (L->opposite[path[j]] < 0) return 0;
        int room = 2 * (1 + L->nplayers);
        if (len > 1 && (L->npaths + room > ZL_MAX_PATHS / 2 ||
                        L->b->ndirs + L->npaths + room >= MAX_DIRS / 2)) {
            int known = 0;
            for (int j = 0; j < L->npaths; j++)
                if (L->path_len[j] == len && !memcmp(L->path[j], path, sizeof(int) * (size_t)len))
                    known = 1;
            if (!known) return 0;
        }
        int dir = zl_path(L, path, len);
        if (dir < 0) return 0;
        const char *name = zl_dir_name(L, dir);
        int seen = 0;
        for (int j = 0; j < near->nkids; j++) if (!strcmp(near->kids[j]->name, name)) seen = 1;
        if (!seen) ast_add(&L->nodes, near, zl_ident(L, name, b));
    }
    return 1;
}

/* The blocks of every (SECTION ...) of a piece, as one `either` (NULL: none); blocks that are
 * native lines go to lines (when not NULL) instead. */
/* Does the block ask attacked? or defended? (an attack program may not) */
static int asks_attacks(const ZrfNode *n)
{
    if (n->kind == ZN_ATOM)
        return strstr(n->text, "attacked?") != NULL || strstr(n->text, "defended?") != NULL;
    for (int i = 0; i < n->nkids; i++) if (asks_attacks(n->kids[i])) return 1;
    return 0;
}

static Ast *blocks_of(ZrfLower *L, const ZrfNode *piece, const char *section, int drop, Ast *lines,
                      Ast *attacks, Ast *attack_blocks, int *program_attacks, Ast **near)
{
    Ast *either = zl_node(L, AST_EITHER, piece);
    const char *land_a, *land_v;
    int landing = lines && landing_attribute(L, piece, &land_a, &land_v), landed = 0;
    for (int s = 1; s < piece->nkids; s++) {
        const ZrfNode *sec = piece->kids[s];
        if (!zrf_is(sec, section)) continue;
        const char *label = NULL;          /* the last (move-type T) of the section */
        for (int i = 1; i < sec->nkids; i++) {
            const ZrfNode *b = sec->kids[i];
            if (zrf_is(b, "move-type")) {
                if (b->nkids == 2 && b->kids[1]->kind == ZN_ATOM) label = b->kids[1]->text;
                else zl_error(L, b, "(move-type NAME)");
                continue;
            }
            if (b->kind != ZN_LIST || zrf_head(b)) {
                /* a block is a list of instructions; (verify ...) here is a block's single
                 * instruction written without its brackets */
                if (b->kind == ZN_LIST && zrf_head(b) && !strcmp(zrf_head(b), "verify")) {
                    zl_error(L, b, "a move block is a list of instructions: ((verify ...) ...)");
                    continue;
                }
                if (b->kind != ZN_LIST) {
                    zl_error(L, b, "a move block is a list of instructions");
                    continue;
                }
            }
            L->cur_class = zl_move_class(L, label, b);
            /* (a move of a class is a program's: native lines' moves have no key) */
            if (lines && !L->classed && !L->partial &&
                native_lines(L, landing ? without_setting(L, b, land_a, land_v) : b, lines)) {
                landed += landing;
                continue;
            }
            ast_add(&L->nodes, either, zl_class_block(L, label, b, block(L, b, drop, 0)));
            /* its attacks: native lines of its shape, none, the block itself run as an attack,
             * or (when it asks for attacks itself) the whole program's */
            if (attacks) {
                ZrfNode *shape = attack_shape(L, b, 0);
                if ((shape && native_lines(L, shape, attacks)) || never_captures(L, b)) continue;
                if (asks_attacks(b)) *program_attacks = 1;
                else {
                    ast_add(&L->nodes, attack_blocks, block(L, b, drop, 1));
                    if (*near && !near_paths(L, b, *near)) *near = NULL;
                }
            }
        }
    }
    if (landed) set_on_landing(L, piece, land_a, land_v);
    return either->nkids ? either : NULL;
}

/* Add to types[] (n of them) the piece types that piece becomes in a part of a move,
 * (add-partial TYPE ...), that are not there yet. */
static void become_types_in(ZrfLower *L, const ZrfNode *n, const ZrfNode **types, int *nt)
{
    if (n->kind != ZN_LIST) return;
    /* (add-partial T [MOVE-TYPE]), (add-partial T1 T2 ... MOVE-TYPE): every argument but a
     * last of several that names a piece type */
    for (int a = 1; zrf_is(n, "add-partial") && a < n->nkids && (a < n->nkids - 1 ||
                                                              n->nkids == 2); a++) {
        int t = n->kids[a]->kind == ZN_ATOM ? zl_piece(L, n->kids[a]->text) : -1;
        if (t >= 0) {
            int seen = 0;
            for (int i = 0; i < *nt; i++) seen |= types[i] == L->piece[t];
            if (!seen && *nt < MAX_TYPES) types[(*nt)++] = L->piece[t];
        }
    }
    for (int i = 0; i < n->nkids; i++) become_types_in(L, n->kids[i], types, nt);
}

/* Does a block of the piece make a part after cascade or from (the next part then is another
 * piece's, of any type)? */
static int hands_on(const ZrfNode *piece)
{
    for (int s = 1; s < piece->nkids; s++) {
        const ZrfNode *sec = piece->kids[s];
        if (!zrf_is(sec, "moves")) continue;
        for (int i = 1; i < sec->nkids; i++)
            if (sec->kids[i]->kind == ZN_LIST && uses_cascade(sec->kids[i]) &&
                holds_partial(sec->kids[i])) return 1;
    }
    return 0;
}

static void become_types(ZrfLower *L, const ZrfNode *piece, const ZrfNode **types, int *nt)
{
    for (int s = 1; s < piece->nkids; s++)
        if (zrf_is(piece->kids[s], "moves")) become_types_in(L, piece->kids[s], types, nt);
}

Ast *zl_piece_moves(ZrfLower *L, const ZrfNode *piece, Ast *lines, Ast *attacks,
                    Ast *attack_blocks, int *program_attacks, Ast **near)
{
    *near = zl_node(L, AST_DIRS_LIT, piece);
    Ast *either = blocks_of(L, piece, "moves", 0, lines, attacks, attack_blocks, program_attacks,
                            near);
    if (!either) return NULL;
    Ast *prog = zl_block(L, piece);
    if (L->partial) {
        /* the types the piece may become in a part ((add-partial TYPE ...)), and so make the
         * later parts of: each its blocks, where the piece has become it */
        const ZrfNode *types[MAX_TYPES + 1];
        int n = 0;
        types[n++] = piece;
        for (int i = 0; i < n; i++) become_types(L, types[i], types, &n);
        /* (a part made after cascade or from goes on with the piece it moved: any type) */
        for (int i = 0; i < n; i++)
            if (hands_on(types[i]))
                for (int t = 0; t < L->npieces && n < MAX_TYPES; t++) {
                    int seen = 0;
                    for (int j = 0; j < n; j++) seen |= types[j] == L->piece[t];
                    if (!seen) types[n++] = L->piece[t];
                }
        const char *self = zl_piece_name(L, zl_piece(L, zrf_find(piece, "name")->kids[1]->text));
        ast_add(&L->nodes, prog, zl_let(L, ZL_CTYPE, "type", zl_type(L, self, piece), piece));
        ast_add(&L->nodes, prog, zl_let(L, ZL_EMITTED, "int", zl_num(L, 0, piece), piece));
        Ast *start = zl_node(L, AST_SETLIT, piece);
        ast_add(&L->nodes, start, zl_ident(L, "here", piece));
        ast_add(&L->nodes, prog, zl_let(L, ZL_VISITED, "zone", start, piece));
        ast_add(&L->nodes, prog, zl_let(L, ZL_TOOK, "bool", NULL, piece));
        if (L->deferred)
            ast_add(&L->nodes, prog, zl_let(L, ZL_TAKEN, "zone", zl_node(L, AST_SETLIT, piece),
                                            piece));
        if (n > 1) {
            Ast *all = zl_node(L, AST_EITHER, piece);
            for (int i = 0; i < n; i++) {
                Ast *e = i ? blocks_of(L, types[i], "moves", 0, NULL, NULL, NULL, NULL,
                                       NULL) : either;
                if (!e) continue;
                const char *nm = zrf_find(types[i], "name")->kids[1]->text;
                Ast *b = zl_block(L, types[i]);
                ast_add(&L->nodes, b, zl_kids(L, AST_REQUIRE, types[i], zl_binary(L, BIN_EQ,
                        types[i], zl_ident(L, ZL_CTYPE, types[i]), zl_type(L, nm, types[i])),
                        NULL, NULL));
                ast_add(&L->nodes, b, e);
                ast_add(&L->nodes, all, b);
            }
            either = all;
        }
        /* moves in parts: `loop { continues = false; either { BLOCK } ...; require continues; }`:
         * a block that made a part goes round again, from where the part ended */
        ast_add(&L->nodes, prog, zl_let(L, ZL_CHAIN, "bool", NULL, piece));
        ast_add(&L->nodes, prog, zl_let(L, ZL_CCLASS, "int", zl_num(L, 0, piece), piece));
        ast_add(&L->nodes, prog, zl_let(L, ZL_CONT, "bool", NULL, piece));
        ast_add(&L->nodes, prog, zl_let(L, PLF, "square", zl_ident(L, "none", piece), piece));
        ast_add(&L->nodes, prog, zl_let(L, PLT, "square", zl_ident(L, "none", piece), piece));
        Ast *body = zl_block(L, piece);
        ast_add(&L->nodes, body, zl_assign(L, zl_ident(L, ZL_CONT, piece),
                                          zl_ident(L, "false", piece), piece));
        ast_add(&L->nodes, body, either);
        ast_add(&L->nodes, body, zl_kids(L, AST_REQUIRE, piece, zl_ident(L, ZL_CONT, piece),
                                          NULL, NULL));
        ast_add(&L->nodes, prog, zl_kids(L, AST_LOOP, piece, body, NULL, NULL));
    } else ast_add(&L->nodes, prog, either);
    return zl_kids(L, AST_MOVES, piece, prog, NULL, NULL);
}

/* `require dropping == T; choose s in board { go s; either { ... } }`: a drop block starts
 * on every position (docs/zrf.md, "Drops") */
Ast *zl_piece_drops(ZrfLower *L, const ZrfNode *piece)
{
    Ast *either = blocks_of(L, piece, "drops", 1, NULL, NULL, NULL, NULL, NULL);
    if (!either) return NULL;
    const ZrfNode *name = zrf_find(piece, "name");
    Ast *b = zl_block(L, piece);
    int parts = 0;                 /* a drop of this piece may be a part (add-partial) */
    for (int s = 1; s < piece->nkids; s++)
        if (zrf_is(piece->kids[s], "drops") && holds_partial(piece->kids[s])) parts = 1;
    if (L->partial) {              /* (a drop is a first part: its blocks' tests see no chain) */
        ast_add(&L->nodes, b, zl_let(L, ZL_CHAIN, "bool", NULL, piece));
        ast_add(&L->nodes, b, zl_let(L, ZL_CCLASS, "int", zl_num(L, 0, piece), piece));
    }
    if (parts) {                   /* the chain's locals, as a piece's program has them */
        ast_add(&L->nodes, b, zl_let(L, ZL_CTYPE, "type", zl_ident(L, "dropping", piece), piece));
        ast_add(&L->nodes, b, zl_let(L, ZL_EMITTED, "int", zl_num(L, 0, piece), piece));
        ast_add(&L->nodes, b, zl_let(L, ZL_VISITED, "zone", zl_node(L, AST_SETLIT, piece), piece));
        ast_add(&L->nodes, b, zl_let(L, ZL_TOOK, "bool", NULL, piece));
        ast_add(&L->nodes, b, zl_let(L, ZL_CONT, "bool", NULL, piece));
        ast_add(&L->nodes, b, zl_let(L, PLF, "square", zl_ident(L, "none", piece), piece));
        ast_add(&L->nodes, b, zl_let(L, PLT, "square", zl_ident(L, "none", piece), piece));
        if (L->deferred)
            ast_add(&L->nodes, b, zl_let(L, ZL_TAKEN, "zone", zl_node(L, AST_SETLIT, piece),
                                         piece));
    }
    ast_add(&L->nodes, b, zl_kids(L, AST_REQUIRE, piece,
            zl_binary(L, BIN_EQ, piece, zl_ident(L, "dropping", piece), zl_type(L,
                name->kids[1]->text, name)),
            NULL, NULL));
    Ast *inner = zl_block(L, piece);
    ast_add(&L->nodes, inner, zl_kids(L, AST_GO, piece, zl_ident(L, " start", piece), NULL, NULL));
    ast_add(&L->nodes, inner, either);
    if (parts) {
        /* a drop that went on: `require continues; loop { continues = false; either { the
         * blocks of every type, each `require chain-type == T` } require continues; }`, the
         * later parts of a piece's program (zl_piece_moves) */
        ast_add(&L->nodes, inner, zl_kids(L, AST_REQUIRE, piece, zl_ident(L, ZL_CONT, piece),
                                          NULL, NULL));
        Ast *all = zl_node(L, AST_EITHER, piece);
        L->drop_chain = 1;
        for (int t = 0; t < L->npieces; t++) {
            Ast *e = blocks_of(L, L->piece[t], "moves", 0, NULL, NULL, NULL, NULL, NULL);
            if (!e) continue;
            const char *nm = zrf_find(L->piece[t], "name")->kids[1]->text;
            Ast *tb = zl_block(L, L->piece[t]);
            ast_add(&L->nodes, tb, zl_kids(L, AST_REQUIRE, piece, zl_binary(L, BIN_EQ, piece,
                    zl_ident(L, ZL_CTYPE, piece), zl_type(L, nm, piece)), NULL, NULL));
            ast_add(&L->nodes, tb, e);
            ast_add(&L->nodes, all, tb);
        }
        L->drop_chain = 0;
        Ast *body = zl_block(L, piece);
        ast_add(&L->nodes, body, zl_assign(L, zl_ident(L, ZL_CONT, piece),
                                          zl_ident(L, "false", piece), piece));
        if (all->nkids) ast_add(&L->nodes, body, all);
        ast_add(&L->nodes, body, zl_kids(L, AST_REQUIRE, piece, zl_ident(L, ZL_CONT, piece),
                                          NULL, NULL));
        ast_add(&L->nodes, inner, zl_kids(L, AST_LOOP, piece, body, NULL, NULL));
    }
    Ast *choose = zl_kids(L, AST_CHOOSE, piece, zl_ident(L, "board", piece), inner, NULL);
    choose->name = zl_str(L, " start");
    ast_add(&L->nodes, b, choose);
    return b;
}
