/* move_examples.c - see move_examples.h. The shape of a move string is the string with every
 * letter written 'a' and every digit '1' (a2a3 and h7h5 share "a1a1"; e7e8=Q is "a1a1=a"), so
 * one example stands for all the moves written that way. */
#include "move_examples.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "notation.h"
#include "oom.h"

#define MAX_SHAPES 8

static void shape_of(const char *s, char *out, size_t len)
{
    size_t n = 0;
    for (; *s && n + 1 < len; s++) {
        char c = isalpha((unsigned char)*s) ? 'a' : isdigit((unsigned char)*s) ? '1' : *s;
        if (n && out[n - 1] == c && c == '1') continue;      /* a10 and a1: one shape */
        out[n++] = c;
    }
    out[n] = 0;
}

void move_examples(const Game *g, MoveList *ml, int max, char *buf, size_t len)
{
    char shapes[MAX_SHAPES][MOVE_STR_MAX];
    int nshapes = 0;
    size_t used = 0;
    buf[0] = 0;
    if (max > MAX_SHAPES) max = MAX_SHAPES;
    int *order = xmalloc(sizeof *order * (size_t)(ml->n + 1), "the move list");
    move_sorted(g, ml, order);
    for (int i = 0; i < ml->n && nshapes < max; i++) {
        char s[MOVE_STR_MAX], sh[MOVE_STR_MAX];
        move_string(g, ml, &ml->m[order[i]], s, sizeof s);
        shape_of(s, sh, sizeof sh);
        int seen = 0;
        for (int k = 0; k < nshapes; k++) if (!strcmp(shapes[k], sh)) seen = 1;
        if (seen) continue;
        snprintf(shapes[nshapes++], MOVE_STR_MAX, "%s", sh);
        int n = snprintf(buf + used, len - used, "%s%s", used ? ", " : "", s);
        if (n < 0 || (size_t)n >= len - used) { buf[used] = 0; break; }
        used += (size_t)n;
    }
    free(order);
}
