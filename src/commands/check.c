/* check.c - `boardvm check FILE...`: compile each rules file and set up its start position;
 * one line per good file, the diagnostics of a bad one. Exit status: the worst of the files.
 *
 * It goes through the public C API (src/api/boardvm.h), as a program using libboardvm would:
 * the errors come back as values, with the messages the other commands print, and are printed
 * here; that the library's loading and set-up agree with the command line's is this command's
 * tests (tests/cli.sh and the rest). */
#include <stdio.h>
#include "boardvm.h"
#include "commands.h"

/* An error of the library as the command line reports it: the compiler's diagnostics and a
 * runtime error (which name their place in the rules file) as they are, the rest after
 * "boardvm: "; the exit status of each (1 bad rules, 2 unreadable files and bad options). */
static int report(const bvm_error *err)
{
    int diagnostics = err->code == BVM_ERR_RULES || err->code == BVM_ERR_OPTION ||
                      err->code == BVM_ERR_RUNTIME;
    fprintf(stderr, "%s%s\n", diagnostics ? "" : "boardvm: ", err->message);
    return err->code == BVM_ERR_FILE || err->code == BVM_ERR_OPTION ? 2 : 1;
}

int cmd_check(Args *a)
{
    int worst = 0;
    for (int i = 1; i < a->npos; i++) {
        bvm_error err;
        bvm_game *g = bvm_game_load(a->pos[i], (const char *const *)a->opts, a->nopts, &err);
        int status = g ? 0 : report(&err);
        if (g) fputs(bvm_game_warnings(g), stderr);
        /* the start position must be valid too (its set-up runs rules code) */
        bvm_pos *p = g ? bvm_pos_new(g, NULL, &err) : NULL;
        if (g && !p) status = report(&err);
        if (status > worst) worst = status;
        if (p)
            printf("%s: ok: \"%s\", %d players, %d squares, %d piece types, %d programs, "
                   "%d code words\n",
                   a->pos[i], bvm_game_title(g), bvm_game_players(g), bvm_game_squares(g),
                   bvm_game_piece_types(g), bvm_game_programs(g), bvm_game_code_words(g));
        bvm_pos_free(p);
        bvm_game_free(g);
    }
    return worst;
}
