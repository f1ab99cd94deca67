/* zrf_lower.c - a ZRF game lowered into boardvm's tree and compiled (zrf_compile.h): the
 * players, the board as named positions, zones, the pieces' declarations, the start position
 * from (board-setup ...) and the options; the moves and goals are zrf_moves.c's and
 * zrf_goals.c's. docs/zrf.md says what each ZRF form becomes. */
#include "zrf_compile.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "oom.h"
#include "tree_compile.h"
#include "zrf_lower.h"
#include "zrf_variant.h"

/* ---------- lookups ---------- */

/* A player whose name begins with `?` is a random (chance) player: Zillions makes its moves at
 * random (docs/zrf.md, "Random players"). */
int zl_is_chance(const ZrfLower *L, int p) { return L->player[p][0] == '?'; }

int zl_nchance(const ZrfLower *L)
{
    int n = 0;
    for (int p = 0; p < L->nplayers; p++) n += zl_is_chance(L, p);
    return n;
}

int zl_player(const ZrfLower *L, const char *name)
{
    for (int i = 0; i < L->nplayers; i++) if (zrf_eq(L->player[i], name)) return i;
    return -1;
}

const char *zl_piece_name(const ZrfLower *L, int i)
{
    const ZrfNode *n = zrf_find(L->piece[i], "name");
    return n->kids[1]->text;
}

int zl_piece(const ZrfLower *L, const char *name)
{
    if (!name) return -1;
    for (int i = 0; i < L->npieces; i++) if (zrf_eq(zl_piece_name(L, i), name)) return i;
    return -1;
}

/* A piece type as an identifier of the lowered game. Zillions keeps piece names apart from
 * position names (the dice games' piece D1 and position D1: the context tells them apart);
 * boardvm's rules have one namespace, so a piece named like a position is declared as
 * "NAME (piece)" and every mention of it in the lowered code uses that name. The compiled
 * game gets its own name back (zrf_lower_game). */
const char *zl_type_name(ZrfLower *L, const char *name)
{
    if (zl_position(L, name) < 0) return name;
    size_t n = strlen(name) + sizeof " (piece)";
    char *s = arena_alloc(&L->nodes, n);
    snprintf(s, n, "%s (piece)", name);
    return s;
}

Ast *zl_type(ZrfLower *L, const char *name, const ZrfNode *at)
{
    return zl_ident(L, zl_type_name(L, name), at);
}

