/* testupdate.c - `boardvm test --update FILE.test...`: rewrite the `moves:` and `perft:` values
 * of every case with what the rules files give now.
 *
 * Why: after a deliberate change to a rules file, the expected values of its regression cases
 * must follow; typing them by hand invites copying mistakes. Such values only guard against
 * unintended change: they are whatever the generator does today, right or wrong. The checks that
 * prove a rule (published perft counts, hand-worked cases, independent generators) stay the
 * proof, and this mode never writes a value for a case that does not already ask for one.
 *
 * Only keys written in a case itself are rewritten (file-level keys and `error:`/search cases
 * are left alone); `perft:` keeps its number of depths. The file is rewritten only when every
 * case could be computed, whole or not at all (outfile.c). Exit status 0, 1 when a
 * case could not be computed (nothing written), 2 when a file could not be read or written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena.h"
#include "commands.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "session.h"
#include "testfile.h"
#include "oom.h"
#include "outfile.h"
#include "protect.h"

#define MAX_PERFT_DEPTHS 32         /* as many as the test runner reads */
#define WRAP_COLUMN 96              /* move lists are wrapped like the hand-written ones */

typedef struct { int first, last; char *text; } Replacement;   /* lines first..last (1-based) */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "moves:" and the sorted legal moves, wrapped on continuation lines indented two spaces. */
static char *moves_text(Game *g, Pos *p, int *count)
{
    MoveList *mlp = pos_list(p, 0);
    node_moves(p, mlp);
    MoveList ml = *mlp;
    char **s = malloc(sizeof *s * (size_t)(ml.n + 1));
    size_t total = 16;
    if (!s) out_of_memory("s in moves_text()");
    for (int i = 0; i < ml.n; i++) {
        s[i] = malloc(MOVE_STR_MAX);
        if (!s[i]) out_of_memory("s[i] in moves_text()");
        move_string(g, &ml, &ml.m[i], s[i], MOVE_STR_MAX);
        total += strlen(s[i]) + 4;
    }
    qsort(s, (size_t)ml.n, sizeof *s, cmp_str);
    char *out = malloc(total), *o = out;
    if (!out) out_of_memory("out in moves_text()");
    o += sprintf(o, "moves:");
    int col = WRAP_COLUMN;          /* start a new line before the first move */
    for (int i = 0; i < ml.n; i++) {
        size_t l = strlen(s[i]);
        if (col + 1 + (int)l > WRAP_COLUMN) { o += sprintf(o, "\n  %s", s[i]); col = 2 + (int)l; }
        else { o += sprintf(o, " %s", s[i]); col += 1 + (int)l; }
        free(s[i]);
    }
    free(s);
    *count = ml.n;
    return out;
}

/* "perft:" and the counts of depths 1..depths. The counts come first: a runtime error of the
 * rules code jumps out of perft(), and must find nothing allocated here. */
static char *perft_text(Pos *p, int depths)
{
    unsigned long long count[MAX_PERFT_DEPTHS];
    for (int d = 1; d <= depths; d++) count[d - 1] = perft(p, d, 0);
    char *out = xmalloc(16 + (size_t)depths * 21, "out in perft_text()"), *o = out;
    o += sprintf(o, "perft:");
    for (int d = 1; d <= depths; d++) o += sprintf(o, " %llu", count[d - 1]);
    return out;
}

static int is_indented(const char *line) { return line[0] == ' ' || line[0] == '\t'; }

/* The lines a key's value spans, as the parser reads them (testrun.c): its own line and the
 * indented continuation lines after it, across comment lines, up to a blank line or a key. */
static int value_end(char **lines, int nlines, int first)
{
    int last = first;               /* 1-based number of the last line of the value */
    for (int l = first; l < nlines && (is_indented(lines[l]) || lines[l][0] == '#'); l++)
        if (is_indented(lines[l])) last = l + 1;
    return last;
}

/* The first line after the key's line, up to last, that holds a comment; 0 if none. A value is
 * rewritten whole, and a comment inside it would be lost. */
static int comment_inside(char **lines, int first, int last)
{
    for (int l = first + 1; l <= last; l++)
        if (test_comment(lines[l - 1])) return l;
    return 0;
}

/* text with the comment of the key's line (if any) after its first line: in the column where
 * it stood, or two spaces after a longer line. */
static char *keep_key_comment(char *text, const char *key_line)
{
    const char *comment = test_comment(strchr(key_line, ':') + 1);
    if (!comment) return text;
    int first = (int)strcspn(text, "\n"), column = (int)(comment - key_line);
    int pad = first + 2 <= column ? column - first : 2;
    char *out = xmalloc(strlen(text) + (size_t)pad + strlen(comment) + 1, "a value's comment");
    sprintf(out, "%.*s%*s%s%s", first, text, pad, "", comment, text + first);
    free(text);
    return out;
}

