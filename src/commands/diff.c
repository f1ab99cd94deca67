/* diff.c - `boardvm diff A B`: compare two move generators (rules files or UCI engines) by
 * their perft divide, and narrow a difference down to one position.
 *
 * Why this shape: a perft count that differs says that something differs somewhere below; the
 * divide (the count below each move) says below which move. Following the first move whose
 * counts differ, one ply at a time, ends at a position whose two lists of legal moves are not
 * the same. That position, the line reaching it and the moves one side has and the other not
 * are what a rules author needs, and a .test case for it keeps the bug from coming back.
 *
 * Exit status: 0 the sides agree to the depth, 1 they differ, 2 an error (bad usage, a rules
 * file that does not compile, an engine that fails, a position or move that cannot be
 * translated): an error is never taken for an agreement or a difference. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"
#include "diag.h"
#include "make.h"
#include "diff_side.h"
#include "movegen.h"
#include "notation.h"
#include "oom.h"
#include "posstring.h"
#include "protect.h"
#include "session.h"

#define DEFAULT_DEPTH 3
#define DEFAULT_RANDOM_DEPTH 2     /* the depth compared at every ply of a random game */
#define DEFAULT_PLIES 40
#define DEFAULT_TIMEOUT 60.0       /* seconds for each whole answer of an engine */

static int usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int st = diag_vusage("diff", fmt, ap);
    va_end(ap);
    return st;
}

typedef struct {
    DiffSide side[2]; int nsides;
    const char *fen;
    char **moves; int nmoves;      /* Args' */
    int depth;
    double timeout;
    int random_games, plies;       /* --random-games N --plies P */
    const char *walk_option;       /* --plies or --seed, given: they need --random-games */
    unsigned long long seed;
} DiffArgs;

/* The side an operand (a rules file) or --uci (an engine) begins; the options after it are its. */
static int new_side(DiffArgs *a, int nitems, const char *path, const char *engine)
{
    if (a->nsides == 2)
        return usage("more than two sides ('%s'): diff compares two", path ? path : engine);
    DiffSide *cur = &a->side[a->nsides++];
    memset(cur, 0, sizeof *cur);
    cur->notation.ranks_from = 1;
    cur->timeout = a->timeout;
    if (engine) {
        cur->is_engine = 1; cur->command = engine; cur->label = engine;
        cur->setopts = xcalloc((size_t)nitems + 1, sizeof *cur->setopts, "diff's options");
    }
    else {
        cur->path = path; cur->label = path;
        cur->opts = xcalloc((size_t)nitems + 1, sizeof *cur->opts, "diff's options");
    }
    return 0;
}

/* Each option and operand, in the order written: an option of a side follows it. */
static int diff_item(DiffArgs *a, const ArgItem *v, int nitems)
{
    DiffSide *cur = a->nsides ? &a->side[a->nsides - 1] : NULL;
    char err[256];
    switch (v->id) {
    case OPERAND: return new_side(a, nitems, v->text, NULL);
    case OPT_UCI: return new_side(a, nitems, NULL, v->text);
    case OPT_SETOPTION: {
        const char *eq = strchr(v->text, '=');
        if (!cur || !cur->is_engine)
            return usage("--%s belongs after the --uci engine it sets", v->name);
        if (!eq || eq == v->text || strpbrk(v->text, "\r\n"))
            return usage("--setoption is NAME=VALUE (--setoption VariantPath=variants.ini), not "
                         "'%s'", v->text);
        cur->setopts[cur->nsetopts++] = (char *)v->text;
        return 0;
    }
    case OPT_RANDOM_GAMES: a->random_games = (int)v->i; return 0;
    case OPT_PLIES: a->plies = (int)v->i; a->walk_option = v->name; return 0;
    case OPT_SEED: a->seed = v->u; a->walk_option = v->name; return 0;
    case OPT_OPTION:
        if (!cur || cur->is_engine)
            return usage("%s belongs after the rules file it sets (FILE.rules -o NAME=VALUE)",
                         "-o");
        cur->opts[cur->nopts++] = (char *)v->text;
        return 0;
    case OPT_VARIANT: case OPT_PIECE: case OPT_TURN: case OPT_RANKS_FROM: case OPT_ENGINE_FEN:
        if (!cur || !cur->is_engine)
            return usage("--%s belongs after the --uci engine it describes", v->name);
        if (v->id == OPT_VARIANT) cur->variant = v->text;
        else if (v->id == OPT_ENGINE_FEN) cur->engine_fen = v->text;
        else if (v->id == OPT_RANKS_FROM) {
            if (strcmp(v->text, "0") && strcmp(v->text, "1"))
                return usage("--ranks-from is 0 or 1, not '%s'", v->text);
            cur->notation.ranks_from = v->text[0] - '0';
        }
        else if (!(v->id == OPT_PIECE
                       ? notation_add_piece(&cur->notation, v->text, err, sizeof err)
                       : notation_add_turn(&cur->notation, v->text, err, sizeof err)))
            return usage("%s", err);
        return 0;
    case OPT_TIMEOUT:
        a->timeout = v->d;
        for (int k = 0; k < a->nsides; k++) a->side[k].timeout = v->d;
        return 0;
    default: return 0;             /* --fen, --moves, --depth: in Args by name */
    }
}

