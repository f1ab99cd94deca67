/* zrf_lower.h - a ZRF game lowered into boardvm's syntax tree, compiled by the language's own
 * binder, code generator and verifier (tree_compile.h). Internal to the lowering's files:
 *
 *   zrf_lower.c   the entry: players, the board as named positions, zones, pieces' declarations,
 *                 the start position from (board-setup ...), the options
 *   zrf_moves.c   move and drop blocks: ZRF's instructions and predicates as statements and
 *                 expressions (effects deferred until `add`, as Zillions does them)
 *   zrf_goals.c   win, loss and draw conditions as the `end` block; `checkmated` as royal
 *                 pieces and the legality test
 *   zrf_astmk.c   making tree nodes at a ZRF node's place
 *
 * docs/zrf.md says what is lowered to what, and every decision taken where Zillions' own
 * documentation is silent. */
#ifndef BOARDVM_ZRF_LOWER_H
#define BOARDVM_ZRF_LOWER_H
#include "ast.h"
#include "game.h"
#include "zrf.h"
#include "zrf_board.h"

/* Names the lowering makes for itself start with a space: no ZRF atom holds one, so they never
 * meet a name of the file. */
#define ZL_MARK " mark"
#define ZL_LASTFROM " last-from"
#define ZL_LASTTO " last-to"
#define ZL_TURN " turn"             /* the entry of a turn-order table whose turn it is */
#define ZL_CHAIN " chain"           /* a part of the move was made (add-partial) */
#define ZL_CCLASS " chain-class"    /* ... and the next part is a move of this class */
#define ZL_CONT " continues"        /* the part just made continues the move */
#define ZL_CTYPE " chain-type"      /* the type the moving piece has become in its parts */
#define ZL_EMITTED " emitted"       /* `emitted` before a part was tried */
#define ZL_VISITED " visited"       /* where the move has stood since it last took a piece */
#define ZL_TOOK " took"             /* the part being made has an effect (a capture ...) */
#define ZL_TAKEN " taken"           /* deferred captures: the squares the move has taken */

/* The instructions one program of a lowered game may run between two moves it emits (a
 * .rules game's default is STEP_BUDGET, 100000) */
#define ZL_STEP_LIMIT 20000000L

