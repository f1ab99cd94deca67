/* codegen.c - programs to bytecode: name binding, type checks and code for statements and
 * expressions. One pass over the tree; jumps forward are patched when their target is known. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compiler.h"
#include "builtins.h"
#include "opcodes.h"
#include "oom.h"

static const Ty T_INT = { VT_INT, 0 }, T_BOOL = { VT_BOOL, 0 }, T_SQ = { VT_SQUARE, 0 },
    T_DIR = { VT_DIR, 0 }, T_DIRS = { VT_DIRS, 0 }, T_TYPE = { VT_TYPE, 0 }, T_PLAYER = { VT_PLAYER, 0 },
    T_PIECE = { VT_PIECE, 0 }, T_NONE = { VT_NONE, 0 }, T_ERR = { -1, 0 };

const char *type_name(Ty t, const Game *g)
{
    switch (t.t) {
    case VT_INT: return "int"; case VT_BOOL: return "bool"; case VT_SQUARE: return "square";
    case VT_DIR: return "direction"; case VT_DIRS: return "direction set"; case VT_TYPE: return "piece type";
    case VT_PLAYER: return "player"; case VT_PIECE: return "piece"; case VT_ZONE: return "zone";
    case VT_FLAGS: return g && t.extra < g->nflagsets ? g->flagsets[t.extra].name : "flags";
    case VT_NONE: return "none"; case VT_VOID: return "nothing"; case VT_LIST: return "list";
    default: return "?";
    }
}

static int same_type(Ty a, Ty b) { return a.t == b.t && (a.t != VT_FLAGS || a.extra == b.extra); }

/* ---------- emitting code ---------- */

int emit_word(Compiler *C, int32_t w)
{
    Game *g = C->g;
    if (g->ncode >= MAX_CODE) {
        if (g->ncode == MAX_CODE) { diag_error(C->diag, (SrcLoc){C->line, 1, 1}, "the rules compile to more than %d code words", MAX_CODE); g->ncode++; }
        return MAX_CODE - 1;
    }
    if (g->ncode >= C->code_cap) {
        C->code_cap = C->code_cap ? 2 * C->code_cap : 4096;
        g->code = realloc(g->code, sizeof *g->code * (size_t)C->code_cap);
        g->line = realloc(g->line, sizeof *g->line * (size_t)C->code_cap);
        if (!g->code || !g->line) out_of_memory("the bytecode");
    }
    g->code[g->ncode] = w;
    g->line[g->ncode] = C->line;
    return g->ncode++;
}

int emit_op(Compiler *C, int op, ...)
{
    int at = emit_word(C, op);
    va_list ap; va_start(ap, op);
    for (int i = 0; i < opcode_info[op].nops; i++) emit_word(C, va_arg(ap, int));
    va_end(ap);
    return at;
}

/* The jump operand of the instruction at `at` set to target. Past the code bound emit_word
 * returns MAX_CODE - 1 and writes nothing: an instruction written just before the bound may
 * have lost the operand (its slot not written, beyond the buffer), so the slot itself is
 * checked, not only the instruction (a heap overflow under ASan when 8388608 words came to
 * end an instruction's operands; tests/fuzz-regress, fuzz/edge-cases.sh). */
void patch(Compiler *C, int at, int target)
{
    if (at < 0 || at + 1 >= C->g->ncode || at + 1 >= MAX_CODE) return;
    int op = C->g->code[at];
    int j = opcode_info[op].jump;                                         /* (opcodes.h FLOW) */
    if (j && at + j < C->g->ncode && at + j < MAX_CODE) C->g->code[at + j] = target;
}

static int here_pc(Compiler *C) { return C->g->ncode; }

static int konst(Compiler *C, int64_t v)
{
    Game *g = C->g;
    for (int i = 0; i < g->nkonst; i++) if (g->konst[i] == v) return i;
    if (g->nkonst >= MAX_CONSTANTS) {
        if (!(C->full & 1)) diag_error(C->diag, (SrcLoc){C->line, 1, 1}, "more than %d different large constants", MAX_CONSTANTS);
        C->full |= 1;
        return 0;
    }
    g->konst[g->nkonst] = v;
    return g->nkonst++;
}

static void push_const(Compiler *C, int64_t v)
{
    if (v >= INT32_MIN && v <= INT32_MAX) emit_op(C, OP_PUSH, (int)v);
    else emit_op(C, OP_PUSHK, konst(C, v));
}

static int string_index(Compiler *C, const char *s)
{
    Game *g = C->g;
    for (int i = 0; i < g->nstrings; i++) if (!strcmp(g->strings[i], s)) return i;
    /* index 0 would silently be another string: the table's size is a limit of the rules (its
     * first entry is the empty string, so a rules file has MAX_STRINGS - 1) */
    if (g->nstrings >= MAX_STRINGS) {
        if (!(C->full & 2)) diag_error(C->diag, (SrcLoc){C->line, 1, 1}, "more than %d different strings", MAX_STRINGS - 1);
        C->full |= 2;
        return 0;
    }
    g->strings[g->nstrings] = arena_strdup(&g->arena, s);
    return g->nstrings++;
}

/* ---------- locals ---------- */

static int new_local(Compiler *C, const char *name, Ty ty, SrcLoc loc)
{
    if (C->nlocals >= MAX_LOCALS) { diag_error(C->diag, loc, "more than %d local variables", MAX_LOCALS); return MAX_LOCALS - 1; }
    int slot = C->nlocals;
    C->locals[C->nlocals].name = name; C->locals[C->nlocals].slot = slot; C->locals[C->nlocals].ty = ty;
    C->nlocals++;
    if (C->nlocals > C->maxlocals) C->maxlocals = C->nlocals;
    return slot;
}

static Local *find_local(Compiler *C, const char *name)
{
    for (int i = C->nlocals - 1; i >= 0; i--)
        if (C->locals[i].name && !strcmp(C->locals[i].name, name)) return &C->locals[i];
    return NULL;
}

/* ---------- errors ---------- */

void suggest(Compiler *C, const char *name, SrcLoc loc)
{
    static const char *words[] = { "none", "true", "false", "board" };   /* not in the table */
    const char *best = NULL; int bd = 3;
    for (int i = 0; i < nbuiltins + (int)(sizeof words / sizeof *words); i++) {
        const char *w = i < nbuiltins ? builtins[i].name : words[i - nbuiltins];
        int d = diag_distance(name, w);
        if (d < bd) { bd = d; best = w; }
    }
    for (int b = 0; b < SYM_BUCKETS; b++)
        for (Sym *s = C->sym[b]; s; s = s->next) {
            int d = diag_distance(name, s->name);
            if (d < bd) { bd = d; best = s->name; }
        }
    if (best) diag_note(C->diag, loc, "did you mean '%s'?", best);
}

static Ty type_error(Compiler *C, Ast *e, const char *what, Ty got)
{
    if (got.t >= 0) diag_error(C->diag, e->loc, "expected %s, found %s", what, type_name(got, C->g));
    return T_ERR;
}

/* ---------- expressions ---------- */

static Ty expr(Compiler *C, Ast *e);

static int is_name(Ast *e, const char *n) { return e && e->kind == AST_IDENT && !strcmp(e->name, n); }

static int64_t none_of(Ty t) { return t.t == VT_SQUARE || t.t == VT_PLAYER || t.t == VT_DIR ? -1 : 0; }

/* Compile e expecting type want (lets `none` and flag names take their meaning from it). */
static Ty expect(Compiler *C, Ast *e, Ty want, const char *what)
{
    if (is_name(e, "none") && !find_local(C, "none")) {
        if (want.t == VT_INT || want.t == VT_BOOL) return type_error(C, e, what, T_NONE);
        push_const(C, none_of(want));
        return want;
    }
    if (e->kind == AST_SETLIT && (want.t == VT_DIRS || want.t == VT_FLAGS))
        return setv_bits_literal(C, e, want);          /* `[]`, `[A x]`: the set wanted (G11) */
    Ty t = expr(C, e);
    if (t.t < 0 || want.t < 0) return t;
    if (!same_type(t, want)) return type_error(C, e, what, t);
    return t;
}

Ty codegen_expr(Compiler *C, Ast *e) { return expr(C, e); }
Ty codegen_expect(Compiler *C, Ast *e, Ty want, const char *what) { return expect(C, e, want, what); }
int codegen_new_local(Compiler *C, const char *name, Ty ty, SrcLoc loc) { return new_local(C, name, ty, loc); }
Local *codegen_find_local(Compiler *C, const char *name) { return find_local(C, name); }

/* How an error names an argument of a built-in of type vt. */
static const char *vt_what(int vt)
{
    switch (vt) {
    case VT_SQUARE: return "a square";
    case VT_PIECE: return "a piece";
    case VT_TYPE: return "a piece type";
    case VT_PLAYER: return "a player";
    case VT_DIR: return "a direction";
    default: return "an int";
    }
}

/* A built-in (builtins.h): where it may be used, its arguments, its instructions. */
static Ty compile_builtin(Compiler *C, Ast *e, const Builtin *b)
{
    if ((b->where & BI_NOT_IN_ATTACK) && C->fn_kind == FN_ATTACK)
        diag_error(C->diag, e->loc, "an attack program cannot ask what is attacked");
    if ((b->where & BI_CAPTURE_HOOK) && !(C->fn_kind == FN_HOOK && C->hook == HOOK_CAPTURE))
        diag_error(C->diag, e->loc, "`%s` is only known in `on capture`", b->name);
    /* `no-moves` in `end`: the side to move has no legal move; in `legal`, after the move is
     * made: the side now to move has none (uchifuzume: a drop that leaves no reply) */
    int end_or_legal = C->fn_kind == FN_HOOK && (C->hook == HOOK_END || C->hook == HOOK_LEGAL);
    if ((b->where & BI_END_OR_LEGAL) && !end_or_legal)
        diag_error(C->diag, e->loc, "`%s` is only known in the `end` and `legal` blocks", b->name);
    if ((b->where & BI_NOT_IN_EXTEND) && C->extending)
        diag_error(C->diag, e->loc, "in `moves extend` the move has been made: "
                   "its squares are `move.from` and `move.to`");
    if ((b->where & BI_ASKS_CHECK) && !C->incheck_at.line) C->incheck_at = e->loc;
    for (int i = 0; i < b->nargs; i++)
        expect(C, e->kids[i], (Ty){ b->arg[i], 0 }, b->what[i] ? b->what[i] : vt_what(b->arg[i]));
    for (int i = 0; i < 2 && b->op[i] >= 0; i++) emit_op(C, b->op[i], b->operand[i]);
    return (Ty){ b->ret, 0 };
}

