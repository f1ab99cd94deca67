/* tune.c - `boardvm tune`: piece values learned from games (Texel's method, texel.h).
 *
 * The games are played here (the engine against itself, selfgames.h) or read from PGN records
 * (`boardvm match --record`, `selfplay --record`). Every quiet position of a finished game (one
 * whose next move changes no material: not in the middle of an exchange), from ply K on, is a
 * row: the first player's count of each piece type minus the second player's (board, stacks and
 * hands), and the game's result. The fitted logistic weights, divided by the unit type's and
 * times 100, are the values; their standard errors come from the game-clustered covariance.
 * Ctrl-C stops the games: the values are then fitted to the games finished (--record keeps
 * them), and --write writes nothing, a weights file being what the engine takes as the truth. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "commands.h"
#include "diag.h"
#include "interrupt.h"
#include "make.h"
#include "mathfn.h"
#include "movegen.h"
#include "notation.h"
#include "oom.h"
#include "protect.h"
#include "outfile.h"
#include "record.h"
#include "search.h"
#include "selfgames.h"
#include "session.h"
#include "shard.h"
#include "texel.h"
#include "tune_write.h"
#include "weights.h"

typedef struct {
    const char *rules, *record, *write, *unit, *fit_data;
    const char **records;
    int nrecords;
    char **opts;
    int nopts;
    int games, depth, random_plies, max_plies;
    int depth_given;   /* without --depth: depth 2 and the default work a move */
    int last_ply; /* positions before this ply only (0: all) */
    int jobs;
    unsigned long long seed;
    int shard_k, shard_n;    /* --shard K/N: the games i with i % N = K - 1 (shard.h) */
    int overwrite;           /* --write FILE.rules may replace the rules file */
} TuneOpts;

/* The games of this run: all of them, or those of its shard; game j of them is number
 * shard_game(o, j) (from 0) of the whole run. */
static int shard_games(const TuneOpts *o)
{
    if (!o->shard_n) return o->games;
    return o->games < o->shard_k ? 0 : (o->games - o->shard_k) / o->shard_n + 1;
}
static int shard_game(const TuneOpts *o, int j)
{
    return o->shard_n ? o->shard_k - 1 + j * o->shard_n : j;
}

/* Each option and operand (the table in cli_table.c checked their values). */
static void tune_arg(TuneOpts *o, const ArgItem *v)
{
    switch (v->id) {
    case OPERAND: o->rules = v->text; break;
    case OPT_OPTION: o->opts[o->nopts++] = (char *)v->text; break;
    case OPT_GAMES: o->games = (int)v->i; break;
    case OPT_DEPTH: o->depth = (int)v->i; o->depth_given = 1; break;
    case OPT_SEED: o->seed = v->u; break;
    case OPT_RANDOM_PLIES: o->random_plies = (int)v->i; break;
    case OPT_MAX_PLIES: o->max_plies = (int)v->i; break;
    case OPT_LAST_PLY: o->last_ply = (int)v->i; break;
    case OPT_JOBS: o->jobs = (int)v->i; break;
    case OPT_RECORD: o->record = v->text; break;
    case OPT_RECORDS: o->records[o->nrecords++] = v->text; break;
    case OPT_WRITE: o->write = v->text; break;
    case OPT_OVERWRITE: o->overwrite = 1; break;
    case OPT_UNIT: o->unit = v->text; break;
    case OPT_FIT_DATA: o->fit_data = v->text; break;
    default: break;
    }
}

/* ---- the features of a game ---------------------------------------------------------------- */

/* The types that get a value: not royal, not neutral. feat[t] is type t's feature (from 0), or
 * -1. */
static int feature_types(const Game *g, int *feat, int *type_of)
{
    int n = 0;
    for (int t = 1; t <= g->ntypes; t++) {
        const PieceType *T = &g->types[t];
        feat[t] = T->royal || T->neutral ? -1 : n;
        if (feat[t] >= 0) type_of[n++] = t;
    }
    return n;
}

/* The first player's count of each type minus the second's, on the board and, in a game with
 * drops, in the hands. */
