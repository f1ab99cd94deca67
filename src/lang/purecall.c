/* purecall.c - which `fn` calls can be answered from a table (docs/runtime.md step 44).
 *
 * A `fn` whose expression reads nothing but its parameters (numbers, `none`, arithmetic,
 * comparisons, `and`/`or`/`not`, file, rank, square, step, abs, min, max and calls of such
 * functions) has the same value, and runs the same instructions, whenever its arguments are the
 * same. Where each argument is a square, a direction or a bool, or a constant (an int written
 * as a number at the call), a table of the value and the steps for every value of the
 * arguments is kept, each entry worked out the first time a call needs it
 * (src/bytecode/puretab.c, from the call's own code), and the call's PURECALL instruction
 * answers from it. The call's code stays after it: it runs where
 * an argument is outside the table's range or the table could not be built. */
#include <stdlib.h>
#include <string.h>
#include "compiler.h"
#include "builtins.h"
#include "opcodes.h"
#include "puretab.h"

/* An int local of a pure expression is indexed from -PURE_INT_WINDOW to PURE_INT_WINDOW */
#define PURE_INT_WINDOW 8
/* A pure expression with fewer operators than this is left as it is (a table costs a dispatch
 * where it cannot answer) */
#define PURE_MIN_OPS 5
#define PURE_MAX_LOCALS 3

static int pure_expr(Compiler *C, const Ast *def, const Ast *e, int *globals, int depth);

/* The global variable `name` is (its index), where a table may be keyed by its value: a square,
 * a direction or a bool; -1 if it is not one (or the name is a built-in's or a square's) */
static int global_key(Compiler *C, const char *name)
{
    if (builtin_find(name, BI_NAME, 0, NULL, NULL) || game_find_square(C->g, name) >= 0) return -1;
    Sym *s = sym_find(C, name);
    if (!s || s->kind != SYM_VAR) return -1;
    const Var *v = &C->g->vars[s->index];
    if (v->kind != VAR_GLOBAL) return -1;
    return v->vtype == VT_SQUARE || v->vtype == VT_DIR || v->vtype == VT_BOOL ? s->index : -1;
}

static int is_param(const Ast *def, const char *name)
{
    for (int i = 0; i + 1 < def->nkids; i++)
        if (def->kids[i]->kind == AST_PARAM && !strcmp(def->kids[i]->name, name)) return 1;
    return 0;
}

/* A call of `name` with nargs arguments reads nothing but them. (The names first: the table of
 * built-ins is searched only for them, and for the functions, which a built-in would hide.) */
static int pure_callee(Compiler *C, const char *name, int nargs, int depth)
{
    static const char *const pure_builtins[] = {
        "file", "rank", "square", "step", "abs", "min", "max"
    };
    int lo, hi;
    for (size_t i = 0; i < sizeof pure_builtins / sizeof *pure_builtins; i++)
        if (!strcmp(name, pure_builtins[i]))
            return builtin_find(name, BI_CALL, nargs, &lo, &hi) &&
                   (strcmp(name, "step") || nargs == 2);
    Sym *s = sym_find(C, name);
    /* (a function inside reads no globals: an inner table is keyed by its arguments alone) */
    return s && s->kind == SYM_FN && depth < MAX_NESTING &&
           !builtin_find(name, BI_CALL, nargs, &lo, &hi) && purecall_fn_is_pure(C, s) == 1;
}

static int pure_call(Compiler *C, const Ast *def, const Ast *e, int *globals, int depth)
{
    for (int i = 0; i < e->nkids; i++)
        if (!pure_expr(C, def, e->kids[i], globals, depth + 1)) return 0;
    return pure_callee(C, e->name, e->nkids, depth);
}

/* e reads nothing but the parameters of def, and the globals global_key() takes where
 * `globals` is not NULL (*globals set to 1 if it reads one) */
static int pure_expr(Compiler *C, const Ast *def, const Ast *e, int *globals, int depth)
{
    if (!e || depth > MAX_NESTING) return 0;
    switch (e->kind) {
    case AST_NUM: return 1;
    case AST_IDENT:
        if (is_param(def, e->name) || !strcmp(e->name, "none") || !strcmp(e->name, "true") ||
            !strcmp(e->name, "false"))
            return 1;
        if (globals && global_key(C, e->name) >= 0) { *globals = 1; return 1; }
        return 0;
    case AST_UNARY: return e->nkids == 1 && pure_expr(C, def, e->kids[0], globals, depth + 1);
    case AST_BINARY:
        return e->nkids == 2 && pure_expr(C, def, e->kids[0], globals, depth + 1) &&
               pure_expr(C, def, e->kids[1], globals, depth + 1);
    case AST_CALL: return pure_call(C, def, e, globals, depth);
    default: return 0;
    }
}

