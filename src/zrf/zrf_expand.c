/* zrf_expand.c - includes and macros, on tokens, before any tree exists.
 *
 * First the file's tokens are gathered: `(include "FILE")` is replaced by FILE's tokens, and
 * every `(define NAME BODY...)`, wherever it stands, is taken out and kept, so that a macro
 * may be used above its definition (as files do). Then the stream is copied with each call
 * `(NAME ARG...)` of a macro replaced by its body, spliced without the call's parentheses,
 * in which:
 *   - an atom that is `$n` alone becomes argument n (an atom, a string or a whole list);
 *   - `$n` inside a longer atom or inside a string is pasted: `line-$1` with `a` is `line-a`,
 *     `$1$2` with `a` and `1` is `a1`, "images/$1.bmp" a path (a list cannot be pasted);
 *   - an argument the call does not pass is the enclosing call's of the same number (a macro
 *     called inside another's body sees the outer call's arguments it is not given: Pasang's
 *     `(common-slide)` inside `(ka-blue n w e Black)`), and nothing when no call passes it.
 * The result is scanned again, so a body may call macros. Both stages are bounded (zrf.h):
 * include depth, files, expansion depth and the tokens made. */
#include "zrf.h"
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "oom.h"

typedef struct {
    const char *name;
    size_t start, n;         /* the body: store.v[start .. start+n) */
    ZrfLoc loc;
} Macro;

typedef struct {
    Zrf *z;
    ZrfToks store;           /* the bodies of all macros */
    Macro *macros; int nmacros, capmacros;
    int *slots; int nslots;  /* open addressing: index+1 into macros, 0 empty */
} Expander;

