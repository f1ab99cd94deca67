/* variants.c - `boardvm variants FILE.zrf`: the games and variants of a Zillions file,
 * numbered as --variant takes them. */
#include <stdio.h>
#include <stdlib.h>
#include "commands.h"
#include "zrfopen.h"
#include "zrf.h"
#include "zrf_variant.h"

int cmd_variants(Args *a)
{
    Zrf z;
    ZrfGames g;
    char *path;
    int st = zrf_open_games(a->pos[1], &z, &g, &path);    /* (the parser counted the operand) */
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
