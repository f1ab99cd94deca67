/* zrf_variant.h - the games and variants of a `.zrf` file, and each variant made whole.
 *
 * A file holds one or more `(game ...)` forms; a `(variant ...)` inherits from the game above
 * it, or from the first game below it when there is none above (docs/zrf.md, "Variants").
 * They are numbered from 1 in file order; a variant titled "-" is a separator line of
 * Zillions' menu, not numbered. With no --variant, the first game is taken. */
#ifndef BOARDVM_ZRF_VARIANT_H
#define BOARDVM_ZRF_VARIANT_H
#include "zrf.h"

typedef struct {
    const ZrfNode *form;     /* the (game ...) or (variant ...) */
    int game;                /* the index of the game it inherits from (itself for a game) */
    int number;              /* 1, 2, ... (0: a separator) */
    const char *title;       /* its own (title "..."), or NULL */
    int is_default;          /* (default): the variant Zillions opens first */
} ZrfVariant;

typedef struct {
    ZrfVariant *v; int n;    /* in file order, separators included */
    const char *version;     /* (version "...") or NULL */
} ZrfGames;

/* The games and variants of the top-level forms; 0 after errors (an Axiom file, a variant
 * before any game, no game at all). v is allocated in the Zrf's arena. */
int zrf_games(Zrf *z, const ZrfNode *top, ZrfGames *g);

/* The sections of entry i as a list (the head atom left out): a game's own, or its game's
 * with the variant's in their place; NULL after an error, when the sections of the variant
 * times those of its game pass ZRF_MAX_MERGE (real files have at most a few hundred). */
#define ZRF_MAX_MERGE 50000000L
ZrfNode *zrf_variant_sections(Zrf *z, const ZrfGames *g, int i);

/* The entry that --variant names (a number, or a title, ignoring case), or the first game; -1
 * after a message on stderr. */
int zrf_variant_pick(const ZrfGames *g, const char *spec, const char *file);

/* The title an entry is listed under: its own, or its game's, or "(untitled)". */
const char *zrf_variant_title(const ZrfGames *g, int i);
#endif
