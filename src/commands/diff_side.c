/* diff_side.c - the two kinds of side of `boardvm diff` (see diff_side.h). */
#include "diff_side.h"
#include "make.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "session.h"
#include "oom.h"
#include "protect.h"

int side_open(DiffSide *s, char *err, size_t errlen)
{
    if (s->is_engine) {
        s->eng = uci_start(s->command, s->variant, s->nsetopts, s->setopts, s->timeout, err,
                           errlen);
        return s->eng != NULL;
    }
    int status;
    s->g = load_game(s->path, NULL, s->nopts, s->opts, &status);
    if (!s->g) {
        snprintf(err, errlen, "%s: %s", s->path, status == 2 ? "not read" : "does not compile");
        return 0;
    }
    return 1;
}

void side_close(DiffSide *s)
{
    if (s->eng) uci_stop(s->eng);
    if (s->g) game_free(s->g);
    s->eng = NULL; s->g = NULL;
}

int side_key(const DiffStart *st, const Game *g, const MoveList *ml, const Move *m,
             char *out, size_t outlen, char *err, size_t errlen)
{
    if (st->notation) return notation_move(st->notation, g, ml, m, out, outlen, err, errlen);
    move_string(g, ml, m, out, outlen);
    return 1;
}

/* Following the line of keys from the start (under protected_run: the moves run rules code). */
typedef struct {
    DiffSide *s;
    const DiffStart *st;
    char *const *line; int nline;
    char *err; size_t errlen;
    int ok;
} LineRun;

static void follow_line(Pos *p, void *ctx)
{
    LineRun *r = ctx;
    for (int i = 0; i < r->nline; i++) {
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        int found = -1;
        for (int k = 0; k < ml->n && found < 0; k++) {
            char key[MOVE_STR_MAX];
            if (!side_key(r->st, r->s->g, ml, &ml->m[k], key, sizeof key, r->err, r->errlen))
                return;
            if (!strcmp(key, r->line[i])) found = k;
        }
        if (found < 0) {        /* only moves both sides have are followed: a bug of diff itself */
            snprintf(r->err, r->errlen, "%s: the move '%s' of the line is not legal here",
                     r->s->label, r->line[i]);
            return;
        }
        pos_make(p, ml, &ml->m[found]);
    }
    r->ok = 1;
}

/* "LABEL: MESSAGE" after a runtime error of the rules side s on p. */
static void runtime_error(const DiffSide *s, const Pos *p, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s: %s", s->label, p->errmsg);
}

Pos *side_position(DiffSide *s, const DiffStart *st, char *const *line, int nline,
                   char *err, size_t errlen)
{
    int status;
    Pos *p = setup_position(s->g, st->fen, st->moves, st->nmoves, &status);
    if (!p) {
        snprintf(err, errlen, "%s: the start position or --moves (above)", s->label);
        return NULL;
    }
    LineRun r = { s, st, line, nline, err, errlen, 0 };
    if (protected_run(p, follow_line, &r)) runtime_error(s, p, err, errlen);
    if (!r.ok) { pos_free(p); return NULL; }
    return p;
}

static int cmp_entry(const void *a, const void *b)
{
    return strcmp(((const DivideEntry *)a)->key, ((const DivideEntry *)b)->key);
}

/* Sort by key and merge the entries of one key (a move listed twice counts its leaves twice). */
static void divide_sort(Divide *d)
{
    qsort(d->e, (size_t)d->n, sizeof *d->e, cmp_entry);
    int k = 0;
    d->total = 0;
    for (int i = 0; i < d->n; i++) {
        d->total += d->e[i].count;
        if (k && !strcmp(d->e[k - 1].key, d->e[i].key)) {
            d->e[k - 1].count += d->e[i].count;
            d->e[k - 1].times += d->e[i].times;
            free(d->e[i].key); free(d->e[i].shown);
        } else d->e[k++] = d->e[i];
    }
    d->n = k;
}

/* The divide of a rules side (under protected_run: the moves and perft run rules code). */
typedef struct {
    DiffSide *s;
    const DiffStart *st;
    int depth;
    Divide *out;
    char *err; size_t errlen;
    int ok;
} DivideRun;

static void divide_moves(Pos *p, void *ctx)
{
    DivideRun *r = ctx;
    const Game *g = r->s->g;
    Divide *out = r->out;
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    out->e = xcalloc((size_t)ml->n + 1, sizeof *out->e, "the divide of a rules side");
    for (int i = 0; i < ml->n; i++) {
        char key[MOVE_STR_MAX], shown[MOVE_STR_MAX];
        if (!side_key(r->st, g, ml, &ml->m[i], key, sizeof key, r->err, r->errlen)) {
            char *msg = xstrdup(r->err, "a message");
            snprintf(r->err, r->errlen, "%s: %s", r->s->label, msg);
            free(msg);
            return;
        }
        move_string(g, ml, &ml->m[i], shown, sizeof shown);
        pos_make(p, ml, &ml->m[i]);
        uint64_t n = perft(p, r->depth - 1, 1);
        pos_unmake(p);
        out->e[out->n++] = (DivideEntry){ xstrdup(key, "a move"), xstrdup(shown, "a move"), n, 1 };
    }
    r->ok = 1;
}

static int rules_divide(DiffSide *s, const DiffStart *st, char *const *line, int nline,
                        int depth, Divide *out, char *err, size_t errlen)
{
    Pos *p = side_position(s, st, line, nline, err, errlen);
    if (!p) return 0;
    DivideRun r = { s, st, depth, out, err, errlen, 0 };
    if (protected_run(p, divide_moves, &r)) runtime_error(s, p, err, errlen);
    pos_free(p);
    if (!r.ok) { divide_free(out); return 0; }
    divide_sort(out);
    return 1;
}

static int engine_divide(DiffSide *s, const DiffStart *st, char *const *line, int nline,
                         int depth, Divide *out, char *err, size_t errlen)
{
    char **moves = malloc(sizeof *moves * (size_t)(st->nmoves + nline + 1));
    if (!moves) out_of_memory("moves in engine_divide()");
    for (int i = 0; i < st->nmoves; i++) moves[i] = st->start_keys[i];
    for (int i = 0; i < nline; i++) moves[st->nmoves + i] = line[i];
    UciDivide u;
    const char *fen = s->engine_fen ? s->engine_fen : st->engine_fen;
    int ok = uci_perft(s->eng, fen, moves, st->nmoves + nline, depth, &u, err, errlen);
    free(moves);
    if (!ok) return 0;
    out->e = calloc((size_t)u.n + 1, sizeof *out->e);
    if (!out->e) out_of_memory("out.e in engine_divide()");
    for (int i = 0; i < u.n; i++) {     /* the key is the engine's string itself: one copy less */
        char *m = u.line[i].move;
        u.line[i].move = NULL;
        out->e[out->n++] = (DivideEntry){ m, xstrdup(m, "a move"), u.line[i].count, 1 };
    }
    uci_divide_free(&u);
    divide_sort(out);
    return 1;
}

int side_divide(DiffSide *s, const DiffStart *st, char *const *line, int nline, int depth,
                Divide *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    return s->is_engine ? engine_divide(s, st, line, nline, depth, out, err, errlen)
                        : rules_divide(s, st, line, nline, depth, out, err, errlen);
}

void divide_free(Divide *d)
{
    for (int i = 0; i < d->n; i++) { free(d->e[i].key); free(d->e[i].shown); }
    free(d->e);
    memset(d, 0, sizeof *d);
}
