/* game.h - a compiled game: everything the compiler derives from a rules file.
 *
 * A Game is immutable once compiled, so any number of positions (and threads) can share it.
 * Limits that a rules file can reach are named here and enforced by the compiler with errors.
 */
#ifndef BOARDVM_GAME_H
#define BOARDVM_GAME_H

#include <stdint.h>
#include <stdio.h>
#include "arena.h"
#include "diag.h"

/* The board: at most MAX_SQUARES squares on a grid of at most MAX_FILES x MAX_RANKS cells (a
 * Zillions board's layout grid too). Files past z are named aa..az, ba.. (game_file_name()).
 * sq_x and sq_y are int8_t: MAX_FILES and MAX_RANKS stay at most 128. Nothing a position or a
 * search node holds is sized by these: they size by the game's nsq (issue 35). */
#define MAX_FILES 128
#define MAX_RANKS 128
#define MAX_SQUARES 4096          /* the largest Zillions boards of the corpus: Filler's 3214
                                     positions, Tavreli's 1344 */
#define MAX_STACK 16
#define MAX_DIRS 64
#define MAX_TYPES 255                 /* the type field of a piece word has 8 bits, 0: none */
#define TYPE_WORDS ((MAX_TYPES + 64) / 64)   /* 64-bit words of a set of types (bit t: type t) */
#define MAX_PLAYERS 15               /* the owner field of a piece word has 4 bits: owner+1 */
#define MAX_LAYER_SETS 4            /* Game.layer_sets: the layers of a stack kept as sets */
#define MAX_TURN_ORDER 256        /* entries of a turn-order table (Game.norder) */
#define MAX_VARS 64
#define MAX_DISPLAY 16                 /* variables a `display` block lists */
#define MAX_LOCALS 64
#ifndef MAX_CODE                  /* (-DMAX_CODE=N to measure a larger file) */
#define MAX_CODE (1 << 23)        /* code words in all, 8388608: the largest Zillions file of the
                                     corpus, Tavreli, compiles to 7.4 million (its macros expand
                                     to 426000 lines), Cub Wars and Duel to 1.9 million */
#endif
#define MAX_STACK_DEPTH 32
#define MAX_MOVES 1048576         /* moves in one position (a top-level block can make many; a Four
                                     Towers position reached in a game has 159534) */
#define MAX_NESTING 64
#define MAX_CONSTANTS 4096        /* distinct int constants beyond 32 bits in a rules file's code */
#define MAX_STRINGS 4096          /* distinct strings (notes, suffixes, reasons), the empty one
                                     included */
#define MAX_LISTS 1024            /* zones and set literals */
#define MAX_SET 256               /* elements of one set literal */
#define STEP_BUDGET 100000        /* instructions between two emitted moves of one program run (an
                                     endless loop is caught early); `moves steps N;` sets a game's
                                     own */
#define MAX_STEP_LIMIT 1000000000L /* `moves steps N;` at most this (the position's work bound still
                                     applies: a run can never pass GEN_BUDGET or `moves work N;`) */
#ifndef GEN_BUDGET                /* (-DGEN_BUDGET=N to measure a heavier game) */
#define GEN_BUDGET 1000000000L     /* work for one position: every instruction run from the start
                                     of its move generation on (hooks, legality tests included),
                                     plus each state write and note character copied into a move.
                                     The heaviest position of the tests (nemoroth.test N17, 40320
                                     push orders) takes 1.9e8, about half a second. A game that
                                     needs more says so (`moves work N;`): a Four Towers dragon
                                     tower with 52470 moves takes 2.9e9 (some 30 s). */
#endif
#define MAX_WORK_MILLIONS 100000  /* `moves work N;` raises GEN_BUDGET for one game, up to 1e11 */
#define MAX_CHOICES 100000        /* choices open at once in one program run (backtracking stack) */
#define MAX_MOVESOF_NEST 8        /* `moves-of` runs inside one another */
#define MAX_DEFERRED 65536        /* effects `defer` holds at once in one program run */
#define MAX_REPLY_NEST 8          /* `no-moves` in `legal` asked of a reply, inside one another */
#define MAX_ATTACK_NEST 8         /* attack and reach tests run by programs inside one another */
#define MAX_CAPTURE_NEST 64       /* `on capture` runs inside one another (a hook that captures:
                                     each level is a C stack frame of the interpreter) */
