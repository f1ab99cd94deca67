/* selfgames.h - games of the engine against itself, for the commands that learn from many games
 * (tune, balance): one engine plays both sides, from the start position after K random legal
 * plies, with the search's seeded evaluation noise (docs/engine.md §6.9) to vary the games. A
 * game depends only on its number and the seed. */
#ifndef BOARDVM_SELFGAMES_H
#define BOARDVM_SELFGAMES_H
#include <stdint.h>
#include "search.h"

enum { SG_FIRST_WINS, SG_DRAW, SG_SECOND_WINS, SG_UNFINISHED };

typedef struct {
    char *start;                 /* the position string it started from */
    char **moves; int nmoves;    /* all of them, the random opening included */
    int outcome;                 /* SG_* */
    char reason[128];            /* the end block's reason, or "move limit reached" */
} PlayedGame;

typedef struct {
    SearchLimits lim;            /* its seed is replaced by one per game (0 stays 0) */
    int random_plies, max_plies;
    uint64_t seed;
} SelfPlaySpec;

/* Play game number gi (from 0). Returns 0, or 1 after a runtime error of the rules code (its
 * message in err). */
int selfgame_play(Game *g, Engine *e, const SelfPlaySpec *spec, int gi, PlayedGame *out,
                  char *err, size_t errlen);
void played_game_free(PlayedGame *pg);
/* The outcome of a position where the game is over (p->result set), for the first player. */
int selfgame_outcome(const Pos *p);
#endif
