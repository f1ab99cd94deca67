/* shard.c - `--shard K/N` and the JSON lines of `--jsonl FILE` (shard.h): the writer the
 * commands use and the reader `boardvm merge` uses. The writer writes flat objects of strings
 * and numbers only, and the reader reads exactly that, so neither needs a JSON library. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "oom.h"
#include "shard.h"

int shard_parse(const char *s, int *k, int *n)
{
    char *end;
    if (!isdigit((unsigned char)*s)) return 0;
    errno = 0;
    long kk = strtol(s, &end, 10);
    if (*end != '/' || !isdigit((unsigned char)end[1])) return 0;
    long nn = strtol(end + 1, &end, 10);
    if (*end || errno == ERANGE || kk < 1 || nn < 1 || kk > nn || nn > SHARD_MAX) return 0;
    *k = (int)kk;
    *n = (int)nn;
    return 1;
}

/* ---- writing ------------------------------------------------------------------------------- */

static void put_string(FILE *f, const char *s)
{
    putc('"', f);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\') fprintf(f, "\\%c", *c);
        else if (*c == '\n') fputs("\\n", f);
        else if (*c == '\t') fputs("\\t", f);
        else if (*c == '\r') fputs("\\r", f);
        else if (*c < 0x20 || *c == 0x7f) fprintf(f, "\\u%04x", *c);
        else putc(*c, f);               /* UTF-8 passes through as it is */
    }
    putc('"', f);
}

static void put_key(FILE *f, const char *key)
{
    putc(',', f);
    put_string(f, key);
    putc(':', f);
}

void jsonl_str(FILE *f, const char *key, const char *value)
{
    put_key(f, key);
    put_string(f, value ? value : "");
}

void jsonl_int(FILE *f, const char *key, long long value)
{
    put_key(f, key);
    fprintf(f, "%lld", value);
}

/* 17 significant digits: the number reads back to the same double */
void jsonl_num(FILE *f, const char *key, double value)
{
    put_key(f, key);
    fprintf(f, "%.17g", value);
}

void jsonl_begin(FILE *f, const char *key, long long value)
{
    putc('{', f);
    put_string(f, key);
    fprintf(f, ":%lld", value);
}

void jsonl_end(FILE *f) { fputs("}\n", f); }

/* The options that do not change the games, left out of the run's key. */
static int decides_games(OptionId id)
{
    return id != OPT_SHARD && id != OPT_JSONL && id != OPT_JOBS && id != OPT_RECORD &&
           id != OPT_WRITE && id != OPT_HELP;
}

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif

/* FNV-1a over the compiled game's code words and its start position: two machines whose rules
 * files differ in what the games depend on give different hashes. */
static unsigned long long game_code_hash(const Game *g)
{
    unsigned long long h = 0xcbf29ce484222325ull;
    for (int i = 0; i < g->ncode; i++)
        for (int b = 0; b < 4; b++)
            h = (h ^ ((uint32_t)g->code[i] >> (8 * b) & 255)) * 0x100000001b3ull;
    for (const char *c = g->start ? g->start : ""; *c; c++)
        h = (h ^ (unsigned char)*c) * 0x100000001b3ull;
    return h;
}

void jsonl_code(FILE *f, const Game *g)
{
    char hex[24];
    snprintf(hex, sizeof hex, "%016llx", game_code_hash(g));
    jsonl_str(f, "code", hex);
}

OutFile *jsonl_open_run(const Args *a, const char *command, const char *rules, const Game *g)
{
    if (!a->jsonl) return NULL;
    OutFile *of = outfile_open(a->jsonl);
    if (!of) return NULL;
    size_t cap = 256, len = 0;
    char *key = xmalloc(cap, "the run's key");
    key[0] = 0;
    for (int i = 0; i < a->nitems; i++) {
        const ArgItem *it = &a->items[i];
        if (it->id != OPERAND && !decides_games(it->id)) continue;
        const char *text = it->text ? it->text : "";
        if (it->id == OPERAND && strrchr(text, '/')) text = strrchr(text, '/') + 1;
        size_t tl = strlen(text);      /* "chess.rules" and "chess" name one game */
        if (it->id == OPERAND && tl > 6 && !strcmp(text + tl - 6, ".rules")) tl -= 6;
        size_t need = len + tl + (it->name ? strlen(it->name) : 0) + 8;
        if (need > cap) key = xrealloc(key, cap = 2 * need, "the run's key");
        len += (size_t)sprintf(key + len, "%s%s%s%s%.*s", len ? " " : "",
                               it->id == OPERAND ? "" : "--", it->id == OPERAND ? "" : it->name,
                               it->id == OPERAND || !it->text ? "" : "=", (int)tl, text);
    }
    FILE *f = of->f;
    fputs("{\"boardvm\":", f);
    put_string(f, command);
    jsonl_int(f, "format", 1);
    jsonl_int(f, "shard", a->shard_n ? a->shard_k : 1);
    jsonl_int(f, "shards", a->shard_n ? a->shard_n : 1);
    jsonl_str(f, "rules", rules);
    jsonl_str(f, "run", key);
    jsonl_str(f, "version", PACKAGE_VERSION);
    if (g) jsonl_code(f, g);
    free(key);
    return of;
}

