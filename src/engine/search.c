/* search.c - iterative deepening, principal-variation alpha-beta, quiescence on captures, a
 * transposition table on the position hash, move ordering (hash move, MVV/LVA, killers,
 * history) and a check extension. Game ends come from the rules file's `end` block (through
 * node_moves), so checkmate, stalemate, repetition and move-count rules are scored exactly as the
 * game says, whatever the game. */
#include "search.h"
#include "make.h"
#include "capture.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <time.h>
#include "movegen.h"
#include "notation.h"
#include "posstring.h"
#include "protect.h"
#include "vm.h"
#include "oom.h"
#include "weights.h"
#include "smallmath.h"
#include "mcts.h"

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

/* A hash table entry as two 64-bit words, written and read one word at a time (relaxed atomics),
 * so that threads sharing the table (Lazy SMP) never race: `check` is the key XOR the data, and
 * an entry whose two words come from different writes fails the check and counts as a miss
 * (Hyatt's lockless hashing). With one thread this is an ordinary table. */
typedef struct {
    uint64_t check, data;
} TTSlot;

typedef struct {
    uint64_t key;
    int16_t score;
    int8_t depth;
    uint8_t flag;
    uint32_t move;                /* index in the node's legal move list + 1; 0 = none */
} TTEntry;

static inline uint64_t tt_pack(const TTEntry *t)
{
    return (uint64_t)(uint16_t)t->score | (uint64_t)(uint8_t)t->depth << 16 |
           (uint64_t)t->flag << 24 | (uint64_t)t->move << 32;
}

/* The entry of key's slot, or a zeroed one when the slot holds another key. */
static inline TTEntry tt_load(const TTSlot *slot, uint64_t key)
{
    uint64_t c = __atomic_load_n(&slot->check, __ATOMIC_RELAXED);
    uint64_t d = __atomic_load_n(&slot->data, __ATOMIC_RELAXED);
    TTEntry t = { 0, 0, 0, 0, 0 };
    if ((c ^ d) != key) return t;
    t.key = key;
    t.score = (int16_t)(uint16_t)d; t.depth = (int8_t)(uint8_t)(d >> 16);
    t.flag = (uint8_t)(d >> 24); t.move = (uint32_t)(d >> 32);
    return t;
}

static inline void tt_store(TTSlot *slot, const TTEntry *t)
{
    uint64_t d = tt_pack(t);
    __atomic_store_n(&slot->data, d, __ATOMIC_RELAXED);
    __atomic_store_n(&slot->check, t->key ^ d, __ATOMIC_RELAXED);
}

