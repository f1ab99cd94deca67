/* boardvm.h - the C library of boardvm (libboardvm): load a game described by a rules file (or
 * a Zillions .zrf file), set up positions, list, make and take back legal moves, tell the end
 * of a game, count perft and search, for any game. The one installed header; docs/library.md
 * is its guide.
 *
 *   #include <boardvm.h>        cc prog.c $(pkg-config --cflags --libs boardvm)
 *
 * Handles are opaque: a bvm_game (a compiled game, read-only once loaded), a bvm_pos (a position
 * of one game, with the moves made on it) and a bvm_engine (a search's tables, and its stop).
 * A game outlives its positions and engines: free them first.
 *
 * Errors are values. Every function that can fail returns BVM_OK (0) or an error code, and
 * fills the bvm_error given last (it may be NULL) with the code and a message; nothing is
 * printed and nothing exits (running out of memory alone ends the process, with a message, as
 * the command line does). A rules file's errors come as the command line prints them:
 * "file:line:col: error: ..." with the source line and a caret. A runtime error of the rules
 * code (a limit passed, a division by zero in a rules file) leaves the position unusable: every
 * later call on it returns BVM_ERR_BROKEN until it is set again with bvm_pos_set().
 *
 * Threads: a game may be shared by positions and engines used in different threads at once; a
 * position or an engine is used by one thread at a time, except bvm_engine_stop(), which any
 * thread may call while another searches.
 *
 * Stability: the functions and types below keep their meaning within a major version of the
 * library (the soname, libboardvm.so.N); new functions may be added. BOARDVM_API_VERSION is
 * this header's version. */
#ifndef BOARDVM_H
#define BOARDVM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BOARDVM_API_VERSION 1

#if defined(__GNUC__)
#define BVM_EXPORT __attribute__((visibility("default")))
#else
#define BVM_EXPORT
#endif

typedef struct bvm_game bvm_game;
typedef struct bvm_pos bvm_pos;
typedef struct bvm_engine bvm_engine;

/* ---- errors --------------------------------------------------------------------------- */

typedef enum {
    BVM_OK = 0,
    BVM_ERR_ARGUMENT,      /* a bad argument: a NULL handle, a depth out of range, ... */
    BVM_ERR_FILE,          /* a rules file that cannot be found or read */
    BVM_ERR_RULES,         /* a rules file with errors (the message has them all) */
    BVM_ERR_OPTION,        /* an option the game does not have, or a bad value */
    BVM_ERR_POSITION,      /* a position string that does not read */
    BVM_ERR_MOVE,          /* a move that is not legal here (or names two legal moves) */
    BVM_ERR_RUNTIME,       /* the rules code failed while running (the position is broken) */
    BVM_ERR_BROKEN,        /* the position was broken by an earlier runtime error */
    BVM_ERR_EMPTY          /* nothing to take back */
} bvm_status;

typedef struct {
    int code;                     /* a bvm_status */
    const char *message;          /* what went wrong, in words ("" after BVM_OK), whatever its
                                     length (a rules file's errors and warnings, all of them).
                                     The library's own text, as dlerror()'s: valid in the calling
                                     thread until its next call that fails; never freed by you */
} bvm_error;

/* The name of a status ("BVM_ERR_MOVE"). */
BVM_EXPORT const char *bvm_status_name(int code);
/* The library's version: "0.1.0". */
BVM_EXPORT const char *bvm_version(void);

/* ---- games ---------------------------------------------------------------------------- */

/* Load a game: `name` is a path ("rules/chess.rules", "games/Chess.zrf") or the name of a game
 * found as the command line finds it ("chess": $BOARDVM_PATH, then the installed games and
 * examples). options[0..noptions) are "NAME" or "NAME=VALUE" as `boardvm -o` takes them; for
 * a .zrf file "variant=N" (or "variant=NAME") chooses its variant as --variant does. NULL
 * after an error (*err says why). */
BVM_EXPORT bvm_game *bvm_game_load(const char *name, const char *const *options, int noptions,
                                   bvm_error *err);
/* The same from text in memory; display_name is what messages call it ("mygame.rules"; a name
 * ending in .zrf, or text that opens with a list, is read as a Zillions file). */
BVM_EXPORT bvm_game *bvm_game_from_string(const char *text, size_t len, const char *display_name,
                                          const char *const *options, int noptions,
                                          bvm_error *err);
