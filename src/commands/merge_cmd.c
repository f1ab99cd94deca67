/* merge_cmd.c - `boardvm merge FILE...`: the results of the shards of one run (each written by
 * `--shard K/N --jsonl FILE`, shard.h) joined into the statistics of the whole run, printed as
 * the run without --shard prints them: a match's score, Elo and SPRT (match_report.c), selfplay's
 * score, balance's report of each variant (balance.c), tune's fit of every game (tune.c: the
 * logistic fit is not a sum of the shards' fits, so their games are fitted together), perft's
 * count below each root move and in all.
 *
 * The files must be shards of one run: the same command, the same settings (the header's "run"
 * key), the same N, each K once. A shard missing is said, and the statistics are those of the
 * shards present (exit 1); a unit that is not its shard's, or comes twice, is an error. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"
#include "match_report.h"
#include "oom.h"
#include "outfile.h"
#include "session.h"
#include "shard.h"
#include "wording.h"

typedef struct {
    const char *path;
    char *text;
    JsonObj head;
    JsonObj *lines;            /* the units' lines, after the header */
    int nlines;
    int k;
} ShardFile;

typedef struct {
    ShardFile *f;
    int nf, n;                 /* files; shards in the run */
    const char *command;
    int missing;               /* shards of 1..n not given */
    const char *record;        /* --record FILE */
} Merge;

static int merge_error(const char *path, int line, const char *what)
{
    if (line) fprintf(stderr, "boardvm: merge: %s:%d: %s\n", path, line, what);
    else fprintf(stderr, "boardvm: merge: %s: %s\n", path, what);
    return 1;
}

/* Read one file: its header and its lines. 0, or an exit status after a message. */
static int read_shard(const char *path, ShardFile *sf)
{
    size_t len;
    memset(sf, 0, sizeof *sf);
    sf->path = path;
    if (!(sf->text = read_file(path, &len))) return 2;
    if (strlen(sf->text) != len) return merge_error(path, 0, "holds a NUL byte: not JSON lines");
    int cap = 16, lineno = 0;
    sf->lines = xcalloc((size_t)cap, sizeof *sf->lines, "the results");
    char *s = sf->text;
    int have_head = 0;
    while (*s) {
        char *nl = strchr(s, '\n');
        if (nl) *nl = 0;
        lineno++;
        char err[128];
        if (*s) {
            JsonObj o;
            if (!jsonl_parse(s, &o, err, sizeof err)) {
                jsonl_free(&o);
                return merge_error(path, lineno, err);
            }
            if (!have_head) { sf->head = o; have_head = 1; }
            else {
                if (sf->nlines == cap)
                    sf->lines = xrealloc(sf->lines, sizeof *sf->lines * (size_t)(cap *= 2),
                                         "the results");
                sf->lines[sf->nlines++] = o;
            }
        }
        if (!nl) break;
        s = nl + 1;
    }
    if (!have_head || !jsonl_get(&sf->head, "boardvm"))
        return merge_error(path, 1, "not the results of a boardvm run (--jsonl)");
    if (jsonl_get_int(&sf->head, "format", 0) != 1)
        return merge_error(path, 1, "a format of results this boardvm does not read");
    return 0;
}

static void free_shard(ShardFile *sf)
{
    jsonl_free(&sf->head);
    for (int i = 0; i < sf->nlines; i++) jsonl_free(&sf->lines[i]);
    free(sf->lines);
    free(sf->text);
}

static const char *text_of(const JsonObj *h, const char *key)
{
    return jsonl_get(h, key) ? jsonl_get(h, key) : "-";
}
/* whether two headers have the same value for key (both without it: the same) */
static int same(const JsonObj *a, const JsonObj *b, const char *key)
{
    return !strcmp(text_of(a, key), text_of(b, key));
}

