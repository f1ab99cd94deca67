/* api_pos.c - the library's positions (boardvm.h): set up from strings and written back, legal
 * moves as text and as structures, moves made (by text, SAN or index) and taken back, the end
 * of the game, perft. Everything that runs rules code runs under protected_run(), so that a
 * runtime error of the rules file comes back as BVM_ERR_RUNTIME and marks the position broken. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api_internal.h"
#include "make.h"
#include "notation.h"
#include "oom.h"
#include "perft.h"
#include "posstring.h"
#include "protect.h"
#include "record.h"
#include "san.h"

int api_usable(const bvm_pos *p, bvm_error *err)
{
    if (!p) return api_fail(err, BVM_ERR_ARGUMENT, "no position");
    if (p->broken)
        return api_fail(err, BVM_ERR_BROKEN, "the position was left unusable by a runtime error "
                        "of the rules code (set it again)");
    return BVM_OK;
}

int api_runtime_failure(bvm_pos *p, bvm_error *err)
{
    p->broken = 1;
    p->moves_ok = 0;
    return api_fail(err, BVM_ERR_RUNTIME, "%s", p->p->errmsg);
}

/* ---- setting up ---------------------------------------------------------------------- */

typedef struct { const char *s; char e[256]; int ok; } SetUp;

static void set_up(Pos *p, void *ctx)
{
    SetUp *s = ctx;
    s->ok = pos_from_string(p, s->s, s->e, sizeof s->e);
}

int bvm_pos_set(bvm_pos *bp, const char *position, bvm_error *err)
{
    if (!bp) return api_fail(err, BVM_ERR_ARGUMENT, "no position");
    const Game *g = bp->game->g;
    Pos *fresh = pos_new(g);           /* a run never replaces its position: set up a new one */
    SetUp s = { position ? position : g->start, "", 0 };
    int failed = protected_run(fresh, set_up, &s);
    if (failed || !s.ok) {
        int code = failed ? api_fail(err, BVM_ERR_RUNTIME, "%s", fresh->errmsg)
                 : api_fail(err, BVM_ERR_POSITION, "%s position: %s",
                            position ? "bad" : "the rules file's start", s.e);
        pos_free(fresh);
        return code;                         /* bp stays as it was */
    }
    if (bp->p) pos_free(bp->p);
    bp->p = fresh;
    bp->broken = 0;
    bp->ply = 0;
    bp->moves_ok = 0;
    return api_ok(err);
}

bvm_pos *bvm_pos_new(const bvm_game *g, const char *position, bvm_error *err)
{
    if (!g) { api_fail(err, BVM_ERR_ARGUMENT, "no game"); return NULL; }
    bvm_pos *bp = xcalloc(1, sizeof *bp, "a position");
    bp->game = g;
    if (bvm_pos_set(bp, position, err)) { free(bp); return NULL; }
    return bp;
}

void bvm_pos_free(bvm_pos *bp)
{
    if (!bp) return;
    movelist_free(&bp->ml);
    free(bp->order);
    if (bp->p) pos_free(bp->p);
    free(bp);
}

bvm_pos *bvm_pos_copy(const bvm_pos *bp, bvm_error *err)
{
    if (api_usable(bp, err)) return NULL;
    char *s = pos_to_string(bp->p);
    bvm_pos *q = bvm_pos_new(bp->game, s, err);
    free(s);
    if (!q) return NULL;
    const Pos *from = bp->p;
    Pos *to = q->p;
    pos_set_history(to, from->hist, from->nhist - 1);     /* the positions before this one */
    memcpy(to->mhist, from->mhist, sizeof *to->mhist * (size_t)from->nhist);
    return q;
}

const bvm_game *bvm_pos_game(const bvm_pos *bp) { return bp->game; }
int bvm_pos_turn(const bvm_pos *bp) { return pos_turn(bp->p); }
int bvm_pos_ply(const bvm_pos *bp) { return bp->ply; }

size_t bvm_pos_string(const bvm_pos *bp, char *buf, size_t len)
{
    char *s = pos_to_string(bp->p);
    size_t n = strlen(s);
    if (len) snprintf(buf, len, "%s", s);
    free(s);
    return n;
}

