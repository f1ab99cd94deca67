/* cli.c - parsing a command's arguments with getopt_long against the table in cli_table.c (its
 * options, their values, the count of its operands), and the help and the bash completion
 * script made from that table.
 *
 * Why getopt_long in "return in order" mode ("-" first in the option string): operands and
 * options arrive as they were written, so `--moves e2e4 e7e5` can take the words after it (up to
 * the next option) and diff's `FILE.rules -o NAME=VALUE` can give the option to the side just
 * named. Every option of every command is known to getopt, so an option of another command is
 * named as such rather than called unknown. */
#include "cli.h"
#include "diag.h"
#include "rulespath.h"
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif

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
    int st = diag_vusage(c ? c->name : NULL, fmt, ap);   /* "boardvm: perft: ..." */
    va_end(ap);
    return st;
}

/* c's entry for option id; NULL when c does not take it (--help and --version: no entry, but
 * every command takes them). */
static const CliTake *take_of(const CliCommand *c, OptionId id)
{
    for (int i = 0; i < c->ntakes; i++)
        if (c->takes[i].id == id) return &c->takes[i];
    return NULL;
}

/* A command's row may give an option its own range, value name and help, but what getopt and
 * the completion script know of it (a flag, a list, a file, another value) is the option's:
 * a row that changes it is a mistake in the table, which every command's --help (tests/cli.sh)
 * would run into here. */
static void check_same_shape(const CliCommand *c, const CliOption *declared, ArgKind kind)
{
    ArgKind d = declared->kind;
    if ((d == ARG_NONE) == (kind == ARG_NONE) && (d == ARG_LIST) == (kind == ARG_LIST) &&
        (d == ARG_FILE) == (kind == ARG_FILE))
        return;
    fprintf(stderr, "boardvm: cli_table.c: %s's --%s is not the option declared\n", c->name,
            declared->name);
    abort();
}

int cli_option_of(const CliCommand *c, OptionId id, CliOption *o)
{
    const CliTake *t = take_of(c, id);
    if (!t && id != OPT_HELP && id != OPT_VERSION) return 0;
    *o = cli_options[id];
    if (!t) return 1;
    if (t->help) o->help = t->help;
    if (t->kind != ARG_SAME) {
        check_same_shape(c, &cli_options[id], t->kind);
        o->kind = t->kind; o->min = t->min; o->max = t->max; o->arg = t->arg; o->what = t->what;
    }
    return 1;
}

static int id_of_short(int ch)
{
    for (int i = 0; i < NOPTIONS; i++)
        if (cli_options[i].short_name == ch) return i;
    return -1;
}

/* Every option once, as getopt_long wants them: val is 256 + its id. */
static void long_options(struct option *longs, char *shorts)
{
    size_t k = strlen(shorts);
    for (int i = 0; i < NOPTIONS; i++) {
        const CliOption *o = &cli_options[i];
        if (!o->name) {            /* a hole in cli_options[]: getopt would stop reading there */
            fprintf(stderr, "boardvm: cli_table.c: option %d is not declared\n", i);
            abort();
        }
        int has = o->kind == ARG_NONE ? no_argument
                : o->kind == ARG_LIST ? optional_argument
                                      : required_argument;
        longs[i] = (struct option){ o->name, has, NULL, 256 + i };
        if (o->short_name) {
            shorts[k++] = o->short_name;
            if (has != no_argument) shorts[k++] = ':';
            if (has == optional_argument) shorts[k++] = ':';
            shorts[k] = 0;
        }
    }
    longs[NOPTIONS] = (struct option){ 0, 0, 0, 0 };
}

/* A word such as "-1": an operand (a depth, wrong or not), not a cluster of short options. */
static int negative_number(const char *s)
{
    return s[0] == '-' && isdigit((unsigned char)s[1]);
}

