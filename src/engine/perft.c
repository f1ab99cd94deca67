/* perft.c - see perft.h. A finished game has no moves, so perft counts nothing below it. */
#include "perft.h"
#include "make.h"
#include "gencheck.h"
#include "movegen.h"
#include "vm.h"

volatile sig_atomic_t perft_stop;

uint64_t perft(Pos *p, int depth, int ply)
{
    if (depth <= 0) return 1;
    MoveList *ml = pos_list(p, ply);
    /* bulk count: the leaves need not be made, nor even listed where the pins decide */
    if (depth == 1) {
        long work0 = vm_work(p);
        int n = node_count_legal(p, ml);
        if (p->check_gen) gencheck_count(p, ply, n, vm_work(p) - work0);
        return (uint64_t)n;
    }
    node_moves_unnamed(p, ml);      /* (counted, never named: no `qualify` text is needed) */
    /* (the last ply's count is checked against its list above: the generations' full check
     * would cost the whole perft several times over, and every position above is checked) */
    if (p->check_gen) gencheck_node(p, ply);
    uint64_t n = 0;
    for (int i = 0; i < ml->n; i++) {
        if (depth > 2 && perft_stop) break;
        pos_make(p, ml, &ml->m[i]);
        n += perft(p, depth - 1, ply + 1);
        pos_unmake(p);
    }
    return n;
}
