/* rulespath.h - where boardvm finds what it was installed with: a rules file named without its
 * path (`boardvm show chess`), and the data directories (rules, examples, the web page). */
#ifndef BOARDVM_RULESPATH_H
#define BOARDVM_RULESPATH_H
#include <stddef.h>

/* The file a rules-file argument names, malloc'ed: the argument itself when it is a path (has
 * a '/') or a file here; else NAME or NAME.rules in each directory of $BOARDVM_PATH, then (run
 * from its build tree) the source tree's rules/ and examples/, then the installed data
 * directory and its examples/. NULL when none exists (the caller reports the name as given). */
char *rules_find(const char *name);
/* The places rules_find looks, for a message: "$BOARDVM_PATH, /usr/local/share/boardvm". */
const char *rules_search_text(void);
/* 1 when this binary is the one in its build tree (run uninstalled): the source tree's data
 * is then used before any installed copy. */
int running_from_build_tree(void);
#endif
