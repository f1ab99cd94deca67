/* svg.c - `boardvm svg FILE`: the position as an SVG picture on standard output, drawn as the
 * web board (web/board.js) draws it: squares (holes left out), `display` marks and maps,
 * arrows, pieces with every layer of a stack, badges for piece variables, square variables,
 * coordinates, the last move and a royal piece in check; under the board the hands that hold
 * pieces and the side to move. Pieces are pictures (pieceset.h: chess, xiangqi and shogi, the
 * web page's set), letter discs for the types the set does not know. For documents and bug
 * reports; the web board's tests compare the two. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "commands.h"
#include "make.h"
#include "movegen.h"
#include "movesquares.h"
#include "notation.h"
#include "record.h"
#include "session.h"
#include "oom.h"
#include "pieceset.h"
#include "protect.h"

#define S 64                          /* one square */
#define M 24                          /* the margin for coordinates */

static const char style[] =
    ".sq.light{fill:#eeddbb}.sq.dark{fill:#bb9966}.sq.mark{stroke:#7a2a9a;stroke-width:3}"
    ".sq.last{fill:#d8d26a}.sq.dark.last{fill:#b9ae45}.sq.check{fill:#e66}"
    ".coord{font-size:13px;fill:#444;text-anchor:middle;dominant-baseline:central}"
    ".arrow{fill:#262626;opacity:.62}"
    ".piece text{font-weight:bold;text-anchor:middle;dominant-baseline:central}"
    ".piece .body{stroke:#111;stroke-width:1.5}.piece.top .body{stroke-width:2.5}"
    ".owner0 .body{fill:#fffdf5}.owner0 text{fill:#111}"
    ".owner1 .body{fill:#2b2b2b}.owner1 text{fill:#fff}"
    ".owner2 .body{fill:#c33}.owner2 text{fill:#fff}.owner3 .body{fill:#36c}.owner3 text{fill:#fff}"
    ".neutral .body{fill:#999}.neutral text{fill:#fff}"
    ".badge-bg{fill:#a0006a;stroke:#fff;stroke-width:1}.piece text.badge{fill:#fff}"
    ".sqvar-bg{fill:#fff;opacity:.85}"
    ".sqvar{font-size:10px;fill:#0650a0;font-weight:bold;dominant-baseline:central}"
    ".link{stroke:#5a4a32;stroke-width:3}"
    ".label{font-size:15px;fill:#222;dominant-baseline:central}.turn{font-weight:bold}";

/* Players named after a colour get it, as on the web board. */
static const struct { const char *name, *fill, *text; } named[] = {
    { "white", "#fffdf5", "#111" }, { "black", "#2b2b2b", "#fff" }, { "red", "#c8322d", "#fff" },
    { "blue", "#2f5fc0", "#fff" }, { "green", "#2e8b3e", "#fff" }, { "yellow", "#f0c82a", "#111" },
    { "gold", "#d9a520", "#111" }, { "silver", "#c0c0c8", "#111" }, { "orange", "#e07a1f", "#111" },
    { "purple", "#7b3fa0", "#fff" }, { "brown", "#7a4b25", "#fff" }, { "gray", "#888", "#fff" },
    { "grey", "#888", "#fff" }, { "alabaster", "#fffdf5", "#111" },
    { "obsidian", "#2b2b2b", "#fff" },
};

/* The length of the UTF-8 sequence at s and its code point in *cp; 0 when the bytes at s are
 * not one (a stray or missing continuation byte, an overlong form, a surrogate, past U+10FFFF). */
static int utf8_char(const unsigned char *s, unsigned *cp)
{
    static const unsigned min[5] = { 0, 0, 0x80, 0x800, 0x10000 };
    int n = s[0] < 0x80 ? 1 : s[0] >= 0xC2 && s[0] < 0xE0 ? 2 : s[0] >= 0xE0 && s[0] < 0xF0 ? 3
          : s[0] >= 0xF0 && s[0] < 0xF5 ? 4 : 0;
    if (!n) return 0;
    unsigned c = n == 1 ? s[0] : s[0] & (0x7F >> n);
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;       /* the string's NUL ends it here too */
        c = c << 6 | (s[i] & 0x3F);
    }
    if (c < min[n] || (c >= 0xD800 && c < 0xE000) || c > 0x10FFFF) return 0;
    *cp = c;
    return n;
}

