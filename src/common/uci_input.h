/* uci_input.h - lines of a protocol read from a file descriptor without stdio's buffer, so that
 * a command loop can poll() the descriptor together with others (`boardvm uci` waits for a
 * command and for its search thread at once). Lines too long or holding a NUL are refused whole,
 * as lineread.h's are. */
#ifndef BOARDVM_UCI_INPUT_H
#define BOARDVM_UCI_INPUT_H
#include <stddef.h>

#define UCI_LINE_MAX 65536             /* the longest line taken (a long `position ... moves`) */

typedef struct {
    int fd, eof;
    char buf[UCI_LINE_MAX + 2];
    char line[UCI_LINE_MAX + 2];       /* the line last returned */
    size_t n;                          /* bytes held in buf */
    int dropping;                      /* inside a line already refused as too long */
    int nul;                           /* the line held so far has a NUL */
} UciInput;

enum { UCI_LINE_NONE = 0, UCI_LINE_OK, UCI_LINE_TOO_LONG, UCI_LINE_NUL };

void uci_input_init(UciInput *in, int fd);
/* Read what the descriptor has (one read: call it when poll says so); 0 at its end. */
int uci_input_fill(UciInput *in);
/* The next whole line held (in *line, without its newline, valid until the next call), or
 * UCI_LINE_NONE when none is. At the end of the input an unfinished last line is a line. */
int uci_input_line(UciInput *in, char **line);
/* Spaces and tabs taken off both ends of s, in place. */
void uci_trim(char *s);
#endif
