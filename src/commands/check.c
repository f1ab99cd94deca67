/* check.c - `boardvm check FILE...`: compile each rules file and set up its start position;
 * one line per good file, the diagnostics of a bad one. Exit status: the worst of the files. */
#include <stdio.h>
#include "commands.h"
#include "session.h"

int cmd_check(Args *a)
{
    int status;
    int worst = 0;
    for (int i = 1; i < a->npos; i++) {
        Game *g = load_game(a->pos[i], NULL, a->nopts, a->opts, &status);
        if (!g) { if (status > worst) worst = status; continue; }
        /* the start position must be valid too (setup_position reports its runtime errors) */
        Pos *p = setup_position(g, NULL, NULL, 0, &status);
        if (!p) { if (!worst) worst = 1; game_free(g); continue; }
        printf("%s: ok: \"%s\", %d players, %d squares, %d piece types, %d programs, "
               "%d code words\n",
               a->pos[i], g->name, g->nplayers, g->nsq, g->ntypes, g->nfns, g->ncode);
        pos_free(p);
        game_free(g);
    }
    return worst;
}
