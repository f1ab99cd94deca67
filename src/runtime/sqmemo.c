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
/* The key in words of 64 bits: the square and the mover; the stack's four cells, two a word (a
 * stack's height is where its cells turn 0); the square variables' two values; the outer
 * locals */
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

/* The stack of sq as two key words, its first four cells (a stack has no gaps: zeros above its
 * height); 0 where it holds more than SQMEMO_MAX_HEIGHT pieces */
static int stack_words(const Pos *p, int64_t sq, uint64_t *w)
{
    const int stack = p->g->stack;
    const int32_t *cell = p->st + sq * stack;
    if (stack > SQMEMO_MAX_HEIGHT) {
        if (cell[SQMEMO_MAX_HEIGHT]) return 0;
        w[0] = pair(cell[0], cell[1]);
        w[1] = pair(cell[2], cell[3]);
        return 1;
    }
    int32_t c[SQMEMO_MAX_HEIGHT] = { 0 };     /* (cells past the stack are the next square's) */
    for (int h = 0; h < stack && cell[h]; h++) c[h] = cell[h];
    w[0] = pair(c[0], c[1]);
    w[1] = pair(c[2], c[3]);
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

/* The key: the square and the mover, the stack's two words, the square variables' values, the
 * outer locals (KEY_OUTER + nouter words; a site's keys all have as many). Its slot: 16 for
 * each square and side to move, one of them by multiplies of the rest (the key is compared
 * whole: this only places it). */
int sqmemo_enter(Pos *p, int site, int64_t *L, int mover, long steps_now, long *steps)
{
    const Game *g = p->g;
    if (!p->sqmemo || !p->sqmemo->table[site]) start(p, site);
    struct SqMemo *m = p->sqmemo;
    m->pending = NULL;
    const SqMemoSite *ms = &g->sqmemo_sites[site];
    int64_t sq = L[ms->sq_slot];
    uint64_t key[KEY_WORDS];
    if ((uint64_t)sq >= (uint64_t)g->nsq || !stack_words(p, sq, key + 1)) return 0;
    key[0] = pair((int32_t)sq, mover);
    key[KEY_VARS] = ms->nvars ? pair(p->st[ms->var_base[0] + sq],
                                     ms->nvars > 1 ? p->st[ms->var_base[1] + sq] : 0) : 0;
    uint64_t x = key[1] ^ key[2] * 0xc2b2ae3d27d4eb4full ^ key[3] * 0xd6e8feb86659fd93ull;
    const int nouter = ms->nouter, n = KEY_OUTER + nouter;
    int32_t outer[SQMEMO_MAX_OUTER];
    memcpy(outer, ms->outer, sizeof outer);
    for (int i = 0; i < nouter; i++) {
        uint64_t v = (uint64_t)L[outer[i]];
        key[KEY_OUTER + i] = v;
        x ^= v * (0x9e3779b97f4a7c15ull + 2 * (uint64_t)i);
    }
    x *= 0xff51afd7ed558ccdull;
    unsigned slot = ((unsigned)sq * 32 + (unsigned)(mover & 1) * 16 + (unsigned)(x >> 60)) &
                    (SQMEMO_ENTRIES - 1);
    SqMemoEntry *e = &m->table[site][slot];
    uint64_t differ = (uint64_t)(e->valid ^ 1);
    for (int i = 0; i < KEY_OUTER; i++) differ |= e->key[i] ^ key[i];
    for (int i = KEY_OUTER; i < n; i++) differ |= e->key[i] ^ key[i];
    if (!differ) {
        int32_t *cell = p->st + sq * g->stack;
        for (int l = 0; l < SQMEMO_MAX_HEIGHT && e->cell[l]; l++)
            if (cell[l] != e->cell[l]) pos_set(p, (int)(sq * g->stack) + l, e->cell[l]);
        for (int i = 0; i < nouter; i++) L[outer[i]] = e->out[i];
        *steps = e->steps;
        return 1;
    }
    memcpy(e->key, key, sizeof *key * (size_t)n);
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
