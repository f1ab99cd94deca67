/* protect.h - the one way to run rules code so that its runtime errors (a division by zero in a
 * rules file, a limit passed) come back as a return value: the VM longjmps to p->on_error, which
 * protected_run points at its own frame for the length of the call. Callers keep their state in
 * their own frames (or through ctx), which a longjmp into protected_run's frame does not touch:
 * no volatile locals, no setjmp of their own. */
#ifndef BOARDVM_PROTECT_H
#define BOARDVM_PROTECT_H
#include "position.h"

/* fn(p, ctx) with p's runtime errors caught: 0 when fn returned; 1 after a runtime error, with
 * p->errmsg saying what and where in the rules file (p is then only fit to be freed). */
int protected_run(Pos *p, void (*fn)(Pos *p, void *ctx), void *ctx);
#endif
