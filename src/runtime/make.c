/* make.c - a move made: the one place where a move changes the game, hooks and all.
 *
 * The position (position.c) is a state store: every write goes through pos_set, which keeps the
 * hash and the undo trail, and pos_unmake pops what a move wrote. What a move writes, and in
 * which order the rules file's hooks see it, is decided here: the `reset` variables, the
 * program's own writes, the capture (with `on capture` for each piece taken), the board, then
 * `after-move`, the turn, the transient variables' reset, `turn-start` and the history. A legality test asks for only the parts
 * its `legal` block can see (effects.h). */
#include "make.h"
#include <string.h>
#include "effects.h"
#include "vm.h"

/* A make and unmake of a plain move take some 25 ns: 10 steps of about 2.5 ns. */
#define MAKE_STEPS 10

void pos_make(Pos *p, const MoveList *ml, const Move *m) { pos_make_parts(p, ml, m, PROBE_FULL); }

/* Who moves after mover: the next player, or the next entry's of a turn-order table (the
 * entry's index is state too: it is moved on here). An index out of the table (a position
 * string may hold anything) starts again at the repeated part. */
static int next_turn(Pos *p, int mover)
{
    const Game *g = p->g;
    uint32_t out = g->st_out >= 0 ? (uint32_t)p->st[g->st_out] : 0;
    if (!g->norder) {
        /* (no division where the mover is a player: a division is some 20 cycles, 1.1 M of
         * them in Nemoroth's perft 4) */
        int next = (unsigned)(mover + 1) < (unsigned)g->nplayers ? mover + 1
                                                                  : (mover + 1) % g->nplayers;
        /* (the eliminated are passed over; the side that moved is still in) */
        for (int k = 0; out && k < g->nplayers && (out >> next & 1); k++) next = (next + 1) % g->nplayers;
        return next;
    }
    int32_t i = p->st[g->order_slot];
    for (int k = 0; k <= g->norder; k++) {
        i++;
        if (i < 0 || i >= g->norder) i = g->order_repeat;
        if (!(out >> g->order_player[i] & 1)) break;
    }
    pos_set(p, g->order_slot, i);
    return g->order_player[i];
}

/* Elimination. Zillions plays a game of three or more players on after one of them loses
 * (docs/zrf.md, "Players"): the loser is out, its pieces leave the board, and the turn order
 * passes it over; the game ends when one player wins, when a draw is declared, or when a loss
 * leaves one player in (who wins). Here the loss is a node whose `end` block says `lose` for
 * the side to move: instead of ending the game it gets one move, `out`, which makes the
 * elimination as a move, so that perft, the search and the undo trail need nothing new. */
int end_eliminates(Pos *p, MoveList *ml)
{
    const Game *g = p->g;
    if (g->st_out < 0 || p->result != RESULT_LOSS) return 0;
    uint32_t alive = pos_alive(p);
    int turn = pos_turn(p);
    if (!(alive >> turn & 1) || __builtin_popcount(alive) <= 2) return 0;
    p->result = 0; p->result_reason = 0; p->result_player = -1;
    movelist_clear(ml);
    Move *m = movelist_push(ml);
    memset(m, 0, sizeof *m);
    m->kind = MK_OUT; m->from = m->to = -1;
    ml->next_unit = -1;                          /* the list is whole */
    return 1;
}

int pos_loss_winner(const Pos *p)
{
    const Game *g = p->g;
    int turn = pos_turn(p);
    /* (the next player still in after the loser: chance players, dice, and neutral ones are
     * not in pos_alive; a game of two gives the other one) */
    uint32_t alive = pos_alive(p) & ~(1u << turn);
    for (int k = 1; k <= g->nplayers; k++)
        if (alive >> ((turn + k) % g->nplayers) & 1) return (turn + k) % g->nplayers;
    return -1;
}

int pos_winner(const Pos *p)
{
    return p->result == RESULT_WIN ? pos_result_side(p) : p->result == RESULT_LOSS ? pos_loss_winner(p) : -1;
}

