/* compile.c - from syntax tree to Game: declarations, names, the state layout.
 * Programs are compiled by codegen.c; this file decides what every name means. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "compiler.h"
#include "rules_compile.h"
#include "tree_compile.h"
#include "opcodes.h"
#include "parse.h"
#include "tails.h"
#include "puretab.h"
#include "oom.h"

/* ---------- symbols ---------- */

static unsigned hash_name(const char *s)
{
    unsigned h = 2166136261u;
    while (*s) h = (h ^ (unsigned char)*s++) * 16777619u;
    return h % SYM_BUCKETS;
}

Sym *sym_find(Compiler *C, const char *name)
{
    for (Sym *s = C->sym[hash_name(name)]; s; s = s->next)
        if (!strcmp(s->name, name)) return s;
    return NULL;
}

const char *sym_kind_name(SymKind k)
{
    static const char *n[] = { "a player", "a direction", "a direction set", "a zone", "an attribute",
        "a flag set", "a flag", "a variable", "a piece type", "a procedure", "an option", "an expression function" };
    return n[k];
}

Sym *sym_add(Compiler *C, const char *name, SymKind kind, int index, Ast *decl)
{
    Sym *old = sym_find(C, name);
    if (old || game_find_square(C->g, name) >= 0) {
        diag_error(C->diag, decl ? decl->loc : (SrcLoc){0, 0, 1}, "'%s' is already %s", name,
                   old ? (old->kind == kind ? "declared" : sym_kind_name(old->kind)) : "a square");
        if (old && old->decl) diag_note(C->diag, old->decl->loc, "'%s' was declared here", name);
        /* an S-chess gate flag `e` and the direction `e`: say that it is one namespace */
        if (old && old->kind != kind)
            diag_note(C->diag, decl ? decl->loc : (SrcLoc){0, 0, 1}, "flags, directions, piece types, players and the "
                      "other names of a rules file share one namespace: give one of the two another name");
        return NULL;
    }
    Sym *s = arena_alloc(&C->tmp, sizeof *s);
    s->name = name; s->kind = kind; s->index = index; s->decl = decl; s->expanding = 0;
    unsigned h = hash_name(name);
    s->next = C->sym[h]; C->sym[h] = s;
    return s;
}

/* ---------- board ---------- */

static int dir_add(Game *g, int dx, int dy, const char *name)
{
    for (int i = 0; i < g->ndirs; i++)
        if (g->dx[i] == dx && g->dy[i] == dy) {
            if (name && !g->dir_name[i]) g->dir_name[i] = name;
            return i;
        }
    if (g->ndirs >= MAX_DIRS) return -1;
    g->dx[g->ndirs] = dx; g->dy[g->ndirs] = dy; g->dir_name[g->ndirs] = name;
    return g->ndirs++;
}

/* Resolve a square-set syntax node (squares and ranges) into membership flags. */
static int squareset(Compiler *C, Ast *set, uint8_t *member)
{
    Game *g = C->g;
    int ok = 1;
    for (int i = 0; i < set->nkids; i++) {
        Ast *k = set->kids[i];
        if (k->kind == AST_IDENT) {
            int sq = game_find_square(g, k->name);
            if (sq < 0) {
                if (!strcmp(k->name, "board")) { memset(member, 1, (size_t)g->nsq); continue; }
                diag_error(C->diag, k->loc, "'%s' is not a square of this board", k->name); ok = 0; continue;
            }
            member[sq] = 1;
        } else if (k->kind == AST_RANGE && k->nkids == 2) {
            int a = game_find_square(g, k->kids[0]->name), b = game_find_square(g, k->kids[1]->name);
            if (a < 0 || b < 0) {
                diag_error(C->diag, (a < 0 ? k->kids[0] : k->kids[1])->loc, "'%s' is not a square of this board",
                           (a < 0 ? k->kids[0] : k->kids[1])->name);
                ok = 0; continue;
            }
            int x0 = g->sq_x[a], x1 = g->sq_x[b], y0 = g->sq_y[a], y1 = g->sq_y[b];
            if (x0 > x1) { int t = x0; x0 = x1; x1 = t; }
            if (y0 > y1) { int t = y0; y0 = y1; y1 = t; }
            for (int y = y0; y <= y1; y++)
                for (int x = x0; x <= x1; x++) {
                    int sq = game_sq_at(g, x, y);
                    if (sq >= 0) member[sq] = 1;
                }
        } else {
            diag_error(C->diag, k->loc, "expected a square or a range of squares"); ok = 0;
        }
    }
    return ok;
}

/* The grid's cells numbered as squares in order, rank by rank from a1 (exists: NULL, every
 * cell), named by their file letters and rank digits; n squares at most. sq_at, sq_x and sq_y
 * are given (sized for the grid's cells); sq_name is made when names is set. */
static int number_cells(Game *g, const uint8_t *exists, int names)
{
    int n = 0;
    for (int i = 0; i < g->files * g->ranks; i++) g->sq_at[i] = -1;
    for (int y = 0; y < g->ranks; y++)
        for (int x = 0; x < g->files; x++) {
            if (exists && !exists[x + y * g->files]) continue;
            g->sq_at[x + y * g->files] = (int16_t)n;
            g->sq_x[n] = (int8_t)x; g->sq_y[n] = (int8_t)y;
            if (names) {
                char nm[24];
                int k = game_file_name(x, nm, sizeof nm);
                snprintf(nm + k, sizeof nm - (size_t)k, "%d", y + 1);
                g->sq_name[n] = arena_strdup(&g->arena, nm);
            }
            n++;
        }
    return n;
}

/* `board W x H [without ...]` or `squares ...`. The squares are first the whole grid's (for
 * `squares`, the largest grid), numbered provisionally so that squareset() can read names;
 * then those that exist are numbered again, rank by rank from a1, on a grid as large as they
 * need. At most MAX_SQUARES squares, files and ranks as game.h says. */
static void make_board(Compiler *C, Ast *d)
{
    Game *g = C->g;
    if (g->sq_name) { diag_error(C->diag, d->loc, "the board is declared twice"); return; }
    int said = 0;                                /* (one error for one declaration) */
    if (d->kind == AST_BOARD) {
        if (d->num < 1 || d->num > MAX_FILES || d->num2 < 1 || d->num2 > MAX_RANKS) {
            said = 1;
            diag_error(C->diag, d->loc, "a board has 1 to %d files and 1 to %d ranks, not %ld x %ld",
                       MAX_FILES, MAX_RANKS, d->num, d->num2);
            d->num = d->num < 1 ? 1 : d->num > MAX_FILES ? MAX_FILES : d->num;
            d->num2 = d->num2 < 1 ? 1 : d->num2 > MAX_RANKS ? MAX_RANKS : d->num2;
        }
        g->files = (int)d->num; g->ranks = (int)d->num2;
    } else {
        g->files = MAX_FILES; g->ranks = MAX_RANKS;
    }
    size_t cells = (size_t)g->files * (size_t)g->ranks;
    uint8_t *exists = arena_alloc(&C->tmp, cells);
    g->sq_at = arena_alloc(&C->tmp, sizeof *g->sq_at * cells);
    g->sq_x = arena_alloc(&C->tmp, cells);
    g->sq_y = arena_alloc(&C->tmp, cells);
    g->sq_name = arena_alloc(&C->tmp, sizeof *g->sq_name);   /* (set: names are read) */
    int n = number_cells(g, NULL, 0);
    g->nsq = n;
    uint8_t *member = arena_alloc(&C->tmp, (size_t)n);
    int maxx = 0, maxy = 0;
    if (d->kind == AST_BOARD) {
        memset(exists, 1, cells);
        for (int i = 0; i < d->nkids; i++) {
            Ast *set = d->kids[i];
            if (set->kind == AST_SQUARESET) squareset(C, set, member);
            else if (set->kind == AST_IDENT || set->kind == AST_RANGE) {
                Ast tmp = *set; Ast *one[1] = { set };
                tmp.kind = AST_SQUARESET; tmp.kids = one; tmp.nkids = 1;
                squareset(C, &tmp, member);
            }
        }
        for (int s = 0; s < n; s++) if (member[s]) exists[s] = 0;   /* (cell s is square s) */
        maxx = g->files - 1; maxy = g->ranks - 1;
    } else {
        Ast tmp = *d; tmp.kind = AST_SQUARESET;
        squareset(C, &tmp, member);
        for (int s = 0; s < n; s++)
            if (member[s]) {
                exists[s] = 1;
                if (g->sq_x[s] > maxx) maxx = g->sq_x[s];
                if (g->sq_y[s] > maxy) maxy = g->sq_y[s];
            }
    }
    /* final numbering: existing squares on the grid they need, rank by rank from a1 */
    int files = g->files, count = 0;
    for (size_t i = 0; i < cells; i++) count += exists[i];
    if (count > MAX_SQUARES) {
        if (!said)
            diag_error(C->diag, d->loc, "a board of %d squares: at most %d", count, MAX_SQUARES);
        count = 0;                                   /* (its first squares, to go on reading) */
        for (size_t i = 0; i < cells; i++) if (exists[i] && ++count > MAX_SQUARES) exists[i] = 0;
    }
    g->files = maxx + 1; g->ranks = maxy + 1;
    uint8_t *kept = arena_alloc(&C->tmp, (size_t)g->files * (size_t)g->ranks);
    for (int y = 0; y < g->ranks; y++)
        for (int x = 0; x < g->files; x++) kept[x + y * g->files] = exists[x + y * files];
    size_t now = (size_t)g->files * (size_t)g->ranks;
    g->sq_at = arena_alloc(&g->arena, sizeof *g->sq_at * now);
    g->sq_x = arena_alloc(&g->arena, now < MAX_SQUARES ? now : MAX_SQUARES);
    g->sq_y = arena_alloc(&g->arena, now < MAX_SQUARES ? now : MAX_SQUARES);
    g->sq_name = arena_alloc(&g->arena, sizeof *g->sq_name * (now < MAX_SQUARES ? now : MAX_SQUARES));
    g->nsq = n = number_cells(g, kept, 1);
    if (n == 0) diag_error(C->diag, d->loc, "the board has no squares");
}

/* A board of named positions handed over by a front end (tree_compile.h): its squares, their
 * layout cells, and its directions as names with the links they follow. */
