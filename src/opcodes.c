/* opcodes.c - the instruction table, expanded from opcodes.h. */
#include "opcodes.h"

const OpcodeInfo opcode_info[OPCODE_COUNT] = {
#define X(name, nops, pop, push, flow, effect, doc) \
    { #name, nops, pop, push, (flow) & 15, ((flow) & F_STOP) != 0, effect, doc },
    OPCODES(X)
#undef X
};
