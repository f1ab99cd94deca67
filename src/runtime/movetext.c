/* movetext.c - a move written as text (see movetext.h). */
#include "movetext.h"
#include <stdio.h>
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
    const char *sep = g->move_sep ? g->move_sep : "";
    switch (m->kind) {
    case MK_DROP:
        if (g->drop_square_only) snprintf(out, outlen, "%s%s%s%s", to, suffix, note, after);
        else if (m->hand && m->hand != m->become)   /* dropped as another type: `X@sq=Y` */
            snprintf(out, outlen, "%s@%s=%s%s%s%s",
                     m->hand <= g->ntypes ? g->types[m->hand].code : "?", to,
                     m->become >= 1 && m->become <= g->ntypes ? g->types[m->become].code : "?",
                     suffix, note, after);
        else snprintf(out, outlen, "%s@%s%s%s%s",
                      m->become >= 1 && m->become <= g->ntypes ? g->types[m->become].code : "?",
                      to, suffix, note, after);
        break;
    case MK_STAY:
        snprintf(out, outlen, "%s%s%s%s", m->from >= 0 ? from : "", suffix, note, after);
        break;
    case MK_OUT:                   /* a player's elimination (make.c) */
        snprintf(out, outlen, "out");
        break;
    default:                       /* MK_MOVE, MK_LANDED */
        if (m->become && m->become != PW_TYPE(m->piece) && m->become <= g->ntypes)
            snprintf(out, outlen, "%s%s%s=%s%s%s%s", from, sep, to, g->types[m->become].code,
                     suffix, note, after);
        else snprintf(out, outlen, "%s%s%s%s%s%s", from, sep, to, suffix, note, after);
    }
    if (out != buf) snprintf(buf, len, "%s%s", qual, body);
}
