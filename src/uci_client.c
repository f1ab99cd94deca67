/* uci_client.c - talking to a UCI engine through two pipes (see uci_client.h).
 *
 * Every read waits at most `timeout` seconds (poll), so an engine that hangs, or that does not
 * know `go perft`, gives an error instead of a boardvm that waits forever; an engine that exits
 * is seen as the end of its output and reported with its exit status. */
#define _POSIX_C_SOURCE 200809L
#include "uci_client.h"
#include "oom.h"
#include <errno.h>
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

struct UciEngine {
    pid_t pid;
    int to, from;                 /* its stdin, its stdout */
    char buf[65536]; size_t nbuf; /* what was read and not yet returned as lines */
    double timeout;
    const char *command;
    int exited;                   /* its output ended */
};

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

/* How the engine ended, for messages: "exit status 3", "killed by signal 11". */
static void exit_story(UciEngine *e, char *out, size_t n)
{
    int status;
    pid_t r = 0;
    for (int i = 0; i < 50 && (r = waitpid(e->pid, &status, WNOHANG)) == 0; i++) {
        struct timespec ts = { 0, 10000000 };       /* its output closed: it is exiting */
        nanosleep(&ts, NULL);
    }
    if (r == e->pid) {
        e->pid = -1;
        if (WIFEXITED(status)) snprintf(out, n, "exit status %d", WEXITSTATUS(status));
        else if (WIFSIGNALED(status)) snprintf(out, n, "killed by signal %d", WTERMSIG(status));
        else snprintf(out, n, "status %d", status);
    } else snprintf(out, n, "its output closed");
}

static int send_line(UciEngine *e, const char *line, char *err, size_t errlen)
{
    size_t len = strlen(line), off = 0;
    while (off < len) {
        ssize_t k = write(e->to, line + off, len - off);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) {
            char story[64]; exit_story(e, story, sizeof story);
            return fail(err, errlen, "the engine '%s' ended (%s): it no longer reads its input",
                        e->command, story);
        }
        off += (size_t)k;
    }
    return 1;
}

/* The next line of the engine's output (without its end of line) into line; 0 with a message
 * when the engine exits or says nothing for the timeout. `waiting` names what was expected. */
static int read_line(UciEngine *e, char *line, size_t n, const char *waiting, char *err,
                     size_t errlen)
{
    double deadline = now() + e->timeout;
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->nbuf);
        if (nl) {
            size_t l = (size_t)(nl - e->buf);
            size_t c = l < n - 1 ? l : n - 1;
            memcpy(line, e->buf, c);
            line[c] = 0;
            if (c && line[c - 1] == '\r') line[c - 1] = 0;
            memmove(e->buf, nl + 1, e->nbuf - l - 1);
            e->nbuf -= l + 1;
            return 1;
        }
        if (e->nbuf == sizeof e->buf) e->nbuf = 0;  /* a line longer than the buffer: dropped */
        if (e->exited) {
            char story[64]; exit_story(e, story, sizeof story);
            return fail(err, errlen, "the engine '%s' ended (%s) while boardvm waited for %s",
                        e->command, story, waiting);
        }
        double left = deadline - now();
        if (left <= 0)
            return fail(err, errlen,
                        "the engine '%s' said nothing for %g s while boardvm waited for %s "
                        "(see --timeout)",
                        e->command, e->timeout, waiting);
        struct pollfd pf = { e->from, POLLIN, 0 };
        int r = poll(&pf, 1, (int)(left * 1000) + 1);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) continue;
        ssize_t k = read(e->from, e->buf + e->nbuf, sizeof e->buf - e->nbuf);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) { e->exited = 1; continue; }
        e->nbuf += (size_t)k;
    }
}

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