/* The `out` move: the side to move is marked out and its pieces leave the board (the hands
 * stay: nothing of theirs is ever dropped again). */
static void make_out(Pos *p, int player)
{
    const Game *g = p->g;
    pos_set(p, g->st_out, p->st[g->st_out] | (int32_t)(1u << player));
    for (int sq = 0; sq < g->nsq; sq++)
        for (int l = pos_height(p, sq) - 1; l >= 0; l--) {
            int32_t w = p->st[sq * g->stack + l];
            if (PW_OWNER(w) == player) pos_remove_layer(p, sq, l);
        }
}

/* The `reset` variables back to their first values. One that holds it already is not written:
 * the write would change nothing but the trail (the Four Towers has ten, mostly unset, and
 * their writes were 3 % of its perft's instructions). The moves' own writes of a reset
 * variable come after this, in their ops (vm.c keeps them even when they write the value
 * there before). */
static inline void reset_vars(Pos *p)
{
    const Game *g = p->g;
    for (int i = 0; i < g->nreset; i++) {
        const Var *v = &g->vars[g->reset_vars[i]];
        if (p->st[v->base] != (int32_t)v->init) pos_set(p, v->base, (int32_t)v->init);
    }
}

/* `after-move`, as the compiler decided it for this mover, moving piece's type and capture
 * (hookvariants.c), where it did: what the hook's `if`s ask of them is not asked again. */
static inline int after_move_fn(const Pos *p, int mover)
{
    const Game *g = p->g;
    int t = PW_TYPE(p->last_piece);
    if (!g->after_move_variant || mover < 0 || mover >= g->nplayers || t > g->ntypes)
        return g->hook_fn[HOOK_AFTER_MOVE];
    return g->after_move_variant[(mover * (g->ntypes + 1) + t) * 2 + (p->last_captured != 0)];
}
static void run_after_move(Pos *p, int mover)
{
    RunCtx c;
    runctx_clear(&c);
    c.mode = RUN_HOOK; c.fn = after_move_fn(p, mover); c.mover = mover; c.origin = -1;
    c.nlegal = -1; c.target = -1;
    vm_run(p, &c);
}
/* ... then the rest of m's make and `legal`, in the same run: 1 if `legal` passed */
static int run_after_move_and_legal(Pos *p, int mover, const Move *m)
{
    RunCtx c;
    runctx_clear(&c);
    c.mode = RUN_HOOK; c.fn = after_move_fn(p, mover); c.mover = mover; c.origin = -1;
    c.nlegal = -1; c.target = -1; c.then_legal = m;
    vm_run(p, &c);
    return !c.failed;
}

static inline __attribute__((always_inline)) void make_rest(Pos *p, const Move *m, int mover,
                                                        int parts)
{
    const Game *g = p->g;
    if (!m->again) pos_set(p, g->st_turn, next_turn(p, mover));
    if (p->transient_dirty) pos_reset_transient(p);     /* a turn begins: nothing carries over */
    if ((parts & PROBE_TURN_START) && g->hook_fn[HOOK_TURN_START] >= 0) vm_run_hook(p, HOOK_TURN_START, pos_mover(p));
    if (parts & PROBE_HISTORY) pos_push_history(p);
}
void pos_make_rest(Pos *p, const Move *m, int mover, int parts) { make_rest(p, m, mover, parts); }

/* A make's end, once the board holds the move: `after-move`, then the rest (pos_make_rest) */
static inline __attribute__((always_inline)) void finish_make(Pos *p, const Move *m, int mover,
                                                          int parts)
{
    const Game *g = p->g;
    if ((parts & PROBE_AFTER_MOVE) && g->hook_fn[HOOK_AFTER_MOVE] >= 0) run_after_move(p, mover);
    make_rest(p, m, mover, parts);
}

