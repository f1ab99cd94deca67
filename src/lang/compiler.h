/* compiler.h - internals shared by the compiler's passes (not a public interface).
 *
 * compile.c  declarations: board, directions, zones, variables, pieces; the state layout
 * codegen.c  programs: statements and expressions to bytecode, with type checks
 * verify.c   the bytecode verifier, run on every function before the game is used
 */
#ifndef BOARDVM_COMPILER_H
#define BOARDVM_COMPILER_H

#include "ast.h"
#include "diag.h"
#include "game.h"

typedef enum {
    SYM_PLAYER, SYM_DIR, SYM_DIRSET, SYM_ZONE, SYM_ATTR, SYM_FLAGSET, SYM_FLAG, SYM_VAR,
    SYM_TYPE, SYM_DEF, SYM_OPTION, SYM_FN
} SymKind;

typedef struct Sym {
    const char *name;
    SymKind kind;
    int index;          /* into the game's table of that kind */
    int extra;          /* SYM_FLAG: its flag set */
    Ast *decl;
    int expanding;      /* SYM_DEF, SYM_FN: a call of it is being expanded (another is recursion) */
    int pure;           /* SYM_FN: 1 its value depends on its arguments only, -1 not, 0 not known
                           yet (purecall.c) */
    struct Sym *next;
} Sym;

typedef struct { int t, extra; } Ty;     /* a VT_* type; extra: flag set of VT_FLAGS */

typedef struct { const char *name; int slot; Ty ty; } Local;

#define SYM_BUCKETS 1024

/* `def` and `fn` bodies are expanded where they are called, so a procedure that calls the one
 * before it twice doubles the code at each level: 40 such levels in 1.4 KB would take days to
 * expand. The statements and expressions compiled inside calls are counted and bounded, well
 * above what the shipped games expand (Four Towers, the most: see docs/language.md "Limits"); it
 * comes before the code bound, MAX_CODE, which only code written out reaches (a 5 MB file). */
#define MAX_EXPANDED 1000000

/* A piece's `value` and its `bonus` on any square, in centipawns (the engine's scores are ints
 * and its mate scores 30000: values up to 2^31-1 overflowed its sums). */
#define MAX_PIECE_VALUE 100000

typedef struct {
    Game *g;
    Diag *diag;
    const struct GraphBoard *graph;    /* a board of named positions (tree_compile.h), or NULL */
    Arena tmp;                         /* compile-time scratch */
    Arena tree;                        /* the syntax tree's nodes (its strings: g->arena) */
    Sym *sym[SYM_BUCKETS];
    int code_cap;
    /* the function being compiled */
    int fn_kind;                       /* FN_* */
    int hook;                          /* HOOK_* when fn_kind == FN_HOOK */
    int extending;                     /* compiling `moves extend { }` (no become, land...) */
    int deferring;                     /* compiling `defer { }`: its effects are recorded */
    Local locals[MAX_LOCALS]; int nlocals, maxlocals;
    int line;                          /* source line of the code being emitted */
    int *breaks; int nbreaks, capbreaks, loop_depth;
    int nexpanding;                    /* def and fn calls being expanded, one in another */
    long expanded;                     /* statements and expressions compiled inside `def` and
                                          `fn` calls, all programs together (MAX_EXPANDED) */
    int expand_failed;                 /* ... went over it: no more expanding (said once) */
    int pure_off;                      /* >0: inside code a table answers (purecall.c) */
    int nesting;
    int dirs_closed;                   /* the direction table is final */
    SrcLoc incheck_at;                 /* the first use of `in-check` (a warning without royals) */
    int full;                          /* tables found full (1 constants, 2 strings, 4 lists):
                                          each is reported once, not at every later use */
    /* compiling an `after-move` variant (hookvariants.c): what is known of the move made, so
     * that conditions on it alone compile to their outcome (codegen.c, decide) */
    int facts, fact_mover, fact_type, fact_captured;
    /* a board walk's body kept by square (squarelocal.c): the `if` whose block it is, where
     * the walk's body is one `if` (FORTEST passes over the squares its test fails), its site */
    const Ast *memo_if; int memo_site, memo_head;  /* (memo_head: the walk's FORLIST) */
} Compiler;

Sym *sym_find(Compiler *C, const char *name);
Sym *sym_add(Compiler *C, const char *name, SymKind kind, int index, Ast *decl);
const char *sym_kind_name(SymKind k);

/* codegen.c */
int emit_word(Compiler *C, int32_t w);
int emit_op(Compiler *C, int op, ...);           /* operands follow, as ints */
void patch(Compiler *C, int at, int target);
int compile_function(Compiler *C, const char *name, int kind, int hook, Ast *block,
                     int (*prologue)(Compiler *C, void *arg), void *arg);
int make_list(Compiler *C, int vtype, int n, const int32_t *items);
int const_dirset(Compiler *C, Ast *lit, uint64_t *mask_out);  /* returns dirset index or -1 */
const char *type_name(Ty t, const Game *g);
void suggest(Compiler *C, const char *name, SrcLoc loc);   /* a "did you mean" note */

