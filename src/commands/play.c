/* play.c - `boardvm play FILE`: a person against the engine, in the terminal. The board is drawn
 * with a key to its letters, the banner shows what this game's moves look like, a refused move
 * says why (session.c), and `save FILE` writes the game's PGN record (record.c). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "commands.h"
#include "lineread.h"
#include "make.h"
#include "move_examples.h"
#include "movegen.h"
#include "notation.h"
#include "oom.h"
#include "playcommon.h"
#include "posstring.h"
#include "protect.h"
#include "record.h"
#include "session.h"
#ifdef HAVE_LIBEDIT
#include <editline/readline.h>
#include "dynlib.h"

/* libedit, loaded when the prompt is a terminal (dynlib.h: every other command, and `play`
 * reading a pipe, does without its memory). EDIT_SONAME is the soname configure found. */
static struct {
    __typeof__(readline) *readline;
    __typeof__(add_history) *add_history;
} edit;
static const DynSym edit_syms[] = {
    { "readline", (void **)&edit.readline }, { "add_history", (void **)&edit.add_history },
};

/* Whether line editing is there; when it is not, says once why (the prompt still works). */
static int edit_loaded(void)
{
    static int said;
    const char *why;
    if (dynlib_load(EDIT_SONAME, edit_syms, (int)(sizeof edit_syms / sizeof *edit_syms), &why))
        return 1;
    if (!said++) fprintf(stderr, "boardvm: no line editing: %s\n", why);
    return 0;
}
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
    if (isatty(0) && edit_loaded()) {
        char *l = edit.readline(prompt);
        if (!l) return 0;
        if (*l) edit.add_history(l);
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

/* The game a person plays: the position, the engine, the moves so far. */
typedef struct {
    Args *a;
    Game *g;
    Pos *p;
    Engine *eng;
    SearchLimits lim;
    MoveLog log;
    char *start;
    int human;
    int first;                     /* the side to move at the start (of --fen, of --load) */
    int shown;                     /* the board is up to date on the screen */
    char **loaded; int nloaded;    /* --load: the record's moves, played first */
} Play;

/* The number a person gives the move ply plies after the start, as PGN numbers them (White's
 * and Black's first moves are both move 1), not the count of plies. */
static int move_number(const Play *s, int ply)
{
    int n = s->g->nplayers > 0 ? s->g->nplayers : 1;
    return (s->first + ply) / n + 1;
}

static void print_help(Play *s)
{
    char examples[512];
    MoveList *ml = pos_list(s->p, 0);
    node_moves(s->p, ml);
    move_examples(s->g, ml, 4, examples, sizeof examples);
    printf("Type a move as boardvm writes it%s%s%s, or: moves, undo, hint, show, save FILE, quit, "
           "help.\n",
           *examples ? " (here: " : "", *examples ? examples : "", *examples ? ")" : "");
    if (*examples) printf("(The moves are listed by 'moves'.)\n");
}

/* --as SIDE: the player's number; -1 after a message. */
static int side_of(const Game *g, const char *as)
{
    if (!as) return 0;
    for (int k = 0; k < g->nplayers; k++)
        if (!strcasecmp(as, g->player_name[k]) || !strcmp(as, g->player_letter[k])) return k;
    fprintf(stderr, "boardvm: --as %s: the players are", as);
    for (int pl = 0; pl < g->nplayers; pl++) fprintf(stderr, " %s", g->player_name[pl]);
    fprintf(stderr, "\n");
    return -1;
}

/* --load FILE: its start and moves (malloc'ed); 0 or an exit status after a message. */
static int read_record(const char *file, char **pos, char ***moves, int *n)
{
    size_t len; char err[128];
    char *text = read_file(file, &len);
    if (!text) return 2;
    int ok = record_read(text, pos, moves, n, err, sizeof err);
    if (!ok) fprintf(stderr, "boardvm: %s: %s\n", file, err);
    free(text);
    return ok ? 0 : 1;
}

static void free_moves(char **moves, int n)
{
    for (int i = 0; i < n; i++) free(moves[i]);
    free(moves);
}

static void save(Play *s, const char *file)
{
    FILE *f = fopen(file, "w");
    if (!f) { perror(file); return; }
    char opts[512]; options_string(s->a, opts, sizeof opts);
    char ename[64]; engine_name(&s->lim, ename, sizeof ename);
    const Pos *p = s->p;
    GameRecord gr = {
        s->g,        "boardvm play",
        0,           base_name(s->a->pos[1]),
        opts,        s->start,
        { 0 },       s->log.m,
        s->log.n,    p->result ? record_result_string(s->g, p->result, pos_turn(p)) : "*",
        reason_of(p)
    };
    for (int pl = 0; pl < s->g->nplayers; pl++) gr.player[pl] = pl == s->human ? "human" : ename;
    record_write_san(f, &gr);
    fclose(f);
    printf("Saved to %s.\n", file);
}

static void list_moves(const Game *g, MoveList *ml)
{
    int *order = xmalloc(sizeof *order * (size_t)(ml->n + 1), "the move list");
    move_sorted(g, ml, order);
    for (int i = 0; i < ml->n; i++) {
        char b[MOVE_STR_MAX];
        move_string(g, ml, &ml->m[order[i]], b, sizeof b);
        printf("%s%s", i ? " " : "", b);
    }
    printf("\n");
    free(order);
}

static void engine_moves(Play *s)
{
    SearchResult r;
    engine_search(s->eng, s->p, &s->lim, &r);
    MoveList *ml = pos_list(s->p, 0);
    node_moves(s->p, ml);
    int k = move_find(s->g, ml, r.best_str);
    if (k < 0) {
        fprintf(stderr, "boardvm: internal error: engine move '%s'\n", r.best_str);
        exit(1);
    }
    char num[32];
    record_move_number(s->g, s->first, s->log.n, num, sizeof num);
    if (pos_chance_turn(s->p))              /* a throw of the dice, made for everyone */
        printf("%s throws %s%s\n", s->g->player_name[pos_turn(s->p)], num, r.best_str);
    else
        printf("%s plays %s%s (score %d, depth %d, %.1fs)\n", s->g->player_name[pos_turn(s->p)],
               num, r.best_str, r.score, r.depth, r.seconds);
    log_add(&s->log, r.best_str);
    pos_make(s->p, ml, &ml->m[k]);
    s->shown = 0;
}

/* One line the person typed; 0 to quit. */
static int command(Play *s, char *cmd, MoveList *ml)
{
    Pos *p = s->p;
    if (!strcmp(cmd, "quit") || !strcmp(cmd, "exit")) return 0;
    if (!strcmp(cmd, "help")) print_help(s);
    else if (!strcmp(cmd, "show")) s->shown = 0;
    else if (!strcmp(cmd, "moves")) list_moves(s->g, ml);
    else if (!strcmp(cmd, "undo")) {
        /* take back the engine's reply and the player's move */
        int n = p->nundo >= 2 && s->log.n >= 2 ? 2 : p->nundo >= 1 && s->log.n >= 1 ? 1 : 0;
        if (!n) printf("Nothing to undo.\n");
        for (int i = 0; i < n; i++) { pos_unmake(p); log_pop(&s->log); }
        if (n) s->shown = 0;
    } else if (!strcmp(cmd, "hint")) {
        SearchResult r;
        engine_search(s->eng, p, &s->lim, &r);
        printf("Hint: %s (score %d)\n", r.best_str, r.score);
    } else if (!strncmp(cmd, "save", 4) && (cmd[4] == ' ' || !cmd[4])) {
        const char *file = cmd + 4;
        while (*file == ' ') file++;
        if (!*file) printf("save needs a file name\n");
        else save(s, file);
    } else if (p->result) printf("The game is over (undo, save or quit).\n");
    else if (play_move(p, cmd, move_number(s, s->log.n))) {
        log_add(&s->log, cmd);
        s->shown = 0;
    } /* else it said why */
    return 1;
}

static void game_over(const Play *s)
{
    static const char *rn[] = { "", "wins", "loses", "draws" };
    const Pos *p = s->p;
    const char *why = reason_of(p);
    printf("Game over: %s %s%s%s (%s).\n", s->g->player_name[pos_turn(p)],
           rn[p->result ? p->result : RESULT_LOSS], *why ? ": " : "", why,
           p->result ? record_result_string(s->g, p->result, pos_turn(p)) : "*");
}

static void run(Play *s)
{
    int interactive = isatty(0);
    char line[1024];
    for (;;) {
        MoveList *ml = pos_list(s->p, 0);
        node_moves(s->p, ml);
        if (!s->shown) { show_board(s->p, stdout); s->shown = 1; }
        if (s->p->result || ml->n == 0) {
            game_over(s);
            if (!interactive) break;
        }
        if (!s->p->result && ml->n && (pos_turn(s->p) != s->human || pos_chance_turn(s->p))) {
            engine_moves(s);
            continue;
        }
        char prompt[64];
        snprintf(prompt, sizeof prompt, "%s> ", s->g->player_name[pos_turn(s->p)]);
        if (!read_command(prompt, line, sizeof line)) { printf("\n"); break; }
        char *cmd = line;
        while (isspace((unsigned char)*cmd)) cmd++;
        cmd[strcspn(cmd, "\r\n")] = 0;
        if (*cmd && !command(s, cmd, ml)) break;
    }
}

/* The game from its start (protected_run: rules code runs in every part of it). */
static void play_game(Pos *p, void *ctx)
{
    Play *s = ctx;
    int played = 0;
    while (played < s->nloaded && play_move(p, s->loaded[played], move_number(s, played)))
        log_add(&s->log, s->loaded[played++]);
    if (s->a->load)
        printf("Loaded %s: %d of its %d moves played.\n", s->a->load, played, s->nloaded);
    printf("%s: you play %s.\n", s->g->name, s->g->player_name[s->human]);
    show_legend(s->g, stdout);
    print_help(s);
    run(s);
}

int cmd_play(Args *a)
{
    if (mcts_args_refused(a)) return 2;
    int status;
    Play s;
    memset(&s, 0, sizeof s);
    s.a = a;
    s.g = load_game(a->pos[1], NULL, a->nopts, a->opts, &status);
    if (!s.g) return status;
    if ((s.human = side_of(s.g, a->as)) < 0) { game_free(s.g); return 2; }
    limits_from_args(a, &s.lim, 0);
    if (!s.lim.depth && s.lim.time <= 0 && !s.lim.nodes && !s.lim.work) s.lim.time = 2.0;
    char *lpos = NULL, **lmoves = NULL;
    int nl = 0;
    if (a->load && (status = read_record(a->load, &lpos, &lmoves, &nl))) {
        game_free(s.g);
        return status;
    }
    s.eng = engine_new(s.g, 64);
    s.p = setup_position(s.g, lpos ? lpos : a->fen, NULL, 0, &status);
    if (!s.p) {
        free_moves(lmoves, nl);
        free(lpos);
        engine_free(s.eng);
        game_free(s.g);
        return status;
    }
    s.start = pos_to_string(s.p);
    s.first = pos_turn(s.p);
    s.loaded = lmoves; s.nloaded = nl;
    int failed = protected_run(s.p, play_game, &s);
    if (failed) fprintf(stderr, "%s\n", s.p->errmsg);
    free_moves(lmoves, nl); free(lpos);
    free(s.start);
    log_free(&s.log);
    pos_free(s.p);
    engine_free(s.eng);
    game_free(s.g);
    return failed;
}
