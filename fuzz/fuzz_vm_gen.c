/* fuzz_vm_gen.c - the VM on random valid rules files.
 *
 * The input bytes drive a generator (the bytes are its choices; past the end every choice is
 * 0) that writes a small rules program from the language's grammar: a board (with holes, and
 * stacks), directions and direction sets, symmetry, zones, flags, global/player/square/piece
 * variables, a few pieces with leap/ride atoms and move programs (step, go, require, if,
 * either, choose, for, repeat, while, let, emit/emit stay/suffixes, become, capture, remove,
 * place, change, owner, move, move stack, give/take, land, again, note, qualify, distinct,
 * moves-of, assignments), drops, a top-level `moves` block, the hooks (legal, after-move,
 * turn-start, on capture, end) and a random start position. Most programs compile; those that
 * do not are simply skipped (fz_compile still checks that a refusal has a message).
 *
 * A compiled game is run from its start: legal moves and their strings, a perft to depth 2
 * (bounded), a depth-2 search, then a playout whose moves the remaining input bytes pick, with
 * the incremental hash checked after every make and unmake. A runtime error (endless loop,
 * overfull stack, division by zero...) is an ordinary result; any sanitizer report is a bug in
 * the compiler, the verifier or the VM: a valid rules file must never make the VM read or
 * write out of bounds.
 *
 * FUZZ_VERBOSE=1 prints each generated program and why it did not compile (to tune the
 * generator); `fuzz_vm_gen -runs=0 FILE` with FUZZ_PRINT=1 prints the program of one input.
 */
#include <stdarg.h>
#include "fuzz_common.h"

/* ---------------------------------------------------------------- choices ---- */

typedef struct {
    const uint8_t *d; size_t n, i;
    char *out; size_t len, cap;
    int depth;                 /* statement nesting */
    int nstmts;                /* statements written (bounded: the file stays small) */
    int cur_type;              /* the piece whose program is being written */
    int edepth;                /* expression nesting */
    /* what the game declares */
    int files, ranks, stack, nplayers, ntypes, ndirs, drops, nlocals;
    int has_flags, has_pvar_int, has_pvar_bool, has_sqvar, has_plvar, has_gvar, has_sqgvar;
    int hole[8][8];
    int kind;                  /* what the program being written is: 0 piece moves, 1 hook,
                                  2 drops, 3 top-level moves, 4 attack, 5 end hook, 6 capture hook */
    int locals_dir, locals_int, locals_sq;   /* counts of locals of each type in scope */
} Gen;

static unsigned pick(Gen *G, unsigned n)
{
    if (n <= 1) return 0;
    unsigned v = 0;
    if (G->i < G->n) v = G->d[G->i++];
    if (n > 256 && G->i < G->n) v = v << 8 | G->d[G->i++];
    return v % n;
}
static int chance(Gen *G, unsigned pct) { return pick(G, 100) < pct; }

static void out(Gen *G, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int k = vsnprintf(G->out + G->len, G->cap - G->len, fmt, ap);
        va_end(ap);
        if (k >= 0 && (size_t)k < G->cap - G->len) { G->len += (size_t)k; return; }
        G->cap = G->cap * 2 + (size_t)k + 256;
        G->out = realloc(G->out, G->cap);
        if (!G->out) abort();
    }
}

static const char *const DIRN[] = { "n", "s", "e", "w", "ne", "nw", "se", "sw" };
#define NDIRN 8
static const char *const DIRSETS[] = { "orth", "diag", "all8", "knight", "odd", "[n e]", "[ne, sw]", "fwd" };
#define NDIRSETS 8
static const char *const PLAYERS[] = { "White", "Black", "Red" };
static const char *const LETTERS[] = { "w", "b", "r" };
static const char *const CODES[] = { "K", "A", "B", "C", "D", "E", "F", "G" };

/* ---------------------------------------------------------------- expressions ---- */

static void e_int(Gen *G);
static void e_bool(Gen *G);
static void e_sq(Gen *G);

