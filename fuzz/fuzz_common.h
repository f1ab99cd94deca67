/* fuzz_common.h - shared helpers of the libFuzzer harnesses (fuzz/README.md).
 *
 * Every harness links the boardvm sources (everything in src/ except main.c and the command
 * files) plus the flex/bison outputs, built with -fsanitize=fuzzer,address,undefined.
 *
 * Runtime errors in rules code longjmp through Pos->on_error (position.c): every harness that
 * runs rules code sets a jmp_buf first, exactly as session.c's callers do, and frees the
 * position after the jump (pos_free, as cmd_perft does). A runtime error is an ordinary result
 * for a fuzzer; only a sanitizer report, a crash, a hang or a broken invariant (FZ_CHECK) is
 * a finding.
 */
#ifndef BOARDVM_FUZZ_COMMON_H
#define BOARDVM_FUZZ_COMMON_H

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game.h"
#include "gameload.h"
#include "make.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "position.h"
#include "posstring.h"
#include "search.h"
#include "session.h"
#include "vm.h"

/* The source tree, where the harnesses find the shipped rules files: fuzz/run.sh passes it;
 * the replays of `make check` (fuzz/replay_main.c) get the program's own (Makefile.am). */
#ifndef FUZZ_SRCDIR
#ifdef BOARDVM_SRCDIR
#define FUZZ_SRCDIR BOARDVM_SRCDIR
#else
#define FUZZ_SRCDIR "."
#endif
#endif

/* An invariant of the interface (not a sanitizer check): report it and abort, so libFuzzer
 * saves the input as a crash. */
#define FZ_CHECK(cond, ...)                                                        \
    do {                                                                           \
        if (!(cond)) {                                                             \
            fprintf(fz_real_stderr(), "FZ_CHECK failed: %s (%s:%d): ", #cond,      \
                    __FILE__, __LINE__);                                           \
            fprintf(fz_real_stderr(), __VA_ARGS__);                                \
            fputc('\n', fz_real_stderr());                                         \
            abort();                                                               \
        }                                                                          \
    } while (0)

/* The program's own messages (session.c's play_move, pos_runtime_error without on_error, the
 * out-of-memory exits) go to stdio's stderr. The harnesses send it to /dev/null unless
 * FUZZ_VERBOSE is set, so a fuzzing log shows only libFuzzer and the sanitizers (which write
 * to file descriptor 2 directly, not through stdio). */
static FILE *fz_saved_stderr;
static inline FILE *fz_real_stderr(void) { return fz_saved_stderr ? fz_saved_stderr : stderr; }
static inline void fz_quiet(void)
{
    if (fz_saved_stderr || getenv("FUZZ_VERBOSE")) return;
    fz_saved_stderr = stderr;
    FILE *null = fopen("/dev/null", "w");
    if (null) stderr = null;
}

/* The bound on one position's work (vm.c, GEN_BUDGET: 1e9 steps, a few seconds in a normal
 * build) takes about 30 s under the fuzzers' instrumentation (2e8 took 5.5 s), past their
 * 10-second timeout. The harnesses lower it to 2e7 (half a second): a hostile program then ends
 * in its runtime error, which is what is being tested. (nemoroth's heaviest test position needs
 * 1.9e8: such positions are a runtime error here, an ordinary result for the harnesses.) */
#define FZ_GEN_BUDGET 20000000L
/* The CPU seconds a compile may take under the harnesses' instrumentation: the largest shipped
 * rules file (Four Towers, 50 KB) takes about 0.1 s in a normal build; inputs are at most 32 KB. */
#define FZ_COMPILE_SECONDS 2.0
/* A first line `#!opt name=value ...` passes game options: split it into opts (at most max),
 * in line (its own copy); returns how many. */
static inline int fz_option_line(const uint8_t *data, size_t size, char *line, size_t linelen, char **opts, int max)
{
    int nopts = 0;
    if (size < 2 || data[0] != '#' || data[1] != '!') return 0;
    size_t n = 2;
    while (n < size && data[n] != '\n' && n - 2 < linelen - 1) n++;
    memcpy(line, data + 2, n - 2);
    line[n - 2] = 0;
    for (char *t = strtok(line, " \t\r"); t && nopts < max; t = strtok(NULL, " \t\r")) opts[nopts++] = t;
    return nopts;
}

/* ... and the whole input's work (vm_command_work, the CLI's --work) to 5e7 steps, a few seconds
 * instrumented: a record of 200 Four Towers moves, each position near its own bound, ran past
 * libFuzzer's timeout (issue 18), as the position harness had on Four Towers inputs. */
#define FZ_COMMAND_WORK 50000000L
static inline void fz_limits(void) { vm_gen_budget = FZ_GEN_BUDGET; vm_command_work = FZ_COMMAND_WORK; }

/* FUZZ_KNOWN="F6 F9": skip the harness checks of findings that are reported but not fixed
 * yet, so that a fuzzing run goes past them (run.sh sets it; `run.sh regress` does not). */
static inline int fz_known(const char *id)
{
    const char *k = getenv("FUZZ_KNOWN");
    return k && strstr(k, id) != NULL;
}

