/* bench.c - `boardvm bench`: speed, as medians of several runs so one slow run does not mislead.
 *
 *   boardvm bench FILE            one game: perft speed (leaves per second) from a position, then
 *                                 the search (nodes per second, and its node count: a signature)
 *   boardvm bench [FILE FILE...]  several games side by side, chess first as the reference: for
 *   boardvm bench --list LIST     each, perft leaves/s and search nodes/s from its start position
 *                                 (or the list's position). Without a file: chess, xiangqi, shogi.
 */
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
#include "oom.h"
#include "protect.h"
#include "rulespath.h"

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

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* ---- several games side by side ----------------------------------------------------------- */

typedef struct { char *file; int depth; char *fen; } BenchGame;   /* depth 0: chosen here */

/* Without --depth, the perft depth of a game is the smallest whose leaf count reaches this:
 * a count, not a time, so the depth (and the search depth, one more) is the same on every
 * machine. Chess gets 4 (197281 leaves), shogi 4 (719731), xiangqi 3. */
#define BENCH_MIN_LEAVES 50000
#define BENCH_MAX_DEPTH 10

/* One row's measures (under protected_run: a runtime error of the rules code skips the game). */
typedef struct {
    const Args *a;
    const BenchGame *bg;
    double perft_rate, search_rate;
    double *v;                     /* the runs' rates (freed by bench_one, whatever happens) */
} BenchRow;

static void bench_row(Pos *p, void *ctx)
{
    BenchRow *b = ctx;
    const Game *g = p->g;
    int depth = b->a->depth > 0 ? b->a->depth : b->bg->depth;
    uint64_t leaves = 0;
    if (depth <= 0)              /* the first depth with enough leaves to time */
        for (depth = 1; depth < BENCH_MAX_DEPTH; depth++)
            if ((leaves = perft(p, depth, 0)) >= BENCH_MIN_LEAVES) break;
    int runs = b->a->runs > 0 ? b->a->runs : 5;
    double *v = b->v = xmalloc(sizeof *v * (size_t)runs, "the runs' rates");
    for (int r = 0; r < runs; r++) {
        double t0 = now();
        leaves = perft(p, depth, 0);
        double dt = now() - t0;
        v[r] = dt > 0 ? leaves / dt : 0;
    }
    b->perft_rate = median(v, runs);
    /* the search: a fresh engine each run, so every run searches the same tree */
    SearchResult res = {0};
    for (int r = 0; r < runs; r++) {
        Engine *eng = engine_new(g, 16);
        SearchLimits lim = { .depth = depth + 1 };
        engine_search(eng, p, &lim, &res);
        engine_free(eng);
        v[r] = res.seconds > 0 ? res.nodes / res.seconds : 0;
    }
    b->search_rate = median(v, runs);
    printf("%-14.14s %-26s %5d %10llu %10.0f %6d %9llu %9.0f", g->name, b->bg->file, depth,
           (unsigned long long)leaves, b->perft_rate, depth + 1, (unsigned long long)res.nodes,
           b->search_rate);
    fflush(stdout);
}

/* One row: perft leaves/s and search nodes/s (medians of `runs`), or a note why not. */
static int bench_one(Args *a, const BenchGame *bg, double *perft_rate, double *search_rate)
{
    *perft_rate = *search_rate = 0;
    char *found = rules_find(bg->file);        /* a path, or a game's name (chess) */
    if (!found) {
        printf("%-14s %-26s skipped: %s does not exist (yet)\n", "-", bg->file, bg->file);
        return 0;
    }
    int status;
    Game *g = load_game(found, NULL, 0, NULL, &status);
    free(found);
    if (!g) {
        printf("%-14s %-26s skipped: it does not compile (above)\n", "-", bg->file);
        return 0;
    }
    Pos *p = setup_position(g, bg->fen, NULL, 0, &status);
    if (!p) {
        printf("%-14s %-26s skipped: bad position (above)\n", g->name, bg->file);
        game_free(g);
        return 0;
    }
    BenchRow b = { a, bg, 0, 0, NULL };
    int failed = protected_run(p, bench_row, &b);
    if (failed) printf("%-14s %-26s skipped: %s\n", g->name, bg->file, p->errmsg);
    else { *perft_rate = b.perft_rate; *search_rate = b.search_rate; }
    free(b.v); pos_free(p); game_free(g);
    return !failed;
}