static int parse_value(const CliCommand *c, const CliOption *o, const char *text, ArgItem *v)
{
    memset(v, 0, sizeof *v);
    v->id = o->id;
    v->name = o->name;
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
static int refuse(const CliCommand *c, int ch, char **argv)
{
    if (ch == ':') {
        int id = optopt >= 256 ? optopt - 256 : id_of_short(optopt);
        CliOption o;
        if (id < 0) return cli_usage_error(c, "--? needs a value");
        if (!cli_option_of(c, (OptionId)id, &o)) o = cli_options[id];
        return cli_usage_error(c, "--%s needs %s", o.name, o.what ? o.what : "a value");
    }
    if (optopt >= 256)
        return cli_usage_error(c, "--%s takes no value", cli_options[optopt - 256].name);
    if (optopt) return cli_usage_error(c, "unknown option '-%c'", optopt);
    char word[64];
    snprintf(word, sizeof word, "%s", argv[optind - 1]);
    word[strcspn(word, "=")] = 0;
    return cli_usage_error(c, "unknown option '%s'", word);
}

static int not_for(const CliCommand *c, OptionId id)
{
    char others[256] = "";
    size_t n = 0;
    CliOption o;
    for (const CliCommand *k = cli_commands; k->name; k++)
        if (cli_option_of(k, id, &o) && n < sizeof others - 16)
            n += (size_t)snprintf(others + n, sizeof others - n, "%s%s", n ? ", " : "", k->name);
    return cli_usage_error(c, "--%s is not an option of %s (but of %s)", cli_options[id].name,
                           c->name, others);
}

/* One more operand: refused past the command's most. */
static int operand(const CliCommand *c, int *operands, const char *word)
{
    ++*operands;
    if (c->max_operands < 0 || *operands <= c->max_operands) return 0;
    if (c->min_operands < c->max_operands && c->max_operands > 1)
        return cli_usage_error(c, "unexpected argument '%s': at most %d (usage: boardvm %s %s)",
                               word, c->max_operands, c->name, c->operands);
    if (!c->max_operands)
        return cli_usage_error(c, "unexpected argument '%s' (it takes none)", word);
    return cli_usage_error(c, "unexpected argument '%s' (usage: boardvm %s %s)", word, c->name,
                           c->operands);
}

/* The state of one parse: the --moves list being collected, the operands so far, whether an
 * option that stands alone (--version, disasm --list-opcodes) lets the operands be missing. */
typedef struct {
    const CliCommand *c;
    CliEach each; void *ctx;
    CliOption collecting;          /* .name NULL: none; --moves: the words after it are moves */
    int operands, alone;
} Parse;

static int option(Parse *ps, OptionId id, const char *value)
{
    CliOption o;
    ArgItem v;
    int st;
    if (!cli_option_of(ps->c, id, &o)) return not_for(ps->c, id);
    if (id == OPT_HELP) { cli_help(ps->c, stdout); return -1; }
    const CliTake *t = take_of(ps->c, id);
    if (id == OPT_VERSION || (t && (t->flags & CLI_ALONE))) ps->alone = 1;
    ps->collecting = o;
    if (o.kind != ARG_LIST) ps->collecting.name = NULL;
    if (o.kind == ARG_LIST && !value) return 0;          /* the moves come as words */
    if ((st = parse_value(ps->c, &o, value ? value : "", &v))) return st;
    return ps->each(ps->ctx, &o, &v);
}

static int word(Parse *ps, const char *text, int options_ended)
{
    ArgItem v = { .id = OPERAND, .text = text };
    int st;
    if (ps->collecting.name && !options_ended) {
        v.id = ps->collecting.id; v.name = ps->collecting.name;
        return ps->each(ps->ctx, &ps->collecting, &v);
    }
    if ((st = operand(ps->c, &ps->operands, text))) return st;
    return ps->each(ps->ctx, NULL, &v);
}

int cli_parse(const CliCommand *c, int argc, char **argv, CliEach each, void *ctx)
{
    struct option longs[NOPTIONS + 1];
    char shorts[3 * NOPTIONS + 3] = "-:";
    long_options(longs, shorts);
    Parse ps = { .c = c, .each = each, .ctx = ctx };
    int mid_cluster = 0, st = 0;
    opterr = 0;
    optind = 1;
    for (;;) {
        if (!mid_cluster && optind < argc && negative_number(argv[optind])) {
            if ((st = word(&ps, argv[optind++], 0))) return st;
            continue;
        }
        int before = optind, li = -1;
        int ch = getopt_long(argc, argv, shorts, longs, &li);
        if (ch == -1) break;
        mid_cluster = optind == before;
        if (ch == '?' || ch == ':') return refuse(c, ch, argv);
        st = ch == 1 ? word(&ps, optarg, 0)
                     : option(&ps, (OptionId)(ch >= 256 ? ch - 256 : id_of_short(ch)), optarg);
        if (st) return st;
    }
    for (; optind < argc; optind++)            /* after "--": operands only */
        if ((st = word(&ps, argv[optind], 1))) return st;
    if (ps.operands < c->min_operands && !ps.alone)
        return cli_usage_error(c, "needs %s", c->needs ? c->needs : c->operands);
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

/* text on lines of their own, its words put on a new line before one would pass width columns */
static void wrapped(FILE *out, const char *text, int width)
{
    int col = 0;
    for (const char *s = text; *s;) {
        size_t n = strcspn(s, " ");
        if (col + (int)n + 1 > width) { fputc('\n', out); col = 0; }
        else if (s != text) { fputc(' ', out); col++; }
        fprintf(out, "%.*s", (int)n, s);
        col += (int)n;
        s += n + (s[n] == ' ');
    }
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
            snprintf(left, sizeof left, "  %s%s%s", k->name, *k->operands ? " " : "",
                     k->operands);
            if (strlen(left) > 28) fprintf(out, "%s\n%30s%s\n", left, "", k->summary);
            else fprintf(out, "%-30s%s\n", left, k->summary);
        }
        fputs("\nThe options of a command: boardvm COMMAND --help (or boardvm help COMMAND).\n"
              "  -h, --help  this help;  -V, --version  the version and the licence\n\n", out);
    } else {
        fprintf(out, "usage: boardvm %s%s%s [OPTIONS]\n\n%s\n", c->name, *c->operands ? " " : "",
                c->operands,
                c->about ? c->about : c->summary);
        fputs("\nOptions:\n", out);
        option_line(out, &cli_options[OPT_HELP]);      /* --version: in the list of commands */
        for (int i = 0; i < c->ntakes; i++) {
            CliOption o;
            cli_option_of(c, c->takes[i].id, &o);
            option_line(out, &o);
        }
        fputc('\n', out);
    }
    if (c && c->operand_ext && !strcmp(c->operand_ext, ".jsonl")) {    /* merge: no rules file */
        fputs("FILE is a file of results (--jsonl). See boardvm(1) and docs/distributed.md.\n",
              out);
        return;
    }
    fputs("FILE is a rules file: a path, or the name of a game (chess or chess.rules) looked up "
          "in\n", out);
    wrapped(out, rules_search_text(), 100);
    fputs(".\n$BOARDVM_PATH holds directories separated by ':'; "
          "boardvm list shows the games found.\n"
          "See boardvm(1) and, for the rules language, boardvm-rules(5).\n",
          out);
}

