/* movegen.c - legal moves and attacks for any compiled game (see movegen.h).
 *
 * `leap` and `ride` lines run natively here (they are most of the moves of most games); move
 * programs run in the VM. Attacks are answered backwards from the attacked square with tables
 * built from the pieces' leap/ride lines, so a check test costs a few probes instead of
 * generating the opponent's moves; only pieces whose attacks are programs are run. */
#include "maxima.h"
#include "oom.h"
#include "make.h"
#include "lines.h"
#include "movegen.h"
#include "boardscan.h"
#include "tails.h"
#include "extend.h"
#include "capture.h"
#include "effects.h"
#include "pins.h"
#include "linecount.h"
#include "merge.h"
#include "runsets.h"
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>                 /* (owned_squares) */
#endif
#include "notation.h"
#include "vm.h"
#include "reach.h"
#include "opcodes.h"

#define CELL(s) (p->st[(s) * g->stack])
/* the top piece of a square (the piece there with `stack 1`): what attacks and captures see */
#define TOPW(s) (g->stack == 1 ? CELL(s) : (pos_top_loc(p, (s)) >= 0 ? p->st[pos_top_loc(p, (s))] : 0))
static inline int type_in(const uint64_t m[TYPE_WORDS], int t) { return (int)((m[t >> 6] >> (t & 63)) & 1); }

static void add_move(MoveList *ml, int from, int to, int32_t piece, int32_t captured)
{
    Move *m = movelist_push(ml);
    m->from = (int16_t)from; m->to = (int16_t)to; m->kind = MK_MOVE;
    m->piece = piece; m->captured = captured;
}

static int is_target(void *ctx, int to, int32_t captured) { (void)captured; return to == *(int *)ctx; }

typedef struct { MoveList *ml; int from; int32_t w; } GenCtx;
static int gen_found(void *ctx, int to, int32_t captured)
{
    GenCtx *c = ctx;
    add_move(c->ml, c->from, to, c->w, captured);
    return 0;
}

/* Native work in steps of the work bound (vm.h: an instruction's time, about 2.5 ns), charged
 * in bulk where it is cheap to count: a line's move found (its squares, the list's push) and a
 * pseudo-legal move judged by gen_legal (pins, an attack test or a make, the merge), and an
 * attack test's directions. bench/work-calibration.sh measures them. */
#define LINE_MOVE_STEPS 12
#define LEGAL_MOVE_STEPS 16
#define UNITS_A_STEP 4              /* the board's squares walked over by a generation */

/* The moves of a piece's lines from `first` on that go to a square an earlier one goes to are
 * one move (the lines of `leap e; ride e;` both reach the next square east): each is listed
 * once. Only for the types whose lines may overlap (atoms_overlap). */
static void merge_line_moves(const Game *g, MoveList *ml, int first)
{
    uint64_t seen[(MAX_SQUARES + 63) / 64];   /* (the game's words cleared, not the most's) */
    memset(seen, 0, sizeof *seen * (size_t)ZONE_WORDS(g));
    int k = first;
    for (int i = first; i < ml->n; i++) {
        int to = ml->m[i].to;
        if (seen[to >> 6] >> (to & 63) & 1) continue;
        seen[to >> 6] |= 1ull << (to & 63);
        ml->m[k++] = ml->m[i];
    }
    ml->n = k;
}

static void gen_atoms(Pos *p, MoveList *ml, int sq, int32_t w, const PieceType *T, int mover)
{
    const Game *g = p->g;
    const int first = ml->n;
    for (int i = 0; i < T->natoms; i++) {
        const Atom *a = &T->atoms[i];
        if (!ATOM_PLAIN(a)) {
            GenCtx c = { ml, sq, w };
            line_targets(p, sq, a, mover, gen_found, &c);
            continue;
        }
        int d = g->dir_map[mover][a->dir];
        int s = sq;
        for (;;) {
            s = g->neighbor[s * g->ndirs + d];
            if (s < 0) break;
            int32_t c = TOPW(s);
            if (!c) {
                if (a->mode != MODE_CAPTURE) add_move(ml, sq, s, w, 0);
            } else {
                if (PW_OWNER(c) >= 0 && PW_OWNER(c) != mover && a->mode != MODE_MOVE)
                    add_move(ml, sq, s, w, c);
                break;
            }
            if (a->kind == ATOM_LEAP) break;
        }
    }
    if (T->atoms_overlap) merge_line_moves(g, ml, first);
}

/* The pseudo-legal moves, unit by unit: each piece (unit sq * stack + layer), the turn's
 * program (unit nsq * stack), each dropped type t (unit nsq * stack + t). After each unit that
 * added moves, `stop` (when given) sees them, from index `first`, and may end the generation
 * there: ml->next_unit then says where it can go on (gen_rest); -1 when it is complete.
 * With `stop`, a program also stops after its first move, then after twice as many, and so
 * on: one program may emit every move of the position (the Four Towers turn), and `stop`
 * usually needs one. A stopped run is made again from its start, skipping the moves it
 * emitted before (vm_run_resume); ml->resume_emits says how many when gen_rest goes on. */
typedef int (*GenStop)(Pos *p, MoveList *ml, int first);

/* One program unit, its first `skip` moves already in the list; `stop` has not seen the moves
 * from index `tested` on (a piece's native moves come before its program's). Returns 1 if
 * `stop` ended the generation inside or after it. */
static int has_wanted(Pos *p, MoveList *ml, int first);

static int gen_run(Pos *p, MoveList *ml, RunCtx *c, GenStop stop, int skip, int u, int tested)
{
    if (!stop && !skip) { vm_run(p, c); return 0; }       /* (the plain generation) */
    for (;;) {
        ml->unit_emits = 0; ml->stopped = 0;
        /* A stopped run is made again from its start: the stops double, so that a run is made
         * about twice at most; gen_more knows how many moves it wants and stops there first. */
        int at = skip ? 2 * skip : 1;
        if (stop == has_wanted && skip + ml->want + 1 - ml->n > at) at = skip + ml->want + 1 - ml->n;
        ml->stop_emits = stop ? at : 0;
        ml->emit_watch = 1;
        vm_run_resume(p, c, skip);
        ml->stop_emits = 0; ml->emit_watch = 0;
        if (stop && ml->n > tested && stop(p, ml, tested)) {
            ml->next_unit = ml->stopped ? u : u + 1;
            ml->resume_emits = ml->stopped ? ml->unit_emits : 0;
            return 1;
        }
        if (!ml->stopped) return 0;
        tested = ml->n;
        skip = ml->unit_emits;
    }
}

/* A forced pass (Game.pass_forced), the move at ml->m[i]: can the opponent answer it? The
 * answer may not be a forced pass itself (two sides that cannot move do not pass for ever: the
 * game is over). */
static int pass_answered(Pos *p, MoveList *ml, int i)
{
    pos_make(p, ml, &ml->m[i]);
    p->pass_guard++;
    int has = vm_side_to_move_has_a_move(p, 0);
    p->pass_guard--;
    pos_unmake(p);
    return has;
}

/* Is one of the moves ml->m[0 .. n) legal (the `legal` block)? A forced pass is offered only
 * where none is: in a game with royal pieces a side whose every move leaves its King attacked
 * passes (and the pass itself is legal only where its King is not attacked: checkmate stays
 * checkmate). */
static int some_legal(Pos *p, MoveList *ml, int n)
{
    if (p->g->hook_fn[HOOK_LEGAL] < 0) return n > 0;
    int mover = pos_mover(p);
    for (int i = 0; i < n; i++) {
        pos_make_parts(p, ml, &ml->m[i], p->g->probe);
        int ok = vm_run_legal(p, mover);
        pos_unmake(p);
        if (ok) return 1;
    }
    return 0;
}

/* node_count_legal's generation, perft's last ply: the pins found before it; the line moves
 * counted, not listed (n, rejected: linecount.h), and where every move is legal (emits.on) the
 * programs' moves that need no list entry too (vm.h, EmitCount) */
typedef struct { LineCounter lc; long n, rejected; EmitCount emits; } CountCtx;

/* (inlined twice: into gen_units with cc NULL, where its code is the plain generation's, and
 * into node_count_legal) */
