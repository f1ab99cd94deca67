/* pieceset.h - the piece set drawn for boardvm (shapes of its own, no copied artwork), as SVG:
 * the FIDE pieces by their type names (King, Queen, Rook, Bishop, Knight, Pawn), xiangqi's by
 * their characters on discs (red 帥仕相傌俥炮兵, black 將士象馬車砲卒), shogi's by theirs on
 * pentagons pointing at the opponent (王玉飛角金銀桂香歩, promoted と杏圭全馬龍 in red). `boardvm
 * svg` draws with it; the web page (web/board.js) draws the same shapes from its own copy of the
 * table, and tests/svg.sh checks that the two are the same. A type the set does not know, and a
 * band of a stack, stay a letter disc (the caller's). */
#ifndef BOARDVM_PIECESET_H
#define BOARDVM_PIECESET_H
#include <stdio.h>
#include "game.h"

typedef enum { PIECESET_LETTERS, PIECESET_FIDE, PIECESET_XIANGQI, PIECESET_SHOGI } PieceSet;

/* The set for g's types, as the page chooses it: xiangqi's when it has a General, a Chariot and
 * a Cannon; shogi's when a Gold, a Silver and a Lance; the FIDE pieces when any type has one of
 * their names; else letters. */
PieceSet pieceset_choose(const Game *g);
/* The picture of a piece of type t and owner in the square (x, y, w, h) on f; 0 when the set
 * has none for it (the caller draws a letter disc). Shogi's pieces of the second player point
 * down the picture (the first player's side is at the bottom). */
int pieceset_draw(FILE *f, PieceSet set, const Game *g, int t, int owner, double x, double y,
                  double w, double h);
/* The CSS of the pictures, for the <style> of a drawing (board.css has the same rules). */
extern const char pieceset_style[];
#endif
