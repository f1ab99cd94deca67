/* zrf_board.c - see zrf_board.h: the table of positions and links, and the board's forms
 * other than grids (zrf_grid.c), in the order written. */
#include "zrf_board.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "oom.h"

static unsigned hash(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static int find_position(const ZrfBoard *b, const char *name)
{
    if (!b->nslots) return -1;
    unsigned mask = (unsigned)b->nslots - 1;
    for (unsigned i = hash(name) & mask; b->slots[i]; i = (i + 1) & mask)
        if (zrf_eq(b->pos[b->slots[i] - 1].name, name)) return b->slots[i] - 1;
    return -1;
}

static void slot_in(ZrfBoard *b, int p)
{
    unsigned mask = (unsigned)b->nslots - 1, i = hash(b->pos[p].name) & mask;
    while (b->slots[i]) i = (i + 1) & mask;
    b->slots[i] = p + 1;
}

/* The link table regrown to cappos x capdirs, the links kept. */
static void regrow(ZrfBoard *b, int cappos, int capdirs)
{
    int *l = xmalloc((size_t)cappos * (size_t)capdirs * sizeof *l, "a board's links");
    for (int i = 0; i < cappos * capdirs; i++) l[i] = -1;
    for (int p = 0; p < b->npos; p++)
        for (int d = 0; d < b->ndirs; d++) l[p * capdirs + d] = b->link[p * b->capdirs + d];
    free(b->link);
    b->link = l; b->cappos = cappos; b->capdirs = capdirs;
}

int zrf_board_position(Zrf *z, ZrfBoard *b, const char *name, ZrfLoc loc)
{
    int p = find_position(b, name);
    if (p >= 0) return p;
    if (b->npos == ZRF_MAX_POSITIONS) {
        zrf_error(z, loc, NULL, "more than %d positions", ZRF_MAX_POSITIONS);
        return -1;
    }
    if (b->npos == b->cappos) {
        regrow(b, b->cappos ? 2 * b->cappos : 64, b->capdirs ? b->capdirs : 8);
        b->pos = xrealloc(b->pos, (size_t)b->cappos * sizeof *b->pos, "a board's positions");
    }
    if (2 * (b->npos + 1) > b->nslots) {
        free(b->slots);
        b->nslots = b->nslots ? 2 * b->nslots : 128;
        b->slots = xcalloc((size_t)b->nslots, sizeof *b->slots, "a board's positions");
        for (int i = 0; i < b->npos; i++) slot_in(b, i);
    }
    p = b->npos++;
    b->pos[p] = (ZrfPos){ name, 0, 0, 0, 0, 0, 0, loc };
    slot_in(b, p);
    return p;
}

int zrf_board_direction(Zrf *z, ZrfBoard *b, const ZrfNode *at, const char *name)
{
    for (int d = 0; d < b->ndirs; d++) if (zrf_eq(b->dir[d], name)) return d;
    if (b->ndirs == ZRF_MAX_DIRECTIONS) {
        zrf_node_error(z, at, "more than %d directions", ZRF_MAX_DIRECTIONS);
        return -1;
    }
    if (b->ndirs == b->capdirs || !b->cappos) {
        regrow(b, b->cappos ? b->cappos : 64, b->capdirs ? 2 * b->capdirs : 8);
        b->pos = xrealloc(b->pos, (size_t)b->cappos * sizeof *b->pos, "a board's positions");
    }
    b->dir = xrealloc(b->dir, (size_t)(b->ndirs + 1) * sizeof *b->dir, "a board's directions");
    b->dir[b->ndirs] = name;
    return b->ndirs++;
}

void zrf_board_set_link(ZrfBoard *b, int from, int dir, int to)
{
    b->link[from * b->capdirs + dir] = to;
}

int zrf_link(const ZrfBoard *b, int p, int d) { return b->link[p * b->capdirs + d]; }

long zrf_max_board_work = ZRF_MAX_BOARD_WORK;

int zrf_board_spend(Zrf *z, ZrfBoard *b, const ZrfNode *at, long n)
{
    if (b->too_much) return 0;
    b->work += n;
    if (b->work <= zrf_max_board_work) return 1;
    zrf_node_error(z, at, "building this board takes more than %ld steps", zrf_max_board_work);
    b->too_much = 1;
    return 0;
}

int zrf_number(Zrf *z, const ZrfNode *n, int *v)
{
    const char *s = n->kind == ZN_ATOM ? n->text : "";
    const char *d = s + (*s == '-' || *s == '+');
    long x = 0;
    int ok = *d != 0;
    for (; *d && ok; d++) {
        ok = *d >= '0' && *d <= '9';
        x = x * 10 + (*d - '0');
        if (x > 1000000) ok = 0;
    }
    if (!ok) {
        zrf_node_error(z, n, "a whole number from -1000000 to 1000000 was expected here");
        return 0;
    }
    *v = (int)(*s == '-' ? -x : x);
    return 1;
}

/* A position named by an atom that must exist already; -1 after an error. */
static int known_position(Zrf *z, const ZrfBoard *b, const ZrfNode *n)
{
    if (n->kind != ZN_ATOM) {
        zrf_node_error(z, n, "a position name was expected here");
        return -1;
    }
    int p = find_position(b, n->text);
    if (p < 0) zrf_node_error(z, n, "no position '%s' on this board", n->text);
    return p;
}

static int known_direction(Zrf *z, const ZrfBoard *b, const ZrfNode *n)
{
    for (int d = 0; n->kind == ZN_ATOM && d < b->ndirs; d++)
        if (zrf_eq(b->dir[d], n->text)) return d;
    zrf_node_error(z, n, "no direction '%s' on this board", n->kind == ZN_ATOM ? n->text : "");
    return -1;
}

/* A zone or a symmetry of a player the game does not have can never be used (Dagaz files
 * have them: stapeldammen.zrf, tile-chess.zrf): a warning, and it is left out. */
static int known_player(Zrf *z, const ZrfBoard *b, const ZrfNode *n)
{
    for (int i = 0; n->kind == ZN_ATOM && i < b->nplayers; i++)
        if (zrf_eq(b->player[i], n->text)) return i;
    zrf_node_warning(z, n, "no player '%s' in this game: left out",
                     n->kind == ZN_ATOM ? n->text : "");
    return -1;
}

/* (positions (NAME X1 Y1 X2 Y2) ...): made, or their rectangle set again */
static int positions_form(Zrf *z, ZrfBoard *b, const ZrfNode *f)
{
    int ok = 1;
    for (int i = 1; i < f->nkids; i++) {
        const ZrfNode *e = f->kids[i];
        int r[4];
        if (e->kind != ZN_LIST || e->nkids != 5 || e->kids[0]->kind != ZN_ATOM) {
            zrf_node_error(z, e, "a position is (NAME X1 Y1 X2 Y2)");
            ok = 0;
            continue;
        }
        int good = 1;
        for (int k = 0; k < 4 && good; k++) good = zrf_number(z, e->kids[k + 1], &r[k]);
        int p = good ? zrf_board_position(z, b, e->kids[0]->text, e->kids[0]->loc) : -1;
        if (p < 0) { ok = 0; continue; }
        b->pos[p].x1 = r[0]; b->pos[p].y1 = r[1]; b->pos[p].x2 = r[2]; b->pos[p].y2 = r[3];
        b->pos[p].dummy = 0;
    }
    return ok;
}

/* (dummy NAME ...): positions with no place on the image (the heads of link chains) */
static int dummy_form(Zrf *z, ZrfBoard *b, const ZrfNode *f)
{
    int ok = 1;
    for (int i = 1; i < f->nkids; i++) {
        const ZrfNode *e = f->kids[i];
        int p = e->kind == ZN_ATOM ? zrf_board_position(z, b, e->text, e->loc) : -1;
        if (e->kind != ZN_ATOM) zrf_node_error(z, e, "a position name was expected here");
        if (p < 0) { ok = 0; continue; }
        b->pos[p].dummy = 1;
    }
    return ok;
}

/* (links DIR (FROM TO) ...): a link replaces the one from FROM in DIR, if any */
static int links_form(Zrf *z, ZrfBoard *b, const ZrfNode *f)
{
    if (f->nkids < 2 || f->kids[1]->kind != ZN_ATOM) {
        zrf_node_error(z, f, "links are (links DIRECTION (FROM TO) ...)");
        return 0;
    }
    int d = zrf_board_direction(z, b, f->kids[1], f->kids[1]->text), ok = d >= 0;
    for (int i = 2; i < f->nkids && d >= 0; i++) {
        const ZrfNode *e = f->kids[i];
        if (e->kind != ZN_LIST || e->nkids != 2) {
            zrf_node_error(z, e, "a link is (FROM TO)");
            ok = 0;
            continue;
        }
        int from = known_position(z, b, e->kids[0]), to = known_position(z, b, e->kids[1]);
        if (from < 0 || to < 0) { ok = 0; continue; }
        zrf_board_set_link(b, from, d, to);
    }
    return ok;
}

/* (unlink P | (P Q) | (P DIR) ...): every link from and to P; the links between P and Q, both
 * ways; P's link in DIR (a name that is both a position and a direction is the position). */
static int unlink_form(Zrf *z, ZrfBoard *b, const ZrfNode *f)
{
    int ok = 1;
    for (int i = 1; i < f->nkids; i++) {
        const ZrfNode *e = f->kids[i];
        if (e->kind == ZN_LIST && e->nkids != 2) {
            zrf_node_error(z, e, "an unlink is a position, (FROM TO) or (FROM DIRECTION)");
            ok = 0;
            continue;
        }
        int p = known_position(z, b, e->kind == ZN_LIST ? e->kids[0] : e);
        if (p < 0) { ok = 0; continue; }
        int q = -1, dir = -1;
        if (e->kind == ZN_LIST) {
            const ZrfNode *second = e->kids[1];
            q = second->kind == ZN_ATOM ? find_position(b, second->text) : -1;
            if (q < 0 && (dir = known_direction(z, b, second)) < 0) { ok = 0; continue; }
        }
        if (dir >= 0) { zrf_board_set_link(b, p, dir, -1); continue; }
        if (q >= 0) {                       /* the rows of p and q only */
            for (int d = 0; d < b->ndirs; d++) {
                if (zrf_link(b, p, d) == q) zrf_board_set_link(b, p, d, -1);
                if (zrf_link(b, q, d) == p) zrf_board_set_link(b, q, d, -1);
            }
            continue;
        }
        if (!zrf_board_spend(z, b, e, (long)b->npos * b->ndirs)) return 0;
        for (int s = 0; s < b->npos; s++)
            for (int d = 0; d < b->ndirs; d++)
                if (s == p || zrf_link(b, s, d) == p) zrf_board_set_link(b, s, d, -1);
    }
    return ok;
}

static int kill_form(Zrf *z, ZrfBoard *b, const ZrfNode *f)
{
    int ok = 1;
    for (int i = 1; i < f->nkids; i++) {
        int p = known_position(z, b, f->kids[i]);
        if (p < 0) ok = 0;
        else b->pos[p].killed = 1;
    }
    return ok;
}

/* the positions of (positions ...) inside a zone, without repeats */
static int zone_positions(Zrf *z, ZrfBoard *b, const ZrfNode *list, int **out)
{
    int n = 0;
    *out = xmalloc((size_t)(list ? list->nkids : 1) * sizeof **out, "a zone");
    if (!list || !zrf_board_spend(z, b, list, b->npos + list->nkids)) return 0;
    char *seen = xcalloc((size_t)b->npos + 1, 1, "a zone");
    for (int i = 1; i < list->nkids; i++) {
        int p = known_position(z, b, list->kids[i]);
        if (p >= 0 && !seen[p]) { seen[p] = 1; (*out)[n++] = p; }
    }
    free(seen);
    return n;
}

/* (zone (name Z) (players P ...) (positions POS ...)): a zone of each player listed; a zone
 * of the same name and player given again replaces the first */
static int zone_form(Zrf *z, ZrfBoard *b, const ZrfNode *f)
{
    const ZrfNode *name = zrf_find(f, "name"), *players = zrf_find(f, "players");
    if (!name || name->nkids != 2 || name->kids[1]->kind != ZN_ATOM || !players) {
        zrf_node_error(z, f, "a zone needs (name NAME) and (players PLAYER ...)");
        return 0;
    }
    int before = z->diag.errors, ok = 1;
    for (int i = 1; i < players->nkids; i++) {
            int pl = known_player(z, b, players->kids[i]);
        if (pl < 0) continue;
        if (!zrf_board_spend(z, b, f, b->nzones)) return 0;
        int k = 0;
        while (k < b->nzones && !(b->zone[k].player == pl &&
                                  zrf_eq(b->zone[k].name, name->kids[1]->text))) k++;
        if (k == b->nzones) {
            b->zone = xrealloc(b->zone, (size_t)(b->nzones + 1) * sizeof *b->zone, "a zone");
            b->nzones++;
        } else free(b->zone[k].pos);
        ZrfZone *zn = &b->zone[k];
        zn->name = name->kids[1]->text; zn->player = pl;
        zn->npos = zone_positions(z, b, zrf_find(f, "positions"), &zn->pos);
    }
    return ok && z->diag.errors == before;
}

/* (symmetry PLAYER (D1 D2) ...): for that player D1 is D2 */
static int symmetry_form(Zrf *z, ZrfBoard *b, const ZrfNode *f)
{
    if (f->nkids < 2) {
        zrf_node_error(z, f, "a symmetry is (symmetry PLAYER (D1 D2) ...)");
        return 0;
    }
    int pl = known_player(z, b, f->kids[1]), ok = 1;
    if (pl < 0) return 1;
    if (!zrf_board_spend(z, b, f, (long)f->nkids * b->ndirs)) return 0;
    int s = 0;
    while (s < b->nsyms && b->sym[s].player != pl) s++;
    if (s == b->nsyms) {
        b->sym = xrealloc(b->sym, (size_t)(b->nsyms + 1) * sizeof *b->sym, "a symmetry");
        b->sym[s].player = pl;
        b->sym[s].dir = xmalloc(ZRF_MAX_DIRECTIONS * sizeof *b->sym[s].dir, "a symmetry");
        for (int d = 0; d < ZRF_MAX_DIRECTIONS; d++) b->sym[s].dir[d] = d;
        b->nsyms++;
    }
    for (int i = 2; i < f->nkids; i++) {
        const ZrfNode *e = f->kids[i];
        if (e->kind != ZN_LIST || e->nkids != 2) {
            zrf_node_error(z, e, "a pair of directions (D1 D2) was expected here");
            ok = 0;
            continue;
        }
        /* a direction no link has cannot be taken (cubic-chess.zrf's sn, sahkku.zrf's
         * shadow): the pair is left out, with a warning */
        int d1 = -1, d2 = -1;
        for (int d = 0; d < b->ndirs; d++) {
            if (e->kids[0]->kind == ZN_ATOM && zrf_eq(b->dir[d], e->kids[0]->text)) d1 = d;
            if (e->kids[1]->kind == ZN_ATOM && zrf_eq(b->dir[d], e->kids[1]->text)) d2 = d;
        }
        if (d1 < 0 || d2 < 0) {
            const ZrfNode *bad = d1 < 0 ? e->kids[0] : e->kids[1];
            zrf_node_warning(z, bad, "no direction '%s' on this board: the pair is left out",
                             bad->kind == ZN_ATOM ? bad->text : "");
            continue;
        }
        b->sym[s].dir[d1] = d2;
    }
    return ok;
}

/* The board's forms in three rounds, each in the order written: first the positions (grids,
 * positions, dummy), then the links (links, unlink, kill-positions), then zones and
 * symmetries. Files name a dummy position or a link's direction in a symmetry above the form
 * that makes it (SimpleShogi.zrf: (symmetry ... (to-hand n-hand)) above (links to-hand ...)). */
static int form_round(const ZrfNode *f)
{
    if (zrf_is(f, "grid") || zrf_is(f, "positions") || zrf_is(f, "dummy")) return 0;
    if (zrf_is(f, "links") || zrf_is(f, "unlink") || zrf_is(f, "kill-positions")) return 1;
    return 2;
}

static int board_form(Zrf *z, ZrfBoard *b, const ZrfNode *f)
{
    static const struct { const char *head; int (*run)(Zrf *, ZrfBoard *, const ZrfNode *); }
    forms[] = {
        { "grid", zrf_grid }, { "positions", positions_form }, { "dummy", dummy_form },
        { "links", links_form }, { "unlink", unlink_form }, { "kill-positions", kill_form },
        { "zone", zone_form }, { "symmetry", symmetry_form },
    };
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
        if (zrf_is(f, forms[i].head)) return forms[i].run(z, b, f);
    if (zrf_is(f, "image")) return 1;                   /* for a GUI: kept in the tree */
    zrf_node_warning(z, f, "'%s' in a board is not known: ignored",
                     zrf_head(f) ? zrf_head(f) : "this");
    return 1;
}

/* Killed positions taken out: the others renumbered, links to killed ones gone, zones
 * without them. */
static void finish(ZrfBoard *b)
{
    int *to = xmalloc((size_t)(b->npos ? b->npos : 1) * sizeof *to, "a board");
    int n = 0;
    for (int p = 0; p < b->npos; p++) to[p] = b->pos[p].killed ? -1 : n++;
    if (n == b->npos) { free(to); return; }
    for (int p = 0; p < b->npos; p++) {
        if (to[p] < 0) continue;
        for (int d = 0; d < b->ndirs; d++) {
            int t = zrf_link(b, p, d);
            b->link[to[p] * b->capdirs + d] = t >= 0 ? to[t] : -1;
        }
        b->pos[to[p]] = b->pos[p];
    }
    for (int k = 0; k < b->nzones; k++) {
        int m = 0;
        for (int i = 0; i < b->zone[k].npos; i++)
            if (to[b->zone[k].pos[i]] >= 0) b->zone[k].pos[m++] = to[b->zone[k].pos[i]];
        b->zone[k].npos = m;
    }
    b->npos = n;
    memset(b->slots, 0, (size_t)b->nslots * sizeof *b->slots);
    for (int p = 0; p < b->npos; p++) slot_in(b, p);
    free(to);
}

static int read_players(Zrf *z, const ZrfNode *sections, ZrfBoard *b)
{
    const ZrfNode *pl = zrf_find(sections, "players");
    if (!pl) return 1;              /* zones and symmetries then name no player */
    b->player = xmalloc((size_t)pl->nkids * sizeof *b->player, "the players");
    for (int i = 1; i < pl->nkids; i++) {
        const ZrfNode *n = pl->kids[i];
        if (n->kind != ZN_ATOM) {
            zrf_node_error(z, n, "a player's name was expected here");
            return 0;
        }
        if (b->nplayers == ZRF_MAX_PLAYERS) {
            zrf_node_error(z, n, "more than %d players", ZRF_MAX_PLAYERS);
            return 0;
        }
        b->player[b->nplayers++] = n->text;
    }
    return 1;
}

int zrf_board(Zrf *z, const ZrfNode *sections, ZrfBoard *b)
{
    memset(b, 0, sizeof *b);
    int before = z->diag.errors, boards = 0;
    if (!read_players(z, sections, b)) return 0;
    for (int round = 0; round < 3; round++)
        for (int i = 0; i < sections->nkids; i++) {
            const ZrfNode *s = sections->kids[i];
            if (!zrf_is(s, "board")) continue;
            boards += !round;
            for (int k = 1; k < s->nkids && !b->too_much; k++)
                if (form_round(s->kids[k]) == round) board_form(z, b, s->kids[k]);
        }
    if (!boards) zrf_node_error(z, sections, "this game has no (board ...)");
    if (z->diag.errors > before) return 0;
    finish(b);
    return 1;
}

void zrf_board_free(ZrfBoard *b)
{
    free(b->pos); free(b->dir); free(b->link); free(b->player); free(b->slots);
    for (int k = 0; k < b->nzones; k++) free(b->zone[k].pos);
    for (int s = 0; s < b->nsyms; s++) free(b->sym[s].dir);
    free(b->zone); free(b->sym);
    memset(b, 0, sizeof *b);
}
