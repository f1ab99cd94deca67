/* parse.h - the front end: .rules text to syntax tree (src/lang/lexer.l, src/lang/parser.y). */
#ifndef BOARDVM_PARSE_H
#define BOARDVM_PARSE_H

#include <stddef.h>

#include "arena.h"
#include "ast.h"
#include "diag.h"

/* Parse a whole rules file. `text` holds `len` bytes (it need not be NUL-terminated); the
 * tree's nodes live in `nodes`, its strings (names, string literals) in `arena`: a compiled
 * game keeps the strings, and the compiler frees the nodes when it is done (the tree of Four
 * Towers is 0.6 MB). Every problem is reported through `diag`.
 *
 * Returns the AST_FILE_ root. When the parser recovered from syntax errors the tree is
 * returned too, without the broken parts: check diag->errors before compiling it. Returns
 * NULL when the input was rejected outright (NUL bytes, nesting beyond the limits, too many
 * errors, or a syntax error it could not recover from). */
Ast *parse_rules(Arena *arena, Arena *nodes, Diag *diag, const char *text, size_t len);

#endif
