/* puresites.c - the tables of pure calls keyed by the code their calls run (docs/runtime.md
 * step 44). The compiler gives every call of a function with the same constants one table
 * (purecall.c); jump threading (jumps.c) then threads a jump of a call's code out of it as it
 * does anywhere else (to the caller's `PUSH k; JZ` or `JMP` after the call), so calls of one
 * function may run different code and charge different steps. Here the calls whose code is
 * the same, word for word (jump targets inside it at the same place, jumps out of it to
 * anywhere, inner calls of the same tables), share a table; the others get their own. An entry
 * keeps where its code goes on (puretab.h), so a table's steps are its calls' own. Past
 * PURE_MAX_TOTAL entries in all, a call gets a table that answers nothing: its code runs. */
#include <stdlib.h>
#include <string.h>
#include "compiler.h"
#include "opcodes.h"
#include "oom.h"
#include "puretab.h"

/* Is t, a jump target of site s's code, inside it (its end included)? */
static int inside(const PureSite *s, int t) { return t >= s->start && t <= s->end; }

/* Are locals x of one call and y of the other the same under the renaming seen so far (ab, ba:
 * -1 where not yet paired)? Pairs them if neither is paired yet. */
static int same_local(int8_t *ab, int8_t *ba, int32_t x, int32_t y)
{
    if (x < 0 || x >= MAX_LOCALS || y < 0 || y >= MAX_LOCALS) return x == y;
    if (ab[x] < 0 && ba[y] < 0) { ab[x] = (int8_t)y; ba[y] = (int8_t)x; return 1; }
    return ab[x] == y && ba[y] == x;
}

/* Do sites a and b (of one table) run the same code? `table` holds the new table of each site
 * already keyed (-1 not yet). Their locals may be others (a function's parameters are fresh
 * locals of the program it is called in), as long as one is renamed into the other throughout:
 * a table's run reads and writes them alone (puretab.c). */
static int same_code(const Game *g, const PureSite *a, const PureSite *b, const int *table)
{
    const int32_t *code = g->code;
    const int n = a->end - a->start;
    int8_t ab[MAX_LOCALS], ba[MAX_LOCALS];
    memset(ab, -1, sizeof ab); memset(ba, -1, sizeof ba);
    if (b->end - b->start != n || a->nslots != b->nslots) return 0;
    for (int i = 0; i < a->nslots; i++) if (!same_local(ab, ba, a->slot[i], b->slot[i])) return 0;
    for (int i = 0; i < n;) {
        const int op = opcode_info[code[a->start + i]].base;
        if (code[a->start + i] != code[b->start + i]) return 0;
        const OpcodeInfo *oi = &opcode_info[op];
        for (int k = 1; k <= oi->nops; k++) {
            const int32_t x = code[a->start + i + k], y = code[b->start + i + k];
            if (op == OP_PURECALL || op == OP_PURELOCALS) {
                const PureSite *ia = &g->pure_sites[x], *ib = &g->pure_sites[y];
                if (table[x] < 0 || table[x] != table[y] ||
                    ia->start - a->start != ib->start - b->start ||
                    ia->end - a->start != ib->end - b->start)
                    return 0;
            } else if (op == OP_LOAD || op == OP_STORE) {
                if (!same_local(ab, ba, x, y)) return 0;
            } else if (k == oi->jump) {
                if (inside(a, x) != inside(b, y)) return 0;
                if (inside(a, x) && x - a->start != y - b->start) return 0;
            } else if (x != y) return 0;
        }
        i += 1 + oi->nops;
    }
    return 1;
}

/* A copy of table t's shape with its own entries (all not worked out yet); one that answers
 * nothing (one entry, unknown: the call's code runs) when `answers` is 0 */
static int new_table(PureTable **tabs, int *n, const PureTable *t, int answers)
{
    *tabs = xrealloc(*tabs, sizeof **tabs * (size_t)(*n + 1), "the tables of pure calls");
    PureTable *nt = &(*tabs)[*n];
    *nt = *t;
    if (!answers) {
        for (int i = 0; i < nt->nargs; i++) nt->vary[i] = 0;
        nt->nglob = 0;
        nt->nentries = 1;
    }
    puretab_keys(nt);
    nt->entry = xcalloc((size_t)nt->nentries, sizeof *nt->entry, "a table of pure calls");
    if (!answers) nt->entry[0] = PURE_UNKNOWN;
    return (*n)++;
}

void puretab_key_by_code(Game *g)
{
    const int ns = g->npure_sites;
    if (!ns) return;
    int *table = xmalloc(sizeof *table * (size_t)ns, "the tables of pure calls");
    PureTable *tabs = NULL;
    int ntabs = 0;
    long total = 0;
    for (int s = 0; s < ns; s++) table[s] = -1;
    /* the last first: a call inside another's code was compiled after it, so it is keyed first */
    for (int s = ns - 1; s >= 0; s--) {
        const PureSite *ps = &g->pure_sites[s];
        for (int r = s + 1; r < ns && table[s] < 0; r++)
            if (g->pure_sites[r].table == ps->table && same_code(g, ps, &g->pure_sites[r], table))
                table[s] = table[r];
        if (table[s] >= 0) continue;
        const PureTable *t = &g->pure_tables[ps->table];
        const int answers = total + t->nentries <= PURE_MAX_TOTAL;
        total += answers ? t->nentries : 1;
        table[s] = new_table(&tabs, &ntabs, t, answers);
    }
    for (int t = 0; t < g->npure_tables; t++) free(g->pure_tables[t].entry);
    free(g->pure_tables);
    g->pure_tables = tabs; g->npure_tables = ntabs;
    for (int s = 0; s < ns; s++) {
        PureSite *ps = &g->pure_sites[s];
        const PureTable *t = &tabs[table[s]];
        ps->table = table[s];
        ps->entry = t->entry;
        ps->nargs = t->nargs;
        ps->nkeys = t->nkeys;
        ps->nst = 0;
        for (int k = 0; k < t->nkeys; k++) {
            const int arg = t->key_arg[k];
            PureKey *ky = &ps->key[k];
            if (arg >= t->nargs) {       /* a global (puretab_keys puts them first) */
                ky->at = g->vars[t->gvar[arg - t->nargs]].base;
                ps->nst++;
            } else ky->at = ps->nslots ? ps->slot[arg] : t->nargs - arg;
            ky->lo = t->key_lo[k];
            ky->size = t->key_size[k];
            ky->stride = t->key_stride[k];
        }
        ps->shape = ps->nst ? PURE_SHAPE_LOOP : t->nkeys == 1 ? PURE_SHAPE_1 :
                    t->nkeys == 2 ? PURE_SHAPE_2 : t->nkeys == 3 ? PURE_SHAPE_3 : PURE_SHAPE_LOOP;
        /* (an entry that goes on past the end: the code there is final, compile.c) */
        ps->end_store = ps->end + 1 < g->ncode && g->code[ps->end] == OP_STORE
                        ? g->code[ps->end + 1] : -1;
        /* `let t = <pure>; if t != none {`: the test of the value stored, in the same dispatch */
        const int32_t *test = g->code + ps->end + 2;
        ps->end_test = 0;
        if (ps->end_store >= 0 && ps->end + 2 + 6 < g->ncode &&
            (test[0] == OP_LOAD_PUSH_EQ_JZ || test[0] == OP_LOAD_PUSH_NE_JZ) &&
            test[1] == ps->end_store) {
            ps->end_test = test[0]; ps->end_test_k = test[3]; ps->end_test_to = test[6];
        }
    }
    free(table);
}
