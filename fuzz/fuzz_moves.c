/* fuzz_moves.c - the move parser and the moves it leads to: move strings typed by a user.
 *
 * Input: one byte that picks the game (fuzz_games.h); then text (up to the first NUL). Its
 * first line is a position string (an empty line: the game's start); the rest is split at
 * white space into move strings (the first 64), each played with session.c's play_move (node_moves, move_find,
 * and for an unknown move the "legal moves from there" message; pos_make for a legal one). A
 * word "-" takes the last move back (pos_unmake), as `play` does with `undo`.
 *
 * Checks: no sanitizer report; the hash after every make and unmake equals a recompute; after
 * taking back every move the position string is the one the moves started from.
 */
#include "fuzz_games.h"

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
    char *nl = strchr(s, '\n');
    char *moves = nl ? nl + 1 : s + strlen(s);
    if (nl) *nl = 0;

    Pos *volatile p = pos_new(g);
    char *volatile start = NULL;
    jmp_buf jb;
    if (setjmp(jb)) {
        FZ_CHECK(p->errmsg[0], "a runtime error without a message");
        FZ_CHECK(!strstr(p->errmsg, "internal error"), "%s", p->errmsg);
        goto out;
    }
    p->on_error = &jb;
    char e[256] = "";
    const char *fen = *s ? s : g->start;
    if (!pos_from_string(p, fen, e, sizeof e)) {
        FZ_CHECK(e[0], "position refused without a message");
        if (!pos_from_string(p, g->start, e, sizeof e)) goto out;
    }
    p->check_hash = 1;
    start = pos_to_string(p);
    int made = 0, number = 0;
    for (char *w = strtok(moves, " \t\r\n"); w && number < 64; w = strtok(NULL, " \t\r\n")) {
        number++;
        if (!strcmp(w, "-")) {
            if (made) { pos_unmake(p); made--; }
            continue;
        }
        if (play_move(p, w, number)) { made++; fz_check_state(p, "after a move"); }
    }
    while (made--) pos_unmake(p);
    char *end = pos_to_string(p);
    FZ_CHECK(!strcmp(start, end), "after taking back every move: '%s', not '%s'", end, start);
    free(end);
out:
    free(start);
    pos_free(p);
    free(s);
    return 0;
}
