/* rulespath.c - see rulespath.h. */
#include "rulespath.h"
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "oom.h"

#ifndef BOARDVM_DATADIR
#define BOARDVM_DATADIR "/usr/local/share/boardvm"
#endif
#ifndef BOARDVM_BINDIR
#define BOARDVM_BINDIR "/usr/local/bin"
#endif
#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* The directory of this binary, or 0 when it cannot be told. */
static int exe_dir(char *out, size_t len)
{
    ssize_t n = readlink("/proc/self/exe", out, len - 1);
    if (n <= 0) return 0;
    out[n] = 0;
    char *slash = strrchr(out, '/');
    if (!slash) return 0;
    *slash = 0;
    return 1;
}

int running_from_build_tree(void)
{
#if defined(BOARDVM_BUILDDIR) && defined(BOARDVM_SRCDIR)
    char exe[PATH_MAX], build[PATH_MAX];
    if (!exe_dir(exe, sizeof exe) || !realpath(BOARDVM_BUILDDIR, build)) return 0;
    return !strcmp(exe, build);
#else
    return 0;
#endif
}

/* The data directory as seen from where this binary is: as far from it as pkgdatadir is from
 * bindir (/usr/local/bin and /usr/local/share/boardvm: ../share/boardvm), so that a copy staged
 * by `make install DESTDIR=...` (a package build) or moved with its prefix finds its own data.
 * Malloc'ed; NULL when the binary's place cannot be told. */
static char *data_dir_beside_binary(void)
{
    const char *bin = BOARDVM_BINDIR, *data = BOARDVM_DATADIR;
    size_t common = 0;                       /* the directories the two paths share */
    for (size_t i = 0; bin[i] && bin[i] == data[i]; i++)
        if (bin[i] == '/') common = i + 1;
    if (bin[0] != '/' || data[0] != '/') return NULL;
    int up = 0;                              /* bindir's own directories below the shared ones */
    for (const char *s = bin + common; *s; s++)
        if (*s != '/' && (s == bin + common || s[-1] == '/')) up++;
    char exe[PATH_MAX];
    if (!exe_dir(exe, sizeof exe)) return NULL;
    size_t n = strlen(exe) + 3 * (size_t)up + strlen(data + common) + 2;
    char *dir = xmalloc(n, "the data directory's name");
    snprintf(dir, n, "%s/", exe);
    for (int i = 0; i < up; i++) strcat(dir, "../");
    strcat(dir, data + common);
    char real[PATH_MAX];
    if (!realpath(dir, real)) { free(dir); return NULL; }    /* not there: nothing to search */
    free(dir);
    return xstrdup(real, "the data directory's name");
}

static void add_dir(RulesDirs *d, char *dir, int from_env)
{
    for (int i = 0; i < d->n; i++)              /* the same directory twice: searched once */
        if (!strcmp(d->dir[i], dir)) { free(dir); return; }
    d->dir = xrealloc(d->dir, sizeof *d->dir * (size_t)(d->n + 1), "the games' directories");
    d->from_env = xrealloc(d->from_env, sizeof *d->from_env * (size_t)(d->n + 1),
                           "the games' directories");
    d->dir[d->n] = dir;
    d->from_env[d->n++] = from_env;
}

/* dir and dir/examples */
static void add_with_examples(RulesDirs *d, const char *dir, size_t len, int from_env)
{
    char *top = xmalloc(len + 1, "the games' directories");
    memcpy(top, dir, len);
    top[len] = 0;
    char *ex = xmalloc(len + sizeof "/examples", "the games' directories");
    snprintf(ex, len + sizeof "/examples", "%s/examples", top);
    add_dir(d, top, from_env);
    add_dir(d, ex, from_env);
}

void rules_dirs(RulesDirs *d)
{
    memset(d, 0, sizeof *d);
    const char *env = getenv("BOARDVM_PATH");
    for (const char *s = env; s && *s;) {        /* DIR:DIR:...; an empty one is skipped */
        size_t len = strcspn(s, ":");
        if (len) add_with_examples(d, s, len, 1);
        s += len + (s[len] == ':');
    }
#ifdef BOARDVM_SRCDIR
    char src[PATH_MAX];                     /* (distcheck's is "..._build/sub/..") */
    if (running_from_build_tree() && realpath(BOARDVM_SRCDIR, src)) {
        size_t n = strlen(src) + sizeof "/examples";
        char *rules = xmalloc(n, "the games' directories");
        char *ex = xmalloc(n, "the games' directories");
        snprintf(rules, n, "%s/rules", src);
        snprintf(ex, n, "%s/examples", src);
        add_dir(d, rules, 0);
        add_dir(d, ex, 0);
    }
#endif
    char *beside = data_dir_beside_binary();
    if (beside) add_with_examples(d, beside, strlen(beside), 0);
    free(beside);
    add_with_examples(d, BOARDVM_DATADIR, strlen(BOARDVM_DATADIR), 0);
}

void rules_dirs_free(RulesDirs *d)
{
    for (int i = 0; i < d->n; i++) free(d->dir[i]);
    free(d->dir);
    free(d->from_env);
    memset(d, 0, sizeof *d);
}

static int readable(const char *path) { return access(path, R_OK) == 0; }

/* DIR/NAME or DIR/NAME.rules, whichever is there first; NULL if neither. */
static char *in_dir(const char *dir, const char *name)
{
    static const char *const ext[] = { "", ".rules" };
    for (int i = 0; i < 2; i++) {
        size_t n = strlen(dir) + strlen(name) + strlen(ext[i]) + 2;
        char *path = xmalloc(n, "a rules file's path");
        snprintf(path, n, "%s/%s%s", dir, name, ext[i]);
        if (readable(path)) return path;
        free(path);
    }
    return NULL;
}

char *rules_find(const char *name)
{
    if (strchr(name, '/') || readable(name) || !*name) return xstrdup(name, "a rules file's path");
    RulesDirs d;
    rules_dirs(&d);
    char *found = NULL;
    for (int i = 0; i < d.n && !found; i++) found = in_dir(d.dir[i], name);
    rules_dirs_free(&d);
    return found;
}

/* "$BOARDVM_PATH, /src/rules, /src/examples, /usr/local/share/boardvm and .../examples" */
static char search_text[4096];
static pthread_once_t search_text_once = PTHREAD_ONCE_INIT;

static void make_search_text(void)
{
    RulesDirs d;
    rules_dirs(&d);
    size_t n = (size_t)snprintf(search_text, sizeof search_text, "$BOARDVM_PATH%s",
                                getenv("BOARDVM_PATH") ? " (and the examples/ of each)" : "");
    for (int i = 0; i < d.n && n < sizeof search_text; i++)
        if (!d.from_env[i])
            n += (size_t)snprintf(search_text + n, sizeof search_text - n, "%s%s",
                                  i == d.n - 1 ? " and " : ", ", d.dir[i]);
    rules_dirs_free(&d);
}

const char *rules_search_text(void)
{
    pthread_once(&search_text_once, make_search_text);
    return search_text;
}
