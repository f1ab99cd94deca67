/* perft_cmd.c - `boardvm perft FILE DEPTH`: the leaf count of the legal move tree (the last line
 * of the output), with --divide the count below each root move first.
 *
 * A deep count takes minutes, so it goes root move by root move: on a terminal a line on stderr
 * says which root move is being counted and, from the time the finished ones took, about how
 * long the rest will take; Ctrl-C (SIGINT) stops the count between two moves near the root and
 * prints the root moves counted so far, exit status 130. The counts are those of a plain perft:
 * only the order of the root moves (sorted, as --divide prints them) differs. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "commands.h"
#include "make.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "oom.h"
#include "profile.h"
#include "protect.h"
#include "posstring.h"
#include "shard.h"

#define EXIT_INTERRUPTED 130       /* 128 + SIGINT, as a shell reports a command Ctrl-C stopped */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void on_sigint(int sig) { (void)sig; perft_stop = 1; }

/* The progress line on a terminal, rewritten in place ('\r', padded: no escape codes needed). */
typedef struct { int on; double t0; long depth; int shown; } Progress;

static void progress(Progress *pr, int done, int total, const char *next, uint64_t leaves)
{
    if (!pr->on) return;
    char line[160];
    double t = now() - pr->t0;
    int n = snprintf(line, sizeof line, "perft %ld: root move %d of %d (%s), %llu leaves, %.1f s",
                     pr->depth, done + 1, total, next, (unsigned long long)leaves, t);
    if (done > 0 && n > 0 && (size_t)n < sizeof line)
        snprintf(line + n, sizeof line - (size_t)n, ", about %.0f s left",
                 t / done * (total - done));
    fprintf(stderr, "\r%-79s", line);
    fflush(stderr);
    pr->shown = 1;
}

/* Blank the progress line, before a line of output or at the end. */
static void progress_clear(Progress *pr)
{
    if (pr->shown) fprintf(stderr, "\r%79s\r", "");
    pr->shown = 0;
}

/* Count root move by root move (ml: the root's moves, generated; pos_list would clear it);
 * counts[i] for the i-th in sorted order. Returns how many were
 * counted before a SIGINT (all of them when none came). */
static int count_by_root_move(Pos *p, MoveList *ml, int depth, int divide, Progress *pr,
                              uint64_t *counts, const int *order, uint64_t *total,
                              const Args *a, FILE *results)
{
    const Game *g = p->g;
    int done = 0;
    for (int i = 0; i < ml->n && !perft_stop; i++) {
        if (!shard_has(a->shard_k, a->shard_n, i)) continue;       /* another shard's move */
        char name[MOVE_STR_MAX];
        move_string(g, ml, &ml->m[order[i]], name, sizeof name);
        progress(pr, i, ml->n, name, *total);
        pos_make(p, ml, &ml->m[order[i]]);
        uint64_t n = perft(p, depth - 1, 1);
        pos_unmake(p);
        if (perft_stop) break;                  /* that move's count is not whole */
        counts[i] = n;
        *total += n;
        done++;
        if (results) {
            jsonl_begin(results, "move", i + 1);
            jsonl_str(results, "name", name);
            jsonl_int(results, "leaves", (long long)n);
            jsonl_end(results);
        }
        if (divide) {
            progress_clear(pr);
            printf("%s %llu\n", name, (unsigned long long)n);
            fflush(stdout);
        }
    }
    return done;
}

static void report_interrupted(const Pos *p, MoveList *ml, int divide, const uint64_t *counts,
                               const int *order, int done, uint64_t total, const Args *a)
{
    if (!divide)
        for (int i = 0, k = 0; i < ml->n && k < done; i++) {
            if (!shard_has(a->shard_k, a->shard_n, i)) continue;
            k++;
            char name[MOVE_STR_MAX];
            move_string(p->g, ml, &ml->m[order[i]], name, sizeof name);
            printf("%s %llu\n", name, (unsigned long long)counts[i]);
        }
    int mine = 0;
    for (int i = 0; i < ml->n; i++) mine += shard_has(a->shard_k, a->shard_n, i);
    printf("interrupted: %d of %d root moves counted, %llu leaves below them\n", done, mine,
           (unsigned long long)total);
}

