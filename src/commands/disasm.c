/* disasm.c - `boardvm disasm`: the bytecode of a rules file, with the source line of each
 * instruction, and `--list-opcodes`: the instruction set from its one table (both written by
 * optext.c). */
#include <stdio.h>
#include "commands.h"
#include "search.h"
#include "effects.h"
#include "optext.h"
#include "session.h"

/* The instruction set as a markdown table: docs/opcodes.md is this output, and a test keeps
 * the two the same, so the documentation cannot drift from the table in opcodes.h. */
static void list_opcodes(void) { optext_opcode_list(stdout); }

int cmd_disasm(Args *a)
{
    if (a->list_opcodes) { list_opcodes(); return 0; }
    int status;
    Game *g = load_game(a->pos[1], NULL, a->nopts, a->opts, &status);
    if (!g) return status;
    optext_listing(stdout, g);
    if (g->hook_fn[HOOK_LEGAL] >= 0)
        printf("legality test: makes the move with%s%s%s\n",
               g->probe & PROBE_AFTER_MOVE ? " after-move," : "out after-move,",
               g->probe & PROBE_TURN_START ? " turn-start," : " without turn-start,",
               g->probe & PROBE_HISTORY ? " the history" : " without the history");
    if (g->legal_by_pins)
        printf("legality test: moves that leave the royal piece alone and write two squares at "
               "most need no make (pins)\n");
    if (engine_counts_mobility(g))
        printf("engine: a side with no legal move loses (the end block says so first), so the "
               "evaluation counts each side's legal moves\n");
    game_free(g);
    return 0;
}
