/* mcts.c - Monte-Carlo tree search (--search mcts, docs/engine.md §6.11): UCT (UCB1) over a
 * tree of the runtime's moves, each iteration going down the tree to a node not yet tried,
 * then a playout of random moves from it, cut off after a few plies and scored by the
 * engine's evaluation as a win probability; a game end on the way is scored by the `end`
 * rules, exactly as the alpha-beta search scores it. A node whose result is forced (a won or
 * lost game end below it, for two players) is proven, and the proof goes up the tree
 * (MCTS-Solver), so a mate the tree holds is played, not just sampled.
 *
 * The moves of a node are made as the alpha-beta search makes them (search_node_moves): the
 * pseudo-legal moves, each tested by the `legal` block the first time it is made. The tree
 * keeps a move as its index in its node's list, which is generated again (the same list, in
 * the same order) each time an iteration goes through the node: a list cannot be kept per
 * node (a Four Towers node has thousands of moves and their recorded state writes). */
#include "mcts.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "make.h"
#include "movegen.h"
#include "notation.h"
#include "oom.h"
#include "smallmath.h"
#include "vm.h"

/* Tuned by matches against the alpha-beta search (docs/engine.md §5): */
#define EXPLORATION 0.35     /* UCB1's c: mean + c sqrt(ln N / n), rewards in [0, 1] */
#define PLAYOUT_PLIES 4      /* --search mcts: a playout's random plies before its evaluation */
#define EVAL_SCALE 400.0     /* a win probability of 1 / (1 + 10^(-eval / EVAL_SCALE)) */
#define LN10 2.30258509299404568402
#define MAX_TREE_DEPTH 200   /* a node this deep is a leaf, whatever the tree holds */
#define MAX_PLAYOUT_PLIES 1000   /* (playouts to the end: a longer one is a draw) */

enum { ILLEGAL = 1, CHECKED = 2, TERMINAL = 4 };

typedef struct {
    uint32_t child, nchild;  /* the children, pool[child .. child + nchild); nchild 0: a leaf */
    uint32_t move;           /* the move into this node: its index in the parent's move list */
    uint32_t visits;
    double reward;           /* the sum of the rewards (0 to 1) of `mover` over the visits */
    int16_t proof;           /* 0 unknown; +k: `mover` wins, -k: loses, k - 1 plies from here */
    uint8_t mover;           /* the player who made the move into this node */
    uint8_t flags;           /* ILLEGAL, CHECKED (its legality was tested), TERMINAL */
    uint8_t result;          /* TERMINAL: the end block's RESULT_*, for the side to move here */
    uint8_t turn;            /* TERMINAL: the side to move here */
} Node;

struct Mcts {
    Node *pool; size_t cap, n;   /* pool[0] is the root */
    int *ix; int ixcap;          /* a playout's untried moves */
    MoveList root, check;        /* the root's moves (search_node_moves), its legal list */
    int root_legal;              /* search_node_moves's `legal` of the root */
    uint64_t rng;
};

typedef struct { double r[MAX_PLAYERS]; } Reward;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t next_random(Mcts *t) { return mix64(t->rng += 0x9e3779b97f4a7c15ull); }

void mcts_free(Mcts *t)
{
    if (!t) return;
    movelist_free(&t->root); movelist_free(&t->check);
    free(t->pool); free(t->ix); free(t);
}

/* The rewards of a result (RESULT_*) for the side to move `turn`: 1 to the winner, 0 to the
 * others; a draw shares the point. */
static Reward result_reward(const Game *g, int result, int turn)
{
    Reward w;
    /* (chance players, dice, get nothing and share nothing) */
    int n = game_sides(g);
    for (int pl = 0; pl < g->nplayers; pl++)
        w.r[pl] = game_is_chance(g, pl) ? 0
                : result == RESULT_DRAW ? 1.0 / n
                : result == RESULT_WIN ? pl == turn
                : n == 2 ? pl != turn : (pl != turn) / (double)(n - 1);
    return w;
}

/* The evaluation as a win probability for the side to move, the rest shared by the others. */
static Reward eval_reward(Engine *e, Pos *p)
{
    const Game *g = p->g;
    int turn = pos_turn(p);
    /* (at a throw of the dice: as the side after it sees the position, before the throw) */
    if (g->chance && game_is_chance(g, turn)) turn = game_opponent(g, turn);
    double q = 1 / (1 + sm_exp(-evaluate_for(e, p, turn) * (LN10 / EVAL_SCALE)));
    Reward w;
    int n = game_sides(g);
    for (int pl = 0; pl < g->nplayers; pl++)
        w.r[pl] = game_is_chance(g, pl) ? 0 : pl == turn ? q : (1 - q) / (n > 1 ? n - 1 : 1);
    return w;
}

