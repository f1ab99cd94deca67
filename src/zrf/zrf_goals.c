/* zrf_goals.c - a ZRF game's goals as boardvm's `end` block (zrf_lower.h).
 *
 * Zillions checks (win-condition PLAYERS COND), (loss-condition ...), (draw-condition ...) and
 * (count-condition ...) after every move, each for every player it lists, from that player's
 * side. boardvm's `end` runs at each position for the side to move, and its results are that
 * side's. So the block first tests the conditions of the player who has just moved, in the
 * order of the file (a win of theirs is a loss of the side to move), then those of the side to
 * move; the first that holds ends the game (docs/zrf.md, "Goals"). `stalemated` and
 * `checkmated` are about the side to move: a player who has just moved is never tested for
 * them. (checkmated T) also makes T royal and forbids every move that leaves a royal piece of
 * the mover attacked (Zillions: "moves into check are not allowed"). */
#include "zrf_lower.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    ZrfLower *L;
    int player;                  /* whose condition */
    int moved;                   /* that player has just moved (is not the side to move) */
    int multi;                   /* three or more players take turns (results per player) */
    int *royal;
    int nlocal;                  /* locals made so far (their names are numbered) */
} Goal;

static const char *local_name(Goal *G)
{
    char buf[32];
    snprintf(buf, sizeof buf, " goal %d", G->nlocal++);
    return zl_str(G->L, buf);
}

static Ast *player_id(Goal *G, const ZrfNode *at) { return zl_ident(G->L, G->L->player[G->player],
                                                                    at); }

/* the number of pieces of player (NULL: all players) of type t (-1: every type) */
static Ast *piece_count(Goal *G, const ZrfNode *at, int all_players, int t)
{
    ZrfLower *L = G->L;
    Ast *sum = NULL;
    for (int p = 0; p < L->nplayers; p++) {
        if (!all_players && p != G->player) continue;
        for (int i = 0; i < L->npieces; i++) {
            if (t >= 0 && i != t) continue;
            Ast *c = zl_call(L, "count", at, zl_type(L, zl_piece_name(L, i), at), zl_ident(L,
                L->player[p], at));
            sum = sum ? zl_binary(L, BIN_ADD, at, sum, c) : c;
            /* (option "include off-pieces"): the pieces off the board count too */
            if (L->off_pieces)
                sum = zl_binary(L, BIN_ADD, at, sum, zl_call(L, "hand", at, zl_ident(L,
                                L->player[p], at), zl_ident(L, zl_piece_name(L, i), at)));
        }
    }
    return sum ? sum : zl_num(L, 0, at);
}

/* `at(sq)` matches a piece of a configuration: TYPE (the player's), (opponent TYPE),
 * (any-owner TYPE), or `empty` */
static Ast *piece_matches(Goal *G, const ZrfNode *occ, Ast *(*sq)(Goal *, const ZrfNode *,
                                                                  void *), void *arg)
{
    ZrfLower *L = G->L;
    if (occ->kind == ZN_ATOM && zrf_eq(occ->text, "empty")) return zl_call(L, "empty", occ, sq(G,
        occ, arg), NULL);
    const ZrfNode *type = occ;
    int owner = 0;                       /* 0 the player's, 1 another's, 2 anyone's */
    if (occ->kind == ZN_LIST && occ->nkids == 2 && (zrf_is(occ, "opponent") || zrf_is(occ,
        "any-owner"))) {
        owner = zrf_is(occ, "opponent") ? 1 : 2;
        type = occ->kids[1];
    }
    if (type->kind != ZN_ATOM || zl_piece(L, type->text) < 0) {
        zl_error(L, occ, "expected a piece type, (opponent TYPE), (any-owner TYPE) or empty");
        return NULL;
    }
    Ast *e = zl_kids(L, AST_IS, occ, zl_call(L, "at", occ, sq(G, occ, arg), NULL), zl_type(L,
        type->text, type), NULL);
    if (owner < 2) {
        Ast *who = zl_binary(L, owner ? BIN_NE : BIN_EQ, occ,
                             zl_call(L, "owner", occ, zl_call(L, "at", occ, sq(G, occ, arg),
                                                              NULL), NULL),
                             player_id(G, occ));
        e = zl_binary(L, BIN_AND, occ, e, who);
    }
    return e;
}

