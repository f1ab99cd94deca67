/* opcodes.h - the instruction set, defined once.
 *
 * An instruction is one int32 opcode word followed by its operand words (NOPS of them). The VM
 * is a stack machine over int64 values; locals live in a per-run frame (local 0 is the cursor
 * `here`, local 1 the type a moving piece becomes). X(NAME, NOPS, POP, PUSH, FLOW, EFFECT, DOC):
 *   NOPS    operand words after the opcode
 *   POP     values popped from the stack, PUSH values pushed (the verifier checks depths with
 *           these)
 *   FLOW    where control goes: the number (1-4) of the operand that is a jump target, or 0; plus
 *           F_STOP when it never goes on to the next instruction (the verifier, the jump patcher,
 *           the disassembler and jump threading read this, not lists of opcodes of their own)
 *   EFFECT  the game state it reads and writes (E_* below; effects.c sums them per program, so
 *           that the runtime knows which hooks a legality test can skip)
 *   DOC     what it does; shown by `boardvm disasm --list-opcodes` and in the man page.
 * Operands: A, B, C, D in order. "fail" = end the current branch (backtrack to the latest choice).
 */
#ifndef BOARDVM_OPCODES_H
#define BOARDVM_OPCODES_H

/* Every program's first locals hold the state of the branch that `emit` records (codegen.c
 * declares them in this order; `moves-of` hands them on to the program it runs). */
enum {
    LOC_HERE, LOC_BECOME, LOC_AGAIN, LOC_NOTE_END, LOC_LANDED, LOC_QUAL_END, LOC_GROUP,
    LOC_QUAL_BEFORE, LOC_KEY, LOC_TAKEN, LOC_DEFERRED,
    NFIXED_LOCALS
};

#define F_STOP 16                /* FLOW: control never falls through to the next instruction */

/* Effects on game state (EFFECT column). A program's effects are the union of its
 * instructions'; E_ATTACK / E_REACH stand for the effects of the programs those tests run. */
enum {
    E_RVAR = 1 << 0,     /* reads state variable A */
    E_WVAR = 1 << 1,     /* writes state variable A */
    E_RBOARD = 1 << 2,   /* reads the pieces on the board */
    E_WBOARD = 1 << 3,   /* writes them */
    E_RHANDS = 1 << 4,   /* reads the hands */
    E_WHANDS = 1 << 5,   /* writes them */
    E_RTURN = 1 << 6,    /* reads the side to move */
    E_ATTACK = 1 << 7,   /* runs the attack programs (`attack { }`, `attack moves`) */
    E_REACH = 1 << 8,    /* runs the move programs */
    E_CAPTURE = 1 << 9,  /* runs `on capture` */
    E_RESULT = 1 << 10,  /* ends the game */
    E_WANY = 1 << 11,    /* may write any state (what the programs it runs write) */
    E_ALL = 1 << 12,     /* reads everything (the replies, the history) */
    E_RMOVE = 1 << 13,   /* reads the move being made (move.from ...) */
    /* Placed by effects.c, in no row of the table: */
    E_RIDENT = 1 << 14,  /* reads the position's identity (`repetition`): all but the
                            `uncounted` and transient state, and the history */
    E_WPVU = 1 << 15     /* writes `uncounted` piece variables only (part of the board that
                            E_RIDENT does not see) */
};

