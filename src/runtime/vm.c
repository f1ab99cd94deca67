/* vm.c - the bytecode interpreter (see vm.h; the instruction set is in opcodes.h).
 *
 * The verifier (verify.c) has proved, before any run, that opcodes and operands are in range,
 * jumps land on instructions and the operand stack neither underflows nor overflows; so the
 * loop below does not check those again. What it does check are the values that come from the
 * position (squares, players, types read from state), because a position can hold anything.
 */
#include "vm.h"
#include "counttail.h"
#include "deferred.h"
#include "fx.h"
#include "guardtest.h"
#include "oom.h"
#include <stdlib.h>
#include <limits.h>
#include <string.h>
#include <time.h>
#include "maxima.h"
#include "merge.h"
#include "lines.h"
#include "opcodes.h"
#include "puretab.h"
#include "royal.h"
#include "runsets.h"
#include "skips.h"
#include "nearset.h"
#include "boardscan.h"
#include "squareof.h"
#include "sqmemo.h"
#include "make.h"

/* nlocs: the locals it keeps (its room in VmScratch.locs); deferred_n: the length of the
 * deferred-effect store when it was made (the entries recorded after it belong to branches that
 * are over once it is taken up); mask: of those locals, the ones it saves and a failure back to
 * it restores (keeps.c) */
typedef struct { int pc, trail_mark, loc_off, nlocs, deferred_n; uint64_t mask; } Choice;

struct VmScratch {
    VmWork w;                          /* first: vm_charge (vm.h) reads it through p->vm */
    Choice *ch; int nch, capch;
    int64_t *locs; int nlocs, caplocs;
    char *nb; int nnb, capnb;          /* note text of the running branches (a stack) */
    char *qb; int nqb, capqb;          /* qualifier text, the same way */
    MoveList **reply; int nreply;      /* `no-moves` in `legal`: the replies, one list per nesting */
    int reply_nest;                    /* replies being generated now: a count of its own, since
                                          each reply's generation restarts depth_guard (a shared
                                          count let `legal { require not no-moves; }` recurse
                                          until the stack overflowed) */
    uint32_t groups;                   /* `distinct { }` blocks entered so far */
    long work0; int trail0;            /* the work and the trail's length at vm_start_position */
    uint32_t *seen, stamp;             /* emit_move: state slots met in this branch's writes */
    int *line_to; int nline_to;        /* `moves-of`: the squares of a line with a leg, hop or zone */
    int capture_nest;                  /* `on capture` runs in progress (MAX_CAPTURE_NEST) */
    DeferredList deferred;             /* what `defer` recorded in the runs in progress */
    int free_work;                     /* a resumed run is going over moves it emitted before:
                                          that work was counted then (vm_run_resume) */
    /* the bounds of a whole command (vm_set_total_work, vm_set_deadline): CHARGE calls
     * vm_watch once `work` passes watch_at, the nearer of total_max and clock_at */
    long total_max, total_steps, clock_at;
    double deadline; jmp_buf *on_deadline;
    const int *halt;                   /* vm_set_halt: another thread's stop, read with the clock */
    uint32_t ta_key[256]; uint8_t ta_val[256];   /* type_arith_cached: (a, b, minus) + 1, result */
    struct DropShape *drop;            /* count_drop_row: the last row's code, read once */
};

static int collect_line_target(void *ctx, int to, int32_t captured)
{
    struct VmScratch *s = ctx;
    (void)captured;
    s->line_to[s->nline_to++] = to;
    return 0;
}

static struct VmScratch *scratch(Pos *p)
{
    if (!p->vm) {
        p->vm = calloc(1, sizeof *p->vm);
        if (!p->vm) out_of_memory("the interpreter's scratch");
        p->free_scratch = vm_free_scratch;   /* the position frees what it does not know */
        p->vm->w.watch_at = LONG_MAX;
        vm_set_total_work(p, vm_command_work);
    }
    return p->vm;
}

void vm_free_scratch(Pos *p)
{
    if (!p->vm) return;
    free(p->vm->drop);
    for (int i = 0; i < p->vm->nreply; i++) { movelist_free(p->vm->reply[i]); free(p->vm->reply[i]); }
    free(p->vm->reply);
    deferred_free(&p->vm->deferred);
    free(p->vm->ch); free(p->vm->locs); free(p->vm->nb); free(p->vm->qb); free(p->vm->seen); free(p->vm->line_to); free(p->vm);
    p->vm = NULL;
}

long vm_gen_budget = (long)MAX_WORK_MILLIONS * 1000000L;   /* a cap on every game's limit */

long vm_work(const Pos *p) { return p->vm ? p->vm->w.work : 0; }

long vm_command_work = 0;

/* ---------- the bounds of a whole command (vm.h) ---------- */

#define CLOCK_EVERY 1000000L           /* steps of work between two looks at the clock (~3 ms) */

static double monotonic_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void set_watch(struct VmScratch *s)
{
    s->w.watch_at = s->total_max > 0 ? s->total_max : LONG_MAX;
    if (s->on_deadline && s->clock_at < s->w.watch_at) s->w.watch_at = s->clock_at;
}

void vm_set_total_work(Pos *p, long max_steps)
{
    struct VmScratch *s = scratch(p);
    s->total_steps = max_steps;
    s->total_max = max_steps > 0 ? s->w.work + max_steps : 0;
    set_watch(s);
}

void vm_set_deadline(Pos *p, double deadline, jmp_buf *on_deadline)
{
    struct VmScratch *s = scratch(p);
    s->deadline = deadline; s->on_deadline = on_deadline;
    s->clock_at = s->w.work + CLOCK_EVERY;
    set_watch(s);
}

void vm_get_deadline(Pos *p, double *deadline, jmp_buf **on_deadline)
{
    struct VmScratch *s = scratch(p);
    *deadline = s->deadline; *on_deadline = s->on_deadline;
}

void vm_set_halt(Pos *p, const int *flag) { scratch(p)->halt = flag; }

void vm_abandon(Pos *p)
{
    struct VmScratch *s = scratch(p);
    s->nch = 0; s->nlocs = 0; s->nnb = 0; s->nqb = 0; s->capture_nest = 0;
    s->deferred.n = 0;
    s->deferred.cascades = 0;
    s->free_work = 0;
    s->reply_nest = 0;
    p->depth_guard = 0;
    p->pass_guard = 0;
}

/* CHARGE found the work past watch_at: the command's total, or time to read the clock. */
void vm_watch(Pos *p, int line)
{
    struct VmScratch *s = p->vm;
    if (s->total_max > 0 && s->w.work > s->total_max)
        pos_runtime_error(p, line, "the moves of this command took more than %ld million steps of work "
                          "in all (`--work N` allows N million)", s->total_steps / 1000000);
    if (s->on_deadline && s->w.work >= s->clock_at) {
        s->clock_at = s->w.work + CLOCK_EVERY;
        if (monotonic_now() >= s->deadline || (s->halt && __atomic_load_n(s->halt, __ATOMIC_RELAXED))) {
            jmp_buf *jb = s->on_deadline;
            s->on_deadline = NULL;          /* said once: what runs after the jump is not timed */
            set_watch(s);
            longjmp(*jb, 2);
        }
    }
    set_watch(s);
}

void vm_start_position(Pos *p)
{
    struct VmScratch *s = scratch(p);
    s->work0 = s->w.work; s->trail0 = p->ntrail;
#ifdef BOARDVM_MAXIMA
    for (int sq = 0; sq < p->g->nsq; sq++) MAXIMA_NOTE(stack_height, pos_height(p, sq));
#endif
    p->depth_guard = 0;        /* nothing runs inside anything now; a runtime error (a longjmp)
                                  may have left the nesting count of attack tests raised */
    s->capture_nest = 0;       /* the same for `on capture` */
    s->free_work = 0;          /* (a runtime error may have ended a resumed run) */
}

/* The choice stack's growth and its bound, out of the hot path of push_choice */
static void __attribute__((noinline, cold)) grow_choices(Pos *p, struct VmScratch *s, int nlocals, int line)
{
    /* checked on the count, not when the array grows (it doubles past the limit, to 131072) */
    if (s->nch >= MAX_CHOICES) pos_runtime_error(p, line, "more than %d open choices", MAX_CHOICES);
    if (s->nch == s->capch) {
        s->capch = s->capch ? 2 * s->capch : 256;
        s->ch = realloc(s->ch, sizeof *s->ch * (size_t)s->capch);
        if (!s->ch) out_of_memory("the choice stack");
    }
    if (s->nlocs + nlocals > s->caplocs) {
        s->caplocs = s->caplocs ? 2 * s->caplocs : 4096;
        while (s->caplocs < s->nlocs + nlocals) s->caplocs *= 2;
        s->locs = realloc(s->locs, sizeof *s->locs * (size_t)s->caplocs);
        if (!s->locs) out_of_memory("the choices' locals");
    }
}

/* The locals of a choice's mask (keeps.c) copied, each to its own place, inline. (Four Towers'
 * turn program keeps some 20 locals a choice, of which its masks hold 2 to 8: a few more machine
 * instructions than memcpy's of all 20, but less time; and a memcpy in the loop's failure path,
 * for the masks of more locals, took that away: docs/runtime.md, step 45.) */
static inline __attribute__((always_inline)) void copy_locals(int64_t *to, const int64_t *from,
                                                              uint64_t mask)
{
    for (; mask; mask &= mask - 1) {
        unsigned i = (unsigned)__builtin_ctzll(mask);
        to[i] = from[i];
    }
}

/* A choice: where to resume, the trail's length and the locals of its mask (keeps.c); inline,
 * the growth out of line. */
static inline __attribute__((always_inline)) void push_choice(Pos *p, struct VmScratch *s, int pc,
                                                              const int64_t *L, int nlocals,
                                                              uint64_t mask, int line)
{
    if (__builtin_expect(s->nch >= s->capch || s->nch >= MAX_CHOICES
                         || s->nlocs + nlocals > s->caplocs, 0))
        grow_choices(p, s, nlocals, line);
    Choice *c = &s->ch[s->nch++];
    MAXIMA_NOTE(choices, s->nch);
    c->pc = pc; c->trail_mark = pos_mark(p); c->loc_off = s->nlocs; c->nlocs = nlocals;
    c->deferred_n = s->deferred.n;
    c->mask = mask;
#ifdef VM_CHECK_KEEPS
    memcpy(s->locs + s->nlocs, L, sizeof *L * (size_t)nlocals);   /* (restore_locals reads all) */
#endif
    copy_locals(s->locs + s->nlocs, L, mask);
    s->nlocs += nlocals;
}

/* A failure back to choice ch: the locals it saved put back. The others it keeps are dead where
 * it resumes, or have not changed since it was made (keeps.c). A build with -DVM_CHECK_KEEPS=V
 * (for testing the masks, not for use) saves them all and sets each one that changed to V, so
 * that a perft shows any local the mask left out wrongly. */
static inline __attribute__((always_inline)) void restore_locals(int64_t *L, const int64_t *saved,
                                                                 const Choice *ch)
{
#ifdef VM_CHECK_KEEPS
    for (int i = 0; i < ch->nlocs; i++)
        if (!(ch->mask >> i & 1) && L[i] != saved[i]) L[i] = VM_CHECK_KEEPS;
#endif
    copy_locals(L, saved, ch->mask);
}

static void __attribute__((noreturn, cold)) lists_memory_error(Pos *p, int line)
{
    pos_runtime_error(p, line, "the move lists of this command hold more than %d MiB "
                      "(moves, their state changes and notes, one list a ply)", MAX_LISTS_MIB);
}

/* What one emitted move costs beyond its copied words, in steps (an instruction's time, about
 * 2.5 ns): the list's push, the merge of moves doing the same, and the legality pass over it
 * (gen_legal) take some 100 ns a move (bench/work-calibration.sh): 262144 `emit stay`s under
 * `perft 2` were 17 ns of time for every step counted before this. */
#define EMIT_STEPS 40

/* The branch's writes, each slot once, and only those that end with another value than the
 * slot had before the branch (scratch square variables a program sets and clears again cost
 * nothing): a Four Towers multi-piece move writes some 300 slots, most of them back to their
 * values, and 52470 such moves passed the bound on a list's state changes. A `reset` variable
 * keeps its write even of the same value: pos_make resets it otherwise. The n trail entries from
 * trail_base on; their (slot, value) pairs go to ops unless count_only; returns how many.
 * count_only 2: every slot written is stamped, a single write too (emit_count_tested). */