static Ast *sq_local(Goal *G, const ZrfNode *at, void *name) { return zl_ident(G->L,
    (const char *)name, at); }

/* `let c = false; for s in SET { if MATCH { c = true; } }`: statements into out, c's name back */
static const char *exists_in(Goal *G, Ast *out, const ZrfNode *at, Ast *set, const ZrfNode *occ,
                             const ZrfNode *const *occs, int nocc)
{
    ZrfLower *L = G->L;
    const char *c = local_name(G), *s = local_name(G);
    ast_add(&L->nodes, out, zl_let(L, c, "bool", NULL, at));
    Ast *any = NULL;
    for (int i = 0; i < nocc; i++) {
        Ast *m = piece_matches(G, occs[i], sq_local, (void *)s);
        if (!m) return NULL;
        any = any ? zl_binary(L, BIN_OR, at, any, m) : m;
    }
    (void)occ;
    Ast *then = zl_block(L, at);
    ast_add(&L->nodes, then, zl_assign(L, zl_ident(L, c, at), zl_ident(L, "true", at), at));
    Ast *body = zl_block(L, at);
    ast_add(&L->nodes, body, zl_kids(L, AST_IF, at, any, then, zl_node(L, AST_NOTHING, at)));
    Ast *loop = zl_kids(L, AST_FOR, at, set, body, NULL);
    loop->name = s;
    ast_add(&L->nodes, out, loop);
    return c;
}

/* (absolute-config OCC ... (ZONE-OR-POSITION ...)): one of the pieces on one of the squares */
static Ast *absolute_config(Goal *G, Ast *out, const ZrfNode *c)
{
    ZrfLower *L = G->L;
    if (c->nkids < 3 || c->kids[c->nkids - 1]->kind != ZN_LIST) {
        zl_error(L, c, "(absolute-config PIECE ... (ZONE-OR-POSITION ...))");
        return NULL;
    }
    const ZrfNode *where = c->kids[c->nkids - 1];
    Ast *result = NULL;
    for (int w = 0; w < where->nkids; w++) {
        const ZrfNode *x = where->kids[w];
        Ast *set;
        if (x->kind == ZN_ATOM && zl_zone(L, x->text) >= 0) {
            set = zl_kids(L, AST_INDEX, x, player_id(G, x), NULL, NULL);    /* ZONE[P] */
            set->name = zl_str(L, x->text);
        } else if (x->kind == ZN_ATOM && zl_position(L, x->text) >= 0) {
            /* a position: the pieces tested there, with no loop and no local (a puzzle's goal
             * lists dozens) */
            Ast *any = NULL;
            for (int i = 1; i < c->nkids - 1; i++) {
                Ast *m = piece_matches(G, c->kids[i], sq_local, (void *)x->text);
                if (!m) return NULL;
                any = any ? zl_binary(L, BIN_OR, x, any, m) : m;
            }
            if (!any) any = zl_ident(L, "false", x);
            result = result ? zl_binary(L, BIN_OR, c, result, any) : any;
            continue;
        } else { zl_error(L, x, "expected a zone or a position"); return NULL; }
        const char *v = exists_in(G, out, x, set, NULL, (const ZrfNode *const *)(c->kids + 1),
                                  c->nkids - 2);
        if (!v) return NULL;
        Ast *e = zl_ident(L, v, x);
        result = result ? zl_binary(L, BIN_OR, c, result, e) : e;
    }
    return result ? result : zl_ident(L, "false", c);
}

/* (relative-config OCC DIR OCC DIR ... OCC): the pieces in a line from some square */
typedef struct { const char *start; const ZrfNode *const *dirs; int n; } Walk;

static Ast *walk_square(Goal *G, const ZrfNode *at, void *arg)
{
    ZrfLower *L = G->L;
    const Walk *w = arg;
    Ast *sq = zl_ident(L, w->start, at);
    for (int i = 0; i < w->n; i++)
        sq = zl_kids(L, AST_CALL, at, sq, zl_ident(L, w->dirs[i]->text, w->dirs[i]), player_id(G,
            at)),
        sq->name = zl_str(L, "step");
    return sq;
}