static int diff_args(const Args *args, DiffArgs *a)
{
    a->timeout = DEFAULT_TIMEOUT;
    a->plies = DEFAULT_PLIES;
    a->seed = 1;
    a->fen = args->fen;
    a->moves = args->moves; a->nmoves = args->nmoves;
    for (int i = 0; i < args->nitems; i++) {
        int st = diff_item(a, &args->items[i], args->nitems);
        if (st) return st;
    }
    if (a->walk_option && !a->random_games)
        return usage("--%s goes with --random-games N", a->walk_option);
    a->depth = args->depth > 0 ? args->depth
             : a->random_games ? DEFAULT_RANDOM_DEPTH : DEFAULT_DEPTH;
    if (a->nsides < 2)
        return usage("%s",
                     "needs two sides: two rules files, or a rules file and a --uci engine");
    if (a->side[0].is_engine && a->side[1].is_engine)
        return usage("%s", "needs a rules file on one side at least (its notation is the one "
                           "--fen, --moves and the .test case use)");
    return 0;
}

static void free_diff_args(DiffArgs *a)
{
    for (int k = 0; k < a->nsides; k++) {
        free(a->side[k].opts);
        free(a->side[k].setopts);
        notation_free(&a->side[k].notation);
    }
}

/* The engine's start and the --moves in the compared notation, from the rules side r (under
 * protected_run: playing the moves runs rules code). */
typedef struct {
    const DiffSide *r, *engine;
    DiffStart *st;
    char *err; size_t errlen;
    int ok;
} StartRun;

static void translate_start(Pos *p, void *ctx)
{
    StartRun *sr = ctx;
    DiffStart *st = sr->st;
    if (sr->engine && !sr->engine->engine_fen) {
        char e[512];
        st->engine_fen = notation_fen(st->notation, p, e, sizeof e);
        if (!st->engine_fen) {
            char *ps = pos_to_string(p);
            snprintf(sr->err, sr->errlen, "the position '%s' cannot be written for the engine: %s",
                     ps, e);
            free(ps);
            return;
        }
    }
    st->start_keys = xcalloc((size_t)st->nmoves + 1, sizeof *st->start_keys, "the --moves list");
    for (int i = 0; i < st->nmoves; i++) {
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        int k = move_find(sr->r->g, ml, st->moves[i]);
        if (k < 0) {
            snprintf(sr->err, sr->errlen, "--moves: move %d '%s' is not legal in %s", i + 1,
                     st->moves[i], sr->r->label);
            return;
        }
        char key[MOVE_STR_MAX];
        if (!side_key(st, sr->r->g, ml, &ml->m[k], key, sizeof key, sr->err, sr->errlen)) return;
        st->start_keys[i] = xstrdup(key, "the --moves list");
        pos_make(p, ml, &ml->m[k]);
    }
    sr->ok = 1;
}

static int prepare_start(DiffSide *r, const DiffSide *engine, DiffStart *st, char *err,
                         size_t errlen)
{
    DiffStart at_start = *st;
    at_start.nmoves = 0;
    Pos *p = side_position(r, &at_start, NULL, 0, err, errlen);
    if (!p) return 0;
    StartRun sr = { r, engine, st, err, errlen, 0 };
    if (protected_run(p, translate_start, &sr))
        snprintf(err, errlen, "%s: %s", r->label, p->errmsg);
    pos_free(p);
    return sr.ok;
}

static void free_start(DiffStart *st)
{
    free(st->engine_fen);
    for (int i = 0; st->start_keys && i < st->nmoves; i++) free(st->start_keys[i]);
    free(st->start_keys);
}

static const char *side_name(int k) { return k ? "B" : "A"; }

/* One position's comparison: the keys one side lists and the other not (or lists a different
 * number of times). Prints them; returns how many there are. */