#define MAX_MOVE_TEXT 4096        /* characters of one move's notes (and of its qualifier) */
#define MAX_HAND 1000             /* pieces of one type in one hand: what a position string can
                                     say */
#define MAX_LIST_OPS (1 << 24)    /* state writes recorded in the moves of one position (128 MB;
                                     the heaviest of the tests, in four-towers, has 4.3 million) */
#define MAX_LISTS_MIB 512         /* the move lists of a process together (a list a ply) */
#define MAX_LIST_TEXT (1 << 24)   /* characters of notes and qualifiers of one position's moves */
#define MAX_GEN_TRAIL (1 << 22)   /* state changes not taken back while one position's moves are
                                     generated (hooks keep theirs): 32 MB of undo trail */

/* A piece word: type in bits 0-7 (0 = no piece), owner+1 in bits 8-11 (0 = no owner, e.g. a
 * neutral piece), piece variables packed from bit 12 up. 0 means an empty square. */
#define PW_TYPE(w)   ((int)((uint32_t)(w) & 0xffu))
#define PW_OWNER(w)  ((int)(((uint32_t)(w) >> 8) & 0xfu) - 1)
#define PW_MAKE(t, owner) ((int32_t)((uint32_t)(t) | ((uint32_t)((owner) + 1) << 8)))
#define PW_WITH_TYPE(w, t) ((int32_t)(((uint32_t)(w) & ~0xffu) | (uint32_t)(t)))

/* Kinds the compiler writes into the game and the runtime reads. */
enum { VAR_GLOBAL = 0, VAR_PLAYER, VAR_SQUARE, VAR_PIECE };
enum { MODE_ANY = 0, MODE_MOVE, MODE_CAPTURE };
enum { HOOK_LEGAL = 0, HOOK_AFTER_MOVE, HOOK_TURN_START, HOOK_CAPTURE, HOOK_END, HOOK_SETUP,
       HOOK_COUNT };
enum { EMIT_MOVE = 0, EMIT_STAY, EMIT_DROP };
enum { RESULT_WIN = 1, RESULT_LOSS, RESULT_DRAW };

enum { ATOM_LEAP, ATOM_RIDE, ATOM_HOP };
enum { VT_INT, VT_BOOL, VT_SQUARE, VT_DIR, VT_DIRS, VT_TYPE, VT_PLAYER, VT_PIECE, VT_ZONE,
       VT_FLAGS, VT_NONE, VT_VOID, VT_LIST };

/* A leap, ride or hop line of a piece, run natively (movegen.c). dir and leg are relative
 * direction indexes; leg >= 0: a leap that first steps `leg` onto an empty square (`n+ne`).
 * to_zone / from_zone: the zone (list index) the move must end / start in, or -1. */
typedef struct { int kind, mode; int dir, leg; int to_zone, from_zone; } Atom;
#define ATOM_PLAIN(a) \
    ((a)->leg < 0 && (a)->kind != ATOM_HOP && (a)->to_zone < 0 && (a)->from_zone < 0)

typedef struct {
    const char *name, *code;     /* code as declared ("N", "Mr") */
    char *lcode;                 /* the second player's code (lower case) */
    int value, royal, neutral;   /* neutral: belongs to no player (never friend or enemy) */
    int natoms; Atom *atoms;
    int nattack_atoms; Atom *attack_atoms;
    int atoms_overlap;           /* two of its lines may reach one square (`leap e; ride e;`):
                                    the generator lists each such move once (movegen.c) */
    int moves_fn, attack_fn;     /* entry of the `moves` / `attack { }` program, or -1 */
    int attack_moves;            /* `attack moves;`: its moves program counts as attacks */
    int nnear; Atom *near;       /* `attack near DIRS { }`: the squares its attack program can
                                    reach, one leap along DIRS from it (movegen.c runs it only
                                    for a target there); 0: anywhere */
    int bonus_attr;              /* `bonus NAME;`: an int attribute the engine adds, or -1 */
    int nparts; uint8_t part[8]; /* its simple parts, sorted (a simple type: itself) */
} PieceType;

