/* sqmemo.c - the effects of board walks' bodies kept by the words they read (docs/runtime.md
 * step 54).
 *
 * src/lang/squarelocal.c lets a hook's `for sq in board` body be kept where what it does to the
 * state and to the locals from outside it is a function of: sq, the mover, the height and the
 * pieces of sq's stack, the square variables it reads at sq and those outer locals. The key is
 * all of them, compared whole (not a hash of them): equal keys, equal effects, as the
 * interpreter runs the same instructions on the same words. An entry holds the stack's words
 * after the body, the outer locals' values, and the steps the body ran, which a hit charges.
 * Nemoroth's `turn-start` walks some 32 pieces a run, and a move changes a few squares: most
 * squares are answered from here. */
#include "sqmemo.h"
#include <stdlib.h>
#include <string.h>
#include "oom.h"

enum { SQMEMO_ENTRIES = 2048 };                        /* a site's, direct-mapped */
/* The key in words of 64 bits, always all of them (unused ones 0): the square and the mover;
 * the stack's four cells, two a word (a stack's height is where its cells turn 0); the square
 * variables' two values; the outer locals */
enum { KEY_VARS = 3, KEY_OUTER = 4, KEY_WORDS = KEY_OUTER + SQMEMO_MAX_OUTER };

typedef struct {
    uint64_t key[KEY_WORDS];
    int32_t cell[SQMEMO_MAX_HEIGHT];   /* the stack after the body */
    int64_t out[SQMEMO_MAX_OUTER];     /* the outer locals after it */
    long steps;
    int valid;
} SqMemoEntry;

struct SqMemo {
    SqMemoEntry **table;               /* by site, each allocated at its first use */
    int nsites;
    SqMemoEntry *pending;              /* the entry the body running will fill, or NULL */
    int pending_site;
    long pending_steps;
};

static uint64_t pair(int32_t a, int32_t b) { return (uint32_t)a | (uint64_t)(uint32_t)b << 32; }

/* The key of site for the words as they are, and its slot; 0 where the body is not kept here
 * (a stack above SQMEMO_MAX_HEIGHT, a square off the board). A multiply a word spreads the key
 * over the slots (it is compared whole: this only places it). */
static int make_key(const Pos *p, const SqMemoSite *ms, const int64_t *L, int mover,
                    uint64_t *key, unsigned *slot)
{
    const Game *g = p->g;
    int64_t sq = L[ms->sq_slot];
    if ((uint64_t)sq >= (uint64_t)g->nsq) return 0;
    const int32_t *cell = p->st + sq * g->stack;
    int32_t c[SQMEMO_MAX_HEIGHT] = { 0 };
    int h = 0;
    while (h < g->stack && cell[h]) {
        if (h == SQMEMO_MAX_HEIGHT) return 0;
        c[h] = cell[h];
        h++;
    }
    memset(key, 0, sizeof *key * KEY_WORDS);
    key[0] = pair((int32_t)sq, mover);
    key[1] = pair(c[0], c[1]);
    key[2] = pair(c[2], c[3]);
    if (ms->nvars) key[KEY_VARS] = pair(p->st[ms->var_base[0] + sq],
                                        ms->nvars > 1 ? p->st[ms->var_base[1] + sq] : 0);
    uint64_t x = key[0] * 0x9e3779b97f4a7c15ull ^ key[1] * 0xc2b2ae3d27d4eb4full ^
                 key[2] * 0x165667b19e3779f9ull ^ key[3] * 0xd6e8feb86659fd93ull;
    for (int i = 0; i < ms->nouter; i++) {
        key[KEY_OUTER + i] = (uint64_t)L[ms->outer[i]];
        x = (x ^ key[KEY_OUTER + i]) * 0xff51afd7ed558ccdull;
    }
    x ^= x >> 29;
    *slot = (unsigned)((x * 0xbf58476d1ce4e5b9ull) >> 40) & (SQMEMO_ENTRIES - 1);
    return 1;
}

static void __attribute__((noinline, cold)) start(Pos *p, int site)
{
    struct SqMemo *m = p->sqmemo;
    if (!m) {
        m = p->sqmemo = calloc(1, sizeof *m);
        if (m) m->table = calloc((size_t)p->g->nsqmemo_sites, sizeof *m->table);
        if (!m || !m->table) out_of_memory("the kept effects of board walks");
        m->nsites = p->g->nsqmemo_sites;
    }
    if (!m->table[site]) {
        m->table[site] = calloc(SQMEMO_ENTRIES, sizeof *m->table[site]);
        if (!m->table[site]) out_of_memory("the kept effects of board walks");
    }
}

int sqmemo_enter(Pos *p, int site, int64_t *L, int mover, long steps_now, long *steps)
{
    const Game *g = p->g;
    if (!p->sqmemo || !p->sqmemo->table[site]) start(p, site);
    struct SqMemo *m = p->sqmemo;
    m->pending = NULL;
    const SqMemoSite *ms = &g->sqmemo_sites[site];
    uint64_t key[KEY_WORDS];
    unsigned slot;
    if (!make_key(p, ms, L, mover, key, &slot)) return 0;
    SqMemoEntry *e = &m->table[site][slot];
    uint64_t differ = (uint64_t)(e->valid ^ 1);
    for (int i = 0; i < KEY_WORDS; i++) differ |= e->key[i] ^ key[i];
    if (!differ) {
        int32_t *cell = p->st + L[ms->sq_slot] * g->stack;
        for (int l = 0; l < SQMEMO_MAX_HEIGHT && e->cell[l]; l++)
            if (cell[l] != e->cell[l]) pos_set(p, (int)(cell - p->st) + l, e->cell[l]);
        for (int i = 0; i < ms->nouter; i++) L[ms->outer[i]] = e->out[i];
        *steps = e->steps;
        return 1;
    }
    memcpy(e->key, key, sizeof e->key);
    e->valid = 0;
    m->pending = e;
    m->pending_site = site;
    m->pending_steps = steps_now;
    return 0;
}

void sqmemo_leave(Pos *p, int site, const int64_t *L, long steps_now)
{
    struct SqMemo *m = p->sqmemo;
    if (!m || !m->pending || m->pending_site != site) return;
    SqMemoEntry *e = m->pending;
    m->pending = NULL;
    const Game *g = p->g;
    const SqMemoSite *ms = &g->sqmemo_sites[site];
    int64_t sq = L[ms->sq_slot];
    if ((uint64_t)sq >= (uint64_t)g->nsq || (uint32_t)e->key[0] != (uint32_t)sq) return;
    const int32_t *cell = p->st + sq * g->stack;
    for (int l = 0; l < SQMEMO_MAX_HEIGHT; l++) {
        /* the body writes piece variables only: the stack keeps its height (squarelocal.c) */
        int32_t before = (int32_t)(e->key[1 + l / 2] >> (l % 2 * 32));
        if ((before != 0) != (l < g->stack && cell[l] != 0)) return;
        e->cell[l] = before ? cell[l] : 0;
    }
    for (int i = 0; i < ms->nouter; i++) e->out[i] = L[ms->outer[i]];
    e->steps = steps_now - m->pending_steps;
    e->valid = 1;
}

void sqmemo_free(Pos *p)
{
    struct SqMemo *m = p->sqmemo;
    if (!m) return;
    if (m->table)
        for (int i = 0; i < m->nsites; i++) free(m->table[i]);
    free(m->table);
    free(m);
    p->sqmemo = NULL;
}
