/* display.c - draws a position for a person: ranks top down, files across, piece codes
 * (the second player's in lower case), '.' for an empty square, blank for a hole.
 *
 * A game with an `arrows` declaration is drawn with each square as a 3x3 cell: the piece in
 * the middle, the square's arrows around it where they point (Unicode arrows when the locale is
 * UTF-8, ASCII otherwise), so the board can be read as the physical one is. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "commands.h"
#include "posstring.h"

/* Colour on a terminal (not when NO_COLOR is set): the first player's pieces bold, the
 * second's bold blue, arrows dim. Plain text anywhere else. */
static int use_colour(FILE *out)
{
    const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
    return isatty(fileno(out)) && !(nc && *nc) && !(term && !strcmp(term, "dumb"));
}

static void put_cell(FILE *out, const Pos *p, int32_t pw, int width, int colour, const char *text)
{
    int o = pw ? PW_OWNER(pw) : -2;
    if (colour && o >= 0) fputs(o == 0 ? "\033[1m" : o == 1 ? "\033[1;34m" : "\033[1;32m", out);
    fprintf(out, "%-*s", width, text);
    if (colour && o >= 0) fputs("\033[0m", out);
    (void)p;
}

static int utf8_locale(void)
{
    const char *v = getenv("LC_ALL");
    if (!v || !*v) v = getenv("LC_CTYPE");
    if (!v || !*v) v = getenv("LANG");
    return v &&
            (strstr(v, "UTF-8") || strstr(v, "utf8") || strstr(v, "UTF8") || strstr(v, "utf-8"));
}

static const char *cell_text(const Game *g, int32_t pw)
{
    int t = PW_TYPE(pw);
    if (!pw) return ".";
    if (t < 1 || t > g->ntypes) return "?";
    return PW_OWNER(pw) == 1 ? g->types[t].lcode : g->types[t].code;
}

/* The piece a person sees on a square: the top of its stack (the last occupied level; levels
 * fill from the bottom, so the first empty one ends the stack). 0 for an empty square. */
static int32_t top_piece(const Pos *p, int sq)
{
    const Game *g = p->g;
    int32_t top = 0;
    for (int l = 0; l < g->stack; l++) {
        int32_t w = p->st[sq * g->stack + l];
        if (!w) break;
        top = w;
    }
    return top;
}

/* A cell's width: the longest piece code, and a file's name (two letters past z). */
static int code_width(const Game *g)
{
    int w = g->files > 26 ? 2 : 1;
    for (int t = 1; t <= g->ntypes; t++)
        if ((int)strlen(g->types[t].code) > w) w = (int)strlen(g->types[t].code);
    return w;
}

static const char *file_label(int x, char *buf, size_t len)
{
    game_file_name(x, buf, len);
    return buf;
}

/* The arrow of direction (dx, dy) in row r (0 top), column c (0 left) of a 3x3 cell, if the
 * square has an arrow that way. */
static const char *arrow_at(const Game *g, uint64_t mask, int r, int c, int uni)
{
    static const char *u[3][3] = { { "\u2196", "\u2191", "\u2197" },
                                   { "\u2190", "", "\u2192" },
                                   { "\u2199", "\u2193", "\u2198" } };
    static const char *a[3][3] = { { "\\", "^", "/" }, { "<", "", ">" }, { "/", "v", "\\" } };
    int dx = c - 1, dy = 1 - r;
    for (int d = 0; d < g->ndirs; d++)
        if ((mask >> d & 1) && g->dx[d] == dx && g->dy[d] == dy) return uni ? u[r][c] : a[r][c];
    return " ";
}

