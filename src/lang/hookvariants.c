/* hookvariants.c - `after-move` compiled once more for each mover, type of the moving piece,
 * and capture or not, where its `if`s ask those (chess's: `if move.piece is Pawn ...`, `if
 * mover == Black ...`, `if move.piece is Pawn or move.captured != none ...`). Each variant is
 * the hook with those conditions decided (codegen.c, decide): the branches that cannot run are
 * not there, and a make runs the variant of its move (make.c). The hook runs at every make of
 * the search and of perft; its tests were a third of it in chess. */
#include <stdint.h>
#include <string.h>
#include "compiler.h"

/* More cases than this, and the hook is run as it is: the programs' table (1024) and the
 * code are shared with everything else. Nor where the variants' code would pass
 * MAX_VARIANT_CODE words: a word compiled costs some 400 instructions, and a large hook's
 * tests are a small part of its run (Nemoroth's, 1200 words, asks only `mover ==`: its two
 * variants cost 1.6 M instructions a load, 6 % of a perft 1, and gained nothing). */
#define MAX_VARIANTS 128
#define MAX_VARIANT_CODE 2048

/* The questions the hook's own code asks (not the procedures it calls, which the variants
 * leave alone), at most MAX_ASKED. Returns how many, or -1 if more. */
#define MAX_ASKED 30
static int asked(Compiler *C, Ast *e, Question *out, int n)
{
    if (!e || n < 0) return n;
    Question q;
    if (codegen_question(C, e, &q)) {
        if (n == MAX_ASKED) return -1;
        out[n++] = q;
        return n;
    }
    for (int i = 0; i < e->nkids && n >= 0; i++) n = asked(C, e->kids[i], out, n);
    return n;
}

/* The facts' answers to the questions asked: variants with the same answers are one */
static uint32_t answers(const Compiler *C, const Question *q, int n)
{
    uint32_t key = 0;
    for (int i = 0; i < n; i++) key |= (uint32_t)codegen_answer(C, &q[i]) << i;
    return key;
}

void compile_after_move_variants(Compiler *C, Ast **decls, int nd)
{
    Game *g = C->g;
    g->after_move_variant = NULL;
    int generic = g->hook_fn[HOOK_AFTER_MOVE];
    Ast *body = NULL;
    for (int i = 0; i < nd; i++)
        if (decls[i]->kind == AST_HOOK && decls[i]->num == HOOK_AFTER_MOVE && decls[i]->nkids)
            body = decls[i]->kids[0];
    if (generic < 0 || !body) return;
    int nv = g->nplayers * (g->ntypes + 1) * 2;
    long size = g->fns[generic].end - g->fns[generic].entry;
    if (nv > MAX_VARIANTS || g->nfns + nv > 1024 - 16 || g->ncode + size * nv > MAX_CODE / 4)
        return;
    Question cond[MAX_ASKED];
    int ncond = asked(C, body, cond, 0);
    if (ncond <= 0) return;
    /* the cases' answers, and how many differ */
    uint32_t key[MAX_VARIANTS];
    int distinct = 0;
    for (int pl = 0, i = 0; pl < g->nplayers; pl++)
        for (int t = 0; t <= g->ntypes; t++)
            for (int cap = 0; cap < 2; cap++, i++) {
                C->fact_mover = pl; C->fact_type = t; C->fact_captured = cap;
                key[i] = answers(C, cond, ncond);
                int j = 0;
                while (j < i && key[j] != key[i]) j++;
                distinct += j == i;
            }
    if (size * distinct > MAX_VARIANT_CODE) return;
    /* (a variant says nothing a compile of the hook did not say already) */
    Diag *diag = C->diag, quiet = *diag;
    quiet.errors = quiet.warnings = 0;
    quiet.max_errors = quiet.max_warnings = -1;
    C->diag = &quiet;
    int full = C->full;
    int *fn = arena_alloc(&g->arena, sizeof *fn * (size_t)nv);
    for (int pl = 0, i = 0; pl < g->nplayers; pl++)
        for (int t = 0; t <= g->ntypes; t++)
            for (int cap = 0; cap < 2; cap++, i++) {
                C->facts = 1; C->fact_mover = pl; C->fact_type = t; C->fact_captured = cap;
                fn[i] = -1;
                for (int j = 0; j < i && fn[i] < 0; j++) if (key[j] == key[i]) fn[i] = fn[j];
                if (fn[i] < 0)
                    fn[i] = compile_function(C, g->fns[generic].name, FN_HOOK, HOOK_AFTER_MOVE,
                                             body, NULL, NULL);
                C->facts = 0;
            }
    C->diag = diag;
    C->full = full;
    if (!quiet.errors) g->after_move_variant = fn;
}