static inline __attribute__((always_inline)) int
gen_units_counting(Pos *p, MoveList *ml, GenStop stop, int from_unit, int skip, int onto_only,
                   CountCtx *cc)
{
    const Game *g = p->g;
    int mover = pos_mover(p);
    const int board_units = g->nsq * g->stack;
    const int last = board_units + g->ntypes + (g->pass_forced != 0);
    /* `moves extend` changes every move of a unit once the unit is complete: its runs are not
     * stopped inside (they run whole, and the unit is tested at its end), and captures may come
     * from any program's moves */
    const int ext = g->extend_fn >= 0;
    if (ext) onto_only = 0;
    if (from_unit == 0 && skip == 0) {
        vm_start_position(p);
        /* the walk over the board's squares, the empty ones too: on the largest board (26 x
         * 32) with few pieces it is most of the work of a position (bench/work-calibration.sh,
         * "832 squares, two pieces") */
        vm_charge(p, board_units / UNITS_A_STEP);
    }
    /* no piece moves on its own (connect-four: every move is the turn's): no walk */
    if (!g->pieces_move && from_unit < board_units) from_unit = board_units;
    for (int u = from_unit; u <= last; u++, skip = 0) {
        int before = ml->n;
        if (u < board_units) {                     /* every piece of a stack moves on its own */
            int sq = u, l = 0;
            if (g->stack == 1) {                   /* (the unit is the square: no division) */
                if (!p->st[u]) {                   /* the empty squares up to the next piece */
                    while (u + 1 < board_units && !p->st[u + 1]) u++;
                    continue;
                }
            } else if (g->stack_shift >= 0) sq = u >> g->stack_shift, l = u & (g->stack - 1);
            else sq = u / g->stack, l = u % g->stack;
            int32_t w = p->st[sq * g->stack + l];
            if (!w) { u = (sq + 1) * g->stack - 1; continue; }     /* nothing higher up */
            if (PW_OWNER(w) != mover) continue;
            int t = PW_TYPE(w);
            if (t < 1 || t > g->ntypes) continue;
            const PieceType *T = &g->types[t];
            if (T->natoms && !skip) {                                   /* (resumed: done) */
                long rejected = 0;
                long counted = cc ? linecount_piece(&cc->lc, ml, sq, w, T, &rejected, 0)
                                  : -1;
                if (counted < 0) { counted = 0; gen_atoms(p, ml, sq, w, T, mover); }
                if (cc) {
                    cc->n += counted; cc->rejected += rejected;
                    cc->emits.lines += counted + rejected;    /* (a list would hold them) */
                }
                vm_charge(p, T->natoms + LINE_MOVE_STEPS * (long)(ml->n - before + counted + rejected));
            }
            for (int i = before; i < ml->n; i++) ml->m[i].layer = (uint8_t)l;
            if (T->moves_fn >= 0 && (!onto_only || g->moves_onto[T->moves_fn]) &&
                (!g->origin_ok[T->moves_fn] || g->origin_ok[T->moves_fn][mover * g->nsq + sq])) {
                RunCtx c;
                runctx_clear(&c);
                c.mode = RUN_GEN; c.fn = T->moves_fn; c.mover = mover; c.origin = sq;
                c.piece = w; c.layer = l; c.out = ml; c.nlegal = -1; c.target = -1;
                c.count = cc ? &cc->emits : NULL;
                if (!ext) { if (gen_run(p, ml, &c, stop, skip, u, before)) return 1; continue; }
                vm_run(p, &c);
            }
        } else if (u == board_units || (g->pass_forced && u == last)) {
            /* a forced pass is the last unit, and only where nothing came before it */
            if (g->pass_forced && (u == board_units || p->pass_guard || some_legal(p, ml, ml->n)))
                continue;
            if (g->turn_fn < 0 || (onto_only && !g->moves_onto[g->turn_fn])) continue;
            if (g->pass_forced) {
                RunCtx c = { .mode = RUN_GEN, .fn = g->turn_fn, .mover = mover, .origin = -1,
                             .out = ml, .nlegal = -1, .target = -1 };
                vm_run(p, &c);
                if (ml->n > before && !pass_answered(p, ml, before)) ml->n = before;
                if (stop && ml->n > before && stop(p, ml, before)) {
                    ml->next_unit = u + 1;
                    ml->resume_emits = 0;
                    return 1;
                }
                continue;
            }
            RunCtx c = { .mode = RUN_GEN, .fn = g->turn_fn, .mover = mover, .origin = -1,
                         .out = ml, .nlegal = -1, .target = -1,
                         .count = cc ? &cc->emits : NULL };
            if (!ext) { if (gen_run(p, ml, &c, stop, skip, u, before)) return 1; continue; }
            vm_run(p, &c);
        } else {
            int t = u - board_units;
            if (g->drops_fn < 0) continue;
            if (g->drops_free ? !g->drops_free[t]
                              : p->st[g->st_hands + mover * (g->ntypes + 1) + t] <= 0) continue;
            if (onto_only && !g->moves_onto[g->drops_fn]) continue;
            RunCtx c = { .mode = RUN_GEN, .fn = g->drops_fn, .mover = mover, .origin = -1,
                         .dropping = t, .free_drop = g->drops_free != NULL, .out = ml,
                         .nlegal = -1, .target = -1,
                         .count = cc ? &cc->emits : NULL };
            if (!ext) { if (gen_run(p, ml, &c, stop, skip, u, before)) return 1; continue; }
            vm_run(p, &c);
        }
        if (ext && ml->n > before) extend_moves(p, ml, before);    /* `moves extend` */
        if (stop && ml->n > before && stop(p, ml, before)) {
            ml->next_unit = u + 1;
            ml->resume_emits = 0;                  /* (a resumed unit's count is used up) */
            return 1;
        }
    }
    ml->next_unit = -1;
    return 0;
}

static int __attribute__((noinline)) gen_units(Pos *p, MoveList *ml, GenStop stop, int from_unit,
                                               int skip, int onto_only)
{
    return gen_units_counting(p, ml, stop, from_unit, skip, onto_only, NULL);
}

void gen_pseudo(Pos *p, MoveList *ml) { gen_units(p, ml, NULL, 0, 0, 0); }

static void gen_rest_of(Pos *p, MoveList *ml, int onto_only)
{
    if (ml->next_unit > 0 || ml->resume_emits > 0)
        gen_units(p, ml, NULL, ml->next_unit, ml->resume_emits, onto_only);
    else if (ml->next_unit == 0) gen_units(p, ml, NULL, 0, 0, onto_only);
}

void gen_rest(Pos *p, MoveList *ml) { gen_rest_of(p, ml, 0); }

static int has_wanted(Pos *p, MoveList *ml, int first) { (void)p; (void)first; return ml->n > ml->want; }

void gen_more(Pos *p, MoveList *ml, int n)
{
    if (ml->n >= n || ml->next_unit < 0) return;
    ml->want = n - 1;
    gen_units(p, ml, has_wanted, ml->next_unit, ml->resume_emits, 0);
}

/* Programs that move nothing onto a square are left out where the game allows it
 * (Game.captures_skip_ok, decided once by origins.c). */
void gen_rest_captures(Pos *p, MoveList *ml) { gen_rest_of(p, ml, p->g->captures_skip_ok); }

/* The legal moves still to find before the generation stops: 0 for gen_first_legal, `limit`
 * for gen_legal_upto (per thread: the search's helper threads generate too). */
static _Thread_local int count_left;

/* The moves from `first` on, each made with what `legal` can see of a make: 1 (stop) once
 * count_left + 1 of them have been legal. (The count is kept across the `legal` block, which
 * may itself ask for a first legal move: `no-moves`.) */
static int count_legal_from(Pos *p, MoveList *ml, int first)
{
    int mover = pos_mover(p);
    for (int i = first; i < ml->n; i++) {
        pos_make_parts(p, ml, &ml->m[i], p->g->probe);
        int left = count_left;
        int ok = vm_run_legal(p, mover);
        count_left = left;
        pos_unmake(p);
        if (ok && --count_left < 0) return 1;
    }
    return 0;
}

int gen_legal_upto(Pos *p, MoveList *ml, int limit)
{
    if (legal_list_whole(p->g)) {          /* legality depends on the whole list (capture.h) */
        gen_legal(p, ml);
        return ml->n > limit ? limit + 1 : ml->n;
    }
    movelist_clear(ml);
    count_left = limit;
    gen_units(p, ml, count_legal_from, 0, 0, 0);
    return limit - count_left;
}

int gen_first_legal(Pos *p, MoveList *ml)
{
    movelist_clear(ml);
    count_left = 0;
    return gen_units(p, ml, count_legal_from, 0, 0, 0);     /* every unit was tested as it came */
}

/* Where `turn-start` writes nothing of a position's identity (Game.turn_start_unseen), two
 * moves that reach one state reach one identity (pos_rep_key) before it runs: a merging move
 * whose identity, made without `turn-start` (which `legal` does not see either), no other
 * legal merging move of the list shares reaches a state of its own and needs no make of
 * `turn-start` for the hash of its whole state (Nemoroth's screams: each such make ran the
 * hook, some 30000 instructions). Each merging move's Move.tested becomes 1 (not legal), 3
 * (legal, alone) or 2 (legal, its state's hash wanted); slot and hash (cap entries) count the
 * identities, and are left clear. (step 49) */
static void merging_unmade(Pos *p, MoveList *ml, int32_t *slot, uint64_t *hash, uint32_t cap)
{
    const Game *g = p->g;
    const int mover = pos_mover(p);
    if ((uint32_t)ml->n > ml->legal_key_cap) {
        free(ml->legal_key);
        ml->legal_key = malloc(sizeof *ml->legal_key * (size_t)ml->n);
        if (!ml->legal_key) out_of_memory("the identities of merging moves");
        ml->legal_key_cap = (uint32_t)ml->n;
    }
    uint64_t *key = ml->legal_key;
    for (int i = 0; i < ml->n; i++) {
        Move *m = &ml->m[i];
        if (!merge_applies(g, m)) continue;
        pos_make_parts(p, ml, m, PROBE_FULL & ~PROBE_TURN_START);
        int ok = vm_run_legal(p, mover);
        uint64_t h = pos_rep_key(p);
        pos_unmake(p);
        m = &ml->m[i];
        m->tested = (uint8_t)(1 + ok);
        if (!ok) continue;
        if (!g->distinct) h ^= (uint64_t)m->group * 0x9e3779b97f4a7c15ull;   /* its block only */
        key[i] = h;
        uint32_t j = (uint32_t)h & (cap - 1);
        while (slot[j] && hash[j] != h) j = (j + 1) & (cap - 1);
        slot[j]++; hash[j] = h;
    }
    for (int i = 0; i < ml->n; i++) {
        Move *m = &ml->m[i];
        if (!merge_applies(g, m) || m->tested != 2) continue;
        uint32_t j = (uint32_t)key[i] & (cap - 1);
        while (slot[j] && hash[j] != key[i]) j = (j + 1) & (cap - 1);
        if (slot[j] == 1) m->tested = 3;
    }
    memset(slot, 0, sizeof *slot * cap);
}

/* The pseudo-legal moves of ml kept if legal (and merged); `known`: the pins, found before the
 * generation (node_count_legal), or NULL to find them here where the game allows. */
