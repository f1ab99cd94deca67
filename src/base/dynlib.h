/* dynlib.h - a shared library that one command needs, loaded by that command when it runs
 * (dlopen) instead of by every command at start-up. Loading a library costs resident memory
 * whether it is used or not: libmicrohttpd brings GnuTLS and seven more (3 MB), libedit
 * brings libtinfo and libbsd (0.35 MB), libm runs 21 resolvers at load (0.33 MB). Only
 * `boardvm serve`, the prompt of `play` and the statistics of match, tune and balance
 * (mathfn.h) use them, so only they load them (docs/runtime.md, "Peak memory").
 *
 * Each library is named by its soname, which configure took from the NEEDED entry of a test
 * program linked with it (so the ABI is the one the headers describe), and its functions are
 * listed in a table of names and pointers typed after the header's own prototypes. */
#ifndef BOARDVM_DYNLIB_H
#define BOARDVM_DYNLIB_H

typedef struct {
    const char *name;     /* the symbol */
    void **fn;            /* where its address goes */
} DynSym;

/* Load soname (NULL: the program and the libraries it links) and the n symbols of syms, at
 * most once (later calls answer as the first did). 1 when all are there; 0 otherwise, with the
 * reason (dlerror's) in why. */
int dynlib_load(const char *soname, const DynSym *syms, int n, const char **why);
#endif