static inline __attribute__((always_inline)) uint32_t branch_writes(Pos *p, int trail_base,
                                                                     uint32_t n, int32_t *ops,
                                                                     int count_only)
{
    struct VmScratch *s = p->vm;
    const Game *g = p->g;
    /* seen: the stamps, then (from st_size + 1 on) 1 for the slot of a `reset` variable */
    const size_t resets = (size_t)g->st_size + 1;
    if (!s->seen) {
        s->seen = calloc(2 * resets, sizeof *s->seen);
        if (!s->seen) out_of_memory("a move's written locations");
        for (int r = 0; r < g->nreset; r++) s->seen[resets + (size_t)g->vars[g->reset_vars[r]].base] = 1;
    }
    if (count_only == 1 && n == 1) {     /* (a counted move of one write: no slot twice) */
        const TrailEntry *t = &p->trail[trail_base];
        return (uint32_t)t->loc < (uint32_t)g->st_transient
               && (p->st[t->loc] != t->old || s->seen[resets + (size_t)t->loc]);
    }
    if (++s->stamp == 0) { memset(s->seen, 0, sizeof *s->seen * ((size_t)g->st_size + 1)); s->stamp = 1; }
    /* (held in locals: the stores to seen, a uint32_t array, may alias the trail, the cells and
     * the stamp for the compiler, which read them again after each; Nemoroth's branches write
     * some 8 transient slots and 3 others, and this loop took 190 instructions a test) */
    uint32_t *const seen = s->seen;
    const uint32_t stamp = s->stamp, transient = (uint32_t)g->st_transient;
    const TrailEntry *const tr = p->trail + trail_base;
    const int32_t *const st = p->st;
    uint32_t kept = 0;
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t loc = (uint32_t)tr[i].loc;
        /* a transient variable's writes are no part of the move (docs/language.md) */
        if (loc >= transient || seen[loc] == stamp) continue;
        seen[loc] = stamp;                   /* its first write: the entry's old value is before */
        const int32_t now = st[loc];
        if (now == tr[i].old && !seen[resets + loc]) continue;
        if (!count_only) { ops[2 * kept] = (int32_t)loc; ops[2 * kept + 1] = now; }
        kept++;
    }
    return kept;
}

/* The legality of the move m just recorded by emit_move into ml (step 49): the board as its
 * branch leaves it is the make's, but for the `reset` variables the branch did not write
 * (branch_writes stamped those it did), which the make sets back to their start values, and
 * the transient ones, which the make leaves as the node has them (gen_legal kept those in
 * ml->test_transient); those are put back, then make.c tests. */
static int legal_emitted(Pos *p, const MoveList *ml, const Move *m)
{
    struct VmScratch *s = p->vm;
    const Game *g = p->g;
    const int mark = pos_mark(p);
    for (int i = 0; i < g->nreset; i++) {
        const Var *v = &g->vars[g->reset_vars[i]];
        if (s->seen[v->base] != s->stamp && p->st[v->base] != (int32_t)v->init)
            pos_set(p, v->base, (int32_t)v->init);
    }
    /* (p->st is not moved by a write of a slot that exists: held, as is the count, against the
     * reloads a write through p would cause) */
    const int32_t *const node = ml->test_transient, *const st = p->st + g->st_transient;
    const int nt = g->st_size - g->st_transient;
    for (int i = 0; i < nt; i++)
        if (st[i] != node[i]) pos_set(p, g->st_transient + i, node[i]);
    return pos_legal_emitted(p, m, mark);
}

/* A move counted, not recorded (RunCtx.count): the bounds a recorded move meets (the moves, the
 * notes' characters and the state changes of one position, the counted ones with the listed)
 * and the work it is charged are emit_move's; only its list entry is not made. n: its trail
 * entries, tl and ql its notes' and qualifier's characters, kept its state changes. */
static inline __attribute__((always_inline)) long count_move(Pos *p, RunCtx *c, uint32_t n,
                                                            uint32_t tl, uint32_t ql,
                                                            uint32_t kept, int line)
{
    const MoveList *ml = c->out;
    EmitCount *k = c->count;
    if (ml->n + k->n >= MAX_MOVES)
        pos_runtime_error(p, line, "more than %d moves in one position", MAX_MOVES);
    if ((uint64_t)ml->ntext + (uint64_t)k->text + tl + ql > MAX_LIST_TEXT)
        pos_runtime_error(p, line, "the moves of one position have more than %d characters of notes", MAX_LIST_TEXT);
    if ((uint64_t)ml->nops + (uint64_t)k->ops + kept > MAX_LIST_OPS)
        pos_runtime_error(p, line, "the moves of one position record more than %d state changes", MAX_LIST_OPS);
    k->n++; k->text += tl + ql; k->ops += kept;
    return EMIT_STEPS + (long)n + tl + ql;
}

static __attribute__((noinline)) long emit_count(Pos *p, RunCtx *c, const int64_t *L,
                                                 int trail_base, int note_base, int qual_base,
                                                 int line)
{
    uint32_t n = (uint32_t)(p->ntrail - trail_base);
    uint32_t tl = (uint32_t)(L[3] - note_base), ql = (uint32_t)(L[5] - qual_base);
    return count_move(p, c, n, tl, ql, branch_writes(p, trail_base, n, NULL, 1), line);
}

static int legal_emitted(Pos *p, const MoveList *ml, const Move *m);

/* A move counted as emit_count counts it, and tested as emit_move would test it where it
 * listed it (step 49): perft's last ply where `legal` judges the moves (EmitCount.test). The
 * fields the test reads are emit_move's; branch_writes stamps every slot the branch wrote. */
static __attribute__((noinline)) long emit_count_tested(Pos *p, RunCtx *c, int kind,
                                                        const int64_t *L, int trail_base,
                                                        int note_base, int qual_base, int line)
{
    uint32_t n = (uint32_t)(p->ntrail - trail_base);
    uint32_t tl = (uint32_t)(L[3] - note_base), ql = (uint32_t)(L[5] - qual_base);
    Move m;
    memset(&m, 0, sizeof m);
    m.kind = (uint8_t)kind;
    m.to = (int16_t)L[0];
    m.from = (int16_t)c->origin;
    m.again = (uint8_t)(L[2] != 0);
    m.piece = c->piece;
    m.taken = (int32_t)L[LOC_TAKEN];
    m.nops = branch_writes(p, trail_base, n, NULL, 2);
    long work = count_move(p, c, n, tl, ql, m.nops, line);
    int ok = legal_emitted(p, c->out, &m);
    if (ok > 0) c->count->legal++;
    if (ok < 0) c->count->unknown = 1;
    return work;
}

#define NOTE_PIECE_MAX NOTE_NAME_MAX
static const char *note_piece(const Game *g, int kind, int64_t a, char num[24], size_t *len);

/* Whether a move emitted here is emit_move's plain case (no merge, nothing deferred, no watch
 * on the emits), on a board of one piece a square, with nothing written by its branch before
 * (trail_base): what a row of drops asks (count_drop_row) */
static inline int place_plain_here(const Pos *p, const RunCtx *c, const int64_t *L,
                                   int trail_base)
{
    const Game *g = p->g;
    return c->mode == RUN_GEN && !g->distinct && !L[LOC_GROUP] && !L[LOC_DEFERRED] &&
           !c->out->emit_watch && g->stack == 1 && p->ntrail == trail_base;
}

/* ... and only counted (emit_move's test): what PLACEEMIT's count asks */
static inline int place_counted_here(const Pos *p, const RunCtx *c, const int64_t *L,
                                     int trail_base)
{
    return c->count && c->count->on && place_plain_here(p, c, L, trail_base);
}

/* What follows a PLACEEMIT at ip (PLACE; (LOAD x or PUSH k; NOTE k)...; EMIT; JMPs to RET),
 * read once for the moves it counts: the notes of locals (at most PLACE_NOTES), the characters
 * of those of constants, ins the instructions from the one after the place to the EMIT, after
 * the JMPs and RET after it. 0 where the code runs as written: more notes of locals, an EMIT
 * not `stay`. */
#define PLACE_NOTES 4
/* The characters note_piece writes (out of line: its room for a number stays off the callers) */
static __attribute__((noinline)) size_t note_length(const Game *g, int kind, int64_t a)
{
    char num[24];
    size_t len = 0;
    note_piece(g, kind, a, num, &len);
    return len;
}

typedef struct {
    int n;
    int32_t loc[PLACE_NOTES], kind[PLACE_NOTES];
    int64_t fixed;
    long ins, after;
    const int32_t *emit;
} PlaceNotes;

static int place_notes(const Game *g, const int32_t *ip, PlaceNotes *pn)
{
    const int32_t *q = ip + 1;
    pn->n = 0; pn->fixed = 0; pn->ins = 1;
    for (; opcode_info[*q].base != OP_EMIT; q += 4, pn->ins += 2) {   /* LOAD x or PUSH k; NOTE k */
        if (opcode_info[*q].base == OP_LOAD) {
            if (pn->n == PLACE_NOTES) return 0;
            pn->loc[pn->n] = q[1]; pn->kind[pn->n++] = q[3];
        } else
            pn->fixed += (int64_t)note_length(g, q[3], q[1]);
    }
    if (q[1] != MK_STAY) return 0;
    pn->emit = q;
    for (pn->after = 1, q += 3; opcode_info[*q].base == OP_JMP; ++pn->after) q = g->code + q[1];
    return 1;
}

/* A place not made, measured (place_notes): the notes' characters from note_base on as NOTE
 * would add them, and whether the piece differs from the cell's (a state change). 0 where the
 * code runs as written: the place would fail or is not one cell's, the notes too long. */
typedef struct { int64_t tl; uint32_t kept; } PlacedMove;

static inline __attribute__((always_inline)) int place_measure(const Pos *p, const PlaceNotes *pn,
                                                               int64_t type, int64_t pl,
                                                               int64_t sq, const int64_t *L,
                                                               int note_base, PlacedMove *m)
{
    const Game *g = p->g;
    if (!FX_SQOK(g, sq) || !FX_TYOK(g, type) || !(FX_PLOK(g, pl) || pl == -1)) return 0;
    int64_t tl = L[3] - note_base + pn->fixed;
    for (int k = 0; k < pn->n; k++) {
        const int64_t a = L[pn->loc[k]];
        tl += pn->kind[k] == 1 && FX_SQOK(g, a) ? g->sq_name_len[a]   /* (superinstr.c made it) */
                                                : (int64_t)note_length(g, pn->kind[k], a);
    }
    if (tl > MAX_MOVE_TEXT) return 0;            /* (NOTE's error, from the code as written) */
    m->tl = tl;
    m->kept = p->st[sq] != PW_MAKE(type, pl);
    return 1;
}

/* PLACEEMIT at ip, its operands on the stack below sp, where its move is only counted and the
 * branch has written nothing before it (place_counted_here): the place is not made (perft's
 * last ply made and undid it for every move counted, a fifth of connect-four's perft). The move
 * is counted as emit_count would count it after the place: one trail entry, a state change
 * where the piece differs from the cell's (place_measure). Returns the EMIT's work and sets
 * *ins and *after (place_measure); or -1 where the code runs as written. */
static __attribute__((noinline)) long count_placed(Pos *p, RunCtx *c, const int32_t *ip,
                                                   const int64_t *sp, const int64_t *L,
                                                   int trail_base, int note_base, int qual_base,
                                                   long *ins, long *after, int line)
{
    PlaceNotes pn;
    PlacedMove m;
    if (!place_counted_here(p, c, L, trail_base) || !place_notes(p->g, ip, &pn) ||
        !place_measure(p, &pn, sp[-3], sp[-2], sp[-1], L, note_base, &m))
        return -1;
    *ins = pn.ins; *after = pn.after;
    return count_move(p, c, 1, (uint32_t)m.tl, (uint32_t)(L[5] - qual_base), m.kept, line);
}

/* Record a move: the state writes this run made so far become its ops. Returns the words and
 * characters copied, which count as work (GEN_BUDGET): a run that writes much state once and
 * then emits many moves costs memory for every one of them. */
/* The state's hash at a move's emit, kept by its ops' first index (Game.hash_at_emit): the
 * hash of the state its make reaches follows from it without going over the ops again. */
static void keep_emit_hash(Pos *p, MoveList *ml, uint32_t op0, int line)
{
    if (op0 >= ml->hash_cap) {
        uint32_t was = ml->hash_cap;
        ml->hash_cap = ml->capops;              /* (op0 < capops) */
        movelist_account((long)(sizeof *ml->ops_hash * (ml->hash_cap - was)));
        if (movelists_over_bound()) lists_memory_error(p, line);
        ml->ops_hash = realloc(ml->ops_hash, sizeof *ml->ops_hash * (size_t)ml->hash_cap);
        if (!ml->ops_hash) out_of_memory("the moves' state hashes");
    }
    ml->ops_hash[op0] = p->hash;
}