/* The files are shards of one run, each once; 0, or 1 after a message. */
static int check_run(Merge *m)
{
    const JsonObj *h0 = &m->f[0].head;
    m->command = jsonl_get(h0, "boardvm");
    m->n = (int)jsonl_get_int(h0, "shards", 0);
    if (m->n < 1 || m->n > SHARD_MAX) return merge_error(m->f[0].path, 1, "a bad count of shards");
    char *seen = xcalloc((size_t)m->n + 1, 1, "the shards");
    int st = 0;
    for (int i = 0; i < m->nf && !st; i++) {
        const JsonObj *h = &m->f[i].head;
        const char *cmd = jsonl_get(h, "boardvm"), *run = jsonl_get(h, "run");
        long long k = jsonl_get_int(h, "shard", 0), n = jsonl_get_int(h, "shards", 0);
        char what[512];
        if (strcmp(cmd, m->command)) {
            snprintf(what, sizeof what, "the results of %s, not of %s as %s", cmd, m->command,
                     m->f[0].path);
            st = merge_error(m->f[i].path, 1, what);
        } else if (!run || strcmp(run, jsonl_get(h0, "run") ? jsonl_get(h0, "run") : "")) {
            snprintf(what, sizeof what, "another run than %s's (its settings: '%s'; %s's: '%s')",
                     m->f[0].path, run ? run : "", m->f[0].path,
                     jsonl_get(h0, "run") ? jsonl_get(h0, "run") : "");
            st = merge_error(m->f[i].path, 1, what);
        } else if (!same(h, h0, "version") || !same(h, h0, "code")) {
            snprintf(what, sizeof what, "played by another build or rules file than %s (boardvm "
                     "%s, code %s; %s's: %s, %s)", m->f[0].path, text_of(h, "version"),
                     text_of(h, "code"), m->f[0].path, text_of(h0, "version"),
                     text_of(h0, "code"));
            st = merge_error(m->f[i].path, 1, what);
        } else if (n != m->n || k < 1 || k > n) {
            snprintf(what, sizeof what, "shard %lld/%lld, not a shard of %d", k, n, m->n);
            st = merge_error(m->f[i].path, 1, what);
        } else if (seen[k]) {
            snprintf(what, sizeof what, "shard %lld/%d comes twice (its games would count twice)",
                     k, m->n);
            st = merge_error(m->f[i].path, 1, what);
        } else {
            seen[k] = 1;
            m->f[i].k = (int)k;
        }
    }
    if (!st) {
        for (int k = 1; k <= m->n; k++) m->missing += !seen[k];
        if (m->missing) {
            fprintf(stderr, "boardvm: merge: %d of %d shards missing:", m->missing, m->n);
            for (int k = 1, said = 0; k <= m->n && said < 20; k++)
                if (!seen[k]) { fprintf(stderr, " %d", k); said++; }
            fprintf(stderr, "%s; the statistics are those of the shards given\n",
                    m->missing > 20 ? " ..." : "");
        }
    }
    free(seen);
    return st;
}

/* Each unit's line into its place: slot[u - 1] for the line's `key` u in 1..count, which must be
 * its shard's (the shard of u - 1, or of (u - 1) / per for match's pairs) and come once. */
static int place_units(const Merge *m, const char *key, int count, int per, const JsonObj **slot)
{
    for (int i = 0; i < m->nf; i++)
        for (int j = 0; j < m->f[i].nlines; j++) {
            const JsonObj *o = &m->f[i].lines[j];
            long long u = jsonl_get_int(o, key, 0);
            char what[160];
            if (u < 1 || u > count) {
                snprintf(what, sizeof what, "a line without a %s from 1 to %d", key, count);
                return merge_error(m->f[i].path, j + 2, what);
            }
            if (!shard_has(m->f[i].k, m->n, (long)(u - 1) / per)) {
                snprintf(what, sizeof what, "%s %lld is not shard %d/%d's", key, u, m->f[i].k,
                         m->n);
                return merge_error(m->f[i].path, j + 2, what);
            }
            if (slot[u - 1]) {
                snprintf(what, sizeof what, "%s %lld comes twice", key, u);
                return merge_error(m->f[i].path, j + 2, what);
            }
            slot[u - 1] = o;
        }
    return 0;
}

/* --record FILE: the "record" of each unit present, in order. */
static int write_records(const Merge *m, const JsonObj **slot, int count)
{
    if (!m->record) return 0;
    OutFile *of = outfile_open(m->record);
    if (!of) return 2;
    for (int i = 0; i < count; i++)
        if (slot[i] && jsonl_get(slot[i], "record")) fputs(jsonl_get(slot[i], "record"), of->f);
    return outfile_close(of) ? 2 : 0;
}

