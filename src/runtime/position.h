/* position.h - a game in progress: the state array, the undo trail, the hash, the history.
 *
 * The whole state of a game is one flat array of int32 (see game.h for its layout), so every
 * change of any kind goes through pos_set(), which records the old value on the trail and updates
 * the Zobrist hash incrementally. Unmaking a move pops the trail; nothing is undone by hand.
 */
#ifndef BOARDVM_POSITION_H
#define BOARDVM_POSITION_H

#include <setjmp.h>
#include <stdint.h>
#include "game.h"

/* LANDED: `land` made the move: ops only. OUT: the side to move is eliminated (make.c,
 * "Elimination"): its only move, written `out`. */
enum { MK_MOVE = 0, MK_STAY = 1, MK_DROP = 2, MK_LANDED = 3, MK_OUT = 4 };

typedef struct {
    int16_t from, to;            /* main move squares; -1 when unused */
    uint8_t kind;                /* MK_* */
    uint8_t again;               /* the mover moves again afterwards */
    uint8_t become;              /* type the piece arrives as, 0 = unchanged; drops: the type */
    uint8_t suffix;              /* string index + 1, or 0 */
    uint8_t layer;               /* stacks: the moving piece's place in its stack (0 = bottom) */
    uint8_t qual_before : 1;     /* (bit fields: the move stays 56 bytes) */
    uint8_t tested : 2;          /* 0, or 1 + its legality, tested where it was emitted (step 49:
                                    pos_legal_emitted), 3 a merging move alone (merging_unmade) */
    uint8_t qualified;
    uint8_t hand;                /* drops: the type taken from the hand (0: none, `drops free`);
                                    `become` is the type placed, which may differ (`become T;`) */
    int32_t piece;               /* the moving piece word (0 for drops) */
    int32_t captured;            /* piece on the destination before the move (for ordering) */
    uint32_t op0, nops;          /* recorded state writes: ops[op0 .. op0+nops) of its list */
    uint32_t note0, nnote;       /* text added by `note`: text[note0 .. note0+nnote) of its list */
    uint32_t qual0, nqual;       /* text added by `qualify`, written only when needed */
    uint32_t group;              /* `distinct { }` block the move came from (0 = none): its number
                                    times 2, plus 1 when the block is `distinct smallest` */
    int32_t key;                 /* `key`: of moves merged as one, the lowest key is kept */
    int32_t taken;               /* the first piece the program's `capture` or `land` took: what
                                    `move.captured` is when no piece stood on the destination */
} Move;

/* gen_legal tests its moves where they are emitted only where the transient slots are this
 * many at most (MoveList.test_transient) */
#define TEST_TRANSIENT_MAX 64

typedef struct {
    Move *m; int n, cap;
    int32_t *ops; uint32_t nops, capops;   /* (location, value) pairs */
    /* Game.hash_at_emit: the hash of the state at the emit of the move whose ops begin at i
     * (vm.c, emit_move; for pos_hash_after), for i below hash_cap */
    uint64_t *ops_hash; uint32_t hash_cap;
    char *text; uint32_t ntext, captext;   /* the moves' notes */
    /* moves that `distinct` may merge, by what they do (movegen.c merge_emitted): an open
     * addressing table of move indices + 1 (0 = free), its size a power of two */
    int32_t *merge_slot; uint64_t *merge_hash; uint32_t merge_cap, merge_used;
    uint32_t *merge_pos;         /* (the slots used, in the order they were taken) */
    /* gen_legal's table of the states the kept moves reach: owned by the list, so that a
     * runtime error (a longjmp out of the legal hook) cannot leak it */
    int32_t *legal_slot; uint64_t *legal_hash; uint32_t legal_cap;
    uint64_t *legal_key; uint32_t legal_key_cap;   /* (its merging moves' identities: step 49) */
    int next_unit;               /* generation stopped before this unit (movegen.c); -1: complete */
    /* A generation may also stop inside a program's run, after one of its emitted moves
     * (gen_first_legal): the run is then made again from its start by gen_rest, which skips
     * the moves the list has already (the program is deterministic). vm.c counts and stops. */
    int unit_emits;              /* moves the running unit emitted so far, skipped ones included */
    int stop_emits;              /* the run stops once unit_emits reaches this (0: never) */
    int stopped;                 /* ... and it did */
    int skip_emits;              /* the first moves of the run, already in the list: not recorded */
    int skip_free0;              /* (vm.c: whether work was counted before the skipped part) */
    uint32_t unit_groups0;       /* (vm.c: the `distinct { }` count when the run first began) */
    int resume_emits;            /* next_unit stopped inside its run after this many moves */
    int emit_watch;              /* skip_emits or stop_emits is in force (vm.c's fast path) */
    int want;                    /* gen_more stops once the list holds more moves than this */
    /* gen_legal's generation: its moves' legality is tested as they are emitted by runs whose
     * writes begin at the trail's length test_trail (step 49; test_emits 0: not tested) */
    int test_emits, test_trail;
    int32_t test_transient[TEST_TRANSIENT_MAX];   /* the node's transient slots (step 49) */
    struct ExtScratch *ext;      /* `moves extend`'s scratch (extend.c), owned by the list, */
    void (*ext_free)(struct ExtScratch *);  /* and freed by this, which extend.c sets: the list
                                               knows nothing of what uses it */
} MoveList;

