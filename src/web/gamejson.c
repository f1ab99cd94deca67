/* gamejson.c - a compiled game and a position as JSON (see gamejson.h).
 *
 * Square, type and player numbers in the JSON are the compiled game's own (types from 1,
 * players and squares from 0), so the page can index the arrays it got from game_json(). */
#include "gamejson.h"
#include <stdlib.h>
#include <string.h>
#include "movesquares.h"
#include "movegen.h"
#include "notation.h"
#include "posstring.h"
#include "record.h"
#include "oom.h"

/* The length of the valid UTF-8 sequence at s (n bytes left), 0 if none starts there: the
 * rules jansson checks (no overlong forms, no surrogates, nothing above U+10FFFF). */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len;
    unsigned lo = 0x80, hi = 0xBF;           /* the range of the second byte */
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) len = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0) lo = 0xA0;            /* overlong */
        if (c == 0xED) hi = 0x9F;            /* surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0) lo = 0x90;            /* overlong */
        if (c == 0xF4) hi = 0x8F;            /* above U+10FFFF */
    } else return 0;
    if (n < len || s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < len; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    return len;
}

json_t *json_text(const char *s)
{
    json_t *j = json_string(s);
    if (j) return j;
    size_t n = strlen(s);
    char *t = malloc(3 * n + 1), *o = t;
    if (!t) return NULL;
    for (size_t i = 0; i < n;) {
        size_t k = utf8_seq((const unsigned char *)s + i, n - i);
        if (k) { memcpy(o, s + i, k); o += k; i += k; }
        else { memcpy(o, "\xEF\xBF\xBD", 3); o += 3; i++; }   /* U+FFFD */
    }
    *o = 0;
    j = json_string(t);
    free(t);
    return j;
}

/* Checked building: jansson returns NULL only when out of memory (strings go through
 * json_text, which takes any bytes). */
static json_t *must(json_t *j)
{
    if (!j) out_of_memory("JSON");
    return j;
}
static void put(json_t *o, const char *k, json_t *v) { json_object_set_new(o, k, must(v)); }
static void add(json_t *a, json_t *v) { json_array_append_new(a, must(v)); }

/* The `arrows` attribute, if the game declares one: a direction mask per square. */
static const Attribute *arrows_attr(const Game *g)
{
    for (int i = 0; i < g->nattrs; i++)
        if (!strcmp(g->attrs[i].name, "arrows")) return &g->attrs[i];
    return NULL;
}

static json_t *square_json(const Game *g, int sq, const Attribute *arrows, const uint8_t *mark,
                           const Attribute *map)
{
    json_t *s = must(json_object());
    put(s, "name", json_text(g->sq_name[sq]));
    put(s, "x", json_integer(g->sq_x[sq]));
    put(s, "y", json_integer(g->sq_y[sq]));
    if (arrows) {
        json_t *a = must(json_array());
        uint64_t m = (uint64_t)arrows->value[sq];
        for (int d = 0; d < g->ndirs && d < 64; d++)
            if (m >> d & 1) {
                json_t *v = must(json_array());
                add(v, json_integer(g->dx[d])); add(v, json_integer(g->dy[d]));
                add(a, v);
            }
        put(s, "arrows", a);
    }
    if (game_graph_board(g) && g->sq_rect) {      /* drawn at its rectangle (none: not drawn) */
        json_t *r = must(json_array());
        for (int k = 0; k < 4; k++) add(r, json_integer(g->sq_rect[sq][k]));
        put(s, "rect", r);
    }
    if (mark && mark[sq]) put(s, "mark", json_true());
    if (map) put(s, "map", json_integer(map->value[sq]));
    return s;
}

