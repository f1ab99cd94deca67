/* pins.c - legality without a make when `legal` is `require not in-check;` (see pins.h). */
#include "pins.h"
#include <stdlib.h>
#include "movegen.h"
#include "opcodes.h"

/* The `legal` block as the compiler writes `require not in-check;`. */
static int legal_is_not_in_check(const Game *g)
{
    int fn = g->hook_fn[HOOK_LEGAL];
    if (fn < 0) return 0;
    const CodeFunction *f = &g->fns[fn];
    const int32_t *c = g->code + f->entry;
    return f->end - f->entry == 6 && c[0] == OP_INCHECK && c[1] == OP_NOT && c[2] == OP_JNZ &&
           c[3] == f->entry + 5 && c[4] == OP_FAIL && c[5] == OP_RET;
}

/* Every attack program can be memoised, so its reads are known (effects.c). */
static int attack_programs_memoised(const Game *g)
{
    for (int t = 1; t <= g->ntypes; t++) {
        const PieceType *T = &g->types[t];
        if (T->attack_fn >= 0 && !g->memo_ok[T->attack_fn]) return 0;
        if (T->attack_moves && T->moves_fn >= 0 && !g->memo_ok[T->moves_fn]) return 0;
    }
    return 1;
}

int pins_game_ok(const Game *g)
{
    return legal_is_not_in_check(g) && g->stack == 1 && g->probe == 0 && g->has_royal &&
           attack_programs_memoised(g) && !g->distinct;
}

static void watch_loc(void *ctx, int loc)
{
    Pos *p = ctx;
    p->watch[loc] = p->watch_stamp;
}

int pins_find(Pos *p, int player, Pins *pins)
{
    const Game *g = p->g;
    int more;
    int k = pos_royal_square(p, player, &more);
    pins->npinned = 0; pins->watching = 0;
    if (more) return 0;
    if (k < 0) return 1;                   /* no royal piece: nothing can be attacked */
    if (in_check(p, player)) return 0;
    for (int by = 0; by < g->nplayers; by++) {
        if (by == player) continue;
        const AttackDir *ad = g->attackdirs[by];
        for (int i = 0, n = g->nattackdirs[by]; i < n; i++) {
            if (!(ad[i].ride[0] | ad[i].ride[1])) continue;
            int back = g->opposite[ad[i].dir];
            /* the first piece from the royal square along the line, then the next */
            int s = k, first = -1;
            for (;;) {
                s = g->neighbor[s * g->ndirs + back];
                if (s < 0) break;
                int32_t w = p->st[s];
                if (!w) continue;
                if (first < 0) { first = s; continue; }
                int t = PW_TYPE(w);
                if (PW_OWNER(w) == by && ((ad[i].ride[t >> 6] >> (t & 63)) & 1))
                    pins->pinned[pins->npinned++] = (int16_t)first;
                break;
            }
        }
    }
    pins->watching = 0;
    if (g->fallback_attackers[0] | g->fallback_attackers[1]) {
        if (!p->watch) {
            p->watch = calloc((size_t)g->st_size, sizeof *p->watch);
            if (!p->watch) return 0;
        }
        if (++p->watch_stamp == 0) {            /* the stamps wrapped: start them again */
            for (int i = 0; i < g->st_size; i++) p->watch[i] = 0;
            p->watch_stamp = 1;
        }
        for (int by = 0; by < g->nplayers; by++)
            if (by != player && attack_programs_reads(p, k, by, watch_loc, p) != 1) return 0;
        /* every make changes the side to move and resets the `reset` variables: an attack that
         * read one of them may differ after any move (tests/lang/turn-attack.rules) */
        if (p->watch[g->st_turn] == p->watch_stamp) return 0;
        for (int r = 0; r < g->nreset; r++)
            if (p->watch[g->vars[g->reset_vars[r]].base] == p->watch_stamp) return 0;
        pins->watching = 1;
    }
    return 1;
}

int pins_move_safe(const Pos *p, const MoveList *ml, const Move *m, const Pins *pins)
{
    const Game *g = p->g;
    if (m->kind == MK_MOVE) {
        if (m->from < 0 || m->to < 0 || m->from == m->to) return 0;
        int32_t w = p->st[m->from];
        if (!w || g->types[PW_TYPE(w)].royal) return 0;
        if (p->st[m->to] && g->hook_fn[HOOK_CAPTURE] >= 0) return 0;
    } else if (m->kind != MK_DROP) return 0;
    if (m->become && g->types[m->become].royal) return 0;
    /* the program's own writes: variables only (a write to a square, such as the rook of a
     * castling or the pawn taken en passant, changes more than two squares) */
    const int32_t *ops = m->nops ? ml->ops + 2 * m->op0 : NULL;   /* a list without writes has no ops */
    for (uint32_t i = 0; i < m->nops; i++) {
        if (ops[2 * i] < g->st_hands) return 0;
        if (pins->watching && p->watch[ops[2 * i]] == p->watch_stamp) return 0;
    }
    if (pins->watching) {                         /* an attack program looked there */
        if (m->kind == MK_MOVE && p->watch[m->from * g->stack] == p->watch_stamp) return 0;
        if (p->watch[m->to * g->stack] == p->watch_stamp) return 0;
        /* a drop also takes the piece from the mover's hand */
        if (m->kind == MK_DROP &&
            p->watch[g->st_hands + pos_turn(p) * (g->ntypes + 1) + m->become] == p->watch_stamp) return 0;
    }
    if (m->kind == MK_MOVE)
        for (int i = 0; i < pins->npinned; i++) if (pins->pinned[i] == m->from) return 0;
    return 1;
}
