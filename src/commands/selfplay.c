/* selfplay.c - `boardvm selfplay FILE`: the engine plays itself (or, with --opponent, a random
 * mover or another depth, colours alternating by game). Game K plays seed --seed + K - 1, and a
 * game depends on its seed alone: several games differ, and each can be played again by itself.
 * Each move is printed as it is played, numbered as PGN numbers moves (1. e2e4, 1... e7e5), with
 * --board the board after it; each game ends with a `result:` line and, with --record, its PGN
 * record (record.c).
 *
 * Ctrl-C (SIGINT) stops the search under way and ends the match there: the game in progress is
 * recorded as unfinished ("interrupted"), the score so far printed, exit status 130. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"
#include "make.h"
#include "movegen.h"
#include "notation.h"
#include "playcommon.h"
#include "oom.h"
#include "posstring.h"
#include "profile.h"
#include "protect.h"
#include "outfile.h"
#include "record.h"
#include "session.h"
#include "shard.h"
#include "wording.h"

#define EXIT_INTERRUPTED 130

typedef struct {
    Args *a;
    Game *g;
    SearchLimits lim, lim2;        /* the engine's, the --opponent's */
    Engine *eng, *eng2;
    int random_opp;
    char ename[64], oname[64], opts[512];
    FILE *rec;                      /* record_file's stream, or NULL */
    OutFile *record_file;
    FILE *results;                  /* --jsonl's stream, or NULL */
    int score[4];                  /* wins of player 0, of player 1, draws, unfinished */
    int mine[3];                   /* with --opponent: the engine's wins, losses, draws */
    int wins[MAX_PLAYERS];         /* games won by each player (the score of 3+ players) */
    uint64_t *profile;             /* --profile: the instructions of every game, summed */
} Match;

static volatile sig_atomic_t interrupted;
static Engine *volatile searching;   /* the engine thinking now: Ctrl-C stops its search */

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
    Engine *e = searching;
    if (e) engine_stop(e);           /* an atomic store: safe in a signal handler */
}

static int setup_opponent(Match *m)
{
    const char *opp = m->a->opponent;
    if (!opp) return 0;
    if (!strcmp(opp, "random")) {
        m->random_opp = 1;
        snprintf(m->oname, sizeof m->oname, "random mover");
        return 0;
    }
    int d = atoi(!strncmp(opp, "depth:", 6) ? opp + 6 : opp);
    if (d < 1 || d > 60) {
        fprintf(stderr, "boardvm: --opponent is 'random' or a depth (1-60), not '%s'\n", opp);
        return 2;
    }
    memset(&m->lim2, 0, sizeof m->lim2);
    m->lim2.depth = d;
    engine_name(&m->lim2, m->oname, sizeof m->oname);
    m->eng2 = engine_new(m->g, 32);
    return 0;
}

/* The move of the side to move: the engine's, the opponent engine's or a random one. */
static void choose_move(Match *m, Pos *p, MoveList *ml, int engine_side, uint64_t *rng,
                        SearchResult *r)
{
    int theirs = m->a->opponent && pos_turn(p) != engine_side;
    if (theirs && m->random_opp) {
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17; /* xorshift, seeded per game */
        memset(r, 0, sizeof *r);
        move_string(m->g, ml, &ml->m[*rng % (uint64_t)ml->n], r->best_str, sizeof r->best_str);
        return;
    }
    searching = theirs ? m->eng2 : m->eng;
    engine_search(searching, p, theirs ? &m->lim2 : &m->lim, r);
    searching = NULL;
}

static void print_move(const Game *g, int first, int ply, int side, const SearchResult *r)
{
    int round = (first + ply) / (g->nplayers > 0 ? g->nplayers : 1) + 1;
    printf("%4d%-4s", round, side == 0 ? "." : "...");
    if (g->nplayers > 2) printf("%-3s", g->player_letter[side]);
    printf("%-12s score %6d depth %2d nodes %9llu %.2fs\n", r->best_str, r->score, r->depth,
           (unsigned long long)r->nodes, r->seconds);
}