struct Engine {
    const Game *g;
    /* A game of three or more players who take turns is searched "paranoid" (Sturtevant and
     * Korf 2000): the root's side against a coalition of all the others, each of whom plays to
     * minimise the root's score; the negamax below then negates a score only where the side
     * changes between the root's and the coalition's, and the evaluation and the results are
     * the two teams'. root_side is the root's side to move, -1 in a game of two; tt_salt keeps
     * the table's scores of one root from another's. */
    int root_side;
    int root_mover;               /* the root's side to move: the engine's own (OWN_FEW_REPLIES) */
    uint64_t tt_salt;
    TTSlot *tt; size_t ttmask;
    int owns_tt;                  /* a helper thread's engine shares its main engine's table */
    int nhelpers;                 /* Lazy SMP: helper engines, each searching in its own thread */
    struct Engine **helpers;
    int helper_id;                /* 0: a main engine; i > 0: the i-th helper */
    struct Helper *running;       /* the helpers' threads during a search, or NULL */
    int nrunning;
    int value[MAX_TYPES + 1];
    int32_t killers[MAX_PLY][2];
    int32_t *history;             /* by move signature hashed into 64K */
    int *order[MAX_PLY];          /* per ply: move scores */
    int *ixbuf[MAX_PLY];          /* per ply: the order moves are tried in */
    int ordcap[MAX_PLY];
    uint64_t nodes;
    double start, deadline;
    int stop;
    int halt;                     /* engine_stop() from another thread: stop at the next node */
    long work_checked;            /* vm_work when the clock was last read */
    long work_start;              /* vm_work when the search began (lim.work) */
    SearchLimits lim;
    /* engine_search's root move lists: here, not in its locals, so that a runtime error in rules
     * code (a longjmp out of the search) does not leak them; engine_free frees them */
    MoveList root, check;
    uint64_t root_material;       /* the material at the root, and for how many plies of the */
    int root_quiet;               /* game it had stayed so (scale_for_progress) */
    int mob_game;                 /* the mobility term applies (see mobility_term) */
    int ext_ply;                  /* extensions end at this ply (deepen sets it per iteration) */
    int qprune_depth;             /* the iteration's depth, for QPRUNE_FROM (search_root sets it) */
    int null_game;                /* a pass cannot be a zugzwang trap here (null_move_allowed) */
    int least_value;              /* the smallest value of a non-royal type: the "pawns" */
    uint8_t null_path[MAX_PLY];   /* 1 where the move into this ply was a null move */
    uint8_t ext_denied[MAX_PLY];  /* 1: a check here is not extended (see EXT_CHECKS) */
    uint8_t ext_used[MAX_PLY];    /* 1: the node here was extended for its check */
    int16_t mob[MAX_PLY];         /* legal moves search() counted at this ply (to MOB_CAP + 1) */
    struct Mcts *mcts;            /* --search mcts: its tree (mcts.c), made at its first search */
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The learned values of the game's weights file (weights.h), for the types that declare none:
 * learned[t], 0 where none. A malformed file is reported once and not used. */
static void learned_values(const Game *g, int *learned)
{
    char *path = g->filename ? weights_path_for(g->filename) : NULL;
    if (!path) return;
    char err[512];
    if (weights_read(g, path, learned, err, sizeof err) < 0)
        fprintf(stderr, "boardvm: warning: %s; the weights file is not used\n", err);
    free(path);
}

/* The pseudo-legal moves of a piece of type t alone on each square of an empty board. */
typedef struct { int t; long total; MoveList *ml; } Mobility;

static void mobility(Pos *p, void *ctx)
{
    Mobility *m = ctx;
    const Game *g = p->g;
    for (int sq = 0; sq < g->nsq; sq++) {
        pos_reset_empty(p);
        pos_set(p, sq * g->stack, PW_MAKE(m->t, 0));
        pos_set(p, g->st_turn, 0);
        p->ntrail = 0;
        movelist_clear(m->ml);
        gen_pseudo(p, m->ml);
        m->total += m->ml->n;
    }
}

/* The work all the estimates below may take, in steps. A type whose moves are slow to generate
 * (a rules file's loop: minutes a square, up to the position's work bound) made engine_new take
 * that long for every square, before any search and outside its time (the web board's engine,
 * issue 32); past the bound, the types not yet measured count 100. The shipped games and tests
 * take at most 9e6. */
#define ESTIMATE_WORK 200000000L

/* The value of a type: declared, learned (a weights file), or estimated from its average number
 * of moves on an empty board (a piece that reaches more squares is worth more). Royal pieces are
 * not counted. */
static void estimate_values(Engine *e)
{
    const Game *g = e->g;
    int learned[MAX_TYPES + 1] = { 0 };
    learned_values(g, learned);
    Pos *p = pos_new(g);
    vm_set_total_work(p, ESTIMATE_WORK);
    MoveList ml = {0};
    for (int t = 1; t <= g->ntypes; t++) {
        const PieceType *T = &g->types[t];
        if (T->royal || T->neutral) { e->value[t] = 0; continue; }
        if (T->value) { e->value[t] = T->value; continue; }
        if (learned[t]) { e->value[t] = learned[t]; continue; }
        /* mobility on an empty board, averaged over the squares (a runtime error: 100) */
        Mobility m = { t, 0, &ml };
        if (protected_run(p, mobility, &m)) { e->value[t] = 100; continue; }
        double avg = g->nsq ? (double)m.total / g->nsq : 0;
        e->value[t] = (int)(25 * avg + 50);
    }
    movelist_free(&ml);
    pos_free(p);
}

/* Late-move reductions: a quiet move (no capture, promotion, killer or hash move) tried late at
 * a node of depth 3 or more, when neither side is in check, is searched first with its depth
 * reduced by lmr_table[depth][moves tried] (about ln(depth) ln(moves) / 2.5, one less on the
 * principal variation), and again at full depth if it beats alpha. The ordering put the moves
 * most likely to matter first; the late ones rarely do, and the reduced search pays for the
 * depth the others gain. */
#define LMR_AFTER 3
static uint8_t lmr_table[64][64];
static pthread_once_t lmr_once = PTHREAD_ONCE_INIT;
static void lmr_init(void)
{
    for (int d = 1; d < 64; d++)
        for (int n = 1; n < 64; n++)
            lmr_table[d][n] = (uint8_t)(0.5 + sm_ln(d) * sm_ln(n) / 2.5);
}

static int lmr_reduction(int depth, int tried, int pv)
{
    int r = lmr_table[depth < 63 ? depth : 63][tried < 63 ? tried : 63] - pv;
    if (r > depth - 2) r = depth - 2;
    return r > 0 ? r : 0;
}

/* Where a null move (a pass, to prove that a position is good enough without moving) may be
 * tried. A pass is unsafe where being on move can hurt (zugzwang): the search would then take a
 * lost position for a won one. How does an engine that knows no game tell? It allows the pass
 * only where having to move rarely hurts:
 *  - the game has a royal piece, so it ends by an attack on it (checkmate), not by running out
 *    of moves: in a game without one (Nemoroth) a side loses by having no move, compelled
 *    moves are the game, and every pass would be a lie;
 *  - captures are not compulsory (antichess: being on move is the whole difficulty);
 *  - two players (negamax with a pass for three would skip a player's say);
 * and then, position by position (null_move_allowed): the side to move is not in check and has
 * a piece worth more than the game's least valuable type (besides its royal ones), since
 * zugzwang is the rule, not the exception, in endings of kings and pawns. */
static void null_setup(Engine *e)
{
    const Game *g = e->g;
    e->null_game = g->has_royal && !g->compulsory_capture && g->nplayers == 2 && !g->norder;
    e->mob_game = engine_counts_mobility(g);
    e->least_value = 0;
    for (int t = 1; t <= g->ntypes; t++) {
        const PieceType *T = &g->types[t];
        if (T->royal || T->neutral || e->value[t] <= 0) continue;
        if (!e->least_value || e->value[t] < e->least_value) e->least_value = e->value[t];
    }
}

/* Whether players a and b are on one side: themselves, or paranoid's teams (Engine.root_side). */
static inline int same_side(const Engine *e, int a, int b)
{
    return e->root_side < 0 ? a == b : (a == e->root_side) == (b == e->root_side);
}

Engine *engine_new(const Game *g, int tt_mb)
{
    Engine *e = calloc(1, sizeof *e);
    if (!e) out_of_memory("e in engine_new()");
    e->g = g;
    e->root_side = -1;
    size_t n = 1;
    while (n * 2 * sizeof(TTSlot) <= (size_t)tt_mb << 20) n *= 2;
    e->tt = calloc(n, sizeof *e->tt);
    e->ttmask = n - 1;
    e->history = calloc(65536, sizeof *e->history);
    if (!e->tt || !e->history) out_of_memory("e.tt and e.history in engine_new()");
    e->owns_tt = 1;
    estimate_values(e);
    null_setup(e);
    pthread_once(&lmr_once, lmr_init);
    return e;
}

/* A helper of engine m (Lazy SMP): its own killers, history and buffers, m's hash table. */
static Engine *helper_new(const Engine *m, int id)
{
    Engine *h = calloc(1, sizeof *h);
    if (!h) out_of_memory("a helper engine");
    h->g = m->g;
    h->tt = m->tt; h->ttmask = m->ttmask;
    h->history = calloc(65536, sizeof *h->history);
    if (!h->history) out_of_memory("a helper engine's history");
    memcpy(h->value, m->value, sizeof h->value);
    h->null_game = m->null_game; h->mob_game = m->mob_game; h->least_value = m->least_value;
    h->helper_id = id;
    return h;
}

void engine_free(Engine *e)
{
    if (!e) return;
    for (int i = 0; i < e->nhelpers; i++) engine_free(e->helpers[i]);
    free(e->helpers);
    for (int i = 0; i < MAX_PLY; i++) { free(e->order[i]); free(e->ixbuf[i]); }
    movelist_free(&e->root); movelist_free(&e->check);
    if (e->owns_tt) free(e->tt);
    mcts_free(e->mcts);
    free(e->history); free(e);
}

void engine_clear(Engine *e)
{
    if (e->owns_tt) memset(e->tt, 0, sizeof *e->tt * (e->ttmask + 1));
    memset(e->history, 0, sizeof *e->history * 65536);
    memset(e->killers, 0, sizeof e->killers);
    for (int i = 0; i < e->nhelpers; i++) engine_clear(e->helpers[i]);
}

int engine_counts_mobility(const Game *g)
{
    return !g->has_royal && g->no_move_loses && g->nplayers == 2;
}

void engine_set_values(Engine *e, const int *value)
{
    for (int t = 1; t <= e->g->ntypes; t++)
        if (value[t] > 0) e->value[t] = value[t];
    null_setup(e);                  /* the least value, the "pawns" of futility pruning */
    for (int i = 0; i < e->nhelpers; i++) engine_set_values(e->helpers[i], value);
}

int engine_type_value(const Engine *e, int type) { return type >= 1 && type <= e->g->ntypes ? e->value[type] : 0; }

/* Squares a piece's leap and ride lines reach (empty or enemy): its mobility, counted natively
 * without running programs, which keeps the evaluation cheap for any game. */
static int atom_mobility(const Pos *p, int sq, const PieceType *T, int owner)
{
    const Game *g = p->g;
    int n = 0;
    for (int i = 0; i < T->natoms; i++) {
        const Atom *a = &T->atoms[i];
        if (!ATOM_PLAIN(a)) continue;            /* hops, legs, zones: left out, as programs are */
        int d = g->dir_map[owner][a->dir], s = sq;
        for (;;) {
            s = g->neighbor[s * g->ndirs + d];
            if (s < 0) break;
            int32_t c = p->st[s * g->stack];
            if (!c) { n += a->mode != MODE_CAPTURE; }
            else { n += PW_OWNER(c) != owner && a->mode != MODE_MOVE; break; }
            if (a->kind == ATOM_LEAP) break;
        }
    }
    return n;
}

/* An advantage that has led nowhere for a long time is worth less. When the material has not
 * changed for QUIET_FROM plies of the game, the evaluation of a line that keeps it so shrinks
 * linearly to 0 over the next QUIET_FADE plies (Stockfish does the same with its 50-move
 * counter). Without it, in a game that has no move-count rule (Storm the Ivory Tower), a side
 * that is ahead but cannot mate avoids every repetition (§6.7 of docs/engine.md) and the game
 * never ends; with it, such a side comes to accept the draw. A line that captures, promotes
 * or drops is scored in full, so after a long standstill the engine looks for those. */
#define QUIET_FROM 100
#define QUIET_FADE 100
static int scale_for_progress(const Engine *e, const Pos *p, int score)
{
    int over = e->root_quiet - QUIET_FROM;
    if (over <= 0 || p->material != e->root_material) return score;
    return over >= QUIET_FADE ? 0 : score * (QUIET_FADE - over) / QUIET_FADE;
}

/* An evaluation is kept below the mate scores: whatever the values and bonuses of a rules file
 * (each at most MAX_PIECE_VALUE, compile.c), a position never scores as a mate. */
#define EVAL_MAX (SCORE_MATE - MAX_PLY - 1)

/* A piece's value as its piece variables change it (`piece var statue: bool value 50%;`, the
 * language's docs): each percentage scales the type's value while its variable is not 0, then
 * each number is added per unit of its variable. */
static int var_adjusted_value(const Game *g, int32_t w, int type_value)
{
    int64_t v = type_value, add = 0;
    for (int i = 0; i < g->nvalued; i++) {
        const Var *pv = &g->vars[g->valued_vars[i]];
        int x = (int)(((uint32_t)w >> pv->shift) & ((1u << pv->bits) - 1));
        if (pv->value_pct) {
            if (x) v = v * pv->value / 100;
            if (v > 1000000000) v = 1000000000;       /* (ten 1000% variables would overflow) */
            if (v < -1000000000) v = -1000000000;
        }
        else add += (int64_t)pv->value * x;            /* each at most MAX_PIECE_VALUE (compile.c) */
    }
    return (int)(v + add);
}

/* The static score for `side` (a chance player's pieces, dice, are nobody's material). */
static int evaluate_as(Engine *e, Pos *p, int side)
{
    const Game *g = e->g;
    /* (neutral, eliminated and chance players, dice: no one's material; pos_alive) */
    const uint32_t alive = pos_alive(p);
    int64_t score = 0;              /* 13312 pieces and 8 hands of 1000 of each of 120 types */
    int cx2 = g->files - 1, cy2 = g->ranks - 1;       /* twice the centre */
    for (int sq = 0; sq < g->nsq; sq++)
        for (int l = 0; l < g->stack; l++) {
            int32_t w = p->st[sq * g->stack + l];
            if (!w) break;
            int o = PW_OWNER(w), t = PW_TYPE(w);
            /* (a neutral player's pieces are nobody's material) */
            if (o < 0 || t < 1 || t > g->ntypes || !(alive >> o & 1)) continue;
            /* material, and a little for standing near the centre (more squares in reach) */
            int dx = abs(2 * g->sq_x[sq] - cx2), dy = abs(2 * g->sq_y[sq] - cy2);
            const PieceType *T = &g->types[t];
            int v = e->value[t];
            if ((uint32_t)w & g->valued_piece_bits) v = var_adjusted_value(g, w, v);
            v += T->royal ? 0 : 8 - (dx + dy) / 2;
            if (!T->royal && T->natoms) v += 3 * atom_mobility(p, sq, T, o);
            if (T->bonus_attr >= 0) {        /* the rules file's square bonus, as the owner sees the board */
                int vs = g->sq_view[o][sq];
                if (vs >= 0) v += (int)g->attrs[T->bonus_attr].value[vs];
            }
            score += same_side(e, o, side) ? v : -v;
        }
    /* A piece in hand is material only where it can come back: in a game with drops. Without
     * them a hand is a record (Storm the Ivory Tower keeps each side's lost pieces in its own
     * hand, for promotions), and counting it would make every capture worth nothing. */
    if (g->drops_fn >= 0)
        for (int pl = 0; pl < g->nplayers; pl++)
            for (int t = 1; t <= g->ntypes && !game_is_chance(g, pl); t++) {
                int n = p->st[g->st_hands + pl * (g->ntypes + 1) + t];
                if (n > 0 && (alive >> pl & 1))
                    score += (same_side(e, pl, side) ? 1 : -1) * (int64_t)n * e->value[t];
            }
    int sc = score > EVAL_MAX ? EVAL_MAX : score < -EVAL_MAX ? -EVAL_MAX : (int)score;
    sc = scale_for_progress(e, p, sc);
    if (e->lim.seed) sc += (int)(mix64(p->hash ^ e->lim.seed) % 21) - 10;
    return sc;
}

int evaluate(Engine *e, Pos *p) { return evaluate_as(e, p, pos_turn(p)); }
int evaluate_for(Engine *e, Pos *p, int side) { return evaluate_as(e, p, side); }

/* The ordering buffers of a ply, grown to hold n moves. */
static void ply_buffers(Engine *e, int ply, int n, int **sc, int **ix)
{
    if (n > e->ordcap[ply]) {
        int cap = e->ordcap[ply] ? e->ordcap[ply] : 256;
        while (cap < n) cap *= 2;
        e->order[ply] = realloc(e->order[ply], sizeof(int) * (size_t)cap);
        e->ixbuf[ply] = realloc(e->ixbuf[ply], sizeof(int) * (size_t)cap);
        if (!e->order[ply] || !e->ixbuf[ply]) out_of_memory("e.order[ply] and e.ixbuf[ply] in ply_buffers()");
        e->ordcap[ply] = cap;
    }
    *sc = e->order[ply]; *ix = e->ixbuf[ply];
}

/* The moves of a node for the search, and its result: the pseudo-legal moves, whose legality
 * is tested when each is made (a refuted node never pays for the rest); `*legal` is then 0.
 * Under `moves distinct` the moves that do the same thing were merged as they were emitted;
 * two that reach one state by different means stay two here, which costs the search a
 * transposition (the table finds it) and never a wrong score. The root's move, and every
 * move shown, comes from the full legal list, where they are one. */
void search_node_moves(Pos *p, MoveList *ml, int *legal)
{
    if (legal_list_whole(p->g)) {
        /* which moves may be played depends on the other legal moves (a capture, if any legal
         * move captures): only the legal list knows, so it is made here (capture.h) */
        gen_legal(p, ml);
        vm_run_end(p, ml->n);
        end_eliminates(p, ml);
        *legal = 1;
        return;
    }
    gen_pseudo(p, ml);
    vm_run_end_lazy(p, ml);
    *legal = end_eliminates(p, ml);     /* (the `out` move is legal) */
}

/* The first part of search_node_moves, for a node that the hash table may decide before its
 * moves are needed: the end block runs with only as many moves as `no-moves` needs (generation
 * stops at the first legal one, even inside a program); returns `legal` as search_node_moves
 * sets it. gen_rest then gives the very list search_node_moves would have (gencheck.c checks
 * it). */
static int search_moves_begin(Pos *p, MoveList *ml)
{
    if (legal_list_whole(p->g)) {              /* (see search_node_moves) */
        gen_legal(p, ml);
        vm_run_end(p, ml->n);
        end_eliminates(p, ml);
        return 1;
    }
    vm_run_end_first_legal(p, ml);
    return end_eliminates(p, ml);
}

int search_no_move_result(Pos *p)
{
    vm_run_end(p, 0);
    return p->result ? p->result : RESULT_LOSS;
}

static int result_score(int result, int ply)
{
    if (result == RESULT_WIN) return SCORE_MATE - ply;
    if (result == RESULT_LOSS) return -SCORE_MATE + ply;
    return 0;
}

/* The node's result (p->result, for the side to move) as a score for the side to move's team:
 * with three or more players a loss of one player is a win of its team when the winner is on it
 * (the coalition, once the root is out). */
static int node_result_score(const Engine *e, const Pos *p, int ply)
{
    int r = p->result;
    if (r == RESULT_WIN && p->result_player >= 0)      /* `win for P`, P another player */
        r = same_side(e, p->result_player, pos_turn(p)) ? RESULT_WIN : RESULT_LOSS;
    else if (r == RESULT_LOSS && e->root_side >= 0) {
        int w = pos_loss_winner(p);
        if (w >= 0 && same_side(e, w, pos_turn(p))) r = RESULT_WIN;
    }
    return result_score(r, ply);
}

static int no_legal_move_score(Pos *p, int ply)
{
    return result_score(search_no_move_result(p), ply);
}

static inline int32_t move_sig(const Move *m)
{
    return (int32_t)((m->from + 1) | (m->to + 1) << 11 | (uint32_t)m->kind << 22 | (uint32_t)(m->become & 0x7f) << 24);
}

static inline int captured_value(const Engine *e, const Move *m)
{
    return m->kind == MK_MOVE && m->captured ? e->value[PW_TYPE(m->captured)] + 1 : 0;
}

static void score_moves(Engine *e, const MoveList *ml, int from, int ply, int tt_move, int *sc)
{
    for (int i = from; i < ml->n; i++) {
        const Move *m = &ml->m[i];
        int s;
        int cv = captured_value(e, m);
        if (i == tt_move) s = 1 << 30;
        else if (cv) s = (1 << 28) + 16 * cv - e->value[PW_TYPE(m->piece)] / 16;
        else if (m->become && m->kind == MK_MOVE) s = (1 << 27) + e->value[m->become];
        else {
            int32_t sig = move_sig(m);
            if (sig == e->killers[ply][0]) s = (1 << 26) + 2;
            else if (sig == e->killers[ply][1]) s = (1 << 26) + 1;
            else s = e->history[(uint32_t)mix64((uint64_t)(uint32_t)sig) & 0xffff];
        }
        sc[i] = s;
    }
}

/* Selection sort, one step: the index of the best remaining move. The list itself keeps its
 * generated order, so an index into it names the move in the hash table. */
static int pick(int n, int *sc, int *ix, int i)
{
    int b = i;
    for (int j = i + 1; j < n; j++) if (sc[ix[j]] > sc[ix[b]]) b = j;
    int t = ix[i]; ix[i] = ix[b]; ix[b] = t;
    return ix[i];
}

/* The node and work limits are checked at every node (--nodes 5 searched 1024); the work limit
 * between nodes only, so one node's generation can overrun it, by GEN_BUDGET at most. The clock is read every
 * 1024 nodes, and sooner once the VM has run a million steps since it was last read: a node of
 * a rules file can cost up to GEN_BUDGET steps (seconds), and 1024 of them would overrun any
 * time limit by far. */
#define CLOCK_WORK 1000000L
static int time_up(Engine *e, const Pos *p)
{
    if (e->stop) return 1;
    if (__atomic_load_n(&e->halt, __ATOMIC_RELAXED)) e->stop = 1;
    if (e->lim.nodes && e->nodes >= e->lim.nodes) e->stop = 1;
    else if (e->lim.work && (uint64_t)(vm_work(p) - e->work_start) >= e->lim.work) e->stop = 1;
    else if (e->lim.time > 0 && ((e->nodes & 1023) == 0 || vm_work(p) - e->work_checked > CLOCK_WORK)) {
        e->work_checked = vm_work(p);
        if (now() >= e->deadline) e->stop = 1;
    }
    return e->stop;
}

/* The hash table's key of a node. Where `legal` may read `repetition` (Nemoroth: no position
 * may recur), which moves are legal below a node depends on the positions before it, in the game
 * and on the search path, and a score found by one path is not the score by another: the table
 * passed them between paths, and the engine at depth 3 missed a mate in 3 that it found with
 * its cut-offs off (§5 of docs/engine.md, seed 40001). There the key also holds the positions
 * before, as a sum of their mixed repetition keys (a set: a path that reaches the node through
 * the same positions in another order sees the same legal moves). Iterative deepening still
 * finds its entries, on the same path. */
static uint64_t node_key(const Engine *e, const Pos *p)
{
    uint64_t key = p->hash ^ e->tt_salt;
    if (!e->g->moves_depend_on_history) return key;
    uint64_t before = 0;
    for (int i = 0; i < p->nhist - 1; i++) before += mix64(p->hist[i] ^ 0x9e3779b97f4a7c15ull);
    return key ^ mix64(before);
}

/* Whether this position (its repetition key, the last in the history) occurred before, in the
 * game or on the search path. */
static int repeats_earlier(const Pos *p)
{
    uint64_t key = p->hist[p->nhist - 1];
    for (int i = p->nhist - 2; i >= 0; i--)
        if (p->hist[i] == key) return 1;
    return 0;
}

/* The few-replies extension (§6.7 of docs/engine.md): in a game without a royal piece, a node
 * below the root whose side to move has at most FEW_REPLIES legal moves is searched one ply
 * deeper (a node at the horizon: one ply instead of quiescence). There a side loses by having no
 * move (Nemoroth: by compulsion), and a line that leaves it few is what a check is in chess:
 * forcing, and cheap to follow (few branches). Without it, the engine at depth 3 lost 6 of 100
 * games of Nemoroth to a random mover, each to a trap that leaves it no legal move two or three
 * of its own moves later (positions depth 3 scored as +700 to +1040); extending only the nodes
 * above the horizon, 3 of 100; these nodes and the horizon's, none. */
#define FEW_REPLIES 4
/* ... and, where having no move loses (the mobility term's games), a node whose side to move is
 * the root's (the engine's own side, told by its turn: a side may move twice running) with at
 * most OWN_FEW_REPLIES. A bind closes on the engine over many plies at 5 to 8 moves before it
 * is down to 4: in the loss of seed 130080 (§5 of docs/engine.md) an enemy Ghast on d4 left the
 * engine 6 to 8 moves for 12 plies while it scored itself 400 to 740 ahead, and the mate was
 * first seen at depth 9. Only the engine's own side, since only its bind can lose it the game;
 * the other side's few replies are the forcing lines FEW_REPLIES follows. */
#define OWN_FEW_REPLIES 8

/* The mobility term, in a two-player game without a royal piece where a side with no legal
 * move loses (the compiler's no_move_loses: Nemoroth, checkers, draughts). There having few
 * moves is how a game is lost, as a king in danger is in chess, and the material says little
 * of it: a side 700 ahead in Nemoroth whose pieces are compelled or walled in, with 6 legal
 * moves, loses to a random reply (§5 of docs/engine.md). At a node search() hands to
 * quiescence, the side to move gains mob_worth[m] for its m legal moves (counted up to
 * MOB_CAP, as the few-replies extension counts them anyway) and loses the same for the other
 * side's count at the parent node: 100 ln(1 + m) rounded down, so the first moves weigh most; 12
 * moves or more are worth 256. Without it the engine at depth 3 lost 9 of 400 games of Nemoroth to
 * a random mover; with it, 2 (§5). */
#define MOB_CAP 12
static const int16_t mob_worth[MOB_CAP + 1] = { 0, 69, 109, 138, 160, 179, 194, 207, 219, 230, 239, 248, 256 };

/* A side with at most FEW_REPLIES moves (the few-replies extension's bound) also loses
 * BIND_PENALTY: it is in a bind, where the other side's replies can take its last moves, and
 * each ply it spends in one costs the search a ply of its own (the extension pays only for the
 * other side's). In the trap of §5 of docs/engine.md (seed 7905) the engine, 826 ahead, let a
 * Ghast compel its pieces so that 3 moves were left, lost 12 plies on, which depth 7 is the
 * first to avoid; the logarithm alone scored the bind 118 below 12 moves, and the engine walked
 * into it at depth 5. 200 was not enough for the next one (seed 7795): at its depth 4 the line
 * into a bind at the horizon still scored 857 against 772 for c4b5, the move depth 6 plays, and
 * a random reply (a Go-Away's scream) closed the trap 16 plies on; with 300 the bind line
 * scores below c4b5 and depth 4 plays what depth 6 plays (§5 of docs/engine.md). */
#define BIND_PENALTY 300

static int mob_value(int moves)
{
    return mob_worth[moves > MOB_CAP ? MOB_CAP : moves] - (moves <= FEW_REPLIES ? BIND_PENALTY : 0);
}

static int mobility_term(const Engine *e, int ply)
{
    return mob_value(e->mob[ply]) - mob_value(e->mob[ply - 1]);
}

/* Quiescence prunes, where a pass is safe (null_setup), a capture whose victim and this many of
 * the game's least valuable type added to the standing score stay at or below alpha (delta
 * pruning), and a capture by a piece worth more than its victim onto a square the other side
 * then attacks (the first step of a static exchange evaluation: the recapture loses more than the
 * capture won). Promotions are always searched. */
#define QPRUNE_PAWNS 2
/* ... from an iteration of this depth on. Not measured as a choice: a search to depth 1 is left
 * as it was so that the fixtures of tests/tune.sh, tune-write.sh and record-errors.sh (games
 * of `tune --depth 1` that must trade pieces, or fill a record past a size limit) play the games
 * they were written for; the gain was measured at 8000 nodes a move (depth 5 to 8). */
#define QPRUNE_FROM 2

/* rep: test for a repetition (§6.7 of docs/engine.md): at a node that search() hands over,
 * which a quiet move may have reached; not below it, where only captures were made. */
static int qsearch(Engine *e, Pos *p, int alpha, int beta, int ply, int rep)
{
    e->nodes++;
    if (time_up(e, p)) return 0;
    MoveList *ml = pos_list(p, ply);
    /* The end block before the moves: its `no-moves` generates only until one legal move is
     * found, so a node that stands pat never generates all its moves (a Four Towers position
     * can have 60000, made in seconds). The scores are those of generating first. */
    vm_run_end_first_legal(p, ml);
    end_eliminates(p, ml);                     /* (then its one move, `out`, is no capture) */
    if (p->result) return node_result_score(e, p, ply);
    if (rep && ply > 0 && p->nhist > 1 && repeats_earlier(p)) return 0;
    int stand = evaluate(e, p);
    if (rep && ply > 0 && e->mob_game) stand += mobility_term(e, ply);
    if (stand >= beta || ply >= MAX_PLY - 1) return stand;
    if (stand > alpha) alpha = stand;
    /* (the end block may have begun them); only captures are searched here, so the programs
     * that cannot emit one are not run (in Four Towers: all of them) */
    gen_rest_captures(p, ml);
    const int legal = 0;                       /* each move is tested when it is made */
    int *sc, *ix;
    ply_buffers(e, ply, ml->n, &sc, &ix);
    int n = 0;
    for (int i = 0; i < ml->n; i++)            /* only the captures, best victims first */
        if (captured_value(e, &ml->m[i])) { ix[n++] = i; sc[i] = 16 * captured_value(e, &ml->m[i]) - e->value[PW_TYPE(ml->m[i].piece)] / 16; }
    int mover = pos_turn(p);
    /* Captures that cannot matter (QPRUNE_PAWNS, below): only where a pass is safe (null_setup),
     * the games whose captures are optional and whose ends are an attack on a royal piece */
    const int prune = e->null_game && !(e->lim.off & SEARCH_QPRUNE) && e->qprune_depth >= QPRUNE_FROM;
    for (int i = 0; i < n; i++) {
        int k = pick(n, sc, ix, i);
        const Move *m = &ml->m[k];
        const int plain = prune && !m->become;
        /* delta pruning: even the victim's whole value and a margin leave the score below alpha */
        if (plain && stand + captured_value(e, m) + QPRUNE_PAWNS * e->least_value <= alpha) continue;
        const int risky = plain && e->value[PW_TYPE(m->piece)] > captured_value(e, m);
        pos_make(p, ml, &ml->m[k]);
        if (!legal && !vm_run_legal(p, mover)) { pos_unmake(p); continue; }
        /* a capture by a piece worth more than its victim, on a square the other side attacks:
         * the recapture loses more than the capture won (the first step of a static exchange) */
        if (risky && m->to >= 0 && square_attacked(p, m->to, pos_turn(p))) { pos_unmake(p); continue; }
        /* (the same side may move again: `again`, a turn-order table; see child()) */
        /* (a throw of the dice next: the quiescence search stops, at mover's static score) */
        int s = pos_chance_turn(p) ? evaluate_as(e, p, mover)
              : same_side(e, pos_turn(p), mover) && p->g->nplayers > 1
              ? qsearch(e, p, alpha, beta, ply + 1, 0) : -qsearch(e, p, -beta, -alpha, ply + 1, 0);
        pos_unmake(p);
        if (e->stop) return 0;
        if (s > alpha) {
            alpha = s;
            if (s >= beta) break;
        }
    }
    return alpha;
}

/* A quiet move that made a beta cutoff: a killer at this ply, and history. */
static void note_cutoff(Engine *e, const Move *m, int depth, int ply)
{
    if (captured_value(e, m)) return;
    int32_t sig = move_sig(m);
    if (e->killers[ply][0] != sig) { e->killers[ply][1] = e->killers[ply][0]; e->killers[ply][0] = sig; }
    int32_t *h = &e->history[(uint32_t)mix64((uint64_t)(uint32_t)sig) & 0xffff];
    *h += depth * depth;
    if (*h > (1 << 24)) for (int k = 0; k < 65536; k++) e->history[k] /= 2;
}

/* A piece of `side` worth more than the game's least valuable type, on the board or (in a game
 * with drops) in hand; royal pieces are worth 0 here. See null_setup. */
static int has_big_piece(const Engine *e, const Pos *p, int side)
{
    const Game *g = e->g;
    for (int sq = 0; sq < g->nsq; sq++)
        for (int l = 0; l < g->stack; l++) {
            int32_t w = p->st[sq * g->stack + l];
            if (!w) break;
            int t = PW_TYPE(w);
            if (PW_OWNER(w) == side && t >= 1 && t <= g->ntypes && e->value[t] > e->least_value)
                return 1;
        }
    if (g->drops_fn >= 0)
        for (int t = 1; t <= g->ntypes; t++)
            if (e->value[t] > e->least_value &&
                p->st[g->st_hands + side * (g->ntypes + 1) + t] > 0) return 1;
    return 0;
}

static int is_mate_score(int s) { return s > SCORE_MATE - MAX_PLY || s < -SCORE_MATE + MAX_PLY; }

/* Null-move pruning: at a node that is not on the principal variation, where the side to move
 * stands at or above beta, pass and search the reply NULL_R plies shallower (one more from depth
 * 6): if even then the side that passed stays at or above beta, a real move would too, and the
 * node is cut off without its moves. Never twice in a row, never in check, only where
 * null_setup and has_big_piece say a pass cannot be a zugzwang trap. Returns 1 with *score set
 * when the node is cut off. */
#define NULL_R 2
static int search(Engine *e, Pos *p, int depth, int alpha, int beta, int ply, int *best_out);

/* A move's score for mover, who made it: the negated score of the side to move after it, or
 * that score itself where mover moves again (`again;`, a Zillions turn-order table). A game of
 * one player (a puzzle) is searched as before, as if an opponent answered each move: its
 * captures' quiescence search would otherwise never be cut off. */
static int chance_value(Engine *e, Pos *p, int mover, int depth, int ply);

static int child(Engine *e, Pos *p, int mover, int depth, int alpha, int beta, int ply)
{
    if (pos_chance_turn(p)) return chance_value(e, p, mover, depth, ply);
    if (same_side(e, pos_turn(p), mover) && p->g->nplayers > 1)
        return search(e, p, depth, alpha, beta, ply, NULL);
    return -search(e, p, depth, -beta, -alpha, ply, NULL);
}

/* A chance node (a throw of the dice, docs/engine.md "Chance nodes"): expectimax. Its value for
 * mover, who made the move that led here, is the mean of its outcomes' values for mover, each
 * generated outcome equally likely (one generated twice counts twice), each searched with the
 * full window to the same depth: a throw is no ply of the search's depth. A won or lost game
 * below counts as the largest score that is not a mate's (EVAL_MAX), so that the mean of a
 * win and a loss is an even game and no mean looks like a mate in some number of plies. No
 * bound cuts a chance node short and the hash table keeps none: its value is mover's, whoever
 * mover was. */
static int chance_value(Engine *e, Pos *p, int mover, int depth, int ply)
{
    e->nodes++;
    if (time_up(e, p)) return 0;
    if (ply >= MAX_PLY - 2) return evaluate_as(e, p, mover);
    MoveList *ml = pos_list(p, ply);
    gen_legal(p, ml);
    if (!ml->n) return 0;            /* (no outcome: an error the commands report; see vm.c) */
    int from = 0, to = ml->n;
    if (e->lim.off & SEARCH_EXPECTIMAX) {
        /* (--off expectimax, to measure it: one outcome drawn at random, as a player who
         * guesses the throw would; the same one for the same position and seed) */
        from = (int)(mix64(p->hash ^ (e->lim.seed * 0x9e3779b97f4a7c15ull)) % (uint64_t)ml->n);
        to = from + 1;
    }
    int64_t sum = 0;
    for (int i = from; i < to; i++) {
        pos_make(p, ml, &ml->m[i]);
        int s = child(e, p, mover, depth, -SCORE_INF, SCORE_INF, ply + 1);
        pos_unmake(p);
        if (e->stop) return 0;
        sum += s > EVAL_MAX ? EVAL_MAX : s < -EVAL_MAX ? -EVAL_MAX : s;
    }
    return (int)(sum / (to - from));
}

static int null_move_cuts(Engine *e, Pos *p, int depth, int beta, int ply, int *score)
{
    pos_make_null(p);
    e->null_path[ply + 1] = 1;
    int r = NULL_R + (depth >= 6);
    int s = -search(e, p, depth - 1 - r, -beta, -beta + 1, ply + 1, NULL);
    e->null_path[ply + 1] = 0;
    pos_unmake(p);
    if (e->stop || s < beta) return 0;
    *score = is_mate_score(s) ? beta : s;    /* a mate seen after a pass is not a mate */
    return 1;
}

/* Futility pruning: at a frontier node (depth 1, not on the principal variation, not in check)
 * whose static score is more than FUTILITY_PAWNS of the game's least valuable type below alpha, a
 * quiet move that gives no check cannot bring it back in one ply: it is not searched. Only in
 * the games where a pass is safe (null_setup): elsewhere a quiet move can win by leaving the
 * other side no move. */
#define FUTILITY_PAWNS 2
/* A node off the principal variation looks at its first SCAN_MOVES moves (in the order the rules
 * generate them) and, of the rest, only at the captures and promotions (and killers and the hash
 * move): more than any chess position has (218), so that there every move is looked at as before.
 * A Four Towers node can have 12000 moves; searching them all at each node of a depth-3 search
 * was most of its time (docs/runtime.md, step 41). A futile node looks for its quiet checks
 * among those first moves only; a node that has found no legal move among them looks at all
 * the rest (so that no move is never the verdict of a partial list). */
#define SCAN_MOVES 256
/* Check extensions: a node extends at most EXT_CHECKS of its moves that give check (the first
 * in its order); a later one is searched to its nominal depth (at the horizon: quiescence). In
 * chess a node rarely has that many checks; in Four Towers one piece's check combines with every
 * other piece's part of a move, some 800 checks in a node, each extended to a full ply and
 * generating all of its own moves. A futile node stops looking for quiet checks once it has
 * searched that many: a later one would not be extended, and unextended at the horizon it
 * could not bring the hopeless score back. */
#define EXT_CHECKS 8
#define RFP_DEPTH 3
#define RFP_PAWNS 1

static int search(Engine *e, Pos *p, int depth, int alpha, int beta, int ply, int *best_out)
{
    const Game *g = e->g;
    /* The horizon, before any move is generated: quiescence generates this node's moves
     * itself, and generating them here too doubled the cost of every leaf. */
    int in_chk = g->has_royal && ply < MAX_PLY - 2 && in_check(p, pos_turn(p));
    const int ext_ply = e->ext_ply;
    if (in_chk && ply < ext_ply && !e->ext_denied[ply]) { depth++; e->ext_used[ply] = 1; }
    else if (!g->has_royal && ply < MAX_PLY - 2 && (ply > 0 || e->mob_game)) {
        int n = gen_legal_upto(p, pos_list(p, ply), e->mob_game ? MOB_CAP : FEW_REPLIES);
        e->mob[ply] = (int16_t)n;
        int own = e->mob_game && pos_turn(p) == e->root_mover;
        if (ply > 0 && ply < ext_ply && n <= (own ? OWN_FEW_REPLIES : FEW_REPLIES))
            depth = depth > 0 ? depth + 1 : 1;    /* at the horizon too: a full ply, not qsearch */
    }
    if (depth <= 0 && ply < MAX_PLY - 2) return qsearch(e, p, alpha, beta, ply, 1);
    e->nodes++;
    if (time_up(e, p)) return 0;
    MoveList *ml = pos_list(p, ply);
    int legal = search_moves_begin(p, ml);
    if (p->result) return node_result_score(e, p, ply);
    /* A position that is here a second time scores as a draw below the root, as in chess
     * engines: going round in a circle makes no progress, so the side that is ahead looks for
     * another way and the side that is behind takes it. What the game actually does with a
     * repetition (a draw, a loss, an illegal move) is scored exactly by its rules when it
     * happens; this only keeps the engine from shuffling until it does. */
    if (ply > 0 && p->nhist > 1 && repeats_earlier(p)) return 0;
    if (ply >= MAX_PLY - 2) return evaluate(e, p);

    /* the hash table, on the full state (counters included: they matter to the rules); a
     * node it decides needs no more of its moves (a Four Towers node can have thousands) */
    uint64_t key = node_key(e, p);
    TTSlot *slot = &e->tt[key & e->ttmask];
    TTEntry ent = tt_load(slot, key), *te = &ent;
    int tt_move = -1;
    if (te->key == key && ply > 0 && te->depth >= depth && !best_out) {
        int s = te->score;
        if (s > SCORE_MATE - MAX_PLY) s -= ply; else if (s < -SCORE_MATE + MAX_PLY) s += ply;
        if (te->flag == TT_EXACT || (te->flag == TT_LOWER && s >= beta) || (te->flag == TT_UPPER && s <= alpha))
            return s;
    }
    const int pv = beta - alpha > 1;
    /* the static score, computed once where a pruning below asks for it */
    int stat = -SCORE_INF;
#define STATIC_EVAL() (stat != -SCORE_INF ? stat : (stat = evaluate(e, p)))
    /* Reverse futility pruning (a static null move): near the leaves, off the principal
     * variation, a side whose static score is above beta by RFP_PAWNS of the game's least
     * valuable type per ply left is not searched: the other side would need to win that much in
     * the few plies left. Only where a pass is safe (null_setup). */
    if (!(e->lim.off & SEARCH_RFP) && e->null_game && ply > 0 && !best_out && !pv &&
        depth <= RFP_DEPTH && !in_chk && !is_mate_score(beta) &&
        STATIC_EVAL() - RFP_PAWNS * e->least_value * depth >= beta)
        return stat;
    if (!(e->lim.off & SEARCH_NULL) && e->null_game && ply > 0 && !best_out && !pv && depth >= 2 &&
        !in_chk && !e->null_path[ply] && !is_mate_score(beta) && STATIC_EVAL() >= beta &&
        has_big_piece(e, p, pos_turn(p))) {
        int s;
        if (null_move_cuts(e, p, depth, beta, ply, &s)) return s;
        if (e->stop) return 0;
    }
    /* The hash table's move is searched first. Where the moves are tested as they are made
     * (legal == 0), it is searched as soon as the list holds it, before the rest is generated:
     * when it cuts the node off, as it mostly does, the rest is never needed (a Four Towers
     * node can have thousands). The search is the same, node for node: the rest is generated,
     * scored and searched in the order it had, the first move left out. */
    int best = -SCORE_INF, best_i = -1, alpha0 = alpha, tried = 0, first_done = -1, checks_extended = 0;
    int mover = pos_turn(p);
    if (!legal && te->key == key && te->move && !best_out) {
        int k = (int)te->move - 1;
        gen_more(p, ml, k + 1);
        if (k < ml->n) {
            first_done = k;
            const Move m = ml->m[k];
            pos_make(p, ml, &ml->m[k]);
            if (vm_run_legal(p, mover)) {
                tried = 1;
                e->ext_used[ply + 1] = 0;
                int s = child(e, p, mover, depth - 1, alpha, beta, ply + 1);
                checks_extended = e->ext_used[ply + 1];
                if (s > best) { best = s; best_i = k; }
            }
            pos_unmake(p);
            if (e->stop) return best == -SCORE_INF ? 0 : best;
            if (best > alpha) {
                alpha = best;
                if (best >= beta) { note_cutoff(e, &m, depth, ply); goto store; }
            }
        }
    }
    /* futility (see FUTILITY_PAWNS): the static score, if it is hopeless; quiet moves that give
     * no check are then skipped, and the node scores at least that hopeless bound */
    int futile = 0;
    if (!(e->lim.off & SEARCH_FUTILITY) && e->null_game && depth == 1 && ply > 0 && !pv &&
        !in_chk && !is_mate_score(alpha)) {
        int bound = STATIC_EVAL() + FUTILITY_PAWNS * e->least_value;
        if (bound <= alpha) { futile = 1; if (bound > best) best = bound; }
    }
    /* off the principal variation, the first SCAN_MOVES moves first (see SCAN_MOVES) */
    const int capped = !(e->lim.off & SEARCH_EXTCAP);
    if (!legal) { if (capped && ply > 0 && !pv) gen_more(p, ml, SCAN_MOVES); else gen_rest(p, ml); }
    if (te->key == key) {
        if (te->move && te->move <= (uint32_t)ml->n) tt_move = (int)te->move - 1;
        /* (a node without best_out that the table decides returned above, before alpha moved) */
        if (first_done < 0 && ply > 0 && te->depth >= depth) {
            int s = te->score;
            if (s > SCORE_MATE - MAX_PLY) s -= ply; else if (s < -SCORE_MATE + MAX_PLY) s += ply;
            if (te->flag == TT_EXACT || (te->flag == TT_LOWER && s >= beta) || (te->flag == TT_UPPER && s <= alpha)) {
                if (best_out) *best_out = tt_move;
                return s;
            }
        }
    }
    const int lmr = !(e->lim.off & SEARCH_LMR) && depth >= 3 && ply > 0 && !in_chk;
    int pruned = 0, checks_tried = 0, only_loud = 0, cut = 0;
    /* The moves in segments, each ordered on its own: all of them at once, except off the
     * principal variation where the first SCAN_MOVES moves are not all there are; the rest is
     * then generated only as far as programs that can capture go, and only its captures,
     * promotions, killers and the hash move are searched (all of it if no legal move was
     * found, in a node that is not futile). */
    for (int from = 0; from < ml->n && !cut && !e->stop; ) {
        int *sc, *ix;
        ply_buffers(e, ply, ml->n, &sc, &ix);
        score_moves(e, ml, from, ply, tt_move, sc);
        for (int i = from; i < ml->n; i++) ix[i] = i;
        for (int i = from; i < ml->n; i++) {
            int k = pick(ml->n, sc, ix, i);
            if (k == first_done) continue;           /* (searched above) */
            const Move m = ml->m[k];
            const int quiet = sc[k] < (1 << 26);     /* no hash move, capture, promotion or killer */
            /* (the order puts the quiet moves last: none of this segment is searched now) */
            if (quiet && (only_loud || (futile && capped && checks_tried >= EXT_CHECKS))) {
                pruned = 1;
                break;
            }
            pos_make(p, ml, &ml->m[k]);
            if (!legal && !vm_run_legal(p, mover)) { pos_unmake(p); continue; }
            const int checks = (futile || lmr) && quiet && g->has_royal && in_check(p, pos_turn(p));
            if (futile && quiet && !checks) { pos_unmake(p); pruned = 1; continue; }
            if (futile && quiet) checks_tried++;
            int s;
            e->ext_denied[ply + 1] = capped && checks_extended >= EXT_CHECKS;
            e->ext_used[ply + 1] = 0;
            if (tried++ == 0) s = child(e, p, mover, depth - 1, alpha, beta, ply + 1);
            else {
                int r = lmr && quiet && !checks && tried > LMR_AFTER ?
                        lmr_reduction(depth, tried, pv) : 0;
                s = child(e, p, mover, depth - 1 - r, alpha, alpha + 1, ply + 1);
                if (r && s > alpha && !e->stop)           /* (a reduced move that does well) */
                    s = child(e, p, mover, depth - 1, alpha, alpha + 1, ply + 1);
                if (s > alpha && s < beta && !e->stop) s = child(e, p, mover, depth - 1, alpha, beta, ply + 1);
            }
            e->ext_denied[ply + 1] = 0;
            checks_extended += e->ext_used[ply + 1];
            pos_unmake(p);
            if (e->stop) break;
            if (s > best) { best = s; best_i = k; }
            if (s > alpha) {
                alpha = s;
                if (s >= beta) { note_cutoff(e, &m, depth, ply); cut = 1; break; }
            }
        }
        if (cut || e->stop || legal || ml->next_unit < 0) break;
        from = ml->n;                                /* (the unscanned rest) */
        if (futile || tried) { gen_rest_captures(p, ml); only_loud = pruned = 1; }
        else gen_rest(p, ml);
    }
    if (!tried && !e->stop && !pruned) {
        /* no legal move: the end block decides (a game without one: the side to move loses) */
        if (best_out) *best_out = -1;
        return no_legal_move_score(p, ply);
    }
    if (best_out) *best_out = best_i;
    if (e->stop) return best == -SCORE_INF ? 0 : best;
store:;
    int idx = best_i;
    int s = best;
    if (s > SCORE_MATE - MAX_PLY) s += ply; else if (s < -SCORE_MATE + MAX_PLY) s -= ply;
    te->key = key; te->score = (int16_t)s; te->depth = (int8_t)(depth > 127 ? 127 : depth);
    te->flag = best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
    te->move = (uint32_t)(idx + 1);
    tt_store(slot, te);
    return best;
}

/* The principal variation, read back from the hash table. */
static void read_pv(Engine *e, Pos *p, int first, int maxlen, char *out, size_t outlen)
{
    const Game *g = e->g;
    size_t n = 0; int made = 0;
    out[0] = 0;
    for (int k = 0; k < maxlen; k++) {
        MoveList *ml = pos_list(p, MAX_PLY - 1 - (k & 1));
        int legal;
        search_node_moves(p, ml, &legal);
        if (p->result) break;
        int i = -1;
        if (k == 0) i = first;
        else {
            uint64_t key = node_key(e, p);
            TTEntry ent = tt_load(&e->tt[key & e->ttmask], key), *te = &ent;
            if (te->key == key && te->move && te->move <= (uint32_t)ml->n) i = (int)te->move - 1;
        }
        if (i < 0 || i >= ml->n) break;
        char buf[MOVE_STR_MAX];
        move_string(g, ml, &ml->m[i], buf, sizeof buf);
        int w = snprintf(out + n, outlen - n, "%s%s", n ? " " : "", buf);
        if (w < 0 || (size_t)w >= outlen - n) break;
        n += (size_t)w;
        pos_make(p, ml, &ml->m[i]);
        made++;
    }
    while (made--) pos_unmake(p);
}

/* One iteration from the root, with the time limit kept inside the nodes' move generation too:
 * one node of a rules file may run for seconds (up to its work bound), far past --time, so the
 * VM also reads the clock and, once the deadline is past, jumps back from wherever it is
 * (protected_run_until). The position is taken back to the root and the iteration is
 * unfinished. A runtime error of the rules code goes on to the caller's handler. */
typedef struct { Engine *e; int d, *bi, score, alpha, beta; } RootRun;

static void root_run(Pos *p, void *ctx)
{
    RootRun *r = ctx;
    r->score = search(r->e, p, r->d, r->alpha, r->beta, 0, r->bi);
}

int search_run_until(Pos *p, double deadline, ProtectedFn *fn, void *ctx)
{
    const int nundo = p->nundo, ntrail = pos_mark(p), nhist = p->nhist;
    const uint64_t hash = p->hash, material = p->material;
    switch (protected_run_until(p, deadline, fn, ctx)) {
    case 0: return 0;
    case 2:                             /* the deadline */
        while (p->nundo > nundo) pos_unmake(p);
        pos_undo_to(p, ntrail);
        p->nhist = nhist;       /* a jump out of a hook in pos_make: its history was not pushed yet */
        vm_abandon(p);
        if (p->hash != hash || p->material != material || p->hash != pos_full_hash(p))
            pos_runtime_error(p, 0, "internal error: the position differs from the search's root "
                              "after its time ran out inside a move generation");
        return 1;
    default:                            /* a runtime error */
        protected_pass_on(p);
    }
}

static int search_root(Engine *e, Pos *p, int d, int alpha, int beta, int *bi)
{
    memset(e->null_path, 0, sizeof e->null_path);  /* (an interrupted search may leave marks) */
    memset(e->ext_denied, 0, sizeof e->ext_denied);
    /* Check and few-replies extensions end at twice the depth asked for, or of this iteration
     * when the default search goes past it; with no depth limit, at ply 128. */
    e->ext_ply = 2 * (e->lim.depth ? (d > e->lim.depth ? d : e->lim.depth) : 64);
    e->qprune_depth = d;
    if (e->lim.time <= 0) return search(e, p, d, alpha, beta, 0, bi);
    RootRun r = { e, d, bi, 0, alpha, beta };
    if (!search_run_until(p, e->deadline, root_run, &r)) return r.score;
    e->stop = 1; *bi = -1;
    return 0;
}

unsigned search_technique(const char *name, size_t len)
{
    static const struct { const char *name; unsigned bit; } names[] = {
        { "null", SEARCH_NULL }, { "lmr", SEARCH_LMR }, { "futility", SEARCH_FUTILITY },
        { "aspiration", SEARCH_ASPIRATION }, { "expectimax", SEARCH_EXPECTIMAX },
        { "rfp", SEARCH_RFP }, { "qprune", SEARCH_QPRUNE }, { "extcap", SEARCH_EXTCAP },
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strlen(names[i].name) == len && !strncmp(names[i].name, name, len)) return names[i].bit;
    return 0;
}

int search_techniques(const char *s, unsigned *out)
{
    *out = 0;
    if (!strcmp(s, "-")) return 1;
    for (;;) {
        const char *plus = strchr(s, '+');
        size_t n = plus ? (size_t)(plus - s) : strlen(s);
        unsigned bit = search_technique(s, n);
        if (!bit) return 0;
        *out |= bit;
        if (!plus) return 1;
        s = plus + 1;
    }
}

int search_method(const char *name, size_t len, int *playout)
{
    *playout = 0;
    if (len == 2 && !strncmp(name, "ab", 2)) return SEARCH_AB;
    if (len < 4 || strncmp(name, "mcts", 4)) return -1;
    if (len == 4) return SEARCH_MCTS;
    const char *k = name + 5, *end = name + len;
    if (name[4] != ':' || k == end) return -1;
    if (end - k == 3 && !strncmp(k, "end", 3)) { *playout = PLAYOUT_TO_END; return SEARCH_MCTS; }
    int n = 0;
    for (; k < end; k++) {
        if (*k < '0' || *k > '9' || n > 99) return -1;
        n = 10 * n + (*k - '0');
    }
    if (n > 999) return -1;
    *playout = n + 1;
    return SEARCH_MCTS;
}

void search_method_string(const SearchLimits *lim, char *buf, size_t len)
{
    if (lim->algo != SEARCH_MCTS) snprintf(buf, len, "ab");
    else if (lim->playout == PLAYOUT_TO_END) snprintf(buf, len, "mcts:end");
    else if (lim->playout > 0) snprintf(buf, len, "mcts:%d", lim->playout - 1);
    else snprintf(buf, len, "mcts");
}

void engine_stop(Engine *e) { __atomic_store_n(&e->halt, 1, __ATOMIC_RELAXED); }

/* ---- Lazy SMP: helper threads -------------------------------------------------------------
 * Each helper searches the root by iterative deepening in its own thread, on its own copy of
 * the position, with its own killers and history, and writes what it finds into the hash table
 * it shares with the main engine; the main engine's search alone chooses the move. Helpers with
 * an odd number start one ply deeper, so that the threads are not all at the same depth at
 * once. They stop when the main search ends (engine_stop), or at the time limit. */

typedef struct Helper {
    Engine *h;
    Pos *p;                       /* the helper's copy of the root */
    int maxd;
    pthread_t thread;
    int running;
} Helper;

/* A copy of p for another thread: its position string read back, with p's history of
 * repetition keys; NULL if the copy is not the same position (its hash differs). */
typedef struct { const char *str; int ok; } CloneJob;
static void read_clone(Pos *q, void *ctx)
{
    CloneJob *c = ctx;
    char err[256];
    c->ok = pos_from_string(q, c->str, err, sizeof err);
}

static Pos *clone_position(const Pos *p)
{
    char *str = pos_to_string(p);
    Pos *q = pos_new(p->g);
    CloneJob c = { str, 0 };
    int bad = protected_run(q, read_clone, &c);
    free(str);
    if (bad || !c.ok) { pos_free(q); return NULL; }
    pos_set_history(q, p->hist, p->nhist - 1);
    if (q->hash != p->hash || q->material != p->material ||
        q->hist[q->nhist - 1] != p->hist[p->nhist - 1]) {
        pos_free(q);
        return NULL;
    }
    return q;
}

static void helper_search(Pos *p, void *ctx)
{
    Helper *hp = ctx;
    Engine *e = hp->h;
    for (int d = 1 + (e->helper_id & 1); d <= hp->maxd && !e->stop; d++) {
        int bi = -1;
        search_root(e, p, d, -SCORE_INF, SCORE_INF, &bi);
    }
}

static void *helper_thread(void *arg)
{
    Helper *hp = arg;
    protected_run(hp->p, helper_search, hp);   /* a runtime error only ends the helper */
    return NULL;
}

/* Start threads - 1 helpers of main engine m on copies of p (none if p cannot be copied). */
static Helper *helpers_start(Engine *m, const Pos *p, int threads, int maxd, int *n)
{
    *n = 0;
    if (threads <= 1) return NULL;
    if (m->nhelpers < threads - 1) {
        m->helpers = realloc(m->helpers, sizeof *m->helpers * (size_t)(threads - 1));
        if (!m->helpers) out_of_memory("the helper engines");
        while (m->nhelpers < threads - 1) {
            m->helpers[m->nhelpers] = helper_new(m, m->nhelpers + 1);
            m->nhelpers++;
        }
    }
    Helper *hs = calloc((size_t)threads - 1, sizeof *hs);
    if (!hs) out_of_memory("the helper threads");
    for (int i = 0; i < threads - 1; i++) {
        Engine *h = m->helpers[i];
        h->lim = m->lim;
        h->root_side = m->root_side; h->root_mover = m->root_mover; h->tt_salt = m->tt_salt;
        h->lim.info = NULL; h->lim.nodes = 0; h->lim.work = 0; h->lim.threads = 1;
        h->nodes = 0; h->stop = 0;
        __atomic_store_n(&h->halt, 0, __ATOMIC_RELAXED);
        h->root_material = m->root_material; h->root_quiet = m->root_quiet;
        h->start = m->start; h->deadline = m->deadline;
        hs[i].h = h; hs[i].maxd = maxd;
        hs[i].p = clone_position(p);
        if (!hs[i].p) break;
        h->work_checked = vm_work(hs[i].p);
        if (pthread_create(&hs[i].thread, NULL, helper_thread, &hs[i])) {
            pos_free(hs[i].p);
            break;
        }
        hs[i].running = 1;
        (*n)++;
    }
    return hs;
}

/* Stop the helpers and wait for them; their nodes. */
static uint64_t helpers_stop(Helper *hs, int n)
{
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) engine_stop(hs[i].h);
    for (int i = 0; i < n; i++) {
        if (!hs[i].running) continue;
        pthread_join(hs[i].thread, NULL);
        nodes += hs[i].h->nodes;
        pos_free(hs[i].p);
    }
    free(hs);
    return nodes;
}

