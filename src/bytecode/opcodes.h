/* opcodes.h - the instruction set, defined once.
 *
 * An instruction is one int32 opcode word followed by its operand words. The VM is a stack
 * machine over int64 values; locals live in a per-run frame (local 0 is the cursor `here`,
 * local 1 the type a moving piece becomes). X(NAME, OPERANDS, POP, PUSH, FLOW, EFFECT, DOC):
 *   OPERANDS  the kinds of the operand words after the opcode, A, B, C, D in order:
 *             OPS(LOCAL, JUMP) or NO_OPS (OPERAND_KINDS below). The verifier checks each
 *             operand by its kind, the disassembler names it by its kind, and the jump patcher,
 *             jump threading and the verifier's data flow find the jump target as the operand of
 *             kind JUMP: none of them keeps a list of opcodes of its own.
 *   POP       values popped from the stack, PUSH values pushed (the verifier checks depths with
 *             these)
 *   FLOW      F_STOP when control never goes on to the next instruction, else 0
 *   EFFECT    the game state it reads and writes (E_* below; effects.c sums them per program,
 *             so that the runtime knows which hooks a legality test can skip)
 *   DOC       what it does; shown by `boardvm disasm --list-opcodes` and in the man page.
 * "fail" = end the current branch (backtrack to the latest choice).
 * A new opcode: docs/architecture.md, "Recipe: a new opcode" (tests/opcode-recipe.sh).
 */
#ifndef BOARDVM_OPCODES_H
#define BOARDVM_OPCODES_H
#include <stdint.h>

/* Every program's first locals hold the state of the branch that `emit` records (codegen.c
 * declares them in this order; `moves-of` hands them on to the program it runs). */
enum {
    LOC_HERE, LOC_BECOME, LOC_AGAIN, LOC_NOTE_END, LOC_LANDED, LOC_QUAL_END, LOC_GROUP,
    LOC_QUAL_BEFORE, LOC_KEY, LOC_TAKEN, LOC_DEFERRED,
    NFIXED_LOCALS
};

/* PLACEEMIT: the most jumps from its EMIT to the RET that ends the branch */
#define PLACE_EMIT_JUMPS 4

#define F_STOP 1                 /* FLOW: control never falls through to the next instruction */

/* What an operand word means: K(NAME, TEXT, LO, HI, NAMES, DOC). Every operand of the kind lies
 * in LO..HI; a kind that indexes a table of the game or the frame (HI is INT32_MAX) is also
 * checked against it (verify.c, kind_end(): one case a kind). NAMES, where given, are the
 * values' names from LO on, which the disassembler prints. `boardvm disasm --list-opcodes`
 * lists the kinds with their DOC. */
#define OPERAND_KINDS(K) \
    K(INT, "int", INT32_MIN, INT32_MAX, NO_NAMES, "a value used as it is") \
    K(KONST, "constant", 0, INT32_MAX, NO_NAMES, "an entry of the constant pool") \
    K(DIR, "direction", 0, INT32_MAX, NO_NAMES, "one of the game's directions, as the mover " \
      "sees it") \
    K(DIRSET, "direction set", 0, INT32_MAX, NO_NAMES, "one of the game's sets of directions") \
    K(LOCAL, "local", 0, INT32_MAX, NO_NAMES, "a local of the program's frame") \
    K(KEPTLOCAL, "kept local", 0, INT32_MAX, NO_NAMES, \
      "a local below the instruction's keep operand: its choice resumes with the local's value") \
    K(ZONEVAL, "zone value", 0, INT32_MAX, NO_NAMES, \
      "the first of the locals of the frame that hold a zone value (a bit a square, 64 a local)") \
    K(KEPTZONEVAL, "kept zone value", 0, INT32_MAX, NO_NAMES, \
      "a zone value in the locals that the instruction's choice keeps") \
    K(KEEP, "keep", 1, INT32_MAX, NO_NAMES, \
      "how many locals a choice keeps, up to the frame's count: those in scope, but none " \
      "above the highest that the program can write (keeps.c): the instruction leaves a " \
      "choice, so the stack is empty there") \
    K(JUMP, "jump", 0, INT32_MAX, NO_NAMES, "the start of an instruction of the same program") \
    K(GLOBAL, "global", 0, INT32_MAX, NO_NAMES, "a global state variable") \
    K(PLAYERVAR, "player variable", 0, INT32_MAX, NO_NAMES, "a state variable with a value " \
      "per player") \
    K(SQUAREVAR, "square variable", 0, INT32_MAX, NO_NAMES, "a state variable with a value " \
      "per square") \
    K(PIECEVAR, "piece variable", 0, INT32_MAX, NO_NAMES, \
      "a variable kept in the bits of each piece") \
    K(ATTR, "attribute", 0, INT32_MAX, NO_NAMES, "a constant attribute of squares, types, " \
      "directions or players") \
    K(LIST, "list", 0, INT32_MAX, NO_NAMES, "a constant list of the game (per player)") \
    K(ZONE, "zone", 0, INT32_MAX, NO_NAMES, \
      "a zone of the game: a list that also has each player's membership by square") \
    K(SQUARES, "square list", 0, INT32_MAX, NO_NAMES, "a constant list of squares only") \
    K(FIELD, "move field", 0, 3, NAMES("from", "to", "piece", "captured"), \
      "a field of the move being made") \
    K(NOTEKIND, "note kind", 0, 4, NAMES("string", "square", "type", "int", "player"), \
      "what the value written into a move's string is") \
    K(FLAG, "flag", 0, 1, NO_NAMES, "no or yes") \
    K(EMITKIND, "emit kind", 0, 2, NAMES("move", "stay", "drop"), \
      "where the moving piece goes: to the cursor, nowhere, or dropped") \
    K(RESULT, "result", 1, 3, NAMES("win", "loss", "draw"), "for the side to move") \
    K(SUFFIX, "suffix", 0, 255, NO_NAMES, \
      "one of the game's strings + 1, or 0 for none: a move's suffix (a move keeps 8 bits)") \
    K(REASON, "reason", 0, INT32_MAX, NO_NAMES, "one of the game's strings + 1, or 0 for none") \
    K(PURESITE, "pure call", 0, INT32_MAX, NO_NAMES, \
      "a call of a pure `fn` whose value a table of the game holds (puretab.c)") \
    K(SQMEMO, "square memo", 0, INT32_MAX, NO_NAMES, \
      "a board walk's body whose effect on its square a table keeps (src/lang/squarelocal.c)")

typedef enum {
#define K(name, text, lo, hi, names, doc) OPK_##name,
    OPERAND_KINDS(K)
#undef K
    OPERAND_KIND_COUNT
} OperandKind;

/* The OPERANDS column: the count and up to 4 kinds packed in one constant, 5 bits a kind, so
 * that every use of the table (enum, dispatch table, OpcodeInfo) can read it at compile time. */
#define NO_OPS 0
#define OPS(...) OPS_PICK_(__VA_ARGS__, OPS4_, OPS3_, OPS2_, OPS1_, -)(__VA_ARGS__)
#define OPS_PICK_(a, b, c, d, pick, ...) pick
#define OPS1_(a) (OPK_##a | 1 << 24)
#define OPS2_(a, b) (OPK_##a | OPK_##b << 5 | 2 << 24)
#define OPS3_(a, b, c) (OPK_##a | OPK_##b << 5 | OPK_##c << 10 | 3 << 24)
#define OPS4_(a, b, c, d) (OPK_##a | OPK_##b << 5 | OPK_##c << 10 | OPK_##d << 15 | 4 << 24)
#define OPS_COUNT(ops) ((ops) >> 24)
#define OPS_KIND(ops, i) (OPS_COUNT(ops) > (i) ? (ops) >> 5 * (i) & 31 : -1)
/* the operand (1-4) of kind KIND, or 0 */
#define OPS_FIND(ops, kind) \
    (OPS_KIND(ops, 0) == (kind) ? 1 : OPS_KIND(ops, 1) == (kind) ? 2 : \
     OPS_KIND(ops, 2) == (kind) ? 3 : OPS_KIND(ops, 3) == (kind) ? 4 : 0)
