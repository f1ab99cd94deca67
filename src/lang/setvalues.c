/* setvalues.c - set values in programs (docs/design.md §3 G11): `[]` typed by where it stands,
 * `[a b x]` with elements computed when the program runs, `S + x`, `S - x`, `S + S2`, `S - S2`,
 * `size(S)`, and zone values held by locals.
 *
 * A set of directions or of flags is one mask on the operand stack, as before. A zone value
 * (a set of squares) has a bit a square, more than a stack value holds on a big board: it lives
 * in ZONE_WORDS consecutive locals, so that a choice saves and restores it with the other
 * locals, and the instructions that make and read it name those locals (ZCLEAR, ZADD, ZOR...).
 * A zone expression is therefore compiled into a place (a `let`, or a temporary block of
 * locals given back after the statement), never onto the stack. */
#include <string.h>
#include "compiler.h"
#include "opcodes.h"

static const Ty T_ZONE = { VT_ZONE, 0 }, T_SQUARE = { VT_SQUARE, 0 };

static int name_vt(Compiler *C, Ast *e);

/* ---------- sets of directions and flags ---------- */

int setv_const_dirs(Compiler *C, Ast *t)
{
    if (t->kind == AST_VECTOR) return 1;
    if (t->kind == AST_SETLIT || t->kind == AST_DIRS_LIT) {
        for (int i = 0; i < t->nkids; i++) if (!setv_const_dirs(C, t->kids[i])) return 0;
        return 1;
    }
    if (t->kind != AST_IDENT) return 0;
    Sym *s = sym_find(C, t->name);        /* in brackets a direction's name is the direction */
    return s && (s->kind == SYM_DIR || s->kind == SYM_DIRSET);
}

/* One element of a set of type set_ty (a direction, a flag, a set of either), as a mask. */
static void bits_element(Compiler *C, Ast *e, Ty set_ty)
{
    if (e->kind == AST_SETLIT) { setv_bits_literal(C, e, set_ty); return; }
    if (set_ty.t == VT_DIRS && setv_const_dirs(C, e)) {
        uint64_t m;
        int k = const_dirset(C, e, &m);
        emit_op(C, OP_PUSHDIRS, k < 0 ? 0 : k);
        return;
    }
    Ty t = codegen_expr(C, e);
    if (t.t < 0) return;
    if (set_ty.t == VT_DIRS && t.t == VT_DIR) { emit_op(C, OP_BIT); return; }
    if (t.t == set_ty.t && t.extra == set_ty.extra) return;
    diag_error(C->diag, e->loc, "expected %s or one of its elements, found %s",
               type_name(set_ty, C->g), type_name(t, C->g));
}

Ty setv_bits_literal(Compiler *C, Ast *lit, Ty want)
{
    if (want.t == VT_DIRS && setv_const_dirs(C, lit)) {     /* all names: one constant */
        uint64_t m;
        int k = const_dirset(C, lit, &m);
        emit_op(C, OP_PUSHDIRS, k < 0 ? 0 : k);
        return want;
    }
    emit_op(C, OP_PUSH, 0);
    for (int i = 0; i < lit->nkids; i++) {
        bits_element(C, lit->kids[i], want);
        emit_op(C, OP_BOR);
    }
    return want;
}

/* A set literal whose elements are not all names of directions: its kind from its first
 * element (a direction or a set of them, or a flag or a set of flags). */