static Ty builtin_name(Compiler *C, Ast *e, int *found)
{
    const char *n = e->name;
    *found = 1;
    if (!strcmp(n, "true")) { push_const(C, 1); return T_BOOL; }
    if (!strcmp(n, "false")) { push_const(C, 0); return T_BOOL; }
    const Builtin *b = builtin_find(n, BI_NAME, 0, NULL, NULL);
    if (b) return compile_builtin(C, e, b);
    *found = 0;
    return T_ERR;
}

static Ty name_expr(Compiler *C, Ast *e)
{
    Local *l = find_local(C, e->name);
    if (l && l->ty.t == VT_ZONE) {
        diag_error(C->diag, e->loc, "'%s' is a zone: it goes with `in`, `for`, `choose`, `size`, `+`, `-`, "
                   "`==` and `!=`, or into a zone `let`", e->name);
        return T_ERR;
    }
    if (l) { emit_op(C, OP_LOAD, l->slot); return l->ty; }
    int found;
    Ty t = builtin_name(C, e, &found);
    if (found) return t;
    if (!strcmp(e->name, "none")) { diag_error(C->diag, e->loc, "cannot tell what kind of `none` this is here"); return T_ERR; }
    int sq = game_find_square(C->g, e->name);
    if (sq >= 0) { push_const(C, sq); return T_SQ; }
    Sym *s = sym_find(C, e->name);
    if (!s) {
        diag_error(C->diag, e->loc, "unknown name '%s'", e->name);
        suggest(C, e->name, e->loc);
        return T_ERR;
    }
    Game *g = C->g;
    switch (s->kind) {
    case SYM_PLAYER: push_const(C, s->index); return T_PLAYER;
    case SYM_DIR: emit_op(C, OP_PUSHDIR, s->index); return T_DIR;
    case SYM_DIRSET: emit_op(C, OP_PUSHDIRS, s->index); return T_DIRS;
    case SYM_TYPE: push_const(C, s->index); return T_TYPE;
    case SYM_FLAG: push_const(C, 1LL << s->index); return (Ty){ VT_FLAGS, s->extra };
    case SYM_VAR: {
        const Var *v = &g->vars[s->index];
        if (v->kind == VAR_GLOBAL) { emit_op(C, OP_LOADG, s->index); return (Ty){ v->vtype, v->flagset }; }
        diag_error(C->diag, e->loc, "'%s' is a %s variable: write %s[...]", e->name,
                   v->kind == VAR_PLAYER ? "player" : v->kind == VAR_SQUARE ? "square" : "piece", e->name);
        return T_ERR;
    }
    case SYM_OPTION: {
        const Option *o = &g->options[s->index];
        if (!o->nvalues) { push_const(C, o->value); return T_BOOL; }
        if (o->numeric) { push_const(C, atol(o->values[o->value])); return T_INT; }
        push_const(C, o->value); return T_INT;
    }
    default:
        diag_error(C->diag, e->loc, "'%s' is %s, not a value", e->name, sym_kind_name(s->kind));
        return T_ERR;
    }
}

static int nargs_ok(Compiler *C, Ast *e, int lo, int hi)
{
    if (e->nkids < lo || e->nkids > hi) {
        if (lo == hi) diag_error(C->diag, e->loc, "'%s' takes %d argument%s, not %d", e->name, lo, lo == 1 ? "" : "s", e->nkids);
        else diag_error(C->diag, e->loc, "'%s' takes %d to %d arguments, not %d", e->name, lo, hi, e->nkids);
        return 0;
    }
    return 1;
}

/* The type a TYPE node names (a parameter's, a typed `let`'s). */
static Ty type_of(Compiler *C, Ast *tn)
{
    static const struct { const char *n; int t; } names[] = {
        {"int", VT_INT}, {"bool", VT_BOOL}, {"square", VT_SQUARE}, {"dir", VT_DIR}, {"dirs", VT_DIRS},
        {"type", VT_TYPE}, {"player", VT_PLAYER}, {"piece", VT_PIECE}, {"zone", VT_ZONE} };
    for (size_t j = 0; j < sizeof names / sizeof *names; j++)
        if (tn->name && !strcmp(tn->name, names[j].n)) return (Ty){ names[j].t, 0 };
    Sym *fs = tn->name ? sym_find(C, tn->name) : NULL;
    if (fs && fs->kind == SYM_FLAGSET) return (Ty){ VT_FLAGS, fs->index };
    diag_error(C->diag, tn->loc, "unknown type '%s'", tn->name ? tn->name : "?");
    return T_INT;
}

static Ty param_type(Compiler *C, Ast *p)
{
    return p->nkids ? type_of(C, p->kids[0]) : T_INT;
}

/* May one more `def` or `fn` call be expanded? Not once MAX_EXPANDED nodes have been (said once,
 * at the call that went over), nor once the code is over MAX_CODE (said already): either way
 * the compile has failed, and expanding on would only take time, exponential time for calls
 * that double at each level. */
static int may_expand(Compiler *C, SrcLoc at, const char *name)
{
    if (C->g->ncode > MAX_CODE) return 0;
    if (C->expanded <= MAX_EXPANDED) return 1;
    if (!C->expand_failed)
        diag_error(C->diag, at, "the calls of `def` and `fn` expand to more than %d statements and "
                   "expressions (here, in '%s': calls that each call the one before several times?)",
                   MAX_EXPANDED, name);
    C->expand_failed = 1;
    return 0;
}

/* `fn NAME(params) = EXPR;` expanded where it is called: the arguments go to fresh locals, the
 * expression sees only them (and the globals). */
/* A parameter of a `def` or `fn` bound to its argument: its slot. A zone is copied into
 * locals of its own. */
static int bind_param(Compiler *C, Ast *arg, Ty pt, SrcLoc loc)
{
    if (pt.t == VT_ZONE) return setv_zone_copy(C, arg);
    expect(C, arg, pt, type_name(pt, C->g));
    int slot = new_local(C, NULL, pt, loc);
    emit_op(C, OP_STORE, slot);
    return slot;
}

/* Up to PURE_MAX_ARGS parameters, each an int, a bool, a square or a direction */
static int simple_params(Compiler *C, Ast *def, int nparams)
{
    if (nparams > PURE_MAX_ARGS) return 0;
    for (int i = 0; i < def->nkids; i++) {
        if (def->kids[i]->kind != AST_PARAM) continue;
        int t = param_type(C, def->kids[i]).t;
        if (t != VT_INT && t != VT_BOOL && t != VT_SQUARE && t != VT_DIR) return 0;
    }
    return 1;
}

/* The arguments of a call of a pure `fn` (purecall.c): all of them on the stack first, then
 * PURECALL when a table can answer the call, then their stores, the last first (the code that
 * runs where the table does not answer, and the code the table is built from). The same
 * instructions as bind_param's, in another order. Returns the call's site, or -1. */
static int pure_call_start(Compiler *C, Ast *e, Sym *fn, Ast *def, int *slots, Ty *tys)
{
    int64_t konst[PURE_MAX_ARGS]; uint8_t vary[PURE_MAX_ARGS];
    int k = 0, tabulable = 1;
    for (int i = 0; i < def->nkids; i++) {
        Ast *p = def->kids[i];
        if (p->kind != AST_PARAM) continue;
        tys[k] = param_type(C, p);
        int at = here_pc(C);
        expect(C, e->kids[k], tys[k], type_name(tys[k], C->g));
        vary[k] = !(here_pc(C) - at == 2 && C->g->code[at] == OP_PUSH);
        konst[k] = vary[k] ? 0 : C->g->code[at + 1];
        if (vary[k] && tys[k].t != VT_SQUARE && tys[k].t != VT_DIR && tys[k].t != VT_BOOL)
            tabulable = 0;
        k++;
    }
    int site = -1;
    int32_t gvar[PURE_MAX_ARGS];
    int nglob = tabulable ? purecall_fn_globals(C, fn, gvar, PURE_MAX_ARGS - k) : 0;
    if (tabulable && nglob >= 0) {
        int table = purecall_table(C, fn->decl, k, tys, konst, vary, nglob, gvar);
        if (table >= 0) site = purecall_site(C, table);
        if (site >= 0) { emit_op(C, OP_PURECALL, site); C->g->pure_sites[site].start = here_pc(C); }
    }
    k = 0;
    for (int i = 0; i < def->nkids; i++)
        if (def->kids[i]->kind == AST_PARAM) { slots[k] = new_local(C, NULL, tys[k], def->kids[i]->loc); k++; }
    while (k-- > 0) emit_op(C, OP_STORE, slots[k]);
    return site;
}

static Ty call_fn(Compiler *C, Ast *e, Sym *fn)
{
    Ast *def = fn->decl;
    if (!may_expand(C, e->loc, e->name)) return T_ERR;
    /* a flag on the function, not a search of the expansion stack: up to MAX_EXPANDED calls are
     * expanded, each up to MAX_NESTING deep, and the search was most of the compile's time */
    if (fn->expanding) {
        diag_error(C->diag, e->loc, "'%s' calls itself (functions are expanded in place and "
                   "cannot recurse)", e->name);
        return T_ERR;
    }
    if (C->nexpanding >= MAX_NESTING) { diag_error(C->diag, e->loc, "function calls nested too deeply"); return T_ERR; }
    int nparams = 0;
    for (int i = 0; i < def->nkids; i++) nparams += def->kids[i]->kind == AST_PARAM;
    if (nparams != e->nkids) {
        diag_error(C->diag, e->loc, "'%s' takes %d argument%s, not %d", e->name, nparams, nparams == 1 ? "" : "s", e->nkids);
        return T_ERR;
    }
    int slots[MAX_LOCALS]; Ty tys[MAX_LOCALS]; int k = 0;
    int base = C->nlocals;                  /* the parameters' slots are given back after the call */
    int site = -1;
    if (purecall_fn_is_pure(C, fn) && simple_params(C, def, nparams))
        site = pure_call_start(C, e, fn, def, slots, tys);
    else
        for (int i = 0; i < def->nkids && k < MAX_LOCALS; i++) {
            Ast *p = def->kids[i];
            if (p->kind != AST_PARAM) continue;
            tys[k] = param_type(C, p);
            slots[k] = bind_param(C, e->kids[k], tys[k], p->loc);
            k++;
        }
    const char *hidden[MAX_LOCALS];
    for (int i = 0; i < C->nlocals; i++) { hidden[i] = C->locals[i].name; C->locals[i].name = NULL; }
    k = 0;
    for (int i = 0; i < def->nkids; i++) {
        Ast *p = def->kids[i];
        if (p->kind != AST_PARAM) continue;
        C->locals[slots[k]].name = p->name; C->locals[slots[k]].ty = tys[k]; k++;
    }
    C->nexpanding++; fn->expanding = 1;
    C->pure_off += site >= 0;               /* (its table answers for all of it) */
    Ty t = expr(C, def->kids[def->nkids - 1]);
    C->pure_off -= site >= 0;
    C->nexpanding--; fn->expanding = 0;
    if (site >= 0) C->g->pure_sites[site].end = here_pc(C);
    /* The value is on the stack: the parameters are dead, their slots free for what follows
     * (an argument evaluated later into a slot of its own above `base` is computed already). */
    C->nlocals = base;
    for (int i = 0; i < base; i++) C->locals[i].name = hidden[i];
    return t;
}

