/* xboard.c - `boardvm xboard FILE`: the engine speaks the XBoard/CECP protocol (version 2) on
 * standard input and output, so a GUI such as XBoard can play any rectangular game against it.
 *
 * For FIDE chess the variant is announced as "normal" and moves cross the protocol as boardvm
 * writes them, with a promotion's code in lower case (e7e8=Q -> e7e8q).
 *
 * Any other game is played as XBoard's variant "fairy" on a board of its size (WxH+S_fairy, S the
 * holdings for a game with drops). XBoard knows pieces by single letters, each standing for one
 * of its own piece types (a "slot" of its piece-to-char table, which also gives the picture), so
 * every piece type of the game gets a letter of its own (see xb_map()); the `variant` command is
 * answered with a `setup` line carrying that table and the position in XBoard's FEN, and with
 * `piece` commands giving the Betza moves of the pieces that only have `leap`/`ride` lines. Moves
 * cross the protocol in XBoard's plain form: from-square and to-square, a promotion's letter in
 * lower case, a drop as LETTER@square; a move whose boardvm string has a suffix (`e4d3ep`) is
 * sent without it, and a move from XBoard is the first legal move (in generation order) whose
 * XBoard form it is. When two legal moves have the same XBoard form (a Crab's quiet step and its
 * en passant capture onto the same square), the engine also plays that first one, so both sides
 * of the protocol always agree on what was played.
 *
 * XBoard checks the engines' moves against its own rules unless it runs with -testLegality
 * false. The `piece` commands make it right about leap/ride pieces; a piece with a program
 * (castling, 3-step pawns, arrows...) cannot be described to it, so such games need legality
 * testing off (docs/engine.md, "Games other than chess"). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "commands.h"
#include "make.h"
#include "movegen.h"
#include "notation.h"
#include "posstring.h"
#include "protect.h"
#include "search.h"
#include "lineread.h"
#include "session.h"
#include "oom.h"

/* XBoard's fairy pieces in the order of its piece-to-char table (its default letters); the
 * table ends with the King. */
static const char xb_order[] = "PNBRQFEACWMOHIJGDVLSU";
#define XB_SLOTS 21                /* slots before the King's */
#define XB_KING XB_SLOTS

typedef struct {
    Game *g;
    Pos *p;
    Engine *eng;
    int force, engine_side, post;
    int sd;                        /* depth limit, 0 = none (--search mcts: not a limit) */
    int algo, playout;             /* --search */
    double st;                     /* fixed seconds per move, 0 = use the clock */
    int mps, mps_left;             /* moves per time control (0 = whole game) */
    double inc, time_left;         /* seconds */
    int chess;                     /* the rules file is FIDE chess: variant "normal" */
    const char *rules_path;
    /* other games: XBoard's names of things */
    char letter[MAX_TYPES + 1];    /* XBoard letter (upper case) of each type */
    int slot[MAX_TYPES + 1];       /* its slot in the piece-to-char table, -1 = none */
    int holdings;                  /* holdings size (piece types in hand), 0 without drops */
    char variant[64];              /* WxH+S_fairy */
} XB;

/* ---------------------------------------------------------------- letters ---- */

static int letter_free(const char *used, int c)
{
    return c >= 'A' && c <= 'Z' && c != 'X' && !used[c - 'A'];
}

/* Give every piece type a distinct letter and a slot of XBoard's table:
 *  - the (first) royal type takes the King's slot, a type whose code is P (the pawn) the Pawn's;
 *  - a type with a one-letter code keeps that letter;
 *  - a longer code takes the first free letter of its code, then of its name, then of XBoard's
 *    order PNBRQFEACWMOHIJGDVLSU, then of the alphabet; P and K are left to the pawn and the
 *    king, X is never used (XBoard reads it as a capture);
 *  - the slot is the one whose default letter it is, when free, else the first free one. */
