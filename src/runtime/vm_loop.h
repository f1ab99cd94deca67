/* vm_loop.h - the interpreter loop, included twice by vm.c: as run_plain (RUN_LOOP_PROFILING 0)
 * and as run_profiled (1, counting each instruction for --profile), so that the normal run has
 * no test for the profile. It uses vm.c's macros and static helpers; it is not a header of its
 * own to include anywhere else.
 * The loop is compiled at -O3 whatever the build's level: 2.3 % to 2.5 % fewer instructions in
 * Nemoroth and Four Towers, spread over the handlers, and less CPU time (docs/runtime.md, step
 * 33). no-gcse: GCC's manual asks it for computed gotos. ira-region=one: the register allocator
 * takes the loop as one region; with its default regions, a few more cases (steps 35 to 37
 * together) made it keep `ip` on the stack, and Nemoroth and Four Towers ran 25 % slower
 * (docs/runtime.md, "Steps 35 to 37 together"). */
static __attribute__((optimize("O3", "no-gcse", "ira-region=one"))) void RUN_LOOP_NAME(Pos *p,
                                                                                  RunCtx *c)
{
    const int profiling = RUN_LOOP_PROFILING;
    const Game *g = p->g;
    const CodeFunction *f = &g->fns[c->fn];
    const int32_t *code = g->code;
    struct VmScratch *s = scratch(p);
    int64_t stk[MAX_STACK_DEPTH + 2];
    int64_t L[MAX_LOCALS];
enter:                              /* (again for `legal` after `after-move`: done, below) */
    ;
    /* the operand stack's top, a pointer: as an int index, each push or pop also widened it */
    int64_t *sp = stk;
    int nloc = f->nlocals;
    /* the fixed locals (every program has them: verify.c refuses fewer) zeroed by a memset of
     * constant size, which the compiler makes a few stores (a call of memset cost some 30
     * instructions a run, and Nemoroth's `legal` has no other locals) */
    memset(L, 0, sizeof *L * NFIXED_LOCALS);
    if (nloc > NFIXED_LOCALS) memset(L + NFIXED_LOCALS, 0, sizeof *L * (size_t)(nloc - NFIXED_LOCALS));
    L[0] = c->origin;
    const int note_start = s->nnb, qual_start = s->nqb;
    int note_base = note_start, qual_base = qual_start;
    L[3] = note_base;
    L[5] = qual_base;
    const int base_ch = s->nch, base_locs = s->nlocs, deferred_start = s->deferred.n;
    const int trail_start = pos_mark(p);
    int trail_base = trail_start;
    if (c->outer_L) {                  /* `moves-of`: go on from where the outer run is */
        for (int i = 0; i < NFIXED_LOCALS; i++) L[i] = c->outer_L[i];
        trail_base = c->outer_trail_base;
        note_base = c->outer_note_base;
        qual_base = c->outer_qual_base;
    }
#ifdef VM_THREADED
    static const void *const dispatch[OPCODE_COUNT] = {
#define X(name, ops, pop, push, flow, effect, doc) &&op_##name,
        OPCODES(X)
#undef X
#define S(name, seq, match, doc) &&op_##name,
        SUPERINSTRUCTIONS(S)
#undef S
    };
#endif
    /* the instruction running (code[PC]). (It and sp were once asked for r15 and r14 with
     * register asm: with sp a pointer, GCC's own choice runs 3 % fewer instructions in Nemoroth and
     * Four Towers.) */
    const int32_t *ip = code + f->entry;
    const long step_limit = g->step_limit;
    long chunk = FIRST_CHUNK, budget = chunk, since = 0;     /* (vm.c, CHARGE) */
    const int mover = c->mover;
    c->found = 0; c->failed = 0;
    /* 1 while the instruction about to run is a CHOOSELIST or CHOOSEBIT resumed by a failure
     * with its choice still on the stack (see fail:) */
    int kept = 0;
    RowCharge row;                   /* (moves counted natively: counted, below) */

    for (;;) {
        if (--budget < 0) goto checkpoint;
    resume:
        if (profiling) p->profile[PC]++;
        int64_t a, b, v;
#ifdef VM_THREADED
        goto *dispatch[*ip];
#endif
        switch ((Opcode)*ip) {
        vmcase(NOP) ip += 1; NEXT;
        vmcase(PUSH) *sp++ = OPND(1); ip += 2; NEXT;
        vmcase(PUSHK) *sp++ = g->konst[OPND(1)]; ip += 2; NEXT;
        vmcase(PUSHDIR) *sp++ = g->dir_map[PLOK(mover) ? mover : 0][OPND(1)]; ip += 2; NEXT;
        vmcase(PUSHDIRS)
            *sp++ = (int64_t)g->dirset_abs[OPND(1) * MAX_PLAYERS + (PLOK(mover) ? mover : 0)];
            ip += 2; NEXT;
        vmcase(POP) sp--; ip += 1; NEXT;
        vmcase(LOAD) *sp++ = L[OPND(1)]; ip += 2; NEXT;
        vmcase(COUNTTAIL)           /* a move's tail (tails.c): at perft's last ply, counted */
            if (c->count && c->count->on && !profiling && !c->reads) {
                const int32_t *next = count_tail(p, c, PC, L, trail_base, note_base, qual_base,
                                                 budget, chunk, FIRST_CHUNK, &row);
                if (next) { ip = next; goto counted; }
            }
            *sp++ = L[OPND(1)]; ip += 2; NEXT;
        vmcase(STORE) L[OPND(1)] = *--sp; ip += 2; NEXT;
        vmcase(LOADG) LOG_LOC(g->vars[OPND(1)].base); *sp++ = p->st[g->vars[OPND(1)].base]; ip += 2; NEXT;
        /* global variable `var_` = v_ (a transient one kept out of the trail and the hash) */
#define SET_GLOBAL(var_, v_) do {                                                        \
            const int loc_ = g->vars[var_].base;                                         \
            const int32_t val_ = (int32_t)(v_);                                          \
            if (loc_ >= g->st_transient) pos_set_transient(p, loc_, val_);               \
            else pos_set(p, loc_, val_);                                                 \
        } while (0)
        vmcase(STOREG) SET_GLOBAL(OPND(1), *--sp); ip += 2; NEXT;
        vmcase(LOADPL)
            a = *--sp;
            if (PLOK(a)) LOG_LOC(g->vars[OPND(1)].base + (int)a);
            *sp++ = PLOK(a) ? p->st[g->vars[OPND(1)].base + a] : 0;
            ip += 2; NEXT;
        vmcase(STOREPL)
            v = *--sp; a = *--sp;
            if (!PLOK(a)) goto fail;
            pos_set(p, g->vars[OPND(1)].base + (int)a, (int32_t)v);
            ip += 2; NEXT;
        vmcase(LOADSQ)
            a = *--sp;
            if (SQOK(a)) LOG_LOC(g->vars[OPND(1)].base + (int)a);
            *sp++ = SQOK(a) ? p->st[g->vars[OPND(1)].base + a] : 0;
            ip += 2; NEXT;
        vmcase(STORESQ)
            v = *--sp; a = *--sp;
            if (!SQOK(a)) goto fail;
            pos_set(p, g->vars[OPND(1)].base + (int)a, (int32_t)v);
            ip += 2; NEXT;
        vmcase(LOADPV) {
            const Var *pv = &g->vars[OPND(1)];
            a = *--sp;
            *sp++ = ((uint32_t)a >> pv->shift) & ((1u << pv->bits) - 1);
            ip += 2; NEXT;
        }
        vmcase(STOREPV) {
            const Var *pv = &g->vars[OPND(1)];
            v = *--sp; a = *--sp;
            if (!SQOK(a) || !TOP(a)) goto fail;
            if ((uint64_t)v > (uint64_t)pv->max) piece_var_range_error(p, LINE, pv, v);
            uint32_t mask = ((1u << pv->bits) - 1) << pv->shift;
            uint32_t w = ((uint32_t)TOP(a) & ~mask) | (((uint32_t)v << pv->shift) & mask);
            pos_set(p, TOPLOC(a), (int32_t)w);
            ip += 2; NEXT;
        }
        vmcase(STOREPVL) {
            const Var *pv = &g->vars[OPND(1)];
            v = *--sp; b = *--sp; a = *--sp;
            if (!SQOK(a) || b < 0 || b >= g->stack || !p->st[a * g->stack + b]) goto fail;
            if ((uint64_t)v > (uint64_t)pv->max) piece_var_range_error(p, LINE, pv, v);
            int loc = (int)(a * g->stack + b);
            uint32_t mask = ((1u << pv->bits) - 1) << pv->shift;
            pos_set(p, loc, (int32_t)(((uint32_t)p->st[loc] & ~mask) | (((uint32_t)v << pv->shift) & mask)));
            ip += 2; NEXT;
        }
        vmcase(HEIGHT) a = sp[-1]; sp[-1] = SQOK(a) ? pos_height(p, (int)a) : 0; ip += 1; NEXT;
        vmcase(PIECEAT)
            b = *--sp; a = sp[-1];
            sp[-1] = SQOK(a) && b >= 0 && b < g->stack ? p->st[a * g->stack + b] : 0;
            ip += 1; NEXT;
        vmcase(MOVESTACK) {
            b = *--sp; a = *--sp;
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
            ip += 1; NEXT;
        }
        vmcase(ATTR)                   /* keyed by squares, types, directions or players */
            a = *--sp;
            *sp++ = (uint64_t)a < (uint64_t)g->attrs[OPND(1)].n ? g->attrs[OPND(1)].value[a] : 0;
            ip += 2; NEXT;
        vmcase(INZONE) {
            const List *zl = &g->lists[OPND(1)];
            a = *--sp;
            *sp++ = SQOK(a) && zl->member[PLOK(mover) ? mover : 0][a];
            ip += 2; NEXT;
        }
        vmcase(INZONEOF) {             /* `sq in zone[P]` */
            const List *zl = &g->lists[OPND(1)];
            b = *--sp; a = sp[-1];
            sp[-1] = SQOK(a) && PLOK(b) && zl->member[b][a];
            ip += 2; NEXT;
        }
        vmcase(INLIST) {
            const List *li = &g->lists[OPND(1)];
            int pl = PLOK(mover) ? mover : 0;
            a = *--sp; v = 0;
            for (int i = 0; i < li->n[pl]; i++) if (li->item[pl][i] == a) { v = 1; break; }
            *sp++ = v;
            ip += 2; NEXT;
        }
        /* Rules ints are int64_t; an overflow would be undefined behaviour in C (and a wrong
         * value in the game): checked, it is a runtime error naming the rules line. */
#define CHECKED(OPN, BUILTIN) vmcase(OPN) b = *--sp; a = sp[-1]; \
            if (BUILTIN(a, b, &v)) pos_runtime_error(p, LINE, "integer overflow"); \
            sp[-1] = v; ip += 1; NEXT;
        CHECKED(ADD, __builtin_add_overflow)
        CHECKED(SUB, __builtin_sub_overflow)
        CHECKED(MUL, __builtin_mul_overflow)
#undef CHECKED
#define BIN(OPN, EXPR) vmcase(OPN) b = *--sp; a = sp[-1]; sp[-1] = (EXPR); ip += 1; NEXT;
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
        vmcase(DIV) vmcase(MOD)
            b = *--sp; a = sp[-1];
            if (b == 0) pos_runtime_error(p, LINE, "division by zero");
            if (a == INT64_MIN && b == -1) {      /* the one quotient int64_t cannot hold */
                if (*ip == OP_DIV) pos_runtime_error(p, LINE, "integer overflow");
                b = 1;                            /* INT64_MIN % -1 is 0, but UB in C */
            }
            sp[-1] = *ip == OP_DIV ? a / b : a % b;
            ip += 1; NEXT;
        vmcase(NEG) vmcase(ABS)                 /* -INT64_MIN does not exist */
            a = sp[-1];
            if (a == INT64_MIN) pos_runtime_error(p, LINE, "integer overflow");
            sp[-1] = *ip == OP_NEG || a < 0 ? -a : a;
            ip += 1; NEXT;
        vmcase(NOT) sp[-1] = !sp[-1]; ip += 1; NEXT;
        vmcase(JMP) ip = code + OPND(1); NEXT;
        vmcase(JZ) ip = *--sp ? ip + 2 : code + OPND(1); NEXT;
        vmcase(JNZ) ip = *--sp ? code + OPND(1) : ip + 2; NEXT;
        vmcase(FAIL) goto fail;
        vmcase(FAILBACK) {
            /* a FAIL that only clean ways from the latest choice reach (failbacks.c): the
             * locals the choice restores hold what it saved, and nothing is to be undone, so
             * the failure below would only resume it. A choose's choice is there when the choose
             * had elements left; a CHOICE's always. */
            const int back = g->fail_back[PC];
            if (back < 0) {
                Choice *ch = &s->ch[s->nch - 1];
                ip = code + ch->pc; sp = stk;
                if (resumes_kept[*ip]) kept = 1;
                else { s->nch--; s->nlocs = ch->loc_off; }
                NEXT;
            }
            const int32_t *cb = code + back;
            if (*cb == OP_CHOOSEBIT) {
                if (L[cb[1]] != 0) { ip = cb; sp = stk; kept = 1; NEXT; }
                goto fail;
            }
            const List *li = &g->lists[cb[1]];
            const int pl = PLOK(mover) ? mover : 0;
            const int64_t i = L[cb[2]], n = li->n[pl];
            if ((uint64_t)i >= (uint64_t)n) goto fail;       /* (its choice was dropped) */
            sp = stk;
            Choice *ch = &s->ch[s->nch - 1];
            if (profiling || *cb != OP_CHOOSELIST || cb[2] >= ch->nlocs) {
                ip = cb; kept = 1; NEXT;
            }
            /* a plain CHOOSELIST resumed here, as its case does: charged its step */
            if (--budget < 0) { ip = cb; kept = 1; goto checkpoint; }
            L[cb[2]] = i + 1;
            if (i + 1 < n) s->locs[ch->loc_off + cb[2]] = i + 1;
            else { s->nch--; s->nlocs = ch->loc_off; }
            L[cb[3]] = li->item[pl][i];
            ip = cb + 5; NEXT;
        }
        /* A choice keeps only the locals in scope where it is made (the verifier checks the
         * count): the others are dead when it resumes, and copying a big frame at every
         * choice was a tenth of the time of programs with many locals. */
        vmcase(CHOICE) push_choice(p, s, OPND(1), L, OPND(2), g->keep_masks[g->keep_at[PC]], LINE); ip += 3; NEXT;
        vmcase(CHOOSEBIT) {
            uint64_t mask = (uint64_t)L[OPND(1)];
            if (!mask) { DROP_KEPT(); goto fail; }
            int bit = __builtin_ctzll(mask);
            mask &= mask - 1;
            L[OPND(1)] = (int64_t)mask;
            if (mask) AGAIN_CHOICE(OPND(3), OPND(1)); else DROP_KEPT();
            L[OPND(2)] = bit;
            ip += 4; NEXT;
        }
        vmcase(FORBIT) {
            uint64_t mask = (uint64_t)L[OPND(1)];
            if (!mask) { ip = code + OPND(3); NEXT; }
            L[OPND(2)] = __builtin_ctzll(mask);
            L[OPND(1)] = (int64_t)(mask & (mask - 1));
            ip += 4; NEXT;
        }
        /* FORBIT, CHOOSEBIT, CHOOSELIST that first pass over the elements the code after them
         * would turn away at once (superinstr.c, skips.c), charging the steps it would have run;
         * under --profile, or where reads are logged (the attack memo), as written */
        vmcase(FORNEAR) vmcase(CHOOSENEAR) vmcase(FORRUN) {
            uint64_t mask = (uint64_t)L[OPND(1)];
            if (!profiling && !c->reads && mask) {
                long st = 0;
                mask = *ip == OP_FORRUN ? skip_run(p, ip, L, mover, mask, &st)
                                        : skip_near(p, ip, L, mover, mask, &st);
                L[OPND(1)] = (int64_t)mask;
                if (!mask && *ip == OP_CHOOSENEAR) st--;   /* (no last CHOOSEBIT: its FAIL) */
                BULK_STEPS(st);
            }
            if (!mask) { if (*ip == OP_CHOOSENEAR) goto fail; ip = code + OPND(3); NEXT; }
            int bit = __builtin_ctzll(mask);
            mask &= mask - 1;
            L[OPND(1)] = (int64_t)mask;
            /* at perft's last ply, the directions that lead to a tail (tails.c) counted in a
             * row, no choice pushed or popped (vm.c); where one of them must run, the choice
             * goes on as written, and COUNTTAIL counts what it can */
            if (*ip == OP_CHOOSENEAR && c->count && c->count->on && !profiling && !c->reads &&
                count_near_row(p, c, ip, L, bit, mask, trail_base, note_base, qual_base, budget,
                               chunk, FIRST_CHUNK, &row))
                goto counted_fail;
            if (mask && *ip == OP_CHOOSENEAR) push_choice(p, s, PC, L, OPND(3), g->keep_masks[g->keep_at[PC]], LINE);
            L[OPND(2)] = bit;
            ip += 4; NEXT;
        }
        vmcase(CHOOSEGO) vmcase(CHOOSEANY) vmcase(CHOOSETEST) {
            const List *li = &g->lists[OPND(1)];
            int pl = PLOK(mover) ? mover : 0;
            int64_t i = L[OPND(2)], n = li->n[pl];
            if (!profiling && !c->reads && i >= 0 && i < n) {
                long st = 0;
                int64_t k = skip_choose(p, ip, li, pl, mover, L, i, n, &st);
                if (k >= n) st--;                          /* (no last CHOOSELIST: its FAIL) */
                BULK_STEPS(st);
                i = k;
            }
            if (i < 0 || i >= n) { DROP_KEPT(); goto fail; }
            L[OPND(2)] = i + 1;
            if (i + 1 < n) AGAIN_CHOICE(OPND(4), OPND(2)); else DROP_KEPT();
            L[OPND(3)] = li->item[pl][i];
            if (*ip == OP_CHOOSEANY && !profiling && !c->reads) {
                long st = 0;
                const int32_t *any = ip;
                ip = skip_any_found(p, ip, L, pl, mover, &st);
                BULK_STEPS(st);
                /* at perft's last ply, `emit drop;` right after the search: the row of squares
                 * counted at once (vm.c, count_any_row), the choice dropped */
                if (c->count && c->count->on && *ip == OP_EMIT &&
                    count_any_row(p, c, any, ip, L, nloc, trail_base, note_base, qual_base,
                                  budget, chunk, FIRST_CHUNK, &row)) {
                    if (L[any[2]] < n) DROP_KEPT_NOW();
                    goto counted_fail;
                }
                NEXT;
            }
            ip += 5; NEXT;
        }
        vmcase(BIT) a = sp[-1]; sp[-1] = a >= 0 && a < 64 ? (int64_t)(1ull << a) : 0;
            ip += 1; NEXT;
        vmcase(POPCNT) sp[-1] = __builtin_popcountll((uint64_t)sp[-1]); ip += 1; NEXT;
        /* Zone values: a bit a square, in ZONE_WORDS(g) locals from the operand on */
        vmcase(ZCLEAR) memset(&L[OPND(1)], 0, sizeof *L * (size_t)ZONE_WORDS(g)); ip += 2; NEXT;
        vmcase(ZZONE) {
            const List *zl = &g->lists[OPND(2)];
            int pl = PLOK(mover) ? mover : 0;
            int64_t *z = &L[OPND(1)];
            memset(z, 0, sizeof *L * (size_t)ZONE_WORDS(g));
            for (int i = 0; i < zl->n[pl]; i++) {
                int q = zl->item[pl][i];
                z[q >> 6] |= (int64_t)(1ull << (q & 63));
            }
            ip += 3; NEXT;
        }
        vmcase(ZCOPY) memmove(&L[OPND(1)], &L[OPND(2)], sizeof *L * (size_t)ZONE_WORDS(g));
            ip += 3; NEXT;
        vmcase(ZADD) vmcase(ZDEL) {
            a = *--sp;
            if (SQOK(a)) {
                uint64_t *w = (uint64_t *)&L[OPND(1) + (a >> 6)], bit = 1ull << (a & 63);
                *w = *ip == OP_ZADD ? *w | bit : *w & ~bit;
            }
            ip += 2; NEXT;
        }
        vmcase(ZOR) vmcase(ZCLR)
            for (int k = 0; k < ZONE_WORDS(g); k++)
                L[OPND(1) + k] = *ip == OP_ZOR ? L[OPND(1) + k] | L[OPND(2) + k]
                                               : L[OPND(1) + k] & ~L[OPND(2) + k];
            ip += 3; NEXT;
        vmcase(ZHAS)
            a = sp[-1];
            sp[-1] = SQOK(a) && (((uint64_t)L[OPND(1) + (a >> 6)] >> (a & 63)) & 1);
            ip += 2; NEXT;
        vmcase(ZSIZE)
            v = 0;
            for (int k = 0; k < ZONE_WORDS(g); k++) v += __builtin_popcountll((uint64_t)L[OPND(1) + k]);
            *sp++ = v;
            ip += 2; NEXT;
        vmcase(ZEQ)
            v = 1;
            for (int k = 0; k < ZONE_WORDS(g); k++) v &= L[OPND(1) + k] == L[OPND(2) + k];
            *sp++ = v;
            ip += 3; NEXT;
        vmcase(CHOOSEZ) vmcase(FORZ) {
            int k = 0;
            while (k < ZONE_WORDS(g) && !L[OPND(1) + k]) k++;
            if (k == ZONE_WORDS(g)) {
                if (*ip == OP_CHOOSEZ) goto fail;
                ip = code + OPND(3); NEXT;
            }
            uint64_t w = (uint64_t)L[OPND(1) + k];
            L[OPND(1) + k] = (int64_t)(w & (w - 1));
            if (*ip == OP_CHOOSEZ) {         /* the choice keeps the rest, this branch the first */
                int more = 0;
                for (int j = k; j < ZONE_WORDS(g) && !more; j++) more = L[OPND(1) + j] != 0;
                if (more) push_choice(p, s, PC, L, OPND(3), g->keep_masks[g->keep_at[PC]], LINE);
            }
            L[OPND(2)] = 64 * k + __builtin_ctzll(w);
            ip += 4; NEXT;
        }
        vmcase(CHOOSELIST) vmcase(CHOOSEDROPS) {
            /* a drop at the end of a walk from each square: the row of moves counted or
             * listed at once (vm.c, count_drop_row), the choice dropped */
            if (*ip == OP_CHOOSEDROPS && !profiling && !c->reads &&
                count_drop_row(p, c, ip, L, nloc, trail_base, note_base, qual_base, budget, chunk,
                               FIRST_CHUNK, &row)) {
                DROP_KEPT();
                goto counted_fail;
            }
            const List *li = &g->lists[OPND(1)];
            int pl = PLOK(mover) ? mover : 0;
            int64_t i = L[OPND(2)];
            if (i < 0 || i >= li->n[pl]) { DROP_KEPT(); goto fail; }
            L[OPND(2)] = i + 1;
            if (i + 1 < li->n[pl]) AGAIN_CHOICE(OPND(4), OPND(2)); else DROP_KEPT();
            L[OPND(3)] = li->item[pl][i];
            ip += 5; NEXT;
        }
        vmcase(FORLIST) {
            const List *li = &g->lists[OPND(1)];
            int pl = PLOK(mover) ? mover : 0;
            int64_t i = L[OPND(2)];
            if (i < 0 || i >= li->n[pl]) { ip = code + OPND(4); NEXT; }
            L[OPND(2)] = i + 1;
            L[OPND(3)] = li->item[pl][i];
            ip += 5; NEXT;
        }
        vmcase(FORFRIEND) {
            /* FORLIST; LOAD C; FRIEND; JZ back (superinstr.c), the elements whose square holds no
             * piece of the mover passed over here. Each costs the 4 steps it would have cost:
             * the bounds on work stay as they were. A run whose reads are logged (the attack
             * memo) goes through the loop as written, so that FRIEND logs every square. */
            const List *li = &g->lists[OPND(1)];
            int pl = PLOK(mover) ? mover : 0;
            int64_t i = L[OPND(2)], n = li->n[pl];
            if (!c->reads && i >= 0) {
                int64_t k = scan_pieces(p, li, pl, mover, 1, i, n);
                BULK_STEPS(4 * (k - i));
                i = k;
            }
            if (i < 0 || i >= n) { ip = code + OPND(4); NEXT; }
            L[OPND(2)] = i + 1;
            L[OPND(3)] = li->item[pl][i];
            ip += 5; NEXT;
        }
        vmcase(FORFRIENDPV) {
            /* FORFRIEND's FORLIST; LOAD C; FRIEND; JZ back, then LOAD C; AT; LOADPV v; PUSH k;
             * CMP; JNZ or JZ back (superinstr.c): the mover's pieces whose test sends the loop
             * back are passed over too, each charged the 10 steps the loop would have run (the
             * others 4). The operands at fixed offsets: LOADPV's at ip + 14, PUSH's at 16, the
             * comparison at 17, the jump at 18. Under --profile FORFRIEND's pass alone; where
             * reads are logged, the loop as written. */
            const List *li = &g->lists[OPND(1)];
            int pl = PLOK(mover) ? mover : 0;
            int64_t i = L[OPND(2)], n = li->n[pl];
            if (!c->reads && i >= 0) {
                int64_t k, passed = 0;
                if (profiling) k = scan_pieces(p, li, pl, mover, 1, i, n);
                else {
                    const Var *pv = &g->vars[ip[14]];
                    int64_t lo, hi;
                    int outside = test_range(opcode_info[ip[17]].base, ip[16], &lo, &hi);
                    int back_if = opcode_info[ip[18]].base == OP_JNZ;
                    k = scan_friend_pv(p, li, pl, mover, i, n, pv, lo, hi, outside, back_if,
                                       &passed);
                }
                BULK_STEPS(4 * (k - i) + 6 * passed);
                i = k;
            }
            if (i < 0 || i >= n) { ip = code + OPND(4); NEXT; }
            L[OPND(2)] = i + 1;
            L[OPND(3)] = li->item[pl][i];
            ip += 5; NEXT;
        }
        vmcase(FORENEMY) {
            /* FORLIST; LOAD C; ENEMY; JZ back: FORFRIEND's loop for the other sides' pieces
             * (connect-four's `end`: `for s in board { if enemy(s) { ... } }`) */
            const List *li = &g->lists[OPND(1)];
            int pl = PLOK(mover) ? mover : 0;
            int64_t i = L[OPND(2)], n = li->n[pl];
            if (!c->reads && i >= 0) {
                int64_t k = scan_pieces(p, li, pl, mover, 0, i, n);
                BULK_STEPS(4 * (k - i));
                i = k;
            }
            if (i < 0 || i >= n) { ip = code + OPND(4); NEXT; }
            L[OPND(2)] = i + 1;
            L[OPND(3)] = li->item[pl][i];
            ip += 5; NEXT;
        }
        vmcase(FORRUNS) {
            /* FORFRIEND or FORENEMY (the test after it) whose body counts a run along each
             * direction of a set from the square (superinstr.c, runs_follow): the squares from
             * which no count comes to K2 are passed over too, found as sets (runsets.c). Under
             * --profile the counts run as written (FORRUN). */
            const List *li = &g->lists[OPND(1)];
            int pl = PLOK(mover) ? mover : 0;
            int64_t i = L[OPND(2)], n = li->n[pl];
            if (!c->reads && i >= 0) {
                long st = 0;
                if (!profiling && li->square_order) i = skip_runs(p, ip, L, mover, i, n, &st);
                const int friends = opcode_info[ip[7]].base == OP_FRIEND;
                int64_t k = scan_pieces(p, li, pl, mover, friends, i, n);
                BULK_STEPS(st + 4 * (k - i));
                i = k;
            }
            if (i < 0 || i >= n) { ip = code + OPND(4); NEXT; }
            L[OPND(2)] = i + 1;
            L[OPND(3)] = li->item[pl][i];
            ip += 5; NEXT;
        }
        vmcase(FORTEST) {
            /* FORLIST; LOAD C; HEIGHT or LOADSQ v; PUSH k; CMP; JZ back (superinstr.c), the
             * elements whose test fails passed over here, each charged the 6 steps the loop
             * would have run; at the first that passes, on past the test that it passes,
             * charged the test's 5 (step 50). Under --profile, or where reads are logged, the
             * loop runs as written. */
            const List *li = &g->lists[OPND(1)];
            int pl = PLOK(mover) ? mover : 0;
            int64_t i = L[OPND(2)], n = li->n[pl];
            if (!profiling && !c->reads && i >= 0 && i < n) {
                const int32_t *x = ip + 7;                       /* HEIGHT or LOADSQ v */
                int sqvar = opcode_info[*x].base == OP_LOADSQ ? g->vars[x[1]].base : -1;
                const int32_t *pk = x + (sqvar >= 0 ? 2 : 1);    /* PUSH k */
                /* the test as a range, lo <= val <= hi, or outside it for NE */
                int64_t lo, hi;
                int outside = test_range(opcode_info[pk[2]].base, pk[1], &lo, &hi);
                int64_t j = i;
                const int32_t *item = li->item[pl];
                /* two loops, the test's kind decided once (Nemoroth's after-move walks the
                 * board so twice a make); the unsigned compare is lo <= val <= hi */
                uint64_t span = (uint64_t)hi - (uint64_t)lo;
                if (li->square_order)          /* (boardscan.c: from sets, or 8 at a time) */
                    j = boardscan_first(p, item, sqvar, j, n, lo, hi, outside);
                else if (sqvar >= 0)
                    for (; j < n; j++) {
                        int64_t e = item[j], val = SQOK(e) ? p->st[sqvar + e] : 0;
                        if (((uint64_t)val - (uint64_t)lo <= span) != outside) break;
                    }
                else j = skip_height(p, item, j, n, lo, hi, outside);
                BULK_STEPS(6 * (j - i));
                if (j < n) {    /* its test holds there: on past it, charged its 5 steps */
                    L[OPND(2)] = j + 1;
                    L[OPND(3)] = item[j];
                    BULK_STEPS(5);
                    ip = pk + 5; NEXT;
                }
                i = j;
            }
            if (i < 0 || i >= n) { ip = code + OPND(4); NEXT; }
            L[OPND(2)] = i + 1;
            L[OPND(3)] = li->item[pl][i];
            ip += 5; NEXT;
        }
        /* the cursor one step along direction d; the branch fails off the board */
#define STEP_ALONG(d) do {                                                               \
            int64_t here_ = L[0];                                                        \
            if (!SQOK(here_) || (uint64_t)(d) >= (uint64_t)g->ndirs) goto fail;           \
            int nb_ = g->neighbor[here_ * g->ndirs + (d)];                               \
            if (nb_ < 0) goto fail;                                                      \
            L[0] = nb_;                                                                  \
        } while (0)
        /* Superinstructions (superinstr.c): each does what its sequence does and charges the
         * sequence's other instructions (the first is charged as any instruction is); under
         * --profile each counts at the code word of every instruction it stands for. */
#define SUPER(...) do {                                                       \
            const int offs_[] = { __VA_ARGS__ };                              \
            const int n_ = (int)(sizeof offs_ / sizeof *offs_);               \
            BULK_STEPS(n_);                                                   \
            if (profiling) for (int k_ = 0; k_ < n_; k_++) p->profile[PC + offs_[k_]]++; \
        } while (0)