static void e_dir(Gen *G)
{
    unsigned k = pick(G, 5);
    if (k == 0 && G->locals_dir) { out(G, "d%u", pick(G, (unsigned)G->locals_dir)); return; }
    if (k == 1) { out(G, "-"); }
    out(G, "%s", DIRN[pick(G, NDIRN)]);
}

static void e_type(Gen *G)
{
    unsigned k = pick(G, 6);
    if (k == 0 && G->edepth < 4) { G->edepth++; out(G, "type(at("); e_sq(G); out(G, "))"); G->edepth--; return; }
    if (k == 1 && G->kind == 2) { out(G, "dropping"); return; }
    if (k == 2 && G->ntypes >= 3 && G->edepth < 4) { out(G, "combine(T1, T2)"); return; }
    out(G, "T%u", pick(G, (unsigned)G->ntypes));
}

static void e_player(Gen *G)
{
    unsigned k = pick(G, 6);
    if (k == 0) { out(G, "opponent"); return; }
    if (k == 1 && G->edepth < 4) { G->edepth++; out(G, "owner(at("); e_sq(G); out(G, "))"); G->edepth--; return; }
    if (k == 2) { out(G, "%s", PLAYERS[pick(G, (unsigned)G->nplayers)]); return; }
    out(G, "mover");
}

static void e_sq(Gen *G)
{
    if (G->edepth > 5) { out(G, "%s", G->kind == 1 || G->kind >= 5 ? "move.to" : "here"); return; }
    G->edepth++;
    unsigned k = pick(G, 10);
    int cursor = G->kind != 1 && G->kind != 5 && G->kind != 6;
    switch (k) {
    case 0: if (cursor) { out(G, "from"); break; } /* fall through */
    case 1: out(G, "step("); e_sq(G); out(G, ", "); e_dir(G); out(G, ")"); break;
    case 2: out(G, "square("); e_int(G); out(G, ", "); e_int(G); out(G, ")"); break;
    case 3: if (G->has_sqgvar) { out(G, "ep"); break; } /* fall through */
    case 4: {
        int x = (int)pick(G, (unsigned)G->files), y = (int)pick(G, (unsigned)G->ranks);
        if (G->hole[x][y]) out(G, "none"); else out(G, "%c%d", 'a' + x, y + 1);
        break;
    }
    case 5: out(G, "move.%s", pick(G, 2) ? "from" : "to"); break;
    case 6: if (G->locals_sq) { out(G, "q%u", pick(G, (unsigned)G->locals_sq)); break; } /* fall through */
    case 7: out(G, "step("); e_sq(G); out(G, ", "); e_dir(G); out(G, ", "); e_player(G); out(G, ")"); break;
    default: out(G, "%s", cursor ? "here" : "move.to");
    }
    G->edepth--;
}

static void e_int(Gen *G)
{
    if (G->edepth > 5) { out(G, "%u", pick(G, 10)); return; }
    G->edepth++;
    static const char *const ops[] = { "+", "-", "*", "/", "%" };
    switch (pick(G, 16)) {
    case 0: out(G, "%d", (int)pick(G, 20) - 5); break;
    case 1: out(G, "%u", pick(G, 4) == 0 ? 2147483647u : pick(G, 1000)); break;
    case 2: if (G->has_gvar) { out(G, "cnt"); break; } /* fall through */
    case 3: if (G->has_plvar) { out(G, "score["); e_player(G); out(G, "]"); break; } /* fall through */
    case 4: if (G->has_sqvar) { out(G, "heat["); e_sq(G); out(G, "]"); break; } /* fall through */
    case 5: out(G, "%s(", pick(G, 2) ? "file" : "rank"); e_sq(G); out(G, ")"); break;
    case 6: out(G, "count("); e_type(G); out(G, ", "); e_player(G); out(G, ")"); break;
    case 7: out(G, "hand("); e_player(G); out(G, ", "); e_type(G); out(G, ")"); break;
    case 8: out(G, "abs("); e_int(G); out(G, ")"); break;
    case 9: out(G, "%s(", pick(G, 2) ? "min" : "max"); e_int(G); out(G, ", "); e_int(G); out(G, ")"); break;
    case 10: if (G->has_pvar_int) { out(G, "hp["); e_sq(G); out(G, "]"); break; } /* fall through */
    case 11: if (G->locals_int) { out(G, "i%u", pick(G, (unsigned)G->locals_int)); break; } /* fall through */
    case 12: out(G, "-("); e_int(G); out(G, ")"); break;
    case 13: if (G->stack > 1) { out(G, "height("); e_sq(G); out(G, ")"); break; } /* fall through */
    case 14: if (G->kind == 5) { out(G, "repetition"); break; } /* fall through */
    default: out(G, "("); e_int(G); out(G, " %s ", ops[pick(G, 5)]); e_int(G); out(G, ")");
    }
    G->edepth--;
}

