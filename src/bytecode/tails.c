/* tails.c - a move's tail, found at compile time: the code after a branch's last test that
 * cannot fail and ends in `emit`.
 *
 * At perft's last ply a move that merges with none is counted, not listed (step 32): what its
 * branch wrote and noted after its last test decides nothing but the work it is charged and
 * the list's bounds. Ataxx written with its jumps as a `moves` block makes the jump, flips the
 * stones next to it and notes the squares before each `emit stay` (`move a to b; flip(b); note
 * a, b; emit stay;`): two writes, a loop over the neighbours, two notes and their undo, some
 * 1 400 machine instructions a move counted. Such a tail is one of these, in any order but the
 * MOVEP before the loop, and nothing else, each as the compiler writes it:
 *     LOAD x; STORE y                     a copy of a local (`let y = x`, a function's argument)
 *     LOAD x; LOAD y; MOVEP               `move x to y`
 *     LOAD x; NOTE k                      `note x`
 *     PUSHDIRS D; STORE m; FORNEAR m d exit ... (the pattern of near_follows, superinstr.c,
 *         its test EMPTY/FRIEND/ENEMY replaced by FRIEND or ENEMY, the body reached on 1);
 *         LOAD t; MOVER; SETOWNER; JMP back
 *                                         `for d in D { let t = step(x, d); if t != none and
 *                                         enemy(t) { owner t = mover; } }`
 * then EMIT; RET (or a JMP to a RET). The tail must be entered at its head only: no jump from
 * outside lands inside.
 * Its head, a plain LOAD, becomes COUNTTAIL (a LOAD everywhere but at perft's last ply), and
 * what the tail reads is recorded as the locals it reads at its head (copies followed), with
 * the instructions it runs: what src/runtime/counttail.c needs to charge and count the move
 * as the run would have, from the board as it is at the head. */
#include "compiler.h"
#include "opcodes.h"
#include "tails.h"
#include "oom.h"
#include <stdlib.h>
#include <string.h>

#define MAX_COUNT_TAILS 64

static int base_at(const int32_t *code, int pc) { return opcode_info[code[pc]].base; }
static int next_pc(const int32_t *code, int pc) { return pc + 1 + opcode_info[code[pc]].nops; }

/* The locals the tail wrote so far, each with the local at the head whose value it holds (-1:
 * none known); the others hold their own */
#define TAIL_WRITES 16
typedef struct { int n, loc[TAIL_WRITES], from[TAIL_WRITES]; } Held;

/* The local at the head that local x holds here (-1: one the tail wrote, not known there) */
static int held(const Held *h, int x)
{
    if (x < 0 || x >= MAX_LOCALS) return -1;
    for (int i = h->n - 1; i >= 0; i--)
        if (h->loc[i] == x) return h->from[i];
    return x;
}

/* Local y now holds head local x (-1: unknown); 0 where the tail writes too many */
static int hold(Held *h, int y, int x)
{
    if (h->n == TAIL_WRITES) return 0;
    h->loc[h->n] = y; h->from[h->n++] = x;
    return 1;
}

/* A local the tail writes: not one of the fixed ones that EMIT reads (opcodes.h, LOC_*) */
static int writable(int y) { return y >= NFIXED_LOCALS && y < MAX_LOCALS; }