static void material_features(const Pos *p, const int *feat, int nfeat, double *x)
{
    const Game *g = p->g;
    memset(x, 0, sizeof *x * (size_t)nfeat);
    for (int sq = 0; sq < g->nsq; sq++)
        for (int l = 0; l < g->stack; l++) {
            int32_t w = p->st[sq * g->stack + l];
            if (!w) break;
            int o = PW_OWNER(w), t = PW_TYPE(w);
            if (o < 0 || o > 1 || t < 1 || t > g->ntypes || feat[t] < 0) continue;
            x[feat[t]] += o == 0 ? 1 : -1;
        }
    if (g->drops_fn < 0) return; /* without drops a hand is a record, not material (search.c) */
    for (int pl = 0; pl < 2; pl++)
        for (int t = 1; t <= g->ntypes; t++) {
            int c = p->st[g->st_hands + pl * (g->ntypes + 1) + t];
            if (c > 0 && feat[t] >= 0) x[feat[t]] += pl == 0 ? c : -c;
        }
}

typedef struct {
    const char *start;
    char **moves;
    int nmoves;
    double y;
    int group, skip, last; /* rows from ply skip up to before ply last */
    const int *feat;
    int nfeat;
    TexelData *data;
    int bad_move; /* the move (from 1) that is not legal, or 0 */
    int rows;
} Replay;

/* Replay a game's moves, adding a row for each quiet position from ply `skip` on (and before
 * ply `last`, unless 0). */
static void replay(Pos *p, void *ctx)
{
    Replay *r = ctx;
    double *x = xcalloc((size_t)r->nfeat + 1, sizeof *x, "a position's features");
    for (int i = 0; i < r->nmoves; i++) {
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        int k = move_find(p->g, ml, r->moves[i]);
        if (k < 0) {
            r->bad_move = i + 1;
            break;
        }
        uint64_t before = p->material;
        if (i >= r->skip) material_features(p, r->feat, r->nfeat, x);
        pos_make(p, ml, &ml->m[k]);
        p->nundo = 0;
        p->ntrail = 0;
        if (i >= r->skip && (!r->last || i < r->last) && p->material == before) {
            texel_add(r->data, x, r->y, r->group);
            r->rows++;
        }
    }
    free(x);
}

/* Add the rows of one game; 0 after a message. */
static int add_game(Game *g, Replay *r, const char *where)
{
    int status;
    Pos *p = setup_position(g, r->start, NULL, 0, &status);
    if (!p) {
        fprintf(stderr, "boardvm: tune: %s: its start is not a position of %s\n", where, g->name);
        return 0;
    }
    int bad = protected_run(p, replay, r);
    if (bad)
        fprintf(stderr, "boardvm: tune: %s: %s\n", where, p->errmsg);
    else if (r->bad_move)
        fprintf(stderr, "boardvm: tune: %s: move %d '%s' is not legal there\n", where, r->bad_move,
                r->moves[r->bad_move - 1]);
    pos_free(p);
    return !bad && !r->bad_move;
}

/* ---- the games: read from records --------------------------------------------------------- */

/* The value of tag `name` in one game's text ("1-0"), or "" (copied into out). */
static void tag_value(const char *text, const char *name, char *out, size_t len)
{
    char want[64];
    snprintf(want, sizeof want, "[%s \"", name);
    const char *s = strstr(text, want);
    out[0] = 0;
    if (!s) return;
    s += strlen(want);
    size_t n = strcspn(s, "\"");
    if (n >= len) n = len - 1;
    memcpy(out, s, n);
    out[n] = 0;
}

typedef struct {
    int games, unfinished, rows;
    int played;   /* the games played here (all of them, or those finished before a Ctrl-C) */
    int distinct; /* groups: identical games (match plays each opening twice,
                                      and two equal engines play it the same way) are one */
    uint64_t *seen;
    int nseen, capseen;
} Counts;

/* The group of a game: identical games (same start, same moves) share one, so that the standard
 * errors count them once; a new game gets the next number. */
static int game_group(Counts *c, const char *start, char **moves, int nmoves)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (const char *t = start; *t; t++) h = mix64(h ^ (unsigned char)*t);
    for (int i = 0; i < nmoves; i++) {
        h = mix64(h ^ 0x100);
        for (const char *t = moves[i]; *t; t++) h = mix64(h ^ (unsigned char)*t);
    }
    for (int i = 0; i < c->nseen; i++)
        if (c->seen[i] == h) return i;
    if (c->nseen == c->capseen) {
        c->capseen = c->capseen ? 2 * c->capseen : 256;
        c->seen = xrealloc(c->seen, sizeof *c->seen * (size_t)c->capseen, "the games seen");
    }
    c->seen[c->nseen] = h;
    c->distinct = c->nseen + 1;
    return c->nseen++;
}

