/* engine_player.c - an external engine playing match's games over UCI or CECP (see
 * engine_player.h). The pipes, their bounds and the engine's process group are uci_client.c's;
 * this file speaks the two protocols over them and judges what the engine answers.
 *
 * UCI: `position fen START moves ...` and `go wtime/btime/winc/binc` (or depth, nodes,
 * movetime) for each move, the answer `bestmove M`. CECP (protocol 2): `new`, `variant`,
 * `force`, `level`/`st`/`sd`, `setboard` when the game does not start at the rules file's start,
 * then the moves in force mode; for the engine's move `time`, `otim`, `go`, the answer `move M`
 * (then `force` again, so that it never thinks on the opponent's time: `easy` turns pondering
 * off as well). Moves are named as `boardvm uci` names them (uci_moves.h): the engine notation
 * of Fairy-Stockfish and XBoard, with ranks counted from 0 on boards of ten ranks for CECP, as
 * XBoard counts them. */
#include "engine_player.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "make.h"
#include "notation.h"
#include "oom.h"
#include "uci_client.h"
#include "uci_moves.h"
#include "variant_names.h"

#define LINE_MAX_BYTES UCI_MAX_LINE

struct EnginePlayer {
    PlayerSpec s;
    const Game *g;
    UciEngine *e;
    EngineNotation n;
    char name[128];
    char variant[64];             /* as sent ("" none) */
    int setboard, usermove, ping, san, pings;   /* CECP's features (san=1: refused) */
    char *start;                  /* the game's start, as the engine's FEN */
    int from_start;
    char **moves; int nmoves, cap, sent;   /* the game's moves for the engine; sent: CECP's */
    int broken;                   /* the last game ended in a state we cannot trust: restart */
    char *line;                   /* a line of its output (here, not on the stack: 64 KiB, and
                                     freed by player_stop even when rules code jumped out) */
};

static int fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap; va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return 0;
}

/* ---- time controls --------------------------------------------------------------------- */

static int seconds_at(const char *s, char **end, double *v)
{
    if (!isdigit((unsigned char)*s) && *s != '.') return 0;
    *v = strtod(s, end);
    return *end != s && *v >= 0 && *v <= 7 * 24 * 3600.0;
}

int tc_parse(const char *s, TimeControl *tc)
{
    char *end;
    double a, b = 0, inc = 0;
    if (!seconds_at(s, &end, &a)) return 0;
    if (*end == ':') {                          /* minutes:seconds */
        if (a != (long)a || !seconds_at(end + 1, &end, &b) || b >= 60) return 0;
        a = a * 60 + b;
    }
    if (*end == '+' && !seconds_at(end + 1, &end, &inc)) return 0;
    if (*end || !(a > 0)) return 0;
    tc->base = a; tc->inc = inc;
    return 1;
}

void tc_string(const TimeControl *tc, char *out, size_t len)
{
    snprintf(out, len, "%g+%g", tc->base, tc->inc);
}

double tc_think_time(double left, double inc)
{
    double t = left / 32 + inc * 0.8;        /* as `boardvm uci`: movestogo 30, + 2 */
    if (t > left * 0.5) t = left * 0.5;
    return t < 0.01 ? 0.01 : t;
}

/* ---- the variant ------------------------------------------------------------------------ */

