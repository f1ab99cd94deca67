/* parse.c - runs the flex scanner and bison parser over one rules file (see parse.h). */
#include "parse.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "parser.h"

/* The scanner's entry points (src/lang/lexer.l, prefix rules_). Declared here rather than taken
 * from a flex-generated header: automake's ylwrap keeps only the scanner's .c file. */
typedef void *yyscan_t;
typedef struct yy_buffer_state *YY_BUFFER_STATE;
int rules_lex_init_extra(ParseCtx *extra, yyscan_t *scanner);
YY_BUFFER_STATE rules__scan_bytes(const char *bytes, int len, yyscan_t scanner);
void rules__delete_buffer(YY_BUFFER_STATE buf, yyscan_t scanner);
int rules_lex_destroy(yyscan_t scanner);

/* Later passes walk the tree recursively. Brackets are capped at 64 levels by the lexer, but
 * long operator chains (`a + b + ...`, `- - - x`, `else if` ladders) nest without brackets;
 * this cap keeps every recursive walk's stack use small whatever the input. */
#define PARSE_MAX_TREE_DEPTH 1000

SrcLoc parse_srcloc(const RulesLoc *l)
{
    if (!l || l->first_line <= 0) return (SrcLoc){0, 0, 1};
    int len = l->last_line == l->first_line ? l->last_column - l->first_column + 1 : 1;
    return (SrcLoc){l->first_line, l->first_column, len > 0 ? len : 1};
}

void parse_error(ParseCtx *ctx, const RulesLoc *l, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_error(ctx->diag, parse_srcloc(l), "%s", msg);
    /* diag stops printing at its cap; stop parsing too (binary files would go on forever). */
    if (ctx->diag->errors >= ctx->diag->max_errors) ctx->fatal = 1;
}

/* A NUL byte means a binary file (or a broken editor); it would also end the C strings the
 * rest of the compiler sees. Reported at its place. Returns 1 if there is one. */
static int reject_nul(Diag *diag, const char *text, size_t len)
{
    const char *nul = memchr(text, 0, len);
    if (!nul) return 0;
    int line = 1, col = 1;
    for (const char *p = text; p < nul; p++) {
        if (*p == '\n') { line++; col = 1; }
        else col++;
    }
    diag_error(diag, (SrcLoc){line, col, 1}, "NUL byte in the rules file (is it a binary file?)");
    return 1;
}

/* Depth of the tree, walked with an explicit stack so that the check itself cannot overflow.
 * Reports the first node that is too deep. Returns 1 if the tree is within the cap. */
static int check_depth(Diag *diag, const Ast *root)
{
    static const int max = PARSE_MAX_TREE_DEPTH;
    struct { const Ast *n; int next; } stack[PARSE_MAX_TREE_DEPTH];
    int top = 0;
    stack[0].n = root;
    stack[0].next = 0;
    while (top >= 0) {
        const Ast *n = stack[top].n;
        if (stack[top].next == n->nkids) { top--; continue; }
        const Ast *kid = n->kids[stack[top].next++];
        if (top + 1 == max) {
            diag_error(diag, kid->loc, "nested too deeply (more than %d levels of syntax)", max);
            return 0;
        }
        top++;
        stack[top].n = kid;
        stack[top].next = 0;
    }
    return 1;
}

Ast *parse_rules(Arena *arena, Arena *nodes, Diag *diag, const char *text, size_t len)
{
    if (len > INT_MAX / 2) {                   /* flex buffers are sized by int */
        diag_plain(diag, "the rules file is too large");
        return NULL;
    }
    if (reject_nul(diag, text, len)) return NULL;

    ParseCtx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.arena = arena;
    ctx.nodes = nodes;
    ctx.diag = diag;
    ctx.line = ctx.col = 1;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {   /* a UTF-8 byte order mark */
        text += 3;
        len -= 3;
        ctx.col = 4;                           /* columns still count the file's bytes */
    }

    yyscan_t scanner;
    if (rules_lex_init_extra(&ctx, &scanner) != 0) {
        diag_plain(diag, "out of memory");
        return NULL;
    }
    YY_BUFFER_STATE buf = rules__scan_bytes(text, (int)len, scanner);
    int rc = rules_parse(scanner, &ctx);
    rules__delete_buffer(buf, scanner);
    rules_lex_destroy(scanner);

    if (rc != 0 || ctx.fatal || !ctx.root) return NULL;
    if (!check_depth(diag, ctx.root)) return NULL;
    return ctx.root;
}