static uint32_t name_hash(const char *s)
{
    uint32_t h = 2166136261u;                     /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* L->pos_index: the board's positions by name (the first of a name, as a search in order) */
static void index_positions(ZrfLower *L)
{
    int size = 1;
    while (size < 2 * L->b->npos) size *= 2;
    L->pos_index = arena_alloc(&L->nodes, sizeof *L->pos_index * (size_t)size);
    L->pos_mask = size - 1;
    for (int i = 0; i < size; i++) L->pos_index[i] = -1;
    for (int p = 0; p < L->b->npos; p++) {
        uint32_t i = name_hash(L->b->pos[p].name) & (uint32_t)L->pos_mask;
        while (L->pos_index[i] >= 0 && !zrf_eq(L->b->pos[L->pos_index[i]].name, L->b->pos[p].name))
            i = (i + 1) & (uint32_t)L->pos_mask;
        if (L->pos_index[i] < 0) L->pos_index[i] = p;
    }
}

int zl_position(const ZrfLower *L, const char *name)
{
    if (!name) return -1;
    if (!L->pos_index) {
        for (int p = 0; p < L->b->npos; p++) if (zrf_eq(L->b->pos[p].name, name)) return p;
        return -1;
    }
    for (uint32_t i = name_hash(name) & (uint32_t)L->pos_mask; L->pos_index[i] >= 0;
         i = (i + 1) & (uint32_t)L->pos_mask)
        if (zrf_eq(L->b->pos[L->pos_index[i]].name, name)) return L->pos_index[i];
    return -1;
}

int zl_direction(const ZrfLower *L, const char *name)
{
    if (!name) return -1;
    for (int d = 0; d < L->b->ndirs; d++) if (zrf_eq(L->b->dir[d], name)) return d;
    return -1;
}

int zl_zone(const ZrfLower *L, const char *name)
{
    if (!name) return -1;
    for (int k = 0; k < L->b->nzones; k++) if (zrf_eq(L->b->zone[k].name, name)) return k;
    return -1;
}

int zl_attribute(const ZrfLower *L, const char *name)
{
    if (!name) return -1;
    for (int i = 0; i < L->nattrs; i++) if (zrf_eq(L->attr[i], name)) return i;
    return -1;
}

/* ---------- the board ---------- */

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int rank_of(const int *sorted, int n, int v)
{
    int lo = 0, hi = n - 1;
    while (lo < hi) { int m = (lo + hi) / 2; if (sorted[m] < v) lo = m + 1; else hi = m; }
    return lo;
}

/* Each position's cell of the layout grid: the columns and rows of the centres of their
 * rectangles, as on the board's picture (the top row the highest rank), with the dummy
 * positions in a row of their own above; or, where that does not fit (more than MAX_FILES
 * columns or MAX_RANKS rows, two positions on one cell), the positions in the order made, row
 * by row, on a square grid (64 x 64 for MAX_SQUARES). */
static void layout(ZrfBoard *b, int *x, int *y, int *files, int *ranks)
{
    int n = b->npos, *cx = xmalloc(sizeof(int) * (size_t)(n + 1), "a layout"),
        *cy = xmalloc(sizeof(int) * (size_t)(n + 1), "a layout");
    int nx = 0, ny = 0, ndummy = 0;
    for (int p = 0; p < n; p++) {
        if (b->pos[p].dummy) { ndummy++; continue; }
        cx[nx++] = b->pos[p].x1 + b->pos[p].x2;
        cy[ny++] = b->pos[p].y1 + b->pos[p].y2;
    }
    qsort(cx, (size_t)nx, sizeof *cx, cmp_int);
    qsort(cy, (size_t)ny, sizeof *cy, cmp_int);
    int ux = 0, uy = 0;
    for (int i = 0; i < nx; i++) if (!ux || cx[ux - 1] != cx[i]) cx[ux++] = cx[i];
    for (int i = 0; i < ny; i++) if (!uy || cy[uy - 1] != cy[i]) cy[uy++] = cy[i];
    int rows = uy + (ndummy > 0), ok = ux <= MAX_FILES && rows <= MAX_RANKS && ndummy <= MAX_FILES;
    char *used = xcalloc(MAX_FILES * MAX_RANKS, 1, "a layout");
    for (int p = 0, d = 0; p < n && ok; p++) {
        if (b->pos[p].dummy) { x[p] = d++; y[p] = rows - 1; }
        else {
            x[p] = rank_of(cx, ux, b->pos[p].x1 + b->pos[p].x2);
            y[p] = (uy - 1) - rank_of(cy, uy, b->pos[p].y1 + b->pos[p].y2);
        }
        if (used[x[p] + y[p] * MAX_FILES]++) ok = 0;
    }
    if (ok) { *files = ux > ndummy ? ux : ndummy; *ranks = rows; }
    else {
        int w = 1;
        while (w * w < n && w < MAX_FILES) w++;
        int h = (n + w - 1) / w;
        for (int p = 0; p < n; p++) { x[p] = p % w; y[p] = h - 1 - p / w; }
        *files = w; *ranks = h;
    }
    free(cx); free(cy); free(used);
}

/* Names of letters then digits (a1, j10) are written together in moves (e2e4); others apart. */
static int plain_name(const char *s)
{
    if (!islower((unsigned char)*s)) return 0;
    while (islower((unsigned char)*s)) s++;
    if (*s < '1' || *s > '9') return 0;
    while (isdigit((unsigned char)*s)) s++;
    return !*s;
}

/* d's opposite: the direction whose links are d's reversed, every one of them (a grid's n and
 * s); -1 when no direction is (docs/zrf.md, "opposite") */
const char *zl_move_sep(const ZrfLower *L)
{
    for (int p = 0; p < L->b->npos; p++)
        if (!plain_name(L->b->pos[p].name)) return "-";
    return "";
}

static int opposite_of(const ZrfBoard *b, int d)
{
    for (int e = 0; e < b->ndirs; e++) {
        int ok = 1, any = 0;
        for (int p = 0; p < b->npos && ok; p++) {
            int q = zrf_link(b, p, d), r = zrf_link(b, p, e);
            if (q >= 0) { any = 1; ok = zrf_link(b, q, e) == p; }
            if (ok && r >= 0) ok = zrf_link(b, r, d) == p;
        }
        if (ok && any) return e;
    }
    return -1;
}

/* the path's direction, made if it is new; -1 when there is no room */
static int make_path(ZrfLower *L, const int *dirs, int n)
{
    if (n == 1) return dirs[0];
    if (n < 1 || n > ZL_MAX_PATH_LEN) return -1;
    for (int i = 0; i < L->npaths; i++)
        if (L->path_len[i] == n && !memcmp(L->path[i], dirs,
                                           sizeof(int) * (size_t)n)) return L->b->ndirs + i;
    if (L->npaths == ZL_MAX_PATHS || L->b->ndirs + L->npaths + 1 >= MAX_DIRS) return -1;
    memcpy(L->path[L->npaths], dirs, sizeof(int) * (size_t)n);
    L->path_len[L->npaths] = n;
    return L->b->ndirs + L->npaths++;
}

static int close_paths(ZrfLower *L, const int *opp, const int *map);

/* A new path is taken only when it, its reverse and its images under every player's symmetry
 * (close_paths, which the board's tables make at the end) still fit among the directions:
 * else -1, and the block it is for stays a program (the same moves, run by the interpreter). */
int zl_path(ZrfLower *L, const int *dirs, int n)
{
    int before = L->npaths, d = make_path(L, dirs, n);
    if (d < L->b->ndirs || L->npaths == before) return d;
    int fits = close_paths(L, L->opposite, L->sym_map);
    L->npaths = fits ? before + 1 : before;    /* (the board's tables close the paths again) */
    return fits ? d : -1;
}

/* a path's name: its steps joined by '+', after a space (no name of the file has one) */
const char *zl_dir_name(ZrfLower *L, int d)
{
    if (d < L->b->ndirs) return L->b->dir[d];
    char buf[400] = " ";
    const int *p = L->path[d - L->b->ndirs];
    for (int i = 0; i < L->path_len[d - L->b->ndirs]; i++) {
        if (i) strcat(buf, "+");
        strncat(buf, L->b->dir[p[i]], 90);
    }
    return zl_str(L, buf);
}

/* Every path's reverse and its images under the players' symmetries are paths too, so that a
 * leap along one has an opposite (attacks are found walking back) and a direction for each
 * player; 0 when that does not fit. */
static int close_paths(ZrfLower *L, const int *opp, const int *map)
{
    int nd = L->b->ndirs;
    for (int i = 0; i < L->npaths; i++) {
        int n = L->path_len[i], r[ZL_MAX_PATH_LEN];
        for (int k = 0; k < n; k++) {
            r[k] = opp[L->path[i][n - 1 - k]];
            if (r[k] < 0) return 0;
        }
        if (make_path(L, r, n) < 0) return 0;
        for (int pl = 0; pl < L->nplayers; pl++) {
            for (int k = 0; k < n; k++) r[k] = map[pl * nd + L->path[i][k]];
            if (make_path(L, r, n) < 0) return 0;
        }
    }
    return 1;
}

typedef struct {
    GraphBoard gb;
    int *x, *y, *link, *opp, *map;
    int16_t (*rect)[4];
} BoardTables;

static void board_tables(ZrfLower *L, BoardTables *t)
{
    ZrfBoard *b = L->b;
    int n = b->npos, nd = b->ndirs;
    GraphBoard *gb = &t->gb;
    t->x = xmalloc(sizeof(int) * (size_t)(n + 1), "a board");
    t->y = xmalloc(sizeof(int) * (size_t)(n + 1), "a board");
    layout(b, t->x, t->y, &gb->files, &gb->ranks);
    gb->nsq = n; gb->x = t->x; gb->y = t->y;
    gb->name = xmalloc(sizeof(char *) * (size_t)(n + 1), "a board");
    t->rect = xmalloc(sizeof *t->rect * (size_t)(n + 1), "a board");
    int plain = 1;
    for (int p = 0; p < n; p++) {
        gb->name[p] = b->pos[p].name;
        plain &= plain_name(b->pos[p].name);
        const ZrfPos *q = &b->pos[p];
        t->rect[p][0] = (int16_t)q->x1; t->rect[p][1] = (int16_t)q->y1;
        t->rect[p][2] = (int16_t)q->x2; t->rect[p][3] = (int16_t)q->y2;
        if (!q->dummy && q->x2 > gb->image_w) gb->image_w = q->x2;
        if (!q->dummy && q->y2 > gb->image_h) gb->image_h = q->y2;
    }
    gb->rect = (const int16_t (*)[4])t->rect;
    gb->move_sep = plain ? "" : "-";
    /* the board's directions, then the paths of native leaps (zl_path) */
    int *opp = xmalloc(sizeof(int) * (size_t)(nd + 1), "a board");
    for (int d = 0; d < nd; d++) opp[d] = L->opposite[d];
    const int *map = L->sym_map;
    if (!close_paths(L, opp, map)) zl_error(L, L->sections,
                                            "too many directions for the paths of leaps");
    int all = nd + L->npaths;
    gb->ndirs = all;
    gb->dir = xmalloc(sizeof(char *) * (size_t)(all + 1), "a board");
    for (int d = 0; d < all; d++) gb->dir[d] = zl_dir_name(L, d);
    t->link = xmalloc(sizeof(int) * (size_t)n * (size_t)(all ? all : 1), "a board");
    for (int p = 0; p < n; p++)
        for (int d = 0; d < all; d++) {
            if (d < nd) { t->link[p * all + d] = zrf_link(b, p, d); continue; }
            int q = p;
            for (int k = 0; k < L->path_len[d - nd] && q >= 0; k++) q = zrf_link(b, q,
                L->path[d - nd][k]);
            t->link[p * all + d] = q;
        }
    gb->link = t->link;
    t->opp = xmalloc(sizeof(int) * (size_t)(all + 1), "a board");
    t->map = xmalloc(sizeof(int) * (size_t)(L->nplayers ? L->nplayers : 1) * (size_t)(all + 1),
                     "a board");
    for (int d = 0; d < all; d++) {
        if (d < nd) t->opp[d] = opp[d];
        else {
            int n2 = L->path_len[d - nd], r[ZL_MAX_PATH_LEN];
            for (int k = 0; k < n2; k++) r[k] = opp[L->path[d - nd][n2 - 1 - k]];
            t->opp[d] = make_path(L, r, n2);        /* (there: close_paths made it) */
        }
        for (int pl = 0; pl < L->nplayers; pl++) {
            if (d < nd) { t->map[pl * all + d] = map[pl * nd + d]; continue; }
            int n2 = L->path_len[d - nd], r[ZL_MAX_PATH_LEN];
            for (int k = 0; k < n2; k++) r[k] = map[pl * nd + L->path[d - nd][k]];
            t->map[pl * all + d] = make_path(L, r, n2);
        }
    }
    gb->opposite = t->opp;
    gb->dir_map = t->map;
    free(opp);
}

/* each player's image of each of the board's directions: map[pl * ndirs + d] */
static int *symmetry_map(ZrfLower *L)
{
    const ZrfBoard *b = L->b;
    int nd = b->ndirs;
    int *map = arena_alloc(&L->nodes, sizeof(int) * (size_t)(L->nplayers ? L->nplayers : 1) *
                           (size_t)(nd + 1));
    for (int pl = 0; pl < L->nplayers; pl++) {
        const int *sym = NULL;
        int bp = -1;                 /* the board's index of this player */
        for (int i = 0; i < b->nplayers; i++) if (zrf_eq(b->player[i], L->player[pl])) bp = i;
        for (int s = 0; s < b->nsyms; s++) if (b->sym[s].player == bp) sym = b->sym[s].dir;
        for (int d = 0; d < nd; d++) map[pl * nd + d] = sym ? sym[d] : d;
    }
    return map;
}

static void board_tables_free(BoardTables *t)
{
    free(t->x); free(t->y); free(t->link); free(t->opp); free(t->map); free(t->rect);
    free((void *)t->gb.name); free((void *)t->gb.dir);
}


/* Player i's letter in position strings: its name's first letter, or its name when another
 * player's begins with the same letter (or it begins with no letter). */
static const char *player_letter(ZrfLower *L, int i)
{
    char letter[2] = { (char)tolower((unsigned char)L->player[i][0]), 0 };
    int clash = !isalpha((unsigned char)letter[0]);
    for (int j = 0; j < L->nplayers; j++)
        if (j != i && tolower((unsigned char)L->player[j][0]) == letter[0]) clash = 1;
    return zl_str(L, clash ? L->player[i] : letter);
}

/* ---------- players, zones, pieces ---------- */

static void declare_players(ZrfLower *L, Ast *root)
{
    Ast *pl = zl_node(L, AST_PLAYERS, zrf_find(L->sections, "players"));
    for (int i = 0; i < L->nplayers; i++) {
        Ast *p = zl_node(L, AST_PLAYER, zrf_find(L->sections, "players"));
        p->name = zl_str(L, L->player[i]);
        p->str = player_letter(L, i);
        p->num = zl_is_chance(L, i);          /* `?Dice`: a chance player (N8) */
        ast_add(&L->nodes, pl, p);
    }
    ast_add(&L->nodes, root, pl);
}

static void declare_zones(ZrfLower *L, Ast *root)
{
    ZrfBoard *b = L->b;
    for (int k = 0; k < b->nzones; k++) {
        int first = 1;
        for (int j = 0; j < k; j++) if (zrf_eq(b->zone[j].name, b->zone[k].name)) first = 0;
        if (!first) continue;
        Ast *z = zl_node(L, AST_ZONE, L->sections);
        z->name = zl_str(L, b->zone[k].name);
        for (int j = k; j < b->nzones; j++) {
            if (!zrf_eq(b->zone[j].name, b->zone[k].name) || b->zone[j].player < 0) continue;
            Ast *f = zl_node(L, AST_ZONE_FOR, L->sections);
            f->name = zl_str(L, b->player[b->zone[j].player]);
            Ast *set = zl_node(L, AST_SQUARESET, L->sections);
            for (int i = 0; i < b->zone[j].npos; i++)
                ast_add(&L->nodes, set, zl_ident(L, b->pos[b->zone[j].pos[i]].name, L->sections));
            ast_add(&L->nodes, f, set);
            ast_add(&L->nodes, z, f);
        }
        ast_add(&L->nodes, root, z);
    }
}

/* Piece codes for position strings: a usual letter (N for a Knight), else the name's first
 * letter, else its first and another letter, unique in either case */
static const char *piece_code(ZrfLower *L, int i, const char **codes)
{
    const char *name = zl_piece_name(L, i);
    char c[5] = { 0 };
    static const struct { const char *name, *code; } usual[] = { { "Knight", "N" } };
    int tries = 0;
    for (;;) {
        if (tries == 0) {
            c[0] = 0;
            for (size_t u = 0; u < sizeof usual / sizeof *usual; u++)
                if (!strcmp(usual[u].name, name)) strcpy(c, usual[u].code);
            if (!c[0]) { tries++; continue; }
        } else if (tries == 1) {
            c[0] = (char)toupper((unsigned char)name[0]); c[1] = 0;
        } else {
            size_t len = strlen(name);
            size_t k = (size_t)tries - 1;
            c[0] = (char)toupper((unsigned char)name[0]);
            if (k < len) { c[1] = (char)tolower((unsigned char)name[k]); c[2] = 0; }
            else {              /* Z and two letters of its number */
                c[0] = 'Z'; c[1] = (char)('a' + (i / 26) % 26); c[2] = (char)('a' + i % 26);
                c[3] = 0;
            }
        }
        tries++;
        int ok = 1;
        for (const char *q = c; *q; q++) if (!isalpha((unsigned char)*q)) ok = 0;
        for (int j = 0; j < i && ok; j++) if (!strcasecmp(codes[j], c)) ok = 0;
        if (ok || tries > 200) return codes[i] = zl_str(L, c);
    }
}

/* Is (option NAME VALUE) there with a value other than false? */
int zl_option_on(ZrfLower *L, const char *name)
{
    int on = 0;
    for (int i = 0; i < L->sections->nkids; i++) {
        const ZrfNode *o = L->sections->kids[i];
        if (zrf_is(o, "option") && o->nkids > 2 && o->kids[1]->kind == ZN_STRING &&
            zrf_eq_nocase(o->kids[1]->text, name))
            on = !(o->kids[2]->kind == ZN_ATOM && zrf_eq(o->kids[2]->text, "false"));
    }
    return on;
}

static void declare_pieces(ZrfLower *L, Ast *root, const char **codes, const int *royal, int *drops)
{
    Ast *drop_either = zl_node(L, AST_EITHER, L->sections);
    for (int i = 0; i < L->npieces; i++) {
        const ZrfNode *pn = L->piece[i];
        Ast *p = zl_node(L, AST_PIECE, pn);
        p->name = zl_str(L, zl_type_name(L, zl_piece_name(L, i)));
        p->str = piece_code(L, i, codes);
        if (royal[i]) ast_add(&L->nodes, p, zl_node(L, AST_ROYAL, pn));
        Ast *attacks = zl_block(L, pn), *attack_blocks = zl_node(L, AST_EITHER, pn);
        int program_attacks = 0;
        Ast *near;
        Ast *moves = zl_piece_moves(L, pn, p, attacks, attack_blocks, &program_attacks, &near);
        if (moves) {
            ast_add(&L->nodes, p, moves);
            /* what its moves would capture is what it attacks: the program run as an attack
             * (`attack moves;`), or lines for the blocks that are lines as an attack, and an
             * attack program of the other blocks that can capture */
            if (program_attacks) ast_add(&L->nodes, p, zl_node(L, AST_ATTACK, pn));
            else {
                for (int k = 0; k < attacks->nkids; k++)
                    ast_add(&L->nodes, p, zl_kids(L, AST_ATTACK, pn, attacks->kids[k], NULL, NULL));
                if (attack_blocks->nkids) {
                    Ast *b = zl_block(L, pn);
                    ast_add(&L->nodes, b, attack_blocks);
                    /* `attack near`: run only for targets where its blocks can capture */
                    Ast *lines = near && near->nkids ? zl_kids(L, AST_LEAP, pn, near, NULL, NULL)
                                                     : NULL;
                    ast_add(&L->nodes, p, zl_kids(L, AST_ATTACK, pn, b, lines, NULL));
                }
            }
        }
        ast_add(&L->nodes, root, p);
        Ast *d = zl_piece_drops(L, pn);
        if (d) ast_add(&L->nodes, drop_either, d);
    }
    /* pieces recycled to their owners, or counted off the board, need the hands a drop has:
     * a drop program that drops nothing gives them */
    if (!drop_either->nkids && (zl_option_on(L, "recycle captures") ||
                                zl_option_on(L, "include off-pieces") || L->recycle_promotions))
        ast_add(&L->nodes, drop_either, zl_kids(L, AST_REQUIRE, L->sections,
                zl_ident(L, "false", L->sections), NULL, NULL));
    *drops = drop_either->nkids > 0;
    if (*drops) {
        Ast *b = zl_block(L, L->sections);
        ast_add(&L->nodes, b, drop_either);
        ast_add(&L->nodes, root, zl_kids(L, AST_DROPS, L->sections, b, NULL, NULL));
    }
}

/* The previous move's squares, for last-from? and last-to?: kept by `after-move`, left out of
 * a position's identity for repetition (they are the history, not the position). */
static void declare_last_move(ZrfLower *L, Ast *root)
{
    const char *v[2] = { ZL_LASTFROM, ZL_LASTTO }, *f[2] = { "from", "to" };
    Ast *b = zl_after_move(L);
    for (int i = 0; i < 2; i++) {
        Ast *t = zl_node(L, AST_TYPE, L->sections);
        t->name = zl_str(L, "square");
        Ast *var = zl_kids(L, AST_VAR, L->sections, t, zl_node(L, AST_NOTHING, L->sections),
                           zl_node(L, AST_NOTHING, L->sections));
        var->name = zl_str(L, v[i]);
        var->num = VAR_GLOBAL; var->num2 = 2;
        ast_add(&L->nodes, root, var);
        Ast *fld = zl_kids(L, AST_FIELD, L->sections, zl_ident(L, "move", L->sections), NULL, NULL);
        fld->name = zl_str(L, f[i]);
        ast_add(&L->nodes, b, zl_assign(L, zl_ident(L, v[i], L->sections), fld, L->sections));
    }
}

Ast *zl_after_move(ZrfLower *L)
{
    if (!L->after_move) L->after_move = zl_block(L, L->sections);
    return L->after_move;
}

Ast *zl_on_capture(ZrfLower *L)
{
    if (!L->on_capture) L->on_capture = zl_block(L, L->sections);
    return L->on_capture;
}

/* `var " turn": int = 0;`: the entry of the turn order whose turn it is (Game.order_slot):
 * counted, so two positions that differ in it differ */
static void declare_turn_index(ZrfLower *L, Ast *root)
{
    const ZrfNode *at = zrf_find(L->sections, "turn-order");
    Ast *t = zl_node(L, AST_TYPE, at);
    t->name = zl_str(L, "int");
    Ast *var = zl_kids(L, AST_VAR, at, t, zl_num(L, 0, at), zl_node(L, AST_NOTHING, at));
    var->name = zl_str(L, ZL_TURN);
    var->num = VAR_GLOBAL;
    ast_add(&L->nodes, root, var);
}

/* ---------- the start position ---------- */

typedef struct { char *s; size_t n, cap; } Text;

static void put(Text *t, const char *s)
{
    size_t k = strlen(s);
    if (t->n + k + 1 > t->cap) {
        t->cap = (t->n + k + 1) * 2;
        t->s = xrealloc(t->s, t->cap, "the start position");
    }
    memcpy(t->s + t->n, s, k + 1);
    t->n += k;
}

static void put_code(ZrfLower *L, Text *t, const char *code, int owner)
{
    char c[8];
    snprintf(c, sizeof c, "%s", code);
    /* a third player's or a later one's: <its letter> and the first player's code */
    if (owner >= 2) { put(t, "<"); put(t, player_letter(L, owner)); put(t, ">"); }
    if (owner == 1) for (char *q = c; *q; q++) *q = (char)tolower((unsigned char)*q);
    if (strlen(c) > 1) { put(t, "("); put(t, c); put(t, ")"); } else put(t, c);
}

/* (board-setup (PLAYER (TYPE POS ...) (TYPE off N) ...) ...) as a position string: the board,
 * rank by rank from the top of the layout, the side to move, the pieces off the board (when
 * there are drops), then the previous move's squares (none) */
static const char *start_position(ZrfLower *L, const GraphBoard *gb, const char **codes, int drops,
                                  const ZrfNode **at)
{
    int n = gb->nsq;
    int *piece = xmalloc(sizeof(int) * (size_t)n, "the start position"),
        *owner = xmalloc(sizeof(int) * (size_t)n, "the start position");
    int *hand = xcalloc((size_t)(L->nplayers * L->npieces + 1), sizeof(int), "the start position");
    for (int p = 0; p < n; p++) piece[p] = -1;
    const ZrfNode *setup = zrf_find(L->sections, "board-setup");
    *at = setup ? setup : L->sections;
    for (int i = 1; setup && i < setup->nkids; i++) {
        const ZrfNode *ps = setup->kids[i];
        int pl = ps->kind == ZN_LIST && ps->nkids && ps->kids[0]->kind == ZN_ATOM ? zl_player(L,
            ps->kids[0]->text) : -1;
        if (pl < 0) {
            zl_error(L, ps, "(PLAYER (TYPE POSITION ...) ...) with a player of the game");
            continue;
        }
        for (int j = 1; j < ps->nkids; j++) {
            const ZrfNode *e = ps->kids[j];
            int t = e->kind == ZN_LIST && e->nkids && e->kids[0]->kind == ZN_ATOM ? zl_piece(L,
                e->kids[0]->text) : -1;
            if (t < 0) {
                zl_error(L, e, "(TYPE POSITION ...) with a piece type of the game");
                continue;
            }
            /* positions and `off N` (N more in the hand) in any order: (Man b2 c2 off 1) sets
             * two men and keeps one off the board (the corpus's Focus, Reversi, Seega;
             * Polygamo's reading: (man A-1 off 5 C-1)) */
            for (int k = 1; k < e->nkids; k++) {
                if (e->kids[k]->kind == ZN_ATOM && zrf_eq(e->kids[k]->text, "off") &&
                    zl_position(L, "off") < 0) {
                    char *end = NULL;
                    long n = k + 1 < e->nkids && e->kids[k + 1]->kind == ZN_ATOM
                        ? strtol(e->kids[k + 1]->text, &end, 10) : -1;
                    if (!end || *end || n < 0 || n > MAX_HAND) {
                        zl_error(L, e->kids[k], "(TYPE off N): N is 0 to %d", MAX_HAND);
                        break;
                    }
                    hand[pl * L->npieces + t] += (int)n;
                    if (hand[pl * L->npieces + t] > MAX_HAND) {
                        zl_error(L, e->kids[k], "(TYPE off N): more than %d of one type off the "
                                 "board", MAX_HAND);
                        break;
                    }
                    k++;
                    continue;
                }
                int p = e->kids[k]->kind == ZN_ATOM ? zl_position(L, e->kids[k]->text) : -1;
                if (p < 0) { zl_error(L, e->kids[k], "not a position of the board"); continue; }
                piece[p] = t; owner[p] = pl;
            }
        }
    }
    Text t = { 0 };
    put(&t, "");
    int *at_cell = xmalloc(sizeof *at_cell * (size_t)gb->files * (size_t)gb->ranks, "a layout");
    for (int i = 0; i < gb->files * gb->ranks; i++) at_cell[i] = -1;
    for (int p = 0; p < n; p++) at_cell[gb->x[p] + gb->y[p] * gb->files] = p;
    for (int y = gb->ranks - 1; y >= 0; y--) {
        int empty = 0;
        for (int x = 0; x < gb->files; x++) {
            int p = at_cell[x + y * gb->files];
            if (p < 0) continue;
            if (piece[p] < 0) { empty++; continue; }
            char num[16];
            if (empty) { snprintf(num, sizeof num, "%d", empty); put(&t, num); empty = 0; }
            put_code(L, &t, codes[piece[p]], owner[p]);
            int any = 0;
            for (int a = 0; a < L->nattrs; a++) {
                int v = zl_attribute_default(L, piece[p], a);
                if (!v) continue;
                char val[24];
                snprintf(val, sizeof val, "=%d", v);
                put(&t, any ? "," : "{"); put(&t, zl_attribute_var(L, a)); put(&t, val);
                any = 1;
            }
            if (any) put(&t, "}");
        }
        char num[16];
        if (empty) { snprintf(num, sizeof num, "%d", empty); put(&t, num); }
        if (y) put(&t, "/");
    }
    free(at_cell);
    /* the first to move: the turn order's first, or the first player */
    const ZrfNode *order = zrf_find(L->sections, "turn-order");
    int first = L->norder ? L->order_player[0]
        : order && order->nkids > 1 && order->kids[1]->kind == ZN_ATOM ? zl_player(L,
        order->kids[1]->text) : 0;
    put(&t, " ");
    put(&t, L->g ? "" : "");
    const ZrfNode *pls = zrf_find(L->sections, "players");
    (void)pls;
    /* the player letters are those declare_players gave */
    char letter[2] = { (char)tolower((unsigned char)L->player[first < 0 ? 0 : first][0]), 0 };
    int clash = !isalpha((unsigned char)letter[0]);
    for (int j = 0; j < L->nplayers; j++)
        if (j != first && tolower((unsigned char)L->player[j][0]) == letter[0]) clash = 1;
    put(&t, clash ? L->player[first < 0 ? 0 : first] : letter);
    if (drops) {
        put(&t, " ");
        int any = 0;
        for (int pl = 0; pl < L->nplayers; pl++)
            for (int i = 0; i < L->npieces; i++)
                if (hand[pl * L->npieces + i]) {
                    char num[16];
                    snprintf(num, sizeof num, "%d", hand[pl * L->npieces + i]);
                    put(&t, num);
                    put_code(L, &t, codes[i], pl);
                    any = 1;
                }
        if (!any) put(&t, "-");
    }
    if (L->uses_last) put(&t, " - -");
    if (L->norder) put(&t, " 0");                 /* the turn order's first entry */
    /* each player has pieces of one droppable type at most off the board, and nothing puts
     * more there: a drop is named by its square (Game.drop_square_only) */
    if (drops) {
        int one = !L->recycle;       /* (recycled captures put any type there) */
        for (int pl = 0; pl < L->nplayers; pl++) {
            int types = 0;
            for (int i = 0; i < L->npieces; i++)
                types += hand[pl * L->npieces + i] > 0 && zrf_find(L->piece[i], "drops") != NULL;
            one &= types <= 1;
        }
        L->g->drop_square_only = one;
    }
    const char *s = zl_str(L, t.s);
    free(t.s); free(piece); free(owner); free(hand);
    return s;
}

/* ---------- the options ---------- */

static void read_options(ZrfLower *L, Ast *root)
{
    for (int i = 0; i < L->sections->nkids; i++) {
        const ZrfNode *o = L->sections->kids[i];
        if (!zrf_is(o, "option") || o->nkids < 2 || o->kids[1]->kind != ZN_STRING) continue;
        const char *name = o->kids[1]->text, *v = o->nkids > 2 && o->kids[2]->kind == ZN_ATOM
            ? o->kids[2]->text : "";
        if (zrf_eq_nocase(name, "pass turn")) {
            if (zrf_eq(v, "false")) continue;
            if (zrf_eq(v, "forced")) L->g->pass_forced = 1;
            /* a pass is always a move: `moves { note "pass"; emit stay; }` */
            Ast *b = zl_block(L, o);
            ast_add(&L->nodes, b, zl_kids(L, AST_NOTE, o, zl_string(L, "pass", o), NULL, NULL));
            Ast *e = zl_kids(L, AST_EMIT, o, zl_node(L, AST_NOTHING, o), NULL, NULL);
            e->num = EMIT_STAY;
            /* no move priority removes a pass (Dagaz adds it after them) */
            if (L->nprio)
                ast_add(&L->nodes, b, zl_kids(L, AST_KEY, o, zl_num(L, -1, o), NULL, NULL));
            ast_add(&L->nodes, b, e);
            ast_add(&L->nodes, root, zl_kids(L, AST_MOVES, o, b, NULL, NULL));
            continue;
        }
        /* what only Zillions' window does (and "progressive levels": a puzzle collection's
         * next variant once one is solved) */
        static const char *cosmetic[] = { "animate captures", "animate drops", "show moves list",
            "prevent flipping", "smart moves", "highlight goals", "allow flipping", "discard cell",
            "show captures", "board-area", "progressive levels", NULL };
        int known = 0;
        for (int k = 0; cosmetic[k]; k++) known |= zrf_eq_nocase(name, cosmetic[k]);
        if (known) continue;
        if (zrf_eq_nocase(name, "pass partial")) continue;     /* (check_supported) */
        /* Dagaz's, read where there are moves in parts (L->deferred); without them, nothing
         * it could change */
        if (zrf_eq_nocase(name, "deferred captures") && (L->deferred || !L->partial)) continue;
        /* a side that can take pieces must take as many as it can (`moves maximum capture`,
         * capture.c); with 2, of those, the ones that take the most kings: the pieces of every
         * type but the first the game declares (type 1; docs/zrf.md has the evidence) */
        if (zrf_eq_nocase(name, "maximal captures") && (zrf_eq(v, "true") || zrf_eq(v, "2"))) {
            L->g->compulsory_capture = 2;
            L->g->capture_kings = zrf_eq(v, "2");
            L->g->capture_man_type = 1;
            /* captures in parts that take the same pieces to the same square in another order
             * are one move, as the draughts rules that take the most count them (`moves
             * distinct`: moves that reach the same position are one) */
            if (L->partial) L->g->distinct = 1;
            continue;
        }
        /* "recycle captures": a captured piece goes back to its owner's pieces off the board,
         * as it was (Dagaz's capturePiece: its owner's reserve of its type; docs/zrf.md) */
        if (zrf_eq_nocase(name, "recycle captures") || zrf_eq_nocase(name, "include off-pieces") ||
            zrf_eq_nocase(name, "recycle promotions"))
            continue;                      /* (L->recycle, L->off_pieces, L->recycle_promotions) */
        if (zrf_eq_nocase(name, "maximal captures")) {
            if (!zrf_eq(v, "false"))
                zl_error(L, o, "(option \"%s\") is not supported yet by boardvm's Zillions reader "
                         "(issue 35)", name);
            continue;
        }
        zrf_node_warning(L->z, o,
                         "(option \"%s\") is Dagaz's or unknown to boardvm: ignored (the game "
                         "runs as its ZRF says)", name);
    }
}

/* Does the form hold an add-partial? */
static int has_partial(const ZrfNode *n)
{
    if (n->kind == ZN_ATOM) return zrf_eq(n->text, "add-partial") ||
                                   zrf_eq(n->text, "add-copy-partial");
    for (int i = 0; i < n->nkids; i++) if (has_partial(n->kids[i])) return 1;
    return 0;
}

/* ---------- what is refused before anything is lowered ---------- */

/* ---------- turn orders and move types ---------- */

int zl_move_class(ZrfLower *L, const char *name, const ZrfNode *at)
{
    if (!name) return 0;
    for (int i = 1; i <= L->nclasses; i++) if (zrf_eq(L->mclass[i], name)) return i;
    if (L->nclasses == ZL_MAX_CLASSES) {
        zl_error(L, at, "more than %d move types", ZL_MAX_CLASSES);
        return 0;
    }
    L->mclass[++L->nclasses] = name;
    return L->nclasses;
}

Ast *zl_class_block(ZrfLower *L, const char *label, const ZrfNode *at, Ast *blk)
{
    if (!L->classed && !L->partial) return blk;
    int c = zl_move_class(L, label, at);
    Ast *out = zl_block(L, at);
    Ast *chain = zl_ident(L, ZL_CHAIN, at);
    if (L->partial)          /* a later part: only a move of the class the last part named */
        ast_add(&L->nodes, out, zl_kids(L, AST_REQUIRE, at, zl_binary(L, BIN_OR, at,
                zl_not(L, at, chain), zl_binary(L, BIN_EQ, at, zl_ident(L, ZL_CCLASS, at),
                                                zl_num(L, c, at))), NULL, NULL));
    if (L->typed_turns) {
        /* the turns whose entry allows the type: those of any type, and those of this one (a
         * move of no type only at the former, as Polygamo's generator does) */
        Ast *ok = NULL;
        int all = 1;
        for (int i = 0; i < L->norder; i++) {
            if (L->order_class[i] && L->order_class[i] != c) { all = 0; continue; }
            Ast *e = zl_binary(L, BIN_EQ, at, zl_ident(L, ZL_TURN, at), zl_num(L, i, at));
            ok = ok ? zl_binary(L, BIN_OR, at, ok, e) : e;
        }
        /* (a later part of a move: the turn judged its first) */
        if (!ok) ok = zl_ident(L, "false", at);
        if (L->partial) ok = zl_binary(L, BIN_OR, at, zl_ident(L, ZL_CHAIN, at), ok);
        if (!all) ast_add(&L->nodes, out, zl_kids(L, AST_REQUIRE, at, ok, NULL, NULL));
    }
    if (L->nprio) {
        /* its rank: its place in move-priorities, after them all when it is not there (a type
         * not listed, or no type); a move in parts has its first part's */
        int rank = c >= 1 && c <= L->nprio ? c - 1 : L->nprio;
        Ast *key = zl_kids(L, AST_KEY, at, zl_num(L, rank, at), NULL, NULL);
        if (L->partial) {
            Ast *b = zl_block(L, at);
            ast_add(&L->nodes, b, key);
            key = zl_kids(L, AST_IF, at, zl_not(L, at, zl_ident(L, ZL_CHAIN, at)), b,
                          zl_node(L, AST_NOTHING, at));
        }
        ast_add(&L->nodes, out, key);
    }
    ast_add(&L->nodes, out, blk);
    return out;
}

/* (turn-order ENTRY ...): an entry is a player P, (P MOVE-TYPE), (P Q) or (P Q MOVE-TYPE) --
 * P's turn, made with Q's moves (Q's pieces, Q's side: Polygamo's TurnDef "moves made as this
 * player"; "(turn-order (White Black) (Black White))", each side moves the other's pieces,
 * is the ZRF idiom for one of the giveaway stalemate rules) -- or `repeat` (the entries after
 * it are played over and over; without it, all of them). Each player once and nothing else is
 * the plain order: the players are then declared in that order. Anything else is a table
 * (Game.norder). A player that is never an entry's P is neutral (Polygamo's
 * GameDef.SetTurnOrder: "IsActive" is being some turn's TurnPlayer): it never moves on its own,
 * though a turn may make its moves, and it counts for no result (docs/zrf.md, "Turn order"). */
static void read_turn_order(ZrfLower *L, const ZrfNode *f)
{
    /* (with a chance player the order is always a table: the players keep the order of
     * `players`, so that the two sides are the first and second, as position strings and
     * results take them, and the chance players come after them) */
    int plain = f->nkids - 1 == L->nplayers && !zl_nchance(L), seen = 0;
    for (int k = 1; k < f->nkids && plain; k++) {
        int pl = f->kids[k]->kind == ZN_ATOM ? zl_player(L, f->kids[k]->text) : -1;
        plain = pl >= 0 && pl < 30 && !(seen >> pl & 1);
        if (plain) seen |= 1 << pl;
    }
    if (plain) {
        const char *order[ZRF_MAX_PLAYERS];
        for (int k = 1; k < f->nkids; k++) order[k - 1] = f->kids[k]->text;
        for (int k = 0; k < L->nplayers; k++) L->player[k] = order[k];
        return;
    }
    L->order_repeat = 0;
    int repeat_seen = 0;
    for (int k = 1; k < f->nkids; k++) {
        const ZrfNode *e = f->kids[k];
        const char *who = NULL, *as = NULL, *type = NULL;
        if (e->kind == ZN_ATOM && zrf_eq(e->text, "repeat")) {
            if (repeat_seen++) zl_error(L, e, "a second `repeat` in a turn order");
            L->order_repeat = L->norder;
            continue;
        }
        if (e->kind == ZN_ATOM) who = e->text;
        else if (e->kind == ZN_LIST && e->nkids >= 1 && e->nkids <= 3 &&
                 e->kids[0]->kind == ZN_ATOM) {
            who = e->kids[0]->text;
            int i = 1;
            if (e->nkids >= 2 && e->kids[1]->kind == ZN_ATOM && zl_player(L, e->kids[1]->text) >= 0)
                as = e->kids[i++]->text;
            if (i < e->nkids) {
                if (e->kids[i]->kind != ZN_ATOM || i + 1 != e->nkids) {
                    zl_error(L, e, "a turn is PLAYER, (PLAYER MOVE-TYPE), (PLAYER AS-PLAYER "
                             "[MOVE-TYPE]) or repeat");
                    continue;
                }
                type = e->kids[i]->text;
            }
        } else {
            zl_error(L, e, "a turn is PLAYER, (PLAYER MOVE-TYPE), (PLAYER AS-PLAYER [MOVE-TYPE]) "
                     "or repeat");
            continue;
        }
        int pl = zl_player(L, who);
        if (pl < 0) {
            zl_error(L, e, "'%s' is not a player of the game", who);
            continue;
        }
        if (L->norder == MAX_TURN_ORDER) {
            zl_error(L, e, "a turn order of more than %d turns", MAX_TURN_ORDER);
            return;
        }
        int by = as ? zl_player(L, as) : pl;
        if (zl_is_chance(L, pl) && !zl_is_chance(L, by)) {
            /* (?Dice White [MOVE-TYPE]): a throw of the dice that White's moves (of the type)
             * make, drawn at random: the turn is White's, a chance turn (N8; the corpus's dice
             * games: Ur, Puluc, Daldosa; docs/zrf.md, "Random players") */
            L->order_chance[L->norder] = 1;
            pl = by;
        }
        L->order_player[L->norder] = pl;
        L->order_as[L->norder] = by;
        L->order_class[L->norder] = zl_move_class(L, type, e);
        if (type) L->typed_turns = 1;
        L->norder++;
    }
    if (!L->norder) zl_error(L, f, "a turn order with no turn");
    else if (L->order_repeat >= L->norder)
        zl_error(L, f, "nothing after `repeat` in the turn order");
}

/* Whether player p takes turns of its own (is some entry's P); without a table, every player. */
int zl_active_player(const ZrfLower *L, int p)
{
    if (!L->norder) return 1;
    for (int i = 0; i < L->norder; i++)
        if (L->order_player[i] == p) return 1;
    return 0;
}

/* ---------- what is refused before anything is lowered ---------- */

static int check_supported(ZrfLower *L)
{
    const ZrfNode *s = L->sections;
    /* Chance players (`?Dice`, N8) are not counted here: a game of two sides and dice is a game
     * of two. */
    const int sides = L->nplayers - zl_nchance(L);
    if (sides < 1 || L->nplayers > MAX_PLAYERS)
        zl_error(L, zrf_find(s, "players") ? zrf_find(s, "players") : s,
                 "a game of %d players: boardvm plays games of 1 to %d players", sides,
                 MAX_PLAYERS);
    else
        for (int i = 0; i < s->nkids; i++) {
            const ZrfNode *f = s->kids[i];
            if (zrf_is(f, "move-priorities")) {
                /* the best first: its types are classes 1..nprio */
                if (L->nprio || L->nclasses) {
                    zl_error(L, f, "a second move-priorities");
                    continue;
                }
                for (int k = 1; k < f->nkids; k++) {
                    if (f->kids[k]->kind != ZN_ATOM) {
                        zl_error(L, f->kids[k], "(move-priorities MOVE-TYPE ...) names move types");
                        continue;
                    }
                    zl_move_class(L, f->kids[k]->text, f->kids[k]);
                }
                L->nprio = L->nclasses;
            }
        }
    for (int i = 0; i < s->nkids && sides >= 1 && L->nplayers <= MAX_PLAYERS; i++)
        if (zrf_is(s->kids[i], "turn-order")) read_turn_order(L, s->kids[i]);
    for (int i = 0; i < s->nkids; i++) {
        const ZrfNode *f = s->kids[i];
        if (zrf_is(f, "piece")) L->partial |= has_partial(f);
        if (zrf_is(f, "option") && f->nkids >= 3 && f->kids[1]->kind == ZN_STRING &&
            zrf_eq_nocase(f->kids[1]->text, "pass partial") && f->kids[2]->kind == ZN_ATOM &&
            !zrf_eq(f->kids[2]->text, "false"))
            L->pass_partial = 1;
    }
    L->deferred = L->partial && zl_option_on(L, "deferred captures");
    L->classed = L->nprio > 0 || L->typed_turns;
    return !L->failed;
}

/* ---------- the entry ---------- */

_Thread_local int zrf_refuse_includes;

int zrf_looks_like(const char *text, size_t len, const char *name)
{
    size_t n = name ? strlen(name) : 0;
    if (n > 4 && (!strcasecmp(name + n - 4, ".zrf") || !strcasecmp(name + n - 4, ".zri"))) return 1;
    for (size_t i = 0; i < len; i++) {
        if (isspace((unsigned char)text[i])) continue;
        if (text[i] == ';') { while (i < len && text[i] != '\n') i++; continue; }
        return text[i] == '(';
    }
    return 0;
}

/* Split the options: "variant=..." is the reader's, the rest the game's (a ZRF game has none). */
static const char *variant_option(int nopts, char **opts, char **rest, int *nrest)
{
    const char *v = NULL;
    *nrest = 0;
    for (int i = 0; i < nopts; i++)
        if (!strncmp(opts[i], "variant=", 8)) v = opts[i] + 8;
        else rest[(*nrest)++] = opts[i];
    return v;
}

static Game *lower(ZrfLower *L, int nopts, char **opts, int *status)
{
    const ZrfNode *pls = zrf_find(L->sections, "players");
    L->player = arena_alloc(&L->nodes, sizeof(char *) * (size_t)(pls ? pls->nkids : 1));
    for (int i = 1; pls && i < pls->nkids; i++)
        if (pls->kids[i]->kind == ZN_ATOM) L->player[L->nplayers++] = pls->kids[i]->text;
    L->piece = arena_alloc(&L->nodes, sizeof(ZrfNode *) * (size_t)(L->sections->nkids + 1));
    for (int i = 0; i < L->sections->nkids; i++) {
        const ZrfNode *p = L->sections->kids[i];
        if (!zrf_is(p, "piece")) continue;
        const ZrfNode *nm = zrf_find(p, "name");
        if (!nm || nm->nkids != 2 || nm->kids[1]->kind != ZN_ATOM) {
            zl_error(L, p, "a piece needs (name NAME)");
            continue;
        }
        int twin = zl_piece(L, nm->kids[1]->text);
        /* (a piece written twice, word for word, is one piece, as Dagaz's converter makes it:
         * docs/zrf.md) */
        if (twin >= 0 && zrf_same(L->piece[twin], p)) {
            zrf_node_warning(L->z, nm, "a second piece named '%s', the same as the first: one "
                             "piece", nm->kids[1]->text);
            continue;
        }
        if (twin >= 0) {
            zl_error(L, nm, "a second piece named '%s'", nm->kids[1]->text);
            continue;
        }
        L->piece[L->npieces++] = p;
    }
    if (L->npieces > MAX_TYPES) zl_error(L, L->sections, "more than %d piece types", MAX_TYPES);
    if (!check_supported(L)) { *status = 1; return NULL; }

    Ast *root = zl_node(L, AST_FILE_, L->sections);
    const ZrfNode *title = zrf_find(L->sections, "title");
    Ast *gm = zl_node(L, AST_GAME, title);
    gm->str = zl_str(L, title && title->nkids == 2 ? title->kids[1]->text : L->g->filename);
    ast_add(&L->nodes, root, gm);
    L->root = root;
    declare_players(L, root);
    declare_zones(L, root);
    zl_declare_attributes(L, root);
    L->opposite = arena_alloc(&L->nodes, sizeof(int) * (size_t)(L->b->ndirs + 1));
    for (int d = 0; d < L->b->ndirs; d++) L->opposite[d] = opposite_of(L->b, d);
    L->sym_map = symmetry_map(L);
    int *royal = arena_alloc(&L->nodes, sizeof(int) * (size_t)(L->npieces + 1));
    /* (the goals count pieces off the board, the pieces need hands: read before them) */
    L->recycle = zl_option_on(L, "recycle captures");
    L->off_pieces = zl_option_on(L, "include off-pieces");
    L->recycle_promotions = zl_option_on(L, "recycle promotions");
    zl_goals(L, root, royal);
    const char **codes = arena_alloc(&L->nodes, sizeof(char *) * (size_t)(L->npieces + 1));
    int drops = 0;
    declare_pieces(L, root, codes, royal, &drops);
    read_options(L, root);
    if (L->uses_last) declare_last_move(L, root);
    if (L->norder) declare_turn_index(L, root);
    if (L->recycle) {                /* `on capture { give type(victim) to owner(victim); }` */
        const ZrfNode *at = L->sections;
        ast_add(&L->nodes, zl_on_capture(L), zl_kids(L, AST_GIVE, at,
                zl_call(L, "type", at, zl_ident(L, "victim", at), NULL),
                zl_call(L, "owner", at, zl_ident(L, "victim", at), NULL), NULL));
    }
    if (L->on_capture) {
        Ast *hook = zl_kids(L, AST_HOOK, L->sections, L->on_capture, NULL, NULL);
        hook->num = HOOK_CAPTURE;
        ast_add(&L->nodes, root, hook);
    }
    if (L->after_move) {
        Ast *hook = zl_kids(L, AST_HOOK, L->sections, L->after_move, NULL, NULL);
        hook->num = HOOK_AFTER_MOVE;
        ast_add(&L->nodes, root, hook);
    }
    BoardTables bt;
    memset(&bt, 0, sizeof bt);
    board_tables(L, &bt);
    /* (what boardvm's positions can hold: the start position is written on this layout) */
    if (bt.gb.nsq > MAX_SQUARES || bt.gb.files > MAX_FILES || bt.gb.ranks > MAX_RANKS) {
        zl_error(L, zrf_find(L->sections, "board") ? zrf_find(L->sections, "board") : L->sections,
                 "a board of %d positions: boardvm takes %d at most", bt.gb.nsq, MAX_SQUARES);
        board_tables_free(&bt);
        game_free(L->g);
        L->g = NULL;
        *status = 1;
        return NULL;
    }
    const ZrfNode *setup_at;
    Ast *start = zl_node(L, AST_START, L->sections);
    start->str = start_position(L, &bt.gb, codes, drops, &setup_at);
    start->loc = zl_loc(L, setup_at);
    ast_add(&L->nodes, root, start);
    L->g->attacks_by_capture = 1;
    /* a move two blocks make is two moves, whether the blocks are native lines or programs
     * (Polygamo's and Dagaz's generators keep both; docs/zrf.md, "Decisions") */
    L->g->lines_keep_twins = 1;
    Game *g = NULL;
    if (L->failed) { *status = 1; game_free(L->g); L->g = NULL; }
    else {
        zrf_point_diag(L->z, L->main_file);
        Game *lg = L->g;
        lg->move_priorities = L->nprio > 0;
        lg->part_squares = L->partial;
        lg->norder = L->norder;
        lg->order_repeat = L->order_repeat;
        for (int i = 0; i < L->norder; i++) {
            lg->order_player[i] = (uint8_t)L->order_player[i];
            lg->order_chance[i] = L->order_chance[i];
            lg->any_chance |= L->order_chance[i];
            lg->order_as[i] = (uint8_t)L->order_as[i];
            lg->order_as_any |= L->order_as[i] != L->order_player[i];
        }
        g = game_compile_tree(L->g, root, &L->z->diag, &bt.gb, nopts, opts, status);
        /* a piece declared under another name (zl_type_name): its own name back, as shown */
        for (int t = 1; g && t <= g->ntypes; t++) {
            const char *nm = g->types[t].name;
            size_t n = strlen(nm), k = strlen(" (piece)");
            if (n > k && !strcmp(nm + n - k, " (piece)")) {
                char *own = arena_strdup(&g->arena, nm);
                own[n - k] = 0;
                g->types[t].name = own;
            }
        }
        for (int i = 0; g && g->norder && i < g->nvars; i++)
            if (!strcmp(g->vars[i].name, ZL_TURN)) g->order_slot = g->vars[i].base;
        /* ZRF blocks walk the board from within a move (a `while` along a chain of positions
         * for each move it tries: Duke's 36 positions), so a program may run far more
         * than a .rules game's 100000 instructions before it emits (docs/zrf.md, "Limits");
         * the position's own work bound still applies */
        if (g) g->step_limit = ZL_STEP_LIMIT;
    }
    L->g = NULL;
    board_tables_free(&bt);
    return g;
}

Game *zrf_compile_source(const char *text, size_t len, const char *display_name, int nopts,
                         char **opts, int *status, FILE *out)
{
    Zrf z;
    zrf_init(&z, out);
    *status = 1;
    char **rest = xmalloc(sizeof(char *) * (size_t)(nopts + 1), "the options");
    int nrest;
    const char *spec = variant_option(nopts, opts, rest, &nrest);
    Game *g = NULL;
    ZrfGames games;
    ZrfBoard board;
    memset(&board, 0, sizeof board);
    ZrfNode *top = zrf_refuse_includes
        ? zrf_read_text(&z, display_name, text, len)
        : zrf_read_text_at(&z, display_name, display_name, text, len);
    if (top && zrf_games(&z, top, &games)) {
        int v = zrf_variant_pick(&games, spec, display_name);
        if (v < 0) *status = 2;
        else {
            ZrfNode *sections = zrf_variant_sections(&z, &games, v);
            if (sections && zrf_board(&z, sections, &board)) {
                ZrfLower L;
                memset(&L, 0, sizeof L);
                L.z = &z; L.sections = sections; L.b = &board; L.main_file = 0;
                arena_init(&L.nodes);
                index_positions(&L);
                L.g = game_tree_new(display_name);
                g = lower(&L, nrest, rest, status);
                if (L.g) game_free(L.g);       /* refused before it was compiled */
                arena_free(&L.nodes);
            }
        }
    }
    zrf_board_free(&board);
    free(rest);
    zrf_free(&z);
    return g;
}