static void keep_legal(Pos *p, MoveList *ml, const Pins *known)
{
    const Game *g = p->g;
    int mover = pos_mover(p);
    /* `moves distinct` merges every two moves that reach one state; a `distinct { }` block only
     * the moves it emitted itself (the same group). Moves that do the same thing are merged as
     * they are emitted (merge.h); here the moves left are merged by the state they reach, in a
     * table of the kept moves' indices by that state's hash (plus the group). */
    int any = 0;
    for (int i = 0; i < ml->n && !any; i++) any = merge_applies(g, &ml->m[i]);
    uint32_t cap = 1;
    while (any && cap < 2u * (uint32_t)ml->n) cap *= 2;
    /* the table lives in the list, not in a local malloc: the legal hook and the moves made
     * below may end in a runtime error, which longjmps past any free() here */
    if (any && cap > ml->legal_cap) {
        free(ml->legal_slot); free(ml->legal_hash);
        ml->legal_slot = malloc(sizeof *ml->legal_slot * cap);
        ml->legal_hash = malloc(sizeof *ml->legal_hash * cap);
        if (!ml->legal_slot || !ml->legal_hash) out_of_memory("the table of merged legal moves");
        ml->legal_cap = cap;
    }
    int32_t *slot = ml->legal_slot;
    uint64_t *hash = ml->legal_hash;
    if (any) memset(slot, 0, sizeof *slot * cap);
    /* The test needs only what `legal` can see of a make (effects.h); a move that merges
     * needs the state it reaches, so the hash after the whole make. */
    /* ... and where `legal` is `require not in-check;`, most moves need no make (pins.h) */
    Pins found;
    const Pins *pins = known;
    if (!pins && !any && g->legal_by_pins && pins_find(p, mover, &found)) pins = &found;
    const int by_pins = !any && pins;
    /* where moves merge, each is made for its hash; one that the pins call safe then needs no
     * run of `legal` (its in-check test would say no; the hook begins with it), where nothing
     * comes after that test (the Ivory Tower's pretest gives way to the make at most moves: the
     * pins there cost 2 % more instructions for nothing) */
    const int after_make = any && !pins && g->check_by_pins && g->legal_pretest_fn < 0 &&
                           pins_find(p, mover, &found);
    NodeResets resets;                 /* (for the hash of a state without its make) */
    if (after_make) pos_node_resets(p, &resets);
    vm_charge(p, LEGAL_MOVE_STEPS * (long)ml->n);
    if (any && !after_make && g->turn_start_unseen) merging_unmade(p, ml, slot, hash, cap);
    /* no `legal` block, no pins and no merging: the loop below would keep every move as it is */
    int k = !any && !by_pins && g->hook_fn[HOOK_LEGAL] < 0 ? ml->n : 0;
    for (int i = k; i < ml->n; i++) {
        uint64_t h = 0;
        int ok = -1;                   /* 1 legal, 0 not, -1 the move must be made to tell */
        if (by_pins && pins_move_safe(p, ml, &ml->m[i], pins))
            ok = g->legal_pretest_fn < 0 ? 1 : vm_run_legal_pretest(p, mover, &ml->m[i]);
        if (ok == 0) continue;
        /* no `legal` block and no merging: nothing after the make would look at it */
        if (ok < 0 && !any && g->hook_fn[HOOK_LEGAL] < 0) ok = 1;
        if (ok < 0 && after_make && pins_move_safe(p, ml, &ml->m[i], &found)) ok = 2;
        /* legal, and the hash of the state it reaches known without a make */
        if (ok == 2 && merge_applies(g, &ml->m[i]) && pos_hash_after(p, &resets, ml, &ml->m[i], &h))
            ok = 1;
        /* tested where it was emitted, as the make below would test it (step 49) */
        if (ok < 0 && ml->m[i].tested && !(any && merge_applies(g, &ml->m[i]))) {
            ok = ml->m[i].tested - 1;
            if (!ok) continue;
        }
        /* a merging move made without `turn-start` (merging_unmade): not legal, or legal and
         * alone in reaching its state; else made whole below for the state's hash */
        if (ok < 0 && any && ml->m[i].tested && merge_applies(g, &ml->m[i])) {
            if (ml->m[i].tested == 1) continue;
            if (ml->m[i].tested == 3) { ml->m[k++] = ml->m[i]; continue; }
            ok = 2;
        }
        if (ok != 1) {                 /* -1: made and tested; 2: made, legal */
            int merges = any && merge_applies(g, &ml->m[i]);
            pos_make_parts(p, ml, &ml->m[i], merges ? PROBE_FULL : g->probe);
            ok = ok == 2 ? 1 : vm_run_legal(p, mover);
            h = p->hash;
            pos_unmake(p);
            if (!ok) continue;
        }
        Move m = ml->m[i];
        if (any && merge_applies(g, &m)) {
            if (!g->distinct) h ^= (uint64_t)m.group * 0x9e3779b97f4a7c15ull;   /* its block only */
            uint32_t j = (uint32_t)h & (cap - 1);
            while (slot[j] && hash[j] != h) j = (j + 1) & (cap - 1);
            if (slot[j]) {                      /* a move already kept reaches this state */
                Move *kept = &ml->m[slot[j] - 1];
                if (merge_prefer(g, ml, &m, kept)) *kept = m;
                continue;
            }
            slot[j] = k + 1; hash[j] = h;
        }
        ml->m[k++] = m;
    }
    ml->n = k;
    if (g->move_priorities) keep_best_class(ml);
    if (g->compulsory_capture) keep_captures(p, ml, g->compulsory_capture == 2);
}

/* Whether gen_legal's moves may be tested where they are emitted (step 49): where keep_legal
 * would make each (no pins, no pretest) to run the `legal` block, and the transient slots,
 * which each test puts back to the node's, are few */
static int tests_at_emit(const Game *g)
{
    return g->hook_fn[HOOK_LEGAL] >= 0 && !g->legal_by_pins && !g->check_by_pins &&
           g->legal_pretest_fn < 0 && g->extend_fn < 0 &&
           g->st_size - g->st_transient <= TEST_TRANSIENT_MAX;
}

/* The moves the runs emit from here on tested where they are emitted (vm.c), where the game
 * allows: the trail's length and the node's transient slots kept */
static void start_tests(Pos *p, MoveList *ml)
{
    const Game *g = p->g;
    ml->test_emits = tests_at_emit(g);
    ml->test_trail = p->ntrail;
    if (ml->test_emits)
        memcpy(ml->test_transient, p->st + g->st_transient,
               sizeof *p->st * (size_t)(g->st_size - g->st_transient));
}

void gen_legal(Pos *p, MoveList *ml)
{
    start_tests(p, ml);
    gen_pseudo(p, ml);
    ml->test_emits = 0;
    keep_legal(p, ml, NULL);
}

/* Perft's last ply where `legal` judges each move (step 49): the moves tested where they are
 * emitted are counted, not listed (EmitCount.test; vm.c, emit_count_tested); the others are
 * listed and kept by keep_legal as gen_legal keeps them. Only where every move is a program's
 * (no piece has native lines: those are counted only where the pins judge them) and no
 * `moves distinct` merges them all. The work is charged as gen_legal charges it. -1: the
 * count is not to be used (a test set a result); ml is then cleared. */
static int node_countable(const Game *g);

static int counts_tested(const Game *g)
{
    if (!node_countable(g) || g->distinct || !tests_at_emit(g)) return 0;
    for (int t = 1; t <= g->ntypes; t++) if (g->types[t].natoms) return 0;
    return 1;
}

static int count_tested(Pos *p, MoveList *ml)
{
    const Game *g = p->g;
    if (!counts_tested(g)) return -1;
    CountCtx cc = { .n = 0, .rejected = 0, .emits = { .test = 1 } };
    start_tests(p, ml);
    gen_units_counting(p, ml, NULL, 0, 0, 0, &cc);
    ml->test_emits = 0;
    if (cc.emits.unknown) { movelist_clear(ml); return -1; }
    vm_charge(p, LEGAL_MOVE_STEPS * cc.emits.n);
    keep_legal(p, ml, NULL);
    long n = ml->n + cc.emits.legal;
    vm_run_end(p, (int)n);
    if (!p->result) return (int)n;
    return end_eliminates(p, ml) ? ml->n : 0;
}

/* Which of the n (64 at most) cells from st hold a piece whose owner field is own (not 0):
 * four cells a compare where the machine has SSE2 (every x86-64). */
static inline uint64_t owned_squares(const int32_t *st, int n, unsigned own)
{
    uint64_t m = 0;
    int i = 0;
#ifdef __SSE2__
    const __m128i field = _mm_set1_epi32(0xf00), want = _mm_set1_epi32((int)(own << 8));
    for (; i + 4 <= n; i += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(st + i));
        __m128i eq = _mm_cmpeq_epi32(_mm_and_si128(v, field), want);
        m |= (uint64_t)(unsigned)_mm_movemask_ps(_mm_castsi128_ps(eq)) << i;
    }
#endif
    for (; i < n; i++) m |= (uint64_t)((((uint32_t)st[i] >> 8) & 0xfu) == own) << i;
    return m;
}

/* The board's part of gen_units() where it counts (a game of one piece a square, no
 * `moves extend`, no stop): the same pieces in the same order, the same work charged, without
 * what the other cases need at every square (layers, resumed units, stops), and the mover's
 * pieces found 64 squares at a time (owned_squares). It runs at every node of perft's last
 * ply, where the walk was a fifth of chess's instructions. */
static void count_board(Pos *p, MoveList *ml, CountCtx *cc)
{
    const Game *g = p->g;
    const int mover = pos_mover(p);
    const int32_t *st = p->st;
    const unsigned own = (unsigned)mover + 1;      /* PW_OWNER(w) == mover: its owner field */
    /* the work, charged as gen_units charges it (the squares, each piece's lines, each move
     * they found), added up at the end and before each program's run, which sees it */
    long atoms = 0, n = 0, rejected = 0, charged = 0;
    const int listed0 = ml->n;
    int emitted = 0;                               /* (listed by programs: their own work) */
    const int evading = cc->lc.pins->evading;      /* (linecount_piece's two forms, step 42) */
#define COUNT_WORK() (g->nsq / UNITS_A_STEP + atoms + \
                      LINE_MOVE_STEPS * (n + rejected + (ml->n - listed0 - emitted)))
    const int nsq = g->pieces_move ? g->nsq : 0;
    for (int base = 0; base < nsq; base += 64) {
        uint64_t mine = owned_squares(st + base, nsq - base < 64 ? nsq - base : 64, own);
        for (; mine; mine &= mine - 1) {
            const int sq = base + __builtin_ctzll(mine);
            int32_t w = st[sq];
            int t = PW_TYPE(w);
            if (t < 1 || t > g->ntypes) continue;
            const PieceType *T = &g->types[t];
            if (T->natoms) {
                atoms += T->natoms;
                const long rejected_before = rejected;
                long counted = evading ? linecount_piece(&cc->lc, ml, sq, w, T, &rejected, 1)
                                       : linecount_piece(&cc->lc, ml, sq, w, T, &rejected, 0);
                if (counted < 0) gen_atoms(p, ml, sq, w, T, mover);
                else {
                    n += counted;
                    /* (`emitted` in a later program counts them, as a list would hold them) */
                    cc->emits.lines += counted + rejected - rejected_before;
                }
            }
            /* (the moves listed have layer 0 already: movelist_push zeroes them) */
            if (T->moves_fn >= 0 &&
                (!g->origin_ok[T->moves_fn] || g->origin_ok[T->moves_fn][mover * g->nsq + sq])) {
                long work = COUNT_WORK();
                vm_charge(p, work - charged);
                charged = work;
                int before = ml->n;
                RunCtx c;
                runctx_clear(&c);
                c.mode = RUN_GEN; c.fn = T->moves_fn; c.mover = mover; c.origin = sq;
                c.piece = w; c.layer = 0; c.out = ml; c.nlegal = -1; c.target = -1;
                c.count = &cc->emits;
                vm_run(p, &c);
                emitted += ml->n - before;
            }
        }
    }
    vm_charge(p, COUNT_WORK() - charged);
