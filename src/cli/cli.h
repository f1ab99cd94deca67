/* cli.h - the command line from one table: the subcommands, the options each takes, their help
 * and the bash completion script all come from cli_commands[] and cli_options[] (cli_table.c);
 * cli.c parses with getopt_long against them and prints the help and the completion. */
#ifndef BOARDVM_CLI_H
#define BOARDVM_CLI_H
#include <stdio.h>
#include "commands.h"

typedef enum {
    CMD_CHECK, CMD_DISASM, CMD_SHOW, CMD_MOVES, CMD_PERFT, CMD_TEST, CMD_DIFF, CMD_BENCH,
    CMD_SELFPLAY, CMD_PLAY, CMD_MATCH, CMD_TUNE, CMD_BALANCE, CMD_XBOARD, CMD_SERVE, CMD_SVG,
    CMD_VARIANTS, CMD_DUMP, CMD_HELP, CMD_COMPLETION, NCOMMANDS
} CommandId;
#define ON(c) (1u << (c))

typedef enum {
    OPT_HELP, OPT_VERSION, OPT_OPTION, OPT_FEN, OPT_MOVES, OPT_GAME, OPT_JSON, OPT_EVERY_PLY,
    OPT_DIVIDE, OPT_CHECK_HASH, OPT_CHECK_GEN, OPT_PROFILE, OPT_LIST_OPCODES, OPT_UPDATE, OPT_DEPTH,
    OPT_RUNS,
    OPT_LIST, OPT_TIME, OPT_NODES, OPT_GAMES, OPT_SEED, OPT_RECORD, OPT_MAX_PLIES, OPT_OPPONENT,
    OPT_BOARD, OPT_AS, OPT_LOAD, OPT_PORT, OPT_ADDRESS, OPT_WORK, OPT_MOVE_WORK,
    /* diff's sides */
    OPT_UCI, OPT_VARIANT, OPT_PIECE, OPT_TURN, OPT_RANKS_FROM, OPT_ENGINE_FEN, OPT_TIMEOUT,
    /* match's (its values are checked by match.c) */
    OPT_JOBS, OPT_OPENINGS, OPT_RANDOM_PLIES, OPT_SPRT, OPT_STATS,
    /* tune's */
    OPT_RECORDS, OPT_WRITE, OPT_UNIT, OPT_FIT_DATA,
    OPT_THREADS, OPT_OFF, OPT_LAST_PLY, OPT_SEARCH
} OptionId;

typedef enum {
    ARG_NONE,        /* a flag */
    ARG_TEXT,        /* one string */
    ARG_FILE,        /* one file name (completed as a file) */
    ARG_INT,         /* a whole number from min to max */
    ARG_U64,         /* digits only, 64 bits, at least min */
    ARG_SECONDS,     /* a positive number of seconds */
    ARG_LIST         /* --moves: this word and the words after it, up to the next option */
} ArgKind;

typedef struct {
    OptionId id;
    const char *name;          /* the long form, without "--" */
    char short_name;           /* 0: none */
    ArgKind kind;
    long long min, max;        /* ARG_INT; ARG_U64 uses min */
    const char *arg;           /* the value in the help: "POSITION" */
    const char *what;          /* the value in a message: "a position string" */
    unsigned commands;         /* ON(CMD_...) of the commands that take it */
    const char *help;
} CliOption;

typedef struct {
    CommandId id;
    const char *name;
    const char *operands;      /* in the usage line: "FILE DEPTH" */
    int max_operands;          /* -1: any number */
    const char *operand_ext;   /* completed operands: ".rules", ".test" or NULL */
    const char *summary;       /* one line, in the list of commands */
    const char *about;         /* more, in the command's --help (NULL: the summary says it) */
    int (*run)(Args *a);       /* NULL: run_argv */
    int (*run_argv)(int argc, char **argv);   /* a command that reads its own arguments (diff) */
} CliCommand;

extern const CliOption cli_options[];
extern const int cli_noptions;
extern const CliCommand cli_commands[];

const CliCommand *cli_command(const char *name);
int cli_takes(const CliCommand *c, const char *option);   /* does c take --option? */

/* A parsed value: the text always; the number for ARG_INT (i), ARG_U64 (u), ARG_SECONDS (d). */
typedef struct { const char *text; long long i; unsigned long long u; double d; } CliValue;

/* Called for each option (o) and each operand (o NULL, the word in v->text), in the order of
 * the command line; returns 0 to go on, or an exit status (after its own message). */
typedef int (*CliEach)(void *ctx, const CliOption *o, const CliValue *v);

/* Parse argv[1..argc-1] (argv[0] is the command's name) for command c: an option of another
 * command, an unknown one, a bad value or too many operands is refused with a message and 2.
 * --help prints the command's help and returns -1. */
int cli_parse(const CliCommand *c, int argc, char **argv, CliEach each, void *ctx);

int cli_usage_error(const CliCommand *c, const char *fmt, ...);
void cli_help(const CliCommand *c, FILE *out);      /* c NULL: the list of commands */
void cli_version(FILE *out);
void cli_completion_bash(FILE *out);
#endif
