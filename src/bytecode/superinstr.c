/* superinstr.c - superinstructions: a sequence of instructions that the profiles show hot,
 * rewritten as one instruction that does the same (after jump threading, jumps.c).
 *
 * Each is written over the first instruction of its sequence, and the rest of the sequence stays
 * where it was: the code keeps its length and every jump its target, and a jump into the middle
 * of a sequence runs it as written. Tables that read the code an instruction at a time read a
 * superinstruction as its first instruction (OpcodeInfo.base), whose operands it has. Each
 * charges the steps of the whole sequence, so the bounds on work and steps are unchanged.
 *
 * `for s in board { if friend(s) { ... } }` (the Ivory Tower's `after-move` and `legal` walk the
 * mover's pieces so, every legality test) compiles to
 *     L: FORLIST list i s exit; LOAD s; FRIEND; JZ L; ...
 * four instructions for every square that holds no piece of the mover. FORFRIEND is FORLIST
 * that passes over those squares itself, charging each the 4 steps the loop would have run
 * (vm_loop.h); the LOAD, FRIEND and JZ stay, and are one true test when reached.
 *
 * FORFRIENDPV goes on where the body begins with a test of a piece variable of the piece that
 * sends the loop back: `for s in board { if friend(s) { require checks[s] < 3; } }` (the Ivory
 * Tower's `legal`, run for every move tried) is FORLIST; LOAD s; FRIEND; JZ L; LOAD s; AT;
 * LOADPV v; PUSH k; LT; JNZ L; FAIL, and only a piece whose count is 3 or more stops it.
 *
 * FORENEMY is the same for `if enemy(s)` (connect-four's `end` looks for four in a row from
 * each of the other side's discs). FORRUNS is either, where the body is FORRUN's count of a
 * run along each direction of a set (runs_follow): the squares none of whose counts comes to
 * K2 are passed over too, the runs found as sets (src/runtime/runsets.c).
 *
 * FORTEST does the same for `for s in board { if height(s) > 1 { ... } }` and
 * `if v[s] > 0` (a square variable): FORLIST; LOAD s; HEIGHT or LOADSQ v; PUSH k; a comparison;
 * JZ back, six instructions for each square the test fails on (Nemoroth's stacks to sort, its
 * ichor timers, its search for an empty square).
 *
 * The others (opcodes.h, SUPERINSTRUCTIONS) fuse what the program games run most: a loop test on
 * locals (`while i < h`: LOAD LOAD LT JZ), a test of the cursor's square (`require empty`:
 * LOAD EMPTY JNZ), a step along a direction in a local, local copies and constants, `i += 1`;
 * and what hooks run most (Nemoroth's `cheb` and `dist2`: `abs(file(a) - file(b))` in one
 * instruction, a function's two arguments copied in one, comparisons and arithmetic with a
 * constant or a local as the operand). Measured in docs/runtime.md (steps 17 and 27). */
#include "compiler.h"
#include "opcodes.h"

static int base_at(const int32_t *code, int pc) { return opcode_info[code[pc]].base; }
static int next_pc(const int32_t *code, int pc) { return pc + 1 + opcode_info[code[pc]].nops; }

/* Whether superinstruction op's sequence (its row in opcodes.h) stands at pc. */
static int matches(int op, const int32_t *code, int pc, int end)
{
    const OpcodeInfo *oi = &opcode_info[op];
    if (oi->match == M_LOOP) return 0;                  /* (found below, by their own tests) */
    int q = pc, last = pc;
    for (int i = 0; i < oi->length; i++) {
        if (q >= end || base_at(code, q) != oi->seq[i]) return 0;
        last = q;
        q = next_pc(code, q);
    }
    return oi->match != M_SAME_LOCAL || code[pc + 1] == code[last + 1];
}

/* The superinstruction whose sequence stands at pc, or -1: the first in the table, which lists
 * the longest first (tests/opcode-recipe.c checks the order). starts[op]: some sequence begins
 * with op. (compile time: the code of a big rules file is long, so the first two opcodes are
 * compared before a sequence is walked) */