static int one_sided(const Divide d[2], int print)
{
    int found = 0;
    for (int k = 0; k < 2; k++) {
        const Divide *me = &d[k], *other = &d[1 - k];
        int n = 0;
        if (print) printf("only in %s:", side_name(k));
        for (int i = 0, j = 0; i < me->n; i++) {
            while (j < other->n && strcmp(other->e[j].key, me->e[i].key) < 0) j++;
            int same = j < other->n && !strcmp(other->e[j].key, me->e[i].key);
            int theirs = same ? other->e[j].times : 0;
            if (me->e[i].times <= theirs) continue;
            n++;
            if (print) {
                printf(" %s", me->e[i].shown);
                if (strcmp(me->e[i].shown, me->e[i].key)) printf(" (%s)", me->e[i].key);
                if (theirs)
                    printf(" (listed %d times, %d in %s)", me->e[i].times, theirs,
                           side_name(1 - k));
            }
        }
        if (print) printf("%s\n", n ? "" : " -");
        found += n;
    }
    return found;
}

/* The first key both list whose counts differ, or -1 (index into d[0]). */
static int first_difference(const Divide d[2], int *in_b)
{
    for (int i = 0, j = 0; i < d[0].n; i++) {
        while (j < d[1].n && strcmp(d[1].e[j].key, d[0].e[i].key) < 0) j++;
        if (j < d[1].n && !strcmp(d[1].e[j].key, d[0].e[i].key) &&
            d[1].e[j].count != d[0].e[i].count) {
            *in_b = j;
            return i;
        }
    }
    return -1;
}

/* The .test case's lines before its moves: its name, options, position and moves played. */
static void print_case_head(const DiffArgs *a, int r, const DiffStart *st, char **shown, int nline)
{
    const DiffSide *rs = &a->side[r], *other = &a->side[1 - r];
    const char *slash = other->is_engine ? NULL : strrchr(other->path, '/');
    printf("\n# a .test case for %s (%s), expecting the moves of %s:\n", side_name(r), rs->label,
           side_name(1 - r));
    printf("case: the moves of %s",
           other->is_engine ? "the engine" : slash ? slash + 1 : other->path);
    if (nline) printf(" after");
    for (int i = 0; i < nline; i++) printf(" %s", shown[i]);
    printf("\n");
    for (int i = 0; i < rs->nopts; i++) printf("option: %s\n", rs->opts[i]);
    if (st->fen) printf("fen: %s\n", st->fen);
    if (st->nmoves + nline) {
        printf("play:");
        for (int i = 0; i < st->nmoves; i++) printf(" %s", st->moves[i]);
        for (int i = 0; i < nline; i++) printf(" %s", shown[i]);
        printf("\n");
    }
}

/* The .test case's moves: the other side's, as r writes them (r's own string where r has the
 * move, else translated back), under protected_run: translating runs rules code. */
typedef struct { const DiffArgs *a; int r; const DiffStart *st; const Divide *d; } CaseRun;

static void print_case_moves(Pos *p, void *ctx)
{
    const CaseRun *c = ctx;
    const Divide *theirs = &c->d[1 - c->r], *mine = &c->d[c->r];
    int translated = 0, col = 99;
    printf("moves:");
    for (int i = 0, j = 0; i < theirs->n; i++) {
        const char *key = theirs->e[i].key;
        while (j < mine->n && strcmp(mine->e[j].key, key) < 0) j++;
        char back[MOVE_STR_MAX];
        const char *s;
        if (j < mine->n && !strcmp(mine->e[j].key, key)) s = mine->e[j].shown;
        else if (c->a->side[1 - c->r].is_engine) {
            notation_move_back(c->st->notation, p, key, back, sizeof back);
            s = back;
            translated++;
        } else s = theirs->e[i].shown;
        for (int t = 0; t < theirs->e[i].times; t++) {
            if (col + 1 + (int)strlen(s) > 96) { printf("\n "); col = 1; }
            printf(" %s", s);
            col += 1 + (int)strlen(s);
        }
    }
    printf("\n");
    if (translated)
        printf("# (%d of these moves %s only the engine's, written back in boardvm's notation: "
               "check %s)\n", translated, translated == 1 ? "is" : "are",
               translated == 1 ? "it" : "them");
}

/* The .test case for the rules side r at the end of line: the other side's moves expected. */
static int print_case(DiffArgs *a, int r, const DiffStart *st, char **line, char **shown,
                      int nline, const Divide d[2])
{
    DiffSide *rs = &a->side[r];
    char err[512];
    Pos *p = side_position(rs, st, line, nline, err, sizeof err);
    if (!p) { fprintf(stderr, "boardvm diff: %s\n", err); return 0; }
    char *ps = pos_to_string(p);
    printf("position: %s\n", ps);
    free(ps);
    print_case_head(a, r, st, shown, nline);
    CaseRun c = { a, r, st, d };
    int failed = protected_run(p, print_case_moves, &c);
    if (failed) fprintf(stderr, "boardvm diff: %s: %s\n", rs->label, p->errmsg);
    pos_free(p);
    return !failed;
}