typedef struct {
    const char *name;
    int kind;                    /* VAR_GLOBAL, VAR_PLAYER, VAR_SQUARE, VAR_PIECE */
    int vtype, flagset;          /* value type; for VT_FLAGS the flag set index */
    int64_t init;
    int reset, uncounted;        /* uncounted: not part of a position's identity for repetition */
    int transient;               /* no part of the position (not hashed, not in moves or position
                                    strings), set back to its start value at every turn */
    int base;                    /* offset in the state array (not for piece vars) */
    int shift, bits;             /* piece vars: place in the piece word */
    int max;                     /* piece vars: the largest value (`0..N`: N; a bool 1) */
    const char *mark;            /* a bool piece var: how true is written after the piece's code
                                    in position strings (`Q~`), or NULL: in braces */
    int value, value_pct;        /* piece vars, `value N` / `value N%`: what the engine adds to
                                    the piece's value per unit of the variable, or the percentage
                                    of its type's value it counts while the variable is not 0
                                    (value_pct: 1 for the second form) */
    int hidden;                  /* `display { hide V; }`: bookkeeping, not drawn by the web board
                                    nor by svg (still in position strings) */
} Var;

typedef struct { const char *name; int nflags; const char *flag[64]; } FlagSet;

/* A test of the position that a move program makes before it can do anything, or the `end`
 * block before it can end the game (guards.c), passed when its answer (0 or 1) is `want`. */
enum {
    GT_MASK,                     /* (st[loc] & mask) == val */
    GT_CMP,                      /* st[loc] compared (op: OP_EQ ... OP_GE) with val */
    GT_TOP_TYPE,                 /* the top piece of square loc has type val (a stack) */
    GT_FRIEND, GT_ENEMY,         /* the top piece of square loc is the mover's, another side's */
    GT_INCHECK,                  /* the mover is in check */
    GT_REP,                      /* `repetition` compared (op) with val */
    GT_WAY,                      /* a way's first word: the val tests after it are the way's */
    GT_END                       /* after a list's last way */
};
typedef struct { uint8_t kind, want; int16_t op; int32_t loc, mask, val; } GuardTest;
/* A program's ways from its start (its `either` branches, the arms of its first `if`s) for each
 * player and square it moves from, each the tests of the position it makes before anything the
 * analysis cannot follow (those of `mover` and `from` decided already): a run may do something
 * only where one way's tests pass. */
typedef struct ProgramGuard {
    const int32_t *start;        /* per player * nsq + square (for `end`, + 1 where there is
                                    no legal move): its first way's GT_WAY in test */
    const GuardTest *test;
} ProgramGuard;

typedef struct {
    const char *name; int vtype, flagset;
    int key, n;                  /* keyed by VT_SQUARE, VT_TYPE, VT_DIR or VT_PLAYER; n keys */
    int64_t *value;              /* per key (a square, type, direction or player index) */
} Attribute;

typedef struct {                 /* a constant list (zone, type list...) per player */
    int vtype;
    int n[MAX_PLAYERS];
    int32_t *item[MAX_PLAYERS];
    uint8_t *member[MAX_PLAYERS];   /* for zones: membership by square, else NULL */
    uint8_t square_order;        /* every square in index order for every player (`board`):
                                    set by the runtime's preparation (movegen_prepare) */
} List;

typedef struct {                 /* a bytecode function */
    const char *name;
    int entry, end;              /* code range */
    int nlocals;
    int kind;                    /* FN_MOVES, FN_ATTACK, FN_DROPS, FN_HOOK */
} CodeFunction;
enum { FN_MOVES, FN_ATTACK, FN_DROPS, FN_HOOK };

typedef struct {
    const char *name;            /* option name */
    int nvalues; const char **values;   /* enum values; 0 = a flag */
    int value;                   /* chosen: index, or 0/1 for a flag */
    int numeric;                 /* every value is a number: the option is an int in code */
} Option;

typedef struct {                 /* reverse attack table entry for one attacking player */
    int dir;                     /* absolute direction the attacker moves in */
    uint8_t any_leap, any_ride;  /* (the masks below are not empty: tested first) */
    uint64_t leap[TYPE_WORDS], ride[TYPE_WORDS];   /* type masks */
} AttackDir;

typedef struct {                 /* attackdirs[by][i], seen from a square (Game.attack_start) */
    int16_t first;               /* the first square the line back from it reaches */
    uint8_t i, back;             /* the direction's index in attackdirs; the way back */
} AttackStart;

typedef struct {                 /* attacks of the atoms that are not ATOM_PLAIN, for one player */
    int kind, dir, leg;          /* absolute directions; leg -1: none */
    int to_zone, from_zone;      /* as Atom */
    uint64_t types[TYPE_WORDS];  /* the types with this atom */
} ExtAttack;