static void make_graph_board(Compiler *C, const GraphBoard *b)
{
    Game *g = C->g;
    if (b->nsq < 1 || b->nsq > MAX_SQUARES || b->files < 1 || b->files > MAX_FILES ||
        b->ranks < 1 || b->ranks > MAX_RANKS || b->ndirs > MAX_DIRS - 1) {
        diag_error(C->diag, (SrcLoc){0, 0, 1}, "a board of %d positions and %d directions laid out "
                   "on %d x %d cells: at most %d positions, %d directions, %d x %d cells",
                   b->nsq, b->ndirs, b->files, b->ranks, MAX_SQUARES, MAX_DIRS - 1, MAX_FILES, MAX_RANKS);
        return;
    }
    g->named_squares = 1;
    g->move_sep = b->move_sep;
    g->files = b->files; g->ranks = b->ranks; g->nsq = b->nsq;
    g->sq_name = arena_alloc(&g->arena, sizeof *g->sq_name * (size_t)b->nsq);
    g->sq_x = arena_alloc(&g->arena, (size_t)b->nsq);
    g->sq_y = arena_alloc(&g->arena, (size_t)b->nsq);
    g->sq_at = arena_alloc(&g->arena, sizeof *g->sq_at * (size_t)b->files * (size_t)b->ranks);
    for (int i = 0; i < b->files * b->ranks; i++) g->sq_at[i] = -1;
    for (int s = 0; s < b->nsq; s++) {
        g->sq_name[s] = arena_strdup(&g->arena, b->name[s]);
        g->sq_x[s] = (int8_t)b->x[s]; g->sq_y[s] = (int8_t)b->y[s];
        g->sq_at[b->x[s] + b->y[s] * b->files] = (int16_t)s;
    }
    game_index_squares(g);
    if (b->rect) {
        g->sq_rect = arena_alloc(&g->arena, sizeof *g->sq_rect * (size_t)b->nsq);
        memcpy(g->sq_rect, b->rect, sizeof *g->sq_rect * (size_t)b->nsq);
        g->image_w = b->image_w; g->image_h = b->image_h;
    }
    g->ndirs = b->ndirs;
    for (int d = 0; d < b->ndirs; d++) {
        g->dir_name[d] = arena_strdup(&g->arena, b->dir[d]);
        sym_add(C, g->dir_name[d], SYM_DIR, d, NULL);
    }
}

/* The direction tables of a board of named positions: its links, its opposites and each
 * player's map are the front end's; a square looks the same to every player. */
static void finish_graph_directions(Compiler *C, const GraphBoard *b)
{
    Game *g = C->g;
    int nd = g->ndirs;
    for (int d = 0; d < nd; d++) {
        g->opposite[d] = b->opposite[d];
        for (int pl = 0; pl < g->nplayers; pl++) g->dir_map[pl][d] = b->dir_map[pl * b->ndirs + d];
    }
    for (int pl = 0; pl < g->nplayers; pl++)
        for (int d = 0; d < nd; d++) g->dir_unmap[pl][g->dir_map[pl][d]] = d;
    for (int pl = 0; pl < g->nplayers; pl++) {
        g->sq_view[pl] = arena_alloc(&g->arena, sizeof(int16_t) * (size_t)g->nsq);
        for (int s = 0; s < g->nsq; s++) g->sq_view[pl][s] = (int16_t)s;
    }
    g->dirset_abs = arena_alloc(&g->arena, sizeof(uint64_t) * 256 * MAX_PLAYERS);
    g->neighbor = arena_alloc(&g->arena, sizeof(int16_t) * (size_t)g->nsq * (size_t)(nd ? nd : 1));
    for (int s = 0; s < g->nsq; s++)
        for (int d = 0; d < nd; d++) g->neighbor[s * nd + d] = (int16_t)b->link[s * b->ndirs + d];
}

/* ---------- directions and symmetry ---------- */

static int dir_term(Compiler *C, Ast *t)
{
    if (t->kind == AST_VECTOR) {
        if (t->num < -31 || t->num > 31 || t->num2 < -31 || t->num2 > 31 || (!t->num && !t->num2)) {
            diag_error(C->diag, t->loc, "a direction is a non-zero vector of at most 31 squares, not (%ld,%ld)",
                       t->num, t->num2);
            return -1;
        }
        int before = C->g->ndirs;
        int d = dir_add(C->g, (int)t->num, (int)t->num2, NULL);
        if (d < 0) diag_error(C->diag, t->loc, "more than %d directions", MAX_DIRS);
        else if (C->dirs_closed && C->g->ndirs != before) {
            diag_error(C->diag, t->loc, "internal error: vector (%ld,%ld) found after the direction table was closed", t->num, t->num2);
            C->g->ndirs = before;
            return -1;
        }
        return d;
    }
    if (t->kind == AST_IDENT) {
        Sym *s = sym_find(C, t->name);
        if (s && s->kind == SYM_DIR) return s->index;
        diag_error(C->diag, t->loc, s ? "'%s' is %s, not a direction" : "unknown direction '%s'",
                   t->name, s ? sym_kind_name(s->kind) : "");
        if (!s) suggest(C, t->name, t->loc);
        return -1;
    }
    diag_error(C->diag, t->loc, "expected a direction");
    return -1;
}

/* Relative mask of a direction-set literal or name. */
int const_dirset(Compiler *C, Ast *lit, uint64_t *mask_out)
{
    uint64_t mask = 0;
    Ast *one[1]; Ast **terms = lit->kids; int n = lit->nkids;
    if (lit->kind == AST_IDENT || lit->kind == AST_VECTOR) { one[0] = lit; terms = one; n = 1; }
    for (int i = 0; i < n; i++) {
        Ast *t = terms[i];
        if (t->kind == AST_IDENT) {
            Sym *s = sym_find(C, t->name);
            if (s && s->kind == SYM_DIRSET) { mask |= C->g->dirset_rel[s->index]; continue; }
        }
        if (t->kind == AST_SETLIT || t->kind == AST_DIRS_LIT) {
            uint64_t sub;
            if (const_dirset(C, t, &sub) >= 0) mask |= sub;
            continue;
        }
        int d = dir_term(C, t);
        if (d >= 0) mask |= 1ull << d;
    }
    *mask_out = mask;
    Game *g = C->g;
    for (int k = 0; k < g->ndirsets; k++) if (g->dirset_rel[k] == mask) return k;
    if (g->ndirsets >= 256) { diag_error(C->diag, lit->loc, "too many direction sets"); return -1; }
    g->dirset_rel[g->ndirsets] = mask;
    return g->ndirsets++;
}

/* The symmetry of a player: the element of the square's symmetry group (the 8 maps
 * (x,y) -> (±x,±y) or (±y,±x)) that agrees with every named pair. Unnamed vectors (leaps)
 * follow the same map, so `symmetry Black: n s, ...` also turns (1,2) into (1,-2). */
static int make_symmetry(Compiler *C, Ast *d)
{
    Game *g = C->g;
    int mapto[MAX_DIRS];
    for (int i = 0; i < MAX_DIRS; i++) mapto[i] = i;
    for (int i = 0; i < d->nkids; i++) {
        Ast *pr = d->kids[i];
        if (pr->nkids != 2) continue;
        int a = dir_term(C, pr->kids[0]), b = dir_term(C, pr->kids[1]);
        if (a < 0 || b < 0) return 0;
        mapto[a] = b; mapto[b] = a;
    }
    static const int M[8][4] = { {1,0,0,1}, {1,0,0,-1}, {-1,0,0,1}, {-1,0,0,-1},
                                 {0,1,1,0}, {0,-1,1,0}, {0,1,-1,0}, {0,-1,-1,0} };
    for (int k = 0; k < 8; k++) {
        int ok = 1;
        for (int i = 0; i < g->ndirs && ok; i++) {
            if (!g->dir_name[i]) continue;
            int x = M[k][0] * g->dx[i] + M[k][1] * g->dy[i], y = M[k][2] * g->dx[i] + M[k][3] * g->dy[i];
            ok = g->dx[mapto[i]] == x && g->dy[mapto[i]] == y;
        }
        if (ok) return k;
    }
    diag_error(C->diag, d->loc, "the pairs of this symmetry are not a reflection or rotation of the board");
    return 0;
}

/* Every vector written anywhere (leap lines, dirs, code) must be in the direction table before
 * the table is closed under the players' symmetries and opposites. */
static void collect_vectors(Compiler *C, Ast *n, int depth)
{
    if (!n || depth > 2000) return;
    if (n->kind == AST_VECTOR && n->num >= -31 && n->num <= 31 && n->num2 >= -31 && n->num2 <= 31 && (n->num || n->num2))
        dir_add(C->g, (int)n->num, (int)n->num2, NULL);   /* bad vectors are reported where they are used */
    for (int i = 0; i < n->nkids; i++) collect_vectors(C, n->kids[i], depth + 1);
}

static void finish_directions(Compiler *C, const int *symk)
{
    Game *g = C->g;
    static const int M[8][4] = { {1,0,0,1}, {1,0,0,-1}, {-1,0,0,1}, {-1,0,0,-1},
                                 {0,1,1,0}, {0,-1,1,0}, {0,1,-1,0}, {0,-1,-1,0} };
    /* close the direction table under the players' maps and under opposites */
    for (int i = 0; i < g->ndirs; i++) {
        if (dir_add(g, -g->dx[i], -g->dy[i], NULL) < 0) break;
        for (int pl = 0; pl < g->nplayers; pl++) {
            const int *m = M[symk[pl]];
            if (dir_add(g, m[0] * g->dx[i] + m[1] * g->dy[i], m[2] * g->dx[i] + m[3] * g->dy[i], NULL) < 0) break;
        }
    }
    if (g->ndirs >= MAX_DIRS) diag_error(C->diag, (SrcLoc){0, 0, 1}, "more than %d directions", MAX_DIRS - 1);
    for (int i = 0; i < g->ndirs; i++) {
        g->opposite[i] = dir_add(g, -g->dx[i], -g->dy[i], NULL);
        for (int pl = 0; pl < g->nplayers; pl++) {
            const int *m = M[symk[pl]];
            g->dir_map[pl][i] = dir_add(g, m[0] * g->dx[i] + m[1] * g->dy[i], m[2] * g->dx[i] + m[3] * g->dy[i], NULL);
        }
    }
    for (int pl = 0; pl < g->nplayers; pl++)
        for (int i = 0; i < g->ndirs; i++)
            if (g->dir_map[pl][i] >= 0) g->dir_unmap[pl][g->dir_map[pl][i]] = i;
    /* squares as each player sees them: the symmetry about the board's centre */
    for (int pl = 0; pl < g->nplayers; pl++) {
        const int *m = M[symk[pl]];
        g->sq_view[pl] = arena_alloc(&g->arena, sizeof(int16_t) * (size_t)(g->nsq ? g->nsq : 1));
        for (int s = 0; s < g->nsq; s++) {
            int cx = 2 * g->sq_x[s] - (g->files - 1), cy = 2 * g->sq_y[s] - (g->ranks - 1);
            int x = m[0] * cx + m[1] * cy + (g->files - 1), y = m[2] * cx + m[3] * cy + (g->ranks - 1);
            g->sq_view[pl][s] = (x < 0 || y < 0 || x % 2 || y % 2 || x / 2 >= g->files || y / 2 >= g->ranks)
                ? -1 : game_sq_at(g, x / 2, y / 2);
        }
    }
    g->dirset_abs = arena_alloc(&g->arena, sizeof(uint64_t) * 256 * MAX_PLAYERS);
    g->neighbor = arena_alloc(&g->arena, sizeof(int16_t) * (size_t)(g->nsq ? g->nsq : 1) * (size_t)(g->ndirs ? g->ndirs : 1));
    for (int s = 0; s < g->nsq; s++)
        for (int d = 0; d < g->ndirs; d++) {
            int x = g->sq_x[s] + g->dx[d], y = g->sq_y[s] + g->dy[d];
            g->neighbor[s * g->ndirs + d] = (x < 0 || y < 0 || x >= g->files || y >= g->ranks)
                ? -1 : game_sq_at(g, x, y);
        }
}

