/* effects.c - what each program reads and writes (see effects.h). */
#include "effects.h"
#include <stdlib.h>
#include <string.h>
#include "opcodes.h"
#include "pins.h"

static void add_var(uint64_t *set, int v)
{
    if (v >= 0 && v < 256) set[v >> 6] |= 1ull << (v & 63);
}

static int merge_into(Effects *to, const Effects *from, int reads_only)
{
    Effects old = *to;
    int rflags = E_RVAR | E_RBOARD | E_RHANDS | E_RTURN | E_ALL | E_ATTACK | E_REACH | E_CAPTURE
               | E_RIDENT | E_RTYPES;
    to->flags |= reads_only ? from->flags & rflags : from->flags;
    for (int i = 0; i < 4; i++) {
        to->rvars[i] |= from->rvars[i];
        if (!reads_only) to->wvars[i] |= from->wvars[i];
    }
    return memcmp(&old, to, sizeof old) != 0;
}

/* The effects of one program's own instructions. */
static void own_effects(const Game *g, int fn, Effects *e)
{
    memset(e, 0, sizeof *e);
    const CodeFunction *f = &g->fns[fn];
    for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[g->code[pc]].nops) {
        int op = g->code[pc], eff = opcode_info[op].effect, base = opcode_info[op].base;
        /* `repetition` reads the position's identity, not the uncounted or transient state */
        if (base == OP_REPETITION) eff = (eff & ~E_ALL) | E_RIDENT;
        /* a write of an `uncounted` piece variable changes no identity (a write of the board
         * whose operand A is a piece variable writes that variable) */
        if ((eff & E_WBOARD) && opcode_info[base].kind[0] == OPK_PIECEVAR &&
            g->code[pc + 1] >= 0 && g->code[pc + 1] < g->nvars)
            eff = (eff & ~E_WBOARD) | (g->vars[g->code[pc + 1]].uncounted ? E_WPVU : E_WPV);
        e->flags |= eff;
        if (eff & E_RVAR) add_var(e->rvars, g->code[pc + 1]);
        if (eff & E_WVAR) add_var(e->wvars, g->code[pc + 1]);
    }
}

/* Do the writes of w meet the reads of r? */
static int meets(const Game *g, const Effects *w, const Effects *r)
{
    if (r->flags & E_ALL || w->flags & E_WANY) return 1;
    if ((w->flags & (E_WBOARD | E_WPVU | E_WPV)) && (r->flags & E_RBOARD)) return 1;
    if ((w->flags & E_WBOARD) && (r->flags & E_RTYPES)) return 1;
    if ((w->flags & E_WHANDS) && (r->flags & E_RHANDS)) return 1;
    for (int i = 0; i < 4; i++) if (w->wvars[i] & r->rvars[i]) return 1;
    if (r->flags & E_RIDENT) {
        if (w->flags & (E_WBOARD | E_WHANDS | E_WPV)) return 1;
        for (int v = 0; v < g->nvars && v < 256; v++)
            if ((w->wvars[v >> 6] >> (v & 63) & 1) && !g->vars[v].uncounted &&
                !g->vars[v].transient)
                return 1;
    }
    return 0;
}

/* Reads nothing but single state locations (the piece on a square with EMPTY, ENEMY, FRIEND,
 * AT; a variable; a hand; the turn), writes nothing but hands (TAKE, GIVE), runs nothing: a run
 * is a function of its
 * start and of the values it read (vm.c logs them). */
static int only_square_reads(const Game *g, int fn)
{
    const CodeFunction *f = &g->fns[fn];
    for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[g->code[pc]].nops) {
        int op = opcode_info[g->code[pc]].base;           /* (a superinstruction: its first) */
        int eff = opcode_info[op].effect;
        /* A run's own writes are undone when it ends, and what it reads after them is logged
         * like the rest: its result is still a function of the values it read. TAKE and GIVE
         * log the hand they read (the Ivory Tower's Ninny promotes from its hand). */
        if (op == OP_TAKE || op == OP_GIVE) eff &= ~E_WHANDS;
        if (eff & ~(E_RBOARD | E_RVAR | E_RHANDS | E_RTURN)) return 0;
        if ((opcode_info[op].effect & E_RBOARD) && op != OP_EMPTY && op != OP_ENEMY &&
            op != OP_FRIEND && op != OP_AT && op != OP_FORFRIEND && op != OP_FORENEMY &&
            op != OP_FORFRIENDPV && op != OP_FORRUNS)
            return 0;
    }
    return 1;
}

