/* match.c - `boardvm match`: games between two engine settings A and B, played in parallel
 * worker processes, with the statistics a change needs before it can be told from noise
 * (elo.c). Each opening (K random legal plies from a seed) is played twice, colours swapped,
 * so that an unbalanced opening favours neither side. The engines are deterministic with
 * --depth and --nodes: the openings are what makes the games differ.
 *
 * Workers are forked after the rules file is compiled; each takes the next game to play from a
 * counter they share (games differ much in length: a fixed share would leave workers idle; a
 * game depends only on its number, never on which worker plays it) and sends each result to the
 * parent through its pipe as one message:
 *   "G <game> <outcome> <plies> <reason length> <record length>\n" <reason> <record>
 * outcome: 2 A won, 1 draw, 0 A lost, -1 error (the reason is the error message). The parent
 * prints results as they come, writes the records in game order and the statistics at the end.
 * Ctrl-C stops the workers; the statistics and records are then those of the games finished. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "commands.h"
#include "diag.h"
#include "elo.h"
#include "engine_player.h"
#include "uci_client.h"
#include "match_report.h"
#include "shard.h"
#include "interrupt.h"
#include "make.h"
#include "mathfn.h"
#include "movegen.h"
#include "notation.h"
#include "oom.h"
#include "posstring.h"
#include "protect.h"
#include "outfile.h"
#include "record.h"
#include "search.h"
#include "playcommon.h"
#include "session.h"
#include "wording.h"

#define MAX_GAMES 1000000

typedef struct {
    const char *rules, *record, *openings_file;
    char **openings; int nopenings;  /* --openings: position strings, one per pair in turn */
    char *openings_text;             /* the file's text, which openings[] point into */
    char **opts; int nopts;
    int games, jobs, random_plies, max_plies;
    unsigned long long seed;
    SearchLimits lim[2];             /* A, B */
    int threads[2];                  /* --threads A,B (the limits are reset by --depth etc.) */
    unsigned off[2];                 /* --off A,B: search techniques switched off */
    int algo[2], playout[2];         /* --search A,B: SEARCH_AB or SEARCH_MCTS, its playouts */
    uint64_t work[2];                /* --move-work A,B: steps of work a move (0: none) */
    int use_sprt; double elo0, elo1, alpha, beta;
    int stats_only, sw, sd, sl;      /* --stats W,D,L: the statistics of these counts, no games */
    int penta_only, penta[5];        /* --stats P0,P1,P2,P3,P4: of these pair counts */
    TimeControl tc[2];               /* --tc A,B: each engine's clock (base 0: none) */
    double tc_margin;                /* --tc-margin: seconds a move may pass its clock by */
    PlayerSpec ext[2];               /* --engine-a, --engine: A, B is an external engine (command
                                        NULL: boardvm's) */
    int shard_k, shard_n;            /* --shard K/N: the pairs i with i % N = K - 1 (shard.h) */
    const char *values_b;            /* --values-b FILE: B's piece values are FILE's */
    int *value_b;                    /* ... by type of the game (0: B keeps its own) */
} MatchOpts;

static int match_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int match_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int st = diag_vusage("match", fmt, ap);
    va_end(ap);
    return st;
}

/* "A,B" or "A" (both) as two numbers in [lo, hi]; 0 if malformed. */
static int parse_pair(const char *s, double lo, double hi, int integer, double out[2])
{
    const char *p = s;
    for (int k = 0; k < 2; k++) {
        char *end;
        errno = 0;
        if (!isdigit((unsigned char)*p) && !(!integer && *p == '.')) return 0;
        out[k] = integer ? (double)strtoull(p, &end, 10) : strtod(p, &end);
        if (end == p || errno == ERANGE || !(out[k] >= lo && out[k] <= hi)) return 0;
        if (k == 0 && !*end) { out[1] = out[0]; return 1; }
        if (*end != (k == 0 ? ',' : 0)) return 0;
        p = end + 1;
    }
    return 1;
}

/* "X,Y,..." as n to m real numbers (signs allowed); returns how many, 0 if malformed. */
static int parse_reals(const char *s, double *out, int m)
{
    int n = 0;
    const char *p = s;
    for (;;) {
        char *end;
        if (n == m) return 0;
        out[n] = strtod(p, &end);
        if (end == p || !isfinite(out[n])) return 0;
        n++;
        if (!*end) return n;
        if (*end != ',') return 0;
        p = end + 1;
    }
}

static int parse_int(const char *s, long lo, long hi, long *v)
{
    char *end;
    errno = 0;
    if (!isdigit((unsigned char)*s)) return 0;
    *v = strtol(s, &end, 10);
    return !*end && errno != ERANGE && *v >= lo && *v <= hi;
}

typedef struct { MatchOpts *o; int limit_given; } MatchParse;

/* --depth, --time or --nodes (one of them, once): the engines' limit, A,B or one for both. */
/* --threads A,B (or one count for both): each engine's search threads. */
static int threads_arg(MatchOpts *o, const char *v)
{
    double pair[2];
    if (!parse_pair(v, 1, 64, 1, pair))
        return match_usage("--threads '%s' is not A,B (threads from 1 to 64) or one count", v);
    o->threads[0] = (int)pair[0]; o->threads[1] = (int)pair[1];
    return 0;
}

/* --move-work A,B (or one bound for both): each engine's bound on the work of a move, in million
 * steps of work; it goes with --depth, --time or --nodes, or alone. */
static int move_work_arg(MatchOpts *o, const char *v)
{
    double pair[2];
    if (!parse_pair(v, 1, 1e12, 1, pair))
        return match_usage("--move-work '%s' is not A,B (million steps, from 1) or one bound", v);
    o->work[0] = (uint64_t)pair[0] * 1000000u; o->work[1] = (uint64_t)pair[1] * 1000000u;
    return 0;
}

/* --off A,B (or one list for both): the search techniques each engine goes without, as
 * "null+lmr", or "-" for none: a change to the search measured against the search without it. */
static int off_arg(MatchOpts *o, const char *v)
{
    char *a = xstrdup(v, "the --off value"), *comma = strchr(a, ',');
    if (comma) *comma = 0;
    int ok = search_techniques(a, &o->off[0]) &&
             search_techniques(comma ? comma + 1 : a, &o->off[1]);
    free(a);
    if (!ok)
        return match_usage("--off '%s' is not A,B (each null, lmr, futility, aspiration, "
                           "expectimax, rfp, qprune, extcap joined by +, or -) or one such "
                           "list", v);
    return 0;
}

