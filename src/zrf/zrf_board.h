/* zrf_board.h - the board of a ZRF game or variant as a plain structure: named positions
 * with their pixel rectangles, links per direction, zones per player, symmetries.
 *
 * Built from the `(board ...)` section (grids, positions, dummy positions, links, unlink,
 * kill-positions, symmetry, zone) and the `(players ...)` section; docs/zrf.md, "Boards",
 * gives the decisions taken where Zillions' documentation is silent. Nothing here knows the
 * runtime: a later stage lowers this into boardvm's Game. */
#ifndef BOARDVM_ZRF_BOARD_H
#define BOARDVM_ZRF_BOARD_H
#include "zrf.h"

#define ZRF_MAX_POSITIONS 20000     /* the largest real board has 3214 */
#define ZRF_MAX_DIRECTIONS 128      /* the most a real file uses is 32 */
#define ZRF_MAX_PLAYERS 64
/* Steps of work to build one board (a grid's positions and links, a position unlinked from
 * every other, a zone's positions...): well under a second. The largest real board takes
 * about 3214 x 32 steps a form at most. */
#define ZRF_MAX_BOARD_WORK 200000000L
extern long zrf_max_board_work;     /* the bound in force: lowered by the fuzz harness */

typedef struct {
    const char *name;
    int x1, y1, x2, y2;      /* its rectangle on the board image, in pixels */
    int dummy;               /* (dummy ...): a position with no place on the image */
    int killed;              /* (kill-positions ...): gone when the board is finished */
    ZrfLoc loc;              /* where it was made */
} ZrfPos;

typedef struct {
    const char *name;
    int player;              /* an index into players */
    int *pos; int npos;      /* its positions, in the order written, without repeats */
} ZrfZone;

typedef struct {
    int player;
    int *dir;                /* dir[d]: the direction d is for that player (ndirs entries) */
} ZrfSymmetry;

typedef struct {
    ZrfPos *pos; int npos, cappos;
    const char **dir; int ndirs, capdirs;
    int *link;               /* link[p * capdirs + d]: the position, or -1 */
    const char **player; int nplayers;
    ZrfZone *zone; int nzones;
    ZrfSymmetry *sym; int nsyms;
    int ngrids;
    int *slots; int nslots;  /* the positions by name: index + 1, 0 empty */
    long work; int too_much; /* steps spent building it (ZRF_MAX_BOARD_WORK) */
} ZrfBoard;

/* The board of a game's or variant's sections (zrf_variant_sections); 0 after errors. A
 * variant without a board section has none: npos 0, and an error. */
int zrf_board(Zrf *z, const ZrfNode *sections, ZrfBoard *b);
void zrf_board_free(ZrfBoard *b);
/* The link from p in direction d, or -1. */
int zrf_link(const ZrfBoard *b, int p, int d);
/* The board printed: positions, links per direction, zones, symmetries. */
void zrf_board_print(FILE *out, const ZrfBoard *b);

/* ---- for the parts of the builder (zrf_grid.c) ---- */
int zrf_board_position(Zrf *z, ZrfBoard *b, const char *name, ZrfLoc loc);  /* made or found */
int zrf_board_direction(Zrf *z, ZrfBoard *b, const ZrfNode *at, const char *name);
void zrf_board_set_link(ZrfBoard *b, int from, int dir, int to);
int zrf_number(Zrf *z, const ZrfNode *n, int *v);       /* an integer atom; 0 after an error */
/* n more steps of work (ZRF_MAX_BOARD_WORK); 0, after an error at `at`, once past the bound */
int zrf_board_spend(Zrf *z, ZrfBoard *b, const ZrfNode *at, long n);
/* (grid ...) added to the board; 0 after errors */
int zrf_grid(Zrf *z, ZrfBoard *b, const ZrfNode *grid);
#endif