static Ast *relative_config(Goal *G, Ast *out, const ZrfNode *c)
{
    ZrfLower *L = G->L;
    if (c->nkids < 2 || c->nkids % 2) {
        zl_error(L, c, "(relative-config PIECE DIR PIECE ... PIECE)");
        return NULL;
    }
    for (int i = 2; i < c->nkids; i += 2)
        if (c->kids[i]->kind != ZN_ATOM || zl_direction(L, c->kids[i]->text) < 0) {
            zl_error(L, c->kids[i], "expected a direction of the board");
            return NULL;
        }
    const char *v = local_name(G), *s = local_name(G);
    ast_add(&L->nodes, out, zl_let(L, v, "bool", NULL, c));
    const ZrfNode *dirs[64];
    int nd = 0;
    Ast *all = NULL;
    for (int i = 1; i < c->nkids && nd < 64; i += 2) {
        Walk w = { s, dirs, nd };
        Ast *m = piece_matches(G, c->kids[i], walk_square, &w);
        if (!m) return NULL;
        all = all ? zl_binary(L, BIN_AND, c, all, m) : m;
        if (i + 1 < c->nkids) dirs[nd++] = c->kids[i + 1];
    }
    Ast *then = zl_block(L, c);
    ast_add(&L->nodes, then, zl_assign(L, zl_ident(L, v, c), zl_ident(L, "true", c), c));
    Ast *body = zl_block(L, c);
    ast_add(&L->nodes, body, zl_kids(L, AST_IF, c, all, then, zl_node(L, AST_NOTHING, c)));
    Ast *loop = zl_kids(L, AST_FOR, c, zl_ident(L, "board", c), body, NULL);
    loop->name = s;
    ast_add(&L->nodes, out, loop);
    return zl_ident(L, v, c);
}

/* Is the name one of the file's (or the lowered game's)? */
static int name_taken(const ZrfLower *L, const char *n)
{
    return zl_piece(L, n) >= 0 || zl_position(L, n) >= 0 || zl_zone(L, n) >= 0 ||
           zl_attribute(L, n) >= 0 || zl_player(L, n) >= 0 || zl_direction(L, n) >= 0;
}

/* (captured TYPE ...): one of the player's pieces of those types was taken by the move just
 * made. Zillions tests it only right after the capture (a King taken once, not "no King
 * left": docs/zrf.md). Each form has, for each player P, a `var captured-P: bool reset;` (the
 * first form's names; `captured2-P` ... after it; a name no other of the file has), set by
 * `on capture` for the owner of a piece of those types; `reset` sets it back before every
 * move, and it is counted: a position where it holds is over, another that is not. */
static const char *captured_var(ZrfLower *L, int k, int p)
{
    char s[200];                 /* (copied into the game's strings: its variable's name) */
    snprintf(s, sizeof s, "%s-%s", L->captured_name[k], L->player[p]);
    return zl_str(L, s);
}

