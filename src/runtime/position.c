/* position.c - the state array and the only writer of game state (see position.h). */
#include "position.h"
#include "sqmemo.h"
#include "oom.h"
#include "merge.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static inline uint64_t zkey(int loc, int32_t val) { return pos_zkey(loc, val); }

/* What an `uncounted` piece variable adds to the hash of a piece word: the XOR of the word's
 * key with that of the word without those variables. */
static inline uint64_t uncounted_share(const Game *g, int loc, int32_t w)
{
    uint32_t bits = g->uncounted_piece_bits;
    if (!((uint32_t)w & bits)) return 0;
    return zkey(loc, w) ^ zkey(loc, (int32_t)((uint32_t)w & ~bits));
}

static inline int is_royal_word(const Game *g, int32_t w)
{
    int t = PW_TYPE(w);
    return (g->royal_types[t >> 6] >> (t & 63) & 1) && PW_OWNER(w) >= 0;
}

/* The material hash's share of a piece word (its owner and type, not its variables: mix64 of
 * its low 12 bits, 0 for none) and of one piece in a hand location. A sum of such keys hashes
 * the multiset. The pieces' shares from a table filled once (step 53: the mix was some 13
 * instructions of a cell's write, twice where a piece replaced another). */
static uint64_t piece_material_key[0x1000];
__attribute__((constructor)) static void fill_piece_material_keys(void)
{
    for (uint32_t i = 0; i < 0x1000; i++) piece_material_key[i] = mix64(i);   /* (mix64(0) = 0) */
}
static inline uint64_t piece_material(int32_t w)
{
    return piece_material_key[(uint32_t)w & 0xfffu];
}
static inline uint64_t hand_material(int loc)
{
    return mix64((uint64_t)(uint32_t)loc << 32 | 0x68616e64u);
}

/* p->attackers follows a square's piece (only one piece a square in such games). */
static inline void note_attacker(Pos *p, int sq, int32_t old, int32_t val)
{
    const Game *g = p->g;
    int t = PW_TYPE(old);
    if (old && PW_OWNER(old) >= 0 && ((g->fallback_attackers[t >> 6] >> (t & 63)) & 1))
        p->attackers[PW_OWNER(old) * p->attacker_words + (sq >> 6)] &= ~(1ull << (sq & 63));
    t = PW_TYPE(val);
    if (val && PW_OWNER(val) >= 0 && ((g->fallback_attackers[t >> 6] >> (t & 63)) & 1))
        p->attackers[PW_OWNER(val) * p->attacker_words + (sq >> 6)] |= 1ull << (sq & 63);
}

/* p->owned follows a square's piece (pos_owned_index; one piece a square, 64 squares at most).
 * pins.c's royal_move_safe sets two cells for a test of native lines and puts them back without
 * it: nothing there reads the sets. */
static inline void note_owned(Pos *p, int sq, int32_t old, int32_t val)
{
    uint64_t bit = 1ull << sq;
    p->owned[pos_owned_index(old)] &= ~bit;
    p->owned[pos_owned_index(val)] |= bit;
}

/* Pos.layer_set follows the writes of the cells (Game.layer_sets; read by boardscan.c): a bit
 * flips where a cell goes from empty to holding a piece or back. */
static inline void note_layer(Pos *p, int loc, int32_t old, int32_t val)
{
    unsigned e = p->g->layer_cell[loc];       /* (a layer not kept: Pos.layer_set's last word) */
    p->layer_set[e >> 6] ^= (uint64_t)((old != 0) ^ (val != 0)) << (e & 63);
}

/* The squares' sets a cell's write keeps (Pos.cell_sets: one test of the write for games that
 * keep none) */
static inline void note_cell_sets(Pos *p, int loc, int32_t old, int32_t val)
{
    if (p->owned_kept) note_owned(p, loc, old, val);
    if (p->g->layer_sets) note_layer(p, loc, old, val);
}

/* A transient slot's write keeps the count of those that are not at their start values. */
static inline void note_transient(Pos *p, int loc, int32_t old, int32_t val)
{
    int32_t init = p->g->transient_init[loc - p->g->st_transient];
    p->transient_dirty += (val != init) - (old != init);
}