int purecall_fn_is_pure(Compiler *C, Sym *fn)
{
    if (fn->pure) return fn->pure > 0 ? fn->pure : 0;
    fn->pure = -1;                       /* (while it is asked: a function that calls itself) */
    const Ast *def = fn->decl;
    int globals = 0;
    int ok = def && def->nkids > 0 && pure_expr(C, def, def->kids[def->nkids - 1], &globals, 0);
    fn->pure = !ok ? -1 : globals ? 2 : 1;
    return ok ? fn->pure : 0;
}

/* The globals e reads (def's parameters are not), each once, into vars: their number, -1 past
 * max */
static int globals_read(Compiler *C, const Ast *def, const Ast *e, int32_t *vars, int n, int max,
                        int depth)
{
    if (!e || n < 0 || depth > MAX_NESTING) return n < 0 ? n : -1;
    if (e->kind == AST_IDENT && !is_param(def, e->name)) {
        int v = global_key(C, e->name);
        if (v < 0) return n;
        for (int i = 0; i < n; i++) if (vars[i] == v) return n;
        if (n == max) return -1;
        vars[n] = v;
        return n + 1;
    }
    if (e->kind != AST_UNARY && e->kind != AST_BINARY && e->kind != AST_CALL) return n;
    for (int i = 0; i < e->nkids && n >= 0; i++)
        n = globals_read(C, def, e->kids[i], vars, n, max, depth + 1);
    return n;
}

int purecall_fn_globals(Compiler *C, Sym *fn, int32_t *vars, int max)
{
    const Ast *def = fn->decl;
    if (purecall_fn_is_pure(C, fn) != 2) return 0;
    return globals_read(C, def, def->kids[def->nkids - 1], vars, 0, max, 0);
}

int purecall_table(Compiler *C, const void *key, int nargs, const Ty *tys, const int64_t *konst,
                   const uint8_t *vary, int nglob, const int32_t *gvar)
{
    Game *g = C->g;
    if (nargs + nglob > PURE_MAX_ARGS) return -1;
    int32_t lo[PURE_MAX_ARGS] = { 0 }, size[PURE_MAX_ARGS] = { 0 };
    long n = 1;
    for (int i = 0; i < nargs + nglob; i++) {
        if (i < nargs && !vary[i]) continue;
        switch (i < nargs ? tys[i].t : g->vars[gvar[i - nargs]].vtype) {
        case VT_SQUARE: lo[i] = -1; size[i] = g->nsq + 1; break;
        case VT_DIR: lo[i] = -1; size[i] = g->ndirs + 1; break;
        case VT_BOOL: lo[i] = 0; size[i] = 2; break;
        case VT_INT: lo[i] = -PURE_INT_WINDOW; size[i] = 2 * PURE_INT_WINDOW + 1; break;
        default: return -1;
        }
        n *= size[i];
        if (n > PURE_MAX_ENTRIES) return -1;
    }
    long total = n;
    for (int t = 0; t < g->npure_tables; t++) {
        const PureTable *pt = &g->pure_tables[t];
        total += pt->nentries;
        if (pt->fn != key || pt->nargs != nargs || pt->nglob != nglob) continue;
        int same = 1;
        for (int i = 0; i < nargs && same; i++)
            same = pt->vary[i] == vary[i] && (vary[i] || pt->konst[i] == konst[i]) &&
                   pt->lo[i] == lo[i] && pt->size[i] == size[i];
        for (int i = 0; i < nglob && same; i++) same = pt->gvar[i] == gvar[i];
        if (same) return t;
    }
    if (total > PURE_MAX_TOTAL) return -1;
    PureTable *grown = realloc(g->pure_tables, sizeof *grown * (size_t)(g->npure_tables + 1));
    if (!grown) return -1;
    g->pure_tables = grown;
    PureTable *pt = &g->pure_tables[g->npure_tables];
    memset(pt, 0, sizeof *pt);
    pt->fn = key;
    pt->nargs = nargs;
    pt->nglob = nglob;
    for (int i = 0; i < nargs + nglob; i++) {
        pt->vary[i] = i < nargs ? vary[i] : 1; pt->konst[i] = i < nargs && !vary[i] ? konst[i] : 0;
        pt->lo[i] = lo[i]; pt->size[i] = size[i];
        if (i >= nargs) pt->gvar[i - nargs] = gvar[i - nargs];
    }
    pt->nentries = (int)n;           /* (its entries: after jump threading, puresites.c) */
    return g->npure_tables++;
}

