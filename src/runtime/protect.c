/* protect.c - see protect.h. */
#include "protect.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include "vm.h"

/* deadline < 0: none. The deadline's jump (value 2) and a runtime error's (1) land on the same
 * setjmp. (setjmp is called where the C standard allows it, as a switch's whole expression; why
 * is set after its last return, so it needs no volatile.) */
static int run(Pos *p, double deadline, ProtectedFn *fn, void *ctx)
{
    jmp_buf here;
    jmp_buf *volatile outer = p->on_error;   /* nested runs: the caller's handler comes back */
    /* ... and so does the caller's deadline: a nested timed run (the search's iterations inside
     * the web board's bounded engine) cleared it, and what ran after was not timed. An outer
     * deadline that comes first stays in force, and its jump lands in the outer run. */
    double outer_deadline; jmp_buf *outer_jump;
    vm_get_deadline(p, &outer_deadline, &outer_jump);
    const volatile double saved_deadline = outer_deadline;
    jmp_buf *volatile saved_jump = outer_jump;
    const volatile double mine = deadline >= 0 && saved_jump && saved_deadline <= deadline
                                 ? -1 : deadline;
    p->on_error = &here;
    int why;
    switch (setjmp(here)) {
    case 0:
        if (mine >= 0) vm_set_deadline(p, mine, &here);
        fn(p, ctx);
        why = 0;
        break;
    case 2: why = 2; break;                  /* the deadline (vm.c) */
    default: why = 1; break;                 /* a runtime error (pos_runtime_error) */
    }
    if (mine >= 0) vm_set_deadline(p, saved_deadline, saved_jump);
    /* A jump left the interpreter's nesting counts (replies, captures, attack tests) raised;
     * no run is nested inside rules code, so none of them is in progress any more. */
    if (why) vm_abandon(p);
    p->on_error = outer;
    return why;
}

int protected_run(Pos *p, ProtectedFn *fn, void *ctx) { return run(p, -1, fn, ctx); }

int protected_run_until(Pos *p, double deadline, ProtectedFn *fn, void *ctx)
{
    return run(p, deadline < 0 ? 0 : deadline, fn, ctx);
}

void protected_pass_on(Pos *p)
{
    if (p->on_error) longjmp(*p->on_error, 1);
    fprintf(stderr, "%s\n", p->errmsg);
    exit(1);
}
