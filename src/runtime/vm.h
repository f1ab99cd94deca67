/* vm.h - runs the bytecode of move programs and hooks on a position.
 *
 * Programs are nondeterministic: `choose`/`either` leave choice points; a failing branch undoes
 * its state writes (through the position's trail) and resumes the latest choice. What a run does
 * with `emit` depends on its mode: generate moves, test whether a square is attacked or
 * reachable, or (in hooks) nothing. */
#ifndef BOARDVM_VM_H
#define BOARDVM_VM_H

#include <string.h>
#include "position.h"

enum { RUN_GEN, RUN_ATTACK, RUN_REACH, RUN_HOOK };

/* The state locations a run read and the value it saw in each (the attack memo, movegen.c). */
#define READLOG_MAX 40
typedef struct {
    int n, overflow;             /* overflow: it read more than READLOG_MAX locations */
    int32_t loc[READLOG_MAX];
    int32_t w[READLOG_MAX];
} ReadLog;

/* Perft's last ply, moves counted and not listed (movegen.c, node_count_legal): the line moves
 * (lines: those a list would have held so far, linecount.h), and where `on` (every move is
 * legal) the moves RUN_GEN runs emit that need no list entry: how many, and the notes'
 * characters and the state changes they would have taken in the list (bounded as the list's
 * are). `emitted` counts both with the list's moves, as the list would hold them. */
/* test (where `on` is not set; step 49): the moves that are `land`ed or `stay`, merge with none
 * and are tested where they are emitted (MoveList.test_emits) are counted too, in n, and those
 * legal in legal; unknown: one's test set a result (the count is not to be used). */
typedef struct { long n, text, ops, lines, legal; int on, test, unknown; } EmitCount;

typedef struct {
    int mode;
    int fn;                  /* function index */
    int mover;
    int origin;              /* square of the moving piece, or -1 */
    int32_t piece;           /* the moving piece */
    int layer;               /* its place in its square's stack (0 = bottom) */
    int dropping;            /* the type being dropped */
    int free_drop;           /* `drops free`: the drop takes nothing from a hand */
    int32_t victim;          /* the captured piece, in `on capture` */
    int target;              /* RUN_ATTACK / RUN_REACH: the square looked for */
    MoveList *out;           /* RUN_GEN: where moves go */
    EmitCount *count;        /* RUN_GEN: the moves counted, not listed, or NULL */
    int nlegal;              /* for `no-moves` in `end`: the number of legal moves, -1 unknown,
                                -2 ask `pseudo` (find one legal move among them when needed),
                                -3 in `legal`: generate the replies of the side now to move,
                                -4 generate into `pseudo` until one legal move is found */
    MoveList *pseudo;
    /* `moves-of`: a run inside another: its moves include what the outer run changed and noted */
    const int64_t *outer_L;  /* the outer run's registers, or NULL */
    int outer_trail_base, outer_note_base, outer_qual_base;
    int nest;                /* `moves-of` runs this one is inside (bounded: MAX_MOVESOF_NEST) */
    ReadLog *reads;          /* when set, the locations the run reads go here (g->memo_ok runs) */
    /* RUN_HOOK, `after-move` at a legality test (pos_legal_emitted): at its end the rest of this
     * move's make (pos_make_rest) and `legal`, in the same run, whose result is the run's */
    const Move *then_legal;
    /* results */
    int found;               /* RUN_ATTACK / RUN_REACH: the target was reached */
    int failed;              /* RUN_HOOK: the program failed (a `require` did not hold) */
    int bailed;              /* RUN_HOOK: it reached BAIL (pretest.c) */
} RunCtx;

/* A RunCtx with every field 0, for the caller to set the few it needs. (`RunCtx c = {0}`, or a
 * designated initializer, of these 104 bytes is a `rep stos` of 13 words to GCC: slow to start
 * on many processors, and run some 3.5 M times in Nemoroth's `perft 4`, 3 a legality test. Two
 * memsets of at most 64 bytes are a few vector stores: docs/runtime.md, step 52.) */
static inline void runctx_clear(RunCtx *c)
{
    const size_t first = sizeof *c < 64 ? sizeof *c : 64;
    memset(c, 0, first);
    memset((char *)c + first, 0, sizeof *c - first);
}

/* What the interpreter asks of the runtime above it: questions about other moves and pieces
 * (`attacked`, `attacks`, `in-check`, `can-move-to`, `no-moves`). The runtime (movegen.c) sets
 * Game.host when a game is prepared; the VM calls nothing above it by name. */
typedef struct VmHost {
    int (*square_attacked)(Pos *p, int sq, int by);
    int (*piece_attacks)(Pos *p, int from, int target);
    int (*in_check)(Pos *p, int player);
    int (*can_move_to)(Pos *p, int target, int player);
    int (*first_legal)(Pos *p, MoveList *ml);          /* 1 if the side to move has a legal move */
    void (*make)(Pos *p, const MoveList *ml, const Move *m);
} VmHost;

