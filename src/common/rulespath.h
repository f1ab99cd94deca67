/* rulespath.h - where boardvm finds what it was installed with: a rules file named without its
 * path (`boardvm show chess`), and the data directories (rules, examples, the web page). */
#ifndef BOARDVM_RULESPATH_H
#define BOARDVM_RULESPATH_H
#include <stddef.h>

/* The directories a game's name is looked up in, in order: each directory of $BOARDVM_PATH and
 * its examples/; the source tree's rules/ and examples/ when this binary is the one in its build
 * tree; the data directory where the binary is installed (bindir/../share/boardvm: a copy
 * staged with DESTDIR, or moved with its prefix) and its examples/; the configured data
 * directory (pkgdatadir) and its examples/. Each once. */
typedef struct {
    char **dir;
    int *from_env;             /* 1: from $BOARDVM_PATH */
    int n;
} RulesDirs;
void rules_dirs(RulesDirs *d);
void rules_dirs_free(RulesDirs *d);

/* The file a rules-file argument names, malloc'ed: the argument itself when it is a path (has
 * a '/') or a file here; else NAME or NAME.rules in the first of rules_dirs() that has one.
 * NULL when none exists (the caller reports the name as given). */
char *rules_find(const char *name);
/* The places rules_find looks, for a message: "$BOARDVM_PATH, /usr/local/share/boardvm and
 * /usr/local/share/boardvm/examples". */
const char *rules_search_text(void);
/* 1 when this binary is the one in its build tree (run uninstalled): the source tree's data
 * is then used before any installed copy. */
int running_from_build_tree(void);
#endif