int purecall_site(Compiler *C, int table)
{
    Game *g = C->g;
    PureSite *grown = realloc(g->pure_sites, sizeof *grown * (size_t)(g->npure_sites + 1));
    if (!grown) return -1;
    g->pure_sites = grown;
    g->pure_sites[g->npure_sites] = (PureSite){ .table = table, .start = -1, .end = -1 };
    return g->npure_sites++;
}

/* The locals a pure expression reads (up to PURE_MAX_LOCALS, ints, bools, squares and
 * directions) into slots and tys, its operators counted in *ops: 0 if it is not one. No `and`,
 * `or` (their jumps could be threaded out of the expression's code: kept simple). */
static int expr_locals(Compiler *C, const Ast *e, int32_t *slots, Ty *tys, int *n, int *ops,
                       int depth)
{
    if (!e || depth > MAX_NESTING) return 0;
    switch (e->kind) {
    case AST_NUM: return 1;
    case AST_IDENT: {
        const Local *l = codegen_find_local(C, e->name);
        if (!l)
            return !strcmp(e->name, "none") || !strcmp(e->name, "true") ||
                   !strcmp(e->name, "false");
        int t = l->ty.t;
        if (t != VT_INT && t != VT_BOOL && t != VT_SQUARE && t != VT_DIR) return 0;
        for (int i = 0; i < *n; i++) if (slots[i] == l->slot) return 1;
        if (*n == PURE_MAX_LOCALS) return 0;
        slots[*n] = l->slot; tys[*n] = l->ty; (*n)++;
        return 1;
    }
    case AST_UNARY:
        (*ops)++;
        return e->nkids == 1 && expr_locals(C, e->kids[0], slots, tys, n, ops, depth + 1);
    case AST_BINARY:
        (*ops)++;
        return e->nkids == 2 && e->num != BIN_AND && e->num != BIN_OR &&
               expr_locals(C, e->kids[0], slots, tys, n, ops, depth + 1) &&
               expr_locals(C, e->kids[1], slots, tys, n, ops, depth + 1);
    case AST_CALL: {
        (*ops)++;
        if (!pure_callee(C, e->name, e->nkids, depth)) return 0;
        for (int i = 0; i < e->nkids; i++)
            if (!expr_locals(C, e->kids[i], slots, tys, n, ops, depth + 1)) return 0;
        return 1;
    }
    default: return 0;
    }
}

/* The operators of e, counted up to `enough` (a first look, by the syntax alone: most
 * expressions are too small, and each node's is asked) */
static int count_ops(const Ast *e, int enough)
{
    if (!e || (e->kind != AST_CALL && e->kind != AST_BINARY && e->kind != AST_UNARY)) return 0;
    int n = 1;
    for (int i = 0; i < e->nkids && n < enough; i++) n += count_ops(e->kids[i], enough - n);
    return n;
}

int purecall_expr_site(Compiler *C, Ast *e)
{
    int32_t slots[PURE_MAX_ARGS]; Ty tys[PURE_MAX_ARGS];
    int n = 0, ops = 0;
    if (count_ops(e, PURE_MIN_OPS) < PURE_MIN_OPS) return -1;
    if (!expr_locals(C, e, slots, tys, &n, &ops, 0) || n == 0 || ops < PURE_MIN_OPS) return -1;
    int64_t konst[PURE_MAX_ARGS] = { 0 };
    uint8_t vary[PURE_MAX_ARGS] = { 1, 1, 1, 1, 1, 1, 1, 1 };
    int table = purecall_table(C, e, n, tys, konst, vary, 0, NULL);
    int site = table >= 0 ? purecall_site(C, table) : -1;
    if (site < 0) return -1;
    PureSite *ps = &C->g->pure_sites[site];
    ps->nslots = n;
    for (int i = 0; i < n; i++) ps->slot[i] = slots[i];
    return site;
}