static long emit_move(Pos *p, RunCtx *c, int kind, int suffix, const int64_t *L, int trail_base,
                      int note_base, int qual_base, int line)
{
    /* a move that merges with none (no `distinct`) needs no list entry where it is counted */
    if (c->count && c->count->on && !p->g->distinct && !L[LOC_GROUP])
        return emit_count(p, c, L, trail_base, note_base, qual_base, line);
    MoveList *ml = c->out;
    if (c->count && c->count->test && !p->g->distinct && !L[LOC_GROUP] && ml->test_emits &&
        trail_base == ml->test_trail && (kind == MK_LANDED || kind == MK_STAY) &&
        !ml->emit_watch && !p->vm->free_work)
        return emit_count_tested(p, c, kind, L, trail_base, note_base, qual_base, line);
    if (ml->n >= MAX_MOVES) pos_runtime_error(p, line, "more than %d moves in one position", MAX_MOVES);
    if (ml->n == ml->cap && movelists_over_bound()) lists_memory_error(p, line);
    /* A move copies every state write of its branch so far: a branch that writes much and then
     * emits many moves would fill gigabytes within the work bound. The list's size is bounded. */
    struct VmScratch *s = p->vm;
    uint32_t n = (uint32_t)(p->ntrail - trail_base);
    uint32_t tl = (uint32_t)(L[3] - note_base), ql = (uint32_t)(L[5] - qual_base);
    if ((uint64_t)ml->ntext + tl + ql > MAX_LIST_TEXT)
        pos_runtime_error(p, line, "the moves of one position have more than %d characters of notes", MAX_LIST_TEXT);
    const Game *g = p->g;
    const uint32_t nops0 = ml->nops, ntext0 = ml->ntext;
    Move *m = movelist_push(ml);
    m->kind = (uint8_t)kind;
    m->to = (int16_t)L[0];
    if (kind != MK_DROP) { m->from = (int16_t)c->origin; m->become = (uint8_t)L[1]; m->hand = 0; }
    else {              /* `become T;` drops it as T; `drops free`: from no hand */
        m->from = -1;
        m->become = (uint8_t)(L[1] ? L[1] : c->dropping);
        m->hand = (uint8_t)(c->free_drop ? 0 : c->dropping);
    }
    m->layer = (uint8_t)c->layer;
    m->again = (uint8_t)(L[2] != 0);
    m->suffix = (uint8_t)suffix;
    m->piece = c->piece;
    m->captured = kind == MK_MOVE && L[0] >= 0 ? p->st[L[0] * g->stack] : 0;   /* the bottom piece, for ordering */
    if (ml->nops + n > ml->capops) {
        uint32_t was = ml->capops;
        ml->capops = ml->capops ? 2 * ml->capops : 1024;
        while (ml->capops < ml->nops + n) ml->capops *= 2;
        movelist_account((long)(2 * sizeof *ml->ops * (ml->capops - was)));
        if (movelists_over_bound()) lists_memory_error(p, line);
        ml->ops = realloc(ml->ops, sizeof *ml->ops * 2 * (size_t)ml->capops);
        if (!ml->ops) out_of_memory("the moves' state writes");
    }
    m->op0 = ml->nops;
    uint32_t kept = branch_writes(p, trail_base, n, ml->ops + 2 * (size_t)ml->nops, 0);
    if ((uint64_t)ml->nops + kept > MAX_LIST_OPS)
        pos_runtime_error(p, line, "the moves of one position record more than %d state changes", MAX_LIST_OPS);
    m->nops = kept;
    ml->nops += kept;
    if (kept && g->hash_at_emit) keep_emit_hash(p, ml, m->op0, line);
    MAXIMA_NOTE(moves, ml->n);
    MAXIMA_NOTE(list_ops, ml->nops);
    MAXIMA_NOTE(list_text, (long)ml->ntext + tl + ql);
    MAXIMA_NOTE(move_text, tl > ql ? tl : ql);
    /* the branch's notes */
    if (ml->ntext + tl > ml->captext) {
        uint32_t was = ml->captext;
        ml->captext = ml->captext ? 2 * ml->captext : 4096;
        while (ml->captext < ml->ntext + tl) ml->captext *= 2;
        movelist_account((long)(ml->captext - was));
        ml->text = realloc(ml->text, ml->captext);
        if (!ml->text) out_of_memory("the moves' text");
    }
    m->note0 = ml->ntext; m->nnote = tl;
    if (tl) memcpy(ml->text + ml->ntext, s->nb + note_base, tl);
    ml->ntext += tl;
    if (ml->ntext + ql > ml->captext) {
        uint32_t was = ml->captext;
        if (!ml->captext) ml->captext = 4096;
        while (ml->captext < ml->ntext + ql) ml->captext *= 2;
        movelist_account((long)(ml->captext - was));
        ml->text = realloc(ml->text, ml->captext);
        if (!ml->text) out_of_memory("the moves' text");
    }
    m->qual0 = ml->ntext; m->nqual = ql; m->qual_before = (uint8_t)(L[7] != 0);
    if (ql) memcpy(ml->text + ml->ntext, s->qb + qual_base, ql);
    ml->ntext += ql;
    m->group = (uint32_t)L[LOC_GROUP];
    m->taken = (int32_t)L[LOC_TAKEN];
    int64_t key = L[LOC_KEY];
    m->key = (int32_t)(key < INT32_MIN ? INT32_MIN : key > INT32_MAX ? INT32_MAX : key);
    /* `distinct`: a move that does what an earlier one does is merged with it now (merge.h) */
    if (merge_applies(g, m)) {
        int j = merge_lookup(ml, merge_emit_hash(p, m), ml->n - 1);
        if (j >= 0) {
            if (merge_prefer(g, ml, m, &ml->m[j])) ml->m[j] = *m;
            else { ml->nops = nops0; ml->ntext = ntext0; }    /* drop its ops and text too */
            ml->n--;
        }
    } else if (ml->test_emits && trail_base == ml->test_trail && (kind == MK_LANDED || kind == MK_STAY)
               && !ml->emit_watch && !s->free_work) {
        /* its legality now, on the board as the branch leaves it: keep_legal would make it
         * (step 49). (The test may grow the list's arrays: m is found again by its index.) */
        const int i = ml->n - 1;
        int ok = legal_emitted(p, ml, m);
        ml->m[i].tested = (uint8_t)(ok + 1);
    }
    return EMIT_STEPS + (long)n + tl + ql;
}

/* Add text to the branch's note or qualifier (a local holds its end, so backtracking cuts it
 * back): buf/n/cap are the buffer, *end the local, base where this run's moves' text starts.
 * The limit is on one move's text (end - base): the buffer is a stack shared by nested runs, so
 * only that difference says how long the text of the move being built is. */
static void add_text(Pos *p, char **buf, int *n, int *cap, int64_t *end, int base, const char *t,
                     size_t len, int line)
{
    if (*end - base + (int64_t)len > MAX_MOVE_TEXT)
        pos_runtime_error(p, line, "a move's text is longer than %d characters", MAX_MOVE_TEXT);
    if ((size_t)*end + len > (size_t)*cap) {
        *cap = *cap ? 2 * *cap : 4096;
        while ((size_t)*cap < (size_t)*end + len) *cap *= 2;
        *buf = realloc(*buf, (size_t)*cap);
        if (!*buf) out_of_memory("a move's note text");
    }
    memcpy(*buf + *end, t, len);
    *end += (int64_t)len;
    *n = (int)*end;
}

/* The text `note` and `qualify` add for a value of the kind given (0 a string, 1 a square, 2 a
 * piece type, 4 a player, else a number), at most NOTE_PIECE_MAX characters; num is room for
 * a number. (No snprintf: in the Nemoroth scream's orders it was a tenth of the perft.) */
static const char *note_piece(const Game *g, int kind, int64_t a, char num[24], size_t *len)
{
    const char *t;
    switch (kind) {
    case 0: t = a >= 0 && a < g->nstrings ? g->strings[a] : ""; break;
    case 1: t = a >= 0 && a < g->nsq ? g->sq_name[a] : "-"; break;
    case 2: t = a >= 1 && a <= g->ntypes ? g->types[a].code : "-"; break;
    case 4: t = a >= 0 && a < g->nplayers ? g->player_letter[a] : "-"; break;
    default: {
        char *e = num + 23, *q = e;
        uint64_t u = a < 0 ? -(uint64_t)a : (uint64_t)a;
        *q = 0;
        do { *--q = (char)('0' + u % 10); u /= 10; } while (u);
        if (a < 0) *--q = '-';
        *len = (size_t)(e - q);
        return q;
    }
    }
    size_t n = 0;                 /* (names are a few characters: strnlen's call cost more) */
    while (n < NOTE_PIECE_MAX && t[n]) n++;
    *len = n;
    return t;
}

/* Type arithmetic: the declared type whose parts are a's plus b's (or a's less b's), or 0. */
static int type_arith(const Game *g, int a, int b, int minus)
{
    int n = 0; uint8_t parts[16];
    const PieceType *A = &g->types[a], *B = &g->types[b];
    if (!minus) {
        for (int i = 0; i < A->nparts; i++) parts[n++] = A->part[i];
        for (int i = 0; i < B->nparts && n < 16; i++) parts[n++] = B->part[i];
    } else {
        uint8_t used[8] = {0};
        for (int i = 0; i < A->nparts; i++) {
            int take = 0;
            for (int j = 0; j < B->nparts; j++) if (!used[j] && B->part[j] == A->part[i]) { used[j] = 1; take = 1; break; }
            if (!take) parts[n++] = A->part[i];
        }
        for (int j = 0; j < B->nparts; j++) if (!used[j]) return 0;   /* b is not a part of a */
        if (!n) return 0;
    }
    for (int i = 0; i < n; i++) for (int j = i + 1; j < n; j++) if (parts[j] < parts[i]) { uint8_t x = parts[i]; parts[i] = parts[j]; parts[j] = x; }
    for (int t = 1; t <= g->ntypes; t++) {
        const PieceType *T = &g->types[t];
        if (T->nparts == n && !memcmp(T->part, parts, (size_t)n)) return t;
    }
    return 0;
}

/* `plus`/`minus` of types depend on the game only: the Four Towers' turn program asks the
 * same few pairs again and again (type_arith was 3 % of its perft), so the answers are kept in
 * a direct-mapped table of 256 */
static int type_arith_cached(struct VmScratch *s, const Game *g, int a, int b, int minus)
{
    uint32_t key = ((uint32_t)a << 9 | (uint32_t)b << 1 | (uint32_t)minus) + 1;
    unsigned i = (key * 0x9e3779b1u) >> 24;
    if (s->ta_key[i] != key) { s->ta_val[i] = (uint8_t)type_arith(g, a, b, minus); s->ta_key[i] = key; }
    return s->ta_val[i];
}

#define SQOK(s) ((uint64_t)(s) < (uint64_t)g->nsq)
#define PLOK(x) ((uint64_t)(x) < (uint64_t)g->nplayers)
#define TYOK(t) ((t) >= 1 && (t) <= g->ntypes)
#define CELL(s) (p->st[(s) * g->stack])
/* the top piece of a square's stack (the only piece with `stack 1`) */
/* FORFRIEND and FORENEMY where every piece of the game is in the position's attackers' squares
 * (Game.attackers_every_type) and the list is the board in square order: the first square from
 * i on (below n) holding a piece of `own`, or, own < 0, of a player other than `not_own`; n if
 * none. */
static inline int64_t next_piece_square(const Pos *p, int own, int not_own, int64_t i, int64_t n)
{
    const Game *g = p->g;
    const int words = p->attacker_words;
    const uint64_t *bits = p->attackers;
    if (i >= n) return i;
    for (int wi = (int)(i >> 6); wi < words; wi++) {
        uint64_t m = 0;
        if (own >= 0) m = bits[own * words + wi];
        else
            for (int pl = 0; pl < g->nplayers; pl++)
                if (pl != not_own) m |= bits[pl * words + wi];
        if (wi == (int)(i >> 6)) m &= ~0ull << (i & 63);
        if (m) {
            int64_t k = (int64_t)wi * 64 + __builtin_ctzll(m);
            return k < n ? k : n;
        }
    }
    return n;
}

#define TOPLOC(s) (g->stack == 1 ? (int)(s) : pos_top_loc(p, (int)(s)))
#define TOP(s) (g->stack == 1 ? CELL(s) : (TOPLOC(s) >= 0 ? p->st[TOPLOC(s)] : 0))
#define HANDLOC(pl, t) (g->st_hands + (pl) * (g->ntypes + 1) + (t))

