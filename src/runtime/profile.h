/* profile.h - `--profile`: where a rules file's programs spend their instructions. */
#ifndef BOARDVM_PROFILE_H
#define BOARDVM_PROFILE_H
#include <stdint.h>
#include <stdio.h>
#include "game.h"

/* Print the programs and the source lines that ran the most instructions, given the count of
 * each code word (Pos.profile) and the rules file's text for the lines. */
void profile_report(const Game *g, const uint64_t *counts, const char *rules_path, FILE *out);
#endif