/* A character XML 1.0 allows in a document (no control but tab and line ends, no U+FFFE/F). */
static int xml_char(unsigned c)
{
    return c >= 0x20 ? c != 0xFFFE && c != 0xFFFF : c == '\t' || c == '\n' || c == '\r';
}

/* s as the text of an element or an attribute: the markup characters escaped, and what would
 * make the document not well-formed (a control byte, bytes that are not UTF-8: a rules file's
 * strings may hold any) replaced by U+FFFD, one for each byte that starts no character. */
static void put_escaped(FILE *f, const char *str)
{
    const unsigned char *s = (const unsigned char *)str;
    while (*s) {
        unsigned c;
        int n = utf8_char(s, &c);
        if (!n || !xml_char(c)) { fputs("\xEF\xBF\xBD", f); s += n ? n : 1; continue; }
        switch (c) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fwrite(s, 1, (size_t)n, f);
        }
        s += n;
    }
}

typedef struct { const Game *g; const Pos *p; FILE *f; int arrows; PieceSet set; } Svg;

static void piece(const Svg *v, int32_t w, double x, double y, double wd, double h, int top,
                  const char *pre)
{
    const Game *g = v->g;
    int t = PW_TYPE(w), o = PW_OWNER(w);
    const char *code = t >= 1 && t <= g->ntypes ? g->types[t].code : "?";
    int neutral = o < 0 || (t >= 1 && t <= g->ntypes && g->types[t].neutral);
    char cls[16];
    if (neutral) snprintf(cls, sizeof cls, "neutral");
    else snprintf(cls, sizeof cls, "owner%d", o);
    fprintf(v->f, "<g class=\"%spiece %s%s\" data-type=\"", pre, cls, top ? " top" : "");
    put_escaped(v->f, code);
    fprintf(v->f, "\">");
    /* the piece set's picture (pieceset.h: chess, xiangqi, shogi), or a disc with the code */
    int glyph = pieceset_draw(v->f, v->set, g, t, o, x, y, wd, h);
    if (glyph) {
    } else if (h >= S * 0.6) {
        double r = (wd < h ? wd : h) * (v->arrows ? 0.32 : 0.36);
        fprintf(v->f, "<circle class=\"body\" cx=\"%g\" cy=\"%g\" r=\"%g\"/>", x + wd / 2,
                y + h / 2, r);
    } else
        fprintf(v->f,
                "<rect class=\"body\" x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" rx=\"4\"/>",
                x + 6, y + 1, wd - 12, h - 2);
    double len = (double)strlen(code), size = h * 0.55;
    double fit = wd * 0.62 / (len * 0.62 > 1 ? len * 0.62 : 1);   /* the code fits the width */
    if (fit < size) size = fit;
    if (size > 26) size = 26;
    if (!glyph) {
        fprintf(v->f, "<text x=\"%g\" y=\"%g\" font-size=\"%.1f\">", x + wd / 2, y + h / 2,
                size);
        put_escaped(v->f, code);
        fputs("</text>", v->f);
    }
    /* a badge with the initials of the piece variables that are set */
    char initials[4] = "";
    size_t n = 0;
    for (int i = 0; i < g->nvars && n < 3; i++) {
        const Var *var = &g->vars[i];
        if (var->kind != VAR_PIECE || var->hidden) continue;
        if ((((uint32_t)w >> var->shift) & ((1u << var->bits) - 1)) == 0) continue;
        initials[n++] = var->name[0];
        initials[n] = 0;
    }
    if (n) {
        double r = h / 2 - 1 < 9 ? h / 2 - 1 : 9;
        /* as wide as its letters: a pill (a circle for one letter) */
        double bw = 2 * r > r * 0.75 * (double)n + r ? 2 * r : r * 0.75 * (double)n + r;
        double bx = x + wd - bw / 2 - 2, by = y + (h >= S * 0.6 ? r + 2 : h / 2);
        fprintf(v->f, "<rect class=\"badge-bg\" x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" "
                "rx=\"%g\"/>", bx - bw / 2, by - r, bw, 2 * r, r);
        fprintf(v->f, "<text class=\"badge\" x=\"%g\" y=\"%g\" font-size=\"%.1f\">", bx, by,
                r * 1.2);
        put_escaped(v->f, initials);
        fputs("</text>", v->f);
    }
    fputs("</g>\n", v->f);
}