/* The games of a PGN text (each starts at an [Event tag at the start of a line); `name` says
 * where they come from in messages. The text is cut up. */
static int read_games_text(Game *g, char *text, const char *name, int skip, int last,
                           const int *feat, int nfeat, TexelData *data, Counts *c)
{
    int st = 0, number = 0;
    char *s = text;
    while (s && *s) {
        char *next = strstr(s + 1, "\n[Event ");
        if (next) *next++ = 0;
        if (!strstr(s, "[Event ")) {
            s = next;
            continue;
        }
        number++;
        char res[32], where[512], err[256];
        snprintf(where, sizeof where, "%s: game %d", name, number);
        tag_value(s, "Result", res, sizeof res);
        double y = !strcmp(res, "1-0")       ? 1
                   : !strcmp(res, "0-1")     ? 0
                   : !strcmp(res, "1/2-1/2") ? 0.5
                                             : -1;
        if (y < 0) {
            c->unfinished++;
            s = next;
            continue;
        }
        char *start = NULL, **moves = NULL;
        int nmoves = 0;
        if (!record_read(s, &start, &moves, &nmoves, err, sizeof err)) {
            fprintf(stderr, "boardvm: tune: %s: %s\n", where, err);
            st = 1;
            break;
        }
        int group = game_group(c, start ? start : "", moves, nmoves);
        Replay r = {start, moves, nmoves, y, group, skip, last, feat, nfeat, data, 0, 0};
        if (!add_game(g, &r, where)) st = 1;
        c->games++;
        c->rows += r.rows;
        for (int i = 0; i < nmoves; i++) free(moves[i]);
        free(moves);
        free(start);
        if (st) break;
        s = next;
    }
    if (!st && !number) {
        fprintf(stderr, "boardvm: tune: %s holds no game record\n", name);
        st = 1;
    }
    return st;
}

static int read_records(Game *g, const char *path, int skip, int last, const int *feat, int nfeat,
                        TexelData *data, Counts *c)
{
    size_t len;
    char *text = read_file(path, &len);
    if (!text) return 2;
    int st = read_games_text(g, text, path, skip, last, feat, nfeat, data, c);
    free(text);
    return st;
}

/* ---- the games: played here, by worker processes ------------------------------------------ */

/* Worker w of J: games w, w + J, ... as PGN records into f. Exits. */
static void play_worker(Game *g, const TuneOpts *o, int w, int jobs, FILE *f)
{
    Engine *e = engine_new(g, 16);
    SelfPlaySpec spec = {{0}, o->random_plies, o->max_plies, o->seed};
    spec.lim.depth = o->depth;
    if (!o->depth_given) spec.lim.work = SEARCH_DEFAULT_WORK;
    spec.lim.seed = 1; /* the noise varies the games (one seed each) */
    char label[64];
    snprintf(label, sizeof label, "boardvm depth %d", o->depth);
    const char *base = strrchr(o->rules, '/') ? strrchr(o->rules, '/') + 1 : o->rules;
    for (int j = w; j < shard_games(o); j += jobs) {
        int gi = shard_game(o, j);
        PlayedGame pg;
        char err[600];
        if (selfgame_play(g, e, &spec, gi, &pg, err, sizeof err)) {
            fprintf(stderr, "boardvm: tune: game %d: %s\n", gi + 1, err);
            _exit(1);
        }
        const char *res = pg.outcome == SG_FIRST_WINS    ? "1-0"
                          : pg.outcome == SG_SECOND_WINS ? "0-1"
                          : pg.outcome == SG_DRAW        ? "1/2-1/2"
                                                         : "*";
        GameRecord gr = {g,        "boardvm tune", gi + 1, base,     "", pg.start, {label, label},
                         pg.moves, pg.nmoves,      res,    pg.reason};
        sigset_t held;                  /* a Ctrl-C leaves every record whole, and on the disk */
        interrupt_hold(&held);
        record_write(f, &gr);
        int lost = fflush(f);
        interrupt_unhold(&held);
        if (lost) _exit(3);
        played_game_free(&pg);
        if (w == 0 && (j / jobs + 1) % 10 == 0)
            fprintf(stderr, "\rtune: about %d/%d games played", j + 1, shard_games(o));
    }
    engine_free(e);
    _exit(0);
}

