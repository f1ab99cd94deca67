/* boardscan.c - FORTEST's walk of `board` (boardscan.h).
 *
 * Nemoroth's after-move hook walks the whole board at every make, `for sq in board { if
 * height(sq) > 1 { sort-stack(sq); } }`, and most squares fail the test. Step 28 passed them over
 * eight at a time; on a board of at most 64 squares the writes keep the squares whose cell k
 * holds a piece, for the first MAX_LAYER_SETS layers, and a test of a height is a test of two
 * such cells (height >= lo: cell lo - 1 holds a piece; height <= hi: cell hi does not), so the
 * first square that passes is one bit scan away. A square variable's walk (`if ichor[sq] > 0`)
 * is still made eight squares at a time: a set of its squares not 0, kept by the writes of the
 * variables, cost chess 0.6 % and Four Towers 0.4 % more instructions for 0.6 % fewer in Nemoroth
 * (docs/runtime.md, step 39). The caller charges the squares passed over as the loop would have
 * run them (vm_loop.h). */
#include "boardscan.h"
#include "opcodes.h"
#include "arena.h"
#include "skips.h"
#include <limits.h>
#include <string.h>

/* a result of a set's scan: the sets do not answer this test */
#define NOT_KEPT (-1)

static uint64_t board_mask(int64_t n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }

void boardscan_prepare(Game *g)
{
    g->layer_sets = 0;
    if (g->nsq > 64) return;
    int heights = 0;
    for (int pc = 0; pc < g->ncode; pc += 1 + opcode_info[g->code[pc]].nops)
        if (g->code[pc] == OP_FORTEST && g->lists[g->code[pc + 1]].square_order)
            heights |= opcode_info[g->code[pc + 7]].base != OP_LOADSQ;   /* (vm_loop.h) */
    if (!heights) return;
    g->layer_sets = g->stack < MAX_LAYER_SETS ? g->stack : MAX_LAYER_SETS;
    /* the cells are the locations below st_hands (position.c's writes) */
    g->layer_cell = arena_alloc(&g->arena, sizeof *g->layer_cell * (size_t)g->st_hands);
    for (int loc = 0; loc < g->st_hands; loc++) {
        int sq = loc / g->stack, layer = loc % g->stack;
        g->layer_cell[loc] = (uint16_t)(layer < g->layer_sets && sq < g->nsq ? layer * 64 + sq
                                                                             : MAX_LAYER_SETS * 64);
    }
}

/* height >= lo and height <= hi: cell lo - 1 holds a piece and cell hi does not */
static int64_t first_height(const Pos *p, int64_t j, int64_t n, int64_t lo, int64_t hi,
                            int outside)
{
    const int stack = p->g->stack, kept = p->g->layer_sets;
    const uint64_t board = board_mask(n);
    uint64_t ge, le;
    if (lo <= 0) ge = board;
    else if (lo > stack) ge = 0;
    else if (lo - 1 < kept) ge = p->layer_set[lo - 1];
    else return NOT_KEPT;
    if (hi >= stack) le = board;
    else if (hi < 0) le = 0;
    else if (hi < kept) le = ~p->layer_set[hi];
    else return NOT_KEPT;
    uint64_t pass = ge & le & board;
    if (outside) pass = ~pass & board;
    pass &= ~0ull << j;
    return pass ? __builtin_ctzll(pass) : n;
}

/* Else the squares from j on whose test fails are passed over eight at a time, with no branch
 * inside a block (step 28): the start of the first block with a square that passes, or of the
 * last part block, where the caller's loop goes on one square at a time. A height is tested by
 * whether cell[full] holds a piece and cell[empty] does not, as skip_height's. */