/* Aspiration windows: from depth ASP_FROM on, an iteration is searched first with a window of
 * ASP_WINDOW around the last iteration's score, which cuts off more of the tree; a score outside
 * it is searched again with the window widened on that side (four times as far each time, the
 * whole range at last). A forced result is searched with the whole window. */
#define ASP_FROM 4
#define ASP_WINDOW 30
static int aspiration(Engine *e, Pos *p, int d, int last, int have_last, int *bi)
{
    if ((e->lim.off & SEARCH_ASPIRATION) || d < ASP_FROM || !have_last || is_mate_score(last))
        return search_root(e, p, d, -SCORE_INF, SCORE_INF, bi);
    int delta = ASP_WINDOW, alpha = last - delta, beta = last + delta;
    for (;;) {
        *bi = -1;
        int s = search_root(e, p, d, alpha, beta, bi);
        if (e->stop || (s > alpha && s < beta)) return s;
        delta *= 4;
        if (s <= alpha) alpha = delta > 1000 ? -SCORE_INF : last - delta;
        else beta = delta > 1000 ? SCORE_INF : last + delta;
    }
}

/* The default search (SearchLimits.deepen) goes on past its depth while the search so far is
 * cheap: fewer than DEEPEN_NODES nodes, and less than 1/DEEPEN_WORK_SHARE of the work bound.
 * Where a move's tree is small, depth 3 takes a few hundred nodes and hundredths of a second,
 * and a fixed depth leaves the rest of what a move may cost unused. In Nemoroth the random
 * mover's wins came from traps 5 to 7 plies deep (docs/engine.md §5): depth 6 sees them in about
 * 2 s. The next iteration costs a few times the last, so it may reach the work bound; the bound
 * then ends it as it ends any search (the move of the last finished iteration, or a better one
 * of the unfinished). Nodes and steps, not seconds: a game stays the same on every machine. */
