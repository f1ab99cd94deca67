/* commands.h - the parsed command line (Args, filled by main.c from the table in cli_table.c)
 * and the subcommands, each in its own file. */
#ifndef BOARDVM_COMMANDS_H
#define BOARDVM_COMMANDS_H
#include <stdint.h>
#include <stdio.h>
#include "position.h"

/* Every option of every command, once (cli_table.c declares each: its name, its value, its
 * help; a command's row lists those it takes). */
typedef enum {
    OPT_HELP, OPT_VERSION, OPT_OPTION, OPT_FEN, OPT_MOVES, OPT_GAME, OPT_JSON, OPT_EVERY_PLY,
    OPT_DIVIDE, OPT_CHECK_HASH, OPT_CHECK_GEN, OPT_PROFILE, OPT_LIST_OPCODES, OPT_UPDATE, OPT_DEPTH,
    OPT_RUNS, OPT_LIST, OPT_TIME, OPT_NODES, OPT_MOVE_WORK, OPT_THREADS, OPT_OFF, OPT_SEARCH,
    OPT_GAMES, OPT_SEED, OPT_RECORD, OPT_MAX_PLIES, OPT_OPPONENT, OPT_BOARD, OPT_AS, OPT_LOAD,
    OPT_PORT, OPT_ADDRESS, OPT_WORK, OPT_JOBS, OPT_OPENINGS, OPT_RANDOM_PLIES, OPT_SPRT, OPT_STATS,
    OPT_RECORDS, OPT_LAST_PLY, OPT_WRITE, OPT_UNIT, OPT_FIT_DATA, OPT_UCI, OPT_VARIANT, OPT_PIECE,
    OPT_TURN, OPT_RANKS_FROM, OPT_ENGINE_FEN, OPT_TIMEOUT, OPT_SETOPTION, OPT_RANDOM_GAMES,
    OPT_PLIES, OPT_NAMES,
    OPT_ENGINE, OPT_PROTOCOL, OPT_ENGINE_VARIANT, OPT_ENGINE_OPTION, OPT_TC, OPT_TC_MARGIN,
    OPT_SHARD, OPT_JSONL, OPT_OVERWRITE, OPT_VALUES_B, OPT_ENGINE_A, OPT_PROTOCOL_A,
    OPT_ENGINE_A_OPTION,
    NOPTIONS,
    OPERAND = -1                   /* an ArgItem that is an operand, not an option */
} OptionId;

/* One option or operand as written, in the order of the command line. The value is checked as
 * the command's row says: the number is in i (a whole number), u (a count of 64 bits) or d
 * (seconds); a value the command checks itself (match's "A,B") is only text. */
typedef struct {
    OptionId id;                   /* OPERAND: an operand, in text */
    const char *name;              /* the option's long name, for messages ("depth") */
    const char *text;
    long long i;
    unsigned long long u;
    double d;
} ArgItem;

typedef struct {
    char **pos; int npos;          /* command and its positional arguments */
    char **opts; int nopts;        /* --option NAME[=VALUE] */
    const char *fen;
    char **moves; int nmoves, capmoves;
    char **copies; int ncopies;    /* strings the move list points into */
    int divide, version, list_opcodes, check_hash, check_gen, profile, every_ply;
    int json;                      /* show/moves --json */
    int names;                     /* list --names: the names alone */
    int update;                    /* test --update: rewrite the expected values */
    int depth, runs;
    int threads;                   /* the search's threads (--threads; 0: one) */
    unsigned off;                  /* selfplay --off: search techniques switched off */
    int algo, playout;             /* --search: SEARCH_AB or SEARCH_MCTS, its playouts (search.h) */
    int games, max_plies;          /* selfplay */
    int board;                     /* selfplay --board: draw the board after each move */
    unsigned long long nodes;      /* a node limit per move */
    unsigned long long move_work;  /* --move-work N: million steps of work per move */
    unsigned long long seed;
    double time;                   /* seconds per move */
    const char *as, *record, *load, *game, *opponent;
    const char *list;              /* bench --list FILE */
    int port;                      /* serve --port N (-1: the default) */
    const char *address;           /* serve --address A */
    long work;                     /* --work N: the steps of work one command may run (N million) */
    const char *variant;           /* dump --variant N|NAME: a variant of a .zrf file */
    int shard_k, shard_n;          /* --shard K/N (shard.h; n 0: the whole run) */
    const char *jsonl;             /* --jsonl FILE: the results as JSON lines, for merge */
    /* Every option and operand in the order written: for the commands where the order means
     * something (diff's and balance's -o set the rules file before them) or whose values they
     * check themselves (match's "A,B"); the fields above are the same values by name. */
    ArgItem *items; int nitems;
} Args;

