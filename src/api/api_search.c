/* api_search.c - the library's search (boardvm.h): an engine's tables kept between searches,
 * limits as the command line sets them, and a stop any thread may ask for. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api_internal.h"
#include "oom.h"
#include "protect.h"

#define DEFAULT_HASH_MB 16
#define DEFAULT_DEPTH 3          /* as selfplay's: with no limit given, depth 3 and deeper while
                                    cheap, within the default bound of work (search.h) */

bvm_engine *bvm_engine_new(const bvm_game *g, int hash_mb, bvm_error *err)
{
    if (!g) { api_fail(err, BVM_ERR_ARGUMENT, "no game"); return NULL; }
    if (hash_mb < 0 || hash_mb > 65536) {
        api_fail(err, BVM_ERR_ARGUMENT, "hash size must be 0 to 65536 MB, not %d", hash_mb);
        return NULL;
    }
    bvm_engine *e = xmalloc(sizeof *e, "an engine");
    e->game = g;
    e->e = engine_new(g->g, hash_mb ? hash_mb : DEFAULT_HASH_MB);
    api_ok(err);
    return e;
}

void bvm_engine_free(bvm_engine *e)
{
    if (!e) return;
    engine_free(e->e);
    free(e);
}

void bvm_engine_clear(bvm_engine *e) { engine_clear(e->e); }
void bvm_engine_stop(bvm_engine *e) { engine_stop(e->e); }

static void limits(const bvm_limits *l, SearchLimits *lim)
{
    memset(lim, 0, sizeof *lim);
    if (!l || (l->depth <= 0 && !l->nodes && l->seconds <= 0)) {
        lim->depth = DEFAULT_DEPTH;
        lim->deepen = 1;
        lim->work = SEARCH_DEFAULT_WORK;
    } else {
        lim->depth = l->depth > 0 ? l->depth : 0;
        lim->nodes = l->nodes;
        lim->time = l->seconds > 0 ? l->seconds : 0;
    }
    lim->threads = l && l->threads > 1 ? l->threads : 1;
}

typedef struct { Engine *e; SearchLimits lim; SearchResult res; } Run;

static void search_it(Pos *p, void *ctx)
{
    Run *r = ctx;
    engine_search(r->e, p, &r->lim, &r->res);
}

int bvm_engine_search(bvm_engine *e, bvm_pos *bp, const bvm_limits *l, bvm_search_result *res,
                      bvm_error *err)
{
    if (!e || !res) return api_fail(err, BVM_ERR_ARGUMENT, "no engine or no result");
    int st = api_usable(bp, err);
    if (st) return st;
    if (bp->game != e->game)
        return api_fail(err, BVM_ERR_ARGUMENT, "the engine is for another game");
    if (l && (l->depth < 0 || l->depth > 100 || l->threads < 0 || l->threads > 256))
        return api_fail(err, BVM_ERR_ARGUMENT, "search limits out of range (depth 0 to 100, "
                        "threads 0 to 256)");
    Run *r = xcalloc(1, sizeof *r, "a search");
    r->e = e->e;
    limits(l, &r->lim);
    bp->moves_ok = 0;                         /* (the search uses the position's own lists) */
    if (protected_run(bp->p, search_it, r)) { free(r); return api_runtime_failure(bp, err); }
    memset(res, 0, sizeof *res);
    if (r->res.best >= 0) snprintf(res->best, sizeof res->best, "%s", r->res.best_str);
    res->score = r->res.score;
    res->depth = r->res.depth;
    res->nodes = r->res.nodes;
    res->seconds = r->res.seconds;
    res->stopped = engine_halted(e->e);
    snprintf(res->pv, sizeof res->pv, "%s", r->res.pv);
    free(r);
    return api_ok(err);
}
