/* zrf_lex.c - bytes to tokens: parentheses, atoms and strings, each with its place.
 *
 * Zillions files are Windows text: CRLF lines, bytes of a code page (Latin-1 or 1251) in
 * names and strings, now and then a Ctrl-Z at the end. Bytes are kept as they are (no file
 * of the corpora is UTF-8 where it is not ASCII); every byte below 32 is a space, so that no
 * byte can stop the read. A `;` starts a comment to the end of the line, outside strings.
 * Strings have no escapes: Windows paths ("images\Chess\wk.bmp") are the common case. Lines
 * are counted at '\n', as diag.c shows them; columns are bytes from 1. */
#include "zrf.h"
#include <string.h>

static int atom_byte(unsigned char c)
{
    return c > ' ' && c != '(' && c != ')' && c != '"' && c != ';' && c != 127;
}

typedef struct {
    Zrf *z; int file;
    const char *s; size_t i, n;
    int line; size_t line_start;
} Lexer;

static ZrfLoc here(const Lexer *lx, size_t start, size_t len)
{
    /* a token is marked on its first line only */
    size_t k = 0;
    while (k < len && lx->s[start + k] != '\n') k++;
    return (ZrfLoc){ lx->file, lx->line, (int)(start - lx->line_start) + 1, k ? (int)k : 1 };
}

static void newline(Lexer *lx, size_t at) { lx->line++; lx->line_start = at + 1; }

static void lex_string(Lexer *lx, ZrfToks *out)
{
    size_t start = lx->i++;
    ZrfLoc loc = here(lx, start, 1);
    size_t from = lx->i;
    while (lx->i < lx->n && lx->s[lx->i] != '"') {
        if (lx->s[lx->i] == '\n') newline(lx, lx->i);
        lx->i++;
    }
    if (lx->i >= lx->n) zrf_error(lx->z, loc, NULL, "a string that is never closed");
    const char *text = arena_strndup(&lx->z->arena, lx->s + from, lx->i - from);
    if (lx->i < lx->n) lx->i++;
    zrf_toks_push(out, (ZrfTok){ ZT_STRING, text, loc, NULL });
}

void zrf_lex(Zrf *z, int file, ZrfToks *out)
{
    Lexer lx = { z, file, z->files[file].text, 0, z->files[file].len, 1, 0 };
    while (lx.i < lx.n) {
        unsigned char c = (unsigned char)lx.s[lx.i];
        if (c == '\n') { newline(&lx, lx.i); lx.i++; }
        else if (c <= ' ' || c == 127) lx.i++;
        else if (c == ';') { while (lx.i < lx.n && lx.s[lx.i] != '\n') lx.i++; }
        else if (c == '(' || c == ')') {
            zrf_toks_push(out, (ZrfTok){ c == '(' ? ZT_OPEN : ZT_CLOSE, c == '(' ? "(" : ")",
                                         here(&lx, lx.i, 1), NULL });
            lx.i++;
        } else if (c == '"') lex_string(&lx, out);
        else {
            size_t start = lx.i;
            while (lx.i < lx.n && atom_byte((unsigned char)lx.s[lx.i])) lx.i++;
            zrf_toks_push(out, (ZrfTok){ ZT_ATOM,
                arena_strndup(&z->arena, lx.s + start, lx.i - start),
                here(&lx, start, lx.i - start), NULL });
        }
    }
}