BVM_EXPORT void bvm_game_free(bvm_game *g);

/* The compiler's warnings about the rules file, as the command line prints them
 * ("file:line:col: warning: ...", the line, a caret), or "" when there were none. */
BVM_EXPORT const char *bvm_game_warnings(const bvm_game *g);
/* What a game is. Strings belong to the game. */
BVM_EXPORT const char *bvm_game_title(const bvm_game *g);     /* "FIDE Chess" */
BVM_EXPORT const char *bvm_game_file(const bvm_game *g);      /* the file it was read from */
BVM_EXPORT const char *bvm_game_start(const bvm_game *g);     /* the start position string */
BVM_EXPORT int bvm_game_players(const bvm_game *g);
BVM_EXPORT const char *bvm_game_player_name(const bvm_game *g, int player);   /* "White" */
/* Squares are numbered 0 .. bvm_game_squares()-1. */
BVM_EXPORT int bvm_game_squares(const bvm_game *g);
BVM_EXPORT const char *bvm_game_square_name(const bvm_game *g, int square);   /* "e4" */
BVM_EXPORT int bvm_game_square_find(const bvm_game *g, const char *name);     /* -1: none */
/* Piece types are numbered 1 .. bvm_game_piece_types() (0: no piece). */
BVM_EXPORT int bvm_game_piece_types(const bvm_game *g);
BVM_EXPORT const char *bvm_game_piece_name(const bvm_game *g, int type);      /* "Knight" */
BVM_EXPORT const char *bvm_game_piece_code(const bvm_game *g, int type);      /* "N" */
/* The size of its compiled rules: programs and code words (what `boardvm check` reports). */
BVM_EXPORT int bvm_game_programs(const bvm_game *g);
BVM_EXPORT int bvm_game_code_words(const bvm_game *g);

/* ---- positions ------------------------------------------------------------------------ */

/* A position of g: the position string `position` (FEN for chess), or the game's start when it
 * is NULL. NULL after an error. */
BVM_EXPORT bvm_pos *bvm_pos_new(const bvm_game *g, const char *position, bvm_error *err);
BVM_EXPORT void bvm_pos_free(bvm_pos *p);
/* Set p to a position string (NULL: the start), forgetting the moves made before. */
BVM_EXPORT int bvm_pos_set(bvm_pos *p, const char *position, bvm_error *err);
/* A new position with p's position and its history of positions (repetitions count across
 * it), but no moves to take back. NULL after an error. */
BVM_EXPORT bvm_pos *bvm_pos_copy(const bvm_pos *p, bvm_error *err);
BVM_EXPORT const bvm_game *bvm_pos_game(const bvm_pos *p);
/* The position string, snprintf's way: the length it has, written (cut) into buf[0..len). */
BVM_EXPORT size_t bvm_pos_string(const bvm_pos *p, char *buf, size_t len);
BVM_EXPORT int bvm_pos_turn(const bvm_pos *p);          /* the player to move (0 = the first) */
BVM_EXPORT int bvm_pos_ply(const bvm_pos *p);           /* moves made that can be taken back */
/* What stands on a square: its piece type (0: empty) and owner (-1: none). */
BVM_EXPORT int bvm_pos_piece(const bvm_pos *p, int square, int *owner);

/* ---- moves ---------------------------------------------------------------------------- */

enum { BVM_MOVE = 0, BVM_STAY = 1, BVM_DROP = 2 };   /* bvm_move.kind */
#define BVM_MOVE_TEXT_MAX 256
typedef struct {
    char text[BVM_MOVE_TEXT_MAX]; /* the move as boardvm writes it: "e2e4", "e7e8=Q", "P@e4" */
    int from, to;                 /* its squares (-1: none; a drop has no from) */
    int kind;                     /* BVM_MOVE, BVM_STAY (a move that stays, such as a capture
                                     at a distance) or BVM_DROP */
    int piece;                    /* the type that moves, or that is dropped */
    int becomes;                  /* the type it becomes (a promotion), 0: unchanged */
    int captured;                 /* the type on the to-square before the move, 0: none */
    int multi;                    /* the move does more than one piece's step (castling, a
                                     capture elsewhere, a chain of jumps): its text says it */
} bvm_move;

/* The legal moves of p, sorted by their text (the order of `boardvm moves`): the number of
 * them, the first `max` written into moves (which may be NULL with max 0, to count them);
 * -1 after an error. */