/* A square root by Newton's method (no libm for one call). */
static double root(double v)
{
    double r = v > 1 ? v : 1;
    for (int i = 0; i < 40; i++) r = (r + v / r) / 2;
    return r;
}

static void arrow(FILE *f, double x, double y, int dx, int dy)
{
    double len = dx * dx + dy * dy > 0 ? root((double)(dx * dx + dy * dy)) : 1;
    double ux = dx / len, uy = -dy / len;
    double cx = x + S / 2.0, cy = y + S / 2.0;
    double reach = (ux > 0.1 || ux < -0.1) && (uy > 0.1 || uy < -0.1) ? S * 0.58 : S * 0.47;
    double tx = cx + ux * reach, ty = cy + uy * reach, bx = tx - ux * 9, by = ty - uy * 9;
    double px = -uy * 5.5, py = ux * 5.5;
    fprintf(f, "<path class=\"arrow\" d=\"M%.2f,%.2f L%.2f,%.2f L%.2f,%.2f Z\"/>\n", tx, ty,
            bx + px, by + py, bx - px, by - py);
}

/* A graph board (game_graph_board) is drawn at its positions' rectangles, scaled so that the
 * first drawn one is a square of S; its squares S wide at their rectangles' centres. */
static double graph_scale(const Game *g)
{
    for (int sq = 0; sq < g->nsq; sq++) {
        int w = g->sq_rect[sq][2] - g->sq_rect[sq][0];
        if (w > 0) return (double)S / w;
    }
    return 1;
}
/* a position with no rectangle (a dummy: the head of a chain of links) is not drawn */
static int drawn(const Game *g, int sq)
{
    return !game_graph_board(g) || g->sq_rect[sq][2] > g->sq_rect[sq][0];
}

/* The top left corner of a square in the picture. */
static int left(const Game *g, int sq)
{
    if (game_graph_board(g) && g->sq_rect)
        return M + (int)((g->sq_rect[sq][0] + g->sq_rect[sq][2]) * graph_scale(g) / 2) - S / 2;
    return M + g->sq_x[sq] * S;
}
static int top(const Game *g, int sq)
{
    if (game_graph_board(g) && g->sq_rect)
        return M + (int)((g->sq_rect[sq][1] + g->sq_rect[sq][3]) * graph_scale(g) / 2) - S / 2;
    return (g->ranks - 1 - g->sq_y[sq]) * S;
}

/* A graph board's links, a line between the centres of every two positions one leads to the
 * other (the paths of several steps that native leaps take left out) */
static void draw_links(const Game *g, FILE *f)
{
    if (!game_graph_board(g) || !g->sq_rect) return;
    fputs("<g id=\"links\">\n", f);
    for (int sq = 0; sq < g->nsq; sq++)
        for (int d = 0; d < g->ndirs; d++) {
            int q = g->neighbor[sq * g->ndirs + d];
            if (q < 0 || (g->dir_name[d] && g->dir_name[d][0] == ' ')) continue;
            if (!drawn(g, sq) || !drawn(g, q)) continue;
            int back = 0;              /* drawn once: from the lower number, or one way only */
            for (int e = 0; e < g->ndirs; e++) back |= g->neighbor[q * g->ndirs + e] == sq;
            if (back && q < sq) continue;
            fprintf(f, "<line class=\"link\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
                    left(g, sq) + S / 2, top(g, sq) + S / 2, left(g, q) + S / 2, top(g, q) + S / 2);
        }
    fputs("</g>\n", f);
}

/* The <svg> element's start: its size, title and style (players named after a colour). */
static void draw_head(const Game *g, int W, int H, FILE *f)
{
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
            "height=\"%d\" font-family=\"DejaVu Sans, sans-serif\">\n<title>", W, H, W, H);
    put_escaped(f, g->name);
    fprintf(f, "</title>\n<style>%s%s", style, pieceset_style);
    for (int i = 0; i < g->nplayers; i++)
        for (size_t k = 0; k < sizeof named / sizeof *named; k++)
            if (!strcasecmp(g->player_name[i], named[k].name))
                fprintf(f, ".owner%d .body{fill:%s}.owner%d text{fill:%s}", i, named[k].fill, i,
                        named[k].text);
    fprintf(f, "</style>\n<rect width=\"%d\" height=\"%d\" rx=\"4\" fill=\"#d9d2c3\"/>\n", W, H);
}

