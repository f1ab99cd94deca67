/* lineread.c - see lineread.h. */
#include "lineread.h"

int read_line(FILE *f, char *buf, size_t len)
{
    size_t n = 0;
    int c, any = 0, nul = 0, over = 0;
    while ((c = getc(f)) != EOF && c != '\n') {
        any = 1;
        if (c == 0) nul = 1;
        else if (nul || over) continue;        /* read to the end of the line, keep nothing */
        else if (n + 2 < len) buf[n++] = (char)c;
        else over = 1;
    }
    if (c == '\n') any = 1;
    if (len) buf[n] = 0;
    if (!any) return LINE_EOF;
    return nul ? LINE_NUL : over ? LINE_TOO_LONG : LINE_OK;
}