static void xb_map(XB *x)
{
    const Game *g = x->g;
    char used[26] = {0};
    int slot_used[XB_SLOTS + 1] = {0};
    int royal = 0, pawn = 0;
    used['X' - 'A'] = 1;
    for (int t = 1; t <= g->ntypes; t++) {
        x->letter[t] = 0; x->slot[t] = -1;
        if (!royal && g->types[t].royal) royal = t;
        if (!pawn && !g->types[t].royal && !strcasecmp(g->types[t].code, "P")) pawn = t;
    }
    if (royal) {
        const char *c = g->types[royal].code;
        int L = toupper((unsigned char)c[0]);
        x->letter[royal] = strlen(c) == 1 && L != 'X' ? (char)L : 'K';
        x->slot[royal] = XB_KING; slot_used[XB_KING] = 1;
        used[x->letter[royal] - 'A'] = 1;
    }
    if (pawn) { x->letter[pawn] = 'P'; used['P' - 'A'] = 1; x->slot[pawn] = 0; slot_used[0] = 1; }
    for (int t = 1; t <= g->ntypes; t++) {          /* one-letter codes */
        const char *c = g->types[t].code;
        if (x->letter[t] || strlen(c) != 1) continue;
        int L = toupper((unsigned char)c[0]);
        if (letter_free(used, L)) { x->letter[t] = (char)L; used[L - 'A'] = 1; }
    }
    char reserved[26];
    memcpy(reserved, used, sizeof used);
    if (!royal) reserved['K' - 'A'] = 1;
    if (!pawn) reserved['P' - 'A'] = 1;
    for (int t = 1; t <= g->ntypes; t++) {          /* the others */
        if (x->letter[t]) continue;
        char cand[128];
        snprintf(cand, sizeof cand, "%s%s%sABCDEFGHIJKLMNOPQRSTUVWYZ", g->types[t].code,
                 g->types[t].name, xb_order);
        for (const char *c = cand; *c; c++) {
            int L = toupper((unsigned char)*c);
            if (!letter_free(reserved, L)) continue;
            x->letter[t] = (char)L;
            used[L - 'A'] = reserved[L - 'A'] = 1;
            break;
        }
    }
    for (int t = 1; t <= g->ntypes; t++) {          /* slots: its own letter's first */
        if (x->slot[t] >= 0 || !x->letter[t]) continue;
        const char *s = strchr(xb_order, x->letter[t]);
        if (s && !slot_used[s - xb_order]) {
            x->slot[t] = (int)(s - xb_order);
            slot_used[x->slot[t]] = 1;
        }
    }
    for (int t = 1; t <= g->ntypes; t++) {
        if (x->slot[t] >= 0 || !x->letter[t]) continue;
        for (int i = 1; i <= XB_KING; i++)          /* the Pawn's slot is for the pawn only */
            if (!slot_used[i]) { x->slot[t] = i; slot_used[i] = 1; break; }
    }
    x->holdings = 0;
    if (g->drops_fn >= 0)                  /* every type but the royal one can be in hand */
        for (int t = 1; t <= g->ntypes; t++)
            if (x->slot[t] >= 0 && x->slot[t] != XB_KING) x->holdings++;
    snprintf(x->variant, sizeof x->variant, "%dx%d+%d_fairy", g->files, g->ranks, x->holdings);
}

/* The letter of a piece as XBoard writes it: the second player's in lower case. */
static char xb_letter(const XB *x, int32_t w)
{
    int t = PW_TYPE(w);
    if (t < 1 || t > x->g->ntypes || !x->letter[t]) return '?';
    return PW_OWNER(w) == 1 ? (char)tolower((unsigned char)x->letter[t]) : x->letter[t];
}

static int xb_type(const XB *x, int c, int *owner)
{
    for (int t = 1; t <= x->g->ntypes; t++) {
        if (x->letter[t] == c) { *owner = 0; return t; }
        if (x->letter[t] && tolower((unsigned char)x->letter[t]) == c) { *owner = 1; return t; }
    }
    return 0;
}

/* ---------------------------------------------------------------- moves ---- */

/* A square as XBoard writes it: on a board of exactly 10 ranks XBoard counts the ranks from 0
 * (its ONE is '0' there: xiangqi's a1 is XBoard's a0, its a10 is a9); on any other board from 1,
 * in decimal (Spinal Tap's e11 is e11: XBoard does not read e;). Measured with the real XBoard
 * (bench/xboard-self.sh). */
static void xb_square(const Game *g, int sq, char *out, size_t len)
{
    if (sq < 0 || sq >= g->nsq) { snprintf(out, len, "?"); return; }
    snprintf(out, len, "%c%d", 'a' + g->sq_x[sq], g->sq_y[sq] + (g->ranks == 10 ? 0 : 1));
}

/* The square XBoard names (its numbering: see xb_square), or -1. */
static int xb_parse_square(const Game *g, const char *s)
{
    if (s[0] < 'a' || s[0] >= 'a' + g->files || !isdigit((unsigned char)s[1])) return -1;
    char *end;
    long r = strtol(s + 1, &end, 10);
    if (*end && !isspace((unsigned char)*end)) return -1;
    long y = g->ranks == 10 ? r : r - 1;
    if (y < 0 || y >= g->ranks) return -1;
    return game_sq_at(g, s[0] - 'a', (int)y);
}

/* `lift SQUARE` (feature highlight=1): XBoard asks where the piece it picked up may go. The answer
 * is a board in FEN's shape, ranks from the top, each target square a colour letter (R a capture,
 * M a promotion, Y any other move), every other square counted as empty. */
