/* zrf_tree.c - tokens to a tree of lists, atoms and strings; the tree printed back. */
#include "zrf.h"
#include <stdlib.h>
#include <string.h>
#include "oom.h"

/* stop: the lists nest too deep, and nothing more is said */
typedef struct { Zrf *z; const ZrfTok *t; size_t i, n; int stop; } TreeReader;

static ZrfNode *new_node(Zrf *z, ZrfNodeKind kind, const ZrfTok *tok)
{
    ZrfNode *n = arena_alloc(&z->arena, sizeof *n);
    n->kind = kind; n->text = tok->text; n->loc = tok->loc; n->exp = tok->exp;
    return n;
}

/* The kids up to the closing parenthesis (or the end of the tokens at the top). */
static void read_kids(TreeReader *r, ZrfNode *list, int depth)
{
    ZrfNode **kids = NULL; int n = 0, cap = 0;
    for (;;) {
        if (r->i >= r->n) {
            if (depth > 0 && !r->stop)
                zrf_error(r->z, list->loc, list->exp, "a '(' that is never closed");
            break;
        }
        const ZrfTok *tok = &r->t[r->i++];
        if (tok->kind == ZT_CLOSE) {
            if (depth > 0) break;
            zrf_error(r->z, tok->loc, tok->exp, "a ')' with no '(' before it");
            continue;
        }
        ZrfNode *kid;
        if (tok->kind == ZT_OPEN) {
            kid = new_node(r->z, ZN_LIST, tok);
            if (depth >= ZRF_MAX_NESTING) {
                zrf_error(r->z, tok->loc, tok->exp, "lists nested more than %d deep",
                          ZRF_MAX_NESTING);
                r->i = r->n;
                r->stop = 1;
                break;
            }
            read_kids(r, kid, depth + 1);
        } else kid = new_node(r->z, tok->kind == ZT_ATOM ? ZN_ATOM : ZN_STRING, tok);
        if (n == cap) {
            cap = cap ? 2 * cap : 8;
            kids = xrealloc(kids, (size_t)cap * sizeof *kids, "the tree of a .zrf file");
        }
        kids[n++] = kid;
    }
    list->nkids = n;
    list->kids = arena_alloc(&r->z->arena, (size_t)(n ? n : 1) * sizeof *kids);
    if (n) memcpy(list->kids, kids, (size_t)n * sizeof *kids);
    free(kids);
}

ZrfNode *zrf_tree(Zrf *z, const ZrfToks *t)
{
    TreeReader r = { z, t->v, 0, t->n, 0 };
    static const ZrfTok top = { ZT_OPEN, "(", { 0, 1, 1, 1 }, NULL };
    ZrfNode *root = new_node(z, ZN_LIST, &top);
    int before = z->diag.errors;
    read_kids(&r, root, 0);
    return z->diag.errors > before ? NULL : root;
}

int zrf_is(const ZrfNode *n, const char *head)
{
    const char *h = zrf_head(n);
    return h && zrf_eq(h, head);
}

const char *zrf_head(const ZrfNode *n)
{
    return n && n->kind == ZN_LIST && n->nkids && n->kids[0]->kind == ZN_ATOM
           ? n->kids[0]->text : NULL;
}

const ZrfNode *zrf_find(const ZrfNode *list, const char *head)
{
    for (int i = 0; list && i < list->nkids; i++)
        if (zrf_is(list->kids[i], head)) return list->kids[i];
    return NULL;
}

int zrf_same(const ZrfNode *a, const ZrfNode *b)
{
    if (a->kind != b->kind) return 0;
    if (a->kind != ZN_LIST) return !strcmp(a->text, b->text);
    if (a->nkids != b->nkids) return 0;
    for (int i = 0; i < a->nkids; i++) if (!zrf_same(a->kids[i], b->kids[i])) return 0;
    return 1;
}

/* ---- printing ---------------------------------------------------------------------------- */

#define WIDTH 100

static void put_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '\n') fputs("\\n", out);
        else if (*s == '\r') fputs("\\r", out);
        else if (*s == '\t') fputs("\\t", out);
        else fputc(*s, out);
    }
    fputc('"', out);
}

/* The width of n on one line, counted up to `limit` (then more than limit). */
static int flat_width(const ZrfNode *n, int limit)
{
    if (n->kind == ZN_ATOM) return (int)strnlen(n->text, (size_t)limit + 1);
    if (n->kind == ZN_STRING) {
        int w = 2;
        for (const char *s = n->text; *s && w <= limit; s++) w += strchr("\n\r\t", *s) ? 2 : 1;
        return w;
    }
    int w = 1 + n->nkids;                 /* "(" + the spaces + ")" */
    for (int i = 0; i < n->nkids && w <= limit; i++) w += flat_width(n->kids[i], limit - w);
    return w;
}

static void print_flat(FILE *out, const ZrfNode *n)
{
    if (n->kind == ZN_ATOM) { fputs(n->text, out); return; }
    if (n->kind == ZN_STRING) { put_string(out, n->text); return; }
    fputc('(', out);
    for (int i = 0; i < n->nkids; i++) {
        if (i) fputc(' ', out);
        print_flat(out, n->kids[i]);
    }
    fputc(')', out);
}

void zrf_print(FILE *out, const ZrfNode *n, int indent)
{
    if (n->kind != ZN_LIST || flat_width(n, WIDTH - indent) <= WIDTH - indent) {
        print_flat(out, n);
        return;
    }
    /* the head (and a name after it) on the first line, then one kid a line */
    fputc('(', out);
    int first = n->nkids && n->kids[0]->kind != ZN_LIST ? 1 : 0;
    if (first) print_flat(out, n->kids[0]);
    for (int i = first; i < n->nkids; i++) {
        if (i) fprintf(out, "\n%*s", indent + 1, "");
        zrf_print(out, n->kids[i], indent + 1);
    }
    fputc(')', out);
}