/* The winner a proof says (two players), or -1. */
static int proven_winner(const Node *n)
{
    if (!n->proof) return -1;
    return n->proof > 0 ? n->mover : 1 - n->mover;
}

/* A node is proven when one of its moves wins for the side to move (the shortest such win),
 * or when every move loses (the longest defence). Two players only: with more, a loss for one
 * is not a win for a given other. */
static void try_prove(Mcts *t, Node *x, int nplayers)
{
    if (nplayers != 2 || !x->nchild || x->proof) return;
    int side = t->pool[x->child].mover;
    int win = 0, lose = 0, open = 0;
    for (uint32_t i = 0; i < x->nchild; i++) {
        const Node *c = &t->pool[x->child + i];
        if (c->flags & ILLEGAL) continue;
        int w = proven_winner(c), len = abs(c->proof) + 1;
        if (w == side) { if (!win || len < win) win = len; }
        else if (w >= 0) { if (len > lose) lose = len; }
        else open = 1;
    }
    if (win) x->proof = (int16_t)(x->mover == side ? win : -win);
    else if (!open && lose) x->proof = (int16_t)(x->mover == side ? -lose : lose);
}

static int victim_value(const Engine *e, const MoveList *ml, const Node *c)
{
    return engine_type_value(e, PW_TYPE(ml->m[c->move].captured));
}

/* The children of x, one per move of ml, captures first (the most valuable victim first) then
 * promotions, otherwise in the generated order: UCT tries every child once before it tries one
 * again, and a capture is the likeliest to matter. 0 if the pool is full. */
static int expand(Engine *e, Mcts *t, Node *x, const MoveList *ml, int mover)
{
    if (ml->n <= 0 || t->n + (size_t)ml->n > t->cap) return 0;
    Node *c = &t->pool[t->n];
    int k = 0;
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < ml->n; i++) {
            const Move *m = &ml->m[i];
            int cap = m->kind == MK_MOVE && m->captured;
            int promo = !cap && m->become && m->kind == MK_MOVE;
            if ((pass == 0) != cap || (pass == 1 && !promo) || (pass == 2 && promo)) continue;
            memset(&c[k], 0, sizeof c[k]);
            c[k].move = (uint32_t)i; c[k].mover = (uint8_t)mover;
            k++;
        }
    /* the captures, by the victim's value (insertion sort: the order of equals is kept) */
    int ncap = 0;
    while (ncap < k && ml->m[c[ncap].move].kind == MK_MOVE && ml->m[c[ncap].move].captured) ncap++;
    for (int i = 1; i < ncap; i++) {
        Node v = c[i];
        int val = victim_value(e, ml, &v), j = i;
        for (; j > 0 && victim_value(e, ml, &c[j - 1]) < val; j--) c[j] = c[j - 1];
        c[j] = v;
    }
    x->child = (uint32_t)t->n;
    t->n += (size_t)k;
    x->nchild = (uint32_t)k;       /* last: a deadline may jump out of the search before it */
    return 1;
}

/* UCB1 among x's children that are not known illegal or proven lost for the side to move; an
 * untried child first (in the expansion's order). -1 if none is left. */
/* At a throw of the dice (a chance player to move) the child is an outcome drawn at random,
 * each legal one equally likely: the rewards below it average over the throws, as playouts
 * do (docs/engine.md, "Chance nodes"). -1 when none is legal. */
static int chance_child(Mcts *t, const Node *x)
{
    if (!x->nchild) return -1;
    for (int tries = 0; tries < 64; tries++) {
        uint32_t i = (uint32_t)(next_random(t) % x->nchild);
        if (!(t->pool[x->child + i].flags & ILLEGAL)) return (int)i;
    }
    /* (nearly all refused: the first legal one after a random start; never met in practice) */
    uint32_t k = (uint32_t)(next_random(t) % x->nchild);
    for (uint32_t j = 0; j < x->nchild; j++)
        if (!(t->pool[x->child + (k + j) % x->nchild].flags & ILLEGAL))
            return (int)((k + j) % x->nchild);
    return -1;
}

static int select_child(Mcts *t, const Node *x)
{
    double lnN = sm_ln(x->visits > 0 ? (double)x->visits : 1.0);
    int best = -1;
    double best_u = -1;
    for (uint32_t i = 0; i < x->nchild; i++) {
        const Node *c = &t->pool[x->child + i];
        if (c->flags & ILLEGAL) continue;
        if (c->proof && proven_winner(c) != c->mover) continue;
        if (!c->visits) return (int)i;
        double u = c->reward / c->visits + EXPLORATION * sm_sqrt(lnN / c->visits);
        if (u > best_u) { best_u = u; best = (int)i; }
    }
    return best;
}