#define OPS_HOW_MANY(ops, kind) \
    ((OPS_KIND(ops, 0) == (kind)) + (OPS_KIND(ops, 1) == (kind)) + \
     (OPS_KIND(ops, 2) == (kind)) + (OPS_KIND(ops, 3) == (kind)))

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
    E_WPVU = 1 << 15,    /* writes `uncounted` piece variables only (part of the board that
                            E_RIDENT does not see) */
    E_WPV = 1 << 16,     /* writes piece variables only: the pieces' types and owners stay */
    E_RTYPES = 1 << 17   /* reads the pieces on the board for their type and owner only */
};

#define OPCODES(X) \
    X(NOP, NO_OPS, 0, 0, 0, 0, "do nothing") \
    X(PUSH, OPS(INT), 0, 1, 0, 0, "push the constant A") \
    X(PUSHK, OPS(KONST), 0, 1, 0, 0, "push the 64-bit constant K[A] of the constant pool") \
    X(PUSHDIR, OPS(DIR), 0, 1, 0, 0, \
      "push the absolute direction that relative direction A means for the mover") \
    X(PUSHDIRS, OPS(DIRSET), 0, 1, 0, 0, \
      "push the absolute direction mask that direction set A means for the mover") \
    X(POP, NO_OPS, 1, 0, 0, 0, "drop the top value") \
    X(LOAD, OPS(LOCAL), 0, 1, 0, 0, "push local A") \
    X(STORE, OPS(LOCAL), 1, 0, 0, 0, "pop into local A") \
    X(LOADG, OPS(GLOBAL), 0, 1, 0, E_RVAR, "push global state variable A") \
    X(STOREG, OPS(GLOBAL), 1, 0, 0, E_WVAR, \
      "pop a value and write it to global variable A (a recorded state write)") \
    X(LOADPL, OPS(PLAYERVAR), 1, 1, 0, E_RVAR, "pop a player; push that player's variable A") \
    X(STOREPL, OPS(PLAYERVAR), 2, 0, 0, E_WVAR, \
      "pop a value and a player; write that player's variable A") \
    X(LOADSQ, OPS(SQUAREVAR), 1, 1, 0, E_RVAR, \
      "pop a square; push its square variable A (0 for none)") \
    X(STORESQ, OPS(SQUAREVAR), 2, 0, 0, E_WVAR, \
      "pop a value and a square; write its square variable A (fail on none)") \
    X(LOADPV, OPS(PIECEVAR), 1, 1, 0, 0, "pop a piece; push its piece variable A") \
    X(STOREPV, OPS(PIECEVAR), 2, 0, 0, E_RBOARD|E_WBOARD, \
      "pop a value and a square; set piece variable A of the piece there") \
    X(ATTR, OPS(ATTR), 1, 1, 0, 0, \
      "pop a key (a square, type, direction or player); push attribute A's value for it (0 for " \
      "none)") \
    X(INZONE, OPS(ZONE), 1, 1, 0, 0, \
      "pop a square; push 1 if it is in zone A as the mover sees it") \
    X(INZONEOF, OPS(ZONE), 2, 1, 0, 0, \
      "pop a player and a square; push 1 if it is in zone A as that player sees it") \
    X(INLIST, OPS(LIST), 1, 1, 0, 0, "pop a value; push 1 if it is in constant list A") \
    X(ADD, NO_OPS, 2, 1, 0, 0, "a + b") \
    X(SUB, NO_OPS, 2, 1, 0, 0, "a - b") \
    X(MUL, NO_OPS, 2, 1, 0, 0, "a * b") \
    X(DIV, NO_OPS, 2, 1, 0, 0, "a / b (a runtime error when b is 0)") \
    X(MOD, NO_OPS, 2, 1, 0, 0, "a % b (a runtime error when b is 0)") \
    X(NEG, NO_OPS, 1, 1, 0, 0, "-a") \
    X(ABS, NO_OPS, 1, 1, 0, 0, "|a|") \
    X(MIN, NO_OPS, 2, 1, 0, 0, "the smaller of a and b") \
    X(MAX, NO_OPS, 2, 1, 0, 0, "the larger of a and b") \
    X(NOT, NO_OPS, 1, 1, 0, 0, "1 if a is 0, else 0") \
    X(EQ, NO_OPS, 2, 1, 0, 0, "a == b") \
    X(NE, NO_OPS, 2, 1, 0, 0, "a != b") \
    X(LT, NO_OPS, 2, 1, 0, 0, "a < b") \
    X(LE, NO_OPS, 2, 1, 0, 0, "a <= b") \
    X(GT, NO_OPS, 2, 1, 0, 0, "a > b") \
    X(GE, NO_OPS, 2, 1, 0, 0, "a >= b") \
    X(BOR, NO_OPS, 2, 1, 0, 0, "a | b (union of sets)") \
    X(BCLR, NO_OPS, 2, 1, 0, 0, "a & ~b (a set less the members of b)") \
    X(BTEST, NO_OPS, 2, 1, 0, 0, "pop mask b and index a; push bit a of b") \
    X(JMP, OPS(JUMP), 0, 0, F_STOP, 0, "jump to A") \
    X(JZ, OPS(JUMP), 1, 0, 0, 0, "pop; jump to A if it is 0") \
    X(JNZ, OPS(JUMP), 1, 0, 0, 0, "pop; jump to A if it is not 0") \
    X(FAIL, NO_OPS, 0, 0, F_STOP, 0, \
      "end this branch: undo its changes and resume the latest choice") \
    X(CHOICE, OPS(JUMP, KEEP), 0, 0, 0, 0, \
      "leave a choice that resumes at A, then go on; it keeps locals 0..B-1 (those in scope)") \
    X(CHOOSEBIT, OPS(KEPTLOCAL, LOCAL, KEEP), 0, 0, 0, 0, \
      "take the lowest bit of local A into local B; fail if none; leave a choice for the rest " \
      "(keeping locals 0..C-1)") \
    X(FORBIT, OPS(LOCAL, LOCAL, JUMP), 0, 0, 0, 0, \
      "take the lowest bit of local A into local B; jump to C if none") \
    X(BIT, NO_OPS, 1, 1, 0, 0, "pop a direction or index a; push the set {a} (empty for none)") \
    X(POPCNT, NO_OPS, 1, 1, 0, 0, "pop a set of directions or flags; push how many it holds") \
    X(ZCLEAR, OPS(ZONEVAL), 0, 0, 0, 0, \
      "zone value at locals A.. (a bit a square, 64 a local) := empty") \
    X(ZZONE, OPS(ZONEVAL, SQUARES), 0, 0, 0, 0, \
      "zone value at locals A.. := the squares of list B (a zone as the mover sees it)") \
    X(ZCOPY, OPS(ZONEVAL, ZONEVAL), 0, 0, 0, 0, \
      "zone value at locals A.. := the one at locals B..") \
    X(ZADD, OPS(ZONEVAL), 1, 0, 0, 0, \
      "pop a square; add it to the zone value at locals A.. (none: nothing)") \
    X(ZDEL, OPS(ZONEVAL), 1, 0, 0, 0, "pop a square; take it out of the zone value at locals A..") \
    X(ZOR, OPS(ZONEVAL, ZONEVAL), 0, 0, 0, 0, "zone value at locals A.. += the one at locals B..") \
    X(ZCLR, OPS(ZONEVAL, ZONEVAL), 0, 0, 0, 0, \
      "zone value at locals A.. -= the one at locals B..") \
    X(ZHAS, OPS(ZONEVAL), 1, 1, 0, 0, \
      "pop a square; push 1 if it is in the zone value at locals A..") \
    X(ZSIZE, OPS(ZONEVAL), 0, 1, 0, 0, \
      "push the number of squares of the zone value at locals A..") \
    X(ZEQ, OPS(ZONEVAL, ZONEVAL), 0, 1, 0, 0, \
      "push 1 if the zone values at locals A.. and B.. are equal") \
    X(CHOOSEZ, OPS(KEPTZONEVAL, LOCAL, KEEP), 0, 0, 0, 0, \
      "take the first square of the zone value at locals A.. out into local B; fail if none; " \
      "leave a choice for the rest (keeping locals 0..C-1)") \
    X(FORZ, OPS(ZONEVAL, LOCAL, JUMP), 0, 0, 0, 0, \
      "take the first square of the zone value at locals A.. out into local B; jump to C if " \
      "none") \
    X(CHOOSELIST, OPS(LIST, KEPTLOCAL, LOCAL, KEEP), 0, 0, 0, 0, \
      "take element [local B] of list A (as the mover sees it) into local C, local B += 1; " \
      "fail past the end; leave a choice for the rest (keeping locals 0..D-1)") \
    X(FORLIST, OPS(LIST, LOCAL, LOCAL, JUMP), 0, 0, 0, 0, \
      "take element [local B] of list A into local C, local B += 1; jump to D past the end") \
    X(FORFRIEND, OPS(LIST, LOCAL, LOCAL, JUMP), 0, 0, 0, E_RBOARD, \
      "FORLIST that first passes over the elements not holding a piece of the mover (made from " \
      "FORLIST; LOAD C; FRIEND; JZ back: superinstr.c)") \
    X(FORENEMY, OPS(LIST, LOCAL, LOCAL, JUMP), 0, 0, 0, E_RBOARD, \
      "FORLIST that first passes over the elements not holding a piece of another side (made " \
      "from FORLIST; LOAD C; ENEMY; JZ back: superinstr.c)") \
    X(FORFRIENDPV, OPS(LIST, LOCAL, LOCAL, JUMP), 0, 0, 0, E_RBOARD, \
      "FORFRIEND that also passes over the mover's pieces whose piece variable's test sends " \
      "the loop back (made from FORLIST; LOAD C; FRIEND; JZ back; LOAD C; AT; LOADPV v; " \
      "PUSH k; a comparison; JNZ or JZ back: superinstr.c)") \
    X(FORTEST, OPS(LIST, LOCAL, LOCAL, JUMP), 0, 0, 0, E_RBOARD, \
      "FORLIST that first passes over the elements for which the test after it fails (made " \
      "from FORLIST; LOAD C; HEIGHT or LOADSQ v; PUSH k; a comparison; JZ back: superinstr.c)") \
    X(FORRUNS, OPS(LIST, LOCAL, LOCAL, JUMP), 0, 0, 0, E_RBOARD, \
      "FORFRIEND or FORENEMY whose body is FORRUN's count from each square: it also passes over " \
      "the squares from none of whose directions the count comes to K2 (FORLIST; LOAD C; " \
      "FRIEND or ENEMY; JZ back; PUSHDIRS; STORE m; FORRUN over m from C back to the FORLIST: " \
      "superinstr.c, runs_follow; `for s in board { if enemy(s) { for d in lines { ...a run of " \
      "K... } } }`)") \
    X(STEP, NO_OPS, 1, 0, 0, 0, \
      "pop a direction; move the cursor one step along it; fail if that leaves the board") \
    X(GO, NO_OPS, 1, 0, 0, 0, "pop a square; put the cursor there; fail on none") \
    X(STEPSQ, NO_OPS, 2, 1, 0, 0, \
      "pop a direction and a square; push the square one step away, or none") \
    X(FROM, NO_OPS, 0, 1, 0, 0, "push the square the moving piece started on") \
    X(MOVER, NO_OPS, 0, 1, 0, 0, "push the player whose move or hook this is") \
    X(OPPONENT, NO_OPS, 0, 1, 0, 0, \
      "push the next player after the mover that is not a chance player") \
    X(TOMOVE, NO_OPS, 0, 1, 0, E_RTURN, "push the side to move") \
    X(PIECE, NO_OPS, 0, 1, 0, 0, "push the moving piece") \
    X(LAYER, NO_OPS, 0, 1, 0, 0, "push the moving piece's place in its stack (0 = bottom)") \
    X(DROPPING, NO_OPS, 0, 1, 0, 0, "push the type being dropped") \
    X(VICTIM, NO_OPS, 0, 1, 0, 0, "push the piece being captured (in `on capture`)") \
    X(EMPTY, NO_OPS, 1, 1, 0, E_RBOARD, "pop a square; push 1 if it holds no piece (0 for none)") \
    X(ENEMY, NO_OPS, 1, 1, 0, E_RBOARD, \
      "pop a square; push 1 if it holds a piece of another player than the mover") \
    X(FRIEND, NO_OPS, 1, 1, 0, E_RBOARD, "pop a square; push 1 if it holds a piece of the mover") \
    X(AT, NO_OPS, 1, 1, 0, E_RBOARD, "pop a square; push the piece on it (0 for none)") \
    X(TYPEOF, NO_OPS, 1, 1, 0, 0, "pop a piece; push its type") \
    X(OWNEROF, NO_OPS, 1, 1, 0, 0, "pop a piece; push its owner (-1 for none)") \
    X(ISTYPE, NO_OPS, 2, 1, 0, 0, "pop a type and a piece; push 1 if the piece has that type") \
    X(PURECALL, OPS(PURESITE), 0, 0, 0, 0, "the call A of a pure `fn`, its arguments on the " \
      "stack: if they are in its table's range, pop them, push the value the table holds, go " \
      "past the call's code and charge its steps; else nothing, charged nothing (the code runs)") \
    X(SQMEMO, OPS(SQMEMO, JUMP), 0, 0, 0, 0, "the start of the board walk's body A: where " \
      "its table holds the effect of the body on the words it reads (the square, the mover, " \
      "the square's stack, its square variables, the outer locals), write it, charge the " \
      "body's steps and jump to B; else note where the body starts; charged nothing") \
    X(SQMEMOEND, OPS(SQMEMO, JUMP), 0, 0, F_STOP, 0, "the end of the board walk's body A: its " \
      "effect into the table noted at its SQMEMO; jump to B, the walk's next element; charged " \
      "nothing") \
    X(PURELOCALS, OPS(PURESITE), 0, 0, 0, 0, "the pure expression A of locals: if their values " \
      "are in its table's range, push the value the table holds, go past the expression's code " \
      "and charge its steps; else nothing, charged nothing (the code runs)") \
    X(FILE, NO_OPS, 1, 1, 0, 0, "pop a square; push its file from 1 (0 for none)") \
    X(SQUARE, NO_OPS, 2, 1, 0, 0, "pop a rank and a file (from 1); push that square, or none") \
    X(RANK, NO_OPS, 1, 1, 0, 0, "pop a square; push its rank from 1 (0 for none)") \
    X(OPPDIR, NO_OPS, 1, 1, 0, 0, "pop a direction; push the opposite direction") \
    X(ATTACKED, NO_OPS, 2, 1, 0, E_RBOARD|E_ATTACK, \
      "pop a player and a square; push 1 if that player attacks the square") \
    X(ATTACKS, NO_OPS, 2, 1, 0, E_RBOARD|E_ATTACK, \
      "pop two squares a, b; push 1 if the piece on a attacks b") \
    X(REMAPDIR, NO_OPS, 2, 1, 0, 0, \
      "pop a player P and a direction d as the mover sees it; push d as P sees it") \
    X(INCHECK, NO_OPS, 0, 1, 0, E_RBOARD|E_ATTACK, \
      "push 1 if a royal piece of the mover is attacked") \
    X(INCHECKOF, NO_OPS, 1, 1, 0, E_RBOARD|E_ATTACK, \
      "pop a player; push 1 if a royal piece of that player is attacked (0 for none)") \
    X(ROYALSQ, NO_OPS, 1, 1, 0, E_RBOARD, \
      "pop a player; push the square of its royal piece (the first in square order), or none") \
    X(NOMOVES, NO_OPS, 0, 1, 0, E_ALL, "push 1 if the side to move has no legal move") \
    X(REPETITION, NO_OPS, 0, 1, 0, E_ALL, "push how many times the current position has occurred") \
    X(HAND, NO_OPS, 2, 1, 0, E_RHANDS, \
      "pop a type and a player; push how many of that type the player holds") \
    X(COUNT, NO_OPS, 2, 1, 0, E_RBOARD, \
      "pop a player and a type; push how many pieces of that type the player has on the board") \
    X(SQUAREOF, NO_OPS, 2, 1, 0, E_RBOARD, \
      "pop a player and a type; push the first square (in square order, at any height of a " \
      "stack) holding a piece of that type of that player, or none") \
    X(CANMOVETO, NO_OPS, 1, 1, 0, E_RBOARD|E_REACH, \
      "pop a square; push 1 if a piece of the mover could move there") \
    X(MOVEFIELD, OPS(FIELD), 0, 1, 0, E_RMOVE, \
      "push field A (0 from, 1 to, 2 piece, 3 captured) of the move being made") \
    X(EMIT, OPS(EMITKIND, SUFFIX), 0, 0, 0, 0, \
      "emit a move: the changes so far, then A (0 the piece goes to the cursor, 1 it stays, 2 " \
      "a drop); B = suffix string + 1, or 0") \
    X(BECOME, NO_OPS, 1, 0, 0, 0, "pop a type: the moving piece arrives as that type") \
    X(CAPTURE, NO_OPS, 1, 0, 0, E_RBOARD|E_WBOARD|E_CAPTURE, \
      "pop a square; capture what stands there (running `on capture`)") \
    X(REMOVE, NO_OPS, 1, 0, 0, E_RBOARD|E_WBOARD, "pop a square; remove what stands there") \
    X(PLACE, NO_OPS, 3, 0, 0, E_RBOARD|E_WBOARD, \
      "pop a square, a player and a type; put a new piece there") \
    X(CHANGE, NO_OPS, 2, 0, 0, E_RBOARD|E_WBOARD, \
      "pop a type and a square; change the piece there to that type") \
    X(SETOWNER, NO_OPS, 2, 0, 0, E_RBOARD|E_WBOARD, \
      "pop a player and a square; give the piece there to that player") \
    X(MOVEP, NO_OPS, 2, 0, 0, E_RBOARD|E_WBOARD, \
      "pop two squares (to, then from); move the (top) piece from the first to the second") \
    X(DCAPTURE, NO_OPS, 1, 0, 0, E_RBOARD|E_WBOARD|E_CAPTURE, \
      "as CAPTURE, recorded (`defer`): done by the branch's emits, after the piece arrives") \
    X(DREMOVE, NO_OPS, 1, 0, 0, E_RBOARD|E_WBOARD, "as REMOVE, recorded (`defer`)") \
    X(DPLACE, NO_OPS, 3, 0, 0, E_RBOARD|E_WBOARD, "as PLACE, recorded (`defer`)") \
    X(DCHANGE, NO_OPS, 2, 0, 0, E_RBOARD|E_WBOARD, "as CHANGE, recorded (`defer`)") \
    X(DSETOWNER, NO_OPS, 2, 0, 0, E_RBOARD|E_WBOARD, "as SETOWNER, recorded (`defer`)") \
    X(DMOVEP, NO_OPS, 2, 0, 0, E_RBOARD|E_WBOARD, "as MOVEP, recorded (`defer`)") \
    X(DCASCADEP, NO_OPS, 2, 0, 0, E_RBOARD|E_WBOARD, \
      "as DMOVEP, a part of a Zillions cascade: the piece that stood on the first square " \
      "before the move (lifted before the moving piece lands) goes to the second") \
    X(DSTOREPV, OPS(PIECEVAR), 2, 0, 0, E_RBOARD|E_WBOARD, \
      "as STOREPV, recorded (`defer`); an empty square then is left alone") \
    X(MOVESTACK, NO_OPS, 2, 0, 0, E_RBOARD|E_WBOARD, \
      "pop two squares (to, then from); move every piece of the first onto the second") \
    X(HEIGHT, NO_OPS, 1, 1, 0, E_RBOARD, "pop a square; push how many pieces stand on it") \
    X(PIECEAT, NO_OPS, 2, 1, 0, E_RBOARD, \
      "pop a layer and a square; push the piece at that layer (0 = bottom), or 0") \
    X(STOREPVL, OPS(PIECEVAR), 3, 0, 0, E_RBOARD|E_WBOARD, \
      "pop a value, a layer and a square; set piece variable A of the piece at that layer") \
    X(GIVE, NO_OPS, 2, 0, 0, E_RHANDS|E_WHANDS, \
      "pop a player and a type; add one to the player's hand") \
    X(TAKE, NO_OPS, 2, 0, 0, E_RHANDS|E_WHANDS, \
      "pop a player and a type; take one from the player's hand (fail if none)") \
    X(AGAIN, NO_OPS, 0, 0, 0, 0, "the mover moves again after this move") \
    X(NOTE, OPS(NOTEKIND), 1, 0, 0, 0, \
      "pop a value; add its text to the move string: A = 0 string index, 1 square, 2 type, 3 " \
      "int, 4 player") \
    X(QUALIFY, OPS(NOTEKIND, FLAG), 1, 0, 0, 0, \
      "as NOTE, for text written only when two moves would share a string; B = 1: before it") \
    X(DISTINCT, OPS(FLAG), 0, 0, 0, 0, \
      "enter a `distinct` block: the moves emitted from here are merged when they reach one " \
      "state; A = 1: `smallest`") \
    X(LAND, NO_OPS, 0, 0, 0, E_RBOARD|E_WBOARD|E_CAPTURE, \
      "the moving piece goes to the cursor now, capturing what stands there") \
    X(LANDPART, OPS(FLAG), 0, 0, 0, E_RBOARD|E_WBOARD|E_CAPTURE, \
      "a part of the move made (Zillions' add-partial): the moving piece goes to the cursor " \
      "from where it stands, capturing what stands there, and the branch's deferred effects " \
      "are done now; A = 1: no piece moves, the deferred effects are done and the move goes " \
      "on with the piece on the cursor (one a cascade moved there)") \
    X(EMITTED, NO_OPS, 0, 1, 0, 0, \
      "push how many moves the program's run has emitted so far (0 outside a generation)") \
    X(MOVESOF, NO_OPS, 1, 0, 0, E_RBOARD|E_REACH|E_WBOARD|E_WANY, \
      "pop a type; emit that type's moves (leap/ride lines and program) for the moving piece, " \
      "from the cursor") \
    X(COMBINE, NO_OPS, 2, 1, 0, 0, \
      "pop two types; push the declared compound of their parts, or none") \
    X(MINUS, NO_OPS, 2, 1, 0, 0, \
      "pop two types a, b; push the type left when b's parts are taken from a's, or none") \
    X(RESULT, OPS(RESULT, REASON), 0, 0, F_STOP, E_RESULT, \
      "end the game: A = 1 win, 2 loss, 3 draw for the side to move; B = reason string") \
    X(RESULTFOR, OPS(RESULT, REASON), 1, 0, F_STOP, E_RESULT, \
      "pop a player P; end the game: A = 1 P wins (`win for P`); B = reason string") \
    X(RET, NO_OPS, 0, 0, F_STOP, 0, \
      "end the program (a hook accepts; a move program's branch ends)") \
    X(BAIL, NO_OPS, 0, 0, F_STOP, 0, \
      "end a legality pretest undecided: the answer needs the position after the move " \
      "(pretest.c)") \
    OPCODES_FOR_TESTS(X)