/* verify.c: 1 if the bytecode is safe. A failure is an internal error, except one that a rules
 * file can reach: an expression needing more than MAX_STACK_DEPTH values at once; for that one
 * *deep_pc is set to the instruction (else it is -1). */
/* The code generator's own helpers, for setvalues.c (codegen.c). */
Ty codegen_expr(Compiler *C, Ast *e);                      /* a value onto the stack */
Ty codegen_expect(Compiler *C, Ast *e, Ty want, const char *what);
int codegen_new_local(Compiler *C, const char *name, Ty ty, SrcLoc loc);
Local *codegen_find_local(Compiler *C, const char *name);

/* Set values (setvalues.c, docs/design.md G11). Sets of directions and flags are masks on the
 * stack; a zone value lives in ZONE_WORDS(g) locals from a slot on. */
Ty setv_bits_literal(Compiler *C, Ast *lit, Ty want);     /* `[...]` as a set of type want */
Ty setv_literal_value(Compiler *C, Ast *lit);             /* ... of the kind its elements say */
int setv_const_dirs(Compiler *C, Ast *t);                 /* only names of directions in t */
/* Only names of constants (squares, directions, types, players, flags) in the literal: in
 * brackets such a name is the constant, even where a local has the same name. */
int setv_const_names(Compiler *C, Ast *set);
Ty setv_bits_operand(Compiler *C, Ast *e, Ty set_ty);     /* a set, or an element of one */
int setv_is_zone(Compiler *C, Ast *e);                    /* e is a zone expression */
int setv_zone_alloc(Compiler *C, const char *name, SrcLoc loc);   /* its first slot */
void setv_zone(Compiler *C, Ast *e, int dest);            /* compile e into the locals at dest */
void setv_zone_update(Compiler *C, int dest, int op, Ast *r);     /* dest += / -= r ('+', '-') */
int setv_zone_copy(Compiler *C, Ast *set);                /* e into new locals: their slot */
Ty setv_zone_member(Compiler *C, Ast *x, Ast *set);       /* `x in set` */
Ty setv_zone_size(Compiler *C, Ast *set);
Ty setv_zone_equal(Compiler *C, Ast *l, Ast *r, int equal);

int verify_function(const Game *g, int fn, char *err, size_t errlen, int *deep_pc);
/* Jump threading (jumps.c), on a verified program; it is verified again after. */
void thread_jumps(Game *g, int fn);
/* Where a jump to t in code[entry, end) goes on at once (through JMPs, and PUSH k; JZ/JNZ). */
int jump_resolve(const int32_t *code, int entry, int end, int t);
/* Pure `fn`s answered from tables (purecall.c, src/bytecode/puretab.c; docs/runtime.md step 44) */
/* 1: fn reads its parameters alone; 2: global variables too (square, direction, bool); 0 */
int purecall_fn_is_pure(Compiler *C, Sym *fn);
/* The global variables a pure fn reads, into vars (up to max): their number, -1 past max */
int purecall_fn_globals(Compiler *C, Sym *fn, int32_t *vars, int max);
/* The table for a call of fn with these argument types, constants (vary[i] 0) and arguments
 * it is indexed by (vary[i] 1), and keyed by the values of the nglob globals gvar too: its
 * index, or -1 where it would be too large. */
int purecall_table(Compiler *C, const void *key, int nargs, const Ty *tys, const int64_t *konst,
                   const uint8_t *vary, int nglob, const int32_t *gvar);
int purecall_site(Compiler *C, int table);        /* a new call of the table: its index */
/* A pure expression of locals answered from a table: its site (PURELOCALS), or -1 */
int purecall_expr_site(Compiler *C, Ast *e);
/* A board walk's body in a hook whose effect on its square is a function of a few words
 * (squarelocal.c; docs/runtime.md step 54): its site in Game.sqmemo_sites, or -1 */
int sqmemo_site(Compiler *C, const Ast *body, const char *sq_name, int sq_slot);
void fuse_superinstructions(Game *g, int fn);     /* superinstr.c */
void lower_choice_keeps(Game *g, int fn);         /* keeps.c */
void find_choice_masks(Game *g, int fn);          /* keeps.c: after lower_choice_keeps */
uint64_t locals_written_by(const Game *g, int pc); /* keeps.c: the locals it names, not read only */
void find_fail_backs(Game *g, int fn);            /* failbacks.c: after find_choice_masks */
/* Sets g->legal_in_check_first and g->legal_pretest_fn (pretest.c); before verification. */
void derive_legal_pretest(Compiler *C);
/* The conditions an `after-move` variant decides (codegen.c): 1 and *q where e is one. */
enum { Q_MOVER, Q_TYPE, Q_CAPTURED };
typedef struct { int what, value, eq; } Question;
int codegen_question(Compiler *C, Ast *e, Question *q);
int codegen_answer(const Compiler *C, const Question *q);      /* 1 true, 0 false */
/* Game.after_move_variant, where the hook's `if`s ask what a variant knows (hookvariants.c). */
void compile_after_move_variants(Compiler *C, Ast **decls, int nd);

#endif
