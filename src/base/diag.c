/* diag.c - see diag.h */
#include "diag.h"
#include <stdarg.h>
#include <string.h>

void diag_init(Diag *d, const char *filename, const char *text, size_t textlen)
{
    d->filename = filename; d->text = text; d->textlen = textlen;
    d->errors = d->warnings = 0; d->max_errors = 20; d->max_warnings = 20; d->out = stderr;
    d->hidden = 0; d->at_line = 1; d->at = text;
    d->last = (SrcLoc){0, 0, 0}; d->last_msg[0] = 0;
}

/* Print source line `line` with a caret under col..col+len-1. Tabs are kept so the caret lines
 * up. */
static void show_line(Diag *d, SrcLoc loc)
{
    if (!d->text || loc.line <= 0) return;
    /* Find the line from the last one shown when it is not further down: messages mostly come
     * in file order, and a scan from the start for each would be quadratic in a big file. */
    const char *p = d->text, *end = d->text + d->textlen;
    int l = 1;
    if (d->at && d->at_line <= loc.line) { p = d->at; l = d->at_line; }
    for (; l < loc.line && p < end; p++)
        if (*p == '\n') l++;
    if (p >= end && loc.line > 1) return;
    d->at = p; d->at_line = loc.line;
    const char *e = p;
    while (e < end && *e != '\n') e++;
    int n = (int)(e - p);
    if (n > 200) n = 200;                       /* keep giant lines readable */
    fprintf(d->out, "%5d | ", loc.line);
    for (int i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        fputc(c == '\t' || c >= 0x20 ? c : '?', d->out);
    }
    fputc('\n', d->out);
    fprintf(d->out, "      | ");
    for (int i = 1; i < loc.col && i <= n; i++) fputc(p[i - 1] == '\t' ? '\t' : ' ', d->out);
    fputc('^', d->out);
    for (int i = 1; i < loc.len && loc.col + i <= n; i++) fputc('~', d->out);
    fputc('\n', d->out);
}

static void report(Diag *d, SrcLoc loc, const char *what, const char *fmt, va_list ap)
{
    if (loc.line > 0) fprintf(d->out, "%s:%d:%d: %s: ", d->filename, loc.line, loc.col, what);
    else fprintf(d->out, "%s: %s: ", d->filename, what);
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
    show_line(d, loc);
}

void diag_error(Diag *d, SrcLoc loc, const char *fmt, ...)
{
    char msg[256];
    va_list ap; va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (loc.line > 0 && loc.line == d->last.line && loc.col == d->last.col &&
        !strcmp(msg, d->last_msg)) {
        d->hidden = 1;                  /* counted and shown once: the compile fails already */
        return;
    }
    d->last = loc;
    memcpy(d->last_msg, msg, sizeof msg);
    d->errors++;
    d->hidden = d->errors > d->max_errors;
    if (d->hidden) return;
    va_start(ap, fmt);
    report(d, loc, "error", fmt, ap);
    va_end(ap);
    if (d->errors == d->max_errors) fprintf(d->out, "%s: too many errors, stopping\n", d->filename);
}

void diag_note(Diag *d, SrcLoc loc, const char *fmt, ...)
{
    if (d->hidden || d->errors > d->max_errors) return;
    va_list ap; va_start(ap, fmt);
    report(d, loc, "note", fmt, ap);
    va_end(ap);
}

void diag_warning(Diag *d, SrcLoc loc, const char *fmt, ...)
{
    d->warnings++;
    d->hidden = d->errors > d->max_errors || d->warnings > d->max_warnings;
    if (d->warnings == d->max_warnings + 1 && d->errors <= d->max_errors)
        fprintf(d->out, "%s: too many warnings, not showing the others\n", d->filename);
    if (d->hidden) return;
    va_list ap; va_start(ap, fmt);
    report(d, loc, "warning", fmt, ap);
    va_end(ap);
}

void diag_plain(Diag *d, const char *fmt, ...)
{
    d->errors++;
    va_list ap; va_start(ap, fmt);
    fprintf(d->out, "%s: error: ", d->filename);
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
    va_end(ap);
}

int diag_vusage(const char *command, const char *fmt, va_list ap)
{
    if (command) fprintf(stderr, "boardvm: %s: ", command);
    else fputs("boardvm: ", stderr);
    vfprintf(stderr, fmt, ap);
    if (command) fprintf(stderr, "\nTry 'boardvm %s --help'.\n", command);
    else fputs("\nTry 'boardvm --help'.\n", stderr);
    return 2;
}

int diag_usage(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int st = diag_vusage(command, fmt, ap);
    va_end(ap);
    return st;
}

int diag_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64) return 99;
    int prev[65], cur[65];
    for (size_t j = 0; j <= lb; j++) prev[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        cur[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int c = prev[j - 1] + (a[i - 1] != b[j - 1]);
            if (prev[j] + 1 < c) c = prev[j] + 1;
            if (cur[j - 1] + 1 < c) c = cur[j - 1] + 1;
            cur[j] = c;
        }
        memcpy(prev, cur, sizeof(int) * (lb + 1));
    }
    return prev[lb];
}