/* A test build's opcode (tests/opcode-recipe.sh, -DBOARDVM_TEST_OPCODE): a row with operands
 * of three kinds and nothing else, to show that the verifier, the disassembler and the opcode
 * list follow the table; the VM has no case for it, so a whole program does not build so. */
#ifdef BOARDVM_TEST_OPCODE
#define OPCODES_FOR_TESTS(X) \
    X(TESTOP, OPS(LOCAL, GLOBAL, JUMP), 0, 0, 0, E_RVAR, \
      "a test build's instruction: reads local A and global B, may jump to C")
#else
#define OPCODES_FOR_TESTS(X)
#endif

/* Superinstructions (superinstr.c): S(NAME, (SEQUENCE), MATCH, DOC). One stands in place of the
 * first instruction of a SEQUENCE of 2 to 4 instructions that the profiles of the program games
 * show hot, and does what the whole sequence does, in one dispatch. superinstr.c writes it over
 * the first instruction wherever the sequence stands and MATCH holds (ANY, or SAME_LOCAL: the
 * first and the last instruction name the same local); where two would, the first row, so the
 * rows go from the longest sequence to the shortest (tests/opcode-recipe.c checks). The
 * sequence stays in the code after it, so a jump into its middle runs it as written, and every
 * table that reads code one instruction at a time (the verifier, effects, origins, the
 * disassembler) reads a superinstruction as its first instruction (its base): its operands,
 * stack effect, flow and effects are the base's. It charges the steps the sequence would, so
 * the work bounds are unchanged. Its case in vm_loop.h reads the later instructions' operands. */
