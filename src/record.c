/* record.c - game records in PGN, for any game, that PGN tools read (a chess record passes
 * Debian's pgn-extract):
 *
 *   [Event "boardvm selfplay"]       the Seven Tag Roster first, in its order: Event, Site,
 *   [Site "?"]                       Date, Round, White, Black, Result (White and Black are the
 *   [Date "2026.11.26"]              first and second players, whatever the game calls them)
 *   [Round "1"]
 *   [White "boardvm depth 3"]
 *   [Black "boardvm depth 3"]
 *   [Result "1-0"]                   1-0, 0-1, 1/2-1/2, or * for an unfinished game
 *   [Variant "Xiangqi"]              the game's name, for any game but FIDE chess
 *   [SetUp "1"]                      only when the start is not the game's own:
 *   [FEN "..."]                      the start position string (a FEN for chess)
 *   [Red "..."]                      a third or later player, by its name
 *   [Game "FIDE Chess"]              boardvm's own tags: the game's name, the rules file,
 *   [Rules "chess.rules"]            the options (only when given) and why the game ended
 *   [Options "knights=zebra"]
 *   [Reason "checkmate"]
 *
 *   1. e2e4 e7e5 2. g1f3 ... 1-0
 *
 * Moves are in boardvm's canonical notation (for chess the long algebraic notation PGN tools
 * accept), numbered per round of moves as PGN numbers them ("1... e7e5" when the second player
 * starts); the result token ends the game. Reading takes the FEN tag (or the older Position
 * tag) and the moves; move numbers, {comments}, ;comments, $NAGs and the result are skipped. */
#include "record.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "oom.h"
#include "posstring.h"
#include "protect.h"

static void tag(FILE *f, const char *name, const char *value)
{
    fprintf(f, "[%s \"", name);
    for (const char *c = value; *c; c++) {
        if (*c == '"' || *c == '\\') fputc('\\', f);
        fputc(*c, f);
    }
    fprintf(f, "\"]\n");
}

const char *record_result_string(const Game *g, int result, int side_to_move)
{
    if (!result) return "*";
    if (result == RESULT_DRAW || g->nplayers != 2) return result == RESULT_DRAW ? "1/2-1/2" : "*";
    int winner = result == RESULT_WIN ? side_to_move : 1 - side_to_move;
    return winner == 0 ? "1-0" : "0-1";
}

/* A position string read into a fresh position: its string as pos_to_string writes it and its
 * side to move (protected_run: setting up can run rules code). */
typedef struct { const char *in; char *out; int turn; } Reread;

static void reread(Pos *p, void *ctx)
{
    Reread *r = ctx;
    char err[256];
    if (!pos_from_string(p, r->in, err, sizeof err)) return;
    r->out = pos_to_string(p);
    r->turn = pos_turn(p);
}

static Reread reread_start(const Game *g, const char *start)
{
    Reread r = { start, NULL, 0 };
    Pos *p = pos_new(g);
    protected_run(p, reread, &r);
    pos_free(p);
    return r;
}

void record_move_number(const Game *g, int first, int i, char *buf, size_t len)
{
    int n = g->nplayers > 0 ? g->nplayers : 1;
    int side = (first + i) % n;
    int round = (first + i) / n + 1;
    if (side == 0) snprintf(buf, len, "%d. ", round);
    else if (i == 0) snprintf(buf, len, "%d... ", round);
    else buf[0] = 0;
}

static void seven_tag_roster(FILE *f, const GameRecord *r)
{
    char date[32] = "????.??.??", round[16] = "-";
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm)) strftime(date, sizeof date, "%Y.%m.%d", &tm);
    if (r->round > 0) snprintf(round, sizeof round, "%d", r->round);
    tag(f, "Event", r->event ? r->event : "?");
    tag(f, "Site", "?");
    tag(f, "Date", date);
    tag(f, "Round", round);
    tag(f, "White", r->player[0] ? r->player[0] : "?");
    tag(f, "Black", r->game->nplayers > 1 && r->player[1] ? r->player[1] : "?");
    tag(f, "Result", r->result_str ? r->result_str : "*");
}