static void highlight(XB *x, const char *arg)
{
    const Game *g = x->g;
    int from = xb_parse_square(g, arg);
    if (from < 0) { printf("Error (not a square of this board): lift %s\n", arg); return; }
    MoveList *ml = pos_list(x->p, 0);
    node_moves(x->p, ml);
    char mark[MAX_FILES * MAX_RANKS] = {0};
    for (int i = 0; i < ml->n; i++) {
        const Move *m = &ml->m[i];
        if (m->from != from || (m->kind != MK_MOVE && m->kind != MK_LANDED) || m->to < 0 ||
            m->to >= g->nsq)
            continue;
        int t = g->sq_x[m->to] + g->sq_y[m->to] * g->files;
        char c = pos_piece(x->p, m->to) && m->to != from ? 'R'
               : m->become && m->become != PW_TYPE(m->piece) ? 'M' : 'Y';
        if (mark[t] != 'R') mark[t] = c;
    }
    char out[MAX_FILES * MAX_RANKS + MAX_RANKS + 16];
    size_t n = 0;
    for (int y = g->ranks - 1; y >= 0; y--) {
        int empty = 0;
        for (int xx = 0; xx < g->files; xx++) {
            char c = mark[xx + y * g->files];
            if (!c) { empty++; continue; }
            if (empty) n += (size_t)snprintf(out + n, sizeof out - n, "%d", empty);
            empty = 0;
            out[n++] = c;
        }
        if (empty) n += (size_t)snprintf(out + n, sizeof out - n, "%d", empty);
        if (y) out[n++] = '/';
    }
    out[n] = 0;
    printf("highlight %s\n", out);
}

/* A move as XBoard writes it. */
static void to_xboard(const XB *x, const MoveList *ml, const Move *m, char *out, size_t len)
{
    const Game *g = x->g;
    char buf[MOVE_STR_MAX];
    move_string(g, ml, m, buf, sizeof buf);
    if (x->chess) {                                /* e7e8=Q -> e7e8q */
        const char *eq = strchr(buf, '=');
        if (!eq) { snprintf(out, len, "%s", buf); return; }
        size_t n = (size_t)(eq - buf);
        if (n >= len) n = len - 1;
        memcpy(out, buf, n);
        size_t k = n;
        for (const char *c = eq + 1; *c && k + 1 < len; c++)
            out[k++] = (char)tolower((unsigned char)*c);
        out[k] = 0;
        return;
    }
    char from[8], to[8];
    xb_square(g, m->to, to, sizeof to);
    if (m->kind == MK_DROP && m->become >= 1 && m->become <= g->ntypes && x->letter[m->become]) {
        snprintf(out, len, "%c@%s", x->letter[m->become], to);
        return;
    }
    if ((m->kind == MK_MOVE || m->kind == MK_LANDED) && m->from >= 0 && m->from < g->nsq &&
        m->to >= 0 && m->to < g->nsq && !m->nnote) {
        xb_square(g, m->from, from, sizeof from);
        if (m->become && m->become != PW_TYPE(m->piece) && m->become <= g->ntypes &&
            x->letter[m->become])
            snprintf(out, len, "%s%s%c", from, to, tolower((unsigned char)x->letter[m->become]));
        else snprintf(out, len, "%s%s", from, to);
        return;
    }
    snprintf(out, len, "%s", buf);                 /* no XBoard form: boardvm's own */
}

/* Find the legal move that XBoard's string names: the first whose XBoard form it is, else the
 * one whose boardvm string it is. */
static int find_xboard_move(const XB *x, const MoveList *ml, const char *s)
{
    char buf[MOVE_STR_MAX], xb[MOVE_STR_MAX];
    char want[MOVE_STR_MAX];
    snprintf(want, sizeof want, "%s", s);
    /* a drop from XBoard may come with the second player's letter in lower case */
    if (!x->chess && want[0] && want[1] == '@') want[0] = (char)toupper((unsigned char)want[0]);
    for (int i = 0; i < ml->n; i++) {
        to_xboard(x, ml, &ml->m[i], xb, sizeof xb);
        if (!strcmp(xb, want)) return i;
    }
    for (int i = 0; i < ml->n; i++) {
        move_string(x->g, ml, &ml->m[i], buf, sizeof buf);
        if (!strcmp(buf, s)) return i;
    }
    /* XBoard appends '.' to a move onto the last ranks of a fairy game when it does not promote
     * (seen in bench/xboard-self.sh: xiangqi's b1b0.): the move without it */
    size_t n = strlen(want);
    if (n > 1 && want[n - 1] == '.') {
        want[n - 1] = 0;
        return find_xboard_move(x, ml, want);
    }
    return -1;
}

/* ---------------------------------------------------------------- positions ---- */

typedef struct { char *s; size_t n, cap; } SBuf;

static void sput(SBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sput(SBuf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
        va_end(ap);
        if (k >= 0 && (size_t)k < b->cap - b->n) { b->n += (size_t)k; return; }
        b->cap = b->cap * 2 + (size_t)(k > 0 ? k : 64) + 64;
        b->s = realloc(b->s, b->cap);
        if (!b->s) out_of_memory("b.s in sput()");
    }
}

/* The position in XBoard's FEN: board (holes '*', a stack as its top piece), holdings in
 * brackets for a game with drops, side to move w/b, no castling or en passant rights (XBoard
 * cannot hold this game's), and the move counters. */