/* Wait for the J workers (their wait statuses into ws); after a Ctrl-C stop them. */
static void wait_workers(const pid_t *pids, int jobs, int *ws)
{
    int left = jobs, stopped = 0;
    char *done = xcalloc((size_t)jobs, 1, "the workers");
    while (left > 0) {
        if (interrupt_seen && !stopped) {
            for (int w = 0; w < jobs; w++)
                if (!done[w]) interrupt_stop_worker(pids[w]);
            stopped = 1;
        }
        for (int w = 0; w < jobs; w++)
            if (!done[w] && waitpid(pids[w], &ws[w], WNOHANG) == pids[w]) {
                done[w] = 1;
                left--;
            }
        if (left > 0) {
            struct timespec tick = { 0, 100000000 };      /* a Ctrl-C is seen within 0.1 s */
            nanosleep(&tick, NULL);
        }
    }
    free(done);
}

static int count_games(const char *pgn)
{
    int n = 0;
    for (const char *s = pgn; (s = strstr(s, "[Event ")); s++) n++;
    return n;
}

/* The games of game order from the workers' texts: game gi is record gi / J of worker gi % J. */
static char *interleave(char **texts, int jobs, int games)
{
    char ***parts = xcalloc((size_t)jobs, sizeof *parts, "the games");
    int *nparts = xcalloc((size_t)jobs, sizeof *nparts, "the games");
    size_t total = 1;
    for (int w = 0; w < jobs; w++) {
        parts[w] = xcalloc((size_t)games / (size_t)jobs + 2, sizeof **parts, "the games");
        total += strlen(texts[w]);
        for (char *s = texts[w]; s && *s;) {
            char *next = strstr(s + 1, "\n[Event ");
            if (next) *next++ = 0;
            if (nparts[w] < games / jobs + 2) parts[w][nparts[w]++] = s;
            s = next;
        }
    }
    char *out = xmalloc(total + 2 * (size_t)games, "the games"), *q = out;
    for (int gi = 0; gi < games; gi++) {
        int w = gi % jobs, k = gi / jobs;
        if (k >= nparts[w]) continue;
        size_t n = strlen(parts[w][k]);
        while (n && parts[w][k][n - 1] == '\n') n--;
        memcpy(q, parts[w][k], n);
        q += n;
        *q++ = '\n';
        *q++ = '\n'; /* a blank line ends each game */
    }
    *q = 0;
    for (int w = 0; w < jobs; w++) free(parts[w]);
    free(parts);
    free(nparts);
    return out;
}

/* --jsonl: each game's record a line, {"game":NUMBER,"record":PGN} (shard.h). all: the games in
 * order, each starting with its [Event tag. */
static void results_lines(FILE *f, const TuneOpts *o, const char *all)
{
    int j = 0;
    for (const char *s = strstr(all, "[Event "); s; j++) {
        const char *next = strstr(s + 1, "\n[Event ");
        size_t n = next ? (size_t)(next + 1 - s) : strlen(s);
        char *one = xmalloc(n + 1, "a game's record");
        memcpy(one, s, n);
        one[n] = 0;
        jsonl_begin(f, "game", shard_game(o, j) + 1);
        jsonl_str(f, "record", one);
        jsonl_end(f);
        free(one);
        s = next ? next + 1 : NULL;
    }
}

