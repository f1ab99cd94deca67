/* uci_input.c - protocol lines from a descriptor (uci_input.h). */
#include "uci_input.h"
#include <errno.h>
#include <string.h>
#include <unistd.h>

void uci_input_init(UciInput *in, int fd)
{
    memset(in, 0, sizeof *in);
    in->fd = fd;
}

int uci_input_fill(UciInput *in)
{
    if (in->eof) return 0;
    if (in->n >= UCI_LINE_MAX) {                  /* no newline in a full buffer: too long */
        in->dropping = 1;
        in->n = 40;                               /* keep its start for the message */
    }
    ssize_t k;
    do k = read(in->fd, in->buf + in->n, UCI_LINE_MAX - in->n);
    while (k < 0 && errno == EINTR);
    if (k <= 0) { in->eof = 1; return 0; }
    in->n += (size_t)k;
    return 1;
}

int uci_input_line(UciInput *in, char **line)
{
    char *held = in->line;
    char *nl = memchr(in->buf, '\n', in->n);
    if (!nl && !(in->eof && in->n)) return UCI_LINE_NONE;
    size_t len = nl ? (size_t)(nl - in->buf) : in->n;
    memcpy(held, in->buf, len);
    held[len] = 0;
    size_t used = nl ? len + 1 : len;
    memmove(in->buf, in->buf + used, in->n - used);
    in->n -= used;
    *line = held;
    int dropped = in->dropping;
    in->dropping = 0;
    if (dropped) { held[len < 40 ? len : 40] = 0; return UCI_LINE_TOO_LONG; }
    if (memchr(held, 0, len)) return UCI_LINE_NUL;
    if (len && held[len - 1] == '\r') held[len - 1] = 0;
    return UCI_LINE_OK;
}

void uci_trim(char *s)
{
    size_t n = strlen(s), i = 0;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) s[--n] = 0;
    while (s[i] == ' ' || s[i] == '\t') i++;
    if (i) memmove(s, s + i, n - i + 1);
}