static char *xb_fen(const XB *x, const Pos *p)
{
    const Game *g = x->g;
    SBuf b = { malloc(256), 0, 256 };
    if (!b.s) out_of_memory("b.s in xb_fen()");
    b.s[0] = 0;
    for (int y = g->ranks - 1; y >= 0; y--) {
        int empty = 0;
        for (int f = 0; f < g->files; f++) {
            int sq = game_sq_at(g, f, y);
            int32_t w = 0;
            if (sq >= 0) { int top = pos_top_loc(p, sq); w = top >= 0 ? p->st[top] : 0; }
            if (sq >= 0 && !w) { empty++; continue; }
            if (empty) { sput(&b, "%d", empty); empty = 0; }
            if (sq < 0) sput(&b, "*");
            else sput(&b, "%c", xb_letter(x, w));
        }
        if (empty) sput(&b, "%d", empty);
        if (y) sput(&b, "/");
    }
    if (x->holdings) {
        sput(&b, "[");
        for (int pl = 0; pl < 2 && pl < g->nplayers; pl++)
            for (int t = 1; t <= g->ntypes; t++) {
                int n = p->st[g->st_hands + pl * (g->ntypes + 1) + t];
                for (int i = 0; i < n; i++) sput(&b, "%c", xb_letter(x, PW_MAKE(t, pl)));
            }
        sput(&b, "]");
    }
    int half = 0, full = 1;
    for (int i = 0; i < g->nvars; i++) {
        if (g->vars[i].kind != VAR_GLOBAL) continue;
        if (!strcmp(g->vars[i].name, "halfmove")) half = p->st[g->vars[i].base];
        if (!strcmp(g->vars[i].name, "fullmove")) full = p->st[g->vars[i].base];
    }
    sput(&b, " %c - - %d %d", pos_turn(p) == 0 ? 'w' : 'b', half, full);
    return b.s;
}

/* XBoard's FEN (as setboard gives it) -> a boardvm position string; NULL if it does not fit.
 * The start position comes back as the rules file's start string (with all its state). */
static char *xb_from_fen(const XB *x, const char *fen)
{
    const Game *g = x->g;
    /* the start position, as XBoard would write it: compare board and side */
    Pos *sp = pos_new(g);
    char e[256];
    char *startfen = NULL;
    if (pos_from_string(sp, g->start, e, sizeof e)) startfen = xb_fen(x, sp);
    pos_free(sp);
    if (startfen) {
        char given[4096];                          /* XBoard writes empty holdings as [-] */
        snprintf(given, sizeof given, "%s", fen);
        char *h = strstr(given, "[-]");
        if (h && h < given + strcspn(given, " ")) memmove(h + 1, h + 2, strlen(h + 2) + 1);
        size_t n1 = strcspn(startfen, " "), n2 = strcspn(given, " ");
        int same = n1 == n2 && !strncmp(startfen, given, n1) && given[n2] == ' ' &&
                   startfen[n1 + 1] == given[n2 + 1];
        free(startfen);
        if (same) return xstrdup(g->start, "the start");
    }
    SBuf b = { malloc(256), 0, 256 };
    if (!b.s) out_of_memory("b.s in xb_from_fen()");
    b.s[0] = 0;
    sput(&b, "board=");
    const char *q = fen;
    int hands[MAX_PLAYERS][MAX_TYPES + 1];
    memset(hands, 0, sizeof hands);
    while (*q && *q != ' ' && *q != '[') {
        if (*q == '/' || isdigit((unsigned char)*q)) { sput(&b, "%c", *q); q++; continue; }
        if (*q == '*' || *q == '+' || *q == '~') { q++; continue; }      /* hole, promoted marks */
        int owner, t = xb_type(x, *q, &owner);
        if (!t) { free(b.s); return NULL; }
        const char *c = owner == 1 ? g->types[t].lcode : g->types[t].code;
        if (strlen(c) > 1) sput(&b, "(%s)", c); else sput(&b, "%s", c);
        q++;
    }
    if (*q == '[') {                               /* holdings */
        for (q++; *q && *q != ']'; q++) {
            int owner, t = xb_type(x, *q, &owner);
            if (t && owner >= 0 && owner < g->nplayers) hands[owner][t]++;
        }
        if (*q == ']') q++;
    }
    while (*q == ' ') q++;
    int turn = *q == 'b' ? 1 : 0;
    if (turn >= g->nplayers) turn = 0;
    sput(&b, " turn=%s", g->player_letter[turn]);
    if (g->drops_fn >= 0) {
        int any = 0;
        for (int pl = 0; pl < g->nplayers; pl++)
            for (int t = 1; t <= g->ntypes; t++) {
                if (!hands[pl][t]) continue;
                const char *c = pl == 1 ? g->types[t].lcode : g->types[t].code;
                sput(&b, "%s", any ? "" : " hands=");
                if (hands[pl][t] > 1) sput(&b, "%d", hands[pl][t]);
                if (strlen(c) > 1) sput(&b, "(%s)", c); else sput(&b, "%s", c);
                any = 1;
            }
    }
    return b.s;
}

/* ---------------------------------------------------------------- piece moves ---- */

/* The Betza atom of a vector (by its absolute values): W F D A H G N C Z, or 0. */
static char betza_atom(int dx, int dy)
{
    int a = abs(dx), b = abs(dy);
    if (a > b) { int t = a; a = b; b = t; }
    static const struct { int a, b; char c; } tab[] = {
        {0, 1, 'W'}, {1, 1, 'F'}, {0, 2, 'D'}, {2, 2, 'A'}, {0, 3, 'H'}, {3, 3, 'G'},
        {1, 2, 'N'}, {1, 3, 'C'}, {2, 3, 'Z'},
    };
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (tab[i].a == a && tab[i].b == b) return tab[i].c;
    return 0;
}

