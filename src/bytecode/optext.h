/* optext.h - the bytecode as text, from the instruction table (see optext.c). */
#ifndef BOARDVM_OPTEXT_H
#define BOARDVM_OPTEXT_H
#include <stdio.h>
#include "game.h"

/* The instruction at pc of g's code: its address, source line, name and operands, and a note
 * that names each operand the game has a name for; one line. Returns the next instruction. */
int optext_instruction(FILE *out, const Game *g, int pc);

/* The instruction set and the operand kinds as markdown (docs/opcodes.md). */
/* Every function of g: its name, locals and code range, then its instructions. */
void optext_listing(FILE *out, const Game *g);
void optext_opcode_list(FILE *out);
#endif
