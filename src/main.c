/* main.c - the `boardvm` command: argument parsing and the subcommands.
 * Exit status: 0 success; 1 bad rules file, bad position or move, failed tests; 2 bad usage or an
 * unreadable file. */
#include <ctype.h>
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "maxima.h"
#include "make.h"
#include "commands.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "posstring.h"
#include "profile.h"
#include "record.h"
#include "session.h"
#include "vm.h"
#ifdef HAVE_SERVE
#include "gamejson.h"
#endif

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif

static const char usage_text[] =
"usage: boardvm COMMAND [ARGS] [OPTIONS]\n"
"\n"
"Commands:\n"
"  check FILE                 compile a rules file and report errors\n"
"  disasm FILE                show the bytecode of a rules file\n"
"  disasm --list-opcodes      list the instruction set\n"
"  show FILE                  draw the position, its position string and its result\n"
"  moves FILE                 list the legal moves, one per line, sorted\n"
"  perft FILE DEPTH           count the leaves of the move tree (the total is the last line)\n"
"  test FILE.test...          run test files (TAP output, then 'N passed, N failed')\n"
"  test --update FILE.test... write each case's current moves: and perft: into the file (a\n"
"                             guard against change, not a proof of correctness)\n"
"  diff A B [--depth N]       compare two move generators (rules files, or --uci 'ENGINE') by\n"
"                             perft divide; narrow a difference to one position (diff --help)\n"
"  bench [FILE...]            perft and search speed, medians of several runs: one game, or\n"
"                             several side by side (no FILE: chess, xiangqi, shogi)\n"
"  bench --list LIST          the same for the games, depths and positions listed in LIST\n"
"  selfplay FILE              the engine plays itself; prints each move and the result\n"
"  play FILE                  play against the engine in the terminal\n"
"  match FILE                 engine A against engine B: score, Elo with a 95 % interval, SPRT\n"
"  xboard FILE                speak the XBoard/CECP protocol (for GUIs)\n"
"  serve FILE                 a local web server: see and play the game in a browser\n"
"  svg FILE                   the position as an SVG picture (as the web board draws it)\n"
"\n"
"Options:\n"
"  --fen POSITION             start from this position string (FEN for chess.rules)\n"
"  --moves MOVE...            then play these moves (e2e4 e7e5 ...)\n"
"  -o, --option NAME[=VALUE]  set a game option (repeatable)\n"
"  --divide                   perft: the count below each move\n"
"  --every-ply                moves: the legal moves of every position along --moves, one\n"
"                             line each (for cross-checks: one run instead of one per ply)\n"
"  --check-hash               perft: check the incremental hash against a recompute (slow)\n"
"  --work N                   perft/moves/show/test/bench/svg: stop with an error after N\n"
"                             million steps of rules code in all (default 10000)\n"
"  --profile                  perft: count the instructions each program and rules line runs\n"
"  --depth N, --runs N        bench: perft depth (default 5 for one game, else the first\n"
"                             with 50000 leaves) and number of runs (default 5)\n"
"  --depth N, --time S        selfplay/play: search depth, or seconds per move\n"
"  --nodes N                  selfplay/play: at most N search nodes per move\n"
"  --games N, --seed N        selfplay: number of games; a seed that varies the play (0: none)\n"
"  --record FILE              selfplay: write the game records (PGN-like) to FILE\n"
"  --max-plies N              selfplay: stop a game after N plies (default 600)\n"
"  --opponent random|DEPTH    selfplay: play against a random mover or a fixed depth (sides alternate)\n"
"  --as SIDE, --load FILE     play: the side you play (default the first); a game record to go on from\n"
"  --game FILE                show/moves/perft/svg: start from the end of a game record\n"
"  --json                     show/moves: the game, position and legal moves as JSON\n"
"  --port N, --address A      serve: the port (default 8080; 0: any free one) and the IPv4\n"
"                             address to listen on (default 127.0.0.1: this machine only)\n"
"  -h, --help                 this help;  -V, --version  the version\n"
"\n"
"See boardvm(1) and, for the rules language, boardvm-rules(5).\n";

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "boardvm: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'boardvm --help'.\n");
    return 2;
}

