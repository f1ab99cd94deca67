/* squareof.h - `square-of(type, player)`: the first square holding such a piece, its answers
 * kept while the board they were read from stands (pos_board_stamp). */
#ifndef BOARDVM_SQUAREOF_H
#define BOARDVM_SQUAREOF_H

#include "position.h"

enum { SQOF_SLOTS = 64 };                   /* direct-mapped by (type, player) */

struct SquareOfCache {
    struct { uint64_t stamp; int16_t type, player; int32_t found, scanned; } slot[SQOF_SLOTS];
};
static inline int squareof_slot(int t, int pl) { return (t * 7 + pl) & (SQOF_SLOTS - 1); }

/* squareof_find where the answer is not kept for this board: scanned, and kept */
int squareof_scan_and_keep(Pos *p, int t, int pl, int *scanned);

/* The first square (in square order) with a piece of type t owned by pl at any layer, or -1;
 * *scanned: the squares a scan of the board looks at to answer (the work it is charged, whether
 * the answer was scanned or kept). The kept answer is read here, inline: Nemoroth asks 2.3 M in
 * `perft 4`, 94 % of them kept, and the call was most of their cost (docs/runtime.md, step 52). */
static inline int squareof_find(Pos *p, int t, int pl, int *scanned)
{
    const struct SquareOfCache *c = p->squareof;     /* (set once stamps are kept) */
    const uint64_t stamp = pos_board_stamp(p);
    if (c && stamp) {
        const int i = squareof_slot(t, pl);
        if (c->slot[i].stamp == stamp && c->slot[i].type == t && c->slot[i].player == pl) {
            *scanned = c->slot[i].scanned;
            return c->slot[i].found;
        }
    }
    return squareof_scan_and_keep(p, t, pl, scanned);
}

#endif