static void e_bool(Gen *G)
{
    if (G->edepth > 5) { out(G, pick(G, 2) ? "true" : "false"); return; }
    G->edepth++;
    static const char *const cmp[] = { "==", "!=", "<", "<=", ">", ">=" };
    int cursor = G->kind != 1 && G->kind != 5 && G->kind != 6;
    switch (pick(G, 18)) {
    case 0: if (cursor) { out(G, "%s", pick(G, 3) == 0 ? "empty" : pick(G, 2) ? "enemy" : "friend"); break; } /* fall through */
    case 1: out(G, "%s(", pick(G, 3) == 0 ? "empty" : pick(G, 2) ? "enemy" : "friend"); e_sq(G); out(G, ")"); break;
    case 2: if (G->kind != 4) { out(G, "attacked("); e_sq(G); out(G, ")"); break; } /* fall through */
    case 3: if (G->kind != 4) { out(G, "in-check"); break; } /* fall through */
    case 4: e_int(G); out(G, " %s ", cmp[pick(G, 6)]); e_int(G); break;
    case 5: e_sq(G); out(G, " %s ", pick(G, 2) ? "==" : "!="); e_sq(G); break;
    case 6: e_sq(G); out(G, " in promo"); break;
    case 7: out(G, "at("); e_sq(G); out(G, ") is "); e_type(G); break;
    case 8: out(G, "not "); e_bool(G); break;
    case 9: out(G, "("); e_bool(G); out(G, " and "); e_bool(G); out(G, ")"); break;
    case 10: out(G, "("); e_bool(G); out(G, " or "); e_bool(G); out(G, ")"); break;
    case 11: if (G->has_pvar_bool) { out(G, "moved["); e_sq(G); out(G, "]"); break; } /* fall through */
    case 12: if (G->has_flags) { out(G, "%c in fl", 'A' + pick(G, 3)); break; } /* fall through */
    case 13: if (G->kind == 5) { out(G, "no-moves"); break; } /* fall through */
    case 14: e_player(G); out(G, " == "); e_player(G); break;
    case 15: if (G->kind != 4) { out(G, "can-move-to("); e_sq(G); out(G, ")"); break; } /* fall through */
    case 16: if (G->kind != 4) { out(G, "attacks("); e_sq(G); out(G, ", "); e_sq(G); out(G, ")"); break; } /* fall through */
    default: e_dir(G); out(G, " in %s", DIRSETS[pick(G, 5)]);
    }
    G->edepth--;
}

/* ---------------------------------------------------------------- statements ---- */

static void indent(Gen *G) { for (int i = 0; i < G->depth + 1; i++) out(G, "  "); }
static void stmts(Gen *G, int n);

static void block(Gen *G, int n)
{
    out(G, "{\n");
    G->depth++;
    int ld = G->locals_dir, li = G->locals_int, lq = G->locals_sq;
    stmts(G, n);
    G->locals_dir = ld; G->locals_int = li; G->locals_sq = lq;
    G->depth--;
    indent(G); out(G, "}");
}

