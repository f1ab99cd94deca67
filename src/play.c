/* play.c - `boardvm selfplay` (the engine against itself) and `boardvm play` (a person against
 * the engine, in the terminal). Both write game records (record.c). */
#include <ctype.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "commands.h"
#include "make.h"
#include "movegen.h"
#include "notation.h"
#include "posstring.h"
#include "record.h"
#include "search.h"
#include "lineread.h"
#include "session.h"
#ifdef HAVE_LIBEDIT
#include <editline/readline.h>
#endif

/* One line from the player: with line editing and history when libedit is there and the input
 * is a terminal, plain stdio otherwise. Returns 0 at the end of input. */
static void too_long(char *buf, size_t len)
{
    printf("That line is longer than %d characters: ignored.\n", (int)len - 2);
    buf[0] = 0;                                /* the caller skips an empty line */
}

static int read_command(const char *prompt, char *buf, size_t len)
{
#ifdef HAVE_LIBEDIT
    if (isatty(0)) {
        char *l = readline(prompt);
        if (!l) return 0;
        if (*l) add_history(l);
        if (strlen(l) >= len - 1) too_long(buf, len);    /* not cut: a cut move is another move */
        else snprintf(buf, len, "%s", l);
        free(l);
        return 1;
    }
#endif
    fputs(prompt, stdout);
    fflush(stdout);
    /* a line longer than the buffer, or holding a NUL, is refused whole: its rest is never read
     * as the next command (F15, issue 18) */
    switch (read_line(stdin, buf, len)) {
    case LINE_EOF: return 0;
    case LINE_TOO_LONG: too_long(buf, len); break;
    case LINE_NUL: printf("That line holds a NUL byte: ignored.\n"); buf[0] = 0; break;
    }
    return 1;
}

static const char *base_name(const char *p) { const char *s = strrchr(p, '/'); return s ? s + 1 : p; }

static void options_string(const Args *a, char *buf, size_t len)
{
    buf[0] = 0;
    for (int i = 0; i < a->nopts; i++) {
        size_t n = strlen(buf);
        snprintf(buf + n, len - n, "%s%s", i ? " " : "", a->opts[i]);
    }
}

static void limits_from_args(const Args *a, SearchLimits *lim, int default_depth)
{
    memset(lim, 0, sizeof *lim);
    lim->depth = a->depth > 0 ? a->depth : (a->time > 0 || a->nodes ? 0 : default_depth);
    lim->time = a->time;
    lim->nodes = a->nodes;
}

static void engine_name(const SearchLimits *lim, char *buf, size_t len)
{
    if (lim->depth) snprintf(buf, len, "boardvm depth %d", lim->depth);
    else if (lim->nodes) snprintf(buf, len, "boardvm %llu nodes", (unsigned long long)lim->nodes);
    else snprintf(buf, len, "boardvm %.1fs", lim->time);
}

static const char *reason_of(const Pos *p)
{
    return p->result_reason ? p->g->strings[p->result_reason - 1] : "";
}

/* The moves of a game so far, for the record. */
typedef struct { char **m; int n, cap; } MoveLog;
static void log_add(MoveLog *l, const char *s)
{
    if (l->n == l->cap) { l->cap = l->cap ? 2 * l->cap : 64; l->m = realloc(l->m, sizeof *l->m * (size_t)l->cap); }
    l->m[l->n++] = strdup(s);
}
static void log_pop(MoveLog *l) { if (l->n) free(l->m[--l->n]); }
static void log_free(MoveLog *l) { while (l->n) log_pop(l); free(l->m); l->m = NULL; l->cap = 0; }

