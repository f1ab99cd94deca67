/* vm.c - the bytecode interpreter (see vm.h; the instruction set is in opcodes.h).
 *
 * The verifier (verify.c) has proved, before any run, that opcodes and operands are in range,
 * jumps land on instructions and the operand stack neither underflows nor overflows; so the
 * loop below does not check those again. What it does check are the values that come from the
 * position (squares, players, types read from state), because a position can hold anything.
 */
#include "vm.h"
#include <stdlib.h>
#include <string.h>
#include "ast.h"
#include "maxima.h"
#include "merge.h"
#include "movegen.h"
#include "opcodes.h"

typedef struct { int pc, trail_mark, loc_off, nlocs; } Choice;   /* nlocs: the locals it keeps */

struct VmScratch {
    Choice *ch; int nch, capch;
    int64_t *locs; int nlocs, caplocs;
    char *nb; int nnb, capnb;          /* note text of the running branches (a stack) */
    char *qb; int nqb, capqb;          /* qualifier text, the same way */
    MoveList **reply; int nreply;      /* `no-moves` in `legal`: the replies, one list per nesting */
    uint32_t groups;                   /* `distinct { }` blocks entered so far */
    long work;                         /* steps of work run on this position so far */
    long work0; int trail0;            /* the work and the trail's length at vm_start_position */
    uint32_t *seen, stamp;             /* emit_move: state slots met in this branch's writes */
};

static struct VmScratch *scratch(Pos *p)
{
    if (!p->vm) {
        p->vm = calloc(1, sizeof *p->vm);
        if (!p->vm) abort();
    }
    return p->vm;
}

void vm_free_scratch(Pos *p)
{
    if (!p->vm) return;
    for (int i = 0; i < p->vm->nreply; i++) { movelist_free(p->vm->reply[i]); free(p->vm->reply[i]); }
    free(p->vm->reply);
    free(p->vm->ch); free(p->vm->locs); free(p->vm->nb); free(p->vm->qb); free(p->vm->seen); free(p->vm);
    p->vm = NULL;
}

long vm_gen_budget = (long)MAX_WORK_MILLIONS * 1000000L;   /* a cap on every game's limit */

long vm_work(const Pos *p) { return p->vm ? p->vm->work : 0; }

void vm_start_position(Pos *p)
{
    struct VmScratch *s = scratch(p);
    s->work0 = s->work; s->trail0 = p->ntrail;
#ifdef BOARDVM_MAXIMA
    for (int sq = 0; sq < p->g->nsq; sq++) MAXIMA_NOTE(stack_height, pos_height(p, sq));
#endif
    p->depth_guard = 0;        /* nothing runs inside anything now; a runtime error (a longjmp)
                                  may have left the nesting count of attack tests raised */
}

static void push_choice(Pos *p, struct VmScratch *s, int pc, const int64_t *L, int nlocals, int line)
{
    /* checked on the count, not when the array grows (it doubles past the limit, to 131072) */
    if (s->nch >= MAX_CHOICES) pos_runtime_error(p, line, "more than %d open choices", MAX_CHOICES);
    if (s->nch == s->capch) {
        s->capch = s->capch ? 2 * s->capch : 256;
        s->ch = realloc(s->ch, sizeof *s->ch * (size_t)s->capch);
        if (!s->ch) abort();
    }
    if (s->nlocs + nlocals > s->caplocs) {
        s->caplocs = s->caplocs ? 2 * s->caplocs : 4096;
        while (s->caplocs < s->nlocs + nlocals) s->caplocs *= 2;
        s->locs = realloc(s->locs, sizeof *s->locs * (size_t)s->caplocs);
        if (!s->locs) abort();
    }
    Choice *c = &s->ch[s->nch++];
    MAXIMA_NOTE(choices, s->nch);
    c->pc = pc; c->trail_mark = p->ntrail; c->loc_off = s->nlocs; c->nlocs = nlocals;
    memcpy(s->locs + s->nlocs, L, sizeof *L * (size_t)nlocals);
    s->nlocs += nlocals;
}

/* Record a move: the state writes this run made so far become its ops. Returns the words and
 * characters copied, which count as work (GEN_BUDGET): a run that writes much state once and
 * then emits many moves costs memory for every one of them. */
