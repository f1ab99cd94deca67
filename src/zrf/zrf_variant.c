/* zrf_variant.c - see zrf_variant.h.
 *
 * Inheritance follows Polygamo (PolygamoLib/Poly.Compiler/Compiler.cs, MergeVariant), the one
 * open implementation that has it, with two repairs where it matches sections by their head
 * only: a piece replaces the game's piece of the same name (others are added), an option the
 * game's option of the same name; any win, loss or draw condition in the variant replaces all
 * of the game's; any other section replaces the game's first one with the same head, and a
 * section the game lacks is added at the end. */
#include "zrf_variant.h"
#include <stdlib.h>
#include <string.h>

static const char *section_string(const ZrfNode *s, const char *head)
{
    const ZrfNode *t = zrf_find(s, head);
    return t && t->nkids >= 2 && t->kids[1]->kind != ZN_LIST ? t->kids[1]->text : NULL;
}

static int is_axiom(const ZrfNode *form) { return zrf_find(form, "engine") != NULL; }

static int add_entry(Zrf *z, ZrfGames *g, const ZrfNode *f, int *cap, int game)
{
    if (is_axiom(f)) {
        zrf_node_error(z, zrf_find(f, "engine"), "an Axiom game ((engine ...)): Axiom's "
                       "Forth engines are not supported");
        return 0;
    }
    if (g->n == *cap) {
        *cap = *cap ? 2 * *cap : 16;
        ZrfVariant *v = arena_alloc(&z->arena, (size_t)*cap * sizeof *v);
        if (g->n) memcpy(v, g->v, (size_t)g->n * sizeof *v);
        g->v = v;
    }
    ZrfVariant *e = &g->v[g->n];
    e->form = f;
    e->game = game < 0 && zrf_is(f, "game") ? g->n : game;
    e->title = section_string(f, "title");
    e->is_default = zrf_find(f, "default") != NULL;
    e->number = 0;
    g->n++;
    return 1;
}

int zrf_games(Zrf *z, const ZrfNode *top, ZrfGames *g)
{
    memset(g, 0, sizeof *g);
    int cap = 0, game = -1, ok = 1, number = 0;
    for (int i = 0; i < top->nkids; i++) {
        const ZrfNode *f = top->kids[i];
        if (zrf_is(f, "version")) {
            g->version = f->nkids >= 2 && f->kids[1]->kind != ZN_LIST ? f->kids[1]->text : NULL;
        } else if (zrf_is(f, "game") || zrf_is(f, "variant")) {
            int is_game = zrf_is(f, "game");
            if (!add_entry(z, g, f, &cap, is_game ? -1 : game)) { ok = 0; continue; }
            if (is_game) game = g->n - 1;
        } else {
            zrf_node_warning(z, f, "this is not a game, a variant, a define or a version: "
                             "ignored");
        }
    }
    /* a variant above every game (Dakon.zrf) inherits from the first game below it; with no
     * game at all (variant-only fragments of the Dagaz collection) each variant stands alone */
    for (int i = g->n - 1, next = -1; i >= 0; i--) {
        if (zrf_is(g->v[i].form, "game")) next = i;
        else if (g->v[i].game < 0) g->v[i].game = next >= 0 ? next : i;
    }
    for (int i = 0; i < g->n; i++)
        if (!g->v[i].title || strcmp(g->v[i].title, "-")) g->v[i].number = ++number;
    if (ok && !g->n) {
        zrf_error(z, top->loc, NULL, "no (game ...) in this file");
        ok = 0;
    }
    return ok;
}

static int is_condition(const ZrfNode *s)
{
    return zrf_is(s, "win-condition") || zrf_is(s, "loss-condition") ||
           zrf_is(s, "draw-condition");
}

/* Does variant section v take the place of game section s? */
static int replaces(const ZrfNode *v, const ZrfNode *s)
{
    const char *h = zrf_head(v);
    if (!h || !zrf_is(s, h)) return 0;
    if (zrf_eq(h, "piece")) {
        const char *a = section_string(v, "name"), *b = section_string(s, "name");
        return a && b && zrf_eq(a, b);
    }
    if (zrf_eq(h, "option"))
        return v->nkids >= 2 && s->nkids >= 2 && v->kids[1]->kind != ZN_LIST &&
               s->kids[1]->kind != ZN_LIST && zrf_eq_nocase(v->kids[1]->text, s->kids[1]->text);
    return 1;
}

static ZrfNode *variant_sections(Zrf *z, const ZrfGames *g, int i);

/* Zillions 1 wrote its switches as sections, `(pass-turn forced)`, `(recycle-captures true)`;
 * Zillions 2 made them options and reads both (Puluc.zrf: "; (show-moves-list false); not
 * supported in Zillions 1."). Such a section becomes the option, `(option "pass turn" forced)`,
 * so that the options are read in one place (zrf_lower.c). */