int cmd_selfplay(Args *a)
{
    if (a->npos < 2) { fprintf(stderr, "boardvm: selfplay needs a rules file\n"); return 2; }
    int status;
    Game *g = load_game(a->pos[1], NULL, a->nopts, a->opts, &status);
    if (!g) return status;
    SearchLimits lim;
    limits_from_args(a, &lim, 3);
    int games = a->games > 0 ? a->games : 1;
    int max_plies = a->max_plies > 0 ? a->max_plies : 600;
    FILE *rec = NULL;
    if (a->record) {
        rec = fopen(a->record, "w");
        if (!rec) { perror(a->record); game_free(g); return 2; }
    }
    Engine *eng = engine_new(g, 32), *eng2 = NULL;
    char opts[512]; options_string(a, opts, sizeof opts);
    char ename[64]; engine_name(&lim, ename, sizeof ename);
    /* --opponent: the engine above plays one side (alternating by game), this the other */
    int random_opp = 0;
    SearchLimits lim2 = lim;
    char oname[64] = "";
    if (a->opponent) {
        if (!strcmp(a->opponent, "random")) { random_opp = 1; snprintf(oname, sizeof oname, "random mover"); }
        else {
            int d = atoi(!strncmp(a->opponent, "depth:", 6) ? a->opponent + 6 : a->opponent);
            if (d < 1 || d > 60) { fprintf(stderr, "boardvm: --opponent is 'random' or a depth (1-60), not '%s'\n", a->opponent); engine_free(eng); game_free(g); if (rec) fclose(rec); return 2; }
            memset(&lim2, 0, sizeof lim2);
            lim2.depth = d;
            engine_name(&lim2, oname, sizeof oname);
            eng2 = engine_new(g, 32);
        }
    }
    int score[4] = {0};       /* wins of player 0, of player 1, draws, unfinished */
    int mine[3] = {0};        /* with --opponent: the engine's wins, losses, draws */
    int st = 0;
    for (int gi = 0; gi < games; gi++) {
        jmp_buf jb;
        Pos *volatile p = NULL;
        char *volatile start = NULL;      /* volatile: set after setjmp, freed after a longjmp */
        MoveLog log = {0};
        if (setjmp(jb)) {
            fprintf(stderr, "%s\n", p ? p->errmsg : "error");
            st = 1;
            pos_free(p); log_free(&log); free(start);
            break;
        }
        p = setup_position(g, a->fen, a->moves, a->nmoves, &jb, &status);
        if (!p) { st = status; break; }
        start = pos_to_string(p);
        engine_clear(eng);
        if (eng2) engine_clear(eng2);
        lim.seed = a->seed ? a->seed + (uint64_t)gi * 7919 : 0;
        lim2.seed = lim.seed ? lim.seed + 1 : 0;
        uint64_t rng = 0x9e3779b97f4a7c15ull ^ (a->seed + (uint64_t)gi);
        int engine_side = gi % 2;                 /* with --opponent: colours alternate */
        if (a->opponent) printf("game %d: %s, %s (%s) against %s\n", gi + 1, g->name, ename,
                                g->player_name[engine_side], oname);
        else printf("game %d: %s, %s\n", gi + 1, g->name, ename);
        int ply = 0;
        MoveList *ml = NULL;
        for (;;) {
            ml = pos_list(p, 0);
            node_moves(p, ml);
            if (p->result || ml->n == 0 || ply >= max_plies) break;
            SearchResult r;
            if (a->opponent && pos_turn(p) != engine_side && random_opp) {
                /* a random legal move (xorshift, seeded per game) */
                rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
                memset(&r, 0, sizeof r);
                move_string(g, ml, &ml->m[rng % (uint64_t)ml->n], r.best_str, sizeof r.best_str);
            } else if (a->opponent && pos_turn(p) != engine_side) engine_search(eng2, p, &lim2, &r);
            else engine_search(eng, p, &lim, &r);
            ml = pos_list(p, 0);
            node_moves(p, ml);
            int k = move_find(g, ml, r.best_str);
            if (k < 0) { fprintf(stderr, "boardvm: internal error: the engine chose '%s', not a legal move\n", r.best_str); st = 1; break; }
            printf("%3d. %-4s %-12s score %6d depth %2d nodes %9llu %.2fs\n", ply + 1, g->player_letter[pos_turn(p)],
                   r.best_str, r.score, r.depth, (unsigned long long)r.nodes, r.seconds);
            fflush(stdout);
            log_add(&log, r.best_str);
            pos_make(p, ml, &ml->m[k]);
            ply++;
        }
        const char *res = p->result ? record_result_string(g, p->result, pos_turn(p)) : "*";
        const char *why = p->result ? reason_of(p) : ply >= max_plies ? "move limit reached" : "";
        if (!p->result) printf("result: * (unfinished: %s)\n", why);
        else if (p->result == RESULT_DRAW) printf("result: %s (draw%s%s)\n", res, *why ? ": " : "", why);
        else {
            int winner = p->result == RESULT_WIN ? pos_turn(p) : (pos_turn(p) + 1) % g->nplayers;
            printf("result: %s (%s wins%s%s)\n", res, g->player_name[winner], *why ? ": " : "", why);
        }
        if (!p->result) score[3]++;
        else if (p->result == RESULT_DRAW) { score[2]++; mine[2]++; }
        else {
            int winner = (p->result == RESULT_WIN) == (pos_turn(p) == 0) ? 0 : 1;
            score[winner]++;
            mine[winner == engine_side ? 0 : 1]++;
        }
        if (rec) {
            GameRecord gr = { g, base_name(a->pos[1]), opts, start, { ename, ename, ename, ename, ename, ename, ename, ename },
                              log.m, log.n, res, why };
            if (a->opponent) gr.player[1 - engine_side] = oname;
            record_write(rec, &gr);
        }
        free(start);
        log_free(&log);
        pos_free(p);
        if (st) break;
    }
    if (games > 1 && g->nplayers == 2)
        printf("score: %s %d, %s %d, draws %d, unfinished %d\n", g->player_name[0], score[0], g->player_name[1], score[1], score[2], score[3]);
    if (a->opponent)
        printf("%s against %s: %d wins, %d losses, %d draws, %d unfinished\n", ename, oname, mine[0], mine[1], mine[2], score[3]);
    engine_free(eng2);
    if (rec) fclose(rec);
    engine_free(eng);
    game_free(g);
    return st;
}