/* Whether program fn looks at pieces only for their type and owner: every piece word it takes
 * from a square (AT) or of its own piece (PIECE) goes straight into `type(...)`, `owner(...)`
 * or `... is T`. Then the piece variables packed in the words (bits 12 up) cannot change what it
 * does, and the attack memo compares words without them: in the Ivory Tower every move changes
 * the check counts of the mover's pieces, which no attack reads. */
static int reads_type_and_owner_only(const Game *g, int fn)
{
    const CodeFunction *f = &g->fns[fn];
    const int32_t *code = g->code;
    for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[code[pc]].nops) {
        int here_op = opcode_info[code[pc]].base;
        if (here_op != OP_AT && here_op != OP_PIECE) continue;
        int next = pc + 1 + opcode_info[code[pc]].nops;
        if (next >= f->end) return 0;
        int op = opcode_info[code[next]].base;
        if (op == OP_TYPEOF || op == OP_OWNEROF) continue;
        int after = next + 1 + opcode_info[code[next]].nops;
        if ((op == OP_PUSH || op == OP_PUSHK) && after < f->end && code[after] == OP_ISTYPE)
            continue;
        return 0;
    }
    return 1;
}

/* What a make must run for a test that reads `need` to see what it would see after the whole
 * make; a hook that runs for it adds what it reads in turn. `turn-start` runs after
 * `after-move`, so it is decided first. */
static int probe_for(const Game *g, const Effects *e, Effects need)
{
    int probe = 0;
    if (need.flags & E_ALL) return PROBE_FULL;
    int ts = g->hook_fn[HOOK_TURN_START], am = g->hook_fn[HOOK_AFTER_MOVE];
    if (ts >= 0 && meets(g, &e[ts], &need)) {
        probe |= PROBE_TURN_START;
        merge_into(&need, &e[ts], 1);
    }
    if (am >= 0 && meets(g, &e[am], &need)) probe |= PROBE_AFTER_MOVE;
    if (need.flags & E_RIDENT) probe |= PROBE_HISTORY;
    if (need.flags & E_ALL) probe = PROBE_FULL;
    return probe;
}

/* Whether a program other than `end` asks `repetition`: then which moves a position has, not
 * only how a game ends, depends on the positions before it (the engine's hash table: search.c,
 * node_key). `end`'s draws by repetition are left to the engine's own repetition rule. */
static int moves_read_history(const Game *g)
{
    for (int fn = 0; fn < g->nfns; fn++) {
        if (fn == g->hook_fn[HOOK_END]) continue;
        const CodeFunction *f = &g->fns[fn];
        for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[g->code[pc]].nops)
            if (opcode_info[g->code[pc]].base == OP_REPETITION) return 1;
    }
    return 0;
}

