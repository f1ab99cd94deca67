/* interrupt.h - Ctrl-C in the long commands that play games in worker processes (match, tune,
 * balance): the command stops, prints what the games finished so far show, says it was
 * interrupted and exits 130, as perft and selfplay do. The handler only sets a flag (it is
 * async-signal-safe); the command reads the flag between two things it waits for. */
#ifndef BOARDVM_INTERRUPT_H
#define BOARDVM_INTERRUPT_H
#include <signal.h>
#include <sys/types.h>

#define EXIT_INTERRUPTED 130       /* 128 + SIGINT, as a shell reports a command Ctrl-C stopped */

extern volatile sig_atomic_t interrupt_seen;

/* Catch SIGINT from now on (interrupt_seen becomes 1), unless it is ignored (a background job
 * of a shell without job control): such a run goes on as before. */
void interrupt_catch(void);
/* Put back what SIGINT did before: a second Ctrl-C while the summary is printed stops at once. */
void interrupt_release(void);
/* In a worker just forked: Ctrl-C kills it, and only between two results it sends (see
 * interrupt_hold()); the parent says what was finished. */
void interrupt_worker_default(void);
/* Stop an interrupted command's worker: a Ctrl-C at a terminal reached the whole process group,
 * but `kill -INT` of the parent did not reach its workers. */
void interrupt_stop_worker(pid_t pid);
/* 1 when a worker's wait status is its end by the interrupt (SIGINT or SIGTERM after Ctrl-C),
 * which is no failure to report. */
int interrupt_stopped(int wait_status);
/* Hold off SIGINT and SIGTERM while a worker writes one result (a game's record), so that it
 * dies before or after it, never in the middle; interrupt_unhold() lets them in again. */
void interrupt_hold(sigset_t *saved);
void interrupt_unhold(const sigset_t *saved);
/* "boardvm: tune: interrupted after 19 of 40 games", on stderr. */
void interrupt_report(const char *command, int done, int total);
#endif
