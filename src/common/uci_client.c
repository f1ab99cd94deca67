/* uci_client.c - talking to a UCI engine through two pipes (see uci_client.h).
 *
 * The engine is not trusted. Each answer (to `uci`, `isready`, one `go perft`) has a deadline,
 * `timeout` seconds after the question, that bounds the whole answer, not the wait for one line:
 * an engine that hangs, that never ends its answer, or that writes endless other lines gives an
 * error instead of a boardvm that waits forever. What one answer may hold is bounded too (the
 * UCI_MAX_ constants), so its memory is. An engine that exits is seen as the end of its output
 * and reported with its exit status.
 *
 * The engine runs in a process group of its own (a `sh -c` command may start more than one
 * process). That group is killed when boardvm stops the engine, exits, or is killed by SIGINT,
 * SIGTERM or SIGHUP: an engine must not outlive the diff that started it. */
#define _POSIX_C_SOURCE 200809L
#include "uci_client.h"
#include "game.h"
#include "oom.h"
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

_Static_assert(UCI_MAX_ANSWER_MOVES == MAX_MOVES,
               "an engine may list as many moves as boardvm holds in one position");

struct UciEngine {
    pid_t pid;                    /* also its process group */
    int to, from;                 /* its stdin (non-blocking), its stdout */
    char buf[UCI_MAX_LINE];       /* what was read: buf[start..end) not yet returned as lines */
    size_t start, end;
    double timeout;
    const char *command;
    int exited;                   /* its output ended */
};

/* One answer being read: what it is (for messages), when it is due, what it has cost. */
typedef struct {
    const char *waiting;
    double deadline;
    size_t bytes;                 /* of the lines returned so far */
} Answer;

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap; va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Milliseconds for poll() until the deadline: never negative, which poll() takes as forever. */
static int ms_until(double deadline)
{
    double left = deadline - now();
    return left <= 0 ? 0 : (int)(left * 1000) + 1;
}

static Answer answer_to(const UciEngine *e, const char *waiting)
{
    return (Answer){ waiting, now() + e->timeout, 0 };
}

/* ---- the engines that are running, for the signal handler and exit ----------------------- */

/* Process groups of the running engines. Read by a signal handler: plain sig_atomic_t slots. */
static volatile sig_atomic_t running[4];

static void remember_engine(pid_t pid)
{
    for (size_t i = 0; i < sizeof running / sizeof running[0]; i++)
        if (running[i] == 0) { running[i] = pid; return; }
}

static void forget_engine(pid_t pid)
{
    for (size_t i = 0; i < sizeof running / sizeof running[0]; i++)
        if (running[i] == pid) running[i] = 0;
}

/* Kill and reap every running engine. Only async-signal-safe calls: a signal handler runs it. */
static void kill_running_engines(void)
{
    for (size_t i = 0; i < sizeof running / sizeof running[0]; i++) {
        pid_t pid = running[i];
        if (pid <= 0) continue;
        running[i] = 0;
        kill(-pid, SIGKILL);
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    }
}

/* SIGINT, SIGTERM, SIGHUP: the engines go first, then boardvm dies of the signal as it would
 * have (its status tells the caller which signal it was). */
static void die_with_engines(int sig)
{
    kill_running_engines();
    signal(sig, SIG_DFL);
    raise(sig);
}

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };

/* Once in each process, before its first engine starts (a worker of `match` forked after the
 * parent started one inherits the parent's state, and has set SIGINT back to its default since:
 * it installs the handlers again). A signal the caller ignores (nohup) stays ignored. */
static void guard_exits(void)
{
    static int atexit_done;
    static pid_t guarded;
    if (guarded == getpid()) return;
    guarded = getpid();
    if (!atexit_done++) atexit(kill_running_engines);   /* exit() on any path, out_of_memory() */
    for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++) {
        struct sigaction old, sa;
        if (sigaction(stop_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = die_with_engines;
        sigfillset(&sa.sa_mask);        /* a second signal waits until the engines are gone */
        sigaction(stop_signals[i], &sa, NULL);
    }
}

/* In the engine's process, before exec: the signals back as the caller of boardvm had them,
 * and none of them delivered to a handler of boardvm's in between. */
static void unguard_child(const sigset_t *mask)
{
    for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++) {
        struct sigaction old;
        if (sigaction(stop_signals[i], NULL, &old) == 0 && old.sa_handler == die_with_engines)
            signal(stop_signals[i], SIG_DFL);
    }
    signal(SIGPIPE, SIG_DFL);   /* an engine writing to a boardvm that is gone should die */
    sigprocmask(SIG_SETMASK, mask, NULL);
}

