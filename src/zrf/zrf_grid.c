/* zrf_grid.c - (grid (start-rectangle X1 Y1 X2 Y2) (dimensions ("a/b/c" (DX DY)) ...)
 *                    (directions (NAME O1 O2 ...) ...))
 *
 * A position for each choice of one part per dimension, named by the parts in the order of
 * the dimensions ("a" "1" is a1); its rectangle is the start rectangle moved by index * (DX DY)
 * of each dimension. Positions are made with the first dimension outermost (a3 a2 a1 b3 ...),
 * as Polygamo does. A direction's offsets are in parts, one per dimension: with ranks listed
 * top-down ("3/2/1"), (n 0 -1) goes from a1 to a2. A position that some earlier form made
 * already keeps its number and gets the grid's rectangle (Polygamo's SetPosition). */
#include "zrf_board.h"
#include <stdlib.h>
#include <string.h>
#include "oom.h"

#define MAX_DIMS 8

typedef struct {
    int ndims;
    const char **part[MAX_DIMS]; int nparts[MAX_DIMS];
    int dx[MAX_DIMS], dy[MAX_DIMS];
    int rect[4];
} Grid;

/* "a/b/c" split at '/' into arena strings */
static void split(Zrf *z, Grid *g, int d, const char *s)
{
    int n = 1;
    for (const char *c = s; *c; c++) n += *c == '/';
    g->part[d] = arena_alloc(&z->arena, (size_t)n * sizeof *g->part[d]);
    g->nparts[d] = 0;
    for (const char *c = s;; c++) {
        const char *e = strchr(c, '/');
        size_t len = e ? (size_t)(e - c) : strlen(c);
        g->part[d][g->nparts[d]++] = arena_strndup(&z->arena, c, len);
        if (!e) break;
        c = e;
    }
}

static int dimensions(Zrf *z, Grid *g, const ZrfNode *f)
{
    for (int i = 1; i < f->nkids; i++) {
        const ZrfNode *e = f->kids[i];
        if (e->kind != ZN_LIST || e->nkids != 2 || e->kids[0]->kind != ZN_STRING ||
            e->kids[1]->kind != ZN_LIST || e->kids[1]->nkids != 2) {
            zrf_node_error(z, e, "a dimension is (\"a/b/c\" (DX DY))");
            return 0;
        }
        if (g->ndims == MAX_DIMS) {
            zrf_node_error(z, e, "more than %d dimensions", MAX_DIMS);
            return 0;
        }
        if (!zrf_number(z, e->kids[1]->kids[0], &g->dx[g->ndims]) ||
            !zrf_number(z, e->kids[1]->kids[1], &g->dy[g->ndims]))
            return 0;
        split(z, g, g->ndims++, e->kids[0]->text);
    }
    return 1;
}

static int start_rectangle(Zrf *z, Grid *g, const ZrfNode *f)
{
    if (f->nkids != 5) {
        zrf_node_error(z, f, "a start rectangle is (start-rectangle X1 Y1 X2 Y2)");
        return 0;
    }
    for (int k = 0; k < 4; k++) if (!zrf_number(z, f->kids[k + 1], &g->rect[k])) return 0;
    return 1;
}

/* The positions of the grid, numbered by their indexes (first dimension outermost). */
static int make_positions(Zrf *z, ZrfBoard *b, const Grid *g, const ZrfNode *at, int *out,
                          long count)
{
    for (long i = 0; i < count; i++) {
        char name[1024]; size_t len = 0;
        int x = 0, y = 0;
        long rest = i;
        int idx[MAX_DIMS];
        for (int d = g->ndims - 1; d >= 0; d--) {
            idx[d] = (int)(rest % g->nparts[d]);
            rest /= g->nparts[d];
        }
        for (int d = 0; d < g->ndims; d++) {
            size_t pl = strlen(g->part[d][idx[d]]);
            if (len + pl >= sizeof name) {
                zrf_node_error(z, at, "a position name is too long");
                return 0;
            }
            memcpy(name + len, g->part[d][idx[d]], pl);
            len += pl;
            x += idx[d] * g->dx[d]; y += idx[d] * g->dy[d];
        }
        name[len] = 0;
        if (!len) { zrf_node_error(z, at, "a grid position with an empty name"); return 0; }
        int p = zrf_board_position(z, b, arena_strndup(&z->arena, name, len), at->loc);
        if (p < 0) return 0;
        ZrfPos *pos = &b->pos[p];
        pos->x1 = g->rect[0] + x; pos->y1 = g->rect[1] + y;
        pos->x2 = g->rect[2] + x; pos->y2 = g->rect[3] + y;
        pos->dummy = 0;
        out[i] = p;
    }
    return 1;
}

