/* variant_names.h - the names a game goes by as an engine's variant (see variant_names.c). */
#ifndef BOARDVM_VARIANT_NAMES_H
#define BOARDVM_VARIANT_NAMES_H
#include "game.h"

/* The names the game may have as an engine's variant, most likely first, at most max (each
 * 64 bytes): its name in lower case without spaces or signs ("xiangqi", "thegameofnemoroth"),
 * each word of it but "chess", and "chess" when every word names plain chess ("FIDE Chess").
 * Returns how many. */
int variant_candidates(const Game *g, char cand[][64], int max);

/* The one name `boardvm uci` gives its game as UCI_Variant (the first of the candidates), in
 * out; NULL for plain chess, which UCI engines play without a variant, or a game with no name. */
const char *game_variant_name(const Game *g, char out[64]);
#endif