Ty setv_literal_value(Compiler *C, Ast *lit)
{
    Ast *first = lit->nkids ? lit->kids[0] : NULL;
    if (!first || setv_const_dirs(C, lit)) return setv_bits_literal(C, lit, (Ty){ VT_DIRS, 0 });
    Sym *s = first->kind == AST_IDENT ? sym_find(C, first->name) : NULL;
    if (s && s->kind != SYM_FLAG) s = NULL;
    Local *l = first->kind == AST_IDENT && !s ? codegen_find_local(C, first->name) : NULL;
    if (l && (l->ty.t == VT_DIR || l->ty.t == VT_DIRS))
        return setv_bits_literal(C, lit, (Ty){ VT_DIRS, 0 });
    if (l && l->ty.t == VT_FLAGS) return setv_bits_literal(C, lit, l->ty);
    if (s && s->kind == SYM_FLAG) return setv_bits_literal(C, lit, (Ty){ VT_FLAGS, s->extra });
    if (setv_const_dirs(C, first)) return setv_bits_literal(C, lit, (Ty){ VT_DIRS, 0 });
    if (name_vt(C, first) == VT_SQUARE)
        diag_error(C->diag, lit->loc, "a set in brackets here is of directions or flags (a set of "
                   "squares is a zone: give it a place, `let z: zone = [...];`, or test it "
                   "with `in`)");
    else diag_error(C->diag, lit->loc, "a set of piece types or players in brackets lists their "
                    "names, not values computed when the program runs (for those, branch with "
                    "`either { } or { }`)");
    return (Ty){ -1, 0 };
}

Ty setv_bits_operand(Compiler *C, Ast *e, Ty set_ty)
{
    bits_element(C, e, set_ty);
    return set_ty;
}

/* ---------- zone values ---------- */

int setv_zone_alloc(Compiler *C, const char *name, SrcLoc loc)
{
    int first = codegen_new_local(C, name, T_ZONE, loc);
    for (int k = 1; k < ZONE_WORDS(C->g); k++) codegen_new_local(C, NULL, T_ZONE, loc);
    return first;
}

static Local *zone_local(Compiler *C, Ast *e)
{
    Local *l = e->kind == AST_IDENT ? codegen_find_local(C, e->name) : NULL;
    return l && l->ty.t == VT_ZONE ? l : NULL;
}

/* The type of a name standing alone, without compiling it: -1 when it is not a plain value. */
static int name_vt(Compiler *C, Ast *e)
{
    if (e->kind != AST_IDENT) return -1;
    if (game_find_square(C->g, e->name) >= 0) return VT_SQUARE;
    if (setv_const_names(C, e)) return -1;          /* a direction, type, player or flag */
    Local *l = codegen_find_local(C, e->name);
    if (l) return l->ty.t;
    return !strcmp(e->name, "here") || !strcmp(e->name, "from") ? VT_SQUARE : -1;
}

int setv_const_names(Compiler *C, Ast *set)
{
    Ast *one[1] = { set }, **kids = set->kids;
    int n = set->nkids;
    if (set->kind != AST_SETLIT) { kids = one; n = 1; }
    for (int i = 0; i < n; i++) {
        Ast *k = kids[i];
        if (k->kind == AST_VECTOR) continue;
        if (k->kind != AST_IDENT) return 0;
        if (game_find_square(C->g, k->name) >= 0) continue;
        Sym *s = sym_find(C, k->name);
        int constant = s && (s->kind == SYM_DIR || s->kind == SYM_DIRSET || s->kind == SYM_TYPE ||
                             s->kind == SYM_PLAYER || s->kind == SYM_FLAG);
        if (!constant && codegen_find_local(C, k->name)) return 0;
    }
    return 1;                         /* (an unknown name is reported as one by the caller) */
}

int setv_is_zone(Compiler *C, Ast *e)
{
    switch (e->kind) {
    case AST_IDENT: {
        if (zone_local(C, e)) return 1;
        if (codegen_find_local(C, e->name)) return 0;
        Sym *s = sym_find(C, e->name);
        return (s && s->kind == SYM_ZONE) || (!s && !strcmp(e->name, "board"));
    }
    case AST_SETLIT: return e->nkids > 0 && name_vt(C, e->kids[0]) == VT_SQUARE;
    case AST_BINARY:
        if (e->num != BIN_ADD && e->num != BIN_SUB) return 0;
        if (e->kids[0]->kind == AST_SETLIT && e->kids[0]->nkids == 0)
            return setv_is_zone(C, e->kids[1]) || name_vt(C, e->kids[1]) == VT_SQUARE;
        return setv_is_zone(C, e->kids[0]);
    default: return 0;
    }
}