int bvm_pos_piece(const bvm_pos *bp, int square, int *owner)
{
    if (owner) *owner = -1;
    if (square < 0 || square >= bp->game->g->nsq) return 0;
    int loc = pos_top_loc(bp->p, square);
    if (loc < 0) return 0;
    int32_t w = pos_get(bp->p, loc);
    if (owner) *owner = PW_OWNER(w);
    return PW_TYPE(w);
}

/* ---- legal moves --------------------------------------------------------------------- */

static void gen_moves(Pos *p, void *ctx)
{
    bvm_pos *bp = ctx;
    movelist_clear(&bp->ml);
    node_moves(p, &bp->ml);
}

int api_moves(bvm_pos *bp, bvm_error *err)
{
    int st = api_usable(bp, err);
    if (st) return st;
    if (bp->moves_ok) return BVM_OK;
    if (protected_run(bp->p, gen_moves, bp)) return api_runtime_failure(bp, err);
    bp->order = xrealloc(bp->order, sizeof *bp->order * (size_t)(bp->ml.n + 1), "the moves");
    move_sorted(bp->game->g, &bp->ml, bp->order);
    bp->moves_ok = 1;
    return BVM_OK;
}

static void describe(const bvm_pos *bp, const Move *m, bvm_move *out)
{
    const Game *g = bp->game->g;
    move_string(g, &bp->ml, m, out->text, sizeof out->text);
    out->from = m->kind == MK_DROP ? -1 : m->from;
    out->to = m->to;
    out->kind = m->kind == MK_DROP ? BVM_DROP : m->kind == MK_STAY ? BVM_STAY : BVM_MOVE;
    out->piece = m->kind == MK_DROP ? m->become : PW_TYPE(m->piece);
    out->becomes = m->kind == MK_DROP ? 0 : m->become;
    out->captured = m->captured ? PW_TYPE(m->captured) : PW_TYPE(m->taken);
    out->multi = m->nnote > 0;
}

int bvm_pos_moves(bvm_pos *bp, bvm_move *moves, int max, bvm_error *err)
{
    if (api_moves(bp, err)) return -1;
    for (int i = 0; i < bp->ml.n && i < max; i++)
        describe(bp, &bp->ml.m[bp->order[i]], &moves[i]);
    api_ok(err);
    return bp->ml.n;
}

int bvm_pos_move(bvm_pos *bp, int index, bvm_move *out, bvm_error *err)
{
    int st = api_moves(bp, err);
    if (st) return st;
    if (index < 0 || index >= bp->ml.n || !out)
        return api_fail(err, BVM_ERR_MOVE, "move %d of %d: no such legal move", index, bp->ml.n);
    describe(bp, &bp->ml.m[bp->order[index]], out);
    return api_ok(err);
}

/* The legal move that s names, in boardvm's text or in SAN: its index in bp->ml. */
typedef struct { bvm_pos *bp; const char *s; int k, other; } Find;

/* Both make moves (move_find_typed compares the states twins reach), so both run protected. */
static void find_text(Pos *p, void *ctx)
{
    Find *f = ctx;
    f->k = move_find_typed(p, &f->bp->ml, f->s, &f->other);
}

static void find_san(Pos *p, void *ctx)
{
    Find *f = ctx;
    f->k = san_find(p, &f->bp->ml, f->s, &f->other);
}

static int find_move(bvm_pos *bp, const char *s, int *k, bvm_error *err)
{
    if (!s) return api_fail(err, BVM_ERR_ARGUMENT, "no move");
    int st = api_moves(bp, err);
    if (st) return st;
    Find f = { bp, s, -1, -1 };
    if (protected_run(bp->p, find_text, &f)) return api_runtime_failure(bp, err);
    if (f.k < 0 && protected_run(bp->p, find_san, &f)) return api_runtime_failure(bp, err);
    if (f.k < 0) return api_fail(err, BVM_ERR_MOVE, "'%s' is not a legal move here", s);
    if (f.other >= 0) {
        char a[MOVE_STR_MAX], b[MOVE_STR_MAX];
        move_string(bp->game->g, &bp->ml, &bp->ml.m[f.k], a, sizeof a);
        move_string(bp->game->g, &bp->ml, &bp->ml.m[f.other], b, sizeof b);
        return api_fail(err, BVM_ERR_MOVE, "'%s' names two legal moves here (%s and %s)", s, a, b);
    }
    *k = f.k;
    return BVM_OK;
}