json_t *game_json(const Game *g)
{
    json_t *j = must(json_object());
    put(j, "name", json_text(g->name ? g->name : ""));
    put(j, "file", json_text(g->filename ? g->filename : ""));
    put(j, "files", json_integer(g->files));
    put(j, "ranks", json_integer(g->ranks));
    put(j, "stack", json_integer(g->stack));
    /* whether pieces in hand can be dropped: without drops a hand is a pool (Ivory Tower's
     * captured pieces, which a promotion takes back) */
    put(j, "drops", json_boolean(g->drops_fn >= 0));
    json_t *pl = must(json_array());
    for (int i = 0; i < g->nplayers; i++) {
        json_t *o = must(json_object());
        put(o, "name", json_text(g->player_name[i]));
        put(o, "letter", json_text(g->player_letter[i]));
        if (game_is_chance(g, i)) put(o, "chance", json_true());   /* throws dice, owns no side */
        add(pl, o);
    }
    put(j, "players", pl);

    const Attribute *arrows = arrows_attr(g);
    const uint8_t *mark = g->display_mark >= 0 ? g->lists[g->display_mark].member[0] : NULL;
    const Attribute *map = g->display_map >= 0 ? &g->attrs[g->display_map] : NULL;
    json_t *sqs = must(json_array());
    for (int sq = 0; sq < g->nsq; sq++) add(sqs, square_json(g, sq, arrows, mark, map));
    put(j, "squares", sqs);
    /* a board of named positions drawn where the file puts them, with its lines: each pair of
     * squares a direction leads from one to the other (the paths of native leaps left out) */
    put(j, "graph", json_boolean(game_graph_board(g) && g->sq_rect));
    if (game_graph_board(g) && g->sq_rect) {
        json_t *links = must(json_array());
        for (int a = 0; a < g->nsq; a++)
            for (int d = 0; d < g->ndirs; d++) {
                int b = g->neighbor[a * g->ndirs + d], dup = 0;
                if (b < 0 || (g->dir_name[d] && g->dir_name[d][0] == ' ')) continue;
                for (int e = 0; e < d; e++) dup |= g->neighbor[a * g->ndirs + e] == b;
                for (int e = 0; e < g->ndirs && b < a; e++)
                    dup |= g->neighbor[b * g->ndirs + e] == a;
                if (dup) continue;
                json_t *pair = must(json_array());
                add(pair, json_integer(a)); add(pair, json_integer(b));
                add(links, pair);
            }
        put(j, "links", links);
    }
    put(j, "arrows", json_boolean(arrows != NULL));
    if (map) put(j, "map", json_text(map->name));

    json_t *ty = must(json_array());
    add(ty, json_null());                      /* type 0 is "no piece" */
    for (int t = 1; t <= g->ntypes; t++) {
        const PieceType *pt = &g->types[t];
        json_t *o = must(json_object());
        put(o, "name", json_text(pt->name));
        put(o, "code", json_text(pt->code));
        put(o, "lcode", json_text(pt->lcode));
        put(o, "royal", json_boolean(pt->royal));
        put(o, "neutral", json_boolean(pt->neutral));
        add(ty, o);
    }
    put(j, "types", ty);

    json_t *op = must(json_array());
    for (int i = 0; i < g->noptions; i++) {
        const Option *o = &g->options[i];
        json_t *x = must(json_object());
        put(x, "name", json_text(o->name));
        json_t *vals = must(json_array());
        for (int k = 0; k < o->nvalues; k++) add(vals, json_text(o->values[k]));
        put(x, "values", vals);                /* empty: a flag, on (1) or off (0) */
        put(x, "value", json_integer(o->value));
        add(op, x);
    }
    put(j, "options", op);
    put(j, "start", json_text(g->start ? g->start : ""));
    return j;
}

/* The piece variables of a piece word, by name (only those that are set and not hidden by
 * `display { hide V; }`). */
static json_t *piece_vars(const Game *g, int32_t w)
{
    json_t *o = NULL;
    for (int i = 0; i < g->nvars; i++) {
        const Var *v = &g->vars[i];
        if (v->kind != VAR_PIECE || v->hidden) continue;
        unsigned x = ((uint32_t)w >> v->shift) & ((1u << v->bits) - 1);
        if (!x) continue;
        if (!o) o = must(json_object());
        put(o, v->name, v->vtype == VT_BOOL ? json_true() : json_integer(x));
    }
    return o;
}

static json_t *piece_json(const Game *g, int32_t w)
{
    json_t *o = must(json_object());
    put(o, "type", json_integer(PW_TYPE(w)));
    put(o, "owner", json_integer(PW_OWNER(w)));
    json_t *v = piece_vars(g, w);
    if (v) put(o, "vars", v);
    return o;
}

/* `display { show VAR "label"; }`: one text per player for a player variable, else one. */
static json_t *shown_vars(const Pos *p)
{
    const Game *g = p->g;
    json_t *a = must(json_array());
    char text[256];
    for (int i = 0; i < g->ndisplay; i++) {
        const Var *v = &g->vars[g->display_var[i]];
        json_t *o = must(json_object()), *vals = must(json_array());
        put(o, "label", json_text(g->display_label[i]));
        int n = v->kind == VAR_PLAYER ? g->nplayers : 1;
        for (int k = 0; k < n; k++) {
            var_value_text(g, v, p->st[v->base + k], text, sizeof text);
            add(vals, json_text(text));
        }
        put(o, "per_player", json_boolean(v->kind == VAR_PLAYER));
        put(o, "values", vals);
        add(a, o);
    }
    return a;
}

/* Square variables (int or bool) that differ from their initial value: ichor timers and such,
 * which the board shows on their squares. {"ichor": {"12": 3}} */
static json_t *square_vars(const Pos *p)
{
    const Game *g = p->g;
    json_t *o = must(json_object());
    for (int i = 0; i < g->nvars; i++) {
        const Var *v = &g->vars[i];
        if (v->kind != VAR_SQUARE || v->hidden || (v->vtype != VT_INT && v->vtype != VT_BOOL))
            continue;
        json_t *m = NULL;
        for (int sq = 0; sq < g->nsq; sq++) {
            int32_t x = p->st[v->base + sq];
            if (x == (int32_t)v->init) continue;
            if (!m) m = must(json_object());
            char key[16]; snprintf(key, sizeof key, "%d", sq);
            put(m, key, json_integer(x));
        }
        if (m) put(o, v->name, m);
    }
    return o;
}