#undef COUNT_WORK
    cc->n += n; cc->rejected += rejected;
}

static int node_countable(const Game *g)
{
    return !legal_list_whole(g) && g->extend_fn < 0 && !g->pass_forced;
}

/* No `legal` block and no royal piece: every move is legal, no piece is pinned, and no move's
 * legality is judged: the line moves are counted (ataxx's jumps, a third of its moves), and the
 * programs' moves that merge with none too (its clones, connect-four's drops) */
static int counts_all_legal(const Game *g)
{
    return node_countable(g) && g->hook_fn[HOOK_LEGAL] < 0 && !g->has_royal;
}

int node_count_charges_as_listed(const Game *g)
{
    return (counts_all_legal(g) && !g->distinct && !g->distinct_blocks) || counts_tested(g);
}

/* The moves counted (linecount.h) are legal without a list entry: only the game's shape decides
 * whether a node may count them, and a node whose listed moves would merge (a `distinct { }`
 * block) is generated again in full. */
int node_count_legal(Pos *p, MoveList *ml)
{
    const Game *g = p->g;
    Pins pins;
    const int countable = node_countable(g);
    const int all_legal = counts_all_legal(g);
    if (all_legal || (countable && g->line_rays && g->legal_by_pins)) {
        vm_start_position(p);
        if (all_legal) {
            pins.npinned = 0; pins.watching = 0; pins.evading = 0; pins.board_writes = 0;
        }
        /* in check, the line moves that end it counted (step 42) */
        if (all_legal || pins_find(p, pos_mover(p), &pins) ||
            (g->stack == 1 && pins_find_evasions(p, pos_mover(p), &pins))) {
            CountCtx cc = { .n = 0, .rejected = 0, .emits = { .on = all_legal } };
            linecount_begin(&cc.lc, p, pos_mover(p), &pins);
            if (g->stack == 1 && !all_legal) {      /* (count_board: one piece a square) */
                count_board(p, ml, &cc);
                if (g->turn_fn >= 0 || g->drops_fn >= 0)   /* the turn's program, the drops */
                    gen_units_counting(p, ml, NULL, g->nsq, 0, 0, &cc);
            } else gen_units_counting(p, ml, NULL, 0, 0, 0, &cc);
            cc.n += cc.emits.n;
            int merges = 0;       /* (nothing counted: the list is whole, keep_legal merges) */
            for (int i = 0; cc.n && i < ml->n && !merges; i++) merges = merge_applies(g, &ml->m[i]);
            if (!merges) {
                vm_charge(p, LEGAL_MOVE_STEPS * (cc.n + cc.rejected));
                keep_legal(p, ml, all_legal ? NULL : &pins);
                long n = ml->n + cc.n;
                vm_run_end(p, (int)n);
                if (!p->result) return (int)n;
                return end_eliminates(p, ml) ? ml->n : 0;
            }
            movelist_clear(ml);
        }
    } else if (countable) {
        int n = count_tested(p, ml);
        if (n >= 0) return n;
    }
    node_moves_unnamed(p, ml);
    return ml->n;
}

void node_moves_unnamed(Pos *p, MoveList *ml)
{
    gen_legal(p, ml);
    vm_run_end(p, ml->n);
    /* a finished game has no legal moves; a player's loss among three or more, one (make.h) */
    if (p->result && !end_eliminates(p, ml)) ml->n = 0;
}

/* The next square after `after` that holds a piece of `by` whose attack is a program: from the
 * position's bitmap where it keeps one, else by looking at every square. -1 when none is left. */
static int next_attacker(const Pos *p, const uint64_t *bits, int by, int after)
{
    const Game *g = p->g;
    int s = after + 1;
    if (bits) {
        int words = p->attacker_words;
        for (int i = s >> 6; i < words; i++) {
            uint64_t m = bits[i];
            if (i == s >> 6) m &= ~0ull << (s & 63);
            if (m) return i * 64 + __builtin_ctzll(m);
        }
        return -1;
    }
    for (; s < g->nsq; s++) {
        int32_t w = TOPW(s);
        if (w && PW_OWNER(w) == by && type_in(g->fallback_attackers, PW_TYPE(w))) return s;
    }
    return -1;
}

/* The attack memo. A run of an attack program that reads nothing but single state locations
 * (the piece on a square, a variable, a hand, the turn: g->memo_ok) is a function of where it
 * starts (program, square, piece, target) and of the values it read. Its result is kept with
 * that list, and holds in any position where those locations hold the same values: checked one
 * by one, which costs a few loads where the run costs hundreds of instructions. Most moves leave most attackers' squares
 * alone, so the legality tests of a node, and of its siblings, mostly find their runs here. */
#define MEMO_SIZE 2048                  /* entries, direct-mapped; a power of two */
#define MEMO_RING 32768                 /* (location, value) pairs; a power of two */
typedef struct {
    int32_t fn, origin, piece, target;   /* fn + 1: 0 = an empty slot */
    int8_t owner, found, n;
    uint64_t at;                         /* its first pair: the ring's count when it was made */
} MemoEntry;
typedef struct { int32_t loc, w; } MemoPair;
/* The locations an entry read and their values are kept in a ring that every new entry writes
 * on, not in the entry: an entry with room for READLOG_MAX (40) of them made the memo 700 KB
 * and, direct-mapped, touched all of it, where most runs read fewer than 10 (Four Towers) or
 * 30 (the Ivory Tower). An entry holds while its pairs are intact: while fewer than MEMO_RING
 * pairs were written since its first (a count of 64 bits, which does not wrap). 320 KB in
 * all; a ring of 16384 pairs cost the Ivory Tower 0.9 % more instructions per leaf. */
struct AttackMemo {
    MemoEntry e[MEMO_SIZE];
    uint64_t head;                       /* pairs written so far */
    MemoPair ring[MEMO_RING];
};

static MemoEntry *memo_slot(Pos *p, int fn, int sq, int32_t w, int target)
{
    if (!p->memo) {
        p->memo = calloc(1, sizeof *p->memo);
        if (!p->memo) return NULL;       /* no memo: every run is made */
    }
    uint64_t h = mix64(((uint64_t)(uint32_t)fn << 48) ^ ((uint64_t)(uint32_t)sq << 32) ^
                       ((uint64_t)(uint32_t)target << 20) ^ (uint32_t)w);
    return &p->memo->e[h & (MEMO_SIZE - 1)];
}

/* Run a piece's attack or move program looking for `target`. With `seen`, it also says what the
 * result depends on: the locations the run read (seen->overflow when they are not known). */
static int program_reaches_seeing(Pos *p, int fn, int mode, int sq, int32_t w, int owner, int target,
                                  ReadLog *seen)
{
    const Game *g = p->g;
    MemoEntry *me = NULL;
    ReadLog log;
    if (seen) { seen->n = 0; seen->overflow = 1; }
    /* the words of pieces on squares (locations below nsq), seen through the program's mask */
    const int32_t mask = g->memo_mask[fn], nsq = g->nsq;
    if (mode == RUN_ATTACK && g->memo_ok[fn] && (me = memo_slot(p, fn, sq, w & mask, target))) {
        const struct AttackMemo *m = p->memo;
        if (me->fn == fn + 1 && me->origin == sq && me->piece == (w & mask) && me->target == target &&
            me->owner == owner && m->head - me->at <= MEMO_RING) {
            const MemoPair *r = &m->ring[me->at & (MEMO_RING - 1)];
            int i = 0;
            while (i < me->n && (p->st[r[i].loc] & (r[i].loc < nsq ? mask : -1)) == r[i].w) i++;
            if (i == me->n) {
                if (seen) {
                    seen->n = me->n; seen->overflow = 0;
                    for (i = 0; i < me->n; i++) seen->loc[i] = r[i].loc;
                }
                return me->found;
            }
        }
        log.n = 0; log.overflow = 0;
    }
    if (p->depth_guard > MAX_ATTACK_NEST)         /* named by the first line of the program */
        pos_runtime_error(p, g->line[g->fns[fn].entry], "attack and reach tests nested more than %d deep "
                          "(a rule that calls itself?)", MAX_ATTACK_NEST);
    p->depth_guard++;
    MAXIMA_NOTE(attack_nest, p->depth_guard);
    RunCtx c;
    runctx_clear(&c);
    c.mode = mode; c.fn = fn; c.mover = owner; c.origin = sq; c.piece = w;
    c.target = target; c.nlegal = -1;
    c.reads = me ? &log : NULL;
    vm_run(p, &c);
    p->depth_guard--;
    if (me && !log.overflow) {
        me->fn = fn + 1; me->origin = sq; me->piece = w & mask; me->target = target;
        me->owner = (int8_t)owner; me->found = (int8_t)c.found; me->n = (int8_t)log.n;
        struct AttackMemo *m = p->memo;
        /* an entry's pairs never wrap round the ring's end (they are read as one array) */
        uint64_t room = MEMO_RING - (m->head & (MEMO_RING - 1));
        if (room < (unsigned)log.n) m->head += room;
        me->at = m->head;
        MemoPair *r = &m->ring[m->head & (MEMO_RING - 1)];
        for (int i = 0; i < log.n; i++) {
            r[i].loc = log.loc[i];
            r[i].w = log.w[i] & (log.loc[i] < nsq ? mask : -1);
        }
        m->head += (unsigned)log.n;
    }
    if (seen && me && !log.overflow) *seen = log;
    return c.found;
}

static int program_reaches(Pos *p, int fn, int mode, int sq, int32_t w, int owner, int target)
{
    return program_reaches_seeing(p, fn, mode, sq, w, owner, target, NULL);
}