/* The loop that begins with PUSHDIRS at pc (see above): its end, or -1; t gets what it does */
static int parse_loop(const int32_t *code, int pc, int end, Held *from, CountTail *t)
{
    int q = next_pc(code, pc);
    if (q >= end || base_at(code, q) != OP_STORE) return -1;
    int m = code[q + 1];
    int f = next_pc(code, q);
    /* FORNEAR m d exit | LOAD x | LOAD d | STEPSQ | STORE t | LOAD t | PUSH -1 | NE | JZ f |
     * LOAD t | test | JZ f | LOAD t | MOVER | SETOWNER | JMP f: the words at 0, 4, 6, 8, 9, 11,
     * 13, 15, 16, 18, 20, 21, 23, 25, 26, 27; exit at 29 */
    if (f + 29 > end || code[f] != OP_FORNEAR || code[f + 1] != m) return -1;
    int d = code[f + 2], sq = code[f + 10];
    if (base_at(code, f + 4) != OP_LOAD || base_at(code, f + 20) == OP_EMPTY ||
        base_at(code, f + 21) != OP_JZ || code[f + 22] != f ||
        base_at(code, f + 23) != OP_LOAD || code[f + 24] != sq ||
        base_at(code, f + 25) != OP_MOVER || base_at(code, f + 26) != OP_SETOWNER ||
        base_at(code, f + 27) != OP_JMP || code[f + 28] != f || code[f + 3] != f + 29)
        return -1;
    int x = held(from, code[f + 5]);
    if (x < 0 || !writable(m) || !writable(d) || !writable(sq)) return -1;
    t->loop_from = x;
    t->loop_dirs = code[pc + 1];
    t->loop_test = base_at(code, f + 20);
    t->loop_body = 4;
    if (!hold(from, m, -1) || !hold(from, d, -1) || !hold(from, sq, -1)) return -1;
    t->steps += 2;                         /* PUSHDIRS, STORE (the loop's own: counttail.c) */
    return f + 29;
}

/* The tail from a plain LOAD at r to an EMIT; RET: 1 and t filled, or 0 */
static int parse_tail(const int32_t *code, int r, int end, CountTail *t)
{
    Held held_at = { 0, { 0 }, { 0 } }, *from = &held_at;
    *t = (CountTail){ .head = r, .move_from = -1, .move_to = -1, .loop_from = -1 };
    int pc = r;
    while (pc < end) {
        int op = base_at(code, pc), q = next_pc(code, pc);
        if (op == OP_EMIT) {
            /* RET, or a JMP to one (the end of an `either` branch): the branch fails next, and
             * what the tail wrote to its locals is never read */
            if (q >= end || !(base_at(code, q) == OP_RET || (base_at(code, q) == OP_JMP &&
                              code[q + 1] < end && base_at(code, code[q + 1]) == OP_RET)))
                return 0;
            t->emit = pc; t->ret = q; t->steps += 1;
            t->after = base_at(code, q) == OP_RET ? 1 : 2;
            return t->move_from >= 0 || t->loop_from >= 0 || t->nnotes > 0;
        }
        if (op == OP_PUSHDIRS) {
            if (t->loop_from >= 0 || (pc = parse_loop(code, pc, end, from, t)) < 0) return 0;
            continue;
        }
        if (op != OP_LOAD || q >= end) return 0;
        int x = held(from, code[pc + 1]), op2 = base_at(code, q), q2 = next_pc(code, q);
        if (x < 0) return 0;
        if (op2 == OP_STORE && writable(code[q + 1])) {
            if (!hold(from, code[q + 1], x)) return 0;
            t->steps += 2;
        } else if (op2 == OP_NOTE && code[q] == OP_NOTE && t->nnotes < TAIL_NOTES) {
            t->note_local[t->nnotes] = x; t->note_kind[t->nnotes++] = code[q + 1];
            t->steps += 2;
        } else if (op2 == OP_LOAD && q2 < end && base_at(code, q2) == OP_MOVEP &&
                   t->move_from < 0 && t->loop_from < 0 && held(from, code[q + 1]) >= 0) {
            t->move_from = x; t->move_to = held(from, code[q + 1]);
            t->steps += 3;
            q = q2;
        } else return 0;
        pc = next_pc(code, q);
    }
    return 0;
}

/* The function's jumps by target, and its CHOOSENEARs: read once a function, not once a tail
 * (Four Towers' turn program has tens of thousands of instructions and many tails) */
typedef struct { int target, source; } Jump;
typedef struct { Jump *jumps; int njumps; int *nears; int nnears; } FnJumps;

