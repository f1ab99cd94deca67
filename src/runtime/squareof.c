/* squareof.c - `square-of`'s scans of the board, and their answers kept between them.
 *
 * Nemoroth's move programs each begin with four `square-of`s (where the Ghasts and Basilisks
 * stand), every one a scan of the board: 6 % of its perft. Between two pieces' programs at one
 * node the board is the same (each program's writes are undone), so the answer is kept with the
 * stamp of the board it was read from (pos_board_stamp: equal stamps are equal boards; the writes
 * of variables, such as the `sga = square-of(...)` between two of them, keep the stamp) and given
 * again while the stamp is unchanged. A kept answer is charged the work of the scan it stands
 * for. A board's answers for every (type, player) come from one walk of its occupied squares
 * (turn-start's four `square-of`s after each move were 10 % of its cost as four scans). */
#include "squareof.h"
#include "oom.h"
#include <stdlib.h>

/* The answers for one board: first[t * nplayers + pl], the first square holding a piece of type
 * t (1..ntypes) and player pl, or -1; all of them from one walk of the board. */
struct SquareOfCache {
    uint64_t stamp;
    int32_t first[];
};

/* The squares that hold a piece, where the writes keep them (Pos.layer_set's first layer, or
 * Pos.owned's complement of the empty ones); 0 where they are not kept. */
static int occupied_kept(const Pos *p, uint64_t *occ)
{
    const Game *g = p->g;
    uint64_t board = g->nsq >= 64 ? ~0ull : (1ull << g->nsq) - 1;
    if (g->layer_sets && p->cell_sets) { *occ = p->layer_set[0] & board; return 1; }
    if (p->owned_kept) { *occ = ~p->owned[0] & board; return 1; }
    return 0;
}

/* Each piece of square sq whose (type, player) has no square yet gets sq. */
static void note_square(const Pos *p, int32_t *first, int sq)
{
    const Game *g = p->g;
    const int stack = g->stack;
    for (int l = 0; l < stack; l++) {
        int32_t w = p->st[sq * stack + l];
        if (!w) return;                     /* a stack has no gaps */
        int t = PW_TYPE(w), pl = PW_OWNER(w);
        if (t < 1 || t > g->ntypes || pl < 0 || pl >= g->nplayers) continue;
        if (first[t * g->nplayers + pl] < 0) first[t * g->nplayers + pl] = sq;
    }
}

/* One walk of the board for every (type, player): a hook that asks where four pieces stand
 * (Nemoroth's turn-start) walks it once, not four times. Where the writes keep the occupied
 * squares, only those are looked at. (Out of line: inlined, it made every answer given from
 * the kept ones save and restore the registers it uses, some 20 instructions.) */
static __attribute__((noinline)) void walk(const Pos *p, int32_t *first)
{
    const Game *g = p->g;
    for (int i = 0; i < (g->ntypes + 1) * g->nplayers; i++) first[i] = -1;
    uint64_t occ;
    if (occupied_kept(p, &occ))
        for (; occ; occ &= occ - 1) note_square(p, first, __builtin_ctzll(occ));
    else
        for (int sq = 0; sq < g->nsq; sq++) note_square(p, first, sq);
}

int squareof_find(Pos *p, int t, int pl, int *scanned)
{
    const Game *g = p->g;
    if (!p->stamps) pos_start_stamps(p);
    uint64_t stamp = pos_board_stamp(p);
    size_t n = (size_t)(g->ntypes + 1) * (size_t)g->nplayers;
    if (!p->squareof) {
        p->squareof = calloc(1, sizeof *p->squareof + n * sizeof p->squareof->first[0]);
        if (!p->squareof) out_of_memory("square-of's answers");
    }
    struct SquareOfCache *c = p->squareof;
    if (!stamp || c->stamp != stamp) {
        walk(p, c->first);
        c->stamp = stamp;
    }
    /* charged the squares a scan in order would have looked at to answer */
    int found = c->first[t * g->nplayers + pl];
    *scanned = found >= 0 ? found + 1 : g->nsq;
    return found;
}
