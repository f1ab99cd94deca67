/* tune_write.c - `tune --write FILE.rules`: a copy of the rules file with the learned values.
 *
 * The values go where a designer would put them: into each `piece NAME "CODE" value N ... {`
 * declaration, the number replaced (or `value N` added after the code), with a comment line
 * above it that gives the standard error. The declarations are found in the text by the
 * language's own tokens (identifiers, strings, `#` comments: lexer.l), not by the compiled game,
 * which keeps no positions of its numbers; so that a text this reading got wrong can never be
 * written, the copy is compiled again and every type's value compared with the learned one
 * before the file is opened. The rest of the text is copied byte for byte. */
#include "tune_write.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "gameload.h"
#include "oom.h"
#include "outfile.h"
#include "session.h"

int tune_write_is_rules(const char *path)
{
    size_t n = strlen(path);
    return n > 6 && !strcmp(path + n - 6, ".rules");
}

/* Where one declaration was found: the start of its line, the end of its code string, and the
 * number of its `value` (num_at < 0: none). */
typedef struct {
    size_t line_at, code_end;
    long num_at, num_end;
} Decl;

static int ident_char(int c) { return isalnum(c) || c == '_' || c == '-'; }

/* Past blanks, newlines and `#` comments. */
static size_t skip_space(const char *s, size_t i, size_t n)
{
    for (;;) {
        while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) i++;
        if (i < n && s[i] == '#') {
            while (i < n && s[i] != '\n') i++;
            continue;
        }
        return i;
    }
}

/* An identifier at i (as lexer.l's IDENT: a letter, then letters, digits, '_' and single '-'
 * followed by a letter): its end, or i when there is none. */
static size_t ident_end(const char *s, size_t i, size_t n)
{
    if (i >= n || !isalpha((unsigned char)s[i])) return i;
    size_t j = i + 1;
    while (j < n && (isalnum((unsigned char)s[j]) || s[j] == '_' ||
                     (s[j] == '-' && j + 1 < n && isalpha((unsigned char)s[j + 1]))))
        j++;
    return j;
}

/* A string at i: its end (past the closing quote), or i when there is none. */
static size_t string_end(const char *s, size_t i, size_t n)
{
    if (i >= n || s[i] != '"') return i;
    size_t j = i + 1;
    while (j < n && s[j] != '"' && s[j] != '\n') j += s[j] == '\\' && j + 1 < n ? 2 : 1;
    return j < n && s[j] == '"' ? j + 1 : i;
}

static int word_is(const char *s, size_t a, size_t b, const char *w)
{
    return b - a == strlen(w) && !memcmp(s + a, w, b - a);
}

/* After `piece` at [a, b): a declaration `piece NAME "CODE" attrs {`? Its type (by name), with
 * *d filled, or 0. */
static int read_decl(const Game *g, const char *s, size_t n, size_t b, Decl *d)
{
    size_t i = skip_space(s, b, n), e = ident_end(s, i, n);
    if (e == i) return 0;
    int type = 0;
    for (int t = 1; t <= g->ntypes && !type; t++)
        if (word_is(s, i, e, g->types[t].name)) type = t;
    size_t c = skip_space(s, e, n), ce = string_end(s, c, n);
    if (!type || ce == c) return 0;
    d->code_end = ce;
    d->num_at = d->num_end = -1;
    for (i = skip_space(s, ce, n); i < n && s[i] != '{'; i = skip_space(s, i, n)) {
        e = ident_end(s, i, n);
        if (e == i) return 0;
        if (word_is(s, i, e, "value")) {
            size_t k = skip_space(s, e, n), k0 = k;
            if (k < n && s[k] == '-') k = skip_space(s, k + 1, n);
            if (k >= n || !isdigit((unsigned char)s[k])) return 0;
            while (k < n && isdigit((unsigned char)s[k])) k++;
            d->num_at = (long)k0; d->num_end = (long)k;
            i = k;
        } else if (word_is(s, i, e, "royal") || word_is(s, i, e, "neutral")) i = e;
        else return 0;
    }
    return i < n ? type : 0;
}

/* Find the declaration of every type in the text: decl[t].line_at set (else SIZE_MAX). */
static void find_decls(const Game *g, const char *s, size_t n, Decl *decl)
{
    for (int t = 0; t <= g->ntypes; t++) decl[t].line_at = (size_t)-1;
    size_t i = 0;
    while (i < n) {
        char c = s[i];
        if (c == '#') { while (i < n && s[i] != '\n') i++; continue; }
        if (c == '"') { size_t e = string_end(s, i, n); i = e > i ? e : i + 1; continue; }
        int inside = i > 0 && (ident_char((unsigned char)s[i - 1]) || s[i - 1] == '.');
        if (!isalpha((unsigned char)c) || inside) {
            i++;
            continue;
        }
        size_t e = ident_end(s, i, n);
        Decl d;
        int t = word_is(s, i, e, "piece") ? read_decl(g, s, n, e, &d) : 0;
        if (t && decl[t].line_at == (size_t)-1) {
            d.line_at = i;
            while (d.line_at > 0 && s[d.line_at - 1] != '\n') d.line_at--;
            decl[t] = d;
        }
        i = e;
    }
}