static int fusion_at(const uint8_t *starts, const int32_t *code, int pc, int end)
{
    int b0 = base_at(code, pc), next = next_pc(code, pc);
    if (!starts[b0] || next >= end) return -1;
    int b1 = base_at(code, next);
    for (int op = FIRST_SUPERINSTRUCTION; op < OPCODE_COUNT; op++)
        if (opcode_info[op].seq[0] == b0 && opcode_info[op].seq[1] == b1 &&
            matches(op, code, pc, end))
            return op;
    return -1;
}

static int is_comparison(int op)
{
    return op == OP_EQ || op == OP_NE || op == OP_LT || op == OP_LE || op == OP_GT || op == OP_GE;
}

/* The local FORLIST at pc takes each element into (its operand C), and whether the instruction
 * at q is a LOAD of it. */
static int loads_element(const int32_t *code, int pc, int q)
{
    return base_at(code, q) == OP_LOAD && code[q + 1] == code[pc + 3];
}

/* Whether the instruction at q is a JZ back to pc. */
static int jz_back(const int32_t *code, int q, int pc)
{
    return base_at(code, q) == OP_JZ && code[q + opcode_info[OP_JZ].jump] == pc;
}

/* After FORLIST list i s exit at pc: LOAD s; FRIEND (or ENEMY: test); JZ pc (the Ivory Tower's
 * walks over the mover's pieces, connect-four's `end` over the other side's). The code is
 * verified, so an instruction that starts before end ends there. */
static int forowner_follows(const int32_t *code, int pc, int end, int test)
{
    int q = next_pc(code, pc);                          /* LOAD s */
    if (q >= end || !loads_element(code, pc, q)) return 0;
    q = next_pc(code, q);                               /* FRIEND or ENEMY */
    if (q >= end || base_at(code, q) != test) return 0;
    q = next_pc(code, q);                               /* JZ back to the FORLIST */
    return q < end && jz_back(code, q, pc);
}

/* After FORLIST list i s exit at pc, FORFRIEND's LOAD s; FRIEND; JZ pc, then LOAD s; AT;
 * LOADPV v; PUSH k; CMP; JNZ or JZ pc: a test of a piece variable of the mover's piece that
 * sends the loop back when it holds (JNZ) or fails (JZ). The runtime reads the operands at
 * fixed offsets from the FORLIST (vm_loop.h), so the sequence is exactly this one. */
static int forfriendpv_follows(const int32_t *code, int pc, int end)
{
    if (!forowner_follows(code, pc, end, OP_FRIEND)) return 0;
    int q = next_pc(code, next_pc(code, next_pc(code, pc)));          /* the JZ back */
    q = next_pc(code, q);                                              /* LOAD s */
    if (q >= end || !loads_element(code, pc, q)) return 0;
    static const int seq[] = { OP_AT, OP_LOADPV, OP_PUSH };
    for (int i = 0; i < 3; i++) {
        q = next_pc(code, q);
        if (q >= end || base_at(code, q) != seq[i]) return 0;
    }
    q = next_pc(code, q);                                              /* the comparison */
    if (q >= end || !is_comparison(base_at(code, q))) return 0;
    q = next_pc(code, q);                                              /* JNZ or JZ back */
    if (q >= end) return 0;
    int op = base_at(code, q);
    return (op == OP_JNZ || op == OP_JZ) && code[q + opcode_info[op].jump] == pc;
}

/* After FORLIST list i s exit at pc: LOAD s; HEIGHT (or LOADSQ v); PUSH k; CMP; JZ pc, the
 * `for s in board { if height(s) > 1 { ... } }` of Nemoroth's stacks and ichor timers. */
static int fortest_follows(const int32_t *code, int pc, int end)
{
    int q = next_pc(code, pc);                          /* LOAD s */
    if (q >= end || !loads_element(code, pc, q)) return 0;
    q = next_pc(code, q);                               /* HEIGHT or LOADSQ v */
    if (q >= end || (base_at(code, q) != OP_HEIGHT && base_at(code, q) != OP_LOADSQ)) return 0;
    q = next_pc(code, q);                               /* PUSH k */
    if (q >= end || base_at(code, q) != OP_PUSH) return 0;
    q = next_pc(code, q);                               /* the comparison */
    if (q >= end || !is_comparison(base_at(code, q))) return 0;
    q = next_pc(code, q);                               /* JZ back to the FORLIST */
    return q < end && jz_back(code, q, pc);
}

