/* squarelocal.c - board walks in hooks whose body's effect is a function of its square's few
 * words (docs/runtime.md step 54).
 *
 * `for sq in board { if height(sq) > 0 { BODY } }` in Nemoroth's `turn-start` marks each piece
 * of the side to move from what stands on sq, ichor[sq], the mover and a local set before the
 * loop. Where BODY reads the state only through sq (height(sq), at(sq, i), v[sq] of a square
 * variable, a piece variable of a piece read so or of the piece at sq), writes only piece
 * variables of sq's stack and locals, calls only `fn`s that read nothing but their arguments,
 * and cannot leave the loop, what it does to the state and to the locals from outside it is a
 * function of: sq, the mover, the height and the pieces of sq's stack, the square variables it
 * reads at sq, and those outer locals. The runtime (src/runtime/sqmemo.c) keeps that function's
 * answers keyed by all of them, compared whole: a body run again with the same words writes the
 * same words, as the VM runs the same instructions on them. Everything else is refused here,
 * and the body runs as it did. */
#include <stdlib.h>
#include <string.h>
#include "compiler.h"
#include "builtins.h"

typedef struct {
    Compiler *C;
    const char *sq;                    /* the loop's square variable */
    const char *inner[64]; int ninner; /* the locals the body declares */
    SqMemoSite site;
    int loops;                         /* loops of the body around the node (a `break` there) */
    int nodes;                         /* the body's statements and expressions, twice in a loop */
} Walk;

/* A body of fewer statements and expressions (those in a loop counted twice) runs in less than
 * a look at the table costs (Four Towers' `if at(q) is King ... { safe = true; }`: one store).
 * Nemoroth's turn-start body counts some 250. */
#define SQMEMO_MIN_NODES 40

static int is_inner(const Walk *w, const char *name)
{
    for (int i = 0; i < w->ninner; i++) if (!strcmp(w->inner[i], name)) return 1;
    return 0;
}

static int add_int(int32_t *set, int *n, int max, int32_t v)
{
    for (int i = 0; i < *n; i++) if (set[i] == v) return 1;
    if (*n >= max) return 0;
    set[(*n)++] = v;
    return 1;
}

/* A local of the walk from outside the body: read (and maybe written) by it, part of the key */
static int outer_local(Walk *w, const char *name)
{
    Local *l = codegen_find_local(w->C, name);
    if (!l || l->ty.t == VT_ZONE || l->ty.t < 0) return 0;
    return add_int(w->site.outer, &w->site.nouter, SQMEMO_MAX_OUTER, l->slot);
}

static int is_sq(const Walk *w, const Ast *e)
{
    return e && e->kind == AST_IDENT && !strcmp(e->name, w->sq) && !is_inner(w, e->name);
}

static int expr_ok(Walk *w, const Ast *e, int depth);

static int kids_ok(Walk *w, const Ast *e, int from, int depth)
{
    for (int i = from; i < e->nkids; i++) if (!expr_ok(w, e->kids[i], depth + 1)) return 0;
    return 1;
}

/* a piece value whose variables may be read: a local (the body's are pieces read from sq's
 * stack, or values; an outer one is in the key), or at(sq, i), or sq itself (its top piece) */
static int piece_ok(Walk *w, const Ast *e, int depth)
{
    if (!e) return 0;
    if (e->kind == AST_IDENT) {
        if (is_sq(w, e)) return 1;
        if (is_inner(w, e->name)) return 1;
        if (codegen_find_local(w->C, e->name)) return outer_local(w, e->name);
        return 0;
    }
    if (e->kind == AST_CALL && !strcmp(e->name, "at") && e->nkids == 2 && is_sq(w, e->kids[0]) &&
        !codegen_find_local(w->C, "at"))
        return expr_ok(w, e->kids[1], depth + 1);
    return 0;
}

static int name_ok(Walk *w, const Ast *e)
{
    Compiler *C = w->C;
    if (is_sq(w, e) || is_inner(w, e->name)) return 1;
    if (codegen_find_local(C, e->name)) return outer_local(w, e->name);
    static const char *const constants[] = { "mover", "none", "true", "false" };
    for (size_t i = 0; i < sizeof constants / sizeof *constants; i++)
        if (!strcmp(e->name, constants[i])) return 1;
    if (builtin_find(e->name, BI_NAME, 0, NULL, NULL)) return 0;
    if (game_find_square(C->g, e->name) >= 0) return 1;
    Sym *s = sym_find(C, e->name);
    return s && (s->kind == SYM_PLAYER || s->kind == SYM_TYPE || s->kind == SYM_DIR);
}

static int call_ok(Walk *w, const Ast *e, int depth)
{
    Compiler *C = w->C;
    const char *n = e->name;
    int lo, hi;
    if (builtin_find(n, BI_CALL, e->nkids, &lo, &hi)) {
        if (!strcmp(n, "height")) return is_sq(w, e->kids[0]);
        if (!strcmp(n, "at")) return e->nkids == 2 && piece_ok(w, e, depth);
        if (!strcmp(n, "type") || !strcmp(n, "owner")) return piece_ok(w, e->kids[0], depth);
        static const char *const values[] = {
            "file", "rank", "square", "step", "abs", "min", "max"
        };
        for (size_t i = 0; i < sizeof values / sizeof *values; i++)
            if (!strcmp(n, values[i])) return kids_ok(w, e, 0, depth);
        return 0;
    }
    Sym *s = sym_find(C, n);
    if (!s) return 0;
    if (s->kind == SYM_FN) return purecall_fn_is_pure(C, s) == 1 && kids_ok(w, e, 0, depth);
    if (s->kind != SYM_VAR) return 0;
    const Var *v = &C->g->vars[s->index];
    if (v->kind == VAR_SQUARE && e->nkids == 1 && is_sq(w, e->kids[0]))
        return add_int(w->site.var_base, &w->site.nvars, SQMEMO_MAX_VARS, v->base);
    if (v->kind == VAR_PIECE && e->nkids == 1) return piece_ok(w, e->kids[0], depth);
    if (v->kind == VAR_PIECE && e->nkids == 2)
        return is_sq(w, e->kids[0]) && expr_ok(w, e->kids[1], depth + 1);
    return 0;
}

