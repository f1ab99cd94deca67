/* testrun.c - `boardvm test`: runs .test files (format: docs/test-format.md) and prints TAP,
 * then "N passed, N failed". */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena.h"
#include "gameload.h"
#include "make.h"
#include "commands.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "posstring.h"
#include "search.h"
#include "session.h"
#include "testfile.h"
#include "oom.h"
#include "protect.h"

typedef struct { char *s; size_t n, cap; } Str;

static void str_add(Str *s, const char *t, size_t n)
{
    if (s->n + n + 1 > s->cap) {
        s->cap = (s->n + n + 1) * 2;
        s->s = xrealloc(s->s, s->cap, "s.s in str_add()");
    }
    memcpy(s->s + s->n, t, n); s->n += n; s->s[s->n] = 0;
}

const char *case_get(const Case *c, const char *key)
{
    for (int i = c->nkv - 1; i >= 0; i--) if (!strcmp(c->kv[i].key, key)) return c->kv[i].val;
    return NULL;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && strchr(" \t\r\n", s[n - 1])) s[--n] = 0;
    return s;
}

/* Reading a test file: the cases so far, the file-level keys (copied into each case) and the
 * key a continuation line adds to. */
typedef struct {
    Arena *ar;
    Case *cases; int n, cap;
    Case file, *cur;               /* cur: the case being read, or the file's own keys */
    Kv *last; int cont_indent;     /* the key continuation lines add to, and their indent */
    int lineno;
    char why[240];                 /* what is wrong with the line */
} TestParse;

/* The values whose text is compared exactly (`error:`, `warning:`: messages that quote rules
 * code) keep a `#`; in the others, a case's name included, a `#` that starts a word starts a
 * comment (docs/test-format.md). */
static int exact_text(const char *key)
{
    return !strcmp(key, "error") || !strcmp(key, "warning");
}

const char *test_comment(const char *s)
{
    for (const char *t = s; (t = strchr(t, '#')); t++)
        if (t == s || t[-1] == ' ' || t[-1] == '\t') return t;
    return NULL;
}

static void cut_comment(char *s)
{
    char *c = (char *)test_comment(s);
    if (c) *c = 0;
}

/* An indented line: a line more of the last key's value (its indent beyond the first
 * continuation line's is kept). 0 if there is no key above it. */
static int continuation(TestParse *tp, char *t)
{
    int indent = 0;
    while (t[indent] == ' ' || t[indent] == '\t') indent++;
    if (!t[indent]) return 1;
    if (!tp->last) {
        snprintf(tp->why, sizeof tp->why, "a continuation line with no key above it");
        return 0;
    }
    if (!exact_text(tp->last->key)) {
        cut_comment(t);
        if (!*trim(t)) return 1;                /* a comment alone on an indented line */
    }
    if (tp->cont_indent < 0) tp->cont_indent = indent;
    int cut = indent < tp->cont_indent ? indent : tp->cont_indent;
    size_t l0 = strlen(tp->last->val), l1 = strlen(t + cut);
    char *v = arena_alloc(tp->ar, l0 + l1 + 2);
    memcpy(v, tp->last->val, l0); v[l0] = '\n'; memcpy(v + l0 + 1, t + cut, l1 + 1);
    tp->last->val = v;
    return 1;
}

/* The first option line of a case: the file-level options are dropped (a case's own options
 * replace the file's). */
static void drop_file_options(TestParse *tp)
{
    Case *cur = tp->cur;
    for (int i = tp->file.nkv; i < cur->nkv; i++)
        if (!strcmp(cur->kv[i].key, "option")) return;          /* not the first */
    int k = 0;
    for (int i = 0; i < cur->nkv; i++)
        if (strcmp(cur->kv[i].key, "option") || i >= tp->file.nkv) cur->kv[k++] = cur->kv[i];
    cur->nkv = k;
}

