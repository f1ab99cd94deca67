/* opcodes.c - the instruction table, expanded from opcodes.h. */
#include "opcodes.h"

/* Each instruction's columns as constants, so that a superinstruction's row can be its base's */
#define X(name, nops, pop, push, flow, effect, doc) \
    enum { NOPS_##name = nops, POP_##name = pop, PUSH_##name = push, FLOW_##name = flow, \
           EFFECT_##name = effect };
OPCODES(X)
#undef X

const OpcodeInfo opcode_info[OPCODE_COUNT] = {
#define X(name, nops, pop, push, flow, effect, doc) \
    { #name, nops, pop, push, (flow) & 15, ((flow) & F_STOP) != 0, effect, doc, OP_##name, 1 },
    OPCODES(X)
#undef X
#define S(name, base, length, doc) \
    { #name, NOPS_##base, POP_##base, PUSH_##base, FLOW_##base & 15, (FLOW_##base & F_STOP) != 0, \
      EFFECT_##base, doc, OP_##base, length },
    SUPERINSTRUCTIONS(S)
#undef S
};