/* FORFRIEND (friends 1) and FORENEMY (0): the first element of list li from i on (below n)
 * whose square holds a piece of the mover, or of another side; n if none. (A function of its
 * own: inside the loop its code cost the other instructions registers.) */
/* `count(T, P)`: the pieces of type T of player P on the board, out of the loop (inside it, its
 * code moved with the loop's register allocation: 5 % of Smess's instructions came and went) */
static __attribute__((noinline)) int count_pieces(const Pos *p, int type, int player)
{
    const Game *g = p->g;
    const int32_t *st = p->st;
    const int cells = g->nsq * g->stack;
    int n = 0;
    for (int i = 0; i < cells; i++) {
        int32_t w = st[i];
        n += w && PW_TYPE(w) == type && PW_OWNER(w) == player;
    }
    return n;
}

static __attribute__((noinline)) int64_t scan_pieces(const Pos *p, const List *li, int pl,
                                                     int mover, int friends, int64_t i, int64_t n)
{
    const Game *g = p->g;
    if (li->square_order && p->owned_kept && PLOK(mover)) {
        /* the squares from i on that hold a piece of the mover or of another player: a set */
        if (i >= n) return i;
        uint64_t set = friends ? p->owned[2 + mover]
                               : ~(p->owned[0] | p->owned[1] | p->owned[2 + mover]);
        set &= ~0ull << i;
        int64_t k = set ? __builtin_ctzll(set) : n;
        return k < n ? k : n;
    }
    if (g->attackers_every_type && li->square_order && PLOK(mover))
        return friends ? next_piece_square(p, mover, -1, i, n)
                       : next_piece_square(p, -1, mover, i, n);
    for (; i < n; i++) {
        int64_t e = li->item[pl][i];
        int32_t w = SQOK(e) ? TOP(e) : 0;
        if (w && PW_OWNER(w) >= 0 && (PW_OWNER(w) == mover) == friends) break;
    }
    return i;
}

/* FORTEST's and FORFRIENDPV's test `val CMP k` as a range: lo <= val <= hi, or (the value
 * returned, for NE) outside it. */
static inline int test_range(int cmp, int64_t k, int64_t *lo, int64_t *hi)
{
    *lo = *hi = k;
    if (cmp == OP_LT || cmp == OP_LE) { *lo = INT64_MIN; *hi = cmp == OP_LT ? k - 1 : k; }
    if (cmp == OP_GT || cmp == OP_GE) { *hi = INT64_MAX; *lo = cmp == OP_GT ? k + 1 : k; }
    return cmp == OP_NE;
}

/* FORFRIENDPV (superinstr.c): from element i on (below n), the first whose square holds a piece
 * of the mover whose piece variable (bits shift up, mask) does not send the loop back: the
 * variable's value val sends it back when (lo <= val <= hi) != outside equals back_if; n if
 * none. *passed: the pieces of the mover passed over (each ran the six instructions of the
 * test, the others the loop's four). The mover's squares come from a set where one is kept
 * (Pos.owned, or the attackers' squares), else from the list; the list is the board in square
 * order with one piece a square where a set is read. */
static __attribute__((noinline)) int64_t scan_friend_pv(const Pos *p, const List *li, int pl,
                                                        int mover, int64_t i, int64_t n,
                                                        const Var *pv, int64_t lo, int64_t hi,
                                                        int outside, int back_if,
                                                        int64_t *passed)
{
    const Game *g = p->g;
    const uint32_t mask = (1u << pv->bits) - 1;
    const uint64_t span = (uint64_t)hi - (uint64_t)lo;
    int64_t np = 0;
#define SENDS_BACK(w)                                                                     \
    ((((uint64_t)((((uint32_t)(w)) >> pv->shift) & mask) - (uint64_t)lo <= span) != outside) \
     == back_if)
    if (i < n && li->square_order && g->stack == 1 && PLOK(mover) &&
        (p->owned_kept || g->attackers_every_type)) {
        const int words = p->owned_kept ? 1 : p->attacker_words;
        const uint64_t *bits = p->owned_kept ? &p->owned[2 + mover]
                                             : &p->attackers[mover * p->attacker_words];
        for (int wi = (int)(i >> 6); wi < words; wi++) {
            uint64_t m = bits[wi];
            if (wi == (int)(i >> 6)) m &= ~0ull << (i & 63);
            for (; m; m &= m - 1) {
                int64_t k = (int64_t)wi * 64 + __builtin_ctzll(m);
                if (k >= n) { *passed = np; return n; }
                if (!SENDS_BACK(p->st[k])) { *passed = np; return k; }
                np++;
            }
        }
        *passed = np;
        return n;
    }
    for (; i < n; i++) {
        int64_t e = li->item[pl][i];
        int32_t w = SQOK(e) ? TOP(e) : 0;
        if (!w || PW_OWNER(w) != mover) continue;
        if (!SENDS_BACK(w)) break;
        np++;
    }
#undef SENDS_BACK
    *passed = np;
    return i;
}

#define OPND(k) (ip[k])
#define PC ((int)(ip - code))
/* A choice to come back to this CHOOSELIST/CHOOSEBIT with the local SLOT (its cursor) as it is
 * now: the kept choice of a resumed run is updated in place (vm_loop.h, fail:) */
#define AGAIN_CHOICE(NLOCALS, SLOT) do {                                           \
        if (kept && (SLOT) < s->ch[s->nch - 1].nlocs)                               \
            s->locs[s->ch[s->nch - 1].loc_off + (SLOT)] = L[SLOT];                  \
        else { DROP_KEPT(); push_choice(p, s, PC, L, NLOCALS, g->keep_masks[g->keep_at[PC]], LINE); } \
        kept = 0;                                                                   \
    } while (0)
#define DROP_KEPT() do {                                                           \
        if (kept) { s->nch--; s->nlocs = s->ch[s->nch].loc_off; kept = 0; }         \
    } while (0)
/* The choice on top of the stack popped (a row counted at once: vm.c, count_any_row) */
#define DROP_KEPT_NOW() do { s->nch--; s->nlocs = s->ch[s->nch].loc_off; } while (0)
#define LINE (g->line[PC])
/* The step budget bounds the work between two moves a run emits; but a run may emit MAX_MOVES
 * moves, and a position runs many programs and hooks. So every run also adds what it did (its
 * instructions, and `extra`: what emit_move copied) to the position's work, which is bounded as
 * a whole: one position can never cost more than GEN_BUDGET.
 *
 * The loop counts `budget` down by one an instruction from `chunk`; at 0 it stops at a
 * checkpoint (vm_loop.h), which adds the chunk to the work and reads the bounds, so that they
 * are read every CHECK_EVERY instructions at most, emits or not (a run that loops long between
 * two moves was seen only at its next move: hours with `moves steps 1000000000;`). `since` keeps
 * the instructions since the last move of the chunks before, for the step budget: the steps run
 * since the last move are since + chunk - budget. */
#define CHECK_EVERY 65536L
#define FIRST_CHUNK (step_limit < CHECK_EVERY ? step_limit : CHECK_EVERY)
#define WORK_LIMIT (g->work_limit < vm_gen_budget ? g->work_limit : vm_gen_budget)
#define CHECK_BOUNDS() do {                                                                    \
        MAXIMA_NOTE(work, s->w.work - s->work0);                                               \
        MAXIMA_NOTE(trail, p->ntrail - s->trail0);                                             \
        if (s->w.work - s->work0 > WORK_LIMIT) position_work_error(p, LINE, WORK_LIMIT);       \
        if (s->w.work > s->w.watch_at) vm_watch(p, LINE);                                      \
        /* hooks keep their writes on the trail: runs of them must not grow it without end */ \
        if (p->ntrail - s->trail0 > MAX_GEN_TRAIL)                                             \
            pos_runtime_error(p, LINE, "more than %d state changes made and not taken back "    \
                              "while the moves of one position are generated", MAX_GEN_TRAIL);  \
    } while (0)
#define CHARGE(extra) do {                                                                     \
        MAXIMA_NOTE(steps, since + chunk - budget);                                            \
        if (!s->free_work) s->w.work += chunk - budget + (extra);                              \
        since = 0;                                                                             \
        budget = chunk = FIRST_CHUNK;                                                          \
        CHECK_BOUNDS();                                                                        \
    } while (0)
/* Steps charged inside an instruction (a superinstruction's others, a native scan's elements):
 * past the step budget it is the same error as one step too many; otherwise the budget may go
 * below 0, and the next instruction's count stops at the checkpoint. */
#define BULK_STEPS(n) do {                                                                     \
        budget -= (n);                                                                         \
        if (budget < 0 && since + chunk - budget > step_limit) goto out_of_steps;              \
    } while (0)
/* Work done natively by an instruction (count, square-of: cells scanned) counts toward the
 * position's and the command's bounds, not toward the step budget (it bounds instructions);
 * a large one ends the chunk here, so the bounds are read at the next instruction. Moving the
 * budget to 0 moves the chunk with it: chunk - budget, the steps run, stays as it was. */
#define NATIVE_WORK(n) do {                                                                    \
        if (!s->free_work) s->w.work += (n);                                                   \
        if ((n) >= NATIVE_CHECK) { chunk -= budget; budget = 0; }                              \
    } while (0)
#define NATIVE_CHECK 256

static void __attribute__((noreturn, cold)) position_work_error(Pos *p, int line, long limit)
{
    pos_runtime_error(p, line, "the moves of one position took more than %ld steps of work "
                      "(instructions run, cells scanned, moves emitted and made; "
                      "`moves work N;` allows N million)", limit);
}

static int side_to_move_has_a_move(Pos *p, int line);
int vm_side_to_move_has_a_move(Pos *p, int line) { return side_to_move_has_a_move(p, line); }
static int end_has_a_move(Pos *p, MoveList *into);

/* A piece variable keeps the bits of its range's top, so 6 and 7 would fit in `0..5`: a store
 * outside the declared range is an error, as a position string with such a value is. */
static void __attribute__((noreturn, cold)) piece_var_range_error(Pos *p, int line, const Var *pv, int64_t v)
{
    pos_runtime_error(p, line, "piece variable '%s' is 0..%d, not %lld", pv->name, pv->max, (long long)v);
}

/* The attack memo's log of what a run saw: the state locations it read and their values (only
 * for programs that read nothing but single locations of a one-piece-a-square board:
 * g->memo_ok). A square's piece is location `square`; a variable, a hand, the turn theirs. */
#define LOG_LOC(where) do {                                                              \
        if (c->reads) {                                                                 \
            ReadLog *r_ = c->reads; int l_ = (where);                                     \
            if (r_->n && r_->loc[r_->n - 1] == l_) { }   /* the same location again */  \
            else if (r_->n < READLOG_MAX) { r_->loc[r_->n] = l_; r_->w[r_->n++] = p->st[l_]; } \
            else r_->overflow = 1;                                                      \
        }                                                                               \
    } while (0)
#define LOG_READ(a) do { if (SQOK(a)) LOG_LOC((int)(a) * g->stack); } while (0)

/* The interpreter loop, written once (Lua's lvm.c does the same with vmdispatch/vmcase): under
 * GCC and Clang each instruction jumps straight to the next one's code through a table of label
 * addresses (computed goto: one indirect jump per instruction, predicted per opcode); elsewhere
 * it is a plain switch. It is in vm_loop.h, included twice: with and without --profile's count,
 * so the normal run has no test for it. */
#if defined(__GNUC__)
#define VM_THREADED 1
#define vmcase(OP) case OP_##OP: op_##OP:
/* the end of an instruction: the budget, the profile, and a jump to the next one's code (each
 * instruction has its own indirect jump, which the processor predicts per opcode) */
#define NEXT do {                                                 \
        if (--budget < 0) goto checkpoint;                        \
        if (profiling) p->profile[PC]++;                          \
        goto *dispatch[*ip];                                      \
    } while (0)
#else
#define vmcase(OP) case OP_##OP:
#define NEXT break
#endif