static void finish_dirsets(Game *g)
{
    for (int k = 0; k < g->ndirsets; k++)
        for (int pl = 0; pl < MAX_PLAYERS; pl++) {
            uint64_t m = 0, r = g->dirset_rel[k];
            for (int d = 0; d < g->ndirs; d++)
                if (r >> d & 1) m |= 1ull << g->dir_map[pl < g->nplayers ? pl : 0][d];
            g->dirset_abs[k * MAX_PLAYERS + pl] = m;
        }
}

/* ---------- constant lists (zones, literal sets) ---------- */

int make_list(Compiler *C, int vtype, int n, const int32_t *items)
{
    Game *g = C->g;
    if (g->nlists >= MAX_LISTS) {
        if (!(C->full & 4)) diag_error(C->diag, (SrcLoc){C->line, 1, 1}, "more than %d zones and sets", MAX_LISTS);
        C->full |= 4;
        return 0;
    }
    List *l = &g->lists[g->nlists];
    l->vtype = vtype;
    for (int pl = 0; pl < MAX_PLAYERS; pl++) {
        l->n[pl] = n;
        l->item[pl] = arena_alloc(&g->arena, sizeof(int32_t) * (size_t)(n ? n : 1));
        memcpy(l->item[pl], items, sizeof(int32_t) * (size_t)n);
    }
    return g->nlists++;
}

/* `drops free T1 T2 { }`: the types the program drops, whatever the hands hold. */
static void drops_free_types(Compiler *C, Ast *list)
{
    Game *g = C->g;
    g->drops_free = arena_alloc(&g->arena, (size_t)g->ntypes + 1);
    memset(g->drops_free, 0, (size_t)g->ntypes + 1);
    for (int i = 0; i < list->nkids; i++) {
        Ast *k = list->kids[i];
        Sym *s = sym_find(C, k->name);
        if (!s || s->kind != SYM_TYPE) {
            diag_error(C->diag, k->loc, "`drops free` lists piece types; '%s' is not one", k->name);
            if (!s) suggest(C, k->name, k->loc);
            continue;
        }
        g->drops_free[s->index] = 1;
    }
}

/* `display { mark ZONE; map ATTRIBUTE; show VARIABLE ["label"]; hide VARIABLE; }` (display.c
 * draws them; hide is for the web board and svg: a piece or square variable kept for the rules'
 * bookkeeping, not drawn) */
static void make_display(Compiler *C, Ast *d)
{
    Game *g = C->g;
    for (int i = 0; i < d->nkids; i++) {
        Ast *it = d->kids[i], *what = it->kids[0];
        Sym *s = sym_find(C, what->name);
        if (!strcmp(it->name, "mark")) {
            if (!s || s->kind != SYM_ZONE) { diag_error(C->diag, what->loc, "`mark` takes a zone; '%s' is not one", what->name); continue; }
            g->display_mark = s->index;
        } else if (!strcmp(it->name, "map")) {
            if (!s || s->kind != SYM_ATTR || g->attrs[s->index].vtype != VT_INT || g->attrs[s->index].key != VT_SQUARE) {
                diag_error(C->diag, what->loc, "`map` takes an int attribute; '%s' is not one", what->name); continue;
            }
            g->display_map = s->index;
        } else if (!strcmp(it->name, "show")) {
            if (!s || s->kind != SYM_VAR || (g->vars[s->index].kind != VAR_GLOBAL && g->vars[s->index].kind != VAR_PLAYER)) {
                diag_error(C->diag, what->loc, "`show` takes a global or player variable; '%s' is not one", what->name); continue;
            }
            if (g->ndisplay >= MAX_DISPLAY) { diag_error(C->diag, it->loc, "more than %d variables to show", MAX_DISPLAY); continue; }
            g->display_var[g->ndisplay] = s->index;
            g->display_label[g->ndisplay++] = it->kids[1]->kind == AST_STRING ? it->kids[1]->str : what->name;
        } else if (!strcmp(it->name, "hide")) {
            int k = s && s->kind == SYM_VAR ? g->vars[s->index].kind : -1;
            if (k != VAR_PIECE && k != VAR_SQUARE) {
                diag_error(C->diag, what->loc,
                           "`hide` takes a piece or square variable; '%s' is not one", what->name);
                continue;
            }
            g->vars[s->index].hidden = 1;
        } else
            diag_error(C->diag, it->loc,
                       "unknown display item '%s' (expected mark, map, show or hide)", it->name);
    }
}

static void make_zone(Compiler *C, Ast *d)
{
    Game *g = C->g;
    if (g->nlists >= MAX_LISTS) { diag_error(C->diag, d->loc, "more than %d zones and sets", MAX_LISTS); return; }
    int li = g->nlists++;
    List *l = &g->lists[li];
    l->vtype = VT_SQUARE;
    uint8_t *shared = NULL;
    for (int i = 0; i < d->nkids; i++) {
        Ast *k = d->kids[i];
        if (k->kind == AST_ZONE_FOR) {
            Sym *p = sym_find(C, k->name);
            if (!p || p->kind != SYM_PLAYER) { diag_error(C->diag, k->loc, "'%s' is not a player", k->name); continue; }
            uint8_t *m = arena_alloc(&g->arena, (size_t)g->nsq + 1);
            if (k->nkids) squareset(C, k->kids[0], m);
            l->member[p->index] = m;
        } else {
            if (!shared) shared = arena_alloc(&g->arena, (size_t)g->nsq + 1);
            Ast *set = k;
            if (k->kind != AST_SQUARESET) {
                Ast *one[1] = { k }; Ast tmp = *k; tmp.kind = AST_SQUARESET; tmp.kids = one; tmp.nkids = 1;
                squareset(C, &tmp, shared);
            } else squareset(C, set, shared);
        }
    }
    for (int pl = 0; pl < MAX_PLAYERS; pl++) {
        if (!l->member[pl]) l->member[pl] = shared ? shared : arena_alloc(&g->arena, (size_t)g->nsq + 1);
        int n = 0;
        for (int s = 0; s < g->nsq; s++) n += l->member[pl][s];
        l->item[pl] = arena_alloc(&g->arena, sizeof(int32_t) * (size_t)(n ? n : 1));
        l->n[pl] = 0;
        for (int s = 0; s < g->nsq; s++) if (l->member[pl][s]) l->item[pl][l->n[pl]++] = s;
    }
    sym_add(C, d->name, SYM_ZONE, li, d);
}

/* ---------- types of declarations ---------- */

static Ty decl_type(Compiler *C, Ast *t)
{
    Ty ty = { VT_INT, 0 };
    if (!t || t->kind != AST_TYPE || !t->name) return ty;
    static const struct { const char *n; int t; } names[] = {
        {"int", VT_INT}, {"bool", VT_BOOL}, {"square", VT_SQUARE}, {"dir", VT_DIR}, {"dirs", VT_DIRS},
        {"type", VT_TYPE}, {"player", VT_PLAYER}, {"piece", VT_PIECE} };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(t->name, names[i].n)) { ty.t = names[i].t; return ty; }
    Sym *s = sym_find(C, t->name);
    if (s && s->kind == SYM_FLAGSET) { ty.t = VT_FLAGS; ty.extra = s->index; return ty; }
    if (!strcmp(t->name, "zone"))
        diag_error(C->diag, t->loc, "a zone is a value of programs (a `let`), not of the game's state: a "
                   "`square var` of type bool can hold one");
    else diag_error(C->diag, t->loc, "unknown type '%s'", t->name);
    return ty;
}

/* A constant value of a declaration (var initial value, attribute entry). */
static int64_t const_value(Compiler *C, Ast *e, Ty ty)
{
    Game *g = C->g;
    if (!e || e->kind == AST_NOTHING) return ty.t == VT_SQUARE || ty.t == VT_PLAYER || ty.t == VT_DIR ? -1 : 0;
    if (e->kind == AST_NUM && (ty.t == VT_INT)) return e->num;
    if (e->kind == AST_UNARY && e->num == '-' && e->nkids == 1 && e->kids[0]->kind == AST_NUM && ty.t == VT_INT)
        return -e->kids[0]->num;
    if (e->kind == AST_IDENT) {
        if (!strcmp(e->name, "none") && ty.t != VT_INT && ty.t != VT_BOOL)
            return ty.t == VT_SQUARE || ty.t == VT_PLAYER || ty.t == VT_DIR ? -1 : 0;
        if (ty.t == VT_BOOL && !strcmp(e->name, "true")) return 1;
        if (ty.t == VT_BOOL && !strcmp(e->name, "false")) return 0;
        if (ty.t == VT_SQUARE) { int s = game_find_square(g, e->name); if (s >= 0) return s; }
    }
    if (ty.t == VT_FLAGS || ty.t == VT_DIRS) {
        Ast *one[1] = { e }; Ast **items = e->kids; int n = e->nkids;
        if (e->kind != AST_SETLIT && e->kind != AST_DIRS_LIT) { items = one; n = 1; }
        uint64_t m = 0;
        for (int i = 0; i < n; i++) {
            Ast *k = items[i];
            if (ty.t == VT_FLAGS) {
                Sym *s = k->kind == AST_IDENT ? sym_find(C, k->name) : NULL;
                if (s && s->kind == SYM_FLAG && s->extra == ty.extra) m |= 1ull << s->index;
                else if (k->kind == AST_IDENT && !strcmp(k->name, "none")) continue;
                else diag_error(C->diag, k->loc, "'%s' is not a flag of '%s'", k->name ? k->name : "?",
                                g->flagsets[ty.extra].name);
            } else {
                uint64_t sub;                  /* arrows are absolute: the first player's view */
                if (k->kind == AST_IDENT || k->kind == AST_VECTOR || k->kind == AST_SETLIT || k->kind == AST_DIRS_LIT) {
                    if (const_dirset(C, k, &sub) >= 0) m |= sub;
                } else diag_error(C->diag, k->loc, "expected a direction");
            }
        }
        return (int64_t)m;
    }
    if (ty.t == VT_TYPE && e->kind == AST_IDENT) {
        Sym *s = sym_find(C, e->name);
        if (s && s->kind == SYM_TYPE) return s->index;
    }
    if (ty.t == VT_PLAYER && e->kind == AST_IDENT) {
        Sym *s = sym_find(C, e->name);
        if (s && s->kind == SYM_PLAYER) return s->index;
    }
    if (ty.t == VT_DIR && e->kind == AST_IDENT) {
        Sym *s = sym_find(C, e->name);
        if (s && s->kind == SYM_DIR) return s->index;
    }
    diag_error(C->diag, e->loc, "expected a constant %s", type_name(ty, g));
    return 0;
}

/* What an attribute's entries are keyed by: the kind of the first key it lists (a square, a
 * piece type, a direction or a player; docs/design.md G10). */
static int attribute_key(Compiler *C, Ast *d, int first)
{
    for (int i = first; i < d->nkids; i++) {
        Ast *e = d->kids[i];
        if (e->kind != AST_ENTRY || e->nkids != 2) continue;
        Ast *k = e->kids[0]->kind == AST_SQUARESET && e->kids[0]->nkids ? e->kids[0]->kids[0] : e->kids[0];
        if (k->kind != AST_IDENT || game_find_square(C->g, k->name) >= 0) return VT_SQUARE;
        Sym *s = sym_find(C, k->name);
        if (s && s->kind == SYM_TYPE) return VT_TYPE;
        if (s && s->kind == SYM_DIR) return VT_DIR;
        if (s && s->kind == SYM_PLAYER) return VT_PLAYER;
        return VT_SQUARE;
    }
    return VT_SQUARE;
}