/* --search A,B (or one method for both): ab or mcts. */
static int search_arg(MatchOpts *o, const char *v)
{
    const char *comma = strchr(v, ',');
    size_t n = comma ? (size_t)(comma - v) : strlen(v);
    o->algo[0] = search_method(v, n, &o->playout[0]);
    o->algo[1] = o->algo[0]; o->playout[1] = o->playout[0];
    if (comma) o->algo[1] = search_method(comma + 1, strlen(comma + 1), &o->playout[1]);
    if (o->algo[0] < 0 || o->algo[1] < 0)
        return match_usage("--search '%s' is not A,B (each ab, mcts, mcts:K or mcts:end) or one "
                           "method", v);
    return 0;
}

/* An engine of --search mcts: a time or node (playout) limit, one thread, no --off. */
static int mcts_limits_refused(const MatchOpts *o, int limit_given)
{
    for (int k = 0; k < 2; k++) {
        if (o->algo[k] != SEARCH_MCTS) continue;
        const char *bad = !limit_given ? "the default depth" : o->lim[k].depth ? "--depth"
                        : o->threads[k] > 1 ? "--threads" : o->off[k] ? "--off" : NULL;
        if (bad) {
            return match_usage("engine %c: %s is for --search ab: --search mcts takes --time, "
                               "--nodes (playouts) or --move-work, and runs one thread", "AB"[k],
                               bad);
        }
    }
    return 0;
}

static int limit_arg(MatchParse *mp, const ArgItem *opt, const char *v)
{
    MatchOpts *o = mp->o;
    double pair[2];
    if (mp->limit_given++)
        return match_usage("--%s: give one of --depth, --time, --nodes and --tc, once",
                           opt->name);
    memset(o->lim, 0, sizeof o->lim);
    if (opt->id == OPT_TC) {
        char *a = xstrdup(v, "the --tc value"), *comma = strchr(a, ',');
        if (comma) *comma = 0;
        int ok = tc_parse(a, &o->tc[0]) && tc_parse(comma ? comma + 1 : a, &o->tc[1]);
        free(a);
        if (!ok)
            return match_usage("--tc '%s' is not A,B (each BASE+INC in seconds, as 10+0.1 or "
                               "1:30+1) or one time control", v);
    } else if (opt->id == OPT_DEPTH) {
        if (!parse_pair(v, 1, 60, 1, pair))
            return match_usage("--depth '%s' is not A,B (depths from 1 to 60) or one depth", v);
        o->lim[0].depth = (int)pair[0]; o->lim[1].depth = (int)pair[1];
    } else if (opt->id == OPT_TIME) {
        if (!parse_pair(v, 1e-3, 1e6, 0, pair))
            return match_usage("--time '%s' is not A,B (seconds per move, positive) or one "
                               "time", v);
        o->lim[0].time = pair[0]; o->lim[1].time = pair[1];
    } else {
        if (!parse_pair(v, 1, 1e18, 1, pair))
            return match_usage("--nodes '%s' is not A,B (positive node counts) or one count", v);
        o->lim[0].nodes = (uint64_t)pair[0]; o->lim[1].nodes = (uint64_t)pair[1];
    }
    return 0;
}

/* ELO0 < ELO1 within +-1000 Elo, and 0 < ALPHA, BETA < 0.5. Past 1000 Elo a score is within
 * 0.32 % of 0 or 1: a hypothesis no match tests (0,1e308 gave an LLR without meaning). */
static int sprt_args_valid(const double x[4])
{
    const double max_elo = 1000;                 /* as the message below says */
    return x[0] >= -max_elo && x[0] < x[1] && x[1] <= max_elo && x[2] > 0 && x[2] < 0.5 &&
           x[3] > 0 && x[3] < 0.5;
}

/* --sprt ELO0,ELO1[,ALPHA,BETA], and --stats W,D,L: a debug entry, the statistics of given
 * counts (tests/match.sh checks them). */
static int stats_arg(MatchOpts *o, const ArgItem *opt, const char *v)
{
    double x[4] = { 0, 0, 0.05, 0.05 };
    if (opt->id == OPT_SPRT) {
        int k = parse_reals(v, x, 4);
        if ((k != 2 && k != 4) || !sprt_args_valid(x))
            return match_usage("--sprt '%s' is not ELO0,ELO1[,ALPHA,BETA] with -1000 <= ELO0 < "
                               "ELO1 <= 1000 and 0 < ALPHA, BETA < 0.5", v);
        o->use_sprt = 1; o->elo0 = x[0]; o->elo1 = x[1]; o->alpha = x[2]; o->beta = x[3];
        return 0;
    }
    double y[6];
    int k = parse_reals(v, y, 6);
    int ok = k == 3 || k == 5;
    double total = 0;
    for (int i = 0; ok && i < k; i++) { ok = y[i] >= 0 && y[i] == floor(y[i]); total += y[i]; }
    if (!ok || total > 1e9)
        return match_usage("--stats '%s' is not W,D,L (counts of games) or P0,P1,P2,P3,P4 "
                           "(counts of pairs in which A scored 0, 1/2, 1, 3/2, 2)", v);
    if (k == 5) {
        o->penta_only = 1;
        for (int i = 0; i < 5; i++) o->penta[i] = (int)y[i];
        return 0;
    }
    o->stats_only = 1; o->sw = (int)y[0]; o->sd = (int)y[1]; o->sl = (int)y[2];
    return 0;
}

/* The options whose value is a whole number in a range. */
static int count_arg(MatchOpts *o, const ArgItem *opt, const char *v)
{
    static const struct { int id; long lo, hi; const char *what; } counts[] = {
        { OPT_GAMES, 1, MAX_GAMES, "a number of games from 1 to 1000000" },
        { OPT_JOBS, 1, 1024, "a number of processes from 1 to 1024" },
        { OPT_RANDOM_PLIES, 0, 1000, "a number from 0 to 1000" },
        { OPT_MAX_PLIES, 1, 100000, "a number from 1 to 100000" },
    };
    int *field[] = { &o->games, &o->jobs, &o->random_plies, &o->max_plies };
    for (size_t i = 0; i < sizeof counts / sizeof *counts; i++) {
        if (counts[i].id != (int)opt->id) continue;
        long n;
        if (!parse_int(v, counts[i].lo, counts[i].hi, &n)) {
            return match_usage("--%s '%s' is not %s", opt->name, v, counts[i].what);
        }
        *field[i] = (int)n;
    }
    return 0;
}

/* --engine 'COMMAND' (B), --engine-a 'COMMAND' (A) and what goes with them (engine_player.h);
 * the variant and the timeout are both engines'. */