/* A write of a non-cell location without recording: keeps the hash and the hands' material
 * right (the transient variables are not hashed: they are no part of the position). */
static inline __attribute__((always_inline)) void write_other(Pos *p, int loc, int32_t val)
{
    const Game *g = p->g;
    int32_t old = p->st[loc];
    p->st[loc] = val;
    p->writes++;
    if (loc < g->st_transient) {
        /* make writes the `reset` variables back to their start values at every move, most
         * often the value already there (10 writes a make in Four Towers): nothing to hash */
        if (old == val) return;
        p->hash ^= zkey(loc, old) ^ zkey(loc, val);
        if (loc < g->st_hands + g->nplayers * (g->ntypes + 1))
            p->material += (uint64_t)((int64_t)val - old) * hand_material(loc);
    } else note_transient(p, loc, old, val);
}

/* Unmake's write: the hash and the material are restored whole from the Undo record, so only
 * the royal counts follow the write (the hint is checked where it is read). (pop_trail counts
 * the writes.) */
static inline void restore_raw(Pos *p, int loc, int32_t val)
{
    const Game *g = p->g;
    if (p->attackers && loc < g->st_hands) note_attacker(p, loc, p->st[loc], val);
    if (p->cell_sets && loc < g->st_hands) note_cell_sets(p, loc, p->st[loc], val);
    if (g->has_royal && loc < g->st_hands) {
        int32_t old = p->st[loc];
        if (is_royal_word(g, old)) p->royal_count[PW_OWNER(old)]--;
        if (is_royal_word(g, val)) {
            p->royal_count[PW_OWNER(val)]++;
            p->royal_hint[PW_OWNER(val)] = loc / g->stack;
        }
    }
    p->st[loc] = val;
}

/* The board's stamps begin (pos_board_stamp). The trail's sums and the makes' records taken
 * before hold 0 (not known), as p->stamp was; those of makes that have written nothing yet name
 * the board as it is now, which is what a pop of their first write would have put back. */
void pos_start_stamps(Pos *p)
{
    if (p->stamps) return;
    p->stamps = 1;
    p->stamp = ++p->serial;
    for (int i = p->nundo - 1; i >= 0 && p->undo[i].trail_mark == p->ntrail; i--)
        p->undo[i].stamp = p->stamp;
}

/* The trail twice as long, and its sums beside it */
static __attribute__((noinline)) void grow_trail(Pos *p)
{
    p->captrail = p->captrail ? 2 * p->captrail : 1024;
    p->trail = xrealloc(p->trail, sizeof *p->trail * (size_t)p->captrail, "the undo trail");
    p->trail_sums = xrealloc(p->trail_sums, sizeof *p->trail_sums * (size_t)p->captrail,
                             "the undo trail");
}

/* A write put on the trail: its location and old value, the sums before it where a mark was
 * taken (pos_mark), the board's stamp. (Kept in locals: the trail's int32 stores could alias
 * Pos's fields, which the compiler loaded again after each.) */
static inline __attribute__((always_inline)) void record_write(Pos *p, int loc)
{
    const int n = p->ntrail;
    if (__builtin_expect(n == p->captrail, 0)) grow_trail(p);
    p->trail[n] = (TrailEntry){ loc, p->st[loc] };
    /* the sums only where a mark was taken: in every write they were 1 % of chess's perft,
     * whose makes are popped by pos_unmake, which keeps its own (docs/runtime.md, step 42); the
     * board's stamp with them (it was kept by every write, beside the trail: step 53) */
    if (p->sums_pending) {
        p->trail_sums[n] = (TrailSums){ p->hash, p->uncounted, p->material, p->stamp,
                                        p->transient_dirty };
        p->sums_pending = 0;
    }
    /* a write to a cell gives the board a new stamp (pos_board_stamp) */
    if (p->stamps && loc < p->g->st_hands) p->stamp = ++p->serial;
    p->ntrail = n + 1;
}

