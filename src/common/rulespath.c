/* rulespath.c - see rulespath.h. */
#include "rulespath.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "oom.h"

#ifndef BOARDVM_DATADIR
#define BOARDVM_DATADIR "/usr/local/share/boardvm"
#endif
#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

int running_from_build_tree(void)
{
#if defined(BOARDVM_BUILDDIR) && defined(BOARDVM_SRCDIR)
    char exe[PATH_MAX], build[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0 || !realpath(BOARDVM_BUILDDIR, build)) return 0;
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    return !strcmp(exe, build);
#else
    return 0;
#endif
}

static int readable(const char *path) { return access(path, R_OK) == 0; }

/* DIR/NAME or DIR/NAME.rules, whichever is there first; NULL if neither. */
static char *in_dir(const char *dir, size_t dirlen, const char *name)
{
    static const char *const ext[] = { "", ".rules" };
    for (int i = 0; i < 2; i++) {
        size_t n = dirlen + strlen(name) + strlen(ext[i]) + 2;
        char *path = xmalloc(n, "a rules file's path");
        snprintf(path, n, "%.*s/%s%s", (int)dirlen, dir, name, ext[i]);
        if (readable(path)) return path;
        free(path);
    }
    return NULL;
}

char *rules_find(const char *name)
{
    if (strchr(name, '/') || readable(name) || !*name) return xstrdup(name, "a rules file's path");
    char *found = NULL;
    const char *env = getenv("BOARDVM_PATH");
    for (const char *d = env; d && *d && !found;) { /* DIR:DIR:...; an empty one is skipped */
        size_t len = strcspn(d, ":");
        if (len) found = in_dir(d, len, name);
        d += len + (d[len] == ':');
    }
#ifdef BOARDVM_SRCDIR
    if (!found && running_from_build_tree()) {
        found = in_dir(BOARDVM_SRCDIR "/rules", strlen(BOARDVM_SRCDIR "/rules"), name);
        if (!found)
            found = in_dir(BOARDVM_SRCDIR "/examples", strlen(BOARDVM_SRCDIR "/examples"), name);
    }
#endif
    if (!found) found = in_dir(BOARDVM_DATADIR, strlen(BOARDVM_DATADIR), name);
    if (!found)
        found = in_dir(BOARDVM_DATADIR "/examples", strlen(BOARDVM_DATADIR "/examples"), name);
    return found;
}

const char *rules_search_text(void)
{
    return "$BOARDVM_PATH and " BOARDVM_DATADIR;
}
