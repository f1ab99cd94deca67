/* cli.h - the command line from one table: the subcommands, the options each takes, their help
 * and the bash completion script all come from cli_commands[] and cli_options[] (cli_table.c);
 * cli.c parses with getopt_long against them and prints the help and the completion. */
#ifndef BOARDVM_CLI_H
#define BOARDVM_CLI_H
#include <stdio.h>
#include "commands.h"

typedef enum {
    ARG_SAME,        /* in a command's row: the option's own kind, range, arg and what */
    ARG_NONE,        /* a flag */
    ARG_TEXT,        /* one string (checked by the command, if at all) */
    ARG_FILE,        /* one file name (completed as a file) */
    ARG_INT,         /* a whole number from min to max */
    ARG_U64,         /* digits only, 64 bits, at least min */
    ARG_SECONDS,     /* a positive number of seconds */
    ARG_LIST,        /* --moves: this word and the words after it, up to the next option */
    ARG_OWN          /* text the command checks itself (match's "A,B"): only in Args' items */
} ArgKind;

/* An option as getopt_long knows it, declared once (cli_options[id]): its value and help as
 * most commands take it. Whether it takes a value, and whether that is a file (for the
 * completion), are the option's: a command's row cannot change them. */
typedef struct {
    OptionId id;
    const char *name;          /* the long form, without "--" */
    char short_name;           /* 0: none */
    ArgKind kind;
    long long min, max;        /* ARG_INT; ARG_U64 uses min */
    const char *arg;           /* the value in the help: "POSITION" */
    const char *what;          /* the value in a message: "a position string" */
    const char *help;
    const char *words;         /* what the completion offers as its value: "ab mcts mcts:end",
                                * or "@players": the sides of the rules file on the line */
} CliOption;

/* An option in a command's row: which, and what it means there where that differs from the
 * option's declaration (NULL and ARG_SAME: as declared). */
typedef struct {
    OptionId id;
    const char *help;          /* NULL: the option's help */
    ArgKind kind;              /* ARG_SAME: the option's kind, min, max, arg and what */
    long long min, max;
    const char *arg, *what;
    unsigned flags;            /* CLI_ALONE */
} CliTake;
#define CLI_ALONE 1u           /* with this option the command needs no operand (--list-opcodes) */

typedef struct {
    const char *name;
    const char *operands;      /* in the usage line: "FILE DEPTH" */
    int min_operands;          /* fewer: "boardvm: NAME: needs NEEDS" (unless a CLI_ALONE option) */
    int max_operands;          /* -1: any number */
    const char *needs;         /* what the operands are, for that message: "a rules file" */
    const char *operand_ext;   /* completed operands: ".rules", ".test" or NULL */
    const char *summary;       /* one line, in the list of commands */
    const char *about;         /* more, in the command's --help (NULL: the summary says it) */
    int (*run)(Args *a);
    const CliTake *takes;      /* its options, in the order of its help (and --help, --version) */
    int ntakes;
    int unattended;            /* run by scripts and CI, not watched (test, diff): --work's
                                * default is the tight bound (docs/bounds.md) */
} CliCommand;
#define CLI_TAKES(t) .takes = (t), .ntakes = (int)(sizeof(t) / sizeof *(t))

extern const CliOption cli_options[NOPTIONS];
extern const CliCommand cli_commands[];

const CliCommand *cli_command(const char *name);
/* Option id as command c takes it (its row's changes applied) into *o; 0 when c does not take
 * it. Every command takes --help and --version. */
int cli_option_of(const CliCommand *c, OptionId id, CliOption *o);

/* Called for each option (o) and each operand (o NULL, the word in v->text), in the order of
 * the command line; returns 0 to go on, or an exit status (after its own message). */
typedef int (*CliEach)(void *ctx, const CliOption *o, const ArgItem *v);

/* Parse argv[1..argc-1] (argv[0] is the command's name) for command c: an option of another
 * command, an unknown one, a bad value, too many operands or too few are refused with a
 * message and 2. --help prints the command's help and returns -1. */
int cli_parse(const CliCommand *c, int argc, char **argv, CliEach each, void *ctx);

int cli_usage_error(const CliCommand *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void cli_help(const CliCommand *c, FILE *out);      /* c NULL: the list of commands */
void cli_version(FILE *out);
void cli_completion_bash(FILE *out);
#endif
