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
 * tag) and the moves; move numbers, {comments}, ;comments, $NAGs and the result are skipped.
 * Tag values are quoted, with \" and \\ inside: a position string may hold ']' (stacks:
 * "[KQ]7/..."). A move string that could not be read back as one word (empty, or holding white
 * space, a brace, a quote, or looking like a move number, a result or a tag, as a move's notes
 * can) is written quoted the same way: "a1 via b2". At most MAX_RECORD_MOVES moves are read. */
#include "record.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "oom.h"
#include "posstring.h"
#include "protect.h"
#include "make.h"
#include "notation.h"
#include "san.h"

#define MAX_RECORD_MOVES 1000000    /* a 16 MB record of 2-byte moves would be 8 million */

/* "value" with \" and \\: what read_quoted reads back. Returns the characters written. */
static int write_quoted(FILE *f, const char *value)
{
    int n = 2;
    fputc('"', f);
    for (const char *c = value; *c; c++, n++) {
        if (*c == '"' || *c == '\\') { fputc('\\', f); n++; }
        fputc(*c, f);
    }
    fputc('"', f);
    return n;
}

static void tag(FILE *f, const char *name, const char *value)
{
    fprintf(f, "[%s ", name);
    write_quoted(f, value);
    fprintf(f, "]\n");
}

static int is_result(const char *s, size_t len)
{
    return (len == 3 && (!strncmp(s, "1-0", 3) || !strncmp(s, "0-1", 3))) ||
           (len == 7 && !strncmp(s, "1/2-1/2", 7)) || (len == 1 && *s == '*');
}

static int is_move_number(const char *s, size_t len)
{
    return len && isdigit((unsigned char)s[0]) && s[len - 1] == '.';
}

/* Would this move string read back as the one word it is? */
static int plain_word(const char *m)
{
    size_t len = strlen(m);
    if (!len || m[0] == '[' || m[0] == ';' || m[0] == '$' || is_result(m, len) ||
        is_move_number(m, len))
        return 0;
    for (const char *c = m; *c; c++)
        if (isspace((unsigned char)*c) || *c == '{' || *c == '}' || *c == '"' || *c == '(' ||
            *c == ')')
            return 0;
    /* digits and a '.' first: read as a number against its move ("1.e4") */
    size_t d = strspn(m, "0123456789");
    return !(d && m[d] == '.');
}