static int play_games(Game *g, const TuneOpts *o, const int *feat, int nfeat, TexelData *data,
                      Counts *c, FILE *results)
{
    OutFile *rec = NULL;
    if (o->record && !(rec = outfile_open(o->record))) return 2;
    int games = shard_games(o);
    int jobs = o->jobs < games ? o->jobs : games, st = 0, started = 0;
    if (jobs < 1) jobs = 1;
    FILE **files = xcalloc((size_t)jobs, sizeof *files, "the workers");
    pid_t *pids = xcalloc((size_t)jobs, sizeof *pids, "the workers");
    fflush(stdout);
    fflush(stderr);
    interrupt_catch();
    for (int w = 0; w < jobs; w++) {
        files[w] = tmpfile();
        if (!files[w]) {
            perror("boardvm: tune: a temporary file");
            st = 2;
            break;
        }
        pid_t pid = fork();
        if (pid < 0) {
            perror("boardvm: tune: fork");
            fclose(files[w]);
            files[w] = NULL;
            st = 1;
            break;
        }
        if (pid == 0) {
            interrupt_worker_default();
            if (rec) fclose(rec->f);
            play_worker(g, o, w, jobs, files[w]);
        }
        pids[w] = pid;
        started++;
    }
    char **texts = xcalloc((size_t)jobs, sizeof *texts, "the workers");
    int *ws = xcalloc((size_t)jobs, sizeof *ws, "the workers");
    wait_workers(pids, started, ws);
    interrupt_release();                 /* a second Ctrl-C: at once */
    for (int w = 0; w < started; w++) {
        if (!interrupt_stopped(ws[w]) && (!WIFEXITED(ws[w]) || WEXITSTATUS(ws[w]))) {
            fprintf(stderr, "boardvm: tune: worker %d failed\n", w + 1);
            st = 1;
        }
        long n = fseek(files[w], 0, SEEK_END) ? -1 : ftell(files[w]);
        texts[w] = xmalloc(n > 0 ? (size_t)n + 1 : 1, "the games");
        rewind(files[w]);
        size_t got = n > 0 ? fread(texts[w], 1, (size_t)n, files[w]) : 0;
        texts[w][got] = 0;
        fclose(files[w]);
    }
    for (int w = started; w < jobs; w++) texts[w] = xcalloc(1, 1, "the games");
    char *all = interleave(texts, jobs, games);
    c->played = count_games(all);
    if (interrupt_seen)
        fprintf(stderr, "\rtune: %d of %d games played%30s\n", c->played, games, "");
    else fprintf(stderr, "\rtune: %d games played%30s\n", games, "");
    if (rec) {
        fputs(all, rec->f);
        if (outfile_close(rec) != 0) st = 2;
    }
    if (!st && results) results_lines(results, o, all);
    if (!st && !o->shard_n)     /* a shard's games alone are not fitted: merge fits them all */
        st = read_games_text(g, all, "the games played", o->random_plies, o->last_ply, feat, nfeat,
                             data, c);
    free(all);
    for (int w = 0; w < jobs; w++) free(texts[w]);
    free(texts);
    free(files);
    free(pids);
    free(ws);
    return st;
}

/* ---- the fit of given rows (--fit-data: tests/tune.sh) ------------------------------------- */

/* Rows of "GAME Y X1 ... Xk"; prints each weight with both standard errors. */
static int fit_data_file(const char *path)
{
    size_t len;
    char *text = read_file(path, &len);
    if (!text) return 2;
    TexelData d;
    int nfeat = -1, lineno = 0, st = 0;
    double x[64];
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        lineno++;
        if (*line == '#') continue;
        char *p = line, *end;
        long game = strtol(p, &end, 10);
        if (end == p || game < 0 || game > 10000000) {
            st = 1;
            break;
        }
        p = end;
        double y = strtod(p, &end);
        if (end == p || !(y == 0 || y == 0.5 || y == 1)) {
            st = 1;
            break;
        }
        p = end;
        int k = 0;
        for (;;) {
            while (isspace((unsigned char)*p)) p++;
            if (!*p) break;
            if (k == 64) {
                st = 1;
                break;
            }
            x[k++] = strtod(p, &end);
            if (end == p) {
                st = 1;
                break;
            }
            p = end;
        }
        if (st) break;
        if (nfeat < 0) {
            nfeat = k;
            texel_data_init(&d, nfeat);
        }
        if (k != nfeat) {
            st = 1;
            break;
        }
        texel_add(&d, x, y, (int)game);
    }
    if (st || nfeat < 0) {
        fprintf(stderr,
                "boardvm: tune: %s:%d: expected 'GAME RESULT X1 X2 ...' (RESULT 0, 0.5 or "
                "1; the same number of features on every line)\n",
                path, lineno);
        if (nfeat >= 0) texel_data_free(&d);
        free(text);
        return 1;
    }
    TexelFit f;
    if (!texel_fit(&d, &f)) {
        fprintf(stderr, "boardvm: tune: the fit failed (the features are linearly dependent)\n");
        st = 1;
    } else {
        printf("rows %d games %d converged %d iterations %d\n", d.nrows, d.ngroups, f.converged,
               f.iterations);
        for (int i = 0; i < f.n; i++)
            printf("w%d %.6f se %.6f se_independent %.6f\n", i, f.w[i], m_sqrt(f.cov[i * f.n + i]),
                   m_sqrt(f.cov_naive[i * f.n + i]));
        texel_fit_free(&f);
    }
    texel_data_free(&d);
    free(text);
    return st;
}