/* XBoard's direction modifier for one vector of an atom (from White's side): f b l r for
 * orthogonal atoms, fr fl br bl for diagonal ones, and for oblique ones the wide half first,
 * then the narrow one (rf = (1,2), fr = (2,1)). */
static void betza_dir(int dx, int dy, char *out)
{
    const char *v = dy > 0 ? "f" : "b", *h = dx > 0 ? "r" : "l";
    if (dx == 0) strcpy(out, v);
    else if (dy == 0) strcpy(out, h);
    else if (abs(dx) == abs(dy)) sprintf(out, "%s%s", v, h);
    else if (abs(dy) > abs(dx)) sprintf(out, "%s%s", h, v);
    else sprintf(out, "%s%s", v, h);
}

/* The Betza description of type t for player pl, or 0 if it has moves XBoard cannot be told
 * (a program, an attack program, a vector Betza has no letter for). XBoard turns the
 * descriptions of the second player's pieces by 180 degrees, so their vectors are turned
 * here first. */
static int betza(const XB *x, int t, int pl, char *out, size_t len)
{
    const Game *g = x->g;
    const PieceType *T = &g->types[t];
    if (!T->natoms || T->moves_fn >= 0 || T->attack_fn >= 0 || T->nparts > 1) return 0;
    for (int i = 0; i < T->natoms; i++)
        if (!ATOM_PLAIN(&T->atoms[i])) return 0;           /* hop, leg, zone */
    size_t k = 0;
    out[0] = 0;
    int done[256] = {0};
    for (int i = 0; i < T->natoms && i < 256; i++) {
        if (done[i]) continue;
        const Atom *a = &T->atoms[i];
        int d = g->dir_map[pl][a->dir];
        char atom = betza_atom(g->dx[d], g->dy[d]);
        if (!atom) return 0;
        /* every atom of the same letter, kind and mode */
        char mods[128] = "";
        int n = 0;
        for (int j = i; j < T->natoms && j < 256; j++) {
            const Atom *b = &T->atoms[j];
            int e = g->dir_map[pl][b->dir];
            if (b->kind != a->kind || b->mode != a->mode || betza_atom(g->dx[e], g->dy[e]) != atom)
                continue;
            done[j] = 1;
            int vx = g->dx[e], vy = g->dy[e];
            if (pl == 1) { vx = -vx; vy = -vy; }
            char m[4];
            betza_dir(vx, vy, m);
            if (strlen(mods) + strlen(m) < sizeof mods) strcat(mods, m);
            n++;
        }
        int all = strchr("WFDAHG", atom) ? 4 : 8;          /* vectors of the atom */
        if (n >= all) mods[0] = 0;
        const char *mode = a->mode == MODE_MOVE ? "m" : a->mode == MODE_CAPTURE ? "c" : "";
        char piece[8];
        if (a->kind == ATOM_RIDE) {
            if (atom == 'W') strcpy(piece, "R");
            else if (atom == 'F') strcpy(piece, "B");
            else sprintf(piece, "%c0", atom);
        } else sprintf(piece, "%c", atom);
        int r = snprintf(out + k, len - k, "%s%s%s", mods, mode, piece);
        if (r < 0 || (size_t)r >= len - k) return 0;
        k += (size_t)r;
    }
    return 1;
}

/* ---------------------------------------------------------------- protocol ---- */

/* A number of seconds from a command, within [0, XB_MAX_SECONDS]; 0 if it is not one. A week
 * bounds every clock: larger values are typing errors, and would overflow the search's
 * deadline arithmetic for no game anyone plays. */
#define XB_MAX_SECONDS (7 * 24 * 3600.0)
static int seconds_arg(const char *s, double scale, double *out)
{
    char *end;
    double v = strtod(s, &end);
    while (end != s && (*end == ' ' || *end == '\t')) end++;
    if (end == s || *end || !(v == v)) return 0;
    v *= scale;
    if (v < 0) v = 0;               /* a clock that has run out: time -150 after a flag fall */
    if (v > XB_MAX_SECONDS) return 0;
    *out = v;
    return 1;
}

static double think_time(const XB *x)
{
    if (x->st > 0) return x->st * 0.95;
    if (x->time_left <= 0) return 1.0;
    int moves = x->mps ? (x->mps_left > 0 ? x->mps_left : x->mps) : 30;
    double t = x->time_left / (moves + 2) + x->inc * 0.8;
    if (t > x->time_left * 0.5) t = x->time_left * 0.5;
    return t < 0.02 ? 0.02 : t;
}

static void announce_result(XB *x)
{
    const Game *g = x->g;
    Pos *p = x->p;
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    if (!p->result) return;
    const char *why = p->result_reason ? g->strings[p->result_reason - 1] : "game over";
    if (p->result == RESULT_DRAW) printf("1/2-1/2 {%s}\n", why);
    else {
        int winner = p->result == RESULT_WIN ? pos_turn(p) : game_opponent(g, pos_turn(p));
        printf("%s {%s}\n", winner == 0 ? "1-0" : "0-1", why);
    }
}