static void make_attribute(Compiler *C, Ast *d, int is_arrows)
{
    Game *g = C->g;
    if (g->nattrs >= MAX_VARS) { diag_error(C->diag, d->loc, "more than %d attributes", MAX_VARS); return; }
    Attribute *a = &g->attrs[g->nattrs];
    Ty ty = { VT_DIRS, 0 };
    int first = 0;
    a->name = is_arrows ? "arrows" : d->name;
    if (!is_arrows) { ty = decl_type(C, d->nkids ? d->kids[0] : NULL); first = 1; }
    a->vtype = ty.t; a->flagset = ty.extra;
    int64_t dflt = 0;
    if (!is_arrows && d->nkids > 1 && d->kids[1]->kind != AST_ENTRY) { dflt = const_value(C, d->kids[1], ty); first = 2; }
    else if (ty.t == VT_SQUARE || ty.t == VT_PLAYER || ty.t == VT_DIR) dflt = -1;
    a->key = is_arrows ? VT_SQUARE : attribute_key(C, d, first);
    a->n = a->key == VT_TYPE ? g->ntypes + 1 : a->key == VT_DIR ? g->ndirs : a->key == VT_PLAYER ? g->nplayers : g->nsq;
    a->value = arena_alloc(&g->arena, sizeof(int64_t) * (size_t)(a->n ? a->n : 1));
    for (int s = 0; s < a->n; s++) a->value[s] = dflt;
    uint8_t *m = arena_alloc(&C->tmp, (size_t)g->nsq + 1);
    for (int i = first; i < d->nkids; i++) {
        Ast *e = d->kids[i];
        if (e->kind != AST_ENTRY || e->nkids != 2) continue;
        Ast *set = e->kids[0];
        if (a->key != VT_SQUARE) {           /* types, directions or players, by name */
            int64_t v = const_value(C, e->kids[1], ty);
            Ast *one[1] = { set };
            Ast **keys = set->kind == AST_SQUARESET ? set->kids : one;
            int nk = set->kind == AST_SQUARESET ? set->nkids : 1;
            static const int want[] = { [VT_TYPE] = SYM_TYPE, [VT_DIR] = SYM_DIR, [VT_PLAYER] = SYM_PLAYER };
            for (int k = 0; k < nk; k++) {
                Sym *s = keys[k]->kind == AST_IDENT ? sym_find(C, keys[k]->name) : NULL;
                if (!s || (int)s->kind != want[a->key]) {
                    diag_error(C->diag, keys[k]->loc, "'%s' is not a %s: the keys of '%s' are %ss, as its first one",
                               keys[k]->name ? keys[k]->name : "..", type_name((Ty){ a->key, 0 }, g), a->name,
                               type_name((Ty){ a->key, 0 }, g));
                    continue;
                }
                a->value[s->index] = v;
            }
            continue;
        }
        memset(m, 0, (size_t)g->nsq);
        if (set->kind != AST_SQUARESET) {
            Ast *one[1] = { set }; Ast tmp = *set; tmp.kind = AST_SQUARESET; tmp.kids = one; tmp.nkids = 1;
            squareset(C, &tmp, m);
        } else squareset(C, set, m);
        int64_t v = const_value(C, e->kids[1], ty);
        for (int s = 0; s < g->nsq; s++) if (m[s]) a->value[s] = v;
    }
    sym_add(C, a->name, SYM_ATTR, g->nattrs, d);
    g->nattrs++;
}

/* `transient` (docs/design.md §3 G3): a variable outside the position, set back to its start
 * value at every turn. The other words say something only of a variable in the position. */
static void check_transient(Compiler *C, Var *v, SrcLoc at)
{
    if (!v->transient) return;
    if (v->kind == VAR_PIECE)
        diag_error(C->diag, at, "a piece variable is stored in its piece, which is part of the position: it cannot be "
                   "`transient` (a `square var` can)");
    else if (v->reset)
        diag_error(C->diag, at, "'%s' cannot be both `transient` and `reset`: a transient variable is already set back "
                   "to its start value at every turn, and no move carries its changes", v->name);
    else if (v->uncounted)
        diag_error(C->diag, at, "'%s' cannot be both `transient` and `uncounted`: a transient variable is no part of "
                   "the position at all, not only of its identity for `repetition`", v->name);
    else return;
    v->transient = 0;
}

/* `piece var statue: bool value 50%;`: what the variable changes in the engine's value of its
 * piece (docs/engine.md §6.8). A percentage scales the type's value while the variable is not
 * 0; a number is added once per unit of the variable, so at most MAX_PIECE_VALUE in all. */
static void var_value(Compiler *C, Var *v, const Ast *k)
{
    Game *g = C->g;
    if (v->kind != VAR_PIECE) {
        diag_error(C->diag, k->loc, "only a piece variable can have a `value` (what it changes in its piece's "
                   "value for the engine)");
        return;
    }
    if (k->num2 && (k->num < 0 || k->num > 1000)) {
        diag_error(C->diag, k->loc, "a piece variable's value in percent must be 0%% to 1000%% of its piece's value");
        return;
    }
    if (!k->num2 && (k->num < -MAX_PIECE_VALUE / v->max || k->num > MAX_PIECE_VALUE / v->max)) {
        diag_error(C->diag, k->loc, "a piece variable's value must be -%d to %d per unit (%d in all at its largest "
                   "value %d)", MAX_PIECE_VALUE / v->max, MAX_PIECE_VALUE / v->max, MAX_PIECE_VALUE, v->max);
        return;
    }
    v->value = (int)k->num;
    v->value_pct = (int)k->num2;
    g->valued_piece_bits |= ((1u << v->bits) - 1) << v->shift;
    g->valued_vars[g->nvalued++] = g->nvars;
}

static void make_var(Compiler *C, Ast *d)
{
    Game *g = C->g;
    if (g->nvars >= MAX_VARS * 4) { diag_error(C->diag, d->loc, "too many variables"); return; }
    Var *v = &g->vars[g->nvars];
    Ty ty = decl_type(C, d->nkids ? d->kids[0] : NULL);
    if (d->nkids && d->kids[0]->name && !strcmp(d->kids[0]->name, "zone")) return;   /* (said) */
    v->name = d->name; v->kind = (int)d->num; v->vtype = ty.t; v->flagset = ty.extra;
    if (d->str) {                        /* `piece var promoted "~": bool;` */
        size_t n = strlen(d->str);
        int ok = v->kind == VAR_PIECE && ty.t == VT_BOOL && n >= 1 && n <= 3;
        for (size_t i = 0; i < n; i++) ok &= !!ispunct((unsigned char)d->str[i]) && !strchr("{}[]()/,=+-", d->str[i]);
        if (!ok) diag_error(C->diag, d->loc, "a mark (\"%s\") is for a bool piece variable: 1 to 3 signs such as "
                            "~ ! * (not letters, digits, brackets, / , = + -)", d->str);
        else v->mark = d->str;
        for (int i = 0; i < g->nvars && v->mark; i++)      /* a mark must not begin another */
            if (g->vars[i].mark && (!strncmp(g->vars[i].mark, v->mark, strlen(g->vars[i].mark)) ||
                                    !strncmp(g->vars[i].mark, v->mark, strlen(v->mark))))
                diag_error(C->diag, d->loc, "the mark \"%s\" and the mark \"%s\" of '%s' would be read as one "
                           "another", v->mark, g->vars[i].mark, g->vars[i].name);
    }
    v->reset = (int)(d->num2 & 1);
    v->uncounted = (int)(d->num2 >> 1 & 1);
    v->transient = (int)(d->num2 >> 2 & 1);
    SrcLoc words = d->nkids > 2 && d->kids[2]->loc.line ? d->kids[2]->loc : d->loc;
    check_transient(C, v, words);
    Ast *init = d->nkids > 1 ? d->kids[1] : NULL;
    /* `var used: int = 0 halfmove;` reads as the set `0 halfmove`: name the word that is no
     * part of the value, not the value */
    if (init && init->kind == AST_SETLIT && init->nkids > 1 && ty.t != VT_FLAGS && ty.t != VT_DIRS) {
        diag_error(C->diag, init->kids[1]->loc, "expected `;`, `reset`, `uncounted` or `transient` after the start "
                   "value of '%s'", d->name);
        init = init->kids[0];
    }
    v->init = const_value(C, init, ty);
    if (v->kind == VAR_PIECE) {
        int bits = 1;
        if (ty.t == VT_INT) {
            long hi = 15;
            Ast *t = d->kids[0];
            if (t->nkids == 2) {
                hi = t->kids[1]->num;
                if (t->kids[0]->num != 0 || hi < 1 || hi > 65535) {
                    diag_error(C->diag, t->loc, "a piece variable's range is 0..N with N from 1 to 65535");
                    hi = 15;
                }
            }
            bits = 0;
            while ((1L << bits) <= hi) bits++;
        } else if (ty.t != VT_BOOL) {
            diag_error(C->diag, d->loc, "a piece variable is a bool or an int range");
        }
        if (g->piece_bits + bits > 20) {
            diag_error(C->diag, d->loc, "piece variables need more than the 20 bits a piece has");
            return;
        }
        v->shift = 12 + g->piece_bits; v->bits = bits;
        v->max = ty.t == VT_INT ? (int)((1L << bits) - 1) : 1;
        if (ty.t == VT_INT && d->kids[0]->nkids == 2 && d->kids[0]->kids[1]->num >= 1 && d->kids[0]->kids[1]->num <= 65535)
            v->max = (int)d->kids[0]->kids[1]->num;
        if (v->init < 0 || v->init > v->max)
            diag_error(C->diag, d->loc, "the initial value %lld of '%s' is not in its range 0..%d",
                       (long long)v->init, v->name, v->max);
        g->piece_bits += bits;
        /* an `uncounted` piece variable: its bits are left out of the repetition key */
        if (v->uncounted) g->uncounted_piece_bits |= ((1u << bits) - 1) << v->shift;
    }
    if (d->nkids > 3 && d->kids[3]->kind == AST_VALUE) var_value(C, v, d->kids[3]);
    if (v->reset && v->kind == VAR_GLOBAL) {
        if (g->nreset >= MAX_VARS) { diag_error(C->diag, d->loc, "more than %d `reset` variables", MAX_VARS); return; }
        g->reset_vars[g->nreset++] = g->nvars;
    }
    else if (v->reset) diag_error(C->diag, d->loc, "only global variables can be `reset`");
    sym_add(C, v->name, SYM_VAR, g->nvars, d);
    g->nvars++;
}

/* ---------- pieces ---------- */

/* The zone named by `in ZONE` / `from ZONE` of a line, or -1. */
static int atom_zone(Compiler *C, const char *name, SrcLoc loc)
{
    if (!name) return -1;
    Sym *s = sym_find(C, name);
    if (!s || s->kind != SYM_ZONE) { diag_error(C->diag, loc, "'%s' is not a zone", name); return -1; }
    return s->index;
}