/* ---- its end ------------------------------------------------------------------------------ */

/* Has the engine's first process ended? Its status into *status, but left unreaped: while it
 * is a zombie its process group cannot be reused, so killing the group stays safe. */
static int has_ended(const UciEngine *e, siginfo_t *status)
{
    memset(status, 0, sizeof *status);
    if (waitid(P_PID, (id_t)e->pid, status, WEXITED | WNOHANG | WNOWAIT) < 0) return 0;
    return status->si_pid == e->pid;
}

/* Wait up to `seconds` for the engine's first process to end. */
static int ends_within(const UciEngine *e, double seconds, siginfo_t *status)
{
    for (double until = now() + seconds; !has_ended(e, status); ) {
        if (now() >= until) return 0;
        struct timespec ts = { 0, 10000000 };
        nanosleep(&ts, NULL);
    }
    return 1;
}

/* How the engine ended, for messages: "exit status 3", "killed by signal 11". */
static void exit_story(UciEngine *e, char *out, size_t n)
{
    siginfo_t st;
    if (!ends_within(e, 0.5, &st)) snprintf(out, n, "its output closed");   /* it is exiting */
    else if (st.si_code == CLD_EXITED) snprintf(out, n, "exit status %d", st.si_status);
    else snprintf(out, n, "killed by signal %d", st.si_status);
}

/* ---- writing and reading ------------------------------------------------------------------ */

/* Write line before a's deadline: an engine that does not read its input is an error too. */
static int send_line(UciEngine *e, const char *line, const Answer *a, char *err, size_t errlen)
{
    size_t len = strlen(line), off = 0;
    while (off < len) {
        ssize_t k = write(e->to, line + off, len - off);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0 && errno == EAGAIN) {
            if (now() >= a->deadline)
                return fail(err, errlen, "the engine '%s' did not read its input for %g s "
                            "(see --timeout)", e->command, e->timeout);
            struct pollfd pf = { e->to, POLLOUT, 0 };
            poll(&pf, 1, ms_until(a->deadline));
            continue;
        }
        if (k <= 0) {
            char story[64]; exit_story(e, story, sizeof story);
            return fail(err, errlen, "the engine '%s' ended (%s): it no longer reads its input",
                        e->command, story);
        }
        off += (size_t)k;
    }
    return 1;
}

/* The first line of the buffer into line (without its end of line), counted in a's bytes: its
 * length; -1 when the buffer holds no whole line. */
static long take_line(UciEngine *e, Answer *a, char *line, size_t n)
{
    char *first = e->buf + e->start, *nl = memchr(first, '\n', e->end - e->start);
    if (!nl) return -1;
    size_t l = (size_t)(nl - first);
    size_t c = l < n - 1 ? l : n - 1;
    memcpy(line, first, c);
    line[c] = 0;
    if (c && line[c - 1] == '\r') line[c - 1] = 0;
    e->start += l + 1;      /* not moved down line by line: that would cost the buffer a line */
    a->bytes += l + 1;
    return (long)c;
}

static int too_late(const UciEngine *e, const Answer *a, char *err, size_t errlen)
{
    if (a->bytes == 0 && e->end == e->start)
        return fail(err, errlen, "the engine '%s' said nothing for %g s while boardvm waited "
                    "for %s (see --timeout)", e->command, e->timeout, a->waiting);
    return fail(err, errlen, "the engine '%s' did not end its answer within %g s while boardvm "
                "waited for %s (--timeout bounds the whole answer)", e->command, e->timeout,
                a->waiting);
}

/* More of the engine's output into the buffer, waiting at most until a's deadline. */
static void read_more(UciEngine *e, const Answer *a)
{
    struct pollfd pf = { e->from, POLLIN, 0 };
    if (poll(&pf, 1, ms_until(a->deadline)) <= 0) return;     /* the caller looks at the time */
    memmove(e->buf, e->buf + e->start, e->end - e->start);     /* room at the end */
    e->end -= e->start;
    e->start = 0;
    ssize_t k = read(e->from, e->buf + e->end, sizeof e->buf - e->end);
    if (k == 0 || (k < 0 && errno != EINTR && errno != EAGAIN)) e->exited = 1;
    else if (k > 0) e->end += (size_t)k;
}

/* The next line of the engine's output (without its end of line) into line; 0 with a message
 * when the engine exits, the answer is past its deadline or its bounds, or a line is too long
 * (a line is never parsed in pieces: its tail could look like a move). */