/* The result line, and the game counted in the score. */
static void score_game(Match *m, const Pos *p, int engine_side, const char *res, const char *why)
{
    const Game *g = m->g;
    if (!p->result) printf("result: * (unfinished: %s)\n", why);
    else if (p->result == RESULT_DRAW)
        printf("result: %s (draw%s%s)\n", res, *why ? ": " : "", why);
    else {
        int winner = pos_winner(p);
        printf("result: %s (%s wins%s%s)\n", res, winner >= 0 ? g->player_name[winner] : "nobody",
               *why ? ": " : "", why);
    }
    if (!p->result) m->score[3]++;
    else if (p->result == RESULT_DRAW) { m->score[2]++; m->mine[2]++; }
    else {
        int winner = pos_winner(p);
        if (winner >= 0) m->wins[winner]++;
        /* (a game of two sides and dice: the dice are no side) */
        if (game_sides(g) == 2 && winner >= 0 && winner < 2) m->score[winner]++;
        m->mine[winner == engine_side ? 0 : 1]++;
    }
}

/* --jsonl: the game's line (shard.h): its outcome for the first player (0 the first player won,
 * 1 the second, 2 a draw, 3 unfinished) and, with --opponent, for the engine (0 a win, 1 a loss,
 * 2 a draw, 3 unfinished), and its record. */
static void result_line(Match *m, int gi, uint64_t seed, const Pos *p, int engine_side,
                        int plies, const char *res, const char *why, const char *record)
{
    int first = !p->result ? 3 : p->result == RESULT_DRAW ? 2 : pos_winner(p) == 0 ? 0 : 1;
    int mine = first >= 2 ? first : (first == engine_side ? 0 : 1);
    jsonl_begin(m->results, "game", gi + 1);
    jsonl_int(m->results, "seed", (long long)seed);
    jsonl_int(m->results, "outcome", first);
    if (game_sides(m->g) > 2 && p->result && p->result != RESULT_DRAW)
        jsonl_int(m->results, "winner", pos_winner(p));     /* (3+ players: which one won) */
    if (m->a->opponent) {
        jsonl_int(m->results, "engine_side", engine_side);
        jsonl_int(m->results, "engine", mine);
    }
    jsonl_int(m->results, "plies", plies);
    jsonl_str(m->results, "result", res);
    jsonl_str(m->results, "reason", why);
    jsonl_str(m->results, "record", record);
    jsonl_end(m->results);
}

static void record_game(Match *m, int gi, const char *start, const MoveLog *log, const char *res,
                        const char *why, int engine_side, uint64_t seed, const Pos *p)
{
    if (!m->rec && !m->results) return;
    GameRecord gr = { m->g,    "boardvm selfplay",
                      gi + 1,  base_name(m->a->pos[1]),
                      m->opts, start,
                      { 0 },   log->m,
                      log->n,  res,
                      why };
    for (int pl = 0; pl < m->g->nplayers; pl++) gr.player[pl] = m->ename;
    if (m->a->opponent) gr.player[1 - engine_side] = m->oname;
    if (m->rec) record_write_san(m->rec, &gr);
    if (!m->results) return;
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) out_of_memory("a game's record");
    record_write_san(mem, &gr);
    fclose(mem);
    result_line(m, gi, seed, p, engine_side, log->n, res, why, text);
    free(text);
}

/* One game in progress (its moves are played by protected_run: rules code can fail). */
typedef struct {
    Match *m;
    int engine_side, max_plies, first, ply, st;
    uint64_t rng;
    MoveLog log;
} OneGame;