#define LL_JZ(OPN, EXPR) vmcase(OPN) SUPER(2, 4, 5); a = L[OPND(1)]; b = L[OPND(3)];   \
            ip = (EXPR) ? ip + 7 : code + OPND(6); NEXT;
#define LK_JZ(OPN, EXPR) vmcase(OPN) SUPER(2, 4, 5); a = L[OPND(1)]; b = OPND(3);      \
            ip = (EXPR) ? ip + 7 : code + OPND(6); NEXT;
        LL_JZ(LOAD_LOAD_LT_JZ, a < b)
        LL_JZ(LOAD_LOAD_LE_JZ, a <= b)
        LL_JZ(LOAD_LOAD_GT_JZ, a > b)
        LL_JZ(LOAD_LOAD_GE_JZ, a >= b)
        LL_JZ(LOAD_LOAD_EQ_JZ, a == b)
        LL_JZ(LOAD_LOAD_NE_JZ, a != b)
        LK_JZ(LOAD_PUSH_LT_JZ, a < b)
        LK_JZ(LOAD_PUSH_LE_JZ, a <= b)
        LK_JZ(LOAD_PUSH_GT_JZ, a > b)
        LK_JZ(LOAD_PUSH_GE_JZ, a >= b)
        LK_JZ(LOAD_PUSH_EQ_JZ, a == b)
        LK_JZ(LOAD_PUSH_NE_JZ, a != b)