/* A cell's write, recorded: the hash, the material, and what the position keeps of its cells,
 * each kept by the flag of the same name (Pos.set_cell's instances below, where the flags are
 * constants and their tests fold away). In a game with `uncounted` piece variables, their
 * share of the hash too (pos_rep_key takes it out; it walked the stacks at each key, 6 % of
 * Nemoroth's perft). */
static inline __attribute__((always_inline)) void write_cell(Pos *p, int loc, int32_t val,
                                                             int uncounted, int attackers,
                                                             int owned, int layers, int royal)
{
    record_write(p, loc);
    const Game *g = p->g;
    const int32_t old = p->st[loc];
    const uint64_t zold = zkey(loc, old), zval = zkey(loc, val);
    if (uncounted) {
        const uint32_t bits = g->uncounted_piece_bits;
        /* uncounted_share(w) is zkey(w) ^ zkey(w less the bits) (0 where it has none), so a
         * write that changes only those bits (turn-start's flags) changes the share by the
         * hash's own step: two keys where there were up to six (uncounted_share's twice, and
         * the hash's); and a write of words that have none of them (a piece pushed or taken
         * away) leaves it */
        if ((uint32_t)(old | val) & bits) {
            if (((uint32_t)(old ^ val) & ~bits) == 0) p->uncounted ^= zold ^ zval;
            else {
                const int32_t bare_old = (int32_t)((uint32_t)old & ~bits);
                const int32_t bare_val = (int32_t)((uint32_t)val & ~bits);
                if (old != bare_old) p->uncounted ^= zold ^ zkey(loc, bare_old);
                if (val != bare_val) p->uncounted ^= zval ^ zkey(loc, bare_val);
            }
        }
    }
    p->st[loc] = val;
    p->writes++;
    p->hash ^= zold ^ zval;
    if (attackers) note_attacker(p, loc, old, val);
    if (owned) note_owned(p, loc, old, val);
    if (layers) note_layer(p, loc, old, val);
    p->material += piece_material(val) - piece_material(old);
    if (royal) {
        if (is_royal_word(g, old)) p->royal_count[PW_OWNER(old)]--;
        if (is_royal_word(g, val)) {
            p->royal_count[PW_OWNER(val)]++;
            p->royal_hint[PW_OWNER(val)] = loc / g->stack;
        }
    }
}

/* Pos.set_cell: write_cell for what a position keeps, chosen at pos_new (step 53: the tests of
 * the flags and the registers they held were some 15 instructions of each of Nemoroth's cell
 * writes). One instance for each kind of shipped game, and one that tests them all. */
static void set_cell_any(Pos *p, int loc, int32_t val)
{
    write_cell(p, loc, val, p->g->uncounted_piece_bits != 0, p->attackers != NULL,
               p->owned_kept, p->g->layer_sets != 0, p->g->has_royal);
}
/* (Nemoroth: stacks whose layers are kept, `uncounted` piece variables) */
static void set_cell_uncounted_layers(Pos *p, int loc, int32_t val)
{
    write_cell(p, loc, val, 1, 0, 0, 1, 0);
}
/* (connect-four, ataxx: one piece a square, the squares by owner) */
static void set_cell_owned(Pos *p, int loc, int32_t val) { write_cell(p, loc, val, 0, 0, 1, 0, 0); }
/* (chess and its kin: native attacks, a royal piece) */
static void set_cell_royal(Pos *p, int loc, int32_t val) { write_cell(p, loc, val, 0, 0, 0, 0, 1); }
/* (Four Towers, Storm the Ivory Tower: attacks of programs followed, a royal piece) */
static void set_cell_attackers_royal(Pos *p, int loc, int32_t val)
{
    write_cell(p, loc, val, 0, 1, 0, 0, 1);
}

static void choose_set_cell(Pos *p)
{
    const Game *g = p->g;
    const int uncounted = g->uncounted_piece_bits != 0, attackers = p->attackers != NULL;
    const int owned = p->owned_kept, layers = g->layer_sets != 0, royal = g->has_royal;
    const int kind = uncounted << 4 | attackers << 3 | owned << 2 | layers << 1 | royal;
    p->set_cell = kind == 0x12 ? set_cell_uncounted_layers
                : kind == 0x04 ? set_cell_owned
                : kind == 0x01 ? set_cell_royal
                : kind == 0x09 ? set_cell_attackers_royal
                : set_cell_any;
}