static void engine_move(XB *x)
{
    const Game *g = x->g;
    Pos *p = x->p;
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    if (p->result || ml->n == 0) { announce_result(x); return; }
    const int sd = x->algo == SEARCH_MCTS ? 0 : x->sd;   /* MCTS has no depth: its time */
    SearchLimits lim = { .depth = sd, .time = sd ? 0 : think_time(x),
                         .info = x->post ? stdout : NULL, .xboard_post = 1, .algo = x->algo,
                         .playout = x->playout };
    SearchResult r;
    engine_search(x->eng, p, &lim, &r);
    ml = pos_list(p, 0);
    node_moves(p, ml);
    int k = move_find(g, ml, r.best_str);
    if (k < 0) return;
    char xb[MOVE_STR_MAX];
    to_xboard(x, ml, &ml->m[k], xb, sizeof xb);
    int k2 = find_xboard_move(x, ml, xb);         /* the move the other side will read */
    if (k2 >= 0) k = k2;
    pos_make(p, ml, &ml->m[k]);
    if (x->mps_left > 0 && --x->mps_left == 0) x->mps_left = x->mps;
    printf("move %s\n", xb);
    fflush(stdout);
    announce_result(x);
}

static void features(XB *x)
{
    const Game *g = x->g;
    char variants[160];
    if (x->chess) snprintf(variants, sizeof variants, "normal");
    else snprintf(variants, sizeof variants, "fairy,%s", x->variant);
    printf("feature ping=1 setboard=1 usermove=1 san=0 time=1 draw=0 sigint=0 sigterm=0 reuse=1 "
           "analyze=0 colors=0 name=1 highlight=1 myname=\"boardvm %s\" variants=\"%s\" done=1\n",
           g->name, variants);
    fflush(stdout);
}

/* For a game other than chess: the piece-to-char table, the board size and the start position,
 * then the moves of the pieces XBoard can be told about. */
static void setup_line(XB *x)
{
    const Game *g = x->g;
    if (x->chess) return;
    char table[2 * (XB_KING + 1) + 1];
    for (int i = 0; i <= XB_KING; i++) table[i] = table[XB_KING + 1 + i] = '.';
    for (int t = 1; t <= g->ntypes; t++) {
        if (x->slot[t] < 0) continue;
        table[x->slot[t]] = x->letter[t];
        table[XB_KING + 1 + x->slot[t]] = (char)tolower((unsigned char)x->letter[t]);
    }
    table[2 * (XB_KING + 1)] = 0;
    char *fen = xb_fen(x, x->p);
    printf("setup (%s) %s %s\n", table, x->variant, fen);
    free(fen);
    for (int t = 1; t <= g->ntypes; t++) {
        if (x->slot[t] < 0) continue;
        char w[256], b[256];
        if (!betza(x, t, 0, w, sizeof w)) continue;
        if (g->nplayers > 1 && !betza(x, t, 1, b, sizeof b)) continue;
        if (g->nplayers < 2 || !strcmp(w, b)) printf("piece %c& %s\n", x->letter[t], w);
        else {
            printf("piece %c %s\n", x->letter[t], w);
            printf("piece %c %s\n", tolower((unsigned char)x->letter[t]), b);
        }
    }
    fflush(stdout);
}

/* Setting up a position from a string (under protected_run: it runs the turn-start hook). */
typedef struct { const char *pos; char e[256]; int ok; } SetUp;

static void set_up(Pos *p, void *ctx)
{
    SetUp *u = ctx;
    u->ok = pos_from_string(p, u->pos, u->e, sizeof u->e);
}

/* A new position in x->p: pos (XBoard's FEN for a game other than chess), or the game's start
 * when pos is NULL or is refused (said to XBoard). The old position is freed first: this runs
 * outside any protected run on it. 0 after a runtime error in the rules code (x->p->errmsg). */
static int new_game(XB *x, const char *pos)
{
    pos_free(x->p);
    x->p = pos_new(x->g);
    char *own = NULL;
    SetUp u = { pos ? pos : x->g->start, "", 0 };
    if (pos && !x->chess && !(u.pos = own = xb_from_fen(x, pos)))
        printf("tellusererror Illegal position: %s\n", pos);
    else if (protected_run(x->p, set_up, &u)) { free(own); return 0; }
    else if (!u.ok) printf("tellusererror Illegal position: %s\n", u.e);
    free(own);
    if (u.ok) return 1;
    u.pos = x->g->start;               /* the start: compiled, so only a runtime error fails */
    return !protected_run(x->p, set_up, &u);
}

/* Why XBoard cannot play this game, or NULL: more than two players, stacks, holes in the board,
 * or a move of the start position that has no XBoard form (a move with notes, several pieces
 * at once, a stay). Told at start-up (stderr) and to XBoard (tellusererror after protover);
 * docs/engine.md has the table of the shipped games. Runs under protected_run (the moves). */