static void play_moves(Pos *p, void *ctx)
{
    OneGame *o = ctx;
    Match *m = o->m;
    const Game *g = m->g;
    for (;;) {
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        if (p->result || ml->n == 0 || o->ply >= o->max_plies || interrupted) return;
        SearchResult r;
        choose_move(m, p, ml, o->engine_side, &o->rng, &r);
        if (interrupted) return;                /* a search cut short: its move is not played */
        ml = pos_list(p, 0);
        node_moves(p, ml);
        int k = move_find(g, ml, r.best_str);
        if (k < 0) {
            fprintf(stderr, "boardvm: internal error: the engine chose '%s', not a legal move\n",
                    r.best_str);
            o->st = 1;
            return;
        }
        print_move(g, o->first, o->ply, pos_turn(p), &r);
        log_add(&o->log, r.best_str);
        pos_make(p, ml, &ml->m[k]);
        if (m->a->board) { show_board(p, stdout); putchar('\n'); }
        fflush(stdout);
        o->ply++;
    }
}

/* "game 2 of 3: FIDE Chess, boardvm depth 3, seed 1 (--seed 1 plays it again)": the seed is
 * said whenever one was given or several games differ by it. */
static void print_game_header(const Match *m, int gi, int games, uint64_t seed, int engine_side)
{
    const Game *g = m->g;
    printf("game %d", gi + 1);
    if (games > 1) printf(" of %d", games);
    printf(": %s, %s", g->name, m->ename);
    if (m->a->opponent) printf(" (%s) against %s", g->player_name[engine_side], m->oname);
    if (games > 1 || seed)
        printf(", seed %llu", (unsigned long long)seed);
    if (games > 1) printf(" (--seed %llu plays it again)", (unsigned long long)seed);
    putchar('\n');
}

/* Game number gi; 0, or an exit status. */
static int play_one_game(Match *m, int gi, int games)
{
    Args *a = m->a;
    Game *g = m->g;
    int status;
    Pos *p = setup_position(g, a->fen, a->moves, a->nmoves, &status);
    if (!p) return status;
    char *start = pos_to_string(p);
    p->profile = m->profile;
    engine_clear(m->eng);
    if (m->eng2) engine_clear(m->eng2);
    /* Everything that varies a game comes from its seed alone (the first game's is --seed, 0
     * by default, the next ones count up from it), so that --seed with a game's seed plays that
     * game again by itself: the engines' noise, the random mover's choices and, with --opponent,
     * the engine's side (the first at an even seed; colours alternate from game to game). */
    uint64_t seed = a->seed + (uint64_t)gi;
    m->lim.seed = seed;
    m->lim2.seed = seed ? seed + 1 : 0;
    OneGame o = { m,
                  (int)(seed % 2),
                  a->max_plies > 0 ? a->max_plies : 600,
                  pos_turn(p),
                  0,
                  0,
                  0x9e3779b97f4a7c15ull ^ seed,
                  { 0 } };
    print_game_header(m, gi, games, seed, o.engine_side);
    if (a->board) { show_board(p, stdout); if (gi == 0) show_legend(g, stdout); putchar('\n'); }
    if (protected_run(p, play_moves, &o)) {
        searching = NULL;
        fprintf(stderr, "%s\n", p->errmsg);
        o.st = 1;
    } else {
        const char *res = p->result ? record_result_string(g, p->result, pos_turn(p)) : "*";
        const char *why = p->result ? reason_of(p) : interrupted ? "interrupted"
                        : o.ply >= o.max_plies ? "move limit reached" : "";
        score_game(m, p, o.engine_side, res, why);
        record_game(m, gi, start, &o.log, res, why, o.engine_side, seed, p);
    }
    free(start);
    log_free(&o.log);
    p->profile = NULL;             /* (the match's) */
    pos_free(p);
    return o.st;
}

/* The closing lines: the players' score (players: their names when there are two and several
 * games, else NULL), and with --opponent the engine's (ename: NULL without one). score: wins of
 * the first player, of the second, draws, unfinished; mine: the engine's wins, losses, draws.
 * `boardvm merge` prints them too. */
void selfplay_score(const char *const *players, const int score[4], const char *ename,
                    const char *oname, const int mine[3])
{
    if (players)
        printf("score: %s %d, %s %d, draws %d, unfinished %d\n", players[0], score[0],
               players[1], score[1], score[2], score[3]);
    if (ename)
        printf("%s against %s: %d %s, %d %s, %d %s, %d unfinished\n", ename, oname,
               mine[0], plural(mine[0], "win", "wins"), mine[1],
               plural(mine[1], "loss", "losses"), mine[2], plural(mine[2], "draw", "draws"),
               score[3]);
}