static void stmt(Gen *G)
{
    if (++G->nstmts > 120) { indent(G); out(G, "require true;\n"); return; }
    int moveprog = G->kind == 0 || G->kind == 2 || G->kind == 3 || G->kind == 4;
    int piece = G->kind == 0 || G->kind == 4;
    int changes = G->kind != 4;                       /* attack programs cannot change state */
    int deep = G->depth >= 4;
    indent(G);
    for (int tries = 0; tries < 4; tries++) {
        unsigned k = pick(G, 40);
        switch (k) {
        case 0: case 1: case 2:
            if (!moveprog) continue;
            out(G, "step "); e_dir(G); out(G, ";\n"); return;
        case 3:
            if (!moveprog) continue;
            out(G, "go "); e_sq(G); out(G, ";\n"); return;
        case 4: case 5:
            out(G, "require "); e_bool(G); out(G, ";\n"); return;
        case 6: case 7:
            if (deep) continue;
            out(G, "if "); e_bool(G); out(G, " "); block(G, 1 + (int)pick(G, 3));
            if (chance(G, 40)) { out(G, " else "); block(G, 1 + (int)pick(G, 2)); }
            out(G, "\n"); return;
        case 8: case 9:
            if (deep || !moveprog) continue;
            out(G, "either "); block(G, 1 + (int)pick(G, 3));
            for (unsigned j = 0, m = 1 + pick(G, 3); j < m; j++) { out(G, " or "); block(G, 1 + (int)pick(G, 3)); }
            out(G, "\n"); return;
        case 10: case 11: {
            if (deep || !moveprog) continue;
            int d = G->locals_dir;
            if (d >= 4) continue;
            out(G, "choose d%d in %s ", d, DIRSETS[pick(G, NDIRSETS)]);
            G->locals_dir++;
            block(G, 1 + (int)pick(G, 4));
            G->locals_dir = d;
            out(G, "\n"); return;
        }
        case 12: {
            if (deep) continue;
            int d = G->locals_dir;
            if (d >= 4) continue;
            out(G, "for d%d in %s ", d, DIRSETS[pick(G, NDIRSETS)]);
            G->locals_dir++;
            block(G, 1 + (int)pick(G, 3));
            G->locals_dir = d;
            out(G, "\n"); return;
        }
        case 13:
            if (deep) continue;
            out(G, "repeat "); e_int(G); out(G, " "); block(G, 1 + (int)pick(G, 2)); out(G, "\n"); return;
        case 14:
            if (deep || !chance(G, 30)) continue;
            out(G, "while "); e_bool(G); out(G, " "); block(G, 1 + (int)pick(G, 2)); out(G, "\n"); return;
        case 15:
            if (G->locals_int >= 4) continue;
            out(G, "let i%d = ", G->locals_int); e_int(G); out(G, ";\n"); G->locals_int++; return;
        case 16:
            if (G->locals_sq >= 4) continue;
            out(G, "let q%d = ", G->locals_sq); e_sq(G); out(G, ";\n"); G->locals_sq++; return;
        case 17: case 18: case 19: case 20:
            if (G->kind == 2) { out(G, "emit drop;\n"); return; }
            if (G->kind == 3) { out(G, "emit stay;\n"); return; }
            if (!moveprog) continue;
            switch (pick(G, 5)) {
            case 0: out(G, "emit stay;\n"); return;
            case 1: out(G, "emit \"%c\";\n", 'x' + pick(G, 3)); return;
            default: out(G, "emit;\n"); return;
            }
        case 21:
            if (!piece || G->kind == 4) continue;
            out(G, "become "); e_type(G); out(G, ";\n"); return;
        case 22:
            if (!changes) continue;
            out(G, "%s ", pick(G, 2) ? "capture" : "remove"); e_sq(G); out(G, ";\n"); return;
        case 23:
            if (!changes) continue;
            out(G, "place "); e_type(G); out(G, " for ");
            if (chance(G, 15)) out(G, "none"); else e_player(G);
            out(G, " at "); e_sq(G); out(G, ";\n"); return;
        case 24:
            if (!changes) continue;
            out(G, "change "); e_sq(G); out(G, " to "); e_type(G); out(G, ";\n"); return;
        case 25:
            if (!changes) continue;
            out(G, "owner "); e_sq(G); out(G, " = "); e_player(G); out(G, ";\n"); return;
        case 26:
            if (!changes) continue;
            out(G, "move %s", G->stack > 1 && chance(G, 50) ? "stack " : "");
            e_sq(G); out(G, " to "); e_sq(G); out(G, ";\n"); return;
        case 27: {
            if (!changes) continue;
            int give = (int)pick(G, 2);
            out(G, "%s ", give ? "give" : "take"); e_type(G);
            out(G, " %s ", give ? "to" : "from"); e_player(G); out(G, ";\n");
            return;
        }
        case 28:
            if (!piece || G->kind == 4) continue;
            out(G, "land;\n"); return;
        case 29:
            if (!moveprog || G->kind == 4 || !chance(G, 40)) continue;
            out(G, "again;\n"); return;
        case 30:
            if (!moveprog || G->kind == 4) continue;
            switch (pick(G, 4)) {
            case 0: out(G, "note "); e_sq(G); out(G, ";\n"); return;
            case 1: out(G, "note \"+\", "); e_int(G); out(G, ";\n"); return;
            case 2: out(G, "qualify "); e_sq(G); out(G, ";\n"); return;
            default: out(G, "qualify before "); e_type(G); out(G, ";\n"); return;
            }
        case 31:
            if (!moveprog || deep || G->kind == 4) continue;
            out(G, "distinct "); block(G, 1 + (int)pick(G, 3)); out(G, "\n"); return;
        case 32:
            /* moves-of: of any type; while finding F6 is open (FUZZ_KNOWN has F6) only of a later
               type, since a type that reaches itself recurses without a bound */
            if (!piece || !chance(G, 50)) continue;
            if (!fz_known("F6")) { out(G, "moves-of("); e_type(G); out(G, ");\n"); return; }
            if (G->cur_type + 1 >= G->ntypes) continue;
            out(G, "moves-of(T%d);\n", G->cur_type + 1 + (int)pick(G, (unsigned)(G->ntypes - G->cur_type - 1)));
            return;
        case 33:
            if (!changes || !G->has_gvar) continue;
            out(G, "cnt %s ", pick(G, 2) ? "=" : "+="); e_int(G); out(G, ";\n"); return;
        case 34:
            if (!changes || !G->has_plvar) continue;
            out(G, "score["); e_player(G); out(G, "] += "); e_int(G); out(G, ";\n"); return;
        case 35:
            if (!changes || !G->has_sqvar) continue;
            out(G, "heat["); e_sq(G); out(G, "] = "); e_int(G); out(G, ";\n"); return;
        case 36:
            if (!changes || !(G->has_pvar_int || G->has_pvar_bool)) continue;
            if (G->has_pvar_int && (!G->has_pvar_bool || pick(G, 2))) {
                out(G, "hp["); e_sq(G);
                if (G->stack > 1 && chance(G, 30)) { out(G, ", "); e_int(G); }
                out(G, "] = "); e_int(G); out(G, ";\n");
            } else { out(G, "moved["); e_sq(G); out(G, "] = "); e_bool(G); out(G, ";\n"); }
            return;
        case 37:
            if (!changes || !G->has_sqgvar) continue;
            out(G, "ep = "); e_sq(G); out(G, ";\n"); return;
        case 38:
            if (!changes || !G->has_flags) continue;
            out(G, "fl = fl %s %c;\n", pick(G, 2) ? "-" : "+", 'A' + pick(G, 3)); return;
        case 39:
            if (deep || !piece || G->kind == 4) continue;
            out(G, "choose t in T0 T1 { become t; emit; }\n"); return;
        }
    }
    out(G, "require true;\n");
}