/* `land`: the moving piece goes to the cursor now, capturing what stands there (0: it cannot) */
static int land_piece(Pos *p, const RunCtx *c, int64_t *L, int line)
{
    const Game *g = p->g;
    if (L[4]) pos_runtime_error(p, line, "`land` twice in one branch");
    if (!SQOK(L[0]) || !SQOK(c->origin)) return 0;
    /* find the moving piece (its layer may have changed if the program changed its stack) */
    int from = c->origin, layer = -1;
    for (int l = pos_height(p, from) - 1; l >= 0 && layer < 0; l--)
        if (p->st[from * g->stack + l] == c->piece) layer = l;
    if (layer < 0) return 0;
    int32_t w = c->piece;
    pos_remove_layer(p, from, layer);
    if (L[0] != from)
        for (int l = pos_height(p, (int)L[0]) - 1; l >= 0; l--) {
            int32_t cap = p->st[L[0] * g->stack + l];
            if (l == 0 && cap) L[LOC_TAKEN] = cap;   /* the destination's, as emit's */
            pos_set(p, (int)L[0] * g->stack + l, 0);
            if (g->hook_fn[HOOK_CAPTURE] >= 0) vm_run_capture_hook(p, c->mover, cap);
        }
    if (L[1]) w = PW_WITH_TYPE(w, L[1]);
    if (!pos_push(p, (int)L[0], w))
        pos_runtime_error(p, line, "more than %d pieces on %s", g->stack, g->sq_name[L[0]]);
    L[4] = L[0] + 1;                         /* where it landed, + 1 (land_part) */
    return 1;
}

/* A part of a move made (Zillions' add-partial, docs/zrf.md "Moves in several parts"): the
 * moving piece goes to the cursor from where it stands (its origin, or where the last part
 * left it: LOC_LANDED - 1), capturing what stands there, and the deferred effects of the
 * branch are done now, so that the next part sees them; the branch goes on from there, and
 * its emit records the whole move, from the origin. 0: the part cannot be made.
 * here_only: no piece moves; the deferred effects are done, and the move goes on with the
 * piece they left on the cursor (a cascade's: docs/zrf.md). */
static int land_part(Pos *p, RunCtx *c, int64_t *L, int64_t here_only, int line)
{
    const Game *g = p->g;
    if (!SQOK(L[0])) return 0;
    if (here_only) {
        if (L[LOC_DEFERRED]) {
            if (deferred_apply(p, &p->vm->deferred, c->mover, (int)L[LOC_DEFERRED],
                               &L[LOC_TAKEN]) < 0)
                return 0;
            L[LOC_DEFERRED] = 0;
        }
        if (pos_height(p, (int)L[0]) < 1) return 0;
        L[LOC_LANDED] = L[0] + 1;
        return 1;
    }
    if (!L[LOC_LANDED]) {
        if (L[LOC_DEFERRED]) deferred_lift(p, &p->vm->deferred, (int)L[LOC_DEFERRED], c->origin);
        if (!land_piece(p, c, L, line)) return 0;
    } else {
        int at = (int)L[LOC_LANDED] - 1, layer = pos_height(p, at) - 1;
        if (!SQOK(at) || layer < 0) return 0;
        int32_t w = p->st[at * g->stack + layer];
        if (L[1]) w = PW_WITH_TYPE(w, L[1]);
        if (at != L[0]) {
            pos_remove_layer(p, at, layer);
            for (int l = pos_height(p, (int)L[0]) - 1; l >= 0; l--) {
                int32_t cap = p->st[L[0] * g->stack + l];
                pos_set(p, (int)L[0] * g->stack + l, 0);
                if (g->hook_fn[HOOK_CAPTURE] >= 0) vm_run_capture_hook(p, c->mover, cap);
            }
            if (!pos_push(p, (int)L[0], w))
                pos_runtime_error(p, line, "more than %d pieces on %s", g->stack, g->sq_name[L[0]]);
        } else pos_set(p, at * g->stack + layer, w);
        L[LOC_LANDED] = L[0] + 1;
    }
    if (L[LOC_DEFERRED]) {
        if (deferred_apply(p, &p->vm->deferred, c->mover, (int)L[LOC_DEFERRED], &L[LOC_TAKEN]) < 0)
            return 0;
        L[LOC_DEFERRED] = 0;
    }
    return 1;
}

/* What doing one deferred effect costs, in steps: some 30 ns each when 60000 are made by every
 * move of a branch (tests/fuzz-regress/cli/defer-apply.rules) */
#define DEFERRED_STEPS 16

/* A move of a branch that deferred effects (`defer { }`, deferred.h): the moving piece arrives
 * first, as `land` moves it, then the effects in the order they were recorded; the move is what
 * that leaves, and the branch goes on from the board as it was. An effect that cannot be done
 * (a piece to change is gone) makes no move. */
static long emit_deferred(Pos *p, RunCtx *c, int kind, int suffix, const int64_t *L,
                          int trail_base, int note_base, int qual_base, int line)
{
    int64_t L2[NFIXED_LOCALS];
    memcpy(L2, L, sizeof L2);
    const int mark = pos_mark(p);
    long work = 0;
    if (kind == MK_MOVE) {
        deferred_lift(p, &p->vm->deferred, (int)L[LOC_DEFERRED], c->origin);
        if (!land_piece(p, c, L2, line)) { pos_undo_to(p, mark); return 0; }
        kind = MK_LANDED;
    }
    int n = deferred_apply(p, &p->vm->deferred, c->mover, (int)L[LOC_DEFERRED], &L2[LOC_TAKEN]);
    if (n >= 0)
        work = emit_move(p, c, kind, suffix, L2, trail_base, note_base, qual_base, line)
             + (long)n * DEFERRED_STEPS;
    pos_undo_to(p, mark);
    return work;
}

static inline long emit_any(Pos *p, RunCtx *c, int kind, int suffix, const int64_t *L,
                            int trail_base, int note_base, int qual_base, int line)
{
    if (__builtin_expect(L[LOC_DEFERRED] != 0, 0))
        return emit_deferred(p, c, kind, suffix, L, trail_base, note_base, qual_base, line);
    return emit_move(p, c, kind, suffix, L, trail_base, note_base, qual_base, line);
}

/* Whether EMIT of this kind is turned away (the branch fails): a drop off the board, from an
 * empty hand or by no player; a move off the board */
static inline int emit_refused(const Pos *p, const RunCtx *c, int kind, const int64_t *L)
{
    const Game *g = p->g;
    int mover = c->mover;
    if (kind == MK_DROP ? !SQOK(L[0]) : kind == MK_MOVE && (!SQOK(L[0]) || !SQOK(c->origin)))
        return 1;
    /* pos_make takes a dropped piece from the hand after the program's own changes: if the
     * program emptied the hand itself (`take dropping from mover`), there is no piece left to
     * drop, and the count would go below 0. Not a move. */
    return kind == MK_DROP && (!PLOK(mover) || !TYOK(c->dropping) ||
                               (!c->free_drop && p->st[HANDLOC(mover, c->dropping)] <= 0));
}

/* Whether the moves of tail t (tails.h) may be counted in this run at all: where they would
 * merge or be listed, or its EMIT turns them away, it runs as written. (The same for every
 * move a CHOOSENEAR leads to the tail: its locals and the list are as they were.) */
static inline int count_tail_ready(const Pos *p, const RunCtx *c, const CountTail *t,
                                   const int64_t *L)
{
#ifdef BOARDVM_MAXIMA
    return 0;                        /* (the maxima of the trail and the steps see every write) */
#endif
    return c->count->on && !p->g->distinct && !L[LOC_GROUP] && !L[LOC_DEFERRED] &&
           !c->out->emit_watch && !emit_refused(p, c, p->g->code[t->emit + 1], L);
}

/* What the move of tail t would be (count_tail_ready): the instructions the tail runs, its
 * head's among them, its writes, the state changes they leave and its notes' characters; 0 where
 * the tail must run as written: its board is not one counttail.h accounts for, or its writes
 * or its notes would pass a bound inside it. */
typedef struct { long steps; uint32_t writes, kept, text; } TailMove;

/* The characters a note of kind `kind` (NOTE's operand) of value v writes */
static inline __attribute__((always_inline)) uint32_t tail_note_length(const Game *g,
                                                                       const CountTail *t,
                                                                       int kind, int64_t v)
{
    char num[24];
    size_t len;
    if (kind == 1 && SQOK(v)) len = t->name_len[v];    /* (note_piece's) */
    else note_piece(g, kind, v, num, &len);
    return (uint32_t)len;
}

/* The notes of a tail in a row of CHOOSENEAR's moves (count_near_row), where only the
 * direction d and its square t change from move to move: the characters of the notes of the
 * other locals (and those before the tail) read once, and how many notes name t's square */
typedef struct { uint32_t fixed; int t_names, t_local; } RowNotes;

/* 0 where a note is of d, or of t but not its square's name: each move's are read */
static int row_notes(const Game *g, const CountTail *t, const int32_t *ip, const int64_t *L,
                     int note_base, RowNotes *rn)
{
    *rn = (RowNotes){ (uint32_t)(L[3] - note_base), 0, ip[10] };
    for (int i = 0; i < t->nnotes; i++) {
        const int loc = t->note_local[i];
        if (loc == ip[2] || (loc == ip[10] && t->note_kind[i] != 1)) return 0;
        if (loc == ip[10]) rn->t_names++;
        else rn->fixed += tail_note_length(g, t, t->note_kind[i], L[loc]);
    }
    return 1;
}

static inline __attribute__((always_inline)) int tail_measure(Pos *p, const CountTail *t,
                                                              const TailSets *ts,
                                                              const int64_t *L, int note_base,
                                                              const RowNotes *rn, TailMove *m)
{
    const Game *g = p->g;
    TailBoard b;
    if (!count_tail_board(p, L, t, ts, &b)) return 0;
    if (p->ntrail - p->vm->trail0 + (long)b.writes > MAX_GEN_TRAIL) return 0;
    uint32_t tl;
    if (rn && SQOK(L[rn->t_local]))                 /* (t's square names, the rest read once) */
        tl = rn->fixed + (uint32_t)rn->t_names * t->name_len[L[rn->t_local]];
    else {
        tl = (uint32_t)(L[3] - note_base);
        for (int i = 0; i < t->nnotes; i++)
            tl += tail_note_length(g, t, t->note_kind[i], L[t->note_local[i]]);
    }
    /* (add_text's error at the NOTE that passes the bound: the text only grows) */
    if (tl > MAX_MOVE_TEXT) return 0;
    *m = (TailMove){ t->steps + b.loop_steps, b.writes, b.kept, tl };
    return 1;
}

/* Whether the sums of a row of counted moves (their moves, notes, state changes and work)
 * reach a bound that a move of the row would have met at its EMIT: then the row is left to the
 * code, whose moves meet it where their runs would */
static int row_bounded(const Pos *p, const RunCtx *c, long moves, long text, long ops, long w)
{
    const struct VmScratch *s = p->vm;
    const Game *g = p->g;
    const MoveList *ml = c->out;
    static const EmitCount none;
    const EmitCount *k = c->count ? c->count : &none;
    return ml->n + k->n + moves - 1 >= MAX_MOVES ||
           (uint64_t)ml->ntext + (uint64_t)k->text + (uint64_t)text > MAX_LIST_TEXT ||
           (uint64_t)ml->nops + (uint64_t)k->ops + (uint64_t)ops > MAX_LIST_OPS ||
           s->w.work + w - s->work0 > WORK_LIMIT || s->w.work + w > s->w.watch_at;
}

/* The step budget, the chunk and the work a row of counted moves leaves (vm_loop.h sets them,
 * as CHARGE does at each EMIT, then goes on) */
typedef struct { long work, budget, chunk; } RowCharge;

/* COUNTTAIL at pc, at perft's last ply: the move of its tail counted without running the tail.
 * Returns the instruction after the EMIT, *r what the run would have left there (the tail's
 * steps, CHARGE at the EMIT); NULL: run it as written (no tail, count_tail_ready,
 * tail_measure; a checkpoint or a bound would fall inside it). */
static __attribute__((noinline)) const int32_t *count_tail(Pos *p, RunCtx *c, int pc,
                                                           const int64_t *L, int trail_base,
                                                           int note_base, int qual_base,
                                                           long budget, long chunk,
                                                           long first_chunk, RowCharge *r)
{
    const CountTail *t = count_tail_at(p->g, pc);
    if (!t || !count_tail_ready(p, c, t, L)) return NULL;
    /* the branch's writes before the tail (connect-four's `place` before `note`): counted as
     * emit_count counts them where the tail writes nothing (else a slot both write would be
     * one state change) */
    uint32_t before = (uint32_t)(p->ntrail - trail_base), kept = 0;
    if (before && (t->move_from >= 0 || t->loop_from >= 0)) return NULL;
    TailMove m;
    TailSets ts;
    tail_sets(p, c->mover, t, &ts);
    if (!tail_measure(p, t, &ts, L, note_base, NULL, &m) || budget < m.steps - 1) return NULL;
    if (before) kept = branch_writes(p, trail_base, before, NULL, 1);
    m.writes += before; m.kept += kept;
    uint32_t ql = (uint32_t)(L[5] - qual_base);
    long work = chunk - (budget - (m.steps - 1)) + EMIT_STEPS + m.writes + m.text + ql;
    long w = p->vm->free_work ? 0 : work;
    if (row_bounded(p, c, 1, m.text + ql, m.kept, w)) return NULL;
    EmitCount *k = c->count;
    k->n++; k->text += m.text + ql; k->ops += m.kept;
    *r = (RowCharge){ w, first_chunk, first_chunk };
    return p->g->code + t->ret;
}

