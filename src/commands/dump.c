/* dump.c - `boardvm dump FILE.zrf [--variant N|NAME]`: what the Zillions reader made of a
 * file, for debugging a port: the variant's sections after macro expansion and inheritance,
 * then its board (positions, links per direction, zones, symmetries). */
#include <stdio.h>
#include <stdlib.h>
#include "commands.h"
#include "zrfopen.h"
#include "oom.h"
#include "zrf.h"
#include "zrf_board.h"
#include "zrf_variant.h"

static int dump_variant(Zrf *z, const ZrfGames *g, int i)
{
    const ZrfVariant *v = &g->v[i];
    printf("; variant %d: %s", v->number, zrf_variant_title(g, i));
    if (v->game != i)
        printf(" (inherits from %d: %s)", g->v[v->game].number, zrf_variant_title(g, v->game));
    printf("\n");
    ZrfNode *sections = zrf_variant_sections(z, g, i);
    if (!sections) return 1;
    ZrfNode head = *v->form->kids[0], whole = *sections;
    ZrfNode **kids = xmalloc((size_t)(sections->nkids + 1) * sizeof *kids, "a dump");
    kids[0] = &head;
    for (int k = 0; k < sections->nkids; k++) kids[k + 1] = sections->kids[k];
    whole.kids = kids; whole.nkids = sections->nkids + 1;
    zrf_print(stdout, &whole, 0);
    printf("\n");
    free(kids);
    ZrfBoard b;
    int ok = zrf_board(z, sections, &b);
    if (ok) zrf_board_print(stdout, &b);
    zrf_board_free(&b);
    return ok ? 0 : 1;
}

int cmd_dump(Args *a)
{
    Zrf z;
    ZrfGames g;
    char *path;
    int st = zrf_open_games(a->pos[1], &z, &g, &path);    /* (the parser counted the operand) */
    if (!st) {
        int i = zrf_variant_pick(&g, a->variant, path);
        st = i < 0 ? 2 : dump_variant(&z, &g, i);
    }
    zrf_free(&z);
    free(path);
    return st;
}