static int expr_ok(Walk *w, const Ast *e, int depth)
{
    if (!e || depth > MAX_NESTING) return 0;
    w->nodes += 1 + (w->loops > 0);
    switch (e->kind) {
    case AST_NUM: return 1;
    case AST_IDENT: return name_ok(w, e);
    case AST_UNARY: case AST_BINARY: return kids_ok(w, e, 0, depth);
    case AST_IS:
        return e->nkids == 2 && piece_ok(w, e->kids[0], depth) && e->kids[1]->kind == AST_IDENT &&
               !codegen_find_local(w->C, e->kids[1]->name) && sym_find(w->C, e->kids[1]->name) &&
               sym_find(w->C, e->kids[1]->name)->kind == SYM_TYPE;
    case AST_CALL: return call_ok(w, e, depth);
    case AST_INDEX:             /* v[sq] of a square variable, v[sq, i] of a piece variable */
        return call_ok(w, e, depth);
    default: return 0;
    }
}

static int stmt_ok(Walk *w, const Ast *s, int depth);

static int block_ok(Walk *w, const Ast *b, int depth)
{
    if (!b || b->kind != AST_BLOCK) return b && stmt_ok(w, b, depth);
    for (int i = 0; i < b->nkids; i++) if (!stmt_ok(w, b->kids[i], depth + 1)) return 0;
    return 1;
}

static int assign_ok(Walk *w, const Ast *s, int depth)
{
    Compiler *C = w->C;
    const Ast *lv = s->kids[0];
    if (lv->kind == AST_IDENT) {
        if (is_sq(w, lv)) return 0;
        if (!is_inner(w, lv->name) &&
            !(codegen_find_local(C, lv->name) && outer_local(w, lv->name)))
            return 0;
        return expr_ok(w, s->kids[1], depth + 1);
    }
    if (lv->kind == AST_INDEX && lv->nkids == 2) {          /* v[sq, i] = x: sq's stack only */
        Sym *sy = sym_find(C, lv->name);
        return sy && sy->kind == SYM_VAR && C->g->vars[sy->index].kind == VAR_PIECE &&
               is_sq(w, lv->kids[0]) && expr_ok(w, lv->kids[1], depth + 1) &&
               expr_ok(w, s->kids[1], depth + 1);
    }
    return 0;
}

static int stmt_ok(Walk *w, const Ast *s, int depth)
{
    if (!s || depth > MAX_NESTING) return 0;
    w->nodes += 1 + (w->loops > 0);
    switch (s->kind) {
    case AST_BLOCK: return block_ok(w, s, depth);
    case AST_LET:
        /* a name of its own: not the loop's, not one from outside, not declared twice */
        if (!strcmp(s->name, w->sq) || is_inner(w, s->name) ||
            codegen_find_local(w->C, s->name) ||
            w->ninner >= (int)(sizeof w->inner / sizeof *w->inner))
            return 0;
        if (s->nkids > 0 && s->kids[0]->kind != AST_NOTHING && !expr_ok(w, s->kids[0], depth + 1))
            return 0;
        w->inner[w->ninner++] = s->name;
        return 1;
    case AST_ASSIGN: return assign_ok(w, s, depth);
    case AST_IF:
        return expr_ok(w, s->kids[0], depth + 1) && block_ok(w, s->kids[1], depth) &&
               (s->nkids < 3 || s->kids[2]->kind == AST_NOTHING || block_ok(w, s->kids[2], depth));
    case AST_WHILE: {
        w->loops++;
        int ok = expr_ok(w, s->kids[0], depth + 1) && block_ok(w, s->kids[1], depth);
        w->loops--;
        return ok;
    }
    case AST_LOOP: {
        w->loops++;
        int ok = block_ok(w, s->kids[0], depth);
        w->loops--;
        return ok;
    }
    case AST_BREAK: return w->loops > 0;          /* not out of the walk itself */
    default: return 0;
    }
}

int sqmemo_site(Compiler *C, const Ast *body, const char *sq_name, int sq_slot)
{
    if (C->fn_kind != FN_HOOK || !sq_name || C->g->nsqmemo_sites >= SQMEMO_MAX_SITES) return -1;
    Walk w;
    memset(&w, 0, sizeof w);
    w.C = C; w.sq = sq_name;
    w.site.sq_slot = sq_slot;
    if (!block_ok(&w, body, 0) || w.nodes < SQMEMO_MIN_NODES) return -1;
    Game *g = C->g;
    SqMemoSite *grown = realloc(g->sqmemo_sites, sizeof *grown * (size_t)(g->nsqmemo_sites + 1));
    if (!grown) return -1;
    g->sqmemo_sites = grown;
    g->sqmemo_sites[g->nsqmemo_sites] = w.site;
    return g->nsqmemo_sites++;
}