typedef struct {
    Zrf *z;
    Game *g;                     /* where the tree's strings go */
    Arena nodes;                 /* the tree's nodes */
    int main_file;               /* the file the diagnostics show */
    const ZrfNode *sections;     /* the variant's sections */
    ZrfBoard *b;
    int *pos_index; int pos_mask;  /* b's positions by name, open addressing, -1 empty (a name
                                    is looked up for every word of the moves: Tavreli's 1344) */
    const char **player; int nplayers;
    const ZrfNode **piece; int npieces;          /* the (piece ...) sections */
    const char **attr; int nattrs;               /* every attribute name of every piece */
    const char **attr_var;       /* each one's piece variable in the lowered game (zrf_attrs.c) */
    int *attr_max;               /* an attribute's greatest value: 0 for true or false (a bool),
                                    else Dagaz's numbers and words, an int 0..attr_max */
    const char **attr_word; int *attr_word_of; int nwords;   /* the words attributes take, each
                                    of attribute attr_word_of (zrf_attrs.c) */
    int uses_last;               /* last-from? / last-to? / (go last-...) are used */
    /* Paths of several steps that native leaps take (a Knight's n then ne), as directions of
     * their own after the board's: path[i] holds path_len[i] of the board's directions. */
#define ZL_MAX_PATHS 48
#define ZL_MAX_PATH_LEN 4
    int path[ZL_MAX_PATHS][ZL_MAX_PATH_LEN], path_len[ZL_MAX_PATHS], npaths;
    int *opposite;               /* each of the board's directions' opposite, or -1 */
    int *sym_map;                /* each player's image of each direction: [pl * ndirs + d] */
    /* Move types (move-type labels, move-priorities, typed turns): class 1.. in the order met;
     * 0 is a move of no type. */
#define ZL_MAX_CLASSES 64
    const char *mclass[ZL_MAX_CLASSES + 1]; int nclasses;
    int nprio;                   /* move-priorities: mclass 1..nprio are its list, best first */
    int classed;                 /* moves carry their class (move-priorities or a typed turn):
                                    every block is a program, with its `key` and its turns */
    /* Moves in several parts (add-partial, docs/zrf.md "Moves in several parts"): the game
     * has them (each piece's program is then a loop of parts), "pass partial" is on. */
    int partial, pass_partial;
    int deferred;                /* Dagaz's (option "deferred captures"), in a game with moves
                                    in parts: what a part captures stays on the board, not to
                                    be taken again, until the move ends (docs/zrf.md) */
    int cur_class;               /* the class of the block being lowered */
    /* A turn-order table (Game.norder): each entry's player, the player whose moves it
     * makes ((P Q): Q; else P), and move type (0: any). */
    int norder, order_repeat, typed_turns;
    int order_player[MAX_TURN_ORDER], order_as[MAX_TURN_ORDER], order_class[MAX_TURN_ORDER];
    uint8_t order_chance[MAX_TURN_ORDER];   /* (?Dice P ...): P's moves, thrown at random */
    Ast *after_move;             /* the statements of the `after-move` hook, NULL: none yet */
    Ast *on_capture;             /* ... of the `on capture` hook */
    Ast *root;                   /* the lowered game's declarations */
    /* (captured TYPE ...) goals: each form's player variable (zrf_goals.c) */
#define ZL_MAX_CAPTURED 16
    const ZrfNode *captured_form[ZL_MAX_CAPTURED]; const char *captured_name[ZL_MAX_CAPTURED];
    int ncaptured;
    int recycle;                 /* (option "recycle captures"): a captured piece goes to its
                                    owner's pieces off the board */
    int drop_chain;              /* lowering the later parts of a drop made as a part: their
                                    moves end `note here; emit stay;` (zrf_moves.c) */
    int recycle_promotions;      /* (option "recycle promotions"): (add T) takes a T from the
                                    mover's pieces off the board (zrf_moves.c) */
    int off_pieces;              /* (option "include off-pieces"): goals count them */
    int failed;                  /* an error was reported */
} ZrfLower;

/* zrf_astmk.c */
SrcLoc zl_loc(const ZrfLower *L, const ZrfNode *at);
/* What separates a move's two squares in its string: "" when every position's name is
 * letters then digits (e2e4), else "-" (Game.move_sep) */
