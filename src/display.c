/* display.c - draws a position for a person: ranks top down, files across, piece codes
 * (the second player's in lower case), '.' for an empty square, blank for a hole. */
#include <string.h>
#include "commands.h"

void show_board(const Pos *p, FILE *out)
{
    const Game *g = p->g;
    int w = 1;
    for (int t = 1; t <= g->ntypes; t++) if ((int)strlen(g->types[t].code) > w) w = (int)strlen(g->types[t].code);
    for (int y = g->ranks - 1; y >= 0; y--) {
        fprintf(out, "%3d ", y + 1);
        for (int x = 0; x < g->files; x++) {
            int sq = g->sq_at[x + y * 32];
            const char *c = " ";
            if (sq >= 0) {
                int32_t pw = p->st[sq * g->stack];
                int t = PW_TYPE(pw);
                c = !pw ? "." : (t >= 1 && t <= g->ntypes) ? (PW_OWNER(pw) == 1 ? g->types[t].lcode : g->types[t].code) : "?";
            }
            fprintf(out, " %-*s", w, c);
        }
        fputc('\n', out);
    }
    fprintf(out, "    ");
    for (int x = 0; x < g->files; x++) fprintf(out, " %-*c", w, 'a' + x);
    fputc('\n', out);
    int any = 0;
    for (int pl = 0; pl < g->nplayers; pl++)
        for (int t = 1; t <= g->ntypes; t++) {
            int n = p->st[g->st_hands + pl * (g->ntypes + 1) + t];
            if (n <= 0) continue;
            if (!any) fprintf(out, "in hand:");
            fprintf(out, " %s %s x%d", g->player_name[pl], g->types[t].name, n);
            any = 1;
        }
    if (any) fputc('\n', out);
}