BVM_EXPORT int bvm_pos_moves(bvm_pos *p, bvm_move *moves, int max, bvm_error *err);
/* The legal move at `index` in the order of bvm_pos_moves() into *out (one move: cheaper than
 * the whole list where a position has thousands). */
BVM_EXPORT int bvm_pos_move(bvm_pos *p, int index, bvm_move *out, bvm_error *err);
/* The legal move that `move` names (its text or its SAN) into *out. */
BVM_EXPORT int bvm_pos_find(bvm_pos *p, const char *move, bvm_move *out, bvm_error *err);
/* Make a legal move, written as bvm_move.text writes it or in SAN ("Nf3", "O-O", "exd5",
 * "P@e4"): each is tried. */
BVM_EXPORT int bvm_pos_make(bvm_pos *p, const char *move, bvm_error *err);
/* Make the legal move at `index` in the order of bvm_pos_moves() (no text to look up). */
BVM_EXPORT int bvm_pos_make_index(bvm_pos *p, int index, bvm_error *err);
/* Take back the latest move made; BVM_ERR_EMPTY when none is left. */
BVM_EXPORT int bvm_pos_unmake(bvm_pos *p, bvm_error *err);
/* The SAN of a legal move (written in boardvm's text or in SAN) into buf, snprintf's way. */
BVM_EXPORT int bvm_pos_san(bvm_pos *p, const char *move, char *buf, size_t len, bvm_error *err);

/* ---- the end of the game -------------------------------------------------------------- */

enum { BVM_ONGOING = 0, BVM_WIN = 1, BVM_LOSS = 2, BVM_DRAW = 3 };  /* for the side to move */
typedef struct {
    int state;                    /* BVM_ONGOING, or the outcome for the player to move */
    int winner;                   /* the player who won, -1: none (a draw, or ongoing) */
    char text[8];                 /* "1-0", "0-1", "1/2-1/2" or "*" (as PGN writes results) */
    char reason[256];             /* the rules file's words ("checkmate"), or "" */
} bvm_result;
/* Whether the game is over in p, and how: the rules file's `end` block, and a side with no
 * legal move and no result loses (as every command plays it). */
BVM_EXPORT int bvm_pos_result(bvm_pos *p, bvm_result *res, bvm_error *err);

/* ---- perft and search ----------------------------------------------------------------- */

/* The number of leaves of the legal move tree `depth` plies deep (0 to 30), into *leaves. */
BVM_EXPORT int bvm_pos_perft(bvm_pos *p, int depth, uint64_t *leaves, bvm_error *err);

typedef struct {
    int depth;                    /* plies, 0: no limit */
    uint64_t nodes;               /* 0: no limit */
    double seconds;               /* 0: no limit */
    int threads;                  /* 0 or 1: one; more: helper threads (results then depend on
                                     timing) */
} bvm_limits;                     /* all 0: the command line's default (depth 3 and deeper while
                                     it is cheap, within a bound of work) */
typedef struct {
    char best[BVM_MOVE_TEXT_MAX]; /* the move chosen, as bvm_move.text; "" when there is none */
    int score;                    /* centipawns for the side to move; a win in n plies scores
                                     BVM_SCORE_MATE - n, a loss -(BVM_SCORE_MATE - n) */
    int depth;                    /* the last depth finished */
    uint64_t nodes;
    double seconds;
    int stopped;                  /* bvm_engine_stop() ended it */
    char pv[1024];                /* the principal variation, moves separated by spaces */
} bvm_search_result;
#define BVM_SCORE_MATE 30000

/* A search's tables (hash_mb megabytes of transposition table, 0: the default 16). */
BVM_EXPORT bvm_engine *bvm_engine_new(const bvm_game *g, int hash_mb, bvm_error *err);
BVM_EXPORT void bvm_engine_free(bvm_engine *e);
/* Forget what earlier searches learnt (a new game). */
BVM_EXPORT void bvm_engine_clear(bvm_engine *e);
/* Search p (left as it was) within lim (NULL: the default). */
BVM_EXPORT int bvm_engine_search(bvm_engine *e, bvm_pos *p, const bvm_limits *lim,
                                 bvm_search_result *res, bvm_error *err);
/* Ask a search running in another thread to stop soon: it returns its best move so far. */
BVM_EXPORT void bvm_engine_stop(bvm_engine *e);

#ifdef __cplusplus
}
#endif
#endif