static void stmts(Gen *G, int n)
{
    for (int i = 0; i < n; i++) stmt(G);
}

/* ---------------------------------------------------------------- the file ---- */

static void gen_start(Gen *G)
{
    out(G, "start \"");
    for (int y = G->ranks - 1; y >= 0; y--) {
        int empty = 0;
        for (int x = 0; x < G->files; x++) {
            if (G->hole[x][y]) continue;
            unsigned k = pick(G, 10);
            if (k < 6) { empty++; continue; }
            if (empty) { out(G, "%d", empty); empty = 0; }
            int h = G->stack > 1 && chance(G, 20) ? 2 : 1;
            if (h > 1) out(G, "[");
            for (int l = 0; l < h; l++) {
                int t = (int)pick(G, (unsigned)G->ntypes), o = (int)pick(G, 2);
                char c = CODES[t][0];
                out(G, "%c", o ? c - 'A' + 'a' : c);
            }
            if (h > 1) out(G, "]");
        }
        if (empty) out(G, "%d", empty);
        if (y) out(G, "/");
    }
    out(G, " %s", LETTERS[pick(G, (unsigned)G->nplayers)]);
    if (G->drops) out(G, " %s", chance(G, 50) ? "AAb" : "-");
    out(G, "\";\n");
}

static void gen_piece(Gen *G, int t)
{
    G->cur_type = t;
    out(G, "piece T%d \"%s\"", t, CODES[t]);
    if (chance(G, 60)) out(G, " value %u", 100 + pick(G, 800));
    if (t == 0 && chance(G, 60)) out(G, " royal");
    out(G, " {\n");
    for (unsigned a = 0, na = pick(G, 3); a < na; a++) {
        static const char *const modes[] = { "", " move", " capture" };
        out(G, "  %s %s%s;\n", pick(G, 2) ? "leap" : "ride", DIRSETS[pick(G, 5)], modes[pick(G, 3)]);
    }
    if (chance(G, 20)) out(G, "  attack %s %s;\n", pick(G, 2) ? "leap" : "ride", DIRSETS[pick(G, 5)]);
    if (chance(G, 70)) {
        G->kind = 0; G->depth = 0;
        out(G, "  moves ");
        block(G, 1 + (int)pick(G, 6));
        out(G, "\n");
    }
    if (chance(G, 15)) {
        if (pick(G, 2)) out(G, "  attack moves;\n");
        else { G->kind = 4; G->depth = 0; out(G, "  attack "); block(G, 1 + (int)pick(G, 3)); out(G, "\n"); }
    }
    if (chance(G, 15)) out(G, "  bonus centre;\n");
    out(G, "}\n");
}