/* A header's count of units, from 1 to the most a run has. */
static int header_count(const Merge *m, const char *key, int *count)
{
    *count = (int)jsonl_get_int(&m->f[0].head, key, -1);
    if (*count < 1 || *count > 4000000) {        /* match and balance: 1000000 games at most */
        char what[96];
        snprintf(what, sizeof what, "no \"%s\" count in its first line", key);
        return merge_error(m->f[0].path, 1, what);
    }
    return 0;
}

/* ---- match --------------------------------------------------------------------------------- */

static int merge_match(const Merge *m)
{
    const JsonObj *h = &m->f[0].head;
    int games;
    if (header_count(m, "games", &games)) return 1;
    const JsonObj **slot = xcalloc((size_t)games, sizeof *slot, "the games");
    int st = place_units(m, "game", games, 2, slot);
    if (!st) {
        MatchGame *mg = xcalloc((size_t)games, sizeof *mg, "the games");
        for (int gi = 0; gi < games; gi++) {
            const JsonObj *o = slot[gi];
            int given = 0;             /* whether a shard given holds the game */
            for (int k = 0; k < m->nf; k++) given |= shard_has(m->f[k].k, m->n, gi / 2);
            int oc = o ? (int)jsonl_get_int(o, "outcome", -1) : given ? -2 : -3;
            if (o && (oc < -1 || oc > 2)) oc = -1;
            mg[gi] = (MatchGame){ oc, o ? (int)jsonl_get_int(o, "plies", 0) : 0,
                                  o && jsonl_get(o, "reason") ? jsonl_get(o, "reason") : "" };
            if (oc == -1 && o)
                fprintf(stderr, "boardvm: merge: game %d: %s\n", gi + 1, mg[gi].reason);
        }
        MatchSprt sp = { (int)jsonl_get_int(h, "sprt", 0), jsonl_get_num(h, "elo0", 0),
                         jsonl_get_num(h, "elo1", 0), jsonl_get_num(h, "alpha", 0.05),
                         jsonl_get_num(h, "beta", 0.05) };
        const char *first = jsonl_get(h, "first"), *la = jsonl_get(h, "a"),
                   *lb = jsonl_get(h, "b");
        st = match_summary(mg, games, &sp, first ? first : "", la ? la : "", lb ? lb : "",
                           m->missing > 0);
        free(mg);
        int rs = write_records(m, slot, games);
        if (rs) st = rs;
    }
    free(slot);
    return st;
}

/* ---- selfplay ------------------------------------------------------------------------------ */

static int merge_selfplay(const Merge *m)
{
    const JsonObj *h = &m->f[0].head;
    int games;
    if (header_count(m, "games", &games)) return 1;
    const JsonObj **slot = xcalloc((size_t)games, sizeof *slot, "the games");
    int st = place_units(m, "game", games, 1, slot);
    if (!st) {
        int score[4] = {0}, mine[3] = {0}, missing = 0;
        for (int gi = 0; gi < games; gi++) {
            if (!slot[gi]) { missing++; continue; }
            int oc = (int)jsonl_get_int(slot[gi], "outcome", -1);
            int en = (int)jsonl_get_int(slot[gi], "engine", -1);
            if (oc < 0 || oc > 3) {
                free(slot);
                return merge_error(m->f[0].path, 0, "a game without its outcome");
            }
            score[oc]++;
            if (en >= 0 && en < 3) mine[en]++;
        }
        const char *players[2] = { jsonl_get(h, "first"), jsonl_get(h, "second") };
        const char *opp = jsonl_get(h, "opponent");
        int two = jsonl_get_int(h, "players", 0) == 2 && games > 1 && players[0] && players[1];
        selfplay_score(two ? players : NULL, score, opp ? jsonl_get(h, "engine") : NULL, opp,
                       mine);
        if (missing && !m->missing)
            fprintf(stderr, "boardvm: merge: %d of %d games not in the results\n", missing, games);
        if (missing && !m->missing) st = 1;
        int rs = write_records(m, slot, games);
        if (rs) st = rs;
    }
    free(slot);
    return st;
}

/* ---- balance ------------------------------------------------------------------------------- */

