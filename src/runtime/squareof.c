/* squareof.c - `square-of`'s scans of the board, and their answers kept between them.
 *
 * Nemoroth's move programs each begin with four `square-of`s (where the Ghasts and Basilisks
 * stand), every one a scan of the board: 6 % of its perft. Between two pieces' programs at one
 * node the board is the same (each program's writes are undone), so the answer is kept with the
 * stamp of the board it was read from (pos_board_stamp: equal stamps are equal boards; the writes
 * of variables, such as the `sga = square-of(...)` between two of them, keep the stamp) and given
 * again while the stamp is unchanged. A kept answer is charged the work of the scan it stands
 * for. The answer kept is read inline (squareof.h); the first look at a board scans it here. */
#include "squareof.h"
#include "oom.h"
#include <stdlib.h>

static int scan(const Pos *p, int t, int pl, int *scanned)
{
    const Game *g = p->g;
    const int stack = g->stack;
    int sq = 0;
    for (; sq < g->nsq; sq++)
        for (int l = 0; l < stack; l++) {
            int32_t w = p->st[sq * stack + l];
            if (!w) break;                  /* a stack has no gaps */
            if (PW_TYPE(w) == t && PW_OWNER(w) == pl) { *scanned = sq + 1; return sq; }
        }
    *scanned = g->nsq;
    return -1;
}

int squareof_scan_and_keep(Pos *p, int t, int pl, int *scanned)
{
    if (!p->stamps) pos_start_stamps(p);
    uint64_t stamp = pos_board_stamp(p);
    if (!stamp) return scan(p, t, pl, scanned);
    if (!p->squareof) {
        p->squareof = calloc(1, sizeof *p->squareof);
        if (!p->squareof) out_of_memory("square-of's answers");
    }
    struct SquareOfCache *c = p->squareof;
    int i = squareof_slot(t, pl);
    if (c->slot[i].stamp == stamp && c->slot[i].type == t && c->slot[i].player == pl) {
        *scanned = c->slot[i].scanned;
        return c->slot[i].found;
    }
    int found = scan(p, t, pl, scanned);
    c->slot[i].stamp = stamp; c->slot[i].type = (int16_t)t; c->slot[i].player = (int16_t)pl;
    c->slot[i].found = found; c->slot[i].scanned = *scanned;
    return found;
}