const char *zl_move_sep(const ZrfLower *L);
Ast *zl_node(ZrfLower *L, AstKind kind, const ZrfNode *at);
Ast *zl_ident(ZrfLower *L, const char *name, const ZrfNode *at);
Ast *zl_num(ZrfLower *L, long v, const ZrfNode *at);
Ast *zl_string(ZrfLower *L, const char *s, const ZrfNode *at);
Ast *zl_kids(ZrfLower *L, AstKind kind, const ZrfNode *at, Ast *a, Ast *b, Ast *c);
Ast *zl_call(ZrfLower *L, const char *fn, const ZrfNode *at, Ast *a, Ast *b);
Ast *zl_binary(ZrfLower *L, int op, const ZrfNode *at, Ast *l, Ast *r);
Ast *zl_not(ZrfLower *L, const ZrfNode *at, Ast *e);
Ast *zl_block(ZrfLower *L, const ZrfNode *at);
Ast *zl_let(ZrfLower *L, const char *name, const char *type, Ast *init, const ZrfNode *at);
Ast *zl_assign(ZrfLower *L, Ast *lv, Ast *rv, const ZrfNode *at);
const char *zl_str(ZrfLower *L, const char *s);         /* a copy in the game's arena */
/* An error at a ZRF node: the lowering goes on, to report more than one. */
void zl_error(ZrfLower *L, const ZrfNode *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Lookups in the variant. */
int zl_player(const ZrfLower *L, const char *name);      /* -1: none */
int zl_is_chance(const ZrfLower *L, int p);              /* `?Dice`: a random player */
int zl_nchance(const ZrfLower *L);                       /* how many there are */
int zl_active_player(const ZrfLower *L, int p);          /* takes turns of its own (not neutral) */
int zl_piece(const ZrfLower *L, const char *name);       /* 0.. in piece order, -1: none */
int zl_position(const ZrfLower *L, const char *name);
int zl_direction(const ZrfLower *L, const char *name);
int zl_zone(const ZrfLower *L, const char *name);
int zl_attribute(const ZrfLower *L, const char *name);
const char *zl_piece_name(const ZrfLower *L, int i);
const char *zl_type_name(ZrfLower *L, const char *name);  /* the lowered game's name of a type */
Ast *zl_type(ZrfLower *L, const char *name, const ZrfNode *at);  /* ... as an identifier */

/* zrf_lower.c: the direction of a path of the board's directions (one of them for n == 1),
 * made if it is new: its index among all directions, or -1 when there is no room. */
int zl_path(ZrfLower *L, const int *dirs, int n);
const char *zl_dir_name(ZrfLower *L, int d);

/* zrf_lower.c: the class of a move type's name (1..), made if it is new; 0 for NULL or when
 * there are too many (an error). */
int zl_move_class(ZrfLower *L, const char *name, const ZrfNode *at);
/* A block of a move type (label: its name, or NULL) wrapped for a game whose moves carry
 * classes: `{ require <a turn that allows it>; key <its rank>; BLOCK }` (blk as it is
 * otherwise). */
Ast *zl_class_block(ZrfLower *L, const char *label, const ZrfNode *at, Ast *blk);
/* zrf_lower.c: the block of the `after-move` hook, of the `on capture` hook, made when first
 * asked for. */
Ast *zl_after_move(ZrfLower *L);
Ast *zl_on_capture(ZrfLower *L);
int zl_option_on(ZrfLower *L, const char *name);  /* (option NAME V), V not false */

/* zrf_moves.c: a piece's moves (its (moves ...) blocks) as a `moves` program, with the blocks
 * that are plain leaps and rides added to lines as native `leap`/`ride` lines instead; what
 * the program's blocks attack as native lines added to attacks, the blocks whose attacks need
 * them run added to attack_blocks (an `either`), or *program_attacks set when one of those asks
 * attacked? itself (then the whole program is the attack); *near: the directions (paths) from
 * the piece where those blocks can capture (`attack near`), NULL when that is not known; its
 * drops as one branch of the drops program; NULL when it has none. */
Ast *zl_piece_moves(ZrfLower *L, const ZrfNode *piece, Ast *lines, Ast *attacks,
                    Ast *attack_blocks, int *program_attacks, Ast **near);
Ast *zl_piece_drops(ZrfLower *L, const ZrfNode *piece);
/* A condition of the move language as a bool expression (also used by goals). */
Ast *zl_condition(ZrfLower *L, const ZrfNode *c, void *block);

/* zrf_attrs.c: the pieces' attributes as piece variables declared in root; an attribute of
 * numbers (Dagaz's: an int, not a bool); a piece type's start value of an attribute; a
 * constant value of an attribute as the file writes it (true, false, a number or a word: its
 * code), -1 for anything else (a condition). */
void zl_declare_attributes(ZrfLower *L, Ast *root);
int zl_attribute_numbers(const ZrfLower *L, int attr);
const char *zl_attribute_var(const ZrfLower *L, int attr);
int zl_attribute_default(ZrfLower *L, int piece, int attr);
int zl_attribute_constant(ZrfLower *L, int attr, const ZrfNode *v);

/* zrf_goals.c: the goals as `end`, `legal` and `after-move` blocks and royal marks, added to
 * root; the types named by (checkmated T) get royal[t] = 1. */
void zl_goals(ZrfLower *L, Ast *root, int *royal);
#endif
