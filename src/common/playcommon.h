/* playcommon.h - what selfplay (selfplay.c) and play (play.c) share: the moves of a game so far
 * (for its record), the engine's limits and name from the command line, the record's tags. */
#ifndef BOARDVM_PLAYCOMMON_H
#define BOARDVM_PLAYCOMMON_H
#include <stddef.h>
#include "commands.h"
#include "search.h"

typedef struct { char **m; int n, cap; } MoveLog;
void log_add(MoveLog *l, const char *s);
void log_pop(MoveLog *l);
void log_free(MoveLog *l);

const char *base_name(const char *path);
void options_string(const Args *a, char *buf, size_t len); /* the -o values, for the Options tag */
void limits_from_args(const Args *a, SearchLimits *lim, int default_depth);
/* --search mcts with an option only the alpha-beta search takes (--depth, --threads, --off): a
 * message and 2; else 0. */
int mcts_args_refused(const Args *a);
void engine_name(const SearchLimits *lim, char *buf, size_t len);   /* "boardvm depth 3" */
const char *reason_of(const Pos *p);                         /* why the game ended, or "" */
#endif