static Ast *captured(Goal *G, const ZrfNode *c)
{
    ZrfLower *L = G->L;
    if (c->kind != ZN_LIST || c->nkids < 2) {
        zl_error(L, c, "(captured TYPE ...) names piece types of the game");
        return NULL;
    }
    for (int i = 1; i < c->nkids; i++)
        if (c->kids[i]->kind != ZN_ATOM || zl_piece(L, c->kids[i]->text) < 0) {
            zl_error(L, c->kids[i], "(captured TYPE ...) names piece types of the game");
            return NULL;
        }
    int k = 0;
    while (k < L->ncaptured && L->captured_form[k] != c) k++;
    if (k == L->ncaptured) {                 /* the form's variables and its part of the hook */
        if (k == ZL_MAX_CAPTURED) {
            zl_error(L, c, "more than %d (captured ...) goals", ZL_MAX_CAPTURED);
            return NULL;
        }
        char name[48];
        for (int n = 1, used = 1; used && n < 1000; n++) {
            snprintf(name, sizeof name, n > 1 ? "captured%d" : "captured", n);
            used = 0;
            for (int p = 0; p < L->nplayers; p++) {
                char full[200];
                snprintf(full, sizeof full, "%s-%s", name, L->player[p]);
                used |= name_taken(L, full);
            }
            for (int j = 0; j < k; j++) used |= !strcmp(L->captured_name[j], name);
        }
        L->captured_form[k] = c;
        L->captured_name[k] = zl_str(L, name);
        L->ncaptured++;
        Ast *is = NULL;
        for (int i = 1; i < c->nkids; i++) {
            Ast *t1 = zl_kids(L, AST_IS, c, zl_ident(L, "victim", c),
                              zl_type(L, c->kids[i]->text, c->kids[i]), NULL);
            is = is ? zl_binary(L, BIN_OR, c, is, t1) : t1;
        }
        Ast *then = zl_block(L, c);
        for (int p = 0; p < L->nplayers; p++) {
            Ast *t = zl_node(L, AST_TYPE, c);
            t->name = zl_str(L, "bool");
            Ast *var = zl_kids(L, AST_VAR, c, t, zl_node(L, AST_NOTHING, c),
                               zl_node(L, AST_NOTHING, c));
            var->name = captured_var(L, k, p);
            var->num = VAR_GLOBAL; var->num2 = 1;              /* reset */
            ast_add(&L->nodes, L->root, var);
            Ast *set = zl_block(L, c);
            ast_add(&L->nodes, set, zl_assign(L, zl_ident(L, var->name, c), zl_ident(L, "true",
                                                                                     c), c));
            Ast *mine = zl_binary(L, BIN_EQ, c, zl_call(L, "owner", c, zl_ident(L, "victim", c),
                                                        NULL), zl_ident(L, L->player[p], c));
            ast_add(&L->nodes, then, zl_kids(L, AST_IF, c, mine, set, zl_node(L, AST_NOTHING,
                                                                              c)));
        }
        ast_add(&L->nodes, zl_on_capture(L), zl_kids(L, AST_IF, c, is, then, zl_node(L,
            AST_NOTHING, c)));
    }
    return zl_ident(L, captured_var(L, k, G->player), c);
}

/* A goal condition as a bool expression, with the statements it needs first in out; NULL after
 * an error, or (*never set) when it cannot hold for this player. */
static Ast *goal_cond(Goal *G, Ast *out, const ZrfNode *c, int *never)
{
    ZrfLower *L = G->L;
    const char *h = c->kind == ZN_ATOM ? c->text : zrf_head(c);
    if (!h) { zl_error(L, c, "expected a goal condition"); return NULL; }
    if (!strcmp(h, "stalemated")) {
        if (G->moved) { *never = 1; return NULL; }
        return zl_ident(L, "no-moves", c);
    }
    if (!strcmp(h, "checkmated")) {
        if (c->kind != ZN_LIST || c->nkids != 2 || zl_piece(L, c->kids[1]->text) < 0) {
            zl_error(L, c, "(checkmated TYPE) names a piece type of the game");
            return NULL;
        }
        G->royal[zl_piece(L, c->kids[1]->text)] = 1;
        if (G->moved) { *never = 1; return NULL; }
        return zl_binary(L, BIN_AND, c, zl_ident(L, "no-moves", c), zl_ident(L, "in-check", c));
    }
    if (!strcmp(h, "repetition")) return zl_binary(L, BIN_GE, c, zl_ident(L, "repetition", c),
                                                   zl_num(L, 3, c));
    if (!strcmp(h, "pieces-remaining") || !strcmp(h, "total-piece-count")) {
        long n;
        char *end;
        if (c->kind != ZN_LIST || c->nkids < 2 || c->nkids > 3 || c->kids[1]->kind != ZN_ATOM ||
            (n = strtol(c->kids[1]->text, &end, 10), *end) ||
            (c->nkids == 3 && zl_piece(L, c->kids[2]->text) < 0)) {
            zl_error(L, c, "(%s N [TYPE])", h);
            return NULL;
        }
        int t = c->nkids == 3 ? zl_piece(L, c->kids[2]->text) : -1;
        return zl_binary(L, BIN_EQ, c, piece_count(G, c, h[0] == 't', t), zl_num(L, n, c));
    }
    if (!strcmp(h, "captured")) return captured(G, c);
    if (!strcmp(h, "absolute-config")) return absolute_config(G, out, c);
    if (!strcmp(h, "relative-config")) return relative_config(G, out, c);
    if (!strcmp(h, "and") || !strcmp(h, "or") || !strcmp(h, "not")) {
        Ast *e = NULL;
        for (int i = 1; i < c->nkids; i++) {
            int nv = 0;
            Ast *t = goal_cond(G, out, c->kids[i], &nv);
            if (!t && !nv) return NULL;
            if (!t) t = zl_ident(L, "false", c);
            if (h[0] == 'n') return zl_not(L, c, t);
            e = e ? zl_binary(L, h[0] == 'a' ? BIN_AND : BIN_OR, c, e, t) : t;
        }
        return e;
    }
    zl_error(L, c, "the goal '%s' is not supported yet by boardvm's Zillions reader "
             "(docs/zrf.md)", h);
    return NULL;
}