/* A line "key: value": a key of the current case, or `case: NAME`, which starts a case. */
static int key_line(TestParse *tp, char *t)
{
    char *colon = strchr(t, ':');
    if (!colon) { snprintf(tp->why, sizeof tp->why, "expected 'key: value'"); return 0; }
    *colon = 0;
    char *key = trim(t);
    if (!exact_text(key)) cut_comment(colon + 1);
    char *val = trim(colon + 1);
    if (!strcmp(key, "case")) {
        if (tp->n == tp->cap) {
            tp->cap = tp->cap ? tp->cap * 2 : 32;
            tp->cases = xrealloc(tp->cases, sizeof *tp->cases * (size_t)tp->cap,
                                 "cases in parse_test_file()");
        }
        tp->cur = &tp->cases[tp->n++];
        *tp->cur = tp->file;
        tp->cur->name = arena_strdup(tp->ar, val);
        tp->cur->line = tp->lineno;
        tp->last = NULL;
        return 1;
    }
    static const char *known[] = { "rules", "option", "fen", "play", "moves", "perft",
                                   "result", "error", "warning", "depth", "best", "score", "off",
                                   "nodes", "search" };
    int ok = 0;
    for (size_t k = 0; k < sizeof known / sizeof *known; k++) ok |= !strcmp(key, known[k]);
    if (!ok) { snprintf(tp->why, sizeof tp->why, "unknown key '%s'", key); return 0; }
    Case *cur = tp->cur;
    if (cur->nkv >= MAX_KEYS) {
        snprintf(tp->why, sizeof tp->why, "too many keys in one case");
        return 0;
    }
    if (cur != &tp->file && !strcmp(key, "option")) drop_file_options(tp);
    cur->kv[cur->nkv].key = arena_strdup(tp->ar, key);
    cur->kv[cur->nkv].val = arena_strdup(tp->ar, val);
    cur->kv[cur->nkv].line = tp->lineno;
    tp->last = &cur->kv[cur->nkv++];
    tp->cont_indent = -1;
    return 1;
}

/* Parse a test file into cases; file-level keys are copied into each case. */
int parse_test_file(Arena *ar, const char *path, Case **out, int *nout)
{
    size_t len;
    char *text = read_file(path, &len);
    if (!text) return 0;
    if (strlen(text) != len) {
        fprintf(stderr, "boardvm: %s: a NUL byte in a test file\n", path);
        free(text);
        return 0;
    }
    TestParse tp = { .ar = ar, .file = { .file = path }, .cont_indent = -1 };
    tp.cur = &tp.file;
    int ok = 1;
    for (char *line = text, *next; line && ok; line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = 0;
        tp.lineno++;
        size_t ll = strlen(line);
        if (ll && line[ll - 1] == '\r') line[--ll] = 0;
        if (line[0] == '#') continue;
        if (line[0] == ' ' || line[0] == '\t') ok = continuation(&tp, line);
        else if (!*trim(line)) tp.last = NULL;       /* a blank line ends the last key */
        else ok = key_line(&tp, trim(line));
    }
    free(text);
    if (!ok) {
        fprintf(stderr, "%s:%d: %s\n", path, tp.lineno, tp.why);
        free(tp.cases);
        return 0;
    }
    *out = tp.cases; *nout = tp.n;
    return 1;
}

char *dir_join(const char *file, const char *rel)
{
    if (rel[0] == '/') return xstrdup(rel, "a file name");
    const char *slash = strrchr(file, '/');
    size_t dl = slash ? (size_t)(slash - file + 1) : 0;
    char *r = malloc(dl + strlen(rel) + 1);
    if (!r) out_of_memory("r in dir_join()");
    memcpy(r, file, dl); strcpy(r + dl, rel);
    return r;
}

