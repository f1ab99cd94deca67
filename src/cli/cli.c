/* cli.c - parsing a command's arguments with getopt_long against the table in cli_table.c, and
 * the help and the bash completion script made from that table.
 *
 * Why getopt_long in "return in order" mode ("-" first in the option string): operands and
 * options arrive as they were written, so `--moves e2e4 e7e5` can take the words after it (up to
 * the next option) and diff's `FILE.rules -o NAME=VALUE` can give the option to the side just
 * named. Every option of every command is known to getopt, so an option of another command is
 * named as such rather than called unknown. */
#include "cli.h"
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif
#ifndef BOARDVM_DATADIR
#define BOARDVM_DATADIR "/usr/local/share/boardvm"
#endif

#define MAX_NAMES 64

const CliCommand *cli_command(const char *name)
{
    for (const CliCommand *c = cli_commands; c->name; c++)
        if (!strcmp(c->name, name)) return c;
    return NULL;
}

int cli_usage_error(const CliCommand *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    /* "boardvm: perft: ...": the command a usage error is about */
    if (c) fprintf(stderr, "boardvm: %s: ", c->name);
    else fputs("boardvm: ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    if (c) fprintf(stderr, "\nTry 'boardvm %s --help'.\n", c->name);
    else fputs("\nTry 'boardvm --help'.\n", stderr);
    return 2;
}

/* The row of option `name` for command c; NULL when c does not take it. */
static const CliOption *row_for(const char *name, CommandId c)
{
    for (int i = 0; i < cli_noptions; i++)
        if (!strcmp(cli_options[i].name, name) && (cli_options[i].commands & ON(c)))
            return &cli_options[i];
    return NULL;
}

int cli_takes(const CliCommand *c, const char *option) { return row_for(option, c->id) != NULL; }

static const CliOption *any_row(const char *name)
{
    for (int i = 0; i < cli_noptions; i++)
        if (!strcmp(cli_options[i].name, name)) return &cli_options[i];
    return NULL;
}

static const char *name_of_short(int ch)
{
    for (int i = 0; i < cli_noptions; i++)
        if (cli_options[i].short_name == ch) return cli_options[i].name;
    return NULL;
}

/* The option names once each, as getopt_long wants them; val is 256 + the index. */
static int long_options(struct option *longs, char *shorts, size_t shorts_len)
{
    int n = 0;
    size_t k = strlen(shorts);
    for (int i = 0; i < cli_noptions; i++) {
        const CliOption *o = &cli_options[i];
        int seen = 0;
        for (int j = 0; j < n; j++) if (!strcmp(longs[j].name, o->name)) seen = 1;
        if (seen || n == MAX_NAMES - 1) continue;
        int has = o->kind == ARG_NONE ? no_argument
                : o->kind == ARG_LIST ? optional_argument
                                      : required_argument;
        longs[n] = (struct option){ o->name, has, NULL, 256 + n };
        n++;
        if (o->short_name && k + 4 < shorts_len) {
            shorts[k++] = o->short_name;
            if (has != no_argument) shorts[k++] = ':';
            if (has == optional_argument) shorts[k++] = ':';
            shorts[k] = 0;
        }
    }
    longs[n] = (struct option){ 0, 0, 0, 0 };
    return n;
}

/* A word such as "-1": an operand (a depth, wrong or not), not a cluster of short options. */
static int negative_number(const char *s)
{
    return s[0] == '-' && isdigit((unsigned char)s[1]);
}

static int parse_value(const CliCommand *c, const CliOption *o, const char *text, CliValue *v)
{
    memset(v, 0, sizeof *v);
    v->text = text;
    char *end;
    switch (o->kind) {
    case ARG_INT:
        errno = 0;
        v->i = strtoll(text, &end, 10);
        if (!*text || *end || errno || v->i < o->min || v->i > o->max) {
            if (strcmp(o->what, "a number") &&
                strcmp(o->what, "a port number")) /* "a number of ..." */
                return cli_usage_error(c, "--%s '%s' is not %s from %lld to %lld", o->name, text,
                                       o->what, o->min, o->max);
            if (o->min == 1 && o->max >= 100000)
                return cli_usage_error(c, "'%s' is not a positive number", text);
            return cli_usage_error(c, "--%s must be %lld to %lld, not '%s'", o->name, o->min,
                                   o->max, text);
        }
        return 0;
    case ARG_U64:
        /* strtoull takes "-1" (and " -1") as 2^64-1: a node limit that never comes. Only digits
         * are a number here; one that does not fit 64 bits is refused too. */
        errno = 0;
        v->u = strtoull(text, &end, 10);
        if (!isdigit((unsigned char)text[0]) || *end || errno == ERANGE ||
            v->u < (unsigned long long)o->min)
            return cli_usage_error(
                    c, o->min ? "'%s' is not a positive number" : "'%s' is not a number", text);
        return 0;
    case ARG_SECONDS:
        v->d = strtod(text, &end);
        if (!*text || *end || !(v->d > 0) || v->d > 1e6)
            return cli_usage_error(c, "'%s' is not a positive number of seconds", text);
        return 0;
    default:
        return 0;
    }
}

/* An option written on the command line that c does not take, or that takes no value. */
static int refuse(const CliCommand *c, int ch, const struct option *longs, char **argv)
{
    if (ch == ':') {
        const char *name = optopt >= 256 ? longs[optopt - 256].name : name_of_short(optopt);
        const CliOption *o = !name     ? NULL
                : row_for(name, c->id) ? row_for(name, c->id)
                                       : any_row(name);
        return cli_usage_error(c, "--%s needs %s", name ? name : "?",
                               o && o->what ? o->what : "a value");
    }
    if (optopt >= 256) return cli_usage_error(c, "--%s takes no value", longs[optopt - 256].name);
    if (optopt) return cli_usage_error(c, "unknown option '-%c'", optopt);
    char word[64];
    snprintf(word, sizeof word, "%s", argv[optind - 1]);
    word[strcspn(word, "=")] = 0;
    return cli_usage_error(c, "unknown option '%s'", word);
}

static int not_for(const CliCommand *c, const char *name)
{
    char others[256] = "";
    size_t n = 0;
    for (const CliCommand *k = cli_commands; k->name; k++)
        if (row_for(name, k->id) && n < sizeof others - 16)
            n += (size_t)snprintf(others + n, sizeof others - n, "%s%s", n ? ", " : "", k->name);
    return cli_usage_error(c, "--%s is not an option of %s (but of %s)", name, c->name, others);
}

int cli_parse(const CliCommand *c, int argc, char **argv, CliEach each, void *ctx)
{
    struct option longs[MAX_NAMES];
    char shorts[3 * MAX_NAMES] = "-:";
    long_options(longs, shorts, sizeof shorts);
    const CliOption *collecting = NULL;    /* --moves: the words after it are moves too */
    int operands = 0, mid_cluster = 0, st = 0;
    CliValue v;
    opterr = 0;
    optind = 1;
    for (;;) {
        const char *word = NULL;
        if (!mid_cluster && optind < argc && negative_number(argv[optind])) word = argv[optind++];
        else {
            int before = optind, li = -1;
            int ch = getopt_long(argc, argv, shorts, longs, &li);
            if (ch == -1) break;
            mid_cluster = optind == before;
            if (ch == '?' || ch == ':') return refuse(c, ch, longs, argv);
            if (ch == 1) word = optarg;
            else {
                const char *name = ch >= 256 ? longs[ch - 256].name : name_of_short(ch);
                const CliOption *o = row_for(name, c->id);
                if (!o) return not_for(c, name);
                if (o->id == OPT_HELP) { cli_help(c, stdout); return -1; }
                collecting = o->kind == ARG_LIST ? o : NULL;
                if (o->kind == ARG_LIST && !optarg) continue;      /* the moves come as words */
                if ((st = parse_value(c, o, optarg ? optarg : "", &v))) return st;
                if ((st = each(ctx, o, &v))) return st;
                continue;
            }
        }
        memset(&v, 0, sizeof v);
        v.text = word;
        if (collecting) { if ((st = each(ctx, collecting, &v))) return st; continue; }
        if (c->max_operands >= 0 && ++operands > c->max_operands)
            return cli_usage_error(c, "unexpected argument '%s' (usage: boardvm %s %s)", word,
                                   c->name, c->operands);
        if ((st = each(ctx, NULL, &v))) return st;
    }
    for (; optind < argc; optind++) {            /* after "--": operands only */
        memset(&v, 0, sizeof v);
        v.text = argv[optind];
        if (c->max_operands >= 0 && ++operands > c->max_operands)
            return cli_usage_error(c, "unexpected argument '%s' (usage: boardvm %s %s)", v.text,
                                   c->name, c->operands);
        if ((st = each(ctx, NULL, &v))) return st;
    }
    return 0;
}

/* ---- help ----------------------------------------------------------------------------------- */

static void option_line(FILE *out, const CliOption *o)
{
    char left[64];
    int n = o->short_name ? snprintf(left, sizeof left, "  -%c, --%s", o->short_name, o->name)
                          : snprintf(left, sizeof left, "      --%s", o->name);
    if (o->arg && n > 0 && (size_t)n < sizeof left)
        snprintf(left + n, sizeof left - (size_t)n, " %s", o->arg);
    if (strlen(left) > 28) fprintf(out, "%s\n%30s%s\n", left, "", o->help);
    else fprintf(out, "%-30s%s\n", left, o->help);
}

void cli_version(FILE *out)
{
    fprintf(out, "boardvm %s\n"
                 "Copyright (c) the boardvm authors. License: MIT (the file LICENSE; SPDX: MIT).\n"
                 "This is free software: you are free to change and redistribute it.\n"
                 "There is NO WARRANTY, to the extent permitted by law.\n", PACKAGE_VERSION);
}

void cli_help(const CliCommand *c, FILE *out)
{
    if (!c) {
        fputs("usage: boardvm COMMAND [ARGS] [OPTIONS]\n\nCommands:\n", out);
        for (const CliCommand *k = cli_commands; k->name; k++) {
            char left[64];
            snprintf(left, sizeof left, "  %s %s", k->name, k->operands);
            if (strlen(left) > 28) fprintf(out, "%s\n%30s%s\n", left, "", k->summary);
            else fprintf(out, "%-30s%s\n", left, k->summary);
        }
        fputs("\nThe options of a command: boardvm COMMAND --help (or boardvm help COMMAND).\n"
              "  -h, --help  this help;  -V, --version  the version and the licence\n\n", out);
    } else {
        fprintf(out, "usage: boardvm %s %s [OPTIONS]\n\n%s\n", c->name, c->operands,
                c->about ? c->about : c->summary);
        int any = 0;
        for (int i = 0; i < cli_noptions; i++) {
            const CliOption *o = &cli_options[i];
            if (!(o->commands & ON(c->id)) || o->id == OPT_VERSION) continue;
            if (!any++) fputs("\nOptions:\n", out);
            option_line(out, o);
        }
        fputc('\n', out);
    }
    fputs("FILE is a rules file: a path, or the name of a game (chess or chess.rules) looked up "
          "in\n"
          "the directories of $BOARDVM_PATH (separated by ':'), then in " BOARDVM_DATADIR ".\n"
          "See boardvm(1) and, for the rules language, boardvm-rules(5).\n",
          out);
}

/* ---- bash completion ------------------------------------------------------------------------ */

/* The option words of command c ("--fen -f --moves ..."), or the valued options of all
 * commands that take a file (files 1) or another value (files 0), as a case pattern. */
static void option_words(FILE *out, const CliCommand *c)
{
    const char *done[MAX_NAMES];
    int n = 0;
    for (int i = 0; i < cli_noptions; i++) {
        const CliOption *o = &cli_options[i];
        int seen = 0;
        for (int j = 0; j < n; j++) if (done[j] == o->name || !strcmp(done[j], o->name)) seen = 1;
        if (seen || !(o->commands & ON(c->id)) || n == MAX_NAMES) continue;
        done[n++] = o->name;
        fprintf(out, "%s--%s", n > 1 ? " " : "", o->name);
        if (o->short_name) fprintf(out, " -%c", o->short_name);
    }
}

static void valued_pattern(FILE *out, int files)
{
    const char *done[MAX_NAMES];
    int n = 0;
    for (int i = 0; i < cli_noptions; i++) {
        const CliOption *o = &cli_options[i];
        int seen = 0;
        if (o->kind == ARG_NONE || o->kind == ARG_LIST || (o->kind == ARG_FILE) != files) continue;
        for (int j = 0; j < n; j++) if (!strcmp(done[j], o->name)) seen = 1;
        if (seen || n == MAX_NAMES) continue;
        done[n++] = o->name;
        fprintf(out, "%s--%s", n > 1 ? "|" : "", o->name);
        if (o->short_name) fprintf(out, "|-%c", o->short_name);
    }
}

void cli_completion_bash(FILE *out)
{
    fputs("# bash completion for boardvm, made by `boardvm completion bash` from its table of "
          "commands\n"
          "# and options (src/cli/cli_table.c): do not edit.\n\n"
          "# the games that can be named without a path: $BOARDVM_PATH, then the installed ones\n"
          "_boardvm_games()\n{\n    local IFS=: d\n"
          "    for d in $BOARDVM_PATH '" BOARDVM_DATADIR "'; do\n"
          "        [ -d \"$d\" ] && (cd \"$d\" && compgen -G '*.rules')\n"
          "    done\n}\n\n"
          "_boardvm()\n{\n"
          "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} opts= ext=\n"
          "    COMPREPLY=()\n"
          "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
          "        COMPREPLY=($(compgen -W '",
          out);
    for (const CliCommand *k = cli_commands; k->name; k++) fprintf(out, "%s ", k->name);
    fputs("--help --version' -- \"$cur\"))\n        return\n    fi\n    case $prev in\n        ",
          out);
    valued_pattern(out, 1);
    fputs(") COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n        ", out);
    valued_pattern(out, 0);
    fputs(") return ;;\n    esac\n    case ${COMP_WORDS[1]} in\n", out);
    for (const CliCommand *k = cli_commands; k->name; k++) {
        fprintf(out, "        %s) opts='", k->name);
        option_words(out, k);
        fprintf(out, "'; ext=%s ;;\n", k->operand_ext ? k->operand_ext : "");
    }
    fputs("    esac\n"
          "    if [[ $cur == -* ]]; then\n"
          "        COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
          "    elif [ \"${COMP_WORDS[1]}\" = help ]; then\n"
          "        COMPREPLY=($(compgen -W '", out);
    for (const CliCommand *k = cli_commands; k->name; k++) fprintf(out, "%s ", k->name);
    fputs("' -- \"$cur\"))\n"
          "    elif [ -n \"$ext\" ]; then\n"
          "        COMPREPLY=($(compgen -f -X \"!*$ext\" -- \"$cur\") $(compgen -d -- \"$cur\"))\n"
          "        [ \"$ext\" = .rules ] &&\n"
          "            COMPREPLY+=($(compgen -W \"$(_boardvm_games)\" -- \"$cur\"))\n"
          "    fi\n"
          "}\n"
          "complete -o filenames -F _boardvm boardvm\n",
          out);
}