/* ---- bash completion ------------------------------------------------------------------------ */

static void option_word(FILE *out, const CliOption *o, int first)
{
    fprintf(out, "%s--%s", first ? "" : " ", o->name);
    if (o->short_name) fprintf(out, " -%c", o->short_name);
}

/* The option words of command c: "--help -h --version -V --fen -f --moves ...". */
static void option_words(FILE *out, const CliCommand *c)
{
    option_word(out, &cli_options[OPT_HELP], 1);
    option_word(out, &cli_options[OPT_VERSION], 0);
    for (int i = 0; i < c->ntakes; i++) option_word(out, &cli_options[c->takes[i].id], 0);
}

/* The options that take a file (files 1) or another value without words to offer (files 0),
 * as a case pattern. */
static void valued_pattern(FILE *out, int files)
{
    int n = 0;
    for (int i = 0; i < NOPTIONS; i++) {
        const CliOption *o = &cli_options[i];
        int takes_text = o->kind != ARG_NONE && o->kind != ARG_LIST && !o->words;
        if (!takes_text || (o->kind == ARG_FILE) != files) continue;
        fprintf(out, "%s--%s", n++ ? "|" : "", o->name);
        if (o->short_name) fprintf(out, "|-%c", o->short_name);
    }
}

/* A case line for each option with words to offer: "--search) words='ab mcts mcts:end' ;;". */
static void option_values(FILE *out)
{
    for (int i = 0; i < NOPTIONS; i++) {
        const CliOption *o = &cli_options[i];
        if (!o->words) continue;
        fprintf(out, "        --%s", o->name);
        if (o->short_name) fprintf(out, "|-%c", o->short_name);
        if (!strcmp(o->words, "@players")) fputs(") words=$(_boardvm_players); valued=1 ;;\n", out);
        else fprintf(out, ") words='%s'; valued=1 ;;\n", o->words);
    }
}

