/* list.c - `boardvm list`: the games boardvm finds by name (`boardvm show NAME`), directory by
 * directory in the order it looks (rulespath.h), each with its title and its options; a name
 * that an earlier directory already gives is marked hidden. `--names`: the names alone, one a
 * line, which the bash completion offers. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "commands.h"
#include "oom.h"
#include "rulespath.h"
#include "session.h"

#define EXT ".rules"

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The games of dir (its NAME.rules files, as NAME), sorted; how many (0: none, or no dir). */
static int games_in(const char *dir, char ***names)
{
    *names = NULL;
    DIR *d = opendir(dir);
    if (!d) return 0;
    int n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || len <= strlen(EXT) || strcmp(e->d_name + len - strlen(EXT), EXT))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 32;
            *names = xrealloc(*names, sizeof **names * (size_t)cap, "the games' names");
        }
        (*names)[n] = xstrdup(e->d_name, "the games' names");
        (*names)[n++][len - strlen(EXT)] = 0;
    }
    closedir(d);
    if (n) qsort(*names, (size_t)n, sizeof **names, by_name);
    return n;
}

/* The game of path compiled, its diagnostics not shown (boardvm check shows them); NULL if it
 * does not compile. */
static Game *quietly_loaded(const char *path)
{
    fflush(stderr);
    int saved = dup(2), null = open("/dev/null", O_WRONLY);
    if (null >= 0) { dup2(null, 2); close(null); }
    int status;
    Game *g = load_game(path, NULL, 0, NULL, &status);
    fflush(stderr);
    if (saved >= 0) { dup2(saved, 2); close(saved); }
    return g;
}

/* "-o korean -o repetition=author|zillions", wrapped under the title's column. */
static void print_options(const Game *g)
{
    int col = 0;
    for (int i = 0; i < g->noptions; i++) {
        const Option *o = &g->options[i];
        char text[512];
        size_t n = (size_t)snprintf(text, sizeof text, "-o %s", o->name);
        for (int v = 0; v < o->nvalues && n < sizeof text; v++)
            n += (size_t)snprintf(text + n, sizeof text - n, "%s%s", v ? "|" : "=", o->values[v]);
        if (col && col + 1 + strlen(text) > 100) { putchar('\n'); col = 0; }
        col += printf("%s%s", col ? " " : "                    ", text);
    }
    if (col) putchar('\n');
}

/* Whether name is among the first k names of seen. */
static int seen_before(char **seen, int k, const char *name)
{
    for (int i = 0; i < k; i++)
        if (!strcmp(seen[i], name)) return 1;
    return 0;
}

int cmd_list(Args *a)
{
    RulesDirs d;
    rules_dirs(&d);
    char **seen = NULL;
    int nseen = 0, shown = 0;
    if (!a->names)
        printf("The games boardvm finds by name (boardvm show NAME), where it looks, in order.\n"
               "-o NAME sets a flag, -o NAME=VALUE an option of several values (the first is "
               "the default).\n");
    for (int i = 0; i < d.n; i++) {
        char **names;
        int n = games_in(d.dir[i], &names);
        if (n && !a->names) printf("\n%s%s:\n", d.dir[i], d.from_env[i] ? " ($BOARDVM_PATH)" : "");
        for (int k = 0; k < n; k++) {
            int hidden = seen_before(seen, nseen, names[k]);
            if (a->names) {
                if (!hidden) printf("%s\n", names[k]);
            } else {
                size_t len = strlen(d.dir[i]) + strlen(names[k]) + sizeof EXT + 1;
                char *path = xmalloc(len, "a rules file's path");
                snprintf(path, len, "%s/%s" EXT, d.dir[i], names[k]);
                Game *g = quietly_loaded(path);
                printf("  %-17s %s", names[k], g ? g->name : "(does not compile: boardvm check");
                if (!g) printf(" %s says why)", path);
                if (hidden) printf(" (hidden: '%s' names the one above)", names[k]);
                putchar('\n');
                if (g) print_options(g);
                game_free(g);
                free(path);
                shown++;
            }
            if (hidden) { free(names[k]); continue; }
            seen = xrealloc(seen, sizeof *seen * (size_t)(nseen + 1), "the games' names");
            seen[nseen++] = names[k];
        }
        free(names);
    }
    if (!a->names && !shown) printf("\nnone: set BOARDVM_PATH to a directory of rules files\n");
    for (int i = 0; i < nseen; i++) free(seen[i]);
    free(seen);
    rules_dirs_free(&d);
    return 0;
}