/* Whether the instruction at q is op (by its base) */
static int is_at(const int32_t *code, int q, int end, int op)
{
    return q < end && base_at(code, q) == op;
}

static int is_square_test(int op) { return op == OP_EMPTY || op == OP_FRIEND || op == OP_ENEMY; }

/* Whether the conditional jump at q (JZ or JNZ) goes on one way and fails the other: its target
 * or the instruction after it is FAIL, not both. */
static int jump_or_fail(const int32_t *code, int q, int end)
{
    int op = q < end ? base_at(code, q) : -1;
    if (op != OP_JZ && op != OP_JNZ) return 0;
    int t = code[q + 1], n = next_pc(code, q);
    return is_at(code, t, end, OP_FAIL) != is_at(code, n, end, OP_FAIL);
}

/* After FORBIT m d end (or CHOOSEBIT m d k) at pc, the square one step from x along d and its
 * tests, each at a fixed place (the native skip in src/runtime/skips.c reads them so):
 *     LOAD x (or MOVEFIELD f); LOAD d; STEPSQ; STORE t;      x not m, d or t
 *     LOAD t; PUSH -1; NE; JZ J;                             t != none
 *     LOAD t; EMPTY, FRIEND or ENEMY; JZ or JNZ J2
 * FORBIT: J and J2 are pc (`if t != none and friend(t) { ... }`); CHOOSEBIT: J is FAIL and J2
 * goes on one way and fails the other (`require t != none and empty(t)`). */
static int near_follows(const int32_t *code, int pc, int end, int choose)
{
    int m = code[pc + 1], d = code[pc + 2], q = next_pc(code, pc);
    int src = q < end ? base_at(code, q) : -1;
    if (src != OP_LOAD && src != OP_MOVEFIELD) return 0;
    int x = code[q + 1];
    q = next_pc(code, q);
    if (!is_at(code, q, end, OP_LOAD) || code[q + 1] != d) return 0;
    q = next_pc(code, q);
    if (!is_at(code, q, end, OP_STEPSQ)) return 0;
    q = next_pc(code, q);
    if (!is_at(code, q, end, OP_STORE)) return 0;
    int t = code[q + 1];
    if (src == OP_LOAD && (x == m || x == d || x == t)) return 0;
    if (t == m || t == d) return 0;
    q = next_pc(code, q);
    if (!is_at(code, q, end, OP_LOAD) || code[q + 1] != t) return 0;
    q = next_pc(code, q);
    if (!is_at(code, q, end, OP_PUSH) || code[q + 1] != -1) return 0;
    q = next_pc(code, q);
    if (!is_at(code, q, end, OP_NE)) return 0;
    q = next_pc(code, q);
    if (!is_at(code, q, end, OP_JZ)) return 0;
    if (choose ? !is_at(code, code[q + 1], end, OP_FAIL) : code[q + 1] != pc) return 0;
    q = next_pc(code, q);
    if (!is_at(code, q, end, OP_LOAD) || code[q + 1] != t) return 0;
    q = next_pc(code, q);
    if (q >= end || !is_square_test(base_at(code, q))) return 0;
    q = next_pc(code, q);
    if (choose) return jump_or_fail(code, q, end);
    return (is_at(code, q, end, OP_JZ) || is_at(code, q, end, OP_JNZ)) && code[q + 1] == pc;
}

/* After CHOOSELIST l i s k at pc: LOAD s; GO; LOAD 0 (go_first), or LOAD s; then EMPTY, FRIEND
 * or ENEMY and a jump that goes on one way and fails the other (`go s; require empty;`,
 * `require friend(a);`). */
static int choose_test_follows(const int32_t *code, int pc, int end, int go_first)
{
    int s = code[pc + 3], q = next_pc(code, pc);
    if (!is_at(code, q, end, OP_LOAD) || code[q + 1] != s) return 0;
    q = next_pc(code, q);
    if (go_first) {
        if (!is_at(code, q, end, OP_GO)) return 0;
        q = next_pc(code, q);
        if (!is_at(code, q, end, OP_LOAD) || code[q + 1] != LOC_HERE) return 0;
        q = next_pc(code, q);
    }
    if (q >= end || !is_square_test(base_at(code, q))) return 0;
    return jump_or_fail(code, next_pc(code, q), end);
}