static void piece_atoms(Compiler *C, Ast *line, Atom **atoms, int *n)
{
    Ast *lit = line->nkids ? line->kids[0] : NULL;
    if (!lit) return;
    Ast *zones = line->nkids > 1 ? line->kids[1] : NULL;
    int to_zone = zones ? atom_zone(C, zones->name, zones->loc) : -1;
    int from_zone = zones ? atom_zone(C, zones->str, zones->loc) : -1;
    int kind = line->kind == AST_LEAP ? ATOM_LEAP : line->kind == AST_RIDE ? ATOM_RIDE : ATOM_HOP;
    if (kind == ATOM_RIDE && zones)
        diag_error(C->diag, zones->loc, "`in` and `from` zones are for leap and hop lines (write a zoned ride as a program)");
    /* two-step leaps (`n+ne`) one by one; the other terms as one direction set */
    int nlegs = 0;
    Ast *plain = lit;
    if (lit->kind == AST_DIRS_LIT) {
        plain = ast_new(&C->tmp, AST_DIRS_LIT, lit->loc);
        for (int i = 0; i < lit->nkids; i++) {
            if (lit->kids[i]->kind == AST_LEG) nlegs++;
            else ast_add(&C->tmp, plain, lit->kids[i]);
        }
    }
    uint64_t mask = 0;
    if (plain->nkids || plain->kind != AST_DIRS_LIT)
        if (const_dirset(C, plain, &mask) < 0) return;
    int cnt = nlegs;
    for (int d = 0; d < 64; d++) cnt += (int)(mask >> d & 1);
    Atom *a = arena_alloc(&C->g->arena, sizeof(Atom) * (size_t)(*n + cnt));
    if (*n) memcpy(a, *atoms, sizeof(Atom) * (size_t)*n);
    Atom proto = { .kind = kind, .mode = (int)line->num, .leg = -1, .to_zone = to_zone, .from_zone = from_zone };
    for (int d = 0; d < 64; d++)
        if (mask >> d & 1) { a[*n] = proto; a[*n].dir = d; (*n)++; }
    for (int i = 0; lit->kind == AST_DIRS_LIT && i < lit->nkids; i++) {
        Ast *t = lit->kids[i];
        if (t->kind != AST_LEG || t->nkids != 2) continue;
        int leg = dir_term(C, t->kids[0]), d = dir_term(C, t->kids[1]);
        if (leg < 0 || d < 0) continue;
        a[*n] = proto; a[*n].leg = leg; a[*n].dir = d; (*n)++;
    }
    *atoms = a;
}

static void declare_piece(Compiler *C, Ast *d)
{
    Game *g = C->g;
    if (g->ntypes >= MAX_TYPES) { diag_error(C->diag, d->loc, "more than %d piece types", MAX_TYPES); return; }
    const char *code = d->str ? d->str : "";
    /* letters, perhaps after a '+' (shogi's promoted pieces: "+P" is written +P in positions) */
    const char *letters = code[0] == '+' ? code + 1 : code;
    int okcode = letters[0] != 0 && strlen(code) <= 4;
    for (const char *c = letters; *c; c++) if (!isalpha((unsigned char)*c)) okcode = 0;
    if (!okcode) diag_error(C->diag, d->loc, "a piece code is 1 to 4 letters, perhaps after a '+', not \"%s\"", code);
    PieceType *T = &g->types[++g->ntypes];
    T->name = d->name; T->code = code;
    for (int i = 0; i < d->nkids; i++) if (d->kids[i]->kind == AST_NEUTRAL) T->neutral = 1;
    char *lc = arena_strdup(&g->arena, code);
    if (!T->neutral)        /* a neutral piece is written as declared, whoever looks */
        for (char *c = lc; *c; c++) *c = (char)tolower((unsigned char)*c);
    T->lcode = lc;
    T->moves_fn = T->attack_fn = -1;
    T->bonus_attr = -1;
    for (int t = 1; t < g->ntypes; t++) {
        if (!strcmp(g->types[t].code, code) || !strcmp(g->types[t].lcode, code) ||
            (g->nplayers > 1 && (!strcmp(g->types[t].code, lc) || !strcmp(g->types[t].lcode, lc))))
            diag_error(C->diag, d->loc, "piece code \"%s\" is already used by %s", code, g->types[t].name);
    }
    if (g->nplayers > 1 && !T->neutral && !strcmp(code, lc))
        diag_error(C->diag, d->loc, "piece code \"%s\" must start with a capital letter (the second player's pieces are written in lower case)", code);
    sym_add(C, d->name, SYM_TYPE, g->ntypes, d);
}

static void define_piece(Compiler *C, Ast *d, int t)
{
    Game *g = C->g;
    PieceType *T = &g->types[t];
    for (int i = 0; i < d->nkids; i++) {
        Ast *k = d->kids[i];
        switch (k->kind) {
        case AST_VALUE:
            /* the engine adds values up over every piece and hand: bounded, they cannot overflow */
            if (k->num < -MAX_PIECE_VALUE || k->num > MAX_PIECE_VALUE)
                diag_error(C->diag, k->loc, "a piece's value is -%d to %d (centipawns: a chess pawn is 100)",
                           MAX_PIECE_VALUE, MAX_PIECE_VALUE);
            else T->value = (int)k->num;
            break;
        case AST_ROYAL:
            T->royal = 1; g->has_royal = 1;
            g->royal_types[t >> 6] |= 1ull << (t & 63);
            break;
        case AST_NEUTRAL: break;           /* read by declare_piece */
        case AST_LEAP: case AST_RIDE: case AST_HOP: piece_atoms(C, k, &T->atoms, &T->natoms); break;
        case AST_ATTACK:
            if (!k->nkids || k->kids[0]->kind == AST_MOVES) T->attack_moves = 1;
            else if (k->kids[0]->kind == AST_BLOCK) {
                char *nm = arena_alloc(&g->arena, strlen(T->name) + 10);
                sprintf(nm, "%s attack", T->name);
                T->attack_fn = compile_function(C, nm, FN_ATTACK, 0, k->kids[0], NULL, NULL);
                if (k->nkids > 1) {                /* `attack near DIRS { }` */
                    piece_atoms(C, k->kids[1], &T->near, &T->nnear);
                    if (!T->nnear)
                        diag_error(C->diag, k->kids[1]->loc,
                                   "`attack near` names the directions its program reaches");
                }
            } else piece_atoms(C, k->kids[0], &T->attack_atoms, &T->nattack_atoms);
            break;
        case AST_BONUS: {
            Sym *s = sym_find(C, k->name);
            if (!s || s->kind != SYM_ATTR || g->attrs[s->index].vtype != VT_INT || g->attrs[s->index].key != VT_SQUARE)
                diag_error(C->diag, k->loc, "`bonus` names an int attribute (a value per square), not '%s'", k->name);
            else {
                T->bonus_attr = s->index;
                const Attribute *a = &g->attrs[s->index];
                for (int sq = 0; sq < g->nsq; sq++)
                    if (a->value[sq] < -MAX_PIECE_VALUE || a->value[sq] > MAX_PIECE_VALUE) {
                        diag_error(C->diag, k->loc, "`bonus` %s: its value on %s is %lld; a bonus is -%d to %d",
                                   k->name, g->sq_name[sq], (long long)a->value[sq], MAX_PIECE_VALUE, MAX_PIECE_VALUE);
                        break;
                    }
            }
            break;
        }
        case AST_MOVES:
            if (T->moves_fn >= 0) { diag_error(C->diag, k->loc, "%s has two `moves` blocks", T->name); break; }
            if (k->nkids) T->moves_fn = compile_function(C, T->name, FN_MOVES, 0, k->kids[0], NULL, NULL);
            break;
        default: diag_error(C->diag, k->loc, "unexpected %s in a piece", ast_kind_name(k->kind));
        }
    }
}

/* ---------- options and `when` ---------- */

static int option_value_index(const Option *o, const char *v)
{
    for (int i = 0; i < o->nvalues; i++) if (!strcmp(o->values[i], v)) return i;
    return -1;
}

static int const_cond(Compiler *C, Ast *e, int *ok)
{
    switch (e->kind) {
    case AST_NUM: return e->num != 0;
    case AST_IDENT: {
        if (!strcmp(e->name, "true")) return 1;
        if (!strcmp(e->name, "false")) return 0;
        Sym *s = sym_find(C, e->name);
        if (s && s->kind == SYM_OPTION && !C->g->options[s->index].nvalues) return C->g->options[s->index].value;
        break;
    }
    case AST_UNARY: if (e->nkids == 1) return !const_cond(C, e->kids[0], ok); break;
    case AST_BINARY:
        if (e->nkids != 2) break;
        if (e->num == BIN_AND) return const_cond(C, e->kids[0], ok) & const_cond(C, e->kids[1], ok);
        if (e->num == BIN_OR) return const_cond(C, e->kids[0], ok) | const_cond(C, e->kids[1], ok);
        if ((e->num == BIN_EQ || e->num == BIN_NE) && e->kids[0]->kind == AST_IDENT && e->kids[1]->kind == AST_NUM) {
            Sym *s = sym_find(C, e->kids[0]->name);
            if (s && s->kind == SYM_OPTION && C->g->options[s->index].numeric) {
                const Option *o = &C->g->options[s->index];
                return (atol(o->values[o->value]) == e->kids[1]->num) == (e->num == BIN_EQ);
            }
        }
        if ((e->num == BIN_EQ || e->num == BIN_NE) && e->kids[0]->kind == AST_IDENT && e->kids[1]->kind == AST_IDENT) {
            Sym *s = sym_find(C, e->kids[0]->name);
            if (s && s->kind == SYM_OPTION && C->g->options[s->index].nvalues) {
                const Option *o = &C->g->options[s->index];
                int v = option_value_index(o, e->kids[1]->name);
                if (v < 0) {
                    diag_error(C->diag, e->kids[1]->loc, "'%s' is not a value of option '%s'", e->kids[1]->name, o->name);
                    *ok = 0; return 0;
                }
                return (o->value == v) == (e->num == BIN_EQ);
            }
        }
        break;
    default: break;
    }
    diag_error(C->diag, e->loc, "a `when` condition uses only options, `and`, `or`, `not` and `==`/`!=` with option values");
    *ok = 0;
    return 0;
}

/* Whether the end block's first statement is `if no-moves { lose ... }` (its block beginning
 * with the loss): then a side with no legal move loses, and the engine counts a side's moves
 * in its evaluation (search.c). Only this plain form is recognised: an end block that decides
 * otherwise (antichess: a win; Othello: by the discs), or in a way not read at a glance, gets
 * no mobility term, which costs only strength. */
static int end_says_no_move_loses(Ast **decls, int nd)
{
    for (int i = 0; i < nd; i++) {
        const Ast *d = decls[i];
        if (d->kind != AST_HOOK || d->num != HOOK_END || !d->nkids) continue;
        const Ast *b = d->kids[0];
        if (b->kind != AST_BLOCK || !b->nkids) return 0;
        const Ast *st = b->kids[0];
        if (st->kind != AST_IF || st->nkids < 2) return 0;
        const Ast *c = st->kids[0], *then = st->kids[1];
        if (c->kind != AST_IDENT || !c->name || strcmp(c->name, "no-moves")) return 0;
        return then->kind == AST_BLOCK && then->nkids && then->kids[0]->kind == AST_RESULT &&
               then->kids[0]->num == RESULT_LOSS;
    }
    return 0;
}