/* Calls of built-in functions, attributes and variables: f(x), v[x]. */
/* `size(S)`: how many elements a set holds (G11; its row in builtins.c names it). */
static Ty set_size(Compiler *C, Ast *set)
{
    if (setv_is_zone(C, set)) return setv_zone_size(C, set);
    Ty t = expr(C, set);
    if (t.t >= 0 && t.t != VT_DIRS && t.t != VT_FLAGS) return type_error(C, set, "a set", t);
    emit_op(C, OP_POPCNT);
    return T_INT;
}

static Ty call_expr(Compiler *C, Ast *e)
{
    const char *n = e->name;
    Game *g = C->g;
    if (e->kind == AST_CALL && !strcmp(n, "size") && e->nkids == 1 && !sym_find(C, n))
        return set_size(C, e->kids[0]);
    if (e->kind == AST_CALL) {              /* a built-in function (builtins.c) */
        int lo, hi;
        const Builtin *b = builtin_find(n, BI_CALL, e->nkids, &lo, &hi);
        if (b) return compile_builtin(C, e, b);
        if (hi > 0) { nargs_ok(C, e, lo, hi); return T_ERR; }
    }
    Sym *s = sym_find(C, n);
    if (s && s->kind == SYM_FN && e->kind == AST_CALL) return call_fn(C, e, s);
    if (s && s->kind == SYM_ATTR && e->kind == AST_CALL) {
        if (!nargs_ok(C, e, 1, 1)) return T_ERR;
        int key = g->attrs[s->index].key;       /* a square, type, direction or player (G10) */
        expect(C, e->kids[0], (Ty){ key, 0 }, vt_what(key));
        emit_op(C, OP_ATTR, s->index);
        return (Ty){ g->attrs[s->index].vtype, g->attrs[s->index].flagset };
    }
    if (s && s->kind == SYM_VAR) {
        const Var *v = &g->vars[s->index];
        if (!nargs_ok(C, e, 1, v->kind == VAR_PIECE ? 2 : 1)) return T_ERR;
        Ty vt = { v->vtype, v->flagset };
        switch (v->kind) {
        case VAR_PLAYER: expect(C, e->kids[0], T_PLAYER, "a player"); emit_op(C, OP_LOADPL, s->index); return vt;
        case VAR_SQUARE: expect(C, e->kids[0], T_SQ, "a square"); emit_op(C, OP_LOADSQ, s->index); return vt;
        case VAR_PIECE: {
            if (e->nkids == 2) {            /* v[sq, layer] */
                expect(C, e->kids[0], T_SQ, "a square");
                expect(C, e->kids[1], T_INT, "a layer");
                emit_op(C, OP_PIECEAT);
                emit_op(C, OP_LOADPV, s->index);
                return vt;
            }
            Ty a = expr(C, e->kids[0]);
            if (a.t == VT_SQUARE) emit_op(C, OP_AT);
            else if (a.t >= 0 && a.t != VT_PIECE) type_error(C, e->kids[0], "a piece or a square", a);
            emit_op(C, OP_LOADPV, s->index);
            return vt;
        }
        default:
            diag_error(C->diag, e->loc, "'%s' is a global variable: write it without [...]", n);
            return T_ERR;
        }
    }
    if (!s) {
        diag_error(C->diag, e->loc, "unknown function '%s'", n);
        suggest(C, n, e->loc);
    } else diag_error(C->diag, e->loc, "'%s' is %s and cannot be called", n, sym_kind_name(s->kind));
    return T_ERR;
}

/* The elements of a set literal of squares, piece types or players: their values into items,
 * their kind into *vt. 0 after an error (an unknown name is named as such, with a suggestion). */
static int set_items(Compiler *C, Ast *set, int32_t *items, int *n, int *vt)
{
    Game *g = C->g;
    *n = 0; *vt = -1;
    if (set->nkids > MAX_SET) { diag_error(C->diag, set->loc, "a set lists at most %d elements", MAX_SET); return 0; }
    for (int i = 0; i < set->nkids; i++) {
        Ast *k = set->kids[i];
        if (k->kind != AST_IDENT || find_local(C, k->name)) {
            diag_error(C->diag, k->loc, "a set in brackets lists names of squares, directions, types or players, "
                       "not values computed when the program runs (for those, branch with `either { } or { }`)");
            return 0;
        }
        int sq = game_find_square(g, k->name);
        Sym *ks = sym_find(C, k->name);
        if (sq < 0 && !ks) {
            diag_error(C->diag, k->loc, "unknown name '%s' in a set", k->name);
            suggest(C, k->name, k->loc);
            return 0;
        }
        int t = sq >= 0 ? VT_SQUARE : ks->kind == SYM_TYPE ? VT_TYPE : ks->kind == SYM_PLAYER ? VT_PLAYER : -1;
        if (t < 0) {
            diag_error(C->diag, k->loc, "'%s' is %s: a set lists directions, squares, piece types or players",
                       k->name, sym_kind_name(ks->kind));
            return 0;
        }
        if (*vt >= 0 && t != *vt) {
            diag_error(C->diag, k->loc, "'%s' is a %s, the set's first element a %s: a set lists elements of one kind",
                       k->name, type_name((Ty){ t, 0 }, g), type_name((Ty){ *vt, 0 }, g));
            return 0;
        }
        *vt = t;
        items[(*n)++] = sq >= 0 ? sq : ks->index;
    }
    return 1;
}

static Ty set_member(Compiler *C, Ast *e)
{
    Ast *x = e->kids[0], *set = e->kids[1];
    Game *g = C->g;
    /* a flag in a flag set */
    Sym *xs = x->kind == AST_IDENT && !find_local(C, x->name) ? sym_find(C, x->name) : NULL;
    if (xs && xs->kind == SYM_FLAG) {
        push_const(C, xs->index);
        Ty st = expr(C, set);
        if (st.t >= 0 && !(st.t == VT_FLAGS && st.extra == xs->extra))
            return type_error(C, set, g->flagsets[xs->extra].name, st);
        emit_op(C, OP_BTEST);
        return T_BOOL;
    }
    /* a square in player P's part of a zone: `zone[P]` (design.md G9) */
    Sym *zs = set->kind == AST_INDEX && set->nkids == 1 && !find_local(C, set->name)
              ? sym_find(C, set->name) : NULL;
    if (zs && zs->kind == SYM_ZONE) {
        expect(C, x, T_SQ, "a square");
        expect(C, set->kids[0], T_PLAYER, "a player");
        emit_op(C, OP_INZONEOF, zs->index);
        return T_BOOL;
    }
    /* a square in a zone */
    Sym *ss = set->kind == AST_IDENT && !find_local(C, set->name) ? sym_find(C, set->name) : NULL;
    if (ss && ss->kind == SYM_ZONE) {
        expect(C, x, T_SQ, "a square");
        emit_op(C, OP_INZONE, ss->index);
        return T_BOOL;
    }
    /* a square in a zone value (G11): a zone `let`, `z + here`, `[p1 p2]` with computed squares */
    if (setv_is_zone(C, set) && !(set->kind == AST_SETLIT && setv_const_names(C, set)))
        return setv_zone_member(C, x, set);
    if (set->kind == AST_SETLIT && setv_const_names(C, set)) {
        /* a literal: directions become a mask, anything else a constant list */
        Ast *first = set->nkids ? set->kids[0] : NULL;
        Sym *fs = first && first->kind == AST_IDENT ? sym_find(C, first->name) : NULL;
        if (first && (first->kind == AST_VECTOR || (fs && (fs->kind == SYM_DIR || fs->kind == SYM_DIRSET)))) {
            uint64_t m;
            int k = const_dirset(C, set, &m);
            expect(C, x, T_DIR, "a direction");
            emit_op(C, OP_PUSHDIRS, k < 0 ? 0 : k);
            emit_op(C, OP_BTEST);
            return T_BOOL;
        }
        int32_t items[MAX_SET]; int n, vt;
        if (!set_items(C, set, items, &n, &vt)) return T_ERR;
        expect(C, x, (Ty){ vt, 0 }, vt == VT_SQUARE ? "a square" : vt == VT_TYPE ? "a piece type" : "a player");
        emit_op(C, OP_INLIST, make_list(C, vt, n, items));
        return T_BOOL;
    }
    /* a direction in a direction set value */
    Ty xt = expr(C, x);
    Ty st = expr(C, set);
    if (xt.t == VT_DIR && st.t == VT_DIRS) { emit_op(C, OP_BTEST); return T_BOOL; }
    if (xt.t >= 0 && st.t >= 0)
        diag_error(C->diag, e->loc, "cannot test whether a %s is in a %s", type_name(xt, g), type_name(st, g));
    return T_ERR;
}