static int read_line(UciEngine *e, Answer *a, char *line, size_t n, char *err, size_t errlen)
{
    for (;;) {
        if (now() >= a->deadline) return too_late(e, a, err, errlen);
        long len = take_line(e, a, line, n);
        if (len >= 0) {
            if (a->bytes > UCI_MAX_ANSWER_BYTES)
                return fail(err, errlen, "the engine '%s' wrote more than %d bytes while "
                            "boardvm waited for %s (the bound of one answer)", e->command,
                            UCI_MAX_ANSWER_BYTES, a->waiting);
            if (memchr(line, 0, (size_t)len))   /* its end would be lost, as a long line's head */
                return fail(err, errlen, "the engine '%s' wrote a line holding a NUL byte while "
                            "boardvm waited for %s", e->command, a->waiting);
            return 1;
        }
        if (e->end - e->start == sizeof e->buf)
            return fail(err, errlen, "the engine '%s' wrote a line of more than %d bytes while "
                        "boardvm waited for %s", e->command, UCI_MAX_LINE - 1, a->waiting);
        if (e->exited) {
            char story[64]; exit_story(e, story, sizeof story);
            return fail(err, errlen, "the engine '%s' ended (%s) while boardvm waited for %s",
                        e->command, story, a->waiting);
        }
        read_more(e, a);
    }
}

/* ---- the handshake ------------------------------------------------------------------------ */

/* Does the engine's `option name UCI_Variant type combo default X var A var B ...` line list v? */
static int variant_listed(const char *option_line, const char *v)
{
    const char *p = option_line;
    size_t vl = strlen(v);
    while ((p = strstr(p, " var ")) != NULL) {
        p += 5;
        if (!strncmp(p, v, vl) && (p[vl] == ' ' || p[vl] == 0)) return 1;
    }
    return 0;
}

/* `sh -c command` in a process group of its own, its stdin and stdout our pipes; NULL with a
 * message. */
static UciEngine *spawn(const char *command, double timeout, char *err, size_t errlen)
{
    int in[2], out[2];
    signal(SIGPIPE, SIG_IGN);       /* a dead engine is an error message, not a dead boardvm */
    guard_exits();
    if (pipe(in) < 0) { fail(err, errlen, "pipe: %s", strerror(errno)); return NULL; }
    if (pipe(out) < 0) {
        close(in[0]); close(in[1]);
        fail(err, errlen, "pipe: %s", strerror(errno));
        return NULL;
    }
    fflush(NULL);
    sigset_t stops, before;         /* none between the fork and remember_engine() */
    sigemptyset(&stops);
    for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++)
        sigaddset(&stops, stop_signals[i]);
    sigprocmask(SIG_BLOCK, &stops, &before);
    pid_t pid = fork();
    if (pid < 0) {
        sigprocmask(SIG_SETMASK, &before, NULL);
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        fail(err, errlen, "fork: %s", strerror(errno));
        return NULL;
    }
    if (pid == 0) {
        setpgid(0, 0);              /* its own group: a kill reaches the engine, not just sh */
        unguard_child(&before);
        dup2(in[0], 0); dup2(out[1], 1);
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);              /* (both sides set it: no race with the first kill) */
    remember_engine(pid);
    sigprocmask(SIG_SETMASK, &before, NULL);
    close(in[0]); close(out[1]);
    fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
    UciEngine *e = calloc(1, sizeof *e);
    if (!e) out_of_memory("e in uci_start()");
    e->pid = pid; e->to = in[1]; e->from = out[0]; e->timeout = timeout; e->command = command;
    return e;
}

/* `uci` ... `uciok`; the engine's UCI_Variant line into variants (empty when it has none). */
static int say_uci(UciEngine *e, char *variants, size_t vlen, char *err, size_t errlen)
{
    Answer a = answer_to(e, "'uciok' (is it a UCI engine?)");
    char line[UCI_MAX_LINE];
    if (!send_line(e, "uci\n", &a, err, errlen)) return 0;
    *variants = 0;
    for (;;) {
        if (!read_line(e, &a, line, sizeof line, err, errlen)) return 0;
        if (!strncmp(line, "option name UCI_Variant ", 24))
            snprintf(variants, vlen, "%s", line);
        if (!strcmp(line, "uciok")) return 1;
    }
}

static int set_variant(UciEngine *e, const char *variants, const char *variant, char *err,
                       size_t errlen)
{
    if (!*variants)
        return fail(err, errlen, "the engine '%s' has no UCI_Variant option (leave out "
                    "--variant)", e->command);
    if (strstr(variants, " var ") && !variant_listed(variants, variant))
        return fail(err, errlen, "the engine '%s' does not know the variant '%s'", e->command,
                    variant);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "setoption name UCI_Variant value %s\n", variant);
    Answer a = answer_to(e, "the engine to read its input");
    return send_line(e, cmd, &a, err, errlen);
}