/* The instruction at q where the jump at j (JZ or JNZ, one way of which is FAIL) goes on */
static int goes_on_at(const int32_t *code, int j, int end)
{
    int t = code[j + 1];
    return is_at(code, t, end, OP_FAIL) ? next_pc(code, j) : t;
}

/* Whether the jump at j (jump_or_fail) goes on when the value tested is not 0 */
static int goes_on_true(const int32_t *code, int j, int end)
{
    int fail_at_target = is_at(code, code[j + 1], end, OP_FAIL);
    return (base_at(code, j) == OP_JNZ) != fail_at_target;
}

/* After CHOOSEGO's `go s; require TEST;` (choose_test_follows) at pc, a search of the square's
 * neighbours that the branch requires to find one (ataxx's clones: `let near = false; for d in
 * adjacent { let t = step(here, d); if t != none and friend(t) { near = true; } } require
 * near;`), each part at a fixed place from where the test goes on:
 *     PUSH 0; STORE f; PUSHDIRS m; STORE ml;
 *     FORBIT ml d exit ... (near_follows: x is `here` or s, or a local none of these write);
 *     PUSH c; STORE f; JMP back to the FORBIT         (c not 0; the body the test leads to)
 *     exit: LOAD f; a jump that goes on when f is not 0, and fails otherwise
 * A square that passes the first test but none of whose neighbours passes the second fails at
 * the require, having written nothing but locals the choice restores: skips.c passes over it. */
static int any_follows(const int32_t *code, int pc, int end)
{
    int i = code[pc + 2], s = code[pc + 3];
    int q = next_pc(code, pc);                          /* LOAD s; GO; LOAD 0; test; jump */
    for (int k = 0; k < 4; k++) q = next_pc(code, q);
    q = goes_on_at(code, q, end);
    if (!is_at(code, q, end, OP_PUSH) || code[q + 1] != 0) return 0;
    q = next_pc(code, q);
    if (!is_at(code, q, end, OP_STORE)) return 0;
    int f = code[q + 1];
    q = next_pc(code, q);
    if (!is_at(code, q, end, OP_PUSHDIRS)) return 0;
    q = next_pc(code, q);
    if (!is_at(code, q, end, OP_STORE)) return 0;
    int ml = code[q + 1];
    int lp = next_pc(code, q);
    if (!is_at(code, lp, end, OP_FORBIT) || code[lp + 1] != ml) return 0;
    if (!near_follows(code, lp, end, 0)) return 0;
    int d = code[lp + 2], x = code[lp + 5], t = code[lp + 10], exit = code[lp + 3];
    if (base_at(code, lp + 4) != OP_LOAD) return 0;     /* (not MOVEFIELD) */
    /* the locals the search writes are its own: none of them is the choice's cursor, its
     * square, `here`, or x (read for each direction) */
    int w[4] = { f, ml, d, t };
    for (int k = 0; k < 4; k++) {
        if (w[k] == i || w[k] == s || w[k] == LOC_HERE) return 0;
        for (int j = k + 1; j < 4; j++) if (w[k] == w[j]) return 0;
        if (x != LOC_HERE && x != s && x == w[k]) return 0;
    }
    if (x == i) return 0;
    q = lp + 23;                                        /* the body: f = c; back */
    if (!is_at(code, q, end, OP_PUSH) || code[q + 1] == 0) return 0;
    q = next_pc(code, q);
    if (!is_at(code, q, end, OP_STORE) || code[q + 1] != f) return 0;
    q = next_pc(code, q);
    if (!is_at(code, q, end, OP_JMP) || code[q + 1] != lp) return 0;
    q = exit;                                           /* require f */
    if (!is_at(code, q, end, OP_LOAD) || code[q + 1] != f) return 0;
    q = next_pc(code, q);
    return jump_or_fail(code, q, end) && goes_on_true(code, q, end);
}