#undef LL_JZ
#undef LK_JZ
        vmcase(LOAD_PUSH_ADD_STORE)
            SUPER(2, 4, 5);
            if (__builtin_add_overflow(L[OPND(1)], (int64_t)OPND(3), &v))
                pos_runtime_error(p, g->line[PC + 4], "integer overflow");
            L[OPND(1)] = v;
            ip += 7; NEXT;
        /* a walk along one direction (superinstr.c, skips.c); under --profile or where reads
         * are logged, the LOAD_PUSH_NE_JZ it stands on */
        vmcase(WALK)
            if (!profiling && !c->reads) {
                long st = 0;
                ip = skip_walk(p, ip, L, PLOK(mover) ? mover : 0, mover, &st);
                BULK_STEPS(st - 1);
                NEXT;
            }
            SUPER(2, 4, 5);
            ip = L[OPND(1)] != OPND(3) ? ip + 7 : code + OPND(6); NEXT;
#define SQ_J(OPN, WORD, TEST, JUMP_IF) vmcase(OPN) {                                   \
            SUPER(2, 3);                                                               \
            a = L[OPND(1)]; LOG_READ(a);                                               \
            const int32_t w = (WORD);                                                  \
            ip = (!!(TEST)) == (JUMP_IF) ? code + OPND(4) : ip + 5; NEXT;                \
        }
        SQ_J(LOAD_EMPTY_JZ, 0, SQOK(a) && !CELL(a) && !w, 0)
        SQ_J(LOAD_EMPTY_JNZ, 0, SQOK(a) && !CELL(a) && !w, 1)
        SQ_J(LOAD_FRIEND_JZ, SQOK(a) ? TOP(a) : 0, w && PW_OWNER(w) == mover, 0)
        SQ_J(LOAD_FRIEND_JNZ, SQOK(a) ? TOP(a) : 0, w && PW_OWNER(w) == mover, 1)
        SQ_J(LOAD_ENEMY_JZ, SQOK(a) ? TOP(a) : 0, w && PW_OWNER(w) >= 0 && PW_OWNER(w) != mover, 0)
        SQ_J(LOAD_ENEMY_JNZ, SQOK(a) ? TOP(a) : 0, w && PW_OWNER(w) >= 0 && PW_OWNER(w) != mover, 1)