void record_write(FILE *f, const GameRecord *r)
{
    const Game *g = r->game;
    seven_tag_roster(f, r);
    /* chess.rules is the game PGN means when it names none; any other game is a Variant */
    if (strcmp(g->name, "FIDE Chess")) tag(f, "Variant", g->name);
    /* the start is named only when it is not the game's own (NULL: that cannot be made) */
    char *own = reread_start(g, g->start).out;
    if (!own || strcmp(own, r->start)) { tag(f, "SetUp", "1"); tag(f, "FEN", r->start); }
    free(own);
    for (int pl = 2; pl < g->nplayers; pl++)
        tag(f, g->player_name[pl], r->player[pl] ? r->player[pl] : "?");
    tag(f, "Game", g->name);
    tag(f, "Rules", r->rules);
    if (r->options && *r->options) tag(f, "Options", r->options);
    if (r->reason && *r->reason) tag(f, "Reason", r->reason);
    fputc('\n', f);
    Reread st = reread_start(g, r->start);
    int first = st.turn, col = 0;
    free(st.out);
    for (int i = 0; i < r->nmoves; i++) {
        char num[32];
        record_move_number(g, first, i, num, sizeof num);
        int len = (int)(strlen(num) + strlen(r->moves[i]) + 1);
        if (col + len > 79) { fputc('\n', f); col = 0; }      /* PGN: lines of at most 79 */
        col += fprintf(f, "%s%s ", num, r->moves[i]);
    }
    fprintf(f, "%s\n\n", r->result_str ? r->result_str : "*");
    fflush(f);
}

static void discard(char **position, char ***moves, int *nmoves)
{
    free(*position); *position = NULL;
    for (int i = 0; i < *nmoves; i++) free((*moves)[i]);
    free(*moves); *moves = NULL; *nmoves = 0;
}

/* A tag's value, unescaped, malloc'ed; NULL if the tag has no quoted value. */
static char *tag_value(const char *q, const char *end)
{
    const char *v = memchr(q, '"', (size_t)(end - q));
    if (!v) return NULL;
    v++;
    char *val = xmalloc((size_t)(end - v) + 1, "a game record's tag");
    int n = 0;
    for (; v < end && *v != '"'; v++) { if (*v == '\\' && v + 1 < end) v++; val[n++] = *v; }
    val[n] = 0;
    return val;
}

/* Read the first game of a record file: its start position string and moves. */
int record_read(const char *text, char **position, char ***moves, int *nmoves, char *err,
                size_t errlen)
{
    *position = NULL; *moves = NULL; *nmoves = 0;
    int cap = 0, have_fen = 0;
    const char *p = text;
    int in_moves = 0;
    while (*p) {
        while (*p && isspace((unsigned char)*p)) p++;
        if (!*p) break;
        if (*p == '[' && !in_moves) {
            const char *end = strchr(p, ']');
            if (!end) {
                /* a failed read returns nothing: its callers free only what a success gives */
                snprintf(err, errlen, "unterminated tag");
                discard(position, moves, nmoves);
                return 0;
            }
            char name[64]; int k = 0;
            const char *q = p + 1;
            while (q < end && !isspace((unsigned char)*q) && k < 63) name[k++] = *q++;
            name[k] = 0;
            /* FEN (PGN's) wins over Position (the tag of boardvm's older records) */
            if ((!strcmp(name, "FEN") || (!strcmp(name, "Position") && !have_fen))) {
                char *val = tag_value(q, end);
                if (val) { free(*position); *position = val; have_fen |= !strcmp(name, "FEN"); }
            }
            p = end + 1;
            continue;
        }
        in_moves = 1;
        if (*p == '{') { const char *e = strchr(p, '}'); p = e ? e + 1 : p + strlen(p); continue; }
        if (*p == ';') { p += strcspn(p, "\n"); continue; }
        const char *s = p;
        while (*p && !isspace((unsigned char)*p)) p++;
        size_t len = (size_t)(p - s);
        /* skip move numbers ("12." "12..."), NAGs ("$1") and stop at the result */
        if ((isdigit((unsigned char)s[0]) && s[len - 1] == '.') || s[0] == '$') continue;
        if ((len == 3 && !strncmp(s, "1-0", 3)) || (len == 3 && !strncmp(s, "0-1", 3)) ||
            (len == 7 && !strncmp(s, "1/2-1/2", 7)) || (len == 1 && *s == '*')) break;
        if (*nmoves == cap) {
            cap = cap ? 2 * cap : 64;
            *moves = xrealloc(*moves, sizeof **moves * (size_t)cap, "a game record's moves");
        }
        char *m = xmalloc(len + 1, "a game record's moves");
        memcpy(m, s, len); m[len] = 0;
        (*moves)[(*nmoves)++] = m;
    }
    return 1;
}