static inline const char *fz_srcdir(void)
{
    const char *d = getenv("BOARDVM_SRCDIR");
    return d && *d ? d : FUZZ_SRCDIR;
}

/* Compile a shipped rules file (path relative to the source tree); NULL if it is missing or
 * does not compile (the caller skips it). */
static inline Game *fz_load_rules(const char *rel)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", fz_srcdir(), rel);
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fclose(f);
    char *buf = NULL; size_t blen = 0;
    FILE *mem = open_memstream(&buf, &blen);
    size_t len;
    char *text = read_file(path, &len);
    int status;
    Game *g = text ? game_compile_to(text, len, rel, 0, NULL, &status, mem) : NULL;
    fclose(mem);
    if (!g) fprintf(fz_real_stderr(), "fuzz: %s does not compile, skipped:\n%s", path, buf ? buf : "");
    free(buf);
    free(text);
    return g;
}

/* Compile len bytes the way `boardvm check` does: a NUL-terminated copy (read_file adds the
 * terminator), messages into a memory stream. Checks the interface's promise: no game means a
 * status of 1 or 2 and a non-empty message. *msg receives the messages (malloc'ed) if msg is
 * not NULL. */
static inline Game *fz_compile(const uint8_t *data, size_t len, const char *name, int nopts, char **opts,
                               char **msg)
{
    char *text = malloc(len + 1);
    if (!text) abort();
    memcpy(text, data, len);
    text[len] = 0;
    char *buf = NULL; size_t blen = 0;
    FILE *mem = open_memstream(&buf, &blen);
    if (!mem) abort();
    int status = -1;
    clock_t t0 = clock();
    Game *g = game_compile_to(text, len, name, nopts, opts, &status, mem);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    /* a slow compile is a finding too (issue 18: `def` calls doubling per level took days) */
    FZ_CHECK(secs < FZ_COMPILE_SECONDS, "compiling %zu bytes took %.2f s of CPU", len, secs);
    fclose(mem);
    free(text);
    if (g) FZ_CHECK(status == 0, "a game compiled with status %d", status);
    else {
        FZ_CHECK(status == 1 || status == 2, "compile failed with status %d", status);
        FZ_CHECK(blen > 0, "compile failed (status %d) without any message", status);
    }
    if (msg) *msg = buf; else free(buf);
    return g;
}

/* The state is well formed: every piece word on the board names a type of the game and an owner
 * (or none, for neutral pieces), stacks have no gaps, hand counts are not negative. */
static inline void fz_check_state(const Pos *p, const char *what)
{
    const Game *g = p->g;
    for (int sq = 0; sq < g->nsq; sq++) {
        int gap = 0;
        for (int l = 0; l < g->stack; l++) {
            int32_t w = p->st[sq * g->stack + l];
            if (!w) { gap = 1; continue; }
            FZ_CHECK(!gap, "%s: a gap in the stack on %s (layer %d holds 0x%x)", what, g->sq_name[sq], l, (unsigned)w);
            FZ_CHECK(PW_TYPE(w) >= 1 && PW_TYPE(w) <= g->ntypes && PW_OWNER(w) >= -1 && PW_OWNER(w) < g->nplayers,
                     "%s: %s layer %d holds 0x%x, not a piece of this game", what, g->sq_name[sq], l, (unsigned)w);
        }
    }
    for (int pl = 0; pl < g->nplayers; pl++)
        for (int t = 1; t <= g->ntypes; t++)
            FZ_CHECK(p->st[g->st_hands + pl * (g->ntypes + 1) + t] >= 0, "%s: a negative hand count", what);
}

/* Legal moves of p into its ply-0 list (owned by p, so nothing leaks after a runtime error). */
static inline MoveList *fz_moves(Pos *p)
{
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    return ml;
}

/* Every legal move has a string that names it (move_find gives it back, or an earlier move
 * with the same string), and the string is a C string within MOVE_STR_MAX. A move's notes and
 * qualifiers are at most 4096 characters each (language.md, vm.c add_text): beyond that the
 * move lists' memory is unbounded (finding F9). */
static inline void fz_check_move_strings(const Game *g, const MoveList *ml, int max)
{
    for (int i = 0; i < ml->n && !fz_known("F9"); i++)
        FZ_CHECK(ml->m[i].nnote <= 4096 && ml->m[i].nqual <= 4096,
                 "move %d has %u characters of notes and %u of qualifiers (at most 4096 each)",
                 i, ml->m[i].nnote, ml->m[i].nqual);
    for (int i = 0; i < ml->n && i < max; i++) {
        char buf[MOVE_STR_MAX];
        memset(buf, 0x55, sizeof buf);
        move_string(g, ml, &ml->m[i], buf, sizeof buf);
        FZ_CHECK(memchr(buf, 0, sizeof buf) != NULL, "move string not terminated");
        int k = move_find(g, ml, buf);
        FZ_CHECK(k >= 0 && k <= i, "move %d '%s' is not found by move_find (got %d)", i, buf, k);
    }
}

