/* tests/api_test.c - the C library (src/api/boardvm.h) through libboardvm.so, as a program
 * using it would: run by tests/library.sh with the source tree's rules/chess.rules.
 *
 * Expected values: chess perft from the start and Kiwipete from the Chess Programming Wiki's
 * "Perft Results" page; the moves, the mates (Scholar's and Fool's) and their SAN worked out
 * by hand; the errors are the library's contract (boardvm.h). Prints "ok N - what" or
 * "not ok N - what" a check, exits 1 when one failed. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "boardvm.h"

static int n, failed;
static void check(int ok, const char *what, const char *detail)
{
    printf("%sok %d - %s%s%s\n", ok ? "" : "not ", ++n, what, ok ? "" : ": ", ok ? "" : detail);
    if (!ok) failed = 1;
}

static uint64_t perft(bvm_pos *p, int depth)
{
    uint64_t leaves = 0;
    bvm_error err;
    if (bvm_pos_perft(p, depth, &leaves, &err)) printf("# perft: %s\n", err.message);
    return leaves;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    static char buf[1 << 20];
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = 0;
    return buf;
}

typedef struct { bvm_engine *e; bvm_pos *p; bvm_search_result r; int status; } Search;
static void *search_thread(void *arg)
{
    Search *s = arg;
    bvm_limits lim = { .seconds = 60 };
    s->status = bvm_engine_search(s->e, s->p, &lim, &s->r, NULL);
    return NULL;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc != 2) { fprintf(stderr, "usage: api_test rules/chess.rules\n"); return 2; }
    bvm_error err;
    char buf[4096];

    /* loading, by path; the start's perft (CPW: 20 400 8902) */
    bvm_game *g = bvm_game_load(argv[1], NULL, 0, &err);
    if (!g) { printf("not ok 1 - load: %s\n", err.message); return 1; }
    check(!strcmp(bvm_game_title(g), "FIDE Chess"), "the game's title", bvm_game_title(g));
    check(bvm_game_players(g) == 2 && bvm_game_squares(g) == 64 && bvm_game_piece_types(g) == 6,
          "players, squares, piece types", "");
    bvm_pos *p = bvm_pos_new(g, NULL, &err);
    check(p && perft(p, 1) == 20 && perft(p, 2) == 400 && perft(p, 3) == 8902,
          "chess perft 1-3 = 20 400 8902", "");
    /* Kiwipete (CPW): 48 2039 */
    bvm_pos *kiwi = bvm_pos_new(g,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &err);
    check(kiwi && perft(kiwi, 1) == 48 && perft(kiwi, 2) == 2039, "Kiwipete perft 1-2", "");
    bvm_pos_free(kiwi);

    /* the legal moves, sorted, as structures */
    bvm_move mv[256];
    int nm = bvm_pos_moves(p, mv, 256, &err);
    check(nm == 20 && !strcmp(mv[0].text, "a2a3") && !strcmp(mv[19].text, "h2h4"),
          "20 moves, a2a3 first and h2h4 last", nm > 0 ? mv[0].text : err.message);
    int e2 = bvm_game_square_find(g, "e2"), e4 = bvm_game_square_find(g, "e4");
    int k = -1;
    for (int i = 0; i < nm; i++) if (!strcmp(mv[i].text, "e2e4")) k = i;
    check(k >= 0 && mv[k].from == e2 && mv[k].to == e4 && mv[k].kind == BVM_MOVE &&
          !strcmp(bvm_game_piece_code(g, mv[k].piece), "P") && !mv[k].captured && !mv[k].multi,
          "e2e4 as a structure", "");
    check(bvm_pos_moves(p, NULL, 0, &err) == 20, "counting without a buffer", err.message);

    /* Scholar's mate, in SAN and in boardvm's text: 1-0 by checkmate */
    const char *scholar[] = { "e4", "e7e5", "Qh5", "Nc6", "Bc4", "g8f6", "Qxf7#" };
    int made = 0;
    for (int i = 0; i < 7; i++) made += bvm_pos_make(p, scholar[i], &err) == BVM_OK;
    check(made == 7 && bvm_pos_ply(p) == 7, "Scholar's mate made", err.message);
    bvm_result res;
    check(bvm_pos_result(p, &res, &err) == BVM_OK && res.state == BVM_LOSS && res.winner == 0 &&
          !strcmp(res.text, "1-0") && !strcmp(res.reason, "checkmate"),
          "the result: 1-0, checkmate", res.text);
    check(bvm_pos_moves(p, NULL, 0, &err) == 0, "no legal move after mate", "");
    bvm_pos_string(p, buf, sizeof buf);
    check(!strcmp(buf, "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"),
          "the position string after the mate", buf);
    for (int i = 0; i < 7; i++) bvm_pos_unmake(p, &err);
    check(bvm_pos_unmake(p, &err) == BVM_ERR_EMPTY, "nothing left to take back", err.message);
    bvm_pos_string(p, buf, sizeof buf);
    check(!strcmp(buf, bvm_game_start(g)), "back at the start", buf);
    bvm_pos_make(p, "e4", NULL);
    check(bvm_pos_result(p, &res, NULL) == BVM_OK && res.state == BVM_ONGOING &&
          !strcmp(res.text, "*"), "an ongoing game", res.text);
    bvm_pos_unmake(p, NULL);

    /* Fool's mate: 0-1 */
    const char *fool[] = { "f3", "e5", "g4", "Qh4#" };
    for (int i = 0; i < 4; i++) bvm_pos_make(p, fool[i], NULL);
    check(bvm_pos_result(p, &res, NULL) == BVM_OK && res.winner == 1 && !strcmp(res.text, "0-1"),
          "Fool's mate: 0-1", res.text);
    bvm_pos_set(p, NULL, NULL);

    /* SAN, refusals */
    check(bvm_pos_san(p, "g1f3", buf, sizeof buf, &err) == BVM_OK && !strcmp(buf, "Nf3"),
          "the SAN of g1f3 is Nf3", buf);
    check(bvm_pos_make(p, "e2e5", &err) == BVM_ERR_MOVE && strstr(err.message, "e2e5") &&
          bvm_pos_ply(p) == 0, "an illegal move refused", err.message);
    check(bvm_pos_make_index(p, 20, &err) == BVM_ERR_MOVE, "a move index out of range", "");
    check(bvm_pos_make_index(p, 0, &err) == BVM_OK && bvm_pos_ply(p) == 1 &&
          bvm_pos_turn(p) == 1, "move 0 (a2a3) by index", err.message);
    int owner;
    check(bvm_pos_piece(p, bvm_game_square_find(g, "a3"), &owner) &&
          owner == 0 && !bvm_pos_piece(p, bvm_game_square_find(g, "a2"), &owner) && owner == -1,
          "what stands on a3 and a2", "");
    check(bvm_pos_set(p, "not a position", &err) == BVM_ERR_POSITION && bvm_pos_ply(p) == 1,
          "a bad position string refused, the position kept", err.message);
    bvm_pos_set(p, NULL, NULL);

    /* the copy keeps the position, not the moves to take back */
    bvm_pos_make(p, "d4", NULL);
    bvm_pos *q = bvm_pos_copy(p, &err);
    char qs[256];
    bvm_pos_string(p, buf, sizeof buf);
    if (q) bvm_pos_string(q, qs, sizeof qs);
    check(q && !strcmp(buf, qs) && bvm_pos_ply(q) == 0 && perft(q, 2) == perft(p, 2),
          "a copy", err.message);
    bvm_pos_free(q);
    bvm_pos_set(p, NULL, NULL);

    /* loading errors are values */
    check(!bvm_game_load("no-such-game-here", NULL, 0, &err) && err.code == BVM_ERR_FILE &&
          strstr(err.message, "no-such-game-here"), "a missing game", err.message);
    const char *bad = "game \"Bad\";\nplayers White \"w\", Black \"b\";\nboard 8 x 8;\n"
                      "piece King \"K\" { leap nowhere; }\n";
    check(!bvm_game_from_string(bad, strlen(bad), "bad.rules", NULL, 0, &err) &&
          err.code == BVM_ERR_RULES && !strncmp(err.message, "bad.rules:4:", 12) &&
          strchr(err.message, '^'), "a rules file's errors, with place and caret", err.message);
    /* a good file's warnings (examples/traps/no-royal.rules): kept with the game */
    const char *warn = "game \"No royal\";\nplayers White \"w\", Black \"b\";\nboard 3 x 3;\n"
                       "direction n = (0,1), s = (0,-1);\nsymmetry Black: n s;\n"
                       "piece King \"K\" { leap n; }\nlegal { require not in-check; }\n"
                       "start \"k2/3/K2 w\";\n";
    bvm_game *wg = bvm_game_from_string(warn, strlen(warn), "warn.rules", NULL, 0, &err);
    check(wg && !strncmp(bvm_game_warnings(wg), "warn.rules:7:21: warning: ", 26) &&
          !strcmp(bvm_game_warnings(g), ""), "warnings kept with the game",
          wg ? bvm_game_warnings(wg) : err.message);
    bvm_game_free(wg);
    /* one move made twice is played by its string; two that differ are refused
     * (tests/traps/same-string.rules) */
    const char *twins = "game \"Twins\";\nplayers White \"w\", Black \"b\";\nboard 4 x 2;\n"
        "direction e = (1,0);\nvar flipped: bool = false;\n"
        "piece Twin \"T\" { moves { either { step e; require empty; emit; } "
        "or { step e; require empty; emit; } } }\n"
        "piece Flipper \"F\" { moves { step e; require empty; either { emit; } "
        "or { flipped = true; emit; } } }\n"
        "start \"4/T1F1 w\";\nposition board turn flipped;\n";
    bvm_game *tg = bvm_game_from_string(twins, strlen(twins), "twins.rules", NULL, 0, &err);
    bvm_pos *tp = tg ? bvm_pos_new(tg, NULL, &err) : NULL;
    check(tp && bvm_pos_make(tp, "c1d1", &err) == BVM_ERR_MOVE, "two moves that differ, one string",
          err.message);
    int twin_ok = tp && bvm_pos_make(tp, "a1b1", &err) == BVM_OK;
    if (twin_ok) bvm_pos_string(tp, buf, sizeof buf);
    check(twin_ok && !strncmp(buf, "4/1TF1 b", 8), "one move made twice, played by its string",
          twin_ok ? buf : err.message);
    bvm_pos_free(tp);
    bvm_game_free(tg);
    const char *opt[] = { "no-such-option" };
    check(!bvm_game_load(argv[1], opt, 1, &err) && err.code == BVM_ERR_OPTION,
          "an unknown option", err.message);

    /* search: the mate in one after 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 */
    bvm_engine *e = bvm_engine_new(g, 0, &err);
    for (int i = 0; i < 6; i++) bvm_pos_make(p, scholar[i], NULL);
    bvm_limits lim = { .depth = 3 };
    bvm_search_result sr;
    check(bvm_engine_search(e, p, &lim, &sr, &err) == BVM_OK && !strcmp(sr.best, "h5f7") &&
          sr.score == BVM_SCORE_MATE - 1 && bvm_pos_ply(p) == 6, "the mate in one found", sr.best);
    /* a stop from another thread ends a 60 s search of the start position */
    bvm_pos_set(p, NULL, NULL);
    Search s = { e, p, {{0}}, -1 };
    pthread_t t;
    double t0 = now();
    pthread_create(&t, NULL, search_thread, &s);
    usleep(300000);
    bvm_engine_stop(e);
    pthread_join(t, NULL);
    check(s.status == BVM_OK && s.r.stopped && s.r.best[0] && now() - t0 < 30,
          "a search stopped from another thread", s.r.best);
    bvm_engine_free(e);
    bvm_pos_free(p);

    /* a runtime error of the rules code: a value, then the position is broken until set */
    char *text = slurp(argv[1]);
    const char *at = strstr(text, "\nafter-move {\n");
    if (!at) { printf("not ok - chess.rules has no after-move block\n"); return 1; }
    static char planted[1 << 20];
    size_t head = (size_t)(at - text) + strlen("\nafter-move {\n");
    snprintf(planted, sizeof planted, "%.*s  if move.piece is Knight and move.to == f3 "
             "{ halfmove = 1 / (fullmove - fullmove); }\n%s", (int)head, text, text + head);
    bvm_game *pg = bvm_game_from_string(planted, strlen(planted), "planted.rules", NULL, 0, &err);
    bvm_pos *pp = pg ? bvm_pos_new(pg, NULL, &err) : NULL;
    check(pp && bvm_pos_make(pp, "Nf3", &err) == BVM_ERR_RUNTIME &&
          strstr(err.message, "planted.rules:") && strstr(err.message, "division by zero"),
          "a runtime error", err.message);
    check(pp && bvm_pos_moves(pp, NULL, 0, &err) == -1 && err.code == BVM_ERR_BROKEN,
          "the position is broken", err.message);
    check(pp && bvm_pos_set(pp, NULL, &err) == BVM_OK && bvm_pos_moves(pp, NULL, 0, &err) == 20,
          "set again, it works", err.message);
    bvm_pos_free(pp);
    bvm_game_free(pg);
    bvm_game_free(g);
    printf("1..%d\n", n);
    return failed;
}
