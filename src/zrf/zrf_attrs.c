/* zrf_attrs.c - the pieces' attributes: `(attribute NAME VALUE)` in a piece, as a piece
 * variable of the lowered game.
 *
 * Zillions' attributes are true or false (`piece var NAME: bool`). Dagaz also lets a piece
 * type carry a number or a word (`(attribute value 7)`, `(attribute key 'R0110F')`), data its
 * JavaScript reads; such an attribute is a `piece var NAME: int 0..MAX` (MAX its greatest value
 * in the file), a word written as its code, 1 for the attribute's first word in the file, 2
 * for the next, ... (0 stays "none": a word is never 0). Tested as a condition (`value`,
 * `(verify value)`), it holds when it is not 0, as Dagaz's generator pushes the value and
 * `verify` tests it; `(set-attribute value 3)` sets it. docs/zrf.md, "Attributes with numbers".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zrf_lower.h"

#define ZL_MAX_ATTRS 16
#define ZL_MAX_WORDS 256         /* the words of all the attributes together */
#define ZL_MAX_ATTR_VALUE 65535  /* a piece variable's greatest range (docs/language.md) */

static int is_number(const char *s)
{
    if (!*s) return 0;
    for (; *s; s++) if (*s < '0' || *s > '9') return 0;
    return 1;
}

/* A word's code for attribute a: 1 + the number of the attribute's words before it; made if
 * it is new and make is set; 0 when it is not there. */
static int word_code(ZrfLower *L, int a, const char *w, int make)
{
    int code = 0;
    for (int i = 0; i < L->nwords; i++) {
        if (L->attr_word_of[i] != a) continue;
        code++;
        if (zrf_eq(L->attr_word[i], w)) return code;
    }
    if (!make || L->nwords == ZL_MAX_WORDS) return 0;
    L->attr_word[L->nwords] = w;
    L->attr_word_of[L->nwords++] = a;
    return code + 1;
}

/* A constant value of attribute a as the file writes it: true 1, false 0, a whole number, a
 * word ('R0110F' or a string) its code (made when make is set); -1 when v is none of these (a
 * condition), -2 for a number out of range (reported at v when make is set: the first time). */
static int constant_value(ZrfLower *L, int a, const ZrfNode *v, int make)
{
    if (v->kind == ZN_LIST) return -1;
    if (v->kind == ZN_ATOM && zrf_eq(v->text, "true")) return 1;
    if (v->kind == ZN_ATOM && zrf_eq(v->text, "false")) return 0;
    if (v->kind == ZN_ATOM && is_number(v->text)) {
        long n = strtol(v->text, NULL, 10);
        if (strlen(v->text) > 6 || n > ZL_MAX_ATTR_VALUE) {
            if (make) zl_error(L, v, "an attribute's number is at most %d", ZL_MAX_ATTR_VALUE);
            return -2;
        }
        return (int)n;
    }
    /* a capital letter alone is a digit after 9, A 10 to Z 35: Dagaz's tiles are numbered
     * 1 ... 9, A, B (its converter gives triangle.zrf's (attribute value A) 10) */
    if (v->kind == ZN_ATOM && v->text[0] >= 'A' && v->text[0] <= 'Z' && !v->text[1])
        return v->text[0] - 'A' + 10;
    if (v->kind == ZN_ATOM && v->text[0] == '-' && is_number(v->text + 1)) {
        if (make) zl_error(L, v, "an attribute's number is 0 or more (a negative one is not "
                           "supported)");
        return -2;
    }
    /* a word: Dagaz's quoted literal 'R0110F', or a string */
    if (v->kind == ZN_STRING || v->text[0] == '\'') {
        int c = word_code(L, a, v->text, make);
        if (make && !c) {
            zl_error(L, v, "more than %d words as attributes' values", ZL_MAX_WORDS);
            return -2;
        }
        return c;
    }
    return -1;
}

/* Every (set-attribute NAME VALUE ...) under n with a constant VALUE widens NAME's range. */
static void widen_by_settings(ZrfLower *L, const ZrfNode *n)
{
    if (n->kind != ZN_LIST) return;
    if (zrf_is(n, "set-attribute") && n->nkids >= 3 && n->kids[1]->kind == ZN_ATOM) {
        int a = zl_attribute(L, n->kids[1]->text);
        if (a >= 0 && L->attr_max[a]) {
            int v = constant_value(L, a, n->kids[2], 1);
            if (v > L->attr_max[a]) L->attr_max[a] = v;
        }
    }
    for (int i = 0; i < n->nkids; i++) widen_by_settings(L, n->kids[i]);
}

/* The piece variable of an attribute: its own name, or "NAME(attribute)" when a player, a
 * position, a direction, a zone or a piece type has that name. Zillions keeps attributes apart
 * from those (YoninShogi's attribute South of its player South); the lowered game has one
 * namespace (as zl_type_name does for pieces named like positions). No space: the name is
 * written in position strings, whose fields spaces separate. */
