/* movetext.c - a move written as text (see movetext.h). */
#include "movetext.h"
#include <string.h>

/* The string is built by appending pieces, cut as snprintf cuts it (at most cap - 1 characters,
 * always ended): `distinct smallest` writes two moves for each merge (merge.c), and with
 * snprintf's formatting that was 3 % of the instructions of a Four Towers position with
 * multi-piece moves. */
typedef struct { char *buf; size_t n, cap; } Text;

static void put(Text *t, const char *s, size_t k)
{
    if (!t->cap) return;
    size_t room = t->cap - 1 - t->n;
    if (k > room) k = room;
    memcpy(t->buf + t->n, s, k);
    t->n += k;
    t->buf[t->n] = 0;
}

static void put_str(Text *t, const char *s) { put(t, s, strlen(s)); }

static const char *type_code(const Game *g, int t)
{
    return t >= 1 && t <= g->ntypes ? g->types[t].code : "?";
}

void move_string(const Game *g, const MoveList *ml, const Move *m, char *buf, size_t len)
{
    const char *suffix = m->suffix ? g->strings[m->suffix - 1] : "";
    /* the notes and the qualifier as they are kept in the list (not ended; at most 4099
     * characters, and up to a NUL, as when they were copied out and written with %s) */
    size_t nl = m->nnote < 4099 ? m->nnote : 4099;
    const char *note = nl ? ml->text + m->note0 : "";
    nl = strnlen(note, nl);
    size_t ql = m->qualified ? (m->nqual < 4099 ? m->nqual : 4099) : 0;
    const char *qual = ql ? ml->text + m->qual0 : "";
    ql = strnlen(qual, ql);
    /* a qualifier before the string: write the rest after it */
    char body[MOVE_STR_MAX];
    Text out = { buf, 0, len };
    if (ql && m->qual_before) out = (Text){ body, 0, sizeof body };
    if (out.cap) out.buf[0] = 0;
    const char *from = m->from >= 0 && m->from < g->nsq ? g->sq_name[m->from] : "?";
    const char *to = m->to >= 0 && m->to < g->nsq ? g->sq_name[m->to] : "?";
    size_t al = ql && !m->qual_before ? ql : 0;      /* the qualifier after the string */
    const char *sep = g->move_sep ? g->move_sep : "";
    switch (m->kind) {
    case MK_DROP:
        if (g->drop_square_only) put_str(&out, to);
        else {
            if (m->hand && m->hand != m->become)      /* dropped as another type: `X@sq=Y` */
                put_str(&out, m->hand <= g->ntypes ? g->types[m->hand].code : "?");
            else put_str(&out, type_code(g, m->become));
            put_str(&out, "@");
            put_str(&out, to);
            if (m->hand && m->hand != m->become) {
                put_str(&out, "=");
                put_str(&out, type_code(g, m->become));
            }
        }
        break;
    case MK_STAY:
        if (m->from >= 0) put_str(&out, from);
        break;
    case MK_OUT:                   /* a player's elimination (make.c) */
        put_str(&out, "out");
        break;
    default:                       /* MK_MOVE, MK_LANDED */
        put_str(&out, from);
        put_str(&out, sep);
        put_str(&out, to);
        if (m->become && m->become != PW_TYPE(m->piece) && m->become <= g->ntypes) {
            put_str(&out, "=");
            put_str(&out, g->types[m->become].code);
        }
    }
    if (m->kind != MK_OUT) {
        put_str(&out, suffix);
        put(&out, note, nl);
        put(&out, qual, al);
    }
    if (out.buf != buf) {
        Text whole = { buf, 0, len };
        if (len) buf[0] = 0;
        put(&whole, qual, ql);
        put(&whole, body, out.n);
    }
}