/* The divides of both sides at depth after line; 0 after printing the message. */
static int both_divides(DiffArgs *a, const DiffStart *st, char *const *line, int nline, int depth,
                        Divide d[2])
{
    char err[1024];
    for (int k = 0; k < 2; k++)
        if (!side_divide(&a->side[k], st, line, nline, depth, &d[k], err, sizeof err)) {
            fprintf(stderr, "boardvm diff: %s\n", err);
            return 0;
        }
    return 1;
}

static void print_line(const char *what, char *const *shown, int nline)
{
    printf("%s", what);
    for (int i = 0; i < nline; i++) printf(" %s", shown[i]);
}

/* From the position after line (nline moves, room for depth more), follow the first move whose
 * counts differ until the move lists differ. 0 when they agree at depth there, 1 when they
 * differ, 2 on an error. Frees the line's strings. */
static int narrow(DiffArgs *a, int r, DiffStart *st, char **line, char **shown, int nline,
                  int depth)
{
    int status = 2, nline0 = nline;
    Divide d[2] = { { 0 }, { 0 } };
    for (;; depth--) {
        if (!both_divides(a, st, line, nline, depth, d)) goto out;
        if (nline) { print_line("after", shown, nline); printf(": "); }
        printf("perft %d: A %llu, B %llu\n", depth, (unsigned long long)d[0].total,
               (unsigned long long)d[1].total);
        if (one_sided(d, 0)) {
            if (nline) print_line("the legal moves differ after:", shown, nline);
            else printf("the legal moves differ in the start position");
            printf("\n");
            one_sided(d, 1);
            status = print_case(a, r, st, line, shown, nline, d) ? 1 : 2;
            goto out;
        }
        int jb, i = first_difference(d, &jb);
        if (i < 0) {
            if (nline == nline0) status = 0;
            else fprintf(stderr, "boardvm diff: the counts below a move changed between two runs "
                         "(a side is not deterministic)\n");
            goto out;
        }
        line[nline] = xstrdup(d[0].e[i].key, "the line");
        shown[nline++] = xstrdup(d[r].e[r ? jb : i].shown, "the line");
        for (int k = 0; k < 2; k++) divide_free(&d[k]);
        if (depth == 1) {          /* depth 1 counts each move once: a difference is one-sided */
            fprintf(stderr, "boardvm diff: the counts differ at depth 1 with the same moves "
                    "(a side is not deterministic)\n");
            goto out;
        }
    }
out:
    for (int k = 0; k < 2; k++) divide_free(&d[k]);
    for (int i = 0; i < nline; i++) { free(line[i]); free(shown[i]); }
    return status;
}

/* The engine must reach the position boardvm reaches: an engine reads `position ... moves`
 * and stops, without a word, at a move it cannot read (Fairy-Stockfish does), and a divide of
 * the wrong position would show as a difference that is none. Each move of --moves must be
 * one the engine lists in the position before it; the moves of the narrowing and of the random
 * games are always moves both sides listed. 1 when it follows; else 0 after the message. */
static int engine_follows(DiffArgs *a, DiffSide *engine, const DiffStart *st)
{
    char err[1024];
    for (int i = 0; i < st->nmoves; i++) {
        DiffStart upto = *st;
        upto.nmoves = i;
        Divide d = { 0 };
        if (!side_divide(engine, &upto, NULL, 0, 1, &d, err, sizeof err)) {
            fprintf(stderr, "boardvm diff: %s\n", err);
            return 0;
        }
        int found = 0;
        for (int k = 0; k < d.n && !found; k++) found = !strcmp(d.e[k].key, st->start_keys[i]);
        divide_free(&d);
        if (!found) {
            fprintf(stderr, "boardvm diff: the engine does not list the move '%s' (move %d of "
                    "--moves, '%s') in the position before it, so it would not reach the "
                    "position boardvm reaches (an engine ignores a move it cannot read): compare "
                    "the position before it instead (%s)\n",
                    st->start_keys[i], i + 1, a->moves[i], i ? "--moves without this move and the "
                    "ones after it" : "without --moves");
            return 0;
        }
    }
    return 1;
}