/* A row of tails (vm_loop.h): CHOOSENEAR at ip, whose directions that pass lead to tail t, has
 * taken direction `bit` (its steps charged), `rest` left. All its moves counted at once: the
 * step budget, the chunk and the work as the VM would leave them after each move in turn (its
 * pattern's 11 steps, the tail's, CHARGE at the EMIT, the RET after it, the choice's dispatch
 * and skip_near's steps) and after the last, when the choice fails. 0, nothing done: a tail
 * must run, or a checkpoint or a bound (the moves, the notes, the state changes, the position's
 * work, the next look at the command's bounds, vm_watch) would fall inside the row; the VM then
 * counts the moves one at a time, each meeting them where its run would. */
static __attribute__((noinline)) int count_near_row(Pos *p, RunCtx *c, const int32_t *ip,
                                                    int64_t *L, int bit, uint64_t rest,
                                                    int trail_base, int note_base, int qual_base,
                                                    long budget, long chunk, long first_chunk,
                                                    RowCharge *r)
{
    const Game *g = p->g;
    const CountTail *t = count_tail_after(g, (int)(ip - g->code));
    if (!t || p->ntrail != trail_base || !count_tail_ready(p, c, t, L)) return 0;
    int8_t bits[64];
    long before[64], after;
    const int nrest = skip_near_row(p, ip, L, c->mover, rest, bits, before, &after);
    const int64_t x = L[ip[5]];
    const uint32_t ql = (uint32_t)(L[5] - qual_base);
    long moves = 0, text = 0, ops = 0, work = 0, bud = budget, ch = chunk;
    TailSets ts;                            /* (the row writes nothing: the same sets for all) */
    tail_sets(p, c->mover, t, &ts);
    RowNotes rn;
    const int notes_ok = row_notes(g, t, ip, L, note_base, &rn);
    for (int i = -1; i < nrest; i++) {
        int d = i < 0 ? bit : bits[i];
        if (i >= 0) {                       /* RET (JMP, RET), CHOOSENEAR, its skip */
            bud -= t->after + 1 + before[i];
            if (bud < 0) return 0;
        }
        L[ip[2]] = d;
        L[ip[10]] = SQOK(x) && d < g->ndirs ? g->neighbor[x * g->ndirs + d] : -1;
        TailMove m;
        if (!tail_measure(p, t, &ts, L, note_base, notes_ok ? &rn : NULL, &m) ||
            bud < 12 + m.steps - 1)
            return 0;
        bud -= 12 + m.steps - 1;            /* the pattern, the tail (COUNTTAIL's dispatch in it) */
        work += ch - bud + EMIT_STEPS + m.writes + m.text + ql;
        bud = ch = first_chunk;
        moves++; text += m.text + ql; ops += m.kept;
    }
    /* after the last: RET (JMP, RET); the choice resumed where directions are left, to fail */
    uint64_t left = nrest ? rest & ~((2ull << bits[nrest - 1]) - 1) : rest;
    bud -= t->after + (left ? after : 0);
    if (bud < 0) return 0;
    EmitCount *k = c->count;
    long w = p->vm->free_work ? 0 : work;
    if (row_bounded(p, c, moves, text, ops, w)) return 0;
    k->n += moves; k->text += text; k->ops += ops;
    *r = (RowCharge){ w, bud, ch };
    return 1;
}

/* A row of drops (vm_loop.h): CHOOSEANY at ip has taken a square and run its search, whose
 * branch goes on at EMIT; RET (`emit drop;` right after the search: ataxx's clones, in both its
 * files). At perft's last ply, that move and those of every square after it that passes are
 * counted at once, as count_row does (the choice's locals in a copy: skip_choose and
 * skip_any_found write them as the run would, and nothing is done where the row is left to
 * the code): each move EMIT's dispatch and CHARGE (no write, no note in the branch), RET, the
 * choice resumed (its dispatch, skip_choose's steps, skip_any_found's). */
static __attribute__((noinline)) int count_any_row(Pos *p, RunCtx *c, const int32_t *ip,
                                                   const int32_t *emit, const int64_t *L,
                                                   int nloc, int trail_base, int note_base,
                                                   int qual_base, long budget, long chunk,
                                                   long first_chunk, RowCharge *r)
{
    const Game *g = p->g;
    struct VmScratch *s = p->vm;
    const int mover = c->mover, kind = emit[1], pl = PLOK(mover) ? mover : 0;
    if (opcode_info[emit[3]].base != OP_RET || g->distinct || L[LOC_GROUP] || L[LOC_DEFERRED] ||
        c->out->emit_watch || p->ntrail != trail_base)
        return 0;
    int64_t Lc[MAX_LOCALS];
    memcpy(Lc, L, sizeof *L * (size_t)nloc);
    const List *li = &g->lists[ip[1]];
    const int64_t n = li->n[pl];
    const uint32_t text1 = (uint32_t)(L[3] - note_base) + (uint32_t)(L[5] - qual_base);
    long moves = 0, work = 0, bud = budget, ch = chunk;
    /* the squares from the sets, found at once (skip_any_row); else one at a time */
    int32_t found[64];
    long before[64], searched[64], after = 0;
    const int64_t i0 = Lc[ip[2]];
    const int nrow = i0 >= 0 && i0 < n ? skip_any_row(p, ip, li, pl, mover, i0, n, found, before,
                                                      searched, &after)
                                       : -1;
    for (int j = 0; nrow >= 0; j++) {
        if (emit_refused(p, c, kind, Lc) || --bud < 0) return 0;        /* EMIT */
        work += ch - bud + EMIT_STEPS + text1;
        bud = ch = first_chunk;
        moves++;
        bud -= 1;                                   /* RET */
        if ((j ? found[j - 1] + 1 : i0) >= n) break;    /* (the last square: no choice left) */
        bud -= 1;                                   /* the choice resumed */
        if ((bud -= j < nrow ? before[j] : after - 1) < 0) return 0;   /* (its FAIL: after's) */
        if (j >= nrow) break;                       /* the choice dropped; the branch fails */
        Lc[LOC_HERE] = li->item[pl][found[j]];      /* (GO) */
        if ((bud -= searched[j]) < 0) return 0;
    }
    for (; nrow < 0;) {
        if (emit_refused(p, c, kind, Lc) || --bud < 0) return 0;        /* EMIT */
        work += ch - bud + EMIT_STEPS + text1;
        bud = ch = first_chunk;
        moves++;
        bud -= 1;                                   /* RET */
        int64_t i = Lc[ip[2]];
        if (i >= n) break;                          /* (the last square: no choice was left) */
        bud -= 1;                                   /* the choice resumed */
        long st = 0;
        if (i >= 0) {
            int64_t k = skip_choose(p, ip, li, pl, mover, Lc, i, n, &st);
            if (k >= n) st--;                       /* (no last CHOOSELIST: its FAIL) */
            i = k;
        }
        if ((bud -= st) < 0) return 0;
        if (i < 0 || i >= n) break;                 /* the choice dropped; the branch fails */
        Lc[ip[2]] = i + 1;
        Lc[ip[3]] = li->item[pl][i];
        st = 0;
        if (skip_any_found(p, ip, Lc, pl, mover, &st) != emit || (bud -= st) < 0) return 0;
    }
    EmitCount *k = c->count;
    long w = s->free_work ? 0 : work;
    if (row_bounded(p, c, moves, moves * (long)text1, 0, w)) return 0;
    k->n += moves; k->text += moves * (long)text1;
    *r = (RowCharge){ w, bud, ch };
    return 1;
}

/* What count_drop_row reads of a CHOOSEDROPS's code (superinstr.c, drops_follow), read once
 * and kept in the scratch while the rows are of the same instruction: the walk's exit, the
 * place, its operands (a local's index or a constant; MOVER) and its notes */
typedef struct DropShape {
    const Game *g;
    const int32_t *ip, *exit, *place;
    int64_t v[3];
    int from_local[3], is_mover[3], ok;
    PlaceNotes pn;
    /* drop_row_sets: the place is at the walk's end t, its type and owner and the notes' other
     * locals the same for the whole row; t_notes and s_notes the notes of the names of t's
     * square and of the element's; the walks' sets by direction (two: one a player where the
     * players see n differently) */
    int by_sets, t_notes, s_notes;
    WalkRays rays[2];
} DropShape;

/* Whether a local's value is the same for every element of a row of drops at ip: not the
 * choice's cursor, its square, nor the walk's t */
static int row_constant(const int32_t *ip, int local)
{
    return local != ip[2] && local != ip[3] && local != ip[8];
}

/* drop_row_sets's conditions on the code (drop_shape) */
static int drop_by_sets(const Game *g, const int32_t *ip, const DropShape *sh)
{
    const int32_t *walk = ip + 9;
    if (opcode_info[walk[9]].base != OP_EMPTY || opcode_info[walk[14]].base != OP_PUSHDIR ||
        g->stack != 1 || !sh->from_local[2] || sh->v[2] != ip[8])
        return 0;
    for (int k = 0; k < 2; k++)
        if (sh->from_local[k] && !row_constant(ip, (int)sh->v[k])) return 0;
    for (int k = 0; k < sh->pn.n; k++)      /* (the names of t and s; a constant's) */
        if (sh->pn.loc[k] == ip[8] || sh->pn.loc[k] == ip[3] ? sh->pn.kind[k] != 1
                                                             : !row_constant(ip, sh->pn.loc[k]))
            return 0;
    return 1;
}

/* The walks' sets along direction d (walk_rays_build), built the first time they are asked */
static const WalkRays *drop_rays(DropShape *sh, const Game *g, int d)
{
    for (int k = 0; k < 2; k++) {
        WalkRays *r = &sh->rays[k];
        if (r->d == d) return r->rising ? r : NULL;
        if (r->d < 0) {
            walk_rays_build(g, d, r);
            return r->rising ? r : NULL;
        }
    }
    return NULL;
}

static DropShape *drop_shape(Pos *p, const int32_t *ip)
{
    struct VmScratch *s = p->vm;
    const Game *g = p->g;
    if (!s->drop) {
        s->drop = calloc(1, sizeof *s->drop);
        if (!s->drop) out_of_memory("the interpreter's scratch");
    }
    DropShape *sh = s->drop;
    if (sh->ip != ip || sh->g != g) {
        sh->g = g; sh->ip = ip;
        sh->exit = g->code + ip[9 + 6];
        const int32_t *q = sh->exit + 8;
        for (int k = 0; k < 3; k++, q += 1 + opcode_info[*q].nops) {
            const int op = opcode_info[*q].base;
            sh->from_local[k] = op == OP_LOAD;
            sh->is_mover[k] = op == OP_MOVER;
            sh->v[k] = op == OP_MOVER ? 0 : q[1];
        }
        sh->place = q;
        sh->ok = place_notes(g, q, &sh->pn);
        sh->by_sets = sh->ok && drop_by_sets(g, ip, sh);
        sh->t_notes = sh->s_notes = 0;
        for (int k = 0; k < sh->pn.n; k++) {
            sh->t_notes += sh->pn.loc[k] == ip[8];
            sh->s_notes += sh->pn.loc[k] == ip[3];
        }
        sh->rays[0].d = sh->rays[1].d = -1;
    }
    return sh->ok ? sh : NULL;
}

/* The moves of a row of drops listed (count_drop_row, where they are not only counted): each
 * made as the code makes it (the place, its notes, EMIT; the place a poke where nothing but the
 * emit reads it) and undone, in the copy of the locals Lc; v and from_local the place's
 * operands. Returns the EMITs' work. (The place cannot
 * fail: place_measure has made fx_place's tests.) */
