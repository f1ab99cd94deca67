/* variants.c - `boardvm variants FILE.zrf`: the games and variants of a Zillions file,
 * numbered as --variant takes them. */
#include <stdio.h>
#include "commands.h"
#include "zrf.h"
#include "zrf_variant.h"

int cmd_variants(Args *a)
{
    if (a->npos < 2) { fprintf(stderr, "boardvm: variants needs a .zrf file\n"); return 2; }
    Zrf z;
    zrf_init(&z, stderr);
    ZrfNode *top = zrf_read(&z, a->pos[1], a->pos[1]);
    ZrfGames g;
    int st = !top ? (z.nfiles ? 1 : 2) : !zrf_games(&z, top, &g) ? 1 : 0;
    for (int i = 0; !st && i < g.n; i++) {
        const ZrfVariant *v = &g.v[i];
        if (!v->number) { printf("     -\n"); continue; }
        printf("%3d  %-7s  %s%s\n", v->number, zrf_is(v->form, "game") ? "game" : "variant",
               zrf_variant_title(&g, i), v->is_default ? "  (default)" : "");
    }
    zrf_free(&z);
    return st;
}