/* The lines of variant v: its header line (with "name") into *head, its games into slot. */
static int balance_units(const Merge *m, int v, int games, const JsonObj **head,
                         const JsonObj **slot)
{
    for (int i = 0; i < m->nf; i++)
        for (int j = 0; j < m->f[i].nlines; j++) {
            const JsonObj *o = &m->f[i].lines[j];
            if (jsonl_get_int(o, "variant", 0) != v) continue;
            if (!jsonl_get(o, "game")) {            /* the variant's line: one game everywhere */
                if (!*head) *head = o;
                else if (!same(*head, o, "code")) {
                    char what[96];
                    snprintf(what, sizeof what, "variant %d: another rules file than the other "
                             "shards' (its code differs)", v);
                    return merge_error(m->f[i].path, j + 2, what);
                }
                continue;
            }
            long long u = jsonl_get_int(o, "game", 0);
            char what[160];
            if (u < 1 || u > games || !shard_has(m->f[i].k, m->n, (long)u - 1) || slot[u - 1]) {
                snprintf(what, sizeof what, "game %lld of variant %d: not from 1 to %d, not shard "
                         "%d/%d's, or twice", u, v, games, m->f[i].k, m->n);
                return merge_error(m->f[i].path, j + 2, what);
            }
            slot[u - 1] = o;
        }
    return 0;
}

static int merge_balance(const Merge *m)
{
    int games, nv;
    if (header_count(m, "games", &games) || header_count(m, "variants", &nv)) return 1;
    if (nv > BALANCE_MAX_VARIANTS) return merge_error(m->f[0].path, 1, "too many variants");
    BalanceVariant v[BALANCE_MAX_VARIANTS];
    const JsonObj **slot = xcalloc((size_t)games, sizeof *slot, "the games");
    int st = 0, done = 0;
    for (int i = 0; i < nv && !st; i++) {
        const JsonObj *head = NULL;
        memset(slot, 0, sizeof *slot * (size_t)games);
        st = balance_units(m, i + 1, games, &head, slot);
        if (!st && !head) st = merge_error(m->f[0].path, 0, "a variant without its line");
        if (st) break;
        v[i].name = jsonl_get(head, "name");
        v[i].first = jsonl_get(head, "first");
        v[i].opts = jsonl_get(head, "options");
        if (!v[i].name || !v[i].first || !v[i].opts) {
            st = merge_error(m->f[0].path, 0, "a variant's line without its name");
            break;
        }
        v[i].outcome = xcalloc((size_t)games, sizeof(int), "the games");
        v[i].plies = xcalloc((size_t)games, sizeof(int), "the games");
        v[i].hash = xcalloc((size_t)games, sizeof(uint64_t), "the games");
        v[i].reason = xcalloc((size_t)games, sizeof(char *), "the games");
        done = i + 1;
        for (int gi = 0; gi < games; gi++) {
            const JsonObj *o = slot[gi];
            int mine = 0;
            for (int k = 0; k < m->nf; k++) mine |= shard_has(m->f[k].k, m->n, gi);
            v[i].outcome[gi] = o ? (int)jsonl_get_int(o, "outcome", -1) : mine ? -2 : -3;
            if (!o) continue;
            if (v[i].outcome[gi] < -1 || v[i].outcome[gi] > 3) v[i].outcome[gi] = -1;
            v[i].plies[gi] = (int)jsonl_get_int(o, "plies", 0);
            const char *h = jsonl_get(o, "hash");
            v[i].hash[gi] = h ? strtoull(h, NULL, 16) : 0;
            const char *why = jsonl_get(o, "reason");
            v[i].reason[gi] = xstrdup(why ? why : "", "the reasons");
            if (v[i].outcome[gi] == -1)
                fprintf(stderr, "boardvm: merge: variant %d, game %d: %s\n", i + 1, gi + 1, why);
        }
    }
    if (!st) st = balance_report(v, nv, games);
    for (int i = 0; i < done; i++) {
        for (int gi = 0; gi < games; gi++) free(v[i].reason[gi]);
        free(v[i].outcome); free(v[i].plies); free(v[i].hash); free(v[i].reason);
    }
    free(slot);
    return st;
}

/* ---- tune ------------------------------------------------------------------------------------ */

/* The games' records of every shard in the order of their numbers, fitted together: the logistic
 * fit's weights are not a sum or mean of the shards' (each is the root of its own likelihood's
 * gradient), so the rows are joined and fitted once, which gives the run's fit exactly. */
