/* fuzz_games.h - the games the position and move harnesses read positions of: the shipped
 * rules files, plus test rules files that use the parts of position strings the shipped games
 * do not (stacks, hands, piece variables, flag sets, neutral pieces). Missing or broken files
 * are skipped, so the harnesses keep working while the rules files change. */
#ifndef BOARDVM_FUZZ_GAMES_H
#define BOARDVM_FUZZ_GAMES_H
#include "fuzz_common.h"

static const char *const fz_game_files[] = {
    "rules/chess.rules", "rules/smegi.rules", "rules/spinal-tap.rules", "rules/ivory-tower.rules",
    "rules/nemoroth.rules",
    "tests/lang/stacks.rules", "tests/lang/drops.rules", "tests/lang/piecevar.rules",
    "tests/lang/flags.rules", "tests/lang/vars.rules",
    "rules/four-towers.rules",          /* new games go last: the byte of old inputs keeps its game */
    "tests/fuzz-regress/cli/record-odd-notes.rules",   /* stacks, notes with spaces and quotes */
};
#define FZ_NGAME_FILES ((int)(sizeof fz_game_files / sizeof *fz_game_files))

static Game *fz_games[FZ_NGAME_FILES];
static int fz_ngames;

static inline void fz_load_games(void)
{
    for (int i = 0; i < FZ_NGAME_FILES; i++) {
        Game *g = fz_load_rules(fz_game_files[i]);
        if (g) fz_games[fz_ngames++] = g;
    }
    if (!fz_ngames) { fprintf(fz_real_stderr(), "fuzz: no rules file found under %s (set BOARDVM_SRCDIR)\n", fz_srcdir()); exit(1); }
}

/* The first input byte picks the game (by its index in fz_game_files, modulo the number
 * that loaded). */
static inline Game *fz_pick_game(const uint8_t **data, size_t *size)
{
    int k = 0;
    if (*size) { k = (*data)[0] % fz_ngames; (*data)++; (*size)--; }
    return fz_games[k];
}
#endif