/* A write of a location that is not a cell (a variable, a hand, the turn) */
static __attribute__((noinline)) void set_other(Pos *p, int loc, int32_t val)
{
    record_write(p, loc);
    write_other(p, loc, val);
}

void pos_set(Pos *p, int loc, int32_t val)
{
    /* A write of the value already there is still recorded: a move's ops are read off the
     * trail, and a `reset` variable set to its old value must stay set after the reset. */
    if (loc < p->g->st_hands) p->set_cell(p, loc, val);
    else set_other(p, loc, val);
}

void pos_poke(Pos *p, int loc, int32_t val)
{
    if (p->ntrail == p->captrail) grow_trail(p);
    p->trail[p->ntrail].loc = loc;
    p->trail[p->ntrail++].old = p->st[loc];
    p->st[loc] = val;
    p->writes++;
}

void pos_unpoke(Pos *p)
{
    p->ntrail--;
    p->st[p->trail[p->ntrail].loc] = p->trail[p->ntrail].old;
    p->writes++;
}

void pos_reset_transient(Pos *p)
{
    const Game *g = p->g;
    for (int loc = g->st_transient; loc < g->st_size && p->transient_dirty; loc++)
        if (p->st[loc] != g->transient_init[loc - g->st_transient])
            pos_set(p, loc, g->transient_init[loc - g->st_transient]);
}

/* The writes since mark taken back as unmake takes them back: the sums from before the first of
 * them (TrailSums), each write by restore_raw. (Hashed back write by write, they were 40 % of
 * Nemoroth's writes, the branches of its programs undone: docs/runtime.md, step 39.)
 * Every write on the trail went through pos_set, and the first after the mark (pos_mark) kept the
 * sums of the state the writes go back to (step 42), the board's stamp among them (step 53). */
/* The trail popped down to mark, each write put back by restore_raw. Where no attackers nor
 * royal counts follow the writes (all but one-piece-a-square games with native attackers and
 * royal games), the loop keeps only the cells' sets, its tests made once (step 49: Nemoroth's
 * branches undone were 5 % of its instructions), and where those are only the stacks' layers
 * (Game.layer_sets), it keeps them from locals (step 53: an int32 store to the state could be
 * to Pos's own fields, which the loop loaded again after each). Each loop its own function, so
 * that a short pop saves no more registers than its loop needs. The caller puts the stamp back
 * and has counted the writes. */
static __attribute__((noinline)) void pop_cells(Pos *p, int n, int mark)
{
    const TrailEntry *const t = p->trail;
    int32_t *const st = p->st;
    for (; n > mark; n--) st[t[n - 1].loc] = t[n - 1].old;
}

static __attribute__((noinline)) void pop_layers(Pos *p, int n, int mark)
{
    const TrailEntry *const t = p->trail;
    int32_t *const st = p->st;
    const int hands = p->g->st_hands;
    const uint16_t *const layer_cell = p->g->layer_cell;
    uint64_t *const layer_set = p->layer_set;
    for (; n > mark; n--) {
        const int loc = t[n - 1].loc;
        const int32_t old = t[n - 1].old;
        if (loc < hands) {                  /* note_layer's flip */
            const unsigned e = layer_cell[loc];
            layer_set[e >> 6] ^= (uint64_t)((st[loc] != 0) ^ (old != 0)) << (e & 63);
        }
        st[loc] = old;
    }
}

static __attribute__((noinline)) void pop_cell_sets(Pos *p, int n, int mark)
{
    const TrailEntry *const t = p->trail;
    int32_t *const st = p->st;
    const int hands = p->g->st_hands, layers = p->g->layer_sets != 0;
    for (; n > mark; n--) {
        const int loc = t[n - 1].loc;
        const int32_t old = t[n - 1].old;
        if (loc < hands) {
            note_owned(p, loc, st[loc], old);
            if (layers) note_layer(p, loc, st[loc], old);
        }
        st[loc] = old;
    }
}