static Ast *result(ZrfLower *L, const ZrfNode *at, int kind, const char *why)
{
    Ast *r = zl_kids(L, AST_RESULT, at, zl_string(L, why, at), NULL, NULL);
    r->num = kind;
    return r;
}

/* One condition for one player: `if COND { RESULT }` into out */
static void goal(Goal *G, Ast *out, const ZrfNode *form)
{
    ZrfLower *L = G->L;
    const char *kind = zrf_head(form);
    Ast *pre = zl_block(L, form);
    for (int i = 2; i < form->nkids; i++) {
        int never = 0;
        Ast *c = goal_cond(G, pre, form->kids[i], &never);
        if (!c) continue;
        Ast *then = zl_block(L, form);
        char why[200];
        const char *who = L->player[G->player];
        if (G->moved && G->multi) {
            /* three or more players: a win of a player who is not to move is its own win (`win
             * for P`); its loss eliminates it when its turn comes (make.c: the side to move's
             * conditions are judged there), and a count is judged at the side to move's turn */
            if (!strcmp(kind, "win-condition")) {
                snprintf(why, sizeof why, "%s meets a win condition", who);
                Ast *r = zl_kids(L, AST_RESULT, form, zl_ident(L, who, form),
                                 zl_string(L, why, form), NULL);
                r->num = RESULT_WIN; r->num2 = 1;
                ast_add(&L->nodes, then, r);
            } else if (!strcmp(kind, "draw-condition")) {
                snprintf(why, sizeof why, "%s meets a draw condition", who);
                ast_add(&L->nodes, then, result(L, form, RESULT_DRAW, why));
            } else continue;
        } else if (!strcmp(kind, "count-condition")) {
            /* the game is over: more pieces win */
            G->moved ^= 0;
            Ast *mine = piece_count(G, form, 0, -1), *all = piece_count(G, form, 1, -1);
            const char *m = local_name(G);
            ast_add(&L->nodes, then, zl_let(L, m, "int", mine, form));
            Ast *theirs = zl_binary(L, BIN_SUB, form, all, zl_ident(L, m, form));
            Ast *more = zl_block(L, form), *fewer = zl_block(L, form), *same = zl_block(L, form);
            int me_to_move = !G->moved;
            snprintf(why, sizeof why, "%s has more pieces", who);
            ast_add(&L->nodes, more, result(L, form, me_to_move ? RESULT_WIN : RESULT_LOSS, why));
            snprintf(why, sizeof why, "%s has fewer pieces", who);
            ast_add(&L->nodes, fewer, result(L, form, me_to_move ? RESULT_LOSS : RESULT_WIN, why));
            ast_add(&L->nodes, same, result(L, form, RESULT_DRAW, "as many pieces each"));
            Ast *lt = zl_kids(L, AST_IF, form, zl_binary(L, BIN_LT, form, zl_ident(L, m, form),
                                                         theirs),
                              fewer, same);
            Ast *ltb = zl_block(L, form);
            ast_add(&L->nodes, ltb, lt);
            Ast *theirs2 = zl_binary(L, BIN_SUB, form, piece_count(G, form, 1, -1), zl_ident(L, m,
                form));
            ast_add(&L->nodes, then, zl_kids(L, AST_IF, form, zl_binary(L, BIN_GT, form,
                zl_ident(L, m, form), theirs2),
                                             more, ltb));
        } else {
            int k = !strcmp(kind, "draw-condition") ? RESULT_DRAW
                  : (!strcmp(kind, "win-condition")) == !G->moved ? RESULT_WIN : RESULT_LOSS;
            snprintf(why, sizeof why, "%s %s", who, !strcmp(kind, "draw-condition")
                     ? "meets a draw condition"
                     : !strcmp(kind, "win-condition") ? "meets a win condition"
                         : "meets a loss condition");
            ast_add(&L->nodes, then, result(L, form, k, why));
        }
        ast_add(&L->nodes, pre, zl_kids(L, AST_IF, form, c, then, zl_node(L, AST_NOTHING, form)));
    }
    ast_add(&L->nodes, out, pre);
}