typedef struct { char *s; size_t n, cap; } Buf;

static void put(Buf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        while (b->n + n + 1 > b->cap) b->cap = b->cap ? 2 * b->cap : 4096;
        b->s = xrealloc(b->s, b->cap, "the rules file's copy");
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = 0;
}

static void putf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(Buf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    put(b, tmp, k < 0 ? 0 : (size_t)k < sizeof tmp ? (size_t)k : sizeof tmp - 1);
}

static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

int tune_write_rules(const Game *g, char **opts, int nopts, const LearnedValue *learned,
                     const char *about, const char *out, int overwrite)
{
    const char *in = g->filename;
    if (!in) {
        fprintf(stderr, "boardvm: tune: --write %s: the game has no rules file to copy\n", out);
        return 1;
    }
    if (!overwrite && same_file(in, out)) {
        fprintf(stderr, "boardvm: tune: --write %s would replace the rules file itself; give "
                        "another name, or --overwrite to replace it\n", out);
        return 2;
    }
    size_t n;
    char *text = read_file(in, &n);
    if (!text) return 2;
    Decl *decl = xcalloc((size_t)g->ntypes + 1, sizeof *decl, "the declarations");
    find_decls(g, text, n, decl);
    int st = 0;
    /* the edits, in the order of the text */
    int *order = xcalloc((size_t)g->ntypes + 1, sizeof *order, "the declarations");
    int nord = 0;
    for (int t = 1; t <= g->ntypes; t++) {
        if (!learned[t].have) continue;
        if (decl[t].line_at == (size_t)-1) {
            fprintf(stderr, "boardvm: tune: --write %s: the declaration `piece %s \"%s\" ... {` "
                            "was not found in %s (write a weights file instead: --write "
                            "NAME.weights)\n",
                    out, g->types[t].name, g->types[t].code, in);
            st = 1;
        }
        order[nord++] = t;
    }
    for (int a = 1; a < nord; a++)                    /* (a few types: insertion sort) */
        for (int b = a; b > 0 && decl[order[b]].line_at < decl[order[b - 1]].line_at; b--) {
            int x = order[b]; order[b] = order[b - 1]; order[b - 1] = x;
        }
    Buf b = { 0 };
    size_t at = 0;
    if (!st) {
        putf(&b, "# Piece values learned by boardvm tune: %s.\n"
                 "# Each one's standard error is in the comment above its piece.\n", about);
        for (int k = 0; k < nord; k++) {
            int t = order[k];
            const Decl *d = &decl[t];
            const PieceType *T = &g->types[t];
            put(&b, text + at, d->line_at - at);
            size_t ind = d->line_at;
            while (ind < n && (text[ind] == ' ' || text[ind] == '\t')) ind++;
            put(&b, text + d->line_at, ind - d->line_at);
            putf(&b, "# tune: %s %ld, standard error %.0f ", T->name, learned[t].value,
                 learned[t].se);
            if (T->value) putf(&b, "(declared %d)\n", T->value);
            else putf(&b, "(no value declared)\n");
            if (d->num_at >= 0) {
                put(&b, text + d->line_at, (size_t)d->num_at - d->line_at);
                putf(&b, "%ld", learned[t].value);
                at = (size_t)d->num_end;
            } else {
                put(&b, text + d->line_at, d->code_end - d->line_at);
                putf(&b, " value %ld", learned[t].value);
                at = d->code_end;
            }
        }
        put(&b, text + at, n - at);
    }
    /* the copy must compile and carry the values, or nothing is written */
    if (!st) {
        int cst;
        Game *h = game_compile(b.s, b.n, out, nopts, opts, &cst);
        if (!h) {
            fprintf(stderr, "boardvm: tune: --write %s: the copy with the values does not compile "
                            "(the errors above); nothing written\n", out);
            st = 1;
        } else {
            for (int t = 1; t <= g->ntypes && h->ntypes == g->ntypes; t++)
                if (learned[t].have && h->types[t].value != learned[t].value) {
                    fprintf(stderr, "boardvm: tune: --write %s: %s's value in the copy is %d, "
                                    "not %ld; nothing written\n",
                            out, g->types[t].name, h->types[t].value, learned[t].value);
                    st = 1;
                }
            if (h->ntypes != g->ntypes) {
                fprintf(stderr, "boardvm: tune: --write %s: the copy has other piece types; "
                                "nothing written\n", out);
                st = 1;
            }
            game_free(h);
        }
    }
    if (!st) {
        OutFile *of = outfile_open(out);
        if (!of) st = 2;
        else {
            fwrite(b.s, 1, b.n, of->f);
            if (outfile_close(of) != 0) st = 2;
        }
    }
    free(b.s);
    free(order);
    free(decl);
    free(text);
    return st;
}