/* ---- the report ----------------------------------------------------------------------------- */

/* The largest value --write puts in a rules file (the compiler's bound, compiler.h). */
#define MAX_LEARNED_VALUE 100000

/* The unit type: --unit, else the type declared with value 100, else the most numerous type in
 * the start position. Returns its feature, or -1 after a message. */
static int unit_feature(const Game *g, const char *unit, const int *feat, const int *type_of,
                        int nfeat, const TexelFit *f)
{
    if (unit) {
        int t = weights_type_named(g, unit);
        if (!t || feat[t] < 0) {
            fprintf(stderr,
                    "boardvm: tune: --unit '%s' is not a piece type of %s that has a value\n", unit,
                    g->name);
            return -1;
        }
        if (!f->used[feat[t] + 1]) {
            fprintf(stderr,
                    "boardvm: tune: --unit %s: its count never differed between the players\n",
                    unit);
            return -1;
        }
        return feat[t];
    }
    for (int i = 0; i < nfeat; i++)
        if (g->types[type_of[i]].value == 100 && f->used[i + 1]) return i;
    int status, best = -1, bestn = 0;
    Pos *p = setup_position((Game *)g, NULL, NULL, 0, &status);
    if (p) {
        int *count = xcalloc((size_t)g->ntypes + 1, sizeof *count, "the unit");
        for (int sq = 0; sq < g->nsq * g->stack; sq++) {
            int32_t w = p->st[sq];
            if (w && PW_TYPE(w) >= 1 && PW_TYPE(w) <= g->ntypes) count[PW_TYPE(w)]++;
        }
        for (int i = 0; i < nfeat; i++)
            if (f->used[i + 1] && count[type_of[i]] > bestn) {
                bestn = count[type_of[i]];
                best = i;
            }
        free(count);
        pos_free(p);
    }
    if (best < 0)
        for (int i = 0; i < nfeat && best < 0; i++)
            if (f->used[i + 1]) best = i;
    if (best < 0)
        fprintf(stderr, "boardvm: tune: no piece type's count ever differed: nothing to fit\n");
    return best;
}