void pos_make_parts(Pos *p, const MoveList *ml, const Move *m, int parts)
{
    const Game *g = p->g;
    /* a make and its unmake count toward the command's work bound (vm.h), as the state words
     * they write: perft and the search make moves that no program's instructions counted */
    vm_charge(p, MAKE_STEPS + (long)m->nops + g->nreset);
    pos_begin_move(p, (parts & PROBE_HISTORY) != 0);   /* (the flag now: a hook may grow p->undo) */

    int mover = pos_mover(p);
    reset_vars(p);
    if (m->kind == MK_OUT) {
        p->last_from = p->last_to = -1; p->last_piece = p->last_captured = 0;
        make_out(p, pos_turn(p));
        pos_set(p, g->st_turn, next_turn(p, pos_turn(p)));
        if (p->transient_dirty) pos_reset_transient(p);
        if ((parts & PROBE_TURN_START) && g->hook_fn[HOOK_TURN_START] >= 0)
            vm_run_hook(p, HOOK_TURN_START, pos_mover(p));
        if (parts & PROBE_HISTORY) pos_push_history(p);
        pos_check_incremental(p, "a move");
        return;
    }
    if (m->nops) {                             /* a list where no move writes state has no ops array */
        const int32_t *ops = ml->ops + 2 * m->op0;
        for (uint32_t i = 0; i < m->nops; i++) pos_set(p, ops[2 * i], ops[2 * i + 1]);
    }

    p->last_from = m->from; p->last_to = m->to; p->last_piece = m->piece; p->last_captured = 0;
    if (m->kind == MK_MOVE && g->stack == 1) {
        int fc = m->from * g->stack, tc = m->to * g->stack;
        int32_t pw = p->st[fc] ? p->st[fc] : m->piece;
        int32_t cap = p->st[tc];
        if (cap && m->to != m->from) {
            p->last_captured = cap;
            if (g->hook_fn[HOOK_CAPTURE] >= 0) vm_run_capture_hook(p, mover, cap);
        }
        pos_set(p, fc, 0);
        if (m->become) pw = PW_WITH_TYPE(pw, m->become);
        pos_set(p, tc, pw);
    } else if (m->kind == MK_MOVE) {
        /* stacks: the moving piece leaves its layer; everything on the destination is captured */
        int fl = m->from * g->stack + m->layer;
        int32_t pw = p->st[fl] ? p->st[fl] : m->piece;
        pos_remove_layer(p, m->from, m->layer);
        if (m->to != m->from) {
            for (int l = pos_height(p, m->to) - 1; l >= 0; l--) {
                int32_t cap = p->st[m->to * g->stack + l];
                if (l == 0) p->last_captured = cap;
                pos_set(p, m->to * g->stack + l, 0);
                if (g->hook_fn[HOOK_CAPTURE] >= 0) vm_run_capture_hook(p, mover, cap);
            }
        }
        if (m->become) pw = PW_WITH_TYPE(pw, m->become);
        if (!pos_push(p, m->to, pw)) pos_runtime_error(p, 0, "more than %d pieces on %s", g->stack, g->sq_name[m->to]);
    } else if (m->kind == MK_DROP) {
        if (!pos_push(p, m->to, PW_MAKE(m->become, mover)))
            pos_runtime_error(p, 0, "more than %d pieces on %s", g->stack, g->sq_name[m->to]);
        if (m->hand) {                         /* `drops free`: no hand to take it from */
            int hl = g->st_hands + mover * (g->ntypes + 1) + m->hand;
            pos_set(p, hl, p->st[hl] - 1);
        }
        p->last_piece = PW_MAKE(m->become, mover);
    }
    /* a piece the program took with `capture` (en passant) or `land`, when none stood on the
     * destination: `move.captured` is the piece the move captured, however it was taken */
    if (!p->last_captured && m->kind != MK_DROP) p->last_captured = m->taken;
    finish_make(p, m, mover, parts);
    pos_check_incremental(p, "a move");
}