/* One iteration's state (its steps run under search_run_until, which can jump out of them). */
typedef struct {
    Engine *e; Mcts *t;
    uint32_t path[MAX_TREE_DEPTH + 1]; int npath;
    int made;                    /* moves made from the root */
    int plies;                   /* a playout's random plies before the evaluation (-1: to the
                                    end) */
    Reward w;
} Iteration;

/* Make x's child i (its move in ml): 1, or 0 when the `legal` block refuses it (it is then
 * marked illegal and not made). */
static int make_child(Iteration *it, Pos *p, Node *x, int i, const MoveList *ml, int legal)
{
    Node *c = &it->t->pool[x->child + (uint32_t)i];
    int mover = pos_turn(p);
    pos_make(p, ml, &ml->m[c->move]);
    if (!(c->flags & CHECKED)) {
        if (!legal && !vm_run_legal(p, mover)) {
            pos_unmake(p);
            c->flags |= ILLEGAL;
            return 0;
        }
        c->flags |= CHECKED;
    }
    it->made++;
    return 1;
}

/* A random playout from p: random legal moves until the game ends or it->plies were made, then
 * the evaluation (it->plies < 0: to the end; a playout longer than MAX_PLAYOUT_PLIES is a
 * draw). */
static Reward playout(Iteration *it, Pos *p)
{
    Mcts *t = it->t;
    const Game *g = p->g;
    const int plies = it->plies >= 0 ? it->plies : MAX_PLAYOUT_PLIES;
    for (int ply = 0;; ply++) {
        MoveList *ml = pos_list(p, 1);
        if (ply == plies) {
            /* the end block first, generating only until one legal move (as quiescence does) */
            vm_run_end_first_legal(p, ml);
            if (p->result) return result_reward(g, p->result, pos_turn(p));
            if (it->plies < 0) return result_reward(g, RESULT_DRAW, 0);
            return eval_reward(it->e, p);
        }
        int legal;
        search_node_moves(p, ml, &legal);
        if (p->result) return result_reward(g, p->result, pos_turn(p));
        if (ml->n > t->ixcap) {
            t->ixcap = ml->n * 2;
            t->ix = realloc(t->ix, sizeof *t->ix * (size_t)t->ixcap);
            if (!t->ix) out_of_memory("a playout's moves");
        }
        int n = ml->n, mover = pos_turn(p);
        for (int i = 0; i < n; i++) t->ix[i] = i;
        for (;;) {
            if (!n) {
                int r = search_no_move_result(p);
                return result_reward(g, r, pos_turn(p));
            }
            int k = (int)(next_random(t) % (uint64_t)n);
            pos_make(p, ml, &ml->m[t->ix[k]]);
            if (legal || vm_run_legal(p, mover)) break;
            pos_unmake(p);
            t->ix[k] = t->ix[--n];
        }
        it->made++;
    }
}

/* x's position is a game end, `result` (RESULT_*) for the side to move `turn`: x is terminal,
 * and proven unless the result is a draw, the game has more than two players, or x is the root
 * (whose mover is nobody). Its reward. */
static Reward game_end(const Game *g, Node *x, int result, int turn, int root)
{
    x->flags |= TERMINAL; x->result = (uint8_t)result; x->turn = (uint8_t)turn;
    if (g->nplayers == 2 && result != RESULT_DRAW && !root)
        x->proof = (int16_t)((result == RESULT_WIN) == (x->mover == turn) ? 1 : -1);
    return result_reward(g, result, turn);
}

/* x, whose moves are ml, has no child left to choose: either none is legal (the end block
 * decides) or every legal one is proven lost for the side to move (x is then proven). */
static Reward no_child_left(Mcts *t, Pos *p, Node *x, int root)
{
    const Game *g = p->g;
    for (uint32_t k = 0; k < x->nchild; k++)
        if (!(t->pool[x->child + k].flags & ILLEGAL)) {
            try_prove(t, x, g->nplayers);
            return result_reward(g, RESULT_LOSS, pos_turn(p));
        }
    return game_end(g, x, search_no_move_result(p), pos_turn(p), root);
}

/* Down the tree to a node not tried before (or a game end, or a proven node), a playout from
 * it, its reward in it->w. */