static int parse_args(int argc, char **argv, Args *a)
{
    memset(a, 0, sizeof *a);
    a->opts = calloc((size_t)argc + 1, sizeof *a->opts);
    a->capmoves = argc + 16;
    a->moves = calloc((size_t)a->capmoves, sizeof *a->moves);
    a->copies = calloc((size_t)argc + 1, sizeof *a->copies);
    a->pos = calloc((size_t)argc + 1, sizeof *a->pos);
    a->depth = -1; a->runs = 5; a->port = -1; a->work = DEFAULT_WORK_MILLIONS * 1000000L;
    if (!a->opts || !a->moves || !a->pos || !a->copies) abort();
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "-h") || !strcmp(s, "--help")) a->help = 1;
        else if (!strcmp(s, "-V") || !strcmp(s, "--version")) a->version = 1;
        else if (!strcmp(s, "--divide")) a->divide = 1;
        else if (!strcmp(s, "--every-ply")) a->every_ply = 1;
        else if (!strcmp(s, "--list-opcodes")) a->list_opcodes = 1;
        else if (!strcmp(s, "--check-hash")) a->check_hash = 1;
        else if (!strcmp(s, "--profile")) a->profile = 1;
        else if (!strcmp(s, "--json")) a->json = 1;
        else if (!strcmp(s, "--update")) a->update = 1;
        else if (!strcmp(s, "-o") || !strcmp(s, "--option")) {
            if (++i >= argc) return usage_error("%s needs NAME[=VALUE]", s);
            a->opts[a->nopts++] = argv[i];
        } else if (!strncmp(s, "--option=", 9)) a->opts[a->nopts++] = argv[i] + 9;
        else if (!strcmp(s, "--fen")) {
            if (++i >= argc) return usage_error("%s needs a position string", s);
            a->fen = argv[i];
        } else if (!strncmp(s, "--fen=", 6)) a->fen = s + 6;
        else if (!strcmp(s, "--moves")) {
            while (i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0) {
                /* a quoted list "e2e4 e7e5" is split into moves */
                char *copy = strdup(argv[++i]);
                a->copies[a->ncopies++] = copy;
                for (char *t = strtok(copy, " \t\n"); t; t = strtok(NULL, " \t\n")) {
                    if (a->nmoves >= a->capmoves) {
                        a->capmoves *= 2;
                        a->moves = realloc(a->moves, sizeof *a->moves * (size_t)a->capmoves);
                        if (!a->moves) abort();
                    }
                    a->moves[a->nmoves++] = t;
                }
            }
        } else if (!strcmp(s, "--depth") || !strcmp(s, "--runs") || !strcmp(s, "--games") || !strcmp(s, "--max-plies")) {
            if (++i >= argc) return usage_error("%s needs a number", s);
            char *end; long v = strtol(argv[i], &end, 10);
            if (*end || v < 1 || v > 100000) return usage_error("'%s' is not a positive number", argv[i]);
            if (!strcmp(s, "--depth")) a->depth = (int)v;
            else if (!strcmp(s, "--runs")) a->runs = (int)v;
            else if (!strcmp(s, "--games")) a->games = (int)v;
            else a->max_plies = (int)v;
        } else if (!strcmp(s, "--work")) {
            if (++i >= argc) return usage_error("%s needs a number (millions of steps)", s);
            char *end; errno = 0; long v = strtol(argv[i], &end, 10);
            if (!isdigit((unsigned char)argv[i][0]) || *end || errno == ERANGE || v < 1 || v > MAX_WORK_OPTION)
                return usage_error("--work '%s' is not a number of million steps from 1 to 1000000000", argv[i]);
            a->work = v * 1000000L;
        } else if (!strcmp(s, "--port")) {
            if (++i >= argc) return usage_error("%s needs a number", s);
            char *end; long v = strtol(argv[i], &end, 10);
            if (!*argv[i] || *end || v < 0 || v > 65535) return usage_error("'%s' is not a port number (0 to 65535)", argv[i]);
            a->port = (int)v;
        } else if (!strcmp(s, "--address")) {
            if (++i >= argc) return usage_error("%s needs an address", s);
            a->address = argv[i];
        } else if (!strcmp(s, "--nodes") || !strcmp(s, "--seed")) {
            if (++i >= argc) return usage_error("%s needs a number", s);
            /* strtoull takes "-1" (and " -1") as 2^64-1: a node limit that never comes. Only
             * digits are a number here; one that does not fit 64 bits is refused too. */
            char *end; errno = 0;
            unsigned long long v = strtoull(argv[i], &end, 10);
            if (!isdigit((unsigned char)argv[i][0]) || *end || errno == ERANGE || (!v && !strcmp(s, "--nodes")))
                return usage_error(!strcmp(s, "--nodes") ? "'%s' is not a positive number" : "'%s' is not a number", argv[i]);
            if (!strcmp(s, "--nodes")) a->nodes = v; else a->seed = v;
        } else if (!strcmp(s, "--time")) {
            if (++i >= argc) return usage_error("%s needs seconds", s);
            char *end; a->time = strtod(argv[i], &end);
            if (*end || !(a->time > 0) || a->time > 1e6) return usage_error("'%s' is not a positive number of seconds", argv[i]);
        } else if (!strcmp(s, "--as") || !strcmp(s, "--record") || !strcmp(s, "--load") || !strcmp(s, "--game") ||
                   !strcmp(s, "--opponent") || !strcmp(s, "--list")) {
            if (++i >= argc) return usage_error("%s needs an argument", s);
            if (!strcmp(s, "--as")) a->as = argv[i];
            else if (!strcmp(s, "--record")) a->record = argv[i];
            else if (!strcmp(s, "--load")) a->load = argv[i];
            else if (!strcmp(s, "--opponent")) a->opponent = argv[i];
            else if (!strcmp(s, "--list")) a->list = argv[i];
            else a->game = argv[i];
        } else if (s[0] == '-' && s[1] && !(s[1] >= '0' && s[1] <= '9')) return usage_error("unknown option '%s'", s);
        else a->pos[a->npos++] = argv[i];
    }
    return 0;
}