#include <time.h>
static inline double fz_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Seconds one node (node_moves) took on average in the last fz_perft2; a node slower than
 * FZ_SLOW_NODE is not explored further (no replies, no search, no playout). */
static double fz_node_cost;
#define FZ_SLOW_NODE 0.05

/* A bounded perft: exactly perft(p, 2, 0) when the root has at most max_root moves, else the
 * replies of the first few root moves only, so that one input stays far below the fuzzer's
 * timeout (a game such as spinal-tap with `battle-move` has 2079 moves at the root and 17
 * million leaves at depth 2). */
static inline uint64_t fz_perft2(Pos *p, int max_root)
{
    double t0 = fz_now();
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    uint64_t n = 0;
    int nodes = 1;
    fz_node_cost = fz_now() - t0;
    /* a root of thousands of moves (a few lines of `choose` make 25000) or a slow one: its
       replies would take seconds each; the root alone has exercised the generator */
    if (ml->n > 2000 || fz_node_cost > FZ_SLOW_NODE) return (uint64_t)ml->n;
    if (ml->n <= max_root) { nodes += ml->n; n = perft(p, 2, 0); }
    else {
        for (int i = 0; i < 4; i++) {
            pos_make(p, ml, &ml->m[i]);
            n += perft(p, 1, 1);
            pos_unmake(p);
        }
        nodes += 4;
    }
    fz_node_cost = (fz_now() - t0) / nodes;
    return n;
}

/* The engine at depth 2, bounded in nodes (400). The engine looks at its node limit only once
 * every 1024 nodes, and a node of a generated game can cost a hundred milliseconds (programs
 * that run near the step budget between emits, deep in the quiescence search), so the search
 * cannot be bounded from outside in-process. When the perft said a node is cheap
 * (1100 * fz_node_cost below FZ_SEARCH_BUDGET) and `fork_always` is 0, the search runs in
 * process (its coverage guides the fuzzer). Otherwise it runs in a forked child with an alarm
 * of FZ_SEARCH_SECONDS: a child killed by the alarm was merely slow (skipped); a child that
 * crashed or reported a sanitizer error (ASan exits with status 1) is a finding, reported by
 * aborting here so that libFuzzer keeps the input. A runtime error in rules code is an
 * ordinary end in both cases. Huge roots (over 300 moves) are skipped. */
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#define FZ_SEARCH_BUDGET 0.1
#define FZ_SEARCH_SECONDS 2
static jmp_buf fz_child_jb;
static void fz_child_alarm(int sig) { (void)sig; _exit(77); }
/* A coverage build (fuzz/run.sh coverage) writes its profile in exit(), which _exit skips: the
 * child's search would count for nothing. (Not from the alarm: not safe in a signal handler.) */
extern int __llvm_profile_write_file(void) __attribute__((weak));
/* _exit skips LeakSanitizer's check at exit too: a search that leaks (F2: its root lists, after
 * a runtime error) would pass unseen. The child checks for leaks itself and exits with status 1
 * on one (its report is printed), which fz_search2 treats as a crash. What the parent allocated
 * is still referenced from the copy of its stack, so only the child's own leaks are reported.
 * Weak: NULL in a build without LeakSanitizer. */
extern int __lsan_do_recoverable_leak_check(void) __attribute__((weak));
static void fz_child_exit(void)
{
    if (__llvm_profile_write_file) __llvm_profile_write_file();
    if (__lsan_do_recoverable_leak_check && __lsan_do_recoverable_leak_check()) _exit(1);
    _exit(0);
}
static inline void fz_search_once(const Game *g, Pos *p, Engine *volatile *eng)
{
    *eng = engine_new(g, 1);
    SearchLimits lim = { .depth = 2, .nodes = 400 };
    SearchResult r;
    engine_search(*eng, p, &lim, &r);
    if (getenv("FUZZ_PRINT")) fprintf(fz_real_stderr(), "---- search: %llu nodes, depth %d, best %s\n", (unsigned long long)r.nodes, r.depth, r.best_str);
}
static inline void fz_search2(const Game *g, Pos *p, Engine *volatile *eng, int fork_always)
{
    if (fz_node_cost > FZ_SLOW_NODE) return;
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    if (ml->n > 300) return;
    if (!fork_always && 1100 * fz_node_cost <= FZ_SEARCH_BUDGET) { fz_search_once(g, p, eng); return; }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) return;                   /* no child: skip the search */
    if (pid == 0) {
        signal(SIGALRM, fz_child_alarm);
        alarm(FZ_SEARCH_SECONDS);
        if (setjmp(fz_child_jb)) fz_child_exit();  /* a runtime error: an ordinary end */
        p->on_error = &fz_child_jb;
        Engine *volatile e2 = NULL;
        fz_search_once(g, p, &e2);
        fz_child_exit();
    }
    int st = 0;
    while (waitpid(pid, &st, 0) < 0) { }
    if (WIFEXITED(st) && (WEXITSTATUS(st) == 0 || WEXITSTATUS(st) == 77)) return;
    FZ_CHECK(0, "the search crashed in its child process (wait status 0x%x; its report is above)", (unsigned)st);
}

#endif