static const char *xb_cannot(XB *x, char *buf, size_t len)
{
    const Game *g = x->g;
    if (g->nplayers != 2) return "it is not a game of two players";
    if (g->stack > 1) return "its squares hold stacks of pieces, which XBoard cannot show";
    if (g->nsq != g->files * g->ranks) return "its board has holes, which XBoard cannot show";
    if (g->files > 26) return "its board has more files than XBoard's letters a to z";
    if (x->chess) return NULL;
    MoveList *ml = pos_list(x->p, 0);
    node_moves(x->p, ml);
    for (int i = 0; i < ml->n; i++) {
        const Move *m = &ml->m[i];
        int plain =
            (m->kind == MK_DROP && m->become >= 1 && m->become <= g->ntypes && x->letter[m->become])
            || ((m->kind == MK_MOVE || m->kind == MK_LANDED) && m->from >= 0 && m->to >= 0 &&
                !m->nnote && !m->qualified);
        if (plain) continue;
        char s[MOVE_STR_MAX];
        move_string(g, ml, m, s, sizeof s);
        snprintf(buf, len, "some of its moves have no XBoard form (such as %s)", s);
        return buf;
    }
    return NULL;
}

typedef struct { XB *x; char *buf; size_t len; const char *reason; } Cannot;

static void cannot_play(Pos *p, void *ctx)
{
    Cannot *c = ctx;
    (void)p;                                   /* c->x->p */
    c->reason = xb_cannot(c->x, c->buf, c->len);
}

/* A move from XBoard (usermove, or a bare move from a protover 1 GUI), and the engine's answer
 * if it is to answer (or else, with announce, the result if the game is over); 0 if text is
 * not a move here. */
static int their_move(XB *x, const char *text, int announce)
{
    MoveList *ml = pos_list(x->p, 0);
    node_moves(x->p, ml);
    int k = find_xboard_move(x, ml, text);
    if (k < 0) return 0;
    pos_make(x->p, ml, &ml->m[k]);
    if (!x->force && pos_turn(x->p) == x->engine_side) engine_move(x);
    else if (announce) announce_result(x);
    return 1;
}

/* level MPS BASE INC, BASE in minutes or minutes:seconds; 0 if malformed. */
static int level_command(XB *x, const char *arg)
{
    int mps = 0, used = 0; char base[32] = ""; double inc = 0;
    int n = sscanf(arg, "%d %31s %lf %n", &mps, base, &inc, &used);
    if (n != 3 || arg[used] || mps < 0 || mps > 10000 || inc < 0 || inc > XB_MAX_SECONDS) return 0;
    char *end;
    long mm = strtol(base, &end, 10), ss = 0;
    int ok;
    if (*end == ':') {
        char *e2;
        ss = strtol(end + 1, &e2, 10);
        ok = e2 != end + 1 && !*e2 && ss >= 0 && ss < 60;
    } else ok = end != base && !*end;
    if (!ok || mm < 0 || mm * 60.0 + ss > XB_MAX_SECONDS || !(mm || ss || inc > 0)) return 0;
    x->mps = x->mps_left = mps; x->inc = inc; x->st = 0;
    x->time_left = (int)mm * 60.0 + (int)ss;
    return 1;
}

/* The clock's commands (time, st, sd, level); 0 if cmd is none of them. */
static int clock_command(XB *x, const char *cmd, const char *arg)
{
    if (!strcmp(cmd, "time")) {
        if (!seconds_arg(arg, 0.01, &x->time_left))
            printf("Error (time must be centiseconds, at most a week): time %s\n", arg);
    } else if (!strcmp(cmd, "st")) {
        double st;
        if (!seconds_arg(arg, 1, &st) || st <= 0)
            printf("Error (st must be seconds, more than 0 and at most a week): st %s\n", arg);
        else { x->st = st; x->sd = 0; }
    } else if (!strcmp(cmd, "sd")) {
        /* a depth the search knows; sd -1 (or 0) would mean no limit at all, and sd works
         * without the clock (time 0 below): the engine would never answer */
        char *end; long d = strtol(arg, &end, 10);
        if (end == arg || *end || d < 1 || d > MAX_PLY - 8)
            printf("Error (depth must be 1 to %d): sd %s\n", MAX_PLY - 8, arg);
        else x->sd = (int)d;
    } else if (!strcmp(cmd, "level")) {
        if (!level_command(x, arg))
            printf("Error (level takes moves per control, minutes or min:sec, and increment "
                   "seconds): level %s\n", arg);
    } else return 0;
    return 1;
}

/* Commands of the protocol that boardvm reads and does nothing for. */
static int ignored(const char *cmd)
{
    static const char *const names[] = {
        "xboard", "put", "hover", "otim", "result", "hard", "easy", "random", "computer", "name",
        "accepted", "rejected", "?", "draw", "cores", "memory", "white", "black", "ics", "bk",
        "hint", "exit", "option", "",
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(cmd, names[i])) return 1;
    return 0;
}

/* One command line, but new and setboard (which replace the position: see cmd_xboard), run
 * under protected_run: most commands run rules code. */
typedef struct { XB *x; const char *cmd, *arg, *cannot; int quit; } XbCommand;