static const char *var_name(ZrfLower *L, const char *name)
{
    if (zl_player(L, name) < 0 && zl_position(L, name) < 0 && zl_direction(L, name) < 0 &&
        zl_zone(L, name) < 0 && zl_piece(L, name) < 0) return name;
    size_t n = strlen(name) + sizeof "(attribute)";
    char *s = arena_alloc(&L->nodes, n);
    snprintf(s, n, "%s(attribute)", name);
    return s;
}

const char *zl_attribute_var(const ZrfLower *L, int attr) { return L->attr_var[attr]; }

void zl_declare_attributes(ZrfLower *L, Ast *root)
{
    L->attr = arena_alloc(&L->nodes, sizeof(char *) * ZL_MAX_ATTRS);
    L->attr_max = arena_alloc(&L->nodes, sizeof(int) * ZL_MAX_ATTRS);
    L->attr_word = arena_alloc(&L->nodes, sizeof(char *) * ZL_MAX_WORDS);
    L->attr_word_of = arena_alloc(&L->nodes, sizeof(int) * ZL_MAX_WORDS);
    L->nattrs = L->nwords = 0;
    /* the names, in the order met; an attribute with any value but true and false is one of
     * numbers (attr_max > 0 marks it, widened below) */
    for (int i = 0; i < L->npieces; i++)
        for (int s = 1; s < L->piece[i]->nkids; s++) {
            const ZrfNode *a = L->piece[i]->kids[s];
            if (!zrf_is(a, "attribute")) continue;
            if (a->nkids != 3 || a->kids[1]->kind != ZN_ATOM || a->kids[2]->kind == ZN_LIST) {
                zl_error(L, a, "(attribute NAME VALUE): VALUE is true, false, a number or a "
                         "word");
                continue;
            }
            int k = zl_attribute(L, a->kids[1]->text);
            if (k < 0) {
                if (L->nattrs == ZL_MAX_ATTRS) {
                    zl_error(L, a, "more than %d attributes", ZL_MAX_ATTRS);
                    continue;
                }
                k = L->nattrs++;
                L->attr[k] = a->kids[1]->text;
                L->attr_max[k] = 0;
            }
            int v = constant_value(L, k, a->kids[2], 1);
            if (v == -1) zl_error(L, a->kids[2], "(attribute NAME VALUE): VALUE is true, false, "
                                  "a number or a word");
            if (v < 0) continue;
            if (!(a->kids[2]->kind == ZN_ATOM && (zrf_eq(a->kids[2]->text, "true") ||
                                                   zrf_eq(a->kids[2]->text, "false")))) {
                if (v > L->attr_max[k]) L->attr_max[k] = v;
                if (!L->attr_max[k]) L->attr_max[k] = 1;   /* (attribute n 0): still a number */
            }
        }
    widen_by_settings(L, L->sections);
    L->attr_var = arena_alloc(&L->nodes, sizeof(char *) * ZL_MAX_ATTRS);
    for (int k = 0; k < L->nattrs; k++) L->attr_var[k] = var_name(L, L->attr[k]);
    for (int k = 0; k < L->nattrs; k++) {
        const ZrfNode *at = L->sections;
        Ast *t = zl_node(L, AST_TYPE, at);
        if (L->attr_max[k]) {
            t->name = zl_str(L, "int");
            ast_add(&L->nodes, t, zl_num(L, 0, at));
            ast_add(&L->nodes, t, zl_num(L, L->attr_max[k], at));
        } else t->name = zl_str(L, "bool");
        Ast *v = zl_kids(L, AST_VAR, at, t, zl_node(L, AST_NOTHING, at), zl_node(L, AST_NOTHING,
            at));
        v->name = zl_str(L, L->attr_var[k]);
        v->num = VAR_PIECE;
        ast_add(&L->nodes, root, v);
    }
}

int zl_attribute_numbers(const ZrfLower *L, int attr) { return L->attr_max[attr] > 0; }

int zl_attribute_default(ZrfLower *L, int piece, int attr)
{
    for (int s = 1; s < L->piece[piece]->nkids; s++) {
        const ZrfNode *a = L->piece[piece]->kids[s];
        if (zrf_is(a, "attribute") && a->nkids == 3 && a->kids[1]->kind == ZN_ATOM &&
            zrf_eq(a->kids[1]->text, L->attr[attr])) {
            int v = constant_value(L, attr, a->kids[2], 0);
            return v < 0 ? 0 : v;
        }
    }
    return 0;
}

int zl_attribute_constant(ZrfLower *L, int attr, const ZrfNode *v)
{
    int c = constant_value(L, attr, v, 0);
    return c < -1 ? -1 : c;
}