#undef SQ_J
        vmcase(LOAD_STEP) SUPER(2); a = L[OPND(1)]; STEP_ALONG(a); ip += 3; NEXT;
        vmcase(LOAD_PUSH_ISTYPE_JZ)
            SUPER(2, 4, 5);
            a = L[OPND(1)];
            ip = a && PW_TYPE(a) == OPND(3) ? ip + 7 : code + OPND(6); NEXT;
        /* (issue 38, step 40: Four Towers' tower tests, `at(t) is Knight`) */
        vmcase(LOAD_AT_ISTYPE_JZ) vmcase(LOAD_AT_ISTYPE_JNZ)
            SUPER(2, 3, 5, 6);
            a = L[OPND(1)]; LOG_READ(a);
            b = SQOK(a) ? TOP(a) : 0;
            ip = (b && PW_TYPE(b) == OPND(4)) == (*ip == OP_LOAD_AT_ISTYPE_JNZ) ? code + OPND(7) : ip + 8;
            NEXT;
        vmcase(LOAD_STORE_3)
            SUPER(2, 4, 6, 8, 10);
            L[OPND(3)] = L[OPND(1)]; L[OPND(7)] = L[OPND(5)]; L[OPND(11)] = L[OPND(9)];
            ip += 12; NEXT;
        vmcase(LOAD_STORE_PUSH_STORE)
            SUPER(2, 4, 6); L[OPND(3)] = L[OPND(1)]; L[OPND(7)] = OPND(5); ip += 8; NEXT;
        vmcase(PUSH_AT_LOAD_ISTYPE_JZ)
            SUPER(2, 3, 5, 6);
            a = OPND(1); LOG_READ(a);
            b = SQOK(a) ? TOP(a) : 0;
            ip = b && PW_TYPE(b) == L[OPND(4)] ? ip + 8 : code + OPND(7); NEXT;
        vmcase(LOAD_PUSH_EQ_JNZ)
            SUPER(2, 4, 5);
            ip = L[OPND(1)] == OPND(3) ? code + OPND(6) : ip + 7; NEXT;
        vmcase(LOAD_PUSH_EQ) SUPER(2, 4); *sp++ = L[OPND(1)] == OPND(3); ip += 5; NEXT;
        vmcase(PUSH_LOAD_BTEST_JZ) vmcase(PUSH_LOAD_BTEST_JNZ)
            SUPER(2, 4, 5);
            a = OPND(1); b = L[OPND(3)];
            ip = (a >= 0 && a < 64 && ((uint64_t)b >> a & 1)) == (*ip == OP_PUSH_LOAD_BTEST_JNZ)
                 ? code + OPND(6) : ip + 7;
            NEXT;
        vmcase(LOAD_AT_TYPEOF_STORE)
            SUPER(2, 3, 4);
            a = L[OPND(1)]; LOG_READ(a);
            L[OPND(5)] = PW_TYPE(SQOK(a) ? TOP(a) : 0); ip += 6; NEXT;
        vmcase(LOAD_PUSHDIR_EQ_JZ)
            SUPER(2, 4, 5);
            ip = L[OPND(1)] == g->dir_map[PLOK(mover) ? mover : 0][OPND(3)] ? ip + 7 : code + OPND(6);
            NEXT;
        vmcase(LOAD_PUSHDIR_EQ_JNZ)
            SUPER(2, 4, 5);
            ip = L[OPND(1)] == g->dir_map[PLOK(mover) ? mover : 0][OPND(3)] ? code + OPND(6) : ip + 7;
            NEXT;
        vmcase(LOAD_INZONE_JZ) vmcase(LOAD_INZONE_JNZ)
            SUPER(2, 4);
            a = L[OPND(1)];
            ip = (SQOK(a) && g->lists[OPND(3)].member[PLOK(mover) ? mover : 0][a]) == (*ip == OP_LOAD_INZONE_JNZ)
                 ? code + OPND(5) : ip + 6;
            NEXT;
        vmcase(LOAD_JZ) SUPER(2); ip = L[OPND(1)] ? ip + 4 : code + OPND(3); NEXT;
        vmcase(LOAD_PUSHDIRS_BTEST_JZ)
            SUPER(2, 4, 5);
            a = L[OPND(1)];
            b = (int64_t)g->dirset_abs[OPND(3) * MAX_PLAYERS + (PLOK(mover) ? mover : 0)];
            ip = a >= 0 && a < 64 && ((uint64_t)b >> a & 1) ? ip + 7 : code + OPND(6); NEXT;
        vmcase(LOAD_LOAD_MINUS_STORE)
            SUPER(2, 4, 5);
            a = L[OPND(1)]; b = L[OPND(3)];
            L[OPND(6)] = TYOK(a) && TYOK(b) ? type_arith_cached(s, g, (int)a, (int)b, 1) : 0;
            ip += 7; NEXT;
        vmcase(LOAD_LOAD_COMBINE_STORE)
            SUPER(2, 4, 5);
            a = L[OPND(1)]; b = L[OPND(3)];
            L[OPND(6)] = TYOK(a) && TYOK(b) ? type_arith_cached(s, g, (int)a, (int)b, 0) : 0;
            ip += 7; NEXT;
        vmcase(PUSH_PUSH_BCLR_STORE)
            SUPER(2, 4, 5); L[OPND(6)] = (int64_t)OPND(1) & ~(int64_t)OPND(3); ip += 7; NEXT;
        vmcase(LOAD_PUSH_NE_JNZ)
            SUPER(2, 4, 5); ip = L[OPND(1)] != OPND(3) ? code + OPND(6) : ip + 7; NEXT;
        vmcase(LOAD_LOAD_EQ_JNZ)
            SUPER(2, 4, 5); ip = L[OPND(1)] == L[OPND(3)] ? code + OPND(6) : ip + 7; NEXT;
        vmcase(LOAD_LOAD_OPPDIR_EQ_JZ)
            SUPER(2, 4, 5, 6);
            b = L[OPND(3)];
            b = (uint64_t)b < (uint64_t)g->ndirs ? g->opposite[b] : -1;
            ip = L[OPND(1)] == b ? ip + 8 : code + OPND(7); NEXT;
        vmcase(LOAD_WITH_ATTR_NE_JZ)          /* (issue 38: `(used + tower-flag(t)) != used`) */
            SUPER(2, 4, 6, 7, 9, 10);
            a = L[OPND(3)];
            a = (uint64_t)a < (uint64_t)g->attrs[OPND(5)].n ? g->attrs[OPND(5)].value[a] : 0;
            ip = (L[OPND(1)] | a) != L[OPND(8)] ? ip + 12 : code + OPND(11); NEXT;
        /* a JMP to a JZ or JNZ, both in one dispatch: the JZ or JNZ counted at its own word */
        vmcase(JMP_JZ) vmcase(JMP_JNZ) {
            const int32_t *t = code + OPND(1);
            BULK_STEPS(1);
            if (profiling) p->profile[OPND(1)]++;
            ip = (*--sp != 0) == (*ip == OP_JMP_JNZ) ? code + t[1] : t + 2; NEXT;
        }
        vmcase(LOAD_ATTR_STORE)
            SUPER(2, 4);
            a = L[OPND(1)];
            L[OPND(5)] = (uint64_t)a < (uint64_t)g->attrs[OPND(3)].n ? g->attrs[OPND(3)].value[a] : 0;
            ip += 6; NEXT;
        vmcase(LOAD_LOAD_STEPSQ_STORE)
            SUPER(2, 4, 5);
            a = L[OPND(1)]; b = L[OPND(3)];
            L[OPND(6)] = SQOK(a) && (uint64_t)b < (uint64_t)g->ndirs
                         ? g->neighbor[a * g->ndirs + b] : -1;
            ip += 7; NEXT;
        vmcase(LOAD_LOAD_PIECEAT)
            SUPER(2, 4);
            a = L[OPND(1)]; b = L[OPND(3)];
            *sp++ = SQOK(a) && b >= 0 && b < g->stack ? p->st[a * g->stack + b] : 0;
            ip += 5; NEXT;
        vmcase(PUSH_EQ_JZ) SUPER(2, 3); ip = *--sp == OPND(1) ? ip + 5 : code + OPND(4); NEXT;
        vmcase(PUSH_NE_JZ) SUPER(2, 3); ip = *--sp != OPND(1) ? ip + 5 : code + OPND(4); NEXT;
        vmcase(PUSH_LT_JZ) SUPER(2, 3); ip = *--sp < OPND(1) ? ip + 5 : code + OPND(4); NEXT;
        vmcase(PUSH_LE_JZ) SUPER(2, 3); ip = *--sp <= OPND(1) ? ip + 5 : code + OPND(4); NEXT;
        vmcase(PUSH_GT_JZ) SUPER(2, 3); ip = *--sp > OPND(1) ? ip + 5 : code + OPND(4); NEXT;
        vmcase(PUSH_GE_JZ) SUPER(2, 3); ip = *--sp >= OPND(1) ? ip + 5 : code + OPND(4); NEXT;
        vmcase(LOAD_AT) SUPER(2); a = L[OPND(1)]; LOG_READ(a); *sp++ = SQOK(a) ? TOP(a) : 0; ip += 3; NEXT;
        vmcase(LOAD_HEIGHT)
            SUPER(2); a = L[OPND(1)]; *sp++ = SQOK(a) ? pos_height(p, (int)a) : 0; ip += 3; NEXT;
        vmcase(LOAD_FILE)            /* (Nemoroth's distances: `file(a) - file(b)`) */
            SUPER(2); a = L[OPND(1)]; *sp++ = SQOK(a) ? g->sq_x[a] + 1 : 0; ip += 3; NEXT;
        vmcase(LOAD_RANK)
            SUPER(2); a = L[OPND(1)]; *sp++ = SQOK(a) ? g->sq_y[a] + 1 : 0; ip += 3; NEXT;
        vmcase(LOAD_LOADPV) {
            SUPER(2);
            const Var *pv = &g->vars[OPND(3)];
            a = L[OPND(1)];
            *sp++ = ((uint32_t)a >> pv->shift) & ((1u << pv->bits) - 1);
            ip += 4; NEXT;
        }
        vmcase(LOAD_STORE) SUPER(2); L[OPND(3)] = L[OPND(1)]; ip += 4; NEXT;
        /* the last two arguments pushed, then PURECALL, charged as the three are */
        vmcase(LOAD_LOAD_PURECALL) SUPER(2, 4); *sp++ = L[OPND(1)]; *sp++ = L[OPND(3)]; ip += 4; goto purecall;
        vmcase(PUSH_LOAD_PURECALL) SUPER(2, 4); *sp++ = OPND(1); *sp++ = L[OPND(3)]; ip += 4; goto purecall;
        vmcase(LOAD_STORE_LOAD_STORE)
            SUPER(2, 4, 6); L[OPND(3)] = L[OPND(1)]; L[OPND(7)] = L[OPND(5)]; ip += 8; NEXT;
        vmcase(PUSH_EQ) SUPER(2); sp[-1] = sp[-1] == OPND(1); ip += 3; NEXT;
        /* the checked arithmetic with a constant or a local: an overflow names the line of
         * the ADD, SUB or MUL (at offset k) */