static int report(const Game *g, const TuneOpts *o, const int *feat, const int *type_of, int nfeat,
                  const TexelData *d, const Counts *c)
{
    printf(
        "tune: %s: %d games (%d distinct; %d unfinished, not used), %d quiet positions from ply %d",
        g->name, c->games, c->distinct, c->unfinished, d->nrows, o->random_plies);
    if (o->last_ply)
        printf(" to ply %d\n", o->last_ply - 1);
    else
        printf(" on\n");
    fflush(stdout);
    TexelFit f;
    if (!texel_fit(d, &f)) {
        fprintf(stderr, "boardvm: tune: the fit failed: the piece counts are linearly dependent "
                        "(play more games, or games that trade more pieces)\n");
        return 1;
    }
    int u = unit_feature(g, o->unit, feat, type_of, nfeat, &f);
    if (u < 0) {
        texel_fit_free(&f);
        return 1;
    }
    const PieceType *U = &g->types[type_of[u]];
    printf("values in hundredths of a %s (%s = 100); se: standard error, games as clusters\n",
           U->name, U->name);
    if (!f.converged)
        printf("warning: the fit did not converge (some results are perfectly predicted: too few "
               "games); the values are not reliable\n");
    double wu = f.w[u + 1];
    if (!(wu > 0))
        printf("warning: a %s more does not make winning more likely in these games; the values "
               "below mean little\n",
               U->name);
    printf("%-16s %8s %8s %9s %10s %8s\n", "piece", "value", "se", "declared", "logit", "se");
    for (int i = 0; i < nfeat; i++) {
        const PieceType *T = &g->types[type_of[i]];
        char decl[16];
        snprintf(decl, sizeof decl, T->value ? "%d" : "-", T->value);
        if (!f.used[i + 1]) {
            printf("%-16s %8s %8s %9s   (its count never differed between the players)\n", T->name,
                   "-", "-", decl);
            continue;
        }
        double v = 100 * f.w[i + 1] / wu;
        double se = texel_ratio_se(&f, f.cov, i + 1, u + 1);
        printf("%-16s %8.0f %8.0f %9s %10.4f %8.4f\n", T->name, v, se, decl, f.w[i + 1],
               m_sqrt(f.cov[(i + 1) * f.n + i + 1]));
    }
    printf("first player's edge (intercept): %.4f logit, se %.4f\n", f.w[0], m_sqrt(f.cov[0]));
    int st = 0;
    if (o->write && !interrupt_seen && tune_write_is_rules(o->write)) {
        /* a copy of the rules file with the values in it (tune_write.c); the types whose count
         * never differed keep their declared values. A value not above 0 is written as 1: the
         * engine takes `value 0` for "none declared" and estimates one. */
        LearnedValue *lv = xcalloc((size_t)g->ntypes + 1, sizeof *lv, "the learned values");
        for (int i = 0; i < nfeat; i++)
            if (f.used[i + 1]) {
                double v = 100 * f.w[i + 1] / wu;
                LearnedValue *l = &lv[type_of[i]];
                l->have = 1;
                char num[32];                      /* rounded as the table above shows it */
                if (v < 1) v = 1;
                if (v > MAX_LEARNED_VALUE) v = MAX_LEARNED_VALUE;
                snprintf(num, sizeof num, "%.0f", v);
                l->value = atol(num);
                l->se = texel_ratio_se(&f, f.cov, i + 1, u + 1);
            }
        char about[256];
        snprintf(about, sizeof about, "%d games, %d quiet positions, in hundredths of a %s",
                 c->games, d->nrows, U->name);
        st = tune_write_rules(g, o->opts, o->nopts, lv, about, o->write, o->overwrite);
        free(lv);
    } else if (o->write && !interrupt_seen) {       /* whole or not at all: the old file is kept */
        OutFile *of = outfile_open(o->write);
        FILE *w = of ? of->f : NULL;
        if (!w) st = 2;                        /* outfile_open said why */
        else {
            fprintf(w,
                    "# piece values of %s learned by boardvm tune from %d games (%d positions);\n"
                    "# read by the engine for types without a declared value. VALUE  # se\n",
                    g->name, c->games, d->nrows);
            for (int i = 0; i < nfeat; i++)
                if (f.used[i + 1])
                    fprintf(w, "%s %.0f  # se %.0f\n", g->types[type_of[i]].name,
                            m_fmax(0, 100 * f.w[i + 1] / wu),
                            texel_ratio_se(&f, f.cov, i + 1, u + 1));
            if (outfile_close(of) != 0) st = 2;
        }
    }
    texel_fit_free(&f);
    return st;
}

/* The rest of the results' first line: what merge needs to fit the games as this run would. */
static void results_header(FILE *f, const TuneOpts *o)
{
    jsonl_int(f, "games", o->games);
    jsonl_int(f, "random_plies", o->random_plies);
    jsonl_int(f, "last_ply", o->last_ply);
    jsonl_str(f, "unit", o->unit ? o->unit : "");
    jsonl_int(f, "noptions", o->nopts);
    for (int i = 0; i < o->nopts; i++) {
        char key[32];
        snprintf(key, sizeof key, "option%d", i + 1);
        jsonl_str(f, key, o->opts[i]);
    }
    jsonl_end(f);
}

/* The fit of games given as one PGN text, in the order of their numbers (merge: the games of
 * every shard), as `boardvm tune` would fit them had it played them all. */
int tune_fit_text(const char *rules, char **opts, int nopts, char *text, int random_plies,
                  int last_ply, const char *unit)
{
    int st;
    Game *g = load_game(rules, NULL, nopts, opts, &st);
    if (!g) return st;
    TuneOpts o = {0};
    o.rules = rules;
    o.random_plies = random_plies;
    o.last_ply = last_ply;
    o.unit = unit && *unit ? unit : NULL;
    int *feat = xcalloc((size_t)g->ntypes + 1, sizeof *feat, "the features");
    int *type_of = xcalloc((size_t)g->ntypes + 1, sizeof *type_of, "the features");
    int nfeat = feature_types(g, feat, type_of);
    TexelData d;
    texel_data_init(&d, nfeat);
    Counts c = {0};
    st = read_games_text(g, text, "the games of the shards", random_plies, last_ply, feat, nfeat,
                         &d, &c);
    if (!st && !d.nrows) {
        fprintf(stderr, "boardvm: merge: no finished game gave a quiet position to learn from\n");
        st = 1;
    }
    if (!st) st = report(g, &o, feat, type_of, nfeat, &d, &c);
    texel_data_free(&d);
    free(c.seen);
    free(feat);
    free(type_of);
    game_free(g);
    return st;
}