UciEngine *uci_start(const char *command, const char *variant, double timeout, char *err,
                     size_t errlen)
{
    int in[2], out[2];
    signal(SIGPIPE, SIG_IGN);       /* a dead engine is an error message, not a dead boardvm */
    if (pipe(in) < 0) { fail(err, errlen, "pipe: %s", strerror(errno)); return NULL; }
    if (pipe(out) < 0) {
        close(in[0]); close(in[1]);
        fail(err, errlen, "pipe: %s", strerror(errno));
        return NULL;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        fail(err, errlen, "fork: %s", strerror(errno));
        return NULL;
    }
    if (pid == 0) {
        setpgid(0, 0);              /* its own group: a kill reaches the engine, not just sh */
        dup2(in[0], 0); dup2(out[1], 1);
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);              /* (both sides set it: no race with the first kill) */
    close(in[0]); close(out[1]);
    UciEngine *e = calloc(1, sizeof *e);
    if (!e) out_of_memory("e in uci_start()");
    e->pid = pid; e->to = in[1]; e->from = out[0]; e->timeout = timeout; e->command = command;
    char line[65536], variants[65536] = "";
    if (!send_line(e, "uci\n", err, errlen)) goto bad;
    for (;;) {
        if (!read_line(e, line, sizeof line, "'uciok' (is it a UCI engine?)", err, errlen))
            goto bad;
        if (!strncmp(line, "option name UCI_Variant ", 24))
            snprintf(variants, sizeof variants, "%s", line);
        if (!strcmp(line, "uciok")) break;
    }
    if (variant) {
        if (!*variants) {
            fail(err, errlen, "the engine '%s' has no UCI_Variant option (leave out --variant)",
                 command);
            goto bad;
        }
        if (strstr(variants, " var ") && !variant_listed(variants, variant)) {
            fail(err, errlen, "the engine '%s' does not know the variant '%s'", command, variant);
            goto bad;
        }
        char cmd[512];
        snprintf(cmd, sizeof cmd, "setoption name UCI_Variant value %s\n", variant);
        if (!send_line(e, cmd, err, errlen)) goto bad;
    }
    if (!send_line(e, "isready\n", err, errlen)) goto bad;
    do {
        if (!read_line(e, line, sizeof line, "'readyok'", err, errlen)) goto bad;
    } while (strcmp(line, "readyok"));
    return e;
bad:
    uci_stop(e);
    return NULL;
}

int uci_perft(UciEngine *e, const char *fen, char *const *moves, int nmoves, int depth,
              UciDivide *out,
              char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    size_t len = strlen(fen) + 64;
    for (int i = 0; i < nmoves; i++) len += strlen(moves[i]) + 1;
    char *cmd = malloc(len), *o = cmd;
    if (!cmd) out_of_memory("cmd in uci_perft()");
    o += sprintf(o, "position fen %s", fen);
    if (nmoves) o += sprintf(o, " moves");
    for (int i = 0; i < nmoves; i++) o += sprintf(o, " %s", moves[i]);
    sprintf(o, "\ngo perft %d\n", depth);
    int ok = send_line(e, cmd, err, errlen);
    free(cmd);
    if (!ok) return 0;
    char line[65536], waiting[64];
    snprintf(waiting, sizeof waiting, "the answer to 'go perft %d'", depth);
    int cap = 0;
    uint64_t sum = 0;
    for (;;) {
        if (!read_line(e, line, sizeof line, waiting, err, errlen)) {
            uci_divide_free(out);
            return 0;
        }
        unsigned long long n;
        if (sscanf(line, "Nodes searched: %llu", &n) == 1) { out->nodes = n; break; }
        /* "MOVE: COUNT"; other lines (info strings, the board) are not counts */
        char *colon = strstr(line, ": ");
        if (!colon || colon == line || strchr(line, ' ') < colon) continue;
        char *end;
        n = strtoull(colon + 2, &end, 10);
        if (end == colon + 2 || *end) continue;
        if (out->n == cap) {
            cap = cap ? cap * 2 : 64;
            out->line = realloc(out->line, sizeof *out->line * (size_t)cap);
            if (!out->line) out_of_memory("out.line in uci_perft()");
        }
        out->line[out->n].move = strndup(line, (size_t)(colon - line));
        out->line[out->n++].count = n;
        sum += n;
    }
    /* at depth 1 some engines count nothing per move; otherwise the lines must add up */
    if (sum != out->nodes && out->n) {
        fail(err, errlen, "the engine's counts per move add up to %llu, its total is %llu",
             (unsigned long long)sum, (unsigned long long)out->nodes);
        uci_divide_free(out);
        return 0;
    }
    return 1;
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
    if (e->pid > 0 && !e->exited) {
        char err[16];
        send_line(e, "quit\n", err, sizeof err);
    }
    close(e->to);
    close(e->from);
    if (e->pid > 0) {
        int status;
        pid_t r = 0;
        for (int i = 0; i < 100 && (r = waitpid(e->pid, &status, WNOHANG)) == 0; i++) {
            struct timespec ts = { 0, 10000000 };
            nanosleep(&ts, NULL);
        }
        if (r == 0) { kill(-e->pid, SIGKILL); waitpid(e->pid, &status, 0); }
    }
    free(e);
}
