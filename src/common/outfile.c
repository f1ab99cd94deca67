/* outfile.c - an output file written whole or not at all (`test --update`, `--record`).
 *
 * Why: a file the user already has must never be lost to a failed write (a full disk, a killed
 * run) or be replaced by a half-written one. A regular file is written to a new temporary file
 * in the same directory (mkostemp: a unique name, created with O_EXCL, so a symbolic link
 * planted at a guessable name is never followed), which is flushed, synced and renamed over the
 * old file only when every write succeeded; it keeps the old file's permissions. A name that
 * is a symbolic link has the file it leads to replaced this way, and stays a link. Devices,
 * pipes and names under /dev and /proc (/dev/stdout, /dev/full, a FIFO) are written directly,
 * as fopen(path, "w") would; their write errors are reported all the same. */
#define _GNU_SOURCE                  /* fopencookie: the stream keeps its first write error */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "outfile.h"
#include "oom.h"

/* The temporary file a signal must not leave behind, and the process that made it (a forked
 * worker inherits the handler but must not remove its parent's file). */
static char *volatile pending_tmp;
static volatile pid_t pending_owner;
static struct sigaction old_actions[3];
static const int cleanup_signals[3] = { SIGINT, SIGTERM, SIGHUP };

static void remove_pending_and_die(int sig)
{
    if (pending_tmp && getpid() == pending_owner) unlink(pending_tmp);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Remove tmp if a signal kills the run; only where the signal would kill it anyway. */
static void guard_tmp(char *tmp)
{
    struct sigaction sa = { .sa_handler = remove_pending_and_die };
    sigemptyset(&sa.sa_mask);
    pending_owner = getpid();
    pending_tmp = tmp;
    for (int i = 0; i < 3; i++) {
        sigaction(cleanup_signals[i], NULL, &old_actions[i]);
        if (old_actions[i].sa_handler == SIG_DFL) sigaction(cleanup_signals[i], &sa, NULL);
    }
}

static void unguard_tmp(void)
{
    for (int i = 0; i < 3; i++) {
        struct sigaction now;
        sigaction(cleanup_signals[i], NULL, &now);
        if (now.sa_handler == remove_pending_and_die)
            sigaction(cleanup_signals[i], &old_actions[i], NULL);
    }
    pending_tmp = NULL;
}

static void free_outfile(OutFile *o)
{
    free(o->path); free(o->target); free(o->tmp); free(o);
}

/* "DIR/.NAME.XXXXXX" beside target, for mkstemp. */
static char *tmp_template(const char *target)
{
    const char *slash = strrchr(target, '/');
    size_t dl = slash ? (size_t)(slash - target + 1) : 0;
    char *t = xmalloc(strlen(target) + 10, "a temporary file's name");
    memcpy(t, target, dl);
    sprintf(t + dl, ".%s.XXXXXX", target + dl);
    return t;
}

/* The file a write to path must replace: path, or where its links lead. NULL after a message. */
static char *replaced_file(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode)) return xstrdup(path, "a file's name");
    char *real = realpath(path, NULL);
    if (!real) {
        fprintf(stderr, "boardvm: %s: a symbolic link that leads to no file (%s)\n", path,
                strerror(errno));
        return NULL;
    }
    return real;
}

/* The temporary file's descriptor, with the permissions (and, where allowed, the owner) of the
 * file it will replace; a new file gets what fopen would give it. -1 after a message. */