/* Whether m is legal, tested where its program emits it (vm.c, emit_move; step 49): the board
 * holds the writes of its branch, which are what its ops write (a `land`ed move or a `stay`:
 * pos_make_parts's make is its ops and the rest), and the caller has put back what the make
 * would not take from the branch (the `reset` variables it did not write, the transient ones)
 * since mark. The rest is made here as pos_make_parts(p, ml, m, Game.probe) makes it, then the
 * `legal` block runs, and all is taken back to mark. It charges what that make charges. 1 legal,
 * 0 not; -1 where the test set a result (the make in keep_legal is left to do that again). */
int pos_legal_emitted(Pos *p, const Move *m, int mark)
{
    const Game *g = p->g;
    const int mover = pos_mover(p);
    vm_charge(p, MAKE_STEPS + (long)m->nops + g->nreset);
    const int from = p->last_from, to = p->last_to, nhist = p->nhist;
    const int32_t piece = p->last_piece, captured = p->last_captured;
    const int result = p->result, reason = p->result_reason, winner = p->result_player;
    p->writes++;                                         /* (as pos_begin_move: the fields) */
    p->last_from = m->from; p->last_to = m->to; p->last_piece = m->piece;
    p->last_captured = m->taken;
    int ok;
    if ((g->probe & PROBE_AFTER_MOVE) && g->hook_fn[HOOK_AFTER_MOVE] >= 0 &&
        g->hook_fn[HOOK_LEGAL] >= 0)
        ok = run_after_move_and_legal(p, mover, m);
    else {
        finish_make(p, m, mover, g->probe);
        ok = vm_run_legal(p, mover);
    }
    if (p->result != result || p->result_reason != reason || p->result_player != winner) ok = -1;
    pos_undo_to(p, mark);
    p->writes++;
    p->last_from = from; p->last_to = to; p->last_piece = piece; p->last_captured = captured;
    p->nhist = nhist;
    p->result = result; p->result_reason = reason; p->result_player = winner;
    return ok;
}


/* pos_hash_after's writes: made on the cells, so that what the make reads after them (the
 * moving piece, the eliminated players) is what it would read, and put back after. */
#define PEEK_MAX 256
typedef struct { int n; uint64_t h; int32_t loc[PEEK_MAX], old[PEEK_MAX]; } PeekWrites;

static void peek_set(Pos *p, PeekWrites *w, int loc, int32_t val)
{
    w->loc[w->n] = loc; w->old[w->n++] = p->st[loc];
    w->h ^= pos_hash_step(p, loc, p->st[loc], val);
    p->st[loc] = val;
}

/* pos_make_parts's writes in its order, where it runs no hook: the `reset` variables, the ops,
 * the moving piece, the turn (the transient variables are not hashed; the history is not
 * state). A move that keeps the turn (`again`) writes none. */
void pos_node_resets(const Pos *p, NodeResets *r)
{
    const Game *g = p->g;
    r->n = 0;
    for (int i = 0; i < g->nreset && r->n >= 0; i++) {
        const Var *v = &g->vars[g->reset_vars[i]];
        if (p->st[v->base] == (int32_t)v->init) continue;
        if (r->n == NODE_RESETS_MAX) { r->n = -1; break; }
        r->loc[r->n] = v->base; r->init[r->n++] = (int32_t)v->init;
    }
}

/* The same from the hash at the move's emit (Game.hash_at_emit), which has the ops in it: the
 * `reset` variables that no op writes, the moving piece and the turn are added. 0 where an op
 * writes what those read (a moving piece's squares, the turn, the eliminated players). */