static unsigned name_hash(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static int find_macro(const Expander *e, const char *name)
{
    if (!e->nslots) return -1;
    for (unsigned i = name_hash(name) & (unsigned)(e->nslots - 1);;
         i = (i + 1) & (unsigned)(e->nslots - 1)) {
        if (!e->slots[i]) return -1;
        if (zrf_eq(e->macros[e->slots[i] - 1].name, name)) return e->slots[i] - 1;
    }
}

static void rehash(Expander *e)
{
    free(e->slots);
    e->nslots = 64;
    while (e->nslots < 2 * e->capmacros) e->nslots *= 2;
    e->slots = xcalloc((size_t)e->nslots, sizeof *e->slots, "the table of macros");
    for (int m = 0; m < e->nmacros; m++) {
        unsigned i = name_hash(e->macros[m].name) & (unsigned)(e->nslots - 1);
        while (e->slots[i]) i = (i + 1) & (unsigned)(e->nslots - 1);
        e->slots[i] = m + 1;
    }
}

static void add_macro(Expander *e, Macro m, const ZrfExp *exp)
{
    int old = find_macro(e, m.name);
    if (old >= 0) {
        zrf_warning(e->z, m.loc, exp, "'%s' is defined again: this definition is used",
                    m.name);
        e->macros[old] = m;
        return;
    }
    if (e->nmacros == e->capmacros) {
        e->capmacros = e->capmacros ? e->capmacros * 2 : 64;
        e->macros = xrealloc(e->macros, (size_t)e->capmacros * sizeof *e->macros,
                             "the table of macros");
    }
    e->macros[e->nmacros++] = m;
    if (2 * e->nmacros > e->nslots) rehash(e);
    else {
        unsigned i = name_hash(m.name) & (unsigned)(e->nslots - 1);
        while (e->slots[i]) i = (i + 1) & (unsigned)(e->nslots - 1);
        e->slots[i] = e->nmacros;
    }
}

/* The index just past the list that opens at t[i] (t[i] is ZT_OPEN), or 0 if it never
 * closes within n tokens. */
static size_t list_end(const ZrfTok *t, size_t i, size_t n)
{
    int depth = 0;
    for (; i < n; i++) {
        if (t[i].kind == ZT_OPEN) depth++;
        else if (t[i].kind == ZT_CLOSE && --depth == 0) return i + 1;
    }
    return 0;
}

static int is_form(const ZrfTok *t, size_t i, size_t n, const char *head)
{
    return t[i].kind == ZT_OPEN && i + 1 < n && t[i + 1].kind == ZT_ATOM &&
           zrf_eq(t[i + 1].text, head);
}

/* ---- includes ---------------------------------------------------------------------------- */

static int gather(Expander *e, int file, int depth, ZrfToks *out);

/* A file name of the include's directory that is `name` but for case, or NULL. */
static char *any_case(const char *dir, const char *name)
{
    DIR *d = opendir(*dir ? dir : ".");
    if (!d) return NULL;
    char *found = NULL;
    for (struct dirent *de; !found && (de = readdir(d));)
        if (zrf_eq_nocase(de->d_name, name)) found = xstrdup(de->d_name, "a file name");
    closedir(d);
    return found;
}

/* dir of `base` (with its slash) followed by `name` */
static char *beside(const char *base, const char *name)
{
    const char *slash = strrchr(base, '/');
    size_t dl = slash ? (size_t)(slash - base + 1) : 0, nl = strlen(name);
    char *p = xmalloc(dl + nl + 1, "a file name");
    memcpy(p, base, dl); memcpy(p + dl, name, nl + 1);
    return p;
}

/* path, each part of it that is not there replaced by a name of its directory that differs
 * only in case, as Windows finds files: Include/Chess.zrf finds include/chess.zrf */
static char *any_case_path(const char *path)
{
    size_t n = strlen(path);
    char *out = xmalloc(n + 1, "a file name");
    size_t len = 0;
    out[0] = 0;                  /* (an empty path: an include of "" or of a string of NULs) */
    for (const char *c = path; *c;) {
        const char *e = strchr(c, '/');
        size_t pl = e ? (size_t)(e - c) : strlen(c);
        memcpy(out + len, c, pl);
        out[len + pl] = 0;
        if (pl && access(out, F_OK) != 0) {
            char *dir = xstrdup(out, "a file name"), *part = xstrdup(out + len, "a file name");
            dir[len ? len - 1 : 0] = 0;
            char *other = any_case(len ? (len == 1 ? "/" : dir) : "", part);
            if (other && strlen(other) == pl) memcpy(out + len, other, pl);
            free(other); free(dir); free(part);
        }
        len += pl;
        if (e) out[len++] = '/';
        out[len] = 0;
        c = e ? e + 1 : c + pl;
    }
    return out;
}

static int open_include(Expander *e, int from, const ZrfTok *arg)
{
    /* a read that takes no include (the web board's rules editor, the fuzz harness) refuses it
     * before any look at the disk: the search for the name in another case below lists
     * directories, and its message would show the name as the disk spells it (issue 37) */
    if (e->z->no_files) return zrf_read_file(e->z, arg->text, arg->text, &arg->loc);
    char *name = xstrdup(arg->text, "a file name");
    for (char *c = name; *c; c++) if (*c == '\\') *c = '/';     /* Windows paths */
    Zrf *z = e->z;
    int abs = name[0] == '/';
    char *path = abs ? xstrdup(name, "a file name") : beside(z->files[from].path, name);
    if (access(path, F_OK) != 0) {
        char *found = any_case_path(path);
        free(path);
        path = found;
    }
    char *shown = abs ? xstrdup(name, "a file name") : beside(z->files[from].name, name);
    int f2 = zrf_read_file(z, path, shown, &arg->loc);
    free(path); free(shown); free(name);
    return f2;
}

/* (include "FILE") at t[i]: its tokens appended to out; the index after the form. */
static size_t do_include(Expander *e, int file, const ZrfTok *t, size_t i, size_t n, int depth,
                         ZrfToks *out)
{
    size_t end = list_end(t, i, n);
    if (!end) { zrf_error(e->z, t[i].loc, NULL, "an include that is never closed"); return n; }
    if (end - i != 4 || t[i + 2].kind != ZT_STRING) {
        zrf_error(e->z, t[i + 1].loc, NULL, "an include takes one file name in quotes");
        return end;
    }
    if (depth >= ZRF_MAX_INCLUDE_DEPTH) {
        zrf_error(e->z, t[i + 2].loc, NULL, "includes nested more than %d deep",
                  ZRF_MAX_INCLUDE_DEPTH);
        return end;
    }
    int f = open_include(e, file, &t[i + 2]);
    if (f >= 0) gather(e, f, depth + 1, out);
    return end;
}

/* (define NAME BODY...) at t[i]: kept; the index after the form. */
static size_t do_define(Expander *e, const ZrfTok *t, size_t i, size_t n)
{
    size_t end = list_end(t, i, n);
    if (!end) { zrf_error(e->z, t[i].loc, NULL, "a define that is never closed"); return n; }
    if (end - i < 4 || t[i + 2].kind != ZT_ATOM) {
        zrf_error(e->z, t[i + 1].loc, NULL, "a define needs a name, then its body");
        return end;
    }
    Macro m = { t[i + 2].text, e->store.n, end - 1 - (i + 3), t[i + 2].loc };
    for (size_t k = i + 3; k < end - 1; k++) zrf_toks_push(&e->store, t[k]);
    add_macro(e, m, NULL);
    return end;
}

static int gather(Expander *e, int file, int depth, ZrfToks *out)
{
    ZrfToks t = { 0 };
    zrf_lex(e->z, file, &t);
    for (size_t i = 0; i < t.n;) {
        if (is_form(t.v, i, t.n, "include")) i = do_include(e, file, t.v, i, t.n, depth, out);
        else if (is_form(t.v, i, t.n, "define")) i = do_define(e, t.v, i, t.n);
        else zrf_toks_push(out, t.v[i++]);
    }
    free(t.v);
    return !e->z->diag.errors;
}

/* ---- macro calls ------------------------------------------------------------------------- */

typedef struct { const ZrfTok *v; size_t n; } Arg;

/* The arguments of the calls being expanded, innermost first: an argument a call does not
 * pass is the enclosing call's of the same number (docs/zrf.md, "A missing argument") */
typedef struct Scope { const Arg *args; int nargs; const struct Scope *up; } Scope;

static const Arg *scope_arg(const Scope *sc, int n)
{
    for (; sc; sc = sc->up)
        if (n >= 1 && n <= sc->nargs && sc->args[n - 1].n) return &sc->args[n - 1];
    return NULL;
}

#define MAX_ATOM 65536                  /* a pasted atom or string, in bytes */
#define MAX_PASTED (64L << 20)          /* all pasted text of one read, in bytes */

/* Count tokens made against zrf_max_tokens; 0 once past it (reported once). */
static int spend(Expander *e, size_t tokens, ZrfLoc at, const ZrfExp *exp)
{
    Zrf *z = e->z;
    if (z->too_big) return 0;
    z->ntokens += (long)tokens;
    if (z->ntokens <= zrf_max_tokens) return 1;
    zrf_error(z, at, exp, "the macros expand to more than %ld tokens", zrf_max_tokens);
    z->too_big = 1;
    return 0;
}

/* `$n` at s (s[0] == '$', s[1] a digit): n, and the length of `$n` in *len. Numbers past
 * a million are kept as a million: no macro has that many arguments. */
static int arg_number(const char *s, size_t *len)
{
    size_t k = 1;
    long n = 0;
    for (; s[k] >= '0' && s[k] <= '9'; k++) if (n < 1000000) n = n * 10 + (s[k] - '0');
    *len = k;
    return (int)n;
}

/* `tok` with each `$n` replaced by argument n's text. 1: *res is the result; 0: nothing is
 * left of an atom (all its arguments missing) or it could not be pasted (reported). */
static int paste(Expander *e, const ZrfTok *tok, const Scope *sc, ZrfTok *res)
{
    char *buf = NULL; size_t len = 0, cap = 0;
    for (const char *s = tok->text; *s;) {
        const char *piece = s; size_t plen = 1;
        if (s[0] == '$' && s[1] >= '0' && s[1] <= '9') {
            size_t k; int n = arg_number(s, &k);
            s += k;
            plen = 0;
            const Arg *a = scope_arg(sc, n);
            if (a) {
                if (a->n > 1 || a->v[0].kind == ZT_OPEN) {
                    zrf_error(e->z, tok->loc, tok->exp, "a list cannot be pasted into '%s'",
                              tok->text);
                    free(buf);
                    return 0;
                }
                piece = a->v[0].text; plen = strlen(piece);
            }
        } else s++;
        if (len + plen > MAX_ATOM || (e->z->pasted += (long)plen) > MAX_PASTED) {
            zrf_error(e->z, tok->loc, tok->exp, "pasting makes a name longer than %d bytes"
                      " (or too many long names)", MAX_ATOM);
            e->z->too_big = 1;
            free(buf);
            return 0;
        }
        if (len + plen + 1 > cap) {
            cap = 2 * (len + plen + 1);
            buf = xrealloc(buf, cap, "a pasted name");
        }
        memcpy(buf + len, piece, plen);
        len += plen;
    }
    *res = *tok;
    res->text = arena_strndup(&e->z->arena, buf ? buf : "", len);
    free(buf);
    return tok->kind == ZT_STRING || len > 0;
}

/* The body of m with its arguments in, appended to tmp. */
static void instantiate(Expander *e, const Macro *m, const Scope *sc, const ZrfExp *exp,
                        ZrfToks *tmp)
{
    for (size_t k = 0; k < m->n && !e->z->too_big; k++) {
        ZrfTok tok = e->store.v[m->start + k];
        tok.exp = exp;
        if ((tok.kind == ZT_ATOM || tok.kind == ZT_STRING) && strchr(tok.text, '$')) {
            size_t len;
            if (tok.kind == ZT_ATOM && tok.text[0] == '$' && tok.text[1] >= '0' &&
                tok.text[1] <= '9' && (arg_number(tok.text, &len), !tok.text[len])) {
                const Arg *a = scope_arg(sc, arg_number(tok.text, &len));
                if (!a) continue;                             /* missing: nothing */
                if (!spend(e, a->n, tok.loc, exp)) return;
                for (size_t j = 0; j < a->n; j++) zrf_toks_push(tmp, a->v[j]);
                continue;
            }
            ZrfTok pasted;
            if (!paste(e, &tok, sc, &pasted)) continue;
            tok = pasted;
        }
        if (!spend(e, 1, tok.loc, exp)) return;
        zrf_toks_push(tmp, tok);
    }
}

static void expand_range(Expander *e, const ZrfTok *t, size_t n, int depth, const Scope *sc,
                         ZrfToks *out);

/* The call (NAME ARG...) at t[i..end): its expansion appended to out. */
static void expand_call(Expander *e, const Macro *m, const ZrfTok *t, size_t i, size_t end,
                        int depth, const Scope *up, ZrfToks *out)
{
    Zrf *z = e->z;
    if (depth >= ZRF_MAX_EXPANSION_DEPTH) {
        zrf_error(z, t[i + 1].loc, t[i + 1].exp, "macro calls nested more than %d deep "
                  "(a macro that calls itself?)", ZRF_MAX_EXPANSION_DEPTH);
        z->too_big = 1;
        return;
    }
    Arg *args = xmalloc((end - i) * sizeof *args, "the arguments of a macro");
    int nargs = 0;
    for (size_t k = i + 2; k < end - 1;) {
        size_t next = t[k].kind == ZT_OPEN ? list_end(t, k, end - 1) : k + 1;
        args[nargs++] = (Arg){ t + k, next - k };
        k = next;
    }
    ZrfExp *exp = arena_alloc(&z->arena, sizeof *exp);
    *exp = (ZrfExp){ m->name, t[i + 1].loc, t[i + 1].exp };
    ZrfToks tmp = { 0 };
    Scope sc = { args, nargs, up };
    instantiate(e, m, &sc, exp, &tmp);
    expand_range(e, tmp.v, tmp.n, depth + 1, &sc, out);
    free(args);
    free(tmp.v);
}

static void expand_range(Expander *e, const ZrfTok *t, size_t n, int depth, const Scope *sc,
                         ZrfToks *out)
{
    Zrf *z = e->z;
    for (size_t i = 0; i < n && !z->too_big;) {
        int m = t[i].kind == ZT_OPEN && i + 1 < n && t[i + 1].kind == ZT_ATOM
                ? find_macro(e, t[i + 1].text) : -1;
        if (m < 0) {
            if (!spend(e, 1, t[i].loc, t[i].exp)) return;
            zrf_toks_push(out, t[i++]);
            continue;
        }
        size_t end = list_end(t, i, n);
        if (!end) {
            zrf_error(z, t[i].loc, t[i].exp, "a call of '%s' that is never closed",
                      t[i + 1].text);
            return;
        }
        expand_call(e, &e->macros[m], t, i, end, depth, sc, out);
        i = end;
    }
}

int zrf_expand(Zrf *z, int file, ZrfToks *out)
{
    Expander e = { .z = z };
    ZrfToks raw = { 0 };
    gather(&e, file, 0, &raw);
    if (!z->diag.errors) expand_range(&e, raw.v, raw.n, 0, NULL, out);
    free(raw.v); free(e.store.v); free(e.macros); free(e.slots);
    return !z->diag.errors;
}
