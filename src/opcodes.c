/* opcodes.c - the instruction table, expanded from opcodes.h. */
#include "opcodes.h"

const OpcodeInfo opcode_info[OPCODE_COUNT] = {
#define X(name, nops, pop, push, effect, doc) { #name, nops, pop, push, effect, doc },
    OPCODES(X)
#undef X
};