#define DEEPEN_NODES 20000
#define DEEPEN_WORK_SHARE 4
/* Far ahead, a larger work bound: where the mobility term applies (a side with no legal move
 * loses) and an iteration of the default search scores the side to move FAR_AHEAD or more, the
 * rest of the move's search (its deepening share and its bound) gets FAR_WORK_SCALE times the
 * work. The random mover's wins there came from traps 9 plies and more below positions the
 * engine scored far ahead (seeds 7905, 7795, 20078, 110078: 826 to 1970 ahead; docs/engine.md
 * §5), and a game won is ended sooner by a deeper search; in the opening, where the engine is
 * rarely that far ahead, a move costs what it did. 8 times the bound everywhere cost 6 times the
 * CPU of a game; 4 times walked into seed 7795's trap (tests/search.test). Measured: 3.6 times
 * the CPU of a game (§5). */
#define FAR_WORK_SCALE 8
#define FAR_AHEAD 500
static int far_ahead(const Engine *e, const SearchLimits *lim, int score)
{
    return lim->deepen && e->mob_game && lim->work && lim->work <= UINT64_MAX / FAR_WORK_SCALE &&
           e->lim.work == lim->work && score >= FAR_AHEAD;
}
static int still_cheap(const Engine *e, const Pos *p)
{
    return e->nodes < DEEPEN_NODES &&
           (!e->lim.work || (uint64_t)(vm_work(p) - e->work_start) < e->lim.work / DEEPEN_WORK_SHARE);
}