static Ty binary(Compiler *C, Ast *e)
{
    Ast *l = e->kids[0], *r = e->kids[1];
    int op = (int)e->num;
    if (op == BIN_AND || op == BIN_OR) {
        expect(C, l, T_BOOL, "a condition");
        int j = emit_op(C, op == BIN_AND ? OP_JZ : OP_JNZ, 0);
        expect(C, r, T_BOOL, "a condition");
        int k = emit_op(C, OP_JMP, 0);
        patch(C, j, here_pc(C));
        push_const(C, op == BIN_OR);
        patch(C, k, here_pc(C));
        return T_BOOL;
    }
    if ((op == BIN_ADD || op == BIN_SUB) && setv_is_zone(C, e)) {
        diag_error(C->diag, e->loc, "a zone value goes into a zone `let`, or with `in`, `for`, `choose`, `size`, "
                   "`==` or `!=`");
        return T_ERR;
    }
    if ((op == BIN_EQ || op == BIN_NE) && (setv_is_zone(C, l) || setv_is_zone(C, r)))
        return setv_zone_equal(C, l, r, op == BIN_EQ);
    if ((op == BIN_ADD || op == BIN_SUB) && l->kind == AST_SETLIT && l->nkids == 0) {
        emit_op(C, OP_PUSH, 0);              /* `[] + x`: the set's kind is x's */
        Ty rt = expr(C, r);
        if (rt.t == VT_DIR) { emit_op(C, OP_BIT); rt = T_DIRS; }
        if (rt.t >= 0 && rt.t != VT_DIRS && rt.t != VT_FLAGS) return type_error(C, r, "a set or an element of one", rt);
        emit_op(C, op == BIN_ADD ? OP_BOR : OP_BCLR);
        return rt;
    }
    if (op == BIN_EQ || op == BIN_NE) {
        /* `none` and enum option values take their meaning from the other side */
        if (l->kind == AST_IDENT && r->kind == AST_IDENT) {
            Sym *s = sym_find(C, l->name);
            if (s && s->kind == SYM_OPTION && C->g->options[s->index].nvalues && !C->g->options[s->index].numeric &&
                !find_local(C, l->name)) {
                const Option *o = &C->g->options[s->index];
                int v = -1;
                for (int i = 0; i < o->nvalues; i++) if (!strcmp(o->values[i], r->name)) v = i;
                if (v < 0) { diag_error(C->diag, r->loc, "'%s' is not a value of option '%s'", r->name, o->name); return T_ERR; }
                push_const(C, (o->value == v) == (op == BIN_EQ));
                return T_BOOL;
            }
        }
        Ty lt;
        if (is_name(l, "none") && !find_local(C, "none")) {
            Ty rt = expr(C, r);
            if (rt.t < 0) return T_ERR;
            push_const(C, none_of(rt));
        } else {
            lt = expr(C, l);
            if (lt.t < 0) return T_ERR;
            expect(C, r, lt, type_name(lt, C->g));
        }
        emit_op(C, op == BIN_EQ ? OP_EQ : OP_NE);
        return T_BOOL;
    }
    Ty lt = expr(C, l);
    if (lt.t < 0) return T_ERR;
    if (lt.t == VT_FLAGS || lt.t == VT_DIRS) {
        if (op != BIN_ADD && op != BIN_SUB) return type_error(C, e, "+ or - on sets", lt);
        setv_bits_operand(C, r, lt);         /* a set, or one element (G11) */
        emit_op(C, op == BIN_ADD ? OP_BOR : OP_BCLR);
        return lt;
    }
    if (lt.t != VT_INT) return type_error(C, l, "an int", lt);
    expect(C, r, T_INT, "an int");
    static const int ops[] = { 0, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE };
    if (op < 1 || op > BIN_GE) return T_ERR;
    emit_op(C, ops[op]);
    return op >= BIN_EQ ? T_BOOL : T_INT;
}

/* A pure expression of locals (purecall.c): PURELOCALS, then its code as ever */
static Ty pure_expr(Compiler *C, Ast *e, int site)
{
    int saved = C->line;
    if (e->loc.line) C->line = e->loc.line;
    emit_op(C, OP_PURELOCALS, site);
    C->line = saved;
    C->g->pure_sites[site].start = here_pc(C);
    C->pure_off++;
    Ty t = expr(C, e);
    C->pure_off--;
    C->g->pure_sites[site].end = here_pc(C);
    return t;
}

static Ty expr(Compiler *C, Ast *e)
{
    if (!C->pure_off && (e->kind == AST_CALL || e->kind == AST_BINARY || e->kind == AST_UNARY)) {
        int site = purecall_expr_site(C, e);
        if (site >= 0) return pure_expr(C, e, site);
    }
    int saved = C->line;
    if (e->loc.line) C->line = e->loc.line;
    Ty t = T_ERR;
    if (++C->nesting > MAX_NESTING * 4) { diag_error(C->diag, e->loc, "expression nested too deeply"); C->nesting--; return T_ERR; }
    C->expanded += C->nexpanding > 0;
    switch (e->kind) {
    case AST_NUM: push_const(C, e->num); t = T_INT; break;
    case AST_IDENT: t = name_expr(C, e); break;
    case AST_CALL: case AST_INDEX: t = call_expr(C, e); break;
    case AST_FIELD: {
        static const char *f[] = { "from", "to", "piece", "captured" };
        static const int ft[] = { VT_SQUARE, VT_SQUARE, VT_PIECE, VT_PIECE };
        if (!e->nkids || !is_name(e->kids[0], "move")) { diag_error(C->diag, e->loc, "only `move.` has fields"); break; }
        for (int i = 0; i < 4; i++)
            if (!strcmp(e->name, f[i])) { emit_op(C, OP_MOVEFIELD, i); t = (Ty){ ft[i], 0 }; }
        if (t.t < 0) diag_error(C->diag, e->loc, "`move` has the fields from, to, piece and captured, not '%s'", e->name);
        break;
    }
    case AST_UNARY:
        if (e->num == '-') {
            t = expr(C, e->kids[0]);
            if (t.t == VT_DIR) emit_op(C, OP_OPPDIR);
            else if (t.t == VT_INT) emit_op(C, OP_NEG);
            else t = type_error(C, e->kids[0], "an int or a direction", t);
        } else { expect(C, e->kids[0], T_BOOL, "a condition"); emit_op(C, OP_NOT); t = T_BOOL; }
        break;
    case AST_BINARY: t = binary(C, e); break;
    case AST_IS: {
        Ty pt = expr(C, e->kids[0]);
        if (pt.t == VT_SQUARE) emit_op(C, OP_AT);
        else if (pt.t >= 0 && pt.t != VT_PIECE) type_error(C, e->kids[0], "a piece", pt);
        expect(C, e->kids[1], T_TYPE, "a piece type");
        emit_op(C, OP_ISTYPE);
        t = T_BOOL;
        break;
    }
    case AST_IN: t = set_member(C, e); break;
    case AST_SETLIT: t = setv_literal_value(C, e); break;
    case AST_STRING: diag_error(C->diag, e->loc, "a string is not a value"); break;
    default: diag_error(C->diag, e->loc, "expected an expression, found %s", ast_kind_name(e->kind));
    }
    C->nesting--;
    C->line = saved;
    return t;
}

/* ---------- statements ---------- */

static void block(Compiler *C, Ast *b);
static void stmt(Compiler *C, Ast *s);
static void memo_part(Compiler *C, Ast *b, int site);

static int in_program(Compiler *C) { return C->fn_kind != FN_HOOK; }

/* Conditions that decide a jump (`if`, `require`, `while`): `a and b` and `a or b` compile to
 * jumps, not to a value tested after: `if a and b` is `a; JZ F; b; JZ F`, where the value form
 * is `a; JZ L; b; JMP M; L: PUSH 0; M: JZ F`, two more instructions every time `b` holds
 * (ataxx's `if t != none and friend(t)` in a loop over directions, issue 38). The jumps to one
 * place are chained through their operands (-1 ends the chain) until the place is known. A
 * `not` turns the jump round (`while not empty(t)`: LOAD t; EMPTY; JNZ out, which fuses, where
 * the value form's NOT was one more instruction); any other condition is its value and a JZ or
 * JNZ. (`require not in-check;` is INCHECK; JZ ok; FAIL: pretest.c looks for that shape.) */
static int is_logic(const Ast *e, int op) { return e->kind == AST_BINARY && e->num == op; }
static int is_not(const Ast *e) { return e->kind == AST_UNARY && e->num == '!'; }

/* A name that means what it says here: no local, builtin or square of that name hides it. */
static Sym *plain_sym(Compiler *C, const Ast *e, SymKind kind)
{
    if (e->kind != AST_IDENT) return NULL;
    Sym *s = sym_find(C, e->name);
    if (!s || s->kind != kind || find_local(C, e->name) || !strcmp(e->name, "true") ||
        !strcmp(e->name, "false") || builtin_find(e->name, BI_NAME, 0, NULL, NULL) ||
        game_find_square(C->g, e->name) >= 0) return NULL;
    return s;
}

static int is_move_field(Ast *e, const char *field)
{
    return e->kind == AST_FIELD && e->nkids && is_name(e->kids[0], "move") && !strcmp(e->name, field);
}

static int is_builtin_name(Compiler *C, Ast *e, const char *name)
{
    return is_name(e, name) && !find_local(C, name);
}

/* A condition on what an `after-move` variant knows (hookvariants.c): the mover is a player,
 * the moving piece is of a type, the move captured; `eq` 0 where it is the opposite. The same
 * tests the VM makes: EQ and NE on MOVER, ISTYPE (`a && PW_TYPE(a) == t`) on move.piece, and
 * move.captured against `none` (0). Other conditions are no question (returns 0). */
int codegen_question(Compiler *C, Ast *e, Question *q)
{
    if (C->nexpanding) return 0;                 /* (the hook's own conditions only) */
    if (e->kind == AST_IS && e->nkids == 2 && is_move_field(e->kids[0], "piece")) {
        Sym *t = plain_sym(C, e->kids[1], SYM_TYPE);
        if (t) { q->what = Q_TYPE; q->value = t->index; q->eq = 1; }
        return t != NULL;
    }
    if (e->kind == AST_BINARY && e->nkids == 2 && (e->num == BIN_EQ || e->num == BIN_NE)) {
        Ast *l = e->kids[0], *r = e->kids[1];
        q->eq = e->num == BIN_EQ;
        for (int side = 0; side < 2; side++, l = e->kids[1], r = e->kids[0]) {
            Sym *pl = is_builtin_name(C, l, "mover") ? plain_sym(C, r, SYM_PLAYER) : NULL;
            if (pl) { q->what = Q_MOVER; q->value = pl->index; return 1; }
            if (is_move_field(l, "captured") && is_builtin_name(C, r, "none")) {
                q->what = Q_CAPTURED; q->value = 0; q->eq = !q->eq;     /* (captured: != none) */
                return 1;
            }
        }
    }
    return 0;
}

/* The answer to a question, from the facts of the variant being compiled. */
int codegen_answer(const Compiler *C, const Question *q)
{
    int yes = q->what == Q_MOVER ? C->fact_mover == q->value
            : q->what == Q_TYPE ? C->fact_type != 0 && C->fact_type == q->value
            : C->fact_captured != 0;
    return yes == q->eq;
}

/* While an `after-move` variant is compiled (Compiler.facts), a condition that is a question
 * of the variant's, or made of them with `and`, `or` and `not`, is known: 1 true, 0 false, -1
 * not known. `and` and `or` are decided only as they run, left to right, so that nothing they
 * would have evaluated is left out: `x and move.piece is Pawn` is not decided whole
 * (jump_unless decides its second part). */
static int decide(Compiler *C, Ast *e)
{
    if (!C->facts) return -1;
    if (is_not(e)) { int d = decide(C, e->kids[0]); return d < 0 ? d : !d; }
    if (is_logic(e, BIN_AND) || is_logic(e, BIN_OR)) {
        int and = is_logic(e, BIN_AND), a = decide(C, e->kids[0]);
        if (a < 0) return -1;
        return a == and ? decide(C, e->kids[1]) : a;      /* a decides, or b does */
    }
    Question q;
    return codegen_question(C, e, &q) ? codegen_answer(C, &q) : -1;
}