static long emit_move(Pos *p, RunCtx *c, int kind, int suffix, const int64_t *L, int trail_base,
                      int note_base, int qual_base, int line)
{
    MoveList *ml = c->out;
    if (ml->n >= MAX_MOVES) pos_runtime_error(p, line, "more than %d moves in one position", MAX_MOVES);
    /* A move copies every state write of its branch so far: a branch that writes much and then
     * emits many moves would fill gigabytes within the work bound. The list's size is bounded. */
    struct VmScratch *s = p->vm;
    uint32_t n = (uint32_t)(p->ntrail - trail_base);
    uint32_t tl = (uint32_t)(L[3] - note_base), ql = (uint32_t)(L[5] - qual_base);
    if ((uint64_t)ml->ntext + tl + ql > MAX_LIST_TEXT)
        pos_runtime_error(p, line, "the moves of one position have more than %d characters of notes", MAX_LIST_TEXT);
    const Game *g = p->g;
    const uint32_t nops0 = ml->nops, ntext0 = ml->ntext;
    Move *m = movelist_push(ml);
    m->kind = (uint8_t)kind;
    m->from = (int16_t)(kind == MK_DROP ? -1 : c->origin);
    m->to = (int16_t)L[0];
    m->become = (uint8_t)(kind == MK_DROP ? c->dropping : L[1]);
    m->layer = (uint8_t)c->layer;
    m->again = (uint8_t)(L[2] != 0);
    m->suffix = (uint8_t)suffix;
    m->piece = c->piece;
    m->captured = kind == MK_MOVE && L[0] >= 0 ? p->st[L[0] * g->stack] : 0;   /* the bottom piece, for ordering */
    if (ml->nops + n > ml->capops) {
        ml->capops = ml->capops ? 2 * ml->capops : 1024;
        while (ml->capops < ml->nops + n) ml->capops *= 2;
        ml->ops = realloc(ml->ops, sizeof *ml->ops * 2 * (size_t)ml->capops);
        if (!ml->ops) abort();
    }
    /* The branch's writes, each slot once, and only those that end with another value than
     * the slot had before the branch (scratch square variables a program sets and clears
     * again cost nothing): a Four Towers multi-piece move writes some 300 slots, most of them
     * back to their values, and 52470 such moves passed the bound on a list's state changes.
     * A `reset` variable keeps its write even of the same value: pos_make resets it otherwise. */
    if (!s->seen) {
        s->seen = calloc((size_t)g->st_size + 1, sizeof *s->seen);
        if (!s->seen) abort();
    }
    if (++s->stamp == 0) { memset(s->seen, 0, sizeof *s->seen * ((size_t)g->st_size + 1)); s->stamp = 1; }
    m->op0 = ml->nops;
    uint32_t kept = 0;
    for (uint32_t i = 0; i < n; i++) {
        const TrailEntry *t = &p->trail[trail_base + (int)i];
        if ((uint32_t)t->loc > (uint32_t)g->st_size || s->seen[t->loc] == s->stamp) continue;
        s->seen[t->loc] = s->stamp;          /* its first write: t->old is the value before */
        if (p->st[t->loc] == t->old) {
            int reset = 0;
            for (int r = 0; r < g->nreset && !reset; r++) reset = g->vars[g->reset_vars[r]].base == t->loc;
            if (!reset) continue;
        }
        ml->ops[2 * (ml->nops + kept)] = t->loc;
        ml->ops[2 * (ml->nops + kept) + 1] = p->st[t->loc];
        kept++;
    }
    if ((uint64_t)ml->nops + kept > MAX_LIST_OPS)
        pos_runtime_error(p, line, "the moves of one position record more than %d state changes", MAX_LIST_OPS);
    m->nops = kept;
    ml->nops += kept;
    MAXIMA_NOTE(moves, ml->n);
    MAXIMA_NOTE(list_ops, ml->nops);
    MAXIMA_NOTE(list_text, (long)ml->ntext + tl + ql);
    MAXIMA_NOTE(move_text, tl > ql ? tl : ql);
    /* the branch's notes */
    if (ml->ntext + tl > ml->captext) {
        ml->captext = ml->captext ? 2 * ml->captext : 4096;
        while (ml->captext < ml->ntext + tl) ml->captext *= 2;
        ml->text = realloc(ml->text, ml->captext);
        if (!ml->text) abort();
    }
    m->note0 = ml->ntext; m->nnote = tl;
    if (tl) memcpy(ml->text + ml->ntext, s->nb + note_base, tl);
    ml->ntext += tl;
    if (ml->ntext + ql > ml->captext) {
        if (!ml->captext) ml->captext = 4096;
        while (ml->captext < ml->ntext + ql) ml->captext *= 2;
        ml->text = realloc(ml->text, ml->captext);
        if (!ml->text) abort();
    }
    m->qual0 = ml->ntext; m->nqual = ql; m->qual_before = (uint8_t)(L[7] != 0);
    if (ql) memcpy(ml->text + ml->ntext, s->qb + qual_base, ql);
    ml->ntext += ql;
    m->group = (uint32_t)L[LOC_GROUP];
    int64_t key = L[LOC_KEY];
    m->key = (int32_t)(key < INT32_MIN ? INT32_MIN : key > INT32_MAX ? INT32_MAX : key);
    /* `distinct`: a move that does what an earlier one does is merged with it now (merge.h) */
    if (merge_applies(g, m)) {
        int j = merge_lookup(ml, merge_emit_hash(p, m), ml->n - 1);
        if (j >= 0) {
            if (merge_prefer(g, ml, m, &ml->m[j])) ml->m[j] = *m;
            else { ml->nops = nops0; ml->ntext = ntext0; }    /* drop its ops and text too */
            ml->n--;
        }
    }
    return (long)n + tl + ql;
}

/* Add text to the branch's note or qualifier (a local holds its end, so backtracking cuts it
 * back): buf/n/cap are the buffer, *end the local, base where this run's moves' text starts.
 * The limit is on one move's text (end - base): the buffer is a stack shared by nested runs, so
 * only that difference says how long the text of the move being built is. */
static void add_text(Pos *p, char **buf, int *n, int *cap, int64_t *end, int base, const char *t, int line)
{
    size_t len = strlen(t);
    if (*end - base + (int64_t)len > MAX_MOVE_TEXT)
        pos_runtime_error(p, line, "a move's text is longer than %d characters", MAX_MOVE_TEXT);
    if ((size_t)*end + len > (size_t)*cap) {
        *cap = *cap ? 2 * *cap : 4096;
        while ((size_t)*cap < (size_t)*end + len) *cap *= 2;
        *buf = realloc(*buf, (size_t)*cap);
        if (!*buf) abort();
    }
    memcpy(*buf + *end, t, len);
    *end += (int64_t)len;
    *n = (int)*end;
}

/* Type arithmetic: the declared type whose parts are a's plus b's (or a's less b's), or 0. */
static int type_arith(const Game *g, int a, int b, int minus)
{
    int n = 0; uint8_t parts[16];
    const PieceType *A = &g->types[a], *B = &g->types[b];
    if (!minus) {
        for (int i = 0; i < A->nparts; i++) parts[n++] = A->part[i];
        for (int i = 0; i < B->nparts && n < 16; i++) parts[n++] = B->part[i];
    } else {
        uint8_t used[8] = {0};
        for (int i = 0; i < A->nparts; i++) {
            int take = 0;
            for (int j = 0; j < B->nparts; j++) if (!used[j] && B->part[j] == A->part[i]) { used[j] = 1; take = 1; break; }
            if (!take) parts[n++] = A->part[i];
        }
        for (int j = 0; j < B->nparts; j++) if (!used[j]) return 0;   /* b is not a part of a */
        if (!n) return 0;
    }
    for (int i = 0; i < n; i++) for (int j = i + 1; j < n; j++) if (parts[j] < parts[i]) { uint8_t x = parts[i]; parts[i] = parts[j]; parts[j] = x; }
    for (int t = 1; t <= g->ntypes; t++) {
        const PieceType *T = &g->types[t];
        if (T->nparts == n && !memcmp(T->part, parts, (size_t)n)) return t;
    }
    return 0;
}

