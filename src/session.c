/* session.c - what every command does first: read and compile a rules file, set up a position,
 * play moves. Errors are printed here, in one style, with the exit status they deserve. */
#include "session.h"
#include "make.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "movegen.h"
#include "notation.h"
#include "posstring.h"

#define MAX_RULES_FILE (16u << 20)

char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "boardvm: cannot open %s: %s\n", path, strerror(errno)); return NULL; }
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf) abort();
    for (;;) {
        size_t k = fread(buf + n, 1, cap - n, f);
        n += k;
        if (n > MAX_RULES_FILE) {
            fprintf(stderr, "boardvm: %s is larger than %u bytes\n", path, MAX_RULES_FILE);
            free(buf); fclose(f); return NULL;
        }
        if (k == 0) break;
        if (n == cap) { cap *= 2; buf = realloc(buf, cap + 1); if (!buf) abort(); }
    }
    if (ferror(f)) { fprintf(stderr, "boardvm: cannot read %s\n", path); free(buf); fclose(f); return NULL; }
    fclose(f);
    buf[n] = 0;
    *len = n;
    return buf;
}

Game *load_game(const char *path, const char *display, int nopts, char **opts, int *status)
{
    size_t len;
    char *text = read_file(path, &len);
    if (!text) { *status = 2; return NULL; }
    Game *g = game_compile(text, len, display ? display : path, nopts, opts, status);
    free(text);
    return g;
}

Pos *setup_position(Game *g, const char *fen, char **moves, int nmoves, jmp_buf *on_error, int *status)
{
    Pos *p = pos_new(g);
    /* A runtime error of the rules code while the position is set up or its moves are played
     * ends here: the caller's on_error is not set yet (its setjmp comes after this returns). */
    jmp_buf setup_error;
    volatile int playing = 0;
    p->on_error = &setup_error;
    if (setjmp(setup_error)) {
        fprintf(stderr, "%s\n", p->errmsg);
        if (playing) fprintf(stderr, "boardvm: (while playing move %d '%s')\n", playing, moves[playing - 1]);
        pos_free(p); *status = 1; return NULL;
    }
    char e[256];
    if (!pos_from_string(p, fen ? fen : g->start, e, sizeof e)) {
        fprintf(stderr, "boardvm: %s position: %s\n", fen ? "bad" : "the rules file's start", e);
        if (!fen) fprintf(stderr, "boardvm: (in the `start` of %s)\n", g->filename);
        pos_free(p); *status = 1; return NULL;
    }
    for (int i = 0; i < nmoves; i++) {
        playing = i + 1;
        if (!play_move(p, moves[i], i + 1)) { pos_free(p); *status = 1; return NULL; }
        /* No command takes back the moves that set up its position (play --load, xboard and the
         * web board, which offer undo, play theirs themselves), so their undo records are
         * dropped as they come: each keeps every state word its move changed, and a 560 KB
         * record of moves that change 1000 words each took 1.5 GB. The history of position
         * keys stays (16 bytes a move): repetitions are counted over the whole game. */
        p->nundo = 0; p->ntrail = 0;
    }
    p->on_error = on_error;
    return p;
}

int play_move(Pos *p, const char *s, int number)
{
    const Game *g = p->g;
    MoveList *mlp = pos_list(p, 0);      /* owned by p: nothing leaks after a runtime error */
    node_moves(p, mlp);
    MoveList ml = *mlp;
    int k = move_find(g, &ml, s);
    if (k < 0) {
        if (p->result) fprintf(stderr, "boardvm: move %d '%s': the game is over\n", number, s);
        else {
            fprintf(stderr, "boardvm: move %d '%s' is not a legal move here", number, s);
            /* list the legal moves of the piece on the named square, which says why */
            char from[8] = {0};
            size_t fl = 0;
            while (s[fl] && fl < 7 && !(fl > 0 && s[fl] >= 'a' && s[fl] <= 'z' && s[fl - 1] >= '0' && s[fl - 1] <= '9')) fl++;
            memcpy(from, s, fl);
            int sq = game_find_square(g, from), any = 0;
            for (int i = 0; i < ml.n; i++) {
                if (sq < 0 || ml.m[i].from != sq) continue;
                char buf[MOVE_STR_MAX]; move_string(g, &ml, &ml.m[i], buf, sizeof buf);
                fprintf(stderr, "%s %s", any ? "," : "; legal moves from there:", buf);
                any = 1;
            }
            if (sq >= 0 && !any) fprintf(stderr, "; no legal move starts on %s", from);
            fputc('\n', stderr);
        }
        return 0;
    }
    pos_make(p, &ml, &ml.m[k]);
    return 1;
}