static int hash_from_emit(Pos *p, const NodeResets *r, const MoveList *ml, const Move *m, uint64_t *h)
{
    const Game *g = p->g;
    const int32_t *ops = m->nops ? ml->ops + 2 * m->op0 : NULL;
    if (m->nops && (m->kind == MK_MOVE || m->op0 >= ml->hash_cap)) return 0;
    for (uint32_t i = 0; i < m->nops; i++)
        if (ops[2 * i] == g->st_turn || ops[2 * i] == g->st_out) return 0;
    uint64_t x = m->nops ? ml->ops_hash[m->op0] : p->hash;
    for (int i = 0; i < r->n; i++) {
        uint32_t j = 0;
        while (j < m->nops && ops[2 * j] != r->loc[i]) j++;
        if (j == m->nops) x ^= pos_hash_step(p, r->loc[i], p->st[r->loc[i]], r->init[i]);
    }
    if (m->kind == MK_MOVE) {                       /* (no ops: the cells as they are) */
        int32_t pw = p->st[m->from] ? p->st[m->from] : m->piece;
        if (p->st[m->to] && m->to != m->from && g->hook_fn[HOOK_CAPTURE] >= 0) return 0;
        int32_t at_to = m->to == m->from ? 0 : p->st[m->to];
        x ^= pos_hash_step(p, m->from, p->st[m->from], 0);
        x ^= pos_hash_step(p, m->to, at_to, m->become ? PW_WITH_TYPE(pw, m->become) : pw);
    }
    if (!m->again) x ^= pos_hash_step(p, g->st_turn, p->st[g->st_turn], next_turn(p, pos_mover(p)));
    *h = x;
    return 1;
}

int pos_hash_after(Pos *p, const NodeResets *r, const MoveList *ml, const Move *m, uint64_t *h)
{
    const Game *g = p->g;
    if (g->hook_fn[HOOK_AFTER_MOVE] >= 0 || g->hook_fn[HOOK_TURN_START] >= 0 || g->norder ||
        !(m->kind == MK_STAY || m->kind == MK_LANDED || (m->kind == MK_MOVE && g->stack == 1)) ||
        r->n < 0 || (size_t)r->n + m->nops + 3 > PEEK_MAX)
        return 0;
    PeekWrites w;
    w.n = 0; w.h = p->hash;
    int mover = pos_mover(p), made = 1;
    if (g->hash_at_emit && hash_from_emit(p, r, ml, m, &w.h)) goto found;
    for (int i = 0; i < r->n; i++) peek_set(p, &w, r->loc[i], r->init[i]);   /* (reset_vars) */
    const int32_t *ops = m->nops ? ml->ops + 2 * m->op0 : NULL;
    for (uint32_t i = 0; i < m->nops; i++) peek_set(p, &w, ops[2 * i], ops[2 * i + 1]);
    if (m->kind == MK_MOVE) {
        int32_t pw = p->st[m->from] ? p->st[m->from] : m->piece;
        if (p->st[m->to] && m->to != m->from && g->hook_fn[HOOK_CAPTURE] >= 0) made = 0;
        else {
            peek_set(p, &w, m->from, 0);
            peek_set(p, &w, m->to, m->become ? PW_WITH_TYPE(pw, m->become) : pw);
        }
    }
    if (made && !m->again) peek_set(p, &w, g->st_turn, next_turn(p, mover));
    while (w.n > 0) { w.n--; p->st[w.loc[w.n]] = w.old[w.n]; }
    if (!made) return 0;
found:
    vm_charge(p, MAKE_STEPS + (long)m->nops + g->nreset);
    if (p->check_hash) {             /* (a debug check: the make's own hash) */
        pos_make_parts(p, ml, m, PROBE_FULL);
        uint64_t made_hash = p->hash;
        pos_unmake(p);
        if (made_hash != w.h) pos_runtime_error(p, 0, "internal error: the hash of a move's state "
                                                      "without its make differs from the make's");
    }
    *h = w.h;
    return 1;
}

void pos_make_null(Pos *p)
{
    const Game *g = p->g;
    pos_begin_move(p, 1);
    int mover = pos_turn(p);
    reset_vars(p);
    p->last_from = p->last_to = -1; p->last_piece = p->last_captured = 0;
    pos_set(p, g->st_turn, next_turn(p, mover));
    if (p->transient_dirty) pos_reset_transient(p);
    if (g->hook_fn[HOOK_TURN_START] >= 0) vm_run_hook(p, HOOK_TURN_START, pos_turn(p));
    pos_push_history(p);
    pos_check_incremental(p, "a null move");
}
