/* main.c - the `boardvm` command: finds the subcommand in the table (cli_table.c), gathers its
 * arguments into Args (cli.c parses them) and runs it.
 * Exit status: 0 success; 1 bad rules file, bad position or move, failed tests; 2 bad usage or an
 * unreadable file; 3 out of memory; 130 a perft stopped by Ctrl-C. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "maxima.h"
#include "oom.h"
#include "search.h"
#include "shard.h"
#include "vm.h"

/* Each option and operand of the command line into Args (called by cli_parse, in order): in
 * the list of items as written, and by name. */
static int add_to_args(void *ctx, const CliOption *o, const ArgItem *v)
{
    Args *a = ctx;
    a->items[a->nitems++] = *v;
    if (!o) { a->pos[a->npos++] = (char *)v->text; return 0; }
    if (o->kind == ARG_OWN) return 0;       /* match's "A,B": not what the field means */
    switch (o->id) {
    case OPT_VERSION: a->version = 1; break;
    case OPT_OPTION: a->opts[a->nopts++] = (char *)v->text; break;
    case OPT_FEN: a->fen = v->text; break;
    case OPT_MOVES: {
        /* a quoted list "e2e4 e7e5" is split into moves */
        char *copy = xstrdup(v->text, "the --moves list");
        a->copies[a->ncopies++] = copy;
        for (char *t = strtok(copy, " \t\n"); t; t = strtok(NULL, " \t\n")) {
            if (a->nmoves >= a->capmoves) {
                a->capmoves *= 2;
                a->moves = xrealloc(a->moves, sizeof *a->moves * (size_t)a->capmoves,
                                    "the --moves list");
            }
            a->moves[a->nmoves++] = t;
        }
        break;
    }
    case OPT_GAME: a->game = v->text; break;
    case OPT_JSON: a->json = 1; break;
    case OPT_NAMES: a->names = 1; break;
    case OPT_EVERY_PLY: a->every_ply = 1; break;
    case OPT_DIVIDE: a->divide = 1; break;
    case OPT_CHECK_HASH: a->check_hash = 1; break;
    case OPT_CHECK_GEN: a->check_gen = 1; break;
    case OPT_PROFILE: a->profile = 1; break;
    case OPT_LIST_OPCODES: a->list_opcodes = 1; break;
    case OPT_UPDATE: a->update = 1; break;
    case OPT_DEPTH: a->depth = (int)v->i; break;
    case OPT_THREADS: a->threads = (int)v->i; break;
    case OPT_OFF:
        if (!search_techniques(v->text, &a->off))
            return cli_usage_error(cli_command(a->pos[0]), "--off '%s' is not null, lmr, "
                                   "futility, aspiration, rfp, qprune, extcap joined by +, or -",
                                   v->text);
        break;
    case OPT_SEARCH:
        if ((a->algo = search_method(v->text, strlen(v->text), &a->playout)) < 0)
            return cli_usage_error(cli_command(a->pos[0]), "--search '%s' is not ab "
                                   "(alpha-beta, the default), mcts, mcts:K (0-999) or mcts:end "
                                   "(Monte-Carlo tree search)", v->text);
        break;
    case OPT_RUNS: a->runs = (int)v->i; break;
    case OPT_LIST: a->list = v->text; break;
    case OPT_TIME: a->time = v->d; break;
    case OPT_NODES: a->nodes = v->u; break;
    case OPT_MOVE_WORK: a->move_work = v->u; break;
    case OPT_GAMES: a->games = (int)v->i; break;
    case OPT_SEED: a->seed = v->u; break;
    case OPT_RECORD: a->record = v->text; break;
    case OPT_MAX_PLIES: a->max_plies = (int)v->i; break;
    case OPT_OPPONENT: a->opponent = v->text; break;
    case OPT_BOARD: a->board = 1; break;
    case OPT_AS: a->as = v->text; break;
    case OPT_LOAD: a->load = v->text; break;
    case OPT_PORT: a->port = (int)v->i; break;
    case OPT_ADDRESS: a->address = v->text; break;
    case OPT_WORK: a->work = v->i * 1000000L; break;
    case OPT_VARIANT: a->variant = v->text; break;
    case OPT_SHARD:
        if (!shard_parse(v->text, &a->shard_k, &a->shard_n))
            return cli_usage_error(cli_command(a->pos[0]), "--shard '%s' is not K/N (1 <= K <= N "
                                   "<= %d)", v->text, SHARD_MAX);
        break;
    case OPT_JSONL: a->jsonl = v->text; break;
    default: break;               /* the options of diff, match, tune, balance: in the items */
    }
    return 0;
}