void effects_prepare(Game *g)
{
    g->probe = g->probe_check = PROBE_FULL;
    g->moves_depend_on_history = moves_read_history(g);
    g->capture_unseen_by_check = 0;
    g->memo_ok = g->nfns > 0 ? arena_alloc(&g->arena, (size_t)g->nfns) : NULL;
    for (int f = 0; f < g->nfns; f++) g->memo_ok[f] = g->stack == 1 && only_square_reads(g, f);
    g->memo_mask =
        g->nfns > 0 ? arena_alloc(&g->arena, sizeof *g->memo_mask * (size_t)g->nfns) : NULL;
    for (int f = 0; f < g->nfns; f++)
        g->memo_mask[f] = reads_type_and_owner_only(g, f) ? 0xfff : -1;
    int legal = g->hook_fn[HOOK_LEGAL];
    if (legal < 0 || g->nfns <= 0) return;
    Effects *e = calloc((size_t)g->nfns, sizeof *e);
    if (!e) return;                      /* the full make is always right */
    for (int f = 0; f < g->nfns; f++) own_effects(g, f, &e[f]);
    /* The programs a test runs: attack tests run the attack programs (and `attack moves`
     * move programs), reach tests and `moves-of` the move programs, captures `on capture`. */
    Effects attack = {0}, reach = {0}, capture = {0}, attack_far = {0};
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int t = 1; t <= g->ntypes; t++) {
            const PieceType *T = &g->types[t];
            if (T->attack_fn >= 0) changed |= merge_into(&attack, &e[T->attack_fn], 1);
            if (T->attack_moves && T->moves_fn >= 0)
                changed |= merge_into(&attack, &e[T->moves_fn], 1);
            if (T->moves_fn >= 0) changed |= merge_into(&reach, &e[T->moves_fn], 0);
        }
        if (g->hook_fn[HOOK_CAPTURE] >= 0)
            changed |= merge_into(&capture, &e[g->hook_fn[HOOK_CAPTURE]], 0);
        for (int f = 0; f < g->nfns; f++) {
            if (e[f].flags & E_ATTACK) changed |= merge_into(&e[f], &attack, 1);
            if (e[f].flags & E_REACH) changed |= merge_into(&e[f], &reach, 0);
            if (e[f].flags & E_CAPTURE) changed |= merge_into(&e[f], &capture, 0);
        }
    }
    g->probe = probe_for(g, e, e[legal]);
    const int ts = g->hook_fn[HOOK_TURN_START];
    const Effects ident = { .flags = E_RIDENT };
    g->turn_start_unseen = ts >= 0 && !(g->probe & PROBE_TURN_START) &&
                           !meets(g, &e[ts], &ident) && !(e[ts].flags & (E_RESULT | E_WANY));
    /* `require not in-check;` alone, when `legal` begins with it (pins.h) */
    Effects check = { .flags = E_RBOARD | E_ATTACK };
    merge_into(&check, &attack, 1);
    g->probe_check = g->legal_in_check_first ? probe_for(g, e, check) : PROBE_FULL;
    /* the same without the `attack near` programs, which pins.c never counts on; where the
     * other attack programs look at pieces only for their types and owners (as native lines
     * do), a write of piece variables alone (a Rook's castling right) cannot change a check */
    int types_only = 1;
    for (int t = 1; t <= g->ntypes; t++) {
        const PieceType *T = &g->types[t];
        int near = (int)(g->near_attackers[t >> 6] >> (t & 63) & 1);
        if (T->attack_fn >= 0 && !near) {
            merge_into(&attack_far, &e[T->attack_fn], 1);
            types_only &= g->memo_mask[T->attack_fn] != -1;
        }
        if (T->attack_moves && T->moves_fn >= 0) {
            merge_into(&attack_far, &e[T->moves_fn], 1);
            types_only &= g->memo_mask[T->moves_fn] != -1;
        }
    }
    Effects check_far = { .flags = E_RBOARD | E_ATTACK };
    merge_into(&check_far, &attack_far, 1);
    if (types_only && !(check_far.flags & (E_REACH | E_CAPTURE | E_ALL)))
        check_far.flags = (check_far.flags & ~E_RBOARD) | E_RTYPES;
    g->probe_check_pins = g->legal_in_check_first ? probe_for(g, e, check_far) : PROBE_FULL;
    /* shogi's `on capture` puts the piece in a hand, which no check test reads */
    int ch = g->hook_fn[HOOK_CAPTURE];
    g->capture_unseen_by_check = ch >= 0 && !meets(g, &e[ch], &check);
    /* every make sets the transient variables back, which the pins test does not follow */
    int attack_reads_transient = 0;
    for (int i = 0; i < g->nvars; i++)
        attack_reads_transient |=
            g->vars[i].transient && (int)(attack.rvars[i >> 6] >> (i & 63) & 1);
    g->check_by_pins = pins_game_ok(g) && !attack_reads_transient;
    /* `moves distinct`: every move is made for the hash of the state it reaches (keep_legal) */
    g->legal_by_pins = g->check_by_pins && !g->distinct;
    g->hash_at_emit = g->check_by_pins && (g->distinct || g->distinct_blocks) &&
                      g->legal_pretest_fn < 0 && g->extend_fn < 0;      /* (keep_legal's test) */
    free(e);
}
