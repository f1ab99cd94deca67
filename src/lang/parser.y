/* parser.y - the grammar of .rules files (docs/language.md); builds the Ast of ast.h.
 *
 * The parser only builds the tree: no name resolution, no type checks (the binder and the
 * compiler do those). It is a pure (reentrant) LALR(1) parser with no conflicts at all
 * (%expect 0 and no precedence declarations hiding any).
 *
 * Keyword-or-name words. Some words are both statement syntax and built-in names
 * (`move SQ to SQ` / `move.from`, `step D;` / `step(sq, d)`, `place ... at SQ` / `at(sq)`,
 * `take T from P` / `from`, `piece King ...` / `piece`, `board 8 x 8` / `choose s in board`,
 * `owner SQ = P;` / `owner(p)`, `arrows {...}` / `arrows(sq)`). The lexer reserves them, so the
 * statements need no look-ahead tricks, and the `atom` rule turns them back into the ordinary
 * IDENT / CALL / FIELD nodes the binder expects (IDENT "from", CALL "at", ...). Every other
 * built-in (`here`, `empty`, `type`, `in-check`, ...) is a plain identifier.
 *
 * Juxtaposed lists (`n e s w`, `Queen Rook Bishop Knight`) are allowed only where
 * language.md says: dirs declarations and leap/ride/arrows direction lists (dir_terms), square
 * sets (sq_items), flags, position fields, and set_expr (after `in` of for/choose, attribute
 * entries and defaults, var initial values). In a set_expr the first element may be any postfix
 * term; later elements must be atoms (not starting with `(` or `[`), because `f (x)` and
 * `v [x]` are a call and an index. A list of 2+ elements becomes AST_SETLIT, one element stays
 * itself. A bracketed set literal `[a b]` is always a SETLIT (even with 0 or 1 element).
 *
 * Locations: a node's loc is its first token (ast.h). YYLLOC_DEFAULT below makes every rule's
 * location the location of its first non-empty symbol, so @1 / @$ are always a token.
 *
 * Error recovery: lists of declarations, piece items, entries and statements resynchronise at
 * `;` and at the closing `}` of their block, so one run reports several errors.
 */

%require "3.6"               /* parse.error custom */
%define api.pure full
%define api.prefix {rules_}
%define api.location.type {RulesLoc}
/* custom: like `detailed`, but the message names the offending token's text
   ("unexpected identifier 'knigt'") and summarises long expected-token lists. */
%define parse.error custom
%define parse.lac full            /* exact expected-token lists despite default reductions */
%locations
%expect 0
%param {void *scanner}
%parse-param {ParseCtx *ctx}

