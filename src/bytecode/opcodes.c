/* opcodes.c - the instruction table and the operand kinds, expanded from opcodes.h. */
#include "opcodes.h"
#include <stddef.h>

/* Each instruction's columns as constants, so that a superinstruction's row can be its base's */
#define X(name, ops, pop, push, flow, effect, doc) \
    enum { COL_OPS_##name = ops, COL_POP_##name = pop, COL_PUSH_##name = push, \
           COL_FLOW_##name = flow, COL_EFFECT_##name = effect }; \
    _Static_assert(OPS_HOW_MANY(ops, OPK_JUMP) <= 1 && OPS_HOW_MANY(ops, OPK_KEEP) <= 1, \
                   #name ": the table has room for one jump target and one keep count"); \
    _Static_assert(OPS_HOW_MANY(ops, OPK_KEEP) || \
                   !(OPS_HOW_MANY(ops, OPK_KEPTLOCAL) + OPS_HOW_MANY(ops, OPK_KEPTZONEVAL)), \
                   #name ": a kept local needs the keep count of its choice");
OPCODES(X)
#undef X

/* A superinstruction's sequence, written (LOAD, PUSH, ADD, STORE): its first opcode (the
 * base, pasted onto the column constants above), its length, its opcodes */
#define SEQ_CAT(a, b) SEQ_CAT_(a, b)
#define SEQ_CAT_(a, b) a##b
#define SEQ_FIRST(first, ...) first
#define SEQ_PICK_(a, b, c, d, e, f, pick, ...) pick
#define SEQ_LENGTH(...) SEQ_PICK_(__VA_ARGS__, 6, 5, 4, 3, 2, 1, -)
#define SEQ_OPCODES(...) \
    { SEQ_PICK_(__VA_ARGS__, SEQ6_, SEQ5_, SEQ4_, SEQ3_, SEQ2_, SEQ1_, -)(__VA_ARGS__) }
#define SEQ1_(a) OP_##a
#define SEQ2_(a, b) OP_##a, OP_##b
#define SEQ3_(a, b, c) OP_##a, OP_##b, OP_##c
#define SEQ4_(a, b, c, d) OP_##a, OP_##b, OP_##c, OP_##d
#define SEQ5_(a, b, c, d, e) SEQ4_(a, b, c, d), OP_##e
#define SEQ6_(a, b, c, d, e, f) SEQ5_(a, b, c, d, e), OP_##f
#define BASE_COLUMN(column, seq) SEQ_CAT(column, SEQ_FIRST seq)

/* The columns every row derives alike from its operands, flow and effects */
#define ROW(name, ops, pop, push, flow, effect, doc) \
    #name, OPS_COUNT(ops), pop, push, \
    { OPS_KIND(ops, 0), OPS_KIND(ops, 1), OPS_KIND(ops, 2), OPS_KIND(ops, 3) }, \
    OPS_FIND(ops, OPK_JUMP), OPS_FIND(ops, OPK_KEEP), ((flow) & F_STOP) != 0, effect, doc

const OpcodeInfo opcode_info[OPCODE_COUNT] = {
#define X(name, ops, pop, push, flow, effect, doc) \
    { ROW(name, ops, pop, push, flow, effect, doc), OP_##name, 1, { OP_##name }, M_ANY },
    OPCODES(X)
#undef X
#define S(name, seq, match, doc) \
    { ROW(name, BASE_COLUMN(COL_OPS_, seq), BASE_COLUMN(COL_POP_, seq), \
          BASE_COLUMN(COL_PUSH_, seq), BASE_COLUMN(COL_FLOW_, seq), \
          BASE_COLUMN(COL_EFFECT_, seq), doc), \
      SEQ_CAT(OP_, SEQ_FIRST seq), SEQ_LENGTH seq, SEQ_OPCODES seq, M_##match },
    SUPERINSTRUCTIONS(S)
#undef S
};

#define NO_NAMES NULL
#define NAMES(...) (const char *const[]){ __VA_ARGS__ }
const OperandKindInfo operand_kind_info[OPERAND_KIND_COUNT] = {
#define K(name, text, lo, hi, names, doc) { text, lo, hi, names, doc },
    OPERAND_KINDS(K)
#undef K
};