#define SQOK(s) ((uint64_t)(s) < (uint64_t)g->nsq)
#define PLOK(x) ((uint64_t)(x) < (uint64_t)g->nplayers)
#define TYOK(t) ((t) >= 1 && (t) <= g->ntypes)
#define CELL(s) (p->st[(s) * g->stack])
/* the top piece of a square's stack (the only piece with `stack 1`) */
#define TOPLOC(s) (g->stack == 1 ? (int)(s) : pos_top_loc(p, (int)(s)))
#define TOP(s) (g->stack == 1 ? CELL(s) : (TOPLOC(s) >= 0 ? p->st[TOPLOC(s)] : 0))
#define HANDLOC(pl, t) (g->st_hands + (pl) * (g->ntypes + 1) + (t))
#define OPND(k) (code[pc + (k)])
#define LINE (g->line[pc])
/* The step budget bounds the work between two moves a run emits; but a run may emit MAX_MOVES
 * moves, and a position runs many programs and hooks. So every run also adds what it did (its
 * instructions, and `extra`: what emit_move copied) to the position's work, which is bounded as
 * a whole: one position can never cost more than GEN_BUDGET. */
#define CHARGE(extra) do {                                                                     \
        MAXIMA_NOTE(steps, step_limit - budget);                                               \
        s->work += step_limit - budget + (extra); budget = step_limit;                         \
        MAXIMA_NOTE(work, s->work - s->work0);                                                 \
        MAXIMA_NOTE(trail, p->ntrail - s->trail0);                                             \
        if (s->work - s->work0 > (g->work_limit < vm_gen_budget ? g->work_limit : vm_gen_budget)) \
            pos_runtime_error(p, LINE, "the moves of one position took more than %ld steps of work " \
                              "(instructions run and state words and note characters written; " \
                              "`moves work N;` allows N million)",                             \
                              g->work_limit < vm_gen_budget ? g->work_limit : vm_gen_budget);   \
        /* hooks keep their writes on the trail: runs of them must not grow it without end */ \
        if (p->ntrail - s->trail0 > MAX_GEN_TRAIL)                                             \
            pos_runtime_error(p, LINE, "more than %d state changes made and not taken back "    \
                              "while the moves of one position are generated", MAX_GEN_TRAIL);  \
    } while (0)

static int side_to_move_has_a_move(Pos *p, int line);