static int engine_arg(MatchOpts *o, const ArgItem *opt, const char *v)
{
    int e = opt->id == OPT_ENGINE_A || opt->id == OPT_PROTOCOL_A || opt->id == OPT_ENGINE_A_OPTION
                ? 0 : 1;
    PlayerSpec *x = &o->ext[e];
    switch (opt->id) {
    case OPT_ENGINE: case OPT_ENGINE_A:
        if (!*v) return match_usage("--%s needs a command", opt->name);
        x->command = v;
        return 0;
    case OPT_PROTOCOL: case OPT_PROTOCOL_A:
        if (!strcmp(v, "uci")) x->protocol = PLAYER_UCI;
        else if (!strcmp(v, "xboard") || !strcmp(v, "cecp")) x->protocol = PLAYER_XBOARD;
        else return match_usage("--%s '%s' is not uci or xboard", opt->name, v);
        return 0;
    case OPT_ENGINE_VARIANT: o->ext[0].variant = o->ext[1].variant = v; return 0;
    case OPT_ENGINE_OPTION: case OPT_ENGINE_A_OPTION:
        if (!strchr(v, '=') || *v == '=')
            return match_usage("--%s '%s' is not NAME=VALUE", opt->name, v);
        x->set[x->nset++] = (char *)v;
        return 0;
    default: o->ext[0].timeout = o->ext[1].timeout = opt->d; return 0;        /* --timeout */
    }
}

/* The options of --engine only with --engine (of --engine-a with --engine-a); an external
 * engine's limit one it understands, and boardvm's search options not for it. */
static int engine_args_valid(const MatchOpts *o)
{
    const char *alone = NULL;
    const PlayerSpec *a = &o->ext[0], *b = &o->ext[1];
    int any = a->command || b->command;
    for (int i = 0; i < 6; i++) {
        static const char *names[] = { "--protocol", "--engine-option", "--protocol-a",
                                       "--engine-a-option", "--engine-variant", "--timeout" };
        int given[] = { !b->command && b->protocol != PLAYER_UCI, !b->command && b->nset > 0,
                        !a->command && a->protocol != PLAYER_UCI, !a->command && a->nset > 0,
                        !any && b->variant != NULL, !any && b->timeout != 10 };
        if (given[i]) alone = names[i];
    }
    if (alone) return match_usage("%s goes with --%s 'COMMAND'", alone,
                                  strstr(alone, "-a") && strcmp(alone, "--engine-variant")
                                      ? "engine-a" : "engine");
    for (int e = 0; e < 2; e++) {
        const PlayerSpec *x = &o->ext[e];
        if (!x->command) continue;
        if (x->protocol == PLAYER_XBOARD && o->lim[e].nodes)
            return match_usage("a CECP engine plays with --tc, --time or --depth (not --nodes)");
        if (o->threads[e] > 1 || o->off[e] || o->algo[e] != SEARCH_AB ||
            (o->work[e] && o->work[e] != o->work[1 - e]) || (e == 0 && b->command && o->work[0]))
            return match_usage("engine %s is --%s '%s': --threads, --off, --search and "
                               "--move-work are for boardvm's engine", e ? "B" : "A",
                               e ? "engine" : "engine-a", x->command);
    }
    if (o->values_b && b->command)
        return match_usage("--values-b is for boardvm's engine B, and B is --engine");
    return 0;
}

/* Each option and operand, in the order written (the table in cli_table.c names match's
 * options, whose values are checked here). */
static int match_arg(MatchParse *mp, const ArgItem *opt)
{
    MatchOpts *o = mp->o;
    const char *v = opt->text;
    switch (opt->id) {
    case OPERAND: o->rules = v; return 0;
    case OPT_OPTION: o->opts[o->nopts++] = (char *)v; return 0;
    case OPT_RECORD: o->record = v; return 0;
    case OPT_OPENINGS: o->openings_file = v; return 0;
    case OPT_GAMES: case OPT_JOBS: case OPT_RANDOM_PLIES: case OPT_MAX_PLIES:
        return count_arg(o, opt, v);
    case OPT_SEED: {
        char *end; errno = 0;
        o->seed = strtoull(v, &end, 10);
        if (!isdigit((unsigned char)*v) || *end || errno == ERANGE)
            return match_usage("--seed '%s' is not a number", v);
        return 0;
    }
    case OPT_DEPTH: case OPT_TIME: case OPT_NODES: case OPT_TC: return limit_arg(mp, opt, v);
    case OPT_TC_MARGIN: o->tc_margin = opt->d; return 0;
    case OPT_ENGINE: case OPT_PROTOCOL: case OPT_ENGINE_VARIANT: case OPT_ENGINE_OPTION:
    case OPT_ENGINE_A: case OPT_PROTOCOL_A: case OPT_ENGINE_A_OPTION: case OPT_TIMEOUT:
        return engine_arg(o, opt, v);
    case OPT_THREADS: return threads_arg(o, v);
    case OPT_OFF: return off_arg(o, v);
    case OPT_SEARCH: return search_arg(o, v);
    case OPT_MOVE_WORK: return move_work_arg(o, v);
    case OPT_VALUES_B: o->values_b = v; return 0;
    case OPT_SPRT: case OPT_STATS: return stats_arg(o, opt, v);
    default: return 0;
    }
}

static int match_args(const Args *a, MatchOpts *o)
{
    memset(o, 0, sizeof *o);
    o->games = 10; o->random_plies = 4; o->max_plies = 600; o->seed = 1;
    o->lim[0].depth = o->lim[1].depth = 2;
    o->opts = xcalloc((size_t)a->nitems + 1, sizeof *o->opts, "match's options");
    for (int e = 0; e < 2; e++) {
        o->ext[e].timeout = 10;
        o->ext[e].set = xcalloc((size_t)a->nitems + 1, sizeof *o->ext[e].set, "match's options");
    }
    MatchParse mp = { o, 0 };
    for (int i = 0; i < a->nitems; i++) {
        int st = match_arg(&mp, &a->items[i]);
        if (st) return st;
    }
    if (o->work[0]) {
        if (!mp.limit_given) o->lim[0].depth = o->lim[1].depth = 0;   /* the work alone */
        o->lim[0].work = o->work[0]; o->lim[1].work = o->work[1];
    } else if (!mp.limit_given) o->lim[0].work = o->lim[1].work = SEARCH_DEFAULT_WORK;
    o->lim[0].threads = o->threads[0]; o->lim[1].threads = o->threads[1];
    o->lim[0].off = o->off[0]; o->lim[1].off = o->off[1];
    for (int k = 0; k < 2; k++) { o->lim[k].algo = o->algo[k]; o->lim[k].playout = o->playout[k]; }
    if (o->tc_margin > 0 && !(o->tc[0].base > 0))
        return match_usage("--tc-margin goes with --tc");
    int st = engine_args_valid(o);
    return st ? st : mcts_limits_refused(o, mp.limit_given || o->work[0]);
}