json_t *position_json(Pos *p)
{
    const Game *g = p->g;
    json_t *j = must(json_object());
    int turn = pos_turn(p);
    put(j, "turn", json_integer(turn));
    if (g->st_out >= 0) {                       /* three or more players: those out, if any */
        json_t *out = must(json_array());
        for (int pl = 0; pl < g->nplayers; pl++)
            if (p->st[g->st_out] >> pl & 1) add(out, json_integer(pl));
        put(j, "out", out);
    }
    char *s = pos_to_string(p);
    put(j, "position", json_text(s));
    free(s);
    json_t *board = must(json_array());
    for (int sq = 0; sq < g->nsq; sq++) {
        json_t *stack = must(json_array());     /* bottom first */
        for (int l = 0; l < g->stack; l++) {
            int32_t w = p->st[sq * g->stack + l];
            if (!w) break;
            add(stack, piece_json(g, w));
        }
        add(board, stack);
    }
    put(j, "board", board);
    json_t *hands = must(json_array());
    for (int pl = 0; pl < g->nplayers; pl++) {
        json_t *h = must(json_array());
        for (int t = 1; t <= g->ntypes; t++) {
            int n = p->st[g->st_hands + pl * (g->ntypes + 1) + t];
            if (n <= 0) continue;
            json_t *o = must(json_object());
            put(o, "type", json_integer(t));
            put(o, "count", json_integer(n));
            add(h, o);
        }
        add(hands, h);
    }
    put(j, "hands", hands);
    put(j, "shown", shown_vars(p));
    put(j, "square_vars", square_vars(p));
    /* check: the royal pieces of the side to move, when one of them is attacked */
    json_t *check = must(json_array());
    if (g->has_royal && turn >= 0 && turn < g->nplayers && in_check(p, turn))
        for (int sq = 0; sq < g->nsq; sq++)
            for (int l = 0; l < g->stack; l++) {
                int32_t w = p->st[sq * g->stack + l];
                int t = PW_TYPE(w);
                if (w && t <= g->ntypes && g->types[t].royal && PW_OWNER(w) == turn) {
                    add(check, json_integer(sq));
                    break;
                }
            }
    put(j, "check", check);
    return j;
}

static const char *kind_name(int k)
{
    switch (k) {
    case MK_STAY: return "stay";
    case MK_DROP: return "drop";
    case MK_LANDED: return "landed";
    case MK_OUT: return "out";
    default: return "move";
    }
}

json_t *moves_json(const Game *g, const MoveList *ml)
{
    int *order = malloc(sizeof *order * (size_t)(ml->n + 1));
    if (!order) out_of_memory("the move order");
    move_sorted(g, ml, order);
    json_t *a = must(json_array());
    for (int i = 0; i < ml->n; i++) {
        const Move *m = &ml->m[order[i]];
        char buf[MOVE_STR_MAX];
        move_string(g, ml, m, buf, sizeof buf);
        json_t *o = must(json_object());
        put(o, "s", json_text(buf));
        int from, to;
        if (move_squares(g, m, buf, &from, &to)) put(o, "named", json_true());
        put(o, "from", json_integer(from));
        put(o, "to", json_integer(to));
        put(o, "kind", json_text(kind_name(m->kind)));
        if (g->stack > 1) put(o, "layer", json_integer(m->layer));
        if (m->kind == MK_DROP) put(o, "drop", json_integer(m->become));
        int path[64];
        int np = move_part_squares(g, ml, m, path, 64);
        if (np) {                  /* a move in parts: the squares its steps land on, in order */
            json_t *pa = must(json_array());
            for (int k = 0; k < np; k++) add(pa, json_integer(path[k]));
            put(o, "steps", pa);
        }
        add(a, o);
    }
    free(order);
    return a;
}

json_t *result_json(const Pos *p)
{
    if (!p->result) return must(json_null());
    const Game *g = p->g;
    static const char *outcome[] = { "", "wins", "loses", "draw" };
    int turn = pos_result_side(p);
    json_t *o = must(json_object());
    put(o, "code", json_text(record_result_string(g, p->result, turn)));
    put(o, "player", json_text(turn >= 0 && turn < g->nplayers ? g->player_name[turn] : "?"));
    put(o, "outcome", json_text(p->result >= 1 && p->result <= 3 ? outcome[p->result] : "?"));
    put(o, "reason", json_text(p->result_reason ? g->strings[p->result_reason - 1] : ""));
    return o;
}

void print_json(Pos *p, int with_game, FILE *out)
{
    json_t *pj = position_json(p);      /* before the moves: in_check may use the scratch lists */
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    json_t *j = must(json_object());
    put(pj, "moves", moves_json(p->g, ml));
    put(pj, "result", result_json(p));
    if (with_game) {
        put(j, "game", game_json(p->g));
        put(j, "state", pj);
    } else {
        put(j, "moves", json_incref(json_object_get(pj, "moves")));
        put(j, "result", json_incref(json_object_get(pj, "result")));
        json_decref(pj);
    }
    json_dumpf(j, out, JSON_COMPACT);
    fputc('\n', out);
    json_decref(j);
}