static void patch_chain(Compiler *C, int list, int target)
{
    Game *g = C->g;
    while (list >= 0 && list + 1 < g->ncode && list + 1 < MAX_CODE) {
        int next = g->code[list + 1];
        g->code[list + 1] = target;
        list = next;
    }
}

/* Code that goes on when cond is `want` (1 true, 0 false) and otherwise jumps; the jumps are
 * added to the chain *list. */
static void jump_unless(Compiler *C, Ast *e, int want, int *list)
{
    if (is_not(e)) { jump_unless(C, e->kids[0], !want, list); return; }
    int join = want ? BIN_AND : BIN_OR;         /* both parts must be `want` */
    if (is_logic(e, join)) {
        jump_unless(C, e->kids[0], want, list);
        jump_unless(C, e->kids[1], want, list);
        return;
    }
    if (is_logic(e, want ? BIN_OR : BIN_AND)) { /* the first part decides when it is `want` */
        int done = -1;
        jump_unless(C, e->kids[0], !want, &done);
        jump_unless(C, e->kids[1], want, list);
        patch_chain(C, done, here_pc(C));
        return;
    }
    int known = decide(C, e);                   /* (an `after-move` variant) */
    if (known == want) return;                  /* it goes on */
    if (known >= 0) { *list = emit_op(C, OP_JMP, *list); return; }
    expect(C, e, T_BOOL, "a condition");
    *list = emit_op(C, want ? OP_JZ : OP_JNZ, *list);
}

static void cond_fail(Compiler *C, Ast *cond)
{
    int ok = -1;
    jump_unless(C, cond, 0, &ok);
    emit_op(C, OP_FAIL);
    patch_chain(C, ok, here_pc(C));
}

/* for/choose over a set: returns 1 if compiled. The loop/choice op is left at *op_at. */
static void iterate(Compiler *C, Ast *s, int choose)
{
    Ast *set = s->kids[0], *body = s->kids[1];
    Game *g = C->g;
    int scope = C->nlocals;
    int mask_slot = -1, idx_slot = -1, list = -1;
    Ty elem = T_ERR;
    Sym *ss = set->kind == AST_IDENT && !find_local(C, set->name) ? sym_find(C, set->name) : NULL;
    /* `zone[P]`: the board's squares, those not in P's part of the zone skipped (G9) */
    Sym *zs = set->kind == AST_INDEX && set->nkids == 1 && !find_local(C, set->name)
              ? sym_find(C, set->name) : NULL;
    int zone_of = -1, zone_pl = -1;
    if (zs && zs->kind == SYM_ZONE) {
        zone_pl = new_local(C, NULL, T_PLAYER, s->loc);
        expect(C, set->kids[0], T_PLAYER, "a player");
        emit_op(C, OP_STORE, zone_pl);
        zone_of = zs->index;
        ss = NULL;
        set = NULL;
    }
    int zone_at = -1;                  /* a zone value, iterated from a copy (G11) */
    if (set && setv_is_zone(C, set) && !(ss && ss->kind == SYM_ZONE) && !is_name(set, "board") &&
        !(set->kind == AST_SETLIT && setv_const_names(C, set))) {
        zone_at = setv_zone_copy(C, set);
        elem = T_SQ;
    } else if (zone_of >= 0 || (is_name(set, "board") && !ss)) {
        int32_t *items = arena_alloc(&C->tmp, sizeof(int32_t) * (size_t)g->nsq);
        for (int i = 0; i < g->nsq; i++) items[i] = i;
        list = make_list(C, VT_SQUARE, g->nsq, items); elem = T_SQ;
    } else if (ss && ss->kind == SYM_ZONE) {
        list = ss->index; elem = T_SQ;
    } else if (set->kind == AST_SETLIT) {
        Ast *first = set->nkids ? set->kids[0] : NULL;
        Sym *fs = first && first->kind == AST_IDENT ? sym_find(C, first->name) : NULL;
        if (!setv_const_names(C, set)) {
            Ty st = setv_literal_value(C, set);     /* directions or flags computed at run time */
            if (st.t < 0) return;
            elem = st.t == VT_DIRS ? T_DIR : T_INT;
        } else if (first && (first->kind == AST_VECTOR || (fs && (fs->kind == SYM_DIR || fs->kind == SYM_DIRSET)))) {
            uint64_t m;
            int k = const_dirset(C, set, &m);
            emit_op(C, OP_PUSHDIRS, k < 0 ? 0 : k);
            elem = T_DIR;
        } else {
            int32_t items[MAX_SET]; int n, vt;
            if (!set_items(C, set, items, &n, &vt)) return;
            list = make_list(C, vt, n, items); elem = (Ty){ vt, 0 };
        }
    } else {
        Ty st = expr(C, set);
        if (st.t == VT_DIRS) elem = T_DIR;
        else if (st.t == VT_FLAGS) elem = T_INT;
        else { if (st.t >= 0) type_error(C, set, "a set", st); return; }
    }
    int pc;
    if (zone_at >= 0) {
        int var = new_local(C, s->name, elem, s->loc);
        pc = here_pc(C);
        if (choose) emit_op(C, OP_CHOOSEZ, zone_at, var, C->nlocals);
        else emit_op(C, OP_FORZ, zone_at, var, 0);
    } else if (list >= 0) {
        idx_slot = new_local(C, NULL, T_INT, s->loc);
        push_const(C, 0);
        emit_op(C, OP_STORE, idx_slot);
        int var = new_local(C, s->name, elem, s->loc);
        pc = here_pc(C);
        if (choose) emit_op(C, OP_CHOOSELIST, list, idx_slot, var, C->nlocals);
        else emit_op(C, OP_FORLIST, list, idx_slot, var, 0);
    } else {
        mask_slot = new_local(C, NULL, T_INT, s->loc);
        emit_op(C, OP_STORE, mask_slot);
        int var = new_local(C, s->name, elem, s->loc);
        pc = here_pc(C);
        if (choose) emit_op(C, OP_CHOOSEBIT, mask_slot, var, C->nlocals);
        else emit_op(C, OP_FORBIT, mask_slot, var, 0);
    }
    if (zone_of >= 0) {                /* the square must be in P's part */
        emit_op(C, OP_LOAD, C->nlocals - 1);
        emit_op(C, OP_LOAD, zone_pl);
        emit_op(C, OP_INZONEOF, zone_of);
        if (choose) { int j = emit_op(C, OP_JNZ, 0); emit_op(C, OP_FAIL); patch(C, j, here_pc(C)); }
        else { emit_op(C, OP_NOT); emit_op(C, OP_JNZ, pc); }
    }
    if (choose) {
        block(C, body);
    } else {
        int saved_n = C->nbreaks, saved_depth = C->loop_depth;
        C->loop_depth = 1 + saved_depth;
        int bstart = C->nbreaks;
        /* a walk of the board in a hook whose body's effect on its square the runtime may keep
         * (squarelocal.c): the body, or the block of its one `if` (which FORTEST tests) */
        const Ast *only_if = body->kind == AST_BLOCK && body->nkids == 1 &&
                             body->kids[0]->kind == AST_IF &&
                             (body->kids[0]->nkids < 3 || body->kids[0]->kids[2]->kind == AST_NOTHING)
                             ? body->kids[0] : NULL;
        int site = list >= 0 && zone_of < 0 && is_name(set, "board")
                   ? sqmemo_site(C, only_if ? only_if->kids[1] : body, s->name, C->nlocals - 1) : -1;
        const Ast *saved_if = C->memo_if; int saved_site = C->memo_site, saved_head = C->memo_head;
        C->memo_head = pc;
        if (site >= 0 && only_if) { C->memo_if = only_if; C->memo_site = site; block(C, body); }
        else if (site >= 0) memo_part(C, body, site);
        else block(C, body);
        C->memo_if = saved_if; C->memo_site = saved_site; C->memo_head = saved_head;
        emit_op(C, OP_JMP, pc);
        patch(C, pc, here_pc(C));
        for (int i = bstart; i < C->nbreaks; i++) patch(C, C->breaks[i], here_pc(C));
        C->nbreaks = saved_n; C->loop_depth = saved_depth;
    }
    C->nlocals = scope;
}

static void add_break(Compiler *C, int at)
{
    if (C->nbreaks == C->capbreaks) {
        C->capbreaks = C->capbreaks ? 2 * C->capbreaks : 32;
        int *nb = arena_alloc(&C->tmp, sizeof(int) * (size_t)C->capbreaks);
        if (C->nbreaks) memcpy(nb, C->breaks, sizeof(int) * (size_t)C->nbreaks);
        C->breaks = nb;
    }
    C->breaks[C->nbreaks++] = at;
}

static void loop_stmt(Compiler *C, Ast *cond, Ast *body)
{
    int saved_n = C->nbreaks, saved_depth = C->loop_depth;
    C->loop_depth++;
    int top = here_pc(C), jexit = -1;
    if (cond) jump_unless(C, cond, 1, &jexit);
    block(C, body);
    emit_op(C, OP_JMP, top);
    patch_chain(C, jexit, here_pc(C));
    for (int i = saved_n; i < C->nbreaks; i++) patch(C, C->breaks[i], here_pc(C));
    C->nbreaks = saved_n; C->loop_depth = saved_depth;
}