/* What each attack or move program can reach from each square on any board (reach.c): a state
 * byte per program, player and square (0: not walked yet), then the sets. A square is walked
 * when first asked (a walk costs a few runs of the program: some thousands of instructions in
 * the Four Towers). The walks of one position follow at most REACH_BUDGET instructions in all (a
 * few tenths of a second for a hostile file on a big board): past it, every square not yet
 * walked counts as reachable. */
#define REACH_KNOWN 1
#define REACH_ANY 2
#define REACH_BUDGET 50000000L
struct ReachCache {
    int words;
    long budget;
    uint8_t *state;
    uint64_t *bits;
    /* The sets the other way round, for the check test (program_attackers_hit): rev, by program,
     * player and target, the squares walked whose set holds the target; open, by program and
     * player, the squares not walked yet or that reach anything. cand, by player and target, for
     * each type: the union of both over the type's programs, a superset of the squares from
     * which its piece may reach the target; made again when a walk has changed rev or open
     * (walks counts such walks, cand_walks is the count it was made at). NULL on a board and
     * with types too many for CAND_MAX_BYTES: the test then looks at each attacker. */
    uint64_t *rev, *open, *cand;
    uint32_t *cand_walks;
    uint32_t walks;
    uint8_t *settled;             /* reach_settle() of each program, by code word */
    uint8_t *has_settled;         /* by program */
};
#define CAND_MAX_BYTES (16u << 20)

static struct ReachCache *reach_cache(Pos *p)
{
    const Game *g = p->g;
    size_t n = (size_t)g->nfns * (size_t)g->nplayers * (size_t)g->nsq;
    size_t words = (size_t)REACH_WORDS(g), progs = (size_t)g->nfns * (size_t)g->nplayers;
    size_t targets = (size_t)g->nplayers * (size_t)g->nsq;
    size_t cand_words = targets * (size_t)(g->ntypes + 1) * words;
    int with_cand = (n * words + cand_words) * sizeof(uint64_t) <= CAND_MAX_BYTES;
    size_t extra = with_cand ? (n + progs) * words + cand_words : 0;
    struct ReachCache *rc = calloc(1, sizeof *rc + (n * words + extra) * sizeof(uint64_t) +
                                      (with_cand ? targets * sizeof(uint32_t) : 0) + n +
                                      (size_t)g->ncode + (size_t)g->nfns);
    if (!rc) return NULL;
    rc->words = (int)words;
    rc->budget = REACH_BUDGET;
    rc->bits = (uint64_t *)(rc + 1);
    rc->state = (uint8_t *)(rc->bits + n * words);
    if (with_cand) {
        rc->rev = rc->bits + n * words;
        rc->open = rc->rev + n * words;
        rc->cand = rc->open + progs * words;
        rc->cand_walks = (uint32_t *)(rc->cand + cand_words);
        rc->walks = 1;
        for (size_t i = 0; i < progs; i++)
            for (int s = 0; s < g->nsq; s++) rc->open[i * words + (size_t)(s >> 6)] |= 1ull << (s & 63);
        rc->state = (uint8_t *)(rc->cand_walks + targets);
    }
    rc->settled = rc->state + n;
    rc->has_settled = rc->settled + g->ncode;
    return p->reach = rc;
}

/* A walk from `from` (the cache's entry i) found set b: the sets the other way round learn it. */
static void reach_reverse(const Game *g, struct ReachCache *rc, size_t i, int from, const uint64_t *b)
{
    const size_t nsq = (size_t)g->nsq, words = (size_t)rc->words, prog = i / nsq;
    const size_t fw = (size_t)(from >> 6);
    const uint64_t fb = 1ull << (from & 63);
    rc->open[prog * words + fw] &= ~fb;
    for (size_t wi = 0; wi < words; wi++)
        for (uint64_t m = b[wi]; m; m &= m - 1)
            rc->rev[(prog * nsq + wi * 64 + (size_t)__builtin_ctzll(m)) * words + fw] |= fb;
    rc->walks++;
}

static int __attribute__((noinline)) reach_walk(Pos *p, struct ReachCache *rc, size_t i, int fn,
                                                int by, int from, int target)
{
    if (rc->budget <= 0) return 1;
    uint64_t *b = rc->bits + i * (size_t)rc->words;
    uint8_t *settled = rc->settled + p->g->fns[fn].entry;
    if (!rc->has_settled[fn]) { reach_settle(p->g, fn, settled); rc->has_settled[fn] = 1; }
    int known = reach_squares(p->g, fn, by, from, settled, b, &rc->budget);
    rc->state[i] = known ? REACH_KNOWN : REACH_ANY;
    if (known && rc->cand) reach_reverse(p->g, rc, i, from, b);
    return !known || (b[target >> 6] >> (target & 63) & 1);
}

/* 0 when program fn, run for `by` from square `from`, can reach `target` on no board: the
 * attack or reach test need not run it. (Zillions' attacks also count captures the program
 * records on the target: there every program is run.) */
static inline int may_reach(Pos *p, int fn, int by, int from, int target)
{
    const Game *g = p->g;
    struct ReachCache *rc = p->reach;
    if (__builtin_expect(!rc, 0) && (g->attacks_by_capture || !(rc = reach_cache(p)))) return 1;
    size_t i = ((size_t)fn * (size_t)g->nplayers + (size_t)by) * (size_t)g->nsq + (size_t)from;
    if (rc->state[i] == REACH_KNOWN)
        return (int)(rc->bits[i * (size_t)rc->words + (size_t)(target >> 6)] >> (target & 63) & 1);
    if (rc->state[i] == REACH_ANY) return 1;
    return reach_walk(p, rc, i, fn, by, from, target);
}

int attack_programs_reads(Pos *p, int target, int by, void (*add)(void *ctx, int loc), void *ctx)
{
    const Game *g = p->g;
    ReadLog seen;
    const uint64_t *bits = pos_attacker_squares(p, by);
    for (int s = next_attacker(p, bits, by, -1); s >= 0; s = next_attacker(p, bits, by, s)) {
        int32_t w = TOPW(s);
        const PieceType *T = &g->types[PW_TYPE(w)];
        for (int k = 0; k < 2; k++) {
            int fn = k == 0 ? T->attack_fn : (T->attack_moves ? T->moves_fn : -1);
            if (fn < 0) continue;
            if (!may_reach(p, fn, by, s, target)) { add(ctx, s); continue; }   /* its piece */
            if (program_reaches_seeing(p, fn, RUN_ATTACK, s, w, by, target, &seen)) return -1;
            if (seen.overflow) return 0;
            add(ctx, s);                         /* the attacker's own square */
            for (int i = 0; i < seen.n; i++) add(ctx, seen.loc[i]);
        }
    }
    return 1;
}

/* Is sq attacked by a piece of `by` with the atom of e? Walked backwards from sq. */
static int ext_attacked(const Pos *p, int sq, int by, const ExtAttack *e)
{
    const Game *g = p->g;
    if (e->to_zone >= 0 && !line_in_zone(g, e->to_zone, by, sq)) return 0;
    int back = g->opposite[e->dir], s = g->neighbor[sq * g->ndirs + back];
    if (s < 0) return 0;
    if (e->kind == ATOM_HOP) {
        while (!TOPW(s)) { s = g->neighbor[s * g->ndirs + back]; if (s < 0) return 0; }   /* the screen */
        do { s = g->neighbor[s * g->ndirs + back]; if (s < 0) return 0; } while (!TOPW(s));
    } else if (e->leg >= 0) {
        if (TOPW(s)) return 0;                     /* the leg's square must be empty */
        s = g->neighbor[s * g->ndirs + g->opposite[e->leg]];
        if (s < 0) return 0;
    }
    int32_t w = TOPW(s);
    return w && PW_OWNER(w) == by && type_in(e->types, PW_TYPE(w)) &&
           (e->from_zone < 0 || line_in_zone(g, e->from_zone, by, s));
}

static inline __attribute__((always_inline)) int square_attacked_as_is(Pos *p, int sq, int by);
static int square_attacked_beyond_lines(Pos *p, int sq, int by);

/* The square one `attack near` leap back from sq, where a piece of `by` that it names stands,
 * or -1 (e.leg: the leap's first step, walked back last). */
static int near_attacker_square(const Pos *p, int sq, int by, const ExtAttack *e)
{
    const Game *g = p->g;
    int s = g->neighbor[sq * g->ndirs + g->opposite[e->dir]];
    if (s >= 0 && e->leg >= 0) s = g->neighbor[s * g->ndirs + g->opposite[e->leg]];
    if (s < 0) return -1;
    int32_t w = TOPW(s);
    return w && PW_OWNER(w) == by && type_in(e->types, PW_TYPE(w)) ? s : -1;
}

int near_attackers_at(const Pos *p, int sq, int by)
{
    for (int i = 0, n = p->g->nnear_attacks[by]; i < n; i++)
        if (near_attacker_square(p, sq, by, &p->g->near_attacks[by][i]) >= 0) return 1;
    return 0;
}

/* The `attack near` programs of the pieces that stand where theirs can reach sq from. */
static int near_attacked(Pos *p, int sq, int by)
{
    const Game *g = p->g;
    for (int i = 0, n = g->nnear_attacks[by]; i < n; i++) {
        int s = near_attacker_square(p, sq, by, &g->near_attacks[by][i]);
        if (s < 0) continue;
        int32_t w = TOPW(s);
        int fn = g->types[PW_TYPE(w)].attack_fn;
        if (may_reach(p, fn, by, s, sq) && program_reaches(p, fn, RUN_ATTACK, s, w, by, sq)) return 1;
    }
    return 0;
}

/* Zillions' attack (g->attacks_by_capture): the square holds a piece of another side while
 * it is tested, the one there, or the first royal type (else the first type) put there. */
static int square_attacked_by_capture(Pos *p, int sq, int by)
{
    const Game *g = p->g;
    int32_t w = TOPW(sq);
    if (w && PW_OWNER(w) != by) return square_attacked_as_is(p, sq, by);
    int t = w ? PW_TYPE(w) : 1;
    for (int k = 1; !w && k <= g->ntypes; k++) if (g->types[k].royal) { t = k; break; }
    int mark = pos_mark(p), other = g->nplayers > 1 ? game_opponent(g, by) : -1;
    pos_set(p, g->stack == 1 ? sq : sq * g->stack, PW_MAKE(t, other));
    int r = square_attacked_as_is(p, sq, by);
    pos_undo_to(p, mark);
    return r;
}

