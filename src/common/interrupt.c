/* interrupt.c - Ctrl-C in the commands with worker processes (interrupt.h). */
#include "interrupt.h"
#include <stdio.h>
#include <sys/wait.h>

volatile sig_atomic_t interrupt_seen;
static struct sigaction before;
static int caught;

static void on_sigint(int sig) { (void)sig; interrupt_seen = 1; }

void interrupt_catch(void)
{
    struct sigaction sa = { .sa_handler = on_sigint };
    sigemptyset(&sa.sa_mask);
    interrupt_seen = 0;
    sigaction(SIGINT, NULL, &before);
    caught = before.sa_handler != SIG_IGN;
    if (caught) sigaction(SIGINT, &sa, NULL);
}

void interrupt_release(void)
{
    if (caught) sigaction(SIGINT, &before, NULL);
    caught = 0;
}

void interrupt_worker_default(void)
{
    if (caught) signal(SIGINT, SIG_DFL);
}

void interrupt_stop_worker(pid_t pid)
{
    if (pid > 0) kill(pid, SIGTERM);
}

int interrupt_stopped(int wait_status)
{
    return interrupt_seen && WIFSIGNALED(wait_status) &&
           (WTERMSIG(wait_status) == SIGINT || WTERMSIG(wait_status) == SIGTERM);
}

void interrupt_hold(sigset_t *saved)
{
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGINT);
    sigaddset(&s, SIGTERM);
    sigprocmask(SIG_BLOCK, &s, saved);
}

void interrupt_unhold(const sigset_t *saved) { sigprocmask(SIG_SETMASK, saved, NULL); }

void interrupt_report(const char *command, int done, int total)
{
    fflush(stdout);
    fprintf(stderr, "boardvm: %s: interrupted after %d of %d games\n", command, done, total);
}
