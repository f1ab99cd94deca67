/* wording.c - counts in words (wording.h): a line that says "1 losses" reads as a bug. */
#include "wording.h"

const char *plural(long n, const char *one, const char *many) { return n == 1 ? one : many; }

void print_wins_draws_losses(FILE *out, int wins, int draws, int losses)
{
    fprintf(out, "%d %s, %d %s, %d %s", wins, plural(wins, "win", "wins"), draws,
            plural(draws, "draw", "draws"), losses, plural(losses, "loss", "losses"));
}
