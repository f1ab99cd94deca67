/* zrf_src.c - the files of one read, their messages, and the read from file to tree. */
#include "zrf.h"
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "oom.h"

long zrf_max_tokens = ZRF_MAX_TOKENS;

void zrf_init(Zrf *z, FILE *out)
{
    memset(z, 0, sizeof *z);
    arena_init(&z->arena);
    diag_init(&z->diag, "boardvm", NULL, 0);
    z->diag.out = out;
    z->diag_file = -1;
}

void zrf_free(Zrf *z)
{
    for (int i = 0; i < z->nfiles; i++) {
        free(z->files[i].path); free(z->files[i].text); free(z->files[i].shown);
    }
    z->nfiles = 0;
    arena_free(&z->arena);
}

/* The message of a file that cannot be read goes where the asking include is, or, for the
 * file on the command line, under the program's name. */
static void file_problem(Zrf *z, const ZrfLoc *at, const char *fmt, const char *path,
                         const char *why)
{
    if (at) zrf_error(z, *at, NULL, fmt, path, why);
    else {
        z->diag_file = -1;
        z->diag.filename = "boardvm";
        diag_plain(&z->diag, fmt, path, why);
    }
}

static char *slurp(Zrf *z, FILE *f, const char *path, const ZrfLoc *at, size_t *len)
{
    size_t cap = 65536, n = 0;
    char *buf = xmalloc(cap + 1, "a .zrf file");
    for (;;) {
        size_t k = fread(buf + n, 1, cap - n, f);
        n += k;
        if (n > (size_t)ZRF_MAX_FILE_BYTES) {
            file_problem(z, at, "cannot read '%s': %s", path, "larger than 4 MiB");
            free(buf);
            return NULL;
        }
        if (k == 0) break;
        if (n == cap) { cap *= 2; buf = xrealloc(buf, cap + 1, "a .zrf file"); }
    }
    if (ferror(f)) {
        file_problem(z, at, "cannot read '%s': %s", path, "a read error");
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* text (malloc'ed, NUL-ended, taken over) as files[nfiles] */
static int add_file(Zrf *z, const char *path, const char *name, char *text, size_t len)
{
    ZrfFile *zf = &z->files[z->nfiles];
    zf->path = xstrdup(path, "a file name");
    zf->name = arena_strdup(&z->arena, name);
    zf->text = text; zf->len = len;
    /* diag prints a line up to its '\n': the CR before it would show as '?'. It finds lines
     * by their '\n's, so leaving the CR out moves no line and no column. */
    zf->shown = xmalloc(len + 1, "a .zrf file");
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (text[i] != '\r' || i + 1 == len || text[i + 1] != '\n') zf->shown[n++] = text[i];
    zf->shown[n] = 0;
    zf->shown_len = n;
    return z->nfiles++;
}

int zrf_read_file(Zrf *z, const char *path, const char *name, const ZrfLoc *at)
{
    if (z->no_files && at) {
        file_problem(z, at, "cannot read '%s': %s", path, "this read takes no include");
        return -1;
    }
    if (z->nfiles == ZRF_MAX_FILES) {
        file_problem(z, at, "cannot read '%s': %s", path, "more than 64 files in one read");
        return -1;
    }
    FILE *f = fopen(path, "rb");
    if (!f) { file_problem(z, at, "cannot read '%s': %s", path, strerror(errno)); return -1; }
    size_t len = 0;
    char *text = slurp(z, f, path, at, &len);
    fclose(f);
    if (!text) return -1;
    return add_file(z, path, name, text, len);
}

void zrf_point_diag(Zrf *z, int file)
{
    if (file == z->diag_file || file < 0 || file >= z->nfiles) return;
    ZrfFile *f = &z->files[file];
    z->diag.filename = f->name;
    z->diag.text = f->shown; z->diag.textlen = f->shown_len;
    z->diag.at = f->shown; z->diag.at_line = 1;
    z->diag_file = file;
}

static SrcLoc src_loc(ZrfLoc l) { return (SrcLoc){ l.line, l.col, l.len > 0 ? l.len : 1 }; }

static int same_call(const ZrfExp *a, const ZrfExp *b)
{
    return a && b && a->at.file == b->at.file && a->at.line == b->at.line &&
           a->at.col == b->at.col && !strcmp(a->name, b->name);
}

/* The macro calls that made the place, innermost first; a call repeated at one place (a
 * macro calling itself) is one note with its count, and at most 8 notes are shown. */
static void expansion_notes(Zrf *z, const ZrfExp *exp)
{
    for (int k = 0; exp && k < 8; k++) {
        long times = 1;
        const ZrfExp *next = exp->up;
        while (same_call(exp, next)) { times++; next = next->up; }
        zrf_point_diag(z, exp->at.file);
        if (times > 1)
            diag_note(&z->diag, src_loc(exp->at), "in the expansion of '%s', %ld times over",
                      exp->name, times);
        else diag_note(&z->diag, src_loc(exp->at), "in the expansion of '%s'", exp->name);
        exp = next;
    }
}

static void vreport(Zrf *z, int warning, ZrfLoc loc, const ZrfExp *exp, const char *fmt,
                    va_list ap)
{
    char msg[256];
    vsnprintf(msg, sizeof msg, fmt, ap);
    zrf_point_diag(z, loc.file);
    if (warning) diag_warning(&z->diag, src_loc(loc), "%s", msg);
    else diag_error(&z->diag, src_loc(loc), "%s", msg);
    if (!z->diag.hidden) expansion_notes(z, exp);
}

void zrf_error(Zrf *z, ZrfLoc loc, const ZrfExp *exp, const char *fmt, ...)
{
    va_list ap; va_start(ap, fmt);
    vreport(z, 0, loc, exp, fmt, ap);
    va_end(ap);
}

void zrf_warning(Zrf *z, ZrfLoc loc, const ZrfExp *exp, const char *fmt, ...)
{
    va_list ap; va_start(ap, fmt);
    vreport(z, 1, loc, exp, fmt, ap);
    va_end(ap);
}

void zrf_node_error(Zrf *z, const ZrfNode *n, const char *fmt, ...)
{
    va_list ap; va_start(ap, fmt);
    vreport(z, 0, n->loc, n->exp, fmt, ap);
    va_end(ap);
}

void zrf_node_warning(Zrf *z, const ZrfNode *n, const char *fmt, ...)
{
    va_list ap; va_start(ap, fmt);
    vreport(z, 1, n->loc, n->exp, fmt, ap);
    va_end(ap);
}

int zrf_eq(const char *a, const char *b) { return !strcmp(a, b); }

int zrf_eq_nocase(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return 0;
    return *a == *b;
}

void zrf_toks_push(ZrfToks *t, ZrfTok tok)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 1024;
        t->v = xrealloc(t->v, t->cap * sizeof *t->v, "the tokens of a .zrf file");
    }
    t->v[t->n++] = tok;
}

static ZrfNode *read_from(Zrf *z, int f)
{
    ZrfToks t = { 0 };
    ZrfNode *top = NULL;
    if (zrf_expand(z, f, &t) && !z->diag.errors) top = zrf_tree(z, &t);
    free(t.v);
    return z->diag.errors ? NULL : top;
}

ZrfNode *zrf_read(Zrf *z, const char *path, const char *name)
{
    int f = zrf_read_file(z, path, name, NULL);
    return f < 0 ? NULL : read_from(z, f);
}

ZrfNode *zrf_read_text_at(Zrf *z, const char *path, const char *name, const char *text, size_t len)
{
    char *copy = xmalloc(len + 1, "a .zrf file");
    memcpy(copy, text, len);
    copy[len] = 0;
    return read_from(z, add_file(z, path, name, copy, len));
}

ZrfNode *zrf_read_text(Zrf *z, const char *name, const char *text, size_t len)
{
    char *copy = xmalloc(len + 1, "a .zrf file");
    memcpy(copy, text, len);
    copy[len] = 0;
    z->no_files = 1;
    return read_from(z, add_file(z, name, name, copy, len));
}
