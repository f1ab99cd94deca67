/* gencheck.c - the search generates a node's moves in parts: `no-moves` in the end block stops
 * at the first legal move, even inside a program's run (which gen_rest makes again, skipping the
 * moves it has), and the quiescence search then asks only for the programs that can capture.
 * This check, run at every node above the last ply of a perft with --check-gen and of every
 * `.test` case, generates the moves all three ways and compares them with the plain generation:
 * the stopped-and-resumed list must be the plain list, move for move (also when stopped again
 * halfway, where the search stops for the hash table's move: gen_more); the captures-only list
 * must hold the plain list's captures in the same order; the first legal move must exist
 * exactly when the legal list is not empty. At the last ply, where perft only counts the moves
 * (node_count_legal), the count and the result are compared with the listed moves' instead,
 * and where every move is legal and none merges the work charged too (gencheck_count). */
#include "gencheck.h"
#include <string.h>
#include "movegen.h"
#include "vm.h"
#include "oom.h"

#define FIRST_CHECK_LIST 100     /* p's scratch lists from here on (perft plies are at most 30) */

/* `distinct { }` blocks are numbered by a count that runs on across lists, so two lists
 * number the same blocks differently: the numbers must correspond one to one (and say
 * `smallest` alike, the low bit). `map` pairs them: an open-addressing table of cap entries. */
typedef struct { uint32_t *from, *to; int cap; } GroupMap;

static int same_group(GroupMap *gm, uint32_t x, uint32_t y)
{
    if (!x || !y || (x & 1) != (y & 1)) return x == y;
    for (int i = (int)(mix64(x) & (uint64_t)(gm->cap - 1));; i = (i + 1) & (gm->cap - 1)) {
        if (!gm->from[i]) { gm->from[i] = x; gm->to[i] = y; return 1; }
        if (gm->from[i] == x) return gm->to[i] == y;
    }
}

static int same_move(const MoveList *a, const Move *x, const MoveList *b, const Move *y,
                     GroupMap *gm)
{
    if (x->kind != y->kind || x->from != y->from || x->to != y->to || x->become != y->become ||
        x->layer != y->layer || x->piece != y->piece || x->captured != y->captured ||
        x->again != y->again || x->suffix != y->suffix || x->key != y->key ||
        !same_group(gm, x->group, y->group) || x->nops != y->nops || x->nnote != y->nnote ||
        x->nqual != y->nqual)
        return 0;
    /* (a list with no ops or text yet has NULL arrays: memcmp must not see them) */
    size_t opsize = sizeof *a->ops * 2 * x->nops;
    return (!x->nops || !memcmp(a->ops + 2 * x->op0, b->ops + 2 * y->op0, opsize)) &&
           (!x->nnote || !memcmp(a->text + x->note0, b->text + y->note0, x->nnote)) &&
           (!x->nqual || !memcmp(a->text + x->qual0, b->text + y->qual0, x->nqual));
}

static void same_list(Pos *p, const MoveList *plain, const MoveList *parts, GroupMap *gm,
                      const char *how)
{
    if (parts->n != plain->n)
        pos_runtime_error(p, 0, "internal error: generation %s gave %d moves, the plain "
                          "generation %d", how, parts->n, plain->n);
    for (int i = 0; i < plain->n; i++)
        if (!same_move(plain, &plain->m[i], parts, &parts->m[i], gm))
            pos_runtime_error(p, 0, "internal error: generation %s differs from the plain "
                              "generation at move %d", how, i + 1);
}

static int is_capture(const Move *m) { return m->kind == MK_MOVE && m->captured; }

void gencheck_node(Pos *p, int ply)
{
    MoveList *plain = pos_list(p, FIRST_CHECK_LIST + ply);
    MoveList *resumed = pos_list(p, FIRST_CHECK_LIST + ply + 1);
    MoveList *captures = pos_list(p, FIRST_CHECK_LIST + ply + 2);
    MoveList *legal = pos_list(p, FIRST_CHECK_LIST + ply + 3);
    gen_pseudo(p, plain);
    /* (kept from node to node, and never freed: a runtime error may end the check anywhere) */
    static GroupMap gm;
    if (gm.cap < 2 * plain->n + 2) {
        while (gm.cap < 2 * plain->n + 2) gm.cap = gm.cap ? 2 * gm.cap : 1024;
        gm.from = xrealloc(gm.from, sizeof *gm.from * (size_t)gm.cap, "the check's group numbers");
        gm.to = xrealloc(gm.to, sizeof *gm.to * (size_t)gm.cap, "the check's group numbers");
    }
    memset(gm.from, 0, sizeof *gm.from * (size_t)gm.cap);
    int first = gen_first_legal(p, resumed);
    gen_rest(p, resumed);
    same_list(p, plain, resumed, &gm, "stopped and resumed");
    /* ... and stopped again where the search wants the hash table's move (gen_more) */
    memset(gm.from, 0, sizeof *gm.from * (size_t)gm.cap);
    gen_first_legal(p, resumed);
    gen_more(p, resumed, plain->n / 2 + 1);
    gen_rest(p, resumed);
    same_list(p, plain, resumed, &gm, "stopped at the middle and resumed");
    memset(gm.from, 0, sizeof *gm.from * (size_t)gm.cap);
    gen_first_legal(p, captures);
    gen_rest_captures(p, captures);
    int j = 0;
    for (int i = 0; i < plain->n; i++) {
        if (!is_capture(&plain->m[i])) continue;
        while (j < captures->n && !is_capture(&captures->m[j])) j++;
        if (j == captures->n || !same_move(plain, &plain->m[i], captures, &captures->m[j], &gm))
            pos_runtime_error(p, 0, "internal error: the captures-only generation lacks capture "
                              "%d of the plain generation", i + 1);
        j++;
    }
    while (j < captures->n && !is_capture(&captures->m[j])) j++;
    if (j < captures->n)
        pos_runtime_error(p, 0, "internal error: the captures-only generation has a capture "
                          "the plain generation has not");
    gen_legal(p, legal);
    if (first != (legal->n > 0))
        pos_runtime_error(p, 0, "internal error: the first legal move was %sfound, and the "
                          "legal moves are %d", first ? "" : "not ", legal->n);
}

void gencheck_count(Pos *p, int ply, int counted, long work)
{
    int result = p->result, reason = p->result_reason, player = p->result_player;
    MoveList *plain = pos_list(p, FIRST_CHECK_LIST + ply);
    long work0 = vm_work(p);
    node_moves_unnamed(p, plain);
    /* where every move is legal, the count charges what the list does: the programs' moves
     * counted (step 32) and their tails counted without being run (counttail.c) alike */
    if (node_count_charges_as_listed(p->g) && vm_work(p) - work0 != work)
        pos_runtime_error(p, 0, "internal error: the last ply's count charged %ld steps of work, "
                          "the list %ld", work, vm_work(p) - work0);
    if (plain->n != counted || p->result != result || p->result_reason != reason ||
        p->result_player != player)
        pos_runtime_error(p, 0, "internal error: the last ply's count is %d moves (result %d), "
                          "the list's %d (result %d)", counted, result, plain->n, p->result);
}