static void free_args(Args *a)
{
    for (int i = 0; i < a->ncopies; i++) free(a->copies[i]);
    free(a->opts); free(a->moves); free(a->pos); free(a->copies);
}

/* Load the rules file and the position every position command works on. */
static int open_position(Args *a, Game **g, Pos **p, jmp_buf *jb)
{
    int status;
    if (a->npos < 2) return usage_error("%s needs a rules file", a->pos[0]);
    *g = load_game(a->pos[1], NULL, a->nopts, a->opts, &status);
    if (!*g) return status;
    const char *fen = a->fen;
    char *rpos = NULL; char **rmoves = NULL; int nr = 0;
    if (a->game) {                     /* a game record: its start, its moves, then --moves */
        size_t len; char err[128];
        char *text = read_file(a->game, &len);
        if (!text) { game_free(*g); return 2; }
        if (!record_read(text, &rpos, &rmoves, &nr, err, sizeof err)) {
            fprintf(stderr, "boardvm: %s: %s\n", a->game, err);
            free(text); game_free(*g); return 1;
        }
        free(text);
        if (rpos && !fen) fen = rpos;
        rmoves = realloc(rmoves, sizeof *rmoves * (size_t)(nr + a->nmoves + 1));
        for (int i = 0; i < a->nmoves; i++) rmoves[nr + i] = strdup(a->moves[i]);
        nr += a->nmoves;
    }
    *p = setup_position(*g, fen, a->game ? rmoves : a->moves, a->game ? nr : a->nmoves, jb, &status);
    for (int i = 0; i < nr; i++) free(rmoves[i]);
    free(rmoves); free(rpos);
    if (!*p) { game_free(*g); return status; }
    return 0;
}

static int cmd_check(Args *a)
{
    int status;
    if (a->npos < 2) return usage_error("%s needs a rules file", "check");
    int worst = 0;
    for (int i = 1; i < a->npos; i++) {
        Game *g = load_game(a->pos[i], NULL, a->nopts, a->opts, &status);
        if (!g) { if (status > worst) worst = status; continue; }
        /* the start position must be valid too */
        jmp_buf jb;
        Pos *p = NULL;
        if (setjmp(jb)) { fprintf(stderr, "%s\n", p ? p->errmsg : "error"); if (!worst) worst = 1; game_free(g); continue; }
        p = setup_position(g, NULL, NULL, 0, &jb, &status);
        if (!p) { if (!worst) worst = 1; game_free(g); continue; }
        printf("%s: ok: \"%s\", %d players, %d squares, %d piece types, %d programs, %d code words\n",
               a->pos[i], g->name, g->nplayers, g->nsq, g->ntypes, g->nfns, g->ncode);
        pos_free(p);
        game_free(g);
    }
    return worst;
}