/* ---- reading ------------------------------------------------------------------------------- */

static const char *skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') s++;
    return s;
}

/* A string at s (after its '"') decoded into *out; the character after its closing '"', or NULL. */
static const char *read_string(const char *s, char **out)
{
    char *w = *out;
    for (;;) {
        unsigned char c = (unsigned char)*s++;
        if (!c || c < 0x20) return NULL;
        if (c == '"') break;
        if (c != '\\') { *w++ = (char)c; continue; }
        c = (unsigned char)*s++;
        switch (c) {
        case '"': case '\\': case '/': *w++ = (char)c; break;
        case 'n': *w++ = '\n'; break;
        case 't': *w++ = '\t'; break;
        case 'r': *w++ = '\r'; break;
        case 'b': *w++ = '\b'; break;
        case 'f': *w++ = '\f'; break;
        case 'u': {
            unsigned v = 0;
            for (int i = 0; i < 4; i++) {
                int h = *s++;
                if (!isxdigit(h)) return NULL;
                v = v * 16 + (unsigned)(isdigit(h) ? h - '0' : tolower(h) - 'a' + 10);
            }
            if (v == 0 || (v >= 0xd800 && v < 0xe000)) return NULL;   /* no NUL, no surrogates */
            if (v < 0x80) *w++ = (char)v;
            else if (v < 0x800) { *w++ = (char)(0xc0 | v >> 6); *w++ = (char)(0x80 | (v & 63)); }
            else {
                *w++ = (char)(0xe0 | v >> 12);
                *w++ = (char)(0x80 | ((v >> 6) & 63));
                *w++ = (char)(0x80 | (v & 63));
            }
            break;
        }
        default: return NULL;
        }
    }
    *w++ = 0;
    *out = w;
    return s;
}

int jsonl_parse(const char *line, JsonObj *o, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->buf = xmalloc(strlen(line) + 1 + 2 * JSONL_MAX_MEMBERS, "a line of results");
    char *w = o->buf;
    const char *s = skip_space(line);
    if (*s++ != '{') { snprintf(err, errlen, "not a JSON object"); return 0; }
    s = skip_space(s);
    if (*s == '}') return !*skip_space(s + 1) || (snprintf(err, errlen, "text after '}'"), 0);
    for (;;) {
        if (o->n == JSONL_MAX_MEMBERS) { snprintf(err, errlen, "too many members"); return 0; }
        if (*s++ != '"') { snprintf(err, errlen, "a member's name is not a string"); return 0; }
        o->key[o->n] = w;
        if (!(s = read_string(s, &w))) { snprintf(err, errlen, "a bad string"); return 0; }
        s = skip_space(s);
        if (*s++ != ':') { snprintf(err, errlen, "':' missing"); return 0; }
        s = skip_space(s);
        o->text[o->n] = w;
        if (*s == '"') {
            o->is_string[o->n] = 1;
            if (!(s = read_string(s + 1, &w))) { snprintf(err, errlen, "a bad string"); return 0; }
        } else {
            size_t k = strspn(s, "+-0123456789.eEtruefalsn");
            if (!k) { snprintf(err, errlen, "a value that is not a string or a number"); return 0; }
            memcpy(w, s, k);
            w[k] = 0;
            w += k + 1;
            s += k;
        }
        o->n++;
        s = skip_space(s);
        if (*s == '}') break;
        if (*s++ != ',') { snprintf(err, errlen, "',' or '}' missing"); return 0; }
        s = skip_space(s);
    }
    if (*skip_space(s + 1)) { snprintf(err, errlen, "text after '}'"); return 0; }
    return 1;
}

void jsonl_free(JsonObj *o)
{
    free(o->buf);
    o->buf = NULL;
    o->n = 0;
}

const char *jsonl_get(const JsonObj *o, const char *key)
{
    for (int i = 0; i < o->n; i++)
        if (!strcmp(o->key[i], key)) return o->text[i];
    return NULL;
}

long long jsonl_get_int(const JsonObj *o, const char *key, long long def)
{
    const char *t = jsonl_get(o, key);
    if (!t) return def;
    char *end;
    errno = 0;
    long long v = strtoll(t, &end, 10);
    return end == t || *end || errno ? def : v;
}

double jsonl_get_num(const JsonObj *o, const char *key, double def)
{
    const char *t = jsonl_get(o, key);
    if (!t) return def;
    char *end;
    double v = strtod(t, &end);
    return end == t || *end ? def : v;
}
