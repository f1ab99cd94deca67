/* dynlib.c - see dynlib.h. */
#include <dlfcn.h>
#include <string.h>
#include "dynlib.h"
#include "oom.h"

/* The libraries already asked for, with their answer. A handle is never closed: a library's
 * functions stay in use until the program ends. */
enum { DYNLIB_MAX = 4 };
static struct { const char *soname; int ok; const char *why; } loaded[DYNLIB_MAX];
static int nloaded;

int dynlib_load(const char *soname, const DynSym *syms, int n, const char **why)
{
    for (int i = 0; i < nloaded; i++)
        if (loaded[i].soname == soname ||
            (loaded[i].soname && soname && strcmp(loaded[i].soname, soname) == 0)) {
            *why = loaded[i].why;
            return loaded[i].ok;
        }
    int ok = 1;
    const char *err = NULL;
    void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!h) { ok = 0; err = dlerror(); }
    for (int i = 0; ok && i < n; i++) {
        dlerror();
        *syms[i].fn = dlsym(h, syms[i].name);
        if (!*syms[i].fn) { ok = 0; err = dlerror(); }
    }
    /* dlerror's text lasts until the next dl call: keep a copy (leaked once, on failure) */
    *why = err ? xstrdup(err, "a library's error") : NULL;
    if (!ok && !*why) *why = "a symbol is missing";
    if (nloaded < DYNLIB_MAX) {
        loaded[nloaded].soname = soname;
        loaded[nloaded].ok = ok;
        loaded[nloaded].why = *why;
        nloaded++;
    }
    return ok;
}
