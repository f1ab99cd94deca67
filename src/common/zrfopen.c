/* zrfopen.c - a Zillions file named on the command line, read and its games found (zrfopen.h). */
#include "zrfopen.h"
#include <stdio.h>
#include "rulespath.h"

int zrf_open_games(const char *name, Zrf *z, ZrfGames *g, char **path)
{
    zrf_init(z, stderr);
    *path = rules_find(name);            /* a path, or a file of $BOARDVM_PATH ... */
    if (!*path) {
        fprintf(stderr, "boardvm: cannot open %s: no such file, nor a game of that name in %s\n",
                name, rules_search_text());
        return 2;
    }
    ZrfNode *top = zrf_read(z, *path, *path);
    if (!top) return z->nfiles ? 1 : 2;  /* read but bad, or not read at all */
    return zrf_games(z, top, g) ? 0 : 1;
}