static int split_words(char *s, char **w, int max)
{
    int n = 0;
    for (char *t = strtok(s, " \t\n"); t && n < max; t = strtok(NULL, " \t\n")) w[n++] = t;
    return n;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Compare two sorted word lists; report the differences as TAP comments. */
static int compare_moves(char **want, int nw, char **got, int ng)
{
    qsort(want, (size_t)nw, sizeof *want, cmp_str);
    qsort(got, (size_t)ng, sizeof *got, cmp_str);
    int i = 0, j = 0, bad = 0;
    Str missing = {0}, extra = {0};
    while (i < nw || j < ng) {
        int c = i >= nw ? 1 : j >= ng ? -1 : strcmp(want[i], got[j]);
        if (c == 0) { i++; j++; continue; }
        bad = 1;
        if (c < 0) { str_add(&missing, " ", 1); str_add(&missing, want[i], strlen(want[i])); i++; }
        else { str_add(&extra, " ", 1); str_add(&extra, got[j], strlen(got[j])); j++; }
    }
    if (bad) {
        printf("#   expected %d moves, got %d\n", nw, ng);
        if (missing.n) printf("#   missing:%s\n", missing.s);
        if (extra.n) printf("#   extra:%s\n", extra.s);
    }
    free(missing.s); free(extra.s);
    return !bad;
}

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* Each line of text (which is cut up; NULL: none) as a TAP comment after prefix. */
static void print_lines(const char *prefix, char *text)
{
    for (char *l = strtok(text ? text : (char[]){""}, "\n"); l; l = strtok(NULL, "\n"))
        printf("%s%s\n", prefix, l);
}

/* text's lines (cut up) added to out without their trailing blanks, each ending in a newline. */
static void add_trimmed_lines(Str *out, char *text)
{
    for (char *l = strtok(text, "\n"); l; l = strtok(NULL, "\n")) {
        size_t k = strlen(l);
        while (k && l[k - 1] == ' ') k--;
        str_add(out, l, k);
        str_add(out, "\n", 1);
    }
}

/* `error:` (the rules must not compile) or `warning:` (they must compile): the messages must be
 * exactly these. */
static int run_error_case(const Case *c, const char *rules, char **opts, int nopts, int warning)
{
    size_t len;
    char *text = read_file(rules, &len);
    if (!text) { printf("#   cannot read %s\n", rules); return 0; }
    char *buf = NULL; size_t blen = 0;
    FILE *mem = open_memstream(&buf, &blen);
    int status;
    Game *g = game_compile_to(text, len, base_name(rules), nopts, opts, &status, mem);
    fclose(mem);
    free(text);
    int ok = 1;
    if (g && !warning) { printf("#   the rules compiled, an error was expected\n"); ok = 0; }
    else if (!g && warning) {
        printf("#   the rules do not compile, warnings were expected:\n");
        print_lines("#   ", buf);
        ok = 0;
    } else {
        const char *want = case_get(c, warning ? "warning" : "error");
        /* compare with trailing white space of each line ignored */
        char *w = xstrdup(want, "the output"), *gbuf = xstrdup(buf ? buf : "", "the output");
        Str a = {0}, b = {0};
        add_trimmed_lines(&a, w);
        add_trimmed_lines(&b, gbuf);
        /* (an empty `warning:` expects no message at all) */
        if (strcmp(a.s ? a.s : "", b.s ? b.s : "")) {
            ok = 0;
            printf("#   expected %s:\n", warning ? "warnings" : "error");
            print_lines("#     ", a.s);
            printf("#   got:\n");
            print_lines("#     ", b.s);
        }
        free(a.s); free(b.s); free(w); free(gbuf);
    }
    game_free(g);
    free(buf);
    return ok;
}

int case_position(const Case *c, Game *g, Pos *p, char *err, size_t errlen)
{
    const char *fen = case_get(c, "fen");
    char e[256];
    if (!pos_from_string(p, fen ? fen : g->start, e, sizeof e)) {
        snprintf(err, errlen, "bad position: %s", e);
        return 0;
    }
    const char *play = case_get(c, "play");
    if (!play) return 1;
    int ok = 1;
    char *copy = xstrdup(play, "the moves"), *w[1024];
    int n = split_words(copy, w, 1024);
    for (int i = 0; i < n && ok; i++) {
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        int other, k = move_find_typed(p, ml, w[i], &other);
        if (k < 0) {
            snprintf(err, errlen, "play: move %d '%s' is not legal", i + 1, w[i]);
            ok = 0;
        } else if (other >= 0) {
            snprintf(err, errlen, "play: move %d '%s' is ambiguous: two legal moves have this "
                     "string; %s", i + 1, w[i], same_string_advice(p, ml, k, other));
            ok = 0;
        }
        else pos_make(p, ml, &ml->m[k]);
    }
    free(copy);
    return ok;
}

static int check_position(const Case *c, Game *g, Pos *p);

/* check_position under protected_run: a runtime error of the rules code fails the case */
typedef struct { const Case *c; Game *g; int ok; } CheckRun;
static void check_run(Pos *p, void *ctx)
{
    CheckRun *r = ctx;
    r->ok = check_position(r->c, r->g, p);
}

/* `moves:`: the legal moves, all of them and no other (ml: the list of the position). */
static int check_moves(const Game *g, const MoveList *ml, const char *moves)
{
    char *copy = xstrdup(moves, "the moves: key");
    char **want = xmalloc(sizeof *want * (strlen(moves) / 2 + 2), "the moves: key");
    int nw = split_words(copy, want, (int)(strlen(moves) / 2 + 1));
    char **got = xmalloc(sizeof *got * (size_t)(ml->n + 1), "the legal moves");
    for (int i = 0; i < ml->n; i++) {
        got[i] = xmalloc(MOVE_STR_MAX, "a move string");
        move_string(g, ml, &ml->m[i], got[i], MOVE_STR_MAX);
    }
    int ok = compare_moves(want, nw, got, ml->n);
    for (int i = 0; i < ml->n; i++) free(got[i]);
    free(got); free(want); free(copy);
    return ok;
}

/* `result:`: "none", or "win", "loss" or "draw" and the reason the rules give. */
static int check_result(const Game *g, const Pos *p, const char *result)
{
    static const char *res[] = { "none", "win", "loss", "draw" };
    char have[256];
    const char *reason = p->result && p->result_reason ? g->strings[p->result_reason - 1] : "";
    snprintf(have, sizeof have, "%s%s%s", res[p->result], *reason ? " " : "", reason);
    if (!strcmp(have, result)) return 1;
    printf("#   result: expected '%s', got '%s'\n", result, have);
    return 0;
}

/* `best:` and `score:`: the engine at a fixed depth chooses one of `best`, with score `score`
 * (a number, "mate N", "mated N" or "draw"). -1 when the case has no valid `depth:` (or, with
 * `search: mcts`, `nodes:`: the playouts). */
static int check_search(const Case *c, Game *g, Pos *p, const char *best, const char *score)
{
    const char *method = case_get(c, "search");
    int playout = 0;
    int algo = method ? search_method(method, strlen(method), &playout) : SEARCH_AB;
    if (algo < 0) {
        printf("#   search: '%s' is not ab, mcts, mcts:K or mcts:end\n", method);
        return -1;
    }
    /* `depth: N`, or `depth: N+`: selfplay's default search (depth N, deeper while it is cheap,
     * within the default work) */
    const char *depth = case_get(c, "depth");
    char *dend = NULL;
    int d = depth ? (int)strtol(depth, &dend, 10) : 0;
    int deepen = dend && *dend == '+';
    if (algo == SEARCH_MCTS) {
        if (depth || !case_get(c, "nodes")) {
            printf("#   a search case of mcts needs `nodes:` (playouts) and no `depth:`\n");
            return -1;
        }
    } else if (d < 1 || d > 30 || !isdigit((unsigned char)*depth) || (*dend && strcmp(dend, "+"))) {
        printf("#   a search case needs `depth:` from 1 to 30, or N+ (the default search)\n");
        return -1;
    }
    /* `off:` the search techniques the engine goes without (search_technique's names) */
    unsigned off = 0;
    const char *offs = case_get(c, "off");
    if (offs) {
        char *copy = xstrdup(offs, "the off: key"), *w[8];
        int n = split_words(copy, w, 8);
        for (int i = 0; i < n; i++) {
            unsigned bit = search_technique(w[i], strlen(w[i]));
            if (!bit) {
                printf("#   off: '%s' is not null, lmr, futility, aspiration, rfp, "
                       "qprune or extcap\n", w[i]);
                free(copy);
                return -1;
            }
            off |= bit;
        }
        free(copy);
    }
    /* `nodes:` a node limit besides the depth: what the search finds for that much work */
    const char *nodes = case_get(c, "nodes");
    uint64_t nl = 0;
    if (nodes) {
        char *end;
        nl = strtoull(nodes, &end, 10);
        if (!isdigit((unsigned char)*nodes) || *end || !nl) {
            printf("#   nodes: '%s' is not a positive number\n", nodes);
            return -1;
        }
    }
    Engine *eng = engine_new(g, 8);
    SearchLimits lim = { .depth = d, .deepen = deepen, .nodes = nl, .off = off, .algo = algo,
                         .playout = playout, .work = deepen ? SEARCH_DEFAULT_WORK : 0 };
    SearchResult r;
    engine_search(eng, p, &lim, &r);
    engine_free(eng);
    int ok = 1;
    if (best) {
        char *copy = xstrdup(best, "the best: key"), *w[64];
        int n = split_words(copy, w, 64), hit = 0;
        for (int i = 0; i < n; i++) hit |= !strcmp(w[i], r.best_str);
        if (!hit) {
            printf("#   best: expected one of '%s', the engine chose '%s' (score %d)\n", best,
                   r.best_str, r.score);
            ok = 0;
        }
        free(copy);
    }
    if (score) {
        char want[64]; int n = 0;
        if (sscanf(score, "mate %d", &n) == 1)
            snprintf(want, sizeof want, "%d", SCORE_MATE - (2 * n - 1));
        else if (sscanf(score, "mated %d", &n) == 1)
            snprintf(want, sizeof want, "%d", -SCORE_MATE + 2 * n);
        else if (!strcmp(score, "draw")) snprintf(want, sizeof want, "0");
        else snprintf(want, sizeof want, "%s", score);
        char have[32]; snprintf(have, sizeof have, "%d", r.score);
        if (strcmp(want, have)) {
            printf("#   score: expected %s (%s), got %s\n", score, want, have);
            ok = 0;
        }
    }
    return ok;
}

/* `perft:`: the leaf counts at depths 1, 2, ... (up to the first that differs). */
static int check_perft(Pos *p, const char *perft_s)
{
    char *copy = xstrdup(perft_s, "the perft: key"), *w[32];
    int n = split_words(copy, w, 32), ok = 1;
    for (int d = 1; d <= n && ok; d++) {
        char *end;
        unsigned long long want = strtoull(w[d - 1], &end, 10);
        if (*end) { printf("#   perft: '%s' is not a number\n", w[d - 1]); ok = 0; break; }
        unsigned long long got = perft(p, d, 0);
        if (got != want) {
            printf("#   perft %d: expected %llu, got %llu\n", d, want, got);
            ok = 0;
        }
    }
    free(copy);
    return ok;
}

/* Every check of the case, in this order; the perft counts (the slow part) only if the others
 * passed. */
static int check_position(const Case *c, Game *g, Pos *p)
{
    char err[600];
    if (!case_position(c, g, p, err, sizeof err)) { printf("#   %s\n", err); return 0; }
    MoveList *mlp = pos_list(p, 0);
    node_moves(p, mlp);
    MoveList ml = *mlp;
    int ok = 1;
    const char *moves = case_get(c, "moves"), *result = case_get(c, "result");
    if (moves && !check_moves(g, &ml, moves)) ok = 0;
    if (result && !check_result(g, p, result)) ok = 0;
    const char *best = case_get(c, "best"), *score = case_get(c, "score");
    if (best || score) {
        int r = check_search(c, g, p, best, score);
        if (r < 0) return 0;
        if (!r) ok = 0;
    }
    const char *perft_s = case_get(c, "perft");
    if (perft_s && ok) ok = check_perft(p, perft_s);
    return ok;
}

Game *case_game(const Case *c, char **rules_out, char **messages)
{
    const char *rules_rel = case_get(c, "rules");
    *rules_out = NULL; *messages = NULL;
    if (!rules_rel) { *messages = xstrdup("no rules file given", "a message"); return NULL; }
    char *rules = *rules_out = dir_join(c->file, rules_rel);
    char *opts[MAX_KEYS]; int nopts = 0;
    for (int i = 0; i < c->nkv; i++)
        if (!strcmp(c->kv[i].key, "option")) opts[nopts++] = c->kv[i].val;
    size_t blen = 0;
    FILE *mem = open_memstream(messages, &blen);
    int status;
    size_t len;
    char *text = read_file(rules, &len);
    Game *g = text ? game_compile_to(text, len, rules, nopts, opts, &status, mem) : NULL;
    fclose(mem);
    free(text);
    return g;
}

static int run_case(const Case *c)
{
    /* a case that checks nothing would pass whatever the rules did: a mistake in the test */
    static const char *checks[] = { "moves", "perft", "result", "best", "score", "error",
                                    "warning" };
    int checked = 0;
    for (size_t i = 0; i < sizeof checks / sizeof *checks; i++)
        checked |= case_get(c, checks[i]) != NULL;
    if (!checked) {
        printf("#   the case checks nothing (give moves:, perft:, result:, best:, score:, error: "
               "or warning:)\n");
        return 0;
    }
    int warned = 1;
    if (case_get(c, "error") || case_get(c, "warning")) {
        int warning = !case_get(c, "error");
        const char *rules_rel = case_get(c, "rules");
        if (!rules_rel) { printf("#   no rules file given\n"); return 0; }
        char *rules = dir_join(c->file, rules_rel);
        char *opts[MAX_KEYS]; int nopts = 0;
        for (int i = 0; i < c->nkv; i++)
        if (!strcmp(c->kv[i].key, "option")) opts[nopts++] = c->kv[i].val;
        int ok = run_error_case(c, rules, opts, nopts, warning);
        free(rules);
        /* a warning case may check the game's moves too */
        if (!warning || !(case_get(c, "moves") || case_get(c, "perft") || case_get(c, "result") ||
                          case_get(c, "best") || case_get(c, "score")))
            return ok;
        warned = ok;
    }
    char *buf, *rules_path;
    Game *g = case_game(c, &rules_path, &buf);
    char *volatile rules = rules_path;
    if (!g) {
        if (rules) printf("#   %s does not compile\n", rules);
        print_lines("#   ", buf);
        free(buf); free(rules);
        return 0;
    }
    free(buf);
    Pos *p = pos_new(g);
    p->check_hash = 1;               /* every test also proves the incremental hash */
    p->check_gen = 1;                /* ... and the search's ways of generating moves */
    CheckRun r = { c, g, 0 };
    if (protected_run(p, check_run, &r)) { printf("#   %s\n", p->errmsg); r.ok = 0; }
    int ok = r.ok;
    pos_free(p); game_free(g); free(rules);
    return ok && warned;
}

int cmd_test(Args *a)
{
    if (a->update) return cmd_test_update(a);
    Case *all = NULL; int nall = 0;
    Arena ar; arena_init(&ar);
    for (int i = 1; i < a->npos; i++) {
        Case *cs = NULL; int n = 0;
        if (!parse_test_file(&ar, a->pos[i], &cs, &n)) { free(all); arena_free(&ar); return 2; }
        all = realloc(all, sizeof *all * (size_t)(nall + n + 1));
        if (!all) out_of_memory("all in cmd_test()");
        memcpy(all + nall, cs, sizeof *cs * (size_t)n);
        nall += n;
        free(cs);
    }
    printf("1..%d\n", nall);
    int passed = 0, failed = 0;
    for (int i = 0; i < nall; i++) {
        fflush(stdout);
        int ok = run_case(&all[i]);
        printf("%s %d - %s (%s:%d)\n", ok ? "ok" : "not ok", i + 1, all[i].name,
               base_name(all[i].file), all[i].line);
        fflush(stdout);
        if (ok) passed++; else failed++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    free(all);
    arena_free(&ar);
    return failed ? 1 : 0;
}