static void gen_hook(Gen *G, const char *name, int kind, int n)
{
    G->kind = kind; G->depth = 0;
    out(G, "%s ", name);
    block(G, n);
    out(G, "\n");
}

/* The existing squares of a rank (a zone item list), or the first square of the board. */
static void zone_rank(Gen *G, int y)
{
    int any = 0;
    for (int x = 0; x < G->files; x++)
        if (!G->hole[x][y]) { out(G, " %c%d", 'a' + x, y + 1); any = 1; }
    for (int yy = 0; yy < G->ranks && !any; yy++)
        for (int x = 0; x < G->files && !any; x++)
            if (!G->hole[x][yy]) { out(G, " %c%d", 'a' + x, yy + 1); any = 1; }
}

static void generate(Gen *G)
{
    G->files = 2 + (int)pick(G, 7);
    G->ranks = 2 + (int)pick(G, 7);
    G->nplayers = chance(G, 15) ? 3 : 2;
    G->ntypes = 2 + (int)pick(G, 4);
    G->stack = chance(G, 20) ? 2 + (int)pick(G, 3) : 1;
    out(G, "game \"generated\";\n");
    out(G, "players White \"w\", Black \"b\"%s;\n", G->nplayers == 3 ? ", Red \"r\"" : "");
    out(G, "board %d x %d", G->files, G->ranks);
    if (chance(G, 20)) {
        out(G, " without");
        for (unsigned i = 0, m = 1 + pick(G, 3); i < m; i++) {
            int x = (int)pick(G, (unsigned)G->files), y = (int)pick(G, (unsigned)G->ranks);
            if (G->hole[x][y]) continue;
            G->hole[x][y] = 1;
            out(G, " %c%d", 'a' + x, y + 1);
        }
        /* keep at least one square */
        int any = 0;
        for (int x = 0; x < G->files; x++) for (int y = 0; y < G->ranks; y++) any |= !G->hole[x][y];
        if (!any) { G->hole[0][0] = 0; }
    }
    out(G, ";\n");
    if (G->stack > 1) out(G, "stack %d;\n", G->stack);
    out(G, "direction n = (0,1), s = (0,-1), e = (1,0), w = (-1,0), ne = (1,1), nw = (-1,1), se = (1,-1), sw = (-1,-1);\n");
    int k2x = 2 + (int)pick(G, 2), k2y = (int)pick(G, 7) - 3;
    int fx = (int)pick(G, 61) - 30, fy = 3 + (int)pick(G, 28);
    out(G, "dirs odd = (1,2) (%d,%d) (%d,%d);\n", k2x, k2y, fx, fy);
    if (chance(G, 80)) out(G, "symmetry Black: n s, ne se, nw sw;\n");
    if (G->nplayers == 3 && chance(G, 50)) out(G, "symmetry Red: e w, ne nw, se sw;\n");
    out(G, "dirs orth = n e s w;\ndirs diag = ne nw se sw;\ndirs all8 = orth diag;\n");
    out(G, "dirs knight = (1,2) (2,1) (2,-1) (1,-2) (-1,-2) (-2,-1) (-2,1) (-1,2);\ndirs fwd = n ne nw;\n");
    out(G, "zone promo = White:");
    zone_rank(G, G->ranks - 1);
    out(G, ", Black:");
    zone_rank(G, 0);
    out(G, ";\n");
    out(G, "attribute centre: int = %d { }\n", (int)pick(G, 40) - 20);
    if ((G->has_gvar = chance(G, 60))) out(G, "var cnt: int = %u%s;\n", pick(G, 5), chance(G, 30) ? " uncounted" : "");
    if ((G->has_sqgvar = chance(G, 40))) out(G, "var ep: square = none%s;\n", chance(G, 70) ? " reset" : "");
    if ((G->has_plvar = chance(G, 40))) out(G, "player var score: int = 0;\n");
    if ((G->has_sqvar = chance(G, 30))) out(G, "square var heat: int = 0;\n");
    if ((G->has_pvar_bool = chance(G, 40))) out(G, "piece var moved: bool;\n");
    if ((G->has_pvar_int = chance(G, 40))) out(G, "piece var hp: int 0..%u;\n", 1 + pick(G, 200));
    if ((G->has_flags = chance(G, 30))) out(G, "flags fls = A B C;\nvar fl: fls = A C;\n");
    if (chance(G, 15)) out(G, "moves distinct;\n");
    if (G->ntypes >= 3 && chance(G, 30)) out(G, "compound T2 = T0 + T1;\n");
    for (int t = 0; t < G->ntypes; t++) gen_piece(G, t);
    if ((G->drops = chance(G, 20))) {
        G->kind = 2; G->depth = 0;
        out(G, "drops { choose s in board { go s; require empty; ");
        G->depth = 1;
        stmts(G, (int)pick(G, 3));
        out(G, " emit drop; } }\n");
    }
    if (chance(G, 15)) gen_hook(G, "moves", 3, 1 + (int)pick(G, 4));
    if (chance(G, 50)) out(G, "legal { require not in-check; }\n");
    else if (chance(G, 30)) gen_hook(G, "legal", 1, 1 + (int)pick(G, 3));
    if (chance(G, 40)) gen_hook(G, "after-move", 1, 1 + (int)pick(G, 4));
    if (chance(G, 20)) gen_hook(G, "turn-start", 1, 1 + (int)pick(G, 3));
    if (chance(G, 25)) {
        /* issue 18: a capture hook that captures runs itself again; half of them do, on a
         * square they fill first (a random `capture` in a hook seldom found a piece) */
        G->kind = 6; G->depth = 0;
        out(G, "on capture {\n");
        if (pick(G, 2)) {
            out(G, "  let cs = "); e_sq(G); out(G, ";\n  place "); e_type(G); out(G, " for ");
            e_player(G); out(G, " at cs;\n  capture cs;\n");
        }
        out(G, "  "); block(G, 1 + (int)pick(G, 3));
        out(G, "\n}\n");
    }
    if (chance(G, 50)) {
        G->kind = 5; G->depth = 0;
        out(G, "end {\n  if no-moves { lose \"stuck\"; }\n");
        if (chance(G, 50)) out(G, "  if repetition >= 3 { draw \"repetition\"; }\n");
        stmts(G, (int)pick(G, 3));
        out(G, "}\n");
    }
    gen_start(G);
}