static __attribute__((noinline)) void pop_restoring(Pos *p, int n, int mark)
{
    const TrailEntry *const t = p->trail;
    for (; n > mark; n--) restore_raw(p, t[n - 1].loc, t[n - 1].old);
}

/* Which of them pops this position's trail (Pos.pop: what it keeps is known at pos_new) */
static void choose_pop(Pos *p)
{
    if (p->attackers || p->g->has_royal) p->pop = pop_restoring;
    else if (!p->cell_sets) p->pop = pop_cells;
    else if (!p->owned_kept) p->pop = pop_layers;
    else p->pop = pop_cell_sets;
}

static inline __attribute__((always_inline)) void pop_trail(Pos *p, int mark)
{
    const int n = p->ntrail;
    p->writes += (uint64_t)(n - mark);
    p->ntrail = mark;
    p->pop(p, n, mark);
}

void pos_undo_to(Pos *p, int mark)
{
    if (p->ntrail <= mark) return;
    const TrailSums *const sums = &p->trail_sums[mark];
    p->hash = sums->hash;
    p->uncounted = sums->uncounted;
    p->material = sums->material;
    p->stamp = sums->stamp;
    p->transient_dirty = sums->transient_dirty;
    pop_trail(p, mark);
}

Pos *pos_new(const Game *g)
{
    Pos *p = calloc(1, sizeof *p);
    if (!p) out_of_memory("a position");
    p->g = g;
    p->st = calloc((size_t)g->st_size, sizeof *p->st);
    if (!p->st) out_of_memory("a position's state");
    if (g->stack == 1 && g->any_fallback) {
        p->attacker_words = (g->nsq + 63) / 64;
        p->attackers =
            calloc((size_t)g->nplayers * (size_t)p->attacker_words, sizeof *p->attackers);
        if (!p->attackers) out_of_memory("the attackers' squares");
    }
    p->owned_kept = g->owned_sets && g->stack == 1 && g->nsq <= 64;
    p->cell_sets = p->owned_kept || g->layer_sets;
    choose_pop(p);
    choose_set_cell(p);
    pos_reset_empty(p);
    return p;
}

void pos_free(Pos *p)
{
    if (!p) return;
    for (int i = 0; i < p->nlists; i++) { movelist_free(p->lists[i]); free(p->lists[i]); }
    free(p->lists);
    free(p->st); free(p->trail); free(p->undo); free(p->hist); free(p->mhist);
    if (p->free_scratch) p->free_scratch(p);
    free(p->memo);
    free(p->pretest_memo);
    free(p->reach);
    free(p->squareof);
    free(p->nearset);
    sqmemo_free(p);
    free(p->trail_sums);
    free(p->watch);
    free(p->attackers);
    free(p);
}

void pos_reset_empty(Pos *p)
{
    const Game *g = p->g;
    memset(p->st, 0, sizeof *p->st * (size_t)g->st_size);
    p->writes++;
    if (p->attackers)
        memset(p->attackers, 0,
               sizeof *p->attackers * (size_t)g->nplayers * (size_t)p->attacker_words);
    for (int i = 0; i < g->nvars; i++) {
        const Var *v = &g->vars[i];
        int n = v->kind == VAR_PLAYER ? g->nplayers : v->kind == VAR_SQUARE ? g->nsq
              : v->kind == VAR_GLOBAL ? 1 : 0;
        for (int k = 0; k < n; k++) p->st[v->base + k] = (int32_t)v->init;
    }
    memset(p->royal_count, 0, sizeof p->royal_count);
    memset(p->owned, 0, sizeof p->owned);
    if (p->owned_kept) p->owned[0] = g->nsq == 64 ? ~0ull : (1ull << g->nsq) - 1;
    memset(p->layer_set, 0, sizeof p->layer_set);
    for (int i = 0; i < MAX_PLAYERS; i++) p->royal_hint[i] = -1;
    p->hash = pos_full_hash(p);
    p->uncounted = 0;                       /* no piece on the board */
    p->stamp = p->stamps ? ++p->serial : 0; /* a board no stamp named before */
    p->transient_dirty = 0;
    p->material = 0;                        /* empty board, empty hands */
    p->ntrail = 0; p->nundo = 0; p->nhist = 0;
    p->last_from = p->last_to = -1; p->last_piece = p->last_captured = 0;
    p->result = 0; p->result_player = -1;
}