static void engine_label(const SearchLimits *lim, int work_given, char *buf, size_t len)
{
    if (lim->algo == SEARCH_MCTS) {
        char m[16];
        search_method_string(lim, m, sizeof m);
        if (lim->nodes) snprintf(buf, len, "%s %llu playouts", m, (unsigned long long)lim->nodes);
        else if (lim->time > 0) snprintf(buf, len, "%s %gs", m, lim->time);
        else snprintf(buf, len, "%s", m);
        if (work_given) {
            size_t n = strlen(buf);
            snprintf(buf + n, len - n, " %llu M steps", (unsigned long long)(lim->work / 1000000u));
        }
        return;
    }
    if (lim->depth) snprintf(buf, len, "depth %d", lim->depth);
    else if (lim->nodes) snprintf(buf, len, "%llu nodes", (unsigned long long)lim->nodes);
    else if (lim->time > 0) snprintf(buf, len, "%gs", lim->time);
    else *buf = 0;
    if (work_given) {                   /* (the default bound is not shown) */
        size_t n = strlen(buf);
        snprintf(buf + n, len - n, "%s%llu M steps", n ? " " : "",
                 (unsigned long long)(lim->work / 1000000u));
    }
    if (lim->threads > 1) {
        size_t n = strlen(buf);
        snprintf(buf + n, len - n, " %d threads", lim->threads);
    }
    static const char *names[] = { "null", "lmr", "futility", "aspiration", NULL, "rfp", "qprune",
                                   "extcap" };
    for (int i = 0; i < 8; i++)
        if (names[i] && lim->off & (1u << i)) {
            size_t n = strlen(buf);
            snprintf(buf + n, len - n, " no %s", names[i]);
        }
}

/* ---- the statistics: match_report.c (merge prints them too) ---------------------------------- */

static MatchSprt sprt_of(const MatchOpts *o)
{
    MatchSprt s = { o->use_sprt, o->elo0, o->elo1, o->alpha, o->beta };
    return s;
}

/* ---- one game (in a worker) ------------------------------------------------------------------ */

typedef struct { char **m; int n, cap; } Moves;
static void moves_add(Moves *l, const char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->m = realloc(l->m, sizeof *l->m * (size_t)l->cap);
        if (!l->m) out_of_memory("the openings");
    }
    l->m[l->n++] = xstrdup(s, "a game's moves");
}
static void moves_free(Moves *l)
{
    while (l->n) free(l->m[--l->n]);
    free(l->m);
    l->m = NULL; l->cap = 0;
}

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Play the opening of pair `pair` on p: K random legal plies from a generator seeded by the
 * seed and the pair only, so that both games of a pair (in whichever worker) get the same one.
 * An opening that ends the game is drawn again (up to 100 times). */
static void play_opening(Pos *p, const MatchOpts *o, int pair, Moves *log)
{
    uint64_t rng = o->seed * 0x2545f4914f6cdd1dull + (uint64_t)pair;
    for (int attempt = 0; attempt < 100 && o->random_plies > 0; attempt++) {
        for (int k = 0; k < o->random_plies; k++) {
            MoveList *ml = pos_list(p, 0);
            node_moves(p, ml);
            if (p->result || ml->n == 0) break;
            int i = (int)(splitmix(&rng) % (uint64_t)ml->n);
            char buf[MOVE_STR_MAX];
            move_string(p->g, ml, &ml->m[i], buf, sizeof buf);
            moves_add(log, buf);
            pos_make(p, ml, &ml->m[i]);
        }
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        if (!p->result && ml->n > 0) return;
        while (log->n) { pos_unmake(p); free(log->m[--log->n]); }
    }
    /* no opening of K plies leaves a game to play: the engines start from the start position */
}

/* A message to the parent: all of it, or the worker gives up (the parent reports the gap). */
static void send_all(int fd, const char *buf, size_t len)
{
    while (len) {
        ssize_t k = write(fd, buf, len);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) _exit(3);
        buf += k; len -= (size_t)k;
    }
}

static void send_result(int fd, int gi, int outcome, int plies, const char *reason,
                        const char *rec, size_t reclen)
{
    char head[128];
    char why[256];
    snprintf(why, sizeof why, "%s", reason);
    for (char *c = why; *c; c++) if (*c == '\n') *c = ' ';
    int n = snprintf(head, sizeof head, "G %d %d %d %zu %zu\n", gi, outcome, plies, strlen(why),
                     reclen);
    send_all(fd, head, (size_t)n);
    send_all(fd, why, strlen(why));
    send_all(fd, rec, reclen);
}

/* One game from its start position (under protected_run: every part of it runs rules code). */
typedef struct {
    Engine **eng;
    EnginePlayer **ext;              /* --engine-a, --engine: engines A, B (NULL: boardvm's) */
    const MatchOpts *o;
    int gi, a_side;                  /* A plays the first player in even games */
    Moves log;                       /* the moves played, the random opening first */
    const char *why;                 /* why the game ended, when the rules do not say */
    char illegal[320];               /* set: the game stopped on an error (not counted) */
    double clock[2];                 /* --tc: A's and B's seconds left */
    int loser;                       /* 0 or 1: A or B lost by forfeit (time, illegal move, ...);
                                        2: a draw an engine claimed; -1: neither */
    char forfeit[320];               /* why, then */
} GameRun;

/* The limits of external engine e (0: A, 1: B) for its move in p: its clock, or its limit. */
static PlayerLimits ext_limits(const GameRun *r, int e)
{
    const MatchOpts *o = r->o;
    PlayerLimits pl = { o->lim[e].depth, o->lim[e].nodes, o->lim[e].time, 0, {0}, {0},
                        o->tc_margin };
    if (o->tc[e].base > 0) {
        pl.clocked = 1;
        for (int side = 0; side < 2; side++) {
            int e = side == r->a_side ? 0 : 1;
            pl.clock[side] = r->clock[e]; pl.inc[side] = o->tc[e].inc;
        }
    }
    return pl;
}

/* Engine e's move in p: the index of a legal move of ml = pos_list(p, 0), or -1 when the game
 * ended (r->loser, r->forfeit) or stopped (r->illegal). */
