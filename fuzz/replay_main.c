/* replay_main.c - runs a libFuzzer harness (fuzz_HARNESS.c) on the files named on its command
 * line, without libFuzzer, so that `make check` can replay tests/fuzz-regress/HARNESS/ with gcc
 * and, in the ASan+UBSan build (tests/run-sanitized.sh), fail on any reproducer that crashes,
 * leaks or trips UBSan again (tests/fuzz-replay.sh; fuzz/run.sh regress does the same with
 * clang and libFuzzer, which CI does not have).
 *
 *   fuzz/replay_HARNESS FILE...
 *
 * As libFuzzer does: LLVMFuzzerInitialize once, if the harness has one, then
 * LLVMFuzzerTestOneInput on each file's bytes, in a buffer of exactly that size (so that a
 * read past the input is a heap overflow under ASan, as it is under libFuzzer). A harness
 * reports a finding by aborting (FZ_CHECK) or through a sanitizer, which ends this process:
 * the lines printed so far (TAP, flushed before each input) say which input it was on.
 * Exit status: 0 when every file was read and run, 1 otherwise.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* weak: a harness without LLVMFuzzerInitialize leaves it NULL */
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

/* The whole file in a malloc'ed buffer of exactly its size (at least 1 byte, so that an empty
 * input is a valid pointer, as libFuzzer gives); NULL if it cannot be read. */
static uint8_t *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            uint8_t *b = realloc(buf, cap *= 2);
            if (!b) free(buf);
            buf = b;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) { free(buf); return NULL; }
    uint8_t *exact = malloc(n ? n : 1);
    if (exact) memcpy(exact, buf, n);
    free(buf);
    *size = n;
    return exact;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE...  (runs this fuzz harness on each file)\n", argv[0]);
        return 2;
    }
    if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
    int passed = 0, failed = 0;
    printf("1..%d\n", argc - 1);
    for (int i = 1; i < argc; i++) {
        size_t size = 0;
        uint8_t *data = slurp(argv[i], &size);
        if (!data) {
            printf("not ok %d - %s: cannot be read\n", i, argv[i]);
            failed++;
            continue;
        }
        /* a crash ends the process: say which input it was on first */
        printf("# running %s (%zu bytes)\n", argv[i], size);
        fflush(stdout);
        LLVMFuzzerTestOneInput(data, size);
        free(data);
        printf("ok %d - %s\n", i, argv[i]);
        passed++;
    }
    printf("# %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
