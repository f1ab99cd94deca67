/* bench.c - `boardvm bench`: perft speed (leaves per second) from the start position of a rules
 * file (chess.rules by default), median of several runs, so one slow run does not mislead. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "commands.h"
#include "perft.h"
#include "posstring.h"
#include "search.h"
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

    /* The search: the start position and, for chess, the standard test positions, each at a
     * fixed depth with a fresh engine. The node total is a signature of the search: it changes
     * only when the search (or the move generator's order) changes. */
    static const char *chess_positions[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10" };
    int is_chess = !strcmp(g->name, "FIDE Chess");
    int sdepth = a->depth > 0 ? a->depth + 1 : 6;
    char *start = pos_to_string(p);
    uint64_t nodes_total = 0; double secs_total = 0;
    printf("search: depth %d\n", sdepth);
    for (int i = 0; i < 1 + (is_chess ? 5 : 0); i++) {
        const char *fen = i == 0 ? start : chess_positions[i - 1];
        char e[256];
        if (!pos_from_string(p, fen, e, sizeof e)) { fprintf(stderr, "bench: %s\n", e); break; }
        Engine *eng = engine_new(g, 16);
        SearchLimits lim = { .depth = sdepth };
        SearchResult r;
        engine_search(eng, p, &lim, &r);
        engine_free(eng);
        printf("  %-12s %-10s score %6d nodes %10llu %.2fs\n", i == 0 ? "start" : "position", r.best_str, r.score,
               (unsigned long long)r.nodes, r.seconds);
        nodes_total += r.nodes; secs_total += r.seconds;
    }
    free(start);
    printf("search: %llu nodes (signature) in %.2f s, %.0f nodes/s\n", (unsigned long long)nodes_total, secs_total,
           secs_total > 0 ? nodes_total / secs_total : 0.0);
    pos_free(p); game_free(g);
    return 0;
}
