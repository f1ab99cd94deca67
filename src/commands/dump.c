/* dump.c - `boardvm dump FILE.zrf [--variant N|NAME]`: what the Zillions reader made of a
 * file, for debugging a port: the variant's sections after macro expansion and inheritance,
 * then its board (positions, links per direction, zones, symmetries), then the game it lowers
 * to: each piece's native lines and the bytecode of its programs. */
#include <stdio.h>
#include <stdlib.h>
#include "commands.h"
#include "zrfopen.h"
#include "oom.h"
#include "optext.h"
#include "session.h"
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

/* The game the variant lowers to, as every command compiles it: each piece's native lines (the
 * blocks run without the interpreter) and the bytecode of the programs. */
static int dump_lowered(const char *path, int number)
{
    char opt[32], *opts[1] = { opt };
    snprintf(opt, sizeof opt, "variant=%d", number);
    int status;
    Game *g = load_game(path, NULL, 1, opts, &status);
    /* a port under way often does not compile yet: what the reader made stays the dump */
    if (!g) { printf("lowered: none (the messages on stderr)\n"); return 0; }
    static const char *kind[] = { "leap", "ride", "hop" }, *mode[] = { "", " move", " capture" };
    printf("lowered:\n");
    for (int t = 1; t <= g->ntypes; t++) {
        const PieceType *T = &g->types[t];
        for (int i = 0; i < T->natoms + T->nattack_atoms; i++) {
            const Atom *a = i < T->natoms ? &T->atoms[i] : &T->attack_atoms[i - T->natoms];
            printf("%s %s: %s%s ", i < T->natoms ? "line" : "attack line", T->name, kind[a->kind],
                   mode[a->mode]);
            if (a->leg >= 0) printf("%s then ", g->dir_name[a->leg]);
            printf("%s\n", g->dir_name[a->dir]);
        }
    }
    optext_listing(stdout, g);
    game_free(g);
    return 0;
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
        if (!st && g.v[i].number) st = dump_lowered(path, g.v[i].number);
    }
    zrf_free(&z);
    free(path);
    return st;
}