#define OPCODES(X) \
    X(NOP,        0, 0, 0, 0, 0, "do nothing") \
    X(PUSH,       1, 0, 1, 0, 0, "push the constant A") \
    X(PUSHK,      1, 0, 1, 0, 0, "push the 64-bit constant K[A] of the constant pool") \
    X(PUSHDIR,    1, 0, 1, 0, 0, "push the absolute direction that relative direction A means " \
                                 "for the mover") \
    X(PUSHDIRS,   1, 0, 1, 0, 0, "push the absolute direction mask that direction set A means " \
                                 "for the mover") \
    X(POP,        0, 1, 0, 0, 0, "drop the top value") \
    X(LOAD,       1, 0, 1, 0, 0, "push local A") \
    X(STORE,      1, 1, 0, 0, 0, "pop into local A") \
    X(LOADG,      1, 0, 1, 0, E_RVAR, "push global state variable A") \
    X(STOREG,     1, 1, 0, 0, E_WVAR, "pop a value and write it to global variable A (a " \
                                      "recorded state write)") \
    X(LOADPL,     1, 1, 1, 0, E_RVAR, "pop a player; push that player's variable A") \
    X(STOREPL,    1, 2, 0, 0, E_WVAR, "pop a value and a player; write that player's variable A") \
    X(LOADSQ,     1, 1, 1, 0, E_RVAR, "pop a square; push its square variable A (0 for none)") \
    X(STORESQ,    1, 2, 0, 0, E_WVAR, "pop a value and a square; write its square variable A " \
                                      "(fail on none)") \
    X(LOADPV,     1, 1, 1, 0, 0, "pop a piece; push its piece variable A") \
    X(STOREPV,    1, 2, 0, 0, E_RBOARD|E_WBOARD, "pop a value and a square; set piece variable " \
                                                 "A of the piece there") \
    X(ATTR,       1, 1, 1, 0, 0, "pop a key (a square, type, direction or player); push " \
                               "attribute A's value for it (0 for none)") \
    X(INZONE,     1, 1, 1, 0, 0, "pop a square; push 1 if it is in zone A as the mover sees it") \
    X(INZONEOF,   1, 2, 1, 0, 0, "pop a player and a square; push 1 if it is in zone A as that " \
                               "player sees it") \
    X(INLIST,     1, 1, 1, 0, 0, "pop a value; push 1 if it is in constant list A") \
    X(ADD,        0, 2, 1, 0, 0, "a + b") \
    X(SUB,        0, 2, 1, 0, 0, "a - b") \
    X(MUL,        0, 2, 1, 0, 0, "a * b") \
    X(DIV,        0, 2, 1, 0, 0, "a / b (a runtime error when b is 0)") \
    X(MOD,        0, 2, 1, 0, 0, "a % b (a runtime error when b is 0)") \
    X(NEG,        0, 1, 1, 0, 0, "-a") \
    X(ABS,        0, 1, 1, 0, 0, "|a|") \
    X(MIN,        0, 2, 1, 0, 0, "the smaller of a and b") \
    X(MAX,        0, 2, 1, 0, 0, "the larger of a and b") \
    X(NOT,        0, 1, 1, 0, 0, "1 if a is 0, else 0") \
    X(EQ,         0, 2, 1, 0, 0, "a == b") \
    X(NE,         0, 2, 1, 0, 0, "a != b") \
    X(LT,         0, 2, 1, 0, 0, "a < b") \
    X(LE,         0, 2, 1, 0, 0, "a <= b") \
    X(GT,         0, 2, 1, 0, 0, "a > b") \
    X(GE,         0, 2, 1, 0, 0, "a >= b") \
    X(BOR,        0, 2, 1, 0, 0, "a | b (union of sets)") \
    X(BCLR,       0, 2, 1, 0, 0, "a & ~b (a set less the members of b)") \
    X(BTEST,      0, 2, 1, 0, 0, "pop mask b and index a; push bit a of b") \
    X(JMP,        1, 0, 0, 1 | F_STOP, 0, "jump to A") \
    X(JZ,         1, 1, 0, 1, 0, "pop; jump to A if it is 0") \
    X(JNZ,        1, 1, 0, 1, 0, "pop; jump to A if it is not 0") \
    X(FAIL,       0, 0, 0, F_STOP, 0, "end this branch: undo its changes and resume the latest " \
                                      "choice") \
    X(CHOICE,     2, 0, 0, 1, 0, "leave a choice that resumes at A, then go on; it keeps locals " \
                                 "0..B-1 (those in scope)") \
    X(CHOOSEBIT,  3, 0, 0, 0, 0, "take the lowest bit of local A into local B; fail if none; " \
                                 "leave a choice for the rest (keeping locals 0..C-1)") \
    X(FORBIT,     3, 0, 0, 3, 0, "take the lowest bit of local A into local B; jump to C if none") \
    X(BIT,        0, 1, 1, 0, 0, "pop a direction or index a; push the set {a} (empty for none)") \
    X(POPCNT,     0, 1, 1, 0, 0, "pop a set of directions or flags; push how many it holds") \
    X(ZCLEAR,     1, 0, 0, 0, 0, "zone value at locals A.. (a bit a square, 64 a local) := empty") \
    X(ZZONE,      2, 0, 0, 0, 0, "zone value at locals A.. := the squares of list B (a zone as " \
                                 "the mover sees it)") \
    X(ZCOPY,      2, 0, 0, 0, 0, "zone value at locals A.. := the one at locals B..") \
    X(ZADD,       1, 1, 0, 0, 0, "pop a square; add it to the zone value at locals A.. (none: " \
                                 "nothing)") \
    X(ZDEL,       1, 1, 0, 0, 0, "pop a square; take it out of the zone value at locals A..") \
    X(ZOR,        2, 0, 0, 0, 0, "zone value at locals A.. += the one at locals B..") \
    X(ZCLR,       2, 0, 0, 0, 0, "zone value at locals A.. -= the one at locals B..") \
    X(ZHAS,       1, 1, 1, 0, 0, "pop a square; push 1 if it is in the zone value at locals A..") \
    X(ZSIZE,      1, 0, 1, 0, 0, "push the number of squares of the zone value at locals A..") \
    X(ZEQ,        2, 0, 1, 0, 0, "push 1 if the zone values at locals A.. and B.. are equal") \
    X(CHOOSEZ,    3, 0, 0, 0, 0, "take the first square of the zone value at locals A.. out " \
                                 "into local B; fail if none; leave a choice for the rest " \
                                 "(keeping locals 0..C-1)") \
    X(FORZ,       3, 0, 0, 3, 0, "take the first square of the zone value at locals A.. out " \
                                 "into local B; jump to C if none") \
    X(CHOOSELIST, 4, 0, 0, 0, 0, "take element [local B] of list A (as the mover sees it) into " \
                                 "local C, local B += 1; fail past the end; leave a choice for " \
                                 "the rest (keeping locals 0..D-1)") \
    X(FORLIST,    4, 0, 0, 4, 0, "take element [local B] of list A into local C, local B += 1; " \
                                 "jump to D past the end") \
    X(FORFRIEND,  4, 0, 0, 4, E_RBOARD, "FORLIST that first passes over the elements not " \
                                        "holding a piece of the mover (made from FORLIST; LOAD " \
                                        "C; FRIEND; JZ back: superinstr.c)") \
    X(FORTEST,    4, 0, 0, 4, E_RBOARD, "FORLIST that first passes over the elements for " \
                                      "which the test after it fails (made from FORLIST; LOAD " \
                                      "C; HEIGHT or LOADSQ v; PUSH k; a comparison; JZ back: " \
                                      "superinstr.c)") \
    X(STEP,       0, 1, 0, 0, 0, "pop a direction; move the cursor one step along it; fail if " \
                                 "that leaves the board") \
    X(GO,         0, 1, 0, 0, 0, "pop a square; put the cursor there; fail on none") \
    X(STEPSQ,     0, 2, 1, 0, 0, "pop a direction and a square; push the square one step away, " \
                                 "or none") \
    X(FROM,       0, 0, 1, 0, 0, "push the square the moving piece started on") \
    X(MOVER,      0, 0, 1, 0, 0, "push the player whose move or hook this is") \
    X(OPPONENT,   0, 0, 1, 0, 0, "push the player after the mover in turn order") \
    X(TOMOVE,     0, 0, 1, 0, E_RTURN, "push the side to move") \
    X(PIECE,      0, 0, 1, 0, 0, "push the moving piece") \
    X(LAYER,      0, 0, 1, 0, 0, "push the moving piece's place in its stack (0 = bottom)") \
    X(DROPPING,   0, 0, 1, 0, 0, "push the type being dropped") \
    X(VICTIM,     0, 0, 1, 0, 0, "push the piece being captured (in `on capture`)") \
    X(EMPTY,      0, 1, 1, 0, E_RBOARD, "pop a square; push 1 if it holds no piece (0 for none)") \
    X(ENEMY,      0, 1, 1, 0, E_RBOARD, "pop a square; push 1 if it holds a piece of another " \
                                        "player than the mover") \
    X(FRIEND,     0, 1, 1, 0, E_RBOARD, "pop a square; push 1 if it holds a piece of the mover") \
    X(AT,         0, 1, 1, 0, E_RBOARD, "pop a square; push the piece on it (0 for none)") \
    X(TYPEOF,     0, 1, 1, 0, 0, "pop a piece; push its type") \
    X(OWNEROF,    0, 1, 1, 0, 0, "pop a piece; push its owner (-1 for none)") \
    X(ISTYPE,     0, 2, 1, 0, 0, "pop a type and a piece; push 1 if the piece has that type") \
    X(FILE,       0, 1, 1, 0, 0, "pop a square; push its file from 1 (0 for none)") \
    X(SQUARE,     0, 2, 1, 0, 0, "pop a rank and a file (from 1); push that square, or none") \
    X(RANK,       0, 1, 1, 0, 0, "pop a square; push its rank from 1 (0 for none)") \
    X(OPPDIR,     0, 1, 1, 0, 0, "pop a direction; push the opposite direction") \
    X(ATTACKED,   0, 2, 1, 0, E_RBOARD|E_ATTACK, "pop a player and a square; push 1 if that " \
                                                 "player attacks the square") \
    X(ATTACKS,    0, 2, 1, 0, E_RBOARD|E_ATTACK, "pop two squares a, b; push 1 if the piece on " \
                                                 "a attacks b") \
    X(REMAPDIR,   0, 2, 1, 0, 0, "pop a player P and a direction d as the mover sees it; push d " \
                                 "as P sees it") \
    X(INCHECK,    0, 0, 1, 0, E_RBOARD|E_ATTACK, "push 1 if a royal piece of the mover is " \
                                                 "attacked") \
    X(INCHECKOF,  0, 1, 1, 0, E_RBOARD|E_ATTACK, "pop a player; push 1 if a royal piece of that " \
                                                 "player is attacked (0 for none)") \
    X(ROYALSQ,    0, 1, 1, 0, E_RBOARD, "pop a player; push the square of its royal piece (the " \
                                        "first in square order), or none") \
    X(NOMOVES,    0, 0, 1, 0, E_ALL, "push 1 if the side to move has no legal move") \
    X(REPETITION, 0, 0, 1, 0, E_ALL, "push how many times the current position has occurred") \
    X(HAND,       0, 2, 1, 0, E_RHANDS, "pop a type and a player; push how many of that type " \
                                        "the player holds") \
    X(COUNT,      0, 2, 1, 0, E_RBOARD, "pop a player and a type; push how many pieces of that " \
                                        "type the player has on the board") \
    X(SQUAREOF,   0, 2, 1, 0, E_RBOARD, "pop a player and a type; push the first square (in " \
                                        "square order, at any height of a stack) holding a " \
                                        "piece of that type of that player, or none") \
    X(CANMOVETO,  0, 1, 1, 0, E_RBOARD|E_REACH, "pop a square; push 1 if a piece of the mover " \
                                                "could move there") \
    X(MOVEFIELD,  1, 0, 1, 0, E_RMOVE, "push field A (0 from, 1 to, 2 piece, 3 captured) of the " \
                                       "move being made") \
    X(EMIT,       2, 0, 0, 0, 0, "emit a move: the changes so far, then A (0 the piece goes to " \
                                 "the cursor, 1 it stays, 2 a drop); B = suffix string + 1, or 0") \
    X(BECOME,     0, 1, 0, 0, 0, "pop a type: the moving piece arrives as that type") \
    X(CAPTURE,    0, 1, 0, 0, E_RBOARD|E_WBOARD|E_CAPTURE, "pop a square; capture what stands " \
                                                           "there (running `on capture`)") \
    X(REMOVE,     0, 1, 0, 0, E_RBOARD|E_WBOARD, "pop a square; remove what stands there") \
    X(PLACE,      0, 3, 0, 0, E_RBOARD|E_WBOARD, "pop a square, a player and a type; put a new " \
                                                 "piece there") \
    X(CHANGE,     0, 2, 0, 0, E_RBOARD|E_WBOARD, "pop a type and a square; change the piece " \
                                                 "there to that type") \
    X(SETOWNER,   0, 2, 0, 0, E_RBOARD|E_WBOARD, "pop a player and a square; give the piece " \
                                                 "there to that player") \
    X(MOVEP,      0, 2, 0, 0, E_RBOARD|E_WBOARD, "pop two squares (to, then from); move the " \
                                                 "(top) piece from the first to the second") \
    X(DCAPTURE,   0, 1, 0, 0, E_RBOARD|E_WBOARD|E_CAPTURE, "as CAPTURE, recorded (`defer`): done " \
                                                           "by the branch's emits, after the " \
                                                           "piece arrives") \
    X(DREMOVE,    0, 1, 0, 0, E_RBOARD|E_WBOARD, "as REMOVE, recorded (`defer`)") \
    X(DPLACE,     0, 3, 0, 0, E_RBOARD|E_WBOARD, "as PLACE, recorded (`defer`)") \
    X(DCHANGE,    0, 2, 0, 0, E_RBOARD|E_WBOARD, "as CHANGE, recorded (`defer`)") \
    X(DSETOWNER,  0, 2, 0, 0, E_RBOARD|E_WBOARD, "as SETOWNER, recorded (`defer`)") \
    X(DMOVEP,     0, 2, 0, 0, E_RBOARD|E_WBOARD, "as MOVEP, recorded (`defer`)") \
    X(MOVESTACK,  0, 2, 0, 0, E_RBOARD|E_WBOARD, "pop two squares (to, then from); move every " \
                                                 "piece of the first onto the second") \
    X(HEIGHT,     0, 1, 1, 0, E_RBOARD, "pop a square; push how many pieces stand on it") \
    X(PIECEAT,    0, 2, 1, 0, E_RBOARD, "pop a layer and a square; push the piece at that layer " \
                                        "(0 = bottom), or 0") \
    X(STOREPVL,   1, 3, 0, 0, E_RBOARD|E_WBOARD, "pop a value, a layer and a square; set piece " \
                                                 "variable A of the piece at that layer") \
    X(GIVE,       0, 2, 0, 0, E_RHANDS|E_WHANDS, "pop a player and a type; add one to the " \
                                                 "player's hand") \
    X(TAKE,       0, 2, 0, 0, E_RHANDS|E_WHANDS, "pop a player and a type; take one from the " \
                                                 "player's hand (fail if none)") \
    X(AGAIN,      0, 0, 0, 0, 0, "the mover moves again after this move") \
    X(NOTE,       1, 1, 0, 0, 0, "pop a value; add its text to the move string: A = 0 string " \
                                 "index, 1 square, 2 type, 3 int, 4 player") \
    X(QUALIFY,    2, 1, 0, 0, 0, "as NOTE, for text written only when two moves would share a " \
                                 "string; B = 1: before it") \
    X(DISTINCT,   1, 0, 0, 0, 0, "enter a `distinct` block: the moves emitted from here are " \
                                 "merged when they reach one state; A = 1: `smallest`") \
    X(LAND,       0, 0, 0, 0, E_RBOARD|E_WBOARD|E_CAPTURE, \
      "the moving piece goes to the cursor now, capturing what stands there") \
    X(MOVESOF,    0, 1, 0, 0, E_RBOARD|E_REACH|E_WBOARD|E_WANY, \
      "pop a type; emit that type's moves (leap/ride lines and program) for the moving piece, " \
      "from the cursor") \
    X(COMBINE,    0, 2, 1, 0, 0, "pop two types; push the declared compound of their parts, or " \
                                 "none") \
    X(MINUS,      0, 2, 1, 0, 0, "pop two types a, b; push the type left when b's parts are " \
                                 "taken from a's, or none") \
    X(RESULT,     2, 0, 0, F_STOP, E_RESULT, "end the game: A = 1 win, 2 loss, 3 draw for the " \
                                             "side to move; B = reason string") \
    X(RET,        0, 0, 0, F_STOP, 0, "end the program (a hook accepts; a move program's branch " \
                                      "ends)") \
    X(BAIL,       0, 0, 0, F_STOP, 0, "end a legality pretest undecided: the answer needs the " \
                                      "position after the move (pretest.c)")