#define SUPERINSTRUCTIONS(S) \
    S(FILE_DIST, (LOAD, FILE, LOAD, FILE, SUB, ABS), ANY, \
      "LOAD a; FILE; LOAD b; FILE; SUB; ABS: push abs(file(a) - file(b)) (`cheb` of Nemoroth)") \
    S(RANK_DIST, (LOAD, RANK, LOAD, RANK, SUB, ABS), ANY, \
      "LOAD a; RANK; LOAD b; RANK; SUB; ABS: push abs(rank(a) - rank(b))") \
    S(LOAD_STORE_3, (LOAD, STORE, LOAD, STORE, LOAD, STORE), ANY, \
      "LOAD a; STORE b; LOAD c; STORE d; LOAD e; STORE f: three local copies in their order " \
      "(the arguments of a procedure)") \
    S(PUSH_STORE_LOAD_LOAD_LT_JZ, (PUSH, STORE, LOAD, LOAD, LT, JZ), ANY, \
      "PUSH k; STORE a; LOAD b; LOAD c; LT; JZ t: local a = k, then jump to t unless local b < " \
      "local c (`let i = 0; while i < h`: a loop's start and its first test)") \
    S(LOAD_HEIGHT_LOOP, (LOAD, HEIGHT, STORE, PUSH, STORE, LOAD), LOOP, \
      "LOAD s; HEIGHT; STORE h; PUSH k; STORE i; LOAD a; LOAD b; LT; JZ e: local h = the height " \
      "of square s, local i = k, then jump to e unless local a < local b (superinstr.c: `let h = " \
      "height(t); let i = 0; while i < h`, a walk up a stack)") \
    S(LOAD_WITH_ATTR_NE_JZ, (LOAD, LOAD, ATTR, BOR, LOAD, NE), LOOP, \
      "LOAD s; LOAD k; ATTR v; BOR; LOAD t; NE; JZ j: jump to j unless local s with attribute " \
      "v of local k added differs from local t (superinstr.c: `require (used + tower-flag(t)) " \
      "!= used`, a flag that a set lacks)") \
    S(FILE_DIFF, (LOAD, FILE, LOAD, FILE, SUB), ANY, \
      "LOAD a; FILE; LOAD b; FILE; SUB: push file(a) - file(b) (0 for a square that is none)") \
    S(RANK_DIFF, (LOAD, RANK, LOAD, RANK, SUB), ANY, \
      "LOAD a; RANK; LOAD b; RANK; SUB: push rank(a) - rank(b)") \
    S(LOAD_AT_ISTYPE_JZ, (LOAD, AT, PUSH, ISTYPE, JZ), ANY, \
      "LOAD a; AT; PUSH t; ISTYPE; JZ j: jump to j unless the piece on square a has type t " \
      "(`at(q) is Knight`, Four Towers' tower tests)") \
    S(LOAD_AT_ISTYPE_JNZ, (LOAD, AT, PUSH, ISTYPE, JNZ), ANY, \
      "LOAD a; AT; PUSH t; ISTYPE; JNZ j: jump to j if the piece on square a has type t") \
    S(PUSH_AT_LOAD_ISTYPE_JZ, (PUSH, AT, LOAD, ISTYPE, JZ), ANY, \
      "PUSH q; AT; LOAD t; ISTYPE; JZ j: jump to j unless the piece on square q has the type " \
      "in local t (`at(d5) is ty`)") \
    S(LOAD_LOAD_OPPDIR_EQ_JZ, (LOAD, LOAD, OPPDIR, EQ, JZ), ANY, \
      "LOAD a; LOAD d; OPPDIR; EQ; JZ j: jump to j unless local a is the direction opposite " \
      "local d (`if d == -f`)") \
    S(LOAD_OWNEROF_MOVER_EQ_JZ, (LOAD, OWNEROF, MOVER, EQ, JZ), ANY, \
      "LOAD a; OWNEROF; MOVER; EQ; JZ t: jump to t unless the piece in local a belongs to the " \
      "mover (`owner(p) == mover`)") \
    S(LOAD_LOAD_LOADPV_NE_JZ, (LOAD, LOAD, LOADPV, NE, JZ), ANY, \
      "LOAD a; LOAD b; LOADPV v; NE; JZ t: jump to t unless local a differs from piece " \
      "variable v of the piece in local b (`if tw != twin(p)`)") \
    S(FORNEAR, (FORBIT, LOAD, LOAD, STEPSQ), LOOP, \
      "FORBIT that first passes over the directions d whose square one step from a square x is " \
      "off the board or fails the test after it: FORBIT m d end; LOAD x (or MOVEFIELD); LOAD d; " \
      "STEPSQ; STORE t; LOAD t; PUSH -1; NE; JZ back; LOAD t; EMPTY, FRIEND or ENEMY; JZ or " \
      "JNZ back (superinstr.c: `for d in dirs { let t = step(x, d); if t != none and " \
      "friend(t) { ... } }`)") \
    S(CHOOSENEAR, (CHOOSEBIT, LOAD, LOAD, STEPSQ), LOOP, \
      "CHOOSEBIT that first passes over the directions that would fail at once: as FORNEAR, " \
      "with a jump to FAIL for each test (`choose d in dirs { let t = step(x, d); require t != " \
      "none and empty(t); ... }`)") \
    S(CHOOSEGO, (CHOOSELIST, LOAD, GO, LOAD), LOOP, \
      "CHOOSELIST that first passes over the squares that would fail at once: CHOOSELIST l i s " \
      "k; LOAD s; GO; LOAD 0; EMPTY, FRIEND or ENEMY; a jump one way of which is FAIL " \
      "(`choose s in board { go s; require empty; ... }`)") \
    S(FORRUN, (FORBIT, LOAD, LOAD, STEPSQ), LOOP, \
      "FORBIT that first passes over the directions d along which the count of squares in a " \
      "row from x that pass a test does not come to K2 (superinstr.c, run_follows: `let t = " \
      "step(x, d); let k = 1; while k < K and t != none and enemy(t) { k = k + 1; t = step(t, " \
      "d); } if k == K2 { ... }`)") \
    S(CHOOSEANY, (CHOOSELIST, LOAD, GO, LOAD), LOOP, \
      "CHOOSEGO that also passes over the squares none of whose neighbours passes the test " \
      "the branch then requires: after CHOOSEGO's test, PUSH 0; STORE f; PUSHDIRS m; STORE ml; " \
      "FORNEAR's loop over ml whose body is PUSH c; STORE f; JMP back; then LOAD f; a jump that " \
      "fails on 0 (superinstr.c: ataxx's `let near = false; for d in adjacent { ... near = " \
      "true; } require near;`)") \
    S(CHOOSETEST, (CHOOSELIST, LOAD, FRIEND, JNZ), LOOP, \
      "CHOOSELIST that first passes over the squares that would fail at once: CHOOSELIST l i s " \
      "k; LOAD s; EMPTY, FRIEND or ENEMY; a jump one way of which is FAIL (`choose a in board " \
      "{ require friend(a); ... }`)") \
    S(CHOOSEDROPS, (CHOOSELIST, LOAD, STORE, LOAD), LOOP, \
      "CHOOSELIST whose body drops a piece at the end of a walk from the square: CHOOSELIST l " \
      "i s k; LOAD s; STORE t; a WALK of t; LOAD t; PUSH -1; NE; JNZ over FAIL; the PLACE's " \
      "operands (PUSH k, MOVER or LOAD x each); PLACEEMIT (superinstr.c, drops_follow: " \
      "connect-four's `choose s in bottom { let t = s; while ... { t = step(t, n); } require " \
      "t != none; place ...; note t; emit stay; }`). At perft's last ply every element's move " \
      "is counted at once, without a choice (vm.c, count_drop_row)") \
    S(PLACEEMIT, (PLACE, LOAD, NOTE, EMIT), LOOP, \
      "PLACE followed by nothing but notes of locals or constants, an EMIT and RET: PLACE; " \
      "(LOAD x or PUSH k; NOTE k)...; EMIT; JMPs (at most PLACE_EMIT_JUMPS) to RET " \
      "(superinstr.c, place_emit_follows). Where the move is only counted " \
      "(perft's last ply), the place is not made: the move is counted with the write it " \
      "would make") \
    S(WALK, (LOAD, PUSH, NE, JZ), LOOP, \
      "LOAD that runs a walk along one direction natively: LOAD t; PUSH -1; NE; JZ e; LOAD t; " \
      "EMPTY, FRIEND or ENEMY; JZ or JNZ e; LOAD t; PUSHDIR D or LOAD d; STEPSQ; STORE t; JMP " \
      "back (superinstr.c: `while t != none and not empty(t) { t = step(t, n); }`)") \
    S(LOAD_LOAD_LT_JZ, (LOAD, LOAD, LT, JZ), ANY, \
      "LOAD a; LOAD b; LT; JZ t: jump to t unless local a < local b") \
    S(LOAD_LOAD_LE_JZ, (LOAD, LOAD, LE, JZ), ANY, "LOAD a; LOAD b; LE; JZ t") \
    S(LOAD_LOAD_GT_JZ, (LOAD, LOAD, GT, JZ), ANY, "LOAD a; LOAD b; GT; JZ t") \
    S(LOAD_LOAD_GE_JZ, (LOAD, LOAD, GE, JZ), ANY, "LOAD a; LOAD b; GE; JZ t") \
    S(LOAD_LOAD_EQ_JZ, (LOAD, LOAD, EQ, JZ), ANY, "LOAD a; LOAD b; EQ; JZ t") \
    S(LOAD_LOAD_NE_JZ, (LOAD, LOAD, NE, JZ), ANY, "LOAD a; LOAD b; NE; JZ t") \
    S(LOAD_PUSH_LT_JZ, (LOAD, PUSH, LT, JZ), ANY, \
      "LOAD a; PUSH k; LT; JZ t: jump to t unless local a < k") \
    S(LOAD_PUSH_LE_JZ, (LOAD, PUSH, LE, JZ), ANY, "LOAD a; PUSH k; LE; JZ t") \
    S(LOAD_PUSH_GT_JZ, (LOAD, PUSH, GT, JZ), ANY, "LOAD a; PUSH k; GT; JZ t") \
    S(LOAD_PUSH_GE_JZ, (LOAD, PUSH, GE, JZ), ANY, "LOAD a; PUSH k; GE; JZ t") \
    S(LOAD_PUSH_EQ_JZ, (LOAD, PUSH, EQ, JZ), ANY, "LOAD a; PUSH k; EQ; JZ t") \
    S(LOAD_PUSH_NE_JZ, (LOAD, PUSH, NE, JZ), ANY, "LOAD a; PUSH k; NE; JZ t") \
    S(LOAD_PUSH_EQ_JNZ, (LOAD, PUSH, EQ, JNZ), ANY, \
      "LOAD a; PUSH k; EQ; JNZ t: jump to t if local a == k (`ty == Rook or ...`)") \
    S(PUSH_LOAD_BTEST_JZ, (PUSH, LOAD, BTEST, JZ), ANY, \
      "PUSH k; LOAD m; BTEST; JZ t: jump to t unless bit k of local m is set (`R in p`)") \
    S(PUSH_LOAD_BTEST_JNZ, (PUSH, LOAD, BTEST, JNZ), ANY, \
      "PUSH k; LOAD m; BTEST; JNZ t: jump to t if bit k of local m is set") \
    S(LOAD_AT_TYPEOF_STORE, (LOAD, AT, TYPEOF, STORE), ANY, \
      "LOAD a; AT; TYPEOF; STORE b: local b = the type of the piece on square a (none: 0)") \
    S(LOAD_PUSHDIR_EQ_JNZ, (LOAD, PUSHDIR, EQ, JNZ), ANY, \
      "LOAD a; PUSHDIR d; EQ; JNZ t: jump to t if local a is direction d (`d == n or ...`)") \
    S(LOAD_PUSHDIR_EQ_JZ, (LOAD, PUSHDIR, EQ, JZ), ANY, \
      "LOAD a; PUSHDIR d; EQ; JZ t: jump to t unless local a is direction d (`if d == n`)") \
    S(LOAD_PUSHDIRS_BTEST_JZ, (LOAD, PUSHDIRS, BTEST, JZ), ANY, \
      "LOAD a; PUSHDIRS m; BTEST; JZ t: jump to t unless the direction in local a is in set m " \
      "(`if d in orth`)") \
    S(LOAD_LOAD_MINUS_STORE, (LOAD, LOAD, MINUS, STORE), ANY, \
      "LOAD a; LOAD b; MINUS; STORE c: local c = the type of local a without the part of " \
      "local b (`r = minus(ty, x)`)") \
    S(LOAD_LOAD_COMBINE_STORE, (LOAD, LOAD, COMBINE, STORE), ANY, \
      "LOAD a; LOAD b; COMBINE; STORE c: local c = the compound of the types in locals a and b " \
      "(`let c = combine(ty, tt)`)") \
    S(PUSH_PUSH_BCLR_STORE, (PUSH, PUSH, BCLR, STORE), ANY, \
      "PUSH a; PUSH b; BCLR; STORE c: local c = a less the members of b (`let p = R - R`, the " \
      "empty set)") \
    S(LOAD_PUSH_NE_JNZ, (LOAD, PUSH, NE, JNZ), ANY, \
      "LOAD a; PUSH k; NE; JNZ t: jump to t if local a != k (`c != none or ...`)") \
    S(LOAD_LOAD_EQ_JNZ, (LOAD, LOAD, EQ, JNZ), ANY, \
      "LOAD a; LOAD b; EQ; JNZ t: jump to t if local a == local b") \
    S(LOAD_PUSH_ADD_STORE, (LOAD, PUSH, ADD, STORE), SAME_LOCAL, \
      "LOAD a; PUSH k; ADD; STORE a: local a += k (checked)") \
    S(LOAD_PUSH_ISTYPE_JNZ, (LOAD, PUSH, ISTYPE, JNZ), ANY, \
      "LOAD a; PUSH t; ISTYPE; JNZ j: jump to j if the piece in local a has type t " \
      "(`... or p is Mummy`)") \
    S(LOAD_LOAD_BTEST_JZ, (LOAD, LOAD, BTEST, JZ), ANY, \
      "LOAD a; LOAD m; BTEST; JZ t: jump to t unless bit (local a) of local m is set (`d in ds`)") \
    S(LOAD_LOAD_BTEST_JNZ, (LOAD, LOAD, BTEST, JNZ), ANY, \
      "LOAD a; LOAD m; BTEST; JNZ t: jump to t if bit (local a) of local m is set") \
    S(PUSH_PUSH_SQUAREOF_STOREG, (PUSH, PUSH, SQUAREOF, STOREG), ANY, \
      "PUSH t; PUSH o; SQUAREOF; STOREG v: global v = the first square holding a piece of type t " \
      "and owner o (`sga = square-of(Ghast, Alabaster)`); after a scan long enough to end the " \
      "chunk of steps, the STOREG runs in a dispatch of its own (the bounds are read first)") \
    S(PUSH_STOREG_PUSH_STOREG, (PUSH, STOREG, PUSH, STOREG), ANY, \
      "PUSH j; STOREG v; PUSH k; STOREG w: global v = j, then global w = k") \
    S(LOAD_PUSH_ISTYPE_JZ, (LOAD, PUSH, ISTYPE, JZ), ANY, \
      "LOAD a; PUSH t; ISTYPE; JZ j: jump to j unless the piece in local a has type t") \
    S(LOAD_STORE_LOAD_STORE, (LOAD, STORE, LOAD, STORE), ANY, \
      "LOAD a; STORE b; LOAD c; STORE d: local b = local a, then local d = local c (the " \
      "arguments of a function)") \
    S(LOAD_STORE_PUSH_STORE, (LOAD, STORE, PUSH, STORE), ANY, \
      "LOAD a; STORE b; PUSH k; STORE c: local b = local a, then local c = k") \
    S(LOAD_LOAD_STEPSQ_STORE, (LOAD, LOAD, STEPSQ, STORE), ANY, \
      "LOAD a; LOAD d; STEPSQ; STORE b: local b = the square one step from local a along local d") \
    S(FROM_LOAD_STEPSQ_HEIGHT, (FROM, LOAD, STEPSQ, HEIGHT), ANY, \
      "FROM; LOAD d; STEPSQ; HEIGHT: push how many pieces stand one step from the move's start " \
      "along local d (`height(step(from, d))`)") \
    S(FROM_LOAD_STEPSQ_STORE, (FROM, LOAD, STEPSQ, STORE), ANY, \
      "FROM; LOAD d; STEPSQ; STORE a: local a = the square one step from the move's start along " \
      "local d") \
    S(FROM_LOAD_LOADG_PURECALL, (FROM, LOAD, LOADG, PURECALL), ANY, \
      "FROM; LOAD a; LOADG v; PURECALL c: a pure function of the move's start, local a and " \
      "global v, from its table (`gok(from, t, g)`)") \
    S(LOADG_LOAD_EQ_JZ, (LOADG, LOAD, EQ, JZ), ANY, \
      "LOADG v; LOAD a; EQ; JZ t: jump to t unless global v == local a") \
    S(LOADG_STORE_PUSH_STORE, (LOADG, STORE, PUSH, STORE), ANY, \
      "LOADG v; STORE a; PUSH k; STORE b: local a = global v, then local b = k (a procedure's " \
      "arguments)") \
    S(LOAD_LOAD_PIECEAT_STORE, (LOAD, LOAD, PIECEAT, STORE), ANY, \
      "LOAD a; LOAD b; PIECEAT; STORE c: local c = the piece at layer b of square a " \
      "(`let p = at(sq, i)`)") \
    S(PUSH_STORE_PUSH_STORE, (PUSH, STORE, PUSH, STORE), ANY, \
      "PUSH j; STORE a; PUSH k; STORE b: local a = j, then local b = k") \
    S(ADD_JMP_LT_JZ, (LOAD, PUSH, ADD, STORE), LOOP, \
      "LOAD a; PUSH k; ADD; STORE a; JMP c, where c is LOAD a; LOAD b; LT; JZ e: local a += k " \
      "(checked), then the loop's test at c in the same dispatch: on to c's body, or to e " \
      "(superinstr.c: the end of `while i < h { ...; i += 1; }`)") \
    S(LOAD_LOAD_PURECALL, (LOAD, LOAD, PURECALL), ANY, \
      "LOAD a; LOAD b; PURECALL c: a pure function of locals a and b, from its table") \
    S(PUSH_LOAD_PURECALL, (PUSH, LOAD, PURECALL), ANY, \
      "PUSH k; LOAD b; PURECALL c: a pure function of k and local b, from its table") \
    S(LOAD_PUSH_EQ, (LOAD, PUSH, EQ), ANY, "LOAD a; PUSH k; EQ: push local a == k") \
    S(LOAD_INZONE_JZ, (LOAD, INZONE, JZ), ANY, \
      "LOAD a; INZONE z; JZ t: jump to t unless square a is in zone z (`q in block-d5`)") \
    S(LOAD_INZONE_JNZ, (LOAD, INZONE, JNZ), ANY, \
      "LOAD a; INZONE z; JNZ t: jump to t if square a is in zone z") \
    S(LOAD_ATTR_STORE, (LOAD, ATTR, STORE), ANY, \
      "LOAD a; ATTR v; STORE b: local b = attribute v of local a (`let s = ra-n(here)`)") \
    S(LOAD_LOADPV_JNZ, (LOAD, LOADPV, JNZ), ANY, \
      "LOAD a; LOADPV v; JNZ t: jump to t if piece variable v of the piece in local a is set") \
    S(LOAD_LOAD_PIECEAT, (LOAD, LOAD, PIECEAT), ANY, \
      "LOAD a; LOAD b; PIECEAT: push the piece at layer b of square a") \
    S(LOAD_HEIGHT_STORE, (LOAD, HEIGHT, STORE), ANY, \
      "LOAD a; HEIGHT; STORE b: local b = how many pieces stand on square a") \
    S(LOAD_LOADPV_JZ, (LOAD, LOADPV, JZ), ANY, \
      "LOAD a; LOADPV v; JZ t: jump to t unless piece variable v of the piece in local a is set") \
    S(PUSH_EQ_JNZ, (PUSH, EQ, JNZ), ANY, "PUSH k; EQ; JNZ t: pop a; jump to t if a == k") \
    S(PUSH_EQ_JZ, (PUSH, EQ, JZ), ANY, "PUSH k; EQ; JZ t: pop a; jump to t unless a == k") \
    S(PUSH_NE_JZ, (PUSH, NE, JZ), ANY, "PUSH k; NE; JZ t: pop a; jump to t unless a != k") \
    S(PUSH_LT_JZ, (PUSH, LT, JZ), ANY, "PUSH k; LT; JZ t: pop a; jump to t unless a < k") \
    S(PUSH_LE_JZ, (PUSH, LE, JZ), ANY, "PUSH k; LE; JZ t: pop a; jump to t unless a <= k") \
    S(PUSH_GT_JZ, (PUSH, GT, JZ), ANY, "PUSH k; GT; JZ t: pop a; jump to t unless a > k") \
    S(PUSH_GE_JZ, (PUSH, GE, JZ), ANY, "PUSH k; GE; JZ t: pop a; jump to t unless a >= k") \
    S(LOAD_EMPTY_JZ, (LOAD, EMPTY, JZ), ANY, \
      "LOAD a; EMPTY; JZ t: jump to t unless square a is empty") \
    S(LOAD_EMPTY_JNZ, (LOAD, EMPTY, JNZ), ANY, \
      "LOAD a; EMPTY; JNZ t: jump to t if square a is empty") \
    S(LOAD_FRIEND_JZ, (LOAD, FRIEND, JZ), ANY, "LOAD a; FRIEND; JZ t") \
    S(LOAD_FRIEND_JNZ, (LOAD, FRIEND, JNZ), ANY, "LOAD a; FRIEND; JNZ t") \
    S(LOAD_ENEMY_JZ, (LOAD, ENEMY, JZ), ANY, "LOAD a; ENEMY; JZ t") \
    S(LOAD_ENEMY_JNZ, (LOAD, ENEMY, JNZ), ANY, "LOAD a; ENEMY; JNZ t") \
    S(LOAD_JZ, (LOAD, JZ), ANY, "LOAD a; JZ t: jump to t if local a is 0 (`if b`)") \
    S(LOAD_STEP, (LOAD, STEP), ANY, \
      "LOAD d; STEP: move the cursor along the direction in local d") \
    S(LOAD_AT, (LOAD, AT), ANY, "LOAD a; AT: push the piece on square a") \
    S(LOAD_HEIGHT, (LOAD, HEIGHT), ANY, "LOAD a; HEIGHT: push how many pieces stand on square a") \
    S(LOAD_FILE, (LOAD, FILE), ANY, "LOAD a; FILE: push the file of square a (from 1; 0: none)") \
    S(LOAD_RANK, (LOAD, RANK), ANY, "LOAD a; RANK: push the rank of square a (from 1; 0: none)") \
    S(LOAD_LOADPV, (LOAD, LOADPV), ANY, \
      "LOAD a; LOADPV v: push piece variable v of the piece in local a") \
    S(LOAD_LOADSQ, (LOAD, LOADSQ), ANY, \
      "LOAD a; LOADSQ v: push square variable v of square a (0 off the board)") \
    S(PUSH_STOREG, (PUSH, STOREG), ANY, "PUSH k; STOREG v: global variable v = k") \
    S(LOAD_STORE, (LOAD, STORE), ANY, "LOAD a; STORE b: local b = local a") \
    S(LOADG_STORE, (LOADG, STORE), ANY, "LOADG v; STORE a: local a = global variable v") \
    S(SQUARE_STORE, (SQUARE, STORE), ANY, \
      "SQUARE; STORE a: pop the rank and the file; local a = their square (none off the board)") \
    S(PUSH_STORE, (PUSH, STORE), ANY, "PUSH k; STORE a: local a = k") \
    S(PUSH_EQ, (PUSH, EQ), ANY, "PUSH k; EQ: the top of the stack == k") \
    S(PUSH_ADD, (PUSH, ADD), ANY, "PUSH k; ADD: the top of the stack + k (checked)") \
    S(PUSH_SUB, (PUSH, SUB), ANY, "PUSH k; SUB: the top of the stack - k (checked)") \
    S(LOAD_SUB, (LOAD, SUB), ANY, "LOAD a; SUB: the top of the stack - local a (checked)") \
    S(LOAD_MUL, (LOAD, MUL), ANY, "LOAD a; MUL: the top of the stack * local a (checked)") \
    S(NOT_JZ, (NOT, JZ), ANY, "NOT; JZ t: pop; jump to t if it is not 0") \
    S(NOT_JNZ, (NOT, JNZ), ANY, "NOT; JNZ t: pop; jump to t if it is 0") \
    S(COUNTTAIL, (LOAD), LOOP, \
      "LOAD at the head of a move's tail: code after the branch's last test that cannot fail " \
      "and ends in EMIT; RET (tails.c: MOVEP, a loop writing the owner of the neighbours that " \
      "pass a test, notes, copies of locals). At perft's last ply the move is counted with " \
      "what the tail would charge and write, without running it (counttail.c); else a LOAD") \
    S(JMP_JZ, (JMP), LOOP, \
      "JMP to a JZ: the JZ at the jump's target done in the same dispatch (superinstr.c: `(a " \
      "and b) or c`, whose parts end at one jump)") \
    S(JMP_JNZ, (JMP), LOOP, \
      "JMP to a JNZ: the JNZ at the jump's target done in the same dispatch") \
    S(FAILBACK, (FAIL), LOOP, \
      "FAIL that only ways from one CHOOSELIST, CHOOSETEST or CHOOSEBIT reach which write no " \
      "state, make no choice and write none of the locals its choice restores (failbacks.c): " \
      "when that choose left its choice, go back to it with the choice kept, as a failure " \
      "would, without restoring or undoing anything; else fail")