#define CHECKED_K(OPN, BUILTIN, B, K) vmcase(OPN) SUPER(K);                          \
            if (BUILTIN(sp[-1], (int64_t)(B), &v))                                 \
                pos_runtime_error(p, g->line[PC + (K)], "integer overflow");            \
            sp[-1] = v; ip += 3; NEXT;
        CHECKED_K(PUSH_ADD, __builtin_add_overflow, OPND(1), 2)
        CHECKED_K(PUSH_SUB, __builtin_sub_overflow, OPND(1), 2)
        CHECKED_K(LOAD_SUB, __builtin_sub_overflow, L[OPND(1)], 2)
        CHECKED_K(LOAD_MUL, __builtin_mul_overflow, L[OPND(1)], 2)
#undef CHECKED_K
        /* file(a) - file(b) and its abs (`cheb`, `dist2`): a file or rank is 0..128, so the
         * difference cannot overflow as SUB and ABS check */
#define SQ_FILE(x) (SQOK(x) ? g->sq_x[x] + 1 : 0)
#define SQ_RANK(x) (SQOK(x) ? g->sq_y[x] + 1 : 0)
        vmcase(FILE_DIST)
            SUPER(2, 3, 5, 6, 7); a = L[OPND(1)]; b = L[OPND(4)]; v = SQ_FILE(a) - SQ_FILE(b);
            *sp++ = v < 0 ? -v : v; ip += 8; NEXT;
        vmcase(RANK_DIST)
            SUPER(2, 3, 5, 6, 7); a = L[OPND(1)]; b = L[OPND(4)]; v = SQ_RANK(a) - SQ_RANK(b);
            *sp++ = v < 0 ? -v : v; ip += 8; NEXT;
        vmcase(FILE_DIFF)
            SUPER(2, 3, 5, 6); a = L[OPND(1)]; b = L[OPND(4)];
            *sp++ = SQ_FILE(a) - SQ_FILE(b); ip += 7; NEXT;
        vmcase(RANK_DIFF)
            SUPER(2, 3, 5, 6); a = L[OPND(1)]; b = L[OPND(4)];
            *sp++ = SQ_RANK(a) - SQ_RANK(b); ip += 7; NEXT;
