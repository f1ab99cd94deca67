/* variant_names.c - the names a game goes by as an engine's variant (UCI_Variant, CECP's
 * `variant`): what `match --engine` tells another engine, and what `boardvm uci` calls its own
 * game, so that boardvm against boardvm agrees on the name without --engine-variant. */
#include "variant_names.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Is w (lower case) a word that names plain chess in a game's name ("FIDE Chess")? */
static int chess_word(const char *w)
{
    static const char *words[] = { "chess", "fide", "standard", "orthodox", "international",
                                   "western" };
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) if (!strcmp(w, words[i])) return 1;
    return 0;
}

/* The names the game may have as an engine's variant, most likely first: its name in lower case
 * without spaces or signs ("xiangqi", "threecheck"), each word of it but "chess" ("capablanca"
 * of "Capablanca Chess"), and "chess" when every word is one of chess_word()'s. */
int variant_candidates(const Game *g, char cand[][64], int max)
{
    int n = 1, plain = 1;
    char word[64];
    size_t k = 0, w = 0;
    for (const char *c = g->name;; c++) {
        if (isalnum((unsigned char)*c)) {
            if (k < 63) cand[0][k++] = (char)tolower((unsigned char)*c);
            if (w < 63) word[w++] = (char)tolower((unsigned char)*c);
            continue;
        }
        if (w) {
            word[w] = 0;
            if (!chess_word(word)) plain = 0;
            if (strcmp(word, "chess") && n < max - 1) snprintf(cand[n++], 64, "%s", word);
            w = 0;
        }
        if (!*c) break;
    }
    cand[0][k] = 0;
    if (plain) snprintf(cand[n++], 64, "chess");
    int m = 0;                          /* each name once ("xiangqi" is its own only word) */
    for (int i = 0; i < n; i++) {
        int seen = 0;
        for (int j = 0; j < m; j++) seen |= !strcmp(cand[j], cand[i]);
        if (!seen && m != i) memcpy(cand[m], cand[i], 64);
        if (!seen) m++;
    }
    return m;
}


const char *game_variant_name(const Game *g, char out[64])
{
    char cand[8][64];
    int n = variant_candidates(g, cand, 8);
    for (int i = 0; i < n; i++) if (!strcmp(cand[i], "chess")) return NULL;
    if (!n || !cand[0][0]) return NULL;
    memcpy(out, cand[0], 64);
    return out;
}
