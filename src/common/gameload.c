/* gameload.c - a rules file compiled and made ready to run: the one place that puts the
 * layers together (see game.h).
 *
 * The compiler (compile.c) stops at verified bytecode and knows nothing of the runtime; the
 * runtime's tables (movegen_prepare, effects_prepare) are made from the compiled game here,
 * and the start position is read now, so that a mistake in it is an error at its place in the
 * rules file rather than at the first command that sets up the game. Compiling used to call
 * these itself: calls up the layers that tests/layers.sh now refuses. */
#include "gameload.h"
#include "game.h"
#include "rules_compile.h"
#include "diag.h"
#include "effects.h"
#include "movegen.h"
#include "guards.h"
#include "origins.h"
#include "posstring.h"
#include "zrf_compile.h"

Game *game_compile_to(const char *text, size_t len, const char *display_name, int nopts,
                      char **opts, int *status, FILE *out)
{
    /* the front end by the file: a Zillions file (.zrf, or text that opens with a list), or
     * boardvm's own language */
    Game *g = zrf_looks_like(text, len, display_name)
        ? zrf_compile_source(text, len, display_name, nopts, opts, status, out)
        : game_compile_source(text, len, display_name, nopts, opts, status, out);
    if (!g) return NULL;
    movegen_prepare(g);
    effects_prepare(g);
    origins_prepare(g);
    guards_prepare(g);
    char e[256];
    if (!pos_check_string(g, g->start, e, sizeof e)) {
        Diag diag;
        diag_init(&diag, display_name, text, len);
        diag.out = out;
        diag_error(&diag, g->start_loc, "the start position: %s", e);
        game_free(g);
        *status = 1;
        return NULL;
    }
    return g;
}

Game *game_compile(const char *text, size_t len, const char *display_name, int nopts,
                   char **opts, int *status)
{
    return game_compile_to(text, len, display_name, nopts, opts, status, stderr);
}