/* A small generator of its own (splitmix64), so that a seed gives the same games everywhere. */
static uint64_t next_random(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* --random-games N --plies P: from the start, N games of random moves both sides list,
 * compared at --depth at every ply; at the first difference, narrowed down from there. */
static int random_games(DiffArgs *a, int r, DiffStart *st, char **line, char **shown)
{
    uint64_t rng = a->seed;
    for (int game = 1; game <= a->random_games; game++) {
        int nline = 0, status = 0;
        for (int ply = 0; ply <= a->plies; ply++) {
            Divide d[2] = { { 0 }, { 0 } };
            if (!both_divides(a, st, line, nline, a->depth, d)) status = 2;
            else if (one_sided(d, 0) || first_difference(d, &(int){ 0 }) >= 0) {
                printf("random game %d (seed %llu), ply %d: the sides differ", game,
                       (unsigned long long)a->seed, ply);
                if (nline) print_line(" after", shown, nline);
                printf("\n");
                status = -1;
            } else {                          /* a move both list, at random */
                int nboth = 0;
                for (int i = 0, j = 0; i < d[0].n; i++) {
                    while (j < d[1].n && strcmp(d[1].e[j].key, d[0].e[i].key) < 0) j++;
                    nboth += j < d[1].n && !strcmp(d[1].e[j].key, d[0].e[i].key);
                }
                int pick = nboth && ply < a->plies
                    ? (int)(next_random(&rng) % (uint64_t)nboth) : -1;
                for (int i = 0, j = 0; i < d[0].n && pick >= 0; i++) {
                    while (j < d[1].n && strcmp(d[1].e[j].key, d[0].e[i].key) < 0) j++;
                    if (!(j < d[1].n && !strcmp(d[1].e[j].key, d[0].e[i].key)) || pick--) continue;
                    line[nline] = xstrdup(d[0].e[i].key, "the line");
                    shown[nline++] = xstrdup(d[r].e[r ? j : i].shown, "the line");
                    pick = -1;
                }
                if (!nboth || ply == a->plies) ply = a->plies + 1;     /* the game ends */
            }
            for (int k = 0; k < 2; k++) divide_free(&d[k]);
            if (status) break;
        }
        if (status == -1) return narrow(a, r, st, line, shown, nline, a->depth) == 1 ? 1 : 2;
        for (int i = 0; i < nline; i++) { free(line[i]); free(shown[i]); }
        if (status) return status;
    }
    printf("A and B agree at depth %d at every ply of %d random game%s of up to %d plies "
           "(seed %llu)\n", a->depth, a->random_games, a->random_games == 1 ? "" : "s", a->plies,
           (unsigned long long)a->seed);
    return 0;
}

static int run_diff(DiffArgs *a)
{
    char err[1024];
    int r = a->side[0].is_engine ? 1 : 0;        /* the rules side whose notation is used */
    DiffSide *engine = a->side[1 - r].is_engine ? &a->side[1 - r] : NULL;
    for (int k = 0; k < 2; k++) {
        if (!side_open(&a->side[k], err, sizeof err)) {
            fprintf(stderr, "boardvm diff: %s\n", err);
            return 2;
        }
    }
    DiffStart st = { a->fen, a->moves, a->nmoves, engine ? &engine->notation : NULL, NULL, NULL };
    if (!prepare_start(&a->side[r], engine, &st, err, sizeof err)) {
        fprintf(stderr, "boardvm diff: %s\n", err);
        free_start(&st);
        return 2;
    }
    for (int k = 0; k < 2; k++)
        printf("%s: %s%s\n", side_name(k), a->side[k].is_engine ? "the engine " : "",
               a->side[k].label);
    if (engine)
        printf("the engine's start: %s\n", engine->engine_fen ? engine->engine_fen : st.engine_fen);
    int status = 2;
    if (engine && !engine_follows(a, engine, &st)) { free_start(&st); return 2; }
    size_t room = (size_t)a->depth + (a->random_games ? (size_t)a->plies : 0) + 2;
    char **line = xcalloc(room, sizeof *line, "the line of moves");
    char **shown = xcalloc(room, sizeof *shown, "the line of moves");
    if (a->random_games) status = random_games(a, r, &st, line, shown);
    else {
        status = narrow(a, r, &st, line, shown, 0, a->depth);
        if (status == 0) printf("A and B agree to depth %d\n", a->depth);
    }
    free(line); free(shown);
    free_start(&st);
    return status;
}

int cmd_diff(Args *args)
{
    DiffArgs a;
    memset(&a, 0, sizeof a);
    int st = diff_args(args, &a);
    if (st == 0) st = run_diff(&a);
    for (int k = 0; k < a.nsides; k++) side_close(&a.side[k]);
    free_diff_args(&a);
    return st;
}