/* Whether a royal piece of player turn stands on sq (in check: the square is drawn red). */
static int royal_on(const Pos *p, int sq, int turn)
{
    const Game *g = p->g;
    for (int l = 0; l < g->stack; l++) {
        int32_t w = p->st[sq * g->stack + l];
        int t = PW_TYPE(w);
        if (w && t <= g->ntypes && g->types[t].royal && PW_OWNER(w) == turn) return 1;
    }
    return 0;
}

/* The squares: colour, `display` mark and map, the last move, a royal piece in check. */
static void draw_squares(const Pos *p, int last_from, int last_to, FILE *f)
{
    const Game *g = p->g;
    const uint8_t *mark = g->display_mark >= 0 ? g->lists[g->display_mark].member[0] : NULL;
    const Attribute *map = g->display_map >= 0 ? &g->attrs[g->display_map] : NULL;
    int turn = pos_turn(p);
    int check = g->has_royal && turn >= 0 && turn < g->nplayers && in_check((Pos *)p, turn);
    fputs("<g id=\"squares\">\n", f);
    for (int sq = 0; sq < g->nsq; sq++) {
        if (!drawn(g, sq)) continue;
        int x = left(g, sq), y = top(g, sq);
        fprintf(f, "<rect class=\"sq %s%s%s%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                "data-sq=\"", (g->sq_x[sq] + g->sq_y[sq]) % 2 ? "light" : "dark",
                mark && mark[sq] ? " mark" : "", sq == last_from || sq == last_to ? " last" : "",
                check && royal_on(p, sq, turn) ? " check" : "", x, y, S, S);
        put_escaped(f, g->sq_name[sq]);
        fputs("\"/>\n", f);
        if (map && map->value[sq]) {
            long mv = (long)map->value[sq];
            fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"hsl(%ld, 55%%, "
                    "50%%)\" opacity=\"0.22\"/><text class=\"coord\" x=\"%d\" y=\"%d\" "
                    "font-size=\"10\">%ld</text>\n",
                    x, y, S, S, ((mv * 67) % 360 + 360) % 360, x + 8, y + 9, mv);
        }
    }
    fputs("</g>\n", f);
}

/* The pieces, every layer of a stack from the bottom up, and the arrows. */
static void draw_pieces(const Svg *v, const Attribute *arrows)
{
    const Game *g = v->g;
    const Pos *p = v->p;
    FILE *f = v->f;
    fputs("<g id=\"pieces\">\n", f);
    for (int sq = 0; sq < g->nsq; sq++) {
        if (!drawn(g, sq)) continue;
        int x = left(g, sq), y = top(g, sq), h = 0;
        while (h < g->stack && p->st[sq * g->stack + h]) h++;
        if (h == 1) piece(v, p->st[sq * g->stack], x, y, S, S, 1, "");
        else
            for (int l = 0; l < h; l++) {
                double bh = (S - 4.0) / h;
                piece(v, p->st[sq * g->stack + l], x, y + S - 2 - (l + 1) * bh, S, bh, l == h - 1,
                      "");
            }
    }
    fputs("</g>\n<g id=\"arrows\">\n", f);
    for (int sq = 0; arrows && sq < g->nsq; sq++) {
        uint64_t m = (uint64_t)arrows->value[sq];
        for (int d = 0; d < g->ndirs && d < 64; d++)
            if (m >> d & 1) arrow(f, left(g, sq), top(g, sq), g->dx[d], g->dy[d]);
    }
    fputs("</g>\n", f);
}

/* The square variables (whole numbers and flags) away from their start value, as labels. */
static void draw_square_vars(const Pos *p, FILE *f)
{
    const Game *g = p->g;
    fputs("<g id=\"marks\">\n", f);
    for (int i = 0; i < g->nvars; i++) {
        const Var *var = &g->vars[i];
        if (var->kind != VAR_SQUARE || var->hidden ||
            (var->vtype != VT_INT && var->vtype != VT_BOOL))
            continue;
        for (int sq = 0; sq < g->nsq; sq++) {
            int32_t val = p->st[var->base + sq];
            if (val == (int32_t)var->init) continue;
            int x = left(g, sq), y = top(g, sq);
            char label[96];
            snprintf(label, sizeof label, "%s %d", var->name, val);
            double wd = 6.5 * (double)strlen(label) + 4;
            fprintf(f, "<rect class=\"sqvar-bg\" x=\"%d\" y=\"%d\" width=\"%g\" height=\"12\" "
                    "rx=\"3\"/><text class=\"sqvar\" x=\"%d\" y=\"%d\">", x + 1, y + 2,
                    wd < S - 2 ? wd : S - 2, x + 3, y + 8);
            put_escaped(f, label);
            fputs("</text>\n", f);
        }
    }
    fputs("</g>\n", f);
}