/* What a superinstruction's sequence must meet besides its opcodes (the MATCH column); LOOP:
 * never matched by the table: superinstr.c finds the whole pattern (longer than the SEQUENCE
 * given, which is its start) itself */
enum { M_ANY, M_SAME_LOCAL, M_LOOP };

typedef enum {
#define X(name, ops, pop, push, flow, effect, doc) OP_##name,
    OPCODES(X)
#undef X
#define S(name, seq, match, doc) OP_##name,
    SUPERINSTRUCTIONS(S)
#undef S
    OPCODE_COUNT
} Opcode;

/* The superinstructions are the last rows */
#define S(name, seq, match, doc) + 1
enum { FIRST_SUPERINSTRUCTION = OPCODE_COUNT - (0 SUPERINSTRUCTIONS(S)) };
#undef S

typedef struct {
    const char *name;
    int nops, pop, push;
    signed char kind[4];         /* operands A-D: OperandKind, or -1 past the last */
    int jump;                    /* the operand (1-4) of kind JUMP, or 0 */
    int keep;                    /* the operand (1-4) of kind KEEP (it leaves a choice), or 0 */
    int stops;                   /* control never falls through to the next instruction */
    int effect;                  /* E_* */
    const char *doc;
    int base;                    /* a superinstruction's first instruction; else the opcode */
    int length;                  /* the instructions it stands for (1 but for superinstructions) */
    int seq[6];                  /* those instructions (a superinstruction's sequence) */
    int match;                   /* M_*: what else the sequence must meet */
} OpcodeInfo;

extern const OpcodeInfo opcode_info[OPCODE_COUNT];

typedef struct {
    const char *name;            /* as the disassembler and the opcode list say it */
    int32_t lo, hi;              /* every operand of the kind is in lo..hi */
    const char *const *names;    /* the names of lo, lo + 1, ... hi, or NULL */
    const char *doc;
} OperandKindInfo;

extern const OperandKindInfo operand_kind_info[OPERAND_KIND_COUNT];

#endif