/* Iterative deepening from the root (engine_search); a function of its own so that, with helper
 * threads running, it can run under protected_run: a runtime error of the rules code must stop
 * the helpers before it goes on. */
typedef struct {
    Engine *e; const SearchLimits *lim; SearchResult *res; MoveList *root; int maxd;
} Deepening;

static void deepen(Pos *p, void *ctx)
{
    Deepening *it = ctx;
    Engine *e = it->e;
    const SearchLimits *lim = it->lim;
    SearchResult *res = it->res;
    const MoveList *root = it->root;
    const int maxd = it->maxd;
    for (int d = 1; d <= maxd; d++) {
        int bi = -1;
        int s = aspiration(e, p, d, res->best >= 0 ? res->score : 0, res->best >= 0, &bi);
        if (e->stop && bi < 0) break;
        /* moves keep their generated order, so bi is also the index in `root` */
        int idx = bi;
        if (idx < 0 || idx >= root->n) break;
        if (e->stop && res->best >= 0) {
            /* an unfinished iteration: keep its move only if it was searched and beats the last */
            if (s <= res->score) break;
        }
        res->best = idx; res->score = s; res->depth = d;
        res->nodes = e->nodes; res->seconds = now() - e->start;
        read_pv(e, p, idx, d, res->pv, sizeof res->pv);
        if (lim->info) {
            if (lim->xboard_post)
                fprintf(lim->info, "%d %d %d %llu %s\n", d, s, (int)(res->seconds * 100), (unsigned long long)e->nodes, res->pv);
            else
                fprintf(lim->info, "info depth %d score %d nodes %llu nps %.0f time %.2f pv %s\n", d, s,
                        (unsigned long long)e->nodes, res->seconds > 0 ? e->nodes / res->seconds : 0.0, res->seconds, res->pv);
            fflush(lim->info);
        }
        if (lim->report) lim->report(lim->report_ctx, p, res);
        if (e->stop) break;
        if (s > SCORE_MATE - MAX_PLY || s < -SCORE_MATE + MAX_PLY) {
            if (d >= SCORE_MATE - abs(s) + 1) break;     /* a forced result found: deeper adds nothing */
        }
        if (lim->time > 0 && now() - e->start > lim->time * 0.5) break;   /* the next depth would not finish */
        if (far_ahead(e, lim, s)) e->lim.work = lim->work * FAR_WORK_SCALE;
        if (e->lim.work && (uint64_t)(vm_work(p) - e->work_start) > e->lim.work / 2) break;
        if (lim->deepen && d >= lim->depth && !still_cheap(e, p)) break;
    }
}