/* Coordinates from the square names: the letters of a file, the digits of a rank; on a graph
 * board each position's name under it. */
static void draw_coordinates(const Game *g, FILE *f)
{
    if (game_graph_board(g) && g->sq_rect) {
        for (int sq = 0; sq < g->nsq; sq++) {
            if (!drawn(g, sq)) continue;
            fprintf(f, "<text class=\"coord\" x=\"%d\" y=\"%d\">", left(g, sq) + S / 2,
                    top(g, sq) + S + 9);
            put_escaped(f, g->sq_name[sq]);
            fputs("</text>\n", f);
        }
        return;
    }
    for (int fx = 0; fx < g->files; fx++)
        for (int sq = 0; sq < g->nsq; sq++)
            if (g->sq_x[sq] == fx) {
                char name[8]; size_t k = 0;
                for (; isalpha((unsigned char)g->sq_name[sq][k]) && k < 7; k++)
                    name[k] = g->sq_name[sq][k];
                name[k] = 0;
                fprintf(f, "<text class=\"coord\" x=\"%d\" y=\"%d\">%s</text>\n",
                        M + fx * S + S / 2, g->ranks * S + M / 2, name);
                break;
            }
    for (int ry = 0; ry < g->ranks; ry++)
        for (int sq = 0; sq < g->nsq; sq++)
            if (g->sq_y[sq] == ry) {
                const char *digits = g->sq_name[sq];
                while (*digits && !isdigit((unsigned char)*digits)) digits++;
                fprintf(f, "<text class=\"coord\" x=\"%d\" y=\"%d\">", M / 2,
                        (g->ranks - 1 - ry) * S + S / 2);
                put_escaped(f, digits);
                fputs("</text>\n", f);
                break;
            }
}

#define HAND_ROW 40                   /* a hand under the board: its pieces at 0.55 of a square */
#define TURN_ROW 26                   /* the side to move, under the hands */

/* The number of players whose hand holds a piece. */
static int hands_held(const Pos *p)
{
    const Game *g = p->g;
    int n = 0;
    for (int pl = 0; pl < g->nplayers; pl++)
        for (int t = 1; t <= g->ntypes; t++)
            if (p->st[g->st_hands + pl * (g->ntypes + 1) + t] > 0) { n++; break; }
    return n;
}

/* Under the board, from y: each hand that holds pieces ("Black in hand:", its pieces, each with
 * its count), then the side to move, as the web page writes them. */
static void draw_hands_and_turn(const Svg *v, int y)
{
    const Game *g = v->g;
    const Pos *p = v->p;
    FILE *f = v->f;
    fputs("<g id=\"hands\">\n", f);
    for (int pl = 0; pl < g->nplayers; pl++) {
        const int *hand = p->st + g->st_hands + pl * (g->ntypes + 1);
        int any = 0;
        for (int t = 1; t <= g->ntypes; t++) any |= hand[t] > 0;
        if (!any) continue;
        fprintf(f, "<g class=\"hand\" data-player=\"%d\"><text class=\"label\" x=\"%d\" y=\"%d\">",
                pl, M, y + HAND_ROW / 2);
        put_escaped(f, g->player_name[pl]);
        fputs(g->drops_fn >= 0 ? " in hand:</text>\n" : "'s pool:</text>\n", f);
        double x = M + 8.5 * (double)(strlen(g->player_name[pl]) + 10);
        for (int t = 1; t <= g->ntypes; t++) {
            if (hand[t] <= 0) continue;
            fprintf(f, "<g transform=\"translate(%g,%d) scale(0.55)\">", x, y + 2);
            piece(v, PW_MAKE(t, pl), 0, 0, S, S, 1, "hand ");
            fprintf(f, "</g><text class=\"label count\" x=\"%g\" y=\"%d\">\xc3\x97%d</text>\n",
                    x + S * 0.55 + 2, y + HAND_ROW / 2, hand[t]);
            x += S * 0.55 + 30;
        }
        fputs("</g>\n", f);
        y += HAND_ROW;
    }
    int turn = pos_turn(p);
    if (turn >= 0 && turn < g->nplayers) {
        fprintf(f, "<text class=\"label turn\" x=\"%d\" y=\"%d\">", M, y + TURN_ROW / 2);
        put_escaped(f, g->player_name[turn]);
        fputs(" to move</text>\n", f);
    }
    fputs("</g>\n", f);
}

