/* fuzz_record.c - game records (record.c): any text as a record, then its moves played.
 *
 * Input: one byte that picks the game (fuzz_games.h), then the text of a record file (up to the
 * first NUL, as read_file gives it: a NUL ends the text).
 *
 * Checks: no sanitizer report; a refused record has a message and gives nothing back; an
 * accepted one writes (record_write) a record that reads back to the same position string and
 * the same moves, whatever they hold (brackets, quotes, spaces, braces, words that look like
 * move numbers or results, empty strings); then its position is set up and its moves played as
 * `show --game` does (setup_position), which must end in a position or a message.
 */
#include "fuzz_games.h"
#include "record.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc; (void)argv;
    fz_quiet();
    fz_limits();
    fz_load_games();
    return 0;
}

static void free_read(char *pos, char **moves, int n)
{
    for (int i = 0; i < n; i++) free(moves[i]);
    free(moves); free(pos);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Game *g = fz_pick_game(&data, &size);
    char *text = malloc(size + 1);
    if (!text) abort();
    memcpy(text, data, size);
    text[size] = 0;

    char *pos, **moves; int n; char err[128] = "";
    if (!record_read(text, &pos, &moves, &n, err, sizeof err)) {
        FZ_CHECK(err[0], "a record refused without a message");
        FZ_CHECK(!pos && !moves && !n, "a refused record gave something back");
        free(text);
        return 0;
    }
    free(text);

    /* the round trip: write what was read, read it again */
    char *buf = NULL; size_t blen = 0;
    FILE *mem = open_memstream(&buf, &blen);
    if (!mem) abort();
    GameRecord r = { .game = g, .rules = "fuzz.rules", .start = pos ? pos : "", .moves = moves, .nmoves = n,
                     .result_str = "*", .reason = "" };
    record_write(mem, &r);
    fclose(mem);
    char *pos2, **moves2; int n2; char err2[128] = "";
    FZ_CHECK(record_read(buf, &pos2, &moves2, &n2, err2, sizeof err2), "a written record does not read back: %s", err2);
    /* a start that is the game's own is not written (PGN names a start only when it differs) */
    FZ_CHECK(pos2 ? !strcmp(pos2, pos ? pos : "") : pos && record_is_own_start(g, pos),
             "the position '%s' read back as '%s'", pos ? pos : "", pos2 ? pos2 : "(none)");
    FZ_CHECK(n2 == n, "%d moves read back as %d", n, n2);
    for (int i = 0; i < n; i++) FZ_CHECK(!strcmp(moves[i], moves2[i]), "move %d '%s' read back as '%s'", i + 1, moves[i], moves2[i]);
    free_read(pos2, moves2, n2);
    free(buf);

    /* the moves played from the position, as show --game does (the first 16: each can be a slow
     * position, and the moves harness plays longer lines) */
    int status;
    Pos *p = setup_position(g, pos, moves, n < 16 ? n : 16, &status);
    if (p) {
        fz_check_state(p, "after a record's moves");
        pos_free(p);
    } else FZ_CHECK(status == 1, "setup_position failed with status %d", status);
    free_read(pos, moves, n);
    return 0;
}
