/* extend.c - `moves extend { }`: an effect added to every move of every piece.
 *
 * S-chess gating (a piece in hand may enter on the square a back-rank piece has left) and duck
 * chess (every move is followed by a move of the duck) add to each move, whatever made it: a
 * native `leap` or `ride` line, a program or a drop. The game's pieces stay as they are; after
 * each unit of the generation (one piece's moves, the drops of one type), every move is made,
 * as far as the board (its program's writes, the piece moving, the captures with `on capture`;
 * not `after-move`, the turn or the history), and the `moves extend` program runs on the
 * position it reaches, with `move.from`, `move.to`, `move.piece` and `move.captured` set and
 * the cursor on `move.to`. Each move that program emits replaces the move: the move's own
 * writes and the program's together, as one move of the `land` kind (the writes alone are
 * made), and its string, the move's, followed by the program's notes. An `emit` that changes
 * nothing keeps the move as it was (so that its legality test keeps the fast paths of plain
 * moves); a move the program does not emit at all is gone. */
#include "extend.h"
#include <stdlib.h>
#include <string.h>
#include "make.h"
#include "oom.h"
#include "vm.h"

struct ExtScratch {
    MoveList out;                /* what the program emitted for one move */
    Move *base; int cap;         /* the unit's moves, as generated */
    uint32_t *seen, stamp;       /* state locations already in the move being built */
};

static void extend_scratch_free(struct ExtScratch *x)
{
    if (!x) return;
    movelist_free(&x->out);
    free(x->base); free(x->seen); free(x);
}

static void need_ops(MoveList *ml, uint32_t more)
{
    if (ml->nops + more <= ml->capops) return;
    uint32_t was = ml->capops;
    ml->capops = ml->capops ? 2 * ml->capops : 1024;
    while (ml->capops < ml->nops + more) ml->capops *= 2;
    movelist_account((long)(2 * sizeof *ml->ops * (ml->capops - was)));
    ml->ops = xrealloc(ml->ops, sizeof *ml->ops * 2 * (size_t)ml->capops,
                       "the moves' state writes");
}

static void need_text(MoveList *ml, uint32_t n)
{
    if (ml->ntext + n <= ml->captext) return;
    uint32_t was = ml->captext;
    if (!ml->captext) ml->captext = 4096;
    while (ml->captext < ml->ntext + n) ml->captext *= 2;
    movelist_account((long)(ml->captext - was));
    ml->text = xrealloc(ml->text, ml->captext, "the moves' text");
}

static void add_text(MoveList *ml, const char *s, uint32_t n)
{
    if (!n) return;
    need_text(ml, n);
    memcpy(ml->text + ml->ntext, s, n);
    ml->ntext += n;
}

/* Text the list already holds (a move's notes), copied to its end: the list may move. */
static void add_own_text(MoveList *ml, uint32_t at, uint32_t n)
{
    if (!n) return;
    need_text(ml, n);
    memmove(ml->text + ml->ntext, ml->text + at, n);
    ml->ntext += n;
}

/* One write of the move being built: the first of each location counts (the program's come
 * before the move's own, which the position now holds). */
static void add_op(struct ExtScratch *x, MoveList *ml, int32_t loc, int32_t value)
{
    if (x->seen[loc] == x->stamp) return;
    x->seen[loc] = x->stamp;
    need_ops(ml, 1);
    ml->ops[2 * ml->nops] = loc;
    ml->ops[2 * ml->nops + 1] = value;
    ml->nops++;
}

/* The move b made, then the program's emitted move e: one move of ml. `made` is where the
 * trail stood before b was made; p is the position after b. */