/* Whether the instruction at q is op with operand v (its first) */
static int op_is(const int32_t *code, int q, int end, int op, int v)
{
    return is_at(code, q, end, op) && code[q + 1] == v;
}

/* After FORBIT m d end at pc, a count of the squares in a row along d from x that pass a test,
 * and a body run only where the count comes to K2 (connect-four's `end`: `let t = step(s, d);
 * let k = 1; while k < 4 and t != none and enemy(t) { k = k + 1; t = step(t, d); } if k == 4
 * { ... }`), each instruction at a fixed place from pc (skips.c, skip_run, reads them so):
 *     LOAD x; LOAD d; STEPSQ; STORE t;                   x not m, d, t or k
 *     PUSH c0; STORE k;
 *   C: LOAD k; PUSH K; LT; JZ E;   LOAD t; PUSH -1; NE; JZ E;   LOAD t; EMPTY, FRIEND or ENEMY;
 *     JZ E;   LOAD k; PUSH a; ADD; STORE k;   LOAD t; LOAD d; STEPSQ; STORE t;   JMP C;
 *   E: LOAD k; PUSH K2; EQ; JZ pc
 * A direction whose count does not come to K2 goes back to the FORBIT having written only t
 * and k, which the next direction writes again before it reads them. */
static int run_follows(const int32_t *code, int pc, int end)
{
    int m = code[pc + 1], d = code[pc + 2], q = pc + 4;
    if (!is_at(code, q, end, OP_LOAD) || !op_is(code, q + 2, end, OP_LOAD, d)) return 0;
    int x = code[q + 1];
    if (!is_at(code, q + 4, end, OP_STEPSQ) || !is_at(code, q + 5, end, OP_STORE)) return 0;
    int t = code[q + 6];
    q = pc + 11;
    if (!is_at(code, q, end, OP_PUSH) || !is_at(code, q + 2, end, OP_STORE)) return 0;
    int k = code[q + 3];
    int w[5] = { m, d, t, k, x };
    for (int a = 0; a < 5; a++)
        for (int b = a + 1; b < 5; b++) if (w[a] == w[b]) return 0;
    int c = pc + 15, e = c + 35;
    if (!op_is(code, c, end, OP_LOAD, k) || !is_at(code, c + 2, end, OP_PUSH) ||
        !is_at(code, c + 4, end, OP_LT) || !op_is(code, c + 5, end, OP_JZ, e)) return 0;
    if (!op_is(code, c + 7, end, OP_LOAD, t) || !op_is(code, c + 9, end, OP_PUSH, -1) ||
        !is_at(code, c + 11, end, OP_NE) || !op_is(code, c + 12, end, OP_JZ, e)) return 0;
    if (!op_is(code, c + 14, end, OP_LOAD, t) || c + 16 >= end ||
        !is_square_test(base_at(code, c + 16)) || !op_is(code, c + 17, end, OP_JZ, e)) return 0;
    if (!op_is(code, c + 19, end, OP_LOAD, k) || !is_at(code, c + 21, end, OP_PUSH) ||
        !is_at(code, c + 23, end, OP_ADD) || !op_is(code, c + 24, end, OP_STORE, k)) return 0;
    if (!op_is(code, c + 26, end, OP_LOAD, t) || !op_is(code, c + 28, end, OP_LOAD, d) ||
        !is_at(code, c + 30, end, OP_STEPSQ) || !op_is(code, c + 31, end, OP_STORE, t)) return 0;
    if (!op_is(code, c + 33, end, OP_JMP, c)) return 0;
    return op_is(code, e, end, OP_LOAD, k) && is_at(code, e + 2, end, OP_PUSH) &&
           is_at(code, e + 4, end, OP_EQ) && op_is(code, e + 5, end, OP_JZ, pc);
}

/* After FORLIST list i s exit at pc and its owner test (forowner_follows), a count of squares in
 * a row along each direction of a set from s, back to the FORLIST when it does not come to K2
 * (connect-four's `end`: `for s in board { if enemy(s) { for d in lines { ...run_follows... } }
 * }`), each instruction at a fixed place (runsets.c reads them so):
 *     pc+10: PUSHDIRS D; STORE m;   pc+14: FORBIT m d pc, run_follows with x = s
 * The locals the count writes (m, d, t, k) are not i or s; a square from none of whose
 * directions the count comes to K2 goes back to the FORLIST having written only locals. */
