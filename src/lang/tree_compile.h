/* tree_compile.h - the compiler's entry for a front end that builds the syntax tree itself
 * (the Zillions reader, src/zrf/): it hands over a tree of the shape ast.h describes, with
 * locations in its own file, and, where its board is not a grid of files and ranks, the board
 * as named positions linked per direction. The tree goes through the same binder, code
 * generator and verifier as a `.rules` file's (compile.c). */
#ifndef BOARDVM_TREE_COMPILE_H
#define BOARDVM_TREE_COMPILE_H

#include <stdint.h>
#include <stdio.h>

#include "ast.h"
#include "diag.h"
#include "game.h"

/* A board of named positions. Every position has a cell of a layout grid (x, y from the bottom
 * left, at most MAX_FILES x MAX_RANKS, no two on one cell): position strings walk it rank by
 * rank as on any board. Directions are names only; link says where each leads. */
typedef struct GraphBoard {
    int nsq;
    const char **name;           /* each position's name */
    const int *x, *y;            /* its layout cell */
    int files, ranks;            /* the layout grid's size */
    const int16_t (*rect)[4];    /* its rectangle in pixels (x1 y1 x2 y2), or NULL */
    int image_w, image_h;
    const char *move_sep;        /* written between a move's squares ("" or "-") */
    int ndirs;
    const char **dir;            /* each direction's name */
    const int *link;             /* link[sq * ndirs + d]: the position, or -1 */
    const int *opposite;         /* opposite[d]: its opposite direction, or -1 */
    const int *dir_map;          /* dir_map[player * ndirs + d]: what d is for that player */
} GraphBoard;

/* A Game with nothing in it yet, whose arena is where the front end puts the tree's strings
 * (names and strings live as long as the game; the nodes only as long as the compile). */
Game *game_tree_new(const char *display_name);

/* Compile the tree's declarations (root: an AST_FILE) into g, with board (NULL: the tree has a
 * `board` declaration). Errors go to diag; *status is set; after errors g is freed and NULL
 * returned. */
Game *game_compile_tree(Game *g, Ast *root, Diag *diag, const GraphBoard *board, int nopts,
                        char **opts, int *status);
#endif