void vm_run(Pos *p, RunCtx *c);
/* vm_run of a RUN_GEN program whose first `skip` emitted moves are in c->out already: a run
 * that stopped after them (MoveList.stop_emits) goes on. They are not recorded again, and the
 * work of running up to them is not counted again: the bounds see the run once. */
void vm_run_resume(Pos *p, RunCtx *c, int skip);
void vm_run_hook(Pos *p, int hook, int mover);
void vm_run_capture_hook(Pos *p, int mover, int32_t victim);
int vm_run_legal(Pos *p, int mover);
/* Has the side to move a legal move? (`no-moves` in `legal`; a forced pass's answer) */
int vm_side_to_move_has_a_move(Pos *p, int line);
/* The part of `legal` after `require not in-check;`, before m is made (pretest.c): 1 it accepts,
 * 0 it rejects, -1 the move must be made to tell. */
int vm_run_legal_pretest(Pos *p, int mover, const Move *m);
void vm_run_end(Pos *p, int nlegal);                 /* sets p->result / p->result_reason */
/* The same, with the legal moves not yet known: `no-moves` makes the moves of ml one by one
 * until one is legal. Returns the number of legal moves found (0 or 1), -1 if not asked. */
int vm_run_end_lazy(Pos *p, MoveList *ml);
/* The same, before any move is generated: `no-moves` generates into `scratch` only until one
 * legal move is found (gen_first_legal). */
int vm_run_end_first_legal(Pos *p, MoveList *scratch);
void vm_free_scratch(Pos *p);
/* A new position's moves are about to be generated: the work bound (GEN_BUDGET) starts again. */
void vm_start_position(Pos *p);
/* A cap on the work bound of every game (whose own bound is GEN_BUDGET, or what `moves work N;`
 * declares): the largest a game may declare. The fuzzing harnesses lower it, so that a hostile
 * input ends in its runtime error in a fraction of their time limit (fuzz/fuzz_common.h). */
extern long vm_gen_budget;
/* The steps of work run on p so far (never goes down): how slow its nodes are, for the search. */
long vm_work(const Pos *p);

/* The bounds of a whole command (docs/language.md "Limits"), checked where the work is counted:
 * at the end of each program run, at each emitted move, every 65536 instructions of a run
 * (vm.c, CHECK_EVERY), and at each native charge (vm_charge):
 * vm_set_total_work: from now on, at most max_steps more steps of work on p in all (0: no
 * bound); past it, a runtime error that names the bound and `--work`.
 * vm_set_deadline: once the clock (CLOCK_MONOTONIC, seconds) passes deadline, the run jumps to
 * *on_deadline (longjmp value 2), wherever it is (the search, whose nodes may each be seconds of
 * work); the clock is read every million steps. NULL: no deadline. After such a jump, p is in
 * the middle of whatever it was doing: the caller takes back its moves and trail (pos_unmake,
 * pos_undo_to) and calls vm_abandon, which drops the interrupted runs' scratch state.
 * protected_run_until (protect.h) is the one caller. */
void vm_set_total_work(Pos *p, long max_steps);
/* Every position's total work bound when its VM state is made (0: none): set by main for the
 * commands that have one (--work). */
extern long vm_command_work;
void vm_set_deadline(Pos *p, double deadline, jmp_buf *on_deadline);
/* The deadline in force (on_deadline NULL: none), so that a nested timed run can put it back. */
void vm_get_deadline(Pos *p, double *deadline, jmp_buf **on_deadline);
/* While a deadline is set, a non-zero *flag (another thread's stop: the web board's Stop) is
 * read where the clock is, every million steps, and jumps as the deadline does. NULL: none. The
 * caller clears it before the flag's owner goes away. */
void vm_set_halt(Pos *p, const int *flag);
void vm_abandon(Pos *p);

/* Work done outside the interpreter counts toward the same bounds (issue 32: a 262144-move
 * position made and generated under perft was work that no bound saw): the squares the native
 * lines visit, the moves made, the moves merged. The steps are meant to cost what an
 * instruction costs (about 2.5 ns; bench/work-calibration.sh measures them).
 * VmWork is the first member of the VM's scratch, so the charge is a few instructions inline. */
typedef struct { long work, watch_at; } VmWork;
void vm_watch(Pos *p, int line);
static inline void vm_charge(Pos *p, long steps)
{
    VmWork *w = (VmWork *)(void *)p->vm;
    if (!w) return;                 /* no program ran on p yet: its bounds start with the first */
    w->work += steps;
    if (w->work > w->watch_at) vm_watch(p, 0);
}

#endif
