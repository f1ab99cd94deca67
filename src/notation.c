/* notation.c - move strings (see notation.h). */
#include "notation.h"
#include "oom.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void move_string(const Game *g, const MoveList *ml, const Move *m, char *buf, size_t len)
{
    const char *suffix = m->suffix ? g->strings[m->suffix - 1] : "";
    char note[4100], qual[4100];
    size_t nl = m->nnote < sizeof note - 1 ? m->nnote : sizeof note - 1;
    if (nl) memcpy(note, ml->text + m->note0, nl);
    note[nl] = 0;
    size_t ql = m->qualified ? (m->nqual < sizeof qual - 1 ? m->nqual : sizeof qual - 1) : 0;
    if (ql) memcpy(qual, ml->text + m->qual0, ql);
    qual[ql] = 0;
    /* a qualifier before the string: write the rest after it */
    char body[MOVE_STR_MAX];
    char *out = buf; size_t outlen = len;
    if (ql && m->qual_before) { out = body; outlen = sizeof body; }
    const char *from = m->from >= 0 && m->from < g->nsq ? g->sq_name[m->from] : "?";
    const char *to = m->to >= 0 && m->to < g->nsq ? g->sq_name[m->to] : "?";
    const char *after = ql && !m->qual_before ? qual : "";
    switch (m->kind) {
    case MK_DROP:
        snprintf(out, outlen, "%s@%s%s%s%s",
                 m->become >= 1 && m->become <= g->ntypes ? g->types[m->become].code : "?", to,
                 suffix, note, after);
        break;
    case MK_STAY:
        snprintf(out, outlen, "%s%s%s%s", m->from >= 0 ? from : "", suffix, note, after);
        break;
    default:                       /* MK_MOVE, MK_LANDED */
        if (m->become && m->become != PW_TYPE(m->piece) && m->become <= g->ntypes)
            snprintf(out, outlen, "%s%s=%s%s%s%s", from, to, g->types[m->become].code, suffix,
                     note, after);
        else snprintf(out, outlen, "%s%s%s%s%s", from, to, suffix, note, after);
    }
    if (out != buf) snprintf(buf, len, "%s%s", qual, body);
}

int move_find(const Game *g, const MoveList *ml, const char *s)
{
    char buf[MOVE_STR_MAX];
    for (int i = 0; i < ml->n; i++) {
        move_string(g, ml, &ml->m[i], buf, sizeof buf);
        if (!strcmp(buf, s)) return i;
    }
    return -1;
}

int move_find_pair(const Game *g, const MoveList *ml, const char *s, int *second)
{
    char buf[MOVE_STR_MAX];
    int first = -1;
    *second = -1;
    for (int i = 0; i < ml->n; i++) {
        move_string(g, ml, &ml->m[i], buf, sizeof buf);
        if (strcmp(buf, s)) continue;
        if (first >= 0) { *second = i; break; }
        first = i;
    }
    return first;
}

/* Sorted by an insertion sort of the indices, not by qsort: glibc's qsort of more than 1 KB
 * asks sysconf for the machine's memory, and the pages of libc that this touches (the kernel
 * maps 64 KB around each) were 0.2 MB of a perft's peak memory (docs/runtime.md, "Peak
 * memory"). A list holds at most a few hundred moves, and is sorted once per command. */
void move_sorted(const Game *g, const MoveList *ml, int *order)
{
    char (*s)[MOVE_STR_MAX] = malloc(sizeof *s * (size_t)(ml->n ? ml->n : 1));
    if (!s) out_of_memory("the move strings to sort");
    for (int i = 0; i < ml->n; i++) {
        move_string(g, ml, &ml->m[i], s[i], sizeof s[i]);
        int j = i;
        for (; j > 0 && strcmp(s[order[j - 1]], s[i]) > 0; j--) order[j] = order[j - 1];
        order[j] = i;
    }
    free(s);
}