typedef struct { int32_t loc, old; } TrailEntry;
/* What pos_set keeps as sums of the whole state, as it was before a trail entry's write:
 * pos_undo_to puts them back at once and undoes the writes without hashing them back; and the
 * board's stamp then (pos_board_stamp), which a pop puts back */
typedef struct { uint64_t hash, uncounted, material, stamp; int transient_dirty; } TrailSums;

/* A 64-bit mix (splitmix64's finaliser): hashes of small keys for tables and tie-breaks. */
static inline uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

typedef struct {
    int trail_mark;
    uint64_t hash, material;     /* restored as they were: unmake need not hash every write back */
    uint64_t uncounted;          /* (as hash: Pos.uncounted) */
    int transient_dirty;         /* (as hash) */
    uint64_t stamp;              /* (as hash: the board's stamp, pos_board_stamp) */
    int hist_pushed;             /* the make added the position to the history */
    int16_t last_from, last_to; int32_t last_piece, last_captured;
} Undo;

typedef struct Pos {
    const Game *g;
    int32_t *st;
    uint64_t hash;
    /* the share of the `uncounted` piece variables in the hash (what pos_rep_key takes out),
     * kept by every write and restored by unmake as the hash is */
    uint64_t uncounted;
    TrailEntry *trail; int ntrail, captrail;
    TrailSums *trail_sums;                  /* by trail entry (as long as trail): kept only for
                                               the entries at a mark (pos_mark) */
    int sums_pending;                       /* a mark was taken since the last write: the next
                                               write keeps the sums before it */
    uint64_t stamp, serial;                 /* the board's stamp (pos_board_stamp), and the
                                               last one given: never reset, so that a stamp
                                               names one board */
    int stamps;                             /* stamps are kept (pos_start_stamps) */
    struct SquareOfCache *squareof;         /* `square-of`'s answers (squareof.c); one block */
    struct SqMemo *sqmemo;                  /* board walks' kept effects (sqmemo.c) */
    struct NearSetCache *nearset;           /* CHOOSEANY's neighbour sets (nearset.c); one block */
    Undo *undo; int nundo, capundo;
    uint64_t *hist; int nhist, caphist;     /* hashes of the positions so far, this one last */
    /* The material: a hash of the multiset of (owner, type) on the board and in the hands, kept
     * as the state is written. It changes with a capture, a promotion or a drop, whatever rules
     * code made it; the search uses it to tell progress from shuffling. mhist holds it for
     * each position of hist. */
    uint64_t material, *mhist;
    int transient_dirty;                    /* transient slots not at their start values */
    int royal_count[MAX_PLAYERS];
    int royal_hint[MAX_PLAYERS];
    /* On a board of one piece a square and at most 64 squares, in a game that reads them
     * (owned_kept, Game.owned_sets): the squares by what stands on them, kept by every write of
     * a cell: owned[0] the empty ones, [1] those of a piece of no player, [2 + pl] player pl's
     * (pos_owned_index). Read by nearset.h, FORRUN's walk (skips.c) and FORFRIEND/FORENEMY's
     * pass over the board (vm.c) in place of a look at each square. */
    int owned_kept;
    uint64_t owned[2 + MAX_PLAYERS];
    int cell_sets;                          /* owned_kept, or Game.layer_sets: a cell's write
                                               keeps sets (position.c, note_cell_sets) */
    /* pops the trail's entries [mark, n) back (position.c, pop_trail): the loop for what this
     * position keeps, chosen by pos_new */
    void (*pop)(struct Pos *p, int n, int mark);
    /* writes a cell, recorded (position.c, write_cell): the writer for what this position
     * keeps, chosen by pos_new */
    void (*set_cell)(struct Pos *p, int loc, int32_t val);
    /* Game.layer_sets (boardscan.c): the squares whose cell k holds a piece, kept by every write
     * (the last word takes the writes of the layers not kept, and is never read) */
    uint64_t layer_set[MAX_LAYER_SETS + 1];
    /* the move being made, for move.* in hooks */
    int16_t last_from, last_to; int32_t last_piece, last_captured;
    /* scratch move lists, one per ply of the current search */
    MoveList **lists; int nlists;           /* pointers, so growing never moves a list in use */
    int depth_guard;                        /* nesting of attack/reach program runs */
    int pass_guard;                         /* a forced pass is being answered: no forced pass
                                               in the answer (Game.pass_forced) */
    jmp_buf *on_error;                      /* runtime errors in rules code jump here */
    char errmsg[512];
    int result, result_reason;              /* set by the `end` hook: RESULT_*, string index + 1 */
    int result_player;                      /* whose result it is: the side to move (-1), or
                                               with three or more players in, a win of another
                                               (`win for P`; pos_result_side) */
    struct VmScratch *vm;                   /* the VM's choice stack (vm.c) */
    void (*free_scratch)(struct Pos *p);    /* set by the VM with p->vm; pos_free calls it */
    struct AttackMemo *memo;                /* attack runs and what they saw (movegen.c); one
                                               block */
    struct PretestMemo *pretest_memo;       /* answers of the legality pretest (vm.c); one block */
    struct ReachCache *reach;               /* the squares attack programs can reach from each
                                               square (movegen.c, reach.c); one block */
    uint32_t *watch, watch_stamp;           /* pins.c: state locations a node's attackers read */
    /* The squares of each player's pieces whose attacks are programs (one piece a square), a
     * bitmap per player of g->nsq bits kept by every write, so that attack tests need not scan
     * the board for them; NULL in the other games. */
    uint64_t *attackers; int attacker_words;
    /* Every write to the state counts here (position.c), so that an answer about the position
     * as it stands can be kept until the next write: in_check's (movegen.c), asked by the pins
     * and again by a program such as castling's; in_check_at is the count + 1 it holds at. */
    uint64_t writes, in_check_at;
    int in_check_player, in_check_value;
    int check_hash;                         /* debug: compare the hash with a recompute after
                                               each make/unmake */
    int check_gen;                          /* debug: perft compares the search's generations
                                               (gencheck.h) */
    uint64_t *profile;                      /* --profile: instructions run at each code word, or
                                               NULL */
} Pos;