int square_attacked(Pos *p, int sq, int by)
{
    if (__builtin_expect(p->g->attacks_by_capture, 0)) return square_attacked_by_capture(p, sq, by);
    return square_attacked_as_is(p, sq, by);
}

/* Whether the attack programs of the piece on s (of `by`) reach sq. */
static inline int program_attacker_hits(Pos *p, int s, int by, int sq)
{
    const Game *g = p->g;
    int32_t w = TOPW(s);
    const PieceType *T = &g->types[PW_TYPE(w)];
    if (T->attack_fn >= 0 && may_reach(p, T->attack_fn, by, s, sq) &&
        program_reaches(p, T->attack_fn, RUN_ATTACK, s, w, by, sq)) return 1;
    if (T->attack_moves && T->moves_fn >= 0 && may_reach(p, T->moves_fn, by, s, sq) &&
        program_reaches(p, T->moves_fn, RUN_ATTACK, s, w, by, sq)) return 1;
    return 0;
}

/* One program of `by`'s piece w on s: may_reach's test with the loop's invariants (the cache,
 * the table's strides, the target's word and bit) in locals, then the run where it may reach. */
static inline __attribute__((always_inline)) int
attacker_fn_hits(Pos *p, const struct ReachCache *rc, int fn, size_t i, int tw, uint64_t tb,
                 int s, int32_t w, int by, int sq)
{
    uint8_t state = rc->state[i];
    if (state == REACH_KNOWN) { if (!(rc->bits[i * (size_t)rc->words + (size_t)tw] & tb)) return 0; }
    else if (state != REACH_ANY && !may_reach(p, fn, by, s, sq)) return 0;
    return program_reaches(p, fn, RUN_ATTACK, s, w, by, sq);
}

/* For each type (words words a type), the squares from which its piece of `by` may reach sq as
 * far as the walks so far know: every attacker that attacker_fn_hits does not turn away at once
 * is in it (rc->cand). */
static const uint64_t *attacker_candidates(const Game *g, struct ReachCache *rc, int by, int sq)
{
    const size_t words = (size_t)rc->words, nsq = (size_t)g->nsq, k = (size_t)by * nsq + (size_t)sq;
    const size_t stride = (size_t)(g->ntypes + 1) * words;
    uint64_t *u = rc->cand + k * stride;
    if (rc->cand_walks[k] == rc->walks) return u;
    memset(u, 0, stride * sizeof *u);
    for (int t = 1; t <= g->ntypes; t++) {
        const PieceType *T = &g->types[t];
        for (int j = 0; j < 2; j++) {
            int fn = j == 0 ? T->attack_fn : T->attack_moves ? T->moves_fn : -1;
            if (fn < 0) continue;
            size_t prog = (size_t)fn * (size_t)g->nplayers + (size_t)by;
            const uint64_t *r = rc->rev + (prog * nsq + (size_t)sq) * words, *o = rc->open + prog * words;
            for (size_t wi = 0; wi < words; wi++) u[(size_t)t * words + wi] |= r[wi] | o[wi];
        }
    }
    rc->cand_walks[k] = rc->walks;
    return u;
}

/* program_attacker_hits over the squares of `bits`, with the reach cache made (p->reach): most
 * attackers cannot reach sq on any board (a Four Towers check test passes some 20 of them, at
 * about 100 instructions each as calls of program_attacker_hits). */
static int __attribute__((noinline)) program_attackers_hit(Pos *p, const uint64_t *bits, int by, int sq)
{
    const Game *g = p->g;
    const struct ReachCache *rc = p->reach;
    /* the cache's index is (fn * nplayers + by) * nsq + s: fn's stride, and by's part of it */
    const size_t base = (size_t)g->nplayers * (size_t)g->nsq, by_part = (size_t)by * (size_t)g->nsq;
    const int tw = sq >> 6, words = p->attacker_words;
    const uint64_t tb = 1ull << (sq & 63);
    /* each attacker whose type cannot reach sq from its square passed over with one bit (step
     * 40): in square order still, so the programs run as before */
    const uint64_t *cand = rc->cand ? attacker_candidates(g, p->reach, by, sq) : NULL;
    for (int wi = 0; wi < words; wi++)
        for (uint64_t m = bits[wi]; m; m &= m - 1) {
            int s = wi * 64 + __builtin_ctzll(m);
            int32_t w = TOPW(s);
            if (cand && !(cand[(size_t)PW_TYPE(w) * (size_t)words + (size_t)wi] >> (s & 63) & 1)) continue;
            const PieceType *T = &g->types[PW_TYPE(w)];
            if (T->attack_fn >= 0 &&
                attacker_fn_hits(p, rc, T->attack_fn, (size_t)T->attack_fn * base + by_part + (size_t)s,
                                 tw, tb, s, w, by, sq))
                return 1;
            if (T->attack_moves && T->moves_fn >= 0 &&
                attacker_fn_hits(p, rc, T->moves_fn, (size_t)T->moves_fn * base + by_part + (size_t)s,
                                 tw, tb, s, w, by, sq))
                return 1;
        }
    return 0;
}

/* The plain lines of attackdirs toward sq: 1 when a piece of `by` attacks it along one. The
 * position's arrays are held in locals, and on a board of one piece a square (one_cell, a
 * constant where it is inlined) a square's piece is its cell: where each square was looked at
 * through TOPW, the stack's test, p->st and the neighbour table were loaded again at every
 * square (the call of pos_top_loc may change them, for all the compiler knows): 640
 * instructions a test of a chess King's destination (docs/runtime.md, step 42). The work
 * charged is the walk's, as before. */
static inline __attribute__((always_inline)) int
lines_attack(Pos *p, int sq, int by, const int one_cell)
{
    const Game *g = p->g;
    const int32_t *st = p->st;
    const int16_t *nb = g->neighbor;
    const int nd = g->ndirs;
    const AttackDir *ad = g->attackdirs[by];
    /* the directions, and the squares the rides pass over (a 26-file board's queen rays: 25
     * squares a direction, where a chess board's are a few) */
    long steps = 1 + g->nattackdirs[by];
    const AttackStart *e = g->attack_start[by] + g->attack_start_at[by][sq];
    const AttackStart *eend = g->attack_start[by] + g->attack_start_at[by][sq + 1];
#define TOP_AT(s) (one_cell ? st[s] : TOPW(s))
    for (; e < eend; e++) {                 /* (the directions that leave the board: none) */
        const AttackDir *a = &ad[e->i];
        int s = e->first;
        int32_t w = TOP_AT(s);
        if (a->any_leap && w && PW_OWNER(w) == by && type_in(a->leap, PW_TYPE(w))) {
            vm_charge(p, steps);
            return 1;
        }
        if (!a->any_ride) continue;
        const int back = e->back;
        steps++;                            /* the first square, then each one passed over */
        while (!w) {
            s = nb[s * nd + back];
            if (s < 0) break;
            steps++;
            w = TOP_AT(s);
        }
        if (s >= 0 && PW_OWNER(w) == by && type_in(a->ride, PW_TYPE(w))) {
            vm_charge(p, steps);
            return 1;
        }
    }
#undef TOP_AT
    vm_charge(p, steps);
    return 0;
}

static inline __attribute__((always_inline)) int square_attacked_as_is(Pos *p, int sq, int by)
{
    if (p->g->stack == 1 ? lines_attack(p, sq, by, 1) : lines_attack(p, sq, by, 0)) return 1;
    return square_attacked_beyond_lines(p, sq, by);
}

/* The attacks that are not the plain lines of attackdirs: hops, legged leaps, zoned lines,
 * programs and `attack near` ones. */
static int square_attacked_beyond_lines(Pos *p, int sq, int by)
{
    const Game *g = p->g;
    for (int i = 0, n = g->next_attacks[by]; i < n; i++)
        if (ext_attacked(p, sq, by, &g->ext_attacks[by][i])) return 1;
    if (g->any_fallback) {
        const uint64_t *bits = pos_attacker_squares(p, by);
        if (bits) {                      /* the bitmap walked here: most attackers are passed */
            if (p->reach || (!g->attacks_by_capture && reach_cache(p))) {
                if (program_attackers_hit(p, bits, by, sq)) return 1;
            } else
                for (int wi = 0; wi < p->attacker_words; wi++)
                    for (uint64_t m = bits[wi]; m; m &= m - 1)
                        if (program_attacker_hits(p, wi * 64 + __builtin_ctzll(m), by, sq)) return 1;
        } else
            for (int s = next_attacker(p, NULL, by, -1); s >= 0; s = next_attacker(p, NULL, by, s))
                if (program_attacker_hits(p, s, by, sq)) return 1;
    }
    if (g->nnear_attacks[by] && near_attacked(p, sq, by)) return 1;
    return 0;
}

static int atoms_reach(Pos *p, const Atom *atoms, int n, int sq, int owner, int target)
{
    const Game *g = p->g;
    for (int i = 0; i < n; i++) {
        const Atom *a = &atoms[i];
        if (a->mode == MODE_MOVE) continue;
        if (!ATOM_PLAIN(a)) {
            if (line_attacks(p, sq, a, owner, target)) return 1;
            continue;
        }
        int d = g->dir_map[owner][a->dir], s = sq;
        for (;;) {
            s = g->neighbor[s * g->ndirs + d];
            if (s < 0) break;
            if (s == target) return 1;
            if (CELL(s) || a->kind == ATOM_LEAP) break;
        }
    }
    return 0;
}

int piece_attacks(Pos *p, int from, int target)
{
    const Game *g = p->g;
    int32_t w = CELL(from);
    int owner = PW_OWNER(w);
    if (!w || owner < 0 || from == target) return 0;
    const PieceType *T = &g->types[PW_TYPE(w)];
    if (T->natoms && atoms_reach(p, T->atoms, T->natoms, from, owner, target)) return 1;
    if (T->nattack_atoms && atoms_reach(p, T->attack_atoms, T->nattack_atoms, from, owner, target))
        return 1;
    if (T->attack_fn >= 0 && may_reach(p, T->attack_fn, owner, from, target) &&
        program_reaches(p, T->attack_fn, RUN_ATTACK, from, w, owner, target)) return 1;
    if (T->attack_moves && T->moves_fn >= 0 && may_reach(p, T->moves_fn, owner, from, target) &&
        program_reaches(p, T->moves_fn, RUN_ATTACK, from, w, owner, target)) return 1;
    return 0;
}

