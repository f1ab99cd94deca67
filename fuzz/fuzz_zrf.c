/* fuzz_zrf.c - the Zillions reader (src/zrf/, docs/zrf.md): any bytes as a .zrf file.
 *
 * Input: the bytes of a .zrf file, read from memory (zrf_read_text: an include is refused, so
 * no input reads the disk). Every game and variant (at most 16) is made whole and its board
 * built and printed; the first four are lowered and compiled (game_compile_to, as every
 * command does), and a compiled one's start position set up, written and read back, and its
 * legal moves generated and named.
 *
 * Checks: no sanitizer report; a read, a variant list or a board that fails has reported an
 * error; a board's links, zones and symmetries name only its own positions, directions and
 * players; the tree and the board print. The reader's limits (zrf.h) bound the time and memory
 * of any input; the bounds on tokens and on a board's work are lowered (a million, 2e7) as
 * fuzz_common.h lowers the VM's, to keep every input within a second under the sanitizers.
 */
#include "fuzz_common.h"
#include "zrf.h"
#include "zrf_compile.h"
#include "zrf_board.h"
#include "zrf_variant.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc; (void)argv;
    fz_quiet();
    zrf_max_tokens = 1000000;      /* a second or so under the sanitizers, not 16 times that */
    zrf_max_board_work = 20000000;
    zrf_refuse_includes = 1;
    fz_limits();
    return 0;
}

/* Variant n compiled as a command compiles it, and its start played with. */
static void compile_variant(const uint8_t *data, size_t size, int n)
{
    char opt[32], *opts[1] = { opt };
    snprintf(opt, sizeof opt, "variant=%d", n);
    Game *g = fz_compile(data, size, "fuzz.zrf", 1, opts, NULL);
    if (!g) return;
    Pos *volatile p = NULL;
    char *volatile s1 = NULL;
    jmp_buf jb;
    if (setjmp(jb)) {
        FZ_CHECK(p && p->errmsg[0], "a runtime error without a message");
        free(s1); pos_free(p); game_free(g);
        return;
    }
    p = pos_new(g);
    p->on_error = &jb;
    char e[256] = "";
    if (pos_from_string(p, g->start, e, sizeof e)) {
        s1 = pos_to_string(p);
        FZ_CHECK(pos_from_string(p, s1, e, sizeof e), "the start '%s' does not read back: %s", (char *)s1, e);
        free(s1); s1 = NULL;
        MoveList *ml = fz_moves(p);
        fz_check_move_strings(g, ml, 64);
    } else FZ_CHECK(e[0], "the start position was refused without a message");
    pos_free(p);
    game_free(g);
}

static void check_board(const ZrfBoard *b)
{
    for (int p = 0; p < b->npos; p++)
        for (int d = 0; d < b->ndirs; d++) {
            int t = zrf_link(b, p, d);
            FZ_CHECK(t >= -1 && t < b->npos, "a link from %d to %d of %d positions", p, t, b->npos);
        }
    for (int k = 0; k < b->nzones; k++) {
        FZ_CHECK(b->zone[k].player >= 0 && b->zone[k].player < b->nplayers, "a zone's player");
        for (int i = 0; i < b->zone[k].npos; i++)
            FZ_CHECK(b->zone[k].pos[i] >= 0 && b->zone[k].pos[i] < b->npos, "a zone's position");
    }
    for (int s = 0; s < b->nsyms; s++)
        for (int d = 0; d < b->ndirs; d++)
            FZ_CHECK(b->sym[s].dir[d] >= 0 && b->sym[s].dir[d] < b->ndirs, "a symmetry");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *null = fopen("/dev/null", "w");
    if (!null) return 0;
    Zrf z;
    zrf_init(&z, null);
    ZrfNode *top = zrf_read_text(&z, "fuzz.zrf", (const char *)data, size);
    FZ_CHECK(top || z.diag.errors, "a read failed without an error");
    ZrfGames g;
    if (top && zrf_games(&z, top, &g)) {
        zrf_print(null, top, 0);
        for (int i = 0; i < g.n && i < 16; i++) {
            int before = z.diag.errors;
            ZrfNode *sections = zrf_variant_sections(&z, &g, i);
            if (!sections) {
                FZ_CHECK(z.diag.errors > before, "a variant not made without an error");
                continue;
            }
            zrf_print(null, sections, 0);
            ZrfBoard b;
            if (zrf_board(&z, sections, &b)) {
                check_board(&b);
                zrf_board_print(null, &b);
            } else FZ_CHECK(z.diag.errors > before, "a board failed without an error");
            zrf_board_free(&b);
        }
        for (int i = 0, n = 0; i < g.n && n < 4; i++)
            if (g.v[i].number) compile_variant(data, size, ++n);
    } else FZ_CHECK(z.diag.errors, "no games and no error");
    zrf_free(&z);
    fclose(null);
    return 0;
}