void vm_run(Pos *p, RunCtx *c)
{
    const Game *g = p->g;
    const CodeFunction *f = &g->fns[c->fn];
    const int32_t *code = g->code;
    struct VmScratch *s = scratch(p);
    int64_t stk[MAX_STACK_DEPTH + 2];
    int64_t L[MAX_LOCALS];
    int sp = 0;
    int nloc = f->nlocals;
    memset(L, 0, sizeof *L * (size_t)nloc);
    L[0] = c->origin;
    const int note_start = s->nnb, qual_start = s->nqb;
    int note_base = note_start, qual_base = qual_start;
    L[3] = note_base;
    L[5] = qual_base;
    const int base_ch = s->nch, base_locs = s->nlocs;
    const int trail_start = p->ntrail;
    int trail_base = trail_start;
    if (c->outer_L) {                  /* `moves-of`: go on from where the outer run is */
        for (int i = 0; i < NFIXED_LOCALS; i++) L[i] = c->outer_L[i];
        trail_base = c->outer_trail_base;
        note_base = c->outer_note_base;
        qual_base = c->outer_qual_base;
    }
    int pc = f->entry;
    const long step_limit = g->step_limit;
    long budget = step_limit;
    const int mover = c->mover;
    c->found = 0; c->failed = 0;

    for (;;) {
        if (--budget < 0)
            pos_runtime_error(p, LINE, "a program ran more than %ld instructions without emitting a move "
                              "(an endless loop? `moves steps N;` allows N)", step_limit);
        if (p->profile) p->profile[pc]++;
        int64_t a, b, v;
        switch ((Opcode)code[pc]) {
        case OP_NOP: pc += 1; break;
        case OP_PUSH: stk[sp++] = OPND(1); pc += 2; break;
        case OP_PUSHK: stk[sp++] = g->konst[OPND(1)]; pc += 2; break;
        case OP_PUSHDIR: stk[sp++] = g->dir_map[PLOK(mover) ? mover : 0][OPND(1)]; pc += 2; break;
        case OP_PUSHDIRS:
            stk[sp++] = (int64_t)g->dirset_abs[OPND(1) * MAX_PLAYERS + (PLOK(mover) ? mover : 0)];
            pc += 2; break;
        case OP_POP: sp--; pc += 1; break;
        case OP_LOAD: stk[sp++] = L[OPND(1)]; pc += 2; break;
        case OP_STORE: L[OPND(1)] = stk[--sp]; pc += 2; break;
        case OP_LOADG: stk[sp++] = p->st[g->vars[OPND(1)].base]; pc += 2; break;
        case OP_STOREG: pos_set(p, g->vars[OPND(1)].base, (int32_t)stk[--sp]); pc += 2; break;
        case OP_LOADPL:
            a = stk[--sp];
            stk[sp++] = PLOK(a) ? p->st[g->vars[OPND(1)].base + a] : 0;
            pc += 2; break;
        case OP_STOREPL:
            v = stk[--sp]; a = stk[--sp];
            if (!PLOK(a)) goto fail;
            pos_set(p, g->vars[OPND(1)].base + (int)a, (int32_t)v);
            pc += 2; break;
        case OP_LOADSQ:
            a = stk[--sp];
            stk[sp++] = SQOK(a) ? p->st[g->vars[OPND(1)].base + a] : 0;
            pc += 2; break;
        case OP_STORESQ:
            v = stk[--sp]; a = stk[--sp];
            if (!SQOK(a)) goto fail;
            pos_set(p, g->vars[OPND(1)].base + (int)a, (int32_t)v);
            pc += 2; break;
        case OP_LOADPV: {
            const Var *pv = &g->vars[OPND(1)];
            a = stk[--sp];
            stk[sp++] = ((uint32_t)a >> pv->shift) & ((1u << pv->bits) - 1);
            pc += 2; break;
        }
        case OP_STOREPV: {
            const Var *pv = &g->vars[OPND(1)];
            v = stk[--sp]; a = stk[--sp];
            if (!SQOK(a) || !TOP(a)) goto fail;
            uint32_t mask = ((1u << pv->bits) - 1) << pv->shift;
            uint32_t w = ((uint32_t)TOP(a) & ~mask) | (((uint32_t)v << pv->shift) & mask);
            pos_set(p, TOPLOC(a), (int32_t)w);
            pc += 2; break;
        }
        case OP_STOREPVL: {
            const Var *pv = &g->vars[OPND(1)];
            v = stk[--sp]; b = stk[--sp]; a = stk[--sp];
            if (!SQOK(a) || b < 0 || b >= g->stack || !p->st[a * g->stack + b]) goto fail;
            int loc = (int)(a * g->stack + b);
            uint32_t mask = ((1u << pv->bits) - 1) << pv->shift;
            pos_set(p, loc, (int32_t)(((uint32_t)p->st[loc] & ~mask) | (((uint32_t)v << pv->shift) & mask)));
            pc += 2; break;
        }
        case OP_HEIGHT: a = stk[sp - 1]; stk[sp - 1] = SQOK(a) ? pos_height(p, (int)a) : 0; pc += 1; break;
        case OP_PIECEAT:
            b = stk[--sp]; a = stk[sp - 1];
            stk[sp - 1] = SQOK(a) && b >= 0 && b < g->stack ? p->st[a * g->stack + b] : 0;
            pc += 1; break;
        case OP_MOVESTACK: {
            b = stk[--sp]; a = stk[--sp];
            if (!SQOK(a) || !SQOK(b) || a == b) goto fail;
            int h = pos_height(p, (int)a);
            if (g->stack == 1) {            /* one piece a square: it lands as `move` would */
                if (h) { int32_t w = CELL(a); pos_set(p, (int)a, 0); pos_set(p, (int)b, w); }
            } else {
                if (pos_height(p, (int)b) + h > g->stack)
                    pos_runtime_error(p, LINE, "more than %d pieces on %s", g->stack, g->sq_name[b]);
                for (int l = 0; l < h; l++) pos_push(p, (int)b, p->st[a * g->stack + l]);
                pos_clear_square(p, (int)a);
            }
            pc += 1; break;
        }
        case OP_ATTR:
            a = stk[--sp];
            stk[sp++] = SQOK(a) ? g->attrs[OPND(1)].value[a] : 0;
            pc += 2; break;
        case OP_INZONE: {
            const List *zl = &g->lists[OPND(1)];
            a = stk[--sp];
            stk[sp++] = SQOK(a) && zl->member[PLOK(mover) ? mover : 0][a];
            pc += 2; break;
        }
        case OP_INLIST: {
            const List *li = &g->lists[OPND(1)];
            int pl = PLOK(mover) ? mover : 0;
            a = stk[--sp]; v = 0;
            for (int i = 0; i < li->n[pl]; i++) if (li->item[pl][i] == a) { v = 1; break; }
            stk[sp++] = v;
            pc += 2; break;
        }
        /* Rules ints are int64_t; an overflow would be undefined behaviour in C (and a wrong
         * value in the game): checked, it is a runtime error naming the rules line. */
#define CHECKED(OPN, BUILTIN) case OP_##OPN: b = stk[--sp]; a = stk[sp - 1]; \
            if (BUILTIN(a, b, &v)) pos_runtime_error(p, LINE, "integer overflow"); \
            stk[sp - 1] = v; pc += 1; break;
        CHECKED(ADD, __builtin_add_overflow)
        CHECKED(SUB, __builtin_sub_overflow)
        CHECKED(MUL, __builtin_mul_overflow)
#undef CHECKED
#define BIN(OPN, EXPR) case OP_##OPN: b = stk[--sp]; a = stk[sp - 1]; stk[sp - 1] = (EXPR); pc += 1; break;
        BIN(EQ, a == b)
        BIN(NE, a != b)
        BIN(LT, a < b)
        BIN(LE, a <= b)
        BIN(GT, a > b)
        BIN(GE, a >= b)
        BIN(BOR, a | b)
        BIN(MIN, a < b ? a : b)
        BIN(MAX, a > b ? a : b)
        BIN(BCLR, a & ~b)
        BIN(BTEST, (a >= 0 && a < 64) ? (int64_t)(((uint64_t)b >> a) & 1) : 0)
#undef BIN
        case OP_DIV: case OP_MOD:
            b = stk[--sp]; a = stk[sp - 1];
            if (b == 0) pos_runtime_error(p, LINE, "division by zero");
            if (a == INT64_MIN && b == -1) {      /* the one quotient int64_t cannot hold */
                if (code[pc] == OP_DIV) pos_runtime_error(p, LINE, "integer overflow");
                b = 1;                            /* INT64_MIN % -1 is 0, but UB in C */
            }
            stk[sp - 1] = code[pc] == OP_DIV ? a / b : a % b;
            pc += 1; break;
        case OP_NEG: case OP_ABS:                 /* -INT64_MIN does not exist */
            a = stk[sp - 1];
            if (a == INT64_MIN) pos_runtime_error(p, LINE, "integer overflow");
            stk[sp - 1] = code[pc] == OP_NEG || a < 0 ? -a : a;
            pc += 1; break;
        case OP_NOT: stk[sp - 1] = !stk[sp - 1]; pc += 1; break;
        case OP_JMP: pc = OPND(1); break;
        case OP_JZ: pc = stk[--sp] ? pc + 2 : OPND(1); break;
        case OP_JNZ: pc = stk[--sp] ? OPND(1) : pc + 2; break;
        case OP_FAIL: goto fail;
        /* A choice keeps only the locals in scope where it is made (the verifier checks the
         * count): the others are dead when it resumes, and copying a big frame at every
         * choice was a tenth of the time of programs with many locals. */
        case OP_CHOICE: push_choice(p, s, OPND(1), L, OPND(2), LINE); pc += 3; break;
        case OP_CHOOSEBIT: {
            uint64_t mask = (uint64_t)L[OPND(1)];
            if (!mask) goto fail;
            int bit = __builtin_ctzll(mask);
            mask &= mask - 1;
            L[OPND(1)] = (int64_t)mask;
            if (mask) push_choice(p, s, pc, L, OPND(3), LINE);
            L[OPND(2)] = bit;
            pc += 4; break;
        }
        case OP_FORBIT: {
            uint64_t mask = (uint64_t)L[OPND(1)];
            if (!mask) { pc = OPND(3); break; }
            L[OPND(2)] = __builtin_ctzll(mask);
            L[OPND(1)] = (int64_t)(mask & (mask - 1));
            pc += 4; break;
        }
        case OP_CHOOSELIST: {
            const List *li = &g->lists[OPND(1)];
            int pl = PLOK(mover) ? mover : 0;
            int64_t i = L[OPND(2)];
            if (i < 0 || i >= li->n[pl]) goto fail;
            L[OPND(2)] = i + 1;
            if (i + 1 < li->n[pl]) push_choice(p, s, pc, L, OPND(4), LINE);
            L[OPND(3)] = li->item[pl][i];
            pc += 5; break;
        }
        case OP_FORLIST: {
            const List *li = &g->lists[OPND(1)];
            int pl = PLOK(mover) ? mover : 0;
            int64_t i = L[OPND(2)];
            if (i < 0 || i >= li->n[pl]) { pc = OPND(4); break; }
            L[OPND(2)] = i + 1;
            L[OPND(3)] = li->item[pl][i];
            pc += 5; break;
        }
        case OP_STEP: {
            a = stk[--sp];
            int64_t here = L[0];
            if (!SQOK(here) || (uint64_t)a >= (uint64_t)g->ndirs) goto fail;
            int nb = g->neighbor[here * g->ndirs + a];
            if (nb < 0) goto fail;
            L[0] = nb;
            pc += 1; break;
        }
        case OP_GO:
            a = stk[--sp];
            if (!SQOK(a)) goto fail;
            L[0] = a; pc += 1; break;
        case OP_STEPSQ:
            b = stk[--sp]; a = stk[--sp];
            stk[sp++] = SQOK(a) && (uint64_t)b < (uint64_t)g->ndirs ? g->neighbor[a * g->ndirs + b] : -1;
            pc += 1; break;
        case OP_FROM: stk[sp++] = c->origin; pc += 1; break;
        case OP_MOVER: stk[sp++] = mover; pc += 1; break;
        case OP_OPPONENT: stk[sp++] = (mover + 1) % g->nplayers; pc += 1; break;
        case OP_TOMOVE: stk[sp++] = pos_turn(p); pc += 1; break;
        case OP_PIECE: stk[sp++] = c->piece; pc += 1; break;
        case OP_LAYER: stk[sp++] = c->layer; pc += 1; break;
        case OP_DROPPING: stk[sp++] = c->dropping; pc += 1; break;
        case OP_VICTIM: stk[sp++] = c->victim; pc += 1; break;
        case OP_EMPTY: a = stk[sp - 1]; stk[sp - 1] = SQOK(a) && !CELL(a); pc += 1; break;
        case OP_ENEMY: {
            a = stk[sp - 1];
            int32_t w = SQOK(a) ? TOP(a) : 0;
            stk[sp - 1] = w && PW_OWNER(w) >= 0 && PW_OWNER(w) != mover;
            pc += 1; break;
        }
        case OP_FRIEND: {
            a = stk[sp - 1];
            int32_t w = SQOK(a) ? TOP(a) : 0;
            stk[sp - 1] = w && PW_OWNER(w) == mover;
            pc += 1; break;
        }
        case OP_AT: a = stk[sp - 1]; stk[sp - 1] = SQOK(a) ? TOP(a) : 0; pc += 1; break;
        case OP_TYPEOF: stk[sp - 1] = PW_TYPE(stk[sp - 1]); pc += 1; break;
        case OP_OWNEROF: stk[sp - 1] = stk[sp - 1] ? PW_OWNER(stk[sp - 1]) : -1; pc += 1; break;
        case OP_ISTYPE: b = stk[--sp]; a = stk[sp - 1]; stk[sp - 1] = a && PW_TYPE(a) == b; pc += 1; break;
        case OP_FILE: a = stk[sp - 1]; stk[sp - 1] = SQOK(a) ? g->sq_x[a] + 1 : 0; pc += 1; break;
        case OP_RANK: a = stk[sp - 1]; stk[sp - 1] = SQOK(a) ? g->sq_y[a] + 1 : 0; pc += 1; break;
        case OP_OPPDIR:
            a = stk[sp - 1];
            stk[sp - 1] = (uint64_t)a < (uint64_t)g->ndirs ? g->opposite[a] : -1;
            pc += 1; break;
        case OP_ATTACKED:
            b = stk[--sp]; a = stk[sp - 1];
            stk[sp - 1] = SQOK(a) && PLOK(b) ? square_attacked(p, (int)a, (int)b) : 0;
            pc += 1; break;
        case OP_ATTACKS:
            b = stk[--sp]; a = stk[sp - 1];
            stk[sp - 1] = SQOK(a) && SQOK(b) ? piece_attacks(p, (int)a, (int)b) : 0;
            pc += 1; break;
        case OP_REMAPDIR:
            b = stk[--sp]; a = stk[sp - 1];
            stk[sp - 1] = (uint64_t)a < (uint64_t)g->ndirs && PLOK(b) && PLOK(mover)
                ? g->dir_map[b][g->dir_unmap[mover][a]] : -1;
            pc += 1; break;
        case OP_INCHECK: stk[sp++] = PLOK(mover) ? in_check(p, mover) : 0; pc += 1; break;
        case OP_NOMOVES:
            if (c->nlegal == -2) {
                c->nlegal = 0;
                for (int i = 0; i < c->pseudo->n && !c->nlegal; i++) {
                    pos_make(p, c->pseudo, &c->pseudo->m[i]);
                    c->nlegal = vm_run_legal(p, mover);
                    pos_unmake(p);
                }
            }
            if (c->nlegal == -3) c->nlegal = side_to_move_has_a_move(p, LINE) ? 1 : 0;
            if (c->nlegal < 0) pos_runtime_error(p, LINE, "`no-moves` is only known in the `end` and `legal` blocks");
            stk[sp++] = c->nlegal == 0; pc += 1; break;
        case OP_REPETITION: {
            int n = 0;
            uint64_t key = pos_rep_key(p);
            for (int i = 0; i < p->nhist; i++) n += p->hist[i] == key;
            stk[sp++] = n ? n : 1;
            pc += 1; break;
        }
        case OP_HAND:                      /* the player was pushed first, the type on top */
            b = stk[--sp]; a = stk[sp - 1];
            stk[sp - 1] = PLOK(a) && TYOK(b) ? p->st[HANDLOC(a, b)] : 0;
            pc += 1; break;
        case OP_COUNT: {
            b = stk[--sp]; a = stk[sp - 1];
            int n = 0;
            if (PLOK(b) && TYOK(a))
                for (int sq = 0; sq < g->nsq; sq++)
                    for (int l = 0; l < g->stack; l++) {
                        int32_t w = p->st[sq * g->stack + l];
                        n += w && PW_TYPE(w) == a && PW_OWNER(w) == b;
                    }
            stk[sp - 1] = n;
            pc += 1; break;
        }
        case OP_CANMOVETO:
            a = stk[sp - 1];
            stk[sp - 1] = SQOK(a) && PLOK(mover) ? can_move_to(p, (int)a, mover) : 0;
            pc += 1; break;
        case OP_MOVEFIELD:
            switch (OPND(1)) {
            case 0: stk[sp++] = p->last_from; break;
            case 1: stk[sp++] = p->last_to; break;
            case 2: stk[sp++] = p->last_piece; break;
            default: stk[sp++] = p->last_captured; break;
            }
            pc += 2; break;
        case OP_EMIT: {
            int kind = OPND(1);
            if (c->mode == RUN_GEN) {
                if (kind == MK_DROP ? !SQOK(L[0]) : kind == MK_MOVE && (!SQOK(L[0]) || !SQOK(c->origin))) goto fail;
                /* pos_make takes a dropped piece from the hand after the program's own changes:
                 * if the program emptied the hand itself (`take dropping from mover`), there is
                 * no piece left to drop, and the count would go below 0. Not a move. */
                if (kind == MK_DROP && (!PLOK(mover) || !TYOK(c->dropping) || p->st[HANDLOC(mover, c->dropping)] <= 0)) goto fail;
                if (kind == MK_MOVE && L[4]) kind = MK_LANDED;     /* `land` already moved it */
                /* the step bound is on the work between two moves; the position's bound goes on */
                CHARGE(emit_move(p, c, kind, OPND(2), L, trail_base, note_base, qual_base, LINE));
            } else if (c->mode == RUN_ATTACK || c->mode == RUN_REACH) {
                if (kind != MK_STAY && L[0] == c->target) { c->found = 1; goto done; }
            }
            pc += 3; break;
        }
        case OP_BECOME:
            a = stk[--sp];
            if (!TYOK(a)) goto fail;
            L[1] = a; pc += 1; break;
        case OP_CAPTURE: {
            a = stk[--sp];
            if (!SQOK(a)) goto fail;
            /* every piece on the square, top first, each through `on capture` */
            for (int l = pos_height(p, (int)a) - 1; l >= 0; l--) {
                int32_t w = p->st[a * g->stack + l];
                pos_set(p, (int)a * g->stack + l, 0);
                if (g->hook_fn[HOOK_CAPTURE] >= 0) vm_run_capture_hook(p, mover, w);
            }
            pc += 1; break;
        }
        case OP_REMOVE:
            a = stk[--sp];
            if (!SQOK(a)) goto fail;
            pos_clear_square(p, (int)a);
            pc += 1; break;
        case OP_PLACE: {
            int64_t sq = stk[--sp], pl = stk[--sp], t = stk[--sp];
            if (!SQOK(sq) || !TYOK(t) || !(PLOK(pl) || pl == -1)) goto fail;
            if (g->stack == 1) pos_set(p, (int)sq, PW_MAKE(t, pl));
            else if (!pos_push(p, (int)sq, PW_MAKE(t, pl)))
                pos_runtime_error(p, LINE, "more than %d pieces on %s", g->stack, g->sq_name[sq]);
            pc += 1; break;
        }
        case OP_CHANGE:
            b = stk[--sp]; a = stk[--sp];
            if (!SQOK(a) || !TYOK(b) || !TOP(a)) goto fail;
            pos_set(p, TOPLOC(a), PW_WITH_TYPE(TOP(a), b));
            pc += 1; break;
        case OP_SETOWNER: {
            b = stk[--sp]; a = stk[--sp];
            if (!SQOK(a) || !(PLOK(b) || b == -1) || !TOP(a)) goto fail;
            uint32_t w = ((uint32_t)TOP(a) & ~0xf00u) | ((uint32_t)(b + 1) << 8);
            pos_set(p, TOPLOC(a), (int32_t)w);
            pc += 1; break;
        }
        case OP_MOVEP: {
            b = stk[--sp]; a = stk[--sp];
            if (!SQOK(a) || !SQOK(b) || !TOP(a)) goto fail;
            int32_t w = TOP(a);
            if (g->stack == 1) { pos_set(p, (int)a, 0); pos_set(p, (int)b, w); }
            else {
                pos_set(p, TOPLOC(a), 0);
                if (!pos_push(p, (int)b, w)) pos_runtime_error(p, LINE, "more than %d pieces on %s", g->stack, g->sq_name[b]);
            }
            pc += 1; break;
        }
        case OP_GIVE: case OP_TAKE:
            b = stk[--sp]; a = stk[--sp];
            if (!PLOK(b) || !TYOK(a)) goto fail;
            v = p->st[HANDLOC(b, a)] + (code[pc] == OP_GIVE ? 1 : -1);
            if (v < 0) goto fail;
            if (v > MAX_HAND)                  /* a hand a position string could not say */
                pos_runtime_error(p, LINE, "more than %d pieces of one type in a hand", MAX_HAND);
            pos_set(p, HANDLOC(b, a), (int32_t)v);
            pc += 1; break;
        case OP_AGAIN: L[2] = 1; pc += 1; break;
        case OP_NOTE: case OP_QUALIFY: {
            char t[64];
            int is_q = code[pc] == OP_QUALIFY;
            a = stk[--sp];
            switch (OPND(1)) {
            case 0: snprintf(t, sizeof t, "%s", a >= 0 && a < g->nstrings ? g->strings[a] : ""); break;
            case 1: snprintf(t, sizeof t, "%s", SQOK(a) ? g->sq_name[a] : "-"); break;
            case 2: snprintf(t, sizeof t, "%s", TYOK(a) ? g->types[a].code : "-"); break;
            case 4: snprintf(t, sizeof t, "%s", PLOK(a) ? g->player_letter[a] : "-"); break;
            default: snprintf(t, sizeof t, "%lld", (long long)a);
            }
            if (is_q) { add_text(p, &s->qb, &s->nqb, &s->capqb, &L[5], qual_base, t, LINE); L[7] = OPND(2); pc += 3; }
            else { add_text(p, &s->nb, &s->nnb, &s->capnb, &L[3], note_base, t, LINE); pc += 2; }
            break;
        }
        case OP_DISTINCT:       /* a group: its number, and in bit 0 whether it keeps the smallest string */
            if (++s->groups >= 1u << 30) s->groups = 1;      /* fits Move.group; wraps only across lists */
            L[LOC_GROUP] = (int64_t)s->groups << 1 | (OPND(1) != 0);
            pc += 2; break;
        case OP_COMBINE: case OP_MINUS: {
            b = stk[--sp]; a = stk[sp - 1];
            stk[sp - 1] = TYOK(a) && TYOK(b) ? type_arith(g, (int)a, (int)b, code[pc] == OP_MINUS) : 0;
            pc += 1; break;
        }
        case OP_MOVESOF: {
            /* the moves of another type, for the moving piece, from the cursor */
            a = stk[--sp];
            if (!TYOK(a) || !SQOK(L[0])) goto fail;
            /* a type whose moves include its own (directly, `moves-of(type(at(here)))`, through
             * others or through `last`) would recurse until the C stack overflows */
            if (c->nest >= MAX_MOVESOF_NEST)
                pos_runtime_error(p, LINE, "`moves-of` nested more than %d deep (moves that include themselves?)", MAX_MOVESOF_NEST);
            const PieceType *T = &g->types[a];
            if (c->mode == RUN_GEN || c->mode == RUN_ATTACK || c->mode == RUN_REACH) {
                int64_t L2[NFIXED_LOCALS];
                for (int i = 0; i < NFIXED_LOCALS; i++) L2[i] = L[i];
                for (int i = 0; i < T->natoms; i++) {
                    const Atom *at = &T->atoms[i];
                    if (c->mode == RUN_ATTACK && at->mode == MODE_MOVE) continue;
                    int d = g->dir_map[PLOK(mover) ? mover : 0][at->dir], sq = (int)L[0];
                    for (;;) {
                        sq = g->neighbor[sq * g->ndirs + d];
                        if (sq < 0) break;
                        int32_t w = TOP(sq);
                        int en = w && PW_OWNER(w) >= 0 && PW_OWNER(w) != mover;
                        if (w ? (en && at->mode != MODE_MOVE) : at->mode != MODE_CAPTURE) {
                            L2[0] = sq;
                            if (c->mode == RUN_GEN) {
                                CHARGE(emit_move(p, c, L2[4] ? MK_LANDED : MK_MOVE, 0, L2, trail_base, note_base, qual_base, LINE));
                            } else if (sq == c->target) { c->found = 1; goto done; }
                        }
                        if (w || at->kind == ATOM_LEAP) break;
                    }
                }
                if (T->moves_fn >= 0) {
                    RunCtx sub = *c;
                    sub.fn = T->moves_fn;
                    sub.nest = c->nest + 1;
                    MAXIMA_NOTE(movesof_nest, sub.nest);
                    sub.outer_L = L;
                    sub.outer_trail_base = trail_base; sub.outer_note_base = note_base; sub.outer_qual_base = qual_base;
                    vm_run(p, &sub);
                    if (sub.found) { c->found = 1; goto done; }
                }
            }
            pc += 1; break;
        }
        case OP_LAND: {
            if (L[4]) pos_runtime_error(p, LINE, "`land` twice in one branch");
            if (!SQOK(L[0]) || !SQOK(c->origin)) goto fail;
            /* find the moving piece (its layer may have changed if the program changed its stack) */
            int from = c->origin, layer = -1;
            for (int l = pos_height(p, from) - 1; l >= 0 && layer < 0; l--)
                if (p->st[from * g->stack + l] == c->piece) layer = l;
            if (layer < 0) goto fail;
            int32_t w = c->piece;
            pos_remove_layer(p, from, layer);
            if (L[0] != from)
                for (int l = pos_height(p, (int)L[0]) - 1; l >= 0; l--) {
                    int32_t cap = p->st[L[0] * g->stack + l];
                    pos_set(p, (int)L[0] * g->stack + l, 0);
                    if (g->hook_fn[HOOK_CAPTURE] >= 0) vm_run_capture_hook(p, mover, cap);
                }
            if (L[1]) w = PW_WITH_TYPE(w, L[1]);
            if (!pos_push(p, (int)L[0], w)) pos_runtime_error(p, LINE, "more than %d pieces on %s", g->stack, g->sq_name[L[0]]);
            L[4] = 1;
            pc += 1; break;
        }
        case OP_SQUARE:
            b = stk[--sp]; a = stk[sp - 1];
            stk[sp - 1] = a >= 1 && a <= g->files && b >= 1 && b <= g->ranks ? g->sq_at[(a - 1) + (b - 1) * MAX_FILES] : -1;
            pc += 1; break;
        case OP_RESULT:
            p->result = OPND(1); p->result_reason = OPND(2);
            goto done;
        case OP_RET:
            if (c->mode == RUN_HOOK) goto done;
            goto fail;
        default:
            pos_runtime_error(p, LINE, "bad opcode %d", code[pc]);
        }
        continue;
    fail:
        if (s->nch == base_ch) {
            if (c->mode == RUN_HOOK) c->failed = 1;
            goto done;
        }
        {
            Choice *ch = &s->ch[--s->nch];
            pos_undo_to(p, ch->trail_mark);
            memcpy(L, s->locs + ch->loc_off, sizeof *L * (size_t)ch->nlocs);
            s->nlocs = ch->loc_off;
            pc = ch->pc; sp = 0;
        }
    }
done:
    CHARGE(0);
    s->nch = base_ch; s->nlocs = base_locs; s->nnb = note_start; s->nqb = qual_start;
    if (c->mode != RUN_HOOK) pos_undo_to(p, trail_start);
}

