/* playcommon.c - see playcommon.h. */
#include "playcommon.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mcts.h"
#include "oom.h"

void log_add(MoveLog *l, const char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->m = xrealloc(l->m, sizeof *l->m * (size_t)l->cap, "the game's moves");
    }
    l->m[l->n++] = xstrdup(s, "the game's moves");
}

void log_pop(MoveLog *l) { if (l->n) free(l->m[--l->n]); }

void log_free(MoveLog *l)
{
    while (l->n) log_pop(l);
    free(l->m);
    l->m = NULL; l->cap = 0;
}

const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

void options_string(const Args *a, char *buf, size_t len)
{
    buf[0] = 0;
    for (int i = 0; i < a->nopts; i++) {
        size_t n = strlen(buf);
        snprintf(buf + n, len - n, "%s%s", i ? " " : "", a->opts[i]);
    }
}

void limits_from_args(const Args *a, SearchLimits *lim, int default_depth)
{
    memset(lim, 0, sizeof *lim);
    int no_limit = a->depth <= 0 && a->time <= 0 && !a->nodes && !a->move_work;
    lim->depth = a->depth > 0 ? a->depth : (no_limit ? default_depth : 0);
    lim->deepen = no_limit && default_depth > 0;     /* the default: deeper while cheap */
    lim->work = a->move_work > UINT64_MAX / 1000000u ? UINT64_MAX        /* (no limit) */
              : a->move_work ? a->move_work * 1000000u
              : no_limit && default_depth ? SEARCH_DEFAULT_WORK : 0;
    lim->time = a->time;
    lim->nodes = a->nodes;
    lim->threads = a->threads;
    lim->off = a->off;
    lim->algo = a->algo;
    lim->playout = a->playout;
    if (a->algo == SEARCH_MCTS) {       /* no depth: playouts (mcts_args_refused refused --depth) */
        lim->depth = 0; lim->deepen = 0;
        if (no_limit && default_depth) lim->nodes = MCTS_DEFAULT_PLAYOUTS;
    }
}

int mcts_args_refused(const Args *a)
{
    if (a->algo != SEARCH_MCTS) return 0;
    const char *bad = a->depth > 0 ? "--depth" : a->threads > 1 ? "--threads"
                    : a->off ? "--off" : NULL;
    if (!bad) return 0;
    fprintf(stderr, "boardvm: %s is for --search ab: --search mcts takes --nodes (playouts), "
            "--time or --move-work, and runs one thread\n", bad);
    return 2;
}

void engine_name(const SearchLimits *lim, char *buf, size_t len)
{
    if (lim->algo == SEARCH_MCTS) {
        char m[16];
        search_method_string(lim, m, sizeof m);
        if (lim->nodes)
            snprintf(buf, len, "boardvm %s %llu playouts", m, (unsigned long long)lim->nodes);
        else if (lim->time > 0) snprintf(buf, len, "boardvm %s %.1fs", m, lim->time);
        else snprintf(buf, len, "boardvm %s %llu M steps", m,
                      (unsigned long long)(lim->work / 1000000u));
    } else if (lim->depth)
        snprintf(buf, len, "boardvm depth %d%s", lim->depth, lim->deepen ? "+" : "");
    else if (lim->nodes) snprintf(buf, len, "boardvm %llu nodes", (unsigned long long)lim->nodes);
    else if (lim->time > 0) snprintf(buf, len, "boardvm %.1fs", lim->time);
    else snprintf(buf, len, "boardvm %llu M steps", (unsigned long long)(lim->work / 1000000u));
}

const char *reason_of(const Pos *p)
{
    return p->result_reason ? p->g->strings[p->result_reason - 1] : "";
}