Pos *pos_new(const Game *g);
void pos_free(Pos *p);
void pos_reset_empty(Pos *p);               /* empty board, initial variable values */
uint64_t pos_full_hash(const Pos *p);       /* recomputed from scratch (debug check) */
/* Zobrist keys are computed, not tabled: a 64-bit mix of (location, value). The state can hold
 * any int32 in any location (piece words carry piece variables), so a table per value is not
 * possible; the mix costs a few cycles and gives the same independence. Value 0 hashes to 0,
 * so an empty board, empty hands and zeroed variables need no keys. */
static inline uint64_t pos_zkey(int loc, int32_t val)
{
    if (!val) return 0;
    uint64_t z = ((uint64_t)(uint32_t)loc << 32 | (uint32_t)val) ^ 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* What a write of val over old at loc does to the hash (write_plain's arithmetic; make.c
 * follows a make's hash this way without the make: pos_hash_after) */
static inline uint64_t pos_hash_step(const Pos *p, int loc, int32_t old, int32_t val)
{
    return loc < p->g->st_transient ? pos_zkey(loc, old) ^ pos_zkey(loc, val) : 0;
}
uint64_t pos_rep_key(Pos *p);         /* the hash less `uncounted` variables: what repetition
                                               compares */
uint64_t pos_full_material(const Pos *p);   /* recomputed from scratch (debug check) */
int pos_quiet_plies(const Pos *p);          /* plies the material has stayed as it is now */

static inline int32_t pos_get(const Pos *p, int loc) { return p->st[loc]; }
void pos_set(Pos *p, int loc, int32_t val);
/* pos_set of a transient variable's slot (loc >= st_transient), inline: nothing to hash, no
 * board stamp; the trail's growth and its sums after a mark go to pos_set. (A program's scratch
 * variables: Nemoroth's STOREGs, 8.8 M in perft 4, took 75 instructions each in pos_set.) */
static inline void pos_set_transient(Pos *p, int loc, int32_t val)
{
    const int n = p->ntrail;
    if (n == p->captrail || p->sums_pending) {
        pos_set(p, loc, val);
        return;
    }
    /* (all read before the first store: an int32 store could be to any of them) */
    const int32_t old = p->st[loc];
    const int32_t init = p->g->transient_init[loc - p->g->st_transient];
    p->transient_dirty += (val != init) - (old != init);
    p->trail[n] = (TrailEntry){ loc, old };
    p->ntrail = n + 1;
    p->st[loc] = val;
    p->writes++;
}
/* The trail's length as a mark to pop back to (pos_undo_to): every mark passed to pos_undo_to is
 * taken here, so that the next write keeps the sums of the state as it is (TrailSums). A mark
 * stays good while the trail is not popped below it: the next write after it is at its index. */
static inline int pos_mark(Pos *p) { p->sums_pending = 1; return p->ntrail; }
void pos_undo_to(Pos *p, int mark);         /* pop the trail down to mark (from pos_mark) */
/* A cell written and put on the trail as pos_set puts it, and nothing else kept: not hashed, not
 * in the squares' sets, no stamp. For a move read off the trail at once and taken back by
 * pos_unpoke before anything else reads the position (vm.c: a row of drops listed, whose moves'
 * ops are their one write each). */
void pos_poke(Pos *p, int loc, int32_t val);
void pos_unpoke(Pos *p);                    /* the last pos_poke taken back */
/* A name for the board (the cells) as it is, once pos_start_stamps has been called (only the
 * games that ask pay for it: 1.6 % of connect-four's writes): equal stamps that are not 0 are
 * equal boards. Each write to a cell goes through pos_set, which gives the board a stamp it never
 * had before; a pop puts back the one from before its first write, kept where the sums are (in
 * TrailSums at a mark, in the Undo record of a make), so a stamp names the board of the moment it
 * was given. A pop of writes made before the stamps began gives 0: not known. (pins.c's probe
 * writes two cells off the trail and puts them back, but runs no programs in between.) */
static inline uint64_t pos_board_stamp(const Pos *p) { return p->stamp; }

/* The index into Pos.owned of a square holding w */
static inline int pos_owned_index(int32_t w)
{
    return w ? (int)(((uint32_t)w >> 8) & 0xfu) + 1 : 0;
}
void pos_start_stamps(Pos *p);
/* The transient variables back to their start values (recorded: an unmake takes it back). */
void pos_reset_transient(Pos *p);

static inline int pos_turn(const Pos *p) { return p->st[p->g->st_turn]; }
/* The turn is a throw of the dice: the side to move is a chance player, or the turn-order
 * entry is one a chance player makes (Game.order_chance). Its moves are outcomes, drawn at
 * random; no `end` block judges it. */
static inline int pos_chance_turn(const Pos *p)
{
    const Game *g = p->g;
    if (!g->any_chance) return 0;
    if (game_is_chance(g, pos_turn(p))) return 1;
    if (!g->norder) return 0;
    int32_t i = p->st[g->order_slot];
    return i >= 0 && i < g->norder && g->order_chance[i];
}
/* The player whose result p->result is. */
static inline int pos_result_side(const Pos *p)
{
    return p->result_player >= 0 ? p->result_player : p->st[p->g->st_turn];
}

/* The players still in the game: those who take turns, less the eliminated (Game.st_out). */
static inline uint32_t pos_alive(const Pos *p)
{
    const Game *g = p->g;
    return g->active_players & ~(g->st_out >= 0 ? (uint32_t)p->st[g->st_out] : 0u);
}
/* The player whose moves the side to move makes: itself, or in a turn made as another player
 * (Game.order_as) that player. An index out of the table (a position string may hold anything)
 * makes the turn the side's own. */
static inline int pos_mover(const Pos *p)
{
    const Game *g = p->g;
    if (__builtin_expect(!g->order_as_any, 1)) return p->st[g->st_turn];
    int32_t i = p->st[g->order_slot];
    return i >= 0 && i < g->norder ? g->order_as[i] : p->st[g->st_turn];
}
static inline int32_t pos_piece(const Pos *p, int sq) { return p->st[sq * p->g->stack]; }

void pos_start_history(Pos *p);            /* after setting up a position: it is the first */
/* ... or the game had these positions before it (repetition keys, oldest first) */
void pos_set_history(Pos *p, const uint64_t *earlier, int n);
/* A move is made by make.c (the runtime: it runs the hooks), with these: */
Undo *pos_begin_move(Pos *p, int history);  /* the undo record of a move (history: it pushes one) */
void pos_push_history(Pos *p);              /* the position as it now stands joins the history */
void pos_check_incremental(Pos *p, const char *after);   /* --check-hash: against a recompute */
void pos_unmake(Pos *p);                    /* back to before the latest pos_begin_move */

int pos_royal_square(Pos *p, int player, int *more);   /* -1 if none; *more = 1 if several */
/* Player pl's squares in p->attackers (see above), or NULL when the game keeps none. */
static inline const uint64_t *pos_attacker_squares(const Pos *p, int pl)
{
    return p->attackers ? p->attackers + (size_t)pl * (size_t)p->attacker_words : NULL;
}

/* Stacks: a square holds up to g->stack pieces, bottom (layer 0) up, with no gaps. With
 * `stack 1` these are the single cell. */
static inline int pos_height(const Pos *p, int sq)
{
    const int stack = p->g->stack;
    const int32_t *cell = p->st + sq * stack;
    if (!cell[0]) return 0;                 /* (a stack has a cell: the empty square tested
                                               once, Nemoroth's `height(sq) == 0` walks) */
    int n = 1;
    while (n < stack && cell[n]) n++;
    return n;
}
int pos_top_loc(const Pos *p, int sq);               /* state location of the top piece, or -1 */
int pos_push(Pos *p, int sq, int32_t w);             /* put w on top; 0 if the square is full */
void pos_remove_layer(Pos *p, int sq, int layer);    /* take one piece out; those above move down */
void pos_clear_square(Pos *p, int sq);

void movelist_clear(MoveList *ml);
void movelist_free(MoveList *ml);
/* The move lists' bytes (moves, state writes, text) of the whole process: each growth adds its
 * bytes (movelist_account), movelist_free takes them back; over MAX_LISTS_MIB the VM's next
 * emitted move is a runtime error. */
void movelist_account(long delta);
int movelists_over_bound(void);
Move *movelist_push(MoveList *ml);
MoveList *pos_list(Pos *p, int ply);        /* scratch list for a ply, cleared */

/* Runtime error in rules code: message with the rules file line; jumps to p->on_error. */
void pos_runtime_error(Pos *p, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), noreturn));

#endif