/* The default bound on the work of one command (docs/bounds.md). The commands a person runs and
 * watches (perft, moves, show, bench, svg: Ctrl-C and perft's progress line are theirs) have
 * 1e13 steps, some 7 hours of CPU: deep perft of every shipped game runs (Ivory Tower's depth 4
 * takes 2e10). The unattended ones (each case of `test`, `diff`'s boardvm side: scripts and CI)
 * keep 1e10 steps, half a minute or so, which stops a hostile rules file in bounded time. */
#define DEFAULT_WORK_MILLIONS 10000L
#define WATCHED_WORK_MILLIONS 10000000L
#define MAX_WORK_OPTION 1000000000L        /* --work at most 1e9 million: 1e15 steps */

int cmd_check(Args *a);            /* check.c */
int cmd_show(Args *a);             /* show.c */
int cmd_moves(Args *a);            /* show.c */
int cmd_perft(Args *a);            /* perft_cmd.c */
int cmd_disasm(Args *a);           /* disasm.c */
int cmd_test(Args *a);             /* testrun.c */
int cmd_test_update(Args *a);      /* testupdate.c */
int cmd_bench(Args *a);            /* bench.c */
int cmd_selfplay(Args *a);         /* play.c */
int cmd_play(Args *a);             /* play.c */
int cmd_xboard(Args *a);           /* xboard.c */
int cmd_uci(Args *a);              /* uci.c */
int cmd_serve(Args *a);            /* serve.c */
int cmd_svg(Args *a);              /* svg.c */
int cmd_variants(Args *a);         /* variants.c */
int cmd_dump(Args *a);             /* dump.c */
int cmd_diff(Args *a);             /* diff.c */
int cmd_match(Args *a);            /* match.c */
int cmd_tune(Args *a);             /* tune.c */
int cmd_merge(Args *a);            /* merge_cmd.c */
/* selfplay.c: its closing score lines, which merge prints too */
void selfplay_score(const char *const *players, const int score[4], const char *ename,
                    const char *oname, const int mine[3]);
int cmd_balance(Args *a);          /* balance.c */
/* tune.c: the fit of games in one PGN text (merge: the games of every shard, in order) */
int tune_fit_text(const char *rules, char **opts, int nopts, char *text, int random_plies,
                  int last_ply, const char *unit);
/* balance.c: the report of variants from their games' results, which merge prints (outcome:
 * selfgames.h's, -1 an error, -2 not reported, -3 another shard's) */
typedef struct {
    const char *name, *first, *opts;
    int *outcome, *plies;
    uint64_t *hash;
    char **reason;
} BalanceVariant;
int balance_report(const BalanceVariant *v, int nv, int games);
int cmd_list(Args *a);             /* list.c */
#define BALANCE_MAX_VARIANTS 8     /* balance.c: the most rules files (operands) it compares */
void show_board(const Pos *p, FILE *out);   /* display.c */
void show_legend(const Game *g, FILE *out);  /* display.c: the key to the piece letters */
/* The position of show, moves, perft: the rules file, --game, --fen, --moves (startpos.c);
 * 0, or an exit status after a message. */
int open_position(Args *a, Game **g, Pos **p);
#endif