/* moves --every-ply: the sorted legal moves of the first position and of the position after
 * each move of --moves, one line per position (empty once the game is over). Replaying the
 * game once costs one generation per ply; a run per ply would cost one per earlier ply too. */
static int cmd_moves_every_ply(Args *a)
{
    Game *g; Pos *p = NULL; jmp_buf jb;
    int nmoves = a->nmoves;
    a->nmoves = 0;                      /* set up the first position only; play them below */
    int st = open_position(a, &g, &p, &jb);
    a->nmoves = nmoves;
    if (st) return st;
    if (setjmp(jb)) { fflush(stdout); fprintf(stderr, "%s\n", p->errmsg); pos_free(p); game_free(g); return 1; }
    for (int k = 0; ; k++) {
        MoveList *mlp = pos_list(p, 0);
        node_moves(p, mlp);
        MoveList ml = *mlp;
        int *order = malloc(sizeof *order * (size_t)(ml.n + 1));
        if (!order) abort();
        move_sorted(g, &ml, order);
        for (int i = 0; i < ml.n; i++) {
            char buf[MOVE_STR_MAX]; move_string(g, &ml, &ml.m[order[i]], buf, sizeof buf);
            printf(i ? " %s" : "%s", buf);
        }
        printf("\n");
        free(order);
        if (k == nmoves) break;
        if (!play_move(p, a->moves[k], k + 1)) { pos_free(p); game_free(g); return 1; }
    }
    pos_free(p); game_free(g);
    return 0;
}