/* A `position` declaration: its fields, and what separates them (NULL: spaces). */
typedef struct { const char *sep; int nfields; const char **fields; } PosFormat;
#define MAX_FORMATS 4

/* A pure `fn` tabulated (src/bytecode/puretab.c, docs/runtime.md step 44): its value and the
 * steps its code runs for every value of the arguments it is indexed by. One table serves the
 * calls of the function with the same constant arguments whose code, after jump threading, is
 * the same (src/bytecode/puresites.c). */
#define PURE_MAX_ARGS 8
typedef struct {
    const void *fn;                      /* the function (its declaration), with ... */
    int nargs;                           /* its arguments, the last on top of the stack */
    /* ... and the global variables its code reads (LOADG), keys after the arguments (index
     * nargs + i): the call reads them where it is made (nargs + nglob <= PURE_MAX_ARGS) */
    int nglob;
    int32_t gvar[PURE_MAX_ARGS];
    int64_t konst[PURE_MAX_ARGS];        /* ... the constants of those not indexed (vary 0) */
    uint8_t vary[PURE_MAX_ARGS];         /* 1: the table is indexed by the argument */
    int32_t lo[PURE_MAX_ARGS], size[PURE_MAX_ARGS];   /* its range: lo .. lo + size - 1 */
    /* the same, as pure_index reads it (puretab_keys): the index is the sum over the nkeys
     * arguments it is indexed by, key_arg[k], of (its value - key_lo[k]) * key_stride[k] */
    int nkeys;
    uint8_t key_arg[PURE_MAX_ARGS];
    int32_t key_lo[PURE_MAX_ARGS];
    uint32_t key_size[PURE_MAX_ARGS], key_stride[PURE_MAX_ARGS];
    int nentries;
    /* each entry: the steps, where the code goes on and the value (puretab.h); 0: not worked
     * out yet (the first call that needs it does, puretab.c), 1: not known (the code runs) */
    uint64_t *entry;
} PureTable;
/* A key of a call site: the value at `at` (PureSite), less lo, below size, times stride */
typedef struct { int32_t at, lo; uint32_t size, stride; } PureKey;
/* A call (PURECALL: its arguments on the stack) or a pure expression of locals (PURELOCALS:
 * its arguments the locals slot[0 .. nslots - 1]): its table, its code start .. end */
typedef struct {
    int table, start, end, nslots; int32_t slot[PURE_MAX_ARGS];
    /* its table's keys as the VM reads them (puresites.c): the sum over nkeys of (the value of
     * key[k].at - lo) * stride, each below size, indexes entry (its table's). The first nst
     * keys are global variables, their `at` a location of the state; the others' `at` is a
     * local's slot for PURELOCALS, for PURECALL the argument's place below the top of the
     * stack (1: the top). shape: PURE_SHAPE_* (puretab.h), how the VM reads them. */
    int nargs, nkeys, nst, shape;        /* (nargs: its table's) */
    PureKey key[PURE_MAX_ARGS];
    uint64_t *entry;
    /* where an entry's code goes on past its end with a value, the local a STORE there writes
     * the value into, else -1; and where the instruction after that STORE is LOAD_PUSH_EQ_JZ or
     * LOAD_PUSH_NE_JZ of that local, its opcode (else 0), constant and target (step 52) */
    int32_t end_store, end_test, end_test_k, end_test_to;
} PureSite;

/* A board walk's body in a hook whose effect on its square is a function of a few words
 * (src/lang/squarelocal.c, src/runtime/sqmemo.c: SQMEMO, SQMEMOEND): the loop's square variable,
 * the square variables it reads at that square (their state slots' bases), and the locals from
 * outside the body it reads or writes. The mover and the square's stack are read too. */
enum { SQMEMO_MAX_VARS = 2, SQMEMO_MAX_OUTER = 6, SQMEMO_MAX_HEIGHT = 4,
       SQMEMO_MAX_SITES = 16 };          /* (each site's table is some 320 KB) */
typedef struct {
    int sq_slot;
    int nvars; int32_t var_base[SQMEMO_MAX_VARS];
    int nouter; int32_t outer[SQMEMO_MAX_OUTER];
} SqMemoSite;