%code requires {
#include "arena.h"
#include "ast.h"
#include "diag.h"

/* A token's (or rule's) place: lines and byte columns from 1, last_column inclusive. Byte
 * columns match diag.c, which underlines by bytes. A zero first_line = no location (the
 * location of an empty rule). */
typedef struct RulesLoc {
    int first_line, first_column, last_line, last_column;
} RulesLoc;

#define PARSE_MAX_NEST 64          /* brackets ({ ( [) open at once; language.md "Limits" */
#define PARSE_MAX_IDENT 255        /* longest identifier */

/* State shared by the lexer and the parser for one parse_rules() call. */
typedef struct ParseCtx {
    Arena *arena;                  /* the strings, which the compiled game keeps */
    Arena *nodes;                  /* the tree's nodes, which the compiler frees when done */
    Diag *diag;
    Ast *root;                     /* the AST_FILE_ node, set when the file rule reduces */
    int line, col;                 /* position of the next unread byte */
    int depth;                     /* brackets currently open */
    RulesLoc open[PARSE_MAX_NEST]; /* where each of them was opened, for "unclosed" notes */
    char open_ch[PARSE_MAX_NEST];  /* and which bracket it was */
    int fatal;                     /* stop now: the lexer returns only end of file */
    char last[48];                 /* the last token's text, for syntax error messages */
} ParseCtx;

/* Implemented in parse.c; used by the lexer and the parser. */
SrcLoc parse_srcloc(const RulesLoc *l);
void parse_error(ParseCtx *ctx, const RulesLoc *l, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
}

%code provides {
int rules_lex(RULES_STYPE *lval, RULES_LTYPE *lloc, void *scanner);
}

%code {
#include <stdlib.h>
#include <string.h>

/* A rule's location is its first non-empty symbol's (see the header comment). */
#define YYLLOC_DEFAULT(Cur, Rhs, N)                                            \
    do {                                                                        \
        int i_ = 1;                                                             \
        while (i_ < (N) && YYRHSLOC(Rhs, i_).first_line == 0) i_++;             \
        if (N) (Cur) = YYRHSLOC(Rhs, i_);                                       \
        else (Cur) = (RulesLoc){0, 0, 0, 0};                                    \
    } while (0)

static void rules_error(RulesLoc *loc, void *scanner, ParseCtx *ctx, const char *msg);

static Ast *mk(ParseCtx *ctx, AstKind kind, const RulesLoc *l)
{
    return ast_new(ctx->nodes, kind, parse_srcloc(l));
}

static Ast *mk_named(ParseCtx *ctx, AstKind kind, const RulesLoc *l, const char *name)
{
    Ast *n = mk(ctx, kind, l);
    n->name = name;
    return n;
}

static Ast *mk_num(ParseCtx *ctx, AstKind kind, const RulesLoc *l, long num)
{
    Ast *n = mk(ctx, kind, l);
    n->num = num;
    return n;
}

static Ast *mk_kids(ParseCtx *ctx, AstKind kind, const RulesLoc *l, Ast *a, Ast *b, Ast *c)
{
    Ast *n = mk(ctx, kind, l);
    ast_add(ctx->nodes, n, a);
    ast_add(ctx->nodes, n, b);
    ast_add(ctx->nodes, n, c);
    return n;
}

/* An optional part that is absent: AST_NOTHING (no location), so kid positions stay fixed. */
static Ast *nothing(ParseCtx *ctx) { return ast_new(ctx->nodes, AST_NOTHING, (SrcLoc){0, 0, 1}); }

/* Lists are gathered in a holder node (AST_NOTHING with kids, never left in the tree) and
 * moved into their real parent with adopt(); this keeps one list rule per syntax. */
static Ast *holder(ParseCtx *ctx) { return nothing(ctx); }

/* A list that recovers from errors (declarations, statements, piece items, entries) records
 * the bracket depth it lives at; it is made right after its `{` is read. */
static Ast *list_here(ParseCtx *ctx)
{
    Ast *list = holder(ctx);
    list->num = ctx->depth;
    return list;
}

/* After an error, bison stays silent until 3 tokens are shifted, so that one mistake gives one
 * message. When recovery has resynchronised on a `;` or `}` at the list's own depth the next
 * error is a new mistake: report it (yyerrok). A `;` met deeper, inside a body the recovery
 * skipped into, keeps the silence. */
#define RESYNC(list, closed) do { if (ctx->depth == (list)->num - (closed)) yyerrok; } while (0)

static Ast *push(ParseCtx *ctx, Ast *list, Ast *kid)
{
    ast_add(ctx->nodes, list, kid);
    return list;
}

static Ast *adopt(ParseCtx *ctx, Ast *parent, const Ast *list)
{
    for (int i = 0; list && i < list->nkids; i++) ast_add(ctx->nodes, parent, list->kids[i]);
    return parent;
}

/* A declaration is one node, or a holder of several (`direction a = .., b = ..`). */
static Ast *add_decl(ParseCtx *ctx, Ast *list, Ast *decl)
{
    if (decl && decl->kind == AST_NOTHING) return adopt(ctx, list, decl);
    return push(ctx, list, decl);
}

/* A juxtaposed list: 2+ elements are a SETLIT, a single one stays itself. */
static Ast *jx_result(ParseCtx *ctx, Ast *list)
{
    if (list->nkids == 1) return list->kids[0];
    Ast *set = ast_new(ctx->nodes, AST_SETLIT, list->kids[0]->loc);
    return adopt(ctx, set, list);
}

static Ast *call(ParseCtx *ctx, const RulesLoc *l, const char *name, const Ast *args)
{
    return adopt(ctx, mk_named(ctx, AST_CALL, l, name), args);
}

/* `move.from`: FIELD named "from" whose kid is the base name. */
static Ast *field(ParseCtx *ctx, const RulesLoc *l, const char *base, const char *name)
{
    Ast *f = mk_named(ctx, AST_FIELD, l, name);
    ast_add(ctx->nodes, f, mk_named(ctx, AST_IDENT, l, base));
    return f;
}

/* `-3` is a negative NUM (language.md lists it as an integer), so constant values such as
   var initial values and attribute entries stay literals; `-x` is a UNARY. */
static Ast *negate(ParseCtx *ctx, const RulesLoc *l, Ast *operand)
{
    if (operand->kind == AST_NUM && operand->loc.line == l->first_line) {
        operand->num = -operand->num;
        operand->loc.len = operand->loc.col + operand->loc.len - l->first_column;
        operand->loc.col = l->first_column;
        return operand;
    }
    Ast *n = mk_kids(ctx, AST_UNARY, l, operand, NULL, NULL);
    n->num = '-';
    return n;
}

static Ast *binary(ParseCtx *ctx, const RulesLoc *l, long op, Ast *a, Ast *b)
{
    Ast *n = mk_kids(ctx, AST_BINARY, l, a, b, NULL);
    n->num = op;
    return n;
}

/* `board 8 x 8`: the `x` is an identifier (it may name things elsewhere); check its text. */
static void check_x(ParseCtx *ctx, const RulesLoc *l, const char *word)
{
    if (strcmp(word, "x") != 0)
        parse_error(ctx, l, "expected 'x' between the number of files and ranks, found '%s'", word);
}

/* `distinct smallest`: `smallest` is not reserved (it may name things elsewhere); check it. */
static void check_smallest(ParseCtx *ctx, const RulesLoc *l, const char *word)
{
    if (strcmp(word, "smallest") != 0)
        parse_error(ctx, l, "expected 'smallest' or ';' after 'distinct', found '%s'", word);
}

/* `on setup { }`: `setup` is not reserved (it may name things elsewhere); check it. */
static void check_setup(ParseCtx *ctx, const RulesLoc *l, const char *word)
{
    if (strcmp(word, "setup") != 0)
        parse_error(ctx, l, "expected 'capture' or 'setup' after 'on', found '%s'", word);
}

/* `players ..., Dice "d" chance;`: `chance` is not reserved (it may name things elsewhere). */
static void check_chance(ParseCtx *ctx, const RulesLoc *l, const char *word)
{
    if (strcmp(word, "chance") != 0)
        parse_error(ctx, l, "expected 'chance', ',' or ';' after a player's letter, found '%s'",
                    word);
}

/* `moves work N;`: `work` is not reserved either. */
/* `moves work N;` or `moves steps N;`: which limit the number sets. */
static AstKind moves_limit_kind(ParseCtx *ctx, const RulesLoc *l, const char *word)
{
    if (strcmp(word, "steps") == 0) return AST_STEPS;
    if (strcmp(word, "work") != 0)
        parse_error(ctx, l, "expected 'distinct', 'work' or 'steps' after 'moves', found '%s'", word);
    return AST_WORK;
}

/* `moves compulsory capture;` and `moves maximum capture;`: neither word is reserved. The
 * node's num: 1 = compulsory, 2 = maximum (the captures that take the most pieces). */
static int check_compulsory(ParseCtx *ctx, const RulesLoc *l, const char *word)
{
    if (strcmp(word, "maximum") == 0) return 2;
    if (strcmp(word, "compulsory") != 0)
        parse_error(ctx, l, "expected 'compulsory' or 'maximum' before 'capture' after 'moves', found '%s'", word);
    return 1;
}

/* `moves extend { }`: `extend` is not reserved either. */
static void check_extend(ParseCtx *ctx, const RulesLoc *l, const char *word)
{
    if (strcmp(word, "extend") != 0)
        parse_error(ctx, l, "expected 'extend' before '{' after 'moves', found '%s'", word);
}

/* `royal all;` / `royal any;` */
static long check_royal_rule(ParseCtx *ctx, const RulesLoc *l, const char *word)
{
    if (!strcmp(word, "all")) return 1;
    if (strcmp(word, "any") != 0)
        parse_error(ctx, l, "expected 'all' or 'any' after 'royal', found '%s'", word);
    return 0;
}

/* `drops free Pawn { }`: `free` is not reserved either. */
static void check_free(ParseCtx *ctx, const RulesLoc *l, const char *word)
{
    if (strcmp(word, "free") != 0)
        parse_error(ctx, l, "expected '{' or 'free' after 'drops', found '%s'", word);
}

/* `hop orth capture;`: `hop` is not reserved (it may name things elsewhere); check it. */
static void check_hop(ParseCtx *ctx, const RulesLoc *l, const char *word)
{
    if (strcmp(word, "hop") != 0)
        parse_error(ctx, l, "expected 'leap', 'ride', 'hop', 'attack', 'moves' or 'bonus' in a piece, found '%s'", word);
}

static void check_near(ParseCtx *ctx, const RulesLoc *l, const char *word)
{
    if (strcmp(word, "near") != 0)
        parse_error(ctx, l, "expected 'leap', 'ride', 'moves', 'near' or '{' after 'attack', "
                    "found '%s'", word);
}

/* `in ZONE` / `from ZONE` after a leap, ride or hop line: the zone names, either may be NULL. */
static Ast *atom_zones(ParseCtx *ctx, const RulesLoc *l, const char *in, const char *from)
{
    Ast *n = mk(ctx, AST_ATOM_ZONES, l);
    n->name = in; n->str = from;
    return n;
}

/* `board 8x8` lexes as 8, x8: take the ranks from the identifier. */
static long ranks_of_x(ParseCtx *ctx, const RulesLoc *l, const char *word)
{
    size_t n = strlen(word);
    if (word[0] != 'x' || n < 2 || n > 6 || strspn(word + 1, "0123456789") != n - 1) {
        parse_error(ctx, l, "expected 'x' and the number of ranks, found '%s'", word);
        return 0;
    }
    return strtol(word + 1, NULL, 10);
}
}

%union {
    long num;
    const char *str;
    Ast *node;
}

%token YYEOF 0 "end of file"
%token <str> IDENT "identifier"
%token <str> STRING "string"
%token <num> INT "number"

/* Keywords (reserved; see the lexer for the list's rationale). */
%token KW_GAME "'game'" KW_PLAYERS "'players'" KW_OPTION "'option'" KW_BOARD "'board'"
%token KW_WITHOUT "'without'" KW_SQUARES "'squares'" KW_STACK "'stack'"
%token KW_DIRECTION "'direction'" KW_DIRS "'dirs'" KW_SYMMETRY "'symmetry'" KW_ZONE "'zone'"
%token KW_ARROWS "'arrows'" KW_ATTRIBUTE "'attribute'" KW_FLAGS "'flags'" KW_VAR "'var'"
%token KW_UNCOUNTED "'uncounted'" KW_TRANSIENT "'transient'" KW_RESET "'reset'" KW_PLAYER "'player'" KW_SQUARE "'square'" KW_PIECE "'piece'"
%token KW_VALUE "'value'" KW_ROYAL "'royal'" KW_NEUTRAL "'neutral'" KW_BONUS "'bonus'" KW_LEAP "'leap'" KW_RIDE "'ride'"
%token KW_MOVE "'move'" KW_CAPTURE "'capture'" KW_ATTACK "'attack'" KW_MOVES "'moves'"
%token KW_DROPS "'drops'" KW_START "'start'" KW_POSITION "'position'"
%token KW_KEY "'key'" KW_DISPLAY "'display'"
%token KW_DISTINCT "'distinct'" KW_WHEN "'when'" KW_DEF "'def'" KW_LEGAL "'legal'"
%token KW_AFTER_MOVE "'after-move'" KW_TURN_START "'turn-start'" KW_ON "'on'" KW_END "'end'"
%token KW_STEP "'step'" KW_GO "'go'" KW_REQUIRE "'require'" KW_STOP "'stop'" KW_IF "'if'"
%token KW_ELSE "'else'" KW_WHILE "'while'" KW_LOOP "'loop'" KW_REPEAT "'repeat'"
%token KW_BREAK "'break'" KW_FOR "'for'" KW_CHOOSE "'choose'" KW_IN "'in'"
%token KW_EITHER "'either'" KW_OR "'or'" KW_LET "'let'" KW_EMIT "'emit'" KW_STAY "'stay'" KW_NOTE "'note'"
%token KW_DEFER "'defer'" KW_LAND "'land'" KW_QUALIFY "'qualify'" KW_BEFORE "'before'" KW_FN "'fn'" KW_COMPOUND "'compound'"
%token KW_MOVES_OF "'moves-of'"
%token KW_DROP "'drop'" KW_BECOME "'become'" KW_REMOVE "'remove'" KW_PLACE "'place'"
%token KW_CHANGE "'change'" KW_OWNER "'owner'" KW_GIVE "'give'" KW_TAKE "'take'"
%token KW_TO "'to'" KW_FROM "'from'" KW_AT "'at'" KW_AGAIN "'again'" KW_WIN "'win'"
%token KW_LOSE "'lose'" KW_DRAW "'draw'" KW_TRUE "'true'" KW_FALSE "'false'"
%token KW_NONE "'none'" KW_AND "'and'" KW_NOT "'not'" KW_IS "'is'"

/* Punctuation of two characters; single characters are their own tokens ('{', ';', ...). */
%token DOTDOT "'..'" EQEQ "'=='" NOTEQ "'!='" LESSEQ "'<='" GREATEREQ "'>='"
%token PLUSEQ "'+='" MINUSEQ "'-='"

%type <node> top_decls decls decl_block decl game players player_list player option
%type <node> option_values board board_holes squares stack direction dir_defs dir_def vector
%type <node> dirs dir_terms dir_term symmetry pairs pair zone zone_fors zone_for sq_items
%type <node> sq_item arrows arrow_entries arrow_entry flags ident_list attribute opt_default opt_var_value
%type <node> attr_body attr_entries attr_entry var type type_name piece piece_attrs piece_body
%type <node> royal_rule
%type <node> piece_items piece_item drops start position pos_fields pos_field pos_field1 distinct when
%type <node> display display_items display_item atom_terms atom_term opt_zones
%type <node> compound compound_parts option_value def params param_list param hook turn_moves block stmts stmt if_stmt either_stmt lvalue
%type <node> opt_string expr or_expr and_expr not_expr cmp_expr add_expr mul_expr unary
%type <node> postfix atom set_expr jx_list set_items args arg_list
%type <num> sint var_kind opt_reset opt_mode assign_op emit_mode cmp_op
%type <str> field_name

%%

file:
    top_decls                { $1->kind = AST_FILE_; $1->loc = (SrcLoc){1, 1, 1};
                               ctx->root = $1; }
  ;

/* ---------------------------------------------------------------- declarations ---- */

/* The top level also resynchronises at a stray `}` (e.g. after a broken piece header whose
   body is then skipped); a `when` body cannot, its `}` closes it. */
top_decls:
    %empty                   { $$ = list_here(ctx); }
  | top_decls decl           { $$ = add_decl(ctx, $1, $2); }
  | top_decls error ';'      { $$ = $1; RESYNC($1, 0); }
  | top_decls error '}'      { $$ = $1; RESYNC($1, 0); }
  ;

decls:
    %empty                   { $$ = list_here(ctx); }
  | decls decl               { $$ = add_decl(ctx, $1, $2); }
  | decls error ';'          { $$ = $1; RESYNC($1, 0); }
  ;

decl_block:
    '{' decls '}'            { $$ = $2; }
  | '{' decls error '}'      { $$ = $2; RESYNC($2, 1); }
  ;

decl:
    game | players | option | board | squares | stack | direction | dirs | symmetry | zone
  | arrows | flags | attribute | var | piece | drops | start | position | distinct | when | display
  | royal_rule
  | def | hook | turn_moves | compound
  ;

/* `compound Queen = Rook + Bishop;`: a type made of parts, for combine() and minus(). */
compound:
    KW_COMPOUND IDENT '=' compound_parts ';'
                             { $$ = adopt(ctx, mk_named(ctx, AST_COMPOUND, &@1, $2), $4); }
  ;

compound_parts:
    IDENT                    { $$ = push(ctx, holder(ctx), mk_named(ctx, AST_IDENT, &@1, $1)); }
  | compound_parts '+' IDENT { $$ = push(ctx, $1, mk_named(ctx, AST_IDENT, &@3, $3)); }
  ;

/* A top-level `moves { }`: moves of the side to move that no one piece makes (several pieces
 * at once); it runs once per position with `from` = none and emits with `emit stay`. */
turn_moves:
    KW_MOVES block           { $$ = mk_kids(ctx, AST_MOVES, &@1, $2, NULL, NULL); }
  ;

game:
    KW_GAME STRING ';'       { $$ = mk(ctx, AST_GAME, &@1); $$->str = $2; }
  ;

players:
    KW_PLAYERS player_list ';'   { $$ = adopt(ctx, mk(ctx, AST_PLAYERS, &@1), $2); }
  ;

player_list:
    player                   { $$ = push(ctx, holder(ctx), $1); }
  | player_list ',' player   { $$ = push(ctx, $1, $3); }
  ;

player:
    IDENT STRING             { $$ = mk_named(ctx, AST_PLAYER, &@1, $1); $$->str = $2; }
  | IDENT STRING IDENT       { check_chance(ctx, &@3, $3);       /* a chance player */
                               $$ = mk_named(ctx, AST_PLAYER, &@1, $1); $$->str = $2;
                               $$->num = 1; }
  ;

option:
    KW_OPTION IDENT ';'      { $$ = mk_named(ctx, AST_OPTION, &@1, $2); }
  | KW_OPTION IDENT '=' option_values ';'
                             { $$ = adopt(ctx, mk_named(ctx, AST_OPTION, &@1, $2), $4); }
  ;

/* Values are names, or numbers (an int option: `option ichor-plies = 10 | 5;`). */
option_values:
    option_value             { $$ = push(ctx, holder(ctx), $1); }
  | option_values '|' option_value { $$ = push(ctx, $1, $3); }
  ;

option_value:
    IDENT                    { $$ = mk_named(ctx, AST_IDENT, &@1, $1); }
  | INT                      { $$ = mk_num(ctx, AST_NUM, &@1, $1); }
  ;

board:
    KW_BOARD INT IDENT INT board_holes ';'
        { check_x(ctx, &@3, $3);
          $$ = adopt(ctx, mk_num(ctx, AST_BOARD, &@1, $2), $5); $$->num2 = $4; }
  | KW_BOARD INT IDENT board_holes ';'          /* `8x8`: lexed as 8, x8 */
        { $$ = adopt(ctx, mk_num(ctx, AST_BOARD, &@1, $2), $4);
          $$->num2 = ranks_of_x(ctx, &@3, $3); }
  ;

board_holes:
    %empty                   { $$ = NULL; }
  | KW_WITHOUT sq_items      { $$ = $2; }
  ;

squares:
    KW_SQUARES sq_items ';'  { $$ = adopt(ctx, mk(ctx, AST_SQUARES, &@1), $2); }
  ;

stack:
    KW_STACK INT ';'         { $$ = mk_num(ctx, AST_STACK, &@1, $2); }
  ;

/* One DIRECTION node per direction; the holder is flattened by add_decl. */
direction:
    KW_DIRECTION dir_defs ';'    { $$ = $2; }
  ;

dir_defs:
    dir_def                  { $$ = push(ctx, holder(ctx), $1); }
  | dir_defs ',' dir_def     { $$ = push(ctx, $1, $3); }
  ;

dir_def:
    IDENT '=' vector         { $$ = mk_named(ctx, AST_DIRECTION, &@1, $1);
                               $$->num = $3->num; $$->num2 = $3->num2; }
  ;

vector:
    '(' sint ',' sint ')'    { $$ = mk_num(ctx, AST_VECTOR, &@1, $2); $$->num2 = $4; }
  ;

sint:
    INT                      { $$ = $1; }
  | '-' INT                  { $$ = -$2; }
  ;

dirs:
    KW_DIRS IDENT '=' dir_terms ';'
                             { $$ = adopt(ctx, mk_named(ctx, AST_DIRS, &@1, $2), $4); }
  ;

/* A DIRS_LIT of direction names and vectors (`orth diag`, `(1,2) (2,1)`). */
dir_terms:
    dir_term                 { $$ = push(ctx, mk(ctx, AST_DIRS_LIT, &@1), $1); }
  | dir_terms dir_term       { $$ = push(ctx, $1, $2); }
  ;

dir_term:
    IDENT                    { $$ = mk_named(ctx, AST_IDENT, &@1, $1); }
  | vector
  ;

symmetry:
    KW_SYMMETRY IDENT ':' pairs ';'
                             { $$ = adopt(ctx, mk_named(ctx, AST_SYMMETRY, &@1, $2), $4); }
  ;

pairs:
    pair                     { $$ = push(ctx, holder(ctx), $1); }
  | pairs ',' pair           { $$ = push(ctx, $1, $3); }
  ;

pair:
    IDENT IDENT              { $$ = mk_kids(ctx, AST_PAIR, &@1,
                                            mk_named(ctx, AST_IDENT, &@1, $1),
                                            mk_named(ctx, AST_IDENT, &@2, $2), NULL); }
  ;

zone:
    KW_ZONE IDENT '=' sq_items ';'
                             { $$ = mk_kids(ctx, AST_ZONE, &@1, $4, NULL, NULL); $$->name = $2; }
  | KW_ZONE IDENT '=' zone_fors ';'
                             { $$ = adopt(ctx, mk_named(ctx, AST_ZONE, &@1, $2), $4); }
  ;

zone_fors:
    zone_for                 { $$ = push(ctx, holder(ctx), $1); }
  | zone_fors ',' zone_for   { $$ = push(ctx, $1, $3); }
  ;

zone_for:
    IDENT ':' sq_items       { $$ = mk_kids(ctx, AST_ZONE_FOR, &@1, $3, NULL, NULL); $$->name = $1; }
  ;

/* A SQUARESET of squares and `a1..h1` rectangles, written by juxtaposition. */
sq_items:
    sq_item                  { $$ = push(ctx, mk(ctx, AST_SQUARESET, &@1), $1); }
  | sq_items sq_item         { $$ = push(ctx, $1, $2); }
  ;

sq_item:
    IDENT                    { $$ = mk_named(ctx, AST_IDENT, &@1, $1); }
  | IDENT DOTDOT IDENT       { $$ = mk_kids(ctx, AST_RANGE, &@1,
                                            mk_named(ctx, AST_IDENT, &@1, $1),
                                            mk_named(ctx, AST_IDENT, &@3, $3), NULL); }
  ;

arrows:
    KW_ARROWS '{' arrow_entries '}'           { $$ = adopt(ctx, mk(ctx, AST_ARROWS, &@1), $3); }
  | KW_ARROWS '{' arrow_entries error '}'
                             { $$ = adopt(ctx, mk(ctx, AST_ARROWS, &@1), $3); RESYNC($3, 1); }
  ;

arrow_entries:
    %empty                   { $$ = list_here(ctx); }
  | arrow_entries arrow_entry    { $$ = push(ctx, $1, $2); }
  | arrow_entries error ';'  { $$ = $1; RESYNC($1, 0); }
  ;

arrow_entry:
    sq_items ':' dir_terms ';'   { $$ = mk_kids(ctx, AST_ENTRY, &@1, $1, $3, NULL); }
  ;

flags:
    KW_FLAGS IDENT '=' ident_list ';'
                             { $$ = adopt(ctx, mk_named(ctx, AST_FLAGS, &@1, $2), $4); }
  ;

ident_list:
    IDENT                    { $$ = push(ctx, holder(ctx), mk_named(ctx, AST_IDENT, &@1, $1)); }
  | ident_list IDENT         { $$ = push(ctx, $1, mk_named(ctx, AST_IDENT, &@2, $2)); }
  ;

attribute:
    KW_ATTRIBUTE IDENT ':' type opt_default attr_body
        { $$ = mk_kids(ctx, AST_ATTRIBUTE, &@1, $4, $5, NULL); $$->name = $2;
          adopt(ctx, $$, $6); }
  ;

opt_default:
    %empty                   { $$ = nothing(ctx); }
  | '=' set_expr             { $$ = $2; }
  ;

attr_body:
    '{' attr_entries '}'          { $$ = $2; }
  | '{' attr_entries error '}'    { $$ = $2; RESYNC($2, 1); }
  ;

attr_entries:
    %empty                   { $$ = list_here(ctx); }
  | attr_entries attr_entry  { $$ = push(ctx, $1, $2); }
  | attr_entries error ';'   { $$ = $1; RESYNC($1, 0); }
  ;

attr_entry:
    sq_items ':' set_expr ';'    { $$ = mk_kids(ctx, AST_ENTRY, &@1, $1, $3, NULL); }
  ;

/* `piece var promoted "~": bool;`: the string is the mark a true value is written with in
 * position strings (after the piece's code: `Q~`), where it would be `Q{promoted=1}`. */
var:
    var_kind KW_VAR IDENT ':' type opt_default opt_var_value opt_reset ';'
        { $$ = mk_kids(ctx, AST_VAR, &@$, $5, $6, mk(ctx, AST_NOTHING, &@8)); $$->name = $3;
          $$->num = $1; $$->num2 = $8; if ($7) ast_add(ctx->nodes, $$, $7); }
  | var_kind KW_VAR IDENT STRING ':' type opt_default opt_var_value opt_reset ';'
        { $$ = mk_kids(ctx, AST_VAR, &@$, $6, $7, mk(ctx, AST_NOTHING, &@9)); $$->name = $3;
          $$->num = $1; $$->num2 = $9; $$->str = $4; if ($8) ast_add(ctx->nodes, $$, $8); }
  ;

/* `piece var statue: bool value 50%;` (the engine counts a statue at half its type's value),
 * `piece var promoted: bool value 200;` (200 more): an AST_VALUE, num2 1 for a percentage. */
opt_var_value:
    %empty                   { $$ = NULL; }
  | KW_VALUE sint            { $$ = mk_num(ctx, AST_VALUE, &@1, $2); }
  | KW_VALUE sint '%'        { $$ = mk_num(ctx, AST_VALUE, &@1, $2); $$->num2 = 1; }
  ;

var_kind:
    %empty                   { $$ = VAR_GLOBAL; }
  | KW_PLAYER                { $$ = VAR_PLAYER; }
  | KW_SQUARE                { $$ = VAR_SQUARE; }
  | KW_PIECE                 { $$ = VAR_PIECE; }
  ;

/* Variable flags (AST_VAR num2): 1 = reset before every move, 2 = uncounted (left out of a
 * position's identity for `repetition`), 4 = transient (no part of the position), in any
 * order. */
opt_reset:
    %empty                   { $$ = 0; }
  | opt_reset KW_RESET       { $$ = $1 | 1; }
  | opt_reset KW_UNCOUNTED   { $$ = $1 | 2; }
  | opt_reset KW_TRANSIENT   { $$ = $1 | 4; }
  ;

/* A type; an int may carry a range, `int 0..7` (kids: two NUM). */
type:
    type_name
  | type_name sint DOTDOT sint
        { $$ = $1;
          ast_add(ctx->nodes, $$, mk_num(ctx, AST_NUM, &@2, $2));
          ast_add(ctx->nodes, $$, mk_num(ctx, AST_NUM, &@4, $4)); }
  ;

/* Type names that are also keywords are accepted here by name. */
type_name:
    IDENT                    { $$ = mk_named(ctx, AST_TYPE, &@1, $1); }
  | KW_DIRS                  { $$ = mk_named(ctx, AST_TYPE, &@1, "dirs"); }
  | KW_PLAYER                { $$ = mk_named(ctx, AST_TYPE, &@1, "player"); }
  | KW_SQUARE                { $$ = mk_named(ctx, AST_TYPE, &@1, "square"); }
  | KW_PIECE                 { $$ = mk_named(ctx, AST_TYPE, &@1, "piece"); }
  | KW_ZONE                  { $$ = mk_named(ctx, AST_TYPE, &@1, "zone"); }
  ;

piece:
    KW_PIECE IDENT STRING piece_attrs piece_body
        { $$ = mk_named(ctx, AST_PIECE, &@1, $2); $$->str = $3;
          adopt(ctx, $$, $4); adopt(ctx, $$, $5); }
  ;

/* `value N` and `royal`, in any order, before the body. */
piece_attrs:
    %empty                   { $$ = holder(ctx); }
  | piece_attrs KW_VALUE sint    { $$ = push(ctx, $1, mk_num(ctx, AST_VALUE, &@2, $3)); }
  | piece_attrs KW_ROYAL     { $$ = push(ctx, $1, mk(ctx, AST_ROYAL, &@2)); }
  | piece_attrs KW_NEUTRAL   { $$ = push(ctx, $1, mk(ctx, AST_NEUTRAL, &@2)); }
  ;

piece_body:
    '{' piece_items '}'          { $$ = $2; }
  | '{' piece_items error '}'    { $$ = $2; RESYNC($2, 1); }
  ;

piece_items:
    %empty                   { $$ = list_here(ctx); }
  | piece_items piece_item   { $$ = push(ctx, $1, $2); }
  | piece_items error ';'    { $$ = $1; RESYNC($1, 0); }
  ;

piece_item:
    KW_LEAP atom_terms opt_mode opt_zones ';'
        { $$ = mk_kids(ctx, AST_LEAP, &@1, $2, $4, NULL); $$->num = $3; }
  | KW_RIDE dir_terms opt_mode opt_zones ';'
        { $$ = mk_kids(ctx, AST_RIDE, &@1, $2, $4, NULL); $$->num = $3; }
  | IDENT dir_terms opt_mode opt_zones ';'
        { check_hop(ctx, &@1, $1); $$ = mk_kids(ctx, AST_HOP, &@1, $2, $4, NULL); $$->num = $3; }
  | KW_ATTACK KW_LEAP dir_terms ';'
        { $$ = mk_kids(ctx, AST_ATTACK, &@1, mk_kids(ctx, AST_LEAP, &@2, $3, NULL, NULL),
                       NULL, NULL); }
  | KW_ATTACK KW_RIDE dir_terms ';'
        { $$ = mk_kids(ctx, AST_ATTACK, &@1, mk_kids(ctx, AST_RIDE, &@2, $3, NULL, NULL),
                       NULL, NULL); }
  | KW_ATTACK block          { $$ = mk_kids(ctx, AST_ATTACK, &@1, $2, NULL, NULL); }
  | KW_ATTACK IDENT atom_terms block   /* `attack near DIRS { }`: it reaches no farther */
        { check_near(ctx, &@2, $2);
          $$ = mk_kids(ctx, AST_ATTACK, &@1, $4, mk_kids(ctx, AST_LEAP, &@2, $3, NULL, NULL),
                       NULL); }
  | KW_ATTACK KW_MOVES ';'   /* the moves program counts as attacks */
        { $$ = mk_kids(ctx, AST_ATTACK, &@1, mk(ctx, AST_MOVES, &@2), NULL, NULL); }
  | KW_MOVES block           { $$ = mk_kids(ctx, AST_MOVES, &@1, $2, NULL, NULL); }
  | KW_BONUS IDENT ';'       { $$ = mk_named(ctx, AST_BONUS, &@1, $2); }
  ;

/* a leap's directions; `n+ne` is a step n onto an empty square, then one ne (the xiangqi horse) */
atom_terms:
    atom_term                { $$ = push(ctx, mk(ctx, AST_DIRS_LIT, &@1), $1); }
  | atom_terms atom_term     { $$ = push(ctx, $1, $2); }
  ;

atom_term:
    dir_term
  | dir_term '+' dir_term    { $$ = mk_kids(ctx, AST_LEG, &@2, $1, $3, NULL); }
  ;

opt_zones:
    %empty                   { $$ = NULL; }
  | KW_IN IDENT              { $$ = atom_zones(ctx, &@2, $2, NULL); }
  | KW_FROM IDENT            { $$ = atom_zones(ctx, &@2, NULL, $2); }
  | KW_IN IDENT KW_FROM IDENT { $$ = atom_zones(ctx, &@1, $2, $4); }
  | KW_FROM IDENT KW_IN IDENT { $$ = atom_zones(ctx, &@1, $4, $2); }
  ;

opt_mode:
    %empty                   { $$ = MODE_ANY; }
  | KW_MOVE                  { $$ = MODE_MOVE; }
  | KW_CAPTURE               { $$ = MODE_CAPTURE; }
  ;

drops:
    KW_DROPS block           { $$ = mk_kids(ctx, AST_DROPS, &@1, $2, NULL, NULL); }
  | KW_DROPS IDENT ident_list block     /* `drops free Pawn { }`: no hand (Ataxx's clones) */
        { check_free(ctx, &@2, $2); $$ = mk_kids(ctx, AST_DROPS, &@1, $4, $3, NULL); }
  ;

start:
    KW_START STRING ';'      { $$ = mk(ctx, AST_START, &@2); $$->str = $2; }   /* at the string: its errors */
  ;

/* A string after `position` is what separates the fields (PDN's ":"); spaces otherwise. */
position:
    KW_POSITION pos_fields ';'   { $$ = adopt(ctx, mk(ctx, AST_POSITION, &@1), $2); }
  | KW_POSITION STRING pos_fields ';'
        { $$ = adopt(ctx, mk(ctx, AST_POSITION, &@1), $3); $$->str = $2; }
  ;

pos_fields:
    pos_field                { $$ = push(ctx, holder(ctx), $1); }
  | pos_fields pos_field     { $$ = push(ctx, $1, $2); }
  ;

/* A field is a name (num 0); `-` (a field that holds nothing); `board[NAME]` (num 1, name
 * NAME: the board, then the hands in brackets); `+NAME` (num 2). compile.c checks them. */
/* A field; `?` after one of a variable: it may be absent (docs/language.md). */
pos_field:
    pos_field1
  | pos_field1 '?'           { $$ = $1; $$->str = "?"; }
  ;

/* num: 0 a name, 1 `board[hands]`, 2 `+v`, 3 `K-v` (num2 = K: the field holds K less the value) */
pos_field1:
    IDENT                    { $$ = mk_named(ctx, AST_IDENT, &@1, $1); }
  | KW_BOARD                 { $$ = mk_named(ctx, AST_IDENT, &@1, "board"); }
  | '-'                      { $$ = mk_named(ctx, AST_IDENT, &@1, "-"); }
  | KW_BOARD '[' IDENT ']'   { $$ = mk_named(ctx, AST_IDENT, &@3, $3); $$->num = 1; }
  | '+' IDENT                { $$ = mk_named(ctx, AST_IDENT, &@2, $2); $$->num = 2; }
  | INT '-' IDENT            { $$ = mk_named(ctx, AST_IDENT, &@3, $3); $$->num = 3; $$->num2 = $1; }
  | IDENT '(' IDENT ',' IDENT ')'   /* num 4, `pieces(NUMBERS, TYPE)`: one player's pieces */
        { $$ = mk_kids(ctx, AST_IDENT, &@1, mk_named(ctx, AST_IDENT, &@3, $3),
                       mk_named(ctx, AST_IDENT, &@5, $5), NULL);
          $$->name = $1; $$->num = 4; }
  ;

/* `display { mark towers; map arena; show last "dragon powers"; }`: how `show` draws the
 * game. The verbs are not reserved words; the binder checks them. */
display:
    KW_DISPLAY '{' display_items '}'   { $$ = adopt(ctx, mk(ctx, AST_DISPLAY, &@1), $3); }
  ;

display_items:
    %empty                   { $$ = holder(ctx); }
  | display_items display_item { $$ = push(ctx, $1, $2); }
  ;

display_item:
    IDENT IDENT opt_string ';'
                             { $$ = mk_kids(ctx, AST_DISPLAY_ITEM, &@1, mk_named(ctx, AST_IDENT, &@2, $2), $3, NULL);
                               $$->name = $1; }
  ;

/* `royal all;`: a side is in check when all its royal pieces are attacked (`royal any;`, the
 * default: when one is) */
royal_rule:
    KW_ROYAL IDENT ';'       { $$ = mk(ctx, AST_ROYAL, &@1); $$->num = check_royal_rule(ctx, &@2, $2); }
  ;

distinct:
    KW_MOVES KW_DISTINCT ';' { $$ = mk(ctx, AST_DISTINCT, &@1); }
  | KW_MOVES KW_DISTINCT IDENT ';' { check_smallest(ctx, &@3, $3); $$ = mk(ctx, AST_DISTINCT, &@1); $$->num = 1; }
  | KW_MOVES IDENT INT ';'   { $$ = mk(ctx, moves_limit_kind(ctx, &@2, $2), &@3); $$->num = $3; }
  | KW_MOVES IDENT KW_CAPTURE ';' { $$ = mk(ctx, AST_COMPULSORY, &@1); $$->num = check_compulsory(ctx, &@2, $2); }
  | KW_MOVES IDENT block     { check_extend(ctx, &@2, $2); $$ = mk_kids(ctx, AST_EXTEND, &@1, $3, NULL, NULL); }
  ;

when:
    KW_WHEN expr decl_block  { $$ = adopt(ctx, mk_kids(ctx, AST_WHEN, &@1, $2, NULL, NULL), $3); }
  ;

def:
    KW_DEF IDENT '(' params ')' block
        { $$ = push(ctx, adopt(ctx, mk_named(ctx, AST_DEF, &@1, $2), $4), $6); }
  | KW_FN IDENT '(' params ')' '=' expr ';'   /* an expression, expanded where it is used */
        { $$ = push(ctx, adopt(ctx, mk_named(ctx, AST_FN, &@1, $2), $4), $7); }
  ;

params:
    %empty                   { $$ = holder(ctx); }
  | param_list
  ;

param_list:
    param                    { $$ = push(ctx, holder(ctx), $1); }
  | param_list ',' param     { $$ = push(ctx, $1, $3); }
  ;

param:
    IDENT ':' type           { $$ = mk_kids(ctx, AST_PARAM, &@1, $3, NULL, NULL); $$->name = $1; }
  ;

hook:
    KW_LEGAL block           { $$ = mk_kids(ctx, AST_HOOK, &@1, $2, NULL, NULL); $$->num = HOOK_LEGAL; }
  | KW_AFTER_MOVE block      { $$ = mk_kids(ctx, AST_HOOK, &@1, $2, NULL, NULL); $$->num = HOOK_AFTER_MOVE; }
  | KW_TURN_START block      { $$ = mk_kids(ctx, AST_HOOK, &@1, $2, NULL, NULL); $$->num = HOOK_TURN_START; }
  | KW_END block             { $$ = mk_kids(ctx, AST_HOOK, &@1, $2, NULL, NULL); $$->num = HOOK_END; }
  | KW_ON KW_CAPTURE block   { $$ = mk_kids(ctx, AST_HOOK, &@1, $3, NULL, NULL); $$->num = HOOK_CAPTURE; }
  | KW_ON IDENT block        { check_setup(ctx, &@2, $2);
                               $$ = mk_kids(ctx, AST_HOOK, &@1, $3, NULL, NULL); $$->num = HOOK_SETUP; }
  ;

/* ---------------------------------------------------------------- statements ---- */

block:
    '{' stmts '}'            { $$ = adopt(ctx, mk(ctx, AST_BLOCK, &@1), $2); }
  | '{' stmts error '}'      { $$ = adopt(ctx, mk(ctx, AST_BLOCK, &@1), $2); RESYNC($2, 1); }
  ;

stmts:
    %empty                   { $$ = list_here(ctx); }
  | stmts stmt               { $$ = push(ctx, $1, $2); }
  | stmts error ';'          { $$ = $1; RESYNC($1, 0); }
  ;

stmt:
    KW_STEP expr ';'         { $$ = mk_kids(ctx, AST_STEP, &@1, $2, NULL, NULL); }
  | KW_GO expr ';'           { $$ = mk_kids(ctx, AST_GO, &@1, $2, NULL, NULL); }
  | KW_REQUIRE expr ';'      { $$ = mk_kids(ctx, AST_REQUIRE, &@1, $2, NULL, NULL); }
  | KW_STOP ';'              { $$ = mk(ctx, AST_STOP, &@1); }
  | if_stmt
  | KW_WHILE expr block      { $$ = mk_kids(ctx, AST_WHILE, &@1, $2, $3, NULL); }
  | KW_LOOP block            { $$ = mk_kids(ctx, AST_LOOP, &@1, $2, NULL, NULL); }
  | KW_REPEAT expr block     { $$ = mk_kids(ctx, AST_REPEAT, &@1, $2, $3, NULL); }
  | KW_BREAK ';'             { $$ = mk(ctx, AST_BREAK, &@1); }
  | KW_FOR IDENT KW_IN set_expr block
        { $$ = mk_kids(ctx, AST_FOR, &@1, $4, $5, NULL); $$->name = $2; }
  | KW_CHOOSE IDENT KW_IN set_expr block
        { $$ = mk_kids(ctx, AST_CHOOSE, &@1, $4, $5, NULL); $$->name = $2; }
  | either_stmt
  | KW_LET IDENT '=' expr ';'
        { $$ = mk_kids(ctx, AST_LET, &@1, $4, NULL, NULL); $$->name = $2; }
  | KW_LET IDENT ':' type '=' expr ';'
        { $$ = mk_kids(ctx, AST_LET, &@1, $6, $4, NULL); $$->name = $2; }
  | KW_LET IDENT ':' type ';'
        { $$ = mk_kids(ctx, AST_LET, &@1, nothing(ctx), $4, NULL); $$->name = $2; }
  | lvalue assign_op expr ';'
        { $$ = mk_kids(ctx, AST_ASSIGN, &@1, $1, $3, NULL); $$->num = $2; }
  | KW_EMIT emit_mode opt_string ';'
        { $$ = mk_kids(ctx, AST_EMIT, &@1, $3, NULL, NULL); $$->num = $2; }
  | KW_BECOME expr ';'       { $$ = mk_kids(ctx, AST_BECOME, &@1, $2, NULL, NULL); }
  | KW_CAPTURE expr ';'      { $$ = mk_kids(ctx, AST_CAPTURE, &@1, $2, NULL, NULL); }
  | KW_REMOVE expr ';'       { $$ = mk_kids(ctx, AST_REMOVE, &@1, $2, NULL, NULL); }
  | KW_PLACE expr KW_FOR expr KW_AT expr ';'
                             { $$ = mk_kids(ctx, AST_PLACE, &@1, $2, $4, $6); }
  | KW_CHANGE expr KW_TO expr ';'
                             { $$ = mk_kids(ctx, AST_CHANGE, &@1, $2, $4, NULL); }
  | KW_OWNER expr '=' expr ';'
                             { $$ = mk_kids(ctx, AST_SETOWNER, &@1, $2, $4, NULL); }
  | KW_MOVE expr KW_TO expr ';'
                             { $$ = mk_kids(ctx, AST_MOVEPIECE, &@1, $2, $4, NULL); }
  | KW_MOVE KW_STACK expr KW_TO expr ';'
                             { $$ = mk_kids(ctx, AST_MOVESTACK, &@1, $3, $5, NULL); }
  | KW_GIVE expr KW_TO expr ';'
                             { $$ = mk_kids(ctx, AST_GIVE, &@1, $2, $4, NULL); }
  | KW_TAKE expr KW_FROM expr ';'
                             { $$ = mk_kids(ctx, AST_TAKE, &@1, $2, $4, NULL); }
  | KW_AGAIN ';'             { $$ = mk(ctx, AST_AGAIN, &@1); }
  | KW_LAND ';'              { $$ = mk(ctx, AST_LAND, &@1); }
  | KW_MOVES_OF '(' expr ')' ';'
                             { $$ = mk_kids(ctx, AST_MOVESOF, &@1, $3, NULL, NULL); }
  | KW_DISTINCT block        { $$ = mk_kids(ctx, AST_DISTINCT_BLOCK, &@1, $2, NULL, NULL); }
  | KW_DISTINCT IDENT block  { check_smallest(ctx, &@2, $2);
                               $$ = mk_kids(ctx, AST_DISTINCT_BLOCK, &@1, $3, NULL, NULL); $$->num = 1; }
  | KW_KEY expr ';'          { $$ = mk_kids(ctx, AST_KEY, &@1, $2, NULL, NULL); }
  | KW_DEFER block           { $$ = mk_kids(ctx, AST_DEFER_BLOCK, &@1, $2, NULL, NULL); }
  | KW_QUALIFY arg_list ';'  { $$ = adopt(ctx, mk(ctx, AST_QUALIFY, &@1), $2); }
  | KW_QUALIFY KW_BEFORE arg_list ';'
                             { $$ = adopt(ctx, mk(ctx, AST_QUALIFY, &@1), $3); $$->num = 1; }
  | KW_NOTE arg_list ';'     { $$ = adopt(ctx, mk(ctx, AST_NOTE, &@1), $2); }
  | KW_WIN opt_string ';'    { $$ = mk_kids(ctx, AST_RESULT, &@1, $2, NULL, NULL); $$->num = RESULT_WIN; }
  | KW_LOSE opt_string ';'   { $$ = mk_kids(ctx, AST_RESULT, &@1, $2, NULL, NULL); $$->num = RESULT_LOSS; }
  | KW_DRAW opt_string ';'   { $$ = mk_kids(ctx, AST_RESULT, &@1, $2, NULL, NULL); $$->num = RESULT_DRAW; }
  | IDENT '(' args ')' ';'   { $$ = adopt(ctx, mk_named(ctx, AST_CALLSTMT, &@1, $1), $3); }
  ;

/* `else if` nests: the else part is a BLOCK holding the inner IF. The braces make the
   classic dangling-else ambiguity impossible. */
if_stmt:
    KW_IF expr block         { $$ = mk_kids(ctx, AST_IF, &@1, $2, $3, nothing(ctx)); }
  | KW_IF expr block KW_ELSE block
                             { $$ = mk_kids(ctx, AST_IF, &@1, $2, $3, $5); }
  | KW_IF expr block KW_ELSE if_stmt
                             { $$ = mk_kids(ctx, AST_IF, &@1, $2, $3,
                                            mk_kids(ctx, AST_BLOCK, &@5, $5, NULL, NULL)); }
  ;

either_stmt:
    KW_EITHER block          { $$ = mk_kids(ctx, AST_EITHER, &@1, $2, NULL, NULL); }
  | either_stmt KW_OR block  { $$ = push(ctx, $1, $3); }
  ;

lvalue:
    IDENT                    { $$ = mk_named(ctx, AST_IDENT, &@1, $1); }
  | IDENT '[' expr ']'       { $$ = mk_kids(ctx, AST_INDEX, &@1, $3, NULL, NULL); $$->name = $1; }
  | IDENT '[' expr ',' expr ']'   /* a piece variable of the piece at a layer of a stack */
                             { $$ = mk_kids(ctx, AST_INDEX, &@1, $3, $5, NULL); $$->name = $1; }
  ;

assign_op:
    '='                      { $$ = '='; }
  | PLUSEQ                   { $$ = '+'; }
  | MINUSEQ                  { $$ = '-'; }
  ;

emit_mode:
    %empty                   { $$ = EMIT_MOVE; }
  | KW_STAY                  { $$ = EMIT_STAY; }
  | KW_DROP                  { $$ = EMIT_DROP; }
  ;

opt_string:
    %empty                   { $$ = nothing(ctx); }
  | STRING                   { $$ = mk(ctx, AST_STRING, &@1); $$->str = $1; }
  ;

/* ---------------------------------------------------------------- expressions ---- */

/* or < and < not < comparisons/in/is < + - < * / % < unary - ! < postfix. Comparisons do
   not chain (`a == b == c` is a syntax error). */
expr:
    or_expr
  ;

or_expr:
    or_expr KW_OR and_expr   { $$ = binary(ctx, &@1, BIN_OR, $1, $3); }
  | and_expr
  ;

and_expr:
    and_expr KW_AND not_expr { $$ = binary(ctx, &@1, BIN_AND, $1, $3); }
  | not_expr
  ;

not_expr:
    KW_NOT not_expr          { $$ = mk_kids(ctx, AST_UNARY, &@1, $2, NULL, NULL); $$->num = '!'; }
  | cmp_expr
  ;

cmp_expr:
    add_expr
  | add_expr cmp_op add_expr { $$ = binary(ctx, &@1, $2, $1, $3); }
  | add_expr KW_IN add_expr  { $$ = mk_kids(ctx, AST_IN, &@1, $1, $3, NULL); }
  | add_expr KW_IS add_expr  { $$ = mk_kids(ctx, AST_IS, &@1, $1, $3, NULL); }
  ;

cmp_op:
    EQEQ                     { $$ = BIN_EQ; }
  | NOTEQ                    { $$ = BIN_NE; }
  | '<'                      { $$ = BIN_LT; }
  | LESSEQ                   { $$ = BIN_LE; }
  | '>'                      { $$ = BIN_GT; }
  | GREATEREQ                { $$ = BIN_GE; }
  ;

add_expr:
    add_expr '+' mul_expr    { $$ = binary(ctx, &@1, BIN_ADD, $1, $3); }
  | add_expr '-' mul_expr    { $$ = binary(ctx, &@1, BIN_SUB, $1, $3); }
  | mul_expr
  ;

mul_expr:
    mul_expr '*' unary       { $$ = binary(ctx, &@1, BIN_MUL, $1, $3); }
  | mul_expr '/' unary       { $$ = binary(ctx, &@1, BIN_DIV, $1, $3); }
  | mul_expr '%' unary       { $$ = binary(ctx, &@1, BIN_MOD, $1, $3); }
  | unary
  ;

/* `!` is the tight, C-style spelling of `not`. */
unary:
    '-' unary                { $$ = negate(ctx, &@1, $2); }
  | '!' unary                { $$ = mk_kids(ctx, AST_UNARY, &@1, $2, NULL, NULL); $$->num = '!'; }
  | postfix
  ;

postfix:
    atom
  | '(' expr ')'             { $$ = $2; }
  | vector
  | '[' ']'                  { $$ = mk(ctx, AST_SETLIT, &@1); }
  | '[' set_items ']'        { $$ = adopt(ctx, mk(ctx, AST_SETLIT, &@1), $2); }
  ;

/* A term that can follow another in a juxtaposed list: it does not start with `(` or `[`. */
atom:
    IDENT                    { $$ = mk_named(ctx, AST_IDENT, &@1, $1); }
  | IDENT '(' args ')'       { $$ = call(ctx, &@1, $1, $3); }
  | IDENT '[' expr ']'       { $$ = mk_kids(ctx, AST_INDEX, &@1, $3, NULL, NULL); $$->name = $1; }
  | IDENT '[' expr ',' expr ']'
                             { $$ = mk_kids(ctx, AST_INDEX, &@1, $3, $5, NULL); $$->name = $1; }
  | IDENT '.' field_name     { $$ = field(ctx, &@1, $1, $3); }
  | KW_MOVE '.' field_name   { $$ = field(ctx, &@1, "move", $3); }
  | KW_PIECE '.' field_name  { $$ = field(ctx, &@1, "piece", $3); }
  | KW_PIECE                 { $$ = mk_named(ctx, AST_IDENT, &@1, "piece"); }
  | KW_FROM                  { $$ = mk_named(ctx, AST_IDENT, &@1, "from"); }
  | KW_BOARD                 { $$ = mk_named(ctx, AST_IDENT, &@1, "board"); }
  | KW_AT '(' args ')'       { $$ = call(ctx, &@1, "at", $3); }
  | KW_STEP '(' args ')'     { $$ = call(ctx, &@1, "step", $3); }
  | KW_OWNER '(' args ')'    { $$ = call(ctx, &@1, "owner", $3); }
  | KW_ARROWS '(' args ')'   { $$ = call(ctx, &@1, "arrows", $3); }
  | KW_SQUARE '(' args ')'   { $$ = call(ctx, &@1, "square", $3); }
  | INT                      { $$ = mk_num(ctx, AST_NUM, &@1, $1); }
  | STRING                   { $$ = mk(ctx, AST_STRING, &@1); $$->str = $1; }
  /* true/false/none are names of constants for the binder. */
  | KW_TRUE                  { $$ = mk_named(ctx, AST_IDENT, &@1, "true"); }
  | KW_FALSE                 { $$ = mk_named(ctx, AST_IDENT, &@1, "false"); }
  | KW_NONE                  { $$ = mk_named(ctx, AST_IDENT, &@1, "none"); }
  ;

field_name:
    IDENT
  | KW_FROM                  { $$ = "from"; }
  | KW_TO                    { $$ = "to"; }
  | KW_PIECE                 { $$ = "piece"; }
  ;

args:
    %empty                   { $$ = holder(ctx); }
  | arg_list
  ;

arg_list:
    expr                     { $$ = push(ctx, holder(ctx), $1); }
  | arg_list ',' expr        { $$ = push(ctx, $1, $3); }
  ;

/* Where a set may be written by juxtaposition: an expression, or 2+ terms. */
set_expr:
    expr
  | jx_list                  { $$ = jx_result(ctx, $1); }
  ;

jx_list:
    postfix atom             { $$ = push(ctx, push(ctx, holder(ctx), $1), $2); }
  | jx_list atom             { $$ = push(ctx, $1, $2); }
  ;

/* Inside brackets, commas may separate the elements; they are needed before a vector that
 * follows a name (`[n, (1,2)]`), which would otherwise read as a call. */
set_items:
    postfix                  { $$ = push(ctx, holder(ctx), $1); }
  | set_items atom           { $$ = push(ctx, $1, $2); }
  | set_items ',' postfix    { $$ = push(ctx, $1, $3); }
  ;

%%

/* "memory exhausted" is the only message bison still sends here: its stack hit YYMAXDEPTH,
   which only absurdly deep nesting (thousands of prefix operators or `else if`s) reaches. */
static void rules_error(RulesLoc *loc, void *scanner, ParseCtx *ctx, const char *msg)
{
    (void)scanner;
    if (ctx->fatal) return;
    if (strstr(msg, "exhausted"))
        parse_error(ctx, loc, "the input is nested too deeply to parse");
    else
        parse_error(ctx, loc, "%s", msg);
    ctx->fatal = 1;
}

/* How the offending token is named: with its text for names, numbers and strings. */
static void describe_unexpected(ParseCtx *ctx, yysymbol_kind_t tok, char *buf, size_t size)
{
    switch (tok) {
    case YYSYMBOL_IDENT:  snprintf(buf, size, "identifier '%s'", ctx->last); break;
    case YYSYMBOL_INT:    snprintf(buf, size, "number %s", ctx->last); break;
    case YYSYMBOL_STRING: snprintf(buf, size, "string %s", ctx->last); break;
    default:              snprintf(buf, size, "%s", yysymbol_name(tok)); break;
    }
}

/* A long list of expected tokens is summarised: the tokens that start a declaration, a
 * statement, a piece item or an expression, or that continue an expression, are named by
 * that category; a category counts only when its signature token is among the expected. */
static const struct {
    const char *phrase, *signature, *members;   /* members: token names between spaces */
} categories[] = {
    { "a declaration", "'game'",
      " 'game' 'players' 'option' 'board' 'squares' 'stack' 'direction' 'dirs' 'symmetry'"
      " 'zone' 'arrows' 'attribute' 'flags' 'var' 'player' 'square' 'piece' 'drops' 'start'"
      " 'position' 'moves' 'when' 'def' 'legal' 'after-move' 'turn-start' 'on' 'end' " },
    { "a statement", "'require'",
      " 'step' 'go' 'require' 'stop' 'if' 'while' 'loop' 'repeat' 'break' 'for' 'choose'"
      " 'either' 'let' 'emit' 'become' 'capture' 'remove' 'place' 'change' 'owner' 'move'"
      " 'give' 'take' 'again' 'win' 'lose' 'draw' identifier " },
    { "'leap', 'ride', 'hop', 'attack' or 'moves'", "'leap'", " 'leap' 'ride' 'attack' 'moves' " },
    { "an expression", "number",
      " identifier number string '(' '[' '-' '!' 'not' 'true' 'false' 'none' 'piece' 'from'"
      " 'board' 'at' 'step' 'owner' 'arrows' 'move' " },
    { "an operator", "'and'",
      " '+' '-' '*' '/' '%' '==' '!=' '<' '<=' '>' '>=' 'and' 'or' 'in' 'is' '(' '[' '.' " },
};
enum { NCATEGORIES = sizeof categories / sizeof categories[0], MAXLIST = 5 };

static int is_member(const char *members, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(members, name); p; p = strstr(p + 1, name))
        if (p[-1] == ' ' && p[n] == ' ') return 1;
    return 0;
}

