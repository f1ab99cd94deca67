/* variants.c - `boardvm variants FILE.zrf`: the games and variants of a Zillions file,
 * numbered as --variant takes them. */
#include <stdio.h>
#include <stdlib.h>
#include "commands.h"
#include "rulespath.h"
#include "zrf.h"
#include "zrf_variant.h"

int cmd_variants(Args *a)
{
    if (a->npos < 2) { fprintf(stderr, "boardvm: variants needs a .zrf file\n"); return 2; }
    char *path = rules_find(a->pos[1]);       /* a path, or a file of $BOARDVM_PATH ... */
    if (!path) {
        fprintf(stderr, "boardvm: cannot open %s: no such file, nor a game of that name in %s\n",
                a->pos[1], rules_search_text());
        return 2;
    }
    Zrf z;
    zrf_init(&z, stderr);
    ZrfNode *top = zrf_read(&z, path, path);
    ZrfGames g;
    int st = !top ? (z.nfiles ? 1 : 2) : !zrf_games(&z, top, &g) ? 1 : 0;
    for (int i = 0; !st && i < g.n; i++) {
        const ZrfVariant *v = &g.v[i];
        if (!v->number) { printf("     -\n"); continue; }
        printf("%3d  %-7s  %s%s\n", v->number, zrf_is(v->form, "game") ? "game" : "variant",
               zrf_variant_title(&g, i), v->is_default ? "  (default)" : "");
    }
    zrf_free(&z);
    free(path);
    return st;
}
