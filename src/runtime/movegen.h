/* movegen.h - legal moves and attacks, for any compiled game. */
#ifndef BOARDVM_MOVEGEN_H
#define BOARDVM_MOVEGEN_H

#include "position.h"

void gen_pseudo(Pos *p, MoveList *ml);          /* every move the programs emit */
/* 1 if the side to move has a legal move: moves are generated piece by piece (ml is scratch)
 * and tested as they come, and the first legal one ends the search. */
int gen_first_legal(Pos *p, MoveList *ml);
/* The rest of the pseudo-legal moves after gen_first_legal stopped (all of them from a cleared
 * list; nothing when the list is complete). */
void gen_rest(Pos *p, MoveList *ml);
/* Some of the rest: at least n moves in the list in all, or every move there is. gen_rest then
 * goes on from there, and the list is the same. */
void gen_more(Pos *p, MoveList *ml, int n);
/* The same, for a search that looks only at captures, moves onto a square (MK_MOVE): the
 * programs that can emit none are not run. The list then lacks their moves. */
void gen_rest_captures(Pos *p, MoveList *ml);
/* How many legal moves the side to move has, up to limit + 1: the generation stops (as
 * gen_first_legal's does) once it has found more than `limit`. ml is scratch. */
int gen_legal_upto(Pos *p, MoveList *ml, int limit);
void gen_legal(Pos *p, MoveList *ml);           /* ... that the `legal` block accepts;
                                                   deduplicated */
int square_attacked(Pos *p, int sq, int by);    /* does player `by` attack `sq`? */
int piece_attacks(Pos *p, int from, int target); /* does the piece on `from` attack `target`? */
int in_check(Pos *p, int player);               /* is a royal piece of `player` attacked? */
/* in_check's answer where `player`'s one royal piece stands on k (a game whose attacks are not
 * answered by a capture test: !attacks_by_capture), kept as in_check's; where not in check, also
 * the squares pinned by a ride toward k, in pinned[0 .. *npinned) (*npinned -1: more than max). */
int in_check_and_pins(Pos *p, int player, int k, int16_t *pinned, int *npinned, int max);
/* Where that royal piece is in check, in a game whose attacks are native lines alone on at most
 * 64 squares (evasions_game_ok): the squares another piece's move must reach to end it (*block,
 * a bit a square; 0 in a double check) and the pins; returns the number of checkers, 0 when
 * the pins overflow max (step 42) */
int check_evasions(Pos *p, int player, int k, int16_t *pinned, int *npinned, int max,
                   uint64_t *block);
int evasions_game_ok(const Game *g);
int can_move_to(Pos *p, int sq, int player);    /* could a piece of `player` move to `sq`? */
void movegen_prepare(Game *g);                  /* build the reverse attack tables */
/* The pieces of `by` whose attacks are programs, run toward `target`: 1 when none reaches it and
 * each run's result is known to depend only on the state locations passed to add (its square
 * and what it read); 0 when some run's reads are not known; -1 when one reaches it. */
/* Does a piece of `by` with an `attack near` program stand where that program can reach sq
 * from? (pins.c: such a program may read what the make changes) */
int near_attackers_at(const Pos *p, int sq, int by);
int attack_programs_reads(Pos *p, int target, int by, void (*add)(void *ctx, int loc), void *ctx);

/* Legal moves and the game result of the current position: fills ml, sets p->result. The moves
 * are not named yet: node_moves() (notation.h) also marks those whose strings need their
 * `qualify` text; this is for counting them (perft), where no move is named. */
void node_moves_unnamed(Pos *p, MoveList *ml);
/* How many moves node_moves_unnamed would list, and p->result as it sets it: perft's last ply.
 * Where the pins decide legality (pins.h), the moves they call legal are counted, not listed
 * (linecount.h), so ml then holds only the others. */
int node_count_legal(Pos *p, MoveList *ml);
/* Whether node_count_legal charges the work node_moves_unnamed charges (perft --check-gen): in
 * a game where every move is legal (no `legal` block, no royal piece) and no two moves merge
 * (no `moves distinct`, no `distinct { }` block, where a node whose moves merge is generated
 * again in full) */
int node_count_charges_as_listed(const Game *g);

#endif