/* ", expecting A, B or C", or "" when nothing short and useful can be said. */
static void describe_expected(const yysymbol_kind_t *exp, int n, char *buf, size_t size)
{
    const char *items[NCATEGORIES + MAXLIST];
    int nitems = 0, nloose = 0, found[NCATEGORIES] = {0};
    if (n > MAXLIST)
        for (int c = 0; c < NCATEGORIES; c++)
            for (int i = 0; i < n; i++)
                if (!strcmp(yysymbol_name(exp[i]), categories[c].signature)) found[c] = 1;
    int anycat = 0;
    for (int c = 0; c < NCATEGORIES; c++) anycat |= found[c];
    for (int i = 0; i < n; i++) {          /* tokens no found category covers come first */
        const char *name = yysymbol_name(exp[i]);
        int covered = exp[i] == YYSYMBOL_YYEOF && anycat;
        for (int c = 0; c < NCATEGORIES && !covered; c++)
            covered = found[c] && is_member(categories[c].members, name);
        if (covered) continue;
        if (nloose++ < MAXLIST) items[nitems++] = name;
    }
    for (int c = 0; c < NCATEGORIES; c++)
        if (found[c]) items[nitems++] = categories[c].phrase;
    buf[0] = 0;
    if (nitems == 0 || nloose > MAXLIST) return;    /* too many to be useful */
    size_t len = 0;
    for (int i = 0; i < nitems && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s",
                                i == 0 ? ", expecting " : i == nitems - 1 ? " or " : ", ",
                                items[i]);
}