static int runs_follow(const int32_t *code, int pc, int end)
{
    int i = code[pc + 2], s = code[pc + 3], lp = pc + 14;
    if (!is_at(code, pc + 10, end, OP_PUSHDIRS) || !is_at(code, pc + 12, end, OP_STORE)) return 0;
    int m = code[pc + 13];
    if (!is_at(code, lp, end, OP_FORBIT) || code[lp + 1] != m || code[lp + 3] != pc) return 0;
    if (!run_follows(code, lp, end) || code[lp + 5] != s) return 0;
    int d = code[lp + 2], t = code[lp + 10], k = code[lp + 14];
    return i != s && i != m && i != d && i != t && i != k && s != m;
}

/* At pc, a walk along one direction while the square passes a test, as the compiler writes
 * `while t != none and friend(t) { t = step(t, d); }` (connect-four's drop climbing its column):
 *     c:    LOAD t; PUSH -1; NE; JZ e;                     t != none
 *     c+7:  LOAD t; EMPTY, FRIEND or ENEMY; JZ or JNZ e;   the test (JNZ: `not`)
 *     c+12: LOAD t; PUSHDIR D or LOAD d; STEPSQ; STORE t;  d not t: the step
 *     c+19: JMP c
 * Both tests leave to the same e, the step is from t and stored in t, and the loop comes back to
 * c; nothing else runs in it (skips.c, skip_walk, reads the words at these places). */
static int walk_follows(const int32_t *code, int pc, int end)
{
    int t = code[pc + 1], c = pc;
    if (!op_is(code, c + 2, end, OP_PUSH, -1) || !is_at(code, c + 4, end, OP_NE) ||
        !is_at(code, c + 5, end, OP_JZ)) return 0;
    int e = code[c + 6];
    if (!op_is(code, c + 7, end, OP_LOAD, t) || c + 9 >= end ||
        !is_square_test(base_at(code, c + 9))) return 0;
    if (!op_is(code, c + 10, end, OP_JZ, e) && !op_is(code, c + 10, end, OP_JNZ, e)) return 0;
    if (!op_is(code, c + 12, end, OP_LOAD, t)) return 0;
    if (!is_at(code, c + 14, end, OP_PUSHDIR) &&
        !(is_at(code, c + 14, end, OP_LOAD) && code[c + 15] != t)) return 0;
    return is_at(code, c + 16, end, OP_STEPSQ) && op_is(code, c + 17, end, OP_STORE, t) &&
           op_is(code, c + 19, end, OP_JMP, c);
}

/* At pc, PLACE and then only notes of locals or constants before an EMIT that ends the branch
 * (a top-level `moves` program's `place Disc for mover at t; note t; emit stay;`, connect-four's
 * drop):
 *     PLACE; (LOAD x or PUSH k; NOTE kind)...; EMIT kind suffix; (JMP to) RET
 * Nothing after the place reads the state before the move is emitted, and the branch ends
 * there (vm.c, count_placed, reads the words so). */
static int place_emit_follows(const int32_t *code, int pc, int end)
{
    int q = next_pc(code, pc);
    while ((is_at(code, q, end, OP_LOAD) || is_at(code, q, end, OP_PUSH)) &&
           is_at(code, q + 2, end, OP_NOTE))
        q += 4;
    if (!is_at(code, q, end, OP_EMIT)) return 0;
    q = next_pc(code, q);
    for (int jumps = 0; jumps < PLACE_EMIT_JUMPS && is_at(code, q, end, OP_JMP); jumps++)
        q = code[q + 1];
    return is_at(code, q, end, OP_RET);
}