static void show_arrows(const Pos *p, FILE *out, int arrows_attr)
{
    const Game *g = p->g;
    int w = code_width(g), uni = utf8_locale(), colour = use_colour(out);
    for (int y = g->ranks - 1; y >= 0; y--) {
        for (int row = 0; row < 3; row++) {
            if (row == 1) fprintf(out, "%3d ", y + 1); else fprintf(out, "    ");
            for (int x = 0; x < g->files; x++) {
                int sq = game_sq_at(g, x, y);
                fputc('|', out);
                if (sq < 0) { fprintf(out, "%*s", w + 2, ""); continue; }
                uint64_t mask = (uint64_t)g->attrs[arrows_attr].value[sq];
                if (colour) fputs("\033[2m", out);
                fputs(arrow_at(g, mask, row, 0, uni), out);
                if (colour) fputs("\033[0m", out);
                if (row == 1)
                    put_cell(out, p, top_piece(p, sq), w, colour, cell_text(g, top_piece(p, sq)));
                else {
                    const char *m = arrow_at(g, mask, row, 1, uni);
                    int pad = w - 1;
                    if (colour) fputs("\033[2m", out);
                    fprintf(out, "%*s%s%*s", pad / 2, "", m, pad - pad / 2, "");
                    if (colour) fputs("\033[0m", out);
                }
                if (colour) fputs("\033[2m", out);
                fputs(arrow_at(g, mask, row, 2, uni), out);
                if (colour) fputs("\033[0m", out);
            }
            fputs("|\n", out);
        }
    }
    fprintf(out, "    ");
    char f[8];
    for (int x = 0; x < g->files; x++) {
        const char *name = file_label(x, f, sizeof f);
        int pad = w + 2 - (int)strlen(name);
        fprintf(out, " %*s%s%*s", pad / 2, "", name, pad - pad / 2, "");
    }
    fputc('\n', out);
}

/* One character for an int attribute's value in the map beside the board. */
static char map_char(int64_t v)
{
    if (v == 0) return '.';
    if (v >= 1 && v <= 9) return (char)('0' + v);
    if (v >= 10 && v <= 35) return (char)('a' + v - 10);
    return '#';
}

/* The board without arrows. `display { mark ZONE; }` draws the zone's squares in brackets
 * (Four Towers' towers: [D]); `display { map ATTR; }` draws the attribute's value of each
 * square in a second board to the right (its arenas), holes blank in both. */
/* A board whose squares are not named by file letter and rank number (a Zillions graph
 * board): its names, the longest's width, beside the board row by row; 0 when they are. */
static int names_width(const Game *g)
{
    if (!game_graph_board(g)) return 0;
    int w = 0;
    for (int sq = 0; sq < g->nsq; sq++) {
        int n = (int)strlen(g->sq_name[sq]);
        if (n > w) w = n;
    }
    return w;
}

static void show_plain(const Pos *p, FILE *out)
{
    const Game *g = p->g;
    int w = code_width(g), colour = use_colour(out), names = names_width(g);
    int mw = g->files > 26 ? 2 : 1;               /* a column of the map: a file's name */
    const uint8_t *mark = g->display_mark >= 0 ? g->lists[g->display_mark].member[0] : NULL;
    const Attribute *map = g->display_map >= 0 ? &g->attrs[g->display_map] : NULL;
    for (int y = g->ranks - 1; y >= 0; y--) {
        if (names) fprintf(out, "    ");
        else fprintf(out, "%3d ", y + 1);
        for (int x = 0; x < g->files; x++) {
            int sq = game_sq_at(g, x, y);
            int marked = mark && sq >= 0 && mark[sq];
            fputc(marked ? '[' : ' ', out);
            if (sq < 0) fprintf(out, "%-*s", w, " ");
            else put_cell(out, p, top_piece(p, sq), w, colour, cell_text(g, top_piece(p, sq)));
            if (mark) fputc(marked ? ']' : ' ', out);
        }
        if (names) {                   /* the names of the row's squares, where they stand */
            fprintf(out, "   ");
            for (int x = 0; x < g->files; x++) {
                int sq = game_sq_at(g, x, y);
                fprintf(out, " %-*s", names, sq < 0 ? "" : g->sq_name[sq]);
            }
        }
        if (map) {
            fprintf(out, "   %3d ", y + 1);
            for (int x = 0; x < g->files; x++) {
                int sq = game_sq_at(g, x, y);
                fprintf(out, " %-*c", mw, sq < 0 ? ' ' : map_char(map->value[sq]));
            }
        }
        fputc('\n', out);
    }
    if (names) return;                 /* the names are the coordinates */
    fprintf(out, "    ");
    char f[8];
    for (int x = 0; x < g->files; x++)
        fprintf(out, mark ? " %-*s " : " %-*s", w, file_label(x, f, sizeof f));
    if (map) {
        fprintf(out, "       ");
        for (int x = 0; x < g->files; x++) fprintf(out, " %-*s", mw, file_label(x, f, sizeof f));
        fprintf(out, "   (%s)", map->name);
    }
    fputc('\n', out);
}

/* `display { show VAR "label"; }`: a state variable under the board, one value per player for
 * a player variable ("dragon powers: White N, Black R B"). */