static int is_comparison(yysymbol_kind_t tok)
{
    return tok == YYSYMBOL_EQEQ || tok == YYSYMBOL_NOTEQ || tok == YYSYMBOL_LESSEQ
        || tok == YYSYMBOL_GREATEREQ || tok == YYSYMBOL_KW_IN || tok == YYSYMBOL_KW_IS
        || !strcmp(yysymbol_name(tok), "'<'") || !strcmp(yysymbol_name(tok), "'>'");
}

static int yyreport_syntax_error(const yypcontext_t *yyctx, void *scanner, ParseCtx *ctx)
{
    (void)scanner;
    if (ctx->fatal) return 0;          /* the lexer already explained why it stopped */
    yysymbol_kind_t exp[YYNTOKENS];
    int n = yypcontext_expected_tokens(yyctx, exp, YYNTOKENS);
    yysymbol_kind_t tok = yypcontext_token(yyctx);
    const RulesLoc *loc = yypcontext_location(yyctx);
    char what[96], want[256];
    describe_unexpected(ctx, tok, what, sizeof what);
    describe_expected(exp, n, want, sizeof want);

    int chained = 0;                   /* `a == b == c`: say why, not just what */
    for (int i = 0; i < n && is_comparison(tok); i++)
        chained |= exp[i] == YYSYMBOL_KW_AND;
    if (chained)
        parse_error(ctx, loc, "unexpected %s: comparisons do not chain (use 'and')", what);
    else
        parse_error(ctx, loc, "unexpected %s%s", what, want);
    if (tok == YYSYMBOL_YYEOF && ctx->depth > 0)
        diag_note(ctx->diag, parse_srcloc(&ctx->open[ctx->depth - 1]), "this '%c' is not closed",
                  ctx->open_ch[ctx->depth - 1]);
    return 0;
}