static int in_check_now(Pos *p, int player);

/* Kept until the next write to the state (Pos.writes): the pins and a `require not in-check;`
 * of a move program ask it of one position. */
int in_check(Pos *p, int player)
{
    if (p->in_check_at == p->writes + 1 && p->in_check_player == player) return p->in_check_value;
    uint64_t at = p->writes;
    int r = in_check_now(p, player);
    if (p->writes == at) {
        p->in_check_at = at + 1; p->in_check_player = player; p->in_check_value = r;
    }
    return r;
}

/* in_check's answer for the one royal piece on k, and the pins of the rides toward it, in one
 * walk of the attack lines from k: the first piece along a ride's line attacks k or stands
 * between k and the second, which may pin it. The work charged and the answer are
 * square_attacked's, opponent by opponent; the answer is kept as in_check's. */
int in_check_and_pins(Pos *p, int player, int k, int16_t *pinned, int *npinned, int max)
{
    const Game *g = p->g;
    /* (the position's arrays in locals, as in lines_attack: the pins' games have one piece a
     * square, pins_game_ok, so a square's piece is its cell) */
    const int32_t *st = p->st;
    const int stack = g->stack;
    const int16_t *neighbor = g->neighbor;
    const int nd = g->ndirs;
    uint64_t at = p->writes;
    int r = 0;
    *npinned = 0;
    for (int by = 0; by < g->nplayers && !r; by++) {
        if (by == player) continue;
        const AttackDir *ad = g->attackdirs[by];
        long steps = 1 + g->nattackdirs[by];
        const AttackStart *e = g->attack_start[by] + g->attack_start_at[by][k];
        const AttackStart *eend = g->attack_start[by] + g->attack_start_at[by][k + 1];
        for (; e < eend && !r; e++) {       /* (the directions that leave the board: none) */
            const int i = e->i;
            /* (the squares along the line, each a step further back: neighbor + back) */
            const int16_t *nbk = neighbor + e->back;
            int s = e->first;
            int32_t w = st[s * stack];
            if (ad[i].any_leap && w && PW_OWNER(w) == by && type_in(ad[i].leap, PW_TYPE(w))) {
                r = 1;
                break;
            }
            if (!ad[i].any_ride) continue;
            /* the first piece: an attacker, or what may be pinned */
            steps++;
            while (!w) {
                s = nbk[s * nd];
                if (s < 0) break;
                steps++;
                w = st[s * stack];
            }
            if (s < 0) continue;
            if (PW_OWNER(w) == by && type_in(ad[i].ride, PW_TYPE(w))) { r = 1; break; }
            int first = s;
            do {                                   /* the second piece: a pinner? */
                s = nbk[s * nd];
                if (s < 0) break;
                w = st[s * stack];
            } while (!w);
            if (s >= 0 && PW_OWNER(w) == by && type_in(ad[i].ride, PW_TYPE(w))) {
                if (*npinned == max) { *npinned = -1; max = -1; }
                else if (*npinned >= 0) pinned[(*npinned)++] = (int16_t)first;
            }
        }
        vm_charge(p, steps);
        if (!r) r = square_attacked_beyond_lines(p, k, by);
    }
    if (p->writes == at) {
        p->in_check_at = at + 1; p->in_check_player = player; p->in_check_value = r;
    }
    return r;
}

/* Where `player`'s one royal piece on k is in check and every attack is a native line (no hop,
 * no leg, no zone, no program, no `attack near`: evasions_game_ok), on a board of at most 64
 * squares: the squares a move of another piece must reach to end the check (*block: the checker's
 * square and those between it and k along a ride; none when two pieces give check, where only
 * the royal piece may move) and every square pinned by a ride toward k (as in_check_and_pins
 * finds them). A piece arriving on a square is all a line move of another piece does to the
 * lines: leaving its square opens one, and it cannot end a check but by taking the checker or
 * standing between. Returns the number of pieces giving check; 0 where *npinned overflows. No
 * work is charged: pins_find charged the check test. */
int check_evasions(Pos *p, int player, int k, int16_t *pinned, int *npinned, int max,
                   uint64_t *block)
{
    const Game *g = p->g;
    const int32_t *st = p->st;
    const int16_t *neighbor = g->neighbor;
    const int nd = g->ndirs;
    uint64_t m = 0;
    int checkers = 0;
    *npinned = 0;
    for (int by = 0; by < g->nplayers; by++) {
        if (by == player) continue;
        const AttackDir *ad = g->attackdirs[by];
        const AttackStart *e = g->attack_start[by] + g->attack_start_at[by][k];
        const AttackStart *eend = g->attack_start[by] + g->attack_start_at[by][k + 1];
        for (; e < eend; e++) {
            const AttackDir *a = &ad[e->i];
            const int16_t *nbk = neighbor + e->back;
            int s = e->first;
            int32_t w = st[s];
            if (a->any_leap && w && PW_OWNER(w) == by && type_in(a->leap, PW_TYPE(w))) {
                checkers++;
                m |= 1ull << s;
                continue;                          /* (a ride along it stops at the leaper) */
            }
            if (!a->any_ride) continue;
            uint64_t line = 0;
            while (!w) {
                line |= 1ull << s;
                s = nbk[s * nd];
                if (s < 0) break;
                w = st[s];
            }
            if (s < 0) continue;
            if (PW_OWNER(w) == by && type_in(a->ride, PW_TYPE(w))) {
                checkers++;
                m |= line | 1ull << s;
                continue;
            }
            int first = s;
            do {                                   /* the second piece: a pinner? */
                s = nbk[s * nd];
                if (s < 0) break;
                w = st[s];
            } while (!w);
            if (s >= 0 && PW_OWNER(w) == by && type_in(a->ride, PW_TYPE(w))) {
                if (*npinned == max) return 0;
                pinned[(*npinned)++] = (int16_t)first;
            }
        }
    }
    *block = checkers == 1 ? m : 0;
    return checkers;
}

int evasions_game_ok(const Game *g)
{
    if (g->nsq > 64 || g->stack != 1 || g->attacks_by_capture || g->any_fallback) return 0;
    for (int by = 0; by < g->nplayers; by++)
        if (g->next_attacks[by] || g->nnear_attacks[by]) return 0;
    return 1;
}

static int in_check_now(Pos *p, int player)
{
    const Game *g = p->g;
    int more;
    int r = pos_royal_square(p, player, &more);
    if (r < 0) return 0;
    if (!more) {
        for (int q = 0; q < g->nplayers; q++)
            if (q != player && square_attacked(p, r, q)) return 1;
        return 0;
    }
    for (int sq = 0; sq < g->nsq; sq++) {
        int32_t w = CELL(sq);
        if (!w || PW_OWNER(w) != player || !g->types[PW_TYPE(w)].royal) continue;
        int hit = 0;
        for (int q = 0; q < g->nplayers && !hit; q++)
            hit = q != player && square_attacked(p, sq, q);
        if (hit != g->royal_all) return hit;   /* any: one attacked is check; all: one safe is not */
    }
    return g->royal_all;
}

int can_move_to(Pos *p, int target, int player)
{
    const Game *g = p->g;
    for (int sq = 0; sq < g->nsq; sq++) {
        int32_t w = CELL(sq);
        if (!w || PW_OWNER(w) != player) continue;
        const PieceType *T = &g->types[PW_TYPE(w)];
        for (int i = 0; i < T->natoms; i++) {
            const Atom *a = &T->atoms[i];
            if (!ATOM_PLAIN(a)) {
                int t = target;
                if (line_targets(p, sq, a, player, is_target, &t)) return 1;
                continue;
            }
            int d = g->dir_map[player][a->dir];
            int s = sq;
            for (;;) {
                s = g->neighbor[s * g->ndirs + d];
                if (s < 0) break;
                int32_t c = CELL(s);
                int enemy = c && PW_OWNER(c) >= 0 && PW_OWNER(c) != player;
                if (s == target) {
                    if (!c ? a->mode != MODE_CAPTURE : (enemy && a->mode != MODE_MOVE)) return 1;
                    break;
                }
                if (c || a->kind == ATOM_LEAP) break;
            }
        }
        if (T->moves_fn >= 0 && may_reach(p, T->moves_fn, player, sq, target) &&
            program_reaches(p, T->moves_fn, RUN_REACH, sq, w, player, target)) return 1;
    }
    return 0;
}

static AttackDir *attack_entry(Game *g, int player, int dir)
{
    for (int i = 0; i < g->nattackdirs[player]; i++)
        if (g->attackdirs[player][i].dir == dir) return &g->attackdirs[player][i];
    AttackDir *e = &g->attackdirs[player][g->nattackdirs[player]++];
    memset(e, 0, sizeof *e);
    e->dir = dir;
    return e;
}

static void add_ext_attack(Game *g, int player, int t, const Atom *a)
{
    int dir = g->dir_map[player][a->dir], leg = a->leg >= 0 ? g->dir_map[player][a->leg] : -1;
    ExtAttack *e = g->ext_attacks[player];
    int i = 0;
    while (i < g->next_attacks[player] && !(e[i].kind == a->kind && e[i].dir == dir && e[i].leg == leg &&
                                            e[i].to_zone == a->to_zone && e[i].from_zone == a->from_zone)) i++;
    if (i == g->next_attacks[player]) {
        memset(&e[i], 0, sizeof e[i]);
        e[i].kind = a->kind; e[i].dir = dir; e[i].leg = leg;
        e[i].to_zone = a->to_zone; e[i].from_zone = a->from_zone;
        g->next_attacks[player]++;
    }
    e[i].types[t >> 6] |= 1ull << (t & 63);
}

/* One `attack near` leap of type t, as player sees it: the types that stand one such leap from
 * their targets, each leap once. */