#undef SQ_FILE
#undef SQ_RANK
        vmcase(LOAD_HEIGHT_STORE)
            SUPER(2, 3); a = L[OPND(1)]; L[OPND(4)] = SQOK(a) ? pos_height(p, (int)a) : 0;
            ip += 5; NEXT;
        vmcase(LOAD_LOADPV_JZ) {
            SUPER(2, 4);
            const Var *pv = &g->vars[OPND(3)];
            a = L[OPND(1)];
            ip = ((uint32_t)a >> pv->shift) & ((1u << pv->bits) - 1) ? ip + 6 : code + OPND(5);
            NEXT;
        }
        vmcase(LOADG_STORE)
            SUPER(2); LOG_LOC(g->vars[OPND(1)].base); L[OPND(3)] = p->st[g->vars[OPND(1)].base];
            ip += 4; NEXT;
        vmcase(SQUARE_STORE)
            SUPER(1); b = *--sp; a = *--sp;
            L[OPND(2)] = a >= 1 && a <= g->files && b >= 1 && b <= g->ranks ? game_sq_at(g, a - 1, b - 1) : -1;
            ip += 3; NEXT;
        vmcase(PUSH_STORE) SUPER(2); L[OPND(3)] = OPND(1); ip += 4; NEXT;
        /* (issue 38, step 50: the runs Nemoroth dispatches most, docs/runtime.md) */
        vmcase(PUSH_STORE_LOAD_LOAD_LT_JZ)
            SUPER(2, 4, 6, 8, 9);
            L[OPND(3)] = OPND(1);
            ip = L[OPND(5)] < L[OPND(7)] ? ip + 11 : code + OPND(10); NEXT;
        vmcase(LOAD_OWNEROF_MOVER_EQ_JZ)
            SUPER(2, 3, 4, 5);
            a = L[OPND(1)];
            ip = (a ? PW_OWNER(a) : -1) == mover ? ip + 7 : code + OPND(6); NEXT;
        vmcase(FROM_LOAD_STEPSQ_HEIGHT)
            SUPER(1, 3, 4);
            a = c->origin; b = L[OPND(2)];
            a = SQOK(a) && (uint64_t)b < (uint64_t)g->ndirs ? g->neighbor[a * g->ndirs + b] : -1;
            *sp++ = SQOK(a) ? pos_height(p, (int)a) : 0;
            ip += 5; NEXT;
        vmcase(FROM_LOAD_STEPSQ_STORE)
            SUPER(1, 3, 4);
            a = c->origin; b = L[OPND(2)];
            L[OPND(5)] = SQOK(a) && (uint64_t)b < (uint64_t)g->ndirs
                         ? g->neighbor[a * g->ndirs + b] : -1;
            ip += 6; NEXT;
        /* the three arguments pushed, then PURECALL, charged as the four are */
        vmcase(FROM_LOAD_LOADG_PURECALL)
            SUPER(1, 3, 5);
            LOG_LOC(g->vars[OPND(4)].base);
            *sp++ = c->origin; *sp++ = L[OPND(2)]; *sp++ = p->st[g->vars[OPND(4)].base];
            ip += 5; goto purecall;
        vmcase(LOADG_LOAD_EQ_JZ)
            SUPER(2, 4, 5);
            LOG_LOC(g->vars[OPND(1)].base);
            ip = p->st[g->vars[OPND(1)].base] == L[OPND(3)] ? ip + 7 : code + OPND(6); NEXT;
        vmcase(LOAD_LOAD_PIECEAT_STORE)
            SUPER(2, 4, 5);
            a = L[OPND(1)]; b = L[OPND(3)];
            L[OPND(6)] = SQOK(a) && b >= 0 && b < g->stack ? p->st[a * g->stack + b] : 0;
            ip += 7; NEXT;
        vmcase(PUSH_STORE_PUSH_STORE)
            SUPER(2, 4, 6); L[OPND(3)] = OPND(1); L[OPND(7)] = OPND(5); ip += 8; NEXT;
        /* `i += k` and the jump back to the loop's test `i < h`, which runs in the same dispatch
         * (superinstr.c): charged and profiled as the nine instructions */
        vmcase(ADD_JMP_LT_JZ) {
            SUPER(2, 4, 5, 7);
            if (__builtin_add_overflow(L[OPND(1)], (int64_t)OPND(3), &v))
                pos_runtime_error(p, g->line[PC + 4], "integer overflow");
            L[OPND(1)] = v;
            const int32_t *t = code + OPND(8);
            BULK_STEPS(4);
            if (profiling)
                for (int k_ = 0; k_ < 4; k_++) p->profile[OPND(8) + (int[]){ 0, 2, 4, 5 }[k_]]++;
            ip = v < L[t[3]] ? t + 7 : code + t[6]; NEXT;
        }
        vmcase(LOAD_LOADPV_JNZ) {
            SUPER(2, 4);
            const Var *pv = &g->vars[OPND(3)];
            a = L[OPND(1)];
            ip = ((uint32_t)a >> pv->shift) & ((1u << pv->bits) - 1) ? code + OPND(5) : ip + 6;
            NEXT;
        }
        vmcase(LOAD_LOADSQ)
            SUPER(2);
            a = L[OPND(1)];
            if (SQOK(a)) LOG_LOC(g->vars[OPND(3)].base + (int)a);
            *sp++ = SQOK(a) ? p->st[g->vars[OPND(3)].base + a] : 0;
            ip += 4; NEXT;
        vmcase(PUSH_STOREG) SUPER(2); SET_GLOBAL(OPND(3), OPND(1)); ip += 4; NEXT;
        vmcase(LOAD_HEIGHT_LOOP)            /* (superinstr.c: the start of a walk up a stack) */
            SUPER(2, 3, 5, 7, 9, 11, 13, 14);
            a = L[OPND(1)];
            L[OPND(4)] = SQOK(a) ? pos_height(p, (int)a) : 0;
            L[OPND(8)] = OPND(6);
            ip = L[OPND(10)] < L[OPND(12)] ? ip + 16 : code + OPND(15); NEXT;
        vmcase(LOAD_PUSH_ISTYPE_JNZ)
            SUPER(2, 4, 5);
            a = L[OPND(1)];
            ip = a && PW_TYPE(a) == OPND(3) ? code + OPND(6) : ip + 7; NEXT;
        vmcase(LOAD_LOAD_BTEST_JZ) vmcase(LOAD_LOAD_BTEST_JNZ)
            SUPER(2, 4, 5);
            a = L[OPND(1)]; b = L[OPND(3)];
            ip = (a >= 0 && a < 64 && ((uint64_t)b >> a & 1)) == (*ip == OP_LOAD_LOAD_BTEST_JNZ)
                 ? code + OPND(6) : ip + 7;
            NEXT;
        vmcase(PUSH_PUSH_SQUAREOF_STOREG) {
            SUPER(2, 4);
            a = OPND(1); b = OPND(3);
            int32_t found = -1;
            int scanned = 0;
            if (PLOK(b) && TYOK(a)) found = squareof_find(p, (int)a, (int)b, &scanned);
            NATIVE_WORK(scanned * g->stack);
            if (scanned * g->stack >= NATIVE_CHECK) {     /* (the STOREG after the bounds) */
                *sp++ = found; ip += 5; NEXT;
            }
            BULK_STEPS(1);
            if (profiling) p->profile[PC + 5]++;
            SET_GLOBAL(OPND(6), found);
            ip += 7; NEXT;
        }
        vmcase(PUSH_STOREG_PUSH_STOREG)
            SUPER(2, 4, 6);
            SET_GLOBAL(OPND(3), OPND(1)); SET_GLOBAL(OPND(7), OPND(5));
            ip += 8; NEXT;
        vmcase(PUSH_EQ_JNZ) SUPER(2, 3); ip = *--sp == OPND(1) ? code + OPND(4) : ip + 5; NEXT;
        vmcase(LOADG_STORE_PUSH_STORE)
            SUPER(2, 4, 6);
            LOG_LOC(g->vars[OPND(1)].base);
            L[OPND(3)] = p->st[g->vars[OPND(1)].base];
            L[OPND(7)] = OPND(5);
            ip += 8; NEXT;
        vmcase(LOAD_LOAD_LOADPV_NE_JZ) {
            SUPER(2, 4, 6, 7);
            const Var *pv = &g->vars[OPND(5)];
            a = L[OPND(3)];
            ip = L[OPND(1)] != (((uint32_t)a >> pv->shift) & ((1u << pv->bits) - 1))
                 ? ip + 9 : code + OPND(8);
            NEXT;
        }
        vmcase(NOT_JZ) SUPER(1); ip = *--sp ? code + OPND(2) : ip + 3; NEXT;
        vmcase(NOT_JNZ) SUPER(1); ip = *--sp ? ip + 3 : code + OPND(2); NEXT;
#undef SUPER
#undef SET_GLOBAL
        vmcase(STEP) a = *--sp; STEP_ALONG(a); ip += 1; NEXT;
        vmcase(GO)
            a = *--sp;
            if (!SQOK(a)) goto fail;
            L[0] = a; ip += 1; NEXT;
        vmcase(STEPSQ)
            b = *--sp; a = *--sp;
            *sp++ = SQOK(a) && (uint64_t)b < (uint64_t)g->ndirs ? g->neighbor[a * g->ndirs + b] : -1;
            ip += 1; NEXT;
        vmcase(FROM) *sp++ = c->origin; ip += 1; NEXT;
        vmcase(MOVER) *sp++ = mover; ip += 1; NEXT;
        vmcase(OPPONENT)                  /* (chance players are nobody's opponent) */
            *sp++ = g->chance ? game_opponent(g, mover) : (mover + 1) % g->nplayers;
            ip += 1; NEXT;
        vmcase(TOMOVE) LOG_LOC(g->st_turn); *sp++ = pos_turn(p); ip += 1; NEXT;
        vmcase(PIECE) *sp++ = c->piece; ip += 1; NEXT;
        vmcase(LAYER) *sp++ = c->layer; ip += 1; NEXT;
        vmcase(DROPPING) *sp++ = c->dropping; ip += 1; NEXT;
        vmcase(VICTIM) *sp++ = c->victim; ip += 1; NEXT;
        vmcase(EMPTY) a = sp[-1]; LOG_READ(a); sp[-1] = SQOK(a) && !CELL(a); ip += 1; NEXT;
        vmcase(ENEMY) {
            a = sp[-1]; LOG_READ(a);
            int32_t w = SQOK(a) ? TOP(a) : 0;
            sp[-1] = w && PW_OWNER(w) >= 0 && PW_OWNER(w) != mover;
            ip += 1; NEXT;
        }
        vmcase(FRIEND) {
            a = sp[-1]; LOG_READ(a);
            int32_t w = SQOK(a) ? TOP(a) : 0;
            sp[-1] = w && PW_OWNER(w) == mover;
            ip += 1; NEXT;
        }
        vmcase(AT) a = sp[-1]; LOG_READ(a); sp[-1] = SQOK(a) ? TOP(a) : 0; ip += 1; NEXT;
        vmcase(TYPEOF) sp[-1] = PW_TYPE(sp[-1]); ip += 1; NEXT;
        vmcase(OWNEROF) sp[-1] = sp[-1] ? PW_OWNER(sp[-1]) : -1; ip += 1; NEXT;
        vmcase(ISTYPE) b = *--sp; a = sp[-1]; sp[-1] = a && PW_TYPE(a) == b; ip += 1; NEXT;
        /* on after a pure call or expression answered from its table, charged its steps: a
         * STORE, JZ or JNZ there (the value stored or tested: Nemoroth's `petrify(square(...))`
         * and `if gok(...)`) runs in the same dispatch, charged its step (docs/runtime.md,
         * step 50). (Never under --profile: the table is not read there.) */