/* The count itself (run by protected_run: a runtime error of the rules code ends it). */
typedef struct {
    int depth, divide;
    Progress pr;
    uint64_t total;
    int interrupted;
    uint64_t *counts;              /* by root move, in sorted order */
    int *order;
    const Args *a;                 /* --shard K/N: only the root moves i with i % N = K - 1 */
    OutFile *results;              /* --jsonl's file, or NULL */
} PerftRun;

static void perft_run(Pos *p, void *ctx)
{
    PerftRun *r = ctx;
    int by_move = r->divide || r->a->shard_n || r->results;
    if (r->depth < 2 && !(by_move && r->depth >= 1)) { r->total = perft(p, r->depth, 0); return; }
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    FILE *rf = r->results ? r->results->f : NULL;
    if (rf) {
        char *start = pos_to_string(p);
        jsonl_int(rf, "depth", r->depth);
        jsonl_str(rf, "position", start);
        jsonl_int(rf, "moves", ml->n);
        jsonl_end(rf);
        free(start);
    }
    r->order = xmalloc(sizeof *r->order * (size_t)(ml->n + 1), "the root moves");
    r->counts = xcalloc((size_t)ml->n + 1, sizeof *r->counts, "the root moves' counts");
    move_sorted(p->g, ml, r->order);
    int done = count_by_root_move(p, ml, r->depth, r->divide, &r->pr, r->counts, r->order,
                                  &r->total, r->a, rf);
    progress_clear(&r->pr);
    int mine = 0;
    for (int i = 0; i < ml->n; i++) mine += shard_has(r->a->shard_k, r->a->shard_n, i);
    if (done < mine) {
        report_interrupted(p, ml, r->divide, r->counts, r->order, done, r->total, r->a);
        r->interrupted = 1;
    }
}

int cmd_perft(Args *a)
{
    char *end; long depth = strtol(a->pos[2], &end, 10);
    if (*end || depth < 0 || depth > 30) {
        fprintf(stderr,
                "boardvm: perft depth must be 0 to 30, not '%s'\nTry 'boardvm perft --help'.\n",
                a->pos[2]);
        return 2;
    }
    if (depth == 0 && (a->shard_n || a->jsonl)) {
        fprintf(stderr, "boardvm: perft: --shard and --jsonl go by root move: give a depth of 1 or "
                "more\nTry 'boardvm perft --help'.\n");
        return 2;
    }
    Game *g; Pos *p = NULL;
    int st = open_position(a, &g, &p);
    if (st) return st;
    p->check_hash = a->check_hash;
    p->check_gen = a->check_gen;
    if (a->profile)
        p->profile = xcalloc((size_t)g->ncode + 1, sizeof *p->profile, "the profile counters");
    PerftRun r = { (int)depth, a->divide, { isatty(2), now(), depth, 0 }, 0, 0, NULL, NULL, a,
                   NULL };
    if (a->jsonl && !(r.results = jsonl_open_run(a, "perft", a->pos[1], g))) {
        pos_free(p); game_free(g);
        return 2;
    }
    struct sigaction stop = { .sa_handler = on_sigint }, old;
    sigemptyset(&stop.sa_mask);
    perft_stop = 0;
    sigaction(SIGINT, NULL, &old);
    if (old.sa_handler != SIG_IGN) sigaction(SIGINT, &stop, NULL); /* ignored: a background job's */
    int failed = protected_run(p, perft_run, &r);
    sigaction(SIGINT, &old, NULL);
    double dt = now() - r.pr.t0;
    if (failed) { progress_clear(&r.pr); fprintf(stderr, "%s\n", p->errmsg); }
    else if (!r.interrupted) {
        fprintf(stderr, "perft %ld: %llu leaves in %.3f s (%.0f leaves/s)\n", depth,
                (unsigned long long)r.total, dt, dt > 0 ? r.total / dt : 0.0);
        printf("%llu\n", (unsigned long long)r.total);
    } else fprintf(stderr, "perft %ld: interrupted after %.3f s\n", depth, dt);
    if (r.results) {             /* whole, or not at all: a count cut short is not written */
        if (failed || r.interrupted || r.depth < 1) outfile_abandon(r.results);
        else if (outfile_close(r.results) != 0) failed = 2;
    }
    if (p->profile && !failed) profile_report(g, p->profile, a->pos[1], stderr);
    free(p->profile); p->profile = NULL;
    free(r.counts); free(r.order);
    pos_free(p); game_free(g);
    return failed ? failed : r.interrupted ? EXIT_INTERRUPTED : 0;
}