/* A chance player to move at the root: no search, a throw. The outcome is drawn from the legal
 * moves, each equally likely (one generated twice is twice as likely), by a generator that
 * depends on the seed, the position and the number of moves played, so that a game is the same
 * game again with the same seed, and one position met twice in a game gets two throws. */
static void chance_throw(Engine *e, Pos *p, const SearchLimits *lim, SearchResult *res)
{
    MoveList *check = &e->check;
    movelist_clear(check);
    node_moves(p, check);
    if (!check->n) return;
    uint64_t x = mix64(mix64(lim->seed + 0x9e3779b97f4a7c15ull) ^ p->hash ^
                       (uint64_t)p->nhist * 0xd1b54a32d192ed03ull);
    res->best = (int)(x % (uint64_t)check->n);
    move_string(p->g, check, &check->m[res->best], res->best_str, sizeof res->best_str);
    res->nodes = 1;
    res->seconds = now() - e->start;
}

/* The search of a position leaves it as it found it: its moves are unmade, and the result the
 * `end` block gave the nodes below it (p->result, which every node's end block sets and an
 * unmake does not take back) is put back to the root's. Without this, a search stopped early
 * (Ctrl-C, `?` in xboard, a time or node limit) left the result of the last node it had looked
 * at on the root, and a caller that read it before generating the root's moves again took it
 * for the game's: `selfplay` interrupted in a Nemoroth game recorded "Alabaster wins: no legal
 * move" for a game in which Obsidian had moves (issue 40; tests/search-leaves-result.sh). */
