/* mcts.h - Monte-Carlo tree search (--search mcts): UCT over the runtime's moves, playouts cut
 * off after a few plies and scored by the engine's evaluation (docs/engine.md §6.11). */
#ifndef BOARDVM_MCTS_H
#define BOARDVM_MCTS_H
#include <stddef.h>
#include "search.h"

typedef struct Mcts Mcts;

/* Search p (left as it was) within lim's playouts (nodes) or time, with a tree of at most
 * tree_bytes, made in *tree at the first call and kept for the next; fills res as
 * engine_search does (score from the win rate, depth the principal line's length, nodes the
 * playouts). */
void mcts_search(Engine *e, Mcts **tree, size_t tree_bytes, Pos *p, const SearchLimits *lim,
                 SearchResult *res);
void mcts_free(Mcts *t);

/* Playouts per move when no --nodes or --time limit is given. */
#define MCTS_DEFAULT_PLAYOUTS 2000
#endif
