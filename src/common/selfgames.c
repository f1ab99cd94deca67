/* selfgames.c - one engine against itself (selfgames.h). */
#include "selfgames.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "make.h"
#include "movegen.h"
#include "notation.h"
#include "oom.h"
#include "posstring.h"
#include "protect.h"
#include "session.h"

void played_game_free(PlayedGame *pg)
{
    for (int i = 0; i < pg->nmoves; i++) free(pg->moves[i]);
    free(pg->moves);
    free(pg->start);
    memset(pg, 0, sizeof *pg);
}

int selfgame_outcome(const Pos *p)
{
    if (p->result == RESULT_DRAW) return SG_DRAW;
    int winner = pos_winner(p);
    return winner == 0 ? SG_FIRST_WINS : SG_SECOND_WINS;
}

static uint64_t next_random(uint64_t *x)
{
    *x += 0x9e3779b97f4a7c15ull;
    return mix64(*x);
}

typedef struct {
    Engine *e;
    const SelfPlaySpec *spec;
    int gi;
    PlayedGame *out;
    int cap;
} Playing;

static void add_move(Playing *pl, const char *s)
{
    PlayedGame *o = pl->out;
    if (o->nmoves == pl->cap) {
        pl->cap = pl->cap ? 2 * pl->cap : 128;
        o->moves = xrealloc(o->moves, sizeof *o->moves * (size_t)pl->cap, "a game's moves");
    }
    o->moves[o->nmoves++] = xstrdup(s, "a game's moves");
}

static void play(Pos *p, void *ctx)
{
    Playing *pl = ctx;
    const SelfPlaySpec *spec = pl->spec;
    const Game *g = p->g;
    uint64_t rng = spec->seed * 0x2545f4914f6cdd1dull + (uint64_t)pl->gi;
    char buf[MOVE_STR_MAX];
    SearchLimits lim = spec->lim;
    if (lim.seed) lim.seed = spec->seed + 7919u * (uint64_t)pl->gi + 1;
    engine_clear(pl->e);
    for (;;) {
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        if (p->result || ml->n == 0) break;
        if (pl->out->nmoves >= spec->max_plies) {
            pl->out->outcome = SG_UNFINISHED;
            snprintf(pl->out->reason, sizeof pl->out->reason, "move limit reached");
            return;
        }
        int k;
        if (pl->out->nmoves < spec->random_plies)
            k = (int)(next_random(&rng) % (uint64_t)ml->n);
        else {
            SearchResult r;
            engine_search(pl->e, p, &lim, &r);
            ml = pos_list(p, 0);
            node_moves(p, ml);
            k = move_find(g, ml, r.best_str);
            if (k < 0) pos_runtime_error(p, 0, "internal error: the engine chose '%s'", r.best_str);
        }
        move_string(g, ml, &ml->m[k], buf, sizeof buf);
        add_move(pl, buf);
        pos_make(p, ml, &ml->m[k]);
        p->nundo = 0;
        p->ntrail = 0; /* never taken back: keep no undo records */
    }
    if (p->result) {
        pl->out->outcome = selfgame_outcome(p);
        snprintf(pl->out->reason, sizeof pl->out->reason, "%s",
                 p->result_reason ? g->strings[p->result_reason - 1] : "");
    } else { /* no move and no result: the mover has lost */
        pl->out->outcome = pos_turn(p) == 0 ? SG_SECOND_WINS : SG_FIRST_WINS;
        snprintf(pl->out->reason, sizeof pl->out->reason, "no moves and no result");
    }
}

int selfgame_play(Game *g, Engine *e, const SelfPlaySpec *spec, int gi, PlayedGame *out, char *err,
                  size_t errlen)
{
    memset(out, 0, sizeof *out);
    int status;
    Pos *p = setup_position(g, NULL, NULL, 0, &status);
    if (!p) {
        snprintf(err, errlen, "the start position could not be set up");
        return 1;
    }
    out->start = pos_to_string(p);
    Playing pl = {e, spec, gi, out, 0};
    int bad = protected_run(p, play, &pl);
    if (bad) snprintf(err, errlen, "%s", p->errmsg);
    pos_free(p);
    return bad;
}
