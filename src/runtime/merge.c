/* merge.c - `distinct`: which of the moves that reach one state is kept (see merge.h). */
#include <stdlib.h>
#include <string.h>
#include "merge.h"
#include "oom.h"
#include "movetext.h"

uint64_t merge_emit_hash(const Pos *p, const Move *m)
{
    /* The hooks that run when the move is made (after-move, reset variables, `on capture`)
     * read only the state and these fields, so equal hashes make equal states. Without
     * `moves distinct`, only moves of one `distinct { }` block are merged: its number counts. */
    uint64_t a = (uint64_t)(uint16_t)m->from | (uint64_t)(uint16_t)m->to << 16
               | (uint64_t)m->kind << 32 | (uint64_t)m->become << 40 | (uint64_t)m->layer << 48
               | (uint64_t)m->again << 56 | (uint64_t)m->hand << 57;
    uint64_t b = (uint64_t)(uint32_t)m->piece | (uint64_t)(p->g->distinct ? 0 : m->group) << 32;
    return p->hash ^ mix64(a ^ 0x5851f42d4c957f2dull) ^ mix64(b + 0x14057b7ef767814full);
}

static void grow(MoveList *ml)
{
    uint32_t cap = ml->merge_cap ? 2 * ml->merge_cap : 1024;
    int32_t *slot = calloc(cap, sizeof *slot);
    uint64_t *hash = malloc(sizeof *hash * cap);
    uint32_t *pos = malloc(sizeof *pos * (cap / 2));
    if (!slot || !hash || !pos) out_of_memory("the table of merged moves");
    for (uint32_t i = 0, n = 0; i < ml->merge_cap; i++) {
        if (!ml->merge_slot[i]) continue;
        uint32_t j = (uint32_t)ml->merge_hash[i] & (cap - 1);
        while (slot[j]) j = (j + 1) & (cap - 1);
        slot[j] = ml->merge_slot[i]; hash[j] = ml->merge_hash[i]; pos[n++] = j;
    }
    free(ml->merge_slot); free(ml->merge_hash); free(ml->merge_pos);
    ml->merge_slot = slot; ml->merge_hash = hash; ml->merge_pos = pos; ml->merge_cap = cap;
}

int merge_lookup(MoveList *ml, uint64_t h, int idx)
{
    if (2 * (ml->merge_used + 1) > ml->merge_cap) grow(ml);     /* at most half full */
    uint32_t mask = ml->merge_cap - 1, j = (uint32_t)h & mask;
    for (; ml->merge_slot[j]; j = (j + 1) & mask)
        if (ml->merge_hash[j] == h) return ml->merge_slot[j] - 1;
    ml->merge_slot[j] = idx + 1; ml->merge_hash[j] = h; ml->merge_pos[ml->merge_used++] = j;
    return -1;
}

void merge_clear(MoveList *ml)
{
    /* the table keeps its largest size: a list of a few moves clears their slots, not all of
     * it (Nemoroth's screams grew it at some node, and each clear was a memset of it: step 49) */
    if (16 * ml->merge_used < ml->merge_cap)
        for (uint32_t i = 0; i < ml->merge_used; i++) ml->merge_slot[ml->merge_pos[i]] = 0;
    else memset(ml->merge_slot, 0, sizeof *ml->merge_slot * ml->merge_cap);
    ml->merge_used = 0;
}

int merge_prefer(const Game *g, const MoveList *ml, const Move *a, const Move *b)
{
    if (a->key != b->key) return a->key < b->key;
    int smallest = a->group ? (int)(a->group & 1) : g->distinct_smallest;
    if (!smallest) return 0;                             /* the first generated stays */
    char sa[MOVE_STR_MAX], sb[MOVE_STR_MAX];
    move_string(g, ml, a, sa, sizeof sa);
    move_string(g, ml, b, sb, sizeof sb);
    return strcmp(sa, sb) < 0;
}
