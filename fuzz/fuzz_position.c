/* fuzz_position.c - the position parser: pos_from_string on any text, for several games.
 *
 * Input: one byte that picks the game (fuzz_games.h), then the position string (up to the
 * first NUL: it comes from a command line or a .test file, where a NUL cannot be).
 *
 * Checks: no sanitizer report; a refused string comes with a message; an accepted one writes a
 * position string that reads back to itself (games without a turn-start hook); then the rules
 * run on it (whatever it holds: no king, pawns on the last rank, huge hands...): legal moves,
 * their strings, and each of the first 12 moves made (none when the node is slow), its replies
 * listed and unmade, with the incremental hash checked against a recompute after every make and
 * unmake, and the state checked to be well formed.
 */
#include "fuzz_games.h"
#include "ast.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc; (void)argv;
    fz_quiet();
    fz_limits();
    fz_load_games();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Game *g = fz_pick_game(&data, &size);
    char *s = malloc(size + 1);
    if (!s) abort();
    memcpy(s, data, size);
    s[size] = 0;

    Pos *volatile p = pos_new(g);
    char *volatile s1 = NULL;
    jmp_buf jb;
    if (setjmp(jb)) {
        FZ_CHECK(p->errmsg[0], "a runtime error without a message");
        FZ_CHECK(!strstr(p->errmsg, "internal error"), "%s (position '%s')", p->errmsg, s);
        goto out;
    }
    p->on_error = &jb;
    char e[256] = "";
    if (!pos_from_string(p, s, e, sizeof e)) {
        FZ_CHECK(e[0], "position '%s' refused without a message", s);
        goto out;
    }
    fz_check_state(p, "after reading the position");
    s1 = pos_to_string(p);
    if (g->hook_fn[HOOK_TURN_START] < 0) {
        Pos *q = pos_new(g);
        q->on_error = &jb;
        FZ_CHECK(pos_from_string(q, s1, e, sizeof e), "'%s' was read as '%s', which does not read back: %s", s, s1, e);
        char *s2 = pos_to_string(q);
        pos_free(q);
        FZ_CHECK(!strcmp(s1, s2), "'%s' was read as '%s', which reads back as '%s'", s, s1, s2);
        free(s2);
    }
    p->check_hash = 1;
    double t0 = fz_now();
    MoveList *ml = fz_moves(p);
    int explore = fz_now() - t0 > FZ_SLOW_NODE ? 0 : 12;   /* nemoroth nodes can take 50 ms */
    fz_check_move_strings(g, ml, 64);
    for (int i = 0; i < ml->n && i < explore; i++) {
        pos_make(p, ml, &ml->m[i]);
        MoveList *ml2 = pos_list(p, 1);
        node_moves(p, ml2);
        fz_check_state(p, "after a move");
        char *t = pos_to_string(p);
        free(t);
        pos_unmake(p);
    }
    char *s3 = pos_to_string(p);
    FZ_CHECK(!strcmp(s1, s3), "make/unmake changed the position: '%s' -> '%s'", s1, s3);
    free(s3);
out:
    free(s1);
    pos_free(p);
    free(s);
    return 0;
}