/* The picture of p; last_from/last_to: the last move's squares (-1: none). */
static void draw(const Pos *p, int last_from, int last_to, FILE *f)
{
    const Game *g = p->g;
    const Attribute *arrows = NULL;
    for (int i = 0; i < g->nattrs; i++)
        if (!strcmp(g->attrs[i].name, "arrows")) arrows = &g->attrs[i];
    Svg v = { g, p, f, arrows != NULL, pieceset_choose(g) };
    int W = M + g->files * S + 4, below = g->ranks * S + M;
    if (game_graph_board(g) && g->sq_rect) {        /* its positions where the file puts them */
        W = below = 0;
        for (int sq = 0; sq < g->nsq; sq++) {
            if (!drawn(g, sq)) continue;
            if (left(g, sq) + S + M > W) W = left(g, sq) + S + M;
            if (top(g, sq) + S + M > below) below = top(g, sq) + S + M;
        }
    }
    draw_head(g, W, below + hands_held(p) * HAND_ROW + TURN_ROW, f);
    draw_links(g, f);
    draw_squares(p, last_from, last_to, f);
    draw_pieces(&v, arrows);
    draw_square_vars(p, f);
    draw_coordinates(g, f);
    draw_hands_and_turn(&v, below);
    fputs("</svg>\n", f);
}

/* The position of the command line (as for show): the start, --fen, --game, then --moves. */
/* The last move made and the picture drawn (under protected_run: rules code runs). */
typedef struct { char **moves; int nmoves, st; } SvgRun;

static void svg_last_move(Pos *p, void *ctx)
{
    SvgRun *r = ctx;
    const Game *g = p->g;
    int from = -1, to = -1;
    if (r->nmoves) {
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        const char *last = r->moves[r->nmoves - 1];
        int k = move_find(g, ml, last);
        if (k < 0) {
            fprintf(stderr, "boardvm: move %d '%s' is not a legal move here\n", r->nmoves, last);
            r->st = 1;
            return;
        }
        move_squares(g, &ml->m[k], last, &from, &to);
        pos_make(p, ml, &ml->m[k]);
    }
    draw(p, from, to, stdout);
}

int cmd_svg(Args *a)
{
    int status;
    Game *g = load_game(a->pos[1], NULL, a->nopts, a->opts, &status);
    if (!g) return status;
    char **moves = a->moves;
    int nmoves = a->nmoves;
    char *rpos = NULL, **rmoves = NULL;
    int nr = 0;
    if (a->game) {
        size_t len; char err[128];
        char *text = read_file(a->game, &len);
        if (!text) { game_free(g); return 2; }
        if (!record_read(text, &rpos, &rmoves, &nr, err, sizeof err)) {
            fprintf(stderr, "boardvm: %s: %s\n", a->game, err);
            free(text); game_free(g); return 1;
        }
        free(text);
        rmoves = realloc(rmoves, sizeof *rmoves * (size_t)(nr + a->nmoves + 1));
        if (!rmoves) out_of_memory("the record's moves");
        for (int i = 0; i < a->nmoves; i++)
            rmoves[nr + i] = xstrdup(a->moves[i], "the record's moves");
        nr += a->nmoves;
        moves = rmoves;
        nmoves = nr;
    }
    /* all but the last move, then the last one in svg_last_move: its squares are the last move's */
    Pos *p = setup_position(g, a->fen ? a->fen : rpos, moves, nmoves ? nmoves - 1 : 0, &status);
    SvgRun r = { moves, nmoves, 0 };
    int st = !p ? status : protected_run(p, svg_last_move, &r) ? 1 : r.st;
    if (p && st == 1 && !r.st) fprintf(stderr, "%s\n", p->errmsg);
    if (p) pos_free(p);
    for (int i = 0; i < nr; i++) free(rmoves[i]);
    free(rmoves); free(rpos);
    game_free(g);
    return st;
}