/* A list file: one game a line, `RULES-FILE [DEPTH [POSITION...]]`; DEPTH `-` or 0 = chosen as
 * above; `#` comments. A relative RULES-FILE is relative to the list file's directory. */
static int read_list(const char *path, BenchGame **out, int *n)
{
    size_t len;
    char *text = read_file(path, &len);
    if (!text) return 2;
    const char *slash = strrchr(path, '/');
    int dirlen = slash ? (int)(slash - path + 1) : 0;
    int cap = 8; *n = 0;
    *out = malloc(sizeof **out * (size_t)cap);
    if (!*out) out_of_memory("out in read_list()");
    int lineno = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash) *hash = 0;
        char *f = line + strspn(line, " \t\r");
        if (!*f) continue;
        char *fend = f + strcspn(f, " \t\r");
        char *rest = *fend ? fend + 1 : fend;
        *fend = 0;
        rest += strspn(rest, " \t\r");
        int depth = 0;
        if (*rest) {
            char *dend = rest + strcspn(rest, " \t\r");
            char save = *dend; *dend = 0;
            char *e; long d = strtol(rest, &e, 10);
            if (strcmp(rest, "-") && (*e || d < 0 || d > 30)) {
                fprintf(stderr, "boardvm: %s:%d: '%s' is not a depth (0-30 or -)\n", path, lineno,
                        rest);
                for (int i = 0; i < *n; i++) { free((*out)[i].file); free((*out)[i].fen); }
                free(*out); *out = NULL; *n = 0;
                free(text); return 2;
            }
            depth = strcmp(rest, "-") ? (int)d : 0;
            *dend = save;
            rest = dend + strspn(dend, " \t\r");
        }
        char *fen = NULL;
        if (*rest) {
            size_t k = strlen(rest);
            while (k && strchr(" \t\r", rest[k - 1])) rest[--k] = 0;
            fen = xstrdup(rest, "a position of the list");
        }
        char *file = malloc((size_t)dirlen + strlen(f) + 1);
        if (!file) out_of_memory("file in read_list()");
        if (f[0] == '/') strcpy(file, f);
        else { memcpy(file, path, (size_t)dirlen); strcpy(file + dirlen, f); }
        if (*n == cap) {
            cap *= 2;
            *out = xrealloc(*out, sizeof **out * (size_t)cap, "out in read_list()");
        }
        (*out)[(*n)++] = (BenchGame){ file, depth, fen };
    }
    free(text);
    return 0;
}

