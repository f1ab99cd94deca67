/* weights.c - reading weights files (weights.h). */
#include "weights.h"
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compiler.h"
#include "oom.h"

char *weights_path_for(const char *rules_path)
{
    size_t n = strlen(rules_path);
    if (n < 6 || strcmp(rules_path + n - 6, ".rules")) return NULL;
    char *w = xmalloc(n + 3, "the weights file's name");
    memcpy(w, rules_path, n - 6);
    strcpy(w + n - 6, ".weights");
    return w;
}

int weights_type_named(const Game *g, const char *name)
{
    for (int t = 1; t <= g->ntypes; t++)
        if (!strcmp(g->types[t].name, name)) return t;
    for (int t = 1; t <= g->ntypes; t++)
        if (!strcmp(g->types[t].code, name)) return t;
    return 0;
}

int weights_read(const Game *g, const char *path, int *values, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT) return 0;
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    int *v = xcalloc((size_t)g->ntypes + 1, sizeof *v, "the weights");
    char line[512];
    int lineno = 0, status = 1;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(f)) {
            snprintf(err, errlen, "%s:%d: line too long", path, lineno);
            status = -1;
            break;
        }
        char *hash = strchr(line, '#');
        if (hash) *hash = 0;
        char name[256], rest[256];
        long val;
        int k = sscanf(line, "%255s %ld %255s", name, &val, rest);
        if (k <= 0) continue; /* blank or comment */
        if (k != 2) {
            snprintf(err, errlen, "%s:%d: expected 'NAME VALUE' (a piece type and a whole number)",
                     path, lineno);
            status = -1;
            break;
        }
        int t = weights_type_named(g, name);
        if (!t) {
            snprintf(err, errlen, "%s:%d: %s has no piece type '%s'", path, lineno, g->name, name);
            status = -1;
            break;
        }
        if (val < 0 || val > MAX_PIECE_VALUE) {
            snprintf(err, errlen, "%s:%d: the value of %s must be from 0 to %d", path, lineno, name,
                     MAX_PIECE_VALUE);
            status = -1;
            break;
        }
        v[t] = (int)val;
    }
    fclose(f);
    if (status == 1) memcpy(values + 1, v + 1, sizeof *v * (size_t)g->ntypes);
    free(v);
    return status;
}