static void assign(Compiler *C, Ast *s)
{
    Ast *lv = s->kids[0], *rv = s->kids[1];
    Game *g = C->g;
    int op = (int)s->num;                 /* '=', '+', '-' */
    Ty t = T_ERR;
    int store_op = -1, store_arg = 0;
    Local *zl = lv->kind == AST_IDENT ? find_local(C, lv->name) : NULL;
    if (zl && zl->ty.t == VT_ZONE) {           /* a zone value (G11) */
        int slot = zl->slot, scope = C->nlocals;
        if (op != '=') { setv_zone_update(C, slot, op, rv); return; }
        int tmp = setv_zone_copy(C, rv);       /* (rv may read the zone it is written to) */
        emit_op(C, OP_ZCOPY, slot, tmp);
        C->nlocals = scope;
        return;
    }
    if (lv->kind == AST_IDENT) {
        Local *l = find_local(C, lv->name);
        Sym *sy = l ? NULL : sym_find(C, lv->name);
        if (l) { t = l->ty; store_op = OP_STORE; store_arg = l->slot; }
        else if (sy && sy->kind == SYM_VAR && g->vars[sy->index].kind == VAR_GLOBAL) {
            t = (Ty){ g->vars[sy->index].vtype, g->vars[sy->index].flagset };
            store_op = OP_STOREG; store_arg = sy->index;
        } else { diag_error(C->diag, lv->loc, "cannot assign to '%s'", lv->name); return; }
        if (store_op == OP_STOREG && in_program(C) && C->fn_kind == FN_ATTACK)
            diag_error(C->diag, lv->loc, "an attack program cannot change the state");
        if (op != '=') emit_op(C, store_op == OP_STORE ? OP_LOAD : OP_LOADG, store_arg);
    } else if (lv->kind == AST_INDEX && lv->nkids == 2) {
        /* v[sq, layer] = x: a piece variable of one piece of a stack */
        Sym *sy = sym_find(C, lv->name);
        if (!sy || sy->kind != SYM_VAR || g->vars[sy->index].kind != VAR_PIECE) {
            diag_error(C->diag, lv->loc, "'%s[square, layer]' needs a piece variable", lv->name); return;
        }
        const Var *v = &g->vars[sy->index];
        t = (Ty){ v->vtype, v->flagset };
        expect(C, lv->kids[0], T_SQ, "a square");
        expect(C, lv->kids[1], T_INT, "a layer");
        if (op != '=') {
            expr(C, lv->kids[0]); expr(C, lv->kids[1]);
            emit_op(C, OP_PIECEAT); emit_op(C, OP_LOADPV, sy->index);
        }
        store_op = OP_STOREPVL; store_arg = sy->index;
    } else if ((lv->kind == AST_INDEX || lv->kind == AST_CALL) && lv->nkids == 1) {
        Sym *sy = sym_find(C, lv->name);
        if (!sy || sy->kind != SYM_VAR || g->vars[sy->index].kind == VAR_GLOBAL) {
            diag_error(C->diag, lv->loc, "'%s' is not a player, square or piece variable", lv->name); return;
        }
        const Var *v = &g->vars[sy->index];
        t = (Ty){ v->vtype, v->flagset };
        if (v->kind == VAR_PLAYER) { expect(C, lv->kids[0], T_PLAYER, "a player"); store_op = OP_STOREPL; }
        else { expect(C, lv->kids[0], T_SQ, "a square"); store_op = v->kind == VAR_SQUARE ? OP_STORESQ : OP_STOREPV; }
        store_arg = sy->index;
        if (op != '=') {
            /* read the old value: duplicate the index by recompiling it (it is side-effect free) */
            expr(C, lv->kids[0]);
            if (v->kind == VAR_PLAYER) emit_op(C, OP_LOADPL, sy->index);
            else if (v->kind == VAR_SQUARE) emit_op(C, OP_LOADSQ, sy->index);
            else { emit_op(C, OP_AT); emit_op(C, OP_LOADPV, sy->index); }
        }
    } else { diag_error(C->diag, lv->loc, "cannot assign to this"); return; }
    if (t.t < 0) return;
    if (C->deferring && store_op == OP_STOREPV) store_op = OP_DSTOREPV;   /* (refused_in_defer) */
    if (op == '=') expect(C, rv, t, type_name(t, g));
    else {
        if (t.t == VT_INT) { expect(C, rv, T_INT, "an int"); emit_op(C, op == '+' ? OP_ADD : OP_SUB); }
        else if (t.t == VT_FLAGS || t.t == VT_DIRS) { setv_bits_operand(C, rv, t); emit_op(C, op == '+' ? OP_BOR : OP_BCLR); }
        else { diag_error(C->diag, s->loc, "+= and -= work on ints and sets, not on a %s", type_name(t, g)); return; }
    }
    emit_op(C, store_op, store_arg);
}

static void call_def(Compiler *C, Ast *s)
{
    Sym *d = sym_find(C, s->name);
    if (!d || d->kind != SYM_DEF) {
        /* a built-in used as a statement is a mistake worth naming */
        diag_error(C->diag, s->loc, d ? "'%s' is %s, not a procedure" : "unknown procedure '%s'", s->name,
                   d ? sym_kind_name(d->kind) : "");
        if (!d) suggest(C, s->name, s->loc);
        return;
    }
    Ast *def = d->decl;
    if (!may_expand(C, s->loc, s->name)) return;
    /* a flag, not a search of the expansion stack (as in call_fn) */
    if (d->expanding) {
        diag_error(C->diag, s->loc, "'%s' calls itself (procedures are expanded in place and "
                   "cannot recurse)", s->name);
        return;
    }
    if (C->nexpanding >= MAX_NESTING) { diag_error(C->diag, s->loc, "procedure calls nested too deeply"); return; }
    int nparams = 0;
    for (int i = 0; i < def->nkids; i++) nparams += def->kids[i]->kind == AST_PARAM;
    if (nparams != s->nkids) {
        diag_error(C->diag, s->loc, "'%s' takes %d argument%s, not %d", s->name, nparams, nparams == 1 ? "" : "s", s->nkids);
        return;
    }
    /* Arguments are evaluated into fresh locals, then the body sees only its parameters and
     * the globals: a procedure cannot see its caller's locals. The slots are given back after
     * the call. */
    int slots[MAX_LOCALS]; Ty tys[MAX_LOCALS];
    int k = 0;
    int base = C->nlocals;
    for (int i = 0; i < def->nkids && k < MAX_LOCALS; i++) {
        Ast *p = def->kids[i];
        if (p->kind != AST_PARAM) continue;
        Ty pt = param_type(C, p);
        slots[k] = bind_param(C, s->kids[k], pt, p->loc);
        tys[k] = pt;
        k++;
    }
    /* hide the caller's named locals, keep the slots allocated */
    const char *hidden[MAX_LOCALS];
    for (int i = 0; i < C->nlocals; i++) { hidden[i] = C->locals[i].name; if (i > 0) C->locals[i].name = NULL; }
    k = 0;
    for (int i = 0; i < def->nkids; i++) {
        Ast *p = def->kids[i];
        if (p->kind != AST_PARAM) continue;
        C->locals[slots[k]].name = p->name;
        C->locals[slots[k]].ty = tys[k];
        k++;
    }
    C->nexpanding++; d->expanding = 1;
    Ast *body = def->nkids ? def->kids[def->nkids - 1] : NULL;
    if (body && body->kind == AST_BLOCK) block(C, body);
    C->nexpanding--; d->expanding = 0;
    C->nlocals = base;
    for (int i = 0; i < base; i++) C->locals[i].name = hidden[i];
}

/* In `defer { }`, the instruction that records effect op instead of doing it; -1 for none */
static int deferred_op(int op)
{
    switch (op) {
    case OP_CAPTURE: return OP_DCAPTURE;
    case OP_REMOVE: return OP_DREMOVE;
    case OP_PLACE: return OP_DPLACE;
    case OP_CHANGE: return OP_DCHANGE;
    case OP_SETOWNER: return OP_DSETOWNER;
    case OP_MOVEP: return OP_DMOVEP;
    default: return -1;
    }
}

static void effect(Compiler *C, Ast *s, int op, const Ty *args, int n, const char **what)
{
    /* (what `defer` records is never done by an attack run: it is read, as a capture there) */
    if (C->fn_kind == FN_ATTACK && !C->deferring)
        diag_error(C->diag, s->loc, "an attack program cannot change the state");
    if (s->nkids != n) { diag_error(C->diag, s->loc, "malformed %s", ast_kind_name(s->kind)); return; }
    for (int i = 0; i < n; i++) expect(C, s->kids[i], args[i], what[i]);
    if (C->deferring) {
        if (deferred_op(op) < 0) {
            diag_error(C->diag, s->loc, "`%s` cannot be deferred (`defer` takes capture, remove, "
                       "place, change, owner and move)", ast_kind_name(s->kind));
            return;
        }
        op = deferred_op(op);
        /* a part of a Zillions cascade (zrf_moves.c marks it): its piece is the one that
         * stood on its square before the move */
        if (op == OP_DMOVEP && s->num == 1) op = OP_DCASCADEP;
    }
    emit_op(C, op);
}

/* `defer { }`: the effects in it are recorded, not done; each emit of the branch makes its move
 * with them, after the piece arrives (deferred.h) */
static void stmt_defer_block(Compiler *C, Ast *s)
{
    if (!in_program(C)) {
        diag_error(C->diag, s->loc, "`defer` belongs in a move program (a hook's effects are "
                   "done at once)");
        return;
    }
    if (C->extending) {
        diag_error(C->diag, s->loc, "`moves extend` adds to a move that is made; nothing is "
                   "left to defer");
        return;
    }
    C->deferring++;
    block(C, s->kids[0]);
    C->deferring--;
}

/* What `defer { }` may not hold: what makes or shapes the move, and state it would change now */
static int refused_in_defer(Compiler *C, Ast *s)
{
    switch (s->kind) {
    case AST_ASSIGN:               /* `v[sq] = x;` of a piece variable may be deferred */
        if (s->num == '=' && s->nkids == 2 && (s->kids[0]->kind == AST_INDEX ||
            s->kids[0]->kind == AST_CALL) && s->kids[0]->nkids == 1) {
            Sym *sy = sym_find(C, s->kids[0]->name);
            if (sy && sy->kind == SYM_VAR && C->g->vars[sy->index].kind == VAR_PIECE) return 0;
        }
        diag_error(C->diag, s->loc, "only `v[square] = x;` of a piece variable is an assignment "
                   "`defer { }` can hold (it changes the piece there when the move is made)");
        return 1;
    case AST_EMIT: case AST_LAND: case AST_BECOME: case AST_AGAIN: case AST_MOVESOF:
    case AST_DEFER_BLOCK: case AST_DISTINCT_BLOCK: case AST_KEY:
        diag_error(C->diag, s->loc, "`%s` cannot stand in `defer { }` (it holds only effects "
                   "and the tests and loops around them)", ast_kind_name(s->kind));
        return 1;
    default:
        return 0;
    }
}

/* `if` with its `else` */
/* A board walk's body between SQMEMO and SQMEMOEND (squarelocal.c; its table:
 * src/runtime/sqmemo.c): where the table has its effect on the square's words, SQMEMO writes it
 * and goes past SQMEMOEND. The body's end falls through `JMP end` (the step the walk's JMP back
 * is charged where it falls through); its jumps to its end go on through that JMP to SQMEMOEND
 * (jumps.c), charged nothing, as they would have gone straight to the walk's head: every way
 * through charges what it did without these instructions. SQMEMOEND goes to the head. */
static void memo_part(Compiler *C, Ast *b, int site)
{
    int at = emit_op(C, OP_SQMEMO, site, 0);
    stmt(C, b);
    int fall = emit_op(C, OP_JMP, 0);
    patch(C, fall, here_pc(C));
    emit_op(C, OP_SQMEMOEND, site, C->memo_head);
    patch(C, at, here_pc(C));
}

