/* zrf_astmk.c - tree nodes made at the place of a ZRF node (zrf_lower.h). */
#include "zrf_lower.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The place a node of the tree gets: where the ZRF node was written when that is in the file the
 * diagnostics show; otherwise (a token of an included file, a macro defined there) the
 * outermost macro call in that file that made it; otherwise no place. */
SrcLoc zl_loc(const ZrfLower *L, const ZrfNode *at)
{
    if (!at) return (SrcLoc){ 0, 0, 1 };
    ZrfLoc l = at->loc;
    if (l.file != L->main_file) {
        l.line = 0;
        for (const ZrfExp *e = at->exp; e; e = e->up)
            if (e->at.file == L->main_file) l = e->at;
    }
    if (!l.line) return (SrcLoc){ 0, 0, 1 };
    return (SrcLoc){ l.line, l.col, l.len > 0 ? l.len : 1 };
}

const char *zl_str(ZrfLower *L, const char *s) { return arena_strdup(&L->g->arena, s); }

Ast *zl_node(ZrfLower *L, AstKind kind, const ZrfNode *at)
{
    return ast_new(&L->nodes, kind, zl_loc(L, at));
}

Ast *zl_ident(ZrfLower *L, const char *name, const ZrfNode *at)
{
    Ast *n = zl_node(L, AST_IDENT, at);
    n->name = zl_str(L, name);
    return n;
}

Ast *zl_num(ZrfLower *L, long v, const ZrfNode *at)
{
    Ast *n = zl_node(L, AST_NUM, at);
    n->num = v;
    return n;
}

Ast *zl_string(ZrfLower *L, const char *s, const ZrfNode *at)
{
    Ast *n = zl_node(L, AST_STRING, at);
    n->str = zl_str(L, s);
    return n;
}

Ast *zl_kids(ZrfLower *L, AstKind kind, const ZrfNode *at, Ast *a, Ast *b, Ast *c)
{
    Ast *n = zl_node(L, kind, at);
    ast_add(&L->nodes, n, a);
    ast_add(&L->nodes, n, b);
    ast_add(&L->nodes, n, c);
    return n;
}

Ast *zl_call(ZrfLower *L, const char *fn, const ZrfNode *at, Ast *a, Ast *b)
{
    Ast *n = zl_kids(L, AST_CALL, at, a, b, NULL);
    n->name = zl_str(L, fn);
    return n;
}

Ast *zl_binary(ZrfLower *L, int op, const ZrfNode *at, Ast *l, Ast *r)
{
    Ast *n = zl_kids(L, AST_BINARY, at, l, r, NULL);
    n->num = op;
    return n;
}

Ast *zl_not(ZrfLower *L, const ZrfNode *at, Ast *e)
{
    Ast *n = zl_kids(L, AST_UNARY, at, e, NULL, NULL);
    n->num = '!';
    return n;
}

Ast *zl_block(ZrfLower *L, const ZrfNode *at) { return zl_node(L, AST_BLOCK, at); }

/* `let NAME: TYPE = INIT;` (init NULL: the type's zero) */
Ast *zl_let(ZrfLower *L, const char *name, const char *type, Ast *init, const ZrfNode *at)
{
    Ast *t = zl_node(L, AST_TYPE, at);
    t->name = zl_str(L, type);
    Ast *n = zl_kids(L, AST_LET, at, init ? init : zl_node(L, AST_NOTHING, at), t, NULL);
    n->name = zl_str(L, name);
    return n;
}

Ast *zl_assign(ZrfLower *L, Ast *lv, Ast *rv, const ZrfNode *at)
{
    Ast *n = zl_kids(L, AST_ASSIGN, at, lv, rv, NULL);
    n->num = '=';
    return n;
}

void zl_error(ZrfLower *L, const ZrfNode *at, const char *fmt, ...)
{
    char msg[512];
    va_list ap; va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    zrf_node_error(L->z, at, "%s", msg);
    L->failed = 1;
}
