/* record.h - game records in PGN, for any game: written by selfplay, play and the web board, read
 * by `--game FILE`, `play --load FILE` and the web board. */
#ifndef BOARDVM_RECORD_H
#define BOARDVM_RECORD_H
#include <stdio.h>
#include "game.h"

typedef struct {
    const Game *game;
    const char *event;             /* the Event tag ("boardvm selfplay"); NULL: "?" */
    int round;                     /* the Round tag (selfplay's game number); 0: "-" */
    const char *rules, *options, *start;
    const char *player[MAX_PLAYERS];
    char **moves; int nmoves;
    const char *result_str, *reason;
} GameRecord;

void record_write(FILE *f, const GameRecord *r);
/* The same with the moves in SAN (san.h) where the game replays from r->start: the records
 * people read (selfplay, play). Every reader of --game and play --load reads both. */
void record_write_san(FILE *f, const GameRecord *r);
const char *record_result_string(const Game *g, int result, int side_to_move);
/* The move number prefix of ply i of a game whose first mover is player `first`, as PGN writes
 * it ("3. ", "3... ", or "" within a round); at most 24 characters. */
void record_move_number(const Game *g, int first, int i, char *buf, size_t len);
/* Is start (a position string) the game's own start, as pos_to_string writes it? A record names
 * its start (SetUp, FEN) only when it is not. */
int record_is_own_start(const Game *g, const char *start);
/* The position and moves of the first game in text (all malloc'ed); 0 on a format error, with
 * nothing allocated (*position and *moves NULL). */
int record_read(const char *text, char **position, char ***moves, int *nmoves, char *err,
                size_t errlen);
/* What else the first game's reading saw: variations skipped, whether more games follow (2:
 * at least one more), the Variant tag ("" if none). */
typedef struct { int variations, games; char variant[64]; } RecordInfo;
int record_read_info(const char *text, char **position, char ***moves, int *nmoves, char *err,
                     size_t errlen, RecordInfo *info);
#endif
