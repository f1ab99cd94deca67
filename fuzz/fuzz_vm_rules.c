/* fuzz_vm_rules.c - the VM on mutated rules files.
 *
 * Input: a rules file (as fuzz_compile: a first line "#!opt ..." gives game options). The
 * corpus starts from the shipped and test rules files, so libFuzzer's mutations (with
 * fuzz/rules.dict) are structural edits of real games: a changed number, a swapped keyword, a
 * deleted or duplicated statement. Whatever still compiles is run from its start position:
 * legal moves and their strings, a bounded perft 2, the state after each of the first 16 moves
 * (fz_check_state), a depth-2 search, with the incremental hash checked after every make and
 * unmake. A runtime error is an ordinary result; a sanitizer
 * report or an "internal error" is a bug.
 */
#include "fuzz_common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc; (void)argv;
    fz_quiet();
    fz_limits();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *opts[16], optline[512];
    int nopts = fz_option_line(data, size, optline, sizeof optline, opts, 16);
    Game *g = fz_compile(data, size, "fuzz.rules", nopts, opts, NULL);
    if (!g) return 0;

    Pos *volatile p = pos_new(g);
    Engine *volatile eng = NULL;
    jmp_buf jb;
    if (setjmp(jb)) {
        FZ_CHECK(p->errmsg[0], "a runtime error without a message");
        FZ_CHECK(!strstr(p->errmsg, "internal error"), "%s", p->errmsg);
        goto out;
    }
    p->on_error = &jb;
    char e[256] = "";
    if (!pos_from_string(p, g->start, e, sizeof e)) {
        FZ_CHECK(e[0], "start position refused without a message");
        goto out;
    }
    double t0 = fz_now();
    MoveList *ml = fz_moves(p);
    fz_node_cost = fz_now() - t0;
    p->check_hash = ml->n <= 300;   /* a recompute per make: only for ordinary roots */
    /* a root of thousands of moves (a few lines of `choose` make 25000) or a slow one: the root
       alone has exercised the generator; its replies would take seconds each */
    int heavy = ml->n > 2000 || fz_node_cost > FZ_SLOW_NODE;
    fz_check_move_strings(g, ml, heavy ? 4 : 32);
    if (heavy) goto out;
    fz_perft2(p, 60);
    ml = pos_list(p, 0);
    node_moves(p, ml);
    for (int i = 0; i < ml->n && i < 16; i++) {        /* every state a move makes is well formed */
        pos_make(p, ml, &ml->m[i]);
        fz_check_state(p, "after a move");
        pos_unmake(p);
    }
    p->check_hash = 0;
    fz_search2(g, p, &eng, 0);
out:
    engine_free(eng);
    pos_free(p);
    game_free(g);
    return 0;
}
