/* pieceset.c - the piece set as SVG (see pieceset.h). The shapes are drawn in a square of 64
 * units; the numbers are web/board.js's FIDE table, written again here (tests/svg.sh compares
 * them). */
#include "pieceset.h"
#include <string.h>

#define U 64.0                 /* the square the shapes are drawn in */

/* A part of a shape: 'p' a body path, 'd' a detail line, 'c' a body circle, 'e' an eye. */
typedef struct { char kind; const char *d; double cx, cy, r; } Part;
typedef struct { const char *name; Part parts[8]; } Shape;

static const Shape fide[] = {
    { "King", {
        { 'p', "M19 51 L45 51 L47 31 Q32 22 17 31 Z", 0, 0, 0 },
        { 'p', "M29.5 7 h5 v5 h5 v5 h-5 v9 h-5 v-9 h-5 v-5 h5 Z", 0, 0, 0 },
        { 'd', "M21 43 H43", 0, 0, 0 } } },
    { "Queen", {
        { 'p', "M20 51 L16 23 L23 35 L24 18 L29 34 L32 14 L35 34 L40 18 L41 "
               "35 L48 23 L44 51 Z", 0, 0, 0 },
        { 'c', NULL, 16, 21, 3 }, { 'c', NULL, 24, 16, 3 }, { 'c', NULL, 32, 12, 3 },
        { 'c', NULL, 40, 16, 3 }, { 'c', NULL, 48, 21, 3 },
        { 'd', "M21 44 H43", 0, 0, 0 } } },
    { "Rook", {
        { 'p', "M17 57 V51 H21 L23 27 H19 V14 H25 V19 H29.5 V14 H34.5 V19 "
               "H39 V14 H45 V27 H41 L43 51 H47 V57 Z", 0, 0, 0 },
        { 'd', "M23 27 H41 M22 45 H42", 0, 0, 0 } } },
    { "Bishop", {
        { 'p', "M18 57 V52 Q24 50 26 44 Q21 38 24 29 Q28 20 32 15 Q36 20 40 "
               "29 Q43 38 38 44 Q40 50 46 52 V57 Z", 0, 0, 0 },
        { 'c', NULL, 32, 11, 3.2 },
        { 'd', "M30 24 L36 31 M26 44 H38", 0, 0, 0 } } },
    { "Knight", {
        { 'p', "M19 57 V51 Q19 42 26 36 Q29 33 28 30 Q24 32 20 33 Q15 34 13 "
               "30 Q12 26 17 22 Q22 16 25 12 L24 7 L29 11 Q31 9 33 9 L33 12 "
               "Q44 15 47 30 Q49 42 46 51 V57 Z", 0, 0, 0 },
        { 'e', NULL, 24.5, 19, 1.8 },
        { 'd', "M19 51 H46", 0, 0, 0 } } },
    { "Pawn", {
        { 'p', "M19 57 V52 Q21 45 27 42 Q28 37 27 33 H37 Q36 37 37 42 Q43 45 "
               "45 52 V57 Z", 0, 0, 0 },
        { 'c', NULL, 32, 24, 8.5 },
        { 'd', "M25 33 H39", 0, 0, 0 } } },
};

/* xiangqi: the first player's (red) character, the second's (black) */
static const struct { const char *name, *red, *black; } xiangqi[] = {
    { "General", "帥", "將" }, { "Advisor", "仕", "士" }, { "Elephant", "相", "象" },
    { "Horse", "傌", "馬" }, { "Chariot", "俥", "車" }, { "Cannon", "炮", "砲" },
    { "Soldier", "兵", "卒" },
};
/* shogi: the King's two characters (the first player's 玉, the second's 王), one for the rest */
static const struct { const char *name, *first, *second; } shogi[] = {
    { "King", "玉", "王" }, { "Rook", "飛", NULL }, { "Bishop", "角", NULL },
    { "Gold", "金", NULL }, { "Silver", "銀", NULL }, { "Knight", "桂", NULL },
    { "Lance", "香", NULL }, { "Pawn", "歩", NULL }, { "Tokin", "と", NULL },
    { "PromotedLance", "杏", NULL }, { "PromotedKnight", "圭", NULL },
    { "PromotedSilver", "全", NULL }, { "Horse", "馬", NULL }, { "Dragon", "龍", NULL },
};
#define N(a) (sizeof a / sizeof *a)

/* The fonts the characters are drawn in (Debian: fonts-wqy-microhei, fonts-noto-cjk). */
#define CJK "WenQuanYi Micro Hei, Noto Sans CJK SC, Noto Sans CJK JP, Noto Serif CJK SC, " \
            "AR PL UKai CN, Droid Sans Fallback, sans-serif"

