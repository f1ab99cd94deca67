/* balance.c - `boardvm balance`: what a variant designer asks of a rules file. The engine plays
 * itself N times (selfgames.h: the seeded evaluation noise and K random plies vary the games)
 * and the report gives the first player's score with its 95 % interval, the draw rate, the
 * average length, the share of games ending by each reason, and how many games were distinct.
 * Several variants (rules files, each with the -o options written after it) are played with
 * the same settings and compared: the differences of the first player's score and of the draw
 * rate, with their intervals.
 *
 * The games of a variant are played by J worker processes, forked after its rules file is
 * compiled: worker w plays games w, w + J, ... and writes one line per game to its pipe,
 *   "<game> <outcome> <plies> <hash of the moves> <reason>\n" (outcome: selfgames.h, -1 an error)
 * and the parent reads the pipes as lines come, showing on a terminal how many games are done.
 * Ctrl-C stops the workers: the variant under way is reported with the games it finished, the
 * variants not begun are left out. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "commands.h"
#include "diag.h"
#include "elo.h"
#include "interrupt.h"
#include "mathfn.h"
#include "oom.h"
#include "search.h"
#include "selfgames.h"
#include "session.h"
#include "shard.h"
#include "wording.h"

#define MAX_VARIANTS BALANCE_MAX_VARIANTS   /* commands.h: its row's most operands */
#define Z95 1.959963984540054

typedef struct {
    const char *rules;
    char **opts;
    int nopts;
} Variant;

typedef struct {
    Variant v[MAX_VARIANTS];
    int nv;
    int games, jobs, random_plies, max_plies, limit_given;
    unsigned long long seed;
    SearchLimits lim;
    int shard_k, shard_n;          /* --shard K/N: the games i with i % N = K - 1 (shard.h) */
    FILE *results;                 /* --jsonl's stream, or NULL */
} BalanceOpts;

typedef struct {
    int n, first, draws, second, unfinished, errors, missing;
    double score, score_se, draw_se, plies, plies_sd;
    int distinct;
    const char *reasons[64];
    int rcount[64];
    int nreasons;
    char *reason_text[64];
} Tally;

/* Each option and operand, in the order written: -o sets the rules file before it. */
static int balance_arg(BalanceOpts *o, const ArgItem *v)
{
    switch (v->id) {
    case OPERAND: o->v[o->nv++].rules = v->text; break;     /* at most MAX_VARIANTS: its row */
    case OPT_OPTION:
        if (!o->nv)
            return diag_usage("balance", "-o %s: give the rules file first (its options follow it)",
                              v->text);
        o->v[o->nv - 1].opts[o->v[o->nv - 1].nopts++] = (char *)v->text;
        break;
    case OPT_GAMES: o->games = (int)v->i; break;
    case OPT_JOBS: o->jobs = (int)v->i; break;
    case OPT_RANDOM_PLIES: o->random_plies = (int)v->i; break;
    case OPT_MAX_PLIES: o->max_plies = (int)v->i; break;
    case OPT_SEED: o->seed = v->u; break;
    case OPT_DEPTH:
    case OPT_TIME:
    case OPT_NODES:
        if (o->limit_given++)
            return diag_usage("balance", "give one of --depth, --time and --nodes, once");
        o->lim.depth = 0;
        if (v->id == OPT_DEPTH) o->lim.depth = (int)v->i;
        else if (v->id == OPT_TIME) o->lim.time = v->d;
        else o->lim.nodes = v->u;
        break;
    default: break;
    }
    return 0;
}

static uint64_t moves_hash(const PlayedGame *pg)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < pg->nmoves; i++)
        for (const char *s = pg->moves[i];; s++) {
            h = mix64(h ^ (unsigned char)*s);
            if (!*s) break;
        }
    return h;
}