/* At pc, CHOOSELIST l i s k whose branch drops a piece where a walk from s stops (a gravity
 * game's drop: `choose s in bottom { let t = s; while t != none and not empty(t) { t = step(t,
 * n); } require t != none; place Disc for mover at t; note t; emit stay; }`), each instruction
 * at a place vm.c's count_drop_row reads:
 *     pc+5: LOAD s; STORE t;   pc+9: the walk of t (walk_follows), leaving to e;
 *     e: LOAD t; PUSH -1; NE; JNZ e+8; FAIL;   e+8: three of PUSH k, MOVER, LOAD x; PLACEEMIT
 * The branch writes only the locals t (and the choice's i and s), and ends at the PLACEEMIT's
 * EMIT, or fails at the FAIL. */
static int drops_follow(const int32_t *code, int pc, int end)
{
    int i = code[pc + 2], s = code[pc + 3], t = code[pc + 8], w = pc + 9;
    if (!op_is(code, pc + 5, end, OP_LOAD, s) || !is_at(code, pc + 7, end, OP_STORE)) return 0;
    if (i == s || i == t || s == t || !op_is(code, w, end, OP_LOAD, t) ||
        !walk_follows(code, w, end))
        return 0;
    int e = code[w + 6];
    if (e <= w || !op_is(code, e, end, OP_LOAD, t) || !op_is(code, e + 2, end, OP_PUSH, -1) ||
        !is_at(code, e + 4, end, OP_NE) || !op_is(code, e + 5, end, OP_JNZ, e + 8) ||
        !is_at(code, e + 7, end, OP_FAIL))
        return 0;
    int q = e + 8;
    for (int k = 0; k < 3; k++) {                 /* the place's piece type, owner and square */
        if (is_at(code, q, end, OP_MOVER)) q += 1;
        else if (is_at(code, q, end, OP_PUSH) || is_at(code, q, end, OP_LOAD)) q += 2;
        else return 0;
    }
    return is_at(code, q, end, OP_PLACE) && place_emit_follows(code, q, end);
}

/* Whether the n instructions from pc are seq's, by their bases (the LOOP rows whose sequence is
 * longer than a row's six) */
static int sequence_follows(const int32_t *code, int pc, int end, const int *seq, int n)
{
    for (int k = 0; k < n; k++, pc = next_pc(code, pc))
        if (!is_at(code, pc, end, seq[k])) return 0;
    return 1;
}

/* LOAD s; LOAD k; ATTR v; BOR; LOAD t; NE; JZ j at pc (LOAD_WITH_ATTR_NE_JZ) */
static int with_attr_ne_jz_follows(const int32_t *code, int pc, int end)
{
    static const int seq[] = { OP_LOAD, OP_LOAD, OP_ATTR, OP_BOR, OP_LOAD, OP_NE, OP_JZ };
    return sequence_follows(code, pc, end, seq, 7);
}

/* LOAD s; HEIGHT; STORE h; PUSH k; STORE i; LOAD a; LOAD b; LT; JZ e at pc (LOAD_HEIGHT_LOOP,
 * step 50 of docs/runtime.md: `let h = height(t); let i = 0; while i < h`); the runtime reads
 * the operands at these places */
static int height_loop_follows(const int32_t *code, int pc, int end)
{
    static const int seq[] = { OP_LOAD, OP_HEIGHT, OP_STORE, OP_PUSH, OP_STORE, OP_LOAD, OP_LOAD,
                               OP_LT, OP_JZ };
    return sequence_follows(code, pc, end, seq, 9);
}

/* At pc, `i += k` at the end of a loop's body and the jump back to its test `i < h` (ADD_JMP_LT_JZ,
 * step 50 of docs/runtime.md: the loops over a stack's pieces):
 *     LOAD a; PUSH k; ADD; STORE a; JMP c        c: LOAD a; LOAD b; LT; JZ e
 * c in the function; the runtime reads the test's operands at these places from c. */
static int add_jmp_lt_follows(const int32_t *code, int pc, const CodeFunction *f)
{
    const int end = f->end, a = code[pc + 1];
    if (!is_at(code, pc + 2, end, OP_PUSH) || !is_at(code, pc + 4, end, OP_ADD) ||
        !op_is(code, pc + 5, end, OP_STORE, a) || !is_at(code, pc + 7, end, OP_JMP))
        return 0;
    const int c = code[pc + 8];
    return c >= f->entry && op_is(code, c, end, OP_LOAD, a) && is_at(code, c + 2, end, OP_LOAD) &&
           is_at(code, c + 4, end, OP_LT) && is_at(code, c + 5, end, OP_JZ);
}