static long list_drops(Pos *p, RunCtx *c, const int32_t *ip, int64_t *Lc, const int64_t v[3],
                       const int from_local[3], const int32_t *place, const PlaceNotes *pn,
                       int n, const int32_t *elem, const int32_t *to, int trail_base,
                       int note_base, int qual_base)
{
    const Game *g = p->g;
    struct VmScratch *s = p->vm;
    const List *li = &g->lists[ip[1]];
    const int pl = PLOK(c->mover) ? c->mover : 0;
    const int64_t notes0 = Lc[3];
    /* the place only on the trail, where the emit reads nothing else of the position (no hash
     * kept at the emit: Game.hash_at_emit; no merge and nothing deferred: place_plain_here) */
    const int poke = !g->hash_at_emit && g->stack == 1;
    long work = 0;
    for (int j = 0; j < n; j++) {
        Lc[ip[2]] = elem[j] + 1;
        Lc[ip[3]] = li->item[pl][elem[j]];
        Lc[ip[8]] = to[j];
        int64_t a[3];
        for (int k = 0; k < 3; k++) a[k] = from_local[k] ? Lc[v[k]] : v[k];
        if (poke) pos_poke(p, (int)a[2], PW_MAKE(a[0], a[1]));
        else (void)fx_place(p, a, g->line[place - g->code]);
        for (const int32_t *q = place + 1; q != pn->emit; q += 4) {   /* LOAD x or PUSH k; NOTE */
            char num[24];
            size_t len;
            const char *t = note_piece(g, q[3], opcode_info[*q].base == OP_LOAD ? Lc[q[1]] : q[1],
                                       num, &len);
            add_text(p, &s->nb, &s->nnb, &s->capnb, &Lc[3], note_base, t, len,
                     g->line[q + 2 - g->code]);
        }
        work += emit_any(p, c, MK_STAY, pn->emit[2], Lc, trail_base, note_base, qual_base,
                         g->line[pn->emit - g->code]);
        if (poke) pos_unpoke(p);
        else pos_undo_to(p, trail_base);
        Lc[3] = notes0;
    }
    return work;
}

#define DROP_ROW_MAX 64
/* A row of drops measured (count_drop_row): its moves, their notes' characters, state changes
 * and work, the step budget and chunk after the last, and each move's element and square */
typedef struct {
    long moves, text, ops, work, bud, ch;
    int32_t elem[DROP_ROW_MAX], to[DROP_ROW_MAX];
} DropRow;

/* count_drop_row's measure of the row where the walks over the cells are answered from sets
 * (walk_rays: the squares by owner that the writes keep, Pos.owned) and the place and notes are
 * of the row shape drop_by_sets asks: each element what the code would charge and count, as
 * count_drop_row reckons them, without a copy of the locals or a look at a cell other than the
 * one the disc lands on. 1: *row measured; 0: the row is left to the code; -1: the sets do not
 * answer (count_drop_row measures it its own way). */
static int drop_row_sets(Pos *p, RunCtx *c, const int32_t *ip, DropShape *sh, const int64_t *L,
                         int note_base, int qual_base, long budget, long chunk,
                         long first_chunk, DropRow *row)
{
    const Game *g = p->g;
    const int mover = c->mover, pl = PLOK(mover) ? mover : 0;
    if (!sh->by_sets || !nearset_usable(p, mover)) return -1;
    const WalkRays *ray = drop_rays(sh, g, g->dir_map[pl][ip[9 + 15]]);
    if (!ray) return -1;
    int64_t v[2];                                   /* the place's type and owner */
    for (int k = 0; k < 2; k++)
        v[k] = sh->is_mover[k] ? mover : sh->from_local[k] ? L[sh->v[k]] : sh->v[k];
    if (!FX_TYOK(g, v[0]) || !(FX_PLOK(g, v[1]) || v[1] == -1)) return -1;
    const int32_t piece = PW_MAKE(v[0], v[1]);
    const PlaceNotes *pn = &sh->pn;
    int64_t tl0 = L[3] - note_base + pn->fixed;    /* the notes' characters but t's and s's */
    for (int k = 0; k < pn->n; k++) {
        const int64_t a = L[pn->loc[k]];
        if (pn->loc[k] != ip[8] && pn->loc[k] != ip[3])
            tl0 += pn->kind[k] == 1 && FX_SQOK(g, a) ? g->sq_name_len[a]
                                                     : (int64_t)note_length(g, pn->kind[k], a);
    }
    const int on = opcode_info[ip[9 + 10]].base == OP_JZ;
    const uint64_t stop = on ? ~p->owned[0] : p->owned[0];   /* (walk_cells's test fails) */
    const List *li = &g->lists[ip[1]];
    const int64_t n = li->n[pl];
    const int32_t *item = li->item[pl];
    const int32_t *cell = p->st;
    const uint8_t *name_len = g->sq_name_len;
    const uint32_t ql = (uint32_t)(L[5] - qual_base);
    const long per_move = 3 + 1 + pn->ins, after = pn->after;
    const int t_notes = sh->t_notes, s_notes = sh->s_notes;
    long moves = 0, text = 0, ops = 0, work = 0, bud = budget, ch = chunk;
    for (int64_t i = L[ip[2]];; i++) {
        if (i < 0 || i >= n) return 0;              /* (the code's own way: the choice fails) */
        const int64_t sq = item[i];
        if (!FX_SQOK(g, sq)) return -1;
        int64_t u;
        long st = 0;
        if (!walk_rays(ray, stop, sq, &u, &st)) return -1;
        bud -= 2 + st + 4;                              /* the copy, the walk, the require */
        if (u == -1) bud -= 1;                          /* FAIL */
        else {
            const int64_t tl = tl0 + t_notes * (int64_t)name_len[u] +
                               s_notes * (int64_t)name_len[sq];
            if (moves == DROP_ROW_MAX || tl > MAX_MOVE_TEXT) return 0;
            bud -= per_move;                            /* the operands, PLACEEMIT, notes, EMIT */
            if (bud < 0) return 0;
            work += ch - bud + EMIT_STEPS + 1 + tl + ql;
            bud = ch = first_chunk;
            bud -= after;                               /* the JMPs and RET */
            row->elem[moves] = (int32_t)i; row->to[moves] = (int32_t)u;
            moves++; text += tl + ql; ops += cell[u] != piece;
        }
        if (bud < 0) return 0;
        if (i + 1 >= n) break;                          /* (no choice was left for the next) */
        bud -= 1;                                       /* the choice resumed */
    }
    row->moves = moves; row->text = text; row->ops = ops; row->work = work;
    row->bud = bud; row->ch = ch;
    return 1;
}

/* A row of drops at the ends of walks (vm_loop.h): CHOOSEDROPS at ip (superinstr.c,
 * drops_follow), entered or resumed in a RUN_GEN run. The moves of this element and of every
 * one after it are counted, or listed, at once, no choice pushed, in a copy of the locals: for
 * each, what the VM would charge as it runs the branch (the choice's dispatch; LOAD s, STORE t;
 * the walk, skip_walk's steps; LOAD, PUSH, NE, JNZ, and FAIL where the walk left the board; the
 * place's three operands and its dispatch; its notes, EMIT, CHARGE, the JMPs and RET), and the
 * move as count_placed counts it, or as the code would list it (list_drops). The row is measured
 * first, and taken only where no checkpoint and no bound falls inside it (the moves, the notes,
 * the state changes, the position's work, the command's watch, the trail): 0, nothing done, and
 * the VM runs the elements one at a time. Also 0 where the branch has written, a walk is not
 * over in one go, a place would not be made, or there is no move. */
static __attribute__((noinline)) int count_drop_row(Pos *p, RunCtx *c, const int32_t *ip,
                                                    const int64_t *L, int nloc, int trail_base,
                                                    int note_base, int qual_base, long budget,
                                                    long chunk, long first_chunk, RowCharge *r)
{
    const Game *g = p->g;
    const int mover = c->mover, pl = PLOK(mover) ? mover : 0;
    const int counted = c->count && c->count->on;
    if (!place_plain_here(p, c, L, trail_base)) return 0;
    DropShape *sh = drop_shape(p, ip);
    if (!sh) return 0;
    const List *li = &g->lists[ip[1]];
    const int64_t n = li->n[pl];
    const int32_t *place = sh->place;
    const PlaceNotes pn = sh->pn;
    int64_t v[3];                       /* the place's operands: a local's index, or the value */
    const int *from_local = sh->from_local;
    for (int k = 0; k < 3; k++) v[k] = sh->is_mover[k] ? mover : sh->v[k];
    int64_t Lc[MAX_LOCALS];
    DropRow row;
    const int by_sets = drop_row_sets(p, c, ip, sh, L, note_base, qual_base, budget, chunk,
                                      first_chunk, &row);
    if (!by_sets) return 0;
    if (by_sets < 0) {
        const int islot = ip[2], sslot = ip[3], t = ip[8];
        const int32_t *walk = ip + 9, *exit = sh->exit;
        /* the walk over empty cells or stones along a constant direction, here (else
         * skip_walk) */
        const int64_t d = opcode_info[walk[14]].base == OP_PUSHDIR ? g->dir_map[pl][walk[15]] : -1;
        const int cells = opcode_info[walk[9]].base == OP_EMPTY && g->stack == 1 &&
                          (uint64_t)d < (uint64_t)g->ndirs;
        const int on = opcode_info[walk[10]].base == OP_JZ;
        const int16_t *nb = cells ? g->neighbor + d : NULL;
        memcpy(Lc, L, sizeof *L * (size_t)nloc);
        const uint32_t ql = (uint32_t)(L[5] - qual_base);
        long moves = 0, text = 0, ops = 0, work = 0, bud = budget, ch = chunk;
        for (int64_t i = Lc[islot];; i++) {
            if (i < 0 || i >= n) return 0;              /* (the code's own way: the choice fails) */
            Lc[islot] = i + 1;
            Lc[sslot] = li->item[pl][i];
            Lc[t] = Lc[sslot];                          /* LOAD s; STORE t */
            long st = 0;
            if (cells ? !walk_cells(p->st, nb, g->ndirs, (uint64_t)g->nsq, on, &Lc[t], &st)
                      : skip_walk(p, walk, Lc, pl, mover, &st) != exit)
                return 0;
            bud -= 2 + st + 4;                          /* the copy, the walk, the require */
            if (Lc[t] == -1) bud -= 1;                  /* FAIL */
            else {
                PlacedMove m;
                if (moves == DROP_ROW_MAX ||
                    !place_measure(p, &pn, from_local[0] ? Lc[v[0]] : v[0],
                                   from_local[1] ? Lc[v[1]] : v[1],
                                   from_local[2] ? Lc[v[2]] : v[2], Lc, note_base, &m))
                    return 0;
                bud -= 3 + 1 + pn.ins;                  /* the operands, PLACEEMIT, notes, EMIT */
                if (bud < 0) return 0;
                work += ch - bud + EMIT_STEPS + 1 + m.tl + ql;
                bud = ch = first_chunk;
                bud -= pn.after;                        /* the JMPs and RET */
                row.elem[moves] = (int32_t)i; row.to[moves] = (int32_t)Lc[t];
                moves++; text += m.tl + ql; ops += m.kept;
            }
            if (bud < 0) return 0;
            if (i + 1 >= n) break;                      /* (no choice was left for the next) */
            bud -= 1;                                   /* the choice resumed */
        }
        row.moves = moves; row.text = text; row.ops = ops; row.work = work;
        row.bud = bud; row.ch = ch;
    }
    struct VmScratch *s = p->vm;
    long w = s->free_work ? 0 : row.work;
    if (!row.moves || row_bounded(p, c, row.moves, row.text, row.ops, w)) return 0;
    if (counted) {
        EmitCount *k = c->count;
        k->n += row.moves; k->text += row.text; k->ops += row.ops;
    } else {
        if (p->ntrail + 1 - s->trail0 > MAX_GEN_TRAIL) return 0;
        memcpy(Lc, L, sizeof *L * (size_t)nloc);
        long listed = list_drops(p, c, ip, Lc, v, from_local, place, &pn, (int)row.moves,
                                 row.elem, row.to, trail_base, note_base, qual_base);
        /* (the EMITs' work as emit_move counts it, for the one measured) */
        if (!s->free_work) w += listed - (EMIT_STEPS * row.moves + row.moves + row.text);
    }
    *r = (RowCharge){ w, row.bud, row.ch };
    return 1;
}

/* A move emitted by a RUN_GEN run (and the `moves-of` runs inside it, into the same list):
 * recorded, unless a resumed run has it already (vm_run_resume: then the work counted before
 * starts again after the last such move); and the run stops after it if the generation asked
 * to (MoveList.stop_emits: gen_first_legal tests the moves so far). */
#define GEN_EMIT(kind, suffix, LL) do {                                                       \
        MoveList *out_ = c->out;                                                               \
        if (__builtin_expect(!out_->emit_watch, 1))                                            \
            CHARGE(emit_any(p, c, (kind), (suffix), (LL), trail_base, note_base, qual_base, LINE)); \
        else {                                                                                 \
            if (out_->skip_emits > 0) {                                                        \
                CHARGE(0);                                                                     \
                if (--out_->skip_emits == 0) s->free_work = out_->skip_free0;                 \
            } else                                                                             \
                CHARGE(emit_any(p, c, (kind), (suffix), (LL), trail_base, note_base, qual_base, LINE)); \
            if (++out_->unit_emits == out_->stop_emits) { out_->stopped = 1; goto done; }      \
        }                                                                                      \
    } while (0)

