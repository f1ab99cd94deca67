/* bench.c - `boardvm bench`: perft speed (leaves per second) from the start position of a rules
 * file (chess.rules by default), median of several runs, so one slow run does not mislead. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "commands.h"
#include "perft.h"
#include "session.h"

#ifndef BOARDVM_DATADIR
#define BOARDVM_DATADIR "/usr/local/share/boardvm"
#endif

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int cmd_bench(Args *a)
{
    const char *volatile file = a->npos >= 2 ? a->pos[1] : NULL;
    if (!file) file = access("rules/chess.rules", R_OK) == 0 ? "rules/chess.rules" : BOARDVM_DATADIR "/chess.rules";
    int depth = a->depth > 0 ? a->depth : 5, runs = a->runs > 0 ? a->runs : 5;
    int status;
    Game *g = load_game(file, NULL, a->nopts, a->opts, &status);
    if (!g) return status;
    jmp_buf jb;
    Pos *volatile p = NULL;
    if (setjmp(jb)) { fprintf(stderr, "%s\n", p->errmsg); pos_free(p); game_free(g); return 1; }
    p = setup_position(g, a->fen, a->moves, a->nmoves, &jb, &status);
    if (!p) { game_free(g); return status; }
    double *nps = malloc(sizeof *nps * (size_t)runs);
    uint64_t leaves = 0;
    printf("bench: %s, perft %d, %d runs\n", file, depth, runs);
    for (int r = 0; r < runs; r++) {
        double t0 = now();
        leaves = perft(p, depth, 0);
        double dt = now() - t0;
        nps[r] = dt > 0 ? leaves / dt : 0;
        printf("run %d: %llu leaves in %.3f s, %.0f leaves/s\n", r + 1, (unsigned long long)leaves, dt, nps[r]);
        fflush(stdout);
    }
    qsort(nps, (size_t)runs, sizeof *nps, cmp_double);
    double med = runs % 2 ? nps[runs / 2] : (nps[runs / 2 - 1] + nps[runs / 2]) / 2;
    printf("median: %.0f leaves/s (%llu leaves)\n", med, (unsigned long long)leaves);
    free(nps);
    pos_free(p); game_free(g);
    return 0;
}