/* A JMP whose target is a JZ or JNZ (JMP_JZ, JMP_JNZ), or -1. No superinstruction starts with
 * either, so the target keeps its opcode. */
static int jmp_test_at(const int32_t *code, int pc, const CodeFunction *f)
{
    const int t = code[pc + 1];
    if (t < f->entry || t >= f->end) return -1;
    return code[t] == OP_JZ ? OP_JMP_JZ : code[t] == OP_JNZ ? OP_JMP_JNZ : -1;
}

void fuse_superinstructions(Game *g, int fn)
{
    const CodeFunction *f = &g->fns[fn];
    int32_t *code = g->code;
    uint8_t starts[OPCODE_COUNT] = { 0 };
    for (int op = FIRST_SUPERINSTRUCTION; op < OPCODE_COUNT; op++)
        starts[opcode_info[op].seq[0]] = 1;
    for (int pc = f->entry; pc < f->end; pc = next_pc(code, pc)) {
        /* FORFRIEND and FORTEST are not fusions but loops that pass over elements themselves
         * (rows of their own in opcodes.h): their sequences have a choice of instruction and
         * tie operands to the FORLIST's */
        if (code[pc] == OP_FORLIST) {
            if (forfriendpv_follows(code, pc, f->end)) code[pc] = OP_FORFRIENDPV;
            else if (forowner_follows(code, pc, f->end, OP_FRIEND))
                code[pc] = runs_follow(code, pc, f->end) ? OP_FORRUNS : OP_FORFRIEND;
            else if (forowner_follows(code, pc, f->end, OP_ENEMY))
                code[pc] = runs_follow(code, pc, f->end) ? OP_FORRUNS : OP_FORENEMY;
            else if (fortest_follows(code, pc, f->end)) code[pc] = OP_FORTEST;
            continue;
        }
        /* the passes over directions and squares that fail at once (rows LOOP of opcodes.h) */
        if (code[pc] == OP_FORBIT || code[pc] == OP_CHOOSEBIT) {
            int choose = code[pc] == OP_CHOOSEBIT;
            if (near_follows(code, pc, f->end, choose))
                code[pc] = choose ? OP_CHOOSENEAR : OP_FORNEAR;
            else if (!choose && run_follows(code, pc, f->end)) code[pc] = OP_FORRUN;
            continue;
        }
        if (code[pc] == OP_CHOOSELIST) {
            if (choose_test_follows(code, pc, f->end, 1))
                code[pc] = any_follows(code, pc, f->end) ? OP_CHOOSEANY : OP_CHOOSEGO;
            else if (choose_test_follows(code, pc, f->end, 0)) code[pc] = OP_CHOOSETEST;
            else if (drops_follow(code, pc, f->end)) code[pc] = OP_CHOOSEDROPS;
            continue;
        }
        if (code[pc] == OP_PLACE) {
            if (place_emit_follows(code, pc, f->end)) {
                code[pc] = OP_PLACEEMIT;
                game_name_lengths(g);               /* (its notes' lengths: vm.c) */
            }
            continue;
        }
        if (code[pc] == OP_LOAD && walk_follows(code, pc, f->end)) {
            code[pc] = OP_WALK;
            continue;
        }
        if (code[pc] == OP_LOAD && height_loop_follows(code, pc, f->end)) {
            code[pc] = OP_LOAD_HEIGHT_LOOP;
            continue;
        }
        if (code[pc] == OP_LOAD && with_attr_ne_jz_follows(code, pc, f->end)) {
            code[pc] = OP_LOAD_WITH_ATTR_NE_JZ;
            continue;
        }
        if (code[pc] == OP_LOAD && add_jmp_lt_follows(code, pc, f)) {
            code[pc] = OP_ADD_JMP_LT_JZ;
            continue;
        }
        if (code[pc] == OP_JMP) {
            const int op = jmp_test_at(code, pc, f);
            if (op >= 0) code[pc] = op;
            continue;
        }
        int op = fusion_at(starts, code, pc, f->end);
        if (op >= 0) code[pc] = op;
    }
}