static void add_near_attack(Game *g, int player, int t, const Atom *a)
{
    int dir = g->dir_map[player][a->dir], leg = a->leg >= 0 ? g->dir_map[player][a->leg] : -1;
    ExtAttack *e = g->near_attacks[player];
    int i = 0;
    while (i < g->nnear_attacks[player] && !(e[i].dir == dir && e[i].leg == leg)) i++;
    if (i == g->nnear_attacks[player]) {
        memset(&e[i], 0, sizeof e[i]);
        e[i].kind = ATOM_LEAP; e[i].dir = dir; e[i].leg = leg;
        e[i].to_zone = e[i].from_zone = -1;
        g->nnear_attacks[player]++;
    }
    e[i].types[t >> 6] |= 1ull << (t & 63);
    g->near_attackers[t >> 6] |= 1ull << (t & 63);
}

/* A line of T whose zones are all that keeps it from being plain, where a plain line of T
 * attacks every square it does: a leap, by a leap or a ride in its direction; a ride, by a
 * ride (chess's Pawn: `leap ne nw capture from before-seventh` beside `attack leap ne nw`).
 * Its attack test would only say again what the plain line's says. */
static int attack_covered(const PieceType *T, const Atom *a)
{
    if (a->leg >= 0 || a->kind == ATOM_HOP) return 0;
    for (int set = 0; set < 2; set++) {
        const Atom *b = set ? T->attack_atoms : T->atoms;
        for (int i = 0, n = set ? T->nattack_atoms : T->natoms; i < n; i++)
            if (ATOM_PLAIN(&b[i]) && b[i].mode != MODE_MOVE && b[i].dir == a->dir &&
                (b[i].kind == ATOM_RIDE || a->kind == ATOM_LEAP)) return 1;
    }
    return 0;
}

static void add_attack_atom(Game *g, int player, int t, const Atom *a)
{
    if (a->mode == MODE_MOVE) return;
    if (!ATOM_PLAIN(a)) {
        if (!attack_covered(&g->types[t], a)) add_ext_attack(g, player, t, a);
        return;
    }
    AttackDir *e = attack_entry(g, player, g->dir_map[player][a->dir]);
    uint64_t *m = a->kind == ATOM_LEAP ? e->leap : e->ride;
    m[t >> 6] |= 1ull << (t & 63);
    if (a->kind == ATOM_LEAP) e->any_leap = 1; else e->any_ride = 1;
}

/* Game.attack_start for player pl: from each square, the attack directions whose line back
 * stays on the board for a square at least. */
static void attack_starts(Game *g, int pl)
{
    const AttackDir *ad = g->attackdirs[pl];
    int32_t *at = arena_alloc(&g->arena, sizeof *at * (size_t)(g->nsq + 1));
    long n = 0;
    for (int sq = 0; sq < g->nsq; sq++)
        for (int i = 0; i < g->nattackdirs[pl]; i++)
            n += g->neighbor[sq * g->ndirs + g->opposite[ad[i].dir]] >= 0;
    AttackStart *e = arena_alloc(&g->arena, sizeof *e * (size_t)(n ? n : 1));
    n = 0;
    for (int sq = 0; sq < g->nsq; sq++) {
        at[sq] = (int32_t)n;
        for (int i = 0; i < g->nattackdirs[pl]; i++) {
            int back = g->opposite[ad[i].dir], s = g->neighbor[sq * g->ndirs + back];
            if (s < 0) continue;
            e[n].first = (int16_t)s; e[n].i = (uint8_t)i; e[n].back = (uint8_t)back;
            n++;
        }
    }
    at[g->nsq] = (int32_t)n;
    g->attack_start[pl] = e;
    g->attack_start_at[pl] = at;
}

static const VmHost runtime_host = {
    square_attacked, piece_attacks, in_check, can_move_to, gen_first_legal, pos_make
};

/* The offsets (dx, dy) a line reaches on an empty board, as player pl sees its directions,
 * into out (at most n); how many. Zones are left out: the test may find an overlap that
 * never happens, never miss one. */
static int line_offsets(const Game *g, int pl, const Atom *a, int *ox, int *oy, int n)
{
    int d = g->dir_map[pl][a->dir], k = 0;
    int x0 = 0, y0 = 0;
    if (a->leg >= 0) { int l = g->dir_map[pl][a->leg]; x0 = g->dx[l]; y0 = g->dy[l]; }
    int far = g->files > g->ranks ? g->files : g->ranks;
    for (int step = 1; step <= far && k < n; step++) {
        if (a->kind == ATOM_LEAP && step > 1) break;
        if (a->kind == ATOM_HOP && step == 1) continue;    /* beyond a screen: 2 steps at least */
        ox[k] = x0 + step * g->dx[d]; oy[k] = y0 + step * g->dy[d]; k++;
    }
    return k;
}

/* Whether two lines of T may list one move: the same square reached by both, in a mode both
 * allow (a `move` line and a `capture` line never list one move). */
static int atoms_overlap(const Game *g, const PieceType *T)
{
    enum { N = MAX_FILES > MAX_RANKS ? MAX_FILES : MAX_RANKS };   /* (a line's squares) */
    int ax[N], ay[N], bx[N], by[N];
    for (int i = 0; i < T->natoms; i++)
        for (int j = i + 1; j < T->natoms; j++) {
            const Atom *a = &T->atoms[i], *b = &T->atoms[j];
            if ((a->mode == MODE_MOVE && b->mode == MODE_CAPTURE) ||
                (a->mode == MODE_CAPTURE && b->mode == MODE_MOVE)) continue;
            for (int pl = 0; pl < g->nplayers; pl++) {
                int na = line_offsets(g, pl, a, ax, ay, N), nb = line_offsets(g, pl, b, bx, by, N);
                for (int u = 0; u < na; u++)
                    for (int v = 0; v < nb; v++)
                        if (ax[u] == bx[v] && ay[u] == by[v]) return 1;
            }
        }
    return 0;
}

void movegen_prepare(Game *g)
{
    g->host = &runtime_host;
    /* Pos.owned costs every write of a cell some ten instructions (the tutorial's legality test
     * makes moves: 1.4 % of its perft): kept only where an instruction reads it */
    g->owned_sets = 0;
    g->distinct_blocks = 0;
    for (int pc = 0; pc < g->ncode; pc += 1 + opcode_info[g->code[pc]].nops) {
        int op = g->code[pc];
        g->owned_sets |= op == OP_CHOOSEANY || op == OP_FORFRIEND || op == OP_FORENEMY ||
                         op == OP_FORRUN || op == OP_FORFRIENDPV || op == OP_FORRUNS ||
                         op == OP_CHOOSEDROPS;    /* (its walks from sets: vm.c, drop_row_sets) */
        g->distinct_blocks |= op == OP_DISTINCT;
    }
    for (int i = 0; i < g->ncount_tails; i++)        /* (a tail's loop: counttail.c) */
        g->owned_sets |= g->count_tails[i].loop_from >= 0;
    runsets_prepare(g);
    int next = 0;
    for (int t = 1; t <= g->ntypes; t++) {      /* the lines of moves and of attacks alike */
        for (int i = 0; i < g->types[t].natoms; i++) next += !ATOM_PLAIN(&g->types[t].atoms[i]);
        for (int i = 0; i < g->types[t].nattack_atoms; i++) next += !ATOM_PLAIN(&g->types[t].attack_atoms[i]);
    }
    int nnear = 0;
    memset(g->near_attackers, 0, sizeof g->near_attackers);
    for (int t = 1; t <= g->ntypes; t++) nnear += g->types[t].nnear;
    for (int pl = 0; pl < g->nplayers; pl++) {
        g->near_attacks[pl] =
            nnear ? arena_alloc(&g->arena, sizeof(ExtAttack) * (size_t)nnear) : NULL;
        g->nnear_attacks[pl] = 0;
        for (int t = 1; t <= g->ntypes; t++) {
            const PieceType *T = &g->types[t];
            if (!T->nnear || T->attack_fn < 0 || T->attack_moves) continue;
            for (int i = 0; i < T->nnear; i++) add_near_attack(g, pl, t, &T->near[i]);
        }
        g->attackdirs[pl] = arena_alloc(&g->arena, sizeof(AttackDir) * MAX_DIRS);
        g->nattackdirs[pl] = 0;
        g->ext_attacks[pl] = next ? arena_alloc(&g->arena, sizeof(ExtAttack) * (size_t)next) : NULL;
        g->next_attacks[pl] = 0;
        for (int t = 1; t <= g->ntypes; t++) {
            const PieceType *T = &g->types[t];
            for (int i = 0; i < T->natoms; i++) add_attack_atom(g, pl, t, &T->atoms[i]);
            for (int i = 0; i < T->nattack_atoms; i++) add_attack_atom(g, pl, t, &T->attack_atoms[i]);
        }
    }
    for (int pl = 0; pl < g->nplayers; pl++) attack_starts(g, pl);
    for (int t = 1; t <= g->ntypes; t++)
        g->types[t].atoms_overlap = !g->lines_keep_twins && atoms_overlap(g, &g->types[t]);
    memset(g->fallback_attackers, 0, sizeof g->fallback_attackers);
    for (int t = 1; t <= g->ntypes; t++) {
        const PieceType *T = &g->types[t];
        if (type_in(g->near_attackers, t)) continue;       /* found from their targets */
        if (T->attack_fn >= 0 || (T->attack_moves && T->moves_fn >= 0))
            g->fallback_attackers[t >> 6] |= 1ull << (t & 63);
    }
    g->any_fallback = types_any(g->fallback_attackers);
    linecount_prepare(g);
    g->pieces_move = 0;
    g->stack_shift = (g->stack & (g->stack - 1)) == 0 ? __builtin_ctz((unsigned)g->stack) : -1;
    for (int t = 1; t <= g->ntypes; t++)
        if (g->types[t].natoms || g->types[t].moves_fn >= 0) g->pieces_move = 1;
    g->attackers_every_type = g->stack == 1 && g->ntypes > 0;
    for (int t = 1; t <= g->ntypes; t++)
        if (!type_in(g->fallback_attackers, t)) g->attackers_every_type = 0;
    /* FORFRIEND and FORENEMY walk the pieces' squares of such games by those bitmaps */
    for (int i = 0; i < g->nlists; i++) {
        List *li = &g->lists[i];
        int ok = 1;
        for (int pl = 0; pl < g->nplayers && ok; pl++) {
            ok = li->n[pl] == g->nsq;
            for (int k = 0; k < li->n[pl] && ok; k++) ok = li->item[pl][k] == k;
        }
        li->square_order = (uint8_t)ok;
    }
    boardscan_prepare(g);
}
