/* builtins.c - the table of built-ins (see builtins.h). One row per name and form; a function
 * with two arities (`step(sq, d)`, `step(sq, d, P)`) has a row for each. Keep one row on one
 * line that starts with `B(`: tests/builtins-doc.sh reads the names from them. */
#include "builtins.h"
#include <string.h>
#include "game.h"
#include "opcodes.h"

#define B(name, form, n, a0, a1, a2, w0, w1, w2, ret, op0, opnd0, op1, where) \
    { name, form, n, { a0, a1, a2 }, { w0, w1, w2 }, ret, { op0, op1 }, { opnd0, 0 }, where }
#define S VT_SQUARE
#define N_ -1
#define Z NULL

const Builtin builtins[] = {
B("here",         BI_NAME, 0, N_, N_, N_, Z, Z, Z, S,         OP_LOAD, 0, -1, 0),
B("from",         BI_NAME, 0, N_, N_, N_, Z, Z, Z, S,         OP_FROM, 0, -1, BI_NOT_IN_EXTEND),
B("mover",        BI_NAME, 0, N_, N_, N_, Z, Z, Z, VT_PLAYER, OP_MOVER, 0, -1, 0),
B("opponent",     BI_NAME, 0, N_, N_, N_, Z, Z, Z, VT_PLAYER, OP_OPPONENT, 0, -1, 0),
B("to-move",      BI_NAME, 0, N_, N_, N_, Z, Z, Z, VT_PLAYER, OP_TOMOVE, 0, -1, 0),
B("piece",        BI_NAME, 0, N_, N_, N_, Z, Z, Z, VT_PIECE,  OP_PIECE, 0, -1, 0),
B("layer",        BI_NAME, 0, N_, N_, N_, Z, Z, Z, VT_INT,    OP_LAYER, 0, -1, 0),
B("dropping",     BI_NAME, 0, N_, N_, N_, Z, Z, Z, VT_TYPE,   OP_DROPPING, 0, -1, 0),
B("victim",       BI_NAME, 0, N_, N_, N_, Z, Z, Z, VT_PIECE,  OP_VICTIM, 0, -1, BI_CAPTURE_HOOK),
B("empty",        BI_NAME, 0, N_, N_, N_, Z, Z, Z, VT_BOOL,   OP_LOAD, 0, OP_EMPTY, 0),
B("enemy",        BI_NAME, 0, N_, N_, N_, Z, Z, Z, VT_BOOL,   OP_LOAD, 0, OP_ENEMY, 0),
B("friend",       BI_NAME, 0, N_, N_, N_, Z, Z, Z, VT_BOOL,   OP_LOAD, 0, OP_FRIEND, 0),
B("in-check",     BI_NAME, 0, N_, N_, N_, Z, Z, Z, VT_BOOL,   OP_INCHECK, 0, -1, BI_ASKS_CHECK),
B("no-moves",     BI_NAME, 0, N_, N_, N_, Z, Z, Z, VT_BOOL,   OP_NOMOVES, 0, -1, BI_END_OR_LEGAL),
B("repetition",   BI_NAME, 0, N_, N_, N_, Z, Z, Z, VT_INT,    OP_REPETITION, 0, -1, 0),
B("emitted",      BI_NAME, 0, N_, N_, N_, Z, Z, Z, VT_INT,    OP_EMITTED, 0, -1, 0),
B("empty",        BI_CALL, 1, S, N_, N_, Z, Z, Z, VT_BOOL,    OP_EMPTY, 0, -1, 0),
B("enemy",        BI_CALL, 1, S, N_, N_, Z, Z, Z, VT_BOOL,    OP_ENEMY, 0, -1, 0),
B("friend",       BI_CALL, 1, S, N_, N_, Z, Z, Z, VT_BOOL,    OP_FRIEND, 0, -1, 0),
B("at",           BI_CALL, 1, S, N_, N_, Z, Z, Z, VT_PIECE,   OP_AT, 0, -1, 0),
B("at",           BI_CALL, 2, S, VT_INT, N_, Z, "a layer (0 = the bottom piece)", Z, VT_PIECE,
  OP_PIECEAT, 0, -1, 0),
B("height",       BI_CALL, 1, S, N_, N_, Z, Z, Z, VT_INT,     OP_HEIGHT, 0, -1, 0),
B("type",         BI_CALL, 1, VT_PIECE, N_, N_, Z, Z, Z, VT_TYPE, OP_TYPEOF, 0, -1, 0),
B("owner",        BI_CALL, 1, VT_PIECE, N_, N_, Z, Z, Z, VT_PLAYER, OP_OWNEROF, 0, -1, 0),
B("file",         BI_CALL, 1, S, N_, N_, Z, Z, Z, VT_INT,     OP_FILE, 0, -1, 0),
B("rank",         BI_CALL, 1, S, N_, N_, Z, Z, Z, VT_INT,     OP_RANK, 0, -1, 0),
B("square",       BI_CALL, 2, VT_INT, VT_INT, N_, "a file number", "a rank number", Z, S,
  OP_SQUARE, 0, -1, 0),
B("step",         BI_CALL, 2, S, VT_DIR, N_, Z, Z, Z, S,      OP_STEPSQ, 0, -1, 0),
B("step",         BI_CALL, 3, S, VT_DIR, VT_PLAYER, Z, Z, Z, S, OP_REMAPDIR, 0, OP_STEPSQ, 0),
B("can-move-to",  BI_CALL, 1, S, N_, N_, Z, Z, Z, VT_BOOL,    OP_CANMOVETO, 0, -1, 0),
B("attacks",      BI_CALL, 2, S, S, N_, Z, Z, Z, VT_BOOL,     OP_ATTACKS, 0, -1, BI_NOT_IN_ATTACK),
B("attacked",     BI_CALL, 1, S, N_, N_, Z, Z, Z, VT_BOOL,    OP_OPPONENT, 0, OP_ATTACKED,
  BI_NOT_IN_ATTACK),
B("attacked",     BI_CALL, 2, S, VT_PLAYER, N_, Z, Z, Z, VT_BOOL, OP_ATTACKED, 0, -1,
  BI_NOT_IN_ATTACK),
B("in-check",     BI_CALL, 1, VT_PLAYER, N_, N_, Z, Z, Z, VT_BOOL, OP_INCHECKOF, 0, -1,
  BI_NOT_IN_ATTACK | BI_ASKS_CHECK),
B("royal-square", BI_CALL, 1, VT_PLAYER, N_, N_, Z, Z, Z, S,  OP_ROYALSQ, 0, -1, 0),
B("combine",      BI_CALL, 2, VT_TYPE, VT_TYPE, N_, Z, Z, Z, VT_TYPE, OP_COMBINE, 0, -1, 0),
B("minus",        BI_CALL, 2, VT_TYPE, VT_TYPE, N_, Z, Z, Z, VT_TYPE, OP_MINUS, 0, -1, 0),
B("count",        BI_CALL, 2, VT_TYPE, VT_PLAYER, N_, Z, Z, Z, VT_INT, OP_COUNT, 0, -1, 0),
B("square-of",    BI_CALL, 2, VT_TYPE, VT_PLAYER, N_, Z, Z, Z, S,  OP_SQUAREOF, 0, -1, 0),
B("hand",         BI_CALL, 2, VT_PLAYER, VT_TYPE, N_, Z, Z, Z, VT_INT, OP_HAND, 0, -1, 0),
B("size",         BI_CALL, 1, VT_DIRS, N_, N_, Z, Z, Z, VT_INT, OP_POPCNT, 0, -1, 0),  /* any set:
                                                                    codegen.c set_size */
B("abs",          BI_CALL, 1, VT_INT, N_, N_, Z, Z, Z, VT_INT, OP_ABS, 0, -1, 0),
B("min",          BI_CALL, 2, VT_INT, VT_INT, N_, Z, Z, Z, VT_INT, OP_MIN, 0, -1, 0),
B("max",          BI_CALL, 2, VT_INT, VT_INT, N_, Z, Z, Z, VT_INT, OP_MAX, 0, -1, 0),
};
const int nbuiltins = (int)(sizeof builtins / sizeof *builtins);

const Builtin *builtin_find(const char *name, int form, int nargs, int *lo, int *hi)
{
    const Builtin *found = NULL;
    int l = -1, h = -1;
    for (int i = 0; i < nbuiltins; i++) {
        const Builtin *b = &builtins[i];
        if (strcmp(b->name, name) || b->form != form) continue;
        if (l < 0 || b->nargs < l) l = b->nargs;
        if (b->nargs > h) h = b->nargs;
        if (b->nargs == nargs) found = b;
    }
    if (lo) *lo = l < 0 ? 0 : l;
    if (hi) *hi = h < 0 ? 0 : h;
    return found;
}