const char *record_result_string(const Game *g, int result, int side_to_move)
{
    if (!result) return "*";
    /* (two sides: dice, chance players, are no side) */
    if (result == RESULT_DRAW || game_sides(g) != 2) return result == RESULT_DRAW ? "1/2-1/2" : "*";
    int winner = result == RESULT_WIN ? side_to_move : game_opponent(g, side_to_move);
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

int record_is_own_start(const Game *g, const char *start)
{
    char *own = reread_start(g, g->start).out;         /* NULL if it cannot be made */
    int same = own && !strcmp(own, start);
    free(own);
    return same;
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

/* The moves of r in SAN, replayed from its start (under protected_run: making moves runs rules
 * code); out[i] stays NULL from the first move that cannot be replayed on. */
typedef struct { const GameRecord *r; char **out; } SanRun;

static void san_run(Pos *p, void *ctx)
{
    SanRun *s = ctx;
    const Game *g = p->g;
    char err[256], buf[SAN_MAX];
    if (!pos_from_string(p, s->r->start, err, sizeof err)) return;
    for (int i = 0; i < s->r->nmoves; i++) {
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        int k = move_find(g, ml, s->r->moves[i]);
        if (k < 0) return;
        san_move(p, ml, k, buf, sizeof buf);
        s->out[i] = xstrdup(buf, "a move in SAN");
        pos_make(p, ml, &ml->m[k]);
    }
}

/* r's moves as the record writes them: SAN where r asks for it and the game replays, boardvm's
 * strings otherwise (malloc'ed array of nmoves, each string malloc'ed or NULL for r's own). */
static char **record_moves_san(const GameRecord *r, int san)
{
    char **out = xcalloc((size_t)r->nmoves + 1, sizeof *out, "the moves in SAN");
    if (!san) return out;
    Pos *p = pos_new(r->game);
    SanRun s = { r, out };
    protected_run(p, san_run, &s);
    pos_free(p);
    return out;
}

static void write_record(FILE *f, const GameRecord *r, int in_san)
{
    char **san = record_moves_san(r, in_san);
    const Game *g = r->game;
    seven_tag_roster(f, r);
    /* chess.rules is the game PGN means when it names none; any other game is a Variant */
    if (strcmp(g->name, "FIDE Chess")) tag(f, "Variant", g->name);
    if (!record_is_own_start(g, r->start)) { tag(f, "SetUp", "1"); tag(f, "FEN", r->start); }
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
        const char *m = san[i] ? san[i] : r->moves[i];
        record_move_number(g, first, i, num, sizeof num);
        int plain = plain_word(m);
        int len = (int)(strlen(num) + strlen(m) + (plain ? 1 : 3));
        if (col + len > 79 && col) { fputc('\n', f); col = 0; }   /* PGN: lines of at most 79 */
        col += fprintf(f, "%s", num);
        if (plain) col += fprintf(f, "%s", m);
        else col += write_quoted(f, m);
        fputc(' ', f); col++;
    }
    for (int i = 0; i < r->nmoves; i++) free(san[i]);
    free(san);
    fprintf(f, "%s\n\n", r->result_str ? r->result_str : "*");
    fflush(f);
}

void record_write(FILE *f, const GameRecord *r) { write_record(f, r, 0); }
void record_write_san(FILE *f, const GameRecord *r) { write_record(f, r, 1); }

/* A quoted value from *pp (at the opening quote) up to its closing quote, \" and \\ undone:
 * malloc'ed, *pp after the closing quote; NULL if there is none. */
static char *read_quoted(const char **pp)
{
    const char *q = *pp + 1;
    size_t n = 0;
    for (const char *c = q; *c != '"'; c++) {
        if (!*c) return NULL;
        if (*c == '\\' && c[1]) c++;
        n++;
    }
    char *val = xmalloc(n + 1, "a game record's text");
    n = 0;
    for (; *q != '"'; q++) {
        if (*q == '\\' && q[1]) q++;
        val[n++] = *q;
    }
    val[n] = 0;
    *pp = q + 1;
    return val;
}

static int fail(char **position, char ***moves, int *nmoves, char *err, size_t errlen,
                const char *why)
{
    /* a failed read returns nothing: its callers free only what a success gives */
    snprintf(err, errlen, "%s", why);
    free(*position); *position = NULL;
    for (int i = 0; i < *nmoves; i++) free((*moves)[i]);
    free(*moves); *moves = NULL; *nmoves = 0;
    return 0;
}

static int add_move(char ***moves, int *nmoves, int *cap, char *m)
{
    if (*nmoves == MAX_RECORD_MOVES) { free(m); return 0; }
    if (*nmoves == *cap) {
        *cap = *cap ? 2 * *cap : 64;
        *moves = xrealloc(*moves, sizeof **moves * (size_t)*cap, "a game record's moves");
    }
    (*moves)[(*nmoves)++] = m;
    return 1;
}

/* Skip a variation "( ... )" from *p (at its '('), with the variations and comments inside it;
 * 0 if it does not end. */
static int skip_variation(const char **pp)
{
    int depth = 0;
    const char *p = *pp;
    for (; *p; p++) {
        if (*p == '{') { const char *e = strchr(p, '}'); if (!e) return 0; p = e; continue; }
        if (*p == ';') { p += strcspn(p, "\n"); if (!*p) return 0; continue; }
        if (*p == '(') depth++;
        else if (*p == ')' && --depth == 0) { *pp = p + 1; return 1; }
    }
    return 0;
}

/* The games after the first: each result token that ends a game, then tags or moves. */
static int count_games(const char *p)
{
    int games = 1;
    while (*p) {
        while (*p && isspace((unsigned char)*p)) p++;
        const char *s = p;
        if (*p == '{') { const char *e = strchr(p, '}'); if (!e) break; p = e + 1; continue; }
        if (*p == '[') { const char *e = strchr(p, ']'); if (!e) break; p = e + 1; continue; }
        while (*p && !isspace((unsigned char)*p)) p++;
        if (p > s) { games++; break; }
    }
    return games;
}

int record_read(const char *text, char **position, char ***moves, int *nmoves, char *err,
                size_t errlen)
{
    return record_read_info(text, position, moves, nmoves, err, errlen, NULL);
}

/* Read the first game of a record file: its start position string and moves. */
int record_read_info(const char *text, char **position, char ***moves, int *nmoves, char *err,
                     size_t errlen, RecordInfo *info)
{
    RecordInfo own;
    if (!info) info = &own;
    memset(info, 0, sizeof *info);
    info->games = 1;
    *position = NULL; *moves = NULL; *nmoves = 0;
    int cap = 0, have_fen = 0;
    const char *p = text;
    int in_moves = 0;
    char too_many[64];
    snprintf(too_many, sizeof too_many, "more than %d moves", MAX_RECORD_MOVES);
    while (*p) {
        while (*p && isspace((unsigned char)*p)) p++;
        if (!*p) break;
        if (*p == '[' && !in_moves) {          /* [Name "value"] */
            char name[64]; int k = 0;
            const char *q = p + 1;
            while (*q && *q != ']' && *q != '"' && !isspace((unsigned char)*q)) {
                if (k < 63) name[k++] = *q;
                q++;
            }
            name[k] = 0;
            while (*q && isspace((unsigned char)*q)) q++;
            char *val = NULL;
            if (*q == '"' && !(val = read_quoted(&q)))
                return fail(position, moves, nmoves, err, errlen, "unterminated tag");
            while (*q && *q != ']') q++;          /* (a value without quotes: up to the ']') */
            if (!*q) {
                free(val);
                return fail(position, moves, nmoves, err, errlen, "unterminated tag");
            }
            /* FEN (PGN's) wins over Position (the tag of boardvm's older records) */
            if (val && (!strcmp(name, "FEN") || (!strcmp(name, "Position") && !have_fen))) {
                free(*position); *position = val;
                have_fen |= !strcmp(name, "FEN");
            } else if (val && !strcmp(name, "Variant")) {
                snprintf(info->variant, sizeof info->variant, "%s", val);
                free(val);
            } else free(val);
            p = q + 1;
            continue;
        }
        in_moves = 1;
        if (*p == '{') { const char *e = strchr(p, '}'); p = e ? e + 1 : p + strlen(p); continue; }
        if (*p == ';') { p += strcspn(p, "\n"); continue; }
        if (*p == '(') {                          /* a variation: skipped, counted */
            if (!skip_variation(&p))
                return fail(position, moves, nmoves, err, errlen, "unterminated variation");
            info->variations++;
            continue;
        }
        if (*p == '"') {                          /* a quoted move string */
            char *m = read_quoted(&p);
            if (!m) return fail(position, moves, nmoves, err, errlen, "unterminated quoted move");
            if (!add_move(moves, nmoves, &cap, m))
                return fail(position, moves, nmoves, err, errlen, too_many);
            continue;
        }
        const char *s = p;
        while (*p && !isspace((unsigned char)*p) && *p != '{' && *p != '(' && *p != ')') p++;
        if (p == s) {                             /* a ')' with no '(' */
            return fail(position, moves, nmoves, err, errlen, "')' closes no variation");
        }
        size_t len = (size_t)(p - s);
        /* a move number written against its move ("12.Nf3", "12...e5") */
        size_t num = 0;
        while (num < len && isdigit((unsigned char)s[num])) num++;
        if (num && num < len && s[num] == '.') {
            while (num < len && s[num] == '.') num++;
            if (num < len) { s += num; len -= num; }
        }
        /* skip move numbers ("12." "12..."), NAGs ("$1") and stop at the result */
        if (is_move_number(s, len) || s[0] == '$') continue;
        if (is_result(s, len)) { info->games = count_games(p); break; }
        char *m = xmalloc(len + 1, "a game record's moves");
        memcpy(m, s, len); m[len] = 0;
        if (!add_move(moves, nmoves, &cap, m))
            return fail(position, moves, nmoves, err, errlen, too_many);
    }
    return 1;
}
