/* fuzz_compile.c - the compiler front end: any bytes as a rules file.
 *
 * Input: the bytes of a rules file. If its first line starts with "#!" (a comment to the
 * compiler), the words after "#!" on that line are passed as game options ("name" or
 * "name=value"), so option handling (unknown options, bad values) is fuzzed too.
 *
 * Checks: no sanitizer report; a failed compile has status 1 or 2 and a message (fz_compile);
 * a compiled game's start position either loads or is refused with a message, as
 * `boardvm check` does; a loaded start position writes a position string that reads back, to
 * the same string when no hook runs on reading it. Nothing is run beyond the start position's
 * `on setup` and `turn-start` hooks (that is the job of fuzz_vm_rules).
 */
#include "fuzz_common.h"
#include "ast.h"

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

    Pos *volatile p = NULL;
    char *volatile s1 = NULL;     /* freed on a runtime error of a hook run by reading it */
    jmp_buf jb;
    if (setjmp(jb)) {
        FZ_CHECK(p && p->errmsg[0], "a runtime error without a message");
        free(s1); pos_free(p); game_free(g);
        return 0;
    }
    p = pos_new(g);
    p->on_error = &jb;
    char e[256] = "";
    if (!pos_from_string(p, g->start, e, sizeof e)) {
        FZ_CHECK(e[0], "the start position was refused without a message");
    } else {
        /* Every position a game reaches can be written and read back (docs/language.md,
         * limits). Reading runs `on setup` and `turn-start` again, on what they wrote the first
         * time, and both may change it again: a setup hook that counts its runs
         * (tests/lang/setup.rules) is documented to count on from the string's value. So the
         * string is the same after the round trip only in a game with neither hook. */
        int rerun = g->hook_fn[HOOK_SETUP] >= 0 || g->hook_fn[HOOK_TURN_START] >= 0;
        s1 = pos_to_string(p);
        FZ_CHECK(pos_from_string(p, s1, e, sizeof e),
                 "the position string '%s' of the start does not read back: %s", (char *)s1, e);
        char *s2 = pos_to_string(p);
        FZ_CHECK(rerun || !strcmp(s1, s2), "position string round trip: '%s' -> '%s'",
                 (char *)s1, s2);
        free(s1); free(s2);
    }
    pos_free(p);
    game_free(g);
    return 0;
}