static void command_names(FILE *out)
{
    for (const CliCommand *k = cli_commands; k->name; k++) fprintf(out, "%s ", k->name);
}

/* The script's helpers: the games (boardvm list --names, from the boardvm being completed:
 * $BOARDVM_PATH, its build tree or its installed data, examples included) and the sides of the
 * rules file on the line (for --as). */
static const char completion_helpers[] =
    "# bash completion for boardvm, made by `boardvm completion bash` from its table of "
    "commands\n"
    "# and options (src/cli/cli_table.c): do not edit.\n\n"
    "# the boardvm being completed (./boardvm, ~/bin/boardvm, boardvm)\n"
    "_boardvm_self()\n{\n"
    "    local b=${COMP_WORDS[0]}\n"
    "    b=${b/#\\~/$HOME}\n"
    "    command -v \"$b\" >/dev/null 2>&1 && printf '%s' \"$b\" || printf boardvm\n}\n\n"
    "# the games it finds by name\n"
    "_boardvm_games()\n{\n"
    "    \"$(_boardvm_self)\" list --names 2>/dev/null\n}\n\n"
    "# the sides of the rules file named on the line (its first operand), in lower case\n"
    "_boardvm_players()\n{\n"
    "    local i file=\n"
    "    for ((i = 2; i < COMP_CWORD; i++)); do    # not an option, nor an option's value\n"
    "        [[ ${COMP_WORDS[i]} == -* ]] && continue\n"
    "        [ $i -gt 2 ] && [[ ${COMP_WORDS[i-1]} == -* ]] && continue\n"
    "        file=${COMP_WORDS[i]}; break\n"
    "    done\n"
    "    [ -n \"$file\" ] || return\n"
    "    \"$(_boardvm_self)\" show \"$file\" --json 2>/dev/null |\n"
    "        sed -n 's/^{\"game\":{.*\"players\":\\[\\([^]]*\\)\\].*/\\1/p' |\n"
    "        grep -o '\"name\":\"[^\"]*\"' | cut -d'\"' -f4 | tr '[:upper:]' '[:lower:]'\n}\n\n";

void cli_completion_bash(FILE *out)
{
    fputs(completion_helpers, out);
    fputs("_boardvm()\n{\n"
          "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} opts= ext=\n"
          "    local words= valued= colon=\n"
          "    COMPREPLY=()\n"
          "    # a value with a colon (mcts:end): bash splits it at the colon; complete it whole\n"
          "    if [[ $cur == : || $prev == : ]] && [ \"$COMP_CWORD\" -ge 3 ]; then\n"
          "        [ \"$cur\" = : ] && cur=\n"
          "        local k=$((COMP_CWORD - 1)); [ \"$prev\" = : ] && k=$((COMP_CWORD - 2))\n"
          "        colon=${COMP_WORDS[k]}:; cur=$colon$cur; prev=${COMP_WORDS[k-1]}\n"
          "    fi\n"
          "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
          "        COMPREPLY=($(compgen -W '", out);
    command_names(out);
    fputs("--help --version' -- \"$cur\"))\n        return\n    fi\n    case $prev in\n", out);
    option_values(out);
    fputs("        ", out);
    valued_pattern(out, 1);
    fputs(") COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n        ", out);
    valued_pattern(out, 0);
    fputs(") return ;;\n    esac\n"
          "    if [ -n \"$valued\" ]; then\n"
          "        COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
          "        [ -n \"$colon\" ] && COMPREPLY=(\"${COMPREPLY[@]#$colon}\")\n"
          "        return\n"
          "    fi\n"
          "    case ${COMP_WORDS[1]} in\n", out);
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
    command_names(out);
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