static const ZrfNode *v1_switch(Zrf *z, const ZrfNode *s)
{
    static const char *const names[] = { "pass-turn", "pass-partial", "recycle-captures",
        "recycle-promotions", "maximal-captures", "include-off-pieces", "animate-captures",
        "animate-drops", "show-moves-list", "highlight-goals", "prevent-flipping",
        "allow-flipping", "smart-moves", "progressive-levels", NULL };
    const char *h = zrf_head(s);
    if (!h || s->nkids != 2 || s->kids[1]->kind != ZN_ATOM) return s;
    int k = 0;
    while (names[k] && !zrf_eq_nocase(h, names[k])) k++;
    if (!names[k]) return s;
    size_t n = strlen(names[k]);
    char *spaced = arena_alloc(&z->arena, n + 1);
    for (size_t c = 0; c <= n; c++) spaced[c] = names[k][c] == '-' ? ' ' : names[k][c];
    ZrfNode *o = arena_alloc(&z->arena, sizeof *o), *word = arena_alloc(&z->arena, sizeof *word),
            *name = arena_alloc(&z->arena, sizeof *name);
    *word = *s->kids[0];
    word->text = "option";
    *name = *s->kids[0];
    name->kind = ZN_STRING;
    name->text = spaced;
    *o = *s;
    o->kids = arena_alloc(&z->arena, 3 * sizeof *o->kids);
    o->kids[0] = word; o->kids[1] = name; o->kids[2] = s->kids[1];
    o->nkids = 3;
    return o;
}

static ZrfNode *with_options(Zrf *z, ZrfNode *out)
{
    for (int k = 0; out && k < out->nkids; k++)
        out->kids[k] = (ZrfNode *)v1_switch(z, out->kids[k]);
    return out;
}

ZrfNode *zrf_variant_sections(Zrf *z, const ZrfGames *g, int i)
{
    return with_options(z, variant_sections(z, g, i));
}

static ZrfNode *variant_sections(Zrf *z, const ZrfGames *g, int i)
{
    const ZrfNode *var = g->v[i].form, *game = g->v[g->v[i].game].form;
    ZrfNode *out = arena_alloc(&z->arena, sizeof *out);
    *out = *var;
    int cap = game->nkids + var->nkids;
    out->kids = arena_alloc(&z->arena, (size_t)cap * sizeof *out->kids);
    out->nkids = 0;
    if (var == game) {
        for (int k = 1; k < game->nkids; k++) out->kids[out->nkids++] = game->kids[k];
        return out;
    }
    if ((long)game->nkids * var->nkids > ZRF_MAX_MERGE) {     /* each pair is compared */
        zrf_node_error(z, var, "this variant and its game have too many sections to merge "
                       "(%d and %d)", var->nkids - 1, game->nkids - 1);
        return NULL;
    }
    char *used = arena_alloc(&z->arena, (size_t)var->nkids);
    int var_conditions = 0;
    for (int k = 1; k < var->nkids; k++) var_conditions |= is_condition(var->kids[k]);
    for (int k = 1; k < game->nkids; k++) {
        const ZrfNode *s = game->kids[k];
        if (var_conditions && is_condition(s)) continue;
        int r = 0;
        for (int j = 1; j < var->nkids && !r; j++)
            if (!used[j] && !is_condition(var->kids[j]) && replaces(var->kids[j], s)) r = j;
        if (r) used[r] = 1;
        out->kids[out->nkids++] = r ? var->kids[r] : game->kids[k];
    }
    for (int j = 1; j < var->nkids; j++)
        if (!used[j]) out->kids[out->nkids++] = var->kids[j];
    return out;
}

const char *zrf_variant_title(const ZrfGames *g, int i)
{
    if (g->v[i].title) return g->v[i].title;
    if (g->v[g->v[i].game].title) return g->v[g->v[i].game].title;
    return "(untitled)";
}

int zrf_variant_pick(const ZrfGames *g, const char *spec, const char *file)
{
    if (!spec) {                    /* the first game (not Dagaz's (default): a debug aid) */
        int pick = -1;
        for (int i = 0; i < g->n && pick < 0; i++) if (zrf_is(g->v[i].form, "game")) pick = i;
        for (int i = 0; i < g->n && pick < 0; i++) if (g->v[i].number) pick = i;
        return pick < 0 ? 0 : pick;
    }
    char *end;
    long n = strtol(spec, &end, 10);
    if (*spec && !*end) {
        for (int i = 0; i < g->n; i++) if (g->v[i].number == n && n > 0) return i;
        fprintf(stderr, "boardvm: %s has no variant %s (see boardvm variants %s)\n", file,
                spec, file);
        return -1;
    }
    int found = -1;
    for (int i = 0; i < g->n; i++)
        if (g->v[i].number && zrf_eq_nocase(zrf_variant_title(g, i), spec)) {
            if (found >= 0) {
                fprintf(stderr, "boardvm: %s has several variants titled '%s': give its "
                        "number\n", file, spec);
                return -1;
            }
            found = i;
        }
    if (found < 0)
        fprintf(stderr, "boardvm: %s has no variant titled '%s' (see boardvm variants %s)\n",
                file, spec, file);
    return found;
}