static int take_turn(GameRun *r, Pos *p, int e)
{
    const MatchOpts *o = r->o;
    const TimeControl *tc = &o->tc[e];
    double start = uci_clock(), used;
    int k = -1;
    if (r->ext[e] && !pos_chance_turn(p)) {
        PlayerLimits pl = ext_limits(r, e);
        PlayerOutcome out = player_move(r->ext[e], p, &pl, &k, &used, r->forfeit,
                                        sizeof r->forfeit);
        if (out == PLAYER_FAILED) snprintf(r->illegal, sizeof r->illegal, "%s", r->forfeit);
        if (out != PLAYER_MOVED) { r->loser = out == PLAYER_DRAW_CLAIMED ? 2 : e; return -1; }
    } else {
        SearchLimits lim = o->lim[e];
        if (tc->base > 0) lim.time = tc_think_time(r->clock[e], tc->inc);
        SearchResult res;
        engine_search(r->eng[e], p, &lim, &res);
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        k = move_find(p->g, ml, res.best_str);
        if (k < 0) {
            snprintf(r->illegal, sizeof r->illegal,
                     "internal error: the engine chose '%s', not a legal move", res.best_str);
            return -1;
        }
    }
    if (tc->base > 0) {              /* the clock, as measured here for both sides */
        used = uci_clock() - start;
        if (used > r->clock[e] + o->tc_margin) {
            r->loser = e;
            snprintf(r->forfeit, sizeof r->forfeit, "%s lost on time",
                     r->ext[e] ? player_name(r->ext[e]) : e ? "B" : "A");
            return -1;
        }
        r->clock[e] += tc->inc - used;
        if (r->clock[e] < 0) r->clock[e] = 0;      /* within the margin: nothing left */
    }
    return k;
}

/* The external engines' new game, after the opening; 0 when the game ended or stopped. */
static int ext_new_game(GameRun *r, Pos *p)
{
    for (int e = 0; e < 2; e++) {
        if (!r->ext[e]) continue;
        PlayerLimits pl = ext_limits(r, e);
        int st = player_new_game(r->ext[e], p, r->log.m, r->log.n, !r->o->nopenings, &pl,
                                 r->forfeit, sizeof r->forfeit);
        if (st < 0) snprintf(r->illegal, sizeof r->illegal, "%s", r->forfeit);
        else if (st == 0) r->loser = e;
        if (st <= 0) return 0;
    }
    return 1;
}

static void play_out(Pos *p, void *ctx)
{
    GameRun *r = ctx;
    const MatchOpts *o = r->o;
    play_opening(p, o, r->gi / 2, &r->log);
    engine_clear(r->eng[0]);
    engine_clear(r->eng[1]);
    r->clock[0] = o->tc[0].base; r->clock[1] = o->tc[1].base;
    if (!ext_new_game(r, p)) return;
    for (;;) {
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        if (p->result || ml->n == 0) break;
        if (r->log.n >= o->max_plies) { r->why = "move limit reached"; break; }
        /* (a throw of the dice: drawn by A's engine, whoever plays which side, so that the
         * throws of a game do not depend on the engines; never asked of an external engine) */
        int e = pos_chance_turn(p) || pos_turn(p) == r->a_side ? 0 : 1;
        int k = take_turn(r, p, e);
        if (k < 0) return;
        ml = pos_list(p, 0);
        node_moves(p, ml);
        for (int x = 0; x < 2; x++)
            if (r->ext[x] && !player_moved(r->ext[x], p->g, ml, k, r->illegal, sizeof r->illegal))
                return;
        char s[MOVE_STR_MAX];
        move_string(p->g, ml, &ml->m[k], s, sizeof s);
        moves_add(&r->log, s);
        pos_make(p, ml, &ml->m[k]);
    }
}

/* The game's outcome and its record, sent to the parent. */
static void send_game(int fd, const Pos *p, const GameRun *r, const char *names[2],
                      const char *start)
{
    const Game *g = p->g;
    const MatchOpts *o = r->o;
    int outcome = 1;
    const char *res = "1/2-1/2", *why = r->why;
    if (p->result && p->result != RESULT_DRAW) {
        int winner = pos_winner(p);
        outcome = winner == r->a_side ? 2 : 0;
        res = game_sides(g) > 2 ? "*" : winner == 0 ? "1-0" : "0-1";
    }
    if (p->result) why = p->result_reason ? g->strings[p->result_reason - 1] : "";
    else if (!*why) why = "no moves and no result";
    if (r->loser == 2) { outcome = 1; res = "1/2-1/2"; why = r->forfeit; }
    else if (r->loser >= 0) {           /* the loser's side is the other's win */
        int loser_side = r->loser == 0 ? r->a_side : 1 - r->a_side;
        outcome = r->loser == 0 ? 0 : 2;
        res = loser_side == 0 ? "0-1" : "1-0";
        why = r->forfeit;
    }
    /* the record: the whole game from the start position, the random opening included */
    char *rec = NULL; size_t reclen = 0;
    FILE *mem = open_memstream(&rec, &reclen);
    if (!mem) _exit(3);
    char opts[512] = "";
    for (int i = 0; i < o->nopts; i++) {
        size_t n = strlen(opts);
        snprintf(opts + n, sizeof opts - n, "%s%s", i ? " " : "", o->opts[i]);
    }
    const char *base = strrchr(o->rules, '/') ? strrchr(o->rules, '/') + 1 : o->rules;
    GameRecord gr = { g, "boardvm match", r->gi + 1, base, opts, start, {0}, r->log.m, r->log.n,
                      res, why };
    gr.player[r->a_side] = names[0];
    gr.player[1 - r->a_side] = names[1];
    record_write(mem, &gr);
    fclose(mem);
    send_result(fd, r->gi, outcome, r->log.n, why, rec, reclen);
    free(rec);
}

static void play_game(Game *g, Engine *eng[2], EnginePlayer *ext[2], const MatchOpts *o,
                      const char *names[2], int gi, int fd)
{
    int status;
    const char *fen = o->nopenings ? o->openings[(gi / 2) % o->nopenings] : NULL;
    Pos *p = setup_position(g, fen, NULL, 0, &status);
    if (!p) {
        send_result(fd, gi, -1, 0, "the start position could not be set up", "", 0);
        return;
    }
    char *start = pos_to_string(p);
    GameRun r = { eng, ext, o, gi, gi % 2, {0}, "", "", {0}, -1, "" };
    if (protected_run(p, play_out, &r))           /* a runtime error in the rules code */
        send_result(fd, gi, -1, r.log.n, p->errmsg, "", 0);
    else if (r.illegal[0]) send_result(fd, gi, -1, r.log.n, r.illegal, "", 0);
    else send_game(fd, p, &r, names, start);
    pos_free(p);
    free(start);
    moves_free(&r.log);
}