static void iterate(Pos *p, void *ctx)
{
    Iteration *it = ctx;
    Mcts *t = it->t;
    const Game *g = p->g;
    Node *x = &t->pool[0];
    it->npath = 1; it->path[0] = 0; it->made = 0;
    for (;;) {
        if (x->flags & TERMINAL) { it->w = result_reward(g, x->result, x->turn); return; }
        if (x->proof) { it->w = result_reward(g, RESULT_WIN, proven_winner(x)); return; }
        MoveList *ml = &t->root;                  /* (the root's moves are made once) */
        int legal = t->root_legal;
        if (it->npath > 1) {
            ml = pos_list(p, 1);
            search_node_moves(p, ml, &legal);
            if (p->result) { it->w = game_end(g, x, p->result, pos_turn(p), 0); return; }
        }
        if (!x->nchild && (it->npath > MAX_TREE_DEPTH || !expand(it->e, t, x, ml, pos_turn(p)))) {
            it->w = playout(it, p);       /* a leaf the tree cannot grow: a playout from it */
            return;
        }
        int i;
        const int throw = pos_chance_turn(p);
        do i = throw ? chance_child(t, x) : select_child(t, x);
        while (i >= 0 && !make_child(it, p, x, i, ml, legal));
        if (i < 0) { it->w = no_child_left(t, p, x, it->npath == 1); return; }
        uint32_t ci = x->child + (uint32_t)i;
        it->path[it->npath++] = ci;
        x = &t->pool[ci];
        if (!x->visits) {
            /* a node tried for the first time: a game end is scored now, else a playout */
            vm_run_end_first_legal(p, pos_list(p, 1));
            it->w = p->result ? game_end(g, x, p->result, pos_turn(p), 0) : playout(it, p);
            return;
        }
    }
}

/* The reward up the path, and the proofs. */
static void backpropagate(Iteration *it, int nplayers)
{
    Mcts *t = it->t;
    for (int k = it->npath - 1; k >= 0; k--) {
        Node *x = &t->pool[it->path[k]];
        x->visits++;
        if (k > 0) x->reward += it->w.r[x->mover];
        try_prove(t, x, nplayers);
    }
}

/* The child the root plays: a proven win (the shortest), else the most tried of those not
 * proven lost (ties: the better mean), else the longest proven defeat. */
static int best_child(const Mcts *t, const Node *x)
{
    int best = -1;
    for (uint32_t i = 0; i < x->nchild; i++) {
        const Node *c = &t->pool[x->child + i];
        if ((c->flags & ILLEGAL) || !(c->flags & CHECKED)) continue;
        if (best < 0) { best = (int)i; continue; }
        const Node *b = &t->pool[x->child + (uint32_t)best];
        int cw = proven_winner(c), bw = proven_winner(b);
        int cs = cw < 0 ? 1 : cw == c->mover ? 2 : 0, bs = bw < 0 ? 1 : bw == b->mover ? 2 : 0;
        if (cs != bs) { if (cs > bs) best = (int)i; continue; }
        if (cs == 2 ? abs(c->proof) < abs(b->proof)
          : cs == 0 ? abs(c->proof) > abs(b->proof)
          : c->visits > b->visits ||
            (c->visits == b->visits && c->reward * b->visits > b->reward * c->visits))
            best = (int)i;
    }
    return best;
}

/* The score of the root's child c, in centipawns for the side to move: a proof as the alpha-beta
 * search scores a forced result, else the mean reward as the evaluation that would give it. */
static int child_score(const Node *c)
{
    int w = proven_winner(c);
    if (w >= 0) return w == c->mover ? SCORE_MATE - abs(c->proof) : -SCORE_MATE + abs(c->proof);
    double q = c->visits ? c->reward / c->visits : 0.5;
    if (q < 1e-4) q = 1e-4;
    if (q > 1 - 1e-4) q = 1 - 1e-4;
    return (int)(EVAL_SCALE * sm_ln(q / (1 - q)) / LN10 + (q > 0.5 ? 0.5 : -0.5));
}

/* The principal line: the best child from the root, then the most tried child, as far as the
 * tree has tried one; its moves named into res->pv, its length in res->depth. */