int cmd_selfplay(Args *a)
{
    if (mcts_args_refused(a)) return 2;
    int status;
    Match m;
    memset(&m, 0, sizeof m);
    m.a = a;
    m.g = load_game(a->pos[1], NULL, a->nopts, a->opts, &status);
    if (!m.g) return status;
    limits_from_args(a, &m.lim, 3);
    m.lim2 = m.lim;
    if (a->record) {
        if (!(m.record_file = outfile_open(a->record))) { game_free(m.g); return 2; }
        m.rec = m.record_file->f;
    }
    if (a->profile)
        m.profile = xcalloc((size_t)m.g->ncode + 1, sizeof *m.profile, "the profile counters");
    m.eng = engine_new(m.g, 32);
    options_string(a, m.opts, sizeof m.opts);
    engine_name(&m.lim, m.ename, sizeof m.ename);
    int st = setup_opponent(&m);
    if (st) {
        engine_free(m.eng);
        if (m.record_file) outfile_abandon(m.record_file);
        game_free(m.g);
        return st;
    }
    int games = a->games > 0 ? a->games : 1;
    OutFile *results = jsonl_open_run(a, "selfplay", a->pos[1], m.g);
    if (a->jsonl && !results) {
        engine_free(m.eng2);
        engine_free(m.eng);
        if (m.record_file) outfile_abandon(m.record_file);
        game_free(m.g);
        return 2;
    }
    if (results) {
        m.results = results->f;
        jsonl_int(m.results, "games", games);
        jsonl_int(m.results, "players", m.g->nplayers);
        jsonl_str(m.results, "first", m.g->player_name[0]);
        jsonl_str(m.results, "second", m.g->nplayers > 1 ? m.g->player_name[1] : "");
        jsonl_str(m.results, "engine", m.ename);
        if (a->opponent) jsonl_str(m.results, "opponent", m.oname);
        jsonl_end(m.results);
    }
    struct sigaction stop = { .sa_handler = on_sigint }, old;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGINT, NULL, &old);
    if (old.sa_handler != SIG_IGN) sigaction(SIGINT, &stop, NULL);
    interrupted = 0;
    for (int gi = 0; !st && gi < games && !interrupted; gi++)
        if (shard_has(a->shard_k, a->shard_n, gi)) st = play_one_game(&m, gi, games);
    selfplay_score(game_sides(m.g) == 2 && games > 1 ? m.g->player_name : NULL, m.score,
                   a->opponent ? m.ename : NULL, m.oname, m.mine);
    if (game_sides(m.g) > 2 && games > 1) {          /* (merge knows two players only) */
        printf("score:");
        for (int pl = 0; pl < m.g->nplayers; pl++)
            if (m.g->active_players >> pl & 1) printf(" %s %d,", m.g->player_name[pl], m.wins[pl]);
        printf(" draws %d, unfinished %d\n", m.score[2], m.score[3]);
    }
    /* The results are written before Ctrl-C kills again: `timeout -s INT` signals the command
     * and then its process group, and under load the second signal came after the handler was
     * put back, and the buffered result and score lines were lost (tests/play-ui.sh). */
    fflush(stdout);
    int lost = m.record_file && outfile_close(m.record_file) != 0;    /* with a message */
    if (results && outfile_close(results) != 0) lost = 1;
    sigaction(SIGINT, &old, NULL);
    if (!st && interrupted) { fprintf(stderr, "boardvm: interrupted\n"); st = EXIT_INTERRUPTED; }
    if (lost && (!st || st == EXIT_INTERRUPTED)) st = 2;
    if (m.profile) profile_report(m.g, m.profile, a->pos[1], stderr);
    free(m.profile);
    engine_free(m.eng2);
    engine_free(m.eng);
    game_free(m.g);
    return st;
}