int cmd_tune(Args *a)
{
    TuneOpts o = {0};
    o.games = 200;
    o.depth = 2;
    o.random_plies = 8;
    o.max_plies = 600;
    o.seed = 1;
    o.jobs = 1;
    o.opts = xcalloc((size_t)a->nitems + 1, sizeof *o.opts, "tune's options");
    o.records = xcalloc((size_t)a->nitems + 1, sizeof *o.records, "tune's options");
    for (int i = 0; i < a->nitems; i++) tune_arg(&o, &a->items[i]);
    o.shard_k = a->shard_k;
    o.shard_n = a->shard_n;
    int st = 0;
    if (o.shard_n && o.nrecords)
        st = diag_usage("tune", "--shard plays a share of the games: not with --records");
    else if (o.shard_n && o.write)
        st = diag_usage("tune", "--shard fits nothing: --write the fit of the merged games "
                        "(boardvm merge --record FILE, then tune --records FILE --write)");
    else if (o.overwrite && !(o.write && tune_write_is_rules(o.write)))
        st = diag_usage("tune", "--overwrite is for --write FILE.rules (a copy of the rules file)");
    if (o.last_ply && o.last_ply <= o.random_plies)
        st = diag_usage("tune", "--last-ply %d leaves no position after the %d random plies",
                        o.last_ply, o.random_plies);
    else if (!st && o.fit_data) st = fit_data_file(o.fit_data);
    if (st || o.fit_data) {
        free(o.opts);
        free(o.records);
        return st;
    }
    Game *g = load_game(o.rules, NULL, o.nopts, o.opts, &st);
    if (!g) {
        free(o.opts);
        free(o.records);
        return st;
    }
    if (g->nplayers != 2) {
        fprintf(stderr, "boardvm: tune: %s has %d players; tune needs a two-player game\n", o.rules,
                g->nplayers);
        game_free(g);
        free(o.opts);
        free(o.records);
        return 2;
    }
    int *feat = xcalloc((size_t)g->ntypes + 1, sizeof *feat, "the features");
    int *type_of = xcalloc((size_t)g->ntypes + 1, sizeof *type_of, "the features");
    int nfeat = feature_types(g, feat, type_of);
    TexelData d;
    texel_data_init(&d, nfeat);
    Counts c = {0};
    for (int i = 0; i < o.nrecords && !st; i++)
        st = read_records(g, o.records[i], o.random_plies, o.last_ply, feat, nfeat, &d, &c);
    OutFile *results = NULL;
    if (!st && !o.nrecords && a->jsonl) {
        if (!(results = jsonl_open_run(a, "tune", o.rules, g))) st = 2;
        else results_header(results->f, &o);
    }
    if (!st && !o.nrecords) st = play_games(g, &o, feat, nfeat, &d, &c, results ? results->f : 0);
    if (results && outfile_close(results) != 0 && !st) st = 2;
    if (!st && o.shard_n && !interrupt_seen) {
        printf("tune: shard %d/%d: %d games played; boardvm merge fits them with the other "
               "shards' games\n", o.shard_k, o.shard_n, c.played);
        d.nrows = 0;
    } else if (!st && !d.nrows && !interrupt_seen) {
        fprintf(stderr, "boardvm: tune: no finished game gave a quiet position to learn from\n");
        st = 1;
    }
    if (!st && d.nrows) st = report(g, &o, feat, type_of, nfeat, &d, &c);
    if (interrupt_seen) {
        interrupt_report("tune", c.played, o.games);
        if (o.write) fprintf(stderr, "boardvm: tune: %s not written (the run was cut short)\n",
                             o.write);
        if (!st || st == 1) st = EXIT_INTERRUPTED;     /* the fit of too few games: not an error */
    }
    texel_data_free(&d);
    free(c.seen);
    free(feat);
    free(type_of);
    game_free(g);
    free(o.opts);
    free(o.records);
    return st;
}