/* (NAME O1 O2 ...) of (directions ...): a link from every position whose neighbour by these
 * offsets is on the grid */
static int direction(Zrf *z, ZrfBoard *b, const Grid *g, const ZrfNode *e, const int *pos,
                     long count)
{
    /* fewer offsets than dimensions: the others are 0 (raumschach.zrf gives 3-D grids
     * directions of two) */
    if (e->kind != ZN_LIST || e->nkids < 2 || e->nkids > g->ndims + 1 ||
        e->kids[0]->kind != ZN_ATOM) {
        zrf_node_error(z, e, "a direction is (NAME OFFSET...), at most one offset for each "
                       "of the grid's %d dimensions", g->ndims);
        return 0;
    }
    int off[MAX_DIMS] = { 0 };
    for (int d = 0; d + 1 < e->nkids; d++) if (!zrf_number(z, e->kids[d + 1], &off[d])) return 0;
    int dir = zrf_board_direction(z, b, e->kids[0], e->kids[0]->text);
    if (dir < 0) return 0;
    for (long i = 0; i < count; i++) {
        long rest = i, target = 0, scale = 1;
        int inside = 1;
        for (int d = g->ndims - 1; d >= 0; d--) {
            long k = rest % g->nparts[d] + off[d];
            rest /= g->nparts[d];
            inside &= k >= 0 && k < g->nparts[d];
            target += k * scale;
            scale *= g->nparts[d];
        }
        if (inside) zrf_board_set_link(b, pos[i], dir, pos[target]);
    }
    return 1;
}

int zrf_grid(Zrf *z, ZrfBoard *b, const ZrfNode *grid)
{
    Grid g = { 0 };
    const ZrfNode *dirs = NULL;
    for (int i = 1; i < grid->nkids; i++) {
        const ZrfNode *f = grid->kids[i];
        if (zrf_is(f, "start-rectangle")) { if (!start_rectangle(z, &g, f)) return 0; }
        else if (zrf_is(f, "dimensions")) {
            if (g.ndims) {
                zrf_node_error(z, f, "a grid with a second (dimensions ...)");
                return 0;
            }
            if (!dimensions(z, &g, f)) return 0;
        }
        else if (zrf_is(f, "directions")) dirs = f;
        else zrf_node_warning(z, f, "'%s' in a grid is not known: ignored",
                              zrf_head(f) ? zrf_head(f) : "this");
    }
    if (!g.ndims) { zrf_node_error(z, grid, "a grid without (dimensions ...)"); return 0; }
    long count = 1;
    for (int d = 0; d < g.ndims; d++) {
        count *= g.nparts[d];
        if (count > ZRF_MAX_POSITIONS) {
            zrf_node_error(z, grid, "a grid of more than %d positions", ZRF_MAX_POSITIONS);
            return 0;
        }
    }
    if (!zrf_board_spend(z, b, grid, count * (1 + (dirs ? dirs->nkids : 0)))) return 0;
    int *pos = xmalloc((size_t)count * sizeof *pos, "a grid");
    int ok = make_positions(z, b, &g, grid, pos, count);
    for (int i = 1; ok && dirs && i < dirs->nkids; i++)
        ok = direction(z, b, &g, dirs->kids[i], pos, count);
    free(pos);
    b->ngrids++;
    return ok;
}