const char pieceset_style[] =
    ".glyph.fide .body{stroke-width:2;stroke-linejoin:round}"
    ".glyph .detail{fill:none;stroke-width:1.6;stroke-linecap:round}"
    ".owner0 .glyph .detail{stroke:#111}.owner1 .glyph .detail{stroke:#e8e8e8}"
    ".glyph .detail.eye{stroke:none}"
    ".owner0 .glyph .detail.eye{fill:#111}.owner1 .glyph .detail.eye{fill:#e8e8e8}"
    ".glyph.xiangqi .disc{fill:#f3e2b8;stroke:#5a4020;stroke-width:1.5}"
    ".glyph.xiangqi .ring{fill:none;stroke-width:1.4}"
    ".owner0 .glyph.xiangqi .ring{stroke:#b3261e}.owner1 .glyph.xiangqi .ring{stroke:#222}"
    ".piece .glyph text.char{font-weight:normal}"
    ".owner0 .glyph.xiangqi text.char{fill:#b3261e}.owner1 .glyph.xiangqi text.char{fill:#111}"
    ".glyph.shogi .wood{fill:#f0d49a;stroke:#6b4a1f;stroke-width:1.5;stroke-linejoin:round}"
    ".glyph.shogi text.char{fill:#111}.glyph.shogi text.char.promoted{fill:#b3261e}";

static int has_type(const Game *g, const char *name)
{
    for (int t = 1; t <= g->ntypes; t++)
        if (!strcmp(g->types[t].name, name)) return 1;
    return 0;
}

PieceSet pieceset_choose(const Game *g)
{
    if (has_type(g, "General") && has_type(g, "Chariot") && has_type(g, "Cannon"))
        return PIECESET_XIANGQI;
    if (has_type(g, "Gold") && has_type(g, "Silver") && has_type(g, "Lance")) return PIECESET_SHOGI;
    for (size_t i = 0; i < N(fide); i++)
        if (has_type(g, fide[i].name)) return PIECESET_FIDE;
    return PIECESET_LETTERS;
}

static void character(FILE *f, const char *cls, double x, double y, double size, const char *ch)
{
    fprintf(f, "<text class=\"%s\" x=\"%g\" y=\"%g\" font-size=\"%.1f\" font-family=\"" CJK
            "\">%s</text>", cls, x, y, size, ch);
}

int pieceset_draw(FILE *f, PieceSet set, const Game *g, int t, int owner, double x, double y,
                  double w, double h)
{
    if (set == PIECESET_LETTERS || t < 1 || t > g->ntypes || h < U * 0.6) return 0;
    const char *name = g->types[t].name;
    double m = w < h ? w : h, k = m / U, ox = x + (w - U * k) / 2, oy = y + (h - U * k) / 2;
    if (set == PIECESET_FIDE) {
        for (size_t i = 0; i < N(fide); i++) {
            if (strcmp(fide[i].name, name)) continue;
            fprintf(f, "<g class=\"glyph fide\" transform=\"translate(%g,%g) scale(%g)\">", ox, oy,
                    k);
            for (const Part *p = fide[i].parts; p < fide[i].parts + 8 && p->kind; p++)
                if (p->kind == 'p' || p->kind == 'd')
                    fprintf(f, "<path class=\"%s\" d=\"%s\"/>", p->kind == 'p' ? "body" : "detail",
                            p->d);
                else
                    fprintf(f, "<circle class=\"%s\" cx=\"%g\" cy=\"%g\" r=\"%g\"/>",
                            p->kind == 'e' ? "detail eye" : "body", p->cx, p->cy, p->r);
            fputs("</g>", f);
            return 1;
        }
        return 0;
    }
    if (set == PIECESET_XIANGQI) {
        for (size_t i = 0; i < N(xiangqi); i++) {
            if (strcmp(xiangqi[i].name, name)) continue;
            double cx = x + w / 2, cy = y + h / 2;
            fprintf(f, "<g class=\"glyph xiangqi\"><circle class=\"disc\" cx=\"%g\" cy=\"%g\" "
                    "r=\"%g\"/><circle class=\"ring\" cx=\"%g\" cy=\"%g\" r=\"%g\"/>", cx, cy,
                    m * 0.4, cx, cy, m * 0.33);
            character(f, "char", cx, cy, m * 0.42, owner == 1 ? xiangqi[i].black : xiangqi[i].red);
            fputs("</g>", f);
            return 1;
        }
        return 0;
    }
    for (size_t i = 0; i < N(shogi); i++) {
        if (strcmp(shogi[i].name, name)) continue;
        /* pointing away from its owner: the second player's turned round */
        fprintf(f, "<g class=\"glyph shogi\" transform=\"translate(%g,%g) scale(%g)%s\">"
                "<path class=\"wood\" d=\"M32 6 L46 12 L51 57 H13 L18 12 Z\"/>", ox, oy, k,
                owner == 1 ? " rotate(180 32 32)" : "");
        const char *ch = owner == 1 && shogi[i].second ? shogi[i].second : shogi[i].first;
        character(f, g->types[t].code[0] == '+' ? "char promoted" : "char", 32, 36, 25, ch);
        fputs("</g>", f);
        return 1;
    }
    return 0;
}