void vm_run_hook(Pos *p, int hook, int mover)
{
    RunCtx c = {0};
    c.mode = RUN_HOOK; c.fn = p->g->hook_fn[hook]; c.mover = mover; c.origin = -1; c.nlegal = -1;
    c.target = -1;
    vm_run(p, &c);
}

void vm_run_capture_hook(Pos *p, int mover, int32_t victim)
{
    RunCtx c = {0};
    c.mode = RUN_HOOK; c.fn = p->g->hook_fn[HOOK_CAPTURE]; c.mover = mover; c.origin = -1;
    c.victim = victim; c.nlegal = -1; c.target = -1;
    vm_run(p, &c);
}

/* `no-moves` in `legal`: the move is made, so the side to move is the one that answers it. Does
 * it have a move the `legal` block accepts? Its moves go to a list of their own per nesting level
 * (a `legal` block asking this of a reply asks it again one level down; p->depth_guard bounds
 * that), and the first legal one ends the search. */
static int side_to_move_has_a_move(Pos *p, int line)
{
    struct VmScratch *s = scratch(p);
    if (p->depth_guard > 8)
        pos_runtime_error(p, line, "`no-moves` in `legal` nested more than 8 deep (a rule that calls itself?)");
    if (s->nreply <= p->depth_guard) {
        int n = p->depth_guard + 1;
        s->reply = realloc(s->reply, sizeof *s->reply * (size_t)n);
        if (!s->reply) abort();
        for (int i = s->nreply; i < n; i++) {
            s->reply[i] = calloc(1, sizeof **s->reply);
            if (!s->reply[i]) abort();
        }
        s->nreply = n;
    }
    MoveList *ml = s->reply[p->depth_guard];
    p->depth_guard++;
    movelist_clear(ml);
    /* gen_pseudo starts the bounds of a new position (vm_start_position); the replies belong
     * to this one: their work counts toward its bound, and the nesting count stays. */
    long work0 = s->work0; int trail0 = s->trail0, guard = p->depth_guard;
    gen_pseudo(p, ml);
    s->work0 = work0; s->trail0 = trail0; p->depth_guard = guard;
    int side = pos_turn(p), found = 0;
    for (int i = 0; i < ml->n && !found; i++) {
        pos_make(p, ml, &ml->m[i]);
        found = vm_run_legal(p, side);
        pos_unmake(p);
    }
    p->depth_guard--;
    return found;
}