/* The instructions that a failure resumes with their choice kept (vm_loop.h, fail:): a table,
 * as six comparisons cost some 10 instructions a failure (Four Towers fails 2.4 million times
 * in `perft 3`). */
static const unsigned char resumes_kept[OPCODE_COUNT] = {
    [OP_CHOOSELIST] = 1, [OP_CHOOSEBIT] = 1, [OP_CHOOSEGO] = 1, [OP_CHOOSEANY] = 1,
    [OP_CHOOSETEST] = 1, [OP_CHOOSEDROPS] = 1,
};

#define RUN_LOOP_NAME run_plain
#define RUN_LOOP_PROFILING 0
#include "vm_loop.h"
#undef RUN_LOOP_NAME
#undef RUN_LOOP_PROFILING
#define RUN_LOOP_NAME run_profiled
#define RUN_LOOP_PROFILING 1
#include "vm_loop.h"
#undef RUN_LOOP_NAME
#undef RUN_LOOP_PROFILING

/* A RUN_GEN run of a program with a guard: not made where the guard says that it would do
 * nothing (guards.h, step 36); the tests made count as work. (Not inside `moves-of`, which
 * starts from the outer run's registers, nor where the attack memo logs what the run reads.)
 * Out of line, so that vm_run stays a jump to the loop for every other run. */
static __attribute__((noinline)) void run_guarded(Pos *p, RunCtx *c, const ProgramGuard *pg)
{
    if (!c->outer_L && !c->reads) {
        long made = 0;
        int pass = guard_passes(p, pg, c->mover, c->origin, &made);
        vm_charge(p, made);
        if (!pass) { c->found = 0; c->failed = 0; return; }
    }
    if (p->profile) run_profiled(p, c);
    else run_plain(p, c);
}

void vm_run(Pos *p, RunCtx *c)
{
    const ProgramGuard *pg;
    /* (guard is NULL in a game where no program has one) */
    if (p->g->guard && c->mode == RUN_GEN && (pg = p->g->guard[c->fn])) run_guarded(p, c, pg);
    else if (p->profile) run_profiled(p, c);
    else run_plain(p, c);
}

void vm_run_hook(Pos *p, int hook, int mover)
{
    RunCtx c;
    runctx_clear(&c);
    c.mode = RUN_HOOK; c.fn = p->g->hook_fn[hook]; c.mover = mover; c.origin = -1; c.nlegal = -1;
    c.target = -1;
    vm_run(p, &c);
}

/* A hook that captures runs itself again, each time one C stack frame deeper: the nesting is
 * bounded (its own step budget does not see the levels below it), named by the hook's line. */
void vm_run_capture_hook(Pos *p, int mover, int32_t victim)
{
    struct VmScratch *s = scratch(p);
    const Game *g = p->g;
    if (s->capture_nest >= MAX_CAPTURE_NEST)
        pos_runtime_error(p, g->line[g->fns[g->hook_fn[HOOK_CAPTURE]].entry],
                          "`on capture` runs nested more than %d deep (a capture hook that captures?)",
                          MAX_CAPTURE_NEST);
    RunCtx c;
    runctx_clear(&c);
    c.mode = RUN_HOOK; c.fn = g->hook_fn[HOOK_CAPTURE]; c.mover = mover; c.origin = -1;
    c.victim = victim; c.nlegal = -1; c.target = -1;
    s->capture_nest++;
    vm_run(p, &c);
    s->capture_nest--;
}

/* `no-moves` in `legal`: the move is made, so the side to move is the one that answers it. Does
 * it have a move the `legal` block accepts? Its moves go to a list of their own per nesting level
 * (a `legal` block asking this of a reply asks it again one level down; p->depth_guard bounds
 * that), and the first legal one ends the search. */
static int side_to_move_has_a_move(Pos *p, int line)
{
    struct VmScratch *s = scratch(p);
    if (s->reply_nest >= MAX_REPLY_NEST)
        pos_runtime_error(p, line, "`no-moves` in `legal` nested more than %d deep "
                          "(a rule that calls itself?)", MAX_REPLY_NEST);
    if (s->nreply <= s->reply_nest) {
        int n = s->reply_nest + 1;
        s->reply = realloc(s->reply, sizeof *s->reply * (size_t)n);
        if (!s->reply) out_of_memory("the reply lists");
        for (int i = s->nreply; i < n; i++) {
            s->reply[i] = calloc(1, sizeof **s->reply);
            if (!s->reply[i]) out_of_memory("a reply list");
        }
        s->nreply = n;
    }
    MoveList *ml = s->reply[s->reply_nest++];
    movelist_clear(ml);
    /* gen_pseudo starts the bounds of a new position (vm_start_position); the replies belong
     * to this one: their work counts toward its bound, and the nesting counts stay. */
    long work0 = s->work0; int trail0 = s->trail0, guard = p->depth_guard, free0 = s->free_work;
    int found = p->g->host->first_legal(p, ml);
    s->work0 = work0; s->trail0 = trail0; p->depth_guard = guard; s->free_work = free0;
    s->reply_nest--;
    return found;
}

/* `no-moves` in an `end` run before the node's moves were generated (vm_run_end_first_legal):
 * generation starts the bounds of a new position, and this is the same one. */
static int end_has_a_move(Pos *p, MoveList *into)
{
    struct VmScratch *s = scratch(p);
    long work0 = s->work0; int trail0 = s->trail0, guard = p->depth_guard, free0 = s->free_work;
    int found = p->g->host->first_legal(p, into);
    s->work0 = work0; s->trail0 = trail0; p->depth_guard = guard; s->free_work = free0;
    return found;
}

void vm_run_resume(Pos *p, RunCtx *c, int skip)
{
    struct VmScratch *s = scratch(p);
    MoveList *ml = c->out;
    /* the run again numbers its `distinct { }` blocks as it did: the moves it emits after the
     * skipped ones are merged with those by that number */
    if (skip == 0) ml->unit_groups0 = s->groups;
    else s->groups = ml->unit_groups0;
    ml->skip_emits = skip;
    ml->skip_free0 = s->free_work;
    if (skip > 0) s->free_work = 1;
    vm_run(p, c);
    s->free_work = ml->skip_free0;
    ml->skip_emits = 0;
}

int vm_run_legal(Pos *p, int mover)
{
    if (p->g->hook_fn[HOOK_LEGAL] < 0) return 1;
    RunCtx c;
    runctx_clear(&c);
    c.mode = RUN_HOOK; c.fn = p->g->hook_fn[HOOK_LEGAL]; c.mover = mover; c.origin = -1;
    c.nlegal = -3; c.target = -1;          /* -3: `no-moves` asks side_to_move_has_a_move() */
    int mark = pos_mark(p);
    vm_run(p, &c);
    pos_undo_to(p, mark);          /* a legality test changes nothing */
    return !c.failed;
}

/* The pretest reads nothing but the move's fields and the mover (pretest.c keeps every
 * instruction that reads the position out of it), so its answer for those values holds in any
 * position: a direct-mapped table of answers saves entering the VM for moves met before. */
#define PRETEST_MEMO_SIZE 4096
typedef struct { int16_t from, to; int8_t mover, answer; int32_t piece, captured; } PretestEntry;
struct PretestMemo { PretestEntry e[PRETEST_MEMO_SIZE]; };

int vm_run_legal_pretest(Pos *p, int mover, const Move *m)
{
    const Game *g = p->g;
    /* the move's fields as pos_make_parts sets them */
    int16_t mfrom = m->from, mto = m->to;
    int32_t mpiece = m->kind == MK_DROP ? PW_MAKE(m->become, mover) : m->piece;
    int32_t mcaptured = m->kind == MK_MOVE && m->to != m->from ? p->st[m->to * g->stack] : 0;
    if (!mcaptured) mcaptured = m->taken;     /* a piece its program took, as pos_make_parts */
    if (!p->pretest_memo) p->pretest_memo = calloc(1, sizeof *p->pretest_memo);  /* (NULL: no memo) */
    PretestEntry *pe = NULL;
    if (p->pretest_memo) {
        uint64_t h = ((uint64_t)(uint16_t)mfrom << 48) ^ ((uint64_t)(uint16_t)mto << 32) ^
                     (uint64_t)(uint32_t)mpiece * 0x9e3779b97f4a7c15ull ^ (uint64_t)(uint32_t)mcaptured * 0xc2b2ae3d27d4eb4full ^
                     (uint64_t)mover;
        h ^= h >> 29; h *= 0xbf58476d1ce4e5b9ull; h ^= h >> 32;
        pe = &p->pretest_memo->e[h & (PRETEST_MEMO_SIZE - 1)];
        /* answer 0 marks an empty slot: answers are stored plus 2 (1 bails, 2 rejects, 3 accepts) */
        if (pe->answer && pe->from == mfrom && pe->to == mto && pe->mover == mover &&
            pe->piece == mpiece && pe->captured == mcaptured)
            return pe->answer - 2;
    }
    int16_t from = p->last_from, to = p->last_to;
    int32_t piece = p->last_piece, captured = p->last_captured;
    p->last_from = mfrom; p->last_to = mto; p->last_piece = mpiece; p->last_captured = mcaptured;
    RunCtx c;
    runctx_clear(&c);
    c.mode = RUN_HOOK; c.fn = g->legal_pretest_fn; c.mover = mover; c.origin = -1;
    c.nlegal = -3; c.target = -1;
    int mark = pos_mark(p);
    vm_run(p, &c);
    pos_undo_to(p, mark);
    p->last_from = from; p->last_to = to; p->last_piece = piece; p->last_captured = captured;
    int answer = c.bailed ? -1 : !c.failed;
    if (pe) {
        pe->from = mfrom; pe->to = mto; pe->mover = (int8_t)mover;
        pe->piece = mpiece; pe->captured = mcaptured; pe->answer = (int8_t)(answer + 2);
    }
    return answer;
}

/* The end block with `no-moves` answered as `nlegal_mode` says (-2, -4: RunCtx.nlegal). */
static int run_end_asking(Pos *p, MoveList *ml, int nlegal_mode)
{
    p->result = 0; p->result_reason = 0; p->result_player = -1;
    if (p->g->hook_fn[HOOK_END] < 0 || pos_chance_turn(p)) return -1;
    RunCtx c;
    runctx_clear(&c);
    c.mode = RUN_HOOK; c.fn = p->g->hook_fn[HOOK_END]; c.mover = pos_turn(p); c.origin = -1;
    c.nlegal = nlegal_mode; c.pseudo = ml; c.target = -1;
    int mark = pos_mark(p);
    vm_run(p, &c);
    pos_undo_to(p, mark);
    return c.nlegal < 0 ? -1 : c.nlegal;
}

int vm_run_end_first_legal(Pos *p, MoveList *scratch)
{
    vm_start_position(p);                /* this node's work starts here, not at its moves */
    return run_end_asking(p, scratch, -4);
}

int vm_run_end_lazy(Pos *p, MoveList *ml) { return run_end_asking(p, ml, -2); }

/* A chance player's turn ends no game: the throw is made, and the end block judges the
 * position of the player who moves next (docs/language.md, "Chance players"). A throw with no
 * outcome is an error of the rules. */
void vm_run_end(Pos *p, int nlegal)
{
    p->result = 0; p->result_reason = 0; p->result_player = -1;
    if (pos_chance_turn(p)) {
        if (nlegal == 0)
            pos_runtime_error(p, 0, "a throw of the dice with no outcome (%s's turn)",
                              p->g->player_name[pos_turn(p)]);
        return;
    }
    if (p->g->hook_fn[HOOK_END] < 0) {
        if (nlegal == 0) p->result = RESULT_LOSS;
        return;
    }
    /* an `end` none of whose ways to a result passes its first tests is not run (guards.h) */
    const ProgramGuard *pg = p->g->guard ? p->g->guard[p->g->hook_fn[HOOK_END]] : NULL;
    if (pg) {
        long made = 0;
        int pass = guard_passes(p, pg, pos_turn(p), nlegal == 0, &made);
        vm_charge(p, made);
        if (!pass) return;
    }
    RunCtx c;
    runctx_clear(&c);
    c.mode = RUN_HOOK; c.fn = p->g->hook_fn[HOOK_END]; c.mover = pos_turn(p); c.origin = -1;
    c.nlegal = nlegal; c.target = -1;
    int mark = pos_mark(p);
    vm_run(p, &c);
    pos_undo_to(p, mark);
}