static void flatten(Compiler *C, Ast *list, Ast ***out, int *n, int *cap)
{
    for (int i = 0; i < list->nkids; i++) {
        Ast *d = list->kids[i];
        if (d->kind == AST_WHEN) {
            int ok = 1;
            if (d->nkids < 1) continue;
            int v = const_cond(C, d->kids[0], &ok);
            if (ok && v) {
                Ast body = *d; body.kids = d->kids + 1; body.nkids = d->nkids - 1;
                flatten(C, &body, out, n, cap);
            }
            continue;
        }
        if (*n == *cap) {
            *cap = *cap ? *cap * 2 : 64;
            Ast **nw = arena_alloc(&C->tmp, sizeof *nw * (size_t)*cap);
            if (*n) memcpy(nw, *out, sizeof *nw * (size_t)*n);
            *out = nw;
        }
        (*out)[(*n)++] = d;
    }
}

static int set_options(Compiler *C, Ast *root, int nopts, char **opts)
{
    Game *g = C->g;
    int n = 0;
    for (int i = 0; i < root->nkids; i++) n += root->kids[i]->kind == AST_OPTION;
    g->options = arena_alloc(&g->arena, sizeof(Option) * (size_t)(n + 1));
    for (int i = 0; i < root->nkids; i++) {
        Ast *d = root->kids[i];
        if (d->kind != AST_OPTION) continue;
        Option *o = &g->options[g->noptions];
        o->name = d->name;
        o->nvalues = d->nkids;
        o->values = arena_alloc(&g->arena, sizeof(char *) * (size_t)(d->nkids + 1));
        o->numeric = d->nkids > 0;
        for (int k = 0; k < d->nkids; k++) {
            if (d->kids[k]->kind == AST_NUM) {
                char *v = arena_alloc(&g->arena, 24);
                snprintf(v, 24, "%ld", d->kids[k]->num);
                o->values[k] = v;
            } else { o->values[k] = d->kids[k]->name; o->numeric = 0; }
        }
        if (sym_add(C, d->name, SYM_OPTION, g->noptions, d)) g->noptions++;
    }
    /* Each option may be given once: which setting gave it, so that a second one is refused
     * rather than silently replacing the first (the option list is also what records and
     * the web board keep, where "knights=zebra knights=centaur" would read both ways). */
    const char **given = arena_alloc(&C->tmp, sizeof *given * (size_t)(g->noptions + 1));
    memset(given, 0, sizeof *given * (size_t)(g->noptions + 1));
    for (int i = 0; i < nopts; i++) {
        char name[256];
        const char *eq = strchr(opts[i], '=');
        size_t len = eq ? (size_t)(eq - opts[i]) : strlen(opts[i]);
        if (len >= sizeof name) len = sizeof name - 1;
        memcpy(name, opts[i], len); name[len] = 0;
        Sym *s = sym_find(C, name);
        if (!s || s->kind != SYM_OPTION) {
            fprintf(C->diag->out, "boardvm: %s has no option '%s'", C->diag->filename, name);
            if (g->noptions) {
                fprintf(C->diag->out, " (options:");
                for (int k = 0; k < g->noptions; k++) fprintf(C->diag->out, " %s", g->options[k].name);
                fprintf(C->diag->out, ")");
            }
            fprintf(C->diag->out, "\n");
            return 0;
        }
        if (given[s->index]) {
            fprintf(C->diag->out, "boardvm: option '%s' is given twice ('%s', then '%s'): "
                    "give each option once\n", name, given[s->index], opts[i]);
            return 0;
        }
        given[s->index] = opts[i];
        Option *o = &g->options[s->index];
        if (!o->nvalues) {
            const char *v = eq ? eq + 1 : "on";
            if (!strcmp(v, "on") || !strcmp(v, "true") || !strcmp(v, "yes") || !strcmp(v, "1")) o->value = 1;
            else if (!strcmp(v, "off") || !strcmp(v, "false") || !strcmp(v, "no") || !strcmp(v, "0")) o->value = 0;
            else { fprintf(C->diag->out, "boardvm: option '%s' is a flag: give it as '%s' or '%s=off', not '%s'\n", name, name, name, opts[i]); return 0; }
        } else {
            int v = eq ? option_value_index(o, eq + 1) : -1;
            if (v < 0) {
                fprintf(C->diag->out, "boardvm: option '%s' takes one of:", name);
                for (int k = 0; k < o->nvalues; k++) fprintf(C->diag->out, " %s", o->values[k]);
                fprintf(C->diag->out, " (got '%s')\n", opts[i]);
                return 0;
            }
            o->value = v;
        }
    }
    return 1;
}

/* ---------- the driver ---------- */

static int var_slots(const Game *g, const Var *v)
{
    return v->kind == VAR_PLAYER ? g->nplayers : v->kind == VAR_SQUARE ? g->nsq : v->kind == VAR_GLOBAL;
}

/* The state array: cells, hands, the variables, the side to move, then the transient
 * variables, which the hash and everything that compares positions leave out (game.h). */
static void layout_state(Game *g)
{
    int at = g->nsq * g->stack;
    g->st_cells = 0;
    g->st_hands = at;
    at += g->nplayers * (g->ntypes + 1);
    for (int i = 0; i < g->nvars; i++) {
        Var *v = &g->vars[i];
        if (v->kind == VAR_PIECE || v->transient) continue;
        v->base = at;
        at += var_slots(g, v);
    }
    g->st_turn = at++;
    g->active_players = 0;
    if (g->norder)
        for (int i = 0; i < g->norder; i++) g->active_players |= 1u << g->order_player[i];
    else g->active_players = (1u << g->nplayers) - 1;
    g->active_players &= ~g->chance;      /* (dice are no side: a game of two and dice is of two) */
    g->st_out = __builtin_popcount(g->active_players) > 2 ? at++ : -1;
    g->st_transient = at;
    for (int i = 0; i < g->nvars; i++) {
        Var *v = &g->vars[i];
        if (v->kind == VAR_PIECE || !v->transient) continue;
        v->base = at;
        at += var_slots(g, v);
    }
    g->st_size = at;
    g->transient_init = arena_alloc(&g->arena, sizeof(int32_t) * (size_t)(at - g->st_transient + 1));
    for (int i = 0; i < g->nvars; i++) {
        const Var *v = &g->vars[i];
        if (v->kind == VAR_PIECE || !v->transient) continue;
        for (int k = 0; k < var_slots(g, v); k++)
            g->transient_init[v->base - g->st_transient + k] = (int32_t)v->init;
    }
    int n = 0;
    for (int i = 0; i < g->nvars; i++)
        if (g->vars[i].uncounted && g->vars[i].kind != VAR_PIECE)   /* (those: in the words) */
            n += g->vars[i].kind == VAR_PLAYER ? g->nplayers : g->vars[i].kind == VAR_SQUARE ? g->nsq : 1;
    g->uncounted_locs = arena_alloc(&g->arena, sizeof(int) * (size_t)(n + 1));
    for (int i = 0; i < g->nvars; i++) {
        const Var *v = &g->vars[i];
        if (!v->uncounted || v->kind == VAR_PIECE) continue;
        int k = v->kind == VAR_PLAYER ? g->nplayers : v->kind == VAR_SQUARE ? g->nsq : 1;
        for (int j = 0; j < k; j++) g->uncounted_locs[g->nuncounted++] = v->base + j;
    }
}

/* A `position` field as the reader and writer of position strings name it (posstring.c):
 * "board[hands]", "+checks", "-", or the name itself. */
static const char *field_name(Game *g, const Ast *f)
{
    if (f->num == 4) {                   /* "pieces(NUMBERS,TYPE)" */
        const char *a = f->kids[0]->name, *t = f->kids[1]->name;
        char *s = arena_alloc(&g->arena, strlen(f->name) + strlen(a) + strlen(t) + 4);
        sprintf(s, "%s(%s,%s)", f->name, a, t);
        return s;
    }
    if (f->num == 0 && !f->str) return f->name;
    char pre[32] = "";
    if (f->num == 1) strcpy(pre, "board[");
    else if (f->num == 2) strcpy(pre, "+");
    else if (f->num == 3) snprintf(pre, sizeof pre, "%ld-", f->num2);
    const char *post = f->num == 1 ? "]" : "", *opt = f->str ? "?" : "";
    char *s = arena_alloc(&g->arena, strlen(pre) + strlen(f->name) + strlen(post) + 2);
    strcpy(s, pre); strcat(s, f->name); strcat(s, post); strcat(s, opt);
    return s;
}

/* `pieces(NUMBERS, TYPE)`: NUMBERS an int attribute keyed by squares (the square numbers of
 * PDN), TYPE the piece type written without its code. */
static void check_pieces_field(Compiler *C, const Ast *fk)
{
    Game *g = C->g;
    if (strcmp(fk->name, "pieces") || fk->nkids != 2) {
        diag_error(C->diag, fk->loc, "'%s(...)' is not a position field (`pieces(NUMBERS, TYPE)` is)", fk->name);
        return;
    }
    Sym *a = sym_find(C, fk->kids[0]->name), *t = sym_find(C, fk->kids[1]->name);
    if (!a || a->kind != SYM_ATTR || g->attrs[a->index].vtype != VT_INT || g->attrs[a->index].key != VT_SQUARE)
        diag_error(C->diag, fk->kids[0]->loc, "'%s' is not an int attribute of squares (the numbers the "
                   "pieces' squares are written with)", fk->kids[0]->name);
    if (!t || t->kind != SYM_TYPE)
        diag_error(C->diag, fk->kids[1]->loc, "'%s' is not a piece type (the one written without its code)",
                   fk->kids[1]->name);
}

/* A `position` declaration's fields: each one the reader knows (board, turn, hands or a global
 * variable), once, and board and turn always: only variables and hands follow as name=value
 * fields when unlisted, so without them a position string would lose the board or the side
 * to move. A misspelt field was accepted, and no position string of the game could be read
 * back (found by the compile harness). The board may also be given as the pieces of each
 * player (`pieces(NUMBERS, TYPE)`, PDN). */
