/* session.c - what every command does first: read and compile a rules file, set up a position,
 * play moves. Errors are printed here, in one style, with the exit status they deserve. */
#include "session.h"
#include "san.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gameload.h"
#include "make.h"
#include "move_examples.h"
#include "movegen.h"
#include "notation.h"
#include "oom.h"
#include "posstring.h"
#include "protect.h"
#include "rulespath.h"

#define MAX_RULES_FILE (16u << 20)

char *read_file(const char *path, size_t *len)
{
    char msg[512];
    char *text = read_file_msg(path, len, msg, sizeof msg);
    if (!text) fprintf(stderr, "boardvm: %s\n", msg);
    return text;
}

char *read_file_msg(const char *path, size_t *len, char *msg, size_t msglen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(msg, msglen, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf) out_of_memory("buf in read_file()");
    for (;;) {
        size_t k = fread(buf + n, 1, cap - n, f);
        n += k;
        if (n > MAX_RULES_FILE) {
            snprintf(msg, msglen, "%s is larger than %u bytes", path, MAX_RULES_FILE);
            free(buf); fclose(f); return NULL;
        }
        if (k == 0) break;
        if (n == cap) {
            cap *= 2;
            buf = realloc(buf, cap + 1);
            if (!buf) out_of_memory("buf in read_file()");
        }
    }
    if (ferror(f)) {
        snprintf(msg, msglen, "cannot read %s", path);
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    buf[n] = 0;
    *len = n;
    return buf;
}

Game *load_game(const char *path, const char *display, int nopts, char **opts, int *status)
{
    char *found = rules_find(path);      /* "chess" names the installed chess.rules */
    if (!found) {
        fprintf(stderr, "boardvm: cannot open %s: no such file, nor a game of that name in %s\n",
                path, rules_search_text());
        *status = 2;
        return NULL;
    }
    size_t len;
    char *text = read_file(found, &len);
    if (!text) { free(found); *status = 2; return NULL; }
    Game *g = game_compile(text, len, display ? display : found, nopts, opts, status);
    free(text);
    free(found);
    return g;
}

/* Setting up a position: its string, then its moves (under protected_run: both run rules code). */
typedef struct {
    const Game *g;
    const char *fen;
    char **moves; int nmoves;
    int playing;                   /* the move being played (from 1), 0 before the first */
    int failed;                    /* a bad position or move, said */
} Setup;

static void set_up(Pos *p, void *ctx)
{
    Setup *s = ctx;
    char e[256];
    if (!pos_from_string(p, s->fen ? s->fen : s->g->start, e, sizeof e)) {
        fprintf(stderr, "boardvm: %s position: %s\n", s->fen ? "bad" : "the rules file's start", e);
        if (!s->fen) fprintf(stderr, "boardvm: (in the `start` of %s)\n", s->g->filename);
        s->failed = 1;
        return;
    }
    for (int i = 0; i < s->nmoves; i++) {
        s->playing = i + 1;
        if (!play_move(p, s->moves[i], i + 1)) { s->failed = 1; return; }
        /* No command takes back the moves that set up its position (play --load, xboard and the
         * web board, which offer undo, play theirs themselves), so their undo records are
         * dropped as they come: each keeps every state word its move changed, and a 560 KB
         * record of moves that change 1000 words each took 1.5 GB. The history of position
         * keys stays (16 bytes a move): repetitions are counted over the whole game. */
        p->nundo = 0; p->ntrail = 0;
    }
}

Pos *setup_position(Game *g, const char *fen, char **moves, int nmoves, int *status)
{
    Pos *p = pos_new(g);
    Setup s = { g, fen, moves, nmoves, 0, 0 };
    if (protected_run(p, set_up, &s)) {
        fprintf(stderr, "%s\n", p->errmsg);
        if (s.playing)
            fprintf(stderr, "boardvm: (while playing move %d '%s')\n", s.playing,
                    moves[s.playing - 1]);
        s.failed = 1;
    }
    if (s.failed) { pos_free(p); *status = 1; return NULL; }
    return p;
}

/* The legal moves that start (to 0) or end (to 1) on sq, sorted, after `intro`; 0 if none. */
static int moves_on_square(const Game *g, MoveList *ml, int sq, int to, const char *intro)
{
    int any = 0;
    int *order = xmalloc(sizeof *order * (size_t)(ml->n + 1), "the move list");
    move_sorted(g, ml, order);
    for (int i = 0; i < ml->n; i++) {
        const Move *m = &ml->m[order[i]];
        if ((to ? m->to : m->from) != sq) continue;
        char buf[MOVE_STR_MAX]; move_string(g, ml, m, buf, sizeof buf);
        fprintf(stderr, "%s %s", any ? "," : intro, buf);
        any = 1;
    }
    free(order);
    return any;
}

/* Why s is not a move here: the moves of the piece on the square it names (or, for a square
 * alone such as SAN's "e4", the moves to it), and what this game's moves look like. */
static void explain_refusal(const Pos *p, MoveList *ml, const char *s, int number)
{
    const Game *g = p->g;
    fprintf(stderr, "boardvm: move %d '%s' is not a legal move here", number, s);
    char from[8] = {0};
    size_t fl = 0;
    while (s[fl] && fl < 7 &&
           !(fl > 0 && s[fl] >= 'a' && s[fl] <= 'z' && s[fl - 1] >= '0' && s[fl - 1] <= '9'))
        fl++;
    memcpy(from, s, fl);
    int sq = game_find_square(g, from);
    if (sq >= 0 && !moves_on_square(g, ml, sq, 0, "; legal moves from there:")) {
        fprintf(stderr, "; no legal move starts on %s", from);
        if (!s[fl]) moves_on_square(g, ml, sq, 1, "; legal moves to it:");
    }
    char examples[512];
    move_examples(g, ml, 4, examples, sizeof examples);
    if (*examples)
        fprintf(stderr,
                "\nboardvm: moves are written as boardvm writes them, like %s ('moves' lists "
                "them), or in SAN (e4, Nf3, O-O, e8=Q, P@e4)",
                examples);
    fputc('\n', stderr);
}

const char *same_string_advice(Pos *p, const MoveList *ml, int i, int j)
{
    return moves_reach_same_state(p, ml, i, j)
               ? "both reach the same position: the rules file makes one move twice (`moves "
                 "distinct;` or `distinct { }` makes them one)"
               : "they reach different positions: the rules file should write them apart "
                 "(`qualify` or `note`)";
}

int play_move(Pos *p, const char *s, int number)
{
    const Game *g = p->g;
    MoveList *mlp = pos_list(p, 0);      /* owned by p: nothing leaks after a runtime error */
    node_moves(p, mlp);
    MoveList ml = *mlp;
    int other, k = move_find_typed(p, &ml, s, &other), san = 0;
    if (k < 0 && !p->result) {                     /* "e4", "Nf3", "O-O" */
        k = san_find(p, &ml, s, &other);
        san = 1;
    }
    if (k >= 0 && other >= 0 && san) {
        char a[MOVE_STR_MAX], b[MOVE_STR_MAX];
        move_string(g, &ml, &ml.m[k], a, sizeof a);
        move_string(g, &ml, &ml.m[other], b, sizeof b);
        fprintf(stderr, "boardvm: move %d '%s' is ambiguous: in SAN it fits %s and %s (say which "
                "piece moves: its file or rank after its letter)\n", number, s, a, b);
        return 0;
    }
    if (k < 0) {
        if (p->result) fprintf(stderr, "boardvm: move %d '%s': the game is over\n", number, s);
        else explain_refusal(p, &ml, s, number);
        return 0;
    }
    if (other >= 0) {
        fprintf(stderr, "boardvm: move %d '%s' is ambiguous: two legal moves have this string; "
                        "%s\n", number, s, same_string_advice(p, &ml, k, other));
        return 0;
    }
    pos_make(p, &ml, &ml.m[k]);
    return 1;
}
