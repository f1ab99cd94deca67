/* startpos.c - the position a command works on, from its arguments: the rules file (and its
 * --option values), then a game record's start and moves (--game), --fen, then --moves. */
#define _GNU_SOURCE                /* strcasestr */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "commands.h"
#include "oom.h"
#include "record.h"
#include "session.h"

/* Does the Variant tag v name game g? PGN's chess ("Standard", lichess's "From Position") is
 * FIDE Chess; otherwise either name holds the other, letters compared without case. */
static int variant_fits(const char *v, const Game *g)
{
    if (!*v) return 1;
    if (!strcasecmp(v, "Standard") || !strcasecmp(v, "From Position") || !strcasecmp(v, "Chess"))
        return !strcmp(g->name, "FIDE Chess");
    return strcasestr(g->name, v) || strcasestr(v, g->name);
}

static void record_notes(const char *file, const Game *g, const RecordInfo *info)
{
    if (info->variations)
        fprintf(stderr, "boardvm: %s: note: %d variation%s skipped (the main line is read)\n",
                file, info->variations, info->variations > 1 ? "s" : "");
    if (info->games > 1)
        fprintf(stderr, "boardvm: %s: note: the file holds more than one game; the first is "
                "read\n", file);
    if (!variant_fits(info->variant, g))
        fprintf(stderr, "boardvm: %s: note: the record's Variant is '%s', the rules file's "
                "game '%s'\n", file, info->variant, g->name);
}

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
        RecordInfo info;
        if (!record_read_info(text, &rpos, &rmoves, &nr, err, sizeof err, &info)) {
            fprintf(stderr, "boardvm: %s: %s\n", a->game, err);
            free(text); game_free(*g); return 1;
        }
        free(text);
        record_notes(a->game, *g, &info);
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
