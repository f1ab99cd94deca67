/* profile.c - `--profile`: where a rules file's programs spend their instructions.
 *
 * The VM counts the instructions it runs at each code word when Pos.profile is set; this adds
 * them up by program and by source line, so a variant author sees which lines to make cheaper
 * (a loop over the board run for every move, an attack program run for every check test). */
#include "profile.h"
#include "oom.h"
#include <stdlib.h>
#include <string.h>

typedef struct { int key; uint64_t n; } Tally;

static int by_count(const void *a, const void *b)
{
    const Tally *x = a, *y = b;
    return x->n < y->n ? 1 : x->n > y->n ? -1 : x->key - y->key;
}

/* Line `want` (from 1) of the file, trimmed, into buf ("" when it cannot be read). */
static void source_line(const char *path, int want, char *buf, size_t len)
{
    buf[0] = 0;
    FILE *f = fopen(path, "r");
    if (!f) return;
    char line[4096];
    for (int n = 1; fgets(line, sizeof line, f); ) {
        if (!strchr(line, '\n') && !feof(f)) continue;     /* the rest of a long line */
        if (n++ != want) continue;
        char *s = line + strspn(line, " \t");
        s[strcspn(s, "\r\n")] = 0;
        snprintf(buf, len, "%s", s);
        break;
    }
    fclose(f);
}

void profile_report(const Game *g, const uint64_t *counts, const char *rules_path, FILE *out)
{
    uint64_t total = 0;
    int maxline = 0;
    for (int pc = 0; pc < g->ncode; pc++) {
        total += counts[pc];
        if (g->line[pc] > maxline) maxline = g->line[pc];
    }
    fprintf(out, "profile: %llu instructions\n", (unsigned long long)total);
    if (!total) return;
    Tally *fn = calloc((size_t)g->nfns + 1, sizeof *fn);
    Tally *ln = calloc((size_t)maxline + 1, sizeof *ln);
    if (!fn || !ln) out_of_memory("fn and ln in profile_report()");
    for (int i = 0; i < g->nfns; i++) {
        /* (the variants of `after-move`, src/lang/hookvariants.c, count as the hook: the
         * first program of the name) */
        int k = i;
        for (int j = 0; j < i && k == i && g->fns[i].kind == FN_HOOK; j++)
            if (g->fns[j].kind == FN_HOOK && g->fns[j].name == g->fns[i].name) k = j;
        fn[i].key = i;
        for (int pc = g->fns[i].entry; pc < g->fns[i].end && pc < g->ncode; pc++)
            fn[k].n += counts[pc];
    }
    for (int l = 0; l <= maxline; l++) ln[l].key = l;
    for (int pc = 0; pc < g->ncode; pc++) ln[g->line[pc]].n += counts[pc];
    qsort(fn, (size_t)g->nfns, sizeof *fn, by_count);
    qsort(ln, (size_t)maxline + 1, sizeof *ln, by_count);
    fprintf(out, "  by program:\n");
    for (int i = 0; i < g->nfns && i < 10 && fn[i].n; i++)
        fprintf(out, "  %5.1f%% %14llu  %s\n", 100.0 * (double)fn[i].n / (double)total,
                (unsigned long long)fn[i].n, g->fns[fn[i].key].name);
    fprintf(out, "  by line:\n");
    char text[72];
    for (int i = 0; i <= maxline && i < 20 && ln[i].n; i++) {
        source_line(rules_path, ln[i].key, text, sizeof text);
        fprintf(out, "  %5.1f%% %14llu  line %-5d %s\n", 100.0 * (double)ln[i].n / (double)total,
                (unsigned long long)ln[i].n, ln[i].key, text);
    }
    free(fn);
    free(ln);
}