static void check_position(Compiler *C, Ast *d)
{
    Game *g = C->g;
    int has_board = 0, has_turn = 0, has_hands = 0, board_hands = 0, pieces_fields = 0;
    for (int k = 0; k < d->nkids; k++) {
        const Ast *fk = d->kids[k];
        const char *f = fk->name;
        if (fk->num == 4) {              /* pieces(NUMBERS, TYPE): one player's pieces */
            check_pieces_field(C, fk);
            if (has_board) diag_error(C->diag, fk->loc, "'board' and the pieces of each player are two ways of "
                                                        "one field: give one");
            pieces_fields++;
            continue;
        }
        if (fk->num == 1) {              /* board[hands] */
            if (strcmp(f, "hands"))
                diag_error(C->diag, fk->loc, "only the hands go in brackets after the board: `board[hands]`");
            if (has_board) diag_error(C->diag, fk->loc, "'board' is listed twice");
            if (has_hands) diag_error(C->diag, fk->loc, "'hands' is listed twice");
            has_board = has_hands = board_hands = 1;
            continue;
        }
        if (!strcmp(f, "-")) continue;   /* a field that holds nothing: any number of them */
        Sym *sy = sym_find(C, f);
        int var_kind = sy && sy->kind == SYM_VAR ? (int)g->vars[sy->index].kind : -1;
        if (fk->str && var_kind != VAR_GLOBAL && var_kind != VAR_PLAYER)
            diag_error(C->diag, fk->loc, "'%s?': only the field of a global or player variable may be "
                                       "absent", f);
        if (fk->num == 2) {              /* +v: a player variable, a `+` before each value */
            if (var_kind != VAR_PLAYER)
                diag_error(C->diag, fk->loc, "'+%s': a `+` goes before a player variable (`+checks`: +2+0)", f);
        } else if (fk->num == 3) {       /* K-v: what is left of K (checks still to give) */
            if ((var_kind != VAR_GLOBAL && var_kind != VAR_PLAYER) || g->vars[sy->index].vtype != VT_INT)
                diag_error(C->diag, fk->loc, "'%ld-%s': a count down goes before an int global or player "
                                           "variable (`3-checks`: 3+2)", fk->num2, f);
        } else if (strcmp(f, "board") && strcmp(f, "turn") && strcmp(f, "hands") && strcmp(f, "history")
                   && var_kind != VAR_GLOBAL && var_kind != VAR_PLAYER)
            diag_error(C->diag, fk->loc, "'%s' is not a position field (board, turn, hands, history, "
                                       "`-` or a global or player variable)", f);
        if (var_kind >= 0 && g->vars[sy->index].transient)
            diag_error(C->diag, fk->loc, "'%s' is `transient`, no part of the position: it cannot be a field of "
                                       "position strings", f);
        for (int j = 0; j < k; j++)        /* (a variable may be in two forms: `3-checks? +checks?`) */
            if (d->kids[j]->num != 1 && !strcmp(d->kids[j]->name, f) &&
                (d->kids[j]->num == fk->num || !(d->kids[j]->str || fk->str))) {
                diag_error(C->diag, fk->loc, "'%s' is listed twice", f); break;
            }
        if (board_hands && (!strcmp(f, "board") || !strcmp(f, "hands")))
            diag_error(C->diag, fk->loc, "'%s' is listed twice (in `board[hands]`)", f);
        has_board |= !strcmp(f, "board"); has_turn |= !strcmp(f, "turn"); has_hands |= !strcmp(f, "hands");
    }
    if (pieces_fields && pieces_fields != g->nplayers)
        diag_error(C->diag, d->loc, "a `position` declaration that lists the pieces of each player has a "
                   "`pieces` field for each of the %d players", g->nplayers);
    else if ((!has_board && !pieces_fields) || !has_turn)
        diag_error(C->diag, d->loc, "a `position` declaration lists `board` and `turn`");
}

/* A game with nothing declared yet: every hook and program absent, the default bounds. */
static Game *game_new_empty(const char *display_name)
{
    Game *g = calloc(1, sizeof *g);
    if (!g) out_of_memory("the compiled game");
    arena_init(&g->arena);
    g->filename = arena_strdup(&g->arena, display_name);
    g->drops_fn = g->turn_fn = g->extend_fn = -1;
    g->display_mark = g->display_map = -1;
    g->work_limit = GEN_BUDGET;
    g->step_limit = STEP_BUDGET;
    for (int i = 0; i < 8; i++) g->hook_fn[i] = -1;
    g->stack = 1;
    return g;
}

static void alloc_tables(Game *g)
{
    g->vars = arena_alloc(&g->arena, sizeof(Var) * MAX_VARS * 4);
    g->attrs = arena_alloc(&g->arena, sizeof(Attribute) * MAX_VARS);
    g->flagsets = arena_alloc(&g->arena, sizeof(FlagSet) * MAX_VARS);
    g->lists = arena_alloc(&g->arena, sizeof(List) * MAX_LISTS);
    g->dirset_rel = arena_alloc(&g->arena, sizeof(uint64_t) * 256);
    g->fns = arena_alloc(&g->arena, sizeof(CodeFunction) * 1024);
    g->konst = arena_alloc(&g->arena, sizeof(int64_t) * MAX_CONSTANTS);
    g->strings = arena_alloc(&g->arena, sizeof(char *) * MAX_STRINGS);
    g->strings[g->nstrings++] = "";
}

static void declare_players(Compiler *C, Ast *d)
{
    Game *g = C->g;
    for (int k = 0; k < d->nkids; k++) {
        if (g->nplayers >= MAX_PLAYERS) { diag_error(C->diag, d->kids[k]->loc, "more than %d players", MAX_PLAYERS); break; }
        g->player_name[g->nplayers] = d->kids[k]->name;
        g->player_letter[g->nplayers] = d->kids[k]->str ? d->kids[k]->str : d->kids[k]->name;
        /* position strings and the protocols tell the sides by their letters */
        if (!*g->player_letter[g->nplayers])
            diag_error(C->diag, d->kids[k]->loc, "player '%s' has an empty letter", d->kids[k]->name);
        for (int j = 0; j < g->nplayers; j++)
            if (!strcmp(g->player_letter[j], g->player_letter[g->nplayers]))
                diag_error(C->diag, d->kids[k]->loc, "players '%s' and '%s' have the same letter \"%s\" "
                           "(position strings tell the sides by it)", g->player_name[j],
                           d->kids[k]->name, g->player_letter[j]);
        sym_add(C, d->kids[k]->name, SYM_PLAYER, g->nplayers, d->kids[k]);
        if (d->kids[k]->num) { g->chance |= 1u << g->nplayers; g->any_chance = 1; }
        g->nplayers++;
    }
    if (g->nplayers && !game_sides(g))
        diag_error(C->diag, d->loc, "every player is a chance player: a game needs one that "
                   "chooses its moves");
}

static void declare_direction(Compiler *C, Ast *d)
{
    Game *g = C->g;
    if (d->num < -31 || d->num > 31 || d->num2 < -31 || d->num2 > 31 || (!d->num && !d->num2)) {
        diag_error(C->diag, d->loc, "a direction is a non-zero vector of at most 31 squares");
        return;
    }
    for (int k = 0; k < g->ndirs; k++)
        if (g->dx[k] == d->num && g->dy[k] == d->num2 && g->dir_name[k]) {
            diag_error(C->diag, d->loc, "'%s' is the same vector as '%s'", d->name, g->dir_name[k]);
        }
    int idx = dir_add(g, (int)d->num, (int)d->num2, d->name);
    if (idx < 0) diag_error(C->diag, d->loc, "more than %d directions", MAX_DIRS);
    else sym_add(C, d->name, SYM_DIR, idx, d);
}

/* Pass 1: who plays, on what board, in which directions; then the direction sets and each
 * player's symmetry (symk). Returns 0 after an error. */
static int pass_board(Compiler *C, Ast **decls, int nd, int *symk)
{
    Game *g = C->g;
    if (C->graph) make_graph_board(C, C->graph);
    for (int i = 0; i < nd; i++) {
        Ast *d = decls[i];
        switch (d->kind) {
        case AST_GAME: g->name = d->str; break;
        case AST_PLAYERS: declare_players(C, d); break;
        case AST_BOARD: case AST_SQUARES: make_board(C, d); break;
        case AST_STACK:
            if (d->num < 1 || d->num > MAX_STACK) diag_error(C->diag, d->loc, "stack is 1 to %d", MAX_STACK);
            else g->stack = (int)d->num;
            break;
        case AST_DIRECTION: declare_direction(C, d); break;
        default: break;
        }
    }
    if (!g->nplayers) diag_error(C->diag, (SrcLoc){1, 1, 1}, "no `players` declaration");
    if (!g->sq_name) { diag_error(C->diag, (SrcLoc){1, 1, 1}, "no `board` declaration"); return 0; }
    if (C->diag->errors) return 0;
    for (int i = 0; i < nd; i++) {
        Ast *d = decls[i];
        if (d->kind == AST_DIRS) {
            uint64_t m;
            int k = d->nkids == 1 ? const_dirset(C, d->kids[0], &m) : const_dirset(C, d, &m);
            if (k >= 0) sym_add(C, d->name, SYM_DIRSET, k, d);
        }
    }
    Ast *symmetry[MAX_PLAYERS] = {0};
    for (int i = 0; i < nd; i++) {
        Ast *d = decls[i];
        if (d->kind != AST_SYMMETRY) continue;
        Sym *p = sym_find(C, d->name);
        if (!p || p->kind != SYM_PLAYER) { diag_error(C->diag, d->loc, "'%s' is not a player", d->name); continue; }
        if (symmetry[p->index]) diag_error(C->diag, d->loc, "a second symmetry for %s", d->name);
        symmetry[p->index] = d;
        symk[p->index] = make_symmetry(C, d);
    }
    return !C->diag->errors;
}

static void declare_flags(Compiler *C, Ast *d)
{
    Game *g = C->g;
    if (g->nflagsets >= MAX_VARS) { diag_error(C->diag, d->loc, "too many flag sets"); return; }
    FlagSet *f = &g->flagsets[g->nflagsets];
    f->name = d->name;
    if (d->nkids > 31) { diag_error(C->diag, d->loc, "a flag set has at most 31 flags"); return; }
    for (int k = 0; k < d->nkids; k++) {
        f->flag[f->nflags] = d->kids[k]->name;
        Sym *s = sym_add(C, d->kids[k]->name, SYM_FLAG, f->nflags, d->kids[k]);
        if (s) s->extra = g->nflagsets;
        f->nflags++;
    }
    sym_add(C, d->name, SYM_FLAGSET, g->nflagsets, d);
    g->nflagsets++;
}

static void declare_position_format(Compiler *C, Ast *d)
{
    Game *g = C->g;
    if (g->nformats >= MAX_FORMATS) {       /* the first is written; any of them is read */
        diag_error(C->diag, d->loc, "more than %d `position` declarations", MAX_FORMATS);
        return;
    }
    PosFormat *f = &g->formats[g->nformats++];
    f->sep = d->str;
    f->fields = arena_alloc(&g->arena, sizeof(char *) * (size_t)(d->nkids + 1));
    f->nfields = d->nkids;
    for (int k = 0; k < d->nkids; k++) f->fields[k] = field_name(g, d->kids[k]);
    if (g->nformats == 1) { g->fields = f->fields; g->nfields = f->nfields; }
}

/* One declaration of pass 2 other than flags and pieces; *start_decl is the `start` met. */
static void declare_other(Compiler *C, Ast *d, Ast **start_decl)
{
    Game *g = C->g;
    switch (d->kind) {
    case AST_ZONE: make_zone(C, d); break;
    case AST_ARROWS: make_attribute(C, d, 1); break;
    case AST_ATTRIBUTE: make_attribute(C, d, 0); break;
    case AST_VAR: make_var(C, d); break;
    case AST_START:
        if (*start_decl) {
            diag_error(C->diag, d->loc, "a second `start` position");
            diag_note(C->diag, (*start_decl)->loc, "the first is here");
        } else { g->start = d->str; *start_decl = d; }
        break;
    case AST_WORK:
        if (d->num < 1 || d->num > MAX_WORK_MILLIONS)
            diag_error(C->diag, d->loc, "the work limit is 1 to %d (millions of steps)", MAX_WORK_MILLIONS);
        else g->work_limit = d->num * 1000000L;
        break;
    case AST_STEPS:
        if (d->num < 1000 || d->num > MAX_STEP_LIMIT)
            diag_error(C->diag, d->loc, "the step limit is 1000 to %ld (instructions between two moves)", MAX_STEP_LIMIT);
        else g->step_limit = d->num;
        break;
    case AST_DISTINCT: g->distinct = 1; g->distinct_smallest = (int)d->num; break;
    case AST_ROYAL: g->royal_all = (int)d->num; break;     /* `royal all;` / `royal any;` */
    case AST_COMPULSORY: g->compulsory_capture = (int)d->num; break;
    case AST_POSITION: declare_position_format(C, d); break;
    case AST_DEF: sym_add(C, d->name, SYM_DEF, 0, d); break;
    case AST_FN: sym_add(C, d->name, SYM_FN, 0, d); break;
    default: break;
    }
}