/* Superinstructions (superinstr.c): S(NAME, BASE, LENGTH, DOC). One stands in place of the
 * first instruction (BASE) of a sequence of LENGTH instructions that the profiles of the program
 * games show hot, and does what the whole sequence does, in one dispatch. The sequence stays in
 * the code after it, so a jump into its middle runs it as written, and every table that reads
 * code one instruction at a time (the verifier, effects, origins, the disassembler) reads a
 * superinstruction as its BASE: its operands, stack effect, flow and effects are BASE's. It
 * charges the LENGTH steps the sequence would, so the work bounds are unchanged. */
#define SUPERINSTRUCTIONS(S) \
    S(LOAD_LOAD_LT_JZ, LOAD, 4, "LOAD a; LOAD b; LT; JZ t: jump to t unless local a < local b") \
    S(LOAD_LOAD_LE_JZ, LOAD, 4, "LOAD a; LOAD b; LE; JZ t") \
    S(LOAD_LOAD_GT_JZ, LOAD, 4, "LOAD a; LOAD b; GT; JZ t") \
    S(LOAD_LOAD_GE_JZ, LOAD, 4, "LOAD a; LOAD b; GE; JZ t") \
    S(LOAD_LOAD_EQ_JZ, LOAD, 4, "LOAD a; LOAD b; EQ; JZ t") \
    S(LOAD_LOAD_NE_JZ, LOAD, 4, "LOAD a; LOAD b; NE; JZ t") \
    S(LOAD_PUSH_LT_JZ, LOAD, 4, "LOAD a; PUSH k; LT; JZ t: jump to t unless local a < k") \
    S(LOAD_PUSH_LE_JZ, LOAD, 4, "LOAD a; PUSH k; LE; JZ t") \
    S(LOAD_PUSH_GT_JZ, LOAD, 4, "LOAD a; PUSH k; GT; JZ t") \
    S(LOAD_PUSH_GE_JZ, LOAD, 4, "LOAD a; PUSH k; GE; JZ t") \
    S(LOAD_PUSH_EQ_JZ, LOAD, 4, "LOAD a; PUSH k; EQ; JZ t") \
    S(LOAD_PUSH_NE_JZ, LOAD, 4, "LOAD a; PUSH k; NE; JZ t") \
    S(LOAD_PUSH_ADD_STORE, LOAD, 4, "LOAD a; PUSH k; ADD; STORE a: local a += k (checked)") \
    S(LOAD_PUSH_ISTYPE_JZ, LOAD, 4, "LOAD a; PUSH t; ISTYPE; JZ j: jump to j unless the piece in " \
                                    "local a has type t") \
    S(LOAD_LOAD_PIECEAT, LOAD, 3, "LOAD a; LOAD b; PIECEAT: push the piece at layer b of " \
                                  "square a") \
    S(PUSH_EQ_JZ, PUSH, 3, "PUSH k; EQ; JZ t: pop a; jump to t unless a == k") \
    S(PUSH_NE_JZ, PUSH, 3, "PUSH k; NE; JZ t: pop a; jump to t unless a != k") \
    S(LOAD_EMPTY_JZ, LOAD, 3, "LOAD a; EMPTY; JZ t: jump to t unless square a is empty") \
    S(LOAD_EMPTY_JNZ, LOAD, 3, "LOAD a; EMPTY; JNZ t: jump to t if square a is empty") \
    S(LOAD_FRIEND_JZ, LOAD, 3, "LOAD a; FRIEND; JZ t") \
    S(LOAD_FRIEND_JNZ, LOAD, 3, "LOAD a; FRIEND; JNZ t") \
    S(LOAD_ENEMY_JZ, LOAD, 3, "LOAD a; ENEMY; JZ t") \
    S(LOAD_ENEMY_JNZ, LOAD, 3, "LOAD a; ENEMY; JNZ t") \
    S(LOAD_STEP, LOAD, 2, "LOAD d; STEP: move the cursor along the direction in local d") \
    S(LOAD_AT, LOAD, 2, "LOAD a; AT: push the piece on square a") \
    S(LOAD_HEIGHT, LOAD, 2, "LOAD a; HEIGHT: push how many pieces stand on square a") \
    S(LOAD_LOADPV, LOAD, 2, "LOAD a; LOADPV v: push piece variable v of the piece in local a") \
    S(LOAD_STORE, LOAD, 2, "LOAD a; STORE b: local b = local a") \
    S(PUSH_STORE, PUSH, 2, "PUSH k; STORE a: local a = k") \
    S(NOT_JZ, NOT, 2, "NOT; JZ t: pop; jump to t if it is not 0") \
    S(NOT_JNZ, NOT, 2, "NOT; JNZ t: pop; jump to t if it is 0")

typedef enum {
#define X(name, nops, pop, push, flow, effect, doc) OP_##name,
    OPCODES(X)
#undef X
#define S(name, base, length, doc) OP_##name,
    SUPERINSTRUCTIONS(S)
#undef S
    OPCODE_COUNT
} Opcode;

typedef struct {
    const char *name;
    int nops, pop, push;
    int jump;                    /* the operand (1-4) that is a jump target, or 0 */
    int stops;                   /* control never falls through to the next instruction */
    int effect;                  /* E_* */
    const char *doc;
    int base;                    /* a superinstruction's first instruction; else the opcode */
    int length;                  /* the instructions it stands for (1 but for superinstructions) */
} OpcodeInfo;

extern const OpcodeInfo opcode_info[OPCODE_COUNT];

#endif