static void push_extended(Pos *p, MoveList *ml, struct ExtScratch *x, const Move *b, const Move *e,
                          int made, int mover, int32_t taken)
{
    const Game *g = p->g;
    const MoveList *out = &x->out;
    if (ml->n >= MAX_MOVES)
        pos_runtime_error(p, 0, "more than %d moves in one position", MAX_MOVES);
    Move f = *b;
    if (++x->stamp == 0) {
        memset(x->seen, 0, sizeof *x->seen * ((size_t)g->st_size + 1));
        x->stamp = 1;
    }
    x->seen[g->st_turn] = x->stamp;     /* the make passes the turn, as it did for b */
    f.op0 = ml->nops;
    const int32_t *eops = out->ops + 2 * e->op0;
    for (uint32_t i = 0; i < e->nops; i++) add_op(x, ml, eops[2 * i], eops[2 * i + 1]);
    for (int t = made; t < p->ntrail; t++) {
        int32_t loc = p->trail[t].loc;
        if ((uint32_t)loc < (uint32_t)g->st_transient) add_op(x, ml, loc, p->st[loc]);
    }
    f.nops = ml->nops - f.op0;
    /* its string: the move's (a drop's `X@sq` as text), then what the program wrote */
    f.note0 = ml->ntext;
    if (b->kind == MK_DROP) {
        const char *code = g->types[b->hand && b->hand != b->become ? b->hand : b->become].code;
        const char *sq = g->sq_name[b->to];
        add_text(ml, code, (uint32_t)strlen(code));
        add_text(ml, "@", 1);
        add_text(ml, sq, (uint32_t)strlen(sq));
        if (b->hand && b->hand != b->become) {           /* dropped as another type */
            const char *as = g->types[b->become].code;
            add_text(ml, "=", 1);
            add_text(ml, as, (uint32_t)strlen(as));
        }
        f.kind = MK_STAY; f.from = -1; f.piece = PW_MAKE(b->become, mover);
    } else f.kind = b->kind == MK_STAY ? MK_STAY : MK_LANDED;
    add_own_text(ml, b->note0, b->nnote);
    const char *suffix = e->suffix ? g->strings[e->suffix - 1] : "";
    add_text(ml, suffix, (uint32_t)strlen(suffix));
    add_text(ml, out->text + e->note0, e->nnote);
    f.nnote = ml->ntext - f.note0;
    f.qual0 = ml->ntext;
    add_own_text(ml, b->qual0, b->nqual);
    add_text(ml, out->text + e->qual0, e->nqual);
    f.nqual = ml->ntext - f.qual0;
    f.qual_before = b->nqual ? b->qual_before : e->qual_before;
    f.again = b->again || e->again;
    if (e->key) f.key = e->key;
    f.taken = taken;
    *movelist_push(ml) = f;
}

void extend_moves(Pos *p, MoveList *ml, int first)
{
    const Game *g = p->g;
    int n = ml->n - first;
    if (n <= 0) return;
    if (!ml->ext) {
        ml->ext = calloc(1, sizeof *ml->ext);
        if (!ml->ext) out_of_memory("the scratch of `moves extend`");
        ml->ext_free = extend_scratch_free;
    }
    struct ExtScratch *x = ml->ext;
    if (!x->seen) {
        x->seen = calloc((size_t)g->st_size + 1, sizeof *x->seen);
        if (!x->seen) out_of_memory("the scratch of `moves extend`");
    }
    if (n > x->cap) {
        x->cap = n;
        x->base = xrealloc(x->base, sizeof *x->base * (size_t)n, "the scratch of `moves extend`");
    }
    memcpy(x->base, ml->m + first, sizeof *x->base * (size_t)n);
    ml->n = first;                     /* their writes and text stay where they are, and are read */
    int mover = pos_mover(p);
    for (int i = 0; i < n; i++) {
        const Move *b = &x->base[i];
        int made = p->ntrail;
        pos_make_parts(p, ml, b, 0);
        int32_t taken = p->last_captured;
        movelist_clear(&x->out);
        RunCtx c = {0};
        c.mode = RUN_GEN; c.fn = g->extend_fn; c.mover = mover;
        c.origin = b->to >= 0 ? b->to : b->from >= 0 ? b->from : 0;   /* the cursor: move.to */
        c.piece = b->kind == MK_DROP ? PW_MAKE(b->become, mover) : b->piece;
        c.out = &x->out; c.nlegal = -1; c.target = -1;
        vm_run(p, &c);
        for (int k = 0; k < x->out.n; k++) {
            const Move *e = &x->out.m[k];
            if (!e->nops && !e->nnote && !e->nqual && !e->suffix && !e->again && !e->key) {
                if (ml->n >= MAX_MOVES)
                    pos_runtime_error(p, 0, "more than %d moves in one position", MAX_MOVES);
                *movelist_push(ml) = *b;          /* nothing added: the move as it was */
            } else push_extended(p, ml, x, b, e, made, mover, taken);
        }
        pos_unmake(p);
    }
}