static int wait_ready(UciEngine *e, char *err, size_t errlen)
{
    Answer a = answer_to(e, "'readyok'");
    char line[UCI_MAX_LINE];
    if (!send_line(e, "isready\n", &a, err, errlen)) return 0;
    do {
        if (!read_line(e, &a, line, sizeof line, err, errlen)) return 0;
    } while (strcmp(line, "readyok"));
    return 1;
}

/* `setoption name NAME value VALUE` for each NAME=VALUE; then `uci` again, so that the variants
 * an option added (Fairy-Stockfish's VariantPath) are in the list the variant is checked on. */
static int set_options(UciEngine *e, int nset, char *const *set, char *variants, size_t vlen,
                       char *err, size_t errlen)
{
    for (int i = 0; i < nset; i++) {
        const char *eq = strchr(set[i], '=');
        if (!eq || eq == set[i] || strchr(set[i], '\n'))
            return fail(err, errlen, "--setoption '%s' is not NAME=VALUE", set[i]);
        size_t len = strlen(set[i]) + 64;
        char *cmd = xmalloc(len, "a setoption command");
        snprintf(cmd, len, "setoption name %.*s value %s\n", (int)(eq - set[i]), set[i], eq + 1);
        Answer a = answer_to(e, "the engine to read its input");
        int ok = send_line(e, cmd, &a, err, errlen);
        free(cmd);
        if (!ok) return 0;
    }
    return nset == 0 || say_uci(e, variants, vlen, err, errlen);
}

UciEngine *uci_start(const char *command, const char *variant, int nset, char *const *set,
                     double timeout, char *err, size_t errlen)
{
    UciEngine *e = spawn(command, timeout, err, errlen);
    if (!e) return NULL;
    char variants[UCI_MAX_LINE];
    if (say_uci(e, variants, sizeof variants, err, errlen) &&
        set_options(e, nset, set, variants, sizeof variants, err, errlen) &&
        (!variant || set_variant(e, variants, variant, err, errlen)) &&
        wait_ready(e, err, errlen))
        return e;
    uci_stop(e);
    return NULL;
}

int uci_lists_variant(const char *option_line, const char *variant)
{
    return variant_listed(option_line, variant);
}

/* ---- lines of any protocol ---------------------------------------------------------------- */

UciEngine *uci_spawn(const char *command, double timeout, char *err, size_t errlen)
{
    return spawn(command, timeout, err, errlen);
}

double uci_clock(void) { return now(); }

int uci_send(UciEngine *e, const char *text, double deadline, char *err, size_t errlen)
{
    Answer a = { "the engine to read its input", deadline, 0 };
    return send_line(e, text, &a, err, errlen);
}

int uci_read_line(UciEngine *e, double deadline, const char *waiting, char *line, size_t n,
                  char *err, size_t errlen)
{
    Answer a = { waiting, deadline, 0 };
    if (read_line(e, &a, line, n, err, errlen)) return 1;
    return now() >= deadline && !e->exited ? -1 : 0;
}

int uci_ended(UciEngine *e, char *story, size_t n)
{
    siginfo_t st;
    if (!e->exited && !has_ended(e, &st)) return 0;
    exit_story(e, story, n);
    return 1;
}

/* ---- perft -------------------------------------------------------------------------------- */

/* A count: digits only, into *n. 1; 0 when s is not a count; -1 when it does not fit 64 bits
 * (strtoull would give 2^64-1 for it, and take "-1" as 2^64-1 too). */
static int parse_count(const char *s, uint64_t *n)
{
    if (!isdigit((unsigned char)*s)) return 0;
    uint64_t v = 0;
    for (; isdigit((unsigned char)*s); s++) {
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10) return -1;
        v = v * 10 + d;
    }
    while (*s == ' ' || *s == '\t') s++;
    if (*s) return 0;
    *n = v;
    return 1;
}

static void add_line(UciDivide *out, int *cap, const char *move, size_t len, uint64_t n)
{
    if (out->n == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        out->line = realloc(out->line, sizeof *out->line * (size_t)*cap);
        if (!out->line) out_of_memory("out.line in uci_perft()");
    }
    out->line[out->n].move = strndup(move, len);
    if (!out->line[out->n].move) out_of_memory("a move in uci_perft()");
    out->line[out->n++].count = n;
}

enum { LINE_READ = 0, LINE_LAST = 1, LINE_BAD = -1 };

