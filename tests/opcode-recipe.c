/* tests/opcode-recipe.c - the opcode recipe of docs/architecture.md, tried on a dummy opcode.
 *
 * Built by tests/opcode-recipe.sh with -DBOARDVM_TEST_OPCODE, which adds one row to the table of
 * src/bytecode/opcodes.h: TESTOP, operands A local, B global, C jump. Linked with the files that
 * must follow that row and no other change (opcodes.c, verify.c, jumps.c, optext.c), it checks
 * that the verifier rejects each bad operand by its kind, jump threading and the disassembler
 * find its operands, and the opcode list shows it. A file that kept a list of opcodes of its own
 * would miss the new row, and a check here would fail. It also checks the one rule of the table
 * that the compiler cannot: the order of the superinstructions. Prints TAP; the status is the
 * number of failures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compiler.h"
#include "opcodes.h"
#include "optext.h"

#ifndef BOARDVM_TEST_OPCODE
#error "build with -DBOARDVM_TEST_OPCODE (tests/opcode-recipe.sh)"
#endif

static int ntests, nfailed;

static void check(int ok, const char *what)
{
    ntests++;
    if (!ok) nfailed++;
    printf("%sok %d - %s\n", ok ? "" : "not ", ntests, what);
}

/* A game with a global `score` and a player variable `jumps`, and one program:
 *   0: TESTOP A B C    4: JMP 6    6: RET                                                   */
static Game *make_game(int32_t a, int32_t b, int32_t c)
{
    static Var vars[2] = { { .name = "score", .kind = VAR_GLOBAL },
                           { .name = "jumps", .kind = VAR_PLAYER } };
    static CodeFunction fn = { .name = "test", .entry = 0, .end = 7,
                               .nlocals = NFIXED_LOCALS + 2 };
    static int32_t code[7];
    static int line[7] = { 3, 3, 3, 3, 4, 4, 5 };
    static Game g;
    int32_t words[7] = { OP_TESTOP, a, b, c, OP_JMP, 6, OP_RET };
    memcpy(code, words, sizeof code);
    memset(&g, 0, sizeof g);
    g.vars = vars; g.nvars = 2;
    g.fns = &fn; g.nfns = 1;
    g.code = code; g.ncode = 7; g.line = line;
    g.nplayers = 2;
    return &g;
}

/* verify_function on TESTOP a b c: 1 if accepted; the message containing `want` if not */
static int verifies(int32_t a, int32_t b, int32_t c, const char *want)
{
    char err[256] = "";
    int deep, ok = verify_function(make_game(a, b, c), 0, err, sizeof err, &deep);
    if (!ok && want && !strstr(err, want)) {
        printf("# the verifier said \"%s\", not \"%s\"\n", err, want);
        return -1;
    }
    return ok;
}

/* What fn writes to a FILE, as a string (the caller frees it) */
static char *captured(void (*fn)(FILE *, void *), void *arg)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) { perror("open_memstream"); exit(99); }
    fn(f, arg);
    fclose(f);
    return buf;
}

static void print_instruction(FILE *f, void *g) { optext_instruction(f, g, 0); }
static void print_list(FILE *f, void *unused) { (void)unused; optext_opcode_list(f); }

int main(void)
{
    const int nloc = NFIXED_LOCALS + 2;
    check(verifies(nloc - 1, 0, 6, NULL) == 1, "the verifier accepts TESTOP with good operands");
    check(verifies(nloc, 0, 6, "operand A, local") == 0,
          "the verifier rejects a local past the frame (operand A)");
    check(verifies(-1, 0, 6, "operand A, local") == 0, "... and a negative local");
    check(verifies(0, 1, 6, "operand B, global") == 0,
          "the verifier rejects a player variable where a global is due (operand B)");
    check(verifies(0, 2, 6, "operand B, global") == 0, "... and a variable the game lacks");
    check(verifies(0, 0, 2, "jumps to 2") == 0,
          "the verifier rejects a jump into the middle of an instruction (operand C)");
    check(verifies(0, 0, 70, "jumps to 70") == 0, "... and one out of the program");

    Game *g = make_game(1, 0, 4);
    thread_jumps(g, 0);
    check(g->code[3] == 6, "jump threading follows TESTOP's jump operand (4: JMP 6, so to 6)");

    char *text = captured(print_instruction, g);
    printf("# %s", text);
    check(strstr(text, "TESTOP      1 0 6  ; score") != NULL,
          "the disassembler prints TESTOP with its operands and names the global");
    free(text);

    text = captured(print_list, NULL);
    check(strstr(text, "| `TESTOP` | A local, B global, C jump | 0 | 0 | jump C | r var A |")
          != NULL, "disasm --list-opcodes lists TESTOP with its operand kinds and flow");
    free(text);

    int longest_first = 1;
    for (int op = FIRST_SUPERINSTRUCTION + 1; op < OPCODE_COUNT; op++)
        longest_first &= opcode_info[op].length <= opcode_info[op - 1].length;
    check(longest_first, "the superinstructions go from the longest sequence to the shortest "
          "(superinstr.c takes the first row that matches)");

    printf("1..%d\n", ntests);
    return nfailed;
}