static int open_tmp(OutFile *o, const struct stat *old)
{
    o->tmp = tmp_template(o->target);
    int fd = mkostemp(o->tmp, O_CLOEXEC);     /* not inherited by a program it runs */
    if (fd < 0) {
        fprintf(stderr, "boardvm: %s: cannot create a temporary file beside it: %s\n", o->path,
                strerror(errno));
        return -1;
    }
    mode_t mode;
    if (old) {
        mode = old->st_mode & 07777;
        if (fchown(fd, old->st_uid, old->st_gid) != 0) mode &= 0777;   /* no set-id bits */
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    if (fchmod(fd, mode) != 0) {
        fprintf(stderr, "boardvm: %s: cannot set a temporary file's permissions: %s\n",
                o->path, strerror(errno));
        close(fd);
        unlink(o->tmp);
        return -1;
    }
    return fd;
}

/* The stream's writes: stdio reports a failed write only through ferror, and may drop the
 * buffer; the error itself (ENOSPC, EFBIG...) is kept here for the message. */
static ssize_t write_fd(void *cookie, const char *buf, size_t n)
{
    OutFile *o = cookie;
    size_t done = 0;
    while (done < n) {
        ssize_t k = write(o->fd, buf + done, n - done);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) {
            if (!o->err) o->err = k < 0 ? errno : EIO;
            return -1;
        }
        done += (size_t)k;
    }
    return (ssize_t)n;
}

static int close_fd(void *cookie)
{
    OutFile *o = cookie;
    return close(o->fd);
}

/* f on the descriptor fd; 0 after a message (fd is then closed). */
static int open_stream(OutFile *o, int fd)
{
    o->fd = fd;
    o->f = fopencookie(o, "w", (cookie_io_functions_t){ NULL, write_fd, NULL, close_fd });
    if (o->f) return 1;
    perror(o->path);
    close(fd);
    return 0;
}

/* /dev/stdout and its kin name the command's own streams, which may be regular files: they
 * are written where they are, as before, never replaced by a new file. */
static int is_special_name(const char *path)
{
    return !strncmp(path, "/dev/", 5) || !strncmp(path, "/proc/", 6);
}

OutFile *outfile_open(const char *path)
{
    OutFile *o = xcalloc(1, sizeof *o, "an output file");
    o->path = xstrdup(path, "a file's name");
    o->target = replaced_file(path);
    if (!o->target) { free_outfile(o); return NULL; }
    struct stat st;
    int exists = stat(o->target, &st) == 0;
    if ((exists && !S_ISREG(st.st_mode)) || is_special_name(path)) {  /* written directly */
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
        if (fd < 0) { perror(path); free_outfile(o); return NULL; }
        if (!open_stream(o, fd)) { free_outfile(o); return NULL; }
        return o;
    }
    int fd = open_tmp(o, exists ? &st : NULL);
    if (fd < 0) { free_outfile(o); return NULL; }
    if (!open_stream(o, fd)) { unlink(o->tmp); free_outfile(o); return NULL; }
    guard_tmp(o->tmp);
    return o;
}

/* Flush f and say whether every write reached the file (*err: why not, or 0 if unknown). */
static int flush_all(OutFile *o, int *err)
{
    int failed = fflush(o->f) != 0 || ferror(o->f);
    if (!failed && o->tmp && fsync(o->fd) != 0) { failed = 1; o->err = errno; }
    if (fclose(o->f) != 0 && !failed) { failed = 1; if (!o->err) o->err = errno; }
    o->f = NULL;
    *err = o->err;
    return !failed;
}

/* Make the rename itself durable; a directory that cannot be synced is no write error. */
static void sync_directory(const char *target)
{
    const char *slash = strrchr(target, '/');
    char *dir = slash ? xstrdup(target, "a directory's name") : xstrdup(".", "a directory");
    if (slash) dir[slash == target ? 1 : slash - target] = 0;
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) { fsync(fd); close(fd); }
    free(dir);
}

int outfile_close(OutFile *o)
{
    int err = 0, ok = flush_all(o, &err);
    if (ok && o->tmp && rename(o->tmp, o->target) != 0) { ok = 0; err = errno; }
    if (!ok) {
        fprintf(stderr, "boardvm: %s: write error: %s%s\n", o->path,
                err ? strerror(err) : "a write failed",
                o->tmp ? "; the file is left as it was" : "");
        if (o->tmp) unlink(o->tmp);
    } else if (o->tmp) sync_directory(o->target);
    if (o->tmp) unguard_tmp();
    free_outfile(o);
    return ok ? 0 : -1;
}

void outfile_abandon(OutFile *o)
{
    fclose(o->f);
    if (o->tmp) { unlink(o->tmp); unguard_tmp(); }
    free_outfile(o);
}