int vm_run_legal(Pos *p, int mover)
{
    if (p->g->hook_fn[HOOK_LEGAL] < 0) return 1;
    RunCtx c = {0};
    c.mode = RUN_HOOK; c.fn = p->g->hook_fn[HOOK_LEGAL]; c.mover = mover; c.origin = -1;
    c.nlegal = -3; c.target = -1;          /* -3: `no-moves` asks side_to_move_has_a_move() */
    int mark = p->ntrail;
    vm_run(p, &c);
    pos_undo_to(p, mark);          /* a legality test changes nothing */
    return !c.failed;
}

int vm_run_end_lazy(Pos *p, MoveList *ml)
{
    p->result = 0; p->result_reason = 0;
    if (p->g->hook_fn[HOOK_END] < 0) return -1;
    RunCtx c = {0};
    c.mode = RUN_HOOK; c.fn = p->g->hook_fn[HOOK_END]; c.mover = pos_turn(p); c.origin = -1;
    c.nlegal = -2; c.pseudo = ml; c.target = -1;
    int mark = p->ntrail;
    vm_run(p, &c);
    pos_undo_to(p, mark);
    return c.nlegal < 0 ? -1 : c.nlegal;
}

void vm_run_end(Pos *p, int nlegal)
{
    p->result = 0; p->result_reason = 0;
    if (p->g->hook_fn[HOOK_END] < 0) {
        if (nlegal == 0) p->result = RESULT_LOSS;
        return;
    }
    RunCtx c = {0};
    c.mode = RUN_HOOK; c.fn = p->g->hook_fn[HOOK_END]; c.mover = pos_turn(p); c.origin = -1;
    c.nlegal = nlegal; c.target = -1;
    int mark = p->ntrail;
    vm_run(p, &c);
    pos_undo_to(p, mark);
}