uint64_t pos_full_hash(const Pos *p)
{
    uint64_t h = 0;
    for (int i = 0; i < p->g->st_transient; i++) h ^= zkey(i, p->st[i]);
    return h;
}

int pos_royal_square(Pos *p, int player, int *more)
{
    const Game *g = p->g;
    *more = p->royal_count[player] > 1;
    if (p->royal_count[player] <= 0) return -1;
    int h = p->royal_hint[player];
    if (h >= 0) {
        int32_t w = p->st[h * g->stack];
        if (is_royal_word(g, w) && PW_OWNER(w) == player) return h;
    }
    for (int sq = 0; sq < g->nsq; sq++)
        for (int l = 0; l < g->stack; l++) {
            int32_t w = p->st[sq * g->stack + l];
            if (is_royal_word(g, w) && PW_OWNER(w) == player) {
                p->royal_hint[player] = sq;
                return sq;
            }
        }
    return -1;
}

uint64_t pos_full_material(const Pos *p)
{
    const Game *g = p->g;
    uint64_t m = 0;
    for (int loc = 0; loc < g->st_hands; loc++) m += piece_material(p->st[loc]);
    for (int loc = g->st_hands; loc < g->st_hands + g->nplayers * (g->ntypes + 1); loc++)
        m += (uint64_t)(int64_t)p->st[loc] * hand_material(loc);
    return m;
}

int pos_quiet_plies(const Pos *p)
{
    int n = 0;
    for (int i = p->nhist - 2; i >= 0 && p->mhist[i] == p->material; i--) n++;
    return n;
}

/* The share of the `uncounted` piece variables in the hash, recomputed (a walk of the stacks):
 * pos_set keeps it as p->uncounted, and --check-hash compares the two. */
static uint64_t uncounted_pieces_hash(const Pos *p)
{
    const Game *g = p->g;
    const int stack = g->stack, end = g->nsq * stack;
    const uint32_t bits = g->uncounted_piece_bits;
    const int32_t *st = p->st;
    uint64_t h = 0;
    for (int cell = 0; cell < end; cell += stack)
        for (int loc = cell; loc < cell + stack && st[loc]; loc++)
            if ((uint32_t)st[loc] & bits) h ^= uncounted_share(g, loc, st[loc]);
    return h;
}

uint64_t pos_rep_key(Pos *p)
{
    /* the piece variables' share is kept by every write (it was a walk of the stacks at each
     * key: 6 % of Nemoroth's perft) */
    uint64_t h = p->hash ^ p->uncounted;
    for (int i = 0; i < p->g->nuncounted; i++) {
        int loc = p->g->uncounted_locs[i];
        h ^= zkey(loc, p->st[loc]);
    }
    return h;
}


int pos_top_loc(const Pos *p, int sq)
{
    int h = pos_height(p, sq);
    return h ? sq * p->g->stack + h - 1 : -1;
}

/* (the stacks' writes are of cells: Pos.set_cell, without pos_set's test) */
int pos_push(Pos *p, int sq, int32_t w)
{
    int h = pos_height(p, sq);
    if (h >= p->g->stack) return 0;
    p->set_cell(p, sq * p->g->stack + h, w);
    return 1;
}

void pos_remove_layer(Pos *p, int sq, int layer)
{
    const Game *g = p->g;
    int h = pos_height(p, sq);
    if (layer < 0 || layer >= h) return;
    for (int l = layer; l + 1 < h; l++)
        p->set_cell(p, sq * g->stack + l, p->st[sq * g->stack + l + 1]);
    p->set_cell(p, sq * g->stack + h - 1, 0);
}

void pos_clear_square(Pos *p, int sq)
{
    for (int l = pos_height(p, sq) - 1; l >= 0; l--) p->set_cell(p, sq * p->g->stack + l, 0);
}

