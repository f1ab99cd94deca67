/* zrf_board_print.c - a board as text, for `boardvm dump` and for tests worked out by hand:
 *
 *   board: 4 positions, 2 directions, 1 grid
 *   position a2 0 0 50 50          (its rectangle: x1 y1 x2 y2)
 *   position x dummy
 *   links n: a1 a2, b1 b2          (from to, in the order of the positions)
 *   zone goal White: a2 b2
 *   symmetry Black: n s, s n       (only the directions it changes)
 */
#include "zrf_board.h"

void zrf_board_print(FILE *out, const ZrfBoard *b)
{
    fprintf(out, "board: %d position%s, %d direction%s, %d grid%s\n", b->npos,
            b->npos == 1 ? "" : "s", b->ndirs, b->ndirs == 1 ? "" : "s", b->ngrids,
            b->ngrids == 1 ? "" : "s");
    for (int p = 0; p < b->npos; p++) {
        const ZrfPos *q = &b->pos[p];
        if (q->dummy) fprintf(out, "position %s dummy\n", q->name);
        else fprintf(out, "position %s %d %d %d %d\n", q->name, q->x1, q->y1, q->x2, q->y2);
    }
    for (int d = 0; d < b->ndirs; d++) {
        fprintf(out, "links %s:", b->dir[d]);
        int n = 0;
        for (int p = 0; p < b->npos; p++) {
            int t = zrf_link(b, p, d);
            if (t >= 0) fprintf(out, "%s %s %s", n++ ? "," : "", b->pos[p].name, b->pos[t].name);
        }
        fputc('\n', out);
    }
    for (int k = 0; k < b->nzones; k++) {
        fprintf(out, "zone %s %s:", b->zone[k].name, b->player[b->zone[k].player]);
        for (int i = 0; i < b->zone[k].npos; i++)
            fprintf(out, " %s", b->pos[b->zone[k].pos[i]].name);
        fputc('\n', out);
    }
    for (int s = 0; s < b->nsyms; s++) {
        fprintf(out, "symmetry %s:", b->player[b->sym[s].player]);
        int n = 0;
        for (int d = 0; d < b->ndirs; d++)
            if (b->sym[s].dir[d] != d)
                fprintf(out, "%s %s %s", n++ ? "," : "", b->dir[d], b->dir[b->sym[s].dir[d]]);
        fputc('\n', out);
    }
}