static void stmt_if(Compiler *C, Ast *s)
{
    int known = decide(C, s->kids[0]);          /* (an `after-move` variant) */
    if (known == 1) { stmt(C, s->kids[1]); return; }
    if (known == 0) {
        if (s->nkids > 2 && s->kids[2]->kind != AST_NOTHING) stmt(C, s->kids[2]);
        return;
    }
    int j = -1;
    jump_unless(C, s->kids[0], 1, &j);
    if (C->memo_if == s) memo_part(C, s->kids[1], C->memo_site);
    else stmt(C, s->kids[1]);
    if (s->nkids > 2 && s->kids[2]->kind != AST_NOTHING) {
        int k = emit_op(C, OP_JMP, 0);
        patch_chain(C, j, here_pc(C));
        stmt(C, s->kids[2]);
        patch(C, k, here_pc(C));
    } else patch_chain(C, j, here_pc(C));
}

/* `repeat N { }`: a hidden counter counted down to 0 */
static void stmt_repeat(Compiler *C, Ast *s)
{
    int scope = C->nlocals;
    int slot = new_local(C, NULL, T_INT, s->loc);
    expect(C, s->kids[0], T_INT, "a count");
    emit_op(C, OP_STORE, slot);
    int saved_n = C->nbreaks;
    C->loop_depth++;
    int top = here_pc(C);
    emit_op(C, OP_LOAD, slot); push_const(C, 0); emit_op(C, OP_GT);
    int jexit = emit_op(C, OP_JZ, 0);
    emit_op(C, OP_LOAD, slot); push_const(C, 1); emit_op(C, OP_SUB); emit_op(C, OP_STORE, slot);
    block(C, s->kids[1]);
    emit_op(C, OP_JMP, top);
    patch(C, jexit, here_pc(C));
    for (int i = saved_n; i < C->nbreaks; i++) patch(C, C->breaks[i], here_pc(C));
    C->nbreaks = saved_n; C->loop_depth--;
    C->nlocals = scope;
}

/* `either { } or { }`: a choice point before each branch but the last */
static void stmt_either(Compiler *C, Ast *s)
{
    if (!in_program(C)) { diag_error(C->diag, s->loc, "`either` branches a move program; hooks run straight through"); return; }
    /* each branch but the last jumps to the end: the jumps are chained through their operands
     * (patch_chain), as many as there are branches (a fixed array of 64 once left the jumps
     * of the 65th branch on out, which then ran on into the next: Zillions pieces have 89) */
    int ends = -1;
    for (int i = 0; i < s->nkids; i++) {
        int ch = -1;
        if (i + 1 < s->nkids) ch = emit_op(C, OP_CHOICE, 0, C->nlocals);
        block(C, s->kids[i]);
        if (i + 1 < s->nkids) ends = emit_op(C, OP_JMP, ends);
        if (ch >= 0) patch(C, ch, here_pc(C));
    }
    patch_chain(C, ends, here_pc(C));
}

/* `let`: a new local, typed by its value or as written; a zone value takes locals of its own */
static void stmt_let(Compiler *C, Ast *s)
{
    Ast *init = s->kids[0];
    Ty t = s->nkids > 1 ? type_of(C, s->kids[1]) : T_ERR;
    if (s->nkids > 1 ? t.t == VT_ZONE : setv_is_zone(C, init)) {                        /* a zone value in locals of its own (G11) */
        int slot = setv_zone_alloc(C, NULL, s->loc);
        if (init->kind == AST_NOTHING) emit_op(C, OP_ZCLEAR, slot);
        else setv_zone(C, init, slot);
        C->locals[slot].name = s->name;    /* named after its value: `let z: zone = z + a;` */
        return;
    }
    if (s->nkids > 1) {                /* `let k: square = none;`: the type is written */
        if (init->kind == AST_NOTHING) push_const(C, none_of(t));   /* 0, false or none */
        else expect(C, init, t, type_name(t, C->g));
    } else if (is_name(init, "none") && !find_local(C, "none")) {
        diag_error(C->diag, init->loc, "cannot tell what kind of `none` '%s' holds: give it a type, "
                   "`let %s: square = none;`", s->name, s->name);
        t = T_ERR;
    } else t = expr(C, init);
    int slot = new_local(C, s->name, t, s->loc);
    emit_op(C, OP_STORE, slot);
}

/* `emit`, `emit stay`, `emit drop`, with a suffix */
static void stmt_emit(Compiler *C, Ast *s)
{
    if (C->fn_kind == FN_HOOK) { diag_error(C->diag, s->loc, "`emit` makes a move; hooks cannot"); return; }
    if (s->num == EMIT_DROP && C->fn_kind != FN_DROPS) { diag_error(C->diag, s->loc, "`emit drop` belongs in the `drops` block"); return; }
    /* (a drop that goes on as a move in parts, Zillions' add-partial, ends with `emit stay`:
     * the ZRF lowering's, marked by a name no rules file can write) */
    int zrf_part = s->num == EMIT_STAY && s->name && s->name[0] == ' ';
    if (s->num != EMIT_DROP && C->fn_kind == FN_DROPS && !zrf_part) { diag_error(C->diag, s->loc, "the `drops` block emits with `emit drop` (`become T;` before it drops the piece as type T; `drops free T { }` drops with no hand)"); return; }
    int suffix = 0;
    if (s->nkids && s->kids[0]->kind == AST_STRING) suffix = string_index(C, s->kids[0]->str) + 1;
    if (suffix > 255) { diag_error(C->diag, s->loc, "too many different move suffixes"); suffix = 0; }
    emit_op(C, OP_EMIT, (int)s->num, suffix);
}

/* `note` and `qualify`: the move's string, piece by piece */
static void stmt_note(Compiler *C, Ast *s)
{
    int q = s->kind == AST_QUALIFY;
    if (!in_program(C) || C->fn_kind == FN_ATTACK) { diag_error(C->diag, s->loc, "`%s` writes a move's string; it belongs in a move program", q ? "qualify" : "note"); return; }
    for (int i = 0; i < s->nkids; i++) {
        Ast *k = s->kids[i];
        int kind;
        if (k->kind == AST_STRING) { push_const(C, string_index(C, k->str)); kind = 0; }
        else {
            Ty t = expr(C, k);
            kind = t.t == VT_SQUARE ? 1 : t.t == VT_TYPE ? 2 : t.t == VT_INT ? 3 : t.t == VT_PLAYER ? 4 : -1;
            if (kind < 0) { if (t.t >= 0) type_error(C, k, "a string, square, piece type, int or player", t); emit_op(C, OP_POP); continue; }
        }
        if (q) emit_op(C, OP_QUALIFY, kind, (int)s->num); else emit_op(C, OP_NOTE, kind);
    }
}

/* `distinct { }`: the block's moves are merged among themselves (its group in local 6) */
static void stmt_distinct_block(Compiler *C, Ast *s)
{
    if (!in_program(C) || C->fn_kind == FN_ATTACK) { diag_error(C->diag, s->loc, "`distinct` belongs in a move program"); return; }
    int scope = C->nlocals;
    int saved = new_local(C, NULL, T_INT, s->loc);
    emit_op(C, OP_LOAD, 6); emit_op(C, OP_STORE, saved);
    emit_op(C, OP_DISTINCT, (int)s->num);
    block(C, s->kids[0]);
    emit_op(C, OP_LOAD, saved); emit_op(C, OP_STORE, 6);
    C->nlocals = scope;
}

