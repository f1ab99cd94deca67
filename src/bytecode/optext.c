/* optext.c - the bytecode as text: an instruction with its operands, each named by its kind
 * (`boardvm disasm`), and the instruction set itself (`boardvm disasm --list-opcodes`,
 * docs/opcodes.md). Both read only the table of opcodes.h: a new opcode prints without a case
 * here, and a new operand kind needs its note in operand_note() if the game names its values. */
#include "optext.h"
#include <string.h>
#include "opcodes.h"

/* What the game calls value v of an operand of kind k, into buf; 0 if it has no name. */
static int operand_note(const Game *g, int k, int32_t v, char *buf, size_t n)
{
    const OperandKindInfo *ki = &operand_kind_info[k];
    if (ki->names && v >= ki->lo && v <= ki->hi)
        return snprintf(buf, n, "%s", ki->names[v - ki->lo]) > 0;
    switch (k) {
    case OPK_DIR:
        return v >= 0 && v < g->ndirs && g->dir_name[v] && snprintf(buf, n, "%s", g->dir_name[v]);
    case OPK_GLOBAL: case OPK_PLAYERVAR: case OPK_SQUAREVAR: case OPK_PIECEVAR:
        return v >= 0 && v < g->nvars && snprintf(buf, n, "%s", g->vars[v].name);
    case OPK_ATTR:
        return v >= 0 && v < g->nattrs && snprintf(buf, n, "%s", g->attrs[v].name);
    case OPK_KONST:
        return v >= 0 && v < g->nkonst && snprintf(buf, n, "%lld", (long long)g->konst[v]);
    case OPK_PURESITE: {
        if (v < 0 || v >= g->npure_sites) return 0;
        const PureTable *t = &g->pure_tables[g->pure_sites[v].table];
        return snprintf(buf, n, "table %d of %d entries, to %d", g->pure_sites[v].table,
                        t->nentries, g->pure_sites[v].end) > 0;
    }
    case OPK_SUFFIX: case OPK_REASON:
        return v > 0 && v <= g->nstrings && snprintf(buf, n, "\"%s\"", g->strings[v - 1]);
    default:
        return 0;
    }
}

int optext_instruction(FILE *out, const Game *g, int pc)
{
    const OpcodeInfo *oi = &opcode_info[g->code[pc]];
    const int32_t *a = g->code + pc + 1;
    fprintf(out, "  %5d  line %-4d %-11s", pc, g->line[pc], oi->name);
    for (int i = 0; i < oi->nops; i++) fprintf(out, " %d", a[i]);
    const char *sep = "  ; ";
    for (int i = 0; i < oi->nops; i++) {
        char note[200];
        if (operand_note(g, oi->kind[i], a[i], note, sizeof note)) {
            fprintf(out, "%s%s", sep, note);
            sep = ", ";
        }
    }
    fputc('\n', out);
    return pc + 1 + oi->nops;
}

/* "A local, B jump": the kinds of an instruction's operands */
static void kinds_text(const OpcodeInfo *oi, char *buf, size_t n)
{
    *buf = 0;
    for (int i = 0; i < oi->nops; i++)
        snprintf(buf + strlen(buf), n - strlen(buf), "%s%c %s", i ? ", " : "", 'A' + i,
                 operand_kind_info[oi->kind[i]].name);
}

static void effects_text(int effect, char *buf, size_t n)
{
    static const char *const effect_name[] = {
        "r var A", "w var A", "r board", "w board", "r hands", "w hands", "r turn",
        "attack programs", "move programs", "on capture", "ends the game", "w any", "r all",
        "r the move",
    };
    *buf = 0;
    for (int b = 0; b < (int)(sizeof effect_name / sizeof *effect_name); b++)
        if (effect & (1 << b))
            snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", *buf ? ", " : "",
                     effect_name[b]);
}

static void opcode_rows(FILE *out)
{
    fprintf(out, "| opcode | operands | pops | pushes | flow | effects | what it does |\n"
                 "|---|---|---|---|---|---|---|\n");
    for (int i = 0; i < OPCODE_COUNT; i++) {
        const OpcodeInfo *oi = &opcode_info[i];
        char kinds[160], eff[160], flow[32] = "";
        kinds_text(oi, kinds, sizeof kinds);
        effects_text(oi->effect, eff, sizeof eff);
        if (oi->jump) snprintf(flow, sizeof flow, "jump %c", 'A' + oi->jump - 1);
        if (oi->stops)
            snprintf(flow + strlen(flow), sizeof flow - strlen(flow), "%sstops",
                     *flow ? ", " : "");
        fprintf(out, "| `%s` | %s | %d | %d | %s | %s | %s |\n", oi->name, kinds, oi->pop,
                oi->push, flow, eff, oi->doc);
    }
}

static void kind_rows(FILE *out)
{
    fprintf(out, "| kind | values | what it is |\n|---|---|---|\n");
    for (int k = 0; k < OPERAND_KIND_COUNT; k++) {
        const OperandKindInfo *ki = &operand_kind_info[k];
        char values[160] = "";
        if (ki->names)
            for (int32_t v = ki->lo; v <= ki->hi; v++)
                snprintf(values + strlen(values), sizeof values - strlen(values), "%s%d %s",
                         v > ki->lo ? ", " : "", (int)v, ki->names[v - ki->lo]);
        else if (ki->lo == INT32_MIN) snprintf(values, sizeof values, "any");
        else if (ki->hi != INT32_MAX)
            snprintf(values, sizeof values, "%d..%d", (int)ki->lo, (int)ki->hi);
        else if (ki->lo == 0) snprintf(values, sizeof values, "an index");
        else snprintf(values, sizeof values, "from %d", (int)ki->lo);
        fprintf(out, "| %s | %s | %s |\n", ki->name, values, ki->doc);
    }
}

void optext_opcode_list(FILE *out)
{
    fprintf(out, "# The boardvm instruction set\n\n");
    fprintf(out, "Generated by `boardvm disasm --list-opcodes` from `src/bytecode/opcodes.h`; "
                 "do not edit.\n");
    fprintf(out, "Operands A, B, C, D follow the opcode word, each of a kind (the second table: "
                 "the\nverifier checks each by its kind, the disassembler names it); "
                 "\"pops\"/\"pushes\" count\noperand-stack values.\n\n");
    fprintf(out, "\"Effects\" name the game state an instruction reads (r) and writes (w): a "
                 "variable, the\nboard, the hands, the side to move, or the programs it runs; "
                 "`src/runtime/effects.c` sums them\nper program, to know which hooks a legality "
                 "test can leave out.\n\n");
    fprintf(out, "\"Flow\" names the operand that is a jump target, and \"stops\" an instruction "
                 "after which\ncontrol never reaches the next one (the verifier and jump "
                 "threading read these).\n\n");
    opcode_rows(out);
    fprintf(out, "\n## Operand kinds\n\n");
    kind_rows(out);
}

void optext_listing(FILE *out, const Game *g)
{
    for (int f = 0; f < g->nfns; f++) {
        const CodeFunction *fn = &g->fns[f];
        fprintf(out, "%s: %d locals, code %d..%d\n", fn->name, fn->nlocals, fn->entry, fn->end - 1);
        for (int pc = fn->entry; pc < fn->end;) pc = optext_instruction(out, g, pc);
    }
}