static int by_target(const void *a, const void *b)
{
    const Jump *x = a, *y = b;
    return (x->target > y->target) - (x->target < y->target);
}

static void read_jumps(const int32_t *code, const CodeFunction *f, FnJumps *fj)
{
    int n = 0;
    for (int pc = f->entry; pc < f->end; pc = next_pc(code, pc)) n++;
    fj->jumps = xmalloc(sizeof *fj->jumps * (size_t)(n + 1), "a function's jumps");
    fj->nears = xmalloc(sizeof *fj->nears * (size_t)(n + 1), "a function's jumps");
    fj->njumps = fj->nnears = 0;
    for (int pc = f->entry; pc < f->end; pc = next_pc(code, pc)) {
        int j = opcode_info[code[pc]].jump;
        if (j) fj->jumps[fj->njumps++] = (Jump){ code[pc + j], pc };
        if (code[pc] == OP_CHOOSENEAR) fj->nears[fj->nnears++] = pc;
    }
    qsort(fj->jumps, (size_t)fj->njumps, sizeof *fj->jumps, by_target);
}

/* Whether an instruction of the function outside the tail jumps into it past its head */
static int entered_inside(const FnJumps *fj, const CountTail *t)
{
    int lo = 0, hi = fj->njumps;                  /* the first jump to a target past the head */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (fj->jumps[mid].target <= t->head) lo = mid + 1; else hi = mid;
    }
    for (int i = lo; i < fj->njumps && fj->jumps[i].target <= t->ret; i++)
        if (fj->jumps[i].source < t->head || fj->jumps[i].source > t->ret) return 1;
    return 0;
}

/* The CHOOSENEAR of the function whose directions that pass go on at the tail's head: its
 * pattern (near_follows, superinstr.c) from LOAD x, its test's jump (word 21) going on at the
 * head and failing the other way. -1: none. */
static int near_before(const int32_t *code, const CodeFunction *f, const FnJumps *fj,
                       const CountTail *t)
{
    for (int i = 0; i < fj->nnears; i++) {
        int pc = fj->nears[i];
        if (pc + 24 > f->end || base_at(code, pc + 4) != OP_LOAD) continue;
        int j = pc + 21, target = code[j + 1];
        int on = base_at(code, target) == OP_FAIL ? j + 2 : target;
        int other = on == target ? j + 2 : target;
        if (on == t->head && base_at(code, other) == OP_FAIL) return pc;
    }
    return -1;
}

const CountTail *count_tail_after(const Game *g, int pc)
{
    for (int i = 0; i < g->ncount_tails; i++)
        if (g->count_tails[i].near == pc) return &g->count_tails[i];
    return NULL;
}

void find_count_tails(Game *g, int fn)
{
    const CodeFunction *f = &g->fns[fn];
    int32_t *code = g->code;
    if (f->kind != FN_MOVES && f->kind != FN_DROPS) return;
    FnJumps fj = { NULL, 0, NULL, 0 };
    for (int pc = f->entry; pc < f->end; pc = next_pc(code, pc)) {
        CountTail t;
        if (code[pc] != OP_LOAD || !parse_tail(code, pc, f->end, &t)) continue;
        if (!fj.jumps) read_jumps(code, f, &fj);
        if (entered_inside(&fj, &t)) continue;
        if (!g->count_tails)
            g->count_tails = arena_alloc(&g->arena, sizeof *g->count_tails * MAX_COUNT_TAILS);
        if (g->ncount_tails == MAX_COUNT_TAILS) break;
        t.name_len = game_name_lengths(g);
        t.near = near_before(code, f, &fj, &t);
        g->count_tails[g->ncount_tails++] = t;
        code[pc] = OP_COUNTTAIL;
        pc = t.emit;                                  /* (a tail inside this one: no better) */
    }
    free(fj.jumps); free(fj.nears);
}
