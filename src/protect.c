/* protect.c - see protect.h. */
#include "protect.h"
#include <setjmp.h>

int protected_run(Pos *p, void (*fn)(Pos *p, void *ctx), void *ctx)
{
    jmp_buf here;
    jmp_buf *volatile outer = p->on_error;   /* nested runs: the caller's handler comes back */
    p->on_error = &here;
    if (setjmp(here)) { p->on_error = outer; return 1; }
    fn(p, ctx);
    p->on_error = outer;
    return 0;
}
