/* search.h - the engine: iterative-deepening principal-variation search over the VM's legal
 * moves, for any compiled game. */
#ifndef BOARDVM_SEARCH_H
#define BOARDVM_SEARCH_H
#include <stdint.h>
#include <stdio.h>
#include "position.h"

#define SCORE_MATE 30000          /* a win in n plies scores SCORE_MATE - n */
#define SCORE_INF 32000
#define MAX_PLY 128

struct SearchResult;

/* The work a move may take when the user gave no limit (selfplay's depth 3, match's and
 * balance's depth 2, tune's): 1000 million steps of work (seconds: rules code and the native
 * work charged in steps, vm.h vm_charge; docs/engine.md §1). A game whose
 * crowded positions make one depth cost minutes (Four Towers: 14000 moves a position, half a
 * second to generate them) then plays at a lower depth there, not for minutes; the limit counts
 * steps, not seconds, so the games are the same on every machine. */
#define SEARCH_DEFAULT_WORK 1000000000ull

typedef struct {
    int depth;                    /* 0 = no limit */
    int deepen;                   /* with depth: the default setting. Iterations go on past depth
                                     while the search is still cheap (search.c, DEEPEN_*) */
    uint64_t nodes;               /* 0 = no limit */
    double time;                  /* seconds for this move; 0 = no limit */
    uint64_t work;                /* steps of work for this move; 0 = no limit. Unlike
                                     time, the same on any machine and at any load */
    uint64_t seed;                /* 0 = deterministic; else a small deterministic noise per seed */
    FILE *info;                   /* progress lines ("info depth ..."), or NULL */
    int xboard_post;              /* write progress in XBoard's format */
    int threads;                  /* 0 or 1: one; more: Lazy SMP (helper threads, shared table);
                                     the result then depends on timing, not only the position */
    unsigned off;                 /* SEARCH_* techniques switched off (match --off): 0 = all on */
    int algo;                     /* SEARCH_AB (the default) or SEARCH_MCTS (--search) */
    int playout;                  /* SEARCH_MCTS: 0 its default playouts, PLAYOUT_TO_END, or
                                     1 + the random plies before the evaluation */
    /* Called after each finished iteration with p at the root (which it must leave as it found
     * it) and the result so far, in the searching thread: `boardvm uci` writes its info lines
     * in UCI's notation there. NULL: none. */
    void (*report)(void *ctx, Pos *p, const struct SearchResult *res);
    void *report_ctx;
} SearchLimits;

/* The search methods (--search): alpha-beta, or Monte-Carlo tree search (mcts.c). */
enum { SEARCH_AB = 0, SEARCH_MCTS = 1 };
#define PLAYOUT_TO_END (-1)
/* "ab", "mcts", "mcts:K" (K random plies, then the evaluation) or "mcts:end" (random to the
 * game's end) as SEARCH_* and *playout (SearchLimits.playout); -1 if none of them. */
int search_method(const char *name, size_t len, int *playout);
/* The method of lim as search_method reads it: "mcts:end". */
void search_method_string(const SearchLimits *lim, char *buf, size_t len);

/* The search's prunings and reductions, each of which can be switched off to measure it. */
#define SEARCH_NULL 1u            /* null-move pruning */
#define SEARCH_LMR 2u             /* late-move reductions */
#define SEARCH_FUTILITY 4u        /* futility pruning at the frontier */
#define SEARCH_ASPIRATION 8u      /* aspiration windows at the root */
#define SEARCH_EXPECTIMAX 16u     /* chance nodes as the mean of their outcomes (off: as one
                                     outcome drawn at random; docs/engine.md "Chance nodes") */
#define SEARCH_RFP 32u            /* reverse futility pruning (static null move) near the leaves */
#define SEARCH_QPRUNE 64u         /* quiescence: hopeless or losing captures left out */
#define SEARCH_EXTCAP 128u        /* at most EXT_CHECKS check extensions a node, and nodes off
                                     the PV look at their first SCAN_MOVES moves (search.c) */
/* The names of the bits, for `match --off` ("null", "lmr", ...); a name's bit, 0 if unknown. */
unsigned search_technique(const char *name, size_t len);
/* A list of them, "null+lmr" or "-" (none), into *out; 0 if a name is unknown. */
int search_techniques(const char *list, unsigned *out);

typedef struct SearchResult {
    int best;                     /* index of the best move in the root's legal move list, -1 if
                                     none */
    char best_str[256];
    int score, depth;
    uint64_t nodes;               /* of every thread */
    double seconds;
    char pv[1024];
} SearchResult;

typedef struct Engine Engine;

Engine *engine_new(const Game *g, int tt_mb);
void engine_free(Engine *e);
/* Whether the evaluation counts each side's legal moves: a two-player game without a royal
 * piece whose end block says first that a side with no move loses (docs/engine.md §6.8). */
int engine_counts_mobility(const Game *g);
void engine_clear(Engine *e);     /* forget the hash table, killers and history (a new game) */
/* Search p (which is left as it was). */
void engine_search(Engine *e, Pos *p, const SearchLimits *lim, SearchResult *res);
/* Ask a search running in another thread to stop soon (it returns the best move found so far);
 * engine_search() clears the request when it starts. */
void engine_stop(Engine *e);
int evaluate(Engine *e, Pos *p);  /* static score for the side to move, in centipawns */
int evaluate_for(Engine *e, Pos *p, int side);   /* ... for that player */
int engine_halted(Engine *e);     /* engine_stop() was called during this search */
/* The flag engine_stop() sets, for the VM to read inside a long generation (vm_set_halt). */
const int *engine_halt_flag(const Engine *e);

/* What the search and mcts.c share. */
#include "protect.h"
/* The moves of a node as the search makes them: pseudo-legal (*legal 0: each is tested when
 * made) or, in games of compulsory capture, legal (*legal 1); the end block run (p->result). */
void search_node_moves(Pos *p, MoveList *ml, int *legal);
/* A node where no move was legal: the end block's result told so (RESULT_*, for the side to
 * move), or a loss when it decides nothing. */
int search_no_move_result(Pos *p);
/* fn under protected_run_until: 1 when the deadline passed, p then taken back to where it was;
 * 0 when fn returned. A runtime error goes on to p's handler. */
int search_run_until(Pos *p, double deadline, ProtectedFn *fn, void *ctx);
/* The name of root->m[best] as the legal list `check` (node_moves) names it. */
void search_name_move(Pos *p, const MoveList *root, int best, const MoveList *check, char *out,
                      size_t len);
int engine_type_value(const Engine *e, int type);
/* Evaluate with these values: value[t] for each type t of the engine's game whose value[t] is
 * above 0 (the others keep theirs); `match --values-b`. */
void engine_set_values(Engine *e, const int *value);
#endif