int bvm_pos_find(bvm_pos *bp, const char *move, bvm_move *out, bvm_error *err)
{
    int k, st = find_move(bp, move, &k, err);
    if (st) return st;
    if (out) describe(bp, &bp->ml.m[k], out);
    return api_ok(err);
}

typedef struct { bvm_pos *bp; int k; } Make;

static void make_it(Pos *p, void *ctx)
{
    Make *m = ctx;
    pos_make(p, &m->bp->ml, &m->bp->ml.m[m->k]);
}

static int make_index(bvm_pos *bp, int k, bvm_error *err)
{
    Make m = { bp, k };
    bp->moves_ok = 0;
    if (protected_run(bp->p, make_it, &m)) return api_runtime_failure(bp, err);
    bp->ply++;
    return api_ok(err);
}

int bvm_pos_make(bvm_pos *bp, const char *move, bvm_error *err)
{
    int k, st = find_move(bp, move, &k, err);
    return st ? st : make_index(bp, k, err);
}

int bvm_pos_make_index(bvm_pos *bp, int index, bvm_error *err)
{
    int st = api_moves(bp, err);
    if (st) return st;
    if (index < 0 || index >= bp->ml.n)
        return api_fail(err, BVM_ERR_MOVE, "move %d of %d: no such legal move", index, bp->ml.n);
    return make_index(bp, bp->order[index], err);
}

int bvm_pos_unmake(bvm_pos *bp, bvm_error *err)
{
    int st = api_usable(bp, err);
    if (st) return st;
    if (!bp->ply) return api_fail(err, BVM_ERR_EMPTY, "no move to take back");
    pos_unmake(bp->p);                    /* pops the undo trail: runs no rules code */
    bp->ply--;
    bp->moves_ok = 0;
    return api_ok(err);
}

typedef struct { bvm_pos *bp; int k; char out[SAN_MAX]; } San;

static void san_it(Pos *p, void *ctx)
{
    San *s = ctx;
    san_move(p, &s->bp->ml, s->k, s->out, sizeof s->out);
}

int bvm_pos_san(bvm_pos *bp, const char *move, char *buf, size_t len, bvm_error *err)
{
    San s = { bp, -1, "" };
    int st = find_move(bp, move, &s.k, err);
    if (st) return st;
    if (protected_run(bp->p, san_it, &s)) return api_runtime_failure(bp, err);
    if (len) snprintf(buf, len, "%s", s.out);
    return api_ok(err);
}

/* ---- the end of the game, perft ----------------------------------------------------- */

int bvm_pos_result(bvm_pos *bp, bvm_result *res, bvm_error *err)
{
    int st = api_moves(bp, err);              /* node_moves runs the end block (p->result) */
    if (st) return st;
    const Pos *p = bp->p;
    const Game *g = bp->game->g;
    int turn = pos_turn(p);
    int result = p->result;
    const char *reason = p->result_reason ? g->strings[p->result_reason - 1] : "";
    if (!result && bp->ml.n == 0) { result = RESULT_LOSS; reason = "no legal move"; }
    memset(res, 0, sizeof *res);
    res->state = result == RESULT_WIN ? BVM_WIN : result == RESULT_LOSS ? BVM_LOSS
               : result == RESULT_DRAW ? BVM_DRAW : BVM_ONGOING;
    res->winner = result == RESULT_WIN ? pos_result_side(p)
                : result == RESULT_LOSS ? pos_loss_winner(bp->p) : -1;
    snprintf(res->text, sizeof res->text, "%s", record_result_string(g, result, turn));
    snprintf(res->reason, sizeof res->reason, "%s", reason);
    return api_ok(err);
}

typedef struct { int depth; uint64_t n; } Perft;

static void perft_it(Pos *p, void *ctx)
{
    Perft *c = ctx;
    c->n = perft(p, c->depth, 0);
}

int bvm_pos_perft(bvm_pos *bp, int depth, uint64_t *leaves, bvm_error *err)
{
    int st = api_usable(bp, err);
    if (st) return st;
    if (depth < 0 || depth > 30 || !leaves)
        return api_fail(err, BVM_ERR_ARGUMENT, "perft depth must be 0 to 30, not %d", depth);
    Perft c = { depth, 0 };
    if (protected_run(bp->p, perft_it, &c)) return api_runtime_failure(bp, err);
    *leaves = c.n;
    return api_ok(err);
}