static void command(Pos *p, void *ctx)
{
    XbCommand *c = ctx;
    XB *x = c->x;
    const char *cmd = c->cmd, *arg = c->arg;
    (void)p;                                   /* x->p */
    if (ignored(cmd) || clock_command(x, cmd, arg)) return;
    if (!strcmp(cmd, "protover")) {
        features(x);
        if (c->cannot)
            printf("tellusererror XBoard cannot play %s: %s (boardvm serve plays it)\n",
                   x->g->name, c->cannot);
    }
    else if (!strcmp(cmd, "ping")) printf("pong %s\n", arg);
    else if (!strcmp(cmd, "lift")) highlight(x, arg);
    else if (!strcmp(cmd, "variant")) setup_line(x);
    else if (!strcmp(cmd, "force")) x->force = 1;
    else if (!strcmp(cmd, "go")) { x->force = 0; x->engine_side = pos_turn(x->p); engine_move(x); }
    else if (!strcmp(cmd, "playother")) {
        x->force = 0;
        x->engine_side = (pos_turn(x->p) + 1) % x->g->nplayers;
    }
    else if (!strcmp(cmd, "usermove")) {
        if (!their_move(x, arg, 1)) printf("Illegal move: %s\n", arg);
    }
    else if (!strcmp(cmd, "undo")) { if (x->p->nundo > 0) pos_unmake(x->p); }
    else if (!strcmp(cmd, "remove")) {
        for (int i = 0; i < 2 && x->p->nundo > 0; i++) pos_unmake(x->p);
    }
    else if (!strcmp(cmd, "post")) x->post = 1;
    else if (!strcmp(cmd, "nopost")) x->post = 0;
    else if (!strcmp(cmd, "quit")) c->quit = 1;
    else if (!their_move(x, cmd, 0)) printf("Error (unknown command): %s\n", cmd);  /* protover 1 */
}

/* The next command line in line, split into cmd and arg; 0 at the end of the input. Lines too
 * long or holding a NUL are refused here (*cmd = NULL): no command is like that, and reading
 * the rest of one as another command would do what nobody sent. */
static int next_command(char *line, size_t size, char **cmd, char **arg)
{
    int got = read_line(stdin, line, size);
    if (got == LINE_EOF) return 0;
    *cmd = NULL;
    if (got == LINE_TOO_LONG)
        printf("Error (command too long, over %d characters): %.40s...\n", (int)size - 2, line);
    else if (got == LINE_NUL) printf("Error (command holds a NUL byte): %.40s\n", line);
    else {
        line[strcspn(line, "\r\n")] = 0;
        *cmd = line;
        *arg = strchr(line, ' ');
        if (*arg) { *(*arg)++ = 0; while (**arg == ' ') (*arg)++; } else *arg = "";
    }
    return 1;
}

/* The session: commands until quit or the end of the input. Every command that runs rules code
 * runs under protected_run; new and setboard, which replace the position, run their set-up in
 * a run of their own on the new one (new_game). A runtime error ends the session: XBoard is
 * told why (tellusererror) and the status is 1. */
static int session(XB *x, const char *cannot)
{
    char line[8192];
    char *cmd, *arg;
    XbCommand c = { x, NULL, NULL, cannot, 0 };
    while (!c.quit && next_command(line, sizeof line, &cmd, &arg)) {
        if (!cmd) { fflush(stdout); continue; }
        if (!strcmp(cmd, "new") || !strcmp(cmd, "setboard")) {
            int is_new = !strcmp(cmd, "new");
            if (!new_game(x, is_new ? NULL : arg)) return 1;
            if (is_new) {
                engine_clear(x->eng);
                x->force = 0; x->engine_side = 1; x->sd = 0; x->mps_left = x->mps;
            }
        } else {
            c.cmd = cmd; c.arg = arg;
            if (protected_run(x->p, command, &c)) return 1;
        }
        fflush(stdout);
    }
    return 0;
}

int cmd_xboard(Args *a)
{
    int status;
    XB x = {0};
    x.rules_path = a->pos[1];
    x.g = load_game(a->pos[1], NULL, a->nopts, a->opts, &status);
    if (!x.g) return status;
    x.chess = !strcmp(x.g->name, "FIDE Chess");
    if (!x.chess) xb_map(&x);
    x.eng = engine_new(x.g, 64);
    x.algo = a->algo; x.playout = a->playout;
    x.engine_side = 1; x.post = 0;
    setvbuf(stdout, NULL, _IOLBF, 0);
    char why[MOVE_STR_MAX + 64];
    Cannot c = { &x, why, sizeof why, NULL };
    status = !new_game(&x, NULL) || protected_run(x.p, cannot_play, &c) ? 1 : 0;
    if (!status && c.reason)
        fprintf(stderr, "boardvm: XBoard cannot play %s: %s; `boardvm serve %s` plays it in a "
                "browser\n", x.g->name, c.reason, a->pos[1]);
    if (!status) status = session(&x, c.reason);
    if (status) {                      /* a runtime error of the rules code */
        printf("tellusererror %s\n", x.p->errmsg);
        fflush(stdout);
    }
    pos_free(x.p);
    engine_free(x.eng);
    game_free(x.g);
    return status;
}