static void stmt(Compiler *C, Ast *s)
{
    int saved = C->line;
    if (s->loc.line) C->line = s->loc.line;
    if (++C->nesting > MAX_NESTING * 4) { diag_error(C->diag, s->loc, "statements nested too deeply"); C->nesting--; return; }
    if (C->deferring && refused_in_defer(C, s)) { C->nesting--; C->line = saved; return; }
    C->expanded += C->nexpanding > 0;
    static const char *SQ[] = { "a square", "a square", "a square" };
    switch (s->kind) {
    case AST_BLOCK: block(C, s); break;
    case AST_STEP:
        if (!in_program(C)) { diag_error(C->diag, s->loc, "`step` moves the cursor of a move program; hooks have none"); break; }
        expect(C, s->kids[0], T_DIR, "a direction");
        emit_op(C, OP_STEP);
        break;
    case AST_GO:
        if (!in_program(C)) { diag_error(C->diag, s->loc, "`go` moves the cursor of a move program; hooks have none"); break; }
        expect(C, s->kids[0], T_SQ, "a square");
        emit_op(C, OP_GO);
        break;
    case AST_REQUIRE: cond_fail(C, s->kids[0]); break;
    case AST_STOP: emit_op(C, OP_FAIL); break;
    case AST_IF: stmt_if(C, s); break;
    case AST_WHILE: loop_stmt(C, s->kids[0], s->kids[1]); break;
    case AST_LOOP: loop_stmt(C, NULL, s->kids[0]); break;
    case AST_REPEAT: stmt_repeat(C, s); break;
    case AST_BREAK:
        if (!C->loop_depth) { diag_error(C->diag, s->loc, "`break` outside a loop"); break; }
        add_break(C, emit_op(C, OP_JMP, 0));
        break;
    case AST_FOR: iterate(C, s, 0); break;
    case AST_CHOOSE:
        if (!in_program(C)) { diag_error(C->diag, s->loc, "`choose` branches a move program; hooks run straight through (use `for`)"); break; }
        iterate(C, s, 1);
        break;
    case AST_EITHER: stmt_either(C, s); break;
    case AST_LET: stmt_let(C, s); break;
    case AST_ASSIGN: assign(C, s); break;
    case AST_EMIT: stmt_emit(C, s); break;
    case AST_BECOME:
        if (C->fn_kind != FN_MOVES && C->fn_kind != FN_DROPS) {
            diag_error(C->diag, s->loc, "`become` belongs in a piece's moves or in `drops` (the "
                       "type a dropped piece arrives as)");
            break;
        }
        if (C->extending) {
            diag_error(C->diag, s->loc, "`moves extend` adds to a move; the piece has arrived "
                       "(`change move.to to T;`)");
            break;
        }
        expect(C, s->kids[0], T_TYPE, "a piece type");
        emit_op(C, OP_BECOME);
        break;
    case AST_CAPTURE: effect(C, s, OP_CAPTURE, &T_SQ, 1, SQ); break;
    case AST_REMOVE: effect(C, s, OP_REMOVE, &T_SQ, 1, SQ); break;
    case AST_PLACE: { Ty a[] = { T_TYPE, T_PLAYER, T_SQ }; const char *w[] = { "a piece type", "a player", "a square" }; effect(C, s, OP_PLACE, a, 3, w); break; }
    case AST_CHANGE: { Ty a[] = { T_SQ, T_TYPE }; const char *w[] = { "a square", "a piece type" }; effect(C, s, OP_CHANGE, a, 2, w); break; }
    case AST_SETOWNER: { Ty a[] = { T_SQ, T_PLAYER }; const char *w[] = { "a square", "a player" }; effect(C, s, OP_SETOWNER, a, 2, w); break; }
    case AST_MOVEPIECE: { Ty a[] = { T_SQ, T_SQ }; effect(C, s, OP_MOVEP, a, 2, SQ); break; }
    case AST_MOVESTACK: { Ty a[] = { T_SQ, T_SQ }; effect(C, s, OP_MOVESTACK, a, 2, SQ); break; }
    case AST_GIVE: { Ty a[] = { T_TYPE, T_PLAYER }; const char *w[] = { "a piece type", "a player" }; effect(C, s, OP_GIVE, a, 2, w); break; }
    case AST_TAKE: { Ty a[] = { T_TYPE, T_PLAYER }; const char *w[] = { "a piece type", "a player" }; effect(C, s, OP_TAKE, a, 2, w); break; }
    case AST_AGAIN:
        if (!in_program(C) || C->fn_kind == FN_ATTACK) { diag_error(C->diag, s->loc, "`again` belongs in a move program"); break; }
        emit_op(C, OP_AGAIN);
        break;
    case AST_RESULT: {
        if (!(C->fn_kind == FN_HOOK && C->hook == HOOK_END)) { diag_error(C->diag, s->loc, "a result belongs in the `end` block"); break; }
        int reason = 0, k = s->num2 ? 1 : 0;     /* (`win for P`: the player first) */
        if (s->nkids > k && s->kids[k]->kind == AST_STRING) reason = string_index(C, s->kids[k]->str) + 1;
        if (s->num2) {
            expect(C, s->kids[0], T_PLAYER, "a player");
            emit_op(C, OP_RESULTFOR, (int)s->num, reason);
        } else emit_op(C, OP_RESULT, (int)s->num, reason);
        break;
    }
    case AST_CALLSTMT: call_def(C, s); break;
    case AST_NOTE: case AST_QUALIFY: stmt_note(C, s); break;
    case AST_MOVESOF:
        if (C->fn_kind != FN_MOVES && C->fn_kind != FN_ATTACK) { diag_error(C->diag, s->loc, "`moves-of` belongs in a move or attack program"); break; }
        if (C->extending) {
            diag_error(C->diag, s->loc, "`moves extend` adds to a move; it makes no moves of its own");
            break;
        }
        expect(C, s->kids[0], T_TYPE, "a piece type");
        emit_op(C, OP_MOVESOF);
        break;
    case AST_LAND:
        /* (the ZRF lowering's parts, num != 0, also make a drop a part of a move) */
        if (C->fn_kind != FN_MOVES && !(s->num && C->fn_kind == FN_DROPS)) { diag_error(C->diag, s->loc, "`land` belongs in a piece's moves"); break; }
        if (C->extending) {
            diag_error(C->diag, s->loc, "`moves extend` adds to a move; the piece has arrived");
            break;
        }
        /* num: 1 a part (the ZRF lowering's), 2 a part that goes on with the piece here */
        if (s->num) emit_op(C, OP_LANDPART, s->num - 1);
        else emit_op(C, OP_LAND);
        break;
    case AST_DISTINCT_BLOCK: stmt_distinct_block(C, s); break;
    case AST_DEFER_BLOCK: stmt_defer_block(C, s); break;
    case AST_KEY:
        if (!in_program(C) || C->fn_kind == FN_ATTACK) { diag_error(C->diag, s->loc, "`key` belongs in a move program"); break; }
        expect(C, s->kids[0], T_INT, "a move's key");
        emit_op(C, OP_STORE, LOC_KEY);
        break;
    case AST_NOTHING: break;
    default: diag_error(C->diag, s->loc, "expected a statement, found %s", ast_kind_name(s->kind));
    }
    C->nesting--;
    C->line = saved;
}

/* The first statement under n that changes the state, or NULL (not looking into branches,
 * whose changes end with them). */
static Ast *first_effect(Ast *n)
{
    if (!n) return NULL;
    switch (n->kind) {
    case AST_CAPTURE: case AST_REMOVE: case AST_PLACE: case AST_CHANGE: case AST_SETOWNER:
    case AST_MOVEPIECE: case AST_GIVE: case AST_TAKE: case AST_BECOME: case AST_DEFER_BLOCK:
        return n;
    case AST_ASSIGN:
        return n;
    case AST_EITHER: case AST_CHOOSE: case AST_EMIT:
        return NULL;
    default:
        for (int i = 0; i < n->nkids; i++) { Ast *e = first_effect(n->kids[i]); if (e) return e; }
        return NULL;
    }
}

static Ast *first_emit(Ast *n)
{
    if (!n) return NULL;
    if (n->kind == AST_EMIT) return n;
    for (int i = 0; i < n->nkids; i++) { Ast *e = first_emit(n->kids[i]); if (e) return e; }
    return NULL;
}

static int always_stops(const Ast *n);

/* The first change of an arm of an `if` that the program goes on with after the `if`: none
 * when the arm always stops. */
static Ast *lasting_effect(Ast *arm)
{
    return arm && !always_stops(arm) ? first_effect(arm) : NULL;
}

/* The trap of a program that emits in an `if` and then goes on: what the `if` changed is still
 * changed for the moves emitted after it (two castlings written as two `if`s in a row). An arm
 * that ends in `stop` goes on to nothing. */
static void warn_leaking_effects(Compiler *C, Ast *b)
{
    if (C->fn_kind == FN_HOOK) return;
    for (int i = 0; i + 1 < b->nkids; i++) {
        Ast *k = b->kids[i];
        if (k->kind != AST_IF) continue;
        Ast *eff = lasting_effect(k->kids[1]), *em = first_emit(k);
        if (!eff && k->nkids > 2) eff = lasting_effect(k->kids[2]);
        if (!eff || !em || eff->kind == AST_ASSIGN) continue;
        for (int j = i + 1; j < b->nkids; j++) {
            Ast *later = first_emit(b->kids[j]);
            if (!later) continue;
            diag_warning(C->diag, eff->loc, "this change stays in force after the `if` ends, in the move emitted at line %d too",
                         later->loc.line);
            diag_note(C->diag, k->loc, "make the alternatives `either { ... } or { ... }` branches, which undo their changes");
            break;
        }
    }
}

/* 1 if no branch gets past statement n: a `stop`, or a construct all of whose ways end in one
 * (the branches of `either`, the body of `choose`, both arms of an `if`). Loops may run no
 * time at all and so never count. */
static int always_stops(const Ast *n)
{
    if (!n) return 0;
    switch (n->kind) {
    case AST_STOP: return 1;
    case AST_BLOCK:
        for (int i = 0; i < n->nkids; i++) if (always_stops(n->kids[i])) return 1;
        return 0;
    case AST_IF:
        return n->nkids > 2 && n->kids[2]->kind != AST_NOTHING && always_stops(n->kids[1]) && always_stops(n->kids[2]);
    case AST_EITHER:
        for (int i = 0; i < n->nkids; i++) if (!always_stops(n->kids[i])) return 0;
        return n->nkids > 0;
    case AST_CHOOSE: return n->nkids > 1 && always_stops(n->kids[1]);
    case AST_DISTINCT_BLOCK: return n->nkids > 0 && always_stops(n->kids[0]);
    default: return 0;
    }
}

static void block(Compiler *C, Ast *b)
{
    if (!b) return;
    if (b->kind == AST_BLOCK) warn_leaking_effects(C, b);
    if (b->kind != AST_BLOCK) { stmt(C, b); return; }
    int scope = C->nlocals;
    for (int i = 0; i < b->nkids; i++) {
        stmt(C, b->kids[i]);
        /* code after an unconditional `stop` can never run: say so, it is usually a mistake */
        if (b->kids[i]->kind == AST_STOP && i + 1 < b->nkids) {
            diag_error(C->diag, b->kids[i + 1]->loc, "unreachable statement after `stop`");
            break;
        }
        /* the same after a `choose` (or `either`, `if`) whose every branch stops: its branches
         * do not come back to what follows it */
        if (i + 1 < b->nkids && always_stops(b->kids[i])) {
            diag_error(C->diag, b->kids[i + 1]->loc, "unreachable statement: every branch of the `%s` before it ends in `stop`",
                       ast_kind_name(b->kids[i]->kind));
            if (b->kids[i]->kind == AST_CHOOSE || b->kids[i]->kind == AST_EITHER)
                diag_note(C->diag, b->kids[i]->loc, "the branches of `choose` and `either` go on to the statements after them "
                          "unless they stop; these all stop");
            break;
        }
    }
    C->nlocals = scope;
}

int compile_function(Compiler *C, const char *name, int kind, int hook, Ast *body,
                     int (*prologue)(Compiler *C, void *arg), void *arg)
{
    Game *g = C->g;
    if (g->nfns >= 1024) { diag_error(C->diag, body->loc, "too many programs"); return -1; }
    int fi = g->nfns++;
    CodeFunction *f = &g->fns[fi];
    f->name = name; f->kind = kind; f->entry = g->ncode;
    C->fn_kind = kind; C->hook = hook;
    C->nlocals = 0; C->maxlocals = 0; C->nbreaks = 0; C->loop_depth = 0; C->nexpanding = 0;
    C->line = body->loc.line;
    new_local(C, NULL, T_SQ, body->loc);      /* 0: here */
    new_local(C, NULL, T_TYPE, body->loc);    /* 1: become */
    new_local(C, NULL, T_BOOL, body->loc);    /* 2: again */
    new_local(C, NULL, T_INT, body->loc);     /* 3: end of the branch's note text */
    new_local(C, NULL, T_BOOL, body->loc);    /* 4: `land` has moved the piece */
    new_local(C, NULL, T_INT, body->loc);     /* 5: end of the branch's qualifier text */
    new_local(C, NULL, T_INT, body->loc);     /* 6: the `distinct` block the branch is in */
    new_local(C, NULL, T_BOOL, body->loc);    /* 7: the qualifier goes before the string */
    new_local(C, NULL, T_INT, body->loc);     /* 8: the move's `key` */
    new_local(C, NULL, T_PIECE, body->loc);   /* 9: the first piece `capture` or `land` took */
    new_local(C, NULL, T_INT, body->loc);     /* 10: the last effect `defer` recorded, + 1 */
    if (prologue) prologue(C, arg);
    block(C, body);
    emit_op(C, OP_RET);
    f->end = g->ncode;
    f->nlocals = C->maxlocals;
    return fi;
}
