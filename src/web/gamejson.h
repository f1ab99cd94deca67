/* gamejson.h - a compiled game and a position as JSON (jansson), for `boardvm serve`'s page.
 *
 * Only data the program computes: the squares with their coordinates and arrows, the piece
 * types, the pieces (every layer of a stack), hands, the `display` block's marks and variables,
 * and the legal moves with the squares a click selects. The page does no move logic. */
#ifndef BOARDVM_GAMEJSON_H
#define BOARDVM_GAMEJSON_H
#include <jansson.h>
#include "position.h"

/* What does not change while a game is played: board, squares, arrows, types, options. */
json_t *game_json(const Game *g);
/* The position: pieces, hands, shown variables, check, turn, position string. */
json_t *position_json(Pos *p);
/* The legal moves of ml (from node_moves), sorted by their strings:
 * [{"s": "e7e8=Q", "from": 52, "to": 60, "kind": "move", "layer": 0, "drop": 5}, ...]. */
json_t *moves_json(const Game *g, const MoveList *ml);
/* `boardvm show --json` (with_game: {"game": game_json, "state": the position with "moves" and
 * "result", as /api/state has them}) and `moves --json` ({"moves": ..., "result": ...}) on
 * out; the legal moves are generated here (run it under p->on_error). */
void print_json(Pos *p, int with_game, FILE *out);
/* s as a JSON string, whatever its bytes: jansson takes only UTF-8 (json_string gives NULL
 * otherwise), and a rules file's names, a file name or a message cut at its buffer's end need
 * not be UTF-8; each byte that does not begin a valid UTF-8 sequence becomes U+FFFD. NULL only
 * when memory runs out. */
json_t *json_text(const char *s);
/* p->result as {"code": "1-0", "player": "White", "outcome": "wins", "reason": "..."}, or null. */
json_t *result_json(const Pos *p);
#endif