static int merge_tune(const Merge *m)
{
    const JsonObj *h = &m->f[0].head;
    int games;
    if (header_count(m, "games", &games)) return 1;
    const JsonObj **slot = xcalloc((size_t)games, sizeof *slot, "the games");
    int st = place_units(m, "game", games, 1, slot);
    size_t len = 1;
    for (int gi = 0; !st && gi < games; gi++)
        if (slot[gi]) {
            const char *r = jsonl_get(slot[gi], "record");
            if (!r) st = merge_error(m->f[0].path, 0, "a game without its record");
            else len += strlen(r) + 2;
        }
    int nopts = (int)jsonl_get_int(h, "noptions", 0);
    if (!st && (nopts < 0 || nopts > 1000)) st = merge_error(m->f[0].path, 1, "a bad noptions");
    if (!st) {
        char *text = xmalloc(len, "the games"), *q = text;
        for (int gi = 0; gi < games; gi++)
            if (slot[gi]) q += sprintf(q, "%s", jsonl_get(slot[gi], "record"));
        *q = 0;
        char **opts = xcalloc((size_t)nopts + 1, sizeof *opts, "the options");
        for (int i = 0; i < nopts && !st; i++) {
            char key[32];
            snprintf(key, sizeof key, "option%d", i + 1);
            if (!(opts[i] = (char *)jsonl_get(h, key)))
                st = merge_error(m->f[0].path, 1, "an option missing");
        }
        const char *rules = jsonl_get(h, "rules");
        if (!st) st = write_records(m, slot, games);
        if (!st)
            st = tune_fit_text(rules ? rules : "", opts, nopts, text,
                               (int)jsonl_get_int(h, "random_plies", 0),
                               (int)jsonl_get_int(h, "last_ply", 0), jsonl_get(h, "unit"));
        free(opts);
        free(text);
    }
    free(slot);
    return st;
}

/* ---- perft ----------------------------------------------------------------------------------- */

/* The count below each root move (sorted, as perft --divide prints them) and the total. */
static int merge_perft(const Merge *m)
{
    int moves;
    if (header_count(m, "moves", &moves)) return 1;
    const JsonObj **slot = xcalloc((size_t)moves, sizeof *slot, "the root moves");
    int st = place_units(m, "move", moves, 1, slot);
    unsigned long long total = 0;
    int missing = 0;
    for (int i = 0; !st && i < moves; i++) {
        if (!slot[i]) { missing++; continue; }
        const char *name = jsonl_get(slot[i], "name");
        long long n = jsonl_get_int(slot[i], "leaves", -1);
        if (!name || n < 0) {
            st = merge_error(m->f[0].path, 0, "a root move without its name or count");
            break;
        }
        printf("%s %lld\n", name, n);
        total += (unsigned long long)n;
    }
    if (!st) {
        if (missing)
            printf("incomplete: %d of %d root moves counted, %llu leaves below them\n",
                   moves - missing, moves, total);
        else printf("%llu\n", total);
        if (missing && !m->missing) st = 1;
    }
    free(slot);
    return st;
}

/* ---- the command --------------------------------------------------------------------------- */

int cmd_merge(Args *a)
{
    Merge m;
    memset(&m, 0, sizeof m);
    m.nf = a->npos - 1;
    m.f = xcalloc((size_t)m.nf, sizeof *m.f, "the results");
    m.record = a->record;
    int st = 0;
    for (int i = 0; i < m.nf && !st; i++) st = read_shard(a->pos[i + 1], &m.f[i]);
    if (!st) st = check_run(&m);
    if (!st) {
        printf("merge: %s, %d of %d %s\n", m.command, m.n - m.missing, m.n,
               plural(m.n, "shard", "shards"));
        if (!strcmp(m.command, "match")) st = merge_match(&m);
        else if (!strcmp(m.command, "selfplay")) st = merge_selfplay(&m);
        else if (!strcmp(m.command, "balance")) st = merge_balance(&m);
        else if (!strcmp(m.command, "tune")) st = merge_tune(&m);
        else if (!strcmp(m.command, "perft")) st = merge_perft(&m);
        else {
            fprintf(stderr, "boardvm: merge: %s: results of '%s', which merge does not know\n",
                    m.f[0].path, m.command);
            st = 1;
        }
        if (!st && m.missing) st = 1;
    }
    for (int i = 0; i < m.nf; i++) free_shard(&m.f[i]);
    free(m.f);
    return st;
}
