/* wording.h - counts in words: "1 loss", "2 losses" (wording.c). */
#ifndef BOARDVM_WORDING_H
#define BOARDVM_WORDING_H
#include <stdio.h>

/* one when n is 1, else many: printf("%d %s", n, plural(n, "loss", "losses")) */
const char *plural(long n, const char *one, const char *many);
/* "3 wins, 1 draw, 0 losses": what the results of games are called by every command */
void print_wins_draws_losses(FILE *out, int wins, int draws, int losses);
#endif
