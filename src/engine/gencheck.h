/* gencheck.h - a debug check of the search's ways of generating moves (see gencheck.c). */
#ifndef BOARDVM_GENCHECK_H
#define BOARDVM_GENCHECK_H
#include "position.h"

/* Generate p's moves as the search does and compare them with the plain generation; a
 * difference is a runtime error that says "internal error". `ply`: the caller's ply, whose
 * list is left alone. */
void gencheck_node(Pos *p, int ply);
/* The same at perft's last ply: `counted` (node_count_legal's answer, p->result as it left it)
 * against node_moves_unnamed's list. */
void gencheck_count(Pos *p, int ply, int counted, long work);
#endif