/* The right operand of + or - on a zone: a zone (`[]`, `[a b]` included) or a square. */
static int zone_operand_is_set(Compiler *C, Ast *e)
{
    return e->kind == AST_SETLIT || setv_is_zone(C, e);
}

void setv_zone(Compiler *C, Ast *e, int dest)
{
    Game *g = C->g;
    Local *l = zone_local(C, e);
    if (l) { if (l->slot != dest) emit_op(C, OP_ZCOPY, dest, l->slot); return; }
    switch (e->kind) {
    case AST_IDENT: {
        Sym *s = codegen_find_local(C, e->name) ? NULL : sym_find(C, e->name);
        if (s && s->kind == SYM_ZONE) { emit_op(C, OP_ZZONE, dest, s->index); return; }
        if (!s && !strcmp(e->name, "board")) {
            emit_op(C, OP_ZCLEAR, dest);
            int32_t *items = arena_alloc(&C->tmp, sizeof(int32_t) * (size_t)g->nsq);
            for (int i = 0; i < g->nsq; i++) items[i] = i;
            emit_op(C, OP_ZZONE, dest, make_list(C, VT_SQUARE, g->nsq, items));
            return;
        }
        break;
    }
    case AST_SETLIT:
        emit_op(C, OP_ZCLEAR, dest);
        for (int i = 0; i < e->nkids; i++) {
            codegen_expect(C, e->kids[i], T_SQUARE, "a square");
            emit_op(C, OP_ZADD, dest);
        }
        return;
    case AST_BINARY:
        if (e->num != BIN_ADD && e->num != BIN_SUB) break;
        setv_zone(C, e->kids[0], dest);
        setv_zone_update(C, dest, e->num == BIN_ADD ? '+' : '-', e->kids[1]);
        return;
    default: break;
    }
    diag_error(C->diag, e->loc, "expected a zone");
}

void setv_zone_update(Compiler *C, int dest, int op, Ast *r)
{
    if (!zone_operand_is_set(C, r)) {
        codegen_expect(C, r, T_SQUARE, "a square or a zone");
        emit_op(C, op == '+' ? OP_ZADD : OP_ZDEL, dest);
        return;
    }
    Local *l = zone_local(C, r);
    int scope = C->nlocals, src = l ? l->slot : setv_zone_alloc(C, NULL, r->loc);
    if (!l) setv_zone(C, r, src);
    emit_op(C, op == '+' ? OP_ZOR : OP_ZCLR, dest, src);
    C->nlocals = scope;
}

/* A zone expression's value in a place: its own local, or a temporary one (the caller gives
 * the locals back by resetting C->nlocals). */
static int zone_place(Compiler *C, Ast *e)
{
    Local *l = zone_local(C, e);
    if (l) return l->slot;
    int at = setv_zone_alloc(C, NULL, e->loc);
    setv_zone(C, e, at);
    return at;
}

Ty setv_zone_member(Compiler *C, Ast *x, Ast *set)
{
    int scope = C->nlocals, at = zone_place(C, set);
    codegen_expect(C, x, T_SQUARE, "a square");
    emit_op(C, OP_ZHAS, at);
    C->nlocals = scope;
    return (Ty){ VT_BOOL, 0 };
}

Ty setv_zone_size(Compiler *C, Ast *set)
{
    int scope = C->nlocals, at = zone_place(C, set);
    emit_op(C, OP_ZSIZE, at);
    C->nlocals = scope;
    return (Ty){ VT_INT, 0 };
}

Ty setv_zone_equal(Compiler *C, Ast *l, Ast *r, int equal)
{
    int scope = C->nlocals, a = zone_place(C, l), b = zone_place(C, r);
    emit_op(C, OP_ZEQ, a, b);
    if (!equal) emit_op(C, OP_NOT);
    C->nlocals = scope;
    return (Ty){ VT_BOOL, 0 };
}

int setv_zone_copy(Compiler *C, Ast *set)
{
    int at = setv_zone_alloc(C, NULL, set->loc);
    setv_zone(C, set, at);
    return at;
}
