/* ast.h - the syntax tree the parser builds and the compiler reads.
 *
 * The parser only builds this tree; it resolves no names and checks no types (the binder and
 * the compiler do). Every node is allocated from the compile's arena and freed with it.
 *
 * One generic node shape keeps the grammar actions short: a kind, a location, an optional
 * identifier/string, an optional integer, and an ordered list of children. The comment on each
 * kind says what its fields and children hold.
 */
#ifndef BOARDVM_AST_H
#define BOARDVM_AST_H
#include "game.h"

#include "arena.h"
#include "diag.h"

#define AST_KINDS(X) \
    /* ---- top level ---- */                                                                  \
    X(FILE_,      "file")          /* kids: declarations */                                     \
    X(GAME,       "game")          /* str: the game's name */                                   \
    X(PLAYERS,    "players")       /* kids: PLAYER */                                           \
    X(PLAYER,     "player")        /* name, str: its letter; num: 1 for a chance player */      \
    X(OPTION,     "option")        /* name; kids: IDENT values (none = a flag option) */        \
    X(BOARD,      "board")         /* num: files, num2: ranks; kids: SQUARE holes */            \
    X(SQUARES,    "squares")       /* kids: squares/ranges of the board, irregular boards */    \
    X(STACK,      "stack")         /* num: pieces per square */                                 \
    X(DIRECTION,  "direction")     /* name, num: dx, num2: dy */                                \
    X(DIRS,       "dirs")          /* name; kids: dir terms (IDENT or VECTOR) */                \
    X(VECTOR,     "vector")        /* num: dx, num2: dy */                                      \
    X(SYMMETRY,   "symmetry")      /* name: the player; kids: PAIR */                           \
    X(PAIR,       "pair")          /* kids: IDENT, IDENT */                                     \
    X(ZONE,       "zone")          /* name; kids: SQUARESET (shared) or ZONE_FOR (per player) */\
    X(ZONE_FOR,   "zone-for")      /* name: player; kids: one SQUARESET */                      \
    X(SQUARESET,  "square set")    /* kids: IDENT (a square) or RANGE */                        \
    X(RANGE,      "range")         /* kids: IDENT, IDENT: the rectangle between two squares */ \
    X(ARROWS,     "arrows")        /* kids: ENTRY (value = DIRS_LIT) */                         \
    X(ATTRIBUTE,  "attribute")     /* name; kids: TYPE, default expr or NOTHING, ENTRY... */    \
    X(ENTRY,      "entry")         /* kids: SQUARESET, value expression */                      \
    X(FLAGS,      "flags")         /* name; kids: IDENT flag names */                           \
    X(VAR,        "var")           /* name; num: VAR_GLOBAL/PLAYER/SQUARE/PIECE; num2: 1 if     \
                                      `reset`, | 2 if `uncounted`, | 4 if `transient`; kids:    \
                                      TYPE, init or NOTHING, NOTHING at the first of the words */\
    X(TYPE,       "type")          /* name: int bool square dir dirs type player piece zone or  \
                                      a flags name; kids: for int ranges, two NUM */            \
    X(PIECE,      "piece")         /* name, str: code; kids: PIECE_ATTR and piece items */      \
    X(VALUE,      "value")         /* num */                                                    \
    X(ROYAL,      "royal")         /* no fields */                                              \
    X(NEUTRAL,    "neutral")       /* no fields: the piece belongs to no player */              \
    X(LEAP,       "leap")          /* num: MODE_ANY/MOVE/CAPTURE; kids: DIRS_LIT, ATOM_ZONES */ \
    X(RIDE,       "ride")          /* num: MODE_ANY/MOVE/CAPTURE; kids: DIRS_LIT, ATOM_ZONES */ \
    X(HOP,        "hop")           /* as RIDE: over one piece, then on (Betza p) */             \
    X(LEG,        "leg")           /* `a+b` in a leap: kids: the two dir terms */               \
    X(ATOM_ZONES, "atom zones")    /* kids: IDENT (or EMPTY) for `in ZONE`, then `from ZONE` */ \
    X(ATTACK,     "attack")        /* kids: one LEAP, RIDE or BLOCK */                          \
    X(MOVES,      "moves")         /* kids: BLOCK */                                            \
    X(BONUS,      "bonus")         /* name: an int attribute, the piece's square bonus */        \
    X(DROPS,      "drops")         /* kids: BLOCK */                                            \
    X(START,      "start")         /* str: the start position string */                         \
    X(POSITION,   "position")      /* kids: IDENT field names */                                \
    X(DISTINCT,   "moves distinct")/* num: 1 = `smallest` (keep the smallest string) */        \
    X(WHEN,       "when")          /* kids: condition expr, then declarations */                \
    X(DISPLAY,    "display")       /* kids: DISPLAY_ITEMs */                                    \
    X(WORK,       "moves work")    /* num: the work limit of one position, in millions */       \
    X(COMPULSORY, "moves compulsory capture") /* no fields: a side that can capture must */      \
    X(EXTEND, "moves extend")         /* kids[0]: the block run after every move of a piece */   \
    X(STEPS,      "moves steps")   /* num: instructions a program may run between two emits */  \
    X(DISPLAY_ITEM, "display item")/* name: the verb; kids: IDENT (what), STRING label, NOTHING */\
    X(DEF,        "def")           /* name; kids: PARAM..., BLOCK */                            \
    X(FN,         "fn")            /* name; kids: PARAM..., expression */                       \
    X(PARAM,      "param")         /* name; kids: TYPE */                                       \
    X(HOOK,       "hook")          /* num: HOOK_LEGAL/AFTER_MOVE/TURN_START/CAPTURE/END;        \
                                      kids: BLOCK */                                            \
    X(DIRS_LIT,   "direction set") /* kids: IDENT or VECTOR terms */                            \
    X(NOTHING,    "nothing")       /* an absent optional part */                                \
    /* ---- statements ---- */                                                                 \
    X(BLOCK,      "block")         /* kids: statements */                                       \
    X(STEP,       "step")          /* kids: direction expr */                                   \
    X(GO,         "go")            /* kids: square expr */                                      \
    X(REQUIRE,    "require")       /* kids: condition */                                        \
    X(STOP,       "stop")          /* no fields */                                              \
    X(IF,         "if")            /* kids: condition, BLOCK, BLOCK or NOTHING */               \
    X(WHILE,      "while")         /* kids: condition, BLOCK */                                 \
    X(LOOP,       "loop")          /* kids: BLOCK */                                            \
    X(REPEAT,     "repeat")        /* kids: count expr, BLOCK */                                \
    X(BREAK,      "break")         /* no fields */                                              \
    X(FOR,        "for")           /* name: loop variable; kids: set expr, BLOCK */             \
    X(CHOOSE,     "choose")        /* name: variable; kids: set expr, BLOCK */                  \
    X(EITHER,     "either")        /* kids: BLOCK, BLOCK... */                                  \
    X(LET,        "let")           /* name; kids: expr (or NOTHING), then TYPE if typed */     \
    X(ASSIGN,     "assign")        /* num: '=' or '+' (+=) or '-' (-=); kids: lvalue, expr */   \
    X(EMIT,       "emit")          /* num: EMIT_MOVE/STAY/DROP; kids: suffix STRING or NOTHING */\
    X(BECOME,     "become")        /* kids: type expr */                                        \
    X(CAPTURE,    "capture")       /* kids: square expr */                                      \
    X(REMOVE,     "remove")        /* kids: square expr */                                      \
    X(PLACE,      "place")         /* kids: type expr, player expr, square expr */              \
    X(CHANGE,     "change")        /* kids: square expr, type expr */                           \
    X(SETOWNER,   "owner")         /* kids: square expr, player expr */                         \
    X(MOVEPIECE,  "move")          /* kids: from square expr, to square expr */                 \
    X(MOVESTACK,  "move stack")    /* kids: from square expr, to square expr */                 \
    X(GIVE,       "give")          /* kids: type expr, player expr */                           \
    X(TAKE,       "take")          /* kids: type expr, player expr */                           \
    X(AGAIN,      "again")         /* no fields */                                              \
    X(NOTE,       "note")          /* kids: exprs whose text is added to the move string */     \
    X(QUALIFY,    "qualify")       /* num: 1 = before; kids: exprs: text kept only when needed */ \
    X(DEFER_BLOCK, "defer")        /* kids: BLOCK, whose effects are done by the branch's emits */\
    X(LAND,       "land")          /* the piece arrives now; num 1: a part (add-partial) */     \
    X(MOVESOF,    "moves-of")      /* kids: type expr: that type's moves for the moving piece */\
    X(COMPOUND,   "compound")      /* name: the compound type; kids: IDENT parts */             \
    X(DISTINCT_BLOCK, "distinct")  /* kids: BLOCK, whose moves reaching one state are one move; */\
                                   /* num: smallest */                                          \
    X(KEY,        "key")           /* kids: int expr: the key (merged moves keep the lowest) */ \
    X(RESULT,     "result")        /* num: RESULT_WIN/LOSS/DRAW; kids: reason STRING or NOTHING */\
    X(CALLSTMT,   "call")          /* name; kids: argument exprs */                             \
    /* ---- expressions ---- */                                                                \
    X(NUM,        "number")        /* num */                                                    \
    X(STRING,     "string")        /* str */                                                    \
    X(IDENT,      "name")          /* name: any name; the binder decides what it is */          \
    X(CALL,       "call")          /* name; kids: argument exprs  (f(x, y)) */                  \
    X(INDEX,      "index")         /* name; kids: index expr      (v[x]) */                     \
    X(FIELD,      "field")         /* name: move.from etc -> name "from"; kids: IDENT base */   \
    X(UNARY,      "unary")         /* num: '-' or '!' (not); kids: operand */                   \
    X(BINARY,     "binary")        /* num: a BIN_* code below; kids: left, right */             \
    X(IS,         "is")            /* kids: piece expr, type expr */                            \
    X(IN,         "in")            /* kids: element expr, set expr */                           \
    X(SETLIT,     "set literal")   /* kids: elements (x y z): a dirs/flags/type/zone literal */

typedef enum {
#define X(k, s) AST_##k,
    AST_KINDS(X)
#undef X
    AST_KIND_COUNT
} AstKind;

/* BINARY operators (num of an AST_BINARY node). */
enum { BIN_ADD = 1, BIN_SUB, BIN_MUL, BIN_DIV, BIN_MOD, BIN_EQ, BIN_NE, BIN_LT, BIN_LE, BIN_GT,
       BIN_GE, BIN_AND, BIN_OR };
/* VAR_*, MODE_*, HOOK_*, EMIT_*, RESULT_*: shared with the runtime, in game.h. */

typedef struct Ast Ast;
struct Ast {
    AstKind kind;
    SrcLoc loc;          /* first token of the node */
    const char *name;    /* identifier, or NULL */
    const char *str;     /* string literal contents (unescaped), or NULL */
    long num, num2;
    int nkids, capkids;
    Ast **kids;
};

Ast *ast_new(Arena *a, AstKind kind, SrcLoc loc);
void ast_add(Arena *a, Ast *parent, Ast *kid);     /* append a child (NULL is ignored) */
const char *ast_kind_name(AstKind kind);
void ast_dump(const Ast *n, int indent);          /* debugging: print the tree to stderr */

#endif