static int word_count(const char *s)
{
    int n = 0;
    for (const char *t = s; *t; ) {
        while (*t == ' ' || *t == '\t' || *t == '\n') t++;
        if (!*t) break;
        n++;
        while (*t && *t != ' ' && *t != '\t' && *t != '\n') t++;
    }
    return n;
}

typedef struct {                    /* what one file's update gathers */
    char **lines; int nlines;
    Replacement *rep; int nrep;     /* the values that change */
    int unchanged;
} Update;

/* The words of a value, sorted: two values are the same when these are (moves compare as
 * multisets, and a `perft:` list's order is fixed anyway: only moves are reordered). */
static char *sorted_words(const char *val, int sort)
{
    char *copy = xstrdup(val, "copy in sorted_words()"), *out = malloc(strlen(val) + 2);
    char **w = malloc(sizeof *w * (strlen(val) / 2 + 2));
    if (!copy || !out || !w) out_of_memory("copy and out and w in sorted_words()");
    int n = 0;
    for (char *t = strtok(copy, " \t\n"); t; t = strtok(NULL, " \t\n")) w[n++] = t;
    if (sort) qsort(w, (size_t)n, sizeof *w, cmp_str);
    char *o = out;
    *o = 0;
    for (int i = 0; i < n; i++) o += sprintf(o, "%s%s", i ? " " : "", w[i]);
    free(w); free(copy);
    return out;
}

/* Replace the value of the key kv (lines kv->line..) by text ("key: ...") when the value is a
 * different one; a value that is only laid out differently (hand-grouped moves) is kept. 0
 * after a message when it cannot be rewritten whole. */
static int replace_value(Update *u, const Case *c, const Kv *kv, char *text)
{
    int is_moves = !strcmp(kv->key, "moves");
    char *old = sorted_words(kv->val, is_moves);
    char *now = sorted_words(strchr(text, ':') + 1, is_moves);
    int same = !strcmp(old, now);
    free(old); free(now);
    if (same) { u->unchanged++; free(text); return 1; }
    int last = value_end(u->lines, u->nlines, kv->line);
    int comment = comment_inside(u->lines, kv->line, last);
    if (comment) {
        fprintf(stderr, "%s:%d: case '%s': the %s value changed, but a comment inside it (line "
                "%d) would be lost: move the comment above the key\n", c->file, kv->line,
                c->name, kv->key, comment);
        free(text);
        return 0;
    }
    Replacement *r = &u->rep[u->nrep++];
    r->first = kv->line;
    r->last = last;
    r->text = keep_key_comment(text, u->lines[kv->line - 1]);
    printf("%s:%d: case '%s': %s changed\n", c->file, kv->line, c->name, kv->key);
    return 1;
}

/* The case's position and its new values; 0 after a message. A runtime error of the rules code
 * ends it in protected_run (update_case). */
static int compute_values(Update *u, const Case *c, Game *g, Pos *p, const Kv *moves,
                          const Kv *perft_kv);

/* compute_values under protected_run: a runtime error of the rules code fails the case */
typedef struct {
    Update *u;
    const Case *c;
    Game *g;
    const Kv *moves, *perft_kv;
    int ok;
} ComputeRun;

static void compute_run(Pos *p, void *ctx)
{
    ComputeRun *r = ctx;
    r->ok = compute_values(r->u, r->c, r->g, p, r->moves, r->perft_kv);
}

static int compute_values(Update *u, const Case *c, Game *g, Pos *p, const Kv *moves,
                          const Kv *perft_kv)
{
    char err[300];
    if (!case_position(c, g, p, err, sizeof err)) {
        fprintf(stderr, "%s:%d: case '%s': %s\n", c->file, c->line, c->name, err);
        return 0;
    }
    int count, ok = 1;
    int perft_first = perft_kv && (!moves || perft_kv->line < moves->line);   /* in file order */
    if (perft_first) ok &= replace_value(u, c, perft_kv, perft_text(p, word_count(perft_kv->val)));
    if (moves) ok &= replace_value(u, c, moves, moves_text(g, p, &count));
    if (perft_kv && !perft_first)
        ok &= replace_value(u, c, perft_kv, perft_text(p, word_count(perft_kv->val)));
    return ok;
}

/* `perft:` holds 1 to MAX_PERFT_DEPTHS numbers, as the test runner reads it (its number of
 * words is the depth to count to: a word that is no number must not add a depth). */
static int perft_counts_valid(const Case *c, const Kv *perft_kv)
{
    int n = word_count(perft_kv->val);
    if (n < 1 || n > MAX_PERFT_DEPTHS) {
        fprintf(stderr, "%s:%d: `perft:` needs its counts (any numbers, at most %d): their "
                "number is the depth to count to\n", c->file, perft_kv->line, MAX_PERFT_DEPTHS);
        return 0;
    }
    const char *v = perft_kv->val;
    for (int i = 0; i < n; i++) {
        v += strspn(v, " \t\n");
        size_t len = strcspn(v, " \t\n");
        if (strspn(v, "0123456789") != len) {
            fprintf(stderr, "%s:%d: `perft:` '%.*s' is not a number\n", c->file,
                    perft_kv->line, (int)len, v);
            return 0;
        }
        v += len;
    }
    return 1;
}

