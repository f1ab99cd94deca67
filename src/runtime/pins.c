/* pins.c - legality without a make when `legal` is `require not in-check;` (see pins.h). */
#include "pins.h"
#include <stdlib.h>
#include "movegen.h"
#include "opcodes.h"

/* Every attack program can be memoised, so its reads are known (effects.c). */
static int attack_programs_memoised(const Game *g)
{
    for (int t = 1; t <= g->ntypes; t++) {
        const PieceType *T = &g->types[t];
        int near = (int)(g->near_attackers[t >> 6] >> (t & 63) & 1);   /* (never run here) */
        if (T->attack_fn >= 0 && !near && !g->memo_ok[T->attack_fn]) return 0;
        if (T->attack_moves && T->moves_fn >= 0 && !g->memo_ok[T->moves_fn]) return 0;
    }
    return 1;
}

int pins_game_ok(const Game *g)
{
    return g->legal_in_check_first && g->stack == 1 && g->probe_check_pins == 0 && g->has_royal &&
           attack_programs_memoised(g);
}

static void watch_loc(void *ctx, int loc)
{
    Pos *p = ctx;
    p->watch[loc] = p->watch_stamp;
}

static int ext_attacker_at(const Game *g, const Pos *p, int s, int by, const ExtAttack *e)
{
    int32_t w = p->st[s];
    int t = PW_TYPE(w);
    return w && PW_OWNER(w) == by && ((e->types[t >> 6] >> (t & 63)) & 1) &&
           (e->from_zone < 0 || g->lists[e->from_zone].member[by][s]);
}

/* The legged leaps of `by` toward the royal square k: a leg square between k and such a leaper
 * may not be left (the leg would open). Counts the hop lines that need watching in *hops. */
static int ext_pins(const Pos *p, int k, int by, Pins *pins, int *hops)
{
    const Game *g = p->g;
    for (int i = 0, n = g->next_attacks[by]; i < n; i++) {
        const ExtAttack *e = &g->ext_attacks[by][i];
        if (e->to_zone >= 0 && !g->lists[e->to_zone].member[by][k]) continue;
        if (e->kind == ATOM_HOP) { (*hops)++; continue; }
        if (e->leg < 0) continue;                  /* a leap is never blocked */
        int leg = g->neighbor[k * g->ndirs + g->opposite[e->dir]];
        if (leg < 0 || !p->st[leg]) continue;
        int from = g->neighbor[leg * g->ndirs + g->opposite[e->leg]];
        if (from < 0 || !ext_attacker_at(g, p, from, by, e)) continue;
        if (pins->npinned == PINS_MAX) return 0;
        pins->pinned[pins->npinned++] = (int16_t)leg;
    }
    return 1;
}

/* A hopper gives a new check when a piece arrives between it and the royal piece with no piece
 * between them, or when one of two pieces between them leaves: so a hopper of `by` that is the
 * first or third piece from k along its line makes every square up to it watched. */
static void watch_hop_lines(Pos *p, int k, int by)
{
    const Game *g = p->g;
    for (int i = 0, n = g->next_attacks[by]; i < n; i++) {
        const ExtAttack *e = &g->ext_attacks[by][i];
        if (e->kind != ATOM_HOP || (e->to_zone >= 0 && !g->lists[e->to_zone].member[by][k]))
            continue;
        int back = g->opposite[e->dir], s = k, seen = 0, hopper = -1;
        while (seen < 3) {
            s = g->neighbor[s * g->ndirs + back];
            if (s < 0) break;
            if (!p->st[s]) continue;
            seen++;
            if (seen != 2 && ext_attacker_at(g, p, s, by, e)) hopper = s;
        }
        for (s = k; hopper >= 0 && s != hopper; ) {
            s = g->neighbor[s * g->ndirs + back];
            p->watch[s] = p->watch_stamp;
        }
    }
}