/* One line of the answer to `go perft`: its total (LINE_LAST), a "MOVE: COUNT" line (added to
 * out and *sum) or another line (ignored) (both LINE_READ); LINE_BAD with a message. */
static int perft_line(const UciEngine *e, const char *line, UciDivide *out, int *cap,
                      uint64_t *sum, char *err, size_t errlen)
{
    uint64_t n;
    if (!strncmp(line, "Nodes searched: ", 16)) {
        int r = parse_count(line + 16, &n);
        if (r < 0) goto too_big;
        if (r > 0) { out->nodes = n; return LINE_LAST; }
        return LINE_READ;
    }
    /* "MOVE: COUNT"; other lines (info strings, the board) are not counts */
    const char *colon = strstr(line, ": ");
    if (!colon || colon == line || strchr(line, ' ') < colon) return LINE_READ;
    int r = parse_count(colon + 2, &n);
    if (r == 0) return LINE_READ;
    if (r < 0) goto too_big;
    if (out->n == UCI_MAX_ANSWER_MOVES) {
        fail(err, errlen, "the engine '%s' lists more than %d moves in one position (more than "
             "boardvm holds)", e->command, UCI_MAX_ANSWER_MOVES);
        return LINE_BAD;
    }
    if (*sum > UINT64_MAX - n) {
        fail(err, errlen, "the counts per move of the engine '%s' add up to more than 2^64-1 "
             "(at '%.64s')", e->command, line);
        return LINE_BAD;
    }
    add_line(out, cap, line, (size_t)(colon - line), n);
    *sum += n;
    return LINE_READ;
too_big:
    fail(err, errlen, "the engine '%s' wrote a count that does not fit in 64 bits: '%.64s'",
         e->command, line);
    return LINE_BAD;
}

static int ask_perft(UciEngine *e, const char *fen, char *const *moves, int nmoves, int depth,
                     const Answer *a, char *err, size_t errlen)
{
    size_t len = strlen(fen) + 64;
    for (int i = 0; i < nmoves; i++) len += strlen(moves[i]) + 1;
    char *cmd = malloc(len), *o = cmd;
    if (!cmd) out_of_memory("cmd in uci_perft()");
    o += sprintf(o, "position fen %s", fen);
    if (nmoves) o += sprintf(o, " moves");
    for (int i = 0; i < nmoves; i++) o += sprintf(o, " %s", moves[i]);
    sprintf(o, "\ngo perft %d\n", depth);
    int ok = send_line(e, cmd, a, err, errlen);
    free(cmd);
    return ok;
}

int uci_perft(UciEngine *e, const char *fen, char *const *moves, int nmoves, int depth,
              UciDivide *out,
              char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    char waiting[64];
    snprintf(waiting, sizeof waiting, "the answer to 'go perft %d'", depth);
    Answer a = answer_to(e, waiting);
    if (!ask_perft(e, fen, moves, nmoves, depth, &a, err, errlen)) return 0;
    char line[UCI_MAX_LINE];
    int cap = 0, r = LINE_READ;
    uint64_t sum = 0;
    while (r == LINE_READ) {
        if (!read_line(e, &a, line, sizeof line, err, errlen)) r = LINE_BAD;
        else r = perft_line(e, line, out, &cap, &sum, err, errlen);
    }
    /* at depth 1 some engines count nothing per move; otherwise the lines must add up */
    if (r == LINE_LAST && sum != out->nodes && out->n) {
        fail(err, errlen, "the counts per move of the engine '%s' add up to %llu, its total is "
             "%llu", e->command, (unsigned long long)sum, (unsigned long long)out->nodes);
        r = LINE_BAD;
    }
    if (r == LINE_BAD) uci_divide_free(out);
    return r == LINE_LAST;
}

void uci_divide_free(UciDivide *d)
{
    for (int i = 0; i < d->n; i++) free(d->line[i].move);
    free(d->line);
    memset(d, 0, sizeof *d);
}

void uci_stop(UciEngine *e)
{
    if (!e) return;
    if (!e->exited) {
        char err[16];
        Answer a = { "", now(), 0 };    /* no waiting: an engine that does not read is killed */
        send_line(e, "quit\n", &a, err, sizeof err);
    }
    close(e->to);                       /* its input ends: a polite engine exits */
    close(e->from);
    siginfo_t st;
    ends_within(e, 1.0, &st);
    kill(-e->pid, SIGKILL);             /* the group: a lingering engine and what it started */
    forget_engine(e->pid);
    while (waitpid(e->pid, NULL, 0) < 0 && errno == EINTR) {}
    free(e);
}
