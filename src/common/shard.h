/* shard.h - a run cut into N deterministic shards (`--shard K/N`), and the JSON lines its
 * results are written in (`--jsonl FILE`), which `boardvm merge` reads back (docs/distributed.md).
 *
 * A run is a list of units numbered from 0: games (selfplay, balance, tune), pairs of games that
 * share an opening (match), or root moves in sorted order (perft). Shard K of N takes the units
 * u with u % N == K - 1. A unit's game depends only on its number and the run's settings (its
 * seed and opening come from the base seed and the number), so shard K plays the same games on
 * any machine, and shards 1..N together play exactly the units of the run without --shard. */
#ifndef BOARDVM_SHARD_H
#define BOARDVM_SHARD_H
#include <stdint.h>
#include <stdio.h>
#include "commands.h"
#include "outfile.h"

/* "K/N" with 1 <= K <= N <= SHARD_MAX into *k, *n; 0 if malformed. */
#define SHARD_MAX 1000000
int shard_parse(const char *s, int *k, int *n);
/* Whether unit u is shard k of n's: every unit without --shard (n == 0). */
static inline int shard_has(int k, int n, long u)
{
    return n == 0 || u % n == k - 1;
}

/* ---- writing: one JSON object a line ------------------------------------------------------- */

/* The results file of --jsonl (NULL without it): written whole or not at all (outfile.c). Its
 * first line is the run's header: {"boardvm": COMMAND, "format": 1, "shard": K, "shards": N,
 * "rules": FILE, "run": KEY, ...}; KEY is every option written that decides the games (not
 * --shard, --jsonl, --jobs, --record, --write) with the rules file's base name, and with
 * "version" (boardvm's) and "code" (a hash of g's bytecode and start position, when g is given)
 * the games depend on, so that merge refuses shards of different runs or of different builds
 * and rules files. The caller adds its own fields, then ends the line with
 * jsonl_end(). NULL after a message. */
OutFile *jsonl_open_run(const Args *a, const char *command, const char *rules, const Game *g);
/* Members of the object on the line: ,"key":value (the first of a line with no comma). */
void jsonl_str(FILE *f, const char *key, const char *value);
void jsonl_int(FILE *f, const char *key, long long value);
void jsonl_num(FILE *f, const char *key, double value);
void jsonl_begin(FILE *f, const char *key, long long value);  /* {"key":value */
void jsonl_code(FILE *f, const Game *g);                       /* ,"code":"HASH" of g */
void jsonl_end(FILE *f);                                       /* }\n */

/* ---- reading (merge) --------------------------------------------------------------------- */

/* One line's object: its members, whose values are strings (decoded), numbers or booleans, the
 * only kinds the writer above writes. */
#define JSONL_MAX_MEMBERS 48
typedef struct {
    int n;
    char *key[JSONL_MAX_MEMBERS];
    char *text[JSONL_MAX_MEMBERS];     /* a string's decoded text, or a number as written */
    int is_string[JSONL_MAX_MEMBERS];
    char *buf;                         /* the storage of keys and texts */
} JsonObj;

/* Parse one line; 0 and a message in err if it is not a flat JSON object. */
int jsonl_parse(const char *line, JsonObj *o, char *err, size_t errlen);
void jsonl_free(JsonObj *o);
/* A member's value, or NULL; as a number (def when absent or not a number). */
const char *jsonl_get(const JsonObj *o, const char *key);
long long jsonl_get_int(const JsonObj *o, const char *key, long long def);
double jsonl_get_num(const JsonObj *o, const char *key, double def);
#endif
