/* startpos.c - the position a command works on, from its arguments: the rules file (and its
 * --option values), then a game record's start and moves (--game), --fen, then --moves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"
#include "oom.h"
#include "record.h"
#include "session.h"

int open_position(Args *a, Game **g, Pos **p)
{
    int status;
    *g = load_game(a->pos[1], NULL, a->nopts, a->opts, &status);
    if (!*g) return status;
    const char *fen = a->fen;
    char *rpos = NULL; char **rmoves = NULL; int nr = 0;
    if (a->game) {                     /* a game record: its start, its moves, then --moves */
        size_t len; char err[128];
        char *text = read_file(a->game, &len);
        if (!text) { game_free(*g); return 2; }
        if (!record_read(text, &rpos, &rmoves, &nr, err, sizeof err)) {
            fprintf(stderr, "boardvm: %s: %s\n", a->game, err);
            free(text); game_free(*g); return 1;
        }
        free(text);
        if (rpos && !fen) fen = rpos;
        rmoves = xrealloc(rmoves, sizeof *rmoves * (size_t)(nr + a->nmoves + 1),
                          "the record's moves");
        for (int i = 0; i < a->nmoves; i++)
            rmoves[nr + i] = xstrdup(a->moves[i], "the record's moves");
        nr += a->nmoves;
    }
    *p = setup_position(*g, fen, a->game ? rmoves : a->moves, a->game ? nr : a->nmoves,
                        &status);
    for (int i = 0; i < nr; i++) free(rmoves[i]);
    free(rmoves); free(rpos);
    if (!*p) { game_free(*g); return status; }
    return 0;
}