static void engine_search_inner(Engine *e, Pos *p, const SearchLimits *lim, SearchResult *res);

void engine_search(Engine *e, Pos *p, const SearchLimits *lim, SearchResult *res)
{
    const int result = p->result, reason = p->result_reason;
    engine_search_inner(e, p, lim, res);
    p->result = result;
    p->result_reason = reason;
}

static void engine_search_inner(Engine *e, Pos *p, const SearchLimits *lim, SearchResult *res)
{
    e->lim = *lim;
    e->root_side = __builtin_popcount(pos_alive(p)) > 2 ? pos_turn(p) : -1;
    e->root_mover = pos_turn(p);
    e->tt_salt = e->root_side >= 0 ? mix64(0x5eed0000u + (uint64_t)e->root_side) : 0;
    e->nodes = 0; e->stop = 0;
    __atomic_store_n(&e->halt, 0, __ATOMIC_RELAXED);
    e->root_material = p->material;
    e->root_quiet = pos_quiet_plies(p);
    e->work_checked = e->work_start = vm_work(p);
    e->start = now();
    e->deadline = e->start + lim->time;
    memset(res, 0, sizeof *res);
    res->best = -1;
    MoveList *const root = &e->root, *const check = &e->check;
    if (pos_chance_turn(p)) {
        chance_throw(e, p, lim, res);
        return;
    }
    if (lim->algo == SEARCH_MCTS) {
        mcts_search(e, &e->mcts, (e->ttmask + 1) * sizeof *e->tt, p, lim, res);
        return;
    }
    movelist_clear(root); movelist_clear(check);
    node_moves(p, check);                      /* the legal moves, merged and named as the rules say */
    if (!check->n) return;
    int legal;
    search_node_moves(p, root, &legal);
    int maxd = lim->depth > 0 && !lim->deepen ? lim->depth : MAX_PLY - 8;
    e->running = helpers_start(e, p, lim->threads, maxd, &e->nrunning);
    Deepening it = { e, lim, res, root, maxd };
    uint64_t helper_nodes = 0;
    if (e->running) {
        int failed = protected_run(p, deepen, &it);
        helper_nodes = helpers_stop(e->running, e->nrunning);
        e->running = NULL;
        if (failed) protected_pass_on(p);
    } else deepen(p, &it);
    if (res->best < 0) {                   /* no iteration finished: the first legal move */
        int mover = pos_turn(p);
        for (int i = 0; i < root->n && res->best < 0; i++) {
            pos_make(p, root, &root->m[i]);
            if (legal || vm_run_legal(p, mover)) res->best = i;
            pos_unmake(p);
        }
        if (res->best < 0) res->best = 0;
    }
    search_name_move(p, root, res->best, check, res->best_str, sizeof res->best_str);
    res->nodes = e->nodes + helper_nodes; res->seconds = now() - e->start;
}

/* Name the move as the legal list names it: the search's candidate may be one of several that
 * `distinct` merged, or lack the `qualify` text only the full list can decide. The legal move
 * that reaches the same state is the one chosen. */
void search_name_move(Pos *p, const MoveList *root, int best, const MoveList *check, char *out,
                      size_t len)
{
    const Game *g = p->g;
    pos_make(p, root, &root->m[best]);
    uint64_t want = p->hash;
    pos_unmake(p);
    for (int i = 0; i < check->n; i++) {
        pos_make(p, check, &check->m[i]);
        int same = p->hash == want;
        if (same) move_string(g, check, &check->m[i], out, len);
        pos_unmake(p);
        if (same) return;
    }
    move_string(g, root, &root->m[best], out, len);
}

int engine_halted(Engine *e) { return __atomic_load_n(&e->halt, __ATOMIC_RELAXED); }
const int *engine_halt_flag(const Engine *e) { return &e->halt; }