/* Every attack of `player`'s enemies is a program (no native line, no hop or legged leap, no
 * `attack near`). Then the attack test reads nothing but what the programs' runs read and the
 * attackers' squares, all watched, and the reach sets (board-blind) for the programs not run:
 * a move may write any square that is not watched, so long as it puts no enemy piece and no
 * royal piece there (a new attacker, a new royal square). */
static int programs_only(const Game *g, int player)
{
    if (g->attacks_by_capture) return 0;
    for (int by = 0; by < g->nplayers; by++)
        if (by != player && (g->nattackdirs[by] || g->next_attacks[by] || g->nnear_attacks[by]))
            return 0;
    return 1;
}

/* A write of w on a square by a move of `mover` (programs_only). (A royal piece taken away and
 * put nowhere leaves none, and a side without one is never in check.) */
static int board_write_safe(const Game *g, int mover, int32_t w)
{
    return !w || (PW_OWNER(w) == mover && !g->types[PW_TYPE(w)].royal);
}

int pins_find(Pos *p, int player, Pins *pins)
{
    const Game *g = p->g;
    int more;
    int k = pos_royal_square(p, player, &more);
    pins->npinned = 0; pins->watching = 0; pins->evading = 0; pins->board_writes = 0;
    if (more) return 0;
    if (k < 0) return 1;                   /* no royal piece: nothing can be attacked */
    if (!g->attacks_by_capture) {          /* the check and the rides' pins in one walk */
        int n;
        if (in_check_and_pins(p, player, k, pins->pinned, &n, PINS_MAX)) return 0;
        if (n < 0) return 0;
        pins->npinned = n;
    } else if (in_check(p, player)) return 0;
    /* an `attack near` program that can reach the royal piece may read what the make changes
     * (the last move, for en passant): its nodes are made */
    for (int by = 0; by < g->nplayers; by++)
        if (by != player && g->nnear_attacks[by] && near_attackers_at(p, k, by)) return 0;
    for (int by = 0; by < g->nplayers && g->attacks_by_capture; by++) {
        if (by == player) continue;
        const AttackDir *ad = g->attackdirs[by];
        for (int i = 0, n = g->nattackdirs[by]; i < n; i++) {
            if (!ad[i].any_ride) continue;
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
    int hops = 0;
    for (int by = 0; by < g->nplayers; by++)
        if (by != player && !ext_pins(p, k, by, pins, &hops)) return 0;
    if (hops || g->any_fallback) {
        if (!p->watch) {
            p->watch = calloc((size_t)g->st_size, sizeof *p->watch);
            if (!p->watch) return 0;
        }
        if (++p->watch_stamp == 0) {            /* the stamps wrapped: start them again */
            for (int i = 0; i < g->st_size; i++) p->watch[i] = 0;
            p->watch_stamp = 1;
        }
        pins->watching = 1;
        if (hops)
            for (int by = 0; by < g->nplayers; by++)
                if (by != player) watch_hop_lines(p, k, by);
    }
    if (g->any_fallback) {
        for (int by = 0; by < g->nplayers; by++)
            if (by != player && attack_programs_reads(p, k, by, watch_loc, p) != 1) return 0;
        /* every make changes the side to move and resets the `reset` variables: an attack that
         * read one of them may differ after any move (tests/lang/turn-attack.rules) */
        if (p->watch[g->st_turn] == p->watch_stamp) return 0;
        for (int r = 0; r < g->nreset; r++)
            if (p->watch[g->vars[g->reset_vars[r]].base] == p->watch_stamp) return 0;
        pins->watching = 1;
        pins->board_writes = programs_only(g, player);
    }
    return 1;
}

int pins_find_evasions(Pos *p, int player, Pins *pins)
{
    int more, n;
    pins->npinned = 0; pins->watching = 0; pins->evading = 0; pins->board_writes = 0;
    if (!evasions_game_ok(p->g)) return 0;
    int k = pos_royal_square(p, player, &more);
    if (more || k < 0 || !check_evasions(p, player, k, pins->pinned, &n, PINS_MAX, &pins->block))
        return 0;
    pins->npinned = n;
    pins->evading = 1;
    return 1;
}

/* A move of the royal piece itself, the mover not in check: legal when no enemy attacks its
 * destination with its square left empty (a rider behind it along the line it leaves is seen
 * through). Only where every attack is a native line, whose test reads the board cells alone, so
 * the two cells are set for the test and put back; an attack program could read anything. */
static int royal_move_safe(Pos *p, const Move *m, int32_t royal)
{
    const Game *g = p->g;
    int32_t at_to = p->st[m->to], mover = PW_OWNER(royal), attacked = 0;
    p->st[m->from] = 0;
    p->st[m->to] = royal;
    for (int by = 0; by < g->nplayers && !attacked; by++)
        if (by != mover) attacked = square_attacked(p, m->to, by);
    p->st[m->from] = royal;
    p->st[m->to] = at_to;
    p->writes++;                        /* (nothing kept by the count may hold across this) */
    return !attacked;
}

int pins_move_safe(Pos *p, const MoveList *ml, const Move *m, const Pins *pins)
{
    const Game *g = p->g;
    int royal = 0;
    if (pins->evading) return 0;                  /* (in check: each move listed is made) */
    if (m->kind == MK_MOVE) {
        if (m->from < 0 || m->to < 0 || m->from == m->to) return 0;
        int32_t w = p->st[m->from];
        if (!w) return 0;
        royal = g->types[PW_TYPE(w)].royal;
        if (royal && (m->become || g->any_fallback))
            return 0;
        if (p->st[m->to] && g->hook_fn[HOOK_CAPTURE] >= 0 && !g->capture_unseen_by_check) return 0;
    } else if (m->kind != MK_DROP && !(m->kind == MK_STAY && pins->board_writes)) return 0;
    if (m->become && g->types[m->become].royal) return 0;
    /* the program's own writes: variables only (a write to a square, such as the rook of a
     * castling or the pawn taken en passant, changes more than two squares), unless every
     * attack is a program (programs_only: only the watched squares matter) */
    /* a list without writes has no ops */
    /* (a drop onto, or a capture hook's run on, a square the ops wrote: not followed) */
    const int board_ok = pins->board_writes && (m->kind == MK_STAY ||
                         (m->kind == MK_MOVE && g->hook_fn[HOOK_CAPTURE] < 0));
    const int32_t *ops = m->nops ? ml->ops + 2 * m->op0 : NULL;
    for (uint32_t i = 0; i < m->nops; i++) {
        int loc = ops[2 * i];
        if (pins->watching && p->watch[loc] == p->watch_stamp) return 0;
        if (loc < g->st_hands && (!board_ok || !board_write_safe(g, pos_mover(p), ops[2 * i + 1])))
            return 0;
    }
    if (pins->watching) {                         /* an attack program looked there */
        if (m->kind == MK_MOVE && p->watch[m->from * g->stack] == p->watch_stamp) return 0;
        /* (a move that stays has no destination: -1, and what it writes is in its ops) */
        if (m->to >= 0 && p->watch[m->to * g->stack] == p->watch_stamp) return 0;
        /* a drop also takes the piece from the mover's hand */
        if (m->kind == MK_DROP && m->hand &&
            p->watch[g->st_hands + pos_mover(p) * (g->ntypes + 1) + m->hand] == p->watch_stamp)
            return 0;
    }
    if (royal) {
        for (int by = 0; by < g->nplayers; by++)
            if (by != pos_mover(p) && g->nnear_attacks[by] && near_attackers_at(p, m->to, by))
                return 0;
        return royal_move_safe(p, m, p->st[m->from]);
    }
    if (m->kind == MK_MOVE)
        for (int i = 0; i < pins->npinned; i++) if (pins->pinned[i] == m->from) return 0;
    return 1;
}