static void principal_line(Mcts *t, Pos *p, int first, SearchResult *res)
{
    const Game *g = p->g;
    size_t n = 0;
    int made = 0;
    res->pv[0] = 0;
    const Node *x = &t->pool[0];
    for (int i = first; i >= 0 && made < MAX_TREE_DEPTH;) {
        const Node *c = &t->pool[x->child + (uint32_t)i];
        MoveList *ml = pos_list(p, 1);
        int legal;
        search_node_moves(p, ml, &legal);
        if (p->result || (int)c->move >= ml->n) break;
        char buf[MOVE_STR_MAX];
        move_string(g, ml, &ml->m[c->move], buf, sizeof buf);
        int w = snprintf(res->pv + n, sizeof res->pv - n, "%s%s", n ? " " : "", buf);
        if (w < 0 || (size_t)w >= sizeof res->pv - n) break;
        n += (size_t)w;
        pos_make(p, ml, &ml->m[c->move]);
        made++;
        x = c;
        i = -1;
        uint32_t most = 0;
        for (uint32_t k = 0; k < x->nchild; k++) {
            const Node *d = &t->pool[x->child + k];
            if (!(d->flags & ILLEGAL) && d->visits > most) { most = d->visits; i = (int)k; }
        }
    }
    res->depth = made;
    while (made--) pos_unmake(p);
}

static Mcts *tree_new(size_t bytes)
{
    Mcts *t = calloc(1, sizeof *t);
    if (!t) out_of_memory("the MCTS tree");
    t->cap = bytes / sizeof *t->pool;
    if (t->cap < 1024) t->cap = 1024;
    if (t->cap > UINT32_MAX) t->cap = UINT32_MAX;
    t->pool = malloc(t->cap * sizeof *t->pool);
    if (!t->pool) out_of_memory("the MCTS tree");
    return t;
}

void mcts_search(Engine *e, Mcts **tree, size_t tree_bytes, Pos *p, const SearchLimits *lim,
                 SearchResult *res)
{
    const double start = now(), deadline = start + lim->time;
    if (!*tree) *tree = tree_new(tree_bytes);
    Mcts *t = *tree;
    res->best = -1;
    movelist_clear(&t->root); movelist_clear(&t->check);
    node_moves(p, &t->check);               /* the legal moves, merged and named as the rules say */
    if (!t->check.n) return;
    int legal;
    search_node_moves(p, &t->root, &legal);
    t->root_legal = legal;
    /* the tree, from a root of this position; the playouts' randomness from the seed and the
     * position, so that a search is the same whenever it is made */
    t->n = 1;
    memset(&t->pool[0], 0, sizeof t->pool[0]);
    t->rng = mix64(lim->seed ^ 0x5851f42d4c957f2dull) ^ p->hash;
    const uint64_t playouts = lim->nodes ? lim->nodes : lim->time > 0 || lim->work ? 0
                            : MCTS_DEFAULT_PLAYOUTS;
    const long work_start = vm_work(p);     /* (--move-work: read after every iteration) */
    Iteration it = { .e = e, .t = t,
                     .plies = lim->playout == PLAYOUT_TO_END ? -1
                            : lim->playout > 0 ? lim->playout - 1 : PLAYOUT_PLIES };
    uint64_t done = 0;
    while ((!playouts || done < playouts) && !engine_halted(e) && !t->pool[0].proof &&
           !(lim->work && (uint64_t)(vm_work(p) - work_start) >= lim->work)) {
        if (lim->time > 0) {
            if (done && now() >= deadline) break;
            if (search_run_until(p, deadline, iterate, &it)) break;
        } else iterate(p, &it);
        while (it.made--) pos_unmake(p);
        backpropagate(&it, p->g->nplayers);
        done++;
    }
    const Node *root = &t->pool[0];
    int bi = root->nchild ? best_child(t, root) : -1;
    if (bi >= 0) {
        const Node *c = &t->pool[root->child + (uint32_t)bi];
        res->best = (int)c->move;
        res->score = child_score(c);
        principal_line(t, p, bi, res);
    } else {                                  /* no child tried: the first legal move */
        int mover = pos_turn(p);
        for (int i = 0; i < t->root.n && res->best < 0; i++) {
            pos_make(p, &t->root, &t->root.m[i]);
            if (legal || vm_run_legal(p, mover)) res->best = i;
            pos_unmake(p);
        }
        if (res->best < 0) res->best = 0;
    }
    search_name_move(p, &t->root, res->best, &t->check, res->best_str, sizeof res->best_str);
    res->nodes = done;
    res->seconds = now() - start;
    if (lim->info) {
        if (lim->xboard_post)
            fprintf(lim->info, "%d %d %d %llu %s\n", res->depth, res->score,
                    (int)(res->seconds * 100), (unsigned long long)done, res->pv);
        else
            fprintf(lim->info, "info depth %d score %d nodes %llu nps %.0f time %.2f pv %s\n",
                    res->depth, res->score, (unsigned long long)done,
                    res->seconds > 0 ? done / res->seconds : 0.0, res->seconds, res->pv);
        fflush(lim->info);
    }
}