static void worker(Game *g, const MatchOpts *o, const char *names[2], int *next_game, int fd)
{
    Engine *eng[2] = { engine_new(g, 32), engine_new(g, 32) };
    if (o->value_b) engine_set_values(eng[1], o->value_b);
    EnginePlayer *ext[2] = { NULL, NULL };
    char err[512];
    for (;;) {
        int gi = __atomic_fetch_add(next_game, 1, __ATOMIC_RELAXED);
        if (gi >= o->games) break;
        if (!shard_has(o->shard_k, o->shard_n, gi / 2)) continue;    /* another shard's pair */
        int started = 1;
        for (int e = 0; e < 2 && started; e++)
            if (o->ext[e].command && !ext[e] &&
                !(ext[e] = player_start(&o->ext[e], g, err, sizeof err))) {
                send_result(fd, gi, -1, 0, err, "", 0);     /* (it started in the parent) */
                started = 0;
            }
        if (started) play_game(g, eng, ext, o, names, gi, fd);
    }
    player_stop(ext[0]);
    player_stop(ext[1]);
    engine_free(eng[0]);
    engine_free(eng[1]);
    close(fd);
    _exit(0);
}

/* ---- the parent: collecting the results ------------------------------------------------ */

typedef struct { int outcome, plies; char *reason, *record; } GameOut;
typedef struct { char *buf; size_t len, cap; int fd; pid_t pid; } Pipe;

/* Take every complete message out of the pipe's buffer. Returns 0 on a malformed message. */
static int take_messages(Pipe *pp, GameOut *out, const MatchOpts *o, Game *g, int *done,
                         int tally[3])
{
    for (;;) {
        char *nl = memchr(pp->buf, '\n', pp->len);
        if (!nl) return 1;
        int gi, outcome, plies; size_t rl, cl;
        char line[128];                  /* the buffer holds no NUL for sscanf to stop at */
        size_t hl = (size_t)(nl - pp->buf);
        if (hl >= sizeof line) return 0;
        memcpy(line, pp->buf, hl);
        line[hl] = 0;
        if (sscanf(line, "G %d %d %d %zu %zu", &gi, &outcome, &plies, &rl, &cl) != 5 ||
            gi < 0 || gi >= o->games ||
            outcome < -1 || outcome > 2 || rl > (1u << 20) || cl > (1u << 30))
            return 0;
        size_t head = hl + 1;
        if (pp->len < head + rl + cl) return 1;
        GameOut *go = &out[gi];
        go->outcome = outcome; go->plies = plies;
        go->reason = strndup(pp->buf + head, rl);
        go->record = strndup(pp->buf + head + rl, cl);
        memmove(pp->buf, pp->buf + head + rl + cl, pp->len - head - rl - cl);
        pp->len -= head + rl + cl;
        (*done)++;
        if (outcome < 0) {
            fprintf(stderr, "boardvm: match: game %d: %s\n", gi + 1, go->reason);
            continue;
        }
        tally[outcome]++;
        static const char *res[] = { "B wins", "draw", "A wins" };
        printf("game %d/%d (A %s): %s: %s, %d plies; A %d-%d-%d\n", gi + 1, o->games,
               g->player_name[gi % 2],
               res[outcome], go->reason, plies, tally[2], tally[1], tally[0]);
        fflush(stdout);
    }
}

/* Write the records of games next, next + 1, ... as far as they have all come in (all of them at
 * the end), in game order, and free them: a long match does not keep its games in memory. With
 * --jsonl each game is also a line of the results (shard.h). Returns the first game not written. */
static int write_records(FILE *rec, FILE *results, GameOut *out, int next, int games, int at_end)
{
    for (; next < games && (at_end || out[next].outcome != -2); next++) {
        if (rec && out[next].outcome >= 0) fputs(out[next].record, rec);
        if (results && out[next].outcome > -2) {
            jsonl_begin(results, "game", next + 1);
            jsonl_int(results, "outcome", out[next].outcome);
            jsonl_int(results, "plies", out[next].plies);
            jsonl_str(results, "reason", out[next].reason);
            jsonl_str(results, "record", out[next].record);
            jsonl_end(results);
        }
        free(out[next].record);
        out[next].record = NULL;
    }
    return next;
}

/* The rest of the results' first line: what merge needs to print the summary. */
static void results_header(FILE *results, const MatchOpts *o, const Game *g, const char *la,
                           const char *lb)
{
    jsonl_int(results, "games", o->games);
    jsonl_str(results, "a", la);
    jsonl_str(results, "b", lb);
    jsonl_str(results, "first", g->player_name[0]);
    jsonl_int(results, "sprt", o->use_sprt);
    jsonl_num(results, "elo0", o->elo0);
    jsonl_num(results, "elo1", o->elo1);
    jsonl_num(results, "alpha", o->alpha);
    jsonl_num(results, "beta", o->beta);
    jsonl_end(results);
}

/* --openings FILE: one position string a line (blank lines and lines starting with '#' are
 * skipped), each checked here, before any game, to be a position with a game left to play. The
 * lines are kept in the file's text (o->openings point into it, which lives to the end). */
static void free_openings(MatchOpts *o)
{
    free(o->openings); free(o->openings_text);
    o->openings = NULL; o->openings_text = NULL; o->nopenings = 0;
}

/* *over = whether the game is over in p (under protected_run: the moves run rules code). */
static void is_over(Pos *p, void *over)
{
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    *(int *)over = p->result || ml->n == 0;
}

static int read_openings(Game *g, MatchOpts *o)
{
    size_t len;
    char *text = read_file(o->openings_file, &len);
    if (!text) return 2;
    o->openings = calloc(len / 2 + 2, sizeof *o->openings);
    if (!o->openings) out_of_memory("the openings");
    o->openings_text = text;
    int lineno = 0;
    char *next = text;
    while (next) {             /* not strtok: reading a position may use it */
        char *line = next;
        next = strchr(line, '\n');
        if (next) *next++ = 0;
        lineno++;
        line[strcspn(line, "\r")] = 0;
        while (isspace((unsigned char)*line)) line++;
        if (!*line || *line == '#') continue;
        int status, over = 0;
        Pos *p = setup_position(g, line, NULL, 0, &status);
        if (!p) {            /* setup_position said why */
            fprintf(stderr, "boardvm: match: %s: line %d is not a position of %s\n",
                    o->openings_file, lineno, g->name);
            free_openings(o);
            return 1;
        }
        int failed = protected_run(p, is_over, &over);
        if (failed)
            fprintf(stderr, "boardvm: match: %s: line %d: %s\n", o->openings_file, lineno,
                    p->errmsg);
        else if (over)
            fprintf(stderr, "boardvm: match: %s: line %d: the game is already over there\n",
                    o->openings_file, lineno);
        pos_free(p);
        if (failed || over) { free_openings(o); return 1; }
        o->openings[o->nopenings++] = line;
    }
    if (!o->nopenings) {
        fprintf(stderr, "boardvm: match: %s holds no position\n", o->openings_file);
        free_openings(o);
        return 1;
    }
    return 0;
}