static void print_help(void)
{
    printf("Type a move (e2e4, e7e8=Q, N@e4), or: moves, undo, hint, show, save FILE, quit, help.\n");
}

int cmd_play(Args *a)
{
    if (a->npos < 2) { fprintf(stderr, "boardvm: play needs a rules file\n"); return 2; }
    int status;
    Game *g = load_game(a->pos[1], NULL, a->nopts, a->opts, &status);
    if (!g) return status;
    volatile int human = 0;
    if (a->as) {
        human = -1;
        for (int k = 0; k < g->nplayers; k++)
            if (!strcasecmp(a->as, g->player_name[k]) || !strcmp(a->as, g->player_letter[k])) human = k;
        if (human < 0) {
            fprintf(stderr, "boardvm: --as %s: the players are", a->as);
            for (int pl = 0; pl < g->nplayers; pl++) fprintf(stderr, " %s", g->player_name[pl]);
            fprintf(stderr, "\n");
            game_free(g);
            return 2;
        }
    }
    SearchLimits lim;
    limits_from_args(a, &lim, 0);
    if (!lim.depth && lim.time <= 0 && !lim.nodes) lim.time = 2.0;
    jmp_buf jb;
    Pos *volatile p = NULL;
    Engine *volatile eng = engine_new(g, 64);
    MoveLog log = {0};
    /* set after setjmp and freed after a longjmp (a runtime error in rules code): volatile */
    char *volatile start = NULL;
    char *volatile loaded_pos = NULL; char **volatile loaded = NULL; volatile int nloaded = 0;
    if (setjmp(jb)) {
        fprintf(stderr, "%s\n", p ? p->errmsg : "error");
        for (int i = 0; i < nloaded; i++) free(loaded[i]);
        free(loaded); free(loaded_pos); free(start);
        pos_free(p); engine_free(eng); log_free(&log); game_free(g);
        return 1;
    }
    const char *fen = a->fen;
    if (a->load) {
        size_t len; char err[128];
        char *lpos = NULL, **lmoves = NULL; int nl = 0;
        char *text = read_file(a->load, &len);
        if (!text || !record_read(text, &lpos, &lmoves, &nl, err, sizeof err)) {
            if (text) fprintf(stderr, "boardvm: %s: %s\n", a->load, err);
            free(text); engine_free(eng); game_free(g); return text ? 1 : 2;
        }
        free(text);
        loaded_pos = lpos; loaded = lmoves; nloaded = nl;
        if (loaded_pos) fen = loaded_pos;
    }
    p = setup_position(g, fen, NULL, 0, &jb, &status);
    if (!p) {
        for (int i = 0; i < nloaded; i++) free(loaded[i]);
        free(loaded); free(loaded_pos);
        engine_free(eng); game_free(g); return status;
    }
    start = pos_to_string(p);
    for (int i = 0; i < nloaded; i++) {
        if (!play_move(p, loaded[i], i + 1)) break;
        log_add(&log, loaded[i]);
    }
    for (int i = 0; i < nloaded; i++) free(loaded[i]);
    free(loaded); free(loaded_pos);
    loaded = NULL; loaded_pos = NULL; nloaded = 0;
    int interactive = isatty(0);
    printf("%s: you play %s. ", g->name, g->player_name[human]);
    print_help();
    char line[1024];
    int shown = 0;
    for (;;) {
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        if (!shown) { show_board(p, stdout); shown = 1; }
        if (p->result || ml->n == 0) {
            static const char *rn[] = { "", "wins", "loses", "draws" };
            const char *why = reason_of(p);
            printf("Game over: %s %s%s%s.\n", g->player_name[pos_turn(p)], rn[p->result ? p->result : RESULT_LOSS],
                   *why ? ": " : "", why);
            if (!interactive) break;
        }
        if (!p->result && ml->n && pos_turn(p) != human) {
            SearchResult r;
            engine_search(eng, p, &lim, &r);
            ml = pos_list(p, 0);
            node_moves(p, ml);
            int k = move_find(g, ml, r.best_str);
            if (k < 0) { fprintf(stderr, "boardvm: internal error: engine move '%s'\n", r.best_str); break; }
            printf("%s plays %s (score %d, depth %d, %.1fs)\n", g->player_name[pos_turn(p)], r.best_str, r.score, r.depth, r.seconds);
            log_add(&log, r.best_str);
            pos_make(p, ml, &ml->m[k]);
            shown = 0;
            continue;
        }
        char prompt[64];
        snprintf(prompt, sizeof prompt, "%s> ", g->player_name[pos_turn(p)]);
        if (!read_command(prompt, line, sizeof line)) { printf("\n"); break; }
        char *cmd = line;
        while (isspace((unsigned char)*cmd)) cmd++;
        cmd[strcspn(cmd, "\r\n")] = 0;
        if (!*cmd) continue;
        if (!strcmp(cmd, "quit") || !strcmp(cmd, "exit")) break;
        if (!strcmp(cmd, "help")) { print_help(); continue; }
        if (!strcmp(cmd, "show")) { shown = 0; continue; }
        if (!strcmp(cmd, "moves")) {
            int *order = malloc(sizeof *order * (size_t)(ml->n + 1));
            move_sorted(g, ml, order);
            for (int i = 0; i < ml->n; i++) { char b[MOVE_STR_MAX]; move_string(g, ml, &ml->m[order[i]], b, sizeof b); printf("%s%s", i ? " " : "", b); }
            printf("\n");
            free(order);
            continue;
        }
        if (!strcmp(cmd, "undo")) {
            /* take back the engine's reply and the player's move */
            int n = p->nundo >= 2 && log.n >= 2 ? 2 : p->nundo >= 1 && log.n >= 1 ? 1 : 0;
            if (!n) { printf("Nothing to undo.\n"); continue; }
            for (int i = 0; i < n; i++) { pos_unmake(p); log_pop(&log); }
            shown = 0;
            continue;
        }
        if (!strcmp(cmd, "hint")) {
            SearchResult r;
            engine_search(eng, p, &lim, &r);
            printf("Hint: %s (score %d)\n", r.best_str, r.score);
            continue;
        }
        if (!strncmp(cmd, "save", 4) && (cmd[4] == ' ' || !cmd[4])) {
            const char *file = cmd + 4;
            while (*file == ' ') file++;
            if (!*file) { printf("save needs a file name\n"); continue; }
            FILE *f = fopen(file, "w");
            if (!f) { perror(file); continue; }
            char opts[512]; options_string(a, opts, sizeof opts);
            char ename[64]; engine_name(&lim, ename, sizeof ename);
            GameRecord gr = { g, base_name(a->pos[1]), opts, start, {0}, log.m, log.n,
                              p->result ? record_result_string(g, p->result, pos_turn(p)) : "*", reason_of(p) };
            for (int pl = 0; pl < g->nplayers; pl++) gr.player[pl] = pl == human ? "human" : ename;
            record_write(f, &gr);
            fclose(f);
            printf("Saved to %s.\n", file);
            continue;
        }
        if (p->result) { printf("The game is over (undo, save or quit).\n"); continue; }
        if (!play_move(p, cmd, log.n + 1)) continue;    /* play_move said why */
        log_add(&log, cmd);
        shown = 0;
    }
    free(start);
    log_free(&log);
    pos_free(p);
    engine_free(eng);
    game_free(g);
    return 0;
}
