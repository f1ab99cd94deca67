/* builtins.h - the built-in names and functions of the rules language, in one table.
 *
 * The code generator (codegen.c) binds a name or a call to a row of this table, checks its
 * arguments and where it is used from the row, and emits the row's instructions; "did you
 * mean" draws from the same names; tests/builtins-doc.sh checks that docs/language.md and
 * man/boardvm-rules.5 document every name the table lists. A new built-in is one row (and its
 * opcode, if it needs a new one: docs/architecture.md). */
#ifndef BOARDVM_BUILTINS_H
#define BOARDVM_BUILTINS_H

enum { BI_NAME, BI_CALL };       /* `here`, or `step(sq, d)` with nargs arguments */

/* Where a built-in may be used (checked when it is compiled). */
enum {
    BI_NOT_IN_ATTACK = 1,        /* an attack program cannot ask what is attacked */
    BI_CAPTURE_HOOK = 2,         /* only in `on capture` */
    BI_END_OR_LEGAL = 4,         /* only in `end` and `legal` */
    BI_NOT_IN_EXTEND = 8,        /* not in `moves extend` (the move has been made there) */
    BI_ASKS_CHECK = 16,          /* asks about check: a warning when no piece is royal */
};

typedef struct {
    const char *name;
    int form, nargs;             /* BI_NAME (nargs 0) or BI_CALL */
    int arg[3];                  /* the VT_* of each argument */
    const char *what[3];         /* how an error names an argument, when not by its type */
    int ret;                     /* the VT_* of its value */
    int op[2], operand[2];       /* the instructions after the arguments (op -1: none) */
    int where;                   /* BI_* above */
} Builtin;

extern const Builtin builtins[];
extern const int nbuiltins;

/* The row for `name` used as form with nargs arguments; NULL if none. *lo and *hi (when not
 * NULL) get the fewest and most arguments any call form of the name takes (0 0: none). */
const Builtin *builtin_find(const char *name, int form, int nargs, int *lo, int *hi);
#endif
