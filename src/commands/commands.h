/* commands.h - the parsed command line (Args, filled by main.c from the table in cli_table.c)
 * and the subcommands, each in its own file. */
#ifndef BOARDVM_COMMANDS_H
#define BOARDVM_COMMANDS_H
#include <stdio.h>
#include "position.h"

typedef struct {
    char **pos; int npos;          /* command and its positional arguments */
    char **opts; int nopts;        /* --option NAME[=VALUE] */
    const char *fen;
    char **moves; int nmoves, capmoves;
    char **copies; int ncopies;    /* strings the move list points into */
    int divide, version, list_opcodes, check_hash, check_gen, profile, every_ply;
    int json;                      /* show/moves --json */
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
} Args;

/* The default bound on the work of one command (perft, moves, show, test: each case, bench, svg):
 * 1e10 steps of work, at most half a minute or so (docs/language.md "Limits"). */
#define DEFAULT_WORK_MILLIONS 10000L
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
int cmd_serve(Args *a);            /* serve.c */
int cmd_svg(Args *a);              /* svg.c */
int cmd_variants(Args *a);         /* variants.c */
int cmd_dump(Args *a);             /* dump.c */
int cmd_diff(int argc, char **argv);   /* diff.c: it parses its own arguments */
int cmd_match(int argc, char **argv);  /* match.c: it parses its own arguments */
int cmd_tune(int argc, char **argv);   /* tune.c: it parses its own arguments */
int cmd_balance(int argc, char **argv);   /* balance.c: it parses its own arguments */
void show_board(const Pos *p, FILE *out);   /* display.c */
void show_legend(const Game *g, FILE *out);  /* display.c: the key to the piece letters */
/* The position of show, moves, perft: the rules file, --game, --fen, --moves (startpos.c);
 * 0, or an exit status after a message. */
int open_position(Args *a, Game **g, Pos **p);
#endif
