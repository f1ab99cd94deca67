/* royal.c - see royal.h */
#include "royal.h"

int royal_square(Pos *p, int player)
{
    int more;
    int r = pos_royal_square(p, player, &more);   /* the cached answer when there is one */
    if (r < 0 || !more) return r;
    const Game *g = p->g;
    for (int sq = 0; sq < g->nsq; sq++)
        for (int l = 0; l < g->stack; l++) {
            int32_t w = p->st[sq * g->stack + l];
            if (w && PW_OWNER(w) == player && g->types[PW_TYPE(w)].royal) return sq;
        }
    return -1;
}
