/* ast.c - syntax tree nodes (see ast.h). */
#include "ast.h"

#include <stdio.h>
#include <string.h>

Ast *ast_new(Arena *a, AstKind kind, SrcLoc loc)
{
    Ast *n = arena_alloc(a, sizeof *n);    /* zeroed: no name, no kids */
    n->kind = kind;
    n->loc = loc;
    return n;
}

void ast_add(Arena *a, Ast *parent, Ast *kid)
{
    if (!kid) return;
    if (parent->nkids == parent->capkids) {
        /* The arena cannot free the old array; doubling keeps the waste below the live size. */
        int cap = parent->capkids ? parent->capkids * 2 : 4;
        Ast **kids = arena_alloc(a, sizeof *kids * (size_t)cap);
        if (parent->nkids) memcpy(kids, parent->kids, sizeof *kids * (size_t)parent->nkids);
        parent->kids = kids;
        parent->capkids = cap;
    }
    parent->kids[parent->nkids++] = kid;
}

const char *ast_kind_name(AstKind kind)
{
    static const char *const names[] = {
#define X(k, s) s,
        AST_KINDS(X)
#undef X
    };
    return (unsigned)kind < AST_KIND_COUNT ? names[kind] : "?";
}

static const char *binary_op(long op)
{
    static const char *const ops[] = {
        "?", "+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "and", "or"
    };
    return op > 0 && op < (long)(sizeof ops / sizeof ops[0]) ? ops[op] : "?";
}

/* The numeric fields, shown in the words of the node kind where that helps. */
static void dump_nums(const Ast *n)
{
    switch (n->kind) {
    case AST_BINARY: fprintf(stderr, " %s", binary_op(n->num)); break;
    case AST_UNARY:  fprintf(stderr, " %s", n->num == '!' ? "not" : "-"); break;
    case AST_ASSIGN:
        fprintf(stderr, " %s", n->num == '=' ? "=" : n->num == '+' ? "+=" : "-=");
        break;
    case AST_BOARD: case AST_DIRECTION: case AST_VECTOR:
        fprintf(stderr, " %ld %ld", n->num, n->num2);
        break;
    case AST_VAR:
        fprintf(stderr, " kind=%ld%s%s%s", n->num, n->num2 & 1 ? " reset" : "",
                n->num2 & 2 ? " uncounted" : "", n->num2 & 4 ? " transient" : "");
        break;
    case AST_NUM: case AST_STACK: case AST_VALUE: case AST_LEAP: case AST_RIDE: case AST_HOP:
    case AST_HOOK: case AST_EMIT: case AST_RESULT:
        fprintf(stderr, " %ld", n->num);
        break;
    default:
        if (n->num || n->num2) fprintf(stderr, " num=%ld num2=%ld", n->num, n->num2);
        break;
    }
}

/* Strings are printed quoted with \" and \\ escaped, as they were written. */
static void dump_string(const char *s)
{
    fputc('"', stderr);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', stderr);
        fputc(*s, stderr);
    }
    fputc('"', stderr);
}

void ast_dump(const Ast *n, int indent)
{
    fprintf(stderr, "%*s", indent * 2, "");
    if (!n) { fputs("(null)\n", stderr); return; }
    fputs(ast_kind_name(n->kind), stderr);
    if (n->name) fprintf(stderr, " %s", n->name);
    if (n->str) { fputc(' ', stderr); dump_string(n->str); }
    dump_nums(n);
    if (n->loc.line) fprintf(stderr, "  @%d:%d", n->loc.line, n->loc.col);
    fputc('\n', stderr);
    for (int i = 0; i < n->nkids; i++) ast_dump(n->kids[i], indent + 1);
}