static int lists(ZrfLower *L, const ZrfNode *players, int p)
{
    if (players->kind != ZN_LIST) return 0;
    for (int i = 0; i < players->nkids; i++)
        if (players->kids[i]->kind == ZN_ATOM && zrf_eq(players->kids[i]->text,
                                                        L->player[p])) return 1;
    return 0;
}

static int is_goal(const ZrfNode *s)
{
    return zrf_is(s, "win-condition") || zrf_is(s, "loss-condition") || zrf_is(s,
        "draw-condition") ||
           zrf_is(s, "count-condition");
}

void zl_goals(ZrfLower *L, Ast *root, int *royal)
{
    const ZrfNode *secs = L->sections;
    Ast *end = zl_block(L, secs);
    int any = 0, active = 0;
    for (int p = 0; p < L->nplayers; p++) active += zl_active_player(L, p);
    for (int moved = 1; moved >= 0; moved--)
        for (int p = 0; p < L->nplayers; p++) {
            /* a neutral player (no turn of its own) is never to move, and has no result */
            if (!zl_active_player(L, p)) continue;
            Goal G = { .L = L, .player = p, .moved = moved, .royal = royal, .multi = active > 2 };
            Ast *body = zl_block(L, secs);
            for (int i = 0; i < secs->nkids; i++) {
                const ZrfNode *s = secs->kids[i];
                if (!is_goal(s)) continue;
                if (s->nkids < 3 || s->kids[1]->kind != ZN_LIST) {
                    if (moved && !p) zl_error(L, s, "(%s (PLAYER ...) CONDITION ...)", zrf_head(s));
                    continue;
                }
                if (lists(L, s->kids[1], p)) goal(&G, body, s);
            }
            if (!body->nkids) continue;
            any = 1;
            Ast *test = zl_binary(L, moved ? BIN_NE : BIN_EQ, secs, zl_ident(L, "to-move", secs),
                                  zl_ident(L, L->player[p], secs));
            ast_add(&L->nodes, end, zl_kids(L, AST_IF, secs, test, body, zl_node(L, AST_NOTHING,
                secs)));
        }
    if (any) {
        /* no goal held: a side with no legal move loses, as it does in a game without goals
         * (the runtime's rule where there is no `end` block; docs/zrf.md, "Goals"); among three
         * or more that loss puts the side out and the others play on (make.c) */
        Ast *lose = zl_block(L, secs);
        ast_add(&L->nodes, lose, result(L, secs, RESULT_LOSS, "no legal move"));
        ast_add(&L->nodes, end, zl_kids(L, AST_IF, secs, zl_ident(L, "no-moves", secs), lose,
                                        zl_node(L, AST_NOTHING, secs)));
        Ast *hook = zl_kids(L, AST_HOOK, secs, end, NULL, NULL);
        hook->num = HOOK_END;
        ast_add(&L->nodes, root, hook);
    }
    int anyroyal = 0;
    for (int i = 0; i < L->npieces; i++) anyroyal |= royal[i];
    if (anyroyal) {
        Ast *b = zl_block(L, secs);
        ast_add(&L->nodes, b, zl_kids(L, AST_REQUIRE, secs, zl_not(L, secs, zl_ident(L,
            "in-check", secs)), NULL, NULL));
        Ast *hook = zl_kids(L, AST_HOOK, secs, b, NULL, NULL);
        hook->num = HOOK_LEGAL;
        ast_add(&L->nodes, root, hook);
    }
}