/* Whether a CECP `variants="a,b,c"` list holds v. */
static int list_holds(const char *list, const char *v)
{
    size_t l = strlen(v);
    for (const char *p = list; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
        if (!strncmp(p, v, l) && (p[l] == ',' || p[l] == 0)) return 1;
    return 0;
}

/* The variant to tell the engine, into pl->variant: --engine-variant, or the first of the
 * game's names that the engine lists (known: what it lists, "" when it lists none). */
static int choose_variant(EnginePlayer *pl, const char *known, int has_list, char *err,
                          size_t errlen)
{
    int uci = pl->s.protocol == PLAYER_UCI;
    if (pl->s.variant) {
        const char *v = pl->s.variant;
        int plain = !strcmp(v, "chess") || !strcmp(v, "normal");
        if (has_list && !(uci ? uci_lists_variant(known, v) : list_holds(known, v)) && !plain)
            return fail(err, errlen, "the engine '%s' does not know the variant '%s'",
                        pl->s.command, v);
        if (!has_list && !plain)
            return fail(err, errlen, "the engine '%s' lists no variants: it plays chess only "
                        "(leave out --engine-variant)", pl->s.command);
        snprintf(pl->variant, sizeof pl->variant, "%.63s", plain ? "" : v);
        return 1;
    }
    char cand[8][64];
    int n = variant_candidates(pl->g, cand, 8);
    for (int i = 0; i < n; i++) {
        const char *v = cand[i];
        if (!strcmp(v, "chess")) {
            *pl->variant = 0;             /* chess: what every engine plays unless told */
            return 1;
        }
        if (has_list && (uci ? uci_lists_variant(known, v) : list_holds(known, v))) {
            snprintf(pl->variant, sizeof pl->variant, "%.63s", v);
            return 1;
        }
    }
    char tried[512] = "";
    for (int i = 0; i < n; i++) {
        size_t l = strlen(tried);
        snprintf(tried + l, sizeof tried - l, "%s'%s'", i ? ", " : "", cand[i]);
    }
    return fail(err, errlen, "the engine '%s' %s none of the names of the game '%s' as a "
                "variant (%s): give its name with --engine-variant NAME", pl->s.command,
                has_list ? "lists" : "lists no variants and knows", pl->g->name, tried);
}

/* ---- the handshakes --------------------------------------------------------------------- */

static int say(EnginePlayer *pl, const char *text, char *err, size_t errlen)
{
    return uci_send(pl->e, text, uci_clock() + pl->s.timeout, err, errlen);
}

static int sendf(EnginePlayer *pl, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int sendf(EnginePlayer *pl, char *err, size_t errlen, const char *fmt, ...)
{
    char buf[4096];
    va_list ap; va_start(ap, fmt);
    int k = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= sizeof buf) return fail(err, errlen, "a command too long");
    return say(pl, buf, err, errlen);
}

/* Lines until one that starts with `until` (its whole text into line), within the timeout. */
static int await(EnginePlayer *pl, const char *until, const char *waiting, char *line,
                 size_t n, char *err, size_t errlen)
{
    double deadline = uci_clock() + pl->s.timeout;
    size_t l = strlen(until);
    for (;;) {
        if (uci_read_line(pl->e, deadline, waiting, line, n, err, errlen) != 1) return 0;
        if (!strncmp(line, until, l) && (line[l] == 0 || line[l] == ' ')) return 1;
    }
}

static int uci_handshake(EnginePlayer *pl, char *err, size_t errlen)
{
    char *line = xmalloc(LINE_MAX_BYTES, "a line of the engine"), *known = NULL;
    int ok = say(pl, "uci\n", err, errlen);
    double deadline = uci_clock() + pl->s.timeout;
    while (ok) {
        ok = uci_read_line(pl->e, deadline, "'uciok' (is it a UCI engine?)", line,
                           LINE_MAX_BYTES, err, errlen) == 1;
        if (!ok || !strcmp(line, "uciok")) break;
        if (!strncmp(line, "id name ", 8)) snprintf(pl->name, sizeof pl->name, "%s", line + 8);
        if (!strncmp(line, "option name UCI_Variant ", 24)) {
            free(known);
            known = xstrdup(line, "the engine's variants");
        }
    }
    for (int i = 0; ok && i < pl->s.nset; i++) {
        const char *eq = strchr(pl->s.set[i], '=');
        ok = sendf(pl, err, errlen, "setoption name %.*s value %s\n",
                   (int)(eq - pl->s.set[i]), pl->s.set[i], eq + 1);
    }
    ok = ok && choose_variant(pl, known ? known : "", known != NULL, err, errlen);
    if (ok && *pl->variant)
        ok = sendf(pl, err, errlen, "setoption name UCI_Variant value %s\n", pl->variant);
    ok = ok && say(pl, "isready\n", err, errlen) &&
         await(pl, "readyok", "'readyok'", line, LINE_MAX_BYTES, err, errlen);
    free(known);
    free(line);
    return ok;
}

/* One `feature` line of a CECP engine: the features boardvm uses, and done=1 (into *done). */
static void feature_line(EnginePlayer *pl, const char *line, char **variants, int *done)
{
    const char *p = line + 8;
    while (*p) {
        while (*p == ' ') p++;
        const char *eq = strchr(p, '=');
        if (!eq) break;
        char key[32];
        snprintf(key, sizeof key, "%.*s", (int)(eq - p < 31 ? eq - p : 31), p);
        const char *v = eq + 1, *end;
        if (*v == '"') { v++; end = strchr(v, '"'); if (!end) end = v + strlen(v); }
        else end = v + strcspn(v, " ");
        int num = atoi(v);
        if (!strcmp(key, "myname")) snprintf(pl->name, sizeof pl->name, "%.*s", (int)(end - v), v);
        else if (!strcmp(key, "setboard")) pl->setboard = num;
        else if (!strcmp(key, "usermove")) pl->usermove = num;
        else if (!strcmp(key, "ping")) pl->ping = num;
        else if (!strcmp(key, "san")) pl->san = num;
        else if (!strcmp(key, "done")) *done = num ? 1 : -1;
        else if (!strcmp(key, "variants")) {
            free(*variants);
            *variants = strndup(v, (size_t)(end - v));
            if (!*variants) out_of_memory("the engine's variants");
        }
        p = *end == '"' ? end + 1 : end;
    }
}

/* `xboard`, `protover 2`, the features until done=1. An engine that says nothing of them is a
 * protocol-1 engine, but only after --timeout, not the protocol's two seconds: a loaded machine
 * can take longer to start an engine, which then played without its features. */
static int cecp_handshake(EnginePlayer *pl, char *err, size_t errlen)
{
    char *line = xmalloc(LINE_MAX_BYTES, "a line of the engine"), *variants = NULL;
    int ok = say(pl, "xboard\nprotover 2\n", err, errlen), done = 0;
    double start = uci_clock();
    while (ok && done != 1) {
        double deadline = start + pl->s.timeout;
        int r = uci_read_line(pl->e, deadline, "its features (feature ... done=1)", line,
                              LINE_MAX_BYTES, err, errlen);
        if (r == -1 && done != -1) break;   /* protocol 1 (no features), or no done=1 */
        if (r != 1) { ok = 0; break; }
        if (!strncmp(line, "feature ", 8)) feature_line(pl, line, &variants, &done);
    }
    if (ok && pl->san)
        ok = fail(err, errlen, "the engine '%s' asks for moves in SAN (feature san=1), which "
                  "match does not send", pl->s.command);
    for (int i = 0; ok && i < pl->s.nset; i++)
        ok = sendf(pl, err, errlen, "option %s\n", pl->s.set[i]);
    ok = ok && choose_variant(pl, variants ? variants : "", variants != NULL, err, errlen);
    free(variants);
    free(line);
    return ok;
}

static int connect_engine(EnginePlayer *pl, char *err, size_t errlen)
{
    pl->e = uci_spawn(pl->s.command, pl->s.timeout, err, errlen);
    if (!pl->e) return 0;
    snprintf(pl->name, sizeof pl->name, "%s", pl->s.command);
    pl->setboard = pl->usermove = pl->ping = pl->san = 0;
    int ok = pl->s.protocol == PLAYER_UCI ? uci_handshake(pl, err, errlen)
                                          : cecp_handshake(pl, err, errlen);
    if (!ok) { uci_stop(pl->e); pl->e = NULL; }
    pl->broken = 0;
    return ok;
}

EnginePlayer *player_start(const PlayerSpec *s, const Game *g, char *err, size_t errlen)
{
    for (int i = 0; i < s->nset; i++) {
        const char *eq = strchr(s->set[i], '=');
        if (!eq || eq == s->set[i] || strchr(s->set[i], '\n')) {
            fail(err, errlen, "--engine-option '%s' is not NAME=VALUE", s->set[i]);
            return NULL;
        }
    }
    EnginePlayer *pl = xcalloc(1, sizeof *pl, "an engine player");
    pl->s = *s; pl->g = g;
    pl->line = xmalloc(LINE_MAX_BYTES, "a line of the engine");
    pl->n.ranks_from = s->protocol == PLAYER_XBOARD && g->ranks > 9 ? 0 : 1;
    if (!connect_engine(pl, err, errlen)) { free(pl->line); free(pl); return NULL; }
    return pl;
}

const char *player_name(const EnginePlayer *pl) { return pl->name; }
const char *player_variant(const EnginePlayer *pl) { return pl->variant; }
int player_takes_positions(const EnginePlayer *pl)
{
    return pl->s.protocol == PLAYER_UCI || pl->setboard;
}

static void forget_moves(EnginePlayer *pl)
{
    for (int i = 0; i < pl->nmoves; i++) free(pl->moves[i]);
    pl->nmoves = pl->sent = 0;
}

void player_stop(EnginePlayer *pl)
{
    if (!pl) return;
    if (pl->e) uci_stop(pl->e);
    forget_moves(pl);
    free(pl->moves);
    free(pl->start);
    free(pl->line);
    free(pl);
}

/* ---- a game ----------------------------------------------------------------------------- */

int player_moved(EnginePlayer *pl, const Game *g, const MoveList *ml, int k, char *err,
                 size_t errlen)
{
    char name[MOVE_STR_MAX];
    uci_move_name(&pl->n, g, ml, k, name, sizeof name);
    if (strchr(name, ' '))
        return fail(err, errlen, "the move '%s' has no name for the engine", name);
    if (pl->nmoves == pl->cap) {
        pl->cap = pl->cap ? 2 * pl->cap : 128;
        pl->moves = xrealloc(pl->moves, sizeof *pl->moves * (size_t)pl->cap, "the game's moves");
    }
    pl->moves[pl->nmoves++] = xstrdup(name, "a move");
    return 1;
}

/* The engine's commands for its limit when there is no clock (CECP). */
static int cecp_level(EnginePlayer *pl, const PlayerLimits *lim, char *err, size_t errlen)
{
    if (lim->clocked) {
        /* each player's clock is set before each move (time, otim); the level says the
         * increment, and a base the engine plans with */
        double base = lim->clock[0] > lim->clock[1] ? lim->clock[0] : lim->clock[1];
        long b = (long)(base + 0.5);
        return sendf(pl, err, errlen, "level 0 %ld:%02ld %g\n", b / 60, b % 60,
                     lim->inc[0] > lim->inc[1] ? lim->inc[0] : lim->inc[1]);
    }
    if (lim->depth) return sendf(pl, err, errlen, "sd %d\n", lim->depth);
    return sendf(pl, err, errlen, "st %g\n", lim->movetime);
}

/* Take back the opening's moves and make them again, naming each for the engine (the start
 * position is in between, for its FEN). */
static int name_opening(EnginePlayer *pl, Pos *p, char **log, int nplayed, char *err,
                        size_t errlen)
{
    for (int i = 0; i < nplayed; i++) pos_unmake(p);
    free(pl->start);
    pl->start = notation_fen(&pl->n, p, err, errlen);
    int ok = pl->start != NULL;
    for (int i = 0; i < nplayed; i++) {
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        int k = move_find(p->g, ml, log[i]);
        if (k < 0) {
            fail(err, errlen, "internal error: the opening's move '%s' is not legal", log[i]);
            return 0;            /* the position is part-way: the game is an error */
        }
        if (ok) ok = player_moved(pl, p->g, ml, k, err, errlen);
        pos_make(p, ml, &ml->m[k]);
    }
    return ok;
}

int player_new_game(EnginePlayer *pl, Pos *p, char **log, int nplayed, int from_start,
                    const PlayerLimits *lim, char *err, size_t errlen)
{
    forget_moves(pl);
    if (!name_opening(pl, p, log, nplayed, err, errlen)) return -1;
    if (pl->s.protocol == PLAYER_XBOARD && !from_start && !pl->setboard)
        return fail(err, errlen, "the engine '%s' cannot be given a position (it has no "
                    "setboard feature): it plays from the start only (no --openings)",
                    pl->s.command) - 1;
    if (pl->s.protocol == PLAYER_XBOARD && !lim->clocked && !lim->depth && !(lim->movetime > 0))
        return fail(err, errlen, "a CECP engine plays with --tc, --time or --depth (not "
                    "--nodes)") - 1;
    if (!pl->e || pl->broken) {
        if (pl->e) uci_stop(pl->e);
        pl->e = NULL;
        if (!connect_engine(pl, err, errlen)) return 0;
    }
    pl->from_start = from_start;
    pl->broken = 1;                 /* until the engine is ready for the game */
    if (pl->s.protocol == PLAYER_UCI) {
        if (!say(pl, "ucinewgame\nisready\n", err, errlen) ||
            !await(pl, "readyok", "'readyok'", pl->line, LINE_MAX_BYTES, err, errlen))
            return 0;
        pl->broken = 0;
        return 1;
    }
    if (!say(pl, "new\nforce\neasy\n", err, errlen) ||
        (*pl->variant && !sendf(pl, err, errlen, "variant %s\n", pl->variant)) ||
        !cecp_level(pl, lim, err, errlen) ||
        (!from_start && !sendf(pl, err, errlen, "setboard %s\n", pl->start)))
        return 0;
    /* what it said after the last game (a claim after its last move) is read and dropped
     * here: up to its pong, or what comes within a tenth of a second without ping */
    if (pl->ping) {
        char ping[32];
        snprintf(ping, sizeof ping, "pong %d", ++pl->pings);
        if (!sendf(pl, err, errlen, "ping %d\n", pl->pings) ||
            !await(pl, ping, "its pong", pl->line, LINE_MAX_BYTES, err, errlen))
            return 0;
    } else {
        double until = uci_clock() + 0.1;
        int r;
        do r = uci_read_line(pl->e, until, "", pl->line, LINE_MAX_BYTES, err, errlen);
        while (r == 1);
        if (r == 0) return 0;
    }
    pl->broken = 0;
    return 1;
}

/* The engine's clock of player pl_side in milliseconds (for UCI) */
static long ms(double s) { return s < 0 ? 0 : (long)(s * 1000 + 0.5); }

static int ask_uci(EnginePlayer *pl, const PlayerLimits *lim, char *err, size_t errlen)
{
    size_t len = strlen(pl->start) + 64;
    for (int i = 0; i < pl->nmoves; i++) len += strlen(pl->moves[i]) + 1;
    char *cmd = xmalloc(len + 256, "a position command"), *o = cmd;
    o += sprintf(o, "position fen %s", pl->start);
    if (pl->nmoves) o += sprintf(o, " moves");
    for (int i = 0; i < pl->nmoves; i++) o += sprintf(o, " %s", pl->moves[i]);
    if (lim->clocked)
        sprintf(o, "\ngo wtime %ld btime %ld winc %ld binc %ld\n", ms(lim->clock[0]),
                ms(lim->clock[1]), ms(lim->inc[0]), ms(lim->inc[1]));
    else if (lim->depth) sprintf(o, "\ngo depth %d\n", lim->depth);
    else if (lim->nodes) sprintf(o, "\ngo nodes %llu\n", (unsigned long long)lim->nodes);
    else sprintf(o, "\ngo movetime %ld\n", ms(lim->movetime));
    int ok = say(pl, cmd, err, errlen);
    free(cmd);
    return ok;
}

static int ask_cecp(EnginePlayer *pl, const PlayerLimits *lim, int side, char *err,
                    size_t errlen)
{
    for (; pl->sent < pl->nmoves; pl->sent++)
        if (!sendf(pl, err, errlen, "%s%s\n", pl->usermove ? "usermove " : "",
                   pl->moves[pl->sent]))
            return 0;
    if (lim->clocked &&
        !sendf(pl, err, errlen, "time %ld\notim %ld\n", ms(lim->clock[side]) / 10,
               ms(lim->clock[1 - side]) / 10))
        return 0;
    return say(pl, "go\n", err, errlen);
}

/* A CECP result line "1-0 {why}", "0-1 {...}", "1/2-1/2 {...}": the winner (0 first, 1
 * second, 2 a draw) or -1 when line is none of them. */
static int result_claim(const char *line)
{
    if (!strncmp(line, "1-0", 3)) return 0;
    if (!strncmp(line, "0-1", 3)) return 1;
    if (!strncmp(line, "1/2-1/2", 7)) return 2;
    return -1;
}

/* The move the engine named in p; PLAYER_LOST with why when it is not one of p's. */
static PlayerOutcome take_move(EnginePlayer *pl, Pos *p, const char *s, int *k, char *why,
                               size_t whylen)
{
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    int other;
    *k = uci_move_find(&pl->n, p->g, ml, s, &other);
    if (*k >= 0) return PLAYER_MOVED;
    char back[MOVE_STR_MAX];
    notation_move_back(&pl->n, p, s, back, sizeof back);
    if (*k == -2) {
        snprintf(why, whylen, "%s sent '%s', which fits two legal moves", pl->name, s);
        return PLAYER_FAILED;
    }
    if (!strcmp(back, s)) snprintf(why, whylen, "%s played the illegal move '%s'", pl->name, s);
    else snprintf(why, whylen, "%s played the illegal move '%s' (%s)", pl->name, s, back);
    return PLAYER_LOST;
}

/* One line of a CECP engine while it is to move: its move, a claim, or nothing (-1). */
static int cecp_answer(EnginePlayer *pl, Pos *p, int side, const char *line, int *k, char *why,
                       size_t whylen)
{
    if (!strncmp(line, "move ", 5)) return (int)take_move(pl, p, line + 5, k, why, whylen);
    if (!strcmp(line, "resign") || !strncmp(line, "resign ", 7)) {
        snprintf(why, whylen, "%s resigned", pl->name);
        return PLAYER_LOST;
    }
    if (!strncmp(line, "Illegal move", 12)) {
        snprintf(why, whylen, "%s refused a move boardvm sent: %s", pl->name, line);
        return PLAYER_FAILED;
    }
    int claim = result_claim(line);
    if (claim < 0) return -1;
    const char *text = strchr(line, '{') ? strchr(line, '{') : "";
    if (claim == 2) {
        snprintf(why, whylen, "%s claimed a draw %s", pl->name, text);
        return PLAYER_DRAW_CLAIMED;
    }
    if (claim != side) snprintf(why, whylen, "%s resigned %s", pl->name, text);
    else snprintf(why, whylen, "%s claimed a win the rules do not see %s", pl->name, text);
    return PLAYER_LOST;
}

PlayerOutcome player_move(EnginePlayer *pl, Pos *p, const PlayerLimits *lim, int *k,
                          double *used, char *why, size_t whylen)
{
    int side = pos_turn(p);
    char err[512];
    double t0 = uci_clock();
    double bound = lim->clocked ? lim->clock[side] + lim->margin
                                : lim->movetime + pl->s.timeout;
    double deadline = t0 + bound;
    *used = 0;
    pl->broken = 1;                 /* until its move has come */
    int ok = pl->s.protocol == PLAYER_UCI ? ask_uci(pl, lim, err, sizeof err)
                                         : ask_cecp(pl, lim, side, err, sizeof err);
    char *line = pl->line;
    int r = ok ? 0 : PLAYER_LOST;
    while (ok) {
        int got = uci_read_line(pl->e, deadline, "its move", line, LINE_MAX_BYTES, err,
                                sizeof err);
        *used = uci_clock() - t0;
        if (got == -1) {
            if (lim->clocked) snprintf(why, whylen, "%s lost on time", pl->name);
            else snprintf(why, whylen, "%s sent no move in %g s", pl->name, bound);
            r = PLAYER_LOST;
            break;
        }
        if (got == 0) { r = PLAYER_LOST; ok = 0; break; }
        if (pl->s.protocol == PLAYER_UCI) {
            if (strncmp(line, "bestmove ", 9) && strcmp(line, "bestmove")) continue;
            char mv[MOVE_STR_MAX] = "";
            sscanf(line + 8, " %255s", mv);
            if (!*mv || !strcmp(mv, "(none)") || !strcmp(mv, "0000")) {
                snprintf(why, whylen, "%s sent no move ('%s') where the rules have one",
                         pl->name, line);
                r = PLAYER_LOST;
            } else r = (int)take_move(pl, p, mv, k, why, whylen);
            break;
        }
        int a = cecp_answer(pl, p, side, line, k, why, whylen);
        if (a < 0) continue;
        r = a;
        break;
    }
    if (!ok) {                      /* it ended, or wrote what a pipe does not carry */
        char story[64];
        if (uci_ended(pl->e, story, sizeof story))
            snprintf(why, whylen, "%s ended (%s) while it had to move", pl->name, story);
        else snprintf(why, whylen, "%s: %s", pl->name, err);
        return PLAYER_LOST;
    }
    if (r == PLAYER_MOVED && lim->clocked && *used > lim->clock[side] + lim->margin) {
        snprintf(why, whylen, "%s lost on time", pl->name);
        return PLAYER_LOST;
    }
    if (r == PLAYER_MOVED) {
        pl->broken = 0;
        if (pl->s.protocol == PLAYER_XBOARD) {
            if (!say(pl, "force\n", err, sizeof err)) pl->broken = 1;
            pl->sent = pl->nmoves + 1;        /* its own move: it knows it */
        }
    }
    return (PlayerOutcome)r;
}