/* ---------------------------------------------------------------- running ---- */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc; (void)argv;
    if (!getenv("FUZZ_PRINT")) fz_quiet();
    fz_limits();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Gen G = { .d = data, .n = size };
    G.cap = 4096; G.out = malloc(G.cap);
    if (!G.out) abort();
    generate(&G);
    size_t used = G.i;
    if (getenv("FUZZ_PRINT")) fprintf(fz_real_stderr(), "%.*s", (int)G.len, G.out);
    char *msg = NULL;
    Game *g = fz_compile((const uint8_t *)G.out, G.len, "generated.rules", 0, NULL, &msg);
    if (!g) {
        if (getenv("FUZZ_VERBOSE") || getenv("FUZZ_PRINT"))
            fprintf(fz_real_stderr(), "---- did not compile:\n%.*s%s", getenv("FUZZ_PRINT") ? 0 : (int)G.len, G.out, msg);
        free(msg); free(G.out);
        return 0;
    }
    free(msg);

    Pos *volatile p = pos_new(g);
    Engine *volatile eng = NULL;
    jmp_buf jb;
    if (setjmp(jb)) {
        FZ_CHECK(p->errmsg[0], "a runtime error without a message");
        FZ_CHECK(!strstr(p->errmsg, "internal error"), "%s", p->errmsg);
        if (getenv("FUZZ_PRINT")) fprintf(fz_real_stderr(), "---- runtime error: %s\n", p->errmsg);
        goto out;
    }
    p->on_error = &jb;
    char e[256] = "";
    if (!pos_from_string(p, g->start, e, sizeof e)) {
        FZ_CHECK(e[0], "start position refused without a message");
        if (getenv("FUZZ_PRINT")) fprintf(fz_real_stderr(), "---- bad start: %s\n", e);
        goto out;
    }
    double t0 = fz_now();
    MoveList *ml = fz_moves(p);
    fz_node_cost = fz_now() - t0;
    p->check_hash = ml->n <= 300;   /* a recompute per make: only for ordinary roots */
    /* a root of thousands of moves (a few lines of `choose` make 25000) or a slow one: the root
       alone has exercised the generator; its replies would take seconds each */
    int heavy = ml->n > 2000 || fz_node_cost > FZ_SLOW_NODE;
    fz_check_move_strings(g, ml, heavy ? 4 : 32);
    if (heavy) goto out;
    uint64_t n2 = fz_perft2(p, 48);
    if (getenv("FUZZ_PRINT")) fprintf(fz_real_stderr(), "---- %d moves, perft 2 (bounded) %llu\n", fz_moves(p)->n, (unsigned long long)n2);
    p->check_hash = 0;
    double ts = fz_now();
    fz_search2(g, p, &eng, 1);
    if (getenv("FUZZ_PRINT"))
        fprintf(fz_real_stderr(), "---- node cost %.6f s, search %.3f s\n", fz_node_cost, fz_now() - ts);
    /* a playout: the bytes the generator left pick the moves */
    p->check_hash = 1;
    double cost = fz_node_cost;
    for (int ply = 0; ply < 12 && used < size && cost <= FZ_SLOW_NODE; ply++) {
        double t1 = fz_now();
        ml = fz_moves(p);
        cost = fz_now() - t1;
        if (!ml->n) break;
        int k = data[used++] % ml->n;
        pos_make(p, ml, &ml->m[k]);
        fz_check_state(p, "after a move");
        char *s = pos_to_string(p);
        free(s);
    }
out:
    engine_free(eng);
    pos_free(p);
    game_free(g);
    free(G.out);
    return 0;
}