/* Pass 2: everything else that names things, before any code refers to them; then the state's
 * layout. Returns the `start` declaration (NULL: none), with C->diag's errors to say if it
 * failed. */
static Ast *pass_names(Compiler *C, Ast **decls, int nd, int *symk)
{
    Ast *start_decl = NULL;
    for (int i = 0; i < nd; i++) {
        Ast *d = decls[i];
        if (d->kind == AST_FLAGS) declare_flags(C, d);
        else if (d->kind == AST_PIECE) declare_piece(C, d);
    }
    for (int i = 0; i < nd; i++) declare_other(C, decls[i], &start_decl);
    /* The fields of position strings: each one the reader knows (board, turn, hands or a global
     * variable), once, and board and turn always: only variables and hands follow as name=value
     * fields when unlisted, so without them a position string would lose the board or the side
     * to move. A misspelt field was accepted, and no position string of the game could be read
     * back (found by the compile harness). */
    for (int i = 0; i < nd; i++)
        if (decls[i]->kind == AST_POSITION) check_position(C, decls[i]);
    if (C->graph) finish_graph_directions(C, C->graph);
    else {
        for (int i = 0; i < nd; i++) collect_vectors(C, decls[i], 0);
        finish_directions(C, symk);
    }
    C->dirs_closed = 1;
    if (C->diag->errors) return start_decl;
    layout_state(C->g);
    for (int i = 0; i < nd; i++) if (decls[i]->kind == AST_DISPLAY) make_display(C, decls[i]);
    return start_decl;
}

/* Pass 3: programs. Direction sets met in code are added as they come; the absolute masks are
 * computed after all code is compiled. */
static void pass_programs(Compiler *C, Ast **decls, int nd)
{
    Game *g = C->g;
    int piece_i = 0;
    for (int i = 0; i < nd; i++) {
        Ast *d = decls[i];
        if (d->kind == AST_PIECE) { ++piece_i; if (piece_i <= g->ntypes) define_piece(C, d, piece_i); }
        else if (d->kind == AST_MOVES && d->nkids) {
            if (g->turn_fn >= 0) diag_error(C->diag, d->loc, "a second top-level `moves` block");
            g->turn_fn = compile_function(C, "moves", FN_MOVES, 0, d->kids[0], NULL, NULL);
        } else if (d->kind == AST_EXTEND && d->nkids) {
            if (g->extend_fn >= 0) diag_error(C->diag, d->loc, "a second `moves extend` block");
            C->extending = 1;
            g->extend_fn = compile_function(C, "moves extend", FN_MOVES, 0, d->kids[0], NULL, NULL);
            C->extending = 0;
        } else if (d->kind == AST_DROPS && d->nkids) {
            if (g->drops_fn >= 0) diag_error(C->diag, d->loc, "a second `drops` block");
            g->drops_fn = compile_function(C, "drops", FN_DROPS, 0, d->kids[0], NULL, NULL);
            if (d->nkids > 1 && d->kids[1]) drops_free_types(C, d->kids[1]);
        } else if (d->kind == AST_HOOK && d->nkids) {
            static const char *hn[] = { "legal", "after-move", "turn-start", "on capture", "end",
                                         "on setup" };
            if (d->num < 0 || d->num >= HOOK_COUNT) continue;
            if (g->hook_fn[d->num] >= 0) diag_error(C->diag, d->loc, "a second `%s` block", hn[d->num]);
            g->hook_fn[d->num] = compile_function(C, hn[d->num], FN_HOOK, (int)d->num, d->kids[0], NULL, NULL);
        }
    }
    g->no_move_loses = g->hook_fn[HOOK_END] < 0 || end_says_no_move_loses(decls, nd);
}

/* Compound types: each type's simple parts, sorted. */
static void make_compounds(Compiler *C, Ast **decls, int nd)
{
    Game *g = C->g;
    for (int t = 1; t <= g->ntypes; t++) { g->types[t].nparts = 1; g->types[t].part[0] = (uint8_t)t; }
    for (int i = 0; i < nd; i++) {
        Ast *d = decls[i];
        if (d->kind != AST_COMPOUND) continue;
        Sym *c = sym_find(C, d->name);
        if (!c || c->kind != SYM_TYPE) { diag_error(C->diag, d->loc, "'%s' is not a piece type", d->name); continue; }
        PieceType *T = &g->types[c->index];
        int n = 0; uint8_t parts[8];
        for (int k = 0; k < d->nkids; k++) {
            Sym *ps = sym_find(C, d->kids[k]->name);
            if (!ps || ps->kind != SYM_TYPE) { diag_error(C->diag, d->kids[k]->loc, "'%s' is not a piece type", d->kids[k]->name); continue; }
            if (ps->index == c->index) { diag_error(C->diag, d->kids[k]->loc, "a type cannot be a part of itself"); continue; }
            if (n >= 8) { diag_error(C->diag, d->kids[k]->loc, "a compound has at most 8 parts"); break; }
            parts[n++] = (uint8_t)ps->index;      /* parts are simple types (compounds of compounds are flattened below) */
        }
        for (int a = 0; a < n; a++) for (int b = a + 1; b < n; b++) if (parts[b] < parts[a]) { uint8_t x = parts[a]; parts[a] = parts[b]; parts[b] = x; }
        T->nparts = n; memcpy(T->part, parts, (size_t)n);
    }
}

/* Every function's bytecode proved safe, its jumps threaded and its superinstructions fused,
 * and proved safe again; then what each choice saves (keeps.c) and the failures that go
 * straight back to their choose (failbacks.c). Returns 0 after an error. */
static int finish_bytecode(Compiler *C)
{
    Game *g = C->g;
    for (int f = 0; f < g->nfns; f++) {
        char err[256]; int deep;
        if (!verify_function(g, f, err, sizeof err, &deep)) {
            /* an expression nested deep enough to the right, 1 + (1 + (1 + ...)), is a limit of
             * the rules file, not a bug: say so at its line */
            if (deep >= 0)
                diag_error(C->diag, (SrcLoc){g->line[deep], 1, 1}, "an expression on this line needs more than %d "
                           "values at once (write it with fewer nested brackets, or in steps with `let`)", MAX_STACK_DEPTH);
            else diag_plain(C->diag, "internal error: bytecode of '%s' fails verification: %s", g->fns[f].name, err);
            return 0;
        }
        thread_jumps(g, f);
        fuse_superinstructions(g, f);
        find_count_tails(g, f);
        if (!verify_function(g, f, err, sizeof err, &deep)) {
            diag_plain(C->diag, "internal error: bytecode of '%s' fails verification after jump threading "
                       "and superinstructions: %s",
                       g->fns[f].name, err);
            return 0;
        }
        lower_choice_keeps(g, f);
        find_choice_masks(g, f);
        find_fail_backs(g, f);
    }
    puretab_key_by_code(g);                /* (the code of the calls is final now) */
    return 1;
}

/* The declarations' passes in order, each only after the one before had no error. Returns 0
 * after an error; start_decl is the `start` declaration. */
static int compile_decls(Compiler *C, Ast **decls, int nd, Ast **start_decl)
{
    Game *g = C->g;
    alloc_tables(g);
    int symk[MAX_PLAYERS] = {0};
    if (!pass_board(C, decls, nd, symk)) return 0;
    *start_decl = pass_names(C, decls, nd, symk);
    if (C->diag->errors) return 0;
    pass_programs(C, decls, nd);
    make_compounds(C, decls, nd);
    if (!g->start) diag_error(C->diag, (SrcLoc){1, 1, 1}, "no `start` position");
    /* `in-check` looks at royal pieces: with none it is always false, and a king may be left
     * attacked (or taken) without anyone noticing */
    if (C->incheck_at.line && !g->has_royal)
        diag_warning(C->diag, C->incheck_at, "`in-check` asks whether a royal piece is attacked, and no piece is `royal`: "
                     "it is always false");
    if (C->diag->errors) return 0;
    compile_after_move_variants(C, decls, nd);
    finish_dirsets(g);
    derive_legal_pretest(C);
    return finish_bytecode(C);
}

Game *game_tree_new(const char *display_name) { return game_new_empty(display_name); }

/* The end of a compile, either front end's: the scratch freed, and the game, or NULL and the
 * game freed after errors (*status: 0, or as set). */
static Game *compile_end(Compiler *C, int ok, Ast *start_decl, int *status)
{
    Game *g = C->g;
    /* where game_compile_to (gameload.c) says the start is wrong (the node goes with the tree) */
    if (ok) g->start_loc = start_decl->loc;
    arena_free(&C->tmp);
    arena_free(&C->tree);
    if (!ok) { game_free(g); return NULL; }
    *status = 0;
    if (!g->name) g->name = g->filename;
    return g;
}

Game *game_compile_tree(Game *g, Ast *root, Diag *diag, const GraphBoard *board, int nopts,
                        char **opts, int *status)
{
    Compiler C; memset(&C, 0, sizeof C);
    C.g = g; C.diag = diag; C.graph = board;
    arena_init(&C.tmp);
    arena_init(&C.tree);
    *status = 1;
    Ast **decls = NULL; int nd = 0, capd = 0;
    Ast *start_decl = NULL;
    int ok = set_options(&C, root, nopts, opts);
    if (!ok) *status = 2;
    else {
        flatten(&C, root, &decls, &nd, &capd);
        ok = !diag->errors && compile_decls(&C, decls, nd, &start_decl);
    }
    return compile_end(&C, ok, start_decl, status);
}

Game *game_compile_source(const char *text, size_t len, const char *display_name, int nopts,
                          char **opts, int *status, FILE *out)
{
    Game *g = game_new_empty(display_name);
    Diag diag; diag_init(&diag, display_name, text, len);
    diag.out = out;
    Compiler C; memset(&C, 0, sizeof C);
    C.g = g; C.diag = &diag;
    arena_init(&C.tmp);
    arena_init(&C.tree);
    *status = 1;

    /* The tree's strings live as long as the game, which uses its names and strings; its nodes
     * only as long as the compile (so a perft does not keep them: docs/runtime.md, "Peak
     * memory"). */
    Ast *root = parse_rules(&g->arena, &C.tree, &diag, text, len);
    if (!root || diag.errors) goto fail;
    if (!set_options(&C, root, nopts, opts)) { *status = 2; goto fail; }
    if (diag.errors) goto fail;
    Ast **decls = NULL; int nd = 0, capd = 0;
    flatten(&C, root, &decls, &nd, &capd);
    if (diag.errors) goto fail;
    Ast *start_decl = NULL;
    int ok = compile_decls(&C, decls, nd, &start_decl);   /* (before start_decl is read) */
    return compile_end(&C, ok, start_decl, status);
fail:
    return compile_end(&C, 0, NULL, status);
}