void pos_push_history(Pos *p)
{
    if (p->nhist == p->caphist) {
        p->caphist = p->caphist ? 2 * p->caphist : 256;
        p->hist = xrealloc(p->hist, sizeof *p->hist * (size_t)p->caphist, "the history");
        p->mhist = xrealloc(p->mhist, sizeof *p->mhist * (size_t)p->caphist, "the history");
    }
    p->mhist[p->nhist] = p->material;
    p->hist[p->nhist++] = pos_rep_key(p);
}

void pos_start_history(Pos *p) { p->nhist = 0; pos_push_history(p); }

void pos_set_history(Pos *p, const uint64_t *earlier, int n)
{
    p->nhist = 0;
    for (int i = 0; i < n; i++) {
        pos_push_history(p);              /* makes room; then the earlier key goes in */
        p->hist[i] = earlier[i];
        p->mhist[i] = p->material + 1;           /* not known: taken as different material */
    }
    pos_push_history(p);
}

/* --check-hash: p->attackers against the board. */
static int attackers_match(const Pos *p)
{
    const Game *g = p->g;
    if (!p->attackers) return 1;
    for (int sq = 0; sq < g->nsq; sq++) {
        int32_t w = p->st[sq];
        int t = PW_TYPE(w);
        for (int pl = 0; pl < g->nplayers; pl++) {
            int want = w && PW_OWNER(w) == pl && ((g->fallback_attackers[t >> 6] >> (t & 63)) & 1);
            int got = (int)((p->attackers[pl * p->attacker_words + (sq >> 6)] >> (sq & 63)) & 1);
            if (want != got) return 0;
        }
    }
    return 1;
}

Undo *pos_begin_move(Pos *p, int history)
{
    p->writes++;                 /* (the move's fields change, which programs may read) */
    if (p->nundo == p->capundo) {
        p->capundo = p->capundo ? 2 * p->capundo : 64;
        p->undo = xrealloc(p->undo, sizeof *p->undo * (size_t)p->capundo, "the undo records");
    }
    Undo *u = &p->undo[p->nundo++];
    u->trail_mark = p->ntrail; u->hash = p->hash; u->material = p->material;
    u->uncounted = p->uncounted;
    u->transient_dirty = p->transient_dirty;
    u->stamp = p->stamp;
    u->last_from = p->last_from; u->last_to = p->last_to;
    u->last_piece = p->last_piece; u->last_captured = p->last_captured;
    u->hist_pushed = history;
    return u;
}

/* --check-hash: p->transient_dirty against the transient slots */
static int transient_dirty_count(const Pos *p)
{
    const Game *g = p->g;
    int n = 0;
    for (int loc = g->st_transient; loc < g->st_size; loc++)
        n += p->st[loc] != g->transient_init[loc - g->st_transient];
    return n;
}

/* --check-hash: p->layer_set against the cells */
static int layer_sets_match(const Pos *p)
{
    const Game *g = p->g;
    for (int k = 0; k < g->layer_sets; k++) {
        uint64_t set = 0;
        for (int sq = 0; sq < g->nsq; sq++)
            if (p->st[sq * g->stack + k]) set |= 1ull << sq;
        if (set != p->layer_set[k]) return 0;
    }
    return 1;
}

void pos_check_incremental(Pos *p, const char *after)
{
    if (!p->check_hash) return;
    /* each sum kept by the writes against its full recompute (all made: a debug check) */
    const struct { int ok; const char *what; } sums[] = {
        { p->hash == pos_full_hash(p), "the incremental hash differs from a full recompute" },
        { p->uncounted == uncounted_pieces_hash(p), "the incremental share of the uncounted "
          "piece variables differs from a full recompute" },
        { p->material == pos_full_material(p),
          "the incremental material differs from a full recompute" },
        { attackers_match(p), "the squares of program attackers differ from a full recompute" },
        { p->transient_dirty == transient_dirty_count(p), "the count of transient variables "
          "not at their start values differs from a full recount" },
        { layer_sets_match(p), "the squares by layer differ from a full recompute" },
    };
    for (size_t i = 0; i < sizeof sums / sizeof *sums; i++)
        if (!sums[i].ok)
            pos_runtime_error(p, 0, "internal error: %s after %s", sums[i].what, after);
}