/* Fork the workers, each with its pipe; returns how many started (fewer than o->jobs when a
 * fork failed: the others then play all the games). */
static int start_workers(Game *g, const MatchOpts *o, const char *names[2], int *next_game,
                         FILE *rec, Pipe *pipes)
{
    int started = 0;
    for (int w = 0; w < o->jobs; w++) {
        int fds[2];
        if (pipe(fds) < 0) { perror("boardvm: match: pipe"); break; }
        pid_t pid = fork();
        if (pid < 0) { perror("boardvm: match: fork"); close(fds[0]); close(fds[1]); break; }
        if (pid == 0) {
            signal(SIGPIPE, SIG_DFL);
            interrupt_worker_default();
            close(fds[0]);
            for (int k = 0; k < w; k++) close(pipes[k].fd);
            if (rec) fclose(rec);
            worker(g, o, names, next_game, fds[1]);
        }
        close(fds[1]);
        pipes[w].fd = fds[0]; pipes[w].pid = pid;
        started++;
    }
    return started;
}

/* Read what the workers send, printing each game as it comes and writing the records in game
 * order, until every pipe is closed; returns 1 if something went wrong (0 otherwise). */
static int collect(Pipe *pipes, int started, GameOut *out, const MatchOpts *o, Game *g, FILE *rec,
                   FILE *results, int tally[3])
{
    int status = 0, done = 0, open_pipes = started, next_record = 0, stopped = 0;
    struct pollfd *pf = xcalloc((size_t)started + 1, sizeof *pf, "the workers' poll list");
    while (open_pipes > 0) {
        if (interrupt_seen && !stopped) {     /* then read on: what they sent before they died */
            for (int w = 0; w < started; w++) interrupt_stop_worker(pipes[w].pid);
            stopped = 1;
        }
        int n = 0;
        for (int w = 0; w < started; w++)
            if (pipes[w].fd >= 0) { pf[n].fd = pipes[w].fd; pf[n].events = POLLIN; n++; }
        /* a timeout, so that a Ctrl-C between the check above and poll is seen within it */
        if (poll(pf, (nfds_t)n, 250) < 0) {
            if (errno == EINTR) continue;
            perror("boardvm: match: poll");
            status = 1;
            break;
        }
        for (int i = 0; i < n; i++) {
            if (!(pf[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            Pipe *pp = NULL;
            for (int w = 0; w < started; w++) if (pipes[w].fd == pf[i].fd) pp = &pipes[w];
            if (pp->cap - pp->len < 65536) {
                pp->cap = pp->cap * 2 + 65536;
                pp->buf = xrealloc(pp->buf, pp->cap, "a worker's messages");
            }
            ssize_t k = read(pp->fd, pp->buf + pp->len, pp->cap - pp->len);
            if (k < 0 && errno == EINTR) continue;
            if (k <= 0) { close(pp->fd); pp->fd = -1; open_pipes--; continue; }
            pp->len += (size_t)k;
            int ok = take_messages(pp, out, o, g, &done, tally);
            next_record = write_records(rec, results, out, next_record, o->games, 0);
            if (!ok) {
                fprintf(stderr, "boardvm: match: a malformed message from worker %d\n",
                        (int)(pp - pipes) + 1);
                close(pp->fd); pp->fd = -1; open_pipes--; status = 1;
            }
        }
    }
    free(pf);
    write_records(rec, results, out, next_record, o->games, 1);
    return status;
}

/* Wait for every worker; returns 1 if one died or failed. */
static int reap_workers(Pipe *pipes, int started)
{
    int status = 0;
    for (int w = 0; w < started; w++) {
        int ws;
        if (pipes[w].fd >= 0) close(pipes[w].fd);
        while (waitpid(pipes[w].pid, &ws, 0) < 0 && errno == EINTR) {}
        if (WIFSIGNALED(ws) && !interrupt_stopped(ws)) {
            fprintf(stderr, "boardvm: match: worker %d died (signal %d)\n", w + 1, WTERMSIG(ws));
            status = 1;
        } else if (WIFEXITED(ws) && WEXITSTATUS(ws)) {
            fprintf(stderr, "boardvm: match: worker %d failed (exit %d)\n", w + 1,
                    WEXITSTATUS(ws));
            status = 1;
        }
        free(pipes[w].buf);
    }
    return status;
}

/* The summary (match_report.c) of the games of this run (of its shard: the others' are -3);
 * returns 1 if some games were not counted (an error, or never reported). */
static int summarize(const GameOut *out, const MatchOpts *o, const Game *g, const char *la,
                     const char *lb)
{
    MatchGame *mg = xcalloc((size_t)o->games + 1, sizeof *mg, "the games' results");
    for (int gi = 0; gi < o->games; gi++)
        mg[gi] = (MatchGame){ out[gi].outcome, out[gi].plies, out[gi].reason };
    MatchSprt sp = sprt_of(o);
    int st = match_summary(mg, o->games, &sp, g->player_name[0], la, lb, interrupt_seen);
    free(mg);
    return st;
}

/* The games, played by the workers and collected here, and their summary; the exit status.
 * The records go to rec (NULL: none), which the caller closes. */
static int run_match(Game *g, MatchOpts *o, FILE *rec, FILE *results)
{
    if (!o->jobs) {
        long c = sysconf(_SC_NPROCESSORS_ONLN);
        o->jobs = c > 0 ? (int)(c > 1024 ? 1024 : c) : 1;
    }
    if (o->jobs > o->games) o->jobs = o->games;
    char la[256], lb[256], na[320], nb[320];
    for (int k = 0; k < 2; k++) {
        char *l = k ? lb : la;
        if (o->tc[k].base > 0) tc_string(&o->tc[k], l, 64);
        else engine_label(&o->lim[k], o->work[k] != 0, l, 64);
    }
    if (o->values_b) {
        size_t n = strlen(lb);
        snprintf(lb + n, sizeof lb - n, ", values of %s", base_name(o->values_b));
    }
    snprintf(na, sizeof na, "boardvm %s (A)", la);
    snprintf(nb, sizeof nb, "boardvm %s (B)", lb);
    for (int e = 0; e < 2; e++) {   /* an external engine's name, variant and limit, as it says */
        char err[512], lim[64];
        char *l = e ? lb : la, *n = e ? nb : na;
        size_t llen = e ? sizeof lb : sizeof la;
        if (!o->ext[e].command) continue;
        EnginePlayer *pl = player_start(&o->ext[e], g, err, sizeof err);
        if (!pl) {
            fprintf(stderr, "boardvm: match: %s\n", err);
            return 2;
        }
        if (o->nopenings && !player_takes_positions(pl)) {
            fprintf(stderr, "boardvm: match: the engine '%s' cannot be given a position (it "
                    "has no setboard feature): it plays from the start only, not --openings\n",
                    o->ext[e].command);
            player_stop(pl);
            return 2;
        }
        snprintf(lim, sizeof lim, "%.63s", l);
        snprintf(l, llen, "%s%s%s%s%s", player_name(pl), *player_variant(pl) ? " " : "",
                 player_variant(pl), *lim ? ", " : "", lim);
        snprintf(n, sizeof na, "%s (%s)", player_name(pl), e ? "B" : "A");
        player_stop(pl);
    }
    const char *names[2] = { na, nb };
    printf("match: %s, A = %s, B = %s: %d games, %d jobs, %d random plies, seed %llu", g->name,
           la, lb, o->games, o->jobs, o->random_plies, o->seed);
    if (o->nopenings) printf(", %d openings from %s", o->nopenings, o->openings_file);
    if (o->shard_n) printf(", shard %d/%d", o->shard_k, o->shard_n);
    printf("\n");
    if (results) results_header(results, o, g, la, lb);
    fflush(stdout);                         /* nothing buffered may be written again by a child */
    if (results) fflush(results);

    /* the next game to play, shared by the workers */
    int *next_game = mmap(NULL, sizeof *next_game, PROT_READ | PROT_WRITE,
                          MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (next_game == MAP_FAILED) {
        perror("boardvm: match: mmap");
        return 1;
    }
    *next_game = 0;
    /* a worker's pipe closed early must not kill the parent */
    signal(SIGPIPE, SIG_IGN);
    Pipe *pipes = xcalloc((size_t)o->jobs, sizeof *pipes, "the workers' pipes");
    GameOut *out = xcalloc((size_t)o->games, sizeof *out, "the games' results");
    for (int gi = 0; gi < o->games; gi++)        /* never reported, or another shard's */
        out[gi].outcome = shard_has(o->shard_k, o->shard_n, gi / 2) ? -2 : -3;
    interrupt_catch();
    int started = start_workers(g, o, names, next_game, rec, pipes);
    int status = started == o->jobs ? 0 : 1;
    int tally[3] = {0};
    status |= collect(pipes, started, out, o, g, rec, results, tally);
    status |= reap_workers(pipes, started);
    free(pipes);
    status |= summarize(out, o, g, la, lb);
    fflush(stdout);
    interrupt_release();
    if (interrupt_seen) {
        int done = 0;
        int mine = 0;
        for (int gi = 0; gi < o->games; gi++) {
            done += out[gi].outcome > -2;
            mine += out[gi].outcome != -3;
        }
        interrupt_report("match", done, mine);
        if (!status) status = EXIT_INTERRUPTED;
    }
    for (int gi = 0; gi < o->games; gi++) { free(out[gi].reason); free(out[gi].record); }
    free(out);
    munmap(next_game, sizeof *next_game);
    return status;
}

/* --values-b FILE: the piece values FILE declares, for engine B, by the types of g (matched by
 * name: FILE is a copy of the game's rules file with other values, as tune --write writes
 * one). 0, or an exit status after a message. */
static int read_values_b(const Game *g, MatchOpts *o)
{
    int st;
    Game *h = load_game(o->values_b, NULL, o->nopts, o->opts, &st);
    if (!h) return st;
    o->value_b = xcalloc((size_t)g->ntypes + 1, sizeof *o->value_b, "--values-b");
    for (int t = 1; t <= g->ntypes && !st; t++) {
        int u = 0;
        for (int k = 1; k <= h->ntypes && !u; k++)
            if (!strcmp(h->types[k].name, g->types[t].name)) u = k;
        if (!u) {
            fprintf(stderr, "boardvm: match: --values-b %s has no piece type %s: it is not a copy "
                            "of %s\n", o->values_b, g->types[t].name, o->rules);
            st = 2;
        } else if (!g->types[t].royal && !g->types[t].neutral) o->value_b[t] = h->types[u].value;
    }
    game_free(h);
    return st;
}

static void free_match_opts(MatchOpts *o)
{
    free(o->opts);
    free(o->ext[0].set);
    free(o->ext[1].set);
}

int cmd_match(Args *a)
{
    MatchOpts o;
    int st = match_args(a, &o);
    if (st) { free_match_opts(&o); return st; }
    o.shard_k = a->shard_k; o.shard_n = a->shard_n;
    if (o.penta_only) {
        match_print_penta(o.penta);
        free_match_opts(&o);
        return 0;
    }
    if (o.stats_only) {
        printf("games: %d (W %d, D %d, L %d)\n", o.sw + o.sd + o.sl, o.sw, o.sd, o.sl);
        MatchSprt sp = sprt_of(&o);
        match_print_stats(o.sw, o.sd, o.sl, &sp);
        free_match_opts(&o);
        return 0;
    }
    Game *g = load_game(o.rules, NULL, o.nopts, o.opts, &st);
    if (!g) { free_match_opts(&o); return st; }
    OutFile *rec = NULL;
    st = 0;
    /* With three or more sides, A takes one seat (the first or the second, in turn) and B
     * all the others: A against a coalition (docs/engine.md). An outside engine speaks for one
     * side of a two-player game only. Chance players (dice) are no side. */
    const int sides = game_sides(g);
    if (sides < 2 || (sides > 2 && (o.ext[0].command || o.ext[1].command))) {
        fprintf(stderr, "boardvm: match: %s has %d players; a match needs a two-player game%s\n",
                o.rules, sides,
                sides < 2 ? " (or one of more players)" : " with --engine");
        st = 2;
    } else if (o.openings_file) st = read_openings(g, &o);
    if (!st && o.values_b) st = read_values_b(g, &o);
    if (!st && o.record && !(rec = outfile_open(o.record))) st = 2;
    if (!st) {
        OutFile *res = jsonl_open_run(a, "match", o.rules, g);
        if (a->jsonl && !res) st = 2;
        else {
            st = run_match(g, &o, rec ? rec->f : NULL, res ? res->f : NULL);
            if (res && outfile_close(res) != 0) st = 2;
        }
        if (rec && outfile_close(rec) != 0) st = 2;     /* the records are lost: say so */
    }
    free_openings(&o);
    free(o.value_b);
    game_free(g);
    free_match_opts(&o);
    return st;
}