static void worker(Game *g, const BalanceOpts *o, int w, int fd)
{
    Engine *e = engine_new(g, 32);
    SelfPlaySpec spec = {o->lim, o->random_plies, o->max_plies, o->seed};
    spec.lim.seed = 1; /* one seed of noise per game */
    FILE *out = fdopen(fd, "w");
    if (!out) _exit(3);
    for (int gi = w; gi < o->games; gi += o->jobs) {
        if (!shard_has(o->shard_k, o->shard_n, gi)) continue;      /* another shard's */
        PlayedGame pg;
        char err[600];
        if (selfgame_play(g, e, &spec, gi, &pg, err, sizeof err)) {
            for (char *c = err; *c; c++)
                if (*c == '\n') *c = ' ';
            fprintf(out, "%d -1 0 0 %s\n", gi, err);
        } else {
            for (char *c = pg.reason; *c; c++)
                if (*c == '\n') *c = ' ';
            fprintf(out, "%d %d %d %llu %s\n", gi, pg.outcome, pg.nmoves,
                    (unsigned long long)moves_hash(&pg), pg.reason);
        }
        fflush(out);
        played_game_free(&pg);
    }
    engine_free(e);
    if (fclose(out)) _exit(3);
    _exit(0);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The results of one game each, as the workers report them. */
typedef struct {
    int *outcome, *plies;          /* outcome -2: never reported */
    uint64_t *hash;
    char **reason;                 /* how it ended (malloc'ed; NULL: not reported) */
} Results;

/* Start the workers: their pipes' read ends in fds, their ids in pids; how many started. */
static int start_workers(Game *g, const BalanceOpts *o, int jobs, int *fds, pid_t *pids)
{
    fflush(stdout);
    int started = 0;
    for (int w = 0; w < jobs; w++) {
        int p[2];
        if (pipe(p) < 0) {
            perror("boardvm: balance: pipe");
            break;
        }
        pid_t pid = fork();
        if (pid < 0) {
            perror("boardvm: balance: fork");
            close(p[0]);
            close(p[1]);
            break;
        }
        if (pid == 0) {
            interrupt_worker_default();
            close(p[0]);
            for (int k = 0; k < w; k++) close(fds[k]);
            worker(g, o, w, p[1]);
        }
        close(p[1]);
        fds[w] = p[0];
        pids[w] = pid;
        started++;
    }
    return started;
}

/* One worker's line into res; 1 if it was a game's line. */
static int take_line(char *line, const BalanceOpts *o, Results *res)
{
    int gi, oc, pl, off = 0;
    unsigned long long h;
    if (sscanf(line, "%d %d %d %llu %n", &gi, &oc, &pl, &h, &off) < 4 || gi < 0 ||
        gi >= o->games)
        return 0;
    char *why = line + off;
    res->outcome[gi] = oc;
    res->plies[gi] = pl;
    res->hash[gi] = h;
    if (oc < 0) fprintf(stderr, "boardvm: balance: game %d: %s\n", gi + 1, why);
    else if (!res->reason[gi]) res->reason[gi] = xstrdup(why, "the reasons");
    return 1;
}

/* A game's ending counted in t (the reasons in the order of the games that first gave them,
 * whichever worker played them and whenever it sent them: the report is the same for any J). */
static void count_reason(Tally *t, const char *why)
{
    int r;
    for (r = 0; r < t->nreasons && strcmp(t->reasons[r], why); r++) {}
    if (r == t->nreasons && r < 64) {
        t->reason_text[r] = xstrdup(why, "the reasons");
        t->reasons[r] = t->reason_text[r];
        t->rcount[t->nreasons++] = 0;
    }
    if (r < 64) t->rcount[r]++;
}

/* A worker's pipe and the part of a line read from it. */
typedef struct {
    int fd;
    size_t len;
    char buf[2048];                /* a line is at most some 700 bytes (worker()) */
} Lines;

/* Read what the worker sent, each whole line into res; 0 once it has closed its pipe. */
static int read_lines(Lines *in, const BalanceOpts *o, Results *res, int *done)
{
    ssize_t k = read(in->fd, in->buf + in->len, sizeof in->buf - 1 - in->len);
    if (k < 0 && errno == EINTR) return 1;
    if (k <= 0) return 0;
    in->len += (size_t)k;
    char *nl;
    while ((nl = memchr(in->buf, '\n', in->len))) {
        *nl = 0;
        *done += take_line(in->buf, o, res);
        size_t used = (size_t)(nl + 1 - in->buf);
        memmove(in->buf, nl + 1, in->len - used);
        in->len -= used;
    }
    if (in->len == sizeof in->buf - 1) in->len = 0;      /* no line is that long: drop it */
    return 1;
}

/* On a terminal, "variant 1: 12 of 40 games played", rewritten in place; cleared at the end. */
static void progress(int variant, int done, int games, int end)
{
    if (!isatty(2)) return;
    if (end) fprintf(stderr, "\r%60s\r", "");
    else fprintf(stderr, "\rvariant %d: %d of %d games played", variant, done, games);
}

/* Read every worker's lines as they come, until each has closed its pipe; after a Ctrl-C,
 * stop the workers first. The games reported. */
static int collect(Lines *ins, const pid_t *pids, int started, const BalanceOpts *o,
                   Results *res, int variant)
{
    int open_pipes = started, done = 0, stopped = 0;
    struct pollfd *pf = xcalloc((size_t)started + 1, sizeof *pf, "the workers");
    while (open_pipes > 0) {
        if (interrupt_seen && !stopped) {
            for (int w = 0; w < started; w++) interrupt_stop_worker(pids[w]);
            stopped = 1;
        }
        int n = 0;
        for (int w = 0; w < started; w++)
            if (ins[w].fd >= 0) pf[n++] = (struct pollfd){ .fd = ins[w].fd, .events = POLLIN };
        if (poll(pf, (nfds_t)n, 250) <= 0) continue;   /* the timeout: a Ctrl-C seen within it */
        for (int i = 0; i < n; i++) {
            Lines *in = NULL;
            for (int w = 0; w < started; w++) if (ins[w].fd == pf[i].fd) in = &ins[w];
            if (!pf[i].revents || read_lines(in, o, res, &done)) continue;
            close(in->fd);
            in->fd = -1;
            open_pipes--;
        }
        progress(variant, done, o->games, 0);
    }
    progress(variant, done, o->games, 1);
    free(pf);
    return done;
}

/* The tallies of the results: unfinished games count as draws (as in match), and are counted
 * apart too. */
static void tally(int games, const Results *res, Tally *t)
{
    double sum = 0, sumsq = 0, len = 0, lensq = 0;
    uint64_t *seen = xcalloc((size_t)games + 1, sizeof *seen, "the results");
    int nseen = 0;
    for (int i = 0; i < games; i++) {
        int oc = res->outcome[i];
        if (oc == -3) continue;  /* another shard's game */
        if (oc == -2) {          /* never reported: a worker failed, or Ctrl-C came first */
            t->missing++;
            continue;
        }
        if (oc < 0) {
            t->errors++;
            continue;
        }
        count_reason(t, res->reason[i] ? res->reason[i] : "");
        double s = oc == SG_FIRST_WINS ? 1 : oc == SG_SECOND_WINS ? 0 : 0.5;
        t->first += oc == SG_FIRST_WINS;
        t->second += oc == SG_SECOND_WINS;
        t->draws += oc == SG_DRAW || oc == SG_UNFINISHED;
        t->unfinished += oc == SG_UNFINISHED;
        sum += s;
        sumsq += s * s;
        len += res->plies[i];
        lensq += (double)res->plies[i] * res->plies[i];
        seen[nseen++] = res->hash[i];
        t->n++;
    }
    if (t->n) {
        int n = t->n;
        t->score = sum / n;
        t->score_se = m_sqrt(m_fmax(0, sumsq / n - t->score * t->score) / n);
        double dr = (double)t->draws / n;
        t->draw_se = m_sqrt(dr * (1 - dr) / n);
        t->plies = len / n;
        t->plies_sd = m_sqrt(m_fmax(0, lensq / n - t->plies * t->plies));
        qsort(seen, (size_t)nseen, sizeof *seen, cmp_u64);
        for (int i = 0; i < nseen; i++) t->distinct += i == 0 || seen[i] != seen[i - 1];
    }
    free(seen);
}

/* --jsonl: a line for each game of the variant played here (shard.h). */
static void results_lines(FILE *f, int games, const Results *res, int variant)
{
    for (int i = 0; i < games; i++) {
        if (res->outcome[i] < -1) continue;
        char hash[24];
        snprintf(hash, sizeof hash, "%016llx", (unsigned long long)res->hash[i]);
        jsonl_begin(f, "variant", variant);
        jsonl_int(f, "game", i + 1);
        jsonl_int(f, "outcome", res->outcome[i]);
        jsonl_int(f, "plies", res->plies[i]);
        jsonl_str(f, "hash", hash);
        jsonl_str(f, "reason", res->reason[i] ? res->reason[i] : "");
        jsonl_end(f);
    }
}

/* Play the games of one variant (number variant, from 1) and count them. Returns an exit
 * status. */
static int play_variant(Game *g, const BalanceOpts *o, Tally *t, int variant)
{
    memset(t, 0, sizeof *t);
    int jobs = o->jobs < o->games ? o->jobs : o->games;
    int *fds = xcalloc((size_t)jobs, sizeof *fds, "the workers");
    pid_t *pids = xcalloc((size_t)jobs, sizeof *pids, "the workers");
    int started = start_workers(g, o, jobs, fds, pids);
    int status = started == jobs ? 0 : 1;
    Results res = { xmalloc(sizeof(int) * (size_t)o->games, "the results"),
                    xcalloc((size_t)o->games, sizeof(int), "the results"),
                    xcalloc((size_t)o->games, sizeof(uint64_t), "the results"),
                    xcalloc((size_t)o->games, sizeof(char *), "the results") };
    for (int i = 0; i < o->games; i++)        /* never reported, or another shard's */
        res.outcome[i] = shard_has(o->shard_k, o->shard_n, i) ? -2 : -3;
    Lines *ins = xcalloc((size_t)jobs, sizeof *ins, "the workers");
    for (int w = 0; w < started; w++) ins[w].fd = fds[w];
    collect(ins, pids, started, o, &res, variant);
    free(ins);
    for (int w = 0; w < started; w++) {
        int ws;
        while (waitpid(pids[w], &ws, 0) < 0 && errno == EINTR) {}
        if (!interrupt_stopped(ws) && (!WIFEXITED(ws) || WEXITSTATUS(ws))) {
            fprintf(stderr, "boardvm: balance: worker %d failed\n", w + 1);
            status = 1;
        }
    }
    tally(o->games, &res, t);
    if (o->results) results_lines(o->results, o->games, &res, variant);
    if (t->errors || (t->missing && !interrupt_seen)) status = 1;
    free(res.outcome);
    free(res.plies);
    free(res.hash);
    for (int i = 0; i < o->games; i++) free(res.reason[i]);
    free(res.reason);
    free(fds);
    free(pids);
    return status;
}

/* A score in percent with its normal 95 % interval, kept within 0 to 100. */
static void print_interval(double x, double se)
{
    if (se > 0)
        printf("%.1f %% [%.1f, %.1f]", 100 * x, 100 * m_fmax(0, x - Z95 * se),
               100 * m_fmin(1, x + Z95 * se));
    else
        printf("%.1f %% (no interval: every game the same)", 100 * x);
}

/* A proportion k/n in percent with its Wilson 95 % interval (right near 0 % and 100 % too, where
 * the normal one is not). */
static void print_proportion(int k, int n)
{
    double p = (double)k / n, z2 = Z95 * Z95;
    double mid = (p + z2 / (2 * n)) / (1 + z2 / n);
    double half = Z95 * m_sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
    printf("%.1f %% [%.1f, %.1f]", 100 * p, 100 * m_fmax(0, mid - half),
           100 * m_fmin(1, mid + half));
}

static void report(const char *name, const char *first, const char *opts, const Tally *t)
{
    printf("%s", name);
    if (*opts) printf(" (%s)", opts);
    printf(": %d games (%d distinct)\n", t->n, t->distinct);
    if (!t->n) return;
    printf("  %s (first player): ", first);
    print_wins_draws_losses(stdout, t->first, t->draws, t->second);
    printf("; score ");
    print_interval(t->score, t->score_se);
    double elo = elo_from_score(t->score);
    if (t->score_se > 0 && isfinite(elo))
        printf("; Elo %+.0f [%+.0f, %+.0f]", elo, elo_from_score(t->score - Z95 * t->score_se),
               elo_from_score(t->score + Z95 * t->score_se));
    printf("\n  draws: ");
    print_proportion(t->draws, t->n);
    if (t->unfinished) printf(" (%d of them unfinished: move limit reached)", t->unfinished);
    printf("\n  length: %.1f plies on average (sd %.1f; 95 %% interval of the mean [%.1f, %.1f])\n",
           t->plies, t->plies_sd, t->plies - Z95 * t->plies_sd / m_sqrt(t->n),
           t->plies + Z95 * t->plies_sd / m_sqrt(t->n));
    printf("  ends:");
    for (int r = 0; r < t->nreasons; r++)
        printf("%s %s %d (%.1f %%)", r ? "," : "", *t->reasons[r] ? t->reasons[r] : "(no reason)",
               t->rcount[r], 100.0 * t->rcount[r] / t->n);
    printf("\n");
}

/* The difference of two variants: independent samples, so the variances add. */
static void compare(const Tally *a, const Tally *b, int ia, int ib)
{
    if (!a->n || !b->n) return;
    double ds = b->score - a->score,
           se = m_sqrt(a->score_se * a->score_se + b->score_se * b->score_se);
    double dd = (double)b->draws / b->n - (double)a->draws / a->n;
    double sd = m_sqrt(a->draw_se * a->draw_se + b->draw_se * b->draw_se);
    double dl = b->plies - a->plies;
    double sl = m_sqrt(a->plies_sd * a->plies_sd / a->n + b->plies_sd * b->plies_sd / b->n);
    printf(
        "variant %d minus variant %d: first player's score %+.1f %% [%+.1f, %+.1f]; draws %+.1f %% "
        "[%+.1f, %+.1f]; length %+.1f plies [%+.1f, %+.1f] (95 %%)\n",
        ib + 1, ia + 1, 100 * ds, 100 * (ds - Z95 * se), 100 * (ds + Z95 * se), 100 * dd,
        100 * (dd - Z95 * sd), 100 * (dd + Z95 * sd), dl, dl - Z95 * sl, dl + Z95 * sl);
}

/* A variant's options as its report shows them: "-o a=1 -o b", or "". */
static void options_text(const Variant *v, char *buf, size_t len)
{
    buf[0] = 0;
    for (int i = 0; i < v->nopts; i++) {
        size_t n = strlen(buf);
        snprintf(buf + n, len - n, "%s-o %s", i ? " " : "", v->opts[i]);
    }
}

/* The report of variants from their games' results, as `boardvm merge` gives them: each
 * variant's report, then each one's difference from the first. */
int balance_report(const BalanceVariant *v, int nv, int games)
{
    Tally t[MAX_VARIANTS];
    int st = 0;
    if (nv > MAX_VARIANTS) nv = MAX_VARIANTS;
    for (int i = 0; i < nv; i++) {
        memset(&t[i], 0, sizeof t[i]);
        Results res = { v[i].outcome, v[i].plies, v[i].hash, v[i].reason };
        tally(games, &res, &t[i]);
        printf("variant %d: ", i + 1);
        report(v[i].name, v[i].first, v[i].opts, &t[i]);
        if (t[i].errors || t[i].missing) st = 1;
    }
    for (int i = 1; i < nv; i++) compare(&t[0], &t[i], 0, i);
    for (int i = 0; i < nv; i++)
        for (int r = 0; r < t[i].nreasons; r++) free(t[i].reason_text[r]);
    return st;
}

static void engine_text(const SearchLimits *lim, char *buf, size_t len)
{
    if (lim->depth)
        snprintf(buf, len, "depth %d", lim->depth);
    else if (lim->nodes)
        snprintf(buf, len, "%llu nodes", (unsigned long long)lim->nodes);
    else
        snprintf(buf, len, "%gs", lim->time);
}

int cmd_balance(Args *a)
{
    BalanceOpts o;
    memset(&o, 0, sizeof o);
    o.games = 100;
    o.random_plies = 0;
    o.max_plies = 600;
    o.seed = 1;
    o.lim.depth = 2;                      /* and SEARCH_DEFAULT_WORK, unless a limit is given */
    for (int i = 0; i < MAX_VARIANTS; i++)
        o.v[i].opts = xcalloc((size_t)a->nitems + 1, sizeof *o.v[i].opts, "balance's options");
    int st = 0;
    for (int i = 0; i < a->nitems && !st; i++) st = balance_arg(&o, &a->items[i]);
    if (!o.limit_given) o.lim.work = SEARCH_DEFAULT_WORK;
    o.shard_k = a->shard_k;
    o.shard_n = a->shard_n;
    OutFile *results = NULL;
    if (!st && a->jsonl) {
        if (!(results = jsonl_open_run(a, "balance", o.nv ? o.v[0].rules : "", NULL))) st = 2;
        else {
            o.results = results->f;
            jsonl_int(o.results, "games", o.games);
            jsonl_int(o.results, "variants", o.nv);
            jsonl_end(o.results);
        }
    }
    if (!st && !o.jobs) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        o.jobs = n > 0 ? (int)(n > 64 ? 64 : n) : 1;
    }
    Tally t[MAX_VARIANTS];
    int played = 0;
    char eng[64];
    engine_text(&o.lim, eng, sizeof eng);
    interrupt_catch();
    for (int i = 0; i < o.nv && !st && !interrupt_seen; i++) {
        Game *g = load_game(o.v[i].rules, NULL, o.v[i].nopts, o.v[i].opts, &st);
        if (!g) break;
        if (g->nplayers != 2) {
            fprintf(stderr,
                    "boardvm: balance: %s has %d players; balance needs a two-player game\n",
                    o.v[i].rules, g->nplayers);
            game_free(g);
            st = 2;
            break;
        }
        if (i == 0)
            printf("balance: the engine (%s) against itself, %d games a variant, %d random plies, "
                   "seed %llu, "
                   "%d jobs",
                   eng, o.games, o.random_plies, o.seed, o.jobs);
        if (i == 0 && o.shard_n) printf(", shard %d/%d", o.shard_k, o.shard_n);
        if (i == 0) printf("\n");
        char opts[1024];
        options_text(&o.v[i], opts, sizeof opts);
        if (o.results) {
            jsonl_begin(o.results, "variant", i + 1);
            jsonl_str(o.results, "name", g->name);
            jsonl_str(o.results, "first", g->player_name[0]);
            jsonl_str(o.results, "options", opts);
            jsonl_code(o.results, g);
            jsonl_end(o.results);
        }
        int s = play_variant(g, &o, &t[i], i + 1);
        printf("variant %d: ", i + 1);
        report(g->name, g->player_name[0], opts, &t[i]);
        fflush(stdout);
        played = i + 1;
        if (s) st = s;
        game_free(g);
    }
    for (int i = 1; i < played; i++) compare(&t[0], &t[i], 0, i);
    fflush(stdout);
    interrupt_release();
    if (interrupt_seen) {
        int done = 0;
        for (int i = 0; i < played; i++) done += t[i].n + t[i].errors;
        interrupt_report("balance", done, o.games * o.nv);
        if (!st) st = EXIT_INTERRUPTED;
    }
    for (int i = 0; i < played; i++)
        for (int r = 0; r < t[i].nreasons; r++) free(t[i].reason_text[r]);
    for (int i = 0; i < MAX_VARIANTS; i++) free(o.v[i].opts);
    if (results) {
        fflush(o.results);
        if (outfile_close(results) != 0 && (!st || st == EXIT_INTERRUPTED)) st = 2;
    }
    return st;
}