typedef struct Game {
    Arena arena;                 /* everything below lives here */
    const char *name, *filename;
    int nplayers;
    const char *player_name[MAX_PLAYERS], *player_letter[MAX_PLAYERS];
    /* Chance players (dice; Zillions' `?Dice`): a bit per player. Their legal moves are the
     * outcomes of a throw, each move generated equally likely (one generated twice is twice as
     * likely); the commands that play sample them with their seed and the search averages
     * them (docs/language.md "Chance players", docs/engine.md "Chance nodes"). */
    unsigned chance;
    int noptions; Option *options;

    /* board */
    int files, ranks, nsq, stack;
    int16_t *sq_at;                       /* [x + y * files]: the square on the cell, or -1
                                             (files x ranks cells; game_sq_at()) */
    int8_t *sq_x, *sq_y;
    const char **sq_name;                 /* each square's name */
    const uint8_t *sq_name_len;           /* its length as `note` writes it (at most
                                             NOTE_NAME_MAX), where a count of notes needs it
                                             (game_name_lengths()), else NULL */
    /* A board of named positions (a Zillions graph board, docs/zrf.md): squares are found by
     * name, not read as file letters and rank digits, and sq_x/sq_y place them on a layout
     * grid that position strings walk. Their pixel rectangles, where the file gives them, are
     * where the web board and `svg` draw them. */
    int named_squares;
    int16_t *sq_hash; int sq_hash_mask;   /* named squares by name (game_index_squares()):
                                             open addressing, -1 empty; NULL: none */
    const char *move_sep;                 /* between a move's from- and to-square: "" (e2e4),
                                             or "-" where names are not letters then digits */
    int16_t (*sq_rect)[4];                /* x1 y1 x2 y2 in pixels, or NULL: drawn as a grid */
    int image_w, image_h;                 /* the extent of those rectangles */

    /* directions: dirs[] holds every vector used; named ones carry a name */
    int ndirs;
    int dx[MAX_DIRS], dy[MAX_DIRS];
    const char *dir_name[MAX_DIRS];
    int dir_map[MAX_PLAYERS][MAX_DIRS];   /* relative -> absolute for each player */
    int dir_unmap[MAX_PLAYERS][MAX_DIRS]; /* absolute -> relative (the inverse) */
    int16_t *sq_view[MAX_PLAYERS];        /* a square as player P sees it (its symmetry), or -1 */
    int opposite[MAX_DIRS];
    int16_t *neighbor;                    /* [sq * ndirs + absdir] -> square or -1 */
    int ndirsets; uint64_t *dirset_rel;   /* relative masks; absolute per player below */
    uint64_t *dirset_abs;                 /* [k * MAX_PLAYERS + player] */

    int ntypes;                           /* types[0] is unused (no piece) */
    PieceType types[MAX_TYPES + 1];

    int nflagsets; FlagSet *flagsets;
    int nattrs; Attribute *attrs;
    int nvars; Var *vars;
    int nlists; List *lists;
    int64_t *konst; int nkonst;
    const char **strings; int nstrings;

    /* the state array: cells, hands, variables, turn, then the transient variables from
     * st_transient on (st_transient == st_size: none), which are not hashed */
    int st_cells, st_hands, st_turn, st_transient, st_size;
    /* Players who take turns of their own (a bit each): all, or those a turn-order table names
     * as an entry's player; the others are neutral (they move only in a turn made as them).
     * With three or more of them, a loss eliminates a player while two or more others play on
     * (make.c, "Elimination"): st_out is then the state slot of the eliminated players (a bit
     * each, after st_turn, hashed), else -1. */
    uint32_t active_players;
    int st_out;
    int32_t *transient_init;              /* [loc - st_transient]: the start value of each */
    int reset_vars[MAX_VARS], nreset;
    int *uncounted_locs, nuncounted;      /* state slots left out of the repetition key */
    int piece_bits;                       /* bits of the piece word used by piece vars */
    uint32_t uncounted_piece_bits;        /* those of `uncounted` piece vars (repetition skips) */
    uint32_t valued_piece_bits;           /* those of piece vars with a `value` (the evaluation) */
    int valued_vars[MAX_VARS], nvalued;   /* those vars, in the order declared */

    /* code */
    int32_t *code; int ncode;
    PureTable *pure_tables; int npure_tables;     /* (malloc'd, as the code) */
    PureSite *pure_sites; int npure_sites;
    SqMemoSite *sqmemo_sites; int nsqmemo_sites;  /* (malloc'd; src/lang/squarelocal.c) */
    int *line;                            /* source line of each code word */
    /* at a choice's instruction, the locals it saves and a failure back to it restores
     * (keeps.c): keep_masks[keep_at[pc]]; the masks 0 .. MAX_LOCALS are the first N locals */
    uint8_t *keep_at; int nkeep_masks;
    uint64_t keep_masks[256];
    /* at a FAILBACK, the pc of the choose it goes back to (failbacks.c; NULL when none) */
    int32_t *fail_back;
    CodeFunction *fns; int nfns;
    int drops_fn;
    int royal_all;                        /* `royal all;`: in check when every royal piece of the
                                             side is attacked, not one (Spartan's two kings) */
    uint8_t *drops_free;                  /* `drops free T...`: per type, 1 when the drops program
                                             drops it with no hand (NULL: drops from the hands) */
    int turn_fn;                          /* the top-level `moves` block, or -1 */
    int extend_fn;                        /* `moves extend { }`, run after every move, or -1 */
    int hook_fn[8];                       /* per HOOK_*, -1 when absent */
    int *after_move_variant;              /* [(mover * (ntypes + 1) + type of the moving
                                             piece) * 2 + captured]: `after-move` decided for
                                             them (hookvariants.c), or NULL */
    int probe;                            /* PROBE_* (effects.h): what a legality test makes */
    int turn_start_unseen;                /* `turn-start` writes nothing a position's identity
                                             holds (pos_rep_key), ends nothing, and `legal`
                                             does not see it: keep_legal's merging moves are
                                             made without it first (step 49) */
    int moves_depend_on_history;          /* a program other than `end` asks `repetition`
                                             (Nemoroth's `legal`): which moves are legal depends
                                             on the positions before, not on the position alone
                                             (the engine's hash table keys them: search.c,
                                             node_key) */
    int probe_check;                      /* the same for `require not in-check;` alone */
    int capture_unseen_by_check;          /* `on capture` writes nothing an in-check test reads */
    int legal_by_pins;                    /* legality without a make (pins.h) */
    int check_by_pins;                    /* the same test, whatever merges: a move that must
                                             be made for its hash skips `legal` (pins.h) */
    int hash_at_emit;                     /* check_by_pins where moves merge: a move's list
                                             keeps the hash of the state at its emit (make.c,
                                             pos_hash_after) */
    int legal_in_check_first;             /* `legal` is `require not in-check;` and then either
                                             nothing or what legal_pretest_fn can pretest;
                                             or `legal` is `if in-check { ... }` and nothing
                                             after it: out of check, every move is legal */
    int legal_pretest_fn;                 /* the rest of `legal`, run before the move
                                             (pretest.c), or -1 */
    uint8_t *memo_ok;                     /* per program: its attack runs may be memoised
                                             (effects.h) */
    int32_t *memo_mask;                   /* per program: the bits of a piece word it can see:
                                             0xfff (type and owner) or -1 (effects.h) */
    uint8_t **origin_ok;                  /* per program: where it can move from (origins.h) */
    const struct ProgramGuard **guard;    /* per program (and the `end` block): the tests one of
                                             whose ways must pass for it to do anything, or NULL
                                             (guards.h) */
    uint8_t *moves_onto;                  /* per program: it may emit a move onto a square, the
                                             only kind that captures (origins.h) */
    int captures_skip_ok;                 /* the quiescence search may leave out the programs
                                             that cannot capture (origins.h) */
    const struct VmHost *host;            /* the runtime's answers to the VM (vm.h), set by
                                             movegen_prepare */
    const struct LineRays *line_rays;     /* each type's lines from each square, for counting
                                             them (linecount.h); NULL on boards too big */

    /* attacks */
    int nattackdirs[MAX_PLAYERS];
    AttackDir *attackdirs[MAX_PLAYERS];
    /* [by][attack_start_at[by][sq] .. attack_start_at[by][sq + 1]): the attack directions of
     * `by` whose line toward sq has a first square on the board (movegen.c), in attackdirs'
     * order: what an attack test walks, without the directions that leave the board at once */
    AttackStart *attack_start[MAX_PLAYERS];
    int32_t *attack_start_at[MAX_PLAYERS];
    uint64_t fallback_attackers[TYPE_WORDS];   /* types whose attacks need a program run */
    int any_fallback;                     /* fallback_attackers is not empty */
    int attackers_every_type;             /* every type is one (and one piece a square): the
                                             position's attackers' squares are all its pieces */
    int pieces_move;                      /* some type has lines or a moves program: else the
                                             generation does not walk the board (movegen.c) */
    int stack_shift;                      /* log2 of stack where it is a power of 2, else -1:
                                             a board unit's square and layer by a shift, not a
                                             division (some 20 cycles; 3.2 M of them in
                                             Nemoroth's perft 4: movegen.c, step 52) */
    int next_attacks[MAX_PLAYERS];
    ExtAttack *ext_attacks[MAX_PLAYERS];  /* hops, legged leaps, zoned lines (movegen.c) */
    int nnear_attacks[MAX_PLAYERS];
    ExtAttack *near_attacks[MAX_PLAYERS]; /* `attack near` programs: where their pieces stand
                                             seen back from a target (movegen.c) */
    uint64_t near_attackers[TYPE_WORDS];           /* the types with `attack near` */
    int probe_check_pins;                 /* probe_check, the `attack near` programs left out:
                                             pins.c takes a node only where none can reach the
                                             royal piece */

    const char *start;                    /* start position string */
    SrcLoc start_loc;                     /* its `start` declaration, for a message about it */
    int nfields; const char **fields;     /* position string fields (those of formats[0]) */
    int nformats;                         /* `position` declarations: the first is written, */
    PosFormat formats[MAX_FORMATS];       /* a string is read by the first that reads it */
    int distinct;                         /* moves distinct */
    int lines_keep_twins;                 /* a Zillions game: two lines that reach one square
                                             make two moves, as two blocks of its programs do
                                             (docs/zrf.md); else one (atoms_overlap) */
    int compulsory_capture;               /* moves compulsory (1) / maximum (2) capture
                                             (capture.c) */
    int capture_kings;                    /* with maximum capture: of the moves that take
                                             the most pieces, those that take the most kings,
                                             the pieces of every type but capture_man_type
                                             (Zillions' "maximal captures" 2) */
    int capture_man_type;
    int distinct_smallest;                /* moves distinct smallest: merged moves keep the
                                             smallest string */
    long work_limit;                      /* GEN_BUDGET, or `moves work N;` (N millions) */
    long step_limit;                      /* STEP_BUDGET, or `moves steps N;` */
    int has_royal;
    int owned_sets;                       /* a program reads the squares by owner (Pos.owned:
                                             CHOOSEANY, FORFRIEND, FORENEMY, FORRUN, FORRUNS,
                                             FORFRIENDPV, a tail's loop) */
    struct RunDirs *run_dirs;             /* FORRUNS's step along each direction as a set
                                             (runsets.c), or NULL */
    int distinct_blocks;                  /* the code has a `distinct { }` block (DISTINCT) */
    /* FORTEST's walks of `board` testing heights read from sets on a board of at most 64 squares
     * (boardscan.c), kept by the writes where the code has such a walk (boardscan_prepare):
     * Pos.layer_set[k] for k < layer_sets (0: none kept), the squares whose cell k holds a
     * piece; layer_cell[loc] of each cell, its layer * 64 + its square (MAX_LAYER_SETS * 64 past
     * layer_sets) */
    int layer_sets;
    uint16_t *layer_cell;
    /* Moves' tails counted without running them at perft's last ply (tails.c, counttail.c) */
    struct CountTail *count_tails;
    int ncount_tails;
    uint64_t royal_types[TYPE_WORDS];     /* bit t: type t is royal (a piece word's test) */
    /* Zillions' notion of attack (docs/zrf.md, "Check"): a square is attacked when an enemy move
     * would capture a piece of the other side standing there, by landing on it or by a capture
     * recorded there; an empty square (or one of the attacker's own) is tested with such a piece
     * put there for the test; and a move's own `attacked?` tests are false inside a test. */
    int attacks_by_capture;
    /* The top-level `moves` block is a forced pass (Zillions' "pass turn" forced): its moves
     * are offered only when the side has no other, and only when the opponent could answer
     * them with a move that is not such a pass (docs/zrf.md, "Passing"). */
    int pass_forced;
    /* A turn order other than the players in turn (Zillions' turn-order tables, docs/zrf.md):
     * the entry of the table whose turn it is stands in the state at order_slot (a counted
     * variable of the game, so it is in the hash and the position string); after a move that
     * is not `again`, the next entry's player moves (after the last entry: entry order_repeat).
     * norder 0: each player in turn, (mover + 1) % nplayers. */
    int norder, order_repeat, order_slot;
    uint8_t order_player[MAX_TURN_ORDER];
    /* An entry whose moves a chance player makes (Zillions' `(?Dice White setup)`: White's
     * moves, thrown at random): its player's moves are the outcomes of a throw. */
    uint8_t order_chance[MAX_TURN_ORDER];
    int any_chance;                       /* a chance player, or such an entry: chance nodes */
    /* A turn made as another player (Zillions' (P Q) entries): order_player[i] is the player
     * whose turn it is (to-move: the one who chooses, whose result it is), order_as[i] the one
     * whose moves are made (`mover` of the move programs and of the hooks a move runs). Set only
     * when some entry differs (order_as_any); else moves are the turn player's (pos_mover). */
    int order_as_any;
    uint8_t order_as[MAX_TURN_ORDER];
    /* Move classes with priorities (Zillions' move-priorities): a move's `key` is its class's
     * rank, 0 the best; of the legal moves, only those of the best rank present are kept, and
     * those with a negative key (a pass) always (capture.c). */
    int move_priorities;
    /* A move's qualifier names, each in brackets, the squares where its parts landed (the ZRF
     * lowering of add-partial writes `(SQUARE)` at each part, docs/zrf.md): what the web page
     * shows of a move in parts, and lets the user click step by step (gamejson.c, "path"). */
    int part_squares;
    /* A drop is written as its square alone (`b2`), not `CODE@b2`: no player can ever drop two
     * types, so the square says which move it is (a Zillions game of placed stones). */
    int drop_square_only;
    int no_move_loses;                    /* a side with no legal move loses: the end block
                                             begins `if no-moves { lose ... }`, or there is none
                                             (the engine's mobility term, search.c) */

    /* `display { }`: how `boardvm show` draws the game (display.c) */
    int display_mark;                     /* a zone whose squares are drawn in brackets, or -1 */
    int display_map;                      /* an int attribute drawn beside the board, or -1 */
    int ndisplay;                         /* state variables listed under the board */
    int display_var[MAX_DISPLAY];
    const char *display_label[MAX_DISPLAY];
} Game;