#define PURE_GO_ON(e_) do {                                                                \
            if (((e_) >> 32 & PURE_GO_MASK) == PURE_GO_PAST_END && site_->end_store >= 0) {   \
                /* (the common case: a value stored, and perhaps tested: step 52) */         \
                const int32_t v_ = (int32_t)(e_);                                          \
                L[site_->end_store] = v_;                                                  \
                if (site_->end_test) {      /* the LOAD_PUSH_EQ/NE_JZ's 4 steps too */     \
                    BULK_STEPS(pure_steps(e_) + 4);                                        \
                    ip = (site_->end_test == OP_LOAD_PUSH_NE_JZ) == (v_ != site_->end_test_k) \
                         ? code + site_->end + 9 : code + site_->end_test_to;              \
                    NEXT;                                                                  \
                }                                                                          \
                BULK_STEPS(pure_steps(e_)); ip = code + site_->end + 2; NEXT;              \
            }                                                                              \
            if (pure_pushes(e_)) *sp++ = (int32_t)(e_);                                    \
            ip = code + pure_next_pc(g, site_, (e_));                                      \
            if (*ip == OP_STORE) {                                                         \
                BULK_STEPS(pure_steps(e_)); L[ip[1]] = *--sp; ip += 2; NEXT;               \
            }                                                                              \
            if (*ip == OP_JZ || *ip == OP_JNZ) {                                           \
                BULK_STEPS(pure_steps(e_));                                                \
                ip = (*--sp != 0) == (*ip == OP_JNZ) ? code + ip[1] : ip + 2; NEXT;        \
            }                                                                              \
            BULK_STEPS(pure_steps(e_) - 1); NEXT;                                          \
        } while (0)
        vmcase(PURECALL) purecall: {  /* a pure `fn`'s call answered from its table (puretab.c) */
            const PureSite *site_ = &g->pure_sites[OPND(1)];
            /* (a call keyed by globals too runs its code where the VM logs its reads) */
            if (!profiling && !(site_->nst && c->reads)) {
                long idx_;
                uint64_t e_ = pure_site_entry(site_, sp, 1, p->st, &idx_);
                if (!e_ && idx_ >= 0)        /* (not worked out yet) */
                    e_ = pure_fill_call(g, OPND(1), sp - site_->nargs, p->st);
                if (pure_steps(e_)) {        /* the steps its code runs, this one the first */
                    sp -= site_->nargs;
                    PURE_GO_ON(e_);
                }
            }
            budget++;                        /* the code runs, charged as before: this is not */
            if (profiling) p->profile[PC]--;
            ip += 2; NEXT;
        }
        vmcase(SQMEMO) {      /* a board walk's body kept by the words it reads (sqmemo.c) */
            if (!profiling && !c->reads) {
                long steps_;
                if (sqmemo_enter(p, OPND(1), L, mover, since + chunk - budget, &steps_)) {
                    BULK_STEPS(steps_);                 /* what the body ran */
                    budget++;
                    ip = code + OPND(2); NEXT;
                }
            }
            budget++;                        /* the body runs, charged as before: this is not */
            if (profiling) p->profile[PC]--;
            ip += 3; NEXT;
        }
        vmcase(SQMEMOEND)     /* (the body's ends that jumped here went on at once in main) */
            if (!profiling && !c->reads) sqmemo_leave(p, OPND(1), L, since + chunk - budget);
            budget++;
            if (profiling) p->profile[PC]--;
            ip = code + OPND(2); NEXT;
        vmcase(PURELOCALS) {        /* a pure expression of locals, from its table (puretab.c) */
            const PureSite *site_ = &g->pure_sites[OPND(1)];
            if (!profiling) {
                long idx_;
                uint64_t e_ = pure_site_entry(site_, L, 0, p->st, &idx_);
                if (!e_ && idx_ >= 0) {      /* (not worked out yet) */
                    int64_t args_[PURE_MAX_ARGS];
                    for (int i_ = 0; i_ < site_->nslots; i_++) args_[i_] = L[site_->slot[i_]];
                    e_ = pure_fill(g, OPND(1), args_);
                }
                if (pure_steps(e_)) PURE_GO_ON(e_);
            }
            budget++;
            if (profiling) p->profile[PC]--;
            ip += 2; NEXT;
        }
