/* api_internal.h - what the files of the public API (src/api/) share: the handles behind the
 * opaque types of boardvm.h, and the one way they report an error. Not installed. */
#ifndef BOARDVM_API_INTERNAL_H
#define BOARDVM_API_INTERNAL_H
#include "boardvm.h"
#include "game.h"
#include "position.h"
#include "search.h"

struct bvm_game { Game *g; char *warnings; };   /* warnings: the diagnostics of a good compile */

struct bvm_pos {
    const bvm_game *game;
    Pos *p;
    int broken;                   /* a runtime error left p unusable (bvm_pos_set mends it) */
    int ply;                      /* moves made that can be taken back */
    /* the legal moves of p as it stands, sorted by text (bvm_pos_moves' order): valid while
     * moves_ok; any make, unmake or set clears it */
    MoveList ml; int *order; int moves_ok;
};

struct bvm_engine { const bvm_game *game; Engine *e; };

/* Fill err (when not NULL) with code and a message (printf's format); returns code. */
int api_fail(bvm_error *err, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int api_ok(bvm_error *err);
/* A runtime error of the rules code on p: p is marked broken, err says what and where. */
int api_runtime_failure(bvm_pos *p, bvm_error *err);
/* BVM_ERR_ARGUMENT for a NULL p, BVM_ERR_BROKEN for a broken one, else BVM_OK. */
int api_usable(const bvm_pos *p, bvm_error *err);
/* The legal moves of p (p->ml, p->order) made current; a runtime error marks p broken. */
int api_moves(bvm_pos *p, bvm_error *err);
#endif