#define SCAN_BLOCK 8
static int64_t scan_ordered_var(const Pos *p, int var_base, int64_t j, int64_t n, int64_t lo,
                                int64_t hi, int outside)
{
    /* the range on int32_t values: a bound past int32_t's is no bound */
    if (lo > INT32_MAX || hi < INT32_MIN || lo > hi) return outside ? j : n;
    int32_t lo32 = lo < INT32_MIN ? INT32_MIN : (int32_t)lo;
    int32_t hi32 = hi > INT32_MAX ? INT32_MAX : (int32_t)hi;
    uint32_t span = (uint32_t)hi32 - (uint32_t)lo32;
    const int32_t *v = p->st + var_base;
#if defined(__GNUC__)
    /* a block as one vector of eight (GCC's and Clang's vector extensions: two SSE2 registers
     * where there is nothing wider), its squares tested at once: the scalar loop took some 30
     * instructions a block, and Nemoroth's after-move walks the board's ichor twice a make */
    typedef uint32_t Half __attribute__((vector_size(4 * sizeof(uint32_t))));
    typedef uint64_t Lanes[2];
    const Half base = { (uint32_t)lo32, (uint32_t)lo32, (uint32_t)lo32, (uint32_t)lo32 };
    const Half width = { span, span, span, span };
    const uint32_t f = outside ? ~0u : 0u;
    const Half flip = { f, f, f, f };
    /* a test that 0 fails (`ichor[sq] > 0`): a block of zeros fails it whole, and one OR of
     * four blocks tells (Nemoroth's after-move at every legality test: most squares are 0;
     * step 49) */
    if (!outside && (lo32 > 0 || hi32 < 0))
        for (; j + 4 * SCAN_BLOCK <= n; j += 4 * SCAN_BLOCK) {
            Half o = { 0, 0, 0, 0 };
            for (int k = 0; k < 8; k++) {
                Half a;
                memcpy(&a, v + j + 4 * k, sizeof a);
                o |= a;
            }
            Lanes l;
            memcpy(&l, &o, sizeof l);
            if (l[0] | l[1]) break;
        }
    for (; j + SCAN_BLOCK <= n; j += SCAN_BLOCK) {
        Half a, b;
        memcpy(&a, v + j, sizeof a);
        memcpy(&b, v + j + 4, sizeof b);
        Half hit = (((Half)((a - base) <= width)) ^ flip) | (((Half)((b - base) <= width)) ^ flip);
        Lanes l;
        memcpy(&l, &hit, sizeof l);
        if (l[0] | l[1]) break;
    }
#else
    for (; j + SCAN_BLOCK <= n; j += SCAN_BLOCK) {
        unsigned hit = 0;
        for (int k = 0; k < SCAN_BLOCK; k++)
            hit |= ((uint32_t)v[j + k] - (uint32_t)lo32 <= span) ^ (unsigned)outside;
        if (hit) break;
    }
#endif
    return j;
}

static int64_t scan_ordered_height(const Pos *p, int64_t j, int64_t n, int64_t lo, int64_t hi,
                                   int outside)
{
    const int stack = p->g->stack;
    if (lo > stack || hi < 0 || lo > hi || (lo <= 0 && hi >= stack)) return j;  /* skip_height's */
    int full = lo <= 0 ? -1 : (int)lo - 1;           /* the cell that must hold a piece */
    int empty = hi >= stack ? -1 : (int)hi;          /* the one that must be empty */
    /* branch-free: a cell not asked about is read at 0 and its answer overridden */
    const unsigned no_full = full < 0, no_empty = empty < 0;
    if (no_full) full = 0;
    if (no_empty) empty = 0;
    const int32_t *cell = p->st + j * stack;
    if (no_empty)                  /* `height(s) > k` (the usual test): one cell a square */
        for (; j + SCAN_BLOCK <= n; j += SCAN_BLOCK, cell += SCAN_BLOCK * stack) {
            unsigned hit = 0;
            for (int k = 0; k < SCAN_BLOCK; k++)
                hit |= (cell[k * stack + full] != 0) ^ (unsigned)outside;
            if (hit) break;
        }
    else
        for (; j + SCAN_BLOCK <= n; j += SCAN_BLOCK, cell += SCAN_BLOCK * stack) {
            unsigned hit = 0;
            for (int k = 0; k < SCAN_BLOCK; k++)
                hit |= (((cell[k * stack + full] != 0) | no_full) &
                        (cell[k * stack + empty] == 0)) ^ (unsigned)outside;
            if (hit) break;
        }
    return j;
}

int64_t boardscan_first(const Pos *p, const int32_t *item, int var_base, int64_t j, int64_t n,
                        int64_t lo, int64_t hi, int outside)
{
    if (var_base < 0) {
        int64_t k = p->g->layer_sets ? first_height(p, j, n, lo, hi, outside) : NOT_KEPT;
        if (k != NOT_KEPT) return k;
        return skip_height(p, item, scan_ordered_height(p, j, n, lo, hi, outside), n, lo, hi,
                           outside);
    }
    uint64_t span = (uint64_t)hi - (uint64_t)lo;
    for (j = scan_ordered_var(p, var_base, j, n, lo, hi, outside); j < n; j++) {
        int64_t val = p->st[var_base + j];
        if (((uint64_t)val - (uint64_t)lo <= span) != outside) break;
    }
    return j;
}