void pos_unmake(Pos *p)
{
    Undo *u = &p->undo[--p->nundo];
    p->writes++;
    if (p->ntrail > u->trail_mark) {
        pop_trail(p, u->trail_mark);
        p->stamp = u->stamp;
    }
    p->hash = u->hash;
    p->uncounted = u->uncounted;
    p->material = u->material;
    p->transient_dirty = u->transient_dirty;
    p->last_from = u->last_from; p->last_to = u->last_to;
    p->last_piece = u->last_piece; p->last_captured = u->last_captured;
    if (u->hist_pushed) p->nhist--;
    pos_check_incremental(p, "an unmake");
}

void movelist_clear(MoveList *ml)
{
    ml->n = 0; ml->nops = 0; ml->ntext = 0; ml->next_unit = 0;
    ml->unit_emits = ml->stop_emits = ml->stopped = ml->skip_emits = ml->resume_emits = 0;
    ml->emit_watch = 0;
    ml->test_emits = 0;
    if (ml->merge_used) merge_clear(ml);
}

/* The bytes that the move lists of this process hold in moves, state writes and text: perft and
 * the search keep a list a ply, each of up to MAX_MOVES moves, so the lists are bounded
 * together (issue 32: 20 plies of 262144 moves that write 16 words each held 945 MB). Atomic:
 * the search's helper threads have lists of their own. */
static long lists_bytes;

void movelist_account(long delta) { __atomic_add_fetch(&lists_bytes, delta, __ATOMIC_RELAXED); }

int movelists_over_bound(void)
{
    return __atomic_load_n(&lists_bytes, __ATOMIC_RELAXED) > (long)MAX_LISTS_MIB << 20;
}

void movelist_free(MoveList *ml)
{
    movelist_account(-(long)(sizeof *ml->m * (size_t)ml->cap + 2 * sizeof *ml->ops * ml->capops
                             + ml->captext + sizeof *ml->ops_hash * ml->hash_cap));
    free(ml->m); free(ml->ops); free(ml->text); free(ml->merge_slot); free(ml->merge_hash);
    free(ml->merge_pos); free(ml->ops_hash);
    free(ml->legal_slot); free(ml->legal_hash); free(ml->legal_key);
    if (ml->ext) ml->ext_free(ml->ext);
    memset(ml, 0, sizeof *ml);
}

Move *movelist_push(MoveList *ml)
{
    if (ml->n == ml->cap) {
        movelist_account((long)(sizeof *ml->m * (size_t)(ml->cap ? ml->cap : 256)));
        ml->cap = ml->cap ? 2 * ml->cap : 256;
        ml->m = xrealloc(ml->m, sizeof *ml->m * (size_t)ml->cap, "a move list");
    }
    Move *m = &ml->m[ml->n++];
    memset(m, 0, sizeof *m);
    return m;
}

MoveList *pos_list(Pos *p, int ply)
{
    if (ply >= p->nlists) {
        int n = ply + 8;
        p->lists = xrealloc(p->lists, sizeof *p->lists * (size_t)n, "the move lists");
        for (int i = p->nlists; i < n; i++) {
            p->lists[i] = calloc(1, sizeof **p->lists);
            if (!p->lists[i]) out_of_memory("a move list");
        }
        p->nlists = n;
    }
    movelist_clear(p->lists[ply]);
    return p->lists[ply];
}

void pos_runtime_error(Pos *p, int line, const char *fmt, ...)
{
    va_list ap; va_start(ap, fmt);
    char msg[400];
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (line > 0)
        snprintf(p->errmsg, sizeof p->errmsg, "%s:%d: error: %s", p->g->filename, line, msg);
    else snprintf(p->errmsg, sizeof p->errmsg, "%s: error: %s", p->g->filename, msg);
    if (p->on_error) longjmp(*p->on_error, 1);
    fprintf(stderr, "%s\n", p->errmsg);
    exit(1);
}