static void args_init(Args *a, int argc)
{
    memset(a, 0, sizeof *a);
    a->opts = xcalloc((size_t)argc + 1, sizeof *a->opts, "the command line");
    a->capmoves = argc + 16;
    a->moves = xcalloc((size_t)a->capmoves, sizeof *a->moves, "the command line");
    a->copies = xcalloc((size_t)argc + 1, sizeof *a->copies, "the command line");
    a->pos = xcalloc((size_t)argc + 2, sizeof *a->pos, "the command line");
    a->items = xcalloc((size_t)argc + 1, sizeof *a->items, "the command line");
    a->depth = -1; a->runs = 5; a->port = -1; a->work = -1;
}

static void args_free(Args *a)
{
    for (int i = 0; i < a->ncopies; i++) free(a->copies[i]);
    free(a->opts); free(a->moves); free(a->pos); free(a->copies); free(a->items);
}

/* `boardvm`, `boardvm --help`, `boardvm --version` and `boardvm -h`/`-V`: no command. */
static int without_command(const char *first)
{
    if (!first) { cli_help(NULL, stderr); return 2; }
    if (!strcmp(first, "-h") || !strcmp(first, "--help")) { cli_help(NULL, stdout); return 0; }
    if (!strcmp(first, "-V") || !strcmp(first, "--version")) { cli_version(stdout); return 0; }
    if (first[0] == '-')
        return cli_usage_error(NULL, "'%s' before a command: the command comes first", first);
    return cli_usage_error(NULL, "unknown command '%s'", first);
}

int main(int argc, char **argv)
{
#ifdef BOARDVM_MAXIMA
    atexit(maxima_report);
#endif
    const CliCommand *c = argc > 1 ? cli_command(argv[1]) : NULL;
    if (!c) return without_command(argc > 1 ? argv[1] : NULL);
    Args a;
    args_init(&a, argc);
    a.pos[a.npos++] = argv[1];
    int st = cli_parse(c, argc - 1, argv + 1, add_to_args, &a);
    /* the commands that run rules code without a search's limits (those that take --work) have
     * a bound on their work; the searches are bounded by --time, --nodes and --depth */
    CliOption work;
    if (!st && cli_option_of(c, OPT_WORK, &work))
        vm_command_work = a.work >= 0 ? a.work
                          : (c->unattended ? DEFAULT_WORK_MILLIONS : WATCHED_WORK_MILLIONS)
                            * 1000000L;
    /* --variant of a .zrf file is the option the Zillions front end reads (variant=N); diff's
     * is the engine's, dump's and variants' their own */
    if (!st && a.variant && strcmp(c->name, "diff") && strcmp(c->name, "dump")) {
        size_t n = strlen(a.variant) + 9;
        char *opt = xmalloc(n, "the command line");
        snprintf(opt, n, "variant=%s", a.variant);
        a.copies[a.ncopies++] = opt;
        a.opts[a.nopts++] = opt;
    }
    if (st < 0) st = 0;                     /* --help was printed */
    else if (!st && a.version) cli_version(stdout);
    else if (!st) st = c->run(&a);
    args_free(&a);
    return st;
}
