/* disasm.c - `boardvm disasm`: the bytecode of a rules file, with the source line of each
 * instruction, and `--list-opcodes`: the instruction set from its one table. */
#include <stdio.h>
#include "commands.h"
#include "opcodes.h"
#include "session.h"

static void list_opcodes(void)
{
    for (int i = 0; i < OPCODE_COUNT; i++)
        printf("%-11s %d operand%s  pops %d  pushes %d  %s\n", opcode_info[i].name, opcode_info[i].nops,
               opcode_info[i].nops == 1 ? " " : "s", opcode_info[i].pop, opcode_info[i].push, opcode_info[i].doc);
}

static void operand_note(const Game *g, int op, const int32_t *a)
{
    switch (op) {
    case OP_PUSHDIR: if (a[0] < g->ndirs && g->dir_name[a[0]]) printf("  ; %s", g->dir_name[a[0]]); break;
    case OP_LOADG: case OP_STOREG: case OP_LOADPL: case OP_STOREPL: case OP_LOADSQ: case OP_STORESQ:
    case OP_LOADPV: case OP_STOREPV:
        if (a[0] < g->nvars) printf("  ; %s", g->vars[a[0]].name);
        break;
    case OP_ATTR: if (a[0] < g->nattrs) printf("  ; %s", g->attrs[a[0]].name); break;
    case OP_EMIT: printf("  ; %s", a[0] == 0 ? "move" : a[0] == 1 ? "stay" : "drop"); break;
    case OP_RESULT: printf("  ; %s", a[0] == 1 ? "win" : a[0] == 2 ? "loss" : "draw"); break;
    default: break;
    }
}

int cmd_disasm(Args *a)
{
    if (a->list_opcodes) { list_opcodes(); return 0; }
    if (a->npos < 2) { fprintf(stderr, "boardvm: disasm needs a rules file\n"); return 2; }
    int status;
    Game *g = load_game(a->pos[1], NULL, a->nopts, a->opts, &status);
    if (!g) return status;
    for (int f = 0; f < g->nfns; f++) {
        const Function *fn = &g->fns[f];
        printf("%s: %d locals, code %d..%d\n", fn->name, fn->nlocals, fn->entry, fn->end - 1);
        for (int pc = fn->entry; pc < fn->end;) {
            int op = g->code[pc];
            printf("  %5d  line %-4d %-11s", pc, g->line[pc], opcode_info[op].name);
            for (int k = 1; k <= opcode_info[op].nops; k++) printf(" %d", g->code[pc + k]);
            operand_note(g, op, g->code + pc + 1);
            putchar('\n');
            pc += 1 + opcode_info[op].nops;
        }
    }
    game_free(g);
    return 0;
}
