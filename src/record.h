/* record.h - game records (PGN-like, for any game): written by selfplay and play, read by
 * `--game FILE`. */
#ifndef BOARDVM_RECORD_H
#define BOARDVM_RECORD_H
#include <stdio.h>
#include "game.h"

typedef struct {
    const Game *game;
    const char *rules, *options, *start;
    const char *player[MAX_PLAYERS];
    char **moves; int nmoves;
    const char *result_str, *reason;
} GameRecord;

void record_write(FILE *f, const GameRecord *r);
const char *record_result_string(const Game *g, int result, int side_to_move);
/* The position and moves of the first game in text (all malloc'ed); 0 on a format error, with
 * nothing allocated (*position and *moves NULL). */
int record_read(const char *text, char **position, char ***moves, int *nmoves, char *err, size_t errlen);
#endif