#undef PURE_GO_ON
        vmcase(FILE) a = sp[-1]; sp[-1] = SQOK(a) ? g->sq_x[a] + 1 : 0; ip += 1; NEXT;
        vmcase(RANK) a = sp[-1]; sp[-1] = SQOK(a) ? g->sq_y[a] + 1 : 0; ip += 1; NEXT;
        vmcase(OPPDIR)
            a = sp[-1];
            sp[-1] = (uint64_t)a < (uint64_t)g->ndirs ? g->opposite[a] : -1;
            ip += 1; NEXT;
        vmcase(ATTACKED)
            b = *--sp; a = sp[-1];
            /* (Zillions: a move's own attack tests are not run while it is tested as an attack) */
            sp[-1] = SQOK(a) && PLOK(b) && !(g->attacks_by_capture && c->mode == RUN_ATTACK)
                ? g->host->square_attacked(p, (int)a, (int)b) : 0;
            ip += 1; NEXT;
        vmcase(ATTACKS)
            b = *--sp; a = sp[-1];
            sp[-1] = SQOK(a) && SQOK(b) ? g->host->piece_attacks(p, (int)a, (int)b) : 0;
            ip += 1; NEXT;
        vmcase(REMAPDIR)
            b = *--sp; a = sp[-1];
            sp[-1] = (uint64_t)a < (uint64_t)g->ndirs && PLOK(b) && PLOK(mover)
                ? g->dir_map[b][g->dir_unmap[mover][a]] : -1;
            ip += 1; NEXT;
        vmcase(INCHECK) *sp++ = PLOK(mover) ? g->host->in_check(p, mover) : 0; ip += 1; NEXT;
        vmcase(INCHECKOF) a = sp[-1]; sp[-1] = PLOK(a) ? g->host->in_check(p, (int)a) : 0; ip += 1; NEXT;
        vmcase(ROYALSQ) a = sp[-1]; sp[-1] = PLOK(a) ? royal_square(p, (int)a) : -1; ip += 1; NEXT;
        vmcase(NOMOVES)
            if (c->nlegal == -2) {
                c->nlegal = 0;
                for (int i = 0; i < c->pseudo->n && !c->nlegal; i++) {
                    g->host->make(p, c->pseudo, &c->pseudo->m[i]);
                    c->nlegal = vm_run_legal(p, mover);
                    pos_unmake(p);
                }
            }
            if (c->nlegal == -3) c->nlegal = side_to_move_has_a_move(p, LINE) ? 1 : 0;
            if (c->nlegal == -4) c->nlegal = end_has_a_move(p, c->pseudo);
            if (c->nlegal < 0) pos_runtime_error(p, LINE, "`no-moves` is only known in the `end` and `legal` blocks");
            *sp++ = c->nlegal == 0; ip += 1; NEXT;
        vmcase(REPETITION) {
            int n = 0;
            uint64_t key = pos_rep_key(p);
            for (int i = 0; i < p->nhist; i++) n += p->hist[i] == key;
            NATIVE_WORK(p->nhist);
            *sp++ = n ? n : 1;
            ip += 1; NEXT;
        }
        vmcase(HAND)                      /* the player was pushed first, the type on top */
            b = *--sp; a = sp[-1];
            if (PLOK(a) && TYOK(b)) LOG_LOC(HANDLOC(a, b));
            sp[-1] = PLOK(a) && TYOK(b) ? p->st[HANDLOC(a, b)] : 0;
            ip += 1; NEXT;
        vmcase(COUNT) {
            b = *--sp; a = sp[-1];
            int n = PLOK(b) && TYOK(a) ? count_pieces(p, (int)a, (int)b) : 0;
            NATIVE_WORK(g->nsq * g->stack);          /* (13312 cells on the largest board) */
            sp[-1] = n;
            ip += 1; NEXT;
        }
        vmcase(SQUAREOF) {           /* (a native scan: the loop in rules code cost ~10 steps a square) */
            b = *--sp; a = sp[-1];
            int32_t found = -1;
            int scanned = 0;                 /* (squareof.c keeps its answers between moves) */
            if (PLOK(b) && TYOK(a)) found = squareof_find(p, (int)a, (int)b, &scanned);
            NATIVE_WORK(scanned * g->stack);
            sp[-1] = found;
            ip += 1; NEXT;
        }
        vmcase(CANMOVETO)
            a = sp[-1];
            sp[-1] = SQOK(a) && PLOK(mover) ? g->host->can_move_to(p, (int)a, mover) : 0;
            ip += 1; NEXT;
        vmcase(MOVEFIELD)
            switch (OPND(1)) {
            case 0: *sp++ = p->last_from; break;
            case 1: *sp++ = p->last_to; break;
            case 2: *sp++ = p->last_piece; break;
            default: *sp++ = p->last_captured; break;
            }
            ip += 2; NEXT;
        vmcase(EMIT) {
            int kind = OPND(1);
            if (c->mode == RUN_GEN) {
                if (emit_refused(p, c, kind, L)) goto fail;
                if (kind == MK_MOVE && L[4]) kind = MK_LANDED;     /* `land` already moved it */
                /* the step bound is on the work between two moves; the position's bound goes on */
                GEN_EMIT(kind, OPND(2), L);
            } else if (c->mode == RUN_ATTACK || c->mode == RUN_REACH) {
                if (kind != MK_STAY && L[0] == c->target) { c->found = 1; goto done; }
                /* Zillions' attack: a capture the move records on the target counts too */
                if (g->attacks_by_capture && c->mode == RUN_ATTACK &&
                    deferred_captures(&s->deferred, (int)L[LOC_DEFERRED], c->target)) { c->found = 1; goto done; }
            }
            ip += 3; NEXT;
        }
        vmcase(BECOME)
            a = *--sp;
            if (!TYOK(a)) goto fail;
            L[1] = a; ip += 1; NEXT;
        /* the effects (fx.h), each on the operands as pushed: done now, or recorded by `defer` */
        vmcase(CAPTURE)
            sp -= 1;
            if (!fx_capture(p, mover, sp, &L[LOC_TAKEN])) goto fail;
            ip += 1; NEXT;
        vmcase(REMOVE)
            sp -= 1;
            if (!fx_remove(p, sp)) goto fail;
            ip += 1; NEXT;
        vmcase(PLACE) vmcase(PLACEEMIT)
            if (*ip == OP_PLACEEMIT && !profiling) {
                /* the move only counted: counted without the place (vm.c, count_placed) */
                long ins, after;
                long w = count_placed(p, c, ip, sp, L, trail_base, note_base, qual_base, &ins,
                                      &after, LINE);
                if (w >= 0) {
                    sp -= 3;
                    BULK_STEPS(ins);             /* the notes and EMIT */
                    CHARGE(w);
                    BULK_STEPS(after);           /* the JMPs and RET */
                    goto fail;
                }
            }
            sp -= 3;
            if (!fx_place(p, sp, LINE)) goto fail;
            ip += 1; NEXT;
        vmcase(CHANGE)
            sp -= 2;
            if (!fx_change(p, sp)) goto fail;
            ip += 1; NEXT;
        vmcase(SETOWNER)
            sp -= 2;
            if (!fx_setowner(p, sp)) goto fail;
            ip += 1; NEXT;
        vmcase(MOVEP)
            sp -= 2;
            if (!fx_movep(p, sp, LINE)) goto fail;
            ip += 1; NEXT;
        vmcase(DCAPTURE) vmcase(DREMOVE) vmcase(DPLACE) vmcase(DCHANGE) vmcase(DSETOWNER)
        vmcase(DMOVEP) vmcase(DCASCADEP) {
            int n = deferred_arity(*ip);
            sp -= n;
            L[LOC_DEFERRED] = deferred_record(p, &s->deferred, *ip, sp, n, (int)L[LOC_DEFERRED], LINE);
            ip += 1; NEXT;
        }
        vmcase(DSTOREPV) {             /* the value, the square, then the variable recorded */
            int64_t rec[3];
            sp -= 2;
            rec[0] = sp[0]; rec[1] = sp[1]; rec[2] = OPND(1);
            if ((uint64_t)rec[1] > (uint64_t)g->vars[OPND(1)].max)
                piece_var_range_error(p, LINE, &g->vars[OPND(1)], rec[1]);
            L[LOC_DEFERRED] = deferred_record(p, &s->deferred, OP_DSTOREPV, rec, 3, (int)L[LOC_DEFERRED], LINE);
            ip += 2; NEXT;
        }
        vmcase(GIVE) vmcase(TAKE)
            b = *--sp; a = *--sp;
            if (!PLOK(b) || !TYOK(a)) goto fail;
            LOG_LOC(HANDLOC(b, a));            /* (the attack memo: what it reads decides) */
            v = p->st[HANDLOC(b, a)] + (*ip == OP_GIVE ? 1 : -1);
            if (v < 0) goto fail;
            if (v > MAX_HAND)                  /* a hand a position string could not say */
                pos_runtime_error(p, LINE, "more than %d pieces of one type in a hand", MAX_HAND);
            pos_set(p, HANDLOC(b, a), (int32_t)v);
            ip += 1; NEXT;
        vmcase(AGAIN) L[2] = 1; ip += 1; NEXT;
        vmcase(NOTE) vmcase(QUALIFY) {
            char num[24];
            size_t len;
            int is_q = *ip == OP_QUALIFY;
            a = *--sp;
            const char *t = note_piece(g, (int)OPND(1), a, num, &len);
            if (is_q) { add_text(p, &s->qb, &s->nqb, &s->capqb, &L[5], qual_base, t, len, LINE); L[7] = OPND(2); ip += 3; }
            else { add_text(p, &s->nb, &s->nnb, &s->capnb, &L[3], note_base, t, len, LINE); ip += 2; }
            break;
        }
        vmcase(DISTINCT)       /* a group: its number, and in bit 0 whether it keeps the smallest string */
            if (++s->groups >= 1u << 30) s->groups = 1;      /* fits Move.group; wraps only across lists */
            L[LOC_GROUP] = (int64_t)s->groups << 1 | (OPND(1) != 0);
            ip += 2; NEXT;
        vmcase(COMBINE) vmcase(MINUS) {
            b = *--sp; a = sp[-1];
            sp[-1] = TYOK(a) && TYOK(b) ? type_arith_cached(s, g, (int)a, (int)b, *ip == OP_MINUS) : 0;
            ip += 1; NEXT;
        }
        vmcase(MOVESOF) {
            /* the moves of another type, for the moving piece, from the cursor */
            a = *--sp;
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
                    if (!ATOM_PLAIN(at)) {            /* a leg, a hop, zones: as the generator */
                        if (!s->line_to && !(s->line_to = malloc(sizeof *s->line_to * (size_t)g->nsq))) out_of_memory("a line's squares");
                        s->nline_to = 0;
                        line_targets(p, (int)L[0], at, PLOK(mover) ? mover : 0, collect_line_target, s);
                        for (int k = 0; k < s->nline_to; k++) {
                            L2[0] = s->line_to[k];
                            if (c->mode == RUN_GEN) {
                                GEN_EMIT(L2[4] ? MK_LANDED : MK_MOVE, 0, L2);
                            } else if (s->line_to[k] == c->target) { c->found = 1; goto done; }
                        }
                        continue;
                    }
                    int d = g->dir_map[PLOK(mover) ? mover : 0][at->dir], sq = (int)L[0];
                    for (;;) {
                        sq = g->neighbor[sq * g->ndirs + d];
                        if (sq < 0) break;
                        int32_t w = TOP(sq);
                        int en = w && PW_OWNER(w) >= 0 && PW_OWNER(w) != mover;
                        if (w ? (en && at->mode != MODE_MOVE) : at->mode != MODE_CAPTURE) {
                            L2[0] = sq;
                            if (c->mode == RUN_GEN) {
                                GEN_EMIT(L2[4] ? MK_LANDED : MK_MOVE, 0, L2);
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
                    if (c->mode == RUN_GEN && c->out->stopped) goto done;   /* (GEN_EMIT) */
                }
            }
            ip += 1; NEXT;
        }
        vmcase(LAND)
            if (!land_piece(p, c, L, LINE)) goto fail;
            ip += 1; NEXT;
        vmcase(LANDPART)
            if (c->mode != RUN_GEN || !land_part(p, c, L, OPND(1), LINE)) goto fail;
            ip += 2; NEXT;
        vmcase(EMITTED)
            /* (a run resumed after a stop counts the moves it skips: the same count each time) */
            *sp++ = c->mode != RUN_GEN || !c->out ? 0
                  : c->out->emit_watch ? c->out->unit_emits
                  : c->out->n + (c->count ? c->count->n + c->count->lines : 0);
            ip += 1; NEXT;
        vmcase(SQUARE)
            b = *--sp; a = sp[-1];
            sp[-1] = a >= 1 && a <= g->files && b >= 1 && b <= g->ranks ? game_sq_at(g, a - 1, b - 1) : -1;
            ip += 1; NEXT;
        vmcase(RESULT)
            p->result = OPND(1); p->result_reason = OPND(2);
            goto done;
        vmcase(RESULTFOR) {
            /* a win of player P: of the side to move, a win; of another with two players in,
             * the side's loss; else P's win (Pos.result_player) */
            int64_t who = *--sp;
            p->result_reason = OPND(2);
            if (who == pos_turn(p)) p->result = RESULT_WIN;
            else if (PLOK(who) && __builtin_popcount(pos_alive(p)) > 2 && (pos_alive(p) >> who & 1)) {
                p->result = RESULT_WIN; p->result_player = (int)who;
            } else p->result = PLOK(who) ? RESULT_LOSS : 0;
            goto done;
        }
        vmcase(RET)
            if (c->mode == RUN_HOOK) goto done;
            goto fail;
        vmcase(BAIL)
            c->bailed = 1;
            goto done;
        default:
            pos_runtime_error(p, LINE, "bad opcode %d", *ip);
        }
        continue;
    counted:                    /* moves counted natively (vm.c): the budget, chunk and work */
        s->w.work += row.work;
        since = 0; budget = row.budget; chunk = row.chunk;
        continue;
    counted_fail:               /* ... and the branch fails, as after the last of them */
        s->w.work += row.work;
        since = 0; budget = row.budget; chunk = row.chunk;
    fail:
        if (s->nch == base_ch) {
            if (c->mode == RUN_HOOK) c->failed = 1;
            goto done;
        }
        {
            Choice *ch = &s->ch[s->nch - 1];
            if (p->ntrail > ch->trail_mark) pos_undo_to(p, ch->trail_mark);
            /* what the branches since the choice deferred is no branch's now: the branch taken
             * up, and every choice under it, was made before it and chains only older entries
             * (a kept choice, below, stays made at this length) */
            s->deferred.n = ch->deferred_n;
            restore_locals(L, s->locs + ch->loc_off, ch);
            ip = code + ch->pc; sp = stk;
            /* A CHOOSELIST or CHOOSEBIT resumed here pushes at once a choice with these very
             * locals but its cursor: the choice stays, and the instruction writes the cursor
             * into it (AGAIN_CHOICE) or drops it (DROP_KEPT), instead of a pop and a copy. */
            if (resumes_kept[*ip]) kept = 1;
            else { s->nch--; s->nlocs = ch->loc_off; }
        }
    }
checkpoint:                     /* `chunk` steps run since the last look at the bounds */
    since += chunk - budget;
    if (!s->free_work) s->w.work += chunk - budget;
    if (since > step_limit) goto out_of_steps;
    budget = chunk = step_limit - since < CHECK_EVERY ? step_limit - since : CHECK_EVERY;
    CHECK_BOUNDS();
    goto resume;
out_of_steps:
    pos_runtime_error(p, LINE, "a program ran more than %ld instructions without emitting a move "
                      "(an endless loop? `moves steps N;` allows N)", step_limit);
done:
    CHARGE(0);
    s->nch = base_ch; s->nlocs = base_locs; s->nnb = note_start; s->nqb = qual_start;
    s->deferred.n = deferred_start;
    if (c->mode != RUN_HOOK) pos_undo_to(p, trail_start);
    else if (c->then_legal) {
        /* `after-move` of a move tested where it is emitted has ended: the rest of its make,
         * and `legal` in this same run (one entry of the loop for the two; step 52) */
        const Move *m_ = c->then_legal;
        c->then_legal = NULL;
        pos_make_rest(p, m_, mover, g->probe);
        c->fn = g->hook_fn[HOOK_LEGAL]; c->nlegal = -3;
        f = &g->fns[c->fn];
        goto enter;
    }
}