static int bench_games(Args *a)
{
    BenchGame *list = NULL;
    int n = 0;
    if (a->list) {
        int st = read_list(a->list, &list, &n);
        if (st) return st;
    } else if (a->npos >= 2) {
        list = malloc(sizeof *list * (size_t)a->npos);
        if (!list) out_of_memory("list in bench_games()");
        for (int i = 1; i < a->npos; i++)
            list[n++] = (BenchGame){ xstrdup(a->pos[i], "the games"), 0, NULL };
    } else {
        /* the default: chess (the reference) and the two games the issue asked for */
        static const char *defaults[] = { "rules/chess.rules", "examples/xiangqi.rules",
                                          "examples/shogi.rules" };
        list = malloc(sizeof *list * 3);
        if (!list) out_of_memory("list in bench_games()");
        for (int i = 0; i < 3; i++)
            list[n++] = (BenchGame){ xstrdup(defaults[i], "the games"), 0, NULL };
        if (access(list[0].file, R_OK) != 0) {
            free(list[0].file);
            list[0].file = xstrdup(BOARDVM_DATADIR "/chess.rules", "the games");
        }
    }
    int runs = a->runs > 0 ? a->runs : 5;
    printf("bench: %d game%s, median of %d runs: perft leaves/s, search nodes/s (depth one more)\n",
           n, n == 1 ? "" : "s", runs);
    printf("%-14s %-26s %5s %10s %10s %6s %9s %9s  %s\n", "game", "rules", "perft", "leaves",
           "leaves/s", "search", "nodes", "nodes/s", "x chess (perft, search)");
    double ref_perft = 0, ref_search = 0;
    int done = 0;
    for (int i = 0; i < n; i++) {
        double pr, sr;
        /* the first game is the reference when it is chess */
        if (bench_one(a, &list[i], &pr, &sr)) {
            done++;
            if (i == 0 && strstr(list[i].file, "chess.rules")) { ref_perft = pr; ref_search = sr; }
            if (ref_perft > 0 && ref_search > 0)
                printf("  %.2f %.2f\n", pr / ref_perft, sr / ref_search);
            else printf("\n");
        }
        free(list[i].file); free(list[i].fen);
    }
    free(list);
    return done ? 0 : 1;
}

/* ---- one game ------------------------------------------------------------------------------- */

/* `bench FILE`: perft runs, then the search's signature (under protected_run: rules code). */
typedef struct { const Args *a; const char *file; } BenchSingle;

static void bench_single(Pos *p, void *ctx)
{
    const BenchSingle *b = ctx;
    const Args *a = b->a;
    const Game *g = p->g;
    const char *file = b->file;
    int depth = a->depth > 0 ? a->depth : 5, runs = a->runs > 0 ? a->runs : 5;
    double *nps = xmalloc(sizeof *nps * (size_t)runs, "the runs' rates");
    uint64_t leaves = 0;
    printf("bench: %s, perft %d, %d runs\n", file, depth, runs);
    for (int r = 0; r < runs; r++) {
        double t0 = now();
        leaves = perft(p, depth, 0);
        double dt = now() - t0;
        nps[r] = dt > 0 ? leaves / dt : 0;
        printf("run %d: %llu leaves in %.3f s, %.0f leaves/s\n", r + 1, (unsigned long long)leaves,
               dt, nps[r]);
        fflush(stdout);
    }
    double med = median(nps, runs);
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
        printf("  %-12s %-10s score %6d nodes %10llu %.2fs\n", i == 0 ? "start" : "position",
               r.best_str, r.score,
               (unsigned long long)r.nodes, r.seconds);
        nodes_total += r.nodes; secs_total += r.seconds;
    }
    free(start);
    printf("search: %llu nodes (signature) in %.2f s, %.0f nodes/s\n",
           (unsigned long long)nodes_total, secs_total,
           secs_total > 0 ? nodes_total / secs_total : 0.0);
}

int cmd_bench(Args *a)
{
    /* as perft: a deeper count would not end (--depth itself takes up to 100000) */
    if (a->depth > 30) {
        fprintf(stderr, "boardvm: bench depth must be 1 to 30, not %d\n", a->depth);
        return 2;
    }
    if (a->list || a->npos != 2) {
        if (a->nopts || a->fen || a->nmoves) {
            fprintf(stderr, "boardvm: bench: -o, --fen and --moves need a single rules file\n");
            return 2;
        }
        return bench_games(a);
    }
    const char *file = a->pos[1];
    int status;
    Game *g = load_game(file, NULL, a->nopts, a->opts, &status);
    if (!g) return status;
    Pos *p = setup_position(g, a->fen, a->moves, a->nmoves, &status);
    if (!p) { game_free(g); return status; }
    BenchSingle b = { a, file };
    int failed = protected_run(p, bench_single, &b);
    if (failed) fprintf(stderr, "%s\n", p->errmsg);
    pos_free(p); game_free(g);
    return failed;
}