static int cmd_moves(Args *a, int show)
{
    Game *g; Pos *p = NULL; jmp_buf jb;
    if (a->every_ply && (show || a->game || a->json)) return usage_error("%s", "--every-ply goes with moves and --moves, not with show, --game or --json");
    if (a->every_ply) return cmd_moves_every_ply(a);
    int st = open_position(a, &g, &p, &jb);
    if (st) return st;
    if (setjmp(jb)) { fprintf(stderr, "%s\n", p->errmsg); pos_free(p); game_free(g); return 1; }
    if (a->json) {
#ifdef HAVE_SERVE
        print_json(p, show, stdout);
        pos_free(p); game_free(g);
        return 0;
#else
        pos_free(p); game_free(g);
        fprintf(stderr, "boardvm: --json needs jansson, which this boardvm was built without "
                        "(Debian: apt-get install libjansson-dev libmicrohttpd-dev; ./configure)\n");
        return 2;
#endif
    }
    MoveList *mlp = pos_list(p, 0);     /* owned by p: freed even after a runtime error */
    node_moves(p, mlp);
    MoveList ml = *mlp;
    int *order = malloc(sizeof *order * (size_t)(ml.n + 1));
    move_sorted(g, &ml, order);
    if (show) {
        show_board(p, stdout);
        char *s = pos_to_string(p);
        printf("position: %s\n", s);
        free(s);
        printf("to move: %s\n", g->player_name[pos_turn(p)]);
        if (p->result) {
            static const char *res[] = { "", "wins", "loses", "draw" };
            printf("result: %s %s%s%s\n", g->player_name[pos_turn(p)], res[p->result],
                   p->result_reason ? ": " : "", p->result_reason ? g->strings[p->result_reason - 1] : "");
        } else {
            printf("legal moves (%d):", ml.n);
            for (int i = 0; i < ml.n; i++) {
                char buf[MOVE_STR_MAX]; move_string(g, &ml, &ml.m[order[i]], buf, sizeof buf);
                printf(" %s", buf);
            }
            printf("\n");
        }
    } else {
        for (int i = 0; i < ml.n; i++) {
            char buf[MOVE_STR_MAX]; move_string(g, &ml, &ml.m[order[i]], buf, sizeof buf);
            printf("%s\n", buf);
        }
        if (p->result) {
            static const char *res[] = { "", "win", "loss", "draw" };
            fprintf(stderr, "boardvm: the game is over: %s for %s%s%s\n", res[p->result], g->player_name[pos_turn(p)],
                    p->result_reason ? ", " : "", p->result_reason ? g->strings[p->result_reason - 1] : "");
        }
    }
    free(order);
    pos_free(p); game_free(g);
    return 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmd_perft(Args *a)
{
    if (a->npos < 3) return usage_error("%s", "perft needs a rules file and a depth");
    char *end; long depth = strtol(a->pos[2], &end, 10);
    if (*end || depth < 0 || depth > 30) return usage_error("perft depth must be 0 to 30, not '%s'", a->pos[2]);
    Game *g; Pos *p = NULL; jmp_buf jb;
    int st = open_position(a, &g, &p, &jb);
    if (st) return st;
    if (setjmp(jb)) { fprintf(stderr, "%s\n", p->errmsg); free(p->profile); pos_free(p); game_free(g); return 1; }
    p->check_hash = a->check_hash;
    if (a->profile && !(p->profile = calloc((size_t)g->ncode + 1, sizeof *p->profile))) abort();
    double t0 = now();
    uint64_t total = 0;
    if (a->divide && depth >= 1) {
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        int *order = malloc(sizeof *order * (size_t)(ml->n + 1));
        move_sorted(g, ml, order);
        for (int i = 0; i < ml->n; i++) {
            char buf[MOVE_STR_MAX]; move_string(g, ml, &ml->m[order[i]], buf, sizeof buf);
            pos_make(p, ml, &ml->m[order[i]]);
            uint64_t n = perft(p, (int)depth - 1, 1);
            pos_unmake(p);
            printf("%s %llu\n", buf, (unsigned long long)n);
            total += n;
        }
        free(order);
    } else total = perft(p, (int)depth, 0);
    double dt = now() - t0;
    fprintf(stderr, "perft %ld: %llu leaves in %.3f s (%.0f leaves/s)\n", depth, (unsigned long long)total, dt,
            dt > 0 ? total / dt : 0.0);
    printf("%llu\n", (unsigned long long)total);
    if (p->profile) { profile_report(g, p->profile, a->pos[1], stderr); free(p->profile); p->profile = NULL; }
    pos_free(p); game_free(g);
    return 0;
}

int main(int argc, char **argv)
{
#ifdef BOARDVM_MAXIMA
    atexit(maxima_report);
#endif
    /* diff has options per side (each rules file its own --option): it reads its own arguments */
    if (argc > 1 && !strcmp(argv[1], "diff")) return cmd_diff(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "match")) return cmd_match(argc, argv);   /* match.c: its own options */
    Args a;
    int st = parse_args(argc, argv, &a);
    if (st) { free_args(&a); return st; }
    if (a.version) { printf("boardvm %s\n", PACKAGE_VERSION); free_args(&a); return 0; }
    if (a.help || a.npos == 0) {
        fputs(usage_text, a.help ? stdout : stderr);
        free_args(&a);
        return a.help ? 0 : 2;
    }
    const char *cmd = a.pos[0];
    /* the commands that run rules code without a search's limits have a bound on their work
     * (the search commands are bounded by --time, --nodes and --depth, move by move) */
    static const char *const bounded[] = { "show", "moves", "perft", "test", "bench", "svg" };
    for (size_t i = 0; i < sizeof bounded / sizeof *bounded; i++)
        if (!strcmp(cmd, bounded[i])) vm_command_work = a.work;
    if (!strcmp(cmd, "check")) st = cmd_check(&a);
    else if (!strcmp(cmd, "disasm")) st = cmd_disasm(&a);
    else if (!strcmp(cmd, "show")) st = cmd_moves(&a, 1);
    else if (!strcmp(cmd, "moves")) st = cmd_moves(&a, 0);
    else if (!strcmp(cmd, "perft")) st = cmd_perft(&a);
    else if (!strcmp(cmd, "test")) st = cmd_test(&a);
    else if (!strcmp(cmd, "bench")) st = cmd_bench(&a);
    else if (!strcmp(cmd, "selfplay")) st = cmd_selfplay(&a);
    else if (!strcmp(cmd, "play")) st = cmd_play(&a);
    else if (!strcmp(cmd, "xboard")) st = cmd_xboard(&a);
    else if (!strcmp(cmd, "serve")) st = cmd_serve(&a);
    else if (!strcmp(cmd, "svg")) st = cmd_svg(&a);
    else st = usage_error("unknown command '%s'", cmd);
    free_args(&a);
    return st;
}