static inline int game_is_chance(const Game *g, int player)
{
    return player >= 0 && player < 32 && (g->chance >> player & 1);
}
/* The player after p in the order of the players that is not a chance player (`opponent`, the
 * winner of a side's loss in a game of two); p itself when there is none. */
static inline int game_opponent(const Game *g, int p)
{
    for (int k = 1; k <= g->nplayers; k++) {
        int q = (p + k) % g->nplayers;
        if (!game_is_chance(g, q)) return q;
    }
    return p;
}
/* The players that are not chance players: a game of two sides and dice is a game of two. */
static inline int game_sides(const Game *g)
{
    return g->nplayers - __builtin_popcount(g->chance);
}

/* game.c: free a Game and all it owns. */
void game_free(Game *g);

/* Whether a set of types (TYPE_WORDS words) has any. */
static inline int types_any(const uint64_t *m)
{
    uint64_t a = 0;
    for (int i = 0; i < TYPE_WORDS; i++) a |= m[i];
    return a != 0;
}

static inline int game_cell(const Game *g, int sq, int layer) { return sq * g->stack + layer; }
/* A zone value of a program (G11) is a bit a square, in this many 64-bit locals. */
#define ZONE_WORDS(g) (((g)->nsq + 63) >> 6)
/* The square on cell (x, y) of the grid, from 0, or -1 for a hole; the cell must be on the
 * grid (0 <= x < files, 0 <= y < ranks). */
static inline int game_sq_at(const Game *g, int x, int y) { return g->sq_at[x + y * g->files]; }
/* game.c: look names up. */
int game_find_square(const Game *g, const char *name);        /* -1 if unknown */
/* Index a board of named positions by name (after its sq_name is set), so that
 * game_find_square() finds one of 4096 without comparing it with all of them. */
void game_index_squares(Game *g);
/* The squares' names' lengths as `note` writes them (at most NOTE_NAME_MAX characters, vm.c),
 * made once: Game.sq_name_len */
#define NOTE_NAME_MAX 63
const uint8_t *game_name_lengths(Game *g);
/* The letters of file x (from 0): a..z, then aa..az, ba..bz, ... (bijective base 26, as the
 * columns of a spreadsheet), into out (at least 4 bytes); their length. */
int game_file_name(int x, char *out, size_t len);
int game_find_type_code(const Game *g, const char *code, int *owner); /* by code, either case */
/* A board of named positions whose names are not file letters and rank numbers of their cells
 * (a Zillions graph board): drawn at its positions, its names shown instead of coordinates. */
int game_graph_board(const Game *g);
#endif
