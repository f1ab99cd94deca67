/* pins.h - legality without a make, for the games whose `legal` block is exactly
 * `require not in-check;` and whose attacks are all leap/ride lines.
 *
 * If the mover is not in check, a move that only takes a piece off its square and puts one on
 * another (or drops one) can give the mover's royal piece a new attacker in one way alone: the
 * square it leaves was the only piece between the royal piece and an enemy rider on a line (a
 * leaper attacks from its square whatever stands between; a piece arriving can only block), or
 * by changing a location that a piece whose attack is a program looked at when it was run toward
 * the royal piece (the attack memo says which; a game whose attack programs read more than single
 * locations does not take this path). So the pins and those locations are found once per node,
 * and every other move of that kind is legal without being made. A move of the royal piece is
 * legal when its destination is not attacked with its square left empty, where every attack is a
 * native line (an attack program is not run on a changed board). Moves that write other squares
 * (castling, en passant), captures whose `on capture` hook writes what an in-check test reads,
 * and everything else are made and tested as before. Where `legal` goes
 * on after `require not in-check;`, the rest is tested before the move (pretest.c) or the move
 * is made. */
#ifndef BOARDVM_PINS_H
#define BOARDVM_PINS_H
#include "position.h"

#define PINS_MAX 256
typedef struct {
    int npinned;
    int16_t pinned[PINS_MAX];    /* squares that may not be left */
    int watching;                /* the attack programs' reads are marked in p->watch */
    /* pins_find_evasions: the mover is in check; a move of another piece is legal only if it
     * reaches a square of block (and its piece is not pinned) */
    int evading;
    uint64_t block;
    int board_writes;            /* every enemy attack is a program: a move may write squares */
} Pins;

/* May the game's legality be decided this way at all (set by effects_prepare)? Where moves
 * merge by the state they reach (`moves distinct`), every move is made for that state's hash,
 * but a safe one need not run `legal` (Game.check_by_pins). */
int pins_game_ok(const Game *g);
/* At a node: 1 and the pins when the side to move is not in check and has one royal piece
 * (or none); 0 when every move must be made. */
int pins_find(Pos *p, int player, Pins *pins);
/* Where pins_find gave up because the mover is in check: 1 and the pins and the squares that end
 * the check (Pins.evading) where every attack is a native line on at most 64 squares, so that
 * perft's last ply counts the line moves that reach them (linecount.h); 0 otherwise. */
int pins_find_evasions(Pos *p, int player, Pins *pins);
/* 1 if the move is legal by the argument above; 0 if it must be made and tested (every move
 * of an evading node). */
int pins_move_safe(Pos *p, const MoveList *ml, const Move *m, const Pins *pins);
#endif