/* Compute the new values of one case; 0 after a message. */
static int update_case(Update *u, const Case *c)
{
    /* the case's own keys (below its `case:` line) */
    const Kv *moves = NULL, *perft_kv = NULL;
    for (int i = 0; i < c->nkv; i++) {
        if (c->kv[i].line <= c->line) continue;
        if (!strcmp(c->kv[i].key, "moves")) moves = &c->kv[i];
        if (!strcmp(c->kv[i].key, "perft")) perft_kv = &c->kv[i];
    }
    if ((!moves && !perft_kv) || case_get(c, "error")) return 1;
    if (perft_kv && !perft_counts_valid(c, perft_kv)) return 0;
    char *rules, *messages;
    Game *g = case_game(c, &rules, &messages);
    if (!g) {
        fprintf(stderr, "%s:%d: case '%s': %s does not compile\n%s", c->file, c->line, c->name,
                rules ? rules : "the rules file", messages ? messages : "");
        free(rules); free(messages);
        return 0;
    }
    free(messages); free(rules);
    Pos *p = pos_new(g);
    ComputeRun r = { u, c, g, moves, perft_kv, 0 };
    if (protected_run(p, compute_run, &r)) {
        fprintf(stderr, "%s:%d: case '%s': %s\n", c->file, c->line, c->name, p->errmsg);
        r.ok = 0;
    }
    int ok = r.ok;
    pos_free(p);
    game_free(g);
    return ok;
}

/* The file with its new values, written whole or not at all (outfile.c); 0, or 2 after a
 * message. A symbolic link stays one: the file it leads to is replaced. */
static int write_updated(const char *path, const Update *u)
{
    OutFile *out = outfile_open(path);
    if (!out) return 2;
    for (int l = 1; l <= u->nlines; ) {
        const Replacement *r = NULL;
        for (int k = 0; k < u->nrep; k++) if (u->rep[k].first == l) r = &u->rep[k];
        if (r) { fprintf(out->f, "%s\n", r->text); l = r->last + 1; }
        else fprintf(out->f, "%s\n", u->lines[l++ - 1]);
    }
    return outfile_close(out) == 0 ? 0 : 2;
}

static int update_file(const char *path)
{
    Arena ar; arena_init(&ar);
    Case *cases = NULL; int ncases = 0;
    if (!parse_test_file(&ar, path, &cases, &ncases)) { arena_free(&ar); return 2; }
    size_t len;
    char *text = read_file(path, &len);
    if (!text) { free(cases); arena_free(&ar); return 2; }
    /* the file as lines (1-based numbers as the parser counts them; "\r" kept out) */
    int nlines = 0, cap = 64;
    char **lines = malloc(sizeof *lines * (size_t)cap);
    if (!lines) out_of_memory("lines in update_file()");
    for (char *l = text, *next; l; l = next) {
        next = strchr(l, '\n');
        if (next) *next++ = 0;
        size_t ll = strlen(l);
        if (ll && l[ll - 1] == '\r') l[ll - 1] = 0;
        if (!next && !*l) break;                  /* the empty remainder after a final newline */
        if (nlines == cap) {
            cap *= 2;
            lines = xrealloc(lines, sizeof *lines * (size_t)cap, "lines in update_file()");
        }
        lines[nlines++] = l;
    }
    Update u = { lines, nlines, malloc(sizeof(Replacement) * (size_t)(2 * ncases + 1)), 0, 0 };
    if (!u.rep) out_of_memory("u.rep in update_file()");
    int ok = 1;
    for (int i = 0; i < ncases; i++) ok &= update_case(&u, &cases[i]);
    int status = 0;
    if (!ok) {
        fprintf(stderr, "boardvm: %s: not rewritten (a case could not be computed or "
                "rewritten)\n", path);
        status = 1;
    } else if (u.nrep) status = write_updated(path, &u);
    if (!status)
        printf("%s: %d value%s changed, %d unchanged\n", path, u.nrep, u.nrep == 1 ? "" : "s",
               u.unchanged);
    for (int k = 0; k < u.nrep; k++) free(u.rep[k].text);
    free(u.rep); free(lines); free(text); free(cases);
    arena_free(&ar);
    return status;
}

int cmd_test_update(Args *a)
{
    int worst = 0;
    for (int i = 1; i < a->npos; i++) {
        int st = update_file(a->pos[i]);
        if (st > worst) worst = st;
    }
    return worst;
}
