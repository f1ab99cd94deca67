/* protect.h - the one way to run rules code so that its runtime errors (a division by zero in a
 * rules file, a limit passed) come back as a return value: the VM longjmps to p->on_error, which
 * protected_run points at its own frame for the length of the call. Callers keep their state in
 * their own frames (or through ctx), which a longjmp into protected_run's frame does not touch:
 * no volatile locals, no setjmp of their own. protect.c is the only file of src/ with a setjmp.
 *
 * What fn allocates between two of its own statements is lost when a runtime error jumps out of
 * it: fn keeps whatever the caller must free in ctx (or in p, which pos_free frees). fn must not
 * free or replace p: a command that starts a new position (xboard's `new`, the web board's new
 * game) makes it outside the run, and runs its set-up in a run of its own. */
#ifndef BOARDVM_PROTECT_H
#define BOARDVM_PROTECT_H
#include "position.h"

typedef void ProtectedFn(Pos *p, void *ctx);

/* fn(p, ctx) with p's runtime errors caught: 0 when fn returned; 1 after a runtime error, with
 * p->errmsg saying what and where in the rules file (p is then in the middle of whatever it was
 * doing: only fit to be freed, or taken back by a caller that knows how). Runs nest: the
 * caller's handler is p's again when protected_run returns. */
int protected_run(Pos *p, ProtectedFn *fn, void *ctx);

/* The same with a deadline on the clock (CLOCK_MONOTONIC seconds, vm_set_deadline): 2 when the
 * VM found it passed, wherever fn was (a search whose nodes may each take seconds). p is then
 * in the middle of a move generation or a hook: the caller takes back its moves and trail and
 * calls vm_abandon (search_root in search.c). The deadline ends with the run, however it ends. */
int protected_run_until(Pos *p, double deadline, ProtectedFn *fn, void *ctx);

/* After a run that returned 1: the error goes on to p's handler now (the enclosing run's), or,
 * with none, is printed and ends the program with status 1, as pos_runtime_error does. */
void protected_pass_on(Pos *p) __attribute__((noreturn));
#endif