static void show_vars(const Pos *p, FILE *out)
{
    const Game *g = p->g;
    char text[256];
    for (int i = 0; i < g->ndisplay; i++) {
        const Var *v = &g->vars[g->display_var[i]];
        fprintf(out, "%s:", g->display_label[i]);
        if (v->kind == VAR_PLAYER)
            for (int k = 0; k < g->nplayers; k++) {
                var_value_text(g, v, p->st[v->base + k], text, sizeof text);
                fprintf(out, "%s %s %s", k ? "," : "", g->player_name[k], text);
            }
        else {
            var_value_text(g, v, p->st[v->base], text, sizeof text);
            fprintf(out, " %s", text);
        }
        fputc('\n', out);
    }
}

void show_board(const Pos *p, FILE *out)
{
    const Game *g = p->g;
    int arrows = -1;
    for (int i = 0; i < g->nattrs; i++) if (!strcmp(g->attrs[i].name, "arrows")) arrows = i;
    if (arrows >= 0) show_arrows(p, out, arrows);
    else show_plain(p, out);
    int any = 0;
    for (int pl = 0; pl < g->nplayers; pl++)
        for (int t = 1; t <= g->ntypes; t++) {
            int n = p->st[g->st_hands + pl * (g->ntypes + 1) + t];
            if (n <= 0) continue;
            if (!any) fprintf(out, "in hand:");
            fprintf(out, " %s %s x%d", g->player_name[pl], g->types[t].name, n);
            any = 1;
        }
    if (any) fputc('\n', out);
    show_vars(p, out);
    /* What the board above cannot show: the pieces under the top of a stack, piece variables
     * (a statue, a digesting Leaf Pile, a check count) and square variables (ichor timers). */
    any = 0;
    for (int sq = 0; sq < g->nsq; sq++) {
        int h = 0, marked = 0;
        for (int l = 0; l < g->stack; l++) {
            int32_t w = p->st[sq * g->stack + l];
            if (!w) break;
            h++;
            if ((uint32_t)w >> 12) marked = 1;
        }
        if (h < 2 && !marked) continue;
        fprintf(out, "%s%s:", any ? ", " : "pieces: ", g->sq_name[sq]);
        for (int l = 0; l < h; l++) {
            int32_t w = p->st[sq * g->stack + l];
            fprintf(out, " %s", cell_text(g, w));
            int first = 1;
            for (int i = 0; i < g->nvars; i++) {
                const Var *v = &g->vars[i];
                if (v->kind != VAR_PIECE) continue;
                unsigned x = ((uint32_t)w >> v->shift) & ((1u << v->bits) - 1);
                if (!x) continue;
                if (v->vtype == VT_BOOL) fprintf(out, "%s%s", first ? "{" : ",", v->name);
                else fprintf(out, "%s%s=%u", first ? "{" : ",", v->name, x);
                first = 0;
            }
            if (!first) fputc('}', out);
        }
        any = 1;
    }
    if (any) fputs(" (bottom first)\n", out);
    for (int i = 0; i < g->nvars; i++) {
        const Var *v = &g->vars[i];
        if (v->kind != VAR_SQUARE || (v->vtype != VT_INT && v->vtype != VT_BOOL)) continue;
        int first = 1;
        for (int sq = 0; sq < g->nsq; sq++) {
            int32_t x = p->st[v->base + sq];
            if (x == (int32_t)v->init) continue;
            fprintf(out, first ? "%s: %s %d" : ", %s%s %d", first ? v->name : "", g->sq_name[sq],
                    x);
            first = 0;
        }
        if (!first) fputc('\n', out);
    }
}

/* The key to the letters on the board: "key: K King, Q Queen, ...; White upper case, Black
 * lower case", wrapped under 100 columns. Only types that have a letter of their own appear. */
void show_legend(const Game *g, FILE *out)
{
    int col = fprintf(out, "key:");
    for (int t = 1; t <= g->ntypes; t++) {
        const char *code = g->types[t].code;
        if (!code || !*code) continue;
        int len = (int)(strlen(code) + strlen(g->types[t].name) + 3);
        if (col + len > 96) { fputs(",\n   ", out); col = 3; }
        else if (col > 4) col += fprintf(out, ",");
        col += fprintf(out, " %s %s", code, g->types[t].name);
    }
    if (g->nplayers >= 2)                 /* cell_text: the second player's codes in lower case */
        for (int pl = 0; pl < g->nplayers; pl++)
            fprintf(out, pl >= 2 ? "%s%s %s case (<%s> in position strings)" : "%s%s %s case",
                    pl ? ", " : "; ", g->player_name[pl], pl == 1 ? "lower" : "upper",
                    g->player_letter[pl]);
    fputc('\n', out);
}
